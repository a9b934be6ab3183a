//! The extensions of a certificate as Go's `processExtensions` reads them, in the list's order, with its `x509:` messages.

use std::collections::BTreeSet;

use super::{BIT_STRING, BOOLEAN, Certificate, Der, INTEGER, OCTET_STRING, OID, SEQUENCE, valid_integer, valid_oid};

/// `1.3.6.1.5.5.7.1.1`, authority information access.
const OID_AUTHORITY_INFO_ACCESS: &[u8] = &[0x2b, 0x06, 0x01, 0x05, 0x05, 0x07, 0x01, 0x01];

/// `[0]`, `[1]` and `[6]`, primitive, context-specific.
const TAG_0: u8 = 0x80;
const TAG_1: u8 = 0x81;
const TAG_6: u8 = 0x86;

/// One extension: its OID's contents, whether it is critical, its value.
struct Extension<'a> {
    oid: &'a [u8],
    critical: bool,
    value: &'a [u8],
}

/// Go's extension list (each an OID, an optional critical flag and an octet string, no OID
/// twice), then `processExtensions` in the list's order: the key usage, basic constraints,
/// subject alternative names, name constraints, CRL distribution points, authority and subject
/// key identifiers, policy constraints, extended key usage, certificate policies, policy
/// mappings, inhibit-any-policy and authority information access, each refused with Go's text.
/// An unknown critical extension is no parse error (Go records it for verification). The
/// subject alternative names' value is handed back for [`super::certificate_fields`].
pub(super) fn extensions(wrapped: &[u8]) -> Result<(Certificate, Option<&[u8]>), String> {
    let mut outer = Der(wrapped);
    let list = outer.read(SEQUENCE).ok_or("x509: malformed extensions")?;
    let mut list = Der(list);
    let mut seen: BTreeSet<&[u8]> = BTreeSet::new();
    let mut all = Vec::new();
    while !list.0.is_empty() {
        let ext = list.read(SEQUENCE).ok_or("x509: malformed extension")?;
        let mut ext = Der(ext);
        let oid = match ext.read(OID) {
            Some(o) if valid_oid(o) => o,
            _ => return Err("x509: malformed extension OID field".into()),
        };
        let critical = match ext.optional(BOOLEAN) {
            Some(None) | Some(Some([0x00])) => false,
            Some(Some([0xff])) => true,
            _ => return Err("x509: malformed extension critical field".into()),
        };
        let value = ext.read(OCTET_STRING).ok_or("x509: malformed extension value field")?;
        if !seen.insert(oid) {
            return Err(format!(
                "x509: certificate contains duplicate extension with OID {}",
                crate::url::quote(dotted(oid).as_bytes())
            ));
        }
        all.push(Extension { oid, critical, value });
    }
    let mut cert = Certificate::default();
    let mut san = None;
    for e in all {
        match e.oid {
            // `2.5.29.n` with `n` one byte.
            [0x55, 0x1d, n] => match n {
                14 => subject_key_identifier(&e)?,
                15 => read_all(e.value, |d| d.read(BIT_STRING).filter(|b| super::valid_bit_string(b)).map(drop))
                    .ok_or("x509: invalid key usage")?,
                17 => {
                    subject_alt_names(e.value)?;
                    san = Some(e.value);
                }
                19 => cert = Certificate { is_ca: basic_constraints(e.value)?, basic_constraints_valid: true },
                30 => super::name_constraints::name_constraints(e.value)?,
                31 => crl_distribution_points(e.value)?,
                32 => certificate_policies(e.value).ok_or("x509: invalid certificate policies")?,
                33 => policy_mappings(e.value).ok_or("x509: invalid policy mappings extension")?,
                35 => authority_key_identifier(&e)?,
                36 => policy_constraints(e.value).ok_or("x509: invalid policy constraints extension")?,
                37 => extended_key_usage(e.value).ok_or("x509: invalid extended key usages")?,
                // A Go `int`: eight bytes at most.
                54 => read_all(e.value, |d| d.read(INTEGER).filter(|n| valid_integer(n) && n.len() <= 8).map(drop))
                    .ok_or("x509: invalid inhibit any policy extension")?,
                _ => {}
            },
            OID_AUTHORITY_INFO_ACCESS => authority_info_access(&e)?,
            _ => {}
        }
    }
    Ok((cert, san))
}

/// Runs `read` on the start of `value`; what follows what it reads is not looked at, as Go
/// does not look.
fn read_all(value: &[u8], read: impl FnOnce(&mut Der) -> Option<()>) -> Option<()> {
    read(&mut Der(value))
}

