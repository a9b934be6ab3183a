//! Commands in containers: `exec` and `attach` on pods over a WebSocket, with stdin, stdout, stderr, terminal resizes and the command's exit status.
//!
//! One task owns the socket. It copies stdin into channel 0, the server's stdout and stderr into
//! pipes the caller reads, terminal sizes into channel 4, and keeps the `Status` of channel 3 for
//! [`AttachedProcess::join`]. Every pipe is bounded, so a caller that stops reading makes the
//! task stop reading the socket (and the server stop sending) instead of buffering without end.

use futures_util::{SinkExt, StreamExt};
use kapi_api::meta::v1::Status;
use tokio::io::{AsyncWriteExt, DuplexStream};
use tokio::sync::{mpsc, oneshot};
use tokio_tungstenite::tungstenite::Message;

use crate::Error;
use crate::websocket::{self, CLOSE, ERROR, PROTOCOL_V5, RESIZE, STDERR, STDIN, STDOUT, Socket};

/// Bytes each pipe between the caller and the socket task holds.
const PIPE_BYTES: usize = 64 << 10;
/// The most bytes of channel 3 kept: a `Status` is small; more is a broken server.
const MAX_STATUS_BYTES: usize = 64 << 10;

/// A terminal size sent on the resize channel (the names are upstream's, capitalized).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct TerminalSize {
    /// Columns.
    pub width: u16,
    /// Rows.
    pub height: u16,
}

/// How a command ended, from the `Status` the server sends on the error channel.
#[derive(Debug, Clone, PartialEq)]
pub struct ExitStatus {
    /// The exit code: 0 on success, the command's code for `NonZeroExitCode`; `None` when the
    /// server reports another failure (see `status.message`).
    pub code: Option<i32>,
    /// The server's `Status` (a default `Success` status when it sent none).
    pub status: Status,
}

impl ExitStatus {
    /// Whether the command exited with 0.
    pub fn success(&self) -> bool {
        self.code == Some(0)
    }

    /// Reads channel 3: a JSON `Status` (nothing at all means success, as client-go reads it).
    fn from_channel(data: &[u8], context: &str) -> Result<ExitStatus, Error> {
        if data.is_empty() {
            let status = Status { status: "Success".into(), ..Status::default() };
            return Ok(ExitStatus { code: Some(0), status });
        }
        let status: Status = kapi_machinery::json::from_slice(data).map_err(|e| Error::Decode {
            context: context.to_owned(),
            source: format!("the error channel does not hold a Status: {e}").into(),
        })?;
        let code = match status.status.as_str() {
            "Success" => Some(0),
            "Failure" if status.reason.0 == "NonZeroExitCode" => {
                let cause = status.details.as_ref().and_then(|d| d.causes.iter().find(|c| c.r#type.0 == "ExitCode"));
                let Some(cause) = cause else {
                    return Err(Error::Decode {
                        context: context.to_owned(),
                        source: "a NonZeroExitCode status without an ExitCode cause".into(),
                    });
                };
                Some(cause.message.parse::<i32>().map_err(|_| Error::Decode {
                    context: context.to_owned(),
                    source: format!("the exit code {:?} is not a number", cause.message).into(),
                })?)
            }
            _ => None,
        };
        Ok(ExitStatus { code, status })
    }
}

/// A command running in a container, attached over a WebSocket.
#[derive(Debug)]
pub struct AttachedProcess {
    stdin: Option<DuplexStream>,
    stdout: Option<DuplexStream>,
    stderr: Option<DuplexStream>,
    resize: Option<mpsc::Sender<TerminalSize>>,
    done: oneshot::Receiver<Result<ExitStatus, Error>>,
    task: tokio::task::JoinHandle<()>,
}

/// Which streams a command was started with.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Streams {
    pub stdin: bool,
    pub stdout: bool,
    pub stderr: bool,
    pub tty: bool,
}

impl AttachedProcess {
    /// Starts the task that serves the socket.
    pub(crate) fn start(socket: Socket, protocol: String, streams: Streams, context: String) -> AttachedProcess {
        let pipe = |on: bool| if on { Some(tokio::io::duplex(PIPE_BYTES)) } else { None };
        let (stdin, stdin_far) = pipe(streams.stdin).unzip();
        let (stdout, stdout_far) = pipe(streams.stdout).unzip();
        // With a terminal the server merges stderr into stdout.
        let (stderr, stderr_far) = pipe(streams.stderr && !streams.tty).unzip();
        let (resize, resize_rx) = if streams.tty {
            let (tx, rx) = mpsc::channel(8);
            (Some(tx), Some(rx))
        } else {
            (None, None)
        };
        let (done_tx, done) = oneshot::channel();
        let pump = Pump {
            socket,
            close_signal: protocol == PROTOCOL_V5,
            stdin: stdin_far,
            stdout: stdout_far,
            stderr: stderr_far,
            resize: resize_rx,
            status: Vec::new(),
            context,
        };
        let task = tokio::spawn(async move {
            let _ = done_tx.send(pump.run().await);
        });
        AttachedProcess { stdin, stdout, stderr, resize, done, task }
    }

