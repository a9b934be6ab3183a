//! Upstream's flowcontrol validation test cases (`TestFlowSchemaValidation`, `TestPriorityLevelConfigurationValidation`, the status, URL path and limited-level tests), inputs and expected errors, pinned against our validation.

use kapi_machinery::Scheme;

use super::*;
use crate::features::{Feature, FeatureGates, Release, at_release, with_gates};
use crate::meta::v1::ObjectMeta;

fn sorted(errs: &ErrorList) -> Vec<String> {
    let mut v: Vec<String> = errs.iter().map(ToString::to_string).collect();
    v.sort();
    v
}

/// Upstream's tests call the validation functions directly, which return the errors a beta
/// declarative rule covers too; here those come only with the gate off.
fn upstream<R>(f: impl FnOnce() -> R) -> R {
    with_gates(FeatureGates::default().with(Feature::DeclarativeValidationBeta, false), f)
}

/// Upstream's `assert.ElementsMatch`: the same errors in any order.
#[track_caller]
fn expect(errs: ErrorList, want: &[&str]) {
    let mut want: Vec<String> = want.iter().map(|s| (*s).to_owned()).collect();
    want.sort();
    assert_eq!(sorted(&errs), want);
}

fn list(items: &[&str]) -> Option<Vec<String>> {
    Some(items.iter().map(|s| (*s).to_owned()).collect())
}

fn user(name: &str) -> Subject {
    Subject { kind: SubjectKind("User".into()), user: Some(UserSubject { name: name.into() }), ..Subject::default() }
}

fn group(name: &str) -> Subject {
    Subject { kind: SubjectKind("Group".into()), group: Some(GroupSubject { name: name.into() }), ..Subject::default() }
}

fn resource_rule(verbs: &[&str], groups: &[&str], resources: &[&str], namespaces: &[&str]) -> ResourcePolicyRule {
    ResourcePolicyRule {
        verbs: list(verbs),
        api_groups: list(groups),
        resources: list(resources),
        cluster_scope: false,
        namespaces: if namespaces.is_empty() { None } else { list(namespaces) },
    }
}

fn all_resources() -> ResourcePolicyRule {
    resource_rule(&["*"], &["*"], &["*"], &["*"])
}

fn non_resource_rule(verbs: &[&str], urls: &[&str]) -> NonResourcePolicyRule {
    NonResourcePolicyRule { verbs: list(verbs), non_resource_urls: list(urls) }
}

fn rule(
    subjects: Vec<Subject>,
    resource: Vec<ResourcePolicyRule>,
    non_resource: Vec<NonResourcePolicyRule>,
) -> PolicyRulesWithSubjects {
    PolicyRulesWithSubjects { subjects: Some(subjects), resource_rules: resource, non_resource_rules: non_resource }
}

/// The schema most of upstream's cases use: `system-foo` at precedence 50 to `system-bar`.
fn schema(name: &str, precedence: i32, level: &str, rules: Vec<PolicyRulesWithSubjects>) -> FlowSchema {
    FlowSchema {
        metadata: ObjectMeta { name: name.into(), ..ObjectMeta::default() },
        spec: FlowSchemaSpec {
            priority_level_configuration: PriorityLevelConfigurationReference { name: level.into() },
            matching_precedence: precedence,
            distinguisher_method: None,
            rules,
        },
        ..FlowSchema::default()
    }
}

fn foo(rules: Vec<PolicyRulesWithSubjects>) -> FlowSchema {
    schema("system-foo", 50, "system-bar", rules)
}

fn fs(obj: &FlowSchema, want: &[&str]) {
    expect(upstream(|| validate_flow_schema(obj, None)), want);
}

const SUB: &str = "spec.rules[0].subjects[0]";

