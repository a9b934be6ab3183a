//! Rendering spanned errors rustc-style for the command line: `file:line:col`, the source line and
//! a caret under the span.

use std::fmt::Write;

/// Renders one error against the source it points into.
pub fn render(path: &str, source: &str, err: &syn::Error) -> String {
    let mut out = String::new();
    for e in err.clone() {
        let start = e.span().start();
        let end = e.span().end();
        let line_no = start.line.max(1);
        let col = start.column + 1;
        let _ = writeln!(out, "error: {e}");
        let _ = writeln!(out, "  --> {path}:{line_no}:{col}");
        if let Some(line) = source.lines().nth(line_no - 1) {
            let gutter = line_no.to_string().len();
            let width = if end.line == start.line {
                end.column.saturating_sub(start.column).max(1)
            } else {
                line.len().saturating_sub(start.column).max(1)
            };
            let _ = writeln!(out, "{:gutter$} |", "");
            let _ = writeln!(out, "{line_no} | {line}");
            let _ = writeln!(out, "{:gutter$} | {}{}", "", " ".repeat(start.column), "^".repeat(width));
        }
        out.push('\n');
    }
    out
}

/// The `file:line:col` of an error, for one-line listings.
pub fn location(path: &str, err: &syn::Error) -> String {
    let start = err.span().start();
    format!("{path}:{}:{}", start.line, start.column + 1)
}
