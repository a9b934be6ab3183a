//! Go `encoding/json` escaping of a `str`: the derive escapes JSON keys with it at expansion time, so the keys it bakes into generated code are byte-identical to what machinery's `JsonWriter::key` writes.

const HEX: &[u8; 16] = b"0123456789abcdef";

/// Appends `s` as a quoted JSON string exactly as Go's encoder writes it: `<`, `>`, `&`, U+2028 and
/// U+2029 are `\u`-escaped, `\b \f \n \r \t` use short escapes, other control bytes are `\u00XX`.
pub fn write_json_string(out: &mut Vec<u8>, s: &str) {
    out.reserve(s.len() + 2);
    out.push(b'"');
    let bytes = s.as_bytes();
    let mut start = 0;
    let mut i = 0;
    loop {
        i += find_attention(&bytes[i..]);
        let Some(&b) = bytes.get(i) else { break };
        if !NEEDS_ATTENTION[b as usize] {
            // A non-ASCII byte other than 0xE2, which the word scan stops at too.
            i += 1;
            continue;
        }
        if b == 0xE2 {
            // A `str` is valid UTF-8, so only U+2028 and U+2029 (E2 80 A8/A9) need escaping here.
            if bytes.get(i + 1) == Some(&0x80) && matches!(bytes.get(i + 2), Some(0xA8 | 0xA9)) {
                out.extend_from_slice(&bytes[start..i]);
                out.extend_from_slice(if bytes[i + 2] == 0xA8 { b"\\u2028" } else { b"\\u2029" });
                i += 3;
                start = i;
            } else {
                i += 1;
            }
            continue;
        }
        out.extend_from_slice(&bytes[start..i]);
        write_ascii_escape(out, b);
        i += 1;
        start = i;
    }
    out.extend_from_slice(&bytes[start..]);
    out.push(b'"');
}

/// The offset of the first byte that may need escaping: a quote, backslash, `<`, `>`, `&`, a byte
/// below 0x20 or any byte from 0x80. Eight bytes at a time; a word with such a byte (or a false
/// positive) is searched byte by byte, so no such byte is ever skipped.
fn find_attention(b: &[u8]) -> usize {
    const LO: u64 = 0x0101_0101_0101_0101;
    const HI: u64 = 0x8080_8080_8080_8080;
    let has_byte = |w: u64, c: u8| {
        let x = w ^ (LO * u64::from(c));
        x.wrapping_sub(LO) & !x
    };
    let mut i = 0;
    while let Some(chunk) = b.get(i..i + 8) {
        let mut word = [0u8; 8];
        word.copy_from_slice(chunk);
        let w = u64::from_le_bytes(word);
        let hits = has_byte(w, b'"')
            | has_byte(w, b'\\')
            | has_byte(w, b'<')
            | has_byte(w, b'>')
            | has_byte(w, b'&')
            | w.wrapping_sub(LO * 0x20)
            | w;
        if hits & HI != 0 {
            break;
        }
        i += 8;
    }
    let rest = &b[i..];
    i + rest.iter().position(|&c| c >= 0x80 || NEEDS_ATTENTION[c as usize]).unwrap_or(rest.len())
}

/// Bytes that end a run of bytes copied verbatim from a `str`.
static NEEDS_ATTENTION: [bool; 256] = {
    let mut t = [false; 256];
    let mut i = 0;
    while i < 0x20 {
        t[i] = true;
        i += 1;
    }
    t[b'"' as usize] = true;
    t[b'\\' as usize] = true;
    t[b'<' as usize] = true;
    t[b'>' as usize] = true;
    t[b'&' as usize] = true;
    t[0xE2] = true;
    t
};

/// Appends the escape of an ASCII byte that needs one.
pub fn write_ascii_escape(out: &mut Vec<u8>, b: u8) {
    match b {
        b'"' => out.extend_from_slice(b"\\\""),
        b'\\' => out.extend_from_slice(b"\\\\"),
        b'\n' => out.extend_from_slice(b"\\n"),
        b'\r' => out.extend_from_slice(b"\\r"),
        b'\t' => out.extend_from_slice(b"\\t"),
        0x08 => out.extend_from_slice(b"\\b"),
        0x0c => out.extend_from_slice(b"\\f"),
        _ => {
            out.extend_from_slice(b"\\u00");
            out.push(HEX[(b >> 4) as usize]);
            out.push(HEX[(b & 0xf) as usize]);
        }
    }
}
