//! Hand-written validation of `PodCertificateRequest` (upstream's `ValidatePodCertificateRequestCreate`, `…Update` and `…StatusUpdate`): identities, expiration bounds, the public key's type and size, its proof of possession, and the status a signer may write.
//!
//! Ported from the 1.35 source (the `pkixPublicKey` shape); the 1.36 source that adds
//! `stubPKCS10Request` was not available, so what it checks of the stub request is not checked
//! here, and the public key rules run only when `pkixPublicKey` or `proofOfPossession` is set
//! (inferred: 1.36 requests may carry the stub request alone). An elliptic key's point must lie
//! on its curve, as Go's key parser requires. The proof is verified as upstream verifies it, a
//! signature of the pod UID: Ed25519 and ECDSA on P-256 and P-384 with ring, ECDSA on P-521 in
//! `ecdsa`, RSA-PSS with any salt length in `rsa` (ring's takes only a 32-byte salt). An issued
//! leaf certificate's names, key and validity are checked as upstream checks them; the requested
//! key is the stub request's (v1 has no `pkixPublicKey`), and with no readable stub request none
//! is compared (inferred).

use std::collections::BTreeMap;

use kapi_api_base::certs::pkcs10::parse_certificate_request;
use kapi_api_base::certs::pkix::{PublicKey, parse_public_key_with_bits};
use kapi_api_base::certs::{Pem, certificate_fields, parse_certificate};
use kapi_machinery::base64;
use kapi_machinery::types::Time;
use kapi_machinery::validation::content::is_dns1123_subdomain;
use kapi_machinery::validation::declarative::json_value;
use kapi_machinery::validation::email;
use kapi_machinery::validation::{BadValue, ErrorList, ErrorType, FieldError, Path};
use ring::digest::{self, SHA256};
use ring::signature::{self as sig, UnparsedPublicKey, VerificationAlgorithm};

use super::rsa;
use super::validation::signer_name;
use super::{PodCertificateRequest, PodCertificateRequestSpec, PodCertificateRequestStatus};
use crate::core::v1::validation::{is_kubernetes_signer_name, validate_user_annotations};
use crate::meta::v1::Condition;
use crate::meta::v1::validation::validate_conditions;
use kapi_api_base::certs::ecdsa;

/// Upstream's `MinMaxExpirationSeconds`, `KubernetesMaxMaxExpirationSeconds` and
/// `MaxMaxExpirationSeconds`.
const MIN_MAX_EXPIRATION: i32 = 3600;
const KUBERNETES_MAX_MAX_EXPIRATION: i32 = 86400;
const MAX_MAX_EXPIRATION: i32 = 91 * 86400;
/// Upstream's `MaxPKIXPublicKeySize` and `MaxProofOfPossessionSize`.
const MAX_KEY_SIZE: usize = 10 * 1024;
const MAX_PROOF_SIZE: usize = 10 * 1024;
/// Upstream's `MaxCertificateChainSize`.
const MAX_CHAIN_SIZE: usize = 100 * 1024;
const MAX_UID_LEN: usize = 128;
const TERMINAL: &[&str] = &["Issued", "Denied", "Failed"];
/// Ten minutes, the margin `beginRefreshAt` keeps from both ends of the validity.
const REFRESH_MARGIN: i64 = 600;
/// Five minutes, how far `notBefore` may lie from the server's clock (either way, exclusive).
const CLOCK_SKEW: i64 = 300;
const IMMUTABLE_UNLESS_TERMINAL: &str =
    r#"status is immutable unless transitioning to "Issued", "Denied", or "Failed""#;

/// The spec fields the create rules read; `pkix` and `proof` are those of versions that carry
/// them (v1beta1).
pub(crate) struct SpecFields<'a> {
    pub signer_name: &'a str,
    pub pod_name: &'a str,
    pub pod_uid: &'a str,
    pub service_account_name: &'a str,
    pub service_account_uid: &'a str,
    pub node_name: &'a str,
    pub node_uid: &'a str,
    pub max_expiration_seconds: Option<i32>,
    pub user_annotations: &'a BTreeMap<String, String>,
    pub pkix: Option<&'a [u8]>,
    pub proof: Option<&'a [u8]>,
}

