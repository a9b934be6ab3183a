//! Field errors as upstream's `k8s.io/apimachinery/pkg/util/validation/field` prints them: paths, error types, bad values and lists.

pub mod content;
pub mod declarative;
pub mod email;
pub mod ip;
pub mod prefixed;

use std::fmt;

use crate::json::escape::write_json_string;

/// A path to a field, printed as upstream's `field.Path`: `webhooks[0].clientConfig.url`, map
/// keys in brackets without quotes (`metadata.labels[app]`).
#[derive(Debug, Clone, PartialEq, Eq, Default, Hash)]
pub struct Path(String);

impl Path {
    /// A path starting at a top-level field (`Path::new("spec")`).
    pub fn new(root: &str) -> Path {
        Path(root.to_owned())
    }

    /// The empty path (errors about the whole object).
    pub fn root() -> Path {
        Path(String::new())
    }

    /// The path of a member field.
    pub fn child(&self, name: &str) -> Path {
        let mut s = String::with_capacity(self.0.len() + name.len() + 1);
        s.push_str(&self.0);
        if !s.is_empty() {
            s.push('.');
        }
        s.push_str(name);
        Path(s)
    }

    /// The path of a list item.
    pub fn index(&self, i: usize) -> Path {
        Path(format!("{}[{i}]", self.0))
    }

    /// The path of a map entry.
    pub fn key(&self, k: &str) -> Path {
        Path(format!("{}[{k}]", self.0))
    }

    /// The path as text.
    pub fn as_str(&self) -> &str {
        &self.0
    }
}

impl fmt::Display for Path {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl From<&str> for Path {
    fn from(s: &str) -> Path {
        Path(s.to_owned())
    }
}

impl From<&String> for Path {
    fn from(s: &String) -> Path {
        Path(s.clone())
    }
}

impl From<String> for Path {
    fn from(s: String) -> Path {
        Path(s)
    }
}

impl From<&Path> for Path {
    fn from(p: &Path) -> Path {
        p.clone()
    }
}

/// Upstream's `field.ErrorType`: what kind of failure, with the `StatusCause` type it becomes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum ErrorType {
    /// `FieldValueNotFound`: `Not found`.
    NotFound,
    /// `FieldValueRequired`: `Required value`.
    Required,
    /// `FieldValueDuplicate`: `Duplicate value`.
    Duplicate,
    /// `FieldValueInvalid`: `Invalid value`.
    Invalid,
    /// `FieldValueNotSupported`: `Unsupported value`.
    NotSupported,
    /// `FieldValueForbidden`: `Forbidden`.
    Forbidden,
    /// `FieldValueTooLong`: `Too long`.
    TooLong,
    /// `FieldValueTooMany`: `Too many`.
    TooMany,
    /// `FieldValueTooFew`: `Too few`.
    TooFew,
    /// `InternalError`: `Internal error`.
    Internal,
    /// `FieldValueTypeInvalid`: `Invalid value`.
    TypeInvalid,
    /// `FieldValueTooShort`: `Too short`.
    TooShort,
}

impl ErrorType {
    /// The `StatusCause` type (`FieldValueRequired`, …), which is the Go constant's value.
    pub fn cause(self) -> &'static str {
        match self {
            ErrorType::NotFound => "FieldValueNotFound",
            ErrorType::Required => "FieldValueRequired",
            ErrorType::Duplicate => "FieldValueDuplicate",
            ErrorType::Invalid => "FieldValueInvalid",
            ErrorType::NotSupported => "FieldValueNotSupported",
            ErrorType::Forbidden => "FieldValueForbidden",
            ErrorType::TooLong => "FieldValueTooLong",
            ErrorType::TooMany => "FieldValueTooMany",
            ErrorType::TooFew => "FieldValueTooFew",
            ErrorType::Internal => "InternalError",
            ErrorType::TypeInvalid => "FieldValueTypeInvalid",
            ErrorType::TooShort => "FieldValueTooShort",
        }
    }

    /// The words the message starts with (`Required value`).
    pub fn text(self) -> &'static str {
        match self {
            ErrorType::NotFound => "Not found",
            ErrorType::Required => "Required value",
            ErrorType::Duplicate => "Duplicate value",
            ErrorType::Invalid | ErrorType::TypeInvalid => "Invalid value",
            ErrorType::NotSupported => "Unsupported value",
            ErrorType::Forbidden => "Forbidden",
            ErrorType::TooLong => "Too long",
            ErrorType::TooMany => "Too many",
            ErrorType::TooFew => "Too few",
            ErrorType::Internal => "Internal error",
            ErrorType::TooShort => "Too short",
        }
    }

    /// Whether upstream prints the bad value for this type (`Required` and `Forbidden` never do).
    fn shows_value(self) -> bool {
        !matches!(
            self,
            ErrorType::Required | ErrorType::Forbidden | ErrorType::TooLong | ErrorType::TooShort | ErrorType::Internal
        )
    }
}

