//! Field sets in the `FieldsV1` form of `metadata.managedFields`: a typed parser, its rendering, and the extraction of the part of an object a set names (upstream's `Extract*`).
//
// A `FieldsV1` document is a tree of JSON objects whose keys are path elements: `f:<name>` (a
// struct field or map key), `k:<json object>` (the element of a keyed list with these key
// values), `v:<json value>` (an element of a set of scalars), `i:<index>` (a list element by
// position) and `.` (the element itself, next to its fields). An empty object below an element
// means the element is owned whole; a non-empty one means only what it lists.

use std::cmp::Ordering;
use std::collections::{BTreeSet, HashMap};

use crate::error::DecodeError;
use crate::json::value::{self, Value};

/// The most entries a set may hold, counting every level: a managed-fields entry is written by a
/// server for one object, so a bound far above any real object keeps a hostile one linear and small.
pub const MAX_ENTRIES: usize = 100_000;

/// One step of a field path.
#[derive(Debug, Clone, PartialEq)]
pub enum PathElement {
    /// `f:<name>`: a struct field or a map key.
    Field(String),
    /// `k:{…}`: the element of a keyed list whose key fields have these values, in the order the
    /// key was written.
    Key(Vec<(String, Value)>),
    /// `v:<value>`: an element of a set of scalars.
    Value(Value),
    /// `i:<n>`: a list element by index.
    Index(usize),
}

impl PathElement {
    /// The element as a `FieldsV1` key (`f:spec`, `k:{"name":"a"}`, `v:"x"`, `i:0`).
    pub fn render(&self) -> String {
        match self {
            PathElement::Field(name) => format!("f:{name}"),
            PathElement::Key(fields) => {
                format!("k:{}", String::from_utf8_lossy(&Value::Object(fields.clone()).to_compact_vec()))
            }
            PathElement::Value(v) => format!("v:{}", String::from_utf8_lossy(&v.to_compact_vec())),
            PathElement::Index(i) => format!("i:{i}"),
        }
    }
}

// Elements order as upstream's field sets iterate them: fields, then keys, then values, then
// indexes; within a kind by name, by key fields and values, by value, or by number.
impl Eq for PathElement {}

