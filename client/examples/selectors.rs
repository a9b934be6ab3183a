//! Label and field selectors: builds selectors with the typed builder and from text, and lets the server filter lists with them.
//!
//! ```text
//! cargo run -p kapi-client --example selectors
//! ```

mod common;

use clap::Parser;
use kapi_api::core::v1::ConfigMap;
use kapi_api::meta::v1::{CreateOptions, ListOptions, ObjectMeta};
use kapi_client::ListResource;
use kapi_client::labels::Selector;

#[derive(Debug, Parser)]
struct Args {
    #[command(flatten)]
    connection: common::Connection,
}

#[tokio::main]
async fn main() -> std::process::ExitCode {
    common::exit(run(Args::parse()).await)
}

async fn run(args: Args) -> Result<(), Box<dyn std::error::Error>> {
    let client = args.connection.client()?;
    let config_maps = client.namespaced::<ConfigMap>(&args.connection.namespace_of(&client));
    for (name, app, tier) in
        [("sel-web", "web", "frontend"), ("sel-api", "api", "backend"), ("sel-db", "db", "backend")]
    {
        let labels = [("example", "selectors"), ("app", app), ("tier", tier)];
        let cm = ConfigMap {
            metadata: ObjectMeta {
                name: name.into(),
                labels: labels.into_iter().map(|(k, v)| (k.to_string(), v.to_string())).collect(),
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

    // A typed selector: keys and values are checked as they are added, and it prints as the
    // wire form (`example=selectors,tier in (backend)`).
    let backend = Selector::new().eq("example", "selectors").in_("tier", ["backend"]).validate()?;
    // The same grammar kubectl's `-l` takes, parsed (errors name the byte offset).
    let not_db: Selector = "example=selectors,app!=db".parse()?;
    for selector in [backend, not_db] {
        let list = config_maps.list(&ListOptions::default().labels(&selector)).await?;
        let names: Vec<&str> = list.items().iter().map(|c| c.metadata.name.as_str()).collect();
        println!("labels {selector}: {}", names.join(" "));
        // A selector also matches objects in memory (a cache, a lister) without asking the server.
        if !list.items().iter().all(|c| selector.matches(&c.metadata.labels)) {
            return Err(format!("the server returned objects {selector} does not match").into());
        }
    }

    // Field selectors: only the fields the server indexes for the kind (every kind has
    // `metadata.name` and `metadata.namespace`).
    let by_name = ListOptions::default().fields("metadata.name=sel-api");
    let list = config_maps.list(&by_name).await?;
    let names: Vec<&str> = list.items().iter().map(|c| c.metadata.name.as_str()).collect();
    println!("fields metadata.name=sel-api: {}", names.join(" "));
    match config_maps.list(&ListOptions::default().fields("data.color=red")).await {
        Err(e) => println!("fields data.color=red refused: {e}"),
        Ok(_) => return Err("the server accepted a field selector on an unindexed field".into()),
    }
    Ok(())
}
