//! Upstream's hand-ruled drops of `DRAWorkloadResourceClaims` fields from pod groups and workloads, whose in-use rules are not the marker rule.
//!
//! A pod group's `status.resourceClaimStatuses` is kept by the stored group's `spec.resourceClaims`,
//! and each of a workload's pod group templates keeps its claims by the stored template at the
//! same index only.
//!
//! Read in the 1.36-era registry strategies (`pkg/registry/scheduling/podgroup/strategy.go` and
//! `pkg/registry/scheduling/workload/strategy.go`, on `v1alpha2`): `dropDisabledPodGroupSpecFields`
//! clears `spec.resourceClaims` unless the stored spec has claims, the status strategy's
//! `dropDisabledPodGroupStatusFields` clears `status.resourceClaimStatuses` on the same test, and
//! `dropDisabledPodGroupTemplatesFields` walks `spec.podGroupTemplates` by index. kapi serves the
//! later API shape (`v1beta1`, `v1alpha3`), whose composite templates those strategies did not
//! know: templates nested in `compositePodGroupTemplates` keep their claims.

use kapi_api::features::Feature;
use kapi_api::meta::resource::ResourceInfo;
use kapi_machinery::Object;
use kapi_machinery::json::value::Value;

use crate::tracker::Result;
use crate::tracker::meta::{from_value, member_mut, set_member, to_value};

/// The gate of pod groups' and templates' resource claims (alpha and off in 1.36).
const DRA_WORKLOAD_RESOURCE_CLAIMS: &str = Feature::DRAWorkloadResourceClaims.name();

/// The group of pod groups and workloads.
const SCHEDULING: &str = "scheduling.k8s.io";

/// Drops the `DRAWorkloadResourceClaims` fields of a write to a pod group (its spec, and its
/// status on `/status`) or a workload while the gate is off; `old` is the stored object on update.
pub(crate) fn drop_disabled(
    info: &ResourceInfo,
    obj: &mut Box<dyn Object>,
    old: Option<&dyn Object>,
    enabled: &dyn Fn(&str) -> bool,
) -> Result<()> {
    let drop: fn(&mut Value, Option<&Value>) -> bool = match (info.group, info.resource) {
        (SCHEDULING, "podgroups") => drop_pod_group_claims,
        (SCHEDULING, "workloads") => drop_template_claims,
        _ => return Ok(()),
    };
    if enabled(DRA_WORKLOAD_RESOURCE_CLAIMS) {
        return Ok(());
    }
    let mut doc = to_value(obj.as_ref())?;
    let old = old.map(to_value).transpose()?;
    if drop(&mut doc, old.as_ref()) {
        *obj = from_value(info, &doc)?;
    }
    Ok(())
}

/// Whether `v` holds `key` as a list with items (upstream's `len(…) > 0`).
fn has_items(v: Option<&Value>, key: &str) -> bool {
    matches!(v.and_then(|v| v.get(key)), Some(Value::Array(items)) if !items.is_empty())
}

/// Clears `key` of `v` when it holds items; whether it did.
fn clear(v: Option<&mut Value>, key: &str) -> bool {
    match v {
        Some(v) if has_items(Some(v), key) => {
            set_member(v, key, None);
            true
        }
        _ => false,
    }
}

/// A pod group's `spec.resourceClaims` and `status.resourceClaimStatuses`, unless the stored
/// group's spec has claims (upstream's `draWorkloadResourceClaimsInUse` of the old spec, for both).
fn drop_pod_group_claims(doc: &mut Value, old: Option<&Value>) -> bool {
    if has_items(old.and_then(|o| o.get("spec")), "resourceClaims") {
        return false;
    }
    let spec = clear(member_mut(doc, "spec"), "resourceClaims");
    let status = clear(member_mut(doc, "status"), "resourceClaimStatuses");
    spec || status
}

/// Each of a workload's `spec.podGroupTemplates[i].resourceClaims`, unless the stored workload's
/// template at index `i` has claims.
fn drop_template_claims(doc: &mut Value, old: Option<&Value>) -> bool {
    let old_templates = match old.and_then(|o| o.get("spec")).and_then(|s| s.get("podGroupTemplates")) {
        Some(Value::Array(items)) => items.as_slice(),
        _ => &[],
    };
    let Some(Value::Array(templates)) = member_mut(doc, "spec").and_then(|s| member_mut(s, "podGroupTemplates")) else {
        return false;
    };
    let mut changed = false;
    for (i, template) in templates.iter_mut().enumerate() {
        if !has_items(old_templates.get(i), "resourceClaims") {
            changed |= clear(Some(template), "resourceClaims");
        }
    }
    changed
}

#[cfg(test)]
mod tests {
    use super::*;

