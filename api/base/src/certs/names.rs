//! A certificate's issuer and subject as Go 1.26's `parseName` reads them: the RDN sequence's shape, then each attribute value as `parseASN1String` accepts it.

use super::{Der, OID, SEQUENCE, valid_oid};

const SET: u8 = 0x31;

/// Go's `parseName`: a SEQUENCE of SETs of (OID, value); every value must be one of the string
/// types Go decodes, well formed for its type.
pub(super) fn parse_name(der: &[u8]) -> Result<(), String> {
    const INVALID: &str = "x509: invalid RDNSequence";
    let mut outer = Der(der);
    let mut rdns = Der(outer.read(SEQUENCE).ok_or(INVALID)?);
    while !rdns.0.is_empty() {
        let mut set = Der(rdns.read(SET).ok_or(INVALID)?);
        while !set.0.is_empty() {
            let mut atv = Der(set.read(SEQUENCE).ok_or("x509: invalid RDNSequence: invalid attribute")?);
            atv.read(OID).filter(|o| valid_oid(o)).ok_or("x509: invalid RDNSequence: invalid attribute type")?;
            let (tag, value, _) = atv.any().ok_or("x509: invalid RDNSequence: invalid attribute value")?;
            string_value(tag, value).map_err(|e| format!("x509: invalid RDNSequence: invalid attribute value: {e}"))?;
        }
    }
    Ok(())
}

const T61_STRING: u8 = 0x14;
const PRINTABLE_STRING: u8 = 0x13;
const UTF8_STRING: u8 = 0x0c;
const BMP_STRING: u8 = 0x1e;
const IA5_STRING: u8 = 0x16;
const NUMERIC_STRING: u8 = 0x12;

/// Go's `parseASN1String`: T.61 read as Latin-1 (always valid); PrintableString with `*` and
/// `&` allowed; UTF-8; BMPString of even length without surrogates or noncharacters (a
/// trailing NUL code unit dropped first); IA5 as ASCII; NumericString as digits and spaces.
/// Any other tag is refused with its number, as Go prints a `cryptobyte` tag.
fn string_value(tag: u8, value: &[u8]) -> Result<(), String> {
    let ok = match tag {
        T61_STRING => true,
        PRINTABLE_STRING => value.iter().all(|&b| printable(b)),
        UTF8_STRING => std::str::from_utf8(value).is_ok(),
        BMP_STRING => bmp(value),
        IA5_STRING => value.is_ascii(),
        NUMERIC_STRING => value.iter().all(|&b| b.is_ascii_digit() || b == b' '),
        _ => return Err(format!("unsupported string type: {tag}")),
    };
    if ok {
        return Ok(());
    }
    Err(match tag {
        PRINTABLE_STRING => "invalid PrintableString",
        UTF8_STRING => "invalid UTF-8 string",
        BMP_STRING => "invalid BMPString",
        IA5_STRING => "invalid IA5String",
        _ => "invalid NumericString",
    }
    .into())
}

/// Go's `isPrintable` for x509: the PrintableString set, with `*` and `&` that certificates use.
pub(super) fn printable(b: u8) -> bool {
    b.is_ascii_alphanumeric() || b" '()+,-./:=?*&".contains(&b)
}

fn bmp(value: &[u8]) -> bool {
    if !value.len().is_multiple_of(2) {
        return false;
    }
    let value = value.strip_suffix(&[0, 0]).unwrap_or(value);
    value.chunks_exact(2).all(|c| {
        let point = u16::from_be_bytes([c[0], c[1]]);
        !(point == 0xfffe
            || point == 0xffff
            || (0xfdd0..=0xfdef).contains(&point)
            || (0xd800..=0xdfff).contains(&point))
    })
}

#[cfg(test)]
#[path = "names_tests.rs"]
mod tests;
