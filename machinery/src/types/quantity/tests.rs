//! Tests of quantities: parsing, canonical text, arithmetic and the exact decimal underneath.

use super::amount::Mag;
use super::parse::{Scanned, go_parse_int64, scan};
use super::*;
use std::collections::hash_map::DefaultHasher;
use std::time::Instant;

use Format::{BinarySI, DecimalExponent, DecimalSI};

const MOST_POSITIVE: i64 = i64::MAX;
const MOST_NEGATIVE: i64 = i64::MIN;

fn q(s: &str) -> Quantity {
    Quantity::parse(s).unwrap_or_else(|e| panic!("{s:?}: {e}"))
}

/// Upstream's `decQuantity` and `intQuantity` test helpers: `m × 10^exp` in a format.
fn dec(m: i64, exp: i64, format: Format) -> Quantity {
    Quantity::from_amount(Amount::from_i64(m, exp), format)
}

/// An exact quantity from a plain decimal like `-123.45`, built without the parser.
fn exact(s: &str) -> Quantity {
    let (neg, body) = match s.strip_prefix('-') {
        Some(rest) => (true, rest),
        None => (false, s),
    };
    let (int, frac) = body.split_once('.').unwrap_or((body, ""));
    let mag = Mag::from_digit_parts(&[int.as_bytes(), frac.as_bytes()]);
    let neg = neg && !mag.is_zero();
    Quantity::from_amount(Amount { neg, mag, exp: -(frac.len() as i64) }, DecimalSI)
}

fn negated(x: &Quantity) -> Quantity {
    let mut out = x.clone();
    out.neg();
    out
}

fn hash_of(x: &Quantity) -> u64 {
    let mut h = DefaultHasher::new();
    x.hash(&mut h);
    h.finish()
}

fn max_allowed(format: Format) -> Quantity {
    dec(MOST_POSITIVE, 0, format)
}

/// Upstream's TestQuantityParse table.
fn parse_table() -> Vec<(&'static str, Quantity)> {
    vec![
        ("0", dec(0, 0, DecimalSI)),
        ("0n", dec(0, 0, DecimalSI)),
        ("0u", dec(0, 0, DecimalSI)),
        ("0m", dec(0, 0, DecimalSI)),
        ("0Ki", dec(0, 0, BinarySI)),
        ("0k", dec(0, 0, DecimalSI)),
        ("0Mi", dec(0, 0, BinarySI)),
        ("0M", dec(0, 0, DecimalSI)),
        ("0Gi", dec(0, 0, BinarySI)),
        ("0G", dec(0, 0, DecimalSI)),
        ("0Ti", dec(0, 0, BinarySI)),
        ("0T", dec(0, 0, DecimalSI)),
        // Quantity-less numbers are allowed.
        ("1", dec(1, 0, DecimalSI)),
        // Binary suffixes.
        ("1Ki", dec(1024, 0, BinarySI)),
        ("8Ki", dec(8 * 1024, 0, BinarySI)),
        ("7Mi", dec(7 << 20, 0, BinarySI)),
        ("6Gi", dec(6 << 30, 0, BinarySI)),
        ("5Ti", dec(5 << 40, 0, BinarySI)),
        ("4Pi", dec(4 << 50, 0, BinarySI)),
        ("3Ei", dec(3 << 60, 0, BinarySI)),
        ("10Ti", dec(10 << 40, 0, BinarySI)),
        ("100Ti", dec(100 << 40, 0, BinarySI)),
        // Decimal suffixes.
        ("5n", dec(5, -9, DecimalSI)),
        ("4u", dec(4, -6, DecimalSI)),
        ("3m", dec(3, -3, DecimalSI)),
        ("9", dec(9, 0, DecimalSI)),
        ("8k", dec(8, 3, DecimalSI)),
        ("50k", dec(5, 4, DecimalSI)),
        ("7M", dec(7, 6, DecimalSI)),
        ("6G", dec(6, 9, DecimalSI)),
        ("5T", dec(5, 12, DecimalSI)),
        ("40T", dec(4, 13, DecimalSI)),
        ("300T", dec(3, 14, DecimalSI)),
        ("2P", dec(2, 15, DecimalSI)),
        ("1E", dec(1, 18, DecimalSI)),
        // Decimal exponents.
        ("1E-3", dec(1, -3, DecimalExponent)),
        ("1e3", dec(1, 3, DecimalExponent)),
        ("1E6", dec(1, 6, DecimalExponent)),
        ("1e9", dec(1, 9, DecimalExponent)),
        ("1E12", dec(1, 12, DecimalExponent)),
        ("1e15", dec(1, 15, DecimalExponent)),
        ("1E18", dec(1, 18, DecimalExponent)),
        // Nonstandard but still parsable.
        ("1e14", dec(1, 14, DecimalExponent)),
        ("1e13", dec(1, 13, DecimalExponent)),
        ("1e3", dec(1, 3, DecimalExponent)),
        ("100.035k", dec(100_035, 0, DecimalSI)),
        // Things that look like floating point.
        ("0.001", dec(1, -3, DecimalSI)),
        ("0.0005k", dec(5, -1, DecimalSI)),
        ("0.005", dec(5, -3, DecimalSI)),
        ("0.05", dec(5, -2, DecimalSI)),
        ("0.5", dec(5, -1, DecimalSI)),
        ("0.00050k", dec(5, -1, DecimalSI)),
        ("0.00500", dec(5, -3, DecimalSI)),
        ("0.05000", dec(5, -2, DecimalSI)),
        ("0.50000", dec(5, -1, DecimalSI)),
        ("0.5e0", dec(5, -1, DecimalExponent)),
        ("0.5e-1", dec(5, -2, DecimalExponent)),
        ("0.5e-2", dec(5, -3, DecimalExponent)),
        ("0.5e0", dec(5, -1, DecimalExponent)),
        ("10.035M", dec(10_035, 3, DecimalSI)),
        ("1.2e3", dec(12, 2, DecimalExponent)),
        ("1.3E+6", dec(13, 5, DecimalExponent)),
        ("1.40e9", dec(14, 8, DecimalExponent)),
        ("1.53E12", dec(153, 10, DecimalExponent)),
        ("1.6e15", dec(16, 14, DecimalExponent)),
        ("1.7E18", dec(17, 17, DecimalExponent)),
        ("9.01", dec(901, -2, DecimalSI)),
        ("8.1k", dec(81, 2, DecimalSI)),
        ("7.123456M", dec(7_123_456, 0, DecimalSI)),
        ("6.987654321G", dec(6_987_654_321, 0, DecimalSI)),
        ("5.444T", dec(5444, 9, DecimalSI)),
        ("40.1T", dec(401, 11, DecimalSI)),
        ("300.2T", dec(3002, 11, DecimalSI)),
        ("2.5P", dec(25, 14, DecimalSI)),
        ("1.01E", dec(101, 16, DecimalSI)),
        // Things that saturate or round.
        ("3.001n", dec(4, -9, DecimalSI)),
        ("1.1E-9", dec(2, -9, DecimalExponent)),
        ("0.0000000001", dec(1, -9, DecimalSI)),
        ("0.0000000005", dec(1, -9, DecimalSI)),
        ("0.00000000050", dec(1, -9, DecimalSI)),
        ("0.5e-9", dec(1, -9, DecimalExponent)),
        ("0.9n", dec(1, -9, DecimalSI)),
        ("0.00000012345", dec(124, -9, DecimalSI)),
        ("0.00000012354", dec(124, -9, DecimalSI)),
        ("9Ei", max_allowed(BinarySI)),
        ("9223372036854775807Ki", max_allowed(BinarySI)),
        ("12E", dec(12, 18, DecimalSI)),
        // Fractional binary values are accepted too.
        ("100.035Ki", dec(10_243_584, -2, BinarySI)),
        ("0.5Mi", dec(512 * 1024, 0, BinarySI)),
        ("0.05Gi", dec(536_870_912, -1, BinarySI)),
        ("0.025Ti", dec(274_877_906_944, -1, BinarySI)),
        // Things written by trolls.
        ("0.000000000001Ki", dec(2, -9, DecimalSI)),
        (".001", dec(1, -3, DecimalSI)),
        (".0001k", dec(100, -3, DecimalSI)),
        ("1.", dec(1, 0, DecimalSI)),
        ("1.G", dec(1, 9, DecimalSI)),
    ]
}

