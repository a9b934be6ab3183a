//! Writes to `status` and the other subresources over HTTP, as upstream's strategies and generic store answer them: what an apply owns of the metadata, deletion fields sent through status, dry run and validating admission of metadata-changing status writes, pods' `ephemeralcontainers` and `resize`, certificate requests' `approval`, namespaces' `finalize`, and a custom resource's `scale` written without a resource version.

use crate::http_support::{self, JsonReply as Reply};

use std::sync::Arc;

use http::Method;
use kapi_machinery::json::value::{self, Value};
use kapi_testing::ApiServer;

const JSON: &str = "application/json";
const MERGE: &str = "application/merge-patch+json";
const STRATEGIC: &str = "application/strategic-merge-patch+json";
const APPLY: &str = "application/apply-patch+yaml";
const PODS: &str = "/api/v1/namespaces/default/pods";
const DEPLOYMENTS: &str = "/apis/apps/v1/namespaces/default/deployments";
const SERVICES: &str = "/apis/apiregistration.k8s.io/v1/apiservices";
const CRDS: &str = "/apis/apiextensions.k8s.io/v1/customresourcedefinitions";
const WIDGETS: &str = "/apis/example.com/v1/namespaces/default/widgets";
const CSRS: &str = "/apis/certificates.k8s.io/v1/certificatesigningrequests";

impl Reply {
    /// The `fieldsV1` of `manager`'s entry, as compact JSON.
    fn owned_by(&self, manager: &str) -> String {
        let Some(Value::Array(entries)) = self.at(&["metadata", "managedFields"]) else {
            panic!("no managed fields: {:?}", self.body)
        };
        let entry = entries
            .iter()
            .find(|e| e.get("manager").and_then(Value::as_str) == Some(manager))
            .unwrap_or_else(|| panic!("no entry of {manager}: {entries:?}"));
        String::from_utf8(entry.get("fieldsV1").expect("fieldsV1").to_compact_vec()).unwrap()
    }
}

async fn call(api: &ApiServer, method: Method, path: &str, content_type: &str, body: &str) -> Reply {
    http_support::call_json(api, method, path, content_type, body).await
}

async fn get(api: &ApiServer, path: &str) -> Reply {
    call(api, Method::GET, path, JSON, "").await
}

fn server() -> Arc<ApiServer> {
    let api = Arc::new(ApiServer::new());
    api.register_builtin();
    api
}

async fn create(api: &ApiServer, path: &str, body: &str) -> Reply {
    let created = call(api, Method::POST, path, JSON, body).await;
    assert_eq!(created.code, 201, "{}", created.json());
    created
}

/// A local `APIService` (its status strategy calls `ResetObjectMetaForStatus`) labelled `a: 1`.
async fn create_api_service(api: &ApiServer) -> Reply {
    create(
        api,
        SERVICES,
        r#"{"apiVersion":"apiregistration.k8s.io/v1","kind":"APIService","metadata":{"name":"v1.example.org","labels":{"a":"1"}},
        "spec":{"group":"example.org","version":"v1","groupPriorityMinimum":1000,"versionPriority":15}}"#,
    )
    .await
}

/// A deployment `d` labelled `app: d` (its status strategy puts back the labels only).
async fn create_deployment(api: &ApiServer) -> Reply {
    create(
        api,
        DEPLOYMENTS,
        r#"{"apiVersion":"apps/v1","kind":"Deployment","metadata":{"name":"d","labels":{"app":"d"}},
        "spec":{"selector":{"matchLabels":{"app":"d"}},"template":{"metadata":{"labels":{"app":"d"}},
        "spec":{"containers":[{"name":"c","image":"busybox"}]}}}}"#,
    )
    .await
}

