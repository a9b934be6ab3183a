//! The HTTP transport: hyper over tokio, HTTP/2 when ALPN agrees and HTTP/1.1 otherwise, with
//! rustls (ring) for `https://`. It keeps idle connections per scheme, host and port for reuse,
//! adds the credentials of the configuration to every request (running exec plugins and
//! refreshing OIDC tokens as needed), and passes response bodies through frame by frame under the
//! configured size, deadline and idle limits, so watch streams arrive as the server writes them
//! and no response can hang or grow without bound.

use std::collections::HashMap;
use std::future::Future;
use std::pin::Pin;
use std::sync::{Arc, Mutex, PoisonError};
use std::task::{Context, Poll};
use std::time::{Duration, Instant};

use bytes::Bytes;
use http::header::{AUTHORIZATION, HOST, HeaderName, HeaderValue, USER_AGENT};
use http_body_util::{BodyExt, Full};
use hyper::body::{Frame, Incoming, SizeHint};
use hyper::client::conn::{TrySendError, http1, http2};
use hyper_util::rt::{TokioExecutor, TokioIo, TokioTimer};
use rustls_pki_types::ServerName;
use tracing::Instrument;

use crate::Error;
use crate::body::Body;
use crate::config::{Auth, Config, Impersonation, Limits, RateLimit, Retry};
use crate::exec::{Credential, ExecState};
use crate::oidc::OidcState;
use crate::proxy::{Proxy, ProxyEnv};
use crate::service::{ResponseFuture, Service};

/// A request extension that marks a response as a stream (like a watch or a followed log): its
/// body is bounded by the idle limit instead of the size limit and the request deadline. Requests
/// whose query has `watch=true` or `follow=true` are streams without it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Streaming;

/// A request extension that asks for a connection upgrade (a WebSocket for `exec`, `attach` and
/// `portforward`): the request goes over a new HTTP/1.1 connection of its own, never pooled or
/// shared, and a `101 Switching Protocols` response carries hyper's upgrade in its extensions
/// (`hyper::upgrade::on`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Upgrade;

/// A request extension that lowers the size limit of this request's response body below
/// [`Limits::max_response_bytes`] (never above it): discovery documents and the dynamic client
/// use it, and a body past it ends in [`Error::ResponseTooLarge`] like any other.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct MaxResponseBytes(pub u64);

/// Idle connections kept per host.
const MAX_IDLE_PER_HOST: usize = 8;

/// How long a token read from a file is used before the file is read again.
const TOKEN_FILE_REFRESH: Duration = Duration::from_secs(60);

type H1 = http1::SendRequest<Full<Bytes>>;
type H2 = http2::SendRequest<Full<Bytes>>;

/// How often an idle HTTP/2 connection is pinged, and how long the answer may take (client-go's
/// HTTP/2 health check: 30 s and 15 s), so a dead peer under a quiet watch is noticed.
const H2_PING_INTERVAL: Duration = Duration::from_secs(30);
const H2_PING_TIMEOUT: Duration = Duration::from_secs(15);

/// A connection's request sender: HTTP/1.1 (one request at a time, pooled while idle) or HTTP/2
/// (multiplexed, shared by every request to its host).
enum Sender {
    H1(H1),
    H2(H2),
}

/// The two forms of a request's target: HTTP/1.1 sends the origin form with `Host`, HTTP/2 the
/// absolute URI (its `:authority` replaces `Host`).
#[derive(Clone)]
struct Target {
    absolute: http::Uri,
    origin: http::Uri,
    host: HeaderValue,
}

fn for_h1(mut req: hyper::Request<Full<Bytes>>) -> hyper::Request<Full<Bytes>> {
    if let Some(t) = req.extensions().get::<Target>().cloned() {
        *req.uri_mut() = t.origin;
        req.headers_mut().entry(HOST).or_insert(t.host);
    }
    req
}

fn for_h2(mut req: hyper::Request<Full<Bytes>>) -> hyper::Request<Full<Bytes>> {
    if let Some(t) = req.extensions().get::<Target>().cloned() {
        *req.uri_mut() = t.absolute;
        req.headers_mut().remove(HOST);
    }
    req
}

impl Sender {
    async fn ready(&mut self) -> hyper::Result<()> {
        match self {
            Sender::H1(s) => s.ready().await,
            Sender::H2(s) => s.ready().await,
        }
    }

    async fn try_send(
        &mut self,
        req: hyper::Request<Full<Bytes>>,
    ) -> Result<http::Response<Incoming>, TrySendError<hyper::Request<Full<Bytes>>>> {
        match self {
            Sender::H1(s) => s.try_send_request(for_h1(req)).await,
            Sender::H2(s) => s.try_send_request(for_h2(req)).await,
        }
    }
}

/// Scheme, host and port: what a connection can be reused for.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
struct PoolKey {
    https: bool,
    host: String,
    port: u16,
}

/// The HTTPS (or plain HTTP) transport to an API server.
#[derive(Clone)]
pub struct Transport {
    inner: Arc<Inner>,
}

