//! JSON Patch (RFC 6902) documents computed as the difference between two JSON values.

use kapi_machinery::json::escape::write_json_string;
use kapi_machinery::json::value::Value;

/// One operation of a JSON Patch. Only the three a diff needs: a difference never moves or
/// copies, and tests are for patch authors who cannot see the document.
#[derive(Debug, Clone, PartialEq)]
pub enum PatchOperation {
    /// Adds `value` at `path` (in an array, inserting before the index).
    Add {
        /// A JSON Pointer (RFC 6901).
        path: String,
        /// The value added.
        value: Value,
    },
    /// Removes the value at `path`.
    Remove {
        /// A JSON Pointer (RFC 6901).
        path: String,
    },
    /// Replaces the value at `path`.
    Replace {
        /// A JSON Pointer (RFC 6901).
        path: String,
        /// The new value.
        value: Value,
    },
}

impl PatchOperation {
    /// The operation's JSON Pointer.
    pub fn path(&self) -> &str {
        match self {
            PatchOperation::Add { path, .. }
            | PatchOperation::Remove { path }
            | PatchOperation::Replace { path, .. } => path,
        }
    }

    fn write(&self, out: &mut Vec<u8>) {
        let (op, value) = match self {
            PatchOperation::Add { value, .. } => ("add", Some(value)),
            PatchOperation::Remove { .. } => ("remove", None),
            PatchOperation::Replace { value, .. } => ("replace", Some(value)),
        };
        out.extend_from_slice(b"{\"op\":");
        write_json_string(out, op);
        out.extend_from_slice(b",\"path\":");
        write_json_string(out, self.path());
        if let Some(v) = value {
            out.extend_from_slice(b",\"value\":");
            v.write_compact(out);
        }
        out.push(b'}');
    }
}

/// A JSON Patch: the operations in the order they apply.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct JsonPatch(pub Vec<PatchOperation>);

impl JsonPatch {
    /// The patch that turns `original` into `modified`. Objects are compared member by member,
    /// arrays index by index (growth appends, shrinkage removes from the end, so each index is
    /// still valid when its operation applies), anything else is replaced when it differs.
    pub fn diff(original: &Value, modified: &Value) -> JsonPatch {
        let mut ops = Vec::new();
        let mut path = String::new();
        diff_into(original, modified, &mut path, &mut ops);
        JsonPatch(ops)
    }

    /// Whether the patch changes nothing.
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    /// The patch as a compact JSON array.
    pub fn to_json(&self) -> Vec<u8> {
        let mut out = vec![b'['];
        for (i, op) in self.0.iter().enumerate() {
            if i > 0 {
                out.push(b',');
            }
            op.write(&mut out);
        }
        out.push(b']');
        out
    }
}

/// Appends one reference token to a JSON Pointer, escaping `~` as `~0` and `/` as `~1`
/// (in that order, so that a `/` never becomes `~01`).
pub fn push_token(path: &mut String, token: &str) {
    path.push('/');
    for c in token.chars() {
        match c {
            '~' => path.push_str("~0"),
            '/' => path.push_str("~1"),
            c => path.push(c),
        }
    }
}

/// The member of an object as a JSON decoder sees it: the last of duplicate keys wins.
fn member<'a>(members: &'a [(String, Value)], key: &str) -> Option<&'a Value> {
    members.iter().rev().find(|(k, _)| k == key).map(|(_, v)| v)
}

/// Whether two values mean the same JSON: object members compared regardless of order (last
/// duplicate wins), numbers by their text.
pub fn json_equal(a: &Value, b: &Value) -> bool {
    match (a, b) {
        (Value::Object(x), Value::Object(y)) => {
            sorted_keys(x) == sorted_keys(y)
                && x.iter().all(|(k, v)| member(y, k).is_some_and(|w| json_equal(member(x, k).unwrap_or(v), w)))
        }
        (Value::Array(x), Value::Array(y)) => x.len() == y.len() && x.iter().zip(y).all(|(a, b)| json_equal(a, b)),
        _ => a == b,
    }
}

fn sorted_keys(m: &[(String, Value)]) -> Vec<&str> {
    let mut k: Vec<&str> = m.iter().map(|(k, _)| k.as_str()).collect();
    k.sort_unstable();
    k.dedup();
    k
}

