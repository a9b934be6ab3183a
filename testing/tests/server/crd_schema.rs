//! The definition `kapi-codegen` writes for the kitchen sink's `CronTab`, with the schema keywords and CEL rules its `+k8s:` tags and `+k8s:validation:` markers give, applied to the test server: objects that break each one get upstream's 422 message at the field.

use std::sync::Arc;

use bytes::Bytes;
use http::Method;
use http_body_util::BodyExt as _;
use kapi_machinery::json::value::{self, Value};
use kapi_testing::ApiServer;

const JSON: &str = "application/json";
const CRDS: &str = "/apis/apiextensions.k8s.io/v1/customresourcedefinitions";
const TABS: &str = "/apis/stable.example.com/v1/namespaces/default/crontabs";

struct Reply {
    code: u16,
    body: Value,
}

impl Reply {
    /// The `details.causes` as `field: message`.
    fn causes(&self) -> Vec<String> {
        let Some(Value::Array(causes)) = self.body.get("details").and_then(|d| d.get("causes")) else {
            return Vec::new();
        };
        let s = |c: &Value, k: &str| c.get(k).and_then(Value::as_str).unwrap_or_default().to_owned();
        causes.iter().map(|c| format!("{}: {}", s(c, "field"), s(c, "message"))).collect()
    }
}

async fn call(api: &ApiServer, method: Method, path: &str, content_type: &str, body: &str) -> Reply {
    let req = http::Request::builder()
        .method(method)
        .uri(path)
        .header("content-type", content_type)
        .body(Bytes::from(body.to_owned()))
        .expect("a request");
    let resp = api.handle(req).await;
    let code = resp.status().as_u16();
    let data = resp.into_body().collect().await.expect("the body").to_bytes();
    let body = value::parse(&data).unwrap_or(Value::String(String::from_utf8_lossy(&data).into_owned()));
    Reply { code, body }
}

/// A server with the committed, generated definition (`hack/verify-codegen.sh` keeps it fresh).
async fn server() -> Arc<ApiServer> {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../kitchen-sink/generated/crds/crontabs.stable.example.com.yaml");
    let yaml = std::fs::read_to_string(&path).expect("the generated definition");
    let api = Arc::new(ApiServer::new());
    api.register_builtin();
    let created = call(&api, Method::POST, CRDS, "application/yaml", &yaml).await;
    assert_eq!(created.code, 201, "{:?}", created.body);
    api
}

fn tab(name: &str, extra: &str) -> String {
    format!(
        r#"{{"apiVersion":"stable.example.com/v1","kind":"CronTab","metadata":{{"name":"{name}"}},
"spec":{{"cronSpec":"* * * * */5","image":"i"{extra}}}}}"#
    )
}

async fn create(api: &ApiServer, name: &str, extra: &str) -> Reply {
    call(api, Method::POST, TABS, JSON, &tab(name, extra)).await
}

#[tokio::test]
async fn an_object_within_every_keyword_and_rule_is_stored() {
    let api = server().await;
    let extra = r#","historyLimit":3,"serviceAccount":"runner","timeZone":"UTC","envPrefix":"JOB_",
"allowedHosts":["10.0.0.1","example.com"],"concurrencyPolicy":"Forbid","notAfter":"2030-01-01T00:00:00Z""#;
    let r = create(&api, "ok", extra).await;
    assert_eq!(r.code, 201, "{:?}", r.body);
}

#[tokio::test]
async fn each_keyword_and_rule_is_enforced_with_upstreams_message() {
    let api = server().await;
    let long = "a".repeat(64);
    let cases: Vec<(String, Vec<&str>)> = vec![
        (
            r#","historyLimit":11"#.into(),
            vec!["spec.historyLimit: Invalid value: 11: spec.historyLimit in body should be less than or equal to 10"],
        ),
        (
            r#","historyLimit":-1"#.into(),
            vec![
                "spec.historyLimit: Invalid value: -1: spec.historyLimit in body should be greater than or equal to 0",
            ],
        ),
        (
            format!(r#","serviceAccount":"{long}""#),
            vec!["spec.serviceAccount: Too long: may not be more than 63 bytes"],
        ),
        (
            r#","serviceAccount":"Not_A_Label""#.into(),
            vec![
                "spec.serviceAccount: Invalid value: \"string\": a lowercase RFC 1123 label must consist of lower case alphanumeric characters or '-', and must start and end with an alphanumeric character",
            ],
        ),
        (
            r#","envPrefix":"x""#.into(),
            vec![
                "spec.envPrefix: Invalid value: \"x\": spec.envPrefix in body should be at least 2 chars long",
                "spec.envPrefix: Invalid value: \"x\": spec.envPrefix in body should match '^[A-Z][A-Z0-9_]*$'",
            ],
        ),
        (
            r#","allowedHosts":["a","b","c","d","e"]"#.into(),
            vec!["spec.allowedHosts: Too many: 5: must have at most 4 items"],
        ),
        (r#","allowedHosts":["a","a"]"#.into(), vec!["spec.allowedHosts[1]: Duplicate value: \"a\""]),
        (
            r#","allowedHosts":["not a host!"]"#.into(),
            vec!["spec: Invalid value: \"object\": allowed hosts are IP addresses or DNS names"],
        ),
        (
            r#","concurrencyPolicy":"Sometimes""#.into(),
            vec![
                "spec.concurrencyPolicy: Unsupported value: \"Sometimes\": supported values: \"Allow\", \"Forbid\", \"Replace\"",
            ],
        ),
        (
            r#","notAfter":"1999-12-31T00:00:00Z""#.into(),
            vec!["spec.notAfter: Invalid value: \"object\": notAfter is not after 2000-01-02"],
        ),
    ];
    let mut failures = Vec::new();
    for (i, (extra, want)) in cases.iter().enumerate() {
        let r = create(&api, &format!("t{i}"), extra).await;
        let got = r.causes();
        if r.code != 422 || got != *want {
            failures.push(format!("{extra}\n  want 422 {want:?}\n  got  {} {got:?}", r.code));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[tokio::test]
async fn an_immutable_field_keeps_its_value() {
    let api = server().await;
    assert_eq!(create(&api, "tz", r#","timeZone":"UTC""#).await.code, 201);
    let patch = r#"{"spec":{"timeZone":"Europe/Paris"}}"#;
    let r = call(&api, Method::PATCH, &format!("{TABS}/tz"), "application/merge-patch+json", patch).await;
    assert_eq!(r.code, 422, "{:?}", r.body);
    assert_eq!(r.causes(), ["spec.timeZone: Invalid value: \"string\": field is immutable"]);
    let other = r#"{"spec":{"historyLimit":2}}"#;
    let r = call(&api, Method::PATCH, &format!("{TABS}/tz"), "application/merge-patch+json", other).await;
    assert_eq!(r.code, 200, "{:?}", r.body);
}
