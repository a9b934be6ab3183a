//! Hand-written defaults of `rbac.authorization.k8s.io/v1alpha1` (upstream's `SetDefaults_*`).

use super::types::*;

/// A role reference without a group names a role of this group.
pub fn set_defaults_role_binding(obj: &mut RoleBinding) {
    if obj.role_ref.api_group.is_empty() {
        obj.role_ref.api_group = super::GROUP_NAME.to_owned();
    }
}

/// As for [`set_defaults_role_binding`].
pub fn set_defaults_cluster_role_binding(obj: &mut ClusterRoleBinding) {
    if obj.role_ref.api_group.is_empty() {
        obj.role_ref.api_group = super::GROUP_NAME.to_owned();
    }
}

/// v1alpha1 subjects name an API version: `v1` for service accounts,
/// `rbac.authorization.k8s.io/v1alpha1` for users and groups; other kinds keep an empty one.
pub fn set_defaults_subject(obj: &mut Subject) {
    if obj.api_version.is_empty() {
        match obj.kind.as_str() {
            "ServiceAccount" => obj.api_version = "v1".to_owned(),
            "User" | "Group" => obj.api_version = format!("{}/v1alpha1", super::GROUP_NAME),
            _ => {}
        }
    }
}
