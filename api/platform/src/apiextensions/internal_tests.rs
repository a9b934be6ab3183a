//! Upstream's apiextensions cases as facts (`v1/conversion_test.go`, `v1/defaults_test.go`,
//! `v1beta1/defaults_test.go`): where v1 keeps what v1beta1 has per definition, the webhook's
//! settings, `JSON` values, each version's defaults; and minimal definitions decoded into the
//! internal version and served back out.

use kapi_machinery::Scheme;
use kapi_machinery::json::{from_slice, to_vec};

use crate::apiextensions as internal;
use crate::apiextensions::{v1, v1beta1};
use crate::testing::served_as;

fn scheme() -> Scheme {
    let mut s = Scheme::new();
    crate::apiextensions::install(&mut s).unwrap();
    s
}

fn hub_version(name: &str, served: bool, storage: bool) -> internal::CustomResourceDefinitionVersion {
    internal::CustomResourceDefinitionVersion { name: name.into(), served, storage, ..Default::default() }
}

fn v1_version(name: &str, served: bool, storage: bool) -> v1::CustomResourceDefinitionVersion {
    v1::CustomResourceDefinitionVersion { name: name.into(), served, storage, ..Default::default() }
}

fn hub_spec(f: impl FnOnce(&mut internal::CustomResourceDefinitionSpec)) -> internal::CustomResourceDefinitionSpec {
    let mut s = internal::CustomResourceDefinitionSpec::default();
    f(&mut s);
    s
}

fn v1_spec(f: impl FnOnce(&mut v1::CustomResourceDefinitionSpec)) -> v1::CustomResourceDefinitionSpec {
    let mut s = v1::CustomResourceDefinitionSpec::default();
    f(&mut s);
    s
}

fn to_v1(spec: internal::CustomResourceDefinitionSpec) -> v1::CustomResourceDefinitionSpec {
    v1::convert_custom_resource_definition_spec_from_internal(spec).unwrap()
}

fn from_v1(spec: v1::CustomResourceDefinitionSpec) -> internal::CustomResourceDefinitionSpec {
    v1::convert_custom_resource_definition_spec_to_internal(spec).unwrap()
}

fn hub_schema(description: &str) -> Option<internal::CustomResourceValidation> {
    Some(internal::CustomResourceValidation {
        open_apiv3_schema: Some(Box::new(internal::JSONSchemaProps {
            description: description.into(),
            r#type: "object".into(),
            ..Default::default()
        })),
    })
}

fn v1_schema(description: &str) -> Option<v1::CustomResourceValidation> {
    Some(v1::CustomResourceValidation {
        open_apiv3_schema: Some(Box::new(v1::JSONSchemaProps {
            description: description.into(),
            r#type: "object".into(),
            ..Default::default()
        })),
    })
}

#[test]
fn internal_to_v1_versions() {
    assert_eq!(to_v1(hub_spec(|_| {})), v1::CustomResourceDefinitionSpec::default());
    assert_eq!(
        to_v1(hub_spec(|s| s.version = "v1".into())),
        v1_spec(|s| s.versions = Some(vec![v1_version("v1", true, true)]))
    );
    let two = to_v1(hub_spec(|s| s.versions = vec![hub_version("v1", true, true), hub_version("v2", false, false)]));
    assert_eq!(two, v1_spec(|s| s.versions = Some(vec![v1_version("v1", true, true), v1_version("v2", false, false)])));
}

#[test]
fn v1_to_internal_versions() {
    assert_eq!(from_v1(v1_spec(|_| {})), hub_spec(|s| s.preserve_unknown_fields = Some(false)));
    let one = from_v1(v1_spec(|s| s.versions = Some(vec![v1_version("v1", true, true)])));
    assert_eq!(
        one,
        hub_spec(|s| {
            s.version = "v1".into();
            s.versions = vec![hub_version("v1", true, true)];
            s.preserve_unknown_fields = Some(false);
        })
    );
    let two =
        from_v1(v1_spec(|s| s.versions = Some(vec![v1_version("v1", true, true), v1_version("v2", false, false)])));
    assert_eq!(two.version, "v1");
    assert_eq!(two.versions, vec![hub_version("v1", true, true), hub_version("v2", false, false)]);
}

