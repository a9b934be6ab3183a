//! Patches on the JSON form of objects: JSON Patch (RFC 6902), JSON Merge Patch (RFC 7386), a
//! strategic merge patch, and the merge step of server-side apply.
//!
//! The strategic merge patch is a merge patch except for the lists the resource declares a
//! strategy for ([`ListMerge`]): lists of objects with a merge key are merged element by element
//! (elements matched by the key; `$patch: delete` removes one; a `{"$patch": "replace"}` element
//! replaces the whole list) and lists of scalars marked as sets are unioned
//! (`$deleteFromPrimitiveList/<field>` removes values). `$patch: replace` and `$patch: delete`
//! also work on maps; `$setElementOrder/…` and `$retainKeys` are accepted and ignored. All other
//! lists are replaced. Server-side apply merges the applied configuration the same way, without
//! directives; ownership, conflicts and removal are the field manager's (module `ssa`).

use std::collections::{HashMap, HashSet};

use kapi_machinery::json::value::{self, Value};
use kapi_machinery::schema::{FieldSchema, HasSchema, StructSchema, TypeSchema};

/// How a list field merges.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ListMerge {
    /// A list of objects whose elements are identified by these fields (`patchMergeKey` for
    /// strategic merge patches, the `listMapKey`s for apply).
    Key(Vec<String>),
    /// A list of scalars merged as a set.
    Set,
}

impl From<kapi_machinery::schema::ListMerge> for ListMerge {
    fn from(m: kapi_machinery::schema::ListMerge) -> Self {
        match m {
            kapi_machinery::schema::ListMerge::Key(keys) => {
                ListMerge::Key(keys.into_iter().map(str::to_owned).collect())
            }
            kapi_machinery::schema::ListMerge::Set => ListMerge::Set,
        }
    }
}

/// How a resource's lists merge: read from its kind's schema (the type language's
/// `patch_strategy`/`patch_merge_key` for strategic merge patches, `list_type`/`list_map_key` for
/// apply), with explicit rules by dotted field path (`spec.ports`) taking precedence.
#[derive(Debug, Clone)]
pub struct MergeRules {
    schema: Option<&'static TypeSchema>,
    overrides: Vec<(String, Option<ListMerge>)>,
}

impl MergeRules {
    /// The rules of a kind's schema.
    pub fn of(schema: &'static TypeSchema) -> Self {
        MergeRules { schema: Some(schema), overrides: Vec::new() }
    }

    /// Rules for an object whose type is not known: only `metadata` is, as every object has it.
    pub fn metadata_only() -> Self {
        static OBJECT: TypeSchema = TypeSchema::Struct(StructSchema {
            name: "Object",
            fields: &[FieldSchema::plain(
                "metadata",
                &TypeSchema::Named(<kapi_api::meta::v1::ObjectMeta as HasSchema>::schema),
            )],
            atomic: false,
            union: false,
        });
        MergeRules::of(&OBJECT)
    }

    /// Declares how the list at a dotted field path merges (`None`: replaced whole), over what
    /// the schema says.
    pub fn set(&mut self, path: &str, merge: Option<ListMerge>) {
        self.overrides.retain(|(p, _)| p != path);
        self.overrides.push((path.to_owned(), merge));
    }

    /// The kind's schema, when it is known.
    pub(super) fn root(&self) -> Option<&'static TypeSchema> {
        self.schema
    }

    /// How the list at `path` merges in a strategic merge patch (`apply == false`) or in apply.
    pub(super) fn strategy(&self, path: &[String], apply: bool) -> Option<ListMerge> {
        let joined = path.join(".");
        if let Some((_, m)) = self.overrides.iter().find(|(p, _)| *p == joined) {
            return m.clone();
        }
        let field = field_at(self.schema?, path)?;
        let merge = if apply { field.apply_merge() } else { field.list_merge() };
        merge.map(ListMerge::from)
    }
}

/// The field a path of JSON object keys leads to: list elements add no key, a map's keys do.
fn field_at(root: &'static TypeSchema, path: &[String]) -> Option<&'static FieldSchema> {
    let mut ty = root;
    let mut field = None;
    for seg in path {
        let mut here = ty.resolve();
        while let TypeSchema::List(item) = here {
            here = item.resolve();
        }
        match here {
            TypeSchema::Struct(s) => {
                let f = s.field(seg)?;
                field = Some(f);
                ty = f.ty;
            }
            TypeSchema::Map(value) => {
                field = None;
                ty = value;
            }
            _ => return None,
        }
    }
    field
}

/// The patch types the server accepts, by `Content-Type`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PatchType {
    /// `application/json-patch+json`.
    Json,
    /// `application/merge-patch+json`.
    Merge,
    /// `application/strategic-merge-patch+json`.
    Strategic,
    /// `application/apply-patch+yaml`.
    Apply,
}

