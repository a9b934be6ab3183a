//! The compatibility check of upstream's `roundtrip.CompatibilityTestOptions`: for `HEAD`, the
//! filled object of every registered kind must encode to the fixture bytes in JSON, YAML and
//! protobuf, and each fixture must decode back to it; for each previous release `v*`, each fixture
//! must decode and re-encode to itself or to its `.after_roundtrip.<ext>` companion.

use std::collections::{BTreeMap, BTreeSet};
use std::fmt::Write as _;
use std::path::{Path, PathBuf};

use kapi_machinery::serializer::{Format, Options, Serializer};
use kapi_machinery::{FillCtx, GroupVersionKind, Object, Scheme};

/// Kinds upstream tests only once, as `core.v1.<Kind>`, even though every group registers them.
pub const CORE_KINDS: &[&str] = &[
    "CreateOptions",
    "UpdateOptions",
    "PatchOptions",
    "DeleteOptions",
    "GetOptions",
    "ListOptions",
    "ExportOptions",
    "WatchEvent",
];

/// The three fixture formats, in the order upstream checks them.
pub const EXTENSIONS: [&str; 3] = ["json", "yaml", "pb"];

/// The outcome of one fixture file.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Outcome {
    Passed,
    /// Why it failed: the first differing byte or field.
    Failed(String),
}

/// One checked file.
#[derive(Debug, Clone)]
pub struct FileResult {
    pub path: PathBuf,
    pub outcome: Outcome,
}

/// Everything a run found.
#[derive(Debug, Default)]
pub struct Report {
    pub results: Vec<FileResult>,
    /// Fixture files no registered kind claims (kinds not defined yet).
    pub skipped: Vec<PathBuf>,
    /// Problems with the fixture tree itself (unreadable directory …).
    pub errors: Vec<String>,
}

impl Report {
    /// Files that passed.
    pub fn passed(&self) -> usize {
        self.results.iter().filter(|r| r.outcome == Outcome::Passed).count()
    }

    /// Files that failed, plus tree errors.
    pub fn failed(&self) -> usize {
        self.results.len() - self.passed() + self.errors.len()
    }

    /// One line per failure, then `N passed, M failed[, K skipped]`.
    pub fn render(&self) -> String {
        let mut out = String::new();
        for e in &self.errors {
            let _ = writeln!(out, "FAIL {e}");
        }
        for r in &self.results {
            if let Outcome::Failed(why) = &r.outcome {
                let _ = writeln!(out, "FAIL {}: {why}", r.path.display());
            }
        }
        let _ = write!(out, "{} passed, {} failed", self.passed(), self.failed());
        if !self.skipped.is_empty() {
            let _ = write!(out, ", {} skipped", self.skipped.len());
        }
        out.push('\n');
        out
    }
}

/// The fixture base name of a kind: `<group>.<version>.<Kind>`, with the core group as `core`.
pub fn fixture_name(gvk: &GroupVersionKind) -> String {
    let group = if gvk.group.is_empty() { "core" } else { gvk.group.as_str() };
    format!("{group}.{}.{}", gvk.version, gvk.kind)
}

/// The kinds upstream's compatibility test covers, sorted as upstream sorts them.
pub fn tested_kinds(scheme: &Scheme) -> Vec<GroupVersionKind> {
    scheme
        .known_kinds()
        .filter(|gvk| !gvk.version.is_empty() && gvk.version != kapi_machinery::INTERNAL_VERSION)
        .filter(|gvk| !gvk.kind.ends_with("List"))
        .filter(|gvk| gvk.group.is_empty() || !CORE_KINDS.contains(&gvk.kind.as_str()))
        .filter(|gvk| has_protobuf(scheme, gvk))
        .cloned()
        .collect()
}

/// Whether a kind has a protobuf form: upstream's fixtures come in all three formats, so JSON-only
/// kinds (`ExecCredential`, custom resources) are outside the compatibility test.
pub fn has_protobuf(scheme: &Scheme, gvk: &GroupVersionKind) -> bool {
    let Ok(obj) = scheme.new_object(gvk) else { return false };
    let mut w = kapi_machinery::proto::ProtoWriter::default();
    !matches!(obj.encode_proto_dyn(&mut w), Err(kapi_machinery::EncodeError::NoProtobuf(_)))
}

/// The object upstream's fill produces for a kind, with its `TypeMeta` set.
pub fn filled_object(scheme: &Scheme, gvk: &GroupVersionKind) -> Result<Box<dyn Object>, String> {
    let mut obj = scheme.new_object(gvk).map_err(|e| e.to_string())?;
    obj.fill_dyn(&mut FillCtx::new());
    if let Some(tm) = obj.type_meta_mut() {
        tm.set_gvk(gvk);
    }
    Ok(obj)
}

