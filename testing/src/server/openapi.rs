//! The non-resource endpoints kubectl reads besides discovery: `/version`, the health checks (`/healthz`, `/livez`, `/readyz` and their `/<check>` paths), and the OpenAPI documents kapi-codegen generates: `/openapi/v2` (JSON, or gnostic's protobuf form that kubectl asks for) and `/openapi/v3` (the list of group versions, each with a `hash` query parameter) and `/openapi/v3/<path>?hash=<hash>`.

use std::collections::HashMap;
use std::sync::OnceLock;

use bytes::Bytes;
use http::{StatusCode, header};
use kapi_api::features::SERVED_RELEASE;
use kapi_api::meta::resource::ResourceInfo;
use kapi_http::body::{self, Body};
use kapi_machinery::json::value::{self, Value};

#[rustfmt::skip]
#[path = "../../generated/openapi/documents.rs"]
mod documents;

/// The media type of OpenAPI v2 in protobuf (gnostic's `openapi.v2.Document`), as servers answer
/// with it.
pub const OPENAPI_V2_PROTOBUF: &str = "application/com.github.proto-openapi.spec.v2.v1.0+protobuf";

/// The older spelling client-go's discovery client asks for; `@` is not valid in a media type's
/// answer, so the answer always carries [`OPENAPI_V2_PROTOBUF`].
const OPENAPI_V2_PROTOBUF_ASKED: &str = "application/com.github.proto-openapi.spec.v2@v1.0+protobuf";

/// What `/version` answers: the release the API follows ([`SERVED_RELEASE`], the one every
/// other release-dependent answer of the server is judged by), emulating itself, compatible with
/// the release before it, as a fresh kube-apiserver reports.
fn version_info() -> String {
    let (major, minor) = (SERVED_RELEASE.major, SERVED_RELEASE.minor);
    let previous = minor.saturating_sub(1);
    format!(
        concat!(
            r#"{{"major":"{major}","minor":"{minor}","emulationMajor":"{major}","emulationMinor":"{minor}","#,
            r#""minCompatibilityMajor":"{major}","minCompatibilityMinor":"{previous}","gitVersion":"v{major}.{minor}.0-kapi","#,
            r#""gitCommit":"0000000000000000000000000000000000000000","gitTreeState":"clean","#,
            r#""buildDate":"1970-01-01T00:00:00Z","goVersion":"go1.26","compiler":"gc","platform":"linux/amd64"}}"#
        ),
        major = major,
        minor = minor,
        previous = previous,
    )
}

/// The checks each health endpoint reports.
const CHECKS: &[&str] = &["ping", "log", "etcd", "poststarthook/start-informers"];

/// The JSON of a generated document: the text after its header line.
fn json_of(text: &'static str) -> &'static str {
    text.split_once('\n').map_or(text, |(_, rest)| rest).trim_end()
}

/// The response to a `GET` of a non-resource path, or `None` for other paths.
pub(super) fn serve(
    path: &str,
    query: Option<&str>,
    accept: Option<&str>,
    resources: &[ResourceInfo],
) -> Option<http::Response<Body>> {
    match path {
        "/version" | "/version/" => Some(respond(StatusCode::OK, "application/json", Bytes::from(version_info()))),
        "/openapi/v2" => Some(v2(accept)),
        "/openapi/v3" | "/openapi/v3/" => Some(v3_root(resources, &[])),
        _ => {
            if let Some(rest) = path.strip_prefix("/openapi/v3/") {
                return Some(v3_document(rest, query, resources));
            }
            health(path, query)
        }
    }
}

fn respond(code: StatusCode, content_type: &str, data: Bytes) -> http::Response<Body> {
    let mut r = http::Response::new(body::full(data));
    *r.status_mut() = code;
    if let Ok(v) = http::HeaderValue::from_str(content_type) {
        r.headers_mut().insert(header::CONTENT_TYPE, v);
    }
    r
}

/// `/healthz`, `/livez`, `/readyz`: `ok`, or with `?verbose` one line per check; a named check
/// (`/healthz/ping`) answers for itself, an unknown one is `404`.
fn health(path: &str, query: Option<&str>) -> Option<http::Response<Body>> {
    let (endpoint, check) = ["healthz", "livez", "readyz"].iter().find_map(|e| {
        let rest = path.strip_prefix('/')?.strip_prefix(e)?;
        match rest {
            "" | "/" => Some((*e, None)),
            _ => rest.strip_prefix('/').map(|c| (*e, Some(c))),
        }
    })?;
    let text = match check {
        Some(c) if CHECKS.contains(&c) => "ok".to_owned(),
        Some(c) => {
            return Some(respond(
                StatusCode::NOT_FOUND,
                "text/plain; charset=utf-8",
                Bytes::from(format!("no such check `{c}`\n")),
            ));
        }
        None if query.is_some_and(|q| q.split('&').any(|p| p == "verbose" || p.starts_with("verbose="))) => {
            let mut t: String = CHECKS.iter().map(|c| format!("[+]{c} ok\n")).collect();
            t.push_str(&format!("{endpoint} check passed\n"));
            t
        }
        None => "ok".to_owned(),
    };
    Some(respond(StatusCode::OK, "text/plain; charset=utf-8", Bytes::from(text)))
}

/// The hash of each generated v3 document, computed once.
fn static_hashes() -> &'static Vec<String> {
    static HASHES: OnceLock<Vec<String>> = OnceLock::new();
    HASHES.get_or_init(|| documents::V3.iter().map(|(_, _, _, text)| hash(json_of(text).as_bytes())).collect())
}

