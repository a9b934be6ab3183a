//! Upstream's `TestValidatePodCertificateRequestCreate`, `…Update` and `…StatusUpdate` cases, with keys, proofs and certificates made by openssl in place of upstream's generated ones.

use kapi_api_base::test_support::certificates::{GENERALIZED, NAMES};
use kapi_api_base::test_support::public_keys::{self as keys, der};
use kapi_machinery::types::Time;

use super::*;
use crate::certificates::v1::PodCertificateRequestSpec;
use crate::meta::v1::{Condition, ConditionStatus, ObjectMeta};
use kapi_api_base::test_support::proof_vectors as v;

/// A self-signed Ed25519 certificate for `pod-1` (`openssl req -x509`).
const LEAF: &str = "-----BEGIN CERTIFICATE-----
MIIBNDCB56ADAgECAhQeUgP4gIPMUhPfWqJLZO49g8zZ8zAFBgMrZXAwEDEOMAwG
A1UEAwwFcG9kLTEwHhcNMjYxMTMwMTM1MTIwWhcNMjYxMjAxMTM1MTIwWjAQMQ4w
DAYDVQQDDAVwb2QtMTAqMAUGAytlcAMhALwwEASIq7cpdW0fo6Z8p5UUxz91nPHH
vlmqzhjR3BIBo1MwUTAdBgNVHQ4EFgQURkLfIjU1Iuvl+oKGqe9CQbzpsPQwHwYD
VR0jBBgwFoAURkLfIjU1Iuvl+oKGqe9CQbzpsPQwDwYDVR0TAQH/BAUwAwEB/zAF
BgMrZXADQQDilhIBzTIvLbzz2nHk9LDNypVPxCKdYL3NVi+Kb+2FOPNs/8+agCvG
UezHt0oc4Gkd91urKBVwjcIhPaBpliAF
-----END CERTIFICATE-----
";

/// A self-signed Ed25519 CA certificate, standing in for upstream's intermediate.
const INTERMEDIATE: &str = "-----BEGIN CERTIFICATE-----
MIIBQjCB9aADAgECAhRa+voq5TRFdoWSQ82Bj582bsTGPTAFBgMrZXAwFzEVMBMG
A1UEAwwMaW50ZXJtZWRpYXRlMB4XDTI2MTEzMDEzNTEyMFoXDTI2MTIwMTEzNTEy
MFowFzEVMBMGA1UEAwwMaW50ZXJtZWRpYXRlMCowBQYDK2VwAyEAqtkvBUbpz4n3
hv3liOc5sxLHeOPeXl6sttSU5P7n3PWjUzBRMB0GA1UdDgQWBBQeHJ+YyLoPlPho
ecguTJOS98DH6DAfBgNVHSMEGDAWgBQeHJ+YyLoPlPhoecguTJOS98DH6DAPBgNV
HRMBAf8EBTADAQH/MAUGAytlcANBAE1RcuMWTMottOx1GajCaU0qLwQ0Fqnon3tI
C/g/RH7uZ5wc+XzxVC6zHTc8OVQC9l9Ch0PrwGByCEyEp9KWewY=
-----END CERTIFICATE-----
";

/// The P-256 key of the certificates below, in a stub request (`openssl req -new -outform DER`).
const STUB: &str = "MIHGMG4CAQAwDDEKMAgGA1UEAwwBeDBZMBMGByqGSM49AgEGCCqGSM49AwEHA0IABLm3bRjcPDg8PCPP45qfC1v4oOExzeHDYFzRVMcJmoYC1oeKs5IUe7EXlcUjLj9TZR0oaQSR/7F4Bz3XKG4uLr6gADAKBggqhkjOPQQDAgNIADBFAiEAxhSSy5o+Z6oDj66MrMD7p/fBd/mtDz9pEsuYcxDeye8CIA/H7z4ojaPd7hboPUJO4UVecZgGenVV3k1RzZlpGCTt";

