//! Type definitions of `certificates.k8s.io/v1`.

use std::collections::BTreeMap;

use kapi_machinery::TypeMeta;
use kapi_machinery::types::Time;

use crate::Kapi;
use crate::core::v1::ConditionStatus;
use crate::meta::v1::{Condition, ListMeta, ObjectMeta};

/// +genclient
/// +genclient:nonNamespaced
/// +genclient:method=UpdateApproval,verb=update,subresource=approval,input=crate::certificates::v1::CertificateSigningRequest,result=crate::certificates::v1::CertificateSigningRequest
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(kind, group = "certificates.k8s.io", version = "v1")]
pub struct CertificateSigningRequest {
    #[kapi(inline)]
    pub type_meta: TypeMeta,
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub metadata: ObjectMeta,
    #[kapi(proto = 2)]
    pub spec: CertificateSigningRequestSpec,
    #[kapi(proto = 3, omitempty)]
    #[kapi(optional)]
    pub status: CertificateSigningRequestStatus,
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct CertificateSigningRequestSpec {
    #[kapi(proto = 1)]
    pub request: Option<Vec<u8>>,
    #[kapi(proto = 7)]
    pub signer_name: String,
    #[kapi(proto = 8, omitempty)]
    #[kapi(optional)]
    pub expiration_seconds: Option<i32>,
    #[kapi(proto = 5, omitempty)]
    #[kapi(list_type = "atomic")]
    pub usages: Vec<KeyUsage>,
    #[kapi(proto = 2, omitempty)]
    #[kapi(optional)]
    pub username: String,
    #[kapi(proto = 3, omitempty)]
    #[kapi(optional)]
    pub uid: String,
    #[kapi(proto = 4, omitempty)]
    #[kapi(optional, list_type = "atomic")]
    pub groups: Vec<String>,
    #[kapi(proto = 6, omitempty)]
    #[kapi(optional)]
    pub extra: BTreeMap<String, ExtraValue>,
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(proto_wrap)]
pub struct ExtraValue(pub Vec<String>);

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct CertificateSigningRequestStatus {
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional, list_type = "map", list_map_key = "type")]
    pub conditions: Vec<CertificateSigningRequestCondition>,
    #[kapi(proto = 2, omitempty)]
    #[kapi(optional)]
    pub certificate: Vec<u8>,
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct RequestConditionType(pub String);

