//! The field manager: server-side apply and `metadata.managedFields` as upstream's structured-merge-diff and fieldmanager keep them (ownership per manager, conflicts, `force`, removal of fields an applier drops).
//
// Ownership is a set of paths per manager entry (manager, operation, subresource, and for
// updates the API version). The shape of each node (a granular struct or map, a list merged as a
// set or by map keys, or a leaf owned whole: scalars and everything atomic) comes from the kind's
// schema through `MergeRules`, the facts the strategic merge already uses.
//
// - An apply gives the applier the field set of its configuration, merges the configuration
//   into the live object, removes what the applier owned before and no manager owns now, and
//   then compares the live object with the result: a field another manager owns whose value
//   changes (or appears) is a conflict, unless `force` moves it to the applier. Fields removed
//   leave every owner.
// - An update (create, update, patch) gives the manager's `Update` entry every field whose value
//   it changed or added, takes those fields from other managers and never conflicts.

use std::collections::HashMap;
use std::ops::Bound;

use kapi_api::meta::errors as api_errors;
use kapi_api::meta::v1::{
    CauseType, ManagedFieldsEntry, ManagedFieldsOperationType, StatusCause, StatusDetails, StatusReason,
};
use kapi_machinery::fieldpath::{self, Path, PathElement, Paths, Set};
use kapi_machinery::json::value::Value;
use kapi_machinery::schema::{FieldSchema, StructSchema, TypeSchema};
use kapi_machinery::types::{FieldsV1, Time};

use super::patch::{self, ListMerge, MergeRules, json_eq};
use super::strategy::status_metadata::ResetMetadata;
use crate::tracker::Error;

const APPLY: &str = "Apply";
const UPDATE: &str = "Update";

/// The most `Update` entries an object keeps (upstream's `DefaultMaxUpdateManagers`); older
/// ones are folded into one entry per version, named [`ANCIENT_CHANGES`].
const MAX_UPDATE_MANAGERS: usize = 10;
/// The manager of the folded entry.
const ANCIENT_CHANGES: &str = "ancient-changes";

/// The fields the server sets, which no manager owns (upstream's `stripMeta` set). Only these
/// exact paths are dropped: `metadata` itself, not the labels below it.
const STRIPPED: &[&[&str]] = &[
    &["apiVersion"],
    &["kind"],
    &["metadata"],
    &["metadata", "name"],
    &["metadata", "namespace"],
    &["metadata", "creationTimestamp"],
    &["metadata", "selfLink"],
    &["metadata", "uid"],
    &["metadata", "clusterName"],
    &["metadata", "generation"],
    &["metadata", "managedFields"],
    &["metadata", "resourceVersion"],
];

/// One manager's entry: who, by which operation and through which subresource, and what it owns.
#[derive(Debug, Clone)]
struct Entry {
    manager: String,
    operation: String,
    api_version: String,
    subresource: String,
    time: Option<Time>,
    set: Paths,
}

impl Entry {
    /// Whether two entries are the same manager: appliers are one manager whatever version
    /// they applied, updaters one per version, as upstream's manager identifiers say.
    fn same(&self, other: &Entry) -> bool {
        self.manager == other.manager
            && self.operation == other.operation
            && self.subresource == other.subresource
            && (self.operation == APPLY || self.api_version == other.api_version)
    }

    /// upstream's manager identifier: the entry without fields and time (and without the API
    /// version for appliers) as JSON; conflicts are sorted by it.
    fn identifier(&self) -> String {
        let text = |s: &str| String::from_utf8_lossy(&Value::String(s.to_owned()).to_compact_vec()).into_owned();
        let mut out = format!("{{\"manager\":{},\"operation\":{}", text(&self.manager), text(&self.operation));
        if self.operation != APPLY && !self.api_version.is_empty() {
            out.push_str(&format!(",\"apiVersion\":{}", text(&self.api_version)));
        }
        if !self.subresource.is_empty() {
            out.push_str(&format!(",\"subresource\":{}", text(&self.subresource)));
        }
        out.push('}');
        out
    }

    /// The manager as conflict messages name it: `"name"`, with the subresource, and for an
    /// updater the version it used.
    fn describe(&self) -> String {
        let quoted = |s: &str| String::from_utf8_lossy(&Value::String(s.to_owned()).to_compact_vec()).into_owned();
        let mut out = quoted(&self.manager);
        if !self.subresource.is_empty() {
            out.push_str(&format!(" with subresource {}", quoted(&self.subresource)));
        }
        if self.operation == UPDATE {
            out.push_str(&format!(" using {}", self.api_version));
        }
        out
    }
}

/// Reads `metadata.managedFields`; an error names the entry at fault.
fn decode(entries: &[ManagedFieldsEntry]) -> Result<Vec<Entry>, String> {
    let mut out: Vec<Entry> = Vec::with_capacity(entries.len());
    for (i, e) in entries.iter().enumerate() {
        let set = match &e.fields_v1 {
            None => Paths::new(),
            Some(_) if !e.fields_type.is_empty() && e.fields_type != "FieldsV1" => {
                return Err(format!(
                    "metadata.managedFields[{i}].fieldsType: unsupported value {:?}, only \"FieldsV1\" is known",
                    e.fields_type
                ));
            }
            Some(raw) => {
                Set::parse(&raw.raw).map_err(|err| format!("metadata.managedFields[{i}].fieldsV1: {err}"))?.to_paths()
            }
        };
        let entry = Entry {
            manager: e.manager.clone(),
            operation: e.operation.0.clone(),
            api_version: e.api_version.clone(),
            subresource: e.subresource.clone(),
            time: e.time,
            set,
        };
        // Two entries of one manager are one (the later one's time, both ones' fields).
        match out.iter_mut().find(|o| o.same(&entry)) {
            Some(prev) => {
                prev.set.extend(entry.set);
                prev.time = entry.time.or(prev.time);
            }
            None => out.push(entry),
        }
    }
    Ok(out)
}

