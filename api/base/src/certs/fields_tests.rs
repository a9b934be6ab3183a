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
