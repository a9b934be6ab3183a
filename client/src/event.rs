//! Typed watch events and the list/watch interface informers consume.

use std::future::Future;
use std::pin::Pin;

use kapi_api::meta::v1::{ListOptions, Status};

use crate::{Error, Listable};

/// One event of a watch stream.
#[derive(Debug, Clone, PartialEq)]
pub enum WatchEvent<R> {
    /// An object was created (or is part of the initial state).
    Added(R),
    /// An object changed.
    Modified(R),
    /// An object was deleted; the object is its last state.
    Deleted(R),
    /// A progress marker: only `metadata.resourceVersion` (and annotations such as
    /// `k8s.io/initial-events-end`) are meaningful.
    Bookmark(R),
    /// The server reported an error in the stream (e.g. `410 Gone` for a too-old resource version).
    Error(Box<Status>),
}

/// A stream of watch events; it ends when the server closes the watch.
pub type EventStream<R> = Pin<Box<dyn futures_core::Stream<Item = Result<WatchEvent<R>, Error>> + Send>>;

/// What informers need from a client: list and watch of one resource, with the options the
/// reflector chooses (resource version, bookmarks, timeouts, label/field selectors).
pub trait ListWatch<R: Listable>: Send + Sync + 'static {
    /// Lists the resource.
    fn list(&self, options: ListOptions) -> impl Future<Output = Result<R::List, Error>> + Send;
    /// Starts a watch.
    fn watch(&self, options: ListOptions) -> impl Future<Output = Result<EventStream<R>, Error>> + Send;
}
