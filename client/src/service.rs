//! The seam between clients and what answers them: the HTTPS transport, or a server in the same process.

use std::future::Future;
use std::pin::Pin;

use bytes::Bytes;

use crate::Error;
use crate::body::Body;

/// The future returned by [`Service::call`].
pub type ResponseFuture<'a> = Pin<Box<dyn Future<Output = Result<http::Response<Body>, Error>> + Send + 'a>>;

/// Something that answers HTTP requests: the HTTPS [`crate::Transport`], or an in-process server
/// (kapi-testing's `ApiServer`, which is how its fake clientset works without a network).
pub trait Service: Send + Sync + 'static {
    /// Sends one request and returns the response; the response body may still be streaming.
    fn call(&self, request: http::Request<Bytes>) -> ResponseFuture<'_>;
}
