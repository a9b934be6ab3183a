//! Go's `encoding/asn1` reading of elements (`parseTagAndLength` with its messages) and of a structure field by field (`Unmarshal`'s `parseField`), for what `crypto/x509` parses with it: certificate requests (`pkcs10`) and the private key formats PKCS #1, PKCS #8 and SEC 1.
//!
//! Its rules differ from the `cryptobyte` ones the certificate reader follows: tag numbers may
//! take several bytes, an optional field's tag is compared before its length is (an element of
//! another tag is left for the next field even when its length runs past the data), an
//! explicitly tagged field's outer length is not checked against its child, and whatever
//! follows a structure's last field is ignored. The field reader reports only success or
//! failure: the key parsers' callers replace Go's messages.

// `checkInteger` and `parseObjectIdentifier` accept what `cryptobyte` accepts: minimal
// integers, and OID components of at most 31 bits without a leading 0x80.
pub(super) use super::{valid_integer, valid_oid};

/// The class bits of a universal and a context-specific tag.
const UNIVERSAL: u8 = 0;
const CONTEXT: u8 = 2;

/// The universal types read here: their tag number and whether they are constructed.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(crate) enum Kind {
    Integer,
    OctetString,
    BitString,
    Oid,
    Sequence,
    /// Go's `asn1.RawValue`: any element.
    Any,
}

impl Kind {
    fn matches(self, h: &Header) -> bool {
        let (tag, compound) = match self {
            Kind::Any => return true,
            Kind::Integer => (2, false),
            Kind::BitString => (3, false),
            Kind::OctetString => (4, false),
            Kind::Oid => (6, false),
            Kind::Sequence => (16, true),
        };
        h.class == UNIVERSAL && h.tag == tag && h.compound == compound
    }
}

pub(crate) fn syntax(msg: &str) -> String {
    format!("asn1: syntax error: {msg}")
}

pub(crate) fn structural(msg: &str) -> String {
    format!("asn1: structure error: {msg}")
}

/// Go's `tagAndLength`: an element's header.
#[derive(Clone, Copy)]
pub(crate) struct Header {
    pub(crate) class: u8,
    pub(crate) tag: u32,
    pub(crate) compound: bool,
    pub(crate) len: usize,
}

/// Go's `parseBase128Int` from `at`: the value and where it ends.
pub(crate) fn base128(bytes: &[u8], mut at: usize) -> Result<(u32, usize), String> {
    let mut value: u64 = 0;
    let mut shifted = 0;
    while let Some(&b) = bytes.get(at) {
        // Five bytes hold 35 bits: more than a Go `int32` or a non-minimal encoding.
        if shifted == 5 {
            return Err(structural("base 128 integer too large"));
        }
        if shifted == 0 && b == 0x80 {
            return Err(syntax("integer is not minimally encoded"));
        }
        value = (value << 7) | u64::from(b & 0x7f);
        at += 1;
        shifted += 1;
        if b & 0x80 == 0 {
            return u32::try_from(value)
                .ok()
                .filter(|v| *v <= i32::MAX as u32)
                .map(|v| (v, at))
                .ok_or_else(|| structural("base 128 integer too large"));
        }
    }
    Err(syntax("truncated base 128 integer"))
}

/// Go's `parseTagAndLength` from `at`: the header and where the contents start.
pub(crate) fn header(bytes: &[u8], at: usize) -> Result<(Header, usize), String> {
    let Some(&b) = bytes.get(at) else { return Err(syntax("truncated tag or length")) };
    let mut at = at + 1;
    let mut h = Header { class: b >> 6, tag: u32::from(b & 0x1f), compound: b & 0x20 != 0, len: 0 };
    if h.tag == 0x1f {
        (h.tag, at) = base128(bytes, at)?;
        if h.tag < 0x1f {
            return Err(syntax("non-minimal tag"));
        }
    }
    let Some(&b) = bytes.get(at) else { return Err(syntax("truncated tag or length")) };
    at += 1;
    if b & 0x80 == 0 {
        h.len = usize::from(b);
        return Ok((h, at));
    }
    let n = usize::from(b & 0x7f);
    if n == 0 {
        return Err(syntax("indefinite length found (not DER)"));
    }
    for _ in 0..n {
        let Some(&b) = bytes.get(at) else { return Err(syntax("truncated tag or length")) };
        at += 1;
        // Go stops before its `int` could overflow.
        if h.len >= 1 << 23 {
            return Err(structural("length too large"));
        }
        h.len = (h.len << 8) | usize::from(b);
        if h.len == 0 {
            return Err(structural("superfluous leading zeros in length"));
        }
    }
    if h.len < 0x80 {
        return Err(structural("non-minimal length"));
    }
    Ok((h, at))
}

