//! Upstream's events.k8s.io validation test cases (`TestValidateEventForEventsV1Events`, `TestEventV1EventTimeImmutability`, `TestEventV1EventSeries`-style cases), pinned against our validation.

use kapi_machinery::types::{MicroTime, Time};

use super::*;
use crate::core::v1::{EventSource, ObjectReference};
use crate::events::v1::EventSeries;
use crate::meta::v1::ObjectMeta;

fn strings(errs: &ErrorList) -> Vec<String> {
    errs.iter().map(ToString::to_string).collect()
}

fn event() -> Event {
    Event {
        metadata: ObjectMeta { name: "test".into(), namespace: "default".into(), ..Default::default() },
        event_time: MicroTime::from_unix(1_700_000_000, 0),
        reporting_controller: "k8s.io/my-controller".into(),
        reporting_instance: "node-xyz".into(),
        action: "Do".into(),
        reason: "Because".into(),
        regarding: ObjectReference {
            api_version: "v1".into(),
            kind: "Node".into(),
            name: "n".into(),
            ..Default::default()
        },
        r#type: "Normal".into(),
        ..Default::default()
    }
}

#[test]
fn creates_as_upstream() {
    assert!(validate_event(&event(), None).is_empty(), "valid v1 event");
    let mut e = event();
    e.event_time = MicroTime::ZERO;
    e.r#type = "Unknown".into();
    e.deprecated_count = 2;
    e.deprecated_source = EventSource { component: "kubelet".into(), ..Default::default() };
    e.deprecated_first_timestamp = Time::from_unix(1_700_000_000);
    assert_eq!(
        strings(&validate_event(&e, None)),
        [
            "eventTime: Required value",
            r#"type: Invalid value: "": has invalid value: Unknown"#,
            r#"firstTimestamp: Invalid value: "": needs to be unset"#,
            r#"count: Invalid value: "": needs to be unset"#,
            r#"source: Invalid value: "": needs to be unset"#,
        ]
    );
    let mut e = event();
    e.reporting_controller = String::new();
    e.action = String::new();
    e.series = Some(EventSeries { count: 1, last_observed_time: MicroTime::ZERO });
    let got = strings(&validate_event(&e, None));
    assert_eq!(got[0], "reportingController: Required value");
    assert!(got.contains(&"action: Required value".to_owned()), "{got:?}");
    assert!(got.contains(&r#"series.count: Invalid value: "": should be at least 2"#.to_owned()), "{got:?}");
    assert!(got.contains(&"series.lastObservedTime: Required value".to_owned()), "{got:?}");
}

#[test]
fn updates_keep_every_field() {
    let old = event();
    let mut new = old.clone();
    new.metadata.labels.insert("a".into(), "b".into());
    assert!(validate_event(&new, Some(&old)).is_empty());
    new.event_time = MicroTime::from_unix(1_700_000_001, 500_000_000);
    new.note = "changed".into();
    assert_eq!(
        strings(&validate_event(&new, Some(&old))),
        [
            r#"message: Invalid value: "changed": field is immutable"#,
            "eventTime: Invalid value: 2023-11-14 22:13:21.5 +0000 UTC: field is immutable",
        ]
    );
    // A series may change, but must then be valid.
    let mut new = old.clone();
    new.series = Some(EventSeries { count: 2, last_observed_time: MicroTime::from_unix(1_700_000_100, 0) });
    assert!(validate_event(&new, Some(&old)).is_empty());
    let mut s = kapi_machinery::Scheme::new();
    crate::events::install(&mut s).expect("events installs");
    assert_eq!(s.validate(&Event { r#type: "Bad".into(), ..event() }, None).len(), 1);
}
