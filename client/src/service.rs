//! The transport abstraction every client shares: something that answers HTTP requests, either
//! the HTTPS transport ([`crate::transport::Transport`]) or an in-process API server (the fake).

use std::future::Future;
use std::pin::Pin;

use bytes::Bytes;

use crate::Error;
use crate::body::Body;

/// The future returned by [`Service::call`].
pub type ResponseFuture<'a> = Pin<Box<dyn Future<Output = Result<http::Response<Body>, Error>> + Send + 'a>>;

/// Something that answers HTTP requests: the HTTPS transport, or an in-process API server.
pub trait Service: Send + Sync + 'static {
    /// Sends one request and returns the response; the response body may still be streaming.
    fn call(&self, request: http::Request<Bytes>) -> ResponseFuture<'_>;
}
