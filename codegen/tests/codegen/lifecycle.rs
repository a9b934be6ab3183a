//! prerelease-lifecycle-gen over fixture trees: the lifecycles it writes with upstream's defaults, the registration that records them, and its diagnostics.

use std::path::Path;

fn fixture(name: &str) -> std::path::PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/lifecycle").join(name)
}

/// The `LIFECYCLE` constant written for a type, flattened to one line.
fn lifecycle_of(text: &str, ty: &str) -> String {
    let start = text.find(&format!("::{ty} {{")).unwrap_or_else(|| panic!("no impl for {ty} in:\n{text}"));
    let rest = &text[start..];
    let end = rest.find("\n}").expect("the impl ends");
    rest[..end].split_whitespace().collect::<Vec<_>>().join(" ").replace("::kapi_machinery::lifecycle::", "")
}

#[test]
fn lifecycles_follow_markers_and_upstreams_schedule() {
    let outputs =
        kapi_codegen::generate_tree(&fixture("good"), &["lifecycle".to_owned()]).unwrap_or_else(|d| panic!("{d}"));
    let files: Vec<String> = outputs.keys().map(|p| p.display().to_string()).collect();
    assert_eq!(files, ["v1/lifecycle.rs", "v1beta1/lifecycle.rs"]);
    let beta = &outputs[Path::new("v1beta1/lifecycle.rs")];
    let widget = lifecycle_of(beta, "Widget");
    assert!(
        widget.contains(
            "introduced: Release::new(1, 20), deprecated: Some(Release::new(1, 23)), removed: Some(Release::new(1, 26))"
        ),
        "{widget}"
    );
    assert!(widget.contains(r#"Replacement { group: "example.com", version: "v1", kind: "Widget", }"#), "{widget}");
    let gadget = lifecycle_of(beta, "Gadget");
    assert!(gadget.contains("introduced: Release::new(1, 8), deprecated: Some(Release::new(1, 9)), removed: Some(Release::new(1, 16)), replacement: None"), "{gadget}");
    // Kind-name order in the table, and the group and version the scheme records them under.
    let flat = beta.split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(flat.contains(r#"( "Gadget", <crate::v1beta1::types::Gadget as"#), "{flat}");
    assert!(flat.find("( \"Gadget\"").unwrap() < flat.find("( \"Widget\"").unwrap());
    assert!(beta.contains(r#"GroupVersionKind::new("example.com", "v1beta1", *kind)"#), "{beta}");

    let ga = &outputs[Path::new("v1/lifecycle.rs")];
    let widget = lifecycle_of(ga, "Widget");
    assert!(
        widget.contains("introduced: Release::new(1, 23), deprecated: None, removed: None, replacement: None"),
        "{widget}"
    );
    let relic = lifecycle_of(ga, "Relic");
    assert!(relic.contains("deprecated: Some(Release::new(1, 33)), removed: None"), "{relic}");
    assert!(relic.contains(r#"group: "", version: "v1", kind: "Widget""#), "{relic}");
}

#[test]
fn registration_records_the_lifecycles() {
    let outputs = kapi_codegen::generate_tree(&fixture("good"), &["register".to_owned()]).unwrap();
    let text = &outputs[Path::new("v1beta1/register.rs")];
    assert!(text.contains("super::lifecycle::add_lifecycles(scheme);"), "{text}");
}

#[test]
fn missing_misplaced_and_malformed_lifecycles_are_reported() {
    let errors = kapi_codegen::generate_tree(&fixture("bad"), &[]).unwrap_err();
    let rel = errors.replace(env!("CARGO_MANIFEST_DIR"), "<root>");
    for needle in [
        "kind `Forgotten` has no `+k8s:prerelease-lifecycle-gen:introduced`, and its package generates lifecycles",
        "bad/v1beta1/types.rs:7:",
        "`+k8s:prerelease-lifecycle-gen:introduced` takes a release `major.minor` (`+k8s:prerelease-lifecycle-gen:introduced=1.19`), not `1.x`",
        "bad/v1beta1/types.rs:14:1",
        "the replacement group `Example.com` must be lower case",
        "`Stray` has a lifecycle but its package does not generate one",
        "add `//! +k8s:prerelease-lifecycle-gen=true`",
        "bad/v1/types.rs:6:",
    ] {
        assert!(rel.contains(needle), "missing {needle:?} in:\n{rel}");
    }
}
