//! Type definitions of `certificates.k8s.io/v1beta1`.

use std::collections::BTreeMap;

use kapi_machinery::TypeMeta;
use kapi_machinery::types::Time;

use crate::Kapi;
use crate::core::v1::ConditionStatus;
use crate::meta::v1::{Condition, ListMeta, ObjectMeta};

/// Asks a signer to issue an X.509 certificate for a PKCS#10 request.
///
/// +genclient
/// +shortNames=csr
/// +genclient:nonNamespaced
/// +k8s:prerelease-lifecycle-gen:introduced=1.12
/// +k8s:prerelease-lifecycle-gen:deprecated=1.19
/// +k8s:prerelease-lifecycle-gen:replacement=certificates.k8s.io,v1,CertificateSigningRequest
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(kind, group = "certificates.k8s.io", version = "v1beta1")]
pub struct CertificateSigningRequest {
    /// Kind and API version.
    #[kapi(inline)]
    pub type_meta: TypeMeta,
    /// Standard object metadata.
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub metadata: ObjectMeta,
    /// The request; immutable once created, and only some fields may be set by the client.
    #[kapi(proto = 2)]
    pub spec: CertificateSigningRequestSpec,
    /// Approval conditions and the issued certificate.
    #[kapi(proto = 3, omitempty)]
    #[kapi(optional)]
    pub status: CertificateSigningRequestStatus,
}

/// The certificate request and who made it.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct CertificateSigningRequestSpec {
    /// The PKCS#10 request, PEM-encoded (base64 in JSON).
    #[kapi(proto = 1)]
    pub request: Option<Vec<u8>>,
    /// The signer asked to issue the certificate, as `domain/name`; the server picks one when empty.
    #[kapi(proto = 7, omitempty)]
    #[kapi(optional)]
    pub signer_name: Option<String>,
    /// Requested validity in seconds, at least 600; the signer may issue a different duration.
    #[kapi(proto = 8, omitempty)]
    #[kapi(optional)]
    pub expiration_seconds: Option<i32>,
    /// Key usages and extended key usages the certificate should allow.
    #[kapi(proto = 5, omitempty)]
    #[kapi(list_type = "atomic")]
    pub usages: Option<Vec<KeyUsage>>,
    /// The requesting user, filled in by the server.
    #[kapi(proto = 2, omitempty)]
    #[kapi(optional)]
    pub username: String,
    /// UID of the requesting user, filled in by the server.
    #[kapi(proto = 3, omitempty)]
    #[kapi(optional)]
    pub uid: String,
    /// Groups of the requesting user, filled in by the server.
    #[kapi(proto = 4, omitempty)]
    #[kapi(optional, list_type = "atomic")]
    pub groups: Vec<String>,
    /// Extra attributes of the requesting user, filled in by the server.
    #[kapi(proto = 6, omitempty)]
    #[kapi(optional)]
    pub extra: BTreeMap<String, ExtraValue>,
}

/// A list of strings that protobuf wraps in a message (a `CertificateSigningRequestSpec.extra` value).
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(proto_wrap)]
pub struct ExtraValue(pub Vec<String>);

/// The state of a certificate signing request.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct CertificateSigningRequestStatus {
    /// Approval, denial or failure of the request.
    ///
    /// +k8s:beta(since: "1.37")=+k8s:listType=map
    /// +k8s:beta(since: "1.37")=+k8s:listMapKey=type
    /// +k8s:beta(since: "1.37")=+k8s:customUnique
    /// +k8s:beta(since: "1.37")=+k8s:optional
    /// +k8s:beta(since: "1.37")=+k8s:item(type: "Approved")=+k8s:zeroOrOneOfMember
    /// +k8s:beta(since: "1.37")=+k8s:item(type: "Denied")=+k8s:zeroOrOneOfMember
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional, list_type = "map", list_map_key = "type")]
    pub conditions: Vec<CertificateSigningRequestCondition>,
    /// The issued certificate chain, PEM-encoded, set by the signer once approved.
    #[kapi(proto = 2, omitempty)]
    #[kapi(optional)]
    pub certificate: Vec<u8>,
}

/// The kind of a certificate signing request condition.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct RequestConditionType(pub String);

impl RequestConditionType {
    /// An approver allowed the signer to issue the certificate.
    pub const APPROVED: &'static str = "Approved";
    /// An approver refused the request; no certificate should be issued.
    pub const DENIED: &'static str = "Denied";
    /// The signer could not issue the certificate.
    pub const FAILED: &'static str = "Failed";
}

/// One condition of a certificate signing request.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct CertificateSigningRequestCondition {
    /// `Approved`, `Denied` or `Failed`, among others.
    #[kapi(proto = 1)]
    pub r#type: RequestConditionType,
    /// `True`, `False` or `Unknown`; an unset value means `True`.
    #[kapi(proto = 6)]
    #[kapi(optional)]
    pub status: ConditionStatus,
    /// A short machine-readable reason.
    #[kapi(proto = 2, omitempty)]
    #[kapi(optional)]
    pub reason: String,
    /// A human-readable explanation.
    #[kapi(proto = 3, omitempty)]
    #[kapi(optional)]
    pub message: String,
    /// When the condition was last updated.
    #[kapi(proto = 4, omitempty)]
    #[kapi(optional)]
    pub last_update_time: Time,
    /// When the status last changed; the server fills it in when unset.
    #[kapi(proto = 5, omitempty)]
    #[kapi(optional)]
    pub last_transition_time: Time,
}