pub(super) use super::openapi_paths::paths_of;

/// The schema name of each built-in kind (`io.k8s.api.apps.v1.Deployment`), by group, version and
/// kind, read once from the generated v2 document's `x-kubernetes-group-version-kind`s. The
/// `meta/v1` schemas, which list a kind for every group, are left out.
fn schema_names() -> &'static HashMap<(String, String, String), String> {
    static NAMES: OnceLock<HashMap<(String, String, String), String>> = OnceLock::new();
    NAMES.get_or_init(|| {
        let mut names = HashMap::new();
        let Ok(doc) = value::parse(json_of(documents::V2).as_bytes()) else { return names };
        let Some(Value::Object(definitions)) = doc.get("definitions") else { return names };
        for (name, schema) in definitions.iter().filter(|(n, _)| !n.starts_with("io.k8s.apimachinery.")) {
            let Some(Value::Array(gvks)) = schema.get("x-kubernetes-group-version-kind") else { continue };
            for gvk in gvks {
                let part = |k: &str| gvk.get(k).and_then(Value::as_str).unwrap_or_default().to_owned();
                names.insert((part("group"), part("version"), part("kind")), name.clone());
            }
        }
        names
    })
}

/// The schema name of a built-in kind, if the generated documents have one.
pub(super) fn builtin_schema(group: &str, version: &str, kind: &str) -> Option<String> {
    schema_names().get(&(group.to_owned(), version.to_owned(), kind.to_owned())).cloned()
}

/// A served v3 document (the generated schemas with the registered resources' paths) and its
/// hash: the generated part's hash, cached, combined with the paths'.
fn v3_text(index: usize, resources: &[ResourceInfo]) -> (String, String) {
    let (group, version, _, text) = documents::V3[index];
    let json = json_of(text);
    // The generator writes the document with `"paths":{}` last.
    let head = json.strip_suffix("\"paths\":{}}").unwrap_or(json);
    let paths = paths_of(group, version, resources, &builtin_schema).to_compact_vec();
    let mut doc = String::with_capacity(head.len() + paths.len() + 10);
    doc.push_str(head);
    if head.len() != json.len() {
        doc.push_str("\"paths\":");
        doc.push_str(&String::from_utf8_lossy(&paths));
        doc.push('}');
    }
    let h = hash(format!("{}{}", static_hashes()[index], String::from_utf8_lossy(&paths)).as_bytes());
    (doc, h)
}

/// A content hash in upper-case hex, as the `hash` parameter carries it. Clients treat it as
/// opaque: it changes when the document does, which is all caching needs. Two FNV-1a passes with
/// different offsets give 128 bits.
pub(super) fn hash(data: &[u8]) -> String {
    let fnv = |offset: u64| data.iter().fold(offset, |h, b| (h ^ u64::from(*b)).wrapping_mul(0x0000_0100_0000_01b3));
    format!("{:016X}{:016X}", fnv(0xcbf2_9ce4_8422_2325), fnv(0x6c62_272e_07bb_0142))
}

fn url_of(path: &str, hash: &str) -> String {
    format!("/openapi/v3/{path}?hash={hash}")
}

