//! Upstream's `dropDisabledMatchLabelKeysFieldInTopologySpread`: while `MatchLabelKeysInPodTopologySpread` is off, a pod spec's topology spread constraints lose their `matchLabelKeys` unless the stored spec's constraints use them.

use kapi_api::core::v1::PodSpec;
use kapi_api::features::Feature;
use kapi_api::meta::resource::ResourceInfo;
use kapi_api::pod_specs::{HeldPodSpec, pod_spec};
use kapi_machinery::Object;
use kapi_machinery::json::value::Value;

use crate::tracker::Result;
use crate::tracker::meta::{from_value, member_mut, set_member, to_value};

/// The gate of a spread constraint's `matchLabelKeys` (beta and on in 1.36).
const GATE: &str = Feature::MatchLabelKeysInPodTopologySpread.name();

/// Drops every spread constraint's `matchLabelKeys` from a write of a pod or of a kind holding
/// a pod template while the gate is off, unless the stored object's constraints use them
/// (upstream's `matchLabelKeysInTopologySpreadInUse`: any constraint with a key).
pub(crate) fn drop_disabled(
    info: &ResourceInfo,
    obj: &mut Box<dyn Object>,
    old: Option<&dyn Object>,
    enabled: &dyn Fn(&str) -> bool,
) -> Result<()> {
    if enabled(GATE) {
        return Ok(());
    }
    let Some(path) = super::gated::pod_spec_path(info.group, info.resource) else { return Ok(()) };
    // A typed spec without keys needs no trip through JSON, nor does one whose stored spec uses them.
    match pod_spec(obj.as_ref()) {
        HeldPodSpec::Spec(spec) if !uses_keys(spec) => return Ok(()),
        HeldPodSpec::Absent => return Ok(()),
        HeldPodSpec::Spec(_) | HeldPodSpec::Unknown => {}
    }
    if let Some(old) = old {
        let in_use = match pod_spec(old) {
            HeldPodSpec::Spec(spec) => uses_keys(spec),
            HeldPodSpec::Absent => false,
            HeldPodSpec::Unknown => constraints_at(&to_value(old)?, path).iter().any(has_keys),
        };
        if in_use {
            return Ok(());
        }
    }
    let mut doc = to_value(obj.as_ref())?;
    if drop_keys_at(&mut doc, path) {
        *obj = from_value(info, &doc)?;
    }
    Ok(())
}

fn uses_keys(spec: &PodSpec) -> bool {
    spec.topology_spread_constraints.iter().any(|c| !c.match_label_keys.is_empty())
}

/// The spread constraints of the pod spec at `path`, none when it has none.
fn constraints_at<'a>(doc: &'a Value, path: &[&str]) -> &'a [Value] {
    let spec = path.iter().try_fold(doc, |v, key| v.get(key));
    match spec.and_then(|s| s.get("topologySpreadConstraints")) {
        Some(Value::Array(items)) => items,
        _ => &[],
    }
}

fn has_keys(c: &Value) -> bool {
    matches!(c.get("matchLabelKeys"), Some(Value::Array(keys)) if !keys.is_empty())
}

/// Clears `matchLabelKeys` of every constraint of the pod spec at `path`; whether any had keys.
fn drop_keys_at(doc: &mut Value, path: &[&str]) -> bool {
    if !constraints_at(doc, path).iter().any(has_keys) {
        return false;
    }
    let spec = path.iter().try_fold(doc, |v, key| member_mut(v, key));
    let Some(Value::Array(items)) = spec.and_then(|s| member_mut(s, "topologySpreadConstraints")) else {
        return false;
    };
    for c in items.iter_mut() {
        set_member(c, "matchLabelKeys", None);
    }
    true
}

#[cfg(test)]
mod tests {
    use kapi_machinery::json::value::parse;

    use super::*;

    #[test]
    fn keys_go_from_every_constraint_of_the_spec_at_the_path() {
        let mut doc = parse(
            br#"{"spec":{"template":{"spec":{"topologySpreadConstraints":[{"topologyKey":"a","matchLabelKeys":["x"]},{"topologyKey":"b"}]}}}}"#,
        )
        .unwrap();
        assert!(drop_keys_at(&mut doc, &["spec", "template", "spec"]));
        assert_eq!(
            String::from_utf8(doc.to_compact_vec()).unwrap(),
            r#"{"spec":{"template":{"spec":{"topologySpreadConstraints":[{"topologyKey":"a"},{"topologyKey":"b"}]}}}}"#
        );
        let mut none = parse(br#"{"spec":{"topologySpreadConstraints":[{"matchLabelKeys":[]}]}}"#).unwrap();
        assert!(!drop_keys_at(&mut none, &["spec"]));
    }
}