/// Writes the entries as `metadata.managedFields`, in upstream's order (appliers first, then by
/// time, manager, version and subresource); managers that own nothing are dropped.
fn encode(mut entries: Vec<Entry>) -> Vec<ManagedFieldsEntry> {
    entries.retain(|e| !e.set.is_empty());
    entries.sort_by(|p, q| {
        p.operation
            .cmp(&q.operation)
            .then_with(|| p.time.map(|t| t.format_rfc3339()).cmp(&q.time.map(|t| t.format_rfc3339())))
            .then_with(|| p.manager.cmp(&q.manager))
            .then_with(|| p.api_version.cmp(&q.api_version))
            .then_with(|| p.subresource.cmp(&q.subresource))
    });
    entries
        .into_iter()
        .map(|e| ManagedFieldsEntry {
            manager: e.manager,
            operation: ManagedFieldsOperationType(e.operation),
            api_version: e.api_version,
            time: e.time,
            fields_type: "FieldsV1".into(),
            fields_v1: Some(FieldsV1 { raw: Set::from_paths(&e.set).render() }),
            subresource: e.subresource,
        })
        .collect()
}

/// Folds the oldest `Update` entries, beyond [`MAX_UPDATE_MANAGERS`], into one
/// `ancient-changes` entry per version (upstream's `capManagersManager`): the oldest of a version
/// becomes that entry, the next ones merge into it, and it takes the time of the last merged.
fn cap_updaters(managers: &mut Vec<Entry>) {
    let mut updaters: Vec<usize> = (0..managers.len()).filter(|&i| managers[i].operation != APPLY).collect();
    if updaters.len() <= MAX_UPDATE_MANAGERS {
        return;
    }
    let seconds = |e: &Entry| e.time.map(|t| t.format_rfc3339());
    updaters.sort_by(|&a, &b| {
        seconds(&managers[a])
            .cmp(&seconds(&managers[b]))
            .then_with(|| managers[a].identifier().cmp(&managers[b].identifier()))
    });
    let mut first_of_version: HashMap<String, usize> = HashMap::new();
    let mut dropped = vec![false; managers.len()];
    let mut length = updaters.len();
    for &i in &updaters {
        if length <= MAX_UPDATE_MANAGERS {
            break;
        }
        let version = managers[i].api_version.clone();
        let Some(&first) = first_of_version.get(&version) else {
            first_of_version.insert(version, i);
            continue;
        };
        let existing = (0..managers.len()).find(|&b| {
            !dropped[b]
                && managers[b].manager == ANCIENT_CHANGES
                && managers[b].operation == UPDATE
                && managers[b].subresource.is_empty()
                && managers[b].api_version == version
        });
        let bucket = existing.unwrap_or_else(|| {
            let e = &mut managers[first];
            e.manager = ANCIENT_CHANGES.to_owned();
            e.subresource.clear();
            first
        });
        if bucket == i {
            continue;
        }
        let merged = std::mem::take(&mut managers[i].set);
        managers[bucket].set.extend(merged);
        managers[bucket].time = managers[i].time;
        dropped[i] = true;
        length -= 1;
    }
    let mut index = 0;
    managers.retain(|_| {
        let keep = !dropped[index];
        index += 1;
        keep
    });
}

/// What the schema says of a node's type: its type and the field it is the value of (for the
/// facts written on fields: list types, atomic maps and structs).
#[derive(Clone, Copy, Default)]
struct Ty {
    ty: Option<&'static TypeSchema>,
    field: Option<&'static FieldSchema>,
}

/// How a node merges and is owned.
enum Shape {
    /// A scalar or anything atomic: owned whole.
    Leaf,
    /// A granular struct (`None`: a type the schema does not know, whose keys are all members).
    Struct(Option<&'static StructSchema>),
    /// A granular map of values of this type.
    Map(Option<&'static TypeSchema>),
    /// A list of scalars merged as a set.
    Set,
    /// A list of objects identified by these fields.
    Keyed(Vec<String>),
}

/// One child of a node: its path element, value, type, whether it is a named struct field
/// (owned through its descendants, not as a member) and the object key it adds to the
/// schema path.
type Child<'v> = (PathElement, &'v Value, Ty, bool, Option<String>);

/// The key element of a keyed list's item: its key fields, in name order. Items without any
/// key field cannot be addressed and are left alone.
fn item_key(item: &Value, keys: &[String]) -> Option<PathElement> {
    let mut fields: Vec<(String, Value)> =
        keys.iter().filter_map(|k| item.get(k).map(|v| (k.clone(), v.clone()))).collect();
    if fields.is_empty() {
        return None;
    }
    fields.sort_by(|a, b| a.0.cmp(&b.0));
    Some(PathElement::Key(fields))
}

/// Whether a set owns a path: as a member, or for a named struct field, through anything
/// below it (upstream's `EnsureNamedFieldsAreMembers`).
fn owns(set: &Paths, path: &Path, named: bool) -> bool {
    set.contains(path)
        || (named
            && set
                .range::<Path, _>((Bound::Excluded(path), Bound::Unbounded))
                .next()
                .is_some_and(|p| p.starts_with(path)))
}

/// Paths whose value was added, changed or removed between two objects.
#[derive(Default, Debug)]
struct Comparison {
    added: Paths,
    modified: Paths,
    removed: Paths,
}

/// The walks over objects by their schema.
struct Walker<'a> {
    rules: &'a MergeRules,
    /// The object keys from the top (list levels add none), as `MergeRules` addresses fields.
    keys: Vec<String>,
}

