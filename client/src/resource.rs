//! What a client knows about a served resource, re-exported from below the client
//! (`kapi_api::served`: the [`Resource`] traits that generated code implements for every
//! served kind, and the type-erased [`ResourceInfo`]), and the [`Registry`] a generated
//! clientset tells a server about its resources through.

use kapi_machinery::SchemeError;

pub use kapi_api::served::{
    ClusterResourceScope, GroupVersionResource, ItemsField, KindInfo, ListParts, ListResource, Listable,
    NamespaceResourceScope, NewListFn, OWN_KIND_SUBRESOURCE_VERBS, Objects, Resource, ResourceInfo, ResourceInfoExt,
    ResourceScope, SplitListFn, Subresource,
};

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

/// Implements kapi-api's [`Resource`], [`Listable`] and [`ListResource`] for a kind of one's own:
/// the same as [`kapi_api::impl_resource!`], which generated code calls for every
/// kind marked `+genclient` (see there for the syntax).
#[macro_export]
macro_rules! resource {
    ($($input:tt)*) => {
        $crate::__private::impl_resource!($($input)*);
    };
}
