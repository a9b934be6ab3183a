//! Hand-written validation of certificates.k8s.io/v1 certificate signing requests and their status updates, with the checks, field paths and messages of upstream's `pkg/apis/certificates/validation`.
//!
//! The request is read as Go's `x509.ParseCertificateRequest` reads it
//! ([`kapi_api_base::certs::pkcs10`]), an elliptic key's point checked to lie on its curve, and
//! its signature checked as Go checks it (`csr_signature`); `status.certificate` is read as `x509.ParseCertificates` reads its
//! structure ([`kapi_api_base::certs`]). Approved and Denied together are the generated
//! declarative rule's while beta declarative validation is on, as upstream marks it covered.

use std::collections::HashSet;

pub(super) use crate::core::v1::validation::{cluster_trust_bundle_name, signer_name};
use kapi_api_base::certs::pkcs10::parse_certificate_request;
use kapi_api_base::certs::pkix::PublicKey;
use kapi_api_base::certs::{Pem, parse_certificates};
use kapi_machinery::validation::{BadValue, ErrorList, FieldError, Path, go_quote};

use super::{CertificateSigningRequest, CertificateSigningRequestCondition};
use crate::features::{Release, declarative_beta};

/// The release the declarative rules covering these checks became beta in (their tags'
/// `+k8s:beta(since: "1.37")`): before it the hand-written checks answer.
const COVERED_SINCE: Release = Release::new(1, 37);

const LEGACY_SIGNER: &str = "kubernetes.io/legacy-unknown";
/// Upstream's `allValidUsages`, sorted as `sets.List` returns them.
const USAGES: &[&str] = &[
    "any",
    "cert sign",
    "client auth",
    "code signing",
    "content commitment",
    "crl sign",
    "data encipherment",
    "decipher only",
    "digital signature",
    "email protection",
    "encipher only",
    "ipsec end system",
    "ipsec tunnel",
    "ipsec user",
    "key agreement",
    "key encipherment",
    "microsoft sgc",
    "netscape sgc",
    "ocsp signing",
    "s/mime",
    "server auth",
    "signing",
    "timestamping",
];
/// Condition types that may only be `True`.
const TRUE_ONLY: &[&str] = &["Approved", "Denied", "Failed"];
const ALL_STATUSES: &[&str] = &["False", "True", "Unknown"];

/// What an update tolerates because the stored request already had it (upstream's
/// `certificateValidationOptions`), and what a status write may set.
#[derive(Default)]
struct Options {
    setting_approval_conditions: bool,
    setting_certificate: bool,
    arbitrary_certificate: bool,
    both_approved_and_denied: bool,
    legacy_signer_name: bool,
    duplicate_condition_types: bool,
    empty_condition_type: bool,
    duplicate_usages: bool,
    unknown_usages: bool,
}

