//! Type definitions of `certificates.k8s.io/v1alpha1`.

use kapi_machinery::TypeMeta;

use crate::Kapi;
use crate::meta::v1::{ListMeta, ObjectMeta};

/// +genclient
/// +genclient:nonNamespaced
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(kind, group = "certificates.k8s.io", version = "v1alpha1")]
pub struct ClusterTrustBundle {
    #[kapi(inline)]
    pub type_meta: TypeMeta,
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub metadata: ObjectMeta,
    #[kapi(proto = 2)]
    pub spec: ClusterTrustBundleSpec,
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct ClusterTrustBundleSpec {
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub signer_name: String,
    #[kapi(proto = 2)]
    pub trust_bundle: String,
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(kind, group = "certificates.k8s.io", version = "v1alpha1")]
pub struct ClusterTrustBundleList {
    #[kapi(inline)]
    pub type_meta: TypeMeta,
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub metadata: ListMeta,
    #[kapi(proto = 2)]
    pub items: Option<Vec<ClusterTrustBundle>>,
}
