//! Hand-written validation of events.k8s.io/v1 events, with the checks, field paths and messages of upstream's `ValidateEventCreate` and `ValidateEventUpdate` for requests to events.k8s.io/v1.
//!
//! Upstream validates its internal event, whose field names are core/v1's: the errors name
//! `involvedObject`, `message`, `firstTimestamp`, `count`, `source` and so on, not the
//! events.k8s.io names (`regarding`, `note`, `deprecatedFirstTimestamp`, ...), as a cluster
//! reports them. The legacy checks are core/v1's (`validate_event`), run on the same fields.

use kapi_machinery::types::{MicroTime, Time};
use kapi_machinery::validation::{BadValue, ErrorList, FieldError};

use super::Event;
use crate::core::v1::validation::{IMMUTABLE, json_value, validate_event as legacy};
use crate::core::v1::{Event as CoreEvent, EventSeries as CoreSeries};

/// The internal event upstream validates: the core/v1 fields the events.k8s.io ones convert to.
fn as_core(e: &Event) -> CoreEvent {
    CoreEvent {
        metadata: e.metadata.clone(),
        involved_object: e.regarding.clone(),
        reason: e.reason.clone(),
        message: e.note.clone(),
        source: e.deprecated_source.clone(),
        first_timestamp: e.deprecated_first_timestamp,
        last_timestamp: e.deprecated_last_timestamp,
        count: e.deprecated_count,
        r#type: e.r#type.clone(),
        event_time: e.event_time,
        series: e.series.as_ref().map(|s| CoreSeries { count: s.count, last_observed_time: s.last_observed_time }),
        action: e.action.clone(),
        related: e.related.clone(),
        reporting_component: e.reporting_controller.clone(),
        reporting_instance: e.reporting_instance.clone(),
        ..CoreEvent::default()
    }
}

/// A `metav1.Time` or `MicroTime` bad value: Go prints it with `time.Time.String`
/// (`2024-01-02 03:04:05.5 +0000 UTC`), as it is a `fmt.Stringer`.
fn go_time(civil: (i64, u8, u8, u8, u8, u8), nanos: u32) -> BadValue {
    let (y, mo, d, h, mi, s) = civil;
    let mut out = format!("{y:04}-{mo:02}-{d:02} {h:02}:{mi:02}:{s:02}");
    if nanos > 0 {
        let frac = format!("{nanos:09}");
        out.push('.');
        out.push_str(frac.trim_end_matches('0'));
    }
    out.push_str(" +0000 UTC");
    BadValue::Json(out)
}

/// Upstream's `validateV1EventSeries`.
fn series(e: &CoreEvent) -> ErrorList {
    let mut errs = ErrorList::new();
    if let Some(s) = &e.series {
        if s.count < 2 {
            errs.push(FieldError::invalid("series.count", "", "should be at least 2"));
        }
        if s.last_observed_time == MicroTime::ZERO {
            errs.push(FieldError::required("series.lastObservedTime", ""));
        }
    }
    errs
}

/// Validates an events.k8s.io/v1 `Event` (upstream's `ValidateEventCreate` and
/// `ValidateEventUpdate` for this API version): the legacy checks, then on create an
/// `eventTime`, a `Normal` or `Warning` type, the series, and the deprecated fields unset; on
/// update the series when it changed, and every other field unchanged.
pub fn validate_event(obj: &Event, old: Option<&Event>) -> ErrorList {
    let e = as_core(obj);
    let mut errs = legacy(&e, None);
    let Some(old) = old else {
        errs.extend(series(&e));
        if e.event_time == MicroTime::ZERO {
            errs.push(FieldError::required("eventTime", ""));
        }
        if e.r#type != "Normal" && e.r#type != "Warning" {
            errs.push(FieldError::invalid("type", "", &format!("has invalid value: {}", e.r#type)));
        }
        for (set, field) in [
            (e.first_timestamp != Time::ZERO, "firstTimestamp"),
            (e.last_timestamp != Time::ZERO, "lastTimestamp"),
            (e.count != 0, "count"),
            (!e.source.component.is_empty() || !e.source.host.is_empty(), "source"),
        ] {
            if set {
                errs.push(FieldError::invalid(field, "", "needs to be unset"));
            }
        }
        return errs;
    };
    let o = as_core(old);
    if e.series != o.series {
        errs.extend(series(&e));
    }
    let strings = |s: &String| BadValue::Str(s.clone());
    let checks: [(bool, &str, BadValue); 14] = [
        (e.involved_object != o.involved_object, "involvedObject", json_value(&e.involved_object)),
        (e.reason != o.reason, "reason", strings(&e.reason)),
        (e.message != o.message, "message", strings(&e.message)),
        (e.source != o.source, "source", json_value(&e.source)),
        (e.first_timestamp != o.first_timestamp, "firstTimestamp", go_time(e.first_timestamp.to_civil(), 0)),
        (e.last_timestamp != o.last_timestamp, "lastTimestamp", go_time(e.last_timestamp.to_civil(), 0)),
        (e.count != o.count, "count", BadValue::Int(i64::from(e.count))),
        // Upstream checks the reason twice.
        (e.reason != o.reason, "reason", strings(&e.reason)),
        (e.r#type != o.r#type, "type", strings(&e.r#type)),
        (e.event_time != o.event_time, "eventTime", go_time(e.event_time.to_civil(), e.event_time.nanos())),
        (e.action != o.action, "action", strings(&e.action)),
        (e.related != o.related, "related", e.related.as_ref().map_or(BadValue::Json("null".into()), json_value)),
        (e.reporting_component != o.reporting_component, "reportingController", strings(&e.reporting_component)),
        (e.reporting_instance != o.reporting_instance, "reportingInstance", strings(&e.reporting_instance)),
    ];
    for (changed, field, value) in checks {
        if changed {
            errs.push(FieldError::invalid_value(field, value, IMMUTABLE));
        }
    }
    errs
}

#[cfg(test)]
#[path = "validation_tests.rs"]
mod tests;
