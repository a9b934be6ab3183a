//! Each extension Go's `processExtensions` parses, refused in a certificate with Go 1.26's text, and what it lets pass.

use super::*;
use crate::certs::{Pem, certificate_fields, parse_certificate, parse_certificates};
use crate::test_support::certificates::{der, extension, names_with_extensions};

fn ce(n: u8) -> [u8; 3] {
    [0x55, 0x1d, n]
}

fn critical(oid: &[u8], value: &[u8]) -> Vec<u8> {
    der(0x30, &[der(0x06, oid), der(0x01, &[0xff]), der(0x04, value)].concat())
}

fn verdicts(extensions: &[Vec<u8>]) -> [Result<(), String>; 3] {
    let pem = names_with_extensions(extensions);
    let cert = Pem::new(pem.as_bytes()).decode().unwrap().bytes;
    [parse_certificate(&cert).map(|_| ()), parse_certificates(&cert).map(|_| ()), certificate_fields(&cert).map(|_| ())]
}

fn refused(extensions: &[Vec<u8>], msg: &str) {
    for v in verdicts(extensions) {
        assert_eq!(v, Err(msg.to_owned()));
    }
}

fn accepted(extensions: &[Vec<u8>]) {
    for v in verdicts(extensions) {
        assert_eq!(v, Ok(()));
    }
}

#[test]
fn malformed_values_with_their_texts() {
    let seq = |parts: &[Vec<u8>]| der(0x30, &parts.concat());
    let oid = |b: &[u8]| der(0x06, b);
    let cases: Vec<(Vec<u8>, &str)> = vec![
        (extension(&ce(15), &der(0x03, &[0x08, 0x80])), "x509: invalid key usage"),
        (extension(&ce(15), &der(0x04, &[0x00])), "x509: invalid key usage"),
        (extension(&ce(19), &seq(&[der(0x02, &[0xff])])), "x509: invalid basic constraints"),
        (extension(&ce(19), &seq(&[der(0x02, &[0x00, 0x80, 0, 0, 0, 0, 0, 0, 0])])), "x509: invalid basic constraints"),
        (extension(&ce(30), &seq(&[])), "x509: empty name constraints extension"),
        (extension(&ce(31), &der(0x31, &[])), "x509: invalid CRL distribution points"),
        (extension(&ce(31), &seq(&[der(0x31, &[])])), "x509: invalid CRL distribution point"),
        (extension(&ce(31), &seq(&[seq(&[der(0xa0, &der(0xa1, &[]))])])), "x509: invalid CRL distribution point"),
        (
            extension(&ce(31), &seq(&[seq(&[der(0xa0, &der(0xa0, &[0x86, 0x05]))])])),
            "x509: invalid CRL distribution point",
        ),
        (extension(&ce(35), &der(0x04, &[])), "x509: invalid authority key identifier"),
        (extension(&ce(35), &seq(&[vec![0x80, 0x05]])), "x509: invalid authority key identifier"),
        (critical(&ce(35), &seq(&[])), "x509: authority key identifier incorrectly marked critical"),
        (extension(&ce(14), &der(0x03, &[0x00])), "x509: invalid subject key identifier"),
        (critical(&ce(14), &der(0x04, &[1])), "x509: subject key identifier incorrectly marked critical"),
        (extension(&ce(36), &der(0x02, &[1])), "x509: invalid policy constraints extension"),
        (extension(&ce(36), &seq(&[der(0x80, &[0, 1])])), "x509: invalid policy constraints extension"),
        (extension(&ce(36), &seq(&[der(0x81, &[1; 9])])), "x509: invalid policy constraints extension"),
        (extension(&ce(37), &seq(&[der(0x06, &[0x80, 0x01])])), "x509: invalid extended key usages"),
        (extension(&ce(37), &seq(&[der(0x04, &[])])), "x509: invalid extended key usages"),
        (extension(&ce(32), &seq(&[seq(&[oid(&[0x2a])]), seq(&[oid(&[0x2a])])])), "x509: invalid certificate policies"),
        (extension(&ce(32), &seq(&[seq(&[oid(&[0x2a, 0x80])])])), "x509: invalid certificate policies"),
        (extension(&ce(32), &seq(&[seq(&[der(0x02, &[1])])])), "x509: invalid certificate policies"),
        (extension(&ce(33), &seq(&[seq(&[oid(&[0x2a])])])), "x509: invalid policy mappings extension"),
        (extension(&ce(54), &der(0x02, &[0x00, 0x01])), "x509: invalid inhibit any policy extension"),
        (extension(&ce(54), &der(0x02, &[1; 9])), "x509: invalid inhibit any policy extension"),
        (extension(OID_AUTHORITY_INFO_ACCESS, &seq(&[seq(&[der(0x02, &[1])])])), "x509: invalid authority info access"),
        (
            extension(OID_AUTHORITY_INFO_ACCESS, &seq(&[seq(&[oid(&[0x2b]), vec![0x86, 0x09]])])),
            "x509: invalid authority info access",
        ),
        (critical(OID_AUTHORITY_INFO_ACCESS, &seq(&[])), "x509: authority info access incorrectly marked critical"),
    ];
    for (ext, msg) in cases {
        refused(&[ext], msg);
    }
}

