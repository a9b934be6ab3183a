//! `check_rules` on small schemas: the typed check at each node, the result types, the per-expression and whole-schema cost limits, and where each problem is (the test server's definition tests cover upstream's messages field by field).

use kapi_machinery::json::value;

use super::*;

fn schema(json: &str) -> Value {
    value::parse(json.as_bytes()).expect("schema JSON")
}

/// Each problem as `steps#index.field: detail`.
fn problems(json: &str) -> Vec<String> {
    let s = schema(json);
    let checked = check_rules(&s, &|_| true);
    let mut out: Vec<String> = checked
        .problems
        .iter()
        .map(|p| {
            let detail = match &p.problem {
                Problem::Uncorrelatable(within) => format!("uncorrelatable within {}", steps(within)),
                Problem::OptionalOldSelfUnused(b) => format!("optionalOldSelf {b} unused"),
                other => other.detail(p.at.field).expect("a detail of its own"),
            };
            format!("{}#{}.{}: {detail}", steps(&p.at.node), p.at.index, p.at.field.json_name())
        })
        .collect();
    if let Some(total) = checked.total {
        for at in &total.most_expensive {
            out.push(format!("{}#{}.{}: {CONTRIBUTED_TO_TOTAL}", steps(&at.node), at.index, at.field.json_name()));
        }
        out.push(total.message);
    }
    out
}

fn steps(steps: &[Step<'_>]) -> String {
    let mut s = String::from("$");
    for step in steps {
        match step {
            Step::Property(k) => s.push_str(&format!(".{k}")),
            Step::Items => s.push_str("[*]"),
            Step::AdditionalProperties => s.push_str("{*}"),
        }
    }
    s
}

const SPEC: &str = r#"{"type":"object","properties":{"spec":{"type":"object","properties":{
    "when":{"type":"string","format":"date-time"},
    "count":{"type":"integer"},
    "names":{"type":"array","items":{"type":"string"}},
    "short":{"type":"array","maxItems":4,"items":{"type":"string","maxLength":8}}
  },"x-kubernetes-validations":[RULES]}}}"#;

fn spec(rules: &[&str]) -> String {
    SPEC.replace("RULES", &rules.join(","))
}

#[test]
fn a_rule_that_types_and_costs_within_limits_has_no_problem() {
    let rules = [
        r#"{"rule":"self.count > 0 && self.when > timestamp('2000-01-01T00:00:00Z')"}"#,
        r#"{"rule":"self.short.all(x, x.startsWith('a'))","messageExpression":"'bad: ' + self.short.join(',')"}"#,
    ];
    assert_eq!(problems(&spec(&rules)), Vec::<String>::new());
}

#[test]
fn rules_are_typed_by_their_node() {
    let rules = [
        r#"{"rule":"self.when.startsWith('2')"}"#,
        r#"{"rule":"self.count"}"#,
        r#"{"rule":"self.count > 0","messageExpression":"self.count"}"#,
        r#"{"rule":"self.cuont > 0"}"#,
    ];
    assert_eq!(
        problems(&spec(&rules)),
        [
            "$.spec#0.rule: compilation failed: ERROR: <input>:1:21: found no matching overload for 'startsWith' applied to 'google.protobuf.Timestamp.(string)'",
            "$.spec#1.rule: cel expression must evaluate to a bool",
            "$.spec#2.messageExpression: messageExpression must evaluate to a string",
            "$.spec#3.rule: compilation failed: ERROR: <input>:1:5: undefined field 'cuont'",
        ]
    );
}

#[test]
fn a_resource_root_has_only_the_names_of_its_metadata() {
    let s = r#"{"type":"object","properties":{"metadata":{"type":"object"}},
        "x-kubernetes-validations":[{"rule":"self.metadata.name != ''"},{"rule":"self.metadata.labels.size() > 0"}]}"#;
    assert_eq!(problems(s), ["$#1.rule: compilation failed: ERROR: <input>:1:14: undefined field 'labels'"]);
}

