//! Audit logging as kube-apiserver's `--audit-policy-file` and `--audit-log-path` make it: a policy's rules give each request a level, and its events are written as `audit.k8s.io/v1` `Event` JSON lines with the annotations authorization and admission add.
//!
//! Facts from upstream's `apiserver/pkg/audit` (policy rules, their matching, the event's
//! fields and stages) and `apis/audit/v1`. A request's level is that of the first rule it
//! matches (`None` when none does, or when the policy has no rules): a rule matches when each
//! list it sets holds the request's user, one of its groups, its verb, its namespace (`""` for
//! cluster-scoped objects), its resource (`group`, `resources` with `*`, `pods/log`, `*/status`,
//! `deployments/*`, `resourceNames`) or its non-resource path (`/healthz*`). At `Metadata` an
//! event has the request's URI, verb, user, source addresses, user agent, object reference,
//! response status (a failure's status, reason, message and details; `{code}` otherwise) and
//! annotations; `Request` adds the request's body, `RequestResponse` the response's (JSON bodies
//! only). Each request gives a `RequestReceived` and a `ResponseComplete` event (a watch also
//! `ResponseStarted` when its answer starts, `ResponseComplete` when it ends or the client
//! goes), less the stages the policy or the rule omits; `omitManagedFields` drops `metadata.managedFields` from the objects.
//!
//! Annotations come from the code serving the request (`annotate`): authorization's
//! `authorization.k8s.io/decision` and `reason`, PodSecurity's `pod-security.kubernetes.io/…`,
//! ValidatingAdmissionPolicy's `validation.policy.admission.k8s.io/validation_failure` and
//! audit annotations, webhooks' audit annotations (`<webhook>/<key>`).

use std::collections::VecDeque;
use std::io::Write;
use std::sync::{Arc, Mutex};

use bytes::Bytes;
use http::header;
use kapi_http::body::{self, Body};
use kapi_machinery::json::value::{self, Value};
use kapi_machinery::types::MicroTime;

use super::authn::UserInfo;
use super::{ApiServer, lock};

/// How many events [`ApiServer::audit_events`] keeps, oldest dropped first.
pub const AUDIT_EVENT_LIMIT: usize = 10_000;

/// What the code serving a request tells its audit event.
#[derive(Default)]
struct Context {
    annotations: Vec<(String, String)>,
    /// The request's object as the server decoded it (whatever its encoding), in JSON.
    request_object: Option<Value>,
    /// Whether the event wants the response's object (level `RequestResponse`).
    want_response: bool,
    /// The response's object before it was encoded, in JSON.
    response_object: Option<Value>,
    /// The `Status` of a failed request.
    response_status: Option<Value>,
}

tokio::task_local! {
    /// The audit context of the request being served.
    static CONTEXT: Arc<Mutex<Context>>;
}

/// Adds an audit annotation to the request being served (nothing outside one). A key already
/// set keeps its first value, as upstream's `AddAuditAnnotation` does.
pub(crate) fn annotate(key: impl Into<String>, value: impl Into<String>) {
    let (key, value) = (key.into(), value.into());
    let _ = CONTEXT.try_with(|c| {
        let a = &mut lock(c).annotations;
        if !a.iter().any(|(k, _)| *k == key) {
            a.push((key, value));
        }
    });
}

/// Records the object a response carries, before it is encoded (upstream's
/// `LogResponseObject`): the event's `responseObject` at level `RequestResponse`.
pub(crate) fn log_response_object(obj: &dyn kapi_machinery::Object) {
    let _ = CONTEXT.try_with(|c| {
        let mut c = lock(c);
        if c.want_response {
            c.response_object = crate::tracker::meta::to_value(obj).ok();
        }
    });
}

/// Whether the request's audit event records the response object (level `RequestResponse`).
pub(crate) fn wants_response() -> bool {
    CONTEXT.try_with(|c| lock(c).want_response).unwrap_or(false)
}

/// Records a failed request's `Status`: its status, message, reason, details and code make
/// the event's `responseStatus`.
pub(crate) fn log_response_status(status: &kapi_api::meta::v1::Status) {
    let _ = CONTEXT.try_with(|c| {
        let mut c = lock(c);
        let v = kapi_machinery::json::to_vec(status).ok().and_then(|b| value::parse(&b).ok());
        // The status is also the response's object (replacing one an earlier step logged).
        if c.want_response {
            c.response_object = v.clone();
        }
        c.response_status = v;
    });
}

