//! The front-end of kapi's type-definition language, shared by the derive macros and the generator:
//! attribute parsing, the typed model of an API type, JSON/Go name mapping, checks and diagnostics.
#![warn(missing_docs)]

pub mod attr;
pub mod check;
pub mod ctxt;
pub mod diagnostics;
pub mod enums;
/// The schema facts the checks share with machinery's run-time schema (one definition, in `kapi-facts`).
pub use kapi_facts::schema as facts;
pub mod markers;
pub mod model;
pub mod names;
pub mod schema_markers;
pub mod symbol;
#[cfg(feature = "universe")]
pub mod universe;
pub mod validation_markers;

pub use ctxt::Ctxt;
pub use model::{Body, Field, Shape, TypeDef};
