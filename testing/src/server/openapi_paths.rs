//! The `paths` of the served OpenAPI v3 documents: every served resource's collection, object and subresource paths with one operation per verb it has, upstream's operation ids, tags, query parameters (`fieldValidation`, `dryRun`, `fieldManager`, …) and `x-kubernetes-action` / `x-kubernetes-group-version-kind`, so that kubectl finds server-side field validation on the `patch` operations and `kubectl explain` finds each kind.

use kapi_api::meta::resource::ResourceInfo;
use kapi_machinery::Subresource;
use kapi_machinery::json::value::Value;

/// A query parameter: its name, schema type and upstream's description.
struct Param {
    name: &'static str,
    ty: &'static str,
    description: &'static str,
}

const fn p(name: &'static str, ty: &'static str, description: &'static str) -> Param {
    Param { name, ty, description }
}

const PRETTY: Param = p("pretty", "string", "If 'true', then the output is pretty printed.");
const DRY_RUN: Param = p(
    "dryRun",
    "string",
    "When present, indicates that modifications should not be persisted. An invalid or unrecognized dryRun directive will result in an error response and no further processing of the request. Valid values are: - All: all dry run stages will be processed",
);
const FIELD_MANAGER: Param = p(
    "fieldManager",
    "string",
    "fieldManager is a name associated with the actor or entity that is making these changes.",
);
const FIELD_VALIDATION: Param = p(
    "fieldValidation",
    "string",
    "fieldValidation instructs the server on how to handle objects in the request (POST/PUT/PATCH) containing unknown or duplicate fields. Valid values are: - Ignore, - Warn (the default), - Strict.",
);
const FORCE: Param = p(
    "force",
    "boolean",
    "Force is going to \"force\" Apply requests. It means user will re-acquire conflicting fields owned by other people.",
);
const GRACE: Param = p(
    "gracePeriodSeconds",
    "integer",
    "The duration in seconds before the object should be deleted. Value must be non-negative integer.",
);
const IGNORE_STORE_READ_ERROR: Param = p(
    "ignoreStoreReadErrorWithClusterBreakingPotential",
    "boolean",
    "if set to true, it will trigger an unsafe deletion of the resource in case the normal deletion flow fails with a corrupt object error.",
);
const ORPHAN: Param = p(
    "orphanDependents",
    "boolean",
    "Deprecated: please use the PropagationPolicy, this field will be deprecated in 1.7. Should the dependent objects be orphaned.",
);
const PROPAGATION: Param = p(
    "propagationPolicy",
    "string",
    "Whether and how garbage collection will be performed. Acceptable values are: 'Orphan', 'Background', 'Foreground'.",
);
const LIST_PARAMS: [Param; 10] = [
    p("allowWatchBookmarks", "boolean", "allowWatchBookmarks requests watch events with type \"BOOKMARK\"."),
    p("continue", "string", "The continue option should be set when retrieving more results from the server."),
    p(
        "fieldSelector",
        "string",
        "A selector to restrict the list of returned objects by their fields. Defaults to everything.",
    ),
    p(
        "labelSelector",
        "string",
        "A selector to restrict the list of returned objects by their labels. Defaults to everything.",
    ),
    p("limit", "integer", "limit is a maximum number of responses to return for a list call."),
    p(
        "resourceVersion",
        "string",
        "resourceVersion sets a constraint on what resource versions a request may be served from.",
    ),
    p(
        "resourceVersionMatch",
        "string",
        "resourceVersionMatch determines how resourceVersion is applied to list calls.",
    ),
    p("sendInitialEvents", "boolean", "`sendInitialEvents=true` may be set together with `watch=true`."),
    p("timeoutSeconds", "integer", "Timeout for the list/watch call."),
    p(
        "watch",
        "boolean",
        "Watch for changes to the described resources and return them as a stream of add, update, and remove notifications.",
    ),
];

/// What a verb's request carries.
#[derive(Clone, Copy)]
enum Body {
    None,
    /// The kind itself.
    Kind,
    /// `meta/v1` `Patch`.
    Patch,
    /// `meta/v1` `DeleteOptions`.
    DeleteOptions,
}

/// One operation of an object or subresource path, by the resource verb it needs.
struct VerbOp {
    method: &'static str,
    verb: &'static str,
    id_verb: &'static str,
    action: &'static str,
    /// The description's start.
    text: &'static str,
    params: &'static [&'static Param],
    body: Body,
    codes: &'static [(&'static str, &'static str)],
}

