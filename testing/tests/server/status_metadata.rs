//! What a `status` write may change of the object's metadata, per resource, as upstream's status strategies decide: pods' labels, annotations and finalizers but not their owner references, deployments' annotations but not their labels, definitions' labels, API services' and custom resources' nothing; the metadata checks see what the write changes, and a write that empties a deleting object's finalizers deletes it.

use crate::http_support::{self, JsonReply as Reply};

use std::sync::Arc;

use http::Method;
use kapi_machinery::json::value::{self, Value};
use kapi_testing::ApiServer;

const JSON: &str = "application/json";
const MERGE: &str = "application/merge-patch+json";
const APPLY: &str = "application/apply-patch+yaml";
const PODS: &str = "/api/v1/namespaces/default/pods";
const DEPLOYMENTS: &str = "/apis/apps/v1/namespaces/default/deployments";
const WIDGETS: &str = "/apis/example.com/v1/namespaces/default/widgets";

const OWNER: &str =
    r#"{"apiVersion":"v1","kind":"ConfigMap","name":"owner","uid":"6a1c3e32-0000-4000-8000-000000000001"}"#;

impl Reply {
    /// The owner references' names.
    fn owners(&self) -> Vec<String> {
        match self.at(&["metadata", "ownerReferences"]) {
            Some(Value::Array(refs)) => {
                refs.iter().filter_map(|r| r.get("name").and_then(Value::as_str).map(str::to_owned)).collect()
            }
            _ => Vec::new(),
        }
    }
}

async fn call(api: &ApiServer, method: Method, path: &str, content_type: &str, body: &str) -> Reply {
    http_support::call_json(api, method, path, content_type, body).await
}

fn server() -> Arc<ApiServer> {
    let api = Arc::new(ApiServer::new());
    api.register_builtin();
    api
}

/// Creates pod `name` with label `a: 1`, an owner reference and `finalizers`.
async fn create_pod(api: &ApiServer, name: &str, finalizers: &str) -> Reply {
    let pod = format!(
        r#"{{"apiVersion":"v1","kind":"Pod","metadata":{{"name":"{name}","labels":{{"a":"1"}},"ownerReferences":[{OWNER}],"finalizers":{finalizers}}},"spec":{{"containers":[{{"name":"c","image":"busybox"}}]}}}}"#
    );
    let created = call(api, Method::POST, PODS, JSON, &pod).await;
    assert_eq!(created.code, 201, "{:?}", created.body);
    created
}

