//! CEL validation rules (`x-kubernetes-validations`) of custom resources in the test server: rules at the root, on fields, under `items` and `additionalProperties`; transition rules; `fieldPath`, `reason`, `messageExpression`; definitions whose rules do not compile.

use crate::http_support;
use crate::kubectl_support;

use std::sync::Arc;

use http::Method;
use kapi_machinery::json::value::{self, Value};
use kapi_testing::{ApiServer, TestServer};
use kubectl_support::{kubectl, kubectl_binary, kubectl_status};

const JSON: &str = "application/json";
const MERGE: &str = "application/merge-patch+json";
const CRDS: &str = "/apis/apiextensions.k8s.io/v1/customresourcedefinitions";
const WIDGETS: &str = "/apis/example.com/v1/namespaces/default/widgets";

/// A definition with rules at each kind of place, cheap enough for upstream's cost estimate:
/// `hosts` bounded, and a message expression without `string()` of a number (a string of
/// unknown length, whose concatenation the estimate prices without bound).
const CRD: &str = r#"{"apiVersion":"apiextensions.k8s.io/v1","kind":"CustomResourceDefinition",
"metadata":{"name":"widgets.example.com"},
"spec":{"group":"example.com","scope":"Namespaced",
 "names":{"plural":"widgets","singular":"widget","kind":"Widget"},
 "versions":[{"name":"v1","served":true,"storage":true,"subresources":{"status":{}},
  "schema":{"openAPIV3Schema":{"type":"object",
   "x-kubernetes-validations":[{"rule":"self.metadata.name.startsWith('w')","message":"names start with w"}],
   "properties":{
   "spec":{"type":"object",
    "x-kubernetes-validations":[
     {"rule":"self.replicas <= self.maxReplicas"},
     {"rule":"!has(self.mode) || self.mode != 'off' || self.replicas == 0","message":"an off widget has no replicas","fieldPath":".replicas"},
     {"rule":"self.replicas != 7","messageExpression":"self.replicas == 7 ? 'replicas 7 is unlucky' : 'replicas are unlucky'","reason":"FieldValueForbidden"}],
    "properties":{
     "replicas":{"type":"integer"},
     "maxReplicas":{"type":"integer"},
     "mode":{"type":"string"},
     "immutable":{"type":"string","x-kubernetes-validations":[{"rule":"self == oldSelf","message":"immutable is immutable"}]},
     "ports":{"type":"array","items":{"type":"integer","x-kubernetes-validations":[{"rule":"self > 0 && self < 65536","message":"ports are 1 to 65535"}]}},
     "servers":{"type":"array","x-kubernetes-list-type":"map","x-kubernetes-list-map-keys":["name"],
      "items":{"type":"object","x-kubernetes-validations":[{"rule":"self.size == oldSelf.size","message":"a server keeps its size"}],
       "required":["name"],"properties":{"name":{"type":"string"},"size":{"type":"integer"}}}},
     "labels":{"type":"object","additionalProperties":{"type":"string","x-kubernetes-validations":[{"rule":"self.size() <= 5"}]}},
     "quota":{"type":"string","x-kubernetes-validations":[{"rule":"isQuantity(self) && quantity(self).isLessThan(quantity('1Gi'))","message":"quota is a quantity below 1Gi"}]},
     "hosts":{"type":"array","maxItems":16,"items":{"type":"string","maxLength":253},"x-kubernetes-validations":[{"rule":"self.all(h, h.matches('^[a-z.]+$'))"},{"rule":"self.size() == 0 || self[0] != 'x'"}]}}},
   "status":{"type":"object","properties":{"phase":{"type":"string","x-kubernetes-validations":[{"rule":"self in ['Ready', 'Pending']"}]}}}}}}}]}}"#;

struct Reply {
    code: u16,
    body: Value,
}

impl Reply {
    fn message(&self) -> String {
        self.body.get("message").and_then(Value::as_str).unwrap_or_default().to_owned()
    }

