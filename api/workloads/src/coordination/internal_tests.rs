//! Minimal leases and lease candidates decoded into the internal version and served back out:
//! upstream converts them field by field, with no defaults.

use kapi_machinery::Scheme;

use crate::testing::served_as;

fn scheme() -> Scheme {
    let mut s = Scheme::new();
    crate::coordination::install(&mut s).unwrap();
    s
}

#[test]
fn lease_is_served_back_unchanged_in_every_version() {
    let s = scheme();
    let body = r#"{"apiVersion":"coordination.k8s.io/v1","kind":"Lease","metadata":{"name":"node-a","namespace":"kube-node-lease"},"spec":{"holderIdentity":"node-a","leaseDurationSeconds":40,"renewTime":"2024-01-02T03:04:05.678901Z"}}"#;
    assert_eq!(
        served_as(&s, body, "v1"),
        r#"{"kind":"Lease","apiVersion":"coordination.k8s.io/v1","metadata":{"name":"node-a","namespace":"kube-node-lease"},"spec":{"holderIdentity":"node-a","leaseDurationSeconds":40,"renewTime":"2024-01-02T03:04:05.678901Z"}}"#
    );
    assert_eq!(
        served_as(&s, body, "v1beta1"),
        r#"{"kind":"Lease","apiVersion":"coordination.k8s.io/v1beta1","metadata":{"name":"node-a","namespace":"kube-node-lease"},"spec":{"holderIdentity":"node-a","leaseDurationSeconds":40,"renewTime":"2024-01-02T03:04:05.678901Z"}}"#
    );
}

#[test]
fn lease_candidate_moves_between_beta_and_alpha() {
    let s = scheme();
    let body = r#"{"apiVersion":"coordination.k8s.io/v1beta1","kind":"LeaseCandidate","metadata":{"name":"c","namespace":"kube-system"},"spec":{"leaseName":"kube-controller-manager","binaryVersion":"1.33.0","strategy":"OldestEmulationVersion"}}"#;
    assert_eq!(
        served_as(&s, body, "v1alpha2"),
        r#"{"kind":"LeaseCandidate","apiVersion":"coordination.k8s.io/v1alpha2","metadata":{"name":"c","namespace":"kube-system"},"spec":{"leaseName":"kube-controller-manager","binaryVersion":"1.33.0","strategy":"OldestEmulationVersion"}}"#
    );
}