#[test]
fn well_formed_values_and_unknown_critical_extensions_pass() {
    let seq = |parts: &[Vec<u8>]| der(0x30, &parts.concat());
    let oid = |b: &[u8]| der(0x06, b);
    accepted(&[
        critical(&ce(15), &der(0x03, &[0x05, 0xa0])),
        critical(&ce(19), &seq(&[der(0x01, &[0xff]), der(0x02, &[0x7f, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff])])),
        extension(&ce(14), &der(0x04, &[1, 2, 3])),
        extension(&ce(35), &seq(&[der(0x80, &[1, 2]), der(0xa1, &[])])),
        extension(
            &ce(31),
            &seq(&[
                seq(&[der(0xa0, &der(0xa0, &[der(0x86, b"http://x/crl"), der(0x82, &[0xff])].concat()))]),
                seq(&[]),
            ]),
        ),
        extension(
            &ce(32),
            &seq(&[seq(&[oid(&[0x2a, 0xff, 0xff, 0xff, 0xff, 0xff, 0x7f])]), seq(&[oid(&[0x55, 0x1d, 0x20, 0x00])])]),
        ),
        extension(&ce(33), &seq(&[seq(&[oid(&[0x80]), oid(&[])])])),
        extension(&ce(36), &seq(&[der(0x80, &[0]), der(0x81, &[0x80])])),
        extension(&ce(37), &seq(&[oid(&[0x2b, 0x06, 0x01, 0x05, 0x05, 0x07, 0x03, 0x01]), oid(&[0x2a, 0x03])])),
        extension(&ce(54), &[der(0x02, &[0xff]), vec![0x05]].concat()),
        extension(
            OID_AUTHORITY_INFO_ACCESS,
            &seq(&[seq(&[oid(&[0x2b]), der(0x86, b"http://x")]), seq(&[oid(&[0x2b]), der(0x82, &[0xff])])]),
        ),
        // An unknown critical extension is left to verification (`UnhandledCriticalExtensions`).
        critical(&[0x2a, 0x03, 0x04], &[0xff]),
        critical(&ce(99), &[]),
    ]);
}

#[test]
fn duplicates_are_named_by_their_dotted_oid() {
    let ku = extension(&ce(15), &der(0x03, &[0x07, 0x80]));
    refused(&[ku.clone(), ku], "x509: certificate contains duplicate extension with OID \"2.5.29.15\"");
    let private = extension(&[0x2b, 0x06, 0x01, 0x04, 0x01, 0x82, 0x37, 0x15, 0x14], &[]);
    refused(
        &[private.clone(), private],
        "x509: certificate contains duplicate extension with OID \"1.3.6.1.4.1.311.21.20\"",
    );
    assert_eq!(dotted(&[0x88, 0x37, 0x03]), "2.999.3");
    assert_eq!(dotted(&[0x00]), "0.0");
}

#[test]
fn extensions_are_processed_in_their_order() {
    let bad_ku = extension(&ce(15), &[]);
    let bad_eku = extension(&ce(37), &[]);
    refused(&[bad_ku.clone(), bad_eku.clone()], "x509: invalid key usage");
    refused(&[bad_eku, bad_ku], "x509: invalid extended key usages");
}

#[test]
fn byte_flips_in_every_extension_do_not_panic() {
    let seq = |parts: &[Vec<u8>]| der(0x30, &parts.concat());
    let list = [
        extension(&ce(17), &seq(&[der(0x86, b"https://[::1]:1/a?b#c"), der(0x87, &[1, 2, 3, 4])])),
        extension(&ce(30), &seq(&[der(0xa0, &seq(&[der(0x81, b"a@b")]))])),
        extension(&ce(31), &seq(&[seq(&[der(0xa0, &der(0xa0, &der(0x86, b"x")))])])),
        extension(&ce(32), &seq(&[seq(&[der(0x06, &[0x2a])])])),
        extension(OID_AUTHORITY_INFO_ACCESS, &seq(&[seq(&[der(0x06, &[0x2b]), der(0x86, b"y")])])),
    ]
    .concat();
    let wrapped = der(0x30, &list);
    assert!(extensions(&wrapped).is_ok());
    for i in 0..wrapped.len() {
        let _ = extensions(&wrapped[..i]);
        for flip in [0x00, 0x30, 0x80, 0x86, 0xa0, 0xff, b':', b'['] {
            let mut w = wrapped.clone();
            w[i] = flip;
            let _ = extensions(&w);
        }
    }
}