/// Version 1 certificates for the stub's key from 2026-11-30T12:00:00Z (`openssl ca -selfsign
/// -startdate … -enddate …`): to 12:30 the same day and to 2026-12-02T12:00:00Z (and the shared
/// `GENERALIZED`, to 2050-11-30T12:00:00Z).
const SHORT: &str = "-----BEGIN CERTIFICATE-----
MIIBCDCBrgIBATAKBggqhkjOPQQDAjAQMQ4wDAYDVQQDDAVwb2QtMTAeFw0yNjEx
MzAxMjAwMDBaFw0yNjExMzAxMjMwMDBaMBAxDjAMBgNVBAMMBXBvZC0xMFkwEwYH
KoZIzj0CAQYIKoZIzj0DAQcDQgAEubdtGNw8ODw8I8/jmp8LW/ig4THN4cNgXNFU
xwmahgLWh4qzkhR7sReVxSMuP1NlHShpBJH/sXgHPdcobi4uvjAKBggqhkjOPQQD
AgNJADBGAiEAzMVa1qRyTyeyqs00+fIcticzPcNeXQSI03U/3uT+rsQCIQCX4gLY
Z4yh2XIEBSTSFCfjBO7wpPe9OMh9yPwRZRtpPQ==
-----END CERTIFICATE-----
";
const LONG: &str = "-----BEGIN CERTIFICATE-----
MIIBBzCBrgIBAjAKBggqhkjOPQQDAjAQMQ4wDAYDVQQDDAVwb2QtMTAeFw0yNjEx
MzAxMjAwMDBaFw0yNjEyMDIxMjAwMDBaMBAxDjAMBgNVBAMMBXBvZC0xMFkwEwYH
KoZIzj0CAQYIKoZIzj0DAQcDQgAEubdtGNw8ODw8I8/jmp8LW/ig4THN4cNgXNFU
xwmahgLWh4qzkhR7sReVxSMuP1NlHShpBJH/sXgHPdcobi4uvjAKBggqhkjOPQQD
AgNIADBFAiBqf3wP3NidwyAiL6LtXpMmZe3uj9D7xG3BH4lSu8FrLwIhAPu4/4c3
mImmSobMwqknFDyNK76ZCLXb82+GoV6mllYb
-----END CERTIFICATE-----
";

fn strings(errs: &ErrorList) -> Vec<String> {
    errs.iter().map(ToString::to_string).collect()
}

fn spec() -> PodCertificateRequestSpec {
    PodCertificateRequestSpec {
        signer_name: "foo.com/abc".into(),
        pod_name: "pod-1".into(),
        pod_uid: "pod-uid-1".into(),
        service_account_name: "sa-1".into(),
        service_account_uid: "sa-uid-1".into(),
        node_name: "node-1".into(),
        node_uid: "node-uid-1".into(),
        max_expiration_seconds: Some(86400),
        ..Default::default()
    }
}

fn pcr(spec: PodCertificateRequestSpec) -> PodCertificateRequest {
    PodCertificateRequest {
        metadata: ObjectMeta { namespace: "foo".into(), name: "bar".into(), ..Default::default() },
        spec,
        ..Default::default()
    }
}

/// The create rules with the v1beta1 key fields, as a v1beta1 request reaches them.
fn create_with_key(s: &PodCertificateRequestSpec, pkix: &[u8], proof: &[u8]) -> Vec<String> {
    strings(&create_errors(&spec_fields!(s, Some(pkix), Some(proof))))
}

const SUBDOMAIN: &str = "a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '-' or '.', and must start and end with an alphanumeric character (e.g. 'example.com', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*')";

/// A change to the valid spec.
type Edit = fn(&mut PodCertificateRequestSpec);

