//! Custom fuzzer functions for the internal `networking` types: values that v1's defaulting or
//! v1beta1's older ingress backend would change are set as they come back.

use kapi_machinery::Fuzzer;

use super::*;
use crate::core::Protocol;

/// A port always has a protocol after v1's defaulting.
pub fn fuzz_network_policy_port(obj: &mut NetworkPolicyPort, f: &mut Fuzzer) {
    f.fuzz_no_custom(obj);
    if obj.protocol.is_none() {
        obj.protocol = Some(Protocol::from(*f.pick(&["TCP", "UDP", "SCTP"])));
    }
}

/// Policy types are always set after v1's defaulting.
pub fn fuzz_network_policy(obj: &mut NetworkPolicy, f: &mut Fuzzer) {
    f.fuzz_no_custom(obj);
    if obj.spec.policy_types.is_empty() {
        obj.spec.policy_types.push(PolicyType::INGRESS.into());
        if !obj.spec.egress.is_empty() {
            obj.spec.policy_types.push(PolicyType::EGRESS.into());
        }
    }
}

/// Parameters always have a scope after v1's defaulting.
pub fn fuzz_ingress_class_parameters_reference(obj: &mut IngressClassParametersReference, f: &mut Fuzzer) {
    f.fuzz_no_custom(obj);
    obj.scope.get_or_insert_with(|| "Cluster".to_owned());
}

/// A service backend that v1beta1's name and port can carry: named, and a port by name or by
/// number, not both.
pub fn fuzz_ingress_service_backend(obj: &mut IngressServiceBackend, f: &mut Fuzzer) {
    f.fuzz_no_custom(obj);
    if obj.name.is_empty() {
        obj.name = "svc".to_owned();
    }
    if obj.port.name.is_empty() {
        obj.port.number = f.below(65536) as i32;
    } else {
        obj.port.number = 0;
    }
}
