//! The HTTP/1.1 transport: hyper over tokio, with rustls (ring) for `https://`. It keeps idle
//! connections per scheme, host and port for reuse, adds the credentials of the configuration to
//! every request, and passes response bodies through frame by frame, so watch streams arrive as
//! the server writes them.

use std::collections::HashMap;
use std::pin::Pin;
use std::sync::{Arc, Mutex, PoisonError};
use std::task::{Context, Poll};
use std::time::{Duration, Instant};

use bytes::Bytes;
use http::header::{AUTHORIZATION, HOST, HeaderName, HeaderValue, USER_AGENT};
use http_body_util::{BodyExt, Full};
use hyper::body::{Frame, Incoming, SizeHint};
use hyper::client::conn::http1::{self, SendRequest};
use hyper_util::rt::TokioIo;
use rustls_pki_types::ServerName;

use crate::Error;
use crate::body::Body;
use crate::config::{Auth, Config, Impersonation};
use crate::service::{ResponseFuture, Service};

/// Idle connections kept per host.
const MAX_IDLE_PER_HOST: usize = 8;

/// How long a token read from a file is used before the file is read again.
const TOKEN_FILE_REFRESH: Duration = Duration::from_secs(60);

type Sender = SendRequest<Full<Bytes>>;

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
    server_name: Option<ServerName<'static>>,
    auth: Auth,
    token_cache: Mutex<Option<(String, Instant)>>,
    extra_headers: Vec<(HeaderName, HeaderValue)>,
    user_agent: HeaderValue,
    timeout: Option<Duration>,
    idle: Mutex<HashMap<PoolKey, Vec<Sender>>>,
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
        let tls = if base.scheme_str() == Some("https") {
            Some(tokio_rustls::TlsConnector::from(Arc::new(crate::tls::rustls_config(&config.tls)?)))
        } else {
            None
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
                server_name,
                auth: config.auth.clone(),
                token_cache: Mutex::new(None),
                extra_headers: impersonation_headers(&config.impersonate)?,
                user_agent,
                timeout: config.timeout,
                idle: Mutex::new(HashMap::new()),
            }),
        })
    }

    /// The number of idle pooled connections (for tests and diagnostics).
    pub fn idle_connections(&self) -> usize {
        self.inner.idle.lock().unwrap_or_else(PoisonError::into_inner).values().map(Vec::len).sum()
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
            Auth::None => return Ok(None),
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

    /// Takes an idle connection that is still usable.
    async fn pooled(&self, key: &PoolKey) -> Option<Sender> {
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
                return Some(sender);
            }
        }
    }

    fn give_back(&self, key: PoolKey, sender: Sender) {
        if sender.is_closed() {
            return;
        }
        let mut idle = self.idle.lock().unwrap_or_else(PoisonError::into_inner);
        let list = idle.entry(key).or_default();
        if list.len() < MAX_IDLE_PER_HOST {
            list.push(sender);
        }
    }

    async fn connect(&self, key: &PoolKey) -> Result<Sender, String> {
        let tcp = tokio::net::TcpStream::connect((key.host.as_str(), key.port))
            .await
            .map_err(|e| format!("connecting to {}:{}: {e}", key.host, key.port))?;
        // Best effort: a failure only costs latency.
        let _ = tcp.set_nodelay(true);
        if key.https {
            let connector = self.tls.as_ref().ok_or("https is not configured for this transport")?;
            let name = match &self.server_name {
                Some(n) => n.clone(),
                None => ServerName::try_from(key.host.clone())
                    .map_err(|e| format!("{:?} is not a valid TLS server name: {e}", key.host))?,
            };
            let tls = connector
                .connect(name, tcp)
                .await
                .map_err(|e| format!("TLS handshake with {}:{}: {}", key.host, key.port, error_chain(&e)))?;
            handshake(TokioIo::new(tls)).await
        } else {
            handshake(TokioIo::new(tcp)).await
        }
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
        parts.uri = origin.parse().map_err(|e| Error::InvalidRequest(format!("URL {uri}: {e}")))?;
        Ok((PoolKey { https, host, port }, hyper::Request::from_parts(parts, Full::new(body))))
    }
}

async fn handshake<I>(io: I) -> Result<Sender, String>
where
    I: hyper::rt::Read + hyper::rt::Write + Unpin + Send + 'static,
{
    let (sender, conn) =
        http1::Builder::new().handshake(io).await.map_err(|e| format!("HTTP handshake: {}", error_chain(&e)))?;
    tokio::spawn(async move {
        // The connection ends when the server closes it or every sender and body is dropped;
        // its error, if any, surfaces on the request or body using it.
        let _ = conn.await;
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

impl Transport {
    async fn send(&self, request: http::Request<Bytes>) -> Result<http::Response<Body>, Error> {
        let method = request.method().clone();
        let url = request.uri().to_string();
        let fail = |msg: String| Error::Transport(format!("{method} {url}: {msg}"));
        let (key, mut req) = self.inner.prepare(request)?;
        let inner = self.inner.clone();
        let attempt = async {
            // A pooled connection may have been closed by the server while idle; a request it
            // could not send is retried once on a new connection.
            if let Some(mut sender) = inner.pooled(&key).await {
                match sender.try_send_request(req).await {
                    Ok(resp) => return Ok((resp, sender)),
                    Err(mut e) => match e.take_message() {
                        Some(r) => req = r,
                        None => return Err(error_chain(e.error())),
                    },
                }
            }
            let mut sender = inner.connect(&key).await?;
            sender.ready().await.map_err(|e| error_chain(&e))?;
            let resp = sender.send_request(req).await.map_err(|e| error_chain(&e))?;
            Ok((resp, sender))
        };
        let (resp, sender) = match self.inner.timeout {
            Some(limit) => {
                tokio::time::timeout(limit, attempt).await.map_err(|_| fail(format!("no response within {limit:?}")))?
            }
            None => attempt.await,
        }
        .map_err(fail)?;
        let (parts, body) = resp.into_parts();
        let body = PooledBody { inner: body, release: Some((self.inner.clone(), key, sender)) };
        Ok(http::Response::from_parts(parts, body.boxed()))
    }
}

impl Service for Transport {
    fn call(&self, request: http::Request<Bytes>) -> ResponseFuture<'_> {
        Box::pin(self.send(request))
    }
}