impl RequestConditionType {
    pub const APPROVED: &'static str = "Approved";
    pub const DENIED: &'static str = "Denied";
    pub const FAILED: &'static str = "Failed";
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct CertificateSigningRequestCondition {
    #[kapi(proto = 1)]
    pub r#type: RequestConditionType,
    #[kapi(proto = 6)]
    pub status: ConditionStatus,
    #[kapi(proto = 2, omitempty)]
    #[kapi(optional)]
    pub reason: String,
    #[kapi(proto = 3, omitempty)]
    #[kapi(optional)]
    pub message: String,
    #[kapi(proto = 4, omitempty)]
    #[kapi(optional)]
    pub last_update_time: Time,
    #[kapi(proto = 5, omitempty)]
    #[kapi(optional)]
    pub last_transition_time: Time,
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(kind, group = "certificates.k8s.io", version = "v1")]
pub struct CertificateSigningRequestList {
    #[kapi(inline)]
    pub type_meta: TypeMeta,
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub metadata: ListMeta,
    #[kapi(proto = 2)]
    pub items: Option<Vec<CertificateSigningRequest>>,
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct KeyUsage(pub String);

impl KeyUsage {
    pub const SIGNING: &'static str = "signing";
    pub const USAGE_DIGITAL_SIGNATURE: &'static str = "digital signature";
    pub const USAGE_CONTENT_COMMITMENT: &'static str = "content commitment";
    pub const USAGE_KEY_ENCIPHERMENT: &'static str = "key encipherment";
    pub const USAGE_KEY_AGREEMENT: &'static str = "key agreement";
    pub const USAGE_DATA_ENCIPHERMENT: &'static str = "data encipherment";
    pub const USAGE_CERT_SIGN: &'static str = "cert sign";
    pub const USAGE_CRL_SIGN: &'static str = "crl sign";
    pub const USAGE_ENCIPHER_ONLY: &'static str = "encipher only";
    pub const USAGE_DECIPHER_ONLY: &'static str = "decipher only";
    pub const ANY: &'static str = "any";
    pub const USAGE_SERVER_AUTH: &'static str = "server auth";
    pub const USAGE_CLIENT_AUTH: &'static str = "client auth";
    pub const USAGE_CODE_SIGNING: &'static str = "code signing";
    pub const USAGE_EMAIL_PROTECTION: &'static str = "email protection";
    pub const USAGE_SMIME: &'static str = "s/mime";
    pub const USAGE_I_PSEC_END_SYSTEM: &'static str = "ipsec end system";
    pub const USAGE_I_PSEC_TUNNEL: &'static str = "ipsec tunnel";
    pub const USAGE_I_PSEC_USER: &'static str = "ipsec user";
    pub const TIMESTAMPING: &'static str = "timestamping";
    pub const USAGE_OCSP_SIGNING: &'static str = "ocsp signing";
    pub const USAGE_MICROSOFT_SGC: &'static str = "microsoft sgc";
    pub const USAGE_NETSCAPE_SGC: &'static str = "netscape sgc";
}

/// +genclient
/// +genclient:nonNamespaced
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(kind, group = "certificates.k8s.io", version = "v1")]
pub struct ClusterTrustBundle {
    #[kapi(inline)]
    pub type_meta: TypeMeta,
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub metadata: ObjectMeta,
    #[kapi(proto = 2)]
    pub spec: ClusterTrustBundleSpec,
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct ClusterTrustBundleSpec {
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub signer_name: String,
    #[kapi(proto = 2)]
    pub trust_bundle: String,
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(kind, group = "certificates.k8s.io", version = "v1")]
pub struct ClusterTrustBundleList {
    #[kapi(inline)]
    pub type_meta: TypeMeta,
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub metadata: ListMeta,
    #[kapi(proto = 2)]
    pub items: Option<Vec<ClusterTrustBundle>>,
}

/// +genclient
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(kind, group = "certificates.k8s.io", version = "v1")]
pub struct PodCertificateRequest {
    #[kapi(inline)]
    pub type_meta: TypeMeta,
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub metadata: ObjectMeta,
    #[kapi(proto = 2)]
    #[kapi(required)]
    pub spec: PodCertificateRequestSpec,
    #[kapi(proto = 3, omitempty)]
    #[kapi(optional)]
    pub status: PodCertificateRequestStatus,
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct PodCertificateRequestSpec {
    #[kapi(proto = 1)]
    #[kapi(required)]
    pub signer_name: String,
    #[kapi(proto = 2)]
    #[kapi(required)]
    pub pod_name: String,
    #[kapi(proto = 3)]
    #[kapi(required)]
    pub pod_uid: String,
    #[kapi(proto = 4)]
    #[kapi(required)]
    pub service_account_name: String,
    #[kapi(proto = 5)]
    #[kapi(required)]
    pub service_account_uid: String,
    #[kapi(proto = 6)]
    #[kapi(required)]
    pub node_name: String,
    #[kapi(proto = 7)]
    #[kapi(required)]
    pub node_uid: String,
    #[kapi(proto = 8, omitempty, default = "86400")]
    #[kapi(optional)]
    pub max_expiration_seconds: Option<i32>,
    #[kapi(proto = 12, json = "stubPKCS10Request")]
    #[kapi(required)]
    pub stub_pkcs10_request: Option<Vec<u8>>,
    #[kapi(proto = 11, omitempty)]
    #[kapi(optional)]
    pub unverified_user_annotations: BTreeMap<String, String>,
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct PodCertificateRequestStatus {
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional, list_type = "map", list_map_key = "type", patch_strategy = "merge", patch_merge_key = "type")]
    pub conditions: Vec<Condition>,
    #[kapi(proto = 2, omitempty)]
    #[kapi(optional)]
    pub certificate_chain: String,
    #[kapi(proto = 4, omitempty)]
    #[kapi(optional)]
    pub not_before: Option<Time>,
    #[kapi(proto = 5, omitempty)]
    #[kapi(optional)]
    pub begin_refresh_at: Option<Time>,
    #[kapi(proto = 6, omitempty)]
    #[kapi(optional)]
    pub not_after: Option<Time>,
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(kind, group = "certificates.k8s.io", version = "v1")]
pub struct PodCertificateRequestList {
    #[kapi(inline)]
    pub type_meta: TypeMeta,
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub metadata: ListMeta,
    #[kapi(proto = 2)]
    pub items: Option<Vec<PodCertificateRequest>>,
}
