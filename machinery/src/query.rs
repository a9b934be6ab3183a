//! URL query parameters of option kinds (`#[kapi(query_params)]`): written as client-go's parameter codec writes them (`url.Values.Encode`: keys sorted, `url.QueryEscape`), read as the API server's decoder reads them.

use std::fmt;

/// An ordered set of query parameters; a key may repeat (`dryRun=All&dryRun=All`).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Query {
    pairs: Vec<(String, String)>,
}

impl Query {
    /// No parameters.
    pub fn new() -> Self {
        Query { pairs: Vec::new() }
    }

    /// Parses a query string (`a=b&c=d`, without `?`): `+` is a space, `%XX` escapes are decoded
    /// (a malformed escape stays as written), a missing `=` gives an empty value.
    pub fn parse(query: &str) -> Query {
        let pairs = query
            .split('&')
            .filter(|p| !p.is_empty())
            .map(|p| {
                let (k, v) = p.split_once('=').unwrap_or((p, ""));
                (percent_decode(k, true), percent_decode(v, true))
            })
            .collect();
        Query { pairs }
    }

    /// Adds one parameter (after any with the same key).
    pub fn push(&mut self, key: impl Into<String>, value: impl Into<String>) {
        self.pairs.push((key.into(), value.into()));
    }

    /// Adds a string parameter unless it is empty.
    pub fn push_nonempty(&mut self, key: &str, value: &str) {
        if !value.is_empty() {
            self.push(key, value);
        }
    }

    /// Whether there are no parameters.
    pub fn is_empty(&self) -> bool {
        self.pairs.is_empty()
    }

    /// The parameters in the order they were added.
    pub fn pairs(&self) -> &[(String, String)] {
        &self.pairs
    }

    /// The first value of a key.
    pub fn get(&self, key: &str) -> Option<&str> {
        self.pairs.iter().find(|(k, _)| k == key).map(|(_, v)| v.as_str())
    }

    /// The values of one key, in order.
    pub fn get_all<'a>(&'a self, key: &'a str) -> impl Iterator<Item = &'a str> + 'a {
        self.pairs.iter().filter(move |(k, _)| k == key).map(|(_, v)| v.as_str())
    }

    /// Adds every parameter of some options.
    pub fn extend_from(&mut self, options: &(impl QueryParams + ?Sized)) {
        options.append_query(self);
    }

    /// The encoded query string without the leading `?`: keys sorted bytewise (values of one key
    /// keep their order), keys and values escaped as Go's `url.QueryEscape` does.
    pub fn encode(&self) -> String {
        let mut sorted: Vec<&(String, String)> = self.pairs.iter().collect();
        sorted.sort_by(|a, b| a.0.as_bytes().cmp(b.0.as_bytes()));
        let mut out = String::new();
        for (k, v) in sorted {
            if !out.is_empty() {
                out.push('&');
            }
            escape_into(k, &mut out);
            out.push('=');
            escape_into(v, &mut out);
        }
        out
    }
}

/// Percent-encodes a query component as Go's `url.QueryEscape`: ASCII letters, digits and
/// `-_.~` stay, a space becomes `+`, every other byte becomes `%XX` (upper-case hex).
pub fn query_escape(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    escape_into(s, &mut out);
    out
}

fn escape_into(s: &str, out: &mut String) {
    const HEX: &[u8; 16] = b"0123456789ABCDEF";
    for &b in s.as_bytes() {
        match b {
            b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' | b'-' | b'_' | b'.' | b'~' => out.push(b as char),
            b' ' => out.push('+'),
            _ => {
                out.push('%');
                out.push(HEX[usize::from(b >> 4)] as char);
                out.push(HEX[usize::from(b & 0x0f)] as char);
            }
        }
    }
}

/// Decodes `%XX` escapes (and `+` as a space in query strings); malformed escapes stay as they
/// are, and bytes that do not form UTF-8 become U+FFFD.
pub fn percent_decode(s: &str, plus_as_space: bool) -> String {
    let b = s.as_bytes();
    let mut out = Vec::with_capacity(b.len());
    let mut i = 0;
    while i < b.len() {
        match b[i] {
            b'%' if i + 2 < b.len() => {
                let hex = |c: u8| (c as char).to_digit(16);
                match (hex(b[i + 1]), hex(b[i + 2])) {
                    (Some(h), Some(l)) => {
                        out.push((h * 16 + l) as u8);
                        i += 3;
                    }
                    _ => {
                        out.push(b'%');
                        i += 1;
                    }
                }
            }
            b'+' if plus_as_space => {
                out.push(b' ');
                i += 1;
            }
            c => {
                out.push(c);
                i += 1;
            }
        }
    }
    String::from_utf8_lossy(&out).into_owned()
}

