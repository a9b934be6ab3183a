//! Every rule of the `MutatingAdmissionPolicy` and `…Binding` validation, each with the path and message it reports, and one write through v1beta1.

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
            r#"[spec.variables[0].name: Invalid value: "in": name is not a valid CEL identifier, spec.variables[0].expression: Invalid value: "1 +": {}]"#,
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

/// An update compiles only expressions the stored object did not have, and skips unchanged
/// match conditions as a validating policy's.
#[test]
fn updates_compile_only_new_expressions() {
    let stored = policy(|s| {
        s.match_conditions = vec![MatchCondition { name: "x".into(), expression: "test()".into() }];
        s.variables = vec![Variable { name: "v".into(), expression: "test()".into() }];
        s.mutations = vec![apply("test()")];
    });
    assert_eq!(message(&validate_mutating_admission_policy(&stored, Some(&stored))), "");
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
    changed.spec.mutations = vec![patch("test2()")];
    assert_eq!(
        message(&validate_mutating_admission_policy(&changed, Some(&stored))),
        format!(
            r#"spec.mutations[0].jsonPatch.expression: Invalid value: "test2()": {}"#,
            undeclared("test2()", 6, "test2")
        )
    );
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