impl Options {
    fn of(new: &CertificateSigningRequest, old: Option<&CertificateSigningRequest>) -> Options {
        let Some(old) = old else { return Options::default() };
        let conds = &old.status.conditions;
        let has = |t: &str| conds.iter().any(|c| c.r#type.0 == t);
        let mut types = HashSet::new();
        let mut usages = HashSet::new();
        Options {
            setting_approval_conditions: false,
            setting_certificate: false,
            // An update that keeps the certificate, or whose stored one is already bad.
            arbitrary_certificate: new.status.certificate == old.status.certificate
                || certificate_error(&old.status.certificate).is_some(),
            both_approved_and_denied: has("Approved") && has("Denied"),
            legacy_signer_name: old.spec.signer_name == LEGACY_SIGNER,
            duplicate_condition_types: !conds.iter().all(|c| types.insert(c.r#type.0.as_str())),
            empty_condition_type: conds.iter().any(|c| c.r#type.0.is_empty()),
            duplicate_usages: !old.spec.usages.iter().all(|u| usages.insert(u.0.as_str())),
            unknown_usages: old.spec.usages.iter().any(|u| !USAGES.contains(&u.0.as_str())),
        }
    }
}

/// Upstream's `validateCSR`: the first PEM block is a `CERTIFICATE REQUEST` that parses and is
/// signed by its own key.
fn request_error(request: &[u8]) -> Option<String> {
    let block = Pem::new(request).decode().filter(|b| b.kind == b"CERTIFICATE REQUEST");
    let Some(block) = block else { return Some("PEM block type must be CERTIFICATE REQUEST".into()) };
    let csr = match parse_certificate_request(&block.bytes) {
        Ok(csr) => csr,
        Err(e) => return Some(e),
    };
    // Go's parser also refuses an elliptic point off its curve (before the subject, which the
    // parser here has already read).
    if let Some(PublicKey::Ecdsa(curve)) = csr.key
        && !kapi_api_base::certs::ecdsa::on_curve(curve, csr.key_bits)
    {
        return Some("x509: failed to unmarshal elliptic curve point".into());
    }
    super::csr_signature::check_signature(&csr).err()
}

/// Upstream's `validateCertificate`: nothing, or PEM blocks that are all `CERTIFICATE`s without
/// headers, each holding at least one certificate.
fn certificate_error(pem: &[u8]) -> Option<String> {
    if pem.is_empty() {
        return None;
    }
    let mut blocks = Pem::new(pem);
    let mut n = 0;
    while let Some(b) = blocks.decode() {
        if b.kind != b"CERTIFICATE" {
            let kind = go_quote(&String::from_utf8_lossy(b.kind));
            return Some(format!("only CERTIFICATE PEM blocks are allowed, found {kind}"));
        }
        if b.headers {
            return Some("no PEM block headers are permitted".into());
        }
        n += 1;
        match parse_certificates(&b.bytes) {
            Err(e) => return Some(e),
            Ok(0) => return Some("found CERTIFICATE PEM block containing 0 certificates".into()),
            Ok(_) => {}
        }
    }
    (n == 0).then(|| "must contain at least one CERTIFICATE PEM block".into())
}

/// The request as upstream's `field.Invalid` shows a `[]byte`: JSON's base64, `null` when unset.
fn request_value(request: Option<&[u8]>) -> BadValue {
    match request {
        None => BadValue::Json("null".into()),
        Some(b) => {
            let mut out = b"\"".to_vec();
            kapi_machinery::base64::encode_into(b, &mut out);
            out.push(b'"');
            BadValue::Json(String::from_utf8(out).expect("base64 is ASCII"))
        }
    }
}

/// Upstream's `validateCertificateSigningRequest`.
fn csr_errors(csr: &CertificateSigningRequest, opts: &Options) -> ErrorList {
    let spec = &csr.spec;
    let path = Path::new("spec");
    let mut errs = ErrorList::new();
    if let Some(e) = request_error(spec.request.as_deref().unwrap_or_default()) {
        errs.push(FieldError::invalid_value(path.child("request"), request_value(spec.request.as_deref()), &e));
    }
    let up = path.child("usages");
    if spec.usages.is_empty() {
        errs.push(FieldError::required(&up, ""));
    }
    if !opts.unknown_usages {
        for (i, u) in spec.usages.iter().enumerate() {
            if !USAGES.contains(&u.0.as_str()) {
                errs.push(FieldError::not_supported_value(up.index(i), BadValue::named(&u.0), USAGES));
            }
        }
    }
    if !opts.duplicate_usages {
        let mut seen = HashSet::new();
        for (i, u) in spec.usages.iter().enumerate() {
            if !seen.insert(u.0.as_str()) {
                errs.push(FieldError::duplicate(up.index(i), BadValue::named(&u.0)));
            }
        }
    }
    let sp = path.child("signerName");
    if !opts.legacy_signer_name && spec.signer_name == LEGACY_SIGNER {
        errs.push(FieldError::invalid(
            &sp,
            &spec.signer_name,
            "the legacy signerName is not allowed via this API version",
        ));
    } else {
        errs.extend(signer_name(&sp, &spec.signer_name));
    }
    if let Some(s) = spec.expiration_seconds
        && s < 600
    {
        errs.push(FieldError::invalid_value(
            path.child("expirationSeconds"),
            s,
            "may not specify a duration less than 600 seconds (10 minutes)",
        ));
    }
    errs.extend(conditions(&csr.status.conditions, opts));
    if !opts.arbitrary_certificate
        && let Some(e) = certificate_error(&csr.status.certificate)
    {
        errs.push(FieldError::invalid(Path::new("status").child("certificate"), "<certificate data>", &e));
    }
    errs
}

/// Upstream's `validateConditions`.
fn conditions(list: &[CertificateSigningRequestCondition], opts: &Options) -> ErrorList {
    let path = Path::new("status").child("conditions");
    let mut errs = ErrorList::new();
    let mut seen = HashSet::new();
    let (mut approved, mut denied) = (false, false);
    // Approved with Denied is the generated rule's while beta declarative validation is on.
    let exclusive = !opts.both_approved_and_denied && !declarative_beta(COVERED_SINCE);
    for (i, c) in list.iter().enumerate() {
        let p = path.index(i);
        if !opts.empty_condition_type && c.r#type.0.is_empty() {
            errs.push(FieldError::required(p.child("type"), ""));
        }
        let allowed = if TRUE_ONLY.contains(&c.r#type.0.as_str()) { &["True"][..] } else { ALL_STATUSES };
        if c.status.0.is_empty() {
            errs.push(FieldError::required(p.child("status"), ""));
        } else if !allowed.contains(&c.status.0.as_str()) {
            errs.push(FieldError::not_supported_value(p.child("status"), BadValue::named(&c.status.0), allowed));
        }
        if exclusive {
            let clash = match c.r#type.0.as_str() {
                "Approved" => {
                    approved = true;
                    denied
                }
                "Denied" => {
                    denied = true;
                    approved
                }
                _ => false,
            };
            if clash {
                errs.push(FieldError::invalid_value(
                    &path,
                    BadValue::named(&c.r#type.0),
                    "Approved and Denied conditions are mutually exclusive",
                ));
            }
        }
        if !opts.duplicate_condition_types && !seen.insert(c.r#type.0.as_str()) {
            errs.push(FieldError::duplicate(p.child("type"), BadValue::named(&c.r#type.0)));
        }
    }
    errs
}

fn find<'a>(csr: &'a CertificateSigningRequest, ty: &str) -> Vec<&'a CertificateSigningRequestCondition> {
    csr.status.conditions.iter().filter(|c| c.r#type.0 == ty).collect()
}

/// Upstream's `validateCertificateSigningRequestUpdate`.
fn update_errors(new: &CertificateSigningRequest, old: &CertificateSigningRequest, opts: &Options) -> ErrorList {
    let mut errs = csr_errors(new, opts);
    let path = Path::new("status").child("conditions");
    for t in ["Approved", "Denied", "Failed"] {
        if find(new, t).len() < find(old, t).len() {
            errs.push(FieldError::forbidden(&path, &format!("updates may not remove a condition of type \"{t}\"")));
        }
    }
    // Only the `approval` subresource may add or change these.
    let approval_conditions = if opts.setting_approval_conditions { &[][..] } else { &["Approved", "Denied"] };
    for &t in approval_conditions {
        let (was, is) = (find(old, t), find(new, t));
        if is.len() > was.len() {
            errs.push(FieldError::forbidden(&path, &format!("updates may not add a condition of type \"{t}\"")));
        } else if is.len() == was.len() && is != was {
            // Upstream follows this line with a Go diff of the conditions.
            errs.push(FieldError::forbidden(&path, &format!("updates may not modify a condition of type \"{t}\"")));
        }
    }
    if new.status.certificate != old.status.certificate {
        let cp = Path::new("status").child("certificate");
        if !opts.setting_certificate {
            errs.push(FieldError::forbidden(&cp, "updates may not set certificate content"));
        } else if !old.status.certificate.is_empty() {
            errs.push(FieldError::forbidden(&cp, "updates may not modify existing certificate content"));
        }
    }
    errs
}

/// Validates a `CertificateSigningRequest` (upstream's `ValidateCertificateSigningRequestCreate`
/// and `ValidateCertificateSigningRequestUpdate`): usages (required, known, unique), the signer
/// name (not the legacy one), the expiration (at least 600 seconds) and the conditions; on
/// update, Approved, Denied and Failed conditions are not removed, Approved and Denied not
/// added or changed, and the certificate not set. What the stored request already had
/// (unknown or repeated usages, the legacy signer, repeated or empty condition types, both
/// Approved and Denied) is accepted again.
pub fn validate_certificate_signing_request(
    obj: &CertificateSigningRequest,
    old: Option<&CertificateSigningRequest>,
) -> ErrorList {
    let opts = Options::of(obj, old);
    match old {
        None => csr_errors(obj, &opts),
        Some(old) => update_errors(obj, old, &opts),
    }
}

/// Validates a certificate signing request's `/status` update (upstream's
/// `ValidateCertificateSigningRequestStatusUpdate`): as an update, but the certificate may be
/// set once.
pub fn validate_certificate_signing_request_status_update(
    obj: &CertificateSigningRequest,
    old: &CertificateSigningRequest,
) -> ErrorList {
    let opts = Options { setting_certificate: true, ..Options::of(obj, Some(old)) };
    update_errors(obj, old, &opts)
}

/// Validates a write to a certificate signing request's `approval` subresource (upstream's
/// `ValidateCertificateSigningRequestApprovalUpdate`): as an update, but Approved and Denied
/// conditions may be added and changed (not removed, and not both).
pub fn validate_certificate_signing_request_approval_update(
    obj: &CertificateSigningRequest,
    old: &CertificateSigningRequest,
) -> ErrorList {
    let opts = Options { setting_approval_conditions: true, ..Options::of(obj, Some(old)) };
    update_errors(obj, old, &opts)
}

#[cfg(test)]
#[path = "validation_tests.rs"]
mod tests;
