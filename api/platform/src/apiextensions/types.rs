//! The internal (hub) types of `apiextensions.k8s.io`, shaped as v1beta1 is, which v1 and v1beta1 convert to and from.

use std::collections::BTreeMap;

use kapi_machinery::TypeMeta;
use kapi_machinery::types::Time;

use crate::Kapi;
use crate::meta::v1::{ListMeta, ObjectMeta};

/// How the API server converts custom objects between the versions of a definition.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(internal)]
pub struct ConversionStrategyType(pub String);

impl ConversionStrategyType {
    /// Only `apiVersion` changes.
    pub const NONE: &'static str = "None";
    /// A webhook converts the objects.
    pub const WEBHOOK: &'static str = "Webhook";
}

/// What a definition declares. The internal form keeps v1beta1's definition-wide `version`,
/// `validation`, `subresources`, columns and selectable fields beside the per-version ones, so
/// both versions convert without loss.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(internal)]
pub struct CustomResourceDefinitionSpec {
    /// The API group of the new resource.
    pub group: String,
    /// The first version's name (v1beta1's deprecated single version).
    pub version: String,
    /// The names the resource is served under.
    pub names: CustomResourceDefinitionNames,
    /// Whether objects are namespaced or cluster-wide.
    pub scope: ResourceScope,
    /// The schema of every version, when all versions share one.
    pub validation: Option<CustomResourceValidation>,
    /// The subresources of every version, when all versions share them.
    pub subresources: Option<CustomResourceSubresources>,
    /// The versions of the resource.
    pub versions: Vec<CustomResourceDefinitionVersion>,
    /// The `kubectl get` columns of every version, when all versions share them.
    pub additional_printer_columns: Vec<CustomResourceColumnDefinition>,
    /// The selectable fields of every version, when all versions share them.
    pub selectable_fields: Vec<SelectableField>,
    /// How objects are converted between versions.
    pub conversion: Option<CustomResourceConversion>,
    /// Whether unknown fields are kept instead of pruned; v1 has a plain boolean.
    pub preserve_unknown_fields: Option<bool>,
}

/// How custom objects are converted between versions; v1 nests the webhook settings under `webhook`.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(internal)]
pub struct CustomResourceConversion {
    /// `None` or `Webhook`.
    pub strategy: ConversionStrategyType,
    /// Where the conversion webhook is.
    pub webhook_client_config: Option<WebhookClientConfig>,
    /// The `ConversionReview` versions the webhook understands, most preferred first.
    pub conversion_review_versions: Vec<String>,
}

/// Where a webhook is: a URL, or a service inside the cluster.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(internal)]
pub struct WebhookClientConfig {
    /// The `https` URL of a webhook reached directly.
    pub url: Option<String>,
    /// The service of a webhook that runs in the cluster.
    pub service: Option<ServiceReference>,
    /// PEM certificates to verify the webhook's serving certificate with.
    pub ca_bundle: Vec<u8>,
}

/// An in-cluster service that serves a webhook.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(internal)]
pub struct ServiceReference {
    /// The service's namespace.
    pub namespace: String,
    /// The service's name.
    pub name: String,
    /// The URL path requests go to.
    pub path: Option<String>,
    /// The service port; always set here, since both versions default it to 443.
    pub port: i32,
}

/// One version of a custom resource.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(internal)]
pub struct CustomResourceDefinitionVersion {
    /// The version as it appears in URLs.
    pub name: String,
    /// Whether the REST API serves this version.
    pub served: bool,
    /// Whether objects are stored in this version.
    pub storage: bool,
    /// Whether requests for this version get a deprecation warning.
    pub deprecated: bool,
    /// The warning to send instead of the default one.
    pub deprecation_warning: Option<String>,
    /// The schema of this version's objects.
    pub schema: Option<CustomResourceValidation>,
    /// The subresources this version offers.
    pub subresources: Option<CustomResourceSubresources>,
    /// The columns `kubectl get` shows.
    pub additional_printer_columns: Vec<CustomResourceColumnDefinition>,
    /// The fields field selectors may use.
    pub selectable_fields: Vec<SelectableField>,
}

/// A field of custom objects that field selectors may use.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(internal)]
pub struct SelectableField {
    /// A JSON path to a string, integer or boolean field.
    pub json_path: String,
}

