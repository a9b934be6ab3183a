//! The pod strategy's merge on create of `matchLabelKeys` and `mismatchLabelKeys` into the label selectors of pod (anti-)affinity terms and topology spread constraints.

use std::collections::BTreeMap;

use kapi_api::core::v1::{Pod, PodAffinityTerm, TopologySpreadConstraint};
use kapi_api::features::{self, Feature};
use kapi_api::meta::v1::{LabelSelector, LabelSelectorOperator, LabelSelectorRequirement};

/// Upstream's `mutatePodAffinity` and `mutateTopologySpreadConstraints`, which its
/// `PrepareForCreate` runs after the scheduling-gated condition: every affinity and anti-affinity
/// term, required ones after preferred ones, gets `key In (value)` for each of its
/// `matchLabelKeys` and then `key NotIn (value)` for each of its `mismatchLabelKeys`, the value
/// being the pod's own label (a key the pod has no label for is skipped), appended to the
/// selector's expressions in the keys' order. A term without a selector is left as it is (it
/// matches no pod). `MatchLabelKeysInPodAffinity` is generally available and locked on in 1.36,
/// so no gate is read for affinity; topology spread constraints get their `matchLabelKeys` merged
/// the same way only while `MatchLabelKeysInPodTopologySpread` and
/// `MatchLabelKeysInPodTopologySpreadSelectorMerge` are both on.
pub(crate) fn merge_on_create(pod: &mut Pod) {
    let labels = &pod.metadata.labels;
    if let Some(affinity) = pod.spec.affinity.as_deref_mut() {
        let groups = [
            affinity.pod_affinity.as_mut().map(|a| {
                (
                    &mut a.preferred_during_scheduling_ignored_during_execution,
                    &mut a.required_during_scheduling_ignored_during_execution,
                )
            }),
            affinity.pod_anti_affinity.as_mut().map(|a| {
                (
                    &mut a.preferred_during_scheduling_ignored_during_execution,
                    &mut a.required_during_scheduling_ignored_during_execution,
                )
            }),
        ];
        for (preferred, required) in groups.into_iter().flatten() {
            for term in preferred.iter_mut().map(|w| &mut w.pod_affinity_term).chain(required.iter_mut()) {
                merge_affinity_term(term, labels);
            }
        }
    }
    if features::enabled(Feature::MatchLabelKeysInPodTopologySpread)
        && features::enabled(Feature::MatchLabelKeysInPodTopologySpreadSelectorMerge)
    {
        for c in &mut pod.spec.topology_spread_constraints {
            merge_spread_constraint(c, labels);
        }
    }
}

/// Upstream's `applyMatchLabelKeysAndMismatchLabelKeys`.
fn merge_affinity_term(term: &mut PodAffinityTerm, labels: &BTreeMap<String, String>) {
    let Some(selector) = term.label_selector.as_mut() else { return };
    append(selector, &term.match_label_keys, LabelSelectorOperator::IN, labels);
    append(selector, &term.mismatch_label_keys, LabelSelectorOperator::NOT_IN, labels);
}

/// Upstream's `applyMatchLabelKeys`.
fn merge_spread_constraint(c: &mut TopologySpreadConstraint, labels: &BTreeMap<String, String>) {
    if let Some(selector) = c.label_selector.as_mut() {
        append(selector, &c.match_label_keys, LabelSelectorOperator::IN, labels);
    }
}

/// Upstream's `applyLabelKeysToLabelSelector`: one requirement per key the labels have.
fn append(selector: &mut LabelSelector, keys: &[String], operator: &str, labels: &BTreeMap<String, String>) {
    for key in keys {
        if let Some(value) = labels.get(key) {
            selector.match_expressions.push(LabelSelectorRequirement {
                key: key.clone(),
                operator: LabelSelectorOperator(operator.to_owned()),
                values: vec![value.clone()],
            });
        }
    }
}

#[cfg(test)]
mod tests {
    use kapi_api::core::v1::{Affinity, PodAntiAffinity, WeightedPodAffinityTerm};
    use kapi_api::features::{FeatureGates, with_gates};

