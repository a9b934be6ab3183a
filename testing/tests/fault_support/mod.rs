//! A fault-injecting HTTP/1.1 proxy on loopback for the fault tests: it sits between kapi-client and a `TestServer`, and for chosen requests answers a status of its own, delays, resets or closes the connection, or cuts the response body after some bytes or events.
//!
//! It parses just enough HTTP/1.1 to do that: a request's head and `Content-Length` body, and
//! a response's head and its body framing (`Content-Length` or chunked), so that a client
//! connection stays open across requests, as it would with the server itself. Each request goes
//! to the server on a connection of its own (`Connection: close`), so cutting one response never
//! disturbs another. Every request is logged with the time it arrived, so tests can check how
//! the client spaced its retries.

#![allow(dead_code, reason = "the `faults` binary and kapi-runtime's `runtime` binary each use part of it")]

pub mod harness;

use std::future::Future;
use std::net::SocketAddr;
use std::sync::{Arc, Mutex, PoisonError};
use std::time::Duration;

use tokio::io::{AsyncBufRead, AsyncBufReadExt, AsyncReadExt, AsyncWriteExt, BufReader};
use tokio::net::{TcpListener, TcpStream};
use tokio::task::{JoinHandle, JoinSet};
use tokio::time::Instant;

/// The longest request or response head, or chunk-size line, the proxy reads.
const MAX_HEAD: usize = 64 * 1024;
/// The largest request body the proxy reads (the test server's own limit is 3 MiB).
const MAX_REQUEST_BODY: usize = 4 * 1024 * 1024;

/// What the proxy does to a matching request.
#[derive(Debug, Clone, PartialEq)]
pub enum Fault {
    /// Answers this status itself with a `Status` body (and `Retry-After` when given), without
    /// asking the server.
    Status { code: u16, reason: &'static str, message: String, retry_after: Option<u32> },
    /// Reads the request, then resets the connection (`RST`) without forwarding it.
    ResetBeforeForward,
    /// Reads the request, then closes the connection (`FIN`) without forwarding it.
    CloseBeforeForward,
    /// Forwards the request and waits for the server's response head, then resets the
    /// connection: the server has acted on the request, the client never hears of it.
    ResetAfterForward,
    /// Waits, then forwards the request as usual.
    Delay(Duration),
    /// Forwards the response head and the first `after` bytes of the body (counted without the
    /// chunk framing, so the cut may fall inside a chunk), then resets or closes.
    CutBody { after: usize, reset: bool },
    /// Forwards the response head and every chunk up to the one that completes the `events`-th
    /// newline-terminated line (one watch event each), then resets or closes: the body ends
    /// without its last chunk.
    CutAfterEvents { events: usize, reset: bool },
    /// Forwards `events` events, then ends the body cleanly (the last chunk), as a server ends a
    /// watch at its timeout.
    EndAfterEvents { events: usize },
}

impl Fault {
    /// `429 TooManyRequests` with `Retry-After`, as kube-apiserver's max-in-flight filter says it.
    pub fn too_many_requests(retry_after: u32) -> Fault {
        Fault::Status {
            code: 429,
            reason: "TooManyRequests",
            message: "Too many requests, please try again later.".into(),
            retry_after: Some(retry_after),
        }
    }

    /// `500 InternalError`.
    pub fn internal_error() -> Fault {
        Fault::Status {
            code: 500,
            reason: "InternalError",
            message: "Internal error occurred: injected by the fault proxy".into(),
            retry_after: None,
        }
    }

    /// `503 ServiceUnavailable`, with `Retry-After` when given.
    pub fn unavailable(retry_after: Option<u32>) -> Fault {
        Fault::Status {
            code: 503,
            reason: "ServiceUnavailable",
            message: "the server is currently unable to handle the request".into(),
            retry_after,
        }
    }

    /// `410 Expired`, as kube-apiserver answers a watch or list from a compacted version.
    pub fn expired() -> Fault {
        Fault::Status {
            code: 410,
            reason: "Expired",
            message: "too old resource version: 1 (2)".into(),
            retry_after: None,
        }
    }
}

/// Which requests a rule applies to.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Match {
    /// Only this method.
    pub method: Option<&'static str>,
    /// Only watches (`watch=true` in the query), or only other requests.
    pub watch: Option<bool>,
    /// Only requests whose path and query contain this text.
    pub contains: Option<String>,
}

impl Match {
    /// Every request.
    pub fn any() -> Match {
        Match::default()
    }

