//! kapi-runtime end to end against the in-process API server: one binary, one module per suite, since none changes process-wide state (each builds its own server, client and controllers; the paused clocks are each test's own runtime's).

// The support modules, each declared once here; the suites name them through `crate::`.
#[path = "../../../testing/tests/fault_support/mod.rs"]
mod fault_support;
#[path = "../support/mod.rs"]
mod support;

mod controller;
mod events;
mod faults;
mod helpers;
mod leader;
mod metadata;