/// A bad value, formatted as upstream's `ErrorBody` formats a Go value: plain strings with `%q`,
/// numbers and booleans with `%v`, anything else (named string types, lists, structs) as JSON.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum BadValue {
    /// Not shown.
    Omitted,
    /// A Go `string`: `"Foo"` with Go's quoting.
    Str(String),
    /// A Go integer.
    Int(i64),
    /// A Go `bool`.
    Bool(bool),
    /// A value upstream renders with `json.Marshal`, already rendered.
    Json(String),
}

impl BadValue {
    /// A value of a named string type (`SideEffectClass`, `ScopeType`): JSON, not `%q`.
    pub fn named(s: &str) -> BadValue {
        let mut out = Vec::with_capacity(s.len() + 2);
        write_json_string(&mut out, s);
        BadValue::Json(String::from_utf8(out).expect("the JSON writer writes UTF-8"))
    }

    /// A list of strings (or of a named string type) as `json.Marshal` writes it; `null` when empty
    /// and unset, as Go writes a nil slice.
    pub fn string_list<S: AsRef<str>>(items: &[S]) -> BadValue {
        if items.is_empty() {
            return BadValue::Json("null".into());
        }
        let mut out = vec![b'['];
        for (i, s) in items.iter().enumerate() {
            if i > 0 {
                out.push(b',');
            }
            write_json_string(&mut out, s.as_ref());
        }
        out.push(b']');
        BadValue::Json(String::from_utf8(out).expect("the JSON writer writes UTF-8"))
    }

    fn render(&self) -> Option<String> {
        match self {
            BadValue::Omitted => None,
            BadValue::Str(s) => Some(go_quote(s)),
            BadValue::Int(n) => Some(n.to_string()),
            BadValue::Bool(b) => Some(b.to_string()),
            BadValue::Json(j) => Some(j.clone()),
        }
    }
}

impl From<&str> for BadValue {
    fn from(s: &str) -> BadValue {
        BadValue::Str(s.to_owned())
    }
}

impl From<&String> for BadValue {
    fn from(s: &String) -> BadValue {
        BadValue::Str(s.clone())
    }
}

impl From<String> for BadValue {
    fn from(s: String) -> BadValue {
        BadValue::Str(s)
    }
}

impl From<i64> for BadValue {
    fn from(n: i64) -> BadValue {
        BadValue::Int(n)
    }
}

impl From<i32> for BadValue {
    fn from(n: i32) -> BadValue {
        BadValue::Int(i64::from(n))
    }
}

impl From<usize> for BadValue {
    fn from(n: usize) -> BadValue {
        BadValue::Int(i64::try_from(n).unwrap_or(i64::MAX))
    }
}

impl From<bool> for BadValue {
    fn from(b: bool) -> BadValue {
        BadValue::Bool(b)
    }
}

/// Go's `unicode.IsPrint` (and `strconv.IsPrint`): letters, marks, numbers, punctuation,
/// symbols and U+0020, by the categories of Go's Unicode edition (see `hack/gen-unicode-tables.py`).
pub fn is_go_print(c: char) -> bool {
    let u = u32::from(c);
    let ranges = crate::unicode_tables::PRINT;
    // The last range starting at or before `u` holds it or nothing does.
    let i = ranges.partition_point(|&(start, _)| start <= u);
    i > 0 && u <= ranges[i - 1].1
}

