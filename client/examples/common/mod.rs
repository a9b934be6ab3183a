//! What the client examples share: choosing the cluster (`--infer`, or the kubeconfig the test server's `serve` example writes).

use std::path::PathBuf;

use kapi_client::{Client, Config};

/// Where to connect.
#[derive(Debug, clap::Args)]
pub struct Connection {
    /// Use the cluster of your kubeconfig (KUBECONFIG, ~/.kube/config) or the in-cluster service account.
    #[arg(long)]
    pub infer: bool,
    /// The kubeconfig to use otherwise: by default the one `cargo run -p kapi-testing --example serve` writes.
    #[arg(long, default_value = "kapi.kubeconfig")]
    pub kubeconfig: PathBuf,
    /// The namespace (default: the kubeconfig context's).
    #[arg(short, long)]
    pub namespace: Option<String>,
}

impl Connection {
    /// A client for the chosen cluster.
    pub fn client(&self) -> Result<Client, kapi_client::Error> {
        let config = if self.infer { Config::infer()? } else { Config::from_kubeconfig_file(&self.kubeconfig, None)? };
        Client::try_from_config(&config)
    }

    /// The namespace to use with a client.
    pub fn namespace_of(&self, client: &Client) -> String {
        self.namespace.clone().unwrap_or_else(|| client.default_namespace().to_owned())
    }
}

/// Prints an error as its message (not its debug form) and picks the exit code.
pub fn exit(result: Result<(), Box<dyn std::error::Error>>) -> std::process::ExitCode {
    match result {
        Ok(()) => std::process::ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("error: {e}");
            std::process::ExitCode::FAILURE
        }
    }
}
