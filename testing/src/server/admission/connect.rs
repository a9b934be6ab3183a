//! `CONNECT` reviews: a pod's `exec`, `attach` and `portforward` are sent to webhooks before
//! the stream opens, as upstream's connect handler sends them: operation `CONNECT`, kind and
//! object the connection's options (`v1` `PodExecOptions`, `PodAttachOptions`,
//! `PodPortForwardOptions`, read from the query), no old object and no operation options. A
//! mutating webhook's patch of the options changes the connection made.

use bytes::Bytes;
use http::Method;
use kapi_api::meta::v1::GroupVersionKind;
use kapi_machinery::GroupVersionResource;
use kapi_machinery::json::value::Value;

use super::{Attributes, Chain, Subject};
use crate::server::ApiServer;
use crate::server::query::{Query, percent_decode};
use crate::tracker::Result;

/// The connection's options as upstream encodes them (`omitempty` fields left out).
fn options_of(sub: &str, query: &Query) -> Value {
    let kind = match sub {
        "exec" => "PodExecOptions",
        "attach" => "PodAttachOptions",
        _ => "PodPortForwardOptions",
    };
    let mut m =
        vec![("kind".to_owned(), Value::String(kind.into())), ("apiVersion".to_owned(), Value::String("v1".into()))];
    if sub == "portforward" {
        let ports: Vec<Value> = query
            .all("ports")
            .iter()
            .flat_map(|p| p.split(','))
            .filter_map(|p| p.trim().parse::<i32>().ok())
            .map(|p| Value::Number(p.to_string()))
            .collect();
        if !ports.is_empty() {
            m.push(("ports".into(), Value::Array(ports)));
        }
        return Value::Object(m);
    }
    for flag in ["stdin", "stdout", "stderr", "tty"] {
        if query.bool(flag) == Some(true) {
            m.push((flag.into(), Value::Bool(true)));
        }
    }
    if let Some(c) = query.get("container").filter(|c| !c.is_empty()) {
        m.push(("container".into(), Value::String(c.into())));
    }
    if sub == "exec" {
        let command = query.all("command").into_iter().map(Value::String).collect();
        m.push(("command".into(), Value::Array(command)));
    }
    Value::Object(m)
}

/// The query a connection with these options is asked for.
fn query_of(options: &Value) -> String {
    let mut q = kapi_machinery::query::Query::new();
    let Value::Object(members) = options else { return String::new() };
    for (k, v) in members {
        match (k.as_str(), v) {
            ("stdin" | "stdout" | "stderr" | "tty", Value::Bool(true)) => q.push(k.as_str(), "true"),
            ("container", Value::String(c)) => q.push("container", c.as_str()),
            ("command", Value::Array(items)) => {
                for item in items {
                    if let Value::String(s) = item {
                        q.push("command", s.as_str());
                    }
                }
            }
            ("ports", Value::Array(items)) => {
                for item in items {
                    if let Value::Number(n) = item {
                        q.push("ports", n.as_str());
                    }
                }
            }
            _ => {}
        }
    }
    q.encode()
}

impl ApiServer {
    /// Runs the webhooks for a pod's exec, attach or port-forward: the request to serve instead
    /// (when a mutating webhook changed the options) and the webhooks' warnings. Other requests
    /// pass untouched.
    pub(in crate::server) async fn admit_connect(
        &self,
        req: &http::Request<Bytes>,
    ) -> Result<(Option<http::Request<Bytes>>, Vec<String>)> {
        let segs: Vec<String> =
            req.uri().path().split('/').filter(|s| !s.is_empty()).map(|s| percent_decode(s, false)).collect();
        let [api, v1, nsword, ns, pods, name, sub] = segs.as_slice() else { return Ok((None, Vec::new())) };
        if (api.as_str(), v1.as_str(), nsword.as_str(), pods.as_str()) != ("api", "v1", "namespaces", "pods")
            || !matches!(sub.as_str(), "exec" | "attach" | "portforward")
            || !matches!(*req.method(), Method::GET | Method::POST)
        {
            return Ok((None, Vec::new()));
        }
        let gvr = GroupVersionResource::new("", "v1", "pods");
        let Some(info) = self.tracker.resource(&gvr) else { return Ok((None, Vec::new())) };
        let (mutating, validating) = self.hooks();
        if mutating.is_empty() && validating.is_empty() {
            return Ok((None, Vec::new()));
        }
        let object = options_of(sub, &Query::parse(req.uri().query()));
        let kind_name = object.get("kind").and_then(Value::as_str).unwrap_or_default().to_owned();
        let kind = GroupVersionKind { group: String::new(), version: "v1".into(), kind: kind_name };
        let attrs = Attributes {
            operation: "CONNECT",
            gvr: gvr.clone(),
            kind: kind.clone(),
            request_gvr: gvr,
            request_kind: kind,
            subresource: sub,
            namespace: ns,
            name: name.clone(),
            dry_run: false,
            options: None,
            user: self.user_of(req),
        };
        let subject = Subject { info, kind: None, equivalents: Vec::new() };
        let chain = Chain {
            mutating_policies: &[],
            mutating: &mutating,
            policies: &[],
            validating: &validating,
            subject: &subject,
        };
        let mut warnings = Vec::new();
        let (admitted, _) = self.run_chain(&chain, &attrs, Some(object.clone()), None, &mut warnings).await?;
        let Some(changed) = admitted.filter(|o| *o != object) else { return Ok((None, warnings)) };
        let uri: http::Uri = format!("{}?{}", req.uri().path(), query_of(&changed))
            .parse()
            .map_err(|e| kapi_api::meta::errors::internal(&format!("building the admitted connection's URL: {e}")))?;
        let mut changed_req = http::Request::new(req.body().clone());
        *changed_req.method_mut() = req.method().clone();
        *changed_req.version_mut() = req.version();
        *changed_req.uri_mut() = uri;
        *changed_req.headers_mut() = req.headers().clone();
        crate::server::authn::carry_identity(req, &mut changed_req);
        Ok((Some(changed_req), warnings))
    }
}
