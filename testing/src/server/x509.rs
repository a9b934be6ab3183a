//! The user a verified client certificate names, as kube-apiserver's x509 authenticator reads it: the subject's common name as the user, its organizations as groups.
//!
//! Facts from upstream's `authentication/request/x509` (`CommonNameUserConversion`) and Go's
//! `crypto/x509/pkix` (`Name.FillFromRDNSequence`): the last common name (2.5.4.3) of the
//! subject is the user name, every organization (2.5.4.10) a group, in the order they appear; a
//! certificate without a common name authenticates no one. The chain was verified by rustls
//! against the client CA before this reads it.
//!
//! Our own reader rather than an X.509 crate: only the subject's two attributes are needed, and
//! this walks the DER once, bounded by the certificate's length, refusing what it does not
//! understand (indefinite or over-long lengths).

use super::authn::UserInfo;

/// The common name's object identifier, 2.5.4.3.
const OID_COMMON_NAME: &[u8] = &[0x55, 0x04, 0x03];
/// The organization's object identifier, 2.5.4.10.
const OID_ORGANIZATION: &[u8] = &[0x55, 0x04, 0x0a];

const SEQUENCE: u8 = 0x30;
const SET: u8 = 0x31;
const OID: u8 = 0x06;
/// `[0] EXPLICIT Version` in `TBSCertificate`.
const VERSION: u8 = 0xa0;

/// One DER element: its tag, its contents, and what follows it.
fn element(data: &[u8]) -> Option<(u8, &[u8], &[u8])> {
    let (&tag, rest) = data.split_first()?;
    let (&first, rest) = rest.split_first()?;
    let (len, rest) = if first < 0x80 {
        (usize::from(first), rest)
    } else {
        // Long form with 1 to 4 length bytes; 0x80 (indefinite) is not DER.
        let n = usize::from(first & 0x7f);
        if n == 0 || n > 4 || rest.len() < n {
            return None;
        }
        let len = rest[..n].iter().fold(0usize, |acc, &b| (acc << 8) | usize::from(b));
        (len, &rest[n..])
    };
    if rest.len() < len {
        return None;
    }
    Some((tag, &rest[..len], &rest[len..]))
}

/// The elements of a constructed value, in order; `None` when one is malformed.
fn children(mut data: &[u8]) -> Option<Vec<(u8, &[u8])>> {
    let mut out = Vec::new();
    while !data.is_empty() {
        let (tag, content, rest) = element(data)?;
        out.push((tag, content));
        data = rest;
    }
    Some(out)
}

/// A directory string's text (UTF8String, PrintableString, IA5String, T61String as Latin-1,
/// BMPString as UTF-16).
fn text(tag: u8, content: &[u8]) -> Option<String> {
    match tag {
        0x0c | 0x13 | 0x16 => String::from_utf8(content.to_vec()).ok(),
        0x14 => Some(content.iter().map(|&b| char::from(b)).collect()),
        0x1e if content.len().is_multiple_of(2) => {
            let units: Vec<u16> = content.chunks_exact(2).map(|c| u16::from_be_bytes([c[0], c[1]])).collect();
            String::from_utf16(&units).ok()
        }
        _ => None,
    }
}

/// The subject's common name and organizations.
fn subject(der: &[u8]) -> Option<(Option<String>, Vec<String>)> {
    let (tag, cert, _) = element(der)?;
    if tag != SEQUENCE {
        return None;
    }
    let (tag, tbs, _) = element(cert)?;
    if tag != SEQUENCE {
        return None;
    }
    let mut fields = children(tbs)?.into_iter().peekable();
    if fields.peek().is_some_and(|(t, _)| *t == VERSION) {
        fields.next();
    }
    // serialNumber, signature, issuer, validity, then subject.
    let (tag, name) = fields.nth(4)?;
    if tag != SEQUENCE {
        return None;
    }
    let (mut common_name, mut organizations) = (None, Vec::new());
    for (tag, rdn) in children(name)? {
        if tag != SET {
            return None;
        }
        for (tag, attribute) in children(rdn)? {
            if tag != SEQUENCE {
                return None;
            }
            let parts = children(attribute)?;
            let [(OID, oid), (value_tag, value)] = parts.as_slice() else { return None };
            if *oid == OID_COMMON_NAME {
                common_name = Some(text(*value_tag, value)?);
            } else if *oid == OID_ORGANIZATION {
                organizations.push(text(*value_tag, value)?);
            }
        }
    }
    Some((common_name, organizations))
}

