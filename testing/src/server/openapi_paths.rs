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

/// One operation of an object or subresource path, by the resource verb it needs.
struct VerbOp {
    method: &'static str,
    verb: &'static str,
    id_verb: &'static str,
    action: &'static str,
    /// The description's start.
    text: &'static str,
    params: &'static [&'static Param],
    body: bool,
}

const WRITE: &[&Param] = &[&DRY_RUN, &FIELD_MANAGER, &FIELD_VALIDATION];
const PATCH: &[&Param] = &[&DRY_RUN, &FIELD_MANAGER, &FIELD_VALIDATION, &FORCE];
const DELETE: &[&Param] = &[&DRY_RUN, &GRACE, &IGNORE_STORE_READ_ERROR, &ORPHAN, &PROPAGATION];

const fn op(
    method: &'static str,
    verb: &'static str,
    id_verb: &'static str,
    action: &'static str,
    text: &'static str,
    params: &'static [&'static Param],
) -> VerbOp {
    // Every operation but a read takes a body (deletes take `DeleteOptions`).
    VerbOp { method, verb, id_verb, action, text, params, body: !params.is_empty() }
}

const OBJECT_VERBS: [VerbOp; 4] = [
    op("get", "get", "read", "get", "read the specified", &[]),
    op("put", "update", "replace", "put", "replace the specified", WRITE),
    op("patch", "patch", "patch", "patch", "partially update the specified", PATCH),
    op("delete", "delete", "delete", "delete", "delete a", DELETE),
];

const SUBRESOURCE_VERBS: [VerbOp; 4] = [
    op("get", "get", "read", "get", "read", &[]),
    op("post", "create", "create", "post", "create", WRITE),
    op("put", "update", "replace", "put", "replace", WRITE),
    op("patch", "patch", "patch", "patch", "partially update", PATCH),
];

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
    body: bool,
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
    let mut members = vec![
        ("description", string(&op.description)),
        ("operationId", string(&id)),
        ("parameters", Value::Array(op.params.iter().map(|p| query(p)).collect())),
    ];
    if op.body {
        members.push((
            "requestBody",
            obj(vec![
                ("content", obj(vec![("*/*", obj(vec![("schema", obj(vec![("type", string("object"))]))]))])),
                ("required", Value::Bool(true)),
            ]),
        ));
    }
    members.push((
        "responses",
        obj(vec![
            ("200", obj(vec![("description", string("OK"))])),
            ("401", obj(vec![("description", string("Unauthorized"))])),
        ]),
    ));
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
fn resource_paths(prefix: &str, r: &ResourceInfo) -> Vec<(String, Value)> {
    let own = (r.group, r.version, r.kind);
    let scope = if r.namespaced { "Namespaced" } else { "" };
    let collection = if r.namespaced {
        format!("{prefix}/namespaces/{{namespace}}/{}", r.resource)
    } else {
        format!("{prefix}/{}", r.resource)
    };
    let ns_param = || path_param("namespace", "object name and auth scope, such as for teams and projects");
    let name_param = || path_param("name", &format!("name of the {}", r.kind));
    let scope_params = || if r.namespaced { vec![ns_param()] } else { Vec::new() };
    let has = |v: &str| r.supports(v);
    let mut out = Vec::new();

    let mut ops = Vec::new();
    let mut list_params: Vec<&Param> = LIST_PARAMS.iter().collect();
    if has("list") {
        ops.push(operation(
            r,
            Op {
                method: "get",
                id_verb: "list",
                action: "list",
                description: format!("list or watch objects of kind {}", r.kind),
                kind: own,
                params: list_params.clone(),
                scope,
                suffix: String::new(),
                body: false,
            },
        ));
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
                params: vec![&DRY_RUN, &FIELD_MANAGER, &FIELD_VALIDATION],
                scope,
                suffix: String::new(),
                body: true,
            },
        ));
    }
    if has("deletecollection") {
        let mut params = vec![&DRY_RUN, &GRACE, &IGNORE_STORE_READ_ERROR, &ORPHAN, &PROPAGATION];
        params.append(&mut list_params);
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
                body: true,
            },
        ));
    }
    if !ops.is_empty() {
        out.push((collection.clone(), with_common(ops, scope_params())));
    }
    if r.namespaced && has("list") {
        let op = operation(
            r,
            Op {
                method: "get",
                id_verb: "list",
                action: "list",
                description: format!("list or watch objects of kind {}", r.kind),
                kind: own,
                params: LIST_PARAMS.iter().collect(),
                scope: "ForAllNamespaces",
                suffix: String::new(),
                body: false,
            },
        );
        out.push((format!("{prefix}/{}", r.resource), with_common(vec![op], Vec::new())));
    }

    let item = format!("{collection}/{{name}}");
    let mut ops = Vec::new();
    for v in OBJECT_VERBS {
        if has(v.verb) {
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
                    body: v.body,
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
        if let Some(path) = subresource_paths(r, s, &item, scope, scope_params()) {
            out.push(path);
        }
    }
    out
}

fn subresource_paths(
    r: &ResourceInfo,
    s: &Subresource,
    item: &str,
    scope: &'static str,
    scope_params: Vec<Value>,
) -> Option<(String, Value)> {
    let kind = if s.verbs == ["create"] { s.input_kinds()[0] } else { s.result };
    let gvk = (kind.group, kind.version, kind.kind);
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
                    body: v.body,
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
pub(super) fn paths_of(group: &str, version: &str, resources: &[ResourceInfo]) -> Value {
    let prefix = if group.is_empty() { format!("/api/{version}") } else { format!("/apis/{group}/{version}") };
    let mut paths: Vec<(String, Value)> = resources
        .iter()
        .filter(|r| r.group == group && r.version == version)
        .flat_map(|r| resource_paths(&prefix, r))
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
