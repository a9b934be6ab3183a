//! conversion-gen over fixture trees: a renamed and a missing field handled by hand-written
//! conversions (which the generated code calls everywhere), and the diagnostics for fields that
//! cannot be converted.

use std::path::Path;

fn fixture(name: &str) -> std::path::PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/conversion").join(name)
}

#[test]
fn conversions_pair_fields_and_call_hand_written_overrides() {
    let outputs =
        kapi_codegen::generate_tree(&fixture("good"), &["conversion".to_owned()]).unwrap_or_else(|d| panic!("{d}"));
    let files: Vec<String> = outputs.keys().map(|p| p.display().to_string()).collect();
    assert_eq!(files, ["gadgets/v1/conversions.rs"]);
    let text = &outputs[Path::new("gadgets/v1/conversions.rs")];
    insta::assert_snapshot!(text);
    // The hand-written functions are re-exported and no public function is generated for them.
    assert!(text.contains("pub use crate::gadgets::v1::conversion::convert_gadget_spec_to_internal;"), "{text}");
    assert!(!text.contains("pub fn convert_gadget_spec_to_internal"), "{text}");
    // The generated kind conversion calls the hand-written one.
    assert!(text.contains("spec: convert_gadget_spec_to_internal(from.spec)"), "{text}");
    // The auto function documents what it leaves to the hand-written one.
    assert!(text.contains("`colour`"), "{text}");
    // Kinds are registered in both directions.
    assert!(text.contains("scheme.add_conversion_func(convert_gadget_to_internal);"), "{text}");
}

#[test]
fn registration_registers_conversions_and_internal_kinds() {
    let outputs = kapi_codegen::generate_tree(&fixture("good"), &["register".to_owned()]).unwrap();
    let v1 = &outputs[Path::new("gadgets/v1/register.rs")];
    // Only with the crate's `internal` feature, which also compiles the conversions.
    assert!(v1.contains("#[cfg(feature = \"internal\")] super::conversions::register_conversions(scheme);"), "{v1}");
    let internal = &outputs[Path::new("gadgets/register.rs")];
    assert!(internal.contains("scheme.add_known_type::<crate::gadgets::types::Gadget>()?;"), "{internal}");
    assert!(internal.contains("pub const VERSIONS: &[&str] = &[];"), "{internal}");
}

#[test]
fn the_round_trip_suite_covers_internal_kinds_through_every_version() {
    let outputs = kapi_codegen::generate_tree(&fixture("good"), &["roundtrip".to_owned()]).unwrap();
    let squash = |s: &str| s.split_whitespace().collect::<String>();
    let internal = &squash(&outputs[Path::new("gadgets/roundtrip_test.rs")]);
    assert!(internal.contains("kapi_machinery::roundtrip::internal::<crate::gadgets::types::Gadget,>"), "{internal}");
    assert!(internal.contains("&[\"v1\"]"), "{internal}");
    assert!(internal.contains("crate::gadgets::v1::add_to_scheme"), "{internal}");
    let v1 = &squash(&outputs[Path::new("gadgets/v1/roundtrip_test.rs")]);
    assert!(v1.contains("kapi_machinery::roundtrip::versioned::<crate::gadgets::v1::types::Gadget,>"), "{v1}");
}

#[test]
fn a_hub_suite_registers_the_fuzzers_of_the_hubs_it_holds_and_only_its_groups_versions() {
    let outputs =
        kapi_codegen::generate_tree(&fixture("held_hubs"), &["roundtrip".to_owned()]).unwrap_or_else(|d| panic!("{d}"));
    let squash = |s: &str| s.split_whitespace().collect::<String>();
    let jobs = &squash(&outputs[Path::new("jobs/roundtrip_test.rs")]);
    // The job's templates are the pods hub's: its fuzzer function fills them here too.
    assert!(jobs.contains("f.register(crate::pods::fuzzer::fuzz_template);"), "{jobs}");
    // The pods hub's suite covers its own group's versions only, not the legacy group's.
    let pods = &squash(&outputs[Path::new("pods/roundtrip_test.rs")]);
    assert!(pods.contains("crate::pods::v1::add_to_scheme"), "{pods}");
    assert!(!pods.contains("crate::legacy"), "{pods}");
    // A versioned suite registers only its own package's functions.
    let v1 = &squash(&outputs[Path::new("jobs/v1/roundtrip_test.rs")]);
    assert!(!v1.contains("f.register("), "{v1}");
}

