//! The arithmetic against small values worked out with machine integers.

use super::*;

fn modulus(n: u64) -> Modulus {
    Modulus::new(from_be(&n.to_be_bytes(), 2).unwrap()).unwrap()
}

fn limbs(v: u64) -> Vec<u32> {
    from_be(&v.to_be_bytes(), 2).unwrap()
}

fn value(l: &[u32]) -> u64 {
    u64::from_be_bytes(to_be(l, 8).try_into().unwrap())
}

#[test]
fn conversions_and_comparisons() {
    assert_eq!(from_be(&[1, 2, 3, 4, 5], 2), Some(vec![0x0203_0405, 1]));
    assert_eq!(from_be(&[0, 0, 0, 0, 0, 7], 1), Some(vec![7]), "leading zeros fit");
    assert_eq!(from_be(&[1, 0, 0, 0, 0], 1), None, "too big");
    assert_eq!(to_be(&[0x0203_0405, 1], 5), [1, 2, 3, 4, 5]);
    assert!(less(&[1, 2], &[2, 2]) && !less(&[2, 2], &[2, 2]) && !less(&[0, 3], &[5, 2]));
    assert_eq!(bit_len(&[0, 0]), 0);
    assert_eq!(bit_len(&[0xffff_ffff, 1]), 33);
    assert!(bit(&[0, 1], 32) && !bit(&[0, 1], 31) && !bit(&[0, 1], 99));
    assert!(Modulus::new(vec![4]).is_none() && Modulus::new(Vec::new()).is_none());
}

#[test]
fn modular_arithmetic_matches_u128() {
    // 2^64 − 59 is prime; 0xffff_fffb (2^32 − 5) is prime and a single limb.
    let m: u64 = u64::MAX - 58;
    let n = modulus(m);
    let mulmod = |a: u64, b: u64| (u128::from(a) * u128::from(b) % u128::from(m)) as u64;
    let (a, b) = (0x0123_4567_89ab_cdef_u64, 0xfedc_ba98_7654_3210_u64 % m);
    assert_eq!(value(&n.plain(&n.mul(&n.montgomery(&limbs(a)), &n.montgomery(&limbs(b))))), mulmod(a, b));
    assert_eq!(value(&n.add(&limbs(m - 1), &limbs(5))), 4);
    assert_eq!(value(&n.sub(&limbs(3), &limbs(5))), m - 2);
    let pow = |base: u64, e: u64| (0..e).fold(1, |acc, _| mulmod(acc, base));
    assert_eq!(value(&n.plain(&n.pow(&n.montgomery(&limbs(a)), &[65537]))), pow(a, 65537));
    let inv = n.plain(&n.invert_prime(&n.montgomery(&limbs(a))));
    assert_eq!(mulmod(value(&inv), a), 1);
    let small = Modulus::new(vec![0xffff_fffb]).unwrap();
    let x = small.plain(&small.invert_prime(&small.montgomery(&[12345])));
    assert_eq!(u64::from(x[0]) * 12345 % 0xffff_fffb, 1);
    // 5^3 mod 33 = 26.
    let m33 = Modulus::new(vec![33]).unwrap();
    assert_eq!(m33.plain(&m33.pow(&m33.montgomery(&[5]), &[3])), [26]);
}

#[test]
fn plain_products_remainders_and_coprimality() {
    let big = |v: u128| from_be_all(&v.to_be_bytes());
    let value = |l: &[u32]| l.iter().rev().fold(0u128, |acc, &x| acc << 32 | u128::from(x));
    let (a, b) = (0x0123_4567_89ab_cdef_u128, 0xfedc_ba98_u128);
    assert_eq!(value(&mul(&big(a), &big(b))), a * b);
    for (x, m) in [(a * b + 7, b), (a, 10), (5, 7), (0, 3), (1 << 100, (1 << 64) + 1), (a, 1 << 40)] {
        assert_eq!(value(&rem(&big(x), &big(m)).unwrap()), x % m, "{x} mod {m}");
    }
    assert_eq!(rem(&big(5), &[0, 0]), None);
    assert!(coprime(&big(35), &big(12)) && !coprime(&big(35), &big(21)) && !coprime(&big(4), &big(6)));
    assert!(coprime(&big(1), &big(0)) && !coprime(&big(0), &big(5)) && !coprime(&big(7), &big(7)));
    assert!(coprime(&big((1 << 89) - 1), &big((1 << 61) - 1)), "two Mersenne primes");
    assert!(!coprime(&big(((1 << 61) - 1) * 3), &big(((1 << 61) - 1) * 5)));
    assert!(cmp(&[1, 0, 0], &[1]).is_eq() && cmp(&[0, 1], &[5]).is_gt() && is_one(&[1, 0]) && !is_one(&[1, 1]));
}
