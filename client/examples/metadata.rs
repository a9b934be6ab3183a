//! Metadata-only reads: lists and watches the config maps of a namespace as `PartialObjectMetadata`, so names, labels and versions arrive without the data they hold.
//!
//! ```text
//! cargo run -p kapi-client --example metadata -- --seconds 2
//! ```

mod common;

use std::pin::pin;
use std::time::Duration;

use clap::Parser;
use kapi_api::core::v1::ConfigMap;
use kapi_api::meta::v1::{CreateOptions, GetOptions, ListOptions, ObjectMeta};
use kapi_client::watcher::Event;
use kapi_client::{StreamExt, WatcherConfig, watcher};

#[derive(Debug, Parser)]
struct Args {
    #[command(flatten)]
    connection: common::Connection,
    /// Watch this many seconds after the list.
    #[arg(long, default_value_t = 2)]
    seconds: u64,
}

#[tokio::main]
async fn main() -> std::process::ExitCode {
    common::exit(run(Args::parse()).await)
}

async fn run(args: Args) -> Result<(), Box<dyn std::error::Error>> {
    let client = args.connection.client()?;
    let config_maps = client.namespaced::<ConfigMap>(&args.connection.namespace_of(&client));
    // A big config map: a metadata-only read does not transfer its megabyte.
    let big = ConfigMap {
        metadata: ObjectMeta { name: "metadata-big".into(), ..Default::default() },
        data: [("blob".to_string(), "x".repeat(1 << 20))].into(),
        ..Default::default()
    };
    match config_maps.create(&big, &CreateOptions::default()).await {
        Ok(_) => {}
        Err(e) if e.is_already_exists() => {}
        Err(e) => return Err(e.into()),
    }

    // The same resource and scope, answered as PartialObjectMetadata(List). The server says
    // what it sent: a server too old for metadata-only answers sends the whole ConfigMap, of
    // which the client keeps the metadata.
    let one = config_maps.get_metadata("metadata-big", &GetOptions::default()).await?;
    println!("get_metadata metadata-big: kind={} apiVersion={}", one.type_meta.kind, one.type_meta.api_version);
    let metas = config_maps.metadata();
    let list = metas.list(&ListOptions::default()).await?;
    for m in list.items.iter().flatten() {
        println!(
            "meta     {}/{} rv={} labels={:?}",
            m.metadata.namespace, m.metadata.name, m.metadata.resource_version, m.metadata.labels
        );
    }

    // `watcher()` (and informers, and controllers) work on metadata as well: a cache of names
    // and owners costs no copy of the objects' bodies.
    let mut events = pin!(watcher(metas, WatcherConfig::default()));
    let deadline = tokio::time::sleep(Duration::from_secs(args.seconds));
    tokio::pin!(deadline);
    loop {
        let event = tokio::select! {
            e = events.next() => e,
            () = &mut deadline => break,
        };
        match event {
            Some(Ok(Event::InitApply(m) | Event::Apply(m))) => {
                println!("watched  {}/{}", m.metadata.namespace, m.metadata.name)
            }
            Some(Ok(Event::Delete(m))) => println!("deleted  {}/{}", m.metadata.namespace, m.metadata.name),
            Some(Ok(Event::Init | Event::InitDone)) => {}
            Some(Err(e)) => eprintln!("retrying: {e}"),
            None => break,
        }
    }
    Ok(())
}
