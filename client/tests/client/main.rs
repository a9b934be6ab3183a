//! kapi-client's integration tests against scripted services and raw sockets on loopback: one binary, one module per suite, since none changes process-wide state (each builds its own servers, transports and runtimes).

// The support modules, each declared once here (kapi-testing's `server` and `faults` binaries
// declare them too); the suites name them through `crate::`.
#[path = "../informer_support/mod.rs"]
#[allow(
    dead_code,
    reason = "the informer suite keeps its own kind and helpers and takes only `expect_events` and `keys` here; kapi-testing's `faults` binary uses the rest"
)]
mod informer_support;
#[path = "../tls_support/mod.rs"]
mod tls_support;

mod client_api;
mod informer;
mod kubeconfig;
mod limits;
mod metadata;
mod options;
mod status_errors;
mod warnings;
mod watch_decode;
