//! Hostile servers on loopback, written as raw HTTP on a TCP socket: an endless 200 or 500 body,
//! a body that stalls, a silent watch; the client fails with typed errors after reading a bounded
//! number of bytes. Also the proxies of `proxy-url` (HTTP CONNECT and SOCKS5) and of the
//! environment, retries honouring `Retry-After`, and the client-side rate limit.

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
        let head = format!("HTTP/1.1 {status}\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n");
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
    let api = c.namespaced::<ConfigMap>("default");
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
async fn a_request_lowers_the_size_limit_but_cannot_raise_it() {
    use kapi_client::DynamicApi;
    use kapi_client::dynamic::ApiResource;
    use kapi_machinery::GroupVersionKind;

    let gvk = GroupVersionKind::new("", "v1", "ConfigMap");
    let resource = ApiResource::new(&gvk, "configmaps", true);

    // The dynamic client's own limit is below the client's: it applies.
    let (addr, server) = endless("200 OK").await;
    let c = client(addr, |c| c.limits.max_response_bytes = 1 << 30);
    let api = DynamicApi::namespaced(&c, &resource, "default").unwrap().with_max_response_bytes(128 << 10);
    let err = guarded(api.get("x", &GetOptions::default())).await.unwrap_err();
    assert!(matches!(err, Error::ResponseTooLarge { limit, .. } if limit == 128 << 10), "{err:?}");
    assert!(guarded(server).await.unwrap() < (128 << 10) + BUFFER_SLACK);

    // Above the client's limit, the client's holds.
    let (addr, server) = endless("200 OK").await;
    let c = client(addr, |c| c.limits.max_response_bytes = 64 << 10);
    let api = DynamicApi::namespaced(&c, &resource, "default").unwrap().with_max_response_bytes(1 << 30);
    let err = guarded(api.get("x", &GetOptions::default())).await.unwrap_err();
    assert!(matches!(err, Error::ResponseTooLarge { limit, .. } if limit == 64 << 10), "{err:?}");
    assert!(guarded(server).await.unwrap() < (64 << 10) + BUFFER_SLACK);
}

#[tokio::test]
async fn an_endless_500_body_stops_at_the_size_limit() {
    let (addr, server) = endless("500 Internal Server Error").await;
    let limit = 64 << 10;
    let c = client(addr, |c| c.limits.max_response_bytes = limit);
    let api = c.namespaced::<ConfigMap>("default");
    let err = guarded(api.get("x", &GetOptions::default())).await.unwrap_err();
    assert!(matches!(err, Error::ResponseTooLarge { limit: l, .. } if l == limit), "{err:?}");
    let written = guarded(server).await.unwrap();
    assert!(written < limit + BUFFER_SLACK, "the server wrote {written} bytes");

    // A watch's error body is bounded the same way.
    let (addr, server) = endless("500 Internal Server Error").await;
    let c = client(addr, |c| c.limits.max_response_bytes = limit);
    let api = c.namespaced::<ConfigMap>("default");
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
    let addr =
        stalling("HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n", "{\"a\"").await;
    let deadline = Duration::from_millis(300);
    let c = client(addr, |c| c.timeout = Some(deadline));
    let api = c.namespaced::<ConfigMap>("default");
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
    let api = c.namespaced::<ConfigMap>("default");
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
    let api = c.namespaced::<ConfigMap>("default");
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
    let api = c.namespaced::<ConfigMap>("default");
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
    let api = c.namespaced::<ConfigMap>("default");
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
                let mut upstream =
                    TcpStream::connect(target_of(&host, u16::from_be_bytes(port), target)).await.unwrap();
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
    assert!(err.to_string().contains("credentials not accepted"), "{err}");
}

