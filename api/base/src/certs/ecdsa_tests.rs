//! Signatures openssl made on each curve with each hash, checked against ring where ring verifies them, and the inputs Go's `ecdsa.VerifyASN1` refuses.

use crate::certs::pkix::{PublicKey, parse_public_key_with_bits};
use crate::test_support::public_keys::der;
use ring::digest::{self, SHA256};

use super::super::ecdsa_vectors::VECTORS;
use super::*;
use crate::test_support::proof_vectors as v;

fn unhex(s: &str) -> Vec<u8> {
    hex(s)
}

/// The curve and point of a base64 `SubjectPublicKeyInfo`.
fn key(b64: &str) -> (&'static str, Vec<u8>) {
    let der = der(b64);
    let (key, bits) = parse_public_key_with_bits(&der).expect("the test keys parse");
    let PublicKey::Ecdsa(curve) = key else { panic!("an ECDSA key") };
    (curve, bits.to_vec())
}

#[test]
fn openssl_signatures_verify_on_every_curve_with_every_hash() {
    for &(curve, public, hash, digest_hex, signature) in VECTORS {
        let (parsed, point) = key(public);
        assert_eq!(parsed, curve);
        let (digest, signature) = (unhex(digest_hex), der(signature));
        assert!(on_curve(curve, &point), "{curve}");
        assert!(verify_asn1(curve, &point, &digest, &signature), "{curve} {hash}");
        let mut other = digest.clone();
        other[0] ^= 1;
        assert!(!verify_asn1(curve, &point, &other, &signature), "{curve} {hash}: another digest");
        for at in [5, signature.len() / 2, signature.len() - 1] {
            let mut flipped = signature.clone();
            flipped[at] ^= 1;
            assert!(!verify_asn1(curve, &point, &digest, &flipped), "{curve} {hash}: byte {at} flipped");
        }
        // Another curve's key of the same size does not verify it.
        for &(other_curve, other_public, ..) in VECTORS.iter().filter(|v| v.0 == curve && v.1 != public) {
            let (_, other_point) = key(other_public);
            assert!(!verify_asn1(other_curve, &other_point, &digest, &signature), "{curve}: another key");
        }
    }
}

#[test]
fn ring_agrees_on_p256_and_p384() {
    use ring::signature::{ECDSA_P256_SHA256_ASN1, ECDSA_P384_SHA256_ASN1, UnparsedPublicKey};
    let digest = digest::digest(&SHA256, b"pod-uid-1");
    for (public, proof, ring) in [
        (v::P256, v::P256_PROOF, &ECDSA_P256_SHA256_ASN1),
        (v::P384, v::P384_PROOF, &ECDSA_P384_SHA256_ASN1),
        (v::P256, v::P256_PROOF_OTHER_UID, &ECDSA_P256_SHA256_ASN1),
        (v::P384, v::P384_PROOF_OTHER_UID, &ECDSA_P384_SHA256_ASN1),
    ] {
        let (curve, point) = key(public);
        let ours = verify_asn1(curve, &point, digest.as_ref(), &der(proof));
        let theirs = UnparsedPublicKey::new(ring, &point).verify(b"pod-uid-1", &der(proof)).is_ok();
        assert_eq!(ours, theirs, "{curve} {proof}");
    }
    let (curve, point) = key(v::P521);
    assert!(verify_asn1(curve, &point, digest.as_ref(), &der(v::P521_PROOF)));
}

#[test]
fn points_off_the_curve_are_refused() {
    for &(curve, public, ..) in VECTORS {
        let (_, point) = key(public);
        let mut off = point.clone();
        *off.last_mut().unwrap() ^= 1;
        assert!(!on_curve(curve, &off), "{curve}");
        let mut compressed = point.clone();
        compressed[0] = 0x02;
        assert!(!on_curve(curve, &compressed), "{curve}: not uncompressed");
        assert!(!on_curve(curve, &point[..point.len() - 1]), "{curve}: short");
        assert!(!on_curve(curve, &[]), "{curve}: empty");
        // x = p is out of range even where the equation would hold mod p.
        let c = Curve::named(curve).unwrap();
        let mut x_is_p = point.clone();
        x_is_p[1..1 + c.size].copy_from_slice(&bignum::to_be(c.p.value(), c.size));
        assert!(!on_curve(curve, &x_is_p), "{curve}: x = p");
    }
    assert!(!on_curve("P-192", &[4, 0, 0]));
    for params in CURVES {
        for value in [params.b, params.gx, params.gy, params.n] {
            assert_eq!(value.len(), params.p.len(), "{}: every value as long as p", params.name);
        }
    }
    // Each base point lies on its curve.
    for params in CURVES {
        let c = Curve::named(params.name).unwrap();
        let point = [&[4][..], &hex(params.gx), &hex(params.gy)].concat();
        assert!(c.point(&point).is_some(), "{}", params.name);
    }
}

