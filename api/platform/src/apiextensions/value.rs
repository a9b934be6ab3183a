//! The internal `JSON` value: canonical JSON text as Go's `interface{}` round trip writes it, and the conversions both versions share.

use kapi_machinery::json::{Value, format_go_float, value};
use kapi_machinery::{ConversionError, DecodeError};

use super::JSON;

impl JSON {
    /// Reads any JSON text as upstream's conversion reads a versioned `JSON` into an
    /// `interface{}` and writes it back: empty text and `null` are no value, object members are
    /// sorted by name with the last of duplicates kept, integers that fit 64 bits stay integers,
    /// and every other number becomes the nearest float64, refused when it is out of range.
    pub fn from_json(raw: &[u8]) -> Result<JSON, ConversionError> {
        if raw.is_empty() {
            return Ok(JSON::default());
        }
        let parsed = value::parse(raw).map_err(|e| ConversionError::new(e.to_string()))?;
        if parsed == Value::Null {
            return Ok(JSON::default());
        }
        let mut out = Vec::with_capacity(raw.len());
        canonical(&parsed, &mut out)?;
        Ok(JSON { value: Some(out) })
    }

    /// The value as a JSON tree; `None` for no value.
    pub fn parse(&self) -> Result<Option<Value>, DecodeError> {
        self.value.as_deref().map(value::parse).transpose()
    }

    /// The value as JSON text: `null` for no value.
    pub fn to_json(&self) -> Vec<u8> {
        self.value.clone().unwrap_or_else(|| b"null".to_vec())
    }
}

/// Writes `v` as Go writes the `interface{}` that `k8s.io/apimachinery/pkg/util/json` reads it into.
/// Recursion is bounded by the parser's depth limit.
fn canonical(v: &Value, out: &mut Vec<u8>) -> Result<(), ConversionError> {
    match v {
        Value::Array(items) => {
            out.push(b'[');
            for (i, item) in items.iter().enumerate() {
                if i > 0 {
                    out.push(b',');
                }
                canonical(item, out).map_err(|e| e.in_index(i))?;
            }
            out.push(b']');
        }
        Value::Object(members) => {
            // A Go map keeps the last of duplicate members and is written sorted by key bytes.
            let mut sorted: std::collections::BTreeMap<&str, &Value> = std::collections::BTreeMap::new();
            for (k, v) in members {
                sorted.insert(k, v);
            }
            out.push(b'{');
            for (i, (k, v)) in sorted.into_iter().enumerate() {
                if i > 0 {
                    out.push(b',');
                }
                Value::String(k.to_owned()).write_compact(out);
                out.push(b':');
                canonical(v, out).map_err(|e| e.in_key(k))?;
            }
            out.push(b'}');
        }
        Value::Number(text) => {
            if let Ok(i) = text.parse::<i64>() {
                out.extend_from_slice(i.to_string().as_bytes());
            } else {
                let f: f64 = text.parse().map_err(|_| ConversionError::new(format!("invalid number {text}")))?;
                let go = format_go_float(f, false)
                    .ok_or_else(|| ConversionError::new(format!("number {text} is out of the range of a float64")))?;
                out.extend_from_slice(go.as_bytes());
            }
        }
        other => other.write_compact(out),
    }
    Ok(())
}

/// A versioned `JSON`'s bytes into the internal value (both versions' `convert_json_to_internal`).
pub(crate) fn json_to_internal(raw: Option<Vec<u8>>) -> Result<JSON, ConversionError> {
    JSON::from_json(raw.as_deref().unwrap_or_default())
}

/// The internal value into a versioned `JSON`'s bytes; no value, and `null`, are nil bytes.
pub(crate) fn json_from_internal(from: JSON) -> Option<Vec<u8>> {
    from.value.filter(|v| !v.is_empty() && v.as_slice() != b"null")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn canon(text: &str) -> String {
        String::from_utf8(JSON::from_json(text.as_bytes()).unwrap().to_json()).unwrap()
    }

    #[test]
    fn values_come_out_as_go_writes_an_interface() {
        // Members sorted, the last duplicate kept, whitespace gone.
        assert_eq!(canon(r#"{ "b": 1, "a": [true, null], "b": 2 }"#), r#"{"a":[true,null],"b":2}"#);
        // Integers stay integers; other numbers are float64 in Go's shortest form.
        assert_eq!(
            canon("[1, -0, 1.0, 1e3, 2.50, 1e21, 0.0000001, 9223372036854775807, 9223372036854775808]"),
            "[1,0,1,1000,2.5,1e+21,1e-7,9223372036854775807,9223372036854776000]"
        );
        // Strings get Go's HTML-safe escapes.
        assert_eq!(canon(r#""<a&b>""#), r#""\u003ca\u0026b\u003e""#);
        assert_eq!(canon("null"), "null");
        assert_eq!(JSON::from_json(b"null").unwrap(), JSON::default());
        assert_eq!(JSON::from_json(b"").unwrap(), JSON::default());
    }

    #[test]
    fn bad_values_are_errors_naming_the_place() {
        let e = JSON::from_json(br#"{"a": [1, 1e400]}"#).unwrap_err();
        assert_eq!(e.to_string(), r#"["a"][1]: number 1e400 is out of the range of a float64"#);
        assert!(JSON::from_json(b"{").is_err());
        assert!(JSON::from_json(b"[1,]").is_err());
    }

    #[test]
    fn the_canonical_form_is_a_fixed_point() {
        for text in [r#"{"z":{"y":[1.5,"s",{}]},"a":-3}"#, "[]", "\"\"", "false", "-1.25e-9"] {
            let once = canon(text);
            assert_eq!(canon(&once), once, "{text}");
            assert!(JSON::from_json(once.as_bytes()).unwrap().parse().unwrap().is_some());
        }
    }
}
