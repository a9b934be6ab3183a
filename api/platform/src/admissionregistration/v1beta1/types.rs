//! The `admissionregistration.k8s.io/v1beta1` types: webhook configurations and admission policies.

use kapi_machinery::TypeMeta;

use crate::Kapi;
use crate::meta::v1::{Condition, LabelSelector, ListMeta, ObjectMeta, StatusReason};

/// A set of API groups, versions and resources a rule matches; the same type as in v1.
pub type Rule = crate::admissionregistration::v1::Rule;

/// The scope a rule applies to; the same type as in v1.
pub type ScopeType = crate::admissionregistration::v1::ScopeType;

/// What happens when calling a webhook or evaluating a policy fails.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct FailurePolicyType(pub String);

impl FailurePolicyType {
    /// The error is ignored.
    pub const IGNORE: &'static str = "Ignore";
    /// The error rejects the request.
    pub const FAIL: &'static str = "Fail";
}

/// What a binding does when the parameter resources it refers to are not found.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct ParameterNotFoundActionType(pub String);

impl ParameterNotFoundActionType {
    /// Admit the request.
    pub const ALLOW: &'static str = "Allow";
    /// Apply the policy's failure policy.
    pub const DENY: &'static str = "Deny";
}

/// How rules are matched against incoming requests.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct MatchPolicyType(pub String);

impl MatchPolicyType {
    /// Match only requests that exactly match a rule.
    pub const EXACT: &'static str = "Exact";
    /// Also match requests to equivalent resources in other groups or versions.
    pub const EQUIVALENT: &'static str = "Equivalent";
}

/// The side effects calling a webhook may have.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct SideEffectClass(pub String);

impl SideEffectClass {
    /// Nothing is known about the side effects.
    pub const UNKNOWN: &'static str = "Unknown";
    /// The webhook has no side effects.
    pub const NONE: &'static str = "None";
    /// The webhook may have side effects.
    pub const SOME: &'static str = "Some";
    /// The webhook suppresses its side effects for dry-run requests.
    pub const NONE_ON_DRY_RUN: &'static str = "NoneOnDryRun";
}

/// A policy that admits or rejects objects with CEL validations, without changing them.
///
/// +genclient
/// +categories=api-extensions
/// +genclient:nonNamespaced
/// +k8s:prerelease-lifecycle-gen:introduced=1.28
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(kind, group = "admissionregistration.k8s.io", version = "v1beta1")]
pub struct ValidatingAdmissionPolicy {
    /// Kind and API version.
    #[kapi(inline)]
    pub type_meta: TypeMeta,
    /// Standard object metadata.
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub metadata: ObjectMeta,
    /// The desired behaviour of the policy.
    #[kapi(proto = 2, omitempty)]
    pub spec: ValidatingAdmissionPolicySpec,
    /// The observed state of the policy, such as type-checking results.
    #[kapi(proto = 3, omitempty)]
    #[kapi(optional)]
    pub status: ValidatingAdmissionPolicyStatus,
}

/// The observed state of a ValidatingAdmissionPolicy.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct ValidatingAdmissionPolicyStatus {
    /// The generation the controller last observed.
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub observed_generation: i64,
    /// The results of type-checking the policy's expressions.
    #[kapi(proto = 2, omitempty)]
    #[kapi(optional)]
    pub type_checking: Option<TypeChecking>,
    /// The latest observations of the policy's state.
    ///
    /// +k8s:alpha(since: "1.37")=+k8s:optional
    /// +k8s:alpha(since: "1.37")=+k8s:listType=map
    /// +k8s:alpha(since: "1.37")=+k8s:listMapKey=type
    #[kapi(proto = 3, omitempty)]
    #[kapi(optional, list_type = "map", list_map_key = "type")]
    pub conditions: Vec<Condition>,
}

/// The results of type-checking a policy's expressions.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct TypeChecking {
    /// One warning per expression that failed type checking.
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional, list_type = "atomic")]
    pub expression_warnings: Vec<ExpressionWarning>,
}

/// A type-checking warning for one expression.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct ExpressionWarning {
    /// The path of the field that holds the expression.
    #[kapi(proto = 2)]
    pub field_ref: String,
    /// The human-readable type-checking message.
    #[kapi(proto = 3)]
    pub warning: String,
}

