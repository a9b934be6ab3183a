//! LimitRanger: the namespace's `LimitRange` objects give new pods' containers their default requests and limits, and bound pods' and claims' requests and limits.
//!
//! Facts from upstream's `plugin/pkg/admission/limitranger`: defaults come from the `Container`
//! limits' `defaultRequest` and `default`, fill only what a container (or init container) lacks,
//! and are named in the `kubernetes.io/limit-ranger` annotation (`LimitRanger plugin set: cpu
//! request for container app; …`; each limit range that sets something rewrites it). Checks:
//! `Container` min/max/ratio per container and init container, `Pod` min/max/ratio on the pod's
//! totals (containers summed, restartable init containers alongside them, the largest other init
//! container if larger, pod-level `cpu`/`memory` overriding with `PodLevelResources`), and
//! `PersistentVolumeClaim` min/max on the claim's requests. Quantities compare in milli-units
//! unless one exceeds `i64::MAX / 1000`. The first limit range with a violation refuses the
//! write with all of its violations (`[a, b]` when more than one). Pods are checked on create
//! only (their containers' resources are immutable after), claims on create and update; objects
//! being deleted are not checked.

use kapi_api::meta::v1::ListOptions;
use kapi_machinery::json::value::Value;
use kapi_machinery::types::Quantity;

use super::super::ApiServer;
use crate::quota::{Resources, containers, pod_total, resources, resources_at};
use crate::tracker::Result;
use crate::tracker::meta::{member_mut, object_member_mut, set_member, to_value};

/// The annotation naming the defaults the plugin set.
const ANNOTATION: &str = "kubernetes.io/limit-ranger";

/// Go's `resource.MaxMilliValue`: above it, quantities compare in whole units.
const MAX_MILLI_VALUE: i64 = i64::MAX / 1000;

/// What a write is to LimitRanger.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(in crate::server) enum Limited {
    /// A new pod: defaulted (in the mutating phase) and checked.
    PodCreate,
    /// A claim created or updated: checked.
    Claim,
}

impl Limited {
    /// The resource checked (`pods`, `persistentvolumeclaims`).
    pub(in crate::server) fn resource(self) -> &'static str {
        match self {
            Limited::PodCreate => "pods",
            Limited::Claim => "persistentvolumeclaims",
        }
    }
}

/// The `Container` limits' defaults of one limit range: `(requests, limits)`.
fn container_defaults(range: &Value) -> (Resources, Resources) {
    let (mut requests, mut limits) = (Resources::new(), Resources::new());
    for limit in items(range) {
        if limit.get("type").and_then(Value::as_str) == Some("Container") {
            requests.extend(resources(limit.get("defaultRequest")));
            limits.extend(resources(limit.get("default")));
        }
    }
    (requests, limits)
}

/// The `spec.limits` of a limit range.
fn items(range: &Value) -> &[Value] {
    match range.get("spec").and_then(|s| s.get("limits")) {
        Some(Value::Array(items)) => items,
        _ => &[],
    }
}

/// Fills what a container lacks from the defaults; returns the annotation's part for it.
fn default_container(container: &mut Value, defaults: &(Resources, Resources), prefix: &str) -> Vec<String> {
    let name = container.get("name").and_then(Value::as_str).unwrap_or_default().to_owned();
    let Some(res) = object_member_mut(container, "resources") else { return Vec::new() };
    let mut fill = |key: &str, defaults: &Resources| -> Vec<String> {
        if defaults.is_empty() {
            return Vec::new();
        }
        let Some(list) = object_member_mut(res, key) else { return Vec::new() };
        let mut set = Vec::new();
        for (k, q) in defaults {
            if list.get(k).is_none() {
                set_member(list, k, Some(Value::String(q.to_string())));
                set.push(k.clone());
            }
        }
        set
    };
    let limits = fill("limits", &defaults.1);
    let requests = fill("requests", &defaults.0);
    // Empty lists stay out of the object, as the internal type's empty maps do on the wire.
    for key in ["limits", "requests"] {
        if matches!(res.get(key), Some(Value::Object(m)) if m.is_empty()) {
            set_member(res, key, None);
        }
    }
    if matches!(container.get("resources"), Some(Value::Object(m)) if m.is_empty()) {
        set_member(container, "resources", None);
    }
    let mut out = Vec::new();
    // Upstream names requests before limits, each list sorted by name.
    if !requests.is_empty() {
        out.push(format!("{} request for {prefix} {name}", requests.join(", ")));
    }
    if !limits.is_empty() {
        out.push(format!("{} limit for {prefix} {name}", limits.join(", ")));
    }
    out
}

