//! Signatures of requests `openssl req` made, and the same requests with their signature or algorithm changed, checked as Go's `CheckSignature` checks them.

use super::*;
use kapi_api_base::certs::pkcs10::parse_certificate_request;
use kapi_api_base::test_support::csrs::{self, der};

use crate::certificates::v1::csr_vectors as v;

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
    // RSA-PSS with the NULL parameters of PKCS #1 v1.5: Go knows no such algorithm.
    let pss = &[0x2a, 0x86, 0x48, 0x86, 0xf7, 0x0d, 0x01, 0x01, 0x0a];
    assert_eq!(checked(csrs::RSA2048, with_algorithm(pss)), Err(UNSUPPORTED.into()));
    // ECDSA with SHA-384 (ring's) and SHA-512 (verified here) on this P-256 key: both fail.
    let ecdsa_sha = |last_byte: u8| {
        move |d: &mut Vec<u8>| {
            let at = last(d, &[0x2a, 0x86, 0x48, 0xce, 0x3d, 0x04, 0x03, 0x02]);
            d[at + 7] = last_byte;
        }
    };
    assert_eq!(checked(csrs::P256_SERVING, ecdsa_sha(3)), Err("x509: ECDSA verification failure".into()));
    assert_eq!(checked(csrs::P256_SERVING, ecdsa_sha(4)), Err("x509: ECDSA verification failure".into()));
    assert_eq!(checked(csrs::P256_SERVING, ecdsa_sha(1)), Err(UNSUPPORTED.into()), "ecdsa-with-SHA2 1 is unknown");
}

/// The requests of algorithms ring lacks, with Go's message when their signature is changed.
const BEYOND_RING: &[(&str, &str)] = {
    const RSA: &str = "crypto/rsa: verification error";
    const ECDSA: &str = "x509: ECDSA verification failure";
    &[
        (v::PSS_SHA256, RSA),
        (v::PSS_SHA512, RSA),
        (v::RSA1024_SHA384, RSA),
        (v::RSA9216_SHA256, RSA),
        (v::P256_SHA1, ECDSA),
        (v::P256_SHA512, ECDSA),
        (v::P224_SHA256, ECDSA),
        (v::P384_SHA512, ECDSA),
        (v::P521_SHA512, ECDSA),
        (v::P521_SHA1, ECDSA),
    ]
};

#[test]
fn requests_ring_cannot_verify_are_verified() {
    for &(pem, failure) in BEYOND_RING {
        assert_eq!(checked(pem, |_| {}), Ok(()), "{pem}");
        let flip_last = |d: &mut Vec<u8>| *d.last_mut().unwrap() ^= 1;
        assert_eq!(checked(pem, flip_last), Err(failure.into()), "{pem}");
        // The common name's first byte: what is signed changes.
        let subject = |d: &mut Vec<u8>| {
            let at = last(d, &[0x06, 0x03, 0x55, 0x04, 0x03]) + 7;
            d[at] ^= 1;
        };
        assert_eq!(checked(pem, subject), Err(failure.into()), "{pem}: the common name");
    }
}

/// Where the PSS parameters of an RSA-PSS request begin: after the algorithm's OID.
fn pss_parameters(der: &[u8]) -> usize {
    last(der, &[0x2a, 0x86, 0x48, 0x86, 0xf7, 0x0d, 0x01, 0x01, 0x0a]) + 9
}

