//! Hostile servers on loopback, written as raw HTTP on a TCP socket: an endless 200 or 500 body,
//! a body that stalls, a silent watch; the client fails with typed errors after reading a bounded
//! number of bytes. Also the proxies of `proxy-url` (HTTP CONNECT and SOCKS5).

use std::net::SocketAddr;
use std::pin::Pin;
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Duration;

use bytes::Bytes;
use kapi_api::core::v1::ConfigMap;
use kapi_api::meta::v1::{GetOptions, ListOptions};
use kapi_client::{Client, Config, Error, EventStream, Service, Transport, WatchEvent};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::{TcpListener, TcpStream};

/// A hard stop for each test, so that a client that does not enforce its limit fails the test
/// instead of hanging it. The assertions are on errors and byte counts, not on this time.
const GUARD: Duration = Duration::from_secs(30);
/// What an endless server writes at most before giving up on a client that keeps reading.
const SERVER_CAP: u64 = 256 << 20;
/// Loopback socket buffers (send and receive) and hyper's read buffer hold data the client has
/// not asked for; a client that stops reading at its limit leaves the server this much room.
const BUFFER_SLACK: u64 = 24 << 20;

async fn read_head(tcp: &mut TcpStream) -> Option<String> {
    let mut head = Vec::new();
    let mut buf = [0u8; 1024];
    while !head.windows(4).any(|w| w == b"\r\n\r\n") {
        let n = tcp.read(&mut buf).await.ok()?;
        if n == 0 || head.len() > 64 << 10 {
            return None;
        }
        head.extend_from_slice(&buf[..n]);
    }
    Some(String::from_utf8_lossy(&head).into_owned())
}

/// A server that answers the first connection with `status` and a chunked body that never ends,
/// and returns how many body bytes it managed to write before the client went away.
async fn endless(status: &str) -> (SocketAddr, tokio::task::JoinHandle<u64>) {
    let listener = TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap();
    let status = status.to_owned();
    let task = tokio::spawn(async move {
        let (mut tcp, _) = listener.accept().await.unwrap();
        read_head(&mut tcp).await.unwrap();
        let head = format!(
            "HTTP/1.1 {status}\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n"
        );
        tcp.write_all(head.as_bytes()).await.unwrap();
        let chunk = format!("2000\r\n{}\r\n", " ".repeat(0x2000));
        let mut written = 0u64;
        while written < SERVER_CAP {
            if tcp.write_all(chunk.as_bytes()).await.is_err() {
                break;
            }
            written += 0x2000;
        }
        written
    });
    (addr, task)
}

fn client(addr: SocketAddr, tune: impl FnOnce(&mut Config)) -> Client {
    let mut config = Config::new(format!("http://{addr}")).unwrap();
    tune(&mut config);
    Client::try_from_config(&config).unwrap()
}

async fn guarded<T>(f: impl std::future::Future<Output = T>) -> T {
    tokio::time::timeout(GUARD, f).await.expect("the client did not enforce its limit")
}

#[tokio::test]
async fn an_endless_200_body_stops_at_the_size_limit() {
    let (addr, server) = endless("200 OK").await;
    let limit = 256 << 10;
    let c = client(addr, |c| c.limits.max_response_bytes = limit);
    let api = c.namespaced::<ConfigMap>("default").unwrap();
    let err = guarded(api.get("x", &GetOptions::default())).await.unwrap_err();
    match &err {
        Error::ResponseTooLarge { request, limit: l } => {
            assert_eq!(*l, limit);
            assert!(request.contains("GET http://") && request.contains("/configmaps/x"), "{request}");
        }
        other => panic!("expected ResponseTooLarge, got {other:?}"),
    }
    let written = guarded(server).await.unwrap();
    assert!(written < limit + BUFFER_SLACK, "the server wrote {written} bytes before the client hung up");
}

