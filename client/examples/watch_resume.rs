//! A raw watch with bookmarks that resumes where it stopped: changes made while no watch was open arrive on the next watch, from the last resourceVersion seen, with no relist.
//!
//! ```text
//! cargo run -p kapi-client --example watch_resume
//! ```

mod common;

use clap::Parser;
use kapi_api::core::v1::ConfigMap;
use kapi_api::meta::v1::{CreateOptions, DeleteOptions, ListOptions, ObjectMeta};
use kapi_client::{Api, StreamExt, WatchEvent};

#[derive(Debug, Parser)]
struct Args {
    #[command(flatten)]
    connection: common::Connection,
}

#[tokio::main]
async fn main() -> std::process::ExitCode {
    common::exit(run(Args::parse()).await)
}

async fn create(api: &Api<ConfigMap>, name: &str) -> Result<(), kapi_client::Error> {
    let labels = [("example".to_string(), "resume".to_string())].into();
    let cm =
        ConfigMap { metadata: ObjectMeta { name: name.into(), labels, ..Default::default() }, ..Default::default() };
    api.create(&cm, &CreateOptions::default()).await.map(|_| ())
}

/// Follows one watch until the server ends it; returns the last resourceVersion seen.
async fn follow(api: &Api<ConfigMap>, from: &str, during: Option<&str>) -> Result<String, Box<dyn std::error::Error>> {
    // Bookmarks carry only a resourceVersion: they move the resume point on when nothing we
    // watch changes. The server ends the watch after `timeout` seconds.
    let options = ListOptions::default().labels("example=resume").resource_version(from).bookmarks(true).timeout(1);
    let mut events = api.watch(&options).await?;
    if let Some(name) = during {
        create(api, name).await?;
    }
    let mut last = from.to_owned();
    while let Some(event) = events.next().await {
        match event? {
            WatchEvent::Added(cm) | WatchEvent::Modified(cm) => {
                println!("  ADDED/MODIFIED {} at {}", cm.metadata.name, cm.metadata.resource_version);
                last = cm.metadata.resource_version;
            }
            WatchEvent::Deleted(cm) => {
                println!("  DELETED {} at {}", cm.metadata.name, cm.metadata.resource_version);
                last = cm.metadata.resource_version;
            }
            WatchEvent::Bookmark(b) => {
                println!("  BOOKMARK at {}", b.metadata.resource_version);
                last = b.metadata.resource_version;
            }
            // 410 Gone: the version is older than the server keeps; only a relist helps then
            // (the `watcher` does that by itself).
            WatchEvent::Error(status) => return Err(format!("watch failed: {} {}", status.code, status.message).into()),
        }
    }
    Ok(last)
}

async fn run(args: Args) -> Result<(), Box<dyn std::error::Error>> {
    let client = args.connection.client()?;
    let api = client.namespaced::<ConfigMap>(&args.connection.namespace_of(&client));
    for name in ["resume-1", "resume-2"] {
        match api.delete(name, &DeleteOptions::default()).await {
            Err(e) if e.is_not_found() => {}
            Err(e) => return Err(e.into()),
            Ok(_) => {}
        }
    }

    let list = api.list(&ListOptions::default().labels("example=resume")).await?;
    let listed = list.metadata.resource_version;
    println!("listed at {listed}; watching");
    let last = follow(&api, &listed, Some("resume-1")).await?;
    println!("watch ended at {last}; resume-2 is created while no watch is open");
    create(&api, "resume-2").await?;
    println!("resuming from {last}");
    let after = follow(&api, &last, None).await?;
    println!("resumed watch ended at {after}");
    Ok(())
}