/// Every accepted patch media type.
pub const PATCH_MEDIA_TYPES: &[&str] = &[
    "application/json-patch+json",
    "application/merge-patch+json",
    "application/strategic-merge-patch+json",
    "application/apply-patch+yaml",
];

impl PatchType {
    /// The patch type of a `Content-Type` header value.
    pub fn from_content_type(ct: &str) -> Option<PatchType> {
        let essence = ct.split(';').next().unwrap_or_default().trim().to_ascii_lowercase();
        Some(match essence.as_str() {
            "application/json-patch+json" => PatchType::Json,
            "application/merge-patch+json" => PatchType::Merge,
            "application/strategic-merge-patch+json" => PatchType::Strategic,
            "application/apply-patch+yaml" => PatchType::Apply,
            _ => return None,
        })
    }
}

/// Why a patch failed: a malformed patch (`400 BadRequest`) or one that does not apply to the
/// object (`422 Invalid`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum PatchError {
    /// The patch document itself is wrong.
    Malformed(String),
    /// The patch cannot be applied to this object.
    NotApplicable(String),
    /// A `test` operation found another value: not applicable, but told apart because a
    /// mutating admission policy's patch that fails a test is skipped, not an error.
    TestFailed(String),
}

pub use kapi_machinery::json::value::json_eq;

/// Sets a member in place (appending it when absent); later duplicates of the key are dropped.
fn set_member(obj: &mut Vec<(String, Value)>, key: &str, v: Value) {
    match obj.iter().position(|(k, _)| k == key) {
        Some(i) => {
            obj[i].1 = v;
            let mut first = true;
            obj.retain(|(k, _)| {
                if k != key {
                    return true;
                }
                let keep = first;
                first = false;
                keep
            });
        }
        None => obj.push((key.to_owned(), v)),
    }
}

fn remove_member(obj: &mut Vec<(String, Value)>, key: &str) -> Option<Value> {
    let pos = obj.iter().rposition(|(k, _)| k == key)?;
    let v = obj.remove(pos).1;
    obj.retain(|(k, _)| k != key);
    Some(v)
}

// ---------------------------------------------------------------------------------------------
// JSON Patch (RFC 6902)

fn parse_pointer(p: &str) -> Result<Vec<String>, PatchError> {
    if p.is_empty() {
        return Ok(Vec::new());
    }
    let Some(rest) = p.strip_prefix('/') else {
        return Err(PatchError::Malformed(format!("JSON pointer must be empty or start with '/': {p:?}")));
    };
    Ok(rest.split('/').map(|t| t.replace("~1", "/").replace("~0", "~")).collect())
}

fn array_index(token: &str, len: usize, allow_end: bool, path: &str) -> Result<usize, PatchError> {
    if allow_end && token == "-" {
        return Ok(len);
    }
    let valid =
        !token.is_empty() && token.bytes().all(|b| b.is_ascii_digit()) && (token == "0" || !token.starts_with('0'));
    let i = if valid { token.parse::<usize>().ok() } else { None };
    match i {
        Some(i) if i < len || (allow_end && i == len) => Ok(i),
        _ => Err(PatchError::NotApplicable(format!("array index {token:?} is out of bounds at {path:?}"))),
    }
}

fn get_path<'a>(doc: &'a Value, path: &[String]) -> Option<&'a Value> {
    let mut cur = doc;
    for t in path {
        cur = match cur {
            Value::Object(_) => cur.get(t)?,
            Value::Array(items) => items.get(array_index(t, items.len(), false, "").ok()?)?,
            _ => return None,
        };
    }
    Some(cur)
}

fn get_path_mut<'a>(doc: &'a mut Value, path: &[String]) -> Option<&'a mut Value> {
    let mut cur = doc;
    for t in path {
        cur = match cur {
            Value::Object(members) => members.iter_mut().rev().find(|(k, _)| k == t).map(|(_, v)| v)?,
            Value::Array(items) => {
                let i = array_index(t, items.len(), false, "").ok()?;
                items.get_mut(i)?
            }
            _ => return None,
        };
    }
    Some(cur)
}

