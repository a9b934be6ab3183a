//! [`TestServer`]: an [`ApiServer`] on a loopback port over HTTP/1.1, with TLS when given a
//! rustls configuration, and client certificates authenticating their users when it verifies them.

use std::convert::Infallible;
use std::net::SocketAddr;
use std::sync::Arc;
use std::time::Duration;

use http_body_util::BodyExt;
use hyper::body::Incoming;
use hyper_util::rt::TokioIo;
use kapi_api::meta::errors as api_errors;
use kapi_http::body::Body;
use tokio::net::{TcpListener, TcpStream};
use tokio::task::{JoinHandle, JoinSet};
use tokio_rustls::TlsAcceptor;

use super::authn::PeerUser;
use super::call::error_response;
use super::{ApiServer, Encoding, MAX_BODY_BYTES};

/// Which part of the TLS material [`tls_server_config`] could not use.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TlsMaterial {
    /// The server's certificate (chain).
    Certificate,
    /// The server's private key.
    PrivateKey,
    /// The client CA certificates.
    ClientCa,
    /// The certificate and key together (or the TLS setup itself).
    Pair,
}

/// Why [`tls_server_config`] failed: the material at fault and what is wrong with it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TlsConfigError {
    /// The part at fault.
    pub material: TlsMaterial,
    /// What is wrong.
    pub message: String,
}

impl std::fmt::Display for TlsConfigError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let part = match self.material {
            TlsMaterial::Certificate => "the certificate",
            TlsMaterial::PrivateKey => "the private key",
            TlsMaterial::ClientCa => "the client CA",
            TlsMaterial::Pair => "the certificate and key",
        };
        write!(f, "{part}: {}", self.message)
    }
}

impl std::error::Error for TlsConfigError {}

/// A TLS configuration for a [`TestServer`] from PEM text: the server's certificate (chain)
/// and private key, and, as kube-apiserver's `--client-ca-file`, the CAs whose client
/// certificates authenticate their users (the subject's common name as the user, its
/// organizations as groups). Clients without a certificate still connect, as anonymous or by
/// bearer token.
pub fn tls_server_config(
    cert_pem: &[u8],
    key_pem: &[u8],
    client_ca_pem: Option<&[u8]>,
) -> Result<Arc<rustls::ServerConfig>, TlsConfigError> {
    let fail =
        |material: TlsMaterial| move |e: &dyn std::fmt::Display| TlsConfigError { material, message: e.to_string() };
    let certs = kapi_http::pem::parse_certificates(cert_pem).map_err(|e| fail(TlsMaterial::Certificate)(&e))?;
    let key = kapi_http::pem::parse_private_key(key_pem).map_err(|e| fail(TlsMaterial::PrivateKey)(&e))?;
    let provider = Arc::new(rustls::crypto::ring::default_provider());
    let builder = rustls::ServerConfig::builder_with_provider(provider.clone())
        .with_safe_default_protocol_versions()
        .map_err(|e| fail(TlsMaterial::Pair)(&e))?;
    let builder = match client_ca_pem {
        None => builder.with_no_client_auth(),
        Some(pem) => {
            let mut roots = rustls::RootCertStore::empty();
            for c in kapi_http::pem::parse_certificates(pem).map_err(|e| fail(TlsMaterial::ClientCa)(&e))? {
                roots.add(c).map_err(|e| fail(TlsMaterial::ClientCa)(&e))?;
            }
            let verifier = rustls::server::WebPkiClientVerifier::builder_with_provider(Arc::new(roots), provider)
                .allow_unauthenticated()
                .build()
                .map_err(|e| fail(TlsMaterial::ClientCa)(&e))?;
            builder.with_client_cert_verifier(verifier)
        }
    };
    let config = builder.with_single_cert(certs, key).map_err(|e| TlsConfigError {
        material: TlsMaterial::Pair,
        message: format!("they do not make a TLS configuration: {e}"),
    })?;
    Ok(Arc::new(config))
}

/// A running test server with the control loops its [`ApiServer`] chooses
/// ([`ApiServer::set_controllers`]). Dropping it (or [`TestServer::shutdown`]) stops accepting,
/// closes every connection, which also ends open watches, and stops the loops.
#[derive(Debug)]
pub struct TestServer {
    addr: SocketAddr,
    url: String,
    stop: Option<tokio::sync::oneshot::Sender<()>>,
    task: Option<JoinHandle<()>>,
    /// The control loops ([`ApiServer::set_controllers`]), stopped with the server.
    controllers: Option<crate::ControllerHandle>,
}

impl TestServer {
    /// Binds `127.0.0.1:0` and serves `api` (over TLS when `tls` is given). Must be called
    /// within a tokio runtime.
    pub async fn start(api: Arc<ApiServer>, tls: Option<Arc<rustls::ServerConfig>>) -> std::io::Result<TestServer> {
        Self::start_on(SocketAddr::from(([127, 0, 0, 1], 0)), api, tls).await
    }

