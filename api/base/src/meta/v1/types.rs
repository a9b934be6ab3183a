//! Object metadata, status, selectors, conditions and group/version/kind/resource identifiers of `meta/v1`.

use std::collections::BTreeMap;

use kapi_machinery::TypeMeta;
use kapi_machinery::types::{FieldsV1, Time};

use crate::Kapi;

/// Finalizer that orphans an object's dependents before it is deleted.
pub const FINALIZER_ORPHAN_DEPENDENTS: &str = "orphan";
/// Finalizer that deletes an object's dependents in the foreground before it is deleted.
pub const FINALIZER_DELETE_DEPENDENTS: &str = "foregroundDeletion";

/// The namespace used when a client does not name one.
pub const NAMESPACE_DEFAULT: &str = "default";
/// The namespace argument that means every namespace.
pub const NAMESPACE_ALL: &str = "";
/// The namespace argument for objects without a namespace.
pub const NAMESPACE_NONE: &str = "";
/// The namespace of system components.
pub const NAMESPACE_SYSTEM: &str = "kube-system";
/// The namespace of publicly readable information.
pub const NAMESPACE_PUBLIC: &str = "kube-public";

/// The field path of an object's name, for field selectors.
pub const OBJECT_NAME_FIELD: &str = "metadata.name";

/// Metadata of list and other synthetic responses.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct ListMeta {
    /// Deprecated link to the object; no longer set by servers.
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub self_link: String,
    /// Opaque version of the collection, for concurrency control and watches.
    #[kapi(proto = 2, omitempty)]
    #[kapi(optional)]
    pub resource_version: String,
    /// Token to fetch the next chunk of a limited list.
    #[kapi(proto = 3, omitempty, json = "continue")]
    pub continue_: String,
    /// Estimated number of items not included in this chunk.
    #[kapi(proto = 4, omitempty)]
    #[kapi(optional)]
    pub remaining_item_count: Option<i64>,
    /// The shard selector that produced this (partial) list, if any.
    #[kapi(proto = 5, omitempty)]
    #[kapi(optional)]
    pub shard_info: Option<ShardInfo>,
}

/// The shard selector a list response was filtered with.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct ShardInfo {
    /// The shard selector from the request, echoed back.
    #[kapi(proto = 1)]
    #[kapi(required)]
    pub selector: String,
}

/// Metadata every persisted object has.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct ObjectMeta {
    /// Name, unique within the namespace.
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub name: String,
    /// Prefix from which the server generates a unique name when `name` is empty.
    #[kapi(proto = 2, omitempty)]
    #[kapi(optional)]
    pub generate_name: String,
    /// Namespace of the object; empty for cluster-scoped objects.
    #[kapi(proto = 3, omitempty)]
    #[kapi(optional)]
    pub namespace: String,
    /// Deprecated link to the object; no longer set by servers.
    #[kapi(proto = 4, omitempty)]
    #[kapi(optional)]
    pub self_link: String,
    /// Unique identifier assigned by the server.
    #[kapi(proto = 5, omitempty)]
    #[kapi(optional)]
    pub uid: String,
    /// Opaque internal version, for optimistic concurrency and watches.
    #[kapi(proto = 6, omitempty)]
    #[kapi(optional)]
    pub resource_version: String,
    /// Sequence number of the desired state.
    #[kapi(proto = 7, omitempty)]
    #[kapi(optional)]
    pub generation: i64,
    /// When the object was created.
    #[kapi(proto = 8, omitempty, omitzero)]
    #[kapi(optional)]
    pub creation_timestamp: Time,
    /// When the object will be deleted, once graceful deletion was requested.
    #[kapi(proto = 9, omitempty)]
    #[kapi(optional)]
    pub deletion_timestamp: Option<Time>,
    /// Seconds granted for graceful termination.
    #[kapi(proto = 10, omitempty)]
    #[kapi(optional)]
    pub deletion_grace_period_seconds: Option<i64>,
    /// Labels for organising and selecting objects.
    #[kapi(proto = 11, omitempty)]
    #[kapi(optional)]
    pub labels: BTreeMap<String, String>,
    /// Arbitrary non-identifying metadata.
    #[kapi(proto = 12, omitempty)]
    #[kapi(optional)]
    pub annotations: BTreeMap<String, String>,
    /// Objects this object depends on.
    #[kapi(proto = 13, omitempty)]
    #[kapi(optional, patch_strategy = "merge", patch_merge_key = "uid", list_type = "map", list_map_key = "uid")]
    pub owner_references: Vec<OwnerReference>,
    /// Entries that must be removed before the object is deleted.
    #[kapi(proto = 14, omitempty)]
    #[kapi(optional, patch_strategy = "merge", list_type = "set")]
    pub finalizers: Vec<String>,
    /// Which manager owns which fields.
    #[kapi(proto = 17, omitempty)]
    #[kapi(optional, list_type = "atomic")]
    pub managed_fields: Vec<ManagedFieldsEntry>,
}

