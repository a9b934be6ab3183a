//! Keys of each type Go's `x509.ParsePKIXPublicKey` reads, and encodings it refuses.

use super::*;
use crate::testing::public_keys::{self as keys, der};

#[test]
fn each_key_type_and_size_is_told_apart() {
    let cases = [
        (keys::ED25519, PublicKey::Ed25519),
        (keys::X25519, PublicKey::Other),
        (keys::P224, PublicKey::Ecdsa("P-224")),
        (keys::P256, PublicKey::Ecdsa("P-256")),
        (keys::P384, PublicKey::Ecdsa("P-384")),
        (keys::P521, PublicKey::Ecdsa("P-521")),
        (keys::RSA2048, PublicKey::Rsa(2048)),
        (keys::RSA3072, PublicKey::Rsa(3072)),
        (keys::RSA4096, PublicKey::Rsa(4096)),
    ];
    for (key, want) in cases {
        assert_eq!(parse_public_key(&der(key)), Ok(want), "{key}");
    }
}

#[test]
fn the_key_bits_are_the_subject_public_key_contents() {
    // Each key's bit string ends the structure: its contents are the DER's last bytes.
    for (key, len) in [(keys::ED25519, 32), (keys::P256, 65), (keys::P384, 97), (keys::RSA3072, 398)] {
        let der = der(key);
        let (_, bits) = parse_public_key_with_bits(&der).expect("the test keys parse");
        assert_eq!(bits.len(), len, "{key}");
        assert!(der.ends_with(bits), "{key}");
    }
    let der = der(keys::RSA3072);
    let (_, bits) = parse_public_key_with_bits(&der).expect("the test key parses");
    // A PKCS #1 `RSAPublicKey`: a sequence, then the modulus.
    assert_eq!(&bits[..4], [0x30, 0x82, 0x01, 0x8a]);
    let (n, e) = rsa_public_key_parts(bits).expect("an RSA key's bits are an `RSAPublicKey`");
    assert_eq!((n.len(), n[0] & 0x80), (384, 0x80));
    assert_eq!(e, [0x01, 0x00, 0x01]);
    assert_eq!(rsa_public_key_parts(&bits[..bits.len() - 1]), None);
}

#[test]
fn malformed_keys_are_refused() {
    assert_eq!(parse_public_key(&[]), Err("x509: malformed public key"));
    let mut trailing = der(keys::ED25519);
    trailing.push(0);
    assert_eq!(parse_public_key(&trailing), Err("x509: trailing data after ASN.1 of public-key"));
    // An Ed25519 key one byte short: the lengths of the sequence and bit string shrink too.
    let mut short = der(keys::ED25519);
    short.pop();
    short[1] -= 1;
    short[10] -= 1;
    assert_eq!(parse_public_key(&short), Err("x509: wrong Ed25519 public key size"));
    let mut x_short = der(keys::X25519);
    x_short.pop();
    x_short[1] -= 1;
    x_short[10] -= 1;
    assert_eq!(parse_public_key(&x_short), Err("crypto/ecdh: invalid public key"));
    let mut with_params = der(keys::ED25519);
    // SEQUENCE { SEQUENCE { OID, NULL }, BIT STRING }: two bytes longer, in both sequences.
    with_params.splice(9..9, [0x05, 0x00]);
    with_params[1] += 2;
    with_params[3] += 2;
    assert_eq!(parse_public_key(&with_params), Err("x509: Ed25519 key encoded with illegal parameters"));
    // A compressed P-256 point (0x02 instead of 0x04) is not what Go unmarshals.
    let mut compressed = der(keys::P256);
    compressed[26] = 0x02;
    assert_eq!(parse_public_key(&compressed), Err("x509: failed to unmarshal elliptic curve point"));
    // secp256k1 (1.3.132.0.10) is not a curve Go's x509 knows.
    let mut k1 = der(keys::P224);
    k1[19] = 0x0a;
    assert_eq!(parse_public_key(&k1), Err("x509: unsupported elliptic curve"));
    // An unknown algorithm (1.3.101.113, Ed448).
    let mut ed448 = der(keys::ED25519);
    ed448[8] = 0x71;
    assert_eq!(parse_public_key(&ed448), Err("x509: unknown public key algorithm"));
}
