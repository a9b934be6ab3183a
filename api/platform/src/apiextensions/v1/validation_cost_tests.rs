//! The estimated cost of `x-kubernetes-validations` rules: upstream's `TestCostEstimation` (`compilation_test.go`, each rule's estimate with and without the schema's limits), and the errors of a rule, a message expression and a schema over their limits.

use kapi_machinery::validation::ErrorType;

use super::*;

/// The estimated most a node's first rule costs (upstream's `MaxCost`, before cardinality).
#[track_caller]
fn max_cost(schema: &str) -> u64 {
    let s = value::parse(schema.as_bytes()).expect("schema JSON");
    let rule = rules_of(&s)[0].rule;
    let env = rule_types(&s, false);
    let p = kapi_cel::Program::compile(rule, RULE_VARS).unwrap_or_else(|e| panic!("{rule}: {e}"));
    p.estimate_cost(rule, &env.plain).unwrap_or_else(|e| panic!("{rule}: {e}")).max
}

fn rule(r: &str) -> String {
    format!(r#""x-kubernetes-validations":[{{"rule":{r:?}}}]"#)
}

fn limit(key: &str, max: Option<i64>) -> String {
    max.map_or_else(String::new, |m| format!(r#","{key}":{m}"#))
}

fn item(ty: &str) -> String {
    match ty {
        "int-or-string" => r#"{"x-kubernetes-int-or-string":true}"#.to_owned(),
        "duration" | "date" | "date-time" => format!(r#"{{"type":"string","format":"{ty}"}}"#),
        t => format!(r#"{{"type":"{t}"}}"#),
    }
}

fn array(ty: &str, r: &str) -> impl Fn(Option<i64>) -> String {
    let (item, r) = (item(ty), rule(r));
    move |max| format!(r#"{{"type":"array","items":{item}{},{r}}}"#, limit("maxItems", max))
}

fn map(ty: &str, r: &str) -> impl Fn(Option<i64>) -> String {
    let (item, r) = (item(ty), rule(r));
    move |max| format!(r#"{{"type":"object","additionalProperties":{item}{},{r}}}"#, limit("maxProperties", max))
}

fn string(r: &str) -> impl Fn(Option<i64>) -> String {
    let r = rule(r);
    move |max| format!(r#"{{"type":"string"{},{r}}}"#, limit("maxLength", max))
}

/// Upstream's cases (its `has()` cases leave the cost unchecked): the cost without limits, the limit set, and the cost with it.
#[track_caller]
fn case(name: &str, schema: impl Fn(Option<i64>) -> String, calc: u64, set: i64, set_cost: u64) {
    assert_eq!(max_cost(&schema(None)), calc, "{name}: without limits");
    assert_eq!(max_cost(&schema(Some(set))), set_cost, "{name}: with {set}");
}

#[test]
fn rules_cost_as_upstreams_cost_estimation_tests() {
    case("number array with all", array("number", "self.all(x, true)"), 4718591, 10, 32);
    case("string array with all", array("string", "self.all(x, true)"), 3145727, 20, 62);
    case("boolean array with all", array("boolean", "self.all(x, true)"), 1887437, 5, 17);
    case("map of numbers with all", map("number", "self.all(x, true)"), 1348169, 10, 32);
    case("map of strings with all", map("string", "self.all(x, true)"), 1179647, 3, 11);
    case("map of booleans with all", map("boolean", "self.all(x, true)"), 943718, 100, 302);
    case("string with contains", string("self.contains('test')"), 314574, 10, 5);
    case("string with startsWith", string("self.startsWith('test')"), 2, 15, 2);
    case("string with endsWith", string("self.endsWith('test')"), 2, 30, 2);
    case("concat string", string(r#"size(self + "hello") > size("hello")"#), 314578, 4, 7);
    case("index of array with numbers", array("number", "self[1] == 0.0"), 2, 5000, 2);
    case("index of array with strings", array("string", "self[1] == self[1]"), 314577, 8, 314577);
    // Upstream checks only that these exceed the per-call limit without `maxItems`.
    let cube = array("number", "self.all(x, self.all(y, self.all(z, true)))");
    assert!(max_cost(&cube(None)) > 1_000_000);
    assert_eq!(max_cost(&cube(Some(10))), 3552);
    let square = array("number", "self.all(x, self.all(y, true))");
    assert!(max_cost(&square(None)) > 1_000_000);
    assert_eq!(max_cost(&square(Some(10))), 352);
    case("regex matches simple", string(r#"self.matches("x")"#), 314574, 50, 22);
    case("regex matches empty string", string(r#""".matches("(((((((((())))))))))[0-9]")"#), 7, 10, 7);
    case("regex matches empty regex", string(r#"self.matches("")"#), 1, 100, 1);
    case("set array maxLength to zero", array("number", "self[3] == 0.0"), 2, 0, 2);
    case("set map maxLength to zero", map("number", r#"self["x"] == 0.0"#), 2, 0, 2);
    case("set string maxLength to zero", string(r#"self == "x""#), 2, 0, 1);
    case(
        "set maxLength greater than estimated",
        array("number", "self.all(x, x == 0.0)"),
        6291454,
        3 * 1024 * 2048,
        25165826,
    );
    case("int-or-string array with all", array("int-or-string", "self.all(x, true)"), 4718591, 10, 32);
    case("index of array with int-or-strings", array("int-or-string", "self[0] == 5"), 3, 10, 3);
    case("index of array with booleans", array("boolean", "self[0] == false"), 2, 25, 2);
    case("duration array with all", array("duration", "self.all(x, true)"), 2359295, 5, 17);
    case("date array with all", array("date", "self.all(x, true)"), 725936, 15, 47);
    case("date-time array with all", array("date-time", "self.all(x, true)"), 428963, 25, 77);
    case("map of int-or-strings with all", map("int-or-string", "self.all(x, true)"), 1348169, 15, 47);
    case("map of durations with all", map("duration", "self.all(x, true)"), 1048577, 5, 17);
    case("map of dates with all", map("date", "self.all(x, true)"), 524288, 10, 32);
    case("map of date-times with all", map("date-time", "self.all(x, true)"), 349526, 25, 77);
    case("extended library regex find", string("self.find('[0-9]+') == ''"), 629147, 10, 11);
    case("extended library lowerAscii", string("self.lowerAscii() == 'lower!'"), 314575, 10, 6);
    case("check cost of size call", map("integer", "oldSelf.size() == self.size()"), 5, 10, 5);
    case("check cost of timestamp comparison", map("date-time", r#"self["a"] == self["b"]"#), 8, 7, 8);
    case("check cost of duration comparison", map("duration", r#"self["c"] == self["d"]"#), 8, 42, 8);
    let strings = |max: Option<i64>, r: &str| {
        format!(
            r#"{{"type":"array","items":{{"type":"string"{}}}{},{}}}"#,
            limit("maxLength", max),
            limit("maxItems", max),
            rule(r)
        )
    };
    case("extended library join", |m| strings(m, "self.join(' ') == 'aa bb'"), 329853068905, 10, 43);
    case("extended library isSorted", |m| strings(m, "self.isSorted() == true"), 329854432052, 10, 52);
    let replace = |max: Option<i64>| {
        format!(
            r#"{{"type":"object","properties":{{"str":{{"type":"string"{}}},"before":{{"type":"string","maxLength":2}},"after":{{"type":"string","maxLength":4}}}},{}}}"#,
            limit("maxLength", max),
            rule("self.str.replace(self.before, self.after) == 'does not matter'")
        )
    };
    case("extended library replace", replace, 629154, 4, 12);
    let split = |max: Option<i64>| {
        let s = format!(r#"{{"type":"string"{}}}"#, limit("maxLength", max));
        format!(
            r#"{{"type":"object","properties":{{"str":{s},"separator":{s}}},{}}}"#,
            rule("self.str.split(self.separator) == []")
        )
    };
    case("extended library split", split, 629160, 10, 22);
    let enums = |max: Option<i64>| {
        format!(
            r#"{{"type":"string","enum":["A","B","C","LongValue"]{},{}}}"#,
            limit("maxLength", max),
            rule("self.contains('A')")
        )
    };
    case("enums with maxLength equals to the longest possible value", enums, 2, 1000, 401);
}

/// The errors and their fields when the definition's only version has `spec` as the schema of
/// its `spec`.
fn spec_errors(spec: &str) -> Vec<(ErrorType, String, String)> {
    let json = format!(
        r#"{{"metadata":{{"name":"plural.group.com"}},"spec":{{"group":"group.com","scope":"Cluster",
        "names":{{"plural":"plural","singular":"singular","kind":"Plural","listKind":"PluralList"}},
        "versions":[{{"name":"version","served":true,"storage":true,"schema":{{"openAPIV3Schema":
        {{"type":"object","properties":{{"spec":{spec}}}}}}}}}]}},"status":{{"storedVersions":["version"]}}}}"#
    );
    let crd: CustomResourceDefinition = kapi_machinery::json::from_slice(json.as_bytes()).expect("definition JSON");
    validate_custom_resource_definition(&crd, None)
        .iter()
        .map(|e| (e.error_type, e.field.clone(), e.detail.clone()))
        .collect()
}

/// A definition's one schema is reported where upstream's internal form keeps it.
const AT: &str = "spec.validation.openAPIV3Schema";
const ADVICE: &str = "(try simplifying the rule, or adding maxItems, maxProperties, and maxLength where arrays, maps, and strings are declared)";

#[test]
fn a_rule_over_the_limit_is_forbidden() {
    let spec = array("number", "self.all(x, self.all(y, true))")(None);
    let rule_at = format!("{AT}.properties[spec].x-kubernetes-validations[0].rule");
    assert_eq!(
        spec_errors(&spec),
        [
            (ErrorType::Forbidden, rule_at.clone(), format!("estimated rule cost exceeds budget by factor of more than 100x {ADVICE}")),
            (
                ErrorType::Forbidden,
                rule_at,
                "contributed to estimated rule & messageExpression cost total exceeding cost limit for entire OpenAPIv3 schema".to_owned()
            ),
            (
                ErrorType::Forbidden,
                AT.to_owned(),
                format!("x-kubernetes-validations estimated rule & messageExpression cost total for entire OpenAPIv3 schema exceeds budget by factor of more than 100x {ADVICE}")
            ),
        ]
    );
    // Bounded, the same rule passes.
    assert_eq!(spec_errors(&array("number", "self.all(x, self.all(y, true))")(Some(10))), []);
}

/// A node's rule counts as many times as the node can occur: the product of the `maxItems`
/// above it, or as many of its smallest value as fit in a request.
#[test]
fn a_rule_counts_once_per_occurrence_of_its_node() {
    // `self.name.contains('abc')` costs 314,575 on a name without `maxLength`.
    let items = |max: Option<i64>| {
        format!(
            r#"{{"type":"array"{},"items":{{"type":"object","properties":{{"name":{{"type":"string"}}}},{}}}}}"#,
            limit("maxItems", max),
            rule("self.name.contains('abc')")
        )
    };
    let rule_at = format!("{AT}.properties[spec].items.x-kubernetes-validations[0].rule");
    assert_eq!(spec_errors(&items(Some(10))), []);
    let forty = spec_errors(&items(Some(40)));
    assert_eq!(forty.len(), 1, "{forty:?}");
    assert_eq!(forty[0].1, rule_at);
    assert_eq!(forty[0].2, format!("estimated rule cost exceeds budget by factor of 1.258300x {ADVICE}"));
    let hundred = spec_errors(&items(Some(100)));
    assert_eq!(hundred[0].2, format!("estimated rule cost exceeds budget by factor of 3.1x {ADVICE}"));
    // Without `maxItems`: as many `{}` as fit in 3 MiB.
    let unbounded = spec_errors(&items(None));
    assert_eq!(unbounded[0].2, format!("estimated rule cost exceeds budget by factor of more than 100x {ADVICE}"));
}

#[test]
fn the_schemas_total_counts_every_rule_and_names_the_most_expensive() {
    let rules: Vec<String> = (0..5).map(|i| format!(r#"{{"rule":"self.name.contains('{i}')"}}"#)).collect();
    let spec = format!(
        r#"{{"type":"array","maxItems":100,"items":{{"type":"object","properties":{{"name":{{"type":"string"}}}},"x-kubernetes-validations":[{}]}}}}"#,
        rules.join(",")
    );
    let errs = spec_errors(&spec);
    let at = |i: usize| format!("{AT}.properties[spec].items.x-kubernetes-validations[{i}].rule");
    // Five rules over their own limit, four named for the total (the most expensive, all equal),
    // and the total: 5 × 31,457,500, 1.57 times the limit.
    let contributed: Vec<&String> = errs.iter().filter(|e| e.2.starts_with("contributed")).map(|e| &e.1).collect();
    assert_eq!(contributed, [&at(0), &at(1), &at(2), &at(3)]);
    assert_eq!(
        errs.iter().filter(|e| e.2.starts_with("estimated rule cost exceeds budget by factor of 3.1x")).count(),
        5
    );
    let total = errs.last().expect("the total's error");
    assert_eq!(
        (total.0, total.1.as_str(), total.2.as_str()),
        (
            ErrorType::Forbidden,
            AT,
            format!("x-kubernetes-validations estimated rule & messageExpression cost total for entire OpenAPIv3 schema exceeds budget by factor of 1.6x {ADVICE}").as_str()
        )
    );
}

#[test]
fn a_message_expression_over_the_limit_is_forbidden_and_counts_once() {
    let spec = r#"{"type":"object","properties":{"names":{"type":"array","items":{"type":"string"}}},
        "x-kubernetes-validations":[{"rule":"self.names.size() > 0","messageExpression":"string(self.names.map(x, self.names.map(y, y)).size())"}]}"#;
    let at = format!("{AT}.properties[spec].x-kubernetes-validations[0].messageExpression");
    let errs = spec_errors(spec);
    assert_eq!(errs.len(), 3, "{errs:?}");
    assert_eq!(
        errs[0],
        (
            ErrorType::Forbidden,
            at.clone(),
            format!("estimated messageExpression cost exceeds budget by factor of more than 100x {ADVICE}")
        )
    );
    assert_eq!(errs[1].1, at);
    assert_eq!(errs[2].1, AT);
}
