//! Warnings of writes (`warnings_for_<kind>`, upstream's `WarningsOnCreate`/`WarningsOnUpdate`): sent by the test server on every accepted create, update, patch and apply of a main resource, dry runs included, not on refused writes; status writes carry the status strategy's (`warnings_for_<kind>_status_update`); each text once.

use crate::http_support;

use http::Method;
use kapi_api::batch::v1::CronJob;
use kapi_api::core::v1::ConfigMap;
use kapi_api::flowcontrol::v1::FlowSchema;
use kapi_machinery::Scheme;
use kapi_testing::ApiServer;
use kapi_testing::tracker::ObjectTracker;

/// This test's warnings start so, to tell them from any the scheme's own kinds give.
const MARK: &str = "test-warning:";

fn config_map_warnings(obj: &ConfigMap, old: Option<&ConfigMap>) -> Vec<String> {
    let mut out = vec![format!("{MARK} data has {} keys", obj.data.len())];
    if let Some(old) = old {
        out.push(format!("{MARK} data had {} keys", old.data.len()));
    }
    // Said twice, sent once.
    out.push(format!("{MARK} once"));
    out.push(format!("{MARK} once"));
    out
}

fn flow_schema_warnings(_: &FlowSchema, _: Option<&FlowSchema>) -> Vec<String> {
    vec![format!("{MARK} flow schema")]
}

fn flow_schema_status_warnings(obj: &FlowSchema, old: &FlowSchema) -> Vec<String> {
    let count = |f: &FlowSchema| f.status.conditions.len();
    vec![format!("{MARK} status conditions {} after {}", count(obj), count(old))]
}

fn cron_job_warnings(obj: &CronJob, _: Option<&CronJob>) -> Vec<String> {
    vec![format!("{MARK} schedule {}", obj.spec.schedule)]
}

fn scheme() -> Scheme {
    let mut scheme = kapi_api::scheme().unwrap();
    scheme.add_warnings_func(config_map_warnings);
    scheme.add_warnings_func(flow_schema_warnings);
    scheme.add_status_warnings_func(flow_schema_status_warnings);
    scheme.add_warnings_func(cron_job_warnings);
    scheme
}

fn server() -> ApiServer {
    let api = ApiServer::with_parts(ObjectTracker::new(), scheme());
    api.register_builtin();
    api
}

/// The status code and this test's warnings of a request.
async fn call(api: &ApiServer, method: Method, path: &str, content_type: &str, body: &str) -> (u16, Vec<String>) {
    let answer = http_support::call(api, method, path, content_type, body).await;
    (answer.code, answer.warnings.into_iter().filter(|w| w.contains(MARK)).collect())
}

fn header(text: &str) -> String {
    format!("299 - \"{MARK} {text}\"")
}

const JSON: &str = "application/json";
const CMS: &str = "/api/v1/namespaces/default/configmaps";

#[tokio::test]
async fn accepted_writes_carry_the_kinds_warnings() {
    let api = server();
    let cm = r#"{"apiVersion":"v1","kind":"ConfigMap","metadata":{"name":"c"},"data":{"a":"1"}}"#;
    // A dry run warns as the write would.
    let (code, w) = call(&api, Method::POST, &format!("{CMS}?dryRun=All"), JSON, cm).await;
    assert_eq!((code, w), (201, vec![header("data has 1 keys"), header("once")]));
    let (code, w) = call(&api, Method::POST, CMS, JSON, cm).await;
    assert_eq!((code, w), (201, vec![header("data has 1 keys"), header("once")]));

    // An update sees the stored object.
    let two = r#"{"apiVersion":"v1","kind":"ConfigMap","metadata":{"name":"c"},"data":{"a":"1","b":"2"}}"#;
    let (code, w) = call(&api, Method::PUT, &format!("{CMS}/c"), JSON, two).await;
    assert_eq!((code, w), (200, vec![header("data has 2 keys"), header("data had 1 keys"), header("once")]));

    // So do patches and server-side apply.
    let (code, w) =
        call(&api, Method::PATCH, &format!("{CMS}/c"), "application/merge-patch+json", r#"{"data":{"c":"3"}}"#).await;
    assert_eq!((code, w), (200, vec![header("data has 3 keys"), header("data had 2 keys"), header("once")]));
    let apply = "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: d\ndata:\n  x: hello\n";
    let path = format!("{CMS}/d?fieldManager=me");
    let (code, w) = call(&api, Method::PATCH, &path, "application/apply-patch+yaml", apply).await;
    assert_eq!((code, w), (201, vec![header("data has 1 keys"), header("once")]));

    // A refused write warns about nothing.
    let bad = r#"{"apiVersion":"v1","kind":"ConfigMap","metadata":{"name":"e"},"data":{"not a key":"1"}}"#;
    let (code, w) = call(&api, Method::POST, CMS, JSON, bad).await;
    assert_eq!((code, w), (422, vec![]));
}

#[tokio::test]
async fn status_writes_carry_the_status_warnings_only() {
    let api = server();
    let path = "/apis/flowcontrol.apiserver.k8s.io/v1/flowschemas";
    let fs = r#"{"apiVersion":"flowcontrol.apiserver.k8s.io/v1","kind":"FlowSchema","metadata":{"name":"f"},
        "spec":{"priorityLevelConfiguration":{"name":"global-default"},"matchingPrecedence":500}}"#;
    let (code, w) = call(&api, Method::POST, path, JSON, fs).await;
    assert_eq!((code, w), (201, vec![header("flow schema")]));
    // The status strategy's warnings, which see the stored object; not the main resource's.
    let status = r#"{"status":{"conditions":[{"type":"Disputed","status":"False"}]}}"#;
    let merge = "application/merge-patch+json";
    let (code, w) = call(&api, Method::PATCH, &format!("{path}/f/status"), merge, status).await;
    assert_eq!((code, w), (200, vec![header("status conditions 1 after 0")]));
    // A write to the main resource gets the kind's warnings, not the status strategy's.
    let (code, w) =
        call(&api, Method::PATCH, &format!("{path}/f"), merge, r#"{"spec":{"matchingPrecedence":600}}"#).await;
    assert_eq!((code, w), (200, vec![header("flow schema")]));
}

#[test]
fn another_version_gets_the_warnings_of_the_version_that_has_them() {
    let scheme = scheme();
    let job = kapi_api::batch::v1beta1::CronJob {
        spec: kapi_api::batch::v1beta1::CronJobSpec { schedule: "@hourly".into(), ..Default::default() },
        ..Default::default()
    };
    assert_eq!(
        scheme.warnings(&job, None).into_iter().filter(|w| w.starts_with(MARK)).collect::<Vec<_>>(),
        [format!("{MARK} schedule @hourly")]
    );
}
