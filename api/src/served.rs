//! Served resources: the [`Resource`] traits every served kind implements (through
//! [`impl_resource!`](crate::impl_resource), which the generator writes for each `+genclient`
//! kind), the type-erased [`ResourceInfo`] built from them, and `resources()`, every served
//! resource of the enabled groups (the implementations and the table with the `resources`
//! feature, which kapi-client turns on). Clients and servers both stand on these.
//!
//! They live in this crate rather than `kapi-api-base` because a kind's subresources name kinds of
//! other groups (core's `pods/eviction` takes a `policy/v1` `Eviction`), which only this crate,
//! above every part crate, can see; and only the crate that defines the traits may implement them
//! for the part crates' types.

use kapi_machinery::schema::HasSchema;
use kapi_machinery::{Kind, Object, VersionedKind};

use crate::meta::v1::{ListMeta, ObjectMeta};

pub use kapi_api_base::meta::resource::{ListParts, NewListFn, Objects, ResourceInfo, SplitListFn};
pub use kapi_machinery::resource::{GroupVersionResource, KindInfo, OWN_KIND_SUBRESOURCE_VERBS, Subresource};

pub use crate::impl_resource;

// Behind the `resources` feature: a program that only encodes and decodes the types compiles no
// kind's `Resource` implementation.
#[cfg(feature = "resources")]
#[rustfmt::skip]
#[path = "../generated/resources.rs"]
mod generated;

#[cfg(feature = "resources")]
pub use generated::resources;

/// Where the objects of a resource live: [`NamespaceResourceScope`] or [`ClusterResourceScope`].
/// Sealed: a resource is one or the other, and constructors such as `kapi_client::Api::namespaced`
/// are only there for the scope they fit, so a wrong scope is a compile error.
pub trait ResourceScope: sealed::Sealed + Send + Sync + 'static {
    /// Whether objects live in namespaces.
    const NAMESPACED: bool;
}

/// The scope of resources whose objects live in namespaces (`pods`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum NamespaceResourceScope {}

/// The scope of cluster-wide resources (`nodes`, `validatingwebhookconfigurations`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ClusterResourceScope {}

impl ResourceScope for NamespaceResourceScope {
    const NAMESPACED: bool = true;
}

impl ResourceScope for ClusterResourceScope {
    const NAMESPACED: bool = false;
}

mod sealed {
    pub trait Sealed {}
    impl Sealed for super::NamespaceResourceScope {}
    impl Sealed for super::ClusterResourceScope {}
}

/// A kind served as a REST resource; its schema (list types, merge keys) drives patches and apply.
pub trait Resource: VersionedKind + HasSchema {
    /// The plural resource name in URLs (`validatingwebhookconfigurations`).
    const RESOURCE: &'static str;
    /// Namespaced or cluster-scoped, as a type: what the scope-specific constructors of
    /// kapi-client's `Api` and `Client` are bounded by.
    /// (Whether objects live in namespaces is `R::Scope::NAMESPACED`.)
    type Scope: ResourceScope;
    /// Whether the server speaks protobuf for this resource.
    const PROTOBUF: bool;
    /// The verbs the resource supports (`create`, `update`, `delete`, `deletecollection`, `get`,
    /// `list`, `watch`, `patch`, `apply`).
    const VERBS: &'static [&'static str];
    /// Subresources (`status`, `scale`, …), with their verbs and the kinds of their bodies.
    const SUBRESOURCES: &'static [Subresource];
    /// Short names clients accept for the resource (`po` for `pods`), as discovery lists them.
    const SHORT_NAMES: &'static [&'static str] = &[];
    /// The categories the resource belongs to (`all`), as discovery lists them.
    const CATEGORIES: &'static [&'static str] = &[];
    /// Whether the kind's validation checks `metadata.name` with a rule of its own (the
    /// `+ownNameRule` marker), so a server does not check its names as DNS subdomains.
    const OWN_NAME_RULE: bool = false;
    /// Whether requests ask for the objects reduced to their metadata (`PartialObjectMetadata`):
    /// true for kapi-client's `PartialObjectMeta` only, false for every kind of its own.
    const METADATA_ONLY: bool = false;

    /// The object's metadata.
    fn metadata(&self) -> &ObjectMeta;
    /// Mutable access to the object's metadata.
    fn metadata_mut(&mut self) -> &mut ObjectMeta;
}

/// A resource with a list kind: what `list`, `watch`, `deletecollection`, informers and listers
/// need. Create-only resources (`TokenReview`) are [`Resource`]s without one.
pub trait Listable: Resource {
    /// The list kind of the resource.
    type List: ListResource<Item = Self>;
}

