//! defaulter-gen over fixture trees: the walker it writes, and its diagnostics.

use std::path::Path;

fn fixture(name: &str) -> std::path::PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/defaults").join(name)
}

#[test]
fn walkers_reach_every_defaulted_value() {
    let outputs =
        kapi_codegen::generate_tree(&fixture("good"), &["defaults".to_owned()]).unwrap_or_else(|d| panic!("{d}"));
    let files: Vec<String> = outputs.keys().map(|p| p.display().to_string()).collect();
    assert_eq!(files, ["v1/defaulters.rs"]);
    let text = &outputs[Path::new("v1/defaulters.rs")];
    insta::assert_snapshot!(text);
    // Untouched has nothing to default and gets no walker.
    assert!(!text.contains("untouched"));
}

#[test]
fn registration_registers_the_defaulters() {
    let outputs = kapi_codegen::generate_tree(&fixture("good"), &["register".to_owned()]).unwrap();
    let text = &outputs[Path::new("v1/register.rs")];
    assert!(text.contains("super::defaulters::register_defaults(scheme);"), "{text}");
}

#[test]
fn bad_defaults_and_defaulters_are_reported() {
    let errors = kapi_codegen::generate_tree(&fixture("bad"), &[]).unwrap_err();
    let rel = errors.replace(env!("CARGO_MANIFEST_DIR"), "<root>");
    insta::assert_snapshot!(rel);
    for needle in [
        "the default `\"thirty\"` of field `timeout_seconds` does not parse as the field's type `Option<i32>`",
        "the default `[1, 2` of field `versions` is not valid JSON",
        "the default `5000000000` of field `small` does not parse as the field's type `i32`",
        "hand-written function `set_defaults_part` has the wrong signature",
        "write it as `pub fn set_defaults_part(obj: &mut Part)`",
        "`set_defaults_gadget` names no versioned type of this package",
        "bad/v1/types.rs:5:",
    ] {
        assert!(rel.contains(needle), "missing {needle:?} in:\n{rel}");
    }
}