fn serializer<'s>(scheme: &'s Scheme, ext: &str) -> Serializer<'s> {
    match ext {
        "json" => Serializer::new(scheme, Format::Json, Options { pretty: true, strict: false, ..Options::default() }),
        "yaml" => Serializer::new(scheme, Format::Yaml, Options::default()),
        _ => Serializer::new(scheme, Format::Protobuf, Options::default()),
    }
}

/// Describes where two byte strings first differ.
pub fn first_difference(got: &[u8], want: &[u8]) -> String {
    let idx = got.iter().zip(want).position(|(a, b)| a != b).unwrap_or(got.len().min(want.len()));
    let ctx = |b: &[u8]| {
        let start = idx.saturating_sub(24);
        let end = (idx + 24).min(b.len());
        format!("{:?}", String::from_utf8_lossy(&b[start..end]))
    };
    format!(
        "first difference at byte {idx} (got {} bytes, want {}): got …{}… want …{}…",
        got.len(),
        want.len(),
        ctx(got),
        ctx(want)
    )
}

/// Runs the check over `root/HEAD` and every `root/v*`.
pub fn run(root: &Path, scheme: &Scheme) -> Report {
    let mut report = Report::default();
    let kinds = covered_kinds(&root.join("HEAD"), tested_kinds(scheme));
    check_head(&root.join("HEAD"), scheme, &kinds, &mut report);
    let mut previous: Vec<PathBuf> = match std::fs::read_dir(root) {
        Ok(rd) => rd
            .filter_map(Result::ok)
            .map(|e| e.path())
            .filter(|p| p.is_dir() && p.file_name().and_then(|n| n.to_str()).is_some_and(|n| n.starts_with('v')))
            .collect(),
        Err(e) => {
            report.errors.push(format!("{}: {e}", root.display()));
            Vec::new()
        }
    };
    previous.sort();
    for dir in previous {
        check_previous(&dir, scheme, &kinds, &mut report);
    }
    report
}

/// The kinds of the groups a root has fixtures for: each upstream repository tests the groups of
/// its own scheme (k8s.io/api has no CustomResourceDefinition, apiextensions-apiserver no Pod), so
/// a group with no file at all under `HEAD` is not the root's to check.
fn covered_kinds(head: &Path, kinds: Vec<GroupVersionKind>) -> Vec<GroupVersionKind> {
    let files: Vec<String> = std::fs::read_dir(head)
        .map(|rd| rd.filter_map(Result::ok).filter_map(|e| e.file_name().to_str().map(str::to_owned)).collect())
        .unwrap_or_default();
    let group_prefix = |gvk: &GroupVersionKind| {
        let name = fixture_name(gvk);
        let cut = name.len() - gvk.kind.len() - gvk.version.len() - 1;
        name[..cut].to_owned()
    };
    let covered: BTreeSet<String> = kinds
        .iter()
        .filter(|gvk| {
            let prefix = format!("{}{}.", group_prefix(gvk), gvk.version);
            files.iter().any(|f| f.starts_with(&prefix))
        })
        .map(group_prefix)
        .collect();
    kinds.into_iter().filter(|gvk| covered.contains(&group_prefix(gvk))).collect()
}

fn list_files(dir: &Path, report: &mut Report) -> BTreeSet<String> {
    match std::fs::read_dir(dir) {
        Ok(rd) => rd.filter_map(Result::ok).filter_map(|e| e.file_name().to_str().map(str::to_owned)).collect(),
        Err(e) => {
            report.errors.push(format!("{}: {e}", dir.display()));
            BTreeSet::new()
        }
    }
}

fn check_head(dir: &Path, scheme: &Scheme, kinds: &[GroupVersionKind], report: &mut Report) {
    let mut unclaimed = list_files(dir, report);
    for gvk in kinds {
        let name = fixture_name(gvk);
        let expected = match filled_object(scheme, gvk) {
            Ok(o) => o,
            Err(e) => {
                report.errors.push(format!("{name}: cannot create: {e}"));
                continue;
            }
        };
        for ext in EXTENSIONS {
            let file = format!("{name}.{ext}");
            unclaimed.remove(&file);
            let path = dir.join(&file);
            let outcome = check_head_file(&path, ext, scheme, gvk, expected.as_ref());
            report.results.push(FileResult { path, outcome });
        }
    }
    report.skipped.extend(unclaimed.into_iter().map(|f| dir.join(f)));
}