/// The [`SpecFields`] of a spec of any version (they share the field names), with the key and
/// proof given.
macro_rules! spec_fields {
    ($s:expr, $pkix:expr, $proof:expr) => {
        $crate::certificates::v1::pod_certificate_validation::SpecFields {
            signer_name: &$s.signer_name,
            pod_name: &$s.pod_name,
            pod_uid: &$s.pod_uid,
            service_account_name: &$s.service_account_name,
            service_account_uid: &$s.service_account_uid,
            node_name: &$s.node_name,
            node_uid: &$s.node_uid,
            max_expiration_seconds: $s.max_expiration_seconds,
            user_annotations: &$s.unverified_user_annotations,
            pkix: $pkix,
            proof: $proof,
        }
    };
}
pub(crate) use spec_fields;

/// Validates a `PodCertificateRequest` on create (`old` is `None`: upstream's
/// `ValidatePodCertificateRequestCreate`) or update (`ValidatePodCertificateRequestUpdate`: the
/// spec is immutable).
pub fn validate_pod_certificate_request(obj: &PodCertificateRequest, old: Option<&PodCertificateRequest>) -> ErrorList {
    let s = &obj.spec;
    match old {
        Some(old) => immutable_spec(s, &old.spec),
        None => create_errors(&spec_fields!(s, None, None)),
    }
}

/// Validates a `PodCertificateRequest`'s `/status` write at the current time (upstream's
/// `ValidatePodCertificateRequestStatusUpdate` with the strategy's real clock).
pub fn validate_pod_certificate_request_status_update(
    obj: &PodCertificateRequest,
    old: &PodCertificateRequest,
) -> ErrorList {
    validate_pod_certificate_request_status_update_at(obj, old, Time::now())
}

/// [`validate_pod_certificate_request_status_update`] with `now` as the server's time.
pub fn validate_pod_certificate_request_status_update_at(
    obj: &PodCertificateRequest,
    old: &PodCertificateRequest,
    now: Time,
) -> ErrorList {
    status_errors(&obj.status, &old.status, &obj.spec, now)
}

/// The spec unchanged, shown as its JSON where upstream prints the Go struct.
pub(crate) fn immutable_spec<T: PartialEq + kapi_machinery::json::JsonEncode>(new: &T, old: &T) -> ErrorList {
    if new == old {
        return ErrorList::new();
    }
    vec![FieldError::invalid_value("spec", json_value(new), "field is immutable")]
}

/// Upstream's create rules, in its order: it stops at a missing expiration and at the first
/// problem of the key and proof.
pub(crate) fn create_errors(s: &SpecFields) -> ErrorList {
    let spec = Path::new("spec");
    let mut errs = signer_name(&spec.child("signerName"), s.signer_name);
    errs.extend(validate_user_annotations(s.user_annotations, &spec.child("unverifiedUserAnnotations")));
    let name = |errs: &mut ErrorList, field: &str, value: &str, shown: BadValue| {
        for m in is_dns1123_subdomain(value) {
            errs.push(FieldError::invalid_value(spec.child(field), shown.clone(), &m));
        }
    };
    let uid = |errs: &mut ErrorList, field: &str, value: &str| {
        if value.is_empty() {
            errs.push(FieldError::invalid_value(spec.child(field), BadValue::named(value), "must not be empty"));
        }
        if value.len() > MAX_UID_LEN {
            errs.push(FieldError::too_long(spec.child(field), MAX_UID_LEN));
        }
    };
    name(&mut errs, "podName", s.pod_name, s.pod_name.into());
    uid(&mut errs, "podUID", s.pod_uid);
    name(&mut errs, "serviceAccountName", s.service_account_name, s.service_account_name.into());
    uid(&mut errs, "serviceAccountUID", s.service_account_uid);
    // A `types.NodeName`, which upstream shows as JSON.
    name(&mut errs, "nodeName", s.node_name, BadValue::named(s.node_name));
    uid(&mut errs, "nodeUID", s.node_uid);

    let ep = spec.child("maxExpirationSeconds");
    let Some(max) = s.max_expiration_seconds else {
        errs.push(FieldError::required(&ep, "must be set"));
        return errs;
    };
    let ceiling =
        if is_kubernetes_signer_name(s.signer_name) { KUBERNETES_MAX_MAX_EXPIRATION } else { MAX_MAX_EXPIRATION };
    if !(MIN_MAX_EXPIRATION..=ceiling).contains(&max) {
        errs.push(FieldError::invalid_value(
            &ep,
            max,
            &format!("must be in the range [{MIN_MAX_EXPIRATION}, {ceiling}]"),
        ));
    }
    if s.pkix.is_some_and(|k| !k.is_empty()) || s.proof.is_some_and(|p| !p.is_empty()) {
        errs.extend(key_errors(s.pkix.unwrap_or_default(), s.proof.unwrap_or_default(), s.pod_uid));
    }
    errs
}

