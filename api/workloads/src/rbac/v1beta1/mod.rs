//! `rbac.authorization.k8s.io/v1beta1`: role-based access control: roles, bindings and their cluster-wide forms.
//!
//! +groupName=rbac.authorization.k8s.io
//! +conversionGen=crate::rbac
//! +k8s:prerelease-lifecycle-gen=true

mod defaults;
mod types;

pub use types::*;

#[rustfmt::skip]
#[path = "../../../generated/rbac/v1beta1/mod.rs"]
mod generated;

pub use generated::*;
