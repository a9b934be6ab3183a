//! Type definitions of `rbac.authorization.k8s.io/v1alpha1`.

use kapi_machinery::TypeMeta;

use crate::Kapi;
use crate::meta::v1::{LabelSelector, ListMeta, ObjectMeta};

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct PolicyRule {
    #[kapi(proto = 1)]
    #[kapi(required, list_type = "atomic")]
    pub verbs: Option<Vec<String>>,
    #[kapi(proto = 3, omitempty)]
    #[kapi(optional, list_type = "atomic")]
    pub api_groups: Vec<String>,
    #[kapi(proto = 4, omitempty)]
    #[kapi(optional, list_type = "atomic")]
    pub resources: Vec<String>,
    #[kapi(proto = 5, omitempty)]
    #[kapi(optional, list_type = "atomic")]
    pub resource_names: Vec<String>,
    #[kapi(proto = 6, omitempty)]
    #[kapi(optional, list_type = "atomic")]
    pub non_resource_urls: Vec<String>,
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct Subject {
    #[kapi(proto = 1)]
    #[kapi(required)]
    pub kind: String,
    #[kapi(proto = 2, omitempty)]
    #[kapi(optional)]
    pub api_version: String,
    #[kapi(proto = 3)]
    #[kapi(required)]
    pub name: String,
    #[kapi(proto = 4, omitempty)]
    #[kapi(optional)]
    pub namespace: String,
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct RoleRef {
    #[kapi(proto = 1)]
    #[kapi(optional)]
    pub api_group: String,
    #[kapi(proto = 2)]
    #[kapi(required)]
    pub kind: String,
    #[kapi(proto = 3)]
    #[kapi(required)]
    pub name: String,
}

/// +genclient
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(kind, group = "rbac.authorization.k8s.io", version = "v1alpha1")]
pub struct Role {
    #[kapi(inline)]
    pub type_meta: TypeMeta,
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub metadata: ObjectMeta,
    #[kapi(proto = 2)]
    #[kapi(optional, list_type = "atomic")]
    pub rules: Option<Vec<PolicyRule>>,
}

/// +genclient
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(kind, group = "rbac.authorization.k8s.io", version = "v1alpha1")]
pub struct RoleBinding {
    #[kapi(inline)]
    pub type_meta: TypeMeta,
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub metadata: ObjectMeta,
    #[kapi(proto = 2, omitempty)]
    #[kapi(optional, list_type = "atomic")]
    pub subjects: Vec<Subject>,
    #[kapi(proto = 3)]
    #[kapi(required)]
    pub role_ref: RoleRef,
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(kind, group = "rbac.authorization.k8s.io", version = "v1alpha1")]
pub struct RoleBindingList {
    #[kapi(inline)]
    pub type_meta: TypeMeta,
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub metadata: ListMeta,
    #[kapi(proto = 2)]
    pub items: Option<Vec<RoleBinding>>,
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(kind, group = "rbac.authorization.k8s.io", version = "v1alpha1")]
pub struct RoleList {
    #[kapi(inline)]
    pub type_meta: TypeMeta,
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub metadata: ListMeta,
    #[kapi(proto = 2)]
    pub items: Option<Vec<Role>>,
}

/// +genclient
/// +genclient:nonNamespaced
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(kind, group = "rbac.authorization.k8s.io", version = "v1alpha1")]
pub struct ClusterRole {
    #[kapi(inline)]
    pub type_meta: TypeMeta,
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub metadata: ObjectMeta,
    #[kapi(proto = 2)]
    #[kapi(optional, list_type = "atomic")]
    pub rules: Option<Vec<PolicyRule>>,
    #[kapi(proto = 3, omitempty)]
    #[kapi(optional)]
    pub aggregation_rule: Option<AggregationRule>,
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct AggregationRule {
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional, list_type = "atomic")]
    pub cluster_role_selectors: Vec<LabelSelector>,
}

/// +genclient
/// +genclient:nonNamespaced
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(kind, group = "rbac.authorization.k8s.io", version = "v1alpha1")]
pub struct ClusterRoleBinding {
    #[kapi(inline)]
    pub type_meta: TypeMeta,
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub metadata: ObjectMeta,
    #[kapi(proto = 2, omitempty)]
    #[kapi(optional, list_type = "atomic")]
    pub subjects: Vec<Subject>,
    #[kapi(proto = 3)]
    #[kapi(required)]
    pub role_ref: RoleRef,
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(kind, group = "rbac.authorization.k8s.io", version = "v1alpha1")]
pub struct ClusterRoleBindingList {
    #[kapi(inline)]
    pub type_meta: TypeMeta,
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub metadata: ListMeta,
    #[kapi(proto = 2)]
    pub items: Option<Vec<ClusterRoleBinding>>,
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(kind, group = "rbac.authorization.k8s.io", version = "v1alpha1")]
pub struct ClusterRoleList {
    #[kapi(inline)]
    pub type_meta: TypeMeta,
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub metadata: ListMeta,
    #[kapi(proto = 2)]
    pub items: Option<Vec<ClusterRole>>,
}
