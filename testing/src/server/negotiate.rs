//! Content negotiation: the request body's format from `Content-Type` (415 otherwise) and the
//! response's from `Accept` (406 when nothing acceptable can be produced), as upstream's
//! `negotiation` package does for the JSON, YAML and protobuf serializers.

use kapi_client::api_errors;
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
    let accept = accept.map(str::trim).filter(|a| !a.is_empty());
    let Some(accept) = accept else { return offered.first().copied() };
    let mut ranges: Vec<MediaRange> = accept.split(',').filter_map(parse_media_range).filter(|r| r.q > 0.0).collect();
    // Stable: equal weights keep the client's order.
    ranges.sort_by(|a, b| b.q.total_cmp(&a.q));
    for r in ranges {
        // Conversions to other representations (`as=Table;g=meta.k8s.io;v=v1`) are not served.
        if r.params.iter().any(|(k, _)| matches!(k.as_str(), "as" | "g" | "v")) {
            continue;
        }
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
        if found.is_some() {
            return found;
        }
    }
    None
}

/// The encoding of a response, from the `Accept` header (JSON when absent).
pub fn response_encoding(accept: Option<&str>, protobuf: bool) -> Result<Encoding> {
    let offered = supported(protobuf);
    pick(accept, &offered, false).ok_or_else(|| {
        let names: Vec<&str> = offered.iter().map(|e| e.media_type()).collect();
        api_errors::not_acceptable(&names)
    })
}

/// The encoding of a watch stream (JSON or protobuf), from the `Accept` header.
pub fn watch_encoding(accept: Option<&str>, protobuf: bool) -> Result<Encoding> {
    let offered: Vec<Encoding> = supported(protobuf).into_iter().filter(|e| *e != Encoding::Yaml).collect();
    pick(accept, &offered, true).ok_or_else(|| {
        let mut names = vec!["application/json;stream=watch"];
        if protobuf {
            names.push("application/vnd.kubernetes.protobuf;stream=watch");
        }
        api_errors::not_acceptable(&names)
    })
}

/// The encoding of a request body, from `Content-Type` (JSON when absent).
pub fn request_encoding(content_type: Option<&str>, protobuf: bool) -> Result<Encoding> {
    let offered = supported(protobuf);
    let unsupported = || {
        let names: Vec<&str> = offered.iter().map(|e| e.media_type()).collect();
        api_errors::unsupported_media_type(&names)
    };
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
        assert_eq!(err.status().unwrap().code, 406);
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
    fn content_types() {
        assert_eq!(request_encoding(None, true).unwrap(), Encoding::Json);
        assert_eq!(request_encoding(Some("application/json; charset=utf-8"), true).unwrap(), Encoding::Json);
        assert_eq!(request_encoding(Some("application/yaml"), true).unwrap(), Encoding::Yaml);
        assert_eq!(request_encoding(Some("application/vnd.kubernetes.protobuf"), true).unwrap(), Encoding::Protobuf);
        let err = request_encoding(Some("application/vnd.kubernetes.protobuf"), false).unwrap_err();
        assert_eq!(err.status().unwrap().code, 415);
        assert!(request_encoding(Some("text/plain"), true).is_err());
    }
}
