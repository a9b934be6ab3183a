//! Content negotiation: the request body's format from `Content-Type` (415 otherwise) and the
//! response's from `Accept` (406 when nothing acceptable can be produced), as upstream's
//! `negotiation` package does for the JSON, YAML and protobuf serializers. Reads (get, list and
//! watch) may also be asked for as a `meta.k8s.io` `Table` (`application/json;as=Table;
//! g=meta.k8s.io;v=v1`), or reduced to their metadata (`as=PartialObjectMetadata` for a get or a
//! watch, `as=PartialObjectMetadataList` for a list, in JSON, YAML or protobuf): the first
//! acceptable range in the client's order (by quality) wins, so `as=…` ranges before a plain
//! `application/json` give the conversion.

use kapi_api::meta::errors as api_errors;
use kapi_machinery::Format;
use kapi_machinery::serializer::{MEDIA_TYPE_JSON, MEDIA_TYPE_PROTOBUF, MEDIA_TYPE_YAML};

use crate::tracker::Result;

/// A wire encoding the server speaks.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Encoding {
    /// `application/json`.
    Json,
    /// `application/yaml`.
    Yaml,
    /// `application/vnd.kubernetes.protobuf`.
    Protobuf,
}

impl Encoding {
    /// The media type of single objects.
    pub fn media_type(self) -> &'static str {
        match self {
            Encoding::Json => MEDIA_TYPE_JSON,
            Encoding::Yaml => MEDIA_TYPE_YAML,
            Encoding::Protobuf => MEDIA_TYPE_PROTOBUF,
        }
    }

    /// The `Content-Type` of a watch stream: upstream sends plain `application/json` for JSON
    /// streams and adds `;stream=watch` to other media types.
    pub fn watch_media_type(self) -> &'static str {
        match self {
            Encoding::Protobuf => "application/vnd.kubernetes.protobuf;stream=watch",
            _ => MEDIA_TYPE_JSON,
        }
    }

    /// The serializer format of single objects.
    pub fn format(self) -> Format {
        match self {
            Encoding::Json => Format::Json,
            Encoding::Yaml => Format::Yaml,
            Encoding::Protobuf => Format::Protobuf,
        }
    }
}

/// The version of a `Table` response.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TableVersion {
    /// `meta.k8s.io/v1`.
    V1,
    /// `meta.k8s.io/v1beta1`.
    V1beta1,
}

impl TableVersion {
    /// The `apiVersion` of the table and of its rows' partial metadata.
    pub fn api_version(self) -> &'static str {
        match self {
            TableVersion::V1 => "meta.k8s.io/v1",
            TableVersion::V1beta1 => "meta.k8s.io/v1beta1",
        }
    }
}

/// What a read is asked for as, instead of the objects themselves.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum As {
    /// A `meta.k8s.io` `Table`.
    Table(TableVersion),
    /// `PartialObjectMetadata` (a get or each watch event's object; `list` false) or
    /// `PartialObjectMetadataList` (a list), with the `meta.k8s.io` version's `apiVersion`.
    Metadata {
        /// The client asked for `PartialObjectMetadataList` rather than `PartialObjectMetadata`;
        /// a list must ask for the list kind and a get or watch for the item kind, or the read
        /// is refused with 406, as upstream refuses it.
        list: bool,
        /// `meta.k8s.io/v1` or `meta.k8s.io/v1beta1`, from the range's `v` parameter.
        api_version: &'static str,
    },
}

/// The conversion a range asks for: `as=Table`, `as=PartialObjectMetadata` or
/// `as=PartialObjectMetadataList` with `g=meta.k8s.io` and a served `v`; `None` when it asks
/// for another conversion or none.
fn conversion(r: &MediaRange) -> Option<As> {
    let param = |k: &str| r.params.iter().find(|(n, _)| n == k).map(|(_, v)| v.as_str());
    if param("g")? != "meta.k8s.io" {
        return None;
    }
    let (table, api_version) = match param("v")? {
        "v1" => (TableVersion::V1, "meta.k8s.io/v1"),
        "v1beta1" => (TableVersion::V1beta1, "meta.k8s.io/v1beta1"),
        _ => return None,
    };
    match param("as")? {
        // `Table` has no protobuf form here.
        "Table" if r.essence != MEDIA_TYPE_PROTOBUF => Some(As::Table(table)),
        "PartialObjectMetadata" => Some(As::Metadata { list: false, api_version }),
        "PartialObjectMetadataList" => Some(As::Metadata { list: true, api_version }),
        _ => None,
    }
}

/// A media type with its parameters, lower-cased.
struct MediaRange {
    essence: String,
    params: Vec<(String, String)>,
    q: f32,
}