fn missing(op: &str, path: &str) -> PatchError {
    PatchError::NotApplicable(format!("{op} operation does not apply: doc is missing path: {path:?}"))
}

fn op_add(doc: &mut Value, path: &[String], raw: &str, v: Value) -> Result<(), PatchError> {
    let Some((last, parent)) = path.split_last() else {
        *doc = v;
        return Ok(());
    };
    match get_path_mut(doc, parent) {
        Some(Value::Object(members)) => {
            set_member(members, last, v);
            Ok(())
        }
        Some(Value::Array(items)) => {
            let i = array_index(last, items.len(), true, raw)?;
            items.insert(i, v);
            Ok(())
        }
        _ => Err(missing("add", raw)),
    }
}

fn op_remove(doc: &mut Value, path: &[String], raw: &str, op: &str) -> Result<Value, PatchError> {
    let Some((last, parent)) = path.split_last() else {
        return Err(PatchError::NotApplicable(format!("{op} operation does not apply: cannot remove the root")));
    };
    match get_path_mut(doc, parent) {
        Some(Value::Object(members)) => remove_member(members, last).ok_or_else(|| missing(op, raw)),
        Some(Value::Array(items)) => {
            let i = array_index(last, items.len(), false, raw)?;
            Ok(items.remove(i))
        }
        _ => Err(missing(op, raw)),
    }
}

/// Applies a JSON Patch document. Copies may add at most `copy_limit` bytes in total, as
/// upstream bounds them.
pub fn json_patch(doc: &Value, patch: &[u8], copy_limit: usize) -> Result<Value, PatchError> {
    let ops = match value::parse(patch) {
        Ok(Value::Array(ops)) => ops,
        Ok(_) => return Err(PatchError::Malformed("a JSON patch must be an array of operations".into())),
        Err(e) => return Err(PatchError::Malformed(format!("invalid JSON patch: {e}"))),
    };
    let mut doc = doc.clone();
    let mut copied = 0usize;
    for (i, op) in ops.iter().enumerate() {
        let field = |name: &str| -> Result<&str, PatchError> {
            op.get(name)
                .and_then(Value::as_str)
                .ok_or_else(|| PatchError::Malformed(format!("operation {i}: missing or non-string {name:?} member")))
        };
        let value = || {
            op.get("value")
                .cloned()
                .ok_or_else(|| PatchError::Malformed(format!("operation {i}: missing \"value\" member")))
        };
        let kind = field("op")?;
        let raw = field("path")?;
        let path = parse_pointer(raw)?;
        match kind {
            "add" => op_add(&mut doc, &path, raw, value()?)?,
            "remove" => {
                op_remove(&mut doc, &path, raw, "remove")?;
            }
            "replace" => {
                let v = value()?;
                match get_path_mut(&mut doc, &path) {
                    Some(slot) => *slot = v,
                    None => return Err(missing("replace", raw)),
                }
            }
            "move" => {
                let from_raw = field("from")?;
                let from = parse_pointer(from_raw)?;
                if path.len() > from.len() && path[..from.len()] == from[..] {
                    return Err(PatchError::NotApplicable(format!(
                        "move operation does not apply: {from_raw:?} is a prefix of {raw:?}"
                    )));
                }
                let v = op_remove(&mut doc, &from, from_raw, "move")?;
                op_add(&mut doc, &path, raw, v)?;
            }
            "copy" => {
                let from_raw = field("from")?;
                let from = parse_pointer(from_raw)?;
                let v = get_path(&doc, &from).cloned().ok_or_else(|| missing("copy", from_raw))?;
                copied = copied.saturating_add(v.to_compact_vec().len());
                if copied > copy_limit {
                    return Err(PatchError::NotApplicable(format!(
                        "the accumulated size of copied values exceeds the limit of {copy_limit} bytes"
                    )));
                }
                op_add(&mut doc, &path, raw, v)?;
            }
            "test" => {
                let want = value()?;
                match get_path(&doc, &path) {
                    Some(have) if json_eq(have, &want) => {}
                    Some(_) => {
                        return Err(PatchError::TestFailed(format!("testing value {raw} failed: test failed")));
                    }
                    None => return Err(missing("test", raw)),
                }
            }
            other => return Err(PatchError::Malformed(format!("operation {i}: unexpected op {other:?}"))),
        }
    }
    Ok(doc)
}

