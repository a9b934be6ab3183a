//! Just enough of a PEM/DER certificate-request reader to pick v1beta1's default signer name, as
//! upstream's `DefaultSignerNameFromSpec` does with Go's `x509.ParseCertificateRequest`.
//!
//! It reads the structure of a PKCS#10 request (strict DER lengths, no trailing data), the subject's
//! organizations and common name, the public-key algorithm, and the subject alternative names of
//! the extension request. Unlike Go it does not decode the public key itself or check the
//! signature: a request whose structure is sound but whose key is malformed counts as parsed here
//! and as unparsable upstream (which only matters for requests no client produces).

use crate::certificates::v1beta1::KeyUsage;

/// What the signer-name default looks at in a certificate request.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct CertificateRequest {
    /// Subject organizations (`O`), in order.
    pub organizations: Vec<String>,
    /// Subject common name (`CN`); the last one wins, as in Go.
    pub common_name: String,
    /// DNS names of the subject alternative names (`dNSName`); a kubelet serving request needs
    /// one of these or an IP address, a kubelet client request has none.
    pub dns_names: Vec<String>,
    /// Email addresses of the subject alternative names (`rfc822Name`); any rules out both kubelet
    /// signers.
    pub email_addresses: Vec<String>,
    /// IP addresses as their 4 or 16 bytes.
    pub ip_addresses: Vec<Vec<u8>>,
    /// URIs of the subject alternative names (`uniformResourceIdentifier`); any rules out both
    /// kubelet signers.
    pub uris: Vec<String>,
    /// Whether the public key is an ML-DSA key, which may not be used for key encipherment.
    pub ml_dsa: bool,
}

/// The signer of requests nobody recognises.
pub const LEGACY_UNKNOWN_SIGNER_NAME: &str = "kubernetes.io/legacy-unknown";
/// The signer of kubelet client certificates.
pub const KUBE_API_SERVER_CLIENT_KUBELET_SIGNER_NAME: &str = "kubernetes.io/kube-apiserver-client-kubelet";
/// The signer of kubelet serving certificates.
pub const KUBELET_SERVING_SIGNER_NAME: &str = "kubernetes.io/kubelet-serving";

/// The signer a v1beta1 request without one gets: the kubelet client or serving signer when the
/// request looks like the kubelet's, otherwise `legacy-unknown`.
pub fn default_signer_name(request: Option<&[u8]>, usages: &[KeyUsage]) -> &'static str {
    let Some(csr) = request.and_then(parse_csr) else {
        return LEGACY_UNKNOWN_SIGNER_NAME;
    };
    let usages: std::collections::BTreeSet<&str> = usages.iter().map(|u| u.as_str()).collect();
    if is_kubelet_client(&csr, &usages) {
        KUBE_API_SERVER_CLIENT_KUBELET_SIGNER_NAME
    } else if is_kubelet_serving(&csr, &usages) {
        KUBELET_SERVING_SIGNER_NAME
    } else {
        LEGACY_UNKNOWN_SIGNER_NAME
    }
}

type Usages<'a> = std::collections::BTreeSet<&'a str>;

fn usages_are(usages: &Usages<'_>, want: &[&str]) -> bool {
    usages.len() == want.len() && want.iter().all(|w| usages.contains(w))
}

/// ML-DSA keys sign only: none of the encipherment or agreement usages, and one signing usage.
fn ml_dsa_usages_ok(usages: &Usages<'_>) -> bool {
    let disallowed = [
        KeyUsage::USAGE_KEY_ENCIPHERMENT,
        KeyUsage::USAGE_KEY_AGREEMENT,
        KeyUsage::USAGE_DATA_ENCIPHERMENT,
        KeyUsage::USAGE_ENCIPHER_ONLY,
        KeyUsage::USAGE_DECIPHER_ONLY,
    ];
    let one_of = [
        KeyUsage::USAGE_DIGITAL_SIGNATURE,
        KeyUsage::USAGE_CONTENT_COMMITMENT,
        KeyUsage::USAGE_CERT_SIGN,
        KeyUsage::USAGE_CRL_SIGN,
    ];
    !usages.iter().any(|u| disallowed.contains(u)) && usages.iter().any(|u| one_of.contains(u))
}

