//! How the admission policy dispatcher picks policies, bindings and parameters, as k8s.io/apiserver's `policy/generic` does.

use std::sync::Arc;

use kapi_api::admissionregistration::v1::{
    MutatingAdmissionPolicy, MutatingAdmissionPolicyBinding, ValidatingAdmissionPolicy,
    ValidatingAdmissionPolicyBinding,
};
use kapi_api::apiextensions::v1::CustomResourceDefinition;
use kapi_api::core::v1::{ConfigMap, Secret};
use kapi_api::meta::v1::{CreateOptions, ObjectMeta, Status};
use kapi_client::clientset::Clientset;
use kapi_client::dynamic::{ApiResource, DynamicApi, DynamicObject};
use kapi_client::{Client, Config, Transport};
use kapi_testing::server::AdmissionPlugins;
use kapi_testing::{ApiServer, TestServer};

async fn cluster() -> (Clientset, Arc<ApiServer>, TestServer) {
    let server = Arc::new(ApiServer::new());
    server.register_builtin();
    let test = TestServer::start(server.clone(), None).await.unwrap();
    let mut config = Config::new(test.url()).unwrap();
    config.retry.max_retries = 0;
    let client = Client::new(Arc::new(Transport::new(&config).unwrap()), test.url()).unwrap();
    (Clientset::new(client), server, test)
}

fn from<T: kapi_machinery::json::JsonDecode + Default>(json: &str) -> T {
    kapi_machinery::json::from_slice(json.as_bytes()).unwrap()
}

/// A validating policy that denies whatever it matches (`spec`: the rest of its spec, its
/// `matchConstraints` by default those of creates of secrets), bound once per `bindings` entry
/// (`name`, the rest of the binding's spec).
async fn validating(cs: &Clientset, name: &str, spec: &str, bindings: &[(&str, &str)]) {
    let constraints = if spec.contains("matchConstraints") { "" } else { SECRETS };
    let policy: ValidatingAdmissionPolicy = from(&format!(
        r#"{{"metadata":{{"name":"{name}"}},"spec":{{{spec}{constraints}
            "validations":[{{"expression":"false","message":"{name} denies"}}]}}}}"#
    ));
    let api = cs.admissionregistration_v1();
    api.validating_admission_policies().create(&policy, &CreateOptions::default()).await.unwrap();
    for (bname, rest) in bindings {
        let binding: ValidatingAdmissionPolicyBinding = from(&format!(
            r#"{{"metadata":{{"name":"{bname}"}},"spec":{{"policyName":"{name}",{rest}"validationActions":["Deny"]}}}}"#
        ));
        api.validating_admission_policy_bindings().create(&binding, &CreateOptions::default()).await.unwrap();
    }
}

/// A mutating policy on creates of config maps labelling them `key=value`, bound once per
/// `bindings` entry.
async fn mutating(cs: &Clientset, name: &str, spec: &str, key: &str, bindings: &[(&str, &str)]) {
    let policy: MutatingAdmissionPolicy = from(&format!(
        r#"{{"metadata":{{"name":"{name}"}},"spec":{{{spec}
            "matchConstraints":{{"resourceRules":[{{"apiGroups":[""],"apiVersions":["v1"],"operations":["CREATE"],"resources":["configmaps"]}}]}},
            "reinvocationPolicy":"Never",
            "mutations":[{{"patchType":"ApplyConfiguration","applyConfiguration":{{"expression":"Object{{metadata: Object.metadata{{labels: {{'{key}': 'yes'}}}}}}"}}}}]}}}}"#
    ));
    let api = cs.admissionregistration_v1();
    api.mutating_admission_policies().create(&policy, &CreateOptions::default()).await.unwrap();
    for (bname, rest) in bindings {
        let binding: MutatingAdmissionPolicyBinding =
            from(&format!(r#"{{"metadata":{{"name":"{bname}"}},"spec":{{{rest}"policyName":"{name}"}}}}"#));
        api.mutating_admission_policy_bindings().create(&binding, &CreateOptions::default()).await.unwrap();
    }
}

const SECRETS: &str = r#""matchConstraints":{"resourceRules":[{"apiGroups":[""],"apiVersions":["v1"],"operations":["CREATE"],"resources":["secrets"]}]},"#;

/// Horizontal pod autoscalers in `default`, through autoscaling `version`.
fn hpas(cs: &Clientset, version: &str) -> DynamicApi {
    let resource = ApiResource {
        group: "autoscaling".into(),
        version: version.into(),
        kind: "HorizontalPodAutoscaler".into(),
        resource: "horizontalpodautoscalers".into(),
        namespaced: true,
    };
    DynamicApi::namespaced(cs.client(), &resource, "default").unwrap()
}

/// An autoscaler in autoscaling `version` (`v1` or `v2`).
fn hpa(version: &str, name: &str) -> DynamicObject {
    DynamicObject::from_json(
        format!(
            r#"{{"apiVersion":"autoscaling/{version}","kind":"HorizontalPodAutoscaler","metadata":{{"name":"{name}"}},
                "spec":{{"scaleTargetRef":{{"apiVersion":"apps/v1","kind":"Deployment","name":"web"}},"maxReplicas":2}}}}"#
        )
        .as_bytes(),
    )
    .unwrap()
}