/// A query parameter that does not parse, worded as the API server words it (Go's `strconv`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct QueryError {
    /// The parameter.
    pub key: String,
    /// Go's message: `strconv.ParseInt: parsing "abc": invalid syntax`.
    pub message: String,
}

impl fmt::Display for QueryError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for QueryError {}

/// A value that travels as query parameters under one key.
pub trait QueryValue {
    /// Adds the value under `key`; with `omitempty`, a zero value is left out.
    fn append_value(&self, key: &str, omitempty: bool, q: &mut Query);
    /// Reads the value from the parameters of `key` (at least one).
    fn read_value(&mut self, key: &str, values: &[&str]) -> Result<(), QueryError>;
}

impl QueryValue for String {
    fn append_value(&self, key: &str, omitempty: bool, q: &mut Query) {
        if !(omitempty && self.is_empty()) {
            q.push(key, self.as_str());
        }
    }
    fn read_value(&mut self, _key: &str, values: &[&str]) -> Result<(), QueryError> {
        // Upstream's `Convert_Slice_string_To_string` takes the first value.
        values[0].clone_into(self);
        Ok(())
    }
}

impl QueryValue for bool {
    fn append_value(&self, key: &str, omitempty: bool, q: &mut Query) {
        if *self || !omitempty {
            q.push(key, if *self { "true" } else { "false" });
        }
    }
    fn read_value(&mut self, _key: &str, values: &[&str]) -> Result<(), QueryError> {
        // Present means true (`?watch`), unless the value is `0` or `false` in any case.
        *self = !(values[0] == "0" || values[0].eq_ignore_ascii_case("false"));
        Ok(())
    }
}

macro_rules! query_int {
    ($($t:ty => $func:literal),*) => {$(
        impl QueryValue for $t {
            fn append_value(&self, key: &str, omitempty: bool, q: &mut Query) {
                if !(omitempty && *self == 0) {
                    q.push(key, self.to_string());
                }
            }
            fn read_value(&mut self, key: &str, values: &[&str]) -> Result<(), QueryError> {
                let v = values[0];
                *self = v.parse::<$t>().map_err(|e| {
                    let why = if matches!(e.kind(), std::num::IntErrorKind::PosOverflow | std::num::IntErrorKind::NegOverflow) {
                        "value out of range"
                    } else {
                        "invalid syntax"
                    };
                    QueryError { key: key.to_owned(), message: format!("strconv.{}: parsing {v:?}: {why}", $func) }
                })?;
                Ok(())
            }
        }
    )*};
}

query_int!(i32 => "ParseInt", i64 => "ParseInt", u32 => "ParseUint", u64 => "ParseUint");

/// A time travels as RFC 3339 in UTC, as `metav1.Time`'s `MarshalQueryParameter` writes it; an
/// empty value is the zero time (upstream's `Convert_Slice_string_To_v1_Time`).
impl QueryValue for crate::types::Time {
    fn append_value(&self, key: &str, omitempty: bool, q: &mut Query) {
        if self.is_zero() {
            if !omitempty {
                q.push(key, "");
            }
        } else {
            q.push(key, self.format_rfc3339());
        }
    }
    fn read_value(&mut self, key: &str, values: &[&str]) -> Result<(), QueryError> {
        if values[0].is_empty() {
            *self = Self::default();
            return Ok(());
        }
        *self =
            Self::parse_rfc3339(values[0]).map_err(|e| QueryError { key: key.to_owned(), message: e.to_string() })?;
        Ok(())
    }
}

impl<T: QueryValue + Default> QueryValue for Option<T> {
    fn append_value(&self, key: &str, _omitempty: bool, q: &mut Query) {
        // A pointer is written whenever it is set, even to a zero value.
        if let Some(v) = self {
            v.append_value(key, false, q);
        }
    }
    fn read_value(&mut self, key: &str, values: &[&str]) -> Result<(), QueryError> {
        let mut v = T::default();
        v.read_value(key, values)?;
        *self = Some(v);
        Ok(())
    }
}