/// A list of ValidatingAdmissionPolicy objects.
///
/// +k8s:prerelease-lifecycle-gen:introduced=1.28
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(kind, group = "admissionregistration.k8s.io", version = "v1beta1")]
pub struct ValidatingAdmissionPolicyList {
    /// Kind and API version.
    #[kapi(inline)]
    pub type_meta: TypeMeta,
    /// Standard list metadata.
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub metadata: ListMeta,
    /// The policies.
    #[kapi(proto = 2)]
    pub items: Option<Vec<ValidatingAdmissionPolicy>>,
}

/// The desired behaviour of a ValidatingAdmissionPolicy.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct ValidatingAdmissionPolicySpec {
    /// The kind of resource that parameterizes the policy, if any.
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub param_kind: Option<ParamKind>,
    /// The requests the policy applies to.
    #[kapi(proto = 2, omitempty)]
    pub match_constraints: Option<MatchResources>,
    /// The CEL validations to evaluate.
    #[kapi(proto = 3, omitempty)]
    #[kapi(optional, list_type = "atomic")]
    pub validations: Vec<Validation>,
    /// How errors while evaluating the policy are handled.
    #[kapi(proto = 4, omitempty)]
    #[kapi(optional)]
    pub failure_policy: Option<FailurePolicyType>,
    /// CEL expressions that produce audit annotations.
    #[kapi(proto = 5, omitempty)]
    #[kapi(optional, list_type = "atomic")]
    pub audit_annotations: Vec<AuditAnnotation>,
    /// Conditions a request must meet before the policy is evaluated.
    #[kapi(proto = 6, omitempty)]
    #[kapi(optional, patch_strategy = "merge", patch_merge_key = "name", list_type = "map", list_map_key = "name")]
    pub match_conditions: Vec<MatchCondition>,
    /// Named CEL expressions other expressions can refer to.
    #[kapi(proto = 7, omitempty)]
    #[kapi(optional, patch_strategy = "merge", patch_merge_key = "name", list_type = "map", list_map_key = "name")]
    pub variables: Vec<Variable>,
}

/// The group/version and kind of a parameter resource.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(struct_type = "atomic")]
pub struct ParamKind {
    /// The `group/version` of the parameter resource.
    #[kapi(proto = 1, omitempty)]
    pub api_version: String,
    /// The kind of the parameter resource.
    #[kapi(proto = 2, omitempty)]
    pub kind: String,
}

/// A CEL validation expression and what to report when it fails.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct Validation {
    /// The CEL expression; it must evaluate to a bool.
    #[kapi(proto = 1, proto_name = "Expression")]
    pub expression: String,
    /// The fixed message returned on failure.
    #[kapi(proto = 2, omitempty)]
    #[kapi(optional)]
    pub message: String,
    /// The machine-readable reason returned on failure.
    #[kapi(proto = 3, omitempty)]
    #[kapi(optional)]
    pub reason: Option<StatusReason>,
    /// A CEL expression producing the failure message.
    #[kapi(proto = 4, omitempty)]
    #[kapi(optional)]
    pub message_expression: String,
}

/// A named CEL expression usable from other expressions of a policy.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(struct_type = "atomic")]
pub struct Variable {
    /// The variable's name, a CEL identifier.
    #[kapi(proto = 1, proto_name = "Name")]
    pub name: String,
    /// The CEL expression computing the variable's value.
    #[kapi(proto = 2, proto_name = "Expression")]
    pub expression: String,
}

/// A CEL expression producing an audit annotation value.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct AuditAnnotation {
    /// The audit annotation key.
    #[kapi(proto = 1)]
    pub key: String,
    /// The CEL expression producing the annotation value.
    #[kapi(proto = 2)]
    pub value_expression: String,
}

/// Binds a ValidatingAdmissionPolicy to parameters and a set of resources.
///
/// +genclient
/// +categories=api-extensions
/// +genclient:nonNamespaced
/// +k8s:prerelease-lifecycle-gen:introduced=1.28
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(kind, group = "admissionregistration.k8s.io", version = "v1beta1")]
pub struct ValidatingAdmissionPolicyBinding {
    /// Kind and API version.
    #[kapi(inline)]
    pub type_meta: TypeMeta,
    /// Standard object metadata.
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub metadata: ObjectMeta,
    /// The desired behaviour of the binding.
    #[kapi(proto = 2, omitempty)]
    #[kapi(required)]
    pub spec: ValidatingAdmissionPolicyBindingSpec,
}