    /// Binds `addr` (port 0 picks a free one) and serves `api` (over TLS when `tls` is given).
    /// Must be called within a tokio runtime.
    pub async fn start_on(
        addr: SocketAddr,
        api: Arc<ApiServer>,
        tls: Option<Arc<rustls::ServerConfig>>,
    ) -> std::io::Result<TestServer> {
        let listener = TcpListener::bind(addr).await?;
        let addr = listener.local_addr()?;
        api.listening_at(addr);
        let controllers = api.start_cluster().map_err(std::io::Error::other)?;
        let url = format!("{}://{addr}", if tls.is_some() { "https" } else { "http" });
        let acceptor = tls.map(TlsAcceptor::from);
        let (stop, mut stopped) = tokio::sync::oneshot::channel::<()>();
        let task = tokio::spawn(async move {
            let mut conns = JoinSet::new();
            loop {
                tokio::select! {
                    _ = &mut stopped => break,
                    accepted = listener.accept() => match accepted {
                        Ok((stream, _)) => {
                            conns.spawn(serve_connection(Arc::clone(&api), stream, acceptor.clone()));
                        }
                        // Out of file descriptors and the like: back off instead of spinning.
                        Err(_) => tokio::time::sleep(Duration::from_millis(20)).await,
                    },
                    Some(_) = conns.join_next(), if !conns.is_empty() => {}
                }
            }
            conns.shutdown().await;
        });
        Ok(TestServer { addr, url, stop: Some(stop), task: Some(task), controllers })
    }

    /// The base URL, `http://127.0.0.1:<port>` or `https://…`.
    pub fn url(&self) -> &str {
        &self.url
    }

    /// The bound address.
    pub fn addr(&self) -> SocketAddr {
        self.addr
    }

    /// Stops accepting, closes every connection and waits until that is done.
    pub async fn shutdown(mut self) {
        if let Some(stop) = self.stop.take() {
            let _ = stop.send(());
        }
        if let Some(task) = self.task.take() {
            let _ = task.await;
        }
        self.controllers.take();
    }
}

impl Drop for TestServer {
    fn drop(&mut self) {
        if let Some(stop) = self.stop.take() {
            let _ = stop.send(());
        }
        if let Some(task) = self.task.take() {
            // Aborting the accept loop drops its connection set, which aborts every connection.
            task.abort();
        }
    }
}

async fn serve_connection(api: Arc<ApiServer>, stream: TcpStream, tls: Option<TlsAcceptor>) {
    let _ = stream.set_nodelay(true);
    let remote = stream.peer_addr().ok().map(|a| super::audit::PeerAddr(a.ip()));
    let service = |peer: Option<PeerUser>| {
        let api = Arc::clone(&api);
        hyper::service::service_fn(move |mut req: http::Request<Incoming>| {
            let api = Arc::clone(&api);
            // The user the connection's client certificate names travels with each request.
            if let Some(peer) = &peer {
                req.extensions_mut().insert(peer.clone());
            }
            // The client's address, for audit events' source addresses.
            if let Some(remote) = remote {
                req.extensions_mut().insert(remote);
            }
            async move { Ok::<_, Infallible>(handle(api, req).await) }
        })
    };
    let mut builder = hyper::server::conn::http1::Builder::new();
    // The timer drives the header read timeout, so idle half-open connections do not linger.
    builder.timer(hyper_util::rt::TokioTimer::new());
    match tls {
        Some(acceptor) => {
            if let Ok(s) = acceptor.accept(stream).await {
                let peer = s
                    .get_ref()
                    .1
                    .peer_certificates()
                    .and_then(|chain| chain.first())
                    .and_then(|cert| super::x509::user_of_certificate(cert.as_ref()))
                    .map(PeerUser);
                let _ = builder.serve_connection(TokioIo::new(s), service(peer)).with_upgrades().await;
            }
        }
        None => {
            let _ = builder.serve_connection(TokioIo::new(stream), service(None)).with_upgrades().await;
        }
    }
}

async fn handle(api: Arc<ApiServer>, req: http::Request<Incoming>) -> http::Response<Body> {
    let (parts, body) = req.into_parts();
    match http_body_util::Limited::new(body, MAX_BODY_BYTES).collect().await {
        Ok(collected) => api.handle(http::Request::from_parts(parts, collected.to_bytes())).await,
        Err(e) if e.is::<http_body_util::LengthLimitError>() => {
            error_response(&api_errors::request_entity_too_large(MAX_BODY_BYTES), Encoding::Json)
        }
        Err(e) => error_response(&api_errors::bad_request(format!("reading the request body: {e}")), Encoding::Json),
    }
}
