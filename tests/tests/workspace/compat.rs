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
    let Some(root) = kapi_tests::testdata_root_or_skip("every_fixture_of_every_defined_kind_passes") else { return };
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
        // The acceptance set is counted in `HEAD`: a root with upstream's release directories
        // (what hack/fetch-testdata.sh fetches) checks their files too.
        .filter(|r| r.path.parent().and_then(|d| d.file_name()).is_some_and(|d| d == "HEAD"))
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

/// A fixture tree made by our own encoders: `HEAD` for every kind, and a previous release `v1.0.0`
/// with the situations upstream's previous-release check handles.
#[test]
fn previous_release_directories_are_checked() {
    use kapi_machinery::serializer::{Format, Options, Serializer};
    let scheme = kapi_api::scheme().unwrap();
    let root = std::env::temp_dir().join(format!("kapi-compat-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&root);
    let head = root.join("HEAD");
    let prev = root.join("v1.0.0");
    std::fs::create_dir_all(&head).unwrap();
    std::fs::create_dir_all(&prev).unwrap();
    let ser = |ext: &str| match ext {
        "json" => Serializer::new(&scheme, Format::Json, Options { pretty: true, strict: false, ..Options::default() }),
        "yaml" => Serializer::new(&scheme, Format::Yaml, Options::default()),
        _ => Serializer::new(&scheme, Format::Protobuf, Options::default()),
    };
    for gvk in tested_kinds(&scheme) {
        let obj = kapi_tests::compat::filled_object(&scheme, &gvk).unwrap();
        for ext in EXTENSIONS {
            let bytes = ser(ext).encode(obj.as_ref()).unwrap();
            std::fs::write(head.join(format!("{}.{ext}", fixture_name(&gvk))), &bytes).unwrap();
            std::fs::write(prev.join(format!("{}.{ext}", fixture_name(&gvk))), &bytes).unwrap();
        }
    }
    let vwc = "admissionregistration.k8s.io.v1.ValidatingWebhookConfiguration";
    let mwc = "admissionregistration.k8s.io.v1.MutatingWebhookConfiguration";
    let status = "core.v1.Status";
    let review = "admission.k8s.io.v1.AdmissionReview";
    // An older release without `sideEffects`: v1 writes it as null now, so it needs a companion.
    let old = br#"{"kind":"ValidatingWebhookConfiguration","apiVersion":"admissionregistration.k8s.io/v1","webhooks":[{"name":"a","admissionReviewVersions":["v1"]}]}"#;
    std::fs::write(prev.join(format!("{vwc}.json")), old).unwrap();
    let after = "{\n  \"kind\": \"ValidatingWebhookConfiguration\",\n  \"apiVersion\": \"admissionregistration.k8s.io/v1\",\n  \"metadata\": {},\n  \"webhooks\": [\n    {\n      \"name\": \"a\",\n      \"clientConfig\": {},\n      \"sideEffects\": null,\n      \"admissionReviewVersions\": [\n        \"v1\"\n      ]\n    }\n  ]\n}";
    std::fs::write(prev.join(format!("{vwc}.after_roundtrip.json")), after).unwrap();
    // The YAML and protobuf of that kind must then describe the same object as its JSON.
    let obj = ser("json").decode(old, None).unwrap().object;
    std::fs::write(prev.join(format!("{vwc}.yaml")), ser("yaml").encode(obj.as_ref()).unwrap()).unwrap();
    std::fs::write(prev.join(format!("{vwc}.pb")), ser("pb").encode(obj.as_ref()).unwrap()).unwrap();
    // A companion identical to its original is itself an error.
    let same = std::fs::read(prev.join(format!("{mwc}.json"))).unwrap();
    std::fs::write(prev.join(format!("{mwc}.after_roundtrip.json")), same).unwrap();
    // A missing file skips the kind in a previous release.
    std::fs::remove_file(prev.join(format!("{status}.pb"))).unwrap();
    // A JSON file that does not re-encode to itself, with no companion, fails.
    let mut spaced = std::fs::read(prev.join(format!("{review}.json"))).unwrap();
    spaced.insert(1, b' ');
    std::fs::write(prev.join(format!("{review}.json")), spaced).unwrap();

    let report = run(&root, &scheme);
    let failures: Vec<String> = report
        .results
        .iter()
        .filter(|r| r.outcome != Outcome::Passed)
        .map(|r| r.path.file_name().unwrap().to_string_lossy().into_owned())
        .collect();
    assert_eq!(failures, [format!("{review}.json"), format!("{mwc}.json")], "\n{}", report.render());
    let rendered = report.render();
    assert!(rendered.contains("is identical to the original and should be removed"), "{rendered}");
    assert!(rendered.contains("re-encoding differs: first difference at byte 1"), "{rendered}");
    let kinds = tested_kinds(&scheme).len();
    // HEAD: every file; the previous release: every kind but Status (skipped).
    assert_eq!(report.results.len(), 3 * kinds + 3 * (kinds - 1));
    assert!(report.skipped.is_empty());
    std::fs::remove_dir_all(&root).unwrap();
}
