//! What a client needs to know about a served resource, statically ([`Resource`], implemented by
//! generated code for every served kind), the type-erased [`ResourceInfo`] built from it (for
//! servers and trackers that handle any registered resource by URL), and the [`Registry`] they
//! are told about resources through.
//!
//! The plain facts (`ResourceInfo`, `KindInfo`, `Subresource`, `GroupVersionResource`) live below
//! the client, in `kapi_api::meta::resource` and `kapi_machinery::resource`, so that a server
//! uses them without this crate; they are re-exported here.

use kapi_api::meta::v1::{ListMeta, ObjectMeta};
use kapi_machinery::schema::HasSchema;
use kapi_machinery::{Kind, Object, SchemeError, VersionedKind};

pub use kapi_api::meta::resource::{ListParts, NewListFn, Objects, ResourceInfo, SplitListFn};
pub use kapi_machinery::resource::{GroupVersionResource, KindInfo, OWN_KIND_SUBRESOURCE_VERBS, Subresource};

/// Where the objects of a resource live: [`NamespaceResourceScope`] or [`ClusterResourceScope`].
/// Sealed: a resource is one or the other, and constructors such as [`crate::Api::namespaced`]
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
    /// [`crate::Api`] and [`crate::Client`] are bounded by.
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
    /// Whether requests ask for the objects reduced to their metadata (`PartialObjectMetadata`):
    /// true for [`crate::metadata::PartialObjectMeta`] only, false for every kind of its own.
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

/// Something that serves resources by type, such as kapi-testing's in-process API server. The
/// generated clientset registers its resources through this trait, so that the client does not
/// depend on any server.
pub trait Registry {
    /// Serves the resource of `R`, adding `R` and its list kind to the scheme bodies are decoded with.
    fn register<R: Listable>(&self) -> Result<(), SchemeError>;
    /// Serves a create-only resource without a list kind, adding `R` to the scheme.
    fn register_unlisted<R: Resource>(&self) -> Result<(), SchemeError>;
}

/// Servers are shared as `Arc`s (the client holds one as its service), so `register_all(&server)`
/// works on the shared handle too.
impl<T: Registry + ?Sized> Registry for std::sync::Arc<T> {
    fn register<R: Listable>(&self) -> Result<(), SchemeError> {
        (**self).register::<R>()
    }

    fn register_unlisted<R: Resource>(&self) -> Result<(), SchemeError> {
        (**self).register_unlisted::<R>()
    }
}

/// Builds a [`ResourceInfo`] from a resource's static description: `ResourceInfo::of::<R>()`
/// with this trait in scope. (`ResourceInfo` lives below the client, so these constructors,
/// which need the client's [`Resource`] traits, come as a trait.)
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
/// metadata fields are `metadata` and whose list holds `items`; `resource!(unlisted Kind, …)`
/// implements only [`Resource`], for create-only kinds without a list kind. Generated clientsets call this for every served
/// kind; users call it for their own kinds.
///
/// Subresources are a name (`"status"`: bodies of the kind itself, see [`Subresource::own_kind`])
/// or a name with its verbs and kinds:
/// `"scale" { verbs = ["get", "update", "patch"], inputs = [Scale], result = Scale }`.
/// Short names and categories may follow: `short_names = ["po"], categories = ["all"]`.
#[macro_export]
macro_rules! resource {
    (
        unlisted $ty:ty, resource = $res:literal, namespaced = $ns:tt, protobuf = $pb:literal,
        verbs = [$($verb:literal),* $(,)?],
        subresources = [$($sub:literal $({ $($spec:tt)* })?),* $(,)?] $(,)?
        $(short_names = [$($short:literal),* $(,)?], categories = [$($category:literal),* $(,)?] $(,)?)?
    ) => {
        // Every method `#[inline]`: methods of a concrete kind's impl are otherwise compiled (with
        // the kind's drop code) wherever the macro expands, so a clientset of every kind would
        // pay for all of them in each build of kapi-client, used or not.
        impl $crate::Resource for $ty {
            const RESOURCE: &'static str = $res;
            type Scope = $crate::__resource_scope!($ns);
            const PROTOBUF: bool = $pb;
            const VERBS: &'static [&'static str] = &[$($verb),*];
            const SUBRESOURCES: &'static [$crate::resource::Subresource] =
                &[$($crate::__subresource!($ty, $sub $({ $($spec)* })?)),*];
            $(
                const SHORT_NAMES: &'static [&'static str] = &[$($short),*];
                const CATEGORIES: &'static [&'static str] = &[$($category),*];
            )?
            #[inline]
            fn metadata(&self) -> &$crate::__private::ObjectMeta {
                &self.metadata
            }
            #[inline]
            fn metadata_mut(&mut self) -> &mut $crate::__private::ObjectMeta {
                &mut self.metadata
            }
        }
    };
    (
        $ty:ty, $list:ty, resource = $res:literal, namespaced = $ns:tt, protobuf = $pb:literal,
        verbs = [$($verb:literal),* $(,)?],
        subresources = [$($sub:literal $({ $($spec:tt)* })?),* $(,)?] $(,)?
        $(short_names = [$($short:literal),* $(,)?], categories = [$($category:literal),* $(,)?] $(,)?)?
    ) => {
        $crate::resource!(
            unlisted $ty, resource = $res, namespaced = $ns, protobuf = $pb,
            verbs = [$($verb),*], subresources = [$($sub $({ $($spec)* })?),*],
            $(short_names = [$($short),*], categories = [$($category),*],)?
        );
        impl $crate::Listable for $ty {
            type List = $list;
        }
        impl $crate::ListResource for $list {
            type Item = $ty;
            #[inline]
            fn list_meta(&self) -> &$crate::__private::ListMeta {
                &self.metadata
            }
            #[inline]
            fn list_meta_mut(&mut self) -> &mut $crate::__private::ListMeta {
                &mut self.metadata
            }
            #[inline]
            fn items(&self) -> &[$ty] {
                $crate::resource::ItemsField::as_slice(&self.items)
            }
            #[inline]
            fn into_items(self) -> ::std::vec::Vec<$ty> {
                $crate::resource::ItemsField::into_vec(self.items)
            }
            #[inline]
            fn set_items(&mut self, items: ::std::vec::Vec<$ty>) {
                self.items = $crate::resource::ItemsField::from_vec(items);
            }
        }
    };
}

/// The scope type of `namespaced = true` or `false` in [`resource!`].
#[doc(hidden)]
#[macro_export]
macro_rules! __resource_scope {
    (true) => {
        $crate::resource::NamespaceResourceScope
    };
    (false) => {
        $crate::resource::ClusterResourceScope
    };
}

/// One entry of a [`resource!`] subresource list.
#[doc(hidden)]
#[macro_export]
macro_rules! __subresource {
    ($ty:ty, $sub:literal) => {
        $crate::resource::Subresource::own_kind::<$ty>($sub)
    };
    (
        $ty:ty, $sub:literal {
            verbs = [$($verb:literal),* $(,)?], inputs = [$($input:ty),* $(,)?], result = $result:ty $(,)?
        }
    ) => {
        $crate::resource::Subresource {
            name: $sub,
            verbs: &[$($verb),*],
            inputs: &[$($crate::resource::KindInfo::of::<$input>()),*],
            result: $crate::resource::KindInfo::of::<$result>(),
        }
    };
}