#[test]
fn unconvertible_fields_and_bad_hand_written_conversions_are_errors() {
    let errors = kapi_codegen::generate_tree(&fixture("bad"), &[]).unwrap_err();
    let rel = errors.replace(env!("CARGO_MANIFEST_DIR"), "<root>");
    insta::assert_snapshot!(rel);
    for needle in [
        "field `replicas` of `GizmoSpec` has type `i32` here and `String` in the internal type",
        "field `colour` of `GizmoSpec` has no counterpart in the internal type",
        "field `internal_only` of `GizmoSpec` of the internal type has no counterpart in the versioned type",
        "hand-written function `convert_widget_spec_to_internal` has the wrong signature",
        "write it as `pub fn convert_widget_spec_to_internal(from: WidgetSpec) -> Result<internal::WidgetSpec, ConversionError>`",
        "`convert_sprocket_to_internal` names no type",
        "bad/gizmos/v1/types.rs:10:9",
    ] {
        assert!(rel.contains(needle), "missing {needle:?} in:\n{rel}");
    }
    // Nothing is written when anything is wrong.
    let bin = env!("CARGO_BIN_EXE_kapi-codegen");
    let out = tempdir("unconvertible");
    let run = std::process::Command::new(bin)
        .args(["generate", "--root"])
        .arg(fixture("bad"))
        .arg("--out")
        .arg(&out)
        .output()
        .unwrap();
    assert_eq!(run.status.code(), Some(1));
    assert!(std::fs::read_dir(&out).map(|d| d.count()).unwrap_or(0) == 0);
}

fn tempdir(name: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("kapi-conversion-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    dir
}

#[test]
fn map_keys_of_paired_newtypes_convert_through_their_inner_value() {
    let outputs = kapi_codegen::generate_tree(&fixture("newtype_keys"), &["conversion".to_owned()])
        .unwrap_or_else(|d| panic!("{d}"));
    let text = outputs[Path::new("things/v1/conversions.rs")].split_whitespace().collect::<String>();
    // Keys cannot fail, so they do not go through the fallible newtype conversion.
    assert!(text.contains("(crate::things::types::ResourceName(k.0),v)"), "{text}");
    assert!(text.contains("(crate::things::v1::types::ResourceName(k.0),v)"), "{text}");
}

#[test]
fn a_pointer_against_a_value_of_the_same_type_converts_as_upstream_does() {
    let outputs =
        kapi_codegen::generate_tree(&fixture("pointers"), &["conversion".to_owned()]).unwrap_or_else(|d| panic!("{d}"));
    let text = outputs[Path::new("widgets/v1/conversions.rs")].split_whitespace().collect::<String>();
    // Nil reads as the zero value on the way to the value side.
    assert!(text.contains("replicas:from.replicas.unwrap_or_default()"), "{text}");
    assert!(text.contains("max_surge:from.max_surge.unwrap_or_default()"), "{text}");
    assert!(text.contains("observed_generation:from.observed_generation.unwrap_or_default()"), "{text}");
    // A value is always written as a set pointer.
    assert!(text.contains("replicas:Some(from.replicas)"), "{text}");
    assert!(text.contains("max_surge:Some(from.max_surge)"), "{text}");
    assert!(text.contains("observed_generation:Some(from.observed_generation)"), "{text}");
}

#[test]
fn a_hub_suite_registers_the_fuzzers_of_the_hubs_its_types_hold() {
    let outputs = kapi_codegen::generate_tree(&fixture("nested_hubs"), &["roundtrip".to_owned()])
        .unwrap_or_else(|d| panic!("{d}"));
    let squash = |s: &str| s.split_whitespace().collect::<String>();
    let gadgets = squash(&outputs[Path::new("gadgets/roundtrip_test.rs")]);
    assert!(gadgets.contains("f.register(crate::parts::fuzzer::fuzz_part);"), "{gadgets}");
    // A versioned package's suite registers its own only.
    let v1 = squash(&outputs[Path::new("gadgets/v1/roundtrip_test.rs")]);
    assert!(!v1.contains("fuzz_part"), "{v1}");
}
