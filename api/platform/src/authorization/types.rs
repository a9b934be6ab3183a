//! The internal (hub) types of `authorization.k8s.io`, which v1 and v1beta1 convert to and from.

use std::collections::BTreeMap;

use kapi_machinery::TypeMeta;

use crate::Kapi;
use crate::meta::v1::{FieldSelectorRequirement, LabelSelectorRequirement, ObjectMeta};

/// Asks whether a given user or group may perform an action.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(kind, group = "authorization.k8s.io", internal)]
pub struct SubjectAccessReview {
    /// Kind and API version.
    pub type_meta: TypeMeta,
    /// Standard object metadata.
    pub metadata: ObjectMeta,
    /// The action and the requester to check.
    pub spec: SubjectAccessReviewSpec,
    /// The verdict, filled in by the server.
    pub status: SubjectAccessReviewStatus,
}

/// Asks whether the calling user may perform an action; an empty namespace means all namespaces.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(kind, group = "authorization.k8s.io", internal)]
pub struct SelfSubjectAccessReview {
    /// Kind and API version.
    pub type_meta: TypeMeta,
    /// Standard object metadata.
    pub metadata: ObjectMeta,
    /// The action to check.
    pub spec: SelfSubjectAccessReviewSpec,
    /// The verdict, filled in by the server.
    pub status: SubjectAccessReviewStatus,
}

/// A subject access review confined to one namespace, so that namespaced policy can grant it.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(kind, group = "authorization.k8s.io", internal)]
pub struct LocalSubjectAccessReview {
    /// Kind and API version.
    pub type_meta: TypeMeta,
    /// Standard object metadata.
    pub metadata: ObjectMeta,
    /// The action and requester; its namespace must match the review's and is defaulted when empty.
    pub spec: SubjectAccessReviewSpec,
    /// The verdict, filled in by the server.
    pub status: SubjectAccessReviewStatus,
}

/// The attributes of a request against a resource, as an authorizer sees them.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(internal)]
pub struct ResourceAttributes {
    /// Namespace of the action; empty means cluster-scoped or, for namespaced resources, every namespace.
    pub namespace: String,
    /// API verb such as `get`, `list` or `delete`; `*` for all.
    pub verb: String,
    /// API group of the resource; `*` for all.
    pub group: String,
    /// API version of the resource; `*` for all.
    pub version: String,
    /// Resource type; `*` for all.
    pub resource: String,
    /// Subresource; empty for none.
    pub subresource: String,
    /// Name of the object acted on; empty for all.
    pub name: String,
    /// A field selector that narrows the request; it can only restrict access.
    pub field_selector: Option<FieldSelectorAttributes>,
    /// A label selector that narrows the request; it can only restrict access.
    pub label_selector: Option<LabelSelectorAttributes>,
}

/// A label selector limiting a request, in raw or parsed form; set one, not both.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(internal)]
pub struct LabelSelectorAttributes {
    /// The selector as written in a query string; webhooks should prefer `requirements`.
    pub raw_selector: String,
    /// The parsed selector, every entry of which must hold.
    pub requirements: Vec<LabelSelectorRequirement>,
}

/// A field selector limiting a request, in raw or parsed form; set one, not both.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(internal)]
pub struct FieldSelectorAttributes {
    /// The selector as written in a query string; webhooks should prefer `requirements`.
    pub raw_selector: String,
    /// The parsed selector, every entry of which must hold.
    pub requirements: Vec<FieldSelectorRequirement>,
}

/// The attributes of a request to a non-resource path, as an authorizer sees them.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(internal)]
pub struct NonResourceAttributes {
    /// The URL path.
    pub path: String,
    /// The lowercase HTTP verb.
    pub verb: String,
}

/// The action and the requester to check; set exactly one of the two attribute fields.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(internal)]
pub struct SubjectAccessReviewSpec {
    /// The action, when it targets a resource.
    pub resource_attributes: Option<ResourceAttributes>,
    /// The action, when it targets a non-resource path.
    pub non_resource_attributes: Option<NonResourceAttributes>,
    /// The user to check; without `groups`, treated as a member of no group.
    pub user: String,
    /// Groups of the user to check.
    pub groups: Vec<String>,
    /// Extra authenticator attributes of the user, as the authorizer would see them.
    pub extra: BTreeMap<String, ExtraValue>,
    /// UID of the user to check.
    pub uid: String,
}

/// A list of strings that protobuf wraps in a message (a `SubjectAccessReviewSpec.extra` value).
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(internal)]
pub struct ExtraValue(pub Vec<String>);

/// The action to check for the caller; set exactly one of the two fields.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(internal)]
pub struct SelfSubjectAccessReviewSpec {
    /// The action, when it targets a resource.
    pub resource_attributes: Option<ResourceAttributes>,
    /// The action, when it targets a non-resource path.
    pub non_resource_attributes: Option<NonResourceAttributes>,
}

/// The verdict of an access review.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(internal)]
pub struct SubjectAccessReviewStatus {
    /// Whether the action would be permitted.
    pub allowed: bool,
    /// Whether the action would be refused outright; both false means no authorizer had an opinion.
    pub denied: bool,
    /// Why the action was allowed or denied.
    pub reason: String,
    /// An error met while checking, which may not have prevented a verdict.
    pub evaluation_error: String,
}

/// Lists what the calling user may do in a namespace; meant for UIs, as the answer may be partial.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(kind, group = "authorization.k8s.io", internal)]
pub struct SelfSubjectRulesReview {
    /// Kind and API version.
    pub type_meta: TypeMeta,
    /// Standard object metadata.
    pub metadata: ObjectMeta,
    /// The namespace to list rules for.
    pub spec: SelfSubjectRulesReviewSpec,
    /// The rules, filled in by the server.
    pub status: SubjectRulesReviewStatus,
}

/// The input of a self subject rules review.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(internal)]
pub struct SelfSubjectRulesReviewSpec {
    /// The namespace to list rules for.
    pub namespace: String,
}

/// The rules a subject has; since rules only add permissions, any rule listed holds even if the list is partial.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(internal)]
pub struct SubjectRulesReviewStatus {
    /// Allowed actions on resources, unordered and possibly duplicated.
    pub resource_rules: Option<Vec<ResourceRule>>,
    /// Allowed actions on non-resource paths, unordered and possibly duplicated.
    pub non_resource_rules: Option<Vec<NonResourceRule>>,
    /// Whether some authorizer could not list its rules, so the lists may be partial.
    pub incomplete: bool,
    /// An error met while listing rules.
    pub evaluation_error: String,
}

/// Actions a subject may take on some resources.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(internal)]
pub struct ResourceRule {
    /// Allowed verbs; `*` for all.
    pub verbs: Option<Vec<String>>,
    /// API groups of the resources; `*` for all.
    pub api_groups: Vec<String>,
    /// Resources covered; `*` for all, `*/sub` for a subresource of every resource.
    pub resources: Vec<String>,
    /// Object names the rule is limited to; empty or `*` means any.
    pub resource_names: Vec<String>,
}

/// Actions a subject may take on some non-resource paths.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(internal)]
pub struct NonResourceRule {
    /// Allowed lowercase HTTP verbs; `*` for all.
    pub verbs: Option<Vec<String>>,
    /// URL paths, where `*` may only be the whole final segment; `*` alone for all.
    pub non_resource_urls: Vec<String>,
}
