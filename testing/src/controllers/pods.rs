//! The kubelet's last word on a pod deleted gracefully: once its grace period is over, the pod is deleted with a grace period of zero.

use std::collections::BTreeMap;

use kapi_api::meta::resource::ResourceInfo;
use kapi_api::meta::v1::{DeleteOptions, Preconditions};
use kapi_machinery::types::Time;

use crate::tracker::deletion::is_pods;
use crate::tracker::{EventType, ObjectTracker, Since};

/// Pods counting down their grace period: when it ends (Unix seconds), with their uid.
#[derive(Default)]
pub(crate) struct PodTermination {
    pending: BTreeMap<(String, String), (i64, String)>,
    pods: Option<ResourceInfo>,
}

impl PodTermination {
    /// Takes in what changed, deletes the pods whose grace period is over, and returns the
    /// Unix second at which the next one ends.
    pub(crate) fn pass(&mut self, tracker: &ObjectTracker, since: &Since) -> Option<i64> {
        let mut note = |s: &crate::tracker::Stored, gone: bool| {
            if !is_pods(&s.store) {
                return;
            }
            self.pods = Some(s.store);
            let key = (s.meta.namespace.clone(), s.meta.name.clone());
            match (s.meta.deletion_timestamp, s.meta.deletion_grace_period_seconds) {
                (Some(at), Some(grace)) if grace > 0 && !gone => {
                    self.pending.insert(key, (at.unix_seconds(), s.meta.uid.clone()));
                }
                _ => {
                    self.pending.remove(&key);
                }
            }
        };
        match since {
            Since::Everything(all) => all.iter().for_each(|s| note(s, false)),
            Since::Changes(changes) => changes.iter().for_each(|(e, s, _)| note(s, *e == EventType::Deleted)),
        }
        self.sweep(tracker)
    }

    /// Deletes the pods whose time is up; returns when the next one's is.
    pub(crate) fn sweep(&mut self, tracker: &ObjectTracker) -> Option<i64> {
        let pods = self.pods?;
        let now = Time::now().unix_seconds();
        let due: Vec<_> =
            self.pending.iter().filter(|(_, (at, _))| *at <= now).map(|(k, v)| (k.clone(), v.1.clone())).collect();
        for ((ns, name), uid) in due {
            self.pending.remove(&(ns.clone(), name.clone()));
            let opts = DeleteOptions {
                grace_period_seconds: Some(0),
                preconditions: Some(Preconditions { uid: Some(uid), resource_version: None }),
                ..DeleteOptions::default()
            };
            let _ = tracker.delete(&pods.gvr(), &ns, &name, &opts);
        }
        self.pending.values().map(|(at, _)| *at).min()
    }
}
