//! The committed generated folders are exactly what the generator makes from `api/` today, laid out as `hack/update-codegen.sh` lays them out.

use std::path::Path;

#[test]
fn generated_tree_is_fresh() {
    assert_fresh("api", "api/generated", &[("clientset.rs", "client/generated"), ("openapi", "testing/generated")]);
}

#[test]
fn kitchen_sink_tree_is_fresh() {
    assert_fresh("kitchen-sink/src", "kitchen-sink/generated", &[]);
}

#[test]
fn sample_tree_is_fresh() {
    assert_fresh("sample/src", "sample/generated", &[]);
}

fn assert_fresh(root: &str, out: &str, places: &[(&str, &str)]) {
    let workspace = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    let outputs = kapi_codegen::generate_tree(&workspace.join(root), &[]).unwrap_or_else(|d| panic!("{d}"));
    let places: Vec<_> = places.iter().map(|(p, d)| (p.into(), workspace.join(d))).collect();
    let layout = kapi_codegen::Layout::read(&workspace.join(root), &workspace.join(out), &places).unwrap();
    for (folder, files) in layout.split(outputs) {
        let changes = kapi_codegen::output::compare(&folder, &files).unwrap();
        let diffs: Vec<&str> = changes.changed.iter().map(|(_, d)| d.as_str()).collect();
        assert!(
            changes.is_empty(),
            "{} is stale: run hack/update-codegen.sh\n{}\nstale files: {:?}",
            folder.display(),
            diffs.join("\n"),
            changes.stale
        );
    }
}

#[test]
fn each_part_crate_holds_the_generated_code_of_its_groups() {
    let workspace = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    let api = workspace.join("api");
    let layout = kapi_codegen::Layout::read(&api, &api.join("generated"), &[]).unwrap();
    let place = |file: &str| layout.path_of(Path::new(file)).strip_prefix(&workspace).unwrap().display().to_string();
    assert_eq!(place("core/v1/conversions.rs"), "api/base/generated/core/v1/conversions.rs");
    assert_eq!(place("apps/v1/generated.proto"), "api/workloads/generated/apps/v1/generated.proto");
    assert_eq!(place("admissionregistration/mod.rs"), "api/platform/generated/admissionregistration/mod.rs");
    assert_eq!(place("resources.rs"), "api/generated/resources.rs");
}

#[test]
fn registration_covers_every_package_with_a_group_name() {
    let workspace = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    let outputs = kapi_codegen::generate_tree(&workspace.join("api"), &["register".to_owned()]).unwrap();
    let files: Vec<String> = outputs.keys().map(|p| p.display().to_string()).collect();
    // Every package whose `mod.rs` declares a group name, found independently of the generator.
    let mut want: Vec<String> = walkdir::WalkDir::new(workspace.join("api"))
        .into_iter()
        .filter_map(Result::ok)
        .filter(|e| e.file_name() == "mod.rs")
        .filter(|e| std::fs::read_to_string(e.path()).unwrap().lines().any(|l| l.starts_with("//! +groupName=")))
        .map(|e| {
            // `api/<part>/src/<package>/mod.rs`: the package is the path below `src/`.
            let dir = e.path().parent().unwrap().strip_prefix(workspace.join("api")).unwrap();
            let dir: std::path::PathBuf = dir.components().skip_while(|c| c.as_os_str() != "src").skip(1).collect();
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
