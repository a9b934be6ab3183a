//! Type definitions of `apiextensions.k8s.io/v1beta1`.

use std::collections::BTreeMap;

use kapi_machinery::TypeMeta;
use kapi_machinery::types::{RawExtension, Time};

use crate::Kapi;
use crate::meta::v1::{ListMeta, ObjectMeta, Status};

/// How the API server converts custom objects between the versions of a definition.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct ConversionStrategyType(pub String);

impl ConversionStrategyType {
    /// Only `apiVersion` changes; everything else is kept as stored.
    pub const NONE: &'static str = "None";
    /// A webhook converts the objects.
    pub const WEBHOOK: &'static str = "Webhook";
}

/// What a definition declares: the group, names, scope and versions of the new resource.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct CustomResourceDefinitionSpec {
    /// The API group of the new resource; the definition is named `<plural>.<group>`.
    #[kapi(proto = 1)]
    pub group: String,
    /// The only version, for definitions that predate `versions` (deprecated).
    #[kapi(proto = 2, omitempty)]
    #[kapi(optional)]
    pub version: String,
    /// The names the resource is served under.
    #[kapi(proto = 3)]
    pub names: CustomResourceDefinitionNames,
    /// Whether objects are namespaced or cluster-wide.
    #[kapi(proto = 4)]
    pub scope: ResourceScope,
    /// The schema of every version, when all versions share one.
    #[kapi(proto = 5, omitempty)]
    #[kapi(optional)]
    pub validation: Option<CustomResourceValidation>,
    /// The subresources of every version, when all versions share them.
    #[kapi(proto = 6, omitempty)]
    #[kapi(optional)]
    pub subresources: Option<CustomResourceSubresources>,
    /// The versions of the resource; exactly one is the storage version.
    #[kapi(proto = 7, omitempty)]
    #[kapi(optional, list_type = "atomic")]
    pub versions: Vec<CustomResourceDefinitionVersion>,
    /// The `kubectl get` columns of every version, when all versions share them.
    #[kapi(proto = 8, omitempty)]
    #[kapi(optional, list_type = "atomic")]
    pub additional_printer_columns: Vec<CustomResourceColumnDefinition>,
    /// The selectable fields of every version, when all versions share them.
    #[kapi(proto = 11, omitempty)]
    #[kapi(optional, list_type = "atomic")]
    pub selectable_fields: Vec<SelectableField>,
    /// How objects are converted between versions (`None` when unset).
    #[kapi(proto = 9, omitempty)]
    #[kapi(optional)]
    pub conversion: Option<CustomResourceConversion>,
    /// Whether fields no schema names are kept when objects are stored, instead of pruned
    /// (superseded by `x-kubernetes-preserve-unknown-fields`).
    #[kapi(proto = 10, omitempty)]
    #[kapi(optional)]
    pub preserve_unknown_fields: Option<bool>,
}

/// How custom objects are converted between versions.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct CustomResourceConversion {
    /// `None` or `Webhook`.
    #[kapi(proto = 1)]
    pub strategy: ConversionStrategyType,
    /// Where the conversion webhook is; needed for the `Webhook` strategy only.
    #[kapi(proto = 2, omitempty)]
    #[kapi(optional)]
    pub webhook_client_config: Option<WebhookClientConfig>,
    /// The `ConversionReview` versions the webhook understands, most preferred first.
    #[kapi(proto = 3, omitempty)]
    #[kapi(optional, list_type = "atomic")]
    pub conversion_review_versions: Vec<String>,
}

/// Where a webhook is: a URL, or a service inside the cluster.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct WebhookClientConfig {
    /// The `https` URL of a webhook reached directly rather than through a service.
    #[kapi(proto = 3, omitempty)]
    #[kapi(optional)]
    pub url: Option<String>,
    /// The service of a webhook that runs in the cluster.
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub service: Option<ServiceReference>,
    /// PEM certificates to verify the webhook's serving certificate with; empty means the API
    /// server's trust roots.
    #[kapi(proto = 2, omitempty)]
    #[kapi(optional)]
    pub ca_bundle: Vec<u8>,
}