#[test]
fn parse_table_values_and_formats() {
    assert_eq!(Quantity::parse(""), Err(QuantityError::FormatWrong));
    for (input, expect) in parse_table() {
        let got = q(input);
        assert_eq!(got, expect, "{input}: got {got:?}");
        assert_eq!(got.format(), expect.format(), "{input}");

        // Decomposing and rebuilding the input gives the same value.
        let parts = scan(input.as_bytes()).unwrap();
        assert_eq!(got.sign() >= 0, parts.positive, "{input}");
        let mut rebuilt = String::new();
        if !parts.positive {
            rebuilt.push('-');
        }
        rebuilt.push_str(std::str::from_utf8(parts.num).unwrap());
        if !parts.denom.is_empty() {
            rebuilt.push('.');
            rebuilt.push_str(std::str::from_utf8(parts.denom).unwrap());
        }
        rebuilt.push_str(std::str::from_utf8(parts.suffix).unwrap());
        assert_eq!(q(&rebuilt), got, "{input} rebuilt as {rebuilt}");

        // The negative of everything.
        let neg = q(&format!("-{input}"));
        assert_eq!(neg, negated(&expect), "-{input}");
        assert_eq!(neg.format(), expect.format(), "-{input}");

        // Everything with an explicit plus.
        let plus = q(&format!("+{input}"));
        assert_eq!(plus, expect, "+{input}");
        assert_eq!(plus.format(), expect.format(), "+{input}");
    }
}

#[test]
fn parse_rejects_upstream_invalid_inputs() {
    let cases = [
        ("1.1.M", QuantityError::FormatWrong),
        ("1+1.0M", QuantityError::FormatWrong),
        ("0.1mi", QuantityError::Suffix),
        ("0.1am", QuantityError::FormatWrong),
        ("aoeu", QuantityError::FormatWrong),
        (".5i", QuantityError::Suffix),
        ("1i", QuantityError::Suffix),
        ("-3.01i", QuantityError::Suffix),
        ("-3.01e-", QuantityError::Suffix),
        // Whitespace is forbidden.
        (" 1", QuantityError::FormatWrong),
        ("1 ", QuantityError::FormatWrong),
        ("Non-Numeric", QuantityError::FormatWrong),
        ("invalid", QuantityError::FormatWrong),
    ];
    for (input, err) in cases {
        assert_eq!(Quantity::parse(input), Err(err), "{input}");
    }
}

#[test]
fn scan_splits_like_upstream() {
    // Upstream's TestParseQuantityString.
    let cases: [(&str, bool, &str, &str, &str, &str); 6] = [
        ("0.025Ti", true, "0.025", "0", "025", "Ti"),
        ("1.025Ti", true, "1.025", "1", "025", "Ti"),
        ("-1.025Ti", false, "-1.025", "1", "025", "Ti"),
        (".", true, ".", "0", "", ""),
        ("-.", false, "-.", "0", "", ""),
        ("1E-3", true, "1", "1", "", "E-3"),
    ];
    for (input, positive, value, num, denom, suffix) in cases {
        let got = scan(input.as_bytes()).unwrap();
        let want = Scanned {
            positive,
            value: value.as_bytes(),
            num: num.as_bytes(),
            denom: denom.as_bytes(),
            suffix: suffix.as_bytes(),
        };
        assert_eq!(got, want, "{input}");
    }
}

#[test]
fn string_table() {
    // Upstream's TestQuantityString: value, canonical form, and an alternate spelling.
    let table = [
        (dec(1 << 30, 0, BinarySI), "1Gi", "1024Mi"),
        (dec(300 << 20, 0, BinarySI), "300Mi", "307200Ki"),
        (dec(6 * 1024, 0, BinarySI), "6Ki", ""),
        (dec(1001 << 30, 0, BinarySI), "1001Gi", "1025024Mi"),
        (dec(1 << 40, 0, BinarySI), "1Ti", "1024Gi"),
        (dec(5, 0, BinarySI), "5", "5000m"),
        (dec(500, -3, BinarySI), "500m", "0.5"),
        (dec(1, 9, DecimalSI), "1G", "1000M"),
        (dec(1000, 6, DecimalSI), "1G", "0.001T"),
        (dec(1_000_000, 3, DecimalSI), "1G", ""),
        (dec(1_000_000_000, 0, DecimalSI), "1G", ""),
        (dec(1, -3, DecimalSI), "1m", "1000u"),
        (dec(80, -3, DecimalSI), "80m", ""),
        (dec(1080, -3, DecimalSI), "1080m", "1.08"),
        (dec(108, -2, DecimalSI), "1080m", "1080000000n"),
        (dec(10800, -4, DecimalSI), "1080m", ""),
        (dec(300, 6, DecimalSI), "300M", ""),
        (dec(1, 12, DecimalSI), "1T", ""),
        (dec(1, 18, DecimalSI), "1E", ""),
        (dec(1, 21, DecimalSI), "1e21", "1000E"),
        (dec(5, 21, DecimalSI), "5e21", "5000E"),
        (dec(1, 24, DecimalSI), "1e24", "1000000E"),
        (dec(1_234_567, 6, DecimalSI), "1234567M", ""),
        (dec(1_234_567, -3, BinarySI), "1234567m", ""),
        (dec(3, 3, DecimalSI), "3k", ""),
        (dec(1025, 0, BinarySI), "1025", ""),
        (dec(0, 0, DecimalSI), "0", ""),
        (dec(0, 0, BinarySI), "0", ""),
        (dec(1, 9, DecimalExponent), "1e9", ".001e12"),
        (dec(1, -3, DecimalExponent), "1e-3", "0.001e0"),
        (dec(1, -9, DecimalExponent), "1e-9", "1000e-12"),
        (dec(80, -3, DecimalExponent), "80e-3", ""),
        (dec(300, 6, DecimalExponent), "300e6", ""),
        (dec(1, 12, DecimalExponent), "1e12", ""),
        (dec(1, 3, DecimalExponent), "1e3", ""),
        (dec(3, 3, DecimalExponent), "3e3", ""),
        (dec(3, 3, DecimalSI), "3k", ""),
        (dec(0, 0, DecimalExponent), "0", "00"),
        (dec(1, -9, DecimalSI), "1n", ""),
        (dec(80, -9, DecimalSI), "80n", ""),
        (dec(1080, -9, DecimalSI), "1080n", ""),
        (dec(108, -8, DecimalSI), "1080n", ""),
        (dec(10800, -10, DecimalSI), "1080n", ""),
        (dec(1, -6, DecimalSI), "1u", ""),
        (dec(80, -6, DecimalSI), "80u", ""),
        (dec(1080, -6, DecimalSI), "1080u", ""),
    ];
    for (input, expect, alternate) in &table {
        assert_eq!(input.to_canonical_string(), *expect, "{input:?}");
        let parsed = q(expect);
        assert_eq!(parsed.cached.as_deref(), Some(*expect), "{expect}: parse did not keep the canonical string");
        if !alternate.is_empty() {
            let alt = q(alternate);
            assert_eq!(alt.cached, None, "{alternate}: unexpected kept string");
            assert_eq!(alt.to_canonical_string(), *expect, "{alternate}");
        }
    }
    for (input, expect, _) in &table {
        if input.is_zero() {
            continue;
        }
        assert_eq!(negated(input).to_string(), format!("-{expect}"), "{input:?}");
    }
}

#[test]
fn parse_emit_table() {
    // Upstream's TestQuantityParseEmit.
    let table = [
        ("1Ki", "1Ki"),
        ("1Mi", "1Mi"),
        ("1Gi", "1Gi"),
        ("1024Mi", "1Gi"),
        ("1000M", "1G"),
        (".001Ki", "1024m"),
        (".000001Ki", "1024u"),
        (".000000001Ki", "1024n"),
        (".000000000001Ki", "2n"),
    ];
    for (input, expect) in table {
        assert_eq!(q(input).to_string(), expect, "{input}");
        assert_eq!(q(&format!("-{input}")).to_string(), format!("-{expect}"), "-{input}");
    }
}

#[test]
fn parse_zero() {
    let zero = q("0");
    assert_eq!(zero.to_string(), "0");
    assert!(zero.is_zero());
    assert_eq!(zero.format(), DecimalSI);
    assert_eq!(Quantity::zero().to_string(), "0");
    assert_eq!(Quantity::default(), zero);
    for s in ["-0", "+0", "00", "0.0", "-0.000Ki", "0e1000000000", "0E", ".", "-.", "-", "+"] {
        assert!(q(s).is_zero(), "{s}");
        assert_eq!(q(s).to_string(), "0", "{s}");
        assert_eq!(q(s).sign(), 0, "{s}");
    }
}

