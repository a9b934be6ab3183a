//! The pod strategy's `PrepareForCreate`: a new pod's status is `Pending` with its QoS class, a `PodScheduled` condition when scheduling gates hold it, its label keys merged into its selectors and its AppArmor annotations copied into fields.

use kapi_api::core::v1::{ConditionStatus, Pod, PodCondition, PodConditionType, PodPhase, validation};

/// What upstream's pod strategy does on create, after the status the client sent is dropped:
/// `phase: Pending`, the QoS class, the scheduling-gated condition, then the label keys of its
/// affinity terms and spread constraints merged into their selectors (see [`super::pod_label_keys`]),
/// then the AppArmor annotations synced to fields (see [`super::app_armor`]), whose warnings are
/// returned.
pub(crate) fn prepare_for_create(pod: &mut Pod) -> Vec<String> {
    pod.status.phase.0 = PodPhase::PENDING.into();
    pod.status.qos_class.0 = validation::compute_pod_qos(pod).into();
    if !pod.spec.scheduling_gates.is_empty()
        && !pod.status.conditions.iter().any(|c| c.r#type.0 == PodConditionType::POD_SCHEDULED)
    {
        let mut c = PodCondition::default();
        c.r#type.0 = PodConditionType::POD_SCHEDULED.into();
        c.status.0 = ConditionStatus::FALSE.into();
        c.reason = "SchedulingGated".into();
        c.message = "Scheduling is blocked due to non-empty scheduling gates".into();
        pod.status.conditions.push(c);
    }
    super::pod_label_keys::merge_on_create(pod);
    super::app_armor::apply_version_skew(pod)
}

#[cfg(test)]
mod tests {
    use kapi_api::core::v1::{Container, PodSchedulingGate};

    use super::*;

    fn container() -> Container {
        Container { name: "c".into(), image: "busybox".into(), ..Default::default() }
    }

    fn pod(containers: Vec<Container>) -> Pod {
        let mut p = Pod::default();
        p.spec.containers = Some(containers);
        p
    }

    #[test]
    fn a_new_pod_is_pending_and_gated_pods_say_why() {
        let mut p = pod(vec![container()]);
        p.spec.scheduling_gates = vec![PodSchedulingGate { name: "example.com/wait".into() }];
        prepare_for_create(&mut p);
        assert_eq!((p.status.phase.0.as_str(), p.status.qos_class.0.as_str()), ("Pending", "BestEffort"));
        let c = &p.status.conditions[0];
        assert_eq!(
            (c.r#type.0.as_str(), c.status.0.as_str(), c.reason.as_str()),
            ("PodScheduled", "False", "SchedulingGated")
        );
        assert_eq!(c.message, "Scheduling is blocked due to non-empty scheduling gates");
    }
}
