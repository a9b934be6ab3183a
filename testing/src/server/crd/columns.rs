//! The table columns of a custom resource version, from its `additionalPrinterColumns`, and their cells, as upstream's apiextensions table convertor computes them.
//!
//! - The `Name` column comes first; a version without columns gets `Age` (a `date` of
//!   `.metadata.creationTimestamp`).
//! - A cell is the first value the column's path selects, or null when it selects nothing.
//!   `string` columns print any value (objects and arrays as JSON); `integer`, `number` and
//!   `boolean` columns take values of their type (integers truncate floats); `date` columns
//!   print the age of an RFC 3339 timestamp (`<invalid>` for another string).

use kapi_api::apiextensions::v1::CustomResourceColumnDefinition;
use kapi_api::meta::v1::TableColumnDefinition;
use kapi_api::printers::{Cell, human_duration};
use kapi_machinery::json::format_go_float;
use kapi_machinery::json::value::Value;
use kapi_machinery::types::Time;

use super::jsonpath::JsonPath;

/// A version's columns: their definitions and the paths that fill them.
#[derive(Debug, Clone)]
pub(crate) struct Columns {
    pub(crate) definitions: Vec<TableColumnDefinition>,
    paths: Vec<JsonPath>,
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
    /// The columns of a version; a path that does not parse is an error naming the column.
    pub(crate) fn new(defs: &[CustomResourceColumnDefinition]) -> Result<Columns, String> {
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
        let mut paths = Vec::with_capacity(defs.len());
        for (i, d) in defs.iter().enumerate() {
            let path = JsonPath::parse(&d.json_path).map_err(|e| {
                format!(
                    "additionalPrinterColumns[{i}] ({:?}): unrecognized column definition {:?}: {e}",
                    d.name, d.json_path
                )
            })?;
            paths.push(path);
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
        Ok(Columns { definitions, paths })
    }

    /// The cells of one object (as JSON) at `now` (Unix seconds).
    pub(crate) fn cells(&self, name: &str, doc: &Value, now: i64) -> Vec<Cell> {
        let mut cells = Vec::with_capacity(self.definitions.len());
        cells.push(Cell::Str(name.to_owned()));
        for (path, def) in self.paths.iter().zip(&self.definitions[1..]) {
            let cell = match path.find(doc).first() {
                None => Cell::Null,
                Some(v) if def.r#type == "string" => Cell::Str(go_print(v)),
                Some(v) => typed_cell(&def.r#type, v, now),
            };
            cells.push(cell);
        }
        cells
    }
}

/// A JSON number as Go's unstructured decoding holds it: an `int64` when it is one.
enum Num {
    Int(i64),
    Float(f64),
}

fn number(text: &str) -> Option<Num> {
    match text.parse::<i64>() {
        Ok(i) => Some(Num::Int(i)),
        Err(_) => text.parse::<f64>().ok().filter(|f| f.is_finite()).map(Num::Float),
    }
}

/// Upstream's `cellForJSONValue`: a value of the column's type, else null.
fn typed_cell(ty: &str, v: &Value, now: i64) -> Cell {
    match (ty, v) {
        ("integer", Value::Number(n)) => match number(n) {
            Some(Num::Int(i)) => Cell::Int(i),
            // Go converts a float to int64 by truncation.
            Some(Num::Float(f)) => Cell::Int(f as i64),
            None => Cell::Null,
        },
        ("number", Value::Number(n)) => match number(n) {
            Some(Num::Int(i)) => Cell::Float(i as f64),
            Some(Num::Float(f)) => Cell::Float(f),
            None => Cell::Null,
        },
        ("boolean", Value::Bool(b)) => Cell::Bool(*b),
        ("date", Value::String(s)) => {
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

/// What Go's `fmt.Fprint` writes for a float (`%v`): the shortest digits, in exponent form
/// below 1e-4 and from 1e21 on.
fn go_fmt_float(f: f64) -> String {
    if f == 0.0 {
        return if f.is_sign_negative() { "-0".into() } else { "0".into() };
    }
    let sci = format!("{f:e}");
    let (mantissa, exp) = sci.split_once('e').unwrap_or((&sci, "0"));
    let exp: i32 = exp.parse().unwrap_or(0);
    if !(-4..21).contains(&exp) {
        let sign = if exp < 0 { '-' } else { '+' };
        format!("{mantissa}e{sign}{:02}", exp.abs())
    } else {
        format!("{f}")
    }
}

/// What upstream's JSONPath printer writes for a value in a `string` column: strings as they
/// are, scalars as Go prints them, objects and arrays as Go's `json.Marshal` of the decoded
/// value (keys sorted, numbers re-encoded), null as `<no value>`.
fn go_print(v: &Value) -> String {
    match v {
        Value::String(s) => s.clone(),
        Value::Bool(b) => b.to_string(),
        Value::Null => "<no value>".into(),
        Value::Number(n) => match number(n) {
            Some(Num::Int(i)) => i.to_string(),
            Some(Num::Float(f)) => go_fmt_float(f),
            None => n.clone(),
        },
        Value::Array(_) | Value::Object(_) => {
            let mut out = Vec::new();
            go_marshal(v).write_compact(&mut out);
            String::from_utf8_lossy(&out).into_owned()
        }
    }
}

/// The value as Go's `json.Marshal` of its decoded form writes it: object keys sorted, numbers
/// as `int64` or `float64` print.
fn go_marshal(v: &Value) -> Value {
    match v {
        Value::Object(members) => {
            let mut members: Vec<(String, Value)> = members.iter().map(|(k, m)| (k.clone(), go_marshal(m))).collect();
            members.sort_by(|a, b| a.0.cmp(&b.0));
            Value::Object(members)
        }
        Value::Array(items) => Value::Array(items.iter().map(go_marshal).collect()),
        Value::Number(n) => Value::Number(match number(n) {
            Some(Num::Int(i)) => i.to_string(),
            Some(Num::Float(f)) => format_go_float(f, false).unwrap_or_else(|| n.clone()),
            None => n.clone(),
        }),
        other => other.clone(),
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
        let c = Columns::new(&[]).expect("default columns");
        let names: Vec<&str> = c.definitions.iter().map(|d| d.name.as_str()).collect();
        assert_eq!(names, ["Name", "Age"]);
        assert_eq!(c.definitions[1].r#type, "date");
        let created = Time::from_unix(NOW - 7200).format_rfc3339();
        let doc = parse(format!(r#"{{"metadata":{{"name":"a","creationTimestamp":"{created}"}}}}"#).as_bytes())
            .expect("valid JSON");
        assert_eq!(c.cells("a", &doc, NOW), [Cell::Str("a".into()), Cell::Str("120m".into())]);
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
        let c = Columns::new(&defs).expect("valid columns");
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
        let cells = c.cells("ct", &doc, NOW);
        assert_eq!(
            cells,
            [
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

    #[test]
    fn bad_paths_are_errors_naming_the_column() {
        let err = Columns::new(&[col("Broken", "string", ".spec[")]).expect_err("unparsable path");
        assert!(
            err.contains("additionalPrinterColumns[0]")
                && err.contains("Broken")
                && err.ends_with(": unterminated array"),
            "{err}"
        );
    }

    #[test]
    fn go_prints_floats_as_fmt_does() {
        assert_eq!(go_fmt_float(2.5), "2.5");
        assert_eq!(go_fmt_float(1e21), "1e+21");
        assert_eq!(go_fmt_float(1e20), "100000000000000000000");
        assert_eq!(go_fmt_float(0.0001), "0.0001");
        assert_eq!(go_fmt_float(0.00001), "1e-05");
        assert_eq!(go_fmt_float(-1.25e-7), "-1.25e-07");
    }
}