/// A list of `CertificateSigningRequest` objects.
///
/// +k8s:prerelease-lifecycle-gen:introduced=1.12
/// +k8s:prerelease-lifecycle-gen:deprecated=1.19
/// +k8s:prerelease-lifecycle-gen:replacement=certificates.k8s.io,v1,CertificateSigningRequestList
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(kind, group = "certificates.k8s.io", version = "v1beta1")]
pub struct CertificateSigningRequestList {
    /// Kind and API version.
    #[kapi(inline)]
    pub type_meta: TypeMeta,
    /// Standard list metadata.
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub metadata: ListMeta,
    /// The certificate signing requests.
    #[kapi(proto = 2)]
    pub items: Option<Vec<CertificateSigningRequest>>,
}

/// A usage a certificate's key may be put to, such as `digital signature` or `server auth`.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct KeyUsage(pub String);

impl KeyUsage {
    /// Signing in general.
    pub const SIGNING: &'static str = "signing";
    /// The digitalSignature key usage bit.
    pub const USAGE_DIGITAL_SIGNATURE: &'static str = "digital signature";
    /// The contentCommitment (non-repudiation) key usage bit.
    pub const USAGE_CONTENT_COMMITMENT: &'static str = "content commitment";
    /// The keyEncipherment key usage bit.
    pub const USAGE_KEY_ENCIPHERMENT: &'static str = "key encipherment";
    /// The keyAgreement key usage bit.
    pub const USAGE_KEY_AGREEMENT: &'static str = "key agreement";
    /// The dataEncipherment key usage bit.
    pub const USAGE_DATA_ENCIPHERMENT: &'static str = "data encipherment";
    /// The keyCertSign key usage bit: signing other certificates.
    pub const USAGE_CERT_SIGN: &'static str = "cert sign";
    /// The cRLSign key usage bit: signing revocation lists.
    pub const USAGE_CRL_SIGN: &'static str = "crl sign";
    /// The encipherOnly key usage bit.
    pub const USAGE_ENCIPHER_ONLY: &'static str = "encipher only";
    /// The decipherOnly key usage bit.
    pub const USAGE_DECIPHER_ONLY: &'static str = "decipher only";
    /// The anyExtendedKeyUsage extended usage.
    pub const ANY: &'static str = "any";
    /// TLS server authentication.
    pub const USAGE_SERVER_AUTH: &'static str = "server auth";
    /// TLS client authentication.
    pub const USAGE_CLIENT_AUTH: &'static str = "client auth";
    /// Code signing.
    pub const USAGE_CODE_SIGNING: &'static str = "code signing";
    /// Email protection.
    pub const USAGE_EMAIL_PROTECTION: &'static str = "email protection";
    /// S/MIME.
    pub const USAGE_SMIME: &'static str = "s/mime";
    /// IPsec end system.
    pub const USAGE_I_PSEC_END_SYSTEM: &'static str = "ipsec end system";
    /// IPsec tunnel.
    pub const USAGE_I_PSEC_TUNNEL: &'static str = "ipsec tunnel";
    /// IPsec user.
    pub const USAGE_I_PSEC_USER: &'static str = "ipsec user";
    /// Time stamping.
    pub const TIMESTAMPING: &'static str = "timestamping";
    /// Signing OCSP responses.
    pub const USAGE_OCSP_SIGNING: &'static str = "ocsp signing";
    /// Microsoft server gated cryptography.
    pub const USAGE_MICROSOFT_SGC: &'static str = "microsoft sgc";
    /// Netscape server gated cryptography.
    pub const USAGE_NETSCAPE_SGC: &'static str = "netscape sgc";
}

/// A cluster-scoped set of X.509 trust anchors, readable by every authenticated user.
///
/// +genclient
/// +ownNameRule
/// +genclient:nonNamespaced
/// +k8s:prerelease-lifecycle-gen:introduced=1.33
/// +k8s:prerelease-lifecycle-gen:deprecated=1.37
/// +k8s:prerelease-lifecycle-gen:replacement=certificates.k8s.io,v1,ClusterTrustBundle
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(kind, group = "certificates.k8s.io", version = "v1beta1")]
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
/// +k8s:prerelease-lifecycle-gen:introduced=1.33
/// +k8s:prerelease-lifecycle-gen:deprecated=1.37
/// +k8s:prerelease-lifecycle-gen:replacement=certificates.k8s.io,v1,ClusterTrustBundleList
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(kind, group = "certificates.k8s.io", version = "v1beta1")]
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