/// A column that `kubectl get` shows for custom objects.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(internal)]
pub struct CustomResourceColumnDefinition {
    /// The column's heading.
    pub name: String,
    /// The OpenAPI type of the values.
    pub r#type: String,
    /// An OpenAPI format that refines the type.
    pub format: String,
    /// What the column shows.
    pub description: String,
    /// 0 is always shown, higher only in wide output.
    pub priority: i32,
    /// The JSON path of the value shown (v1beta1 spells it `JSONPath`, v1 `jsonPath`).
    pub json_path: String,
}

/// The names a custom resource is served and printed under.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(internal)]
pub struct CustomResourceDefinitionNames {
    /// The resource name in URLs.
    pub plural: String,
    /// The singular name.
    pub singular: String,
    /// Short aliases.
    pub short_names: Vec<String>,
    /// The kind of the objects.
    pub kind: String,
    /// The kind of lists of the objects.
    pub list_kind: String,
    /// Groups of resources this one belongs to.
    pub categories: Vec<String>,
}

/// Whether custom objects live in namespaces or across the cluster.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(internal)]
pub struct ResourceScope(pub String);

impl ResourceScope {
    /// Objects exist once in the whole cluster.
    pub const CLUSTER: &'static str = "Cluster";
    /// Objects live in namespaces.
    pub const NAMESPACED: &'static str = "Namespaced";
}

/// Whether a condition holds.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(internal)]
pub struct ConditionStatus(pub String);

impl ConditionStatus {
    /// The condition holds.
    pub const TRUE: &'static str = "True";
    /// The condition does not hold.
    pub const FALSE: &'static str = "False";
    /// The server cannot tell.
    pub const UNKNOWN: &'static str = "Unknown";
}

/// What a condition of a definition reports on.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(internal)]
pub struct CustomResourceDefinitionConditionType(pub String);

impl CustomResourceDefinitionConditionType {
    /// The resource is being served.
    pub const ESTABLISHED: &'static str = "Established";
    /// The names do not clash with another definition's.
    pub const NAMES_ACCEPTED: &'static str = "NamesAccepted";
    /// A schema is not structural.
    pub const NON_STRUCTURAL_SCHEMA: &'static str = "NonStructuralSchema";
    /// The definition was deleted and its objects are being removed.
    pub const TERMINATING: &'static str = "Terminating";
    /// Whether a definition in a protected group carries the API-approval annotation.
    pub const KUBERNETES_API_APPROVAL_POLICY_CONFORMANT: &'static str = "KubernetesAPIApprovalPolicyConformant";
}

/// One condition of a definition.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(internal)]
pub struct CustomResourceDefinitionCondition {
    /// What the condition reports on.
    pub r#type: CustomResourceDefinitionConditionType,
    /// Whether it holds.
    pub status: ConditionStatus,
    /// When the status last changed.
    pub last_transition_time: Time,
    /// A CamelCase word for why.
    pub reason: String,
    /// The reason in prose.
    pub message: String,
    /// The `metadata.generation` the condition was computed from.
    pub observed_generation: i64,
}

/// What the API server reports about a definition.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(internal)]
pub struct CustomResourceDefinitionStatus {
    /// The current conditions.
    pub conditions: Vec<CustomResourceDefinitionCondition>,
    /// The names in use.
    pub accepted_names: CustomResourceDefinitionNames,
    /// Every version objects were ever stored in.
    pub stored_versions: Vec<String>,
    /// The `metadata.generation` this status describes.
    pub observed_generation: i64,
}

/// The finalizer that keeps a deleted definition until its custom objects are gone.
pub const CUSTOM_RESOURCE_CLEANUP_FINALIZER: &str = "customresourcecleanup.apiextensions.k8s.io";

/// Declares a new resource that the API server serves.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(kind, group = "apiextensions.k8s.io", internal)]
pub struct CustomResourceDefinition {
    /// Kind and API version.
    pub type_meta: TypeMeta,
    /// Standard object metadata.
    pub metadata: ObjectMeta,
    /// The resource declared.
    pub spec: CustomResourceDefinitionSpec,
    /// What the API server made of it.
    pub status: CustomResourceDefinitionStatus,
}

