//! `core/v1`: the core group: pods, services, nodes, volumes, config maps, secrets and the rest.
//!
//! +groupName=
//! +conversionGen=crate::core
//! +k8s:prerelease-lifecycle-gen=true

#[cfg(feature = "internal")]
mod conversion;
mod defaults;
#[cfg(feature = "validation")]
#[doc(hidden)]
pub mod endpoints_warnings;
#[cfg(test)]
mod featuregates_tests;
mod field_labels;
mod list;
#[cfg(feature = "validation")]
#[doc(hidden)]
pub mod node_warnings;
#[cfg(feature = "validation")]
#[doc(hidden)]
pub mod secret_warnings;
#[cfg(feature = "validation")]
#[doc(hidden)]
pub mod service_warnings;
#[cfg(feature = "validation")]
#[doc(hidden)]
pub mod status_warnings;
mod types;
#[cfg(feature = "validation")]
pub mod validation;
#[cfg(feature = "validation")]
#[doc(hidden)]
pub mod volume_warnings;

pub use defaults::*;
pub use field_labels::FIELD_LABELS;
pub use list::*;
pub use types::*;

#[rustfmt::skip]
#[path = "../../../generated/core/v1/mod.rs"]
mod generated;

pub use generated::*;
