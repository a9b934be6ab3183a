//! Go's PEM decoding (`pem.Decode`, called again on what it leaves) and the structure `x509.ParseCertificate` reads, for the validation of CA bundles, trust bundles and issued certificates with Go's verdicts and messages.
//!
//! Our own code rather than a PEM or X.509 crate: the verdict and the message must be Go's
//! (which blocks count, what a malformed block does to the blocks after it, which structural
//! fault is named), and the reading must stay linear in a hostile bundle. A certificate is read
//! as Go 1.26's `parseCertificate` reads it, in its order: the structure, the names' attribute
//! values (`names`), the validity times, the public key (`certificate_public_key`) and every
//! extension `processExtensions` parses (`extensions`, `name_constraints`; a URI alternative
//! name through [`crate::url::parse`]). [`certificate_fields`] hands on what an issued leaf's
//! validation reads: the validity times, the subject alternative DNS names and e-mail
//! addresses, and the key's element. Left out: an ECDSA point off its curve is named with Go's
//! pre-1.25 text (`x509: failed to unmarshal elliptic curve point`). Certificate signing
//! requests, which Go reads with `encoding/asn1` instead, have their own reader in [`pkcs10`];
//! [`key_pair`] reads a certificate and private key as Go's `tls.X509KeyPair` does, with the
//! private key formats' `encoding/asn1` reading, RSA key validation and ECDSA arithmetic beside
//! it.

mod asn1;
pub mod bignum;
pub mod ecdsa;
#[cfg(test)]
mod ecdsa_vectors;
mod extensions;
pub mod key_pair;
#[cfg(test)]
pub(crate) mod key_pair_vectors;
mod name_constraints;
mod names;
pub mod pkcs10;
pub mod pkix;
mod private_key;
mod rsa_key;

/// One PEM block: its type, whether it had headers, and its decoded bytes.
pub struct Block<'a> {
    /// The type after `BEGIN` (`CERTIFICATE`).
    pub kind: &'a [u8],
    /// Whether it had `Key: value` headers.
    pub headers: bool,
    /// The decoded contents.
    pub bytes: Vec<u8>,
}

impl Block<'_> {
    /// What `AppendCertsFromPEM` considers: a `CERTIFICATE` block without headers.
    pub fn is_certificate(&self) -> bool {
        self.kind == b"CERTIFICATE" && !self.headers
    }
}

const BEGIN: &[u8] = b"-----BEGIN ";
const END: &[u8] = b"-----END ";
const DASHES: &[u8] = b"-----";

/// Go's `pem.Decode` called repeatedly on what it leaves. Go searches again from each `BEGIN`
/// line; here every search moves forward only and each `END` line is read once, so a bundle of
/// many broken blocks stays linear.
pub struct Pem<'a> {
    data: &'a [u8],
    /// Where the next call starts (always the start of a line).
    pub pos: usize,
    /// Every `\n-----END ` (the offset of its newline) and where its line's text ends, as
    /// `getLine` trims it, in order.
    ends: Vec<(usize, usize)>,
    /// The first of `ends` not yet behind the search.
    next_end: usize,
    /// The first byte at or after some earlier offset that base64 and blanks do not explain.
    bad: Option<usize>,
}

impl<'a> Pem<'a> {
    /// The blocks of `data`, from its start.
    pub fn new(data: &'a [u8]) -> Self {
        let ends = (0..data.len())
            .filter(|&i| data[i] == b'\n' && data[i + 1..].starts_with(END))
            .map(|i| {
                let (text, _) = line(data, i + 1);
                (i, i + 1 + text.len())
            })
            .collect();
        Pem { data, pos: 0, ends, next_end: 0, bad: None }
    }