/// An in-cluster service that serves a webhook.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct ServiceReference {
    /// The service's namespace.
    #[kapi(proto = 1)]
    pub namespace: String,
    /// The service's name.
    #[kapi(proto = 2)]
    pub name: String,
    /// The URL path requests go to.
    #[kapi(proto = 3, omitempty)]
    #[kapi(optional)]
    pub path: Option<String>,
    /// The service port to call (443 when unset).
    #[kapi(proto = 4, omitempty)]
    #[kapi(optional)]
    pub port: Option<i32>,
}

/// One version of a custom resource: whether it is served and stored, its schema, subresources and columns.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct CustomResourceDefinitionVersion {
    /// The version as it appears in URLs: `/apis/<group>/<name>/...`.
    #[kapi(proto = 1)]
    pub name: String,
    /// Whether the REST API serves this version.
    #[kapi(proto = 2)]
    pub served: bool,
    /// Whether objects are stored in this version; exactly one version is.
    #[kapi(proto = 3)]
    pub storage: bool,
    /// Whether requests for this version get a deprecation warning.
    #[kapi(proto = 7, omitempty)]
    #[kapi(optional)]
    pub deprecated: bool,
    /// The warning to send instead of the default one.
    #[kapi(proto = 8, omitempty)]
    #[kapi(optional)]
    pub deprecation_warning: Option<String>,
    /// The schema of this version's objects.
    #[kapi(proto = 4, omitempty)]
    #[kapi(optional)]
    pub schema: Option<CustomResourceValidation>,
    /// The subresources this version offers.
    #[kapi(proto = 5, omitempty)]
    #[kapi(optional)]
    pub subresources: Option<CustomResourceSubresources>,
    /// The columns `kubectl get` shows (only an age column when empty).
    #[kapi(proto = 6, omitempty)]
    #[kapi(optional, list_type = "atomic")]
    pub additional_printer_columns: Vec<CustomResourceColumnDefinition>,
    /// The fields field selectors may use, besides `metadata.name` and `metadata.namespace`.
    #[kapi(proto = 9, omitempty)]
    #[kapi(optional, list_type = "atomic")]
    pub selectable_fields: Vec<SelectableField>,
}

/// A field of custom objects that field selectors may use.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct SelectableField {
    /// A JSON path without array indexing to a string, integer or boolean field.
    #[kapi(proto = 1)]
    pub json_path: String,
}

/// A column that `kubectl get` shows for custom objects.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct CustomResourceColumnDefinition {
    /// The column's heading.
    #[kapi(proto = 1)]
    pub name: String,
    /// The OpenAPI type of the values: `integer`, `number`, `string`, `boolean` or `date`.
    #[kapi(proto = 2)]
    pub r#type: String,
    /// An OpenAPI format that refines the type.
    #[kapi(proto = 3, omitempty)]
    #[kapi(optional)]
    pub format: String,
    /// What the column shows.
    #[kapi(proto = 4, omitempty)]
    #[kapi(optional)]
    pub description: String,
    /// How important the column is: 0 is always shown, higher only in wide output.
    #[kapi(proto = 5, omitempty)]
    #[kapi(optional)]
    pub priority: i32,
    /// The JSON path, from each object, of the value shown.
    #[kapi(proto = 6, json = "JSONPath")]
    pub json_path: String,
}

/// The names a custom resource is served and printed under.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct CustomResourceDefinitionNames {
    /// The resource name in URLs, lower case: `/apis/<group>/<version>/<plural>`.
    #[kapi(proto = 1)]
    pub plural: String,
    /// The singular name, lower case (the lower-cased kind by default).
    #[kapi(proto = 2, omitempty)]
    #[kapi(optional)]
    pub singular: String,
    /// Short aliases, such as for `kubectl get`.
    #[kapi(proto = 3, omitempty)]
    #[kapi(optional, list_type = "atomic")]
    pub short_names: Vec<String>,
    /// The kind of the objects, in CamelCase.
    #[kapi(proto = 4)]
    pub kind: String,
    /// The kind of lists of the objects (`<kind>List` by default).
    #[kapi(proto = 5, omitempty)]
    #[kapi(optional)]
    pub list_kind: String,
    /// Groups of resources this one belongs to, such as `all`, for `kubectl get <category>`.
    #[kapi(proto = 6, omitempty)]
    #[kapi(optional, list_type = "atomic")]
    pub categories: Vec<String>,
}

