//! The `widgets.example.com` group. A hub (internal) package goes here once the group has a second version.

pub mod v1alpha1;
