//! How the admission policy dispatcher picks policies, bindings and parameters, as k8s.io/apiserver's `policy/generic` does.

use std::sync::Arc;

use kapi_api::admissionregistration::v1::{ValidatingAdmissionPolicy, ValidatingAdmissionPolicyBinding};
use kapi_api::core::v1::Secret;
use kapi_api::meta::v1::{CreateOptions, ObjectMeta, Status};
use kapi_client::clientset::Clientset;
use kapi_client::{Client, Config, Transport};
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

/// A validating policy on creates of `resource` in the core group, denying when `expression`
/// is false, bound once per `bindings` entry (`name`, the rest of the binding's spec).
async fn validating(cs: &Clientset, name: &str, spec: &str, resource: &str, bindings: &[(&str, &str)]) {
    let policy: ValidatingAdmissionPolicy = from(&format!(
        r#"{{"metadata":{{"name":"{name}"}},"spec":{{{spec}
            "matchConstraints":{{"resourceRules":[{{"apiGroups":[""],"apiVersions":["v1"],"operations":["CREATE"],"resources":["{resource}"]}}]}},
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

fn meta(name: &str) -> ObjectMeta {
    ObjectMeta { name: name.into(), ..Default::default() }
}

async fn create_secret(cs: &Clientset, ns: &str, name: &str) -> Result<(), Status> {
    let secret = Secret { metadata: meta(name), ..Default::default() };
    match cs.core_v1().secrets(ns).create(&secret, &CreateOptions::default()).await {
        Ok(_) => Ok(()),
        Err(e) => Err(e.status().unwrap().status.clone()),
    }
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
        "secrets",
        &[("both-binding", r#""paramRef":{"name":"p","selector":{},"parameterNotFoundAction":"Allow"},"#)],
    )
    .await;
    let st = create_secret(&cs, "default", "s").await.unwrap_err();
    let why = "policy 'both' with binding 'both-binding' denied request: failed to configure binding: \
               paramRef.name and paramRef.selector are mutually exclusive";
    assert_eq!(said(&st), (403, "Forbidden", why));

    cs.admissionregistration_v1().validating_admission_policies().delete("both", &Default::default()).await.unwrap();
    validating(
        &cs,
        "neither",
        r#""paramKind":{"apiVersion":"v1","kind":"ConfigMap"},"#,
        "secrets",
        &[("neither-binding", r#""paramRef":{"parameterNotFoundAction":"Allow"},"#)],
    )
    .await;
    let st = create_secret(&cs, "default", "s").await.unwrap_err();
    let why = "policy 'neither' with binding 'neither-binding' denied request: failed to configure binding: \
               one of name or selector must be provided";
    assert_eq!(said(&st), (403, "Forbidden", why));
}
