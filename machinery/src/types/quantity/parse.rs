//! Upstream's `ParseQuantity`: the permissive scanner, suffix interpretation, rounding and what text is kept.

use std::cmp::Ordering;

use super::amount::{Amount, Mag};
use super::{Format, Quantity, QuantityError};

/// The characters upstream's scanner accepts at the start of a suffix.
const SUFFIX_CHARS: &[u8] = b"eEinumkKMGTP";

/// The pieces of a quantity string, as upstream's `parseQuantityString` splits them.
#[derive(Debug, PartialEq, Eq)]
pub(super) struct Scanned<'a> {
    pub(super) positive: bool,
    /// The sign and number text, used to decide whether any digit was present.
    pub(super) value: &'a [u8],
    /// The integer digits without leading zeros, or `0`.
    pub(super) num: &'a [u8],
    /// The fraction digits.
    pub(super) denom: &'a [u8],
    pub(super) suffix: &'a [u8],
}

/// Upstream's `parseQuantityString`, a permissive scanner whose output is checked later.
pub(super) fn scan(s: &[u8]) -> Result<Scanned<'_>, QuantityError> {
    let end = s.len();
    let mut positive = true;
    let mut pos = 0;
    match s.first() {
        Some(b'-') => {
            positive = false;
            pos += 1;
        }
        Some(b'+') => pos += 1,
        _ => {}
    }
    let whole = |num, denom| Scanned { positive, value: s, num, denom, suffix: b"" };

    // Strip leading zeros; a string of nothing else is zero.
    while pos < end && s[pos] == b'0' {
        pos += 1;
    }
    if pos >= end {
        return Ok(Scanned { positive, value: b"0", num: b"0", denom: b"", suffix: b"" });
    }

    // The integer digits.
    let num_start = pos;
    while pos < end && s[pos].is_ascii_digit() {
        pos += 1;
    }
    if pos >= end {
        return Ok(whole(&s[num_start..], b""));
    }
    let num: &[u8] = if pos == num_start { b"0" } else { &s[num_start..pos] };

    // The fraction digits. Upstream allows an empty fraction, as in `1.G`.
    let mut denom: &[u8] = b"";
    if s[pos] == b'.' {
        pos += 1;
        let denom_start = pos;
        while pos < end && s[pos].is_ascii_digit() {
            pos += 1;
        }
        if pos >= end {
            return Ok(whole(num, &s[denom_start..]));
        }
        denom = &s[denom_start..pos];
    }
    let value = &s[..pos];

    // The suffix: letters, then an optional sign and digits for an exponent.
    let suffix_start = pos;
    while pos < end && SUFFIX_CHARS.contains(&s[pos]) {
        pos += 1;
    }
    if pos < end && (s[pos] == b'-' || s[pos] == b'+') {
        pos += 1;
    }
    while pos < end && s[pos].is_ascii_digit() {
        pos += 1;
    }
    if pos < end {
        return Err(QuantityError::FormatWrong);
    }
    Ok(Scanned { positive, value, num, denom, suffix: &s[suffix_start..] })
}

/// Upstream's suffix interpretation: the base (10 or 2), the power of that base, and the format.
fn interpret_suffix(suffix: &[u8]) -> Option<(u32, i32, Format)> {
    let decimal = |exponent| Some((10, exponent, Format::DecimalSI));
    let binary = |exponent| Some((2, exponent, Format::BinarySI));
    match suffix {
        b"" => decimal(0),
        b"n" => decimal(-9),
        b"u" => decimal(-6),
        b"m" => decimal(-3),
        b"k" => decimal(3),
        b"M" => decimal(6),
        b"G" => decimal(9),
        b"T" => decimal(12),
        b"P" => decimal(15),
        b"E" => decimal(18),
        b"Ki" => binary(10),
        b"Mi" => binary(20),
        b"Gi" => binary(30),
        b"Ti" => binary(40),
        b"Pi" => binary(50),
        b"Ei" => binary(60),
        [b'e' | b'E', rest @ ..] if !rest.is_empty() => {
            // Upstream parses 64 bits and then keeps the low 32 (`int32(parsed)`).
            let parsed = go_parse_int64(rest)?;
            Some((10, parsed as i32, Format::DecimalExponent))
        }
        _ => None,
    }
}

/// Go's `strconv.ParseInt(s, 10, 64)`: an optional sign and at least one digit, in range.
pub(super) fn go_parse_int64(s: &[u8]) -> Option<i64> {
    let (neg, digits) = match s.first() {
        Some(b'-') => (true, &s[1..]),
        Some(b'+') => (false, &s[1..]),
        _ => (false, s),
    };
    if digits.is_empty() {
        return None;
    }
    let mut magnitude: u64 = 0;
    for &c in digits {
        if !c.is_ascii_digit() {
            return None;
        }
        magnitude = magnitude.checked_mul(10)?.checked_add(u64::from(c - b'0'))?;
    }
    if neg {
        if magnitude > 1 << 63 {
            return None;
        }
        Some((magnitude as i64).wrapping_neg())
    } else {
        i64::try_from(magnitude).ok()
    }
}

