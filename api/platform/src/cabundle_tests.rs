//! The CA bundle check against Go's verdicts and messages: PEM blocks found, skipped and broken, certificate structure faults, and hostile bundles.

use super::*;

/// Go's test certificate, as upstream's CustomResourceDefinition cases use it.
pub(crate) const EXAMPLE_CERT: &[u8] = b"-----BEGIN CERTIFICATE-----
MIIDADCCAeigAwIBAgIQVHG3Fn9SdWayyLOZKCW1vzANBgkqhkiG9w0BAQsFADAS
MRAwDgYDVQQKEwdBY21lIENvMCAXDTcwMDEwMTAwMDAwMFoYDzIwODQwMTI5MTYw
MDAwWjASMRAwDgYDVQQKEwdBY21lIENvMIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8A
MIIBCgKCAQEArTCu9fiIclNgDdWHphewM+JW55dCb5yYGlJgCBvwbOx547M9p+tn
zm9QOhsdZDHDZsG9tqnWxE2Nc1HpIJyOlfYsOoonpEoG/Ep6nnK91ngj0bn/JlNy
+i/bwU4r97MOukvnOIQez9/D9jAJaOX2+b8/d4lRz9BsqiwJyg+ynZ5tVVYj7aMi
vXnd6HOnJmtqutOtr3beucJnkd6XbwRkLUcAYATT+ZihOWRbTuKqhCg6zGkJOoUG
f8sX61JjoilxiURA//ftGVbdTCU3DrmGmardp5NNOHbumMYU8Vhmqgx1Bqxb+9he
7G42uW5YWYK/GqJzgVPjjlB2dOGj9KrEWQIDAQABo1AwTjAOBgNVHQ8BAf8EBAMC
AqQwEwYDVR0lBAwwCgYIKwYBBQUHAwEwDwYDVR0TAQH/BAUwAwEB/zAWBgNVHREE
DzANggtleGFtcGxlLmNvbTANBgkqhkiG9w0BAQsFAAOCAQEAig4AIi9xWs1+pLES
eeGGdSDoclplFpcbXANnsYYFyLf+8pcWgVi2bOmb2gXMbHFkB07MA82wRJAUTaA+
2iNXVQMhPCoA7J6ADUbww9doJX2S9HGyArhiV/MhHtE8txzMn2EKNLdhhk3N9rmV
x/qRbWAY1U2z4BpdrAR87Fe81Nlj7h45csW9K+eS+NgXipiNTIfEShKgCFM8EdxL
1WXg7r9AvYV3TNDPWTjLsm1rQzzZQ7Uvcf6deWiNodZd8MOT/BFLclDPTK6cF2Hr
UU4dq6G4kCwMSxWE4cM3HlZ4u1dyIt47VbkP0rtvkBCXx36y+NXYA5lzntchNFZP
uvEQdw==
-----END CERTIFICATE-----";

fn verdict(bundle: &[u8]) -> Result<(), String> {
    load_root_certificates(bundle)
}

fn der() -> Vec<u8> {
    let mut p = Pem::new(EXAMPLE_CERT);
    p.decode().expect("the example is a PEM block").bytes
}

fn pem(kind: &str, der: &[u8]) -> Vec<u8> {
    let mut b64 = Vec::new();
    kapi_machinery::base64::encode_into(der, &mut b64);
    let mut out = format!("-----BEGIN {kind}-----\n").into_bytes();
    for chunk in b64.chunks(64) {
        out.extend_from_slice(chunk);
        out.push(b'\n');
    }
    out.extend_from_slice(format!("-----END {kind}-----\n").as_bytes());
    out
}

fn cert_error(der: &[u8]) -> String {
    verdict(&pem("CERTIFICATE", der)).expect_err("refused")
}

#[test]
fn a_certificate_is_valid_data() {
    assert_eq!(verdict(EXAMPLE_CERT), Ok(()));
    assert_eq!(verdict(&pem("CERTIFICATE", &der())), Ok(()));
    // Text around and between blocks is skipped, as is a block that is not a certificate.
    let mut mixed = b"# the cluster's CA\n".to_vec();
    mixed.extend_from_slice(&pem("PRIVATE KEY", b"\x30\x00"));
    mixed.extend_from_slice(EXAMPLE_CERT);
    mixed.extend_from_slice(b"\ntrailing words");
    assert_eq!(verdict(&mixed), Ok(()));
    // CRLF line ends and indentation with tabs and spaces.
    let crlf: Vec<u8> = String::from_utf8(pem("CERTIFICATE", &der())).unwrap().replace('\n', "\r\n").into_bytes();
    assert_eq!(verdict(&crlf), Ok(()));
    // A broken block before a good one: Go's decoder moves on to the next `BEGIN`.
    let mut broken = b"-----BEGIN CERTIFICATE-----\n!!!!\n-----END CERTIFICATE-----\n".to_vec();
    broken.extend_from_slice(EXAMPLE_CERT);
    assert_eq!(verdict(&broken), Ok(()));
    // Nothing is nothing to load (the system's roots).
    assert_eq!(verdict(b""), Ok(()));
}

