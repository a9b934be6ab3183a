//! Slice representations side by side, for the decision in docs/type-language.md ("Slices that
//! may be nil"): a Go slice that keeps nil apart from empty, held as `Option<Vec<T>>` (what kapi
//! uses), as a newtype over it that reads as a slice, and as a `Vec<T>` with a nil flag. Prints
//! in-line sizes and the JSON decode and encode time of 1,000 large Pods held each way (medians of
//! interleaved rounds): `cargo run --release -p kapi-bench --example slices`.

use std::hint::black_box;
use std::ops::Deref;
use std::time::{Duration, Instant};

use kapi_api::core::v1::Pod;
use kapi_bench::large_pod;
use kapi_machinery::DecodeError;
use kapi_machinery::json::{self, JsonDecode, JsonElement, JsonEncode, JsonReader, JsonWriter};

/// A newtype over `Option<Vec<T>>` that reads as a slice (nil reads as an empty one).
#[derive(Default)]
struct Slice<T>(Option<Vec<T>>);

impl<T> Deref for Slice<T> {
    type Target = [T];
    fn deref(&self) -> &[T] {
        self.0.as_deref().unwrap_or_default()
    }
}

impl<T: JsonEncode + JsonElement> JsonEncode for Slice<T> {
    fn encode_json(&self, w: &mut JsonWriter) {
        self.0.encode_json(w);
    }
    fn is_json_empty(&self) -> bool {
        self.0.is_json_empty()
    }
    fn is_json_zero(&self) -> bool {
        self.0.is_json_zero()
    }
}

impl<T: JsonDecode + JsonElement + Default> JsonDecode for Slice<T> {
    fn decode_json(&mut self, r: &mut JsonReader<'_>) -> Result<(), DecodeError> {
        self.0.decode_json(r)
    }
}

/// A `Vec<T>` and whether it is nil (which matters only while it is empty).
struct NilVec<T> {
    vec: Vec<T>,
    nil: bool,
}

impl<T> Default for NilVec<T> {
    fn default() -> Self {
        NilVec { vec: Vec::new(), nil: true }
    }
}

impl<T> Deref for NilVec<T> {
    type Target = Vec<T>;
    fn deref(&self) -> &Vec<T> {
        &self.vec
    }
}

impl<T: JsonEncode + JsonElement> JsonEncode for NilVec<T> {
    fn encode_json(&self, w: &mut JsonWriter) {
        if self.nil && self.vec.is_empty() { w.null() } else { self.vec.encode_json(w) }
    }
    fn is_json_empty(&self) -> bool {
        self.vec.is_empty()
    }
    fn is_json_zero(&self) -> bool {
        self.nil && self.vec.is_empty()
    }
}

impl<T: JsonDecode + JsonElement + Default> JsonDecode for NilVec<T> {
    fn decode_json(&mut self, r: &mut JsonReader<'_>) -> Result<(), DecodeError> {
        self.nil = r.try_null()?;
        if self.nil {
            self.vec.clear();
            return Ok(());
        }
        self.vec.decode_json(r)
    }
}

/// Decodes `input` into `T` and encodes it back; returns both times. `items` reads the pods.
fn round<T: JsonDecode + JsonEncode + Default>(input: &[u8], items: fn(&T) -> &[Pod]) -> (Duration, Duration) {
    let start = Instant::now();
    let v: T = json::from_slice(black_box(input)).expect("decodes");
    let decoded = start.elapsed();
    assert_eq!(items(&v).len(), 1000);
    let start = Instant::now();
    let out = json::to_vec(black_box(&v)).expect("encodes");
    let encoded = start.elapsed();
    assert_eq!(out.len(), input.len());
    (decoded, encoded)
}

fn median(mut v: Vec<Duration>) -> f64 {
    v.sort();
    v[v.len() / 2].as_secs_f64() * 1e3
}

fn main() {
    println!(
        "in-line bytes: Option<Vec<Pod>> {}, Slice<Pod> {}, NilVec<Pod> {}, Vec<Pod> {}",
        size_of::<Option<Vec<Pod>>>(),
        size_of::<Slice<Pod>>(),
        size_of::<NilVec<Pod>>(),
        size_of::<Vec<Pod>>()
    );
    let input = json::to_vec(&vec![large_pod(); 1000]).expect("encodes");
    let rounds = 15;
    let mut times: [(Vec<Duration>, Vec<Duration>); 3] = Default::default();
    for _ in 0..rounds {
        for (i, t) in times.iter_mut().enumerate() {
            let (d, e) = match i {
                0 => round::<Option<Vec<Pod>>>(&input, |v| v.as_deref().unwrap_or_default()),
                1 => round::<Slice<Pod>>(&input, |v| v),
                _ => round::<NilVec<Pod>>(&input, |v| v),
            };
            t.0.push(d);
            t.1.push(e);
        }
    }
    println!("1,000 large Pods, {} MB of JSON, medians of {rounds} interleaved rounds:", input.len() / 1_000_000);
    for (name, (d, e)) in ["Option<Vec<Pod>>", "Slice<Pod>", "NilVec<Pod>"].iter().zip(times) {
        println!("{name:>18}: decode {:7.1} ms, encode {:6.1} ms", median(d), median(e));
    }
}
