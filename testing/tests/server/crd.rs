//! CustomResourceDefinitions in the test server: the definition's defaults, checks and status;
//! its custom resources served with pruning, defaulting and validation from the structural
//! schema (upstream's messages), `status` and `scale` subresources, server-side apply by the
//! schema's list types, discovery and OpenAPI; name conflicts; deleting the definition.

use crate::http_support;

use std::sync::Arc;
use std::time::Duration;

use bytes::Bytes;
use futures_util::StreamExt as _;
use http::Method;
use http_body_util::BodyExt as _;
use kapi_api::meta::v1::ListOptions;
use kapi_client::dynamic::{ApiResource, DynamicApi};
use kapi_client::{Client, WatchEvent};
use kapi_machinery::GroupVersionKind;
use kapi_machinery::json::value::{self, Value};
use kapi_testing::ApiServer;

const JSON: &str = "application/json";
const MERGE: &str = "application/merge-patch+json";
const APPLY: &str = "application/apply-patch+yaml";
const WIDGETS: &str = "/apis/example.com/v1/namespaces/default/widgets";

/// A definition with defaults, required fields, enums, bounds, list types, and both
/// subresources, as upstream's own tests use them.
const CRD: &str = r#"{"apiVersion":"apiextensions.k8s.io/v1","kind":"CustomResourceDefinition",
"metadata":{"name":"widgets.example.com"},
"spec":{"group":"example.com","scope":"Namespaced",
 "names":{"plural":"widgets","singular":"widget","kind":"Widget","shortNames":["wd"]},
 "versions":[{"name":"v1","served":true,"storage":true,
  "subresources":{"status":{},"scale":{"specReplicasPath":".spec.replicas","statusReplicasPath":".status.replicas","labelSelectorPath":".status.selector"}},
  "schema":{"openAPIV3Schema":{"type":"object","properties":{
   "spec":{"type":"object","required":["prop2"],"properties":{
    "color":{"type":"string","default":"blue","enum":["blue","red"]},
    "prop2":{"type":"array","items":{"type":"string"}},
    "replicas":{"type":"integer","minimum":0,"maximum":10},
    "name":{"type":"string","maxLength":5,"pattern":"^[a-z]+$"},
    "when":{"type":"string","format":"date-time"},
    "every":{"type":"string","format":"duration"},
    "home":{"type":"string","format":"uri"},
    "extra":{"type":"object","x-kubernetes-preserve-unknown-fields":true},
    "ports":{"type":"array","x-kubernetes-list-type":"map","x-kubernetes-list-map-keys":["name"],
     "items":{"type":"object","required":["name"],"properties":{"name":{"type":"string"},"port":{"type":"integer"}}}},
    "tags":{"type":"array","x-kubernetes-list-type":"set","items":{"type":"string"}}}},
   "status":{"type":"object","properties":{"replicas":{"type":"integer"},"selector":{"type":"string"},"phase":{"type":"string"}}}}}}}]}}"#;

struct Reply {
    code: u16,
    body: Value,
    warnings: Vec<String>,
}

impl Reply {
    fn at(&self, path: &[&str]) -> Option<&Value> {
        path.iter().try_fold(&self.body, |v, k| v.get(k))
    }

    fn text(&self, path: &[&str]) -> String {
        self.at(path).and_then(Value::as_str).unwrap_or_default().to_owned()
    }

    fn message(&self) -> String {
        self.text(&["message"])
    }
}

async fn call(api: &ApiServer, method: Method, path: &str, content_type: &str, body: &str) -> Reply {
    let http_support::Answer { code, warnings, body: data } =
        http_support::call(api, method, path, content_type, body).await;
    let body = value::parse(&data).unwrap_or(Value::String(String::from_utf8_lossy(&data).into_owned()));
    Reply { code, body, warnings }
}

async fn get(api: &ApiServer, path: &str) -> Reply {
    call(api, Method::GET, path, JSON, "").await
}

async fn server_with_crd() -> Arc<ApiServer> {
    let api = Arc::new(ApiServer::new());
    api.register_builtin();
    let r = call(&api, Method::POST, "/apis/apiextensions.k8s.io/v1/customresourcedefinitions", JSON, CRD).await;
    assert_eq!(r.code, 201, "{:?}", r.body);
    api
}

fn condition(crd: &Reply, ty: &str) -> (String, String, String) {
    let Some(Value::Array(conds)) = crd.at(&["status", "conditions"]) else { panic!("no conditions: {:?}", crd.body) };
    let c = conds.iter().find(|c| c.get("type").and_then(Value::as_str) == Some(ty)).expect("the condition");
    let s = |k: &str| c.get(k).and_then(Value::as_str).unwrap_or_default().to_owned();
    (s("status"), s("reason"), s("message"))
}

