//! Round-trip checks over seeded random objects, the counterpart of upstream's
//! `apitesting/roundtrip`: the generated round-trip suites call these for every kind.
//!
//! - [`versioned`]: random objects of a versioned kind go through JSON, YAML and protobuf; what
//!   comes back must be semantically equal, encode to the same bytes again, and deep copies must be
//!   independent of the original.
//! - [`internal`]: random objects of an internal kind are converted to each version, encoded
//!   (JSON and protobuf), decoded with defaulting, and converted back; what comes back must be
//!   semantically equal.
//!
//! - With the `serde` feature, [`versioned`] also checks serde against the JSON codec: serde's
//!   output equals the codec's as a `serde_json::Value`, and serde reads the codec's output (from
//!   that value and from the bytes) into the object the codec reads from it.
//!
//! The seed comes from `KAPI_ROUNDTRIP_SEED` (a number, or `random`), otherwise from the kind's
//! name, so runs are reproducible; `KAPI_ROUNDTRIP_ITERS` sets the iterations (default 20). A
//! failure names the seed and iteration that reproduce it.

use std::fmt;

use crate::fuzz::{Fuzz, Fuzzer};
use crate::object::{INTERNAL_VERSION, Kind, Object, VersionedKind};
use crate::scheme::Scheme;
use crate::semantic::SemanticEq;
use crate::serializer::{Format, Options, Serializer};

/// The default number of iterations per kind and codec.
pub const DEFAULT_ITERATIONS: usize = 20;

/// Seed and iteration count of a run.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Settings {
    /// The seed of the first iteration; iteration `i` uses `seed + i` (wrapping), so a failure's
    /// own seed replays it alone.
    pub seed: u64,
    /// How many random objects each codec gets.
    pub iterations: usize,
}

impl Settings {
    /// The settings for a kind: `KAPI_ROUNDTRIP_SEED` / `KAPI_ROUNDTRIP_ITERS`, or a seed derived
    /// from `name` and [`DEFAULT_ITERATIONS`].
    pub fn from_env(name: &str) -> Settings {
        let seed = match std::env::var("KAPI_ROUNDTRIP_SEED").ok().as_deref().map(str::trim) {
            Some("random") => std::time::SystemTime::now()
                .duration_since(std::time::UNIX_EPOCH)
                .map(|d| d.as_nanos() as u64)
                .unwrap_or_default(),
            Some(s) if !s.is_empty() => s.parse().unwrap_or_else(|_| fnv(s.as_bytes())),
            _ => fnv(name.as_bytes()),
        };
        let iterations = std::env::var("KAPI_ROUNDTRIP_ITERS")
            .ok()
            .and_then(|s| s.trim().parse().ok())
            .unwrap_or(DEFAULT_ITERATIONS);
        Settings { seed, iterations }
    }
}

fn fnv(bytes: &[u8]) -> u64 {
    bytes.iter().fold(0xcbf2_9ce4_8422_2325_u64, |h, b| (h ^ u64::from(*b)).wrapping_mul(0x0000_0100_0000_01b3))
}

/// A failed round trip: which kind, codec and seed, and what differed.
#[derive(Debug, Clone)]
pub struct Failure {
    /// The kind under test: the full group/version/kind of a versioned kind, the bare kind name
    /// of an internal one.
    pub kind: String,
    /// Where it failed: the codec (or `serde`, or `internal → <version> → <codec>`) and the step,
    /// e.g. `Json: decode`.
    pub stage: String,
    /// The seed of the failing iteration: `KAPI_ROUNDTRIP_SEED=<seed> KAPI_ROUNDTRIP_ITERS=1`
    /// replays exactly that object. 0 when the failure came before any object was made.
    pub seed: u64,
    /// What differed or which error came back, for a person to read.
    pub detail: String,
}

