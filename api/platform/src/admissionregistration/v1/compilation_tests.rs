//! Compiling CEL when webhook configurations and validating admission policies are written: upstream's cases of `validation_test.go` (names, inputs, paths, messages) and the variables each kind of expression may use.

use super::*;
use crate::admissionregistration::v1::{
    FailurePolicyType, MatchPolicyType, OperationType, ParamKind, Rule, SideEffectClass, ValidatingAdmissionPolicySpec,
    Variable,
};
use crate::meta::v1::ObjectMeta;

fn message(errs: &ErrorList) -> String {
    kapi_machinery::validation::aggregate(errs).unwrap_or_default()
}

/// The detail upstream gives for an expression that does not compile: cel-go's message at line
/// 1, column `col`, then the expression and a caret under that column.
fn failed(src: &str, col: usize, msg: &str) -> String {
    format!("compilation failed: ERROR: <input>:1:{col}: {msg}\n | {src}\n | {}^", ".".repeat(col - 1))
}

fn undeclared(src: &str, col: usize, name: &str) -> String {
    failed(src, col, &format!("undeclared reference to '{name}' (in container '')"))
}

fn conditions(exprs: &[&str]) -> Vec<MatchCondition> {
    exprs.iter().enumerate().map(|(i, e)| MatchCondition { name: format!("c{i}"), expression: (*e).into() }).collect()
}

/// A valid configuration whose one webhook has match conditions with `exprs`.
fn webhooks(exprs: &[&str]) -> ValidatingWebhookConfiguration {
    ValidatingWebhookConfiguration {
        metadata: ObjectMeta { name: "config".into(), ..ObjectMeta::default() },
        webhooks: vec![ValidatingWebhook {
            name: "webhook.k8s.io".into(),
            client_config: WebhookClientConfig { url: Some("https://example.com".into()), ..Default::default() },
            side_effects: Some(SideEffectClass("None".into())),
            admission_review_versions: Some(vec!["v1".into()]),
            match_conditions: conditions(exprs),
            ..ValidatingWebhook::default()
        }],
        ..ValidatingWebhookConfiguration::default()
    }
}

fn mutating(cfg: &ValidatingWebhookConfiguration) -> MutatingWebhookConfiguration {
    let hooks = cfg.webhooks.iter().map(|h| MutatingWebhook {
        name: h.name.clone(),
        client_config: h.client_config.clone(),
        side_effects: h.side_effects.clone(),
        admission_review_versions: h.admission_review_versions.clone(),
        match_conditions: h.match_conditions.clone(),
        ..MutatingWebhook::default()
    });
    MutatingWebhookConfiguration {
        metadata: cfg.metadata.clone(),
        webhooks: hooks.collect(),
        ..MutatingWebhookConfiguration::default()
    }
}

/// The same answer from both kinds of configuration.
#[track_caller]
fn hooks_say(cfg: &ValidatingWebhookConfiguration, old: Option<&ValidatingWebhookConfiguration>, want: &str) {
    assert_eq!(message(&validate_validating_webhook_configuration(cfg, old)), want);
    let old = old.map(mutating);
    assert_eq!(message(&validate_mutating_webhook_configuration(&mutating(cfg), old.as_ref())), want);
}

/// `TestValidateValidatingWebhookConfiguration` and its mutating twin: "invalid expression" (the
/// expression is compiled and shown trimmed) and "must evaluate to bool" (upstream's test checks
/// that much of the message; 1.32's `CompileCELExpression` adds "but got int").
#[test]
fn webhook_match_conditions_compile() {
    hooks_say(
        &webhooks(&["object.x in [1, 2, "]),
        None,
        "webhooks[0].matchConditions[0].expression: Invalid value: \"object.x in [1, 2,\": compilation failed: ERROR: <input>:1:19: Syntax error: missing ']' at '<EOF>'\n | object.x in [1, 2,\n | ..................^",
    );
    hooks_say(
        &webhooks(&["6"]),
        None,
        r#"webhooks[0].matchConditions[0].expression: Invalid value: "6": must evaluate to bool but got int"#,
    );
    hooks_say(&webhooks(&["true"]), None, "");
}

