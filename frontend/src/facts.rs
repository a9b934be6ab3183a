//! The schema facts of the type language, from machinery's source file so the derive's checks and the run-time schema share one definition (a dependency on machinery would compile it for the host too).

#[path = "../../machinery/src/schema_facts.rs"]
mod shared;

pub use shared::{Granularity, ListType, PatchStrategy};
