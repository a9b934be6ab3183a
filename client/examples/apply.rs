//! Server-side applies every object of a multi-document YAML manifest through discovery, the REST
//! mapper and the dynamic client, as `kubectl apply --server-side -f` does.
//!
//! ```text
//! cargo run -p kapi-testing --example serve -- kapi.kubeconfig &   # a test server, once
//! cargo run -p kapi-client --example apply -- client/examples/manifest.yaml
//! cargo run -p kapi-client --example apply -- --infer --dry-run client/examples/manifest.yaml
//! ```

mod common;

use std::path::PathBuf;

use clap::Parser;
use kapi_api::meta::v1::ApplyOptions;
use kapi_client::dynamic::{DynamicObject, apply_all};
use kapi_client::{Discovery, RestMapper};

/// Manifests larger than this are refused before reading (the API server's request limit is 3 MiB
/// per object).
const MAX_MANIFEST_BYTES: u64 = 64 * 1024 * 1024;

#[derive(Debug, Parser)]
struct Args {
    #[command(flatten)]
    connection: common::Connection,
    /// The manifest: YAML documents separated by `---` lines.
    file: PathBuf,
    /// The field manager recorded for the applied fields.
    #[arg(long, default_value = "kapi-apply")]
    field_manager: String,
    /// Take over fields other managers own.
    #[arg(long)]
    force_conflicts: bool,
    /// Ask the server to validate without storing anything.
    #[arg(long)]
    dry_run: bool,
}

#[tokio::main]
async fn main() -> std::process::ExitCode {
    common::exit(run(Args::parse()).await)
}

async fn run(args: Args) -> Result<(), Box<dyn std::error::Error>> {
    let size = std::fs::metadata(&args.file)?.len();
    if size > MAX_MANIFEST_BYTES {
        return Err(format!("{}: {size} bytes is more than {MAX_MANIFEST_BYTES}", args.file.display()).into());
    }
    let text = std::fs::read(&args.file)?;
    let objects = DynamicObject::from_yaml_stream(&text).map_err(|e| format!("{}: {e}", args.file.display()))?;
    let client = args.connection.client()?;
    let discovery = Discovery::run(&client).await?;
    let mapper = RestMapper::new(&discovery);
    let options = ApplyOptions {
        field_manager: args.field_manager,
        force: args.force_conflicts,
        dry_run: if args.dry_run { vec!["All".into()] } else { Vec::new() },
        ..Default::default()
    };
    let namespace = args.connection.namespace_of(&client);
    for applied in apply_all(&client, &mapper, &objects, &namespace, &options).await? {
        let group =
            if applied.resource.group.is_empty() { String::new() } else { format!(".{}", applied.resource.group) };
        let suffix = if args.dry_run { " (server dry run)" } else { "" };
        println!("{}{group}/{} serverside-applied{suffix}", applied.resource.resource, applied.object.metadata.name);
    }
    Ok(())
}