/// A list of ValidatingAdmissionPolicyBinding objects.
///
/// +k8s:prerelease-lifecycle-gen:introduced=1.28
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(kind, group = "admissionregistration.k8s.io", version = "v1beta1")]
pub struct ValidatingAdmissionPolicyBindingList {
    /// Kind and API version.
    #[kapi(inline)]
    pub type_meta: TypeMeta,
    /// Standard list metadata.
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub metadata: ListMeta,
    /// The bindings.
    #[kapi(proto = 2)]
    pub items: Option<Vec<ValidatingAdmissionPolicyBinding>>,
}

/// The desired behaviour of a ValidatingAdmissionPolicyBinding.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct ValidatingAdmissionPolicyBindingSpec {
    /// The name of the bound ValidatingAdmissionPolicy.
    ///
    /// +k8s:beta(since: "1.37")=+k8s:required
    #[kapi(proto = 1, omitempty)]
    #[kapi(required)]
    pub policy_name: String,
    /// The parameter resources to evaluate the policy with.
    #[kapi(proto = 2, omitempty)]
    #[kapi(optional)]
    pub param_ref: Option<ParamRef>,
    /// Narrows the resources the policy applies to through this binding.
    #[kapi(proto = 3, omitempty)]
    #[kapi(optional)]
    pub match_resources: Option<MatchResources>,
    /// How failed validations are enforced.
    ///
    /// +k8s:beta(since: "1.37")=+k8s:required
    #[kapi(proto = 4, omitempty)]
    #[kapi(required, list_type = "set")]
    pub validation_actions: Vec<ValidationAction>,
}

/// Where to find the parameter resources of a binding.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(struct_type = "atomic")]
pub struct ParamRef {
    /// The name of a single parameter resource.
    #[kapi(proto = 1, omitempty)]
    pub name: String,
    /// The namespace of the parameter resources.
    #[kapi(proto = 2, omitempty)]
    #[kapi(optional)]
    pub namespace: String,
    /// Selects parameter resources by label.
    #[kapi(proto = 3, omitempty)]
    #[kapi(optional)]
    pub selector: Option<LabelSelector>,
    /// What to do when no parameter resource matches.
    #[kapi(proto = 4, omitempty)]
    pub parameter_not_found_action: Option<ParameterNotFoundActionType>,
}

/// Which requests an admission policy applies to.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(struct_type = "atomic")]
pub struct MatchResources {
    /// Selects requests by the labels of the object's namespace.
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub namespace_selector: Option<LabelSelector>,
    /// Selects requests by the labels of the object.
    #[kapi(proto = 2, omitempty)]
    #[kapi(optional)]
    pub object_selector: Option<LabelSelector>,
    /// The operations and resources that match.
    #[kapi(proto = 3, omitempty)]
    #[kapi(optional, list_type = "atomic")]
    pub resource_rules: Vec<NamedRuleWithOperations>,
    /// The operations and resources excluded even if they match.
    #[kapi(proto = 4, omitempty)]
    #[kapi(optional, list_type = "atomic")]
    pub exclude_resource_rules: Vec<NamedRuleWithOperations>,
    /// How the rules are matched against requests.
    #[kapi(proto = 7, omitempty)]
    #[kapi(optional)]
    pub match_policy: Option<MatchPolicyType>,
}

/// How a failed validation of a bound policy is enforced.
/// +enum
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct ValidationAction(pub String);

impl ValidationAction {
    /// The request is denied.
    pub const DENY: &'static str = "Deny";
    /// The client gets a warning.
    pub const WARN: &'static str = "Warn";
    /// The failure is recorded in the audit event.
    pub const AUDIT: &'static str = "Audit";
}

/// A rule with operations, restricted to some resource names.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(struct_type = "atomic")]
pub struct NamedRuleWithOperations {
    /// The resource names the rule applies to; empty means all.
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional, list_type = "atomic")]
    pub resource_names: Vec<String>,
    /// The operations and resources.
    #[kapi(inline, proto = 2)]
    pub rule_with_operations: RuleWithOperations,
}

