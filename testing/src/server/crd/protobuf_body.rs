//! A custom resource's create or update with a protobuf body: apiextensions' serializer lists protobuf, so upstream decodes the envelope and then fails to fill an `Unstructured`, answering `400` with the decoder's words.
//!
//! Upstream's handler negotiates the body's type among the serializer's media types (protobuf is
//! one of them), reads the `k8s\0` envelope (`runtime.Unknown`, gogo-generated), takes the kind
//! and version from it (defaulted from the request's), and then asks the typer for the kinds of
//! the empty `Unstructured` it decodes into, which has none: `Object 'Kind' is missing in 'object
//! has no kind field '`. `transformDecodeError` words the result. The envelope is scanned here as
//! gogo's generated `Unmarshal` scans it, so a malformed one gets its error text (our own
//! protobuf reader words errors its way): nothing is decoded beyond the two strings upstream reads
//! before it fails.

use std::borrow::Cow;

use kapi_api::meta::errors as api_errors;
use kapi_machinery::proto::PROTOBUF_MAGIC;

use crate::tracker::Error;

const UNEXPECTED_EOF: &str = "unexpected EOF";
const INVALID_LENGTH: &str = "proto: negative length found during unmarshaling";
const INT_OVERFLOW: &str = "proto: integer overflow";
const END_OF_GROUP: &str = "proto: unexpected end of group";

/// A scan's failure: gogo's fixed errors, or a formatted one.
type ScanError = Cow<'static, str>;

/// The `400` for a protobuf body sent to a custom resource of `kind` in `version`. Strings are
/// shown with each invalid UTF-8 byte replaced, as Go's JSON encoding of the message replaces it
/// (a `%q` of a version with such bytes would escape them first: not modelled).
pub(crate) fn refusal(version: &str, kind: &str, data: &[u8]) -> Error {
    let unrecognized = |reason: &str| {
        api_errors::bad_request(format!(
            "the object provided is unrecognized (must be of type {kind}): {reason} ({})",
            summary(data)
        ))
    };
    let envelope = match data.strip_prefix(&PROTOBUF_MAGIC[..]) {
        _ if data.is_empty() => return unrecognized("empty data"),
        None => {
            let prefix: Vec<String> = PROTOBUF_MAGIC.iter().map(u8::to_string).collect();
            let reason = format!(
                "provided data does not appear to be a protobuf message, expected prefix [{}]",
                prefix.join(" ")
            );
            return unrecognized(&reason);
        }
        Some([]) => return unrecognized("empty body"),
        Some(rest) => rest,
    };
    let (api_version, found_kind) = match unknown(envelope) {
        Ok(found) => found,
        Err(reason) => return unrecognized(&reason),
    };
    let (_, mut found_version) = parse_group_version(&api_version).unwrap_or_default();
    if found_version.is_empty() {
        found_version = version.as_bytes();
    }
    // The kind is printed as it is (the JSON encoding of the message then writes an invalid
    // byte as U+FFFD), the version quoted as Go's `%q` quotes bytes.
    let found_kind = if found_kind.is_empty() { kind.to_owned() } else { lossy(&found_kind) };
    api_errors::bad_request(format!(
        "{found_kind} in version {} cannot be handled as a {kind}: Object 'Kind' is missing in 'object has no kind field '",
        kapi_machinery::validation::go_quote_bytes(found_version)
    ))
}

/// `schema.ParseGroupVersion` on a string's bytes: none or one `/`; `None` for more.
fn parse_group_version(gv: &[u8]) -> Option<(&[u8], &[u8])> {
    if gv.is_empty() || gv == b"/" {
        return Some((b"", b""));
    }
    let mut parts = gv.split(|b| *b == b'/');
    match (parts.next(), parts.next(), parts.next()) {
        (Some(version), None, _) => Some((b"", version)),
        (Some(group), Some(version), None) => Some((group, version)),
        _ => None,
    }
}