#[test]
fn round_up_table() {
    // Upstream's TestQuantityRoundUp.
    let table = [
        ("9.01", -3, dec(901, -2, DecimalSI), true),
        ("9.01", -2, dec(901, -2, DecimalSI), true),
        ("9.01", -1, dec(91, -1, DecimalSI), false),
        ("9.01", 0, dec(10, 0, DecimalSI), false),
        ("9.01", 1, dec(10, 0, DecimalSI), false),
        ("9.01", 2, dec(100, 0, DecimalSI), false),
        ("-9.01", -3, dec(-901, -2, DecimalSI), true),
        ("-9.01", -2, dec(-901, -2, DecimalSI), true),
        ("-9.01", -1, dec(-91, -1, DecimalSI), false),
        ("-9.01", 0, dec(-10, 0, DecimalSI), false),
        ("-9.01", 1, dec(-10, 0, DecimalSI), false),
        ("-9.01", 2, dec(-100, 0, DecimalSI), false),
    ];
    for (input, scale, expect, ok) in table {
        let mut got = q(input);
        assert_eq!(got.round_up(scale), ok, "{input} {scale}");
        assert_eq!(got, expect, "{input} {scale}");
    }
    // A value already coarse enough keeps its remembered text.
    let mut kept = q("+10m");
    assert!(kept.round_up(-3));
    assert_eq!(kept.to_string(), "+10m");
    assert!(kept.round_up(-2));
    assert_eq!(kept.to_string(), "10m");
}

#[test]
fn cmp_int64_and_dec_table() {
    // Upstream's TestQuantityCmpInt64AndDec.
    let table = [
        (dec(901, -2, DecimalSI), dec(901, -2, DecimalSI), 0),
        (dec(90, -1, DecimalSI), dec(901, -2, DecimalSI), -1),
        (dec(901, -2, DecimalSI), dec(900, -2, DecimalSI), 1),
        (dec(0, 0, DecimalSI), dec(0, 0, DecimalSI), 0),
        (dec(0, 1, DecimalSI), dec(0, -1, DecimalSI), 0),
        (dec(0, -1, DecimalSI), dec(0, 1, DecimalSI), 0),
        (dec(800, -3, DecimalSI), dec(1, 0, DecimalSI), -1),
        (dec(800, -3, DecimalSI), dec(79, -2, DecimalSI), 1),
        (dec(MOST_POSITIVE, 0, DecimalSI), dec(1, -1, DecimalSI), 1),
        (dec(MOST_POSITIVE, 1, DecimalSI), dec(1, 0, DecimalSI), 1),
        (dec(MOST_POSITIVE, 1, DecimalSI), dec(1, 1, DecimalSI), 1),
        (dec(MOST_POSITIVE, 1, DecimalSI), dec(0, 1, DecimalSI), 1),
        (dec(MOST_POSITIVE, -16, DecimalSI), dec(1, 3, DecimalSI), -1),
        (dec(MOST_NEGATIVE, 0, DecimalSI), dec(0, 0, DecimalSI), -1),
        (dec(MOST_NEGATIVE, -18, DecimalSI), dec(-1, 0, DecimalSI), -1),
        (dec(MOST_NEGATIVE, -19, DecimalSI), dec(-1, 0, DecimalSI), 1),
        (dec(1_000_000_000_000_000_000, -17, DecimalSI), dec(1, 1, DecimalSI), 0),
        (dec(1_000_000_000_000_000_000, -17, DecimalSI), dec(-10, 0, DecimalSI), 1),
        (dec(-1_000_000_000_000_000_000, -17, DecimalSI), dec(-10, 0, DecimalSI), 0),
        (dec(1_000_000_000_000_000_000, -17, DecimalSI), dec(1, 0, DecimalSI), 1),
        (dec(1_000_000_000_000_000_001, -17, DecimalSI), dec(1, 1, DecimalSI), 1),
        (dec(999_999_999_999_999_999, -17, DecimalSI), dec(1, 1, DecimalSI), -1),
    ];
    for (a, b, want) in table {
        let want = want.cmp(&0);
        assert_eq!(a.cmp(&b), want, "{a:?} vs {b:?}");
        assert_eq!(b.cmp(&a), want.reverse(), "{b:?} vs {a:?}");
        if want == Ordering::Equal {
            assert_eq!(hash_of(&a), hash_of(&b), "{a:?} vs {b:?}");
        }
    }
}

#[test]
fn cmp_parsed() {
    // Upstream's TestQuantityCmp.
    let table = [
        ("0", "0", Ordering::Equal),
        ("100m", "50m", Ordering::Greater),
        ("50m", "100m", Ordering::Less),
        ("10000T", "100Gi", Ordering::Greater),
        ("1k", "1000", Ordering::Equal),
        ("1Ki", "1024", Ordering::Equal),
        ("1Ki", "1k", Ordering::Greater),
        ("-1Ki", "-1k", Ordering::Less),
        ("1e1000000000", "1e999999999", Ordering::Greater),
        ("1e-1000000000", "1n", Ordering::Equal),
        ("-1e1000000000", "1n", Ordering::Less),
    ];
    for (a, b, want) in table {
        assert_eq!(q(a).cmp(&q(b)), want, "{a} vs {b}");
    }
    assert_eq!(q("1k").cmp_i64(1000), Ordering::Equal);
    assert_eq!(q("1001").cmp_i64(1000), Ordering::Greater);
    assert_eq!(q("-1").cmp_i64(i64::MIN), Ordering::Greater);
}

#[test]
fn equality_and_hash_are_by_value() {
    let groups = [
        vec!["1k", "1000", "1e3", "1000000m", "0.001M", "1.000k", "+1k", "01000"],
        vec!["1Ki", "1024", "1.024k", "1024000000000n"],
        vec!["0", "0Ki", "-0", "0e9", "0.000"],
        vec!["-1.5", "-1500m", "-0.0015k", "-1.5e0"],
    ];
    for group in &groups {
        let first = q(group[0]);
        for s in group {
            let other = q(s);
            assert_eq!(first, other, "{} vs {s}", group[0]);
            assert_eq!(hash_of(&first), hash_of(&other), "{} vs {s}", group[0]);
        }
    }
    let set: std::collections::HashSet<Quantity> =
        ["1k", "1000", "1Ki", "1024", "2", "2000m"].iter().map(|s| q(s)).collect();
    assert_eq!(set.len(), 3);
    assert!(q("1k") < q("1Ki"));
    assert!(q("-1Ki") < q("-1k"));
}

#[test]
fn neg_table() {
    // Upstream's TestQuantityNeg and TestNeg.
    let a = dec(901, -2, DecimalSI);
    let mut out = a.clone();
    out.neg();
    assert_ne!(out, a);
    assert_eq!(out.to_string(), "-9010m");
    let table = [
        (dec(0, 0, DecimalSI), dec(0, 0, DecimalSI)),
        (Quantity::zero(), Quantity::zero()),
        (dec(10, 0, BinarySI), dec(-10, 0, BinarySI)),
        (dec(-10, 0, BinarySI), dec(10, 0, BinarySI)),
    ];
    for (a, expect) in table {
        let mut got = a.clone();
        got.neg();
        assert_eq!(got, expect);
        assert_eq!(got.format(), a.format());
    }
}

#[test]
fn milli_new_set() {
    // Upstream's TestMilliNewSet; its invalid format falls back to DecimalExponent.
    let table = [
        (1, DecimalSI, "1m", true),
        (1000, DecimalSI, "1", true),
        (1_234_000, DecimalSI, "1234", true),
        (1024, BinarySI, "1024m", false),
        (1_000_000, DecimalExponent, "1e3", true),
        (1024 * 1024, BinarySI, "1048576m", false),
    ];
    for (value, format, expect, exact_round_trip) in table {
        let got = Quantity::new_milli(value, format);
        assert_eq!(got.to_string(), expect, "{value}");
        if exact_round_trip {
            assert_eq!(q(&got.to_string()).milli_value(), value, "{value}");
        }
    }
}