/// Records the request's object once decoded (the first decoding; upstream's
/// `LogRequestObject`): it names a create's object and is the event's `requestObject`.
pub(crate) fn log_request_object(obj: &dyn kapi_machinery::Object) {
    let _ = CONTEXT.try_with(|c| {
        let mut c = lock(c);
        if c.request_object.is_none() {
            c.request_object = crate::tracker::meta::to_value(obj).ok();
        }
    });
}

/// An audit level: how much of a request an event holds.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum Level {
    /// No event.
    None,
    /// The request's metadata, no bodies.
    Metadata,
    /// Also the request's body.
    Request,
    /// Also the response's body.
    RequestResponse,
}

impl Level {
    fn parse(s: &str) -> Option<Level> {
        Some(match s {
            "None" => Level::None,
            "Metadata" => Level::Metadata,
            "Request" => Level::Request,
            "RequestResponse" => Level::RequestResponse,
            _ => return None,
        })
    }

    fn name(self) -> &'static str {
        match self {
            Level::None => "None",
            Level::Metadata => "Metadata",
            Level::Request => "Request",
            Level::RequestResponse => "RequestResponse",
        }
    }
}

const STAGES: &[&str] = &["RequestReceived", "ResponseStarted", "ResponseComplete", "Panic"];

/// A rule's resources of one group.
#[derive(Debug, Clone, Default)]
struct GroupResources {
    group: String,
    resources: Vec<String>,
    resource_names: Vec<String>,
}

/// One rule of a policy.
#[derive(Debug, Clone)]
struct Rule {
    level: Level,
    users: Vec<String>,
    user_groups: Vec<String>,
    verbs: Vec<String>,
    resources: Vec<GroupResources>,
    namespaces: Vec<String>,
    non_resource_urls: Vec<String>,
    omit_stages: Vec<String>,
    omit_managed_fields: Option<bool>,
}

/// An `audit.k8s.io/v1` `Policy`, as `--audit-policy-file` reads it.
#[derive(Debug, Clone, Default)]
pub struct AuditPolicy {
    rules: Vec<Rule>,
    omit_stages: Vec<String>,
    omit_managed_fields: bool,
}

/// A field's path below `at` (the document's root when empty).
fn path(at: &str, key: &str) -> String {
    if at.is_empty() { key.to_owned() } else { format!("{at}.{key}") }
}

/// The strings of a list member, or why it is not one.
fn strings(v: &Value, key: &str, at: &str) -> Result<Vec<String>, String> {
    let at = path(at, key);
    match v.get(key) {
        None | Some(Value::Null) => Ok(Vec::new()),
        Some(Value::Array(items)) => items
            .iter()
            .enumerate()
            .map(|(i, x)| x.as_str().map(str::to_owned).ok_or_else(|| format!("{at}[{i}]: must be a string")))
            .collect(),
        Some(_) => Err(format!("{at}: must be a list of strings")),
    }
}

fn stages(v: &Value, key: &str, at: &str) -> Result<Vec<String>, String> {
    let out = strings(v, key, at)?;
    let at = path(at, key);
    for (i, s) in out.iter().enumerate() {
        if !STAGES.contains(&s.as_str()) {
            return Err(format!(
                "{at}[{i}]: Unsupported value: {s:?}: supported values: \"RequestReceived\", \"ResponseStarted\", \"ResponseComplete\", \"Panic\""
            ));
        }
    }
    Ok(out)
}