    /// The command's standard input, once; shutting it down (or dropping it) ends the input
    /// (with `v5.channel.k8s.io`; older servers see the end only when the connection closes).
    pub fn stdin(&mut self) -> Option<DuplexStream> {
        self.stdin.take()
    }

    /// The command's standard output, once.
    pub fn stdout(&mut self) -> Option<DuplexStream> {
        self.stdout.take()
    }

    /// The command's standard error, once (none with a terminal: it is merged into stdout).
    pub fn stderr(&mut self) -> Option<DuplexStream> {
        self.stderr.take()
    }

    /// A sender of terminal sizes, once (only with `tty`).
    pub fn terminal_size(&mut self) -> Option<mpsc::Sender<TerminalSize>> {
        self.resize.take()
    }

    /// Waits for the command to end and returns how it ended. Output not yet read stays
    /// readable from the streams taken before.
    pub async fn join(mut self) -> Result<ExitStatus, Error> {
        // Output nobody took must not hold the task up.
        self.stdout = None;
        self.stderr = None;
        match (&mut self.done).await {
            Ok(r) => r,
            Err(_) => Err(Error::Transport("the exec task ended without a result".into())),
        }
    }

    /// Closes the connection; the command's streams end.
    pub fn abort(&self) {
        self.task.abort();
    }
}

struct Pump {
    socket: Socket,
    close_signal: bool,
    stdin: Option<DuplexStream>,
    stdout: Option<DuplexStream>,
    stderr: Option<DuplexStream>,
    resize: Option<mpsc::Receiver<TerminalSize>>,
    status: Vec<u8>,
    context: String,
}

impl Pump {
    async fn run(mut self) -> Result<ExitStatus, Error> {
        let fail = |context: &str, e: &dyn std::fmt::Display| Error::Transport(format!("{context}: {e}"));
        let mut buf = vec![0u8; 32 << 10];
        loop {
            tokio::select! {
                message = self.socket.next() => match message {
                    None => break,
                    Some(Err(e)) => return Err(fail(&self.context, &e)),
                    Some(Ok(Message::Binary(data))) => self.deliver(&data).await?,
                    Some(Ok(Message::Close(_))) => break,
                    Some(Ok(Message::Text(_))) => {
                        return Err(fail(&self.context, &"the server sent a text message; channels are binary"));
                    }
                    Some(Ok(_)) => {}
                },
                n = websocket::read_open(&mut self.stdin, &mut buf), if self.stdin.is_some() => match n {
                    Ok(0) | Err(_) => {
                        self.stdin = None;
                        if self.close_signal {
                            self.send(&[CLOSE, STDIN]).await?;
                        }
                    }
                    Ok(n) => {
                        let message = websocket::frame(STDIN, &buf[..n]);
                        self.socket.send(Message::Binary(message)).await.map_err(|e| fail(&self.context, &e))?;
                    }
                },
                size = recv_some(&mut self.resize), if self.resize.is_some() => match size {
                    None => self.resize = None,
                    Some(size) => {
                        let json = format!("{{\"Width\":{},\"Height\":{}}}", size.width, size.height);
                        self.send(&websocket::frame(RESIZE, json.as_bytes())).await?;
                    }
                },
            }
        }
        // The output ends here: dropping the pipes' far ends gives the readers end-of-file.
        self.stdout = None;
        self.stderr = None;
        websocket::close_normally(&mut self.socket).await;
        ExitStatus::from_channel(&self.status, &self.context)
    }

    async fn send(&mut self, data: &[u8]) -> Result<(), Error> {
        let message = Message::Binary(bytes::Bytes::copy_from_slice(data));
        self.socket.send(message).await.map_err(|e| Error::Transport(format!("{}: {e}", self.context)))
    }

