//! Runs a command in a pod's container, as `kubectl exec` does: standard input is passed on with `-i`, output is printed, and the command's exit code becomes ours.
//!
//! ```text
//! cargo run -p kapi-testing --example serve -- kapi.kubeconfig &
//! echo hello | cargo run -p kapi-client --features ws --example exec -- -i demo -- cat
//! cargo run -p kapi-client --features ws --example exec -- --infer -n kube-system coredns-xyz -- ls /
//! ```

mod common;

use clap::Parser;
use kapi_api::core::v1::{Pod, PodExecOptions};
use tokio::io::AsyncWriteExt;

#[derive(Debug, Parser)]
struct Args {
    #[command(flatten)]
    connection: common::Connection,
    /// Pass standard input to the command.
    #[arg(short, long)]
    interactive: bool,
    /// The container (needed when the pod has several).
    #[arg(short, long, default_value = "")]
    container: String,
    /// The pod.
    pod: String,
    /// The command and its arguments.
    #[arg(last = true, required = true)]
    command: Vec<String>,
}

#[tokio::main]
async fn main() -> std::process::ExitCode {
    match run(Args::parse()).await {
        Ok(code) => std::process::ExitCode::from(u8::try_from(code).unwrap_or(1)),
        Err(e) => common::exit(Err(e)),
    }
}

async fn run(args: Args) -> Result<i32, Box<dyn std::error::Error>> {
    let client = args.connection.client()?;
    let pods = client.namespaced::<Pod>(&args.connection.namespace_of(&client));
    let options = PodExecOptions {
        command: Some(args.command),
        container: args.container,
        stdin: args.interactive,
        stdout: true,
        stderr: true,
        ..Default::default()
    };
    let mut process = pods.exec(&args.pod, &options).await?;
    if let Some(mut input) = process.stdin() {
        tokio::spawn(async move {
            // End of our input ends the command's.
            let _ = tokio::io::copy(&mut tokio::io::stdin(), &mut input).await;
            let _ = input.shutdown().await;
        });
    }
    let mut stdout = process.stdout().expect("asked for");
    let mut stderr = process.stderr().expect("asked for");
    let out = tokio::spawn(async move { tokio::io::copy(&mut stdout, &mut tokio::io::stdout()).await });
    let err = tokio::spawn(async move { tokio::io::copy(&mut stderr, &mut tokio::io::stderr()).await });
    let status = process.join().await?;
    out.await??;
    err.await??;
    match status.code {
        Some(code) => Ok(code),
        None => Err(status.status.message.into()),
    }
}
