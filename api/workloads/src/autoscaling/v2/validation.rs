//! Hand-written validation of autoscaling/v2 horizontal pod autoscalers and their status updates, with the checks, field paths and messages of upstream's `pkg/apis/autoscaling/validation` (shared with autoscaling/v1).
//!
//! `minReplicas`' lower bound and `maxReplicas` being at least 1 are generated declarative rules
//! upstream marks as covering its hand-written ones; they are made here only while beta
//! declarative validation is off. autoscaling/v1 writes are validated here too, after conversion
//! (see [`Scheme::validate`](kapi_machinery::Scheme::validate)), so metrics and behavior that v1
//! carries in annotations get these checks at the converted paths. The `apiVersion` checks of the
//! scale target and of object metrics' described objects follow upstream's options, which its
//! strategy derives from the stored autoscaler (`ValidationOptions::for_autoscaler`).

use std::collections::BTreeSet;

use kapi_machinery::object::parse_group_version;
use kapi_machinery::types::Quantity;
use kapi_machinery::validation::{BadValue, ErrorList, FieldError, Path};

use super::{
    CrossVersionObjectReference, HPAScalingPolicy, HPAScalingRules, HorizontalPodAutoscaler,
    HorizontalPodAutoscalerBehavior, MetricIdentifier, MetricSpec, MetricTarget,
};
use crate::core::v1::validation::{container_resource_name, dns1123_label, non_negative};
use crate::features::{self, Feature, Release, enabled};

/// The release the declarative rules covering these checks became beta in (their tags'
/// `+k8s:beta(since: "1.37")`): before it the hand-written checks answer.
const COVERED_SINCE: Release = Release::new(1, 37);

const MAX_PERIOD_SECONDS: i32 = 1800;
const MAX_STABILIZATION_WINDOW_SECONDS: i32 = 3600;
const SELECT_POLICIES: &[&str] = &["Disabled", "Max", "Min"];
const POLICY_TYPES: &[&str] = &["Percent", "Pods"];
const METRIC_SOURCE_TYPES: &[&str] = &["ContainerResource", "External", "Object", "Pods", "Resource"];
const POPULATE: &str = "must populate information for the given metric source";

fn declarative_beta() -> bool {
    features::declarative_beta(COVERED_SINCE)
}

fn quantity_value(q: &Quantity) -> BadValue {
    BadValue::Json(format!("\"{q}\""))
}

/// Upstream's `IsValidPathSegmentName`.
fn path_segment(name: &str) -> Vec<String> {
    for bad in [".", ".."] {
        if name == bad {
            return vec![format!("may not be '{bad}'")];
        }
    }
    ["/", "%"].iter().filter(|c| name.contains(**c)).map(|c| format!("may not contain '{c}'")).collect()
}

/// How strictly a reference's `apiVersion` is checked (upstream's
/// `CrossVersionObjectReferenceValidationOptions`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct ReferenceOptions {
    /// An `apiVersion` without a group (the core group) passes.
    pub(crate) allow_empty_api_group: bool,
    /// The `apiVersion` is not checked at all.
    pub(crate) allow_invalid_api_version: bool,
}

/// What an autoscaler's spec is validated against (upstream's
/// `HorizontalPodAutoscalerSpecValidationOptions`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct ValidationOptions {
    /// The lowest `minReplicas` allowed.
    pub(crate) min_replicas_lower_bound: i32,
    /// For `spec.scaleTargetRef`.
    pub(crate) scale_target_ref: ReferenceOptions,
    /// For object metrics' `describedObject`.
    pub(crate) object_metrics: ReferenceOptions,
}

