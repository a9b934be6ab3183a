//! Type definitions of `client.authentication.k8s.io/v1beta1`.

use kapi_machinery::TypeMeta;
use kapi_machinery::types::{RawExtension, Time};

use crate::Kapi;

/// The message exchanged between a client and an exec credential plugin.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(kind, group = "client.authentication.k8s.io", version = "v1beta1", json_only)]
pub struct ExecCredential {
    /// Kind and API version.
    #[kapi(inline)]
    pub type_meta: TypeMeta,
    /// Input the client hands to the plugin.
    #[kapi(omitempty)]
    pub spec: ExecCredentialSpec,
    /// Credentials returned by the plugin.
    #[kapi(omitempty)]
    #[kapi(optional)]
    pub status: Option<ExecCredentialStatus>,
}

/// What the client tells an exec plugin about the request.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(json_only)]
pub struct ExecCredentialSpec {
    /// The target cluster; set only when the exec config enables `provideClusterInfo`.
    #[kapi(omitempty)]
    #[kapi(optional)]
    pub cluster: Option<Cluster>,
    /// Whether the plugin was given the terminal's stdin.
    pub interactive: bool,
}

/// Credentials from an exec plugin; the token and key are secrets to keep in memory.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(json_only)]
pub struct ExecCredentialStatus {
    /// When the credentials stop being valid.
    #[kapi(omitempty)]
    #[kapi(optional)]
    pub expiration_timestamp: Option<Time>,
    /// A bearer token for requests.
    #[kapi(omitempty)]
    pub token: String,
    /// PEM client certificate, with any intermediates.
    #[kapi(omitempty)]
    pub client_certificate_data: String,
    /// PEM private key of the client certificate.
    #[kapi(omitempty)]
    pub client_key_data: String,
}

/// Connection details of the cluster being authenticated to, mirroring a kubeconfig cluster entry.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(json_only)]
pub struct Cluster {
    /// Address of the API server, as `https://host:port`.
    pub server: String,
    /// Name for SNI and certificate checks; the server's host name when empty.
    #[kapi(json = "tls-server-name", omitempty)]
    #[kapi(optional)]
    pub tls_server_name: String,
    /// Skip checking the server certificate, making the connection insecure.
    #[kapi(json = "insecure-skip-tls-verify", omitempty)]
    #[kapi(optional)]
    pub insecure_skip_tls_verify: bool,
    /// PEM CA certificates; the system roots are used when empty.
    #[kapi(json = "certificate-authority-data", omitempty)]
    #[kapi(optional, list_type = "atomic")]
    pub certificate_authority_data: Vec<u8>,
    /// Proxy to send all requests to this cluster through.
    #[kapi(json = "proxy-url", omitempty)]
    #[kapi(optional)]
    pub proxy_url: String,
    /// Ask the server not to compress responses.
    #[kapi(json = "disable-compression", omitempty)]
    #[kapi(optional)]
    pub disable_compression: bool,
    /// Plugin-specific settings from the kubeconfig cluster extension `client.authentication.k8s.io/exec`.
    #[kapi(omitempty)]
    #[kapi(optional)]
    pub config: RawExtension,
}
