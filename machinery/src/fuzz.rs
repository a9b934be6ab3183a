//! Seeded random objects for round-trip tests, the counterpart of upstream's gofuzz-based fuzzer:
//! every type fills itself with random values ([`Fuzz`], derived for API types), and per-type
//! custom functions registered on the [`Fuzzer`] replace that where random values would not
//! survive a round trip (values defaulting would change, invariants a type must keep).
//!
//! The generator is deterministic for a seed, so a failing object is reproduced from the seed
//! the test prints.

use std::any::{Any, TypeId};
use std::collections::{BTreeMap, HashMap};
use std::sync::Arc;

use crate::map_key::MapKey;
use crate::types::{Duration, FieldsV1, IntOrString, MicroTime, Quantity, RawExtension, Time, quantity};

type CustomFn = Arc<dyn Fn(&mut dyn Any, &mut Fuzzer) + Send + Sync>;

/// The random source and settings of a fuzz run, with the custom functions by type.
pub struct Fuzzer {
    state: u64,
    seed: u64,
    /// Chance in percent that an `Option` stays `None`.
    pub nil_chance: u8,
    /// Most elements in a generated slice or map.
    pub max_elements: usize,
    /// How deep nested optional values go before they stay empty.
    pub max_depth: usize,
    depth: usize,
    custom: HashMap<TypeId, CustomFn>,
}

impl std::fmt::Debug for Fuzzer {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Fuzzer")
            .field("seed", &self.seed)
            .field("nil_chance", &self.nil_chance)
            .field("max_elements", &self.max_elements)
            .field("custom_types", &self.custom.len())
            .finish()
    }
}

/// A type that fills itself with random values.
pub trait Fuzz: 'static {
    /// Replaces every field with random values, ignoring custom functions for this type (nested
    /// values go through [`Fuzzer::fuzz`], so their custom functions apply).
    fn fuzz_no_custom(&mut self, f: &mut Fuzzer);
}

impl Fuzzer {
    /// A fuzzer for a seed, with upstream's defaults (20 % nil, up to 3 elements).
    pub fn new(seed: u64) -> Self {
        // xorshift never leaves the all-zero state.
        let state = match seed ^ 0x9E37_79B9_7F4A_7C15 {
            0 => 0x9E37_79B9_7F4A_7C15,
            s => s,
        };
        Fuzzer { state, seed, nil_chance: 20, max_elements: 3, max_depth: 12, depth: 0, custom: HashMap::new() }
    }

    /// The seed this fuzzer started from.
    pub fn seed(&self) -> u64 {
        self.seed
    }

    /// Registers a custom function for `T`: it runs instead of the random fill wherever a `T` is
    /// fuzzed, and may call [`Fuzzer::fuzz_no_custom`] on its argument first.
    pub fn register<T: Fuzz>(&mut self, f: fn(&mut T, &mut Fuzzer)) {
        self.custom.insert(
            TypeId::of::<T>(),
            Arc::new(move |v: &mut dyn Any, fz: &mut Fuzzer| {
                if let Some(t) = v.downcast_mut::<T>() {
                    f(t, fz);
                }
            }),
        );
    }

    /// Fills `v` with random values, through its custom function if one is registered.
    pub fn fuzz<T: Fuzz>(&mut self, v: &mut T) {
        match self.custom.get(&TypeId::of::<T>()).cloned() {
            Some(custom) => custom(v, self),
            None => v.fuzz_no_custom(self),
        }
    }

    /// Fills `v` with random values without its own custom function.
    pub fn fuzz_no_custom<T: Fuzz>(&mut self, v: &mut T) {
        v.fuzz_no_custom(self);
    }

    /// A new random `T`.
    pub fn make<T: Fuzz + Default>(&mut self) -> T {
        let mut v = T::default();
        self.fuzz(&mut v);
        v
    }