    /// Watch requests.
    pub fn watches() -> Match {
        Match { method: Some("GET"), watch: Some(true), ..Match::default() }
    }

    /// List requests (GETs of a collection that are not watches: the path must contain `path`).
    pub fn lists(path: &str) -> Match {
        Match { method: Some("GET"), watch: Some(false), contains: Some(path.into()) }
    }

    /// Requests with this method.
    pub fn method(method: &'static str) -> Match {
        Match { method: Some(method), ..Match::default() }
    }

    /// Also requires `text` in the path and query.
    pub fn containing(mut self, text: &str) -> Match {
        self.contains = Some(text.into());
        self
    }

    fn matches(&self, req: &Request) -> bool {
        self.method.is_none_or(|m| m == req.method)
            && self.watch.is_none_or(|w| w == req.is_watch())
            && self.contains.as_ref().is_none_or(|t| req.target.contains(t.as_str()))
    }
}

/// A fault for the next `times` requests that match.
#[derive(Debug, Clone)]
struct Rule {
    matcher: Match,
    fault: Fault,
    times: usize,
}

/// A request the proxy received.
#[derive(Debug, Clone)]
pub struct Seen {
    pub method: String,
    /// The path and query.
    pub target: String,
    /// When its head had arrived.
    pub at: Instant,
    /// The fault it got, if any.
    pub fault: Option<Fault>,
}

impl Seen {
    pub fn is_watch(&self) -> bool {
        is_watch(&self.target)
    }
}

fn is_watch(target: &str) -> bool {
    target.split_once('?').is_some_and(|(_, q)| q.split('&').any(|p| p == "watch=true" || p == "watch=1"))
}

#[derive(Default)]
struct State {
    rules: Mutex<Vec<Rule>>,
    seen: Mutex<Vec<Seen>>,
}

fn lock<T>(m: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    m.lock().unwrap_or_else(PoisonError::into_inner)
}

impl State {
    /// The fault for a request: the first rule that matches and has uses left.
    fn take(&self, req: &Request) -> Option<Fault> {
        let mut rules = lock(&self.rules);
        let idx = rules.iter().position(|r| r.times > 0 && r.matcher.matches(req))?;
        rules[idx].times -= 1;
        let fault = rules[idx].fault.clone();
        if rules[idx].times == 0 {
            rules.remove(idx);
        }
        Some(fault)
    }
}

/// The proxy: listens on `127.0.0.1`, forwards to `upstream`. Dropping it stops it and every
/// connection it holds.
pub struct FaultProxy {
    addr: SocketAddr,
    state: Arc<State>,
    task: JoinHandle<()>,
}

impl Drop for FaultProxy {
    fn drop(&mut self) {
        self.task.abort();
    }
}

impl FaultProxy {
    /// Starts a proxy to `upstream` (a loopback address).
    pub async fn start(upstream: SocketAddr) -> FaultProxy {
        let listener = TcpListener::bind(SocketAddr::from(([127, 0, 0, 1], 0))).await.expect("binds a loopback port");
        let addr = listener.local_addr().expect("a bound listener has an address");
        let state = Arc::new(State::default());
        let shared = state.clone();
        let task = tokio::spawn(async move {
            // Aborting this task drops the set, which aborts every connection.
            let mut conns = JoinSet::new();
            loop {
                tokio::select! {
                    accepted = listener.accept() => match accepted {
                        Ok((stream, _)) => {
                            conns.spawn(serve_client(shared.clone(), stream, upstream));
                        }
                        Err(_) => tokio::time::sleep(Duration::from_millis(10)).await,
                    },
                    Some(_) = conns.join_next(), if !conns.is_empty() => {}
                }
            }
        });
        FaultProxy { addr, state, task }
    }

    /// The base URL the client uses: `http://127.0.0.1:<port>`.
    pub fn url(&self) -> String {
        format!("http://{}", self.addr)
    }

    /// Applies `fault` to the next `times` requests that match `matcher` (rules are tried in
    /// the order they were added).
    pub fn inject(&self, matcher: Match, fault: Fault, times: usize) {
        if times > 0 {
            lock(&self.state.rules).push(Rule { matcher, fault, times });
        }
    }

    /// Drops every rule not used up yet.
    pub fn clear(&self) {
        lock(&self.state.rules).clear();
    }

    /// How many uses the rules still have.
    pub fn pending(&self) -> usize {
        lock(&self.state.rules).iter().map(|r| r.times).sum()
    }

