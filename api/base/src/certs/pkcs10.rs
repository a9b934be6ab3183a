//! The structure Go's `x509.ParseCertificateRequest` reads from a DER PKCS #10 request, with the messages of its `encoding/asn1` and `x509` steps, for the validation of certificate signing requests.
//!
//! Go reads a request with reflection-driven `encoding/asn1`, not the `cryptobyte` reader its
//! certificate parser uses, so the messages (and what is tolerated: extra elements at the end of
//! a SEQUENCE, attributes that do not parse) differ from [`super::parse_certificate`]'s. Each
//! step mirrors one Go type; every element is read once, so the reading is linear.
//!
//! Not read as Go reads them: the times of a subject attribute (`UTCTime`, `GeneralizedTime`),
//! and the address of a context-specific tag's parameters, which Go prints as a pointer in a
//! `tags don't match` message (written `tag:0` here). The signature is not verified. A requested
//! URI alternative name is read as the certificate reader reads it (`url.Parse`, then its host).

use super::asn1::{Header, base128, header, structural, syntax};
use super::names::printable;
use super::pkix::{PublicKey, parse_public_key};

/// The parts of a request that signature verification needs, as Go keeps them.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct CertificateRequest<'a> {
    /// The whole `CertificationRequestInfo` element (`RawTBSCertificateRequest`), what is signed.
    pub tbs: &'a [u8],
    /// The whole `SubjectPublicKeyInfo` element (`RawSubjectPublicKeyInfo`).
    pub public_key: &'a [u8],
    /// The key's type, when Go knows its algorithm (and so has parsed it).
    pub key: Option<PublicKey>,
    /// The key's bit string contents after the padding byte: an RSA key's PKCS #1 DER, an
    /// elliptic point, an Ed25519 key.
    pub key_bits: &'a [u8],
    /// The signature algorithm identifier's OID contents.
    pub signature_algorithm: &'a [u8],
    /// The signature algorithm identifier's parameters, the whole element (Go's
    /// `Parameters.FullBytes`), when it has them.
    pub signature_parameters: Option<&'a [u8]>,
    /// The signature's bit string contents, its padding byte first.
    pub signature: &'a [u8],
}

/// Universal tags Go's `encoding/asn1` expects for the fields of a request.
const BOOLEAN: u32 = 1;
const INTEGER: u32 = 2;
const BIT_STRING: u32 = 3;
const OCTET_STRING: u32 = 4;
const OID: u32 = 6;
const UTF8_STRING: u32 = 12;
const SEQUENCE: u32 = 16;
const SET: u32 = 17;
const NUMERIC_STRING: u32 = 18;
const PRINTABLE_STRING: u32 = 19;
const IA5_STRING: u32 = 22;
const BMP_STRING: u32 = 30;
const UNIVERSAL: u8 = 0;
const CONTEXT_SPECIFIC: u8 = 2;

/// `1.2.840.113549.1.9.14`, PKCS #9's extension request attribute.
const OID_EXTENSION_REQUEST: &[u8] = &[0x2a, 0x86, 0x48, 0x86, 0xf7, 0x0d, 0x01, 0x09, 0x0e];
/// `2.5.29.17`, subject alternative names.
const OID_SUBJECT_ALT_NAME: &[u8] = &[0x55, 0x1d, 0x11];

/// What a Go field's type asks of the next element.
#[derive(Clone, Copy)]
enum Want {
    /// `asn1.RawValue`: any element.
    Any,
    /// A universal type: its tag and whether it is constructed, and the Go type's name.
    Universal(u32, bool, &'static str),
    /// A context-specific implicit tag (`asn1:"tag:N"`) on a constructed type without a name.
    Context(u32),
}

/// One level of a structure, read field by field as Go's `parseField` reads a struct.
struct Fields<'a> {
    bytes: &'a [u8],
    at: usize,
}

/// One element as Go's reader keeps it: its header, contents and whole encoding.
#[derive(Clone, Copy)]
struct Element<'a> {
    header: Header,
    contents: &'a [u8],
    whole: &'a [u8],
}