    /// The next raw random value (xorshift64*).
    pub fn next_u64(&mut self) -> u64 {
        let mut x = self.state;
        x ^= x >> 12;
        x ^= x << 25;
        x ^= x >> 27;
        self.state = x;
        x.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }

    /// A value in `0..n` (0 when `n` is 0).
    pub fn below(&mut self, n: u64) -> u64 {
        if n == 0 { 0 } else { self.next_u64() % n }
    }

    /// A random boolean.
    pub fn bool(&mut self) -> bool {
        self.next_u64() & 1 == 1
    }

    /// Whether an optional value should stay unset.
    pub fn nil(&mut self) -> bool {
        self.depth >= self.max_depth || self.below(100) < u64::from(self.nil_chance)
    }

    /// How many elements a slice or map gets.
    pub fn collection_len(&mut self) -> usize {
        if self.depth >= self.max_depth { 0 } else { self.below(self.max_elements as u64 + 1) as usize }
    }

    /// One of the given values.
    pub fn pick<'a, T>(&mut self, values: &'a [T]) -> &'a T {
        &values[self.below(values.len() as u64) as usize]
    }

    /// A random string of up to 12 characters: mostly letters and digits, sometimes characters
    /// that JSON and YAML must quote or escape, and some non-ASCII text. U+2028/U+2029 are left
    /// out: yaml.v2 writes them as YAML 1.1 line breaks, which the YAML 1.2 parser we read YAML
    /// with does not strip (a known limit, see docs/type-language.md); JSON and protobuf tests of
    /// them are in the codec unit tests.
    pub fn string(&mut self) -> String {
        const PLAIN: &[u8] = b"abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-._";
        const SPECIAL: &[&str] =
            &[" ", ":", "#", "'", "\"", "\\", "\n", "\t", "é", "日本", "<", ">", "&", "{", "[", "*", "%"];
        const WORDS: &[&str] = &["", "true", "null", "no", "~", "0", "1.5", "-", "0x10", "y"];
        if self.below(10) == 0 {
            return (*self.pick(WORDS)).to_owned();
        }
        let n = self.below(13);
        let mut s = String::new();
        for _ in 0..n {
            if self.below(8) == 0 {
                let special: &str = SPECIAL[self.below(SPECIAL.len() as u64) as usize];
                s.push_str(special);
            } else {
                s.push(char::from(*self.pick(PLAIN)));
            }
        }
        s
    }

    fn nested<T: Fuzz>(&mut self, v: &mut T) {
        self.depth += 1;
        self.fuzz(v);
        self.depth -= 1;
    }
}

impl Fuzz for String {
    fn fuzz_no_custom(&mut self, f: &mut Fuzzer) {
        *self = f.string();
    }
}

impl Fuzz for bool {
    fn fuzz_no_custom(&mut self, f: &mut Fuzzer) {
        *self = f.bool();
    }
}

macro_rules! fuzz_int {
    ($($t:ty),*) => {$(
        impl Fuzz for $t {
            fn fuzz_no_custom(&mut self, f: &mut Fuzzer) {
                // Small values are common in real objects; full-range values test the codecs.
                *self = if f.bool() { (f.below(100)) as $t } else { f.next_u64() as $t };
            }
        }
    )*};
}
fuzz_int!(i32, i64, u32, u64, u8);

impl Fuzz for f64 {
    fn fuzz_no_custom(&mut self, f: &mut Fuzzer) {
        let v = f64::from_bits(f.next_u64());
        *self = if v.is_finite() { v } else { f.below(1000) as f64 / 8.0 };
    }
}

impl Fuzz for f32 {
    fn fuzz_no_custom(&mut self, f: &mut Fuzzer) {
        let v = f32::from_bits(f.next_u64() as u32);
        *self = if v.is_finite() { v } else { f.below(1000) as f32 / 8.0 };
    }
}

impl<T: Fuzz + Default> Fuzz for Option<T> {
    fn fuzz_no_custom(&mut self, f: &mut Fuzzer) {
        if f.nil() {
            *self = None;
        } else {
            let mut v = T::default();
            f.nested(&mut v);
            *self = Some(v);
        }
    }
}

