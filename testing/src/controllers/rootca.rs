//! The root CA publisher, as kube-controller-manager's `root-ca-cert-publisher`: every active namespace has the `kube-root-ca.crt` config map with the server's CA, made again when deleted or changed.
//!
//! Facts from upstream's `pkg/controller/certificates/rootcacertpublisher`: the config map's
//! name, its one key `ca.crt`, and the `kubernetes.io/description` annotation; a config map
//! whose data or annotation differ is written back. Pods' service account token volumes name
//! it. The test server has a CA to publish only when it is given one
//! ([`crate::ApiServer::set_root_ca`]).

use std::collections::BTreeSet;

use kapi_api::meta::v1::{CreateOptions, ObjectMeta};
use kapi_machinery::json::value::Value;

use crate::tracker::meta::{from_value, object_member_mut, set_member, to_value};
use crate::tracker::{EventType, Modify, ObjectTracker, Since};

/// The config map's name.
pub(crate) const ROOT_CA_CONFIG_MAP: &str = "kube-root-ca.crt";

const DESCRIPTION: &str = "Contains a CA bundle that can be used to verify the kube-apiserver when using internal \
                           endpoints such as the internal service IP or kubernetes.default.svc. No other usage is \
                           guaranteed across distributions of Kubernetes clusters.";

/// Publishes the CA into every namespace.
pub(crate) struct RootCaPublisher {
    /// The CA bundle (PEM).
    pub(crate) ca: String,
}

impl RootCaPublisher {
    pub(crate) fn pass(&mut self, tracker: &ObjectTracker, since: &Since) {
        let mut namespaces: BTreeSet<String> = BTreeSet::new();
        let mut look = |group: &str, resource: &str, meta: &ObjectMeta, event: Option<EventType>| {
            if group.is_empty() && resource == "namespaces" && event != Some(EventType::Deleted) {
                namespaces.insert(meta.name.clone());
            }
            if group.is_empty() && resource == "configmaps" && meta.name == ROOT_CA_CONFIG_MAP {
                namespaces.insert(meta.namespace.clone());
            }
        };
        match since {
            Since::Everything(all) => all.iter().for_each(|s| look(s.store.group, s.store.resource, &s.meta, None)),
            Since::Changes(changes) => {
                changes.iter().for_each(|(e, s, _)| look(s.store.group, s.store.resource, &s.meta, Some(*e)));
            }
        }
        if namespaces.is_empty() {
            return;
        }
        let (Some(ns_store), Some(cm_store)) =
            (tracker.store_of_kind("", "Namespace"), tracker.store_of_kind("", "ConfigMap"))
        else {
            return;
        };
        for ns in namespaces {
            let active = tracker.stored_meta(&ns_store, "", &ns).is_some_and(|m| m.deletion_timestamp.is_none());
            if !active {
                continue;
            }
            let want_data = Value::Object(vec![("ca.crt".into(), Value::String(self.ca.clone()))]);
            let Some(stored) = tracker.get(&cm_store.gvr(), &ns, ROOT_CA_CONFIG_MAP, &Default::default()).ok() else {
                let doc = Value::Object(vec![
                    ("apiVersion".into(), Value::String("v1".into())),
                    ("kind".into(), Value::String("ConfigMap".into())),
                    (
                        "metadata".into(),
                        Value::Object(vec![
                            ("name".into(), Value::String(ROOT_CA_CONFIG_MAP.into())),
                            ("namespace".into(), Value::String(ns.clone())),
                            (
                                "annotations".into(),
                                Value::Object(vec![(
                                    "kubernetes.io/description".into(),
                                    Value::String(DESCRIPTION.into()),
                                )]),
                            ),
                        ]),
                    ),
                    ("data".into(), want_data),
                ]);
                if let Ok(cm) = from_value(&cm_store, &doc) {
                    // Another writer may have made it meanwhile; the next change is looked at.
                    let _ = tracker.create(&cm_store.gvr(), &ns, cm, &CreateOptions::default());
                }
                continue;
            };
            let Ok(doc) = to_value(stored.as_ref()) else { continue };
            let described = doc
                .get("metadata")
                .and_then(|m| m.get("annotations"))
                .and_then(|a| a.get("kubernetes.io/description"))
                .and_then(Value::as_str)
                == Some(DESCRIPTION);
            if doc.get("data") == Some(&want_data) && described {
                continue;
            }
            let target = Modify { namespace: &ns, name: ROOT_CA_CONFIG_MAP, ..Modify::default() };
            let _ = tracker.modify(&cm_store.gvr(), &target, |current| {
                let Some(current) = current else {
                    return Err(kapi_api::meta::errors::not_found(&cm_store, ROOT_CA_CONFIG_MAP));
                };
                let mut doc = to_value(current)?;
                if let Value::Object(members) = &mut doc {
                    members.retain(|(k, _)| k != "data" && k != "binaryData");
                    members.push(("data".into(), want_data.clone()));
                }
                if let Some(annotations) =
                    object_member_mut(&mut doc, "metadata").and_then(|m| object_member_mut(m, "annotations"))
                {
                    set_member(annotations, "kubernetes.io/description", Some(Value::String(DESCRIPTION.into())));
                }
                from_value(&cm_store, &doc)
            });
        }
    }
}