/// A DER signature of the two integers, each given as its contents.
fn signature(r: &[u8], s: &[u8]) -> Vec<u8> {
    let mut body = vec![0x02, r.len() as u8];
    body.extend_from_slice(r);
    body.extend([0x02, s.len() as u8]);
    body.extend_from_slice(s);
    let mut out = vec![0x30, body.len() as u8];
    out.extend(body);
    out
}

#[test]
fn the_order_times_the_base_point_is_infinity() {
    for params in CURVES {
        let c = Curve::named(params.name).unwrap();
        let zero = vec![0; c.n.limbs()];
        let n_g = c.double_mul(c.n.value(), &zero, &c.g);
        assert!(bignum::is_zero(&n_g.z), "{}", params.name);
        let mut n_minus_1 = c.n.value().to_vec();
        bignum::sub_in_place(&mut n_minus_1, &[1]);
        // (n − 1)·G = −G: the same x.
        let p = c.double_mul(&n_minus_1, &zero, &c.g);
        let z_inv = c.p.invert_prime(&p.z);
        let x = c.p.mul(&p.x, &c.p.mul(&z_inv, &z_inv));
        assert_eq!(c.p.plain(&x), c.p.plain(&c.g.x), "{}", params.name);
    }
}

#[test]
fn signatures_go_refuses() {
    let (curve, public, _, digest_hex, sig) = VECTORS[2];
    assert_eq!(curve, "P-256");
    let (_, point) = key(public);
    let digest = unhex(digest_hex);
    let sig = der(sig);
    let (r, s) = parse_signature(&sig).expect("openssl's signature parses");
    let int = |v: &[u8]| if v[0] & 0x80 != 0 { [&[0][..], v].concat() } else { v.to_vec() };
    assert!(verify_asn1(curve, &point, &digest, &signature(&int(r), &int(s))));
    let n = hex(CURVES[1].n);
    assert!(!verify_asn1(curve, &point, &digest, &signature(&[0], &int(s))), "r = 0");
    assert!(!verify_asn1(curve, &point, &digest, &signature(&int(r), &[0])), "s = 0");
    assert!(!verify_asn1(curve, &point, &digest, &signature(&int(r), &int(&n))), "s = n");
    // r + n: the same residue, out of range (33 bytes, with a carry above n's 32).
    let r_plus_n = add_be(r, &n);
    assert!(!verify_asn1(curve, &point, &digest, &signature(&int(&r_plus_n), &int(s))), "r + n");
    // Encodings cryptobyte refuses: a negative integer, a superfluous zero, trailing data.
    let negative = [&[0x80][..], &r[1..]].concat();
    assert!(!verify_asn1(curve, &point, &digest, &signature(&negative, &int(s))));
    assert!(!verify_asn1(curve, &point, &digest, &signature(&[&[0, 0][..], r].concat(), &int(s))));
    let mut trailing = sig.clone();
    trailing.push(0);
    assert!(!verify_asn1(curve, &point, &digest, &trailing));
    assert!(!verify_asn1(curve, &point, &digest, &[]));
    assert!(!verify_asn1(curve, &point, &digest, &[0x30, 0x81, 0x02, 2, 0]), "a long form for a short length");
}

#[test]
fn hashes_are_cut_to_the_order_length_as_go_does() {
    let c = Curve::named("P-521").unwrap();
    // SHA-512 is shorter than P-521's 66-byte order: taken whole.
    let short = [0xff; 64];
    assert_eq!(bignum::to_be(&c.hash_to_scalar(&short), 66), [&[0, 0][..], &short].concat());
    // 66 bytes or more: the leftmost 521 bits, then reduced below n.
    let long = [0xff; 70];
    let mut want = c.n.value().to_vec();
    let all_ones = bignum::from_be(&[&[0x01][..], &[0xff; 65]].concat(), c.n.limbs()).unwrap();
    want = c.n.sub(&all_ones, &want);
    assert_eq!(c.hash_to_scalar(&long), want);
    let p224 = Curve::named("P-224").unwrap();
    let digest: Vec<u8> = (0..64).collect();
    assert_eq!(bignum::to_be(&p224.hash_to_scalar(&digest), 28), digest[..28]);
}

