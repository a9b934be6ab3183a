//! Hand-written validation of apps/v1 workloads (deployments, replica sets, stateful sets, daemon sets), their status updates and controller revisions, with the checks, field paths and messages of upstream's `pkg/apis/apps/validation`.
//!
//! Each controller's pod template is validated as core's (`validate_pod_template_spec`), then
//! the controller's own rules: a selector that matches the template, `restartPolicy: Always`, no
//! `activeDeadlineSeconds`, the strategy's fields, and what may change on update. Not covered:
//! `ValidateReadOnlyPersistentDisks` for several replicas.

mod warnings;

use std::collections::BTreeSet;

use kapi_machinery::types::IntOrString;
use kapi_machinery::validation::content::regex_error;
use kapi_machinery::validation::{BadValue, ErrorList, FieldError, Path};

use super::{
    ControllerRevision, DaemonSet, DaemonSetUpdateStrategy, Deployment, DeploymentStrategy, ReplicaSet,
    RollingUpdateDeployment, StatefulSet,
};
// The status count helpers are core's, which core/v1 replication controllers use too.
use crate::core::v1::validation::{
    PodValidationOptions, Selector, dns1123_label, immutable, json_value, non_negative, non_negatives, not_above,
    restart_always, selector_mismatch, validate_pod_template_spec_with,
};
use crate::core::v1::{PersistentVolumeClaimVolumeSource, PodTemplateSpec, Volume, VolumeSource};
use crate::meta::v1::LabelSelector;
use crate::meta::v1::validation::validate_label_selector;

const PERCENT_FMT: &str = "[0-9]+%";
const PERCENT_MSG: &str = "a valid percent string must be a numeric string followed by an ending '%'";
const STATEFUL_SET_SPEC_UPDATE: &str = "updates to statefulset spec for fields other than 'replicas', 'ordinals', 'template', 'updateStrategy', 'revisionHistoryLimit', 'persistentVolumeClaimRetentionPolicy' and 'minReadySeconds' are forbidden";
const RETENTION_POLICIES: &[&str] = &["Retain", "Delete"];

/// The number in an int-or-percent (`25%` is 25), and whether it was a percentage.
fn int_or_percent(v: &IntOrString) -> (i64, bool) {
    if v.ty == IntOrString::INT {
        return (i64::from(v.int_val), false);
    }
    let digits = v.str_val.strip_suffix('%').unwrap_or(&v.str_val);
    (digits.parse().unwrap_or(0), v.str_val.ends_with('%'))
}

/// Upstream's `ValidatePositiveIntOrPercent`.
fn positive_int_or_percent(v: &IntOrString, path: &Path) -> ErrorList {
    match v.ty {
        IntOrString::STRING => {
            let s = &v.str_val;
            let ok = s.strip_suffix('%').is_some_and(|d| !d.is_empty() && d.bytes().all(|c| c.is_ascii_digit()));
            if ok {
                Vec::new()
            } else {
                vec![FieldError::invalid_value(
                    path,
                    json_value(v),
                    &regex_error(PERCENT_MSG, PERCENT_FMT, &["1%", "93%"]),
                )]
            }
        }
        IntOrString::INT => non_negative(i64::from(v.int_val), path),
        _ => vec![FieldError::invalid_value(path, json_value(v), "must be an integer or percentage (e.g '5%')")],
    }
}

/// Upstream's `IsNotMoreThan100Percent`.
fn not_more_than_100_percent(v: &IntOrString, path: &Path) -> ErrorList {
    match int_or_percent(v) {
        (n, true) if n > 100 => vec![FieldError::invalid_value(path, json_value(v), "must not be greater than 100%")],
        _ => Vec::new(),
    }
}

/// The selector checks all four controllers share: required, valid, and not empty (`what` names
/// the kind in upstream's message); returns the selector for matching when it converts.
fn selector_checks<'a>(
    sel: Option<&'a LabelSelector>,
    what: &str,
    path: &Path,
    errs: &mut ErrorList,
) -> Option<Selector<'a>> {
    match sel {
        None => errs.push(FieldError::required(path, "")),
        Some(s) => {
            errs.extend(validate_label_selector(s, path));
            if s.match_labels.is_empty() && s.match_expressions.is_empty() {
                errs.push(FieldError::invalid_value(
                    path,
                    json_value(s),
                    &format!("empty selector is invalid for {what}"),
                ));
            }
        }
    }
    Selector::of(sel).ok()
}

