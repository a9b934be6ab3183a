//! Finalizers as kube-runtime's `finalizer` helper does them: the controller's finalizer is added
//! before the first apply, the cleanup runs once deletion is requested, and the finalizer is
//! removed afterwards, so the object is not gone before the controller has cleaned up.
//!
//! Both writes are JSON patches with a `test` operation as precondition: adding tests the
//! object's `resourceVersion` (the finalizer list is replaced whole), removing tests that the
//! entry at the index removed is still this finalizer. A failed test is a conflict: the error
//! goes to the error policy and the next reconcile sees the newer object.

use std::future::Future;
use std::sync::Arc;

use kapi_api::meta::v1::PatchOptions;
use kapi_client::dynamic::{ApiResource, DynamicApi};
use kapi_client::{Client, Patch, Resource, ResourceScope};
use serde_json::json;

use crate::controller::Action;

/// What the reconciler is asked to do for an object under a finalizer.
#[derive(Debug)]
pub enum Event<K> {
    /// The object exists and carries the finalizer: bring the world in line with it.
    Apply(Arc<K>),
    /// Deletion was requested: clean up; the finalizer is removed when this succeeds.
    Cleanup(Arc<K>),
}

/// A finalizer step failed.
#[derive(Debug, thiserror::Error)]
pub enum FinalizerError<E: std::error::Error + 'static> {
    /// The apply reconciler failed.
    #[error("failed to apply object: {0}")]
    ApplyFailed(#[source] E),
    /// The cleanup reconciler failed; the finalizer stays.
    #[error("failed to clean up object: {0}")]
    CleanupFailed(#[source] E),
    /// Adding the finalizer failed (a conflict when the object changed meanwhile).
    #[error("failed to add finalizer: {0}")]
    AddFinalizer(#[source] kapi_client::Error),
    /// Removing the finalizer failed.
    #[error("failed to remove finalizer: {0}")]
    RemoveFinalizer(#[source] kapi_client::Error),
    /// The object has no name or namespace to patch it by.
    #[error("object has no name; finalizers apply to objects read from the server")]
    UnnamedObject,
}

/// The API of an object's resource in its namespace (or the cluster).
pub(crate) fn object_api<K: Resource>(client: &Client, obj: &K) -> Result<DynamicApi, kapi_client::Error> {
    let resource = ApiResource::of::<K>();
    if K::Scope::NAMESPACED {
        DynamicApi::namespaced(client, &resource, &obj.metadata().namespace)
    } else {
        DynamicApi::cluster(client, &resource)
    }
}

/// Runs `reconcile` for `obj` under the finalizer `name`:
///
/// - no deletion requested, finalizer missing: adds it, then `reconcile(Event::Apply)` with the
///   object as written;
/// - no deletion requested, finalizer present: `reconcile(Event::Apply)`;
/// - deletion requested, finalizer present: `reconcile(Event::Cleanup)`, then removes the
///   finalizer (an object already gone counts as done: cleanups must be idempotent, as a cache
///   that lags can show a deleted object once more);
/// - deletion requested, finalizer gone: nothing (`await_change`).
pub async fn finalizer<K, E, Fut>(
    client: &Client,
    name: &str,
    obj: Arc<K>,
    reconcile: impl FnOnce(Event<K>) -> Fut,
) -> Result<Action, FinalizerError<E>>
where
    K: Resource + Clone,
    E: std::error::Error + 'static,
    Fut: Future<Output = Result<Action, E>>,
{
    let meta = obj.metadata();
    if meta.name.is_empty() {
        return Err(FinalizerError::UnnamedObject);
    }
    let index = meta.finalizers.iter().position(|f| f == name);
    match (meta.deletion_timestamp.is_some(), index) {
        (false, Some(_)) => reconcile(Event::Apply(obj)).await.map_err(FinalizerError::ApplyFailed),
        (false, None) => {
            let mut finalizers = meta.finalizers.clone();
            finalizers.push(name.to_string());
            let patch = json!([
                {"op": "test", "path": "/metadata/resourceVersion", "value": meta.resource_version},
                {"op": "add", "path": "/metadata/finalizers", "value": finalizers},
            ]);
            let written = patch_object(client, obj.as_ref(), &patch).await.map_err(FinalizerError::AddFinalizer)?;
            // Apply at once to the object as written (only the finalizers and version changed),
            // rather than wait for the watch: a predicate such as `generation_changed` would
            // filter out that metadata-only change.
            let mut next = (*obj).clone();
            next.metadata_mut().finalizers = finalizers;
            next.metadata_mut().resource_version = written;
            reconcile(Event::Apply(Arc::new(next))).await.map_err(FinalizerError::ApplyFailed)
        }
        (true, Some(i)) => {
            let action = reconcile(Event::Cleanup(obj.clone())).await.map_err(FinalizerError::CleanupFailed)?;
            let path = format!("/metadata/finalizers/{i}");
            let patch = json!([
                {"op": "test", "path": path, "value": name},
                {"op": "remove", "path": path},
            ]);
            match patch_object(client, obj.as_ref(), &patch).await {
                Ok(_) => Ok(action),
                // Already gone: an earlier reconcile (from a cache that lagged) removed the
                // finalizer and the server deleted the object.
                Err(e) if e.is_not_found() => Ok(action),
                Err(e) => Err(FinalizerError::RemoveFinalizer(e)),
            }
        }
        (true, None) => Ok(Action::await_change()),
    }
}

/// Patches the object; the resourceVersion written.
async fn patch_object<K: Resource>(
    client: &Client,
    obj: &K,
    patch: &serde_json::Value,
) -> Result<String, kapi_client::Error> {
    let api = object_api(client, obj)?;
    let patch = Patch::json_from(patch)?;
    let written = api.patch(&obj.metadata().name, &patch, &PatchOptions::default()).await?;
    Ok(written.metadata.resource_version)
}
