//! The internal (hub) types of `rbac.authorization.k8s.io`, which v1, v1beta1 and v1alpha1 convert to and from.

use kapi_machinery::TypeMeta;

use crate::Kapi;
use crate::meta::v1::{LabelSelector, ListMeta, ObjectMeta};

/// A set of actions allowed on resources or non-resource URLs.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(internal)]
pub struct PolicyRule {
    /// Allowed verbs, or `*` for all.
    pub verbs: Option<Vec<String>>,
    /// API groups of the resources; `""` is the core group and `*` means any.
    pub api_groups: Vec<String>,
    /// Resources the rule covers, or `*` for all.
    pub resources: Vec<String>,
    /// Object names the rule is limited to; empty means any name.
    pub resource_names: Vec<String>,
    /// URL paths, where a trailing `*` matches any rest; only effective through cluster role bindings.
    pub non_resource_urls: Vec<String>,
}

/// A user, group or service account that a binding grants a role to.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(internal)]
pub struct Subject {
    /// `User`, `Group` or `ServiceAccount`.
    pub kind: String,
    /// API group of the subject; defaults to empty for service accounts, `rbac.authorization.k8s.io` otherwise.
    pub api_group: String,
    /// Name of the subject.
    pub name: String,
    /// Namespace of a service account; must be empty for users and groups.
    pub namespace: String,
}

/// The role a binding refers to.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(internal)]
pub struct RoleRef {
    /// API group of the role, normally `rbac.authorization.k8s.io`.
    pub api_group: String,
    /// `Role` or `ClusterRole`.
    pub kind: String,
    /// Name of the role.
    pub name: String,
}

/// A namespaced set of permissions.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(kind, group = "rbac.authorization.k8s.io", internal)]
pub struct Role {
    /// Kind and API version.
    pub type_meta: TypeMeta,
    /// Standard object metadata.
    pub metadata: ObjectMeta,
    /// The permissions this role grants.
    pub rules: Option<Vec<PolicyRule>>,
}

/// Grants a role, or a cluster role, to subjects within one namespace.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(kind, group = "rbac.authorization.k8s.io", internal)]
pub struct RoleBinding {
    /// Kind and API version.
    pub type_meta: TypeMeta,
    /// Standard object metadata.
    pub metadata: ObjectMeta,
    /// Who receives the permissions.
    pub subjects: Vec<Subject>,
    /// The `Role` in this namespace or `ClusterRole` granted; immutable.
    pub role_ref: RoleRef,
}

/// A list of `RoleBinding` objects.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(kind, group = "rbac.authorization.k8s.io", internal)]
pub struct RoleBindingList {
    /// Kind and API version.
    pub type_meta: TypeMeta,
    /// Standard list metadata.
    pub metadata: ListMeta,
    /// The role bindings.
    pub items: Option<Vec<RoleBinding>>,
}

/// A list of `Role` objects.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(kind, group = "rbac.authorization.k8s.io", internal)]
pub struct RoleList {
    /// Kind and API version.
    pub type_meta: TypeMeta,
    /// Standard list metadata.
    pub metadata: ListMeta,
    /// The roles.
    pub items: Option<Vec<Role>>,
}

/// A cluster-wide set of permissions, usable by role bindings and cluster role bindings.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(kind, group = "rbac.authorization.k8s.io", internal)]
pub struct ClusterRole {
    /// Kind and API version.
    pub type_meta: TypeMeta,
    /// Standard object metadata.
    pub metadata: ObjectMeta,
    /// The permissions this role grants.
    pub rules: Option<Vec<PolicyRule>>,
    /// When set, a controller fills `rules` from the cluster roles it selects.
    pub aggregation_rule: Option<AggregationRule>,
}

/// Selects cluster roles whose rules are merged into an aggregated cluster role.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(internal)]
pub struct AggregationRule {
    /// Label selectors of the cluster roles to merge; a role matching any of them is included.
    pub cluster_role_selectors: Vec<LabelSelector>,
}

/// Grants a cluster role to subjects across the whole cluster.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(kind, group = "rbac.authorization.k8s.io", internal)]
pub struct ClusterRoleBinding {
    /// Kind and API version.
    pub type_meta: TypeMeta,
    /// Standard object metadata.
    pub metadata: ObjectMeta,
    /// Who receives the permissions.
    pub subjects: Vec<Subject>,
    /// The `ClusterRole` granted; immutable.
    pub role_ref: RoleRef,
}

/// A list of `ClusterRoleBinding` objects.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(kind, group = "rbac.authorization.k8s.io", internal)]
pub struct ClusterRoleBindingList {
    /// Kind and API version.
    pub type_meta: TypeMeta,
    /// Standard list metadata.
    pub metadata: ListMeta,
    /// The cluster role bindings.
    pub items: Option<Vec<ClusterRoleBinding>>,
}

/// A list of `ClusterRole` objects.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(kind, group = "rbac.authorization.k8s.io", internal)]
pub struct ClusterRoleList {
    /// Kind and API version.
    pub type_meta: TypeMeta,
    /// Standard list metadata.
    pub metadata: ListMeta,
    /// The cluster roles.
    pub items: Option<Vec<ClusterRole>>,
}

/// `kind` of a subject that is a service account.
pub const SERVICE_ACCOUNT_KIND: &str = "ServiceAccount";
/// `kind` of a subject that is a user.
pub const USER_KIND: &str = "User";
/// `kind` of a subject that is a group.
pub const GROUP_KIND: &str = "Group";
