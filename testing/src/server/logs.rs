//! Pod logs: `GET /api/v1/namespaces/<ns>/pods/<name>/log` serves what tests wrote with [`ApiServer::append_pod_log`], with upstream's options and errors.
//!
//! The stored pod has no running container, so each container's log is a list of lines the test
//! writes (each stamped with the time it was written, or a time the test gives) plus, for
//! `previous=true`, the log of the container's previous instance. The options are
//! `PodLogOptions`' query parameters: `container` (required when the pod has more than one
//! container), `follow` (the response stays open and streams appended lines until the container
//! is ended with [`ApiServer::end_pod_log`] or the client goes away), `previous`, `sinceSeconds`
//! or `sinceTime`, `timestamps` (each line prefixed with its RFC 3339 time with nanoseconds, as
//! the kubelet writes them), `tailLines` and `limitBytes`. Invalid values are `422 Invalid` on
//! `PodLogOptions`; an unknown or missing container and a missing previous instance are `400`,
//! worded as upstream.

use std::collections::HashMap;
use std::sync::{Arc, Mutex};

use bytes::Bytes;
use http::{Method, StatusCode, header};
use kapi_api::meta::errors::{self as api_errors, FieldError};
use kapi_api::meta::v1::GetOptions;
use kapi_http::body::{self, Body};
use kapi_machinery::GroupVersionResource;
use kapi_machinery::json::value::{self, Value};
use kapi_machinery::query::{self, Query};
use kapi_machinery::types::{MicroTime, Time};

use super::ApiServer;
use super::query::percent_decode;
use crate::tracker::{Error, Result};

/// One line of a container's log, without its line end.
#[derive(Debug, Clone)]
struct Line {
    at: MicroTime,
    text: String,
}

#[derive(Debug, Default)]
struct ContainerLog {
    current: Vec<Line>,
    previous: Option<Vec<Line>>,
    /// The container has ended: followers get the rest and the stream closes.
    ended: bool,
}

type Key = (String, String, String);

/// The logs the test server serves, and a counter that moves on every write so followers wake.
#[derive(Debug)]
pub(super) struct PodLogs {
    logs: Arc<Mutex<HashMap<Key, ContainerLog>>>,
    changed: tokio::sync::watch::Sender<u64>,
}

impl Default for PodLogs {
    fn default() -> Self {
        PodLogs { logs: Arc::default(), changed: tokio::sync::watch::Sender::new(0) }
    }
}

fn lock(m: &Mutex<HashMap<Key, ContainerLog>>) -> std::sync::MutexGuard<'_, HashMap<Key, ContainerLog>> {
    m.lock().unwrap_or_else(std::sync::PoisonError::into_inner)
}

fn lines_of(at: MicroTime, text: &str) -> impl Iterator<Item = Line> + '_ {
    text.strip_suffix('\n').unwrap_or(text).split('\n').map(move |l| Line { at, text: l.to_owned() })
}

impl PodLogs {
    fn write(&self, key: Key, f: impl FnOnce(&mut ContainerLog)) {
        f(lock(&self.logs).entry(key).or_default());
        self.changed.send_modify(|n| *n += 1);
    }
}

fn key(namespace: &str, pod: &str, container: &str) -> Key {
    (namespace.to_owned(), pod.to_owned(), container.to_owned())
}

/// Go's `time.RFC3339Nano`: nanoseconds with trailing zeros dropped.
pub fn format_rfc3339_nano(t: MicroTime) -> String {
    let (y, mo, d, h, mi, s) = t.to_civil();
    let mut out = format!("{y:04}-{mo:02}-{d:02}T{h:02}:{mi:02}:{s:02}");
    if t.nanos() > 0 {
        let frac = format!("{:09}", t.nanos());
        out.push('.');
        out.push_str(frac.trim_end_matches('0'));
    }
    out.push('Z');
    out
}

impl ApiServer {
    /// Appends text to a container's log (one line per `\n`-separated piece), stamped now.
    /// Followers of the log receive it.
    pub fn append_pod_log(&self, namespace: &str, pod: &str, container: &str, text: &str) {
        self.append_pod_log_at(namespace, pod, container, MicroTime::now(), text);
    }

    /// Appends text to a container's log with a given time (for `sinceSeconds`/`sinceTime`).
    pub fn append_pod_log_at(&self, namespace: &str, pod: &str, container: &str, at: MicroTime, text: &str) {
        self.logs.write(key(namespace, pod, container), |log| log.current.extend(lines_of(at, text)));
    }