/// A kubelet's client certificate: organization exactly `system:nodes`, no alternative names, a
/// `system:node:` common name, and the client usages (with or without key encipherment).
pub fn is_kubelet_client(csr: &CertificateRequest, usages: &Usages<'_>) -> bool {
    const WITH_RSA: &[&str] =
        &[KeyUsage::USAGE_DIGITAL_SIGNATURE, KeyUsage::USAGE_KEY_ENCIPHERMENT, KeyUsage::USAGE_CLIENT_AUTH];
    const NO_RSA: &[&str] = &[KeyUsage::USAGE_DIGITAL_SIGNATURE, KeyUsage::USAGE_CLIENT_AUTH];
    csr.organizations == ["system:nodes"]
        && csr.dns_names.is_empty()
        && csr.email_addresses.is_empty()
        && csr.ip_addresses.is_empty()
        && csr.uris.is_empty()
        && csr.common_name.starts_with("system:node:")
        && (usages_are(usages, WITH_RSA) || usages_are(usages, NO_RSA))
        && (!csr.ml_dsa || ml_dsa_usages_ok(usages))
}

/// A kubelet's serving certificate: organization exactly `system:nodes`, at least one DNS or IP
/// name and no others, the serving usages (with or without key encipherment), a `system:node:`
/// common name.
pub fn is_kubelet_serving(csr: &CertificateRequest, usages: &Usages<'_>) -> bool {
    const WITH_RSA: &[&str] =
        &[KeyUsage::USAGE_DIGITAL_SIGNATURE, KeyUsage::USAGE_KEY_ENCIPHERMENT, KeyUsage::USAGE_SERVER_AUTH];
    const NO_RSA: &[&str] = &[KeyUsage::USAGE_DIGITAL_SIGNATURE, KeyUsage::USAGE_SERVER_AUTH];
    csr.organizations == ["system:nodes"]
        && !(csr.dns_names.is_empty() && csr.ip_addresses.is_empty())
        && csr.email_addresses.is_empty()
        && csr.uris.is_empty()
        && (usages_are(usages, WITH_RSA) || usages_are(usages, NO_RSA))
        && (!csr.ml_dsa || ml_dsa_usages_ok(usages))
        && csr.common_name.starts_with("system:node:")
}

/// The first PEM block, if it is a `CERTIFICATE REQUEST`, read as a certificate request.
pub fn parse_csr(pem: &[u8]) -> Option<CertificateRequest> {
    let der = pem_block(pem, "CERTIFICATE REQUEST")?;
    parse_der(&der)
}

/// The bytes of the first PEM block, if it has the given type (Go's `pem.Decode`, without headers).
fn pem_block(data: &[u8], want: &str) -> Option<Vec<u8>> {
    let text = std::str::from_utf8(data).ok()?;
    let start = if text.starts_with("-----BEGIN ") { 0 } else { text.find("\n-----BEGIN ")? + 1 };
    let rest = &text[start + "-----BEGIN ".len()..];
    let (kind, rest) = rest.split_once('\n')?;
    let kind = kind.trim_end_matches('\r').strip_suffix("-----")?;
    if kind != want {
        return None;
    }
    let end = format!("-----END {kind}-----");
    let body = &rest[..rest.find(&end)?];
    // Headers (`Key: value` lines up to a blank line) are not part of the data.
    let body = if body.lines().next().is_some_and(|l| l.contains(':')) {
        body.split_once("\n\n").or_else(|| body.split_once("\r\n\r\n"))?.1
    } else {
        body
    };
    let compact: Vec<u8> = body.bytes().filter(|b| !b.is_ascii_whitespace()).collect();
    kapi_machinery::base64::decode(&compact).ok()
}

/// A DER reader over one level of a structure.
struct Der<'a>(&'a [u8]);

impl<'a> Der<'a> {
    fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    fn peek_tag(&self) -> Option<u8> {
        self.0.first().copied()
    }

    /// The next element's tag and contents, with DER's minimal lengths.
    fn next(&mut self) -> Option<(u8, &'a [u8])> {
        let (&tag, rest) = self.0.split_first()?;
        if tag & 0x1f == 0x1f {
            return None; // multi-byte tags appear nowhere in a request
        }
        let (&first, mut rest) = rest.split_first()?;
        let len = if first < 0x80 {
            usize::from(first)
        } else {
            let n = usize::from(first & 0x7f);
            if n == 0 || n > 4 || rest.len() < n || rest[0] == 0 {
                return None;
            }
            let len = rest[..n].iter().fold(0usize, |acc, b| (acc << 8) | usize::from(*b));
            rest = &rest[n..];
            if len < 0x80 {
                return None;
            }
            len
        };
        if rest.len() < len {
            return None;
        }
        let (content, rest) = rest.split_at(len);
        self.0 = rest;
        Some((tag, content))
    }

    fn expect(&mut self, tag: u8) -> Option<&'a [u8]> {
        match self.next()? {
            (t, c) if t == tag => Some(c),
            _ => None,
        }
    }
}