impl AuditPolicy {
    /// Reads a policy from YAML or JSON; errors name the field (`rules[0].level: …`).
    pub fn parse(data: &[u8]) -> Result<AuditPolicy, String> {
        let json = kapi_machinery::yaml::yaml_to_json(data, false).map_err(|e| format!("reading the policy: {e}"))?;
        let doc = value::parse(&json).map_err(|e| format!("reading the policy: {e}"))?;
        let text = |k: &str| doc.get(k).and_then(Value::as_str).unwrap_or_default();
        if text("apiVersion") != "audit.k8s.io/v1" || text("kind") != "Policy" {
            return Err(format!(
                "the policy must be apiVersion audit.k8s.io/v1, kind Policy (got {:?}, {:?})",
                text("apiVersion"),
                text("kind")
            ));
        }
        let mut policy = AuditPolicy {
            rules: Vec::new(),
            omit_stages: stages(&doc, "omitStages", "")?,
            omit_managed_fields: matches!(doc.get("omitManagedFields"), Some(Value::Bool(true))),
        };
        let rules = match doc.get("rules") {
            None | Some(Value::Null) => &[][..],
            Some(Value::Array(r)) => r.as_slice(),
            Some(_) => return Err("rules: must be a list".into()),
        };
        for (i, r) in rules.iter().enumerate() {
            let at = format!("rules[{i}]");
            let level = match r.get("level").and_then(Value::as_str) {
                None | Some("") => return Err(format!("{at}.level: Required value")),
                Some(l) => Level::parse(l).ok_or_else(|| {
                    format!(
                        "{at}.level: Unsupported value: {l:?}: supported values: \"None\", \"Metadata\", \"Request\", \"RequestResponse\""
                    )
                })?,
            };
            let resources = match r.get("resources") {
                None | Some(Value::Null) => Vec::new(),
                Some(Value::Array(items)) => items
                    .iter()
                    .enumerate()
                    .map(|(j, g)| {
                        let at = format!("{at}.resources[{j}]");
                        Ok(GroupResources {
                            group: g.get("group").and_then(Value::as_str).unwrap_or_default().to_owned(),
                            resources: strings(g, "resources", &at)?,
                            resource_names: strings(g, "resourceNames", &at)?,
                        })
                    })
                    .collect::<Result<_, String>>()?,
                Some(_) => return Err(format!("{at}.resources: must be a list")),
            };
            let rule = Rule {
                level,
                users: strings(r, "users", &at)?,
                user_groups: strings(r, "userGroups", &at)?,
                verbs: strings(r, "verbs", &at)?,
                resources,
                namespaces: strings(r, "namespaces", &at)?,
                non_resource_urls: strings(r, "nonResourceURLs", &at)?,
                omit_stages: stages(r, "omitStages", &at)?,
                omit_managed_fields: match r.get("omitManagedFields") {
                    Some(Value::Bool(b)) => Some(*b),
                    _ => None,
                },
            };
            if !rule.non_resource_urls.is_empty() && (!rule.resources.is_empty() || !rule.namespaces.is_empty()) {
                return Err(format!(
                    "{at}.nonResourceURLs: Invalid value: {:?}: rules cannot apply to both regular resources and non-resource URLs",
                    rule.non_resource_urls
                ));
            }
            policy.rules.push(rule);
        }
        Ok(policy)
    }

    /// The first rule the request matches.
    fn rule_for(&self, user: &UserInfo, info: &RequestInfo) -> Option<&Rule> {
        self.rules.iter().find(|r| r.matches(user, info))
    }
}

impl Rule {
    fn matches(&self, user: &UserInfo, info: &RequestInfo) -> bool {
        if !self.users.is_empty() && !self.users.contains(&user.username) {
            return false;
        }
        if !self.user_groups.is_empty() && !user.groups.iter().any(|g| self.user_groups.contains(g)) {
            return false;
        }
        if !self.verbs.is_empty() && !self.verbs.contains(&info.verb) {
            return false;
        }
        if !self.namespaces.is_empty() || !self.resources.is_empty() {
            return self.matches_resource(info);
        }
        if !self.non_resource_urls.is_empty() {
            return !info.resource_request
                && self.non_resource_urls.iter().any(|spec| {
                    spec == "*"
                        || *spec == info.path
                        || spec
                            .strip_suffix('*')
                            .is_some_and(|prefix| info.path.starts_with(prefix.trim_end_matches('*')))
                });
        }
        true
    }

    fn matches_resource(&self, info: &RequestInfo) -> bool {
        if !info.resource_request {
            return false;
        }
        if !self.namespaces.is_empty() && !self.namespaces.contains(&info.namespace) {
            return false;
        }
        if self.resources.is_empty() {
            return true;
        }
        let combined = if info.subresource.is_empty() {
            info.resource.clone()
        } else {
            format!("{}/{}", info.resource, info.subresource)
        };
        self.resources.iter().filter(|g| g.group == info.group).any(|g| {
            g.resources.is_empty()
                || g.resources.iter().any(|res| {
                    (g.resource_names.is_empty() || g.resource_names.contains(&info.name))
                        && (*res == combined
                            || res == "*"
                            || (!info.subresource.is_empty()
                                && res.strip_prefix("*/") == Some(info.subresource.as_str()))
                            || res.strip_suffix("/*") == Some(info.resource.as_str()))
                })
        })
    }
}

