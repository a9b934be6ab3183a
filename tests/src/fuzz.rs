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

/// Whether a decode error is upstream's one time asymmetry: a time whose year is outside 0..=9999.
///
/// Protobuf carries times as Unix seconds, so any year decodes (Go's `time.Unix` takes it too).
/// JSON and YAML write it as Go's `AppendFormat` does (`129332-07-06T06:44:29Z`, `-0001-…`), and
/// that text does not parse again, in Go's `time.Parse` or ours. Upstream's round-trip fuzzers keep
/// times in range; the differential target skips an input once this is the reason its encoding
/// does not decode, and nothing else.
pub fn is_unreadable_year(message: &str) -> bool {
    const MARK: &str = "parsing time \"";
    let Some(start) = message.find(MARK) else { return false };
    let text = &message[start + MARK.len()..];
    let Some(end) = text.find('"') else { return false };
    let text = &text[..end];
    let unsigned = text.strip_prefix('-').unwrap_or(text);
    let digits = unsigned.bytes().take_while(u8::is_ascii_digit).count();
    let rest = &unsigned[digits..];
    let in_range = !text.starts_with('-') && digits == 4;
    if digits < 4 || in_range || !rest.starts_with('-') {
        return false;
    }
    // The rest of the text must be what the writers make of an in-range year.
    let in_range_text = format!("2000{rest}");
    kapi_machinery::types::Time::parse_rfc3339(&in_range_text).is_ok()
        || kapi_machinery::types::MicroTime::parse_rfc3339_micro(&in_range_text).is_ok()
}

#[cfg(test)]
mod tests {
    use super::is_unreadable_year;
    use kapi_machinery::types::{MicroTime, Time};

    /// The message a decoder gives for a time's text, as the differential target sees it.
    fn message_for(text: &str) -> String {
        let err = Time::parse_rfc3339(text).expect_err("out of range");
        format!("metadata.deletionTimestamp: {err}")
    }

    #[test]
    fn years_the_writers_make_but_cannot_read_are_recognised() {
        for secs in [3_919_089_000_000, -62_198_755_200, -100_000_000_000] {
            let time = Time::from_unix(secs);
            assert!(time.try_format_rfc3339().is_err(), "{secs} is out of range");
            assert!(is_unreadable_year(&message_for(&time.format_rfc3339())), "{time}");
        }
        let micro = MicroTime::from_civil(12_345, 1, 2, 3, 4, 5, 6_000).expect("valid");
        let text = micro.format_rfc3339_micro();
        let err = MicroTime::parse_rfc3339_micro(&text).expect_err("out of range");
        assert!(is_unreadable_year(&format!("eventTime: {err}")), "{text}");
    }

    #[test]
    fn other_time_errors_are_not_excused() {
        for text in [
            "2024-13-01T00:00:00Z",
            "2024-01-01T00:00:00",
            "12345-01-01",
            "12345-01-01T25:00:00Z",
            "999-01-01T00:00:00Z",
        ] {
            let err = Time::parse_rfc3339(text).expect_err("invalid");
            assert!(!is_unreadable_year(&format!("x: {err}")), "{text}: {err}");
        }
        assert!(!is_unreadable_year("spec.replicas: expected an integer"));
        assert!(!is_unreadable_year("parsing time \"12345-01-01T00:00:00Z"));
    }
}