/// An OID's dotted text as Go's `ObjectIdentifier.String` prints it (components are within 31
/// bits once [`valid_oid`] has passed).
fn dotted(oid: &[u8]) -> String {
    let mut parts = Vec::new();
    let mut value: u32 = 0;
    for &b in oid {
        value = (value << 7) | u32::from(b & 0x7f);
        if b & 0x80 == 0 {
            if parts.is_empty() {
                let (first, second) = if value < 80 { (value / 40, value % 40) } else { (2, value - 80) };
                parts.push(first.to_string());
                parts.push(second.to_string());
            } else {
                parts.push(value.to_string());
            }
            value = 0;
        }
    }
    parts.join(".")
}

/// Go's `parseBasicConstraintsExtension`: a SEQUENCE of an optional `cA` BOOLEAN and an
/// optional path length read as a Go `uint` no larger than the largest `int`.
fn basic_constraints(value: &[u8]) -> Result<bool, &'static str> {
    const INVALID: &str = "x509: invalid basic constraints";
    let mut outer = Der(value);
    let mut seq = Der(outer.read(SEQUENCE).ok_or(INVALID)?);
    let is_ca = match seq.optional(BOOLEAN).ok_or(INVALID)? {
        None => false,
        Some([0xff]) => true,
        Some([0x00]) => false,
        Some(_) => return Err(INVALID),
    };
    // Not negative, and within 63 bits: eight bytes at most with the top bit clear.
    match seq.optional(INTEGER).ok_or(INVALID)? {
        Some(n) if !valid_integer(n) || n[0] & 0x80 != 0 || n.len() > 8 => Err(INVALID),
        _ => Ok(is_ca),
    }
}

/// `2.5.29.14`: never critical, an OCTET STRING.
fn subject_key_identifier(e: &Extension) -> Result<(), &'static str> {
    if e.critical {
        return Err("x509: subject key identifier incorrectly marked critical");
    }
    Der(e.value).read(OCTET_STRING).map(drop).ok_or("x509: invalid subject key identifier")
}

/// Go's `parseAuthorityKeyIdentifier`: never critical, a SEQUENCE whose optional `[0]` key
/// identifier is well formed.
fn authority_key_identifier(e: &Extension) -> Result<(), &'static str> {
    const INVALID: &str = "x509: invalid authority key identifier";
    if e.critical {
        return Err("x509: authority key identifier incorrectly marked critical");
    }
    let mut akid = Der(Der(e.value).read(SEQUENCE).ok_or(INVALID)?);
    akid.optional(TAG_0).map(drop).ok_or(INVALID)
}

/// `2.5.29.31`: a SEQUENCE of distribution points, each a SEQUENCE whose optional `[0]` name
/// holds a `[0]` full name; its leading `[6]` URIs are read until another name type.
fn crl_distribution_points(value: &[u8]) -> Result<(), &'static str> {
    const INVALID: &str = "x509: invalid CRL distribution point";
    let mut points = Der(Der(value).read(SEQUENCE).ok_or("x509: invalid CRL distribution points")?);
    while !points.0.is_empty() {
        let mut point = Der(points.read(SEQUENCE).ok_or(INVALID)?);
        let Some(name) = point.optional(0xa0).ok_or(INVALID)? else { continue };
        let mut full = Der(Der(name).read(0xa0).ok_or(INVALID)?);
        while full.0.first() == Some(&TAG_6) {
            full.read(TAG_6).ok_or(INVALID)?;
        }
    }
    Ok(())
}

/// Go's `parseCertificatePoliciesExtension`: a SEQUENCE of SEQUENCEs each starting with a
/// policy OID, no OID twice; an OID as Go's `OID` type takes it (any size of component).
fn certificate_policies(value: &[u8]) -> Option<()> {
    let mut policies = Der(Der(value).read(SEQUENCE)?);
    let mut seen = BTreeSet::new();
    while !policies.0.is_empty() {
        let oid = Der(policies.read(SEQUENCE)?).read(OID)?;
        if !seen.insert(oid) || !oid_der_valid(oid) {
            return None;
        }
    }
    Some(())
}

/// Go's `newOIDFromDER`: not empty, the last byte ends a component, no component starts with
/// `0x80`.
fn oid_der_valid(der: &[u8]) -> bool {
    let mut start = true;
    for &b in der {
        if start && b == 0x80 {
            return false;
        }
        start = b & 0x80 == 0;
    }
    der.last().is_some_and(|b| b & 0x80 == 0)
}

