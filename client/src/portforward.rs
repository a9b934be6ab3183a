//! Port forwarding to a pod over a WebSocket (`…/pods/<name>/portforward`, `v4.channel.k8s.io`): one byte stream and one error message per port.
//!
//! Port `i` of the request (in the order asked) uses channel `2i` for data and `2i + 1` for
//! errors; the server starts each channel with the port number as two little-endian bytes. One
//! connection carries one stream per port, as with upstream's WebSocket port forwarding.

use std::collections::HashMap;

use futures_util::{SinkExt, StreamExt};
use tokio::io::{AsyncWriteExt, DuplexStream};
use tokio::sync::oneshot;
use tokio_tungstenite::tungstenite::Message;

use crate::Error;
use crate::websocket::{self, Socket};

/// Bytes each pipe between the caller and the socket task holds.
const PIPE_BYTES: usize = 64 << 10;
/// The most bytes of one port's error message kept.
const MAX_ERROR_BYTES: usize = 64 << 10;

/// Forwarded ports of one pod.
#[derive(Debug)]
pub struct Portforwarder {
    streams: HashMap<u16, DuplexStream>,
    errors: HashMap<u16, oneshot::Receiver<String>>,
    done: oneshot::Receiver<Result<(), Error>>,
    task: tokio::task::JoinHandle<()>,
}

impl Portforwarder {
    pub(crate) fn start(socket: Socket, ports: &[u16], context: String) -> Portforwarder {
        let mut streams = HashMap::new();
        let mut errors = HashMap::new();
        let mut channels = Vec::with_capacity(ports.len());
        let mut pipes = Vec::with_capacity(ports.len());
        for &port in ports {
            let (near, far) = tokio::io::duplex(PIPE_BYTES);
            let (err_tx, err_rx) = oneshot::channel();
            streams.insert(port, near);
            errors.insert(port, err_rx);
            pipes.push(Some(far));
            channels.push(PortChannels {
                port,
                data_prefix_seen: false,
                error_prefix_seen: false,
                error: Vec::new(),
                error_tx: Some(err_tx),
            });
        }
        let (done_tx, done) = oneshot::channel();
        let task = tokio::spawn(async move {
            let _ = done_tx.send(pump(socket, channels, pipes, context).await);
        });
        Portforwarder { streams, errors, done, task }
    }

    /// The byte stream to `port`, once: what is written goes to the port in the pod, what the
    /// pod sends is read.
    pub fn take_stream(&mut self, port: u16) -> Option<DuplexStream> {
        self.streams.remove(&port)
    }

    /// The error the server reports for `port` (for example nothing listening there), once: it
    /// resolves to the message, or to `None` when the connection ends without one.
    pub fn take_error(&mut self, port: u16) -> Option<impl Future<Output = Option<String>> + use<>> {
        self.errors.remove(&port).map(|rx| async move { rx.await.ok() })
    }

    /// Waits until the connection ends.
    pub async fn join(mut self) -> Result<(), Error> {
        self.streams.clear();
        match (&mut self.done).await {
            Ok(r) => r,
            Err(_) => Err(Error::Transport("the port-forward task ended without a result".into())),
        }
    }

    /// Closes the connection.
    pub fn abort(&self) {
        self.task.abort();
    }
}

/// One port's channel state; its byte stream is the same index of the pump's pipes.
struct PortChannels {
    port: u16,
    data_prefix_seen: bool,
    error_prefix_seen: bool,
    error: Vec<u8>,
    error_tx: Option<oneshot::Sender<String>>,
}

impl PortChannels {
    fn finish_error(&mut self) {
        if !self.error.is_empty()
            && let Some(tx) = self.error_tx.take()
        {
            let _ = tx.send(String::from_utf8_lossy(&self.error).into_owned());
        }
    }
}