    /// The next block, moving past it; `None` (and no move) when no block follows.
    pub fn decode(&mut self) -> Option<Block<'a>> {
        let data = self.data;
        let mut rest = self.pos;
        loop {
            // A `BEGIN` line at the start of what is left, or after a newline.
            rest = if data[rest..].starts_with(BEGIN) {
                rest + BEGIN.len()
            } else {
                find(data, rest, b"\n-----BEGIN ")? + 1 + BEGIN.len()
            };
            let (type_line, after) = line(data, rest);
            rest = after;
            let Some(kind) = type_line.strip_suffix(DASHES) else { continue };
            let mut headers = false;
            loop {
                if rest == data.len() {
                    return None;
                }
                let (l, next) = line(data, rest);
                if !l.contains(&b':') {
                    break;
                }
                headers = true;
                rest = next;
            }
            // Without headers the `END` line may follow at once (its newline ends the line
            // before); otherwise the first one after.
            let from = if !headers && data[rest..].starts_with(END) { rest - 1 } else { rest };
            while self.next_end < self.ends.len() && self.ends[self.next_end].0 < from {
                self.next_end += 1;
            }
            let Some(&(end_at, text_end)) = self.ends.get(self.next_end) else { continue };
            // `-----END <type>-----` and nothing but blanks after it on the line.
            let trailer = end_at + 1 + END.len();
            let past = trailer + kind.len() + DASHES.len();
            // A matching trailer holds no newline, so it ends on the `END` line itself.
            if data.get(trailer..past).is_none_or(|t| !t.starts_with(kind) || !t.ends_with(DASHES)) || past < text_end {
                continue;
            }
            let body_end = end_at.max(rest);
            if self.bad_before(rest, body_end) {
                continue;
            }
            let body: Vec<u8> = data[rest..body_end].iter().copied().filter(|b| !matches!(b, b' ' | b'\t')).collect();
            let Ok(bytes) = kapi_machinery::base64::decode(&body) else { continue };
            self.pos = line(data, end_at + END.len()).1;
            return Some(Block { kind, headers, bytes });
        }
    }

    /// Whether `from..to` holds a byte base64 cannot hold (all but its alphabet, `=`, and the
    /// blanks Go skips), which fails the block without decoding it. `from` only grows, so each
    /// byte is looked at once.
    fn bad_before(&mut self, from: usize, to: usize) -> bool {
        let bad = match self.bad {
            Some(b) if b >= from => b,
            _ => {
                let ok = |b: &u8| {
                    b.is_ascii_alphanumeric() || matches!(b, b'+' | b'/' | b'=' | b' ' | b'\t' | b'\r' | b'\n')
                };
                let b = from + self.data[from..].iter().position(|b| !ok(b)).unwrap_or(self.data.len() - from);
                self.bad = Some(b);
                b
            }
        };
        bad < to
    }
}

/// The first offset at or after `from` where `needle` starts.
fn find(data: &[u8], from: usize, needle: &[u8]) -> Option<usize> {
    data[from..].windows(needle.len()).position(|w| w == needle).map(|i| from + i)
}

/// Go's `getLine` from `at`: the line without its newline (and a `\r` right before it),
/// trailing spaces and tabs trimmed, and where the next line starts.
fn line(data: &[u8], at: usize) -> (&[u8], usize) {
    let s = &data[at..];
    let (mut l, next) = match s.iter().position(|&b| b == b'\n') {
        Some(i) => (s[..i].strip_suffix(b"\r").unwrap_or(&s[..i]), at + i + 1),
        None => (s, data.len()),
    };
    while let [head @ .., b' ' | b'\t'] = l {
        l = head;
    }
    (l, next)
}

// ---- The certificate's structure ----

const SEQUENCE: u8 = 0x30;
const INTEGER: u8 = 0x02;
const BIT_STRING: u8 = 0x03;
const OCTET_STRING: u8 = 0x04;
const OID: u8 = 0x06;
const BOOLEAN: u8 = 0x01;
/// `[0]`, `[3]` constructed and `[1]`, `[2]` primitive, context-specific.
const VERSION_TAG: u8 = 0xa0;
const ISSUER_UID_TAG: u8 = 0x81;
const SUBJECT_UID_TAG: u8 = 0x82;
const EXTENSIONS_TAG: u8 = 0xa3;

/// DER as Go's `cryptobyte` reads it: single-byte tags, minimal lengths of at most four bytes.
#[derive(Clone, Copy)]
struct Der<'a>(&'a [u8]);

impl<'a> Der<'a> {
    /// The next element's tag, contents and whole encoding.
    fn any(&mut self) -> Option<(u8, &'a [u8], &'a [u8])> {
        let s = self.0;
        let (&tag, rest) = s.split_first()?;
        if tag & 0x1f == 0x1f {
            return None;
        }
        let (&first, rest) = rest.split_first()?;
        let (header, len) = if first & 0x80 == 0 {
            (2, usize::from(first))
        } else {
            let n = usize::from(first & 0x7f);
            if n == 0 || n > 4 || rest.len() < n {
                return None;
            }
            let len = rest[..n].iter().fold(0usize, |acc, &b| (acc << 8) | usize::from(b));
            // Short lengths use the short form, and no length has a leading zero byte.
            if len < 0x80 || rest[0] == 0 {
                return None;
            }
            (2 + n, len)
        };
        let total = header.checked_add(len)?;
        if s.len() < total {
            return None;
        }
        self.0 = &s[total..];
        Some((tag, &s[header..total], &s[..total]))
    }