/// A list of custom resource definitions.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(kind, group = "apiextensions.k8s.io", internal)]
pub struct CustomResourceDefinitionList {
    /// Kind and API version.
    pub type_meta: TypeMeta,
    /// Standard list metadata.
    pub metadata: ListMeta,
    /// The definitions.
    pub items: Option<Vec<CustomResourceDefinition>>,
}

/// The schema that validates, prunes and defaults custom objects.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(internal)]
pub struct CustomResourceValidation {
    /// The schema of the whole object.
    pub open_apiv3_schema: Option<Box<JSONSchemaProps>>,
}

/// The subresources custom objects offer.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(internal)]
pub struct CustomResourceSubresources {
    /// Serves `/status`.
    pub status: Option<CustomResourceSubresourceStatus>,
    /// Serves `/scale`.
    pub scale: Option<CustomResourceSubresourceScale>,
}

/// Turns on the `/status` subresource; it has no settings.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(internal)]
pub struct CustomResourceSubresourceStatus {}

/// How `/scale` maps a custom object's replica fields.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(internal)]
pub struct CustomResourceSubresourceScale {
    /// The JSON path of the desired replica count.
    pub spec_replicas_path: String,
    /// The JSON path of the current replica count.
    pub status_replicas_path: String,
    /// The JSON path of the label selector in string form.
    pub label_selector_path: Option<String>,
}

/// How the failure of a validation rule is classified.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(internal)]
pub struct FieldValueErrorReason(pub String);

impl FieldValueErrorReason {
    /// A required value is missing.
    pub const FIELD_VALUE_REQUIRED: &'static str = "FieldValueRequired";
    /// A value given twice.
    pub const FIELD_VALUE_DUPLICATE: &'static str = "FieldValueDuplicate";
    /// An invalid value.
    pub const FIELD_VALUE_INVALID: &'static str = "FieldValueInvalid";
    /// A value that may not be set.
    pub const FIELD_VALUE_FORBIDDEN: &'static str = "FieldValueForbidden";
}

/// A JSON schema for one value of a custom object.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(internal)]
pub struct JSONSchemaProps {
    /// The schema's `id`.
    pub id: String,
    /// The JSON schema dialect (`$schema`).
    pub schema: JSONSchemaURL,
    /// Another schema to use instead (`$ref`).
    pub r#ref: Option<String>,
    /// What the value is.
    pub description: String,
    /// The JSON type.
    pub r#type: String,
    /// A refinement of the type.
    pub format: String,
    /// A short title.
    pub title: String,
    /// The value the server fills in when the field is absent.
    pub default: Option<JSON>,
    /// The largest value allowed.
    pub maximum: Option<f64>,
    /// Whether `maximum` itself is out of range.
    pub exclusive_maximum: bool,
    /// The smallest value allowed.
    pub minimum: Option<f64>,
    /// Whether `minimum` itself is out of range.
    pub exclusive_minimum: bool,
    /// The longest string allowed.
    pub max_length: Option<i64>,
    /// The shortest string allowed.
    pub min_length: Option<i64>,
    /// A regular expression strings must match.
    pub pattern: String,
    /// The most items allowed.
    pub max_items: Option<i64>,
    /// The fewest items allowed.
    pub min_items: Option<i64>,
    /// Whether items must differ.
    pub unique_items: bool,
    /// A number the value must be a multiple of.
    pub multiple_of: Option<f64>,
    /// The only values allowed.
    pub r#enum: Vec<JSON>,
    /// The most members allowed.
    pub max_properties: Option<i64>,
    /// The fewest members allowed.
    pub min_properties: Option<i64>,
    /// Members an object must have.
    pub required: Vec<String>,
    /// The schema of array items.
    pub items: Option<JSONSchemaPropsOrArray>,
    /// Schemas the value must all match.
    pub all_of: Vec<JSONSchemaProps>,
    /// Schemas of which the value must match exactly one.
    pub one_of: Vec<JSONSchemaProps>,
    /// Schemas of which the value must match at least one.
    pub any_of: Vec<JSONSchemaProps>,
    /// A schema the value must not match.
    pub not: Option<Box<JSONSchemaProps>>,
    /// The schemas of known object members.
    pub properties: BTreeMap<String, JSONSchemaProps>,
    /// The schema of other members, or whether they are allowed.
    pub additional_properties: Option<JSONSchemaPropsOrBool>,
    /// Schemas of members whose names match a regular expression.
    pub pattern_properties: BTreeMap<String, JSONSchemaProps>,
    /// What an object needs besides a member, per member name.
    pub dependencies: BTreeMap<String, JSONSchemaPropsOrStringArray>,
    /// The schema of further array items, or whether they are allowed.
    pub additional_items: Option<JSONSchemaPropsOrBool>,
    /// Named schemas for `$ref`.
    pub definitions: BTreeMap<String, JSONSchemaProps>,
    /// Where to read more about the value.
    pub external_docs: Option<ExternalDocumentation>,
    /// An example value.
    pub example: Option<JSON>,
    /// Whether `null` is a valid value.
    pub nullable: bool,
    /// `x-kubernetes-preserve-unknown-fields`.
    pub x_kubernetes_preserve_unknown_fields: Option<bool>,
    /// `x-kubernetes-embedded-resource`.
    pub x_kubernetes_embedded_resource: bool,
    /// `x-kubernetes-int-or-string`.
    pub x_kubernetes_int_or_string: bool,
    /// `x-kubernetes-list-map-keys`.
    pub x_kubernetes_list_map_keys: Vec<String>,
    /// `x-kubernetes-list-type`.
    pub x_kubernetes_list_type: Option<String>,
    /// `x-kubernetes-map-type`.
    pub x_kubernetes_map_type: Option<String>,
    /// `x-kubernetes-validations`: CEL rules the value must satisfy.
    pub x_kubernetes_validations: Vec<ValidationRule>,
}

