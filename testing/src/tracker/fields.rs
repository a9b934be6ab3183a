//! Field selectors as the API server accepts them for every resource: comma-separated
//! `field=value`, `field==value` and `field!=value` terms on `metadata.name` and
//! `metadata.namespace`, with `\` escaping `,`, `=`, `!` and `\` in values; and the fields a
//! custom resource version adds with its definition's `selectableFields`.

use std::borrow::Cow;
use std::fmt;

use kapi_machinery::json::value::Value;
use kapi_machinery::jsonpath::{self, Node, eval};

/// One term of a field selector.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FieldRequirement {
    /// `metadata.name` or `metadata.namespace`.
    pub field: String,
    /// Whether the value must be equal (`=`, `==`) or different (`!=`).
    pub equal: bool,
    /// The value, unescaped.
    pub value: String,
}

/// A parsed field selector: every requirement must hold. The empty selector matches everything.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct FieldSelector {
    requirements: Vec<FieldRequirement>,
}

/// A field selector that does not parse or names an unsupported field.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FieldSelectorError(pub String);

impl fmt::Display for FieldSelectorError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for FieldSelectorError {}

/// The fields every resource can be selected by.
pub const SUPPORTED_FIELDS: &[&str] = &["metadata.name", "metadata.namespace"];

/// Splits on unescaped `sep`, keeping escapes in the parts.
fn split_unescaped(s: &str, sep: char) -> Vec<&str> {
    let mut parts = Vec::new();
    let mut start = 0;
    let mut escaped = false;
    for (i, c) in s.char_indices() {
        if escaped {
            escaped = false;
        } else if c == '\\' {
            escaped = true;
        } else if c == sep {
            parts.push(&s[start..i]);
            start = i + c.len_utf8();
        }
    }
    parts.push(&s[start..]);
    parts
}

fn unescape(s: &str, term: &str) -> Result<String, FieldSelectorError> {
    let mut out = String::with_capacity(s.len());
    let mut chars = s.chars();
    while let Some(c) = chars.next() {
        if c == '\\' {
            match chars.next() {
                Some(e @ ('\\' | ',' | '=' | '!')) => out.push(e),
                Some(e) => {
                    return Err(FieldSelectorError(format!(
                        "invalid field selector: {term:?}: invalid escape sequence \\{e}"
                    )));
                }
                None => {
                    return Err(FieldSelectorError(format!(
                        "invalid field selector: {term:?}: unterminated escape sequence"
                    )));
                }
            }
        } else if matches!(c, ',' | '=' | '!') {
            return Err(FieldSelectorError(format!("invalid field selector: {term:?}: unescaped {c:?} in value")));
        } else {
            out.push(c);
        }
    }
    Ok(out)
}

impl FieldSelector {
    /// The selector that matches everything.
    pub fn everything() -> Self {
        FieldSelector::default()
    }

    /// Parses a selector; an unknown field is an error worded as upstream's
    /// `field label not supported: <field>`.
    pub fn parse(input: &str) -> Result<Self, FieldSelectorError> {
        let selector = Self::parse_any(input)?;
        if let Some(r) = selector.requirements.iter().find(|r| !SUPPORTED_FIELDS.contains(&r.field.as_str())) {
            return Err(FieldSelectorError(format!("field label not supported: {}", r.field)));
        }
        Ok(selector)
    }

    /// Parses a selector on any fields; which fields a kind accepts is checked against its
    /// field-label conversion by the caller.
    pub(crate) fn parse_any(input: &str) -> Result<Self, FieldSelectorError> {
        let mut requirements = Vec::new();
        if input.trim().is_empty() {
            return Ok(FieldSelector { requirements });
        }
        for term in split_unescaped(input, ',') {
            let term_trimmed = term.trim();
            if term_trimmed.is_empty() {
                continue;
            }
            let (field, equal, value) = if let Some((f, v)) = term_trimmed.split_once("!=") {
                (f, false, v)
            } else if let Some((f, v)) = term_trimmed.split_once("==") {
                (f, true, v)
            } else if let Some((f, v)) = term_trimmed.split_once('=') {
                (f, true, v)
            } else {
                return Err(FieldSelectorError(format!(
                    "invalid selector: '{input}'; can't understand '{term_trimmed}'"
                )));
            };
            let field = field.trim();
            requirements.push(FieldRequirement { field: field.into(), equal, value: unescape(value, term_trimmed)? });
        }
        Ok(FieldSelector { requirements })
    }

    /// Adds a requirement that `metadata.name` equals `name`.
    pub fn and_name(mut self, name: &str) -> Self {
        self.requirements.push(FieldRequirement { field: "metadata.name".into(), equal: true, value: name.into() });
        self
    }

    /// The requirements, to rewrite their labels.
    pub(crate) fn requirements_mut(&mut self) -> &mut [FieldRequirement] {
        &mut self.requirements
    }

    /// The requirements, in the order written.
    pub fn requirements(&self) -> &[FieldRequirement] {
        &self.requirements
    }

    /// Whether the selector has no requirements.
    pub fn is_empty(&self) -> bool {
        self.requirements.is_empty()
    }