const WRITE: &[&Param] = &[&DRY_RUN, &FIELD_MANAGER, &FIELD_VALIDATION];
const PATCH: &[&Param] = &[&DRY_RUN, &FIELD_MANAGER, &FIELD_VALIDATION, &FORCE];
const DELETE: &[&Param] = &[&DRY_RUN, &GRACE, &IGNORE_STORE_READ_ERROR, &ORPHAN, &PROPAGATION];

const fn op(
    method: &'static str,
    verb: &'static str,
    id_verb: &'static str,
    text: &'static str,
    params: &'static [&'static Param],
    body: Body,
    codes: &'static [(&'static str, &'static str)],
) -> VerbOp {
    VerbOp { method, verb, id_verb, action: method, text, params, body, codes }
}

const OBJECT_VERBS: [VerbOp; 4] = [
    op("get", "get", "read", "read the specified", &[], Body::None, OK),
    op("put", "update", "replace", "replace the specified", WRITE, Body::Kind, OK_CREATED),
    op("patch", "patch", "patch", "partially update the specified", PATCH, Body::Patch, OK_CREATED),
    op("delete", "delete", "delete", "delete a", DELETE, Body::DeleteOptions, OK_ACCEPTED),
];

const SUBRESOURCE_VERBS: [VerbOp; 4] = [
    op("get", "get", "read", "read", &[], Body::None, OK),
    op("post", "create", "create", "create", WRITE, Body::Kind, OK_CREATED_ACCEPTED),
    op("put", "update", "replace", "replace", WRITE, Body::Kind, OK_CREATED),
    op("patch", "patch", "patch", "partially update", PATCH, Body::Patch, OK_CREATED),
];

/// The `meta/v1` schemas operations refer to.
const STATUS: &str = "io.k8s.apimachinery.pkg.apis.meta.v1.Status";
const PATCH_SCHEMA: &str = "io.k8s.apimachinery.pkg.apis.meta.v1.Patch";
const DELETE_OPTIONS: &str = "io.k8s.apimachinery.pkg.apis.meta.v1.DeleteOptions";
const WATCH_EVENT: &str = "io.k8s.apimachinery.pkg.apis.meta.v1.WatchEvent";

/// Names a kind's schema in the document's `components` (`io.k8s.api.apps.v1.Deployment`) by
/// group, version and kind; `None` when the document has none (the answer then names no schema).
pub(super) type SchemaNames<'a> = &'a dyn Fn(&str, &str, &str) -> Option<String>;

fn request_schema(body: Body, kind: Option<String>) -> Option<String> {
    match body {
        Body::None => None,
        Body::Kind => kind,
        Body::Patch => Some(PATCH_SCHEMA.to_owned()),
        Body::DeleteOptions => Some(DELETE_OPTIONS.to_owned()),
    }
}

fn obj(members: Vec<(&str, Value)>) -> Value {
    Value::Object(members.into_iter().map(|(k, v)| (k.to_owned(), v)).collect())
}

fn string(s: &str) -> Value {
    Value::String(s.to_owned())
}

fn query(param: &Param) -> Value {
    obj(vec![
        ("description", string(param.description)),
        ("in", string("query")),
        ("name", string(param.name)),
        ("schema", obj(vec![("type", string(param.ty)), ("uniqueItems", Value::Bool(true))])),
    ])
}

fn path_param(name: &str, description: &str) -> Value {
    obj(vec![
        ("description", string(description)),
        ("in", string("path")),
        ("name", string(name)),
        ("required", Value::Bool(true)),
        ("schema", obj(vec![("type", string("string")), ("uniqueItems", Value::Bool(true))])),
    ])
}

/// Upstream's group part of operation ids and tags: the group without `.k8s.io`, each dotted
/// part capitalised (`rbac.authorization.k8s.io` → `RbacAuthorization`; the core group is
/// `Core`).
fn group_words(group: &str) -> String {
    if group.is_empty() {
        return "Core".to_owned();
    }
    group.trim_end_matches(".k8s.io").split(['.', '-']).map(capitalise).collect()
}

fn capitalise(s: &str) -> String {
    let mut c = s.chars();
    c.next().map(|f| f.to_uppercase().chain(c).collect()).unwrap_or_default()
}

/// The tag upstream files a group version's operations under (`core_v1`, `rbacAuthorization_v1`).
fn tag(group: &str, version: &str) -> String {
    let words = group_words(group);
    let mut c = words.chars();
    let lower: String = c.next().map(|f| f.to_lowercase().chain(c).collect()).unwrap_or_default();
    format!("{lower}_{version}")
}