impl<T: Fuzz> Fuzz for Box<T> {
    fn fuzz_no_custom(&mut self, f: &mut Fuzzer) {
        f.fuzz(&mut **self);
    }
}

impl<T: Fuzz + Default> Fuzz for Vec<T> {
    fn fuzz_no_custom(&mut self, f: &mut Fuzzer) {
        let n = f.collection_len();
        self.clear();
        for _ in 0..n {
            let mut v = T::default();
            f.nested(&mut v);
            self.push(v);
        }
    }
}

impl<K: MapKey + Fuzz + Default + Ord, V: Fuzz + Default> Fuzz for BTreeMap<K, V> {
    fn fuzz_no_custom(&mut self, f: &mut Fuzzer) {
        let n = f.collection_len();
        self.clear();
        for _ in 0..n {
            let k: K = f.make();
            let mut v = V::default();
            f.nested(&mut v);
            self.insert(k, v);
        }
    }
}

/// Whole seconds between 1970 and 2200, as upstream's fuzzer keeps times in a sensible range.
impl Fuzz for Time {
    fn fuzz_no_custom(&mut self, f: &mut Fuzzer) {
        *self = Time::from_unix(f.below(7_258_118_400) as i64);
    }
}

/// Microsecond precision: what the wire forms carry.
impl Fuzz for MicroTime {
    fn fuzz_no_custom(&mut self, f: &mut Fuzzer) {
        *self = MicroTime::from_unix(f.below(7_258_118_400) as i64, f.below(1_000_000) as u32 * 1000);
    }
}

impl Fuzz for Duration {
    fn fuzz_no_custom(&mut self, f: &mut Fuzzer) {
        *self = Duration(f.next_u64() as i64);
    }
}

/// A quantity as the wire carries it: a random number and suffix, parsed, and parsed again from
/// its own text so the value, format and text are the ones a decoder produces. (Constructed
/// quantities are not always stable: a binary-SI value that is not a multiple of 1024 prints as a
/// plain integer, which parses as decimal-SI — upstream behaves the same, and its fuzzer sticks to
/// small decimal-exponent values.)
impl Fuzz for Quantity {
    fn fuzz_no_custom(&mut self, f: &mut Fuzzer) {
        const SUFFIXES: &[&str] = &["", "n", "u", "m", "k", "M", "G", "Ki", "Mi", "Gi", "e3", "e-3", "E6"];
        let number = f.below(1_000_000);
        let suffix = SUFFIXES[f.below(SUFFIXES.len() as u64) as usize];
        let sign = if f.below(8) == 0 { "-" } else { "" };
        let text = format!("{sign}{number}{suffix}");
        *self = Quantity::parse(&text)
            .and_then(|q| Quantity::parse(&q.to_string()))
            .unwrap_or_else(|_| Quantity::new(number as i64, quantity::Format::DecimalSI));
    }
}

impl Fuzz for IntOrString {
    fn fuzz_no_custom(&mut self, f: &mut Fuzzer) {
        *self = if f.bool() { IntOrString::int(f.make()) } else { IntOrString::string(f.string()) };
    }
}

/// Embedded objects: unset, or a small JSON object in the compact key order every codec keeps.
impl Fuzz for RawExtension {
    fn fuzz_no_custom(&mut self, f: &mut Fuzzer) {
        // Always an object, as upstream's fuzzer writes: an empty extension is written `null`,
        // which decodes as an absent pointer (`*runtime.RawExtension`), not as an empty one.
        self.raw = Some(random_json_object(f));
    }
}

/// Managed fields: a small JSON object (never empty: empty `FieldsV1` is written as `null`, which
/// decodes as an absent value, as upstream's fuzzer avoids too).
impl Fuzz for FieldsV1 {
    fn fuzz_no_custom(&mut self, f: &mut Fuzzer) {
        self.raw = random_json_object(f);
    }
}