    /// Sets the log of the container's previous instance (what `previous=true` reads).
    pub fn set_previous_pod_log(&self, namespace: &str, pod: &str, container: &str, text: &str) {
        let at = MicroTime::now();
        self.logs.write(key(namespace, pod, container), |log| log.previous = Some(lines_of(at, text).collect()));
    }

    /// Ends a container: `follow` streams send what is left and close.
    pub fn end_pod_log(&self, namespace: &str, pod: &str, container: &str) {
        self.logs.write(key(namespace, pod, container), |log| log.ended = true);
    }

    /// Serves `…/pods/<name>/log` when the request is for it.
    pub(super) fn serve_log(&self, req: &http::Request<Bytes>) -> Option<Result<http::Response<Body>>> {
        let segs: Vec<String> =
            req.uri().path().split('/').filter(|s| !s.is_empty()).map(|s| percent_decode(s, false)).collect();
        let [api, v1, nsword, ns, pods, name, log] = segs.as_slice() else { return None };
        if (api.as_str(), v1.as_str(), nsword.as_str(), pods.as_str(), log.as_str())
            != ("api", "v1", "namespaces", "pods", "log")
        {
            return None;
        }
        let gvr = GroupVersionResource::new("", "v1", "pods");
        self.tracker.resource(&gvr)?;
        if req.method() != Method::GET {
            return Some(Err(api_errors::method_not_allowed()));
        }
        Some(self.pod_log(&gvr, ns, name, req.uri().query()))
    }

    fn pod_log(
        &self,
        gvr: &GroupVersionResource,
        ns: &str,
        name: &str,
        q: Option<&str>,
    ) -> Result<http::Response<Body>> {
        let opts = LogOptions::parse(&Query::parse(q.unwrap_or_default()))?;
        let pod = self.tracker.get(gvr, ns, name, &GetOptions::default())?;
        let json = super::codec::encode(super::negotiate::Encoding::Json, pod.as_ref())?;
        let pod = value::parse(&json).map_err(|e| api_errors::internal(&e.to_string()))?;
        let container = pick_container(&pod, name, &opts.container)?;
        let k = key(ns, name, &container);
        let since = opts.since(MicroTime::now());
        let (first, ended) = {
            let logs = lock(&self.logs.logs);
            let log = logs.get(&k);
            let lines: Vec<Line> = if opts.previous {
                match log.and_then(|l| l.previous.clone()) {
                    Some(p) => p,
                    None => {
                        return Err(api_errors::bad_request(format!(
                            "previous terminated container {container:?} in pod {name:?} not found"
                        )));
                    }
                }
            } else {
                log.map(|l| l.current.clone()).unwrap_or_default()
            };
            (lines, log.is_some_and(|l| l.ended))
        };
        let mut writer = LineWriter { opts: &opts, since, written: 0 };
        let mut selected: Vec<&Line> = first.iter().filter(|l| since.is_none_or(|s| l.at >= s)).collect();
        if let Some(n) = opts.tail_lines {
            let skip = selected.len().saturating_sub(usize::try_from(n).unwrap_or(usize::MAX));
            selected.drain(..skip);
        }
        let mut out = Vec::new();
        for l in selected {
            if !writer.write(l, &mut out) {
                break;
            }
        }
        if !opts.follow || opts.previous || ended || writer.full() {
            return Ok(text_response(body::full(out)));
        }
        let (tx, body) = body::channel(16);
        let logs = self.logs.logs.clone();
        let mut changed = self.logs.changed.subscribe();
        let opts = opts.clone();
        let mut sent = first.len();
        tokio::spawn(async move {
            let mut writer = LineWriter { opts: &opts, since, written: writer.written };
            if !out.is_empty() && tx.send(Ok(Bytes::from(out))).await.is_err() {
                return;
            }
            loop {
                let (new, ended) = {
                    let logs = lock(&logs);
                    let log = logs.get(&k);
                    let current = log.map(|l| l.current.as_slice()).unwrap_or_default();
                    let new: Vec<Line> = current.get(sent..).unwrap_or_default().to_vec();
                    sent = current.len().max(sent);
                    (new, log.is_some_and(|l| l.ended))
                };
                let mut chunk = Vec::new();
                for l in &new {
                    if !writer.write(l, &mut chunk) {
                        break;
                    }
                }
                if !chunk.is_empty() && tx.send(Ok(Bytes::from(chunk))).await.is_err() {
                    return;
                }
                if ended || writer.full() {
                    return;
                }
                tokio::select! {
                    r = changed.changed() => if r.is_err() { return },
                    () = tx.closed() => return,
                }
            }
        });
        Ok(text_response(body))
    }
}

