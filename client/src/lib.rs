//! Kubernetes clients for kapi types: the runtime that generated typed clientsets, listers,
//! informers and fake clients are built on.

extern crate self as kapi_client;

pub mod body;
pub mod client;
pub mod clientset;
pub mod config;
pub mod error;
pub mod event;
pub mod factory;
pub mod informer;
pub mod kubeconfig;
pub mod labels;
pub mod lister;
pub mod options;
pub mod pem;
pub mod reflector;
pub mod resource;
pub mod server;
pub mod service;
pub mod store;
pub mod tls;
pub mod tracker;
pub mod transport;
pub mod warning;
pub mod watch;

pub use client::{Api, Client, ContentType, DeleteResponse, Patch, Response};
pub use config::{Auth, Config, PemSource, TlsConfig};
pub use error::{Error, StatusError};
pub use event::{EventStream, ListWatch, WatchEvent};
pub use kubeconfig::Kubeconfig;
pub use options::{Query, ToQuery};
pub use resource::{GroupVersionResource, ListParts, ListResource, Listable, Objects, Resource, ResourceInfo};
pub use service::{ResponseFuture, Service};
pub use transport::Transport;
pub use warning::{Warning, WarningHandler};
pub use watch::{StreamFormat, WatchDecoder};

#[doc(hidden)]
pub mod __private {
    pub use kapi_api::meta::v1::{ListMeta, ObjectMeta};
}