    /// The next element if it has `tag`: its contents and whole encoding.
    fn element(&mut self, tag: u8) -> Option<(&'a [u8], &'a [u8])> {
        let mut probe = *self;
        let (t, contents, whole) = probe.any()?;
        if t != tag {
            return None;
        }
        *self = probe;
        Some((contents, whole))
    }

    fn read(&mut self, tag: u8) -> Option<&'a [u8]> {
        self.element(tag).map(|(c, _)| c)
    }

    /// An optional element: `Some(None)` when the next one has another tag (or none is left),
    /// `None` when it has the tag but is malformed.
    fn optional(&mut self, tag: u8) -> Option<Option<&'a [u8]>> {
        if self.0.first() != Some(&tag) {
            return Some(None);
        }
        self.read(tag).map(Some)
    }
}

/// One DER element as Go's `cryptobyte` reads it (single-byte tag, minimal length of at most
/// four bytes): its tag, its contents and what follows it.
pub fn der_any(der: &[u8]) -> Option<(u8, &[u8], &[u8])> {
    let mut d = Der(der);
    let (tag, contents, _) = d.any()?;
    Some((tag, contents, d.0))
}

/// [`der_any`] for an element of the given tag: its contents and what follows it.
pub fn der_element(der: &[u8], tag: u8) -> Option<(&[u8], &[u8])> {
    der_any(der).filter(|(t, _, _)| *t == tag).map(|(_, contents, rest)| (contents, rest))
}

/// `cryptobyte`'s INTEGER encoding rule: not empty, and no byte that only repeats the sign.
fn valid_integer(b: &[u8]) -> bool {
    match b {
        [] => false,
        [0x00, next, ..] if next & 0x80 == 0 => false,
        [0xff, next, ..] if next & 0x80 != 0 => false,
        _ => true,
    }
}

fn valid_bit_string(b: &[u8]) -> bool {
    match b.split_first() {
        None => false,
        Some((&pad, rest)) => {
            pad <= 7 && (!rest.is_empty() || pad == 0) && rest.last().is_none_or(|&l| l & ((1u8 << pad) - 1) == 0)
        }
    }
}

/// An OBJECT IDENTIFIER's contents: base-128 components, minimal, each within 31 bits.
fn valid_oid(b: &[u8]) -> bool {
    if b.is_empty() {
        return false;
    }
    let mut i = 0;
    while i < b.len() {
        if b[i] == 0x80 {
            return false;
        }
        let mut value: u32 = 0;
        for n in 0.. {
            let Some(&byte) = b.get(i) else { return false };
            i += 1;
            if n == 5 || value >= 1 << (31 - 7) {
                return false;
            }
            value = (value << 7) | u32::from(byte & 0x7f);
            if byte & 0x80 == 0 {
                break;
            }
        }
    }
    true
}

/// Go's `parseAI`: an OID, then at most one parameters element.
fn algorithm_identifier(seq: &[u8]) -> Result<(), &'static str> {
    let mut d = Der(seq);
    match d.read(OID) {
        Some(oid) if valid_oid(oid) => {}
        _ => return Err("x509: malformed OID"),
    }
    if !d.0.is_empty() && d.any().is_none() {
        return Err("x509: malformed parameters");
    }
    Ok(())
}

/// What a certificate's structure says that validation reads: Go's `IsCA` and
/// `BasicConstraintsValid`.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Certificate {
    /// The basic constraints extension marks a certificate authority.
    pub is_ca: bool,
    /// The basic constraints extension is present (and well formed).
    pub basic_constraints_valid: bool,
}

/// The structure `x509.ParseCertificate` reads, in its order and with its messages.
pub fn parse_certificate(der: &[u8]) -> Result<Certificate, String> {
    let (cert, len) = certificate_prefix(der)?;
    if len != der.len() {
        return Err("x509: trailing data".into());
    }
    Ok(cert)
}

