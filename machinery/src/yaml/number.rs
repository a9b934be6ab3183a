//! Go float formatting: `strconv.FormatFloat(f, 'g', -1, 64|32)` for YAML and `encoding/json` floats.

/// Shortest round-trip decimal digits of a finite float and its decimal point position:
/// the value is `0.DIGITS × 10^point`. Zero gives `"0"` with point 1.
fn shortest_digits(sci: &str) -> (bool, String, i32) {
    // `sci` is Rust's shortest `{:e}` output, e.g. `-1.25e-7` or `3e0`.
    let (neg, body) = match sci.strip_prefix('-') {
        Some(rest) => (true, rest),
        None => (false, sci),
    };
    let (mant, exp) = body.split_once('e').unwrap_or((body, "0"));
    let digits: String = mant.chars().filter(char::is_ascii_digit).collect();
    let exp: i32 = exp.parse().unwrap_or(0);
    (neg, digits, exp + 1)
}

/// Formats like Go `%e` with the shortest digits: `d.ddde±XX`, at least two exponent digits.
fn fmt_e(neg: bool, digits: &str, point: i32) -> String {
    let mut s = String::new();
    if neg {
        s.push('-');
    }
    s.push_str(&digits[..1]);
    if digits.len() > 1 {
        s.push('.');
        s.push_str(&digits[1..]);
    }
    let exp = point - 1;
    s.push('e');
    s.push(if exp < 0 { '-' } else { '+' });
    let abs = exp.unsigned_abs();
    if abs < 10 {
        s.push('0');
    }
    s.push_str(&abs.to_string());
    s
}

/// Formats like Go `%f` with exactly as many fraction digits as the shortest digits need.
fn fmt_f(neg: bool, digits: &str, point: i32) -> String {
    let d = digits.as_bytes();
    let digit = |i: i32| -> char { if i >= 0 && (i as usize) < d.len() { char::from(d[i as usize]) } else { '0' } };
    let mut s = String::new();
    if neg {
        s.push('-');
    }
    if point > 0 {
        for i in 0..point {
            s.push(digit(i));
        }
    } else {
        s.push('0');
    }
    let frac = (d.len() as i32 - point).max(0);
    if frac > 0 {
        s.push('.');
        for i in 0..frac {
            s.push(digit(point + i));
        }
    }
    s
}

/// Go `FormatFloat(f, 'g', -1, bits)` for a finite value given as Rust's shortest `{:e}` text
/// (also what `fmt`'s `%v` prints for a float64, which JSONPath's printer uses).
pub(crate) fn format_g(sci: &str) -> String {
    let (neg, digits, point) = shortest_digits(sci);
    let exp = point - 1;
    // With the shortest precision Go uses the exponent form when the decimal exponent is below
    // -4 or at least 6 (its "eprec" is fixed at 6 in that case).
    if !(-4..6).contains(&exp) { fmt_e(neg, &digits, point) } else { fmt_f(neg, &digits, point) }
}

/// yaml.v2 `floatv` for a float64: `FormatFloat(f, 'g', -1, 64)` with `.inf`, `-.inf` and `.nan`.
pub(super) fn yaml_float(f: f64) -> String {
    if f.is_nan() {
        ".nan".to_owned()
    } else if f.is_infinite() {
        if f > 0.0 { ".inf".to_owned() } else { "-.inf".to_owned() }
    } else {
        format_g(&format!("{f:e}"))
    }
}

/// sigs.k8s.io/yaml's conversion of a float map key: `FormatFloat(f, 'g', -1, 32)` with the same
/// special values, so the float is first rounded to float32.
pub(super) fn yaml_float32_key(f: f64) -> String {
    let g = f as f32;
    if g.is_nan() {
        ".nan".to_owned()
    } else if g.is_infinite() {
        if g > 0.0 { ".inf".to_owned() } else { "-.inf".to_owned() }
    } else {
        format_g(&format!("{g:e}"))
    }
}

/// Go `encoding/json` float64 output: `%f` style unless the magnitude is below 1e-6 or at least
/// 1e21, then `%e` with a one-digit negative exponent cleaned up (`1e-07` becomes `1e-7`).
/// `None` for NaN and infinities, which Go refuses to encode.
pub(super) fn json_float(f: f64) -> Option<String> {
    if !f.is_finite() {
        return None;
    }
    let (neg, digits, point) = shortest_digits(&format!("{f:e}"));
    let abs = f.abs();
    if abs != 0.0 && !(1e-6..1e21).contains(&abs) {
        let mut s = fmt_e(neg, &digits, point);
        let n = s.len();
        if n >= 4 && &s[n - 4..n - 1] == "e-0" {
            s.remove(n - 2);
        }
        Some(s)
    } else {
        Some(fmt_f(neg, &digits, point))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn formats_like_go_g() {
        let cases: &[(f64, &str)] = &[
            (0.0, "0"),
            (-0.0, "-0"),
            (1.0, "1"),
            (1.5, "1.5"),
            (-2.25, "-2.25"),
            (100000.0, "100000"),
            (1e6, "1e+06"),
            (1234567.0, "1.234567e+06"),
            (123456789.0, "1.23456789e+08"),
            (0.0001, "0.0001"),
            (0.00001, "1e-05"),
            (1e21, "1e+21"),
            (1e100, "1e+100"),
            (1.7976931348623157e308, "1.7976931348623157e+308"),
            (5e-324, "5e-324"),
            (0.1, "0.1"),
            (1.0 / 3.0, "0.3333333333333333"),
            (18446744073709551616.0, "1.8446744073709552e+19"),
        ];
        for &(f, want) in cases {
            assert_eq!(yaml_float(f), want, "{f}");
        }
        assert_eq!(yaml_float(f64::NAN), ".nan");
        assert_eq!(yaml_float(f64::INFINITY), ".inf");
        assert_eq!(yaml_float(f64::NEG_INFINITY), "-.inf");
    }

    #[test]
    fn formats_float32_keys() {
        assert_eq!(yaml_float32_key(1.5), "1.5");
        assert_eq!(yaml_float32_key(0.1), "0.1");
        assert_eq!(yaml_float32_key(std::f64::consts::PI), "3.1415927");
        assert_eq!(yaml_float32_key(1e6), "1e+06");
        assert_eq!(yaml_float32_key(1e300), ".inf");
    }

    #[test]
    fn formats_like_go_json() {
        let cases: &[(f64, &str)] = &[
            (0.0, "0"),
            (-0.0, "-0"),
            (1.0, "1"),
            (1e6, "1000000"),
            (1e20, "100000000000000000000"),
            (1e21, "1e+21"),
            (1.5e300, "1.5e+300"),
            (0.000001, "0.000001"),
            (0.0000001, "1e-7"),
            (1.25e-10, "1.25e-10"),
            (123.456, "123.456"),
        ];
        for &(f, want) in cases {
            assert_eq!(json_float(f).unwrap(), want, "{f}");
        }
        assert_eq!(json_float(f64::NAN), None);
    }
}