/// The index in [`documents::V3`] of each served document.
fn served(resources: &[ResourceInfo]) -> impl Iterator<Item = usize> + '_ {
    (0..documents::V3.len()).filter(|&i| {
        let (g, v, _, _) = documents::V3[i];
        resources.iter().any(|r| r.group == g && r.version == v)
    })
}

/// `/openapi/v3`: `{"paths":{"apis/apps/v1":{"serverRelativeURL":"/openapi/v3/apis/apps/v1?hash=…"}}}`,
/// with the documents of `extra` (path and hash) too.
pub(super) fn v3_root(resources: &[ResourceInfo], extra: &[(String, String)]) -> http::Response<Body> {
    let entry = |path: &str, h: &str| {
        (path.to_owned(), Value::Object(vec![("serverRelativeURL".into(), Value::String(url_of(path, h)))]))
    };
    let mut paths: Vec<(String, Value)> = served(resources)
        .map(|i| {
            let (_, h) = v3_text(i, resources);
            entry(documents::V3[i].2, &h)
        })
        .collect();
    paths.extend(extra.iter().map(|(p, h)| entry(p, h)));
    let doc = Value::Object(vec![("paths".into(), Value::Object(paths))]);
    respond(StatusCode::OK, "application/json", Bytes::from(doc.to_compact_vec()))
}

/// The generated v3 document of a discovery path (`apis/apiextensions.k8s.io/v1`), as JSON.
pub(super) fn generated_v3(path: &str) -> Option<&'static str> {
    documents::V3.iter().find(|d| d.2 == path).map(|d| json_of(d.3))
}

/// `/openapi/v3/<path>`: the document; with the current hash it may be cached for good, with an
/// old one the client is sent to the current URL, as upstream does.
fn v3_document(path: &str, query: Option<&str>, resources: &[ResourceInfo]) -> http::Response<Body> {
    let Some(i) = served(resources).find(|&i| documents::V3[i].2 == path.trim_end_matches('/')) else {
        return respond(
            StatusCode::NOT_FOUND,
            "text/plain; charset=utf-8",
            Bytes::from_static(b"404 page not found\n"),
        );
    };
    let (doc, current) = v3_text(i, resources);
    document_response(documents::V3[i].2, doc, &current, query)
}

/// A v3 document at `path` whose current hash is `current`: cached for good when asked for with
/// it, a redirect to the current URL when asked for with another.
pub(super) fn document_response(path: &str, doc: String, current: &str, query: Option<&str>) -> http::Response<Body> {
    let asked = query.and_then(|q| q.split('&').find_map(|p| p.strip_prefix("hash=")));
    let cache = match asked {
        Some(h) if h != current => {
            let mut r = respond(StatusCode::MOVED_PERMANENTLY, "text/plain; charset=utf-8", Bytes::new());
            if let Ok(v) = http::HeaderValue::from_str(&url_of(path, current)) {
                r.headers_mut().insert(header::LOCATION, v);
            }
            return r;
        }
        Some(_) => "public, immutable",
        None => "no-cache, private",
    };
    let mut resp = respond(StatusCode::OK, "application/json", Bytes::from(doc));
    resp.headers_mut().insert(header::CACHE_CONTROL, http::HeaderValue::from_static(cache));
    if let Ok(v) = http::HeaderValue::from_str(&format!("\"{current}\"")) {
        resp.headers_mut().insert(header::ETAG, v);
    }
    resp
}

/// `/openapi/v2`: protobuf when the client asks for it (client-go does), else JSON.
fn v2(accept: Option<&str>) -> http::Response<Body> {
    let protobuf = |m: &str| m.starts_with(OPENAPI_V2_PROTOBUF) || m.starts_with(OPENAPI_V2_PROTOBUF_ASKED);
    if accept.is_some_and(|a| a.split(',').any(|m| protobuf(m.trim()))) {
        static PROTO: OnceLock<Bytes> = OnceLock::new();
        let data = PROTO.get_or_init(|| match value::parse(json_of(documents::V2).as_bytes()) {
            Ok(doc) => Bytes::from(v2_protobuf(&doc)),
            // The document is generated and checked by the generator's tests; an unreadable one
            // is served as an empty document rather than taking the server down.
            Err(_) => Bytes::new(),
        });
        return respond(StatusCode::OK, OPENAPI_V2_PROTOBUF, data.clone());
    }
    respond(StatusCode::OK, "application/json", Bytes::from_static(json_of(documents::V2).as_bytes()))
}

