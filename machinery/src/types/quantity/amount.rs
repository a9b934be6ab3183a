//! Exact decimal arithmetic for quantities: base-10^9 magnitudes, signed amounts and Go's `math.Pow10`.

use std::cmp::Ordering;

/// Go's `math.Pow10`, bit for bit: products and quotients of correctly rounded table entries.
pub(super) fn go_pow10(n: i64) -> f64 {
    const POW10: [f64; 32] = [
        1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19,
        1e20, 1e21, 1e22, 1e23, 1e24, 1e25, 1e26, 1e27, 1e28, 1e29, 1e30, 1e31,
    ];
    const POW10_POS32: [f64; 10] = [1e0, 1e32, 1e64, 1e96, 1e128, 1e160, 1e192, 1e224, 1e256, 1e288];
    const POW10_NEG32: [f64; 11] = [1e-0, 1e-32, 1e-64, 1e-96, 1e-128, 1e-160, 1e-192, 1e-224, 1e-256, 1e-288, 1e-320];
    if (0..=308).contains(&n) {
        let n = n as usize;
        POW10_POS32[n / 32] * POW10[n % 32]
    } else if (-323..=0).contains(&n) {
        let n = n.unsigned_abs() as usize;
        POW10_NEG32[n / 32] / POW10[n % 32]
    } else if n > 0 {
        f64::INFINITY
    } else {
        0.0
    }
}
/// One limb holds nine decimal digits.
const LIMB_BASE: u32 = 1_000_000_000;
const LIMB_DIGITS: u64 = 9;
const POW10_U32: [u32; 10] = [1, 10, 100, 1_000, 10_000, 100_000, 1_000_000, 10_000_000, 100_000_000, 1_000_000_000];

/// A non-negative integer in base 10^9, least significant limb first, without high zero limbs.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(super) struct Mag {
    pub(super) limbs: Vec<u32>,
}

impl Mag {
    pub(super) fn from_u128(mut v: u128) -> Self {
        let mut limbs = Vec::new();
        while v > 0 {
            limbs.push((v % u128::from(LIMB_BASE)) as u32);
            v /= u128::from(LIMB_BASE);
        }
        Self { limbs }
    }

    /// The integer whose decimal digits are the concatenation of `parts` (ASCII digits only).
    pub(super) fn from_digit_parts(parts: &[&[u8]]) -> Self {
        let total: usize = parts.iter().map(|p| p.len()).sum();
        let mut limbs = Vec::with_capacity(total / 9 + 1);
        // Walk the digits from the least significant end, nine at a time.
        let mut limb = 0u32;
        let mut place = 0usize;
        for &c in parts.iter().rev().flat_map(|p| p.iter().rev()) {
            limb += u32::from(c - b'0') * POW10_U32[place];
            place += 1;
            if place == 9 {
                limbs.push(limb);
                limb = 0;
                place = 0;
            }
        }
        if place > 0 {
            limbs.push(limb);
        }
        let mut mag = Self { limbs };
        mag.trim();
        mag
    }

    pub(super) fn trim(&mut self) {
        while self.limbs.last() == Some(&0) {
            self.limbs.pop();
        }
    }

    pub(super) fn is_zero(&self) -> bool {
        self.limbs.is_empty()
    }

    /// The number of decimal digits, zero for zero.
    pub(super) fn digit_count(&self) -> u64 {
        match self.limbs.last() {
            None => 0,
            Some(&top) => (self.limbs.len() as u64 - 1) * LIMB_DIGITS + u64::from(top.ilog10()) + 1,
        }
    }

    /// The number of trailing decimal zeros of a non-zero value.
    pub(super) fn trailing_zeros(&self) -> u64 {
        for (i, &limb) in self.limbs.iter().enumerate() {
            if limb != 0 {
                let mut zeros = 0;
                let mut l = limb;
                while l % 10 == 0 {
                    l /= 10;
                    zeros += 1;
                }
                return i as u64 * LIMB_DIGITS + zeros;
            }
        }
        0
    }

    pub(super) fn mul_small(&mut self, m: u32) {
        let mut carry = 0u64;
        for limb in &mut self.limbs {
            let t = u64::from(*limb) * u64::from(m) + carry;
            *limb = (t % u64::from(LIMB_BASE)) as u32;
            carry = t / u64::from(LIMB_BASE);
        }
        while carry > 0 {
            self.limbs.push((carry % u64::from(LIMB_BASE)) as u32);
            carry /= u64::from(LIMB_BASE);
        }
        self.trim();
    }

    pub(super) fn mul_u64(&mut self, m: u64) {
        let mut carry = 0u128;
        for limb in &mut self.limbs {
            let t = u128::from(*limb) * u128::from(m) + carry;
            *limb = (t % u128::from(LIMB_BASE)) as u32;
            carry = t / u128::from(LIMB_BASE);
        }
        while carry > 0 {
            self.limbs.push((carry % u128::from(LIMB_BASE)) as u32);
            carry /= u128::from(LIMB_BASE);
        }
        self.trim();
    }

