//! `meta`: the metadata types every API group shares (k8s.io/apimachinery/pkg/apis/meta), and
//! what clients and servers share about them, below both: `Status` errors (`errors`), label
//! selectors (`labels`) and resource descriptions (`resource`).

pub mod errors;
pub mod labels;
pub mod resource;
pub mod v1;

/// Registers the `meta/v1` kinds that upstream serves in the core group `v1`.
#[kapi_macros::where_used]
pub fn add_to_scheme(scheme: &mut kapi_machinery::Scheme) -> Result<(), kapi_machinery::SchemeError> {
    v1::add_to_scheme(scheme)
}