#[test]
fn flow_schemas_as_upstream() {
    fs(
        &foo(vec![rule(vec![user("noxu")], vec![], vec![])]),
        &["spec.rules[0]: Required value: at least one of resourceRules and nonResourceRules has to be non-empty"],
    );
    fs(&foo(vec![rule(vec![group("noxu")], vec![all_resources()], vec![])]), &[]);
    let star_urls = || vec![non_resource_rule(&["*"], &["*"])];
    // Malformed subject unions, one per kind.
    let mut sa = Subject { kind: SubjectKind("ServiceAccount".into()), ..user("fred") };
    sa.group = Some(GroupSubject { name: "fred".into() });
    let sa_user_group = format!(
        "{SUB}.serviceAccount: Required value: serviceAccount is required when subject kind is 'ServiceAccount'"
    );
    fs(
        &foo(vec![rule(vec![sa], vec![], star_urls())]),
        &[
            &sa_user_group,
            &format!("{SUB}.user: Forbidden: user is forbidden when subject kind is not 'User'"),
            &format!("{SUB}.group: Forbidden: group is forbidden when subject kind is not 'Group'"),
        ],
    );
    let service_account = Some(ServiceAccountSubject { namespace: "s".into(), name: "n".into() });
    let u = Subject {
        kind: SubjectKind("User".into()),
        group: Some(GroupSubject { name: "fred".into() }),
        service_account: service_account.clone(),
        ..Subject::default()
    };
    fs(
        &foo(vec![rule(vec![u], vec![], star_urls())]),
        &[
            &format!(
                "{SUB}.serviceAccount: Forbidden: serviceAccount is forbidden when subject kind is not 'ServiceAccount'"
            ),
            &format!("{SUB}.user: Required value: user is required when subject kind is 'User'"),
            &format!("{SUB}.group: Forbidden: group is forbidden when subject kind is not 'Group'"),
        ],
    );
    let g = Subject {
        kind: SubjectKind("Group".into()),
        user: Some(UserSubject { name: "fred".into() }),
        service_account,
        ..Subject::default()
    };
    fs(
        &foo(vec![rule(vec![g], vec![], star_urls())]),
        &[
            &format!(
                "{SUB}.serviceAccount: Forbidden: serviceAccount is forbidden when subject kind is not 'ServiceAccount'"
            ),
            &format!("{SUB}.user: Forbidden: user is forbidden when subject kind is not 'User'"),
            &format!("{SUB}.group: Required value: group is required when subject kind is 'Group'"),
        ],
    );
    // Non-exempt schemas may not take precedence 1.
    fs(
        &schema("fred", 1, "exempt", vec![rule(vec![group("gorp")], vec![], star_urls())]),
        &["spec.matchingPrecedence: Invalid value: 1: only the schema named 'exempt' may have matchingPrecedence 1"],
    );
    fs(
        &foo(vec![rule(
            vec![user("noxu")],
            vec![resource_rule(&["*", "create"], &["*", "tak"], &["*", "tok"], &["*"])],
            vec![],
        )]),
        &[
            r#"spec.rules[0].resourceRules[0].verbs: Invalid value: ["*","create"]: if '*' is present, must not specify other verbs"#,
            r#"spec.rules[0].resourceRules[0].apiGroups: Invalid value: ["*","tak"]: if '*' is present, must not specify other api groups"#,
            r#"spec.rules[0].resourceRules[0].resources: Invalid value: ["*","tok"]: if '*' is present, must not specify other resources"#,
        ],
    );
    fs(&foo(vec![rule(vec![user("noxu")], vec![all_resources()], vec![non_resource_rule(&["*"], &["/apis/*"])])]), &[]);
    fs(
        &foo(vec![rule(vec![user("noxu")], vec![], vec![non_resource_rule(&["*"], &["*", "tik"])])]),
        &[
            r#"spec.rules[0].nonResourceRules[0].nonResourceURLs: Invalid value: ["*","tik"]: if '*' is present, must not specify other non-resource URLs"#,
        ],
    );
    for kind in ["FooKind", ""] {
        let s = Subject { kind: SubjectKind(kind.into()), ..Subject::default() };
        let want =
            format!(r#"{SUB}.kind: Unsupported value: "{kind}": supported values: "Group", "ServiceAccount", "User""#);
        fs(&foo(vec![rule(vec![s], vec![all_resources()], vec![])]), &[&want]);
    }
    fs(
        &foo(vec![rule(vec![user("noxu")], vec![resource_rule(&["feed"], &["*"], &["*"], &["*"])], vec![])]),
        &[
            r#"spec.rules[0].resourceRules[0].verbs: Unsupported value: ["feed"]: supported values: "create", "delete", "deletecollection", "get", "list", "patch", "proxy", "update", "watch""#,
        ],
    );
    fs(
        &schema("system-foo", 50, "system+++$$", vec![rule(vec![user("noxu")], vec![all_resources()], vec![])]),
        &[
            r#"spec.priorityLevelConfiguration.name: Invalid value: "system+++$$": a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '-' or '.', and must start and end with an alphanumeric character (e.g. 'example.com', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?(\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*')"#,
        ],
    );
    let no_ns = Subject {
        kind: SubjectKind("ServiceAccount".into()),
        service_account: Some(ServiceAccountSubject { namespace: String::new(), name: "noxu".into() }),
        ..Subject::default()
    };
    fs(
        &foo(vec![rule(vec![no_ns], vec![all_resources()], vec![])]),
        &[&format!("{SUB}.serviceAccount.namespace: Required value: must specify namespace for service account")],
    );
    // Namespaces: required unless cluster scoped, `*` alone, otherwise DNS labels.
    fs(
        &foo(vec![rule(vec![user("noxu")], vec![resource_rule(&["*"], &["*"], &["*"], &[])], vec![])]),
        &[
            "spec.rules[0].resourceRules[0].namespaces: Required value: resource rules that are not cluster scoped must supply at least one namespace",
        ],
    );
    for namespaces in [&[][..], &["*"][..]] {
        let mut r = resource_rule(&["*"], &["*"], &["*"], namespaces);
        r.cluster_scope = true;
        fs(&foo(vec![rule(vec![user("noxu")], vec![r], vec![])]), &[]);
    }
    fs(
        &foo(vec![rule(vec![user("noxu")], vec![resource_rule(&["*"], &["*"], &["*"], &["foo", "*"])], vec![])]),
        &[
            r#"spec.rules[0].resourceRules[0].namespaces: Invalid value: ["foo","*"]: if '*' is present, must not specify other namespaces"#,
        ],
    );
    fs(
        &foo(vec![rule(vec![user("noxu")], vec![resource_rule(&["*"], &["*"], &["*"], &["-foo"])], vec![])]),
        &[
            r#"spec.rules[0].resourceRules[0].namespaces[0]: Invalid value: "-foo": each member of this list must be '*' or a DNS-1123 label; a lowercase RFC 1123 label must consist of lower case alphanumeric characters or '-', and must start and end with an alphanumeric character (e.g. 'my-name',  or '123-abc', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?')"#,
        ],
    );
    fs(
        &schema("system-foo", 10001, "system-bar", vec![rule(vec![user("noxu")], vec![all_resources()], vec![])]),
        &["spec.matchingPrecedence: Invalid value: 10001: must not be greater than 10000"],
    );
}

fn cluster_wide() -> ResourcePolicyRule {
    let mut r = all_resources();
    r.cluster_scope = true;
    r
}

#[test]
fn mandatory_flow_schemas_as_upstream() {
    let exempt = schema(
        "exempt",
        1,
        "exempt",
        vec![rule(vec![group("system:masters")], vec![cluster_wide()], vec![non_resource_rule(&["*"], &["*"])])],
    );
    fs(&exempt, &[]);
    // Upstream's `badExempt`: the non-resource URL `/` instead of `*`.
    let mut bad = exempt.clone();
    bad.spec.rules[0].non_resource_rules[0].non_resource_urls = list(&["/"]);
    fs(
        &bad,
        &[concat!(
            r#"spec: Invalid value: {"PriorityLevelConfiguration":{"Name":"exempt"},"MatchingPrecedence":1,"DistinguisherMethod":null,"#,
            r#""Rules":[{"Subjects":[{"Kind":"Group","User":null,"Group":{"Name":"system:masters"},"ServiceAccount":null}],"#,
            r#""ResourceRules":[{"Verbs":["*"],"APIGroups":["*"],"Resources":["*"],"ClusterScope":true,"Namespaces":["*"]}],"#,
            r#""NonResourceRules":[{"Verbs":["*"],"NonResourceURLs":["/"]}]}]}: spec of 'exempt' must equal the fixed value"#
        )],
    );
    let mut catch_all = schema(
        "catch-all",
        10000,
        "catch-all",
        vec![rule(
            vec![group("system:unauthenticated"), group("system:authenticated")],
            vec![cluster_wide()],
            vec![non_resource_rule(&["*"], &["*"])],
        )],
    );
    catch_all.spec.distinguisher_method =
        Some(FlowDistinguisherMethod { r#type: FlowDistinguisherMethodType("ByUser".into()) });
    fs(&catch_all, &[]);
    let mut bad = catch_all;
    bad.spec.rules[0].non_resource_rules[0].non_resource_urls = list(&["/"]);
    let got = sorted(&upstream(|| validate_flow_schema(&bad, None)));
    assert_eq!(got.len(), 1, "{got:?}");
    assert!(got[0].starts_with(r#"spec: Invalid value: {"PriorityLevelConfiguration":{"Name":"catch-all"},"MatchingPrecedence":10000,"DistinguisherMethod":{"Type":"ByUser"}"#));
    assert!(got[0].ends_with("spec of 'catch-all' must equal the fixed value"), "{got:?}");
    // Semantic equality: an empty list is the nil one.
    let mut empty = exempt;
    empty.spec.rules[0].resource_rules[0].namespaces = list(&["*"]);
    empty.spec.rules[0].subjects.as_mut().expect("set above")[0].user = None;
    fs(&empty, &[]);
}

#[test]
fn distinguisher_method_is_reported_as_upstream_prints_it() {
    let mut s = foo(vec![rule(vec![user("noxu")], vec![all_resources()], vec![])]);
    s.spec.distinguisher_method =
        Some(FlowDistinguisherMethod { r#type: FlowDistinguisherMethodType("ByVerb".into()) });
    fs(
        &s,
        &[
            r#"spec.distinguisherMethod.type: Unsupported value: {"Type":"ByVerb"}: supported values: "ByNamespace", "ByUser""#,
        ],
    );
    s.spec.distinguisher_method = None;
    s.spec.matching_precedence = 0;
    s.spec.priority_level_configuration.name.clear();
    fs(
        &s,
        &[
            "spec.matchingPrecedence: Invalid value: 0: must be a positive value",
            "spec.priorityLevelConfiguration.name: Required value: must reference a priority level",
        ],
    );
}

fn limited(shares: i32, response: &str, queuing: Option<(i32, i32, i32)>) -> PriorityLevelConfigurationSpec {
    PriorityLevelConfigurationSpec {
        r#type: PriorityLevelEnablement("Limited".into()),
        limited: Some(LimitedPriorityLevelConfiguration {
            nominal_concurrency_shares: Some(shares),
            limit_response: LimitResponse {
                r#type: LimitResponseType(response.into()),
                queuing: queuing.map(|(queues, hand_size, queue_length_limit)| QueuingConfiguration {
                    queues,
                    hand_size,
                    queue_length_limit,
                }),
            },
            lendable_percent: None,
            borrowing_limit_percent: None,
        }),
        exempt: None,
    }
}

fn exempt_spec(shares: Option<i32>, lendable: Option<i32>) -> PriorityLevelConfigurationSpec {
    PriorityLevelConfigurationSpec {
        r#type: PriorityLevelEnablement("Exempt".into()),
        limited: None,
        exempt: Some(ExemptPriorityLevelConfiguration {
            nominal_concurrency_shares: shares,
            lendable_percent: lendable,
        }),
    }
}

fn level(name: &str, spec: PriorityLevelConfigurationSpec) -> PriorityLevelConfiguration {
    PriorityLevelConfiguration {
        metadata: ObjectMeta { name: name.into(), ..ObjectMeta::default() },
        spec,
        ..PriorityLevelConfiguration::default()
    }
}

fn pl(obj: &PriorityLevelConfiguration, want: &[&str]) {
    expect(upstream(|| validate_priority_level_configuration(obj, None)), want);
}

const BAD_SPEC_JSON: &str = r#"{"Type":"Limited","Limited":{"NominalConcurrencyShares":42,"LimitResponse":{"Type":"Reject","Queuing":null},"LendablePercent":null,"BorrowingLimitPercent":null},"Exempt":null}"#;

#[test]
fn priority_levels_as_upstream() {
    pl(&level("exempt", exempt_spec(Some(0), Some(0))), &[]);
    let bad_spec = limited(42, "Reject", None);
    pl(
        &level("exempt", bad_spec.clone()),
        &[
            r#"spec.type: Invalid value: "Limited": type must be 'Exempt' if and only if name is 'exempt'"#,
            &format!(
                "spec: Invalid value: {BAD_SPEC_JSON}: spec of 'exempt' except the 'spec.exempt' field must equal the fixed value"
            ),
        ],
    );
    pl(
        &level("exempt", exempt_spec(Some(-1), Some(101))),
        &[
            "spec.exempt.nominalConcurrencyShares: Invalid value: -1: must be a non-negative integer",
            "spec.exempt.lendablePercent: Invalid value: 101: must be between 0 and 100, inclusive",
        ],
    );
    pl(
        &level("exempt", exempt_spec(Some(-1), Some(-1))),
        &[
            "spec.exempt.nominalConcurrencyShares: Invalid value: -1: must be a non-negative integer",
            "spec.exempt.lendablePercent: Invalid value: -1: must be between 0 and 100, inclusive",
        ],
    );
    // Repurposing `exempt` as a limited level.
    let mut repurposed = bad_spec.clone();
    repurposed.exempt = Some(ExemptPriorityLevelConfiguration::default());
    let limited_json = r#"{"NominalConcurrencyShares":42,"LimitResponse":{"Type":"Reject","Queuing":null},"LendablePercent":null,"BorrowingLimitPercent":null}"#;
    let unset_exempt = r#"{"NominalConcurrencyShares":null,"LendablePercent":null}"#;
    pl(
        &level("exempt", repurposed),
        &[
            r#"spec.type: Invalid value: "Limited": type must be 'Exempt' if and only if name is 'exempt'"#,
            "spec.exempt: Forbidden: must be nil if the type is Limited",
            &format!(
                r#"spec: Invalid value: {{"Type":"Limited","Limited":{limited_json},"Exempt":{unset_exempt}}}: spec of 'exempt' except the 'spec.exempt' field must equal the fixed value"#
            ),
        ],
    );
    // Anything but `exempt` changed on the exempt level.
    let mut changed = exempt_spec(None, None);
    changed.limited = bad_spec.limited.clone();
    pl(
        &level("exempt", changed),
        &[
            &format!(
                r#"spec: Invalid value: {{"Type":"Exempt","Limited":{limited_json},"Exempt":{unset_exempt}}}: spec of 'exempt' except the 'spec.exempt' field must equal the fixed value"#
            ),
            "spec.limited: Forbidden: must be nil if the type is not Limited",
        ],
    );
    // Its `exempt` settings may change.
    pl(&level("exempt", exempt_spec(Some(10), Some(10))), &[]);
    let mut both = limited(1, "Reject", None);
    both.limited = None;
    both.exempt = Some(ExemptPriorityLevelConfiguration::default());
    pl(
        &level("broken-limited", both.clone()),
        &[
            "spec.exempt: Forbidden: must be nil if the type is Limited",
            "spec.limited: Required value: must not be empty when type is Limited",
        ],
    );
    both.exempt = None;
    pl(&level("broken-limited", both), &["spec.limited: Required value: must not be empty when type is Limited"]);
    pl(&level("max-in-flight", bad_spec.clone()), &[]);
    pl(
        &level("system-foo", limited(100, "Reject", Some((512, 4, 100)))),
        &["spec.limited.limitResponse.queuing: Forbidden: must be nil if limited.limitResponse.type is not Limited"],
    );
    pl(
        &level("catch-all", bad_spec),
        &[&format!("spec: Invalid value: {BAD_SPEC_JSON}: spec of 'catch-all' must equal the fixed value")],
    );
    let mut backstop = limited(5, "Reject", None);
    backstop.limited.as_mut().expect("limited").lendable_percent = Some(0);
    pl(&level("catch-all", backstop), &[]);
    pl(
        &level("system-foo", limited(100, "Queue", None)),
        &[
            "spec.limited.limitResponse.queuing: Required value: must not be empty if limited.limitResponse.type is Limited",
        ],
    );
    pl(&level("system-foo", limited(100, "Queue", Some((512, 4, 100)))), &[]);
    let q = "spec.limited.limitResponse.queuing";
    pl(
        &level("system-foo", limited(100, "Queue", Some((512, 8, 100)))),
        &[&format!(
            "{q}.handSize: Invalid value: 8: required entropy bits of deckSize 512 and handSize 8 should not be greater than 60"
        )],
    );
    pl(
        &level("system-foo", limited(100, "Queue", Some((128, 10, 100)))),
        &[&format!(
            "{q}.handSize: Invalid value: 10: required entropy bits of deckSize 128 and handSize 10 should not be greater than 60"
        )],
    );
    pl(
        &level("system-foo", limited(100, "Queue", Some((i32::MAX, 3, 100)))),
        &[
            &format!(
                "{q}.handSize: Invalid value: 3: required entropy bits of deckSize 2147483647 and handSize 3 should not be greater than 60"
            ),
            &format!("{q}.queues: Invalid value: 2147483647: must not be greater than 10000000"),
        ],
    );
    pl(&level("system-foo", limited(100, "Queue", Some((10_000_000, 2, 100)))), &[]);
    pl(
        &level("system-foo", limited(100, "Queue", Some((7, 8, 100)))),
        &[&format!("{q}.handSize: Invalid value: 8: should not be greater than queues (7)")],
    );
    let mut annotated = level("with-forbidden-annotation", limited(42, "Reject", None));
    annotated.metadata.annotations.insert(PRIORITY_LEVEL_PRESERVE_ZERO_CONCURRENCY_SHARES_KEY.into(), String::new());
    pl(
        &annotated,
        &[
            "metadata.annotations: Forbidden: annotation 'flowcontrol.k8s.io/v1beta3-preserve-zero-concurrency-shares' is forbidden",
        ],
    );
}

#[test]
fn statuses_as_upstream() {
    let fs_status = |types: &[&str]| FlowSchemaStatus {
        conditions: types
            .iter()
            .map(|t| super::super::FlowSchemaCondition {
                r#type: super::super::FlowSchemaConditionType((*t).into()),
                ..Default::default()
            })
            .collect(),
    };
    let mut s = foo(vec![rule(vec![user("noxu")], vec![all_resources()], vec![])]);
    s.status = fs_status(&[]);
    expect(validate_flow_schema_status_update(&s, &s), &[]);
    s.status = fs_status(&["1", "1"]);
    expect(validate_flow_schema_status_update(&s, &s), &[r#"status.conditions[1].type: Duplicate value: "1""#]);
    s.status = fs_status(&[""]);
    expect(
        validate_flow_schema_status_update(&s, &s),
        &["status.conditions[0].type: Required value: must not be empty"],
    );
    // The whole object's validation checks the status too.
    expect(validate_flow_schema(&s, None), &["status.conditions[0].type: Required value: must not be empty"]);

    let pl_status = |types: &[&str]| PriorityLevelConfigurationStatus {
        conditions: types
            .iter()
            .map(|t| super::super::PriorityLevelConfigurationCondition {
                r#type: super::super::PriorityLevelConfigurationConditionType((*t).into()),
                ..Default::default()
            })
            .collect(),
    };
    let mut p = level("system-foo", limited(1, "Reject", None));
    expect(validate_priority_level_configuration_status_update(&p, &p), &[]);
    p.status = pl_status(&["1", "1"]);
    expect(
        validate_priority_level_configuration_status_update(&p, &p),
        &[r#"status.conditions[1].type: Duplicate value: "1""#],
    );
    p.status = pl_status(&[""]);
    expect(
        validate_priority_level_configuration(&p, None),
        &["status.conditions[0].type: Required value: must not be empty"],
    );
}

#[test]
fn non_resource_url_paths_as_upstream() {
    for (path, bad) in [
        ("", true),
        ("foo", true),
        ("/", false),
        ("//", true),
        ("/foo", false),
        ("/////", true),
        ("/apis/", false),
        ("/healthz/*", false),
        ("/healthz/*/foo", true),
        ("/healthz/foo bar", true),
        ("/health*", true),
        ("/health*/foo", true),
        ("/*/*", true),
    ] {
        assert_eq!(non_resource_url_path(path).is_some(), bad, "{path:?}");
    }
    let r = foo(vec![rule(vec![user("noxu")], vec![], vec![non_resource_rule(&["get"], &["/health*"])])]);
    fs(
        &r,
        &[
            r#"spec.rules[0].nonResourceRules[0].nonResourceURLs[0]: Invalid value: "/health*": wildcard can only do suffix matching"#,
        ],
    );
}

#[test]
fn limited_levels_as_upstream() {
    // v1 with zero shares allowed (upstream's strategy since 1.30): 0 and 1 pass, -1 fails.
    for (shares, want) in [(0, None), (1, None), (-1, Some("must be a non-negative integer"))] {
        let got = sorted(&limited_configuration(
            limited(shares, "Reject", None).limited.as_ref().expect("limited"),
            &Path::new("spec").child("limited"),
        ));
        let want: Vec<String> = want
            .map(|m| format!("spec.limited.nominalConcurrencyShares: Invalid value: {shares}: {m}"))
            .into_iter()
            .collect();
        assert_eq!(got, want);
    }
    let check = |lendable: Option<i32>, borrowing: Option<i32>| {
        let mut spec = limited(1, "Reject", None);
        let l = spec.limited.as_mut().expect("limited");
        l.lendable_percent = lendable;
        l.borrowing_limit_percent = borrowing;
        sorted(&limited_configuration(l, &Path::new("spec").child("limited")))
    };
    for p in [None, Some(0), Some(100)] {
        assert!(check(p, None).is_empty());
    }
    for p in [101, -1] {
        assert_eq!(
            check(Some(p), None),
            [format!("spec.limited.lendablePercent: Invalid value: {p}: must be between 0 and 100, inclusive")]
        );
    }
    for p in [None, Some(1), Some(100), Some(0)] {
        assert!(check(None, p).is_empty());
    }
    assert_eq!(
        check(None, Some(-1)),
        ["spec.limited.borrowingLimitPercent: Invalid value: -1: if specified, must be a non-negative integer"]
    );
}

#[test]
fn covered_rules_follow_the_declarative_gate() {
    let mut scheme = Scheme::new();
    crate::flowcontrol::install(&mut scheme).expect("flowcontrol installs");
    let mut both = limited(1, "Reject", None);
    both.limited = None;
    both.exempt = Some(ExemptPriorityLevelConfiguration::default());
    let obj = level("broken-limited", both);
    let empty = level("system-foo", PriorityLevelConfigurationSpec::default());
    let mut queue = level("system-foo", limited(1, "", Some((64, 8, 50))));
    // As 1.37 with the gate on (its default) the hand-written checks leave them to the generated
    // rules.
    at_release(Release::new(1, 37), || {
        assert!(validate_priority_level_configuration(&obj, None).is_empty());
        expect(scheme.validate(&obj, None), &["spec.exempt: Forbidden", "spec.limited: Required value"]);
        expect(scheme.validate(&empty, None), &["spec.type: Required value"]);
        expect(
            scheme.validate(&queue, None),
            &["spec.limited.limitResponse.queuing: Forbidden", "spec.limited.limitResponse.type: Required value"],
        );
    });
    // A 1.36 server, in which those rules were alpha, and the gate off give the hand-written ones,
    // an empty type `Required` as upstream now says.
    let hand_written = || {
        expect(validate_priority_level_configuration(&empty, None), &["spec.type: Required value"]);
        expect(
            validate_priority_level_configuration(&queue, None),
            &["spec.limited.limitResponse.type: Required value"],
        );
    };
    hand_written();
    upstream(hand_written);
    queue.spec.limited.as_mut().expect("limited").limit_response.r#type = LimitResponseType("Drop".into());
    expect(
        validate_priority_level_configuration(&queue, None),
        &[r#"spec.limited.limitResponse.type: Unsupported value: "Drop": supported values: "Queue", "Reject""#],
    );
    let odd = level(
        "system-foo",
        PriorityLevelConfigurationSpec { r#type: PriorityLevelEnablement("Odd".into()), ..Default::default() },
    );
    expect(
        validate_priority_level_configuration(&odd, None),
        &[r#"spec.type: Unsupported value: "Odd": supported values: "Exempt", "Limited""#],
    );
}