/// What upstream's request-info resolver reads from a request line.
#[derive(Debug, Default, Clone)]
struct RequestInfo {
    resource_request: bool,
    path: String,
    verb: String,
    group: String,
    version: String,
    namespace: String,
    resource: String,
    subresource: String,
    name: String,
}

impl RequestInfo {
    /// `/api/v1/namespaces/ns/pods/name/log`, `/apis/apps/v1/watch/deployments`, or a
    /// non-resource path (whose verb is the method's name in lower case).
    fn of(method: &http::Method, path: &str, query: Option<&str>) -> RequestInfo {
        let mut info =
            RequestInfo { path: path.to_owned(), verb: method.as_str().to_ascii_lowercase(), ..Default::default() };
        let parts: Vec<&str> = path.trim_matches('/').split('/').filter(|p| !p.is_empty()).collect();
        let rest = match parts.as_slice() {
            ["api", version, rest @ ..] => {
                info.version = (*version).into();
                rest
            }
            ["apis", group, version, rest @ ..] => {
                info.group = (*group).into();
                info.version = (*version).into();
                rest
            }
            _ => return info,
        };
        let mut rest = rest;
        let mut watch = false;
        if let ["watch", more @ ..] = rest {
            watch = true;
            rest = more;
        }
        if rest.is_empty() {
            return info;
        }
        info.resource_request = true;
        if let ["namespaces", ns, more @ ..] = rest {
            info.namespace = (*ns).into();
            if !more.is_empty() && !matches!(more[0], "status" | "finalize") {
                rest = more;
            }
        }
        info.resource = rest.first().map(|s| (*s).to_owned()).unwrap_or_default();
        info.name = rest.get(1).map(|s| (*s).to_owned()).unwrap_or_default();
        info.subresource = rest.get(2).map(|s| (*s).to_owned()).unwrap_or_default();
        let watch_query =
            query.is_some_and(|q| q.split('&').any(|kv| matches!(kv.split_once('='), Some(("watch", "true" | "1")))));
        let named = !info.name.is_empty();
        info.verb = match *method {
            http::Method::GET | http::Method::HEAD if watch || watch_query => "watch",
            http::Method::GET | http::Method::HEAD if named => "get",
            http::Method::GET | http::Method::HEAD => "list",
            http::Method::POST => "create",
            http::Method::PUT => "update",
            http::Method::PATCH => "patch",
            http::Method::DELETE if named => "delete",
            http::Method::DELETE => "deletecollection",
            _ => return info,
        }
        .into();
        info
    }
}

/// The remote address of a request's connection, put there by the server.
#[derive(Debug, Clone, Copy)]
pub(crate) struct PeerAddr(pub(crate) std::net::IpAddr);

/// The audit state of a server: its policy, its log, the events kept.
pub(super) struct Audit {
    policy: AuditPolicy,
    log: Mutex<Option<Box<dyn Write + Send>>>,
    events: Mutex<VecDeque<Value>>,
}

/// One request being audited.
#[derive(Clone)]
struct Record {
    level: Level,
    omit_stages: Vec<String>,
    omit_managed_fields: bool,
    event: Vec<(String, Value)>,
    watch: bool,
}

fn now() -> Value {
    kapi_machinery::json::to_vec(&MicroTime::now()).ok().and_then(|b| value::parse(&b).ok()).unwrap_or(Value::Null)
}

fn s(v: impl Into<String>) -> Value {
    Value::String(v.into())
}

/// A JSON body as an event's object, without managed fields when the policy says.
fn object_of(data: &[u8], omit_managed_fields: bool) -> Option<Value> {
    let v = value::parse(data).ok()?;
    Some(if omit_managed_fields { super::ssa::without_managed_fields(v) } else { v })
}

fn is_json(headers: &http::HeaderMap) -> bool {
    headers.get(header::CONTENT_TYPE).and_then(|v| v.to_str().ok()).is_some_and(|ct| ct.contains("json"))
}

impl ApiServer {
    /// Turns audit logging on: `policy` gives each request its level; each event is written to
    /// `log` as a JSON line (when given) and the last [`AUDIT_EVENT_LIMIT`] stay readable
    /// through [`ApiServer::audit_events`], as kube-apiserver's `--audit-policy-file` and
    /// `--audit-log-path` do.
    pub fn set_audit(&self, policy: AuditPolicy, log: Option<Box<dyn Write + Send>>) {
        let audit = Audit { policy, log: Mutex::new(log), events: Mutex::new(VecDeque::new()) };
        *self.audit.write().unwrap_or_else(std::sync::PoisonError::into_inner) = Some(Arc::new(audit));
    }

