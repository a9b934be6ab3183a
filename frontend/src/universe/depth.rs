//! A linear pre-scan of a source file's nesting depth, so input nested too deeply for syn's recursive parser is reported at its position instead of overflowing the stack.

/// The deepest nesting of brackets, or of generic angle brackets, the generator parses. Real
/// definitions stay far below it; the parser thread's stack holds it with room to spare.
pub const MAX_NESTING: usize = 1000;

/// The 1-based line and 0-based column (in characters) where nesting first goes past `limit`.
///
/// The scan walks bytes: every delimiter, quote and comment marker is ASCII, and a byte of a
/// multi-byte character is never one of them. The position is worked out only when there is one
/// to report.
pub fn too_deep(source: &str, limit: usize) -> Option<(usize, usize)> {
    let b = source.as_bytes();
    let at = |i: usize| b.get(i).copied();
    let mut depth = 0usize;
    // `<` counts only until the next `;`, `{` or `}`: generic arguments never span those, and a
    // comparison's `<` is forgotten there.
    let mut angles = 0usize;
    let mut i = 0;
    while i < b.len() {
        let c = b[i];
        let next = at(i + 1);
        match c {
            b'/' if next == Some(b'/') => {
                i += b[i..].iter().position(|&c| c == b'\n').unwrap_or(b.len() - i);
            }
            b'/' if next == Some(b'*') => {
                // Block comments nest in Rust.
                let mut level = 0usize;
                while i < b.len() {
                    if b[i] == b'/' && at(i + 1) == Some(b'*') {
                        level += 1;
                        i += 2;
                    } else if b[i] == b'*' && at(i + 1) == Some(b'/') {
                        level -= 1;
                        i += 2;
                        if level == 0 {
                            break;
                        }
                    } else {
                        i += 1;
                    }
                }
            }
            b'"' => {
                i += 1;
                while i < b.len() && b[i] != b'"' {
                    i += if b[i] == b'\\' { 2 } else { 1 };
                }
                i += 1;
            }
            b'r' if matches!(next, Some(b'#' | b'"')) && (i == 0 || !is_ident(b[i - 1])) => {
                // A raw string: r"…", r#"…"#.
                let mut j = i + 1;
                while at(j) == Some(b'#') {
                    j += 1;
                }
                let hashes = j - i - 1;
                if at(j) != Some(b'"') {
                    i += 1;
                    continue;
                }
                i = j + 1;
                while i < b.len() {
                    if b[i] == b'"' && (1..=hashes).all(|k| at(i + k) == Some(b'#')) {
                        i += 1 + hashes;
                        break;
                    }
                    i += 1;
                }
            }
            b'\'' => {
                // A char literal ('a', '\n', '\u{1F600}', 'é') or a lifetime ('a).
                if next == Some(b'\\') {
                    i += 2;
                    while i < b.len() && b[i] != b'\'' {
                        i += 1;
                    }
                    i += 1;
                } else {
                    let width = next.map_or(1, utf8_width);
                    i += if at(i + 1 + width) == Some(b'\'') { 2 + width } else { 1 };
                }
            }
            b'(' | b'[' | b'{' => {
                depth += 1;
                if c == b'{' {
                    angles = 0;
                }
                if depth > limit {
                    return Some(line_col(source, i));
                }
                i += 1;
            }
            b')' | b']' | b'}' => {
                depth = depth.saturating_sub(1);
                if c == b'}' {
                    angles = 0;
                }
                i += 1;
            }
            b';' => {
                angles = 0;
                i += 1;
            }
            b'<' => {
                angles += 1;
                if angles > limit {
                    return Some(line_col(source, i));
                }
                i += 1;
            }
            b'>' => {
                angles = angles.saturating_sub(1);
                i += 1;
            }
            _ => i += 1,
        }
    }
    None
}

/// The 1-based line and 0-based column in characters of byte `i`.
fn line_col(source: &str, i: usize) -> (usize, usize) {
    let before = &source.as_bytes()[..i];
    let line_start = before.iter().rposition(|&c| c == b'\n').map_or(0, |p| p + 1);
    let line = 1 + before.iter().filter(|&&c| c == b'\n').count();
    // Count characters, not bytes: a continuation byte starts no character.
    let col = before[line_start..].iter().filter(|&&c| (c & 0xC0) != 0x80).count();
    (line, col)
}

/// How many bytes the UTF-8 character that starts with `lead` takes.
fn utf8_width(lead: u8) -> usize {
    match lead {
        0xF0.. => 4,
        0xE0.. => 3,
        0xC0.. => 2,
        _ => 1,
    }
}

/// Whether a byte can be part of an identifier (any byte of a non-ASCII character counts, as
/// letters outside ASCII do).
fn is_ident(c: u8) -> bool {
    c.is_ascii_alphanumeric() || c == b'_' || c >= 0x80
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn finds_the_first_place_past_the_limit() {
        assert_eq!(too_deep("fn a() { (1) }", 2), None);
        assert_eq!(too_deep("fn a() {\n  ((1)) }", 2), Some((2, 3)));
        assert_eq!(too_deep("type A = Option<Option<Option<u8>>>;", 2), Some((1, 29)));
        // Comparisons are forgotten at the end of a statement; strings, chars and comments do not count.
        let many = "fn f() { ".to_owned() + &"let _ = 1 < 2; ".repeat(50) + "}";
        assert_eq!(too_deep(&many, 3), None);
        assert_eq!(too_deep("const S: &str = \"((((\"; // ((((\n/* (( /* (( */ */ const C: char = '(';", 1), None);
        assert_eq!(too_deep("const S: &str = r#\"((\"(\"#; fn f<'a>(x: &'a u8) {}", 1), None);
        let deep = "(".repeat(100_000) + &")".repeat(100_000);
        assert_eq!(too_deep(&deep, MAX_NESTING), Some((1, MAX_NESTING)));
        // Columns count characters; a non-ASCII char literal is one literal.
        assert_eq!(too_deep("const É: char = 'é'; // é\n/* ( */ fn é() { ((1)) }", 2), Some((2, 18)));
        assert_eq!(too_deep("const C: char = '(';", 0), None);
        assert_eq!(too_deep("const C: char = '\u{1F600}'; const D: char = '😀';", 0), None);
    }
}
