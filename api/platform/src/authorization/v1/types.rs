//! Type definitions of `authorization.k8s.io/v1`.

use std::collections::BTreeMap;

use kapi_machinery::TypeMeta;

use crate::Kapi;
use crate::meta::v1::{FieldSelectorRequirement, LabelSelectorRequirement, ObjectMeta};

/// Asks whether a given user or group may perform an action.
///
/// +genclient
/// +genclient:nonNamespaced
/// +genclient:onlyVerbs=create
/// +k8s:prerelease-lifecycle-gen:introduced=1.6
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(kind, group = "authorization.k8s.io", version = "v1")]
pub struct SubjectAccessReview {
    /// Kind and API version.
    #[kapi(inline)]
    pub type_meta: TypeMeta,
    /// Standard object metadata.
    ///
    /// +k8s:opaqueType
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub metadata: ObjectMeta,
    /// The action and the requester to check.
    #[kapi(proto = 2)]
    pub spec: SubjectAccessReviewSpec,
    /// The verdict, filled in by the server.
    #[kapi(proto = 3, omitempty)]
    #[kapi(optional)]
    pub status: SubjectAccessReviewStatus,
}

/// Asks whether the calling user may perform an action; an empty namespace means all namespaces.
///
/// +genclient
/// +genclient:nonNamespaced
/// +genclient:onlyVerbs=create
/// +k8s:prerelease-lifecycle-gen:introduced=1.19
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(kind, group = "authorization.k8s.io", version = "v1")]
pub struct SelfSubjectAccessReview {
    /// Kind and API version.
    #[kapi(inline)]
    pub type_meta: TypeMeta,
    /// Standard object metadata.
    ///
    /// +k8s:opaqueType
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub metadata: ObjectMeta,
    /// The action to check.
    #[kapi(proto = 2)]
    pub spec: SelfSubjectAccessReviewSpec,
    /// The verdict, filled in by the server.
    #[kapi(proto = 3, omitempty)]
    #[kapi(optional)]
    pub status: SubjectAccessReviewStatus,
}

/// A subject access review confined to one namespace, so that namespaced policy can grant it.
///
/// +genclient
/// +genclient:onlyVerbs=create
/// +k8s:prerelease-lifecycle-gen:introduced=1.19
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(kind, group = "authorization.k8s.io", version = "v1")]
pub struct LocalSubjectAccessReview {
    /// Kind and API version.
    #[kapi(inline)]
    pub type_meta: TypeMeta,
    /// Standard object metadata.
    ///
    /// +k8s:opaqueType
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub metadata: ObjectMeta,
    /// The action and requester; its namespace must match the review's and is defaulted when empty.
    #[kapi(proto = 2)]
    pub spec: SubjectAccessReviewSpec,
    /// The verdict, filled in by the server.
    #[kapi(proto = 3, omitempty)]
    #[kapi(optional)]
    pub status: SubjectAccessReviewStatus,
}

/// The attributes of a request against a resource, as an authorizer sees them.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct ResourceAttributes {
    /// Namespace of the action; empty means cluster-scoped or, for namespaced resources, every namespace.
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub namespace: String,
    /// API verb such as `get`, `list` or `delete`; `*` for all.
    #[kapi(proto = 2, omitempty)]
    #[kapi(optional)]
    pub verb: String,
    /// API group of the resource; `*` for all.
    #[kapi(proto = 3, omitempty)]
    #[kapi(optional)]
    pub group: String,
    /// API version of the resource; `*` for all.
    #[kapi(proto = 4, omitempty)]
    #[kapi(optional)]
    pub version: String,
    /// Resource type; `*` for all.
    #[kapi(proto = 5, omitempty)]
    #[kapi(optional)]
    pub resource: String,
    /// Subresource; empty for none.
    #[kapi(proto = 6, omitempty)]
    #[kapi(optional)]
    pub subresource: String,
    /// Name of the object acted on; empty for all.
    #[kapi(proto = 7, omitempty)]
    #[kapi(optional)]
    pub name: String,
    /// A field selector that narrows the request; it can only restrict access.
    #[kapi(proto = 8, omitempty)]
    #[kapi(optional)]
    pub field_selector: Option<FieldSelectorAttributes>,
    /// A label selector that narrows the request; it can only restrict access.
    #[kapi(proto = 9, omitempty)]
    #[kapi(optional)]
    pub label_selector: Option<LabelSelectorAttributes>,
}

