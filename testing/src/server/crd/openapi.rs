//! OpenAPI v3 documents of the custom resources' group versions, as upstream publishes CRD schemas: the structural schema with `apiVersion`, `kind` and `metadata` and the kind's `x-kubernetes-group-version-kind`, the list kind, and the `meta/v1` schemas they refer to.

use std::sync::OnceLock;

use kapi_api::meta::resource::ResourceInfo;
use kapi_http::body::Body;
use kapi_machinery::json::value::{self, Value};

use super::Served;
use crate::server::ApiServer;
use crate::server::openapi;

const META: &str = "io.k8s.apimachinery.pkg.apis.meta.v1.";

/// The `meta/v1` schemas of the generated documents (`ObjectMeta`, `ListMeta` and what they
/// refer to), taken once from the apiextensions document.
fn meta_schemas() -> &'static [(String, Value)] {
    static META_SCHEMAS: OnceLock<Vec<(String, Value)>> = OnceLock::new();
    META_SCHEMAS.get_or_init(|| {
        let Some(doc) =
            openapi::generated_v3("apis/apiextensions.k8s.io/v1").and_then(|t| value::parse(t.as_bytes()).ok())
        else {
            return Vec::new();
        };
        match doc.get("components").and_then(|c| c.get("schemas")) {
            Some(Value::Object(schemas)) => schemas.iter().filter(|(k, _)| k.starts_with(META)).cloned().collect(),
            _ => Vec::new(),
        }
    })
}

/// Upstream's schema name of a custom kind: the group reversed (`com.example.v1.Widget`).
fn schema_name(group: &str, version: &str, kind: &str) -> String {
    let mut parts: Vec<&str> = group.split('.').collect();
    parts.reverse();
    format!("{}.{version}.{kind}", parts.join("."))
}

fn string_schema(description: &str) -> Value {
    Value::Object(vec![
        ("description".into(), Value::String(description.into())),
        ("type".into(), Value::String("string".into())),
    ])
}

fn reference(name: &str) -> Value {
    Value::Object(vec![(
        "allOf".into(),
        Value::Array(vec![Value::Object(vec![("$ref".into(), Value::String(format!("#/components/schemas/{name}")))])]),
    )])
}

fn gvk(info: &ResourceInfo, kind: &str) -> Value {
    Value::Array(vec![Value::Object(vec![
        ("group".into(), Value::String(info.group.into())),
        ("kind".into(), Value::String(kind.into())),
        ("version".into(), Value::String(info.version.into())),
    ])])
}

const API_VERSION_DOC: &str = "APIVersion defines the versioned schema of this representation of an object.";
const KIND_DOC: &str = "Kind is a string value representing the REST resource this object represents.";

/// The kind's schema: the structural schema with the members every object has.
fn kind_schema(served: &Served) -> Value {
    let mut members = match &served.schema {
        Some(Value::Object(m)) => m.clone(),
        _ => vec![("type".into(), Value::String("object".into()))],
    };
    let mut props = match members.iter().position(|(k, _)| k == "properties") {
        Some(i) => match members.remove(i).1 {
            Value::Object(p) => p,
            _ => Vec::new(),
        },
        None => Vec::new(),
    };
    props.retain(|(k, _)| !matches!(k.as_str(), "apiVersion" | "kind" | "metadata"));
    let mut all = vec![
        ("apiVersion".to_owned(), string_schema(API_VERSION_DOC)),
        ("kind".to_owned(), string_schema(KIND_DOC)),
        ("metadata".to_owned(), reference(&format!("{META}ObjectMeta"))),
    ];
    all.extend(props);
    members.push(("properties".into(), Value::Object(all)));
    members.push(("x-kubernetes-group-version-kind".into(), gvk(&served.info, served.info.kind)));
    Value::Object(members)
}

fn list_schema(served: &Served, item: &str) -> Value {
    let items = Value::Object(vec![
        ("items".into(), Value::Object(vec![("$ref".into(), Value::String(format!("#/components/schemas/{item}")))])),
        ("type".into(), Value::String("array".into())),
    ]);
    Value::Object(vec![
        ("description".into(), Value::String(format!("{} is a list of {}", served.list_kind, served.info.kind))),
        (
            "properties".into(),
            Value::Object(vec![
                ("apiVersion".into(), string_schema(API_VERSION_DOC)),
                ("items".into(), items),
                ("kind".into(), string_schema(KIND_DOC)),
                ("metadata".into(), reference(&format!("{META}ListMeta"))),
            ]),
        ),
        ("required".into(), Value::Array(vec![Value::String("items".into())])),
        ("type".into(), Value::String("object".into())),
        ("x-kubernetes-group-version-kind".into(), gvk(&served.info, &served.list_kind)),
    ])
}