/// One element read: its contents and its whole encoding (a `RawValue`'s `FullBytes`).
#[derive(Clone, Copy)]
pub(crate) struct Element<'a> {
    pub(crate) contents: &'a [u8],
    pub(crate) full: &'a [u8],
}

/// A structure's contents read field by field, as `parseField` walks a Go struct.
pub(crate) struct Fields<'a> {
    b: &'a [u8],
    pos: usize,
}

impl<'a> Fields<'a> {
    pub(crate) fn new(b: &'a [u8]) -> Self {
        Fields { b, pos: 0 }
    }

    /// What is left after the fields read so far.
    pub(crate) fn rest(&self) -> &'a [u8] {
        &self.b[self.pos..]
    }

    /// A field of `kind`. `Ok(None)` for an optional field with nothing left or an element of
    /// another tag (which is left for the next field); `Err` where Go fails.
    pub(crate) fn field(&mut self, kind: Kind, optional: bool) -> Result<Option<Element<'a>>, ()> {
        if self.pos == self.b.len() {
            return if optional { Ok(None) } else { Err(()) };
        }
        let (h, start) = header(self.b, self.pos).map_err(drop)?;
        if !kind.matches(&h) {
            return if optional { Ok(None) } else { Err(()) };
        }
        self.take(start, h.len).map(Some)
    }

    /// A required field of `kind`.
    pub(crate) fn required(&mut self, kind: Kind) -> Result<Element<'a>, ()> {
        self.field(kind, false)?.ok_or(())
    }

    /// An optional field explicitly tagged `[tag]` around an element of `kind`. Go reads the
    /// child right after the outer header and goes on after the child, whatever the outer
    /// length says (it only has to be non-zero).
    pub(crate) fn explicit(&mut self, tag: u32, kind: Kind) -> Result<Option<&'a [u8]>, ()> {
        if self.pos == self.b.len() {
            return Ok(None);
        }
        let (outer, after) = header(self.b, self.pos).map_err(drop)?;
        if after == self.b.len() {
            // "explicit tag has no child", checked before the tag is compared.
            return Err(());
        }
        if outer.class != CONTEXT || outer.tag != tag || !(outer.len == 0 || outer.compound) {
            return Ok(None);
        }
        if outer.len == 0 {
            // Only an `asn1.Flag` may be an empty explicit tag.
            return Err(());
        }
        let (h, start) = header(self.b, after).map_err(drop)?;
        if !kind.matches(&h) {
            return Ok(None);
        }
        self.take(start, h.len).map(|e| Some(e.contents))
    }

    fn take(&mut self, start: usize, length: usize) -> Result<Element<'a>, ()> {
        let end = start.checked_add(length).filter(|&e| e <= self.b.len()).ok_or(())?;
        let element = Element { contents: &self.b[start..end], full: &self.b[self.pos..end] };
        self.pos = end;
        Ok(element)
    }
}

/// `asn1.Unmarshal` into a struct: the SEQUENCE at the start of `der` and what follows it.
pub(crate) fn unmarshal_sequence(der: &[u8]) -> Result<(Fields<'_>, &[u8]), ()> {
    let mut top = Fields::new(der);
    let seq = top.required(Kind::Sequence)?;
    Ok((Fields::new(seq.contents), top.rest()))
}

/// The elements of a `SEQUENCE OF` SEQUENCEs (`parseSequenceOf`): each one's contents.
pub(crate) fn sequences_of(contents: &[u8]) -> Result<Vec<&[u8]>, ()> {
    let mut items = Fields::new(contents);
    let mut out = Vec::new();
    while !items.rest().is_empty() {
        out.push(items.required(Kind::Sequence)?.contents);
    }
    Ok(out)
}

/// A Go `int` (`parseInt64`): at most eight bytes.
pub(crate) fn int64(contents: &[u8]) -> Result<i64, ()> {
    if !valid_integer(contents) || contents.len() > 8 {
        return Err(());
    }
    let sign = if contents[0] & 0x80 != 0 { -1i64 } else { 0 };
    Ok(contents.iter().fold(sign, |acc, &b| acc << 8 | i64::from(b)))
}

/// A `*big.Int` (`parseBigInt`): the magnitude of a positive value, without leading zeros, or
/// `None` for zero and negative values (which every caller refuses).
pub(crate) fn positive(contents: &[u8]) -> Result<Option<&[u8]>, ()> {
    if !valid_integer(contents) {
        return Err(());
    }
    if contents[0] & 0x80 != 0 {
        return Ok(None);
    }
    let start = contents.iter().position(|&b| b != 0).unwrap_or(contents.len());
    Ok(Some(&contents[start..]).filter(|m| !m.is_empty()))
}

#[cfg(test)]
#[path = "asn1_tests.rs"]
mod tests;