    /// Hands one server message to its channel. Output a caller no longer reads is dropped.
    async fn deliver(&mut self, data: &[u8]) -> Result<(), Error> {
        let Some((&channel, rest)) = data.split_first() else { return Ok(()) };
        let pipe = match channel {
            STDOUT => &mut self.stdout,
            STDERR => &mut self.stderr,
            ERROR => {
                if self.status.len() + rest.len() > MAX_STATUS_BYTES {
                    return Err(Error::Decode {
                        context: self.context.clone(),
                        source: format!("the error channel sent more than {MAX_STATUS_BYTES} bytes").into(),
                    });
                }
                self.status.extend_from_slice(rest);
                return Ok(());
            }
            // Unknown channels are skipped, as client-go skips them.
            _ => return Ok(()),
        };
        if let Some(w) = pipe
            && w.write_all(rest).await.is_err()
        {
            *pipe = None;
        }
        Ok(())
    }
}

async fn recv_some<T>(rx: &mut Option<mpsc::Receiver<T>>) -> Option<T> {
    match rx {
        Some(rx) => rx.recv().await,
        None => std::future::pending().await,
    }
}

mod pods {
    use kapi_api::core::v1::{Pod, PodAttachOptions, PodExecOptions};

    use super::*;
    use crate::Api;
    use crate::client::query_of;
    use crate::websocket::PROTOCOL_V4;

    impl Api<Pod> {
        /// Runs a command in a container (`…/pods/<name>/exec` over a WebSocket, protocols
        /// `v5.channel.k8s.io` then `v4.channel.k8s.io`). `options.command` is the command and
        /// its arguments; the streams asked for are on the returned process.
        pub async fn exec(&self, name: &str, options: &PodExecOptions) -> Result<AttachedProcess, Error> {
            if options.command.as_ref().is_none_or(Vec::is_empty) {
                return Err(Error::InvalidRequest("exec: options.command is empty".into()));
            }
            let streams =
                Streams { stdin: options.stdin, stdout: options.stdout, stderr: options.stderr, tty: options.tty };
            self.stream_command(name, "exec", &query_of(options).encode(), streams).await
        }

        /// Attaches to a running container's process (`…/pods/<name>/attach`).
        pub async fn attach(&self, name: &str, options: &PodAttachOptions) -> Result<AttachedProcess, Error> {
            let streams =
                Streams { stdin: options.stdin, stdout: options.stdout, stderr: options.stderr, tty: options.tty };
            self.stream_command(name, "attach", &query_of(options).encode(), streams).await
        }

        async fn stream_command(
            &self,
            name: &str,
            subresource: &str,
            query: &str,
            streams: Streams,
        ) -> Result<AttachedProcess, Error> {
            if !(streams.stdin || streams.stdout || streams.stderr) {
                return Err(Error::InvalidRequest(format!(
                    "{subresource}: at least one of stdin, stdout and stderr must be asked for"
                )));
            }
            let url = format!("{}{}/{subresource}?{query}", self.client().base_url(), self.item_path(name, None)?);
            let (socket, protocol) =
                websocket::connect(self.client(), &url, &[websocket::PROTOCOL_V5, PROTOCOL_V4]).await?;
            Ok(AttachedProcess::start(socket, protocol, streams, format!("GET {url}")))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn exit_status_follows_the_error_channel() {
        let ok = ExitStatus::from_channel(b"", "t").unwrap();
        assert!(ok.success());
        let ok = ExitStatus::from_channel(br#"{"metadata":{},"status":"Success"}"#, "t").unwrap();
        assert_eq!(ok.code, Some(0));
        let failed = ExitStatus::from_channel(
            br#"{"metadata":{},"status":"Failure","message":"command terminated with non-zero exit code","reason":"NonZeroExitCode","details":{"causes":[{"reason":"ExitCode","message":"3"}]}}"#,
            "t",
        )
        .unwrap();
        assert_eq!(failed.code, Some(3));
        let other =
            ExitStatus::from_channel(br#"{"metadata":{},"status":"Failure","message":"no such container"}"#, "t")
                .unwrap();
        assert_eq!((other.code, other.status.message.as_str()), (None, "no such container"));
        let err = ExitStatus::from_channel(
            br#"{"metadata":{},"status":"Failure","reason":"NonZeroExitCode","details":{"causes":[]}}"#,
            "t",
        )
        .unwrap_err();
        assert!(err.to_string().contains("ExitCode cause"), "{err}");
        assert!(ExitStatus::from_channel(b"not json", "t").is_err());
    }
}