/// Identifies an owning object in the same namespace (or a cluster-scoped one).
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(struct_type = "atomic")]
pub struct OwnerReference {
    /// API version of the owner.
    #[kapi(proto = 5)]
    pub api_version: String,
    /// Kind of the owner.
    #[kapi(proto = 1)]
    pub kind: String,
    /// Name of the owner.
    #[kapi(proto = 3)]
    pub name: String,
    /// UID of the owner.
    #[kapi(proto = 4)]
    pub uid: String,
    /// Whether the owner is the managing controller.
    #[kapi(proto = 6, omitempty)]
    #[kapi(optional)]
    pub controller: Option<bool>,
    /// Whether the owner's foreground deletion waits for this reference to go.
    #[kapi(proto = 7, omitempty)]
    #[kapi(optional)]
    pub block_owner_deletion: Option<bool>,
}

/// The kind of operation that produced a managed fields entry.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct ManagedFieldsOperationType(pub String);

impl ManagedFieldsOperationType {
    /// The fields were set by a server-side apply.
    pub const APPLY: &'static str = "Apply";
    /// The fields were set by an update.
    pub const UPDATE: &'static str = "Update";
}

/// A manager, the operation it did, and the set of fields it owns.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct ManagedFieldsEntry {
    /// Identifier of the managing workflow.
    #[kapi(proto = 1, omitempty)]
    pub manager: String,
    /// The operation that created the entry.
    #[kapi(proto = 2, omitempty)]
    pub operation: ManagedFieldsOperationType,
    /// The version of the resource the field set applies to.
    #[kapi(proto = 3, omitempty)]
    pub api_version: String,
    /// When the entry was last changed.
    #[kapi(proto = 4, omitempty)]
    #[kapi(optional)]
    pub time: Option<Time>,
    /// Format of the field set; only `FieldsV1` exists.
    #[kapi(proto = 6, omitempty)]
    pub fields_type: String,
    /// The field set in the `FieldsV1` format.
    #[kapi(proto = 7, omitempty)]
    #[kapi(optional)]
    pub fields_v1: Option<FieldsV1>,
    /// Subresource the update went through, if any.
    #[kapi(proto = 8, omitempty)]
    pub subresource: String,
}

/// A label query: all of `matchLabels` and `matchExpressions` must hold.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(struct_type = "atomic")]
pub struct LabelSelector {
    /// Labels that must have exactly these values.
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub match_labels: BTreeMap<String, String>,
    /// Further requirements on labels.
    #[kapi(proto = 2, omitempty)]
    #[kapi(optional, list_type = "atomic")]
    pub match_expressions: Vec<LabelSelectorRequirement>,
}

