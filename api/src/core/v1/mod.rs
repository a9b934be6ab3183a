//! `core/v1`: the core group: pods, services, nodes, volumes, config maps, secrets and the rest.
//!
//! +groupName=

mod list;
mod types;

pub use list::*;
pub use types::*;

#[rustfmt::skip]
#[path = "../../../../generated/core/v1/mod.rs"]
mod generated;

pub use generated::*;
