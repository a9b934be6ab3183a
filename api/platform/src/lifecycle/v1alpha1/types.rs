//! Type definitions of `lifecycle.k8s.io/v1alpha1`.

use kapi_machinery::TypeMeta;
use kapi_machinery::types::Time;

use crate::Kapi;
use crate::meta::v1::{Condition, ListMeta, ObjectMeta};

/// One requester's wish to have a target, such as a pod, evicted gracefully.
///
/// +genclient
/// +k8s:prerelease-lifecycle-gen:introduced=1.37
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(kind, group = "lifecycle.k8s.io", version = "v1alpha1")]
pub struct EvictionRequest {
    /// Kind and API version.
    #[kapi(inline)]
    pub type_meta: TypeMeta,
    /// Standard object metadata.
    ///
    /// +k8s:beta(since: "1.37")=+k8s:subfield(name)=+k8s:format=k8s-long-name
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub metadata: ObjectMeta,
    /// The target, the requester and its intent.
    #[kapi(proto = 2)]
    #[kapi(required)]
    pub spec: EvictionRequestSpec,
    /// Progress as observed by the eviction request controller.
    #[kapi(proto = 3, omitempty)]
    #[kapi(optional)]
    pub status: EvictionRequestStatus,
}

/// What should be evicted, by whom, and whether the request still stands.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct EvictionRequestSpec {
    /// The object to evict; immutable.
    ///
    /// +k8s:immutable
    #[kapi(proto = 1)]
    #[kapi(required)]
    pub target: EvictionRequestTarget,
    /// Who asks, as a domain-prefixed key like `acme.io/foo`; `*.k8s.io` and `*.kubernetes.io` are reserved.
    ///
    /// +k8s:required
    /// +k8s:immutable
    /// +k8s:format=k8s-prefixed-label-key
    /// +k8s:customValidation
    #[kapi(proto = 2)]
    #[kapi(required)]
    pub requester: String,
    /// `Eviction` to ask for eviction, `Withdrawn` to take the request back.
    ///
    /// +k8s:required
    #[kapi(proto = 3)]
    #[kapi(required)]
    pub intent: EvictionRequestIntent,
}

/// The object an eviction request is about.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(union)]
pub struct EvictionRequestTarget {
    /// A pod in the same namespace; pods in a pod group are not supported.
    ///
    /// +k8s:optional
    /// +k8s:unionMember
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub pod: Option<EvictionRequestPodReference>,
}

/// Identifies a pod in the eviction request's namespace.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct EvictionRequestPodReference {
    /// Name of the pod.
    ///
    /// +k8s:required
    /// +k8s:format=k8s-long-name
    #[kapi(proto = 1)]
    #[kapi(required)]
    pub name: String,
    /// UID of the pod, a lowercase UUID.
    ///
    /// +k8s:required
    /// +k8s:format=k8s-uuid
    #[kapi(proto = 2)]
    #[kapi(required)]
    pub uid: String,
}

/// Whether a requester currently wants its target evicted.
///
/// +enum
/// +k8s:enum
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct EvictionRequestIntent(pub String);

impl EvictionRequestIntent {
    /// The requester wants the target evicted.
    pub const EVICTION: &'static str = "Eviction";
    /// The requester no longer wants the eviction; when all withdraw, it is canceled.
    pub const WITHDRAWN: &'static str = "Withdrawn";
}

/// Observed state of an eviction request.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct EvictionRequestStatus {
    /// Conditions such as `TargetEvicted` or `Failed`; at most 100 entries.
    ///
    /// +k8s:optional
    /// +k8s:alpha(since: "1.37")=+k8s:listType=map
    /// +k8s:alpha(since: "1.37")=+k8s:listMapKey=type
    /// +k8s:maxItems=100
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional, list_type = "map", list_map_key = "type", patch_strategy = "merge", patch_merge_key = "type")]
    pub conditions: Vec<Condition>,
    /// The `metadata.generation` last acted on by the controller; at least 1.
    ///
    /// +k8s:optional
    /// +k8s:minimum=1
    /// +k8s:update=NoUnset
    /// +k8s:monotonic
    #[kapi(proto = 2, omitempty)]
    #[kapi(optional)]
    pub observed_generation: Option<i64>,
}

/// A list of `EvictionRequest` objects.
///
/// +k8s:prerelease-lifecycle-gen:introduced=1.37
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(kind, group = "lifecycle.k8s.io", version = "v1alpha1")]
pub struct EvictionRequestList {
    /// Kind and API version.
    #[kapi(inline)]
    pub type_meta: TypeMeta,
    /// Standard list metadata.
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub metadata: ListMeta,
    /// The eviction requests.
    #[kapi(proto = 2)]
    pub items: Option<Vec<EvictionRequest>>,
}

