//! The HTTP body the client's services and the test server share: boxed `Bytes` frames, complete or streamed from a channel.

use std::pin::Pin;
use std::task::{Context, Poll};

use bytes::Bytes;
use http_body_util::BodyExt;
use http_body_util::combinators::BoxBody;
use hyper::body::Body as _;

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

/// The most [`collect`] reserves up front from a body's announced length; a longer body grows
/// its buffer as it comes. Reserved pages that are never written cost no memory, so a length
/// that lies costs little, and the transport's size limit still ends a body that is too long.
const RESERVE_MAX: u64 = 64 << 20;

/// Reads a whole body into memory. Each frame is copied into one buffer as it arrives and then
/// dropped (a body of one frame is kept as it is): gathering every frame first and joining them
/// at the end held the body twice, which was a large list's peak memory.
pub async fn collect(mut body: Body) -> Result<Bytes, std::io::Error> {
    let hint = body.size_hint();
    let announced = hint.exact().unwrap_or(hint.lower()).min(RESERVE_MAX) as usize;
    let mut first: Option<Bytes> = None;
    let mut buf: Vec<u8> = Vec::new();
    while let Some(frame) = body.frame().await {
        // Trailers carry no data.
        let Ok(data) = frame?.into_data() else { continue };
        if data.is_empty() {
            continue;
        }
        if first.is_none() && buf.is_empty() {
            first = Some(data);
            continue;
        }
        if let Some(held) = first.take() {
            buf.reserve_exact(announced.max(held.len() + data.len()));
            buf.extend_from_slice(&held);
        }
        buf.extend_from_slice(&data);
    }
    Ok(first.unwrap_or_else(|| Bytes::from(buf)))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Frames are joined in order; a one-frame body is the frame itself (no copy).
    #[tokio::test]
    async fn collect_joins_frames_in_order_and_keeps_a_single_frame() {
        let (tx, body) = channel(8);
        for chunk in ["ab", "", "cde", "f"] {
            tx.send(Ok(Bytes::from(chunk))).await.unwrap();
        }
        drop(tx);
        assert_eq!(collect(body).await.unwrap(), Bytes::from("abcdef"));

        let one = Bytes::from(vec![7u8; 1000]);
        let got = collect(full(one.clone())).await.unwrap();
        assert_eq!(got.as_ptr(), one.as_ptr());
        assert_eq!(collect(empty()).await.unwrap(), Bytes::new());
    }

    /// An error frame ends the read with that error.
    #[tokio::test]
    async fn collect_passes_a_body_error_on() {
        let (tx, body) = channel(4);
        tx.send(Ok(Bytes::from("ab"))).await.unwrap();
        tx.send(Err(std::io::Error::other("reset"))).await.unwrap();
        drop(tx);
        assert_eq!(collect(body).await.unwrap_err().to_string(), "reset");
    }
}
