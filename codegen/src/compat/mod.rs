//! `kapi-codegen compat`: compares an API tree with an earlier one (a git ref or a directory) and reports every change that breaks clients of a version whose stability forbids it, with both sides' places.

pub mod allow;
pub mod git;
mod rules;

use std::collections::BTreeSet;
use std::fmt::Write as _;
use std::path::Path;

use kapi_frontend::diagnostics::{Diagnostic, Level};
use kapi_frontend::universe::Universe;

pub use allow::{AllowEntry, AllowList};

/// The rules, by the name a finding and an allow entry carry, with what each reports. Each name
/// is also a constant of this module (`KIND_REMOVED` for `kind-removed`).
pub const RULES: &[(&str, &str)] = &[
    (KIND_REMOVED, "a kind removed or renamed without lifecycle markers that say so"),
    (VERSION_REMOVED, "a version removed while some of its kinds have no `removed` lifecycle"),
    (FIELD_REMOVED, "a field removed or renamed"),
    (JSON_NAME_CHANGED, "a field's JSON name changed, or the field left JSON"),
    (PROTO_NUMBER_CHANGED, "a field's protobuf number changed, or the field left protobuf"),
    (PROTO_NUMBER_REUSED, "a field takes a protobuf number another field had at the base, or a reserved one"),
    (PROTO_NUMBER_NOT_RESERVED, "a retired protobuf number is not kept in `proto_reserved`"),
    (TYPE_CHANGED, "a field's type (wire type) changed"),
    (LABEL_CHANGED, "a field changed between singular and repeated, or between pointer and plain"),
    (LIST_SEMANTICS_CHANGED, "listType, list map keys, mapType, structType, patch strategy or merge key changed"),
    (FIELD_MADE_REQUIRED, "an existing field made required"),
    (REQUIRED_FIELD_ADDED, "a new field that is required"),
    (DEFAULT_CHANGED, "a default added to, changed on or removed from an existing field"),
    (DEFAULT_NOT_IN_ALL_VERSIONS, "a field defaulted in one version of a kind but not in another"),
    (ENUM_VALUE_ADDED, "a value added to an enum not marked `+enum:open`"),
    (ENUM_VALUE_REMOVED, "a value removed from an enum"),
    (UNION_MEMBER_REMOVED, "a member removed from a union"),
    (VALIDATION_TIGHTENED, "a `+k8s:` validation tightened on a field that is not status only"),
    (VALIDATION_LOOSENED, "a `+k8s:` validation loosened on a field clients read in status"),
    (NEW_VERSION_PREFERRED, "a version made the group's preferred version in the change that adds it"),
    (NEW_VERSION_STORAGE, "a version made the storage version in the change that adds it"),
    (ALLOW_ENTRY_UNUSED, "an allow-file entry that matches no finding (a warning: delete it)"),
];

/// The rule names as constants, for code that reports or matches a finding: each holds the
/// kebab-case spelling of its own name (`KIND_REMOVED` is `"kind-removed"`). Re-exported below,
/// so they are used as `compat::KIND_REMOVED`.
#[expect(
    missing_docs,
    reason = "each constant is its name spelt in kebab case, and `RULES` says what each reports; a doc per constant would repeat that table and drift from it"
)]
mod rule_constants {
    pub const KIND_REMOVED: &str = "kind-removed";
    pub const VERSION_REMOVED: &str = "version-removed";
    pub const FIELD_REMOVED: &str = "field-removed";
    pub const JSON_NAME_CHANGED: &str = "json-name-changed";
    pub const PROTO_NUMBER_CHANGED: &str = "proto-number-changed";
    pub const PROTO_NUMBER_REUSED: &str = "proto-number-reused";
    pub const PROTO_NUMBER_NOT_RESERVED: &str = "proto-number-not-reserved";
    pub const TYPE_CHANGED: &str = "type-changed";
    pub const LABEL_CHANGED: &str = "label-changed";
    pub const LIST_SEMANTICS_CHANGED: &str = "list-semantics-changed";
    pub const FIELD_MADE_REQUIRED: &str = "field-made-required";
    pub const REQUIRED_FIELD_ADDED: &str = "required-field-added";
    pub const DEFAULT_CHANGED: &str = "default-changed";
    pub const DEFAULT_NOT_IN_ALL_VERSIONS: &str = "default-not-in-all-versions";
    pub const ENUM_VALUE_ADDED: &str = "enum-value-added";
    pub const ENUM_VALUE_REMOVED: &str = "enum-value-removed";
    pub const UNION_MEMBER_REMOVED: &str = "union-member-removed";
    pub const VALIDATION_TIGHTENED: &str = "validation-tightened";
    pub const VALIDATION_LOOSENED: &str = "validation-loosened";
    pub const NEW_VERSION_PREFERRED: &str = "new-version-preferred";
    pub const NEW_VERSION_STORAGE: &str = "new-version-storage";
    pub const ALLOW_ENTRY_UNUSED: &str = "allow-entry-unused";
}
pub use rule_constants::*;