/// `podStatusStrategy.PrepareForUpdate` puts back the spec and the owner references only: a
/// `pods/status` write changes the labels and annotations it sends (kubelets' status manager
/// relies on it for nothing, but upstream stores them).
#[tokio::test]
async fn a_pod_status_write_changes_labels_and_annotations_but_not_owner_references() {
    let api = server();
    create_pod(&api, "p", "[]").await;
    let patch = r#"{"metadata":{"labels":{"a":"2"},"annotations":{"note":"from status"},
        "ownerReferences":[{"apiVersion":"v1","kind":"ConfigMap","name":"other","uid":"6a1c3e32-0000-4000-8000-000000000002"}]},
        "spec":{"activeDeadlineSeconds":5},"status":{"message":"written"}}"#;
    let r = call(&api, Method::PATCH, &format!("{PODS}/p/status"), MERGE, patch).await;
    assert_eq!(r.code, 200, "{:?}", r.body);
    assert_eq!(r.text(&["metadata", "labels", "a"]), Some("2"));
    assert_eq!(r.text(&["metadata", "annotations", "note"]), Some("from status"));
    assert_eq!(r.owners(), ["owner"], "the owner references are put back");
    assert_eq!(r.at(&["spec", "activeDeadlineSeconds"]), None, "the spec is put back");
    assert_eq!(r.text(&["status", "message"]), Some("written"));

    // A PUT of the whole object: the same, and the system fields stay as stored.
    let mut put = r.body.clone();
    let uid = r.text(&["metadata", "uid"]).map(str::to_owned);
    let created = r.text(&["metadata", "creationTimestamp"]).map(str::to_owned);
    let mut metadata = put.get("metadata").cloned().expect("the answer's metadata");
    set(&mut metadata, "labels", r#"{"b":"3"}"#);
    set(&mut metadata, "creationTimestamp", r#""2001-01-01T00:00:00Z""#);
    set(&mut metadata, "generation", "7");
    set(&mut put, "metadata", &String::from_utf8(metadata.to_compact_vec()).unwrap());
    let r =
        call(&api, Method::PUT, &format!("{PODS}/p/status"), JSON, &String::from_utf8(put.to_compact_vec()).unwrap())
            .await;
    assert_eq!(r.code, 200, "{:?}", r.body);
    assert_eq!(r.at(&["metadata", "labels"]), Some(&value::parse(br#"{"b":"3"}"#).unwrap()));
    assert_eq!(r.text(&["metadata", "uid"]).map(str::to_owned), uid);
    assert_eq!(r.text(&["metadata", "creationTimestamp"]).map(str::to_owned), created);
    assert_eq!(r.at(&["metadata", "generation"]), Some(&Value::Number("1".into())));
}

/// `deploymentStatusStrategy.PrepareForUpdate` puts back the spec and the labels: the
/// annotations a status write sends are stored (without bumping the generation, which only the
/// main resource's strategy does).
#[tokio::test]
async fn a_deployment_status_write_changes_annotations_but_not_labels() {
    let api = server();
    let deployment = r#"{"apiVersion":"apps/v1","kind":"Deployment","metadata":{"name":"d","labels":{"app":"d"}},
        "spec":{"selector":{"matchLabels":{"app":"d"}},"template":{"metadata":{"labels":{"app":"d"}},
        "spec":{"containers":[{"name":"c","image":"busybox"}]}}}}"#;
    let created = call(&api, Method::POST, DEPLOYMENTS, JSON, deployment).await;
    assert_eq!(created.code, 201, "{:?}", created.body);
    let patch = r#"{"metadata":{"labels":{"app":"changed"},"annotations":{"note":"from status"}},"status":{"observedGeneration":1}}"#;
    let r = call(&api, Method::PATCH, &format!("{DEPLOYMENTS}/d/status"), MERGE, patch).await;
    assert_eq!(r.code, 200, "{:?}", r.body);
    assert_eq!(r.text(&["metadata", "labels", "app"]), Some("d"), "the labels are put back");
    assert_eq!(r.text(&["metadata", "annotations", "note"]), Some("from status"));
    assert_eq!(r.at(&["metadata", "generation"]), Some(&Value::Number("1".into())));
    assert_eq!(r.at(&["status", "observedGeneration"]), Some(&Value::Number("1".into())));
}

/// The custom resource status strategy copies the stored object over the new one but for its
/// status: nothing of the metadata changes.
#[tokio::test]
async fn a_custom_resource_status_write_changes_only_the_status() {
    let api = server();
    let crd = r#"{"apiVersion":"apiextensions.k8s.io/v1","kind":"CustomResourceDefinition",
        "metadata":{"name":"widgets.example.com"},
        "spec":{"group":"example.com","scope":"Namespaced","names":{"plural":"widgets","singular":"widget","kind":"Widget"},
        "versions":[{"name":"v1","served":true,"storage":true,"subresources":{"status":{}},
        "schema":{"openAPIV3Schema":{"type":"object","x-kubernetes-preserve-unknown-fields":true}}}]}}"#;
    let r = call(&api, Method::POST, "/apis/apiextensions.k8s.io/v1/customresourcedefinitions", JSON, crd).await;
    assert_eq!(r.code, 201, "{:?}", r.body);
    let widget =
        r#"{"apiVersion":"example.com/v1","kind":"Widget","metadata":{"name":"w","labels":{"a":"1"}},"spec":{}}"#;
    assert_eq!(call(&api, Method::POST, WIDGETS, JSON, widget).await.code, 201);
    let patch = r#"{"metadata":{"labels":{"a":"2"},"annotations":{"note":"x"},"finalizers":["example.com/f"]},"status":{"phase":"Ready"}}"#;
    let r = call(&api, Method::PATCH, &format!("{WIDGETS}/w/status"), MERGE, patch).await;
    assert_eq!(r.code, 200, "{:?}", r.body);
    assert_eq!(r.text(&["status", "phase"]), Some("Ready"));
    assert_eq!(r.text(&["metadata", "labels", "a"]), Some("1"));
    assert_eq!(r.at(&["metadata", "annotations"]), None);
    assert_eq!(r.at(&["metadata", "finalizers"]), None);
}

/// The custom resource definition status strategy calls `ResetObjectMetaForStatus` with the
/// new object's metadata on both sides, which resets nothing: a status write changes a
/// definition's labels. kube-aggregator's `APIService` status strategy puts back the labels,
/// annotations, finalizers and owner references by name.
#[tokio::test]
async fn a_definition_status_write_changes_labels_and_an_api_service_s_does_not() {
    let api = server();
    let crd = r#"{"apiVersion":"apiextensions.k8s.io/v1","kind":"CustomResourceDefinition",
        "metadata":{"name":"widgets.example.com","labels":{"a":"1"}},
        "spec":{"group":"example.com","scope":"Namespaced","names":{"plural":"widgets","singular":"widget","kind":"Widget"},
        "versions":[{"name":"v1","served":true,"storage":true,
        "schema":{"openAPIV3Schema":{"type":"object","x-kubernetes-preserve-unknown-fields":true}}}]}}"#;
    let crds = "/apis/apiextensions.k8s.io/v1/customresourcedefinitions";
    assert_eq!(call(&api, Method::POST, crds, JSON, crd).await.code, 201);
    let patch = r#"{"metadata":{"labels":{"a":"2"},"annotations":{"note":"x"}},"spec":{"scope":"Cluster"}}"#;
    let r = call(&api, Method::PATCH, &format!("{crds}/widgets.example.com/status"), MERGE, patch).await;
    assert_eq!(r.code, 200, "{:?}", r.body);
    assert_eq!(r.text(&["metadata", "labels", "a"]), Some("2"));
    assert_eq!(r.text(&["metadata", "annotations", "note"]), Some("x"));
    assert_eq!(r.text(&["spec", "scope"]), Some("Namespaced"));

    let services = "/apis/apiregistration.k8s.io/v1/apiservices";
    let local = r#"{"apiVersion":"apiregistration.k8s.io/v1","kind":"APIService","metadata":{"name":"v1.example.org","labels":{"a":"1"}},
        "spec":{"group":"example.org","version":"v1","groupPriorityMinimum":1000,"versionPriority":15}}"#;
    let created = call(&api, Method::POST, services, JSON, local).await;
    assert_eq!(created.code, 201, "{:?}", created.body);
    let r = call(&api, Method::PATCH, &format!("{services}/v1.example.org/status"), MERGE, patch).await;
    assert_eq!(r.code, 200, "{:?}", r.body);
    assert_eq!(r.text(&["metadata", "labels", "a"]), Some("1"));
    assert_eq!(r.at(&["metadata", "annotations"]), None);
}

