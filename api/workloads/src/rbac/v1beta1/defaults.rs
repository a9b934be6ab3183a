//! Hand-written defaults of `rbac.authorization.k8s.io/v1beta1` (upstream's `SetDefaults_*`).

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

/// Users and groups belong to this group; service accounts to the core group. Other kinds keep an
/// empty group.
pub fn set_defaults_subject(obj: &mut Subject) {
    if obj.api_group.is_empty() && matches!(obj.kind.as_str(), "User" | "Group") {
        obj.api_group = super::GROUP_NAME.to_owned();
    }
}
