//! Fuzzes Quantity parsing, canonical text and arithmetic: no panic, text round trips, sums are exact.
#![no_main]

// Input: one or two quantities, one per line.

use std::cmp::Ordering;
use std::hash::{BuildHasher, RandomState};

use kapi_machinery::types::Quantity;
use kapi_machinery::types::quantity::Format;
use libfuzzer_sys::fuzz_target;

/// Exact arithmetic between `1e-999999999` and `1e999999999` needs two billion digits, as it does
/// upstream; operands whose exponent is this large are only parsed and printed, not added.
const MAX_ARITHMETIC_EXPONENT: i64 = 1000;

fn exponent_is_small(text: &str) -> bool {
    match text.find(['e', 'E']) {
        Some(i) => text[i + 1..].parse::<i64>().is_ok_and(|e| e.abs() <= MAX_ARITHMETIC_EXPONENT),
        None => true,
    }
}

/// Parsing caps a binary-SI magnitude above 2^63-1 (as upstream), so only smaller ones can come
/// back from their binary-SI text.
fn survives_text(q: &Quantity, text: &str) -> bool {
    !text.ends_with('i') || (q.cmp_i64(i64::MAX) != Ordering::Greater && q.cmp_i64(-i64::MAX) != Ordering::Less)
}

/// The canonical text parses back to the same value, and so does the form computed from the value.
fn check_text(q: &Quantity, what: &str) {
    let text = q.to_canonical_string();
    let back = Quantity::parse(&text).unwrap_or_else(|e| panic!("{what}: canonical text {text:?} does not parse: {e}"));
    if survives_text(q, &text) {
        assert_eq!(&back, q, "{what}: {text:?} parses to another value");
    }
    let (number, suffix) = q.canonicalize();
    let computed = format!("{number}{suffix}");
    let back = Quantity::parse(&computed)
        .unwrap_or_else(|e| panic!("{what}: canonical form {computed:?} does not parse: {e}"));
    if survives_text(q, &computed) {
        assert_eq!(&back, q, "{what}: {computed:?} parses to another value");
    }
}

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else { return };
    let mut lines = text.splitn(2, '\n');
    let a_text = lines.next().unwrap_or_default();
    let b_text = lines.next().unwrap_or("1");
    let Ok(a) = Quantity::parse(a_text) else { return };
    check_text(&a, a_text);
    for format in [Format::DecimalSI, Format::BinarySI, Format::DecimalExponent] {
        check_text(&a.clone().with_format(format), &format!("{a_text} as {format}"));
    }
    let _ = (a.value(), a.milli_value(), a.as_i64(), a.as_approximate_f64());
    let Ok(b) = Quantity::parse(b_text) else { return };
    if !exponent_is_small(a_text) || !exponent_is_small(b_text) {
        return;
    }
    let mut sum = a.clone();
    sum.add(&b);
    check_text(&sum, &format!("{a_text} + {b_text}"));
    let mut other_way = b.clone();
    other_way.add(&a);
    assert_eq!(sum, other_way, "{a_text} + {b_text} is not commutative");
    // Addition is exact, so subtracting again gives back the first operand, and the sum orders
    // against it as the second operand's sign says.
    assert_eq!(sum.cmp(&a), b.sign().cmp(&0), "{a_text} + {b_text} against {a_text}");
    let mut back = sum.clone();
    back.sub(&b);
    assert_eq!(back, a, "{a_text} + {b_text} - {b_text}");
    let mut negated = a.clone();
    negated.neg();
    negated.neg();
    assert_eq!(negated, a, "-(-{a_text})");
    // Equal values hash equally, whatever their text.
    if a == b {
        let hasher = RandomState::new();
        assert_eq!(hasher.hash_one(&a), hasher.hash_one(&b), "{a_text} and {b_text} are equal but hash apart");
    }
});