#[test]
fn validation_moves_between_definition_and_versions() {
    // Internal to v1: the definition-wide schema goes to every version; per-version ones stay.
    let got = to_v1(hub_spec(|s| {
        s.version = "v1".into();
        s.validation = hub_schema("");
    }));
    let mut want = v1_version("v1", true, true);
    want.schema = v1_schema("");
    assert_eq!(got.versions, Some(vec![want]));
    let got = to_v1(hub_spec(|s| {
        let (mut a, mut b) = (hub_version("v1", true, true), hub_version("v2", false, false));
        a.schema = hub_schema("v1");
        b.schema = hub_schema("v2");
        s.versions = vec![a, b];
    }));
    let v = got.versions.unwrap();
    assert_eq!((v[0].schema.clone(), v[1].schema.clone()), (v1_schema("v1"), v1_schema("v2")));

    // v1 to internal: identical schemas become the definition's, distinct ones stay.
    let versions = |d1: &str, d2: &str| {
        let (mut a, mut b) = (v1_version("v1", true, true), v1_version("v2", true, false));
        a.schema = v1_schema(d1);
        b.schema = v1_schema(d2);
        Some(vec![a, b])
    };
    let got = from_v1(v1_spec(|s| s.versions = versions("", "")));
    assert_eq!(got.validation, hub_schema(""));
    assert_eq!(got.versions, vec![hub_version("v1", true, true), hub_version("v2", true, false)]);
    let got = from_v1(v1_spec(|s| s.versions = versions("v1", "v2")));
    assert_eq!(got.validation, None);
    assert_eq!(got.versions[0].schema, hub_schema("v1"));
    assert_eq!(got.versions[1].schema, hub_schema("v2"));
}

#[test]
fn subresources_columns_and_selectable_fields_move_alike() {
    let scale = |path: &str| internal::CustomResourceSubresources {
        scale: Some(internal::CustomResourceSubresourceScale { spec_replicas_path: path.into(), ..Default::default() }),
        ..Default::default()
    };
    let v1_scale = |path: &str| v1::CustomResourceSubresources {
        scale: Some(v1::CustomResourceSubresourceScale { spec_replicas_path: path.into(), ..Default::default() }),
        ..Default::default()
    };
    let column = |n: &str| internal::CustomResourceColumnDefinition { name: n.into(), ..Default::default() };
    let v1_column = |n: &str| v1::CustomResourceColumnDefinition { name: n.into(), ..Default::default() };
    let field = |p: &str| internal::SelectableField { json_path: p.into() };
    let v1_field = |p: &str| v1::SelectableField { json_path: p.into() };

    let got = to_v1(hub_spec(|s| {
        s.version = "v1".into();
        s.subresources = Some(scale("spec.replicas"));
        s.additional_printer_columns = vec![column("column1")];
        s.selectable_fields = vec![field(".spec.x")];
    }));
    let mut want = v1_version("v1", true, true);
    want.subresources = Some(v1_scale("spec.replicas"));
    want.additional_printer_columns = vec![v1_column("column1")];
    want.selectable_fields = vec![v1_field(".spec.x")];
    assert_eq!(got.versions, Some(vec![want]));

    // Alike in both versions: gathered; different: left per version.
    let spec = |same: bool| {
        v1_spec(|s| {
            let mut a = v1_version("v1", true, true);
            let mut b = v1_version("v2", true, false);
            a.subresources = Some(v1_scale("spec.replicas1"));
            a.additional_printer_columns = vec![v1_column("column1")];
            a.selectable_fields = vec![v1_field(".spec.x")];
            b.subresources = Some(v1_scale(if same { "spec.replicas1" } else { "spec.replicas2" }));
            b.additional_printer_columns = vec![v1_column(if same { "column1" } else { "column2" })];
            b.selectable_fields = vec![v1_field(if same { ".spec.x" } else { ".spec.y" })];
            s.versions = Some(vec![a, b]);
        })
    };
    let got = from_v1(spec(true));
    assert_eq!(got.subresources, Some(scale("spec.replicas1")));
    assert_eq!(got.additional_printer_columns, vec![column("column1")]);
    assert_eq!(got.selectable_fields, vec![field(".spec.x")]);
    assert_eq!(got.versions, vec![hub_version("v1", true, true), hub_version("v2", true, false)]);
    let got = from_v1(spec(false));
    assert_eq!((got.subresources, got.additional_printer_columns.len(), got.selectable_fields.len()), (None, 0, 0));
    assert_eq!(got.versions[1].subresources, Some(scale("spec.replicas2")));
    assert_eq!(got.versions[1].additional_printer_columns, vec![column("column2")]);
    assert_eq!(got.versions[1].selectable_fields, vec![field(".spec.y")]);
}