#[test]
fn costs_over_the_limits_are_refused() {
    let rules = [
        // Unbounded: every pair of a list that fits in a request.
        r#"{"rule":"self.names.all(x, self.names.all(y, x != y || true))"}"#,
        // A timestamp's string has no size bound in upstream's estimate, so adding to it costs
        // as much as the largest string.
        r#"{"rule":"true","messageExpression":"'not after ' + string(self.when)"}"#,
    ];
    let got = problems(&spec(&rules));
    // Each, then the two as the most expensive of a total over the schema's limit.
    assert_eq!(got.len(), 5, "{got:#?}");
    assert!(
        got[0].starts_with("$.spec#0.rule: estimated rule cost exceeds budget by factor of more than 100x"),
        "{got:#?}"
    );
    assert!(
        got[1].starts_with("$.spec#1.messageExpression: estimated messageExpression cost exceeds budget by factor of"),
        "{got:#?}"
    );
    assert!(got[4].starts_with("x-kubernetes-validations estimated rule & messageExpression cost total"), "{got:#?}");
}

#[test]
fn a_rule_counts_as_often_as_its_node_can_occur() {
    // Within the limit once; 200,000 items of a list without `maxItems` above it make it over.
    let rule = r#"{"rule":"self.matches('^[a-z]+$')"}"#;
    let item = format!(r#"{{"type":"string","maxLength":1000,"x-kubernetes-validations":[{rule}]}}"#);
    let bounded = format!(r#"{{"type":"object","properties":{{"l":{{"type":"array","maxItems":2,"items":{item}}}}}}}"#);
    assert_eq!(problems(&bounded), Vec::<String>::new());
    let unbounded = format!(r#"{{"type":"object","properties":{{"l":{{"type":"array","items":{item}}}}}}}"#);
    let got = problems(&unbounded);
    assert!(got[0].starts_with("$.l[*]#0.rule: estimated rule cost exceeds budget by factor of"), "{got:#?}");
}

#[test]
fn the_schema_total_names_the_most_expensive() {
    // Each 8,030,000 (803 for a string of at most 1000 characters, times 10,000 items), within
    // its own limit; thirteen of them over the schema's.
    let rule = r#"{"rule":"self.matches('^[a-z]+$')"}"#;
    let list = format!(
        r#"{{"type":"array","maxItems":10000,"items":{{"type":"string","maxLength":1000,"x-kubernetes-validations":[{rule}]}}}}"#
    );
    let props: Vec<String> = (0..13).map(|i| format!(r#""l{i:02}":{list}"#)).collect();
    let s = format!(r#"{{"type":"object","properties":{{{}}}}}"#, props.join(","));
    let got = problems(&s);
    assert_eq!(got.len(), 5, "{got:#?}");
    // Of equal costs, the first found.
    for (i, g) in got[..4].iter().enumerate() {
        assert_eq!(g, &format!("$.l{i:02}[*]#0.rule: {CONTRIBUTED_TO_TOTAL}"));
    }
    assert!(got[4].starts_with("x-kubernetes-validations estimated rule & messageExpression cost total for entire OpenAPIv3 schema exceeds budget by factor of 1.043900x"), "{got:#?}");
    // Twelve are within the schema's limit.
    let s = format!(r#"{{"type":"object","properties":{{{}}}}}"#, props[..12].join(","));
    assert_eq!(problems(&s), Vec::<String>::new());
}

#[test]
fn transition_rules_need_correlatable_nodes() {
    let s = r#"{"type":"object","properties":{"l":{"type":"array","maxItems":2,"items":{"type":"object",
        "properties":{"n":{"type":"string","maxLength":8,"x-kubernetes-validations":[
            {"rule":"self == oldSelf"},{"rule":"self != 'x'","optionalOldSelf":true}]}}}}}}"#;
    assert_eq!(
        problems(s),
        ["$.l[*].n#0.rule: uncorrelatable within $.l", "$.l[*].n#1.optionalOldSelf: optionalOldSelf true unused"]
    );
}

#[test]
fn a_node_the_caller_skips_is_not_compiled() {
    let s = schema(r#"{"type":"object","x-kubernetes-validations":[{"rule":"self.nope"}]}"#);
    assert!(check_rules(&s, &|_| false).problems.is_empty());
    assert_eq!(check_rules(&s, &|_| true).problems.len(), 1);
}