/// How many certificates `x509.ParseCertificates` reads from DER certificates laid end to end
/// (none from no bytes), or its reason for refusing them.
pub fn parse_certificates(mut der: &[u8]) -> Result<usize, String> {
    let mut n = 0;
    while !der.is_empty() {
        let (_, len) = certificate_prefix(der)?;
        der = &der[len..];
        n += 1;
    }
    Ok(n)
}

/// What an issued leaf certificate's validation reads of it beyond its structure: its public
/// key, validity and subject alternative DNS names and e-mail addresses, as Go's
/// `x509.Certificate` holds them.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CertificateFields<'a> {
    /// The whole `SubjectPublicKeyInfo` element (`RawSubjectPublicKeyInfo`).
    pub public_key: &'a [u8],
    /// `NotBefore`: seconds since 1970 and nanoseconds (a `GeneralizedTime` may have a fraction).
    pub not_before: (i64, u32),
    /// `NotAfter`, as `not_before`.
    pub not_after: (i64, u32),
    /// `DNSNames`: the `dNSName` entries of the subject alternative names, in order.
    pub dns_names: Vec<&'a str>,
    /// `EmailAddresses`: the `rfc822Name` entries, in order.
    pub email_addresses: Vec<&'a str>,
}

/// [`parse_certificate`] (all Go reads), then the validity times and the subject alternative DNS
/// names and e-mail addresses as Go's `x509.Certificate` holds them.
pub fn certificate_fields(der: &[u8]) -> Result<CertificateFields<'_>, String> {
    let (_, parts, len) = certificate_parts(der, &mut |spki| certificate_public_key(spki).map(drop))?;
    if len != der.len() {
        return Err("x509: trailing data".into());
    }
    let mut validity = Der(parts.validity);
    let not_before = validity_time(&mut validity)?;
    let not_after = validity_time(&mut validity)?;
    let mut fields = CertificateFields {
        public_key: parts.public_key,
        not_before,
        not_after,
        dns_names: Vec::new(),
        email_addresses: Vec::new(),
    };
    if let Some(san) = parts.subject_alt_names {
        let mut outer = Der(san);
        let mut names = Der(outer.read(SEQUENCE).ok_or("x509: invalid subject alternative names")?);
        while !names.0.is_empty() {
            let (tag, value, _) = names.any().ok_or("x509: invalid subject alternative name")?;
            // `[1]` rfc822Name and `[2]` dNSName, IA5 strings.
            let (list, malformed) = match tag {
                0x81 => (&mut fields.email_addresses, "x509: SAN rfc822Name is malformed"),
                0x82 => (&mut fields.dns_names, "x509: SAN dNSName is malformed"),
                _ => continue,
            };
            list.push(std::str::from_utf8(value).ok().filter(|v| v.is_ascii()).ok_or(malformed)?);
        }
    }
    Ok(fields)
}

const UTC_TIME: u8 = 0x17;
const GENERALIZED_TIME: u8 = 0x18;

/// Go's `parseTime`: a `UTCTime` or a `GeneralizedTime` as `cryptobyte` reads them.
fn validity_time(d: &mut Der) -> Result<(i64, u32), &'static str> {
    match d.0.first() {
        Some(&UTC_TIME) => d.read(UTC_TIME).and_then(utc_time).ok_or("x509: malformed UTCTime"),
        Some(&GENERALIZED_TIME) => {
            d.read(GENERALIZED_TIME).and_then(generalized_time).ok_or("x509: malformed GeneralizedTime")
        }
        _ => Err("x509: unsupported time format"),
    }
}

/// `YYMMDDhhmm[ss]` and a zone (`Z` or `±hhmm`), the seconds optional as `cryptobyte` allows; a
/// two-digit year below 50 is in the 2000s.
fn utc_time(b: &[u8]) -> Option<(i64, u32)> {
    let digits = b.iter().take_while(|c| c.is_ascii_digit()).count();
    if digits != 10 && digits != 12 {
        return None;
    }
    let yy = number(&b[..2])?;
    let year = if yy < 50 { 2000 + yy } else { 1900 + yy };
    let sec = if digits == 12 { number(&b[10..12])? } else { 0 };
    let secs = civil(year, &b[2..10], sec, &b[digits..])?;
    Some((secs, 0))
}

