//! Upstream's human-readable printers (`kubectl get` columns): for each kind kube-apiserver prints, its column definitions and the cells of one object, computed on the versioned types.
//!
//! kube-apiserver answers `Accept: application/json;as=Table;g=meta.k8s.io;v=v1` with a `Table`
//! whose columns and cells come from `pkg/printers/internalversion` (`AddHandlers` and the
//! `print*` functions); a test server that wants kubectl to print what it prints against a real
//! cluster needs the same facts. [`print()`] answers for any object of the enabled groups, or `None`
//! for kinds upstream has no printer for (servers then use the default `Name`/`Created At` table,
//! [`DEFAULT_COLUMNS`]). Every column is computed ("wide" output): clients hide the columns of
//! priority 1 unless asked (`-o wide`).
//!
//! Ages are relative to a `now` the caller passes in (Unix seconds), so the cells are a pure
//! function of the object and the clock.

use kapi_machinery::Object;
use kapi_machinery::types::Time;

use crate::meta::v1::{LabelSelector, ObjectMeta};

/// Writes a printer module's `print` over that module's `printers!` macro: each listed kind of
/// each enabled group version is tried in turn and printed by `printers!(@print Kind, o, now)`.
#[cfg(any(
    feature = "apps",
    feature = "extensions",
    feature = "networking",
    feature = "rbac",
    feature = "storage",
    feature = "policy",
    feature = "coordination",
    feature = "scheduling"
))]
macro_rules! print_each_kind {
    ($printer:ident; $($feature:literal: $m:path { $($kind:ident),* })*) => {
        pub(super) fn print(any: &dyn Any, now: i64) -> Option<Printed> {
            $(
                #[cfg(feature = $feature)]
                {
                    use $m as m;
                    $(
                        if let Some(o) = any.downcast_ref::<m::$kind>() {
                            return Some($printer!(@print $kind, o, now));
                        }
                    )*
                }
            )*
            let _ = (any, now);
            None
        }
    };
}

#[cfg(feature = "admissionregistration")]
mod admission;
#[cfg(feature = "apiregistration")]
mod aggregator;
#[cfg(any(feature = "apps", feature = "extensions"))]
mod apps;
#[cfg(feature = "autoscaling")]
mod autoscaling;
#[cfg(feature = "batch")]
mod batch;
#[cfg(any(
    feature = "core",
    feature = "certificates",
    feature = "node",
    feature = "discovery",
    feature = "flowcontrol",
    feature = "apiserverinternal",
    feature = "resource",
    feature = "networking",
    feature = "coordination"
))]
mod cluster;
#[cfg(feature = "core")]
mod core;
#[cfg(any(
    feature = "networking",
    feature = "rbac",
    feature = "storage",
    feature = "policy",
    feature = "coordination",
    feature = "scheduling"
))]
mod others;
#[cfg(feature = "core")]
mod volumes;

/// One column of a kind's table, as upstream defines it (`metav1.TableColumnDefinition`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Column {
    /// The name as upstream spells it (`Up-to-date`); kubectl prints it upper-cased.
    pub name: &'static str,
    /// The OpenAPI type of the cells: `string`, `integer`, `number`, `boolean` or `date`.
    pub r#type: &'static str,
    /// `name` for the column naming the object, otherwise empty.
    pub format: &'static str,
    /// What the column shows.
    pub description: &'static str,
    /// 0 for the default output, 1 for the columns `-o wide` adds.
    pub priority: i32,
}

