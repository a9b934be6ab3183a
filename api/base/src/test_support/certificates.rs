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