/// Go's `strconv.Quote`: double quotes, `\"` and `\\`, what [`is_go_print`] accepts as it is,
/// and the rest escaped: the C escapes, `\x..` below U+0020 and for U+007F, `\u....` or
/// `\U........` above.
pub fn go_quote(s: &str) -> String {
    let mut out = String::with_capacity(s.len() + 2);
    out.push('"');
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            c if is_go_print(c) => out.push(c),
            '\u{7}' => out.push_str("\\a"),
            '\u{8}' => out.push_str("\\b"),
            '\u{c}' => out.push_str("\\f"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            '\u{b}' => out.push_str("\\v"),
            c if (c as u32) < 0x20 || c as u32 == 0x7f => out.push_str(&format!("\\x{:02x}", c as u32)),
            c if (c as u32) < 0x10000 => out.push_str(&format!("\\u{:04x}", c as u32)),
            c => out.push_str(&format!("\\U{:08x}", c as u32)),
        }
    }
    out.push('"');
    out
}

/// Go's `strconv.Quote` of a string holding any bytes: [`go_quote`] for the valid UTF-8, each
/// byte of invalid UTF-8 as `\x..`.
pub fn go_quote_bytes(b: &[u8]) -> String {
    let mut out = String::from("\"");
    for chunk in b.utf8_chunks() {
        let valid = go_quote(chunk.valid());
        out.push_str(&valid[1..valid.len() - 1]);
        for byte in chunk.invalid() {
            out.push_str(&format!("\\x{byte:02x}"));
        }
    }
    out.push('"');
    out
}

/// One validation failure at a field path, printed as upstream's `field.Error`:
/// `<field>: <Type text>[: <value>][: <detail>]`.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct FieldError {
    /// The field path (`metadata.name`).
    pub field: String,
    /// What kind of failure.
    pub error_type: ErrorType,
    /// The offending value, already formatted as upstream prints it (`"Foo"`), if shown.
    pub value: Option<String>,
    /// Further explanation.
    pub detail: String,
}

/// Every failure found, in the order found; upstream's `field.ErrorList`.
pub type ErrorList = Vec<FieldError>;

fn path_of(p: impl Into<Path>) -> String {
    p.into().0
}

fn plural(n: i64, one: &str, many: &str) -> String {
    format!("{n} {}", if n == 1 { one } else { many })
}

impl FieldError {
    /// A field error of any type with a typed bad value (shown only for the types upstream shows).
    pub fn new(error_type: ErrorType, field: impl Into<Path>, value: BadValue, detail: impl Into<String>) -> Self {
        let value = if error_type.shows_value() { value.render() } else { None };
        FieldError { field: path_of(field), error_type, value, detail: detail.into() }
    }

    /// `Required value[: <detail>]`.
    pub fn required(field: impl Into<Path>, detail: &str) -> Self {
        FieldError::new(ErrorType::Required, field, BadValue::Omitted, detail)
    }

    /// `Forbidden[: <detail>]`.
    pub fn forbidden(field: impl Into<Path>, detail: &str) -> Self {
        FieldError::new(ErrorType::Forbidden, field, BadValue::Omitted, detail)
    }

    /// `Invalid value: "<value>": <detail>` for a Go `string` value.
    pub fn invalid(field: impl Into<Path>, value: &str, detail: &str) -> Self {
        FieldError::new(ErrorType::Invalid, field, BadValue::Str(value.to_owned()), detail)
    }

    /// `Invalid value: <value>: <detail>` for any value.
    pub fn invalid_value(field: impl Into<Path>, value: impl Into<BadValue>, detail: &str) -> Self {
        FieldError::new(ErrorType::Invalid, field, value.into(), detail)
    }

    /// `Duplicate value: <value>`.
    pub fn duplicate(field: impl Into<Path>, value: impl Into<BadValue>) -> Self {
        FieldError::new(ErrorType::Duplicate, field, value.into(), "")
    }

    /// `Not found: <value>`.
    pub fn not_found(field: impl Into<Path>, value: impl Into<BadValue>) -> Self {
        FieldError::new(ErrorType::NotFound, field, value.into(), "")
    }

    /// `Unsupported value: <value>: supported values: "a", "b"`, with the value formatted by the
    /// caller (as upstream would print it).
    pub fn not_supported(field: impl Into<Path>, formatted_value: String, supported: &[&str]) -> Self {
        FieldError {
            field: path_of(field),
            error_type: ErrorType::NotSupported,
            value: Some(formatted_value),
            detail: supported_detail(supported),
        }
    }

