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
    assert_eq!(
        files,
        [
            "admission/register.rs",
            "admission/v1/register.rs",
            "admission/v1beta1/register.rs",
            "admissionregistration/register.rs",
            "admissionregistration/v1/register.rs",
            "admissionregistration/v1alpha1/register.rs",
            "admissionregistration/v1beta1/register.rs",
            "apidiscovery/v2/register.rs",
            "apidiscovery/v2beta1/register.rs",
            "apiextensions/v1/register.rs",
            "apiextensions/v1beta1/register.rs",
            "apiregistration/v1/register.rs",
            "apiregistration/v1beta1/register.rs",
            "apiserverinternal/v1alpha1/register.rs",
            "apps/v1/register.rs",
            "apps/v1beta1/register.rs",
            "apps/v1beta2/register.rs",
            "authentication/v1/register.rs",
            "authentication/v1beta1/register.rs",
            "authorization/v1/register.rs",
            "authorization/v1beta1/register.rs",
            "autoscaling/v1/register.rs",
            "autoscaling/v2/register.rs",
            "batch/v1/register.rs",
            "batch/v1beta1/register.rs",
            "certificates/v1/register.rs",
            "certificates/v1alpha1/register.rs",
            "certificates/v1beta1/register.rs",
            "clientauthentication/v1/register.rs",
            "clientauthentication/v1beta1/register.rs",
            "coordination/v1/register.rs",
            "coordination/v1alpha2/register.rs",
            "coordination/v1beta1/register.rs",
            "core/v1/register.rs",
            "discovery/v1/register.rs",
            "discovery/v1beta1/register.rs",
            "events/v1/register.rs",
            "events/v1beta1/register.rs",
            "extensions/v1beta1/register.rs",
            "flowcontrol/v1/register.rs",
            "flowcontrol/v1beta1/register.rs",
            "flowcontrol/v1beta2/register.rs",
            "flowcontrol/v1beta3/register.rs",
            "imagepolicy/v1alpha1/register.rs",
            "lifecycle/v1alpha1/register.rs",
            "networking/v1/register.rs",
            "networking/v1beta1/register.rs",
            "node/v1/register.rs",
            "node/v1alpha1/register.rs",
            "node/v1beta1/register.rs",
            "policy/v1/register.rs",
            "policy/v1beta1/register.rs",
            "rbac/v1/register.rs",
            "rbac/v1alpha1/register.rs",
            "rbac/v1beta1/register.rs",
            "resource/v1/register.rs",
            "resource/v1alpha3/register.rs",
            "resource/v1beta1/register.rs",
            "resource/v1beta2/register.rs",
            "scheduling/v1/register.rs",
            "scheduling/v1alpha3/register.rs",
            "scheduling/v1beta1/register.rs",
            "storage/v1/register.rs",
            "storage/v1alpha1/register.rs",
            "storage/v1beta1/register.rs",
            "storagemigration/v1/register.rs",
            "storagemigration/v1beta1/register.rs",
        ]
    );
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