#[test]
fn new_set() {
    // Upstream's TestNewSet.
    let table = [
        (1, DecimalSI, "1"),
        (1000, DecimalSI, "1k"),
        (1_234_000, DecimalSI, "1234k"),
        (1024, BinarySI, "1Ki"),
        (1_000_000, DecimalExponent, "1e6"),
        (1024 * 1024, BinarySI, "1Mi"),
    ];
    for (value, format, expect) in table {
        let got = Quantity::new(value, format);
        assert_eq!(got.to_string(), expect, "{value}");
        assert_eq!(q(&got.to_string()).value(), value, "{value}");
    }
}

#[test]
fn new_scaled_set() {
    // Upstream's TestNewScaledSet.
    let table = [
        (1, Quantity::NANO, "1n"),
        (1000, Quantity::NANO, "1u"),
        (1, Quantity::MICRO, "1u"),
        (1000, Quantity::MICRO, "1m"),
        (1, Quantity::MILLI, "1m"),
        (1000, Quantity::MILLI, "1"),
        (1, 0, "1"),
        (0, Quantity::NANO, "0"),
        (0, Quantity::MICRO, "0"),
        (0, Quantity::MILLI, "0"),
        (0, 0, "0"),
    ];
    for (value, scale, expect) in table {
        let got = Quantity::new_scaled(value, scale);
        assert_eq!(got.to_string(), expect, "{value} {scale}");
        assert_eq!(q(&got.to_string()).scaled_value(scale), value, "{value} {scale}");
        assert_eq!(got.format(), DecimalSI);
    }
}

#[test]
fn scaled_value_table() {
    // Upstream's TestScaledValue.
    let table = [
        (Quantity::NANO, Quantity::NANO, 1),
        (Quantity::NANO, Quantity::MICRO, 1),
        (Quantity::NANO, Quantity::MILLI, 1),
        (Quantity::NANO, 0, 1),
        (Quantity::MICRO, Quantity::NANO, 1000),
        (Quantity::MICRO, Quantity::MICRO, 1),
        (Quantity::MICRO, Quantity::MILLI, 1),
        (Quantity::MICRO, 0, 1),
        (Quantity::MILLI, Quantity::NANO, 1_000_000),
        (Quantity::MILLI, Quantity::MICRO, 1000),
        (Quantity::MILLI, Quantity::MILLI, 1),
        (Quantity::MILLI, 0, 1),
        (0, Quantity::NANO, 1_000_000_000),
        (0, Quantity::MICRO, 1_000_000),
        (0, Quantity::MILLI, 1000),
        (0, 0, 1),
        (2, -2, 10_000),
    ];
    for (from, to, expect) in table {
        assert_eq!(Quantity::new_scaled(1, from).scaled_value(to), expect, "{from} {to}");
    }
    // Upstream's TestInt64AmountAsScaledInt64, with saturation on overflow.
    let table = [
        (100, 0, 5, 1),
        (100, 1, 1, 100),
        (100, 5, 2, 100_000),
        (876, 30, 4, i64::MAX),
        (-876, 30, 4, i64::MIN),
        (93, -1, 0, 10),
        (100, -1, 0, 10),
        (-1932, 2, 4, -20),
        (-1900, 2, 4, -19),
    ];
    for (value, scale, to, expect) in table {
        assert_eq!(Quantity::new_scaled(value, scale).scaled_value(to), expect, "{value}e{scale} at {to}");
    }
}

#[test]
fn value_rounds_away_from_zero_and_saturates() {
    assert_eq!(q("1.5").value(), 2);
    assert_eq!(q("-1.5").value(), -2);
    assert_eq!(q("1n").value(), 1);
    assert_eq!(q("-1n").value(), -1);
    assert_eq!(q("-0.0000000001").value(), -1);
    assert_eq!(q("1.0000000000000000001").value(), 2);
    assert_eq!(q("-1.0000000000000000001").value(), -2);
    assert_eq!(q("1.5").milli_value(), 1500);
    assert_eq!(q("0.0001").milli_value(), 1);
    assert_eq!(q("9223372036854775807").value(), i64::MAX);
    assert_eq!(q("9223372036854775808").value(), i64::MAX);
    assert_eq!(q("-9223372036854775808").value(), i64::MIN);
    assert_eq!(q("-9223372036854775809").value(), i64::MIN);
    assert_eq!(q("1e1000000000").value(), i64::MAX);
    assert_eq!(q("-1e1000000000").milli_value(), i64::MIN);
    assert_eq!(q("1e-1000000000").value(), 1);
    assert_eq!(q("10E").value(), i64::MAX);
    assert_eq!(q("9223372036854775807").milli_value(), i64::MAX);
    assert_eq!(q("9223372036854775.807").milli_value(), i64::MAX);
    assert_eq!(Quantity::zero().value(), 0);
    assert_eq!(Quantity::zero().milli_value(), 0);
}

#[test]
fn as_i64_by_value() {
    assert_eq!(q("1k").as_i64(), Some(1000));
    assert_eq!(q("1000m").as_i64(), Some(1));
    assert_eq!(q("1500m").as_i64(), None);
    assert_eq!(q("9223372036854775807").as_i64(), Some(i64::MAX));
    assert_eq!(q("-9223372036854775808").as_i64(), Some(i64::MIN));
    assert_eq!(q("9223372036854775808").as_i64(), None);
    assert_eq!(q("1e1000000000").as_i64(), None);
    assert_eq!(q("1E").as_i64(), Some(1_000_000_000_000_000_000));
    assert_eq!(q("0").as_i64(), Some(0));
}

#[test]
fn sub_table() {
    // Upstream's TestSub.
    let table = [
        (dec(10, 0, DecimalSI), dec(1, 1, DecimalSI), dec(0, 0, DecimalSI)),
        (dec(10, 0, DecimalSI), dec(1, 0, BinarySI), dec(9, 0, DecimalSI)),
        (dec(10, 0, BinarySI), dec(1, 0, DecimalSI), dec(9, 0, BinarySI)),
        (Quantity::zero(), dec(50, 0, DecimalSI), dec(-50, 0, DecimalSI)),
        (dec(50, 0, DecimalSI), Quantity::zero(), dec(50, 0, DecimalSI)),
        (Quantity::zero(), Quantity::zero(), dec(0, 0, DecimalSI)),
    ];
    for (mut a, b, expect) in table {
        a.sub(&b);
        assert_eq!(a, expect);
        assert_eq!(a.format(), expect.format());
    }
}

#[test]
fn add_table() {
    // Upstream's TestAdd.
    let table = [
        (dec(10, 0, DecimalSI), dec(1, 1, DecimalSI), dec(20, 0, DecimalSI)),
        (dec(10, 0, DecimalSI), dec(1, 0, BinarySI), dec(11, 0, DecimalSI)),
        (dec(10, 0, BinarySI), dec(1, 0, DecimalSI), dec(11, 0, BinarySI)),
        (Quantity::zero(), dec(50, 0, DecimalSI), dec(50, 0, DecimalSI)),
        (dec(50, 0, DecimalSI), Quantity::zero(), dec(50, 0, DecimalSI)),
        (Quantity::zero(), Quantity::zero(), dec(0, 0, DecimalSI)),
    ];
    for (mut a, b, expect) in table {
        a.add(&b);
        assert_eq!(a, expect);
        assert_eq!(a.format(), expect.format());
    }
    let mut x = q("1Gi");
    x += &q("512Mi");
    assert_eq!(x.to_string(), "1536Mi");
    x -= &q("1.5Gi");
    assert!(x.is_zero());
}

