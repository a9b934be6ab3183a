//! Serving webhooks over HTTP/1.1 (and TLS): every request body is read under a size limit and
//! a deadline, decoded as an `AdmissionReview` (or, on a conversion route, a `ConversionReview`),
//! handed to the handler and answered in the same version.

use std::convert::Infallible;
use std::future::Future;
use std::net::SocketAddr;
use std::pin::Pin;
use std::sync::Arc;
use std::time::Duration;

use bytes::Bytes;
use http_body_util::{BodyExt, Full, Limited};
use hyper::body::Incoming;
use hyper_util::rt::{TokioIo, TokioTimer};
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::Semaphore;
use tokio::task::JoinSet;
use tokio_rustls::TlsAcceptor;

#[cfg(feature = "conversion")]
use crate::conversion::{Converter, convert_request, decode_conversion_review, encode_conversion_review};
use crate::review::{AdmissionRequest, AdmissionResponse, decode_review, encode_review};

/// A boxed future of a handler's answer.
pub type AdmitFuture<'a> = Pin<Box<dyn Future<Output = AdmissionResponse> + Send + 'a>>;

/// Decides on admission requests. Any `Fn(AdmissionRequest) -> impl Future<Output =
/// AdmissionResponse>` is one.
///
/// A handler that acts outside the object (writes elsewhere, calls other systems) must check
/// [`AdmissionRequest::dry_run`] and skip those actions when it is set, and be registered with
/// `sideEffects: NoneOnDryRun`; the API server refuses dry-run requests for webhooks registered
/// as `Some` or `Unknown` rather than call them.
pub trait Handler: Send + Sync + 'static {
    /// Answers one request.
    fn admit(&self, request: AdmissionRequest) -> AdmitFuture<'_>;
}

impl<F, Fut> Handler for F
where
    F: Fn(AdmissionRequest) -> Fut + Send + Sync + 'static,
    Fut: Future<Output = AdmissionResponse> + Send + 'static,
{
    fn admit(&self, request: AdmissionRequest) -> AdmitFuture<'_> {
        Box::pin(self(request))
    }
}

/// The default of [`Limits::max_body_bytes`]: an `AdmissionReview` carries the object and the
/// old object, each at most the API server's 3 MiB request limit, plus the envelope.
pub const DEFAULT_MAX_BODY_BYTES: usize = 7 * 1024 * 1024;

/// The default of [`Limits::read_timeout`]: the API server's default webhook timeout.
pub const DEFAULT_READ_TIMEOUT: Duration = Duration::from_secs(10);

/// What one request may take.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Limits {
    /// The largest request body read; a larger one is answered `413`.
    pub max_body_bytes: usize,
    /// The deadline for the TLS handshake, the request headers and the whole request body.
    pub read_timeout: Duration,
    /// The most connections served at once; further ones wait to be accepted.
    pub max_connections: usize,
}

impl Default for Limits {
    fn default() -> Limits {
        Limits { max_body_bytes: DEFAULT_MAX_BODY_BYTES, read_timeout: DEFAULT_READ_TIMEOUT, max_connections: 1024 }
    }
}

fn text_response(code: u16, message: String) -> http::Response<Full<Bytes>> {
    let mut resp = http::Response::new(Full::new(Bytes::from(message)));
    *resp.status_mut() = http::StatusCode::from_u16(code).unwrap_or(http::StatusCode::BAD_REQUEST);
    resp.headers_mut().insert(http::header::CONTENT_TYPE, http::HeaderValue::from_static("text/plain; charset=utf-8"));
    resp
}

/// Answers one `AdmissionReview` body: `200` with the review answer, or `400` naming the field
/// of a malformed review.
pub async fn review<H: Handler + ?Sized>(handler: &H, body: &[u8]) -> http::Response<Full<Bytes>> {
    let (version, request) = match decode_review(body) {
        Ok(r) => r,
        Err(e) => return text_response(400, format!("invalid AdmissionReview: {e}")),
    };
    let uid = request.uid.clone();
    let response = handler.admit(request).await;
    let mut resp = http::Response::new(Full::new(Bytes::from(encode_review(version, &uid, &response))));
    resp.headers_mut().insert(http::header::CONTENT_TYPE, http::HeaderValue::from_static("application/json"));
    resp
}

#[cfg(feature = "conversion")]
/// Answers one `ConversionReview` body: `200` with the converted objects (or a `Failure` result
/// naming the object that did not convert), or `400` naming the field of a malformed review.
pub fn conversion_review<C: Converter + ?Sized>(converter: &C, body: &[u8]) -> http::Response<Full<Bytes>> {
    let (version, request) = match decode_conversion_review(body) {
        Ok(r) => r,
        Err(e) => return text_response(400, format!("invalid ConversionReview: {e}")),
    };
    let result = convert_request(converter, &request);
    let out = encode_conversion_review(version, &request.uid, &result);
    let mut resp = http::Response::new(Full::new(Bytes::from(out)));
    resp.headers_mut().insert(http::header::CONTENT_TYPE, http::HeaderValue::from_static("application/json"));
    resp
}

