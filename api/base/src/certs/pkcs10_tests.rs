//! Requests `openssl req` made, and encodings Go's `x509.ParseCertificateRequest` refuses, with its messages.

use super::*;
use crate::testing::csrs::{self, der};

#[test]
fn requests_of_each_key_type_parse() {
    for pem in [csrs::ED25519, csrs::P256_SERVING, csrs::RSA2048] {
        let der = der(pem);
        let csr = parse_certificate_request(&der).unwrap_or_else(|e| panic!("{e}: {pem}"));
        // What is signed starts the request, right after the outer header.
        let header = if der[1] & 0x80 == 0 { 2 } else { 2 + usize::from(der[1] & 0x7f) };
        assert!(der[header..].starts_with(csr.tbs), "{pem}");
        assert!(csr.public_key.starts_with(&[0x30]));
    }
    let ed = der(csrs::ED25519);
    let csr = parse_certificate_request(&ed).unwrap();
    assert_eq!(csr.signature_algorithm, [0x2b, 0x65, 0x70], "Ed25519");
    assert_eq!(csr.signature.len(), 65, "a padding byte and 64 signature bytes");
}

/// `der` with the byte at `at` set to `b`.
fn with(der: &[u8], at: usize, b: u8) -> Vec<u8> {
    let mut d = der.to_vec();
    d[at] = b;
    d
}

#[test]
fn outer_encoding_errors_are_go_asn1_errors() {
    let ed = der(csrs::ED25519);
    let cases: Vec<(Vec<u8>, &str)> = vec![
        (vec![], "asn1: syntax error: sequence truncated"),
        (vec![0x30], "asn1: syntax error: truncated tag or length"),
        (vec![0x30, 0x80], "asn1: syntax error: indefinite length found (not DER)"),
        (vec![0x30, 0x81, 0x05], "asn1: structure error: non-minimal length"),
        (vec![0x30, 0x82, 0x00, 0x90], "asn1: structure error: superfluous leading zeros in length"),
        (vec![0x30, 0x85, 0x01, 0x00, 0x00, 0x00, 0x00], "asn1: structure error: length too large"),
        (vec![0x30, 0x03, 0x02], "asn1: syntax error: data truncated"),
        (
            vec![0x02, 0x01, 0x00],
            "asn1: structure error: tags don't match (16 vs {class:0 tag:2 length:1 isCompound:false}) {optional:false explicit:false application:false private:false defaultValue:<nil> tag:<nil> stringType:0 timeType:0 set:false omitEmpty:false} certificateRequest @2",
        ),
        (vec![0x30, 0x00], "asn1: syntax error: sequence truncated"),
        (ed[..ed.len() - 1].to_vec(), "asn1: syntax error: data truncated"),
        ([ed.as_slice(), &[0]].concat(), "asn1: syntax error: trailing data"),
        // The version (at 5) as a BOOLEAN.
        (
            with(&ed, 5, 0x01),
            "asn1: structure error: tags don't match (2 vs {class:0 tag:1 length:1 isCompound:false}) {optional:false explicit:false application:false private:false defaultValue:<nil> tag:<nil> stringType:0 timeType:0 set:false omitEmpty:false} int @2",
        ),
        // The attributes (at 76) as `[1]`.
        (
            with(&ed, 76, 0xa1),
            "asn1: structure error: tags don't match (0 vs {class:2 tag:1 length:0 isCompound:true}) {optional:false explicit:false application:false private:false defaultValue:<nil> tag:0 stringType:0 timeType:0 set:false omitEmpty:false}  @73",
        ),
        // The signature's padding byte (at 87) above 7.
        (with(&ed, 87, 0x08), "asn1: syntax error: invalid padding bits in BIT STRING"),
        // The key algorithm OID's first byte (at 38) as the non-minimal 0x80.
        (with(&ed, 38, 0x80), "asn1: syntax error: integer is not minimally encoded"),
    ];
    for (input, want) in cases {
        assert_eq!(parse_certificate_request(&input).map(|_| ()), Err(want.to_owned()), "{input:02x?}");
    }
}