#[tokio::test]
async fn an_endless_500_body_stops_at_the_size_limit() {
    let (addr, server) = endless("500 Internal Server Error").await;
    let limit = 64 << 10;
    let c = client(addr, |c| c.limits.max_response_bytes = limit);
    let api = c.namespaced::<ConfigMap>("default").unwrap();
    let err = guarded(api.get("x", &GetOptions::default())).await.unwrap_err();
    assert!(matches!(err, Error::ResponseTooLarge { limit: l, .. } if l == limit), "{err:?}");
    let written = guarded(server).await.unwrap();
    assert!(written < limit + BUFFER_SLACK, "the server wrote {written} bytes");

    // A watch's error body is bounded the same way.
    let (addr, server) = endless("500 Internal Server Error").await;
    let c = client(addr, |c| c.limits.max_response_bytes = limit);
    let api = c.namespaced::<ConfigMap>("default").unwrap();
    let err = guarded(api.watch(&ListOptions::default())).await.err().expect("a watch error");
    assert!(matches!(err, Error::ResponseTooLarge { .. }), "{err:?}");
    assert!(guarded(server).await.unwrap() < limit + BUFFER_SLACK);
}

/// A server that sends `head` and `body` on every connection and then holds it open, silent.
async fn stalling(head: &'static str, body: &'static str) -> SocketAddr {
    let listener = TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap();
    tokio::spawn(async move {
        while let Ok((mut tcp, _)) = listener.accept().await {
            tokio::spawn(async move {
                if read_head(&mut tcp).await.is_none() {
                    return;
                }
                let _ = tcp.write_all(head.as_bytes()).await;
                let _ = tcp.write_all(body.as_bytes()).await;
                // Hold the connection until the client closes it.
                let mut sink = [0u8; 64];
                while matches!(tcp.read(&mut sink).await, Ok(n) if n > 0) {}
            });
        }
    });
    addr
}

#[tokio::test]
async fn a_stalled_body_hits_the_request_deadline() {
    let addr = stalling("HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n", "{\"a\"").await;
    let deadline = Duration::from_millis(300);
    let c = client(addr, |c| c.timeout = Some(deadline));
    let api = c.namespaced::<ConfigMap>("default").unwrap();
    let err = guarded(api.get("x", &GetOptions::default())).await.unwrap_err();
    match &err {
        Error::Timeout { what, limit, .. } => {
            assert_eq!(what, "the response body");
            assert_eq!(*limit, deadline);
        }
        other => panic!("expected a timeout, got {other:?}"),
    }
}

#[tokio::test]
async fn silent_headers_hit_the_request_deadline() {
    let listener = TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap();
    tokio::spawn(async move {
        let mut held = Vec::new();
        while let Ok((tcp, _)) = listener.accept().await {
            held.push(tcp);
        }
    });
    let c = client(addr, |c| c.timeout = Some(Duration::from_millis(200)));
    let api = c.namespaced::<ConfigMap>("default").unwrap();
    let err = guarded(api.get("x", &GetOptions::default())).await.unwrap_err();
    assert!(matches!(&err, Error::Timeout { what, .. } if what.contains("response headers")), "{err:?}");
}

async fn next(stream: &mut EventStream<ConfigMap>) -> Option<Result<WatchEvent<ConfigMap>, Error>> {
    std::future::poll_fn(|cx| futures_core::Stream::poll_next(Pin::new(&mut *stream), cx)).await
}

const WATCH_HEAD: &str = "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n";

#[tokio::test]
async fn a_silent_watch_hits_its_idle_limit() {
    let addr = stalling(WATCH_HEAD, "").await;
    // Tied to timeoutSeconds: the server should have ended it by then, plus the grace.
    let c = client(addr, |c| c.limits.watch_idle_grace = Duration::from_millis(100));
    let api = c.namespaced::<ConfigMap>("default").unwrap();
    let options = ListOptions { timeout_seconds: Some(1), ..Default::default() };
    let mut stream = guarded(api.watch(&options)).await.unwrap();
    let err = guarded(next(&mut stream)).await.unwrap().unwrap_err();
    match &err {
        Error::Timeout { what, limit, .. } => {
            assert_eq!(what, "the next piece of the stream");
            assert_eq!(*limit, Duration::from_millis(1100));
        }
        other => panic!("expected a timeout, got {other:?}"),
    }
    assert!(guarded(next(&mut stream)).await.is_none(), "the stream ends after its error");

    // Without timeoutSeconds the configured idle limit applies.
    let c = client(addr, |c| c.limits.watch_idle_timeout = Some(Duration::from_millis(150)));
    let api = c.namespaced::<ConfigMap>("default").unwrap();
    let mut stream = guarded(api.watch(&ListOptions::default())).await.unwrap();
    let err = guarded(next(&mut stream)).await.unwrap().unwrap_err();
    assert!(matches!(&err, Error::Timeout { limit, .. } if *limit == Duration::from_millis(150)), "{err:?}");
}

