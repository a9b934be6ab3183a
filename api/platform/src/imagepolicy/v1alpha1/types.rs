//! Type definitions of `imagepolicy.k8s.io/v1alpha1`.

use std::collections::BTreeMap;

use kapi_machinery::TypeMeta;

use crate::Kapi;
use crate::meta::v1::ObjectMeta;

/// Asks an image policy webhook whether the images of a pod being created may run.
///
/// +genclient
/// +genclient:nonNamespaced
/// +genclient:noVerbs
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(kind, group = "imagepolicy.k8s.io", version = "v1alpha1")]
pub struct ImageReview {
    /// Kind and API version.
    #[kapi(inline)]
    pub type_meta: TypeMeta,
    /// Standard object metadata.
    ///
    /// +k8s:opaqueType
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub metadata: ObjectMeta,
    /// The pod's images and context.
    #[kapi(proto = 2)]
    #[kapi(optional)]
    pub spec: ImageReviewSpec,
    /// The webhook's verdict.
    #[kapi(proto = 3, omitempty)]
    #[kapi(optional)]
    pub status: ImageReviewStatus,
}

/// The parts of a pod creation an image policy webhook sees.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct ImageReviewSpec {
    /// The pod's containers, reduced to their images.
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional, list_type = "atomic")]
    pub containers: Vec<ImageReviewContainerSpec>,
    /// Pod annotations whose keys match `*.image-policy.k8s.io/*`, for the webhook to interpret.
    #[kapi(proto = 2, omitempty)]
    #[kapi(optional)]
    pub annotations: BTreeMap<String, String>,
    /// Namespace the pod is created in.
    #[kapi(proto = 3, omitempty)]
    #[kapi(optional)]
    pub namespace: String,
}

/// One container of the pod under review.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct ImageReviewContainerSpec {
    /// The image reference, by tag or by digest.
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub image: String,
}

/// The verdict of an image review.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct ImageReviewStatus {
    /// Whether every image may run.
    #[kapi(proto = 1)]
    #[kapi(optional)]
    pub allowed: bool,
    /// When not allowed, a short explanation; may be truncated for display.
    #[kapi(proto = 2, omitempty)]
    #[kapi(optional)]
    pub reason: String,
    /// Annotations, keys without prefix, that the admission plugin adds to the audit event.
    #[kapi(proto = 3, omitempty)]
    #[kapi(optional)]
    pub audit_annotations: BTreeMap<String, String>,
}
