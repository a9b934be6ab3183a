//! Pod `exec`, `attach` and `portforward` over WebSockets, answered by handlers the test registers: the test server runs no containers, so a test says what a command does or where a port leads.
//!
//! The wire is the API server's: `v5.channel.k8s.io` and `v4.channel.k8s.io` for commands (stdin
//! 0, stdout 1, stderr 2, a `Status` on 3, terminal sizes on 4, the v5 close signal 255), and
//! `v4.channel.k8s.io` for port forwarding (two channels per port, each opened with the port as
//! two little-endian bytes). kubectl's and client-go's WebSocket executors speak it.

use std::future::Future;
use std::pin::Pin;
use std::sync::{Arc, Mutex};

use bytes::Bytes;
use futures_util::{SinkExt, StreamExt};
use http::header::{
    CONNECTION, SEC_WEBSOCKET_ACCEPT, SEC_WEBSOCKET_KEY, SEC_WEBSOCKET_PROTOCOL, SEC_WEBSOCKET_VERSION, UPGRADE,
};
use http::{Method, StatusCode};
use hyper_util::rt::TokioIo;
use kapi_api::meta::errors as api_errors;
use kapi_api::meta::v1::{GetOptions, Status, StatusCause, StatusDetails};
use kapi_http::body::{self, Body};
use kapi_http::channel::{self, CLOSE, ERROR, PROTOCOL_V4, PROTOCOL_V5, RESIZE, STDERR, STDIN, STDOUT};
use kapi_machinery::GroupVersionResource;
use kapi_machinery::json::value;
use tokio::io::{AsyncWriteExt, DuplexStream};
use tokio::sync::mpsc;
use tokio_tungstenite::WebSocketStream;
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::tungstenite::handshake::derive_accept_key;
use tokio_tungstenite::tungstenite::protocol::Role;

use super::ApiServer;
use super::query::{Query, percent_decode};
use crate::tracker::Result;

/// Bytes each pipe between the socket and a handler holds.
const PIPE_BYTES: usize = 64 << 10;

/// A boxed future a handler returns.
pub type HandlerFuture<T> = Pin<Box<dyn Future<Output = T> + Send>>;

/// What a test's exec or attach handler is asked to run.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ExecRequest {
    /// The pod's namespace.
    pub namespace: String,
    /// The pod.
    pub pod: String,
    /// The container (resolved: the pod's only container when the request named none).
    pub container: String,
    /// The command and its arguments (empty for `attach`).
    pub command: Vec<String>,
    /// Whether a terminal was asked for (stderr is then merged into stdout).
    pub tty: bool,
    /// `attach` rather than `exec`.
    pub attach: bool,
}

/// The streams of one command, as the handler sees them: it reads stdin and writes stdout and
/// stderr; dropping a writer ends that stream.
#[derive(Debug)]
pub struct ExecIo {
    /// The client's input, if it asked to send some.
    pub stdin: Option<DuplexStream>,
    /// Output to the client, if it asked for it.
    pub stdout: Option<DuplexStream>,
    /// Error output to the client, if it asked for it (never with a terminal).
    pub stderr: Option<DuplexStream>,
    /// Terminal sizes (columns, rows) the client sends, with a terminal.
    pub resize: Option<mpsc::Receiver<(u16, u16)>>,
}

/// How a command ended.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ExecOutcome {
    /// It exited with this code.
    Exited(i32),
    /// It could not run; the message goes to the client in a `Failure` status.
    Failed(String),
}

/// Where a forwarded port leads.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PortForwardRequest {
    /// The pod's namespace.
    pub namespace: String,
    /// The pod.
    pub pod: String,
    /// The port in the pod.
    pub port: u16,
}

type ExecHandler = Arc<dyn Fn(ExecRequest, ExecIo) -> HandlerFuture<ExecOutcome> + Send + Sync>;
type PortHandler =
    Arc<dyn Fn(PortForwardRequest, DuplexStream) -> HandlerFuture<std::result::Result<(), String>> + Send + Sync>;

