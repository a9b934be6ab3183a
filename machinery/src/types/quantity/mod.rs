//! Kubernetes `resource.Quantity`: exact fixed-point amounts with SI, binary-SI and exponent suffixes.

use std::cmp::Ordering;
use std::fmt;
use std::hash::{Hash, Hasher};
use std::ops::{AddAssign, SubAssign};
use std::str::FromStr;

use amount::{Amount, go_pow10};
use parse::parse_quantity;

mod amount;
mod format;
mod parse;

/// How a quantity is written, and so which suffixes its canonical form uses.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Format {
    /// Powers of ten as an exponent, like `12e6`.
    DecimalExponent,
    /// Powers of two as binary-SI suffixes, like `12Mi` (12 × 2^20).
    BinarySI,
    /// Powers of ten as SI suffixes, like `12M` (12 × 10^6).
    DecimalSI,
}

impl Format {
    /// The upstream name of the format (`"DecimalExponent"`, `"BinarySI"`, `"DecimalSI"`).
    pub const fn as_str(self) -> &'static str {
        match self {
            Format::DecimalExponent => "DecimalExponent",
            Format::BinarySI => "BinarySI",
            Format::DecimalSI => "DecimalSI",
        }
    }
}

impl fmt::Display for Format {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// Why a string is not a quantity; the variants and messages are upstream's three parse errors.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, thiserror::Error)]
#[non_exhaustive]
pub enum QuantityError {
    /// Upstream's `ErrFormatWrong`: the text does not have the shape of a quantity.
    #[error("quantities must match the regular expression '^([+-]?[0-9.]+)([eEinumkKMGTP]*[-+]?[0-9]*)$'")]
    FormatWrong,
    /// Upstream's `ErrNumeric`: the number part has no digits where a number is needed.
    #[error("unable to parse numeric part of quantity")]
    Numeric,
    /// Upstream's `ErrSuffix`: the suffix is not a known SI, binary-SI or exponent suffix.
    #[error("unable to parse quantity's suffix")]
    Suffix,
}

/// A `resource.Quantity`: an exact fixed-point number with a preferred [`Format`].
///
/// The value is held as an exact decimal, a sign and an arbitrary-precision mantissa (base 10^9
/// limbs) times a power of ten, so every input upstream's `ParseQuantity` accepts keeps its exact
/// value, including those beyond `int64` that upstream keeps in an `inf.Dec`.
///
/// Equality, ordering and hashing compare values only, so `1k == 1000` and `1Ki == 1024`; this
/// is upstream's `Cmp`/`Equal`, not Go's `==` on the struct.
///
/// Parsing reproduces upstream's quirks on purpose, because they decide what is written back on
/// the wire: the exponent after `e`/`E` is read as a 64-bit integer and then truncated to 32 bits
/// (`1e4294967297` is `10`), the 32-bit scale arithmetic wraps near `±2^31`, binary-SI values are
/// capped at 2^63-1, finer-than-nano values are rounded away from zero, and inputs that upstream
/// considers canonical are kept verbatim as their string form (`1.500`, `+1k`, `1E3`).
///
/// Limits that remain: [`Quantity::add`] and [`Quantity::sub`] between quantities whose exponents
/// differ by `d` allocate about `d` decimal digits, as upstream's `inf.Dec` does (only exponent
/// spellings such as `1e1000000000` make `d` large), and a binary-SI quantity whose integer value
/// has more than 10 000 digits is written in decimal-SI form instead of spelling out its digits.
#[derive(Clone)]
pub struct Quantity {
    amount: Amount,
    format: Format,
    /// The text upstream remembers from parsing when it judges the input canonical; it is what
    /// [`Quantity::to_canonical_string`] returns until the value changes.
    cached: Option<Box<str>>,
}

impl Quantity {
    /// The scale of nano units (10^-9), for [`Quantity::new_scaled`] and [`Quantity::scaled_value`].
    pub const NANO: i32 = -9;
    /// The scale of micro units (10^-6).
    pub const MICRO: i32 = -6;
    /// The scale of milli units (10^-3).
    pub const MILLI: i32 = -3;
    /// The scale of kilo units (10^3).
    pub const KILO: i32 = 3;
    /// The scale of mega units (10^6).
    pub const MEGA: i32 = 6;
    /// The scale of giga units (10^9).
    pub const GIGA: i32 = 9;
    /// The scale of tera units (10^12).
    pub const TERA: i32 = 12;
    /// The scale of peta units (10^15).
    pub const PETA: i32 = 15;
    /// The scale of exa units (10^18).
    pub const EXA: i32 = 18;

    /// Go's zero value `Quantity{}`, which is written as `0`.
    ///
    /// Upstream's zero value has an empty format string; here it is [`Format::DecimalSI`]. The
    /// difference is invisible: zero always prints as `0`, and adding to or subtracting from a
    /// zero quantity adopts the other operand's format.
    pub fn zero() -> Self {
        Self::from_amount(Amount::zero(), Format::DecimalSI)
    }