/// A policy that changes objects with CEL mutations.
///
/// +genclient
/// +categories=api-extensions
/// +genclient:nonNamespaced
/// +k8s:prerelease-lifecycle-gen:introduced=1.34
/// +k8s:prerelease-lifecycle-gen:replacement=admissionregistration.k8s.io,v1,MutatingAdmissionPolicy
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(kind, group = "admissionregistration.k8s.io", version = "v1beta1")]
pub struct MutatingAdmissionPolicy {
    /// Kind and API version.
    #[kapi(inline)]
    pub type_meta: TypeMeta,
    /// Standard object metadata.
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub metadata: ObjectMeta,
    /// The desired behaviour of the policy.
    #[kapi(proto = 2, omitempty)]
    pub spec: MutatingAdmissionPolicySpec,
}

/// A list of MutatingAdmissionPolicy objects.
///
/// +k8s:prerelease-lifecycle-gen:introduced=1.34
/// +k8s:prerelease-lifecycle-gen:replacement=admissionregistration.k8s.io,v1,MutatingAdmissionPolicyList
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(kind, group = "admissionregistration.k8s.io", version = "v1beta1")]
pub struct MutatingAdmissionPolicyList {
    /// Kind and API version.
    #[kapi(inline)]
    pub type_meta: TypeMeta,
    /// Standard list metadata.
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub metadata: ListMeta,
    /// The policies.
    #[kapi(proto = 2)]
    pub items: Option<Vec<MutatingAdmissionPolicy>>,
}

/// The desired behaviour of a MutatingAdmissionPolicy.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct MutatingAdmissionPolicySpec {
    /// The kind of resource that parameterizes the policy, if any.
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub param_kind: Option<ParamKind>,
    /// The requests the policy applies to.
    #[kapi(proto = 2, omitempty)]
    pub match_constraints: Option<MatchResources>,
    /// Named CEL expressions other expressions can refer to.
    #[kapi(proto = 3, omitempty)]
    #[kapi(optional, list_type = "atomic")]
    pub variables: Vec<Variable>,
    /// The mutations to apply, in order.
    #[kapi(proto = 4, omitempty)]
    #[kapi(optional, list_type = "atomic")]
    pub mutations: Vec<Mutation>,
    /// How errors while evaluating the policy are handled.
    #[kapi(proto = 5, omitempty)]
    #[kapi(optional)]
    pub failure_policy: Option<FailurePolicyType>,
    /// Conditions a request must meet before the policy is evaluated.
    #[kapi(proto = 6, omitempty)]
    #[kapi(optional, patch_strategy = "merge", patch_merge_key = "name", list_type = "map", list_map_key = "name")]
    pub match_conditions: Vec<MatchCondition>,
    /// Whether the mutations may run again after later mutations.
    #[kapi(proto = 7, omitempty)]
    pub reinvocation_policy: ReinvocationPolicyType,
}

/// One mutation: a patch type and the CEL expression producing the patch.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct Mutation {
    /// Which of the patch fields is used.
    // Upstream marks this field `+unionDiscriminator` but not the type `+union`, so openapi-gen
    // derives no union from it; `union_discriminator` needs a `union` type, so neither is written.
    #[kapi(proto = 2)]
    pub patch_type: PatchType,
    /// An apply configuration produced by CEL.
    #[kapi(proto = 3, omitempty)]
    pub apply_configuration: Option<ApplyConfiguration>,
    /// A JSON patch produced by CEL.
    #[kapi(proto = 4, omitempty)]
    pub json_patch: Option<JSONPatch>,
}

/// The kind of patch a mutation produces.
/// +enum
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct PatchType(pub String);

impl PatchType {
    /// A server-side apply configuration.
    pub const APPLY_CONFIGURATION: &'static str = "ApplyConfiguration";
    /// A JSON patch.
    pub const JSON_PATCH: &'static str = "JSONPatch";
}

/// A CEL expression that produces an apply configuration.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct ApplyConfiguration {
    /// The CEL expression.
    #[kapi(proto = 1, omitempty)]
    pub expression: String,
}