/// `summarizeData(body, 30)`: a body that starts with `{` as text, any other in hex, cut at 30
/// bytes. Invalid UTF-8 is one U+FFFD per byte, as Go's JSON encoding of the message writes it.
fn summary(data: &[u8]) -> String {
    const MAX: usize = 30;
    let (shown, more) = if data.len() > MAX { (&data[..MAX], " ...") } else { (data, "") };
    let text = match data.first() {
        None => return "<empty>".to_owned(),
        Some(b'{') => lossy(shown),
        Some(_) => shown.iter().map(|b| format!("{b:02x}")).collect(),
    };
    text + more
}

/// Bytes as text, each invalid UTF-8 byte one U+FFFD (Go's `utf8.DecodeRune` steps one byte).
fn lossy(bytes: &[u8]) -> String {
    let mut s = String::with_capacity(bytes.len());
    for chunk in bytes.utf8_chunks() {
        s.push_str(chunk.valid());
        s.extend(chunk.invalid().iter().map(|_| '\u{FFFD}'));
    }
    s
}

/// A varint as gogo's loops read it: at most ten bytes' worth of shifts.
fn varint(d: &[u8], i: &mut usize) -> Result<u64, ScanError> {
    let mut v = 0u64;
    let mut shift = 0u32;
    loop {
        if shift >= 64 {
            return Err(INT_OVERFLOW.into());
        }
        let Some(&b) = d.get(*i) else { return Err(UNEXPECTED_EOF.into()) };
        *i += 1;
        v |= u64::from(b & 0x7f) << shift;
        if b < 0x80 {
            return Ok(v);
        }
        shift += 7;
    }
}

/// A length-delimited field's end, with gogo's checks (a length read into Go's `int`).
fn field_end(d: &[u8], i: &mut usize) -> Result<usize, ScanError> {
    // Go reads the length into a signed 64-bit `int`: the bits are reinterpreted as is.
    let len = varint(d, i)? as i64;
    if len < 0 {
        return Err(INVALID_LENGTH.into());
    }
    let end = (*i as i64).wrapping_add(len);
    if end < 0 {
        return Err(INVALID_LENGTH.into());
    }
    usize::try_from(end).ok().filter(|e| *e <= d.len()).ok_or(UNEXPECTED_EOF.into())
}

/// `runtime.Unknown`'s `Unmarshal`: the type meta's `apiVersion` and `kind` (a repeated type meta
/// merges into what earlier ones set, as gogo's does).
fn unknown(d: &[u8]) -> Result<(Vec<u8>, Vec<u8>), ScanError> {
    let (mut api_version, mut kind) = (Vec::new(), Vec::new());
    scan(d, "Unknown", &["TypeMeta", "Raw", "ContentEncoding", "ContentType"], |number, bytes| {
        if number == 1 {
            scan(bytes, "TypeMeta", &["APIVersion", "Kind"], |number, text| {
                *(if number == 1 { &mut api_version } else { &mut kind }) = text.to_vec();
                Ok(())
            })?;
        }
        Ok(())
    })?;
    Ok((api_version, kind))
}

/// A gogo-generated `Unmarshal` of a message whose fields 1 to `names.len()` are all
/// length-delimited (named in its errors by `names`): each one's bytes go to `field` with its
/// number; other fields are skipped as gogo skips them.
fn scan(
    d: &[u8],
    message: &str,
    names: &[&str],
    mut field: impl FnMut(usize, &[u8]) -> Result<(), ScanError>,
) -> Result<(), ScanError> {
    let mut i = 0;
    while i < d.len() {
        let start = i;
        let key = varint(d, &mut i)?;
        check_key(message, key)?;
        // Go switches on the field number truncated to `int32`, positive once `check_key` passed.
        let number = usize::try_from((key >> 3) as u32 as i32).unwrap_or(0);
        let Some(name) = number.checked_sub(1).and_then(|n| names.get(n)) else {
            i = start + skip(&d[start..])?;
            continue;
        };
        let wire = key & 7;
        if wire != 2 {
            return Err(Cow::Owned(format!("proto: wrong wireType = {wire} for field {name}")));
        }
        let end = field_end(d, &mut i)?;
        field(number, &d[i..end])?;
        i = end;
    }
    Ok(())
}

