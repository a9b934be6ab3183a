//! The HTTP/TLS transport against a small hyper + tokio-rustls server on loopback: CA
//! verification (DNS names and IP addresses), unknown CAs, insecure mode, server name override,
//! client certificates, credentials headers, connection reuse, streamed bodies and timeouts.

// The test PKI is shared with kapi-client's kubeconfig tests, which cannot depend on this crate.
#[path = "../../client/tests/tls_support/mod.rs"]
mod tls_support;

use std::convert::Infallible;
use std::net::SocketAddr;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use bytes::Bytes;
use http_body_util::BodyExt;
use hyper::body::Incoming;
use hyper::service::service_fn;
use hyper_util::rt::TokioIo;
use kapi_client::body::{self, Body};
use kapi_client::config::{Auth, Config, Impersonation, PemSource};
use kapi_client::pem::{parse_certificates, parse_private_key};
use kapi_client::{Error, Service, Transport};
use tls_support::{Ca, Issued, scratch_dir};

type Handler = Arc<dyn Fn(http::Request<Incoming>, bool) -> http::Response<Body> + Send + Sync>;

struct TestServer {
    addr: SocketAddr,
    accepts: Arc<AtomicUsize>,
}

fn server_tls(server: &Issued, client_ca: Option<&Ca>) -> Arc<rustls::ServerConfig> {
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

async fn serve<I>(io: I, handler: Handler, peer_cert: bool)
where
    I: hyper::rt::Read + hyper::rt::Write + Unpin + Send + 'static,
{
    let svc = service_fn(move |req| {
        let h = handler.clone();
        async move { Ok::<_, Infallible>(h(req, peer_cert)) }
    });
    let _ = hyper::server::conn::http1::Builder::new().serve_connection(io, svc).await;
}

async fn start(tls: Option<Arc<rustls::ServerConfig>>, handler: Handler) -> TestServer {
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
                        serve(TokioIo::new(stream), handler, peer).await;
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
fn echo() -> Handler {
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
            "{} {} host={} auth={} ua={} imp={} groups={} peer={peer}",
            req.method(),
            req.uri(),
            h("host"),
            h("authorization"),
            h("user-agent"),
            h("impersonate-user"),
            h("impersonate-group"),
        );
        http::Response::new(body::full(text))
    })
}

async fn get(t: &Transport, url: &str) -> Result<String, Error> {
    let req = http::Request::get(url).body(Bytes::new()).unwrap();
    let resp = t.call(req).await?;
    assert_eq!(resp.status(), 200);
    let data = body::collect(resp.into_body()).await.map_err(|e| Error::Transport(e.to_string()))?;
    Ok(String::from_utf8(data.to_vec()).unwrap())
}

fn https_config(url: String, ca: &Ca) -> Config {
    let mut c = Config::new(url).unwrap();
    c.tls.ca = Some(PemSource::Data(ca.cert_pem.clone().into_bytes()));
    c
}

#[tokio::test]
async fn verifies_the_server_against_the_ca_by_dns_name() {
    let ca = Ca::new("ca");
    let srv = start(Some(server_tls(&ca.server(&["localhost"]), None)), echo()).await;
    let url = format!("https://localhost:{}", srv.addr.port());
    let t = Transport::new(&https_config(url.clone(), &ca)).unwrap();
    let text = get(&t, &format!("{url}/api/v1?x=1")).await.unwrap();
    assert!(text.starts_with("GET /api/v1?x=1 "), "{text}");
    assert!(text.contains(&format!("host=localhost:{}", srv.addr.port())), "{text}");
    assert!(text.contains("ua=kapi-client/"), "{text}");
    assert!(text.contains("peer=false"), "{text}");
}

#[tokio::test]
async fn verifies_the_server_by_ip_address() {
    let ca = Ca::new("ca");
    let srv = start(Some(server_tls(&ca.server(&["127.0.0.1"]), None)), echo()).await;
    let url = format!("https://127.0.0.1:{}", srv.addr.port());
    let t = Transport::new(&https_config(url.clone(), &ca)).unwrap();
    assert!(get(&t, &format!("{url}/x")).await.unwrap().starts_with("GET /x "));
}

#[tokio::test]
async fn an_unknown_ca_fails_and_insecure_mode_accepts_it() {
    let ca = Ca::new("ca");
    let other = Ca::new("other");
    let srv = start(Some(server_tls(&ca.server(&["localhost"]), None)), echo()).await;
    let url = format!("https://localhost:{}", srv.addr.port());
    let t = Transport::new(&https_config(url.clone(), &other)).unwrap();
    let err = get(&t, &format!("{url}/x")).await.unwrap_err();
    assert!(matches!(err, Error::Transport(_)), "{err:?}");
    let msg = err.to_string();
    assert!(msg.contains("TLS handshake") && msg.contains("UnknownIssuer"), "{msg}");

    let mut insecure = Config::new(url.clone()).unwrap();
    insecure.tls.insecure_skip_tls_verify = true;
    let t = Transport::new(&insecure).unwrap();
    assert!(get(&t, &format!("{url}/x")).await.unwrap().starts_with("GET /x "));
}