/// `/openapi/v2` with more definitions (the custom resources' kinds), built per request: JSON,
/// or protobuf when the client asks for it, as [`v2`].
pub(super) fn v2_with(accept: Option<&str>, extra: Vec<(String, Value)>) -> http::Response<Body> {
    static PARSED: OnceLock<Option<Value>> = OnceLock::new();
    let Some(mut doc) = PARSED.get_or_init(|| value::parse(json_of(documents::V2).as_bytes()).ok()).clone() else {
        return v2(accept);
    };
    if let Value::Object(members) = &mut doc
        && let Some((_, Value::Object(defs))) = members.iter_mut().find(|(k, _)| k == "definitions")
    {
        defs.extend(extra);
        defs.sort_by(|a, b| a.0.cmp(&b.0));
    }
    let protobuf = |m: &str| m.starts_with(OPENAPI_V2_PROTOBUF) || m.starts_with(OPENAPI_V2_PROTOBUF_ASKED);
    if accept.is_some_and(|a| a.split(',').any(|m| protobuf(m.trim()))) {
        return respond(StatusCode::OK, OPENAPI_V2_PROTOBUF, Bytes::from(v2_protobuf(&doc)));
    }
    respond(StatusCode::OK, "application/json", Bytes::from(doc.to_compact_vec()))
}

/// Protobuf writing for the few message shapes of gnostic's OpenAPI v2 schema.
struct Proto(Vec<u8>);

impl Proto {
    fn varint(&mut self, mut v: u64) {
        while v >= 0x80 {
            self.0.push((v as u8) | 0x80);
            v >>= 7;
        }
        self.0.push(v as u8);
    }

    fn bytes(&mut self, field: u32, data: &[u8]) {
        self.varint(u64::from(field) << 3 | 2);
        self.varint(data.len() as u64);
        self.0.extend_from_slice(data);
    }

    fn string(&mut self, field: u32, s: &str) {
        self.bytes(field, s.as_bytes());
    }

    fn message(&mut self, field: u32, f: impl FnOnce(&mut Proto)) {
        let mut inner = Proto(Vec::new());
        f(&mut inner);
        self.bytes(field, &inner.0);
    }
}

/// gnostic's `openapi.v2.Document` of a v2 JSON document: swagger (1), info (2: title 1,
/// version 2), paths (8) and definitions (9: repeated `NamedSchema` 1 of name 1 and schema 2).
fn v2_protobuf(doc: &Value) -> Vec<u8> {
    let mut p = Proto(Vec::new());
    p.string(1, doc.get("swagger").and_then(Value::as_str).unwrap_or("2.0"));
    p.message(2, |info| {
        let field = |k: &str| doc.get("info").and_then(|i| i.get(k)).and_then(Value::as_str).unwrap_or_default();
        info.string(1, field("title"));
        info.string(2, field("version"));
    });
    p.message(8, |_| {});
    if let Some(Value::Object(defs)) = doc.get("definitions") {
        p.message(9, |d| {
            for (name, schema) in defs {
                d.message(1, |named| {
                    named.string(1, name);
                    named.message(2, |s| schema_protobuf(s, schema, 0));
                });
            }
        });
    }
    p.0
}

/// Schemas nest a few levels (items of maps of lists); deeper input is cut off here.
const MAX_SCHEMA_DEPTH: usize = 64;

