//! The internal (hub) types of `admissionregistration.k8s.io`, which v1, v1beta1 and v1alpha1 all
//! convert to and from: the union of what those versions define.

use kapi_machinery::TypeMeta;
use kapi_macros::Kapi;

use crate::meta::v1::{Condition, LabelSelector, ListMeta, ObjectMeta, StatusReason};

/// The API groups, versions and resources a rule selects.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(internal)]
pub struct Rule {
    /// API groups of the resources; `*` selects every group.
    pub api_groups: Vec<String>,
    /// API versions of the resources; `*` selects every version.
    pub api_versions: Vec<String>,
    /// Resources, or `resource/subresource` pairs, the rule selects.
    pub resources: Vec<String>,
    /// Cluster-scoped, namespaced, or both.
    pub scope: Option<ScopeType>,
}

/// Which resource scope a rule selects.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(internal)]
pub struct ScopeType(pub String);

impl ScopeType {
    /// Cluster-scoped resources only.
    pub const CLUSTER: &'static str = "Cluster";
    /// Namespaced resources only.
    pub const NAMESPACED: &'static str = "Namespaced";
    /// Resources of any scope.
    pub const ALL: &'static str = "*";
}

/// What to do when a webhook call or policy evaluation goes wrong.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(internal)]
pub struct FailurePolicyType(pub String);

impl FailurePolicyType {
    /// Carry on as if nothing failed.
    pub const IGNORE: &'static str = "Ignore";
    /// Refuse the request.
    pub const FAIL: &'static str = "Fail";
}

/// What a binding does when its parameter resources cannot be found.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(internal)]
pub struct ParameterNotFoundActionType(pub String);

impl ParameterNotFoundActionType {
    /// Let the request through.
    pub const ALLOW: &'static str = "Allow";
    /// Fall back to the policy's failure policy.
    pub const DENY: &'static str = "Deny";
}

/// How strictly rules are matched against requests.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(internal)]
pub struct MatchPolicyType(pub String);

impl MatchPolicyType {
    /// Only requests that match a rule exactly.
    pub const EXACT: &'static str = "Exact";
    /// Also requests reaching the same resource through another group or version.
    pub const EQUIVALENT: &'static str = "Equivalent";
}

/// What calling a webhook may do besides answering.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(internal)]
pub struct SideEffectClass(pub String);

impl SideEffectClass {
    /// Side effects are not known.
    pub const UNKNOWN: &'static str = "Unknown";
    /// No side effects.
    pub const NONE: &'static str = "None";
    /// Possibly side effects.
    pub const SOME: &'static str = "Some";
    /// Side effects, skipped for dry-run requests.
    pub const NONE_ON_DRY_RUN: &'static str = "NoneOnDryRun";
}

/// A CEL policy that accepts or refuses objects without changing them.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(kind, group = "admissionregistration.k8s.io", internal)]
pub struct ValidatingAdmissionPolicy {
    /// Kind and API version.
    pub type_meta: TypeMeta,
    /// Object metadata.
    pub metadata: ObjectMeta,
    /// What the policy should do.
    pub spec: ValidatingAdmissionPolicySpec,
    /// What the system has observed about the policy.
    pub status: ValidatingAdmissionPolicyStatus,
}

/// Observed state of a validating admission policy.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(internal)]
pub struct ValidatingAdmissionPolicyStatus {
    /// The generation the controller has seen.
    pub observed_generation: i64,
    /// Type-checking results, present once checking finished.
    pub type_checking: Option<TypeChecking>,
    /// Current conditions of the policy.
    pub conditions: Vec<Condition>,
}

/// Type-checking results of a policy's expressions.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(internal)]
pub struct TypeChecking {
    /// A warning for each expression that did not type-check.
    pub expression_warnings: Vec<ExpressionWarning>,
}

/// A type-checking warning about one expression.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(internal)]
pub struct ExpressionWarning {
    /// Path of the field holding the expression.
    pub field_ref: String,
    /// What the type checker said.
    pub warning: String,
}

/// A list of validating admission policies.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(kind, group = "admissionregistration.k8s.io", internal)]
pub struct ValidatingAdmissionPolicyList {
    /// Kind and API version.
    pub type_meta: TypeMeta,
    /// List metadata.
    pub metadata: ListMeta,
    /// The policies.
    pub items: Option<Vec<ValidatingAdmissionPolicy>>,
}

