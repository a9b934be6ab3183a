//! The `widgets.kitchen.example.com` group.

pub mod v1;
