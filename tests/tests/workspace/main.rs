//! kapi's cross-crate tests: the API's codecs, defaults and conversions against upstream's fixtures, k8s-openapi and bad input, the generated definitions, and the docs' Rust blocks. One binary, one module per suite, since none changes process-wide state.

mod bad_input;
mod budget;
mod compat;
mod crds;
mod cross_group;
mod defaults;
mod docs_code;
mod k8s_openapi;
mod machinery;
mod server_wire;
mod typed_encoding;
