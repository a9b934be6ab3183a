//! Upstream's `ValidateNodeSpecificAnnotations`: the taints and avoid-pods annotations a node may carry, read as Go's `encoding/json` reads them.
//!
//! Upstream decodes each annotation with `json.Unmarshal` into a Go type and validates what comes
//! out. The decoder here follows that function's rules over [`kapi_machinery::json::Value`]:
//! object keys match a field exactly or else case-insensitively (Go's folding, `ſ` and `K`
//! included), unknown keys are skipped, `null` zeroes pointers and slices and leaves the rest,
//! a repeated key decodes again into what the first one left, the first type mismatch is kept
//! while decoding goes on, and a time that does not parse stops it. Type mismatches get Go's
//! `UnmarshalTypeError` text; syntax errors are kapi's JSON parser's own words.

use kapi_machinery::json::{self, Value};
use kapi_machinery::types::Time;
use kapi_machinery::validation::{BadValue, ErrorList, FieldError, Path};

use super::cluster::node_taints;
use crate::core::v1::{Taint, TaintEffect};

/// Upstream's `TaintsAnnotationKey`.
const TAINTS_KEY: &str = "scheduler.alpha.kubernetes.io/taints";
/// Upstream's `PreferAvoidPodsAnnotationKey`.
const PREFER_AVOID_PODS_KEY: &str = "scheduler.alpha.kubernetes.io/preferAvoidPods";

/// Upstream's `ValidateNodeSpecificAnnotations`, at `path` (`metadata.annotations`): each of the
/// two annotations is checked when it is set and not empty.
pub(super) fn node_specific_annotations(
    annotations: &std::collections::BTreeMap<String, String>,
    path: &Path,
) -> ErrorList {
    let mut errs = ErrorList::new();
    if let Some(v) = annotations.get(TAINTS_KEY).filter(|v| !v.is_empty()) {
        errs.extend(taints_annotation(v, path));
    }
    if let Some(v) = annotations.get(PREFER_AVOID_PODS_KEY).filter(|v| !v.is_empty()) {
        errs.extend(avoid_pods_annotation(v, path));
    }
    errs
}

/// Upstream's `ValidateTaintsInNodeAnnotations`: the annotation decodes into the internal
/// `[]core.Taint` (whose fields have no JSON tags, so `Key`, `key` and `KEY` all match), else
/// `Invalid` at the annotations' path with the key as value; then the taints' own checks.
fn taints_annotation(text: &str, path: &Path) -> ErrorList {
    let decoded = match decode(text, &TAINTS) {
        Ok(d) => d,
        Err(msg) => return vec![FieldError::invalid(path, TAINTS_KEY, &msg)],
    };
    let taints: Vec<Taint> = items(&decoded)
        .iter()
        .map(|t| Taint {
            key: text_at(t, 0).to_owned(),
            value: text_at(t, 1).to_owned(),
            effect: TaintEffect(text_at(t, 2).to_owned()),
            time_added: match field(t, 3) {
                Some(Decoded::Time(at)) => Some(*at),
                _ => None,
            },
        })
        .collect();
    node_taints(&taints, &path.child(TAINTS_KEY))
}

/// Upstream's `ValidateAvoidPodsInNodeAnnotations`: the annotation decodes into `v1.AvoidPods`,
/// else `Invalid` at `<path>.AvoidPods` with the key as value; then each entry as
/// `validatePreferAvoidPodsEntry` checks it.
fn avoid_pods_annotation(text: &str, path: &Path) -> ErrorList {
    let decoded = match decode(text, &AVOID_PODS) {
        Ok(d) => d,
        Err(msg) => return vec![FieldError::invalid(path.child("AvoidPods"), PREFER_AVOID_PODS_KEY, &msg)],
    };
    let mut errs = ErrorList::new();
    let entries = field(&decoded, 0).map(items).unwrap_or_default();
    for (i, entry) in entries.iter().enumerate() {
        let signature = path.child(PREFER_AVOID_PODS_KEY).index(i).child("PodSignature");
        match field(entry, 0).and_then(|s| field(s, 0)) {
            Some(Decoded::Struct(reference)) => match reference.get(4) {
                Some(Decoded::Bool(true)) => {}
                Some(Decoded::Bool(false)) => errs.push(FieldError::invalid_value(
                    signature.child("PodController").child("Controller"),
                    BadValue::Bool(false),
                    "must point to a controller",
                )),
                // Upstream dereferences the unset pointer here and the apiserver answers 500
                // (`This request caused apiserver to panic`); an internal error is the nearest
                // a validation error can come.
                _ => errs.push(FieldError::internal(
                    signature.child("PodController").child("Controller"),
                    "must be set: kube-apiserver panics on a podController without controller",
                )),
            },
            _ => errs.push(FieldError::required(signature, "")),
        }
    }
    errs
}

// ---------------------------------------------------------------------------------------------
// The decoder.