impl fmt::Display for Failure {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "round trip of {} failed ({}) with seed {}; reproduce with KAPI_ROUNDTRIP_SEED={} KAPI_ROUNDTRIP_ITERS=1\n{}",
            self.kind, self.stage, self.seed, self.seed, self.detail
        )
    }
}

impl std::error::Error for Failure {}

/// Sets up a fuzzer: registers the custom functions of the packages involved.
pub type Setup = fn(&mut Fuzzer);

fn fuzzer(seed: u64, setup: Setup) -> Fuzzer {
    // Upstream's round-trip fuzzer (`fuzzer.FuzzerFor`): half the pointers nil, collections of at
    // most one element. Three elements per level made a pod-bearing kind thousands of values deep.
    let mut f = Fuzzer::new(seed);
    f.nil_chance = 50;
    f.max_elements = 1;
    setup(&mut f);
    f
}

/// What a kind needs for the serde check: with the `serde` feature, serde impls (every type with
/// derived JSON codecs has them); without it, nothing.
#[cfg(feature = "serde")]
pub trait SerdeChecked: crate::serde_codec::SerdeEncode + crate::serde_codec::SerdeDecode {}
#[cfg(feature = "serde")]
impl<T: crate::serde_codec::SerdeEncode + crate::serde_codec::SerdeDecode> SerdeChecked for T {}
/// What a kind needs for the serde check: without the `serde` feature, nothing.
#[cfg(not(feature = "serde"))]
pub trait SerdeChecked {}
#[cfg(not(feature = "serde"))]
impl<T> SerdeChecked for T {}

/// Checks a versioned kind through JSON, YAML and protobuf.
pub fn versioned<T: VersionedKind + Fuzz + SemanticEq + SerdeChecked>(
    scheme: &Scheme,
    setup: Setup,
) -> Result<(), Failure> {
    versioned_in::<T>(scheme, setup, &[Format::Json, Format::Yaml, Format::Protobuf])
}

/// Checks a `json_only` kind (a custom resource) through JSON and YAML, and that protobuf refuses it.
pub fn versioned_json_only<T: VersionedKind + Fuzz + SemanticEq + SerdeChecked>(
    scheme: &Scheme,
    setup: Setup,
) -> Result<(), Failure> {
    let gvk = T::static_gvk();
    let ser = Serializer::new(scheme, Format::Protobuf, Options::default());
    if ser.encode(&T::default()).is_ok() {
        return Err(Failure {
            kind: gvk.to_string(),
            stage: "Protobuf: encode".into(),
            seed: 0,
            detail: "a JSON-only kind was encoded as protobuf".into(),
        });
    }
    versioned_in::<T>(scheme, setup, &[Format::Json, Format::Yaml])
}

fn versioned_in<T: VersionedKind + Fuzz + SemanticEq + SerdeChecked>(
    scheme: &Scheme,
    setup: Setup,
    formats: &[Format],
) -> Result<(), Failure> {
    let gvk = T::static_gvk();
    let settings = Settings::from_env(&gvk.to_string());
    #[cfg(feature = "serde")]
    serde_agrees::<T>(settings, setup)?;
    for &format in formats {
        let ser = Serializer::new(scheme, format, Options::default());
        for i in 0..settings.iterations {
            let seed = settings.seed.wrapping_add(i as u64);
            let fail = |stage: &str, detail: String| Failure {
                kind: gvk.to_string(),
                stage: format!("{format:?}: {stage}"),
                seed,
                detail,
            };
            let mut obj: T = fuzzer(seed, setup).make();
            if let Some(tm) = obj.kind_type_meta_mut() {
                tm.set_gvk(&gvk);
            }
            let bytes = ser.encode(&obj).map_err(|e| fail("encode", e.to_string()))?;
            let decoded = ser.decode(&bytes, Some(&gvk)).map_err(|e| {
                let text = String::from_utf8_lossy(&bytes);
                let shown: String = text.chars().take(3000).collect();
                fail("decode", format!("{e}\nencoded as:\n{shown}"))
            })?;
            let back = decoded
                .object
                .downcast_ref::<T>()
                .ok_or_else(|| fail("decode", format!("decoded as {}", decoded.gvk)))?;
            if !back.semantic_eq(&obj) {
                return Err(fail("semantic equality", diff(&render_json(&obj), &render_json(back))));
            }
            let again = ser.encode(back).map_err(|e| fail("second encode", e.to_string()))?;
            if again != bytes {
                return Err(fail(
                    "second encoding differs",
                    diff(&String::from_utf8_lossy(&bytes), &String::from_utf8_lossy(&again)),
                ));
            }
            let mut copy = obj.deep_copy_object();
            let copy = copy.downcast_mut::<T>().ok_or_else(|| fail("deep copy", "the copy has another type".into()))?;
            fuzzer(seed ^ 0x5555, setup).fuzz(copy);
            let after = ser.encode(&obj).map_err(|e| fail("encode after copy", e.to_string()))?;
            if after != bytes {
                return Err(fail("deep copy", "changing a deep copy changed the original".into()));
            }
        }
    }
    Ok(())
}