/// The registered handlers.
#[derive(Default)]
pub(super) struct PodStreams {
    exec: Mutex<Option<ExecHandler>>,
    port: Mutex<Option<PortHandler>>,
}

fn lock<T>(m: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    m.lock().unwrap_or_else(std::sync::PoisonError::into_inner)
}

impl ApiServer {
    /// Answers `exec` and `attach` on every pod with `handler` (without one, commands fail with a
    /// status saying so).
    pub fn on_exec<F, Fut>(&self, handler: F)
    where
        F: Fn(ExecRequest, ExecIo) -> Fut + Send + Sync + 'static,
        Fut: Future<Output = ExecOutcome> + Send + 'static,
    {
        *lock(&self.streams.exec) = Some(Arc::new(move |r, io| Box::pin(handler(r, io))));
    }

    /// Answers `portforward` on every pod: `handler` gets each forwarded connection's stream
    /// (without one, each port reports an error).
    pub fn on_port_forward<F, Fut>(&self, handler: F)
    where
        F: Fn(PortForwardRequest, DuplexStream) -> Fut + Send + Sync + 'static,
        Fut: Future<Output = std::result::Result<(), String>> + Send + 'static,
    {
        *lock(&self.streams.port) = Some(Arc::new(move |r, s| Box::pin(handler(r, s))));
    }

    /// Serves `pods/<name>/exec`, `attach` and `portforward`; `None` for any other path.
    pub(super) fn serve_pod_stream(
        &self,
        req: &http::Request<Bytes>,
        upgrade: Option<hyper::upgrade::OnUpgrade>,
    ) -> Option<Result<http::Response<Body>>> {
        let segs: Vec<String> =
            req.uri().path().split('/').filter(|s| !s.is_empty()).map(|s| percent_decode(s, false)).collect();
        let [api, v1, nsword, ns, pods, name, sub] = segs.as_slice() else { return None };
        if (api.as_str(), v1.as_str(), nsword.as_str(), pods.as_str()) != ("api", "v1", "namespaces", "pods")
            || !matches!(sub.as_str(), "exec" | "attach" | "portforward")
        {
            return None;
        }
        let (ns, name, sub) = (ns.clone(), name.clone(), sub.clone());
        let gvr = GroupVersionResource::new("", "v1", "pods");
        self.tracker.resource(&gvr)?;
        Some(self.pod_stream(req, upgrade, &gvr, &ns, &name, &sub))
    }

    fn pod_stream(
        &self,
        req: &http::Request<Bytes>,
        upgrade: Option<hyper::upgrade::OnUpgrade>,
        gvr: &GroupVersionResource,
        ns: &str,
        name: &str,
        sub: &str,
    ) -> Result<http::Response<Body>> {
        if !matches!(*req.method(), Method::GET | Method::POST) {
            return Err(api_errors::method_not_allowed());
        }
        let query = Query::parse(req.uri().query());
        let pod = self.tracker.get(gvr, ns, name, &GetOptions::default())?;
        let json = super::codec::encode(super::negotiate::Encoding::Json, pod.as_ref())?;
        let pod = value::parse(&json).map_err(|e| api_errors::internal(&e.to_string()))?;
        let supported: &[&str] = if sub == "portforward" { &[PROTOCOL_V4] } else { &[PROTOCOL_V5, PROTOCOL_V4] };
        let (response, protocol) = handshake(req, supported)?;
        let on_upgrade = upgrade.ok_or_else(|| {
            api_errors::bad_request("this connection cannot be upgraded to a WebSocket (HTTP/1.1 is needed)")
        })?;
        if sub == "portforward" {
            let ports = ports_of(&query)?;
            let handler = lock(&self.streams.port).clone();
            let (ns, name) = (ns.to_owned(), name.to_owned());
            tokio::spawn(async move {
                if let Ok(upgraded) = on_upgrade.await {
                    let socket = server_socket(upgraded).await;
                    serve_ports(socket, handler, ns, name, ports).await;
                }
            });
        } else {
            let attach = sub == "attach";
            let command = query.all("command");
            if !attach && command.is_empty() {
                return Err(api_errors::bad_request("you must specify at least 1 command"));
            }
            let flag = |k: &str| query.bool(k) == Some(true);
            let (stdin, stdout, tty) = (flag("stdin"), flag("stdout"), flag("tty"));
            // With a terminal, stderr is merged into stdout.
            let stderr = flag("stderr") && !tty;
            if !(stdin || stdout || flag("stderr")) {
                return Err(api_errors::bad_request("you must specify at least 1 of stdin, stdout, stderr"));
            }
            let container = super::logs::pick_container(&pod, name, query.get("container").unwrap_or_default())?;
            let request =
                ExecRequest { namespace: ns.to_owned(), pod: name.to_owned(), container, command, tty, attach };
            let handler = lock(&self.streams.exec).clone();
            let close_signal = protocol == PROTOCOL_V5;
            tokio::spawn(async move {
                if let Ok(upgraded) = on_upgrade.await {
                    let socket = server_socket(upgraded).await;
                    serve_command(socket, handler, request, [stdin, stdout, stderr], close_signal).await;
                }
            });
        }
        Ok(response)
    }
}