fn text_response(body: Body) -> http::Response<Body> {
    let mut resp = http::Response::new(body);
    *resp.status_mut() = StatusCode::OK;
    resp.headers_mut().insert(header::CONTENT_TYPE, http::HeaderValue::from_static("text/plain"));
    resp
}

/// Writes lines with the options' prefix and byte limit.
struct LineWriter<'a> {
    opts: &'a LogOptions,
    since: Option<MicroTime>,
    written: u64,
}

impl LineWriter<'_> {
    fn full(&self) -> bool {
        self.opts.limit_bytes.is_some_and(|max| self.written >= max)
    }

    /// Appends a line; false once the byte limit is reached.
    fn write(&mut self, line: &Line, out: &mut Vec<u8>) -> bool {
        if self.since.is_some_and(|s| line.at < s) {
            return true;
        }
        let mut text = String::new();
        if self.opts.timestamps {
            text.push_str(&format_rfc3339_nano(line.at));
            text.push(' ');
        }
        text.push_str(&line.text);
        text.push('\n');
        let bytes = text.as_bytes();
        let take = match self.opts.limit_bytes {
            Some(max) => bytes.len().min(usize::try_from(max.saturating_sub(self.written)).unwrap_or(usize::MAX)),
            None => bytes.len(),
        };
        out.extend_from_slice(&bytes[..take]);
        self.written += take as u64;
        !self.full()
    }
}

/// The parameters of `PodLogOptions` this server reads.
#[derive(Debug, Clone, Default)]
struct LogOptions {
    container: String,
    follow: bool,
    previous: bool,
    since_seconds: Option<i64>,
    since_time: Option<Time>,
    timestamps: bool,
    tail_lines: Option<i64>,
    limit_bytes: Option<u64>,
}

fn parse_err(e: query::QueryError) -> Error {
    api_errors::bad_request(e.message)
}

impl LogOptions {
    fn parse(q: &Query) -> Result<LogOptions> {
        let mut o = LogOptions::default();
        let mut container: Option<String> = None;
        let mut follow: Option<bool> = None;
        let mut previous: Option<bool> = None;
        let mut timestamps: Option<bool> = None;
        let mut limit_bytes: Option<i64> = None;
        query::merge_field(&mut container, "container", q).map_err(parse_err)?;
        query::merge_field(&mut follow, "follow", q).map_err(parse_err)?;
        query::merge_field(&mut previous, "previous", q).map_err(parse_err)?;
        query::merge_field(&mut o.since_seconds, "sinceSeconds", q).map_err(parse_err)?;
        query::merge_field(&mut o.since_time, "sinceTime", q).map_err(parse_err)?;
        query::merge_field(&mut timestamps, "timestamps", q).map_err(parse_err)?;
        query::merge_field(&mut o.tail_lines, "tailLines", q).map_err(parse_err)?;
        query::merge_field(&mut limit_bytes, "limitBytes", q).map_err(parse_err)?;
        o.container = container.unwrap_or_default();
        o.follow = follow.unwrap_or_default();
        o.previous = previous.unwrap_or_default();
        o.timestamps = timestamps.unwrap_or_default();
        let mut errors = Vec::new();
        if let Some(n) = o.tail_lines.filter(|n| *n < 0) {
            errors.push(FieldError::invalid("tailLines", &n.to_string(), "must be greater than or equal to 0"));
        }
        if let Some(n) = limit_bytes.filter(|n| *n < 1) {
            errors.push(FieldError::invalid("limitBytes", &n.to_string(), "must be greater than 0"));
        }
        if o.since_seconds.is_some() && o.since_time.is_some() {
            errors.push(FieldError::forbidden("", "at most one of `sinceTime` or `sinceSeconds` may be specified"));
        }
        if let Some(n) = o.since_seconds.filter(|n| *n < 1) {
            errors.push(FieldError::invalid("sinceSeconds", &n.to_string(), "must be greater than 0"));
        }
        if !errors.is_empty() {
            // Numbers print unquoted in upstream's messages.
            for e in &mut errors {
                if let Some(v) = &mut e.value {
                    *v = v.trim_matches('"').to_owned();
                }
            }
            return Err(api_errors::invalid("", "PodLogOptions", "", &errors));
        }
        o.limit_bytes = limit_bytes.and_then(|n| u64::try_from(n).ok());
        Ok(o)
    }