/// Upstream's `ValidatePodTemplateSpecForReplicaSet`: selector match, the template, restart
/// policy `Always` and no `activeDeadlineSeconds` (`kind` names the controller in the message).
fn template_for_replicas(
    t: &PodTemplateSpec,
    opts: &PodValidationOptions,
    selector: &Selector<'_>,
    kind: &str,
    path: &Path,
) -> ErrorList {
    let mut errs = ErrorList::new();
    if !selector.is_empty() && !selector.matches(&t.metadata.labels) {
        errs.push(selector_mismatch(t, path));
    }
    errs.extend(validate_pod_template_spec_with(t, opts, path));
    errs.extend(restart_always(t, path));
    if t.spec.active_deadline_seconds.is_some() {
        errs.push(FieldError::forbidden(
            path.child("spec").child("activeDeadlineSeconds"),
            &format!("activeDeadlineSeconds in {kind} is not Supported"),
        ));
    }
    errs
}

// ---------------------------------------------------------------------------------------------
// Deployment.

/// Validates a `Deployment`: replicas, selector (required, non-empty, matching the template),
/// the template, the strategy, minReadySeconds, revisionHistoryLimit, progressDeadlineSeconds;
/// on update also an unchanged selector.
pub fn validate_deployment(obj: &Deployment, old: Option<&Deployment>) -> ErrorList {
    let spec = &obj.spec;
    let opts = PodValidationOptions::from_old_template(old.map(|o| &o.spec.template));
    let path = Path::new("spec");
    let mut errs = non_negative(i64::from(spec.replicas.unwrap_or(1)), &path.child("replicas"));
    let sel_path = path.child("selector");
    match selector_checks(spec.selector.as_ref(), "deployment", &sel_path, &mut errs) {
        Some(sel) => {
            errs.extend(template_for_replicas(&spec.template, &opts, &sel, "ReplicaSet", &path.child("template")))
        }
        None => errs.push(FieldError::invalid_value(&sel_path, json_value(&spec.selector), "invalid label selector")),
    }
    errs.extend(deployment_strategy(&spec.strategy, &path.child("strategy")));
    errs.extend(non_negative(i64::from(spec.min_ready_seconds), &path.child("minReadySeconds")));
    if let Some(n) = spec.revision_history_limit {
        errs.extend(non_negative(i64::from(n), &path.child("revisionHistoryLimit")));
    }
    if let Some(n) = spec.progress_deadline_seconds {
        let p = path.child("progressDeadlineSeconds");
        errs.extend(non_negative(i64::from(n), &p));
        if n <= spec.min_ready_seconds {
            errs.push(FieldError::invalid_value(&p, n, "must be greater than minReadySeconds"));
        }
    }
    if let Some(old) = old {
        errs.extend(immutable(&spec.selector, &old.spec.selector, || json_value(&spec.selector), &sel_path));
    }
    errs
}

fn deployment_strategy(s: &DeploymentStrategy, path: &Path) -> ErrorList {
    let mut errs = ErrorList::new();
    match s.r#type.0.as_str() {
        "Recreate" => {
            if s.rolling_update.is_some() {
                errs.push(FieldError::forbidden(
                    path.child("rollingUpdate"),
                    "may not be specified when strategy `type` is 'Recreate'",
                ));
            }
        }
        "RollingUpdate" => match &s.rolling_update {
            None => errs
                .push(FieldError::required(path.child("rollingUpdate"), "this should be defaulted and never be nil")),
            Some(r) => errs.extend(rolling_update_deployment(r, &path.child("rollingUpdate"))),
        },
        _ => errs.push(FieldError::not_supported_value(path, json_value(s), &["Recreate", "RollingUpdate"])),
    }
    errs
}