impl PartialOrd for PathElement {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl Ord for PathElement {
    fn cmp(&self, other: &Self) -> Ordering {
        let rank = |e: &PathElement| match e {
            PathElement::Field(_) => 0,
            PathElement::Key(_) => 1,
            PathElement::Value(_) => 2,
            PathElement::Index(_) => 3,
        };
        match (self, other) {
            (PathElement::Field(a), PathElement::Field(b)) => a.cmp(b),
            (PathElement::Index(a), PathElement::Index(b)) => a.cmp(b),
            (PathElement::Value(a), PathElement::Value(b)) => cmp_value(a, b),
            (PathElement::Key(a), PathElement::Key(b)) => {
                cmp_seq(a, b, |(p, x), (q, y)| p.cmp(q).then_with(|| cmp_value(x, y)))
            }
            (a, b) => rank(a).cmp(&rank(b)),
        }
    }
}

/// Compares two sequences element by element, then by length.
fn cmp_seq<T>(a: &[T], b: &[T], cmp: impl Fn(&T, &T) -> Ordering) -> Ordering {
    a.iter().zip(b).map(|(x, y)| cmp(x, y)).find(|o| o.is_ne()).unwrap_or_else(|| a.len().cmp(&b.len()))
}

/// A total order on values that agrees with their equality (and allocates nothing, as sets
/// compare elements often): by kind, numbers by value and then by their text, strings by text,
/// composites element by element.
fn cmp_value(a: &Value, b: &Value) -> Ordering {
    let rank = |v: &Value| match v {
        Value::Null => 0,
        Value::Bool(_) => 1,
        Value::Number(_) => 2,
        Value::String(_) => 3,
        Value::Array(_) => 4,
        Value::Object(_) => 5,
    };
    match (a, b) {
        (Value::Bool(x), Value::Bool(y)) => x.cmp(y),
        (Value::Number(x), Value::Number(y)) => match (x.parse::<f64>(), y.parse::<f64>()) {
            (Ok(p), Ok(q)) => p.total_cmp(&q).then_with(|| x.cmp(y)),
            _ => x.cmp(y),
        },
        (Value::String(x), Value::String(y)) => x.cmp(y),
        (Value::Array(x), Value::Array(y)) => cmp_seq(x, y, cmp_value),
        (Value::Object(x), Value::Object(y)) => cmp_seq(x, y, |(p, v), (q, w)| p.cmp(q).then_with(|| cmp_value(v, w))),
        _ => rank(a).cmp(&rank(b)),
    }
}

/// A field path from the object's root.
pub type Path = Vec<PathElement>;

/// A set of paths in flat form, for set algebra (union, difference, intersection are the
/// `BTreeSet` operations); [`Set::to_paths`] and [`Set::from_paths`] convert to and from the tree
/// the `FieldsV1` document is.
pub type Paths = BTreeSet<Path>;

/// A path as upstream prints it in conflicts: `.spec.replicas`,
/// `.spec.containers[name="app"].image`, `.metadata.finalizers[="a"]`, `.args[2]`.
pub fn display(path: &[PathElement]) -> String {
    let mut out = String::new();
    for elem in path {
        match elem {
            PathElement::Field(name) => {
                out.push('.');
                out.push_str(name);
            }
            PathElement::Key(fields) => {
                let shown: Vec<String> = fields.iter().map(|(k, v)| format!("{k}={}", display_value(v))).collect();
                out.push('[');
                out.push_str(&shown.join(","));
                out.push(']');
            }
            PathElement::Value(v) => {
                out.push_str("[=");
                out.push_str(&display_value(v));
                out.push(']');
            }
            PathElement::Index(i) => out.push_str(&format!("[{i}]")),
        }
    }
    out
}

/// A value as upstream's `value.ToString` prints it: strings quoted as Go's `%q` does, numbers
/// and booleans bare, composites as compact JSON.
fn display_value(v: &Value) -> String {
    match v {
        Value::String(s) => {
            let mut out = String::with_capacity(s.len() + 2);
            out.push('"');
            for c in s.chars() {
                match c {
                    '"' => out.push_str("\\\""),
                    '\\' => out.push_str("\\\\"),
                    '\n' => out.push_str("\\n"),
                    '\r' => out.push_str("\\r"),
                    '\t' => out.push_str("\\t"),
                    c if c.is_ascii_control() => out.push_str(&format!("\\x{:02x}", c as u32)),
                    c if c.is_control() => out.push_str(&format!("\\u{:04x}", c as u32)),
                    c => out.push(c),
                }
            }
            out.push('"');
            out
        }
        Value::Number(n) => n.clone(),
        Value::Bool(b) => b.to_string(),
        Value::Null => "null".to_owned(),
        other => String::from_utf8_lossy(&other.to_compact_vec()).into_owned(),
    }
}

/// A set of field paths, as a tree: the elements below this node and whether the node itself is
/// a member (`.`).
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Set {
    /// The `.` entry: the element this node stands for is itself in the set.
    pub itself: bool,
    /// The children, in the order the document listed them. A child with no entries of its own
    /// is a leaf: the value there is in the set whole.
    pub children: Vec<(PathElement, Set)>,
}

/// Why a `FieldsV1` document is not a field set.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
#[non_exhaustive]
pub enum FieldsV1Error {
    /// Not JSON at all.
    #[error("fieldsV1 is not valid JSON: {0}")]
    Json(DecodeError),
    /// A value that is not an object where an entry's children must be.
    #[error("fieldsV1 at {path}: expected an object of path elements, found {found}")]
    NotAnObject {
        /// Where in the document: the `FieldsV1` keys leading there joined by `.`
        /// (`f:spec.f:ports`), or `the top`.
        path: String,
        /// The JSON kind found instead, with its article (`a string`, `an array`, `null`, …).
        found: &'static str,
    },
    /// A key that is not a path element.
    #[error("fieldsV1 at {path}: {key:?} is not a path element (`f:`, `k:`, `v:`, `i:` or `.`)")]
    UnknownElement {
        /// Where in the document: the `FieldsV1` keys leading there joined by `.`
        /// (`f:spec.f:ports`), or `the top`.
        path: String,
        /// The offending key, as written.
        key: String,
    },
    /// A `k:`, `v:` or `i:` element whose payload does not parse.
    #[error("fieldsV1 at {path}: invalid element {key:?}: {reason}")]
    InvalidElement {
        /// Where in the document: the `FieldsV1` keys leading there joined by `.`
        /// (`f:spec.f:ports`), or `the top`.
        path: String,
        /// The offending key, as written.
        key: String,
        /// Why its payload does not parse: the JSON error of a `k:` or `v:` value, or what is
        /// wrong with an `i:` index.
        reason: String,
    },
    /// The same element twice in one object.
    #[error("fieldsV1 at {path}: duplicate element {key:?}")]
    Duplicate {
        /// Where in the document: the `FieldsV1` keys leading there joined by `.`
        /// (`f:spec.f:ports`), or `the top`.
        path: String,
        /// The key that appears more than once.
        key: String,
    },
    /// More entries than [`MAX_ENTRIES`].
    #[error("fieldsV1 has more than {MAX_ENTRIES} entries")]
    TooLarge,
}

fn kind_name(v: &Value) -> &'static str {
    match v {
        Value::Null => "null",
        Value::Bool(_) => "a boolean",
        Value::Number(_) => "a number",
        Value::String(_) => "a string",
        Value::Array(_) => "an array",
        Value::Object(_) => "an object",
    }
}

