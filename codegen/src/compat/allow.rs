//! The allow file of `kapi-codegen compat`: deliberate breaks, one a line (`<rule> <subject> <reason>`), each with its reason.

use std::path::{Path, PathBuf};

use kapi_frontend::diagnostics::{Diagnostic, LineCol};

/// The file `compat` reads at the root of the tree when `--allow` is not given.
pub const DEFAULT_FILE: &str = "compat-allow.txt";

/// Lines longer than this are refused, so a stray binary file cannot cost much.
const MAX_LINE: usize = 4096;

/// One deliberate break.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct AllowEntry {
    /// One of [`super::RULES`] other than [`super::ALLOW_ENTRY_UNUSED`].
    pub rule: String,
    /// What the finding is about, spelt as [`super::Finding::subject`] is (`compat` prints it
    /// after `rule … on`); the entry covers the finding with this rule and subject only.
    pub subject: String,
    /// Why the break is deliberate: the rest of the line, at least one word, for reviewers.
    pub reason: String,
    /// The 1-based line it is on.
    pub line: usize,
    /// The line's length in characters, to underline it.
    pub text_len: usize,
}

/// The entries of one allow file.
#[derive(Debug, Clone, Default)]
pub struct AllowList {
    /// The file the entries were read from; an unused entry's warning points into it.
    pub path: PathBuf,
    /// The entries in file order; no two have the same rule and subject.
    pub entries: Vec<AllowEntry>,
}

impl AllowList {
    /// Parses an allow file: blank lines and lines starting with `#` are skipped; every other
    /// line is `<rule> <subject> <reason…>`, the rule one of [`super::RULES`] and the reason at
    /// least one word. Returns every malformed line as an error at its place.
    pub fn parse(path: &Path, text: &str) -> Result<AllowList, Vec<Diagnostic>> {
        let rules = super::rule_names();
        let mut entries: Vec<AllowEntry> = Vec::new();
        let mut errors = Vec::new();
        for (idx, raw) in text.lines().enumerate() {
            let line = idx + 1;
            let trimmed = raw.trim();
            if trimmed.is_empty() || trimmed.starts_with('#') {
                continue;
            }
            let text_len = raw.chars().count();
            let at = |message: String, note: &str| {
                Diagnostic {
                    file: Some(path.to_path_buf()),
                    start: LineCol { line, column: 0 },
                    end: LineCol { line, column: text_len.min(MAX_LINE) },
                    ..Diagnostic::global(message)
                }
                .note(note.to_owned())
            };
            if raw.len() > MAX_LINE {
                errors.push(at(format!("line longer than {MAX_LINE} bytes"), "an entry is one short line"));
                continue;
            }
            // Words are separated by any run of blanks; the reason is the rest of the line.
            let word = |s: &str| -> (String, String) {
                let s = s.trim_start();
                let end = s.find(char::is_whitespace).unwrap_or(s.len());
                (s[..end].to_owned(), s[end..].trim().to_owned())
            };
            let (rule, rest) = word(trimmed);
            let (subject, reason) = word(&rest);
            let (rule, subject, reason) = (rule.as_str(), subject.as_str(), reason.as_str());
            if !rules.contains(rule) {
                errors.push(at(
                    format!("unknown rule `{rule}` in the allow file"),
                    &format!("the rules are: {}", rules.iter().copied().collect::<Vec<_>>().join(", ")),
                ));
                continue;
            }
            if subject.is_empty() || reason.is_empty() {
                errors.push(at(
                    format!("the entry for `{rule}` needs a subject and a reason"),
                    "write `<rule> <subject> <reason>`, the subject as `compat` prints it after `rule … on`",
                ));
                continue;
            }
            if let Some(first) = entries.iter().find(|e| e.rule == rule && e.subject == subject) {
                errors.push(at(
                    format!("`{rule} {subject}` is allowed twice (first on line {})", first.line),
                    "keep one entry",
                ));
                continue;
            }
            entries.push(AllowEntry {
                rule: rule.to_owned(),
                subject: subject.to_owned(),
                reason: reason.to_owned(),
                line,
                text_len,
            });
        }
        if errors.is_empty() { Ok(AllowList { path: path.to_path_buf(), entries }) } else { Err(errors) }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn entries_need_a_known_rule_a_subject_and_a_reason() {
        let path = Path::new("api/compat-allow.txt");
        let list = AllowList::parse(
            path,
            "# deliberate breaks\n\nfield-removed  widgets/v1/WidgetSpec.colour   never served; removed by review\n",
        )
        .unwrap();
        assert_eq!(list.entries.len(), 1);
        let e = &list.entries[0];
        assert_eq!(
            (e.rule.as_str(), e.subject.as_str(), e.reason.as_str(), e.line),
            ("field-removed", "widgets/v1/WidgetSpec.colour", "never served; removed by review", 3)
        );
        let errors = AllowList::parse(
            path,
            "field-removd a/v1/T.x reason\nfield-removed a/v1/T.x\nkind-removed a/v1/T why\nkind-removed a/v1/T again\n",
        )
        .unwrap_err();
        let messages: Vec<&str> = errors.iter().map(|d| d.message.as_str()).collect();
        assert_eq!(messages.len(), 3, "{messages:?}");
        assert!(messages[0].contains("unknown rule `field-removd`"));
        assert!(messages[1].contains("needs a subject and a reason"));
        assert!(messages[2].contains("allowed twice (first on line 3)"));
        assert_eq!(errors[1].start.line, 2);
    }
}