    /// The `details.causes` as `(reason, field, message)`.
    fn causes(&self) -> Vec<(String, String, String)> {
        let Some(Value::Array(causes)) = self.body.get("details").and_then(|d| d.get("causes")) else {
            return Vec::new();
        };
        let s = |c: &Value, k: &str| c.get(k).and_then(Value::as_str).unwrap_or_default().to_owned();
        causes.iter().map(|c| (s(c, "reason"), s(c, "field"), s(c, "message"))).collect()
    }
}

async fn call(api: &ApiServer, method: Method, path: &str, content_type: &str, body: &str) -> Reply {
    let http_support::Answer { code, body: data, .. } = http_support::call(api, method, path, content_type, body).await;
    let body = value::parse(&data).unwrap_or(Value::String(String::from_utf8_lossy(&data).into_owned()));
    Reply { code, body }
}

async fn server_with_crd() -> Arc<ApiServer> {
    let api = Arc::new(ApiServer::new());
    api.register_builtin();
    let r = call(&api, Method::POST, CRDS, JSON, CRD).await;
    assert_eq!(r.code, 201, "{:?}", r.body);
    api
}

fn widget(name: &str, spec: &str) -> String {
    format!(r#"{{"apiVersion":"example.com/v1","kind":"Widget","metadata":{{"name":"{name}"}},"spec":{spec}}}"#)
}

/// `body` (a widget) naming the resourceVersion of the object `reply` carries.
fn with_resource_version(body: &str, reply: &Reply) -> String {
    let rv =
        reply.body.get("metadata").and_then(|m| m.get("resourceVersion")).and_then(Value::as_str).unwrap_or_default();
    body.replacen(r#""metadata":{"#, &format!(r#""metadata":{{"resourceVersion":"{rv}","#), 1)
}

async fn create(api: &ApiServer, name: &str, spec: &str) -> Reply {
    call(api, Method::POST, WIDGETS, JSON, &widget(name, spec)).await
}

#[tokio::test]
async fn objects_that_keep_the_rules_are_stored() {
    let api = server_with_crd().await;
    let spec = r#"{"replicas":2,"maxReplicas":3,"mode":"on","immutable":"x","ports":[80,443],
        "servers":[{"name":"a","size":1}],"labels":{"k":"short"},"quota":"512Mi","hosts":["a.example"]}"#;
    let r = create(&api, "w1", spec).await;
    assert_eq!(r.code, 201, "{:?}", r.body);
}

#[tokio::test]
async fn a_broken_rule_is_refused_with_upstreams_message() {
    let api = server_with_crd().await;
    let r = create(&api, "w1", r#"{"replicas":5,"maxReplicas":3}"#).await;
    assert_eq!(r.code, 422, "{:?}", r.body);
    assert_eq!(r.body.get("reason").and_then(Value::as_str), Some("Invalid"));
    assert_eq!(
        r.message(),
        r#"Widget.example.com "w1" is invalid: spec: Invalid value: "object": failed rule: self.replicas <= self.maxReplicas"#
    );
    assert_eq!(
        r.causes(),
        [(
            "FieldValueInvalid".to_owned(),
            "spec".to_owned(),
            r#"Invalid value: "object": failed rule: self.replicas <= self.maxReplicas"#.to_owned()
        )]
    );
}

#[tokio::test]
async fn every_failure_is_reported_at_its_place() {
    let api = server_with_crd().await;
    let spec = r#"{"replicas":7,"maxReplicas":9,"mode":"off","ports":[80,0,70000],
        "labels":{"ok":"a","bad":"toolong"},"quota":"2Gi","hosts":["x","UPPER"]}"#;
    let r = create(&api, "v1", spec).await;
    assert_eq!(r.code, 422, "{:?}", r.body);
    let fields: Vec<(String, String)> = r.causes().into_iter().map(|(_, f, m)| (f, m)).collect();
    let want: Vec<(String, String)> = [
        ("", r#"Invalid value: "object": names start with w"#),
        ("spec.replicas", r#"Invalid value: "object": an off widget has no replicas"#),
        ("spec", "Forbidden: replicas 7 is unlucky"),
        // Then the fields, in the stored (sorted) order of the members.
        ("spec.hosts", r#"Invalid value: "array": failed rule: self.all(h, h.matches('^[a-z.]+$'))"#),
        ("spec.hosts", r#"Invalid value: "array": failed rule: self.size() == 0 || self[0] != 'x'"#),
        ("spec.labels[bad]", r#"Invalid value: "string": failed rule: self.size() <= 5"#),
        ("spec.ports[1]", r#"Invalid value: "integer": ports are 1 to 65535"#),
        ("spec.ports[2]", r#"Invalid value: "integer": ports are 1 to 65535"#),
        ("spec.quota", r#"Invalid value: "string": quota is a quantity below 1Gi"#),
    ]
    .iter()
    .map(|(f, m)| ((*f).to_owned(), (*m).to_owned()))
    .collect();
    assert_eq!(fields, want);
}

#[tokio::test]
async fn a_transition_rule_makes_a_field_immutable() {
    let api = server_with_crd().await;
    let spec = r#"{"replicas":1,"maxReplicas":1,"immutable":"first","servers":[{"name":"a","size":1}]}"#;
    let created = create(&api, "w1", spec).await;
    assert_eq!(created.code, 201);
    // Changing it is refused, by update and by patch; other changes pass. The update names the
    // stored resourceVersion: custom resources' strategy refuses an unconditional one.
    let put = with_resource_version(
        &widget("w1", r#"{"replicas":1,"maxReplicas":1,"immutable":"second","servers":[{"name":"a","size":1}]}"#),
        &created,
    );
    let r = call(&api, Method::PUT, &format!("{WIDGETS}/w1"), JSON, &put).await;
    assert_eq!(r.code, 422, "{:?}", r.body);
    assert_eq!(
        r.message(),
        r#"Widget.example.com "w1" is invalid: spec.immutable: Invalid value: "string": immutable is immutable"#
    );
    let r = call(&api, Method::PATCH, &format!("{WIDGETS}/w1"), MERGE, r#"{"spec":{"immutable":"third"}}"#).await;
    assert_eq!(r.code, 422, "{:?}", r.body);
    let r = call(&api, Method::PATCH, &format!("{WIDGETS}/w1"), MERGE, r#"{"spec":{"replicas":0}}"#).await;
    assert_eq!(r.code, 200, "{:?}", r.body);
    // A field with no old value may be set: transition rules need an old value.
    let r = create(&api, "w2", r#"{"replicas":0,"maxReplicas":0}"#).await;
    assert_eq!(r.code, 201, "{:?}", r.body);
    let r = call(&api, Method::PATCH, &format!("{WIDGETS}/w2"), MERGE, r#"{"spec":{"immutable":"set later"}}"#).await;
    assert_eq!(r.code, 200, "{:?}", r.body);
}

#[tokio::test]
async fn items_of_a_map_list_are_compared_with_the_old_item_of_the_same_key() {
    let api = server_with_crd().await;
    let spec = r#"{"replicas":0,"maxReplicas":0,"servers":[{"name":"a","size":1},{"name":"b","size":2}]}"#;
    assert_eq!(create(&api, "w1", spec).await.code, 201);
    // Reordered, with a new item: each old item keeps its size; the new one has no old value.
    let patch = r#"{"spec":{"servers":[{"name":"b","size":2},{"name":"c","size":9},{"name":"a","size":1}]}}"#;
    let r = call(&api, Method::PATCH, &format!("{WIDGETS}/w1"), MERGE, patch).await;
    assert_eq!(r.code, 200, "{:?}", r.body);
    let patch = r#"{"spec":{"servers":[{"name":"b","size":2},{"name":"c","size":9},{"name":"a","size":5}]}}"#;
    let r = call(&api, Method::PATCH, &format!("{WIDGETS}/w1"), MERGE, patch).await;
    assert_eq!(r.code, 422, "{:?}", r.body);
    assert_eq!(
        r.causes().into_iter().map(|(_, f, m)| format!("{f}: {m}")).collect::<Vec<_>>(),
        [r#"spec.servers[2]: Invalid value: "object": a server keeps its size"#]
    );
}

#[tokio::test]
async fn status_rules_run_on_the_status_subresource() {
    let api = server_with_crd().await;
    let created = create(&api, "w1", r#"{"replicas":0,"maxReplicas":0}"#).await;
    assert_eq!(created.code, 201);
    let rv =
        created.body.get("metadata").and_then(|m| m.get("resourceVersion")).and_then(Value::as_str).unwrap_or_default();
    let status = |phase: &str| {
        format!(
            r#"{{"apiVersion":"example.com/v1","kind":"Widget","metadata":{{"name":"w1","resourceVersion":"{rv}"}},"spec":{{"replicas":0,"maxReplicas":0}},"status":{{"phase":"{phase}"}}}}"#
        )
    };
    let r = call(&api, Method::PUT, &format!("{WIDGETS}/w1/status"), JSON, &status("Broken")).await;
    assert_eq!(r.code, 422, "{:?}", r.body);
    assert_eq!(
        r.causes().into_iter().map(|(_, f, m)| format!("{f}: {m}")).collect::<Vec<_>>(),
        [r#"status.phase: Invalid value: "string": failed rule: self in ['Ready', 'Pending']"#]
    );
    let r = call(&api, Method::PUT, &format!("{WIDGETS}/w1/status"), JSON, &status("Ready")).await;
    assert_eq!(r.code, 200, "{:?}", r.body);
}

#[tokio::test]
async fn runtime_errors_and_cost_limits_are_reported() {
    let api = server_with_crd().await;
    let crd = CRD
        .replace("widgets.example.com", "gadgets.example.com")
        .replace(
            r#""plural":"widgets","singular":"widget","kind":"Widget""#,
            r#""plural":"gadgets","singular":"gadget","kind":"Gadget""#,
        )
        .replace(
            r#""rule":"self.replicas <= self.maxReplicas""#,
            r#""rule":"self.list.all(a, self.list.all(b, self.list.all(c, a + b + c >= 0)))""#,
        )
        .replace(
            r#""replicas":{"type":"integer"},"#,
            // Bounded so that upstream's estimate (about 9 × 100³) stays under its limit, while
            // a run over 100 items passes the per-call limit.
            r#""replicas":{"type":"integer"},"list":{"type":"array","maxItems":100,"items":{"type":"integer"}},"#,
        );
    let r = call(&api, Method::POST, CRDS, JSON, &crd).await;
    assert_eq!(r.code, 201, "{:?}", r.body);
    let gadgets = "/apis/example.com/v1/namespaces/default/gadgets";
    let list: Vec<String> = (0..100).map(|i| i.to_string()).collect();
    let body = format!(
        r#"{{"apiVersion":"example.com/v1","kind":"Gadget","metadata":{{"name":"w1"}},"spec":{{"replicas":0,"maxReplicas":0,"list":[{}]}}}}"#,
        list.join(",")
    );
    let started = std::time::Instant::now();
    let r = call(&api, Method::POST, gadgets, JSON, &body).await;
    assert!(started.elapsed() < std::time::Duration::from_secs(10));
    assert_eq!(r.code, 422, "{:?}", r.body);
    assert_eq!(
        r.causes().into_iter().map(|(_, f, m)| format!("{f}: {m}")).collect::<Vec<_>>(),
        [
            r#"spec: Invalid value: "object": 'operation cancelled: actual cost limit exceeded': no further validation rules will be run due to call cost exceeds limit for rule: self.list.all(a, self.list.all(b, self.list.all(c, a + b + c >= 0)))"#
        ]
    );
    // A missing field is a runtime error, reported with the rule.
    let body = r#"{"apiVersion":"example.com/v1","kind":"Gadget","metadata":{"name":"w2"},"spec":{"replicas":0}}"#;
    let r = call(&api, Method::POST, gadgets, JSON, body).await;
    assert_eq!(r.code, 422, "{:?}", r.body);
    assert_eq!(
        r.causes().into_iter().map(|(_, f, m)| format!("{f}: {m}")).collect::<Vec<_>>(),
        [
            r#"spec: Invalid value: "object": no such key: list evaluating rule: self.list.all(a, self.list.all(b, self.list.all(c, a + b + c >= 0)))"#
        ]
    );
}

#[tokio::test]
async fn a_definition_whose_rule_does_not_compile_is_refused() {
    let api = Arc::new(ApiServer::new());
    api.register_builtin();
    let bad = CRD
        .replace("self.replicas <= self.maxReplicas", "self.replicas <=")
        .replace("has(self.mode)", "has(self.mood)")
        .replace(r#""rule":"self > 0 && self < 65536""#, r#""rule":"self > 0 && frobnicate(self)""#);
    let r = call(&api, Method::POST, CRDS, JSON, &bad).await;
    assert_eq!(r.code, 422, "{:?}", r.body);
    assert_eq!(
        r.causes().into_iter().map(|(_, f, m)| format!("{f}: {m}")).collect::<Vec<_>>(),
        [
            r#"spec.validation.openAPIV3Schema.properties[spec].x-kubernetes-validations[0].rule: Invalid value: apiextensions.ValidationRule{Rule:"self.replicas <=", Message:"", MessageExpression:"", Reason:(*apiextensions.FieldValueErrorReason)(nil), FieldPath:"", OptionalOldSelf:(*bool)(nil)}: compilation failed: ERROR: <input>:1:17: Syntax error: mismatched input '<EOF>'"#,
            r#"spec.validation.openAPIV3Schema.properties[spec].x-kubernetes-validations[1].rule: Invalid value: apiextensions.ValidationRule{Rule:"!has(self.mood) || self.mode != 'off' || self.replicas == 0", Message:"an off widget has no replicas", MessageExpression:"", Reason:(*apiextensions.FieldValueErrorReason)(nil), FieldPath:".replicas", OptionalOldSelf:(*bool)(nil)}: compilation failed: ERROR: <input>:1:10: undefined field 'mood'"#,
            r#"spec.validation.openAPIV3Schema.properties[spec].properties[ports].items.x-kubernetes-validations[0].rule: Invalid value: apiextensions.ValidationRule{Rule:"self > 0 && frobnicate(self)", Message:"ports are 1 to 65535", MessageExpression:"", Reason:(*apiextensions.FieldValueErrorReason)(nil), FieldPath:"", OptionalOldSelf:(*bool)(nil)}: compilation failed: ERROR: <input>:1:23: undeclared reference to 'frobnicate' (in container '')"#,
        ]
    );
}

/// What a user sees: `kubectl apply` of an object that breaks a rule fails with the rule's
/// message.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn kubectl_apply_shows_the_rules_message() {
    let Some(bin) = kubectl_binary() else {
        eprintln!("kubectl not found (set KUBECTL to its path): nothing checked");
        return;
    };
    let api = server_with_crd().await;
    let server = TestServer::start(api.clone(), None).await.unwrap();
    let dir = std::env::temp_dir().join(format!("kapi-crd-cel-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let kc = dir.join("kubeconfig");
    std::fs::write(&kc, kapi_testing::kubeconfig(server.url())).unwrap();
    let good = widget("w1", r#"{"replicas":1,"maxReplicas":2}"#);
    kubectl(&bin, &kc, &["apply", "-f", "-"], Some(&good)).await;
    let bad = widget("w1", r#"{"replicas":3,"maxReplicas":2}"#);
    let (ok, _, stderr) = kubectl_status(&bin, &kc, &["apply", "-f", "-"], Some(&bad)).await;
    assert!(!ok);
    assert!(
        stderr.contains(
            r#"The Widget "w1" is invalid: spec: Invalid value: "object": failed rule: self.replicas <= self.maxReplicas"#
        ),
        "{stderr}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}
