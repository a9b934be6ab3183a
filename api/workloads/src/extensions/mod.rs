//! The `extensions` API group: the retired extensions group: old forms of apps and networking kinds.
//!
//! It has no hub of its own: with the `internal` feature its kinds convert into apps',
//! networking's and autoscaling's internal types.

pub mod v1beta1;

/// Installs every version of the group (upstream's `install.Install`): with the `internal`
/// feature, the other groups' internal kinds as this group's internal kinds (as upstream's
/// `pkg/apis/extensions` registers them), so that an extensions object decodes into them; then the
/// versioned kinds with their defaulting functions and conversions.
#[kapi_macros::where_used]
pub fn install(scheme: &mut kapi_machinery::Scheme) -> Result<(), kapi_machinery::SchemeError> {
    #[cfg(feature = "internal")]
    add_internal_kinds(scheme)?;
    v1beta1::add_to_scheme(scheme)?;
    Ok(())
}

/// Registers apps', networking's and autoscaling's internal kinds under `extensions/__internal`.
#[cfg(feature = "internal")]
fn add_internal_kinds(scheme: &mut kapi_machinery::Scheme) -> Result<(), kapi_machinery::SchemeError> {
    use kapi_machinery::{GroupVersionKind, INTERNAL_VERSION};
    let gvk = |kind: &str| GroupVersionKind::new("extensions", INTERNAL_VERSION, kind);
    scheme.add_known_type_as::<crate::apps::Deployment>(gvk("Deployment"))?;
    scheme.add_known_type_as::<crate::apps::DeploymentList>(gvk("DeploymentList"))?;
    scheme.add_known_type_as::<crate::apps::DeploymentRollback>(gvk("DeploymentRollback"))?;
    scheme.add_known_type_as::<crate::apps::DaemonSet>(gvk("DaemonSet"))?;
    scheme.add_known_type_as::<crate::apps::DaemonSetList>(gvk("DaemonSetList"))?;
    scheme.add_known_type_as::<crate::apps::ReplicaSet>(gvk("ReplicaSet"))?;
    scheme.add_known_type_as::<crate::apps::ReplicaSetList>(gvk("ReplicaSetList"))?;
    scheme.add_known_type_as::<crate::autoscaling::Scale>(gvk("Scale"))?;
    scheme.add_known_type_as::<crate::networking::Ingress>(gvk("Ingress"))?;
    scheme.add_known_type_as::<crate::networking::IngressList>(gvk("IngressList"))?;
    scheme.add_known_type_as::<crate::networking::NetworkPolicy>(gvk("NetworkPolicy"))?;
    scheme.add_known_type_as::<crate::networking::NetworkPolicyList>(gvk("NetworkPolicyList"))?;
    Ok(())
}

#[cfg(all(test, feature = "internal"))]
mod internal_tests;
