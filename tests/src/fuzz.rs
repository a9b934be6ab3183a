//! Decoder entry points shared by the `cargo fuzz` targets and the stable mutation tests: each
//! decodes arbitrary bytes with every kind as the default and re-encodes whatever decodes.

use kapi_machinery::serializer::{Format, Options, Serializer};
use kapi_machinery::{GroupVersionKind, Scheme};

/// Decodes `data` in one format, strict and non-strict, with and without a default kind, and
/// re-encodes successes. Returns how many decodes succeeded; panics only on a bug.
pub fn decode_all(scheme: &Scheme, format: Format, data: &[u8], defaults: &[GroupVersionKind]) -> usize {
    let mut ok = 0;
    for strict in [false, true] {
        let ser = Serializer::new(scheme, format, Options { pretty: false, strict, ..Options::default() });
        let mut attempt = |default: Option<&GroupVersionKind>| {
            if let Ok(d) = ser.decode(data, default) {
                ok += 1;
                // Re-encoding what decoded must not panic either (it may fail, e.g. on raw JSON
                // that a protobuf body carried).
                let _ = ser.encode(d.object.as_ref());
            }
        };
        attempt(None);
        for gvk in defaults {
            attempt(Some(gvk));
        }
    }
    ok
}

/// The seeded generator of the mutation tests: the fuzzer's (xorshift64*), so a seed reproduces a run.
pub type Rng = kapi_machinery::Fuzzer;

/// A value below `n` (`n > 0`) as an index.
fn index(rng: &mut Rng, n: usize) -> usize {
    rng.below(n as u64) as usize
}

/// Applies one random mutation: flip a bit, drop a byte, duplicate a run, insert a special byte,
/// or truncate.
pub fn mutate(rng: &mut Rng, data: &mut Vec<u8>) {
    if data.is_empty() {
        data.push(rng.next_u64() as u8);
        return;
    }
    let at = index(rng, data.len());
    match index(rng, 6) {
        0 => data[at] ^= 1 << index(rng, 8),
        1 => {
            data.remove(at);
        }
        2 => {
            let end = (at + 1 + index(rng, 16)).min(data.len());
            let run: Vec<u8> = data[at..end].to_vec();
            data.splice(at..at, run);
        }
        3 => {
            const SPECIAL: &[u8] = b"\x00\xff\x80{}[]\":,\\\n-0e.\x7f";
            data.insert(at, SPECIAL[index(rng, SPECIAL.len())]);
        }
        4 => data.truncate(at),
        _ => data[at] = rng.next_u64() as u8,
    }
}