// ---------------------------------------------------------------------------------------------
// JSON Merge Patch (RFC 7386)

/// Applies a merge patch.
pub fn merge_patch(target: Value, patch: &Value) -> Value {
    let Value::Object(members) = patch else { return patch.clone() };
    let mut out = match target {
        Value::Object(m) => m,
        _ => Vec::new(),
    };
    for (k, v) in members {
        if *v == Value::Null {
            remove_member(&mut out, k);
        } else {
            let cur = out.iter().rev().find(|(n, _)| n == k).map(|(_, c)| c.clone()).unwrap_or(Value::Null);
            set_member(&mut out, k, merge_patch(cur, v));
        }
    }
    Value::Object(out)
}

// ---------------------------------------------------------------------------------------------
// Strategic merge patch and apply

fn is_directive(key: &str) -> bool {
    key == "$patch"
        || key == "$retainKeys"
        || key.starts_with("$setElementOrder/")
        || key.starts_with("$deleteFromPrimitiveList/")
}

/// The value without patch directives, for content a patch adds.
fn strip_directives(v: &Value) -> Value {
    match v {
        Value::Object(m) => Value::Object(
            m.iter().filter(|(k, _)| !is_directive(k)).map(|(k, v)| (k.clone(), strip_directives(v))).collect(),
        ),
        Value::Array(items) => Value::Array(items.iter().map(strip_directives).collect()),
        other => other.clone(),
    }
}

struct Merger<'a> {
    rules: &'a MergeRules,
    directives: bool,
}

