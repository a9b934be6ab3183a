//! Cordons a node (marks it unschedulable, as `kubectl cordon` does) and lists the pods still on it with a field selector.
//!
//! ```text
//! cargo run -p kapi-client --example cordon -- example-node
//! cargo run -p kapi-client --example cordon -- example-node --uncordon
//! ```

mod common;

use clap::Parser;
use kapi_api::core::v1::{Container, Node, Pod, PodSpec};
use kapi_api::meta::v1::{CreateOptions, ListOptions, ObjectMeta, PatchOptions};
use kapi_client::Patch;

#[derive(Debug, Parser)]
struct Args {
    #[command(flatten)]
    connection: common::Connection,
    /// The node.
    #[arg(default_value = "example-node")]
    node: String,
    /// Make it schedulable again.
    #[arg(long)]
    uncordon: bool,
    /// Register the node and one pod on it first when the node does not exist (a test server
    /// has no nodes).
    #[arg(long)]
    create: bool,
}

#[tokio::main]
async fn main() -> std::process::ExitCode {
    common::exit(run(Args::parse()).await)
}

async fn run(args: Args) -> Result<(), Box<dyn std::error::Error>> {
    let client = args.connection.client()?;
    let nodes = client.api::<Node>();
    if args.create {
        let node =
            Node { metadata: ObjectMeta { name: args.node.clone(), ..Default::default() }, ..Default::default() };
        match nodes.create(&node, &CreateOptions::default()).await {
            Ok(_) => {
                let pod = Pod {
                    metadata: ObjectMeta { name: format!("on-{}", args.node), ..Default::default() },
                    spec: PodSpec {
                        node_name: args.node.clone(),
                        containers: Some(vec![Container {
                            name: "c".into(),
                            image: "busybox".into(),
                            ..Default::default()
                        }]),
                        ..Default::default()
                    },
                    ..Default::default()
                };
                client
                    .namespaced::<Pod>(&args.connection.namespace_of(&client))
                    .create(&pod, &CreateOptions::default())
                    .await?;
            }
            Err(e) if e.is_already_exists() => {}
            Err(e) => return Err(e.into()),
        }
    }

    // `kubectl cordon` is this merge patch of one field; the scheduler then leaves the node alone.
    let body = format!(r#"{{"spec": {{"unschedulable": {}}}}}"#, !args.uncordon);
    let node = nodes.patch(&args.node, &Patch::Merge(body.into_bytes()), &PatchOptions::default()).await?;
    let verb = if node.spec.unschedulable { "cordoned" } else { "uncordoned" };
    println!("{verb} {} (spec.unschedulable={})", node.metadata.name, node.spec.unschedulable);

    // Pods are found by the node they run on with a field selector, which the server evaluates
    // (`spec.nodeName` is one of the pod fields it indexes); draining would evict each.
    let on_node = ListOptions::default().fields(format!("spec.nodeName={}", args.node));
    let pods = client.all_namespaces::<Pod>().list(&on_node).await?;
    for pod in pods.items.iter().flatten() {
        println!("on {}: {}/{}", args.node, pod.metadata.namespace, pod.metadata.name);
    }
    Ok(())
}
