//! Standard padded base64, as Go's `encoding/json` writes `[]byte` and reads it back.

const ALPHABET: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

/// Appends the standard, padded base64 encoding of `input`.
pub fn encode_into(input: &[u8], out: &mut Vec<u8>) {
    out.reserve(input.len().div_ceil(3) * 4);
    let mut chunks = input.chunks_exact(3);
    for c in &mut chunks {
        let n = (u32::from(c[0]) << 16) | (u32::from(c[1]) << 8) | u32::from(c[2]);
        out.extend_from_slice(&[
            ALPHABET[(n >> 18) as usize & 63],
            ALPHABET[(n >> 12) as usize & 63],
            ALPHABET[(n >> 6) as usize & 63],
            ALPHABET[n as usize & 63],
        ]);
    }
    match *chunks.remainder() {
        [a] => {
            let n = u32::from(a) << 16;
            out.extend_from_slice(&[ALPHABET[(n >> 18) as usize & 63], ALPHABET[(n >> 12) as usize & 63], b'=', b'=']);
        }
        [a, b] => {
            let n = (u32::from(a) << 16) | (u32::from(b) << 8);
            out.extend_from_slice(&[
                ALPHABET[(n >> 18) as usize & 63],
                ALPHABET[(n >> 12) as usize & 63],
                ALPHABET[(n >> 6) as usize & 63],
                b'=',
            ]);
        }
        _ => {}
    }
}

/// Decodes standard base64 the way Go's `base64.StdEncoding.DecodeString` does: padding is
/// required, `\r` and `\n` are ignored, anything else invalid is an error naming the offset.
pub fn decode(input: &[u8]) -> Result<Vec<u8>, String> {
    decode_with(input, b'+', b'/')
}

/// [`decode`] with the URL alphabet (`-` and `_` for 62 and 63), as Go's
/// `base64.URLEncoding.DecodeString`.
pub fn decode_url(input: &[u8]) -> Result<Vec<u8>, String> {
    decode_with(input, b'-', b'_')
}

/// The decoder of both alphabets, which differ in the digits for 62 and 63.
fn decode_with(input: &[u8], d62: u8, d63: u8) -> Result<Vec<u8>, String> {
    let mut out = Vec::with_capacity(input.len() / 4 * 3);
    let mut quad = [0u8; 4];
    let mut n = 0;
    let mut pad = 0;
    for (idx, &c) in input.iter().enumerate() {
        if c == b'\r' || c == b'\n' {
            continue;
        }
        let v = match c {
            b'A'..=b'Z' => c - b'A',
            b'a'..=b'z' => c - b'a' + 26,
            b'0'..=b'9' => c - b'0' + 52,
            c if c == d62 => 62,
            c if c == d63 => 63,
            b'=' => {
                if n < 2 {
                    return Err(format!("illegal base64 data at input byte {idx}"));
                }
                pad += 1;
                0
            }
            _ => return Err(format!("illegal base64 data at input byte {idx}")),
        };
        if pad > 0 && c != b'=' {
            return Err(format!("illegal base64 data at input byte {idx}"));
        }
        quad[n] = v;
        n += 1;
        if n == 4 {
            let w = (u32::from(quad[0]) << 18)
                | (u32::from(quad[1]) << 12)
                | (u32::from(quad[2]) << 6)
                | u32::from(quad[3]);
            let bytes = [(w >> 16) as u8, (w >> 8) as u8, w as u8];
            out.extend_from_slice(&bytes[..3 - pad]);
            n = 0;
            if pad > 0 {
                // Only whitespace may follow padding.
                if input[idx + 1..].iter().any(|&c| c != b'\r' && c != b'\n') {
                    return Err(format!("illegal base64 data at input byte {}", idx + 1));
                }
                return Ok(out);
            }
        }
    }
    if n != 0 {
        return Err(format!("illegal base64 data at input byte {}", input.len()));
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn round_trips() {
        for (raw, enc) in [
            (&b""[..], ""),
            (b"\x04", "BA=="),
            (b"\x02", "Ag=="),
            (b"ab", "YWI="),
            (b"abc", "YWJj"),
            (b"abcd", "YWJjZA=="),
        ] {
            let mut out = Vec::new();
            encode_into(raw, &mut out);
            assert_eq!(out, enc.as_bytes());
            assert_eq!(decode(enc.as_bytes()).unwrap(), raw);
        }
        assert_eq!(decode_url(b"-_8A").unwrap(), [0xfb, 0xff, 0x00]);
        assert_eq!(decode_url(b"a+/A").unwrap_err(), "illegal base64 data at input byte 1");
        assert_eq!(decode(b"-_8A").unwrap_err(), "illegal base64 data at input byte 0");
        for bad in ["A", "A===", "AB=C", "YWJj!", "YW=j", "BA==x"] {
            assert!(decode(bad.as_bytes()).is_err(), "{bad}");
        }
    }
}
