//! Attribute values in a certificate's names, refused as Go 1.26's `parseName` and `parseASN1String` refuse them.

use super::*;
use crate::certs::{Pem, parse_certificate};
use crate::test_support::certificates::{der, names_with_subject};

/// A name of one RDN holding one attribute (commonName) with this tag and contents.
fn name(tag: u8, value: &[u8]) -> Vec<u8> {
    let atv = der(0x30, &[der(0x06, &[0x55, 0x04, 0x03]), der(tag, value)].concat());
    der(0x30, &der(0x31, &atv))
}

fn verdict(subject: &[u8]) -> Result<(), String> {
    let pem = names_with_subject(subject);
    let cert = Pem::new(pem.as_bytes()).decode().unwrap().bytes;
    let direct = parse_name(subject);
    let whole = parse_certificate(&cert).map(|_| ());
    assert_eq!(direct, whole, "the certificate reports the name's fault");
    whole
}

#[test]
fn string_values_go_accepts() {
    for (tag, value) in [
        (0x13, &b"Example *.x & 'co' (1)+,-./:=?"[..]),
        (0x0c, "é".as_bytes()),
        (0x14, &[0xff, 0x00][..]),
        (0x16, b"a@b"),
        (0x12, b"0 1"),
        (0x1e, &[0x00, 0x41, 0x00, 0x00][..]),
        (0x1e, &[][..]),
    ] {
        assert_eq!(verdict(&name(tag, value)), Ok(()), "{tag:#x}");
    }
    assert_eq!(verdict(&der(0x30, &[])), Ok(()), "an empty name");
}

#[test]
fn values_go_refuses() {
    let cases = [
        (name(0x13, b"a_b"), "invalid PrintableString"),
        (name(0x13, b"a@b"), "invalid PrintableString"),
        (name(0x0c, &[0xc3]), "invalid UTF-8 string"),
        (name(0x1e, &[0x00]), "invalid BMPString"),
        (name(0x1e, &[0xd8, 0x00]), "invalid BMPString"),
        (name(0x1e, &[0xff, 0xfe]), "invalid BMPString"),
        (name(0x1e, &[0xfd, 0xd0, 0x00, 0x00]), "invalid BMPString"),
        (name(0x16, &[0x80]), "invalid IA5String"),
        (name(0x12, b"1a"), "invalid NumericString"),
        (name(0x02, &[0x01]), "unsupported string type: 2"),
        (name(0x03, &[0x00]), "unsupported string type: 3"),
        (name(0x30, &[]), "unsupported string type: 48"),
        (name(0x80, &[]), "unsupported string type: 128"),
    ];
    for (subject, msg) in cases {
        assert_eq!(verdict(&subject), Err(format!("x509: invalid RDNSequence: invalid attribute value: {msg}")));
    }
    // The shape's faults keep their shorter texts.
    let atv = |v: Vec<u8>| der(0x30, &der(0x31, &der(0x30, &v)));
    assert_eq!(
        verdict(&atv(der(0x06, &[0x55, 0x04, 0x03]))),
        Err("x509: invalid RDNSequence: invalid attribute value".into())
    );
    assert_eq!(verdict(&atv(der(0x04, b"x"))), Err("x509: invalid RDNSequence: invalid attribute type".into()));
    assert_eq!(verdict(&der(0x30, &der(0x30, &[]))), Err("x509: invalid RDNSequence".into()));
}

#[test]
fn byte_flips_and_truncations_do_not_panic() {
    let subject = name(0x1e, &[0x00, 0x41, 0x00, 0x42]);
    for i in 0..subject.len() {
        let _ = parse_name(&subject[..i]);
        for flip in [0x00, 0x80, 0xff, 0x1e, 0x13] {
            let mut s = subject.clone();
            s[i] = flip;
            let _ = parse_name(&s);
        }
    }
}