/// A CEL expression that produces a JSON patch.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct JSONPatch {
    /// The CEL expression.
    #[kapi(proto = 1, omitempty)]
    pub expression: String,
}

/// Binds a MutatingAdmissionPolicy to parameters and a set of resources.
///
/// +genclient
/// +categories=api-extensions
/// +genclient:nonNamespaced
/// +k8s:prerelease-lifecycle-gen:introduced=1.34
/// +k8s:prerelease-lifecycle-gen:replacement=admissionregistration.k8s.io,v1,MutatingAdmissionPolicyBinding
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(kind, group = "admissionregistration.k8s.io", version = "v1beta1")]
pub struct MutatingAdmissionPolicyBinding {
    /// Kind and API version.
    #[kapi(inline)]
    pub type_meta: TypeMeta,
    /// Standard object metadata.
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub metadata: ObjectMeta,
    /// The desired behaviour of the binding.
    #[kapi(proto = 2, omitempty)]
    pub spec: MutatingAdmissionPolicyBindingSpec,
}

/// A list of MutatingAdmissionPolicyBinding objects.
///
/// +k8s:prerelease-lifecycle-gen:introduced=1.34
/// +k8s:prerelease-lifecycle-gen:replacement=admissionregistration.k8s.io,v1,MutatingAdmissionPolicyBindingList
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(kind, group = "admissionregistration.k8s.io", version = "v1beta1")]
pub struct MutatingAdmissionPolicyBindingList {
    /// Kind and API version.
    #[kapi(inline)]
    pub type_meta: TypeMeta,
    /// Standard list metadata.
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub metadata: ListMeta,
    /// The bindings.
    #[kapi(proto = 2)]
    pub items: Option<Vec<MutatingAdmissionPolicyBinding>>,
}

/// The desired behaviour of a MutatingAdmissionPolicyBinding.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct MutatingAdmissionPolicyBindingSpec {
    /// The name of the bound MutatingAdmissionPolicy.
    #[kapi(proto = 1, omitempty)]
    pub policy_name: String,
    /// The parameter resources to evaluate the policy with.
    #[kapi(proto = 2, omitempty)]
    #[kapi(optional)]
    pub param_ref: Option<ParamRef>,
    /// Narrows the resources the policy applies to through this binding.
    #[kapi(proto = 3, omitempty)]
    #[kapi(optional)]
    pub match_resources: Option<MatchResources>,
}

/// Webhooks that admit or reject objects without changing them.
///
/// +genclient
/// +categories=api-extensions
/// +genclient:nonNamespaced
/// +k8s:prerelease-lifecycle-gen:introduced=1.9
/// +k8s:prerelease-lifecycle-gen:deprecated=1.16
/// +k8s:prerelease-lifecycle-gen:removed=1.22
/// +k8s:prerelease-lifecycle-gen:replacement=admissionregistration.k8s.io,v1,ValidatingWebhookConfiguration
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(kind, group = "admissionregistration.k8s.io", version = "v1beta1")]
pub struct ValidatingWebhookConfiguration {
    /// Kind and API version.
    #[kapi(inline)]
    pub type_meta: TypeMeta,
    /// Standard object metadata.
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub metadata: ObjectMeta,
    /// The webhooks and the requests they apply to.
    #[kapi(proto = 2, omitempty, proto_name = "Webhooks")]
    #[kapi(optional, patch_strategy = "merge", patch_merge_key = "name", list_type = "map", list_map_key = "name")]
    pub webhooks: Vec<ValidatingWebhook>,
}

/// A list of ValidatingWebhookConfiguration objects.
///
/// +k8s:prerelease-lifecycle-gen:introduced=1.9
/// +k8s:prerelease-lifecycle-gen:deprecated=1.16
/// +k8s:prerelease-lifecycle-gen:removed=1.22
/// +k8s:prerelease-lifecycle-gen:replacement=admissionregistration.k8s.io,v1,ValidatingWebhookConfigurationList
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(kind, group = "admissionregistration.k8s.io", version = "v1beta1")]
pub struct ValidatingWebhookConfigurationList {
    /// Kind and API version.
    #[kapi(inline)]
    pub type_meta: TypeMeta,
    /// Standard list metadata.
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub metadata: ListMeta,
    /// The configurations.
    #[kapi(proto = 2)]
    pub items: Option<Vec<ValidatingWebhookConfiguration>>,
}