impl Set {
    /// Parses a `FieldsV1` document (the raw bytes of `managedFields[].fieldsV1`). Nesting is
    /// bounded by the JSON parser's depth limit and the entries by [`MAX_ENTRIES`]; an error names
    /// the path of the entry at fault.
    pub fn parse(raw: &[u8]) -> Result<Set, FieldsV1Error> {
        let doc = value::parse(raw).map_err(FieldsV1Error::Json)?;
        let mut budget = MAX_ENTRIES;
        Set::from_value(&doc, &mut Vec::new(), &mut budget)
    }

    fn from_value(v: &Value, path: &mut Vec<String>, budget: &mut usize) -> Result<Set, FieldsV1Error> {
        let shown = |path: &[String]| if path.is_empty() { "the top".to_owned() } else { path.join(".") };
        let Value::Object(members) = v else {
            return Err(FieldsV1Error::NotAnObject { path: shown(path), found: kind_name(v) });
        };
        let mut set = Set::default();
        // Duplicates are found by the key's text, in time linear in the members.
        let mut seen = std::collections::HashSet::with_capacity(members.len());
        for (key, child) in members {
            *budget = budget.checked_sub(1).ok_or(FieldsV1Error::TooLarge)?;
            if !seen.insert(key.as_str()) {
                return Err(FieldsV1Error::Duplicate { path: shown(path), key: key.clone() });
            }
            if key == "." {
                set.itself = true;
                continue;
            }
            let elem = parse_element(key).map_err(|reason| match reason {
                None => FieldsV1Error::UnknownElement { path: shown(path), key: key.clone() },
                Some(reason) => FieldsV1Error::InvalidElement { path: shown(path), key: key.clone(), reason },
            })?;
            path.push(key.clone());
            let sub = Set::from_value(child, path, budget)?;
            path.pop();
            set.children.push((elem, sub));
        }
        Ok(set)
    }

    /// The set as a `FieldsV1` document (compact JSON, entries in the set's order).
    pub fn render(&self) -> Vec<u8> {
        self.to_value().to_compact_vec()
    }

    fn to_value(&self) -> Value {
        let mut members = Vec::with_capacity(self.children.len() + 1);
        if self.itself {
            members.push((".".to_owned(), Value::Object(Vec::new())));
        }
        members.extend(self.children.iter().map(|(e, s)| (e.render(), s.to_value())));
        Value::Object(members)
    }

    /// Whether the set holds nothing below this node, not even `.` (a leaf: the value here is
    /// owned whole). A node with only `.` owns the element's existence, not its fields.
    pub fn is_leaf(&self) -> bool {
        self.children.is_empty() && !self.itself
    }