/// gnostic's `Schema`: `_ref` 1, format 2, description 4, default 5 (`Any` with YAML 2),
/// required 19, enum 20 (`Any` each), additionalProperties 21 (schema 1), type 22 (value 1), items 23 (schema 1),
/// allOf 24, properties 25 (`NamedSchema` 1) and vendor extensions 31 (`NamedAny` with the value
/// as YAML, which JSON text is).
fn schema_protobuf(p: &mut Proto, schema: &Value, depth: usize) {
    let Value::Object(members) = schema else { return };
    if depth > MAX_SCHEMA_DEPTH {
        return;
    }
    let any = |p: &mut Proto, field: u32, v: &Value| {
        let text = String::from_utf8_lossy(&v.to_compact_vec()).into_owned();
        p.message(field, |a| a.string(2, &text));
    };
    for (key, v) in members {
        match (key.as_str(), v) {
            ("$ref", Value::String(s)) => p.string(1, s),
            ("format", Value::String(s)) => p.string(2, s),
            ("description", Value::String(s)) => p.string(4, s),
            ("default", v) => any(p, 5, v),
            ("required", Value::Array(items)) => {
                for s in items.iter().filter_map(Value::as_str) {
                    p.string(19, s);
                }
            }
            ("enum", Value::Array(items)) => {
                for v in items {
                    any(p, 20, v);
                }
            }
            ("additionalProperties", v) => p.message(21, |a| a.message(1, |s| schema_protobuf(s, v, depth + 1))),
            ("type", Value::String(s)) => p.message(22, |t| t.string(1, s)),
            ("items", v) => p.message(23, |i| i.message(1, |s| schema_protobuf(s, v, depth + 1))),
            ("allOf", Value::Array(items)) => {
                for v in items {
                    p.message(24, |s| schema_protobuf(s, v, depth + 1));
                }
            }
            ("properties", Value::Object(props)) => p.message(25, |ps| {
                for (name, v) in props {
                    ps.message(1, |named| {
                        named.string(1, name);
                        named.message(2, |s| schema_protobuf(s, v, depth + 1));
                    });
                }
            }),
            (k, v) if k.starts_with("x-") => p.message(31, |named| {
                named.string(1, k);
                any(named, 2, v);
            }),
            _ => {}
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn version_reports_the_served_release() {
        let info = value::parse(version_info().as_bytes()).expect("`/version` is JSON");
        let field = |name: &str| info.get(name).and_then(|v| v.as_str()).unwrap_or_default().to_owned();
        let release = kapi_machinery::lifecycle::Release::from_version_info(&field("major"), &field("minor"));
        assert_eq!(release, Some(SERVED_RELEASE));
        assert_eq!(field("emulationMinor"), field("minor"));
        assert_eq!(field("minCompatibilityMinor"), (SERVED_RELEASE.minor - 1).to_string());
        assert_eq!(field("gitVersion"), format!("v{SERVED_RELEASE}.0-kapi"));
    }

    #[test]
    fn protobuf_fields_are_tagged_as_gnostic_numbers_them() {
        let doc = value::parse(br#"{"swagger":"2.0","info":{"title":"T","version":"v"},"definitions":{"A":{"type":"object","required":["x"],"properties":{"p":{"type":"string","enum":["TCP"]}}}}}"#).unwrap();
        let bytes = v2_protobuf(&doc);
        // swagger = 1 (tag 0x0a), "2.0".
        assert_eq!(&bytes[..5], b"\x0a\x032.0");
        // info = 2 (tag 0x12) holding title = 1 and version = 2.
        assert_eq!(&bytes[5..13], b"\x12\x06\x0a\x01T\x12\x01v");
        // paths = 8, empty; then definitions = 9 (tag 0x4a).
        assert_eq!(&bytes[13..16], b"\x42\x00\x4a");
        let tail = &bytes[16..];
        assert!(tail.windows(2).any(|w| w == b"\x0a\x01"), "a NamedSchema named `A`: {tail:?}");
        // type = 22 is tag (22 << 3 | 2) = 0xb2 0x01; required = 19 is 0x9a 0x01.
        assert!(tail.windows(2).any(|w| w == [0xb2, 0x01]), "{tail:?}");
        assert!(tail.windows(4).any(|w| w == [0x9a, 0x01, 0x01, b'x']), "{tail:?}");
        // enum = 20 is 0xa2 0x01, each value an `Any` whose yaml (2) is the JSON text.
        let value = [0xa2, 0x01, 0x07, 0x12, 0x05, b'"', b'T', b'C', b'P', b'"'];
        assert!(tail.windows(value.len()).any(|w| w == value), "{tail:?}");
    }

    #[test]
    fn hashes_change_with_the_content() {
        assert_eq!(hash(b"a").len(), 32);
        assert_ne!(hash(b"a"), hash(b"b"));
        assert_eq!(hash(b"a"), hash(b"a"));
    }

    #[test]
    fn every_embedded_document_is_json() {
        for (_, _, path, text) in documents::V3 {
            assert!(value::parse(json_of(text).as_bytes()).is_ok(), "{path}");
        }
        assert!(value::parse(json_of(documents::V2).as_bytes()).is_ok());
    }
}