/// One requirement on a label: a key, an operator and values.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct LabelSelectorRequirement {
    /// The label key.
    #[kapi(proto = 1)]
    pub key: String,
    /// How the key relates to the values.
    #[kapi(proto = 2)]
    pub operator: LabelSelectorOperator,
    /// The values, for `In` and `NotIn`.
    #[kapi(proto = 3, omitempty)]
    #[kapi(optional, list_type = "atomic")]
    pub values: Vec<String>,
}

/// The operator of a label selector requirement.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct LabelSelectorOperator(pub String);

impl LabelSelectorOperator {
    /// The label's value is one of the values.
    pub const IN: &'static str = "In";
    /// The label's value is none of the values.
    pub const NOT_IN: &'static str = "NotIn";
    /// The label is present.
    pub const EXISTS: &'static str = "Exists";
    /// The label is absent.
    pub const DOES_NOT_EXIST: &'static str = "DoesNotExist";
}

/// One requirement on a field: a key, an operator and values.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct FieldSelectorRequirement {
    /// The field selector key.
    #[kapi(proto = 1)]
    pub key: String,
    /// How the key relates to the values.
    #[kapi(proto = 2)]
    pub operator: FieldSelectorOperator,
    /// The values, for `In` and `NotIn`.
    #[kapi(proto = 3, omitempty)]
    #[kapi(optional, list_type = "atomic")]
    pub values: Vec<String>,
}

/// The operator of a field selector requirement.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct FieldSelectorOperator(pub String);

impl FieldSelectorOperator {
    /// The field's value is one of the values.
    pub const IN: &'static str = "In";
    /// The field's value is none of the values.
    pub const NOT_IN: &'static str = "NotIn";
    /// The field is present.
    pub const EXISTS: &'static str = "Exists";
    /// The field is absent.
    pub const DOES_NOT_EXIST: &'static str = "DoesNotExist";
}

/// Whether a condition holds.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct ConditionStatus(pub String);

impl ConditionStatus {
    /// The condition holds.
    pub const TRUE: &'static str = "True";
    /// The condition does not hold.
    pub const FALSE: &'static str = "False";
    /// It is not known whether the condition holds.
    pub const UNKNOWN: &'static str = "Unknown";
}

/// One aspect of a resource's current state, as kept in `status.conditions`.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct Condition {
    /// The condition's type, in CamelCase.
    #[kapi(proto = 1)]
    #[kapi(required)]
    pub r#type: String,
    /// `True`, `False` or `Unknown`.
    #[kapi(proto = 2)]
    #[kapi(required)]
    pub status: ConditionStatus,
    /// The `metadata.generation` the condition was computed from.
    #[kapi(proto = 3, omitempty)]
    #[kapi(optional)]
    pub observed_generation: i64,
    /// When the status last changed.
    #[kapi(proto = 4)]
    #[kapi(required)]
    pub last_transition_time: Time,
    /// Programmatic reason for the last transition.
    #[kapi(proto = 5)]
    #[kapi(required)]
    pub reason: String,
    /// Human-readable details of the last transition.
    #[kapi(proto = 6)]
    #[kapi(required)]
    pub message: String,
}

/// `Status.status` of a successful operation.
pub const STATUS_SUCCESS: &str = "Success";
/// `Status.status` of a failed operation.
pub const STATUS_FAILURE: &str = "Failure";

/// The result of an operation that returns no other object.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(kind, group = "", version = "v1")]
pub struct Status {
    /// Kind and API version, `Status` in `v1` for an error or result of any group's request.
    #[kapi(inline)]
    pub type_meta: TypeMeta,
    /// List metadata.
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub metadata: ListMeta,
    /// `Success` or `Failure`.
    #[kapi(proto = 2, omitempty)]
    #[kapi(optional)]
    pub status: String,
    /// Human-readable description.
    #[kapi(proto = 3, omitempty)]
    #[kapi(optional)]
    pub message: String,
    /// Machine-readable reason for a failure.
    #[kapi(proto = 4, omitempty)]
    #[kapi(optional)]
    pub reason: StatusReason,
    /// Extra data for the reason.
    #[kapi(proto = 5, omitempty)]
    #[kapi(optional)]
    pub details: Option<StatusDetails>,
    /// Suggested HTTP status code; 0 when unset.
    #[kapi(proto = 6, omitempty)]
    #[kapi(optional)]
    pub code: i32,
}

