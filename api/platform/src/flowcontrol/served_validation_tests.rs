//! Writes through flowcontrol.apiserver.k8s.io/v1beta3 get v1's hand-written validation through the internal type, as upstream validates the internal object.

use kapi_machinery::Scheme;

use crate::flowcontrol::v1beta3;
use crate::testing::decoded;

fn scheme() -> Scheme {
    let mut s = Scheme::new();
    crate::flowcontrol::install(&mut s).expect("flowcontrol.apiserver.k8s.io installs");
    s
}

fn schema(rule: &str) -> String {
    format!(
        r#"{{"apiVersion":"flowcontrol.apiserver.k8s.io/v1beta3","kind":"FlowSchema","metadata":{{"name":"foo"}},"spec":{{"priorityLevelConfiguration":{{"name":"workload-low"}},"matchingPrecedence":50,"rules":[{{"subjects":[{{"kind":"User","user":{{"name":"u"}}}}]{rule}}}]}}}}"#
    )
}

#[test]
fn a_v1beta3_flow_schema_rule_without_resource_or_non_resource_rules_is_refused() {
    let s = scheme();
    let obj: v1beta3::FlowSchema = decoded(&s, &schema(""));
    assert!(s.validates(&obj));
    let errs: Vec<String> = s.validate(&obj, None).iter().map(ToString::to_string).collect();
    assert_eq!(
        errs,
        ["spec.rules[0]: Required value: at least one of resourceRules and nonResourceRules has to be non-empty"]
    );
    let good: v1beta3::FlowSchema =
        decoded(&s, &schema(r#","nonResourceRules":[{"verbs":["get"],"nonResourceURLs":["/healthz"]}]"#));
    assert_eq!(s.validate(&good, None), []);
    assert_eq!(s.validate(&good, Some(&good)), []);
}