/// Webhooks that admit or reject objects and may change them.
///
/// +genclient
/// +categories=api-extensions
/// +genclient:nonNamespaced
/// +k8s:prerelease-lifecycle-gen:introduced=1.9
/// +k8s:prerelease-lifecycle-gen:deprecated=1.16
/// +k8s:prerelease-lifecycle-gen:removed=1.22
/// +k8s:prerelease-lifecycle-gen:replacement=admissionregistration.k8s.io,v1,MutatingWebhookConfiguration
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(kind, group = "admissionregistration.k8s.io", version = "v1beta1")]
pub struct MutatingWebhookConfiguration {
    /// Kind and API version.
    #[kapi(inline)]
    pub type_meta: TypeMeta,
    /// Standard object metadata.
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub metadata: ObjectMeta,
    /// The webhooks and the requests they apply to.
    #[kapi(proto = 2, omitempty, proto_name = "Webhooks")]
    #[kapi(optional, patch_strategy = "merge", patch_merge_key = "name", list_type = "map", list_map_key = "name")]
    pub webhooks: Vec<MutatingWebhook>,
}

/// A list of MutatingWebhookConfiguration objects.
///
/// +k8s:prerelease-lifecycle-gen:introduced=1.9
/// +k8s:prerelease-lifecycle-gen:deprecated=1.16
/// +k8s:prerelease-lifecycle-gen:removed=1.22
/// +k8s:prerelease-lifecycle-gen:replacement=admissionregistration.k8s.io,v1,MutatingWebhookConfigurationList
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(kind, group = "admissionregistration.k8s.io", version = "v1beta1")]
pub struct MutatingWebhookConfigurationList {
    /// Kind and API version.
    #[kapi(inline)]
    pub type_meta: TypeMeta,
    /// Standard list metadata.
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub metadata: ListMeta,
    /// The configurations.
    #[kapi(proto = 2)]
    pub items: Option<Vec<MutatingWebhookConfiguration>>,
}

/// A validating admission webhook and the requests it is called for.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct ValidatingWebhook {
    /// The fully qualified name of the webhook.
    #[kapi(proto = 1)]
    pub name: String,
    /// How to reach the webhook.
    #[kapi(proto = 2)]
    pub client_config: WebhookClientConfig,
    /// The operations and resources the webhook is called for.
    #[kapi(proto = 3, omitempty)]
    #[kapi(list_type = "atomic")]
    pub rules: Vec<RuleWithOperations>,
    /// How errors calling the webhook are handled.
    #[kapi(proto = 4, omitempty)]
    #[kapi(optional)]
    pub failure_policy: Option<FailurePolicyType>,
    /// How the rules are matched against requests.
    #[kapi(proto = 9, omitempty)]
    #[kapi(optional)]
    pub match_policy: Option<MatchPolicyType>,
    /// Selects requests by the labels of the object's namespace.
    #[kapi(proto = 5, omitempty)]
    #[kapi(optional)]
    pub namespace_selector: Option<LabelSelector>,
    /// Selects requests by the labels of the object.
    #[kapi(proto = 10, omitempty)]
    #[kapi(optional)]
    pub object_selector: Option<LabelSelector>,
    /// The side effects of calling the webhook.
    // Upstream also has `+listType=atomic` on this field, which is not a list (openapi-gen logs the
    // mismatch and emits the extension anyway); `list_type` applies to lists, so it is left out.
    #[kapi(proto = 6, omitempty)]
    #[kapi(optional)]
    pub side_effects: Option<SideEffectClass>,
    /// How long to wait for the webhook, in seconds.
    #[kapi(proto = 7, omitempty)]
    #[kapi(optional)]
    pub timeout_seconds: Option<i32>,
    /// The AdmissionReview versions the webhook accepts, most preferred first.
    #[kapi(proto = 8, omitempty)]
    #[kapi(optional, list_type = "atomic")]
    pub admission_review_versions: Vec<String>,
    /// Conditions a request must meet before the webhook is called.
    #[kapi(proto = 11, omitempty)]
    #[kapi(optional, patch_strategy = "merge", patch_merge_key = "name", list_type = "map", list_map_key = "name")]
    pub match_conditions: Vec<MatchCondition>,
}