/// A pod `p` labelled `app: web` whose container `app` has a cpu limit.
async fn create_pod(api: &ApiServer) -> Reply {
    create(
        api,
        PODS,
        r#"{"apiVersion":"v1","kind":"Pod","metadata":{"name":"p","labels":{"app":"web"}},
        "spec":{"containers":[{"name":"app","image":"nginx","resources":{"limits":{"cpu":"500m"}}}]}}"#,
    )
    .await
}

/// Upstream's status strategies that call `ResetObjectMetaForStatus` list `metadata` whole among
/// their reset fields, and so does the definitions' (whose call keeps the body's metadata): a
/// status apply owns none of it, not even the members the strategy stores as sent
/// (`generateName`, a definition's labels).
#[tokio::test]
async fn a_status_apply_owns_no_metadata_where_the_strategy_resets_it() {
    let api = server();
    create_api_service(&api).await;
    let apply = r#"{"apiVersion":"apiregistration.k8s.io/v1","kind":"APIService",
        "metadata":{"name":"v1.example.org","generateName":"g-","labels":{"x":"1"},"annotations":{"y":"1"}},
        "status":{"conditions":[{"type":"Example","status":"True","lastTransitionTime":"2020-01-01T00:00:00Z","reason":"R","message":"m"}]}}"#;
    let path = format!("{SERVICES}/v1.example.org/status?fieldManager=ctl&force=true");
    let r = call(&api, Method::PATCH, &path, APPLY, apply).await;
    assert_eq!(r.code, 200, "{}", r.json());
    assert_eq!(r.at(&["metadata", "labels"]), Some(&value::parse(br#"{"a":"1"}"#).unwrap()));
    assert_eq!(r.at(&["metadata", "annotations"]), None);
    assert_eq!(r.text(&["metadata", "generateName"]), Some("g-"), "not reset by the strategy");
    let owned = r.owned_by("ctl");
    assert!(!owned.contains("f:metadata"), "{owned}");
    assert!(owned.contains(r#""k:{\"type\":\"Example\"}""#), "{owned}");

    let crd = r#"{"apiVersion":"apiextensions.k8s.io/v1","kind":"CustomResourceDefinition",
        "metadata":{"name":"widgets.example.com","labels":{"a":"1"}},
        "spec":{"group":"example.com","scope":"Namespaced","names":{"plural":"widgets","singular":"widget","kind":"Widget"},
        "versions":[{"name":"v1","served":true,"storage":true,
        "schema":{"openAPIV3Schema":{"type":"object","x-kubernetes-preserve-unknown-fields":true}}}]}}"#;
    create(&api, CRDS, crd).await;
    let apply = r#"{"apiVersion":"apiextensions.k8s.io/v1","kind":"CustomResourceDefinition",
        "metadata":{"name":"widgets.example.com","labels":{"a":"2"}},"status":{"storedVersions":["v1"]}}"#;
    let path = format!("{CRDS}/widgets.example.com/status?fieldManager=ctl&force=true");
    let r = call(&api, Method::PATCH, &path, APPLY, apply).await;
    assert_eq!(r.code, 200, "{}", r.json());
    assert_eq!(r.text(&["metadata", "labels", "a"]), Some("2"), "stored as sent");
    let owned = r.owned_by("ctl");
    assert!(!owned.contains("f:metadata"), "{owned}");
    assert!(owned.contains("f:storedVersions"), "{owned}");
}

/// Pods' `ephemeralcontainers` and `resize` strategies reset everything but what their include
/// filters match (`GetResetFieldsFilter`): a resize owns the resources it changes and nothing of
/// the metadata, which `ResetObjectMetaForStatus` puts back.
#[tokio::test]
async fn a_resize_owns_only_the_resources() {
    let api = server();
    create_pod(&api).await;
    let patch = r#"{"metadata":{"labels":{"z":"1"},"annotations":{"n":"1"}},
        "spec":{"containers":[{"name":"app","resources":{"limits":{"cpu":"1"}}}]}}"#;
    let r = call(&api, Method::PATCH, &format!("{PODS}/p/resize?fieldManager=scaler"), STRATEGIC, patch).await;
    assert_eq!(r.code, 200, "{}", r.json());
    assert_eq!(r.at(&["metadata", "labels"]), Some(&value::parse(br#"{"app":"web"}"#).unwrap()));
    assert_eq!(
        r.owned_by("scaler"),
        r#"{"f:spec":{"f:containers":{"k:{\"name\":\"app\"}":{"f:resources":{"f:limits":{"f:cpu":{}}}}}}}"#
    );
}

/// An apply through `resize` (a `PATCH` route, which takes apply as any patch route does) owns
/// what the resize strategy's include filter matches, and changes only the resources.
#[tokio::test]
async fn a_resize_takes_an_apply() {
    let api = server();
    create_pod(&api).await;
    let apply = r#"{"apiVersion":"v1","kind":"Pod","metadata":{"name":"p","labels":{"z":"1"}},
        "spec":{"containers":[{"name":"app","resources":{"limits":{"cpu":"1"}}}]}}"#;
    // The creator owns the limits: the apply takes them by force.
    let path = format!("{PODS}/p/resize?fieldManager=scaler&force=true");
    let r = call(&api, Method::PATCH, &path, APPLY, apply).await;
    assert_eq!(r.code, 200, "{}", r.json());
    assert_eq!(r.at(&["metadata", "labels"]), Some(&value::parse(br#"{"app":"web"}"#).unwrap()));
    let cpu = r.at(&["spec", "containers"]).and_then(|c| match c {
        Value::Array(c) => c[0].get("resources").and_then(|r| r.get("limits")).and_then(|l| l.get("cpu")).cloned(),
        _ => None,
    });
    assert_eq!(cpu, Some(Value::String("1".into())));
    assert_eq!(
        r.owned_by("scaler"),
        r#"{"f:spec":{"f:containers":{"k:{\"name\":\"app\"}":{"f:resources":{"f:limits":{"f:cpu":{}}}}}}}"#
    );
}

/// A deletion timestamp sent through `status` to an object not being deleted: a strategy that
/// keeps the body's metadata (a deployment's puts back its labels only) leaves it for
/// `BeforeUpdate`'s checks, which refuse it as immutable (`ValidateObjectMetaAccessorUpdate`; a
/// deployment's status validation runs the same check again, so upstream lists the cause once
/// from each); `ResetObjectMetaForStatus` puts the stored one (none) back, but not the grace
/// period; pods' status strategy clears it.
#[tokio::test]
async fn a_deletion_timestamp_sent_through_status() {
    let api = server();
    create_deployment(&api).await;
    let stamp = r#"{"metadata":{"deletionTimestamp":"2020-01-02T03:04:05Z"},"status":{"observedGeneration":1}}"#;
    let r = call(&api, Method::PATCH, &format!("{DEPLOYMENTS}/d/status"), MERGE, stamp).await;
    assert_eq!(r.code, 422, "{}", r.json());
    assert_eq!(
        r.text(&["message"]),
        Some(
            r#"Deployment.apps "d" is invalid: metadata.deletionTimestamp: Invalid value: 2020-01-02 03:04:05 +0000 UTC: field is immutable"#
        )
    );
    let expected = (
        "metadata.deletionTimestamp".to_owned(),
        "Invalid value: 2020-01-02 03:04:05 +0000 UTC: field is immutable".to_owned(),
    );
    let causes = r.causes();
    assert!(!causes.is_empty() && causes.iter().all(|c| *c == expected), "{causes:?}");
    let stored = get(&api, &format!("{DEPLOYMENTS}/d")).await;
    assert_eq!(stored.at(&["metadata", "deletionTimestamp"]), None);
    assert_eq!(stored.at(&["status", "observedGeneration"]), None);

    create_api_service(&api).await;
    let r = call(&api, Method::PATCH, &format!("{SERVICES}/v1.example.org/status"), MERGE, stamp).await;
    assert_eq!(r.code, 200, "{}", r.json());
    assert_eq!(r.at(&["metadata", "deletionTimestamp"]), None);
    let grace = r#"{"metadata":{"deletionGracePeriodSeconds":30}}"#;
    let r = call(&api, Method::PATCH, &format!("{SERVICES}/v1.example.org/status"), MERGE, grace).await;
    assert_eq!(r.code, 422, "{}", r.json());
    assert_eq!(
        r.text(&["message"]),
        Some(
            r#"APIService.apiregistration.k8s.io "v1.example.org" is invalid: metadata.deletionGracePeriodSeconds: Invalid value: 30: field is immutable"#
        )
    );

    // A namespace's status strategy keeps the body's metadata whole; its status validation
    // judges the phase against the deletion timestamp sent.
    create(&api, "/api/v1/namespaces", r#"{"apiVersion":"v1","kind":"Namespace","metadata":{"name":"ns"}}"#).await;
    let r = call(&api, Method::PATCH, "/api/v1/namespaces/ns/status", MERGE, stamp).await;
    assert_eq!(r.code, 422, "{}", r.json());
    assert_eq!(
        r.text(&["message"]),
        Some(
            r#"Namespace "ns" is invalid: [metadata.deletionTimestamp: Invalid value: 2020-01-02 03:04:05 +0000 UTC: field is immutable, status.Phase: Invalid value: "Active": may only be 'Terminating' if `deletionTimestamp` is not empty]"#
        )
    );
    assert_eq!(get(&api, "/api/v1/namespaces/ns").await.at(&["metadata", "deletionTimestamp"]), None);

    create_pod(&api).await;
    let r = call(&api, Method::PATCH, &format!("{PODS}/p/status"), MERGE, stamp).await;
    assert_eq!(r.code, 200, "{}", r.json());
    assert_eq!(r.at(&["metadata", "deletionTimestamp"]), None);
}

/// An update of the object itself is held to the same `BeforeUpdate` rule: a deletion timestamp
/// on an object not being deleted is immutable, and so is a grace period without one.
#[tokio::test]
async fn a_deletion_timestamp_sent_through_an_update() {
    let api = server();
    create_deployment(&api).await;
    let stamp = r#"{"metadata":{"deletionTimestamp":"2020-01-02T03:04:05Z"}}"#;
    let r = call(&api, Method::PATCH, &format!("{DEPLOYMENTS}/d"), MERGE, stamp).await;
    assert_eq!(r.code, 422, "{}", r.json());
    assert_eq!(
        r.text(&["message"]),
        Some(
            r#"Deployment.apps "d" is invalid: metadata.deletionTimestamp: Invalid value: 2020-01-02 03:04:05 +0000 UTC: field is immutable"#
        )
    );
    let grace = r#"{"metadata":{"deletionGracePeriodSeconds":30}}"#;
    let r = call(&api, Method::PATCH, &format!("{DEPLOYMENTS}/d"), MERGE, grace).await;
    assert_eq!(r.code, 422, "{}", r.json());
    assert_eq!(
        r.text(&["message"]),
        Some(
            r#"Deployment.apps "d" is invalid: metadata.deletionGracePeriodSeconds: Invalid value: 30: field is immutable"#
        )
    );
    assert_eq!(get(&api, &format!("{DEPLOYMENTS}/d")).await.at(&["metadata", "deletionTimestamp"]), None);
}

/// A dry-run status write answers the object as upstream's strategy leaves it (a deployment's
/// labels put back, its annotations taken; an API service's metadata put back) and stores
/// nothing.
#[tokio::test]
async fn a_dry_run_status_write_answers_the_strategy_s_metadata_and_stores_nothing() {
    let api = server();
    let created = create_deployment(&api).await;
    let patch = r#"{"metadata":{"labels":{"app":"changed"},"annotations":{"note":"from status"}},"status":{"observedGeneration":1}}"#;
    let r = call(&api, Method::PATCH, &format!("{DEPLOYMENTS}/d/status?dryRun=All"), MERGE, patch).await;
    assert_eq!(r.code, 200, "{}", r.json());
    assert_eq!(r.text(&["metadata", "labels", "app"]), Some("d"));
    assert_eq!(r.text(&["metadata", "annotations", "note"]), Some("from status"));
    let stored = get(&api, &format!("{DEPLOYMENTS}/d")).await;
    assert_eq!(stored.at(&["metadata", "annotations"]), None);
    assert_eq!(stored.at(&["metadata", "resourceVersion"]), created.at(&["metadata", "resourceVersion"]));

    let created = create_api_service(&api).await;
    let patch = r#"{"metadata":{"labels":{"a":"2"},"annotations":{"note":"x"}}}"#;
    let r = call(&api, Method::PATCH, &format!("{SERVICES}/v1.example.org/status?dryRun=All"), MERGE, patch).await;
    assert_eq!(r.code, 200, "{}", r.json());
    assert_eq!(r.text(&["metadata", "labels", "a"]), Some("1"));
    assert_eq!(r.at(&["metadata", "annotations"]), None);
    let stored = get(&api, &format!("{SERVICES}/v1.example.org")).await;
    assert_eq!(stored.at(&["metadata", "resourceVersion"]), created.at(&["metadata", "resourceVersion"]));
}

/// Validating admission runs after the status strategy (the generic store's `Update` calls it
/// after `BeforeUpdate`): a policy on `deployments/status` sees the labels put back and the
/// annotations the write sent.
#[tokio::test]
async fn a_validating_policy_sees_the_status_strategy_s_metadata() {
    let api = server();
    // The policy's namespace lookup needs the request's namespace.
    create(&api, "/api/v1/namespaces", r#"{"apiVersion":"v1","kind":"Namespace","metadata":{"name":"default"}}"#).await;
    create(
        &api,
        "/apis/admissionregistration.k8s.io/v1/validatingadmissionpolicies",
        r#"{"apiVersion":"admissionregistration.k8s.io/v1","kind":"ValidatingAdmissionPolicy","metadata":{"name":"p"},"spec":{
            "matchConstraints":{"resourceRules":[{"apiGroups":["apps"],"apiVersions":["v1"],"operations":["UPDATE"],"resources":["deployments/status"]}]},
            "validations":[{"expression":"false",
              "messageExpression":"'app=' + object.metadata.labels['app'] + ' note=' + object.metadata.annotations['note'] + ' old=' + (has(oldObject.metadata.annotations) ? 'some' : 'none')"}]}}"#,
    )
    .await;
    create(
        &api,
        "/apis/admissionregistration.k8s.io/v1/validatingadmissionpolicybindings",
        r#"{"apiVersion":"admissionregistration.k8s.io/v1","kind":"ValidatingAdmissionPolicyBinding","metadata":{"name":"b"},
            "spec":{"policyName":"p","validationActions":["Deny"]}}"#,
    )
    .await;
    create_deployment(&api).await;
    let patch = r#"{"metadata":{"labels":{"app":"changed"},"annotations":{"note":"from-status"}}}"#;
    let r = call(&api, Method::PATCH, &format!("{DEPLOYMENTS}/d/status"), MERGE, patch).await;
    assert_eq!(r.code, 422, "{}", r.json());
    assert_eq!(
        r.text(&["message"]),
        Some(
            r#"deployments.apps "d" is forbidden: ValidatingAdmissionPolicy 'p' with binding 'b' denied request: app=d note=from-status old=none"#
        )
    );
}

/// `ephemeralcontainers` and `resize` call `ResetObjectMetaForStatus`: the labels and
/// annotations a write sends are put back.
#[tokio::test]
async fn ephemeral_containers_and_resize_put_the_metadata_back() {
    let api = server();
    create_pod(&api).await;
    let patch = r#"{"metadata":{"labels":{"app":"x"},"annotations":{"n":"1"}},
        "spec":{"ephemeralContainers":[{"name":"debug","image":"busybox","targetContainerName":"app"}]}}"#;
    let r = call(&api, Method::PATCH, &format!("{PODS}/p/ephemeralcontainers"), STRATEGIC, patch).await;
    assert_eq!(r.code, 200, "{}", r.json());
    assert_eq!(first_name(&r), Some("debug"));
    assert_eq!(r.text(&["metadata", "labels", "app"]), Some("web"));
    assert_eq!(r.at(&["metadata", "annotations"]), None);

    let patch = r#"{"metadata":{"labels":{"app":"y"},"annotations":{"n":"2"}},
        "spec":{"containers":[{"name":"app","resources":{"limits":{"cpu":"1"}}}]}}"#;
    let r = call(&api, Method::PATCH, &format!("{PODS}/p/resize"), STRATEGIC, patch).await;
    assert_eq!(r.code, 200, "{}", r.json());
    let Some(Value::Array(containers)) = r.at(&["spec", "containers"]) else { panic!("{}", r.json()) };
    let cpu = containers[0].get("resources").and_then(|v| v.get("limits")).and_then(|v| v.get("cpu"));
    assert_eq!(cpu.and_then(Value::as_str), Some("1"));
    assert_eq!(r.text(&["metadata", "labels", "app"]), Some("web"));
    assert_eq!(r.at(&["metadata", "annotations"]), None);
}

/// The name of the first ephemeral container, read from the array.
fn first_name(r: &Reply) -> Option<&str> {
    match r.at(&["spec", "ephemeralContainers"]) {
        Some(Value::Array(items)) => items.first().and_then(|c| c.get("name")).and_then(Value::as_str),
        _ => None,
    }
}

/// The certificate request `approval` strategy puts back the spec and the status but for its
/// conditions, and a namespace's `finalize` strategy the status: the metadata a write sends is
/// stored.
#[tokio::test]
async fn approval_and_finalize_take_the_body_s_metadata() {
    let api = server();
    let mut request = Vec::new();
    kapi_machinery::base64::encode_into(crate::csr_support::CSR_PEM.as_bytes(), &mut request);
    let request = String::from_utf8(request).unwrap();
    create(
        &api,
        CSRS,
        &format!(
            r#"{{"apiVersion":"certificates.k8s.io/v1","kind":"CertificateSigningRequest","metadata":{{"name":"c","labels":{{"a":"1"}}}},
            "spec":{{"request":"{request}","signerName":"example.com/signer","usages":["client auth"]}}}}"#
        ),
    )
    .await;
    let patch = r#"{"metadata":{"labels":{"a":"2"},"annotations":{"n":"1"}},
        "status":{"conditions":[{"type":"Approved","status":"True","reason":"R"}]}}"#;
    let r = call(&api, Method::PATCH, &format!("{CSRS}/c/approval"), MERGE, patch).await;
    assert_eq!(r.code, 200, "{}", r.json());
    assert_eq!(r.text(&["metadata", "labels", "a"]), Some("2"));
    assert_eq!(r.text(&["metadata", "annotations", "n"]), Some("1"));
    assert_eq!(first_condition(&r), Some("Approved"));

    create(&api, "/api/v1/namespaces", r#"{"apiVersion":"v1","kind":"Namespace","metadata":{"name":"fin"}}"#).await;
    let put = r#"{"apiVersion":"v1","kind":"Namespace","metadata":{"name":"fin","labels":{"x":"1"},"annotations":{"n":"1"}},
        "spec":{"finalizers":["kubernetes","example.com/f"]}}"#;
    let r = call(&api, Method::PUT, "/api/v1/namespaces/fin/finalize", JSON, put).await;
    assert_eq!(r.code, 200, "{}", r.json());
    assert_eq!(r.text(&["metadata", "labels", "x"]), Some("1"));
    assert_eq!(r.text(&["metadata", "annotations", "n"]), Some("1"));
    assert_eq!(r.at(&["spec", "finalizers"]), Some(&value::parse(br#"["kubernetes","example.com/f"]"#).unwrap()));
}

/// The type of the first status condition, read from the array.
fn first_condition(r: &Reply) -> Option<&str> {
    match r.at(&["status", "conditions"]) {
        Some(Value::Array(items)) => items.first().and_then(|c| c.get("type")).and_then(Value::as_str),
        _ => None,
    }
}

/// apiextensions' `ScaleREST.Update` builds the object from a copy of the stored one and sets
/// the `Scale`'s resource version on it only when the `Scale` has one
/// (`scaleUpdatedObjectInfo.UpdatedObject`): a `scale` PUT without one is made against the
/// stored object, though the custom resource strategy refuses unconditional updates of the
/// object itself (`AllowUnconditionalUpdate` false).
#[tokio::test]
async fn a_custom_resource_scale_put_without_a_resource_version_is_applied() {
    let api = server();
    let crd = r#"{"apiVersion":"apiextensions.k8s.io/v1","kind":"CustomResourceDefinition",
        "metadata":{"name":"widgets.example.com"},
        "spec":{"group":"example.com","scope":"Namespaced","names":{"plural":"widgets","singular":"widget","kind":"Widget"},
        "versions":[{"name":"v1","served":true,"storage":true,
        "subresources":{"scale":{"specReplicasPath":".spec.replicas","statusReplicasPath":".status.replicas"}},
        "schema":{"openAPIV3Schema":{"type":"object","x-kubernetes-preserve-unknown-fields":true}}}]}}"#;
    create(&api, CRDS, crd).await;
    let created = create(
        &api,
        WIDGETS,
        r#"{"apiVersion":"example.com/v1","kind":"Widget","metadata":{"name":"w"},"spec":{"replicas":1}}"#,
    )
    .await;

    let scale = r#"{"apiVersion":"autoscaling/v1","kind":"Scale","metadata":{"name":"w","namespace":"default"},"spec":{"replicas":3}}"#;
    let r = call(&api, Method::PUT, &format!("{WIDGETS}/w/scale"), JSON, scale).await;
    assert_eq!(r.code, 200, "{}", r.json());
    assert_eq!(r.at(&["spec", "replicas"]), Some(&Value::Number("3".into())));
    let stored = get(&api, &format!("{WIDGETS}/w")).await;
    assert_eq!(stored.at(&["spec", "replicas"]), Some(&Value::Number("3".into())));
    assert_ne!(stored.at(&["metadata", "resourceVersion"]), created.at(&["metadata", "resourceVersion"]));

    // A stale one is a conflict.
    let stale = format!(
        r#"{{"apiVersion":"autoscaling/v1","kind":"Scale","metadata":{{"name":"w","namespace":"default","resourceVersion":"{}"}},"spec":{{"replicas":4}}}}"#,
        created.text(&["metadata", "resourceVersion"]).unwrap()
    );
    assert_eq!(call(&api, Method::PUT, &format!("{WIDGETS}/w/scale"), JSON, &stale).await.code, 409);

    // The object itself without one is refused.
    let put = r#"{"apiVersion":"example.com/v1","kind":"Widget","metadata":{"name":"w"},"spec":{"replicas":5}}"#;
    let r = call(&api, Method::PUT, &format!("{WIDGETS}/w"), JSON, put).await;
    assert_eq!(r.code, 422, "{}", r.json());
    assert_eq!(
        r.text(&["message"]),
        Some(
            r#"widgets.example.com "w" is invalid: metadata.resourceVersion: Invalid value: 0: must be specified for an update"#
        )
    );
}