#[test]
fn webhook_settings_move_under_webhook() {
    let url = || Some("http://example.com".to_owned());
    let conversion = |c: internal::CustomResourceConversion| hub_spec(|s| s.conversion = Some(c));
    // No client configuration and no review versions: no webhook.
    let got = to_v1(conversion(Default::default()));
    assert_eq!(got.conversion, Some(v1::CustomResourceConversion::default()));
    let got = to_v1(conversion(internal::CustomResourceConversion {
        webhook_client_config: Some(internal::WebhookClientConfig { url: url(), ..Default::default() }),
        ..Default::default()
    }));
    let webhook = got.conversion.unwrap().webhook.unwrap();
    assert_eq!(webhook.client_config.unwrap().url, url());
    assert_eq!(webhook.conversion_review_versions, None);
    let got = to_v1(conversion(internal::CustomResourceConversion {
        conversion_review_versions: vec!["v1".into()],
        ..Default::default()
    }));
    let webhook = got.conversion.unwrap().webhook.unwrap();
    assert_eq!((webhook.client_config, webhook.conversion_review_versions), (None, Some(vec!["v1".to_owned()])));

    let back = |w: Option<v1::WebhookConversion>| {
        from_v1(v1_spec(|s| s.conversion = Some(v1::CustomResourceConversion { webhook: w, ..Default::default() })))
            .conversion
            .unwrap()
    };
    assert_eq!(back(None), internal::CustomResourceConversion::default());
    let got = back(Some(v1::WebhookConversion {
        client_config: Some(v1::WebhookClientConfig { url: url(), ..Default::default() }),
        conversion_review_versions: None,
    }));
    assert_eq!(got.webhook_client_config.unwrap().url, url());
    let got =
        back(Some(v1::WebhookConversion { client_config: None, conversion_review_versions: Some(vec!["v1".into()]) }));
    assert_eq!(got.conversion_review_versions, vec!["v1".to_owned()]);
}

