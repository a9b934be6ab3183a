//! The validity times and subject alternative names `certificate_fields` reads, against openssl's certificates and Go's time layouts.

use super::*;
use crate::test_support::certificates::{GENERALIZED, NAMES};

fn der(pem: &str) -> Vec<u8> {
    Pem::new(pem.as_bytes()).decode().unwrap().bytes
}

fn unix(y: i64, mo: u8, d: u8, h: u8, mi: u8, s: u8) -> i64 {
    kapi_machinery::types::Time::from_civil(y, mo, d, h, mi, s).unwrap().unix_seconds()
}

#[test]
fn names_key_and_times_of_a_certificate() {
    let der = der(NAMES);
    let f = certificate_fields(&der).unwrap();
    assert_eq!(f.dns_names, ["a..b", ".x.", "ok.example"]);
    assert_eq!(f.email_addresses, ["bad@@x", "good@example.com"]);
    assert_eq!(f.not_before, (unix(2026, 12, 1, 3, 56, 50), 0));
    assert_eq!(f.not_after, (unix(2026, 12, 2, 3, 56, 50), 0));
    assert!(matches!(pkix::parse_public_key(f.public_key), Ok(pkix::PublicKey::Ecdsa("P-256"))));
    // Reading further agrees with the structure.
    assert_eq!(parse_certificate(&der), Ok(Certificate { is_ca: true, basic_constraints_valid: true }));

    let der = self::der(GENERALIZED);
    let f = certificate_fields(&der).unwrap();
    assert!(f.dns_names.is_empty() && f.email_addresses.is_empty());
    assert_eq!(f.not_after, (unix(2050, 11, 30, 12, 0, 0), 0));
    // Any prefix of a certificate is refused, without a panic.
    for n in 0..der.len() {
        assert!(certificate_fields(&der[..n]).is_err(), "{n}");
    }
}

#[test]
fn times_as_go_reads_them() {
    let t = unix(2026, 11, 30, 12, 0, 0);
    assert_eq!(utc_time(b"261130120000Z"), Some((t, 0)));
    assert_eq!(utc_time(b"2611301200Z"), Some((t, 0)), "seconds may be left out");
    assert_eq!(utc_time(b"261130130000+0100"), Some((t, 0)));
    assert_eq!(utc_time(b"261130110000-0100"), Some((t, 0)));
    assert_eq!(utc_time(b"500101000000Z"), Some((unix(1950, 1, 1, 0, 0, 0), 0)));
    assert_eq!(utc_time(b"491231235959Z"), Some((unix(2049, 12, 31, 23, 59, 59), 0)));
    for bad in [&b"261130120000"[..], b"261130120060Z", b"261131120000Z", b"26113012000Z", b"261130120000z", b""] {
        assert_eq!(utc_time(bad), None, "{}", String::from_utf8_lossy(bad));
    }
    assert_eq!(generalized_time(b"20261130120000Z"), Some((t, 0)));
    assert_eq!(generalized_time(b"20261130120000.5Z"), Some((t, 500_000_000)));
    assert_eq!(generalized_time(b"20261130120000.123456789Z"), Some((t, 123_456_789)));
    for bad in [&b"20261130120000.50Z"[..], b"20261130120000.Z", b"20261130120000.1234567891Z", b"202611301200Z"] {
        assert_eq!(generalized_time(bad), None, "{}", String::from_utf8_lossy(bad));
    }
}

mod subject_alt_names {
    use super::*;
    use crate::test_support::certificates::{der as element, extension, names_with_extensions};

    const SAN: &[u8] = &[0x55, 0x1d, 0x11];
    const BASIC_CONSTRAINTS: &[u8] = &[0x55, 0x1d, 0x13];

    fn san(entries: &[Vec<u8>]) -> Vec<u8> {
        extension(SAN, &element(0x30, &entries.concat()))
    }