/// The public key's size, form and type, the proof's size, and the proof: a signature of the
/// pod UID by the key. The first problem only, in upstream's order.
fn key_errors(pkix: &[u8], proof: &[u8], pod_uid: &str) -> ErrorList {
    let kp = Path::new("spec").child("pkixPublicKey");
    let pp = Path::new("spec").child("proofOfPossession");
    if pkix.len() > MAX_KEY_SIZE {
        return vec![FieldError::too_long(&kp, MAX_KEY_SIZE)];
    }
    if proof.len() > MAX_PROOF_SIZE {
        return vec![FieldError::too_long(&pp, MAX_PROOF_SIZE)];
    }
    // A `[]byte`, which upstream shows as JSON: base64 in quotes.
    let bytes = || {
        let mut out = b"\"".to_vec();
        base64::encode_into(pkix, &mut out);
        out.push(b'"');
        BadValue::Json(String::from_utf8_lossy(&out).into_owned())
    };
    let bad_key = |v: BadValue, m: &str| vec![FieldError::invalid_value(&kp, v, m)];
    // Go's parser also refuses an elliptic point off its curve.
    let parsed = parse_public_key_with_bits(pkix).ok().filter(|(key, bits)| match key {
        PublicKey::Ecdsa(curve) => ecdsa::on_curve(curve, bits),
        _ => true,
    });
    let Some((key, bits)) = parsed else {
        return bad_key(bytes(), "must be a valid PKIX-serialized public key");
    };
    match key {
        PublicKey::Ed25519 => {}
        PublicKey::Ecdsa(curve) if !["P-256", "P-384", "P-521"].contains(&curve) => {
            // Upstream's message names two curves but allows P-521 too.
            return bad_key(
                BadValue::Str(format!("curve {curve}")),
                "elliptic public keys must use curve P256 or P384",
            );
        }
        PublicKey::Ecdsa(_) => {}
        PublicKey::Rsa(n_bits) if n_bits != 3072 && n_bits != 4096 => {
            return bad_key(
                BadValue::Str(format!("{n_bits}-bit modulus")),
                "RSA keys must have modulus size 3072 or 4096",
            );
        }
        PublicKey::Rsa(_) => {}
        PublicKey::Other => {
            return bad_key(bytes(), "unknown public key type; supported types are Ed25519, ECDSA, and RSA");
        }
    }
    if proof_verifies(key, bits, pod_uid.as_bytes(), proof) {
        return ErrorList::new();
    }
    vec![FieldError::invalid_value(&pp, BadValue::Omitted, "could not verify proof-of-possession signature")]
}