    /// Upstream's `NewQuantity`: `value` in `format`.
    pub fn new(value: i64, format: Format) -> Self {
        Self::from_amount(Amount::from_i64(value, 0), format)
    }

    /// Upstream's `NewMilliQuantity`: `value` thousandths in `format`.
    ///
    /// A binary-SI quantity that is not a whole number is written in decimal-SI form.
    pub fn new_milli(value: i64, format: Format) -> Self {
        Self::from_amount(Amount::from_i64(value, -3), format)
    }

    /// Upstream's `NewScaledQuantity`: `value × 10^scale` in [`Format::DecimalSI`].
    pub fn new_scaled(value: i64, scale: i32) -> Self {
        Self::from_amount(Amount::from_i64(value, i64::from(scale)), Format::DecimalSI)
    }

    fn from_amount(amount: Amount, format: Format) -> Self {
        Self { amount, format, cached: None }
    }

    /// Parses every form upstream's `ParseQuantity` accepts, with its errors and rounding.
    ///
    /// The grammar is a sign, digits with an optional point (`1`, `1.5`, `.5`, `1.`, even `.` and
    /// the bare sign, which are zero), and a suffix: SI `n u m k M G T P E`, binary-SI
    /// `Ki Mi Gi Ti Pi Ei`, or an exponent `e3`, `E-3`, `e+3`. Leading and trailing whitespace is
    /// rejected (upstream's JSON decoding trims it first).
    ///
    /// A non-zero value finer than 10^-9 is rounded away from zero to nano precision (`0.9n` is
    /// `1n`), a binary-SI magnitude above 2^63-1 is capped there (`8Ei`), and a binary-SI value
    /// below one becomes decimal-SI. Decimal values are otherwise unbounded and exact.
    pub fn parse(s: &str) -> Result<Self, QuantityError> {
        parse_quantity(s)
    }

    /// The format used when writing this quantity.
    pub fn format(&self) -> Format {
        self.format
    }

    /// Changes the format used when writing this quantity.
    ///
    /// Unlike assigning upstream's `Format` field, this also drops the text remembered from
    /// parsing, so the next [`Quantity::to_canonical_string`] uses the new format.
    pub fn set_format(&mut self, format: Format) {
        self.format = format;
        self.cached = None;
    }

    /// This quantity with another format (see [`Quantity::set_format`]).
    pub fn with_format(mut self, format: Format) -> Self {
        self.set_format(format);
        self
    }

    /// Whether the value is zero.
    pub fn is_zero(&self) -> bool {
        self.amount.is_zero()
    }

    /// `-1`, `0` or `1` as the value is negative, zero or positive.
    pub fn sign(&self) -> i32 {
        self.amount.sign()
    }

    /// Compares the value with an integer (upstream's `CmpInt64`).
    pub fn cmp_i64(&self, other: i64) -> Ordering {
        self.amount.cmp_value(&Amount::from_i64(other, 0))
    }

    /// Upstream's `Value`: the value rounded away from zero to an integer.
    ///
    /// A value outside the `i64` range saturates to `i64::MIN` or `i64::MAX` (upstream calls the
    /// result undefined there; its int64 fast path saturates the same way). Upstream's big-decimal
    /// path rounds a negative non-integer towards zero instead, a bug not reproduced here.
    pub fn value(&self) -> i64 {
        self.scaled_value(0)
    }

    /// Upstream's `MilliValue`: the value in thousandths, rounded away from zero and saturating.
    pub fn milli_value(&self) -> i64 {
        self.scaled_value(Self::MILLI)
    }

    /// Upstream's `ScaledValue`: the value divided by `10^scale`, rounded away from zero and
    /// saturating at the `i64` range.
    pub fn scaled_value(&self, scale: i32) -> i64 {
        let a = &self.amount;
        if a.is_zero() {
            return 0;
        }
        let delta = a.exp - i64::from(scale);
        let magnitude = if delta >= 0 {
            // Anything with more than 20 digits is far outside the i64 range.
            if a.mag.digit_count() as i64 + delta > 20 {
                None
            } else {
                let mut m = a.mag.clone();
                m.mul_pow10(delta as u64);
                m.to_u128()
            }
        } else {
            let (mut q, inexact) = a.mag.div_pow10(delta.unsigned_abs());
            if inexact {
                q.increment();
            }
            q.to_u128()
        };
        match magnitude {
            Some(m) => {
                let m = i128::try_from(m).unwrap_or(i128::MAX);
                let v = if a.neg { -m } else { m };
                v.clamp(i128::from(i64::MIN), i128::from(i64::MAX)) as i64
            }
            None if a.neg => i64::MIN,
            None => i64::MAX,
        }
    }