impl ValidationOptions {
    /// The options upstream's strategy (`validationOptionsForHorizontalPodAutoscaler`) gives a
    /// create (`old` absent) or an update. `minReplicas` may be 0 with the `HPAScaleToZero` gate
    /// or when the stored autoscaler already had 0. The scale target needs a group unless it is a
    /// `ReplicationController`, the one scalable core kind, and is not checked on an update that
    /// keeps its kind and `apiVersion`; described objects may be in the core group, and are not
    /// checked once the stored autoscaler has an object metric with an invalid one, so that such
    /// an autoscaler can still be updated.
    pub(crate) fn for_autoscaler(new: &HorizontalPodAutoscaler, old: Option<&HorizontalPodAutoscaler>) -> Self {
        let old_min = old.and_then(|o| o.spec.min_replicas);
        let mut opts = ValidationOptions {
            min_replicas_lower_bound: if enabled(Feature::HPAScaleToZero) || old_min == Some(0) { 0 } else { 1 },
            scale_target_ref: ReferenceOptions::default(),
            object_metrics: ReferenceOptions { allow_empty_api_group: true, allow_invalid_api_version: false },
        };
        let target = &new.spec.scale_target_ref;
        if old.is_some_and(|o| {
            o.spec.scale_target_ref.api_version == target.api_version && o.spec.scale_target_ref.kind == target.kind
        }) {
            opts.scale_target_ref.allow_invalid_api_version = true;
        } else if target.kind == "ReplicationController" {
            opts.scale_target_ref.allow_empty_api_group = true;
        }
        let stored_invalid = old.is_some_and(|o| {
            o.spec.metrics.iter().any(|m| {
                m.r#type.0 == "Object"
                    && m.object.as_ref().is_some_and(|ob| {
                        api_version_error(&ob.described_object.api_version, opts.object_metrics).is_some()
                    })
            })
        });
        if stored_invalid {
            opts.object_metrics.allow_invalid_api_version = true;
        }
        opts
    }
}

/// Upstream's `ValidateAPIVersion`: the message of what is wrong with a reference's
/// `apiVersion`, if anything.
fn api_version_error(api_version: &str, opts: ReferenceOptions) -> Option<String> {
    if opts.allow_invalid_api_version {
        return None;
    }
    match parse_group_version(api_version) {
        Err(e) => Some(e),
        Ok(("", _)) if !opts.allow_empty_api_group => Some("apiVersion must specify API group".to_owned()),
        Ok(_) => None,
    }
}

/// The replica and target checks autoscaling/v1 and v2 share (the first part of upstream's
/// `validateHorizontalPodAutoscalerSpec`).
fn replicas_and_target(
    min: Option<i32>,
    max: i32,
    target: &CrossVersionObjectReference,
    opts: ValidationOptions,
    path: &Path,
) -> ErrorList {
    let lower_bound = opts.min_replicas_lower_bound;
    let mut errs = ErrorList::new();
    let beta = declarative_beta();
    if let Some(m) = min
        && m < lower_bound
        && !beta
    {
        errs.push(FieldError::invalid_value(
            path.child("minReplicas"),
            m,
            &format!("must be greater than or equal to {lower_bound}"),
        ));
    }
    if max < 1 && !beta {
        errs.push(FieldError::invalid_value(path.child("maxReplicas"), max, "must be greater than 0"));
    }
    if let Some(m) = min
        && max < m
    {
        errs.push(FieldError::invalid_value(
            path.child("maxReplicas"),
            max,
            "must be greater than or equal to `minReplicas`",
        ));
    }
    errs.extend(cross_version_reference(target, opts.scale_target_ref, &path.child("scaleTargetRef")));
    errs
}

/// Upstream's `ValidateCrossVersionObjectReference`: kind and name required path segments, then
/// the `apiVersion` as `opts` allow.
fn cross_version_reference(r: &CrossVersionObjectReference, opts: ReferenceOptions, path: &Path) -> ErrorList {
    let mut errs = ErrorList::new();
    for (value, field) in [(&r.kind, "kind"), (&r.name, "name")] {
        let p = path.child(field);
        if value.is_empty() {
            errs.push(FieldError::required(&p, ""));
        } else {
            errs.extend(path_segment(value).iter().map(|m| FieldError::invalid(&p, value, m)));
        }
    }
    if let Some(m) = api_version_error(&r.api_version, opts) {
        errs.push(FieldError::invalid(path.child("apiVersion"), &r.api_version, &m));
    }
    errs
}