    /// `Unsupported value: <value>: supported values: …` with a typed value.
    pub fn not_supported_value(field: impl Into<Path>, value: BadValue, supported: &[&str]) -> Self {
        FieldError::new(ErrorType::NotSupported, field, value, supported_detail(supported))
    }

    /// `Too long: may not be more than <max> bytes` (upstream's `TooLong`).
    pub fn too_long(field: impl Into<Path>, max: usize) -> Self {
        let max = i64::try_from(max).unwrap_or(i64::MAX);
        FieldError::new(
            ErrorType::TooLong,
            field,
            BadValue::Omitted,
            format!("may not be more than {}", plural(max, "byte", "bytes")),
        )
    }

    /// `Too long: may not be more than <max> characters` (upstream's `TooLongCharacters`).
    pub fn too_long_characters(field: impl Into<Path>, max: usize) -> Self {
        let max = i64::try_from(max).unwrap_or(i64::MAX);
        FieldError::new(
            ErrorType::TooLong,
            field,
            BadValue::Omitted,
            format!("may not be more than {}", plural(max, "character", "characters")),
        )
    }

    /// `Too many: <actual>: must have at most <max> items`.
    pub fn too_many(field: impl Into<Path>, actual: usize, max: usize) -> Self {
        let max = i64::try_from(max).unwrap_or(i64::MAX);
        FieldError::new(
            ErrorType::TooMany,
            field,
            BadValue::from(actual),
            format!("must have at most {}", plural(max, "item", "items")),
        )
    }

    /// `Internal error: <detail>`.
    pub fn internal(field: impl Into<Path>, detail: &str) -> Self {
        FieldError::new(ErrorType::Internal, field, BadValue::Omitted, detail)
    }

    /// The message without the field: `Invalid value: "Foo": <detail>` (upstream's `ErrorBody`).
    pub fn body(&self) -> String {
        let mut s = self.error_type.text().to_owned();
        if let Some(v) = &self.value {
            s.push_str(": ");
            s.push_str(v);
        }
        if !self.detail.is_empty() {
            s.push_str(": ");
            s.push_str(&self.detail);
        }
        s
    }
}

/// `supported values: "a", "b"` (values as given; upstream passes sorted sets).
fn supported_detail(supported: &[&str]) -> String {
    if supported.is_empty() {
        return String::new();
    }
    let list: Vec<String> = supported.iter().map(|s| go_quote(s)).collect();
    format!("supported values: {}", list.join(", "))
}

impl fmt::Display for FieldError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.field, self.body())
    }
}

impl std::error::Error for FieldError {}

