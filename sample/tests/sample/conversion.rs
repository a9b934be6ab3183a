//! Conversions through the hub: v1 → hub → v2 → v1 keeps every field, the image string splits
//! and joins as documented, and the hand-written default names the deployment.

use std::collections::BTreeMap;

use kapi_api::meta::v1::ObjectMeta;
use kapi_machinery::{Object, Scheme};
use kapi_sample::samples::{self, v1, v2};

fn scheme() -> Scheme {
    kapi_sample::scheme().unwrap()
}

fn convert<T: Object + 'static>(s: &Scheme, obj: Box<dyn Object>, version: &str) -> T {
    *s.convert_into_group_version(obj, samples::GROUP_NAME, version).unwrap().into_any().downcast::<T>().unwrap()
}

fn v1_foo(image: &str) -> v1::Foo {
    v1::Foo {
        metadata: ObjectMeta {
            name: "web".into(),
            namespace: "default".into(),
            uid: "0c1f".into(),
            labels: BTreeMap::from([("app".into(), "web".into())]),
            ..ObjectMeta::default()
        },
        spec: v1::FooSpec {
            deployment_name: "web-deploy".into(),
            replicas: Some(3),
            image: image.into(),
            paused: Some(true),
        },
        status: v1::FooStatus { available_replicas: 2 },
        ..v1::Foo::default()
    }
}

#[test]
fn v1_to_v2_and_back_keeps_every_field() {
    let s = scheme();
    for (image, repository, tag) in [
        ("registry.example.com:5000/team/app:1.2", "registry.example.com:5000/team/app", "1.2"),
        ("nginx", "nginx", ""),
        ("registry:5000/app", "registry:5000/app", ""),
        ("app:", "app:", ""),
        (":v1", "", "v1"),
        ("", "", ""),
    ] {
        let original = v1_foo(image);
        let hub: samples::Foo = convert(&s, Box::new(original.clone()), kapi_machinery::INTERNAL_VERSION);
        assert_eq!(hub.spec.image, samples::Image { repository: repository.into(), tag: tag.into() }, "{image}");
        let there: v2::Foo = convert(&s, Box::new(original.clone()), "v2");
        assert_eq!(there.type_meta.api_version, "samples.example.com/v2");
        assert_eq!(there.type_meta.kind, "Foo");
        assert_eq!(there.spec.image, v2::Image { repository: repository.into(), tag: tag.into() }, "{image}");
        assert_eq!(there.metadata, original.metadata);
        assert_eq!((there.spec.replicas, there.status.available_replicas), (Some(3), 2));
        assert_eq!(there.spec.deployment_name, "web-deploy");
        let back: v1::Foo = convert(&s, Box::new(there), "v1");
        let mut want = original.clone();
        want.type_meta.api_version = "samples.example.com/v1".into();
        want.type_meta.kind = "Foo".into();
        assert_eq!(back, want, "{image}");
    }
}

#[test]
fn v2_to_v1_joins_the_image() {
    let s = scheme();
    let foo = v2::Foo {
        metadata: ObjectMeta { name: "x".into(), ..ObjectMeta::default() },
        spec: v2::FooSpec {
            image: v2::Image { repository: "ghcr.io/org/app".into(), tag: "v2.0".into() },
            ..v2::FooSpec::default()
        },
        ..v2::Foo::default()
    };
    let v1: v1::Foo = convert(&s, Box::new(foo.clone()), "v1");
    assert_eq!(v1.spec.image, "ghcr.io/org/app:v2.0");
    let again: v2::Foo = convert(&s, Box::new(v1), "v2");
    assert_eq!(again.spec, foo.spec);
}

#[test]
fn defaults_name_the_deployment_after_the_foo_and_run_one_replica() {
    let s = scheme();
    let mut one = v1_foo("nginx");
    one.spec.deployment_name.clear();
    one.spec.replicas = None;
    s.apply_defaults(&mut one);
    assert_eq!((one.spec.deployment_name.as_str(), one.spec.replicas), ("web", Some(1)));
    let mut two =
        v2::Foo { metadata: ObjectMeta { name: "api".into(), ..ObjectMeta::default() }, ..v2::Foo::default() };
    s.apply_defaults(&mut two);
    assert_eq!((two.spec.deployment_name.as_str(), two.spec.replicas), ("api", Some(1)));
}

