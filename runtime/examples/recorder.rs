//! Records events.k8s.io/v1 Events with kapi-runtime's `Recorder`: repeats of the same event become one Event with a series count, as client-go's recorder writes them.
//!
//! Runs against an in-process test server; `kubectl events` would show the same Events on a
//! cluster.

use std::sync::Arc;

use kapi_api::core::v1::ConfigMap;
use kapi_api::events::v1::Event;
use kapi_api::meta::v1::{CreateOptions, ListOptions, ObjectMeta};
use kapi_client::{Api, Client, ListResource};
use kapi_runtime::{EventRecord, EventType, Recorder, Reporter, ResourceExt};
use kapi_testing::ApiServer;

#[tokio::main]
async fn main() -> Result<(), Box<dyn std::error::Error>> {
    let server = Arc::new(ApiServer::new());
    server.register::<ConfigMap>()?;
    server.register::<Event>()?;
    let client = Client::new(server, "https://kapi.test")?;
    let config_maps: Api<ConfigMap> = Api::namespaced(client.clone(), "default");
    let cm = ConfigMap { metadata: ObjectMeta { name: "settings".into(), ..Default::default() }, ..Default::default() };
    let cm = config_maps.create(&cm, &CreateOptions::default()).await?;

    // The reporter names the controller (and instance) the events come from.
    let recorder = Recorder::new(client.clone(), Reporter::with_instance("example.kapi.io/recorder", "recorder-0"));
    let synced = EventRecord {
        type_: EventType::Normal,
        reason: "Synced".into(),
        note: Some("settings copied to the workers".into()),
        action: "Sync".into(),
        related: None,
    };
    let invalid = EventRecord {
        type_: EventType::Warning,
        reason: "InvalidSetting".into(),
        note: Some("workers must be a number".into()),
        action: "Validate".into(),
        related: None,
    };
    // `object_reference` names the object the event is about (kind, namespace, name, uid).
    let about = cm.object_reference();
    for _ in 0..3 {
        recorder.publish(&synced, &about).await?;
    }
    recorder.publish(&invalid, &about).await?;
    // Counts past the second occurrence are kept in memory and written by the series timers
    // (every 6 and 30 minutes); flush writes them now, as a controller does when it stops.
    recorder.flush().await?;

    let events: Api<Event> = Api::namespaced(client, "default");
    let list = events.list(&ListOptions::default()).await?;
    println!("{} events about configmap/{}", list.items().len(), cm.name_any());
    let mut lines: Vec<String> = list
        .items()
        .iter()
        .map(|e| {
            let count = e.series.as_ref().map_or(1, |s| s.count);
            format!("event {} {} x{count} by {}: {}", e.r#type, e.reason, e.reporting_controller, e.note)
        })
        .collect();
    lines.sort();
    for line in lines {
        println!("{line}");
    }
    Ok(())
}