#[tokio::test]
async fn a_definition_gets_defaults_and_status() {
    let api = server_with_crd().await;
    let crd = get(&api, "/apis/apiextensions.k8s.io/v1/customresourcedefinitions/widgets.example.com").await;
    assert_eq!(crd.text(&["spec", "names", "listKind"]), "WidgetList");
    assert_eq!(crd.text(&["spec", "conversion", "strategy"]), "None");
    assert_eq!(condition(&crd, "NamesAccepted"), ("True".into(), "NoConflicts".into(), "no conflicts found".into()));
    assert_eq!(
        condition(&crd, "Established"),
        ("True".into(), "InitialNamesAccepted".into(), "the initial names have been accepted".into())
    );
    assert_eq!(crd.text(&["status", "acceptedNames", "plural"]), "widgets");
    assert_eq!(crd.at(&["status", "storedVersions"]), Some(&Value::Array(vec![Value::String("v1".into())])));

    // Discovery, legacy and aggregated.
    let list = get(&api, "/apis/example.com/v1").await;
    let Some(Value::Array(resources)) = list.at(&["resources"]) else { panic!("{:?}", list.body) };
    let names: Vec<&str> = resources.iter().filter_map(|r| r.get("name").and_then(Value::as_str)).collect();
    assert_eq!(names, ["widgets", "widgets/status", "widgets/scale"]);
    // A built-in group version lists its paths sorted, with sorted verbs, as upstream's installer.
    let apps = get(&api, "/apis/apps/v1").await;
    let Some(Value::Array(resources)) = apps.at(&["resources"]) else { panic!("{:?}", apps.body) };
    let names: Vec<&str> = resources.iter().filter_map(|r| r.get("name").and_then(Value::as_str)).collect();
    let mut sorted = names.clone();
    sorted.sort_unstable();
    assert_eq!(names, sorted);
    assert!(names.starts_with(&[
        "controllerrevisions",
        "daemonsets",
        "daemonsets/status",
        "deployments",
        "deployments/scale"
    ]));
    for r in resources {
        let Some(Value::Array(verbs)) = r.get("verbs") else { panic!("{r:?}") };
        let verbs: Vec<&str> = verbs.iter().filter_map(Value::as_str).collect();
        assert!(verbs.is_sorted(), "{r:?}");
    }
    let groups = get(&api, "/apis").await;
    assert!(String::from_utf8_lossy(&groups.body.to_compact_vec()).contains("\"example.com/v1\""));

    // Aggregated: apiextensions names a custom resource's group and version in its response
    // kinds; a built-in entry (`ConvertGroupVersionIntoToDiscovery` of the legacy list) only
    // where the legacy entry does, and no entry has `acceptedTypes`.
    let req = http::Request::get("/apis")
        .header("accept", "application/json;g=apidiscovery.k8s.io;v=v2;as=APIGroupDiscoveryList")
        .body(Bytes::new())
        .unwrap();
    let data = api.handle(req).await.into_body().collect().await.unwrap().to_bytes();
    let aggregated = String::from_utf8_lossy(&data);
    for entry in [
        r#"{"resource":"widgets","responseKind":{"group":"example.com","version":"v1","kind":"Widget"},"scope":"Namespaced","singularResource":"widget","verbs":["delete","deletecollection","get","list","patch","create","update","watch"],"shortNames":["wd"],"subresources":[{"subresource":"status","responseKind":{"group":"example.com","version":"v1","kind":"Widget"},"verbs":["get","patch","update"]},{"subresource":"scale","responseKind":{"group":"autoscaling","version":"v1","kind":"Scale"},"verbs":["get","patch","update"]}]}"#,
        r#"{"resource":"deployments","responseKind":{"group":"","version":"","kind":"Deployment"},"scope":"Namespaced","singularResource":"deployment","verbs":["create","delete","deletecollection","get","list","patch","update","watch"],"shortNames":["deploy"],"categories":["all"],"subresources":[{"subresource":"scale","responseKind":{"group":"autoscaling","version":"v1","kind":"Scale"},"verbs":["get","patch","update"]},{"subresource":"status","responseKind":{"group":"","version":"","kind":"Deployment"},"verbs":["get","patch","update"]}]}"#,
    ] {
        assert!(aggregated.contains(entry), "missing {entry} in {aggregated}");
    }
    assert!(!aggregated.contains("acceptedTypes"), "{aggregated}");
    let apps = aggregated.find(r#"{"version":"v1","resources":[{"resource":"controllerrevisions","#);
    assert!(
        apps.is_some_and(|at| aggregated[at..].find("daemonsets") < aggregated[at..].find("deployments")),
        "{aggregated}"
    );
}

#[tokio::test]
async fn objects_are_pruned_defaulted_and_validated() {
    let api = server_with_crd().await;
    let obj = r#"{"apiVersion":"example.com/v1","kind":"Widget","metadata":{"name":"a","bogus":1},
        "spec":{"prop2":["x"],"foo":1,"extra":{"anything":{"deep":true}},"ports":[{"name":"p","port":1,"junk":2}]},"top":1}"#;
    let created = call(&api, Method::POST, WIDGETS, JSON, obj).await;
    assert_eq!(created.code, 201, "{:?}", created.body);
    // Warn (the default) names each pruned field, as upstream does.
    assert_eq!(
        created.warnings,
        [
            r#"299 - "unknown field \"metadata.bogus\"""#,
            r#"299 - "unknown field \"spec.foo\"""#,
            r#"299 - "unknown field \"spec.ports[0].junk\"""#,
            r#"299 - "unknown field \"top\"""#,
        ]
    );
    let stored = get(&api, &format!("{WIDGETS}/a")).await;
    assert_eq!(
        String::from_utf8(stored.at(&["spec"]).unwrap().to_compact_vec()).unwrap(),
        r#"{"color":"blue","extra":{"anything":{"deep":true}},"ports":[{"name":"p","port":1}],"prop2":["x"]}"#
    );
    assert_eq!(stored.text(&["kind"]), "Widget");
    assert_eq!(stored.text(&["apiVersion"]), "example.com/v1");
    assert!(stored.at(&["top"]).is_none());

    // Strict fails with the same findings.
    let strict = call(
        &api,
        Method::POST,
        &format!("{WIDGETS}?fieldValidation=Strict"),
        JSON,
        r#"{"apiVersion":"example.com/v1","kind":"Widget","metadata":{"name":"b"},"spec":{"prop2":[],"foo":1}}"#,
    )
    .await;
    assert_eq!(strict.code, 400);
    assert_eq!(
        strict.message(),
        r#"Widget in version "v1" cannot be handled as a Widget: strict decoding error: unknown field "spec.foo""#
    );

    // Validation: upstream's messages and causes.
    let cases: &[(&str, &str)] = &[
        (r#"{}"#, "spec.prop2: Required value"),
        (
            r#"{"prop2":"x"}"#,
            r#"spec.prop2: Invalid value: "string": spec.prop2 in body must be of type array: "string""#,
        ),
        (
            r#"{"prop2":[],"color":"green"}"#,
            r#"spec.color: Unsupported value: "green": supported values: "blue", "red""#,
        ),
        (
            r#"{"prop2":[],"replicas":11}"#,
            "spec.replicas: Invalid value: 11: spec.replicas in body should be less than or equal to 10",
        ),
        (r#"{"prop2":[],"name":"abcdef"}"#, "spec.name: Too long: may not be more than 5 bytes"),
        (r#"{"prop2":[],"name":"AB"}"#, r#"spec.name: Invalid value: "AB": spec.name in body should match '^[a-z]+$'"#),
        (
            r#"{"prop2":[],"when":"yesterday"}"#,
            r#"spec.when: Invalid value: "yesterday": spec.when in body must be of type date-time: "yesterday""#,
        ),
        (
            r#"{"prop2":[],"every":"soon"}"#,
            r#"spec.every: Invalid value: "soon": spec.every in body must be of type duration: "soon""#,
        ),
        (
            r#"{"prop2":[],"home":"example.com"}"#,
            r#"spec.home: Invalid value: "example.com": spec.home in body must be of type uri: "example.com""#,
        ),
        (r#"{"prop2":[],"tags":["a","a"]}"#, r#"spec.tags[1]: Duplicate value: "a""#),
        (
            r#"{"prop2":[],"ports":[{"name":"p"},{"name":"p"}]}"#,
            r#"spec.ports[1]: Duplicate value: map[string]interface {}{"name":"p"}"#,
        ),
        (r#"{"prop2":[],"ports":[{"port":1}]}"#, "spec.ports[0].name: Required value"),
        (r#"{"prop2":null}"#, r#"spec.prop2: Required value"#),
    ];
    for (spec, want) in cases {
        let body =
            format!(r#"{{"apiVersion":"example.com/v1","kind":"Widget","metadata":{{"name":"bad"}},"spec":{spec}}}"#);
        let r = call(&api, Method::POST, WIDGETS, JSON, &body).await;
        assert_eq!(r.code, 422, "{spec}: {:?}", r.body);
        assert_eq!(r.message(), format!("Widget.example.com \"bad\" is invalid: {want}"), "{spec}");
        assert_eq!(r.text(&["reason"]), "Invalid");
    }
    let r = call(
        &api,
        Method::POST,
        WIDGETS,
        JSON,
        r#"{"apiVersion":"example.com/v1","kind":"Widget","metadata":{"name":"bad"},"spec":{"prop2":"x"}}"#,
    )
    .await;
    let Some(Value::Array(causes)) = r.at(&["details", "causes"]) else { panic!("{:?}", r.body) };
    assert_eq!(causes[0].get("reason").and_then(Value::as_str), Some("FieldValueTypeInvalid"));
    assert_eq!(causes[0].get("field").and_then(Value::as_str), Some("spec.prop2"));

    // Lists carry the definition's list kind.
    let list = get(&api, WIDGETS).await;
    assert_eq!((list.text(&["kind"]), list.text(&["apiVersion"])), ("WidgetList".into(), "example.com/v1".into()));
    let Some(Value::Array(items)) = list.at(&["items"]) else { panic!() };
    assert_eq!(items.len(), 1);

    // Strategic merge patches are refused, as upstream refuses them for custom resources.
    let smp = call(&api, Method::PATCH, &format!("{WIDGETS}/a"), "application/strategic-merge-patch+json", "{}").await;
    assert_eq!(smp.code, 415);
    assert_eq!(
        smp.message(),
        "the body of the request was in an unknown format - accepted media types include: application/json-patch+json, \
         application/merge-patch+json, application/apply-patch+yaml"
    );
    // A merge patch is pruned and validated too.
    let bad = call(&api, Method::PATCH, &format!("{WIDGETS}/a"), MERGE, r#"{"spec":{"replicas":-1}}"#).await;
    assert_eq!(bad.code, 422);
    assert_eq!(
        bad.message(),
        "Widget.example.com \"a\" is invalid: spec.replicas: Invalid value: -1: spec.replicas in body should be greater than or equal to 0"
    );
    let ok = call(&api, Method::PATCH, &format!("{WIDGETS}/a"), MERGE, r#"{"spec":{"replicas":3,"zzz":1}}"#).await;
    assert_eq!(ok.code, 200, "{:?}", ok.body);
    assert_eq!(ok.warnings, [r#"299 - "unknown field \"spec.zzz\"""#]);
    assert!(ok.at(&["spec", "zzz"]).is_none());
}

#[tokio::test]
async fn status_and_scale_subresources() {
    let api = server_with_crd().await;
    let obj = r#"{"apiVersion":"example.com/v1","kind":"Widget","metadata":{"name":"w"},"spec":{"prop2":[],"replicas":2},"status":{"phase":"ignored"}}"#;
    let created = call(&api, Method::POST, WIDGETS, JSON, obj).await;
    assert_eq!(created.code, 201);
    assert!(created.at(&["status"]).is_none(), "status is dropped on create: {:?}", created.body);
    assert_eq!(created.at(&["metadata", "generation"]), Some(&Value::Number("1".into())));

    let status = call(
        &api,
        Method::PATCH,
        &format!("{WIDGETS}/w/status"),
        MERGE,
        r#"{"spec":{"replicas":9},"status":{"phase":"Ready","replicas":2,"selector":"app=w"}}"#,
    )
    .await;
    assert_eq!(status.code, 200, "{:?}", status.body);
    assert_eq!(status.text(&["status", "phase"]), "Ready");
    assert_eq!(status.at(&["spec", "replicas"]), Some(&Value::Number("2".into())), "spec is kept on /status");
    assert_eq!(status.at(&["metadata", "generation"]), Some(&Value::Number("1".into())));

    let main =
        call(&api, Method::PATCH, &format!("{WIDGETS}/w"), MERGE, r#"{"spec":{"replicas":4},"status":{"phase":"X"}}"#)
            .await;
    assert_eq!(main.text(&["status", "phase"]), "Ready", "status is kept on the main resource");
    assert_eq!(main.at(&["metadata", "generation"]), Some(&Value::Number("2".into())), "a spec change bumps it");

    let scale = get(&api, &format!("{WIDGETS}/w/scale")).await;
    assert_eq!(scale.code, 200, "{:?}", scale.body);
    assert_eq!((scale.text(&["apiVersion"]), scale.text(&["kind"])), ("autoscaling/v1".into(), "Scale".into()));
    assert_eq!(scale.at(&["spec", "replicas"]), Some(&Value::Number("4".into())));
    assert_eq!(scale.at(&["status", "replicas"]), Some(&Value::Number("2".into())));
    assert_eq!(scale.text(&["status", "selector"]), "app=w");

    let scaled = call(&api, Method::PATCH, &format!("{WIDGETS}/w/scale"), MERGE, r#"{"spec":{"replicas":7}}"#).await;
    assert_eq!(scaled.code, 200, "{:?}", scaled.body);
    let obj = get(&api, &format!("{WIDGETS}/w")).await;
    assert_eq!(obj.at(&["spec", "replicas"]), Some(&Value::Number("7".into())));

    // apiextensions' scale storage has no `ValidateScale`: the number is written and the
    // object's schema judges it (`minimum: 0`), in the object's kind.
    let negative = call(&api, Method::PATCH, &format!("{WIDGETS}/w/scale"), MERGE, r#"{"spec":{"replicas":-1}}"#).await;
    assert_eq!(negative.code, 422, "{:?}", negative.body);
    assert_eq!(
        negative.message(),
        "Widget.example.com \"w\" is invalid: spec.replicas: Invalid value: -1: spec.replicas in body should be greater than or equal to 0"
    );
    // An object without replicas: a patch that leaves them unset is refused, one that sets them
    // writes them.
    let bare = r#"{"apiVersion":"example.com/v1","kind":"Widget","metadata":{"name":"bare"},"spec":{"prop2":[]}}"#;
    assert_eq!(call(&api, Method::POST, WIDGETS, JSON, bare).await.code, 201);
    let unset =
        call(&api, Method::PATCH, &format!("{WIDGETS}/bare/scale"), MERGE, r#"{"metadata":{"labels":{"a":"b"}}}"#)
            .await;
    assert_eq!(
        (unset.code, unset.message()),
        (400, r#"the spec replicas field ".spec.replicas" cannot be empty"#.into())
    );
    let set = call(&api, Method::PATCH, &format!("{WIDGETS}/bare/scale"), MERGE, r#"{"spec":{"replicas":1}}"#).await;
    assert_eq!(set.code, 200, "{:?}", set.body);
    assert_eq!(get(&api, &format!("{WIDGETS}/bare")).await.at(&["spec", "replicas"]), Some(&Value::Number("1".into())));
}

#[tokio::test]
async fn apply_merges_by_the_schemas_list_types() {
    let api = server_with_crd().await;
    let apply = |manager: &'static str, body: &'static str| {
        let api = api.clone();
        async move { call(&api, Method::PATCH, &format!("{WIDGETS}/s?fieldManager={manager}"), APPLY, body).await }
    };
    let a = apply(
        "a",
        "apiVersion: example.com/v1\nkind: Widget\nmetadata: {name: s}\nspec:\n  prop2: [x]\n  ports: [{name: one, port: 1}]\n  tags: [t1]\n",
    )
    .await;
    assert_eq!(a.code, 201, "{:?}", a.body);
    let b = apply(
        "b",
        "apiVersion: example.com/v1\nkind: Widget\nmetadata: {name: s}\nspec:\n  ports: [{name: two, port: 2}]\n  tags: [t2]\n",
    )
    .await;
    assert_eq!(b.code, 200, "{:?}", b.body);
    let ports: Vec<String> = match b.at(&["spec", "ports"]) {
        Some(Value::Array(p)) => p.iter().map(|e| e.get("name").and_then(Value::as_str).unwrap().to_owned()).collect(),
        other => panic!("{other:?}"),
    };
    assert_eq!(ports, ["one", "two"], "a list-type map merges by key");
    assert_eq!(
        b.at(&["spec", "tags"]),
        Some(&Value::Array(vec![Value::String("t1".into()), Value::String("t2".into())])),
        "a set merges"
    );
    // An atomic list conflicts between managers.
    let c = apply("c", "apiVersion: example.com/v1\nkind: Widget\nmetadata: {name: s}\nspec:\n  prop2: [y]\n").await;
    assert_eq!(c.code, 409, "{:?}", c.body);
}

#[tokio::test]
async fn openapi_publishes_the_schema() {
    let api = server_with_crd().await;
    let root = get(&api, "/openapi/v3").await;
    let url = root.text(&["paths", "apis/example.com/v1", "serverRelativeURL"]);
    assert!(url.starts_with("/openapi/v3/apis/example.com/v1?hash="), "{:?}", root.body);
    let doc = get(&api, &url).await;
    let widget = doc.at(&["components", "schemas", "com.example.v1.Widget"]).expect("the kind's schema");
    let gvk = widget.get("x-kubernetes-group-version-kind").unwrap();
    assert_eq!(
        String::from_utf8(gvk.to_compact_vec()).unwrap(),
        r#"[{"group":"example.com","kind":"Widget","version":"v1"}]"#
    );
    let props = widget.get("properties").unwrap();
    for p in ["apiVersion", "kind", "metadata", "spec", "status"] {
        assert!(props.get(p).is_some(), "{p}");
    }
    assert!(doc.at(&["components", "schemas", "io.k8s.apimachinery.pkg.apis.meta.v1.ObjectMeta"]).is_some());
    assert!(doc.at(&["components", "schemas", "com.example.v1.WidgetList"]).is_some());

    // OpenAPI v2 (what older kubectl explains and validates with) has the kinds too.
    let v2 = get(&api, "/openapi/v2").await;
    let widget2 = v2.at(&["definitions", "com.example.v1.Widget"]).expect("the kind in v2");
    assert_eq!(
        String::from_utf8(widget2.get("properties").unwrap().get("metadata").unwrap().to_compact_vec()).unwrap(),
        r##"{"allOf":[{"$ref":"#/definitions/io.k8s.apimachinery.pkg.apis.meta.v1.ObjectMeta"}]}"##
    );
    assert!(v2.at(&["definitions", "io.k8s.api.apps.v1.Deployment"]).is_some(), "the generated definitions stay");

    // A schema change changes the hash; the old URL redirects.
    let patch = r#"[{"op":"add","path":"/spec/versions/0/schema/openAPIV3Schema/properties/spec/properties/size","value":{"type":"integer"}}]"#;
    let r = call(
        &api,
        Method::PATCH,
        "/apis/apiextensions.k8s.io/v1/customresourcedefinitions/widgets.example.com",
        "application/json-patch+json",
        patch,
    )
    .await;
    assert_eq!(r.code, 200, "{:?}", r.body);
    let root2 = get(&api, "/openapi/v3").await;
    assert_ne!(root2.text(&["paths", "apis/example.com/v1", "serverRelativeURL"]), url);
    assert_eq!(get(&api, &url).await.code, 301);
}

#[tokio::test]
async fn definitions_are_checked() {
    let api = Arc::new(ApiServer::new());
    api.register_builtin();
    let crds = "/apis/apiextensions.k8s.io/v1/customresourcedefinitions";
    let untyped = CRD.replace(r#""spec":{"type":"object","required""#, r#""spec":{"required""#);
    let r = call(&api, Method::POST, crds, JSON, &untyped).await;
    assert_eq!(r.code, 422, "{:?}", r.body);
    // The one version's schema is every version's: upstream's internal form holds it as
    // `spec.validation`, and reports it there.
    assert_eq!(
        r.message(),
        "CustomResourceDefinition.apiextensions.k8s.io \"widgets.example.com\" is invalid: \
         spec.validation.openAPIV3Schema.properties[spec].type: Required value: must not be empty for specified object fields"
    );
    let misnamed = CRD.replace(r#""name":"widgets.example.com""#, r#""name":"gadgets.example.com""#);
    let r = call(&api, Method::POST, crds, JSON, &misnamed).await;
    assert_eq!(r.code, 422);
    assert!(
        r.message().ends_with(
            r#"metadata.name: Invalid value: "gadgets.example.com": must be spec.names.plural+"."+spec.group"#
        ),
        "{}",
        r.message()
    );
    // A webhook conversion needs its webhook (conversion webhooks themselves: kapi-sample's
    // tests/test_server.rs).
    let webhook = CRD.replace(
        r#""scope":"Namespaced","#,
        r#""scope":"Namespaced","conversion":{"strategy":"Webhook","webhook":{"conversionReviewVersions":["v1"]}},"#,
    );
    let r = call(&api, Method::POST, crds, JSON, &webhook).await;
    assert_eq!(r.code, 422);
    assert!(r.message().contains("spec.conversion.webhookClientConfig: Required value"), "{}", r.message());
    assert!(get(&api, "/apis/example.com/v1").await.code == 404);
}

/// A definition written through `status` keeps its stored spec, so a spec the write carries is
/// neither stored nor checked (a scope no definition may have is no error there).
#[tokio::test]
async fn a_definitions_status_write_ignores_the_spec() {
    let api = server_with_crd().await;
    let path = "/apis/apiextensions.k8s.io/v1/customresourcedefinitions/widgets.example.com/status";
    let body = r#"{"spec":{"scope":"Nowhere"},"status":{"conditions":[{"type":"Tested","status":"True","lastTransitionTime":"2024-01-01T00:00:00Z","reason":"Tested","message":"written through status"}]}}"#;
    let r = call(&api, Method::PATCH, path, MERGE, body).await;
    assert_eq!(r.code, 200, "{:?}", r.body);
    assert_eq!(r.text(&["spec", "scope"]), "Namespaced");
    assert_eq!(condition(&r, "Tested"), ("True".into(), "Tested".into(), "written through status".into()));
}

#[tokio::test]
async fn conflicting_names_are_not_accepted() {
    let api = server_with_crd().await;
    let other = CRD
        .replace("widgets.example.com", "gizmos.example.com")
        .replace(r#""plural":"widgets","singular":"widget""#, r#""plural":"gizmos","singular":"gizmo""#)
        .replace(r#""shortNames":["wd"]"#, r#""shortNames":["gz"]"#);
    let r = call(&api, Method::POST, "/apis/apiextensions.k8s.io/v1/customresourcedefinitions", JSON, &other).await;
    assert_eq!(r.code, 201, "{:?}", r.body);
    let crd = get(&api, "/apis/apiextensions.k8s.io/v1/customresourcedefinitions/gizmos.example.com").await;
    assert_eq!(
        condition(&crd, "NamesAccepted"),
        ("False".into(), "ListKindConflict".into(), r#""WidgetList" is already in use"#.into())
    );
    assert_eq!(
        condition(&crd, "Established"),
        ("False".into(), "NotAccepted".into(), "not all names are accepted".into())
    );
    assert_eq!(get(&api, "/apis/example.com/v1/namespaces/default/gizmos").await.code, 404);
}

#[tokio::test]
async fn deleting_the_definition_deletes_its_objects() {
    let api = server_with_crd().await;
    let client = Client::new(api.clone(), "http://kapi-testing.invalid").unwrap();
    let res = ApiResource::new(&GroupVersionKind::new("example.com", "v1", "Widget"), "widgets", true);
    let widgets = DynamicApi::namespaced(&client, &res, "default").unwrap();
    let r = call(
        &api,
        Method::POST,
        WIDGETS,
        JSON,
        r#"{"apiVersion":"example.com/v1","kind":"Widget","metadata":{"name":"d"},"spec":{"prop2":[]}}"#,
    )
    .await;
    assert_eq!(r.code, 201);
    let listed = widgets.list(&ListOptions::default()).await.unwrap();
    assert_eq!(listed.items.len(), 1);
    let mut events = widgets
        .watch(&ListOptions { resource_version: listed.metadata.resource_version.clone(), ..Default::default() })
        .await
        .unwrap();

    let del = call(
        &api,
        Method::DELETE,
        "/apis/apiextensions.k8s.io/v1/customresourcedefinitions/widgets.example.com",
        JSON,
        "",
    )
    .await;
    assert_eq!(del.code, 200, "{:?}", del.body);
    let event = tokio::time::timeout(Duration::from_secs(10), events.next()).await.unwrap().unwrap().unwrap();
    match event {
        WatchEvent::Deleted(o) => assert_eq!(o.metadata.name, "d"),
        other => panic!("{other:?}"),
    }
    assert_eq!(get(&api, WIDGETS).await.code, 404);
    assert_eq!(get(&api, "/apis/example.com/v1").await.code, 404);
    let root = get(&api, "/openapi/v3").await;
    assert!(root.at(&["paths", "apis/example.com/v1"]).is_none());

    // Defining it again serves an empty resource.
    let again = call(&api, Method::POST, "/apis/apiextensions.k8s.io/v1/customresourcedefinitions", JSON, CRD).await;
    assert_eq!(again.code, 201);
    assert_eq!(widgets.list(&ListOptions::default()).await.unwrap().items.len(), 0);
}

/// apiextensions-apiserver's cleanup: the first delete answers `200` with the definition marked
/// (deletion timestamp, the cleanup finalizer, `Terminating` `InstanceDeletionPending`); its
/// finalizing controller deletes the objects; one held by a finalizer of its own keeps the
/// definition `Terminating` (`InstanceDeletionInProgress`), served but refusing creates, until
/// that finalizer goes; then the definition goes too.
#[tokio::test]
async fn a_deleted_definition_terminates_until_its_objects_are_gone() {
    const CRD_PATH: &str = "/apis/apiextensions.k8s.io/v1/customresourcedefinitions/widgets.example.com";
    let api = server_with_crd().await;
    let widget = |name: &str, finalizers: &str| {
        format!(
            r#"{{"apiVersion":"example.com/v1","kind":"Widget","metadata":{{"name":"{name}","finalizers":[{finalizers}]}},"spec":{{"prop2":[]}}}}"#
        )
    };
    assert_eq!(call(&api, Method::POST, WIDGETS, JSON, &widget("plain", "")).await.code, 201);
    assert_eq!(call(&api, Method::POST, WIDGETS, JSON, &widget("held", r#""example.com/keep""#)).await.code, 201);

    // A dry run marks nothing.
    let dry = call(&api, Method::DELETE, &format!("{CRD_PATH}?dryRun=All"), JSON, "").await;
    assert_eq!(dry.code, 200, "{:?}", dry.body);
    assert!(get(&api, CRD_PATH).await.at(&["metadata", "deletionTimestamp"]).is_none());
    assert_eq!(get(&api, &format!("{WIDGETS}/plain")).await.code, 200);

    let del = call(&api, Method::DELETE, CRD_PATH, JSON, "").await;
    assert_eq!(del.code, 200, "{:?}", del.body);
    assert_eq!(del.text(&["kind"]), "CustomResourceDefinition");
    assert!(del.at(&["metadata", "deletionTimestamp"]).is_some());
    assert_eq!(
        del.at(&["metadata", "finalizers"]),
        Some(&value::parse(br#"["customresourcecleanup.apiextensions.k8s.io"]"#).unwrap())
    );
    assert_eq!(
        condition(&del, "Terminating"),
        (
            "True".into(),
            "InstanceDeletionPending".into(),
            "CustomResourceDefinition marked for deletion; CustomResource deletion will begin soon".into()
        )
    );

    // The controller has deleted what it could; the held object keeps the definition.
    let crd = get(&api, CRD_PATH).await;
    assert_eq!(crd.code, 200);
    assert_eq!(
        condition(&crd, "Terminating"),
        ("True".into(), "InstanceDeletionInProgress".into(), "CustomResource deletion is in progress".into())
    );
    assert_eq!(get(&api, &format!("{WIDGETS}/plain")).await.code, 404);
    let held = get(&api, &format!("{WIDGETS}/held")).await;
    assert_eq!(held.code, 200);
    assert!(held.at(&["metadata", "deletionTimestamp"]).is_some());
    let refused = call(&api, Method::POST, WIDGETS, JSON, &widget("late", "")).await;
    assert_eq!(
        (refused.code, refused.message()),
        (405, "create not allowed while custom resource definition is terminating".to_owned())
    );
    assert_eq!(refused.text(&["reason"]), "MethodNotAllowed");

    // Its finalizer removed, the object goes, and the definition after it.
    let freed =
        call(&api, Method::PATCH, &format!("{WIDGETS}/held"), MERGE, r#"{"metadata":{"finalizers":null}}"#).await;
    assert_eq!(freed.code, 200, "{:?}", freed.body);
    assert_eq!(get(&api, &format!("{WIDGETS}/held")).await.code, 404);
    assert_eq!(get(&api, CRD_PATH).await.code, 404);
    assert_eq!(get(&api, WIDGETS).await.code, 404);
}

#[tokio::test]
async fn the_versions_of_a_definition_share_their_objects() {
    let api = Arc::new(ApiServer::new());
    api.register_builtin();
    let two = CRD.replace(
        r#""versions":[{"name":"v1","served":true,"storage":true,"#,
        r#""versions":[{"name":"v2","served":true,"storage":false,"schema":{"openAPIV3Schema":{"type":"object","x-kubernetes-preserve-unknown-fields":true}}},{"name":"v1","served":true,"storage":true,"#,
    );
    let r = call(&api, Method::POST, "/apis/apiextensions.k8s.io/v1/customresourcedefinitions", JSON, &two).await;
    assert_eq!(r.code, 201, "{:?}", r.body);
    let client = Client::new(api.clone(), "http://kapi-testing.invalid").unwrap();
    let v1 = ApiResource::new(&GroupVersionKind::new("example.com", "v1", "Widget"), "widgets", true);
    let mut events =
        DynamicApi::namespaced(&client, &v1, "default").unwrap().watch(&ListOptions::default()).await.unwrap();

    let v2_widgets = "/apis/example.com/v2/namespaces/default/widgets";
    let created = call(
        &api,
        Method::POST,
        v2_widgets,
        JSON,
        r#"{"apiVersion":"example.com/v2","kind":"Widget","metadata":{"name":"x"},"spec":{"anything":1}}"#,
    )
    .await;
    assert_eq!(created.code, 201, "{:?}", created.body);
    assert_eq!(created.text(&["apiVersion"]), "example.com/v2");
    // Stored once, as upstream keeps a custom resource: JSON in the storage version (v1), with
    // no resource version in it.
    let gvr = kapi_client::GroupVersionResource::new("example.com", "v1", "widgets");
    let stored = value::parse(&api.tracker().stored_bytes(&gvr, "default", "x").expect("stored")).unwrap();
    assert_eq!(stored.get("apiVersion").and_then(Value::as_str), Some("example.com/v1"));
    assert_eq!(stored.get("metadata").and_then(|m| m.get("name")).and_then(Value::as_str), Some("x"));
    assert!(stored.get("metadata").and_then(|m| m.get("resourceVersion")).is_none(), "{stored:?}");
    // Read through v1: the same object, in v1.
    let through_v1 = get(&api, &format!("{WIDGETS}/x")).await;
    assert_eq!(through_v1.code, 200);
    assert_eq!(through_v1.text(&["apiVersion"]), "example.com/v1");
    assert_eq!(through_v1.text(&["metadata", "uid"]), created.text(&["metadata", "uid"]));
    let listed = get(&api, v2_widgets).await;
    assert_eq!(listed.text(&["apiVersion"]), "example.com/v2");
    let Some(Value::Array(items)) = listed.at(&["items"]) else { panic!() };
    assert_eq!(items[0].get("apiVersion").and_then(Value::as_str), Some("example.com/v2"));
    let event = tokio::time::timeout(Duration::from_secs(10), events.next()).await.unwrap().unwrap().unwrap();
    match event {
        WatchEvent::Added(o) => assert_eq!((o.metadata.name.as_str(), o.api_version.as_str()), ("x", "example.com/v1")),
        other => panic!("{other:?}"),
    }
    // Both versions are discovered.
    let group = get(&api, "/apis/example.com").await;
    let Some(Value::Array(versions)) = group.at(&["versions"]) else { panic!("{:?}", group.body) };
    assert_eq!(versions.len(), 2);
    // Deleting the definition empties both.
    let del = call(
        &api,
        Method::DELETE,
        "/apis/apiextensions.k8s.io/v1/customresourcedefinitions/widgets.example.com",
        JSON,
        "",
    )
    .await;
    assert_eq!(del.code, 200);
    assert_eq!(get(&api, v2_widgets).await.code, 404);
    assert_eq!(get(&api, &format!("{WIDGETS}/x")).await.code, 404);
}

/// The definition `kapi-codegen` writes for the kitchen sink's `CronTab` (`+crd` markers) is one
/// the server takes: established, then its objects validated and scaled as the markers said.
#[tokio::test]
async fn the_generated_crontab_definition_is_served() {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../kitchen-sink/generated/crds/crontabs.stable.example.com.yaml");
    let yaml = std::fs::read_to_string(&path).expect("the generated definition");
    let api = Arc::new(ApiServer::new());
    api.register_builtin();
    let crds = "/apis/apiextensions.k8s.io/v1/customresourcedefinitions";
    let created = call(&api, Method::POST, crds, "application/yaml", &yaml).await;
    assert_eq!(created.code, 201, "{:?}", created.body);
    let crd = get(&api, &format!("{crds}/crontabs.stable.example.com")).await;
    assert_eq!(condition(&crd, "Established").0, "True");
    assert_eq!(
        crd.at(&["status", "acceptedNames", "shortNames"]),
        Some(&Value::Array(vec![Value::String("ct".into())]))
    );

    let tabs = "/apis/stable.example.com/v1/namespaces/default/crontabs";
    let missing = r#"{"apiVersion":"stable.example.com/v1","kind":"CronTab","metadata":{"name":"t"},"spec":{"cronSpec":"* * * * */5"}}"#;
    let r = call(&api, Method::POST, tabs, JSON, missing).await;
    assert_eq!(r.code, 422, "{:?}", r.body);
    assert!(r.message().contains("spec.image: Required value"), "{}", r.message());
    let duplicate = r#"{"apiVersion":"stable.example.com/v1","kind":"CronTab","metadata":{"name":"t"},
"spec":{"cronSpec":"* * * * */5","image":"i","tags":["a","a"]}}"#;
    let r = call(&api, Method::POST, tabs, JSON, duplicate).await;
    assert!(r.message().contains(r#"spec.tags[1]: Duplicate value: "a""#), "{}", r.message());

    let good = r#"{"apiVersion":"stable.example.com/v1","kind":"CronTab","metadata":{"name":"t"},
"spec":{"cronSpec":"* * * * */5","image":"i","replicas":2,"colour":"red"}}"#;
    let r = call(&api, Method::POST, tabs, JSON, good).await;
    assert_eq!(r.code, 201, "{:?}", r.body);
    assert!(r.at(&["spec", "colour"]).is_none(), "pruned: {:?}", r.body);
    assert!(r.warnings.iter().any(|w| w.contains(r#"unknown field \"spec.colour\""#)), "{:?}", r.warnings);
    let scale = get(&api, &format!("{tabs}/t/scale")).await;
    assert_eq!(scale.code, 200, "{:?}", scale.body);
    assert_eq!(scale.at(&["spec", "replicas"]), Some(&Value::Number("2".into())));
}

/// Printer columns whose paths client-go parses and evaluates in ways beyond fields and
/// indexes (validation asks only for a leading `.`): each cell is what upstream's table
/// convertor shows, where this server used to answer `500` or another value. A `range` loops,
/// a quoted string stands for itself, an unknown identifier, a negative step and an error in a
/// later action empty the cell, a filter may compare two paths, and the columns stop before a
/// path that does not parse.
#[tokio::test]
async fn custom_resource_table_cells_follow_client_go_evaluation() {
    const TABLE: &str = "application/json;as=Table;v=v1;g=meta.k8s.io";
    let crd = r#"{"apiVersion":"apiextensions.k8s.io/v1","kind":"CustomResourceDefinition",
"metadata":{"name":"gadgets.example.com"},
"spec":{"group":"example.com","scope":"Namespaced","names":{"plural":"gadgets","kind":"Gadget"},
 "versions":[{"name":"v1","served":true,"storage":true,
  "schema":{"openAPIV3Schema":{"type":"object","properties":{
   "spec":{"type":"object","x-kubernetes-preserve-unknown-fields":true}}}},
  "additionalPrinterColumns":[
   {"name":"Loop","type":"string","jsonPath":".spec range .items[*]}{.name}{end"},
   {"name":"Lit","type":"string","jsonPath":".spec.nothing \"lit\""},
   {"name":"Ident","type":"string","jsonPath":".spec foo"},
   {"name":"Over","type":"integer","jsonPath":".spec.items[?(@.port > @.min)].port"},
   {"name":"Back","type":"integer","jsonPath":".spec.list[::-1]"},
   {"name":"Later","type":"integer","jsonPath":".spec.replicas}{.spec.list[9]"},
   {"name":"Bytes","type":"string","jsonPath":".spec.word.*"},
   {"name":"Broken","type":"string","jsonPath":".spec["},
   {"name":"After","type":"string","jsonPath":".spec.word"}]}]}}"#;
    let api = Arc::new(ApiServer::new());
    api.register_builtin();
    let r = call(&api, Method::POST, "/apis/apiextensions.k8s.io/v1/customresourcedefinitions", JSON, crd).await;
    assert_eq!(r.code, 201, "{:?}", r.body);
    let gadgets = "/apis/example.com/v1/namespaces/default/gadgets";
    let body = r#"{"apiVersion":"example.com/v1","kind":"Gadget","metadata":{"name":"g"},
"spec":{"replicas":2,"list":[1,2,3],"word":"hi",
 "items":[{"name":"a","port":80,"min":100},{"name":"b","port":443,"min":100}]}}"#;
    assert_eq!(call(&api, Method::POST, gadgets, JSON, body).await.code, 201);
    let req = http::Request::builder().uri(format!("{gadgets}/g")).header("accept", TABLE).body(Bytes::new()).unwrap();
    let resp = api.handle(req).await;
    let status = resp.status().as_u16();
    let data = resp.into_body().collect().await.unwrap().to_bytes();
    assert_eq!(status, 200, "{}", String::from_utf8_lossy(&data));
    let table = value::parse(&data).expect("a JSON table");
    let Some(Value::Array(cols)) = table.get("columnDefinitions") else { panic!("columns: {table:?}") };
    let names: Vec<&str> = cols.iter().filter_map(|c| c.get("name").and_then(Value::as_str)).collect();
    assert_eq!(names, ["Name", "Loop", "Lit", "Ident", "Over", "Back", "Later", "Bytes"]);
    let Some(Value::Array(rows)) = table.get("rows") else { panic!("rows: {table:?}") };
    let cells = String::from_utf8(rows[0].get("cells").expect("cells").to_compact_vec()).unwrap();
    assert_eq!(cells, r#"["g","a","lit",null,443,null,null,"104"]"#);
}

/// A version's `selectableFields` extend field selectors (lists and collection deletes), with
/// values read as apiextensions-apiserver reads them (integers and booleans as text, a missing
/// field empty); a label the version does not declare, or `metadata.namespace` of a
/// cluster-scoped resource, is `400` `field label not supported: <label>`.
#[tokio::test]
async fn selectable_fields_extend_field_selectors() {
    let crd = r#"{"apiVersion":"apiextensions.k8s.io/v1","kind":"CustomResourceDefinition",
"metadata":{"name":"paints.example.com"},
"spec":{"group":"example.com","scope":"Namespaced","names":{"plural":"paints","kind":"Paint"},
 "versions":[{"name":"v1","served":true,"storage":true,
  "schema":{"openAPIV3Schema":{"type":"object","properties":{
   "spec":{"type":"object","properties":{"color":{"type":"string"},"size":{"type":"integer"},"wet":{"type":"boolean"}}}}}},
  "selectableFields":[{"jsonPath":".spec.color"},{"jsonPath":".spec.size"},{"jsonPath":".spec.wet"}]}]}}"#;
    let api = Arc::new(ApiServer::new());
    api.register_builtin();
    let r = call(&api, Method::POST, "/apis/apiextensions.k8s.io/v1/customresourcedefinitions", JSON, crd).await;
    assert_eq!(r.code, 201, "{:?}", r.body);
    let paints = "/apis/example.com/v1/namespaces/default/paints";
    for (name, spec) in
        [("a", r#"{"color":"blue","size":1,"wet":true}"#), ("b", r#"{"color":"red","size":2}"#), ("c", r#"{"size":1}"#)]
    {
        let body =
            format!(r#"{{"apiVersion":"example.com/v1","kind":"Paint","metadata":{{"name":"{name}"}},"spec":{spec}}}"#);
        assert_eq!(call(&api, Method::POST, paints, JSON, &body).await.code, 201);
    }
    let names = |selector: &'static str| {
        let api = Arc::clone(&api);
        async move {
            let r = call(&api, Method::GET, &format!("{paints}?fieldSelector={selector}"), JSON, "").await;
            assert_eq!(r.code, 200, "{selector}: {:?}", r.body);
            let Some(Value::Array(items)) = r.at(&["items"]) else { panic!("{:?}", r.body) };
            items.iter().filter_map(|i| i.get("metadata")?.get("name")?.as_str().map(str::to_owned)).collect::<Vec<_>>()
        }
    };
    assert_eq!(names("spec.color%3Dblue").await, ["a"]);
    assert_eq!(names("spec.size%3D1").await, ["a", "c"]);
    assert_eq!(names("spec.size%3D1,spec.color!%3Dblue").await, ["c"]);
    assert_eq!(names("spec.color%3D").await, ["c"]);
    assert_eq!(names("spec.wet%3Dtrue").await, ["a"]);
    assert_eq!(names("metadata.name%3Db").await, ["b"]);
    let r = call(&api, Method::GET, &format!("{paints}?fieldSelector=spec.shape%3Dround"), JSON, "").await;
    assert_eq!(r.code, 400, "{:?}", r.body);
    assert_eq!(r.at(&["message"]).and_then(Value::as_str), Some("field label not supported: spec.shape"));
    let r = call(&api, Method::DELETE, &format!("{paints}?fieldSelector=spec.color%3Dred"), JSON, "").await;
    assert_eq!(r.code, 200, "{:?}", r.body);
    assert_eq!(names("spec.size%3D2").await, Vec::<String>::new());
}

/// A printer column with a `range`: upstream's convertor keeps one JSONPath object per column,
/// which the first evaluation leaves holding the loop's body, so the first row gets the loop's
/// first value and every later row and read a null cell (the body's `end` outside a loop),
/// until the definition changes.
#[tokio::test]
async fn a_range_column_fills_only_the_first_row_as_upstream_does() {
    const TABLE: &str = "application/json;as=Table;v=v1;g=meta.k8s.io";
    let crd = r#"{"apiVersion":"apiextensions.k8s.io/v1","kind":"CustomResourceDefinition",
"metadata":{"name":"loops.example.com"},
"spec":{"group":"example.com","scope":"Namespaced","names":{"plural":"loops","kind":"Loop"},
 "versions":[{"name":"v1","served":true,"storage":true,
  "schema":{"openAPIV3Schema":{"type":"object","properties":{
   "spec":{"type":"object","x-kubernetes-preserve-unknown-fields":true}}}},
  "additionalPrinterColumns":[{"name":"First","type":"string","jsonPath":".spec range .items[*]}{.name}{end"}]}]}}"#;
    let api = Arc::new(ApiServer::new());
    api.register_builtin();
    let r = call(&api, Method::POST, "/apis/apiextensions.k8s.io/v1/customresourcedefinitions", JSON, crd).await;
    assert_eq!(r.code, 201, "{:?}", r.body);
    let loops = "/apis/example.com/v1/namespaces/default/loops";
    for name in ["one", "two"] {
        let body = format!(
            r#"{{"apiVersion":"example.com/v1","kind":"Loop","metadata":{{"name":"{name}"}},"spec":{{"items":[{{"name":"{name}-a"}},{{"name":"{name}-b"}}]}}}}"#
        );
        assert_eq!(call(&api, Method::POST, loops, JSON, &body).await.code, 201);
    }
    let cells = |path: String| {
        let api = Arc::clone(&api);
        async move {
            let req = http::Request::builder().uri(path).header("accept", TABLE).body(Bytes::new()).unwrap();
            let resp = api.handle(req).await;
            assert_eq!(resp.status().as_u16(), 200);
            let data = resp.into_body().collect().await.unwrap().to_bytes();
            let table = value::parse(&data).expect("a JSON table");
            let Some(Value::Array(rows)) = table.get("rows") else { panic!("rows: {table:?}") };
            rows.iter()
                .map(|r| String::from_utf8(r.get("cells").expect("cells").to_compact_vec()).unwrap())
                .collect::<Vec<_>>()
        }
    };
    assert_eq!(cells(loops.to_owned()).await, [r#"["one","one-a"]"#, r#"["two",null]"#]);
    assert_eq!(cells(format!("{loops}/one")).await, [r#"["one",null]"#]);
}

/// A printer column on which upstream's JSONPath evaluation panics (an index into what a
/// `range` over nothing runs on): a table read answers as kube-apiserver's panic recovery does,
/// `500` with Go's `http.Error` text, not a `Status`; a plain read is unaffected. The panic
/// leaves the column's JSONPath object holding the loop's body with the loop open, as Go's
/// unwinding leaves it, so the next table read evaluates the body's `[0]` on the whole object:
/// an error, a null cell.
#[tokio::test]
async fn a_printer_column_that_panics_upstream_answers_its_plain_text_500() {
    const TABLE: &str = "application/json;as=Table;v=v1;g=meta.k8s.io";
    let crd = r#"{"apiVersion":"apiextensions.k8s.io/v1","kind":"CustomResourceDefinition",
"metadata":{"name":"widgets.example.com"},
"spec":{"group":"example.com","scope":"Namespaced","names":{"plural":"widgets","kind":"Widget"},
 "versions":[{"name":"v1","served":true,"storage":true,
  "schema":{"openAPIV3Schema":{"type":"object","properties":{
   "spec":{"type":"object","x-kubernetes-preserve-unknown-fields":true}}}},
  "additionalPrinterColumns":[{"name":"Bad","type":"string","jsonPath":".spec range .empty[*]}{[0]}{end"}]}]}}"#;
    let api = Arc::new(ApiServer::new());
    api.register_builtin();
    let r = call(&api, Method::POST, "/apis/apiextensions.k8s.io/v1/customresourcedefinitions", JSON, crd).await;
    assert_eq!(r.code, 201, "{:?}", r.body);
    let widgets = "/apis/example.com/v1/namespaces/default/widgets";
    let body = r#"{"apiVersion":"example.com/v1","kind":"Widget","metadata":{"name":"w"},"spec":{"empty":[]}}"#;
    assert_eq!(call(&api, Method::POST, widgets, JSON, body).await.code, 201);
    let table = |path: String| {
        let req = http::Request::builder().uri(path).header("accept", TABLE).body(Bytes::new()).unwrap();
        api.handle(req)
    };
    let resp = table(format!("{widgets}/w")).await;
    assert_eq!(resp.status().as_u16(), 500);
    assert_eq!(resp.headers()["content-type"], "text/plain; charset=utf-8");
    assert_eq!(resp.headers()["x-content-type-options"], "nosniff");
    let data = resp.into_body().collect().await.unwrap().to_bytes();
    assert_eq!(&data[..], b"This request caused apiserver to panic. Look in the logs for details.\n");
    let resp = table(widgets.to_owned()).await;
    assert_eq!(resp.status().as_u16(), 200);
    let data = resp.into_body().collect().await.unwrap().to_bytes();
    let listed = value::parse(&data).expect("a JSON table");
    let Some(Value::Array(rows)) = listed.get("rows") else { panic!("rows: {listed:?}") };
    assert_eq!(String::from_utf8(rows[0].get("cells").expect("cells").to_compact_vec()).unwrap(), r#"["w",null]"#);
    assert_eq!(call(&api, Method::GET, &format!("{widgets}/w"), JSON, "").await.code, 200);
}

/// A read of custom resources as a `Table`: the Name column, then the version's
/// `additionalPrinterColumns` with their types and priorities, cells from their JSONPaths
/// (null where the path selects nothing), for a get, a list and a watch.
#[tokio::test]
async fn custom_resource_tables_use_the_printer_columns() {
    const TABLE: &str = "application/json;as=Table;v=v1;g=meta.k8s.io";
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../kitchen-sink/generated/crds/crontabs.stable.example.com.yaml");
    let yaml = std::fs::read_to_string(&path).expect("the generated definition");
    let api = Arc::new(ApiServer::new());
    api.register_builtin();
    let crds = "/apis/apiextensions.k8s.io/v1/customresourcedefinitions";
    assert_eq!(call(&api, Method::POST, crds, "application/yaml", &yaml).await.code, 201);
    let tabs = "/apis/stable.example.com/v1/namespaces/default/crontabs";
    for body in [
        r#"{"apiVersion":"stable.example.com/v1","kind":"CronTab","metadata":{"name":"a"},"spec":{"cronSpec":"* * * * */5","image":"img","replicas":2}}"#,
        r#"{"apiVersion":"stable.example.com/v1","kind":"CronTab","metadata":{"name":"b"},"spec":{"cronSpec":"0 * * * *","image":"other"}}"#,
    ] {
        assert_eq!(call(&api, Method::POST, tabs, JSON, body).await.code, 201);
    }
    let read = |path: String| {
        let api = Arc::clone(&api);
        async move {
            let req = http::Request::builder().uri(path).header("accept", TABLE).body(Bytes::new()).unwrap();
            let resp = api.handle(req).await;
            assert_eq!(resp.status().as_u16(), 200);
            let data = resp.into_body().collect().await.unwrap().to_bytes();
            value::parse(&data).expect("a JSON table")
        }
    };
    let compact = |v: Option<&Value>| String::from_utf8(v.expect("present").to_compact_vec()).unwrap();
    let list = read(tabs.to_owned()).await;
    assert_eq!(compact(list.get("kind")), r#""Table""#);
    let Some(Value::Array(cols)) = list.get("columnDefinitions") else { panic!("columns: {list:?}") };
    let cols: Vec<String> = cols
        .iter()
        .map(|c| {
            let s = |k: &str| compact(c.get(k));
            format!("{} {} {} {}", s("name"), s("type"), s("format"), s("priority"))
        })
        .collect();
    assert_eq!(
        cols,
        [
            r#""Name" "string" "name" 0"#,
            r#""Spec" "string" "" 0"#,
            r#""Replicas" "integer" "" 0"#,
            r#""Image" "string" "" 1"#,
            r#""Age" "date" "" 0"#
        ]
    );
    let Some(Value::Array(rows)) = list.get("rows") else { panic!("rows: {list:?}") };
    let cells: Vec<String> = rows.iter().map(|r| compact(r.get("cells"))).collect();
    assert_eq!(cells.len(), 2);
    assert!(cells[0].starts_with(r#"["a","* * * * */5",2,"img",""#) && cells[0].ends_with(r#"s"]"#), "{cells:?}");
    assert!(cells[1].starts_with(r#"["b","0 * * * *",null,"other",""#), "{cells:?}");
    assert_eq!(compact(rows[0].get("object").and_then(|o| o.get("kind"))), r#""PartialObjectMetadata""#);

    let one = read(format!("{tabs}/b?includeObject=Object")).await;
    let Some(Value::Array(rows)) = one.get("rows") else { panic!("rows: {one:?}") };
    assert_eq!(rows.len(), 1);
    assert_eq!(compact(rows[0].get("object").and_then(|o| o.get("spec")).and_then(|s| s.get("image"))), r#""other""#);

    // A watch: one-row tables of the same columns, the definitions in the first only.
    let req = http::Request::builder()
        .uri(format!("{tabs}?watch=true&timeoutSeconds=1"))
        .header("accept", TABLE)
        .body(Bytes::new())
        .unwrap();
    let resp = api.handle(req).await;
    assert_eq!(resp.status().as_u16(), 200);
    let data = resp.into_body().collect().await.unwrap().to_bytes();
    let events: Vec<Value> =
        data.split(|b| *b == b'\n').filter(|l| !l.is_empty()).map(|l| value::parse(l).expect("an event")).collect();
    assert_eq!(events.len(), 2, "{}", String::from_utf8_lossy(&data));
    let tables: Vec<&Value> = events.iter().map(|e| e.get("object").expect("object")).collect();
    assert!(tables[0].get("columnDefinitions").is_some_and(|c| matches!(c, Value::Array(c) if c.len() == 5)));
    assert!(tables[1].get("columnDefinitions").is_none_or(|c| *c == Value::Null));
    let cells = compact(tables[1].get("rows").and_then(|r| match r {
        Value::Array(rows) => rows.first().and_then(|row| row.get("cells")),
        _ => None,
    }));
    assert!(cells.starts_with(r#"["b","0 * * * *",null,"other","#), "{cells}");
}