    /// The earliest time of lines to send.
    fn since(&self, now: MicroTime) -> Option<MicroTime> {
        if let Some(s) = self.since_seconds {
            return Some(MicroTime::from_unix(now.unix_seconds().saturating_sub(s), now.nanos()));
        }
        self.since_time.map(|t| MicroTime::from_unix(t.unix_seconds(), 0))
    }
}

fn names(pod: &Value, field: &str) -> Vec<String> {
    match pod.get("spec").and_then(|s| s.get(field)) {
        Some(Value::Array(items)) => {
            items.iter().filter_map(|c| c.get("name").and_then(Value::as_str)).map(str::to_owned).collect()
        }
        _ => Vec::new(),
    }
}

/// The container a request reads, as upstream's pod log location picks it.
pub(super) fn pick_container(pod: &Value, pod_name: &str, asked: &str) -> Result<String> {
    let containers = names(pod, "containers");
    let init = names(pod, "initContainers");
    let ephemeral = names(pod, "ephemeralContainers");
    if asked.is_empty() {
        return match containers.as_slice() {
            [one] => Ok(one.clone()),
            _ => {
                let mut msg = format!(
                    "a container name must be specified for pod {pod_name}, choose one of: [{}]",
                    containers.join(" ")
                );
                if !init.is_empty() {
                    msg.push_str(&format!(" or one of the init containers: [{}]", init.join(" ")));
                }
                if !ephemeral.is_empty() {
                    msg.push_str(&format!(" or one of the ephemeral containers: [{}]", ephemeral.join(" ")));
                }
                Err(api_errors::bad_request(msg))
            }
        };
    }
    if containers.iter().chain(&init).chain(&ephemeral).any(|c| c == asked) {
        Ok(asked.to_owned())
    } else {
        Err(api_errors::bad_request(format!("container {asked} is not valid for pod {pod_name}")))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn timestamps_are_rfc3339_nano() {
        let t = MicroTime::from_civil(2024, 5, 6, 7, 8, 9, 120_000_000).unwrap();
        assert_eq!(format_rfc3339_nano(t), "2024-05-06T07:08:09.12Z");
        let t = MicroTime::from_civil(2024, 5, 6, 7, 8, 9, 0).unwrap();
        assert_eq!(format_rfc3339_nano(t), "2024-05-06T07:08:09Z");
    }

    #[test]
    fn options_are_validated_as_upstream() {
        let err = LogOptions::parse(&Query::parse("tailLines=-1&sinceSeconds=0")).unwrap_err();
        assert_eq!(
            err.to_string(),
            "PodLogOptions \"\" is invalid: [tailLines: Invalid value: -1: must be greater than or equal to 0, \
             sinceSeconds: Invalid value: 0: must be greater than 0]"
        );
        let err = LogOptions::parse(&Query::parse("tailLines=x")).unwrap_err();
        assert!(err.is_bad_request(), "{err}");
        let o = LogOptions::parse(&Query::parse("container=a&follow=true&timestamps=1&limitBytes=10")).unwrap();
        assert_eq!((o.container.as_str(), o.follow, o.timestamps, o.limit_bytes), ("a", true, true, Some(10)));
    }

    #[test]
    fn containers_are_picked_as_upstream() {
        let pod =
            value::parse(br#"{"spec":{"containers":[{"name":"a"},{"name":"b"}],"initContainers":[{"name":"i"}]}}"#)
                .unwrap();
        assert_eq!(
            pick_container(&pod, "web", "").unwrap_err().to_string(),
            "a container name must be specified for pod web, choose one of: [a b] or one of the init containers: [i]"
        );
        assert_eq!(pick_container(&pod, "web", "i").unwrap(), "i");
        assert_eq!(pick_container(&pod, "web", "c").unwrap_err().to_string(), "container c is not valid for pod web");
        let one = value::parse(br#"{"spec":{"containers":[{"name":"only"}]}}"#).unwrap();
        assert_eq!(pick_container(&one, "p", "").unwrap(), "only");
    }
}