fn parse_media_range(s: &str) -> Option<MediaRange> {
    let mut parts = s.split(';').map(str::trim);
    let essence = parts.next()?.to_ascii_lowercase();
    if essence.is_empty() || !essence.contains('/') {
        return None;
    }
    let mut params = Vec::new();
    let mut q = 1.0;
    for p in parts.filter(|p| !p.is_empty()) {
        let (k, v) = p.split_once('=').unwrap_or((p, ""));
        let k = k.trim().to_ascii_lowercase();
        let v = v.trim().trim_matches('"').to_owned();
        if k == "q" {
            q = v.parse::<f32>().ok().filter(|q| (0.0..=1.0).contains(q))?;
        } else {
            params.push((k, v));
        }
    }
    Some(MediaRange { essence, params, q })
}

/// The encodings a resource is served in.
fn supported(protobuf: bool) -> Vec<Encoding> {
    let mut v = vec![Encoding::Json, Encoding::Yaml];
    if protobuf {
        v.push(Encoding::Protobuf);
    }
    v
}

fn pick(accept: Option<&str>, offered: &[Encoding], watch: bool) -> Option<Encoding> {
    pick_read(accept, offered, watch, false).map(|(e, _)| e)
}

/// The first acceptable range's encoding, and its conversion when `conversions` allows one.
fn pick_read(
    accept: Option<&str>,
    offered: &[Encoding],
    watch: bool,
    conversions: bool,
) -> Option<(Encoding, Option<As>)> {
    let accept = accept.map(str::trim).filter(|a| !a.is_empty());
    let Some(accept) = accept else { return offered.first().map(|e| (*e, None)) };
    let mut ranges: Vec<MediaRange> = accept.split(',').filter_map(parse_media_range).filter(|r| r.q > 0.0).collect();
    // Stable: equal weights keep the client's order.
    ranges.sort_by(|a, b| b.q.total_cmp(&a.q));
    for r in ranges {
        let table = if r.params.iter().any(|(k, _)| matches!(k.as_str(), "as" | "g" | "v")) {
            // Tables and partial metadata only; other conversions are not served.
            match conversion(&r).filter(|_| conversions) {
                Some(v) => Some(v),
                None => continue,
            }
        } else {
            None
        };
        if r.params.iter().any(|(k, v)| k == "stream" && v != "watch") {
            continue;
        }
        let found = match r.essence.as_str() {
            "*/*" | "application/*" => offered.first().copied(),
            MEDIA_TYPE_JSON => offered.iter().copied().find(|e| *e == Encoding::Json),
            MEDIA_TYPE_YAML if !watch => offered.iter().copied().find(|e| *e == Encoding::Yaml),
            MEDIA_TYPE_PROTOBUF => offered.iter().copied().find(|e| *e == Encoding::Protobuf),
            _ => None,
        };
        if let Some(e) = found {
            return Some((e, table));
        }
    }
    None
}

/// The media types upstream's refusals list: every serializer's, protobuf too where a
/// resource is not served in it (apiextensions' serializer for custom resources has a protobuf
/// serializer, which only its endpoint restrictions keep from their objects).
pub(super) const MEDIA_TYPES: [&str; 3] = [MEDIA_TYPE_JSON, MEDIA_TYPE_YAML, MEDIA_TYPE_PROTOBUF];

/// The watch stream media types upstream's refusals list, for every resource.
pub(super) const STREAM_MEDIA_TYPES: [&str; 2] =
    ["application/json;stream=watch", "application/vnd.kubernetes.protobuf;stream=watch"];

/// The encoding of a response, from the `Accept` header (JSON when absent).
pub fn response_encoding(accept: Option<&str>, protobuf: bool) -> Result<Encoding> {
    let offered = supported(protobuf);
    pick(accept, &offered, false).ok_or_else(|| api_errors::not_acceptable(&MEDIA_TYPES))
}

/// The encoding of a read (get, list, or with `watch` a watch stream) and the conversion it
/// asks for, from the `Accept` header; the errors are [`response_encoding`]'s and
/// [`watch_encoding`]'s.
pub fn read_encoding(accept: Option<&str>, protobuf: bool, watch: bool) -> Result<(Encoding, Option<As>)> {
    let offered = supported(protobuf);
    // Upstream's list handler negotiates the output as for a list first, watches too, and
    // only then the watch's stream.
    let found = pick_read(accept, &offered, false, true).ok_or_else(|| api_errors::not_acceptable(&MEDIA_TYPES))?;
    if !watch {
        return Ok(found);
    }
    let streams: Vec<Encoding> = offered.into_iter().filter(|e| *e != Encoding::Yaml).collect();
    match pick_read(accept, &streams, true, true) {
        Some(found) => Ok(found),
        None => watch_encoding(accept, protobuf).map(|e| (e, None)),
    }
}

/// The encoding of a watch stream (JSON or protobuf), from the `Accept` header.
pub fn watch_encoding(accept: Option<&str>, protobuf: bool) -> Result<Encoding> {
    let offered: Vec<Encoding> = supported(protobuf).into_iter().filter(|e| *e != Encoding::Yaml).collect();
    pick(accept, &offered, true).ok_or_else(|| api_errors::not_acceptable(&STREAM_MEDIA_TYPES))
}