/// Upstream's `ParseQuantity`.
pub(super) fn parse_quantity(s: &str) -> Result<Quantity, QuantityError> {
    let bytes = s.as_bytes();
    if bytes.is_empty() {
        return Err(QuantityError::FormatWrong);
    }
    if s == "0" {
        return Ok(Quantity { amount: Amount::zero(), format: Format::DecimalSI, cached: Some(s.into()) });
    }
    let scanned = scan(bytes)?;
    let (base, exponent, mut format) = interpret_suffix(scanned.suffix).ok_or(QuantityError::Suffix)?;
    let digits = scanned.num.len() as i64 + scanned.denom.len() as i64;

    // Upstream's fast path: few enough digits for the value to fit an int64.
    let (precision, mut scale, shift) = match format {
        Format::DecimalExponent | Format::DecimalSI => (18 - digits, exponent, 0),
        Format::BinarySI if scanned.denom.is_empty() => {
            // Roughly the decimal digits left once the binary multiplier is applied.
            let multiplier_digits = i64::from(exponent) * 3 / 10;
            (15 - scanned.num.len() as i64 - multiplier_digits - 1, 0, exponent as u32)
        }
        Format::BinarySI => (-1, 0, 0),
    };
    if precision >= 0 {
        // Upstream does this in 32 bits, so an exponent near -2^31 wraps to a huge scale.
        scale = scale.wrapping_sub(scanned.denom.len() as i32);
        if scale >= Quantity::NANO {
            let mut shifted = Vec::with_capacity(18);
            shifted.extend_from_slice(scanned.num);
            shifted.extend_from_slice(scanned.denom);
            // At most 18 digits, so this cannot overflow.
            let value = shifted.iter().fold(0u64, |acc, &c| acc * 10 + u64::from(c - b'0'));
            if let Some(result) = value.checked_mul(1u64 << shift).filter(|&r| r <= i64::MAX as u64) {
                let result = result as i64;
                let signed = if scanned.positive { result } else { -result };
                let canonical = match format {
                    Format::BinarySI => value & 0x07 != 0,
                    _ => scale % 3 == 0 && !shifted.ends_with(b"000") && shifted[0] != b'0',
                };
                return Ok(Quantity {
                    amount: Amount::from_i64(signed, i64::from(scale)),
                    format,
                    cached: canonical.then(|| s.into()),
                });
            }
        }
    }

    // Upstream's big-decimal path, which needs at least one digit in the number.
    if !scanned.value.iter().any(u8::is_ascii_digit) {
        return Err(QuantityError::Numeric);
    }
    let mut mag = Mag::from_digit_parts(&[scanned.num, scanned.denom]);
    let denom_len = scanned.denom.len() as i32;
    let exp = if base == 10 {
        // inf.Dec keeps the negated exponent in 32 bits, wrapping as upstream does.
        -i64::from(denom_len.wrapping_add(exponent.wrapping_neg()))
    } else {
        let mut remaining = exponent as u32;
        while remaining > 0 {
            let step = remaining.min(30);
            mag.mul_small(1 << step);
            remaining -= step;
        }
        -i64::from(denom_len)
    };
    let mut amount = Amount { neg: false, mag, exp };
    if !amount.is_zero() {
        if amount.exp < -9 {
            // Round non-zero values up to the smallest unit rather than to zero.
            amount = amount.round_away(-9).0;
        } else if amount.exp > -9 && amount.exp <= 308 {
            // Upstream's rounding leaves the mantissa at scale 10^-9; mirroring that keeps
            // as_approximate_f64 and mul bit-compatible. Larger exponents stay compact, where
            // the float is infinite either way.
            amount.mag.mul_pow10((amount.exp + 9) as u64);
            amount.exp = -9;
        }
    }
    if format == Format::BinarySI {
        let max = Amount::from_i64(i64::MAX, 0);
        if amount.cmp_value(&max) == Ordering::Greater {
            amount = max;
        }
        if !amount.is_zero() && amount.cmp_value(&Amount::from_i64(1, 0)) == Ordering::Less {
            // This avoids rounding, and hopefully confusion, too.
            format = Format::DecimalSI;
        }
    }
    amount.neg = !scanned.positive && !amount.is_zero();
    Ok(Quantity { amount, format, cached: None })
}
