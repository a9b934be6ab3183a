//! Pod certificate requests written through v1beta1 get the hand-written checks too: its own create rules (with the public key it alone carries) and, for status writes, v1's status rules after conversion.

use kapi_machinery::Scheme;

use crate::certificates::v1::proof_vectors as v;
use crate::certificates::v1beta1;
use crate::testing::{decoded, printed};

fn scheme() -> Scheme {
    let mut s = Scheme::new();
    crate::certificates::install(&mut s).expect("certificates.k8s.io installs");
    s
}

/// A request for pod UID `pod-uid-1` with the Ed25519 key and proof of
/// [`proof_vectors`](crate::certificates::v1::proof_vectors), unless `pkix` names another key.
fn request(pod_name: &str, pkix: &str, status: &str) -> String {
    let proof = v::ED25519_PROOF;
    format!(
        r#"{{"apiVersion":"certificates.k8s.io/v1beta1","kind":"PodCertificateRequest","metadata":{{"name":"r","namespace":"ns","resourceVersion":"1"}},"spec":{{"signerName":"foo.com/abc","podName":"{pod_name}","podUID":"pod-uid-1","serviceAccountName":"sa","serviceAccountUID":"s","nodeName":"n","nodeUID":"u","maxExpirationSeconds":86400,"pkixPublicKey":"{pkix}","proofOfPossession":"{proof}"}},"status":{status}}}"#
    )
}

/// A P-224 key (`openssl ecparam -name secp224r1`), which upstream refuses.
const P224: &str = kapi_api_base::test_support::public_keys::P224;
const ED25519: &str = v::ED25519;

#[test]
fn a_v1beta1_request_gets_the_create_rules_and_its_key_checked() {
    let s = scheme();
    let good: v1beta1::PodCertificateRequest = decoded(&s, &request("pod-1", ED25519, "{}"));
    assert_eq!(printed(&s.validate(&good, None)), Vec::<String>::new());
    let bad: v1beta1::PodCertificateRequest = decoded(&s, &request("Pod_1", P224, "{}"));
    let errs = printed(&s.validate(&bad, None));
    assert!(
        errs.iter().any(|e| e.starts_with(r#"spec.podName: Invalid value: "Pod_1": a lowercase RFC 1123 subdomain"#)),
        "{errs:?}"
    );
    assert!(
        errs.contains(
            &r#"spec.pkixPublicKey: Invalid value: "curve P-224": elliptic public keys must use curve P256 or P384"#
                .to_owned()
        ),
        "{errs:?}"
    );
    // On update only the spec's immutability is checked.
    assert_eq!(printed(&s.validate(&bad, Some(&bad))), Vec::<String>::new());
}

#[test]
fn a_v1beta1_status_write_gets_v1s_status_rules() {
    let s = scheme();
    let old: v1beta1::PodCertificateRequest = decoded(&s, &request("pod-1", ED25519, "{}"));
    let new: v1beta1::PodCertificateRequest = decoded(
        &s,
        &request(
            "pod-1",
            ED25519,
            r#"{"conditions":[{"type":"Approved","status":"True","reason":"R","message":"m","lastTransitionTime":"2026-01-01T00:00:00Z"}]}"#,
        ),
    );
    assert_eq!(
        printed(&s.validate_status(&new, &old)),
        [
            r#"status.conditions.[0].type: Unsupported value: "Approved": supported values: "Issued", "Denied", "Failed""#
        ]
    );
}