impl Merger<'_> {
    /// Merges `patch` into `target`; `None` means the value is deleted.
    fn merge(&self, target: Value, patch: &Value, path: &mut Vec<String>) -> Result<Option<Value>, PatchError> {
        let Value::Object(members) = patch else { return Ok(Some(patch.clone())) };
        if self.directives {
            match patch.get("$patch") {
                None => {}
                Some(Value::String(d)) if d == "replace" => return Ok(Some(strip_directives(patch))),
                Some(Value::String(d)) if d == "delete" => return Ok(None),
                Some(Value::String(d)) if d == "merge" => {}
                Some(other) => {
                    return Err(PatchError::Malformed(format!(
                        "unknown patch type: {} in map: {}",
                        String::from_utf8_lossy(&other.to_compact_vec()),
                        path.join(".")
                    )));
                }
            }
        }
        // Members are found through an index and deleted by emptying their slot, so a patch of
        // n members on an object of m costs n + m steps, not n × m. A key written twice is one
        // member, at its first place with its last value, as the lookups before read it.
        let mut slots: Vec<(String, Option<Value>)> = Vec::new();
        let mut index: HashMap<String, usize> = HashMap::new();
        if let Value::Object(m) = target {
            for (k, v) in m {
                match index.get(&k) {
                    Some(&i) => slots[i].1 = Some(v),
                    None => {
                        index.insert(k.clone(), slots.len());
                        slots.push((k, Some(v)));
                    }
                }
            }
        }
        for (k, v) in members {
            if self.directives && is_directive(k) {
                if let Some(field) = k.strip_prefix("$deleteFromPrimitiveList/") {
                    let Value::Array(drop) = v else {
                        return Err(PatchError::Malformed(format!("{k} must be a list")));
                    };
                    if let Some(&i) = index.get(field)
                        && let Some(Value::Array(items)) = &mut slots[i].1
                    {
                        items.retain(|x| !drop.iter().any(|d| json_eq(x, d)));
                    }
                }
                continue;
            }
            if *v == Value::Null {
                if let Some(&i) = index.get(k) {
                    slots[i].1 = None;
                }
                continue;
            }
            path.push(k.clone());
            let slot = index.get(k).copied();
            let cur = slot.and_then(|i| slots[i].1.take()).unwrap_or(Value::Null);
            // Directives mark a strategic merge patch; without them this is apply.
            let merged = match (v, self.rules.strategy(path, !self.directives)) {
                (Value::Array(items), Some(ListMerge::Key(keys))) => Some(self.merge_keyed(cur, items, &keys, path)?),
                (Value::Array(items), Some(ListMerge::Set)) => Some(union(cur, items)),
                (Value::Array(items), None) => Some(Value::Array(items.iter().map(strip_directives).collect())),
                (Value::Object(_), _) => self.merge(cur, v, path)?,
                (other, _) => Some(other.clone()),
            };
            path.pop();
            match (slot, merged) {
                (Some(i), m) => slots[i].1 = m,
                (None, Some(m)) => {
                    index.insert(k.clone(), slots.len());
                    slots.push((k.clone(), Some(m)));
                }
                (None, None) => {}
            }
        }
        let out = slots.into_iter().filter_map(|(k, v)| v.map(|v| (k, v))).collect();
        Ok(Some(Value::Object(out)))
    }

    fn merge_keyed(
        &self,
        cur: Value,
        items: &[Value],
        keys: &[String],
        path: &mut Vec<String>,
    ) -> Result<Value, PatchError> {
        let list = match cur {
            Value::Array(a) => a,
            _ => Vec::new(),
        };
        let directive = |i: &Value| i.get("$patch").and_then(Value::as_str).map(str::to_owned);
        if self.directives && items.iter().any(|i| directive(i).as_deref() == Some("replace")) {
            return Ok(Value::Array(items.iter().filter(|i| directive(i).is_none()).map(strip_directives).collect()));
        }
        // Elements are found by their key values through an index and deleted by emptying their
        // slot, so merging n items into a list of m costs n + m steps, not n × m.
        let id_of = |item: &Value| -> Option<Vec<u8>> {
            let ids: Option<Vec<Value>> = keys.iter().map(|k| item.get(k).map(canonical)).collect();
            ids.map(|ids| Value::Array(ids).to_compact_vec())
        };
        let mut index: HashMap<Vec<u8>, usize> = HashMap::with_capacity(list.len());
        for (i, e) in list.iter().enumerate() {
            if let Some(id) = id_of(e) {
                index.entry(id).or_insert(i);
            }
        }
        let mut slots: Vec<Option<Value>> = list.into_iter().map(Some).collect();
        for item in items {
            if !matches!(item, Value::Object(_)) {
                return Err(PatchError::Malformed(format!(
                    "{}: list items must be objects with the merge key {:?}",
                    path.join("."),
                    keys.join(",")
                )));
            }
            if let Some(key) = keys.iter().find(|k| item.get(k).is_none()) {
                return Err(PatchError::Malformed(format!(
                    "map: {} does not contain declared merge key: {key}",
                    String::from_utf8_lossy(&item.to_compact_vec())
                )));
            }
            let id = id_of(item).unwrap_or_default();
            let pos = index.get(&id).copied().filter(|&p| slots[p].is_some());
            if self.directives && directive(item).as_deref() == Some("delete") {
                if let Some(p) = pos {
                    slots[p] = None;
                }
                continue;
            }
            match pos {
                Some(p) => {
                    let existing = slots[p].take().unwrap_or(Value::Null);
                    slots[p] = self.merge(existing, item, path)?;
                }
                None => {
                    index.insert(id, slots.len());
                    slots.push(Some(strip_directives(item)));
                }
            }
        }
        let list: Vec<Value> = slots.into_iter().flatten().collect();
        Ok(Value::Array(list))
    }
}

fn union(cur: Value, items: &[Value]) -> Value {
    let mut list = match cur {
        Value::Array(a) => a,
        _ => Vec::new(),
    };
    // Membership by canonical text keeps the union linear in both lists.
    let mut seen: HashSet<Vec<u8>> = list.iter().map(|x| canonical(x).to_compact_vec()).collect();
    for i in items {
        if seen.insert(canonical(i).to_compact_vec()) {
            list.push(i.clone());
        }
    }
    Value::Array(list)
}

/// A value in a form whose compact text is equal exactly when [`json_eq`] holds for scalars
/// and keys: numbers by value (`1` and `1.0` alike), objects with sorted members.
fn canonical(v: &Value) -> Value {
    match v {
        Value::Number(n) => match n.parse::<f64>() {
            Ok(f) if f.is_finite() => Value::Number(format!("{f:?}")),
            _ => v.clone(),
        },
        Value::Array(items) => Value::Array(items.iter().map(canonical).collect()),
        Value::Object(members) => {
            let mut sorted: Vec<(String, Value)> = members.iter().map(|(k, x)| (k.clone(), canonical(x))).collect();
            sorted.sort_by(|a, b| a.0.cmp(&b.0));
            sorted.dedup_by(|a, b| a.0 == b.0);
            Value::Object(sorted)
        }
        other => other.clone(),
    }
}