impl Walker<'_> {
    fn shape(&self, v: &Value, t: Ty) -> Shape {
        match v {
            Value::Array(_) => match self.rules.strategy(&self.keys, true) {
                Some(ListMerge::Key(keys)) => Shape::Keyed(keys),
                Some(ListMerge::Set) => Shape::Set,
                None => Shape::Leaf,
            },
            Value::Object(_) => match t.ty.map(TypeSchema::resolve) {
                Some(TypeSchema::Struct(s)) if s.atomic || t.field.is_some_and(|f| f.struct_atomic) => Shape::Leaf,
                Some(TypeSchema::Struct(s)) => Shape::Struct(Some(s)),
                Some(TypeSchema::Map(_)) if t.field.is_some_and(|f| f.map_atomic) => Shape::Leaf,
                Some(TypeSchema::Map(elem)) => Shape::Map(Some(elem)),
                Some(_) => Shape::Leaf,
                None => Shape::Struct(None),
            },
            _ => Shape::Leaf,
        }
    }

    /// The type of a member of a struct or map.
    fn member_ty(shape: &Shape, key: &str) -> (Ty, bool) {
        match shape {
            Shape::Struct(Some(s)) => match s.field(key) {
                Some(f) => (Ty { ty: Some(f.ty), field: Some(f) }, true),
                None => (Ty::default(), false),
            },
            Shape::Map(elem) => (Ty { ty: *elem, field: None }, false),
            _ => (Ty::default(), false),
        }
    }

    /// The type of a list's items (the field's facts stay, as they describe the items too).
    fn item_ty(t: Ty) -> Ty {
        let item = match t.ty.map(TypeSchema::resolve) {
            Some(TypeSchema::List(item)) => Some(*item),
            _ => None,
        };
        Ty { ty: item, field: t.field }
    }

    fn children<'v>(v: &'v Value, shape: &Shape, t: Ty) -> Vec<Child<'v>> {
        match (v, shape) {
            (Value::Object(members), Shape::Struct(_) | Shape::Map(_)) => members
                .iter()
                .map(|(k, child)| {
                    let (ct, named) = Self::member_ty(shape, k);
                    (PathElement::Field(k.clone()), child, ct, named, Some(k.clone()))
                })
                .collect(),
            (Value::Array(items), Shape::Set) => {
                items.iter().map(|i| (PathElement::Value(i.clone()), i, Self::item_ty(t), false, None)).collect()
            }
            (Value::Array(items), Shape::Keyed(keys)) => {
                items.iter().filter_map(|i| item_key(i, keys).map(|k| (k, i, Self::item_ty(t), false, None))).collect()
            }
            _ => Vec::new(),
        }
    }

    fn descend(&mut self, key: &Option<String>) {
        if let Some(k) = key {
            self.keys.push(k.clone());
        }
    }

    fn ascend(&mut self, key: &Option<String>) {
        if key.is_some() {
            self.keys.pop();
        }
    }

    /// The paths a configuration sets (upstream's `ToFieldSet`): leaves, list items and map
    /// entries; a struct field only when it is null or empty, as its descendants stand for it.
    fn field_set(&mut self, v: &Value, t: Ty, path: &mut Path, out: &mut Paths) {
        let shape = self.shape(v, t);
        if let Shape::Leaf = shape {
            if !path.is_empty() {
                out.insert(path.clone());
            }
            return;
        }
        for (elem, child, ct, named, key) in Self::children(v, &shape, t) {
            self.descend(&key);
            path.push(elem);
            self.field_set(child, ct, path, out);
            let empty = matches!(child, Value::Null) || matches!(child, Value::Object(m) if m.is_empty());
            if !named || empty {
                out.insert(path.clone());
            }
            path.pop();
            self.ascend(&key);
        }
    }

    /// What changed from `old` to `new` (upstream's `Compare`): leaves by value, and every node
    /// that appears or disappears.
    fn compare(&mut self, old: Option<&Value>, new: Option<&Value>, t: Ty, path: &mut Path, out: &mut Comparison) {
        fn not_null(v: Option<&Value>) -> Option<&Value> {
            v.filter(|v| !matches!(v, Value::Null))
        }
        let Some(probe) = not_null(new).or(not_null(old)).or(new).or(old) else { return };
        let shape = self.shape(probe, t);
        let clash = match (not_null(old), not_null(new)) {
            (Some(a), Some(b)) => std::mem::discriminant(a) != std::mem::discriminant(b),
            _ => false,
        };
        if matches!(shape, Shape::Leaf) || clash {
            if path.is_empty() {
                return;
            }
            match (old, new) {
                (None, Some(_)) => {
                    out.added.insert(path.clone());
                }
                (Some(_), None) => {
                    out.removed.insert(path.clone());
                }
                (Some(a), Some(b)) if !json_eq(a, b) => {
                    out.modified.insert(path.clone());
                }
                _ => {}
            }
            return;
        }
        let olds = old.map(|v| Self::children(v, &shape, t)).unwrap_or_default();
        let news = new.map(|v| Self::children(v, &shape, t)).unwrap_or_default();
        let mut new_by_elem: HashMap<String, usize> = HashMap::with_capacity(news.len());
        for (i, c) in news.iter().enumerate() {
            new_by_elem.entry(c.0.render()).or_insert(i);
        }
        let mut seen = vec![false; news.len()];
        let mut old_elems = std::collections::HashSet::with_capacity(olds.len());
        for (elem, child, ct, _, key) in &olds {
            let rendered = elem.render();
            if !old_elems.insert(rendered.clone()) {
                continue;
            }
            let matching = new_by_elem.get(&rendered).copied();
            if let Some(i) = matching {
                seen[i] = true;
            }
            self.descend(key);
            path.push(elem.clone());
            self.compare(Some(child), matching.map(|i| news[i].1), *ct, path, out);
            path.pop();
            self.ascend(key);
        }
        for (i, (elem, child, ct, _, key)) in news.iter().enumerate() {
            if seen[i] || new_by_elem.get(&elem.render()) != Some(&i) {
                continue;
            }
            self.descend(key);
            path.push(elem.clone());
            self.compare(None, Some(child), *ct, path, out);
            path.pop();
            self.ascend(key);
        }
        if !path.is_empty() {
            if old.is_none() {
                out.added.insert(path.clone());
            } else if new.is_none() {
                out.removed.insert(path.clone());
            }
        }
    }

    /// Removes from `v` what `last` owned and `owned` does not: the fields an applier stopped
    /// applying that no manager (the applier included) owns now.
    fn prune(&mut self, v: &mut Value, t: Ty, path: &mut Path, last: &Paths, owned: &Paths) {
        let shape = self.shape(v, t);
        match v {
            Value::Object(members) if matches!(shape, Shape::Struct(_) | Shape::Map(_)) => {
                let mut kept = Vec::with_capacity(members.len());
                for (k, mut child) in std::mem::take(members) {
                    let (ct, named) = Self::member_ty(&shape, &k);
                    path.push(PathElement::Field(k.clone()));
                    // Kept unless the applier owned it before and nobody owns it now.
                    if !owns(last, path, named) || owns(owned, path, named) {
                        self.keys.push(k.clone());
                        self.prune(&mut child, ct, path, last, owned);
                        self.keys.pop();
                        kept.push((k, child));
                    }
                    path.pop();
                }
                *members = kept;
            }
            Value::Array(items) if matches!(shape, Shape::Set | Shape::Keyed(_)) => {
                let it = Self::item_ty(t);
                let mut kept = Vec::with_capacity(items.len());
                for mut item in std::mem::take(items) {
                    let elem = match &shape {
                        Shape::Keyed(keys) => item_key(&item, keys),
                        _ => Some(PathElement::Value(item.clone())),
                    };
                    let Some(elem) = elem else {
                        kept.push(item);
                        continue;
                    };
                    path.push(elem);
                    if !owns(last, path, false) || owns(owned, path, false) {
                        self.prune(&mut item, it, path, last, owned);
                        kept.push(item);
                    }
                    path.pop();
                }
                *items = kept;
            }
            _ => {}
        }
    }
}