/// The checks of a key before its field is looked at: no end-group marker, a field number
/// above zero once truncated to Go's `int32` (the message prints the whole key as the wire type).
fn check_key(message: &str, key: u64) -> Result<(), ScanError> {
    if key & 7 == 4 {
        return Err(Cow::Owned(format!("proto: {message}: wiretype end group for non-group")));
    }
    // Go's `int32(wire >> 3)`: the low 32 bits, signed.
    let field = (key >> 3) as u32 as i32;
    if field <= 0 {
        return Err(Cow::Owned(format!("proto: {message}: illegal tag {field} (wire type {key})")));
    }
    Ok(())
}

/// `skipGenerated`: the length of the field (groups included) that starts `d`, where the
/// caller checks that it ends inside the message.
fn skip(d: &[u8]) -> Result<usize, ScanError> {
    let mut i: i64 = 0;
    let mut depth = 0u32;
    let l = d.len() as i64;
    while i < l {
        let mut at = i as usize;
        let key = varint(d, &mut at)?;
        i = at as i64;
        match key & 7 {
            0 => {
                let mut at = i as usize;
                varint(d, &mut at)?;
                i = at as i64;
            }
            1 => i += 8,
            2 => {
                let mut at = i as usize;
                let len = varint(d, &mut at)? as i64;
                i = at as i64;
                if len < 0 {
                    return Err(INVALID_LENGTH.into());
                }
                i = i.wrapping_add(len);
            }
            3 => depth += 1,
            4 => {
                if depth == 0 {
                    return Err(END_OF_GROUP.into());
                }
                depth -= 1;
            }
            5 => i += 4,
            wire => return Err(Cow::Owned(format!("proto: illegal wireType {wire}"))),
        }
        if i < 0 {
            return Err(INVALID_LENGTH.into());
        }
        if depth == 0 {
            return usize::try_from(i).ok().filter(|e| *e <= d.len()).ok_or(UNEXPECTED_EOF.into());
        }
    }
    Err(UNEXPECTED_EOF.into())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn message(data: &[u8]) -> String {
        api_errors::status_of(&refusal("v1", "Widget", data)).message
    }

    /// The envelope of `apiVersion`, `kind` and a raw body.
    fn envelope(api_version: &str, kind: &str) -> Vec<u8> {
        envelope_of(api_version.as_bytes(), kind.as_bytes())
    }

    fn envelope_of(api_version: &[u8], kind: &[u8]) -> Vec<u8> {
        let mut tm = vec![0x0a, api_version.len() as u8];
        tm.extend_from_slice(api_version);
        tm.extend_from_slice(&[0x12, kind.len() as u8]);
        tm.extend_from_slice(kind);
        let mut out = PROTOBUF_MAGIC.to_vec();
        out.extend_from_slice(&[0x0a, tm.len() as u8]);
        out.extend_from_slice(&tm);
        out.extend_from_slice(&[0x12, 0x02, 0x0a, 0x00]);
        out
    }

    #[test]
    fn a_well_formed_envelope_names_its_kind_and_version() {
        assert_eq!(
            message(&envelope("example.com/v2", "Gadget")),
            r#"Gadget in version "v2" cannot be handled as a Widget: Object 'Kind' is missing in 'object has no kind field '"#
        );
        // No type meta, or an `apiVersion` ParseGroupVersion refuses: the request's.
        for (api_version, kind) in [("", ""), ("a/b/c", ""), ("g/", "")] {
            assert_eq!(
                message(&envelope(api_version, kind)),
                r#"Widget in version "v1" cannot be handled as a Widget: Object 'Kind' is missing in 'object has no kind field '"#,
                "{api_version:?}"
            );
        }
        // Bytes that are no UTF-8: the version as Go's `%q` writes them, the kind as the
        // message's JSON encoding does.
        assert_eq!(
            message(&envelope_of(b"example.com/v\xff\"\x01", b"Ga\xffdget")),
            "Ga\u{FFFD}dget in version \"v\\xff\\\"\\x01\" cannot be handled as a Widget: Object 'Kind' is missing in 'object has no kind field '"
        );
    }

    #[test]
    fn bodies_that_are_no_envelope_are_summarized() {
        let unrecognized = "the object provided is unrecognized (must be of type Widget)";
        assert_eq!(message(b""), format!("{unrecognized}: empty data (<empty>)"));
        assert_eq!(message(b"k8s\0"), format!("{unrecognized}: empty body (6b387300)"));
        assert_eq!(
            message(br#"{"apiVersion":"example.com/v1","kind":"Widget"}"#),
            format!(
                "{unrecognized}: provided data does not appear to be a protobuf message, expected prefix [107 56 115 0] ({{\"apiVersion\":\"example.com/v1\" ...)"
            )
        );
        assert_eq!(
            message(b"\x01\x02"),
            format!(
                "{unrecognized}: provided data does not appear to be a protobuf message, expected prefix [107 56 115 0] (0102)"
            )
        );
        // A cut character is one replacement character per byte.
        let mut cut = b"{\"name\":\"".to_vec();
        cut.extend(std::iter::repeat_n(b'a', 20));
        cut.extend_from_slice("é".as_bytes());
        assert!(message(&cut).ends_with(":\"aaaaaaaaaaaaaaaaaaaa\u{FFFD} ...)"), "{}", message(&cut));
    }

    #[test]
    fn malformed_envelopes_fail_with_gogos_words() {
        let unrecognized = "the object provided is unrecognized (must be of type Widget)";
        let with = |rest: &[u8]| {
            let mut d = PROTOBUF_MAGIC.to_vec();
            d.extend_from_slice(rest);
            message(&d)
        };
        let reason =
            |m: String| m.strip_prefix(&format!("{unrecognized}: ")).unwrap().rsplit_once(" (").unwrap().0.to_owned();
        assert_eq!(reason(with(&[0x0a])), "unexpected EOF");
        assert_eq!(reason(with(&[0x0a, 0x05, 0x01])), "unexpected EOF");
        assert_eq!(reason(with(&[0x08, 0x01])), "proto: wrong wireType = 0 for field TypeMeta");
        assert_eq!(reason(with(&[0x15])), "proto: wrong wireType = 5 for field Raw");
        assert_eq!(reason(with(&[0x0c])), "proto: Unknown: wiretype end group for non-group");
        assert_eq!(reason(with(&[0x02])), "proto: Unknown: illegal tag 0 (wire type 2)");
        assert_eq!(reason(with(&[0x0a, 0x02, 0x08, 0x01])), "proto: wrong wireType = 0 for field APIVersion");
        assert_eq!(reason(with(&[0x0a, 0x01, 0x04])), "proto: TypeMeta: wiretype end group for non-group");
        assert_eq!(reason(with(&[0xff; 11])), "proto: integer overflow");
        // Field numbers are truncated to Go's `int32`: 2^32 + 1 is field 1.
        let mut key = Vec::new();
        let mut k = ((1u64 << 32) | 1) << 3;
        while k >= 0x80 {
            key.push((k as u8) | 0x80);
            k >>= 7;
        }
        key.push(k as u8);
        key.push(0x01);
        assert_eq!(reason(with(&key)), "proto: wrong wireType = 0 for field TypeMeta");
        // A length with the sign bit set is negative in Go's `int`.
        let mut negative = vec![0x12];
        negative.extend_from_slice(&[0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0x01]);
        assert_eq!(reason(with(&negative)), "proto: negative length found during unmarshaling");
        // Unknown fields are skipped as gogo skips them, groups included.
        assert_eq!(reason(with(&[0x2e])), "proto: illegal wireType 6");
        assert_eq!(reason(with(&[0x2c])), "proto: Unknown: wiretype end group for non-group");
        // A group's end at depth 0 is caught by the key check before a skip could see it.
        assert!(with(&[0x2b, 0x2c]).contains("cannot be handled as a Widget"));
        assert_eq!(reason(with(&[0x29, 0x00])), "unexpected EOF");
        assert!(with(&[0x2b, 0x28, 0x01, 0x2c]).contains("cannot be handled as a Widget"));
        assert!(with(&[0x28, 0x01]).contains("cannot be handled as a Widget"));
    }
}