/// `YYYYMMDDhhmmss`, an optional fraction without trailing zeros, and a zone (`Z` or `±hhmm`).
fn generalized_time(b: &[u8]) -> Option<(i64, u32)> {
    if b.len() < 14 || !b[..14].iter().all(u8::is_ascii_digit) {
        return None;
    }
    let mut rest = &b[14..];
    let mut nanos = 0u32;
    if let Some(after) = rest.strip_prefix(b".") {
        let n = after.iter().take_while(|c| c.is_ascii_digit()).count();
        // Go prints the fraction back without trailing zeros, and at most nine digits.
        if n == 0 || n > 9 || after[n - 1] == b'0' {
            return None;
        }
        nanos = u32::try_from(number(&after[..n])? * 10i64.pow(9 - n as u32)).ok()?;
        rest = &after[n..];
    }
    let secs = civil(number(&b[..4])?, &b[4..12], number(&b[12..14])?, rest)?;
    Some((secs, nanos))
}

/// Seconds since 1970 of a year, `MMDDhhmm`, seconds and a zone (`Z` or `±hhmm`), with Go's
/// ranges.
fn civil(year: i64, mdhm: &[u8], sec: i64, zone: &[u8]) -> Option<i64> {
    let field = |i: usize| number(&mdhm[i..i + 2]).and_then(|n| u8::try_from(n).ok());
    let (month, day, hour, min) = (field(0)?, field(2)?, field(4)?, field(6)?);
    if hour > 23 || min > 59 || sec > 59 {
        return None;
    }
    let offset = match zone {
        b"Z" => 0,
        [sign @ (b'+' | b'-'), rest @ ..] if rest.len() == 4 => {
            let (h, m) = (number(&rest[..2])?, number(&rest[2..])?);
            // Go prints the offset back as hours and minutes.
            if h > 24 || m > 59 {
                return None;
            }
            let o = h * 3600 + m * 60;
            if *sign == b'-' { -o } else { o }
        }
        _ => return None,
    };
    let t = kapi_machinery::types::Time::from_civil(year, month, day, hour, min, u8::try_from(sec).ok()?)?;
    Some(t.unix_seconds() - offset)
}

/// Decimal digits as a number (none are longer than nine here).
fn number(b: &[u8]) -> Option<i64> {
    if b.is_empty() || b.len() > 9 || !b.iter().all(u8::is_ascii_digit) {
        return None;
    }
    Some(b.iter().fold(0i64, |acc, &c| acc * 10 + i64::from(c - b'0')))
}

/// The elements of a certificate [`certificate_fields`] interprets further.
struct Parts<'a> {
    validity: &'a [u8],
    public_key: &'a [u8],
    subject_alt_names: Option<&'a [u8]>,
}

/// Go's `parseCertificate`: the certificate at the start of `der` and its encoding's length.
fn certificate_prefix(der: &[u8]) -> Result<(Certificate, usize), String> {
    certificate_parts(der, &mut |spki| certificate_public_key(spki).map(drop)).map(|(cert, _, len)| (cert, len))
}

/// The key Go's `parseCertificate` parses (`parsePublicKey`, for the algorithms
/// `getPublicKeyAlgorithmFromOID` knows: RSA, ECDSA with its point on the curve, Ed25519, DSA),
/// with its bits; `None` for a key Go leaves unparsed (X25519 and unknown algorithms).
pub(crate) fn certificate_public_key(spki: &[u8]) -> Result<Option<(pkix::PublicKey, &[u8])>, String> {
    let algorithm = Der(spki).read(SEQUENCE).and_then(|k| Der(k).read(SEQUENCE)).and_then(|a| Der(a).read(OID));
    if algorithm == Some(pkix::OID_X25519) {
        return Ok(None);
    }
    match pkix::parse_public_key_with_bits(spki) {
        Ok((pkix::PublicKey::Ecdsa(curve), bits)) if !ecdsa::on_curve(curve, bits) => {
            Err("x509: failed to unmarshal elliptic curve point".into())
        }
        Ok(parsed) => Ok(Some(parsed)),
        Err("x509: unknown public key algorithm") => Ok(None),
        Err(e) => Err(e.into()),
    }
}