/// One incompatible change.
#[derive(Debug, Clone)]
pub struct Finding {
    /// One of [`RULES`].
    pub rule: &'static str,
    /// What changed, as an allow entry names it: `<package>`, `<package>/<Type>`,
    /// `<package>/<Type>.<jsonName>`, `<package>/<Type>=<enum value>` or `<package>/<Type>#<number>`.
    pub subject: String,
    /// The message, level and places: the working tree's place first where there is one, the
    /// base's as the related place.
    pub diagnostic: Diagnostic,
}

impl Finding {
    /// A warning for a break in an alpha version or an unused allow entry, an error otherwise.
    pub fn level(&self) -> Level {
        self.diagnostic.level
    }
}

/// The stability of an API version, from its name: what decides whether a break is an error.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum Stability {
    /// `v1alpha1`: a break is a warning.
    Alpha,
    /// `v2beta3`: a break is an error.
    Beta,
    /// `v1`, or any name that is not an alpha or beta version: a break is an error.
    Stable,
}

impl Stability {
    /// `v1alpha1` is alpha, `v2beta3` beta; anything else (`v1`, a name that is not a version) is
    /// held to the strictest rules.
    pub fn of_version(version: &str) -> Stability {
        let Some(rest) = version.strip_prefix('v') else { return Stability::Stable };
        let tail = rest.trim_start_matches(|c: char| c.is_ascii_digit());
        let digits = |s: &str| s.bytes().all(|b| b.is_ascii_digit());
        if tail.len() == rest.len() {
            Stability::Stable
        } else if tail.strip_prefix("alpha").is_some_and(digits) {
            Stability::Alpha
        } else if tail.strip_prefix("beta").is_some_and(digits) {
            Stability::Beta
        } else {
            Stability::Stable
        }
    }

    /// Alpha versions may break (a warning); beta and stable ones may not (an error).
    pub fn level(self) -> Level {
        if self == Stability::Alpha { Level::Warning } else { Level::Error }
    }
}

/// Compares the working tree `head` with the tree `base` it changes: every finding, in rule
/// order within each type, types in package order. Neither universe is changed.
pub fn compare(base: &Universe, head: &Universe) -> Vec<Finding> {
    rules::Comparison::new(base, head).run()
}

/// What comparing and applying an allow list leaves.
#[derive(Debug, Default)]
pub struct Outcome {
    /// The findings no allow entry covers.
    pub findings: Vec<Finding>,
    /// How many findings the allow list covered.
    pub allowed: usize,
}

impl Outcome {
    /// How many remaining findings are errors; `compat` exits non-zero when there are any.
    pub fn errors(&self) -> usize {
        self.findings.iter().filter(|f| f.level() == Level::Error).count()
    }

    /// How many remaining findings are warnings (breaks in alpha versions, unused allow
    /// entries); they are shown but do not fail `compat`.
    pub fn warnings(&self) -> usize {
        self.findings.len() - self.errors()
    }
}

/// Drops the findings an allow entry covers; an entry that covers none becomes a warning of its
/// own, so the file cannot keep entries for breaks that are no longer there.
pub fn apply_allow(findings: Vec<Finding>, allow: &AllowList) -> Outcome {
    let mut used = vec![false; allow.entries.len()];
    let mut out = Outcome::default();
    for f in findings {
        match allow.entries.iter().position(|e| e.rule == f.rule && e.subject == f.subject) {
            Some(i) => {
                used[i] = true;
                out.allowed += 1;
            }
            None => out.findings.push(f),
        }
    }
    for (e, used) in allow.entries.iter().zip(used) {
        if !used {
            let d = Diagnostic {
                file: Some(allow.path.clone()),
                start: kapi_frontend::diagnostics::LineCol { line: e.line, column: 0 },
                end: kapi_frontend::diagnostics::LineCol { line: e.line, column: e.text_len },
                ..Diagnostic::global(format!("allowed `{} {}` matches no change against this base", e.rule, e.subject))
            }
            .warning()
            .label("matches nothing")
            .note("the break is gone or already in the base; delete the entry");
            out.findings.push(Finding { rule: ALLOW_ENTRY_UNUSED, subject: e.subject.clone(), diagnostic: d });
        }
    }
    out
}