/// One manager's conflicting fields.
struct Conflicts<'e> {
    entry: &'e Entry,
    paths: Paths,
}

/// The `409 Conflict` upstream answers: one cause per field naming the manager, and the summary
/// message (`Apply failed with 1 conflict: conflict with "m": .spec.replicas`).
fn conflict_error(mut conflicts: Vec<Conflicts<'_>>) -> Error {
    conflicts.sort_by_key(|c| c.entry.identifier());
    let n: usize = conflicts.iter().map(|c| c.paths.len()).sum();
    let mut causes = Vec::with_capacity(n);
    for c in &conflicts {
        for p in iterate(&c.paths) {
            causes.push(StatusCause {
                r#type: CauseType(CauseType::FIELD_MANAGER_CONFLICT.into()),
                message: format!("conflict with {}", c.entry.describe()),
                field: fieldpath::display(&p),
            });
        }
    }
    let message = if n == 1 {
        format!("Apply failed with 1 conflict: {}: {}", causes[0].message, causes[0].field)
    } else {
        let mut lines = Vec::new();
        for c in &conflicts {
            lines.push(format!("conflicts with {}:", c.entry.describe()));
            lines.extend(iterate(&c.paths).iter().map(|p| format!("- {}", fieldpath::display(p))));
        }
        format!("Apply failed with {n} conflicts: {}", lines.join("\n"))
    };
    let details = StatusDetails { causes, ..StatusDetails::default() };
    api_errors::into_error(api_errors::failure(409, StatusReason::CONFLICT, message, Some(details)))
}

/// A set's paths in upstream's iteration order: at each node the members directly below it,
/// then each child's subtree.
fn iterate(paths: &Paths) -> Vec<Path> {
    fn walk(set: &Set, path: &mut Path, out: &mut Vec<Path>) {
        for (elem, sub) in &set.children {
            if sub.itself || sub.children.is_empty() {
                path.push(elem.clone());
                out.push(path.clone());
                path.pop();
            }
        }
        for (elem, sub) in &set.children {
            if !sub.children.is_empty() {
                path.push(elem.clone());
                walk(sub, path, out);
                path.pop();
            }
        }
    }
    let mut out = Vec::with_capacity(paths.len());
    walk(&Set::from_paths(paths), &mut Vec::new(), &mut out);
    out
}

