//! Kubernetes clients for kapi types: the runtime that generated typed clientsets, listers,
//! informers and fake clients are built on.

pub mod body;
pub mod error;
pub mod event;
pub mod resource;

pub use error::{Error, StatusError};
pub use event::{EventStream, ListWatch, WatchEvent};
pub use resource::{GroupVersionResource, ListParts, ListResource, Objects, Resource, ResourceInfo};

#[doc(hidden)]
pub mod __private {
    pub use kapi_api::meta::v1::{ListMeta, ObjectMeta};
}