#[test]
fn the_definition_stores_v2_and_converts_through_the_webhook() {
    let yaml = include_str!("../../generated/crds/foos.samples.example.com.yaml");
    let doc = kapi_machinery::yaml::yaml_to_json(yaml.as_bytes(), true).unwrap();
    let doc = kapi_machinery::json::value::parse(&doc).unwrap();
    let spec = doc.get("spec").unwrap();
    let conversion = spec.get("conversion").unwrap();
    assert_eq!(conversion.get("strategy").and_then(|s| s.as_str()), Some("Webhook"));
    let webhook = conversion.get("webhook").unwrap();
    let service = webhook.get("clientConfig").and_then(|c| c.get("service")).unwrap();
    assert_eq!(service.get("path").and_then(|s| s.as_str()), Some("/convert"));
    assert_eq!(service.get("name").and_then(|s| s.as_str()), Some("sample-conversion-webhook"));
    let Some(kapi_machinery::json::value::Value::Array(versions)) = spec.get("versions") else { panic!("{yaml}") };
    let stored: Vec<&str> = versions
        .iter()
        .filter(|v| v.get("storage") == Some(&kapi_machinery::json::value::Value::Bool(true)))
        .filter_map(|v| v.get("name").and_then(|n| n.as_str()))
        .collect();
    assert_eq!(stored, ["v2"]);
}

#[test]
fn the_validation_tags_are_checked_in_each_version() {
    let s = scheme();
    let mut two =
        v2::Foo { metadata: ObjectMeta { name: "api".into(), ..ObjectMeta::default() }, ..v2::Foo::default() };
    assert!(s.validate(&two, None).is_empty());
    two.spec.replicas = Some(-1);
    two.spec.image.tag = "t".repeat(129);
    let errors: Vec<String> = s.validate(&two, None).iter().map(|e| e.to_string()).collect();
    assert_eq!(errors.len(), 2, "{errors:?}");
    assert!(errors[0].starts_with("spec.replicas: Invalid value: -1"), "{errors:?}");
    assert!(errors[1].starts_with("spec.image.tag: Too long"), "{errors:?}");
    let mut one = v1_foo("nginx");
    one.spec.deployment_name = "d".repeat(64);
    let errors: Vec<String> = s.validate(&one, None).iter().map(|e| e.to_string()).collect();
    assert!(errors.len() == 1 && errors[0].starts_with("spec.deploymentName: Too long"), "{errors:?}");
}

/// `paused` is behind the sample's `FooPause` gate: a write drops it while the gate is off,
/// unless the stored Foo uses it already; the scheme does the same for any version.
#[test]
fn a_gated_field_is_dropped_while_its_gate_is_off() {
    use kapi_machinery::DropDisabledFields;
    let off = |_: &str| false;
    assert_eq!(v2::Foo::FEATURE_GATES, ["FooPause"]);
    let mut created = v1_foo("nginx:1.27");
    created.drop_disabled_fields(None, &off);
    assert_eq!(created.spec.paused, None);
    assert_eq!(created.spec.replicas, Some(3));
    // Gate on: kept.
    let mut on = v1_foo("nginx:1.27");
    on.drop_disabled_fields(None, &|g| g == "FooPause");
    assert_eq!(on.spec.paused, Some(true));
    // An update of a Foo already paused keeps it, gate or not; of one not paused, drops it.
    let stored = v1_foo("nginx:1.27");
    let mut updated = v1_foo("nginx:1.28");
    updated.drop_disabled_fields(Some(&stored), &off);
    assert_eq!(updated.spec.paused, Some(true));
    let mut unpaused = v1_foo("nginx:1.27");
    unpaused.spec.paused = None;
    let mut updated = v1_foo("nginx:1.28");
    updated.drop_disabled_fields(Some(&unpaused), &off);
    assert_eq!(updated.spec.paused, None);
    // Through the scheme, in v2.
    let s = scheme();
    let mut v2_foo: Box<dyn Object> = Box::new(convert::<v2::Foo>(&s, Box::new(v1_foo("nginx:1.27")), "v2"));
    assert_eq!(s.feature_gates_of(v2_foo.as_ref()), ["FooPause"]);
    s.drop_disabled_fields(v2_foo.as_mut(), None, &off);
    let v2_foo = v2_foo.into_any().downcast::<v2::Foo>().unwrap();
    assert_eq!(v2_foo.spec.paused, None);
}
