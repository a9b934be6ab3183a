//! The seam between clients and what answers them: the HTTPS transport, or a server in the same process.

use std::future::Future;
use std::pin::Pin;
use std::task::{Context, Poll};

use bytes::Bytes;

use crate::Error;
use crate::body::Body;

/// The future returned by [`Service::call`].
pub type ResponseFuture<'a> = Pin<Box<dyn Future<Output = Result<http::Response<Body>, Error>> + Send + 'a>>;

/// Something that answers HTTP requests: the HTTPS [`crate::Transport`], or an in-process server
/// (kapi-testing's `ApiServer`, which is how its fake clientset works without a network).
///
/// Ours rather than tower's trait because clients share one service through an `Arc` and call it
/// through `&self`; tower's `call(&mut self)` after `poll_ready` would need a clone or a lock per
/// request. [`Tower`] adapts any tower stack to it, and the transport is a tower service too.
pub trait Service: Send + Sync + 'static {
    /// Sends one request and returns the response; the response body may still be streaming.
    fn call(&self, request: http::Request<Bytes>) -> ResponseFuture<'_>;
}

/// The transport as a tower service, so that tower middleware (timeouts, tracing, metrics, …) can
/// be stacked over it; [`Tower`] turns the stack back into a [`Service`] for [`crate::Client::new`].
impl tower_service::Service<http::Request<Bytes>> for crate::Transport {
    type Response = http::Response<Body>;
    type Error = Error;
    type Future = Pin<Box<dyn Future<Output = Result<http::Response<Body>, Error>> + Send>>;

    fn poll_ready(&mut self, _cx: &mut Context<'_>) -> Poll<Result<(), Error>> {
        // Connections are made per request; the transport is always ready to take one.
        Poll::Ready(Ok(()))
    }

    fn call(&mut self, request: http::Request<Bytes>) -> Self::Future {
        let transport = self.clone();
        Box::pin(async move { Service::call(&transport, request).await })
    }
}

/// A tower service used as a [`Service`]: each call clones it, waits until it is ready and calls
/// it, as tower's `oneshot` does.
///
/// ```no_run
/// # fn demo(transport: kapi_client::Transport) -> Result<(), kapi_client::Error> {
/// use std::sync::Arc;
/// // `transport` could be wrapped in any tower layers first.
/// let client = kapi_client::Client::new(Arc::new(kapi_client::service::Tower(transport)), "https://api.example")?;
/// # let _ = client; Ok(()) }
/// ```
#[derive(Debug, Clone)]
pub struct Tower<S>(pub S);

impl<S> Service for Tower<S>
where
    S: tower_service::Service<http::Request<Bytes>, Response = http::Response<Body>, Error = Error>
        + Clone
        + Send
        + Sync
        + 'static,
    S::Future: Send,
{
    fn call(&self, request: http::Request<Bytes>) -> ResponseFuture<'_> {
        let mut service = self.0.clone();
        Box::pin(async move {
            std::future::poll_fn(|cx| service.poll_ready(cx)).await?;
            service.call(request).await
        })
    }
}
