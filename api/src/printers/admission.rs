//! Printers of the `admissionregistration.k8s.io` kinds: webhook configurations and admission policies with their bindings.

use std::any::Any;

use super::{AGE, Column, NAME, Printed, age, col};
use crate::meta::v1::LabelSelector;

const WEBHOOKS: &[Column] = &[NAME, col("Webhooks", "integer", "The number of webhooks in the configuration."), AGE];
const VALIDATING_POLICY: &[Column] = &[
    NAME,
    col("Validations", "integer", "The number of validation rules of the policy."),
    col("ParamKind", "string", "The kind of the resources that parameterize the policy."),
    AGE,
];
const MUTATING_POLICY: &[Column] = &[
    NAME,
    col("Mutations", "integer", "The number of mutations of the policy."),
    col("ParamKind", "string", "The kind of the resources that parameterize the policy."),
    AGE,
];
const BINDING: &[Column] = &[
    NAME,
    col("PolicyName", "string", "The policy the binding binds."),
    col("ParamRef", "string", "The parameter resources the binding uses."),
    AGE,
];

/// A label selector as Go's generated `String()` of `metav1.LabelSelector` writes it, which is
/// what upstream prints for a binding whose parameters are chosen by selector.
fn go_selector_string(s: &LabelSelector) -> String {
    let labels: String = s.match_labels.iter().map(|(k, v)| format!("{k}: {v},")).collect();
    let exprs: String = s
        .match_expressions
        .iter()
        .map(|r| {
            format!(
                "LabelSelectorRequirement{{Key:{},Operator:{},Values:[{}],}},",
                r.key,
                r.operator.0,
                r.values.join(" ")
            )
        })
        .collect();
    format!(
        "&LabelSelector{{MatchLabels:map[string]string{{{labels}}},MatchExpressions:[]LabelSelectorRequirement{{{exprs}}},}}"
    )
}

/// Upstream's parameter cell of a binding: `namespace/name`, `*/name` without a namespace,
/// the selector, or `<unset>`.
fn param_ref(name: &str, namespace: &str, selector: Option<&LabelSelector>) -> String {
    if !name.is_empty() {
        if namespace.is_empty() { format!("*/{name}") } else { format!("{namespace}/{name}") }
    } else {
        selector.map_or_else(|| "<unset>".to_owned(), go_selector_string)
    }
}

macro_rules! webhooks {
    ($any:ident, $now:ident, $($v:ident),+) => {$(
        if let Some(o) = $any.downcast_ref::<crate::admissionregistration::$v::ValidatingWebhookConfiguration>() {
            let cells = vec![o.metadata.name.clone().into(), (o.webhooks.len() as i64).into(), age(&o.metadata, $now)];
            return Some(Printed::new(WEBHOOKS, cells));
        }
        if let Some(o) = $any.downcast_ref::<crate::admissionregistration::$v::MutatingWebhookConfiguration>() {
            let cells = vec![o.metadata.name.clone().into(), (o.webhooks.len() as i64).into(), age(&o.metadata, $now)];
            return Some(Printed::new(WEBHOOKS, cells));
        }
    )+};
}

macro_rules! policies {
    ($any:ident, $now:ident, $($v:ident),+) => {$(
        if let Some(o) = $any.downcast_ref::<crate::admissionregistration::$v::ValidatingAdmissionPolicy>() {
            let kind = o.spec.param_kind.as_ref().map_or_else(|| "<unset>".to_owned(), |k| format!("{}/{}", k.api_version, k.kind));
            let cells = vec![
                o.metadata.name.clone().into(),
                (o.spec.validations.len() as i64).into(),
                kind.into(),
                age(&o.metadata, $now),
            ];
            return Some(Printed::new(VALIDATING_POLICY, cells));
        }
        if let Some(o) = $any.downcast_ref::<crate::admissionregistration::$v::MutatingAdmissionPolicy>() {
            let kind = o.spec.param_kind.as_ref().map_or_else(|| "<unset>".to_owned(), |k| format!("{}/{}", k.api_version, k.kind));
            let cells = vec![
                o.metadata.name.clone().into(),
                (o.spec.mutations.len() as i64).into(),
                kind.into(),
                age(&o.metadata, $now),
            ];
            return Some(Printed::new(MUTATING_POLICY, cells));
        }
        if let Some(o) = $any.downcast_ref::<crate::admissionregistration::$v::ValidatingAdmissionPolicyBinding>() {
            let p = o.spec.param_ref.as_ref().map_or_else(|| "<unset>".to_owned(), |r| param_ref(&r.name, &r.namespace, r.selector.as_ref()));
            let cells = vec![o.metadata.name.clone().into(), o.spec.policy_name.clone().into(), p.into(), age(&o.metadata, $now)];
            return Some(Printed::new(BINDING, cells));
        }
        if let Some(o) = $any.downcast_ref::<crate::admissionregistration::$v::MutatingAdmissionPolicyBinding>() {
            let p = o.spec.param_ref.as_ref().map_or_else(|| "<unset>".to_owned(), |r| param_ref(&r.name, &r.namespace, r.selector.as_ref()));
            let cells = vec![o.metadata.name.clone().into(), o.spec.policy_name.clone().into(), p.into(), age(&o.metadata, $now)];
            return Some(Printed::new(BINDING, cells));
        }
    )+};
}

pub(super) fn print(any: &dyn Any, now: i64) -> Option<Printed> {
    webhooks!(any, now, v1, v1beta1);
    policies!(any, now, v1, v1beta1, v1alpha1);
    None
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::meta::v1::{LabelSelectorOperator, LabelSelectorRequirement};

    #[test]
    fn binding_params_print_as_upstream() {
        assert_eq!(param_ref("p", "ns", None), "ns/p");
        assert_eq!(param_ref("p", "", None), "*/p");
        assert_eq!(param_ref("", "", None), "<unset>");
        let sel = LabelSelector {
            match_labels: [("a".to_owned(), "b".to_owned())].into(),
            match_expressions: vec![LabelSelectorRequirement {
                key: "k".into(),
                operator: LabelSelectorOperator("In".into()),
                values: vec!["x".into(), "y".into()],
            }],
        };
        assert_eq!(
            param_ref("", "", Some(&sel)),
            "&LabelSelector{MatchLabels:map[string]string{a: b,},MatchExpressions:[]LabelSelectorRequirement{LabelSelectorRequirement{Key:k,Operator:In,Values:[x y],},},}"
        );
    }
}