fn diff_into(a: &Value, b: &Value, path: &mut String, ops: &mut Vec<PatchOperation>) {
    match (a, b) {
        (Value::Object(x), Value::Object(y)) => {
            let mut seen: Vec<&str> = Vec::new();
            for (k, _) in x {
                if seen.contains(&k.as_str()) {
                    continue;
                }
                seen.push(k);
                if member(y, k).is_none() {
                    let len = path.len();
                    push_token(path, k);
                    ops.push(PatchOperation::Remove { path: path.clone() });
                    path.truncate(len);
                }
            }
            let mut done: Vec<&str> = Vec::new();
            for (k, _) in y {
                if done.contains(&k.as_str()) {
                    continue;
                }
                done.push(k);
                let Some(new) = member(y, k) else { continue };
                let len = path.len();
                push_token(path, k);
                match member(x, k) {
                    Some(old) => diff_into(old, new, path, ops),
                    None => ops.push(PatchOperation::Add { path: path.clone(), value: new.clone() }),
                }
                path.truncate(len);
            }
        }
        (Value::Array(x), Value::Array(y)) => {
            let common = x.len().min(y.len());
            for i in 0..common {
                let len = path.len();
                push_token(path, &i.to_string());
                diff_into(&x[i], &y[i], path, ops);
                path.truncate(len);
            }
            for (i, v) in y.iter().enumerate().skip(common) {
                let len = path.len();
                push_token(path, &i.to_string());
                ops.push(PatchOperation::Add { path: path.clone(), value: v.clone() });
                path.truncate(len);
            }
            // From the end, so that each index still points at the element it names.
            for i in (common..x.len()).rev() {
                let len = path.len();
                push_token(path, &i.to_string());
                ops.push(PatchOperation::Remove { path: path.clone() });
                path.truncate(len);
            }
        }
        _ if json_equal(a, b) => {}
        _ => ops.push(PatchOperation::Replace { path: path.clone(), value: b.clone() }),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use kapi_machinery::json::value::parse;
    use kapi_testing::server::patch::{json_eq, json_patch};

    fn v(s: &str) -> Value {
        parse(s.as_bytes()).unwrap()
    }

    /// The diff applied to the original gives the modified document.
    fn round_trip(a: &str, b: &str) -> JsonPatch {
        let (a, b) = (v(a), v(b));
        let patch = JsonPatch::diff(&a, &b);
        let applied = json_patch(&a, &patch.to_json(), 1 << 20).unwrap();
        assert!(json_eq(&applied, &b), "{:?} applied to {a:?} gave {applied:?}, not {b:?}", patch.to_json());
        patch
    }

    #[test]
    fn escapes_tilde_and_slash_in_keys() {
        let p = round_trip(
            r#"{"metadata":{"annotations":{"a/b":"1"}}}"#,
            r#"{"metadata":{"annotations":{"a/b":"2","x~/y":"3"}}}"#,
        );
        assert_eq!(
            String::from_utf8(p.to_json()).unwrap(),
            r#"[{"op":"replace","path":"/metadata/annotations/a~1b","value":"2"},{"op":"add","path":"/metadata/annotations/x~0~1y","value":"3"}]"#
        );
        let mut path = String::new();
        push_token(&mut path, "~1");
        assert_eq!(path, "/~01");
    }

    #[test]
    fn arrays_grow_and_shrink_with_valid_indices() {
        round_trip(r#"{"a":[1,2,3,4,5]}"#, r#"{"a":[1,9]}"#);
        round_trip(r#"{"a":[1]}"#, r#"{"a":[0,1,2,{"b":3}]}"#);
        round_trip(r#"{"a":[{"x":1},{"y":2}]}"#, r#"{"a":[{"x":2},{"y":2,"z":[]}]}"#);
        let p = round_trip(r#"[1,2,3]"#, r#"[1]"#);
        assert_eq!(
            p.0,
            vec![PatchOperation::Remove { path: "/2".into() }, PatchOperation::Remove { path: "/1".into() }]
        );
    }

    #[test]
    fn removals_type_changes_and_root_replacement() {
        round_trip(r#"{"a":1,"b":{"c":null}}"#, r#"{"b":{"c":[1]}}"#);
        round_trip(r#"{"a":"1"}"#, r#"{"a":1}"#);
        let p = round_trip(r#"{"a":1}"#, r#"[1]"#);
        assert_eq!(p.0, vec![PatchOperation::Replace { path: String::new(), value: v("[1]") }]);
        // Empty keys are valid pointers too (`/`).
        round_trip(r#"{"":1}"#, r#"{"":2}"#);
    }

    #[test]
    fn equal_documents_give_an_empty_patch() {
        assert!(JsonPatch::diff(&v(r#"{"a":1,"b":[1,{"c":2}]}"#), &v(r#"{"b":[1,{"c":2}],"a":1}"#)).is_empty());
        assert_eq!(JsonPatch::default().to_json(), b"[]");
    }
}
