//! Every rule of the `MutatingAdmissionPolicy` and `…Binding` validation, each with the path and message it reports, one write through v1beta1, and upstream's own cases from `validation_test.go`.

use super::*;
use crate::admissionregistration::v1::{
    ApplyConfiguration, FailurePolicyType, JSONPatch, MatchCondition, MatchPolicyType,
    MutatingAdmissionPolicyBindingSpec, MutatingAdmissionPolicySpec, NamedRuleWithOperations, OperationType, ParamKind,
    ParamRef, ParameterNotFoundActionType, ReinvocationPolicyType, Rule, RuleWithOperations, Variable,
};
use crate::meta::v1::{LabelSelector, ObjectMeta};

const APPLY: &str = "Object{metadata: Object.metadata{labels: {'a': 'b'}}}";
const PATCH: &str = "[JSONPatch{op: 'add', path: '/metadata/labels/a', value: 'b'}]";

fn message(errs: &ErrorList) -> String {
    kapi_machinery::validation::aggregate(errs).unwrap_or_default()
}

/// Upstream's detail for an expression that does not compile: cel-go's message at line 1,
/// column `col`, then the expression and a caret under that column.
fn failed(src: &str, col: usize, msg: &str) -> String {
    format!("compilation failed: ERROR: <input>:1:{col}: {msg}\n | {src}\n | {}^", ".".repeat(col - 1))
}

fn undeclared(src: &str, col: usize, name: &str) -> String {
    failed(src, col, &format!("undeclared reference to '{name}' (in container '')"))
}

fn named_rule(ops: &[&str]) -> NamedRuleWithOperations {
    NamedRuleWithOperations {
        resource_names: vec![],
        rule_with_operations: RuleWithOperations {
            operations: ops.iter().map(|o| OperationType((*o).into())).collect(),
            rule: Rule {
                api_groups: vec!["apps".into()],
                api_versions: vec!["v1".into()],
                resources: vec!["deployments".into()],
                scope: None,
            },
        },
    }
}

fn match_resources(ops: &[&str]) -> MatchResources {
    MatchResources {
        namespace_selector: Some(LabelSelector::default()),
        object_selector: Some(LabelSelector::default()),
        resource_rules: vec![named_rule(ops)],
        exclude_resource_rules: vec![],
        match_policy: Some(MatchPolicyType("Equivalent".into())),
    }
}

fn apply(expression: &str) -> Mutation {
    Mutation {
        patch_type: PatchType(PatchType::APPLY_CONFIGURATION.into()),
        apply_configuration: Some(ApplyConfiguration { expression: expression.into() }),
        json_patch: None,
    }
}

fn patch(expression: &str) -> Mutation {
    Mutation {
        patch_type: PatchType(PatchType::JSON_PATCH.into()),
        apply_configuration: None,
        json_patch: Some(JSONPatch { expression: expression.into() }),
    }
}

/// A valid policy (as defaulting leaves one) changed by `spec`.
fn policy(spec: impl FnOnce(&mut MutatingAdmissionPolicySpec)) -> MutatingAdmissionPolicy {
    let mut p = MutatingAdmissionPolicy {
        metadata: ObjectMeta { name: "add-label".into(), ..ObjectMeta::default() },
        spec: MutatingAdmissionPolicySpec {
            match_constraints: Some(match_resources(&["CREATE", "UPDATE"])),
            mutations: vec![apply(APPLY), patch(PATCH)],
            failure_policy: Some(FailurePolicyType("Fail".into())),
            reinvocation_policy: ReinvocationPolicyType("Never".into()),
            ..MutatingAdmissionPolicySpec::default()
        },
        ..MutatingAdmissionPolicy::default()
    };
    spec(&mut p.spec);
    p
}

fn says(p: &MutatingAdmissionPolicy) -> String {
    message(&validate_mutating_admission_policy(p, None))
}

#[test]
fn a_valid_policy_passes() {
    assert_eq!(says(&policy(|_| {})), "");
    assert_eq!(says(&policy(|s| s.match_constraints = Some(match_resources(&["*"])))), "");
    assert_eq!(says(&policy(|s| s.reinvocation_policy.0 = "IfNeeded".into())), "");
}

/// The parts shared with a validating admission policy give its messages.
#[test]
fn the_shared_parts_are_checked_as_a_validating_policys() {
    assert_eq!(says(&policy(|s| s.failure_policy = None)), "spec.failurePolicy: Required value");
    assert_eq!(
        says(&policy(|s| s.failure_policy = Some(FailurePolicyType("other".into())))),
        r#"spec.failurePolicy: Unsupported value: "other": supported values: "Fail", "Ignore""#
    );
    assert_eq!(
        says(&policy(|s| s.param_kind = Some(ParamKind { api_version: "v1".into(), kind: String::new() }))),
        "spec.paramKind.kind: Required value"
    );
    assert_eq!(says(&policy(|s| s.match_constraints = None)), "spec.matchConstraints: Required value");
    assert_eq!(
        says(&policy(|s| s.match_constraints = Some(MatchResources::default()))),
        "[spec.matchConstraints.matchPolicy: Required value, spec.matchConstraints.namespaceSelector: Required value, spec.matchConstraints.objectSelector: Required value, spec.matchConstraints.resourceRules: Required value]"
    );
    assert_eq!(
        says(&policy(|s| s.match_conditions = vec![MatchCondition { name: "-x".into(), expression: "true".into() }])),
        r#"spec.matchConditions[0].name: Invalid value: "-x": name part must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyName',  or 'my.name',  or '123-abc', regex used for validation is '([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]')"#
    );
    assert_eq!(
        says(
            &policy(|s| s.match_conditions = vec![MatchCondition { name: "x".into(), expression: "params.a".into() }])
        ),
        format!(
            r#"spec.matchConditions[0].expression: Invalid value: "params.a": {}"#,
            undeclared("params.a", 1, "params")
        )
    );
    assert_eq!(
        says(&policy(|s| s.variables = vec![Variable { name: "in".into(), expression: "1 +".into() }])),
        format!(
            r#"[spec.variables[0].name: Invalid value: "in": must be a valid CEL identifier, spec.variables[0].expression: Invalid value: "1 +": {}]"#,
            failed("1 +", 4, "Syntax error: mismatched input '<EOF>'")
        )
    );
}

