//! Upstream's signature check of a certificate signing request (`CertificateRequest.CheckSignature`, Go's `checkSignature` with SHA-1 allowed): every algorithm Go verifies, with ring where ring has it and in plain arithmetic (`rsa`, `ecdsa`) where it does not.
//!
//! Go's verdicts on the algorithm (unknown, insecure, of another key type) are all reproduced,
//! RSA-PSS's parameters read as Go reads them (`pss_parameters`), and Go's checks of an RSA key
//! (its size from 1024 bits, its exponent) made with their messages before verifying. ring
//! verifies RSA PKCS #1 v1.5 for 1024 to 8192 bits (SHA-384 from 2048), ECDSA on P-256 and P-384
//! with SHA-256 or SHA-384, and Ed25519; the rest (RSA-PSS, other RSA sizes, ECDSA with SHA-1 or
//! SHA-512 or on P-224 or P-521) is verified here. Moduli over `rsa::MAX_BITS` bits, which Go
//! would verify, are refused with Go's verification error rather than spend the time.

use kapi_api_base::certs::pkcs10::CertificateRequest;
use kapi_api_base::certs::pkix::PublicKey;
use ring::digest::{self, SHA256, SHA384, SHA512};
use ring::signature::{self as sig, UnparsedPublicKey, VerificationAlgorithm};

use super::pss_parameters::{PssHash, pss_hash};
use super::rsa;
use kapi_api_base::certs::ecdsa;

#[derive(Clone, Copy, PartialEq, Eq)]
enum KeyAlgorithm {
    Rsa,
    RsaPss,
    Dsa,
    Ecdsa,
    Ed25519,
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Hash {
    None,
    Md5,
    Sha1,
    Sha256,
    Sha384,
    Sha512,
}

/// Go's `signatureAlgorithmDetails`: each OID's key algorithm and hash.
const ALGORITHMS: &[(&[u8], KeyAlgorithm, Hash)] = {
    use Hash::*;
    use KeyAlgorithm::*;
    const PKCS1: [u8; 8] = [0x2a, 0x86, 0x48, 0x86, 0xf7, 0x0d, 0x01, 0x01];
    const fn pkcs1(n: u8) -> [u8; 9] {
        let p = PKCS1;
        [p[0], p[1], p[2], p[3], p[4], p[5], p[6], p[7], n]
    }
    &[
        (&pkcs1(0x02), Rsa, None),
        (&pkcs1(0x04), Rsa, Md5),
        (&pkcs1(0x05), Rsa, Sha1),
        (&[0x2b, 0x0e, 0x03, 0x02, 0x1d], Rsa, Sha1),
        (&pkcs1(0x0b), Rsa, Sha256),
        (&pkcs1(0x0c), Rsa, Sha384),
        (&pkcs1(0x0d), Rsa, Sha512),
        (&pkcs1(0x0a), RsaPss, Sha256),
        (&[0x2a, 0x86, 0x48, 0xce, 0x38, 0x04, 0x03], Dsa, Sha1),
        (&[0x60, 0x86, 0x48, 0x01, 0x65, 0x03, 0x04, 0x03, 0x02], Dsa, Sha256),
        (&[0x2a, 0x86, 0x48, 0xce, 0x3d, 0x04, 0x01], Ecdsa, Sha1),
        (&[0x2a, 0x86, 0x48, 0xce, 0x3d, 0x04, 0x03, 0x02], Ecdsa, Sha256),
        (&[0x2a, 0x86, 0x48, 0xce, 0x3d, 0x04, 0x03, 0x03], Ecdsa, Sha384),
        (&[0x2a, 0x86, 0x48, 0xce, 0x3d, 0x04, 0x03, 0x04], Ecdsa, Sha512),
        (&[0x2b, 0x65, 0x70], Ed25519, None),
    ]
};

const UNSUPPORTED: &str = "x509: cannot verify signature: algorithm unimplemented";

/// Go's `checkSignature` for a request: its messages for an algorithm it does not verify, a key
/// of another type, and a signature that does not verify.
pub fn check_signature(csr: &CertificateRequest<'_>) -> Result<(), String> {
    let Some((algorithm, hash)) = signature_algorithm(csr) else { return Err(UNSUPPORTED.into()) };
    match hash {
        Hash::None if algorithm != KeyAlgorithm::Ed25519 => return Err(UNSUPPORTED.into()),
        Hash::Md5 => return Err("x509: cannot verify signature: insecure algorithm MD5-RSA".into()),
        _ => {}
    }
    let (wanted, go_type) = match csr.key {
        Some(PublicKey::Rsa(_)) => (matches!(algorithm, KeyAlgorithm::Rsa | KeyAlgorithm::RsaPss), "*rsa.PublicKey"),
        Some(PublicKey::Ecdsa(_)) => (algorithm == KeyAlgorithm::Ecdsa, "*ecdsa.PublicKey"),
        Some(PublicKey::Ed25519) => (algorithm == KeyAlgorithm::Ed25519, "ed25519.PublicKey"),
        // X25519, DSA and unknown keys: Go verifies none of them.
        Some(PublicKey::Other) | None => return Err(UNSUPPORTED.into()),
    };
    if !wanted {
        let name = match algorithm {
            KeyAlgorithm::Rsa | KeyAlgorithm::RsaPss => "RSA",
            KeyAlgorithm::Dsa => "DSA",
            KeyAlgorithm::Ecdsa => "ECDSA",
            KeyAlgorithm::Ed25519 => "Ed25519",
        };
        return Err(format!(
            "x509: signature algorithm specifies an {name} public key, but have public key of type {go_type}"
        ));
    }
    let signature = right_align(csr.signature);
    let ring = |algorithm: &'static dyn VerificationAlgorithm| {
        UnparsedPublicKey::new(algorithm, csr.key_bits).verify(csr.tbs, &signature).is_ok()
    };
    let digest = |hash| digest::digest(hash, csr.tbs);
    match (csr.key, hash_algorithm(hash)) {
        (Some(PublicKey::Ed25519), _) => {
            ring(&sig::ED25519).then_some(()).ok_or_else(|| "x509: Ed25519 verification failure".into())
        }
        (Some(PublicKey::Rsa(_)), Some(h)) => {
            let key = rsa::key(csr.key_bits)?;
            let verified = match (algorithm, ring_rsa(key.bits, hash)) {
                (KeyAlgorithm::RsaPss, _) => {
                    rsa::verify_pss(&key, h, Some(h.output_len()), digest(h).as_ref(), &signature)
                }
                (_, Some(found)) => ring(found),
                (_, None) => rsa::verify_pkcs1v15(&key, h, digest(h).as_ref(), &signature),
            };
            verified.then_some(()).ok_or_else(|| rsa::VERIFICATION.into())
        }
        (Some(PublicKey::Ecdsa(curve)), Some(h)) => {
            let verified = match ring_ecdsa(curve, hash) {
                Some(found) => ring(found),
                None => ecdsa::verify_asn1(curve, csr.key_bits, digest(h).as_ref(), &signature),
            };
            verified.then_some(()).ok_or_else(|| "x509: ECDSA verification failure".into())
        }
        _ => Err(UNSUPPORTED.into()),
    }
}