struct Inner {
    base: http::Uri,
    tls: Option<tokio_rustls::TlsConnector>,
    /// The TLS connector offering HTTP/1.1 alone, for upgrades (a WebSocket needs HTTP/1.1).
    tls_h1: Option<tokio_rustls::TlsConnector>,
    server_name: Option<ServerName<'static>>,
    auth: Auth,
    token_cache: Mutex<Option<(String, Instant)>>,
    extra_headers: Vec<(HeaderName, HeaderValue)>,
    user_agent: HeaderValue,
    timeout: Option<Duration>,
    limits: Limits,
    disable_compression: bool,
    exec: Option<Arc<ExecState>>,
    oidc: Option<Arc<OidcState>>,
    proxy: Option<Proxy>,
    proxy_env: ProxyEnv,
    /// TLS to an `https://` proxy (HTTP/1.1 only: `CONNECT` is an HTTP/1.1 request), made when
    /// a proxy in use has that scheme.
    proxy_tls: Option<tokio_rustls::TlsConnector>,
    retry: Retry,
    bucket: Option<(RateLimit, Mutex<Bucket>)>,
    idle: Mutex<HashMap<PoolKey, Vec<H1>>>,
    shared: Mutex<HashMap<PoolKey, H2>>,
}

/// The state of the rate limiter: tokens (negative while requests wait) as of `at`.
struct Bucket {
    tokens: f64,
    at: Instant,
}

impl std::fmt::Debug for Transport {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Transport")
            .field("base", &self.inner.base)
            .field("tls", &self.inner.tls.is_some())
            .field("auth", &self.inner.auth)
            .field("timeout", &self.inner.timeout)
            .finish_non_exhaustive()
    }
}

impl Transport {
    /// A transport for a configuration. TLS material is loaded and checked now.
    pub fn new(config: &Config) -> Result<Transport, Error> {
        let base = crate::config::parse_base_url(&config.base_url)?;
        let exec = match &config.auth {
            Auth::Exec(exec) => Some(Arc::new(ExecState::new((**exec).clone()))),
            _ => None,
        };
        let oidc = match &config.auth {
            Auth::Oidc(oidc) => Some(Arc::new(OidcState::new((**oidc).clone(), config)?)),
            _ => None,
        };
        let proxy = match &config.proxy_url {
            Some(url) => Some(Proxy::parse(url).map_err(|e| Error::Config(format!("proxy URL {url:?}: {e}")))?),
            None => None,
        };
        let proxy_env = if proxy.is_none() && config.proxy_from_environment {
            ProxyEnv::from_process().map_err(|e| Error::Config(format!("proxy from the environment: {e}")))?
        } else {
            ProxyEnv::default()
        };
        let https_proxy = |p: Option<&Proxy>| p.is_some_and(|p| p.kind == crate::proxy::ProxyKind::HttpsConnect);
        let proxy_tls = if https_proxy(proxy.as_ref())
            || https_proxy(proxy_env.http.as_ref())
            || https_proxy(proxy_env.https.as_ref())
        {
            let tls = crate::tls::rustls_config_with(&config.tls, None, false)?;
            Some(tokio_rustls::TlsConnector::from(Arc::new(tls)))
        } else {
            None
        };
        let bucket = match config.rate_limit {
            Some(limit) if !(limit.qps.is_finite() && limit.qps > 0.0) || limit.burst == 0 => {
                return Err(Error::Config(format!(
                    "rate limit {limit:?}: qps must be a positive number and burst at least 1"
                )));
            }
            Some(limit) => Some((limit, Mutex::new(Bucket { tokens: f64::from(limit.burst), at: Instant::now() }))),
            None => None,
        };
        let (tls, tls_h1) = if base.scheme_str() == Some("https") {
            // A certificate an exec plugin returns is used when the configuration has none of its own.
            let resolver = match &exec {
                Some(state) if config.tls.client_certificate.is_none() => {
                    Some(state.certs.clone() as Arc<dyn rustls::client::ResolvesClientCert>)
                }
                _ => None,
            };
            let tls = crate::tls::rustls_config_with(&config.tls, resolver.clone(), config.http2)?;
            let tls_h1 = if config.http2 {
                Arc::new(crate::tls::rustls_config_with(&config.tls, resolver, false)?)
            } else {
                Arc::new(tls.clone())
            };
            (Some(tokio_rustls::TlsConnector::from(Arc::new(tls))), Some(tokio_rustls::TlsConnector::from(tls_h1)))
        } else {
            (None, None)
        };
        let server_name = match &config.tls.server_name {
            Some(name) => Some(
                ServerName::try_from(name.clone())
                    .map_err(|e| Error::Config(format!("TLS server name {name:?}: {e}")))?,
            ),
            None => None,
        };
        let user_agent = HeaderValue::from_str(&config.user_agent)
            .map_err(|_| Error::Config(format!("user agent {:?} is not a valid header value", config.user_agent)))?;
        match &config.auth {
            Auth::BearerToken(t) if HeaderValue::from_str(&format!("Bearer {t}")).is_err() => {
                return Err(Error::Config("the bearer token contains characters not allowed in a header".into()));
            }
            _ => {}
        }
        Ok(Transport {
            inner: Arc::new(Inner {
                base,
                tls,
                tls_h1,
                server_name,
                auth: config.auth.clone(),
                token_cache: Mutex::new(None),
                extra_headers: impersonation_headers(&config.impersonate)?,
                user_agent,
                timeout: config.timeout,
                limits: config.limits.clone(),
                disable_compression: config.disable_compression,
                exec,
                oidc,
                proxy_tls,
                proxy,
                proxy_env,
                retry: config.retry.clone(),
                bucket,
                idle: Mutex::new(HashMap::new()),
                shared: Mutex::new(HashMap::new()),
            }),
        })
    }

