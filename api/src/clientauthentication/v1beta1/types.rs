//! Type definitions of `client.authentication.k8s.io/v1beta1`.

use kapi_machinery::TypeMeta;
use kapi_machinery::types::{RawExtension, Time};

use crate::Kapi;

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(kind, group = "client.authentication.k8s.io", version = "v1beta1", json_only)]
pub struct ExecCredential {
    #[kapi(inline)]
    pub type_meta: TypeMeta,
    #[kapi(omitempty)]
    pub spec: ExecCredentialSpec,
    #[kapi(omitempty)]
    #[kapi(optional)]
    pub status: Option<ExecCredentialStatus>,
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(json_only)]
pub struct ExecCredentialSpec {
    #[kapi(omitempty)]
    #[kapi(optional)]
    pub cluster: Option<Cluster>,
    pub interactive: bool,
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(json_only)]
pub struct ExecCredentialStatus {
    #[kapi(omitempty)]
    #[kapi(optional)]
    pub expiration_timestamp: Option<Time>,
    #[kapi(omitempty)]
    pub token: String,
    #[kapi(omitempty)]
    pub client_certificate_data: String,
    #[kapi(omitempty)]
    pub client_key_data: String,
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(json_only)]
pub struct Cluster {
    pub server: String,
    #[kapi(json = "tls-server-name", omitempty)]
    #[kapi(optional)]
    pub tls_server_name: String,
    #[kapi(json = "insecure-skip-tls-verify", omitempty)]
    #[kapi(optional)]
    pub insecure_skip_tls_verify: bool,
    #[kapi(json = "certificate-authority-data", omitempty)]
    #[kapi(optional, list_type = "atomic")]
    pub certificate_authority_data: Vec<u8>,
    #[kapi(json = "proxy-url", omitempty)]
    #[kapi(optional)]
    pub proxy_url: String,
    #[kapi(json = "disable-compression", omitempty)]
    #[kapi(optional)]
    pub disable_compression: bool,
    #[kapi(omitempty)]
    #[kapi(optional)]
    pub config: RawExtension,
}
