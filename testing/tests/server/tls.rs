//! The HTTP/TLS transport against a small hyper + tokio-rustls server on loopback: CA
//! verification (DNS names and IP addresses), unknown CAs, insecure mode, server name override,
//! client certificates, credentials headers, connection reuse, streamed bodies and timeouts; and
//! hostile TLS peers (expired certificate, a handshake that stalls, oversized or endless records)
//! that must fail with typed errors within the request deadline.

// The test PKI is shared with kapi-client's kubeconfig tests, which cannot depend on this crate.
use crate::net_support;
use crate::tls_support;

use std::net::SocketAddr;
use std::sync::atomic::Ordering;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use bytes::Bytes;
use http_body_util::BodyExt;
use kapi_client::body;
use kapi_client::config::{Auth, Config, Impersonation, PemSource};
use kapi_client::{Error, Service, Transport};
use net_support::{Handler, echo, server_tls, start, with_h2};
use tls_support::{Ca, scratch_dir};

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
    assert!(
        matches!(&err, Error::Tls { server, .. } if *server == format!("localhost:{}", srv.addr.port())),
        "{err:?}"
    );
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
    let err = get(&t, &format!("{url}/x")).await.unwrap_err();
    assert!(matches!(&err, Error::Tls { message, .. } if message.contains("not valid for name")), "{err:?}");

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
    assert_eq!(t.connections(), 1);
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
    let handler: Handler = Arc::new(move |req, _peer| {
        if req.uri().path() != "/watch" {
            return http::Response::new(body::full("ok"));
        }
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
    // The connection is busy while the body streams: another request needs a second one.
    get(&t, &format!("{url}/other")).await.unwrap();
    assert_eq!((t.connections(), srv.accepts.load(Ordering::SeqCst)), (2, 2));
    drop(tx);
    assert!(body.frame().await.is_none());
    // Once the body has ended, its connection is reused.
    for _ in 0..3 {
        get(&t, &format!("{url}/again")).await.unwrap();
    }
    assert_eq!((t.connections(), srv.accepts.load(Ordering::SeqCst)), (2, 2));
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
    let err = get(&t, &format!("http://{addr}/x")).await.unwrap_err();
    assert!(matches!(&err, Error::Timeout { limit, .. } if *limit == Duration::from_millis(200)), "{err:?}");
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

#[tokio::test]
async fn an_expired_server_certificate_is_a_tls_error() {
    let ca = Ca::new("ca");
    let srv = start(Some(server_tls(&ca.expired_server(&["localhost"]), None)), echo()).await;
    let url = format!("https://localhost:{}", srv.addr.port());
    let t = Transport::new(&https_config(url.clone(), &ca)).unwrap();
    let err = get(&t, &format!("{url}/x")).await.unwrap_err();
    assert!(matches!(&err, Error::Tls { message, .. } if message.contains("certificate expired")), "{err:?}");
}

/// A TLS peer that reads the ClientHello and then answers with `reply` (or nothing), repeated
/// `times`, keeping the connection open; it returns how many bytes it wrote.
async fn hostile_tls(reply: &'static [u8], times: usize) -> (SocketAddr, tokio::task::JoinHandle<usize>) {
    use tokio::io::{AsyncReadExt, AsyncWriteExt};
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap();
    let task = tokio::spawn(async move {
        let (mut tcp, _) = listener.accept().await.unwrap();
        let mut hello = [0u8; 4096];
        let _ = tcp.read(&mut hello).await;
        let mut written = 0;
        for _ in 0..times {
            if tcp.write_all(reply).await.is_err() {
                return written;
            }
            written += reply.len();
        }
        // Stay silent until the client hangs up.
        let mut sink = [0u8; 256];
        while matches!(tcp.read(&mut sink).await, Ok(n) if n > 0) {}
        written
    });
    (addr, task)
}

fn deadline_config(addr: SocketAddr, deadline: Duration) -> Config {
    let mut c = https_config(format!("https://localhost:{}", addr.port()), &Ca::new("ca"));
    c.timeout = Some(deadline);
    c
}

/// The test fails rather than hangs if the client does not enforce its deadline.
async fn guarded<T>(f: impl std::future::Future<Output = T>) -> T {
    tokio::time::timeout(Duration::from_secs(30), f).await.expect("the client did not enforce its deadline")
}

#[tokio::test]
async fn a_stalled_handshake_hits_the_deadline() {
    let (addr, _server) = hostile_tls(b"", 0).await;
    let deadline = Duration::from_millis(300);
    let t = Transport::new(&deadline_config(addr, deadline)).unwrap();
    let err = guarded(get(&t, &format!("https://localhost:{}/x", addr.port()))).await.unwrap_err();
    assert!(matches!(&err, Error::Timeout { limit, .. } if *limit == deadline), "{err:?}");
}

#[tokio::test]
async fn an_oversized_record_is_a_tls_error() {
    // A handshake record header announcing 65535 bytes, far past TLS's 16 KiB + overhead.
    static RECORD: [u8; 5] = [0x16, 0x03, 0x03, 0xff, 0xff];
    let (addr, _server) = hostile_tls(&RECORD, 1).await;
    let t = Transport::new(&deadline_config(addr, Duration::from_secs(10))).unwrap();
    let err = guarded(get(&t, &format!("https://localhost:{}/x", addr.port()))).await.unwrap_err();
    assert!(matches!(&err, Error::Tls { .. }), "{err:?}");
}

#[tokio::test]
async fn endless_garbage_records_are_refused_early() {
    // Well-formed record headers of an alert-less, content-type-less stream of junk.
    static JUNK: [u8; 4096] = [0x17; 4096];
    let (addr, server) = hostile_tls(&JUNK, 64 << 10).await;
    let t = Transport::new(&deadline_config(addr, Duration::from_secs(10))).unwrap();
    let err = guarded(get(&t, &format!("https://localhost:{}/x", addr.port()))).await.unwrap_err();
    assert!(matches!(&err, Error::Tls { .. }), "{err:?}");
    let written = guarded(server).await.unwrap();
    assert!(written < 32 << 20, "the client let the peer write {written} bytes");
}

#[tokio::test]
async fn http2_is_negotiated_and_one_connection_carries_concurrent_requests() {
    let ca = Ca::new("ca");
    let srv = start(Some(with_h2(server_tls(&ca.server(&["localhost"]), None))), echo()).await;
    let url = format!("https://localhost:{}", srv.addr.port());
    let mut c = https_config(url.clone(), &ca);
    c.auth = Auth::BearerToken("tok".into());
    let t = Transport::new(&c).unwrap();
    let first = get(&t, &format!("{url}/first")).await.unwrap();
    assert!(first.contains("version=HTTP/2.0") && first.contains("auth=Bearer tok "), "{first}");
    let (ua, ub, ud) = (format!("{url}/a"), format!("{url}/b?x=1"), format!("{url}/d"));
    let (a, b, d) = tokio::join!(get(&t, &ua), get(&t, &ub), get(&t, &ud));
    for (text, path) in [(a.unwrap(), "/a"), (b.unwrap(), "/b?x=1"), (d.unwrap(), "/d")] {
        assert!(text.starts_with(&format!("GET {url}{path} ")), "{text}");
        assert!(text.contains("version=HTTP/2.0"), "{text}");
    }
    assert_eq!(srv.accepts.load(Ordering::SeqCst), 1, "one multiplexed connection");
    assert_eq!(t.http2_connections(), 1);

    // Turned off, the same server is spoken to in HTTP/1.1.
    c.http2 = false;
    let t = Transport::new(&c).unwrap();
    let text = get(&t, &format!("{url}/x")).await.unwrap();
    assert!(text.contains("version=HTTP/1.1") && text.starts_with("GET /x "), "{text}");
    assert_eq!(t.http2_connections(), 0);
}

#[tokio::test]
async fn an_upgrade_request_gets_a_fresh_http1_connection_of_its_own() {
    let ca = Ca::new("ca");
    let srv = start(Some(with_h2(server_tls(&ca.server(&["localhost"]), None))), echo()).await;
    let url = format!("https://localhost:{}", srv.addr.port());
    let t = Transport::new(&https_config(url.clone(), &ca)).unwrap();
    assert!(get(&t, &format!("{url}/a")).await.unwrap().contains("version=HTTP/2.0"));
    for i in 1..=2 {
        let mut req = http::Request::get(format!("{url}/u")).body(Bytes::new()).unwrap();
        req.extensions_mut().insert(kapi_client::transport::Upgrade);
        let resp = t.call(req).await.unwrap();
        let text = String::from_utf8(body::collect(resp.into_body()).await.unwrap().to_vec()).unwrap();
        assert!(text.contains("version=HTTP/1.1") && text.starts_with("GET /u "), "{text}");
        assert_eq!(srv.accepts.load(Ordering::SeqCst), 1 + i, "neither the HTTP/2 connection nor a pooled one");
    }
    // Plain requests still share the HTTP/2 connection.
    assert!(get(&t, &format!("{url}/b")).await.unwrap().contains("version=HTTP/2.0"));
    assert_eq!(srv.accepts.load(Ordering::SeqCst), 3);
}

#[tokio::test]
async fn a_streamed_body_arrives_over_http2() {
    type Slot = Arc<Mutex<Option<tokio::sync::mpsc::Sender<Result<Bytes, std::io::Error>>>>>;
    let slot: Slot = Arc::default();
    let s = slot.clone();
    let handler: Handler = Arc::new(move |_req, _peer| {
        let (tx, body) = body::channel(4);
        *s.lock().unwrap() = Some(tx);
        http::Response::new(body)
    });
    let ca = Ca::new("ca");
    let srv = start(Some(with_h2(server_tls(&ca.server(&["localhost"]), None))), handler).await;
    let url = format!("https://localhost:{}", srv.addr.port());
    let t = Transport::new(&https_config(url.clone(), &ca)).unwrap();
    let resp = t.call(http::Request::get(format!("{url}/w?watch=true")).body(Bytes::new()).unwrap()).await.unwrap();
    assert_eq!(resp.version(), http::Version::HTTP_2);
    let mut body = resp.into_body();
    let tx = slot.lock().unwrap().take().unwrap();
    for chunk in ["first event\n", "second event\n"] {
        tx.send(Ok(Bytes::from(chunk))).await.unwrap();
        let frame = tokio::time::timeout(Duration::from_secs(5), body.frame()).await.unwrap().unwrap().unwrap();
        assert_eq!(frame.into_data().unwrap(), chunk);
    }
    drop(tx);
    assert!(body.frame().await.is_none());
}