/// The eviction of one target, built by a controller from eviction requests and carried out by responders.
///
/// +genclient
/// +k8s:prerelease-lifecycle-gen:introduced=1.37
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(kind, group = "lifecycle.k8s.io", version = "v1alpha1")]
pub struct Eviction {
    /// Kind and API version.
    #[kapi(inline)]
    pub type_meta: TypeMeta,
    /// Standard object metadata; participants appear as labels whose values are role names.
    ///
    /// +k8s:beta(since: "1.37")=+k8s:subfield(name)=+k8s:format=k8s-long-name
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub metadata: ObjectMeta,
    /// The target being evicted.
    #[kapi(proto = 2)]
    #[kapi(required)]
    pub spec: EvictionSpec,
    /// Progress reported by responders and the controller.
    #[kapi(proto = 3, omitempty)]
    #[kapi(optional)]
    pub status: EvictionStatus,
}

/// The role label value a participant gets on an `Eviction`.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct EvictionParticipantRole(pub String);

impl EvictionParticipantRole {
    /// Asked for the eviction.
    pub const REQUESTER: &'static str = "requester";
    /// Carries out the eviction.
    pub const RESPONDER: &'static str = "responder";
    /// Both asked for and carries out the eviction.
    pub const REQUESTER_RESPONDER: &'static str = "requester-responder";
}

/// What an eviction is about.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct EvictionSpec {
    /// The object to evict; immutable.
    ///
    /// +k8s:immutable
    #[kapi(proto = 1)]
    #[kapi(required)]
    pub target: EvictionTarget,
}

/// The object an eviction is about.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(union)]
pub struct EvictionTarget {
    /// A pod in the same namespace; pods in a pod group are not supported.
    ///
    /// +k8s:optional
    /// +k8s:unionMember
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub pod: Option<EvictionPodReference>,
}

/// Identifies a pod in the eviction's namespace.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct EvictionPodReference {
    /// Name of the pod.
    ///
    /// +k8s:required
    /// +k8s:format=k8s-long-name
    #[kapi(proto = 1)]
    #[kapi(required)]
    pub name: String,
    /// UID of the pod, a lowercase UUID.
    ///
    /// +k8s:required
    /// +k8s:format=k8s-uuid
    #[kapi(proto = 2)]
    #[kapi(required)]
    pub uid: String,
}

/// Observed state of an eviction.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct EvictionStatus {
    /// Conditions such as `TargetEvicted` or `Failed`; at most 100 entries.
    ///
    /// +k8s:optional
    /// +k8s:alpha(since: "1.37")=+k8s:listType=map
    /// +k8s:alpha(since: "1.37")=+k8s:listMapKey=type
    /// +k8s:maxItems=100
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional, list_type = "map", list_map_key = "type", patch_strategy = "merge", patch_merge_key = "type")]
    pub conditions: Vec<Condition>,
    /// The `metadata.generation` last acted on by the controller; at least 1.
    ///
    /// +k8s:optional
    /// +k8s:minimum=1
    /// +k8s:monotonic
    /// +k8s:update=NoUnset
    #[kapi(proto = 2, omitempty)]
    #[kapi(optional)]
    pub observed_generation: Option<i64>,
    /// Everyone who asked, withdrawn ones included; at most 100 entries.
    ///
    /// +k8s:optional
    /// +k8s:listType=map
    /// +k8s:listMapKey=name
    /// +k8s:maxItems=100
    #[kapi(proto = 3, omitempty)]
    #[kapi(optional, list_type = "map", list_map_key = "name", patch_strategy = "merge", patch_merge_key = "name")]
    pub requesters: Vec<Requester>,
    /// Responders that may act, activated one at a time by descending priority.
    ///
    /// +k8s:optional
    /// +k8s:listType=map
    /// +k8s:listMapKey=name
    /// +k8s:maxItems=11
    #[kapi(proto = 4, omitempty)]
    #[kapi(optional, list_type = "map", list_map_key = "name", patch_strategy = "merge", patch_merge_key = "name")]
    pub target_responders: Vec<TargetResponder>,
    /// Per-responder progress, parallel to `target_responders`; only the active one may change its entry.
    ///
    /// +k8s:optional
    /// +k8s:listType=map
    /// +k8s:listMapKey=name
    /// +k8s:maxItems=11
    #[kapi(proto = 5, omitempty)]
    #[kapi(optional, list_type = "map", list_map_key = "name", patch_strategy = "merge", patch_merge_key = "name")]
    pub responders: Vec<ResponderStatus>,
}

/// The kind of an eviction condition.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct EvictionConditionType(pub String);

impl EvictionConditionType {
    /// No responder is working on the eviction any more, after cancellation or failure.
    pub const FAILED: &'static str = "Failed";
    /// The target is gone, for example the pod was deleted or terminated.
    pub const TARGET_EVICTED: &'static str = "TargetEvicted";
}

/// Why an eviction condition has its status.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct EvictionConditionReason(pub String);

impl EvictionConditionReason {
    /// Eviction is proceeding normally.
    pub const AWAITING_EVICTION: &'static str = "AwaitingEviction";
    /// The eviction was rejected for an invalid setup.
    pub const EVICTION_INVALID: &'static str = "EvictionInvalid";
    /// No eviction request with intent `Eviction` remains.
    pub const CANCELED_DUE_TO_NO_REQUESTERS: &'static str = "CanceledDueToNoRequesters";
    /// The target was evicted.
    pub const SUCCEEDED: &'static str = "Succeeded";
    /// Every responder failed and none is left to try.
    pub const NO_FURTHER_RESPONDER: &'static str = "NoFurtherResponder";
    /// The target pod was deleted.
    pub const POD_DELETED: &'static str = "PodDeleted";
    /// The target pod reached a terminal phase.
    pub const POD_TERMINAL: &'static str = "PodTerminal";
    /// The target could not be evicted.
    pub const EVICTION_FAILED: &'static str = "EvictionFailed";
}

