//! Forwards a local TCP port to a pod's port, as `kubectl port-forward` does: each local connection gets a WebSocket of its own to the API server.
//!
//! ```text
//! cargo run -p kapi-testing --example serve -- kapi.kubeconfig &
//! cargo run -p kapi-client --features ws --example portforward -- demo 8080:80 &
//! curl http://127.0.0.1:8080/
//! ```

mod common;

use clap::Parser;
use kapi_api::core::v1::Pod;
use kapi_client::Api;
use tokio::net::{TcpListener, TcpStream};

#[derive(Debug, Parser)]
struct Args {
    #[command(flatten)]
    connection: common::Connection,
    /// The pod.
    pod: String,
    /// `LOCAL:REMOTE`, or one port for both.
    ports: String,
}

#[tokio::main]
async fn main() -> std::process::ExitCode {
    common::exit(run(Args::parse()).await)
}

async fn run(args: Args) -> Result<(), Box<dyn std::error::Error>> {
    let (local, remote) = match args.ports.split_once(':') {
        Some((l, r)) => (l.parse::<u16>()?, r.parse::<u16>()?),
        None => {
            let p = args.ports.parse::<u16>()?;
            (p, p)
        }
    };
    let client = args.connection.client()?;
    let pods = client.namespaced::<Pod>(&args.connection.namespace_of(&client));
    let listener = TcpListener::bind(("127.0.0.1", local)).await?;
    println!("Forwarding from {} -> {remote}", listener.local_addr()?);
    loop {
        let (tcp, peer) = listener.accept().await?;
        let (pods, pod) = (pods.clone(), args.pod.clone());
        tokio::spawn(async move {
            if let Err(e) = forward(&pods, &pod, remote, tcp).await {
                eprintln!("{peer}: {e}");
            }
        });
    }
}

async fn forward(pods: &Api<Pod>, pod: &str, port: u16, mut tcp: TcpStream) -> Result<(), Box<dyn std::error::Error>> {
    let mut forwarder = pods.portforward(pod, &[port]).await?;
    let mut stream = forwarder.take_stream(port).expect("asked for");
    let error = forwarder.take_error(port).expect("asked for");
    tokio::io::copy_bidirectional(&mut tcp, &mut stream).await?;
    drop(stream);
    if let Some(message) = error.await {
        return Err(message.into());
    }
    forwarder.join().await?;
    Ok(())
}
