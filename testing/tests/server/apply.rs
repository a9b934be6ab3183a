//! Server-side apply with generated apply configurations: what the server stores and records for the manager, and the extraction of the manager's configuration back from the stored object.

use std::sync::Arc;

use kapi_api::admissionregistration::v1::{
    MutatingWebhookApplyConfiguration, MutatingWebhookConfiguration, MutatingWebhookConfigurationApplyConfiguration,
    RuleWithOperationsApplyConfiguration, WebhookClientConfigApplyConfiguration,
    extract_mutating_webhook_configuration,
};
use kapi_api::apps::v1::{
    Deployment, DeploymentApplyConfiguration, DeploymentSpecApplyConfiguration, DeploymentStatusApplyConfiguration,
    extract_deployment, extract_deployment_status,
};
use kapi_api::core::v1::{
    ContainerApplyConfiguration, ContainerPortApplyConfiguration, PodSpecApplyConfiguration,
    PodTemplateSpecApplyConfiguration,
};
use kapi_api::meta::v1::{ApplyOptions, GetOptions, LabelSelectorApplyConfiguration, ObjectMetaApplyConfiguration};
use kapi_client::{Client, Config, ContentType, Transport};
use kapi_machinery::fieldpath::ExtractError;
use kapi_testing::{ApiServer, TestServer};

async fn http_client() -> (Client, TestServer) {
    let server = Arc::new(ApiServer::new());
    server.register_builtin();
    let test = TestServer::start(server.clone(), None).await.unwrap();
    server.create_namespace("ns").unwrap();
    let transport = Arc::new(Transport::new(&Config::new(test.url()).unwrap()).unwrap());
    let client = Client::new(transport, test.url()).unwrap().with_content_type(ContentType::Json);
    (client, test)
}

fn deployment_config() -> DeploymentApplyConfiguration {
    DeploymentApplyConfiguration::new("web", "ns").with_labels([("app", "web")]).with_spec(
        DeploymentSpecApplyConfiguration::default()
            .with_replicas(3)
            .with_selector(LabelSelectorApplyConfiguration::default().with_match_labels([("app", "web")]))
            .with_template(
                PodTemplateSpecApplyConfiguration::default()
                    .with_metadata(ObjectMetaApplyConfiguration::default().with_labels([("app", "web")]))
                    .with_spec(
                        PodSpecApplyConfiguration::default().with_containers([ContainerApplyConfiguration::default()
                            .with_name("app")
                            .with_image("nginx:1")
                            .with_ports([ContainerPortApplyConfiguration::default()
                                .with_name("http")
                                .with_container_port(80)
                                .with_protocol("TCP")])]),
                    ),
            ),
    )
}

/// The builders fill what they name and nothing else: lists append, maps insert.
#[test]
fn builders_append_and_insert() {
    let c = DeploymentApplyConfiguration::new("web", "ns")
        .with_labels([("a", "1")])
        .with_labels([("b", "2"), ("a", "3")])
        .with_finalizers(["x"])
        .with_finalizers(["y"]);
    let meta = c.metadata.as_ref().unwrap();
    assert_eq!(meta.name.as_deref(), Some("web"));
    assert_eq!(meta.namespace.as_deref(), Some("ns"));
    assert_eq!(meta.labels.iter().map(|(k, v)| format!("{k}={v}")).collect::<Vec<_>>(), ["a=3", "b=2"]);
    assert_eq!(meta.finalizers, ["x", "y"]);
    assert_eq!(c.kind.as_deref(), Some("Deployment"));
    assert_eq!(c.api_version.as_deref(), Some("apps/v1"));
    assert!(c.spec.is_none());
    assert_eq!(
        String::from_utf8(kapi_machinery::json::to_vec(&c).unwrap()).unwrap(),
        r#"{"kind":"Deployment","apiVersion":"apps/v1","metadata":{"name":"web","namespace":"ns","labels":{"a":"3","b":"2"},"finalizers":["x","y"]}}"#
    );
    // Decoding gives back the same configuration.
    let back: DeploymentApplyConfiguration =
        kapi_machinery::json::from_slice(&kapi_machinery::json::to_vec(&c).unwrap()).unwrap();
    assert_eq!(back, c);
}

