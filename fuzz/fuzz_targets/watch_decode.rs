//! Fuzzes the watch stream decoders (JSON stream and 4-byte framed protobuf) fed in arbitrary chunk splits.
#![no_main]

// Input: a format byte (even: JSON, odd: protobuf), a byte that seeds the chunk sizes, then the
// stream. The stream is decoded twice, in one push and in chunks; a peer decides where TCP
// segments end, so the events (and whether and where it fails) must not depend on the split.

use kapi_api::admissionregistration::v1::ValidatingWebhookConfiguration;
use kapi_client::{StreamFormat, WatchDecoder, WatchEvent};
use libfuzzer_sys::fuzz_target;

/// A small frame limit so that the fuzzer can reach it.
const MAX_FRAME: usize = 4096;

/// What a decoder made of a stream: the events, the index of the first error, and whether the
/// stream ended between events.
type Outcome = (Vec<WatchEvent<ValidatingWebhookConfiguration>>, Option<usize>, bool);

fn decode(format: StreamFormat, chunks: &mut dyn Iterator<Item = &[u8]>) -> Outcome {
    let mut decoder = WatchDecoder::<ValidatingWebhookConfiguration>::new(format)
        .expect("the watch scheme registers")
        .with_max_frame_size(MAX_FRAME);
    let mut events = Vec::new();
    let mut failed_at = None;
    for chunk in chunks {
        decoder.push(chunk);
        while let Some(next) = decoder.next_event() {
            match next {
                Ok(ev) => events.push(ev),
                Err(_) => failed_at = failed_at.or(Some(events.len())),
            }
        }
    }
    let clean_end = decoder.finish().is_ok();
    (events, failed_at, clean_end)
}

fuzz_target!(|data: &[u8]| {
    let [format, seed, stream @ ..] = data else { return };
    let format = if format % 2 == 0 { StreamFormat::Json } else { StreamFormat::Protobuf };
    let whole = decode(format, &mut std::iter::once(stream));
    // Chunk sizes of 1 to 16 bytes from a xorshift sequence of the seed.
    let mut state = u32::from(*seed) | 0x100;
    let mut rest = stream;
    let mut chunks = std::iter::from_fn(|| {
        if rest.is_empty() {
            return None;
        }
        state ^= state << 13;
        state ^= state >> 17;
        state ^= state << 5;
        let n = (state as usize % 16 + 1).min(rest.len());
        let (chunk, tail) = rest.split_at(n);
        rest = tail;
        Some(chunk)
    });
    let split = decode(format, &mut chunks);
    assert_eq!(whole, split, "decoding depends on where the chunks end");
});
