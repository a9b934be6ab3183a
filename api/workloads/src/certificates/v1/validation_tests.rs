//! Upstream's certificates validation test cases (`TestValidateCertificateSigningRequestCreate` requests, usages, signer names and expiration, `...Update`, `...StatusUpdate` and `...ApprovalUpdate` conditions and certificates, `Test_validateCertificateSigningRequestOptions` certificate contents), pinned against our validation.

use kapi_api_base::test_support::csrs;
use kapi_machinery::Scheme;
use kapi_machinery::validation::ErrorType;

use super::*;
use crate::certificates::v1::{CertificateSigningRequestSpec, KeyUsage, RequestConditionType};
use crate::core::v1::ConditionStatus;
use crate::features::{Feature, FeatureGates, with_gates};
use crate::meta::v1::ObjectMeta;

fn strings(errs: &ErrorList) -> Vec<String> {
    errs.iter().map(ToString::to_string).collect()
}

fn csr(signer: &str, usages: &[&str]) -> CertificateSigningRequest {
    CertificateSigningRequest {
        metadata: ObjectMeta { name: "testcsr".into(), ..Default::default() },
        spec: CertificateSigningRequestSpec {
            request: Some(csrs::ED25519.as_bytes().to_vec()),
            signer_name: signer.into(),
            usages: usages.iter().map(|u| KeyUsage((*u).into())).collect(),
            ..Default::default()
        },
        ..Default::default()
    }
}

/// Upstream's `validCertificate`: a leaf and its intermediate, with text around and between.
const CERT_1: &str = "-----BEGIN CERTIFICATE-----
MIIBqDCCAU2gAwIBAgIUfbqeieihh/oERbfvRm38XvS/xHAwCgYIKoZIzj0EAwIw
GjEYMBYGA1UEAxMPSW50ZXJtZWRpYXRlLUNBMCAXDTE2MTAxMTA1MDYwMFoYDzIx
MTYwOTE3MDUwNjAwWjAUMRIwEAYDVQQDEwlNeSBDbGllbnQwWTATBgcqhkjOPQIB
BggqhkjOPQMBBwNCAARv6N4R/sjMR65iMFGNLN1GC/vd7WhDW6J4X/iAjkRLLnNb
KbRG/AtOUZ+7upJ3BWIRKYbOabbQGQe2BbKFiap4o3UwczAOBgNVHQ8BAf8EBAMC
BaAwEwYDVR0lBAwwCgYIKwYBBQUHAwIwDAYDVR0TAQH/BAIwADAdBgNVHQ4EFgQU
K/pZOWpNcYai6eHFpmJEeFpeQlEwHwYDVR0jBBgwFoAUX6nQlxjfWnP6aM1meO/Q
a6b3a9kwCgYIKoZIzj0EAwIDSQAwRgIhAIWTKw/sjJITqeuNzJDAKU4xo1zL+xJ5
MnVCuBwfwDXCAiEAw/1TA+CjPq9JC5ek1ifR0FybTURjeQqYkKpve1dveps=
-----END CERTIFICATE-----
";
const CERT_2: &str = "-----BEGIN CERTIFICATE-----
MIIBqDCCAU6gAwIBAgIUfqZtjoFgczZ+oQZbEC/BDSS2J6wwCgYIKoZIzj0EAwIw
EjEQMA4GA1UEAxMHUm9vdC1DQTAgFw0xNjEwMTEwNTA2MDBaGA8yMTE2MDkxNzA1
MDYwMFowGjEYMBYGA1UEAxMPSW50ZXJtZWRpYXRlLUNBMFkwEwYHKoZIzj0CAQYI
KoZIzj0DAQcDQgAEyWHEMMCctJg8Xa5YWLqaCPbk3MjB+uvXac42JM9pj4k9jedD
kpUJRkWIPzgJI8Zk/3cSzluUTixP6JBSDKtwwaN4MHYwDgYDVR0PAQH/BAQDAgGm
MBMGA1UdJQQMMAoGCCsGAQUFBwMCMA8GA1UdEwEB/wQFMAMBAf8wHQYDVR0OBBYE
FF+p0JcY31pz+mjNZnjv0Gum92vZMB8GA1UdIwQYMBaAFB7P6+i4/pfNjqZgJv/b
dgA7Fe4tMAoGCCqGSM49BAMCA0gAMEUCIQCTT1YWQZaAqfQ2oBxzOkJE2BqLFxhz
3smQlrZ5gCHddwIgcvT7puhYOzAgcvMn9+SZ1JOyZ7edODjshCVCRnuHK2c=
-----END CERTIFICATE-----
";