/// Whether custom objects live in namespaces or across the cluster.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct ResourceScope(pub String);

impl ResourceScope {
    /// Objects exist once in the whole cluster.
    pub const CLUSTER: &'static str = "Cluster";
    /// Objects live in namespaces.
    pub const NAMESPACED: &'static str = "Namespaced";
}

/// Whether a condition holds: true, false or unknown.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
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
pub struct CustomResourceDefinitionConditionType(pub String);

impl CustomResourceDefinitionConditionType {
    /// The resource is being served.
    pub const ESTABLISHED: &'static str = "Established";
    /// The names do not clash with those of another definition.
    pub const NAMES_ACCEPTED: &'static str = "NamesAccepted";
    /// A schema is not structural, which some features require.
    pub const NON_STRUCTURAL_SCHEMA: &'static str = "NonStructuralSchema";
    /// The definition was deleted and its objects are being removed.
    pub const TERMINATING: &'static str = "Terminating";
    /// For groups under `k8s.io` or `kubernetes.io` only: whether the definition carries the
    /// `api-approved.kubernetes.io` annotation.
    pub const KUBERNETES_API_APPROVAL_POLICY_CONFORMANT: &'static str = "KubernetesAPIApprovalPolicyConformant";
}

/// One condition of a definition, as the API server sees it.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct CustomResourceDefinitionCondition {
    /// What the condition reports on.
    #[kapi(proto = 1)]
    pub r#type: CustomResourceDefinitionConditionType,
    /// Whether it holds.
    #[kapi(proto = 2)]
    pub status: ConditionStatus,
    /// When the status last changed.
    #[kapi(proto = 3, omitempty)]
    #[kapi(optional)]
    pub last_transition_time: Time,
    /// A CamelCase word for why the status last changed.
    #[kapi(proto = 4, omitempty)]
    #[kapi(optional)]
    pub reason: String,
    /// The reason in prose.
    #[kapi(proto = 5, omitempty)]
    #[kapi(optional)]
    pub message: String,
    /// The `metadata.generation` the condition was computed from.
    #[kapi(proto = 6, omitempty)]
    #[kapi(optional)]
    pub observed_generation: i64,
}

/// What the API server reports about a definition.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct CustomResourceDefinitionStatus {
    /// The current conditions.
    #[kapi(proto = 1)]
    #[kapi(optional, list_type = "map", list_map_key = "type")]
    pub conditions: Option<Vec<CustomResourceDefinitionCondition>>,
    /// The names in use, which lag behind the spec's while they clash with another definition's.
    #[kapi(proto = 2)]
    #[kapi(optional)]
    pub accepted_names: CustomResourceDefinitionNames,
    /// Every version objects were ever stored in; a version leaves the spec only after it leaves this list.
    #[kapi(proto = 3)]
    #[kapi(optional, list_type = "atomic")]
    pub stored_versions: Option<Vec<String>>,
    /// The `metadata.generation` this status describes.
    #[kapi(proto = 4, omitempty)]
    #[kapi(optional)]
    pub observed_generation: i64,
}

/// Declares a new resource that the API server serves, with its names, versions and schemas.
///
/// +genclient
/// +shortNames=crd,crds
/// +categories=api-extensions
/// +genclient:nonNamespaced
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(kind, group = "apiextensions.k8s.io", version = "v1beta1")]
pub struct CustomResourceDefinition {
    /// Kind and API version.
    #[kapi(inline)]
    pub type_meta: TypeMeta,
    /// The definition's metadata; its name is `<plural>.<group>`.
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub metadata: ObjectMeta,
    /// The resource declared.
    #[kapi(proto = 2)]
    pub spec: CustomResourceDefinitionSpec,
    /// What the API server made of it.
    #[kapi(proto = 3, omitempty)]
    #[kapi(optional)]
    pub status: CustomResourceDefinitionStatus,
}