    /// The part of a JSON value this set names: struct fields and map keys by `f:`, keyed list
    /// elements by `k:` (with their key fields, so the element stays identifiable), set elements
    /// by `v:` and elements by `i:`; a leaf keeps its value whole. `None` when nothing of the
    /// value is in the set.
    pub fn extract(&self, v: &Value) -> Option<Value> {
        if self.is_leaf() {
            return Some(v.clone());
        }
        // Children are looked up by their element's text, so a value with n members against a
        // set with m children costs n + m lookups, not n × m comparisons.
        match v {
            Value::Object(members) => {
                let fields: HashMap<&str, &Set> = self
                    .children
                    .iter()
                    .filter_map(|(e, s)| match e {
                        PathElement::Field(name) => Some((name.as_str(), s)),
                        _ => None,
                    })
                    .collect();
                let mut out = Vec::new();
                for (key, child) in members {
                    let Some(sub) = fields.get(key.as_str()) else { continue };
                    if let Some(kept) = sub.extract(child) {
                        out.push((key.clone(), kept));
                    }
                }
                Some(Value::Object(out))
            }
            Value::Array(items) => {
                let mut by_key: HashMap<Vec<u8>, KeyedChild<'_>> = HashMap::new();
                let mut key_names: Vec<Vec<&str>> = Vec::new();
                let mut by_value: HashMap<Vec<u8>, &Set> = HashMap::new();
                let mut by_index: HashMap<usize, &Set> = HashMap::new();
                for (elem, sub) in &self.children {
                    match elem {
                        PathElement::Key(keys) => {
                            let names: Vec<&str> = keys.iter().map(|(k, _)| k.as_str()).collect();
                            if !key_names.contains(&names) {
                                key_names.push(names);
                            }
                            by_key.insert(Value::Object(keys.clone()).to_compact_vec(), (keys.as_slice(), sub));
                        }
                        PathElement::Value(want) => {
                            by_value.insert(want.to_compact_vec(), sub);
                        }
                        PathElement::Index(i) => {
                            by_index.insert(*i, sub);
                        }
                        PathElement::Field(_) => {}
                    }
                }
                let mut out = Vec::new();
                for (idx, item) in items.iter().enumerate() {
                    if let Some((keys, sub)) = key_names.iter().find_map(|names| {
                        let id: Option<Vec<(String, Value)>> =
                            names.iter().map(|n| item.get(n).map(|v| ((*n).to_owned(), v.clone()))).collect();
                        by_key.get(&Value::Object(id?).to_compact_vec())
                    }) {
                        let mut kept = if sub.is_leaf() {
                            item.clone()
                        } else {
                            sub.extract(item).unwrap_or(Value::Object(Vec::new()))
                        };
                        if let Value::Object(fields) = &mut kept {
                            for (k, kv) in keys.iter().rev() {
                                if !fields.iter().any(|(name, _)| name == k) {
                                    fields.insert(0, (k.clone(), kv.clone()));
                                }
                            }
                        }
                        out.push(kept);
                    } else if !by_value.is_empty() && by_value.contains_key(&item.to_compact_vec()) {
                        out.push(item.clone());
                    } else if let Some(sub) = by_index.get(&idx)
                        && let Some(kept) = sub.extract(item)
                    {
                        out.push(kept);
                    }
                }
                Some(Value::Array(out))
            }
            // A scalar where the set expects children: the object changed shape since the set
            // was recorded, and nothing of the set is here.
            _ => None,
        }
    }

    /// The paths the set holds: every node marked `.` and every leaf below the top (the top
    /// itself is never a member). Key fields are put in name order, as upstream writes them, so
    /// equal keys compare equal however a document spelled them.
    pub fn to_paths(&self) -> Paths {
        fn walk(set: &Set, path: &mut Path, out: &mut Paths) {
            if !path.is_empty() && (set.itself || set.children.is_empty()) {
                out.insert(path.clone());
            }
            for (elem, sub) in &set.children {
                path.push(match elem {
                    PathElement::Key(fields) => {
                        let mut sorted = fields.clone();
                        sorted.sort_by(|a, b| a.0.cmp(&b.0));
                        PathElement::Key(sorted)
                    }
                    other => other.clone(),
                });
                walk(sub, path, out);
                path.pop();
            }
        }
        let mut out = Paths::new();
        walk(self, &mut Vec::new(), &mut out);
        out
    }

