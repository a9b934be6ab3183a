//! RSA-PSS proofs of each salt length Go's `rsa.VerifyPSS` reads, PKCS #1 v1.5 signatures, signatures Go refuses, and Go's checks of the key.

use kapi_api_base::certs::pkix::parse_public_key_with_bits;
use kapi_api_base::test_support::public_keys::der;

use super::*;
use kapi_api_base::test_support::proof_vectors as v;
use ring::digest::{SHA384, SHA512};

const UID: &[u8] = b"pod-uid-1";

fn check(key_b64: &str, message: &[u8], signature: &[u8]) -> bool {
    let der = der(key_b64);
    let (_, bits) = parse_public_key_with_bits(&der).expect("the test keys parse");
    let digest = digest::digest(&SHA256, message);
    verify_pss(&key(bits).expect("Go takes the test keys"), &SHA256, None, digest.as_ref(), signature)
}

#[test]
fn proofs_of_any_salt_length_verify() {
    assert!(check(v::RSA3072, UID, &der(v::RSA3072_PROOF)));
    assert!(check(v::RSA3072, UID, &der(v::RSA3072_PROOF_MAX_SALT)));
    assert!(check(v::RSA4096, UID, &der(v::RSA4096_PROOF)));
}

#[test]
fn ring_agrees_where_it_verifies() {
    use ring::signature::{RSA_PSS_2048_8192_SHA256, UnparsedPublicKey};
    let key = der(v::RSA3072);
    let (_, bits) = parse_public_key_with_bits(&key).expect("the test key parses");
    let ring = |s: &str| UnparsedPublicKey::new(&RSA_PSS_2048_8192_SHA256, bits).verify(UID, &der(s)).is_ok();
    assert!(ring(v::RSA3072_PROOF));
    // ring takes only a salt as long as the hash, which is why the check is done here.
    assert!(!ring(v::RSA3072_PROOF_MAX_SALT));
}

#[test]
fn other_signatures_do_not_verify() {
    let proof = der(v::RSA3072_PROOF);
    assert!(!check(v::RSA3072, b"pod-uid-2", &proof), "another message");
    assert!(!check(v::RSA3072, UID, &der(v::RSA4096_PROOF)), "another key's proof");
    assert!(!check(v::RSA3072, UID, &der(v::RSA3072_PKCS1)), "PKCS #1 v1.5, not PSS");
    let mut flipped = proof.clone();
    flipped[100] ^= 1;
    assert!(!check(v::RSA3072, UID, &flipped), "a flipped bit");
    assert!(!check(v::RSA3072, UID, &proof[1..]), "a byte short");
    let mut long = proof.clone();
    long.insert(0, 0);
    assert!(!check(v::RSA3072, UID, &long), "a leading zero byte");
    assert!(!check(v::RSA3072, UID, &vec![0xff; proof.len()]), "not below the modulus");
    assert!(!check(v::RSA3072, UID, &[]), "empty");
}

/// The 3072-bit test key's `RSAPublicKey`.
fn rsa3072() -> Vec<u8> {
    parse_public_key_with_bits(&der(v::RSA3072)).expect("the test key parses").1.to_vec()
}

#[test]
fn salt_lengths_given_are_held_to() {
    let bits = rsa3072();
    let k = key(&bits).expect("Go takes it");
    let digest = digest::digest(&SHA256, UID);
    assert!(verify_pss(&k, &SHA256, Some(32), digest.as_ref(), &der(v::RSA3072_PROOF)));
    assert!(!verify_pss(&k, &SHA256, Some(20), digest.as_ref(), &der(v::RSA3072_PROOF)));
    assert!(!verify_pss(&k, &SHA256, Some(32), digest.as_ref(), &der(v::RSA3072_PROOF_MAX_SALT)));
    // Another hash for the same signature.
    let d384 = digest::digest(&SHA384, UID);
    assert!(!verify_pss(&k, &SHA384, None, d384.as_ref(), &der(v::RSA3072_PROOF)));
}

#[test]
fn pkcs1v15_signatures_verify_as_ring_verifies_them() {
    let bits = rsa3072();
    let k = key(&bits).expect("Go takes it");
    let digest = digest::digest(&SHA256, UID);
    let signature = der(v::RSA3072_PKCS1);
    assert!(verify_pkcs1v15(&k, &SHA256, digest.as_ref(), &signature));
    assert!(!verify_pkcs1v15(&k, &SHA512, digest::digest(&SHA512, UID).as_ref(), &signature), "another hash");
    assert!(!verify_pkcs1v15(&k, &SHA256, digest::digest(&SHA256, b"pod-uid-2").as_ref(), &signature));
    assert!(!verify_pkcs1v15(&k, &SHA256, digest.as_ref(), &der(v::RSA3072_PROOF)), "a PSS signature");
    let mut flipped = signature.clone();
    flipped[7] ^= 0x40;
    assert!(!verify_pkcs1v15(&k, &SHA256, digest.as_ref(), &flipped));
    use ring::signature::{RSA_PKCS1_2048_8192_SHA256, UnparsedPublicKey};
    assert!(UnparsedPublicKey::new(&RSA_PKCS1_2048_8192_SHA256, &bits).verify(UID, &signature).is_ok());
}

