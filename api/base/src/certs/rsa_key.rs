//! The checks Go 1.24 and later make of an RSA private key as `x509.ParsePKCS1PrivateKey` reads it (`rsa.PrivateKey.Validate` after `Precompute`: the FIPS module's `NewPrivateKey`, `NewPrivateKeyWithPrecomputation` or, for more than two primes, `NewPrivateKeyWithoutCRT` and `precomputeLegacy`), as a verdict only.
//!
//! Approximated: keys with a modulus over [`MAX_BITS`] bits, and multi-prime keys with more than
//! [`MAX_PRIMES`] primes or primes of more than [`MAX_BITS`] bits together, are not checked, and the CRT
//! coefficient Go computes by Fermat's little theorem (when the key leaves it out) is checked
//! only for primes of at most [`FERMAT_MAX_BITS`] bits; Go checks them all, slowly. The work here
//! is quadratic (the exponentiation cubic) in a key's size, so those limits keep a hostile
//! secret cheap.

use super::bignum::{self, Modulus};

/// The largest modulus, prime or exponent checked, in bits (the largest RSA key in use is
/// smaller).
pub(crate) const MAX_BITS: usize = 16384;
/// The most primes a multi-prime key may have and still be checked.
pub(crate) const MAX_PRIMES: usize = 16;
/// The largest p for which q⁻¹ mod p is computed when the key does not give it (a 8192-bit key's
/// prime).
pub(crate) const FERMAT_MAX_BITS: usize = 4096;

/// A PKCS #1 private key's values, each a positive magnitude without leading zeros.
pub(crate) struct RsaKey<'a> {
    pub(crate) n: &'a [u8],
    pub(crate) e: i64,
    pub(crate) d: &'a [u8],
    /// P, Q and the additional primes.
    pub(crate) primes: Vec<&'a [u8]>,
    /// Dp, Dq and Qinv, when the key has all three (Go precomputes them otherwise).
    pub(crate) crt: Option<[&'a [u8]; 3]>,
}

/// Whether Go's `Validate` accepts the key.
pub(crate) fn valid(key: &RsaKey) -> bool {
    if key.n.len() * 8 > MAX_BITS {
        return true;
    }
    let n = bignum::from_be_all(key.n);
    let d = bignum::from_be_all(key.d);
    // `bigmod.NewModulus(N)`, `SetBytes(d, N)` and `checkPublicKey`.
    if bignum::is_one(&n) || bignum::cmp(&d, &n).is_ge() || !public_key_ok(&n, key.e) {
        return false;
    }
    let primes: Vec<Vec<u32>> = key.primes.iter().map(|p| bignum::from_be_all(p)).collect();
    match primes.as_slice() {
        // Every value is compared with N or a prime below it before any arithmetic.
        [p, q] => two_primes(key, &n, &d, p, q),
        // The primes of a multi-prime key are not compared with N.
        _ if primes.len() > MAX_PRIMES || key.primes.iter().map(|p| p.len() * 8).sum::<usize>() > MAX_BITS => true,
        _ => legacy(&primes),
    }
}

/// `checkPublicKey`: an odd modulus and an odd exponent from 3 to 2³¹ − 1.
fn public_key_ok(n: &[u32], e: i64) -> bool {
    bignum::bit(n, 0) && e >= 2 && e & 1 == 1 && e <= i64::from(i32::MAX)
}

/// `precomputeLegacy` after `NewPrivateKeyWithoutCRT`: every prime above one, and each prime
/// coprime to the product of those before it (Go's `ModInverse` must find an inverse); the
/// product is reduced by the prime first, which leaves the common factors as they are.
fn legacy(primes: &[Vec<u32>]) -> bool {
    if primes.iter().any(|p| bignum::cmp(p, &[1]).is_le()) {
        return false;
    }
    if !bignum::coprime(&primes[1], &primes[0]) {
        return false;
    }
    let mut product = bignum::mul(&primes[0], &primes[1]);
    for prime in &primes[2..] {
        let reduced = bignum::rem(&product, prime).expect("the primes are above one");
        if !bignum::coprime(&reduced, prime) {
            return false;
        }
        product = bignum::mul(&product, prime);
    }
    true
}