fn rolling_update_deployment(r: &RollingUpdateDeployment, path: &Path) -> ErrorList {
    let zero = IntOrString::int(0);
    let unavailable = r.max_unavailable.as_ref().unwrap_or(&zero);
    let surge = r.max_surge.as_ref().unwrap_or(&zero);
    let mut errs = positive_int_or_percent(unavailable, &path.child("maxUnavailable"));
    errs.extend(positive_int_or_percent(surge, &path.child("maxSurge")));
    if int_or_percent(unavailable).0 == 0 && int_or_percent(surge).0 == 0 {
        errs.push(FieldError::invalid_value(
            path.child("maxUnavailable"),
            json_value(unavailable),
            "may not be 0 when `maxSurge` is 0",
        ));
    }
    errs.extend(not_more_than_100_percent(unavailable, &path.child("maxUnavailable")));
    errs
}

// ---------------------------------------------------------------------------------------------
// ReplicaSet.

/// Validates a `ReplicaSet`: replicas, minReadySeconds, selector (required, non-empty, matching
/// the template) and the template; on update also an unchanged selector.
pub fn validate_replica_set(obj: &ReplicaSet, old: Option<&ReplicaSet>) -> ErrorList {
    let spec = &obj.spec;
    let opts = PodValidationOptions::from_old_template(old.map(|o| &o.spec.template));
    let path = Path::new("spec");
    let mut errs = non_negative(i64::from(spec.replicas.unwrap_or(1)), &path.child("replicas"));
    errs.extend(non_negative(i64::from(spec.min_ready_seconds), &path.child("minReadySeconds")));
    let sel_path = path.child("selector");
    // Upstream's message names deployments here too.
    match selector_checks(spec.selector.as_ref(), "deployment", &sel_path, &mut errs) {
        Some(sel) => {
            errs.extend(template_for_replicas(&spec.template, &opts, &sel, "ReplicaSet", &path.child("template")))
        }
        None => errs.push(FieldError::invalid_value(&sel_path, json_value(&spec.selector), "invalid label selector")),
    }
    if let Some(old) = old {
        errs.extend(immutable(&spec.selector, &old.spec.selector, || json_value(&spec.selector), &sel_path));
    }
    errs
}

// ---------------------------------------------------------------------------------------------
// DaemonSet.

/// Validates a `DaemonSet`: a selector that matches the template and is not empty, the
/// template (restart policy `Always`, no `activeDeadlineSeconds`), minReadySeconds, the update
/// strategy and revisionHistoryLimit; on update also an unchanged selector.
pub fn validate_daemon_set(obj: &DaemonSet, old: Option<&DaemonSet>) -> ErrorList {
    let spec = &obj.spec;
    let opts = PodValidationOptions::from_old_template(old.map(|o| &o.spec.template));
    let path = Path::new("spec");
    let sel_path = path.child("selector");
    let tpath = path.child("template");
    let mut errs = spec.selector.as_ref().map(|s| validate_label_selector(s, &sel_path)).unwrap_or_default();
    if let Ok(sel) = Selector::of(spec.selector.as_ref())
        && !sel.matches(&spec.template.metadata.labels)
    {
        errs.push(selector_mismatch(&spec.template, &tpath));
    }
    if let Some(s) = &spec.selector
        && s.match_labels.is_empty()
        && s.match_expressions.is_empty()
    {
        errs.push(FieldError::invalid_value(&sel_path, json_value(s), "empty selector is invalid for daemonset"));
    }
    errs.extend(validate_pod_template_spec_with(&spec.template, &opts, &tpath));
    errs.extend(restart_always(&spec.template, &tpath));
    if let Some(d) = spec.template.spec.active_deadline_seconds {
        errs.push(FieldError::invalid_value(
            tpath.child("spec").child("activeDeadlineSeconds"),
            d,
            "activeDeadlineSeconds must be nil for DaemonSets",
        ));
    }
    errs.extend(non_negative(i64::from(spec.min_ready_seconds), &path.child("minReadySeconds")));
    errs.extend(daemon_set_strategy(&spec.update_strategy, &path.child("updateStrategy")));
    if let Some(n) = spec.revision_history_limit {
        errs.extend(non_negative(i64::from(n), &path.child("revisionHistoryLimit")));
    }
    if let Some(old) = old {
        errs.extend(immutable(&spec.selector, &old.spec.selector, || json_value(&spec.selector), &sel_path));
    }
    errs
}

