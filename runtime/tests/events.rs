//! The event recorder end to end: repeated events aggregate into one Event with a series, as
//! client-go's `tools/events`, with the reporting controller and instance set; distinct events
//! stay distinct; floods about one object are dropped.

#[allow(dead_code)] // each suite uses part of it
mod support;

use kapi_api::core::v1::ConfigMap;
use kapi_api::events::v1::Event;
use kapi_api::meta::v1::{CreateOptions, ListOptions};
use kapi_client::{Api, ListResource};
use kapi_runtime::ResourceExt;
use kapi_runtime::events::{EventRecord, EventType, Published, Recorder, Reporter};
use support::*;

fn record(reason: &str) -> EventRecord {
    EventRecord {
        type_: EventType::Normal,
        reason: reason.into(),
        note: Some("scaled to 3".into()),
        action: "Reconciling".into(),
        related: None,
    }
}

async fn events(api: &Api<Event>) -> Vec<Event> {
    api.list(&ListOptions::default()).await.unwrap().into_items()
}

#[tokio::test]
async fn repeated_events_become_one_event_with_a_series() {
    let (_server, client) = server();
    let maps: Api<ConfigMap> = Api::namespaced(client.clone(), "default");
    let cm = maps.create(&config_map("web", &[]), &CreateOptions::default()).await.unwrap();
    let recorder = Recorder::new(client.clone(), Reporter::with_instance("example.com/operator", "operator-0"));
    let api: Api<Event> = Api::namespaced(client.clone(), "default");
    let regarding = cm.object_reference();

    assert_eq!(recorder.publish(&record("Scaled"), &regarding).await.unwrap(), Published::Created);
    let first = events(&api).await;
    assert_eq!(first.len(), 1);
    let e = &first[0];
    assert_eq!(
        (e.reporting_controller.as_str(), e.reporting_instance.as_str()),
        ("example.com/operator", "operator-0")
    );
    assert_eq!((e.reason.as_str(), e.action.as_str(), e.r#type.as_str()), ("Scaled", "Reconciling", "Normal"));
    assert_eq!(e.regarding.name, "web");
    assert!(e.metadata.name.starts_with("web."), "{}", e.metadata.name);
    assert!(e.series.is_none());

    // The second time: the same Event gets a series of two at once.
    assert_eq!(recorder.publish(&record("Scaled"), &regarding).await.unwrap(), Published::SeriesWritten(2));
    let second = events(&api).await;
    assert_eq!(second.len(), 1, "aggregated, not a second Event");
    assert_eq!(second[0].series.as_ref().map(|s| s.count), Some(2));

    // Later repeats are counted, and written by flush.
    for n in 3..=5 {
        assert_eq!(recorder.publish(&record("Scaled"), &regarding).await.unwrap(), Published::Counted(n));
    }
    assert_eq!(events(&api).await[0].series.as_ref().map(|s| s.count), Some(2));
    recorder.flush().await.unwrap();
    let flushed = events(&api).await;
    assert_eq!(flushed.len(), 1);
    let series = flushed[0].series.as_ref().unwrap();
    assert_eq!(series.count, 5);
    assert!(series.last_observed_time >= flushed[0].event_time);

    // Another reason is another Event.
    recorder.publish(&record("Restarted"), &regarding).await.unwrap();
    assert_eq!(events(&api).await.len(), 2);
}

#[tokio::test]
async fn a_flood_about_one_object_is_dropped_after_the_burst() {
    let (_server, client) = server();
    let maps: Api<ConfigMap> = Api::namespaced(client.clone(), "default");
    let cm = maps.create(&config_map("noisy", &[]), &CreateOptions::default()).await.unwrap();
    let recorder = Recorder::new(client.clone(), Reporter::with_instance("example.com/operator", "operator-0"));
    let mut outcomes = Vec::new();
    for i in 0..30 {
        outcomes.push(recorder.publish(&record(&format!("Reason{i}")), &cm.object_reference()).await.unwrap());
    }
    let dropped = outcomes.iter().filter(|o| **o == Published::Dropped).count();
    assert_eq!(dropped, 5, "a burst of 25, then one every five minutes: {outcomes:?}");
    let api: Api<Event> = Api::namespaced(client, "default");
    assert_eq!(events(&api).await.len(), 25);
}