/// a + b for big-endian magnitudes, without leading zeros.
fn add_be(a: &[u8], b: &[u8]) -> Vec<u8> {
    let len = a.len().max(b.len()) + 1;
    let pad = |v: &[u8]| [vec![0; len - v.len()], v.to_vec()].concat();
    let (a, b) = (pad(a), pad(b));
    let mut out = vec![0u8; len];
    let mut carry = 0u16;
    for i in (0..len).rev() {
        let v = u16::from(a[i]) + u16::from(b[i]) + carry;
        out[i] = v as u8;
        carry = v >> 8;
    }
    let first = out.iter().position(|&x| x != 0).unwrap_or(len - 1);
    out[first..].to_vec()
}

#[test]
fn any_prefix_or_changed_byte_is_answered_without_panicking() {
    let (curve, public, _, digest_hex, sig) = VECTORS[0];
    let (_, point) = key(public);
    let (digest, sig) = (unhex(digest_hex), der(sig));
    for n in 0..sig.len() {
        assert!(!verify_asn1(curve, &point, &digest, &sig[..n]));
        for b in [0x00, 0x7f, 0x80, 0xff] {
            let mut changed = sig.clone();
            changed[n] = b;
            let _ = verify_asn1(curve, &point, &digest, &changed);
        }
    }
    for n in 0..point.len() {
        assert!(!on_curve(curve, &point[..n]));
    }
    // Digests of any length, empty to longer than any order.
    for len in [0, 1, 20, 28, 66, 200] {
        let _ = verify_asn1(curve, &point, &vec![0xab; len], &sig);
    }
}

#[test]
fn nist_p521_sigver_vectors_as_nist_expects() {
    use super::super::ecdsa_vectors::NIST_P521;
    // NIST writes the 521-bit values in 131 hex digits; the point takes 66 bytes a coordinate.
    let padded = |h: &str| hex(&format!("{h:0>132}"));
    for v in NIST_P521 {
        let point = [&[4][..], &padded(v.qx), &padded(v.qy)].concat();
        let strip = |v: Vec<u8>| {
            let first = v.iter().position(|&b| b != 0).unwrap_or(v.len() - 1);
            let v = v[first..].to_vec();
            if v[0] & 0x80 != 0 { [&[0][..], &v].concat() } else { v }
        };
        let sig = signature_long(&strip(padded(v.r)), &strip(padded(v.s)));
        assert_eq!(verify_asn1("P-521", &point, &unhex(v.digest), &sig), v.verifies, "{}: {}", v.hash, v.changed);
    }
}

/// A DER signature whose body may need a long-form length (P-521's).
fn signature_long(r: &[u8], s: &[u8]) -> Vec<u8> {
    let mut body = vec![0x02, r.len() as u8];
    body.extend_from_slice(r);
    body.extend([0x02, s.len() as u8]);
    body.extend_from_slice(s);
    let mut out = if body.len() < 0x80 { vec![0x30, body.len() as u8] } else { vec![0x30, 0x81, body.len() as u8] };
    out.extend(body);
    out
}

#[test]
fn private_scalars_give_their_points_as_go_derives_them() {
    for params in CURVES {
        let c = Curve::named(params.name).unwrap();
        let size = scalar_size(params.name).unwrap();
        let g = [&[4][..], &hex(params.gx), &hex(params.gy)].concat();
        let one = [vec![0; size - 1], vec![1]].concat();
        assert_eq!(public_key(params.name, &one), Some(g[g.len() - 1 - 2 * c.size..].to_vec()), "{}", params.name);
        // n − 1: −G, the same x.
        let mut n_minus_1 = c.n.value().to_vec();
        bignum::sub_in_place(&mut n_minus_1, &[1]);
        let minus_g = public_key(params.name, &bignum::to_be(&n_minus_1, size)).unwrap();
        assert_eq!(minus_g[1..1 + c.size], g[g.len() - 2 * c.size..g.len() - c.size], "{}", params.name);
        assert!(on_curve(params.name, &minus_g));
        assert_eq!(public_key(params.name, &vec![0; size]), None, "zero");
        assert_eq!(public_key(params.name, &bignum::to_be(c.n.value(), size)), None, "n");
        assert_eq!(public_key(params.name, &one[1..]), None, "short");
    }
    assert_eq!(scalar_size("P-521"), Some(66));
    assert_eq!(public_key("P-192", &[1]), None);
}