/// Checks serde against the JSON codec over random objects of a kind: `serde_json::to_value` of
/// the object equals the codec's bytes parsed by serde_json; serde reads that value into an object
/// the codec writes as the same JSON value, and reads those bytes into one the codec writes as the
/// same bytes, semantically equal to what the codec reads from them.
#[cfg(feature = "serde")]
fn serde_agrees<T: VersionedKind + Fuzz + SemanticEq + SerdeChecked>(
    settings: Settings,
    setup: Setup,
) -> Result<(), Failure> {
    use crate::serde_codec::{Ser, deserialize};
    let gvk = T::static_gvk();
    for i in 0..settings.iterations {
        let seed = settings.seed.wrapping_add(i as u64);
        let fail = |stage: &str, detail: String| Failure {
            kind: gvk.to_string(),
            stage: format!("serde: {stage}"),
            seed,
            detail,
        };
        let mut obj: T = fuzzer(seed, setup).make();
        if let Some(tm) = obj.kind_type_meta_mut() {
            tm.set_gvk(&gvk);
        }
        let ours = crate::json::to_vec(&obj).map_err(|e| fail("codec encode", e.to_string()))?;
        let ours_value: serde_json::Value =
            serde_json::from_slice(&ours).map_err(|e| fail("serde_json parse of the codec's output", e.to_string()))?;
        let value = serde_json::to_value(Ser(&obj)).map_err(|e| fail("serialize", e.to_string()))?;
        if value != ours_value {
            let pretty = |v: &serde_json::Value| serde_json::to_string_pretty(v).unwrap_or_else(|e| e.to_string());
            return Err(fail("serialize differs from the codec", diff(&pretty(&ours_value), &pretty(&value))));
        }
        let expected: T = crate::json::from_slice(&ours).map_err(|e| fail("codec decode", e.to_string()))?;
        // Read from a `serde_json::Value`, raw JSON (a `RawExtension`) comes with its object
        // members sorted, as that value keeps them: equal as JSON values, not as bytes.
        let from_value: T =
            deserialize(ours_value.clone()).map_err(|e| fail("deserialize from a value", e.to_string()))?;
        let again = crate::json::to_vec(&from_value).map_err(|e| fail("deserialize from a value", e.to_string()))?;
        let again_value: serde_json::Value =
            serde_json::from_slice(&again).map_err(|e| fail("deserialize from a value", e.to_string()))?;
        if again_value != ours_value {
            let pretty = |v: &serde_json::Value| serde_json::to_string_pretty(v).unwrap_or_else(|e| e.to_string());
            return Err(fail("deserialize from a value", diff(&pretty(&ours_value), &pretty(&again_value))));
        }
        let mut de = serde_json::Deserializer::from_slice(&ours);
        let from_slice: T = deserialize(&mut de)
            .and_then(|v| de.end().map(|()| v))
            .map_err(|e| fail("deserialize from bytes", e.to_string()))?;
        let again = crate::json::to_vec(&from_slice).map_err(|e| fail("deserialize from bytes", e.to_string()))?;
        if again != ours {
            return Err(fail(
                "deserialize from bytes",
                diff(&String::from_utf8_lossy(&ours), &String::from_utf8_lossy(&again)),
            ));
        }
        if !from_slice.semantic_eq(&expected) {
            return Err(fail("deserialize from bytes", "semantically unequal to what the codec decodes".into()));
        }
    }
    Ok(())
}

