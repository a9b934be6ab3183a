//! The sample's conversions, its conversion webhook in process and as a program over TLS, and its definition served by the test server: one binary, one module per suite, since none changes process-wide state (each program runs in its own scratch directory on its own port).

// Declared once here; the suites name it through `crate::`.
#[path = "../support/mod.rs"]
mod support;

mod conversion;
mod program;
mod test_server;
mod webhook;