/// One operation of a path.
struct Op<'a> {
    method: &'static str,
    /// The operation id's verb (`list`, `read`, `replace`, `deletecollection` as `deleteCollection`…).
    id_verb: &'static str,
    action: &'static str,
    description: String,
    /// The kind it answers with (for `x-kubernetes-group-version-kind`).
    kind: (&'a str, &'a str, &'a str),
    params: Vec<&'a Param>,
    /// `Namespaced`, `ForAllNamespaces` or nothing, and the subresource's suffix.
    scope: &'static str,
    suffix: String,
    /// The schema of the request body, if the operation takes one.
    request: Option<String>,
    /// The answers: status codes with their descriptions, all with `response`'s schema.
    codes: &'static [(&'static str, &'static str)],
    response: Option<String>,
    /// The answer may be a watch stream (lists and watches).
    stream: bool,
}

const OK: &[(&str, &str)] = &[("200", "OK")];
const OK_CREATED: &[(&str, &str)] = &[("200", "OK"), ("201", "Created")];
const OK_CREATED_ACCEPTED: &[(&str, &str)] = &[("200", "OK"), ("201", "Created"), ("202", "Accepted")];
const OK_ACCEPTED: &[(&str, &str)] = &[("200", "OK"), ("202", "Accepted")];

/// A reference to a schema of the document's `components`.
fn schema_ref(name: &str) -> Value {
    obj(vec![("schema", obj(vec![("$ref", string(&format!("#/components/schemas/{name}")))]))])
}

/// The media types an answer of `r` comes in, sorted as upstream lists them: JSON, protobuf
/// for the kinds that have it, YAML, and the watch streams of lists and watches.
fn media_types(r: &ResourceInfo, stream: bool) -> Vec<&'static str> {
    let mut types = vec!["application/json"];
    if stream {
        types.push("application/json;stream=watch");
    }
    if r.protobuf {
        types.push("application/vnd.kubernetes.protobuf");
        if stream {
            types.push("application/vnd.kubernetes.protobuf;stream=watch");
        }
    }
    types.push("application/yaml");
    types
}

fn operation(r: &ResourceInfo, op: Op<'_>) -> (String, Value) {
    let (group, version, kind) = op.kind;
    let ver = capitalise(r.version);
    // Upstream writes a collection's delete as `delete<Group><Version>Collection<Scope><Kind>`.
    let (verb, collection) = match op.id_verb {
        "deleteCollection" => ("delete", "Collection"),
        v => (v, ""),
    };
    let words = group_words(r.group);
    let id = match op.scope {
        "ForAllNamespaces" => format!("{verb}{words}{ver}{collection}{}{}ForAllNamespaces", r.kind, op.suffix),
        scope => format!("{verb}{words}{ver}{collection}{scope}{}{}", r.kind, op.suffix),
    };
    let mut members = vec![("description", string(&op.description)), ("operationId", string(&id))];
    if !op.params.is_empty() {
        members.push(("parameters", Value::Array(op.params.iter().map(|p| query(p)).collect())));
    }
    if let Some(body) = &op.request {
        members.push(("requestBody", obj(vec![("content", obj(vec![("application/json", schema_ref(body))]))])));
    }
    let types = media_types(r, op.stream);
    let answer = |description: &str| {
        let mut m = Vec::new();
        if let Some(schema) = &op.response {
            m.push(("content", obj(types.iter().map(|t| (*t, schema_ref(schema))).collect())));
        }
        m.push(("description", string(description)));
        obj(m)
    };
    members.push(("responses", obj(op.codes.iter().map(|(code, text)| (*code, answer(text))).collect())));
    members.push(("tags", Value::Array(vec![string(&tag(r.group, r.version))])));
    members.push(("x-kubernetes-action", string(op.action)));
    members.push((
        "x-kubernetes-group-version-kind",
        obj(vec![("group", string(group)), ("kind", string(kind)), ("version", string(version))]),
    ));
    (op.method.to_owned(), obj(members))
}

fn with_common(mut ops: Vec<(String, Value)>, path_params: Vec<Value>) -> Value {
    let mut params = path_params;
    params.push(query(&PRETTY));
    ops.push(("parameters".to_owned(), Value::Array(params)));
    ops.sort_by(|a, b| a.0.cmp(&b.0));
    Value::Object(ops)
}