/// Checks a WebSocket upgrade request and builds the `101` answer with the first protocol the
/// client offers that `supported` has.
fn handshake(req: &http::Request<Bytes>, supported: &[&str]) -> Result<(http::Response<Body>, &'static str)> {
    let header = |name| req.headers().get(name).and_then(|v: &http::HeaderValue| v.to_str().ok()).unwrap_or_default();
    if !header(UPGRADE).eq_ignore_ascii_case("websocket") {
        return Err(api_errors::bad_request(
            "this test server streams exec, attach and portforward over WebSockets only (Upgrade: websocket)",
        ));
    }
    if header(SEC_WEBSOCKET_VERSION) != "13" || header(SEC_WEBSOCKET_KEY).is_empty() {
        return Err(api_errors::bad_request("a WebSocket upgrade needs Sec-WebSocket-Version 13 and a key"));
    }
    let offered = header(SEC_WEBSOCKET_PROTOCOL);
    let protocol = offered
        .split(',')
        .map(str::trim)
        .find_map(|p| [PROTOCOL_V5, PROTOCOL_V4].into_iter().find(|s| *s == p && supported.contains(s)))
        .ok_or_else(|| {
            api_errors::bad_request(format!(
                "no supported WebSocket subprotocol in {offered:?}; this server speaks {}",
                supported.join(", ")
            ))
        })?;
    let accept = derive_accept_key(header(SEC_WEBSOCKET_KEY).as_bytes());
    let response = http::Response::builder()
        .status(StatusCode::SWITCHING_PROTOCOLS)
        .header(UPGRADE, "websocket")
        .header(CONNECTION, "Upgrade")
        .header(SEC_WEBSOCKET_ACCEPT, accept)
        .header(SEC_WEBSOCKET_PROTOCOL, protocol)
        .body(body::empty())
        .map_err(|e| api_errors::internal(&e.to_string()))?;
    Ok((response, protocol))
}

/// The `ports` query parameters, repeated or comma-separated as the API server accepts them.
fn ports_of(query: &Query) -> Result<Vec<u16>> {
    let mut ports = Vec::new();
    for value in query.all("ports") {
        for p in value.split(',') {
            match p.trim().parse::<u16>() {
                Ok(port) if port > 0 => ports.push(port),
                _ => return Err(api_errors::bad_request(format!("invalid port {p:?} in the ports parameter"))),
            }
        }
    }
    if ports.is_empty() {
        return Err(api_errors::bad_request("at least one port must be given (ports)"));
    }
    if ports.len() > 127 {
        return Err(api_errors::bad_request("at most 127 ports can be forwarded at once"));
    }
    Ok(ports)
}

type ServerSocket = WebSocketStream<TokioIo<hyper::upgrade::Upgraded>>;

async fn server_socket(upgraded: hyper::upgrade::Upgraded) -> ServerSocket {
    WebSocketStream::from_raw_socket(TokioIo::new(upgraded), Role::Server, Some(channel::socket_config())).await
}