    /// The number of idle pooled connections (for tests and diagnostics).
    pub fn idle_connections(&self) -> usize {
        self.inner.idle.lock().unwrap_or_else(PoisonError::into_inner).values().map(Vec::len).sum()
    }

    /// The number of open HTTP/2 connections, each shared by all requests to its host.
    pub fn http2_connections(&self) -> usize {
        self.inner.shared.lock().unwrap_or_else(PoisonError::into_inner).values().filter(|s| !s.is_closed()).count()
    }
}

/// Escapes a header-name suffix as client-go does for `Impersonate-Extra-` keys: bytes that are
/// not legal in a header name are percent-encoded.
fn header_key_escape(key: &str) -> String {
    let mut out = String::new();
    for &b in key.as_bytes() {
        let legal = b.is_ascii_alphanumeric() || b"!#$&'*+-.^_`|~".contains(&b);
        if legal && b != b'%' {
            out.push(b as char);
        } else {
            out.push_str(&format!("%{b:02X}"));
        }
    }
    out
}

fn impersonation_headers(imp: &Impersonation) -> Result<Vec<(HeaderName, HeaderValue)>, Error> {
    let mut out = Vec::new();
    if imp.is_empty() {
        return Ok(out);
    }
    if imp.user.is_empty() {
        return Err(Error::Config("impersonation needs a user name (as) when groups, uid or extra are given".into()));
    }
    let value = |v: &str, what: &str| {
        HeaderValue::from_str(v).map_err(|_| Error::Config(format!("impersonation {what} {v:?} is not a valid header")))
    };
    out.push((HeaderName::from_static("impersonate-user"), value(&imp.user, "user")?));
    if !imp.uid.is_empty() {
        out.push((HeaderName::from_static("impersonate-uid"), value(&imp.uid, "uid")?));
    }
    for g in &imp.groups {
        out.push((HeaderName::from_static("impersonate-group"), value(g, "group")?));
    }
    for (k, vs) in &imp.extra {
        let name = HeaderName::from_bytes(format!("impersonate-extra-{}", header_key_escape(k)).as_bytes())
            .map_err(|_| Error::Config(format!("impersonation extra key {k:?} is not a valid header name")))?;
        for v in vs {
            out.push((name.clone(), value(v, "extra value")?));
        }
    }
    Ok(out)
}