#[tokio::test]
async fn a_watch_body_is_not_held_to_the_size_limit() {
    let listener = TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap();
    let events = 200usize;
    tokio::spawn(async move {
        let (mut tcp, _) = listener.accept().await.unwrap();
        read_head(&mut tcp).await.unwrap();
        tcp.write_all(WATCH_HEAD.as_bytes()).await.unwrap();
        for i in 0..events {
            let line = format!(
                "{{\"type\":\"ADDED\",\"object\":{{\"apiVersion\":\"v1\",\"kind\":\"ConfigMap\",\"metadata\":{{\"name\":\"cm{i}\"}},\"data\":{{\"k\":\"{}\"}}}}}}\n",
                "v".repeat(1000)
            );
            tcp.write_all(format!("{:x}\r\n{line}\r\n", line.len()).as_bytes()).await.unwrap();
        }
        tcp.write_all(b"0\r\n\r\n").await.unwrap();
    });
    let c = client(addr, |c| c.limits.max_response_bytes = 16 << 10);
    let api = c.namespaced::<ConfigMap>("default").unwrap();
    let mut stream = guarded(api.watch(&ListOptions::default())).await.unwrap();
    let mut seen = 0;
    while let Some(ev) = guarded(next(&mut stream)).await {
        match ev.unwrap() {
            WatchEvent::Added(cm) => assert_eq!(cm.metadata.name, format!("cm{seen}")),
            other => panic!("unexpected {other:?}"),
        }
        seen += 1;
    }
    assert_eq!(seen, events);
}

/// A plain HTTP server that answers every request with `ok` and the request line it saw.
async fn target() -> SocketAddr {
    let listener = TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap();
    tokio::spawn(async move {
        while let Ok((mut tcp, _)) = listener.accept().await {
            tokio::spawn(async move {
                while let Some(head) = read_head(&mut tcp).await {
                    let line = head.lines().next().unwrap_or_default().to_owned();
                    let body = format!("ok {line}");
                    let resp = format!("HTTP/1.1 200 OK\r\nContent-Length: {}\r\n\r\n{body}", body.len());
                    if tcp.write_all(resp.as_bytes()).await.is_err() {
                        return;
                    }
                }
            });
        }
    });
    addr
}

/// The proxies map this unresolvable name to the target, which proves the client left name
/// resolution to them.
const TARGET_NAME: &str = "kapi-target.invalid";

fn target_of(host: &str, port: u16, target: SocketAddr) -> SocketAddr {
    assert_eq!(host, TARGET_NAME, "the proxy was asked for {host}");
    SocketAddr::new(target.ip(), port)
}

/// An HTTP CONNECT proxy; it records each CONNECT head it gets.
async fn connect_proxy(target: SocketAddr, seen: Arc<std::sync::Mutex<Vec<String>>>) -> SocketAddr {
    let listener = TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap();
    tokio::spawn(async move {
        while let Ok((mut tcp, _)) = listener.accept().await {
            let seen = seen.clone();
            tokio::spawn(async move {
                let head = read_head(&mut tcp).await.unwrap();
                seen.lock().unwrap().push(head.clone());
                let authority = head.split(' ').nth(1).unwrap().to_owned();
                let (host, port) = authority.rsplit_once(':').unwrap();
                let mut upstream = TcpStream::connect(target_of(host, port.parse().unwrap(), target)).await.unwrap();
                tcp.write_all(b"HTTP/1.1 200 Connection established\r\n\r\n").await.unwrap();
                let _ = tokio::io::copy_bidirectional(&mut tcp, &mut upstream).await;
            });
        }
    });
    addr
}