const SEQUENCE: u8 = 0x30;
const SET: u8 = 0x31;
const OID: u8 = 0x06;
const OID_ORGANIZATION: &[u8] = &[0x55, 0x04, 0x0a];
const OID_COMMON_NAME: &[u8] = &[0x55, 0x04, 0x03];
const OID_EXTENSION_REQUEST: &[u8] = &[0x2a, 0x86, 0x48, 0x86, 0xf7, 0x0d, 0x01, 0x09, 0x0e];
const OID_SUBJECT_ALT_NAME: &[u8] = &[0x55, 0x1d, 0x11];
/// `2.16.840.1.101.3.4.3.` — the ML-DSA key algorithms end in 17, 18 or 19.
const OID_ML_DSA_PREFIX: &[u8] = &[0x60, 0x86, 0x48, 0x01, 0x65, 0x03, 0x04, 0x03];

fn parse_der(der: &[u8]) -> Option<CertificateRequest> {
    let mut top = Der(der);
    let mut req = Der(top.expect(SEQUENCE)?);
    if !top.is_empty() {
        return None; // trailing data
    }
    let mut info = Der(req.expect(SEQUENCE)?);
    req.expect(SEQUENCE)?; // signature algorithm
    req.expect(0x03)?; // signature
    info.expect(0x02)?; // version
    let mut out = CertificateRequest::default();
    read_subject(info.expect(SEQUENCE)?, &mut out)?;
    let mut spki = Der(info.expect(SEQUENCE)?);
    let mut alg = Der(spki.expect(SEQUENCE)?);
    let alg_oid = alg.expect(OID)?;
    spki.expect(0x03)?;
    out.ml_dsa = alg_oid.len() == OID_ML_DSA_PREFIX.len() + 1
        && alg_oid.starts_with(OID_ML_DSA_PREFIX)
        && (17..=19).contains(&alg_oid[OID_ML_DSA_PREFIX.len()]);
    if info.peek_tag() == Some(0xa0) {
        let mut attrs = Der(info.expect(0xa0)?);
        while !attrs.is_empty() {
            let mut attr = Der(attrs.expect(SEQUENCE)?);
            let oid = attr.expect(OID)?;
            let mut values = Der(attr.expect(SET)?);
            if oid == OID_EXTENSION_REQUEST {
                while !values.is_empty() {
                    read_extensions(values.expect(SEQUENCE)?, &mut out)?;
                }
            }
        }
    }
    Some(out)
}

fn read_subject(name: &[u8], out: &mut CertificateRequest) -> Option<()> {
    let mut rdns = Der(name);
    while !rdns.is_empty() {
        let mut set = Der(rdns.expect(SET)?);
        while !set.is_empty() {
            let mut atv = Der(set.expect(SEQUENCE)?);
            let oid = atv.expect(OID)?;
            let (tag, value) = atv.next()?;
            // Values that are not strings are skipped, as Go's `FillFromRDNSequence` skips them.
            let Some(value) = der_string(tag, value) else { continue };
            if oid == OID_ORGANIZATION {
                out.organizations.push(value);
            } else if oid == OID_COMMON_NAME {
                out.common_name = value;
            }
        }
    }
    Some(())
}

/// The string types Go's `asn1` decodes into a `string`.
fn der_string(tag: u8, value: &[u8]) -> Option<String> {
    match tag {
        // UTF8String, NumericString, PrintableString, T61String, IA5String
        0x0c | 0x12 | 0x13 | 0x14 | 0x16 => Some(String::from_utf8_lossy(value).into_owned()),
        // BMPString: UTF-16, big-endian
        0x1e if value.len().is_multiple_of(2) => {
            let units: Vec<u16> = value.chunks(2).map(|c| u16::from_be_bytes([c[0], c[1]])).collect();
            Some(String::from_utf16_lossy(&units))
        }
        _ => None,
    }
}

fn read_extensions(list: &[u8], out: &mut CertificateRequest) -> Option<()> {
    let mut exts = Der(list);
    while !exts.is_empty() {
        let mut ext = Der(exts.expect(SEQUENCE)?);
        let oid = ext.expect(OID)?;
        if ext.peek_tag() == Some(0x01) {
            ext.expect(0x01)?; // critical
        }
        let value = ext.expect(0x04)?;
        if oid == OID_SUBJECT_ALT_NAME {
            let mut outer = Der(value);
            let mut names = Der(outer.expect(SEQUENCE)?);
            while !names.is_empty() {
                let (tag, v) = names.next()?;
                let ia5 = || v.is_ascii().then(|| String::from_utf8_lossy(v).into_owned());
                match tag {
                    0x81 => out.email_addresses.push(ia5()?),
                    0x82 => out.dns_names.push(ia5()?),
                    0x86 => out.uris.push(ia5()?),
                    0x87 if v.len() == 4 || v.len() == 16 => out.ip_addresses.push(v.to_vec()),
                    0x87 => return None, // Go: cannot parse IP address of this length
                    _ => {}
                }
            }
        }
    }
    Some(())
}