    /// Every request received so far, oldest first.
    pub fn seen(&self) -> Vec<Seen> {
        lock(&self.state.seen).clone()
    }

    /// Waits (within `limit`) until every rule has been used up.
    pub async fn until_used(&self, limit: Duration) {
        within(limit, async {
            while self.pending() > 0 {
                tokio::time::sleep(Duration::from_millis(2)).await;
            }
        })
        .await
    }
}

/// Fails the test if `f` takes longer than `limit`: every wait in the fault tests has one.
pub async fn within<T>(limit: Duration, f: impl Future<Output = T>) -> T {
    match tokio::time::timeout(limit, f).await {
        Ok(v) => v,
        Err(_) => panic!("timed out after {limit:?}"),
    }
}

/// A request as read from the client.
struct Request {
    method: String,
    target: String,
    /// The head as received, without its final empty line.
    head_lines: Vec<String>,
    body: Vec<u8>,
}

impl Request {
    fn is_watch(&self) -> bool {
        is_watch(&self.target)
    }

    /// The request as sent to the server: the same head with `Connection: close`.
    fn upstream_bytes(&self) -> Vec<u8> {
        let mut out = Vec::new();
        for line in &self.head_lines {
            if header_name(line).is_some_and(|n| n.eq_ignore_ascii_case("connection")) {
                continue;
            }
            out.extend_from_slice(line.as_bytes());
            out.extend_from_slice(b"\r\n");
        }
        out.extend_from_slice(b"connection: close\r\n\r\n");
        out.extend_from_slice(&self.body);
        out
    }
}

fn header_name(line: &str) -> Option<&str> {
    line.split_once(':').map(|(n, _)| n.trim())
}

fn header_value<'a>(lines: &'a [String], name: &str) -> Option<&'a str> {
    lines.iter().skip(1).find_map(|l| {
        let (n, v) = l.split_once(':')?;
        n.trim().eq_ignore_ascii_case(name).then_some(v.trim())
    })
}

/// One line ending in CRLF (returned without it), at most `MAX_HEAD` bytes; `None` at EOF
/// before any byte.
async fn read_line<R: AsyncBufRead + Unpin>(r: &mut R) -> std::io::Result<Option<String>> {
    let mut line = Vec::new();
    loop {
        let buf = r.fill_buf().await?;
        if buf.is_empty() {
            if line.is_empty() {
                return Ok(None);
            }
            return Err(std::io::ErrorKind::UnexpectedEof.into());
        }
        let (take, done) = match buf.iter().position(|b| *b == b'\n') {
            Some(i) => (i + 1, true),
            None => (buf.len(), false),
        };
        line.extend_from_slice(&buf[..take]);
        r.consume(take);
        if line.len() > MAX_HEAD {
            return Err(std::io::Error::other("line too long"));
        }
        if done {
            while matches!(line.last(), Some(b'\n' | b'\r')) {
                line.pop();
            }
            return String::from_utf8(line).map(Some).map_err(std::io::Error::other);
        }
    }
}

/// A head: lines up to the empty one; `None` at a clean EOF before it.
async fn read_head<R: AsyncBufRead + Unpin>(r: &mut R) -> std::io::Result<Option<Vec<String>>> {
    let mut lines = Vec::new();
    let mut total = 0;
    loop {
        let Some(line) = read_line(r).await? else {
            return if lines.is_empty() { Ok(None) } else { Err(std::io::ErrorKind::UnexpectedEof.into()) };
        };
        if line.is_empty() {
            if lines.is_empty() {
                continue;
            }
            return Ok(Some(lines));
        }
        total += line.len();
        if total > MAX_HEAD {
            return Err(std::io::Error::other("head too long"));
        }
        lines.push(line);
    }
}

async fn read_request<R: AsyncBufRead + Unpin>(r: &mut R) -> std::io::Result<Option<Request>> {
    let Some(head_lines) = read_head(r).await? else { return Ok(None) };
    let mut parts = head_lines[0].split(' ');
    let method = parts.next().unwrap_or_default().to_string();
    let target = parts.next().unwrap_or_default().to_string();
    if header_value(&head_lines, "transfer-encoding").is_some() {
        return Err(std::io::Error::other("chunked requests are not supported by the fault proxy"));
    }
    let len = match header_value(&head_lines, "content-length") {
        Some(v) => v.parse::<usize>().map_err(std::io::Error::other)?,
        None => 0,
    };
    if len > MAX_REQUEST_BODY {
        return Err(std::io::Error::other("request body too large"));
    }
    let mut body = vec![0; len];
    r.read_exact(&mut body).await?;
    Ok(Some(Request { method, target, head_lines, body }))
}