/// A mutating admission webhook and the requests it is called for.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct MutatingWebhook {
    /// The fully qualified name of the webhook.
    #[kapi(proto = 1)]
    pub name: String,
    /// How to reach the webhook.
    #[kapi(proto = 2)]
    pub client_config: WebhookClientConfig,
    /// The operations and resources the webhook is called for.
    #[kapi(proto = 3, omitempty)]
    #[kapi(list_type = "atomic")]
    pub rules: Vec<RuleWithOperations>,
    /// How errors calling the webhook are handled.
    #[kapi(proto = 4, omitempty)]
    #[kapi(optional)]
    pub failure_policy: Option<FailurePolicyType>,
    /// How the rules are matched against requests.
    #[kapi(proto = 9, omitempty)]
    #[kapi(optional)]
    pub match_policy: Option<MatchPolicyType>,
    /// Selects requests by the labels of the object's namespace.
    #[kapi(proto = 5, omitempty)]
    #[kapi(optional)]
    pub namespace_selector: Option<LabelSelector>,
    /// Selects requests by the labels of the object.
    #[kapi(proto = 11, omitempty)]
    #[kapi(optional)]
    pub object_selector: Option<LabelSelector>,
    /// The side effects of calling the webhook.
    #[kapi(proto = 6, omitempty)]
    #[kapi(optional)]
    pub side_effects: Option<SideEffectClass>,
    /// How long to wait for the webhook, in seconds.
    #[kapi(proto = 7, omitempty)]
    #[kapi(optional)]
    pub timeout_seconds: Option<i32>,
    /// The AdmissionReview versions the webhook accepts, most preferred first.
    #[kapi(proto = 8, omitempty)]
    #[kapi(optional, list_type = "atomic")]
    pub admission_review_versions: Vec<String>,
    /// Whether the webhook may be called again after later mutations.
    #[kapi(proto = 10, omitempty)]
    #[kapi(optional)]
    pub reinvocation_policy: Option<ReinvocationPolicyType>,
    /// Conditions a request must meet before the webhook is called.
    #[kapi(proto = 12, omitempty)]
    #[kapi(optional, patch_strategy = "merge", patch_merge_key = "name", list_type = "map", list_map_key = "name")]
    pub match_conditions: Vec<MatchCondition>,
}

/// Whether a mutating webhook or policy may be called more than once per request; the same type as in v1.
pub type ReinvocationPolicyType = crate::admissionregistration::v1::ReinvocationPolicyType;

/// A rule together with the operations it matches; the same type as in v1.
pub type RuleWithOperations = crate::admissionregistration::v1::RuleWithOperations;

/// An operation of an admission request; the same type as in v1.
pub type OperationType = crate::admissionregistration::v1::OperationType;

/// How the API server connects to a webhook.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct WebhookClientConfig {
    /// The webhook's `https://` URL; exclusive with `service`.
    #[kapi(proto = 3, omitempty)]
    #[kapi(optional)]
    pub url: Option<String>,
    /// The in-cluster service of the webhook; exclusive with `url`.
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub service: Option<ServiceReference>,
    /// PEM-encoded CA bundle used to verify the webhook's certificate.
    #[kapi(proto = 2, omitempty)]
    #[kapi(optional)]
    pub ca_bundle: Option<Vec<u8>>,
}

/// A reference to the service a webhook runs behind.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct ServiceReference {
    /// The service's namespace.
    #[kapi(proto = 1)]
    pub namespace: String,
    /// The service's name.
    #[kapi(proto = 2)]
    pub name: String,
    /// The URL path requests are sent to.
    #[kapi(proto = 3, omitempty)]
    #[kapi(optional)]
    pub path: Option<String>,
    /// The service port (443 when unset).
    #[kapi(proto = 4, omitempty)]
    #[kapi(optional)]
    pub port: Option<i32>,
}

/// A CEL condition a request must meet before it is sent to a webhook or policy.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct MatchCondition {
    /// The condition's name, unique in its list.
    #[kapi(proto = 1)]
    pub name: String,
    /// The CEL expression; it must evaluate to a bool.
    #[kapi(proto = 2)]
    pub expression: String,
}
