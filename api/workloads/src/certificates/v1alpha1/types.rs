//! Type definitions of `certificates.k8s.io/v1alpha1`.

use kapi_machinery::TypeMeta;

use crate::Kapi;
use crate::meta::v1::{ListMeta, ObjectMeta};

/// A cluster-scoped set of X.509 trust anchors, readable by every authenticated user.
///
/// +genclient
/// +ownNameRule
/// +genclient:nonNamespaced
/// +k8s:prerelease-lifecycle-gen:introduced=1.26
/// +k8s:prerelease-lifecycle-gen:deprecated=1.34
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(kind, group = "certificates.k8s.io", version = "v1alpha1")]
pub struct ClusterTrustBundle {
    /// Kind and API version.
    #[kapi(inline)]
    pub type_meta: TypeMeta,
    /// Standard object metadata; the name must start with the signer name (slashes as colons) when one is set.
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub metadata: ObjectMeta,
    /// The signer and the anchors.
    #[kapi(proto = 2)]
    pub spec: ClusterTrustBundleSpec,
}

/// The optional signer and the root certificates of a trust bundle.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct ClusterTrustBundleSpec {
    /// The signer these anchors belong to; empty for a bundle tied to no signer.
    ///
    /// +k8s:alpha(since:"1.37")=+k8s:optional
    /// +k8s:alpha(since:"1.37")=+k8s:immutable
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub signer_name: String,
    /// PEM-encoded CA certificates, without block headers or duplicates.
    #[kapi(proto = 2)]
    pub trust_bundle: String,
}

/// A list of `ClusterTrustBundle` objects.
///
/// +k8s:prerelease-lifecycle-gen:introduced=1.26
/// +k8s:prerelease-lifecycle-gen:deprecated=1.34
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(kind, group = "certificates.k8s.io", version = "v1alpha1")]
pub struct ClusterTrustBundleList {
    /// Kind and API version.
    #[kapi(inline)]
    pub type_meta: TypeMeta,
    /// Standard list metadata.
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub metadata: ListMeta,
    /// The trust bundles.
    #[kapi(proto = 2)]
    pub items: Option<Vec<ClusterTrustBundle>>,
}
