//! Type definitions of `events.k8s.io/v1`.

use kapi_machinery::TypeMeta;
use kapi_machinery::types::{MicroTime, Time};

use crate::Kapi;
use crate::core::v1::{EventSource, ObjectReference};
use crate::meta::v1::{ListMeta, ObjectMeta};

/// +genclient
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(kind, group = "events.k8s.io", version = "v1")]
pub struct Event {
    #[kapi(inline)]
    pub type_meta: TypeMeta,
    #[kapi(proto = 1)]
    #[kapi(optional)]
    pub metadata: ObjectMeta,
    #[kapi(proto = 2)]
    pub event_time: MicroTime,
    #[kapi(proto = 3, omitempty)]
    #[kapi(optional)]
    pub series: Option<EventSeries>,
    #[kapi(proto = 4, omitempty)]
    pub reporting_controller: String,
    #[kapi(proto = 5, omitempty)]
    pub reporting_instance: String,
    #[kapi(proto = 6, omitempty)]
    pub action: String,
    #[kapi(proto = 7, omitempty)]
    pub reason: String,
    #[kapi(proto = 8, omitempty)]
    #[kapi(optional)]
    pub regarding: ObjectReference,
    #[kapi(proto = 9, omitempty)]
    #[kapi(optional)]
    pub related: Option<ObjectReference>,
    #[kapi(proto = 10, omitempty)]
    #[kapi(optional)]
    pub note: String,
    #[kapi(proto = 11, omitempty)]
    pub r#type: String,
    #[kapi(proto = 12, omitempty)]
    #[kapi(optional)]
    pub deprecated_source: EventSource,
    #[kapi(proto = 13, omitempty)]
    #[kapi(optional)]
    pub deprecated_first_timestamp: Time,
    #[kapi(proto = 14, omitempty)]
    #[kapi(optional)]
    pub deprecated_last_timestamp: Time,
    #[kapi(proto = 15, omitempty)]
    #[kapi(optional)]
    pub deprecated_count: i32,
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct EventSeries {
    #[kapi(proto = 1)]
    pub count: i32,
    #[kapi(proto = 2)]
    pub last_observed_time: MicroTime,
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(kind, group = "events.k8s.io", version = "v1")]
pub struct EventList {
    #[kapi(inline)]
    pub type_meta: TypeMeta,
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub metadata: ListMeta,
    #[kapi(proto = 2)]
    pub items: Option<Vec<Event>>,
}