    fn json(text: &str) -> Value {
        kapi_machinery::json::value::parse(text.as_bytes()).expect("test JSON")
    }

    const CLAIMS: &str = r#"[{"name":"c","resourceClaimName":"rc"}]"#;

    #[test]
    fn a_new_pod_group_loses_its_claims_and_their_statuses() {
        let mut group = json(&format!(
            r#"{{"spec":{{"schedulingPolicy":{{"basic":{{}}}},"resourceClaims":{CLAIMS}}},
                "status":{{"resourceClaimStatuses":[{{"name":"c","resourceClaimName":"rc"}}]}}}}"#
        ));
        assert!(drop_pod_group_claims(&mut group, None));
        assert_eq!(group, json(r#"{"spec":{"schedulingPolicy":{"basic":{}}},"status":{}}"#));
        // Nothing gated: nothing changes.
        let mut plain = json(r#"{"spec":{"schedulingPolicy":{"basic":{}},"resourceClaims":[]}}"#);
        assert!(!drop_pod_group_claims(&mut plain, None));
    }

    /// Upstream keeps the status's claim statuses by the stored spec's claims, not by the stored
    /// status: a status write to a group whose spec has claims keeps new statuses.
    #[test]
    fn the_stored_spec_keeps_claims_and_statuses() {
        let stored = json(&format!(r#"{{"spec":{{"resourceClaims":{CLAIMS}}},"status":{{}}}}"#));
        let mut write = json(&format!(
            r#"{{"spec":{{"resourceClaims":{CLAIMS}}},"status":{{"resourceClaimStatuses":[{{"name":"c"}}]}}}}"#
        ));
        let before = write.clone();
        assert!(!drop_pod_group_claims(&mut write, Some(&stored)));
        assert_eq!(write, before);
        // A stored status with statuses but a spec without claims keeps nothing.
        let stored = json(r#"{"spec":{},"status":{"resourceClaimStatuses":[{"name":"c"}]}}"#);
        let mut write = json(r#"{"spec":{},"status":{"resourceClaimStatuses":[{"name":"c"}]}}"#);
        assert!(drop_pod_group_claims(&mut write, Some(&stored)));
        assert_eq!(write, json(r#"{"spec":{},"status":{}}"#));
    }

    /// Upstream's `dropDisabledPodGroupTemplatesFields` pairs templates by index: the stored
    /// first template's claims keep the new first template's, not the second's.
    #[test]
    fn workload_templates_keep_claims_by_the_stored_template_at_their_index() {
        let template = |name: &str, claims: bool| {
            let claims = if claims { format!(r#","resourceClaims":{CLAIMS}"#) } else { String::new() };
            format!(r#"{{"name":"{name}","schedulingPolicy":{{"basic":{{}}}}{claims}}}"#)
        };
        let workload = |a: bool, b: bool| {
            json(&format!(r#"{{"spec":{{"podGroupTemplates":[{},{}]}}}}"#, template("a", a), template("b", b)))
        };
        let mut new = workload(true, true);
        assert!(drop_template_claims(&mut new, None));
        assert_eq!(new, workload(false, false));
        let stored = workload(true, false);
        let mut new = workload(true, true);
        assert!(drop_template_claims(&mut new, Some(&stored)));
        assert_eq!(new, workload(true, false));
        let mut same = workload(true, false);
        assert!(!drop_template_claims(&mut same, Some(&stored)));
    }

    #[test]
    fn other_kinds_and_the_gate_on_are_left_alone() {
        use kapi_api::scheduling::v1beta1::{PodGroup, PodGroupResourceClaim, PodGroupSpec};
        use kapi_api::served::ResourceInfoExt;
        let info = ResourceInfo::of::<PodGroup>();
        let group = PodGroup {
            spec: PodGroupSpec {
                resource_claims: vec![PodGroupResourceClaim {
                    name: "c".into(),
                    resource_claim_name: Some("rc".into()),
                    ..Default::default()
                }],
                ..Default::default()
            },
            ..Default::default()
        };
        let mut obj: Box<dyn Object> = Box::new(group.clone());
        drop_disabled(&info, &mut obj, None, &|_| true).unwrap();
        assert_eq!(obj.as_any().downcast_ref::<PodGroup>(), Some(&group));
        drop_disabled(&info, &mut obj, None, &|_| false).unwrap();
        assert_eq!(obj.as_any().downcast_ref::<PodGroup>().map(|g| g.spec.resource_claims.len()), Some(0));
        let mut obj: Box<dyn Object> = Box::new(group.clone());
        drop_disabled(&info, &mut obj, Some(&group), &|_| false).unwrap();
        assert_eq!(obj.as_any().downcast_ref::<PodGroup>(), Some(&group));
    }
}
