//! The canonical text of a quantity: the largest suffix that needs no fraction digits, or the text kept from parsing.

use std::cmp::Ordering;
use std::fmt;

use super::{Format, Quantity};

impl Quantity {
    /// Upstream's `String`: the canonical text, or the parsed input when upstream keeps it.
    ///
    /// The canonical form uses the largest suffix of the format that needs no fraction digits:
    /// `1000` is `1k`, `0.1` is `100m`, `1.5Gi` is `1536Mi`, `1.5` is `1500m`, `12e6` stays. A
    /// binary-SI value below 1024 in magnitude, or not a whole number, is written in decimal-SI
    /// form, and a decimal-SI exponent beyond `n`..`E` is written as `e<exponent>`.
    ///
    /// Like upstream, parsing remembers the input text when its fast path judges it canonical (a
    /// decimal with a scale that is a multiple of three, no `000` at the end and no leading zero;
    /// a binary-SI number not divisible by eight), and that text is returned verbatim until the
    /// value changes. This is why `1.441` stays `1.441`, `+1k` stays `+1k` and `1E3` stays `1E3`.
    /// See [`Quantity::canonicalize`] for the form computed from the value alone.
    pub fn to_canonical_string(&self) -> String {
        if let Some(cached) = &self.cached {
            return cached.to_string();
        }
        let (number, suffix) = self.canonicalize();
        number + &suffix
    }

    /// Upstream's `CanonicalizeBytes`: the canonical number and suffix computed from the value and
    /// format, ignoring any text remembered from parsing.
    pub fn canonicalize(&self) -> (String, String) {
        if self.amount.is_zero() {
            return ("0".to_owned(), String::new());
        }
        let mut format = self.format;
        let mut binary_integer = None;
        if format == Format::BinarySI {
            if self.cmp_i64(-1024) == Ordering::Greater && self.cmp_i64(1024) == Ordering::Less {
                // Small values would be rounded by binary suffixes, so use decimal ones.
                format = Format::DecimalSI;
            } else {
                let (rounded, exact) = self.amount.round_away(0);
                match rounded.integer_mag() {
                    Some(mag) if exact => binary_integer = Some(mag),
                    // Never lose precision, and never spell out a giant integer.
                    _ => format = Format::DecimalSI,
                }
            }
        }
        let sign = if self.amount.neg { "-" } else { "" };
        if let Some(mut mag) = binary_integer {
            // Upstream removes every factor of 1024 but has suffixes only up to Ei (1024^6);
            // stopping at Ei keeps a value of 2^70 or more correct instead of dropping its suffix.
            let mut power = 0;
            while power < BINARY_SUFFIXES.len() - 1 {
                let mut quotient = mag.clone();
                if quotient.div_small(1024) != 0 {
                    break;
                }
                mag = quotient;
                power += 1;
            }
            return (format!("{sign}{}", mag.to_decimal()), BINARY_SUFFIXES[power].to_owned());
        }
        let (mag, exponent) = self.amount.canonical_decimal();
        let number = format!("{sign}{}", mag.to_decimal());
        let suffix = match (format, decimal_si_suffix(exponent)) {
            (Format::DecimalSI, Some(suffix)) => suffix.to_owned(),
            // Beyond `E` (and below `n`) there is no SI suffix, so fall back to an exponent.
            _ if exponent == 0 => String::new(),
            _ => format!("e{exponent}"),
        };
        (number, suffix)
    }
}

impl fmt::Display for Quantity {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.to_canonical_string())
    }
}

impl fmt::Debug for Quantity {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Quantity").field("value", &self.to_canonical_string()).field("format", &self.format).finish()
    }
}

/// Binary-SI suffixes by power of 1024.
const BINARY_SUFFIXES: [&str; 7] = ["", "Ki", "Mi", "Gi", "Ti", "Pi", "Ei"];

/// The decimal-SI suffix for a power of ten, if there is one.
fn decimal_si_suffix(exponent: i32) -> Option<&'static str> {
    Some(match exponent {
        -9 => "n",
        -6 => "u",
        -3 => "m",
        0 => "",
        3 => "k",
        6 => "M",
        9 => "G",
        12 => "T",
        15 => "P",
        18 => "E",
        _ => return None,
    })
}