#[tokio::test]
async fn a_certificate_for_another_name_fails_unless_the_server_name_is_set() {
    let ca = Ca::new("ca");
    let srv = start(Some(server_tls(&ca.server(&["kubernetes.default.svc"]), None)), echo()).await;
    let url = format!("https://127.0.0.1:{}", srv.addr.port());
    let t = Transport::new(&https_config(url.clone(), &ca)).unwrap();
    let err = get(&t, &format!("{url}/x")).await.unwrap_err().to_string();
    assert!(err.contains("not valid for name"), "{err}");

    let mut c = https_config(url.clone(), &ca);
    c.tls.server_name = Some("kubernetes.default.svc".into());
    let t = Transport::new(&c).unwrap();
    assert!(get(&t, &format!("{url}/x")).await.unwrap().starts_with("GET /x "));
}

#[tokio::test]
async fn client_certificates() {
    let ca = Ca::new("ca");
    let srv = start(Some(server_tls(&ca.server(&["localhost"]), Some(&ca))), echo()).await;
    let url = format!("https://localhost:{}", srv.addr.port());

    // Without a certificate the server refuses the handshake.
    let t = Transport::new(&https_config(url.clone(), &ca)).unwrap();
    assert!(get(&t, &format!("{url}/x")).await.is_err());

    // With one signed by the CA the server sees it.
    let client = ca.client("alice");
    let mut c = https_config(url.clone(), &ca);
    c.tls.client_certificate = Some(PemSource::Data(client.cert_pem.into_bytes()));
    c.tls.client_key = Some(PemSource::Data(client.key_pem.into_bytes()));
    let t = Transport::new(&c).unwrap();
    assert!(get(&t, &format!("{url}/x")).await.unwrap().contains("peer=true"));

    // One signed by another CA is refused; files work as well as data.
    let rogue = Ca::new("rogue").client("mallory");
    let dir = scratch_dir("tls-files");
    std::fs::write(dir.join("c.crt"), &rogue.cert_pem).unwrap();
    std::fs::write(dir.join("c.key"), &rogue.key_pem).unwrap();
    let mut c = https_config(url.clone(), &ca);
    c.tls.client_certificate = Some(PemSource::File(dir.join("c.crt")));
    c.tls.client_key = Some(PemSource::File(dir.join("c.key")));
    let t = Transport::new(&c).unwrap();
    assert!(get(&t, &format!("{url}/x")).await.is_err());
}

#[tokio::test]
async fn bad_tls_material_is_a_configuration_error() {
    let ca = Ca::new("ca");
    let mut c = https_config("https://localhost:1".into(), &ca);
    c.tls.client_certificate = Some(PemSource::Data(ca.client("x").cert_pem.into_bytes()));
    let err = Transport::new(&c).unwrap_err();
    assert!(matches!(err, Error::Config(_)), "{err:?}");

    let mut c = Config::new("https://localhost:1").unwrap();
    c.tls.ca = Some(PemSource::Data(b"garbage".to_vec()));
    assert!(Transport::new(&c).unwrap_err().to_string().contains("no PEM CERTIFICATE block"));

    let mut c = https_config("https://localhost:1".into(), &ca);
    c.tls.insecure_skip_tls_verify = true;
    assert!(Transport::new(&c).is_err());

    let mut c = Config::new("https://localhost:1").unwrap();
    c.tls.ca = Some(PemSource::File(scratch_dir("tls-missing").join("ca.crt")));
    assert!(Transport::new(&c).unwrap_err().to_string().contains("ca.crt"));
}

#[tokio::test]
async fn credentials_headers() {
    let srv = start(None, echo()).await;
    let url = format!("http://127.0.0.1:{}", srv.addr.port());

    let mut c = Config::new(url.clone()).unwrap();
    c.auth = Auth::BearerToken("tok1".into());
    c.impersonate = Impersonation { user: "bob".into(), groups: vec!["g1".into(), "g2".into()], ..Default::default() };
    let t = Transport::new(&c).unwrap();
    let text = get(&t, &format!("{url}/a")).await.unwrap();
    assert!(text.contains("auth=Bearer tok1 "), "{text}");
    assert!(text.contains("imp=bob groups=g1|g2"), "{text}");

    let dir = scratch_dir("tls-token");
    std::fs::write(dir.join("token"), "from-file\n").unwrap();
    let mut c = Config::new(url.clone()).unwrap();
    c.auth = Auth::BearerTokenFile(dir.join("token"));
    let t = Transport::new(&c).unwrap();
    assert!(get(&t, &format!("{url}/a")).await.unwrap().contains("auth=Bearer from-file "));

    let mut c = Config::new(url.clone()).unwrap();
    c.auth = Auth::BearerTokenFile(dir.join("absent"));
    let t = Transport::new(&c).unwrap();
    assert!(matches!(get(&t, &format!("{url}/a")).await, Err(Error::Config(_))));

    let mut c = Config::new(url.clone()).unwrap();
    c.auth = Auth::Basic { username: "u".into(), password: "p".into() };
    let t = Transport::new(&c).unwrap();
    assert!(get(&t, &format!("{url}/a")).await.unwrap().contains("auth=Basic dTpw "));
}