/// Ends a client connection with `RST`.
fn reset(stream: BufReader<TcpStream>) {
    let stream = stream.into_inner();
    let _ = stream.set_zero_linger();
    drop(stream);
}

async fn serve_client(state: Arc<State>, stream: TcpStream, upstream: SocketAddr) {
    let _ = stream.set_nodelay(true);
    let mut client = BufReader::new(stream);
    loop {
        let req = match read_request(&mut client).await {
            Ok(Some(req)) => req,
            Ok(None) | Err(_) => return,
        };
        let fault = state.take(&req);
        lock(&state.seen).push(Seen {
            method: req.method.clone(),
            target: req.target.clone(),
            at: Instant::now(),
            fault: fault.clone(),
        });
        let cut = match fault {
            Some(Fault::Status { code, reason, message, retry_after }) => {
                if write_status(client.get_mut(), code, reason, &message, retry_after).await.is_err() {
                    return;
                }
                continue;
            }
            Some(Fault::ResetBeforeForward) => return reset(client),
            Some(Fault::CloseBeforeForward) => return,
            Some(Fault::Delay(d)) => {
                tokio::time::sleep(d).await;
                None
            }
            other => other,
        };
        match forward(&req, &mut client, upstream, cut.as_ref()).await {
            Ok(Outcome::KeepAlive) => {}
            Ok(Outcome::Close) | Err(_) => return,
            Ok(Outcome::Reset) => return reset(client),
        }
    }
}