/// A column shown by default.
#[cfg_attr(not(feature = "core"), allow(dead_code, reason = "the printers of the enabled groups use it"))]
const fn col(name: &'static str, r#type: &'static str, description: &'static str) -> Column {
    Column { name, r#type, format: "", description, priority: 0 }
}

/// A column `-o wide` adds.
#[cfg_attr(not(feature = "core"), allow(dead_code, reason = "the printers of the enabled groups use it"))]
const fn wide(name: &'static str, r#type: &'static str, description: &'static str) -> Column {
    Column { name, r#type, format: "", description, priority: 1 }
}

/// The `Name` column every printer starts with.
const NAME: Column = Column {
    name: "Name",
    r#type: "string",
    format: "name",
    description: "The object's name, unique within its namespace.",
    priority: 0,
};

/// The `Age` column.
#[cfg_attr(not(feature = "core"), allow(dead_code, reason = "the printers of the enabled groups use it"))]
const AGE: Column = col("Age", "string", "The time since the object was created.");

/// The columns of kinds without a printer (upstream's `DefaultTableConvertor`).
pub const DEFAULT_COLUMNS: &[Column] = &[
    NAME,
    Column { name: "Created At", r#type: "date", format: "", description: "When the object was created.", priority: 0 },
];

/// One cell: upstream's cells are Go strings, integers, floats, booleans or nil, written as
/// JSON (floats and nil come from custom resources' printer columns).
#[derive(Clone, Debug, PartialEq)]
pub enum Cell {
    /// A Go `string`, already formatted: names, ages, joined lists, `<none>`.
    Str(String),
    /// A Go integer (`int`, `int32`, `int64`): replica and node counts, a PriorityClass's value.
    Int(i64),
    /// A `float64`: only from a custom resource's `number` printer column.
    Float(f64),
    /// A Go `bool`: a PriorityClass's `Global-Default`, a CSIDriver's `AttachRequired`.
    Bool(bool),
    /// Go's `nil`: a custom resource's printer column whose JSONPath finds nothing, or a value
    /// not of the column's type.
    Null,
}

impl From<String> for Cell {
    fn from(s: String) -> Self {
        Cell::Str(s)
    }
}

impl From<&str> for Cell {
    fn from(s: &str) -> Self {
        Cell::Str(s.to_owned())
    }
}

impl From<i64> for Cell {
    fn from(n: i64) -> Self {
        Cell::Int(n)
    }
}

impl From<i32> for Cell {
    fn from(n: i32) -> Self {
        Cell::Int(i64::from(n))
    }
}

impl From<bool> for Cell {
    fn from(b: bool) -> Self {
        Cell::Bool(b)
    }
}

impl Cell {
    /// The cell as JSON, as it goes into a `TableRow`'s `cells`.
    pub fn to_json(&self) -> Vec<u8> {
        match self {
            Cell::Str(s) => {
                let mut out = Vec::with_capacity(s.len() + 2);
                kapi_machinery::json::value::Value::String(s.clone()).write_compact(&mut out);
                out
            }
            Cell::Int(n) => n.to_string().into_bytes(),
            // A float that JSON cannot carry (never one parsed from JSON) is written as null.
            Cell::Float(f) => {
                kapi_machinery::json::format_go_float(*f, false).unwrap_or_else(|| "null".into()).into_bytes()
            }
            Cell::Bool(b) => b.to_string().into_bytes(),
            Cell::Null => b"null".to_vec(),
        }
    }
}

/// A row condition (`metav1.TableRowCondition`): upstream marks finished pods `Completed`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RowCondition {
    /// The condition type; upstream defines only `Completed`.
    pub r#type: &'static str,
    /// `True`, `False` or `Unknown`, as in `metav1.ConditionStatus`.
    pub status: &'static str,
    /// Machine-readable cause: for `Completed`, the pod's phase (`Succeeded` or `Failed`).
    pub reason: String,
    /// A sentence for people; upstream's printers only ever write fixed ones.
    pub message: &'static str,
}

/// What a printer makes of one object.
#[derive(Clone, Debug, PartialEq)]
pub struct Printed {
    /// The kind's columns (the same for every object of the kind).
    pub columns: &'static [Column],
    /// One cell per column.
    pub cells: Vec<Cell>,
    /// The row's `conditions` in the `Table`; empty except for pods that have finished.
    pub conditions: Vec<RowCondition>,
}

impl Printed {
    #[cfg_attr(not(feature = "core"), allow(dead_code, reason = "the printers of the enabled groups use it"))]
    fn new(columns: &'static [Column], cells: Vec<Cell>) -> Self {
        debug_assert_eq!(columns.len(), cells.len(), "a printer fills every column");
        Printed { columns, cells, conditions: Vec::new() }
    }
}

/// The columns and cells of an object, or `None` when upstream has no printer for its kind.
pub fn print(obj: &dyn Object, now: i64) -> Option<Printed> {
    let any = obj.as_any();
    #[cfg(feature = "core")]
    if let Some(p) = core::print(any, now) {
        return Some(p);
    }
    #[cfg(any(feature = "apps", feature = "extensions"))]
    if let Some(p) = apps::print(any, now) {
        return Some(p);
    }
    #[cfg(feature = "batch")]
    if let Some(p) = batch::print(any, now) {
        return Some(p);
    }
    #[cfg(feature = "autoscaling")]
    if let Some(p) = autoscaling::print(any, now) {
        return Some(p);
    }
    #[cfg(any(
        feature = "networking",
        feature = "rbac",
        feature = "storage",
        feature = "policy",
        feature = "coordination",
        feature = "scheduling"
    ))]
    if let Some(p) = others::print(any, now) {
        return Some(p);
    }
    #[cfg(feature = "core")]
    if let Some(p) = volumes::print(any, now) {
        return Some(p);
    }
    #[cfg(feature = "admissionregistration")]
    if let Some(p) = admission::print(any, now) {
        return Some(p);
    }
    #[cfg(any(
        feature = "core",
        feature = "certificates",
        feature = "node",
        feature = "discovery",
        feature = "flowcontrol",
        feature = "apiserverinternal",
        feature = "resource",
        feature = "networking",
        feature = "coordination"
    ))]
    if let Some(p) = cluster::print(any, now) {
        return Some(p);
    }
    #[cfg(feature = "apiregistration")]
    if let Some(p) = aggregator::print(any, now) {
        return Some(p);
    }
    let _ = (any, now);
    None
}

