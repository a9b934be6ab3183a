//! `v1.List`: a list of objects of any kind, as `kubectl get -o yaml` of several resources prints.

use kapi_machinery::TypeMeta;
use kapi_machinery::types::RawExtension;

use crate::Kapi;
use crate::meta::v1::ListMeta;

/// A list of objects of any kind, each carrying its own `kind` and `apiVersion`.
///
/// +k8s:prerelease-lifecycle-gen:introduced=1.0
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(kind, group = "", version = "v1")]
pub struct List {
    /// Kind and API version.
    #[kapi(inline)]
    pub type_meta: TypeMeta,
    /// Standard list metadata.
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub metadata: ListMeta,
    /// The objects, each encoded whole.
    #[kapi(proto = 2)]
    pub items: Option<Vec<RawExtension>>,
}