    /// The certificate's DER with these extensions, and what each reader says of it.
    fn verdicts(extensions: &[Vec<u8>]) -> [Result<(), String>; 3] {
        let pem = names_with_extensions(extensions);
        let der = der(&pem);
        [
            parse_certificate(&der).map(|_| ()),
            parse_certificates(&der).map(|_| ()),
            certificate_fields(&der).map(|_| ()),
        ]
    }

    fn refused(extensions: &[Vec<u8>], msg: &str) {
        for v in verdicts(extensions) {
            assert_eq!(v, Err(msg.to_owned()));
        }
    }

    #[test]
    fn the_rebuilt_certificate_reads_as_before() {
        let ok = san(&[element(0x82, b"ok.example"), element(0x87, &[10, 0, 0, 1]), element(0x87, &[0; 16])]);
        let ca = extension(BASIC_CONSTRAINTS, &element(0x30, &element(0x01, &[0xff])));
        for v in verdicts(&[ok.clone(), ca]) {
            assert_eq!(v, Ok(()));
        }
        let f = der(&names_with_extensions(&[ok]));
        assert_eq!(certificate_fields(&f).unwrap().dns_names, ["ok.example"]);
        assert_eq!(parse_certificate(&f), Ok(Certificate::default()));
    }

    #[test]
    fn entries_go_refuses() {
        // Go's `parseSANExtension`: an IP address of 4 or 16 bytes, IA5 strings.
        refused(&[san(&[element(0x87, &[10, 0, 0, 1, 2])])], "x509: cannot parse IP address of length 5");
        refused(&[san(&[element(0x87, &[])])], "x509: cannot parse IP address of length 0");
        refused(
            &[san(&[element(0x86, "https://é.example".as_bytes())])],
            "x509: SAN uniformResourceIdentifier is malformed",
        );
        refused(&[san(&[element(0x82, &[0xff])])], "x509: SAN dNSName is malformed");
        refused(&[san(&[element(0x81, "é@x".as_bytes())])], "x509: SAN rfc822Name is malformed");
        // `forEachSAN`: a SEQUENCE of whole elements.
        refused(&[extension(SAN, &element(0x31, &[]))], "x509: invalid subject alternative names");
        refused(&[extension(SAN, &element(0x30, &[0x82, 0x05, b'a']))], "x509: invalid subject alternative name");
        // A URI is read by `url.Parse`, its host (with any port) as a domain of non-empty labels.
        for (uri, msg) in [
            ("http://a:1:2/", "parse \"http://a:1:2/\": invalid port \":1:2\" after host"),
            ("https://[1.2.3.4]/", "parse \"https://[1.2.3.4]/\": invalid IP-literal"),
            ("%zz", "parse \"%zz\": invalid URL escape \"%zz\""),
            ("https://a..b/", "invalid domain"),
            ("https://a.example./", "invalid domain"),
            ("https://%C3%A9.example/", "invalid domain"),
            ("x://[fe80::1%25a%20b]/", "invalid domain"),
        ] {
            refused(&[san(&[element(0x86, uri.as_bytes())])], &format!("x509: cannot parse URI {uri:?}: {msg}"));
        }
        for uri in
            ["spiffe://cluster.local/ns/a/sa/b", "urn:x:y", "/relative", "https://[::1]:8443/", "", "https://h:/"]
        {
            for v in verdicts(&[san(&[element(0x86, uri.as_bytes())])]) {
                assert_eq!(v, Ok(()), "{uri}");
            }
        }
        // Other name types are not looked into, an other name's contents included.
        for v in verdicts(&[san(&[element(0xa0, &[0xff]), element(0x88, &[0xff])])]) {
            assert_eq!(v, Ok(()));
        }
    }

    #[test]
    fn extensions_are_processed_in_their_order() {
        let bad_san = san(&[element(0x87, &[1, 2, 3])]);
        let bad_basic = extension(BASIC_CONSTRAINTS, &element(0x31, &[]));
        refused(&[bad_san.clone(), bad_basic.clone()], "x509: cannot parse IP address of length 3");
        refused(&[bad_basic, bad_san], "x509: invalid basic constraints");
    }
}