/// [`parse_certificate`] with the public key read by `key` where Go's `parseCertificate` parses
/// it (right after the `SubjectPublicKeyInfo`, before the unique IDs and extensions), so that the
/// first fault in Go's order is the one reported; `key` is given the whole
/// `SubjectPublicKeyInfo`.
pub fn parse_certificate_with_key<K>(der: &[u8], key: impl FnOnce(&[u8]) -> Result<K, String>) -> Result<K, String> {
    let mut key = Some(key);
    let mut parsed = None;
    let (_, _, len) = certificate_parts(der, &mut |spki| {
        let read = key.take().expect("a certificate has one key");
        parsed = Some(read(spki)?);
        Ok(())
    })?;
    if len != der.len() {
        return Err("x509: trailing data".into());
    }
    Ok(parsed.expect("the key is read before the certificate is accepted"))
}

/// [`certificate_prefix`], with the parts [`certificate_fields`] reads; `key` is called on the
/// `SubjectPublicKeyInfo` as soon as its structure is read.
fn certificate_parts<'a>(
    der: &'a [u8],
    key: &mut dyn FnMut(&[u8]) -> Result<(), String>,
) -> Result<(Certificate, Parts<'a>, usize), String> {
    let mut input = Der(der);
    let (cert, raw) = input.element(SEQUENCE).ok_or("x509: malformed certificate")?;
    let mut input = Der(cert);
    let tbs = input.read(SEQUENCE).ok_or("x509: malformed tbs certificate")?;
    let mut tbs = Der(tbs);
    let version = match tbs.optional(VERSION_TAG).ok_or("x509: malformed version")? {
        None => 0,
        Some(v) => {
            let mut v = Der(v);
            match v.read(INTEGER) {
                // A Go `int`: eight bytes at most, and not negative.
                Some(n) if valid_integer(n) && v.0.is_empty() && n.len() <= 8 && n[0] & 0x80 == 0 => {
                    n.iter().fold(0u64, |acc, &b| (acc << 8) | u64::from(b))
                }
                _ => return Err("x509: malformed version".into()),
            }
        }
    };
    if version > 2 {
        return Err("x509: invalid version".into());
    }
    match tbs.read(INTEGER) {
        Some(n) if valid_integer(n) => {
            if n[0] & 0x80 != 0 {
                return Err("x509: negative serial number".into());
            }
        }
        _ => return Err("x509: malformed serial number".into()),
    }
    let sig_ai = tbs.read(SEQUENCE).ok_or("x509: malformed signature algorithm identifier")?;
    let outer_ai = input.read(SEQUENCE).ok_or("x509: malformed algorithm identifier")?;
    if sig_ai != outer_ai {
        return Err("x509: inner and outer signature algorithm identifiers don't match".into());
    }
    algorithm_identifier(sig_ai)?;
    let (_, issuer) = tbs.element(SEQUENCE).ok_or("x509: malformed issuer")?;
    names::parse_name(issuer)?;
    let validity = tbs.read(SEQUENCE).ok_or("x509: malformed validity")?;
    // Go's `parseValidity`, here in its order: the two times, whatever follows them unread.
    let mut times = Der(validity);
    validity_time(&mut times)?;
    validity_time(&mut times)?;
    // Go names the subject "issuer" here.
    let (_, subject) = tbs.element(SEQUENCE).ok_or("x509: malformed issuer")?;
    names::parse_name(subject)?;
    let (spki, public_key) = tbs.element(SEQUENCE).ok_or("x509: malformed spki")?;
    let mut spki = Der(spki);
    let pk_ai = spki.read(SEQUENCE).ok_or("x509: malformed public key algorithm identifier")?;
    algorithm_identifier(pk_ai)?;
    match spki.read(BIT_STRING) {
        Some(b) if valid_bit_string(b) => {}
        _ => return Err("x509: malformed subjectPublicKey".into()),
    }
    key(public_key)?;
    let mut cert = Certificate::default();
    let mut subject_alt_names = None;
    if version >= 1 {
        tbs.optional(ISSUER_UID_TAG).ok_or("x509: malformed issuerUniqueID")?;
        tbs.optional(SUBJECT_UID_TAG).ok_or("x509: malformed subjectUniqueID")?;
        if version == 2
            && let Some(exts) = tbs.optional(EXTENSIONS_TAG).ok_or("x509: malformed extensions")?
        {
            (cert, subject_alt_names) = extensions::extensions(exts)?;
        }
    }
    match input.read(BIT_STRING) {
        Some(b) if valid_bit_string(b) => {}
        _ => return Err("x509: malformed signature".into()),
    }
    Ok((cert, Parts { validity, public_key, subject_alt_names }, raw.len()))
}

#[cfg(test)]
#[path = "certs/fields_tests.rs"]
mod fields_tests;