impl<'a> Fields<'a> {
    fn new(bytes: &'a [u8]) -> Self {
        Fields { bytes, at: 0 }
    }

    /// The next field; `Ok(None)` when it is optional and absent or of another tag.
    fn field(&mut self, want: Want, optional: bool) -> Result<Option<Element<'a>>, String> {
        if self.at == self.bytes.len() {
            return if optional { Ok(None) } else { Err(syntax("sequence truncated")) };
        }
        let start = self.at;
        let (h, at) = header(self.bytes, start)?;
        let (class, tag, compound, name) = match want {
            Want::Any => (h.class, h.tag, h.compound, ""),
            Want::Universal(tag, compound, name) => (UNIVERSAL, tag, compound, name),
            Want::Context(tag) => (CONTEXT_SPECIFIC, tag, true, ""),
        };
        if h.class != class || h.tag != tag || h.compound != compound {
            if optional {
                return Ok(None);
            }
            let params = format!(
                "{{optional:false explicit:false application:false private:false defaultValue:<nil> tag:{} stringType:0 timeType:0 set:false omitEmpty:false}}",
                if matches!(want, Want::Context(_)) { "0" } else { "<nil>" },
            );
            return Err(structural(&format!(
                "tags don't match ({tag} vs {{class:{} tag:{} length:{} isCompound:{}}}) {params} {name} @{at}",
                h.class, h.tag, h.len, h.compound
            )));
        }
        let end = at.checked_add(h.len).filter(|&e| e <= self.bytes.len()).ok_or_else(|| syntax("data truncated"))?;
        self.at = end;
        Ok(Some(Element { header: h, contents: &self.bytes[at..end], whole: &self.bytes[start..end] }))
    }

    /// A field that is not optional.
    fn required(&mut self, want: Want) -> Result<Element<'a>, String> {
        Ok(self.field(want, false)?.expect("a required field is either read or an error"))
    }
}

/// Go's `parseSequenceOf` header pass: the elements of a SEQUENCE OF or SET OF, each checked
/// against the element type's tag (`None` for `asn1.RawValue`).
fn sequence_of(bytes: &[u8], want: Option<u32>) -> Result<Vec<&[u8]>, String> {
    let mut out = Vec::new();
    let mut at = 0;
    while at < bytes.len() {
        let start = at;
        let (h, next) = header(bytes, at)?;
        if let Some(tag) = want
            && (h.class != UNIVERSAL || !h.compound || h.tag != tag)
        {
            return Err(structural("sequence tag mismatch"));
        }
        at = next.checked_add(h.len).filter(|&e| e <= bytes.len()).ok_or_else(|| syntax("truncated sequence"))?;
        out.push(&bytes[start..at]);
    }
    Ok(out)
}

/// A DER element read as one Go value of a top-level `asn1.Unmarshal`: the element and what
/// follows it.
fn unmarshal(bytes: &[u8], want: Want) -> Result<(Element<'_>, &[u8]), String> {
    let mut f = Fields::new(bytes);
    let e = f.required(want)?;
    Ok((e, &bytes[f.at..]))
}

/// Go's `checkInteger` and `parseInt64`.
fn int64(b: &[u8]) -> Result<(), String> {
    match b {
        [] => Err(structural("empty integer")),
        [0x00, next, ..] if next & 0x80 == 0 => Err(structural("integer not minimally-encoded")),
        [0xff, next, ..] if next & 0x80 != 0 => Err(structural("integer not minimally-encoded")),
        _ if b.len() > 8 => Err(structural("integer too large")),
        _ => Ok(()),
    }
}

/// Go's `parseBitString`.
fn bit_string(b: &[u8]) -> Result<(), String> {
    let Some((&pad, rest)) = b.split_first() else { return Err(syntax("zero length BIT STRING")) };
    if pad > 7 || (rest.is_empty() && pad > 0) || rest.last().is_some_and(|l| l & ((1u8 << pad) - 1) != 0) {
        return Err(syntax("invalid padding bits in BIT STRING"));
    }
    Ok(())
}