#[test]
fn mul_table() {
    // Upstream's TestMul.
    let big = |digits: &str| exact(digits);
    let table = [
        (dec(10, 0, DecimalSI), 10, dec(100, 0, DecimalSI), true),
        (dec(10, 0, DecimalSI), 1, dec(10, 0, DecimalSI), true),
        (dec(10, 0, BinarySI), 1, dec(10, 0, BinarySI), true),
        (Quantity::zero(), 50, dec(0, 0, DecimalSI), true),
        (dec(50, 0, DecimalSI), 0, dec(0, 0, DecimalSI), true),
        (Quantity::zero(), 0, dec(0, 0, DecimalSI), true),
        (dec(10, 0, DecimalSI), -10, dec(-100, 0, DecimalSI), true),
        (dec(-10, 0, DecimalSI), 1, dec(-10, 0, DecimalSI), true),
        (dec(10, 0, BinarySI), -1, dec(-10, 0, BinarySI), true),
        (dec(-50, 0, DecimalSI), 0, dec(0, 0, DecimalSI), true),
        (dec(-50, 0, DecimalSI), -50, dec(2500, 0, DecimalSI), true),
        (Quantity::zero(), -50, dec(0, 0, DecimalSI), true),
        (dec(MOST_POSITIVE, 0, DecimalSI), 0, dec(0, 1, DecimalSI), true),
        (dec(MOST_POSITIVE, 0, DecimalSI), 1, dec(MOST_POSITIVE, 0, DecimalSI), true),
        (dec(MOST_POSITIVE, 0, DecimalSI), -1, dec(-MOST_POSITIVE, 0, DecimalSI), true),
        (dec(MOST_POSITIVE / 2, 0, DecimalSI), 2, dec((MOST_POSITIVE / 2) * 2, 0, DecimalSI), true),
        (dec(MOST_POSITIVE / -2, 0, DecimalSI), -2, dec((MOST_POSITIVE / 2) * 2, 0, DecimalSI), true),
        (dec(MOST_POSITIVE, 0, DecimalSI), 2, big("18446744073709551614"), false),
        (dec(MOST_POSITIVE, 0, DecimalSI), 10, dec(MOST_POSITIVE, 1, DecimalSI), false),
        (dec(MOST_POSITIVE, 0, DecimalSI), -10, dec(-MOST_POSITIVE, 1, DecimalSI), false),
        (dec(MOST_NEGATIVE, 0, DecimalSI), 0, dec(0, 1, DecimalSI), true),
        (dec(MOST_NEGATIVE, 0, DecimalSI), 1, dec(MOST_NEGATIVE, 0, DecimalSI), true),
        (dec(MOST_NEGATIVE, 0, DecimalSI), -1, big("9223372036854775808"), false),
        (dec(MOST_NEGATIVE / 2, 0, DecimalSI), 2, dec(MOST_NEGATIVE, 0, DecimalSI), true),
        (dec(MOST_NEGATIVE / -2, 0, DecimalSI), -2, dec(MOST_NEGATIVE, 0, DecimalSI), true),
        (dec(MOST_NEGATIVE, 0, DecimalSI), 2, big("-18446744073709551616"), false),
        (dec(MOST_NEGATIVE, 0, DecimalSI), 10, dec(MOST_NEGATIVE, 1, DecimalSI), false),
        (dec(MOST_NEGATIVE, 0, DecimalSI), -10, big("92233720368547758080"), false),
    ];
    for (i, (mut a, y, expect, ok)) in table.into_iter().enumerate() {
        assert_eq!(a.mul(y), ok, "[{i}]");
        assert_eq!(a, expect, "[{i}]");
    }
}

/// A small deterministic generator standing in for Go's `rand.Int63`.
struct Lcg(u64);

impl Lcg {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1_442_695_040_888_963_407);
        self.0 >> 11 ^ self.0 << 17
    }

    fn int63(&mut self) -> i64 {
        (self.next() >> 1) as i64
    }
}

#[test]
fn add_sub_round_trip() {
    // Upstream's TestAddSubRoundTrip and TestAddSubRoundTripAcrossScales.
    let mut rng = Lcg(42);
    for k in -10..=10 {
        let mut acc = Quantity::zero();
        let order: Vec<i64> = (0..100).map(|_| rng.int63()).collect();
        for &j in &order {
            acc.add(&Quantity::new_scaled(j, k));
        }
        for &j in &order {
            acc.sub(&Quantity::new_scaled(j, k));
        }
        assert!(acc.is_zero(), "{k}: {acc}");
    }
    let mut acc = Quantity::zero();
    let order: Vec<i64> = (0..100).map(|_| rng.int63()).collect();
    for &j in &order {
        acc.add(&Quantity::new_scaled(j, (j % 20 - 10) as i32));
    }
    for &j in &order {
        acc.sub(&Quantity::new_scaled(j, (j % 20 - 10) as i32));
    }
    assert!(acc.is_zero(), "{acc}");
}

#[test]
fn negate_round_trip() {
    // Upstream's TestNegateRoundTrip.
    let mut rng = Lcg(7);
    for k in -10..=10 {
        for _ in 0..100 {
            let original = Quantity::new_scaled(rng.int63(), k);
            let mut b = original.clone();
            b.neg();
            b.neg();
            assert_eq!(b, original);
        }
    }
}

#[test]
fn approximate_f64_table() {
    // Upstream's TestQuantityAsApproximateFloat64.
    let m7 = 7 * 1024 * 1024;
    let mut table = vec![];
    for format in [DecimalSI, DecimalExponent, BinarySI] {
        table.extend([
            (dec(0, 0, format), 0.0),
            (dec(1, 0, format), 1.0),
            (dec(1024, 0, format), 1024.0),
            (dec(8 * 1024, 0, format), 8.0 * 1024.0),
            (dec(m7, 0, format), m7 as f64),
            (dec(m7, 1, format), m7 as f64 * 10.0),
            (dec(m7, 4, format), m7 as f64 * 10000.0),
            (dec(m7, 8, format), m7 as f64 * 100_000_000.0),
            (dec(m7, -1, format), m7 as f64 * go_pow10(-1)),
            (dec(m7, -8, format), m7 as f64 / 100_000_000.0),
        ]);
    }
    table.extend([
        (max_allowed(DecimalSI), i64::MAX as f64),
        (max_allowed(BinarySI), i64::MAX as f64),
        (dec(12, 18, DecimalSI), 1.2e19),
        (dec(12, 500, DecimalSI), f64::INFINITY),
        (dec(-12, 500, DecimalSI), f64::NEG_INFINITY),
    ]);
    for (input, expect) in table {
        assert_eq!(input.as_approximate_f64(), expect, "{input:?}");
    }
    // Upstream's TestStringQuantityAsApproximateFloat64.
    for (input, expect) in [("2Ki", 2048.0), ("1.1Ki", 1126.4e+0), ("1Mi", 1.048576e+06), ("2Gi", 2.147483648e+09)] {
        assert_eq!(q(input).as_approximate_f64(), expect, "{input}");
    }
    assert_eq!(q("1e-1000000000").as_approximate_f64(), 1e-9);
    assert_eq!(q("-1e1000000000").as_approximate_f64(), f64::NEG_INFINITY);
    assert_eq!(q("0e1000").as_approximate_f64(), 0.0);
}

#[test]
fn go_pow10_matches_table_arithmetic() {
    assert_eq!(go_pow10(0), 1.0);
    assert_eq!(go_pow10(308), 1e308);
    assert_eq!(go_pow10(309), f64::INFINITY);
    assert_eq!(go_pow10(-323), 1e-323);
    assert_eq!(go_pow10(-324), 0.0);
    assert_eq!(go_pow10(i64::MAX), f64::INFINITY);
    assert_eq!(go_pow10(i64::MIN), 0.0);
}

