//! Type definitions of `apiextensions.k8s.io/v1`.

use std::collections::BTreeMap;

use kapi_machinery::TypeMeta;
use kapi_machinery::types::{RawExtension, Time};

use crate::Kapi;
use crate::meta::v1::{ListMeta, ObjectMeta, Status};

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct ConversionStrategyType(pub String);

impl ConversionStrategyType {
    pub const NONE: &'static str = "None";
    pub const WEBHOOK: &'static str = "Webhook";
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct CustomResourceDefinitionSpec {
    #[kapi(proto = 1)]
    pub group: String,
    #[kapi(proto = 3)]
    pub names: CustomResourceDefinitionNames,
    #[kapi(proto = 4)]
    pub scope: ResourceScope,
    #[kapi(proto = 7)]
    #[kapi(list_type = "atomic")]
    pub versions: Option<Vec<CustomResourceDefinitionVersion>>,
    #[kapi(proto = 9, omitempty)]
    #[kapi(optional)]
    pub conversion: Option<CustomResourceConversion>,
    #[kapi(proto = 10, omitempty)]
    #[kapi(optional)]
    pub preserve_unknown_fields: bool,
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct CustomResourceConversion {
    #[kapi(proto = 1)]
    pub strategy: ConversionStrategyType,
    #[kapi(proto = 2, omitempty)]
    #[kapi(optional)]
    pub webhook: Option<WebhookConversion>,
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct WebhookConversion {
    #[kapi(proto = 2, omitempty)]
    #[kapi(optional)]
    pub client_config: Option<WebhookClientConfig>,
    #[kapi(proto = 3)]
    #[kapi(list_type = "atomic")]
    pub conversion_review_versions: Option<Vec<String>>,
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct WebhookClientConfig {
    #[kapi(proto = 3, omitempty)]
    #[kapi(optional)]
    pub url: Option<String>,
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub service: Option<ServiceReference>,
    #[kapi(proto = 2, omitempty)]
    #[kapi(optional)]
    pub ca_bundle: Vec<u8>,
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct ServiceReference {
    #[kapi(proto = 1)]
    pub namespace: String,
    #[kapi(proto = 2)]
    pub name: String,
    #[kapi(proto = 3, omitempty)]
    #[kapi(optional)]
    pub path: Option<String>,
    #[kapi(proto = 4, omitempty)]
    #[kapi(optional)]
    pub port: Option<i32>,
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct CustomResourceDefinitionVersion {
    #[kapi(proto = 1)]
    pub name: String,
    #[kapi(proto = 2)]
    pub served: bool,
    #[kapi(proto = 3)]
    pub storage: bool,
    #[kapi(proto = 7, omitempty)]
    #[kapi(optional)]
    pub deprecated: bool,
    #[kapi(proto = 8, omitempty)]
    #[kapi(optional)]
    pub deprecation_warning: Option<String>,
    #[kapi(proto = 4, omitempty)]
    #[kapi(optional)]
    pub schema: Option<CustomResourceValidation>,
    #[kapi(proto = 5, omitempty)]
    #[kapi(optional)]
    pub subresources: Option<CustomResourceSubresources>,
    #[kapi(proto = 6, omitempty)]
    #[kapi(optional, list_type = "atomic")]
    pub additional_printer_columns: Vec<CustomResourceColumnDefinition>,
    #[kapi(proto = 9, omitempty)]
    #[kapi(optional, list_type = "atomic")]
    pub selectable_fields: Vec<SelectableField>,
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct SelectableField {
    #[kapi(proto = 1)]
    pub json_path: String,
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct CustomResourceColumnDefinition {
    #[kapi(proto = 1)]
    pub name: String,
    #[kapi(proto = 2)]
    pub r#type: String,
    #[kapi(proto = 3, omitempty)]
    #[kapi(optional)]
    pub format: String,
    #[kapi(proto = 4, omitempty)]
    #[kapi(optional)]
    pub description: String,
    #[kapi(proto = 5, omitempty)]
    #[kapi(optional)]
    pub priority: i32,
    #[kapi(proto = 6)]
    pub json_path: String,
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct CustomResourceDefinitionNames {
    #[kapi(proto = 1)]
    pub plural: String,
    #[kapi(proto = 2, omitempty)]
    #[kapi(optional)]
    pub singular: String,
    #[kapi(proto = 3, omitempty)]
    #[kapi(optional, list_type = "atomic")]
    pub short_names: Vec<String>,
    #[kapi(proto = 4)]
    pub kind: String,
    #[kapi(proto = 5, omitempty)]
    #[kapi(optional)]
    pub list_kind: String,
    #[kapi(proto = 6, omitempty)]
    #[kapi(optional, list_type = "atomic")]
    pub categories: Vec<String>,
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct ResourceScope(pub String);

impl ResourceScope {
    pub const CLUSTER: &'static str = "Cluster";
    pub const NAMESPACED: &'static str = "Namespaced";
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct ConditionStatus(pub String);

impl ConditionStatus {
    pub const TRUE: &'static str = "True";
    pub const FALSE: &'static str = "False";
    pub const UNKNOWN: &'static str = "Unknown";
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct CustomResourceDefinitionConditionType(pub String);

impl CustomResourceDefinitionConditionType {
    pub const ESTABLISHED: &'static str = "Established";
    pub const NAMES_ACCEPTED: &'static str = "NamesAccepted";
    pub const NON_STRUCTURAL_SCHEMA: &'static str = "NonStructuralSchema";
    pub const TERMINATING: &'static str = "Terminating";
    pub const KUBERNETES_API_APPROVAL_POLICY_CONFORMANT: &'static str = "KubernetesAPIApprovalPolicyConformant";
    pub const STORAGE_MIGRATING: &'static str = "StorageMigrating";
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct CustomResourceDefinitionCondition {
    #[kapi(proto = 1)]
    pub r#type: CustomResourceDefinitionConditionType,
    #[kapi(proto = 2)]
    pub status: ConditionStatus,
    #[kapi(proto = 3, omitempty)]
    #[kapi(optional)]
    pub last_transition_time: Time,
    #[kapi(proto = 4, omitempty)]
    #[kapi(optional)]
    pub reason: String,
    #[kapi(proto = 5, omitempty)]
    #[kapi(optional)]
    pub message: String,
    #[kapi(proto = 6, omitempty)]
    #[kapi(optional)]
    pub observed_generation: i64,
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct CustomResourceDefinitionStatus {
    #[kapi(proto = 1)]
    #[kapi(optional, list_type = "map", list_map_key = "type")]
    pub conditions: Option<Vec<CustomResourceDefinitionCondition>>,
    #[kapi(proto = 2)]
    #[kapi(optional)]
    pub accepted_names: CustomResourceDefinitionNames,
    #[kapi(proto = 3)]
    #[kapi(optional, list_type = "atomic")]
    pub stored_versions: Option<Vec<String>>,
    #[kapi(proto = 4, omitempty)]
    #[kapi(optional)]
    pub observed_generation: i64,
}

/// +genclient
/// +genclient:nonNamespaced
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(kind, group = "apiextensions.k8s.io", version = "v1")]
pub struct CustomResourceDefinition {
    #[kapi(inline)]
    pub type_meta: TypeMeta,
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub metadata: ObjectMeta,
    #[kapi(proto = 2)]
    pub spec: CustomResourceDefinitionSpec,
    #[kapi(proto = 3, omitempty)]
    #[kapi(optional)]
    pub status: CustomResourceDefinitionStatus,
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(kind, group = "apiextensions.k8s.io", version = "v1")]
pub struct CustomResourceDefinitionList {
    #[kapi(inline)]
    pub type_meta: TypeMeta,
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub metadata: ListMeta,
    #[kapi(proto = 2)]
    pub items: Option<Vec<CustomResourceDefinition>>,
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct CustomResourceValidation {
    #[kapi(proto = 1, json = "openAPIV3Schema", omitempty)]
    #[kapi(optional)]
    pub open_apiv3_schema: Option<Box<JSONSchemaProps>>,
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct CustomResourceSubresources {
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub status: Option<CustomResourceSubresourceStatus>,
    #[kapi(proto = 2, omitempty)]
    #[kapi(optional)]
    pub scale: Option<CustomResourceSubresourceScale>,
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct CustomResourceSubresourceStatus {}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct CustomResourceSubresourceScale {
    #[kapi(proto = 1)]
    pub spec_replicas_path: String,
    #[kapi(proto = 2)]
    pub status_replicas_path: String,
    #[kapi(proto = 3, omitempty)]
    #[kapi(optional)]
    pub label_selector_path: Option<String>,
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(kind, group = "apiextensions.k8s.io", version = "v1")]
pub struct ConversionReview {
    #[kapi(inline)]
    pub type_meta: TypeMeta,
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub request: Option<ConversionRequest>,
    #[kapi(proto = 2, omitempty)]
    #[kapi(optional)]
    pub response: Option<ConversionResponse>,
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct ConversionRequest {
    #[kapi(proto = 1)]
    pub uid: String,
    #[kapi(proto = 2, json = "desiredAPIVersion")]
    pub desired_api_version: String,
    #[kapi(proto = 3)]
    #[kapi(list_type = "atomic")]
    pub objects: Option<Vec<RawExtension>>,
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct ConversionResponse {
    #[kapi(proto = 1)]
    pub uid: String,
    #[kapi(proto = 2)]
    #[kapi(list_type = "atomic")]
    pub converted_objects: Option<Vec<RawExtension>>,
    #[kapi(proto = 3)]
    pub result: Status,
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct FieldValueErrorReason(pub String);

impl FieldValueErrorReason {
    pub const FIELD_VALUE_REQUIRED: &'static str = "FieldValueRequired";
    pub const FIELD_VALUE_DUPLICATE: &'static str = "FieldValueDuplicate";
    pub const FIELD_VALUE_INVALID: &'static str = "FieldValueInvalid";
    pub const FIELD_VALUE_FORBIDDEN: &'static str = "FieldValueForbidden";
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct JSONSchemaProps {
    #[kapi(proto = 1, omitempty)]
    pub id: String,
    #[kapi(proto = 2, json = "$schema", proto_name = "schema", omitempty)]
    pub schema: JSONSchemaURL,
    #[kapi(proto = 3, json = "$ref", proto_name = "ref", omitempty)]
    pub r#ref: Option<String>,
    #[kapi(proto = 4, omitempty)]
    pub description: String,
    #[kapi(proto = 5, omitempty)]
    pub r#type: String,
    #[kapi(proto = 6, omitempty)]
    pub format: String,
    #[kapi(proto = 7, omitempty)]
    pub title: String,
    #[kapi(proto = 8, omitempty)]
    pub default: Option<JSON>,
    #[kapi(proto = 9, omitempty)]
    pub maximum: Option<f64>,
    #[kapi(proto = 10, omitempty)]
    pub exclusive_maximum: bool,
    #[kapi(proto = 11, omitempty)]
    pub minimum: Option<f64>,
    #[kapi(proto = 12, omitempty)]
    pub exclusive_minimum: bool,
    #[kapi(proto = 13, omitempty)]
    pub max_length: Option<i64>,
    #[kapi(proto = 14, omitempty)]
    pub min_length: Option<i64>,
    #[kapi(proto = 15, omitempty)]
    pub pattern: String,
    #[kapi(proto = 16, omitempty)]
    pub max_items: Option<i64>,
    #[kapi(proto = 17, omitempty)]
    pub min_items: Option<i64>,
    #[kapi(proto = 18, omitempty)]
    pub unique_items: bool,
    #[kapi(proto = 19, omitempty)]
    pub multiple_of: Option<f64>,
    #[kapi(proto = 20, omitempty)]
    #[kapi(list_type = "atomic")]
    pub r#enum: Vec<JSON>,
    #[kapi(proto = 21, omitempty)]
    pub max_properties: Option<i64>,
    #[kapi(proto = 22, omitempty)]
    pub min_properties: Option<i64>,
    #[kapi(proto = 23, omitempty)]
    #[kapi(list_type = "atomic")]
    pub required: Vec<String>,
    #[kapi(proto = 24, omitempty)]
    pub items: Option<JSONSchemaPropsOrArray>,
    #[kapi(proto = 25, omitempty)]
    #[kapi(list_type = "atomic")]
    pub all_of: Vec<JSONSchemaProps>,
    #[kapi(proto = 26, omitempty)]
    #[kapi(list_type = "atomic")]
    pub one_of: Vec<JSONSchemaProps>,
    #[kapi(proto = 27, omitempty)]
    #[kapi(list_type = "atomic")]
    pub any_of: Vec<JSONSchemaProps>,
    #[kapi(proto = 28, omitempty)]
    pub not: Option<Box<JSONSchemaProps>>,
    #[kapi(proto = 29, omitempty)]
    pub properties: BTreeMap<String, JSONSchemaProps>,
    #[kapi(proto = 30, omitempty)]
    pub additional_properties: Option<JSONSchemaPropsOrBool>,
    #[kapi(proto = 31, omitempty)]
    pub pattern_properties: BTreeMap<String, JSONSchemaProps>,
    #[kapi(proto = 32, omitempty)]
    pub dependencies: BTreeMap<String, JSONSchemaPropsOrStringArray>,
    #[kapi(proto = 33, omitempty)]
    pub additional_items: Option<JSONSchemaPropsOrBool>,
    #[kapi(proto = 34, omitempty)]
    pub definitions: BTreeMap<String, JSONSchemaProps>,
    #[kapi(proto = 35, omitempty)]
    pub external_docs: Option<ExternalDocumentation>,
    #[kapi(proto = 36, omitempty)]
    pub example: Option<JSON>,
    #[kapi(proto = 37, omitempty)]
    pub nullable: bool,
    #[kapi(
        proto = 38,
        json = "x-kubernetes-preserve-unknown-fields",
        proto_name = "xKubernetesPreserveUnknownFields",
        omitempty
    )]
    pub x_kubernetes_preserve_unknown_fields: Option<bool>,
    #[kapi(proto = 39, json = "x-kubernetes-embedded-resource", proto_name = "xKubernetesEmbeddedResource", omitempty)]
    pub x_kubernetes_embedded_resource: bool,
    #[kapi(proto = 40, json = "x-kubernetes-int-or-string", proto_name = "xKubernetesIntOrString", omitempty)]
    pub x_kubernetes_int_or_string: bool,
    #[kapi(proto = 41, json = "x-kubernetes-list-map-keys", proto_name = "xKubernetesListMapKeys", omitempty)]
    #[kapi(optional, list_type = "atomic")]
    pub x_kubernetes_list_map_keys: Vec<String>,
    #[kapi(proto = 42, json = "x-kubernetes-list-type", proto_name = "xKubernetesListType", omitempty)]
    #[kapi(optional)]
    pub x_kubernetes_list_type: Option<String>,
    #[kapi(proto = 43, json = "x-kubernetes-map-type", proto_name = "xKubernetesMapType", omitempty)]
    #[kapi(optional)]
    pub x_kubernetes_map_type: Option<String>,
    #[kapi(proto = 44, json = "x-kubernetes-validations", proto_name = "xKubernetesValidations", omitempty)]
    #[kapi(list_type = "map", list_map_key = "rule", patch_strategy = "merge", patch_merge_key = "rule")]
    pub x_kubernetes_validations: Vec<ValidationRule>,
}

pub type ValidationRules = Vec<ValidationRule>;

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct ValidationRule {
    #[kapi(proto = 1)]
    pub rule: String,
    #[kapi(proto = 2, omitempty)]
    pub message: String,
    #[kapi(proto = 3, omitempty)]
    #[kapi(optional)]
    pub message_expression: String,
    #[kapi(proto = 4, omitempty)]
    #[kapi(optional)]
    pub reason: Option<FieldValueErrorReason>,
    #[kapi(proto = 5, omitempty)]
    #[kapi(optional)]
    pub field_path: String,
    #[kapi(proto = 6, omitempty)]
    #[kapi(optional)]
    pub optional_old_self: Option<bool>,
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(custom_json, custom_fill)]
pub struct JSON {
    #[kapi(proto = 1, skip_json)]
    pub raw: Option<Vec<u8>>,
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct JSONSchemaURL(pub String);

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(custom_json)]
pub struct JSONSchemaPropsOrArray {
    #[kapi(proto = 1)]
    pub schema: Option<Box<JSONSchemaProps>>,
    #[kapi(proto = 2, proto_name = "jSONSchemas")]
    #[kapi(list_type = "atomic")]
    pub json_schemas: Option<Vec<JSONSchemaProps>>,
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(custom_json)]
pub struct JSONSchemaPropsOrBool {
    #[kapi(proto = 1)]
    pub allows: bool,
    #[kapi(proto = 2)]
    pub schema: Option<Box<JSONSchemaProps>>,
}

pub type JSONSchemaDependencies = BTreeMap<String, JSONSchemaPropsOrStringArray>;

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(custom_json)]
pub struct JSONSchemaPropsOrStringArray {
    #[kapi(proto = 1)]
    pub schema: Option<Box<JSONSchemaProps>>,
    #[kapi(proto = 2)]
    #[kapi(list_type = "atomic")]
    pub property: Option<Vec<String>>,
}

pub type JSONSchemaDefinitions = BTreeMap<String, JSONSchemaProps>;

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct ExternalDocumentation {
    #[kapi(proto = 1, omitempty)]
    pub description: String,
    #[kapi(proto = 2, omitempty)]
    pub url: String,
}
