//! The service account controller, as kube-controller-manager's: every active namespace has a `default` service account, made again when deleted.

use kapi_api::meta::resource::ResourceInfo;
use kapi_api::meta::v1::{CreateOptions, ObjectMeta};

use crate::tracker::{EventType, ObjectTracker, Since};

/// The service account every namespace gets.
pub(crate) const DEFAULT_SERVICE_ACCOUNT: &str = "default";

/// Creates `default` in namespaces that lack it.
#[derive(Default)]
pub(crate) struct ServiceAccounts;

impl ServiceAccounts {
    pub(crate) fn pass(&mut self, tracker: &ObjectTracker, since: &Since) {
        let mut namespaces: Vec<String> = Vec::new();
        let mut check = |store: &ResourceInfo, meta: &ObjectMeta, gone: bool| {
            if store.group.is_empty() && store.resource == "namespaces" && !gone && meta.deletion_timestamp.is_none() {
                namespaces.push(meta.name.clone());
            }
            if store.group.is_empty()
                && store.resource == "serviceaccounts"
                && gone
                && meta.name == DEFAULT_SERVICE_ACCOUNT
            {
                namespaces.push(meta.namespace.clone());
            }
        };
        match since {
            Since::Everything(all) => all.iter().for_each(|s| check(&s.store, &s.meta, false)),
            Since::Changes(changes) => {
                changes.iter().for_each(|(e, s, _)| check(&s.store, &s.meta, *e == EventType::Deleted));
            }
        }
        if namespaces.is_empty() {
            return;
        }
        let (Some(ns_store), Some(sa_store)) =
            (tracker.store_of_kind("", "Namespace"), tracker.store_of_kind("", "ServiceAccount"))
        else {
            return;
        };
        for ns in namespaces {
            let active = tracker.stored_meta(&ns_store, "", &ns).is_some_and(|m| m.deletion_timestamp.is_none());
            if !active || tracker.stored_meta(&sa_store, &ns, DEFAULT_SERVICE_ACCOUNT).is_some() {
                continue;
            }
            let mut sa = (sa_store.new_object)();
            sa.set_registered_type_meta();
            if let Some(m) = (sa_store.metadata_mut)(sa.as_mut()) {
                *m =
                    ObjectMeta { name: DEFAULT_SERVICE_ACCOUNT.into(), namespace: ns.clone(), ..ObjectMeta::default() };
            }
            // Another writer may have made it meanwhile; that is as good.
            let _ = tracker.create(&sa_store.gvr(), &ns, sa, &CreateOptions::default());
        }
    }
}