fn nonzero(v: &Option<IntOrString>) -> Option<&IntOrString> {
    v.as_ref().filter(|v| int_or_percent(v).0 != 0)
}

fn daemon_set_strategy(s: &DaemonSetUpdateStrategy, path: &Path) -> ErrorList {
    let mut errs = ErrorList::new();
    match s.r#type.0.as_str() {
        "OnDelete" => {}
        "RollingUpdate" => {
            let Some(r) = &s.rolling_update else {
                errs.push(FieldError::required(path.child("rollingUpdate"), ""));
                return errs;
            };
            let path = path.child("rollingUpdate");
            let unavailable = nonzero(&r.max_unavailable);
            let surge = nonzero(&r.max_surge);
            for (v, name) in [(unavailable, "maxUnavailable"), (surge, "maxSurge")] {
                if let Some(v) = v {
                    errs.extend(positive_int_or_percent(v, &path.child(name)));
                    errs.extend(not_more_than_100_percent(v, &path.child(name)));
                }
            }
            match (unavailable, surge) {
                (Some(_), Some(s)) => errs.push(FieldError::invalid_value(
                    path.child("maxSurge"),
                    json_value(s),
                    "may not be set when maxUnavailable is non-zero",
                )),
                (None, None) => {
                    errs.push(FieldError::required(path.child("maxUnavailable"), "cannot be 0 when maxSurge is 0"));
                }
                _ => {}
            }
        }
        _ => errs.push(FieldError::not_supported_value(path, json_value(s), &["RollingUpdate", "OnDelete"])),
    }
    errs
}

// ---------------------------------------------------------------------------------------------
// StatefulSet.