#[test]
fn pss_parameters_go_does_not_take_are_unknown_algorithms() {
    // openssl's own request with a 20-byte salt.
    assert_eq!(checked(v::PSS_SALT20, |_| {}), Err(UNSUPPORTED.into()));
    // The parameters of PSS_SHA256: SEQUENCE { [0] { SEQUENCE { sha256, NULL } }, [1] { SEQUENCE {
    // mgf1, SEQUENCE { sha256, NULL } } }, [2] { INTEGER 32 } }.
    let der = der(v::PSS_SHA256);
    let at = pss_parameters(&der);
    let params = &der[at..at + 0x36];
    assert_eq!(&params[..4], [0x30, 0x34, 0xa0, 0x0f]);
    let edited = |offset: usize, value: u8| {
        move |d: &mut Vec<u8>| {
            let at = pss_parameters(d);
            d[at + offset] = value;
        }
    };
    // The message hash as SHA-384 (MGF1's stays SHA-256), MGF1's hash as SHA-512, MGF1's OID
    // changed, the salt 33 bytes, the hash's parameters not NULL: each unknown to Go.
    let hash_oid_last = 4 + 2 + 2 + 8;
    assert_eq!(checked(v::PSS_SHA256, edited(hash_oid_last, 0x02)), Err(UNSUPPORTED.into()), "hash");
    let mgf_hash_last = params.len() - 5 - 2 - 1;
    assert_eq!(params[mgf_hash_last], 0x01);
    assert_eq!(checked(v::PSS_SHA256, edited(mgf_hash_last, 0x03)), Err(UNSUPPORTED.into()), "MGF1's hash");
    let mgf_oid_last = 4 + 0x0f + 2 + 2 + 2 + 8;
    assert_eq!(params[mgf_oid_last], 0x08);
    assert_eq!(checked(v::PSS_SHA256, edited(mgf_oid_last, 0x09)), Err(UNSUPPORTED.into()), "MGF");
    assert_eq!(params[params.len() - 1], 0x20);
    assert_eq!(checked(v::PSS_SHA256, edited(params.len() - 1, 0x21)), Err(UNSUPPORTED.into()), "salt");
    assert_eq!(params[4 + 2 + 11], 0x05);
    assert_eq!(checked(v::PSS_SHA256, edited(4 + 2 + 11, 0x04)), Err(UNSUPPORTED.into()), "hash parameters");
    // Both hashes SHA-384 and the salt 48 bytes: Go takes SHA384WithRSAPSS, and the SHA-256
    // signature then fails to verify.
    let sha384 = |d: &mut Vec<u8>| {
        let at = pss_parameters(d);
        let len = 0x36;
        d[at + hash_oid_last] = 0x02;
        d[at + len - 5 - 2 - 1] = 0x02;
        d[at + len - 1] = 0x30;
    };
    assert_eq!(checked(v::PSS_SHA256, sha384), Err("crypto/rsa: verification error".into()));
}

#[test]
fn rsa_keys_go_refuses_get_gos_message() {
    assert_eq!(
        checked(v::RSA512, |_| {}),
        Err("crypto/rsa: 512-bit keys are insecure (see https://go.dev/pkg/crypto/rsa#hdr-Minimum_key_size)".into())
    );
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
    for pem in [csrs::ED25519, csrs::P256_SERVING, csrs::RSA2048, v::P224_SHA256, v::P256_SHA512] {
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

#[test]
fn any_change_to_the_pss_parameters_is_answered() {
    let original = der(v::PSS_SHA256);
    let at = pss_parameters(&original);
    let params = &original[at..at + 0x36];
    assert_eq!(pss_hash(Some(params)), Some(PssHash::Sha256));
    for n in 0..params.len() {
        assert_eq!(pss_hash(Some(&params[..n])), None, "{n} bytes");
        for b in [0x00, 0x01, 0x30, 0x7f, 0x80, 0xa3, 0xff] {
            let mut changed = params.to_vec();
            changed[n] = b;
            let _ = pss_hash(Some(&changed));
        }
    }
    // Elements after the salt are ignored, as Go ignores them; a trailer other than 1 is not.
    let with = |extra: &[u8]| {
        let mut p = params.to_vec();
        p.extend_from_slice(extra);
        p[1] += extra.len() as u8;
        pss_hash(Some(&p))
    };
    assert_eq!(with(&[0xa3, 0x03, 0x02, 0x01, 0x01]), Some(PssHash::Sha256));
    assert_eq!(with(&[0xa3, 0x03, 0x02, 0x01, 0x02]), None);
    assert_eq!(with(&[0xa4, 0x00]), Some(PssHash::Sha256));
    assert_eq!(pss_hash(None), None);
}
