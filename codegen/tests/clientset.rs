//! client-gen over fixture trees: resources, scopes, verbs and subresources from the markers, the
//! clientset and informer accessors, and the marker errors.

use std::path::Path;

fn fixture(name: &str) -> std::path::PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/clientset").join(name)
}

#[test]
fn markers_decide_scope_verbs_and_subresources() {
    let outputs =
        kapi_codegen::generate_tree(&fixture("good"), &["clientset".to_owned()]).unwrap_or_else(|d| panic!("{d}"));
    let text = &outputs[Path::new("clientset.rs")];
    insta::assert_snapshot!(text);
    let squashed: String = text.split_whitespace().collect();
    // Namespaced with a status subresource and every verb.
    assert!(squashed.contains(r#"resource="things",namespaced=true,protobuf=true,verbs=["create","update","delete","deletecollection","get","list","watch","patch","apply"],subresources=["status"]"#), "{text}");
    // Cluster-scoped, only create and get, a custom subresource.
    assert!(
        squashed.contains(
            r#"resource="thingpolicies",namespaced=false,protobuf=true,verbs=["create","get"],subresources=["scale"]"#
        ),
        "{text}"
    );
    // Accessors: namespaced resources take a namespace; informers only for list+watch resources.
    assert!(squashed.contains("pubfnthings(&self,namespace:&str,)"), "{text}");
    for f in ["pub fn things_all_namespaces(", "pub fn thing_policies(", "pub fn thing_lister(", "pub fn things_v1("] {
        assert!(text.contains(f), "missing {f} in {text}");
    }
    assert!(!text.contains("thing_policy_lister"), "{text}");
    // A create-only kind without a list kind.
    assert!(squashed.contains(r#"resource!(unlistedcrate::things::v1::ThingReview,resource="thingreviews",namespaced=false,protobuf=true,verbs=["create"],subresources=[],"#), "{text}");
    assert!(squashed.contains("register_unlisted::<crate::things::v1::ThingReview>"), "{text}");
    // The group's module and its accessors are behind the group's feature, so kapi-client's
    // per-group features decide which clients compile; nothing names a server type.
    assert_eq!(text.matches(r#"#[cfg(feature = "things")]"#).count(), 5, "{text}");
    assert!(!text.contains("kapi_client::server") && !text.contains("fn fake("), "{text}");
}

#[test]
fn bad_markers_are_reported() {
    let errors = kapi_codegen::generate_tree(&fixture("bad"), &["clientset".to_owned()]).unwrap_err();
    for needle in [
        "`+genclient` kind `Lonely` has no list kind `LonelyList` in its package",
        "unknown verb `frobnicate` in `+genclient:skipVerbs`",
        "`+genclient` applies to versioned kinds",
    ] {
        assert!(errors.contains(needle), "missing {needle:?} in:\n{errors}");
    }
}

#[test]
fn plurals_follow_upstream() {
    use kapi_codegen::emit::clientset::plural;
    assert_eq!(plural("ValidatingAdmissionPolicy"), "ValidatingAdmissionPolicies");
    assert_eq!(plural("Gateway"), "Gateways");
    assert_eq!(plural("Status"), "Statuses");
    assert_eq!(plural("Ingress"), "Ingresses");
    assert_eq!(plural("Endpoints"), "Endpoints");
    assert_eq!(plural("TokenReview"), "TokenReviews");
    assert_eq!(plural("Mesh"), "Meshes");
}