#[tokio::test]
async fn a_refusing_or_absent_proxy_is_an_error_naming_it() {
    // A proxy that wants credentials it was not given.
    let listener = TcpListener::bind("127.0.0.1:0").await.unwrap();
    let proxy = listener.local_addr().unwrap();
    tokio::spawn(async move {
        while let Ok((mut tcp, _)) = listener.accept().await {
            let _ = read_head(&mut tcp).await;
            let _ = tcp.write_all(b"HTTP/1.1 407 Proxy Authentication Required\r\n\r\n").await;
        }
    });
    let url = format!("http://{TARGET_NAME}:80");
    let mut c = Config::new(url.clone()).unwrap();
    c.proxy_url = Some(format!("http://{proxy}"));
    let err = guarded(get_text(&Transport::new(&c).unwrap(), &format!("{url}/x"))).await.unwrap_err().to_string();
    assert!(err.contains(&format!("proxy {proxy} to {TARGET_NAME}:80")), "{err}");
    assert!(err.contains("proxy authorization required"), "{err}");

    // A proxy that is not there.
    let gone = std::net::TcpListener::bind("127.0.0.1:0").unwrap().local_addr().unwrap();
    for scheme in ["http", "socks5"] {
        c.proxy_url = Some(format!("{scheme}://{gone}"));
        let err = guarded(get_text(&Transport::new(&c).unwrap(), &format!("{url}/x"))).await.unwrap_err();
        assert!(matches!(&err, Error::Transport(m) if m.contains("connecting to the proxy")), "{err}");
    }
}

/// A keep-alive server answering the n-th request (over any connection) with `replies[n]`, the
/// last reply repeating; returns the request lines it saw.
async fn scripted(replies: Vec<&'static str>) -> (SocketAddr, Arc<std::sync::Mutex<Vec<String>>>) {
    let listener = TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap();
    let seen = Arc::new(std::sync::Mutex::new(Vec::new()));
    let log = seen.clone();
    let replies = Arc::new(replies);
    tokio::spawn(async move {
        while let Ok((mut tcp, _)) = listener.accept().await {
            let (log, replies) = (log.clone(), replies.clone());
            tokio::spawn(async move {
                while let Some(head) = read_head(&mut tcp).await {
                    let n = {
                        let mut log = log.lock().unwrap();
                        log.push(head.lines().next().unwrap_or_default().to_owned());
                        log.len() - 1
                    };
                    let reply = replies[n.min(replies.len() - 1)];
                    if tcp.write_all(reply.as_bytes()).await.is_err() {
                        return;
                    }
                }
            });
        }
    });
    (addr, seen)
}

const BUSY_503: &str = "HTTP/1.1 503 Service Unavailable\r\nRetry-After: 0\r\nContent-Length: 4\r\n\r\nbusy";
const THROTTLED_429: &str = "HTTP/1.1 429 Too Many Requests\r\nRetry-After: 0\r\nContent-Length: 0\r\n\r\n";
const OK_200: &str = "HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\nok";

async fn send(t: &Transport, method: http::Method, url: &str) -> (u16, String) {
    let resp =
        guarded(t.call(http::Request::builder().method(method).uri(url).body(Bytes::new()).unwrap())).await.unwrap();
    let status = resp.status().as_u16();
    let body = kapi_client::body::collect(resp.into_body()).await.unwrap();
    (status, String::from_utf8(body.to_vec()).unwrap())
}

#[tokio::test]
async fn retry_after_is_honoured_for_safe_requests_and_429() {
    let (addr, seen) = scripted(vec![BUSY_503, BUSY_503, OK_200]).await;
    let url = format!("http://{addr}");
    let t = Transport::new(&Config::new(url.clone()).unwrap()).unwrap();
    assert_eq!(send(&t, http::Method::GET, &format!("{url}/a")).await, (200, "ok".to_owned()));
    assert_eq!(seen.lock().unwrap().len(), 3);

    // A 503 to a POST may have been acted on: it is the answer.
    let (addr, seen) = scripted(vec![BUSY_503, OK_200]).await;
    let url = format!("http://{addr}");
    let t = Transport::new(&Config::new(url.clone()).unwrap()).unwrap();
    assert_eq!(send(&t, http::Method::POST, &format!("{url}/a")).await.0, 503);
    assert_eq!(seen.lock().unwrap().len(), 1);

    // A 429 was not processed: a POST is retried.
    let (addr, seen) = scripted(vec![THROTTLED_429, OK_200]).await;
    let url = format!("http://{addr}");
    let t = Transport::new(&Config::new(url.clone()).unwrap()).unwrap();
    assert_eq!(send(&t, http::Method::POST, &format!("{url}/a")).await.0, 200);
    assert_eq!(seen.lock().unwrap().len(), 2);

    // The retries are bounded, and a 503 without Retry-After is not retried.
    let (addr, seen) = scripted(vec![BUSY_503]).await;
    let url = format!("http://{addr}");
    let mut c = Config::new(url.clone()).unwrap();
    c.retry.max_retries = 2;
    let t = Transport::new(&c).unwrap();
    assert_eq!(send(&t, http::Method::GET, &format!("{url}/a")).await, (503, "busy".to_owned()));
    assert_eq!(seen.lock().unwrap().len(), 3);
    let (addr, seen) = scripted(vec!["HTTP/1.1 503 Service Unavailable\r\nContent-Length: 0\r\n\r\n", OK_200]).await;
    let url = format!("http://{addr}");
    let t = Transport::new(&Config::new(url.clone()).unwrap()).unwrap();
    assert_eq!(send(&t, http::Method::GET, &format!("{url}/a")).await.0, 503);
    assert_eq!(seen.lock().unwrap().len(), 1);
}