/// A webhook's conditions see the request, the objects, the namespace and the authorizer, but no
/// parameters and no variables.
#[test]
fn webhook_match_conditions_see_the_admission_variables() {
    hooks_say(
        &webhooks(&[
            "request.userInfo.username != 'system:admin'",
            "has(object.metadata) && oldObject == null",
            "namespaceObject.metadata.name != 'kube-system'",
            "authorizer.group('apps').resource('deployments').check('create').allowed()",
        ]),
        None,
        "",
    );
    hooks_say(
        &webhooks(&["params.x == 1"]),
        None,
        &format!(
            r#"webhooks[0].matchConditions[0].expression: Invalid value: "params.x == 1": {}"#,
            undeclared("params.x == 1", 1, "params")
        ),
    );
    hooks_say(
        &webhooks(&["variables.x"]),
        None,
        &format!(
            r#"webhooks[0].matchConditions[0].expression: Invalid value: "variables.x": {}"#,
            undeclared("variables.x", 1, "variables")
        ),
    );
}

/// `TestValidate…WebhookConfigurationUpdate`: "must compile CEL expressions with StoredExpression
/// environment if unchanged" (kapi does not compile them) and "… NewExpression environment … if
/// changed". cel-go places an unknown function at its call's `(` (`1:5` here); kapi-cel at its
/// name.
#[test]
fn webhook_updates_compile_only_new_expressions() {
    let stored = webhooks(&["test() == true"]);
    hooks_say(&stored, Some(&stored), "");
    hooks_say(
        &stored,
        Some(&webhooks(&["true"])),
        &format!(
            r#"webhooks[0].matchConditions[0].expression: Invalid value: "test() == true": {}"#,
            undeclared("test() == true", 5, "test")
        ),
    );
    // Where the conditions changed, only the ones the stored object lacked are compiled.
    let grown = webhooks(&["test() == true", "test2()"]);
    hooks_say(
        &grown,
        Some(&stored),
        &format!(
            r#"webhooks[0].matchConditions[1].expression: Invalid value: "test2()": {}"#,
            undeclared("test2()", 6, "test2")
        ),
    );
}

fn policy(spec: impl FnOnce(&mut ValidatingAdmissionPolicySpec)) -> ValidatingAdmissionPolicy {
    let rule = NamedRuleWithOperations {
        resource_names: vec![],
        rule_with_operations: RuleWithOperations {
            operations: vec![OperationType("*".into())],
            rule: Rule {
                api_groups: vec!["a".into()],
                api_versions: vec!["a".into()],
                resources: vec!["a".into()],
                scope: None,
            },
        },
    };
    let selector = Some(LabelSelector::default());
    let mut p = ValidatingAdmissionPolicy {
        metadata: ObjectMeta { name: "config".into(), ..ObjectMeta::default() },
        spec: ValidatingAdmissionPolicySpec {
            match_constraints: Some(MatchResources {
                namespace_selector: selector.clone(),
                object_selector: selector,
                resource_rules: vec![rule],
                exclude_resource_rules: vec![],
                match_policy: Some(MatchPolicyType("Exact".into())),
            }),
            failure_policy: Some(FailurePolicyType("Ignore".into())),
            validations: vec![Validation { expression: "object.x < 100".into(), ..Validation::default() }],
            ..ValidatingAdmissionPolicySpec::default()
        },
        ..ValidatingAdmissionPolicy::default()
    };
    spec(&mut p.spec);
    p
}

fn says(p: &ValidatingAdmissionPolicy, old: Option<&ValidatingAdmissionPolicy>) -> String {
    message(&validate_validating_admission_policy(p, old))
}

fn annotation(value: &str) -> AuditAnnotation {
    AuditAnnotation { key: "something".into(), value_expression: value.into() }
}

fn with_params(s: &mut ValidatingAdmissionPolicySpec) {
    s.param_kind = Some(ParamKind { api_version: "foobar/v1alpha1".into(), kind: "Foo".into() });
}

