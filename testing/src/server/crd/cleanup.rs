//! A deleted definition's finalizing controller (apiextensions-apiserver's `CRDFinalizer`): the definition's objects deleted, its `Terminating` condition kept current, then the cleanup finalizer removed, which removes the definition.

use kapi_api::apiextensions::v1::CustomResourceDefinition;
use kapi_api::meta::errors as api_errors;
use kapi_api::meta::resource::ResourceInfo;
use kapi_api::meta::v1::{DeleteOptions, GetOptions, ListOptions, UpdateOptions};
use kapi_machinery::GroupVersionResource;
use kapi_machinery::json::value::Value;

use super::{GROUP, RESOURCE, is_established, served_versions};
use crate::server::ApiServer;
use crate::tracker::deletion::{CRD_CLEANUP_FINALIZER, set_crd_condition};
use crate::tracker::meta::to_value;
use crate::tracker::{Modify, Result};

/// Whether a definition is being deleted and its finalizing controller has work left.
pub(super) fn needs_finalizing(crd: &CustomResourceDefinition) -> bool {
    crd.metadata.deletion_timestamp.is_some() && crd.metadata.finalizers.iter().any(|f| f == CRD_CLEANUP_FINALIZER)
}

impl ApiServer {
    /// One round of the finalizing controller for a definition being deleted: its objects are
    /// deleted (straight from the store, without admission, as upstream's controller does); as
    /// long as some remain (held by finalizers of their own) the definition stays with
    /// `Terminating` `True` (`InstanceDeletionInProgress`); once none remain, or when the
    /// definition was never established, the condition turns `False` and the cleanup
    /// finalizer goes, and with it the definition. Returns the definition as stored, or `None`
    /// once it is gone.
    pub(super) fn finalize_crd(&self, crd: CustomResourceDefinition) -> Result<Option<CustomResourceDefinition>> {
        let (status, reason, message, done) = if !is_established(&crd) {
            ("False", "NeverEstablished", "resource was never established", true)
        } else {
            let store = served_versions(&crd).first().map(|s| s.store.clone());
            let remaining = match store {
                Some(store) if self.tracker.resource(&store).is_some() => {
                    let all = ListOptions::default();
                    self.tracker.delete_collection(&store, "", &all, &DeleteOptions::default())?;
                    self.tracker.list(&store, "", &all)?.0.len()
                }
                _ => 0,
            };
            if remaining > 0 {
                ("True", "InstanceDeletionInProgress", "CustomResource deletion is in progress", false)
            } else {
                ("False", "InstanceDeletionCompleted", "removed all instances", true)
            }
        };
        let gvr = GroupVersionResource::new(GROUP, "v1", RESOURCE);
        let mut doc = to_value(&crd)?;
        let before = doc.clone();
        set_crd_condition(&mut doc, "Terminating", status, reason, message);
        let mut crd = crd;
        if doc != before {
            let updated = decode(&doc)?;
            let stored =
                self.tracker.update_subresource(&gvr, "status", "", Box::new(updated), &UpdateOptions::default())?;
            crd = downcast(stored)?;
        }
        if !done {
            return Ok(Some(crd));
        }
        // Removing the last finalizer of a definition being deleted removes it.
        let name = crd.metadata.name.clone();
        let target = Modify { name: &name, skip_validation: true, ..Modify::default() };
        self.tracker.modify(&gvr, &target, |current| {
            let mut c = downcast(current.ok_or_else(api_errors::path_not_found)?.deep_copy_object())?;
            c.metadata.finalizers.retain(|f| f != CRD_CLEANUP_FINALIZER);
            Ok(Box::new(c))
        })?;
        // Gone, unless finalizers of someone else's still hold it.
        match self.tracker.get(&gvr, "", &name, &GetOptions::default()) {
            Ok(stored) => Ok(Some(downcast(stored)?)),
            Err(e) if e.code == 404 => Ok(None),
            Err(e) => Err(e),
        }
    }

    /// Upstream's custom resource handler refuses creates while the definition is terminating:
    /// `405` `create not allowed while custom resource definition is terminating`.
    pub(crate) fn crd_refuse_create_while_terminating(&self, info: &ResourceInfo) -> Result<()> {
        match self.crds.get(&info.gvr()) {
            Some(served) if served.terminating => {
                let mut status = api_errors::status_of(&api_errors::method_not_supported(info, "create"));
                status.message = "create not allowed while custom resource definition is terminating".into();
                Err(api_errors::into_error(status))
            }
            _ => Ok(()),
        }
    }
}

fn decode(doc: &Value) -> Result<CustomResourceDefinition> {
    kapi_machinery::json::from_slice(&doc.to_compact_vec()).map_err(|e| api_errors::internal(&e.to_string()))
}

fn downcast(obj: Box<dyn kapi_machinery::Object>) -> Result<CustomResourceDefinition> {
    obj.into_any()
        .downcast::<CustomResourceDefinition>()
        .map(|c| *c)
        .map_err(|_| api_errors::internal("a stored CustomResourceDefinition of another type"))
}