#[test]
fn parse_quantity_boundary_table() {
    // Upstream's TestParseQuantity: input, exact value, and the string written back
    // (empty when it is the input itself).
    let table: &[(&str, &str, &str)] = &[
        ("-999999999999999999", "-999999999999999999", ""),
        ("999999999999999999", "999999999999999999", ""),
        ("-999999999999999999.0", "-999999999999999999", "-999999999999999999"),
        ("999999999999999999.0", "999999999999999999", "999999999999999999"),
        ("-999999999999999999.1", "-999999999999999999.1", "-999999999999999999100m"),
        ("999999999999999999.1", "999999999999999999.1", "999999999999999999100m"),
        ("-9999999999999999999", "-9999999999999999999", ""),
        ("9999999999999999999", "9999999999999999999", ""),
        ("-1E", "-1000000000000000000", ""),
        ("1E", "1000000000000000000", ""),
        ("-1000000000000000000", "-1000000000000000000", "-1E"),
        ("1000000000000000000", "1000000000000000000", "1E"),
        ("-9999999999999999999.0", "-9999999999999999999", "-9999999999999999999"),
        ("9999999999999999999.0", "9999999999999999999", "9999999999999999999"),
        ("-1.0E", "-1000000000000000000", "-1E"),
        ("1.0E", "1000000000000000000", "1E"),
        ("-1000000000000000000.0", "-1000000000000000000", "-1E"),
        ("1000000000000000000.0", "1000000000000000000", "1E"),
        ("-9999999999999999999000m", "-9999999999999999999", "-9999999999999999999"),
        ("9999999999999999999000m", "9999999999999999999", "9999999999999999999"),
        ("-9999999999999999999.1", "-9999999999999999999.1", "-9999999999999999999100m"),
        ("9999999999999999999.1", "9999999999999999999.1", "9999999999999999999100m"),
        ("-1.0000000000000000001E", "-1000000000000000000.1", "-1000000000000000000100m"),
        ("1.0000000000000000001E", "1000000000000000000.1", "1000000000000000000100m"),
        ("-1000000000000000000.1", "-1000000000000000000.1", "-1000000000000000000100m"),
        ("1000000000000000000.1", "1000000000000000000.1", "1000000000000000000100m"),
        ("-1.000000000000000001E", "-1000000000000000001", "-1000000000000000001"),
        ("1.000000000000000001E", "1000000000000000001", "1000000000000000001"),
        ("-1000000000000000001", "-1000000000000000001", ""),
        ("1000000000000000001", "1000000000000000001", ""),
        ("-10E", "-10000000000000000000", ""),
        ("10E", "10000000000000000000", ""),
        ("-10000000000000000000", "-10000000000000000000", "-10E"),
        ("10000000000000000000", "10000000000000000000", "10E"),
        ("-10.0E", "-10000000000000000000", "-10E"),
        ("10.0E", "10000000000000000000", "10E"),
        ("-10000000000000000000.0", "-10000000000000000000", "-10E"),
        ("10000000000000000000.0", "10000000000000000000", "10E"),
        ("-10000000000000000000000m", "-10000000000000000000", "-10E"),
        ("10000000000000000000000m", "10000000000000000000", "10E"),
        ("-10.0000000000000000001E", "-10000000000000000000.1", "-10000000000000000000100m"),
        ("10.0000000000000000001E", "10000000000000000000.1", "10000000000000000000100m"),
        ("-10000000000000000000.1", "-10000000000000000000.1", "-10000000000000000000100m"),
        ("10000000000000000000.1", "10000000000000000000.1", "10000000000000000000100m"),
        ("-10.000000000000000001E", "-10000000000000000001", "-10000000000000000001"),
        ("10.000000000000000001E", "10000000000000000001", "10000000000000000001"),
        ("-10000000000000000001", "-10000000000000000001", ""),
        ("10000000000000000001", "10000000000000000001", ""),
        ("-9223372036854775809", "-9223372036854775809", ""),
        ("9223372036854775806", "9223372036854775806", ""),
        ("-9223372036854775809.0", "-9223372036854775809", "-9223372036854775809"),
        ("9223372036854775806.0", "9223372036854775806", "9223372036854775806"),
        ("-9223372036854775809000m", "-9223372036854775809", "-9223372036854775809"),
        ("9223372036854775806000m", "9223372036854775806", "9223372036854775806"),
        ("-9223372036854775809.1", "-9223372036854775809.1", "-9223372036854775809100m"),
        ("9223372036854775806.1", "9223372036854775806.1", "9223372036854775806100m"),
        ("-9223372036854775808", "-9223372036854775808", ""),
        ("9223372036854775807", "9223372036854775807", ""),
        ("-9223372036854775808.0", "-9223372036854775808", "-9223372036854775808"),
        ("9223372036854775807.0", "9223372036854775807", "9223372036854775807"),
        ("-9223372036854775808000m", "-9223372036854775808", "-9223372036854775808"),
        ("9223372036854775807000m", "9223372036854775807", "9223372036854775807"),
        ("-9223372036854775808.1", "-9223372036854775808.1", "-9223372036854775808100m"),
        ("9223372036854775807.1", "9223372036854775807.1", "9223372036854775807100m"),
        ("-9223372036854775807", "-9223372036854775807", ""),
        ("9223372036854775808", "9223372036854775808", ""),
        ("-9223372036854775807.0", "-9223372036854775807", "-9223372036854775807"),
        ("9223372036854775808.0", "9223372036854775808", "9223372036854775808"),
        ("-9223372036854775807000m", "-9223372036854775807", "-9223372036854775807"),
        ("9223372036854775808000m", "9223372036854775808", "9223372036854775808"),
        ("-9223372036854775807.1", "-9223372036854775807.1", "-9223372036854775807100m"),
        ("9223372036854775808.1", "9223372036854775808.1", "9223372036854775808100m"),
    ];
    for &(input, value, canonical) in table {
        let got = q(input);
        assert_eq!(got, exact(value), "{input}");
        let want = if canonical.is_empty() { input } else { canonical };
        assert_eq!(got.to_string(), want, "{input}");
    }
}

#[test]
fn zero_keeps_suffix_through_add_and_sub() {
    // Upstream's TestQuantityAddZeroPreservesSuffix and TestQuantitySubZeroPreservesSuffix.
    for value in ["100m", "1Gi"] {
        let zero = q("0");
        let v = q(value);
        let mut v1 = v.clone();
        v1.add(&zero);
        assert_eq!(v1.to_string(), value);
        let mut v2 = zero.clone();
        v2.add(&v);
        assert_eq!(v2.to_string(), value);

        let mut v3 = v.clone();
        v3.sub(&zero);
        assert_eq!(v3.to_string(), value);
        let mut v4 = zero.clone();
        v4.sub(&v);
        assert_eq!(v4.to_string(), negated(&v).to_string());
    }
}

#[test]
fn most_negative_neg_and_sub() {
    // Upstream's TestNegAndSubAtMostNegative and its neighbours.
    let want = q("9223372036854775808");
    let mut neg = dec(MOST_NEGATIVE, 0, DecimalSI);
    neg.neg();
    assert_eq!(neg.as_i64(), None);
    assert_eq!(neg.sign(), 1);
    assert_eq!(neg.to_string(), "9223372036854775808");
    assert_eq!(neg, want);

    let mut sub = Quantity::zero();
    sub.sub(&dec(MOST_NEGATIVE, 0, DecimalSI));
    assert_eq!(sub.to_string(), "9223372036854775808");

    let mut one_sub = dec(1, 0, DecimalSI);
    one_sub.sub(&dec(MOST_NEGATIVE, 0, DecimalSI));
    assert_eq!(one_sub.as_i64(), None);
    assert_eq!(one_sub.to_string(), "9223372036854775809");

    let mut neighbour = dec(MOST_NEGATIVE + 1, 0, DecimalSI);
    neighbour.neg();
    assert_eq!(neighbour.as_i64(), Some(MOST_POSITIVE));

    let mut sub_neighbour = Quantity::zero();
    sub_neighbour.sub(&dec(MOST_NEGATIVE + 1, 0, DecimalSI));
    assert_eq!(sub_neighbour.as_i64(), Some(MOST_POSITIVE));

    let mut scaled = dec(MOST_NEGATIVE, -3, DecimalSI);
    scaled.neg();
    assert_eq!(scaled.to_string(), "9223372036854775808m");

    let mut scaled_sub = dec(1, -3, DecimalSI);
    scaled_sub.sub(&dec(MOST_NEGATIVE, -3, DecimalSI));
    assert_eq!(scaled_sub.to_string(), "9223372036854775809m");

    let mut zero_scaled_sub = Quantity::zero();
    zero_scaled_sub.sub(&Quantity::new_scaled(MOST_NEGATIVE, Quantity::MILLI));
    assert_eq!(zero_scaled_sub.to_string(), "9223372036854775808m");
    assert_eq!(zero_scaled_sub.sign(), 1);

    // TestZeroSubMostNegativePreservesScale.
    let mut big_scale = Quantity::zero();
    big_scale.sub(&Quantity::new_scaled(MOST_NEGATIVE, 100));
    assert_eq!(big_scale.amount.exp, 100);
    assert_eq!(big_scale.amount.mag.to_decimal(), "9223372036854775808");

    // TestSubMostNegativeCrossScale.
    let mut cross = dec(1, 1, DecimalSI);
    cross.sub(&dec(MOST_NEGATIVE, 0, DecimalSI));
    assert_eq!(cross.to_string(), "9223372036854775818");
    assert_eq!(cross.as_i64(), None);

    // TestZeroSubMostNegativeInheritsFormat.
    let mut inherit = Quantity::zero();
    inherit.sub(&dec(MOST_NEGATIVE, 0, BinarySI));
    assert_eq!(inherit.format(), BinarySI);
    assert_eq!(inherit.to_string(), "8Ei");
    assert_eq!(inherit, want);
}

