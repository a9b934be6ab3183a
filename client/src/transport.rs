//! The HTTP transport: hyper-util's pooling client over hyper-rustls and proxy connectors, plus what they leave to us (credentials per request, retries, rate limit, gzip, body limits).

use std::future::Future;
use std::pin::Pin;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex, PoisonError};
use std::task::{Context, Poll};
use std::time::{Duration, Instant};

use bytes::Bytes;
use http::header::{AUTHORIZATION, HeaderName, HeaderValue, USER_AGENT};
use http_body_util::{BodyExt, Full};
use hyper::body::{Frame, Incoming, SizeHint};
use hyper_rustls::{FixedServerNameResolver, HttpsConnector, HttpsConnectorBuilder, MaybeHttpsStream};
use hyper_util::client::legacy::Client as HyperClient;
use hyper_util::client::legacy::connect::{Connection, HttpConnector};
use hyper_util::rt::{TokioExecutor, TokioTimer};
use rustls_pki_types::ServerName;
use tracing::Instrument;

use crate::Error;
use crate::body::Body;
use crate::config::{Auth, Config, Impersonation, Limits, RateLimit, Retry};
use crate::exec::{Credential, ExecState};
use crate::oidc::OidcState;
use crate::proxy::{Proxy, ProxyEnv, ProxyStream};
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

/// How often an idle HTTP/2 connection is pinged, and how long the answer may take (client-go's
/// HTTP/2 health check: 30 s and 15 s), so a dead peer under a quiet watch is noticed.
const H2_PING_INTERVAL: Duration = Duration::from_secs(30);
const H2_PING_TIMEOUT: Duration = Duration::from_secs(15);

type BoxError = Box<dyn std::error::Error + Send + Sync>;

/// A connection to an API server: TLS (hyper-rustls) or not, over TCP or a proxy's tunnel.
type Stream = MaybeHttpsStream<ProxyStream>;

/// The connector of the legacy client: it picks the proxy of each target (hyper-util's proxy
/// connectors wrap one fixed proxy, and the environment's proxy depends on the target), dials
/// it, puts hyper-rustls's TLS on top for `https://`, and counts the connections it opens.
#[derive(Clone)]
struct Connector {
    dialer: Dialer,
    /// TLS to the API server; `None` when the base URL is `http://`.
    tls: Option<HttpsConnector<Dialer>>,
    opened: Arc<AtomicUsize>,
    opened_h2: Arc<AtomicUsize>,
}

/// TCP to the target, or a tunnel through the proxy that applies to it.
#[derive(Clone)]
struct Dialer {
    http: HttpConnector,
    proxy: Option<Arc<Proxy>>,
    proxy_env: Arc<ProxyEnv>,
    /// TLS to an `https://` proxy (HTTP/1.1 only: `CONNECT` is an HTTP/1.1 request), made when
    /// a proxy in use has that scheme.
    proxy_tls: Option<Arc<rustls::ClientConfig>>,
}

/// A TLS handshake with the API server failed; [`client_error`] makes it an [`Error::Tls`].
#[derive(Debug)]
struct TlsFailure {
    server: String,
    message: String,
}

impl std::fmt::Display for TlsFailure {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "TLS handshake with {}: {}", self.server, self.message)
    }
}

impl std::error::Error for TlsFailure {}

