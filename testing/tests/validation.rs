//! Object validation in the test server: `422 Invalid` with upstream's message and causes on create, update, patch, server-side apply and dry runs, and updates relaxed by what the stored object already had.

use std::sync::Arc;

use kapi_api::admissionregistration::v1::{
    SideEffectClass, ValidatingWebhook, ValidatingWebhookApplyConfiguration, ValidatingWebhookConfiguration,
    ValidatingWebhookConfigurationApplyConfiguration, WebhookClientConfig,
};
use kapi_api::meta::v1::{ApplyOptions, CreateOptions, GetOptions, ObjectMeta, PatchOptions, UpdateOptions};
use kapi_client::{Client, Config, ContentType, Patch, Transport};
use kapi_testing::{ApiServer, TestServer};

const SIDE_EFFECTS: &str =
    r#"webhooks[0].sideEffects: Unsupported value: "Sometimes": supported values: "None", "NoneOnDryRun""#;
const TIMEOUT: &str =
    "webhooks[0].timeoutSeconds: Invalid value: 31: the timeout value must be between 1 and 30 seconds";

async fn http_client() -> (Client, Arc<ApiServer>, TestServer) {
    let server = Arc::new(ApiServer::new());
    kapi_client::clientset::register_all(&server).unwrap();
    let test = TestServer::start(server.clone(), None).await.unwrap();
    let mut config = Config::new(test.url()).unwrap();
    config.retry.max_retries = 0;
    let transport = Arc::new(Transport::new(&config).unwrap());
    let client = Client::new(transport, test.url()).unwrap().with_content_type(ContentType::Json);
    (client, server, test)
}

fn config(name: &str, side_effects: &str, timeout: Option<i32>) -> ValidatingWebhookConfiguration {
    ValidatingWebhookConfiguration {
        metadata: ObjectMeta { name: name.into(), ..Default::default() },
        webhooks: vec![ValidatingWebhook {
            name: "hook.example.com".into(),
            client_config: WebhookClientConfig { url: Some("https://hook.example.com/".into()), ..Default::default() },
            side_effects: Some(SideEffectClass(side_effects.into())),
            timeout_seconds: timeout,
            admission_review_versions: Some(vec!["v1".into()]),
            ..Default::default()
        }],
        ..Default::default()
    }
}

