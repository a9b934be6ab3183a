//! `storage.k8s.io/v1`: storage classes, CSI drivers and nodes, volume attachments and capacity.
//!
//! +groupName=storage.k8s.io

mod types;

pub use types::*;

#[rustfmt::skip]
#[path = "../../../../generated/storage/v1/mod.rs"]
mod generated;

pub use generated::*;