/// A label selector limiting a request, in raw or parsed form; set one, not both.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct LabelSelectorAttributes {
    /// The selector as written in a query string; webhooks should prefer `requirements`.
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub raw_selector: String,
    /// The parsed selector, every entry of which must hold.
    #[kapi(proto = 2, omitempty)]
    #[kapi(optional, list_type = "atomic")]
    pub requirements: Vec<LabelSelectorRequirement>,
}

/// A field selector limiting a request, in raw or parsed form; set one, not both.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct FieldSelectorAttributes {
    /// The selector as written in a query string; webhooks should prefer `requirements`.
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub raw_selector: String,
    /// The parsed selector, every entry of which must hold.
    #[kapi(proto = 2, omitempty)]
    #[kapi(optional, list_type = "atomic")]
    pub requirements: Vec<FieldSelectorRequirement>,
}

/// The attributes of a request to a non-resource path, as an authorizer sees them.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct NonResourceAttributes {
    /// The URL path.
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub path: String,
    /// The lowercase HTTP verb.
    #[kapi(proto = 2, omitempty)]
    #[kapi(optional)]
    pub verb: String,
}

/// The action and the requester to check; set exactly one of the two attribute fields.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct SubjectAccessReviewSpec {
    /// The action, when it targets a resource.
    ///
    /// +k8s:alpha(since: "1.37")=+k8s:optional
    /// +k8s:alpha(since: "1.37")=+k8s:unionMember
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub resource_attributes: Option<ResourceAttributes>,
    /// The action, when it targets a non-resource path.
    ///
    /// +k8s:alpha(since: "1.37")=+k8s:optional
    /// +k8s:alpha(since: "1.37")=+k8s:unionMember
    #[kapi(proto = 2, omitempty)]
    #[kapi(optional)]
    pub non_resource_attributes: Option<NonResourceAttributes>,
    /// The user to check; without `groups`, treated as a member of no group.
    #[kapi(proto = 3, omitempty)]
    #[kapi(optional)]
    pub user: String,
    /// Groups of the user to check.
    #[kapi(proto = 4, omitempty)]
    #[kapi(optional, list_type = "atomic")]
    pub groups: Vec<String>,
    /// Extra authenticator attributes of the user, as the authorizer would see them.
    #[kapi(proto = 5, omitempty)]
    #[kapi(optional)]
    pub extra: BTreeMap<String, ExtraValue>,
    /// UID of the user to check.
    #[kapi(proto = 6, omitempty)]
    #[kapi(optional)]
    pub uid: String,
}

/// A list of strings that protobuf wraps in a message (a `SubjectAccessReviewSpec.extra` value).
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(proto_wrap)]
pub struct ExtraValue(pub Vec<String>);

/// The action to check for the caller; set exactly one of the two fields.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct SelfSubjectAccessReviewSpec {
    /// The action, when it targets a resource.
    ///
    /// +k8s:alpha(since: "1.37")=+k8s:optional
    /// +k8s:alpha(since: "1.37")=+k8s:unionMember
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub resource_attributes: Option<ResourceAttributes>,
    /// The action, when it targets a non-resource path.
    ///
    /// +k8s:alpha(since: "1.37")=+k8s:optional
    /// +k8s:alpha(since: "1.37")=+k8s:unionMember
    #[kapi(proto = 2, omitempty)]
    #[kapi(optional)]
    pub non_resource_attributes: Option<NonResourceAttributes>,
}