/// `{"apiVersion":"v1","kind":"K","field":"value"}` with random names and values, written as
/// JSON that every format gives back unchanged (sorted keys, compact).
fn random_json_object(f: &mut Fuzzer) -> Vec<u8> {
    let mut fields: BTreeMap<String, String> = BTreeMap::new();
    fields.insert("apiVersion".into(), "v1".into());
    fields.insert("kind".into(), format!("K{}", f.below(100)));
    for _ in 0..f.collection_len() {
        let key = format!("f{}", f.below(1000));
        fields.insert(key, format!("v{}", f.below(1000)));
    }
    // Strings of ASCII letters and digits always encode.
    crate::json::to_vec(&fields).unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_same_seed_gives_the_same_values() {
        type Sample = (String, Option<i64>, BTreeMap<String, Vec<u32>>);
        let a: Vec<Sample> = {
            let mut f = Fuzzer::new(42);
            (0..20).map(|_| (f.make(), f.make(), f.make())).collect()
        };
        let mut f = Fuzzer::new(42);
        let b: Vec<Sample> = (0..20).map(|_| (f.make(), f.make(), f.make())).collect();
        assert_eq!(a, b);
        let mut g = Fuzzer::new(43);
        let c: Vec<String> = (0..20).map(|_| g.make()).collect();
        assert_ne!(a.iter().map(|t| t.0.clone()).collect::<Vec<_>>(), c);
    }

    #[test]
    fn no_seed_gives_the_stuck_all_zero_state() {
        let mut f = Fuzzer::new(0x9E37_79B9_7F4A_7C15);
        assert!((0..4).any(|_| f.next_u64() != 0));
    }

    #[test]
    fn options_are_sometimes_unset_and_collections_vary_in_length() {
        let mut f = Fuzzer::new(7);
        let opts: Vec<Option<String>> = (0..200).map(|_| f.make()).collect();
        let nones = opts.iter().filter(|o| o.is_none()).count();
        assert!(nones > 10 && nones < 80, "{nones} of 200 unset");
        let lens: std::collections::BTreeSet<usize> = (0..100).map(|_| f.make::<Vec<bool>>().len()).collect();
        assert_eq!(lens, (0..=3).collect());
    }

    #[test]
    fn custom_functions_replace_the_random_fill_wherever_the_type_appears() {
        fn never_empty(s: &mut Vec<String>, f: &mut Fuzzer) {
            f.fuzz_no_custom(s);
            if s.is_empty() {
                s.push("x".into());
            }
        }
        let mut f = Fuzzer::new(1);
        f.register(never_empty);
        for _ in 0..50 {
            let v: Option<Vec<String>> = f.make();
            if let Some(v) = v {
                assert!(!v.is_empty());
            }
        }
    }

    #[test]
    fn depth_is_bounded() {
        #[derive(Default)]
        struct Tree(Vec<Tree>);
        impl Fuzz for Tree {
            fn fuzz_no_custom(&mut self, f: &mut Fuzzer) {
                f.fuzz(&mut self.0);
            }
        }
        fn depth(t: &Tree) -> usize {
            1 + t.0.iter().map(depth).max().unwrap_or(0)
        }
        let mut f = Fuzzer::new(3);
        f.max_elements = 3;
        let t: Tree = f.make();
        assert!(depth(&t) <= f.max_depth + 1);
    }

    #[test]
    fn special_values_are_in_their_wire_precision() {
        let mut f = Fuzzer::new(9);
        for _ in 0..100 {
            let t: MicroTime = f.make();
            let s = crate::json::to_vec(&t).unwrap();
            let back: MicroTime = crate::json::from_slice(&s).unwrap();
            assert_eq!(back, t);
            let q: Quantity = f.make();
            let s = crate::json::to_vec(&q).unwrap();
            let back: Quantity = crate::json::from_slice(&s).unwrap();
            assert_eq!(crate::json::to_vec(&back).unwrap(), s);
        }
    }
}
