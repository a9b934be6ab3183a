//! Type definitions of `lifecycle.k8s.io/v1alpha1`.

use kapi_machinery::TypeMeta;
use kapi_machinery::types::Time;

use crate::Kapi;
use crate::meta::v1::{Condition, ListMeta, ObjectMeta};

/// +genclient
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(kind, group = "lifecycle.k8s.io", version = "v1alpha1")]
pub struct EvictionRequest {
    #[kapi(inline)]
    pub type_meta: TypeMeta,
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub metadata: ObjectMeta,
    #[kapi(proto = 2)]
    #[kapi(required)]
    pub spec: EvictionRequestSpec,
    #[kapi(proto = 3, omitempty)]
    #[kapi(optional)]
    pub status: EvictionRequestStatus,
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct EvictionRequestSpec {
    #[kapi(proto = 1)]
    #[kapi(required)]
    pub target: EvictionRequestTarget,
    #[kapi(proto = 2)]
    #[kapi(required)]
    pub requester: String,
    #[kapi(proto = 3)]
    #[kapi(required)]
    pub intent: EvictionRequestIntent,
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(union)]
pub struct EvictionRequestTarget {
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub pod: Option<EvictionRequestPodReference>,
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct EvictionRequestPodReference {
    #[kapi(proto = 1)]
    #[kapi(required)]
    pub name: String,
    #[kapi(proto = 2)]
    #[kapi(required)]
    pub uid: String,
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct EvictionRequestIntent(pub String);

impl EvictionRequestIntent {
    pub const EVICTION: &'static str = "Eviction";
    pub const WITHDRAWN: &'static str = "Withdrawn";
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct EvictionRequestStatus {
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional, list_type = "map", list_map_key = "type", patch_strategy = "merge", patch_merge_key = "type")]
    pub conditions: Vec<Condition>,
    #[kapi(proto = 2, omitempty)]
    #[kapi(optional)]
    pub observed_generation: Option<i64>,
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(kind, group = "lifecycle.k8s.io", version = "v1alpha1")]
pub struct EvictionRequestList {
    #[kapi(inline)]
    pub type_meta: TypeMeta,
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub metadata: ListMeta,
    #[kapi(proto = 2)]
    pub items: Option<Vec<EvictionRequest>>,
}

/// +genclient
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(kind, group = "lifecycle.k8s.io", version = "v1alpha1")]
pub struct Eviction {
    #[kapi(inline)]
    pub type_meta: TypeMeta,
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub metadata: ObjectMeta,
    #[kapi(proto = 2)]
    #[kapi(required)]
    pub spec: EvictionSpec,
    #[kapi(proto = 3, omitempty)]
    #[kapi(optional)]
    pub status: EvictionStatus,
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct EvictionParticipantRole(pub String);

impl EvictionParticipantRole {
    pub const REQUESTER: &'static str = "requester";
    pub const RESPONDER: &'static str = "responder";
    pub const REQUESTER_RESPONDER: &'static str = "requester-responder";
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct EvictionSpec {
    #[kapi(proto = 1)]
    #[kapi(required)]
    pub target: EvictionTarget,
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(union)]
pub struct EvictionTarget {
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub pod: Option<EvictionPodReference>,
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct EvictionPodReference {
    #[kapi(proto = 1)]
    #[kapi(required)]
    pub name: String,
    #[kapi(proto = 2)]
    #[kapi(required)]
    pub uid: String,
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct EvictionStatus {
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional, list_type = "map", list_map_key = "type", patch_strategy = "merge", patch_merge_key = "type")]
    pub conditions: Vec<Condition>,
    #[kapi(proto = 2, omitempty)]
    #[kapi(optional)]
    pub observed_generation: Option<i64>,
    #[kapi(proto = 3, omitempty)]
    #[kapi(optional, list_type = "map", list_map_key = "name", patch_strategy = "merge", patch_merge_key = "name")]
    pub requesters: Vec<Requester>,
    #[kapi(proto = 4, omitempty)]
    #[kapi(optional, list_type = "map", list_map_key = "name", patch_strategy = "merge", patch_merge_key = "name")]
    pub target_responders: Vec<TargetResponder>,
    #[kapi(proto = 5, omitempty)]
    #[kapi(optional, list_type = "map", list_map_key = "name", patch_strategy = "merge", patch_merge_key = "name")]
    pub responders: Vec<ResponderStatus>,
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct EvictionConditionType(pub String);

impl EvictionConditionType {
    pub const FAILED: &'static str = "Failed";
    pub const TARGET_EVICTED: &'static str = "TargetEvicted";
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct EvictionConditionReason(pub String);

impl EvictionConditionReason {
    pub const AWAITING_EVICTION: &'static str = "AwaitingEviction";
    pub const EVICTION_INVALID: &'static str = "EvictionInvalid";
    pub const CANCELED_DUE_TO_NO_REQUESTERS: &'static str = "CanceledDueToNoRequesters";
    pub const SUCCEEDED: &'static str = "Succeeded";
    pub const NO_FURTHER_RESPONDER: &'static str = "NoFurtherResponder";
    pub const POD_DELETED: &'static str = "PodDeleted";
    pub const POD_TERMINAL: &'static str = "PodTerminal";
    pub const EVICTION_FAILED: &'static str = "EvictionFailed";
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(struct_type = "atomic")]
pub struct Requester {
    #[kapi(proto = 1)]
    #[kapi(required)]
    pub name: String,
    #[kapi(proto = 2)]
    #[kapi(required)]
    pub intent: RequesterIntent,
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct RequesterIntent(pub String);

impl RequesterIntent {
    pub const EVICTION: &'static str = "Eviction";
    pub const WITHDRAWN: &'static str = "Withdrawn";
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(struct_type = "atomic")]
pub struct TargetResponder {
    #[kapi(proto = 1)]
    #[kapi(required)]
    pub name: String,
    #[kapi(proto = 2)]
    #[kapi(required)]
    pub priority: Option<i32>,
    #[kapi(proto = 3)]
    #[kapi(required)]
    pub state: ResponderStateType,
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct ResponderStateType(pub String);

impl ResponderStateType {
    pub const INACTIVE: &'static str = "Inactive";
    pub const ACTIVE: &'static str = "Active";
    pub const INTERRUPTED: &'static str = "Interrupted";
    pub const CANCELED: &'static str = "Canceled";
    pub const COMPLETED: &'static str = "Completed";
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(struct_type = "granular")]
pub struct ResponderStatus {
    #[kapi(proto = 1)]
    #[kapi(required)]
    pub name: String,
    #[kapi(proto = 2, omitempty)]
    #[kapi(optional)]
    pub start_time: Option<Time>,
    #[kapi(proto = 3, omitempty)]
    #[kapi(optional)]
    pub heartbeat_time: Option<Time>,
    #[kapi(proto = 4, omitempty)]
    #[kapi(optional)]
    pub expected_completion_time: Option<Time>,
    #[kapi(proto = 5, omitempty)]
    #[kapi(optional)]
    pub completion_time: Option<Time>,
    #[kapi(proto = 6, omitempty)]
    #[kapi(optional)]
    pub message: Option<String>,
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(kind, group = "lifecycle.k8s.io", version = "v1alpha1")]
pub struct EvictionList {
    #[kapi(inline)]
    pub type_meta: TypeMeta,
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub metadata: ListMeta,
    #[kapi(proto = 2)]
    pub items: Option<Vec<Eviction>>,
}