/// Renders an error and its sources.
fn error_chain(e: &(dyn std::error::Error + 'static)) -> String {
    let mut s = e.to_string();
    let mut cur = e.source();
    while let Some(c) = cur {
        let text = c.to_string();
        if !s.contains(&text) {
            s.push_str(": ");
            s.push_str(&text);
        }
        cur = c.source();
    }
    s
}

impl Inner {
    fn authorization(&self) -> Result<Option<HeaderValue>, Error> {
        let value = match &self.auth {
            // Plugins and providers are asked in `send`, which can wait for them.
            Auth::None | Auth::Exec(_) | Auth::Oidc(_) => return Ok(None),
            Auth::BearerToken(t) => format!("Bearer {t}"),
            Auth::Basic { username, password } => {
                let mut enc = Vec::new();
                kapi_machinery::base64::encode_into(format!("{username}:{password}").as_bytes(), &mut enc);
                format!("Basic {}", String::from_utf8_lossy(&enc))
            }
            Auth::BearerTokenFile(path) => {
                let mut cache = self.token_cache.lock().unwrap_or_else(PoisonError::into_inner);
                let fresh = cache.as_ref().is_some_and(|(_, at)| at.elapsed() < TOKEN_FILE_REFRESH);
                if !fresh {
                    match std::fs::read_to_string(path) {
                        Ok(t) if !t.trim().is_empty() => *cache = Some((t.trim().to_owned(), Instant::now())),
                        // As client-go: keep using the last token read while the file is unreadable.
                        _ if cache.is_some() => {}
                        Ok(_) => {
                            return Err(Error::Config(format!("the token file {} is empty", path.display())));
                        }
                        Err(e) => {
                            return Err(Error::Config(format!("reading the token file {}: {e}", path.display())));
                        }
                    }
                }
                format!("Bearer {}", cache.as_ref().map(|(t, _)| t.as_str()).unwrap_or_default())
            }
        };
        let mut v = HeaderValue::from_str(&value)
            .map_err(|_| Error::Config("the credentials contain characters not allowed in a header".into()))?;
        v.set_sensitive(true);
        Ok(Some(v))
    }

    /// The shared HTTP/2 connection to a host, or else an idle HTTP/1.1 one, that is still usable.
    async fn pooled(&self, key: &PoolKey) -> Option<Sender> {
        let shared = self.shared.lock().unwrap_or_else(PoisonError::into_inner).get(key).cloned();
        if let Some(mut h2) = shared.filter(|s| !s.is_closed())
            && h2.ready().await.is_ok()
        {
            return Some(Sender::H2(h2));
        }
        loop {
            let candidate = {
                let mut idle = self.idle.lock().unwrap_or_else(PoisonError::into_inner);
                idle.get_mut(key).and_then(Vec::pop)
            };
            let mut sender = candidate?;
            if sender.is_closed() {
                continue;
            }
            if sender.ready().await.is_ok() {
                return Some(Sender::H1(sender));
            }
        }
    }

    fn give_back(&self, key: PoolKey, sender: Sender) {
        // An HTTP/2 connection stays shared while it is open; only HTTP/1.1 ones are pooled.
        let Sender::H1(sender) = sender else { return };
        if sender.is_closed() {
            return;
        }
        let mut idle = self.idle.lock().unwrap_or_else(PoisonError::into_inner);
        let list = idle.entry(key).or_default();
        if list.len() < MAX_IDLE_PER_HOST {
            list.push(sender);
        }
    }

    async fn connect(&self, key: &PoolKey, request: &str) -> Result<Sender, Error> {
        let sender = self.dial(key, request, false).await?;
        if let Sender::H2(h2) = &sender {
            self.shared.lock().unwrap_or_else(PoisonError::into_inner).insert(key.clone(), h2.clone());
        }
        Ok(sender)
    }

    /// A new connection; `h1_only` offers HTTP/1.1 alone in TLS (for upgrades).
    async fn dial(&self, key: &PoolKey, request: &str, h1_only: bool) -> Result<Sender, Error> {
        let fail = |msg: String| Error::Transport(format!("{request}: {msg}"));
        let proxy = self.proxy.as_ref().or_else(|| self.proxy_env.select(key.https, &key.host, key.port));
        tracing::debug!(host = %key.host, port = key.port, https = key.https, proxied = proxy.is_some(), "connecting");
        let tcp: Box<dyn crate::proxy::Tunnel> = match proxy {
            Some(proxy) => proxy.connect(&key.host, key.port, self.proxy_tls.as_ref()).await.map_err(fail)?,
            None => {
                let tcp = tokio::net::TcpStream::connect((key.host.as_str(), key.port))
                    .await
                    .map_err(|e| fail(format!("connecting to {}:{}: {e}", key.host, key.port)))?;
                // Best effort: a failure only costs latency.
                let _ = tcp.set_nodelay(true);
                Box::new(tcp)
            }
        };
        if key.https {
            let connector = if h1_only { &self.tls_h1 } else { &self.tls };
            let connector =
                connector.as_ref().ok_or_else(|| fail("https is not configured for this transport".into()))?;
            let name = match &self.server_name {
                Some(n) => n.clone(),
                None => ServerName::try_from(key.host.clone())
                    .map_err(|e| fail(format!("{:?} is not a valid TLS server name: {e}", key.host)))?,
            };
            let tls = connector.connect(name, tcp).await.map_err(|e| Error::Tls {
                request: request.to_owned(),
                server: format!("{}:{}", key.host, key.port),
                message: error_chain(&e),
            })?;
            if tls.get_ref().1.alpn_protocol() == Some(b"h2") {
                tracing::debug!("the server chose HTTP/2");
                return handshake_h2(TokioIo::new(tls)).await.map_err(fail);
            }
            handshake(TokioIo::new(tls)).await.map(Sender::H1).map_err(fail)
        } else {
            handshake(TokioIo::new(tcp)).await.map(Sender::H1).map_err(fail)
        }
    }

    /// How long the next request waits for the rate limiter (taking its token now).
    fn reserve(&self) -> Option<Duration> {
        let (limit, bucket) = self.bucket.as_ref()?;
        let mut b = bucket.lock().unwrap_or_else(PoisonError::into_inner);
        let now = Instant::now();
        let refill = now.duration_since(b.at).as_secs_f64() * limit.qps;
        b.tokens = (b.tokens + refill).min(f64::from(limit.burst)) - 1.0;
        b.at = now;
        (b.tokens < 0.0).then(|| Duration::from_secs_f64(-b.tokens / limit.qps))
    }

    /// Drops every idle connection (after a plugin returned a new client certificate, so that
    /// new requests handshake with it).
    fn clear_pool(&self) {
        self.idle.lock().unwrap_or_else(PoisonError::into_inner).clear();
        self.shared.lock().unwrap_or_else(PoisonError::into_inner).clear();
    }

    fn prepare(&self, request: http::Request<Bytes>) -> Result<(PoolKey, hyper::Request<Full<Bytes>>), Error> {
        let (mut parts, body) = request.into_parts();
        let uri = if parts.uri.scheme().is_some() {
            parts.uri.clone()
        } else {
            // A path-only URI is relative to the base URL (including its path prefix).
            let prefix = self.base.path().trim_end_matches('/');
            let pq = parts.uri.path_and_query().map(|p| p.as_str()).unwrap_or("/");
            let mut b = http::Uri::builder().path_and_query(format!("{prefix}{pq}"));
            if let Some(s) = self.base.scheme() {
                b = b.scheme(s.clone());
            }
            if let Some(a) = self.base.authority() {
                b = b.authority(a.clone());
            }
            b.build().map_err(|e| Error::InvalidRequest(format!("URL {}: {e}", parts.uri)))?
        };
        let https = match uri.scheme_str() {
            Some("https") => true,
            Some("http") => false,
            _ => return Err(Error::InvalidRequest(format!("URL {uri}: the scheme must be http or https"))),
        };
        let authority = uri.authority().cloned().ok_or_else(|| Error::InvalidRequest(format!("URL {uri}: no host")))?;
        let host = authority.host().trim_start_matches('[').trim_end_matches(']').to_owned();
        let port = authority.port_u16().unwrap_or(if https { 443 } else { 80 });
        if !parts.headers.contains_key(HOST) {
            let value = HeaderValue::from_str(authority.as_str())
                .map_err(|_| Error::InvalidRequest(format!("URL {uri}: host is not a valid header")))?;
            parts.headers.insert(HOST, value);
        }
        if !parts.headers.contains_key(USER_AGENT) {
            parts.headers.insert(USER_AGENT, self.user_agent.clone());
        }
        if !parts.headers.contains_key(AUTHORIZATION)
            && let Some(auth) = self.authorization()?
        {
            parts.headers.insert(AUTHORIZATION, auth);
        }
        for (k, v) in &self.extra_headers {
            parts.headers.append(k.clone(), v.clone());
        }
        let origin = uri.path_and_query().map(|p| p.as_str()).unwrap_or("/");
        let origin: http::Uri = origin.parse().map_err(|e| Error::InvalidRequest(format!("URL {uri}: {e}")))?;
        let host_value = parts.headers.get(HOST).cloned().expect("set above when missing");
        parts.extensions.insert(Target { absolute: uri.clone(), origin: origin.clone(), host: host_value });
        parts.uri = origin;
        Ok((PoolKey { https, host, port }, hyper::Request::from_parts(parts, Full::new(body))))
    }
}

async fn handshake_h2<I>(io: I) -> Result<Sender, String>
where
    I: hyper::rt::Read + hyper::rt::Write + Unpin + Send + 'static,
{
    let (sender, conn) = http2::Builder::new(TokioExecutor::new())
        .timer(TokioTimer::new())
        .keep_alive_interval(H2_PING_INTERVAL)
        .keep_alive_timeout(H2_PING_TIMEOUT)
        .keep_alive_while_idle(true)
        .handshake(io)
        .await
        .map_err(|e| format!("HTTP/2 handshake: {}", error_chain(&e)))?;
    tokio::spawn(async move {
        // As for HTTP/1.1: errors surface on the streams that use the connection.
        let _ = conn.await;
    });
    Ok(Sender::H2(sender))
}

async fn handshake<I>(io: I) -> Result<H1, String>
where
    I: hyper::rt::Read + hyper::rt::Write + Unpin + Send + 'static,
{
    let (sender, conn) =
        http1::Builder::new().handshake(io).await.map_err(|e| format!("HTTP handshake: {}", error_chain(&e)))?;
    tokio::spawn(async move {
        // The connection ends when the server closes it or every sender and body is dropped;
        // its error, if any, surfaces on the request or body using it. After a `101` it hands
        // the connection to the upgrade.
        let _ = conn.with_upgrades().await;
    });
    Ok(sender)
}

/// A response body that returns its connection to the pool once it has been read to the end.
struct PooledBody {
    inner: Incoming,
    release: Option<(Arc<Inner>, PoolKey, Sender)>,
}

impl hyper::body::Body for PooledBody {
    type Data = Bytes;
    type Error = std::io::Error;

    fn poll_frame(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<Option<Result<Frame<Bytes>, std::io::Error>>> {
        let this = self.get_mut();
        match Pin::new(&mut this.inner).poll_frame(cx) {
            Poll::Ready(None) => {
                if let Some((inner, key, sender)) = this.release.take() {
                    inner.give_back(key, sender);
                }
                Poll::Ready(None)
            }
            Poll::Ready(Some(Err(e))) => {
                this.release = None;
                Poll::Ready(Some(Err(std::io::Error::other(error_chain(&e)))))
            }
            other => other.map(|o| o.map(|r| r.map_err(std::io::Error::other))),
        }
    }

    fn is_end_stream(&self) -> bool {
        self.inner.is_end_stream()
    }

    fn size_hint(&self) -> SizeHint {
        self.inner.size_hint()
    }
}

/// How a response body is bounded.
enum Bound {
    /// At most `max` bytes, all before `deadline` (if any).
    Whole { max: u64, deadline: Option<(tokio::time::Instant, Duration)> },
    /// No more than `idle` between two frames.
    Stream { idle: Option<Duration> },
}

/// A response body under its limits; a limit that passes ends it with the typed [`Error`] inside
/// the `io::Error` (see [`Error::from_body`]) and closes the connection.
struct LimitedBody {
    inner: Option<PooledBody>,
    request: Arc<str>,
    max: Option<u64>,
    read: u64,
    timer: Option<Timer>,
    /// The gzip decoder of a compressed body: the size limit counts what it puts out, so a small
    /// compressed body cannot expand without bound.
    gunzip: Option<flate2::write::GzDecoder<Vec<u8>>>,
}

/// How much compressed input is decoded at a time; deflate expands at most about 1032 times, so
/// this bounds what one step can put out before the size limit is checked.
const GUNZIP_STEP: usize = 4096;

struct Timer {
    sleep: Pin<Box<tokio::time::Sleep>>,
    limit: Duration,
    what: &'static str,
    /// Whether each frame starts the wait anew (an idle limit) or not (a deadline).
    rearm: bool,
}

impl LimitedBody {
    fn new(inner: PooledBody, request: &str, bound: Bound) -> LimitedBody {
        let (max, timer) = match bound {
            Bound::Whole { max, deadline } => (
                Some(max),
                deadline.map(|(at, limit)| Timer {
                    sleep: Box::pin(tokio::time::sleep_until(at)),
                    limit,
                    what: "the response body",
                    rearm: false,
                }),
            ),
            Bound::Stream { idle } => (
                None,
                idle.map(|limit| Timer {
                    sleep: Box::pin(tokio::time::sleep(limit)),
                    limit,
                    what: "the next piece of the stream",
                    rearm: true,
                }),
            ),
        };
        LimitedBody { inner: Some(inner), request: request.into(), max, read: 0, timer, gunzip: None }
    }

    fn too_large(&self, limit: u64) -> Error {
        Error::ResponseTooLarge { request: self.request.to_string(), limit }
    }

    /// Decodes compressed bytes, checking the size limit after every step.
    fn inflate(&mut self, data: &[u8]) -> Result<Bytes, Error> {
        let gz = self.gunzip.as_mut().expect("inflate is only called with a decoder");
        let mut out = Vec::new();
        for step in data.chunks(GUNZIP_STEP) {
            std::io::Write::write_all(gz, step)
                .map_err(|e| Error::Transport(format!("{}: decoding the gzip response: {e}", self.request)))?;
            out.append(gz.get_mut());
            if let Some(max) = self.max.filter(|max| self.read.saturating_add(out.len() as u64) > *max) {
                return Err(self.too_large(max));
            }
        }
        Ok(Bytes::from(out))
    }

    /// The rest of a compressed body at its end; a truncated or corrupt stream is an error.
    fn finish_inflate(&mut self) -> Result<Bytes, Error> {
        let Some(mut gz) = self.gunzip.take() else { return Ok(Bytes::new()) };
        gz.try_finish().map_err(|e| {
            Error::Transport(format!("{}: the gzip response ends early or is corrupt: {e}", self.request))
        })?;
        let out = std::mem::take(gz.get_mut());
        if let Some(max) = self.max.filter(|max| self.read.saturating_add(out.len() as u64) > *max) {
            return Err(self.too_large(max));
        }
        Ok(Bytes::from(out))
    }

    fn fail(&mut self, e: Error) -> Poll<Option<Result<Frame<Bytes>, std::io::Error>>> {
        // Dropping the body closes its connection, so nothing more is read from it.
        self.inner = None;
        Poll::Ready(Some(Err(std::io::Error::other(e))))
    }
}

impl hyper::body::Body for LimitedBody {
    type Data = Bytes;
    type Error = std::io::Error;

    fn poll_frame(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<Option<Result<Frame<Bytes>, std::io::Error>>> {
        let this = self.get_mut();
        loop {
            let Some(inner) = this.inner.as_mut() else { return Poll::Ready(None) };
            match Pin::new(inner).poll_frame(cx) {
                Poll::Ready(Some(Ok(frame))) => {
                    let data = match frame.into_data() {
                        Ok(data) if this.gunzip.is_some() => match this.inflate(&data) {
                            Ok(out) => out,
                            Err(e) => return this.fail(e),
                        },
                        Ok(data) => data,
                        // Trailers pass through uncounted.
                        Err(frame) => return Poll::Ready(Some(Ok(frame))),
                    };
                    this.read = this.read.saturating_add(data.len() as u64);
                    if let Some(max) = this.max.filter(|max| this.read > *max) {
                        return this.fail(this.too_large(max));
                    }
                    if let Some(t) = this.timer.as_mut().filter(|t| t.rearm) {
                        t.sleep.as_mut().reset(tokio::time::Instant::now() + t.limit);
                    }
                    if data.is_empty() {
                        // Compressed input that decoded to nothing yet: read on.
                        continue;
                    }
                    return Poll::Ready(Some(Ok(Frame::data(data))));
                }
                Poll::Ready(None) => {
                    this.inner = None;
                    return match this.finish_inflate() {
                        Ok(rest) if rest.is_empty() => Poll::Ready(None),
                        Ok(rest) => Poll::Ready(Some(Ok(Frame::data(rest)))),
                        Err(e) => this.fail(e),
                    };
                }
                Poll::Ready(Some(Err(e))) => {
                    this.inner = None;
                    return Poll::Ready(Some(Err(e)));
                }
                Poll::Pending => break,
            }
        }
        if let Some(t) = this.timer.as_mut()
            && t.sleep.as_mut().poll(cx).is_ready()
        {
            let e = Error::Timeout { request: this.request.to_string(), what: t.what.to_owned(), limit: t.limit };
            return this.fail(e);
        }
        Poll::Pending
    }

    fn is_end_stream(&self) -> bool {
        self.gunzip.is_none() && self.inner.as_ref().is_none_or(|b| b.is_end_stream())
    }

    fn size_hint(&self) -> SizeHint {
        match (&self.gunzip, &self.inner) {
            (None, Some(b)) => b.size_hint(),
            _ => SizeHint::default(),
        }
    }
}

/// Whether a request streams its response, and the `timeoutSeconds` it names.
fn stream_info(request: &http::Request<Bytes>) -> (bool, Option<u64>) {
    let mut streaming = request.extensions().get::<Streaming>().is_some();
    let mut timeout_seconds = None;
    for pair in request.uri().query().unwrap_or_default().split('&') {
        let (k, v) = pair.split_once('=').unwrap_or((pair, ""));
        match k {
            "watch" | "follow" if matches!(v, "true" | "1") => streaming = true,
            "timeoutSeconds" => timeout_seconds = v.parse::<u64>().ok(),
            _ => {}
        }
    }
    (streaming, timeout_seconds)
}

/// A copy of a request, one per attempt (a retry or a resend after an exec plugin ran anew).
fn copy_request(request: &http::Request<Bytes>) -> http::Request<Bytes> {
    let mut copy = http::Request::new(request.body().clone());
    *copy.method_mut() = request.method().clone();
    *copy.uri_mut() = request.uri().clone();
    *copy.version_mut() = request.version();
    *copy.headers_mut() = request.headers().clone();
    // Every extension goes along: ours (Streaming, MaxResponseBytes, Upgrade) and the caller's.
    *copy.extensions_mut() = request.extensions().clone();
    copy
}

impl Transport {
    async fn send(&self, request: http::Request<Bytes>) -> Result<http::Response<Body>, Error> {
        let span = tracing::debug_span!("kapi_request", method = %request.method(), uri = %request.uri());
        let start = Instant::now();
        let result = self.send_retrying(request).instrument(span.clone()).await;
        let _entered = span.enter();
        match &result {
            Ok(resp) => tracing::debug!(
                status = resp.status().as_u16(),
                elapsed_ms = start.elapsed().as_millis() as u64,
                "response headers"
            ),
            Err(e) => tracing::debug!(error = %e, elapsed_ms = start.elapsed().as_millis() as u64, "request failed"),
        }
        result
    }

    async fn send_retrying(&self, request: http::Request<Bytes>) -> Result<http::Response<Body>, Error> {
        let label = format!("{} {}", request.method(), request.uri());
        let mut retries = 0;
        let mut reran_plugin = false;
        loop {
            let (resp, used) = self.send_once(copy_request(&request), &label).await?;
            let status = resp.status();
            // A 401 to a credential from an exec plugin makes the plugin run again and the request
            // be sent once more (the server refused it before acting on it, so even a POST is safe).
            if status == http::StatusCode::UNAUTHORIZED
                && !reran_plugin
                && !request.headers().contains_key(AUTHORIZATION)
                && let (Some(exec), Some(used)) = (&self.inner.exec, used)
            {
                drop(resp);
                tracing::debug!("401 to the exec plugin's credential: running the plugin again");
                exec.invalidate(&used).await;
                reran_plugin = true;
                continue;
            }
            if retries < self.inner.retry.max_retries
                && let Some(delay) = retry_delay(request.method(), status, resp.headers())
            {
                drop(resp);
                retries += 1;
                let delay = delay.min(self.inner.retry.max_delay);
                tracing::info!(
                    status = status.as_u16(),
                    retry = retries,
                    delay_ms = delay.as_millis() as u64,
                    "retrying after the server's Retry-After"
                );
                tokio::time::sleep(delay).await;
                continue;
            }
            return Ok(resp);
        }
    }

    async fn send_once(
        &self,
        mut request: http::Request<Bytes>,
        label: &str,
    ) -> Result<(http::Response<Body>, Option<Arc<Credential>>), Error> {
        if let Some(wait) = self.inner.reserve() {
            tokio::time::sleep(wait).await;
        }
        let (streaming, timeout_seconds) = stream_info(&request);
        let max_response = request.extensions().get::<MaxResponseBytes>().map(|m| m.0);
        let upgrade = request.extensions().get::<Upgrade>().is_some();
        let mut used = None;
        if let Some(exec) = &self.inner.exec {
            let (cred, ran) = exec.current().await?;
            if ran && cred.certified.is_some() {
                self.inner.clear_pool();
            }
            if let Some(token) = &cred.token
                && !request.headers().contains_key(AUTHORIZATION)
            {
                request.headers_mut().insert(AUTHORIZATION, bearer(token)?);
            }
            used = Some(cred);
        }
        if let Some(oidc) = &self.inner.oidc
            && !request.headers().contains_key(AUTHORIZATION)
        {
            let token = oidc.id_token().await?;
            request.headers_mut().insert(AUTHORIZATION, bearer(&token)?);
        }
        // As Go's transport: ask for gzip unless told not to or the caller chose an encoding;
        // streams are left uncompressed so that each event arrives as it is written.
        let asked_gzip = !self.inner.disable_compression
            && !streaming
            && !upgrade
            && !request.headers().contains_key(http::header::ACCEPT_ENCODING);
        if asked_gzip {
            request.headers_mut().insert(http::header::ACCEPT_ENCODING, HeaderValue::from_static("gzip"));
        }
        // The deadline starts once the credentials are at hand: a plugin has its own limit.
        let start = tokio::time::Instant::now();
        let fail = |msg: String| Error::Transport(format!("{label}: {msg}"));
        let (key, mut req) = self.inner.prepare(request)?;
        let inner = self.inner.clone();
        let attempt = async {
            if upgrade {
                let mut sender = inner.dial(&key, label, true).await?;
                sender.ready().await.map_err(|e| fail(error_chain(&e)))?;
                let resp = sender.try_send(req).await.map_err(|e| fail(error_chain(e.error())))?;
                return Ok((resp, sender));
            }
            // A pooled connection may have been closed by the server while idle; a request it
            // could not send is retried once on a new connection.
            if let Some(mut sender) = inner.pooled(&key).await {
                match sender.try_send(req).await {
                    Ok(resp) => return Ok((resp, sender)),
                    Err(mut e) => match e.take_message() {
                        Some(r) => req = r,
                        None => return Err(fail(error_chain(e.error()))),
                    },
                }
            }
            let mut sender = inner.connect(&key, label).await?;
            sender.ready().await.map_err(|e| fail(error_chain(&e)))?;
            let resp = sender.try_send(req).await.map_err(|e| fail(error_chain(e.error())))?;
            Ok((resp, sender))
        };
        let (resp, sender) = match self.inner.timeout {
            Some(limit) => tokio::time::timeout(limit, attempt).await.map_err(|_| Error::Timeout {
                request: label.to_owned(),
                what: "connecting and the response headers".to_owned(),
                limit,
            })??,
            None => attempt.await?,
        };
        let (mut parts, body) = resp.into_parts();
        let gzipped = asked_gzip
            && parts
                .headers
                .get(http::header::CONTENT_ENCODING)
                .and_then(|v| v.to_str().ok())
                .is_some_and(|v| v.trim().eq_ignore_ascii_case("gzip"));
        if gzipped {
            // The caller sees the decoded body, as if it had not been compressed.
            parts.headers.remove(http::header::CONTENT_ENCODING);
            parts.headers.remove(http::header::CONTENT_LENGTH);
        }
        // An upgraded connection belongs to its caller; it never goes back to the pool.
        let release = (!upgrade).then(|| (self.inner.clone(), key, sender));
        let pooled = PooledBody { inner: body, release };
        let limits = &self.inner.limits;
        let bound = if streaming && parts.status.is_success() {
            let idle = match timeout_seconds {
                Some(secs) => Some(Duration::from_secs(secs).saturating_add(limits.watch_idle_grace)),
                None => limits.watch_idle_timeout,
            };
            Bound::Stream { idle }
        } else {
            // An error body of a watch is read whole, so it gets the deadline of a plain request.
            let max = max_response.map_or(limits.max_response_bytes, |m| m.min(limits.max_response_bytes));
            Bound::Whole { max, deadline: self.inner.timeout.map(|t| (start + t, t)) }
        };
        let mut body = LimitedBody::new(pooled, label, bound);
        if gzipped {
            body.gunzip = Some(flate2::write::GzDecoder::new(Vec::new()));
        }
        Ok((http::Response::from_parts(parts, body.boxed()), used))
    }
}

/// The wait before retrying a response, if it is one to retry: it carries `Retry-After` in
/// seconds and is a `429` (not processed, so any method) or a `503`/`504` to a safe method.
fn retry_delay(method: &http::Method, status: http::StatusCode, headers: &http::HeaderMap) -> Option<Duration> {
    let safe = matches!(*method, http::Method::GET | http::Method::HEAD | http::Method::OPTIONS);
    let retryable = match status.as_u16() {
        429 => true,
        503 | 504 => safe,
        _ => false,
    };
    if !retryable {
        return None;
    }
    crate::error::retry_after_header(headers)
}

fn bearer(token: &str) -> Result<HeaderValue, Error> {
    let mut v = HeaderValue::from_str(&format!("Bearer {token}"))
        .map_err(|_| Error::Config("the bearer token contains characters not allowed in a header".into()))?;
    v.set_sensitive(true);
    Ok(v)
}

impl Service for Transport {
    fn call(&self, request: http::Request<Bytes>) -> ResponseFuture<'_> {
        Box::pin(self.send(request))
    }
}
