//! The internal (hub) types of `authentication.k8s.io`, which v1 and v1beta1 convert to and from.

use std::collections::BTreeMap;

use kapi_machinery::TypeMeta;
use kapi_machinery::types::Time;

use crate::Kapi;
use crate::meta::v1::ObjectMeta;

/// Asks the server to authenticate a bearer token and report the user it belongs to.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(kind, group = "authentication.k8s.io", internal)]
pub struct TokenReview {
    /// Kind and API version.
    pub type_meta: TypeMeta,
    /// Standard object metadata.
    pub metadata: ObjectMeta,
    /// The token to check.
    pub spec: TokenReviewSpec,
    /// The server's verdict.
    pub status: TokenReviewStatus,
}

/// The token to authenticate and the audiences it is presented for.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(internal)]
pub struct TokenReviewSpec {
    /// The opaque bearer token.
    pub token: String,
    /// Audiences the resource server identifies as.
    pub audiences: Vec<String>,
}

/// The outcome of a token review.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(internal)]
pub struct TokenReviewStatus {
    /// Whether the token belongs to a known user.
    pub authenticated: bool,
    /// The user the token belongs to.
    pub user: UserInfo,
    /// Audiences compatible with both the review and the token.
    pub audiences: Vec<String>,
    /// Why the token could not be checked.
    pub error: String,
}

/// What the authenticator knows about a user.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(internal)]
pub struct UserInfo {
    /// The user's unique name among active users.
    pub username: String,
    /// A value identifying the user across time.
    pub uid: String,
    /// Groups the user belongs to.
    pub groups: Vec<String>,
    /// Further authenticator-provided attributes.
    pub extra: BTreeMap<String, ExtraValue>,
}

/// A list of strings that protobuf wraps in a message (a `UserInfo.extra` value).
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(internal)]
pub struct ExtraValue(pub Vec<String>);

/// A list of strings that protobuf wraps in a message (a `TokenRequestSpec.attestations` value).
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(internal)]
pub struct AttestationValue(pub Vec<String>);

/// Asks for a token for a service account.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(kind, group = "authentication.k8s.io", internal)]
pub struct TokenRequest {
    /// Kind and API version.
    pub type_meta: TypeMeta,
    /// Standard object metadata.
    pub metadata: ObjectMeta,
    /// The parameters of the requested token.
    pub spec: TokenRequestSpec,
    /// The issued token.
    pub status: TokenRequestStatus,
}

/// The client's parameters for a token request.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(internal)]
pub struct TokenRequestSpec {
    /// Intended audiences of the token.
    pub audiences: Option<Vec<String>>,
    /// Requested validity in seconds; always set internally (v1 defaults it to an hour).
    pub expiration_seconds: i64,
    /// An object the token's validity is tied to.
    pub bound_object_ref: Option<BoundObjectReference>,
    /// Attestation claims to embed in the token, by name.
    pub attestations: BTreeMap<String, AttestationValue>,
}

/// The result of a token request.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(internal)]
pub struct TokenRequestStatus {
    /// The opaque bearer token.
    pub token: String,
    /// When the token expires.
    pub expiration_timestamp: Time,
}

/// A reference to the object a token is bound to.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(internal)]
pub struct BoundObjectReference {
    /// Kind of the referent.
    pub kind: String,
    /// API version of the referent.
    pub api_version: String,
    /// Name of the referent.
    pub name: String,
    /// UID of the referent.
    pub uid: String,
}

/// Reports what the API server knows about the user making the request.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(kind, group = "authentication.k8s.io", internal)]
pub struct SelfSubjectReview {
    /// Kind and API version.
    pub type_meta: TypeMeta,
    /// Standard object metadata.
    pub metadata: ObjectMeta,
    /// The user's attributes, filled in by the server.
    pub status: SelfSubjectReviewStatus,
}

/// The server's answer to a self subject review.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(internal)]
pub struct SelfSubjectReviewStatus {
    /// The attributes of the requesting user.
    pub user_info: UserInfo,
}