    /// Multiplies by 10^k; the caller bounds `k`, which costs about `k` digits of memory.
    pub(super) fn mul_pow10(&mut self, k: u64) {
        if self.is_zero() || k == 0 {
            return;
        }
        self.mul_small(POW10_U32[(k % LIMB_DIGITS) as usize]);
        let whole = usize::try_from(k / LIMB_DIGITS).unwrap_or(usize::MAX);
        if whole > 0 {
            self.limbs.splice(0..0, std::iter::repeat_n(0, whole));
        }
    }

    /// Divides in place by a small divisor and returns the remainder.
    pub(super) fn div_small(&mut self, d: u32) -> u32 {
        let mut rem = 0u64;
        for limb in self.limbs.iter_mut().rev() {
            let cur = rem * u64::from(LIMB_BASE) + u64::from(*limb);
            *limb = (cur / u64::from(d)) as u32;
            rem = cur % u64::from(d);
        }
        self.trim();
        rem as u32
    }

    /// The quotient of a division by 10^k, and whether a remainder was dropped.
    pub(super) fn div_pow10(&self, k: u64) -> (Mag, bool) {
        if k == 0 || self.is_zero() {
            return (self.clone(), false);
        }
        if k >= self.digit_count() {
            return (Mag::default(), true);
        }
        let whole = (k / LIMB_DIGITS) as usize;
        let dropped = self.limbs[..whole].iter().any(|&l| l != 0);
        let mut q = Mag { limbs: self.limbs[whole..].to_vec() };
        let rem = q.div_small(POW10_U32[(k % LIMB_DIGITS) as usize]);
        (q, dropped || rem != 0)
    }

    pub(super) fn increment(&mut self) {
        for limb in &mut self.limbs {
            if *limb + 1 < LIMB_BASE {
                *limb += 1;
                return;
            }
            *limb = 0;
        }
        self.limbs.push(1);
    }

    pub(super) fn add(&self, other: &Mag) -> Mag {
        let n = self.limbs.len().max(other.limbs.len());
        let mut limbs = Vec::with_capacity(n + 1);
        let mut carry = 0u32;
        for i in 0..n {
            let a = self.limbs.get(i).copied().unwrap_or(0);
            let b = other.limbs.get(i).copied().unwrap_or(0);
            let mut t = a + b + carry;
            carry = 0;
            if t >= LIMB_BASE {
                t -= LIMB_BASE;
                carry = 1;
            }
            limbs.push(t);
        }
        if carry > 0 {
            limbs.push(carry);
        }
        Mag { limbs }
    }

    /// `self - other`, for `self >= other`.
    pub(super) fn sub(&self, other: &Mag) -> Mag {
        let mut limbs = Vec::with_capacity(self.limbs.len());
        let mut borrow = 0u32;
        for (i, &a) in self.limbs.iter().enumerate() {
            let b = other.limbs.get(i).copied().unwrap_or(0) + borrow;
            if a >= b {
                limbs.push(a - b);
                borrow = 0;
            } else {
                limbs.push(a + LIMB_BASE - b);
                borrow = 1;
            }
        }
        let mut mag = Mag { limbs };
        mag.trim();
        mag
    }

    pub(super) fn cmp(&self, other: &Mag) -> Ordering {
        self.limbs.len().cmp(&other.limbs.len()).then_with(|| self.limbs.iter().rev().cmp(other.limbs.iter().rev()))
    }

    pub(super) fn to_u128(&self) -> Option<u128> {
        let mut v: u128 = 0;
        for &limb in self.limbs.iter().rev() {
            v = v.checked_mul(u128::from(LIMB_BASE))?.checked_add(u128::from(limb))?;
        }
        Some(v)
    }

    pub(super) fn to_decimal(&self) -> String {
        let Some((top, rest)) = self.limbs.split_last() else {
            return "0".to_owned();
        };
        let mut out = String::with_capacity(self.limbs.len() * 9);
        out.push_str(&top.to_string());
        for limb in rest.iter().rev() {
            out.push_str(&format!("{limb:09}"));
        }
        out
    }
}

/// An exact signed decimal: `±mag × 10^exp`. Zero is never negative.
#[derive(Clone, Debug)]
pub(super) struct Amount {
    pub(super) neg: bool,
    pub(super) mag: Mag,
    pub(super) exp: i64,
}

impl Amount {
    pub(super) fn zero() -> Self {
        Self { neg: false, mag: Mag::default(), exp: 0 }
    }

    pub(super) fn from_i64(value: i64, exp: i64) -> Self {
        Self { neg: value < 0, mag: Mag::from_u128(u128::from(value.unsigned_abs())), exp }
    }

