//! Changes a Deployment's image and waits for the rollout the way `kubectl rollout status` decides it is done (`conditions::is_deployment_rolled_out`).
//!
//! By default it runs against an in-process test server, which has no deployment controller: a
//! task here plays that part. `--cluster` uses the kubeconfig's cluster.

use std::pin::pin;
use std::sync::Arc;
use std::time::Duration;

use kapi_api::apps::v1::{Deployment, DeploymentSpec};
use kapi_api::core::v1::{Container, PodSpec, PodTemplateSpec};
use kapi_api::meta::v1::{CreateOptions, LabelSelector, ObjectMeta, PatchOptions, UpdateOptions};
use kapi_client::watcher::Event;
use kapi_client::{Api, Client, Patch, StreamExt, WatcherConfig, watcher};
use kapi_runtime::wait::{await_condition_for, conditions};
use kapi_testing::ApiServer;

fn deployment() -> Deployment {
    let labels: std::collections::BTreeMap<String, String> = [("app".to_string(), "web".to_string())].into();
    Deployment {
        metadata: ObjectMeta { name: "web".into(), ..Default::default() },
        spec: DeploymentSpec {
            replicas: Some(3),
            selector: Some(LabelSelector { match_labels: labels.clone(), ..Default::default() }),
            template: PodTemplateSpec {
                metadata: ObjectMeta { labels, ..Default::default() },
                spec: PodSpec {
                    containers: Some(vec![Container {
                        name: "web".into(),
                        image: "nginx:1.27".into(),
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

/// The deployment controller's part, reduced to its outcome: each new generation is observed
/// and, a moment later, all its replicas are updated and available.
async fn play_deployment_controller(deployments: Api<Deployment>) {
    let mut events = pin!(watcher(deployments.clone(), WatcherConfig::default()));
    while let Some(event) = events.next().await {
        let (Ok(Event::InitApply(mut d)) | Ok(Event::Apply(mut d))) = event else { continue };
        if d.metadata.generation <= d.status.observed_generation {
            continue;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
        let replicas = d.spec.replicas.unwrap_or(1);
        d.status.observed_generation = d.metadata.generation;
        d.status.replicas = replicas;
        d.status.updated_replicas = replicas;
        d.status.ready_replicas = replicas;
        d.status.available_replicas = replicas;
        if let Err(e) = deployments.update_status(&d, &UpdateOptions::default()).await {
            eprintln!("the stand-in deployment controller: {e}");
        }
    }
}

#[tokio::main]
async fn main() -> Result<(), Box<dyn std::error::Error>> {
    let cluster = std::env::args().any(|a| a == "--cluster");
    let client = if cluster {
        Client::infer()?
    } else {
        let server = Arc::new(ApiServer::new());
        server.register::<Deployment>()?;
        Client::new(server, "https://kapi.test")?
    };
    let deployments: Api<Deployment> = Api::namespaced(client, "default");
    let controller = (!cluster).then(|| tokio::spawn(play_deployment_controller(deployments.clone())));

    deployments.create(&deployment(), &CreateOptions::default()).await?;
    let timeout = Duration::from_secs(60);
    let d = await_condition_for(deployments.clone(), "web", conditions::is_deployment_rolled_out(), timeout).await?;
    let d = d.ok_or("the deployment was deleted")?;
    println!(
        "deployment web rolled out: generation {} with {} replicas",
        d.metadata.generation, d.status.available_replicas
    );

    // A new image is a new generation: until the controller has observed it, the old status
    // no longer counts as rolled out.
    let image = br#"{"spec": {"template": {"spec": {"containers": [{"name": "web", "image": "nginx:1.28"}]}}}}"#;
    let d = deployments.patch("web", &Patch::StrategicMerge(image.to_vec()), &PatchOptions::default()).await?;
    println!(
        "image set to nginx:1.28: generation {}, observed {}",
        d.metadata.generation, d.status.observed_generation
    );
    let d = await_condition_for(deployments.clone(), "web", conditions::is_deployment_rolled_out(), timeout).await?;
    let d = d.ok_or("the deployment was deleted")?;
    println!(
        "deployment web rolled out: generation {} with {} replicas",
        d.metadata.generation, d.status.available_replicas
    );
    if let Some(controller) = controller {
        controller.abort();
    }
    Ok(())
}