/// The metadata a status write takes is validated as an update of the main resource's is:
/// upstream's `BeforeUpdate` runs `ValidateObjectMetaAccessor` and its update checks on it.
#[tokio::test]
async fn metadata_errors_through_a_pod_status_write() {
    let api = server();
    create_pod(&api, "p", "[]").await;
    let r =
        call(&api, Method::PATCH, &format!("{PODS}/p/status"), MERGE, r#"{"metadata":{"labels":{"a":"not valid!"}}}"#)
            .await;
    assert_eq!(r.code, 422, "{:?}", r.body);
    let causes = r.causes();
    assert_eq!(causes.len(), 1, "{causes:?}");
    assert_eq!(causes[0].0, "metadata.labels");
    assert!(causes[0].1.starts_with(r#"Invalid value: "not valid!": a valid label must be"#), "{causes:?}");

    // A deleting pod takes no new finalizer through its status either.
    create_pod(&api, "q", r#"["example.com/keep"]"#).await;
    let deleted = call(&api, Method::DELETE, &format!("{PODS}/q"), JSON, "").await;
    assert_eq!(deleted.code, 200, "{:?}", deleted.body);
    let patch = r#"{"metadata":{"finalizers":["example.com/keep","example.com/new"]}}"#;
    let r = call(&api, Method::PATCH, &format!("{PODS}/q/status"), MERGE, patch).await;
    assert_eq!(r.code, 422, "{:?}", r.body);
    assert_eq!(
        r.causes(),
        [(
            "metadata.finalizers".to_owned(),
            r#"Forbidden: no new finalizers can be added if the object is being deleted, found new finalizers []string{"example.com/new"}"#
                .to_owned()
        )]
    );
}

/// A status write that empties a deleting pod's finalizers deletes it, as upstream's generic
/// store `Update` does for any update.
#[tokio::test]
async fn emptying_a_deleting_pods_finalizers_through_status_deletes_it() {
    let api = server();
    create_pod(&api, "p", r#"["example.com/keep"]"#).await;
    let deleted = call(&api, Method::DELETE, &format!("{PODS}/p"), JSON, "").await;
    assert_eq!(deleted.code, 200, "{:?}", deleted.body);
    assert!(deleted.at(&["metadata", "deletionTimestamp"]).is_some(), "{:?}", deleted.body);
    assert_eq!(call(&api, Method::GET, &format!("{PODS}/p"), JSON, "").await.code, 200);

    let r = call(&api, Method::PATCH, &format!("{PODS}/p/status"), MERGE, r#"{"metadata":{"finalizers":null}}"#).await;
    assert_eq!(r.code, 200, "{:?}", r.body);
    assert_eq!(call(&api, Method::GET, &format!("{PODS}/p"), JSON, "").await.code, 404);
}

/// A status apply owns the metadata members the status strategy takes from the body (upstream's
/// reset fields leave them out): a pod's labels, and none of a deployment's labels, which are
/// put back.
#[tokio::test]
async fn a_status_apply_owns_the_metadata_it_may_change() {
    let api = server();
    create_pod(&api, "p", "[]").await;
    let apply = r#"{"apiVersion":"v1","kind":"Pod","metadata":{"name":"p","labels":{"applied":"yes"}},"status":{"message":"m"}}"#;
    let r = call(&api, Method::PATCH, &format!("{PODS}/p/status?fieldManager=kubelet"), APPLY, apply).await;
    assert_eq!(r.code, 200, "{:?}", r.body);
    assert_eq!(r.text(&["metadata", "labels", "applied"]), Some("yes"));
    let fields = owned_by(&r, "kubelet");
    assert!(fields.contains(r#""f:labels":{"f:applied":{}}"#), "{fields}");
    assert!(fields.contains(r#""f:message":{}"#), "{fields}");

    let deployment = r#"{"apiVersion":"apps/v1","kind":"Deployment","metadata":{"name":"d","labels":{"app":"d"}},
        "spec":{"selector":{"matchLabels":{"app":"d"}},"template":{"metadata":{"labels":{"app":"d"}},
        "spec":{"containers":[{"name":"c","image":"busybox"}]}}}}"#;
    assert_eq!(call(&api, Method::POST, DEPLOYMENTS, JSON, deployment).await.code, 201);
    let apply = r#"{"apiVersion":"apps/v1","kind":"Deployment","metadata":{"name":"d","labels":{"applied":"yes"},"annotations":{"note":"n"}},"status":{"replicas":0}}"#;
    let r = call(&api, Method::PATCH, &format!("{DEPLOYMENTS}/d/status?fieldManager=controller"), APPLY, apply).await;
    assert_eq!(r.code, 200, "{:?}", r.body);
    assert_eq!(r.at(&["metadata", "labels", "applied"]), None, "the labels are put back");
    assert_eq!(r.text(&["metadata", "annotations", "note"]), Some("n"));
    let fields = owned_by(&r, "controller");
    assert!(!fields.contains("f:labels"), "{fields}");
    assert!(fields.contains(r#""f:annotations":{"f:note":{}}"#), "{fields}");
}

/// The `fieldsV1` of `manager`'s entry, as compact JSON.
fn owned_by(r: &Reply, manager: &str) -> String {
    let Some(Value::Array(entries)) = r.at(&["metadata", "managedFields"]) else {
        panic!("no managed fields: {:?}", r.body)
    };
    let entry = entries
        .iter()
        .find(|e| e.get("manager").and_then(Value::as_str) == Some(manager))
        .unwrap_or_else(|| panic!("no entry of {manager}: {entries:?}"));
    String::from_utf8(entry.get("fieldsV1").expect("fieldsV1").to_compact_vec()).unwrap()
}

/// Sets member `key` of an object value to the JSON `json`.
fn set(v: &mut Value, key: &str, json: &str) {
    let new = value::parse(json.as_bytes()).unwrap();
    if let Value::Object(members) = v {
        match members.iter_mut().find(|(k, _)| k == key) {
            Some((_, old)) => *old = new,
            None => members.push((key.to_owned(), new)),
        }
    }
}