    /// The audit events written so far (at most the last [`AUDIT_EVENT_LIMIT`]), oldest first,
    /// as `audit.k8s.io/v1` `Event` objects.
    pub fn audit_events(&self) -> Vec<Value> {
        let audit = self.audit.read().unwrap_or_else(std::sync::PoisonError::into_inner).clone();
        audit.map(|a| lock(&a.events).iter().cloned().collect()).unwrap_or_default()
    }

    /// Serves a request under the audit policy, when there is one.
    pub(super) async fn serve_audited(&self, req: http::Request<Bytes>) -> http::Response<Body> {
        let audit = self.audit.read().unwrap_or_else(std::sync::PoisonError::into_inner).clone();
        let Some(audit) = audit else { return self.serve_request(req).await };
        let user = self.authenticate_request(&req).unwrap_or_else(|_| UserInfo::anonymous());
        let info = RequestInfo::of(req.method(), req.uri().path(), req.uri().query());
        let Some(rule) = audit.policy.rule_for(&user, &info) else { return self.serve_request(req).await };
        if rule.level == Level::None {
            return self.serve_request(req).await;
        }
        let mut record = Record {
            level: rule.level,
            omit_stages: audit.policy.omit_stages.iter().chain(&rule.omit_stages).cloned().collect(),
            omit_managed_fields: rule.omit_managed_fields.unwrap_or(audit.policy.omit_managed_fields),
            event: Vec::new(),
            watch: info.verb == "watch",
        };
        let audit_id = req
            .headers()
            .get("Audit-ID")
            .and_then(|v| v.to_str().ok())
            .filter(|v| !v.is_empty())
            .map_or_else(crate::tracker::meta::new_uid, str::to_owned);
        record.event = self.event_head(&req, &record, &audit_id, &user, &info);
        let request_body = req.body().clone();
        let request_json = is_json(req.headers());
        audit.emit(&record, "RequestReceived", Vec::new());

        let want_response = record.level == Level::RequestResponse && !record.watch;
        let context = Arc::new(Mutex::new(Context { want_response, ..Default::default() }));
        let mut resp = CONTEXT.scope(Arc::clone(&context), self.serve_request(req)).await;
        if let Ok(v) = http::HeaderValue::from_str(&audit_id) {
            resp.headers_mut().insert("Audit-Id", v);
        }
        let Context { annotations, request_object, response_object, response_status, .. } =
            std::mem::take(&mut *lock(&context));
        // A create's object reference is named by its object.
        if let Some(obj) = &request_object {
            record.name_object(obj);
        }
        let mut tail = Vec::new();
        // The decoded object, else (a patch) the body as JSON.
        if record.level >= Level::Request {
            let obj = match request_object {
                Some(mut o) => {
                    if record.omit_managed_fields {
                        o = object_of(&o.to_compact_vec(), true).unwrap_or(o);
                    }
                    Some(o)
                }
                None if request_json && !request_body.is_empty() => {
                    object_of(&request_body, record.omit_managed_fields)
                }
                None => None,
            };
            if let Some(obj) = obj {
                tail.push(("requestObject".to_owned(), obj));
            }
        }
        let code = resp.status().as_u16();
        let mut status = vec![("metadata".to_owned(), Value::Object(Vec::new()))];
        let mut response_object = response_object;
        let mut response_status = response_status;
        // Answers made without an object (documents, tables): a JSON body is read back.
        let json_response = is_json(resp.headers());
        let unread = (want_response && response_object.is_none()) || (code >= 300 && response_status.is_none());
        if unread && json_response && !record.watch {
            let (parts, b) = resp.into_parts();
            let data = body::collect(b).await.unwrap_or_default();
            match value::parse(&data) {
                Ok(v) if code >= 300 && v.get("kind").and_then(Value::as_str) == Some("Status") => {
                    response_status = Some(v)
                }
                Ok(v) if want_response => response_object = Some(v),
                _ => {}
            }
            resp = http::Response::from_parts(parts, body::full(data));
        }
        if code >= 300
            && let Some(st) = &response_status
        {
            for key in ["status", "message", "reason", "details"] {
                if let Some(v) = st.get(key) {
                    status.push((key.to_owned(), v.clone()));
                }
            }
        }
        if let Some(obj) = response_object {
            let obj =
                if record.omit_managed_fields { object_of(&obj.to_compact_vec(), true).unwrap_or(obj) } else { obj };
            tail.push(("responseObject".to_owned(), obj));
        }
        status.push(("code".to_owned(), Value::Number(code.to_string())));
        let mut fields = vec![("responseStatus".to_owned(), Value::Object(status))];
        fields.extend(tail);
        if !annotations.is_empty() {
            fields.push((
                "annotations".to_owned(),
                Value::Object(annotations.into_iter().map(|(k, v)| (k, Value::String(v))).collect()),
            ));
        }
        if !record.watch {
            audit.emit(&record, "ResponseComplete", fields);
            return resp;
        }
        // A watch's answer streams on: `ResponseStarted` now, `ResponseComplete` when the stream
        // ends or the client goes.
        audit.emit(&record, "ResponseStarted", fields.clone());
        let (parts, inner) = resp.into_parts();
        let done: Box<dyn FnOnce() + Send + Sync> = Box::new(move || audit.emit(&record, "ResponseComplete", fields));
        http::Response::from_parts(parts, http_body_util::BodyExt::boxed(Completing { inner, done: Some(done) }))
    }