    /// The value as an `i64` if it is a whole number in range, else `None`.
    ///
    /// Upstream's `AsInt64` also answers `false` whenever the value happens to be held as an
    /// `inf.Dec`; this answers by value alone.
    pub fn as_i64(&self) -> Option<i64> {
        let a = &self.amount;
        if a.is_zero() {
            return Some(0);
        }
        let magnitude = if a.exp >= 0 {
            if a.mag.digit_count() as i64 + a.exp > 20 {
                return None;
            }
            let mut m = a.mag.clone();
            m.mul_pow10(a.exp as u64);
            m.to_u128()?
        } else {
            let (q, inexact) = a.mag.div_pow10(a.exp.unsigned_abs());
            if inexact {
                return None;
            }
            q.to_u128()?
        };
        let m = i128::try_from(magnitude).ok()?;
        i64::try_from(if a.neg { -m } else { m }).ok()
    }

    /// Upstream's `AsApproximateFloat64`: the mantissa rounded to `f64` times Go's `math.Pow10` of
    /// the exponent, bit for bit, with infinities beyond the `f64` range.
    ///
    /// Upstream computes `0 × Pow10(n)` for a zero with an exponent above 308, which is NaN; this
    /// returns `0.0` for every zero.
    pub fn as_approximate_f64(&self) -> f64 {
        let a = &self.amount;
        if a.is_zero() {
            return 0.0;
        }
        // Rust's decimal parser rounds to nearest, ties to even, as big.Float.Float64 does.
        let base: f64 = a.mag.to_decimal().parse().unwrap_or(f64::INFINITY);
        let base = if a.neg { -base } else { base };
        if a.exp == 0 { base } else { base * go_pow10(a.exp) }
    }

    /// Upstream's `Add`: adds `y` exactly. A zero receiver adopts `y`'s format.
    pub fn add(&mut self, y: &Quantity) {
        self.cached = None;
        if self.is_zero() {
            self.format = y.format;
        }
        self.amount = self.amount.add(&y.amount);
    }

    /// Upstream's `Sub`: subtracts `y` exactly. A zero receiver adopts `y`'s format.
    pub fn sub(&mut self, y: &Quantity) {
        self.cached = None;
        if self.is_zero() {
            self.format = y.format;
        }
        self.amount = self.amount.add(&y.amount.negated());
    }

    /// Upstream's `Neg`: negates the value in place.
    pub fn neg(&mut self) {
        self.cached = None;
        if !self.amount.is_zero() {
            self.amount.neg = !self.amount.neg;
        }
    }

    /// Upstream's `Mul`: multiplies the value by `y` exactly.
    ///
    /// Returns whether the resulting mantissa (the digits without the power of ten, as upstream
    /// stores them) still fits an `i64`, which is what upstream reports.
    pub fn mul(&mut self, y: i64) -> bool {
        self.cached = None;
        if self.amount.is_zero() {
            return true;
        }
        if y == 0 {
            self.amount = Amount::zero();
            return true;
        }
        self.amount.mag.mul_u64(y.unsigned_abs());
        self.amount.neg ^= y < 0;
        let limit = if self.amount.neg { 1u128 << 63 } else { (1u128 << 63) - 1 };
        self.amount.mag.to_u128().is_some_and(|m| m <= limit)
    }

    /// Upstream's `RoundUp`: rounds the value away from zero to a multiple of `10^scale`, and
    /// returns whether that was exact.
    ///
    /// A value whose exponent is already at least `scale` is left untouched, together with any
    /// text remembered from parsing.
    pub fn round_up(&mut self, scale: i32) -> bool {
        let scale = i64::from(scale);
        if self.amount.exp >= scale {
            return true;
        }
        self.cached = None;
        let (rounded, exact) = self.amount.round_away(scale);
        self.amount = rounded;
        exact
    }
}

impl Default for Quantity {
    fn default() -> Self {
        Self::zero()
    }
}

impl FromStr for Quantity {
    type Err = QuantityError;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Self::parse(s)
    }
}

impl From<i64> for Quantity {
    /// The integer in [`Format::DecimalSI`].
    fn from(value: i64) -> Self {
        Self::new(value, Format::DecimalSI)
    }
}

impl PartialEq for Quantity {
    fn eq(&self, other: &Self) -> bool {
        self.cmp(other) == Ordering::Equal
    }
}

impl Eq for Quantity {}

impl PartialOrd for Quantity {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl Ord for Quantity {
    /// Upstream's `Cmp`: compares values exactly, whatever their formats.
    fn cmp(&self, other: &Self) -> Ordering {
        self.amount.cmp_value(&other.amount)
    }
}

impl Hash for Quantity {
    fn hash<H: Hasher>(&self, state: &mut H) {
        // Hash the value with trailing zeros moved into the exponent, so equal values agree.
        let (neg, mag, exp) = self.amount.normalized();
        neg.hash(state);
        mag.limbs.hash(state);
        exp.hash(state);
    }
}

impl AddAssign<&Quantity> for Quantity {
    fn add_assign(&mut self, rhs: &Quantity) {
        self.add(rhs);
    }
}

impl SubAssign<&Quantity> for Quantity {
    fn sub_assign(&mut self, rhs: &Quantity) {
        self.sub(rhs);
    }
}

#[cfg(test)]
mod tests;