/// An `RSAPublicKey` of the modulus and exponent.
fn rsa_public_key(n: &[u8], e: &[u8]) -> Vec<u8> {
    let int = |v: &[u8]| {
        let mut body = if v.first().is_some_and(|b| b & 0x80 != 0) { vec![0] } else { Vec::new() };
        body.extend_from_slice(v);
        let mut out = vec![0x02];
        out.extend(length(body.len()));
        out.extend(body);
        out
    };
    let body = [int(n), int(e)].concat();
    let mut out = vec![0x30];
    out.extend(length(body.len()));
    out.extend(body);
    out
}

fn length(len: usize) -> Vec<u8> {
    match len {
        0..0x80 => vec![len as u8],
        0x80..0x100 => vec![0x81, len as u8],
        _ => vec![0x82, (len >> 8) as u8, len as u8],
    }
}

#[test]
fn keys_go_refuses_to_verify_with_get_gos_message() {
    let bits = rsa3072();
    let (n, _) = kapi_api_base::certs::pkix::rsa_public_key_parts(&bits).expect("an RSA key");
    let message = |n: &[u8], e: &[u8]| key(&rsa_public_key(n, e)).err();
    assert_eq!(message(n, &[1, 0, 1]), None);
    assert_eq!(message(n, &[3]), None);
    assert_eq!(message(n, &[1]).as_deref(), Some("crypto/rsa: public exponent too small or negative"));
    assert_eq!(message(n, &[2]).as_deref(), Some("crypto/rsa: public exponent is even"));
    assert_eq!(message(n, &[1, 0, 0]).as_deref(), Some("crypto/rsa: public exponent is even"));
    assert_eq!(message(n, &[0x7f, 0xff, 0xff, 0xff]), None);
    assert_eq!(message(n, &[0x01, 0, 0, 0, 1]).as_deref(), Some("crypto/rsa: public exponent too large"));
    let mut even = n.to_vec();
    *even.last_mut().unwrap() &= 0xfe;
    assert_eq!(message(&even, &[1, 0, 1]).as_deref(), Some("crypto/rsa: public modulus is even"));
    // The size is the modulus's bit length, before anything else.
    let insecure = |bits: usize| {
        format!("crypto/rsa: {bits}-bit keys are insecure (see https://go.dev/pkg/crypto/rsa#hdr-Minimum_key_size)")
    };
    assert_eq!(message(&n[..64], &[2]), Some(insecure(512)));
    assert_eq!(message(&[0x7f; 128], &[1, 0, 1]), Some(insecure(1023)));
    assert_eq!(message(&[0x01, 0x01], &[3]), Some(insecure(9)));
    let mut big = vec![0xff; MAX_BITS / 8 + 1];
    assert_eq!(message(&big, &[1, 0, 1]).as_deref(), Some(VERIFICATION), "over the limit here");
    big.truncate(MAX_BITS / 8);
    assert_eq!(message(&big, &[1, 0, 1]), None);
}

#[test]
fn arithmetic_matches_small_cases() {
    // Keys below Go's minimum are refused before this; the arithmetic itself takes any size.
    let small = |n: &'static [u8], e: u32| Key { n, e, bits: 0 };
    assert_eq!(public_operation(&small(&[33], 3), &[5]), Some(vec![26]));
    assert_eq!(public_operation(&small(&[33], 3), &[33]), None, "not below the modulus");
    assert_eq!(public_operation(&small(&[33], 3), &[0, 5]), None, "another length");
    let m: u64 = u64::MAX - 58;
    let base: u64 = 0x0123_4567_89ab_cdef;
    let want = {
        let mul = |a: u64, b: u64| (u128::from(a) * u128::from(b) % u128::from(m)) as u64;
        (0..65537).fold(1u64, |acc, _| mul(acc, base))
    };
    let n = m.to_be_bytes();
    let k = Key { n: &n, e: 65537, bits: 64 };
    assert_eq!(public_operation(&k, &base.to_be_bytes()), Some(want.to_be_bytes().to_vec()));
}

#[test]
fn digest_info_prefixes_are_rfc_8017s() {
    let hex = |p: &[u8]| p.iter().map(|b| format!("{b:02x}")).collect::<String>();
    // RFC 8017 9.2, note 1.
    assert_eq!(hex(digest_info_prefix(&digest::SHA1_FOR_LEGACY_USE_ONLY).unwrap()), "3021300906052b0e03021a05000414");
    assert_eq!(hex(digest_info_prefix(&SHA256).unwrap()), "3031300d060960864801650304020105000420");
    assert_eq!(hex(digest_info_prefix(&SHA384).unwrap()), "3041300d060960864801650304020205000430");
    assert_eq!(hex(digest_info_prefix(&SHA512).unwrap()), "3051300d060960864801650304020305000440");
    assert_eq!(digest_info_prefix(&digest::SHA512_256), None);
}