/// The Go type a JSON value is decoded into.
#[derive(Clone, Copy)]
enum Shape {
    /// A string kind, with the Go type's name for messages (`string`, `types.UID`).
    Text(&'static str),
    /// `*bool`.
    BoolPtr,
    /// `metav1.Time`, or `*metav1.Time` when `ptr`.
    Time { ptr: bool },
    /// A struct, or a pointer to one when `ptr`.
    Struct { def: &'static StructDef, ptr: bool },
    /// A slice, with the Go type's name for messages.
    Slice { name: &'static str, elem: &'static Shape },
}

/// A Go struct: its name (as `reflect.Type.Name` gives it), its qualified type name and its
/// fields by JSON name.
struct StructDef {
    name: &'static str,
    type_name: &'static str,
    fields: &'static [(&'static str, Shape)],
}

/// What a value decoded to: Go's zero values are `Nil` (pointers, slices), empty text, the zero
/// time and a struct of zero fields.
#[derive(Clone, Debug, PartialEq)]
enum Decoded {
    Nil,
    Bool(bool),
    Text(String),
    Time(Time),
    Struct(Vec<Decoded>),
    Items(Vec<Decoded>),
}

const OWNER_REFERENCE: StructDef = StructDef {
    name: "OwnerReference",
    type_name: "v1.OwnerReference",
    fields: &[
        ("apiVersion", Shape::Text("string")),
        ("kind", Shape::Text("string")),
        ("name", Shape::Text("string")),
        ("uid", Shape::Text("types.UID")),
        ("controller", Shape::BoolPtr),
        ("blockOwnerDeletion", Shape::BoolPtr),
    ],
};
const POD_SIGNATURE: StructDef = StructDef {
    name: "PodSignature",
    type_name: "v1.PodSignature",
    fields: &[("podController", Shape::Struct { def: &OWNER_REFERENCE, ptr: true })],
};
const ENTRY: Shape = Shape::Struct { def: &PREFER_AVOID_PODS_ENTRY, ptr: false };
const PREFER_AVOID_PODS_ENTRY: StructDef = StructDef {
    name: "PreferAvoidPodsEntry",
    type_name: "v1.PreferAvoidPodsEntry",
    fields: &[
        ("podSignature", Shape::Struct { def: &POD_SIGNATURE, ptr: false }),
        ("evictionTime", Shape::Time { ptr: false }),
        ("reason", Shape::Text("string")),
        ("message", Shape::Text("string")),
    ],
};
/// `v1.AvoidPods`, what upstream's `GetAvoidPodsFromNodeAnnotations` decodes into.
const AVOID_PODS: Shape = Shape::Struct {
    def: &StructDef {
        name: "AvoidPods",
        type_name: "v1.AvoidPods",
        fields: &[("preferAvoidPods", Shape::Slice { name: "[]v1.PreferAvoidPodsEntry", elem: &ENTRY })],
    },
    ptr: false,
};
/// The internal `core.Taint`: no JSON tags, so its Go field names are its JSON names.
const TAINT: Shape = Shape::Struct {
    def: &StructDef {
        name: "Taint",
        type_name: "core.Taint",
        fields: &[
            ("Key", Shape::Text("string")),
            ("Value", Shape::Text("string")),
            ("Effect", Shape::Text("core.TaintEffect")),
            ("TimeAdded", Shape::Time { ptr: true }),
        ],
    },
    ptr: false,
};
/// `[]core.Taint`, what upstream's `GetTaintsFromNodeAnnotations` decodes into.
const TAINTS: Shape = Shape::Slice { name: "[]core.Taint", elem: &TAINT };

fn zero(shape: Shape) -> Decoded {
    match shape {
        Shape::Text(_) => Decoded::Text(String::new()),
        Shape::Time { ptr: false } => Decoded::Time(Time::ZERO),
        Shape::Struct { def, ptr: false } => Decoded::Struct(def.fields.iter().map(|(_, s)| zero(*s)).collect()),
        Shape::BoolPtr | Shape::Time { ptr: true } | Shape::Struct { ptr: true, .. } | Shape::Slice { .. } => {
            Decoded::Nil
        }
    }
}

fn field(d: &Decoded, i: usize) -> Option<&Decoded> {
    match d {
        Decoded::Struct(fields) => fields.get(i),
        _ => None,
    }
}

fn text_at(d: &Decoded, i: usize) -> &str {
    match field(d, i) {
        Some(Decoded::Text(s)) => s,
        _ => "",
    }
}

fn items(d: &Decoded) -> &[Decoded] {
    match d {
        Decoded::Items(v) => v,
        _ => &[],
    }
}