/// A SOCKS5 proxy (no authentication, or user `u` with password `p`).
async fn socks5_proxy(target: SocketAddr, connects: Arc<AtomicU64>) -> SocketAddr {
    let listener = TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap();
    tokio::spawn(async move {
        while let Ok((mut tcp, _)) = listener.accept().await {
            let connects = connects.clone();
            tokio::spawn(async move {
                let mut hello = [0u8; 2];
                tcp.read_exact(&mut hello).await.unwrap();
                let mut methods = vec![0u8; usize::from(hello[1])];
                tcp.read_exact(&mut methods).await.unwrap();
                if methods.contains(&2) {
                    tcp.write_all(&[5, 2]).await.unwrap();
                    let mut ver_len = [0u8; 2];
                    tcp.read_exact(&mut ver_len).await.unwrap();
                    let mut user = vec![0u8; usize::from(ver_len[1])];
                    tcp.read_exact(&mut user).await.unwrap();
                    let mut plen = [0u8; 1];
                    tcp.read_exact(&mut plen).await.unwrap();
                    let mut pass = vec![0u8; usize::from(plen[0])];
                    tcp.read_exact(&mut pass).await.unwrap();
                    let ok = user == b"u" && pass == b"p";
                    tcp.write_all(&[1, if ok { 0 } else { 1 }]).await.unwrap();
                    if !ok {
                        return;
                    }
                } else {
                    tcp.write_all(&[5, 0]).await.unwrap();
                }
                let mut req = [0u8; 5];
                tcp.read_exact(&mut req).await.unwrap();
                assert_eq!(&req[..4], &[5, 1, 0, 3], "a CONNECT by domain name");
                let mut name = vec![0u8; usize::from(req[4])];
                tcp.read_exact(&mut name).await.unwrap();
                let mut port = [0u8; 2];
                tcp.read_exact(&mut port).await.unwrap();
                let host = String::from_utf8(name).unwrap();
                let mut upstream = TcpStream::connect(target_of(&host, u16::from_be_bytes(port), target)).await.unwrap();
                connects.fetch_add(1, Ordering::SeqCst);
                tcp.write_all(&[5, 0, 0, 1, 127, 0, 0, 1, 0, 0]).await.unwrap();
                let _ = tokio::io::copy_bidirectional(&mut tcp, &mut upstream).await;
            });
        }
    });
    addr
}

async fn get_text(t: &Transport, url: &str) -> Result<String, Error> {
    let resp = t.call(http::Request::get(url).body(Bytes::new()).unwrap()).await?;
    let body = kapi_client::body::collect(resp.into_body()).await.map_err(|e| Error::from_body(url, e))?;
    Ok(String::from_utf8(body.to_vec()).unwrap())
}

#[tokio::test]
async fn requests_go_through_an_http_connect_proxy() {
    let target = target().await;
    let seen = Arc::new(std::sync::Mutex::new(Vec::new()));
    let proxy = connect_proxy(target, seen.clone()).await;
    let url = format!("http://{TARGET_NAME}:{}", target.port());
    let mut c = Config::new(url.clone()).unwrap();
    c.proxy_url = Some(format!("http://alice:s%40cret@{proxy}"));
    let t = Transport::new(&c).unwrap();
    assert_eq!(guarded(get_text(&t, &format!("{url}/api"))).await.unwrap(), "ok GET /api HTTP/1.1");
    let seen = seen.lock().unwrap();
    assert!(seen[0].starts_with(&format!("CONNECT {TARGET_NAME}:{} HTTP/1.1\r\n", target.port())), "{seen:?}");
    // alice:s@cret in base64.
    assert!(seen[0].contains("Proxy-Authorization: Basic YWxpY2U6c0BjcmV0\r\n"), "{seen:?}");
}

#[tokio::test]
async fn requests_go_through_a_socks5_proxy() {
    let target = target().await;
    let connects = Arc::new(AtomicU64::new(0));
    let proxy = socks5_proxy(target, connects.clone()).await;
    let url = format!("http://{TARGET_NAME}:{}", target.port());
    for proxy_url in [format!("socks5://{proxy}"), format!("socks5h://u:p@{proxy}")] {
        let mut c = Config::new(url.clone()).unwrap();
        c.proxy_url = Some(proxy_url);
        let t = Transport::new(&c).unwrap();
        assert_eq!(guarded(get_text(&t, &format!("{url}/x"))).await.unwrap(), "ok GET /x HTTP/1.1");
    }
    assert_eq!(connects.load(Ordering::SeqCst), 2);

    let mut c = Config::new(url.clone()).unwrap();
    c.proxy_url = Some(format!("socks5://u:wrong@{proxy}"));
    let t = Transport::new(&c).unwrap();
    let err = guarded(get_text(&t, &format!("{url}/x"))).await.unwrap_err();
    assert!(err.to_string().contains("refused the user name and password"), "{err}");
}