/// Whether `proof` signs `message` with the key as upstream checks it: Ed25519 over the message,
/// ECDSA (an ASN.1 signature) and RSA-PSS (any salt length) over its SHA-256.
fn proof_verifies(key: PublicKey, bits: &[u8], message: &[u8], proof: &[u8]) -> bool {
    let algorithm: &'static dyn VerificationAlgorithm = match key {
        PublicKey::Ed25519 => &sig::ED25519,
        PublicKey::Ecdsa("P-256") => &sig::ECDSA_P256_SHA256_ASN1,
        PublicKey::Ecdsa("P-384") => &sig::ECDSA_P384_SHA256_ASN1,
        PublicKey::Ecdsa(curve) => {
            return ecdsa::verify_asn1(curve, bits, digest::digest(&SHA256, message).as_ref(), proof);
        }
        PublicKey::Rsa(_) => {
            let Ok(key) = rsa::key(bits) else { return false };
            return rsa::verify_pss(&key, &SHA256, None, digest::digest(&SHA256, message).as_ref(), proof);
        }
        PublicKey::Other => return false,
    };
    UnparsedPublicKey::new(algorithm, bits).verify(message, proof).is_ok()
}

/// Upstream's status rules: the known conditions, then what each transition may change.
fn status_errors(
    new: &PodCertificateRequestStatus,
    old: &PodCertificateRequestStatus,
    spec: &PodCertificateRequestSpec,
    now: Time,
) -> ErrorList {
    let cp = Path::new("status").child("conditions");
    let mut errs = ErrorList::new();
    let mut known = 0;
    for (i, c) in new.conditions.iter().enumerate() {
        // Upstream names the index as a field, `conditions.[0]`.
        let ip = cp.child(&format!("[{i}]"));
        if TERMINAL.contains(&c.r#type.as_str()) {
            known += 1;
            if known > 1 {
                errs.push(FieldError::invalid(
                    ip.child("type"),
                    &c.r#type,
                    r#"There may be at most one condition with type "Issued", "Denied", or "Failed""#,
                ));
            }
            if c.status.0 != "True" {
                errs.push(FieldError::not_supported_value(ip.child("status"), BadValue::named(&c.status.0), &["True"]));
            }
        } else {
            errs.push(FieldError::not_supported_value(ip.child("type"), c.r#type.as_str().into(), TERMINAL));
        }
    }
    errs.extend(validate_conditions(&new.conditions, &cp));
    // The conditions drive the rest: with bad ones, nothing further is said.
    if !errs.is_empty() {
        return errs;
    }
    let sp = Path::new("status");
    let omitted = |detail: &str| FieldError::new(ErrorType::Invalid, &sp, BadValue::Omitted, detail);
    if is_terminal(&old.conditions) {
        if new != old {
            errs.push(omitted("immutable after PodCertificateRequest is issued, denied, or failed"));
        }
        return errs;
    }
    if has_true(&new.conditions, "Denied") || has_true(&new.conditions, "Failed") {
        let only_conditions = PodCertificateRequestStatus { conditions: new.conditions.clone(), ..Default::default() };
        if *new != only_conditions {
            errs.push(omitted(
                "non-condition status fields must be empty when denying or failing the PodCertificateRequest",
            ));
        }
        return errs;
    }
    if has_true(&new.conditions, "Issued") {
        return issued_errors(new, spec, now);
    }
    if new != old {
        errs.push(omitted(IMMUTABLE_UNLESS_TERMINAL));
    }
    errs
}

fn has_true(conditions: &[Condition], ty: &str) -> bool {
    conditions.iter().any(|c| c.r#type == ty && c.status.0 == "True")
}

fn is_terminal(conditions: &[Condition]) -> bool {
    TERMINAL.iter().any(|t| has_true(conditions, t))
}

/// An issued request: a chain of certificates, the leaf first, whose names are well formed, whose
/// key is the requested one and whose validity the three times match, with `beginRefreshAt` ten
/// minutes inside it. Stops where upstream does.
fn issued_errors(new: &PodCertificateRequestStatus, spec: &PodCertificateRequestSpec, now: Time) -> ErrorList {
    let chain = new.certificate_chain.as_str();
    let cp = Path::new("status").child("certificateChain");
    if chain.len() > MAX_CHAIN_SIZE {
        return vec![FieldError::too_long(&cp, MAX_CHAIN_SIZE)];
    }
    let bad_chain = |m: &str| vec![FieldError::invalid(&cp, chain, m)];
    let mut blocks = Pem::new(chain.as_bytes());
    let Some(leaf) = blocks.decode() else {
        return bad_chain("issued certificate chain must contain at least one certificate");
    };
    if leaf.kind != b"CERTIFICATE" {
        return bad_chain("issued certificate chain must consist entirely of CERTIFICATE PEM blocks");
    }
    // Times and names that do not read are parse failures in Go too.
    let Ok(leaf) = certificate_fields(&leaf.bytes) else {
        return bad_chain("leaf certificate does not parse as valid X.509");
    };
    let mut errs = ErrorList::new();
    for name in &leaf.dns_names {
        if name.is_empty() {
            errs.push(FieldError::invalid(&cp, name, "leaf certificate should not contain empty DNSName"));
        }
        if name.contains("..") {
            errs.push(FieldError::invalid(&cp, name, "leaf certificate's DNSName should not contain '..'"));
        }
        if name.starts_with('.') || name.ends_with('.') {
            errs.push(FieldError::invalid(&cp, name, "leaf certificate's DNSName should not start or end with '.'"));
        }
    }
    for address in &leaf.email_addresses {
        if !email::is_address(address) {
            errs.push(FieldError::invalid(&cp, address, "leaf certificate should not contain invalid EmailAddress"));
        }
    }
    let fail = |mut errs: ErrorList, e: FieldError| {
        errs.push(e);
        errs
    };
    if let Some(wanted) = requested_key(spec)
        && parse_public_key_with_bits(leaf.public_key).ok() != Some(wanted)
    {
        return fail(
            errs,
            FieldError::invalid(&cp, chain, "leaf certificate was not issued to the requested public key"),
        );
    }
    let sp = Path::new("status");
    let consistent = "must be present and consistent with the issued certificate";
    if new.not_before.is_none() {
        errs.push(FieldError::required(sp.child("notBefore"), consistent));
    }
    if new.not_after.is_none() {
        errs.push(FieldError::required(sp.child("notAfter"), consistent));
    }
    if new.begin_refresh_at.is_none() {
        errs.push(FieldError::required(
            sp.child("beginRefreshAt"),
            "must be present and in the range [notbefore+10min, notafter-10min]",
        ));
    }
    if !errs.is_empty() {
        return errs;
    }
    let (Some(not_before), Some(not_after), Some(refresh)) = (new.not_before, new.not_after, new.begin_refresh_at)
    else {
        return errs;
    };
    let nbp = sp.child("notBefore");
    if leaf.not_before != (not_before.unix_seconds(), 0) {
        return vec![FieldError::invalid_value(
            &nbp,
            go_time(not_before),
            "must be set to the NotBefore time encoded in the leaf certificate",
        )];
    }
    let skew = i128::from(not_before.unix_seconds()) - i128::from(now.unix_seconds());
    if skew.abs() >= i128::from(CLOCK_SKEW) {
        return vec![FieldError::invalid_value(
            &nbp,
            go_time(not_before),
            "must be set to within 5 minutes of kube-apiserver's current time",
        )];
    }
    if leaf.not_after != (not_after.unix_seconds(), 0) {
        return vec![FieldError::invalid_value(
            sp.child("notAfter"),
            go_time(not_after),
            "must be set to the NotAfter time encoded in the leaf certificate",
        )];
    }
    let lifetime = nanos(leaf.not_after) - nanos(leaf.not_before);
    if lifetime < 3600 * NANOS {
        return vec![FieldError::invalid_value(
            &cp,
            go_duration(lifetime),
            "leaf certificate lifetime must be >= 1 hour",
        )];
    }
    if let Some(max) = spec.max_expiration_seconds
        && lifetime > i128::from(max) * NANOS
    {
        return vec![FieldError::invalid_value(
            &cp,
            go_duration(lifetime),
            &format!("leaf certificate lifetime must be <= spec.maxExpirationSeconds ({max})"),
        )];
    }
    let rp = sp.child("beginRefreshAt");
    if refresh.unix_seconds() < not_before.unix_seconds().saturating_add(REFRESH_MARGIN) {
        return vec![FieldError::invalid_value(
            &rp,
            go_time(refresh),
            "must be at least 10 minutes after status.notBefore",
        )];
    }
    if refresh.unix_seconds() > not_after.unix_seconds().saturating_sub(REFRESH_MARGIN) {
        return vec![FieldError::invalid_value(
            &rp,
            go_time(refresh),
            "must be at least 10 minutes before status.notAfter",
        )];
    }
    while let Some(b) = blocks.decode() {
        if b.kind != b"CERTIFICATE" {
            // Upstream's message, misspelling included.
            return bad_chain("issued certificate chain must consist entirely of CERTFICATE PEM blocks");
        }
        if parse_certificate(&b.bytes).is_err() {
            return bad_chain("intermediate certificate does not parse as valid X.509");
        }
    }
    errs
}

/// The key the leaf must carry: that of the stub request (v1 has no `pkixPublicKey`), when it
/// is set, reads as a request, and holds an Ed25519, ECDSA or RSA key, the types upstream
/// compares. Inferred, as the 1.36 source was not available: with no such key nothing is
/// compared, as the create rules here do not require one.
fn requested_key(spec: &PodCertificateRequestSpec) -> Option<(PublicKey, &[u8])> {
    let stub = spec.stub_pkcs10_request.as_deref().filter(|s| !s.is_empty())?;
    let request = parse_certificate_request(stub).ok()?;
    let key = parse_public_key_with_bits(request.public_key).ok()?;
    (!matches!(key.0, PublicKey::Other)).then_some(key)
}

const NANOS: i128 = 1_000_000_000;

fn nanos((secs, nanos): (i64, u32)) -> i128 {
    i128::from(secs) * NANOS + i128::from(nanos)
}

/// A span of nanoseconds as Go's `time.Duration.String` prints it (`1h0m0s`, `30m0s`, `1.5s`,
/// `500ms`), which upstream shows as the bad value.
fn go_duration(d: i128) -> BadValue {
    let sign = if d < 0 { "-" } else { "" };
    let u = d.unsigned_abs();
    // The integer part and the fraction's digits without trailing zeros, of `v / 10^prec`.
    let frac = |v: u128, prec: u32| {
        let unit = 10u128.pow(prec);
        let f = format!("{:0width$}", v % unit, width = prec as usize);
        let f = f.trim_end_matches('0');
        if f.is_empty() { format!("{}", v / unit) } else { format!("{}.{f}", v / unit) }
    };
    let text = if u == 0 {
        "0s".to_owned()
    } else if u < 1_000 {
        format!("{u}ns")
    } else if u < 1_000_000 {
        format!("{}µs", frac(u, 3))
    } else if u < 1_000_000_000 {
        format!("{}ms", frac(u, 6))
    } else {
        let secs = frac(u % 60_000_000_000, 9);
        let mins = u / 60_000_000_000;
        match (mins / 60, mins % 60) {
            (0, 0) => format!("{secs}s"),
            (0, m) => format!("{m}m{secs}s"),
            (h, m) => format!("{h}h{m}m{secs}s"),
        }
    };
    BadValue::Json(format!("{sign}{text}"))
}

/// A time as Go's `time.Time.String` prints a UTC one, which upstream shows as the bad value.
fn go_time(t: Time) -> BadValue {
    let (y, mo, d, h, mi, s) = t.to_civil();
    BadValue::Json(format!("{y:04}-{mo:02}-{d:02} {h:02}:{mi:02}:{s:02} +0000 UTC"))
}

#[cfg(test)]
#[path = "pod_certificate_validation_tests.rs"]
mod tests;
