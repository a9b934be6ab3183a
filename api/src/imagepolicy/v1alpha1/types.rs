//! Type definitions of `imagepolicy.k8s.io/v1alpha1`.

use std::collections::BTreeMap;

use kapi_machinery::TypeMeta;

use crate::Kapi;
use crate::meta::v1::ObjectMeta;

/// +genclient
/// +genclient:nonNamespaced
/// +genclient:noVerbs
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(kind, group = "imagepolicy.k8s.io", version = "v1alpha1")]
pub struct ImageReview {
    #[kapi(inline)]
    pub type_meta: TypeMeta,
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub metadata: ObjectMeta,
    #[kapi(proto = 2)]
    #[kapi(optional)]
    pub spec: ImageReviewSpec,
    #[kapi(proto = 3, omitempty)]
    #[kapi(optional)]
    pub status: ImageReviewStatus,
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct ImageReviewSpec {
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional, list_type = "atomic")]
    pub containers: Vec<ImageReviewContainerSpec>,
    #[kapi(proto = 2, omitempty)]
    #[kapi(optional)]
    pub annotations: BTreeMap<String, String>,
    #[kapi(proto = 3, omitempty)]
    #[kapi(optional)]
    pub namespace: String,
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct ImageReviewContainerSpec {
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub image: String,
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct ImageReviewStatus {
    #[kapi(proto = 1)]
    #[kapi(optional)]
    pub allowed: bool,
    #[kapi(proto = 2, omitempty)]
    #[kapi(optional)]
    pub reason: String,
    #[kapi(proto = 3, omitempty)]
    #[kapi(optional)]
    pub audit_annotations: BTreeMap<String, String>,
}