/// Upstream's `PodMutateLimitFunc` for one limit range.
fn default_pod(pod: &mut Value, range: &Value) {
    let defaults = container_defaults(range);
    let mut notes = Vec::new();
    let Some(spec) = member_mut(pod, "spec") else { return };
    for (key, prefix) in [("containers", "container"), ("initContainers", "init container")] {
        if let Some(Value::Array(list)) = member_mut(spec, key) {
            for c in list.iter_mut() {
                notes.extend(default_container(c, &defaults, prefix));
            }
        }
    }
    if notes.is_empty() {
        return;
    }
    let Some(meta) = object_member_mut(pod, "metadata") else { return };
    let Some(annotations) = object_member_mut(meta, "annotations") else { return };
    set_member(annotations, ANNOTATION, Some(Value::String(format!("LimitRanger plugin set: {}", notes.join("; ")))));
}

/// Request, limit and enforced value at one precision (upstream's `requestLimitEnforcedValues`).
fn comparable(request: &Quantity, limit: &Quantity, enforced: &Quantity) -> (i64, i64, i64) {
    let (r, l, e) = (request.value(), limit.value(), enforced.value());
    if r <= MAX_MILLI_VALUE && l <= MAX_MILLI_VALUE && e <= MAX_MILLI_VALUE {
        (request.milli_value(), limit.milli_value(), enforced.milli_value())
    } else {
        (r, l, e)
    }
}

fn min_constraint(
    kind: &str,
    name: &str,
    enforced: &Quantity,
    requests: &Resources,
    limits: &Resources,
) -> Option<String> {
    let zero = Quantity::zero();
    let (req, lim) = (requests.get(name), limits.get(name));
    let (r, l, e) = comparable(req.unwrap_or(&zero), lim.unwrap_or(&zero), enforced);
    match req {
        None => Some(format!("minimum {name} usage per {kind} is {enforced}.  No request is specified")),
        Some(req) if r < e => Some(format!("minimum {name} usage per {kind} is {enforced}, but request is {req}")),
        _ => match lim {
            Some(lim) if l < e => Some(format!("minimum {name} usage per {kind} is {enforced}, but limit is {lim}")),
            _ => None,
        },
    }
}

fn max_constraint(
    kind: &str,
    name: &str,
    enforced: &Quantity,
    requests: &Resources,
    limits: &Resources,
) -> Option<String> {
    let zero = Quantity::zero();
    let (req, lim) = (requests.get(name), limits.get(name));
    let (r, l, e) = comparable(req.unwrap_or(&zero), lim.unwrap_or(&zero), enforced);
    match lim {
        None => Some(format!("maximum {name} usage per {kind} is {enforced}.  No limit is specified")),
        Some(lim) if l > e => Some(format!("maximum {name} usage per {kind} is {enforced}, but limit is {lim}")),
        _ => match req {
            Some(req) if r > e => Some(format!("maximum {name} usage per {kind} is {enforced}, but request is {req}")),
            _ => None,
        },
    }
}

/// The max constraint on requests alone, for kinds without limits (claims).
fn max_request_constraint(kind: &str, name: &str, enforced: &Quantity, requests: &Resources) -> Option<String> {
    let zero = Quantity::zero();
    let req = requests.get(name);
    let (r, _, e) = comparable(req.unwrap_or(&zero), &zero, enforced);
    match req {
        None => Some(format!("maximum {name} usage per {kind} is {enforced}.  No request is specified")),
        Some(req) if r > e => Some(format!("maximum {name} usage per {kind} is {enforced}, but request is {req}")),
        _ => None,
    }
}

fn ratio_constraint(
    kind: &str,
    name: &str,
    enforced: &Quantity,
    requests: &Resources,
    limits: &Resources,
) -> Option<String> {
    let zero = Quantity::zero();
    let (req, lim) = (requests.get(name), limits.get(name));
    let (r, l, _) = comparable(req.unwrap_or(&zero), lim.unwrap_or(&zero), enforced);
    if req.is_none() || r == 0 {
        return Some(format!(
            "{name} max limit to request ratio per {kind} is {enforced}, but no request is specified or request is 0"
        ));
    }
    if lim.is_none() || l == 0 {
        return Some(format!(
            "{name} max limit to request ratio per {kind} is {enforced}, but no limit is specified or limit is 0"
        ));
    }
    let observed = l as f64 / r as f64;
    let (ratio, max) = if enforced.value() <= MAX_MILLI_VALUE {
        (observed * 1000.0, enforced.milli_value() as f64)
    } else {
        (observed, enforced.value() as f64)
    };
    (ratio > max).then(|| {
        format!("{name} max limit to request ratio per {kind} is {enforced}, but provided ratio is {observed:.6}")
    })
}

