//! Lists the pods of a namespace (or of all), then watches them and prints each change.
//!
//! ```text
//! cargo run -p kapi-testing --example serve -- kapi.kubeconfig &   # a test server, once
//! cargo run -p kapi-client --example pods -- --seconds 10           # against it
//! cargo run -p kapi-client --example pods -- --infer -A             # against your cluster
//! ```

mod common;

use std::future::poll_fn;
use std::pin::Pin;
use std::time::Duration;

use clap::Parser;
use kapi_api::core::v1::Pod;
use kapi_api::meta::v1::ListOptions;
use kapi_client::WatchEvent;

#[derive(Debug, Parser)]
struct Args {
    #[command(flatten)]
    connection: common::Connection,
    /// Every namespace.
    #[arg(short = 'A', long)]
    all_namespaces: bool,
    /// A label selector (`app=web`).
    #[arg(short = 'l', long, default_value = "")]
    selector: String,
    /// Stop watching after this many seconds (0: list only).
    #[arg(long, default_value_t = 30)]
    seconds: u64,
}

fn phase(pod: &Pod) -> &str {
    pod.status.phase.as_str()
}

#[tokio::main]
async fn main() -> std::process::ExitCode {
    common::exit(run(Args::parse()).await)
}

async fn run(args: Args) -> Result<(), Box<dyn std::error::Error>> {
    let client = args.connection.client()?;
    let pods = if args.all_namespaces {
        client.all_namespaces::<Pod>()
    } else {
        client.namespaced::<Pod>(&args.connection.namespace_of(&client))
    };
    let options = ListOptions { label_selector: args.selector.clone(), ..Default::default() };
    let list = pods.list_all(&ListOptions { limit: 500, ..options.clone() }).await?;
    println!("{:<20} {:<40} PHASE", "NAMESPACE", "NAME");
    for pod in list.items.iter().flatten() {
        println!("{:<20} {:<40} {}", pod.metadata.namespace, pod.metadata.name, phase(pod));
    }
    if args.seconds == 0 {
        return Ok(());
    }
    let watch = ListOptions {
        resource_version: list.metadata.resource_version.clone(),
        allow_watch_bookmarks: true,
        timeout_seconds: Some(i64::try_from(args.seconds)?),
        ..options
    };
    let mut events = pods.watch(&watch).await?;
    let deadline = tokio::time::sleep(Duration::from_secs(args.seconds));
    tokio::pin!(deadline);
    loop {
        let next = poll_fn(|cx| futures_core::Stream::poll_next(Pin::new(&mut events), cx));
        let event = tokio::select! {
            e = next => e,
            () = &mut deadline => break,
        };
        let Some(event) = event else { break };
        match event? {
            WatchEvent::Added(p) => println!("ADDED    {}/{} {}", p.metadata.namespace, p.metadata.name, phase(&p)),
            WatchEvent::Modified(p) => println!("MODIFIED {}/{} {}", p.metadata.namespace, p.metadata.name, phase(&p)),
            WatchEvent::Deleted(p) => println!("DELETED  {}/{}", p.metadata.namespace, p.metadata.name),
            WatchEvent::Bookmark(_) => {}
            WatchEvent::Error(status) => return Err(status.message.into()),
        }
    }
    Ok(())
}