/// Upstream's `validateMetricTarget`.
pub(crate) fn metric_target(t: &MetricTarget, path: &Path) -> ErrorList {
    let mut errs = ErrorList::new();
    if t.r#type.0.is_empty() {
        errs.push(FieldError::required(path.child("type"), "must specify a metric target type"));
    }
    if !["Utilization", "Value", "AverageValue"].contains(&t.r#type.0.as_str()) {
        errs.push(FieldError::invalid_value(
            path.child("type"),
            BadValue::named(&t.r#type.0),
            "must be either Utilization, Value, or AverageValue",
        ));
    }
    for (q, field) in [(&t.value, "value"), (&t.average_value, "averageValue")] {
        if let Some(q) = q
            && q.sign() != 1
        {
            errs.push(FieldError::invalid_value(path.child(field), quantity_value(q), "must be positive"));
        }
    }
    if let Some(u) = t.average_utilization
        && u < 1
    {
        errs.push(FieldError::invalid_value(path.child("averageUtilization"), u, "must be greater than 0"));
    }
    errs
}

fn metric_identifier(id: &MetricIdentifier, path: &Path) -> ErrorList {
    let p = path.child("name");
    if id.name.is_empty() {
        return vec![FieldError::required(p, "must specify a metric name")];
    }
    path_segment(&id.name).iter().map(|m| FieldError::invalid(&p, &id.name, m)).collect()
}

fn utilization_or_value(t: &MetricTarget, path: &Path) -> ErrorList {
    let tp = path.child("target");
    let mut errs = ErrorList::new();
    if t.average_utilization.is_none() && t.average_value.is_none() {
        errs.push(FieldError::required(
            tp.child("averageUtilization"),
            "must set either a target raw value or a target utilization",
        ));
    }
    if t.average_utilization.is_some() && t.average_value.is_some() {
        errs.push(FieldError::forbidden(
            tp.child("averageValue"),
            "may not set both a target raw value and a target utilization",
        ));
    }
    errs
}

