//! Hand-written `validate_<kind>` and `warnings_for_<kind>` functions: found, checked and registered by register-gen.

use std::path::Path;

fn fixture(name: &str) -> std::path::PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/validation").join(name)
}

#[test]
fn registration_registers_the_validators() {
    let outputs =
        kapi_codegen::generate_tree(&fixture("good"), &["register".to_owned()]).unwrap_or_else(|d| panic!("{d}"));
    let text = &outputs[Path::new("v1/register.rs")];
    assert!(text.contains("add_validation_func(crate::v1::validation::validate_widget)"), "{text}");
    assert!(text.contains("add_warnings_func(crate::v1::validation::warnings_for_widget)"), "{text}");
    // Helpers that name no kind are not registered.
    assert!(!text.contains("validate_parts"), "{text}");
}

#[test]
fn validators_with_the_wrong_signature_are_reported() {
    let errors = kapi_codegen::generate_tree(&fixture("bad"), &[]).unwrap_err();
    let rel = errors.replace(env!("CARGO_MANIFEST_DIR"), "<root>");
    for needle in [
        "hand-written function `validate_widget` has the wrong signature",
        "write it as `pub fn validate_widget(obj: &Widget, old: Option<&Widget>) -> ErrorList`",
        "bad/v1/validation.rs:5:",
        "hand-written function `warnings_for_widget` has the wrong signature",
        "write it as `pub fn warnings_for_widget(obj: &Widget, old: Option<&Widget>) -> Vec<String>`",
        "bad/v1/validation.rs:10:",
    ] {
        assert!(rel.contains(needle), "missing {needle:?} in:\n{rel}");
    }
}

#[test]
fn only_packages_with_validators_name_the_validation_feature() {
    let sink = Path::new(env!("CARGO_MANIFEST_DIR")).join("../kitchen-sink/src");
    for root in [fixture("good"), sink] {
        let outputs = kapi_codegen::generate_tree(&root, &["register".to_owned()]).unwrap_or_else(|d| panic!("{d}"));
        for (path, text) in &outputs {
            let registers = [
                "add_validation_func",
                "add_declarative_validation_func",
                "add_status_validation_func",
                "add_warnings_func",
            ]
            .iter()
            .any(|f| text.contains(f));
            assert_eq!(registers, text.contains("feature = \"validation\""), "{}:\n{text}", path.display());
        }
    }
}