    use super::*;

    fn selector() -> LabelSelector {
        LabelSelector {
            match_expressions: vec![LabelSelectorRequirement {
                key: "key".into(),
                operator: LabelSelectorOperator("In".into()),
                values: vec!["value1".into()],
            }],
            ..LabelSelector::default()
        }
    }

    fn term(selector: Option<LabelSelector>, matching: &[&str], mismatching: &[&str]) -> PodAffinityTerm {
        PodAffinityTerm {
            label_selector: selector,
            topology_key: "zone".into(),
            match_label_keys: matching.iter().map(|k| (*k).to_owned()).collect(),
            mismatch_label_keys: mismatching.iter().map(|k| (*k).to_owned()).collect(),
            ..PodAffinityTerm::default()
        }
    }

    fn expressions(s: Option<&LabelSelector>) -> Vec<String> {
        s.into_iter()
            .flat_map(|s| &s.match_expressions)
            .map(|e| format!("{} {} {}", e.key, e.operator.0, e.values.join(",")))
            .collect()
    }

    fn pod() -> Pod {
        let mut p = Pod::default();
        p.metadata.labels = [("key", "value1"), ("key2", "value2"), ("key3", "value3")]
            .into_iter()
            .map(|(k, v)| (k.to_owned(), v.to_owned()))
            .collect();
        p
    }

    /// Preferred terms before required ones, match keys before mismatch keys, each in its list's
    /// order; keys the pod has no label for are skipped and a missing selector stays missing.
    #[test]
    fn affinity_terms_get_their_keys_in_order() {
        let mut p = pod();
        p.spec.affinity = Some(Box::new(Affinity {
            pod_anti_affinity: Some(PodAntiAffinity {
                required_during_scheduling_ignored_during_execution: vec![
                    term(Some(selector()), &["key2", "absent"], &["key3"]),
                    term(None, &["key2"], &[]),
                ],
                preferred_during_scheduling_ignored_during_execution: vec![WeightedPodAffinityTerm {
                    weight: 10,
                    pod_affinity_term: term(Some(LabelSelector::default()), &[], &["key3", "key2"]),
                }],
            }),
            ..Affinity::default()
        }));
        merge_on_create(&mut p);
        let anti = p.spec.affinity.as_ref().unwrap().pod_anti_affinity.as_ref().unwrap();
        let required = &anti.required_during_scheduling_ignored_during_execution;
        assert_eq!(
            expressions(required[0].label_selector.as_ref()),
            ["key In value1", "key2 In value2", "key3 NotIn value3"]
        );
        assert_eq!(required[1].label_selector, None);
        let preferred = &anti.preferred_during_scheduling_ignored_during_execution[0].pod_affinity_term;
        assert_eq!(expressions(preferred.label_selector.as_ref()), ["key3 NotIn value3", "key2 NotIn value2"]);
    }

    #[test]
    fn spread_constraints_merge_while_both_gates_are_on() {
        let constraint = TopologySpreadConstraint {
            label_selector: Some(selector()),
            match_label_keys: vec!["key2".into(), "absent".into()],
            ..TopologySpreadConstraint::default()
        };
        let mut p = pod();
        p.spec.topology_spread_constraints = vec![constraint.clone()];
        merge_on_create(&mut p);
        let merged = &p.spec.topology_spread_constraints[0];
        assert_eq!(expressions(merged.label_selector.as_ref()), ["key In value1", "key2 In value2"]);
        for gate in
            [Feature::MatchLabelKeysInPodTopologySpreadSelectorMerge, Feature::MatchLabelKeysInPodTopologySpread]
        {
            let mut p = pod();
            p.spec.topology_spread_constraints = vec![constraint.clone()];
            with_gates(FeatureGates::default().with(gate, false), || merge_on_create(&mut p));
            assert_eq!(p.spec.topology_spread_constraints[0], constraint, "{gate}");
        }
    }
}