impl<T: QueryValue + Default> QueryValue for Vec<T> {
    fn append_value(&self, key: &str, _omitempty: bool, q: &mut Query) {
        for v in self {
            v.append_value(key, false, q);
        }
    }
    fn read_value(&mut self, key: &str, values: &[&str]) -> Result<(), QueryError> {
        // An empty value (`?dryRun`) names nothing, as the API documents for `dryRun`: only
        // parameters with values replace the list.
        let given: Vec<&&str> = values.iter().filter(|v| !v.is_empty()).collect();
        if given.is_empty() {
            return Ok(());
        }
        self.clear();
        for v in given {
            let mut item = T::default();
            item.read_value(key, std::slice::from_ref(v))?;
            self.push(item);
        }
        Ok(())
    }
}

/// Options that travel as query parameters. `#[derive(Kapi)]` implements it for kinds marked
/// `query_params`, from the same JSON names and `omitempty` rules as their JSON form.
pub trait QueryParams {
    /// Adds the options' parameters to a query.
    fn append_query(&self, q: &mut Query);

    /// Sets the fields whose parameters are present in the query (others keep their value, so
    /// query parameters can override a body).
    fn merge_query(&mut self, q: &Query) -> Result<(), QueryError>;

    /// The options as an encoded query string (without `?`).
    fn to_query_string(&self) -> String {
        let mut q = Query::new();
        self.append_query(&mut q);
        q.encode()
    }

    /// Options read from a query.
    fn from_query(q: &Query) -> Result<Self, QueryError>
    where
        Self: Default + Sized,
    {
        let mut out = Self::default();
        out.merge_query(q)?;
        Ok(out)
    }
}

/// Reads one field of a `query_params` kind if its key is present (derived code calls this).
pub fn merge_field<T: QueryValue>(field: &mut T, key: &str, q: &Query) -> Result<(), QueryError> {
    let values: Vec<&str> = q.get_all(key).collect();
    if values.is_empty() {
        return Ok(());
    }
    field.read_value(key, &values)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn encodes_sorted_and_escaped_as_go() {
        let mut q = Query::new();
        q.push("labelSelector", "app=web,tier in (a)");
        q.push("dryRun", "All");
        q.push("dryRun", "All");
        assert_eq!(q.encode(), "dryRun=All&dryRun=All&labelSelector=app%3Dweb%2Ctier+in+%28a%29");
        assert_eq!(query_escape("a b~é"), "a+b~%C3%A9");
    }

    #[test]
    fn decodes_as_the_server_does() {
        let q = Query::parse("labelSelector=app%3Dweb%2Ctier+in+(a)&watch&limit=5&dryRun=All&dryRun=&x=%zz%4");
        assert_eq!(q.get("labelSelector"), Some("app=web,tier in (a)"));
        let mut watch = false;
        merge_field(&mut watch, "watch", &q).unwrap();
        assert!(watch);
        let mut limit = 0i64;
        merge_field(&mut limit, "limit", &q).unwrap();
        assert_eq!(limit, 5);
        let mut dry: Vec<String> = Vec::new();
        merge_field(&mut dry, "dryRun", &q).unwrap();
        assert_eq!(dry, ["All"]);
        assert_eq!(q.get("x"), Some("%zz%4"));
        let mut off = true;
        merge_field(&mut off, "watch", &Query::parse("watch=FALSE")).unwrap();
        assert!(!off);
        let err = merge_field(&mut limit, "limit", &Query::parse("limit=abc")).unwrap_err();
        assert_eq!(err.to_string(), "strconv.ParseInt: parsing \"abc\": invalid syntax");
        let err = merge_field(&mut limit, "limit", &Query::parse("limit=99999999999999999999")).unwrap_err();
        assert_eq!(err.to_string(), "strconv.ParseInt: parsing \"99999999999999999999\": value out of range");
        let mut absent: Option<i64> = None;
        merge_field(&mut absent, "timeoutSeconds", &q).unwrap();
        assert_eq!(absent, None);
    }
}