/// The code, reason, message and `(type, field, message)` of each cause of a status error.
fn invalid(e: &kapi_client::Error) -> (u16, String, String, Vec<(String, String, String)>) {
    let s = e.status().unwrap_or_else(|| panic!("a status error, got {e}"));
    let causes = s
        .status
        .details
        .as_ref()
        .map(|d| d.causes.iter().map(|c| (c.r#type.0.clone(), c.field.clone(), c.message.clone())).collect())
        .unwrap_or_default();
    (s.code, s.status.reason.0.clone(), s.status.message.clone(), causes)
}

#[tokio::test]
async fn create_answers_invalid_with_every_cause() {
    let (client, _server, _test) = http_client().await;
    let api = client.api::<ValidatingWebhookConfiguration>();
    let err = api.create(&config("bad", "Sometimes", Some(31)), &CreateOptions::default()).await.unwrap_err();
    let (code, reason, message, causes) = invalid(&err);
    assert_eq!((code, reason.as_str()), (422, "Invalid"));
    assert_eq!(
        message,
        format!(
            r#"ValidatingWebhookConfiguration.admissionregistration.k8s.io "bad" is invalid: [{SIDE_EFFECTS}, {TIMEOUT}]"#
        )
    );
    assert_eq!(
        causes,
        [
            (
                "FieldValueNotSupported".to_owned(),
                "webhooks[0].sideEffects".to_owned(),
                r#"Unsupported value: "Sometimes": supported values: "None", "NoneOnDryRun""#.to_owned()
            ),
            (
                "FieldValueInvalid".to_owned(),
                "webhooks[0].timeoutSeconds".to_owned(),
                "Invalid value: 31: the timeout value must be between 1 and 30 seconds".to_owned()
            ),
        ]
    );
    let details = err.status().unwrap().status.details.clone().unwrap();
    assert_eq!(
        (details.name.as_str(), details.group.as_str(), details.kind.as_str()),
        ("bad", "admissionregistration.k8s.io", "ValidatingWebhookConfiguration")
    );
    // Nothing was stored.
    assert_eq!(api.get("bad", &GetOptions::default()).await.unwrap_err().status().unwrap().code, 404);
}

#[tokio::test]
async fn metadata_and_object_errors_come_together() {
    let (client, _server, _test) = http_client().await;
    let api = client.api::<ValidatingWebhookConfiguration>();
    let err = api.create(&config("Bad_Name", "Sometimes", None), &CreateOptions::default()).await.unwrap_err();
    let (code, _, _, causes) = invalid(&err);
    assert_eq!(code, 422);
    let fields: Vec<&str> = causes.iter().map(|c| c.1.as_str()).collect();
    assert_eq!(fields, ["metadata.name", "webhooks[0].sideEffects"]);
}

#[tokio::test]
async fn dry_runs_are_validated() {
    let (client, _server, _test) = http_client().await;
    let api = client.api::<ValidatingWebhookConfiguration>();
    let dry = CreateOptions { dry_run: vec!["All".into()], ..Default::default() };
    let err = api.create(&config("bad", "Sometimes", None), &dry).await.unwrap_err();
    assert_eq!(
        invalid(&err).2,
        format!(r#"ValidatingWebhookConfiguration.admissionregistration.k8s.io "bad" is invalid: {SIDE_EFFECTS}"#)
    );
    api.create(&config("good", "None", None), &dry).await.unwrap();
}

#[tokio::test]
async fn updates_patches_and_applies_are_validated() {
    let (client, _server, _test) = http_client().await;
    let api = client.api::<ValidatingWebhookConfiguration>();
    let stored = api.create(&config("hooks", "None", None), &CreateOptions::default()).await.unwrap();

    let mut changed = stored.clone();
    changed.webhooks[0].timeout_seconds = Some(31);
    let err = api.update(&changed, &UpdateOptions::default()).await.unwrap_err();
    assert_eq!(invalid(&err).3.len(), 1);
    assert!(invalid(&err).2.ends_with(TIMEOUT), "{}", invalid(&err).2);

    let merge = Patch::Merge(br#"{"webhooks":[{"name":"hook.example.com","sideEffects":"Sometimes"}]}"#.to_vec());
    let err = api.patch("hooks", &merge, &PatchOptions::default()).await.unwrap_err();
    assert!(invalid(&err).2.contains(SIDE_EFFECTS), "{}", invalid(&err).2);

    let strategic = Patch::StrategicMerge(br#"{"webhooks":[{"name":"hook.example.com","timeoutSeconds":0}]}"#.to_vec());
    let err = api.patch("hooks", &strategic, &PatchOptions::default()).await.unwrap_err();
    assert!(invalid(&err).2.contains("webhooks[0].timeoutSeconds: Invalid value: 0"), "{}", invalid(&err).2);

    let apply = ValidatingWebhookConfigurationApplyConfiguration::new("hooks").with_webhooks([
        ValidatingWebhookApplyConfiguration::default().with_name("hook.example.com").with_side_effects("Sometimes"),
    ]);
    let opts = ApplyOptions { field_manager: "tester".into(), force: true, ..Default::default() };
    let err = api.apply(&apply, &opts).await.unwrap_err();
    assert!(invalid(&err).2.contains(SIDE_EFFECTS), "{}", invalid(&err).2);

    // The stored object is unchanged by the refused writes; a valid update goes through.
    let live = api.get("hooks", &GetOptions::default()).await.unwrap();
    assert_eq!(live.webhooks[0].side_effects.as_ref().unwrap().0, "None");
    assert_eq!(live.webhooks[0].timeout_seconds, Some(10));
    let mut ok = live.clone();
    ok.webhooks[0].timeout_seconds = Some(30);
    api.update(&ok, &UpdateOptions::default()).await.unwrap();
}

#[tokio::test]
async fn updates_keep_what_older_servers_accepted() {
    let (client, server, _test) = http_client().await;
    let api = client.api::<ValidatingWebhookConfiguration>();
    // Stored as an older server would have: `sideEffects: Some` is no longer accepted on create.
    server.set_validation(false);
    let stored = api.create(&config("legacy", "Some", None), &CreateOptions::default()).await.unwrap();
    server.set_validation(true);
    let err = api.create(&config("fresh", "Some", None), &CreateOptions::default()).await.unwrap_err();
    assert_eq!(invalid(&err).0, 422);
    // The stored webhook already had side effects, so an update may keep them.
    let mut changed = stored.clone();
    changed.webhooks[0].timeout_seconds = Some(5);
    let updated = api.update(&changed, &UpdateOptions::default()).await.unwrap();
    assert_eq!(updated.webhooks[0].timeout_seconds, Some(5));
}

/// Rules generated from upstream's `+k8s:` tags run in the server too: a binding without a policy
/// name or actions is `422 Invalid` with both `Required value` causes, and an update that leaves
/// the stored object's fields as they were is not refused for them.
#[tokio::test]
async fn declarative_validation_answers_invalid() {
    use kapi_api::admissionregistration::v1::{
        ValidatingAdmissionPolicyBinding, ValidatingAdmissionPolicyBindingSpec, ValidationAction,
    };
    let (client, _server, _test) = http_client().await;
    let api = client.api::<ValidatingAdmissionPolicyBinding>();
    let binding = |policy: &str, actions: &[&str]| ValidatingAdmissionPolicyBinding {
        metadata: ObjectMeta { name: "b".into(), ..Default::default() },
        spec: ValidatingAdmissionPolicyBindingSpec {
            policy_name: policy.into(),
            validation_actions: actions.iter().map(|a| ValidationAction((*a).into())).collect(),
            ..Default::default()
        },
        ..Default::default()
    };
    let err = api.create(&binding("", &[]), &CreateOptions::default()).await.unwrap_err();
    let (code, reason, message, causes) = invalid(&err);
    assert_eq!((code, reason.as_str()), (422, "Invalid"));
    assert_eq!(
        message,
        r#"ValidatingAdmissionPolicyBinding.admissionregistration.k8s.io "b" is invalid: [spec.policyName: Required value, spec.validationActions: Required value]"#
    );
    assert_eq!(
        causes,
        [
            ("FieldValueRequired".to_owned(), "spec.policyName".to_owned(), "Required value".to_owned()),
            ("FieldValueRequired".to_owned(), "spec.validationActions".to_owned(), "Required value".to_owned()),
        ]
    );
    let stored = api.create(&binding("policy", &["Deny"]), &CreateOptions::default()).await.unwrap();
    let mut cleared = stored.clone();
    cleared.spec.policy_name.clear();
    let err = api.update(&cleared, &UpdateOptions::default()).await.unwrap_err();
    assert_eq!(
        invalid(&err).3,
        [("FieldValueRequired".to_owned(), "spec.policyName".to_owned(), "Required value".to_owned())]
    );
}

/// A deployment whose template carries `app: web` and whose selector asks for `app`.
fn deployment(name: &str, app: &str) -> kapi_api::apps::v1::Deployment {
    use kapi_api::apps::v1::{Deployment, DeploymentSpec};
    use kapi_api::core::v1::{Container, PodSpec, PodTemplateSpec};
    use kapi_api::meta::v1::LabelSelector;
    let labels = |v: &str| [("app".to_owned(), v.to_owned())].into_iter().collect();
    Deployment {
        metadata: ObjectMeta { name: name.into(), namespace: "default".into(), ..Default::default() },
        spec: DeploymentSpec {
            selector: Some(LabelSelector { match_labels: labels(app), ..Default::default() }),
            template: PodTemplateSpec {
                metadata: ObjectMeta { labels: labels("web"), ..Default::default() },
                spec: PodSpec {
                    containers: Some(vec![Container {
                        name: "web".into(),
                        image: "nginx".into(),
                        ..Default::default()
                    }]),
                    ..Default::default()
                },
            },
            ..Default::default()
        },
        ..Default::default()
    }
}

#[tokio::test]
async fn deployments_whose_selector_misses_the_template_are_refused() {
    let (client, _server, _test) = http_client().await;
    let api = client.namespaced::<kapi_api::apps::v1::Deployment>("default");
    let err = api.create(&deployment("web", "api"), &CreateOptions::default()).await.unwrap_err();
    let (code, reason, message, causes) = invalid(&err);
    assert_eq!((code, reason.as_str()), (422, "Invalid"));
    assert_eq!(
        message,
        r#"Deployment.apps "web" is invalid: spec.template.metadata.labels: Invalid value: {"app":"web"}: `selector` does not match template `labels`"#
    );
    assert_eq!(
        causes,
        [(
            "FieldValueInvalid".to_owned(),
            "spec.template.metadata.labels".to_owned(),
            r#"Invalid value: {"app":"web"}: `selector` does not match template `labels`"#.to_owned()
        )]
    );
    // The same deployment with a matching selector is defaulted, validated and stored; its
    // selector may not change afterwards.
    let stored = api.create(&deployment("web", "web"), &CreateOptions::default()).await.unwrap();
    let mut moved = stored.clone();
    moved.spec.selector.as_mut().unwrap().match_labels.insert("tier".into(), "front".into());
    moved.spec.template.metadata.labels.insert("tier".into(), "front".into());
    let err = api.update(&moved, &UpdateOptions::default()).await.unwrap_err();
    assert_eq!(
        invalid(&err).3,
        [(
            "FieldValueInvalid".to_owned(),
            "spec.selector".to_owned(),
            r#"Invalid value: {"matchLabels":{"app":"web","tier":"front"}}: field is immutable"#.to_owned()
        )]
    );
}
