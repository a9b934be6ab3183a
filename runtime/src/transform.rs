//! Transforms applied to objects before they enter an informer's cache, as client-go's
//! `SetTransform`: a [`ListWatch`] wrapper that rewrites every listed and watched object, so the
//! cache holds only what the controller reads. The default drops `metadata.managedFields`, often
//! the largest part of an object's metadata.

use std::sync::Arc;

use futures_util::StreamExt;
use kapi_api::meta::v1::ListOptions;
use kapi_client::{Error, EventStream, ListResource, ListWatch, Listable, WatchEvent};

/// A function that rewrites an object before it is cached.
pub type TransformFn<R> = Arc<dyn Fn(&mut R) + Send + Sync>;

/// Drops `metadata.managedFields` (the default transform).
pub fn strip_managed_fields<R: Listable>(obj: &mut R) {
    obj.metadata_mut().managed_fields = Vec::new();
}

/// A [`ListWatch`] that applies a transform to every object it lists or watches (bookmarks and
/// error events pass unchanged).
pub struct Transformed<L, R> {
    inner: L,
    transform: TransformFn<R>,
}

impl<L, R> std::fmt::Debug for Transformed<L, R> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Transformed").finish_non_exhaustive()
    }
}

impl<L, R: Listable> Transformed<L, R> {
    /// `inner` with `transform` applied to its objects.
    pub fn new(inner: L, transform: impl Fn(&mut R) + Send + Sync + 'static) -> Self {
        Transformed { inner, transform: Arc::new(transform) }
    }

    /// `inner` with `managedFields` dropped from its objects.
    pub fn strip_managed_fields(inner: L) -> Self {
        Transformed::new(inner, strip_managed_fields::<R>)
    }

    /// `inner` with a shared transform.
    pub fn with(inner: L, transform: TransformFn<R>) -> Self {
        Transformed { inner, transform }
    }
}

impl<R, L> ListWatch<R> for Transformed<L, R>
where
    R: Listable + Send + Sync + 'static,
    R::List: Send,
    L: ListWatch<R>,
{
    async fn list(&self, options: ListOptions) -> Result<R::List, Error> {
        let mut list = self.inner.list(options).await?;
        let meta = std::mem::take(list.list_meta_mut());
        let mut items = std::mem::take(&mut list).into_items();
        for item in &mut items {
            (self.transform)(item);
        }
        *list.list_meta_mut() = meta;
        list.set_items(items);
        Ok(list)
    }

    async fn watch(&self, options: ListOptions) -> Result<EventStream<R>, Error> {
        let stream = self.inner.watch(options).await?;
        let transform = self.transform.clone();
        Ok(Box::pin(stream.map(move |event| {
            event.map(|e| match e {
                WatchEvent::Added(mut o) => {
                    transform(&mut o);
                    WatchEvent::Added(o)
                }
                WatchEvent::Modified(mut o) => {
                    transform(&mut o);
                    WatchEvent::Modified(o)
                }
                WatchEvent::Deleted(mut o) => {
                    transform(&mut o);
                    WatchEvent::Deleted(o)
                }
                other => other,
            })
        })))
    }
}
