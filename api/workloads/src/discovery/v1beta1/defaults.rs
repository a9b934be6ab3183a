//! Hand-written defaults of `discovery.k8s.io/v1beta1` (upstream's `SetDefaults_*`).

use super::types::*;
use crate::core::v1::Protocol;

/// A port without a name gets the empty name, and without a protocol TCP.
pub fn set_defaults_endpoint_port(obj: &mut EndpointPort) {
    obj.name.get_or_insert_with(String::new);
    obj.protocol.get_or_insert_with(|| Protocol(Protocol::TCP.to_owned()));
}