async fn write_status(
    client: &mut TcpStream,
    code: u16,
    reason: &str,
    message: &str,
    retry_after: Option<u32>,
) -> std::io::Result<()> {
    let mut details = String::new();
    if let Some(s) = retry_after {
        details = format!(r#","details":{{"retryAfterSeconds":{s}}}"#);
    }
    let body = format!(
        r#"{{"kind":"Status","apiVersion":"v1","metadata":{{}},"status":"Failure","message":"{message}","reason":"{reason}"{details},"code":{code}}}"#
    );
    let mut head =
        format!("HTTP/1.1 {code} {reason}\r\ncontent-type: application/json\r\ncontent-length: {}\r\n", body.len());
    if let Some(s) = retry_after {
        head.push_str(&format!("retry-after: {s}\r\n"));
    }
    head.push_str("\r\n");
    client.write_all(head.as_bytes()).await?;
    client.write_all(body.as_bytes()).await
}

/// What becomes of the client connection after a response.
enum Outcome {
    KeepAlive,
    Close,
    Reset,
}

/// Where a response body is cut.
struct Cutter {
    fault: Option<Fault>,
    bytes: usize,
    events: usize,
}

impl Cutter {
    /// How many of `data`'s bytes go out before the cut, if the cut falls inside them.
    fn byte_cut(&self, data: &[u8]) -> Option<usize> {
        match self.fault {
            Some(Fault::CutBody { after, .. }) if self.bytes + data.len() > after => Some(after - self.bytes),
            _ => None,
        }
    }

    fn count(&mut self, data: &[u8]) {
        self.bytes += data.len();
        self.events += data.iter().filter(|b| **b == b'\n').count();
    }

    /// After whole chunks: whether the events wanted have passed, and how to end.
    fn event_cut(&self) -> Option<Outcome> {
        match self.fault {
            Some(Fault::CutAfterEvents { events, reset }) if self.events >= events => {
                Some(if reset { Outcome::Reset } else { Outcome::Close })
            }
            Some(Fault::EndAfterEvents { events }) if self.events >= events => Some(Outcome::KeepAlive),
            _ => None,
        }
    }

    fn ending(&self) -> Outcome {
        match self.fault {
            Some(Fault::CutBody { reset: true, .. }) => Outcome::Reset,
            _ => Outcome::Close,
        }
    }
}

/// Sends the request to the server on a connection of its own and relays the response,
/// applying `fault` to it.
async fn forward(
    req: &Request,
    client: &mut BufReader<TcpStream>,
    upstream: SocketAddr,
    fault: Option<&Fault>,
) -> std::io::Result<Outcome> {
    let stream = TcpStream::connect(upstream).await?;
    let _ = stream.set_nodelay(true);
    let mut server = BufReader::new(stream);
    server.get_mut().write_all(&req.upstream_bytes()).await?;
    let Some(head) = read_head(&mut server).await? else { return Ok(Outcome::Close) };
    if fault == Some(&Fault::ResetAfterForward) {
        return Ok(Outcome::Reset);
    }
    let status: u16 = head[0].split(' ').nth(1).and_then(|s| s.parse().ok()).unwrap_or(0);
    let chunked = header_value(&head, "transfer-encoding").is_some_and(|v| v.eq_ignore_ascii_case("chunked"));
    let length = header_value(&head, "content-length").and_then(|v| v.parse::<usize>().ok());
    let mut out = Vec::new();
    for line in &head {
        // The server closes its side after each response; the client's connection stays open.
        if header_name(line).is_some_and(|n| n.eq_ignore_ascii_case("connection")) {
            continue;
        }
        out.extend_from_slice(line.as_bytes());
        out.extend_from_slice(b"\r\n");
    }
    out.extend_from_slice(b"\r\n");
    let w = client.get_mut();
    w.write_all(&out).await?;
    let mut cut = Cutter { fault: fault.cloned(), bytes: 0, events: 0 };
    let no_body = req.method == "HEAD" || status == 204 || status == 304 || (100..200).contains(&status);
    if no_body {
        return Ok(Outcome::KeepAlive);
    }
    if let Some(o) = cut.event_cut() {
        return finish_early(w, o, chunked).await;
    }
    if chunked {
        loop {
            let Some(size_line) = read_line(&mut server).await? else { return Ok(Outcome::Close) };
            let size = usize::from_str_radix(size_line.split(';').next().unwrap_or_default().trim(), 16)
                .map_err(std::io::Error::other)?;
            if size == 0 {
                // The last chunk, then trailers up to an empty line.
                w.write_all(b"0\r\n").await?;
                while let Some(line) = read_line(&mut server).await? {
                    w.write_all(format!("{line}\r\n").as_bytes()).await?;
                    if line.is_empty() {
                        break;
                    }
                }
                return Ok(Outcome::KeepAlive);
            }
            let mut data = vec![0; size];
            server.read_exact(&mut data).await?;
            let mut crlf = [0; 2];
            server.read_exact(&mut crlf).await?;
            w.write_all(format!("{size_line}\r\n").as_bytes()).await?;
            if let Some(n) = cut.byte_cut(&data) {
                w.write_all(&data[..n]).await?;
                return Ok(cut.ending());
            }
            w.write_all(&data).await?;
            w.write_all(b"\r\n").await?;
            cut.count(&data);
            if let Some(o) = cut.event_cut() {
                return finish_early(w, o, true).await;
            }
        }
    }
    match length {
        Some(mut left) => {
            let mut buf = vec![0; 16 * 1024];
            while left > 0 {
                let n = server.read(&mut buf[..left.min(16 * 1024)]).await?;
                if n == 0 {
                    return Ok(Outcome::Close);
                }
                let data = &buf[..n];
                if let Some(k) = cut.byte_cut(data) {
                    w.write_all(&data[..k]).await?;
                    return Ok(cut.ending());
                }
                w.write_all(data).await?;
                cut.count(data);
                left -= n;
            }
            Ok(Outcome::KeepAlive)
        }
        None => {
            // Delimited by the end of the connection: relay to the end, then close.
            let mut buf = vec![0; 16 * 1024];
            loop {
                let n = server.read(&mut buf).await?;
                if n == 0 {
                    return Ok(Outcome::Close);
                }
                let data = &buf[..n];
                if let Some(k) = cut.byte_cut(data) {
                    w.write_all(&data[..k]).await?;
                    return Ok(cut.ending());
                }
                w.write_all(data).await?;
                cut.count(data);
            }
        }
    }
}

/// Ends a response at an event cut: a clean end writes the last chunk and keeps the connection.
async fn finish_early(w: &mut TcpStream, outcome: Outcome, chunked: bool) -> std::io::Result<Outcome> {
    match outcome {
        Outcome::KeepAlive if chunked => {
            w.write_all(b"0\r\n\r\n").await?;
            Ok(Outcome::KeepAlive)
        }
        // A body without chunks cannot end early and cleanly: close instead.
        Outcome::KeepAlive => Ok(Outcome::Close),
        other => Ok(other),
    }
}