/// The paths of one served resource: `(path, path item)`.
fn resource_paths(prefix: &str, r: &ResourceInfo, names: SchemaNames<'_>) -> Vec<(String, Value)> {
    let own = (r.group, r.version, r.kind);
    let scope = if r.namespaced { "Namespaced" } else { "" };
    let kind_schema = names(r.group, r.version, r.kind);
    let list_schema = names(r.group, r.version, &format!("{}List", r.kind));
    let collection = if r.namespaced {
        format!("{prefix}/namespaces/{{namespace}}/{}", r.resource)
    } else {
        format!("{prefix}/{}", r.resource)
    };
    let ns_param = || path_param("namespace", "object name and auth scope, such as for teams and projects");
    let name_param = || path_param("name", &format!("name of the {}", r.kind));
    let scope_params = || if r.namespaced { vec![ns_param()] } else { Vec::new() };
    let has = |v: &str| r.supports(v);
    let list = |scope: &'static str| Op {
        method: "get",
        id_verb: "list",
        action: "list",
        description: format!("list or watch objects of kind {}", r.kind),
        kind: own,
        params: LIST_PARAMS.iter().collect(),
        scope,
        suffix: String::new(),
        request: None,
        codes: OK,
        response: list_schema.clone(),
        stream: true,
    };
    let mut out = Vec::new();

    let mut ops = Vec::new();
    if has("list") {
        ops.push(operation(r, list(scope)));
    }
    if has("create") {
        ops.push(operation(
            r,
            Op {
                method: "post",
                id_verb: "create",
                action: "post",
                description: format!("create a {}", r.kind),
                kind: own,
                params: WRITE.to_vec(),
                scope,
                suffix: String::new(),
                request: kind_schema.clone(),
                codes: OK_CREATED_ACCEPTED,
                response: kind_schema.clone(),
                stream: false,
            },
        ));
    }
    if has("deletecollection") {
        let mut params: Vec<&Param> = DELETE.to_vec();
        params.extend(LIST_PARAMS.iter());
        params.sort_by_key(|p| p.name);
        ops.push(operation(
            r,
            Op {
                method: "delete",
                id_verb: "deleteCollection",
                action: "deletecollection",
                description: format!("delete collection of {}", r.kind),
                kind: own,
                params,
                scope,
                suffix: String::new(),
                request: Some(DELETE_OPTIONS.to_owned()),
                codes: OK,
                response: Some(STATUS.to_owned()),
                stream: false,
            },
        ));
    }
    if !ops.is_empty() {
        out.push((collection.clone(), with_common(ops, scope_params())));
    }
    if r.namespaced && has("list") {
        out.push((
            format!("{prefix}/{}", r.resource),
            with_common(vec![operation(r, list("ForAllNamespaces"))], Vec::new()),
        ));
    }

    let item = format!("{collection}/{{name}}");
    let mut ops = Vec::new();
    for v in OBJECT_VERBS {
        if has(v.verb) {
            // Some registries answer a delete with the deleted object, the others with a `Status`.
            let response = if v.verb == "delete" && !crate::tracker::deletion::returns_deleted_object(r) {
                Some(STATUS.to_owned())
            } else {
                kind_schema.clone()
            };
            ops.push(operation(
                r,
                Op {
                    method: v.method,
                    id_verb: v.id_verb,
                    action: v.action,
                    description: format!("{} {}", v.text, r.kind),
                    kind: own,
                    params: v.params.to_vec(),
                    scope,
                    suffix: String::new(),
                    request: request_schema(v.body, kind_schema.clone()),
                    codes: v.codes,
                    response,
                    stream: false,
                },
            ));
        }
    }
    if !ops.is_empty() {
        let mut params = vec![name_param()];
        params.extend(scope_params());
        out.push((item.clone(), with_common(ops, params)));
    }
    for s in r.subresources {
        if let Some(path) = subresource_paths(r, s, &item, scope, scope_params(), names) {
            out.push(path);
        }
    }
    if has("watch") {
        out.extend(watch_paths(prefix, r, WATCH_EVENT));
    }
    out
}

