//! `widgets.example.com/v1alpha1`.
//!
//! +groupName=widgets.example.com

mod types;

pub use types::*;

#[rustfmt::skip]
#[path = "../../../generated/widgets/v1alpha1/mod.rs"]
mod generated;

pub use generated::*;