/// Go's `parseObjectIdentifier`.
fn object_identifier(b: &[u8]) -> Result<(), String> {
    if b.is_empty() {
        return Err(syntax("zero length OBJECT IDENTIFIER"));
    }
    let mut at = 0;
    while at < b.len() {
        at = base128(b, at)?.1;
    }
    Ok(())
}

/// Go's `parseBool`.
fn boolean(b: &[u8]) -> Result<(), String> {
    match b {
        [0x00 | 0xff] => Ok(()),
        _ => Err(syntax("invalid boolean")),
    }
}

/// `pkix.AlgorithmIdentifier`: an OID and optional parameters of any type; its OID's contents
/// and whether parameters follow.
fn algorithm_identifier(contents: &[u8]) -> Result<(&[u8], Option<&[u8]>), String> {
    let mut f = Fields::new(contents);
    let oid = f.required(Want::Universal(OID, false, "ObjectIdentifier"))?.contents;
    object_identifier(oid)?;
    let params = f.field(Want::Any, true)?;
    Ok((oid, params.map(|p| p.whole)))
}

/// The structure `x509.ParseCertificateRequest` reads, in its order and with its messages.
pub fn parse_certificate_request(der: &[u8]) -> Result<CertificateRequest<'_>, String> {
    let (csr, rest) = unmarshal(der, Want::Universal(SEQUENCE, true, "certificateRequest"))?;
    let mut csr = Fields::new(csr.contents);
    let tbs = csr.required(Want::Universal(SEQUENCE, true, "tbsCertificateRequest"))?;
    let mut info = Fields::new(tbs.contents);
    int64(info.required(Want::Universal(INTEGER, false, "int"))?.contents)?;
    let subject = info.required(Want::Any)?;
    let spki = info.required(Want::Universal(SEQUENCE, true, "publicKeyInfo"))?;
    let mut key = Fields::new(spki.contents);
    let key_alg = key.required(Want::Universal(SEQUENCE, true, "AlgorithmIdentifier"))?;
    algorithm_identifier(key_alg.contents)?;
    let key_bits = key.required(Want::Universal(BIT_STRING, false, "BitString"))?.contents;
    bit_string(key_bits)?;
    let attributes = info.required(Want::Context(0))?;
    let attributes = sequence_of(attributes.contents, None)?;
    let sig_alg = csr.required(Want::Universal(SEQUENCE, true, "AlgorithmIdentifier"))?;
    let (signature_algorithm, signature_parameters) = algorithm_identifier(sig_alg.contents)?;
    let signature = csr.required(Want::Universal(BIT_STRING, false, "BitString"))?.contents;
    bit_string(signature)?;
    if !rest.is_empty() {
        return Err(syntax("trailing data"));
    }
    // Keys of an algorithm Go does not know are kept unparsed.
    let key = match parse_public_key(spki.whole) {
        Ok(k) => Some(k),
        Err("x509: unknown public key algorithm") => None,
        Err(e) => return Err(e.to_owned()),
    };
    rdn_sequence(subject.whole)?;
    let mut seen = std::collections::BTreeSet::new();
    for attribute in attributes {
        for ext in requested_extensions(attribute)? {
            if !seen.insert(ext.id) {
                return Err("x509: certificate request contains duplicate requested extensions".into());
            }
            if ext.id == OID_SUBJECT_ALT_NAME {
                super::extensions::subject_alt_names(ext.value)?;
            }
        }
    }
    Ok(CertificateRequest {
        tbs: tbs.whole,
        public_key: spki.whole,
        key,
        key_bits: &key_bits[1..],
        signature_algorithm,
        signature_parameters,
        signature,
    })
}

