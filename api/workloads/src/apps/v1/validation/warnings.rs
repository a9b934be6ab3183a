//! The `Warning` texts upstream's API server returns on writes of deployments, replica sets, stateful sets and daemon sets (each strategy's `WarningsOnCreate`/`WarningsOnUpdate`).
//!
//! Each warns about its pod template as pods' templates are warned about
//! ([`warnings_for_pod_template_spec`]), on update only when the object's generation (a daemon
//! set's: its template generation) changed, as upstream does; the functions expect the new
//! object as it will be stored, after the strategy's generation bump.
//!
//! The `warnings_for_<kind>` entry points are in `validation.rs` beside each `validate_<kind>`,
//! where the generator looks for them.

use kapi_machinery::validation::Path;

use super::super::{DaemonSet, Deployment, ReplicaSet, StatefulSet};
use crate::core::v1::PodTemplateSpec;
use crate::core::v1::validation::{
    controller_name_warnings, warnings_for_persistent_volume_claim_spec, warnings_for_pod_template_spec,
};
use crate::meta::v1::ObjectMeta;

/// The annotation that carries a daemon set's template generation in apps/v1.
const TEMPLATE_GENERATION: &str = "deprecated.daemonset.template.generation";

fn template_path() -> Path {
    Path::new("spec").child("template")
}

/// See [`super::warnings_for_deployment`].
pub(super) fn deployment(obj: &Deployment, old: Option<&Deployment>) -> Vec<String> {
    controller(&obj.metadata, &obj.spec.template, old.map(|o| (&o.metadata, &o.spec.template)))
}

/// See [`super::warnings_for_replica_set`].
pub(super) fn replica_set(obj: &ReplicaSet, old: Option<&ReplicaSet>) -> Vec<String> {
    controller(&obj.metadata, &obj.spec.template, old.map(|o| (&o.metadata, &o.spec.template)))
}

/// The deployment and replica set strategies' warnings: on create the name and the template, on
/// update the template when the generation changed.
fn controller(
    meta: &ObjectMeta,
    template: &PodTemplateSpec,
    old: Option<(&ObjectMeta, &PodTemplateSpec)>,
) -> Vec<String> {
    match old {
        None => {
            let mut warnings = controller_name_warnings(&meta.name);
            warnings.extend(warnings_for_pod_template_spec(&template_path(), Some(template), None));
            warnings
        }
        Some((old_meta, old_template)) if meta.generation != old_meta.generation => {
            warnings_for_pod_template_spec(&template_path(), Some(template), Some(old_template))
        }
        Some(_) => Vec::new(),
    }
}

/// See [`super::warnings_for_stateful_set`].
pub(super) fn stateful_set(obj: &StatefulSet, old: Option<&StatefulSet>) -> Vec<String> {
    let mut warnings = match old {
        None => warnings_for_pod_template_spec(&template_path(), Some(&obj.spec.template), None),
        Some(old) if obj.metadata.generation != old.metadata.generation => {
            warnings_for_pod_template_spec(&template_path(), Some(&obj.spec.template), Some(&old.spec.template))
        }
        Some(_) => Vec::new(),
    };
    let claims = Path::new("spec").child("volumeClaimTemplates");
    for (i, claim) in obj.spec.volume_claim_templates.iter().enumerate() {
        let at = if old.is_some() { claims.index(i).child("Spec") } else { claims.index(i) };
        warnings.extend(warnings_for_persistent_volume_claim_spec(&at, &claim.spec));
    }
    if obj.spec.revision_history_limit.is_some_and(|l| l < 0) {
        warnings.push(
            "spec.revisionHistoryLimit: a negative value retains all historical revisions; a value >= 0 is recommended"
                .to_owned(),
        );
    }
    warnings
}

/// See [`super::warnings_for_daemon_set`].
pub(super) fn daemon_set(obj: &DaemonSet, old: Option<&DaemonSet>) -> Vec<String> {
    let template = Some(&obj.spec.template);
    match old {
        None => warnings_for_pod_template_spec(&template_path(), template, None),
        Some(old) if template_generation(&obj.metadata) != template_generation(&old.metadata) => {
            warnings_for_pod_template_spec(&template_path(), template, Some(&old.spec.template))
        }
        Some(_) => Vec::new(),
    }
}

/// The internal `spec.templateGeneration`: the annotation's number, 0 without one (as the
/// conversion reads it; one that is not a number fails conversion before warnings are asked).
fn template_generation(meta: &ObjectMeta) -> i64 {
    meta.annotations.get(TEMPLATE_GENERATION).and_then(|v| v.parse().ok()).unwrap_or(0)
}

#[cfg(test)]
#[path = "warnings_tests.rs"]
mod tests;