/// A list of custom resource definitions.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(kind, group = "apiextensions.k8s.io", version = "v1beta1")]
pub struct CustomResourceDefinitionList {
    /// Kind and API version.
    #[kapi(inline)]
    pub type_meta: TypeMeta,
    /// List metadata.
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub metadata: ListMeta,
    /// The definitions.
    #[kapi(proto = 2)]
    pub items: Option<Vec<CustomResourceDefinition>>,
}

/// The schema that validates, prunes and defaults custom objects.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct CustomResourceValidation {
    /// The schema of the whole object.
    #[kapi(proto = 1, json = "openAPIV3Schema", omitempty)]
    #[kapi(optional)]
    pub open_apiv3_schema: Option<Box<JSONSchemaProps>>,
}

/// The subresources custom objects offer.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct CustomResourceSubresources {
    /// Serves `/status`: writes to the object then ignore `.status`, and writes to `/status` ignore
    /// everything else.
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub status: Option<CustomResourceSubresourceStatus>,
    /// Serves `/scale`, for autoscalers and `kubectl scale`.
    #[kapi(proto = 2, omitempty)]
    #[kapi(optional)]
    pub scale: Option<CustomResourceSubresourceScale>,
}

/// Turns on the `/status` subresource; it has no settings.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct CustomResourceSubresourceStatus {}

/// How `/scale` maps a custom object's replica fields to an `autoscaling/v1` `Scale`.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct CustomResourceSubresourceScale {
    /// The JSON path, under `.spec`, of the desired replica count.
    #[kapi(proto = 1)]
    pub spec_replicas_path: String,
    /// The JSON path, under `.status`, of the current replica count.
    #[kapi(proto = 2)]
    pub status_replicas_path: String,
    /// The JSON path, under `.spec` or `.status`, of the label selector in string form, which
    /// autoscalers need.
    #[kapi(proto = 3, omitempty)]
    #[kapi(optional)]
    pub label_selector_path: Option<String>,
}

/// A request to convert custom objects between versions, and the webhook's reply.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(kind, group = "apiextensions.k8s.io", version = "v1beta1")]
pub struct ConversionReview {
    /// Kind and API version.
    #[kapi(inline)]
    pub type_meta: TypeMeta,
    /// What the API server asks for.
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub request: Option<ConversionRequest>,
    /// The webhook's answer.
    #[kapi(proto = 2, omitempty)]
    #[kapi(optional)]
    pub response: Option<ConversionResponse>,
}

/// Custom objects a conversion webhook must convert to one version.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct ConversionRequest {
    /// Identifies this exchange; the response repeats it.
    #[kapi(proto = 1)]
    pub uid: String,
    /// The `group/version` to convert the objects to.
    #[kapi(proto = 2, json = "desiredAPIVersion")]
    pub desired_api_version: String,
    /// The objects to convert, possibly of several versions.
    #[kapi(proto = 3)]
    #[kapi(list_type = "atomic")]
    pub objects: Option<Vec<RawExtension>>,
}

/// A conversion webhook's reply.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct ConversionResponse {
    /// The request's `uid`.
    #[kapi(proto = 1)]
    pub uid: String,
    /// The converted objects, in the order of the request; only labels and annotations of their
    /// metadata may change.
    #[kapi(proto = 2)]
    #[kapi(list_type = "atomic")]
    pub converted_objects: Option<Vec<RawExtension>>,
    /// `Success`, or why the conversion failed.
    #[kapi(proto = 3)]
    pub result: Status,
}

/// How the failure of a validation rule is classified, as a field error type.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct FieldValueErrorReason(pub String);

