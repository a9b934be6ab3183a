//! Type definitions of `rbac.authorization.k8s.io/v1alpha1`.

use kapi_machinery::TypeMeta;

use crate::Kapi;
use crate::meta::v1::{LabelSelector, ListMeta, ObjectMeta};

/// A set of actions allowed on resources or non-resource URLs.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct PolicyRule {
    /// Allowed verbs, or `*` for all.
    ///
    /// +k8s:beta(since: "1.37")=+k8s:required
    #[kapi(proto = 1)]
    #[kapi(required, list_type = "atomic")]
    pub verbs: Option<Vec<String>>,
    /// API groups of the resources; `""` is the core group and `*` means any.
    #[kapi(proto = 3, omitempty)]
    #[kapi(optional, list_type = "atomic")]
    pub api_groups: Vec<String>,
    /// Resources the rule covers, or `*` for all.
    #[kapi(proto = 4, omitempty)]
    #[kapi(optional, list_type = "atomic")]
    pub resources: Vec<String>,
    /// Object names the rule is limited to; empty means any name.
    #[kapi(proto = 5, omitempty)]
    #[kapi(optional, list_type = "atomic")]
    pub resource_names: Vec<String>,
    /// URL paths, where a trailing `*` matches any rest; only effective through cluster role bindings.
    #[kapi(proto = 6, omitempty)]
    #[kapi(optional, list_type = "atomic")]
    pub non_resource_urls: Vec<String>,
}

/// A user, group or service account that a binding grants a role to.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct Subject {
    /// `User`, `Group` or `ServiceAccount`.
    #[kapi(proto = 1)]
    #[kapi(required)]
    pub kind: String,
    /// Group/version of the subject; defaults to `v1` for service accounts, else `rbac.authorization.k8s.io/v1alpha1`.
    #[kapi(proto = 2, omitempty)]
    #[kapi(optional)]
    pub api_version: String,
    /// Name of the subject.
    ///
    /// +k8s:beta(since: "1.37")=+k8s:required
    #[kapi(proto = 3)]
    #[kapi(required)]
    pub name: String,
    /// Namespace of a service account; must be empty for users and groups.
    #[kapi(proto = 4, omitempty)]
    #[kapi(optional)]
    pub namespace: String,
}

/// The role a binding refers to.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct RoleRef {
    /// API group of the role, normally `rbac.authorization.k8s.io`.
    #[kapi(proto = 1)]
    #[kapi(optional)]
    pub api_group: String,
    /// `Role` or `ClusterRole`.
    #[kapi(proto = 2)]
    #[kapi(required)]
    pub kind: String,
    /// Name of the role.
    ///
    /// +k8s:beta(since: "1.37")=+k8s:required
    #[kapi(proto = 3)]
    #[kapi(required)]
    pub name: String,
}

/// A namespaced set of permissions.
///
/// +genclient
/// +ownNameRule
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(kind, group = "rbac.authorization.k8s.io", version = "v1alpha1")]
pub struct Role {
    /// Kind and API version.
    #[kapi(inline)]
    pub type_meta: TypeMeta,
    /// Standard object metadata.
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub metadata: ObjectMeta,
    /// The permissions this role grants.
    ///
    /// +k8s:beta(since: "1.37")=+k8s:optional
    #[kapi(proto = 2)]
    #[kapi(optional, list_type = "atomic")]
    pub rules: Option<Vec<PolicyRule>>,
}

/// Grants a role, or a cluster role, to subjects within one namespace.
///
/// +genclient
/// +ownNameRule
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(kind, group = "rbac.authorization.k8s.io", version = "v1alpha1")]
pub struct RoleBinding {
    /// Kind and API version.
    #[kapi(inline)]
    pub type_meta: TypeMeta,
    /// Standard object metadata.
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub metadata: ObjectMeta,
    /// Who receives the permissions.
    ///
    /// +k8s:beta(since: "1.37")=+k8s:optional
    #[kapi(proto = 2, omitempty)]
    #[kapi(optional, list_type = "atomic")]
    pub subjects: Vec<Subject>,
    /// The `Role` in this namespace or `ClusterRole` granted; immutable.
    ///
    /// +k8s:alpha(since:"1.37")=+k8s:immutable
    #[kapi(proto = 3)]
    #[kapi(required)]
    pub role_ref: RoleRef,
}

