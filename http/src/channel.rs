//! The channel protocol of the API server's streaming subresources (`exec`, `attach`, `portforward`) over WebSockets, for both ends.
//!
//! Each binary message carries one channel: its first byte is the channel number and the rest is
//! that channel's data. The `v5.channel.k8s.io` protocol adds a close signal (a message
//! `[255, channel]`) so a client can end stdin without closing the connection.

use bytes::Bytes;
use hyper::upgrade::Upgraded;
use hyper_util::rt::TokioIo;
use tokio_tungstenite::WebSocketStream;
use tokio_tungstenite::tungstenite::protocol::WebSocketConfig;

/// The remote-command protocol with the stream-close signal (exec and attach).
pub const PROTOCOL_V5: &str = "v5.channel.k8s.io";
/// The remote-command protocol whose error channel carries a `Status` (exec and attach), and the
/// port-forward protocol.
pub const PROTOCOL_V4: &str = "v4.channel.k8s.io";

/// Standard input (client to server).
pub const STDIN: u8 = 0;
/// Standard output (server to client).
pub const STDOUT: u8 = 1;
/// Standard error (server to client).
pub const STDERR: u8 = 2;
/// The outcome of the command, a JSON `Status` (server to client).
pub const ERROR: u8 = 3;
/// Terminal size changes, JSON `{"Width":…,"Height":…}` (client to server).
pub const RESIZE: u8 = 4;
/// The v5 close signal: `[CLOSE, channel]` ends one channel.
pub const CLOSE: u8 = 255;

/// The largest message either side accepts: far above what a terminal or a port-forward writes
/// at once, and a bound on what one message can make a peer buffer.
pub const MAX_MESSAGE_BYTES: usize = 16 << 20;

/// A WebSocket over an upgraded HTTP connection.
pub type Socket = WebSocketStream<TokioIo<Upgraded>>;

/// Limits of the WebSocket codec, for both roles.
pub fn socket_config() -> WebSocketConfig {
    WebSocketConfig::default().max_message_size(Some(MAX_MESSAGE_BYTES)).max_frame_size(Some(MAX_MESSAGE_BYTES))
}

/// Closes a socket with `1000 Normal Closure`: client-go's readers take any other close (even
/// one without a code) as an error.
pub async fn close_normally<S>(socket: &mut WebSocketStream<S>)
where
    S: tokio::io::AsyncRead + tokio::io::AsyncWrite + Unpin,
{
    use tokio_tungstenite::tungstenite::protocol::CloseFrame;
    use tokio_tungstenite::tungstenite::protocol::frame::coding::CloseCode;
    let frame = CloseFrame { code: CloseCode::Normal, reason: "".into() };
    let _ = socket.close(Some(frame)).await;
}

/// Reads from `pipe` while it is open; a closed (`None`) pipe never becomes ready, so a
/// `select!` branch over it simply waits.
pub async fn read_open(pipe: &mut Option<tokio::io::DuplexStream>, buf: &mut [u8]) -> std::io::Result<usize> {
    use tokio::io::AsyncReadExt as _;
    match pipe {
        Some(p) => p.read(buf).await,
        None => std::future::pending().await,
    }
}

/// Reads from whichever open pipe has data first and returns its index with the result; waits
/// forever while none is open.
pub async fn read_any(
    pipes: &mut [Option<tokio::io::DuplexStream>],
    buf: &mut [u8],
) -> (usize, std::io::Result<usize>) {
    use std::task::Poll;
    use tokio::io::AsyncRead as _;
    if pipes.iter().all(Option::is_none) {
        return std::future::pending().await;
    }
    std::future::poll_fn(|cx| {
        for (i, pipe) in pipes.iter_mut().enumerate() {
            let Some(p) = pipe.as_mut() else { continue };
            let mut rb = tokio::io::ReadBuf::new(buf);
            if let Poll::Ready(r) = std::pin::Pin::new(p).poll_read(cx, &mut rb) {
                return Poll::Ready((i, r.map(|()| rb.filled().len())));
            }
        }
        Poll::Pending
    })
    .await
}

/// One channel message: the channel byte, then `data`.
pub fn frame(channel: u8, data: &[u8]) -> Bytes {
    let mut out = Vec::with_capacity(data.len() + 1);
    out.push(channel);
    out.extend_from_slice(data);
    Bytes::from(out)
}
