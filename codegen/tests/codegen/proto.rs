//! The protobuf IDL generator over a small fixture tree (snapshot) and over our API tree.

use std::path::Path;

fn proto_outputs(root: &Path) -> kapi_codegen::Outputs {
    kapi_codegen::generate_tree(root, &["proto".to_owned()]).unwrap_or_else(|d| panic!("{d}"))
}

#[test]
fn fixture_tree_idl() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/proto");
    let outputs = proto_outputs(&root);
    let files: Vec<String> = outputs.keys().map(|p| p.display().to_string()).collect();
    assert_eq!(files, ["example/v1/generated.proto", "example/v2/generated.proto"]);
    for (path, text) in &outputs {
        assert!(text.starts_with(kapi_codegen::output::HEADER), "{} lacks the header", path.display());
        let name = path.parent().unwrap().display().to_string().replace('/', "_");
        insta::assert_snapshot!(name, text);
    }
}

#[test]
fn api_tree_has_one_idl_per_versioned_package() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../api");
    let outputs = proto_outputs(&root);
    let files: Vec<String> = outputs.keys().map(|p| p.display().to_string()).collect();
    // Every version of every group (63 packages with upstream IDL) and meta/v1; the JSON-only
    // `client.authentication.k8s.io` has none, as upstream has none.
    assert_eq!(files.len(), 64, "{files:?}");
    for want in [
        "admission/v1/generated.proto",
        "core/v1/generated.proto",
        "apps/v1beta2/generated.proto",
        "meta/v1/generated.proto",
    ] {
        assert!(files.iter().any(|f| f == want), "no {want}");
    }
    assert!(!files.iter().any(|f| f.starts_with("clientauthentication/")), "{files:?}");
    let text = |p: &str| outputs[Path::new(p)].as_str();
    let admission = text("admission/v1/generated.proto");
    for line in [
        "package k8s.io.api.admission.v1;",
        "import \"k8s.io/api/authentication/v1/generated.proto\";",
        "option go_package = \"k8s.io/api/admission/v1\";",
        "  optional .k8s.io.api.authentication.v1.UserInfo userInfo = 8;",
        "  map<string, string> auditAnnotations = 6;",
        "  optional bytes patch = 4;",
    ] {
        assert!(admission.lines().any(|l| l == line), "missing {line:?} in admission/v1");
    }
    // Aliases of v1 types are references to v1's messages, not copies.
    let v1beta1 = text("admissionregistration/v1beta1/generated.proto");
    assert!(v1beta1.contains("  repeated .k8s.io.api.admissionregistration.v1.RuleWithOperations rules = 3;"));
    assert!(!v1beta1.contains("message Rule {"));
    // Upstream's `name=` spellings.
    assert!(text("authentication/v1/generated.proto").contains("  optional string uID = 4;"));
    assert!(text("admissionregistration/v1/generated.proto").contains("  repeated ValidatingWebhook Webhooks = 2;"));
    // meta/v1 opts in with its marker and carries the special types' messages.
    let meta = text("meta/v1/generated.proto");
    assert!(meta.contains("package k8s.io.apimachinery.pkg.apis.meta.v1;"));
    assert!(meta.contains("message Time {\n  optional int64 seconds = 1;\n\n  optional int32 nanos = 2;\n}"));
    assert!(!meta.contains("message Table "), "Table has no protobuf form");
    // A kind's markers are for the generators, not for readers of the IDL.
    for (path, idl) in &outputs {
        assert!(!idl.contains("// +genclient"), "a marker line in {}", path.display());
    }
    let core = text("core/v1/generated.proto");
    let at = core.find("message Pod {").unwrap();
    assert!(!core[..at].ends_with("//\n"), "a trailing empty comment line before Pod");
}

#[test]
fn unresolvable_types_are_reported_at_the_field() {
    let dir = std::env::temp_dir().join(format!("kapi-proto-bad-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(dir.join("src/g/v1")).unwrap();
    std::fs::write(dir.join("src/g/v1/mod.rs"), "//! +groupName=g.example\n\nmod types;\n").unwrap();
    std::fs::write(
        dir.join("src/g/v1/types.rs"),
        "#[derive(Kapi)]\npub struct A {\n    #[kapi(proto = 1)]\n    pub b: Missing,\n    #[kapi(proto = 2)]\n    pub c: Vec<Vec<String>>,\n}\n",
    )
    .unwrap();
    let errors = kapi_codegen::generate_tree(&dir, &["proto".to_owned()]).unwrap_err();
    assert!(errors.contains("field `b` of `A` has no protobuf form: cannot find type `Missing`"), "{errors}");
    assert!(errors.contains("field `c` of `A` has no protobuf form: a list of lists"), "{errors}");
    assert!(errors.contains("types.rs:3:5"), "{errors}");
    std::fs::remove_dir_all(&dir).unwrap();
}