/// `TestValidateValidatingAdmissionPolicy`: "invalid expression", "invalid messageExpression",
/// "messageExpression of wrong type", "invalid auditAnnotations valueExpression type" and
/// "invalid auditAnnotations valueExpression". Validations compile as written; audit annotation
/// values compile trimmed but show as written.
#[test]
fn policy_expressions_compile() {
    let broken = "object.x in [1, 2, ";
    assert_eq!(
        says(&policy(|s| s.validations[0].expression = broken.into()), None),
        "spec.validations[0].expression: Invalid value: \"object.x in [1, 2, \": compilation failed: ERROR: <input>:1:20: Syntax error: missing ']' at '<EOF>'\n | object.x in [1, 2, \n | ...................^"
    );
    let message_expression = |m: &str| {
        let m = m.to_owned();
        policy(move |s| {
            s.validations[0].expression = "true".into();
            s.validations[0].message_expression = m;
        })
    };
    assert_eq!(
        says(&message_expression(broken), None),
        "spec.validations[0].messageExpression: Invalid value: \"object.x in [1, 2, \": compilation failed: ERROR: <input>:1:20: Syntax error: missing ']' at '<EOF>'\n | object.x in [1, 2, \n | ...................^"
    );
    assert_eq!(
        says(&message_expression("0 == 0"), None),
        r#"spec.validations[0].messageExpression: Invalid value: "0 == 0": must evaluate to string but got bool"#
    );
    let annotated = |v: &str| {
        let a = annotation(v);
        policy(move |s| {
            s.validations.clear();
            s.audit_annotations = vec![a];
        })
    };
    assert_eq!(
        says(&annotated("true"), None),
        r#"spec.auditAnnotations[0].valueExpression: Invalid value: "true": must evaluate to one of [string null_type] but got bool"#
    );
    assert_eq!(
        says(&annotated(broken), None),
        "spec.auditAnnotations[0].valueExpression: Invalid value: \"object.x in [1, 2, \": compilation failed: ERROR: <input>:1:19: Syntax error: missing ']' at '<EOF>'\n | object.x in [1, 2,\n | ..................^"
    );
    assert_eq!(says(&annotated("null"), None), "");
    assert_eq!(
        says(&policy(|s| s.validations[0].expression = "6".into()), None),
        r#"spec.validations[0].expression: Invalid value: "6": must evaluate to bool but got int"#
    );
    assert_eq!(
        says(&policy(|s| s.validations[0].expression = "size(object.a, 1) > 0".into()), None),
        format!(
            r#"spec.validations[0].expression: Invalid value: "size(object.a, 1) > 0": {}"#,
            failed("size(object.a, 1) > 0", 5, "found no matching overload for 'size' applied to '(dyn, int)'")
        )
    );
}