#[tokio::test]
async fn the_rate_limit_spaces_requests_after_the_burst() {
    let (addr, seen) = scripted(vec![OK_200]).await;
    let url = format!("http://{addr}");
    let mut c = Config::new(url.clone()).unwrap();
    c.rate_limit = Some(kapi_client::config::RateLimit { qps: 20.0, burst: 2 });
    let t = Transport::new(&c).unwrap();
    let start = std::time::Instant::now();
    for _ in 0..6 {
        assert_eq!(send(&t, http::Method::GET, &format!("{url}/a")).await.0, 200);
    }
    // Two at once, then four more at 20 per second: at least 200 ms (a lower bound the bucket
    // guarantees, whatever the machine's speed).
    assert!(start.elapsed() >= Duration::from_millis(190), "{:?}", start.elapsed());
    assert_eq!(seen.lock().unwrap().len(), 6);

    c.rate_limit = Some(kapi_client::config::RateLimit { qps: f64::NAN, burst: 2 });
    assert!(matches!(Transport::new(&c), Err(Error::Config(_))));
}

#[test]
fn proxies_from_the_environment_follow_go_rules() {
    use kapi_client::proxy::{ProxyEnv, ProxyKind};
    let vars = |pairs: &'static [(&'static str, &'static str)]| {
        move |k: &str| pairs.iter().find(|(n, _)| *n == k).map(|(_, v)| (*v).to_owned())
    };
    let env = ProxyEnv::from_vars(vars(&[
        ("HTTPS_PROXY", "socks5://proxy.corp:1080"),
        ("https_proxy", "http://ignored:1"),
        ("http_proxy", "proxy.corp:3128"),
        ("NO_PROXY", "internal.example, .svc.local,10.0.0.0/8, 192.168.1.7, api.example:8443"),
    ]))
    .unwrap();
    let https = env.select(true, "k8s.example.com", 443).unwrap();
    assert_eq!((https.kind, https.host.as_str(), https.port), (ProxyKind::Socks5, "proxy.corp", 1080));
    let http = env.select(false, "k8s.example.com", 80).unwrap();
    assert_eq!((http.kind, http.port), (ProxyKind::HttpConnect, 3128));
    for (host, port) in [
        ("internal.example", 443),
        ("a.internal.example", 443),
        ("x.svc.local", 443),
        ("10.1.2.3", 443),
        ("192.168.1.7", 443),
        ("api.example", 8443),
        ("localhost", 443),
        ("127.0.0.1", 443),
        ("[::1]", 443),
    ] {
        assert!(env.select(true, host, port).is_none(), "{host}:{port} is not proxied");
    }
    for (host, port) in [("svc.local", 443), ("11.0.0.1", 443), ("api.example", 443), ("notinternal.example", 443)] {
        assert!(env.select(true, host, port).is_some(), "{host}:{port} is proxied");
    }
    assert!(
        ProxyEnv::from_vars(vars(&[("NO_PROXY", "*"), ("HTTPS_PROXY", "p:1")])).unwrap().select(true, "a", 1).is_none()
    );
    let err = ProxyEnv::from_vars(vars(&[("HTTPS_PROXY", "ftp://p")])).unwrap_err();
    assert!(err.starts_with("HTTPS_PROXY: "), "{err}");
    assert_eq!(ProxyEnv::from_vars(vars(&[])).unwrap(), ProxyEnv::default());
}

