//! The network policy warnings of upstream's `networkPolicyWarnings`: every IP block CIDR of ingress and egress peers.

use super::warnings_for_network_policy;
use crate::meta::v1::ObjectMeta;
use crate::networking::v1::{
    IPBlock, NetworkPolicy, NetworkPolicyEgressRule, NetworkPolicyIngressRule, NetworkPolicyPeer, NetworkPolicySpec,
};

fn block(cidr: &str, except: &[&str]) -> NetworkPolicyPeer {
    NetworkPolicyPeer {
        ip_block: Some(IPBlock { cidr: cidr.into(), except: except.iter().map(|s| (*s).to_owned()).collect() }),
        ..NetworkPolicyPeer::default()
    }
}

fn policy(from: Vec<NetworkPolicyPeer>, to: Vec<NetworkPolicyPeer>) -> NetworkPolicy {
    NetworkPolicy {
        metadata: ObjectMeta { name: "np".into(), namespace: "default".into(), ..ObjectMeta::default() },
        spec: NetworkPolicySpec {
            ingress: vec![NetworkPolicyIngressRule { from, ..NetworkPolicyIngressRule::default() }],
            egress: vec![NetworkPolicyEgressRule { to, ..NetworkPolicyEgressRule::default() }],
            ..NetworkPolicySpec::default()
        },
        ..NetworkPolicy::default()
    }
}

#[test]
fn standard_blocks_get_no_warning() {
    let np = policy(
        vec![NetworkPolicyPeer::default(), block("10.0.0.0/8", &["10.1.0.0/16"])],
        vec![block("2001:db8::/32", &[])],
    );
    assert!(warnings_for_network_policy(&np, None).is_empty());
}

#[test]
fn every_block_field_is_checked() {
    let np = policy(
        vec![NetworkPolicyPeer::default(), block("10.0.0.1/8", &["10.1.0.0/16", "10.02.0.0/16"])],
        vec![block("2001:db8:0::/32", &[])],
    );
    assert_eq!(
        warnings_for_network_policy(&np, Some(&np)),
        [
            r#"spec.ingress[0].from[1].ipBlock.cidr: CIDR value "10.0.0.1/8" is ambiguous in this context (should be "10.0.0.0/8" or "10.0.0.1/32"?)"#,
            r#"spec.ingress[0].from[1].ipBlock.except[1]: non-standard CIDR value "10.02.0.0/16" is invalid: use "10.2.0.0/16""#,
            r#"spec.egress[0].to[0].ipBlock.cidr: IPv6 CIDR value "2001:db8:0::/32" should be in RFC 5952 canonical format ("2001:db8::/32")"#,
        ]
    );
}