/// The verdict of an access review.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct SubjectAccessReviewStatus {
    /// Whether the action would be permitted.
    #[kapi(proto = 1)]
    pub allowed: bool,
    /// Whether the action would be refused outright; both false means no authorizer had an opinion.
    #[kapi(proto = 4, omitempty)]
    #[kapi(optional)]
    pub denied: bool,
    /// Why the action was allowed or denied.
    #[kapi(proto = 2, omitempty)]
    #[kapi(optional)]
    pub reason: String,
    /// An error met while checking, which may not have prevented a verdict.
    #[kapi(proto = 3, omitempty)]
    #[kapi(optional)]
    pub evaluation_error: String,
}

/// Lists what the calling user may do in a namespace; meant for UIs, as the answer may be partial.
///
/// +genclient
/// +genclient:nonNamespaced
/// +genclient:onlyVerbs=create
/// +k8s:prerelease-lifecycle-gen:introduced=1.19
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(kind, group = "authorization.k8s.io", version = "v1")]
pub struct SelfSubjectRulesReview {
    /// Kind and API version.
    #[kapi(inline)]
    pub type_meta: TypeMeta,
    /// Standard object metadata.
    ///
    /// +k8s:opaqueType
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub metadata: ObjectMeta,
    /// The namespace to list rules for.
    #[kapi(proto = 2)]
    pub spec: SelfSubjectRulesReviewSpec,
    /// The rules, filled in by the server.
    #[kapi(proto = 3, omitempty)]
    #[kapi(optional)]
    pub status: SubjectRulesReviewStatus,
}

/// The input of a self subject rules review.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct SelfSubjectRulesReviewSpec {
    /// The namespace to list rules for.
    #[kapi(proto = 1, omitempty)]
    pub namespace: String,
}

/// The rules a subject has; since rules only add permissions, any rule listed holds even if the list is partial.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct SubjectRulesReviewStatus {
    /// Allowed actions on resources, unordered and possibly duplicated.
    #[kapi(proto = 1)]
    #[kapi(list_type = "atomic")]
    pub resource_rules: Option<Vec<ResourceRule>>,
    /// Allowed actions on non-resource paths, unordered and possibly duplicated.
    #[kapi(proto = 2)]
    #[kapi(list_type = "atomic")]
    pub non_resource_rules: Option<Vec<NonResourceRule>>,
    /// Whether some authorizer could not list its rules, so the lists may be partial.
    #[kapi(proto = 3)]
    pub incomplete: bool,
    /// An error met while listing rules.
    #[kapi(proto = 4, omitempty)]
    #[kapi(optional)]
    pub evaluation_error: String,
}

/// Actions a subject may take on some resources.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct ResourceRule {
    /// Allowed verbs; `*` for all.
    #[kapi(proto = 1)]
    #[kapi(list_type = "atomic")]
    pub verbs: Option<Vec<String>>,
    /// API groups of the resources; `*` for all.
    #[kapi(proto = 2, omitempty)]
    #[kapi(optional, list_type = "atomic")]
    pub api_groups: Vec<String>,
    /// Resources covered; `*` for all, `*/sub` for a subresource of every resource.
    #[kapi(proto = 3, omitempty)]
    #[kapi(optional, list_type = "atomic")]
    pub resources: Vec<String>,
    /// Object names the rule is limited to; empty or `*` means any.
    #[kapi(proto = 4, omitempty)]
    #[kapi(optional, list_type = "atomic")]
    pub resource_names: Vec<String>,
}

/// Actions a subject may take on some non-resource paths.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct NonResourceRule {
    /// Allowed lowercase HTTP verbs; `*` for all.
    #[kapi(proto = 1)]
    #[kapi(list_type = "atomic")]
    pub verbs: Option<Vec<String>>,
    /// URL paths, where `*` may only be the whole final segment; `*` alone for all.
    #[kapi(proto = 2, omitempty)]
    #[kapi(optional, list_type = "atomic")]
    pub non_resource_urls: Vec<String>,
}