    /// The fields every event of the request has, up to its object reference.
    fn event_head(
        &self,
        req: &http::Request<Bytes>,
        record: &Record,
        audit_id: &str,
        user: &UserInfo,
        info: &RequestInfo,
    ) -> Vec<(String, Value)> {
        let mut user_fields = vec![("username".to_owned(), s(user.username.as_str()))];
        if !user.uid.is_empty() {
            user_fields.push(("uid".into(), s(user.uid.as_str())));
        }
        if !user.groups.is_empty() {
            user_fields.push(("groups".into(), Value::Array(user.groups.iter().map(|g| s(g.as_str())).collect())));
        }
        if let Some(extra) = user.extra_value() {
            user_fields.push(("extra".into(), extra));
        }
        let mut head = vec![
            ("kind".to_owned(), s("Event")),
            ("apiVersion".to_owned(), s("audit.k8s.io/v1")),
            ("level".to_owned(), s(record.level.name())),
            ("auditID".to_owned(), s(audit_id)),
            ("stage".to_owned(), Value::Null),
            ("requestURI".to_owned(), s(req.uri().path_and_query().map_or("/", |p| p.as_str()))),
            ("verb".to_owned(), s(info.verb.as_str())),
            ("user".to_owned(), Value::Object(user_fields)),
        ];
        // Upstream's source addresses: `X-Forwarded-For`, then `X-Real-Ip`, then the peer.
        let mut ips: Vec<String> = req
            .headers()
            .get("X-Forwarded-For")
            .and_then(|v| v.to_str().ok())
            .map(|v| {
                v.split(',').map(|p| p.trim().to_owned()).filter(|p| p.parse::<std::net::IpAddr>().is_ok()).collect()
            })
            .unwrap_or_default();
        if let Some(ip) = req.headers().get("X-Real-Ip").and_then(|v| v.to_str().ok())
            && ip.parse::<std::net::IpAddr>().is_ok()
            && !ips.iter().any(|i| i == ip)
        {
            ips.push(ip.to_owned());
        }
        if let Some(PeerAddr(ip)) = req.extensions().get::<PeerAddr>() {
            let ip = ip.to_string();
            if !ips.contains(&ip) {
                ips.push(ip);
            }
        }
        if !ips.is_empty() {
            head.push(("sourceIPs".to_owned(), Value::Array(ips.into_iter().map(Value::String).collect())));
        }
        if let Some(ua) = req.headers().get(header::USER_AGENT).and_then(|v| v.to_str().ok()) {
            head.push(("userAgent".to_owned(), s(ua)));
        }
        if info.resource_request {
            let mut r = Vec::new();
            for (k, v) in [
                ("resource", info.resource.as_str()),
                ("namespace", info.namespace.as_str()),
                ("name", info.name.as_str()),
                ("apiGroup", info.group.as_str()),
                ("apiVersion", info.version.as_str()),
                ("subresource", info.subresource.as_str()),
            ] {
                if !v.is_empty() {
                    r.push((k.to_owned(), s(v)));
                }
            }
            head.push(("objectRef".to_owned(), Value::Object(r)));
        }
        head.push(("requestReceivedTimestamp".to_owned(), now()));
        head
    }
}