#[test]
fn create_identities_and_expiration_as_upstream() {
    assert_eq!(validate_pod_certificate_request(&pcr(spec()), None), []);
    let cases: Vec<(&str, Edit, String)> = vec![
        (
            "bad signer name",
            |s| s.signer_name = "not-valid-signername".into(),
            r#"spec.signerName: Invalid value: "not-valid-signername": must be a fully qualified domain and path of the form 'example.com/signer-name'"#.into(),
        ),
        ("bad pod name", |s| s.pod_name = "pod-1-bad!!!!!".into(), format!(r#"spec.podName: Invalid value: "pod-1-bad!!!!!": {SUBDOMAIN}"#)),
        ("bad pod uid", |s| s.pod_uid = String::new(), r#"spec.podUID: Invalid value: "": must not be empty"#.into()),
        (
            "bad service account name",
            |s| s.service_account_name = "sa-1-bad!!!!!".into(),
            format!(r#"spec.serviceAccountName: Invalid value: "sa-1-bad!!!!!": {SUBDOMAIN}"#),
        ),
        (
            "bad service account uid",
            |s| s.service_account_uid = String::new(),
            r#"spec.serviceAccountUID: Invalid value: "": must not be empty"#.into(),
        ),
        ("bad node name", |s| s.node_name = "node-1-bad!!!!!".into(), format!(r#"spec.nodeName: Invalid value: "node-1-bad!!!!!": {SUBDOMAIN}"#)),
        ("bad node uid", |s| s.node_uid = String::new(), r#"spec.nodeUID: Invalid value: "": must not be empty"#.into()),
        ("maxExpirationSeconds missing", |s| s.max_expiration_seconds = None, "spec.maxExpirationSeconds: Required value: must be set".into()),
        (
            "maxExpirationSeconds too large",
            |s| s.max_expiration_seconds = Some(91 * 86400 + 1),
            "spec.maxExpirationSeconds: Invalid value: 7862401: must be in the range [3600, 7862400]".into(),
        ),
        (
            "maxExpirationSeconds too large (Kubernetes signer)",
            |s| {
                s.signer_name = "kubernetes.io/abc".into();
                s.max_expiration_seconds = Some(86401);
            },
            "spec.maxExpirationSeconds: Invalid value: 86401: must be in the range [3600, 86400]".into(),
        ),
        (
            "maxExpirationSeconds too small",
            |s| s.max_expiration_seconds = Some(3599),
            "spec.maxExpirationSeconds: Invalid value: 3599: must be in the range [3600, 7862400]".into(),
        ),
    ];
    for (name, edit, want) in cases {
        let mut s = spec();
        edit(&mut s);
        assert_eq!(strings(&validate_pod_certificate_request(&pcr(s), None)), [want], "{name}");
    }
    // A UID longer than 128 bytes is too long.
    let mut s = spec();
    s.node_uid = "u".repeat(129);
    assert_eq!(
        strings(&validate_pod_certificate_request(&pcr(s), None)),
        ["spec.nodeUID: Too long: may not be more than 128 bytes"]
    );
}

#[test]
fn create_key_types_and_sizes_as_upstream() {
    let s = spec();
    for (key, proof) in VALID_PROOFS {
        assert_eq!(create_with_key(&s, &der(key), &der(proof)), Vec::<String>::new(), "{key}");
    }
    assert_eq!(
        create_with_key(&s, &der(keys::P224), b"proof"),
        [r#"spec.pkixPublicKey: Invalid value: "curve P-224": elliptic public keys must use curve P256 or P384"#]
    );
    assert_eq!(
        create_with_key(&s, &der(keys::RSA2048), b"proof"),
        [r#"spec.pkixPublicKey: Invalid value: "2048-bit modulus": RSA keys must have modulus size 3072 or 4096"#]
    );
    assert_eq!(
        create_with_key(&s, &vec![0; 10 * 1024 + 1], &[]),
        ["spec.pkixPublicKey: Too long: may not be more than 10240 bytes"]
    );
    assert_eq!(
        create_with_key(&s, &[], &vec![0; 10 * 1024 + 1]),
        ["spec.proofOfPossession: Too long: may not be more than 10240 bytes"]
    );
    // Not in upstream's table: a key that does not parse, and one of a type it does not take.
    assert_eq!(
        create_with_key(&s, b"junk", b"proof"),
        [r#"spec.pkixPublicKey: Invalid value: "anVuaw==": must be a valid PKIX-serialized public key"#]
    );
    let x25519 = create_with_key(&s, &der(keys::X25519), b"proof");
    assert_eq!(x25519.len(), 1);
    assert!(x25519[0].ends_with("unknown public key type; supported types are Ed25519, ECDSA, and RSA"), "{x25519:?}");
}

/// Each key type upstream takes with its proof of `pod-uid-1`.
const VALID_PROOFS: [(&str, &str); 7] = [
    (v::ED25519, v::ED25519_PROOF),
    (v::P256, v::P256_PROOF),
    (v::P384, v::P384_PROOF),
    (v::P521, v::P521_PROOF),
    (v::RSA3072, v::RSA3072_PROOF),
    (v::RSA3072, v::RSA3072_PROOF_MAX_SALT),
    (v::RSA4096, v::RSA4096_PROOF),
];

const UNVERIFIED: &str = "spec.proofOfPossession: Invalid value: could not verify proof-of-possession signature";

#[test]
fn create_proof_of_possession_as_upstream() {
    let s = spec();
    // Upstream's "correct key signed wrong message" cases (its ECDSA one is on P-384).
    for (key, proof) in [
        (v::ED25519, v::ED25519_PROOF_OTHER_UID),
        (v::P256, v::P256_PROOF_OTHER_UID),
        (v::P384, v::P384_PROOF_OTHER_UID),
    ] {
        assert_eq!(create_with_key(&s, &der(key), &der(proof)), [UNVERIFIED], "{key}");
    }
    let mut other_uid = spec();
    other_uid.pod_uid = "pod-uid-2".into();
    assert_eq!(create_with_key(&other_uid, &der(v::RSA3072), &der(v::RSA3072_PROOF)), [UNVERIFIED]);
    // Upstream's "signed by different key": a proof of the right UID by another key.
    assert_eq!(create_with_key(&s, &der(keys::ED25519), &der(v::ED25519_PROOF)), [UNVERIFIED]);
    assert_eq!(create_with_key(&s, &der(v::P384), &der(v::P256_PROOF)), [UNVERIFIED]);
    assert_eq!(create_with_key(&s, &der(v::RSA4096), &der(v::RSA3072_PROOF)), [UNVERIFIED]);
    // Not in upstream's table: a PKCS #1 v1.5 signature where PSS is wanted, a missing proof, a
    // tampered one.
    assert_eq!(create_with_key(&s, &der(v::RSA3072), &der(v::RSA3072_PKCS1)), [UNVERIFIED]);
    assert_eq!(create_with_key(&s, &der(v::ED25519), &[]), [UNVERIFIED]);
    let mut tampered = der(v::P256_PROOF);
    if let Some(last) = tampered.last_mut() {
        *last ^= 1;
    }
    assert_eq!(create_with_key(&s, &der(v::P256), &tampered), [UNVERIFIED]);
    // The key's own problems come first, as upstream checks them before the proof.
    assert_eq!(
        create_with_key(&s, &der(keys::RSA2048), b"proof"),
        [r#"spec.pkixPublicKey: Invalid value: "2048-bit modulus": RSA keys must have modulus size 3072 or 4096"#]
    );
    // P-521 proofs are verified too (in `ecdsa`, as ring has no P-521).
    assert_eq!(create_with_key(&s, &der(v::P521), b"proof"), [UNVERIFIED]);
    assert_eq!(create_with_key(&s, &der(v::P521), &der(v::P384_PROOF)), [UNVERIFIED]);
    assert_eq!(create_with_key(&other_uid, &der(v::P521), &der(v::P521_PROOF)), [UNVERIFIED]);
    let mut tampered = der(v::P521_PROOF);
    tampered[20] ^= 1;
    assert_eq!(create_with_key(&s, &der(v::P521), &tampered), [UNVERIFIED]);
}

#[test]
fn a_point_off_its_curve_is_not_a_valid_key() {
    let s = spec();
    // Go's key parser refuses the point (`x509: failed to unmarshal elliptic curve point`), so
    // the key is reported, not its proof.
    for (key, proof) in [(v::P256, v::P256_PROOF), (v::P384, v::P384_PROOF), (v::P521, v::P521_PROOF)] {
        let mut off_curve = der(key);
        *off_curve.last_mut().unwrap() ^= 1;
        let errs = create_with_key(&s, &off_curve, &der(proof));
        assert_eq!(errs.len(), 1, "{key}");
        assert!(errs[0].starts_with("spec.pkixPublicKey: Invalid value: \""), "{errs:?}");
        assert!(errs[0].ends_with("\": must be a valid PKIX-serialized public key"), "{errs:?}");
    }
}

#[test]
fn update_keeps_the_spec_as_upstream() {
    let old = pcr(spec());
    assert_eq!(validate_pod_certificate_request(&old, Some(&old)), []);
    let mut s = spec();
    s.signer_name = "foo.com/new".into();
    s.pod_name = "new".into();
    s.max_expiration_seconds = Some(86401);
    let errs = strings(&validate_pod_certificate_request(&pcr(s), Some(&old)));
    assert_eq!(errs.len(), 1);
    assert!(errs[0].starts_with(r#"spec: Invalid value: {"signerName":"foo.com/new","podName":"new""#), "{errs:?}");
    assert!(errs[0].ends_with(": field is immutable"), "{errs:?}");
}

fn cond(ty: &str, status: &str) -> Condition {
    Condition {
        r#type: ty.into(),
        status: ConditionStatus(status.into()),
        reason: "Foo".into(),
        message: "Foo message".into(),
        last_transition_time: Time::from_unix(1_700_000_000),
        ..Default::default()
    }
}

fn with_status(status: PodCertificateRequestStatus) -> PodCertificateRequest {
    PodCertificateRequest { status, ..pcr(spec()) }
}

/// 2026-11-30 at a time of day.
fn nov30(hour: u8, min: u8, sec: u8) -> Time {
    Time::from_civil(2026, 11, 30, hour, min, sec).unwrap()
}

/// `LEAF`'s validity starts here; the server's clock in these tests is a minute later.
fn leaf_start() -> Time {
    nov30(13, 51, 20)
}

fn now() -> Time {
    Time::from_unix(leaf_start().unix_seconds() + 60)
}

fn status_update(new: PodCertificateRequestStatus, old: PodCertificateRequestStatus) -> Vec<String> {
    strings(&validate_pod_certificate_request_status_update_at(&with_status(new), &with_status(old), now()))
}

fn conditions(c: Vec<Condition>) -> PodCertificateRequestStatus {
    PodCertificateRequestStatus { conditions: c, ..Default::default() }
}

/// An `Issued` status with `LEAF`'s times: a day long, refreshing after twelve hours.
fn issued(chain: &str) -> PodCertificateRequestStatus {
    issued_from(chain, leaf_start(), 24 * 3600)
}

/// An `Issued` status valid for `secs` from `start`, refreshing halfway.
fn issued_from(chain: &str, start: Time, secs: i64) -> PodCertificateRequestStatus {
    let at = |s: i64| Some(Time::from_unix(start.unix_seconds() + s));
    PodCertificateRequestStatus {
        conditions: vec![cond("Issued", "True")],
        certificate_chain: chain.into(),
        not_before: at(0),
        begin_refresh_at: at(secs / 2),
        not_after: at(secs),
    }
}

/// A status write to a request whose stub request holds the key of `NAMES`, `SHORT`, `LONG` and
/// `GENERALIZED`, at `now`.
fn stub_update(new: PodCertificateRequestStatus, now: Time) -> Vec<String> {
    let s = PodCertificateRequestSpec {
        stub_pkcs10_request: Some(kapi_machinery::base64::decode(STUB.as_bytes()).unwrap()),
        ..spec()
    };
    let old = pcr(s);
    let new = PodCertificateRequest { status: new, ..old.clone() };
    strings(&validate_pod_certificate_request_status_update_at(&new, &old, now))
}

#[test]
fn status_conditions_as_upstream() {
    let empty = PodCertificateRequestStatus::default();
    assert_eq!(status_update(empty.clone(), empty.clone()), Vec::<String>::new(), "changing nothing is allowed");
    assert_eq!(
        status_update(conditions(vec![cond("Unknown", "False")]), empty.clone()),
        [r#"status.conditions.[0].type: Unsupported value: "Unknown": supported values: "Issued", "Denied", "Failed""#]
    );
    for ty in TERMINAL {
        assert_eq!(
            status_update(conditions(vec![cond(ty, "False")]), empty.clone()),
            [r#"status.conditions.[0].status: Unsupported value: "False": supported values: "True""#],
            "{ty} must have status True"
        );
    }
    assert_eq!(
        status_update(conditions(vec![cond("Denied", "True"), cond("Failed", "True")]), empty.clone()),
        [
            r#"status.conditions.[1].type: Invalid value: "Failed": There may be at most one condition with type "Issued", "Denied", or "Failed""#
        ],
        "a request cannot be both Denied and Failed"
    );
}

#[test]
fn status_transitions_as_upstream() {
    let empty = PodCertificateRequestStatus::default();
    for ty in ["Denied", "Failed"] {
        assert_eq!(status_update(conditions(vec![cond(ty, "True")]), empty.clone()), Vec::<String>::new(), "to {ty}");
        let with_chain =
            PodCertificateRequestStatus { certificate_chain: LEAF.into(), ..conditions(vec![cond(ty, "True")]) };
        assert_eq!(
            status_update(with_chain, empty.clone()),
            [
                "status: Invalid value: non-condition status fields must be empty when denying or failing the PodCertificateRequest"
            ],
            "you can't issue a certificate if you set {ty} status"
        );
    }
    assert_eq!(status_update(issued(LEAF), empty.clone()), Vec::<String>::new(), "valid issuance");
    let chain = format!("{LEAF}\n{INTERMEDIATE}");
    assert_eq!(
        status_update(issued(&chain), empty.clone()),
        Vec::<String>::new(),
        "valid issuance with intermediate CA"
    );
    let mut other = issued(LEAF);
    other.not_after = Some(Time::from_unix(18 * 3600));
    assert_eq!(
        status_update(other, issued(LEAF)),
        ["status: Invalid value: immutable after PodCertificateRequest is issued, denied, or failed"],
        "once issued, the status cannot change"
    );
    let mut not_terminal = empty.clone();
    not_terminal.certificate_chain = LEAF.into();
    assert_eq!(
        status_update(not_terminal, empty),
        [r#"status: Invalid value: status is immutable unless transitioning to "Issued", "Denied", or "Failed""#]
    );
}

#[test]
fn issued_chain_and_times_as_upstream() {
    let empty = PodCertificateRequestStatus::default();
    let chain = |c: &str| status_update(issued(c), empty.clone());
    assert_eq!(
        chain(""),
        [
            r#"status.certificateChain: Invalid value: "": issued certificate chain must contain at least one certificate"#
        ]
    );
    let key = "-----BEGIN PRIVATE KEY-----\nAAAA\n-----END PRIVATE KEY-----\n";
    assert!(chain(key)[0].ends_with("issued certificate chain must consist entirely of CERTIFICATE PEM blocks"));
    let garbage = "-----BEGIN CERTIFICATE-----\nAAAA\n-----END CERTIFICATE-----\n";
    assert!(chain(garbage)[0].ends_with("leaf certificate does not parse as valid X.509"));
    assert!(
        chain(&format!("{LEAF}{key}"))[0]
            .ends_with("issued certificate chain must consist entirely of CERTFICATE PEM blocks")
    );
    assert!(chain(&format!("{LEAF}{garbage}"))[0].ends_with("intermediate certificate does not parse as valid X.509"));
    assert_eq!(
        chain(&"x".repeat(100 * 1024 + 1)),
        ["status.certificateChain: Too long: may not be more than 102400 bytes"]
    );

    let mut missing = issued(LEAF);
    missing.not_before = None;
    missing.not_after = None;
    missing.begin_refresh_at = None;
    assert_eq!(
        status_update(missing, empty.clone()),
        [
            "status.notBefore: Required value: must be present and consistent with the issued certificate",
            "status.notAfter: Required value: must be present and consistent with the issued certificate",
            "status.beginRefreshAt: Required value: must be present and in the range [notbefore+10min, notafter-10min]",
        ]
    );
    let mut early = issued(LEAF);
    early.begin_refresh_at = Some(Time::from_unix(leaf_start().unix_seconds() + 599));
    assert_eq!(
        status_update(early, empty.clone()),
        [
            "status.beginRefreshAt: Invalid value: 2026-11-30 14:01:19 +0000 UTC: must be at least 10 minutes after status.notBefore"
        ]
    );
    let mut late = issued(LEAF);
    late.begin_refresh_at = Some(Time::from_unix(leaf_start().unix_seconds() + 24 * 3600 - 599));
    assert_eq!(
        status_update(late, empty),
        [
            "status.beginRefreshAt: Invalid value: 2026-12-01 13:41:21 +0000 UTC: must be at least 10 minutes before status.notAfter"
        ]
    );
}

#[test]
fn leaf_names_as_upstream() {
    let start = Time::from_civil(2026, 12, 1, 3, 56, 50).unwrap();
    let names = [
        r#"status.certificateChain: Invalid value: "a..b": leaf certificate's DNSName should not contain '..'"#,
        r#"status.certificateChain: Invalid value: ".x.": leaf certificate's DNSName should not start or end with '.'"#,
        r#"status.certificateChain: Invalid value: "bad@@x": leaf certificate should not contain invalid EmailAddress"#,
    ];
    // Every bad name is reported, and the checks stop before the times' values (a clock a day
    // off is not reported)...
    let later = Time::from_unix(start.unix_seconds() + 86400);
    assert_eq!(stub_update(issued_from(NAMES, start, 24 * 3600), later), names);
    // ...but after their presence.
    let mut status = issued_from(NAMES, start, 24 * 3600);
    status.not_after = None;
    let mut with_missing = names.to_vec();
    with_missing.push("status.notAfter: Required value: must be present and consistent with the issued certificate");
    assert_eq!(stub_update(status, start), with_missing);
}

#[test]
fn leaf_names_go_refuses_to_parse() {
    use kapi_api_base::test_support::certificates::{der, extension, names_with_extensions};
    // Upstream's message for any leaf `x509.ParseCertificate` refuses, here for a 5-byte IP
    // address and a URI that is not an IA5 string among its alternative names.
    let start = Time::from_civil(2026, 12, 1, 3, 56, 50).unwrap();
    for entry in [der(0x87, &[10, 0, 0, 1, 2]), der(0x86, "https://é.example".as_bytes())] {
        let leaf = names_with_extensions(&[extension(&[0x55, 0x1d, 0x11], &der(0x30, &entry))]);
        let errs = stub_update(issued_from(&leaf, start, 24 * 3600), start);
        assert_eq!(errs.len(), 1, "{errs:?}");
        assert!(errs[0].ends_with("leaf certificate does not parse as valid X.509"), "{errs:?}");
    }
    // A well-formed IP address and URI pass, as upstream checks neither further.
    let san = der(0x30, &[der(0x87, &[10, 0, 0, 1]), der(0x86, b"spiffe://cluster/ns/x")].concat());
    let leaf = names_with_extensions(&[extension(&[0x55, 0x1d, 0x11], &san)]);
    assert_eq!(stub_update(issued_from(&leaf, start, 24 * 3600), start), Vec::<String>::new());
}

#[test]
fn leaf_key_as_upstream() {
    // `LEAF` has an Ed25519 key, not the stub request's P-256 one.
    let errs = stub_update(issued(LEAF), now());
    assert_eq!(errs.len(), 1, "{errs:?}");
    assert!(errs[0].starts_with("status.certificateChain: Invalid value: \"-----BEGIN CERTIFICATE-----"), "{errs:?}");
    assert!(errs[0].ends_with(": leaf certificate was not issued to the requested public key"), "{errs:?}");
    // The stub request's key issued `LONG`; without a stub request no key is compared.
    let start = nov30(12, 0, 0);
    let mut s = spec();
    s.max_expiration_seconds = Some(2 * 86400);
    let old = pcr(s.clone());
    let new = PodCertificateRequest { status: issued_from(LONG, start, 2 * 86400), ..old.clone() };
    assert_eq!(validate_pod_certificate_request_status_update_at(&new, &old, start), []);
}

#[test]
fn leaf_times_as_upstream() {
    let start = nov30(12, 0, 0);
    let mut status = issued_from(LONG, start, 2 * 86400);
    status.not_before = Some(nov30(12, 0, 1));
    assert_eq!(
        stub_update(status, start),
        [
            "status.notBefore: Invalid value: 2026-11-30 12:00:01 +0000 UTC: must be set to the NotBefore time encoded in the leaf certificate"
        ]
    );
    let far = "status.notBefore: Invalid value: 2026-11-30 12:00:00 +0000 UTC: must be set to within 5 minutes of kube-apiserver's current time";
    let status = || issued_from(SHORT, start, 1800);
    assert_eq!(stub_update(status(), nov30(12, 5, 0)), [far], "five minutes after is too far");
    assert_eq!(stub_update(status(), nov30(11, 55, 0)), [far], "five minutes before is too far");
    let short = ["status.certificateChain: Invalid value: 30m0s: leaf certificate lifetime must be >= 1 hour"];
    assert_eq!(stub_update(status(), nov30(12, 4, 59)), short, "within five minutes");
    assert_eq!(stub_update(status(), nov30(11, 55, 1)), short, "within five minutes");
    let mut status = issued_from(SHORT, start, 1800);
    status.not_after = Some(nov30(12, 30, 1));
    assert_eq!(
        stub_update(status, start),
        [
            "status.notAfter: Invalid value: 2026-11-30 12:30:01 +0000 UTC: must be set to the NotAfter time encoded in the leaf certificate"
        ]
    );
    // `spec()` allows a day.
    assert_eq!(
        stub_update(issued_from(LONG, start, 2 * 86400), start),
        [
            "status.certificateChain: Invalid value: 48h0m0s: leaf certificate lifetime must be <= spec.maxExpirationSeconds (86400)"
        ]
    );
    // A `GeneralizedTime` notAfter reads as Go reads it.
    let until_2050 = Time::from_civil(2050, 11, 30, 12, 0, 0).unwrap().unix_seconds() - start.unix_seconds();
    assert_eq!(
        stub_update(issued_from(GENERALIZED, start, until_2050), start),
        [
            "status.certificateChain: Invalid value: 210384h0m0s: leaf certificate lifetime must be <= spec.maxExpirationSeconds (86400)"
        ]
    );
}

#[test]
fn go_durations() {
    let s = |n: i128| match go_duration(n) {
        BadValue::Json(s) => s,
        other => panic!("{other:?}"),
    };
    assert_eq!(s(0), "0s");
    assert_eq!(s(1), "1ns");
    assert_eq!(s(1_500), "1.5µs");
    assert_eq!(s(2_000_000), "2ms");
    assert_eq!(s(1_500_000_000), "1.5s");
    assert_eq!(s(-300 * NANOS), "-5m0s");
    assert_eq!(s(3600 * NANOS + 1), "1h0m0.000000001s");
}

#[test]
fn create_user_annotations() {
    let create = |pairs: &[(&str, String)]| {
        let mut s = spec();
        s.unverified_user_annotations = pairs.iter().map(|(k, v)| ((*k).to_owned(), v.clone())).collect();
        strings(&validate_pod_certificate_request(&pcr(s), None))
    };
    assert_eq!(create(&[("example.com/a", "any value at all".into())]), Vec::<String>::new());
    assert_eq!(
        create(&[("plain", String::new())]),
        [
            r#"spec.unverifiedUserAnnotations: Invalid value: "plain": must be a domain-prefixed key (such as "acme.io/foo")"#
        ]
    );
    let errs = create(&[("example.com/a b", String::new())]);
    assert_eq!(errs.len(), 1, "{errs:?}");
    assert!(
        errs[0].starts_with(
            r#"spec.unverifiedUserAnnotations: Invalid value: "example.com/a b": name part must consist of"#
        ),
        "{errs:?}"
    );
    assert_eq!(
        create(&[("example.com/a", "x".repeat(256 * 1024))]),
        ["spec.unverifiedUserAnnotations: Too long: may not be more than 262144 bytes"]
    );
    // Checked right after the signer name, before the pod name.
    let mut s = spec();
    s.pod_name = "Bad".into();
    s.unverified_user_annotations = [("plain".to_owned(), String::new())].into_iter().collect();
    let errs = strings(&validate_pod_certificate_request(&pcr(s), None));
    assert!(errs[0].starts_with("spec.unverifiedUserAnnotations:") && errs[1].starts_with("spec.podName:"), "{errs:?}");
}