impl FieldValueErrorReason {
    /// Reported as a required value that is missing.
    pub const FIELD_VALUE_REQUIRED: &'static str = "FieldValueRequired";
    /// Reported as a value given twice.
    pub const FIELD_VALUE_DUPLICATE: &'static str = "FieldValueDuplicate";
    /// Reported as an invalid value (the default).
    pub const FIELD_VALUE_INVALID: &'static str = "FieldValueInvalid";
    /// Reported as a value that may not be set.
    pub const FIELD_VALUE_FORBIDDEN: &'static str = "FieldValueForbidden";
}

/// A JSON schema (the OpenAPI v3 subset Kubernetes accepts, with its `x-kubernetes-*` extensions)
/// for one value of a custom object.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct JSONSchemaProps {
    /// The schema's `id`.
    #[kapi(proto = 1, omitempty)]
    pub id: String,
    /// The JSON schema dialect (`$schema`).
    #[kapi(proto = 2, json = "$schema", proto_name = "schema", omitempty)]
    pub schema: JSONSchemaURL,
    /// Another schema to use instead (`$ref`); structural schemas cannot have it.
    #[kapi(proto = 3, json = "$ref", proto_name = "ref", omitempty)]
    pub r#ref: Option<String>,
    /// Free text for readers, shown by `kubectl explain`; never checked against values.
    #[kapi(proto = 4, omitempty)]
    pub description: String,
    /// The JSON type: `object`, `array`, `string`, `integer`, `number` or `boolean`.
    #[kapi(proto = 5, omitempty)]
    pub r#type: String,
    /// A refinement of the type, such as `int32`, `date-time` or `uuid`.
    #[kapi(proto = 6, omitempty)]
    pub format: String,
    /// A short label for readers; like `description`, never checked against values.
    #[kapi(proto = 7, omitempty)]
    pub title: String,
    /// The value the server fills in when the field is absent.
    #[kapi(proto = 8, omitempty)]
    pub default: Option<JSON>,
    /// The largest number allowed, itself included unless `exclusiveMaximum` is set.
    #[kapi(proto = 9, omitempty)]
    pub maximum: Option<f64>,
    /// Whether `maximum` itself is out of range.
    #[kapi(proto = 10, omitempty)]
    pub exclusive_maximum: bool,
    /// The smallest number allowed, itself included unless `exclusiveMinimum` is set.
    #[kapi(proto = 11, omitempty)]
    pub minimum: Option<f64>,
    /// Whether `minimum` itself is out of range.
    #[kapi(proto = 12, omitempty)]
    pub exclusive_minimum: bool,
    /// The most characters a string may have, counted in Unicode code points, not bytes; it
    /// also bounds the estimated cost of `x-kubernetes-validations` rules over the string.
    #[kapi(proto = 13, omitempty)]
    pub max_length: Option<i64>,
    /// The fewest characters a string may have, counted in Unicode code points.
    #[kapi(proto = 14, omitempty)]
    pub min_length: Option<i64>,
    /// A regular expression strings must match.
    #[kapi(proto = 15, omitempty)]
    pub pattern: String,
    /// The most items an array may have; it also bounds the estimated cost of
    /// `x-kubernetes-validations` rules over the array.
    #[kapi(proto = 16, omitempty)]
    pub max_items: Option<i64>,
    /// The fewest items an array may have.
    #[kapi(proto = 17, omitempty)]
    pub min_items: Option<i64>,
    /// Whether array items must all differ; the API server refuses `true` in a CRD (quadratic to
    /// check) and `x-kubernetes-list-type: set` says it instead.
    #[kapi(proto = 18, omitempty)]
    pub unique_items: bool,
    /// A number the value must be a multiple of.
    #[kapi(proto = 19, omitempty)]
    pub multiple_of: Option<f64>,
    /// The only values allowed.
    #[kapi(proto = 20, omitempty)]
    #[kapi(list_type = "atomic")]
    pub r#enum: Vec<JSON>,
    /// The most members an object may have; it also bounds the estimated cost of
    /// `x-kubernetes-validations` rules over the object.
    #[kapi(proto = 21, omitempty)]
    pub max_properties: Option<i64>,
    /// The fewest members an object may have.
    #[kapi(proto = 22, omitempty)]
    pub min_properties: Option<i64>,
    /// Members an object must have.
    #[kapi(proto = 23, omitempty)]
    #[kapi(list_type = "atomic")]
    pub required: Vec<String>,
    /// The schema of array items.
    #[kapi(proto = 24, omitempty)]
    pub items: Option<JSONSchemaPropsOrArray>,
    /// Schemas the value must all match.
    #[kapi(proto = 25, omitempty)]
    #[kapi(list_type = "atomic")]
    pub all_of: Vec<JSONSchemaProps>,
    /// Schemas of which the value must match exactly one.
    #[kapi(proto = 26, omitempty)]
    #[kapi(list_type = "atomic")]
    pub one_of: Vec<JSONSchemaProps>,
    /// Schemas of which the value must match at least one.
    #[kapi(proto = 27, omitempty)]
    #[kapi(list_type = "atomic")]
    pub any_of: Vec<JSONSchemaProps>,
    /// A schema the value must not match.
    #[kapi(proto = 28, omitempty)]
    pub not: Option<Box<JSONSchemaProps>>,
    /// The schemas of known object members.
    #[kapi(proto = 29, omitempty)]
    pub properties: BTreeMap<String, JSONSchemaProps>,
    /// The schema of members not in `properties`, or whether they are allowed.
    #[kapi(proto = 30, omitempty)]
    pub additional_properties: Option<JSONSchemaPropsOrBool>,
    /// Schemas of members whose names match a regular expression.
    #[kapi(proto = 31, omitempty)]
    pub pattern_properties: BTreeMap<String, JSONSchemaProps>,
    /// What an object needs besides a member, per member name.
    #[kapi(proto = 32, omitempty)]
    pub dependencies: BTreeMap<String, JSONSchemaPropsOrStringArray>,
    /// The schema of array items past those `items` lists one by one, or whether they are allowed.
    #[kapi(proto = 33, omitempty)]
    pub additional_items: Option<JSONSchemaPropsOrBool>,
    /// Named schemas for `$ref`.
    #[kapi(proto = 34, omitempty)]
    pub definitions: BTreeMap<String, JSONSchemaProps>,
    /// Where to read more about the value.
    #[kapi(proto = 35, omitempty)]
    pub external_docs: Option<ExternalDocumentation>,
    /// An example value.
    #[kapi(proto = 36, omitempty)]
    pub example: Option<JSON>,
    /// Whether `null` is a valid value.
    #[kapi(proto = 37, omitempty)]
    pub nullable: bool,
    /// Keep object members no schema names instead of pruning them, here and below until a nested
    /// schema says otherwise.
    #[kapi(
        proto = 38,
        json = "x-kubernetes-preserve-unknown-fields",
        proto_name = "xKubernetesPreserveUnknownFields",
        omitempty
    )]
    pub x_kubernetes_preserve_unknown_fields: Option<bool>,
    /// The value is a whole object with `apiVersion`, `kind` and `metadata`, which are validated as such.
    #[kapi(proto = 39, json = "x-kubernetes-embedded-resource", proto_name = "xKubernetesEmbeddedResource", omitempty)]
    pub x_kubernetes_embedded_resource: bool,
    /// The value is an integer or a string, as an `IntOrString` is.
    #[kapi(proto = 40, json = "x-kubernetes-int-or-string", proto_name = "xKubernetesIntOrString", omitempty)]
    pub x_kubernetes_int_or_string: bool,
    /// The members that identify an item of a `map` list.
    #[kapi(proto = 41, json = "x-kubernetes-list-map-keys", proto_name = "xKubernetesListMapKeys", omitempty)]
    #[kapi(optional, list_type = "atomic")]
    pub x_kubernetes_list_map_keys: Vec<String>,
    /// How apply treats the list: `atomic`, `set` or `map`.
    #[kapi(proto = 42, json = "x-kubernetes-list-type", proto_name = "xKubernetesListType", omitempty)]
    #[kapi(optional)]
    pub x_kubernetes_list_type: Option<String>,
    /// How apply treats the object: `granular` or `atomic`.
    #[kapi(proto = 43, json = "x-kubernetes-map-type", proto_name = "xKubernetesMapType", omitempty)]
    #[kapi(optional)]
    pub x_kubernetes_map_type: Option<String>,
    /// CEL rules the value must satisfy.
    #[kapi(proto = 44, json = "x-kubernetes-validations", proto_name = "xKubernetesValidations", omitempty)]
    #[kapi(list_type = "map", list_map_key = "rule", patch_strategy = "merge", patch_merge_key = "rule")]
    pub x_kubernetes_validations: Vec<ValidationRule>,
}

