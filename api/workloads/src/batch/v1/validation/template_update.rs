//! What a job's pod template may change on update, as upstream's `validatePodTemplateUpdate` and the `AllowMutableSchedulingDirectives` option its strategy sets.

use crate::batch::v1::Job;
use crate::core::v1::{Affinity, PodTemplateSpec};

/// Upstream's strategy lets the scheduling directives change only while the stored job is
/// suspended and has never started (`suspend: true`, no `status.startTime`), so that a queueing
/// controller can place a job before it first runs.
pub(super) fn allows_mutable_scheduling_directives(old: &Job) -> bool {
    old.spec.suspend == Some(true) && old.status.start_time.is_none()
}

/// The stored template with the scheduling directives of `new` where they may change (node
/// affinity, node selector, tolerations, labels, annotations and scheduling gates), to compare
/// the new template with: anything else that differs is an immutable field changed.
pub(super) fn comparable_old_template(new: &PodTemplateSpec, old: &PodTemplateSpec) -> PodTemplateSpec {
    let mut out = old.clone();
    let (n, o) = (&new.spec, &mut out.spec);
    match (&n.affinity, &mut o.affinity) {
        // Clearing the affinity is allowed when node affinity was all it held.
        (None, Some(a)) => {
            a.node_affinity = None;
            if **a == Affinity::default() {
                o.affinity = None;
            }
        }
        (Some(na), None) => {
            o.affinity = Some(Box::new(Affinity { node_affinity: na.node_affinity.clone(), ..Affinity::default() }));
        }
        (Some(na), Some(a)) => a.node_affinity.clone_from(&na.node_affinity),
        (None, None) => {}
    }
    o.node_selector.clone_from(&n.node_selector);
    o.tolerations.clone_from(&n.tolerations);
    o.scheduling_gates.clone_from(&n.scheduling_gates);
    out.metadata.annotations.clone_from(&new.metadata.annotations);
    out.metadata.labels.clone_from(&new.metadata.labels);
    out
}
