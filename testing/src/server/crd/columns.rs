//! The table columns of a custom resource version, from its `additionalPrinterColumns`, and their cells, as upstream's apiextensions table convertor computes them.
//!
//! - The `Name` column comes first; a version without columns gets `Age` (a `date` of
//!   `.metadata.creationTimestamp`).
//! - A column's path is parsed as `{<path>}`; at the first path that does not parse, the
//!   columns stop there, as upstream's convertor falls back to the ones it has built.
//! - A cell is the first value of the first result list of client-go's evaluation
//!   ([`kapi_machinery::jsonpath::eval`]); it is null when that list is empty or the evaluation
//!   fails. Each column keeps one JSONPath object for every row and read, as upstream's
//!   convertor does, so a `range` leaves it the loop's body for the next evaluation. `string` columns print any value as upstream's JSONPath printer does (objects and
//!   arrays as JSON, a null member as `<no value>`); `integer`, `number` and `boolean` columns
//!   take values of their Go type (integers truncate floats); `date` columns print the age of an
//!   RFC 3339 timestamp (`<invalid>` for another string).
//! - Where upstream's evaluation panics (an index into what a `range` over nothing runs on),
//!   the read fails with a `500`.

use kapi_api::apiextensions::v1::CustomResourceColumnDefinition;
use kapi_api::meta::v1::TableColumnDefinition;
use kapi_api::printers::{Cell, human_duration};
use kapi_machinery::json::value::Value;
use kapi_machinery::jsonpath;
use kapi_machinery::jsonpath::eval::{self, Found, JsonPath, Number};
use kapi_machinery::types::Time;
use std::sync::{Mutex, PoisonError};

/// A version's columns: their definitions and the templates that fill them.
#[derive(Debug)]
pub(crate) struct Columns {
    pub(crate) definitions: Vec<TableColumnDefinition>,
    /// Each column's path and its JSONPath object, which keeps what each evaluation leaves it
    /// for the next (rows and reads alike), as upstream's convertor keeps one per column.
    templates: Vec<(String, Mutex<JsonPath>)>,
}

/// Upstream's default when a version lists no columns.
fn default_columns() -> Vec<CustomResourceColumnDefinition> {
    vec![CustomResourceColumnDefinition {
        name: "Age".into(),
        r#type: "date".into(),
        description: "The time since the object was created.".into(),
        json_path: ".metadata.creationTimestamp".into(),
        ..Default::default()
    }]
}

impl Columns {
    /// The columns of a version. A path that does not parse (validation only asks for a
    /// leading `.`) ends them: upstream's convertor returns the columns before it along with
    /// its error, and the server serves that convertor.
    pub(crate) fn new(defs: &[CustomResourceColumnDefinition]) -> Columns {
        let defaults;
        let defs = if defs.is_empty() {
            defaults = default_columns();
            &defaults
        } else {
            defs
        };
        let mut definitions = vec![TableColumnDefinition {
            name: "Name".into(),
            r#type: "string".into(),
            format: "name".into(),
            description: "The object's name, unique within its namespace.".into(),
            priority: 0,
        }];
        let mut templates = Vec::with_capacity(defs.len());
        for d in defs {
            let Ok(template) = jsonpath::parse(&format!("{{{}}}", d.json_path)) else { break };
            templates.push((d.json_path.clone(), Mutex::new(JsonPath::new(template, true))));
            let description = if d.description.is_empty() {
                format!("Custom resource definition column (in JSONPath format): {}", d.json_path)
            } else {
                d.description.clone()
            };
            definitions.push(TableColumnDefinition {
                name: d.name.clone(),
                r#type: d.r#type.clone(),
                format: d.format.clone(),
                description,
                priority: d.priority,
            });
        }
        Columns { definitions, templates }
    }