/// Min, max and ratio of one `Container` or `Pod` limit against requests and limits.
fn check(limit: &Value, kind: &str, requests: &Resources, limits: &Resources, errs: &mut Vec<String>) {
    for (name, q) in resources(limit.get("min")) {
        errs.extend(min_constraint(kind, &name, &q, requests, limits));
    }
    for (name, q) in resources(limit.get("max")) {
        errs.extend(max_constraint(kind, &name, &q, requests, limits));
    }
    for (name, q) in resources(limit.get("maxLimitRequestRatio")) {
        errs.extend(ratio_constraint(kind, &name, &q, requests, limits));
    }
}

/// Upstream's `PodValidateLimitFunc` for one limit range: its violations.
fn pod_violations(pod: &Value, range: &Value, pod_level: bool) -> Vec<String> {
    let mut errs = Vec::new();
    for limit in items(range) {
        match limit.get("type").and_then(Value::as_str) {
            Some("Container") => {
                for key in ["containers", "initContainers"] {
                    for c in containers(pod, key) {
                        let requests = resources_at(c, &["resources", "requests"]);
                        let limits = resources_at(c, &["resources", "limits"]);
                        check(limit, "Container", &requests, &limits, &mut errs);
                    }
                }
            }
            Some("Pod") => {
                // Without the pod's overhead, as upstream's own copy of the totals.
                let requests = pod_total(pod, "requests", pod_level, false);
                let limits = pod_total(pod, "limits", pod_level, false);
                check(limit, "Pod", &requests, &limits, &mut errs);
            }
            _ => {}
        }
    }
    errs
}

/// Upstream's `PersistentVolumeClaimValidateLimitFunc` for one limit range: min and max on the
/// claim's requests (its limits are not the user's to set here).
fn claim_violations(claim: &Value, range: &Value) -> Vec<String> {
    let requests = resources_at(claim, &["spec", "resources", "requests"]);
    let mut errs = Vec::new();
    for limit in items(range) {
        if limit.get("type").and_then(Value::as_str) != Some("PersistentVolumeClaim") {
            continue;
        }
        for (name, q) in resources(limit.get("min")) {
            errs.extend(min_constraint("PersistentVolumeClaim", &name, &q, &requests, &Resources::new()));
        }
        for (name, q) in resources(limit.get("max")) {
            errs.extend(max_request_constraint("PersistentVolumeClaim", &name, &q, &requests));
        }
    }
    errs
}

/// `utilerrors.NewAggregate`'s message: one error as it is, several in brackets.
fn aggregate(errs: &[String]) -> String {
    match errs {
        [one] => one.clone(),
        many => format!("[{}]", many.join(", ")),
    }
}

impl ApiServer {
    /// The limit ranges of a namespace, in name order (none when they are not served).
    pub(in crate::server) fn limit_ranges(&self, namespace: &str) -> Result<Vec<Value>> {
        let Some(store) = self.tracker.store_of_kind("", "LimitRange") else { return Ok(Vec::new()) };
        let (items, _) = self.tracker.list(&store.gvr(), namespace, &ListOptions::default())?;
        items.iter().map(|o| to_value(o.as_ref())).collect()
    }

    /// LimitRanger's defaults on a new pod (the mutating phase).
    pub(super) fn admit_limit_ranger(&self, namespace: &str, pod: &mut Value) -> Result<()> {
        for range in self.limit_ranges(namespace)? {
            default_pod(pod, &range);
        }
        Ok(())
    }