/// A mutation cannot apply to a delete; the path names the rules' operations without indices.
#[test]
fn only_mutable_operations_are_matched() {
    assert_eq!(
        says(&policy(|s| s.match_constraints = Some(match_resources(&["CREATE", "DELETE"])))),
        r#"spec.matchConstraints.resourceRules.operations: Unsupported value: "DELETE": supported values: "*", "CONNECT", "CREATE", "UPDATE""#
    );
}

#[test]
fn mutations_are_required_and_each_names_one_patch() {
    assert_eq!(
        says(&policy(|s| s.mutations.clear())),
        "spec.mutations: Required value: mutations must contain at least one item"
    );
    let mut untyped = apply(APPLY);
    untyped.patch_type.0.clear();
    assert_eq!(says(&policy(|s| s.mutations = vec![untyped])), "spec.mutations[0].patchType: Required value");
    let mut merge = apply(APPLY);
    merge.patch_type.0 = "Merge".into();
    assert_eq!(
        says(&policy(|s| s.mutations = vec![merge])),
        r#"spec.mutations[0].patchType: Unsupported value: "Merge": supported values: "ApplyConfiguration", "JSONPatch""#
    );
    let mut missing = apply(APPLY);
    missing.apply_configuration = None;
    missing.json_patch = Some(JSONPatch { expression: PATCH.into() });
    assert_eq!(
        says(&policy(|s| s.mutations = vec![missing])),
        r#"[spec.mutations[0].applyConfiguration: Required value: must be specified when patchType is ApplyConfiguration, spec.mutations[0].jsonPatch: Invalid value: "{jsonPatch}": must not be specified when patchType is ApplyConfiguration]"#
    );
    let mut both = patch(PATCH);
    both.apply_configuration = Some(ApplyConfiguration { expression: APPLY.into() });
    assert_eq!(
        says(&policy(|s| s.mutations = vec![both])),
        r#"spec.mutations[0].applyConfiguration: Invalid value: "{applyConfiguration}": must not be specified when patchType is JSONPatch"#
    );
    let mut none = patch(PATCH);
    none.json_patch = None;
    assert_eq!(
        says(&policy(|s| s.mutations = vec![none])),
        "spec.mutations[0].jsonPatch: Required value: must be specified when patchType is JSONPatch"
    );
}

/// Patch expressions are compiled trimmed, with the policy's variables and parameters and the
/// patch message types.
#[test]
fn patch_expressions_compile() {
    assert_eq!(
        says(&policy(|s| s.mutations = vec![apply("  "), patch("")])),
        "[spec.mutations[0].applyConfiguration.expression: Required value, spec.mutations[1].jsonPatch.expression: Required value]"
    );
    assert_eq!(
        says(&policy(|s| s.mutations = vec![patch(" [JSONPatch{op: 'add'  ")])),
        format!(
            r#"spec.mutations[0].jsonPatch.expression: Invalid value: "[JSONPatch{{op: 'add'": {}"#,
            failed("[JSONPatch{op: 'add'", 21, "Syntax error: mismatched input '<EOF>'")
        )
    );
    assert_eq!(
        says(&policy(|s| s.mutations = vec![patch("[JSONPatch{op: 'add', paths: '/x'}]")])),
        format!(
            r#"spec.mutations[0].jsonPatch.expression: Invalid value: "[JSONPatch{{op: 'add', paths: '/x'}}]": {}"#,
            failed("[JSONPatch{op: 'add', paths: '/x'}]", 23, "undefined field 'paths'")
        )
    );
    assert_eq!(
        says(&policy(|s| s.mutations = vec![apply("Object{spec: params.spec}")])),
        format!(
            r#"spec.mutations[0].applyConfiguration.expression: Invalid value: "Object{{spec: params.spec}}": {}"#,
            undeclared("Object{spec: params.spec}", 14, "params")
        )
    );
    assert_eq!(
        says(&policy(|s| {
            s.param_kind = Some(ParamKind { api_version: "v1".into(), kind: "ConfigMap".into() });
            s.variables = vec![Variable { name: "labels".into(), expression: "params.data".into() }];
            s.mutations = vec![apply("Object{metadata: Object.metadata{labels: variables.labels}}")];
        })),
        ""
    );
}