/// Two primes: the CRT values as given when all three are, else computed as `newPrivateKey`
/// does, then `checkPrivateKey`.
fn two_primes(key: &RsaKey, n: &[u32], d: &[u32], p: &[u32], q: &[u32]) -> bool {
    // `bigmod.NewModulus` of p, q, p − 1 and q − 1: each above one.
    if bignum::cmp(p, &[2]).is_le() || bignum::cmp(q, &[2]).is_le() {
        return false;
    }
    // p < N and q < N (`checkPrivateKey`, here before the costlier checks).
    if bignum::cmp(p, n).is_ge() || bignum::cmp(q, n).is_ge() {
        return false;
    }
    let (p1, q1) = (minus_one(p), minus_one(q));
    let rem = |a: &[u32], m: &[u32]| bignum::rem(a, m).expect("the moduli here are above one");
    // `qinv` is `None` where the coefficient is not checked (see the module's approximations).
    let (dp, dq, qinv) = match key.crt {
        Some([dp, dq, qinv]) => {
            let qinv = bignum::from_be_all(qinv);
            // `SetBytes(qInv, p)`.
            if bignum::cmp(&qinv, p).is_ge() {
                return false;
            }
            (bignum::from_be_all(dp), bignum::from_be_all(dq), Some(qinv))
        }
        None => {
            // q⁻¹ mod p by Fermat's little theorem, which needs an odd p.
            let Some(pm) = Modulus::new(p.to_vec()) else { return false };
            let qinv = (bignum::bit_len(p) <= FERMAT_MAX_BITS).then(|| {
                let mut exp = p.to_vec();
                bignum::sub_in_place(&mut exp, &[2]);
                pm.plain(&pm.pow(&pm.montgomery(&rem(q, p)), &exp))
            });
            (rem(d, &p1), rem(d, &q1), qinv)
        }
    };
    // p·q ≡ 0 mod N.
    if !bignum::is_zero(&rem(&bignum::mul(p, q), n)) {
        return false;
    }
    // dP < p − 1 and e·dP ≡ 1 mod (p − 1); likewise for q.
    let e = [key.e as u32];
    for (dx, x1) in [(&dp, &p1), (&dq, &q1)] {
        if bignum::cmp(dx, x1).is_ge() || !bignum::is_one(&rem(&bignum::mul(&e, dx), x1)) {
            return false;
        }
    }
    // qInv·q ≡ 1 mod p.
    if qinv.is_some_and(|qinv| !bignum::is_one(&rem(&bignum::mul(&qinv, &rem(q, p)), p))) {
        return false;
    }
    // d agrees with dP and dQ.
    if bignum::cmp(&rem(d, &p1), &dp).is_ne() || bignum::cmp(&rem(d, &q1), &dq).is_ne() {
        return false;
    }
    // |p − q| > 2^(nlen/2 − 100) and d > 2^(nlen/2), with Go's integer halves.
    let half = (bignum::bit_len(n) / 2) as i64;
    let diff = match bignum::cmp(p, q) {
        std::cmp::Ordering::Equal => return false,
        std::cmp::Ordering::Greater => difference(p, q),
        std::cmp::Ordering::Less => difference(q, p),
    };
    bignum::bit_len(&diff) as i64 > half - 100 && bignum::bit_len(d) as i64 > half
}

fn minus_one(x: &[u32]) -> Vec<u32> {
    let mut out = x.to_vec();
    bignum::sub_in_place(&mut out, &[1]);
    out
}

/// a − b for a > b.
fn difference(a: &[u32], b: &[u32]) -> Vec<u32> {
    let mut out = a.to_vec();
    out.resize(a.len().max(b.len()), 0);
    bignum::sub_in_place(&mut out, b);
    out
}
