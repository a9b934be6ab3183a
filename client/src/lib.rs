//! Kubernetes clients for kapi types: the runtime that generated typed clientsets, listers and
//! informers are built on. Fakes, the object tracker and the test server are in `kapi-testing`.
//!
//! Start with [`Client::infer`] (the kubeconfig, else the in-cluster service account), an
//! [`Api`] per resource (`Api::<Pod>::namespaced(client, "default")`; the scope is in the type),
//! the verbs with upstream's option kinds (`api.list(&ListOptions::default().limit(100))`), and
//! [`watcher()`] for a stream that lists, watches and heals itself. One cargo feature per API
//! group (all by default); `ws` adds exec, attach and port-forward, `apply` apply configurations,
//! `serde` serde impls. The repository's README has a quick start; `docs/clients.md` the rest.
#![warn(missing_docs)]

extern crate self as kapi_client;

pub mod api_errors;
#[cfg(all(feature = "ws", feature = "core"))]
pub mod attach;
pub use kapi_http::body;
pub mod client;
pub mod clientset;
pub mod config;
pub mod discovery;
pub mod dynamic;
pub mod error;
pub mod event;
pub mod exec;
pub mod factory;
pub mod informer;
pub mod kubeconfig;
pub mod lister;
pub mod logs;
pub mod metadata;
pub mod oidc;
pub mod options;
pub use kapi_http::pem;
#[cfg(all(feature = "ws", feature = "core"))]
pub mod portforward;
pub mod proxy;
pub mod reflector;
pub mod resource;
pub mod restmapper;
// Compile-fail doctests of scope mistakes; compiled only when rustdoc collects tests.
#[cfg(all(doctest, feature = "core"))]
mod scope_errors;
pub mod service;
pub mod store;
pub mod tls;
pub mod transport;
pub mod warning;
pub mod watch;
pub mod watcher;
#[cfg(feature = "ws")]
pub mod websocket;

#[cfg(all(feature = "ws", feature = "core"))]
pub use attach::{AttachedProcess, ExitStatus, TerminalSize};
pub use client::{Api, Client, ContentType, DeleteResponse, Patch, Response};
pub use config::{Auth, Config, Limits, PemSource, TlsConfig};
pub use discovery::Discovery;
pub use dynamic::{ApiResource, DynamicApi, DynamicObject, DynamicObjectList};
pub use error::{Error, StatusError, StatusErrorExt};
pub use event::{EventStream, ListWatch, WatchEvent};
pub use kapi_api::meta::labels;
pub use kubeconfig::Kubeconfig;
pub use logs::LogStream;
pub use metadata::{PartialObjectMeta, PartialObjectMetaList};
pub use options::{Query, QueryParams};
#[cfg(all(feature = "ws", feature = "core"))]
pub use portforward::Portforwarder;
pub use resource::{
    ClusterResourceScope, GroupVersionResource, KindInfo, ListParts, ListResource, Listable, NamespaceResourceScope,
    Objects, Registry, Resource, ResourceInfo, ResourceInfoExt, ResourceScope, Subresource,
};
pub use restmapper::RestMapper;
pub use service::{ResponseFuture, Service};
pub use transport::Transport;
pub use warning::{IgnoreWarnings, LogWarnings, PrintWarnings, Warning, WarningHandler};
pub use watch::{StreamFormat, WatchDecoder};
pub use watcher::{WatcherConfig, watcher};

// The stream traits, so that `StreamExt::next` and friends work on watch and watcher streams
// without a direct dependency on the futures crates.
pub use futures_core::Stream;
pub use futures_util::{StreamExt, TryStreamExt};

#[doc(hidden)]
pub mod __private {
    pub use kapi_api::impl_resource;
    pub use kapi_api::meta::v1::{ListMeta, ObjectMeta};
}