/// Each patch type's result type, as upstream's `ApplyConfigurationCondition` and
/// `JSONPatchCondition` declare it (`Object`, `list(JSONPatch)`), with `CompileCELExpression`'s
/// message; a result typed by guess is let through.
#[test]
fn patches_evaluate_to_their_patch_types() {
    let says_of = |m: Mutation| says(&policy(|s| s.mutations = vec![m]));
    assert_eq!(says_of(apply(APPLY)), "");
    assert_eq!(says_of(patch(PATCH)), "");
    assert_eq!(
        says_of(patch("[]")),
        r#"spec.mutations[0].jsonPatch.expression: Invalid value: "[]": must evaluate to list(JSONPatch) but got list(dyn)"#
    );
    assert_eq!(
        says_of(apply("Object.metadata{labels: {'a': 'b'}}")),
        r#"spec.mutations[0].applyConfiguration.expression: Invalid value: "Object.metadata{labels: {'a': 'b'}}": must evaluate to Object but got Object.metadata"#
    );
    assert_eq!(
        says_of(apply("{'metadata': {'labels': {'a': 'b'}}}")),
        r#"spec.mutations[0].applyConfiguration.expression: Invalid value: "{'metadata': {'labels': {'a': 'b'}}}": must evaluate to Object but got map(string, map(string, map(string, string)))"#
    );
    assert_eq!(
        says_of(patch("JSONPatch{op: 'remove', path: '/spec'}")),
        r#"spec.mutations[0].jsonPatch.expression: Invalid value: "JSONPatch{op: 'remove', path: '/spec'}": must evaluate to list(JSONPatch) but got JSONPatch"#
    );
    assert_eq!(
        says_of(apply("object")),
        r#"spec.mutations[0].applyConfiguration.expression: Invalid value: "object": must evaluate to Object but got dyn"#
    );
    assert_eq!(
        says_of(patch(APPLY)),
        format!(
            r#"spec.mutations[0].jsonPatch.expression: Invalid value: "{APPLY}": must evaluate to list(JSONPatch) but got Object"#
        )
    );
    // Either branch of a condition, both of the patch type.
    assert_eq!(says_of(apply(&format!("object.metadata.name == 'x' ? {APPLY} : Object{{}}"))), "");
}

#[test]
fn the_reinvocation_policy_is_required_and_known() {
    assert_eq!(says(&policy(|s| s.reinvocation_policy.0.clear())), "spec.reinvocationPolicy: Required value");
    assert_eq!(
        says(&policy(|s| s.reinvocation_policy.0 = "Always".into())),
        r#"spec.reinvocationPolicy: Unsupported value: "Always": supported values: "IfNeeded", "Never""#
    );
}

