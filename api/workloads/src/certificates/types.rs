//! The internal (hub) types of `certificates.k8s.io`, which v1, v1beta1 and v1alpha1 convert to and from.

use std::collections::BTreeMap;

use kapi_machinery::TypeMeta;
use kapi_machinery::types::Time;

use crate::Kapi;
// Core has no internal types yet; its versioned condition status is the same string.
use crate::core::v1::ConditionStatus;
use crate::meta::v1::{Condition, ListMeta, ObjectMeta};

/// Asks a signer to issue an X.509 certificate for a PKCS#10 request.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(kind, group = "certificates.k8s.io", internal)]
pub struct CertificateSigningRequest {
    /// Kind and API version.
    pub type_meta: TypeMeta,
    /// Standard object metadata.
    pub metadata: ObjectMeta,
    /// The request; immutable once created, and only some fields may be set by the client.
    pub spec: CertificateSigningRequestSpec,
    /// Approval conditions and the issued certificate.
    pub status: CertificateSigningRequestStatus,
}

/// The certificate request and who made it.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(internal)]
pub struct CertificateSigningRequestSpec {
    /// The PKCS#10 request, PEM-encoded (base64 in JSON).
    pub request: Option<Vec<u8>>,
    /// The signer asked to issue the certificate, as `domain/name`.
    pub signer_name: String,
    /// Requested validity in seconds, at least 600; the signer may issue a different duration.
    pub expiration_seconds: Option<i32>,
    /// Key usages and extended key usages the certificate should allow.
    pub usages: Vec<KeyUsage>,
    /// The requesting user, filled in by the server.
    pub username: String,
    /// UID of the requesting user, filled in by the server.
    pub uid: String,
    /// Groups of the requesting user, filled in by the server.
    pub groups: Vec<String>,
    /// Extra attributes of the requesting user, filled in by the server.
    pub extra: BTreeMap<String, ExtraValue>,
}

/// A list of strings that protobuf wraps in a message (a `CertificateSigningRequestSpec.extra` value).
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(internal)]
pub struct ExtraValue(pub Vec<String>);

/// The state of a certificate signing request.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(internal)]
pub struct CertificateSigningRequestStatus {
    /// Approval, denial or failure of the request.
    pub conditions: Vec<CertificateSigningRequestCondition>,
    /// The issued certificate chain, PEM-encoded, set by the signer once approved.
    pub certificate: Vec<u8>,
}

/// The kind of a certificate signing request condition.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(internal)]
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
#[kapi(internal)]
pub struct CertificateSigningRequestCondition {
    /// `Approved`, `Denied` or `Failed`, among others.
    pub r#type: RequestConditionType,
    /// `True`, `False` or `Unknown`; an unset value means `True`.
    pub status: ConditionStatus,
    /// A short machine-readable reason.
    pub reason: String,
    /// A human-readable explanation.
    pub message: String,
    /// When the condition was last updated.
    pub last_update_time: Time,
    /// When the status last changed; the server fills it in when unset.
    pub last_transition_time: Time,
}

/// A list of `CertificateSigningRequest` objects.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(kind, group = "certificates.k8s.io", internal)]
pub struct CertificateSigningRequestList {
    /// Kind and API version.
    pub type_meta: TypeMeta,
    /// Standard list metadata.
    pub metadata: ListMeta,
    /// The certificate signing requests.
    pub items: Option<Vec<CertificateSigningRequest>>,
}

/// A usage a certificate's key may be put to, such as `digital signature` or `server auth`.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(internal)]
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
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(kind, group = "certificates.k8s.io", internal)]
pub struct ClusterTrustBundle {
    /// Kind and API version.
    pub type_meta: TypeMeta,
    /// Standard object metadata; the name must start with the signer name (slashes as colons) when one is set.
    pub metadata: ObjectMeta,
    /// The signer and the anchors.
    pub spec: ClusterTrustBundleSpec,
}

/// The optional signer and the root certificates of a trust bundle.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(internal)]
pub struct ClusterTrustBundleSpec {
    /// The signer these anchors belong to; empty for a bundle tied to no signer.
    pub signer_name: String,
    /// PEM-encoded CA certificates, without block headers or duplicates.
    pub trust_bundle: String,
}

/// A list of `ClusterTrustBundle` objects.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(kind, group = "certificates.k8s.io", internal)]
pub struct ClusterTrustBundleList {
    /// Kind and API version.
    pub type_meta: TypeMeta,
    /// Standard list metadata.
    pub metadata: ListMeta,
    /// The trust bundles.
    pub items: Option<Vec<ClusterTrustBundle>>,
}

/// A kubelet's request, on behalf of a pod, for a certificate from a signer.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(kind, group = "certificates.k8s.io", internal)]
pub struct PodCertificateRequest {
    /// Kind and API version.
    pub type_meta: TypeMeta,
    /// Standard object metadata.
    pub metadata: ObjectMeta,
    /// The requested certificate; immutable.
    pub spec: PodCertificateRequestSpec,
    /// Conditions and the issued certificate.
    pub status: PodCertificateRequestStatus,
}

/// The pod, its identities and the key a pod certificate is requested for; immutable.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(internal)]
pub struct PodCertificateRequestSpec {
    /// The signer asked to issue the certificate; names under `kubernetes.io` are reserved.
    pub signer_name: String,
    /// Name of the pod the certificate is for.
    pub pod_name: String,
    /// UID of the pod the certificate is for.
    pub pod_uid: String,
    /// Service account the pod runs as.
    pub service_account_name: String,
    /// UID of the service account the pod runs as.
    pub service_account_uid: String,
    /// Node the pod is scheduled on.
    pub node_name: String,
    /// UID of the node the pod is scheduled on.
    pub node_uid: String,
    /// Longest lifetime allowed in seconds: 3600 to 7862400, defaults to 86400.
    pub max_expiration_seconds: Option<i32>,
    /// Deprecated: the PKIX-encoded public key to certify; superseded by `stub_pkcs10_request`.
    pub pkix_public_key: Option<Vec<u8>>,
    /// Deprecated: the pod UID signed with the private key of `pkix_public_key`.
    pub proof_of_possession: Option<Vec<u8>>,
    /// A DER PKCS#10 request from the kubelet, mainly carrying the subject public key.
    pub stub_pkcs10_request: Option<Vec<u8>>,
    /// Unchecked, domain-prefixed hints from the pod author to the signer.
    pub unverified_user_annotations: BTreeMap<String, String>,
}

/// The outcome of a pod certificate request.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(internal)]
pub struct PodCertificateRequestStatus {
    /// Conditions such as `Issued`, `Denied` or `Failed`; at most one of those three.
    pub conditions: Vec<Condition>,
    /// The issued PEM certificate chain, leaf first; immutable once set.
    pub certificate_chain: String,
    /// Start of the leaf certificate's validity.
    pub not_before: Option<Time>,
    /// A hint for when the kubelet should start renewing the certificate.
    pub begin_refresh_at: Option<Time>,
    /// End of the leaf certificate's validity.
    pub not_after: Option<Time>,
}

/// A list of `PodCertificateRequest` objects.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(kind, group = "certificates.k8s.io", internal)]
pub struct PodCertificateRequestList {
    /// Kind and API version.
    pub type_meta: TypeMeta,
    /// Standard list metadata.
    pub metadata: ListMeta,
    /// The pod certificate requests.
    pub items: Option<Vec<PodCertificateRequest>>,
}