/// Validates a `StatefulSet`: podManagementPolicy, the update strategy, the claim retention
/// policy, replicas, minReadySeconds, `serviceName` (a DNS label), ordinals, selector (required, non-empty, matching the
/// template) and the template (whose mounts may refer to the volume claim templates), restart
/// policy `Always`, no `activeDeadlineSeconds`; on update, that only the mutable fields changed.
pub fn validate_stateful_set(obj: &StatefulSet, old: Option<&StatefulSet>) -> ErrorList {
    let spec = &obj.spec;
    let opts = PodValidationOptions::from_old_template(old.map(|o| &o.spec.template));
    let path = Path::new("spec");
    let mut errs = ErrorList::new();
    match spec.pod_management_policy.0.as_str() {
        "" => errs.push(FieldError::required(path.child("podManagementPolicy"), "")),
        "OrderedReady" | "Parallel" => {}
        other => errs.push(FieldError::invalid_value(
            path.child("podManagementPolicy"),
            BadValue::named(other),
            "must be 'OrderedReady' or 'Parallel'",
        )),
    }
    let strategy = path.child("updateStrategy");
    match spec.update_strategy.r#type.0.as_str() {
        "" => errs.push(FieldError::required(&strategy, "")),
        "OnDelete" => {
            if let Some(r) = &spec.update_strategy.rolling_update {
                errs.push(FieldError::invalid_value(
                    strategy.child("rollingUpdate"),
                    json_value(r),
                    "only allowed for updateStrategy 'RollingUpdate'",
                ));
            }
        }
        "RollingUpdate" => {
            if let Some(r) = &spec.update_strategy.rolling_update {
                let p = strategy.child("rollingUpdate");
                errs.extend(non_negative(i64::from(r.partition.unwrap_or(0)), &p.child("partition")));
                if let Some(m) = &r.max_unavailable {
                    let mp = p.child("maxUnavailable");
                    errs.extend(positive_int_or_percent(m, &mp));
                    if int_or_percent(m).0 == 0 {
                        errs.push(FieldError::invalid_value(&mp, json_value(m), "cannot be 0"));
                    }
                    errs.extend(not_more_than_100_percent(m, &mp));
                }
            }
        }
        _ => errs.push(FieldError::invalid_value(
            &strategy,
            json_value(&spec.update_strategy),
            "must be 'RollingUpdate' or 'OnDelete'",
        )),
    }
    if let Some(policy) = &spec.persistent_volume_claim_retention_policy {
        let p = path.child("persistentVolumeClaimRetentionPolicy");
        for (v, name) in [(&policy.when_deleted, "whenDeleted"), (&policy.when_scaled, "whenScaled")] {
            if !RETENTION_POLICIES.contains(&v.0.as_str()) {
                errs.push(FieldError::not_supported_value(p.child(name), BadValue::named(&v.0), RETENTION_POLICIES));
            }
        }
    }
    errs.extend(non_negative(i64::from(spec.replicas.unwrap_or(1)), &path.child("replicas")));
    errs.extend(non_negative(i64::from(spec.min_ready_seconds), &path.child("minReadySeconds")));
    // The controller sets each pod's `subdomain` to `serviceName`, which must be a DNS label;
    // upstream checks it since 1.33. The field is immutable, so a stored set keeps its value.
    if !spec.service_name.is_empty() && old.is_none_or(|o| o.spec.service_name != spec.service_name) {
        errs.extend(dns1123_label(&spec.service_name, &path.child("serviceName")));
    }
    if let Some(o) = &spec.ordinals {
        errs.extend(non_negative(i64::from(o.start), &path.child("ordinals.start")));
    }
    let sel_path = path.child("selector");
    let tpath = path.child("template");
    match selector_checks(spec.selector.as_ref(), "statefulset", &sel_path, &mut errs) {
        Some(sel) => {
            if !sel.is_empty() && !sel.matches(&spec.template.metadata.labels) {
                errs.push(selector_mismatch(&spec.template, &tpath));
            }
            // Each claim template becomes a volume of every pod. The names already there are
            // kept in a set, so that many templates and volumes cost linear time, not their product.
            let mut t = spec.template.clone();
            let mut names: BTreeSet<&str> = spec.template.spec.volumes.iter().map(|v| v.name.as_str()).collect();
            for claim in &spec.volume_claim_templates {
                if names.insert(claim.metadata.name.as_str()) {
                    t.spec.volumes.push(Volume {
                        name: claim.metadata.name.clone(),
                        volume_source: VolumeSource {
                            persistent_volume_claim: Some(Box::new(PersistentVolumeClaimVolumeSource {
                                claim_name: claim.metadata.name.clone(),
                                read_only: false,
                            })),
                            ..VolumeSource::default()
                        },
                    });
                }
            }
            errs.extend(validate_pod_template_spec_with(&t, &opts, &tpath));
        }
        None => errs.push(FieldError::invalid_value(&sel_path, json_value(&spec.selector), "")),
    }
    errs.extend(restart_always(&spec.template, &tpath));
    if spec.template.spec.active_deadline_seconds.is_some() {
        errs.push(FieldError::forbidden(
            tpath.child("spec").child("activeDeadlineSeconds"),
            "activeDeadlineSeconds in StatefulSet is not Supported",
        ));
    }
    if let Some(old) = old {
        let mut same = spec.clone();
        same.replicas = old.spec.replicas;
        same.template.clone_from(&old.spec.template);
        same.update_strategy.clone_from(&old.spec.update_strategy);
        same.min_ready_seconds = old.spec.min_ready_seconds;
        same.ordinals.clone_from(&old.spec.ordinals);
        same.revision_history_limit = old.spec.revision_history_limit;
        same.persistent_volume_claim_retention_policy.clone_from(&old.spec.persistent_volume_claim_retention_policy);
        if same != old.spec {
            errs.push(FieldError::forbidden(&path, STATEFUL_SET_SPEC_UPDATE));
        }
    }
    errs
}

/// The warnings of a deployment write (`deploymentStrategy`): on create the name as a hostname
/// and the template's, on update the template's when the generation changed.
pub fn warnings_for_deployment(obj: &Deployment, old: Option<&Deployment>) -> Vec<String> {
    warnings::deployment(obj, old)
}

/// The warnings of a replica set write (`rsStrategy`), the same rules as a deployment's.
pub fn warnings_for_replica_set(obj: &ReplicaSet, old: Option<&ReplicaSet>) -> Vec<String> {
    warnings::replica_set(obj, old)
}

