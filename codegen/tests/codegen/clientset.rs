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
    // The resources' facts are the API crate's own (`resources.rs`), not the clientset's.
    let resources = &outputs[Path::new("resources.rs")];
    insta::assert_snapshot!("resources", resources);
    let facts: String = resources.split_whitespace().collect();
    assert!(!squashed.contains("impl_resource!") && !squashed.contains("fnresources()"), "{text}");
    assert!(
        facts.contains("::kapi_api::impl_resource!(crate::things::v1::Thing,crate::things::v1::ThingList,"),
        "{resources}"
    );
    // Namespaced with a status subresource and every verb, and a subresource of other kinds
    // (one of another crate).
    assert!(facts.contains(r#"resource="things",namespaced=true,protobuf=true,verbs=["create","update","delete","deletecollection","get","list","watch","patch","apply"],subresources=["status","eviction"{verbs=["create"],inputs=[crate::things::v1::ThingEviction],result=::kapi_api::meta::v1::Status}]"#), "{resources}");
    // Cluster-scoped, only create and get, subresources from `+genclient:method=` lines with
    // their verbs (patch wherever update) and kinds (the kind itself when not given).
    assert!(
        facts.contains(
            r#"resource="thingpolicies",namespaced=false,protobuf=true,verbs=["create","get"],subresources=["scale"{verbs=["get","update","patch"],inputs=[crate::things::v1::ThingScale],result=crate::things::v1::ThingScale},"approval"{verbs=["update","patch"],inputs=[crate::things::v1::ThingPolicy],result=crate::things::v1::ThingPolicy}]"#
        ),
        "{resources}"
    );
    // Typed methods on `Api<Kind>`, with their `_with_warnings` twins, sending the options as
    // query parameters through the generic subresource calls; `#[inline]` functions returning the
    // call's future, so that a client build does not compile them for kinds nobody calls.
    assert!(squashed.contains("implkapi_client::Api<crate::things::v1::ThingPolicy>{"), "{text}");
    for f in [
        "#[inline]pubfnget_scale(",
        "#[inline]pubfnupdate_scale_with_warnings(",
        "#[inline]pubfnupdate_approval(",
        "#[inline]pubfnevict(",
    ] {
        assert!(squashed.contains(f), "missing {f} in {text}");
    }
    // The resource table holds every kind's object constructors (its codecs): `#[inline]`, so only
    // a crate that asks for it compiles them.
    assert_eq!(facts.matches("#[inline]pubfnresources()").count(), 1, "{resources}");
    assert!(squashed.contains(r#"create_subresource_with_warnings::<crate::things::v1::ThingEviction,::kapi_api::meta::v1::Status,>(name,"eviction",thing_eviction,options)"#), "{text}");
    // A kind with `+genclient:noVerbs` has no client and is not served.
    assert!(!facts.contains("resource=\"thingevictions\""), "{resources}");
    // Accessors: namespaced resources take a namespace; informers only for list+watch resources.
    assert!(squashed.contains("pubfnthings(&self,namespace:&str,)"), "{text}");
    for f in ["pub fn things_all_namespaces(", "pub fn thing_policies(", "pub fn thing_lister(", "pub fn things_v1("] {
        assert!(text.contains(f), "missing {f} in {text}");
    }
    assert!(!text.contains("thing_policy_lister"), "{text}");
    // A create-only kind without a list kind.
    assert!(facts.contains(r#"impl_resource!(unlistedcrate::things::v1::ThingReview,resource="thingreviews",namespaced=false,protobuf=true,verbs=["create"],subresources=[],"#), "{resources}");
    assert!(facts.contains("ResourceInfo::of_unlisted::<crate::things::v1::ThingReview>()"), "{resources}");
    assert!(squashed.contains("register_unlisted::<crate::things::v1::ThingReview>"), "{text}");
    // The group's module and its accessors are behind the group's feature, so kapi-client's
    // per-group features decide which clients compile; nothing names a server type. In the API
    // crate, each kind's implementation and the group's table entry are behind it too.
    assert_eq!(text.matches(r#"#[cfg(feature = "things")]"#).count(), 4, "{text}");
    let kinds = facts.matches("impl_resource!(").count();
    assert_eq!(resources.matches(r#"#[cfg(feature = "things")]"#).count(), kinds + 1, "{resources}");
    assert!(!text.contains("kapi_client::server") && !text.contains("fn fake("), "{text}");
}

#[test]
fn bad_markers_are_reported() {
    let errors = kapi_codegen::generate_tree(&fixture("bad"), &["clientset".to_owned()]).unwrap_err();
    for needle in [
        "`+genclient` kind `Lonely` has no list kind `LonelyList` in its package",
        "unknown verb `frobnicate` in `+genclient:skipVerbs`",
        "`+genclient` applies to versioned kinds",
        "cannot find type `NoSuchScale` in the package or the file's `use` items (in `+genclient:method=GetScale`)",
        "`Part` in `+genclient:method=UpdateScale` is not a versioned kind",
        "the method `Get` of `Mixed` would be `get`, which `kapi_client::Api` already has",
        "the methods of subresource `token` of `Mixed` return different kinds",
        "`+genclient:method=ApplyOdd` sends one kind and returns another",
        "the `status` subresource of `Mixed` comes from its `status` field",
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
