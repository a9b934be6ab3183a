//! An informer with indexers: one list and watch fills a cache that is also indexed by a label (and by namespace), and lookups by index need no request.
//!
//! ```text
//! cargo run -p kapi-client --example indexer -- --team payments
//! ```

mod common;

use clap::Parser;
use kapi_api::core::v1::ConfigMap;
use kapi_api::meta::v1::{CreateOptions, ObjectMeta};
use kapi_client::Api;
use kapi_client::informer::{InformerConfig, SharedInformer};

#[derive(Debug, Parser)]
struct Args {
    #[command(flatten)]
    connection: common::Connection,
    /// The team whose config maps to look up.
    #[arg(long, default_value = "payments")]
    team: String,
}

#[tokio::main]
async fn main() -> std::process::ExitCode {
    common::exit(run(Args::parse()).await)
}

async fn run(args: Args) -> Result<(), Box<dyn std::error::Error>> {
    let client = args.connection.client()?;
    let namespace = args.connection.namespace_of(&client);
    let config_maps = client.namespaced::<ConfigMap>(&namespace);
    for (name, team) in [("idx-billing", "payments"), ("idx-ledger", "payments"), ("idx-search", "discovery")] {
        let cm = ConfigMap {
            metadata: ObjectMeta {
                name: name.into(),
                labels: [("team".into(), team.into())].into(),
                ..Default::default()
            },
            ..Default::default()
        };
        match config_maps.create(&cm, &CreateOptions::default()).await {
            Ok(_) => {}
            Err(e) if e.is_already_exists() => {}
            Err(e) => return Err(e.into()),
        }
    }

    // Indexers are functions from an object to its index values; an object may have several
    // values (or none, and then it is not in that index).
    let informer = SharedInformer::new(Api::<ConfigMap>::all(client.clone()), InformerConfig::default());
    informer.add_indexer("team", |cm: &ConfigMap| cm.metadata.labels.get("team").cloned().into_iter().collect())?;
    informer.add_indexer("namespace", |cm: &ConfigMap| vec![cm.metadata.namespace.clone()])?;
    informer.start()?;
    if !informer.wait_for_sync().await {
        return Err("the informer stopped before its first list completed".into());
    }

    let store = informer.store();
    println!("{} config maps cached; teams: {}", store.len(), store.index_values("team")?.join(","));
    let mut names: Vec<String> = store
        .by_index("team", &args.team)?
        .iter()
        .map(|c| format!("{}/{}", c.metadata.namespace, c.metadata.name))
        .collect();
    names.sort();
    println!("index team={}: {}", args.team, names.join(" "));
    println!("index namespace={namespace}: {} config maps", store.index_keys("namespace", &namespace)?.len());
    informer.shutdown().await;
    Ok(())
}