/// The list kind of a resource.
pub trait ListResource: VersionedKind {
    /// The item type.
    type Item: Listable<List = Self>;
    /// The list's metadata.
    fn list_meta(&self) -> &ListMeta;
    /// Mutable access to the list's metadata.
    fn list_meta_mut(&mut self) -> &mut ListMeta;
    /// The items.
    fn items(&self) -> &[Self::Item];
    /// Takes the items out.
    fn into_items(self) -> Vec<Self::Item>;
    /// Replaces the items.
    fn set_items(&mut self, items: Vec<Self::Item>);
}

/// Builds a [`ResourceInfo`] from a resource's static description: `ResourceInfo::of::<R>()`
/// with this trait in scope. (`ResourceInfo` lives in `kapi-api-base`, below the traits, so its
/// constructors from them come as a trait.)
pub trait ResourceInfoExt {
    /// The description of a resource with a list kind.
    fn of<R: Listable>() -> ResourceInfo;
    /// The description of a resource without a list kind (create-only resources).
    fn of_unlisted<R: Resource>() -> ResourceInfo;
}

impl ResourceInfoExt for ResourceInfo {
    fn of<R: Listable>() -> ResourceInfo {
        ResourceInfo {
            list_kind: Some(<R::List as Kind>::KIND),
            new_list: Some(|items, meta| {
                let mut list = R::List::default();
                *list.list_meta_mut() = meta;
                list.set_items(
                    items.into_iter().filter_map(|o| o.into_any().downcast::<R>().ok().map(|b| *b)).collect(),
                );
                if let Some(tm) = list.kind_type_meta_mut() {
                    tm.set_gvk(&<R::List as Kind>::static_gvk());
                }
                Box::new(list)
            }),
            split_list: Some(|obj| {
                let list = obj.into_any().downcast::<R::List>().ok()?;
                let meta = list.list_meta().clone();
                let items = list.into_items().into_iter().map(|i| Box::new(i) as Box<dyn Object>).collect();
                Some((items, meta))
            }),
            ..Self::of_unlisted::<R>()
        }
    }

    fn of_unlisted<R: Resource>() -> ResourceInfo {
        ResourceInfo {
            group: R::GROUP,
            version: R::VERSION,
            resource: R::RESOURCE,
            kind: R::KIND,
            list_kind: None,
            namespaced: R::Scope::NAMESPACED,
            protobuf: R::PROTOBUF,
            verbs: R::VERBS,
            subresources: R::SUBRESOURCES,
            short_names: R::SHORT_NAMES,
            categories: R::CATEGORIES,
            own_name_rule: R::OWN_NAME_RULE,
            new_object: || Box::new(R::default()),
            metadata: |o| o.as_any().downcast_ref::<R>().map(R::metadata),
            metadata_mut: |o| o.as_any_mut().downcast_mut::<R>().map(R::metadata_mut),
            new_list: None,
            split_list: None,
            schema: R::schema,
        }
    }
}

/// The `items` field of a list kind: a slice, or a nullable one (`Option<Vec<T>>`, written as
/// `null` when unset).
pub trait ItemsField<T> {
    /// The items.
    fn as_slice(&self) -> &[T];
    /// Takes the items.
    fn into_vec(self) -> Vec<T>;
    /// The field holding these items.
    fn from_vec(items: Vec<T>) -> Self;
}

impl<T> ItemsField<T> for Vec<T> {
    fn as_slice(&self) -> &[T] {
        self
    }
    fn into_vec(self) -> Vec<T> {
        self
    }
    fn from_vec(items: Vec<T>) -> Self {
        items
    }
}

impl<T> ItemsField<T> for Option<Vec<T>> {
    fn as_slice(&self) -> &[T] {
        self.as_deref().unwrap_or_default()
    }
    fn into_vec(self) -> Vec<T> {
        self.unwrap_or_default()
    }
    fn from_vec(items: Vec<T>) -> Self {
        Some(items)
    }
}

