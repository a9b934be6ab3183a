//! Go's `tls` `parsePrivateKey` (Go 1.26): a DER private key tried as PKCS #1, PKCS #8 and SEC 1 in that order (`x509.ParsePKCS1PrivateKey`, `ParsePKCS8PrivateKey`, `ParseECPrivateKey`), each refusing what Go's refuses, and the public half of the key that parses.
//!
//! Only the verdict matters to `X509KeyPair`, which replaces the parsers' messages with its own,
//! except that a PKCS #8 key of a type TLS cannot use (X25519) has its own message. The public
//! half is computed as Go computes it: an ECDSA key's point from its scalar (a SEC 1 key's
//! embedded public key is not looked at), an Ed25519 key's from its seed (with ring, as Go's
//! `ed25519.NewKeyFromSeed`).

use super::asn1::{self, Fields, Kind};
use super::ecdsa;
use super::pkix::{OID_EC, OID_ED25519, OID_RSA, OID_X25519, curve_named};
use super::rsa_key::{self, RsaKey};

/// A private key's public half, as `X509KeyPair` compares it with the certificate's key.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum PublicHalf {
    /// The modulus (big-endian, no leading zeros) and the exponent.
    Rsa { n: Vec<u8>, e: i64 },
    /// The curve (`P-256`) and the uncompressed point.
    Ecdsa { curve: &'static str, point: Vec<u8> },
    /// The 32-byte public key.
    Ed25519(Vec<u8>),
}

/// `parsePrivateKey`: the key's public half, or `X509KeyPair`'s message.
pub(crate) fn parse_private_key(der: &[u8]) -> Result<PublicHalf, &'static str> {
    if let Ok(key) = pkcs1(der) {
        return Ok(key);
    }
    match pkcs8(der) {
        Ok(Some(key)) => return Ok(key),
        Ok(None) => return Err("tls: found unknown private key type in PKCS#8 wrapping"),
        Err(()) => {}
    }
    sec1(der, None).map_err(|()| "tls: failed to parse private key")
}

/// A `*big.Int` field: its magnitude when positive, `None` when zero or negative.
fn big<'a>(f: &mut Fields<'a>) -> Result<Option<&'a [u8]>, ()> {
    asn1::positive(f.required(Kind::Integer)?.contents)
}

/// `ParsePKCS1PrivateKey`: the structure (nothing may follow it), version 0 or 1, positive
/// values, then Go's key validation (`rsa_key`).
fn pkcs1(der: &[u8]) -> Result<PublicHalf, ()> {
    let (mut f, rest) = asn1::unmarshal_sequence(der)?;
    if !rest.is_empty() {
        return Err(());
    }
    let version = asn1::int64(f.required(Kind::Integer)?.contents)?;
    let n = big(&mut f)?;
    let e = asn1::int64(f.required(Kind::Integer)?.contents)?;
    let (d, p, q) = (big(&mut f)?, big(&mut f)?, big(&mut f)?);
    // Dp, Dq and Qinv are optional; a present one must be positive.
    let mut crt = [None; 3];
    for slot in &mut crt {
        *slot = f.field(Kind::Integer, true)?.map(|e| asn1::positive(e.contents)).transpose()?;
    }
    // Each additional prime: a SEQUENCE of the prime, its exponent and its coefficient.
    let mut additional = Vec::new();
    if let Some(list) = f.field(Kind::Sequence, true)? {
        for item in asn1::sequences_of(list.contents)? {
            let mut g = Fields::new(item);
            additional.push(big(&mut g)?);
            big(&mut g)?;
            big(&mut g)?;
        }
    }
    if version > 1 {
        return Err(());
    }
    let (Some(n), Some(d), Some(p), Some(q)) = (n, d, p, q) else { return Err(()) };
    if crt.iter().any(|c| matches!(c, Some(None))) {
        return Err(());
    }
    let mut primes = vec![p, q];
    for prime in additional {
        primes.push(prime.ok_or(())?);
    }
    let crt = match crt {
        [Some(Some(dp)), Some(Some(dq)), Some(Some(qinv))] => Some([dp, dq, qinv]),
        _ => None,
    };
    if !rsa_key::valid(&RsaKey { n, e, d, primes, crt }) {
        return Err(());
    }
    Ok(PublicHalf::Rsa { n: n.to_vec(), e })
}

