//! Unsigned big integers as little-endian 32-bit limbs and arithmetic modulo an odd modulus (Montgomery multiplication, addition, subtraction, powers), for verifying RSA and ECDSA signatures; only public values are handled, so nothing here needs to run in constant time.

/// Big-endian bytes as `count` little-endian limbs; `None` when the value does not fit.
pub(crate) fn from_be(be: &[u8], count: usize) -> Option<Vec<u32>> {
    let mut out: Vec<u32> = be.rchunks(4).map(|c| c.iter().fold(0u32, |acc, &b| acc << 8 | u32::from(b))).collect();
    if out.len() > count {
        if out[count..].iter().any(|&l| l != 0) {
            return None;
        }
        out.truncate(count);
    }
    out.resize(count, 0);
    Some(out)
}

/// Limbs as `len` big-endian bytes; the high bytes that do not fit are dropped.
pub(crate) fn to_be(limbs: &[u32], len: usize) -> Vec<u8> {
    let mut out: Vec<u8> = limbs.iter().flat_map(|l| l.to_le_bytes()).take(len).collect();
    out.resize(len, 0);
    out.reverse();
    out
}

/// `a < b`, for limbs of the same count.
pub(crate) fn less(a: &[u32], b: &[u32]) -> bool {
    a.iter().rev().lt(b.iter().rev())
}

pub(crate) fn is_zero(a: &[u32]) -> bool {
    a.iter().all(|&l| l == 0)
}

/// The number of significant bits.
pub(crate) fn bit_len(a: &[u32]) -> usize {
    a.iter().rposition(|&l| l != 0).map_or(0, |i| i * 32 + (32 - a[i].leading_zeros() as usize))
}

/// Bit `i` (0 is the lowest); 0 past the end.
pub(crate) fn bit(a: &[u32], i: usize) -> bool {
    a.get(i / 32).is_some_and(|l| l >> (i % 32) & 1 == 1)
}

/// `a -= b` over `a`'s limbs (`b` no longer); returns the borrow out.
pub(crate) fn sub_in_place(a: &mut [u32], b: &[u32]) -> bool {
    let mut borrow = 0u64;
    for (i, x) in a.iter_mut().enumerate() {
        let y = b.get(i).copied().unwrap_or(0);
        let d = u64::from(*x).wrapping_sub(u64::from(y)).wrapping_sub(borrow);
        *x = d as u32;
        borrow = d >> 63;
    }
    borrow == 1
}

/// `a += b` over `a`'s limbs (`b` no longer); returns the carry out.
fn add_in_place(a: &mut [u32], b: &[u32]) -> bool {
    let mut carry = 0u64;
    for (i, x) in a.iter_mut().enumerate() {
        let v = u64::from(*x) + u64::from(b.get(i).copied().unwrap_or(0)) + carry;
        *x = v as u32;
        carry = v >> 32;
    }
    carry == 1
}

/// An odd modulus with what Montgomery multiplication needs; R = 2^(32 × limbs). Every value
/// passed in has exactly as many limbs as the modulus and is below it.
pub(crate) struct Modulus {
    n: Vec<u32>,
    /// −n⁻¹ mod 2³².
    n0: u32,
    /// R² mod n.
    rr: Vec<u32>,
}

impl Modulus {
    /// `None` for an even (or empty) modulus.
    pub(crate) fn new(n: Vec<u32>) -> Option<Self> {
        let low = *n.first().filter(|l| *l & 1 == 1)?;
        // Newton's iteration doubles the correct low bits of the inverse: 3, 6, 12, 24, 48.
        let mut inv = low;
        for _ in 0..4 {
            inv = inv.wrapping_mul(2u32.wrapping_sub(low.wrapping_mul(inv)));
        }
        let mut m = Modulus { n, n0: inv.wrapping_neg(), rr: Vec::new() };
        m.rr = m.r_squared();
        Some(m)
    }

    pub(crate) fn value(&self) -> &[u32] {
        &self.n
    }

    pub(crate) fn limbs(&self) -> usize {
        self.n.len()
    }

