//! The generator's library: loading an API tree with the shared front-end into one model, and the
//! checks that span files. The binary (`kapi-codegen`) is a thin command-line layer over this.

pub mod load;

pub use load::{Loaded, LoadedType, load_tree};