    pub(super) fn is_zero(&self) -> bool {
        self.mag.is_zero()
    }

    pub(super) fn sign(&self) -> i32 {
        match (self.is_zero(), self.neg) {
            (true, _) => 0,
            (false, true) => -1,
            (false, false) => 1,
        }
    }

    pub(super) fn negated(&self) -> Self {
        let mut out = self.clone();
        out.neg = !out.neg && !out.is_zero();
        out
    }

    /// Compares magnitudes of two non-zero amounts without building large powers of ten.
    pub(super) fn cmp_magnitude(&self, other: &Amount) -> Ordering {
        // The position of the leading digit decides unless it is the same, in which case the
        // exponents differ by no more than the digit counts do.
        let lead = |a: &Amount| i128::from(a.mag.digit_count()) + i128::from(a.exp);
        lead(self).cmp(&lead(other)).then_with(|| match self.exp.cmp(&other.exp) {
            Ordering::Equal => self.mag.cmp(&other.mag),
            Ordering::Greater => {
                let mut scaled = self.mag.clone();
                scaled.mul_pow10(self.exp.abs_diff(other.exp));
                scaled.cmp(&other.mag)
            }
            Ordering::Less => {
                let mut scaled = other.mag.clone();
                scaled.mul_pow10(self.exp.abs_diff(other.exp));
                self.mag.cmp(&scaled)
            }
        })
    }

    pub(super) fn cmp_value(&self, other: &Amount) -> Ordering {
        let (a, b) = (self.sign(), other.sign());
        if a != b || a == 0 {
            return a.cmp(&b);
        }
        let magnitude = self.cmp_magnitude(other);
        if a < 0 { magnitude.reverse() } else { magnitude }
    }

    /// The exact sum, aligned to the smaller exponent as upstream aligns.
    pub(super) fn add(&self, other: &Amount) -> Amount {
        if other.is_zero() {
            return self.clone();
        }
        if self.is_zero() {
            return other.clone();
        }
        let exp = self.exp.min(other.exp);
        let mut a = self.mag.clone();
        a.mul_pow10(self.exp.abs_diff(exp));
        let mut b = other.mag.clone();
        b.mul_pow10(other.exp.abs_diff(exp));
        if self.neg == other.neg {
            return Amount { neg: self.neg, mag: a.add(&b), exp };
        }
        match a.cmp(&b) {
            Ordering::Greater => Amount { neg: self.neg, mag: a.sub(&b), exp },
            Ordering::Less => Amount { neg: other.neg, mag: b.sub(&a), exp },
            Ordering::Equal => Amount { neg: false, mag: Mag::default(), exp },
        }
    }

    /// Rounds away from zero to a multiple of 10^exp (when finer), and reports exactness.
    pub(super) fn round_away(&self, exp: i64) -> (Amount, bool) {
        if self.exp >= exp {
            return (self.clone(), true);
        }
        let (mut q, inexact) = self.mag.div_pow10(self.exp.abs_diff(exp));
        if inexact {
            q.increment();
        }
        let neg = self.neg && !q.is_zero();
        (Amount { neg, mag: q, exp }, !inexact)
    }

    /// The magnitude of a whole number with a modest number of digits.
    pub(super) fn integer_mag(&self) -> Option<Mag> {
        const MAX_DIGITS: i64 = 10_000;
        if self.exp < 0 || self.mag.digit_count() as i64 + self.exp > MAX_DIGITS {
            return None;
        }
        let mut mag = self.mag.clone();
        mag.mul_pow10(self.exp as u64);
        Some(mag)
    }

    /// Upstream's `AsCanonicalBytes` for a non-zero amount: the mantissa without trailing zeros,
    /// scaled up so that the exponent is a multiple of three, and that exponent.
    ///
    /// The exponent arithmetic is 32-bit and wrapping, as upstream's is.
    pub(super) fn canonical_decimal(&self) -> (Mag, i32) {
        let zeros = self.mag.trailing_zeros();
        let (mut mag, _) = self.mag.div_pow10(zeros);
        let mut exponent = (self.exp as i32).wrapping_add(zeros as i32);
        match exponent % 3 {
            1 | -2 => {
                mag.mul_small(10);
                exponent = exponent.wrapping_sub(1);
            }
            2 | -1 => {
                mag.mul_small(100);
                exponent = exponent.wrapping_sub(2);
            }
            _ => {}
        }
        (mag, exponent)
    }

    /// The value with trailing zeros moved into the exponent, unique for each value.
    pub(super) fn normalized(&self) -> (bool, Mag, i64) {
        if self.is_zero() {
            return (false, Mag::default(), 0);
        }
        let zeros = self.mag.trailing_zeros();
        let (mag, _) = self.mag.div_pow10(zeros);
        (self.neg, mag, self.exp + zeros as i64)
    }
}