/// The rustls error inside an error's chain (through `io::Error`s, whose `source` skips the
/// error they wrap), if any.
fn rustls_error<'a>(e: &'a (dyn std::error::Error + 'static)) -> Option<&'a rustls::Error> {
    let mut cur = Some(e);
    while let Some(c) = cur {
        if let Some(r) = c.downcast_ref::<rustls::Error>() {
            return Some(r);
        }
        cur = match c.downcast_ref::<std::io::Error>().and_then(|io| io.get_ref()) {
            Some(inner) => Some(inner as &(dyn std::error::Error + 'static)),
            None => c.source(),
        };
    }
    None
}

/// Whether a connector's target is `https://`, its host without brackets, and its port.
fn host_port(dst: &http::Uri) -> (bool, String, u16) {
    let https = dst.scheme_str() == Some("https");
    let host = dst.host().unwrap_or_default().trim_start_matches('[').trim_end_matches(']').to_owned();
    (https, host, dst.port_u16().unwrap_or(if https { 443 } else { 80 }))
}

impl tower_service::Service<http::Uri> for Dialer {
    type Response = ProxyStream;
    type Error = BoxError;
    type Future = Pin<Box<dyn Future<Output = Result<ProxyStream, BoxError>> + Send>>;

    fn poll_ready(&mut self, _cx: &mut Context<'_>) -> Poll<Result<(), BoxError>> {
        // Every call dials anew.
        Poll::Ready(Ok(()))
    }

    fn call(&mut self, dst: http::Uri) -> Self::Future {
        let this = self.clone();
        Box::pin(async move {
            let (https, host, port) = host_port(&dst);
            let proxy = this.proxy.as_deref().or_else(|| this.proxy_env.select(https, &host, port));
            tracing::debug!(host = %host, port, https, proxied = proxy.is_some(), "connecting");
            match proxy {
                Some(proxy) => Ok(proxy.connect(&this.http, this.proxy_tls.as_ref(), https, &host, port).await?),
                None => {
                    let mut http = this.http.clone();
                    let tcp = tower_service::Service::call(&mut http, dst)
                        .await
                        .map_err(|e| format!("connecting to {host}:{port}: {}", error_chain(&e)))?;
                    Ok(MaybeHttpsStream::Http(tcp))
                }
            }
        })
    }
}

impl tower_service::Service<http::Uri> for Connector {
    type Response = Stream;
    type Error = BoxError;
    type Future = Pin<Box<dyn Future<Output = Result<Stream, BoxError>> + Send>>;

    fn poll_ready(&mut self, _cx: &mut Context<'_>) -> Poll<Result<(), BoxError>> {
        Poll::Ready(Ok(()))
    }

    fn call(&mut self, dst: http::Uri) -> Self::Future {
        let this = self.clone();
        Box::pin(async move {
            let (https, host, port) = host_port(&dst);
            let stream = if https {
                let mut tls = this.tls.clone().ok_or("https is not configured for this transport")?;
                tower_service::Service::call(&mut tls, dst).await.map_err(|e| -> BoxError {
                    match rustls_error(&*e) {
                        Some(r) => Box::new(TlsFailure { server: format!("{host}:{port}"), message: r.to_string() }),
                        None => e,
                    }
                })?
            } else {
                let mut dialer = this.dialer.clone();
                MaybeHttpsStream::Http(tower_service::Service::call(&mut dialer, dst).await?)
            };
            this.opened.fetch_add(1, Ordering::Relaxed);
            if stream.connected().is_negotiated_h2() {
                tracing::debug!("the server chose HTTP/2");
                this.opened_h2.fetch_add(1, Ordering::Relaxed);
            }
            Ok(stream)
        })
    }
}

/// The legacy client's errors as ours: a TLS failure names the server, anything else the request.
fn client_error(request: &str, e: &hyper_util::client::legacy::Error) -> Error {
    let mut cur: Option<&(dyn std::error::Error + 'static)> = Some(e);
    while let Some(c) = cur {
        if let Some(t) = c.downcast_ref::<TlsFailure>() {
            return Error::Tls { request: request.to_owned(), server: t.server.clone(), message: t.message.clone() };
        }
        cur = c.source();
    }
    // A connect error's own text ("client error (Connect)") says less than its cause.
    let text = match std::error::Error::source(e) {
        Some(cause) if e.is_connect() => error_chain(cause),
        _ => error_chain(e),
    };
    Error::Transport(format!("{request}: {text}"))
}

type Pool = HyperClient<Connector, Full<Bytes>>;

/// The two clients of a transport: `pooled` for every request, `upgrade` for upgrades, which
/// offers HTTP/1.1 alone and keeps no idle connection, so an upgrade always gets a fresh
/// connection of its own that no other request shares.
struct Clients {
    pooled: Pool,
    upgrade: Pool,
}

impl Clients {
    fn new(connector: &Connector, upgrade: &Connector) -> Clients {
        let mut pooled = HyperClient::builder(TokioExecutor::new());
        pooled
            .timer(TokioTimer::new())
            .pool_timer(TokioTimer::new())
            .pool_max_idle_per_host(MAX_IDLE_PER_HOST)
            .http2_keep_alive_interval(H2_PING_INTERVAL)
            .http2_keep_alive_timeout(H2_PING_TIMEOUT)
            .http2_keep_alive_while_idle(true);
        let mut fresh = HyperClient::builder(TokioExecutor::new());
        fresh.pool_max_idle_per_host(0);
        Clients { pooled: pooled.build(connector.clone()), upgrade: fresh.build(upgrade.clone()) }
    }
}

/// The HTTPS (or plain HTTP) transport to an API server: it pools connections (HTTP/2 when ALPN
/// agrees), adds the configuration's credentials to every request (running exec plugins and
/// refreshing OIDC tokens as needed), and passes response bodies through frame by frame under the
/// configured size, deadline and idle limits, so watch streams arrive as the server writes them
/// and no response can hang or grow without bound.
#[derive(Clone)]
pub struct Transport {
    inner: Arc<Inner>,
}

struct Inner {
    base: http::Uri,
    auth: Auth,
    token_cache: Mutex<Option<(String, Instant)>>,
    extra_headers: Vec<(HeaderName, HeaderValue)>,
    user_agent: HeaderValue,
    timeout: Option<Duration>,
    limits: Limits,
    disable_compression: bool,
    exec: Option<Arc<ExecState>>,
    oidc: Option<Arc<OidcState>>,
    retry: Retry,
    bucket: Option<(RateLimit, Mutex<Bucket>)>,
    connector: Connector,
    upgrade_connector: Connector,
    /// Replaced by new clients (with empty pools) when an exec plugin returns a new client
    /// certificate, so that new requests handshake with it; hyper-util's client has no way to
    /// empty its pool.
    clients: Mutex<Arc<Clients>>,
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
            .field("tls", &self.inner.connector.tls.is_some())
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
            Some(Arc::new(crate::tls::rustls_config(&config.tls)?))
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
        let server_name = match &config.tls.server_name {
            Some(name) => Some(
                ServerName::try_from(name.clone())
                    .map_err(|e| Error::Config(format!("TLS server name {name:?}: {e}")))?,
            ),
            None => None,
        };
        let mut http = HttpConnector::new();
        // hyper-rustls and the proxies decide the scheme; this connector only opens TCP.
        http.enforce_http(false);
        http.set_nodelay(true);
        let dialer = Dialer { http, proxy: proxy.map(Arc::new), proxy_env: Arc::new(proxy_env), proxy_tls };
        let (tls, tls_h1) = if base.scheme_str() == Some("https") {
            // A certificate an exec plugin returns is used when the configuration has none of its own.
            let resolver = match &exec {
                Some(state) if config.tls.client_certificate.is_none() => {
                    Some(state.certs.clone() as Arc<dyn rustls::client::ResolvesClientCert>)
                }
                _ => None,
            };
            let tls = crate::tls::rustls_config_with(&config.tls, resolver)?;
            let builder = |tls: rustls::ClientConfig| {
                let b = HttpsConnectorBuilder::new().with_tls_config(tls).https_or_http();
                match &server_name {
                    Some(name) => b.with_server_name_resolver(FixedServerNameResolver::new(name.clone())),
                    None => b,
                }
            };
            let h1 = builder(tls.clone()).enable_http1().wrap_connector(dialer.clone());
            let any = if config.http2 {
                builder(tls).enable_http1().enable_http2().wrap_connector(dialer.clone())
            } else {
                h1.clone()
            };
            (Some(any), Some(h1))
        } else {
            (None, None)
        };
        let connector = |tls| Connector {
            dialer: dialer.clone(),
            tls,
            opened: Arc::new(AtomicUsize::new(0)),
            opened_h2: Arc::new(AtomicUsize::new(0)),
        };
        let (connector, upgrade_connector) = (connector(tls), connector(tls_h1));
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
                auth: config.auth.clone(),
                token_cache: Mutex::new(None),
                extra_headers: impersonation_headers(&config.impersonate)?,
                user_agent,
                timeout: config.timeout,
                limits: config.limits.clone(),
                disable_compression: config.disable_compression,
                exec,
                oidc,
                retry: config.retry.clone(),
                bucket,
                clients: Mutex::new(Arc::new(Clients::new(&connector, &upgrade_connector))),
                connector,
                upgrade_connector,
            }),
        })
    }

    /// The number of connections opened so far (for tests and diagnostics): with pooling,
    /// requests in sequence to one host share one.
    pub fn connections(&self) -> usize {
        self.inner.connector.opened.load(Ordering::Relaxed)
    }

    /// How many of [`Transport::connections`] speak HTTP/2, each shared by concurrent requests.
    pub fn http2_connections(&self) -> usize {
        self.inner.connector.opened_h2.load(Ordering::Relaxed)
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
    /// new requests handshake with it): new clients start with empty pools, and the old ones
    /// close their connections once the responses still using them are done.
    fn clear_pool(&self) {
        let fresh = Arc::new(Clients::new(&self.connector, &self.upgrade_connector));
        *self.clients.lock().unwrap_or_else(PoisonError::into_inner) = fresh;
    }

    fn clients(&self) -> Arc<Clients> {
        self.clients.lock().unwrap_or_else(PoisonError::into_inner).clone()
    }

    /// The request as hyper-util's client takes it: an absolute URI (it writes the origin form
    /// and `Host` for HTTP/1.1 itself), our headers and the credentials that need no waiting.
    fn prepare(&self, request: http::Request<Bytes>) -> Result<hyper::Request<Full<Bytes>>, Error> {
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
        match uri.scheme_str() {
            Some("https" | "http") => {}
            _ => return Err(Error::InvalidRequest(format!("URL {uri}: the scheme must be http or https"))),
        }
        if uri.host().is_none_or(str::is_empty) {
            return Err(Error::InvalidRequest(format!("URL {uri}: no host")));
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
        parts.uri = uri;
        Ok(hyper::Request::from_parts(parts, Full::new(body)))
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
    inner: Option<Incoming>,
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
    fn new(inner: Incoming, request: &str, bound: Bound) -> LimitedBody {
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
                    return Poll::Ready(Some(Err(std::io::Error::other(error_chain(&e)))));
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
            let (resp, used) = match self.send_once(copy_request(&request), &label).await {
                Ok(sent) => sent,
                // As client-go: a GET whose connection was reset or closed before the response
                // is sent again (it changes nothing); other methods may have been acted on.
                Err(SendError { error, lost: true })
                    if request.method() == http::Method::GET && retries < self.inner.retry.max_retries =>
                {
                    retries += 1;
                    let delay = self.inner.retry.connection_lost_delay.min(self.inner.retry.max_delay);
                    tracing::info!(
                        retry = retries,
                        delay_ms = delay.as_millis() as u64,
                        error = %error,
                        "retrying a GET whose connection was lost before the response"
                    );
                    tokio::time::sleep(delay).await;
                    continue;
                }
                Err(SendError { error, .. }) => return Err(error),
            };
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
    ) -> Result<(http::Response<Body>, Option<Arc<Credential>>), SendError> {
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
        let req = self.inner.prepare(request)?;
        let clients = self.inner.clients();
        let client = if upgrade { &clients.upgrade } else { &clients.pooled };
        // hyper-util's client retries on a new connection a request that a pooled connection,
        // closed by the server while idle, could not send.
        let attempt = async {
            client
                .request(req)
                .await
                .map_err(|e| SendError { error: client_error(label, &e), lost: connection_lost(&e) })
        };
        let resp = match self.inner.timeout {
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
        let mut body = LimitedBody::new(body, label, bound);
        if gzipped {
            body.gunzip = Some(flate2::write::GzDecoder::new(Vec::new()));
        }
        Ok((http::Response::from_parts(parts, body.boxed()), used))
    }
}

/// A failed attempt at a request, and whether its connection was lost after it was sent.
struct SendError {
    error: Error,
    lost: bool,
}

impl From<Error> for SendError {
    fn from(error: Error) -> SendError {
        SendError { error, lost: false }
    }
}

/// Whether a request failed because its connection was reset or closed once it was open and
/// before a response head came (client-go's `IsProbableEOF` and `IsConnectionReset`): the
/// server may or may not have received the request. A failure to connect is not one (nothing
/// was sent), nor is a timeout.
fn connection_lost(e: &hyper_util::client::legacy::Error) -> bool {
    if e.is_connect() {
        return false;
    }
    let mut cur: Option<&(dyn std::error::Error + 'static)> = Some(e);
    while let Some(c) = cur {
        if let Some(h) = c.downcast_ref::<hyper::Error>()
            && (h.is_incomplete_message() || h.is_canceled())
        {
            return true;
        }
        if let Some(io) = c.downcast_ref::<std::io::Error>()
            && matches!(
                io.kind(),
                std::io::ErrorKind::ConnectionReset
                    | std::io::ErrorKind::ConnectionAborted
                    | std::io::ErrorKind::BrokenPipe
                    | std::io::ErrorKind::UnexpectedEof
            )
        {
            return true;
        }
        cur = c.source();
    }
    false
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