/// `pkix.RDNSequence` read by `asn1.Unmarshal`: SETs of (OID, value) SEQUENCEs, each value of a
/// type Go decodes checked as Go checks it.
fn rdn_sequence(der: &[u8]) -> Result<(), String> {
    let (seq, rest) = unmarshal(der, Want::Universal(SEQUENCE, true, "RDNSequence"))?;
    if !rest.is_empty() {
        return Err("x509: trailing data after X.509 Subject".into());
    }
    for set in sequence_of(seq.contents, Some(SET))? {
        let (set, _) = unmarshal(set, Want::Universal(SET, true, "RelativeDistinguishedNameSET"))?;
        for atv in sequence_of(set.contents, Some(SEQUENCE))? {
            let (atv, _) = unmarshal(atv, Want::Universal(SEQUENCE, true, "AttributeTypeAndValue"))?;
            let mut f = Fields::new(atv.contents);
            object_identifier(f.required(Want::Universal(OID, false, "ObjectIdentifier"))?.contents)?;
            any_value(f.required(Want::Any)?)?;
        }
    }
    Ok(())
}

/// What Go's `encoding/asn1` checks when it decodes an element into an `any`.
fn any_value(e: Element<'_>) -> Result<(), String> {
    let h = e.header;
    if h.compound || h.class != UNIVERSAL {
        return Ok(());
    }
    let b = e.contents;
    let all = |ok: fn(u8) -> bool| b.iter().all(|&c| ok(c));
    match h.tag {
        PRINTABLE_STRING if !all(printable) => Err(syntax("PrintableString contains invalid character")),
        NUMERIC_STRING if !all(|c| c.is_ascii_digit() || c == b' ') => {
            Err(syntax("NumericString contains invalid character"))
        }
        IA5_STRING if !b.is_ascii() => Err(syntax("IA5String contains invalid character")),
        // These two are plain errors in Go, without the syntax error's prefix.
        UTF8_STRING if std::str::from_utf8(b).is_err() => Err("asn1: invalid UTF-8 string".into()),
        BMP_STRING if b.len() % 2 == 1 => Err("invalid BMPString".into()),
        INTEGER => int64(b),
        BIT_STRING => bit_string(b),
        OID => object_identifier(b),
        _ => Ok(()),
    }
}

/// One requested extension: its OID's contents and its value.
struct Extension<'a> {
    id: &'a [u8],
    value: &'a [u8],
}

/// Go's `parseCSRExtensions` for one attribute: nothing when it does not parse as a
/// `pkcs10Attribute` or is not the extension request; else the extensions of its first value.
fn requested_extensions(attribute: &[u8]) -> Result<Vec<Extension<'_>>, String> {
    let Some(first_value) = extension_request_value(attribute) else { return Ok(Vec::new()) };
    let (list, _) = unmarshal(first_value, Want::Universal(SEQUENCE, true, ""))?;
    let mut out = Vec::new();
    for ext in sequence_of(list.contents, Some(SEQUENCE))? {
        let (ext, _) = unmarshal(ext, Want::Universal(SEQUENCE, true, "Extension"))?;
        let mut f = Fields::new(ext.contents);
        let id = f.required(Want::Universal(OID, false, "ObjectIdentifier"))?.contents;
        object_identifier(id)?;
        if let Some(critical) = f.field(Want::Universal(BOOLEAN, false, "bool"), true)? {
            boolean(critical.contents)?;
        }
        let value = f.required(Want::Universal(OCTET_STRING, false, ""))?.contents;
        out.push(Extension { id, value });
    }
    Ok(out)
}

/// The first value of an extension request attribute that parses whole (an OID and a non-empty
/// SET of anything); `None` for any other attribute.
fn extension_request_value(attribute: &[u8]) -> Option<&[u8]> {
    let (attr, rest) = unmarshal(attribute, Want::Universal(SEQUENCE, true, "pkcs10Attribute")).ok()?;
    if !rest.is_empty() {
        return None;
    }
    let mut f = Fields::new(attr.contents);
    let id = f.required(Want::Universal(OID, false, "ObjectIdentifier")).ok()?.contents;
    object_identifier(id).ok()?;
    let values = f.required(Want::Universal(SET, true, "")).ok()?;
    let first = *sequence_of(values.contents, None).ok()?.first()?;
    (id == OID_EXTENSION_REQUEST).then_some(first)
}

#[cfg(test)]
#[path = "pkcs10_tests.rs"]
mod tests;
