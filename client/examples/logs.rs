//! Prints a container's log, and with `-f` follows it, as `kubectl logs` does.
//!
//! ```text
//! cargo run -p kapi-testing --example serve -- kapi.kubeconfig &   # a test server with a `demo` pod writing a line a second
//! cargo run -p kapi-client --example logs -- demo -f --timestamps
//! cargo run -p kapi-client --example logs -- --infer -n kube-system coredns-xyz --tail 20
//! ```

mod common;

use std::io::Write;

use clap::Parser;
use kapi_api::core::v1::{Pod, PodLogOptions};

#[derive(Debug, Parser)]
struct Args {
    #[command(flatten)]
    connection: common::Connection,
    /// The pod.
    pod: String,
    /// The container (needed when the pod has several).
    #[arg(short, long, default_value = "")]
    container: String,
    /// Keep streaming new lines.
    #[arg(short, long)]
    follow: bool,
    /// Only the last lines.
    #[arg(long)]
    tail: Option<i64>,
    /// Only lines newer than this many seconds.
    #[arg(long)]
    since_seconds: Option<i64>,
    /// Prefix each line with its time.
    #[arg(long)]
    timestamps: bool,
    /// The previous instance of the container.
    #[arg(short, long)]
    previous: bool,
}

#[tokio::main]
async fn main() -> std::process::ExitCode {
    common::exit(run(Args::parse()).await)
}

async fn run(args: Args) -> Result<(), Box<dyn std::error::Error>> {
    let client = args.connection.client()?;
    let pods = client.namespaced::<Pod>(&args.connection.namespace_of(&client));
    let options = PodLogOptions {
        container: args.container,
        follow: args.follow,
        tail_lines: args.tail,
        since_seconds: args.since_seconds,
        timestamps: args.timestamps,
        previous: args.previous,
        ..Default::default()
    };
    let mut log = pods.logs(&args.pod, &options).await?;
    let mut out = std::io::stdout().lock();
    while let Some(chunk) = log.next_chunk().await {
        out.write_all(&chunk?)?;
        out.flush()?;
    }
    Ok(())
}
