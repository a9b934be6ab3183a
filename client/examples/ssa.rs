//! Server-side apply with apply configurations: a field manager applies only the fields it sets, a second manager takes one field over, and `extract_deployment` reads back what each owns.
//!
//! ```text
//! cargo run -p kapi-client --example ssa
//! ```

mod common;

use clap::Parser;
use kapi_api::apps::v1::{
    Deployment, DeploymentApplyConfiguration, DeploymentSpecApplyConfiguration, extract_deployment,
};
use kapi_api::core::v1::{ContainerApplyConfiguration, PodSpecApplyConfiguration, PodTemplateSpecApplyConfiguration};
use kapi_api::meta::v1::{ApplyOptions, LabelSelectorApplyConfiguration, ObjectMetaApplyConfiguration};

#[derive(Debug, Parser)]
struct Args {
    #[command(flatten)]
    connection: common::Connection,
}

#[tokio::main]
async fn main() -> std::process::ExitCode {
    common::exit(run(Args::parse()).await)
}

/// What the `example-ssa` manager wants: only these fields are sent, so only these are its own.
fn desired(namespace: &str, replicas: i32) -> DeploymentApplyConfiguration {
    let labels = [("app", "ssa-web")];
    DeploymentApplyConfiguration::new("ssa-web", namespace).with_labels(labels).with_spec(
        DeploymentSpecApplyConfiguration::default()
            .with_replicas(replicas)
            .with_selector(LabelSelectorApplyConfiguration::default().with_match_labels(labels))
            .with_template(
                PodTemplateSpecApplyConfiguration::default()
                    .with_metadata(ObjectMetaApplyConfiguration::default().with_labels(labels))
                    .with_spec(PodSpecApplyConfiguration::default().with_containers([
                        ContainerApplyConfiguration::default().with_name("web").with_image("nginx:1.27"),
                    ])),
            ),
    )
}

async fn run(args: Args) -> Result<(), Box<dyn std::error::Error>> {
    let client = args.connection.client()?;
    let namespace = args.connection.namespace_of(&client);
    let deployments = client.namespaced::<Deployment>(&namespace);

    let mine = ApplyOptions { field_manager: "example-ssa".into(), ..Default::default() };
    let d = deployments.apply(&desired(&namespace, 2), &mine).await?;
    println!("applied {}/{} replicas={:?} by example-ssa", d.metadata.namespace, d.metadata.name, d.spec.replicas);

    // An autoscaler-like manager takes `spec.replicas` over; without `force` the server would
    // answer 409 Conflict, since example-ssa owns the field.
    let scaler = ApplyOptions { field_manager: "example-scaler".into(), force: true, ..Default::default() };
    let replicas_only = DeploymentApplyConfiguration::new("ssa-web", &namespace)
        .with_spec(DeploymentSpecApplyConfiguration::default().with_replicas(5));
    let d = deployments.apply(&replicas_only, &scaler).await?;
    println!("example-scaler forced replicas={:?}", d.spec.replicas);

    // Each manager's share, read back from managedFields (upstream's Extract).
    for manager in ["example-ssa", "example-scaler"] {
        let owned = extract_deployment(&d, manager)?;
        let replicas = owned.spec.as_ref().and_then(|s| s.replicas);
        let image = owned
            .spec
            .as_ref()
            .and_then(|s| s.template.as_ref())
            .and_then(|t| t.spec.as_ref())
            .map(|s| s.containers.iter().filter_map(|c| c.image.clone()).collect::<Vec<_>>().join(","));
        println!("{manager} owns replicas={replicas:?} image={}", image.unwrap_or_default());
    }
    Ok(())
}
