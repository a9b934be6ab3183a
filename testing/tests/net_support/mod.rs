//! A small hyper + tokio-rustls server on loopback for the transport tests: plain or TLS, with an
//! optional client CA, counting the connections it accepts; and a handler that echoes the
//! request line and the credentials headers.

use std::convert::Infallible;
use std::net::SocketAddr;
use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};

use hyper::body::Incoming;
use hyper::service::service_fn;
use hyper_util::rt::TokioIo;
use kapi_client::body::{self, Body};
use kapi_client::pem::{parse_certificates, parse_private_key};

use crate::tls_support::{Ca, Issued};

pub type Handler = Arc<dyn Fn(http::Request<Incoming>, bool) -> http::Response<Body> + Send + Sync>;

pub struct TestServer {
    pub addr: SocketAddr,
    pub accepts: Arc<AtomicUsize>,
}

pub fn server_tls(server: &Issued, client_ca: Option<&Ca>) -> Arc<rustls::ServerConfig> {
    let provider = Arc::new(rustls::crypto::ring::default_provider());
    let builder =
        rustls::ServerConfig::builder_with_provider(provider.clone()).with_safe_default_protocol_versions().unwrap();
    let builder = match client_ca {
        Some(ca) => {
            let mut roots = rustls::RootCertStore::empty();
            for c in parse_certificates(ca.cert_pem.as_bytes()).unwrap() {
                roots.add(c).unwrap();
            }
            let verifier =
                rustls::server::WebPkiClientVerifier::builder_with_provider(Arc::new(roots), provider).build().unwrap();
            builder.with_client_cert_verifier(verifier)
        }
        None => builder.with_no_client_auth(),
    };
    let certs = parse_certificates(server.cert_pem.as_bytes()).unwrap();
    let key = parse_private_key(server.key_pem.as_bytes()).unwrap();
    Arc::new(builder.with_single_cert(certs, key).unwrap())
}

/// The server configuration offering HTTP/2 by ALPN (and HTTP/1.1).
pub fn with_h2(config: Arc<rustls::ServerConfig>) -> Arc<rustls::ServerConfig> {
    let mut config = (*config).clone();
    config.alpn_protocols = vec![b"h2".to_vec(), b"http/1.1".to_vec()];
    Arc::new(config)
}

pub async fn serve_h2<I>(io: I, handler: Handler, peer_cert: bool)
where
    I: hyper::rt::Read + hyper::rt::Write + Unpin + Send + 'static,
{
    let svc = service_fn(move |req| {
        let h = handler.clone();
        async move { Ok::<_, Infallible>(h(req, peer_cert)) }
    });
    let _ =
        hyper::server::conn::http2::Builder::new(hyper_util::rt::TokioExecutor::new()).serve_connection(io, svc).await;
}

pub async fn serve<I>(io: I, handler: Handler, peer_cert: bool)
where
    I: hyper::rt::Read + hyper::rt::Write + Unpin + Send + 'static,
{
    let svc = service_fn(move |req| {
        let h = handler.clone();
        async move { Ok::<_, Infallible>(h(req, peer_cert)) }
    });
    let _ = hyper::server::conn::http1::Builder::new().serve_connection(io, svc).await;
}

pub async fn start(tls: Option<Arc<rustls::ServerConfig>>, handler: Handler) -> TestServer {
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap();
    let accepts = Arc::new(AtomicUsize::new(0));
    let counter = accepts.clone();
    tokio::spawn(async move {
        loop {
            let Ok((tcp, _)) = listener.accept().await else { return };
            counter.fetch_add(1, Ordering::SeqCst);
            let handler = handler.clone();
            let tls = tls.clone();
            tokio::spawn(async move {
                match tls {
                    Some(cfg) => {
                        let Ok(stream) = tokio_rustls::TlsAcceptor::from(cfg).accept(tcp).await else { return };
                        let peer = stream.get_ref().1.peer_certificates().is_some_and(|c| !c.is_empty());
                        if stream.get_ref().1.alpn_protocol() == Some(b"h2") {
                            serve_h2(TokioIo::new(stream), handler, peer).await;
                        } else {
                            serve(TokioIo::new(stream), handler, peer).await;
                        }
                    }
                    None => serve(TokioIo::new(tcp), handler, false).await,
                }
            });
        }
    });
    TestServer { addr, accepts }
}

/// Answers with the request line, the credentials headers and whether a client certificate was
/// presented.
pub fn echo() -> Handler {
    Arc::new(|req, peer| {
        let h = |name: &str| {
            req.headers()
                .get_all(name)
                .iter()
                .map(|v| v.to_str().unwrap_or("?").to_owned())
                .collect::<Vec<_>>()
                .join("|")
        };
        let text = format!(
            "{} {} host={} auth={} ua={} imp={} groups={} peer={peer} version={:?}",
            req.method(),
            req.uri(),
            h("host"),
            h("authorization"),
            h("user-agent"),
            h("impersonate-user"),
            h("impersonate-group"),
            req.version(),
        );
        http::Response::new(body::full(text))
    })
}