/// A streamed answer that runs `done` once, when its last frame has been read or when it is
/// dropped before (the client went away).
struct Completing {
    inner: Body,
    done: Option<Box<dyn FnOnce() + Send + Sync>>,
}

impl hyper::body::Body for Completing {
    type Data = Bytes;
    type Error = std::io::Error;

    fn poll_frame(
        mut self: std::pin::Pin<&mut Self>,
        cx: &mut std::task::Context<'_>,
    ) -> std::task::Poll<Option<Result<hyper::body::Frame<Bytes>, std::io::Error>>> {
        let polled = std::pin::Pin::new(&mut self.inner).poll_frame(cx);
        if let std::task::Poll::Ready(None) = polled
            && let Some(done) = self.done.take()
        {
            done();
        }
        polled
    }

    fn is_end_stream(&self) -> bool {
        self.inner.is_end_stream()
    }

    fn size_hint(&self) -> hyper::body::SizeHint {
        self.inner.size_hint()
    }
}

impl Drop for Completing {
    fn drop(&mut self) {
        if let Some(done) = self.done.take() {
            done();
        }
    }
}

impl Record {
    /// Fills the object reference's missing name and namespace from the request's object,
    /// as upstream's `LogRequestObject` does.
    fn name_object(&mut self, obj: &Value) {
        let Some(meta) = obj.get("metadata") else { return };
        let Some((_, Value::Object(r))) = self.event.iter_mut().find(|(k, _)| k == "objectRef") else { return };
        for key in ["namespace", "name"] {
            let have = r.iter().any(|(k, _)| k == key);
            if let Some(v) = meta.get(key).and_then(Value::as_str).filter(|v| !v.is_empty() && !have) {
                // The reference's members keep upstream's order: resource, namespace, name.
                let at = match key {
                    "namespace" => 1.min(r.len()),
                    _ => r.iter().position(|(k, _)| k != "resource" && k != "namespace").unwrap_or(r.len()),
                };
                r.insert(at, (key.to_owned(), s(v)));
            }
        }
    }
}

