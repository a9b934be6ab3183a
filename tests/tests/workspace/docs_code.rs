//! Every Rust block in the README and docs/ is compiled: a doctest of this crate, or an excerpt of a compiled file that still says what the block shows.
//!
//! A block fenced ` ```rust ` (or `rust,no_run`; indented in a list item too) must sit in a page that `src/lib.rs` includes as
//! doctests. A block fenced ` ```rust,ignore ` must follow a line `<!-- excerpt: PATH -->` naming a
//! file of this repository (an example CI runs, or the source the page describes) whose lines it
//! repeats: each line as it stands there, in order, consecutive except where the block writes `…`
//! (a line holding only `…` or `// …` skips any number of lines; `text…` matches one line that
//! starts with `text` and skips what follows). An untagged fence is refused, since rustdoc reads it
//! as Rust.

use std::path::{Path, PathBuf};

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("..")
}

/// The pages checked: the README and every page of docs/.
fn pages() -> Vec<PathBuf> {
    let mut pages = vec![PathBuf::from("README.md")];
    let mut docs: Vec<PathBuf> = std::fs::read_dir(root().join("docs"))
        .expect("docs/ is readable")
        .map(|e| e.expect("docs/ entry").path())
        .filter(|p| p.extension().is_some_and(|e| e == "md"))
        .map(|p| PathBuf::from("docs").join(p.file_name().expect("a file name")))
        .collect();
    docs.sort();
    pages.extend(docs);
    pages
}

/// One fenced block: where it starts, its info string, its lines, and the line before the fence.
struct Block {
    line: usize,
    info: String,
    body: Vec<String>,
    before: Option<String>,
}

fn blocks(text: &str) -> Vec<Block> {
    let mut out = Vec::new();
    let mut open: Option<Block> = None;
    let mut previous: Option<String> = None;
    for (i, line) in text.lines().enumerate() {
        match (&mut open, line.trim_start().strip_prefix("```")) {
            (None, Some(info)) => {
                open = Some(Block {
                    line: i + 1,
                    info: info.trim().to_owned(),
                    body: Vec::new(),
                    before: previous.clone(),
                })
            }
            (Some(_), Some(_)) => out.push(open.take().expect("an open block")),
            (Some(b), None) => b.body.push(line.to_owned()),
            (None, None) => {
                if !line.trim().is_empty() {
                    previous = Some(line.trim().to_owned());
                }
            }
        }
    }
    out
}

/// One line of an excerpt, as it is matched against the file.
#[derive(Debug, PartialEq)]
enum Matcher {
    /// The file's next line, trimmed, equals this.
    Exact(String),
    /// The file's next line starts with this (a `Gap` follows it).
    Prefix(String),
    /// Any number of lines.
    Gap,
}

fn matchers(body: &[String]) -> Vec<Matcher> {
    body.iter()
        .map(|l| l.trim())
        .filter(|l| !l.is_empty())
        .flat_map(|l| match l.split_once('…') {
            None => vec![Matcher::Exact(l.to_owned())],
            Some((before, _)) => match before.trim() {
                "" | "//" => vec![Matcher::Gap],
                prefix => vec![Matcher::Prefix(prefix.to_owned()), Matcher::Gap],
            },
        })
        .collect()
}

/// Whether the file's lines hold the excerpt: the runs between gaps each consecutive, in order.
/// The earliest place for each run is the right one, since only a gap follows it.
fn excerpt_matches(matchers: &[Matcher], file: &str) -> Result<(), String> {
    let lines: Vec<&str> = file.lines().map(str::trim).filter(|l| !l.is_empty()).collect();
    let mut at = 0;
    for run in matchers.split(|m| *m == Matcher::Gap).filter(|run| !run.is_empty()) {
        let found = (at..lines.len()).find(|&start| {
            run.iter().enumerate().all(|(k, m)| match (m, lines.get(start + k)) {
                (Matcher::Exact(s), Some(l)) => l == s,
                (Matcher::Prefix(p), Some(l)) => l.starts_with(p.as_str()),
                _ => false,
            })
        });
        let Some(start) = found else {
            let first = match &run[0] {
                Matcher::Exact(s) | Matcher::Prefix(s) => s.as_str(),
                Matcher::Gap => "",
            };
            return Err(format!("these {} line(s) are not there, in this order, from `{first}` on", run.len()));
        };
        at = start + run.len();
    }
    Ok(())
}

#[test]
fn every_rust_block_is_compiled() {
    let lib = std::fs::read_to_string(root().join("tests/src/lib.rs")).expect("tests/src/lib.rs");
    let mut problems = Vec::new();
    let mut checked = 0;
    for page in pages() {
        let text = std::fs::read_to_string(root().join(&page)).expect("a readable page");
        let included = lib.contains(&format!("include_str!(\"../../{}\")", page.display()));
        for block in blocks(&text) {
            let at = format!("{}:{}", page.display(), block.line);
            let mut tags = block.info.split(',').map(str::trim);
            let language = tags.next().unwrap_or_default();
            let ignored = tags.any(|t| t == "ignore");
            if language.is_empty() {
                problems.push(format!("{at}: an untagged block, which rustdoc compiles as Rust: name its language"));
                continue;
            }
            if language != "rust" {
                continue;
            }
            checked += 1;
            if !ignored {
                if !included {
                    problems.push(format!(
                        "{at}: a Rust block in a page that tests/src/lib.rs does not include as doctests"
                    ));
                }
                continue;
            }
            let Some(path) = block
                .before
                .as_deref()
                .and_then(|l| l.strip_prefix("<!-- excerpt: "))
                .and_then(|l| l.strip_suffix(" -->"))
            else {
                problems.push(format!("{at}: `rust,ignore` without `<!-- excerpt: PATH -->` on the line before"));
                continue;
            };
            let Ok(file) = std::fs::read_to_string(root().join(Path::new(path))) else {
                problems.push(format!("{at}: the excerpt's file {path} does not exist"));
                continue;
            };
            if let Err(e) = excerpt_matches(&matchers(&block.body), &file) {
                problems.push(format!("{at}: not an excerpt of {path}: {e}"));
            }
        }
    }
    assert!(checked > 0, "no Rust block found: the pages moved?");
    assert!(problems.is_empty(), "{} block(s) not compiled:\n{}", problems.len(), problems.join("\n"));
}

#[test]
fn an_excerpt_must_keep_its_order_and_its_runs() {
    let file = "fn a() {\n    one();\n\n    two();\n    three();\n}\n";
    let m = |s: &str| matchers(&s.lines().map(str::to_owned).collect::<Vec<_>>());
    assert!(excerpt_matches(&m("one();\ntwo();"), file).is_ok(), "blank lines do not count");
    assert!(excerpt_matches(&m("fn a() {\n…\nthree();\n}"), file).is_ok());
    assert!(excerpt_matches(&m("fn a() { … }"), file).is_ok(), "a prefix line");
    assert!(excerpt_matches(&m("one();\nthree();"), file).is_err(), "a run is consecutive");
    assert!(excerpt_matches(&m("two();\n…\none();"), file).is_err(), "order kept");
    assert!(excerpt_matches(&m("one();\nfour();"), file).is_err());
}