/// Decodes `text` as Go's `json.Unmarshal` decodes it into the type `shape` describes: the value,
/// or the error text Go's would return.
fn decode(text: &str, shape: &Shape) -> Result<Decoded, String> {
    let value = json::value::parse(text.as_bytes()).map_err(|e| e.to_string())?;
    let mut d = Decoder { saved: None, fields: Vec::new(), strukt: None };
    let mut out = zero(*shape);
    d.value(*shape, &value, &mut out)?;
    match d.saved {
        Some(msg) => Err(msg),
        None => Ok(out),
    }
}

/// Go's `decodeState`, as far as errors go: the first type mismatch (`saved`) and the error
/// context, the JSON names of the fields being decoded and the innermost struct's name.
struct Decoder {
    saved: Option<String>,
    fields: Vec<&'static str>,
    strukt: Option<&'static str>,
}

impl Decoder {
    /// Go's `UnmarshalTypeError` text in the current context.
    fn type_message(&self, found: &str, ty: &str) -> String {
        match self.strukt {
            Some(s) => format!(
                "json: cannot unmarshal {found} into Go struct field {s}.{} of type {ty}",
                self.fields.join(".")
            ),
            None => format!("json: cannot unmarshal {found} into Go value of type {ty}"),
        }
    }

    fn mismatch(&mut self, found: &Value, ty: &str) {
        if self.saved.is_none() {
            self.saved = Some(self.type_message(found.go_kind_name(), ty));
        }
    }

    /// Decodes `v` into `out`; an `Err` stops decoding (a time's own decoder failed).
    fn value(&mut self, shape: Shape, v: &Value, out: &mut Decoded) -> Result<(), String> {
        if matches!(v, Value::Null) {
            match shape {
                Shape::Time { ptr: false } => *out = Decoded::Time(Time::ZERO),
                Shape::BoolPtr | Shape::Time { ptr: true } | Shape::Struct { ptr: true, .. } | Shape::Slice { .. } => {
                    *out = Decoded::Nil
                }
                Shape::Text(_) | Shape::Struct { ptr: false, .. } => {}
            }
            return Ok(());
        }
        match shape {
            Shape::Text(ty) => match v {
                Value::String(s) => *out = Decoded::Text(s.clone()),
                _ => self.mismatch(v, ty),
            },
            Shape::BoolPtr => match v {
                Value::Bool(b) => *out = Decoded::Bool(*b),
                _ => {
                    // Go allocates the pointer before it finds the mismatch.
                    *out = Decoded::Bool(false);
                    self.mismatch(v, "bool");
                }
            },
            // `metav1.Time.UnmarshalJSON`: a string, parsed as RFC 3339; its errors end decoding.
            Shape::Time { .. } => match v {
                Value::String(s) => *out = Decoded::Time(Time::parse_rfc3339(s).map_err(|e| e.to_string())?),
                _ => return Err(self.type_message(v.go_kind_name(), "string")),
            },
            Shape::Struct { def, .. } => {
                if !matches!(out, Decoded::Struct(_)) {
                    *out = zero(Shape::Struct { def, ptr: false });
                }
                let Value::Object(members) = v else {
                    self.mismatch(v, def.type_name);
                    return Ok(());
                };
                let Decoded::Struct(fields) = out else { unreachable!("set to a struct above") };
                for (key, member) in members {
                    let Some(i) = def.fields.iter().position(|(name, _)| name == key).or_else(|| {
                        let folded = fold(key);
                        def.fields.iter().position(|(name, _)| fold(name) == folded)
                    }) else {
                        continue;
                    };
                    let (name, field_shape) = def.fields[i];
                    let outer = self.strukt.replace(def.name);
                    self.fields.push(name);
                    self.value(field_shape, member, &mut fields[i])?;
                    self.fields.pop();
                    self.strukt = outer;
                }
            }
            Shape::Slice { name, elem } => {
                let Value::Array(values) = v else {
                    self.mismatch(v, name);
                    return Ok(());
                };
                // Go decodes into the elements already there (a repeated key), then cuts the rest.
                let mut decoded = match std::mem::replace(out, Decoded::Nil) {
                    Decoded::Items(existing) => existing,
                    _ => Vec::new(),
                };
                decoded.truncate(values.len());
                for (i, item) in values.iter().enumerate() {
                    if i == decoded.len() {
                        decoded.push(zero(*elem));
                    }
                    self.value(*elem, item, &mut decoded[i])?;
                }
                *out = Decoded::Items(decoded);
            }
        }
        Ok(())
    }
}

/// Go's `foldName` for matching a key to a field: ASCII letters upper-cased, and the four
/// non-ASCII letters whose `ToUpper(ToLower(r))` is ASCII (`ſ`, `K`, `İ`, `ı`) mapped to it.
fn fold(s: &str) -> String {
    s.chars()
        .map(|c| match c {
            '\u{17F}' => 'S',
            '\u{212A}' => 'K',
            '\u{130}' | '\u{131}' => 'I',
            c => c.to_ascii_uppercase(),
        })
        .collect()
}

#[cfg(test)]
#[path = "node_annotations_tests.rs"]
mod tests;
