//! Upstream's signature check of a certificate signing request (`CertificateRequest.CheckSignature`, Go's `checkSignature` with SHA-1 allowed), verified with ring where ring has the algorithm.
//!
//! Go's verdicts on the algorithm (unknown, insecure, of another key type) are all reproduced.
//! ring verifies RSA PKCS #1 v1.5 (SHA-1, SHA-256 and SHA-512 for 1024 to 8192 bits, SHA-384
//! from 2048), ECDSA on P-256 and P-384 with SHA-256 or SHA-384, and Ed25519. What else Go
//! verifies (RSA-PSS, which needs its parameters read first; ECDSA with SHA-1 or SHA-512, or on
//! P-224 or P-521; RSA keys outside those sizes) is accepted unverified here.

use kapi_api_base::certs::pkcs10::CertificateRequest;
use kapi_api_base::certs::pkix::PublicKey;
use ring::signature::{self as sig, UnparsedPublicKey, VerificationAlgorithm};

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
    let found = ALGORITHMS.iter().find(|(oid, _, _)| *oid == csr.signature_algorithm);
    // Ed25519 signatures take no parameters (RFC 8410); with them Go knows no algorithm.
    let Some(&(_, algorithm, hash)) =
        found.filter(|(_, a, _)| *a != KeyAlgorithm::Ed25519 || !csr.signature_parameters)
    else {
        return Err(UNSUPPORTED.into());
    };
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
    let Some((ring_algorithm, failure)) = verifier(csr.key, algorithm, hash) else { return Ok(()) };
    let signature = right_align(csr.signature);
    UnparsedPublicKey::new(ring_algorithm, csr.key_bits).verify(csr.tbs, &signature).map_err(|_| failure.to_owned())
}

/// ring's algorithm for a key and signature algorithm Go verifies, and Go's message when the
/// signature does not verify; `None` where ring has no such algorithm.
fn verifier(
    key: Option<PublicKey>,
    algorithm: KeyAlgorithm,
    hash: Hash,
) -> Option<(&'static dyn VerificationAlgorithm, &'static str)> {
    const RSA: &str = "crypto/rsa: verification error";
    const ECDSA: &str = "x509: ECDSA verification failure";
    let found: &'static dyn VerificationAlgorithm = match (key?, algorithm, hash) {
        (PublicKey::Ed25519, _, _) => return Some((&sig::ED25519, "x509: Ed25519 verification failure")),
        (PublicKey::Rsa(bits), KeyAlgorithm::Rsa, hash) if (1024..=8192).contains(&bits) => match hash {
            Hash::Sha1 => &sig::RSA_PKCS1_1024_8192_SHA1_FOR_LEGACY_USE_ONLY,
            Hash::Sha256 => &sig::RSA_PKCS1_1024_8192_SHA256_FOR_LEGACY_USE_ONLY,
            Hash::Sha384 if bits >= 2048 => &sig::RSA_PKCS1_2048_8192_SHA384,
            Hash::Sha512 => &sig::RSA_PKCS1_1024_8192_SHA512_FOR_LEGACY_USE_ONLY,
            _ => return None,
        },
        (PublicKey::Ecdsa(curve), KeyAlgorithm::Ecdsa, hash) => match (curve, hash) {
            ("P-256", Hash::Sha256) => &sig::ECDSA_P256_SHA256_ASN1,
            ("P-256", Hash::Sha384) => &sig::ECDSA_P256_SHA384_ASN1,
            ("P-384", Hash::Sha256) => &sig::ECDSA_P384_SHA256_ASN1,
            ("P-384", Hash::Sha384) => &sig::ECDSA_P384_SHA384_ASN1,
            _ => return None,
        },
        _ => return None,
    };
    Some((found, if algorithm == KeyAlgorithm::Ecdsa { ECDSA } else { RSA }))
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
