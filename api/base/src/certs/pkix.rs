//! The structure `x509.ParsePKIXPublicKey` reads from a DER `SubjectPublicKeyInfo`, down to what pod certificate request validation asks of a key: its type, an elliptic key's curve, an RSA key's modulus size, and the key's bits to verify a signature with.
//!
//! Structure only: an elliptic point is checked for the uncompressed form and length Go accepts,
//! not for lying on its curve; verifying is left to the caller.

use super::{Der, INTEGER, OID, SEQUENCE, valid_bit_string, valid_integer, valid_oid};

const NULL: &[u8] = &[0x05, 0x00];
pub(crate) const OID_RSA: &[u8] = &[0x2a, 0x86, 0x48, 0x86, 0xf7, 0x0d, 0x01, 0x01, 0x01];
pub(crate) const OID_EC: &[u8] = &[0x2a, 0x86, 0x48, 0xce, 0x3d, 0x02, 0x01];
const OID_DSA: &[u8] = &[0x2a, 0x86, 0x48, 0xce, 0x38, 0x04, 0x01];
pub(crate) const OID_ED25519: &[u8] = &[0x2b, 0x65, 0x70];
pub(crate) const OID_X25519: &[u8] = &[0x2b, 0x65, 0x6e];
/// The named curves Go's `x509` knows, with their names and coordinate sizes in bytes.
const CURVES: &[(&[u8], &str, usize)] = &[
    (&[0x2b, 0x81, 0x04, 0x00, 0x21], "P-224", 28),
    (&[0x2a, 0x86, 0x48, 0xce, 0x3d, 0x03, 0x01, 0x07], "P-256", 32),
    (&[0x2b, 0x81, 0x04, 0x00, 0x22], "P-384", 48),
    (&[0x2b, 0x81, 0x04, 0x00, 0x23], "P-521", 66),
];

/// The name Go gives the named curve of an OBJECT IDENTIFIER's contents, if it knows it.
pub(crate) fn curve_named(oid: &[u8]) -> Option<&'static str> {
    CURVES.iter().find(|(o, _, _)| *o == oid).map(|&(_, name, _)| name)
}

/// A public key as far as its type and size go.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PublicKey {
    /// An Ed25519 key.
    Ed25519,
    /// An ECDSA key on a named curve (`P-224`, `P-256`, `P-384`, `P-521`, as Go names them).
    Ecdsa(&'static str),
    /// An RSA key; the modulus size in bits, rounded up to whole bytes as Go's `Size()*8`.
    Rsa(usize),
    /// A key Go parses into another type (X25519, DSA).
    Other,
}

/// The key in a DER `SubjectPublicKeyInfo`, or Go's reason for refusing it.
pub fn parse_public_key(der: &[u8]) -> Result<PublicKey, &'static str> {
    parse_public_key_with_bits(der).map(|(key, _)| key)
}

/// [`parse_public_key`], with the key's bits as signature verifiers take them: the contents of
/// the `subjectPublicKey` bit string (a PKCS #1 `RSAPublicKey`, an uncompressed elliptic point,
/// or 32 bytes of Ed25519 or X25519 key).
pub fn parse_public_key_with_bits(der: &[u8]) -> Result<(PublicKey, &[u8]), &'static str> {
    let mut input = Der(der);
    let spki = input.read(SEQUENCE).ok_or("x509: malformed public key")?;
    if !input.0.is_empty() {
        return Err("x509: trailing data after ASN.1 of public-key");
    }
    let mut spki = Der(spki);
    let alg = spki.read(SEQUENCE).ok_or("x509: malformed public key algorithm identifier")?;
    let key = spki.read(super::BIT_STRING).filter(|b| valid_bit_string(b)).ok_or("x509: malformed subjectPublicKey")?;
    let key = &key[1..];
    let mut alg = Der(alg);
    let oid = alg.read(OID).filter(|o| valid_oid(o)).ok_or("x509: malformed OID")?;
    let params = alg.0;
    if !params.is_empty() && Der(params).any().is_none() {
        return Err("x509: malformed parameters");
    }
    let parsed = match oid {
        OID_RSA => rsa(params, key),
        OID_EC => ecdsa(params, key),
        OID_ED25519 => {
            if !params.is_empty() {
                return Err("x509: Ed25519 key encoded with illegal parameters");
            }
            if key.len() != 32 {
                return Err("x509: wrong Ed25519 public key size");
            }
            Ok(PublicKey::Ed25519)
        }
        OID_X25519 => {
            if !params.is_empty() {
                return Err("x509: X25519 key encoded with illegal parameters");
            }
            // `ecdh.X25519().NewPublicKey`'s refusal.
            if key.len() != 32 {
                return Err("crypto/ecdh: invalid public key");
            }
            Ok(PublicKey::Other)
        }
        OID_DSA => dsa(params, key),
        _ => Err("x509: unknown public key algorithm"),
    };
    parsed.map(|parsed| (parsed, key))
}