    /// Whether an object with this name and namespace is selected.
    pub fn matches(&self, name: &str, namespace: &str) -> bool {
        self.matches_fields(|field| match field {
            "metadata.name" => Cow::Borrowed(name),
            "metadata.namespace" => Cow::Borrowed(namespace),
            _ => Cow::Borrowed(""),
        })
    }

    /// Whether an object whose fields have the values `value_of` gives is selected. The metadata
    /// fields are borrowed, so the common selectors allocate nothing per object.
    pub(crate) fn matches_fields<'a>(&self, mut value_of: impl FnMut(&str) -> Cow<'a, str>) -> bool {
        self.requirements.iter().all(|r| (value_of(&r.field) == r.value) == r.equal)
    }
}

/// The field labels of a custom resource version, as apiextensions-apiserver converts and reads
/// them: `metadata.name`, `metadata.namespace` when the resource is namespaced, and each of the
/// version's `selectableFields` by its path without the leading `.` (`spec.color`), read from the
/// object by its JSONPath.
#[derive(Debug)]
pub struct CustomFields {
    namespaced: bool,
    /// Each selectable field's label and its template (`None`: the path does not parse, which
    /// the definition's validation refuses).
    selectable: Vec<(String, Option<Vec<Node>>)>,
}

impl CustomFields {
    /// The labels of a version whose `selectableFields` have these JSONPaths.
    pub fn new<'a>(namespaced: bool, json_paths: impl IntoIterator<Item = &'a str>) -> CustomFields {
        let selectable = json_paths
            .into_iter()
            .map(|p| (p.strip_prefix('.').unwrap_or(p).to_owned(), jsonpath::parse(&format!("{{{p}}}")).ok()))
            .collect();
        CustomFields { namespaced, selectable }
    }

    /// Upstream's `crConverter.ConvertFieldLabel`: the label is kept or refused with
    /// `field label not supported: <label>`.
    pub(crate) fn convert(&self, label: &str) -> Result<(), FieldSelectorError> {
        let known = label == "metadata.name"
            || (self.namespaced && label == "metadata.namespace")
            || self.selectable.iter().any(|(l, _)| l == label);
        if known { Ok(()) } else { Err(FieldSelectorError(format!("field label not supported: {label}"))) }
    }

    /// The value upstream's strategy gives a selectable field of `doc` (`GetAttrs`): the first
    /// value the path selects, printed as Go's `fmt.Sprint` prints it (the definition allows only
    /// strings, integers and booleans), or empty when it selects nothing or `null`. An
    /// evaluation error, which upstream answers with an internal error, is empty here too.
    pub(crate) fn value(&self, label: &str, doc: &Value) -> String {
        let Some((_, Some(template))) = self.selectable.iter().find(|(l, _)| l == label) else { return String::new() };
        let Ok(results) = eval::find_results(template, doc, true) else { return String::new() };
        match results.first().and_then(|r| r.first()).map(|v| v.interface()) {
            None | Some(eval::Found::Nothing | eval::Found::Json(Value::Null)) => String::new(),
            Some(v) => v.print(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_and_matches() {
        let s = FieldSelector::parse("metadata.name=foo,metadata.namespace!=kube-system").unwrap();
        assert!(s.matches("foo", "default"));
        assert!(!s.matches("foo", "kube-system"));
        assert!(!s.matches("bar", "default"));
        let s = FieldSelector::parse("metadata.name==a\\,b").unwrap();
        assert!(s.matches("a,b", ""));
        assert!(FieldSelector::parse("").unwrap().matches("x", "y"));
    }

    #[test]
    fn rejects_unknown_fields_and_garbage() {
        assert_eq!(FieldSelector::parse("spec.foo=1").unwrap_err().0, "field label not supported: spec.foo");
        assert!(FieldSelector::parse("metadata.name").is_err());
        assert!(FieldSelector::parse("metadata.name=a=b").is_err());
        assert!(FieldSelector::parse("metadata.name=a\\").is_err());
    }

    #[test]
    fn custom_fields_convert_and_read_as_apiextensions_does() {
        let f = CustomFields::new(true, [".spec.color", ".spec.size", ".spec.on"]);
        assert!(f.convert("metadata.name").is_ok() && f.convert("metadata.namespace").is_ok());
        assert!(f.convert("spec.color").is_ok());
        assert_eq!(f.convert("spec.shape").unwrap_err().0, "field label not supported: spec.shape");
        assert_eq!(f.convert(".spec.color").unwrap_err().0, "field label not supported: .spec.color");
        let cluster = CustomFields::new(false, []);
        assert_eq!(
            cluster.convert("metadata.namespace").unwrap_err().0,
            "field label not supported: metadata.namespace"
        );
        let doc = kapi_machinery::json::value::parse(br#"{"spec":{"color":"blue","size":42,"on":true}}"#).unwrap();
        assert_eq!(f.value("spec.color", &doc), "blue");
        assert_eq!(f.value("spec.size", &doc), "42");
        assert_eq!(f.value("spec.on", &doc), "true");
        let bare = kapi_machinery::json::value::parse(br#"{"spec":{"color":null}}"#).unwrap();
        assert_eq!(f.value("spec.color", &bare), "");
        assert_eq!(f.value("spec.size", &bare), "");
    }
}
