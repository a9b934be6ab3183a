//! Type definitions of `autoscaling/v1`.

use kapi_machinery::TypeMeta;
use kapi_machinery::types::{Quantity, Time};

use crate::Kapi;
use crate::core::v1::{ConditionStatus, ResourceName};
use crate::meta::v1::{LabelSelector, ListMeta, ObjectMeta};

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(struct_type = "atomic")]
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
pub struct HorizontalPodAutoscalerSpec {
    #[kapi(proto = 1)]
    pub scale_target_ref: CrossVersionObjectReference,
    #[kapi(proto = 2, omitempty)]
    #[kapi(optional)]
    pub min_replicas: Option<i32>,
    #[kapi(proto = 3)]
    #[kapi(required)]
    pub max_replicas: i32,
    #[kapi(proto = 4, json = "targetCPUUtilizationPercentage", omitempty)]
    #[kapi(optional)]
    pub target_cpu_utilization_percentage: Option<i32>,
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct HorizontalPodAutoscalerStatus {
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub observed_generation: Option<i64>,
    #[kapi(proto = 2, omitempty)]
    #[kapi(optional)]
    pub last_scale_time: Option<Time>,
    #[kapi(proto = 3)]
    pub current_replicas: i32,
    #[kapi(proto = 4)]
    pub desired_replicas: i32,
    #[kapi(proto = 5, json = "currentCPUUtilizationPercentage", omitempty)]
    #[kapi(optional)]
    pub current_cpu_utilization_percentage: Option<i32>,
}

/// +genclient
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(kind, group = "autoscaling", version = "v1")]
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
#[kapi(kind, group = "autoscaling", version = "v1")]
pub struct HorizontalPodAutoscalerList {
    #[kapi(inline)]
    pub type_meta: TypeMeta,
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub metadata: ListMeta,
    #[kapi(proto = 2)]
    pub items: Option<Vec<HorizontalPodAutoscaler>>,
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(kind, group = "autoscaling", version = "v1")]
pub struct Scale {
    #[kapi(inline)]
    pub type_meta: TypeMeta,
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub metadata: ObjectMeta,
    #[kapi(proto = 2, omitempty)]
    #[kapi(optional)]
    pub spec: ScaleSpec,
    #[kapi(proto = 3, omitempty)]
    #[kapi(optional)]
    pub status: ScaleStatus,
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct ScaleSpec {
    #[kapi(proto = 1, omitempty, default = "0")]
    #[kapi(optional)]
    pub replicas: i32,
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct ScaleStatus {
    #[kapi(proto = 1)]
    pub replicas: i32,
    #[kapi(proto = 2, omitempty)]
    #[kapi(optional)]
    pub selector: String,
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
pub struct ObjectMetricSource {
    #[kapi(proto = 1)]
    pub target: CrossVersionObjectReference,
    #[kapi(proto = 2)]
    pub metric_name: String,
    #[kapi(proto = 3)]
    pub target_value: Quantity,
    #[kapi(proto = 4, omitempty)]
    #[kapi(optional)]
    pub selector: Option<LabelSelector>,
    #[kapi(proto = 5, omitempty)]
    #[kapi(optional)]
    pub average_value: Option<Quantity>,
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct PodsMetricSource {
    #[kapi(proto = 1)]
    pub metric_name: String,
    #[kapi(proto = 2)]
    pub target_average_value: Quantity,
    #[kapi(proto = 3, omitempty)]
    #[kapi(optional)]
    pub selector: Option<LabelSelector>,
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct ResourceMetricSource {
    #[kapi(proto = 1)]
    pub name: ResourceName,
    #[kapi(proto = 2, omitempty)]
    #[kapi(optional)]
    pub target_average_utilization: Option<i32>,
    #[kapi(proto = 3, omitempty)]
    #[kapi(optional)]
    pub target_average_value: Option<Quantity>,
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct ContainerResourceMetricSource {
    #[kapi(proto = 1)]
    pub name: ResourceName,
    #[kapi(proto = 2, omitempty)]
    #[kapi(optional)]
    pub target_average_utilization: Option<i32>,
    #[kapi(proto = 3, omitempty)]
    #[kapi(optional)]
    pub target_average_value: Option<Quantity>,
    #[kapi(proto = 5)]
    pub container: String,
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct ExternalMetricSource {
    #[kapi(proto = 1)]
    pub metric_name: String,
    #[kapi(proto = 2, omitempty)]
    #[kapi(optional)]
    pub metric_selector: Option<LabelSelector>,
    #[kapi(proto = 3, omitempty)]
    #[kapi(optional)]
    pub target_value: Option<Quantity>,
    #[kapi(proto = 4, omitempty)]
    #[kapi(optional)]
    pub target_average_value: Option<Quantity>,
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
pub struct ObjectMetricStatus {
    #[kapi(proto = 1)]
    pub target: CrossVersionObjectReference,
    #[kapi(proto = 2)]
    pub metric_name: String,
    #[kapi(proto = 3)]
    pub current_value: Quantity,
    #[kapi(proto = 4, omitempty)]
    #[kapi(optional)]
    pub selector: Option<LabelSelector>,
    #[kapi(proto = 5, omitempty)]
    #[kapi(optional)]
    pub average_value: Option<Quantity>,
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct PodsMetricStatus {
    #[kapi(proto = 1)]
    pub metric_name: String,
    #[kapi(proto = 2)]
    pub current_average_value: Quantity,
    #[kapi(proto = 3, omitempty)]
    #[kapi(optional)]
    pub selector: Option<LabelSelector>,
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct ResourceMetricStatus {
    #[kapi(proto = 1)]
    pub name: ResourceName,
    #[kapi(proto = 2, omitempty)]
    #[kapi(optional)]
    pub current_average_utilization: Option<i32>,
    #[kapi(proto = 3)]
    pub current_average_value: Quantity,
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct ContainerResourceMetricStatus {
    #[kapi(proto = 1)]
    pub name: ResourceName,
    #[kapi(proto = 2, omitempty)]
    #[kapi(optional)]
    pub current_average_utilization: Option<i32>,
    #[kapi(proto = 3)]
    pub current_average_value: Quantity,
    #[kapi(proto = 4)]
    pub container: String,
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct ExternalMetricStatus {
    #[kapi(proto = 1)]
    pub metric_name: String,
    #[kapi(proto = 2, omitempty)]
    #[kapi(optional)]
    pub metric_selector: Option<LabelSelector>,
    #[kapi(proto = 3)]
    pub current_value: Quantity,
    #[kapi(proto = 4, omitempty)]
    #[kapi(optional)]
    pub current_average_value: Option<Quantity>,
}