/// What a validating admission policy checks and when.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(internal)]
pub struct ValidatingAdmissionPolicySpec {
    /// The kind of the parameter resources, when the policy takes parameters.
    pub param_kind: Option<ParamKind>,
    /// The requests the policy looks at.
    pub match_constraints: Option<MatchResources>,
    /// The CEL checks.
    pub validations: Vec<Validation>,
    /// What to do when evaluation goes wrong.
    pub failure_policy: Option<FailurePolicyType>,
    /// CEL expressions that add audit annotations.
    pub audit_annotations: Vec<AuditAnnotation>,
    /// CEL conditions a request must meet for the policy to run.
    pub match_conditions: Vec<MatchCondition>,
    /// Named CEL expressions shared by the other expressions.
    pub variables: Vec<Variable>,
}

/// Group/version and kind of a policy's parameter resources.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(internal)]
pub struct ParamKind {
    /// `group/version` of the parameter resources.
    pub api_version: String,
    /// Kind of the parameter resources.
    pub kind: String,
}

/// One CEL check and what to answer when it fails.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(internal)]
pub struct Validation {
    /// The CEL expression, which must yield a bool.
    pub expression: String,
    /// A fixed failure message.
    pub message: String,
    /// The reason reported on failure.
    pub reason: Option<StatusReason>,
    /// A CEL expression yielding the failure message.
    pub message_expression: String,
}

/// A named CEL expression other expressions can use.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(internal)]
pub struct Variable {
    /// The name, a CEL identifier.
    pub name: String,
    /// The CEL expression computing the value.
    pub expression: String,
}

/// A CEL expression whose value becomes an audit annotation.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(internal)]
pub struct AuditAnnotation {
    /// The annotation key.
    pub key: String,
    /// The CEL expression computing the annotation value.
    pub value_expression: String,
}

/// Connects a validating admission policy to parameters and resources.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(kind, group = "admissionregistration.k8s.io", internal)]
pub struct ValidatingAdmissionPolicyBinding {
    /// Kind and API version.
    pub type_meta: TypeMeta,
    /// Object metadata.
    pub metadata: ObjectMeta,
    /// What the binding should do.
    pub spec: ValidatingAdmissionPolicyBindingSpec,
}

/// A list of validating admission policy bindings.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(kind, group = "admissionregistration.k8s.io", internal)]
pub struct ValidatingAdmissionPolicyBindingList {
    /// Kind and API version.
    pub type_meta: TypeMeta,
    /// List metadata.
    pub metadata: ListMeta,
    /// The bindings.
    pub items: Option<Vec<ValidatingAdmissionPolicyBinding>>,
}

/// What a validating admission policy binding connects.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(internal)]
pub struct ValidatingAdmissionPolicyBindingSpec {
    /// Name of the policy being bound.
    pub policy_name: String,
    /// Which parameter resources to use.
    pub param_ref: Option<ParamRef>,
    /// Further limits on the requests the policy sees through this binding.
    pub match_resources: Option<MatchResources>,
    /// How failed checks are enforced.
    pub validation_actions: Vec<ValidationAction>,
}

/// How a binding finds its parameter resources.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(internal)]
pub struct ParamRef {
    /// Name of one parameter resource.
    pub name: String,
    /// Namespace of the parameter resources.
    pub namespace: String,
    /// Label selector for parameter resources.
    pub selector: Option<LabelSelector>,
    /// What to do when nothing is found.
    pub parameter_not_found_action: Option<ParameterNotFoundActionType>,
}

/// The requests an admission policy looks at.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(internal)]
pub struct MatchResources {
    /// Selects by the labels of the object's namespace.
    pub namespace_selector: Option<LabelSelector>,
    /// Selects by the labels of the object.
    pub object_selector: Option<LabelSelector>,
    /// Operations and resources included.
    pub resource_rules: Vec<NamedRuleWithOperations>,
    /// Operations and resources excluded, winning over inclusion.
    pub exclude_resource_rules: Vec<NamedRuleWithOperations>,
    /// How strictly the rules are matched.
    pub match_policy: Option<MatchPolicyType>,
}

/// How a failed check of a bound policy is enforced.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(internal)]
pub struct ValidationAction(pub String);

impl ValidationAction {
    /// Refuse the request.
    pub const DENY: &'static str = "Deny";
    /// Warn the client.
    pub const WARN: &'static str = "Warn";
    /// Record the failure in the audit event.
    pub const AUDIT: &'static str = "Audit";
}

/// Operations and resources, limited to some resource names.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(internal)]
pub struct NamedRuleWithOperations {
    /// Resource names selected; empty selects all.
    pub resource_names: Vec<String>,
    /// The operations and resources selected.
    pub rule_with_operations: RuleWithOperations,
}

/// A CEL policy that changes objects.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(kind, group = "admissionregistration.k8s.io", internal)]
pub struct MutatingAdmissionPolicy {
    /// Kind and API version.
    pub type_meta: TypeMeta,
    /// Object metadata.
    pub metadata: ObjectMeta,
    /// What the policy should do.
    pub spec: MutatingAdmissionPolicySpec,
}