#[tokio::test]
async fn connections_are_reused_and_paths_resolve_against_the_base() {
    let srv = start(None, echo()).await;
    let url = format!("http://127.0.0.1:{}/prefix", srv.addr.port());
    let t = Transport::new(&Config::new(url).unwrap()).unwrap();
    for i in 0..3 {
        let text = get(&t, &format!("/api/{i}")).await.unwrap();
        assert!(text.starts_with(&format!("GET /prefix/api/{i} ")), "{text}");
    }
    assert_eq!(srv.accepts.load(Ordering::SeqCst), 1);
    assert_eq!(t.idle_connections(), 1);
}

#[tokio::test]
async fn a_connection_the_server_closes_is_not_reused() {
    let handler: Handler = Arc::new(|_req, _peer| {
        http::Response::builder().header("connection", "close").body(body::full("bye")).unwrap()
    });
    let srv = start(None, handler).await;
    let url = format!("http://127.0.0.1:{}", srv.addr.port());
    let t = Transport::new(&Config::new(url.clone()).unwrap()).unwrap();
    for _ in 0..3 {
        assert_eq!(get(&t, &format!("{url}/")).await.unwrap(), "bye");
    }
    assert_eq!(srv.accepts.load(Ordering::SeqCst), 3);
}

#[tokio::test]
async fn streamed_bodies_arrive_frame_by_frame() {
    type Slot = Arc<Mutex<Option<tokio::sync::mpsc::Sender<Result<Bytes, std::io::Error>>>>>;
    let slot: Slot = Arc::default();
    let s = slot.clone();
    let handler: Handler = Arc::new(move |_req, _peer| {
        let (tx, body) = body::channel(4);
        *s.lock().unwrap() = Some(tx);
        http::Response::new(body)
    });
    let ca = Ca::new("ca");
    let srv = start(Some(server_tls(&ca.server(&["localhost"]), None)), handler).await;
    let url = format!("https://localhost:{}", srv.addr.port());
    let t = Transport::new(&https_config(url.clone(), &ca)).unwrap();
    let resp = t.call(http::Request::get(format!("{url}/watch")).body(Bytes::new()).unwrap()).await.unwrap();
    let mut body = resp.into_body();
    let tx = slot.lock().unwrap().take().unwrap();
    for chunk in ["first event\n", "second event\n"] {
        tx.send(Ok(Bytes::from(chunk))).await.unwrap();
        let frame = tokio::time::timeout(Duration::from_secs(5), body.frame()).await.unwrap().unwrap().unwrap();
        assert_eq!(frame.into_data().unwrap(), chunk);
    }
    assert_eq!(t.idle_connections(), 0, "the connection is busy while the body streams");
    drop(tx);
    assert!(body.frame().await.is_none());
    assert_eq!(t.idle_connections(), 1, "the connection returns to the pool when the body ends");
}

#[tokio::test]
async fn a_silent_server_times_out() {
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap();
    let held = Arc::new(Mutex::new(Vec::new()));
    let h = held.clone();
    tokio::spawn(async move {
        while let Ok((tcp, _)) = listener.accept().await {
            h.lock().unwrap().push(tcp);
        }
    });
    let mut c = Config::new(format!("http://{addr}")).unwrap();
    c.timeout = Some(Duration::from_millis(200));
    let t = Transport::new(&c).unwrap();
    let err = get(&t, &format!("http://{addr}/x")).await.unwrap_err().to_string();
    assert!(err.contains("no response within"), "{err}");
}

#[tokio::test]
async fn connection_refused_is_a_transport_error() {
    let listener = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let addr = listener.local_addr().unwrap();
    drop(listener);
    let t = Transport::new(&Config::new(format!("http://{addr}")).unwrap()).unwrap();
    let err = get(&t, &format!("http://{addr}/x")).await.unwrap_err();
    assert!(matches!(&err, Error::Transport(m) if m.contains("connecting to 127.0.0.1")), "{err:?}");
}
