//! The HTTP body of every [`crate::Service`]: boxed `Bytes` frames, complete or streamed from a channel.

use std::pin::Pin;
use std::task::{Context, Poll};

use bytes::Bytes;
use http_body_util::BodyExt;
use http_body_util::combinators::BoxBody;

/// A request or response body.
pub type Body = BoxBody<Bytes, std::io::Error>;

/// A body holding `data` in one frame.
pub fn full(data: impl Into<Bytes>) -> Body {
    http_body_util::Full::new(data.into()).map_err(|never| match never {}).boxed()
}

/// An empty body.
pub fn empty() -> Body {
    http_body_util::Empty::new().map_err(|never| match never {}).boxed()
}

/// A streamed body: each chunk sent on the returned sender becomes a frame; the body ends when
/// the sender is dropped. Sending fails once the receiving side has gone away.
pub fn channel(buffer: usize) -> (tokio::sync::mpsc::Sender<Result<Bytes, std::io::Error>>, Body) {
    let (tx, rx) = tokio::sync::mpsc::channel(buffer.max(1));
    (tx, http_body_util::StreamBody::new(ChunkStream(rx)).boxed())
}

struct ChunkStream(tokio::sync::mpsc::Receiver<Result<Bytes, std::io::Error>>);

impl futures_core::Stream for ChunkStream {
    type Item = Result<hyper::body::Frame<Bytes>, std::io::Error>;

    fn poll_next(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<Option<Self::Item>> {
        self.0.poll_recv(cx).map(|o| o.map(|r| r.map(hyper::body::Frame::data)))
    }
}

/// Reads a whole body into memory.
pub async fn collect(body: Body) -> Result<Bytes, std::io::Error> {
    Ok(body.collect().await?.to_bytes())
}
