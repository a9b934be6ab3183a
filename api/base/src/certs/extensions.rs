//! The extensions of a certificate as Go's `processExtensions` reads them, in the list's order, with its `x509:` messages.

use std::collections::BTreeSet;

use super::{BOOLEAN, Certificate, Der, INTEGER, OCTET_STRING, OID, SEQUENCE, valid_integer, valid_oid};

/// `2.5.29.19`, the basic constraints extension.
const OID_BASIC_CONSTRAINTS: &[u8] = &[0x55, 0x1d, 0x13];
/// `2.5.29.17`, the subject alternative name extension.
const OID_SUBJECT_ALT_NAME: &[u8] = &[0x55, 0x1d, 0x11];

/// The extension list's shape (each an OID, an optional critical flag and an octet string, no
/// OID twice), then, in the list's order as Go's `processExtensions` goes, the two extensions
/// read further here: the basic constraints and the subject alternative names (their entries as
/// Go's `parseSANExtension` refuses them, a URI's text not parsed as a URL); the subject
/// alternative names' value is handed back for [`certificate_fields`].
pub(super) fn extensions(wrapped: &[u8]) -> Result<(Certificate, Option<&[u8]>), String> {
    let mut outer = Der(wrapped);
    let list = outer.read(SEQUENCE).ok_or("x509: malformed extensions")?;
    let mut list = Der(list);
    let mut seen: BTreeSet<&[u8]> = BTreeSet::new();
    let mut basic = None;
    let mut san = None;
    let mut processed: Vec<&[u8]> = Vec::new();
    while !list.0.is_empty() {
        let ext = list.read(SEQUENCE).ok_or("x509: malformed extension")?;
        let mut ext = Der(ext);
        let oid = match ext.read(OID) {
            Some(o) if valid_oid(o) => o,
            _ => return Err("x509: malformed extension OID field".into()),
        };
        match ext.optional(BOOLEAN) {
            Some(None) => {}
            Some(Some([0x00 | 0xff])) => {}
            _ => return Err("x509: malformed extension critical field".into()),
        }
        let value = ext.read(OCTET_STRING).ok_or("x509: malformed extension value field")?;
        if !seen.insert(oid) {
            return Err("x509: certificate contains duplicate extensions".into());
        }
        if oid == OID_BASIC_CONSTRAINTS {
            basic = Some(value);
            processed.push(oid);
        }
        if oid == OID_SUBJECT_ALT_NAME {
            san = Some(value);
            processed.push(oid);
        }
    }
    let mut cert = Certificate::default();
    for oid in processed {
        match (oid == OID_BASIC_CONSTRAINTS, basic, san) {
            (true, Some(value), _) => {
                cert = Certificate { is_ca: basic_constraints(value)?, basic_constraints_valid: true };
            }
            (false, _, Some(value)) => subject_alt_names(value)?,
            _ => {}
        }
    }
    Ok((cert, san))
}

/// Go's `parseBasicConstraintsExtension`: a SEQUENCE of an optional `cA` BOOLEAN and an
/// optional path length INTEGER.
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
    // A Go `int`: eight bytes at most.
    match seq.optional(INTEGER).ok_or(INVALID)? {
        Some(n) if !valid_integer(n) || n.len() > 8 => Err(INVALID),
        _ => Ok(is_ca),
    }
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