/// An optional string as upstream prints it: `<unset>` when absent.
#[cfg_attr(not(feature = "core"), allow(dead_code, reason = "the printers of the enabled groups use it"))]
fn or_unset(s: Option<&str>) -> String {
    s.map_or_else(|| "<unset>".to_owned(), str::to_owned)
}

/// The cells of the default table: the name and the creation time in RFC 3339.
pub fn default_cells(meta: &ObjectMeta) -> Vec<Cell> {
    vec![meta.name.clone().into(), meta.creation_timestamp.format_rfc3339().into()]
}

/// Upstream's `duration.HumanDuration`: about two significant figures, `0s` for a clock a
/// second behind, `<invalid>` for anything further in the future.
pub fn human_duration(secs: i64) -> String {
    if secs < -1 {
        return "<invalid>".into();
    }
    if secs < 0 {
        return "0s".into();
    }
    if secs < 120 {
        return format!("{secs}s");
    }
    let minutes = secs / 60;
    if minutes < 10 {
        let s = secs % 60;
        return if s == 0 { format!("{minutes}m") } else { format!("{minutes}m{s}s") };
    }
    if minutes < 180 {
        return format!("{minutes}m");
    }
    let hours = secs / 3600;
    if hours < 8 {
        let m = minutes % 60;
        return if m == 0 { format!("{hours}h") } else { format!("{hours}h{m}m") };
    }
    if hours < 48 {
        return format!("{hours}h");
    }
    if hours < 24 * 8 {
        let h = hours % 24;
        return if h == 0 { format!("{}d", hours / 24) } else { format!("{}d{h}h", hours / 24) };
    }
    if hours < 24 * 365 * 2 {
        return format!("{}d", hours / 24);
    }
    if hours < 24 * 365 * 8 {
        let dy = (hours / 24) % 365;
        return if dy == 0 { format!("{}y", hours / 24 / 365) } else { format!("{}y{dy}d", hours / 24 / 365) };
    }
    format!("{}y", hours / 24 / 365)
}

/// Upstream's `translateTimestampSince`: the age of a timestamp, `<unknown>` when unset.
pub fn since(t: &Time, now: i64) -> String {
    if t.is_zero() { "<unknown>".into() } else { human_duration(now.saturating_sub(t.unix_seconds())) }
}

/// The `Age` cell of an object.
#[cfg_attr(not(feature = "core"), allow(dead_code, reason = "the printers of the enabled groups use it"))]
fn age(meta: &ObjectMeta, now: i64) -> Cell {
    since(&meta.creation_timestamp, now).into()
}

/// Upstream's `labels.FormatLabels`: `k=v` pairs sorted by key, `<none>` when empty.
pub fn format_labels<'a>(labels: impl IntoIterator<Item = (&'a String, &'a String)>) -> String {
    let mut pairs: Vec<String> = labels.into_iter().map(|(k, v)| format!("{k}={v}")).collect();
    pairs.sort();
    if pairs.is_empty() { "<none>".into() } else { pairs.join(",") }
}

