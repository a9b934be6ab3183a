//! Signatures of requests `openssl req` made, and the same requests with their signature or algorithm changed, checked as Go's `CheckSignature` checks them.

use super::*;
use kapi_api_base::certs::pkcs10::parse_certificate_request;
use kapi_api_base::test_support::csrs::{self, der};

/// The signature check of a request's DER, after `edit` changes it.
fn checked(pem: &str, edit: impl FnOnce(&mut Vec<u8>)) -> Result<(), String> {
    let mut der = der(pem);
    edit(&mut der);
    check_signature(&parse_certificate_request(&der).expect("the edited request still parses"))
}

/// Where `needle` starts in `der`, searched from the end.
fn last(der: &[u8], needle: &[u8]) -> usize {
    der.windows(needle.len()).rposition(|w| w == needle).expect("the request holds it")
}

#[test]
fn requests_signed_by_their_key_verify() {
    for pem in [csrs::ED25519, csrs::P256_SERVING, csrs::RSA2048] {
        assert_eq!(checked(pem, |_| {}), Ok(()), "{pem}");
    }
}

#[test]
fn a_changed_signature_fails_with_gos_message() {
    let flip_last = |d: &mut Vec<u8>| *d.last_mut().unwrap() ^= 1;
    assert_eq!(checked(csrs::ED25519, flip_last), Err("x509: Ed25519 verification failure".into()));
    assert_eq!(checked(csrs::RSA2048, flip_last), Err("crypto/rsa: verification error".into()));
    // The last byte of an ECDSA signature is its `s`'s; any change fails to verify.
    assert_eq!(checked(csrs::P256_SERVING, flip_last), Err("x509: ECDSA verification failure".into()));
    // ... and so does the signed subject.
    assert_eq!(
        checked(csrs::ED25519, |d| d[31] ^= 1),
        Err("x509: Ed25519 verification failure".into()),
        "the organization's last byte"
    );
}

#[test]
fn algorithms_go_refuses_before_verifying() {
    const SHA256_RSA: &[u8] = &[0x2a, 0x86, 0x48, 0x86, 0xf7, 0x0d, 0x01, 0x01, 0x0b];
    let with_algorithm = |oid: &'static [u8]| {
        move |d: &mut Vec<u8>| {
            let at = last(d, SHA256_RSA);
            d[at..at + oid.len()].copy_from_slice(oid);
        }
    };
    let md5 = &[0x2a, 0x86, 0x48, 0x86, 0xf7, 0x0d, 0x01, 0x01, 0x04];
    assert_eq!(
        checked(csrs::RSA2048, with_algorithm(md5)),
        Err("x509: cannot verify signature: insecure algorithm MD5-RSA".into())
    );
    let md2 = &[0x2a, 0x86, 0x48, 0x86, 0xf7, 0x0d, 0x01, 0x01, 0x02];
    assert_eq!(checked(csrs::RSA2048, with_algorithm(md2)), Err(UNSUPPORTED.into()));
    let unknown = &[0x2a, 0x86, 0x48, 0x86, 0xf7, 0x0d, 0x01, 0x01, 0x7f];
    assert_eq!(checked(csrs::RSA2048, with_algorithm(unknown)), Err(UNSUPPORTED.into()));
    let dsa_sha256 = &[0x60, 0x86, 0x48, 0x01, 0x65, 0x03, 0x04, 0x03, 0x02];
    assert_eq!(
        checked(csrs::RSA2048, with_algorithm(dsa_sha256)),
        Err("x509: signature algorithm specifies an DSA public key, but have public key of type *rsa.PublicKey".into())
    );
    // SHA-1 is allowed for requests; this signature was made with SHA-256, so it fails to verify.
    let sha1 = &[0x2a, 0x86, 0x48, 0x86, 0xf7, 0x0d, 0x01, 0x01, 0x05];
    assert_eq!(checked(csrs::RSA2048, with_algorithm(sha1)), Err("crypto/rsa: verification error".into()));
    // RSA-PSS is Go's to verify, not ring's here: accepted unverified.
    let pss = &[0x2a, 0x86, 0x48, 0x86, 0xf7, 0x0d, 0x01, 0x01, 0x0a];
    assert_eq!(checked(csrs::RSA2048, with_algorithm(pss)), Ok(()));
    // ECDSA with SHA-384 on this P-256 key is verified, and fails; with SHA-512 ring has no
    // verifier and the request is accepted.
    let ecdsa_sha = |last_byte: u8| {
        move |d: &mut Vec<u8>| {
            let at = last(d, &[0x2a, 0x86, 0x48, 0xce, 0x3d, 0x04, 0x03, 0x02]);
            d[at + 7] = last_byte;
        }
    };
    assert_eq!(checked(csrs::P256_SERVING, ecdsa_sha(3)), Err("x509: ECDSA verification failure".into()));
    assert_eq!(checked(csrs::P256_SERVING, ecdsa_sha(4)), Ok(()));
}

#[test]
fn right_align_drops_the_padding_bits() {
    assert_eq!(right_align(&[0, 0xab, 0xcd]), [0xab, 0xcd]);
    // Four padding bits: 0xabc0 holds the twelve bits 0xabc.
    assert_eq!(right_align(&[4, 0xab, 0xc0]), [0x0a, 0xbc]);
    assert!(right_align(&[]).is_empty());
}

#[test]
fn changed_requests_that_still_parse_are_answered() {
    for pem in [csrs::ED25519, csrs::P256_SERVING, csrs::RSA2048] {
        let der = der(pem);
        let original = parse_certificate_request(&der).unwrap();
        for n in 0..der.len() {
            for b in [0x00, 0x01, 0x30, 0x7f, 0x80, 0xff] {
                let mut changed = der.clone();
                changed[n] = b;
                let Ok(csr) = parse_certificate_request(&changed) else { continue };
                // What is signed and the signature must be as made for the request to verify
                // (an RSA algorithm's parameters, say, may change: Go ignores them too).
                if check_signature(&csr).is_ok() {
                    assert_eq!(
                        (csr.tbs, csr.signature),
                        (original.tbs, original.signature),
                        "{pem}: byte {n}={b:#04x}"
                    );
                }
            }
        }
    }
}
