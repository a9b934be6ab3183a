//! The name constraints extension as Go 1.26's `parseNameConstraintsExtension` reads it, with the mailbox and domain checks it calls.

use super::extensions::domain_name_valid;
use super::{Der, SEQUENCE};
use crate::url::quote;

const INVALID: &str = "x509: invalid NameConstraints extension";

/// A SEQUENCE (and nothing after it) of optional `[0]` permitted and `[1]` excluded subtrees
/// (nothing after them), not both absent or empty; then each subtree's base name, DNS,
/// e-mail, URI and IP constraints checked as Go checks them (other name types are left for
/// verification, as Go leaves them).
pub(super) fn name_constraints(value: &[u8]) -> Result<(), String> {
    let mut outer = Der(value);
    let top = outer.read(SEQUENCE).ok_or(INVALID)?;
    if !outer.0.is_empty() {
        return Err(INVALID.into());
    }
    let mut top = Der(top);
    let permitted = top.optional(0xa0).ok_or(INVALID)?;
    let excluded = top.optional(0xa1).ok_or(INVALID)?;
    if !top.0.is_empty() {
        return Err(INVALID.into());
    }
    if permitted.unwrap_or_default().is_empty() && excluded.unwrap_or_default().is_empty() {
        return Err("x509: empty name constraints extension".into());
    }
    subtrees(permitted.unwrap_or_default())?;
    subtrees(excluded.unwrap_or_default())
}

/// Go's `getValues`: each subtree a SEQUENCE starting with a whole element.
fn subtrees(list: &[u8]) -> Result<(), String> {
    let mut list = Der(list);
    while !list.0.is_empty() {
        let mut subtree = Der(list.read(SEQUENCE).ok_or(INVALID)?);
        let (tag, value, _) = subtree.any().ok_or(INVALID)?;
        match tag {
            0x82 => {
                let domain = ia5(value)?;
                if !domain_name_valid(domain, true) {
                    return Err(format!("x509: failed to parse dnsName constraint {}", quote(domain)));
                }
            }
            0x87 => ip_constraint(value)?,
            0x81 => {
                let constraint = ia5(value)?;
                let ok = if constraint.contains(&b'@') {
                    rfc2821_mailbox(constraint)
                } else {
                    domain_name_valid(constraint, true)
                };
                if !ok {
                    return Err(format!("x509: failed to parse rfc822Name constraint {}", quote(constraint)));
                }
            }
            0x86 => {
                let domain = ia5(value)?;
                if crate::url::is_ip(domain) {
                    return Err(format!(
                        "x509: failed to parse URI constraint {}: cannot be IP address",
                        quote(domain)
                    ));
                }
                if !domain_name_valid(domain, true) {
                    return Err(format!("x509: failed to parse URI constraint {}", quote(domain)));
                }
            }
            _ => {}
        }
    }
    Ok(())
}

/// Go's `isIA5String` failing inside a constraint: its own `x509:` text, prefixed.
fn ia5(value: &[u8]) -> Result<&[u8], String> {
    if value.is_ascii() {
        return Ok(value);
    }
    Err(format!("x509: invalid constraint value: x509: {} cannot be encoded as an IA5String", quote(value)))
}

/// An IPv4 or IPv6 address and a mask of leading ones.
fn ip_constraint(value: &[u8]) -> Result<(), String> {
    let mask = match value.len() {
        8 => &value[4..],
        32 => &value[16..],
        n => return Err(format!("x509: IP constraint contained value of length {n}")),
    };
    // Ones, then zeros: once a byte is not 0xff, every later byte is zero.
    let mut seen_zero = false;
    for &b in mask {
        let ok =
            if seen_zero { b == 0 } else { matches!(b, 0x00 | 0x80 | 0xc0 | 0xe0 | 0xf0 | 0xf8 | 0xfc | 0xfe | 0xff) };
        if !ok {
            let hex: String = mask.iter().map(|b| format!("{b:02x}")).collect();
            return Err(format!("x509: IP constraint contained invalid mask {hex}"));
        }
        seen_zero |= b != 0xff;
    }
    Ok(())
}

/// Go's `parseRFC2821Mailbox` succeeds: a quoted or dot-atom local part (a backslash escaping
/// any byte in either), `@`, and a domain that is empty or of non-empty printable labels.
fn rfc2821_mailbox(s: &[u8]) -> bool {
    let Some(&first) = s.first() else { return false };
    let mut i = 0;
    if first == b'"' {
        i = 1;
        loop {
            let Some(&c) = s.get(i) else { return false };
            i += 1;
            match c {
                b'"' => break,
                b'\\' => match s.get(i) {
                    Some(&(1..=9 | 11 | 12 | 14..=127)) => i += 1,
                    _ => return false,
                },
                1..=8 | 11 | 12 | 14..=31 | 32 | 33 | 35..=91 | 93..=127 => {}
                _ => return false,
            }
        }
    } else {
        let mut local = Vec::new();
        while let Some(&c) = s.get(i) {
            if c == b'\\' {
                // The escaped byte joins the local part, whatever it is.
                i += 1;
                let Some(&n) = s.get(i) else { return false };
                local.push(n);
                i += 1;
            } else if c.is_ascii_alphanumeric() || b"!#$%&'*+-/=?^_`{|}~.".contains(&c) {
                local.push(c);
                i += 1;
            } else {
                break;
            }
        }
        if local.is_empty() || local[0] == b'.' || local.last() == Some(&b'.') || local.windows(2).any(|w| w == b"..") {
            return false;
        }
    }
    match s.get(i) {
        // Go's `domainToReverseLabels` agrees with `domainNameValid` for a SAN here.
        Some(b'@') => domain_name_valid(&s[i + 1..], false),
        _ => false,
    }
}

#[cfg(test)]
#[path = "name_constraints_tests.rs"]
mod tests;
