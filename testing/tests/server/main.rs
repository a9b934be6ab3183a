//! The test server's behaviour over HTTP, through kapi-client and the fake, and the client's transports: one binary, one module per suite, since none of them changes process-wide state (each builds its own servers, gates and limits).

// The support modules, each declared once here; the suites name them through `crate::`.
#[path = "../clientset_support/mod.rs"]
mod clientset_support;
#[path = "../csr_support/mod.rs"]
mod csr_support;
#[path = "../http_support/mod.rs"]
mod http_support;
#[path = "../kubectl_support/mod.rs"]
#[allow(dead_code, reason = "only crd_cel runs kubectl here, and needs a part of it")]
mod kubectl_support;
#[path = "../net_support/mod.rs"]
mod net_support;
#[path = "../tcp_support/mod.rs"]
mod tcp_support;
#[path = "../../../client/tests/tls_support/mod.rs"]
mod tls_support;

mod apply;
mod auth_plugins;
mod body_namespace;
mod core_status;
mod crd;
mod crd_cel;
mod crd_schema;
mod deprecation;
mod dynamic;
mod e2e;
mod event_versions;
mod feature_gates;
mod kind_warnings;
mod lifecycle;
mod logs;
mod media_types;
mod metadata;
mod pod_security;
mod policy_dispatch;
mod put_create;
mod reviews;
mod server;
mod services;
mod ssa;
mod status_metadata;
mod status_writes;
mod strategy_effects;
mod streams;
mod subresources;
mod tls;
mod token_requests;
mod tracker;
mod users;
mod validation;
mod versions;
mod warnings;
mod write_warnings;