/// The CEL rules of one schema node.
pub type ValidationRules = Vec<ValidationRule>;

/// A CEL expression a value must satisfy, and what to report when it does not.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct ValidationRule {
    /// The CEL expression: `self` is the value, `oldSelf` its previous state on updates.
    #[kapi(proto = 1)]
    pub rule: String,
    /// What to report when the rule fails.
    #[kapi(proto = 2, omitempty)]
    pub message: String,
    /// A CEL expression that produces the message instead.
    #[kapi(proto = 3, omitempty)]
    #[kapi(optional)]
    pub message_expression: String,
    /// How the failure is classified in the response (`FieldValueInvalid` when unset).
    #[kapi(proto = 4, omitempty)]
    #[kapi(optional)]
    pub reason: Option<FieldValueErrorReason>,
    /// The field, from this node, that the failure is reported at.
    #[kapi(proto = 5, omitempty)]
    #[kapi(optional)]
    pub field_path: String,
    /// Run a rule that uses `oldSelf` also when there is no previous value, with `oldSelf` then an
    /// empty optional.
    #[kapi(proto = 6, omitempty)]
    #[kapi(optional)]
    pub optional_old_self: Option<bool>,
}

/// Any JSON value, kept as its bytes: schema defaults, examples and enum members.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(custom_json, custom_fill)]
pub struct JSON {
    /// The value's JSON bytes; unset or empty is `null`.
    #[kapi(proto = 1, skip_json)]
    pub raw: Option<Vec<u8>>,
}

