//! The pod spec a typed object holds (a pod's own, or the template's of each enabled kind that holds one), for a server's strategies to look into without a trip through JSON.

use kapi_machinery::Object;

use crate::core::v1::PodSpec;

/// What [`pod_spec`] found in an object.
#[derive(Clone, Copy, Debug)]
pub enum HeldPodSpec<'a> {
    /// The object holds this pod spec.
    Spec(&'a PodSpec),
    /// The object is of a typed kind that can hold a pod spec but holds none (a replication
    /// controller without a template).
    Absent,
    /// The object is not of an enabled typed kind that holds a pod spec (another kind, another
    /// group's, or one whose group is not built): look at its JSON form instead.
    Unknown,
}

/// The pod spec `obj` holds: a pod's `spec`, a pod template's `template.spec`, the
/// `spec.template.spec` of a replication controller and of the workloads of every enabled version
/// of `apps`, `extensions` and `batch`, a cron job's `spec.jobTemplate.spec.template.spec`.
pub fn pod_spec(obj: &dyn Object) -> HeldPodSpec<'_> {
    use crate::core::v1::{Pod, PodTemplate, ReplicationController};
    let any = obj.as_any();
    // Every kind here holds its template at `spec.template`; only the path to `spec` differs.
    #[cfg(any(feature = "apps", feature = "extensions", feature = "batch"))]
    macro_rules! templates {
        ($($ty:ty => |$o:ident| $spec:expr),* $(,)?) => {
            $(if let Some($o) = any.downcast_ref::<$ty>() {
                return HeldPodSpec::Spec(&$spec.template.spec);
            })*
        };
    }
    if let Some(pod) = any.downcast_ref::<Pod>() {
        return HeldPodSpec::Spec(&pod.spec);
    }
    if let Some(t) = any.downcast_ref::<PodTemplate>() {
        return HeldPodSpec::Spec(&t.template.spec);
    }
    if let Some(rc) = any.downcast_ref::<ReplicationController>() {
        return rc.spec.template.as_ref().map_or(HeldPodSpec::Absent, |t| HeldPodSpec::Spec(&t.spec));
    }
    #[cfg(feature = "apps")]
    {
        use crate::apps::{v1, v1beta1, v1beta2};
        templates!(
            v1::Deployment => |o| o.spec,
            v1::ReplicaSet => |o| o.spec,
            v1::StatefulSet => |o| o.spec,
            v1::DaemonSet => |o| o.spec,
            v1beta2::Deployment => |o| o.spec,
            v1beta2::ReplicaSet => |o| o.spec,
            v1beta2::StatefulSet => |o| o.spec,
            v1beta2::DaemonSet => |o| o.spec,
            v1beta1::Deployment => |o| o.spec,
            v1beta1::StatefulSet => |o| o.spec,
        );
    }
    #[cfg(feature = "extensions")]
    {
        use crate::extensions::v1beta1;
        templates!(
            v1beta1::Deployment => |o| o.spec,
            v1beta1::ReplicaSet => |o| o.spec,
            v1beta1::DaemonSet => |o| o.spec,
        );
    }
    #[cfg(feature = "batch")]
    {
        use crate::batch::{v1, v1beta1};
        templates!(
            v1::Job => |o| o.spec,
            v1::CronJob => |o| o.spec.job_template.spec,
            v1beta1::CronJob => |o| o.spec.job_template.spec,
        );
    }
    HeldPodSpec::Unknown
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::v1::{Container, Pod, PodTemplateSpec, ReplicationController};

    fn spec() -> PodSpec {
        PodSpec { containers: Some(vec![Container { name: "c".into(), ..Default::default() }]), ..Default::default() }
    }

    fn held(obj: &dyn Object) -> Option<Option<PodSpec>> {
        match pod_spec(obj) {
            HeldPodSpec::Spec(s) => Some(Some(s.clone())),
            HeldPodSpec::Absent => Some(None),
            HeldPodSpec::Unknown => None,
        }
    }

    #[test]
    fn pods_and_core_templates() {
        let pod = Pod { spec: spec(), ..Default::default() };
        assert_eq!(held(&pod), Some(Some(spec())));
        let mut rc = ReplicationController::default();
        assert_eq!(held(&rc), Some(None));
        rc.spec.template = Some(PodTemplateSpec { spec: spec(), ..Default::default() });
        assert_eq!(held(&rc), Some(Some(spec())));
        assert_eq!(held(&crate::core::v1::ConfigMap::default()), None);
    }

    #[cfg(all(feature = "apps", feature = "batch"))]
    #[test]
    fn workload_templates() {
        let mut d = crate::apps::v1::Deployment::default();
        d.spec.template.spec = spec();
        assert_eq!(held(&d), Some(Some(spec())));
        let mut cj = crate::batch::v1beta1::CronJob::default();
        cj.spec.job_template.spec.template.spec = spec();
        assert_eq!(held(&cj), Some(Some(spec())));
    }
}