#[test]
fn validity_times_are_read_by_every_reader() {
    use crate::test_support::certificates::{der as element, names_with_validity};
    let good = [element(0x17, b"261201035650Z"), element(0x18, b"20261202035650Z")].concat();
    let f = der(&names_with_validity(&good));
    assert!(parse_certificate(&f).is_ok());
    assert_eq!(certificate_fields(&f).unwrap().not_after, (unix(2026, 12, 2, 3, 56, 50), 0));
    let cases = [
        ([element(0x17, b"261301035650Z"), element(0x17, b"261202035650Z")].concat(), "x509: malformed UTCTime"),
        (
            [element(0x17, b"261201035650Z"), element(0x18, b"20261202035650.50Z")].concat(),
            "x509: malformed GeneralizedTime",
        ),
        ([element(0x17, b"261201035650Z"), element(0x13, b"x")].concat(), "x509: unsupported time format"),
        (element(0x17, b"261201035650Z"), "x509: unsupported time format"),
    ];
    for (validity, msg) in cases {
        let f = der(&names_with_validity(&validity));
        assert_eq!(parse_certificate(&f), Err(msg.to_owned()));
        assert_eq!(parse_certificates(&f), Err(msg.to_owned()));
        assert_eq!(certificate_fields(&f).map(|_| ()), Err(msg.to_owned()));
    }
}

#[test]
fn keys_as_parse_certificate_parses_them() {
    use crate::test_support::certificates::{der as element, names_with_key};
    let spki = |oid: &[u8], params: &[u8], key: &[u8]| {
        let alg = element(0x30, &[element(0x06, oid), params.to_vec()].concat());
        element(0x30, &[alg, element(0x03, &[&[0][..], key].concat())].concat())
    };
    let p256 = element(0x06, &[0x2a, 0x86, 0x48, 0xce, 0x3d, 0x03, 0x01, 0x07]);
    let rsa_key = element(0x30, &[element(0x02, &[0x00, 0xc1]), element(0x02, &[0x01, 0x00, 0x01])].concat());
    let mut off_curve = vec![0x04];
    off_curve.extend([1u8; 64]);
    let cases = [
        (spki(pkix::OID_RSA, &[], &rsa_key), Err("x509: RSA key missing NULL parameters")),
        (
            spki(pkix::OID_RSA, &[0x05, 0x00], &element(0x30, &element(0x02, &[1]))),
            Err("x509: invalid RSA public exponent"),
        ),
        (
            spki(pkix::OID_EC, &element(0x06, &[0x2b, 0x81, 0x04, 0x00, 0x0a]), &off_curve),
            Err("x509: unsupported elliptic curve"),
        ),
        (spki(pkix::OID_EC, &p256, &off_curve), Err("x509: failed to unmarshal elliptic curve point")),
        (spki(pkix::OID_ED25519, &[], &[0; 31]), Err("x509: wrong Ed25519 public key size")),
        // Go reads an RSA key's SEQUENCE and two integers, nothing after them.
        (spki(pkix::OID_RSA, &[0x05, 0x00], &[rsa_key.clone(), vec![0x05, 0x00]].concat()), Ok(())),
        // X25519 and unknown algorithms are not keys `parseCertificate` parses.
        (spki(pkix::OID_X25519, &[0x05, 0x00], &[0; 3]), Ok(())),
        (spki(&[0x2a, 0x03], &[0x05, 0x00], &[0xff]), Ok(())),
    ];
    for (spki, want) in cases {
        let cert = der(&names_with_key(&spki));
        let want = want.map_err(str::to_owned);
        assert_eq!(parse_certificate(&cert).map(drop), want);
        assert_eq!(parse_certificates(&cert).map(drop), want);
        assert_eq!(certificate_fields(&cert).map(drop), want);
    }
}
