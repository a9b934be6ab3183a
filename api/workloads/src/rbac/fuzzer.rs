//! Custom fuzzer functions for the internal `rbac` types (upstream's `pkg/apis/rbac/fuzzer`): values
//! the versions' defaults and v1alpha1's subject conversion leave unchanged.

use kapi_machinery::Fuzzer;

use super::*;

/// A role reference always names its group, as defaulting would.
pub fn fuzz_role_ref(obj: &mut RoleRef, f: &mut Fuzzer) {
    f.fuzz_no_custom(obj);
    if obj.api_group.is_empty() {
        obj.api_group = GROUP_NAME.to_owned();
    }
}

/// One of the three well-known subjects with its group: a service account (with a namespace), a
/// user other than `*` (which v1alpha1 reads as every authenticated user) or a group.
pub fn fuzz_subject(obj: &mut Subject, f: &mut Fuzzer) {
    *obj = Subject::default();
    match f.below(3) {
        0 => {
            obj.kind = SERVICE_ACCOUNT_KIND.to_owned();
            f.fuzz_no_custom(&mut obj.name);
            f.fuzz_no_custom(&mut obj.namespace);
        }
        1 => {
            obj.kind = USER_KIND.to_owned();
            obj.api_group = GROUP_NAME.to_owned();
            f.fuzz_no_custom(&mut obj.name);
            while obj.name == "*" {
                f.fuzz_no_custom(&mut obj.name);
            }
        }
        _ => {
            obj.kind = GROUP_KIND.to_owned();
            obj.api_group = GROUP_NAME.to_owned();
            f.fuzz_no_custom(&mut obj.name);
        }
    }
}