/// A kubelet's request, on behalf of a pod, for a certificate from a signer.
///
/// +genclient
/// +k8s:prerelease-lifecycle-gen:introduced=1.35
/// +k8s:prerelease-lifecycle-gen:deprecated=1.37
/// +k8s:prerelease-lifecycle-gen:replacement=certificates.k8s.io,v1,PodCertificateRequest
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(kind, group = "certificates.k8s.io", version = "v1beta1")]
pub struct PodCertificateRequest {
    /// Kind and API version.
    #[kapi(inline)]
    pub type_meta: TypeMeta,
    /// Standard object metadata.
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub metadata: ObjectMeta,
    /// The requested certificate; immutable.
    #[kapi(proto = 2)]
    #[kapi(required)]
    pub spec: PodCertificateRequestSpec,
    /// Conditions and the issued certificate.
    #[kapi(proto = 3, omitempty)]
    #[kapi(optional)]
    pub status: PodCertificateRequestStatus,
}

/// The pod, its identities and the key a pod certificate is requested for; immutable.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct PodCertificateRequestSpec {
    /// The signer asked to issue the certificate; names under `kubernetes.io` are reserved.
    #[kapi(proto = 1)]
    #[kapi(required)]
    pub signer_name: String,
    /// Name of the pod the certificate is for.
    #[kapi(proto = 2)]
    #[kapi(required)]
    pub pod_name: String,
    /// UID of the pod the certificate is for.
    #[kapi(proto = 3)]
    #[kapi(required)]
    pub pod_uid: String,
    /// Service account the pod runs as.
    #[kapi(proto = 4)]
    #[kapi(required)]
    pub service_account_name: String,
    /// UID of the service account the pod runs as.
    #[kapi(proto = 5)]
    #[kapi(required)]
    pub service_account_uid: String,
    /// Node the pod is scheduled on.
    #[kapi(proto = 6)]
    #[kapi(required)]
    pub node_name: String,
    /// UID of the node the pod is scheduled on.
    #[kapi(proto = 7)]
    #[kapi(required)]
    pub node_uid: String,
    /// Longest lifetime allowed in seconds: 3600 to 7862400, defaults to 86400.
    #[kapi(proto = 8, omitempty, default = "86400")]
    #[kapi(optional)]
    pub max_expiration_seconds: Option<i32>,
    /// Deprecated: the PKIX-encoded public key to certify; superseded by `stub_pkcs10_request`.
    #[kapi(proto = 9)]
    #[kapi(optional)]
    pub pkix_public_key: Option<Vec<u8>>,
    /// Deprecated: the pod UID signed with the private key of `pkix_public_key`.
    #[kapi(proto = 10)]
    #[kapi(optional)]
    pub proof_of_possession: Option<Vec<u8>>,
    /// A DER PKCS#10 request from the kubelet, mainly carrying the subject public key.
    #[kapi(proto = 12, json = "stubPKCS10Request")]
    pub stub_pkcs10_request: Option<Vec<u8>>,
    /// Unchecked, domain-prefixed hints from the pod author to the signer.
    #[kapi(proto = 11, omitempty)]
    pub unverified_user_annotations: BTreeMap<String, String>,
}

/// The outcome of a pod certificate request.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct PodCertificateRequestStatus {
    /// Conditions such as `Issued`, `Denied` or `Failed`; at most one of those three.
    ///
    /// +k8s:alpha(since: "1.37")=+k8s:optional
    /// +k8s:alpha(since: "1.37")=+k8s:listType=map
    /// +k8s:alpha(since: "1.37")=+k8s:listMapKey=type
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional, list_type = "map", list_map_key = "type", patch_strategy = "merge", patch_merge_key = "type")]
    pub conditions: Vec<Condition>,
    /// The issued PEM certificate chain, leaf first; immutable once set.
    #[kapi(proto = 2, omitempty)]
    #[kapi(optional)]
    pub certificate_chain: String,
    /// Start of the leaf certificate's validity.
    #[kapi(proto = 4, omitempty)]
    #[kapi(optional)]
    pub not_before: Option<Time>,
    /// A hint for when the kubelet should start renewing the certificate.
    #[kapi(proto = 5, omitempty)]
    #[kapi(optional)]
    pub begin_refresh_at: Option<Time>,
    /// End of the leaf certificate's validity.
    #[kapi(proto = 6, omitempty)]
    #[kapi(optional)]
    pub not_after: Option<Time>,
}

/// A list of `PodCertificateRequest` objects.
///
/// +k8s:prerelease-lifecycle-gen:introduced=1.35
/// +k8s:prerelease-lifecycle-gen:deprecated=1.37
/// +k8s:prerelease-lifecycle-gen:replacement=certificates.k8s.io,v1,PodCertificateRequestList
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(kind, group = "certificates.k8s.io", version = "v1beta1")]
pub struct PodCertificateRequestList {
    /// Kind and API version.
    #[kapi(inline)]
    pub type_meta: TypeMeta,
    /// Standard list metadata.
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub metadata: ListMeta,
    /// The pod certificate requests.
    #[kapi(proto = 2)]
    pub items: Option<Vec<PodCertificateRequest>>,
}