    /// The cells of one object (as JSON) at `now` (Unix seconds); an error where upstream's
    /// evaluation panics.
    pub(crate) fn cells(&self, name: &str, doc: &Value, now: i64) -> Result<Vec<Cell>, String> {
        let mut cells = Vec::with_capacity(self.definitions.len());
        cells.push(Cell::Str(name.to_owned()));
        for ((path, template), def) in self.templates.iter().zip(&self.definitions[1..]) {
            // A panic elsewhere while one was held leaves a usable object.
            let mut template = template.lock().unwrap_or_else(PoisonError::into_inner);
            let first = match template.find_results(doc) {
                Ok(results) => results.first().and_then(|r| r.first()).map(|v| v.interface()),
                Err(e) if e.is_panic() => {
                    return Err(format!("column {:?} ({path:?}): upstream's JSONPath panics: {e}", def.name));
                }
                Err(_) => None,
            };
            cells.push(match first {
                None => Cell::Null,
                // `PrintResults` of the value: no value prints as `<no value>`.
                Some(v) if def.r#type == "string" => Cell::Str(v.print()),
                Some(v) => typed_cell(&def.r#type, v, now),
            });
        }
        Ok(cells)
    }
}

/// Go's `int64(f)` on amd64: truncation, and the minimum where the float does not fit.
fn go_int64(f: f64) -> i64 {
    // 2^63 is exactly representable; every float below it and at or above -2^63 fits.
    if (-9_223_372_036_854_775_808.0..9_223_372_036_854_775_808.0).contains(&f) { f as i64 } else { i64::MIN }
}

/// Upstream's `cellForJSONValue`: a value of the column's type, else null. Only the
/// document's numbers (`int64`, `float64`) and a template's float count as numbers: a
/// template's integer is a Go `int`, which upstream does not take.
fn typed_cell(ty: &str, v: Found<'_>, now: i64) -> Cell {
    let num = match v {
        Found::Json(Value::Number(n)) => Some(eval::number(n)),
        Found::Float(f) => Some(Number::Float(f)),
        _ => None,
    };
    let text = match v {
        Found::Json(Value::String(s)) => Some(s.as_str()),
        Found::Text(s) => Some(s),
        _ => None,
    };
    let boolean = match v {
        Found::Json(Value::Bool(b)) => Some(*b),
        Found::Bool(b) => Some(b),
        _ => None,
    };
    match (ty, num, text, boolean) {
        ("integer", Some(Number::Int(i)), _, _) => Cell::Int(i),
        ("integer", Some(Number::Float(f)), _, _) => Cell::Int(go_int64(f)),
        // Go's `float64(i)`.
        ("number", Some(Number::Int(i)), _, _) => Cell::Float(i as f64),
        ("number", Some(Number::Float(f)), _, _) => Cell::Float(f),
        ("boolean", _, _, Some(b)) => Cell::Bool(b),
        ("string", _, Some(s), _) => Cell::Str(s.to_owned()),
        ("date", _, Some(s), _) => {
            // Upstream reads the string as a query parameter: empty or `null` is the zero time.
            if s.is_empty() || s == "null" {
                return Cell::Str("<unknown>".into());
            }
            match Time::parse_rfc3339(s) {
                Ok(t) if t.is_zero() => Cell::Str("<unknown>".into()),
                Ok(t) => Cell::Str(human_duration(now.saturating_sub(t.unix_seconds()))),
                Err(_) => Cell::Str("<invalid>".into()),
            }
        }
        _ => Cell::Null,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use kapi_machinery::json::value::parse;

    const NOW: i64 = 1_700_000_000;

    fn col(name: &str, ty: &str, path: &str) -> CustomResourceColumnDefinition {
        CustomResourceColumnDefinition {
            name: name.into(),
            r#type: ty.into(),
            json_path: path.into(),
            ..Default::default()
        }
    }

    #[test]
    fn no_columns_means_name_and_age() {
        let c = Columns::new(&[]);
        let names: Vec<&str> = c.definitions.iter().map(|d| d.name.as_str()).collect();
        assert_eq!(names, ["Name", "Age"]);
        assert_eq!(c.definitions[1].r#type, "date");
        let created = Time::from_unix(NOW - 7200).format_rfc3339();
        let doc = parse(format!(r#"{{"metadata":{{"name":"a","creationTimestamp":"{created}"}}}}"#).as_bytes())
            .expect("valid JSON");
        assert_eq!(c.cells("a", &doc, NOW), Ok(vec![Cell::Str("a".into()), Cell::Str("120m".into())]));
    }

    #[test]
    fn cells_follow_the_column_types() {
        let defs = [
            col("Spec", "string", ".spec.cronSpec"),
            col("Replicas", "integer", ".spec.replicas"),
            col("Ratio", "number", ".spec.ratio"),
            col("Ratio-Int", "integer", ".spec.ratio"),
            col("Whole", "number", ".spec.replicas"),
            col("Paused", "boolean", ".spec.paused"),
            col("Wrong", "boolean", ".spec.replicas"),
            col("Missing", "string", ".spec.nope"),
            col("Obj", "string", ".spec.nested"),
            col("Num", "string", ".spec.ratio"),
            col("Tiny", "string", ".spec.tiny"),
            col("Null", "string", ".spec.null"),
            col("Last", "date", ".status.last"),
            col("Bad", "date", ".spec.cronSpec"),
        ];
        let c = Columns::new(&defs);
        assert_eq!(
            c.definitions[1].description,
            "Custom resource definition column (in JSONPath format): .spec.cronSpec"
        );
        let last = Time::from_unix(NOW - 30).format_rfc3339();
        let doc = format!(
            r#"{{"spec":{{"cronSpec":"* * * * */5","replicas":3,"ratio":2.50,"paused":false,"null":null,"tiny":0.00001,
            "nested":{{"b":1.0,"a":"<x>"}}}},"status":{{"last":"{last}"}}}}"#
        );
        let doc = parse(doc.as_bytes()).expect("valid JSON");
        let cells = c.cells("ct", &doc, NOW).expect("no panic");
        assert_eq!(
            cells,
            vec![
                Cell::Str("ct".into()),
                Cell::Str("* * * * */5".into()),
                Cell::Int(3),
                Cell::Float(2.5),
                Cell::Int(2),
                Cell::Float(3.0),
                Cell::Bool(false),
                Cell::Null,
                Cell::Null,
                Cell::Str(r#"{"a":"\u003cx\u003e","b":1}"#.into()),
                Cell::Str("2.5".into()),
                Cell::Str("1e-05".into()),
                Cell::Str("<no value>".into()),
                Cell::Str("30s".into()),
                Cell::Str("<invalid>".into()),
            ]
        );
        // JSON of the cells as upstream writes them.
        assert_eq!(cells[5].to_json(), b"3");
        assert_eq!(cells[9].to_json(), br#""{\"a\":\"\\u003cx\\u003e\",\"b\":1}""#);
    }

    /// Upstream's `New` returns the columns before the first path that does not parse, and the
    /// server serves them.
    #[test]
    fn columns_stop_at_a_path_that_does_not_parse() {
        let c = Columns::new(&[
            col("Spec", "string", ".spec.cronSpec"),
            col("Broken", "string", ".spec["),
            col("After", "string", ".spec.image"),
        ]);
        let names: Vec<&str> = c.definitions.iter().map(|d| d.name.as_str()).collect();
        assert_eq!(names, ["Name", "Spec"]);
        let doc = parse(br#"{"spec":{"cronSpec":"x","image":"i"}}"#).expect("valid JSON");
        assert_eq!(c.cells("a", &doc, NOW), Ok(vec![Cell::Str("a".into()), Cell::Str("x".into())]));
    }

    /// What the evaluation gives a cell: the first value of the first list, null on an error
    /// (which upstream's convertor swallows) or none, and a `500` where upstream panics.
    #[test]
    fn cells_from_evaluation_results_and_errors() {
        let doc = parse(
            br#"{"metadata":{"name":"n"},"spec":{"replicas":3,"ratio":2.5,"list":[1,2],"null":null,"s":"hi",
            "items":[{"name":"a","port":80},{"name":"b","port":443}],"empty":[]}}"#,
        )
        .expect("valid JSON");
        let cell = |ty: &str, path: &str| {
            let c = Columns::new(&[col("C", ty, path)]);
            assert_eq!(c.definitions.len(), 2, "{path} parses");
            c.cells("n", &doc, NOW).map(|mut cells| cells.remove(1))
        };
        for (ty, path, want) in [
            // Identifiers: `range` loops (the first list is the first value's), others fail.
            ("string", "range .spec.items[*]}{.name}{end", Cell::Str("a".into())),
            ("string", "spec", Cell::Null),
            ("string", "end", Cell::Null),
            // Literal steps stand for themselves; a template's integer is a Go `int`, which
            // no typed column takes, a float is a `float64`.
            ("string", r#".spec.nothing "lit""#, Cell::Str("lit".into())),
            ("string", ".spec 7", Cell::Str("7".into())),
            ("integer", ".spec 7", Cell::Null),
            ("number", ".spec 7.5", Cell::Float(7.5)),
            ("integer", ".spec 7.5", Cell::Int(7)),
            ("boolean", ".spec true", Cell::Bool(true)),
            ("date", r#".spec """#, Cell::Str("<unknown>".into())),
            // Filters compare as Go's templates: `int64` with `int` is fine, with a float not.
            ("integer", ".spec.items[?(@.port > 100)].port", Cell::Int(443)),
            ("integer", ".spec.items[?(@.port > 100.0)].port", Cell::Null),
            ("string", ".spec.items[?(@.name == @.name)].name", Cell::Str("a".into())),
            // Errors are null cells: out of bounds, a negative step, a field of no object.
            ("integer", ".spec.list[5]", Cell::Null),
            ("integer", ".spec.list[::-1]", Cell::Null),
            ("integer", ".spec.list[0:2:0]", Cell::Null),
            ("integer", ".spec.list[1:]", Cell::Int(2)),
            ("string", ".spec.s[0]", Cell::Null),
            // Bytes of a string are Go `uint8`s: printed as numbers, no integer.
            ("string", ".spec.s.*", Cell::Str("104".into())),
            ("integer", ".spec.s.*", Cell::Null),
            // A null member prints as `<no value>` once it leaves the evaluator.
            ("string", ".spec.null", Cell::Str("<no value>".into())),
            ("integer", ".spec.null", Cell::Null),
            // Only the first action counts, but every action is evaluated: an error in a later
            // one empties the cell.
            ("integer", ".spec.replicas}{.spec.list[0]", Cell::Int(3)),
            ("integer", ".spec.replicas}{.spec.list[9]", Cell::Null),
            ("integer", ".spec.nothing}{.spec.replicas", Cell::Null),
            ("string", ".spec.list", Cell::Str("[1,2]".into())),
            ("string", ".spec.ratio", Cell::Str("2.5".into())),
        ] {
            assert_eq!(cell(ty, path), Ok(want), "{ty} {path}");
        }
        // An index into what a `range` over nothing runs on panics upstream.
        let err = cell("string", "range .spec.empty[*]}{[0]}{end").expect_err("a panic");
        assert!(err.contains("panics"), "{err}");
    }

    /// Upstream's `Test_cellForJSONValue` (a column type and a decoded value).
    #[test]
    fn cell_for_json_value() {
        let future = Time::from_unix(NOW + 12 * 3600 + 1800).format_rfc3339();
        let past = Time::from_unix(NOW - 12 * 3600 - 1800).format_rfc3339();
        let json = |s: &str| parse(s.as_bytes()).expect("valid JSON");
        let (i42, f314, t, foo) = (json("42"), json("3.14"), json("true"), json(r#""foo""#));
        let (past, future, empty) = (Value::String(past), Value::String(future), Value::String(String::new()));
        for (ty, value, want) in [
            ("integer", &i42, Cell::Int(42)),
            ("integer", &f314, Cell::Int(3)),
            ("integer", &t, Cell::Null),
            ("integer", &foo, Cell::Null),
            ("number", &i42, Cell::Float(42.0)),
            // Upstream's value, not an approximation of pi.
            ("number", &f314, Cell::Float("3.14".parse().expect("a float"))),
            ("number", &t, Cell::Null),
            ("number", &foo, Cell::Null),
            ("boolean", &i42, Cell::Null),
            ("boolean", &f314, Cell::Null),
            ("boolean", &t, Cell::Bool(true)),
            ("boolean", &foo, Cell::Null),
            ("string", &i42, Cell::Null),
            ("string", &f314, Cell::Null),
            ("string", &t, Cell::Null),
            ("string", &foo, Cell::Str("foo".into())),
            ("date", &i42, Cell::Null),
            ("date", &f314, Cell::Null),
            ("date", &t, Cell::Null),
            ("date", &past, Cell::Str("12h".into())),
            ("date", &future, Cell::Str("<invalid>".into())),
            ("date", &empty, Cell::Str("<unknown>".into())),
            ("unknown", &foo, Cell::Null),
        ] {
            assert_eq!(typed_cell(ty, Found::Json(value), NOW), want, "{ty} {value:?}");
        }
        assert_eq!(typed_cell("integer", Found::Nothing, NOW), Cell::Null);
        assert_eq!(go_int64(1e300), i64::MIN);
    }

    /// Upstream's `Test_convertor_ConvertToTable` cases with additional columns.
    #[test]
    fn convert_to_table_additional_columns() {
        let servers = parse(br#"{"spec":{"servers":[{"hosts":["foo"]},{"hosts":["bar","baz"]}]}}"#).expect("JSON");
        let foo = parse(br#"{"spec":{"foo":[{"bar":[1]},{"bar":[2,3]}]}}"#).expect("JSON");
        let paths = |prefix: &str, inner: &str| {
            [
                format!(".spec.{prefix}[0].{inner}[0]"),
                format!(".spec.{prefix}[0].{inner}"),
                format!(".spec.{prefix}[1].{inner}"),
                format!(".spec.{prefix}[*].{inner}"),
            ]
        };
        let columns =
            |ty: &str, paths: &[String; 4]| Columns::new(&paths.iter().map(|p| col(p, ty, p)).collect::<Vec<_>>());
        let s = |v: &str| Cell::Str(v.into());
        // "Return table with additional column containing multiple string values"
        let c = columns("string", &paths("servers", "hosts"));
        assert_eq!(
            c.cells("blah", &servers, NOW),
            Ok(vec![s("blah"), s("foo"), s(r#"["foo"]"#), s(r#"["bar","baz"]"#), s(r#"["foo"]"#)])
        );
        // "… multiple integer values as string"
        let c = columns("string", &paths("foo", "bar"));
        assert_eq!(c.cells("blah", &foo, NOW), Ok(vec![s("blah"), s("1"), s("[1]"), s("[2,3]"), s("[1]")]));
        // "… multiple integer values"
        let c = columns("integer", &paths("foo", "bar"));
        assert_eq!(c.cells("blah", &foo, NOW), Ok(vec![s("blah"), Cell::Int(1), Cell::Null, Cell::Null, Cell::Null]));
    }
}