/// `ParsePKCS8PrivateKey`: the wrapped key of a type Go knows, `Ok(None)` for one TLS does not
/// use (X25519); anything after the structure is ignored.
fn pkcs8(der: &[u8]) -> Result<Option<PublicHalf>, ()> {
    let (mut f, _) = asn1::unmarshal_sequence(der)?;
    asn1::int64(f.required(Kind::Integer)?.contents)?;
    let algorithm = f.required(Kind::Sequence)?.contents;
    let key = f.required(Kind::OctetString)?.contents;
    let mut a = Fields::new(algorithm);
    let oid = a.required(Kind::Oid)?.contents;
    if !asn1::valid_oid(oid) {
        return Err(());
    }
    let params = a.field(Kind::Any, true)?;
    match oid {
        OID_RSA => pkcs1(key).map(Some),
        OID_EC => {
            // Parameters that are not an OID leave the curve to the SEC 1 structure.
            let named = params.and_then(|p| {
                let oid = Fields::new(p.full).required(Kind::Oid).ok()?.contents;
                Some(oid).filter(|o| asn1::valid_oid(o))
            });
            sec1(key, named).map(Some)
        }
        OID_ED25519 | OID_X25519 => {
            if params.is_some() {
                return Err(());
            }
            let secret = Fields::new(key).required(Kind::OctetString)?.contents;
            if secret.len() != 32 {
                return Err(());
            }
            if oid == OID_X25519 {
                return Ok(None);
            }
            ed25519_public(secret).map(|p| Some(PublicHalf::Ed25519(p))).ok_or(())
        }
        _ => Err(()),
    }
}

/// Go's `ed25519.NewKeyFromSeed(seed).Public()`.
fn ed25519_public(seed: &[u8]) -> Option<Vec<u8>> {
    use ring::signature::{Ed25519KeyPair, KeyPair};
    Ed25519KeyPair::from_seed_unchecked(seed).ok().map(|k| k.public_key().as_ref().to_vec())
}

/// `parseECPrivateKey`: version 1, the curve named by PKCS #8 when it names one or else by the
/// structure's `[0]`, and a scalar Go accepts (leading zero bytes beyond the curve's size
/// dropped, fewer bytes padded); anything after the structure is ignored.
fn sec1(der: &[u8], named: Option<&[u8]>) -> Result<PublicHalf, ()> {
    let (mut f, _) = asn1::unmarshal_sequence(der)?;
    let version = asn1::int64(f.required(Kind::Integer)?.contents)?;
    let mut scalar = f.required(Kind::OctetString)?.contents;
    let own = f.explicit(0, Kind::Oid)?;
    if own.is_some_and(|o| !asn1::valid_oid(o)) {
        return Err(());
    }
    if f.explicit(1, Kind::BitString)?.is_some_and(|b| !super::valid_bit_string(b)) {
        return Err(());
    }
    if version != 1 {
        return Err(());
    }
    let curve = curve_named(named.or(own).unwrap_or_default()).ok_or(())?;
    let size = ecdsa::scalar_size(curve).ok_or(())?;
    while scalar.len() > size {
        if scalar[0] != 0 {
            return Err(());
        }
        scalar = &scalar[1..];
    }
    let mut padded = vec![0; size];
    padded[size - scalar.len()..].copy_from_slice(scalar);
    let point = ecdsa::public_key(curve, &padded).ok_or(())?;
    Ok(PublicHalf::Ecdsa { curve, point })
}