/// The warnings of a stateful set write (`statefulSetStrategy`): the template's (on update when
/// the generation changed), fractional storage in the claim templates, and a negative
/// `revisionHistoryLimit`. No name warning: upstream gives none for stateful sets. The claim
/// templates' paths are upstream's: `spec.volumeClaimTemplates[i].resources…` on create,
/// `spec.volumeClaimTemplates[i].Spec.resources…` on update.
pub fn warnings_for_stateful_set(obj: &StatefulSet, old: Option<&StatefulSet>) -> Vec<String> {
    warnings::stateful_set(obj, old)
}

/// The warnings of a daemon set write (`daemonSetStrategy`): the template's, on update only when
/// the template generation (the `deprecated.daemonset.template.generation` annotation in apps/v1)
/// changed. No name warning: upstream gives none for daemon sets.
pub fn warnings_for_daemon_set(obj: &DaemonSet, old: Option<&DaemonSet>) -> Vec<String> {
    warnings::daemon_set(obj, old)
}

// ---------------------------------------------------------------------------------------------
// Controller revisions.

/// Validates a `ControllerRevision` (upstream's `ValidateControllerRevision` and
/// `ValidateControllerRevisionUpdate`): `data` set, `revision` not negative, and on update
/// `data` unchanged.
pub fn validate_controller_revision(obj: &ControllerRevision, old: Option<&ControllerRevision>) -> ErrorList {
    let mut errs = ErrorList::new();
    // Upstream's internal `Data` is an object, nil when the raw bytes are absent or `null`.
    let absent = obj.data.raw.as_deref().is_none_or(|b| b.is_empty() || b == b"null");
    if absent {
        errs.push(FieldError::required("data", "data is mandatory"));
    }
    errs.extend(non_negative(obj.revision, &Path::new("revision")));
    if let Some(old) = old {
        errs.extend(immutable(&obj.data, &old.data, || json_value(&obj.data), &Path::new("data")));
    }
    errs
}

// ---------------------------------------------------------------------------------------------
// Status updates.

/// `cannot be decremented` when a collision count goes down or is unset (upstream's
/// `IsDecremented`); the value shown is 0 for an unset count.
fn collision_count_decremented(new: Option<i32>, old: Option<i32>) -> ErrorList {
    let decremented = match (new, old) {
        (None, Some(_)) => true,
        (Some(n), Some(o)) => n < o,
        _ => false,
    };
    if decremented {
        return vec![FieldError::invalid_value(
            Path::new("status").child("collisionCount"),
            new.unwrap_or(0),
            "cannot be decremented",
        )];
    }
    Vec::new()
}

/// Validates a deployment's `/status` update (upstream's `ValidateDeploymentStatusUpdate`):
/// counts not negative, none above `replicas`, available not above ready, and the collision
/// count not decremented.
pub fn validate_deployment_status_update(obj: &Deployment, old: &Deployment) -> ErrorList {
    let s = &obj.status;
    let path = Path::new("status");
    let mut errs = ErrorList::new();
    non_negatives(
        &mut errs,
        &path,
        &[
            ("observedGeneration", Some(s.observed_generation)),
            ("replicas", Some(i64::from(s.replicas))),
            ("updatedReplicas", Some(i64::from(s.updated_replicas))),
            ("readyReplicas", Some(i64::from(s.ready_replicas))),
            ("availableReplicas", Some(i64::from(s.available_replicas))),
            ("unavailableReplicas", Some(i64::from(s.unavailable_replicas))),
            ("terminatingReplicas", s.terminating_replicas.map(i64::from)),
            ("collisionCount", s.collision_count.map(i64::from)),
        ],
    );
    not_above(
        &mut errs,
        &path,
        &[
            ("updatedReplicas", s.updated_replicas, s.replicas, "status.replicas"),
            ("readyReplicas", s.ready_replicas, s.replicas, "status.replicas"),
            ("availableReplicas", s.available_replicas, s.replicas, "status.replicas"),
            ("availableReplicas", s.available_replicas, s.ready_replicas, "readyReplicas"),
        ],
    );
    errs.extend(collision_count_decremented(s.collision_count, old.status.collision_count));
    errs
}