/// "match condition with parameters allowed" and "… not allowed if no param kind"; the other
/// expressions see `params` on the same terms, and a message expression has no `authorizer`.
#[test]
fn policy_expressions_see_params_only_with_a_param_kind() {
    let uses_params = |s: &mut ValidatingAdmissionPolicySpec| {
        s.match_conditions = conditions(&[r#"params.foo == "okay""#]);
        s.validations[0].expression = "object.x < params.max".into();
        s.audit_annotations = vec![annotation("string(params.max)")];
    };
    assert_eq!(
        says(
            &policy(|s| {
                with_params(s);
                uses_params(s);
            }),
            None
        ),
        ""
    );
    assert_eq!(
        says(&policy(uses_params), None),
        format!(
            r#"[spec.matchConditions[0].expression: Invalid value: "params.foo == \"okay\"": {}, spec.validations[0].expression: Invalid value: "object.x < params.max": {}, spec.auditAnnotations[0].valueExpression: Invalid value: "string(params.max)": {}]"#,
            undeclared(r#"params.foo == "okay""#, 1, "params"),
            undeclared("object.x < params.max", 12, "params"),
            undeclared("string(params.max)", 8, "params"),
        )
    );
    assert_eq!(
        says(
            &policy(|s| {
                s.validations[0].message_expression = "authorizer.group('').resource('x').check('get').reason()".into()
            }),
            None
        ),
        format!(
            r#"spec.validations[0].messageExpression: Invalid value: "{0}": {1}"#,
            "authorizer.group('').resource('x').check('get').reason()",
            undeclared("authorizer.group('').resource('x').check('get').reason()", 1, "authorizer")
        )
    );
    assert_eq!(
        says(
            &policy(|s| s.validations[0].expression = "authorizer.requestResource.check('get').allowed()".into()),
            None
        ),
        ""
    );
}

/// `variables` exists only where the policy has variables, not in match conditions, and holds
/// the variables declared before the expression.
#[test]
fn policy_variables_compose_in_order() {
    let var = |name: &str, expression: &str| Variable { name: name.into(), expression: expression.into() };
    assert_eq!(
        says(
            &policy(|s| {
                s.variables = vec![var("a", "object.x"), var("b", "variables.a + 1")];
                s.validations[0].expression = "variables.b < 100".into();
                s.validations[0].message_expression = "string(variables.a)".into();
            }),
            None
        ),
        ""
    );
    assert_eq!(
        says(
            &policy(|s| {
                s.variables = vec![var("a", "variables.b"), var("b", "1 +")];
                s.validations[0].expression = "variables.c".into();
            }),
            None
        ),
        format!(
            r#"[spec.variables[0].expression: Invalid value: "variables.b": {}, spec.variables[1].expression: Invalid value: "1 +": {}, spec.validations[0].expression: Invalid value: "variables.c": {}]"#,
            failed("variables.b", 10, "undefined field 'b'"),
            failed("1 +", 4, "Syntax error: mismatched input '<EOF>'"),
            failed("variables.c", 10, "undefined field 'c'"),
        )
    );
    assert_eq!(
        says(&policy(|s| s.validations[0].expression = "variables.a > 0".into()), None),
        format!(
            r#"spec.validations[0].expression: Invalid value: "variables.a > 0": {}"#,
            undeclared("variables.a > 0", 1, "variables")
        )
    );
    assert_eq!(
        says(
            &policy(|s| {
                s.variables = vec![var("a", "true")];
                s.match_conditions = conditions(&["variables.a"]);
            }),
            None
        ),
        format!(
            r#"spec.matchConditions[0].expression: Invalid value: "variables.a": {}"#,
            undeclared("variables.a", 1, "variables")
        )
    );
}

/// `TestValidateValidatingAdmissionPolicyUpdate`: "match conditions re-checked if paramKind
/// changes", "… not re-checked if no change to paramKind or matchConditions", "expressions that
/// are not changed must be compiled using the StoredExpression environment" and the four "…
/// that are changed must be compiled using the NewExpression environment" (kapi-cel places
/// `test(` at the name, cel-go at the `(`).
#[test]
fn policy_updates_compile_only_new_expressions() {
    let with_condition = |params: bool| {
        policy(move |s| {
            if params {
                with_params(s);
            }
            s.match_conditions = conditions(&[r#"params.foo == "okay""#]);
        })
    };
    assert_eq!(
        says(&with_condition(false), Some(&with_condition(true))),
        format!(
            r#"spec.matchConditions[0].expression: Invalid value: "params.foo == \"okay\"": {}"#,
            undeclared(r#"params.foo == "okay""#, 1, "params")
        )
    );
    let mut relaxed = with_condition(true);
    relaxed.spec.failure_policy = Some(FailurePolicyType("Fail".into()));
    relaxed.spec.validations[0].expression = "object.x < 50".into();
    assert_eq!(says(&relaxed, Some(&with_condition(true))), "");

    let all = |e: &str, m: &str, a: &str| {
        let (e, m, a) = (e.to_owned(), m.to_owned(), a.to_owned());
        policy(move |s| {
            s.match_conditions = conditions(&[&e]);
            s.validations = vec![Validation { expression: e, message_expression: m, ..Validation::default() }];
            s.audit_annotations = vec![annotation(&a)];
        })
    };
    let stored = all("test() == true", "string(test())", "string(test())");
    assert_eq!(says(&stored, Some(&stored)), "");
    // Renamed variables change what `variables` holds: the stored expressions are compiled again.
    let var = |name: &str| vec![Variable { name: name.into(), expression: "1".into() }];
    let uses_a = policy(|s| {
        s.variables = var("a");
        s.validations[0].expression = "variables.a > 0".into();
    });
    let mut renamed = uses_a.clone();
    renamed.spec.variables = var("b");
    assert_eq!(
        says(&renamed, Some(&uses_a)),
        format!(
            r#"spec.validations[0].expression: Invalid value: "variables.a > 0": {}"#,
            failed("variables.a > 0", 10, "undefined field 'a'")
        )
    );
    // Stored so (before kapi compiled anything), it stays updatable while nothing it sees changes.
    assert_eq!(says(&renamed, Some(&renamed)), "");
    let before = all("true", "'test'", "'test'");
    assert_eq!(
        says(&stored, Some(&before)),
        format!(
            r#"[spec.matchConditions[0].expression: Invalid value: "test() == true": {}, spec.validations[0].expression: Invalid value: "test() == true": {}, spec.validations[0].messageExpression: Invalid value: "string(test())": {}, spec.auditAnnotations[0].valueExpression: Invalid value: "string(test())": {}]"#,
            undeclared("test() == true", 5, "test"),
            undeclared("test() == true", 5, "test"),
            undeclared("string(test())", 12, "test"),
            undeclared("string(test())", 12, "test"),
        )
    );
}

/// Expressions are type-checked against upstream's declarations: `request` and
/// `namespaceObject` are objects with upstream's fields, `object`, `oldObject` and `params` are
/// `dyn`, and the result type is the checker's: a `dyn` result is refused as upstream refuses
/// it, unless the checker had to guess (here the variable `a`, whose type kapi could not know).
#[test]
fn expressions_are_type_checked() {
    use super::super::cel_checks::{Env, Want, check};
    let env = Env {
        params: true,
        authorizer: true,
        variables: Some(&[("a", None), ("n", Some(kapi_cel::Type::Int)), ("d", Some(kapi_cel::Type::Dyn))]),
        patch_types: false,
    };
    let ok = |src: &str, want| assert_eq!(check(src, env, want), Ok(()), "{src}");
    ok("request.userInfo.username == 'admin'", Want::Bool);
    ok("request.userInfo.groups.exists(g, g == 'system:masters')", Want::Bool);
    ok("namespaceObject.metadata.labels['env'] == 'prod'", Want::Bool);
    ok("object.spec.replicas > params.max", Want::Bool);
    ok("authorizer.requestResource.check('get').allowed()", Want::Bool);
    ok("'name: ' + request.name", Want::String);
    ok("has(object.x)", Want::Bool);
    ok("variables.a", Want::String);
    assert_eq!(check("object.x", env, Want::Bool), Err("must evaluate to bool but got dyn".into()));
    assert_eq!(check("params.x", env, Want::String), Err("must evaluate to string but got dyn".into()));
    assert_eq!(check("variables.d", env, Want::Bool), Err("must evaluate to bool but got dyn".into()));
    assert_eq!(check("true ? object.x : false", env, Want::Bool), Err("must evaluate to bool but got dyn".into()));
    ok("variables.n + 1 > 2", Want::Bool);
    assert_eq!(
        check("variables.n + 'a'", env, Want::Bool),
        Err(failed("variables.n + 'a'", 13, "found no matching overload for '_+_' applied to '(int, string)'"))
    );
    assert_eq!(
        check("request.user == 'x'", env, Want::Bool),
        Err(failed("request.user == 'x'", 8, "undefined field 'user'"))
    );
    assert_eq!(
        check("request.dryRun + 1", env, Want::Bool),
        Err(failed("request.dryRun + 1", 16, "found no matching overload for '_+_' applied to '(bool, int)'"))
    );
    assert_eq!(check("request.name", env, Want::Bool), Err("must evaluate to bool but got string".into()));
    assert_eq!(
        check("size(request.userInfo.groups)", env, Want::String),
        Err("must evaluate to string but got int".into())
    );
    assert_eq!(
        check("1 + 2", env, Want::StringOrNull),
        Err("must evaluate to one of [string null_type] but got int".into())
    );
    // The namespace's timestamps are timestamps to the checker, as upstream declares them.
    ok("namespaceObject.metadata.creationTimestamp < timestamp('2030-01-01T00:00:00Z')", Want::Bool);
    assert_eq!(
        check("namespaceObject.status.conditions[0].lastTransitionTime.startsWith('2')", env, Want::Bool),
        Err(failed(
            "namespaceObject.status.conditions[0].lastTransitionTime.startsWith('2')",
            67,
            "found no matching overload for 'startsWith' applied to 'google.protobuf.Timestamp.(string)'"
        ))
    );
}