    /// LimitRanger's checks (the validating phase): the message of the first limit range the
    /// object violates. An object whose stored version is being deleted passes.
    pub(in crate::server) fn limit_ranger_violations(
        &self,
        what: Limited,
        namespace: &str,
        object: &Value,
        old: Option<&Value>,
    ) -> Result<Option<String>> {
        if old.and_then(|o| o.get("metadata")).and_then(|m| m.get("deletionTimestamp")).is_some() {
            return Ok(None);
        }
        let pod_level = super::super::gates::with(&self.gates, |g| g.enabled("PodLevelResources"));
        for range in self.limit_ranges(namespace)? {
            let errs = match what {
                Limited::PodCreate => pod_violations(object, &range, pod_level),
                Limited::Claim => claim_violations(object, &range),
            };
            if !errs.is_empty() {
                return Ok(Some(aggregate(&errs)));
            }
        }
        Ok(None)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use kapi_machinery::json::value::parse;

    fn v(json: &str) -> Value {
        parse(json.as_bytes()).unwrap()
    }

    fn range(limits: &str) -> Value {
        v(&format!(r#"{{"spec":{{"limits":{limits}}}}}"#))
    }

    #[test]
    fn defaults_fill_what_containers_lack_and_are_named() {
        let mut pod = v(r#"{"metadata":{"name":"p"},"spec":{
            "containers":[{"name":"app","resources":{"requests":{"cpu":"50m"}}},{"name":"side"}],
            "initContainers":[{"name":"init","resources":{"limits":{"memory":"1Gi"}}}]}}"#);
        let r = range(
            r#"[{"type":"Container","default":{"cpu":"1","memory":"512Mi"},"defaultRequest":{"cpu":"100m","memory":"256Mi"}}]"#,
        );
        default_pod(&mut pod, &r);
        let c = &containers(&pod, "containers")[0];
        assert_eq!(resources_at(c, &["resources", "requests"])["cpu"].to_string(), "50m");
        assert_eq!(resources_at(c, &["resources", "requests"])["memory"].to_string(), "256Mi");
        assert_eq!(resources_at(c, &["resources", "limits"])["cpu"].to_string(), "1");
        let init = &containers(&pod, "initContainers")[0];
        assert_eq!(resources_at(init, &["resources", "limits"])["memory"].to_string(), "1Gi");
        let note = pod.get("metadata").and_then(|m| m.get("annotations")).and_then(|a| a.get(ANNOTATION));
        assert_eq!(
            note.and_then(Value::as_str),
            Some(
                "LimitRanger plugin set: memory request for container app; cpu, memory limit for container app; \
                 cpu, memory request for container side; cpu, memory limit for container side; \
                 cpu, memory request for init container init; cpu limit for init container init"
            )
        );
    }

    #[test]
    fn container_and_pod_limits_give_upstreams_messages() {
        let r = range(
            r#"[{"type":"Container","min":{"cpu":"100m"},"max":{"memory":"1Gi"},"maxLimitRequestRatio":{"cpu":"2"}},
                {"type":"Pod","max":{"cpu":"1"}}]"#,
        );
        let pod = v(r#"{"spec":{"containers":[
            {"name":"a","resources":{"requests":{"cpu":"50m"},"limits":{"cpu":"500m","memory":"2Gi"}}}]}}"#);
        assert_eq!(
            pod_violations(&pod, &r, true),
            [
                "minimum cpu usage per Container is 100m, but request is 50m",
                "maximum memory usage per Container is 1Gi, but limit is 2Gi",
                "cpu max limit to request ratio per Container is 2, but provided ratio is 10.000000",
            ]
        );
        // Sidecars count alongside the containers; a larger plain init container counts alone.
        let pod = v(r#"{"spec":{
            "containers":[{"name":"a","resources":{"requests":{"cpu":"400m"},"limits":{"cpu":"400m"}}}],
            "initContainers":[
              {"name":"s","restartPolicy":"Always","resources":{"requests":{"cpu":"300m"},"limits":{"cpu":"300m"}}},
              {"name":"i","resources":{"requests":{"cpu":"900m"},"limits":{"cpu":"900m"}}}]}}"#);
        assert_eq!(pod_total(&pod, "limits", true, false)["cpu"].to_string(), "1200m");
        let pod_only = range(r#"[{"type":"Pod","max":{"cpu":"1"}}]"#);
        assert_eq!(pod_violations(&pod, &pod_only, true), ["maximum cpu usage per Pod is 1, but limit is 1200m"]);
        assert_eq!(aggregate(&["a".into(), "b".into()]), "[a, b]");
    }

    #[test]
    fn claims_are_bounded_by_their_requests() {
        let r = range(r#"[{"type":"PersistentVolumeClaim","min":{"storage":"1Gi"},"max":{"storage":"10Gi"}}]"#);
        let claim = |q: &str| v(&format!(r#"{{"spec":{{"resources":{{"requests":{{"storage":"{q}"}}}}}}}}"#));
        assert!(claim_violations(&claim("5Gi"), &r).is_empty());
        assert_eq!(
            claim_violations(&claim("20Gi"), &r),
            ["maximum storage usage per PersistentVolumeClaim is 10Gi, but request is 20Gi"]
        );
        assert_eq!(
            claim_violations(&claim("500Mi"), &r),
            ["minimum storage usage per PersistentVolumeClaim is 1Gi, but request is 500Mi"]
        );
    }
}