    /// The tree of a set of paths, children in path order: a member with children below it is
    /// marked `.`, one without is a leaf.
    pub fn from_paths(paths: &Paths) -> Set {
        let mut root = Set::default();
        for path in paths {
            let mut node = &mut root;
            for elem in path {
                // Paths arrive sorted, so a node's children are appended in order and the child
                // sought is the last one whenever it exists.
                let last_matches = node.children.last().is_some_and(|(e, _)| e == elem);
                if !last_matches {
                    node.children.push((elem.clone(), Set::default()));
                }
                let Some((_, next)) = node.children.last_mut() else { unreachable!("pushed above") };
                node = next;
            }
            node.itself = true;
        }
        fn tidy(set: &mut Set) {
            for (_, sub) in &mut set.children {
                tidy(sub);
            }
            if set.children.is_empty() {
                set.itself = false;
            }
        }
        tidy(&mut root);
        root.itself = false;
        root
    }

    /// The set below one element of this node, if the set has it.
    pub fn child(&self, elem: &PathElement) -> Option<&Set> {
        self.children.iter().find(|(e, _)| e == elem).map(|(_, s)| s)
    }
}

/// A keyed list element's key values and the set below it.
type KeyedChild<'a> = (&'a [(String, Value)], &'a Set);

/// Parses one key; `Err(None)` for an unknown prefix, `Err(Some(reason))` for a bad payload.
fn parse_element(key: &str) -> Result<PathElement, Option<String>> {
    let Some((prefix, rest)) = key.split_once(':') else { return Err(None) };
    match prefix {
        "f" => Ok(PathElement::Field(rest.to_owned())),
        "k" => match value::parse(rest.as_bytes()) {
            Ok(Value::Object(fields)) if !fields.is_empty() => Ok(PathElement::Key(fields)),
            Ok(_) => Err(Some("a key must be a non-empty JSON object".into())),
            Err(e) => Err(Some(e.to_string())),
        },
        "v" => value::parse(rest.as_bytes()).map(PathElement::Value).map_err(|e| Some(e.to_string())),
        "i" if !rest.is_empty() && rest.bytes().all(|b| b.is_ascii_digit()) => {
            rest.parse().map(PathElement::Index).map_err(|e| Some(format!("{e}")))
        }
        "i" => Err(Some("an index must be a non-negative decimal number".into())),
        _ => Err(None),
    }
}

/// The metadata fields the server sets and apply never owns.
const SERVER_SET_METADATA: &[&str] = &[
    "uid",
    "resourceVersion",
    "generation",
    "creationTimestamp",
    "deletionTimestamp",
    "deletionGracePeriodSeconds",
    "managedFields",
    "selfLink",
];

/// Why a field manager's configuration could not be extracted from an object.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
#[non_exhaustive]
pub enum ExtractError {
    /// The object does not encode to JSON.
    #[error("encoding the object: {0}")]
    Encode(String),
    /// The object's `metadata.managedFields` is malformed.
    #[error("metadata.managedFields[{index}]: {reason}")]
    ManagedFields {
        /// The position of the manager's entry in `managedFields` (0 when the list itself is at
        /// fault).
        index: usize,
        /// What is wrong: `managedFields` is not a list, or the entry's `fieldsType` is not
        /// `FieldsV1`.
        reason: String,
    },
    /// The manager's field set does not parse.
    #[error("metadata.managedFields[{index}].fieldsV1: {error}")]
    FieldsV1 {
        /// The position of the manager's entry in `managedFields`.
        index: usize,
        /// Why its `fieldsV1` is not a field set.
        error: FieldsV1Error,
    },
    /// The extracted fields do not decode as the apply configuration.
    #[error("decoding the extracted configuration: {0}")]
    Decode(DecodeError),
}

