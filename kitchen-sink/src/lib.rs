//! A kitchen-sink API tree: maps, nested options, newtypes, wrapped slices, renamed and inline
//! fields, recursion, field defaults and hand-written defaulters, an internal package with
//! hand-written conversions, a version whose kinds convert through hubs in two other groups, a
//! JSON-only custom resource, with its own `generated/` tree
//! (kept fresh by `hack/update-codegen.sh`). Features `internal` and `testing` as in `kapi-api`.

pub mod crontabs;
pub mod gadgets;
pub mod legacy;
pub mod sprockets;
pub mod widgets;

/// A scheme with the kitchen-sink kinds (the internal ones with the `internal` feature).
pub fn scheme() -> Result<kapi_machinery::Scheme, kapi_machinery::SchemeError> {
    let mut s = kapi_machinery::Scheme::new();
    widgets::v1::add_to_scheme(&mut s)?;
    #[cfg(feature = "internal")]
    gadgets::add_to_scheme(&mut s)?;
    gadgets::v1::add_to_scheme(&mut s)?;
    #[cfg(feature = "internal")]
    sprockets::add_to_scheme(&mut s)?;
    legacy::v1beta1::add_to_scheme(&mut s)?;
    crontabs::v1::add_to_scheme(&mut s)?;
    Ok(s)
}