fn check_head_file(path: &Path, ext: &str, scheme: &Scheme, gvk: &GroupVersionKind, expected: &dyn Object) -> Outcome {
    let want = match std::fs::read(path) {
        Ok(b) => b,
        Err(e) => return Outcome::Failed(format!("cannot read fixture: {e}")),
    };
    let ser = serializer(scheme, ext);
    let got = match ser.encode(expected) {
        Ok(b) => b,
        Err(e) => return Outcome::Failed(format!("encode failed: {e}")),
    };
    if got != want {
        return Outcome::Failed(format!("encoding differs: {}", first_difference(&got, &want)));
    }
    let input = if ext == "json" {
        match kapi_machinery::json::compact(&want) {
            Ok(c) => c,
            Err(e) => return Outcome::Failed(format!("fixture is not valid JSON: {e}")),
        }
    } else {
        want
    };
    match ser.decode(&input, Some(gvk)) {
        Ok(d) if d.object.semantic_eq_dyn(expected) => Outcome::Passed,
        Ok(d) => Outcome::Failed(format!(
            "decoded object differs from the filled one: {}",
            describe_object_difference(scheme, d.object.as_ref(), expected)
        )),
        Err(e) => Outcome::Failed(format!("decode failed: {e}")),
    }
}

/// Points at the first difference between two objects by comparing their compact JSON.
fn describe_object_difference(scheme: &Scheme, got: &dyn Object, want: &dyn Object) -> String {
    let ser = Serializer::new(scheme, Format::Json, Options::default());
    match (ser.encode(got), ser.encode(want)) {
        (Ok(a), Ok(b)) if a != b => first_difference(&a, &b),
        (Ok(_), Ok(_)) => "the JSON encodings agree; the difference is in a field JSON does not carry".into(),
        _ => "one of them does not encode".into(),
    }
}

fn check_previous(dir: &Path, scheme: &Scheme, kinds: &[GroupVersionKind], report: &mut Report) {
    let files = list_files(dir, report);
    let claimed: BTreeMap<String, &GroupVersionKind> = kinds.iter().map(|g| (fixture_name(g), g)).collect();
    for f in &files {
        let base = f.split(".after_roundtrip.").next().unwrap_or(f);
        let stem = EXTENSIONS.iter().find_map(|e| base.strip_suffix(&format!(".{e}"))).unwrap_or(base);
        if !claimed.contains_key(stem) {
            report.skipped.push(dir.join(f));
        }
    }
    for (name, gvk) in claimed {
        let paths: Vec<PathBuf> = EXTENSIONS.iter().map(|e| dir.join(format!("{name}.{e}"))).collect();
        let data: Vec<Option<Vec<u8>>> = paths.iter().map(|p| std::fs::read(p).ok()).collect();
        // Upstream skips a kind when any of its three files is missing, or all are empty.
        if data.iter().any(Option::is_none) || data.iter().all(|d| d.as_deref().is_some_and(<[u8]>::is_empty)) {
            continue;
        }
        let mut json_obj: Option<Box<dyn Object>> = None;
        for (idx, ext) in EXTENSIONS.iter().enumerate() {
            let original = data[idx].clone().unwrap_or_default();
            let outcome = check_previous_file(dir, &name, ext, &original, scheme, gvk, &mut json_obj);
            report.results.push(FileResult { path: paths[idx].clone(), outcome });
        }
    }
}

fn check_previous_file(
    dir: &Path,
    name: &str,
    ext: &str,
    original: &[u8],
    scheme: &Scheme,
    gvk: &GroupVersionKind,
    json_obj: &mut Option<Box<dyn Object>>,
) -> Outcome {
    let ser = serializer(scheme, ext);
    let input = if ext == "json" {
        match kapi_machinery::json::compact(original) {
            Ok(c) => c,
            Err(e) => return Outcome::Failed(format!("fixture is not valid JSON: {e}")),
        }
    } else {
        original.to_vec()
    };
    let decoded = match ser.decode(&input, Some(gvk)) {
        Ok(d) => d.object,
        Err(e) => return Outcome::Failed(format!("decode failed: {e}")),
    };
    if ext == "json" {
        *json_obj = Some(decoded.deep_copy_object());
    } else if let Some(j) = json_obj.as_ref()
        && !decoded.semantic_eq_dyn(j.as_ref())
    {
        return Outcome::Failed(format!(
            "decoded object differs from the one decoded from JSON: {}",
            describe_object_difference(scheme, decoded.as_ref(), j.as_ref())
        ));
    }
    let reencoded = match ser.encode(decoded.as_ref()) {
        Ok(b) => b,
        Err(e) => return Outcome::Failed(format!("re-encode failed: {e}")),
    };
    let after_path = dir.join(format!("{name}.after_roundtrip.{ext}"));
    match std::fs::read(&after_path) {
        Ok(after) => {
            if after == original {
                return Outcome::Failed(format!(
                    "{} is identical to the original and should be removed",
                    after_path.display()
                ));
            }
            if reencoded == after {
                Outcome::Passed
            } else {
                Outcome::Failed(format!(
                    "re-encoding differs from {}: {}",
                    after_path.display(),
                    first_difference(&reencoded, &after)
                ))
            }
        }
        Err(_) if reencoded == original => Outcome::Passed,
        Err(_) => Outcome::Failed(format!("re-encoding differs: {}", first_difference(&reencoded, original))),
    }
}
