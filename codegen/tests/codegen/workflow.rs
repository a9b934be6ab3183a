//! The add-a-field workflow of docs/changing-the-api.md, performed on a temporary copy of a small
//! tree: add an optional field to two versions and the internal type and regenerate; then leave it
//! out of the internal type and get the error that names it.

use std::fs;
use std::path::{Path, PathBuf};
use std::process::Command;

fn fixture() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/conversion/good")
}

fn copy_tree(from: &Path, to: &Path) {
    fs::create_dir_all(to).unwrap();
    for entry in fs::read_dir(from).unwrap() {
        let entry = entry.unwrap();
        let target = to.join(entry.file_name());
        if entry.file_type().unwrap().is_dir() {
            copy_tree(&entry.path(), &target);
        } else {
            fs::copy(entry.path(), &target).unwrap();
        }
    }
}

/// A scratch tree: the conversion fixture plus a `v1beta1` copy of its `v1`.
fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("kapi-workflow-{name}-{}", std::process::id()));
    let _ = fs::remove_dir_all(&dir);
    copy_tree(&fixture(), &dir.join("api"));
    let v1 = dir.join("api/gadgets/v1");
    let beta = dir.join("api/gadgets/v1beta1");
    copy_tree(&v1, &beta);
    for file in ["mod.rs", "types.rs"] {
        let text = fs::read_to_string(beta.join(file)).unwrap();
        fs::write(
            beta.join(file),
            text.replace("version = \"v1\"", "version = \"v1beta1\"")
                .replace("/v1`", "/v1beta1`")
                .replace("gadgets/v1/mod.rs", "gadgets/v1beta1/mod.rs"),
        )
        .unwrap();
    }
    dir
}

/// Inserts `line` after the first line of `file` that contains `anchor`.
fn insert_after(file: &Path, anchor: &str, line: &str) {
    let text = fs::read_to_string(file).unwrap();
    let at = text.find(anchor).unwrap_or_else(|| panic!("{anchor:?} not in {}", file.display()));
    let end = at + text[at..].find('\n').unwrap() + 1;
    fs::write(file, format!("{}{line}\n{}", &text[..end], &text[end..])).unwrap();
}

fn codegen(args: &[&str], dir: &Path) -> std::process::Output {
    Command::new(env!("CARGO_BIN_EXE_kapi-codegen")).args(args).current_dir(dir).output().unwrap()
}

