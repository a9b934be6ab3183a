//! applyconfiguration-gen over a fixture tree: which types get configurations, their shapes, and the per-kind constructor, builders, `ApplyConfiguration` and extraction.

use std::path::Path;

#[test]
fn configurations_for_what_clients_apply() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/clientset/good");
    let outputs = kapi_codegen::generate_tree(&root, &["applyconfig".to_owned()]).unwrap_or_else(|d| panic!("{d}"));
    let text = &outputs[Path::new("things/v1/applyconfigurations.rs")];
    insta::assert_snapshot!(text);
    // `+genclient` kinds and the input kinds of their methods, never list kinds.
    for name in [
        "ThingApplyConfiguration",
        "ThingPolicyApplyConfiguration",
        "ThingScaleApplyConfiguration",
        "ThingEvictionApplyConfiguration",
    ] {
        assert!(text.contains(&format!("pub struct {name} ")), "missing {name}");
    }
    assert!(!text.contains("ThingListApplyConfiguration"));
    // Constructors by scope; the metadata of kapi-api's `ObjectMeta` through its configuration.
    let squashed: String = text.split_whitespace().collect();
    assert!(squashed.contains("implThingApplyConfiguration{///A`Thing`configurationwith`apiVersion`,`kind`,nameandnamespaceset.pubfnnew(name:implInto<::std::string::String>,namespace:implInto<::std::string::String>,)->Self"), "{text}");
    assert!(
        squashed.contains("pubmetadata:::std::option::Option<::kapi_api::meta::v1::ObjectMetaApplyConfiguration>,"),
        "{text}"
    );
    assert!(squashed.contains("typeKind=crate::things::v1::types::Thing;"), "{text}");
    assert!(
        squashed.contains("pubfnextract_thing(obj:&crate::things::v1::types::Thing,field_manager:&str,)"),
        "{text}"
    );
    // Members are written only when set.
    assert!(
        squashed.contains(
            r#"if!::kapi_machinery::json::JsonEncode::is_json_empty(&self.status){w.key_static(b"\"status\":");"#
        ),
        "{text}"
    );
    // Behind the owning crate's `apply` feature (a run of every generator writes the `mod.rs`).
    let all = kapi_codegen::generate_tree(&root, &[]).unwrap_or_else(|d| panic!("{d}"));
    let module = &all[Path::new("things/v1/mod.rs")];
    assert!(module.contains("#[cfg(feature = \"apply\")]\n#[path = \"applyconfigurations.rs\"]"), "{module}");
}
