//! The pod status strategy's `preserveOldObservedGeneration`: a `status` write that leaves an `observedGeneration` unset keeps the stored one.

use std::collections::{BTreeMap, VecDeque};

use kapi_api::core::v1::Pod;

/// A status write without `status.observedGeneration` keeps the stored one; each condition
/// without one takes that of the stored condition of its type at the same rank among that type's
/// (validation allows several of a type), or none.
pub(crate) fn preserve_observed_generation(pod: &mut Pod, old: &Pod) {
    if pod.status.observed_generation == 0 {
        pod.status.observed_generation = old.status.observed_generation;
    }
    let mut stored: BTreeMap<&str, VecDeque<i64>> = BTreeMap::new();
    for c in &old.status.conditions {
        stored.entry(c.r#type.0.as_str()).or_default().push_back(c.observed_generation);
    }
    for c in &mut pod.status.conditions {
        let before = stored.get_mut(c.r#type.0.as_str()).and_then(|q| q.pop_front()).unwrap_or(0);
        if c.observed_generation == 0 {
            c.observed_generation = before;
        }
    }
}

#[cfg(test)]
mod tests {
    use kapi_api::core::v1::{PodCondition, PodConditionType};

    use super::*;

    fn condition(kind: &str, generation: i64) -> PodCondition {
        PodCondition { r#type: PodConditionType(kind.into()), observed_generation: generation, ..Default::default() }
    }

    fn generations(pod: &Pod) -> Vec<(String, i64)> {
        pod.status.conditions.iter().map(|c| (c.r#type.0.clone(), c.observed_generation)).collect()
    }

    #[test]
    fn unset_generations_are_taken_from_the_stored_status_by_type_and_rank() {
        let mut old = Pod::default();
        old.status.observed_generation = 3;
        old.status.conditions = vec![condition("Ready", 2), condition("Custom", 1), condition("Custom", 4)];
        let mut pod = Pod::default();
        // A condition the write sets keeps its own; the second `Custom` takes the second stored
        // one's; a type the stored status lacks stays unset.
        pod.status.conditions =
            vec![condition("Custom", 0), condition("Custom", 0), condition("Ready", 5), condition("New", 0)];
        preserve_observed_generation(&mut pod, &old);
        assert_eq!(pod.status.observed_generation, 3);
        assert_eq!(
            generations(&pod),
            vec![("Custom".into(), 1), ("Custom".into(), 4), ("Ready".into(), 5), ("New".into(), 0)]
        );
        // A generation the write sets is kept.
        let mut set = Pod::default();
        set.status.observed_generation = 7;
        preserve_observed_generation(&mut set, &old);
        assert_eq!(set.status.observed_generation, 7);
    }
}
