//! A linear pre-scan of a source file's nesting depth, so input nested too deeply for syn's recursive parser is reported at its position instead of overflowing the stack.

/// The deepest nesting of brackets, or of generic angle brackets, the generator parses. Real
/// definitions stay far below it; the parser thread's stack holds it with room to spare.
pub const MAX_NESTING: usize = 1000;

/// The 1-based line and 0-based column (in characters) where nesting first goes past `limit`.
pub fn too_deep(source: &str, limit: usize) -> Option<(usize, usize)> {
    let chars: Vec<char> = source.chars().collect();
    let (mut line, mut col) = (1usize, 0usize);
    let mut depth = 0usize;
    // `<` counts only until the next `;`, `{` or `}`: generic arguments never span those, and a
    // comparison's `<` is forgotten there.
    let mut angles = 0usize;
    let mut i = 0;
    let advance = |i: &mut usize, line: &mut usize, col: &mut usize, n: usize| {
        for _ in 0..n {
            if *i >= chars.len() {
                return;
            }
            if chars[*i] == '\n' {
                *line += 1;
                *col = 0;
            } else {
                *col += 1;
            }
            *i += 1;
        }
    };
    while i < chars.len() {
        let c = chars[i];
        let next = chars.get(i + 1).copied();
        match c {
            '/' if next == Some('/') => {
                while i < chars.len() && chars[i] != '\n' {
                    advance(&mut i, &mut line, &mut col, 1);
                }
            }
            '/' if next == Some('*') => {
                // Block comments nest in Rust.
                let mut level = 0usize;
                loop {
                    if i >= chars.len() {
                        break;
                    }
                    if chars[i] == '/' && chars.get(i + 1) == Some(&'*') {
                        level += 1;
                        advance(&mut i, &mut line, &mut col, 2);
                    } else if chars[i] == '*' && chars.get(i + 1) == Some(&'/') {
                        level -= 1;
                        advance(&mut i, &mut line, &mut col, 2);
                        if level == 0 {
                            break;
                        }
                    } else {
                        advance(&mut i, &mut line, &mut col, 1);
                    }
                }
            }
            '"' => {
                advance(&mut i, &mut line, &mut col, 1);
                while i < chars.len() && chars[i] != '"' {
                    let step = if chars[i] == '\\' { 2 } else { 1 };
                    advance(&mut i, &mut line, &mut col, step);
                }
                advance(&mut i, &mut line, &mut col, 1);
            }
            'r' if matches!(next, Some('#' | '"')) && (i == 0 || !is_ident(chars[i - 1])) => {
                // A raw string: r"…", r#"…"#.
                let mut hashes = 0;
                let mut j = i + 1;
                while chars.get(j) == Some(&'#') {
                    hashes += 1;
                    j += 1;
                }
                if chars.get(j) != Some(&'"') {
                    advance(&mut i, &mut line, &mut col, 1);
                    continue;
                }
                let skip = j + 1 - i;
                advance(&mut i, &mut line, &mut col, skip);
                loop {
                    if i >= chars.len() {
                        break;
                    }
                    if chars[i] == '"' && (1..=hashes).all(|k| chars.get(i + k) == Some(&'#')) {
                        advance(&mut i, &mut line, &mut col, 1 + hashes);
                        break;
                    }
                    advance(&mut i, &mut line, &mut col, 1);
                }
            }
            '\'' => {
                // A char literal ('a', '\n', '\u{1F600}') or a lifetime ('a).
                if next == Some('\\') {
                    advance(&mut i, &mut line, &mut col, 2);
                    while i < chars.len() && chars[i] != '\'' {
                        advance(&mut i, &mut line, &mut col, 1);
                    }
                    advance(&mut i, &mut line, &mut col, 1);
                } else if chars.get(i + 2) == Some(&'\'') {
                    advance(&mut i, &mut line, &mut col, 3);
                } else {
                    advance(&mut i, &mut line, &mut col, 1);
                }
            }
            '(' | '[' | '{' => {
                depth += 1;
                if c == '{' {
                    angles = 0;
                }
                if depth > limit {
                    return Some((line, col));
                }
                advance(&mut i, &mut line, &mut col, 1);
            }
            ')' | ']' | '}' => {
                depth = depth.saturating_sub(1);
                if c == '}' {
                    angles = 0;
                }
                advance(&mut i, &mut line, &mut col, 1);
            }
            ';' => {
                angles = 0;
                advance(&mut i, &mut line, &mut col, 1);
            }
            '<' => {
                angles += 1;
                if angles > limit {
                    return Some((line, col));
                }
                advance(&mut i, &mut line, &mut col, 1);
            }
            '>' => {
                angles = angles.saturating_sub(1);
                advance(&mut i, &mut line, &mut col, 1);
            }
            _ => advance(&mut i, &mut line, &mut col, 1),
        }
    }
    None
}

fn is_ident(c: char) -> bool {
    c.is_alphanumeric() || c == '_'
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
    }
}
