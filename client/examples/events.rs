//! Writes an `events.k8s.io/v1` Event about an object and reads it back from a watch of the namespace's events, as `kubectl events --watch` shows them.
//!
//! ```text
//! cargo run -p kapi-client --example events
//! ```

mod common;

use std::time::Duration;

use clap::Parser;
use kapi_api::core::v1::{ConfigMap, ObjectReference};
use kapi_api::events::v1::Event;
use kapi_api::meta::v1::{CreateOptions, ListOptions, ObjectMeta};
use kapi_client::{StreamExt, WatchEvent};
use kapi_machinery::types::MicroTime;

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
    let namespace = args.connection.namespace_of(&client);
    let config_maps = client.namespaced::<ConfigMap>(&namespace);
    let cm =
        ConfigMap { metadata: ObjectMeta { name: "events-demo".into(), ..Default::default() }, ..Default::default() };
    let cm = match config_maps.create(&cm, &CreateOptions::default()).await {
        Err(e) if e.is_already_exists() => config_maps.get("events-demo", &Default::default()).await?,
        other => other?,
    };

    // Watch from now on: the list's resourceVersion, so older events are not replayed.
    let events = client.namespaced::<Event>(&namespace);
    let from = events.list(&ListOptions::default().limit(1)).await?.metadata.resource_version;
    let mut stream = events.watch(&ListOptions::default().resource_version(from).timeout(5)).await?;

    // events.k8s.io/v1 wants who reported it (controller and instance), what it did (action)
    // and why (reason), and a microsecond eventTime. A controller would use kapi-runtime's
    // Recorder, which fills these in and folds repeats into a series.
    let event = Event {
        metadata: ObjectMeta { generate_name: "events-demo-".into(), ..Default::default() },
        event_time: MicroTime::now(),
        reporting_controller: "example.kapi.io/events-example".into(),
        reporting_instance: "events-example-1".into(),
        action: "Touch".into(),
        reason: "Touched".into(),
        note: "the events example touched this config map".into(),
        r#type: "Normal".into(),
        regarding: ObjectReference {
            api_version: "v1".into(),
            kind: "ConfigMap".into(),
            namespace: namespace.clone(),
            name: cm.metadata.name.clone(),
            uid: cm.metadata.uid.clone(),
            ..Default::default()
        },
        ..Default::default()
    };
    let created = events.create(&event, &CreateOptions::default()).await?;
    println!("wrote event {}", created.metadata.name);

    let seen = tokio::time::timeout(Duration::from_secs(5), async {
        while let Some(e) = stream.next().await {
            if let WatchEvent::Added(e) = e?
                && e.metadata.name == created.metadata.name
            {
                return Ok::<_, kapi_client::Error>(Some(e));
            }
        }
        Ok(None)
    })
    .await??;
    let e = seen.ok_or("the watch ended without the event")?;
    let about = format!("{}/{}", e.regarding.kind, e.regarding.name);
    println!("event {} {} {about} by {}: {}", e.r#type, e.reason, e.reporting_controller, e.note);
    Ok(())
}
