//! `meta/v1`: object and list metadata, status, request options, discovery, watch and table types.
//!
//! +protobufGoPackage=k8s.io/apimachinery/pkg/apis/meta/v1

mod discovery;
#[cfg(feature = "validation")]
pub mod object_meta_validation;
mod options;
mod table;
mod types;
#[cfg(feature = "validation")]
pub mod validation;
mod watch;

pub use discovery::*;
pub use options::*;
pub use table::*;
pub use types::*;
pub use watch::*;

// The generator writes only apply configurations for this package.
#[cfg(feature = "apply")]
#[rustfmt::skip]
#[path = "../../../generated/meta/v1/mod.rs"]
mod generated;

#[cfg(feature = "apply")]
pub use generated::*;

use kapi_machinery::{Kind, Scheme, SchemeError};

/// Registers `T` in its home kind (core `v1`) and under `gv`.
fn add_in_group_version<T: Kind>(scheme: &mut Scheme, gv: &kapi_machinery::GroupVersion) -> Result<(), SchemeError> {
    scheme.add_known_type::<T>()?;
    scheme.add_known_type_as::<T>(gv.with_kind(T::KIND))
}

/// Registers the common kinds in a group version, as upstream's `metav1.AddToGroupVersion` does:
/// the option kinds and `WatchEvent` under `gv`, and the unversioned kinds (`Status` and the
/// discovery kinds) in the core group `v1`.
#[kapi_macros::where_used]
pub fn add_to_group_version(scheme: &mut Scheme, gv: &kapi_machinery::GroupVersion) -> Result<(), SchemeError> {
    add_in_group_version::<WatchEvent>(scheme, gv)?;
    add_in_group_version::<ListOptions>(scheme, gv)?;
    add_in_group_version::<GetOptions>(scheme, gv)?;
    add_in_group_version::<DeleteOptions>(scheme, gv)?;
    add_in_group_version::<CreateOptions>(scheme, gv)?;
    add_in_group_version::<UpdateOptions>(scheme, gv)?;
    add_in_group_version::<PatchOptions>(scheme, gv)?;
    scheme.add_known_type::<Status>()?;
    scheme.add_known_type::<APIVersions>()?;
    scheme.add_known_type::<APIGroupList>()?;
    scheme.add_known_type::<APIGroup>()?;
    scheme.add_known_type::<APIResourceList>()?;
    Ok(())
}

/// Registers the kinds upstream serves in the core group `v1` whatever groups are enabled: the
/// common kinds of [`add_to_group_version`] (the raw `List` kind belongs to `core/v1`).
#[kapi_macros::where_used]
pub fn add_to_scheme(scheme: &mut Scheme) -> Result<(), SchemeError> {
    add_to_group_version(scheme, &kapi_machinery::GroupVersion::new("", "v1"))
}

/// Registers the `meta.k8s.io/v1` kinds (`Table`, `TableOptions`, `PartialObjectMetadata` and its
/// list), as upstream's `metav1.AddMetaToScheme` does. Not part of [`add_to_scheme`]: upstream's
/// API scheme (and so its fixtures) does not include them.
#[kapi_macros::where_used]
pub fn add_meta_to_scheme(scheme: &mut Scheme) -> Result<(), SchemeError> {
    scheme.add_known_type::<Table>()?;
    scheme.add_known_type::<TableOptions>()?;
    scheme.add_known_type::<PartialObjectMetadata>()?;
    scheme.add_known_type::<PartialObjectMetadataList>()?;
    Ok(())
}

#[cfg(test)]
mod tests;
