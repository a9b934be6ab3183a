//! `widgets.kitchen.example.com/v1`.
//!
//! +groupName=widgets.kitchen.example.com

mod defaults;
mod types;

pub use types::*;

#[rustfmt::skip]
#[path = "../../../generated/widgets/v1/register.rs"]
mod register;

pub use register::{GROUP_NAME, VERSIONS, add_known_types, add_to_scheme};

#[rustfmt::skip]
#[path = "../../../generated/widgets/v1/defaulters.rs"]
mod defaulters;

pub use defaulters::*;

#[cfg(test)]
#[rustfmt::skip]
#[path = "../../../generated/widgets/v1/roundtrip_test.rs"]
mod roundtrip_test;
