//! The internal (hub) types of `admission.k8s.io`, which every version converts to and from.

use std::collections::BTreeMap;

use kapi_machinery::TypeMeta;
use kapi_machinery::types::RawExtension;
use kapi_macros::Kapi;

use crate::authentication::v1::UserInfo;
use crate::meta::v1::{GroupVersionKind, GroupVersionResource, Status};

/// An admission review: a request for a webhook and the webhook's answer.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(kind, group = "admission.k8s.io", internal)]
pub struct AdmissionReview {
    /// Kind and API version.
    pub type_meta: TypeMeta,
    /// What is being admitted.
    pub request: Option<AdmissionRequest>,
    /// What the webhook decided.
    pub response: Option<AdmissionResponse>,
}

/// Everything a webhook is told about a request under admission.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(internal)]
pub struct AdmissionRequest {
    /// Identifies one request/response exchange.
    pub uid: String,
    /// Group, version and kind of the object.
    pub kind: GroupVersionKind,
    /// Group, version and resource being requested.
    pub resource: GroupVersionResource,
    /// The subresource being requested, or empty.
    pub sub_resource: String,
    /// The kind the caller originally asked for, when it differs from `kind`.
    pub request_kind: Option<GroupVersionKind>,
    /// The resource the caller originally asked for, when it differs from `resource`.
    pub request_resource: Option<GroupVersionResource>,
    /// The subresource the caller originally asked for.
    pub request_sub_resource: String,
    /// The object's name, empty when the server will generate it.
    pub name: String,
    /// The request's namespace, or empty.
    pub namespace: String,
    /// What the request does.
    pub operation: Operation,
    /// Who sent the request.
    pub user_info: UserInfo,
    /// The new object.
    pub object: RawExtension,
    /// The stored object, for updates and deletes.
    pub old_object: RawExtension,
    /// Set when nothing the request changes will be persisted.
    pub dry_run: Option<bool>,
    /// The options (create, update, delete…) of the operation.
    pub options: RawExtension,
}

/// A webhook's decision on one admission request.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(internal)]
pub struct AdmissionResponse {
    /// The uid of the request being answered.
    pub uid: String,
    /// True when the request may proceed.
    pub allowed: bool,
    /// Why the request was refused.
    pub result: Option<Status>,
    /// Changes to make to the object.
    pub patch: Option<Vec<u8>>,
    /// How `patch` is encoded.
    pub patch_type: Option<PatchType>,
    /// Keys and values to record in the request's audit event.
    pub audit_annotations: BTreeMap<String, String>,
    /// Warnings to pass on to the client.
    pub warnings: Vec<String>,
}

/// How the patch of an admission response is encoded.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(internal)]
pub struct PatchType(pub String);

impl PatchType {
    /// A JSON patch (RFC 6902).
    pub const JSON_PATCH: &'static str = "JSONPatch";
}

/// The operation a request under admission performs.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(internal)]
pub struct Operation(pub String);

impl Operation {
    /// Creating an object.
    pub const CREATE: &'static str = "CREATE";
    /// Updating an object.
    pub const UPDATE: &'static str = "UPDATE";
    /// Deleting an object.
    pub const DELETE: &'static str = "DELETE";
    /// Connecting to an object (exec, attach, port-forward, proxy).
    pub const CONNECT: &'static str = "CONNECT";
}
