//! The watcher, reflector and informers, and kapi-client's retries, under faults and against the in-process server: one binary apart from the others, since these suites measure how the client spaces its retries and must not share the machine's threads with the long kubectl and HTTP suites.

// The support modules, each declared once here; the suites name them through `crate::`.
#[path = "../fault_support/mod.rs"]
mod fault_support;
#[path = "../../../client/tests/informer_support/mod.rs"]
mod informer_support;

mod faults_informer;
mod faults_requests;
mod faults_watch;
mod informer;
mod watcher;
