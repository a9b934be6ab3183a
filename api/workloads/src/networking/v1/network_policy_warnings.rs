//! The warnings kube-apiserver returns on a network policy's create and update (upstream's `networkPolicyWarnings` in `pkg/registry/networking/networkpolicy/strategy.go`).

use kapi_machinery::validation::Path;

use crate::core::v1::validation::cidr_warnings;
use crate::networking::v1::{NetworkPolicy, NetworkPolicyPeer};

fn peer_warnings(peers: &[NetworkPolicyPeer], path: &Path, warnings: &mut Vec<String>) {
    for (j, peer) in peers.iter().enumerate() {
        let Some(block) = &peer.ip_block else { continue };
        let block_path = path.index(j).child("ipBlock");
        warnings.extend(cidr_warnings(&block_path.child("cidr"), &block.cidr));
        for (k, except) in block.except.iter().enumerate() {
            warnings.extend(cidr_warnings(&block_path.child("except").index(k), except));
        }
    }
}

/// The warnings for a network policy written by create (`old` is `None`) or update; upstream
/// looks at the new object only: each IP block's `cidr` and `except` entry that is ambiguous or
/// in a non-standard form, ingress rules first, then egress rules.
pub fn warnings_for_network_policy(obj: &NetworkPolicy, _old: Option<&NetworkPolicy>) -> Vec<String> {
    let spec_path = Path::new("spec");
    let mut warnings = Vec::new();
    for (i, rule) in obj.spec.ingress.iter().enumerate() {
        peer_warnings(&rule.from, &spec_path.child("ingress").index(i).child("from"), &mut warnings);
    }
    for (i, rule) in obj.spec.egress.iter().enumerate() {
        peer_warnings(&rule.to, &spec_path.child("egress").index(i).child("to"), &mut warnings);
    }
    warnings
}

#[cfg(test)]
#[path = "network_policy_warnings_tests.rs"]
mod tests;