#[test]
fn adding_a_field_to_every_version_and_the_internal_type_regenerates_cleanly() {
    let dir = scratch("add");
    let gen_args = ["generate", "--root", "api", "--out", "generated"];
    let first = codegen(&gen_args, &dir);
    assert!(first.status.success(), "{}", String::from_utf8_lossy(&first.stderr));

    // The field, as the seed describes: optional, in both versions and the internal type.
    for version in ["v1", "v1beta1"] {
        insert_after(
            &dir.join(format!("api/gadgets/{version}/types.rs")),
            "pub sub: Option<Box<Part>>,",
            "    /// Why the part is there.\n    #[kapi(proto = 4, omitempty)]\n    pub reason: Option<String>,",
        );
    }
    insert_after(&dir.join("api/gadgets/types.rs"), "pub sub: Option<Box<Part>>,", "    pub reason: Option<String>,");

    // Verify sees what is stale before regenerating.
    let stale = codegen(&["generate", "--root", "api", "--out", "generated", "--verify-only"], &dir);
    assert_eq!(stale.status.code(), Some(1));
    let report = String::from_utf8_lossy(&stale.stdout).into_owned() + &String::from_utf8_lossy(&stale.stderr);
    assert!(report.contains("+        reason: from.reason,"), "{report}");

    let second = codegen(&gen_args, &dir);
    assert!(second.status.success(), "{}", String::from_utf8_lossy(&second.stderr));
    for version in ["v1", "v1beta1"] {
        let conversions = fs::read_to_string(dir.join(format!("generated/gadgets/{version}/conversions.rs"))).unwrap();
        assert_eq!(conversions.matches("reason: from.reason,").count(), 2, "{conversions}");
        let proto = fs::read_to_string(dir.join(format!("generated/gadgets/{version}/generated.proto"))).unwrap();
        assert!(proto.contains("optional string reason = 4;"), "{proto}");
    }
    // The internal round-trip suite goes through both versions.
    let suite = fs::read_to_string(dir.join("generated/gadgets/roundtrip_test.rs")).unwrap();
    assert!(suite.contains(r#"&["v1", "v1beta1"]"#), "{suite}");
    // Running again changes nothing.
    let third = codegen(&gen_args, &dir);
    let summary = String::from_utf8_lossy(&third.stdout).into_owned() + &String::from_utf8_lossy(&third.stderr);
    assert!(summary.contains(" 0 written"), "{summary}");
    let _ = fs::remove_dir_all(&dir);
}

#[test]
fn a_field_left_out_of_the_internal_type_is_an_error_that_names_it() {
    let dir = scratch("missing");
    let first = codegen(&["generate", "--root", "api", "--out", "generated"], &dir);
    assert!(first.status.success(), "{}", String::from_utf8_lossy(&first.stderr));
    let before = fs::read_to_string(dir.join("generated/gadgets/v1/conversions.rs")).unwrap();
    for version in ["v1", "v1beta1"] {
        insert_after(
            &dir.join(format!("api/gadgets/{version}/types.rs")),
            "pub sub: Option<Box<Part>>,",
            "    #[kapi(proto = 4, omitempty)]\n    pub reason: Option<String>,",
        );
    }
    let text = fs::read_to_string(dir.join("api/gadgets/v1/types.rs")).unwrap();
    let line = text.lines().position(|l| l.contains("pub reason")).unwrap() + 1;
    let run = codegen(&["generate", "--root", "api", "--out", "generated"], &dir);
    assert_eq!(run.status.code(), Some(1));
    let stderr = String::from_utf8_lossy(&run.stderr);
    for version in ["v1", "v1beta1"] {
        assert!(stderr.contains(&format!("api/gadgets/{version}/types.rs:{line}:9")), "{stderr}");
    }
    assert!(stderr.contains("error: field `reason` of `Part` has no counterpart in the internal type"), "{stderr}");
    assert!(stderr.contains("pub reason: Option<String>,"), "the source line is shown:\n{stderr}");
    assert!(stderr.contains("write `pub fn convert_part_to_internal(from: Part)"), "{stderr}");
    // Nothing was written.
    assert_eq!(fs::read_to_string(dir.join("generated/gadgets/v1/conversions.rs")).unwrap(), before);
    let _ = fs::remove_dir_all(&dir);
}

#[test]
fn a_run_of_some_generators_leaves_the_other_generators_files_alone() {
    let dir = scratch("only");
    let first = codegen(&["generate", "--root", "api", "--out", "generated"], &dir);
    assert!(first.status.success(), "{}", String::from_utf8_lossy(&first.stderr));
    let before: Vec<PathBuf> = walk(&dir.join("generated"));
    assert!(before.iter().any(|p| p.ends_with("generated.proto")), "{before:?}");

    // A conversion regenerated alone: its file is rewritten, nothing else removed.
    fs::remove_file(dir.join("generated/gadgets/v1/conversions.rs")).unwrap();
    let args = ["generate", "--root", "api", "--out", "generated", "--only", "conversion"];
    let verify: Vec<&str> = args.iter().copied().chain(["--verify-only"]).collect();
    let report = codegen(&verify, &dir);
    let text = String::from_utf8_lossy(&report.stdout).into_owned();
    assert_eq!(report.status.code(), Some(1), "{text}");
    assert!(text.contains("conversions.rs") && !text.contains("stale:"), "{text}");
    let partial = codegen(&args, &dir);
    assert!(partial.status.success(), "{}", String::from_utf8_lossy(&partial.stderr));
    assert_eq!(walk(&dir.join("generated")), before);
    let _ = fs::remove_dir_all(&dir);
}

/// Every file under `dir`, sorted.
fn walk(dir: &Path) -> Vec<PathBuf> {
    let mut files = Vec::new();
    for entry in fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            files.extend(walk(&path));
        } else {
            files.push(path);
        }
    }
    files.sort();
    files
}