/// A party that asked for an eviction, and what it wants now.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(struct_type = "atomic")]
pub struct Requester {
    /// A unique domain-prefixed key like `acme.io/foo`.
    ///
    /// +k8s:required
    /// +k8s:format=k8s-prefixed-label-key
    #[kapi(proto = 1)]
    #[kapi(required)]
    pub name: String,
    /// `Eviction` or `Withdrawn`.
    ///
    /// +k8s:required
    #[kapi(proto = 2)]
    #[kapi(required)]
    pub intent: RequesterIntent,
}

/// Whether a requester currently wants its target evicted.
///
/// +enum
/// +k8s:enum
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct RequesterIntent(pub String);

impl RequesterIntent {
    /// The requester wants the target evicted.
    pub const EVICTION: &'static str = "Eviction";
    /// The requester no longer wants the eviction; when all withdraw, it is canceled.
    pub const WITHDRAWN: &'static str = "Withdrawn";
}

/// A responder that may help evict a target, with its priority and assigned state.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(struct_type = "atomic")]
pub struct TargetResponder {
    /// A unique domain-prefixed key like `acme.io/foo`.
    ///
    /// +k8s:required
    /// +k8s:format=k8s-prefixed-label-key
    #[kapi(proto = 1)]
    #[kapi(required)]
    pub name: String,
    /// Higher goes first; 0 to 100000, with 0 to 999 reserved for `*.k8s.io` responders; immutable.
    ///
    /// +k8s:required
    /// +k8s:minimum=0
    /// +k8s:maximum=100000
    /// +k8s:update=NoModify
    /// +k8s:update=NoUnset
    #[kapi(proto = 2)]
    #[kapi(required)]
    pub priority: Option<i32>,
    /// The state the controller assigned; responders act only while `Active`.
    ///
    /// +k8s:required
    #[kapi(proto = 3)]
    #[kapi(required)]
    pub state: ResponderStateType,
}

/// The state of a responder in an eviction.
///
/// +enum
/// +k8s:enum
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct ResponderStateType(pub String);

impl ResponderStateType {
    /// Must not start yet.
    pub const INACTIVE: &'static str = "Inactive";
    /// Running or about to run; it must keep its heartbeat fresh.
    pub const ACTIVE: &'static str = "Active";
    /// Failed to start or missed its heartbeat deadline.
    pub const INTERRUPTED: &'static str = "Interrupted";
    /// Stopped because no requester still wants the eviction.
    pub const CANCELED: &'static str = "Canceled";
    /// Finished and set its completion time.
    pub const COMPLETED: &'static str = "Completed";
}

/// Progress of one responder, written by that responder.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(struct_type = "granular")]
pub struct ResponderStatus {
    /// The responder's unique domain-prefixed key.
    ///
    /// +k8s:required
    /// +k8s:format=k8s-prefixed-label-key
    #[kapi(proto = 1)]
    #[kapi(required)]
    pub name: String,
    /// When the responder became active; immutable once set.
    ///
    /// +k8s:optional
    /// +k8s:update=NoModify
    /// +k8s:update=NoUnset
    #[kapi(proto = 2, omitempty)]
    #[kapi(optional)]
    pub start_time: Option<Time>,
    /// Last progress report; at most one every 20 seconds is advised.
    ///
    /// +k8s:optional
    #[kapi(proto = 3, omitempty)]
    #[kapi(optional)]
    pub heartbeat_time: Option<Time>,
    /// Estimated end of this responder's work; not in the past, unset if unknown.
    ///
    /// +k8s:optional
    #[kapi(proto = 4, omitempty)]
    #[kapi(optional)]
    pub expected_completion_time: Option<Time>,
    /// When the responder stopped working, successfully or not; immutable once set.
    ///
    /// +k8s:optional
    /// +k8s:update=NoModify
    /// +k8s:update=NoUnset
    #[kapi(proto = 5, omitempty)]
    #[kapi(optional)]
    pub completion_time: Option<Time>,
    /// Human-readable progress details, up to 4000 characters.
    ///
    /// +k8s:optional
    /// +k8s:maxLength=4000
    #[kapi(proto = 6, omitempty)]
    #[kapi(optional)]
    pub message: Option<String>,
}

/// A list of `Eviction` objects.
///
/// +k8s:prerelease-lifecycle-gen:introduced=1.37
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(kind, group = "lifecycle.k8s.io", version = "v1alpha1")]
pub struct EvictionList {
    /// Kind and API version.
    #[kapi(inline)]
    pub type_meta: TypeMeta,
    /// Standard list metadata.
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub metadata: ListMeta,
    /// The evictions.
    #[kapi(proto = 2)]
    pub items: Option<Vec<Eviction>>,
}