#[test]
fn serialization_golden() {
    // Upstream's quantity_golden_test.go: the string written, and the canonical form
    // computed without the remembered text (which Add(0) also yields).
    let table: Vec<(Quantity, &str, &str)> = vec![
        (Quantity::zero(), "0", "0"),
        (q("1"), "1", "1"),
        (q("-1"), "-1", "-1"),
        (q("1Ki"), "1Ki", "1Ki"),
        (q("1024Mi"), "1Gi", "1Gi"),
        (q("1000M"), "1G", "1G"),
        (q("1e3"), "1e3", "1e3"),
        (q("0.1"), "100m", "100m"),
        (Quantity::new_milli(1441, DecimalSI), "1441m", "1441m"),
        (q("0.000000000000001"), "1n", "1n"),
        (q("1.441"), "1.441", "1441m"),
        (q("1.000001"), "1.000001", "1000001u"),
        (q("1.000000001"), "1.000000001", "1000000001n"),
        (q("1.5"), "1500m", "1500m"),
        (q("9223372036854775807"), "9223372036854775807", "9223372036854775807"),
        (Quantity::new(i64::MIN, DecimalSI), "-9223372036854775808", "-9223372036854775808"),
        (q("9223372036854775808"), "9223372036854775808", "9223372036854775808"),
        (q("18446744073709551616"), "18446744073709551616", "18446744073709551616"),
        (Quantity::new_scaled(i64::MAX, 1), "92233720368547758070", "92233720368547758070"),
        (q("1E"), "1E", "1E"),
        (q("100E"), "100E", "100E"),
        (q("1000E"), "1e21", "1e21"),
        (q("1e100"), "10e99", "10e99"),
        (Quantity::new_scaled(1, 21), "1e21", "1e21"),
        (q("8Ei"), "9223372036854775807", "9223372036854775807"),
        (q("-20Ei"), "-9223372036854775807", "-9223372036854775807"),
        (q("-9.5Gi"), "-9728Mi", "-9728Mi"),
        (q("-9.5000000001Gi"), "-10200547328107374183n", "-10200547328107374183n"),
    ];
    for (input, string, canonical) in table {
        assert_eq!(input.to_string(), string, "{input:?}");
        let (number, suffix) = input.canonicalize();
        assert_eq!(number + &suffix, canonical, "{input:?}");
        let mut after_add = input.clone();
        after_add.add(&Quantity::new(0, DecimalSI));
        assert_eq!(after_add.to_string(), canonical, "{input:?}");
        // Re-parsing what was written writes the same again.
        assert_eq!(q(string).to_string(), string, "{string}");
    }
}

#[test]
fn out_of_int32_exponents_match_upstream() {
    // Upstream's TestQuantityOutOfInt32ExponentCompatibility.
    let table = [
        ("1e4294967296", Some(1), "1e4294967296"),
        ("1e4294967297", Some(10), "10"),
        ("-1e4294967296", Some(-1), "-1e4294967296"),
        ("1e-4294967296", Some(1), "1e-4294967296"),
        ("1e8589934592", Some(1), "1e8589934592"),
        ("1.25e2147483648", None, "1.25e2147483648"),
        ("1.5e2147483648", None, "150e2147483646"),
        ("1.25e-2147483648", None, "1.25e-2147483648"),
        ("0.5e2147483648", None, "50e2147483646"),
    ];
    for (input, value, string) in table {
        let got = q(input);
        assert_eq!(got.as_i64(), value, "{input}");
        assert_eq!(got.to_string(), string, "{input}");
    }
    assert_eq!(Quantity::parse("1e9223372036854775808"), Err(QuantityError::Suffix));
    assert!(Quantity::parse("1e9223372036854775807").is_ok());
    assert!(Quantity::parse("1e-9223372036854775808").is_ok());
    // Upstream's int64 canonicalisation wraps the exponent here and still writes this.
    assert_eq!(q("10e2147483647").to_string(), "10e2147483647");
}

#[test]
fn sub_nano_values_round_up() {
    // Upstream's TestParseQuantitySubNanoRoundsUp.
    let table = [
        ("1e-2147483647", "1n"),
        ("-1e-2147483647", "-1n"),
        ("1e-100", "1n"),
        ("-1e-100", "-1n"),
        ("1e-10", "1n"),
        ("9e-10", "1n"),
        ("-9e-10", "-1n"),
        ("1e-9", "1n"),
        ("-1e-9", "-1n"),
        ("2e-9", "2n"),
        ("15e-10", "2n"),
        ("1000000000000000000000e-30", "1n"),
        ("1000000000000000000001e-30", "2n"),
        ("999999999999999999999e-30", "1n"),
        ("0e-2147483647", "0"),
        ("0.0e-100", "0"),
        ("0.00000000000000000000001Ki", "1n"),
    ];
    for (input, want) in table {
        assert_eq!(q(input), q(want), "{input}");
    }
    // Upstream's TestParseQuantitySubNanoMatchesRound.
    let table = [
        ("1e-100", "1e-9", DecimalExponent),
        ("0.0000000000001", "1n", DecimalSI),
        ("-0.0000000000001", "-1n", DecimalSI),
        ("0.00000000000000000000001Ki", "1n", DecimalSI),
    ];
    for (input, want, format) in table {
        let got = q(input);
        assert_eq!(got.to_string(), want, "{input}");
        assert_eq!(got.format(), format, "{input}");
    }
    for (shortcut, round_path) in
        [("1e-100", "9e-10"), ("-1e-2147483647", "-9e-10"), ("0.0000000000001", "0.0000000009")]
    {
        let (a, b) = (q(shortcut), q(round_path));
        assert_eq!((a.amount.neg, a.amount.exp), (b.amount.neg, b.amount.exp));
        assert_eq!(a.amount.mag, b.amount.mag);
        assert_eq!(a.format(), b.format());
    }
}

#[test]
fn examples_from_upstream() {
    // Upstream's ExampleFormat and ExampleMustParse.
    assert_eq!(Quantity::new(5 << 30, BinarySI).to_string(), "5Gi");
    assert_eq!(Quantity::new(5_000_000_000, DecimalSI).to_string(), "5G");
    assert_eq!(Quantity::new_milli(5300, DecimalSI).to_string(), "5300m");
    let memory = q("5Gi");
    assert_eq!((memory.value(), memory.format()), (5_368_709_120, BinarySI));
    let disk = q("5G");
    assert_eq!((disk.value(), disk.format()), (5_000_000_000, DecimalSI));
    assert_eq!(q("5300m").milli_value(), 5300);
    assert_eq!(q("5.4").milli_value(), 5400);
    assert_eq!(Format::BinarySI.to_string(), "BinarySI");
}

#[test]
fn canonical_forms_from_the_brief() {
    let table = [
        ("1000", "1k"),
        ("0.1", "100m"),
        ("1.5Gi", "1536Mi"),
        ("1e3", "1e3"),
        ("100m", "100m"),
        ("0", "0"),
        ("-1000", "-1k"),
        ("1024", "1024"),
        ("1Ki", "1Ki"),
        ("12e6", "12e6"),
        ("1.5", "1500m"),
        ("1536Ki", "1536Ki"),
        ("2048Ki", "2Mi"),
        ("1.5Ki", "1536"),
        ("0.5Ki", "512"),
        ("1.1Ki", "1126400m"),
        ("1023.5Ki", "1048064"),
        ("-1.5Gi", "-1536Mi"),
        ("1e-3", "1e-3"),
        ("10e-3", "10e-3"),
        ("100e-3", "100e-3"),
        ("1000e-3", "1"),
        ("1000000e-3", "1e3"),
        ("1.5e3", "1500"),
        ("1e1000000000", "10e999999999"),
        ("1e-1000000000", "1e-9"),
        ("123456789012345678901234567890", "123456789012345678901234567890"),
        ("123456789012345678901234567890000", "123456789012345678901234567890k"),
        ("0.000000001234", "2n"),
    ];
    for (input, want) in table {
        assert_eq!(q(input).to_string(), want, "{input}");
    }
    // Input that upstream deems canonical is written back verbatim.
    for kept in ["+1k", "1E3", "1e+3", "1.500", "000100m", "1.G", "+1Ki", "01Ki", "1.Ki"] {
        assert_eq!(q(kept).to_string(), kept, "{kept}");
        let (number, suffix) = q(kept).canonicalize();
        assert_ne!(number + &suffix, kept, "{kept}");
    }
}