fn status_message(outcome: &ExecOutcome, command: &[String]) -> Vec<u8> {
    let status = match outcome {
        ExecOutcome::Exited(0) => Status { status: "Success".into(), ..Status::default() },
        ExecOutcome::Exited(code) => Status {
            status: "Failure".into(),
            message: format!(
                "command terminated with non-zero exit code: error executing command {command:?}, exit code {code}"
            ),
            reason: kapi_api::meta::v1::StatusReason("NonZeroExitCode".into()),
            details: Some(StatusDetails {
                causes: vec![StatusCause {
                    r#type: kapi_api::meta::v1::CauseType("ExitCode".into()),
                    message: code.to_string(),
                    ..StatusCause::default()
                }],
                ..StatusDetails::default()
            }),
            ..Status::default()
        },
        ExecOutcome::Failed(message) => {
            Status { status: "Failure".into(), message: message.clone(), ..Status::default() }
        }
    };
    kapi_machinery::json::to_vec(&status).unwrap_or_default()
}

/// Runs one command: the handler on one side of the pipes, the socket on the other.
async fn serve_command(
    mut socket: ServerSocket,
    handler: Option<ExecHandler>,
    request: ExecRequest,
    [stdin, stdout, stderr]: [bool; 3],
    close_signal: bool,
) {
    let pipe = |on: bool| if on { Some(tokio::io::duplex(PIPE_BYTES)) } else { None };
    let (mut stdin_w, stdin_r) = pipe(stdin).unzip();
    let (mut stdout_r, stdout_w) = pipe(stdout).unzip();
    let (mut stderr_r, stderr_w) = pipe(stderr).unzip();
    let (resize_tx, resize_rx) = if request.tty {
        let (tx, rx) = mpsc::channel(8);
        (Some(tx), Some(rx))
    } else {
        (None, None)
    };
    let command = request.command.clone();
    let io = ExecIo { stdin: stdin_r, stdout: stdout_w, stderr: stderr_w, resize: resize_rx };
    let run: HandlerFuture<ExecOutcome> = match handler {
        Some(h) => h(request, io),
        None => {
            // Nothing runs: the command's streams end at once.
            drop(io);
            Box::pin(async {
                ExecOutcome::Failed(
                    "the test server runs no containers: register a handler with ApiServer::on_exec".into(),
                )
            })
        }
    };
    let mut run = tokio::spawn(run);
    let mut outcome = None;
    let mut out_buf = vec![0u8; 32 << 10];
    let mut err_buf = vec![0u8; 32 << 10];
    loop {
        if outcome.is_some() && stdout_r.is_none() && stderr_r.is_none() {
            break;
        }
        tokio::select! {
            message = socket.next() => match message {
                Some(Ok(Message::Binary(data))) => match data.split_first() {
                    Some((&STDIN, rest)) => {
                        if let Some(w) = &mut stdin_w && w.write_all(rest).await.is_err() {
                            stdin_w = None;
                        }
                    }
                    Some((&CLOSE, [STDIN])) if close_signal => stdin_w = None,
                    Some((&RESIZE, rest)) => {
                        if let (Some(tx), Some(size)) = (&resize_tx, terminal_size(rest)) {
                            let _ = tx.try_send(size);
                        }
                    }
                    _ => {}
                },
                Some(Ok(Message::Close(_))) | None | Some(Err(_)) => {
                    run.abort();
                    return;
                }
                Some(Ok(_)) => {}
            },
            n = channel::read_open(&mut stdout_r, &mut out_buf), if stdout_r.is_some() => match n {
                Ok(n) if n > 0 => {
                    if socket.send(Message::Binary(channel::frame(STDOUT, &out_buf[..n]))).await.is_err() {
                        run.abort();
                        return;
                    }
                }
                _ => stdout_r = None,
            },
            n = channel::read_open(&mut stderr_r, &mut err_buf), if stderr_r.is_some() => match n {
                Ok(n) if n > 0 => {
                    if socket.send(Message::Binary(channel::frame(STDERR, &err_buf[..n]))).await.is_err() {
                        run.abort();
                        return;
                    }
                }
                _ => stderr_r = None,
            },
            done = &mut run, if outcome.is_none() => {
                outcome = Some(done.unwrap_or_else(|e| ExecOutcome::Failed(format!("the exec handler failed: {e}"))));
            },
        }
    }
    let outcome = outcome.unwrap_or(ExecOutcome::Exited(0));
    let _ = socket.send(Message::Binary(channel::frame(ERROR, &status_message(&outcome, &command)))).await;
    channel::close_normally(&mut socket).await;
}