#[test]
fn bundles_without_a_certificate_get_gos_reasons() {
    assert_eq!(verdict(b"Cg==").unwrap_err(), "unable to parse bytes as PEM block");
    assert_eq!(verdict(b"\n").unwrap_err(), "unable to parse bytes as PEM block");
    // A block of another type, then nothing.
    assert_eq!(verdict(&pem("PRIVATE KEY", b"\x30\x00")).unwrap_err(), "no valid certificate authority data seen");
    // ... then a newline, which no block explains.
    let mut more = pem("PRIVATE KEY", b"\x30\x00");
    more.push(b'\n');
    assert_eq!(verdict(&more).unwrap_err(), "unable to parse bytes as PEM block");
    // A certificate with headers is not taken.
    let headed =
        String::from_utf8(EXAMPLE_CERT.to_vec()).unwrap().replacen("-----\n", "-----\nProc-Type: 4,ENCRYPTED\n\n", 1);
    assert_eq!(verdict(headed.as_bytes()).unwrap_err(), "no valid certificate authority data seen");
    // The type must be repeated at the end, and the end line must end there.
    assert_eq!(
        verdict(b"-----BEGIN CERTIFICATE-----\nMAA=\n-----END CERT-----\n").unwrap_err(),
        "unable to parse bytes as PEM block"
    );
    assert_eq!(
        verdict(b"-----BEGIN CERTIFICATE-----\nMAA=\n-----END CERTIFICATE----- x\n").unwrap_err(),
        "unable to parse bytes as PEM block"
    );
}

#[test]
fn certificate_structure_faults_are_named_as_go_names_them() {
    let good = der();
    assert_eq!(cert_error(b""), "failed to parse certificate: x509: malformed certificate");
    assert_eq!(cert_error(b"\x31\x00"), "failed to parse certificate: x509: malformed certificate");
    assert_eq!(cert_error(b"\x30\x00"), "failed to parse certificate: x509: malformed tbs certificate");
    // Fifty `0x30` bytes: a whole SEQUENCE, whose first element's length runs past its end.
    assert_eq!(cert_error(&[0x30; 50]), "failed to parse certificate: x509: malformed tbs certificate");
    let mut trailing = good.clone();
    trailing.push(0);
    assert_eq!(cert_error(&trailing), "failed to parse certificate: x509: trailing data");
    // The outer signature algorithm differs from the inner one (sha256WithRSA → sha384WithRSA
    // in the outer identifier only).
    let mut outer = good.clone();
    let oid = [0x2a, 0x86, 0x48, 0x86, 0xf7, 0x0d, 0x01, 0x01, 0x0b];
    let last = good.windows(oid.len()).rposition(|w| w == oid).expect("the outer identifier");
    outer[last + oid.len() - 1] = 0x0c;
    assert_eq!(
        cert_error(&outer),
        "failed to parse certificate: x509: inner and outer signature algorithm identifiers don't match"
    );
    // The version `[0] INTEGER 2` made 3.
    let mut version = good.clone();
    let at = good.windows(5).position(|w| w == [0xa0, 0x03, 0x02, 0x01, 0x02]).expect("the version");
    version[at + 4] = 3;
    assert_eq!(cert_error(&version), "failed to parse certificate: x509: invalid version");
    // A negative serial number (its first byte's sign bit set).
    let mut serial = good.clone();
    serial[at + 7] = 0xd4;
    assert_eq!(cert_error(&serial), "failed to parse certificate: x509: negative serial number");
}

#[test]
fn the_error_names_the_field_and_shows_the_bundle() {
    let errs = validate_ca_bundle(&Path::new("caBundle"), b"Cg==");
    assert_eq!(
        errs.iter().map(ToString::to_string).collect::<Vec<_>>(),
        ["caBundle: Invalid value: \"Q2c9PQ==\": unable to load root certificates: unable to parse bytes as PEM block"]
    );
    assert!(validate_ca_bundle(&Path::new("caBundle"), EXAMPLE_CERT).is_empty());
}

/// Go searches afresh from every `BEGIN`; these bundles would take it time quadratic in their
/// size. Here they finish in one pass each (no timing asserted: the verdicts are).
#[test]
fn hostile_bundles_are_read_in_one_pass() {
    let mut begins = b"-----BEGIN CERTIFICATE-----\n".repeat(40_000);
    begins.extend_from_slice(b"-----END CERTIFICATE-----\n");
    // Only the last `BEGIN` makes a block (empty: the others' bodies hold `BEGIN` lines).
    assert_eq!(verdict(&begins).unwrap_err(), "failed to parse certificate: x509: malformed certificate");
    let mut long_end = b"-----BEGIN A-----\n".repeat(40_000);
    long_end.extend_from_slice(b"-----END A-----");
    long_end.extend(std::iter::repeat_n(b' ', 500_000));
    long_end.push(b'x');
    assert_eq!(verdict(&long_end).unwrap_err(), "unable to parse bytes as PEM block");
    let headers = b"-----BEGIN CERTIFICATE-----\nA: b\n".repeat(40_000);
    assert_eq!(verdict(&headers).unwrap_err(), "unable to parse bytes as PEM block");
}