/// Extra data about a status, depending on its reason.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct StatusDetails {
    /// Name of the resource concerned.
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub name: String,
    /// Group of the resource concerned.
    #[kapi(proto = 2, omitempty)]
    #[kapi(optional)]
    pub group: String,
    /// Kind of the resource concerned.
    #[kapi(proto = 3, omitempty)]
    #[kapi(optional)]
    pub kind: String,
    /// UID of the resource concerned.
    #[kapi(proto = 6, omitempty)]
    #[kapi(optional)]
    pub uid: String,
    /// Individual causes of the failure.
    #[kapi(proto = 4, omitempty)]
    #[kapi(optional, list_type = "atomic")]
    pub causes: Vec<StatusCause>,
    /// Seconds to wait before retrying.
    #[kapi(proto = 5, omitempty)]
    #[kapi(optional)]
    pub retry_after_seconds: i32,
}

/// Machine-readable reason of a failed status; each maps to one HTTP status code.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct StatusReason(pub String);

impl StatusReason {
    /// No specific reason (500).
    pub const UNKNOWN: &'static str = "";
    /// Credentials are missing or insufficient (401).
    pub const UNAUTHORIZED: &'static str = "Unauthorized";
    /// The request is refused (403).
    pub const FORBIDDEN: &'static str = "Forbidden";
    /// A required resource does not exist (404).
    pub const NOT_FOUND: &'static str = "NotFound";
    /// The resource being created exists already (409).
    pub const ALREADY_EXISTS: &'static str = "AlreadyExists";
    /// The operation conflicts with the current state (409).
    pub const CONFLICT: &'static str = "Conflict";
    /// The resource is gone and has no forwarding address (410).
    pub const GONE: &'static str = "Gone";
    /// The submitted data is invalid (422).
    pub const INVALID: &'static str = "Invalid";
    /// The server could not finish in time; retry (500).
    pub const SERVER_TIMEOUT: &'static str = "ServerTimeout";
    /// Reading from the backing store failed (500).
    pub const STORE_READ_ERROR: &'static str = "StorageReadError";
    /// The request's own timeout elapsed (504).
    pub const TIMEOUT: &'static str = "Timeout";
    /// Too many requests; retry later (429).
    pub const TOO_MANY_REQUESTS: &'static str = "TooManyRequests";
    /// The request makes no sense (400).
    pub const BAD_REQUEST: &'static str = "BadRequest";
    /// The action is not supported for the resource (405).
    pub const METHOD_NOT_ALLOWED: &'static str = "MethodNotAllowed";
    /// None of the accepted media types can be served (406).
    pub const NOT_ACCEPTABLE: &'static str = "NotAcceptable";
    /// The request body is too large (413).
    pub const REQUEST_ENTITY_TOO_LARGE: &'static str = "RequestEntityTooLarge";
    /// The request's media type is not supported (415).
    pub const UNSUPPORTED_MEDIA_TYPE: &'static str = "UnsupportedMediaType";
    /// An unexpected internal error (500).
    pub const INTERNAL_ERROR: &'static str = "InternalError";
    /// The requested content has expired (410).
    pub const EXPIRED: &'static str = "Expired";
    /// The service is temporarily unavailable (503).
    pub const SERVICE_UNAVAILABLE: &'static str = "ServiceUnavailable";
}

