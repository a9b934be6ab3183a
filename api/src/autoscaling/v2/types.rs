//! Type definitions of `autoscaling/v2`.

use kapi_machinery::TypeMeta;
use kapi_machinery::types::{Quantity, Time};

use crate::Kapi;
use crate::core::v1::{ConditionStatus, ResourceName};
use crate::meta::v1::{LabelSelector, ListMeta, ObjectMeta};

/// +genclient
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(kind, group = "autoscaling", version = "v2")]
pub struct HorizontalPodAutoscaler {
    #[kapi(inline)]
    pub type_meta: TypeMeta,
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub metadata: ObjectMeta,
    #[kapi(proto = 2, omitempty)]
    #[kapi(required)]
    pub spec: HorizontalPodAutoscalerSpec,
    #[kapi(proto = 3, omitempty)]
    #[kapi(optional)]
    pub status: HorizontalPodAutoscalerStatus,
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct HorizontalPodAutoscalerSpec {
    #[kapi(proto = 1)]
    pub scale_target_ref: CrossVersionObjectReference,
    #[kapi(proto = 2, omitempty)]
    #[kapi(optional)]
    pub min_replicas: Option<i32>,
    #[kapi(proto = 3)]
    #[kapi(required)]
    pub max_replicas: i32,
    #[kapi(proto = 4, omitempty)]
    #[kapi(optional, list_type = "atomic")]
    pub metrics: Vec<MetricSpec>,
    #[kapi(proto = 5, omitempty)]
    #[kapi(optional)]
    pub behavior: Option<HorizontalPodAutoscalerBehavior>,
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct CrossVersionObjectReference {
    #[kapi(proto = 1)]
    pub kind: String,
    #[kapi(proto = 2)]
    pub name: String,
    #[kapi(proto = 3, omitempty)]
    #[kapi(optional)]
    pub api_version: String,
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct MetricSpec {
    #[kapi(proto = 1)]
    pub r#type: MetricSourceType,
    #[kapi(proto = 2, omitempty)]
    #[kapi(optional)]
    pub object: Option<ObjectMetricSource>,
    #[kapi(proto = 3, omitempty)]
    #[kapi(optional)]
    pub pods: Option<PodsMetricSource>,
    #[kapi(proto = 4, omitempty)]
    #[kapi(optional)]
    pub resource: Option<ResourceMetricSource>,
    #[kapi(proto = 7, omitempty)]
    #[kapi(optional)]
    pub container_resource: Option<ContainerResourceMetricSource>,
    #[kapi(proto = 5, omitempty)]
    #[kapi(optional)]
    pub external: Option<ExternalMetricSource>,
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct HorizontalPodAutoscalerBehavior {
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub scale_up: Option<HPAScalingRules>,
    #[kapi(proto = 2, omitempty)]
    #[kapi(optional)]
    pub scale_down: Option<HPAScalingRules>,
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct ScalingPolicySelect(pub String);

impl ScalingPolicySelect {
    pub const MAX: &'static str = "Max";
    pub const MIN: &'static str = "Min";
    pub const DISABLED: &'static str = "Disabled";
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct HPAScalingRules {
    #[kapi(proto = 3, omitempty)]
    #[kapi(optional)]
    pub stabilization_window_seconds: Option<i32>,
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub select_policy: Option<ScalingPolicySelect>,
    #[kapi(proto = 2, omitempty)]
    #[kapi(optional, list_type = "atomic")]
    pub policies: Vec<HPAScalingPolicy>,
    #[kapi(proto = 4, omitempty)]
    #[kapi(optional)]
    pub tolerance: Option<Quantity>,
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct HPAScalingPolicyType(pub String);

impl HPAScalingPolicyType {
    pub const PODS: &'static str = "Pods";
    pub const PERCENT: &'static str = "Percent";
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct HPAScalingPolicy {
    #[kapi(proto = 1)]
    pub r#type: HPAScalingPolicyType,
    #[kapi(proto = 2)]
    pub value: i32,
    #[kapi(proto = 3)]
    pub period_seconds: i32,
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct MetricSourceType(pub String);

impl MetricSourceType {
    pub const OBJECT: &'static str = "Object";
    pub const PODS: &'static str = "Pods";
    pub const RESOURCE: &'static str = "Resource";
    pub const CONTAINER_RESOURCE: &'static str = "ContainerResource";
    pub const EXTERNAL: &'static str = "External";
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct ObjectMetricSource {
    #[kapi(proto = 1)]
    pub described_object: CrossVersionObjectReference,
    #[kapi(proto = 2)]
    pub target: MetricTarget,
    #[kapi(proto = 3)]
    pub metric: MetricIdentifier,
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct PodsMetricSource {
    #[kapi(proto = 1)]
    pub metric: MetricIdentifier,
    #[kapi(proto = 2)]
    pub target: MetricTarget,
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct ResourceMetricSource {
    #[kapi(proto = 1)]
    pub name: ResourceName,
    #[kapi(proto = 2)]
    pub target: MetricTarget,
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct ContainerResourceMetricSource {
    #[kapi(proto = 1)]
    pub name: ResourceName,
    #[kapi(proto = 2)]
    pub target: MetricTarget,
    #[kapi(proto = 3)]
    pub container: String,
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct ExternalMetricSource {
    #[kapi(proto = 1)]
    pub metric: MetricIdentifier,
    #[kapi(proto = 2)]
    pub target: MetricTarget,
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct MetricIdentifier {
    #[kapi(proto = 1)]
    pub name: String,
    #[kapi(proto = 2, omitempty)]
    #[kapi(optional)]
    pub selector: Option<LabelSelector>,
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct MetricTarget {
    #[kapi(proto = 1)]
    pub r#type: MetricTargetType,
    #[kapi(proto = 2, omitempty)]
    #[kapi(optional)]
    pub value: Option<Quantity>,
    #[kapi(proto = 3, omitempty)]
    #[kapi(optional)]
    pub average_value: Option<Quantity>,
    #[kapi(proto = 4, omitempty)]
    #[kapi(optional)]
    pub average_utilization: Option<i32>,
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct MetricTargetType(pub String);

impl MetricTargetType {
    pub const UTILIZATION: &'static str = "Utilization";
    pub const VALUE: &'static str = "Value";
    pub const AVERAGE_VALUE: &'static str = "AverageValue";
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct HorizontalPodAutoscalerStatus {
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub observed_generation: Option<i64>,
    #[kapi(proto = 2, omitempty)]
    #[kapi(optional)]
    pub last_scale_time: Option<Time>,
    #[kapi(proto = 3, omitempty)]
    #[kapi(optional)]
    pub current_replicas: i32,
    #[kapi(proto = 4)]
    pub desired_replicas: i32,
    #[kapi(proto = 5)]
    #[kapi(optional, list_type = "atomic")]
    pub current_metrics: Option<Vec<MetricStatus>>,
    #[kapi(proto = 6, omitempty)]
    #[kapi(optional, list_type = "map", list_map_key = "type", patch_strategy = "merge", patch_merge_key = "type")]
    pub conditions: Vec<HorizontalPodAutoscalerCondition>,
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct HorizontalPodAutoscalerConditionType(pub String);

impl HorizontalPodAutoscalerConditionType {
    pub const SCALING_ACTIVE: &'static str = "ScalingActive";
    pub const ABLE_TO_SCALE: &'static str = "AbleToScale";
    pub const SCALING_LIMITED: &'static str = "ScalingLimited";
    pub const SCALED_TO_ZERO: &'static str = "ScaledToZero";
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct HorizontalPodAutoscalerCondition {
    #[kapi(proto = 1)]
    pub r#type: HorizontalPodAutoscalerConditionType,
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
    pub observed_generation: Option<i64>,
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct MetricStatus {
    #[kapi(proto = 1)]
    pub r#type: MetricSourceType,
    #[kapi(proto = 2, omitempty)]
    #[kapi(optional)]
    pub object: Option<ObjectMetricStatus>,
    #[kapi(proto = 3, omitempty)]
    #[kapi(optional)]
    pub pods: Option<PodsMetricStatus>,
    #[kapi(proto = 4, omitempty)]
    #[kapi(optional)]
    pub resource: Option<ResourceMetricStatus>,
    #[kapi(proto = 7, omitempty)]
    #[kapi(optional)]
    pub container_resource: Option<ContainerResourceMetricStatus>,
    #[kapi(proto = 5, omitempty)]
    #[kapi(optional)]
    pub external: Option<ExternalMetricStatus>,
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct ObjectMetricStatus {
    #[kapi(proto = 1)]
    pub metric: MetricIdentifier,
    #[kapi(proto = 2)]
    pub current: MetricValueStatus,
    #[kapi(proto = 3)]
    pub described_object: CrossVersionObjectReference,
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct PodsMetricStatus {
    #[kapi(proto = 1)]
    pub metric: MetricIdentifier,
    #[kapi(proto = 2)]
    pub current: MetricValueStatus,
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct ResourceMetricStatus {
    #[kapi(proto = 1)]
    pub name: ResourceName,
    #[kapi(proto = 2)]
    pub current: MetricValueStatus,
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct ContainerResourceMetricStatus {
    #[kapi(proto = 1)]
    pub name: ResourceName,
    #[kapi(proto = 2)]
    pub current: MetricValueStatus,
    #[kapi(proto = 3)]
    pub container: String,
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct ExternalMetricStatus {
    #[kapi(proto = 1)]
    pub metric: MetricIdentifier,
    #[kapi(proto = 2)]
    pub current: MetricValueStatus,
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct MetricValueStatus {
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub value: Option<Quantity>,
    #[kapi(proto = 2, omitempty)]
    #[kapi(optional)]
    pub average_value: Option<Quantity>,
    #[kapi(proto = 3, omitempty)]
    #[kapi(optional)]
    pub average_utilization: Option<i32>,
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(kind, group = "autoscaling", version = "v2")]
pub struct HorizontalPodAutoscalerList {
    #[kapi(inline)]
    pub type_meta: TypeMeta,
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub metadata: ListMeta,
    #[kapi(proto = 2)]
    pub items: Option<Vec<HorizontalPodAutoscaler>>,
}
