//! Server-side dry run: the server admits, defaults and validates a create as it would store it, and stores nothing.
//!
//! ```text
//! cargo run -p kapi-client --example dry_run
//! ```

mod common;

use clap::Parser;
use kapi_api::core::v1::{Container, Pod, PodSpec};
use kapi_api::meta::v1::{CreateOptions, GetOptions, ObjectMeta};

#[derive(Debug, Parser)]
struct Args {
    #[command(flatten)]
    connection: common::Connection,
}

#[tokio::main]
async fn main() -> std::process::ExitCode {
    common::exit(run(Args::parse()).await)
}

fn pod(name: &str, image: &str) -> Pod {
    Pod {
        metadata: ObjectMeta { name: name.into(), ..Default::default() },
        spec: PodSpec {
            containers: Some(vec![Container { name: "c".into(), image: image.into(), ..Default::default() }]),
            ..Default::default()
        },
        ..Default::default()
    }
}

async fn run(args: Args) -> Result<(), Box<dyn std::error::Error>> {
    let client = args.connection.client()?;
    let pods = client.namespaced::<Pod>(&args.connection.namespace_of(&client));
    let dry = CreateOptions::default().dry_run();

    // The answer is the pod as it would have been stored: defaults filled in (restart policy,
    // DNS policy, pull policy) and a UID, but no resourceVersion, since nothing was written.
    let p = pods.create(&pod("dry-run-demo", "busybox"), &dry).await?;
    let c = p.spec.containers.iter().flatten().next().ok_or("the answer has no container")?;
    println!(
        "dry run: {} restartPolicy={} imagePullPolicy={} uid={:?}",
        p.metadata.name, p.spec.restart_policy.0, c.image_pull_policy.0, p.metadata.uid
    );
    match pods.get("dry-run-demo", &GetOptions::default()).await {
        Err(e) if e.is_not_found() => println!("dry-run-demo was not stored"),
        Ok(_) => return Err("a dry-run create stored the pod".into()),
        Err(e) => return Err(e.into()),
    }

    // Validation still runs: an invalid object fails the dry run with the real error.
    match pods.create(&pod("dry-run-demo", ""), &dry).await {
        Err(e) if e.is_invalid() => println!("dry run refused an invalid pod: {e}"),
        Err(e) => return Err(e.into()),
        Ok(_) => return Err("a pod without an image passed validation".into()),
    }
    Ok(())
}
