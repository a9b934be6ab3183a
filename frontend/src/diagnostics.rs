//! Structured diagnostics (file, span, message, label, notes), rendered once, rustc-style, in position order.

use std::fmt::Write;
use std::path::{Path, PathBuf};

/// A line and a 0-based column (in characters), as proc-macro2 reports span positions.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Default)]
pub struct LineCol {
    pub line: usize,
    pub column: usize,
}

/// One problem found in a tree.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Diagnostic {
    /// The file, if the problem has a place.
    pub file: Option<PathBuf>,
    /// Where in the file it starts and ends.
    pub start: LineCol,
    pub end: LineCol,
    pub message: String,
    /// A short text under the caret.
    pub label: Option<String>,
    /// `= note:` lines: what to do about it.
    pub notes: Vec<String>,
}

impl Diagnostic {
    /// A problem with no place in a file (an unreadable directory, an unknown generator).
    pub fn global(message: impl Into<String>) -> Self {
        Diagnostic {
            file: None,
            start: LineCol::default(),
            end: LineCol::default(),
            message: message.into(),
            label: None,
            notes: Vec::new(),
        }
    }

    /// A problem at a span of a file.
    pub fn at(file: &Path, span: proc_macro2::Span, message: impl Into<String>) -> Self {
        let (s, e) = (span.start(), span.end());
        Diagnostic {
            file: Some(file.to_path_buf()),
            start: LineCol { line: s.line, column: s.column },
            end: LineCol { line: e.line, column: e.column },
            message: message.into(),
            label: None,
            notes: Vec::new(),
        }
    }

    /// Every error of a `syn` error (it may hold several), placed in `file`.
    pub fn from_syn(file: &Path, err: &syn::Error) -> Vec<Self> {
        err.clone().into_iter().map(|e| Diagnostic::at(file, e.span(), e.to_string())).collect()
    }

    /// Adds the text under the caret.
    pub fn label(mut self, label: impl Into<String>) -> Self {
        self.label = Some(label.into());
        self
    }

    /// Adds a note.
    pub fn note(mut self, note: impl Into<String>) -> Self {
        self.notes.push(note.into());
        self
    }

    /// `file:line:col`, for one-line listings.
    pub fn location(&self) -> String {
        match &self.file {
            Some(f) => format!("{}:{}:{}", f.display(), self.start.line.max(1), self.start.column + 1),
            None => String::new(),
        }
    }

    /// Renders the diagnostic against its file's source: `error:`, `--> file:line:col`, the source
    /// line with a caret under the span and the label, then the notes.
    pub fn render(&self, source: Option<&str>) -> String {
        let mut out = String::new();
        let _ = writeln!(out, "error: {}", self.message);
        if self.file.is_some() {
            let _ = writeln!(out, "  --> {}", self.location());
            let line_no = self.start.line.max(1);
            if let Some(line) = source.and_then(|s| s.lines().nth(line_no - 1)) {
                let gutter = line_no.to_string().len();
                let start = self.start.column.min(line.chars().count());
                let width = if self.end.line == self.start.line {
                    self.end.column.saturating_sub(self.start.column).max(1)
                } else {
                    line.chars().count().saturating_sub(start).max(1)
                };
                let _ = writeln!(out, "{:gutter$} |", "");
                let _ = writeln!(out, "{line_no} | {line}");
                let label = self.label.as_deref().map(|l| format!(" {l}")).unwrap_or_default();
                let _ = writeln!(out, "{:gutter$} | {}{}{label}", "", " ".repeat(start), "^".repeat(width));
            }
        }
        for n in &self.notes {
            let _ = writeln!(out, "  = note: {n}");
        }
        out.push('\n');
        out
    }
}

/// Sorts diagnostics by place (global ones first), drops exact repeats, and renders them with the
/// source each file has in `source_of`.
pub fn render_all<'a>(diagnostics: &[Diagnostic], source_of: impl Fn(&Path) -> Option<&'a str>) -> String {
    let mut sorted: Vec<&Diagnostic> = diagnostics.iter().collect();
    sorted.sort_by(|a, b| (&a.file, a.start, &a.message).cmp(&(&b.file, b.start, &b.message)));
    sorted.dedup();
    sorted.iter().map(|d| d.render(d.file.as_deref().and_then(&source_of))).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn renders_the_source_line_with_a_caret_label_and_notes() {
        let d = Diagnostic {
            file: Some("a/b.rs".into()),
            start: LineCol { line: 2, column: 4 },
            end: LineCol { line: 2, column: 7 },
            message: "bad".into(),
            label: Some("here".into()),
            notes: vec!["fix it".into()],
        };
        let text = d.render(Some("fn x() {}\n    foo: u8,\n"));
        assert_eq!(text, "error: bad\n  --> a/b.rs:2:5\n  |\n2 |     foo: u8,\n  |     ^^^ here\n  = note: fix it\n\n");
    }

    #[test]
    fn sorted_by_place_and_deduplicated() {
        let at = |line, msg: &str| Diagnostic {
            start: LineCol { line, column: 0 },
            end: LineCol { line, column: 1 },
            ..Diagnostic { file: Some("f.rs".into()), ..Diagnostic::global(msg) }
        };
        let all = [at(3, "c"), at(1, "a"), Diagnostic::global("g"), at(1, "a")];
        let text = render_all(&all, |_| None);
        let order: Vec<&str> = text.lines().filter_map(|l| l.strip_prefix("error: ")).collect();
        assert_eq!(order, ["g", "a", "c"]);
    }
}
