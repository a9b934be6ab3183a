//! ECDSA on the NIST curves P-224, P-256, P-384 and P-521 in plain arithmetic (`bignum`): verification as Go's `ecdsa.VerifyASN1` does it (the ASN.1 `(r, s)`, the hash cut to the order's length, u₁·G + u₂·Q), the point-on-curve check of Go's key parser, and a private scalar's public point as Go's `ecdsa.ParseRawPrivateKey` derives it. Nothing here runs in constant time: verification handles public values only, and the one private input, a key pair written into a `kubernetes.io/tls` secret, is read by the API server's warning alone (see `key_pair`).

use super::bignum::{self, Modulus};
use super::der_element;

/// A short Weierstrass curve y² = x³ − 3x + b over GF(p) (SEC 2, FIPS 186-4 D.1.2), its base
/// point and its prime order, as big-endian hex.
struct Params {
    name: &'static str,
    p: &'static str,
    b: &'static str,
    gx: &'static str,
    gy: &'static str,
    n: &'static str,
}

const CURVES: &[Params] = &[
    Params {
        name: "P-224",
        p: "ffffffffffffffffffffffffffffffff000000000000000000000001",
        b: "b4050a850c04b3abf54132565044b0b7d7bfd8ba270b39432355ffb4",
        gx: "b70e0cbd6bb4bf7f321390b94a03c1d356c21122343280d6115c1d21",
        gy: "bd376388b5f723fb4c22dfe6cd4375a05a07476444d5819985007e34",
        n: "ffffffffffffffffffffffffffff16a2e0b8f03e13dd29455c5c2a3d",
    },
    Params {
        name: "P-256",
        p: "ffffffff00000001000000000000000000000000ffffffffffffffffffffffff",
        b: "5ac635d8aa3a93e7b3ebbd55769886bc651d06b0cc53b0f63bce3c3e27d2604b",
        gx: "6b17d1f2e12c4247f8bce6e563a440f277037d812deb33a0f4a13945d898c296",
        gy: "4fe342e2fe1a7f9b8ee7eb4a7c0f9e162bce33576b315ececbb6406837bf51f5",
        n: "ffffffff00000000ffffffffffffffffbce6faada7179e84f3b9cac2fc632551",
    },
    Params {
        name: "P-384",
        p: "fffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffeffffffff0000000000000000ffffffff",
        b: "b3312fa7e23ee7e4988e056be3f82d19181d9c6efe8141120314088f5013875ac656398d8a2ed19d2a85c8edd3ec2aef",
        gx: "aa87ca22be8b05378eb1c71ef320ad746e1d3b628ba79b9859f741e082542a385502f25dbf55296c3a545e3872760ab7",
        gy: "3617de4a96262c6f5d9e98bf9292dc29f8f41dbd289a147ce9da3113b5f0b8c00a60b1ce1d7e819d7a431d7c90ea0e5f",
        n: "ffffffffffffffffffffffffffffffffffffffffffffffffc7634d81f4372ddf581a0db248b0a77aecec196accc52973",
    },
    Params {
        name: "P-521",
        p: "01ffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff",
        b: "0051953eb9618e1c9a1f929a21a0b68540eea2da725b99b315f3b8b489918ef109e156193951ec7e937b1652c0bd3bb1bf073573df883d2c34f1ef451fd46b503f00",
        gx: "00c6858e06b70404e9cd9e3ecb662395b4429c648139053fb521f828af606b4d3dbaa14b5e77efe75928fe1dc127a2ffa8de3348b3c1856a429bf97e7e31c2e5bd66",
        gy: "011839296a789a3bc0045c8a5fb42c7d1bd998f54449579b446817afbd17273e662c97ee72995ef42640c550b9013fad0761353c7086a272c24088be94769fd16650",
        n: "01fffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffa51868783bf2f966b7fcc0148f709a5d03bb5c9b8899c47aebb6fb71e91386409",
    },
];