/// The configuration `field_manager` applied to `object` (its `Apply` entry in
/// `metadata.managedFields`, of `subresource` or of the object itself), as an apply configuration
/// `A`: exactly the fields of the object that the entry names, plus the object's name and
/// namespace and the given `apiVersion` and `kind`, as upstream's `Extract<Kind>` builds it. A
/// manager without an entry gets a configuration with those four only.
pub fn extract<A: crate::json::JsonDecode + Default>(
    object: &(impl crate::json::JsonEncode + ?Sized),
    field_manager: &str,
    subresource: Option<&str>,
    api_version: &str,
    kind: &str,
) -> Result<A, ExtractError> {
    let encoded = crate::json::to_vec(object).map_err(|e| ExtractError::Encode(e.to_string()))?;
    let doc = value::parse(&encoded).map_err(|e| ExtractError::Encode(e.to_string()))?;
    let mut out = match managed_set(&doc, field_manager, subresource)? {
        // An empty set at the top owns nothing (a leaf anywhere else owns its value whole).
        Some(mut set) if !set.is_leaf() => {
            // `metadata` is a granular struct, never owned whole: an empty entry for it (which a
            // server writes when the configuration set only the name) owns nothing of it.
            set.children.retain(|(e, s)| !(*e == PathElement::Field("metadata".into()) && s.is_leaf()));
            set.extract(&doc).unwrap_or(Value::Object(Vec::new()))
        }
        _ => Value::Object(Vec::new()),
    };
    let Value::Object(top) = &mut out else {
        return Err(ExtractError::Encode("the object does not encode as a JSON object".into()));
    };
    top.retain(|(k, _)| k != "apiVersion" && k != "kind");
    top.insert(0, ("apiVersion".to_owned(), Value::String(api_version.to_owned())));
    top.insert(0, ("kind".to_owned(), Value::String(kind.to_owned())));
    // Fields the server sets are never a manager's, whatever a set recorded by a simpler server
    // (an empty `f:metadata`, read as the whole of it) says.
    if let Some((_, Value::Object(m))) = top.iter_mut().find(|(k, _)| k == "metadata") {
        m.retain(|(k, _)| !SERVER_SET_METADATA.contains(&k.as_str()));
    }
    let meta = doc.get("metadata");
    let identity: Vec<(String, Value)> = ["name", "namespace"]
        .iter()
        .filter_map(|k| match meta.and_then(|m| m.get(k)) {
            Some(Value::String(s)) if !s.is_empty() => Some(((*k).to_owned(), Value::String(s.clone()))),
            _ => None,
        })
        .collect();
    if !identity.is_empty() {
        match top.iter_mut().find(|(k, _)| k == "metadata") {
            Some((_, Value::Object(m))) => {
                m.retain(|(k, _)| k != "name" && k != "namespace");
                for (i, entry) in identity.into_iter().enumerate() {
                    m.insert(i, entry);
                }
            }
            _ => {
                top.retain(|(k, _)| k != "metadata");
                top.push(("metadata".to_owned(), Value::Object(identity)));
            }
        }
    }
    crate::json::from_slice(&out.to_compact_vec()).map_err(ExtractError::Decode)
}

