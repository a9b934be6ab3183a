//! Type definitions of `authentication.k8s.io/v1beta1`.

use std::collections::BTreeMap;

use kapi_machinery::TypeMeta;

use crate::Kapi;
use crate::meta::v1::ObjectMeta;

/// Asks the server to authenticate a bearer token and report the user it belongs to.
///
/// +genclient
/// +genclient:nonNamespaced
/// +genclient:onlyVerbs=create
/// +k8s:prerelease-lifecycle-gen:introduced=1.4
/// +k8s:prerelease-lifecycle-gen:deprecated=1.19
/// +k8s:prerelease-lifecycle-gen:replacement=authentication.k8s.io,v1,TokenReview
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(kind, group = "authentication.k8s.io", version = "v1beta1")]
pub struct TokenReview {
    /// Kind and API version.
    #[kapi(inline)]
    pub type_meta: TypeMeta,
    /// Standard object metadata.
    ///
    /// +k8s:opaqueType
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub metadata: ObjectMeta,
    /// The token to check.
    #[kapi(proto = 2)]
    #[kapi(required)]
    pub spec: TokenReviewSpec,
    /// The server's verdict.
    #[kapi(proto = 3, omitempty)]
    #[kapi(optional)]
    pub status: TokenReviewStatus,
}

/// The token to authenticate and the audiences it is presented for.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct TokenReviewSpec {
    /// The opaque bearer token.
    #[kapi(proto = 1, omitempty)]
    #[kapi(required)]
    pub token: String,
    /// Audiences the resource server identifies as.
    #[kapi(proto = 2, omitempty)]
    #[kapi(optional, list_type = "atomic")]
    pub audiences: Vec<String>,
}

/// The outcome of a token review.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct TokenReviewStatus {
    /// Whether the token belongs to a known user.
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub authenticated: bool,
    /// The user the token belongs to.
    #[kapi(proto = 2, omitempty)]
    #[kapi(optional)]
    pub user: UserInfo,
    /// Audiences compatible with both the review and the token.
    #[kapi(proto = 4, omitempty)]
    #[kapi(optional, list_type = "atomic")]
    pub audiences: Vec<String>,
    /// Why the token could not be checked.
    #[kapi(proto = 3, omitempty)]
    #[kapi(optional)]
    pub error: String,
}

/// What the authenticator knows about a user.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct UserInfo {
    /// The user's unique name among active users.
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub username: String,
    /// A value identifying the user across time.
    #[kapi(proto = 2, omitempty)]
    #[kapi(optional)]
    pub uid: String,
    /// Groups the user belongs to.
    #[kapi(proto = 3, omitempty)]
    #[kapi(optional, list_type = "atomic")]
    pub groups: Vec<String>,
    /// Further authenticator-provided attributes.
    #[kapi(proto = 4, omitempty)]
    #[kapi(optional)]
    pub extra: BTreeMap<String, ExtraValue>,
}

/// A list of strings that protobuf wraps in a message (a `UserInfo.extra` value).
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(proto_wrap)]
pub struct ExtraValue(pub Vec<String>);

/// Reports what the API server knows about the user making the request.
///
/// +genclient
/// +genclient:nonNamespaced
/// +genclient:onlyVerbs=create
/// +k8s:prerelease-lifecycle-gen:introduced=1.27
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(kind, group = "authentication.k8s.io", version = "v1beta1")]
pub struct SelfSubjectReview {
    /// Kind and API version.
    #[kapi(inline)]
    pub type_meta: TypeMeta,
    /// Standard object metadata.
    ///
    /// +k8s:opaqueType
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub metadata: ObjectMeta,
    /// The user's attributes, filled in by the server.
    #[kapi(proto = 2, omitempty)]
    #[kapi(optional)]
    pub status: SelfSubjectReviewStatus,
}

/// The server's answer to a self subject review.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct SelfSubjectReviewStatus {
    /// The attributes of the requesting user.
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub user_info: crate::authentication::v1::UserInfo,
}
