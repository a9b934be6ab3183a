//! kubectl and the official Python client against the test server: one binary for the suites that drive an outside client as a child process (none changes process-wide state), apart from the in-process suites so the two build side by side and `cargo test --test kubectl` runs the outside clients alone.

// Declared once here; the suites name it through `crate::`.
#[path = "../kubectl_support/mod.rs"]
mod kubectl_support;

mod kubectl;
mod kubectl_every_resource;
mod kubectl_every_resource_writes;
mod python;
mod validation_groups;