/// Upstream's `validateMetricSpec`: a known type, its source set and only it, and the source.
fn metric_spec(m: &MetricSpec, objects: ReferenceOptions, path: &Path) -> ErrorList {
    let mut errs = ErrorList::new();
    let ty = m.r#type.0.as_str();
    if ty.is_empty() {
        errs.push(FieldError::required(path.child("type"), "must specify a metric source type"));
    }
    if !METRIC_SOURCE_TYPES.contains(&ty) {
        errs.push(FieldError::not_supported_value(path.child("type"), BadValue::named(ty), METRIC_SOURCE_TYPES));
    }
    // Upstream validates only the first source set, in this order, and forbids the others.
    let mut present: BTreeSet<&str> = BTreeSet::new();
    if let Some(o) = &m.object {
        present.insert("object");
        let p = path.child("object");
        errs.extend(cross_version_reference(&o.described_object, objects, &p.child("describedObject")));
        errs.extend(metric_identifier(&o.metric, &p.child("metric")));
        errs.extend(metric_target(&o.target, &p.child("target")));
        if o.target.value.is_none() && o.target.average_value.is_none() {
            errs.push(FieldError::required(
                p.child("target").child("averageValue"),
                "must set either a target value or averageValue",
            ));
        }
    }
    if let Some(e) = &m.external {
        present.insert("external");
        if present.len() == 1 {
            let p = path.child("external");
            errs.extend(metric_identifier(&e.metric, &p.child("metric")));
            errs.extend(metric_target(&e.target, &p.child("target")));
            let tp = p.child("target");
            if e.target.value.is_none() && e.target.average_value.is_none() {
                errs.push(FieldError::required(
                    tp.child("averageValue"),
                    "must set either a target value for metric or a per-pod target",
                ));
            }
            if e.target.value.is_some() && e.target.average_value.is_some() {
                errs.push(FieldError::forbidden(
                    tp.child("value"),
                    "may not set both a target value for metric and a per-pod target",
                ));
            }
        }
    }
    if let Some(s) = &m.pods {
        present.insert("pods");
        if present.len() == 1 {
            let p = path.child("pods");
            errs.extend(metric_identifier(&s.metric, &p.child("metric")));
            errs.extend(metric_target(&s.target, &p.child("target")));
            if s.target.average_value.is_none() {
                errs.push(FieldError::required(
                    p.child("target").child("averageValue"),
                    "must specify a positive target averageValue",
                ));
            }
        }
    }
    if let Some(r) = &m.resource {
        present.insert("resource");
        if present.len() == 1 {
            let p = path.child("resource");
            if r.name.0.is_empty() {
                errs.push(FieldError::required(p.child("name"), "must specify a resource name"));
            }
            errs.extend(metric_target(&r.target, &p.child("target")));
            errs.extend(utilization_or_value(&r.target, &p));
        }
    }
    if let Some(c) = &m.container_resource {
        present.insert("containerResource");
        if present.len() == 1 {
            let p = path.child("containerResource");
            if c.name.0.is_empty() {
                errs.push(FieldError::required(p.child("name"), "must specify a resource name"));
            } else {
                errs.extend(container_resource_name(&c.name.0, &p.child("name")));
            }
            if c.container.is_empty() {
                errs.push(FieldError::required(p.child("container"), "must specify a container"));
            } else {
                errs.extend(dns1123_label(&c.container, &p.child("container")));
            }
            errs.extend(metric_target(&c.target, &p.child("target")));
            errs.extend(utilization_or_value(&c.target, &p));
        }
    }
    let expected = match ty {
        "Object" => Some(("object", m.object.is_none())),
        "Pods" => Some(("pods", m.pods.is_none())),
        "Resource" => Some(("resource", m.resource.is_none())),
        "External" => Some(("external", m.external.is_none())),
        "ContainerResource" => Some(("containerResource", m.container_resource.is_none())),
        _ => None,
    };
    match expected {
        Some((field, true)) => errs.push(FieldError::required(path.child(field), POPULATE)),
        Some(_) => {}
        None => {
            errs.push(FieldError::not_supported_value(path.child("type"), BadValue::named(ty), METRIC_SOURCE_TYPES));
        }
    }
    if present.len() != 1 {
        if let Some((field, _)) = expected {
            present.remove(field);
        }
        // Upstream ranges over a Go map here, in no fixed order; kapi lists them sorted.
        for field in present {
            errs.push(FieldError::forbidden(path.child(field), "must populate the given metric source only"));
        }
    }
    errs
}

