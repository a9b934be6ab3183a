//! The internal (hub) types of `imagepolicy.k8s.io`, which v1alpha1 converts to and from.

use std::collections::BTreeMap;

use kapi_machinery::TypeMeta;

use crate::Kapi;
use crate::meta::v1::ObjectMeta;

/// Asks an image policy webhook whether the images of a pod being created may run.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(kind, group = "imagepolicy.k8s.io", internal)]
pub struct ImageReview {
    /// Kind and API version.
    pub type_meta: TypeMeta,
    /// Standard object metadata.
    pub metadata: ObjectMeta,
    /// The pod's images and context.
    pub spec: ImageReviewSpec,
    /// The webhook's verdict.
    pub status: ImageReviewStatus,
}

/// The parts of a pod creation an image policy webhook sees.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(internal)]
pub struct ImageReviewSpec {
    /// The pod's containers, reduced to their images.
    pub containers: Vec<ImageReviewContainerSpec>,
    /// Pod annotations whose keys match `*.image-policy.k8s.io/*`, for the webhook to interpret.
    pub annotations: BTreeMap<String, String>,
    /// Namespace the pod is created in.
    pub namespace: String,
}

/// One container of the pod under review.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(internal)]
pub struct ImageReviewContainerSpec {
    /// The image reference, by tag or by digest.
    pub image: String,
}

/// The verdict of an image review.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(internal)]
pub struct ImageReviewStatus {
    /// Whether every image may run.
    pub allowed: bool,
    /// When not allowed, a short explanation; may be truncated for display.
    pub reason: String,
    /// Annotations, keys without prefix, that the admission plugin adds to the audit event.
    pub audit_annotations: BTreeMap<String, String>,
}