/// Upstream's `metav1.FormatLabelSelector`: the selector's requirements sorted by key
/// (`app=web,tier in (a,b),!gone`), `<none>` for no selector or an empty one, `<error>` for an
/// operator labels cannot express.
pub fn format_label_selector(selector: Option<&LabelSelector>) -> String {
    let Some(selector) = selector else { return "<none>".into() };
    let mut reqs: Vec<(String, String)> =
        selector.match_labels.iter().map(|(k, v)| (k.clone(), format!("{k}={v}"))).collect();
    for r in &selector.match_expressions {
        let mut values = r.values.clone();
        values.sort();
        let text = match r.operator.0.as_str() {
            "In" => format!("{} in ({})", r.key, values.join(",")),
            "NotIn" => format!("{} notin ({})", r.key, values.join(",")),
            "Exists" => r.key.clone(),
            "DoesNotExist" => format!("!{}", r.key),
            _ => return "<error>".into(),
        };
        reqs.push((r.key.clone(), text));
    }
    // Upstream sorts requirements by key only; a stable sort keeps labels before expressions.
    reqs.sort_by(|a, b| a.0.cmp(&b.0));
    if reqs.is_empty() { "<none>".into() } else { reqs.into_iter().map(|(_, t)| t).collect::<Vec<_>>().join(",") }
}

/// An optional count as upstream prints pointers it dereferences: 0 when unset.
#[cfg_attr(not(feature = "core"), allow(dead_code, reason = "the printers of the enabled groups use it"))]
fn count(n: Option<i32>) -> i64 {
    i64::from(n.unwrap_or_default())
}

/// The cells of a printed row as text, for tests that compare rows with upstream's.
#[cfg(test)]
pub(crate) fn cell_texts(p: &Printed) -> Vec<String> {
    p.cells
        .iter()
        .map(|c| match c {
            Cell::Str(s) => s.clone(),
            Cell::Int(i) => i.to_string(),
            Cell::Float(f) => f.to_string(),
            Cell::Bool(b) => b.to_string(),
            Cell::Null => "null".into(),
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::meta::v1::{LabelSelectorOperator, LabelSelectorRequirement};

    #[test]
    fn human_durations_match_upstream() {
        // Upstream's duration_test.go cases.
        for (secs, want) in [
            (1, "1s"),
            (70, "70s"),
            (190, "3m10s"),
            (70 * 60, "70m"),
            (47 * 60 * 60, "47h"),
            (49 * 60 * 60, "2d1h"),
            ((8 * 24 + 2) * 60 * 60, "8d"),
            (367 * 24 * 60 * 60, "367d"),
            ((365 * 2 * 24 + 25) * 60 * 60, "2y1d"),
            ((365 * 8 * 24 + 2) * 60 * 60, "8y"),
            (-2, "<invalid>"),
            (-1, "0s"),
            (0, "0s"),
            (119, "119s"),
            (120, "2m"),
            (9 * 60 + 59, "9m59s"),
            (10 * 60, "10m"),
            (3 * 60 * 60, "3h"),
            (7 * 60 * 60 + 59 * 60, "7h59m"),
            (8 * 60 * 60, "8h"),
            (48 * 60 * 60, "2d"),
        ] {
            assert_eq!(human_duration(secs), want, "{secs}s");
        }
    }

    #[test]
    fn selectors_and_labels_format_as_upstream() {
        assert_eq!(format_label_selector(None), "<none>");
        assert_eq!(format_label_selector(Some(&LabelSelector::default())), "<none>");
        let sel = LabelSelector {
            match_labels: [("tier".to_owned(), "web".to_owned()), ("app".to_owned(), "a".to_owned())].into(),
            match_expressions: vec![
                LabelSelectorRequirement {
                    key: "env".into(),
                    operator: LabelSelectorOperator("In".into()),
                    values: vec!["prod".into(), "dev".into()],
                },
                LabelSelectorRequirement {
                    key: "gone".into(),
                    operator: LabelSelectorOperator("DoesNotExist".into()),
                    values: vec![],
                },
            ],
        };
        assert_eq!(format_label_selector(Some(&sel)), "app=a,env in (dev,prod),!gone,tier=web");
        let empty: std::collections::BTreeMap<String, String> = Default::default();
        assert_eq!(format_labels(&empty), "<none>");
        let labels: std::collections::BTreeMap<String, String> =
            [("b".into(), "2".into()), ("a".into(), "1".into())].into();
        assert_eq!(format_labels(&labels), "a=1,b=2");
    }

    #[test]
    fn cells_are_json() {
        assert_eq!(Cell::from("a\"<b").to_json(), br#""a\"\u003cb""#);
        assert_eq!(Cell::from(3_i64).to_json(), b"3");
        assert_eq!(Cell::from(false).to_json(), b"false");
        assert_eq!(Cell::Float(2.5).to_json(), b"2.5");
        assert_eq!(Cell::Float(3.0).to_json(), b"3");
        assert_eq!(Cell::Null.to_json(), b"null");
    }
}