/// Upstream's `validateMetrics`: each metric, and an Object or External metric when
/// `minReplicas` is 0.
fn metrics(list: &[MetricSpec], min: Option<i32>, objects: ReferenceOptions, path: &Path) -> ErrorList {
    let mut errs = ErrorList::new();
    for (i, m) in list.iter().enumerate() {
        errs.extend(metric_spec(m, objects, &path.index(i)));
    }
    let scales_on_object = list.iter().any(|m| matches!(m.r#type.0.as_str(), "Object" | "External"));
    if min == Some(0) && !scales_on_object {
        errs.push(FieldError::forbidden(
            path,
            "must specify at least one Object or External metric to support scaling to zero replicas",
        ));
    }
    errs
}

fn behavior(b: &HorizontalPodAutoscalerBehavior, path: &Path) -> ErrorList {
    let mut errs = ErrorList::new();
    for (rules, field) in [(&b.scale_up, "scaleUp"), (&b.scale_down, "scaleDown")] {
        if let Some(r) = rules {
            errs.extend(scaling_rules(r, &path.child(field)));
        }
    }
    errs
}

fn scaling_rules(r: &HPAScalingRules, path: &Path) -> ErrorList {
    let mut errs = ErrorList::new();
    if let Some(w) = r.stabilization_window_seconds {
        let p = path.child("stabilizationWindowSeconds");
        if w < 0 {
            errs.push(FieldError::invalid_value(&p, w, "must be greater than or equal to zero"));
        }
        if w > MAX_STABILIZATION_WINDOW_SECONDS {
            errs.push(FieldError::invalid_value(
                &p,
                w,
                &format!("must be less than or equal to {MAX_STABILIZATION_WINDOW_SECONDS}"),
            ));
        }
    }
    if let Some(s) = &r.select_policy
        && !SELECT_POLICIES.contains(&s.0.as_str())
    {
        errs.push(FieldError::not_supported_value(path.child("selectPolicy"), BadValue::named(&s.0), SELECT_POLICIES));
    }
    let pp = path.child("policies");
    if r.policies.is_empty() {
        errs.push(FieldError::required(&pp, "must specify at least one Policy"));
    }
    for (i, p) in r.policies.iter().enumerate() {
        errs.extend(scaling_policy(p, &pp.index(i)));
    }
    // Not gated here: with `HPAConfigurableTolerance` off the strategy drops the field before
    // validation unless the stored autoscaler already set one.
    if let Some(t) = &r.tolerance
        && t.sign() < 0
    {
        errs.push(FieldError::invalid_value(
            path.child("tolerance"),
            quantity_value(t),
            "must be greater or equal to zero",
        ));
    }
    errs
}

fn scaling_policy(p: &HPAScalingPolicy, path: &Path) -> ErrorList {
    let mut errs = ErrorList::new();
    if !POLICY_TYPES.contains(&p.r#type.0.as_str()) {
        errs.push(FieldError::not_supported_value(path.child("type"), BadValue::named(&p.r#type.0), POLICY_TYPES));
    }
    if p.value <= 0 {
        errs.push(FieldError::invalid_value(path.child("value"), p.value, "must be greater than zero"));
    }
    let sp = path.child("periodSeconds");
    if p.period_seconds <= 0 {
        errs.push(FieldError::invalid_value(&sp, p.period_seconds, "must be greater than zero"));
    }
    if p.period_seconds > MAX_PERIOD_SECONDS {
        errs.push(FieldError::invalid_value(
            &sp,
            p.period_seconds,
            &format!("must be less than or equal to {MAX_PERIOD_SECONDS}"),
        ));
    }
    errs
}

/// Validates an autoscaling/v2 `HorizontalPodAutoscaler` (upstream's
/// `ValidateHorizontalPodAutoscaler` and `ValidateHorizontalPodAutoscalerUpdate`): replicas
/// (`minReplicas` at least 1, or 0 where scaling to zero is allowed or the stored autoscaler
/// had 0; `maxReplicas` at least 1 and not below `minReplicas`), the scale target, the metrics
/// and the scaling behavior, with the options upstream's strategy derives from `old`.
pub fn validate_horizontal_pod_autoscaler(
    obj: &HorizontalPodAutoscaler,
    old: Option<&HorizontalPodAutoscaler>,
) -> ErrorList {
    let spec = &obj.spec;
    let path = Path::new("spec");
    let opts = ValidationOptions::for_autoscaler(obj, old);
    let mut errs = replicas_and_target(spec.min_replicas, spec.max_replicas, &spec.scale_target_ref, opts, &path);
    errs.extend(metrics(&spec.metrics, spec.min_replicas, opts.object_metrics, &path.child("metrics")));
    if let Some(b) = &spec.behavior {
        errs.extend(behavior(b, &path.child("behavior")));
    }
    errs
}

/// Validates an autoscaler's `/status` update (upstream's
/// `ValidateHorizontalPodAutoscalerStatusUpdate`): current and desired replicas not negative.
pub fn validate_horizontal_pod_autoscaler_status_update(
    obj: &HorizontalPodAutoscaler,
    _old: &HorizontalPodAutoscaler,
) -> ErrorList {
    let path = Path::new("status");
    let mut errs = non_negative(i64::from(obj.status.current_replicas), &path.child("currentReplicas"));
    errs.extend(non_negative(i64::from(obj.status.desired_replicas), &path.child("desiredReplicas")));
    errs
}

#[cfg(test)]
#[path = "validation_tests.rs"]
mod tests;