/// Go's RSA branch: NULL parameters, a PKCS #1 key of a positive modulus and exponent.
fn rsa(params: &[u8], key: &[u8]) -> Result<PublicKey, &'static str> {
    if params != NULL {
        return Err("x509: RSA key missing NULL parameters");
    }
    // Go reads the SEQUENCE and its two integers and looks at nothing after either.
    let mut seq = Der(Der(key).read(SEQUENCE).ok_or("x509: invalid RSA public key")?);
    let n = seq.read(INTEGER).filter(|b| valid_integer(b)).ok_or("x509: invalid RSA modulus")?;
    let e = seq.read(INTEGER).filter(|b| valid_integer(b)).ok_or("x509: invalid RSA public exponent")?;
    let n_positive = n[0] & 0x80 == 0 && n.iter().any(|&b| b != 0);
    if !n_positive {
        return Err("x509: RSA modulus is not a positive number");
    }
    // The exponent is read into a Go `int`: minimal encodings of at most eight bytes fit.
    if e.len() > 8 {
        return Err("x509: invalid RSA public exponent");
    }
    if e[0] & 0x80 != 0 || e.iter().all(|&b| b == 0) {
        return Err("x509: RSA public exponent is not a positive number");
    }
    let magnitude = if n[0] == 0 { &n[1..] } else { n };
    Ok(PublicKey::Rsa(magnitude.len() * 8))
}

/// The modulus and exponent of a PKCS #1 `RSAPublicKey` (an RSA key's bits, as
/// [`parse_public_key_with_bits`] gives them), big-endian without the sign byte; `None` when it is
/// not one.
pub fn rsa_public_key_parts(bits: &[u8]) -> Option<(&[u8], &[u8])> {
    // What follows the SEQUENCE or the exponent is ignored, as Go's key parser ignores it.
    let mut seq = Der(Der(bits).read(SEQUENCE)?);
    let n = seq.read(INTEGER).filter(|b| valid_integer(b))?;
    let e = seq.read(INTEGER).filter(|b| valid_integer(b))?;
    fn magnitude(b: &[u8]) -> &[u8] {
        b.strip_prefix(&[0]).unwrap_or(b)
    }
    Some((magnitude(n), magnitude(e)))
}

/// Go's ECDSA branch: a named curve it knows and an uncompressed point of that curve's size.
fn ecdsa(params: &[u8], key: &[u8]) -> Result<PublicKey, &'static str> {
    let mut p = Der(params);
    let curve = p.read(OID).filter(|o| valid_oid(o) && p.0.is_empty()).ok_or("x509: invalid ECDSA parameters")?;
    let Some(&(_, name, size)) = CURVES.iter().find(|(oid, _, _)| *oid == curve) else {
        return Err("x509: unsupported elliptic curve");
    };
    if key.len() != 1 + 2 * size || key[0] != 0x04 {
        return Err("x509: failed to unmarshal elliptic curve point");
    }
    Ok(PublicKey::Ecdsa(name))
}

/// Go's DSA branch: parameters of three integers and an integer key.
fn dsa(params: &[u8], key: &[u8]) -> Result<PublicKey, &'static str> {
    let mut outer = Der(params);
    let seq = outer.read(SEQUENCE).ok_or("x509: invalid DSA parameters")?;
    let mut seq = Der(seq);
    for _ in 0..3 {
        seq.read(INTEGER).filter(|b| valid_integer(b)).ok_or("x509: invalid DSA parameters")?;
    }
    let mut k = Der(key);
    k.read(INTEGER).filter(|b| valid_integer(b)).ok_or("x509: invalid DSA public key")?;
    Ok(PublicKey::Other)
}

#[cfg(test)]
#[path = "pkix_tests.rs"]
mod tests;