/// Reads a review's body under the limits: only `POST` with `Content-Type: application/json`;
/// anything else is the error response to send.
async fn read_body<B>(
    limits: &Limits,
    request: http::Request<B>,
    what: &str,
) -> Result<Bytes, http::Response<Full<Bytes>>>
where
    B: hyper::body::Body,
    B::Error: std::error::Error + Send + Sync + 'static,
{
    if request.method() != http::Method::POST {
        let mut resp = text_response(405, format!("{what} are POSTed"));
        resp.headers_mut().insert(http::header::ALLOW, http::HeaderValue::from_static("POST"));
        return Err(resp);
    }
    let content_type = request.headers().get(http::header::CONTENT_TYPE).and_then(|v| v.to_str().ok()).unwrap_or("");
    let media = content_type.split(';').next().unwrap_or("").trim();
    if !media.eq_ignore_ascii_case("application/json") {
        return Err(text_response(415, format!("expected Content-Type application/json, got {content_type:?}")));
    }
    let body = Limited::new(request.into_body(), limits.max_body_bytes);
    match tokio::time::timeout(limits.read_timeout, body.collect()).await {
        Err(_) => Err(text_response(408, format!("the request body did not arrive within {:?}", limits.read_timeout))),
        Ok(Err(e)) if e.is::<http_body_util::LengthLimitError>() => {
            Err(text_response(413, format!("the request body is larger than {} bytes", limits.max_body_bytes)))
        }
        Ok(Err(e)) => Err(text_response(400, format!("reading the request body: {e}"))),
        Ok(Ok(c)) => Ok(c.to_bytes()),
    }
}

/// Serves one HTTP request of any body type (hyper's, axum's): `POST` with a JSON body, read
/// under the limits. Mount it at the path the webhook configuration names.
pub async fn handle<H, B>(handler: &H, limits: &Limits, request: http::Request<B>) -> http::Response<Full<Bytes>>
where
    H: Handler + ?Sized,
    B: hyper::body::Body,
    B::Error: std::error::Error + Send + Sync + 'static,
{
    match read_body(limits, request, "admission reviews").await {
        Ok(bytes) => review(handler, &bytes).await,
        Err(resp) => resp,
    }
}

#[cfg(feature = "conversion")]
/// [`handle`] for a conversion webhook: serves one HTTP request carrying a `ConversionReview`.
/// Mount it at the path the `CustomResourceDefinition`'s `spec.conversion.webhook` names.
pub async fn handle_conversion<C, B>(
    converter: &C,
    limits: &Limits,
    request: http::Request<B>,
) -> http::Response<Full<Bytes>>
where
    C: Converter + ?Sized,
    B: hyper::body::Body,
    B::Error: std::error::Error + Send + Sync + 'static,
{
    match read_body(limits, request, "conversion reviews").await {
        Ok(bytes) => conversion_review(converter, &bytes),
        Err(resp) => resp,
    }
}

/// A boxed future of an HTTP answer.
pub type ResponseFuture<'a> = Pin<Box<dyn Future<Output = http::Response<Full<Bytes>>> + Send + 'a>>;

/// What [`serve`] serves: answers every HTTP request a connection carries. Every [`Handler`] is
/// one (it answers admission reviews at any path); a [`Router`] serves several webhooks, admission
/// and conversion, at their paths.
pub trait Webhook: Send + Sync + 'static {
    /// Answers one request, reading its body under `limits`.
    fn respond<'a>(&'a self, limits: &'a Limits, request: http::Request<Incoming>) -> ResponseFuture<'a>;
}

impl<H: Handler> Webhook for H {
    fn respond<'a>(&'a self, limits: &'a Limits, request: http::Request<Incoming>) -> ResponseFuture<'a> {
        Box::pin(handle(self, limits, request))
    }
}

enum Route {
    Admission(Box<dyn Handler>),
    #[cfg(feature = "conversion")]
    Conversion(Box<dyn Converter>),
}

/// Several webhooks on one server, each at its path: admission handlers and conversion
/// webhooks side by side, under the same TLS configuration and limits. A request to a path no
/// webhook is at is answered `404`.
///
/// ```no_run
/// # use kapi_webhook::{AdmissionRequest, AdmissionResponse, Router};
/// async fn validate(_: AdmissionRequest) -> AdmissionResponse { AdmissionResponse::allow() }
/// async fn mutate(_: AdmissionRequest) -> AdmissionResponse { AdmissionResponse::allow() }
/// let router = Router::new().admission("/validate", validate).admission("/mutate", mutate);
/// ```
///
/// With the `conversion` feature, `.conversion("/convert", SchemeConverter::new(scheme))` adds
/// a conversion webhook.
#[derive(Default)]
pub struct Router {
    routes: Vec<(String, Route)>,
}

impl Router {
    /// A router serving nothing yet.
    pub fn new() -> Router {
        Router::default()
    }