/// The encoding of a request body, from `Content-Type` (JSON when absent).
pub fn request_encoding(content_type: Option<&str>, protobuf: bool) -> Result<Encoding> {
    let offered = supported(protobuf);
    let unsupported = || api_errors::unsupported_media_type(&MEDIA_TYPES);
    let Some(ct) = content_type.map(str::trim).filter(|c| !c.is_empty()) else {
        return Ok(Encoding::Json);
    };
    let range = parse_media_range(ct).ok_or_else(unsupported)?;
    offered.iter().copied().find(|e| e.media_type() == range.essence).ok_or_else(unsupported)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn accept_headers() {
        assert_eq!(response_encoding(None, true).unwrap(), Encoding::Json);
        assert_eq!(response_encoding(Some("*/*"), true).unwrap(), Encoding::Json);
        assert_eq!(
            response_encoding(Some("application/vnd.kubernetes.protobuf, application/json"), true).unwrap(),
            Encoding::Protobuf
        );
        assert_eq!(
            response_encoding(Some("application/vnd.kubernetes.protobuf, application/json"), false).unwrap(),
            Encoding::Json
        );
        assert_eq!(response_encoding(Some("application/json;q=0.5, application/yaml"), true).unwrap(), Encoding::Yaml);
        assert_eq!(
            response_encoding(Some("application/json;as=Table;g=meta.k8s.io;v=v1, application/yaml"), true).unwrap(),
            Encoding::Yaml
        );
        let err = response_encoding(Some("text/html"), true).unwrap_err();
        assert_eq!(err.code, 406);
        assert_eq!(
            err.to_string(),
            "only the following media types are accepted: application/json, application/yaml, application/vnd.kubernetes.protobuf"
        );
        assert!(watch_encoding(Some("application/yaml"), true).is_err());
        assert_eq!(
            watch_encoding(Some("application/vnd.kubernetes.protobuf;stream=watch"), true).unwrap(),
            Encoding::Protobuf
        );
    }

    #[test]
    fn tables_are_served_to_reads_that_put_them_first() {
        let kubectl = "application/json;as=Table;v=v1;g=meta.k8s.io,application/json;as=Table;v=v1beta1;g=meta.k8s.io,application/json";
        assert_eq!(
            read_encoding(Some(kubectl), true, false).unwrap(),
            (Encoding::Json, Some(As::Table(TableVersion::V1)))
        );
        assert_eq!(
            read_encoding(Some(kubectl), true, true).unwrap(),
            (Encoding::Json, Some(As::Table(TableVersion::V1)))
        );
        let beta = "application/json;as=Table;v=v1beta1;g=meta.k8s.io";
        assert_eq!(
            read_encoding(Some(beta), true, false).unwrap(),
            (Encoding::Json, Some(As::Table(TableVersion::V1beta1)))
        );
        // The client's order decides: plain JSON first is plain JSON.
        let plain_first = "application/json, application/json;as=Table;v=v1;g=meta.k8s.io";
        assert_eq!(read_encoding(Some(plain_first), true, false).unwrap(), (Encoding::Json, None));
        // Partial metadata is served, in protobuf too.
        let meta =
            "application/vnd.kubernetes.protobuf;as=PartialObjectMetadataList;v=v1;g=meta.k8s.io, application/json";
        assert_eq!(
            read_encoding(Some(meta), true, false).unwrap(),
            (Encoding::Protobuf, Some(As::Metadata { list: true, api_version: "meta.k8s.io/v1" }))
        );
        // Other conversions, versions and groups are skipped.
        let other = "application/json;as=Scale;v=v1;g=autoscaling, application/yaml";
        assert_eq!(read_encoding(Some(other), true, false).unwrap(), (Encoding::Yaml, None));
        let v2 = "application/json;as=Table;v=v2;g=meta.k8s.io";
        assert_eq!(read_encoding(Some(v2), true, false).unwrap_err().code, 406);
        // Other requests never get tables.
        assert_eq!(response_encoding(Some(kubectl), true).unwrap(), Encoding::Json);
    }

    #[test]
    fn content_types() {
        assert_eq!(request_encoding(None, true).unwrap(), Encoding::Json);
        assert_eq!(request_encoding(Some("application/json; charset=utf-8"), true).unwrap(), Encoding::Json);
        assert_eq!(request_encoding(Some("application/yaml"), true).unwrap(), Encoding::Yaml);
        assert_eq!(request_encoding(Some("application/vnd.kubernetes.protobuf"), true).unwrap(), Encoding::Protobuf);
        let err = request_encoding(Some("application/vnd.kubernetes.protobuf"), false).unwrap_err();
        assert_eq!(err.code, 415);
        assert!(request_encoding(Some("text/plain"), true).is_err());
    }
}