/// The v3 document of a custom group version, and its hash.
fn document(group: &str, version: &str, served: &[&Served]) -> (String, String) {
    let mut schemas: Vec<(String, Value)> = meta_schemas().to_vec();
    for s in served {
        let name = schema_name(group, version, s.info.kind);
        schemas.push((schema_name(group, version, &s.list_kind), list_schema(s, &name)));
        schemas.push((name, kind_schema(s)));
    }
    schemas.sort_by(|a, b| a.0.cmp(&b.0));
    let infos: Vec<ResourceInfo> = served.iter().map(|s| s.info).collect();
    // The document holds the served kinds and their lists; other kinds (a `scale`
    // subresource's `Scale`) are named without a schema.
    let names = |g: &str, v: &str, kind: &str| {
        served.iter().find_map(|s| {
            let own = g == group && v == version;
            if own && kind == s.info.kind {
                Some(schema_name(group, version, kind))
            } else if own && kind == format!("{}List", s.info.kind) {
                Some(schema_name(group, version, &s.list_kind))
            } else {
                None
            }
        })
    };
    let doc = Value::Object(vec![
        ("openapi".into(), Value::String("3.0.0".into())),
        (
            "info".into(),
            Value::Object(vec![
                ("title".into(), Value::String("Kubernetes CRD Swagger".into())),
                ("version".into(), Value::String("v0.1.0".into())),
            ]),
        ),
        ("paths".into(), openapi::paths_of(group, version, &infos, &names)),
        ("components".into(), Value::Object(vec![("schemas".into(), Value::Object(schemas))])),
    ]);
    let text = String::from_utf8_lossy(&doc.to_compact_vec()).into_owned();
    let h = openapi::hash(text.as_bytes());
    (text, h)
}

/// A v3 schema as OpenAPI v2 has it: references into `definitions`, and without what v2 cannot
/// say (`nullable`, `anyOf`, `oneOf`, `not`), as upstream's v2 publishing drops them.
fn to_v2(v: &Value) -> Value {
    match v {
        Value::Object(members) => Value::Object(
            members
                .iter()
                .filter(|(k, _)| !matches!(k.as_str(), "nullable" | "anyOf" | "oneOf" | "not"))
                .map(|(k, m)| match (k.as_str(), m) {
                    ("$ref", Value::String(r)) => {
                        (k.clone(), Value::String(r.replace("#/components/schemas/", "#/definitions/")))
                    }
                    _ => (k.clone(), to_v2(m)),
                })
                .collect(),
        ),
        Value::Array(items) => Value::Array(items.iter().map(to_v2).collect()),
        other => other.clone(),
    }
}

/// The v2 definitions of the served custom kinds and their lists.
fn v2_definitions(all: &[std::sync::Arc<Served>]) -> Vec<(String, Value)> {
    let mut out = Vec::new();
    for s in all {
        let (g, v) = (s.info.group, s.info.version);
        let name = schema_name(g, v, s.info.kind);
        out.push((schema_name(g, v, &s.list_kind), to_v2(&list_schema(s, &name))));
        out.push((name, to_v2(&kind_schema(s))));
    }
    out
}

impl ApiServer {
    /// The custom group versions' documents by discovery path (`apis/example.com/v1`).
    fn crd_documents(&self) -> Vec<(String, String, String)> {
        let all = self.crds.all();
        let mut gvs: Vec<(&str, &str)> = all.iter().map(|s| (s.info.group, s.info.version)).collect();
        gvs.dedup();
        gvs.into_iter()
            .map(|(g, v)| {
                let served: Vec<&Served> =
                    all.iter().filter(|s| s.info.group == g && s.info.version == v).map(|s| s.as_ref()).collect();
                let (doc, h) = document(g, v, &served);
                (format!("apis/{g}/{v}"), doc, h)
            })
            .collect()
    }

    /// `/openapi/v2` and `/openapi/v3` with the custom group versions, and their v3 documents;
    /// `None` for other paths, or when no custom resource is served.
    pub(in crate::server) fn crd_openapi(
        &self,
        path: &str,
        query: Option<&str>,
        accept: Option<&str>,
    ) -> Option<http::Response<Body>> {
        if path == "/openapi/v2" {
            let all = self.crds.all();
            if all.is_empty() {
                return None;
            }
            return Some(openapi::v2_with(accept, v2_definitions(&all)));
        }
        if !path.starts_with("/openapi/v3") {
            return None;
        }
        let docs = self.crd_documents();
        if docs.is_empty() {
            return None;
        }
        match path {
            "/openapi/v3" | "/openapi/v3/" => {
                let extra: Vec<(String, String)> = docs.into_iter().map(|(p, _, h)| (p, h)).collect();
                Some(openapi::v3_root(&self.tracker.resources(), &extra))
            }
            _ => {
                let rest = path.strip_prefix("/openapi/v3/")?.trim_end_matches('/');
                let (p, doc, h) = docs.into_iter().find(|(p, _, _)| p == rest)?;
                Some(openapi::document_response(&p, doc, &h, query))
            }
        }
    }
}
