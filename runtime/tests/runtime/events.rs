//! The event recorder end to end: repeated events aggregate into one Event with a series, as
//! client-go's `tools/events`, with the reporting controller and instance set; distinct events
//! stay distinct; floods about one object are dropped; the series timers finish quiet series and
//! refresh long ones (on tokio's paused clock, with short and with client-go's timings).

use crate::support;

use std::time::Duration;

use kapi_api::core::v1::{ConfigMap, ObjectReference};
use kapi_api::events::v1::Event;
use kapi_api::meta::v1::{CreateOptions, ListOptions};
use kapi_client::{Api, ListResource};
use kapi_runtime::ResourceExt;
use kapi_runtime::events::{
    EventRecord, EventType, FINISH_TIME, Published, REFRESH_TIME, Recorder, Reporter, SeriesTiming,
};
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

/// The count of the one series of `reason` on the server.
async fn server_counts(api: &Api<Event>, reason: &str) -> Vec<Option<i32>> {
    let mut counts: Vec<Option<i32>> =
        events(api).await.iter().filter(|e| e.reason == reason).map(|e| e.series.as_ref().map(|s| s.count)).collect();
    counts.sort();
    counts
}

async fn recorder_about(name: &str, timing: SeriesTiming) -> (Recorder, Api<Event>, ObjectReference) {
    let (_server, client) = server();
    let maps: Api<ConfigMap> = Api::namespaced(client.clone(), "default");
    let cm = maps.create(&config_map(name, &[]), &CreateOptions::default()).await.unwrap();
    let recorder = Recorder::new(client.clone(), Reporter::with_instance("example.com/operator", "operator-0"))
        .with_series_timing(timing);
    (recorder, Api::namespaced(client, "default"), cm.object_reference())
}

#[tokio::test(start_paused = true)]
async fn the_finish_timer_writes_a_quiet_series_and_forgets_it() {
    let finish = Duration::from_secs(2);
    let (recorder, api, regarding) =
        recorder_about("web", SeriesTiming { finish, refresh: Duration::from_secs(3600) }).await;
    for n in 1..=4 {
        let published = recorder.publish(&record("Scaled"), &regarding).await.unwrap();
        assert_eq!(
            published,
            [Published::Created, Published::SeriesWritten(2), Published::Counted(3), Published::Counted(4)][n - 1]
        );
    }
    assert_eq!(recorder.publish(&record("Once"), &regarding).await.unwrap(), Published::Created);
    let timers = recorder.spawn_series_timers();

    tokio::time::sleep(finish / 2).await;
    assert_eq!(server_counts(&api, "Scaled").await, [Some(2)], "nothing written before the first tick");
    // Quiet for longer than `finish` at the second tick: the final count is written.
    tokio::time::sleep(finish * 2).await;
    assert_eq!(server_counts(&api, "Scaled").await, [Some(4)]);

    // Both left the cache: the next occurrences start new Events.
    assert_eq!(recorder.publish(&record("Scaled"), &regarding).await.unwrap(), Published::Created);
    assert_eq!(recorder.publish(&record("Once"), &regarding).await.unwrap(), Published::Created);
    assert_eq!(server_counts(&api, "Scaled").await, [None, Some(4)]);
    assert_eq!(server_counts(&api, "Once").await, [None, None]);
    timers.stop();
}

#[tokio::test(start_paused = true)]
async fn the_refresh_timer_writes_a_series_still_going_and_stops_with_its_handle() {
    let refresh = Duration::from_secs(10);
    let second = Duration::from_secs(1);
    let (recorder, api, regarding) =
        recorder_about("web", SeriesTiming { finish: Duration::from_secs(3600), refresh }).await;
    for _ in 0..3 {
        recorder.publish(&record("Scaled"), &regarding).await.unwrap();
    }
    let timers = recorder.spawn_series_timers();
    tokio::time::sleep(refresh / 2).await;
    assert_eq!(server_counts(&api, "Scaled").await, [Some(2)]);
    for _ in 0..2 {
        recorder.publish(&record("Scaled"), &regarding).await.unwrap();
    }
    tokio::time::sleep(refresh / 2 + second).await;
    assert_eq!(server_counts(&api, "Scaled").await, [Some(5)], "written at the first refresh");
    assert_eq!(recorder.publish(&record("Scaled"), &regarding).await.unwrap(), Published::Counted(6));
    tokio::time::sleep(refresh).await;
    assert_eq!(server_counts(&api, "Scaled").await, [Some(6)], "and at every one after");

    drop(timers);
    recorder.publish(&record("Scaled"), &regarding).await.unwrap();
    tokio::time::sleep(refresh * 3).await;
    assert_eq!(server_counts(&api, "Scaled").await, [Some(6)], "no timer runs once its handle is gone");
    recorder.flush().await.unwrap();
    assert_eq!(server_counts(&api, "Scaled").await, [Some(7)]);
}

#[tokio::test(start_paused = true)]
async fn by_default_a_series_is_finished_after_six_quiet_minutes() {
    let (recorder, api, regarding) = recorder_about("web", SeriesTiming::default()).await;
    assert_eq!(recorder.series_timing(), SeriesTiming { finish: FINISH_TIME, refresh: REFRESH_TIME });
    for _ in 0..3 {
        recorder.publish(&record("Scaled"), &regarding).await.unwrap();
    }
    let _timers = recorder.spawn_series_timers();
    tokio::time::sleep(Duration::from_secs(5 * 60)).await;
    assert_eq!(server_counts(&api, "Scaled").await, [Some(2)]);
    // A tick that finds it quiet for more than six minutes (the one at twelve) ends it.
    tokio::time::sleep(Duration::from_secs(8 * 60)).await;
    assert_eq!(server_counts(&api, "Scaled").await, [Some(3)]);
    assert_eq!(recorder.publish(&record("Scaled"), &regarding).await.unwrap(), Published::Created);
}
