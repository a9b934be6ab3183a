//! Upstream's certificates validation test cases (`TestValidateCertificateSigningRequestCreate` usages, signer names and expiration, `TestValidateCertificateSigningRequestUpdate` and `...StatusUpdate` conditions and certificates), pinned against our validation.

use kapi_machinery::Scheme;
use kapi_machinery::validation::ErrorType;

use super::*;
use crate::certificates::v1::{CertificateSigningRequestSpec, KeyUsage, RequestConditionType};
use crate::core::v1::ConditionStatus;
use crate::features::{FeatureGates, with_gates};
use crate::meta::v1::ObjectMeta;

fn strings(errs: &ErrorList) -> Vec<String> {
    errs.iter().map(ToString::to_string).collect()
}

fn csr(signer: &str, usages: &[&str]) -> CertificateSigningRequest {
    CertificateSigningRequest {
        metadata: ObjectMeta { name: "testcsr".into(), ..Default::default() },
        spec: CertificateSigningRequestSpec {
            request: Some(b"-----BEGIN CERTIFICATE REQUEST-----".to_vec()),
            signer_name: signer.into(),
            usages: usages.iter().map(|u| KeyUsage((*u).into())).collect(),
            ..Default::default()
        },
        ..Default::default()
    }
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
    issued.status.certificate = b"cert".to_vec();
    assert!(validate_certificate_signing_request_status_update(&issued, &approved).is_empty());
    assert_eq!(
        strings(&validate_certificate_signing_request(&issued, Some(&approved))),
        ["status.certificate: Forbidden: updates may not set certificate content"]
    );
    let mut reissued = issued.clone();
    reissued.status.certificate = b"other".to_vec();
    assert_eq!(
        strings(&validate_certificate_signing_request_status_update(&reissued, &issued)),
        ["status.certificate: Forbidden: updates may not modify existing certificate content"]
    );
}
