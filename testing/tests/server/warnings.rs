//! Write warnings from the test server: a pod and a deployment that use a deprecated node label get upstream's `Warning: 299` texts from their strategies (`pkg/api/pod/warnings.go`), on create and, for the deployment, on an update that changes its generation only.

use std::collections::BTreeMap;
use std::sync::Arc;

use kapi_api::apps::v1::{Deployment, DeploymentSpec};
use kapi_api::core::v1::{Container, Pod, PodSpec, PodTemplateSpec};
use kapi_api::meta::v1::{CreateOptions, LabelSelector, ObjectMeta, UpdateOptions};
use kapi_client::{Api, Client, Config, Transport};
use kapi_testing::{ApiServer, TestServer};

async fn client() -> (Client, TestServer) {
    let api = Arc::new(ApiServer::new());
    api.register_builtin();
    let server = TestServer::start(api, None).await.unwrap();
    let transport = Arc::new(Transport::new(&Config::new(server.url()).unwrap()).unwrap());
    (Client::new(transport, server.url()).unwrap(), server)
}

fn labels(pairs: &[(&str, &str)]) -> BTreeMap<String, String> {
    pairs.iter().map(|(k, v)| ((*k).to_owned(), (*v).to_owned())).collect()
}

fn pod_spec() -> PodSpec {
    PodSpec {
        containers: Some(vec![Container { name: "web".into(), image: "nginx".into(), ..Default::default() }]),
        node_selector: labels(&[("beta.kubernetes.io/os", "linux")]),
        ..Default::default()
    }
}

#[tokio::test]
async fn a_pod_with_a_deprecated_node_label_is_warned_about_it_on_create() {
    let (client, _server) = client().await;
    let pods: Api<Pod> = Api::namespaced(client, "default");
    let pod = Pod {
        metadata: ObjectMeta { name: "web".into(), ..Default::default() },
        spec: pod_spec(),
        ..Default::default()
    };
    let created = pods.create_with_warnings(&pod, &CreateOptions::default()).await.unwrap();
    assert_eq!(
        created.warnings,
        [r#"spec.nodeSelector[beta.kubernetes.io/os]: deprecated since v1.14; use "kubernetes.io/os" instead"#]
    );
    // Upstream skips warnings on pod updates.
    let mut changed = created.value;
    changed.metadata.labels = labels(&[("tier", "front")]);
    let updated = pods.update_with_warnings(&changed, &UpdateOptions::default()).await.unwrap();
    assert_eq!(updated.warnings, Vec::<String>::new());
}

#[tokio::test]
async fn a_deployment_is_warned_about_its_template_when_its_generation_changes() {
    let (client, _server) = client().await;
    let deployments: Api<Deployment> = Api::namespaced(client, "default");
    let app = labels(&[("app", "web")]);
    let deployment = Deployment {
        metadata: ObjectMeta { name: "web.v1".into(), ..Default::default() },
        spec: DeploymentSpec {
            selector: Some(LabelSelector { match_labels: app.clone(), ..Default::default() }),
            template: PodTemplateSpec { metadata: ObjectMeta { labels: app, ..Default::default() }, spec: pod_spec() },
            ..Default::default()
        },
        ..Default::default()
    };
    let template = r#"spec.template.spec.nodeSelector[beta.kubernetes.io/os]: deprecated since v1.14; use "kubernetes.io/os" instead"#;
    let created = deployments.create_with_warnings(&deployment, &CreateOptions::default()).await.unwrap();
    assert_eq!(
        created.warnings,
        [
            "metadata.name: this is used in Pod names and hostnames, which can result in surprising behavior; a DNS label is recommended: [must not contain dots]",
            template,
        ]
    );
    // A label change leaves the generation alone: no warnings.
    let mut relabelled = created.value;
    relabelled.metadata.labels = labels(&[("tier", "front")]);
    let same = deployments.update_with_warnings(&relabelled, &UpdateOptions::default()).await.unwrap();
    assert_eq!(same.warnings, Vec::<String>::new());
    // A spec change bumps it: the template is warned about again (the name is create's only).
    let mut scaled = same.value;
    scaled.spec.replicas = Some(3);
    let bumped = deployments.update_with_warnings(&scaled, &UpdateOptions::default()).await.unwrap();
    assert_eq!(bumped.warnings, [template]);
}
