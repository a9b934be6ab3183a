//! Pod certificate requests written through v1beta1 get the hand-written checks too: its own create rules (with the public key it alone carries) and, for status writes, v1's status rules after conversion.

use kapi_machinery::Scheme;

use crate::certificates::v1beta1;
use crate::testing::{decoded, printed};
use kapi_api_base::test_support::proof_vectors as v;

fn scheme() -> Scheme {
    let mut s = Scheme::new();
    crate::certificates::install(&mut s).expect("certificates.k8s.io installs");
    s
}

/// A request for pod UID `pod-uid-1` with the Ed25519 key and proof of
/// [`proof_vectors`](kapi_api_base::test_support::proof_vectors), unless `pkix` names another key.
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

/// A P-256 key in a stub request (`openssl req -new -outform DER`), base64.
const STUB: &str = "MIHGMG4CAQAwDDEKMAgGA1UEAwwBeDBZMBMGByqGSM49AgEGCCqGSM49AwEHA0IABLm3bRjcPDg8PCPP45qfC1v4oOExzeHDYFzRVMcJmoYC1oeKs5IUe7EXlcUjLj9TZR0oaQSR/7F4Bz3XKG4uLr6gADAKBggqhkjOPQQDAgNIADBFAiEAxhSSy5o+Z6oDj66MrMD7p/fBd/mtDz9pEsuYcxDeye8CIA/H7z4ojaPd7hboPUJO4UVecZgGenVV3k1RzZlpGCTt";

/// Self-signed for `STUB`'s key, a day from 2026-12-01T04:10:23Z, with one empty `dNSName`
/// (`openssl req -x509 -days 1 -addext 2.5.29.17=DER:30028200`).
const EMPTY_DNS_NAME: &str = "-----BEGIN CERTIFICATE-----
MIIBeTCCASCgAwIBAgIUJ1fx5HBHVZJOdDjKwMmoO3lQClowCgYIKoZIzj0EAwIw
DDEKMAgGA1UEAwwBeDAeFw0yNjEyMDEwNDEwMjNaFw0yNjEyMDIwNDEwMjNaMAwx
CjAIBgNVBAMMAXgwWTATBgcqhkjOPQIBBggqhkjOPQMBBwNCAAS5t20Y3Dw4PDwj
z+Oanwtb+KDhMc3hw2Bc0VTHCZqGAtaHirOSFHuxF5XFIy4/U2UdKGkEkf+xeAc9
1yhuLi6+o2AwXjAdBgNVHQ4EFgQUg1gYSyqUcBUkNBD/B+QB+A65QBUwHwYDVR0j
BBgwFoAUg1gYSyqUcBUkNBD/B+QB+A65QBUwDwYDVR0TAQH/BAUwAwEB/zALBgNV
HREEBDACggAwCgYIKoZIzj0EAwIDRwAwRAIgBHCctJm6zf5ssMiESaytlzUco1J0
dU6q+ZghAOHRimcCIFKC/qgt2LLNcRIEYi5p8BWhoc9F2/shriVr31Rp/7tf
-----END CERTIFICATE-----
";

#[test]
fn a_v1beta1_issued_status_gets_its_leaf_checked() {
    let s = scheme();
    let with_stub = |status: &str| {
        request("pod-1", ED25519, status).replace(
            r#""maxExpirationSeconds":86400,"#,
            &format!(r#""maxExpirationSeconds":86400,"stubPKCS10Request":"{STUB}","#),
        )
    };
    let old: v1beta1::PodCertificateRequest = decoded(&s, &with_stub("{}"));
    let chain = EMPTY_DNS_NAME.replace('\n', "\\n");
    let status = format!(
        r#"{{"conditions":[{{"type":"Issued","status":"True","reason":"R","message":"m","lastTransitionTime":"2026-01-01T00:00:00Z"}}],"certificateChain":"{chain}","notBefore":"2026-12-01T04:10:23Z","beginRefreshAt":"2026-12-01T16:10:23Z","notAfter":"2026-12-02T04:10:23Z"}}"#
    );
    let new: v1beta1::PodCertificateRequest = decoded(&s, &with_stub(&status));
    // A bad name stops the checks before the times, so the clock does not matter.
    assert_eq!(
        printed(&s.validate_status(&new, &old)),
        [r#"status.certificateChain: Invalid value: "": leaf certificate should not contain empty DNSName"#]
    );
}
