//! RSA-PSS proofs of each salt length Go's `rsa.VerifyPSS` reads, and signatures it refuses.

use kapi_api_base::certs::pkix::parse_public_key_with_bits;
use kapi_api_base::test_support::public_keys::der;

use super::*;
use crate::certificates::v1::proof_vectors as v;

const UID: &[u8] = b"pod-uid-1";

fn check(key: &str, message: &[u8], signature: &[u8]) -> bool {
    let der = der(key);
    let (_, bits) = parse_public_key_with_bits(&der).expect("the test keys parse");
    verifies(bits, message, signature)
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

#[test]
fn keys_go_refuses_to_verify_with_do_not_verify() {
    let key = der(v::RSA3072);
    let (_, bits) = parse_public_key_with_bits(&key).expect("the test key parses");
    let (n, _) = kapi_api_base::certs::pkix::rsa_public_key_parts(bits).expect("an RSA key");
    let proof = der(v::RSA3072_PROOF);
    assert!(public_operation(n, &[1, 0, 1], &proof).is_some());
    for e in [&[1][..], &[2], &[1, 0, 0], &[0x80, 0, 0, 1]] {
        assert_eq!(public_operation(n, e, &proof), None, "exponent {e:?}");
    }
    let mut even = n.to_vec();
    if let Some(last) = even.last_mut() {
        *last &= 0xfe;
    }
    assert_eq!(public_operation(&even, &[1, 0, 1], &proof), None, "an even modulus");
}

#[test]
fn arithmetic_matches_small_cases() {
    // 5^3 mod 33 = 26; 7^65537 mod 187 = 7^(65537 mod 160) = 7^97 mod 187.
    let pow = |b: u64, e: u64, m: u64| (0..e).fold(1u64, |acc, _| acc * b % m);
    assert_eq!(public_operation(&[33], &[3], &[5]), Some(vec![26]));
    assert_eq!(public_operation(&[187], &[1, 0, 1], &[7]), Some(vec![pow(7, 65537, 187) as u8]));
    // Several limbs: a modulus of 2^64 − 59 (prime, odd).
    let m: u64 = u64::MAX - 58;
    let base: u64 = 0x0123_4567_89ab_cdef;
    let want = {
        let mul = |a: u64, b: u64| (u128::from(a) * u128::from(b) % u128::from(m)) as u64;
        let mut acc = 1u64;
        for _ in 0..65537 {
            acc = mul(acc, base);
        }
        acc
    };
    assert_eq!(public_operation(&m.to_be_bytes(), &[1, 0, 1], &base.to_be_bytes()), Some(want.to_be_bytes().to_vec()));
}
