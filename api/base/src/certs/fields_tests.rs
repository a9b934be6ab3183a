//! The validity times and subject alternative names `certificate_fields` reads, against openssl's certificates and Go's time layouts.

use super::*;

/// `openssl req -x509 -days 1 -addext subjectAltName=DNS:a..b,DNS:.x.,DNS:ok.example,email:bad@@x,email:good@example.com`.
const NAMES: &str = "-----BEGIN CERTIFICATE-----
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
const GENERALIZED: &str = "-----BEGIN CERTIFICATE-----
MIIBCjCBsAIBAzAKBggqhkjOPQQDAjAQMQ4wDAYDVQQDDAVwb2QtMTAgFw0yNjEx
MzAxMjAwMDBaGA8yMDUwMTEzMDEyMDAwMFowEDEOMAwGA1UEAwwFcG9kLTEwWTAT
BgcqhkjOPQIBBggqhkjOPQMBBwNCAAS5t20Y3Dw4PDwjz+Oanwtb+KDhMc3hw2Bc
0VTHCZqGAtaHirOSFHuxF5XFIy4/U2UdKGkEkf+xeAc91yhuLi6+MAoGCCqGSM49
BAMCA0kAMEYCIQDc18wC4xtLpqyc4HEtm7/K+O0o43bQA7Vmbi5qUSmerQIhALBK
c0U7NidIfRLB/bd9aZpQwgAtdSnJ7zqVNu+ex1BE
-----END CERTIFICATE-----
";

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