fn gzip(data: &[u8]) -> Vec<u8> {
    let mut enc = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::default());
    std::io::Write::write_all(&mut enc, data).unwrap();
    enc.finish().unwrap()
}

/// A server that answers each request with `reply(head)`, recording the heads.
async fn responder(
    reply: impl Fn(&str) -> Vec<u8> + Send + Sync + 'static,
) -> (SocketAddr, Arc<std::sync::Mutex<Vec<String>>>) {
    let listener = TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap();
    let heads = Arc::new(std::sync::Mutex::new(Vec::new()));
    let (log, reply) = (heads.clone(), Arc::new(reply));
    tokio::spawn(async move {
        while let Ok((mut tcp, _)) = listener.accept().await {
            let (log, reply) = (log.clone(), reply.clone());
            tokio::spawn(async move {
                while let Some(head) = read_head(&mut tcp).await {
                    let bytes = reply(&head);
                    log.lock().unwrap().push(head.to_ascii_lowercase());
                    if tcp.write_all(&bytes).await.is_err() {
                        return;
                    }
                }
            });
        }
    });
    (addr, heads)
}

fn gzip_reply(body: &[u8]) -> Vec<u8> {
    let mut out = format!(
        "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Encoding: gzip\r\nContent-Length: {}\r\n\r\n",
        body.len()
    )
    .into_bytes();
    out.extend_from_slice(body);
    out
}

const CONFIG_MAP: &str =
    r#"{"apiVersion":"v1","kind":"ConfigMap","metadata":{"name":"x","namespace":"default"},"data":{"k":"v"}}"#;

#[tokio::test]
async fn gzip_responses_are_asked_for_and_decoded() {
    let (addr, heads) = responder(|head| {
        if head.to_ascii_lowercase().contains("accept-encoding: gzip") {
            gzip_reply(&gzip(CONFIG_MAP.as_bytes()))
        } else {
            format!(
                "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: {}\r\n\r\n{CONFIG_MAP}",
                CONFIG_MAP.len()
            )
            .into_bytes()
        }
    })
    .await;
    let c = client(addr, |_| {});
    let api = c.namespaced::<ConfigMap>("default");
    let cm = guarded(api.get("x", &GetOptions::default())).await.unwrap();
    assert_eq!(cm.data["k"], "v");
    assert!(heads.lock().unwrap()[0].contains("accept-encoding: gzip"));

    // disable-compression: not asked for, and the plain answer decodes.
    let c = client(addr, |c| c.disable_compression = true);
    let api = c.namespaced::<ConfigMap>("default");
    assert_eq!(guarded(api.get("x", &GetOptions::default())).await.unwrap().metadata.name, "x");
    assert!(!heads.lock().unwrap()[1].contains("accept-encoding"));

    // A watch does not ask for gzip.
    let c = client(addr, |_| {});
    let api = c.namespaced::<ConfigMap>("default");
    let _ = guarded(api.watch(&ListOptions::default())).await;
    assert!(!heads.lock().unwrap()[2].contains("accept-encoding"));
}

#[tokio::test]
async fn a_gzip_bomb_stops_at_the_size_limit() {
    // 64 MiB of spaces compress to about 64 KiB.
    let bomb = Arc::new(gzip(&vec![b' '; 64 << 20]));
    assert!(bomb.len() < 1 << 20);
    let b = bomb.clone();
    let (addr, _) = responder(move |_| gzip_reply(&b)).await;
    let limit = 1 << 20;
    let c = client(addr, |c| c.limits.max_response_bytes = limit);
    let api = c.namespaced::<ConfigMap>("default");
    let err = guarded(api.get("x", &GetOptions::default())).await.unwrap_err();
    assert!(matches!(err, Error::ResponseTooLarge { limit: l, .. } if l == limit), "{err:?}");

    // A truncated stream is an error, not a short object.
    let whole = gzip(CONFIG_MAP.as_bytes());
    let cut = whole[..whole.len() - 6].to_vec();
    let (addr, _) = responder(move |_| gzip_reply(&cut)).await;
    let c = client(addr, |_| {});
    let api = c.namespaced::<ConfigMap>("default");
    let err = guarded(api.get("x", &GetOptions::default())).await.unwrap_err();
    assert!(err.to_string().contains("gzip"), "{err:?}");
}

