//! Hand-written defaults of `networking.k8s.io/v1` (upstream's `SetDefaults_*`): TCP ports, policy
//! types from the rules given, and cluster-scoped ingress class parameters.

use super::*;

/// A port without a protocol is TCP.
pub fn set_defaults_network_policy_port(obj: &mut NetworkPolicyPort) {
    obj.protocol.get_or_insert_with(|| "TCP".into());
}

/// `Ingress` always, and `Egress` when egress rules are given, unless policy types are set.
pub fn set_defaults_network_policy(obj: &mut NetworkPolicy) {
    if obj.spec.policy_types.is_empty() {
        obj.spec.policy_types.push(PolicyType::INGRESS.into());
        if !obj.spec.egress.is_empty() {
            obj.spec.policy_types.push(PolicyType::EGRESS.into());
        }
    }
}

/// Parameters without a scope are cluster-scoped.
pub fn set_defaults_ingress_class(obj: &mut IngressClass) {
    if let Some(p) = obj.spec.parameters.as_mut() {
        p.scope.get_or_insert_with(|| "Cluster".to_owned());
    }
}