/// One cause of a failed status.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct StatusCause {
    /// Machine-readable type of the cause.
    #[kapi(proto = 1, omitempty, json = "reason")]
    #[kapi(optional)]
    pub r#type: CauseType,
    /// Human-readable description.
    #[kapi(proto = 2, omitempty)]
    #[kapi(optional)]
    pub message: String,
    /// JSON path of the field that caused the error.
    #[kapi(proto = 3, omitempty)]
    #[kapi(optional)]
    pub field: String,
}

/// Machine-readable type of a status cause.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct CauseType(pub String);

impl CauseType {
    /// A requested value was not found.
    pub const FIELD_VALUE_NOT_FOUND: &'static str = "FieldValueNotFound";
    /// A required value is missing.
    pub const FIELD_VALUE_REQUIRED: &'static str = "FieldValueRequired";
    /// A value that must be unique is duplicated.
    pub const FIELD_VALUE_DUPLICATE: &'static str = "FieldValueDuplicate";
    /// A value is malformed.
    pub const FIELD_VALUE_INVALID: &'static str = "FieldValueInvalid";
    /// A well-formed value is not supported.
    pub const FIELD_VALUE_NOT_SUPPORTED: &'static str = "FieldValueNotSupported";
    /// A value is not permitted under the current conditions.
    pub const FORBIDDEN: &'static str = "FieldValueForbidden";
    /// A value is too long.
    pub const TOO_LONG: &'static str = "FieldValueTooLong";
    /// A value is too short.
    pub const TOO_SHORT: &'static str = "FieldValueTooShort";
    /// A list has too many items.
    pub const TOO_MANY: &'static str = "FieldValueTooMany";
    /// A list has too few items.
    pub const TOO_FEW: &'static str = "FieldValueTooFew";
    /// An error unrelated to the input.
    pub const INTERNAL: &'static str = "InternalError";
    /// A value has the wrong type.
    pub const TYPE_INVALID: &'static str = "FieldValueTypeInvalid";
    /// The server answered with an unexpected response.
    pub const UNEXPECTED_SERVER_RESPONSE: &'static str = "UnexpectedServerResponse";
    /// Another manager owns the field (server-side apply).
    pub const FIELD_MANAGER_CONFLICT: &'static str = "FieldManagerConflict";
    /// The requested resource version is newer than the server has seen.
    pub const RESOURCE_VERSION_TOO_LARGE: &'static str = "ResourceVersionTooLarge";
}

/// A group and resource, without a version.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct GroupResource {
    /// The API group.
    #[kapi(proto = 1)]
    pub group: String,
    /// The resource.
    #[kapi(proto = 2)]
    pub resource: String,
}

/// A group, version and resource.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct GroupVersionResource {
    /// The API group.
    #[kapi(proto = 1)]
    pub group: String,
    /// The version.
    #[kapi(proto = 2)]
    pub version: String,
    /// The resource.
    #[kapi(proto = 3)]
    pub resource: String,
}

/// A group and kind, without a version.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct GroupKind {
    /// The API group.
    #[kapi(proto = 1)]
    pub group: String,
    /// The kind.
    #[kapi(proto = 2)]
    pub kind: String,
}

/// A group, version and kind, as an API field.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct GroupVersionKind {
    /// The API group.
    #[kapi(proto = 1)]
    pub group: String,
    /// The version.
    #[kapi(proto = 2)]
    pub version: String,
    /// The kind.
    #[kapi(proto = 3)]
    pub kind: String,
}

impl From<&kapi_machinery::GroupVersionKind> for GroupVersionKind {
    fn from(g: &kapi_machinery::GroupVersionKind) -> Self {
        GroupVersionKind { group: g.group.clone(), version: g.version.clone(), kind: g.kind.clone() }
    }
}

impl From<&GroupVersionKind> for kapi_machinery::GroupVersionKind {
    fn from(g: &GroupVersionKind) -> Self {
        kapi_machinery::GroupVersionKind::new(g.group.clone(), g.version.clone(), g.kind.clone())
    }
}