/// A tower middleware that adds a header to every request.
#[derive(Clone)]
struct AddHeader<S>(S);

impl<S> tower_service::Service<http::Request<Bytes>> for AddHeader<S>
where
    S: tower_service::Service<http::Request<Bytes>>,
{
    type Response = S::Response;
    type Error = S::Error;
    type Future = S::Future;

    fn poll_ready(&mut self, cx: &mut std::task::Context<'_>) -> std::task::Poll<Result<(), S::Error>> {
        self.0.poll_ready(cx)
    }

    fn call(&mut self, mut request: http::Request<Bytes>) -> S::Future {
        request.headers_mut().insert("x-trace", http::HeaderValue::from_static("abc"));
        self.0.call(request)
    }
}

#[tokio::test]
async fn tower_middleware_stacks_over_the_transport() {
    let (addr, heads) = responder(|_| {
        format!(
            "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: {}\r\n\r\n{CONFIG_MAP}",
            CONFIG_MAP.len()
        )
        .into_bytes()
    })
    .await;
    let url = format!("http://{addr}");
    let transport = Transport::new(&Config::new(url.clone()).unwrap()).unwrap();
    let stack = kapi_client::service::Tower(AddHeader(transport));
    let c = Client::new(Arc::new(stack), &url).unwrap();
    let api = c.namespaced::<ConfigMap>("default");
    assert_eq!(guarded(api.get("x", &GetOptions::default())).await.unwrap().metadata.name, "x");
    assert!(heads.lock().unwrap()[0].contains("x-trace: abc"), "{:?}", heads.lock().unwrap());
}

/// A `tracing` subscriber that keeps each event's level, target and fields as text, and the
/// names of the spans opened.
#[derive(Default, Clone)]
struct Collect(Arc<std::sync::Mutex<Vec<String>>>);

struct Fields(String);

impl tracing::field::Visit for Fields {
    fn record_debug(&mut self, field: &tracing::field::Field, value: &dyn std::fmt::Debug) {
        self.0.push_str(&format!(" {}={value:?}", field.name()));
    }
}