/// Validates a replica set's `/status` update (upstream's `ValidateReplicaSetStatusUpdate`):
/// counts not negative, none above `replicas`, available not above ready.
pub fn validate_replica_set_status_update(obj: &ReplicaSet, _old: &ReplicaSet) -> ErrorList {
    let s = &obj.status;
    let path = Path::new("status");
    let mut errs = ErrorList::new();
    non_negatives(
        &mut errs,
        &path,
        &[
            ("replicas", Some(i64::from(s.replicas))),
            ("fullyLabeledReplicas", Some(i64::from(s.fully_labeled_replicas))),
            ("readyReplicas", Some(i64::from(s.ready_replicas))),
            ("availableReplicas", Some(i64::from(s.available_replicas))),
            ("observedGeneration", Some(s.observed_generation)),
            ("terminatingReplicas", s.terminating_replicas.map(i64::from)),
        ],
    );
    not_above(
        &mut errs,
        &path,
        &[
            ("fullyLabeledReplicas", s.fully_labeled_replicas, s.replicas, "status.replicas"),
            ("readyReplicas", s.ready_replicas, s.replicas, "status.replicas"),
            ("availableReplicas", s.available_replicas, s.replicas, "status.replicas"),
            ("availableReplicas", s.available_replicas, s.ready_replicas, "readyReplicas"),
        ],
    );
    errs
}

/// Validates a daemon set's `/status` update (upstream's `ValidateDaemonSetStatusUpdate`):
/// counts not negative and the collision count not decremented.
pub fn validate_daemon_set_status_update(obj: &DaemonSet, old: &DaemonSet) -> ErrorList {
    let s = &obj.status;
    let mut errs = ErrorList::new();
    non_negatives(
        &mut errs,
        &Path::new("status"),
        &[
            ("currentNumberScheduled", Some(i64::from(s.current_number_scheduled))),
            ("numberMisscheduled", Some(i64::from(s.number_misscheduled))),
            ("desiredNumberScheduled", Some(i64::from(s.desired_number_scheduled))),
            ("numberReady", Some(i64::from(s.number_ready))),
            ("observedGeneration", Some(s.observed_generation)),
            ("updatedNumberScheduled", Some(i64::from(s.updated_number_scheduled))),
            ("numberAvailable", Some(i64::from(s.number_available))),
            ("numberUnavailable", Some(i64::from(s.number_unavailable))),
            ("collisionCount", s.collision_count.map(i64::from)),
        ],
    );
    errs.extend(collision_count_decremented(s.collision_count, old.status.collision_count));
    errs
}

/// Validates a stateful set's `/status` update (upstream's `ValidateStatefulSetStatusUpdate`):
/// counts not negative, none above `replicas`, available not above ready, and the collision
/// count not decremented.
pub fn validate_stateful_set_status_update(obj: &StatefulSet, old: &StatefulSet) -> ErrorList {
    let s = &obj.status;
    let path = Path::new("status");
    let mut errs = ErrorList::new();
    // The v1 `observedGeneration` is a plain integer: upstream's internal pointer is never nil.
    non_negatives(
        &mut errs,
        &path,
        &[
            ("replicas", Some(i64::from(s.replicas))),
            ("readyReplicas", Some(i64::from(s.ready_replicas))),
            ("currentReplicas", Some(i64::from(s.current_replicas))),
            ("updatedReplicas", Some(i64::from(s.updated_replicas))),
            ("availableReplicas", Some(i64::from(s.available_replicas))),
            ("observedGeneration", Some(s.observed_generation)),
            ("collisionCount", s.collision_count.map(i64::from)),
        ],
    );
    not_above(
        &mut errs,
        &path,
        &[
            ("readyReplicas", s.ready_replicas, s.replicas, "status.replicas"),
            ("currentReplicas", s.current_replicas, s.replicas, "status.replicas"),
            ("updatedReplicas", s.updated_replicas, s.replicas, "status.replicas"),
            ("availableReplicas", s.available_replicas, s.replicas, "status.replicas"),
            ("availableReplicas", s.available_replicas, s.ready_replicas, "status.readyReplicas"),
        ],
    );
    errs.extend(collision_count_decremented(s.collision_count, old.status.collision_count));
    errs
}

#[cfg(test)]
#[path = "validation_tests.rs"]
mod tests;