/// Implements [`Resource`], [`Listable`] and [`ListResource`] for a kind and its list kind whose
/// metadata fields are `metadata` and whose list holds `items`; `impl_resource!(unlisted Kind, …)`
/// implements only [`Resource`], for create-only kinds without a list kind. Generated code calls this for every kind marked
/// `+genclient` (`api/generated/resources.rs`); users may call it for kinds of their own.
///
/// Subresources are a name (`"status"`: bodies of the kind itself, see [`Subresource::own_kind`])
/// or a name with its verbs and kinds:
/// `"scale" { verbs = ["get", "update", "patch"], inputs = [Scale], result = Scale }`.
/// Short names and categories may follow: `short_names = ["po"], categories = ["all"]`.
#[macro_export]
macro_rules! impl_resource {
    (
        unlisted $ty:ty, resource = $res:literal, namespaced = $ns:tt, protobuf = $pb:literal,
        verbs = [$($verb:literal),* $(,)?],
        subresources = [$($sub:literal $({ $($spec:tt)* })?),* $(,)?] $(,)?
        $(short_names = [$($short:literal),* $(,)?], categories = [$($category:literal),* $(,)?] $(,)?)?
        $(own_name_rule = $own:literal $(,)?)?
    ) => {
        // Every method `#[inline]`: methods of a concrete kind's impl are otherwise compiled (with
        // the kind's drop code) wherever the macro expands, so a clientset of every kind would
        // pay for all of them in each build of kapi-client, used or not.
        impl $crate::served::Resource for $ty {
            const RESOURCE: &'static str = $res;
            type Scope = $crate::__kapi_resource_scope!($ns);
            const PROTOBUF: bool = $pb;
            const VERBS: &'static [&'static str] = &[$($verb),*];
            const SUBRESOURCES: &'static [$crate::served::Subresource] =
                &[$($crate::__kapi_subresource!($ty, $sub $({ $($spec)* })?)),*];
            $(
                const SHORT_NAMES: &'static [&'static str] = &[$($short),*];
                const CATEGORIES: &'static [&'static str] = &[$($category),*];
            )?
            $(const OWN_NAME_RULE: bool = $own;)?
            #[inline]
            fn metadata(&self) -> &$crate::meta::v1::ObjectMeta {
                &self.metadata
            }
            #[inline]
            fn metadata_mut(&mut self) -> &mut $crate::meta::v1::ObjectMeta {
                &mut self.metadata
            }
        }
    };
    (
        $ty:ty, $list:ty, resource = $res:literal, namespaced = $ns:tt, protobuf = $pb:literal,
        verbs = [$($verb:literal),* $(,)?],
        subresources = [$($sub:literal $({ $($spec:tt)* })?),* $(,)?] $(,)?
        $(short_names = [$($short:literal),* $(,)?], categories = [$($category:literal),* $(,)?] $(,)?)?
        $(own_name_rule = $own:literal $(,)?)?
    ) => {
        $crate::impl_resource!(
            unlisted $ty, resource = $res, namespaced = $ns, protobuf = $pb,
            verbs = [$($verb),*], subresources = [$($sub $({ $($spec)* })?),*],
            $(short_names = [$($short),*], categories = [$($category),*],)?
            $(own_name_rule = $own,)?
        );
        impl $crate::served::Listable for $ty {
            type List = $list;
        }
        impl $crate::served::ListResource for $list {
            type Item = $ty;
            #[inline]
            fn list_meta(&self) -> &$crate::meta::v1::ListMeta {
                &self.metadata
            }
            #[inline]
            fn list_meta_mut(&mut self) -> &mut $crate::meta::v1::ListMeta {
                &mut self.metadata
            }
            #[inline]
            fn items(&self) -> &[$ty] {
                $crate::served::ItemsField::as_slice(&self.items)
            }
            #[inline]
            fn into_items(self) -> ::std::vec::Vec<$ty> {
                $crate::served::ItemsField::into_vec(self.items)
            }
            #[inline]
            fn set_items(&mut self, items: ::std::vec::Vec<$ty>) {
                self.items = $crate::served::ItemsField::from_vec(items);
            }
        }
    };
}

/// The scope type of `namespaced = true` or `false` in [`impl_resource!`].
#[doc(hidden)]
#[macro_export]
macro_rules! __kapi_resource_scope {
    (true) => {
        $crate::served::NamespaceResourceScope
    };
    (false) => {
        $crate::served::ClusterResourceScope
    };
}

/// One entry of a [`impl_resource!`] subresource list.
#[doc(hidden)]
#[macro_export]
macro_rules! __kapi_subresource {
    ($ty:ty, $sub:literal) => {
        $crate::served::Subresource::own_kind::<$ty>($sub)
    };
    (
        $ty:ty, $sub:literal {
            verbs = [$($verb:literal),* $(,)?], inputs = [$($input:ty),* $(,)?], result = $result:ty $(,)?
        }
    ) => {
        $crate::served::Subresource {
            name: $sub,
            verbs: &[$($verb),*],
            inputs: &[$($crate::served::KindInfo::of::<$input>()),*],
            result: $crate::served::KindInfo::of::<$result>(),
        }
    };
}
