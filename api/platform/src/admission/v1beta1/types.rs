//! Type definitions of `admission.k8s.io/v1beta1`.

use std::collections::BTreeMap;

use kapi_machinery::TypeMeta;
use kapi_machinery::types::RawExtension;

use crate::Kapi;
use crate::authentication::v1::UserInfo;
use crate::meta::v1::{GroupVersionKind, GroupVersionResource, Status};

/// An admission review: the request sent to a webhook and the response it returns.
///
/// +k8s:prerelease-lifecycle-gen:introduced=1.9
/// +k8s:prerelease-lifecycle-gen:deprecated=1.19
/// +k8s:prerelease-lifecycle-gen:replacement=admission.k8s.io,v1,AdmissionReview
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(kind, group = "admission.k8s.io", version = "v1beta1")]
pub struct AdmissionReview {
    /// Kind and API version.
    #[kapi(inline)]
    pub type_meta: TypeMeta,
    /// The attributes of the request under review.
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub request: Option<AdmissionRequest>,
    /// The webhook's answer.
    #[kapi(proto = 2, omitempty)]
    #[kapi(optional)]
    pub response: Option<AdmissionResponse>,
}

/// The attributes of a request sent for admission.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct AdmissionRequest {
    /// Identifies this request/response round trip.
    #[kapi(proto = 1)]
    #[kapi(optional)]
    pub uid: String,
    /// The fully qualified kind of the object.
    #[kapi(proto = 2)]
    #[kapi(optional)]
    pub kind: GroupVersionKind,
    /// The fully qualified resource requested.
    #[kapi(proto = 3)]
    #[kapi(optional)]
    pub resource: GroupVersionResource,
    /// The subresource requested, if any.
    #[kapi(proto = 4, omitempty)]
    #[kapi(optional)]
    pub sub_resource: String,
    /// The kind of the original request, before any equivalent-version conversion.
    #[kapi(proto = 13, omitempty)]
    #[kapi(optional)]
    pub request_kind: Option<GroupVersionKind>,
    /// The resource of the original request, before any equivalent-version conversion.
    #[kapi(proto = 14, omitempty)]
    #[kapi(optional)]
    pub request_resource: Option<GroupVersionResource>,
    /// The subresource of the original request, if any.
    #[kapi(proto = 15, omitempty)]
    #[kapi(optional)]
    pub request_sub_resource: String,
    /// The object's name as given in the request (empty when the server generates it).
    #[kapi(proto = 5, omitempty)]
    #[kapi(optional)]
    pub name: String,
    /// The namespace of the request, if any.
    #[kapi(proto = 6, omitempty)]
    #[kapi(optional)]
    pub namespace: String,
    /// The operation being performed.
    #[kapi(proto = 7)]
    #[kapi(optional)]
    pub operation: Operation,
    /// The user making the request.
    #[kapi(proto = 8)]
    #[kapi(optional)]
    pub user_info: UserInfo,
    /// The object from the incoming request.
    #[kapi(proto = 9, omitempty)]
    #[kapi(optional)]
    pub object: RawExtension,
    /// The existing object (UPDATE and DELETE only).
    #[kapi(proto = 10, omitempty)]
    #[kapi(optional)]
    pub old_object: RawExtension,
    /// Whether the request's changes will not be persisted.
    #[kapi(proto = 11, omitempty)]
    #[kapi(optional)]
    pub dry_run: Option<bool>,
    /// The options object of the operation performed.
    #[kapi(proto = 12, omitempty)]
    #[kapi(optional)]
    pub options: RawExtension,
}

/// A webhook's answer to an admission request.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct AdmissionResponse {
    /// Copied from the request's uid.
    #[kapi(proto = 1)]
    #[kapi(optional)]
    pub uid: String,
    /// Whether the request is admitted.
    #[kapi(proto = 2)]
    #[kapi(optional)]
    pub allowed: bool,
    /// Details of a denial.
    #[kapi(proto = 3, omitempty, json = "status")]
    #[kapi(optional)]
    pub result: Option<Status>,
    /// The patch to apply to the object.
    #[kapi(proto = 4, omitempty)]
    #[kapi(optional)]
    pub patch: Option<Vec<u8>>,
    /// The format of `patch`.
    #[kapi(proto = 5, omitempty)]
    #[kapi(optional)]
    pub patch_type: Option<PatchType>,
    /// Annotations to add to the audit record of the request.
    #[kapi(proto = 6, omitempty)]
    #[kapi(optional)]
    pub audit_annotations: BTreeMap<String, String>,
    /// Warnings to return to the API client.
    #[kapi(proto = 7, omitempty)]
    #[kapi(optional, list_type = "atomic")]
    pub warnings: Vec<String>,
}

/// The encoding of a mutating webhook's patch.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct PatchType(pub String);

impl PatchType {
    /// An RFC 6902 JSON patch.
    pub const JSON_PATCH: &'static str = "JSONPatch";
}

/// The kind of operation under admission control.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct Operation(pub String);

impl Operation {
    /// Object creation.
    pub const CREATE: &'static str = "CREATE";
    /// Object update.
    pub const UPDATE: &'static str = "UPDATE";
    /// Object deletion.
    pub const DELETE: &'static str = "DELETE";
    /// A connect request (exec, attach, port-forward, proxy).
    pub const CONNECT: &'static str = "CONNECT";
}