/// A list of `RoleBinding` objects.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(kind, group = "rbac.authorization.k8s.io", version = "v1alpha1")]
pub struct RoleBindingList {
    /// Kind and API version.
    #[kapi(inline)]
    pub type_meta: TypeMeta,
    /// Standard list metadata.
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub metadata: ListMeta,
    /// The role bindings.
    #[kapi(proto = 2)]
    pub items: Option<Vec<RoleBinding>>,
}

/// A list of `Role` objects.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(kind, group = "rbac.authorization.k8s.io", version = "v1alpha1")]
pub struct RoleList {
    /// Kind and API version.
    #[kapi(inline)]
    pub type_meta: TypeMeta,
    /// Standard list metadata.
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub metadata: ListMeta,
    /// The roles.
    #[kapi(proto = 2)]
    pub items: Option<Vec<Role>>,
}

/// A cluster-wide set of permissions, usable by role bindings and cluster role bindings.
///
/// +genclient
/// +ownNameRule
/// +genclient:nonNamespaced
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(kind, group = "rbac.authorization.k8s.io", version = "v1alpha1")]
pub struct ClusterRole {
    /// Kind and API version.
    #[kapi(inline)]
    pub type_meta: TypeMeta,
    /// Standard object metadata.
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub metadata: ObjectMeta,
    /// The permissions this role grants.
    ///
    /// +k8s:beta(since: "1.37")=+k8s:optional
    #[kapi(proto = 2)]
    #[kapi(optional, list_type = "atomic")]
    pub rules: Option<Vec<PolicyRule>>,
    /// When set, a controller fills `rules` from the cluster roles it selects.
    #[kapi(proto = 3, omitempty)]
    #[kapi(optional)]
    pub aggregation_rule: Option<AggregationRule>,
}

/// Selects cluster roles whose rules are merged into an aggregated cluster role.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct AggregationRule {
    /// Label selectors of the cluster roles to merge; a role matching any of them is included.
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional, list_type = "atomic")]
    pub cluster_role_selectors: Vec<LabelSelector>,
}

/// Grants a cluster role to subjects across the whole cluster.
///
/// +genclient
/// +ownNameRule
/// +genclient:nonNamespaced
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(kind, group = "rbac.authorization.k8s.io", version = "v1alpha1")]
pub struct ClusterRoleBinding {
    /// Kind and API version.
    #[kapi(inline)]
    pub type_meta: TypeMeta,
    /// Standard object metadata.
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub metadata: ObjectMeta,
    /// Who receives the permissions.
    ///
    /// +k8s:beta(since: "1.37")=+k8s:optional
    #[kapi(proto = 2, omitempty)]
    #[kapi(optional, list_type = "atomic")]
    pub subjects: Vec<Subject>,
    /// The `ClusterRole` granted; immutable.
    ///
    /// +k8s:alpha(since:"1.37")=+k8s:immutable
    #[kapi(proto = 3)]
    #[kapi(required)]
    pub role_ref: RoleRef,
}

/// A list of `ClusterRoleBinding` objects.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(kind, group = "rbac.authorization.k8s.io", version = "v1alpha1")]
pub struct ClusterRoleBindingList {
    /// Kind and API version.
    #[kapi(inline)]
    pub type_meta: TypeMeta,
    /// Standard list metadata.
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub metadata: ListMeta,
    /// The cluster role bindings.
    #[kapi(proto = 2)]
    pub items: Option<Vec<ClusterRoleBinding>>,
}

/// A list of `ClusterRole` objects.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(kind, group = "rbac.authorization.k8s.io", version = "v1alpha1")]
pub struct ClusterRoleList {
    /// Kind and API version.
    #[kapi(inline)]
    pub type_meta: TypeMeta,
    /// Standard list metadata.
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub metadata: ListMeta,
    /// The cluster roles.
    #[kapi(proto = 2)]
    pub items: Option<Vec<ClusterRole>>,
}
