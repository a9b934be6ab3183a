//! The generated clientset (`client/generated/clientset.rs`): clients, informers, listers per `+genclient` kind.

#[rustfmt::skip]
#[path = "../generated/clientset.rs"]
mod generated;

pub use generated::*;