/// The request's signature algorithm as Go's `getSignatureAlgorithmFromAI` finds it: its key
/// algorithm and hash; `None` for Go's `UnknownSignatureAlgorithm`.
fn signature_algorithm(csr: &CertificateRequest<'_>) -> Option<(KeyAlgorithm, Hash)> {
    let &(_, algorithm, hash) = ALGORITHMS.iter().find(|(oid, _, _)| *oid == csr.signature_algorithm)?;
    match algorithm {
        // Ed25519 signatures take no parameters (RFC 8410); with them Go knows no algorithm.
        KeyAlgorithm::Ed25519 if csr.signature_parameters.is_some() => None,
        KeyAlgorithm::RsaPss => Some((
            algorithm,
            match pss_hash(csr.signature_parameters)? {
                PssHash::Sha256 => Hash::Sha256,
                PssHash::Sha384 => Hash::Sha384,
                PssHash::Sha512 => Hash::Sha512,
            },
        )),
        _ => Some((algorithm, hash)),
    }
}

/// ring's digest for a hash Go verifies with.
fn hash_algorithm(hash: Hash) -> Option<&'static digest::Algorithm> {
    Some(match hash {
        Hash::Sha1 => &digest::SHA1_FOR_LEGACY_USE_ONLY,
        Hash::Sha256 => &SHA256,
        Hash::Sha384 => &SHA384,
        Hash::Sha512 => &SHA512,
        Hash::None | Hash::Md5 => return None,
    })
}

/// ring's PKCS #1 v1.5 verifier for a modulus of `bits` bits and the hash, where it has one.
fn ring_rsa(bits: usize, hash: Hash) -> Option<&'static dyn VerificationAlgorithm> {
    if !(1024..=8192).contains(&bits) {
        return None;
    }
    Some(match hash {
        Hash::Sha1 => &sig::RSA_PKCS1_1024_8192_SHA1_FOR_LEGACY_USE_ONLY,
        Hash::Sha256 => &sig::RSA_PKCS1_1024_8192_SHA256_FOR_LEGACY_USE_ONLY,
        Hash::Sha384 if bits >= 2048 => &sig::RSA_PKCS1_2048_8192_SHA384,
        Hash::Sha512 => &sig::RSA_PKCS1_1024_8192_SHA512_FOR_LEGACY_USE_ONLY,
        _ => return None,
    })
}

/// ring's ECDSA verifier for the curve and hash, where it has one.
fn ring_ecdsa(curve: &str, hash: Hash) -> Option<&'static dyn VerificationAlgorithm> {
    Some(match (curve, hash) {
        ("P-256", Hash::Sha256) => &sig::ECDSA_P256_SHA256_ASN1,
        ("P-256", Hash::Sha384) => &sig::ECDSA_P256_SHA384_ASN1,
        ("P-384", Hash::Sha256) => &sig::ECDSA_P384_SHA256_ASN1,
        ("P-384", Hash::Sha384) => &sig::ECDSA_P384_SHA384_ASN1,
        _ => return None,
    })
}

/// Go's `BitString.RightAlign`: the bits without the padding, shifted to end on a byte.
fn right_align(bits: &[u8]) -> Vec<u8> {
    let Some((&pad, bytes)) = bits.split_first() else { return Vec::new() };
    if pad == 0 {
        return bytes.to_vec();
    }
    let mut out = Vec::with_capacity(bytes.len());
    let mut carry = 0u8;
    for &b in bytes {
        out.push(carry | (b >> pad));
        carry = b << (8 - pad);
    }
    out
}

#[cfg(test)]
#[path = "csr_signature_tests.rs"]
mod tests;
