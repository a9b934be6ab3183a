//! Structured diagnostics (file, span, message, label, notes), rendered once, rustc-style, in position order.

use std::fmt::Write;
use std::path::{Path, PathBuf};

/// A line and a 0-based column (in characters), as proc-macro2 reports span positions.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Default)]
pub struct LineCol {
    /// The line, from 1; `0` where there is no place (a global diagnostic), shown as line 1.
    pub line: usize,
    /// The column in characters, from 0; shown from 1 in `file:line:col`.
    pub column: usize,
}

/// How bad a problem is: an error fails the command, a warning is only shown.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Default)]
pub enum Level {
    /// The default. `compat` fails when it finds one; the other commands fail on any
    /// diagnostic, whatever its level.
    #[default]
    Error,
    /// What `compat` reports for alpha versions: rendered and counted without failing it.
    Warning,
}

impl Level {
    /// The word the rendering starts with (`error`, `warning`).
    pub fn as_str(self) -> &'static str {
        match self {
            Level::Error => "error",
            Level::Warning => "warning",
        }
    }
}

/// A second place a diagnostic points at (the same item in another tree, the definition it
/// clashes with), rendered under the first as rustc renders `:::` spans.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Related {
    /// The file of the second place, whose source is looked up separately when rendering.
    pub file: PathBuf,
    /// Where the underlined span starts.
    pub start: LineCol,
    /// Where it ends, exclusive; on another line than `start`, the caret runs to the end of
    /// `start`'s line.
    pub end: LineCol,
    /// A short text under the caret.
    pub label: Option<String>,
}

impl Related {
    /// `file:line:col`.
    pub fn location(&self) -> String {
        format!("{}:{}:{}", self.file.display(), self.start.line.max(1), self.start.column + 1)
    }
}

/// One problem found in a tree.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Diagnostic {
    /// Error (the default) or warning.
    pub level: Level,
    /// The file, if the problem has a place.
    pub file: Option<PathBuf>,
    /// Where in the file it starts.
    pub start: LineCol,
    /// Where it ends, exclusive; on another line than `start`, the caret runs to the end of
    /// `start`'s line.
    pub end: LineCol,
    /// The headline after `error:`/`warning:`; lowercase, with no final period.
    pub message: String,
    /// A short text under the caret.
    pub label: Option<String>,
    /// `= note:` lines: what to do about it.
    pub notes: Vec<String>,
    /// Other places it points at, each rendered with its own source line.
    pub related: Vec<Related>,
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
            level: Level::Error,
            related: Vec::new(),
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
            level: Level::Error,
            related: Vec::new(),
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

    /// Makes it a warning.
    pub fn warning(mut self) -> Self {
        self.level = Level::Warning;
        self
    }

    /// Adds a second place, at a span of another file, with a label.
    pub fn related_at(mut self, file: &Path, span: proc_macro2::Span, label: impl Into<String>) -> Self {
        let (s, e) = (span.start(), span.end());
        self.related.push(Related {
            file: file.to_path_buf(),
            start: LineCol { line: s.line, column: s.column },
            end: LineCol { line: e.line, column: e.column },
            label: Some(label.into()),
        });
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
        self.render_with(source, |_| None)
    }

    /// Renders the diagnostic as [`Diagnostic::render`] does, then each related place (`:::`)
    /// with the source `related_source` has for its file.
    pub fn render_with<'a>(&self, source: Option<&str>, related_source: impl Fn(&Path) -> Option<&'a str>) -> String {
        let mut out = String::new();
        let _ = writeln!(out, "{}: {}", self.level.as_str(), self.message);
        if self.file.is_some() {
            let _ = writeln!(out, "  --> {}", self.location());
            snippet(&mut out, source, self.start, self.end, self.label.as_deref());
        }
        for r in &self.related {
            let _ = writeln!(out, "  ::: {}", r.location());
            snippet(&mut out, related_source(&r.file), r.start, r.end, r.label.as_deref());
        }
        for n in &self.notes {
            let _ = writeln!(out, "  = note: {n}");
        }
        out.push('\n');
        out
    }
}

/// The source line of a span with a caret under it and the label.
fn snippet(out: &mut String, source: Option<&str>, start: LineCol, end: LineCol, label: Option<&str>) {
    let line_no = start.line.max(1);
    if let Some(line) = source.and_then(|s| s.lines().nth(line_no - 1)) {
        let gutter = line_no.to_string().len();
        let from = start.column.min(line.chars().count());
        let width = if end.line == start.line {
            end.column.saturating_sub(start.column).max(1)
        } else {
            line.chars().count().saturating_sub(from).max(1)
        };
        let _ = writeln!(out, "{:gutter$} |", "");
        let _ = writeln!(out, "{line_no} | {line}");
        let label = label.map(|l| format!(" {l}")).unwrap_or_default();
        let _ = writeln!(out, "{:gutter$} | {}{}{label}", "", " ".repeat(from), "^".repeat(width));
    }
}

/// Sorts diagnostics by place (global ones first), drops exact repeats, and renders them with the
/// source each file has in `source_of`.
pub fn render_all<'a>(diagnostics: &[Diagnostic], source_of: impl Fn(&Path) -> Option<&'a str>) -> String {
    let mut sorted: Vec<&Diagnostic> = diagnostics.iter().collect();
    sorted.sort_by(|a, b| (&a.file, a.start, &a.message).cmp(&(&b.file, b.start, &b.message)));
    sorted.dedup();
    sorted.iter().map(|d| d.render_with(d.file.as_deref().and_then(&source_of), &source_of)).collect()
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
            level: Level::Error,
            related: Vec::new(),
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

    #[test]
    fn warnings_and_related_places_render_with_their_own_lines() {
        let span = |line, column| LineCol { line, column };
        let d = Diagnostic {
            level: Level::Warning,
            related: vec![Related {
                file: "old/b.rs".into(),
                start: span(1, 4),
                end: span(1, 7),
                label: Some("was here".into()),
            }],
            start: span(2, 4),
            end: span(2, 7),
            label: Some("now".into()),
            ..Diagnostic { file: Some("a/b.rs".into()), ..Diagnostic::global("moved") }
        };
        let text = d.render_with(Some("fn x() {}\n    bar: u8,\n"), |p| {
            (p == Path::new("old/b.rs")).then_some("    foo: u8,\n")
        });
        assert_eq!(
            text,
            "warning: moved\n  --> a/b.rs:2:5\n  |\n2 |     bar: u8,\n  |     ^^^ now\n  ::: old/b.rs:1:5\n  |\n1 |     foo: u8,\n  |     ^^^ was here\n\n"
        );
    }
}