    /// Serves an admission handler at `path` (a later route for the same path replaces it).
    pub fn admission(mut self, path: impl Into<String>, handler: impl Handler) -> Router {
        self.add(path.into(), Route::Admission(Box::new(handler)));
        self
    }

    /// Serves a conversion webhook at `path` (a later route for the same path replaces it).
    #[cfg(feature = "conversion")]
    pub fn conversion(mut self, path: impl Into<String>, converter: impl Converter) -> Router {
        self.add(path.into(), Route::Conversion(Box::new(converter)));
        self
    }

    fn add(&mut self, path: String, route: Route) {
        self.routes.retain(|(p, _)| *p != path);
        self.routes.push((path, route));
    }

    /// Answers one request of any body type by the webhook at its path.
    pub async fn route<B>(&self, limits: &Limits, request: http::Request<B>) -> http::Response<Full<Bytes>>
    where
        B: hyper::body::Body,
        B::Error: std::error::Error + Send + Sync + 'static,
    {
        let path = request.uri().path();
        match self.routes.iter().find(|(p, _)| p == path) {
            Some((_, Route::Admission(h))) => handle(h.as_ref(), limits, request).await,
            #[cfg(feature = "conversion")]
            Some((_, Route::Conversion(c))) => handle_conversion(c.as_ref(), limits, request).await,
            None => {
                let served: Vec<&str> = self.routes.iter().map(|(p, _)| p.as_str()).collect();
                text_response(404, format!("no webhook is served at {path}; served: {}", served.join(", ")))
            }
        }
    }
}

impl Webhook for Router {
    fn respond<'a>(&'a self, limits: &'a Limits, request: http::Request<Incoming>) -> ResponseFuture<'a> {
        Box::pin(self.route(limits, request))
    }
}

/// Serves `handler` (an admission [`Handler`], or a [`Router`] of several webhooks) on every
/// connection `listener` accepts (over TLS when `tls` is given; a real API server only calls
/// webhooks over HTTPS) until `shutdown` completes; then open connections are closed.
pub async fn serve_with_shutdown<H: Webhook>(
    listener: TcpListener,
    tls: Option<Arc<rustls::ServerConfig>>,
    handler: H,
    limits: Limits,
    shutdown: impl Future<Output = ()>,
) {
    let handler = Arc::new(handler);
    let acceptor = tls.map(TlsAcceptor::from);
    let slots = Arc::new(Semaphore::new(limits.max_connections.max(1)));
    let mut conns = JoinSet::new();
    tokio::pin!(shutdown);
    loop {
        // Waiting for a free slot must not keep shutdown waiting too.
        let permit = tokio::select! {
            _ = &mut shutdown => break,
            permit = Arc::clone(&slots).acquire_owned() => match permit {
                Ok(p) => p,
                Err(_) => break,
            },
            Some(_) = conns.join_next(), if !conns.is_empty() => continue,
        };
        tokio::select! {
            _ = &mut shutdown => break,
            accepted = listener.accept() => match accepted {
                Ok((stream, peer)) => {
                    let (handler, acceptor) = (Arc::clone(&handler), acceptor.clone());
                    conns.spawn(async move {
                        connection(handler, stream, peer, acceptor, limits).await;
                        drop(permit);
                    });
                }
                // Out of file descriptors and the like: back off instead of spinning.
                Err(_) => tokio::time::sleep(Duration::from_millis(20)).await,
            },
            Some(_) = conns.join_next(), if !conns.is_empty() => {}
        }
    }
    conns.shutdown().await;
}

/// [`serve_with_shutdown`] until the task is dropped or aborted.
pub async fn serve<H: Webhook>(
    listener: TcpListener,
    tls: Option<Arc<rustls::ServerConfig>>,
    handler: H,
    limits: Limits,
) {
    serve_with_shutdown(listener, tls, handler, limits, std::future::pending()).await;
}

async fn connection<H: Webhook>(
    handler: Arc<H>,
    stream: TcpStream,
    _peer: SocketAddr,
    tls: Option<TlsAcceptor>,
    limits: Limits,
) {
    let _ = stream.set_nodelay(true);
    let svc = hyper::service::service_fn(move |req: http::Request<Incoming>| {
        let handler = Arc::clone(&handler);
        async move { Ok::<_, Infallible>(handler.respond(&limits, req).await) }
    });
    let mut builder = hyper::server::conn::http1::Builder::new();
    builder.timer(TokioTimer::new());
    builder.header_read_timeout(limits.read_timeout);
    match tls {
        Some(acceptor) => {
            // A peer that stalls the handshake holds a connection slot only this long.
            if let Ok(Ok(s)) = tokio::time::timeout(limits.read_timeout, acceptor.accept(stream)).await {
                let _ = builder.serve_connection(TokioIo::new(s), svc).await;
            }
        }
        None => {
            let _ = builder.serve_connection(TokioIo::new(stream), svc).await;
        }
    }
}