/// The URI of a JSON schema dialect.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct JSONSchemaURL(pub String);

/// The `items` of an array schema: one schema for every item, or one per position.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(custom_json)]
pub struct JSONSchemaPropsOrArray {
    /// One schema for every item.
    #[kapi(proto = 1)]
    pub schema: Option<Box<JSONSchemaProps>>,
    /// One schema per position.
    #[kapi(proto = 2, proto_name = "jSONSchemas")]
    #[kapi(list_type = "atomic")]
    pub json_schemas: Option<Vec<JSONSchemaProps>>,
}

/// A schema extra values must match, or just whether they are allowed.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(custom_json)]
pub struct JSONSchemaPropsOrBool {
    /// Whether extra values are allowed; always true when there is a schema.
    #[kapi(proto = 1)]
    pub allows: bool,
    /// The schema extra values must match.
    #[kapi(proto = 2)]
    pub schema: Option<Box<JSONSchemaProps>>,
}

/// Per member name, what else an object that has the member needs.
pub type JSONSchemaDependencies = BTreeMap<String, JSONSchemaPropsOrStringArray>;

/// One dependency of a schema: a schema the object must also match, or members it must also have.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(custom_json)]
pub struct JSONSchemaPropsOrStringArray {
    /// A schema the whole object must also match.
    #[kapi(proto = 1)]
    pub schema: Option<Box<JSONSchemaProps>>,
    /// Members the object must also have.
    #[kapi(proto = 2)]
    #[kapi(list_type = "atomic")]
    pub property: Option<Vec<String>>,
}

/// Named schemas that `$ref` can point at.
pub type JSONSchemaDefinitions = BTreeMap<String, JSONSchemaProps>;

/// A link to further documentation.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct ExternalDocumentation {
    /// What the link is about.
    #[kapi(proto = 1, omitempty)]
    pub description: String,
    /// Where the documentation is.
    #[kapi(proto = 2, omitempty)]
    pub url: String,
}
