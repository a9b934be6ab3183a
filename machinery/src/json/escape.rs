//! Go `encoding/json` string escaping, with HTML escaping on (as every apimachinery encoder has it).

use kapi_facts::json_string::write_ascii_escape;
pub use kapi_facts::write_json_string;

/// Appends the escaped body of a string (no quotes). Bytes that are not valid UTF-8 become `\ufffd`,
/// as Go does, so this also serves raw JSON string contents copied from elsewhere.
pub fn write_json_string_body(out: &mut Vec<u8>, bytes: &[u8]) {
    let mut start = 0;
    let mut i = 0;
    while i < bytes.len() {
        let b = bytes[i];
        if b < 0x80 {
            if needs_escape(b) {
                out.extend_from_slice(&bytes[start..i]);
                write_ascii_escape(out, b);
                i += 1;
                start = i;
            } else {
                i += 1;
            }
            continue;
        }
        // Multi-byte: validate one UTF-8 sequence.
        let len = utf8_len(&bytes[i..]);
        if len == 0 {
            out.extend_from_slice(&bytes[start..i]);
            out.extend_from_slice(b"\\ufffd");
            i += 1;
            start = i;
            continue;
        }
        // U+2028 is E2 80 A8, U+2029 is E2 80 A9.
        if len == 3 && bytes[i] == 0xE2 && bytes[i + 1] == 0x80 && (bytes[i + 2] & 0xFE) == 0xA8 {
            out.extend_from_slice(&bytes[start..i]);
            out.extend_from_slice(if bytes[i + 2] == 0xA8 { b"\\u2028" } else { b"\\u2029" });
            i += 3;
            start = i;
            continue;
        }
        i += len;
    }
    out.extend_from_slice(&bytes[start..]);
}

#[inline]
fn needs_escape(b: u8) -> bool {
    b < 0x20 || b == b'"' || b == b'\\' || b == b'<' || b == b'>' || b == b'&'
}

/// Length of the valid UTF-8 sequence at the start of `b`, or 0 if it is invalid.
fn utf8_len(b: &[u8]) -> usize {
    let n = match b[0] {
        0xC2..=0xDF => 2,
        0xE0..=0xEF => 3,
        0xF0..=0xF4 => 4,
        _ => return 0,
    };
    if b.len() < n {
        return 0;
    }
    match std::str::from_utf8(&b[..n]) {
        Ok(_) => n,
        Err(_) => 0,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn esc(s: &[u8]) -> String {
        let mut out = Vec::new();
        out.push(b'"');
        write_json_string_body(&mut out, s);
        out.push(b'"');
        String::from_utf8(out).unwrap()
    }

    #[test]
    fn escapes_like_go() {
        assert_eq!(esc(b"a<b>&c"), r#""a\u003cb\u003e\u0026c""#);
        assert_eq!(esc(b"\"\\\n\r\t\x08\x0c\x01\x1f"), r#""\"\\\n\r\t\b\f\u0001\u001f""#);
        assert_eq!(esc("x\u{2028}y\u{2029}".as_bytes()), r#""x\u2028y\u2029""#);
        assert_eq!(esc("héllo €".as_bytes()), "\"héllo €\"");
        assert_eq!(esc(b"\xff\xfe"), r#""\ufffd\ufffd""#);
        assert_eq!(esc(b"\x7f"), "\"\x7f\"");
    }
}

#[cfg(test)]
mod str_tests {
    use super::*;

    #[test]
    fn str_and_byte_paths_agree() {
        let cases = [
            "",
            "plain",
            "a<b>&c",
            "\"\\\n\r\t\u{8}\u{c}\u{1}\u{1f}\u{7f}",
            "x\u{2028}y\u{2029}z",
            "é€😀\u{2027}\u{202a}",
            "\u{e2}",
        ];
        for c in cases {
            let mut a = Vec::new();
            write_json_string(&mut a, c);
            let mut b = vec![b'"'];
            write_json_string_body(&mut b, c.as_bytes());
            b.push(b'"');
            assert_eq!(a, b, "{c:?}");
        }
    }

    #[test]
    fn str_and_byte_paths_agree_at_every_offset() {
        // Each character that needs attention, at every offset of strings crossing the 8- and
        // 16-byte steps of the run scan, with a second one later that must not hide the first.
        for special in
            ["\"", "\\", "<", ">", "&", "\n", "\u{1}", "\u{1f}", "\u{7f}", "é", "\u{2028}", "\u{2029}", "€", "😀"]
        {
            for len in [1, 7, 8, 9, 15, 16, 17, 31, 32, 33, 40] {
                for pos in 0..=len {
                    let mut c = "a".repeat(pos);
                    c.push_str(special);
                    c.push_str(&"b".repeat(len - pos));
                    if len - pos > 3 {
                        c.push('&');
                    }
                    let mut a = Vec::new();
                    write_json_string(&mut a, &c);
                    let mut b = vec![b'"'];
                    write_json_string_body(&mut b, c.as_bytes());
                    b.push(b'"');
                    assert_eq!(a, b, "{c:?}");
                }
            }
        }
    }
}
