//! One HTTPS `POST` to an admission webhook as kube-apiserver's webhook client makes it: the hook's CA bundle as the roots, the service's DNS name as the server name, HTTP/1.1 with no proxy, one deadline over the whole call and a bound on the response.

use std::sync::Arc;
use std::time::Duration;

use bytes::Bytes;
use http::{Uri, header};
use http_body_util::{BodyExt, Limited};
use hyper_util::rt::TokioIo;
use rustls::pki_types::ServerName;

/// A webhook call's endpoint.
pub(in crate::server) struct Endpoint<'a> {
    /// The `https://` URL.
    pub url: &'a str,
    /// The name the certificate must carry when it is not the URL's host (a service's
    /// `<name>.<namespace>.svc`).
    pub server_name: Option<&'a str>,
    /// The PEM certificates the server's chain must end at (`clientConfig.caBundle`); without
    /// them no certificate is trusted, as this server has no platform roots.
    pub ca_bundle: Option<&'a [u8]>,
}

/// The URL of a webhook a client configuration names by its service (through the address a
/// test gave the service, `ApiServer::set_webhook_service`), and the name its certificate must
/// carry: `<name>.<namespace>.svc`.
pub(in crate::server) fn service_url(
    services: &crate::server::crd::conversion::Services,
    namespace: &str,
    name: &str,
    path: Option<&str>,
    port: Option<i32>,
) -> Result<(String, String), String> {
    let port = port.unwrap_or(443);
    let key = (namespace.to_owned(), name.to_owned(), port);
    let address =
        services.lock().unwrap_or_else(std::sync::PoisonError::into_inner).get(&key).cloned().ok_or_else(|| {
            format!("service {namespace}/{name}:{port} has no address; give it one with ApiServer::set_webhook_service")
        })?;
    let path = path.unwrap_or_default();
    let slash = if path.starts_with('/') || path.is_empty() { "" } else { "/" };
    Ok((format!("https://{address}{slash}{path}"), format!("{name}.{namespace}.svc")))
}

/// Posts `body` as JSON and returns the status and the body of the answer, or what failed,
/// worded as the call's failure message goes on (`failed to call webhook: <this>`).
pub(in crate::server) async fn post(
    to: &Endpoint<'_>,
    body: Bytes,
    deadline: Duration,
    max_response_bytes: usize,
) -> Result<(http::StatusCode, Bytes), String> {
    match tokio::time::timeout(deadline, exchange(to, body, max_response_bytes)).await {
        Ok(answer) => answer,
        Err(_) => Err(format!("Post \"{}\": context deadline exceeded", to.url)),
    }
}

async fn exchange(
    to: &Endpoint<'_>,
    body: Bytes,
    max_response_bytes: usize,
) -> Result<(http::StatusCode, Bytes), String> {
    let fail = |e: &dyn std::fmt::Display| format!("Post \"{}\": {e}", to.url);
    let uri: Uri = to.url.parse().map_err(|e| fail(&e))?;
    if uri.scheme_str() != Some("https") {
        return Err(fail(&"the webhook URL's scheme must be https"));
    }
    let host = uri.host().ok_or_else(|| fail(&"the webhook URL has no host"))?;
    let port = uri.port_u16().unwrap_or(443);
    // A bracketed IPv6 literal connects and verifies without its brackets.
    let bare = host.trim_start_matches('[').trim_end_matches(']');
    let name = ServerName::try_from(to.server_name.unwrap_or(bare).to_owned()).map_err(|e| fail(&e))?;
    let tls = tokio_rustls::TlsConnector::from(Arc::new(client_config(to.ca_bundle).map_err(|e| fail(&e))?));
    let tcp = tokio::net::TcpStream::connect((bare, port)).await.map_err(|e| fail(&e))?;
    let stream = tls.connect(name, tcp).await.map_err(|e| fail(&e))?;
    let (mut sender, connection) =
        hyper::client::conn::http1::handshake(TokioIo::new(stream)).await.map_err(|e| fail(&e))?;
    // The connection is driven until the answer has been read; it ends with this call.
    let driver = tokio::spawn(connection);
    let authority = uri.authority().map(|a| a.as_str().to_owned()).unwrap_or_default();
    // The request line carries the path (origin form), as Go's client sends it; the host goes in
    // `Host`.
    let target = uri.path_and_query().map_or("/", |p| p.as_str()).to_owned();
    let request = http::Request::post(target)
        .header(header::HOST, authority)
        .header(header::CONTENT_TYPE, "application/json")
        .header(header::ACCEPT, "application/json")
        .body(http_body_util::Full::new(body))
        .map_err(|e| fail(&e))?;
    let answer = async {
        let response = sender.send_request(request).await.map_err(|e| fail(&e))?;
        let status = response.status();
        let data = Limited::new(response.into_body(), max_response_bytes)
            .collect()
            .await
            .map_err(|e| fail(&format!("reading the response: {e}")))?
            .to_bytes();
        Ok((status, data))
    }
    .await;
    driver.abort();
    answer
}

/// TLS as the webhook client speaks it: the CA bundle's certificates as the only roots, HTTP/1.1
/// by ALPN, no client certificate.
fn client_config(ca_bundle: Option<&[u8]>) -> Result<rustls::ClientConfig, String> {
    let mut roots = rustls::RootCertStore::empty();
    if let Some(pem) = ca_bundle {
        for cert in kapi_http::pem::parse_certificates(pem).map_err(|e| format!("caBundle: {e}"))? {
            roots.add(cert).map_err(|e| format!("caBundle: {e}"))?;
        }
    }
    let provider = Arc::new(rustls::crypto::ring::default_provider());
    let mut config = rustls::ClientConfig::builder_with_provider(provider)
        .with_safe_default_protocol_versions()
        .map_err(|e| e.to_string())?
        .with_root_certificates(roots)
        .with_no_client_auth();
    config.alpn_protocols = vec![b"http/1.1".to_vec()];
    Ok(config)
}