fn valid_certificate() -> String {
    format!("\nLeading non-PEM content\n{CERT_1}Intermediate non-PEM content\n{CERT_2}Trailing non-PEM content\n")
}

/// Upstream's invalid certificates, each `CERT_1` changed as upstream's is, with text around it.
fn invalid_certificates() -> Vec<(&'static str, String, &'static str)> {
    let around = |pem: String| format!("\nLeading non-PEM content\n{pem}Trailing non-PEM content\n");
    vec![
        ("no PEM", "no PEM content".into(), "must contain at least one CERTIFICATE PEM block"),
        (
            "non-CERTIFICATE PEM",
            around(CERT_1.replace("CERTIFICATE-----", "CERTIFICATE1-----")),
            r#"only CERTIFICATE PEM blocks are allowed, found "CERTIFICATE1""#,
        ),
        (
            "PEM headers",
            around(CERT_1.replacen("-----\n", "-----\nSome-Header: Some-Value\n", 1)),
            "no PEM block headers are permitted",
        ),
        (
            "non-base64 PEM",
            around(CERT_1.replace("ve1dveps=", "ve1d?????????")),
            "must contain at least one CERTIFICATE PEM block",
        ),
        (
            "empty PEM block",
            around("-----BEGIN CERTIFICATE-----\n-----END CERTIFICATE-----\n".into()),
            "found CERTIFICATE PEM block containing 0 certificates",
        ),
        // Upstream accepts either message, as Go's reader has changed: ours is the current one.
        ("non-ASN1 data", around(CERT_1.replace("WjAUMRIw", "WjAUNRIw")), "x509: invalid RDNSequence"),
        // Not upstream's: an IP address alternative name of 5 bytes, which Go's parser refuses.
        ("5-byte IP address", bad_ip_certificate(), "x509: cannot parse IP address of length 5"),
        // Nor this: a `notBefore` in month 13.
        ("malformed UTCTime", bad_time_certificate(), "x509: malformed UTCTime"),
    ]
}

/// A certificate whose validity starts in month 13.
fn bad_time_certificate() -> String {
    use kapi_api_base::test_support::certificates::{der, names_with_validity};
    names_with_validity(&[der(0x17, b"261301035650Z"), der(0x17, b"261202035650Z")].concat())
}

/// A certificate whose subject alternative names hold a 5-byte IP address.
fn bad_ip_certificate() -> String {
    use kapi_api_base::test_support::certificates::{der, extension, names_with_extensions};
    names_with_extensions(&[extension(&[0x55, 0x1d, 0x11], &der(0x30, &der(0x87, &[10, 0, 0, 1, 2])))])
}

fn cond(ty: &str, status: &str) -> CertificateSigningRequestCondition {
    CertificateSigningRequestCondition {
        r#type: RequestConditionType(ty.into()),
        status: ConditionStatus(status.into()),
        ..Default::default()
    }
}

