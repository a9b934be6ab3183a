//! Type definitions of `authorization.k8s.io/v1`.

use std::collections::BTreeMap;

use kapi_machinery::TypeMeta;

use crate::Kapi;
use crate::meta::v1::{FieldSelectorRequirement, LabelSelectorRequirement, ObjectMeta};

/// +genclient
/// +genclient:nonNamespaced
/// +genclient:onlyVerbs=create
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(kind, group = "authorization.k8s.io", version = "v1")]
pub struct SubjectAccessReview {
    #[kapi(inline)]
    pub type_meta: TypeMeta,
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub metadata: ObjectMeta,
    #[kapi(proto = 2)]
    pub spec: SubjectAccessReviewSpec,
    #[kapi(proto = 3, omitempty)]
    #[kapi(optional)]
    pub status: SubjectAccessReviewStatus,
}

/// +genclient
/// +genclient:nonNamespaced
/// +genclient:onlyVerbs=create
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(kind, group = "authorization.k8s.io", version = "v1")]
pub struct SelfSubjectAccessReview {
    #[kapi(inline)]
    pub type_meta: TypeMeta,
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub metadata: ObjectMeta,
    #[kapi(proto = 2)]
    pub spec: SelfSubjectAccessReviewSpec,
    #[kapi(proto = 3, omitempty)]
    #[kapi(optional)]
    pub status: SubjectAccessReviewStatus,
}

/// +genclient
/// +genclient:onlyVerbs=create
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(kind, group = "authorization.k8s.io", version = "v1")]
pub struct LocalSubjectAccessReview {
    #[kapi(inline)]
    pub type_meta: TypeMeta,
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub metadata: ObjectMeta,
    #[kapi(proto = 2)]
    pub spec: SubjectAccessReviewSpec,
    #[kapi(proto = 3, omitempty)]
    #[kapi(optional)]
    pub status: SubjectAccessReviewStatus,
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct ResourceAttributes {
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub namespace: String,
    #[kapi(proto = 2, omitempty)]
    #[kapi(optional)]
    pub verb: String,
    #[kapi(proto = 3, omitempty)]
    #[kapi(optional)]
    pub group: String,
    #[kapi(proto = 4, omitempty)]
    #[kapi(optional)]
    pub version: String,
    #[kapi(proto = 5, omitempty)]
    #[kapi(optional)]
    pub resource: String,
    #[kapi(proto = 6, omitempty)]
    #[kapi(optional)]
    pub subresource: String,
    #[kapi(proto = 7, omitempty)]
    #[kapi(optional)]
    pub name: String,
    #[kapi(proto = 8, omitempty)]
    #[kapi(optional)]
    pub field_selector: Option<FieldSelectorAttributes>,
    #[kapi(proto = 9, omitempty)]
    #[kapi(optional)]
    pub label_selector: Option<LabelSelectorAttributes>,
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct LabelSelectorAttributes {
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub raw_selector: String,
    #[kapi(proto = 2, omitempty)]
    #[kapi(optional, list_type = "atomic")]
    pub requirements: Vec<LabelSelectorRequirement>,
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct FieldSelectorAttributes {
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub raw_selector: String,
    #[kapi(proto = 2, omitempty)]
    #[kapi(optional, list_type = "atomic")]
    pub requirements: Vec<FieldSelectorRequirement>,
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct NonResourceAttributes {
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub path: String,
    #[kapi(proto = 2, omitempty)]
    #[kapi(optional)]
    pub verb: String,
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct SubjectAccessReviewSpec {
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub resource_attributes: Option<ResourceAttributes>,
    #[kapi(proto = 2, omitempty)]
    #[kapi(optional)]
    pub non_resource_attributes: Option<NonResourceAttributes>,
    #[kapi(proto = 3, omitempty)]
    #[kapi(optional)]
    pub user: String,
    #[kapi(proto = 4, omitempty)]
    #[kapi(optional, list_type = "atomic")]
    pub groups: Vec<String>,
    #[kapi(proto = 5, omitempty)]
    #[kapi(optional)]
    pub extra: BTreeMap<String, ExtraValue>,
    #[kapi(proto = 6, omitempty)]
    #[kapi(optional)]
    pub uid: String,
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(proto_wrap)]
pub struct ExtraValue(pub Vec<String>);

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct SelfSubjectAccessReviewSpec {
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub resource_attributes: Option<ResourceAttributes>,
    #[kapi(proto = 2, omitempty)]
    #[kapi(optional)]
    pub non_resource_attributes: Option<NonResourceAttributes>,
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct SubjectAccessReviewStatus {
    #[kapi(proto = 1)]
    pub allowed: bool,
    #[kapi(proto = 4, omitempty)]
    #[kapi(optional)]
    pub denied: bool,
    #[kapi(proto = 2, omitempty)]
    #[kapi(optional)]
    pub reason: String,
    #[kapi(proto = 3, omitempty)]
    #[kapi(optional)]
    pub evaluation_error: String,
}

/// +genclient
/// +genclient:nonNamespaced
/// +genclient:onlyVerbs=create
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(kind, group = "authorization.k8s.io", version = "v1")]
pub struct SelfSubjectRulesReview {
    #[kapi(inline)]
    pub type_meta: TypeMeta,
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub metadata: ObjectMeta,
    #[kapi(proto = 2)]
    pub spec: SelfSubjectRulesReviewSpec,
    #[kapi(proto = 3, omitempty)]
    #[kapi(optional)]
    pub status: SubjectRulesReviewStatus,
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct SelfSubjectRulesReviewSpec {
    #[kapi(proto = 1, omitempty)]
    pub namespace: String,
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct SubjectRulesReviewStatus {
    #[kapi(proto = 1)]
    #[kapi(list_type = "atomic")]
    pub resource_rules: Option<Vec<ResourceRule>>,
    #[kapi(proto = 2)]
    #[kapi(list_type = "atomic")]
    pub non_resource_rules: Option<Vec<NonResourceRule>>,
    #[kapi(proto = 3)]
    pub incomplete: bool,
    #[kapi(proto = 4, omitempty)]
    #[kapi(optional)]
    pub evaluation_error: String,
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct ResourceRule {
    #[kapi(proto = 1)]
    #[kapi(list_type = "atomic")]
    pub verbs: Option<Vec<String>>,
    #[kapi(proto = 2, omitempty)]
    #[kapi(optional, list_type = "atomic")]
    pub api_groups: Vec<String>,
    #[kapi(proto = 3, omitempty)]
    #[kapi(optional, list_type = "atomic")]
    pub resources: Vec<String>,
    #[kapi(proto = 4, omitempty)]
    #[kapi(optional, list_type = "atomic")]
    pub resource_names: Vec<String>,
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct NonResourceRule {
    #[kapi(proto = 1)]
    #[kapi(list_type = "atomic")]
    pub verbs: Option<Vec<String>>,
    #[kapi(proto = 2, omitempty)]
    #[kapi(optional, list_type = "atomic")]
    pub non_resource_urls: Vec<String>,
}
