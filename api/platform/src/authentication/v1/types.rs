//! Type definitions of `authentication.k8s.io/v1`.

use std::collections::BTreeMap;

use kapi_machinery::TypeMeta;
use kapi_machinery::types::Time;

use crate::Kapi;
use crate::meta::v1::ObjectMeta;

/// Asks the server to authenticate a bearer token and report the user it belongs to.
///
/// +genclient
/// +genclient:nonNamespaced
/// +genclient:onlyVerbs=create
/// +k8s:prerelease-lifecycle-gen:introduced=1.6
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(kind, group = "authentication.k8s.io", version = "v1")]
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

/// A list of strings that protobuf wraps in a message (a `TokenRequestSpec.attestations` value).
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(proto_wrap)]
pub struct AttestationValue(pub Vec<String>);

/// Asks for a token for a service account.
///
/// +k8s:prerelease-lifecycle-gen:introduced=1.10
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(kind, group = "authentication.k8s.io", version = "v1")]
pub struct TokenRequest {
    /// Kind and API version.
    #[kapi(inline)]
    pub type_meta: TypeMeta,
    /// Standard object metadata.
    ///
    /// +k8s:opaqueType
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub metadata: ObjectMeta,
    /// The parameters of the requested token.
    #[kapi(proto = 2)]
    #[kapi(optional)]
    pub spec: TokenRequestSpec,
    /// The issued token.
    #[kapi(proto = 3, omitempty)]
    #[kapi(optional)]
    pub status: TokenRequestStatus,
}

/// The client's parameters for a token request.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct TokenRequestSpec {
    /// Intended audiences of the token.
    #[kapi(proto = 1)]
    #[kapi(optional, list_type = "atomic")]
    pub audiences: Option<Vec<String>>,
    /// Requested validity in seconds.
    #[kapi(proto = 4)]
    #[kapi(optional)]
    pub expiration_seconds: Option<i64>,
    /// An object the token's validity is tied to.
    #[kapi(proto = 3)]
    #[kapi(optional)]
    pub bound_object_ref: Option<BoundObjectReference>,
    /// Attestation claims to embed in the token, by name.
    #[kapi(proto = 5, omitempty)]
    #[kapi(optional)]
    pub attestations: BTreeMap<String, AttestationValue>,
}

/// The result of a token request.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct TokenRequestStatus {
    /// The opaque bearer token.
    #[kapi(proto = 1)]
    #[kapi(optional)]
    pub token: String,
    /// When the token expires.
    #[kapi(proto = 2)]
    #[kapi(optional)]
    pub expiration_timestamp: Time,
}

/// A reference to the object a token is bound to.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct BoundObjectReference {
    /// Kind of the referent.
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub kind: String,
    /// API version of the referent.
    #[kapi(proto = 2, omitempty)]
    #[kapi(optional)]
    pub api_version: String,
    /// Name of the referent.
    #[kapi(proto = 3, omitempty)]
    #[kapi(optional)]
    pub name: String,
    /// UID of the referent.
    #[kapi(proto = 4, omitempty, proto_name = "uID")]
    #[kapi(optional)]
    pub uid: String,
}

/// Reports what the API server knows about the user making the request.
///
/// +genclient
/// +genclient:nonNamespaced
/// +genclient:onlyVerbs=create
/// +k8s:prerelease-lifecycle-gen:introduced=1.28
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(kind, group = "authentication.k8s.io", version = "v1")]
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
    pub user_info: UserInfo,
}
