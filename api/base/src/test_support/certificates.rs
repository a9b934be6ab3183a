//! X.509 certificates for the tests of the certificate reader and of the rules that read its fields (made once with `openssl`).

/// Self-signed for a P-256 key (that of the PodCertificateRequest tests' stub request), a day
/// from 2026-12-01T03:56:50Z, with the subject alternative names `DNS:a..b`, `DNS:.x.`, `DNS:ok.example`, `email:bad@@x` and
/// `email:good@example.com` (`openssl req -x509 -days 1 -addext subjectAltName=…`).
pub const NAMES: &str = "-----BEGIN CERTIFICATE-----
MIIBqzCCAVGgAwIBAgIULeCjBCmRzFs/bWC2ywRwdsJbiRswCgYIKoZIzj0EAwIw
DDEKMAgGA1UEAwwBeDAeFw0yNjEyMDEwMzU2NTBaFw0yNjEyMDIwMzU2NTBaMAwx
CjAIBgNVBAMMAXgwWTATBgcqhkjOPQIBBggqhkjOPQMBBwNCAAS5t20Y3Dw4PDwj
z+Oanwtb+KDhMc3hw2Bc0VTHCZqGAtaHirOSFHuxF5XFIy4/U2UdKGkEkf+xeAc9
1yhuLi6+o4GQMIGNMB0GA1UdDgQWBBSDWBhLKpRwFSQ0EP8H5AH4DrlAFTAfBgNV
HSMEGDAWgBSDWBhLKpRwFSQ0EP8H5AH4DrlAFTAPBgNVHRMBAf8EBTADAQH/MDoG
A1UdEQQzMDGCBGEuLmKCAy54LoIKb2suZXhhbXBsZYEGYmFkQEB4gRBnb29kQGV4
YW1wbGUuY29tMAoGCCqGSM49BAMCA0gAMEUCIE+7de1YBZxqkJvPC6Q4/gFIkajh
GcnZbYbIe9pwPMD8AiEA9D4WJ6Yy0eE/fMY49X+x4g9677kDBXfFqGdHOezr4Kw=
-----END CERTIFICATE-----
";

/// A version 1 certificate from 2026-11-30T12:00:00Z (a `UTCTime`) to 2050-11-30T12:00:00Z (a
/// `GeneralizedTime`), `openssl ca -selfsign -startdate … -enddate …`.
pub const GENERALIZED: &str = "-----BEGIN CERTIFICATE-----
MIIBCjCBsAIBAzAKBggqhkjOPQQDAjAQMQ4wDAYDVQQDDAVwb2QtMTAgFw0yNjEx
MzAxMjAwMDBaGA8yMDUwMTEzMDEyMDAwMFowEDEOMAwGA1UEAwwFcG9kLTEwWTAT
BgcqhkjOPQIBBggqhkjOPQMBBwNCAAS5t20Y3Dw4PDwjz+Oanwtb+KDhMc3hw2Bc
0VTHCZqGAtaHirOSFHuxF5XFIy4/U2UdKGkEkf+xeAc91yhuLi6+MAoGCCqGSM49
BAMCA0kAMEYCIQDc18wC4xtLpqyc4HEtm7/K+O0o43bQA7Vmbi5qUSmerQIhALBK
c0U7NidIfRLB/bd9aZpQwgAtdSnJ7zqVNu+ex1BE
-----END CERTIFICATE-----
";

/// One DER element: `tag`, a minimal definite length and `contents`.
pub fn der(tag: u8, contents: &[u8]) -> Vec<u8> {
    let len = contents.len();
    let mut out = vec![tag];
    match u8::try_from(len) {
        Ok(short) if short < 0x80 => out.push(short),
        _ => {
            let bytes: Vec<u8> = len.to_be_bytes().into_iter().skip_while(|b| *b == 0).collect();
            out.push(0x80 | u8::try_from(bytes.len()).expect("a usize has at most 8 bytes"));
            out.extend(bytes);
        }
    }
    out.extend_from_slice(contents);
    out
}

/// An `Extension` SEQUENCE: the OID of content octets `oid` and the value `value`, not critical.
pub fn extension(oid: &[u8], value: &[u8]) -> Vec<u8> {
    der(0x30, &[der(0x06, oid), der(0x04, value)].concat())
}

/// `NAMES` as PEM with its extension list replaced by `extensions` (whole `Extension`
/// SEQUENCEs, in order). The signature no longer covers it, which the reader does not check.
pub fn names_with_extensions(extensions: &[Vec<u8>]) -> String {
    names_rebuilt(
        |_, tag, contents| {
            if tag == 0xa3 { der(0xa3, &der(0x30, &extensions.concat())) } else { der(tag, contents) }
        },
    )
}

/// `NAMES` as PEM with its validity SEQUENCE's contents replaced by `validity` (the two times).
pub fn names_with_validity(validity: &[u8]) -> String {
    names_rebuilt(|i, tag, contents| if i == 4 { der(0x30, validity) } else { der(tag, contents) })
}

/// `NAMES` as PEM with its subject (the whole Name element) replaced by `subject`.
pub fn names_with_subject(subject: &[u8]) -> String {
    names_rebuilt(|i, tag, contents| if i == 5 { subject.to_vec() } else { der(tag, contents) })
}

/// `NAMES` as PEM with its `SubjectPublicKeyInfo` replaced by `spki` (the whole element).
pub fn names_with_key(spki: &[u8]) -> String {
    names_rebuilt(|i, tag, contents| if i == 6 { spki.to_vec() } else { der(tag, contents) })
}

/// `NAMES` as PEM with each element of its TBS certificate (by index, tag and contents) made anew.
fn names_rebuilt(field: impl Fn(usize, u8, &[u8]) -> Vec<u8>) -> String {
    use crate::certs::{Pem, der_any};
    let names = Pem::new(NAMES.as_bytes()).decode().expect("NAMES is PEM").bytes;
    let (_, cert, _) = der_any(&names).expect("a certificate");
    let (_, tbs, rest) = der_any(cert).expect("the TBS certificate");
    let mut fields = Vec::new();
    let mut tbs = tbs;
    while let Some((tag, contents, rest)) = der_any(tbs) {
        fields.push(field(fields.len(), tag, contents));
        tbs = rest;
    }
    let cert = der(0x30, &[der(0x30, &fields.concat()), rest.to_vec()].concat());
    let mut b64 = Vec::new();
    kapi_machinery::base64::encode_into(&cert, &mut b64);
    let lines: Vec<&str> = b64.chunks(64).map(|c| std::str::from_utf8(c).expect("base64 is ASCII")).collect();
    format!("-----BEGIN CERTIFICATE-----\n{}\n-----END CERTIFICATE-----\n", lines.join("\n"))
}
