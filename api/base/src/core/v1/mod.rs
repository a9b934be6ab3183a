//! `core/v1`: the core group: pods, services, nodes, volumes, config maps, secrets and the rest.
//!
//! +groupName=
//! +conversionGen=crate::core
//! +k8s:prerelease-lifecycle-gen=true

#[cfg(feature = "internal")]
mod conversion;
mod defaults;
mod field_labels;
mod list;
mod types;
#[cfg(feature = "validation")]
pub mod validation;

pub use defaults::*;
pub use field_labels::FIELD_LABELS;
pub use list::*;
pub use types::*;

#[rustfmt::skip]
#[path = "../../../generated/core/v1/mod.rs"]
mod generated;

pub use generated::*;