/// Removes `metadata.managedFields` from an object's document: ownership is kept beside it.
pub(super) fn without_managed_fields(mut doc: Value) -> Value {
    if let Value::Object(top) = &mut doc
        && let Some((_, Value::Object(meta))) = top.iter_mut().find(|(k, _)| k == "metadata")
    {
        meta.retain(|(k, _)| k != "managedFields");
    }
    doc
}

/// The field manager of one write.
pub(super) struct FieldManager<'a> {
    /// How the kind's lists merge, and its schema.
    pub(super) rules: &'a MergeRules,
    /// The version written, recorded in the entries.
    pub(super) api_version: String,
    /// The subresource written (`status`), if any.
    pub(super) subresource: Option<&'a str>,
    /// Whether the resource has a `status` subresource, which the main resource does not write.
    pub(super) has_status: bool,
    /// What of the metadata a write to the subresource cannot own (its strategy's reset
    /// fields).
    pub(super) reset_metadata: ResetMetadata,
}

/// The outcome of an apply: the merged object and the managed fields to store with it.
#[derive(Debug)]
pub(super) struct Applied {
    pub(super) object: Value,
    pub(super) managed_fields: Vec<ManagedFieldsEntry>,
}

impl FieldManager<'_> {
    /// Fields the write cannot own (upstream's reset fields): `status` through the main
    /// resource of a kind with a status subresource; through a subresource, the metadata its
    /// strategy resets, and through `status` everything else but the status, through pods'
    /// `ephemeralcontainers` and `resize` everything but what their strategies' include filters
    /// (`GetResetFieldsFilter`) match.
    fn ignored(&self, path: &Path) -> bool {
        let Some(PathElement::Field(top)) = path.first() else { return false };
        let field = |i: usize, names: &[&str]| matches!(path.get(i), Some(PathElement::Field(f)) if names.contains(&f.as_str()));
        if top == "metadata" && self.subresource.is_some() {
            return match (self.reset_metadata, path.get(1)) {
                (ResetMetadata::All, _) => true,
                (ResetMetadata::Members(reset), Some(PathElement::Field(member))) => reset.contains(&member.as_str()),
                (ResetMetadata::Members(_), _) => false,
            };
        }
        match self.subresource {
            Some("status") => top != "status",
            // `spec.ephemeralContainers` and what is under it.
            Some("ephemeralcontainers") => !(top == "spec" && field(1, &["ephemeralContainers"])),
            // `spec.containers[*].resources`, `…resizePolicy` and the same of the init containers.
            Some("resize") => {
                !(top == "spec"
                    && field(1, &["containers", "initContainers"])
                    && path.get(2).is_some()
                    && field(3, &["resources", "resizePolicy"]))
            }
            Some(_) => false,
            None => self.has_status && top == "status",
        }
    }

    fn filter(&self, set: &mut Paths) {
        set.retain(|p| !self.ignored(p));
    }

    fn strip(set: &mut Paths) {
        for stripped in STRIPPED {
            let path: Path = stripped.iter().map(|s| PathElement::Field((*s).to_owned())).collect();
            set.remove(&path);
        }
    }

    fn walker(&self) -> Walker<'_> {
        Walker { rules: self.rules, keys: Vec::new() }
    }

    fn root(&self) -> Ty {
        Ty { ty: self.rules.root(), field: None }
    }

    fn compare(&self, old: &Value, new: &Value) -> Comparison {
        let mut out = Comparison::default();
        self.walker().compare(Some(old), Some(new), self.root(), &mut Vec::new(), &mut out);
        self.filter(&mut out.added);
        self.filter(&mut out.modified);
        self.filter(&mut out.removed);
        out
    }

    fn entry(&self, manager: &str, operation: &str) -> Entry {
        Entry {
            manager: manager.to_owned(),
            operation: operation.to_owned(),
            api_version: self.api_version.clone(),
            subresource: self.subresource.unwrap_or_default().to_owned(),
            time: None,
            set: Paths::new(),
        }
    }

    /// Applies `config` for `manager` to `live` (`None`: the object is created, from `empty`,
    /// the kind's zero value) whose managed fields are `managed`. Conflicts fail with `409`
    /// unless `force`.
    pub(super) fn apply(
        &self,
        live: Option<&Value>,
        empty: &Value,
        managed: &[ManagedFieldsEntry],
        config: &Value,
        manager: &str,
        force: bool,
    ) -> Result<Applied, Error> {
        if config.get("metadata").and_then(|m| m.get("managedFields")).is_some_and(|v| !matches!(v, Value::Null)) {
            return Err(api_errors::bad_request("metadata.managedFields must be nil"));
        }
        let mut managers =
            decode(managed).map_err(|e| api_errors::internal(&format!("failed to decode managed fields: {e}")))?;
        let live = without_managed_fields(live.unwrap_or(empty).clone());
        let mut merged = patch::apply_merge(live.clone(), config, self.rules).map_err(super::call::patch_error)?;

        let mut me = self.entry(manager, APPLY);
        self.walker().field_set(config, self.root(), &mut Vec::new(), &mut me.set);
        self.filter(&mut me.set);
        let last = managers.iter().position(|e| e.same(&me)).map(|i| managers.remove(i));
        if let Some(last) = last.as_ref().filter(|l| !l.set.is_empty()) {
            let mut owned = me.set.clone();
            for e in &managers {
                owned.extend(e.set.iter().cloned());
            }
            self.walker().prune(&mut merged, self.root(), &mut Vec::new(), &last.set, &owned);
        }

        let diff = self.compare(&live, &merged);
        let changed: Paths = diff.added.union(&diff.modified).cloned().collect();
        let conflicts: Vec<Conflicts<'_>> = managers
            .iter()
            .map(|e| Conflicts { entry: e, paths: e.set.intersection(&changed).cloned().collect() })
            .filter(|c| !c.paths.is_empty())
            .collect();
        if !force && !conflicts.is_empty() {
            return Err(conflict_error(conflicts));
        }
        for e in &mut managers {
            e.set.retain(|p| !changed.contains(p) && !diff.removed.contains(p));
        }
        Self::strip(&mut me.set);
        let unchanged = json_eq(&live, &merged);
        // upstream stamps the applier's entry only when the object changed.
        me.time = if unchanged { last.and_then(|l| l.time) } else { Some(Time::now()) };
        managers.push(me);
        Ok(Applied { object: merged, managed_fields: encode(managers) })
    }

    /// The managed fields after `manager` wrote `new` over `live` (`None`: a create, over
    /// `empty`). As upstream lets clients edit them, the managed fields sent with `new` replace
    /// the live ones when they decode and are not empty, and a reset (`sent_empty_list`: the
    /// request's object had `managedFields: []`, or a list of one empty entry) starts from none;
    /// otherwise the live ones are kept, so clients unaware of the field do not wipe it. A
    /// subresource write always starts from the live ones. Live managed fields that do not
    /// decode are dropped, as upstream's `UpdateNoErrors` does.
    pub(super) fn update(
        &self,
        live: Option<(&Value, &[ManagedFieldsEntry])>,
        empty: &Value,
        new: (&Value, &[ManagedFieldsEntry]),
        sent_empty_list: bool,
        manager: &str,
    ) -> Result<Vec<ManagedFieldsEntry>, Error> {
        let from_request = self.subresource.is_none();
        let reset = sent_empty_list || (new.1.len() == 1 && new.1[0] == ManagedFieldsEntry::default());
        let sent = if from_request { decode(new.1).ok().filter(|m| !m.is_empty()) } else { None };
        let mut managers = match sent {
            _ if from_request && reset => Vec::new(),
            Some(m) => m,
            None => match decode(live.map(|l| l.1).unwrap_or_default()) {
                Ok(m) => m,
                Err(_) => return Ok(Vec::new()),
            },
        };
        let old = without_managed_fields(live.map_or(empty, |l| l.0).clone());
        let new = without_managed_fields(new.0.clone());
        let diff = self.compare(&old, &new);
        let mut changed: Paths = diff.added.union(&diff.modified).cloned().collect();
        for e in &mut managers {
            e.set.retain(|p| !changed.contains(p) && !diff.removed.contains(p));
        }
        Self::strip(&mut changed);
        let mut me = self.entry(manager, UPDATE);
        let prev = managers.iter().position(|e| e.same(&me)).map(|i| managers.remove(i));
        if let Some(prev) = &prev {
            me.set.clone_from(&prev.set);
            me.time = prev.time;
        }
        if !changed.is_empty() {
            me.set.extend(changed);
            me.time = Some(Time::now());
        }
        managers.push(me);
        cap_updaters(&mut managers);
        Ok(encode(managers))
    }
}

