//! Type definitions of `events.k8s.io/v1beta1`.

use kapi_machinery::TypeMeta;
use kapi_machinery::types::{MicroTime, Time};

use crate::Kapi;
use crate::core::v1::{EventSource, ObjectReference};
use crate::meta::v1::{ListMeta, ObjectMeta};

/// A best-effort report of something that happened to an object, such as a state change.
///
/// +genclient
/// +k8s:prerelease-lifecycle-gen:introduced=1.8
/// +k8s:prerelease-lifecycle-gen:deprecated=1.22
/// +shortNames=ev
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(kind, group = "events.k8s.io", version = "v1beta1")]
pub struct Event {
    /// Kind and API version.
    #[kapi(inline)]
    pub type_meta: TypeMeta,
    /// Standard object metadata.
    #[kapi(proto = 1)]
    #[kapi(optional)]
    pub metadata: ObjectMeta,
    /// When the event was first seen; required.
    #[kapi(proto = 2)]
    pub event_time: MicroTime,
    /// The run this event belongs to; null for a one-off event.
    #[kapi(proto = 3, omitempty)]
    #[kapi(optional)]
    pub series: Option<EventSeries>,
    /// The controller that reported the event, such as `kubernetes.io/kubelet`.
    #[kapi(proto = 4, omitempty)]
    #[kapi(optional)]
    pub reporting_controller: String,
    /// Which instance of that controller emitted it, such as `kubelet-xyzf`; at most 128 chars.
    #[kapi(proto = 5, omitempty)]
    #[kapi(optional)]
    pub reporting_instance: String,
    /// The machine-readable action taken or failed on the object; at most 128 chars.
    #[kapi(proto = 6, omitempty)]
    #[kapi(optional)]
    pub action: String,
    /// Human-readable cause of the action; at most 128 chars.
    #[kapi(proto = 7, omitempty)]
    #[kapi(optional)]
    pub reason: String,
    /// The object the event is about.
    #[kapi(proto = 8, omitempty)]
    #[kapi(optional)]
    pub regarding: ObjectReference,
    /// A second object involved, such as one the action created or deleted.
    #[kapi(proto = 9, omitempty)]
    #[kapi(optional)]
    pub related: Option<ObjectReference>,
    /// A human-readable account; meant to stay under 1kB, though up to 64kB may be seen.
    #[kapi(proto = 10, omitempty)]
    #[kapi(optional)]
    pub note: String,
    /// `Normal` or `Warning`; more types may come.
    #[kapi(proto = 11, omitempty)]
    #[kapi(optional)]
    pub r#type: String,
    /// Source in the older `core/v1` form; kept for compatibility.
    #[kapi(proto = 12, omitempty)]
    #[kapi(optional)]
    pub deprecated_source: EventSource,
    /// First-seen time in the older `core/v1` form; kept for compatibility.
    #[kapi(proto = 13, omitempty)]
    #[kapi(optional)]
    pub deprecated_first_timestamp: Time,
    /// Last-seen time in the older `core/v1` form; kept for compatibility.
    #[kapi(proto = 14, omitempty)]
    #[kapi(optional)]
    pub deprecated_last_timestamp: Time,
    /// Repeat count in the older `core/v1` form; kept for compatibility.
    #[kapi(proto = 15, omitempty)]
    #[kapi(optional)]
    pub deprecated_count: i32,
}

/// A run of repeats of the same event, updated by its reporter on heartbeats.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct EventSeries {
    /// Occurrences counted as of the latest heartbeat.
    #[kapi(proto = 1)]
    pub count: i32,
    /// When the event was last seen before the last heartbeat.
    #[kapi(proto = 2)]
    pub last_observed_time: MicroTime,
}

/// A list of events.
///
/// +k8s:prerelease-lifecycle-gen:introduced=1.8
/// +k8s:prerelease-lifecycle-gen:deprecated=1.22
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(kind, group = "events.k8s.io", version = "v1beta1")]
pub struct EventList {
    /// Kind and API version.
    #[kapi(inline)]
    pub type_meta: TypeMeta,
    /// Standard list metadata.
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub metadata: ListMeta,
    /// The events.
    #[kapi(proto = 2)]
    pub items: Option<Vec<Event>>,
}