    /// R² mod n, by doubling one 2 × 32 × limbs times.
    fn r_squared(&self) -> Vec<u32> {
        let mut x = vec![0u32; self.n.len()];
        x[0] = 1;
        if self.n.len() == 1 && self.n[0] == 1 {
            x[0] = 0;
        }
        for _ in 0..64 * self.n.len() {
            let mut carry = 0;
            for l in &mut x {
                let next = *l >> 31;
                *l = *l << 1 | carry;
                carry = next;
            }
            if carry == 1 || !less(&x, &self.n) {
                sub_in_place(&mut x, &self.n);
            }
        }
        x
    }

    /// a × b × R⁻¹ mod n (CIOS).
    pub(crate) fn mul(&self, a: &[u32], b: &[u32]) -> Vec<u32> {
        let k = self.n.len();
        let mut t = vec![0u32; k + 2];
        for &bi in b {
            let mut carry = 0u64;
            for (tj, &aj) in t.iter_mut().zip(a) {
                let v = u64::from(*tj) + u64::from(aj) * u64::from(bi) + carry;
                *tj = v as u32;
                carry = v >> 32;
            }
            let v = u64::from(t[k]) + carry;
            t[k] = v as u32;
            t[k + 1] = (v >> 32) as u32;
            let m = u64::from(t[0].wrapping_mul(self.n0));
            let mut carry = (u64::from(t[0]) + m * u64::from(self.n[0])) >> 32;
            for j in 1..k {
                let v = u64::from(t[j]) + m * u64::from(self.n[j]) + carry;
                t[j - 1] = v as u32;
                carry = v >> 32;
            }
            let v = u64::from(t[k]) + carry;
            t[k - 1] = v as u32;
            t[k] = t[k + 1] + (v >> 32) as u32;
            t[k + 1] = 0;
        }
        if t[k] != 0 || !less(&t[..k], &self.n) {
            sub_in_place(&mut t[..k], &self.n);
        }
        t.truncate(k);
        t
    }

    /// a × R mod n: into Montgomery form.
    pub(crate) fn montgomery(&self, a: &[u32]) -> Vec<u32> {
        self.mul(a, &self.rr)
    }

    /// a × R⁻¹ mod n: out of Montgomery form.
    pub(crate) fn plain(&self, a: &[u32]) -> Vec<u32> {
        let mut one = vec![0; self.n.len()];
        one[0] = 1;
        self.mul(a, &one)
    }

    /// a + b mod n.
    pub(crate) fn add(&self, a: &[u32], b: &[u32]) -> Vec<u32> {
        let mut x = a.to_vec();
        if add_in_place(&mut x, b) || !less(&x, &self.n) {
            sub_in_place(&mut x, &self.n);
        }
        x
    }

    /// a − b mod n.
    pub(crate) fn sub(&self, a: &[u32], b: &[u32]) -> Vec<u32> {
        let mut x = a.to_vec();
        if sub_in_place(&mut x, b) {
            add_in_place(&mut x, &self.n);
        }
        x
    }

    /// base^exp for `base` in Montgomery form, the result in Montgomery form; left to right over
    /// the exponent's bits.
    pub(crate) fn pow(&self, base: &[u32], exp: &[u32]) -> Vec<u32> {
        let mut one = vec![0; self.n.len()];
        one[0] = 1;
        let mut acc = self.montgomery(&one);
        for i in (0..bit_len(exp)).rev() {
            acc = self.mul(&acc, &acc);
            if bit(exp, i) {
                acc = self.mul(&acc, base);
            }
        }
        acc
    }

    /// a⁻¹ mod n for a prime n, as a^(n−2) (Fermat), both in Montgomery form.
    pub(crate) fn invert_prime(&self, a: &[u32]) -> Vec<u32> {
        let mut exp = self.n.clone();
        sub_in_place(&mut exp, &[2]);
        self.pow(a, &exp)
    }
}

#[cfg(test)]
#[path = "bignum_tests.rs"]
mod tests;
