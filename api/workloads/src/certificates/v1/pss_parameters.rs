//! The RSA-PSS parameters Go's `x509` accepts in a signature algorithm (`getSignatureAlgorithmFromAI`): SHA-256, SHA-384 or SHA-512 for the message and for MGF1, a salt as long as the hash, the default trailer.

use super::der::{any, element};

const SEQUENCE: u8 = 0x30;
const OID: u8 = 0x06;
const NULL: &[u8] = &[0x05, 0x00];
/// id-mgf1, 1.2.840.113549.1.1.8.
const MGF1: &[u8] = &[0x2a, 0x86, 0x48, 0x86, 0xf7, 0x0d, 0x01, 0x01, 0x08];
/// id-sha256, id-sha384 and id-sha512 (2.16.840.1.101.3.4.2.1 to .3) with the salt length each
/// requires.
const HASHES: &[(&[u8], u8, PssHash)] = &[
    (&[0x60, 0x86, 0x48, 0x01, 0x65, 0x03, 0x04, 0x02, 0x01], 32, PssHash::Sha256),
    (&[0x60, 0x86, 0x48, 0x01, 0x65, 0x03, 0x04, 0x02, 0x02], 48, PssHash::Sha384),
    (&[0x60, 0x86, 0x48, 0x01, 0x65, 0x03, 0x04, 0x02, 0x03], 64, PssHash::Sha512),
];

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum PssHash {
    Sha256,
    Sha384,
    Sha512,
}

/// The hash of the `RSASSA-PSS-params` element `params` (the whole encoding), when Go takes it
/// for `SHA256WithRSAPSS`, `SHA384WithRSAPSS` or `SHA512WithRSAPSS`; `None` where Go knows no
/// algorithm. Read as DER: an explicit tag must hold exactly its one element (Go's reader does
/// not hold it to its length). Elements after those Go reads are ignored, as Go ignores them.
pub(crate) fn pss_hash(params: Option<&[u8]>) -> Option<PssHash> {
    let (body, _) = element(params?, SEQUENCE)?;
    let (hash, body) = explicit(body, 0)?;
    let (mgf, body) = explicit(body, 1)?;
    let (salt, body) = explicit(body, 2)?;
    let (hash_oid, hash_params) = algorithm_identifier(hash)?;
    let (mgf_oid, mgf_params) = algorithm_identifier(mgf)?;
    let (mgf_hash_oid, mgf_hash_params) = algorithm_identifier(mgf_params?)?;
    let null_or_absent = |p: Option<&[u8]>| p.is_none_or(|p| p == NULL);
    if !null_or_absent(hash_params) || mgf_oid != MGF1 || mgf_hash_oid != hash_oid || !null_or_absent(mgf_hash_params) {
        return None;
    }
    // The trailer field, 1 when absent; Go reads the next element and stops there.
    if !body.is_empty() {
        let (tag, _, _) = any(body)?;
        if tag == 0xa3 {
            let (trailer, _) = explicit(body, 3)?;
            if element(trailer, 0x02)? != (&[1u8][..], &[][..]) {
                return None;
            }
        }
    }
    let salt = element(salt, 0x02).filter(|(_, rest)| rest.is_empty())?.0;
    HASHES.iter().find(|(oid, len, _)| *oid == hash_oid && salt == [*len]).map(|&(_, _, hash)| hash)
}

/// An explicitly tagged (`[n]`, constructed) element holding exactly one element: that element's
/// whole encoding, and what follows the tag.
fn explicit(der: &[u8], n: u8) -> Option<(&[u8], &[u8])> {
    let (inner, rest) = element(der, 0xa0 | n)?;
    let (_, _, after) = any(inner)?;
    after.is_empty().then_some((inner, rest))
}

/// An `AlgorithmIdentifier` (its whole encoding): the OID's contents and the parameters' whole
/// encoding when present; elements after them are ignored, as Go ignores them.
fn algorithm_identifier(der: &[u8]) -> Option<(&[u8], Option<&[u8]>)> {
    let (body, _) = element(der, SEQUENCE)?;
    let (oid, rest) = element(body, OID)?;
    if rest.is_empty() {
        return Some((oid, None));
    }
    let (_, _, after) = any(rest)?;
    Some((oid, Some(&rest[..rest.len() - after.len()])))
}