/// The curve's arithmetic: the field, the order, and b, 3 and the base point in the field's
/// Montgomery form.
struct Curve {
    /// Bytes of a coordinate.
    size: usize,
    p: Modulus,
    n: Modulus,
    b: Vec<u32>,
    three: Vec<u32>,
    g: Point,
}

/// Jacobian coordinates (x = X/Z², y = Y/Z³) in Montgomery form; Z = 0 is the point at infinity.
#[derive(Clone)]
struct Point {
    x: Vec<u32>,
    y: Vec<u32>,
    z: Vec<u32>,
}

fn hex(s: &str) -> Vec<u8> {
    let digit = |c: u8| (c as char).to_digit(16).unwrap_or(0) as u8;
    s.as_bytes().chunks(2).map(|p| p.iter().fold(0, |acc, &c| acc << 4 | digit(c))).collect()
}

impl Curve {
    fn named(name: &str) -> Option<Curve> {
        let params = CURVES.iter().find(|c| c.name == name)?;
        let size = params.p.len() / 2;
        let count = size.div_ceil(4);
        let limbs = |h: &str| bignum::from_be(&hex(h), count);
        let p = Modulus::new(limbs(params.p)?)?;
        let n = Modulus::new(limbs(params.n)?)?;
        let mut three = vec![0; count];
        three[0] = 3;
        let mut one = vec![0; count];
        one[0] = 1;
        let g =
            Point { x: p.montgomery(&limbs(params.gx)?), y: p.montgomery(&limbs(params.gy)?), z: p.montgomery(&one) };
        Some(Curve { size, b: p.montgomery(&limbs(params.b)?), three: p.montgomery(&three), g, p, n })
    }

    /// An uncompressed point (0x04, x, y) whose coordinates lie below p and satisfy the curve's
    /// equation, in Jacobian form; `None` otherwise.
    fn point(&self, bytes: &[u8]) -> Option<Point> {
        let (&form, xy) = bytes.split_first()?;
        if form != 0x04 || xy.len() != 2 * self.size {
            return None;
        }
        let (x, y) = xy.split_at(self.size);
        let count = self.p.limbs();
        let (x, y) = (bignum::from_be(x, count)?, bignum::from_be(y, count)?);
        if !bignum::less(&x, self.p.value()) || !bignum::less(&y, self.p.value()) {
            return None;
        }
        let f = &self.p;
        let (x, y) = (f.montgomery(&x), f.montgomery(&y));
        let x3 = f.mul(&f.mul(&x, &x), &x);
        let rhs = f.add(&f.sub(&x3, &f.mul(&self.three, &x)), &self.b);
        if f.mul(&y, &y) != rhs {
            return None;
        }
        let mut one = vec![0; count];
        one[0] = 1;
        Some(Point { x, y, z: f.montgomery(&one) })
    }

    /// 2P (dbl-2001-b, for a = −3).
    fn double(&self, q: &Point) -> Point {
        let f = &self.p;
        let delta = f.mul(&q.z, &q.z);
        let gamma = f.mul(&q.y, &q.y);
        let beta = f.mul(&q.x, &gamma);
        let alpha = f.mul(&self.three, &f.mul(&f.sub(&q.x, &delta), &f.add(&q.x, &delta)));
        let beta4 = f.add(&f.add(&beta, &beta), &f.add(&beta, &beta));
        let x = f.sub(&f.mul(&alpha, &alpha), &f.add(&beta4, &beta4));
        let yz = f.add(&q.y, &q.z);
        let z = f.sub(&f.sub(&f.mul(&yz, &yz), &gamma), &delta);
        let gamma2 = f.mul(&gamma, &gamma);
        let gamma4 = f.add(&f.add(&gamma2, &gamma2), &f.add(&gamma2, &gamma2));
        let gamma8 = f.add(&gamma4, &gamma4);
        let y = f.sub(&f.mul(&alpha, &f.sub(&beta4, &x)), &gamma8);
        Point { x, y, z }
    }