/// Checks an internal kind through each of `versions` (of its group), with JSON and protobuf
/// (JSON only for a `json_only` version): internal → version → bytes → version (defaulted) →
/// internal.
pub fn internal<T: Kind + Fuzz + SemanticEq>(scheme: &Scheme, versions: &[&str], setup: Setup) -> Result<(), Failure> {
    let gvk = T::static_gvk();
    let settings = Settings::from_env(&format!("{}/{}", gvk.group, gvk.kind));
    for version in versions {
        for format in [Format::Json, Format::Protobuf] {
            let ser = Serializer::new(scheme, format, Options::default());
            for i in 0..settings.iterations {
                let seed = settings.seed.wrapping_add(i as u64);
                let fail = |stage: &str, detail: String| Failure {
                    kind: gvk.kind.clone(),
                    stage: format!("internal → {version} → {format:?}: {stage}"),
                    seed,
                    detail,
                };
                let obj: T = fuzzer(seed, setup).make();
                let bytes = match ser.encode_as(&obj, version) {
                    // A JSON-only version (a custom resource's) has no protobuf form to check; the
                    // JSON pass above converted through it.
                    Err(crate::error::EncodeError::NoProtobuf(_)) if format == Format::Protobuf => break,
                    encoded => encoded.map_err(|e| fail("convert and encode", e.to_string()))?,
                };
                let decoded = ser
                    .decode_into(&bytes, None, INTERNAL_VERSION)
                    .map_err(|e| fail("decode, default and convert", e.to_string()))?;
                let back = decoded
                    .object
                    .downcast_ref::<T>()
                    .ok_or_else(|| fail("decode", format!("decoded as {}", decoded.gvk)))?;
                if !back.semantic_eq(&obj) {
                    return Err(fail("semantic equality", diff(&format!("{obj:#?}"), &format!("{back:#?}"))));
                }
            }
        }
    }
    Ok(())
}

fn render_json(obj: &dyn Object) -> String {
    let mut w = crate::json::JsonWriter::pretty();
    match obj.encode_json_dyn(&mut w).and_then(|()| w.finish()) {
        Ok(b) => String::from_utf8_lossy(&b).into_owned(),
        Err(e) => format!("<cannot encode: {e}>"),
    }
}

/// The part of two renderings between their common first and last lines (at most 25 lines of
/// each), marked `-` (expected) and `+` (got), with the line number where they start to differ.
fn diff(a: &str, b: &str) -> String {
    let (la, lb): (Vec<&str>, Vec<&str>) = (a.lines().collect(), b.lines().collect());
    let prefix = la.iter().zip(&lb).take_while(|(x, y)| x == y).count();
    let suffix = la[prefix..].iter().rev().zip(lb[prefix..].iter().rev()).take_while(|(x, y)| x == y).count();
    let (da, db) = (&la[prefix..la.len() - suffix], &lb[prefix..lb.len() - suffix]);
    if da.is_empty() && db.is_empty() {
        return "(renderings are identical; semantic equality differs)".into();
    }
    let mut out = format!("first difference at line {}:\n", prefix + 1);
    for (mark, lines) in [('-', da), ('+', db)] {
        for line in lines.iter().take(25) {
            out.push_str(&format!("{mark} {line}\n"));
        }
        if lines.len() > 25 {
            out.push_str(&format!("{mark} … {} more lines\n", lines.len() - 25));
        }
    }
    out
}