/// A list of mutating admission policies.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(kind, group = "admissionregistration.k8s.io", internal)]
pub struct MutatingAdmissionPolicyList {
    /// Kind and API version.
    pub type_meta: TypeMeta,
    /// List metadata.
    pub metadata: ListMeta,
    /// The policies.
    pub items: Option<Vec<MutatingAdmissionPolicy>>,
}

/// What a mutating admission policy changes and when.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(internal)]
pub struct MutatingAdmissionPolicySpec {
    /// The kind of the parameter resources, when the policy takes parameters.
    pub param_kind: Option<ParamKind>,
    /// The requests the policy looks at.
    pub match_constraints: Option<MatchResources>,
    /// Named CEL expressions shared by the other expressions.
    pub variables: Vec<Variable>,
    /// The changes to make, in order.
    pub mutations: Vec<Mutation>,
    /// What to do when evaluation goes wrong.
    pub failure_policy: Option<FailurePolicyType>,
    /// CEL conditions a request must meet for the policy to run.
    pub match_conditions: Vec<MatchCondition>,
    /// Whether the policy runs again after later changes to the object.
    pub reinvocation_policy: ReinvocationPolicyType,
}

/// One change: which kind of patch, and the CEL expression producing it.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(internal)]
pub struct Mutation {
    /// Which of the patch fields is set.
    pub patch_type: PatchType,
    /// An apply configuration computed by CEL.
    pub apply_configuration: Option<ApplyConfiguration>,
    /// A JSON patch computed by CEL.
    pub json_patch: Option<JSONPatch>,
}

/// The kind of patch a mutation produces.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(internal)]
pub struct PatchType(pub String);

impl PatchType {
    /// A server-side apply configuration.
    pub const APPLY_CONFIGURATION: &'static str = "ApplyConfiguration";
    /// A JSON patch (RFC 6902).
    pub const JSON_PATCH: &'static str = "JSONPatch";
}

/// A CEL expression yielding an apply configuration.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(internal)]
pub struct ApplyConfiguration {
    /// The CEL expression.
    pub expression: String,
}

/// A CEL expression yielding a JSON patch.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(internal)]
pub struct JSONPatch {
    /// The CEL expression.
    pub expression: String,
}

/// Connects a mutating admission policy to parameters and resources.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(kind, group = "admissionregistration.k8s.io", internal)]
pub struct MutatingAdmissionPolicyBinding {
    /// Kind and API version.
    pub type_meta: TypeMeta,
    /// Object metadata.
    pub metadata: ObjectMeta,
    /// What the binding should do.
    pub spec: MutatingAdmissionPolicyBindingSpec,
}

/// A list of mutating admission policy bindings.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(kind, group = "admissionregistration.k8s.io", internal)]
pub struct MutatingAdmissionPolicyBindingList {
    /// Kind and API version.
    pub type_meta: TypeMeta,
    /// List metadata.
    pub metadata: ListMeta,
    /// The bindings.
    pub items: Option<Vec<MutatingAdmissionPolicyBinding>>,
}

/// What a mutating admission policy binding connects.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(internal)]
pub struct MutatingAdmissionPolicyBindingSpec {
    /// Name of the policy being bound.
    pub policy_name: String,
    /// Which parameter resources to use.
    pub param_ref: Option<ParamRef>,
    /// Further limits on the requests the policy sees through this binding.
    pub match_resources: Option<MatchResources>,
}

/// A set of webhooks that accept or refuse objects without changing them.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(kind, group = "admissionregistration.k8s.io", internal)]
pub struct ValidatingWebhookConfiguration {
    /// Kind and API version.
    pub type_meta: TypeMeta,
    /// Object metadata.
    pub metadata: ObjectMeta,
    /// The webhooks.
    pub webhooks: Vec<ValidatingWebhook>,
}

/// A list of validating webhook configurations.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(kind, group = "admissionregistration.k8s.io", internal)]
pub struct ValidatingWebhookConfigurationList {
    /// Kind and API version.
    pub type_meta: TypeMeta,
    /// List metadata.
    pub metadata: ListMeta,
    /// The configurations.
    pub items: Option<Vec<ValidatingWebhookConfiguration>>,
}

/// A set of webhooks that accept or refuse objects and may change them.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(kind, group = "admissionregistration.k8s.io", internal)]
pub struct MutatingWebhookConfiguration {
    /// Kind and API version.
    pub type_meta: TypeMeta,
    /// Object metadata.
    pub metadata: ObjectMeta,
    /// The webhooks.
    pub webhooks: Vec<MutatingWebhook>,
}