    /// P + Q, for any two points (add-1998-cmo-2, doubling when they are equal).
    fn add(&self, a: &Point, b: &Point) -> Point {
        if bignum::is_zero(&a.z) {
            return b.clone();
        }
        if bignum::is_zero(&b.z) {
            return a.clone();
        }
        let f = &self.p;
        let z1z1 = f.mul(&a.z, &a.z);
        let z2z2 = f.mul(&b.z, &b.z);
        let u1 = f.mul(&a.x, &z2z2);
        let u2 = f.mul(&b.x, &z1z1);
        let s1 = f.mul(&a.y, &f.mul(&b.z, &z2z2));
        let s2 = f.mul(&b.y, &f.mul(&a.z, &z1z1));
        let h = f.sub(&u2, &u1);
        let r = f.sub(&s2, &s1);
        if bignum::is_zero(&h) {
            if bignum::is_zero(&r) {
                return self.double(a);
            }
            return Point { x: a.x.clone(), y: a.y.clone(), z: vec![0; a.z.len()] };
        }
        let hh = f.mul(&h, &h);
        let hhh = f.mul(&hh, &h);
        let v = f.mul(&u1, &hh);
        let x = f.sub(&f.sub(&f.mul(&r, &r), &hhh), &f.add(&v, &v));
        let y = f.sub(&f.mul(&r, &f.sub(&v, &x)), &f.mul(&s1, &hhh));
        let z = f.mul(&f.mul(&a.z, &b.z), &h);
        Point { x, y, z }
    }

    /// u₁·G + u₂·Q over the scalars' bits, high to low (Shamir's trick).
    fn double_mul(&self, u1: &[u32], u2: &[u32], q: &Point) -> Point {
        let gq = self.add(&self.g, q);
        let mut acc = Point { x: self.g.x.clone(), y: self.g.y.clone(), z: vec![0; self.g.z.len()] };
        for i in (0..bignum::bit_len(u1).max(bignum::bit_len(u2))).rev() {
            acc = self.double(&acc);
            match (bignum::bit(u1, i), bignum::bit(u2, i)) {
                (true, true) => acc = self.add(&acc, &gq),
                (true, false) => acc = self.add(&acc, &self.g),
                (false, true) => acc = self.add(&acc, q),
                (false, false) => {}
            }
        }
        acc
    }

    /// Go's `hashToNat`: the hash's leftmost bits, as many as the order has, reduced mod n.
    fn hash_to_scalar(&self, hash: &[u8]) -> Vec<u32> {
        let order_bits = bignum::bit_len(self.n.value());
        let order_bytes = order_bits.div_ceil(8);
        let mut e = hash.to_vec();
        if e.len() >= order_bytes {
            e.truncate(order_bytes);
            let excess = order_bytes * 8 - order_bits;
            if excess > 0 {
                for i in (0..e.len()).rev() {
                    e[i] >>= excess;
                    if i > 0 {
                        e[i] |= e[i - 1] << (8 - excess);
                    }
                }
            }
        }
        // Below 2^(order bits), so below 2n: one subtraction reduces it.
        let mut e = bignum::from_be(&e, self.n.limbs()).unwrap_or_default();
        if !bignum::less(&e, self.n.value()) {
            bignum::sub_in_place(&mut e, self.n.value());
        }
        e
    }
}

/// Whether `point` is an uncompressed point on the named curve, as Go's key parser requires.
pub fn on_curve(curve: &str, point: &[u8]) -> bool {
    Curve::named(curve).is_some_and(|c| c.point(point).is_some())
}

/// The bytes of a private scalar on the named curve (Go's `(N.BitLen() + 7) / 8`).
pub fn scalar_size(curve: &str) -> Option<usize> {
    Curve::named(curve).map(|c| bignum::bit_len(c.n.value()).div_ceil(8))
}