/// Applies a strategic merge patch with the resource's list strategies.
pub fn strategic_merge_patch(target: Value, patch: &Value, rules: &MergeRules) -> Result<Value, PatchError> {
    if !matches!(patch, Value::Object(_)) {
        return Err(PatchError::Malformed("a strategic merge patch must be a JSON object".into()));
    }
    Merger { rules, directives: true }
        .merge(target, patch, &mut Vec::new())?
        .ok_or_else(|| PatchError::NotApplicable("the patch deletes the whole object".into()))
}

/// Merges an applied configuration into the live object, the merge step of server-side apply:
/// the applied fields win, fields it leaves out are kept, keyed lists merge by key. Removing
/// what the manager stopped applying, and ownership, are the field manager's (module `ssa`).
pub fn apply_merge(live: Value, applied: &Value, rules: &MergeRules) -> Result<Value, PatchError> {
    Merger { rules, directives: false }
        .merge(live, applied, &mut Vec::new())?
        .ok_or_else(|| PatchError::NotApplicable("the applied configuration is empty".into()))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn v(s: &str) -> Value {
        value::parse(s.as_bytes()).unwrap()
    }

    fn s(v: &Value) -> String {
        String::from_utf8(v.to_compact_vec()).unwrap()
    }

    #[test]
    fn json_patch_operations() {
        let doc = v(r#"{"a":{"b":[1,2]},"c":"x"}"#);
        let p = br#"[{"op":"add","path":"/a/b/1","value":9},{"op":"remove","path":"/c"},
            {"op":"replace","path":"/a/b/0","value":0},{"op":"copy","from":"/a/b","path":"/d"},
            {"op":"move","from":"/d","path":"/e"},{"op":"test","path":"/e/2","value":2.0},
            {"op":"add","path":"/a/b/-","value":"end"},{"op":"add","path":"/a/x~1y","value":true}]"#;
        let out = json_patch(&doc, p, 1 << 20).unwrap();
        assert_eq!(s(&out), r#"{"a":{"b":[0,9,2,"end"],"x/y":true},"e":[0,9,2]}"#);
    }

    #[test]
    fn json_patch_failures() {
        let doc = v(r#"{"a":[1]}"#);
        assert!(matches!(json_patch(&doc, b"{}", 100), Err(PatchError::Malformed(_))));
        assert!(matches!(json_patch(&doc, br#"[{"op":"jump","path":"/a"}]"#, 100), Err(PatchError::Malformed(_))));
        assert!(matches!(
            json_patch(&doc, br#"[{"op":"test","path":"/a/0","value":2}]"#, 100),
            Err(PatchError::TestFailed(_))
        ));
        assert!(matches!(
            json_patch(&doc, br#"[{"op":"remove","path":"/b"}]"#, 100),
            Err(PatchError::NotApplicable(_))
        ));
        assert!(matches!(
            json_patch(&doc, br#"[{"op":"add","path":"/a/5","value":1}]"#, 100),
            Err(PatchError::NotApplicable(_))
        ));
        assert!(matches!(
            json_patch(&doc, br#"[{"op":"move","from":"/a","path":"/a/0"}]"#, 100),
            Err(PatchError::NotApplicable(_))
        ));
        let bomb = br#"[{"op":"copy","from":"/a","path":"/b"},{"op":"copy","from":"/a","path":"/c"}]"#;
        assert!(matches!(json_patch(&doc, bomb, 4), Err(PatchError::NotApplicable(_))));
    }

    #[test]
    fn merge_patch_rfc_examples() {
        let target = v(
            r#"{"title":"Goodbye!","author":{"givenName":"John","familyName":"Doe"},"tags":["example","sample"],"content":"This will be unchanged"}"#,
        );
        let patch =
            v(r#"{"title":"Hello!","phoneNumber":"+01-123-456-7890","author":{"familyName":null},"tags":["example"]}"#);
        assert_eq!(
            s(&merge_patch(target, &patch)),
            r#"{"title":"Hello!","author":{"givenName":"John"},"tags":["example"],"content":"This will be unchanged","phoneNumber":"+01-123-456-7890"}"#
        );
        assert_eq!(s(&merge_patch(v(r#"{"a":"b"}"#), &v(r#"["c"]"#))), r#"["c"]"#);
        assert_eq!(s(&merge_patch(v(r#"[1]"#), &v(r#"{"a":{"b":null}}"#))), r#"{"a":{}}"#);
    }

    fn webhook_rules() -> MergeRules {
        MergeRules::of(<kapi_api::admissionregistration::v1::ValidatingWebhookConfiguration as HasSchema>::schema())
    }

    #[test]
    fn strategic_merge_by_key() {
        let keys = webhook_rules();
        let live =
            v(r#"{"metadata":{"finalizers":["a"]},"webhooks":[{"name":"x","sideEffects":"None"},{"name":"y"}]}"#);
        let patch = v(
            r#"{"metadata":{"finalizers":["b"]},"webhooks":[{"name":"x","timeoutSeconds":5},{"name":"y","$patch":"delete"},{"name":"z"}]}"#,
        );
        let out = strategic_merge_patch(live.clone(), &patch, &keys).unwrap();
        assert_eq!(
            s(&out),
            r#"{"metadata":{"finalizers":["a","b"]},"webhooks":[{"name":"x","sideEffects":"None","timeoutSeconds":5},{"name":"z"}]}"#
        );
        let replace = v(
            r#"{"webhooks":[{"name":"q"},{"$patch":"replace"}],"metadata":{"$deleteFromPrimitiveList/finalizers":["a"]}}"#,
        );
        let out = strategic_merge_patch(live.clone(), &replace, &keys).unwrap();
        assert_eq!(s(&out), r#"{"metadata":{"finalizers":[]},"webhooks":[{"name":"q"}]}"#);
        let bad = v(r#"{"webhooks":[{"timeoutSeconds":1}]}"#);
        assert!(matches!(strategic_merge_patch(live.clone(), &bad, &keys), Err(PatchError::Malformed(_))));
        // Lists without a strategy are replaced.
        let plain = MergeRules::metadata_only();
        let out = strategic_merge_patch(live, &v(r#"{"webhooks":[{"name":"z"}]}"#), &plain).unwrap();
        assert_eq!(s(&out), r#"{"metadata":{"finalizers":["a"]},"webhooks":[{"name":"z"}]}"#);
    }

    #[test]
    fn apply_merges() {
        let keys = webhook_rules();
        let live = v(r#"{"metadata":{"name":"c","labels":{"a":"1"}},"webhooks":[{"name":"x","sideEffects":"None"}]}"#);
        let applied = v(
            r#"{"apiVersion":"admissionregistration.k8s.io/v1","kind":"ValidatingWebhookConfiguration","metadata":{"name":"c","labels":{"b":"2"}},"webhooks":[{"name":"x","timeoutSeconds":3}]}"#,
        );
        let out = apply_merge(live, &applied, &keys).unwrap();
        assert_eq!(
            s(&out),
            r#"{"metadata":{"name":"c","labels":{"a":"1","b":"2"}},"webhooks":[{"name":"x","sideEffects":"None","timeoutSeconds":3}],"apiVersion":"admissionregistration.k8s.io/v1","kind":"ValidatingWebhookConfiguration"}"#
        );
    }

    #[test]
    fn equality_ignores_member_order() {
        assert!(json_eq(&v(r#"{"a":1,"b":[1.0]}"#), &v(r#"{"b":[1],"a":1}"#)));
        assert!(!json_eq(&v(r#"{"a":1}"#), &v(r#"{"a":1,"b":2}"#)));
    }

    /// Large objects compare through maps of their members, with the same answers: any order,
    /// numbers by value, the last of a repeated key, and a missing or different member found.
    #[test]
    fn equality_of_large_objects() {
        let n = 100_000;
        let obj = |order: &mut dyn Iterator<Item = usize>, one: &str| {
            let members: Vec<(String, Value)> = order
                .map(|i| (format!("k{i}"), Value::Number(if i == 7 { one.into() } else { i.to_string() })))
                .collect();
            Value::Object(members)
        };
        let a = obj(&mut (0..n), "7");
        assert!(json_eq(&a, &obj(&mut (0..n).rev(), "7.0")));
        assert!(!json_eq(&a, &obj(&mut (0..n).rev(), "8")));
        assert!(!json_eq(&a, &obj(&mut (1..n), "7")));
        let Value::Object(mut repeated) = obj(&mut (0..n), "7") else { unreachable!("built as an object") };
        repeated.insert(0, ("k7".into(), Value::Number("9".into())));
        assert!(json_eq(&a, &Value::Object(repeated)));
    }
}