#[test]
fn usages_as_upstream() {
    assert!(validate_certificate_signing_request(&csr("example.com/signer", &["client auth"]), None).is_empty());
    assert_eq!(
        strings(&validate_certificate_signing_request(&csr("example.com/signer", &[]), None)),
        ["spec.usages: Required value"],
        "missing usages"
    );
    let got = strings(&validate_certificate_signing_request(
        &csr("example.com/signer", &["client auth", "bogus", "client auth"]),
        None,
    ));
    assert_eq!(got.len(), 2, "{got:?}");
    assert!(
        got[0].starts_with(
            r#"spec.usages[1]: Unsupported value: "bogus": supported values: "any", "cert sign", "client auth""#
        ),
        "{got:?}"
    );
    assert_eq!(got[1], r#"spec.usages[2]: Duplicate value: "client auth""#);
    // Unknown and repeated usages the stored request already had are kept on update.
    let old = csr("example.com/signer", &["client auth", "bogus", "client auth"]);
    assert!(validate_certificate_signing_request(&old, Some(&old)).is_empty());
}

#[test]
fn signer_names_as_upstream() {
    let cases: &[(&str, &[&str])] = &[
        ("", &["spec.signerName: Required value"]),
        (
            "example.com",
            &[
                "spec.signerName: Invalid value: \"example.com\": must be a fully qualified domain and path of the form 'example.com/signer-name'",
            ],
        ),
        (
            "example/signer",
            &[
                "spec.signerName: Invalid value: \"example\": should be a domain with at least two segments separated by dots",
            ],
        ),
        (
            "kubernetes.io/legacy-unknown",
            &[
                "spec.signerName: Invalid value: \"kubernetes.io/legacy-unknown\": the legacy signerName is not allowed via this API version",
            ],
        ),
    ];
    for (signer, want) in cases {
        let got = strings(&validate_certificate_signing_request(&csr(signer, &["client auth"]), None));
        assert_eq!(&got, want, "{signer:?}");
    }
    let got = strings(&validate_certificate_signing_request(&csr("Example.com/signer", &["client auth"]), None));
    assert_eq!(got.len(), 1, "{got:?}");
    assert!(
        got[0].starts_with(r#"spec.signerName: Invalid value: "Example.com": a lowercase RFC 1123 label"#),
        "{got:?}"
    );
    let long = format!("example.com/{}", "a".repeat(600));
    let got = validate_certificate_signing_request(&csr(&long, &["client auth"]), None);
    assert!(got.iter().any(|e| e.error_type == ErrorType::TooLong), "{got:?}");
    // The legacy signer stays allowed for a request stored with it.
    let legacy = csr("kubernetes.io/legacy-unknown", &["client auth"]);
    assert!(validate_certificate_signing_request(&legacy, Some(&legacy)).is_empty());
}

#[test]
fn expiration_seconds() {
    let mut c = csr("example.com/signer", &["client auth"]);
    c.spec.expiration_seconds = Some(600);
    assert!(validate_certificate_signing_request(&c, None).is_empty());
    c.spec.expiration_seconds = Some(599);
    assert_eq!(
        strings(&validate_certificate_signing_request(&c, None)),
        ["spec.expirationSeconds: Invalid value: 599: may not specify a duration less than 600 seconds (10 minutes)"]
    );
}

#[test]
fn conditions_and_status_updates() {
    let old = csr("example.com/signer", &["client auth"]);
    let mut new = old.clone();
    new.status.conditions =
        vec![cond("Approved", "False"), cond("", ""), cond("Custom", "True"), cond("Custom", "True")];
    assert_eq!(
        strings(&validate_certificate_signing_request_status_update(&new, &old)),
        [
            r#"status.conditions[0].status: Unsupported value: "False": supported values: "True""#,
            "status.conditions[1].type: Required value",
            "status.conditions[1].status: Required value",
            r#"status.conditions[3].type: Duplicate value: "Custom""#,
            r#"status.conditions: Forbidden: updates may not add a condition of type "Approved""#,
        ]
    );
    // Approved and Denied together: the generated rule while beta declarative validation is on,
    // upstream's hand-written message with it off.
    let mut both = old.clone();
    both.status.conditions = vec![cond("Approved", "True"), cond("Denied", "True")];
    let mut s = Scheme::new();
    crate::certificates::install(&mut s).expect("certificates installs");
    let got = strings(&s.validate(&both, None));
    assert_eq!(got.len(), 1, "{got:?}");
    assert!(got[0].starts_with("status.conditions: Invalid value:"), "{got:?}");
    with_gates(FeatureGates::default().with(Feature::DeclarativeValidationBeta, false), || {
        assert_eq!(
            strings(&validate_certificate_signing_request(&both, None)),
            [r#"status.conditions: Invalid value: "Denied": Approved and Denied conditions are mutually exclusive"#]
        );
    });
    // Conditions may not be removed; the certificate may be set once by a status write.
    let mut approved = old.clone();
    approved.status.conditions = vec![cond("Approved", "True")];
    assert_eq!(
        strings(&validate_certificate_signing_request_status_update(&old, &approved)),
        [r#"status.conditions: Forbidden: updates may not remove a condition of type "Approved""#]
    );
    let mut issued = approved.clone();
    issued.status.certificate = valid_certificate().into_bytes();
    assert!(validate_certificate_signing_request_status_update(&issued, &approved).is_empty());
    assert_eq!(
        strings(&validate_certificate_signing_request(&issued, Some(&approved))),
        ["status.certificate: Forbidden: updates may not set certificate content"]
    );
    let mut reissued = issued.clone();
    reissued.status.certificate = CERT_2.as_bytes().to_vec();
    assert_eq!(
        strings(&validate_certificate_signing_request_status_update(&reissued, &issued)),
        ["status.certificate: Forbidden: updates may not modify existing certificate content"]
    );
}

/// `der` as a PEM `CERTIFICATE REQUEST`, on one line.
fn request_pem(der: &[u8]) -> Vec<u8> {
    let mut pem = b"-----BEGIN CERTIFICATE REQUEST-----\n".to_vec();
    kapi_machinery::base64::encode_into(der, &mut pem);
    pem.extend_from_slice(b"\n-----END CERTIFICATE REQUEST-----\n");
    pem
}

#[test]
fn request_as_upstream() {
    let mut c = csr("example.com/signer", &["client auth"]);
    for pem in [csrs::ED25519, csrs::P256_SERVING, csrs::RSA2048] {
        c.spec.request = Some(pem.as_bytes().to_vec());
        assert!(validate_certificate_signing_request(&c, None).is_empty(), "{pem}");
    }
    // Upstream's empty and invalid requests; the value is the `[]byte` as JSON shows it.
    let cases: Vec<(Option<Vec<u8>>, &str)> = vec![
        (None, "spec.request: Invalid value: null: PEM block type must be CERTIFICATE REQUEST"),
        (
            Some(b"invalid data".to_vec()),
            r#"spec.request: Invalid value: "aW52YWxpZCBkYXRh": PEM block type must be CERTIFICATE REQUEST"#,
        ),
    ];
    for (request, want) in cases {
        c.spec.request = request;
        assert_eq!(strings(&validate_certificate_signing_request(&c, None)), [want]);
    }
    // Only the first block counts, and it must be a request.
    c.spec.request = Some(format!("{CERT_1}{}", csrs::ED25519).into_bytes());
    let got = strings(&validate_certificate_signing_request(&c, None));
    assert_eq!(got.len(), 1, "{got:?}");
    assert!(got[0].ends_with(": PEM block type must be CERTIFICATE REQUEST"), "{got:?}");
    // A request that does not parse, and one whose signature does not verify.
    let der = csrs::der(csrs::ED25519);
    let mut flipped = der.clone();
    *flipped.last_mut().unwrap() ^= 1;
    let cases: [(Vec<u8>, &str); 3] = [
        (der[..der.len() - 1].to_vec(), "asn1: syntax error: data truncated"),
        ([der.as_slice(), b"x"].concat(), "asn1: syntax error: trailing data"),
        (flipped, "x509: Ed25519 verification failure"),
    ];
    for (der, want) in cases {
        c.spec.request = Some(request_pem(&der));
        let got = strings(&validate_certificate_signing_request(&c, None));
        assert_eq!(got.len(), 1, "{got:?}");
        assert!(got[0].starts_with("spec.request: Invalid value: \"LS0t"), "{got:?}");
        assert!(got[0].ends_with(&format!(": {want}")), "{got:?}");
    }
    // The request is checked on every update, as upstream checks it.
    let old = csr("example.com/signer", &["client auth"]);
    let mut bad = old.clone();
    bad.spec.request = Some(b"invalid data".to_vec());
    assert_eq!(validate_certificate_signing_request(&bad, Some(&bad)).len(), 1);
}

#[test]
fn certificate_as_upstream() {
    let mut approved = csr("example.com/signer", &["client auth"]);
    approved.status.conditions = vec![cond("Approved", "True")];
    let mut issued = approved.clone();
    issued.status.certificate = valid_certificate().into_bytes();
    assert!(validate_certificate_signing_request(&issued, None).is_empty());
    assert!(validate_certificate_signing_request_status_update(&issued, &approved).is_empty());
    for (name, pem, want) in invalid_certificates() {
        let mut bad = approved.clone();
        bad.status.certificate = pem.into_bytes();
        // Strict: a new request, or a status write that sets it.
        let want = [format!(r#"status.certificate: Invalid value: "<certificate data>": {want}"#)];
        assert_eq!(strings(&validate_certificate_signing_request(&bad, None)), want, "{name}");
        assert_eq!(strings(&validate_certificate_signing_request_status_update(&bad, &approved)), want, "{name}");
        // Lenient: an update that keeps the stored certificate.
        assert!(validate_certificate_signing_request(&bad, Some(&bad)).is_empty(), "{name}");
        assert!(validate_certificate_signing_request_approval_update(&bad, &bad).is_empty(), "{name}");
        // ... or replaces one that was already bad (the reset itself is still forbidden).
        let mut reset = bad.clone();
        reset.status.certificate = b"no PEM at all".to_vec();
        assert_eq!(
            strings(&validate_certificate_signing_request_status_update(&reset, &bad)),
            ["status.certificate: Forbidden: updates may not modify existing certificate content"],
            "{name}"
        );
    }
}

#[test]
fn approval_updates_as_upstream() {
    let old = csr("example.com/something", &["key encipherment"]);
    let with = |conds: &[(&str, &str)]| {
        let mut c = old.clone();
        c.status.conditions = conds.iter().map(|(t, s)| cond(t, s)).collect();
        c
    };
    let approval = |new: &CertificateSigningRequest, old: &CertificateSigningRequest| {
        strings(&validate_certificate_signing_request_approval_update(new, old))
    };
    let none: [&str; 0] = [];
    assert_eq!(approval(&old, &old), none, "no-op");
    for t in ["Approved", "Denied", "Failed"] {
        let added = with(&[(t, "True")]);
        assert_eq!(approval(&added, &old), none, "add {t}");
        assert_eq!(
            approval(&old, &added),
            [format!(r#"status.conditions: Forbidden: updates may not remove a condition of type "{t}""#)],
            "remove {t}"
        );
    }
    // An approval may change an Approved condition; other writes may not.
    let approved = with(&[("Approved", "True")]);
    let mut reasoned = approved.clone();
    reasoned.status.conditions[0].reason = "AutoApproved".into();
    assert_eq!(approval(&reasoned, &approved), none);
    let got = strings(&validate_certificate_signing_request_status_update(&reasoned, &approved));
    assert_eq!(got, [r#"status.conditions: Forbidden: updates may not modify a condition of type "Approved""#]);
    // Upstream's "set certificate": not through approval.
    let mut issued = old.clone();
    issued.status.certificate = valid_certificate().into_bytes();
    assert_eq!(approval(&issued, &old), ["status.certificate: Forbidden: updates may not set certificate content"]);
    // Approved and Denied together: upstream's hand-written message with beta declarative
    // validation off (the generated rule's with it on, which the test server runs beside this).
    with_gates(FeatureGates::default().with(Feature::DeclarativeValidationBeta, false), || {
        assert_eq!(
            approval(&with(&[("Approved", "True"), ("Denied", "True")]), &approved),
            [r#"status.conditions: Invalid value: "Denied": Approved and Denied conditions are mutually exclusive"#]
        );
    });
}

#[test]
fn an_elliptic_point_off_its_curve_fails_to_parse_as_in_go() {
    use crate::certificates::v1::csr_vectors as v;
    let mut der = csrs::der(v::P224_SHA256);
    // The public key's point is the 57 bytes after the bit string's header `03 3a 00`.
    let at = der.windows(3).position(|w| w == [0x03, 0x3a, 0x00]).expect("the P-224 point") + 3;
    der[at + 56] ^= 1;
    let mut b64 = Vec::new();
    kapi_machinery::base64::encode_into(&der, &mut b64);
    let b64 = String::from_utf8(b64).unwrap();
    let pem = format!("-----BEGIN CERTIFICATE REQUEST-----\n{b64}\n-----END CERTIFICATE REQUEST-----\n");
    assert_eq!(request_error(pem.as_bytes()).as_deref(), Some("x509: failed to unmarshal elliptic curve point"));
    assert_eq!(request_error(v::P224_SHA256.as_bytes()), None);
}