/// The parsed field set of the manager's `Apply` entry, if it has one.
fn managed_set(doc: &Value, manager: &str, subresource: Option<&str>) -> Result<Option<Set>, ExtractError> {
    let Some(list) = doc.get("metadata").and_then(|m| m.get("managedFields")) else { return Ok(None) };
    let Value::Array(entries) = list else {
        return Err(ExtractError::ManagedFields { index: 0, reason: "managedFields is not a list".into() });
    };
    for (index, entry) in entries.iter().enumerate() {
        let text = |k: &str| entry.get(k).and_then(Value::as_str);
        if text("manager") != Some(manager)
            || text("operation") != Some("Apply")
            || text("subresource").filter(|s| !s.is_empty()) != subresource
        {
            continue;
        }
        if let Some(t) = text("fieldsType").filter(|t| *t != "FieldsV1") {
            return Err(ExtractError::ManagedFields { index, reason: format!("unsupported fieldsType {t:?}") });
        }
        let Some(fields) = entry.get("fieldsV1") else { return Ok(Some(Set::default())) };
        let mut budget = MAX_ENTRIES;
        return Set::from_value(fields, &mut Vec::new(), &mut budget)
            .map(Some)
            .map_err(|error| ExtractError::FieldsV1 { index, error });
    }
    Ok(None)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn v(s: &str) -> Value {
        value::parse(s.as_bytes()).unwrap()
    }

    #[test]
    fn parses_every_element_kind_and_renders_back() {
        let raw = br#"{"f:metadata":{"f:labels":{"f:app":{}}},"f:spec":{"f:ports":{"k:{\"port\":80,\"protocol\":\"TCP\"}":{".":{},"f:port":{}}},"f:finalizers":{"v:\"a\"":{}},"f:args":{"i:2":{}}}}"#;
        let set = Set::parse(raw).unwrap();
        assert_eq!(set.render(), raw.to_vec());
        let spec = set.child(&PathElement::Field("spec".into())).unwrap();
        let ports = spec.child(&PathElement::Field("ports".into())).unwrap();
        let (elem, inner) = &ports.children[0];
        assert_eq!(
            *elem,
            PathElement::Key(vec![
                ("port".into(), Value::Number("80".into())),
                ("protocol".into(), Value::String("TCP".into()))
            ])
        );
        assert!(inner.itself);
        assert!(
            spec.child(&PathElement::Field("finalizers".into()))
                .unwrap()
                .child(&PathElement::Value(v("\"a\"")))
                .is_some()
        );
        assert!(spec.child(&PathElement::Field("args".into())).unwrap().child(&PathElement::Index(2)).is_some());
    }

    #[test]
    fn errors_name_the_entry() {
        let err = |s: &str| Set::parse(s.as_bytes()).unwrap_err();
        assert!(matches!(err("{"), FieldsV1Error::Json(_)));
        assert_eq!(err("[]"), FieldsV1Error::NotAnObject { path: "the top".into(), found: "an array" });
        assert_eq!(
            err(r#"{"f:spec":{"x:y":{}}}"#),
            FieldsV1Error::UnknownElement { path: "f:spec".into(), key: "x:y".into() }
        );
        assert_eq!(
            err(r#"{"f:spec":{"f:a":3}}"#),
            FieldsV1Error::NotAnObject { path: "f:spec.f:a".into(), found: "a number" }
        );
        assert!(matches!(err(r#"{"k:[1]":{}}"#), FieldsV1Error::InvalidElement { .. }));
        assert!(matches!(err(r#"{"k:{}":{}}"#), FieldsV1Error::InvalidElement { .. }));
        assert!(matches!(err(r#"{"v:{":{}}"#), FieldsV1Error::InvalidElement { .. }));
        assert!(matches!(err(r#"{"i:-1":{}}"#), FieldsV1Error::InvalidElement { .. }));
        assert!(matches!(err(r#"{"i:99999999999999999999999":{}}"#), FieldsV1Error::InvalidElement { .. }));
        assert_eq!(
            err(r#"{"f:a":{},"f:a":{}}"#),
            FieldsV1Error::Duplicate { path: "the top".into(), key: "f:a".into() }
        );
        assert_eq!(err(r#"{".":{},".":{}}"#), FieldsV1Error::Duplicate { path: "the top".into(), key: ".".into() });
        assert_eq!(err("{\"nope\":{}}"), FieldsV1Error::UnknownElement { path: "the top".into(), key: "nope".into() });
    }

    #[test]
    fn limits_hold() {
        let wide =
            format!("{{{}}}", (0..=MAX_ENTRIES).map(|i| format!("\"f:{i}\":{{}}")).collect::<Vec<_>>().join(","));
        assert_eq!(Set::parse(wide.as_bytes()).unwrap_err(), FieldsV1Error::TooLarge);
        let exactly =
            format!("{{{}}}", (0..MAX_ENTRIES).map(|i| format!("\"f:{i}\":{{}}")).collect::<Vec<_>>().join(","));
        assert_eq!(Set::parse(exactly.as_bytes()).unwrap().children.len(), MAX_ENTRIES);
        let deep = format!("{}{}", "{\"f:a\":".repeat(crate::MAX_DEPTH + 1), "}".repeat(crate::MAX_DEPTH + 1));
        assert!(matches!(Set::parse(deep.as_bytes()).unwrap_err(), FieldsV1Error::Json(_)));
    }

    #[test]
    fn extracts_only_the_named_fields() {
        let set = Set::parse(
            br#"{"f:spec":{"f:replicas":{},"f:ports":{"k:{\"name\":\"b\"}":{".":{},"f:port":{}}},"f:tags":{"v:\"x\"":{}},"f:args":{"i:1":{}},"f:selector":{}}}"#,
        )
        .unwrap();
        let obj = v(
            r#"{"spec":{"replicas":3,"paused":true,"ports":[{"name":"a","port":1},{"name":"b","port":2,"extra":9}],"tags":["x","y"],"args":["p","q"],"selector":{"a":"b"}},"status":{"n":1}}"#,
        );
        let got = set.extract(&obj).unwrap();
        assert_eq!(
            String::from_utf8(got.to_compact_vec()).unwrap(),
            r#"{"spec":{"replicas":3,"ports":[{"name":"b","port":2}],"tags":["x"],"args":["q"],"selector":{"a":"b"}}}"#
        );
    }

    #[test]
    fn extraction_is_linear_in_wide_maps_and_lists() {
        let n = 30_000;
        let raw = format!(
            "{{\"f:labels\":{{{}}},\"f:items\":{{{}}}}}",
            (0..n).map(|i| format!("\"f:l{i}\":{{}}")).collect::<Vec<_>>().join(","),
            (0..n).map(|i| format!("\"k:{{\\\"id\\\":{i}}}\":{{\".\":{{}}}}")).collect::<Vec<_>>().join(",")
        );
        let set = Set::parse(raw.as_bytes()).unwrap();
        let obj = format!(
            "{{\"labels\":{{{}}},\"items\":[{}]}}",
            (0..n).map(|i| format!("\"l{i}\":\"v\"")).collect::<Vec<_>>().join(","),
            (0..n).map(|i| format!("{{\"id\":{i},\"x\":1}}")).collect::<Vec<_>>().join(",")
        );
        let started = std::time::Instant::now();
        let got = set.extract(&v(&obj)).unwrap();
        // A quadratic walk takes minutes here; a linear one, well under a second even unoptimized.
        assert!(started.elapsed() < std::time::Duration::from_secs(20), "{:?}", started.elapsed());
        let Some(Value::Array(items)) = got.get("items") else { panic!("{got:?}") };
        assert_eq!(items.len(), n);
        assert_eq!(items[7].to_compact_vec(), br#"{"id":7}"#.to_vec());
    }

    #[test]
    fn paths_round_trip_and_print_as_upstream() {
        let raw = br#"{"f:metadata":{"f:labels":{".":{},"f:app":{}}},"f:spec":{"f:containers":{"k:{\"name\":\"a\"}":{".":{},"f:image":{}}},"f:finalizers":{"v:\"x\"":{}},"f:replicas":{}}}"#;
        let set = Set::parse(raw).unwrap();
        let paths = set.to_paths();
        let shown: Vec<String> = paths.iter().map(|p| display(p)).collect();
        assert_eq!(
            shown,
            [
                ".metadata.labels",
                ".metadata.labels.app",
                r#".spec.containers[name="a"]"#,
                r#".spec.containers[name="a"].image"#,
                r#".spec.finalizers[="x"]"#,
                ".spec.replicas",
            ]
        );
        assert_eq!(Set::from_paths(&paths).render(), raw.to_vec());
        assert_eq!(Set::from_paths(&Paths::new()).render(), b"{}".to_vec());
        // Keys compare by their fields in name order, however the document wrote them.
        let a = Set::parse(br#"{"k:{\"protocol\":\"TCP\",\"port\":80}":{}}"#).unwrap().to_paths();
        let b = Set::parse(br#"{"k:{\"port\":80,\"protocol\":\"TCP\"}":{}}"#).unwrap().to_paths();
        assert_eq!(a, b);
        assert_eq!(display(a.iter().next().unwrap()), r#"[port=80,protocol="TCP"]"#);
        assert_eq!(display(&[PathElement::Value(v(r#""a\"b\u0001""#)), PathElement::Index(3)]), r#"[="a\"b\x01"][3]"#);
    }

    #[test]
    fn extract_keeps_keys_of_elements_owned_by_existence() {
        let set = Set::parse(br#"{"f:items":{"k:{\"name\":\"b\"}":{".":{}}}}"#).unwrap();
        let got = set.extract(&v(r#"{"items":[{"name":"a"},{"port":2,"name":"b"}]}"#)).unwrap();
        assert_eq!(String::from_utf8(got.to_compact_vec()).unwrap(), r#"{"items":[{"name":"b"}]}"#);
    }
}
