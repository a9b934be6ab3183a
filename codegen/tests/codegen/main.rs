//! kapi-codegen's integration tests: each generator and front-end check over fixture trees (insta snapshots in `snapshots/`), the commands run as a program, and the committed generated code kept fresh. One binary, one module per suite, since none changes process-wide state (each writes only to its own scratch directory).

mod applyconfig;
mod check;
mod clientset;
mod compat;
mod conversion;
mod crd;
mod declarative;
mod defaults;
mod fresh;
mod gates;
mod init;
mod lifecycle;
mod openapi;
mod parallel;
mod proto;
mod validation;
mod workflow;