/// The user a client certificate (DER) authenticates; `None` without a common name or when
/// the certificate cannot be read.
pub(super) fn user_of_certificate(der: &[u8]) -> Option<UserInfo> {
    let (common_name, groups) = subject(der)?;
    let username = common_name.filter(|n| !n.is_empty())?;
    Some(UserInfo { username, uid: String::new(), groups, extra: Default::default() })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A minimal DER element.
    fn tlv(tag: u8, content: &[u8]) -> Vec<u8> {
        let mut out = vec![tag];
        if content.len() < 0x80 {
            out.push(content.len() as u8);
        } else {
            out.push(0x82);
            out.extend_from_slice(&(content.len() as u16).to_be_bytes());
        }
        out.extend_from_slice(content);
        out
    }

    fn attribute(oid: &[u8], tag: u8, value: &str) -> Vec<u8> {
        tlv(SET, &tlv(SEQUENCE, &[tlv(OID, oid), tlv(tag, value.as_bytes())].concat()))
    }

    fn certificate(subject: &[u8], with_version: bool) -> Vec<u8> {
        let mut tbs = Vec::new();
        if with_version {
            tbs.extend(tlv(VERSION, &tlv(0x02, &[2])));
        }
        tbs.extend(tlv(0x02, &[1]));
        tbs.extend(tlv(SEQUENCE, &tlv(OID, &[0x2a, 0x86, 0x48])));
        tbs.extend(tlv(SEQUENCE, &attribute(OID_COMMON_NAME, 0x13, "ca")));
        tbs.extend(tlv(SEQUENCE, &[tlv(0x17, b"250101000000Z"), tlv(0x17, b"350101000000Z")].concat()));
        tbs.extend(tlv(SEQUENCE, subject));
        tlv(SEQUENCE, &[tlv(SEQUENCE, &tbs), tlv(SEQUENCE, &[]), tlv(0x03, &[0])].concat())
    }

    #[test]
    fn the_subject_names_the_user_and_groups() {
        let subject = [
            attribute(OID_ORGANIZATION, 0x0c, "system:masters"),
            attribute(OID_COMMON_NAME, 0x13, "first"),
            attribute(OID_ORGANIZATION, 0x13, "dev"),
            attribute(OID_COMMON_NAME, 0x0c, "alice"),
        ]
        .concat();
        for with_version in [true, false] {
            let user = user_of_certificate(&certificate(&subject, with_version)).unwrap();
            assert_eq!(user.username, "alice");
            assert_eq!(user.groups, ["system:masters", "dev"]);
        }
        // No common name: no one.
        assert_eq!(user_of_certificate(&certificate(&attribute(OID_ORGANIZATION, 0x0c, "dev"), true)), None);
    }

    #[test]
    fn malformed_certificates_name_no_one() {
        let good = certificate(&attribute(OID_COMMON_NAME, 0x0c, "alice"), true);
        // Every truncation fails cleanly.
        for n in 0..good.len() {
            assert_eq!(user_of_certificate(&good[..n]), None, "{n}");
        }
        // Indefinite and over-long lengths are refused.
        assert_eq!(element(&[SEQUENCE, 0x80, 0, 0]), None);
        assert_eq!(element(&[SEQUENCE, 0x85, 1, 1, 1, 1, 1]), None);
        assert_eq!(element(&[SEQUENCE, 0x84, 0xff, 0xff, 0xff, 0xff]), None);
    }
}