/// A list of mutating webhook configurations.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(kind, group = "admissionregistration.k8s.io", internal)]
pub struct MutatingWebhookConfigurationList {
    /// Kind and API version.
    pub type_meta: TypeMeta,
    /// List metadata.
    pub metadata: ListMeta,
    /// The configurations.
    pub items: Option<Vec<MutatingWebhookConfiguration>>,
}

/// A validating webhook and the requests sent to it.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(internal)]
pub struct ValidatingWebhook {
    /// Fully qualified webhook name.
    pub name: String,
    /// How to reach the webhook.
    pub client_config: WebhookClientConfig,
    /// Operations and resources sent to the webhook.
    pub rules: Vec<RuleWithOperations>,
    /// What to do when calling the webhook goes wrong.
    pub failure_policy: Option<FailurePolicyType>,
    /// How strictly the rules are matched.
    pub match_policy: Option<MatchPolicyType>,
    /// Selects by the labels of the object's namespace.
    pub namespace_selector: Option<LabelSelector>,
    /// Selects by the labels of the object.
    pub object_selector: Option<LabelSelector>,
    /// What calling the webhook may do besides answering.
    pub side_effects: Option<SideEffectClass>,
    /// Seconds to wait for an answer.
    pub timeout_seconds: Option<i32>,
    /// AdmissionReview versions the webhook understands, preferred first.
    pub admission_review_versions: Option<Vec<String>>,
    /// CEL conditions a request must meet to be sent.
    pub match_conditions: Vec<MatchCondition>,
}

/// A mutating webhook and the requests sent to it.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(internal)]
pub struct MutatingWebhook {
    /// Fully qualified webhook name.
    pub name: String,
    /// How to reach the webhook.
    pub client_config: WebhookClientConfig,
    /// Operations and resources sent to the webhook.
    pub rules: Vec<RuleWithOperations>,
    /// What to do when calling the webhook goes wrong.
    pub failure_policy: Option<FailurePolicyType>,
    /// How strictly the rules are matched.
    pub match_policy: Option<MatchPolicyType>,
    /// Selects by the labels of the object's namespace.
    pub namespace_selector: Option<LabelSelector>,
    /// Selects by the labels of the object.
    pub object_selector: Option<LabelSelector>,
    /// What calling the webhook may do besides answering.
    pub side_effects: Option<SideEffectClass>,
    /// Seconds to wait for an answer.
    pub timeout_seconds: Option<i32>,
    /// AdmissionReview versions the webhook understands, preferred first.
    pub admission_review_versions: Option<Vec<String>>,
    /// Whether the webhook is called again after later changes to the object.
    pub reinvocation_policy: Option<ReinvocationPolicyType>,
    /// CEL conditions a request must meet to be sent.
    pub match_conditions: Vec<MatchCondition>,
}

/// Whether a mutating webhook or policy may run more than once for a request.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(internal)]
pub struct ReinvocationPolicyType(pub String);

impl ReinvocationPolicyType {
    /// At most once.
    pub const NEVER: &'static str = "Never";
    /// Again when later admission steps changed the object.
    pub const IF_NEEDED: &'static str = "IfNeeded";
}

/// A rule plus the operations it selects.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(internal)]
pub struct RuleWithOperations {
    /// Operations selected; `*` selects every operation.
    pub operations: Vec<OperationType>,
    /// Groups, versions and resources selected.
    pub rule: Rule,
}

/// An operation a rule can select.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(internal)]
pub struct OperationType(pub String);

impl OperationType {
    /// Any operation.
    pub const ALL: &'static str = "*";
    /// Creating.
    pub const CREATE: &'static str = "CREATE";
    /// Updating.
    pub const UPDATE: &'static str = "UPDATE";
    /// Deleting.
    pub const DELETE: &'static str = "DELETE";
    /// Connecting.
    pub const CONNECT: &'static str = "CONNECT";
}

/// Where and how the API server calls a webhook.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(internal)]
pub struct WebhookClientConfig {
    /// An `https://` URL; set this or `service`.
    pub url: Option<String>,
    /// An in-cluster service; set this or `url`.
    pub service: Option<ServiceReference>,
    /// PEM CA certificates that verify the webhook's serving certificate.
    pub ca_bundle: Option<Vec<u8>>,
}

/// The service in front of a webhook.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(internal)]
pub struct ServiceReference {
    /// Namespace of the service.
    pub namespace: String,
    /// Name of the service.
    pub name: String,
    /// URL path to send requests to.
    pub path: Option<String>,
    /// Port of the service.
    pub port: Option<i32>,
}

/// A named CEL condition a request must meet.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(internal)]
pub struct MatchCondition {
    /// Name, unique within its list.
    pub name: String,
    /// The CEL expression, which must yield a bool.
    pub expression: String,
}