/// The errors as upstream's `ToAggregate().Error()` joins them: duplicates dropped, one message
/// alone, several as `[a, b]`; `None` when there are none.
pub fn aggregate(errors: &[FieldError]) -> Option<String> {
    let mut seen = std::collections::HashSet::new();
    let msgs: Vec<String> = errors.iter().map(ToString::to_string).filter(|m| seen.insert(m.clone())).collect();
    match msgs.as_slice() {
        [] => None,
        [one] => Some(one.clone()),
        many => Some(format!("[{}]", many.join(", "))),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn paths_print_as_upstream() {
        let p = Path::new("webhooks").index(0).child("clientConfig").child("url");
        assert_eq!(p.to_string(), "webhooks[0].clientConfig.url");
        assert_eq!(Path::new("metadata").child("labels").key("a/b").to_string(), "metadata.labels[a/b]");
        assert_eq!(Path::root().child("spec").to_string(), "spec");
        assert_eq!(Path::root().index(2).to_string(), "[2]");
    }

    #[test]
    fn bodies_match_upstream_error_strings() {
        let e = FieldError::not_supported_value(
            Path::new("webhooks").index(0).child("sideEffects"),
            BadValue::named("Sometimes"),
            &["None", "NoneOnDryRun"],
        );
        assert_eq!(
            e.to_string(),
            r#"webhooks[0].sideEffects: Unsupported value: "Sometimes": supported values: "None", "NoneOnDryRun""#
        );
        assert_eq!(FieldError::required("a", "").to_string(), "a: Required value");
        assert_eq!(FieldError::forbidden("a", "nope").to_string(), "a: Forbidden: nope");
        assert_eq!(FieldError::too_long("a", 1).to_string(), "a: Too long: may not be more than 1 byte");
        assert_eq!(FieldError::too_long("a", 128).to_string(), "a: Too long: may not be more than 128 bytes");
        assert_eq!(FieldError::too_many("a", 65, 64).to_string(), "a: Too many: 65: must have at most 64 items");
        assert_eq!(FieldError::duplicate("a", "x").to_string(), r#"a: Duplicate value: "x""#);
        assert_eq!(
            FieldError::invalid_value("t", 31, "the timeout value must be between 1 and 30 seconds").to_string(),
            "t: Invalid value: 31: the timeout value must be between 1 and 30 seconds"
        );
        assert_eq!(
            FieldError::invalid_value("ops", BadValue::string_list(&["*", "CREATE"]), "x").to_string(),
            r#"ops: Invalid value: ["*","CREATE"]: x"#
        );
        assert_eq!(FieldError::not_supported_value("a", BadValue::Int(3), &[]).to_string(), "a: Unsupported value: 3");
    }

    #[test]
    fn strings_are_quoted_as_go_does() {
        assert_eq!(go_quote("a\"b\\c"), r#""a\"b\\c""#);
        assert_eq!(go_quote("tab\there\n"), r#""tab\there\n""#);
        assert_eq!(go_quote("\u{1}"), r#""\x01""#);
        assert_eq!(go_quote("héllo"), "\"héllo\"");
        // Bytes: invalid UTF-8 byte by byte, the valid rest as above.
        assert_eq!(go_quote_bytes("hé".as_bytes()), "\"hé\"");
        assert_eq!(go_quote_bytes(b"h\xff\"\x01"), r#""h\xff\"\x01""#);
        assert_eq!(go_quote("\u{2028}"), r#""\u2028""#);
        // What Go's tables alone tell: a format character, an unassigned and a private-use
        // code point, a tag; a no-break space is a space but not printable.
        assert_eq!(go_quote("soft\u{ad}hyphen"), r#""soft\u00adhyphen""#);
        assert_eq!(go_quote("\u{378}\u{e000}\u{a0}"), r#""\u0378\ue000\u00a0""#);
        assert_eq!(go_quote("\u{e0001}"), r#""\U000e0001""#);
        assert_eq!(go_quote("\u{1f600}\u{fffd}"), "\"\u{1f600}\u{fffd}\"");
        // Named string types are JSON, which escapes HTML characters where %q does not.
        assert_eq!(BadValue::named("<a>").render().unwrap(), r#""\u003ca\u003e""#);
        assert_eq!(BadValue::string_list::<&str>(&[]).render().unwrap(), "null");
    }

    #[test]
    fn printable_as_go_unicode_is_print() {
        for c in [' ', '~', 'a', '\u{a1}', '\u{3a3}', '\u{1f600}', '\u{fffd}', '\u{31350}', '\u{e0100}'] {
            assert!(is_go_print(c), "{c:?}");
        }
        // Unicode 15.1's ideographic description characters are past Go's edition.
        assert!(!is_go_print('\u{2ffc}'));
        // Controls, spaces other than U+0020, format characters, unassigned, private use and
        // noncharacters, surrogates' neighbours and the last code point.
        for c in [
            '\0',
            '\t',
            '\u{7f}',
            '\u{9f}',
            '\u{a0}',
            '\u{ad}',
            '\u{378}',
            '\u{2028}',
            '\u{3000}',
            '\u{d7ff}',
            '\u{e000}',
            '\u{fdd0}',
            '\u{fffe}',
            '\u{e0001}',
            '\u{10ffff}',
        ] {
            assert!(!is_go_print(c), "{c:?}");
        }
        // The table is sorted and disjoint, so the search finds the one range that may hold a
        // code point.
        assert!(crate::unicode_tables::PRINT.windows(2).all(|w| w[0].1 < w[1].0 && w[0].0 <= w[0].1));
    }

    #[test]
    fn aggregates_drop_duplicates() {
        let a = FieldError::required("a", "");
        let b = FieldError::required("b", "");
        assert_eq!(aggregate(&[]), None);
        assert_eq!(aggregate(&[a.clone(), a.clone()]).unwrap(), "a: Required value");
        assert_eq!(aggregate(&[a, b]).unwrap(), "[a: Required value, b: Required value]");
    }
}
