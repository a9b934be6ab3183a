//! Pod logs as a byte stream: [`Api::logs`](crate::Api) on pods (`GET …/pods/<name>/log` with `PodLogOptions` as query parameters), bounded in size and idle time.
//!
//! A log is not an object: the body is the container's output, streamed as it arrives (with
//! `follow`, for as long as the container runs). [`LogStream`] hands out the chunks as they come
//! and fails once more than its byte limit arrived or no byte arrived within its idle timeout.

use std::future::Future as _;
use std::pin::Pin;
use std::task::{Context, Poll};
use std::time::Duration;

use bytes::Bytes;

use crate::Error;
use crate::body::Body;

/// The most bytes a log stream reads unless told otherwise.
pub const DEFAULT_MAX_LOG_BYTES: u64 = 1024 * 1024 * 1024;

/// How long a log stream without `follow` may go without a byte before it fails.
pub const DEFAULT_IDLE_TIMEOUT: Duration = Duration::from_secs(60);

/// A container's log as it arrives.
pub struct LogStream {
    body: Option<Body>,
    max_bytes: u64,
    read: u64,
    idle: Option<Duration>,
    timer: Option<Pin<Box<tokio::time::Sleep>>>,
    context: String,
}

impl std::fmt::Debug for LogStream {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("LogStream")
            .field("context", &self.context)
            .field("read", &self.read)
            .field("max_bytes", &self.max_bytes)
            .field("idle", &self.idle)
            .finish_non_exhaustive()
    }
}

impl LogStream {
    /// A stream over a response body. `idle` bounds the wait for each chunk (`None`: wait as
    /// long as the server keeps the stream open, as `kubectl logs -f` does).
    pub fn new(body: Body, context: String, idle: Option<Duration>) -> LogStream {
        LogStream { body: Some(body), max_bytes: DEFAULT_MAX_LOG_BYTES, read: 0, idle, timer: None, context }
    }

    /// Sets the most bytes read before the stream fails.
    pub fn with_max_bytes(mut self, max: u64) -> LogStream {
        self.max_bytes = max;
        self
    }

    /// Sets how long the stream may go without a byte before it fails (`None`: no limit).
    pub fn with_idle_timeout(mut self, idle: Option<Duration>) -> LogStream {
        self.idle = idle;
        self.timer = None;
        self
    }

    /// The bytes read so far.
    pub fn bytes_read(&self) -> u64 {
        self.read
    }

    /// The next chunk, `None` at the end of the log.
    pub async fn next_chunk(&mut self) -> Option<Result<Bytes, Error>> {
        std::future::poll_fn(|cx| futures_core::Stream::poll_next(Pin::new(&mut *self), cx)).await
    }

    /// Reads the whole log (the stream must end: use it without `follow`).
    pub async fn read_to_end(mut self) -> Result<Vec<u8>, Error> {
        let mut out = Vec::new();
        while let Some(chunk) = self.next_chunk().await {
            out.extend_from_slice(&chunk?);
        }
        Ok(out)
    }

    fn fail(&mut self, message: String) -> Poll<Option<Result<Bytes, Error>>> {
        self.body = None;
        self.timer = None;
        Poll::Ready(Some(Err(Error::Transport(format!("{}: {message}", self.context)))))
    }
}

impl futures_core::Stream for LogStream {
    type Item = Result<Bytes, Error>;

    fn poll_next(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<Option<Self::Item>> {
        let this = self.get_mut();
        loop {
            let Some(body) = this.body.as_mut() else { return Poll::Ready(None) };
            match hyper::body::Body::poll_frame(Pin::new(body), cx) {
                Poll::Ready(Some(Ok(frame))) => {
                    this.timer = None;
                    let Ok(data) = frame.into_data() else { continue };
                    if data.is_empty() {
                        continue;
                    }
                    this.read += data.len() as u64;
                    if this.read > this.max_bytes {
                        let max = this.max_bytes;
                        return this.fail(format!("the log is larger than the limit of {max} bytes"));
                    }
                    return Poll::Ready(Some(Ok(data)));
                }
                Poll::Ready(Some(Err(e))) => return this.fail(format!("reading the log: {e}")),
                Poll::Ready(None) => {
                    this.body = None;
                    this.timer = None;
                    return Poll::Ready(None);
                }
                Poll::Pending => {
                    let Some(idle) = this.idle else { return Poll::Pending };
                    let timer = this.timer.get_or_insert_with(|| Box::pin(tokio::time::sleep(idle)));
                    return match timer.as_mut().poll(cx) {
                        Poll::Ready(()) => this.fail(format!("no log data for {idle:?}")),
                        Poll::Pending => Poll::Pending,
                    };
                }
            }
        }
    }
}

#[cfg(feature = "core")]
mod pods {
    use kapi_api::core::v1::{Pod, PodLogOptions};

    use http::header::ACCEPT;

    use super::*;
    use crate::client::query_of;
    use crate::{Api, StatusError, StatusErrorExt, body};

    impl Api<Pod> {
        /// Streams a container's log (`GET …/pods/<name>/log`). Without `follow` the stream
        /// ends with the log and fails after [`DEFAULT_IDLE_TIMEOUT`] without data; with
        /// `follow` it stays open while the container runs and has no idle limit (set one with
        /// [`LogStream::with_idle_timeout`]). Either way it fails after
        /// [`DEFAULT_MAX_LOG_BYTES`] (see [`LogStream::with_max_bytes`]; `limit_bytes` asks the
        /// server to stop earlier).
        pub async fn logs(&self, name: &str, options: &PodLogOptions) -> Result<LogStream, Error> {
            let path = format!("{}/log", self.item_path(name, None)?);
            let mut url = format!("{}{path}", self.client().base_url());
            let query = query_of(options);
            if !query.is_empty() {
                url.push('?');
                url.push_str(&query.encode());
            }
            let context = format!("GET {url}");
            let request = http::Request::builder()
                .method(http::Method::GET)
                .uri(&url)
                .header(ACCEPT, "*/*")
                .body(Bytes::new())
                .map_err(|e| Error::InvalidRequest(format!("{context}: {e}")))?;
            let response = self.client().service().call(request).await?;
            let (parts, body) = response.into_parts();
            self.client().deliver_warnings(&parts.headers, &mut Vec::new());
            if !parts.status.is_success() {
                let data = body::collect(body).await.map_err(|e| Error::from_body(&context, e))?;
                return Err(Error::Api(Box::new(StatusError::from_response(
                    parts.status.as_u16(),
                    &parts.headers,
                    &data,
                ))));
            }
            let idle = if options.follow { None } else { Some(DEFAULT_IDLE_TIMEOUT) };
            Ok(LogStream::new(body, context, idle))
        }

        /// Reads a whole log as text (lossily for bytes that are not UTF-8); `follow` is not
        /// allowed, since such a log does not end.
        pub async fn logs_text(&self, name: &str, options: &PodLogOptions) -> Result<String, Error> {
            if options.follow {
                return Err(Error::InvalidRequest("logs_text reads a whole log; use logs to follow one".into()));
            }
            let data = self.logs(name, options).await?.read_to_end().await?;
            Ok(String::from_utf8_lossy(&data).into_owned())
        }
    }
}