/// The CEL rules of one schema node.
pub type ValidationRules = Vec<ValidationRule>;

/// A CEL expression a value must satisfy.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(internal)]
pub struct ValidationRule {
    /// The CEL expression.
    pub rule: String,
    /// What to report when the rule fails.
    pub message: String,
    /// A CEL expression that produces the message instead.
    pub message_expression: String,
    /// How the failure is classified.
    pub reason: Option<FieldValueErrorReason>,
    /// The field the failure is reported at.
    pub field_path: String,
    /// Whether the rule also runs when there is no previous value.
    pub optional_old_self: Option<bool>,
}

/// Any JSON value (upstream's `interface{}`), held as the JSON Go writes for it: compact, object
/// members sorted by name (the last of duplicates kept), integers that fit 64 bits as integers and
/// other numbers as the shortest float64 text. `None` is Go's nil, which every version writes as no
/// value. [`JSON::from_json`] builds one from any JSON text; [`JSON::parse`] reads it as a value.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(internal)]
pub struct JSON {
    /// The value in the canonical form above; `None` is nil.
    pub value: Option<Vec<u8>>,
}

/// The URI of a JSON schema dialect.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(internal)]
pub struct JSONSchemaURL(pub String);

/// One schema for every array item, or one per position.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(internal)]
pub struct JSONSchemaPropsOrArray {
    /// One schema for every item.
    pub schema: Option<Box<JSONSchemaProps>>,
    /// One schema per position.
    pub json_schemas: Option<Vec<JSONSchemaProps>>,
}

/// A schema extra values must match, or whether they are allowed.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(internal)]
pub struct JSONSchemaPropsOrBool {
    /// Whether extra values are allowed.
    pub allows: bool,
    /// The schema extra values must match.
    pub schema: Option<Box<JSONSchemaProps>>,
}

/// Per member name, what else an object that has the member needs.
pub type JSONSchemaDependencies = BTreeMap<String, JSONSchemaPropsOrStringArray>;

/// A schema the object must also match, or members it must also have.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(internal)]
pub struct JSONSchemaPropsOrStringArray {
    /// A schema the whole object must also match.
    pub schema: Option<Box<JSONSchemaProps>>,
    /// Members the object must also have.
    pub property: Option<Vec<String>>,
}

/// Named schemas that `$ref` can point at.
pub type JSONSchemaDefinitions = BTreeMap<String, JSONSchemaProps>;

/// A link to further documentation.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(internal)]
pub struct ExternalDocumentation {
    /// What the link is about.
    pub description: String,
    /// Where the documentation is.
    pub url: String,
}