impl tracing::Subscriber for Collect {
    fn enabled(&self, _: &tracing::Metadata<'_>) -> bool {
        true
    }
    fn new_span(&self, attrs: &tracing::span::Attributes<'_>) -> tracing::span::Id {
        let mut f = Fields(format!("span {}", attrs.metadata().name()));
        attrs.record(&mut f);
        let mut log = self.0.lock().unwrap();
        log.push(f.0);
        tracing::span::Id::from_u64(log.len() as u64)
    }
    fn record(&self, _: &tracing::span::Id, _: &tracing::span::Record<'_>) {}
    fn record_follows_from(&self, _: &tracing::span::Id, _: &tracing::span::Id) {}
    fn event(&self, event: &tracing::Event<'_>) {
        let m = event.metadata();
        let mut f = Fields(format!("{} {}", m.level(), m.target()));
        event.record(&mut f);
        self.0.lock().unwrap().push(f.0);
    }
    fn enter(&self, _: &tracing::span::Id) {}
    fn exit(&self, _: &tracing::span::Id) {}
}

#[tokio::test]
async fn requests_retries_and_warnings_are_traced() {
    const WARNED_200: &str = "HTTP/1.1 200 OK\r\nWarning: 299 - \"deprecated\"\r\nContent-Type: application/json\r\nContent-Length: 53\r\n\r\n{\"kind\":\"ConfigMap\",\"apiVersion\":\"v1\",\"metadata\":{}}\n";
    let collect = Collect::default();
    // The test runtime is single-threaded, so the thread's default subscriber sees every event.
    let _guard = tracing::subscriber::set_default(collect.clone());
    let (addr, _seen) = scripted(vec![BUSY_503, WARNED_200]).await;
    let c = client(addr, |_| {});
    let api = c.namespaced::<ConfigMap>("default");
    guarded(api.get("x", &GetOptions::default())).await.unwrap();
    let log = collect.0.lock().unwrap().clone();
    let has = |want: &[&str]| log.iter().any(|l| want.iter().all(|w| l.contains(w)));
    assert!(has(&["span kapi_request", "method=GET", "/configmaps/x"]), "{log:#?}");
    assert!(has(&["INFO", "status=503", "retry=1", "retrying"]), "{log:#?}");
    assert!(has(&["DEBUG", "status=200", "response headers"]), "{log:#?}");
    assert!(has(&["WARN kapi_client::warning", "deprecated"]), "{log:#?}");
}

/// An HTTP CONNECT proxy behind TLS (an `https://` proxy URL), with a certificate for
/// `127.0.0.1` that `ca` signs.
async fn tls_connect_proxy(target: SocketAddr) -> (SocketAddr, String) {
    let ca_key = rcgen::KeyPair::generate().unwrap();
    let mut ca_params = rcgen::CertificateParams::new(Vec::<String>::new()).unwrap();
    ca_params.is_ca = rcgen::IsCa::Ca(rcgen::BasicConstraints::Unconstrained);
    let ca = ca_params.self_signed(&ca_key).unwrap();
    let key = rcgen::KeyPair::generate().unwrap();
    let cert =
        rcgen::CertificateParams::new(vec!["127.0.0.1".to_owned()]).unwrap().signed_by(&key, &ca, &ca_key).unwrap();
    let der = rustls_pki_types::CertificateDer::from(cert.der().to_vec());
    let private = rustls_pki_types::PrivateKeyDer::try_from(key.serialize_der()).unwrap();
    let config = rustls::ServerConfig::builder_with_provider(Arc::new(rustls::crypto::ring::default_provider()))
        .with_safe_default_protocol_versions()
        .unwrap()
        .with_no_client_auth()
        .with_single_cert(vec![der], private)
        .unwrap();
    let acceptor = tokio_rustls::TlsAcceptor::from(Arc::new(config));
    let listener = TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap();
    tokio::spawn(async move {
        while let Ok((tcp, _)) = listener.accept().await {
            let acceptor = acceptor.clone();
            tokio::spawn(async move {
                let Ok(mut tls) = acceptor.accept(tcp).await else { return };
                // The CONNECT head arrives inside TLS.
                let mut head = Vec::new();
                let mut buf = [0u8; 1024];
                while !head.windows(4).any(|w| w == b"\r\n\r\n") {
                    let n = tls.read(&mut buf).await.unwrap();
                    assert!(n > 0, "the client closed before its CONNECT head");
                    head.extend_from_slice(&buf[..n]);
                }
                let head = String::from_utf8(head).unwrap();
                let authority = head.split(' ').nth(1).unwrap().to_owned();
                let (host, port) = authority.rsplit_once(':').unwrap();
                let mut upstream = TcpStream::connect(target_of(host, port.parse().unwrap(), target)).await.unwrap();
                tls.write_all(b"HTTP/1.1 200 Connection established\r\n\r\n").await.unwrap();
                let _ = tokio::io::copy_bidirectional(&mut tls, &mut upstream).await;
            });
        }
    });
    (addr, ca.pem())
}

#[tokio::test]
async fn requests_go_through_an_https_connect_proxy() {
    let target = target().await;
    let (proxy, ca) = tls_connect_proxy(target).await;
    let url = format!("http://{TARGET_NAME}:{}", target.port());
    let mut c = Config::new(url.clone()).unwrap();
    c.proxy_url = Some(format!("https://{proxy}"));
    c.tls.ca = Some(kapi_client::PemSource::Data(ca.into_bytes()));
    let t = Transport::new(&c).unwrap();
    assert_eq!(guarded(get_text(&t, &format!("{url}/api"))).await.unwrap(), "ok GET /api HTTP/1.1");

    // A proxy whose certificate the client does not trust is refused, naming the proxy.
    let mut c = Config::new(url.clone()).unwrap();
    c.proxy_url = Some(format!("https://{proxy}"));
    let t = Transport::new(&c).unwrap();
    let err = guarded(get_text(&t, &format!("{url}/api"))).await.unwrap_err().to_string();
    assert!(err.contains(&format!("proxy {proxy} to")) && err.contains("TLS to the proxy"), "{err}");
}