#[test]
fn keys_subjects_and_alternative_names_are_read_as_go_reads_them() {
    let ed = der(csrs::ED25519);
    // The key's OID (1.3.101.112, last byte at 40) made X448's (.111), unknown to Go: kept
    // unparsed; and X25519's (.110), known: its key is then parsed and still 32 bytes.
    assert!(parse_certificate_request(&with(&ed, 40, 0x6f)).is_ok());
    assert!(parse_certificate_request(&with(&ed, 40, 0x6e)).is_ok());
    // The subject's organization (a UTF8String at 19) as a PrintableString holds `-`, allowed;
    // as a NumericString it does not.
    assert!(parse_certificate_request(&with(&ed, 19, 0x13)).is_ok());
    assert_eq!(
        parse_certificate_request(&with(&ed, 19, 0x12)).map(|_| ()),
        Err("asn1: syntax error: NumericString contains invalid character".into())
    );
    // The RDN SET (at 10) as a SEQUENCE.
    assert_eq!(
        parse_certificate_request(&with(&ed, 10, 0x30)).map(|_| ()),
        Err("asn1: structure error: sequence tag mismatch".into())
    );

    let ec = der(csrs::P256_SERVING);
    // The DNS alternative name's tag (at 181) made an IP address's: 14 bytes.
    assert_eq!(
        parse_certificate_request(&with(&ec, 181, 0x87)).map(|_| ()),
        Err("x509: cannot parse IP address of length 14".into())
    );
    // The DNS name's first byte (at 183) outside ASCII.
    assert_eq!(
        parse_certificate_request(&with(&ec, 183, 0xe9)).map(|_| ()),
        Err("x509: SAN dNSName is malformed".into())
    );
    // The DNS name (14 bytes at 183) read as a URI: a relative reference Go takes; with a `:`
    // first, `url.Parse` finds no scheme.
    assert!(parse_certificate_request(&with(&ec, 181, 0x86)).is_ok());
    let uri = with(&with(&ec, 181, 0x86), 183, b':');
    let text = std::str::from_utf8(&uri[183..197]).unwrap();
    assert_eq!(
        parse_certificate_request(&uri).map(|_| ()),
        Err(format!("x509: cannot parse URI {text:?}: parse {text:?}: missing protocol scheme"))
    );
    // The uncompressed point's marker (at 86) made compressed: Go's key parser refuses it.
    assert_eq!(
        parse_certificate_request(&with(&ec, 86, 0x02)).map(|_| ()),
        Err("x509: failed to unmarshal elliptic curve point".into())
    );
}

#[test]
fn hostile_input_neither_panics_nor_loops() {
    // Every truncation of real requests, and every value of every byte of one, is answered.
    let ec = der(csrs::P256_SERVING);
    for n in 0..ec.len() {
        assert!(parse_certificate_request(&ec[..n]).is_err(), "{n} bytes");
    }
    let ed = der(csrs::ED25519);
    for n in 0..ed.len() {
        for b in 0..=u8::MAX {
            let _ = parse_certificate_request(&with(&ed, n, b));
        }
    }
    // A long run of indefinite-length headers, and a claimed length far past the input.
    let deep: Vec<u8> = std::iter::repeat_n([0x30, 0x80], 10_000).flatten().collect();
    assert!(parse_certificate_request(&deep).is_err());
    assert_eq!(
        parse_certificate_request(&[0x30, 0x83, 0x7f, 0xff, 0xff]).map(|_| ()),
        Err("asn1: syntax error: data truncated".into())
    );
    // A multi-byte tag number is read as Go reads it.
    assert_eq!(
        parse_certificate_request(&[0x1f, 0x05, 0x00]).map(|_| ()),
        Err("asn1: syntax error: non-minimal tag".into())
    );
}