#[test]
fn internal_json_values_to_v1() {
    let convert = |value: Option<&str>| {
        let props = internal::JSONSchemaProps {
            default: value.map(|v| internal::JSON::from_json(v.as_bytes()).unwrap()),
            ..Default::default()
        };
        v1::convert_json_schema_props_from_internal(props)
            .unwrap()
            .default
            .map(|j| String::from_utf8(j.raw.unwrap()).unwrap())
    };
    // No default, and a default holding nil, are both no default.
    assert_eq!(convert(None), None);
    assert_eq!(convert(Some("null")), None);
    assert_eq!(convert(Some(r#""null""#)).as_deref(), Some(r#""null""#));
    assert_eq!(convert(Some(r#""foo""#)).as_deref(), Some(r#""foo""#));
    assert_eq!(convert(Some("true")).as_deref(), Some("true"));
    assert_eq!(convert(Some(r#"["foo", "bar", "baz"]"#)).as_deref(), Some(r#"["foo","bar","baz"]"#));
}

#[test]
fn json_round_trips_through_internal_as_upstream() {
    for (input, want) in [
        (r#"{"default":null,"enum":null,"example":null}"#, "{}"),
        (
            r#"{"default":{"test":null},"enum":[null],"example":{"test":null}}"#,
            r#"{"default":{"test":null},"enum":[null],"example":{"test":null}}"#,
        ),
        // The internal value is Go's `interface{}`: members sorted, numbers as Go writes them.
        (r#"{"default":{"b":1.0,"a":1e2}}"#, r#"{"default":{"a":100,"b":1}}"#),
    ] {
        for version in ["v1", "v1beta1"] {
            let out = if version == "v1" {
                let props: v1::JSONSchemaProps = from_slice(input.as_bytes()).unwrap();
                let hub = v1::convert_json_schema_props_to_internal(props).unwrap();
                to_vec(&v1::convert_json_schema_props_from_internal(hub).unwrap()).unwrap()
            } else {
                let props: v1beta1::JSONSchemaProps = from_slice(input.as_bytes()).unwrap();
                let hub = v1beta1::convert_json_schema_props_to_internal(props).unwrap();
                to_vec(&v1beta1::convert_json_schema_props_from_internal(hub).unwrap()).unwrap()
            };
            assert_eq!(String::from_utf8(out).unwrap(), want, "{version}: {input}");
        }
    }
}

#[test]
fn a_number_no_float64_holds_is_a_conversion_error_at_its_field() {
    let props: v1::JSONSchemaProps = from_slice(br#"{"properties":{"p":{"default":[1e999]}}}"#).unwrap();
    let e = v1::convert_json_schema_props_to_internal(props).unwrap_err();
    assert_eq!(e.to_string(), r#"properties["p"].default[0]: number 1e999 is out of the range of a float64"#);
}

fn defaulted_v1(body: &str) -> String {
    let mut crd: v1::CustomResourceDefinition = from_slice(body.as_bytes()).unwrap();
    v1::set_object_defaults_custom_resource_definition(&mut crd);
    String::from_utf8(to_vec(&crd).unwrap()).unwrap()
}

fn defaulted_v1beta1(body: &str) -> String {
    let mut crd: v1beta1::CustomResourceDefinition = from_slice(body.as_bytes()).unwrap();
    v1beta1::set_object_defaults_custom_resource_definition(&mut crd);
    String::from_utf8(to_vec(&crd).unwrap()).unwrap()
}

#[test]
fn v1_defaults() {
    const TAIL: &str = r#""status":{"conditions":null,"acceptedNames":{"plural":"","kind":""},"storedVersions":"#;
    // Empty: conversion None.
    assert_eq!(
        defaulted_v1("{}"),
        format!(
            r#"{{"metadata":{{}},"spec":{{"group":"","names":{{"plural":"","kind":""}},"scope":"","versions":null,"conversion":{{"strategy":"None"}}}},{TAIL}null}}}}"#
        )
    );
    // A webhook service gets port 443.
    let got = defaulted_v1(
        r#"{"spec":{"scope":"Namespaced","conversion":{"strategy":"Webhook","webhook":{"clientConfig":{"service":{"namespace":"","name":""}}}}}}"#,
    );
    assert!(got.contains(r#""conversion":{"strategy":"Webhook","webhook":{"clientConfig":{"service":{"namespace":"","name":"","port":443}},"conversionReviewVersions":null}}"#), "{got}");
    // The storage version is recorded as stored.
    let got = defaulted_v1(
        r#"{"spec":{"scope":"Namespaced","conversion":{"strategy":"None"},"versions":[{"name":"v1","served":true,"storage":false},{"name":"v2","served":true,"storage":true},{"name":"v3","served":true,"storage":false}]}}"#,
    );
    assert!(got.ends_with(&format!(r#"{TAIL}["v2"]}}}}"#)), "{got}");
    let got = defaulted_v1(r#"{"spec":{"versions":[{"name":"v1","served":false,"storage":true}]}}"#);
    assert!(got.ends_with(&format!(r#"{TAIL}["v1"]}}}}"#)), "{got}");
    // Names: singular from the kind, list kind.
    let got = defaulted_v1(r#"{"spec":{"names":{"plural":"widgets","kind":"Widget"}}}"#);
    assert!(
        got.contains(r#""names":{"plural":"widgets","singular":"widget","kind":"Widget","listKind":"WidgetList"}"#),
        "{got}"
    );
}

#[test]
fn v1beta1_defaults() {
    let got = defaulted_v1beta1("{}");
    assert!(
        got.contains(r#""spec":{"group":"","names":{"plural":"","kind":""},"scope":"Namespaced","conversion":{"strategy":"None"},"preserveUnknownFields":true}"#),
        "{got}"
    );
    // A webhook speaks v1beta1 reviews and its service gets port 443.
    let got = defaulted_v1beta1(
        r#"{"spec":{"scope":"Namespaced","conversion":{"strategy":"Webhook","webhookClientConfig":{"service":{"namespace":"","name":""}}},"preserveUnknownFields":true}}"#,
    );
    assert!(got.contains(r#""conversion":{"strategy":"Webhook","webhookClientConfig":{"service":{"namespace":"","name":"","port":443}},"conversionReviewVersions":["v1beta1"]}"#), "{got}");
    // The storage version is stored, and `version` names the first version.
    let got = defaulted_v1beta1(
        r#"{"spec":{"versions":[{"name":"v1","served":true,"storage":false},{"name":"v2","served":true,"storage":true},{"name":"v3","served":true,"storage":false}]}}"#,
    );
    assert!(got.contains(r#""version":"v1""#) && got.ends_with(r#""storedVersions":["v2"]}}"#), "{got}");
    // `version` alone becomes one served, stored version.
    let got = defaulted_v1beta1(r#"{"spec":{"version":"v1"}}"#);
    assert!(got.contains(r#""versions":[{"name":"v1","served":true,"storage":true}]"#), "{got}");
    assert!(got.ends_with(r#""storedVersions":["v1"]}}"#), "{got}");
}

#[test]
fn a_minimal_v1_definition_is_served_back_in_both_versions() {
    let s = scheme();
    let body = r#"{"apiVersion":"apiextensions.k8s.io/v1","kind":"CustomResourceDefinition","metadata":{"name":"widgets.example.com"},"spec":{"group":"example.com","names":{"plural":"widgets","kind":"Widget"},"scope":"Namespaced","versions":[{"name":"v1","served":true,"storage":true,"schema":{"openAPIV3Schema":{"type":"object","properties":{"spec":{"type":"object","x-kubernetes-preserve-unknown-fields":true,"default":{"size":3,"color":"red"}}}}}}]}}"#;
    assert_eq!(
        served_as(&s, body, "v1"),
        r#"{"kind":"CustomResourceDefinition","apiVersion":"apiextensions.k8s.io/v1","metadata":{"name":"widgets.example.com"},"spec":{"group":"example.com","names":{"plural":"widgets","singular":"widget","kind":"Widget","listKind":"WidgetList"},"scope":"Namespaced","versions":[{"name":"v1","served":true,"storage":true,"schema":{"openAPIV3Schema":{"type":"object","properties":{"spec":{"type":"object","default":{"color":"red","size":3},"x-kubernetes-preserve-unknown-fields":true}}}}}],"conversion":{"strategy":"None"}},"status":{"conditions":null,"acceptedNames":{"plural":"","kind":""},"storedVersions":["v1"]}}"#
    );
    assert_eq!(
        served_as(&s, body, "v1beta1"),
        r#"{"kind":"CustomResourceDefinition","apiVersion":"apiextensions.k8s.io/v1beta1","metadata":{"name":"widgets.example.com"},"spec":{"group":"example.com","version":"v1","names":{"plural":"widgets","singular":"widget","kind":"Widget","listKind":"WidgetList"},"scope":"Namespaced","validation":{"openAPIV3Schema":{"type":"object","properties":{"spec":{"type":"object","default":{"color":"red","size":3},"x-kubernetes-preserve-unknown-fields":true}}}},"versions":[{"name":"v1","served":true,"storage":true}],"conversion":{"strategy":"None"},"preserveUnknownFields":false},"status":{"conditions":null,"acceptedNames":{"plural":"","kind":""},"storedVersions":["v1"]}}"#
    );
}

#[test]
fn a_minimal_v1beta1_definition_is_served_by_v1_per_version() {
    let s = scheme();
    let body = r#"{"apiVersion":"apiextensions.k8s.io/v1beta1","kind":"CustomResourceDefinition","metadata":{"name":"widgets.example.com"},"spec":{"group":"example.com","version":"v1","names":{"plural":"widgets","kind":"Widget"},"validation":{"openAPIV3Schema":{"type":"object"}},"subresources":{"status":{}},"additionalPrinterColumns":[{"name":"Size","type":"integer","JSONPath":".spec.size"}],"conversion":{"strategy":"Webhook","webhookClientConfig":{"url":"https://conv.example.com"}}}}"#;
    assert_eq!(
        served_as(&s, body, "v1"),
        r#"{"kind":"CustomResourceDefinition","apiVersion":"apiextensions.k8s.io/v1","metadata":{"name":"widgets.example.com"},"spec":{"group":"example.com","names":{"plural":"widgets","singular":"widget","kind":"Widget","listKind":"WidgetList"},"scope":"Namespaced","versions":[{"name":"v1","served":true,"storage":true,"schema":{"openAPIV3Schema":{"type":"object"}},"subresources":{"status":{}},"additionalPrinterColumns":[{"name":"Size","type":"integer","jsonPath":".spec.size"}]}],"conversion":{"strategy":"Webhook","webhook":{"clientConfig":{"url":"https://conv.example.com"},"conversionReviewVersions":["v1beta1"]}},"preserveUnknownFields":true},"status":{"conditions":null,"acceptedNames":{"plural":"","kind":""},"storedVersions":["v1"]}}"#
    );
}
