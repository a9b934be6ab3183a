//! Type definitions of `authentication.k8s.io/v1beta1`.

use std::collections::BTreeMap;

use kapi_machinery::TypeMeta;

use crate::Kapi;
use crate::meta::v1::ObjectMeta;

/// +genclient
/// +genclient:nonNamespaced
/// +genclient:onlyVerbs=create
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(kind, group = "authentication.k8s.io", version = "v1beta1")]
pub struct TokenReview {
    #[kapi(inline)]
    pub type_meta: TypeMeta,
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub metadata: ObjectMeta,
    #[kapi(proto = 2)]
    #[kapi(required)]
    pub spec: TokenReviewSpec,
    #[kapi(proto = 3, omitempty)]
    #[kapi(optional)]
    pub status: TokenReviewStatus,
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct TokenReviewSpec {
    #[kapi(proto = 1, omitempty)]
    #[kapi(required)]
    pub token: String,
    #[kapi(proto = 2, omitempty)]
    #[kapi(optional, list_type = "atomic")]
    pub audiences: Vec<String>,
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct TokenReviewStatus {
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub authenticated: bool,
    #[kapi(proto = 2, omitempty)]
    #[kapi(optional)]
    pub user: UserInfo,
    #[kapi(proto = 4, omitempty)]
    #[kapi(optional, list_type = "atomic")]
    pub audiences: Vec<String>,
    #[kapi(proto = 3, omitempty)]
    #[kapi(optional)]
    pub error: String,
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct UserInfo {
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub username: String,
    #[kapi(proto = 2, omitempty)]
    #[kapi(optional)]
    pub uid: String,
    #[kapi(proto = 3, omitempty)]
    #[kapi(optional, list_type = "atomic")]
    pub groups: Vec<String>,
    #[kapi(proto = 4, omitempty)]
    #[kapi(optional)]
    pub extra: BTreeMap<String, ExtraValue>,
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(proto_wrap)]
pub struct ExtraValue(pub Vec<String>);

/// +genclient
/// +genclient:nonNamespaced
/// +genclient:onlyVerbs=create
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(kind, group = "authentication.k8s.io", version = "v1beta1")]
pub struct SelfSubjectReview {
    #[kapi(inline)]
    pub type_meta: TypeMeta,
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub metadata: ObjectMeta,
    #[kapi(proto = 2, omitempty)]
    #[kapi(optional)]
    pub status: SelfSubjectReviewStatus,
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct SelfSubjectReviewStatus {
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub user_info: crate::authentication::v1::UserInfo,
}