/// What an update compiles again, as upstream's stored expressions decide: not the stored
/// match conditions (skipped whole when unchanged) nor a patch expression the stored policy had
/// as an apply configuration; every variable, as upstream looks those up among stored
/// validations, which a mutating policy has none of.
#[test]
fn updates_compile_only_new_expressions() {
    let stored = policy(|s| {
        s.match_conditions = vec![MatchCondition { name: "x".into(), expression: "test()".into() }];
        s.variables = vec![Variable { name: "v".into(), expression: "test()".into() }];
        s.mutations = vec![apply("test()")];
    });
    let variable_fails =
        format!(r#"spec.variables[0].expression: Invalid value: "test()": {}"#, undeclared("test()", 5, "test"));
    assert_eq!(message(&validate_mutating_admission_policy(&stored, Some(&stored))), variable_fails);
    // With a parameter kind added, the stored expressions see new declarations: compiled again.
    let mut with_params = stored.clone();
    with_params.spec.param_kind = Some(ParamKind { api_version: "v1".into(), kind: "ConfigMap".into() });
    assert_eq!(
        message(&validate_mutating_admission_policy(&with_params, Some(&stored))),
        format!(
            r#"[spec.matchConditions[0].expression: Invalid value: "test()": {0}, spec.variables[0].expression: Invalid value: "test()": {0}, spec.mutations[0].applyConfiguration.expression: Invalid value: "test()": {0}]"#,
            undeclared("test()", 5, "test")
        )
    );
    let mut changed = stored.clone();
    changed.spec.variables.clear();
    changed.spec.mutations = vec![patch("test2()")];
    assert_eq!(
        message(&validate_mutating_admission_policy(&changed, Some(&stored))),
        format!(
            r#"spec.mutations[0].jsonPatch.expression: Invalid value: "test2()": {}"#,
            undeclared("test2()", 6, "test2")
        )
    );
}

/// Upstream's `validateJSONPatch` looks its expression up among the stored *apply
/// configuration* expressions: a JSON patch kept unchanged is compiled again, one equal to a
/// stored apply configuration is not.
#[test]
fn a_stored_json_patch_is_compiled_again_as_upstream_does() {
    let stored = policy(|s| s.mutations = vec![patch("test()")]);
    assert_eq!(
        message(&validate_mutating_admission_policy(&stored, Some(&stored))),
        format!(
            r#"spec.mutations[0].jsonPatch.expression: Invalid value: "test()": {}"#,
            undeclared("test()", 5, "test")
        )
    );
    let was_applied = policy(|s| s.mutations = vec![apply("test()")]);
    assert_eq!(message(&validate_mutating_admission_policy(&stored, Some(&was_applied))), "");
}

/// Upstream compiles a mutating policy with its composition compiler whether or not it has
/// variables, so `variables` is always declared: an object without fields where there are none.
#[test]
fn variables_are_declared_without_variables() {
    let src = "Object{metadata: Object.metadata{labels: variables.x}}";
    let got = says(&policy(|s| s.mutations = vec![apply(src)]));
    assert!(got.contains("undefined field 'x'"), "{got}");
    assert!(!got.contains("undeclared reference to 'variables'"), "{got}");
}

fn binding(spec: impl FnOnce(&mut MutatingAdmissionPolicyBindingSpec)) -> MutatingAdmissionPolicyBinding {
    let mut b = MutatingAdmissionPolicyBinding {
        metadata: ObjectMeta { name: "add-label-binding".into(), ..ObjectMeta::default() },
        spec: MutatingAdmissionPolicyBindingSpec { policy_name: "add-label".into(), ..Default::default() },
        ..MutatingAdmissionPolicyBinding::default()
    };
    spec(&mut b.spec);
    b
}

fn binding_says(b: &MutatingAdmissionPolicyBinding) -> String {
    message(&validate_mutating_admission_policy_binding(b, None))
}

#[test]
fn bindings_are_checked_as_a_validating_bindings_without_actions() {
    assert_eq!(binding_says(&binding(|_| {})), "");
    assert_eq!(binding_says(&binding(|s| s.policy_name.clear())), "spec.policyName: Required value");
    assert_eq!(
        binding_says(&binding(|s| s.policy_name = "Bad_Name".into())),
        r#"spec.policyName: Invalid value: "Bad_Name": a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '-' or '.', and must start and end with an alphanumeric character (e.g. 'example.com', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?(\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*')"#
    );
    assert_eq!(
        binding_says(&binding(|s| {
            s.param_ref = Some(ParamRef {
                name: String::new(),
                parameter_not_found_action: Some(ParameterNotFoundActionType("Deny".into())),
                ..ParamRef::default()
            })
        })),
        "spec.paramRef: Required value: one of name or selector must be specified"
    );
    assert_eq!(
        binding_says(&binding(|s| {
            let mut mr = match_resources(&["DELETE"]);
            mr.match_policy = Some(MatchPolicyType("other".into()));
            s.match_resources = Some(mr);
        })),
        r#"[spec.matchResources.matchPolicy: Unsupported value: "other": supported values: "Equivalent", "Exact", spec.matchResources.resourceRules.operations: Unsupported value: "DELETE": supported values: "*", "CONNECT", "CREATE", "UPDATE"]"#
    );
}

/// A write through v1beta1 converts to v1 and gets these checks, with v1's paths.
#[test]
fn a_v1beta1_policy_gets_the_same_checks() {
    use crate::admissionregistration::v1beta1;
    use crate::testing::{decoded, printed};
    let mut s = kapi_machinery::Scheme::new();
    crate::admissionregistration::install(&mut s).expect("admissionregistration.k8s.io installs");
    let obj: v1beta1::MutatingAdmissionPolicy = decoded(
        &s,
        r#"{"apiVersion":"admissionregistration.k8s.io/v1beta1","kind":"MutatingAdmissionPolicy","metadata":{"name":"add-label"},"spec":{"matchConstraints":{"resourceRules":[{"operations":["DELETE"],"apiGroups":["apps"],"apiVersions":["v1"],"resources":["deployments"]}]},"mutations":[{"patchType":"JSONPatch","jsonPatch":{"expression":"[JSONPatch{op: 'add', path: '/x', value: params.x}]"}}],"reinvocationPolicy":"Never"}}"#,
    );
    assert_eq!(
        printed(&s.validate(&obj, None)),
        [
            r#"spec.matchConstraints.resourceRules.operations: Unsupported value: "DELETE": supported values: "*", "CONNECT", "CREATE", "UPDATE""#,
            &format!(
                r#"spec.mutations[0].jsonPatch.expression: Invalid value: "[JSONPatch{{op: 'add', path: '/x', value: params.x}}]": {}"#,
                undeclared("[JSONPatch{op: 'add', path: '/x', value: params.x}]", 42, "params")
            ),
        ]
    );
    let b: v1beta1::MutatingAdmissionPolicyBinding = decoded(
        &s,
        r#"{"apiVersion":"admissionregistration.k8s.io/v1beta1","kind":"MutatingAdmissionPolicyBinding","metadata":{"name":"b"},"spec":{}}"#,
    );
    assert_eq!(printed(&s.validate(&b, None)), ["spec.policyName: Required value"]);
}

/// Upstream's own cases (`validation_test.go`, `TestValidateMutatingAdmissionPolicy`,
/// `…Update`, `…Binding`, `…BindingUpdate`), each named by its case name, with upstream's check:
/// the aggregate contains the expected text, or there are no errors where it expects none. The
/// `metadata.name validation` cases are the server's object-meta checks, not these functions'.
mod upstream {
    use super::*;

    const REPLICAS: &str = "Object{ spec: Object.spec{ replicas: 1 } }";
    /// The multi-line apply configuration of upstream's first cases.
    const ODD_REPLICAS: &str = "Object{\n\t\t\t\t\t\t\tspec: Object.spec{\n\t\t\t\t\t\t\t\treplicas: object.spec.replicas % 2 == 0?object.spec.replicas + 1:object.spec.replicas\n\t\t\t\t\t\t\t}\n\t\t\t\t\t\t}";

    #[track_caller]
    fn expect(errs: ErrorList, want: &str) {
        let got = message(&errs);
        if want.is_empty() {
            assert_eq!(got, "", "expected no errors");
        } else {
            assert!(got.contains(want), "expected to contain:\n  {want}\ngot:\n  {got}");
        }
    }

    fn rule(ops: &[&str], resources: &[&str]) -> NamedRuleWithOperations {
        NamedRuleWithOperations {
            resource_names: vec![],
            rule_with_operations: RuleWithOperations {
                operations: ops.iter().map(|o| OperationType((*o).into())).collect(),
                rule: Rule {
                    api_groups: vec!["a".into()],
                    api_versions: vec!["a".into()],
                    resources: resources.iter().map(|r| (*r).into()).collect(),
                    scope: None,
                },
            },
        }
    }

    /// Rules alone, as most of upstream's cases give them (no selectors or match policy).
    fn rules_only(rules: Vec<NamedRuleWithOperations>) -> Option<MatchResources> {
        Some(MatchResources { resource_rules: rules, ..MatchResources::default() })
    }

    /// Rules with the `{"a": "b"}` selectors and `Exact` match policy of upstream's valid cases.
    fn full(rules: Vec<NamedRuleWithOperations>) -> Option<MatchResources> {
        let selector =
            || Some(LabelSelector { match_labels: [("a".into(), "b".into())].into(), ..LabelSelector::default() });
        Some(MatchResources {
            namespace_selector: selector(),
            object_selector: selector(),
            resource_rules: rules,
            exclude_resource_rules: vec![],
            match_policy: Some(MatchPolicyType("Exact".into())),
        })
    }

    fn fail() -> Option<FailurePolicyType> {
        Some(FailurePolicyType("Fail".into()))
    }

    fn if_needed() -> ReinvocationPolicyType {
        ReinvocationPolicyType("IfNeeded".into())
    }

    /// A policy named `config` with only what `spec` sets, as upstream's cases build them.
    fn bare(spec: impl FnOnce(&mut MutatingAdmissionPolicySpec)) -> MutatingAdmissionPolicy {
        let mut p = MutatingAdmissionPolicy {
            metadata: ObjectMeta { name: "config".into(), ..ObjectMeta::default() },
            ..MutatingAdmissionPolicy::default()
        };
        spec(&mut p.spec);
        p
    }

    fn create(spec: impl FnOnce(&mut MutatingAdmissionPolicySpec), want: &str) {
        expect(validate_mutating_admission_policy(&bare(spec), None), want);
    }

    /// Only a `REPLICAS` apply configuration and the given match constraints.
    fn with_rules(mc: Option<MatchResources>, want: &str) {
        create(
            |s| {
                s.mutations = vec![apply(REPLICAS)];
                s.match_constraints = mc;
            },
            want,
        );
    }

    fn param_kind(api_version: &str, kind: &str) -> Option<ParamKind> {
        Some(ParamKind { api_version: api_version.into(), kind: kind.into() })
    }

    #[test]
    fn test_validate_mutating_admission_policy() {
        // "failure policy validation"
        create(
            |s| {
                s.failure_policy = Some(FailurePolicyType("other".into()));
                s.reinvocation_policy = if_needed();
                s.mutations = vec![apply(ODD_REPLICAS)];
            },
            r#"spec.failurePolicy: Unsupported value: "other": supported values: "Fail", "Ignore""#,
        );
        // "unsupported expression type validation"
        create(
            |s| {
                s.reinvocation_policy = if_needed();
                s.mutations = vec![apply("1 < 2")];
            },
            r#"spec.mutations[0].applyConfiguration.expression: Invalid value: "1 < 2": must evaluate to Object"#,
        );
        // "patchType validation"
        create(
            |s| {
                s.reinvocation_policy = if_needed();
                let mut m = apply(ODD_REPLICAS);
                m.patch_type.0 = "other".into();
                s.mutations = vec![m];
            },
            r#"spec.mutations[0].patchType: Unsupported value: "other": supported values: "ApplyConfiguration", "JSONPatch""#,
        );
        // "PatchType is JSONPatch but union member is ApplyConfiguration"
        create(
            |s| {
                s.reinvocation_policy = if_needed();
                let mut m = apply(ODD_REPLICAS);
                m.patch_type.0 = PatchType::JSON_PATCH.into();
                s.mutations = vec![m];
            },
            r#"spec.mutations[0].applyConfiguration: Invalid value: "{applyConfiguration}": must not be specified when patchType is JSONPatch"#,
        );
        // "PatchType is ApplyConfiguration but union member is JSONPatch"
        create(
            |s| {
                s.reinvocation_policy = if_needed();
                let mut m = patch(
                    "[\n\t\t\t\t\t\t\t\tJSONPatch{op: \"replace\", path: \"/spec/repliacs\", value: 1}\n\t\t\t\t\t\t\t]",
                );
                m.patch_type.0 = PatchType::APPLY_CONFIGURATION.into();
                s.mutations = vec![m];
            },
            r#"spec.mutations[0].jsonPatch: Invalid value: "{jsonPatch}": must not be specified when patchType is ApplyConfiguration"#,
        );
        // "JSONPatch is empty"
        create(
            |s| {
                s.reinvocation_policy = if_needed();
                let mut m = patch("");
                m.json_patch = None;
                s.mutations = vec![m];
            },
            "spec.mutations[0].jsonPatch: Required value: must be specified when patchType is JSONPatch",
        );
        // "JSONPatch has an empty value expression"
        create(
            |s| {
                s.reinvocation_policy = if_needed();
                s.mutations = vec![patch("   ")];
            },
            "spec.mutations[0].jsonPatch.expression: Required value",
        );
        // "invalid variable"
        create(
            |s| {
                s.variables = vec![Variable { name: "x".into(), expression: "///".into() }];
                s.reinvocation_policy = if_needed();
                s.mutations = vec![patch(
                    "[\n\t\t\t\t\t\t\t\tJSONPatch{op: \"add\", path: \"/spec/repliacs\", value: variables.x}\n\t\t\t\t\t\t\t]",
                )];
            },
            r#"spec.variables[0].expression: Invalid value: "///": compilation failed"#,
        );
        // "Reference to missing variable"
        create(
            |s| {
                s.variables = vec![Variable { name: "x".into(), expression: "10 + 10".into() }];
                s.reinvocation_policy = if_needed();
                s.mutations = vec![patch(
                    "[\n\t\t\t\t\t\t\t\tJSONPatch{op: \"add\", path: \"/spec/repliacs\", value: variables.x + variables.y}\n\t\t\t\t\t\t\t]",
                )];
            },
            "undefined field 'y'",
        );
        let with_kind = |pk: Option<ParamKind>, want: &str| {
            create(
                |s| {
                    s.mutations = vec![apply(REPLICAS)];
                    s.param_kind = pk;
                },
                want,
            )
        };
        // "API version is required in ParamKind"
        with_kind(
            param_kind("test.example.com", "Example"),
            r#"spec.paramKind.apiVersion: Invalid value: "test.example.com""#,
        );
        // "API kind is required in ParamKind"
        with_kind(param_kind("test.example.com/v1", ""), "spec.paramKind.kind: Required value");
        // "API version format in ParamKind"
        with_kind(param_kind("test.example.com/!!!", "Example"), r#"pec.paramKind.apiVersion: Invalid value: "!!!":"#);
        // "API group format in ParamKind"
        with_kind(param_kind("!!!/v1", "ReplicaLimit"), r#"pec.paramKind.apiVersion: Invalid value: "!!!":"#);
        // "Validations is required"
        create(
            |_| {},
            "spec.failurePolicy: Required value, spec.matchConstraints: Required value, spec.mutations: Required value: mutations must contain at least one item",
        );
        // "MatchConstraints is required"
        with_rules(None, "spec.matchConstraints: Required value");
        // "matchConstraints.resourceRules is required"
        with_rules(Some(MatchResources::default()), "spec.matchConstraints.resourceRules: Required value");
        // "matchConstraints.resourceRules has at least one explicit rule"
        let mut empty = rule(&[], &[]);
        empty.rule_with_operations.rule.api_groups.clear();
        empty.rule_with_operations.rule.api_versions.clear();
        empty.resource_names = vec!["/./.".into()];
        with_rules(
            rules_only(vec![empty.clone()]),
            "spec.matchConstraints.resourceRules[0].apiVersions: Required value",
        );
        // "expression is required"
        create(|s| s.mutations = vec![apply("")], "spec.mutations[0].applyConfiguration.expression: Required value");
        // "matchResources resourceNames check"
        with_rules(
            rules_only(vec![empty.clone()]),
            r#"spec.matchConstraints.resourceRules[0].resourceNames[0]: Invalid value: "/./.""#,
        );
        // "matchResources resourceNames cannot duplicate"
        empty.resource_names = vec!["test".into(), "test".into()];
        with_rules(
            rules_only(vec![empty]),
            r#"spec.matchConstraints.resourceRules[0].resourceNames[1]: Duplicate value: "test""#,
        );
        // "matchResources validation: matchPolicy"
        with_rules(
            Some(MatchResources { match_policy: Some(MatchPolicyType("other".into())), ..MatchResources::default() }),
            r#"spec.matchConstraints.matchPolicy: Unsupported value: "other": supported values: "Equivalent", "Exact""#,
        );
        // "Operations must not be empty or nil"
        let mut mc = full(vec![rule(&[], &["a"]), rule(&[], &["a"])]);
        if let Some(mc) = &mut mc {
            mc.exclude_resource_rules = vec![rule(&[], &["a"]), rule(&[], &["a"])];
        }
        create(
            |s| {
                s.mutations = vec![apply(REPLICAS)];
                s.failure_policy = fail();
                s.match_constraints = mc;
            },
            "spec.matchConstraints.resourceRules[0].operations: Required value, spec.matchConstraints.resourceRules[1].operations: Required value, spec.matchConstraints.excludeResourceRules[0].operations: Required value, spec.matchConstraints.excludeResourceRules[1].operations: Required value",
        );
        // "\"\" is NOT a valid operation"
        with_rules(rules_only(vec![rule(&["CREATE", ""], &["a"])]), r#"Unsupported value: """#);
        // "operation must be either create/update"
        with_rules(rules_only(vec![rule(&["PATCH"], &["a"])]), r#"Unsupported value: "PATCH""#);
        // "operation must not be delete"
        with_rules(rules_only(vec![rule(&["DELETE"], &["a"])]), r#"Unsupported value: "DELETE""#);
        // "wildcard operation cannot be mixed with other strings"
        with_rules(
            rules_only(vec![rule(&["CREATE", "*"], &["a"])]),
            "if '*' is present, must not specify other operations",
        );
        let valid = |resources: &[&str]| {
            let mc = full(vec![rule(&["CREATE"], resources)]);
            create(
                |s| {
                    s.failure_policy = fail();
                    s.reinvocation_policy = if_needed();
                    s.mutations = vec![apply(REPLICAS)];
                    s.match_constraints = mc;
                },
                "",
            )
        };
        // `resource "*" can co-exist with resources that have subresources`
        valid(&["*", "a/b", "a/*", "*/b"]);
        // `resource "*" cannot mix with resources that don't have subresources`
        with_rules(
            rules_only(vec![rule(&["CREATE"], &["*", "a"])]),
            "if '*' is present, must not specify other resources without subresources",
        );
        // "resource a/* cannot mix with a/x"
        with_rules(
            rules_only(vec![rule(&["CREATE"], &["a/*", "a/x"])]),
            r#"spec.matchConstraints.resourceRules[0].resources[1]: Invalid value: "a/x": if 'a/*' is present, must not specify a/x"#,
        );
        // "resource a/* can mix with a"
        valid(&["a/*", "a"]);
        // "resource */a cannot mix with x/a"
        with_rules(
            rules_only(vec![rule(&["CREATE"], &["*/a", "x/a"])]),
            r#"spec.matchConstraints.resourceRules[0].resources[1]: Invalid value: "x/a": if '*/a' is present, must not specify x/a"#,
        );
        // "resource */* cannot mix with other resources"
        with_rules(
            rules_only(vec![rule(&["CREATE"], &["*/*", "a"])]),
            r#"spec.matchConstraints.resourceRules[0].resources: Invalid value: ["*/*","a"]: if '*/*' is present, must not specify other resources"#,
        );
        // "patchType required"
        create(
            |s| {
                let mut m = apply(REPLICAS);
                m.patch_type.0.clear();
                s.mutations = vec![m];
                s.match_constraints = rules_only(vec![rule(&["CREATE"], &["*/*"])]);
            },
            "spec.mutations[0].patchType: Required value",
        );
        // "single match condition must have a name"
        create(
            |s| {
                s.match_conditions = vec![MatchCondition { name: String::new(), expression: "true".into() }];
                s.mutations = vec![apply(REPLICAS)];
            },
            "spec.matchConditions[0].name: Required value",
        );
        let has_params =
            || vec![MatchCondition { name: "hasParams".into(), expression: r#"params.foo == "okay""#.into() }];
        // "match condition with parameters allowed"
        create(
            |s| {
                s.param_kind = param_kind("foobar/v1alpha1", "Foo");
                s.match_constraints = full(vec![rule(&["CREATE", "UPDATE"], &["a"])]);
                s.failure_policy = fail();
                s.match_conditions = has_params();
                s.reinvocation_policy = if_needed();
                s.mutations = vec![apply(REPLICAS)];
            },
            "",
        );
        // "match condition with parameters not allowed if no param kind"
        create(
            |s| {
                s.match_constraints = full(vec![rule(&["*"], &["a"])]);
                s.failure_policy = fail();
                s.match_conditions = has_params();
                s.mutations = vec![apply(REPLICAS)];
            },
            "undeclared reference to 'params'",
        );
    }

    #[test]
    fn test_validate_mutating_admission_policy_update() {
        let update = |new: &MutatingAdmissionPolicy, old: &MutatingAdmissionPolicy, want: &str| {
            expect(validate_mutating_admission_policy(new, Some(old)), want)
        };
        let valid = bare(|s| {
            s.failure_policy = fail();
            s.reinvocation_policy = if_needed();
            s.mutations = vec![apply(REPLICAS)];
            s.match_constraints = full(vec![rule(&["CREATE"], &["a"])]);
        });
        // "should pass on valid new MutatingAdmissionPolicy"
        let old = bare(|s| {
            s.mutations = vec![apply(REPLICAS)];
            s.match_constraints = rules_only(vec![rule(&["CREATE"], &["a"])]);
        });
        update(&valid, &old, "");
        // "should pass on valid new MutatingAdmissionPolicy with invalid old MutatingAdmissionPolicy"
        update(&valid, &bare(|_| {}), "");
        let has_params =
            || vec![MatchCondition { name: "hasParams".into(), expression: r#"params.foo == "okay""#.into() }];
        // "match conditions re-checked if paramKind changes"
        let old = bare(|s| {
            s.param_kind = param_kind("foobar/v1alpha1", "Foo");
            s.match_constraints = full(vec![rule(&["*"], &["a"])]);
            s.failure_policy = fail();
            s.match_conditions = has_params();
            s.mutations = vec![apply(REPLICAS)];
        });
        let mut new = old.clone();
        new.spec.param_kind = None;
        update(&new, &old, "undeclared reference to 'params'");
        // "match conditions not re-checked if no change to paramKind or matchConditions"
        let old = bare(|s| {
            s.match_constraints = full(vec![rule(&["CREATE", "UPDATE"], &["a"])]);
            s.failure_policy = fail();
            s.match_conditions = has_params();
            s.reinvocation_policy = if_needed();
            s.mutations = vec![apply(REPLICAS)];
        });
        let mut new = old.clone();
        new.spec.failure_policy = Some(FailurePolicyType("Ignore".into()));
        update(&new, &old, "");
        // "matchCondition expressions that are changed must be compiled using the NewExpression
        // environment" (upstream's `mutatingAdmissionPolicyWithExpressions` helper is not pinned
        // here; `valid` stands for the policy it builds around the conditions)
        let with_condition = |expression: &str| {
            let mut p = valid.clone();
            p.spec.match_conditions =
                vec![MatchCondition { name: "checkEnvironmentMode".into(), expression: expression.into() }];
            p
        };
        update(&with_condition("test() == true"), &with_condition("true"), "undeclared reference to 'test'");
    }

    fn bind(spec: impl FnOnce(&mut MutatingAdmissionPolicyBindingSpec)) -> MutatingAdmissionPolicyBinding {
        let mut b = MutatingAdmissionPolicyBinding {
            metadata: ObjectMeta { name: "config".into(), ..ObjectMeta::default() },
            ..MutatingAdmissionPolicyBinding::default()
        };
        b.spec.policy_name = "xyzlimit-scale.example.com".into();
        b.spec.param_ref = Some(ParamRef {
            name: "xyzlimit-scale-setting.example.com".into(),
            parameter_not_found_action: Some(ParameterNotFoundActionType("Deny".into())),
            ..ParamRef::default()
        });
        spec(&mut b.spec);
        b
    }

    fn binding_expect(spec: impl FnOnce(&mut MutatingAdmissionPolicyBindingSpec), want: &str) {
        expect(validate_mutating_admission_policy_binding(&bind(spec), None), want);
    }

    #[test]
    fn test_validate_mutating_admission_policy_binding() {
        // "PolicyName is required"
        expect(
            validate_mutating_admission_policy_binding(
                &bind(|s| *s = MutatingAdmissionPolicyBindingSpec::default()),
                None,
            ),
            "spec.policyName: Required value",
        );
        // "matchResources validation: matchPolicy"
        binding_expect(
            |s| {
                s.match_resources = Some(MatchResources {
                    match_policy: Some(MatchPolicyType("other".into())),
                    ..MatchResources::default()
                })
            },
            r#"spec.matchResources.matchPolicy: Unsupported value: "other": supported values: "Equivalent", "Exact""#,
        );
        // "Operations must not be empty or nil"
        binding_expect(
            |s| {
                s.match_resources = Some(MatchResources {
                    resource_rules: vec![rule(&[], &["a"]), rule(&[], &["a"])],
                    exclude_resource_rules: vec![rule(&[], &["a"]), rule(&[], &["a"])],
                    ..MatchResources::default()
                })
            },
            "spec.matchResources.resourceRules[0].operations: Required value, spec.matchResources.resourceRules[1].operations: Required value, spec.matchResources.excludeResourceRules[0].operations: Required value, spec.matchResources.excludeResourceRules[1].operations: Required value",
        );
        let with_rule = |ops: &[&str], resources: &[&str], want: &str| {
            let mr = rules_only(vec![rule(ops, resources)]);
            binding_expect(|s| s.match_resources = mr, want)
        };
        // "\"\" is NOT a valid operation"
        with_rule(&["CREATE", ""], &["a"], r#"Unsupported value: """#);
        // "operation must be either create/update"
        with_rule(&["PATCH"], &["a"], r#"Unsupported value: "PATCH""#);
        // "operation must not be delete"
        with_rule(&["DELETE"], &["a"], r#"Unsupported value: "DELETE""#);
        // "wildcard operation cannot be mixed with other strings"
        with_rule(&["CREATE", "*"], &["a"], "if '*' is present, must not specify other operations");
        let valid = |resources: &[&str]| {
            let mr = full(vec![rule(&["CREATE"], resources)]);
            binding_expect(|s| s.match_resources = mr, "")
        };
        // `resource "*" can co-exist with resources that have subresources`
        valid(&["*", "a/b", "a/*", "*/b"]);
        // `resource "*" cannot mix with resources that don't have subresources`
        with_rule(&["CREATE"], &["*", "a"], "if '*' is present, must not specify other resources without subresources");
        // "resource a/* cannot mix with a/x"
        with_rule(
            &["CREATE"],
            &["a/*", "a/x"],
            r#"spec.matchResources.resourceRules[0].resources[1]: Invalid value: "a/x": if 'a/*' is present, must not specify a/x"#,
        );
        // "resource a/* can mix with a"
        valid(&["a/*", "a"]);
        // "resource */a cannot mix with x/a"
        with_rule(
            &["CREATE"],
            &["*/a", "x/a"],
            r#"spec.matchResources.resourceRules[0].resources[1]: Invalid value: "x/a": if '*/a' is present, must not specify x/a"#,
        );
        // "resource */* cannot mix with other resources"
        with_rule(
            &["CREATE"],
            &["*/*", "a"],
            r#"spec.matchResources.resourceRules[0].resources: Invalid value: ["*/*","a"]: if '*/*' is present, must not specify other resources"#,
        );
        // "paramRef selector must not be set when name is set"
        binding_expect(
            |s| {
                if let Some(pr) = &mut s.param_ref {
                    pr.selector = Some(LabelSelector {
                        match_labels: [("label".into(), "value".into())].into(),
                        ..LabelSelector::default()
                    });
                }
            },
            "spec.paramRef.name: Forbidden: name and selector are mutually exclusive, spec.paramRef.selector: Forbidden: name and selector are mutually exclusive",
        );
        // "paramRef parameterNotFoundAction must be set"
        binding_expect(
            |s| {
                if let Some(pr) = &mut s.param_ref {
                    pr.parameter_not_found_action = None;
                }
            },
            "spec.paramRef.parameterNotFoundAction: Required value",
        );
        // "paramRef parameterNotFoundAction must be an valid value"
        binding_expect(
            |s| {
                if let Some(pr) = &mut s.param_ref {
                    pr.parameter_not_found_action = Some(ParameterNotFoundActionType("invalid".into()));
                }
            },
            r#"spec.paramRef.parameterNotFoundAction: Unsupported value: "invalid": supported values: "Deny", "Allow""#,
        );
        // "paramRef one of name or selector"
        binding_expect(
            |s| {
                if let Some(pr) = &mut s.param_ref {
                    pr.name.clear();
                }
            },
            "one of name or selector must be specified",
        );
    }

    #[test]
    fn test_validate_mutating_admission_policy_binding_update() {
        let valid = bind(|s| s.match_resources = full(vec![rule(&["CREATE"], &["a"])]));
        // "should pass on valid new MutatingAdmissionPolicyBinding"
        expect(validate_mutating_admission_policy_binding(&valid, Some(&valid)), "");
        // "should pass on valid new MutatingAdmissionPolicyBinding with invalid old
        // ValidatingAdmissionPolicyBinding"
        let invalid = bind(|s| *s = MutatingAdmissionPolicyBindingSpec::default());
        expect(validate_mutating_admission_policy_binding(&valid, Some(&invalid)), "");
    }
}