/// Apply through the test server, read the object back, extract the manager's configuration:
/// it is what was applied, though the stored object has defaults and other managers' fields.
#[tokio::test]
async fn extraction_round_trip() {
    let (client, _server) = http_client().await;
    let api = client.namespaced::<Deployment>("ns");
    let opts = ApplyOptions { field_manager: "deployer".into(), ..Default::default() };
    let applied = deployment_config();
    let out = api.apply(&applied, &opts).await.unwrap();
    assert_eq!(out.spec.replicas, Some(3));
    // A second manager sets another field; it is not the first manager's.
    let other = DeploymentApplyConfiguration::new("web", "ns")
        .with_spec(DeploymentSpecApplyConfiguration::default().with_min_ready_seconds(5));
    let other_opts = ApplyOptions { field_manager: "tuner".into(), ..Default::default() };
    api.apply(&other, &other_opts).await.unwrap();

    let live = api.get("web", &GetOptions::default()).await.unwrap();
    assert_eq!(live.spec.min_ready_seconds, 5);
    let extracted = extract_deployment(&live, "deployer").unwrap();
    assert_eq!(extracted, applied);
    let theirs = extract_deployment(&live, "tuner").unwrap();
    assert_eq!(theirs, other);
    // A manager that never applied gets the identity only, as upstream's Extract does.
    assert_eq!(extract_deployment(&live, "nobody").unwrap(), DeploymentApplyConfiguration::new("web", "ns"));

    // Applying the extracted configuration, with one field changed, keeps the rest of the
    // manager's fields (replacing the whole spec would give up the selector and template,
    // which validation refuses).
    let mut changed = extracted.clone();
    changed.spec.as_mut().expect("the manager applied a spec").replicas = Some(4);
    let again = api.apply(&changed, &opts).await;
    if let Err(e) = &again {
        panic!("re-applying the extracted configuration failed: {e}");
    }
}

/// Status is applied to the status subresource and extracted from the manager's entry for it
/// (`subresource: status`), not from its entry for the object.
#[tokio::test]
async fn status_apply_and_extraction() {
    let (client, _server) = http_client().await;
    let api = client.namespaced::<Deployment>("ns");
    let opts = ApplyOptions { field_manager: "deployer".into(), ..Default::default() };
    api.apply(&deployment_config(), &opts).await.unwrap();
    let status = DeploymentApplyConfiguration::new("web", "ns")
        // Ready replicas may not exceed replicas: status writes are validated.
        .with_status(DeploymentStatusApplyConfiguration::default().with_replicas(2).with_ready_replicas(2));
    let ctl = ApplyOptions { field_manager: "ctl".into(), ..Default::default() };
    let out = api.apply_status(&status, &ctl).await.unwrap();
    assert_eq!(out.status.ready_replicas, 2);
    // The server records the status apply as the manager's entry for the subresource.
    let live = api.get("web", &GetOptions::default()).await.unwrap();
    assert_eq!(extract_deployment(&live, "ctl").unwrap(), DeploymentApplyConfiguration::new("web", "ns"));
    assert_eq!(extract_deployment_status(&live, "ctl").unwrap(), status);
    assert_eq!(extract_deployment_status(&live, "deployer").unwrap(), DeploymentApplyConfiguration::new("web", "ns"));
}

/// Keyed lists: the manager's webhook comes back by its key, with only the fields it set.
#[tokio::test]
async fn webhook_extraction() {
    let (client, _server) = http_client().await;
    let api = client.api::<MutatingWebhookConfiguration>();
    let config = MutatingWebhookConfigurationApplyConfiguration::new("hooks").with_webhooks([
        MutatingWebhookApplyConfiguration::default()
            .with_name("a.example.com")
            .with_client_config(WebhookClientConfigApplyConfiguration::default().with_url("https://hook.example.com"))
            .with_admission_review_versions(["v1"])
            .with_side_effects("None")
            .with_rules([RuleWithOperationsApplyConfiguration::default()
                .with_operations(["CREATE"])
                .with_api_groups([""])
                .with_api_versions(["v1"])
                .with_resources(["pods"])
                .with_scope("*")]),
    ]);
    let opts = ApplyOptions { field_manager: "hooks".into(), ..Default::default() };
    api.apply(&config, &opts).await.unwrap();
    let live = api.get("hooks", &GetOptions::default()).await.unwrap();
    assert_eq!(extract_mutating_webhook_configuration(&live, "hooks").unwrap(), config);
}

/// A malformed managed-fields entry is a typed error naming the entry, not a panic.
#[test]
fn malformed_managed_fields() {
    let mut d = Deployment::default();
    d.metadata.name = "web".into();
    d.metadata.managed_fields.push(kapi_api::meta::v1::ManagedFieldsEntry {
        manager: "m".into(),
        operation: "Apply".into(),
        fields_type: "FieldsV1".into(),
        fields_v1: Some(kapi_machinery::types::FieldsV1 { raw: br#"{"f:spec":{"q:x":{}}}"#.to_vec() }),
        ..Default::default()
    });
    match extract_deployment(&d, "m") {
        Err(ExtractError::FieldsV1 { index: 0, error }) => assert!(error.to_string().contains("f:spec"), "{error}"),
        other => panic!("{other:?}"),
    }
}
