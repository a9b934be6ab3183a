//! The compatibility fixtures, run from the test suite: every fixture of the kinds we define must
//! pass byte for byte, and the acceptance set of this milestone must be among them.

use kapi_tests::compat::{EXTENSIONS, Outcome, fixture_name, run, tested_kinds};

/// The kinds this milestone must reproduce: admission, admissionregistration and the core meta kinds.
fn acceptance_set(name: &str) -> bool {
    const CORE_META: &[&str] = &[
        "APIGroup",
        "APIVersions",
        "CreateOptions",
        "DeleteOptions",
        "GetOptions",
        "ListOptions",
        "PatchOptions",
        "Status",
        "UpdateOptions",
        "WatchEvent",
    ];
    name.starts_with("admission.k8s.io.")
        || name.starts_with("admissionregistration.k8s.io.")
        || CORE_META.iter().any(|k| name == format!("core.v1.{k}"))
}

#[test]
fn every_fixture_of_every_defined_kind_passes() {
    let root = kapi_tests::default_testdata_root();
    assert!(root.join("HEAD").is_dir(), "fixtures not found at {} (set KAPI_TESTDATA)", root.display());
    let scheme = kapi_api::scheme().unwrap();
    let report = run(&root, &scheme);
    assert_eq!(report.failed(), 0, "\n{}", report.render());

    let kinds = tested_kinds(&scheme);
    let accepted: Vec<String> = kinds.iter().map(fixture_name).filter(|n| acceptance_set(n)).collect();
    assert_eq!(accepted.len(), 28, "{accepted:?}");
    let passed_in_set = report
        .results
        .iter()
        .filter(|r| r.outcome == Outcome::Passed)
        .filter_map(|r| r.path.file_name()?.to_str().map(str::to_owned))
        .filter(|f| accepted.iter().any(|n| EXTENSIONS.iter().any(|e| *f == format!("{n}.{e}"))))
        .count();
    assert_eq!(passed_in_set, 84, "\n{}", report.render());
    println!("{}", report.render());
}

#[test]
fn the_report_names_the_first_difference() {
    let d = kapi_tests::compat::first_difference(b"abcdef", b"abcxef");
    assert!(d.starts_with("first difference at byte 3 (got 6 bytes, want 6)"), "{d}");
}