/// `2.5.29.33`: a SEQUENCE of SEQUENCEs of two OBJECT IDENTIFIER elements (their contents not
/// checked).
fn policy_mappings(value: &[u8]) -> Option<()> {
    let mut mappings = Der(Der(value).read(SEQUENCE)?);
    while !mappings.0.is_empty() {
        let mut pair = Der(mappings.read(SEQUENCE)?);
        pair.read(OID)?;
        pair.read(OID)?;
    }
    Some(())
}

/// `2.5.29.36`: a SEQUENCE with optional `[0]` and `[1]` integers of at most eight bytes.
fn policy_constraints(value: &[u8]) -> Option<()> {
    let mut seq = Der(Der(value).read(SEQUENCE)?);
    for tag in [TAG_0, TAG_1] {
        if let Some(n) = seq.optional(tag)? {
            (valid_integer(n) && n.len() <= 8).then_some(())?;
        }
    }
    Some(())
}

/// Go's `parseExtKeyUsageExtension`: a SEQUENCE of OIDs.
fn extended_key_usage(value: &[u8]) -> Option<()> {
    let mut usages = Der(Der(value).read(SEQUENCE)?);
    while !usages.0.is_empty() {
        usages.read(OID).filter(|o| valid_oid(o))?;
    }
    Some(())
}

/// `1.3.6.1.5.5.7.1.1`: never critical, a SEQUENCE of SEQUENCEs each an access method OID and,
/// when the location is a `[6]` URI, a well-formed one.
fn authority_info_access(e: &Extension) -> Result<(), &'static str> {
    const INVALID: &str = "x509: invalid authority info access";
    if e.critical {
        return Err("x509: authority info access incorrectly marked critical");
    }
    let mut list = Der(Der(e.value).read(SEQUENCE).ok_or(INVALID)?);
    while !list.0.is_empty() {
        let mut access = Der(list.read(SEQUENCE).ok_or(INVALID)?);
        access.read(OID).filter(|o| valid_oid(o)).ok_or(INVALID)?;
        access.optional(TAG_6).ok_or(INVALID)?;
    }
    Ok(())
}

/// Go's `parseSANExtension` through `forEachSAN`, which reads with `cryptobyte`: IA5 strings,
/// URIs as `url.Parse` reads them with a host of non-empty labels, IP addresses of 4 or 16 bytes.
pub(super) fn subject_alt_names(value: &[u8]) -> Result<(), String> {
    let mut outer = Der(value);
    let mut names = Der(outer.read(SEQUENCE).ok_or("x509: invalid subject alternative names")?);
    while !names.0.is_empty() {
        let (tag, data, _) = names.any().ok_or("x509: invalid subject alternative name")?;
        match tag ^ 0x80 {
            1 if !data.is_ascii() => return Err("x509: SAN rfc822Name is malformed".into()),
            2 if !data.is_ascii() => return Err("x509: SAN dNSName is malformed".into()),
            6 => uri(data)?,
            7 if data.len() != 4 && data.len() != 16 => {
                return Err(format!("x509: cannot parse IP address of length {}", data.len()));
            }
            _ => {}
        }
    }
    Ok(())
}

/// A `uniformResourceIdentifier` entry: IA5, then `url.Parse`, then its host as a domain.
fn uri(data: &[u8]) -> Result<(), String> {
    let text = std::str::from_utf8(data)
        .ok()
        .filter(|t| t.is_ascii())
        .ok_or("x509: SAN uniformResourceIdentifier is malformed")?;
    let quoted = || kapi_machinery::validation::go_quote(text);
    let url = crate::url::parse(text).map_err(|e| format!("x509: cannot parse URI {}: {e}", quoted()))?;
    if !url.host.is_empty() && !domain_name_valid(&url.host, false) {
        return Err(format!("x509: cannot parse URI {}: invalid domain", quoted()));
    }
    Ok(())
}

/// Go's `domainNameValid` as Go 1.26 runs it (the stricter RFC 1034 checks held back, see
/// golang/go#75835): empty, or no trailing dot, printable ASCII without spaces, and no empty
/// label; a constraint may start with one dot.
pub(super) fn domain_name_valid(s: &[u8], constraint: bool) -> bool {
    let Some(&last) = s.last() else { return true };
    if last == b'.' {
        return false;
    }
    let s = if constraint { s.strip_prefix(b".").unwrap_or(s) } else { s };
    s.iter().all(|&c| (33..=126).contains(&c)) && s.split(|&c| c == b'.').all(|label| !label.is_empty())
}

#[cfg(test)]
#[path = "extensions_tests.rs"]
mod tests;