/// The manager of a write without `fieldManager`: the user agent up to its first `/`, as
/// upstream names it (`kubectl`, `kube-controller-manager`).
pub(super) fn default_manager(user_agent: Option<&str>) -> String {
    user_agent.unwrap_or_default().split('/').next().unwrap_or_default().to_owned()
}

#[cfg(test)]
mod tests {
    use super::*;
    use kapi_machinery::json::value;
    use kapi_machinery::schema::HasSchema;

    fn v(s: &str) -> Value {
        value::parse(s.as_bytes()).unwrap()
    }

    fn deployments() -> MergeRules {
        MergeRules::of(<kapi_api::apps::v1::Deployment as HasSchema>::schema())
    }

    fn fm(rules: &MergeRules) -> FieldManager<'_> {
        FieldManager {
            rules,
            api_version: "apps/v1".into(),
            subresource: None,
            has_status: true,
            reset_metadata: ResetMetadata::Members(&[]),
        }
    }

    fn fields(e: &ManagedFieldsEntry) -> String {
        String::from_utf8(e.fields_v1.as_ref().unwrap().raw.clone()).unwrap()
    }

    #[test]
    fn apply_field_set_follows_upstream() {
        let rules = deployments();
        let config = v(
            r#"{"apiVersion":"apps/v1","kind":"Deployment","metadata":{"name":"web","labels":{"app":"web"}},"spec":{"replicas":2,"selector":{"matchLabels":{"app":"web"}},"template":{"spec":{"containers":[{"name":"app","image":"nginx","ports":[{"containerPort":80,"protocol":"TCP"}]}]}}}}"#,
        );
        let out = fm(&rules).apply(None, &v("{}"), &[], &config, "m", false).unwrap();
        assert_eq!(out.managed_fields.len(), 1);
        assert_eq!(
            fields(&out.managed_fields[0]),
            r#"{"f:metadata":{"f:labels":{"f:app":{}}},"f:spec":{"f:replicas":{},"f:selector":{},"f:template":{"f:spec":{"f:containers":{"k:{\"name\":\"app\"}":{".":{},"f:image":{},"f:name":{},"f:ports":{"k:{\"containerPort\":80,\"protocol\":\"TCP\"}":{".":{},"f:containerPort":{},"f:protocol":{}}}}}}}}}"#
        );
        // A configuration with only the name owns nothing, so no entry is written.
        let bare = v(r#"{"apiVersion":"apps/v1","kind":"Deployment","metadata":{"name":"web"}}"#);
        assert!(fm(&rules).apply(None, &v("{}"), &[], &bare, "m", false).unwrap().managed_fields.is_empty());
    }

    #[test]
    fn a_subresource_write_owns_what_its_strategy_does_not_reset() {
        let rules = deployments();
        let field = |s: &str| PathElement::Field(s.to_owned());
        let path = |p: &[&str]| -> Path { p.iter().map(|s| field(s)).collect() };
        let label = path(&["metadata", "labels", "a"]);
        let annotation = path(&["metadata", "annotations", "a"]);
        let generate_name = path(&["metadata", "generateName"]);
        // Deployments' status strategy resets the labels only.
        let f = FieldManager {
            subresource: Some("status"),
            reset_metadata: ResetMetadata::Members(&["labels"]),
            ..fm(&rules)
        };
        assert!(f.ignored(&label));
        assert!(!f.ignored(&annotation));
        assert!(!f.ignored(&generate_name));
        assert!(f.ignored(&path(&["spec", "replicas"])));
        assert!(!f.ignored(&path(&["status", "replicas"])));
        // A strategy that resets the whole metadata: none of it, its other members included.
        let f = FieldManager { subresource: Some("status"), reset_metadata: ResetMetadata::All, ..fm(&rules) };
        assert!(f.ignored(&annotation));
        assert!(f.ignored(&generate_name));
        assert!(f.ignored(&path(&["metadata"])));
        // The main resource owns its metadata whatever the status strategy does.
        let f = FieldManager { reset_metadata: ResetMetadata::All, ..fm(&rules) };
        assert!(!f.ignored(&label));
        // The pods' include filters: only what the subresource writes.
        let f =
            FieldManager { subresource: Some("ephemeralcontainers"), reset_metadata: ResetMetadata::All, ..fm(&rules) };
        assert!(!f.ignored(&path(&["spec", "ephemeralContainers"])));
        assert!(f.ignored(&path(&["spec", "containers"])));
        assert!(f.ignored(&label));
        let key = PathElement::Key(vec![("name".into(), Value::String("c".into()))]);
        let container = |list: &str, member: &str| -> Path {
            vec![field("spec"), field(list), key.clone(), field(member), field("limits")]
        };
        let f = FieldManager { subresource: Some("resize"), reset_metadata: ResetMetadata::All, ..fm(&rules) };
        assert!(!f.ignored(&container("containers", "resources")));
        assert!(!f.ignored(&container("initContainers", "resizePolicy")));
        assert!(f.ignored(&container("containers", "image")));
        assert!(f.ignored(&container("ephemeralContainers", "resources")));
        assert!(f.ignored(&path(&["spec", "containers"])));
    }

    #[test]
    fn conflicts_force_and_removal() {
        let rules = deployments();
        let f = fm(&rules);
        let a = v(
            r#"{"apiVersion":"apps/v1","kind":"Deployment","metadata":{"name":"d"},"spec":{"replicas":2,"paused":true}}"#,
        );
        let first = f.apply(None, &v("{}"), &[], &a, "a", false).unwrap();
        let b = v(
            r#"{"apiVersion":"apps/v1","kind":"Deployment","metadata":{"name":"d"},"spec":{"replicas":3,"minReadySeconds":4}}"#,
        );
        let err = f.apply(Some(&first.object), &v("{}"), &first.managed_fields, &b, "b", false).unwrap_err();
        let status = api_errors::status_of(&err);
        assert_eq!(status.code, 409);
        assert_eq!(status.message, r#"Apply failed with 1 conflict: conflict with "a": .spec.replicas"#);
        let forced = f.apply(Some(&first.object), &v("{}"), &first.managed_fields, &b, "b", true).unwrap();
        assert_eq!(forced.object.get("spec").unwrap().get("replicas"), Some(&v("3")));
        let by = |m: &str| forced.managed_fields.iter().find(|e| e.manager == m).map(fields);
        assert_eq!(by("a").as_deref(), Some(r#"{"f:spec":{"f:paused":{}}}"#));
        assert_eq!(by("b").as_deref(), Some(r#"{"f:spec":{"f:minReadySeconds":{},"f:replicas":{}}}"#));
        // `a` drops `paused`, which nobody else owns: it goes.
        let a2 = v(r#"{"apiVersion":"apps/v1","kind":"Deployment","metadata":{"name":"d"},"spec":{"replicas":3}}"#);
        let out = f.apply(Some(&forced.object), &v("{}"), &forced.managed_fields, &a2, "a", false).unwrap();
        assert!(out.object.get("spec").unwrap().get("paused").is_none());
        assert_eq!(out.object.get("spec").unwrap().get("minReadySeconds"), Some(&v("4")));
    }

    #[test]
    fn update_takes_ownership_and_merges_its_entry() {
        let rules = deployments();
        let f = fm(&rules);
        let a = v(r#"{"apiVersion":"apps/v1","kind":"Deployment","metadata":{"name":"d"},"spec":{"replicas":2}}"#);
        let applied = f.apply(None, &v("{}"), &[], &a, "a", false).unwrap();
        let new = v(r#"{"metadata":{"name":"d","labels":{"x":"1"}},"spec":{"replicas":5}}"#);
        let mf = f
            .update(Some((&applied.object, &applied.managed_fields)), &v("{}"), (&new, &[]), false, "kubectl")
            .unwrap();
        assert_eq!(mf.len(), 1);
        assert_eq!(mf[0].operation.0, "Update");
        assert_eq!(fields(&mf[0]), r#"{"f:metadata":{"f:labels":{".":{},"f:x":{}}},"f:spec":{"f:replicas":{}}}"#);
        let newer = v(r#"{"metadata":{"name":"d","labels":{"x":"1"}},"spec":{"replicas":5,"paused":true}}"#);
        let mf2 = f.update(Some((&new, &mf)), &v("{}"), (&newer, &[]), false, "kubectl").unwrap();
        assert_eq!(mf2.len(), 1);
        assert_eq!(
            fields(&mf2[0]),
            r#"{"f:metadata":{"f:labels":{".":{},"f:x":{}}},"f:spec":{"f:paused":{},"f:replicas":{}}}"#
        );
        // A reset (one empty entry, or an empty list sent) clears them; no list sent keeps them.
        let reset = [ManagedFieldsEntry::default()];
        assert!(f.update(Some((&newer, &mf2)), &v("{}"), (&newer, &reset), false, "k").unwrap().is_empty());
        assert!(f.update(Some((&newer, &mf2)), &v("{}"), (&newer, &[]), true, "k").unwrap().is_empty());
        assert_eq!(f.update(Some((&newer, &mf2)), &v("{}"), (&newer, &[]), false, "k").unwrap().len(), 1);
        // Live managed fields that do not decode are dropped, not an error.
        let bad = [ManagedFieldsEntry {
            fields_v1: Some(FieldsV1 { raw: b"{\"x\":{}}".to_vec() }),
            ..ManagedFieldsEntry::default()
        }];
        assert!(f.update(Some((&newer, &bad)), &v("{}"), (&newer, &[]), false, "k").unwrap().is_empty());
    }

    #[test]
    fn wide_objects_stay_fast() {
        let rules = deployments();
        let f = fm(&rules);
        let n = 5_000;
        let config = |count: usize| {
            let labels: Vec<String> = (0..count).map(|i| format!("\"l{i}\":\"v\"")).collect();
            let containers: Vec<String> =
                (0..count).map(|i| format!("{{\"name\":\"c{i}\",\"image\":\"x\"}}")).collect();
            v(&format!(
                r#"{{"apiVersion":"apps/v1","kind":"Deployment","metadata":{{"name":"d","labels":{{{}}}}},"spec":{{"template":{{"spec":{{"containers":[{}]}}}}}}}}"#,
                labels.join(","),
                containers.join(",")
            ))
        };
        let started = std::time::Instant::now();
        let first = f.apply(None, &v("{}"), &[], &config(n), "m", false).unwrap();
        let second = f.apply(Some(&first.object), &v("{}"), &first.managed_fields, &config(n / 2), "m", false).unwrap();
        let elapsed = started.elapsed();
        // Quadratic walks take minutes here; these take well under a second even unoptimized.
        assert!(elapsed < std::time::Duration::from_secs(30), "{elapsed:?}");
        let labels = second.object.get("metadata").and_then(|m| m.get("labels"));
        assert!(matches!(labels, Some(Value::Object(m)) if m.len() == n / 2));
        let containers = second.object.get("spec").and_then(|s| s.get("template")).and_then(|t| t.get("spec"));
        assert!(matches!(containers.and_then(|s| s.get("containers")), Some(Value::Array(c)) if c.len() == n / 2));
    }

    #[test]
    fn update_managers_are_capped_at_ten() {
        let rules = deployments();
        let f = fm(&rules);
        let mut doc = v(r#"{"metadata":{"name":"d","labels":{}}}"#);
        let mut mf = Vec::new();
        for i in 0..11 {
            let mut next = doc.clone();
            let Some(Value::Object(labels)) = (match &mut next {
                Value::Object(top) => top.iter_mut().find(|(k, _)| k == "metadata").and_then(|(_, m)| match m {
                    Value::Object(m) => m.iter_mut().find(|(k, _)| k == "labels").map(|(_, l)| l),
                    _ => None,
                }),
                _ => None,
            }) else {
                panic!("labels")
            };
            labels.push((format!("l{i:02}"), Value::String("x".into())));
            mf = f.update(Some((&doc, &mf)), &v("{}"), (&next, &[]), false, &format!("m{i:02}")).unwrap();
            doc = next;
        }
        assert_eq!(mf.len(), 10);
        let ancient: Vec<&ManagedFieldsEntry> = mf.iter().filter(|e| e.manager == "ancient-changes").collect();
        assert_eq!(ancient.len(), 1);
        assert_eq!(ancient[0].operation.0, "Update");
        assert_eq!(fields(ancient[0]), r#"{"f:metadata":{"f:labels":{"f:l00":{},"f:l01":{}}}}"#);
        assert!(!mf.iter().any(|e| e.manager == "m00" || e.manager == "m01"));
        assert!(mf.iter().any(|e| e.manager == "m10"));
    }

    #[test]
    fn default_manager_is_the_user_agent_binary() {
        assert_eq!(default_manager(Some("kubectl/v1.31.0 (linux/amd64) kubernetes/abc")), "kubectl");
        assert_eq!(default_manager(None), "");
    }
}
