//! kapi-webhook's server, its conversion webhooks, and the test server's webhook chain calling them: one binary, one module per suite, since none changes process-wide state.

mod chain;
// Conversion webhooks take the apiextensions group's types, which only the `conversion` feature
// compiles (`cargo test --workspace` turns it on through kapi-sample's dependency).
#[cfg(feature = "conversion")]
mod conversion;
mod e2e;
mod server;
