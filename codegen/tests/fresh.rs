//! The committed `generated/` tree is exactly what the generator makes from `api/` today.

use std::path::Path;

#[test]
fn generated_tree_is_fresh() {
    assert_fresh("api", "generated");
}

#[test]
fn kitchen_sink_tree_is_fresh() {
    assert_fresh("kitchen-sink/src", "kitchen-sink/generated");
}

fn assert_fresh(root: &str, out: &str) {
    let workspace = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    let outputs = kapi_codegen::generate_tree(&workspace.join(root), &[]).unwrap_or_else(|d| panic!("{d}"));
    let changes = kapi_codegen::output::compare(&workspace.join(out), &outputs).unwrap();
    let diffs: Vec<&str> = changes.changed.iter().map(|(_, d)| d.as_str()).collect();
    assert!(
        changes.is_empty(),
        "generated/ is stale: run hack/update-codegen.sh\n{}\nstale files: {:?}",
        diffs.join("\n"),
        changes.stale
    );
}

#[test]
fn registration_covers_every_package_with_a_group_name() {
    let workspace = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    let outputs = kapi_codegen::generate_tree(&workspace.join("api"), &["register".to_owned()]).unwrap();
    let files: Vec<String> = outputs.keys().map(|p| p.display().to_string()).collect();
    // Every package whose `mod.rs` declares a group name, found independently of the generator.
    let mut want: Vec<String> = walkdir::WalkDir::new(workspace.join("api/src"))
        .into_iter()
        .filter_map(Result::ok)
        .filter(|e| e.file_name() == "mod.rs")
        .filter(|e| std::fs::read_to_string(e.path()).unwrap().lines().any(|l| l.starts_with("//! +groupName=")))
        .map(|e| {
            let dir = e.path().parent().unwrap().strip_prefix(workspace.join("api/src")).unwrap();
            format!("{}/register.rs", dir.display())
        })
        .collect();
    want.sort();
    assert!(want.len() > 60, "{want:?}");
    assert!(want.contains(&"core/v1/register.rs".to_owned()));
    assert!(want.contains(&"admissionregistration/register.rs".to_owned()), "the hub declares its group too");
    assert_eq!(files, want);
    assert!(kapi_codegen::generate_tree(&workspace.join("api"), &["nope".to_owned()]).is_err());
}

#[test]
fn temporaries_of_an_interrupted_run_are_named_by_verify_and_removed_by_generate() {
    let out = std::env::temp_dir().join(format!("kapi-temporaries-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&out);
    let mut outputs = kapi_codegen::Outputs::new();
    outputs.insert("a/register.rs".into(), format!("{}\nfn x() {{}}\n", kapi_codegen::output::HEADER));
    let changes = kapi_codegen::output::compare(&out, &outputs).unwrap();
    kapi_codegen::output::apply(&out, &outputs, &changes).unwrap();
    // What `kill -9` between the write and the rename leaves: an empty temporary (of this version
    // or of the earlier `.rs.tmp` naming).
    std::fs::write(out.join("a/register.rs.kapi-codegen.tmp"), "").unwrap();
    std::fs::write(out.join("a/conversions.rs.tmp"), "").unwrap();
    let changes = kapi_codegen::output::compare(&out, &outputs).unwrap();
    assert!(!changes.is_empty(), "verify must fail on leftovers");
    let mut names: Vec<String> = changes.temporaries.iter().map(|p| p.display().to_string()).collect();
    names.sort();
    assert_eq!(names, ["a/conversions.rs.tmp", "a/register.rs.kapi-codegen.tmp"]);
    kapi_codegen::output::apply(&out, &outputs, &changes).unwrap();
    assert!(kapi_codegen::output::compare(&out, &outputs).unwrap().is_empty());
    assert!(out.join("a/register.rs").exists());
    let _ = std::fs::remove_dir_all(&out);
}
