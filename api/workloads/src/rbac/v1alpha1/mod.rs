//! `rbac.authorization.k8s.io/v1alpha1`: role-based access control: roles, bindings and their cluster-wide forms.
//!
//! +groupName=rbac.authorization.k8s.io
//! +conversionGen=crate::rbac

#[cfg(feature = "internal")]
mod conversion;
mod defaults;
mod types;

pub use types::*;

#[rustfmt::skip]
#[path = "../../../generated/rbac/v1alpha1/mod.rs"]
mod generated;

pub use generated::*;
