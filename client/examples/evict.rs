//! Evicts a pod through the `eviction` subresource, which honours PodDisruptionBudgets where a plain delete would not (`kubectl drain` evicts this way).
//!
//! ```text
//! cargo run -p kapi-client --example evict -- evict-demo
//! ```

mod common;

use clap::Parser;
use kapi_api::core::v1::{Container, Pod, PodSpec};
use kapi_api::meta::v1::{CreateOptions, GetOptions, ObjectMeta};
use kapi_api::policy::v1::Eviction;

#[derive(Debug, Parser)]
struct Args {
    #[command(flatten)]
    connection: common::Connection,
    /// The pod to evict; created first when it does not exist.
    #[arg(default_value = "evict-demo")]
    pod: String,
}

#[tokio::main]
async fn main() -> std::process::ExitCode {
    common::exit(run(Args::parse()).await)
}

async fn run(args: Args) -> Result<(), Box<dyn std::error::Error>> {
    let client = args.connection.client()?;
    let namespace = args.connection.namespace_of(&client);
    let pods = client.namespaced::<Pod>(&namespace);
    let pod = Pod {
        metadata: ObjectMeta { name: args.pod.clone(), ..Default::default() },
        spec: PodSpec {
            containers: Some(vec![Container { name: "c".into(), image: "busybox".into(), ..Default::default() }]),
            ..Default::default()
        },
        ..Default::default()
    };
    match pods.create(&pod, &CreateOptions::default()).await {
        Ok(_) => println!("created {namespace}/{}", args.pod),
        Err(e) if e.is_already_exists() => {}
        Err(e) => return Err(e.into()),
    }

    // The eviction names the pod again; delete options (a grace period) may ride along.
    let eviction = Eviction {
        metadata: ObjectMeta { name: args.pod.clone(), namespace: namespace.clone(), ..Default::default() },
        ..Default::default()
    };
    // A budget that forbids it is `429 Too Many Requests`: drain retries those.
    match pods.evict(&args.pod, &eviction, &CreateOptions::default()).await {
        Ok(status) => println!("evicted {namespace}/{} ({})", args.pod, status.status),
        Err(e) if e.is_too_many_requests() => return Err(format!("a disruption budget blocks it: {e}").into()),
        Err(e) => return Err(e.into()),
    }
    match pods.get(&args.pod, &GetOptions::default()).await {
        Err(e) if e.is_not_found() => println!("{namespace}/{} is gone", args.pod),
        Ok(p) => println!("{namespace}/{} is terminating: {}", args.pod, p.metadata.deletion_timestamp.is_some()),
        Err(e) => return Err(e.into()),
    }
    Ok(())
}