/// Go's `ecdsa.ParseRawPrivateKey`: the uncompressed public point d·G of a private scalar of
/// [`scalar_size`] big-endian bytes, or `None` where Go refuses it (d = 0, d ≥ n, another
/// length).
pub fn public_key(curve: &str, scalar: &[u8]) -> Option<Vec<u8>> {
    let c = Curve::named(curve)?;
    if Some(scalar.len()) != scalar_size(curve) {
        return None;
    }
    let d = bignum::from_be(scalar, c.n.limbs())?;
    if bignum::is_zero(&d) || !bignum::less(&d, c.n.value()) {
        return None;
    }
    let zero = vec![0; c.n.limbs()];
    // 0 < d < n: d·G is never the point at infinity.
    let q = c.double_mul(&d, &zero, &c.g);
    let f = &c.p;
    let z_inv = f.invert_prime(&q.z);
    let z_inv2 = f.mul(&z_inv, &z_inv);
    let x = f.plain(&f.mul(&q.x, &z_inv2));
    let y = f.plain(&f.mul(&q.y, &f.mul(&z_inv2, &z_inv)));
    Some([&[4][..], &bignum::to_be(&x, c.size), &bignum::to_be(&y, c.size)].concat())
}

/// Go's `ecdsa.VerifyASN1`: whether `signature`, a DER `SEQUENCE { r INTEGER, s INTEGER }`, is
/// the key's signature of `hash` on the named curve.
pub fn verify_asn1(curve: &str, point: &[u8], hash: &[u8], signature: &[u8]) -> bool {
    let Some(c) = Curve::named(curve) else { return false };
    let Some(q) = c.point(point) else { return false };
    let Some((r, s)) = parse_signature(signature) else { return false };
    let count = c.n.limbs();
    let scalar = |b: &[u8]| bignum::from_be(b, count).filter(|v| !bignum::is_zero(v) && bignum::less(v, c.n.value()));
    let (Some(r), Some(s)) = (scalar(r), scalar(s)) else { return false };
    let e = c.hash_to_scalar(hash);
    let n = &c.n;
    let w = n.invert_prime(&n.montgomery(&s));
    let u1 = n.mul(&e, &w);
    let u2 = n.mul(&r, &w);
    let sum = c.double_mul(&u1, &u2, &q);
    if bignum::is_zero(&sum.z) {
        return false;
    }
    let f = &c.p;
    let z_inv = f.invert_prime(&sum.z);
    let mut x = f.plain(&f.mul(&sum.x, &f.mul(&z_inv, &z_inv)));
    // x < p < 2n for these curves: one subtraction reduces it mod n.
    if !bignum::less(&x, n.value()) {
        bignum::sub_in_place(&mut x, n.value());
    }
    x == r
}

/// The two integers of a DER ECDSA signature as Go's `cryptobyte` reads them: a SEQUENCE with
/// nothing after it, of two minimal non-negative INTEGERs and nothing else; their magnitudes.
fn parse_signature(signature: &[u8]) -> Option<(&[u8], &[u8])> {
    let (body, rest) = der_element(signature, 0x30)?;
    let (r, body) = der_element(body, 0x02)?;
    let (s, body) = der_element(body, 0x02)?;
    if !rest.is_empty() || !body.is_empty() {
        return None;
    }
    Some((unsigned_integer(r)?, unsigned_integer(s)?))
}

/// A minimal, non-negative INTEGER's magnitude, without its leading zero.
fn unsigned_integer(contents: &[u8]) -> Option<&[u8]> {
    match contents {
        [] => None,
        [first, ..] if first & 0x80 != 0 => None,
        [0, next, ..] if next & 0x80 == 0 => None,
        [0, tail @ ..] if !tail.is_empty() => Some(tail),
        _ => Some(contents),
    }
}

#[cfg(test)]
#[path = "ecdsa_tests.rs"]
mod tests;
