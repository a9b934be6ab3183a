//! Unsigned big integers as little-endian 32-bit limbs: arithmetic modulo an odd modulus (Montgomery multiplication, addition, subtraction, powers) and plain products, remainders and coprimality, for verifying RSA and ECDSA signatures and checking a key pair's halves; nothing here runs in constant time (see `key_pair` for the private keys it is given).

/// Big-endian bytes as `count` little-endian limbs; `None` when the value does not fit.
pub fn from_be(be: &[u8], count: usize) -> Option<Vec<u32>> {
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
pub fn to_be(limbs: &[u32], len: usize) -> Vec<u8> {
    let mut out: Vec<u8> = limbs.iter().flat_map(|l| l.to_le_bytes()).take(len).collect();
    out.resize(len, 0);
    out.reverse();
    out
}

/// `a < b`, for limbs of the same count.
pub fn less(a: &[u32], b: &[u32]) -> bool {
    a.iter().rev().lt(b.iter().rev())
}

/// Whether every limb is zero.
pub fn is_zero(a: &[u32]) -> bool {
    a.iter().all(|&l| l == 0)
}

/// The number of significant bits.
pub fn bit_len(a: &[u32]) -> usize {
    a.iter().rposition(|&l| l != 0).map_or(0, |i| i * 32 + (32 - a[i].leading_zeros() as usize))
}

/// Bit `i` (0 is the lowest); 0 past the end.
pub fn bit(a: &[u32], i: usize) -> bool {
    a.get(i / 32).is_some_and(|l| l >> (i % 32) & 1 == 1)
}

/// `a -= b` over `a`'s limbs (`b` no longer); returns the borrow out.
pub fn sub_in_place(a: &mut [u32], b: &[u32]) -> bool {
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

/// Big-endian bytes as just enough limbs.
pub fn from_be_all(be: &[u8]) -> Vec<u32> {
    from_be(be, be.len().div_ceil(4)).expect("the limbs hold every byte")
}

/// `a` compared with `b`, for limbs of any counts.
pub fn cmp(a: &[u32], b: &[u32]) -> std::cmp::Ordering {
    let len = a.len().max(b.len());
    let limb = |v: &[u32], i: usize| v.get(i).copied().unwrap_or(0);
    (0..len).rev().map(|i| limb(a, i).cmp(&limb(b, i))).find(|o| o.is_ne()).unwrap_or(std::cmp::Ordering::Equal)
}

/// Whether the value is one.
pub fn is_one(a: &[u32]) -> bool {
    a.first() == Some(&1) && is_zero(&a[1..])
}

/// a × b, as `a.len() + b.len()` limbs (schoolbook).
pub fn mul(a: &[u32], b: &[u32]) -> Vec<u32> {
    let mut out = vec![0u32; a.len() + b.len()];
    for (i, &x) in a.iter().enumerate() {
        let mut carry = 0u64;
        for (j, &y) in b.iter().enumerate() {
            let v = u64::from(out[i + j]) + u64::from(x) * u64::from(y) + carry;
            out[i + j] = v as u32;
            carry = v >> 32;
        }
        out[i + b.len()] = carry as u32;
    }
    out
}

/// a mod m for any non-zero `m`, as `m.len()` limbs: `a`'s bits shifted in from the top, `m`
/// subtracted whenever the remainder reaches it (time bits(a) × limbs(m)). `None` for m = 0.
pub fn rem(a: &[u32], m: &[u32]) -> Option<Vec<u32>> {
    if is_zero(m) {
        return None;
    }
    // One spare limb: the remainder is below m before each shift, so below 2m after it.
    let mut r = vec![0u32; m.len() + 1];
    for i in (0..bit_len(a)).rev() {
        let mut carry = u32::from(bit(a, i));
        for l in &mut r {
            let next = *l >> 31;
            *l = *l << 1 | carry;
            carry = next;
        }
        if cmp(&r, m).is_ge() {
            sub_in_place(&mut r, m);
        }
    }
    r.truncate(m.len());
    Some(r)
}

/// Whether a and b have no common factor but 1 (binary GCD; gcd(0, b) = b). Each round
/// subtracts the smaller from the larger and drops the difference's factors of two, so the
/// rounds are at most the bits of both together.
pub fn coprime(a: &[u32], b: &[u32]) -> bool {
    let len = a.len().max(b.len());
    let (mut a, mut b) = (a.to_vec(), b.to_vec());
    a.resize(len, 0);
    b.resize(len, 0);
    if is_zero(&a) || is_zero(&b) {
        return is_one(&a) || is_one(&b);
    }
    if !bit(&a, 0) && !bit(&b, 0) {
        return false;
    }
    strip_twos(&mut a);
    strip_twos(&mut b);
    loop {
        match cmp(&a, &b) {
            std::cmp::Ordering::Equal => return is_one(&a),
            std::cmp::Ordering::Greater => {
                sub_in_place(&mut a, &b);
                strip_twos(&mut a);
            }
            std::cmp::Ordering::Less => {
                sub_in_place(&mut b, &a);
                strip_twos(&mut b);
            }
        }
    }
}

/// Divides a non-zero value by two until it is odd.
fn strip_twos(a: &mut [u32]) {
    let zeros = (0..bit_len(a)).take_while(|&i| !bit(a, i)).count();
    let (limbs, bits) = (zeros / 32, zeros % 32);
    for i in 0..a.len() {
        let lo = a.get(i + limbs).copied().unwrap_or(0);
        let hi = a.get(i + limbs + 1).copied().unwrap_or(0);
        a[i] = if bits == 0 { lo } else { lo >> bits | hi << (32 - bits) };
    }
}

/// An odd modulus with what Montgomery multiplication needs; R = 2^(32 × limbs). Every value
/// passed in has exactly as many limbs as the modulus and is below it.
pub struct Modulus {
    n: Vec<u32>,
    /// −n⁻¹ mod 2³².
    n0: u32,
    /// R² mod n.
    rr: Vec<u32>,
}

impl Modulus {
    /// `None` for an even (or empty) modulus.
    pub fn new(n: Vec<u32>) -> Option<Self> {
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

    /// The modulus itself.
    pub fn value(&self) -> &[u32] {
        &self.n
    }

    /// How many limbs its values have.
    pub fn limbs(&self) -> usize {
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
    pub fn mul(&self, a: &[u32], b: &[u32]) -> Vec<u32> {
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
    pub fn montgomery(&self, a: &[u32]) -> Vec<u32> {
        self.mul(a, &self.rr)
    }

    /// a × R⁻¹ mod n: out of Montgomery form.
    pub fn plain(&self, a: &[u32]) -> Vec<u32> {
        let mut one = vec![0; self.n.len()];
        one[0] = 1;
        self.mul(a, &one)
    }

    /// a + b mod n.
    pub fn add(&self, a: &[u32], b: &[u32]) -> Vec<u32> {
        let mut x = a.to_vec();
        if add_in_place(&mut x, b) || !less(&x, &self.n) {
            sub_in_place(&mut x, &self.n);
        }
        x
    }

    /// a − b mod n.
    pub fn sub(&self, a: &[u32], b: &[u32]) -> Vec<u32> {
        let mut x = a.to_vec();
        if sub_in_place(&mut x, b) {
            add_in_place(&mut x, &self.n);
        }
        x
    }

    /// base^exp for `base` in Montgomery form, the result in Montgomery form; left to right over
    /// the exponent's bits.
    pub fn pow(&self, base: &[u32], exp: &[u32]) -> Vec<u32> {
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
    pub fn invert_prime(&self, a: &[u32]) -> Vec<u32> {
        let mut exp = self.n.clone();
        sub_in_place(&mut exp, &[2]);
        self.pow(a, &exp)
    }
}

#[cfg(test)]
#[path = "bignum_tests.rs"]
mod tests;
