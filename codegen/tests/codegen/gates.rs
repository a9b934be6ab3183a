//! The gates generator over fixture trees: the `DropDisabledFields` implementations it writes, their registration, and the front-end's errors for misused `+featureGate` markers.

use std::path::Path;

fn fixture(name: &str) -> std::path::PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/gates").join(name)
}

#[test]
fn implementations_reach_every_gated_field() {
    let outputs =
        kapi_codegen::generate_tree(&fixture("good"), &["gates".to_owned()]).unwrap_or_else(|d| panic!("{d}"));
    let files: Vec<String> = outputs.keys().map(|p| p.display().to_string()).collect();
    assert_eq!(files, ["v1/featuregates.rs"]);
    let text = &outputs[Path::new("v1/featuregates.rs")];
    insta::assert_snapshot!(text);
    // The gates of a type are its own and those of what it holds, sorted.
    assert!(text.contains(r#"const FEATURE_GATES: &'static [&'static str] = &["Glow", "Loud", "Shiny"];"#), "{text}");
    // A type without gated fields, in itself or below, gets nothing.
    assert!(!text.contains("Untouched"), "{text}");
}

#[test]
fn registration_registers_the_gated_kinds() {
    let outputs = kapi_codegen::generate_tree(&fixture("good"), &["register".to_owned()]).unwrap();
    let text = &outputs[Path::new("v1/register.rs")];
    assert!(text.contains("super::featuregates::register_feature_gates(scheme);"), "{text}");
}

#[test]
fn misused_feature_gates_are_reported_with_locations() {
    let errors = kapi_codegen::generate_tree(&fixture("bad"), &[]).unwrap_err();
    let rel = errors.replace(env!("CARGO_MANIFEST_DIR"), "<root>");
    insta::assert_snapshot!(rel);
    for needle in [
        "`+featureGate` gates a field, not a type; put it on each field the gate adds",
        "bad/v1/types.rs:3:",
        "`+featureGate` needs the gate's name: `+featureGate=MyFeature`",
        "`lowerCase` is not a feature gate's name",
        "`+featureGate` is given twice (`First` and `Second`)",
        "feature-gated field `count` of `Part` is required and cannot be cleared while `Required` is off: `i32` has no unset value; make it `Option<i32>`",
        "feature-gated field `nested` of `Part` cannot be cleared while `Nested` is off",
    ] {
        assert!(rel.contains(needle), "missing {needle:?} in:\n{rel}");
    }
}