/// A resize message: `{"Width":…,"Height":…}`.
fn terminal_size(data: &[u8]) -> Option<(u16, u16)> {
    let v = value::parse(data).ok()?;
    let dim = |k: &str| match v.get(k) {
        Some(value::Value::Number(n)) => n.parse::<u16>().ok(),
        _ => None,
    };
    Some((dim("Width")?, dim("Height")?))
}

/// Forwards each port of one connection to the handler.
async fn serve_ports(
    mut socket: ServerSocket,
    handler: Option<PortHandler>,
    namespace: String,
    pod: String,
    ports: Vec<u16>,
) {
    let (errors_tx, mut errors_rx) = mpsc::channel::<(usize, String)>(ports.len().max(1));
    let mut pipes: Vec<Option<DuplexStream>> = Vec::with_capacity(ports.len());
    for (i, &port) in ports.iter().enumerate() {
        // Each channel opens with its port, data channel first.
        for channel in [2 * i, 2 * i + 1] {
            let first = channel::frame(u8::try_from(channel).unwrap_or(u8::MAX), &port.to_le_bytes());
            if socket.send(Message::Binary(first)).await.is_err() {
                return;
            }
        }
        let (near, far) = tokio::io::duplex(PIPE_BYTES);
        pipes.push(Some(near));
        let request = PortForwardRequest { namespace: namespace.clone(), pod: pod.clone(), port };
        let errors = errors_tx.clone();
        let handler = handler.clone();
        tokio::spawn(async move {
            let result = match handler {
                Some(h) => h(request, far).await,
                None => Err(format!(
                    "the test server forwards no ports: register a handler with ApiServer::on_port_forward (port {port})"
                )),
            };
            if let Err(message) = result {
                let _ = errors.send((i, message)).await;
            }
        });
    }
    drop(errors_tx);
    let mut buf = vec![0u8; 32 << 10];
    let mut errors_open = true;
    loop {
        tokio::select! {
            message = socket.next() => match message {
                Some(Ok(Message::Binary(data))) => {
                    let Some((&channel, rest)) = data.split_first() else { continue };
                    let i = usize::from(channel / 2);
                    if channel % 2 == 0
                        && let Some(Some(w)) = pipes.get_mut(i)
                        && w.write_all(rest).await.is_err()
                    {
                        pipes[i] = None;
                    }
                }
                Some(Ok(Message::Close(_))) | None | Some(Err(_)) => return,
                Some(Ok(_)) => {}
            },
            read = channel::read_any(&mut pipes, &mut buf) => match read {
                (i, Ok(n)) if n > 0 => {
                    let channel = u8::try_from(2 * i).unwrap_or(u8::MAX);
                    if socket.send(Message::Binary(channel::frame(channel, &buf[..n]))).await.is_err() {
                        return;
                    }
                }
                (i, _) => pipes[i] = None,
            },
            error = errors_rx.recv(), if errors_open => match error {
                Some((i, message)) => {
                    let channel = u8::try_from(2 * i + 1).unwrap_or(u8::MAX);
                    if socket.send(Message::Binary(channel::frame(channel, message.as_bytes()))).await.is_err() {
                        return;
                    }
                }
                None => errors_open = false,
            },
        }
        if pipes.iter().all(Option::is_none) && !errors_open {
            break;
        }
    }
    channel::close_normally(&mut socket).await;
}