impl Audit {
    /// Writes one stage's event (unless the policy omits the stage): the head, `fields`, the
    /// stage's timestamp.
    fn emit(&self, record: &Record, stage: &str, fields: Vec<(String, Value)>) {
        if record.omit_stages.iter().any(|s| s == stage) {
            return;
        }
        let mut event: Vec<(String, Value)> = Vec::with_capacity(record.event.len() + fields.len() + 1);
        for (k, v) in &record.event {
            if k == "requestReceivedTimestamp" {
                // The response's fields come before the timestamps, as upstream's field order.
                event.extend(fields.iter().cloned());
            }
            event.push((k.clone(), if k == "stage" { s(stage) } else { v.clone() }));
        }
        event.push(("stageTimestamp".to_owned(), now()));
        if let Some(i) = event.iter().position(|(k, _)| k == "annotations") {
            // Annotations come last.
            let a = event.remove(i);
            event.push(a);
        }
        let event = Value::Object(event);
        if let Some(log) = lock(&self.log).as_mut() {
            let mut line = event.to_compact_vec();
            line.push(b'\n');
            // A log that cannot be written loses the event, not the request.
            let _ = log.write_all(&line).and_then(|()| log.flush());
        }
        let mut events = lock(&self.events);
        if events.len() == AUDIT_EVENT_LIMIT {
            events.pop_front();
        }
        events.push_back(event);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn user(name: &str, groups: &[&str]) -> UserInfo {
        UserInfo {
            username: name.into(),
            uid: String::new(),
            groups: groups.iter().map(|g| (*g).to_owned()).collect(),
            extra: Default::default(),
        }
    }

    #[test]
    fn request_info_as_upstream_resolves_it() {
        let get = http::Method::GET;
        let i = RequestInfo::of(&get, "/api/v1/namespaces/default/pods/web/log", None);
        assert_eq!(
            (i.verb.as_str(), i.namespace.as_str(), i.resource.as_str(), i.name.as_str(), i.subresource.as_str()),
            ("get", "default", "pods", "web", "log")
        );
        let i = RequestInfo::of(&get, "/apis/apps/v1/watch/namespaces/x/deployments", None);
        assert_eq!((i.verb.as_str(), i.group.as_str(), i.resource.as_str()), ("watch", "apps", "deployments"));
        let i = RequestInfo::of(&get, "/api/v1/pods", Some("watch=1&limit=5"));
        assert_eq!(i.verb, "watch");
        // A namespace is its own namespace; its `finalize` is a subresource.
        let i = RequestInfo::of(&http::Method::PUT, "/api/v1/namespaces/ns/finalize", None);
        assert_eq!(
            (i.verb.as_str(), i.namespace.as_str(), i.resource.as_str(), i.name.as_str(), i.subresource.as_str()),
            ("update", "ns", "namespaces", "ns", "finalize")
        );
        let i = RequestInfo::of(&http::Method::DELETE, "/api/v1/namespaces/ns/configmaps", None);
        assert_eq!(i.verb, "deletecollection");
        let i = RequestInfo::of(&get, "/healthz/ready", None);
        assert!(!i.resource_request);
        assert_eq!(i.verb, "get");
    }

    #[test]
    fn the_first_matching_rule_gives_the_level() {
        let policy = AuditPolicy::parse(
            br#"
apiVersion: audit.k8s.io/v1
kind: Policy
omitStages: [RequestReceived]
rules:
- level: None
  users: ["system:kube-proxy"]
- level: None
  nonResourceURLs: ["/healthz*", "/version"]
- level: RequestResponse
  resources:
  - group: ""
    resources: ["pods/log", "*/status"]
- level: Request
  namespaces: ["kube-system"]
  resources:
  - group: ""
    resources: ["configmaps"]
    resourceNames: ["controller-leader"]
- level: Metadata
  userGroups: ["system:authenticated"]
"#,
        )
        .unwrap();
        let alice = user("alice", &["system:authenticated"]);
        let level = |u: &UserInfo, m: http::Method, path: &str| {
            let info = RequestInfo::of(&m, path, None);
            policy.rule_for(u, &info).map(|r| r.level)
        };
        let get = || http::Method::GET;
        assert_eq!(level(&alice, get(), "/healthz/etcd"), Some(Level::None));
        assert_eq!(
            level(&user("system:kube-proxy", &["system:authenticated"]), get(), "/api/v1/pods"),
            Some(Level::None)
        );
        assert_eq!(level(&alice, get(), "/api/v1/namespaces/a/pods/p/log"), Some(Level::RequestResponse));
        assert_eq!(
            level(&alice, http::Method::PUT, "/apis/apps/v1/namespaces/a/deployments/d/status"),
            Some(Level::Metadata)
        );
        assert_eq!(
            level(&alice, http::Method::PUT, "/api/v1/namespaces/a/services/s/status"),
            Some(Level::RequestResponse)
        );
        assert_eq!(
            level(&alice, http::Method::PUT, "/api/v1/namespaces/kube-system/configmaps/controller-leader"),
            Some(Level::Request)
        );
        assert_eq!(
            level(&alice, http::Method::PUT, "/api/v1/namespaces/kube-system/configmaps/other"),
            Some(Level::Metadata)
        );
        assert_eq!(level(&user("system:anonymous", &["system:unauthenticated"]), get(), "/api"), None);
        assert_eq!(policy.omit_stages, ["RequestReceived"]);
    }

    #[test]
    fn bad_policies_name_the_field() {
        let bad = |doc: &str| AuditPolicy::parse(doc.as_bytes()).unwrap_err();
        assert!(
            bad("apiVersion: audit.k8s.io/v1\nkind: Policy\nrules:\n- level: Loud\n")
                .starts_with("rules[0].level: Unsupported value: \"Loud\"")
        );
        assert_eq!(
            bad("apiVersion: audit.k8s.io/v1\nkind: Policy\nrules:\n- users: [a]\n"),
            "rules[0].level: Required value"
        );
        assert!(
            bad("apiVersion: audit.k8s.io/v1\nkind: Policy\nomitStages: [Later]\n")
                .starts_with("omitStages[0]: Unsupported value")
        );
        assert!(
            bad("apiVersion: audit.k8s.io/v1\nkind: Policy\nrules:\n- level: None\n  nonResourceURLs: [/x]\n  namespaces: [a]\n")
                .contains("rules cannot apply to both regular resources and non-resource URLs")
        );
        assert!(bad("apiVersion: v1\nkind: ConfigMap\n").starts_with("the policy must be"));
    }
}
