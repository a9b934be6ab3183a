//! The PodTopologyLabels plugin: a pod bound to a node, by its binding or created with `spec.nodeName`, gets the node's `topology.k8s.io/zone` and `topology.k8s.io/region` labels where it has none of its own.
//!
//! Facts from upstream's `plugin/pkg/admission/podtopologylabels` (on by default, acting while
//! `PodTopologyLabelsAdmission` is on, beta and on since 1.35): the default configuration's two
//! label keys, creates only, the binding's labels (which the binding storage then copies onto
//! the pod) or a new pod's, never overwriting a label already there; a node that does not exist
//! gives nothing.

use kapi_api::meta::v1::GetOptions;
use kapi_machinery::json::value::Value;

use super::super::ApiServer;
use crate::tracker::Error;
use crate::tracker::meta::to_value;
use crate::tracker::subresource::{at, set_at};

/// The labels the plugin copies (upstream's `defaultConfig`).
const TOPOLOGY_LABELS: [&str; 2] = ["topology.k8s.io/zone", "topology.k8s.io/region"];

/// The gate the plugin and the binding storage's label copy follow.
const GATE: &str = "PodTopologyLabelsAdmission";

impl ApiServer {
    /// Whether `PodTopologyLabelsAdmission` is on: the plugin acts, and a binding's labels reach
    /// its pod.
    pub(in crate::server) fn binding_labels_copied(&self) -> bool {
        super::super::gates::with(&self.gates, |g| g.enabled_known(GATE))
    }

    /// Whether the plugin acts: on among the cluster's plugins, with its gate on.
    pub(in crate::server) fn topology_labels_admitted(&self) -> bool {
        self.cluster_plugins().pod_topology_labels && self.binding_labels_copied()
    }

    /// Adds node `node`'s topology labels to the object's `metadata.labels` (a pod's or a
    /// binding's JSON form) where it has none of that key.
    pub(in crate::server) fn admit_topology_labels(&self, node: &str, obj: &mut Value) -> Result<(), Error> {
        if node.is_empty() {
            return Ok(());
        }
        let Some(store) = self.tracker.store_of_kind("", "Node") else { return Ok(()) };
        let node = match self.tracker.get(&store.gvr(), "", node, &GetOptions::default()) {
            Ok(n) => to_value(n.as_ref())?,
            Err(e) if e.is_not_found() => return Ok(()),
            Err(e) => return Err(e),
        };
        for key in TOPOLOGY_LABELS {
            let Some(value) = at(&node, &["metadata", "labels", key]) else { continue };
            if at(obj, &["metadata", "labels", key]).is_none() {
                set_at(obj, &["metadata", "labels", key], Some(value.clone()));
            }
        }
        Ok(())
    }
}