/// Renders the findings rustc-style, each with the working tree's and the base's source lines,
/// in place order; `extra` supplies sources outside both trees (the allow file).
pub fn render_text(findings: &[Finding], base: &Universe, head: &Universe, extra: &[(&Path, &str)]) -> String {
    let diagnostics: Vec<Diagnostic> = findings
        .iter()
        .map(|f| {
            let mut d = f.diagnostic.clone();
            d.notes.insert(0, format!("rule `{}` on `{}`", f.rule, f.subject));
            d
        })
        .collect();
    kapi_frontend::diagnostics::render_all(&diagnostics, |p| {
        head.files
            .iter()
            .chain(&base.files)
            .find(|f| f.path == p)
            .map(|f| f.source.as_str())
            .or_else(|| extra.iter().find(|(path, _)| *path == p).map(|(_, s)| *s))
    })
}

/// Renders the findings as one JSON array of objects with `rule`, `level`, `subject`,
/// `message`, `at` and `base` (each `{file, line, column}` or null), `label` and `notes`.
pub fn render_json(findings: &[Finding]) -> String {
    let mut sorted: Vec<&Finding> = findings.iter().collect();
    sorted.sort_by(|a, b| {
        let key = |f: &Finding| (f.diagnostic.file.clone(), f.diagnostic.start, f.rule, f.subject.clone());
        key(a).cmp(&key(b))
    });
    let mut out = String::from("[");
    for (i, f) in sorted.iter().enumerate() {
        let d = &f.diagnostic;
        out.push_str(if i == 0 { "\n  {" } else { ",\n  {" });
        let _ = write!(
            out,
            "\"rule\": {}, \"level\": {}, \"subject\": {}, \"message\": {}",
            json_string(f.rule),
            json_string(d.level.as_str()),
            json_string(&f.subject),
            json_string(&d.message)
        );
        let place = |file: &Path, line: usize, column: usize| {
            format!(
                "{{\"file\": {}, \"line\": {}, \"column\": {}}}",
                json_string(&file.display().to_string()),
                line.max(1),
                column + 1
            )
        };
        let at = d.file.as_deref().map_or_else(|| "null".to_owned(), |p| place(p, d.start.line, d.start.column));
        let related =
            d.related.first().map_or_else(|| "null".to_owned(), |r| place(&r.file, r.start.line, r.start.column));
        let _ = write!(out, ", \"at\": {at}, \"base\": {related}");
        let label = d.label.as_deref().map_or_else(|| "null".to_owned(), json_string);
        let notes: Vec<String> = d.notes.iter().map(|n| json_string(n)).collect();
        let _ = write!(out, ", \"label\": {label}, \"notes\": [{}]}}", notes.join(", "));
    }
    out.push_str(if sorted.is_empty() { "]\n" } else { "\n]\n" });
    out
}

/// A JSON string literal.
fn json_string(s: &str) -> String {
    let mut out = String::with_capacity(s.len() + 2);
    out.push('"');
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            c if (c as u32) < 0x20 => {
                let _ = write!(out, "\\u{:04x}", c as u32);
            }
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

/// The rule names, for checking allow entries.
pub(crate) fn rule_names() -> BTreeSet<&'static str> {
    RULES.iter().map(|(name, _)| *name).filter(|n| *n != ALLOW_ENTRY_UNUSED).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stability_follows_the_version_name() {
        for (v, s) in [
            ("v1", Stability::Stable),
            ("v2", Stability::Stable),
            ("v1beta1", Stability::Beta),
            ("v2beta3", Stability::Beta),
            ("v1alpha1", Stability::Alpha),
            ("v1alpha", Stability::Alpha),
            ("v1gamma1", Stability::Stable),
            ("internal", Stability::Stable),
        ] {
            assert_eq!(Stability::of_version(v), s, "{v}");
        }
        assert_eq!(Stability::Alpha.level(), Level::Warning);
        assert_eq!(Stability::Beta.level(), Level::Error);
    }

    #[test]
    fn json_strings_escape_quotes_backslashes_and_controls() {
        assert_eq!(json_string("a\"b\\c\nd\u{1}"), "\"a\\\"b\\\\c\\nd\\u0001\"");
    }
}