#[test]
fn binary_formatting_corner_cases() {
    assert_eq!(dec(1023, 0, BinarySI).to_string(), "1023");
    assert_eq!(dec(-1023, 0, BinarySI).to_string(), "-1023");
    assert_eq!(dec(1024, 0, BinarySI).to_string(), "1Ki");
    assert_eq!(dec(-2048, 0, BinarySI).to_string(), "-2Ki");
    assert_eq!(dec(-1536, 0, BinarySI).to_string(), "-1536");
    assert_eq!(dec(1, 3, BinarySI).to_string(), "1k");
    assert_eq!(dec(1024, 3, BinarySI).to_string(), "1000Ki");
    // Parsing caps each operand, but arithmetic is not capped.
    let mut big = q("512Ei");
    big.add(&q("512Ei"));
    assert_eq!(big.to_string(), "18446744073709551614");
    // 2^70 keeps the largest suffix rather than losing it.
    let mut two_to_70 = Quantity::new(1 << 60, BinarySI);
    assert!(!two_to_70.mul(1024));
    assert_eq!(two_to_70.to_string(), "1024Ei");
    // A binary value with a huge integer part falls back to decimal-SI.
    let huge = Quantity::new_scaled(1, 1_000_000).with_format(BinarySI);
    assert_eq!(huge.to_string(), "10e999999");
    let mut set = q("1Ki");
    set.set_format(DecimalSI);
    assert_eq!(set.to_string(), "1024");
}

#[test]
fn malformed_inputs_are_rejected_without_panics() {
    let table = [
        ("", QuantityError::FormatWrong),
        ("1.2.3", QuantityError::FormatWrong),
        ("1Z", QuantityError::FormatWrong),
        ("--1", QuantityError::Suffix),
        ("++1", QuantityError::Suffix),
        ("1e", QuantityError::Suffix),
        ("1E+", QuantityError::Suffix),
        ("1ee3", QuantityError::Suffix),
        ("1Ki3", QuantityError::Suffix),
        ("1k-3", QuantityError::Suffix),
        ("1e3.5", QuantityError::FormatWrong),
        ("1e3e3", QuantityError::FormatWrong),
        ("1µ", QuantityError::FormatWrong),
        ("1 k", QuantityError::FormatWrong),
        ("1,5", QuantityError::FormatWrong),
        ("0x10", QuantityError::FormatWrong),
        ("NaN", QuantityError::FormatWrong),
        ("Inf", QuantityError::FormatWrong),
        ("1KI", QuantityError::FormatWrong),
        ("1ki", QuantityError::Suffix),
        ("1Kib", QuantityError::FormatWrong),
        ("1K", QuantityError::Suffix),
        ("1mm", QuantityError::Suffix),
        ("1i", QuantityError::Suffix),
        ("Ei", QuantityError::Numeric),
        ("-.Ei", QuantityError::Numeric),
        (".e-10", QuantityError::Numeric),
        ("e-10", QuantityError::Numeric),
        ("+e-99", QuantityError::Numeric),
        ("\u{0}", QuantityError::FormatWrong),
        ("1\n", QuantityError::FormatWrong),
    ];
    for (input, err) in table {
        assert_eq!(Quantity::parse(input), Err(err), "{input:?}");
    }
    // Upstream accepts these odd spellings, all zero.
    for zero in ["e3", "-e3", "Ki", "-Ki", ".", "-.", "-", "+", ".e-9", "k", "E", "m"] {
        assert!(q(zero).is_zero(), "{zero}");
    }
    assert_eq!(QuantityError::Numeric.to_string(), "unable to parse numeric part of quantity");
    assert_eq!(QuantityError::Suffix.to_string(), "unable to parse quantity's suffix");
    assert_eq!(
        QuantityError::FormatWrong.to_string(),
        "quantities must match the regular expression \
         '^([+-]?[0-9.]+)([eEinumkKMGTP]*[-+]?[0-9]*)$'"
    );
}

#[test]
fn extreme_inputs_are_bounded() {
    let start = Instant::now();
    let long_digits = format!("1{}", "0".repeat(200_000));
    let long_fraction = format!("0.{}1", "0".repeat(200_000));
    let inputs = [
        "1e1000000000".to_owned(),
        "-1e-1000000000".to_owned(),
        "1e2147483647".to_owned(),
        "1e-2147483648".to_owned(),
        "123456789012345678901234567890e2147483647".to_owned(),
        "123456789012345678901234567890e-2147483648".to_owned(),
        "1.5e-2147483648".to_owned(),
        "9999999999999999999999Ei".to_owned(),
        "0.00000000000000000000000000000000000000001Ki".to_owned(),
        long_digits.clone(),
        long_fraction.clone(),
        format!("{long_digits}Ki"),
        format!("{long_digits}e-2000000000"),
        format!("{long_digits}e2000000000"),
    ];
    for input in &inputs {
        let got = q(input);
        let text = got.to_string();
        let again = q(&text);
        let _ = (got.value(), got.milli_value(), got.as_approximate_f64(), got.as_i64());
        let _ = got.cmp(&again);
        let _ = hash_of(&got);
        let _ = got.clone().with_format(BinarySI).to_string();
        let _ = got.clone().with_format(DecimalExponent).to_string();
    }
    assert_eq!(
        q(&long_digits).to_string(),
        format!("1{}", "0".repeat(200_000 % 3)) + &format!("e{}", 200_000 - 200_000 % 3)
    );
    assert_eq!(q(&long_fraction).to_string(), "1n");
    assert_eq!(q(&format!("{long_digits}Ki")).to_string(), "9223372036854775807");
    assert!(start.elapsed().as_secs() < 20, "took {:?}", start.elapsed());
}

#[test]
fn fuzz_round_trips() {
    // Random strings over the quantity alphabet never panic, and whatever parses writes a
    // string that parses back to the same value.
    let alphabet = b"0123456789.+-eEinumkKMGTPZ 01";
    let mut rng = Lcg(2024);
    for _ in 0..200_000 {
        let len = (rng.next() % 12) as usize;
        let bytes: Vec<u8> = (0..len).map(|_| alphabet[(rng.next() % alphabet.len() as u64) as usize]).collect();
        let input = String::from_utf8(bytes).unwrap();
        if let Ok(got) = Quantity::parse(&input) {
            let text = got.to_string();
            let again = Quantity::parse(&text).unwrap_or_else(|e| panic!("{input:?} wrote {text:?}: {e}"));
            assert_eq!(again, got, "{input:?} wrote {text:?}");
            let (number, suffix) = got.canonicalize();
            let canonical = number + &suffix;
            assert_eq!(q(&canonical), got, "{input:?} canonicalised to {canonical:?}");
            assert_eq!(q(&canonical).to_string(), canonical, "{canonical:?} is not stable");
            let mut negated = got.clone();
            negated.neg();
            let mut sum = got.clone();
            sum.add(&negated);
            assert!(sum.is_zero(), "{input:?}");
        }
    }
}

#[test]
fn internal_arithmetic() {
    // Upstream's TestInt64AsCanonicalString, against the internal canonical form.
    for (value, scale, digits, exponent) in
        [(100, 0, "100", 0), (100, 1, "1", 3), (100, -1, "10", 0), (10800, -10, "1080", -9)]
    {
        let (mag, e) = Amount::from_i64(value, scale).canonical_decimal();
        assert_eq!((mag.to_decimal().as_str(), e), (digits, exponent), "{value}e{scale}");
    }
    let m = Mag::from_digit_parts(&[b"123456789012345678901234567890"]);
    assert_eq!(m.to_decimal(), "123456789012345678901234567890");
    assert_eq!(m.digit_count(), 30);
    assert_eq!(Mag::from_digit_parts(&[b"000", b"1000"]).trailing_zeros(), 3);
    let (q10, inexact) = m.div_pow10(10);
    assert_eq!((q10.to_decimal().as_str(), inexact), ("12345678901234567890", true));
    let mut p = m.clone();
    p.mul_pow10(20);
    assert_eq!(p.digit_count(), 50);
    assert_eq!(p.div_pow10(20), (m.clone(), false));
    let mut inc = Mag::from_u128(999_999_999_999_999_999);
    inc.increment();
    assert_eq!(inc.to_decimal(), "1000000000000000000");
    assert_eq!(Mag::from_u128(u128::MAX).to_u128(), Some(u128::MAX));
    let mut over = Mag::from_u128(u128::MAX);
    over.increment();
    assert_eq!(over.to_u128(), None);
    assert_eq!(go_parse_int64(b"-9223372036854775808"), Some(i64::MIN));
    assert_eq!(go_parse_int64(b"9223372036854775808"), None);
    assert_eq!(go_parse_int64(b"+"), None);
    assert_eq!(go_parse_int64(b"+007"), Some(7));
}