async fn pump(
    mut socket: Socket,
    mut ports: Vec<PortChannels>,
    mut pipes: Vec<Option<DuplexStream>>,
    context: String,
) -> Result<(), Error> {
    let fail = |e: &dyn std::fmt::Display| Error::Transport(format!("{context}: {e}"));
    let mut buf = vec![0u8; 32 << 10];
    let result = loop {
        tokio::select! {
            message = socket.next() => match message {
                None | Some(Ok(Message::Close(_))) => break Ok(()),
                Some(Err(e)) => break Err(fail(&e)),
                Some(Ok(Message::Binary(data))) => {
                    let Some((&channel, mut rest)) = data.split_first() else { continue };
                    let i = usize::from(channel / 2);
                    let Some(p) = ports.get_mut(i) else { continue };
                    let is_error = channel % 2 == 1;
                    let seen = if is_error { &mut p.error_prefix_seen } else { &mut p.data_prefix_seen };
                    if !*seen {
                        // The first message of each channel starts with its port.
                        let Some((prefix, after)) = rest.split_first_chunk::<2>() else {
                            break Err(fail(&format_args!("channel {channel} starts without its port")));
                        };
                        if u16::from_le_bytes(*prefix) != p.port {
                            break Err(fail(&format_args!(
                                "channel {channel} is for port {}, the server named {}",
                                p.port,
                                u16::from_le_bytes(*prefix)
                            )));
                        }
                        *seen = true;
                        rest = after;
                    }
                    if is_error {
                        // The server writes a port's error in one message: hand it over now.
                        let room = MAX_ERROR_BYTES.saturating_sub(p.error.len());
                        p.error.extend_from_slice(&rest[..rest.len().min(room)]);
                        p.finish_error();
                    } else if let Some(w) = &mut pipes[i]
                        && !rest.is_empty()
                        && w.write_all(rest).await.is_err()
                    {
                        pipes[i] = None;
                    }
                }
                Some(Ok(Message::Text(_))) => break Err(fail(&"the server sent a text message; channels are binary")),
                Some(Ok(_)) => {}
            },
            read = websocket::read_any(&mut pipes, &mut buf) => match read {
                (i, Ok(0) | Err(_)) => {
                    // The caller closed its side; the server sees the end with the connection.
                    pipes[i] = None;
                    if pipes.iter().all(Option::is_none) {
                        break Ok(());
                    }
                }
                (i, Ok(n)) => {
                    let channel = u8::try_from(2 * i).unwrap_or(u8::MAX);
                    if let Err(e) = socket.send(Message::Binary(websocket::frame(channel, &buf[..n]))).await {
                        break Err(fail(&e));
                    }
                }
            },
        }
    };
    pipes.clear();
    for p in &mut ports {
        p.finish_error();
    }
    websocket::close_normally(&mut socket).await;
    result
}

mod pods {
    use kapi_api::core::v1::Pod;

    use super::*;
    use crate::Api;

    impl Api<Pod> {
        /// Forwards `ports` of a pod (`…/pods/<name>/portforward?ports=…` over a WebSocket): take
        /// each port's byte stream with [`Portforwarder::take_stream`].
        pub async fn portforward(&self, name: &str, ports: &[u16]) -> Result<Portforwarder, Error> {
            if ports.is_empty() {
                return Err(Error::InvalidRequest("portforward: no ports given".into()));
            }
            // Channels are one byte: two per port.
            if ports.len() > 127 {
                return Err(Error::InvalidRequest(format!("portforward: {} ports; at most 127", ports.len())));
            }
            let mut seen = std::collections::HashSet::new();
            if let Some(p) = ports.iter().find(|p| !seen.insert(**p)) {
                return Err(Error::InvalidRequest(format!("portforward: port {p} is given twice")));
            }
            if ports.contains(&0) {
                return Err(Error::InvalidRequest("portforward: port 0 is not a port".into()));
            }
            let query: Vec<String> = ports.iter().map(|p| format!("ports={p}")).collect();
            let url =
                format!("{}{}/portforward?{}", self.client().base_url(), self.item_path(name, None)?, query.join("&"));
            let (socket, _) = websocket::connect(self.client(), &url, &[websocket::PROTOCOL_V4]).await?;
            Ok(Portforwarder::start(socket, ports, format!("GET {url}")))
        }
    }
}