/// The deprecated `/watch/…` paths upstream still serves and lists: a namespace's list, every
/// namespace's (or a cluster-scoped resource's) list, and one object. Their parameters are the
/// list options, given for the whole path.
fn watch_paths(prefix: &str, r: &ResourceInfo, event: &str) -> Vec<(String, Value)> {
    let own = (r.group, r.version, r.kind);
    let watch = |scope: &'static str, suffix: &str, single: bool| Op {
        method: "get",
        id_verb: "watch",
        action: if single { "watch" } else { "watchlist" },
        description: if single {
            format!(
                "watch changes to an object of kind {} (deprecated: a list with `watch` and a `metadata.name` field selector)",
                r.kind
            )
        } else {
            format!("watch individual changes to a list of {} (deprecated: a list with `watch`)", r.kind)
        },
        kind: own,
        params: Vec::new(),
        scope,
        suffix: suffix.to_owned(),
        request: None,
        codes: OK,
        response: Some(event.to_owned()),
        stream: true,
    };
    let params = |path: Vec<Value>| {
        let mut all: Vec<Value> = LIST_PARAMS.iter().map(query).collect();
        all.push(query(&PRETTY));
        all.extend(path);
        all.sort_by(|a, b| a.get("name").and_then(Value::as_str).cmp(&b.get("name").and_then(Value::as_str)));
        all
    };
    let item = |ops: Vec<(String, Value)>, path: Vec<Value>| {
        let mut members = ops;
        members.push(("parameters".to_owned(), Value::Array(params(path))));
        Value::Object(members)
    };
    let ns = || path_param("namespace", "object name and auth scope, such as for teams and projects");
    let name = || path_param("name", &format!("name of the {}", r.kind));
    let res = r.resource;
    let mut out = Vec::new();
    if r.namespaced {
        out.push((
            format!("{prefix}/watch/namespaces/{{namespace}}/{res}"),
            item(vec![operation(r, watch("Namespaced", "List", false))], vec![ns()]),
        ));
        out.push((
            format!("{prefix}/watch/namespaces/{{namespace}}/{res}/{{name}}"),
            item(vec![operation(r, watch("Namespaced", "", true))], vec![name(), ns()]),
        ));
        out.push((
            format!("{prefix}/watch/{res}"),
            item(vec![operation(r, watch("ForAllNamespaces", "List", false))], vec![]),
        ));
    } else {
        out.push((format!("{prefix}/watch/{res}"), item(vec![operation(r, watch("", "List", false))], vec![])));
        out.push((
            format!("{prefix}/watch/{res}/{{name}}"),
            item(vec![operation(r, watch("", "", true))], vec![name()]),
        ));
    }
    out
}

fn subresource_paths(
    r: &ResourceInfo,
    s: &Subresource,
    item: &str,
    scope: &'static str,
    scope_params: Vec<Value>,
    names: SchemaNames<'_>,
) -> Option<(String, Value)> {
    let kind = if s.verbs == ["create"] { s.input_kinds()[0] } else { s.result };
    let gvk = (kind.group, kind.version, kind.kind);
    let schema = names(kind.group, kind.version, kind.kind);
    let suffix = capitalise(s.name);
    let mut ops = Vec::new();
    for v in SUBRESOURCE_VERBS {
        if s.supports(v.verb) {
            ops.push(operation(
                r,
                Op {
                    method: v.method,
                    id_verb: v.id_verb,
                    action: v.action,
                    description: format!("{} {} of the specified {}", v.text, s.name, r.kind),
                    kind: gvk,
                    params: v.params.to_vec(),
                    scope,
                    suffix: suffix.clone(),
                    request: request_schema(v.body, schema.clone()),
                    codes: v.codes,
                    response: schema.clone(),
                    stream: false,
                },
            ));
        }
    }
    if ops.is_empty() {
        return None;
    }
    let mut params = vec![path_param("name", &format!("name of the {}", kind.kind))];
    params.extend(scope_params);
    Some((format!("{item}/{}", s.name), with_common(ops, params)))
}

/// The `paths` of a group version's document, sorted by path.
pub(super) fn paths_of(group: &str, version: &str, resources: &[ResourceInfo], names: SchemaNames<'_>) -> Value {
    let prefix = if group.is_empty() { format!("/api/{version}") } else { format!("/apis/{group}/{version}") };
    let mut paths: Vec<(String, Value)> = resources
        .iter()
        .filter(|r| r.group == group && r.version == version)
        .flat_map(|r| resource_paths(&prefix, r, names))
        .collect();
    paths.sort_by(|a, b| a.0.cmp(&b.0));
    paths.dedup_by(|a, b| a.0 == b.0);
    Value::Object(paths)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn operation_ids_and_tags_follow_upstream() {
        assert_eq!(group_words(""), "Core");
        assert_eq!(group_words("rbac.authorization.k8s.io"), "RbacAuthorization");
        assert_eq!(group_words("flowcontrol.apiserver.k8s.io"), "FlowcontrolApiserver");
        assert_eq!(group_words("apps"), "Apps");
        assert_eq!(tag("", "v1"), "core_v1");
        assert_eq!(tag("rbac.authorization.k8s.io", "v1"), "rbacAuthorization_v1");
        assert_eq!(tag("autoscaling", "v2"), "autoscaling_v2");
    }
}