fn meta(name: &str) -> ObjectMeta {
    ObjectMeta { name: name.into(), ..Default::default() }
}

async fn create_secret(cs: &Clientset, ns: &str, name: &str, labels: &[(&str, &str)]) -> Result<(), Status> {
    let mut secret = Secret { metadata: meta(name), ..Default::default() };
    secret.metadata.labels = labels.iter().map(|(k, v)| (k.to_string(), v.to_string())).collect();
    match cs.core_v1().secrets(ns).create(&secret, &CreateOptions::default()).await {
        Ok(_) => Ok(()),
        Err(e) => Err(e.status().unwrap().status.clone()),
    }
}

async fn create_cm(cs: &Clientset, ns: &str, cm: ConfigMap) -> Result<ConfigMap, Status> {
    cs.core_v1()
        .config_maps(ns)
        .create(&cm, &CreateOptions::default())
        .await
        .map_err(|e| e.status().unwrap().status.clone())
}

/// The code, reason and message of a refusal.
fn said(st: &Status) -> (i32, &str, &str) {
    (st.code, st.reason.0.as_str(), st.message.as_str())
}

#[tokio::test]
async fn a_param_ref_with_both_or_neither_name_and_selector_is_a_configuration_error() {
    let (cs, server, _test) = cluster().await;
    // Validation refuses such bindings on write.
    server.set_validation(false);
    validating(
        &cs,
        "both",
        r#""paramKind":{"apiVersion":"v1","kind":"ConfigMap"},"#,
        &[("both-binding", r#""paramRef":{"name":"p","selector":{},"parameterNotFoundAction":"Allow"},"#)],
    )
    .await;
    let st = create_secret(&cs, "default", "s", &[]).await.unwrap_err();
    let why = "policy 'both' with binding 'both-binding' denied request: failed to configure binding: \
               paramRef.name and paramRef.selector are mutually exclusive";
    assert_eq!(said(&st), (403, "Forbidden", why));

    cs.admissionregistration_v1().validating_admission_policies().delete("both", &Default::default()).await.unwrap();
    validating(
        &cs,
        "neither",
        r#""paramKind":{"apiVersion":"v1","kind":"ConfigMap"},"#,
        &[("neither-binding", r#""paramRef":{"parameterNotFoundAction":"Allow"},"#)],
    )
    .await;
    let st = create_secret(&cs, "default", "s", &[]).await.unwrap_err();
    let why = "policy 'neither' with binding 'neither-binding' denied request: failed to configure binding: \
               one of name or selector must be provided";
    assert_eq!(said(&st), (403, "Forbidden", why));
}

#[tokio::test]
async fn a_request_in_a_namespace_that_does_not_exist_is_not_found_once_a_policy_applies() {
    let (cs, server, _test) = cluster().await;
    // NamespaceLifecycle refuses such a create first, with the same words.
    let mut plugins = AdmissionPlugins::default();
    plugins.set("NamespaceLifecycle", false).unwrap();
    server.set_admission_plugins(plugins);
    let missing = "namespaces \"nowhere\" not found";

    // The validating side reads the namespace for each binding that matches, parameters or not.
    validating(
        &cs,
        "no-param",
        r#""paramKind":{"apiVersion":"v1","kind":"ConfigMap"},"#,
        &[("no-param-binding", r#""paramRef":{"name":"absent","parameterNotFoundAction":"Allow"},"#)],
    )
    .await;
    let st = create_secret(&cs, "nowhere", "s", &[]).await.unwrap_err();
    assert_eq!(said(&st), (404, "NotFound", missing));
    let details = st.details.unwrap();
    assert_eq!((details.kind.as_str(), details.name.as_str()), ("namespaces", "nowhere"));

    // The mutating side only once it has something to invoke.
    mutating(
        &cs,
        "no-param",
        r#""paramKind":{"apiVersion":"v1","kind":"ConfigMap"},"#,
        "unused",
        &[("no-param-binding", r#""paramRef":{"name":"absent","parameterNotFoundAction":"Allow"},"#)],
    )
    .await;
    create_cm(&cs, "nowhere", ConfigMap { metadata: meta("c1"), ..Default::default() }).await.unwrap();
    mutating(&cs, "tagger", "", "tagged", &[("tagger-binding", "")]).await;
    let st = create_cm(&cs, "nowhere", ConfigMap { metadata: meta("c2"), ..Default::default() }).await.unwrap_err();
    assert_eq!(said(&st), (404, "NotFound", missing));

    // A namespace that exists is the policy's `namespaceObject`.
    let ns: kapi_api::core::v1::Namespace = from(r#"{"metadata":{"name":"here","labels":{"team":"a"}}}"#);
    cs.core_v1().namespaces().create(&ns, &CreateOptions::default()).await.unwrap();
    let cm = create_cm(&cs, "here", ConfigMap { metadata: meta("c3"), ..Default::default() }).await.unwrap();
    assert_eq!(cm.metadata.labels.get("tagged").map(String::as_str), Some("yes"));
}

#[tokio::test]
async fn selectors_are_read_before_rules_and_their_errors_kept_until_the_rules_match() {
    let (cs, server, _test) = cluster().await;
    // Validation refuses a selector that does not parse on write.
    server.set_validation(false);
    validating(
        &cs,
        "picky",
        r#""matchConstraints":{"resourceRules":[{"apiGroups":[""],"apiVersions":["v1"],"operations":["CREATE"],"resources":["secrets"]}],
            "namespaceSelector":{"matchExpressions":[{"key":"team","operator":"Bogus"}]},
            "objectSelector":{"matchLabels":{"pick":"yes"}}},"#,
        &[("picky-binding", "")],
    )
    .await;
    // The object selector does not match: the namespace selector's error is dropped.
    create_secret(&cs, "default", "unlabelled", &[]).await.unwrap();
    // It matches, and so do the rules: the error is the policy's.
    let st = create_secret(&cs, "default", "labelled", &[("pick", "yes")]).await.unwrap_err();
    let why = "policy \"picky\" denied request: failed to configure policy: Internal error occurred: \
               \"Bogus\" is not a valid label selector operator";
    assert_eq!(said(&st), (403, "Forbidden", why));
}

#[tokio::test]
async fn a_binding_matches_the_request_as_it_came_with_its_own_match_policy() {
    let (cs, _server, _test) = cluster().await;
    // The policy names autoscaling/v2 (and sees a v1 request converted to it); the binding
    // names v1 exactly, which the request is.
    let rules = |version: &str| {
        format!(
            r#"{{"resourceRules":[{{"apiGroups":["autoscaling"],"apiVersions":["{version}"],"operations":["CREATE"],"resources":["horizontalpodautoscalers"]}}]"#
        )
    };
    validating(
        &cs,
        "hpa",
        &format!(r#""matchConstraints":{}}},"#, rules("v2")),
        &[("hpa-binding", &format!(r#""matchResources":{},"matchPolicy":"Exact"}},"#, rules("v1")))],
    )
    .await;
    let st = hpas(&cs, "v1")
        .create(&hpa("v1", "h"), &CreateOptions::default())
        .await
        .unwrap_err()
        .status()
        .unwrap()
        .status
        .clone();
    let why = "horizontalpodautoscalers.autoscaling \"h\" is forbidden: ValidatingAdmissionPolicy 'hpa' with binding \
               'hpa-binding' denied request: hpa denies";
    assert_eq!(said(&st), (422, "Invalid", why));
}

#[tokio::test]
async fn mutating_policies_are_matched_on_the_object_as_it_came() {
    let (cs, _server, _test) = cluster().await;
    mutating(&cs, "a-tag", "", "tagged", &[("a-tag-binding", "")]).await;
    // Its binding would match once the first policy has tagged the object, were it matched
    // after that.
    mutating(
        &cs,
        "b-follow",
        "",
        "followed",
        &[("b-follow-binding", r#""matchResources":{"objectSelector":{"matchLabels":{"tagged":"yes"}}},"#)],
    )
    .await;
    let cm = create_cm(&cs, "default", ConfigMap { metadata: meta("c"), ..Default::default() }).await.unwrap();
    let labels: Vec<_> = cm.metadata.labels.keys().map(String::as_str).collect();
    assert_eq!(labels, ["tagged"]);
}

#[tokio::test]
async fn mutating_policies_write_back_once_from_the_last_version_they_ran_in() {
    let (cs, _server, _test) = cluster().await;
    // Each policy labels horizontal pod autoscalers, the first seeing them as autoscaling/v2,
    // the second as autoscaling/v1; upstream converts each version from the request's object
    // and writes back only the last one's.
    for (name, version) in [("a-v2", "v2"), ("b-v1", "v1")] {
        let policy: MutatingAdmissionPolicy = from(&format!(
            r#"{{"metadata":{{"name":"{name}"}},"spec":{{
                "matchConstraints":{{"resourceRules":[{{"apiGroups":["autoscaling"],"apiVersions":["{version}"],"operations":["CREATE"],"resources":["horizontalpodautoscalers"]}}]}},
                "reinvocationPolicy":"Never",
                "mutations":[{{"patchType":"ApplyConfiguration","applyConfiguration":{{"expression":"Object{{metadata: Object.metadata{{labels: {{'{name}': 'yes'}}}}}}"}}}}]}}}}"#
        ));
        let api = cs.admissionregistration_v1();
        api.mutating_admission_policies().create(&policy, &CreateOptions::default()).await.unwrap();
        let binding: MutatingAdmissionPolicyBinding =
            from(&format!(r#"{{"metadata":{{"name":"{name}-binding"}},"spec":{{"policyName":"{name}"}}}}"#));
        api.mutating_admission_policy_bindings().create(&binding, &CreateOptions::default()).await.unwrap();
    }
    let created = hpas(&cs, "v1").create(&hpa("v1", "h1"), &CreateOptions::default()).await.unwrap();
    assert_eq!(labels_of(&created), ["b-v1"]);
    // Through v2 too: b-v1 runs last, on v1 converted from the request's object.
    let created = hpas(&cs, "v2").create(&hpa("v2", "h2"), &CreateOptions::default()).await.unwrap();
    assert_eq!(labels_of(&created), ["b-v1"]);
}

fn labels_of(o: &DynamicObject) -> Vec<String> {
    o.metadata.labels.keys().cloned().collect()
}

#[tokio::test]
async fn a_failed_conversion_is_a_configuration_error_once_a_binding_matches() {
    let (cs, _server, _test) = cluster().await;
    // Gadgets are stored as v1; v2 is converted by a webhook nobody serves.
    let crd: CustomResourceDefinition = from(
        r#"{"metadata":{"name":"gadgets.example.com"},"spec":{"group":"example.com","scope":"Namespaced",
            "names":{"plural":"gadgets","singular":"gadget","kind":"Gadget"},
            "conversion":{"strategy":"Webhook","webhook":{"conversionReviewVersions":["v1"],
                "clientConfig":{"url":"https://127.0.0.1:1/convert"}}},
            "versions":[
                {"name":"v1","served":true,"storage":true,"schema":{"openAPIV3Schema":{"type":"object","x-kubernetes-preserve-unknown-fields":true}}},
                {"name":"v2","served":true,"storage":false,"schema":{"openAPIV3Schema":{"type":"object","x-kubernetes-preserve-unknown-fields":true}}}]}}"#,
    );
    cs.apiextensions_v1().custom_resource_definitions().create(&crd, &CreateOptions::default()).await.unwrap();
    let v2 = r#""matchConstraints":{"resourceRules":[{"apiGroups":["example.com"],"apiVersions":["v2"],"operations":["CREATE"],"resources":["gadgets"]}]},"#;
    // A binding that does not match: nothing is converted.
    validating(
        &cs,
        "gadgets",
        v2,
        &[("gadgets-binding", r#""matchResources":{"objectSelector":{"matchLabels":{"check":"yes"}}},"#)],
    )
    .await;
    let gadgets = DynamicApi::namespaced(
        cs.client(),
        &ApiResource {
            group: "example.com".into(),
            version: "v1".into(),
            kind: "Gadget".into(),
            resource: "gadgets".into(),
            namespaced: true,
        },
        "default",
    )
    .unwrap();
    let gadget = |name: &str, labels: &str| {
        DynamicObject::from_json(
            format!(r#"{{"apiVersion":"example.com/v1","kind":"Gadget","metadata":{{"name":"{name}","labels":{{{labels}}}}}}}"#)
                .as_bytes(),
        )
        .unwrap()
    };
    gadgets.create(&gadget("g1", ""), &CreateOptions::default()).await.unwrap();
    let st = gadgets
        .create(&gadget("g2", r#""check":"yes""#), &CreateOptions::default())
        .await
        .unwrap_err()
        .status()
        .unwrap()
        .status
        .clone();
    // The converter's own words after the prefix are kapi's (upstream's name the webhook).
    let why = "policy 'gadgets' with binding 'gadgets-binding' denied request: failed to configure binding: \
               failed to convert object version: ";
    assert_eq!((st.code, st.reason.0.as_str()), (403, "Forbidden"));
    assert!(st.message.starts_with(why), "{}", st.message);
}

/// A custom resource written in one version reaches a policy on another through its
/// definition's conversion (`None`: only `apiVersion` changes), as upstream's codec converts it;
/// the scheme, which knows no custom kinds, cannot.
#[tokio::test]
async fn a_custom_resource_is_converted_for_a_policy_on_another_version() {
    let (cs, _server, _test) = cluster().await;
    let crd: CustomResourceDefinition = from(
        r#"{"metadata":{"name":"widgets.example.com"},"spec":{"group":"example.com","scope":"Namespaced",
            "names":{"plural":"widgets","singular":"widget","kind":"Widget"},
            "versions":[
                {"name":"v1","served":true,"storage":true,"schema":{"openAPIV3Schema":{"type":"object","x-kubernetes-preserve-unknown-fields":true}}},
                {"name":"v2","served":true,"storage":false,"schema":{"openAPIV3Schema":{"type":"object","x-kubernetes-preserve-unknown-fields":true}}}]}}"#,
    );
    cs.apiextensions_v1().custom_resource_definitions().create(&crd, &CreateOptions::default()).await.unwrap();
    let v2 = r#""matchConstraints":{"resourceRules":[{"apiGroups":["example.com"],"apiVersions":["v2"],"operations":["CREATE"],"resources":["widgets"]}]},"#;
    validating(&cs, "widgets", v2, &[("widgets-binding", "")]).await;
    let widgets = DynamicApi::namespaced(
        cs.client(),
        &ApiResource {
            group: "example.com".into(),
            version: "v1".into(),
            kind: "Widget".into(),
            resource: "widgets".into(),
            namespaced: true,
        },
        "default",
    )
    .unwrap();
    let widget =
        DynamicObject::from_json(br#"{"apiVersion":"example.com/v1","kind":"Widget","metadata":{"name":"w"}}"#)
            .unwrap();
    let st = widgets.create(&widget, &CreateOptions::default()).await.unwrap_err().status().unwrap().status.clone();
    let why = "widgets.example.com \"w\" is forbidden: ValidatingAdmissionPolicy 'widgets' with binding \
               'widgets-binding' denied request: widgets denies";
    assert_eq!(said(&st), (422, "Invalid", why));
}
