//! Type definitions of `autoscaling/v1`.

use kapi_machinery::TypeMeta;
use kapi_machinery::types::{Quantity, Time};

use crate::Kapi;
use crate::core::v1::{ConditionStatus, ResourceName};
use crate::meta::v1::{LabelSelector, ListMeta, ObjectMeta};

/// Names an object by kind, name and API version, within the same namespace.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(struct_type = "atomic")]
pub struct CrossVersionObjectReference {
    /// Kind of the object, such as `Deployment`.
    ///
    /// +k8s:alpha(since: "1.37")=+k8s:required
    #[kapi(proto = 1)]
    pub kind: String,
    /// Name of the object.
    ///
    /// +k8s:alpha(since: "1.37")=+k8s:required
    #[kapi(proto = 2)]
    pub name: String,
    /// API version of the object.
    #[kapi(proto = 3, omitempty)]
    #[kapi(optional)]
    pub api_version: String,
}

/// The desired behavior of a horizontal pod autoscaler.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct HorizontalPodAutoscalerSpec {
    /// The object to scale, which must offer the scale subresource.
    #[kapi(proto = 1)]
    pub scale_target_ref: CrossVersionObjectReference,
    /// Lowest replica count; 1 by default, 0 allowed only with an object or external metric and a feature gate.
    ///
    /// +k8s:beta(since: "1.37")=+k8s:optional
    /// +k8s:beta(since: "1.37")=+k8s:ifEnabled(HPAScaleToZero)=+k8s:minimum=0
    /// +k8s:beta(since: "1.37")=+k8s:ifDisabled(HPAScaleToZero)=+k8s:minimum=1
    #[kapi(proto = 2, omitempty)]
    #[kapi(optional)]
    pub min_replicas: Option<i32>,
    /// Highest replica count; may not be below `min_replicas`.
    ///
    /// +k8s:beta(since: "1.37")=+k8s:required
    /// +k8s:beta(since: "1.37")=+k8s:minimum=1
    #[kapi(proto = 3)]
    #[kapi(required)]
    pub max_replicas: i32,
    /// Wanted average CPU use, in percent of the pods' CPU requests; a built-in default when unset.
    #[kapi(proto = 4, json = "targetCPUUtilizationPercentage", omitempty)]
    #[kapi(optional)]
    pub target_cpu_utilization_percentage: Option<i32>,
}

/// The observed state of a horizontal pod autoscaler.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct HorizontalPodAutoscalerStatus {
    /// The autoscaler generation this status reflects.
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub observed_generation: Option<i64>,
    /// When the replica count was last changed; used to pace changes.
    #[kapi(proto = 2, omitempty)]
    #[kapi(optional)]
    pub last_scale_time: Option<Time>,
    /// Replica count the autoscaler last saw.
    #[kapi(proto = 3)]
    pub current_replicas: i32,
    /// Replica count the autoscaler last computed.
    #[kapi(proto = 4)]
    pub desired_replicas: i32,
    /// Average CPU use now, in percent of the pods' CPU requests.
    #[kapi(proto = 5, json = "currentCPUUtilizationPercentage", omitempty)]
    #[kapi(optional)]
    pub current_cpu_utilization_percentage: Option<i32>,
}

/// Grows and shrinks a scalable workload's replica count to follow observed metrics.
///
/// +genclient
/// +k8s:prerelease-lifecycle-gen:introduced=1.2
/// +shortNames=hpa
/// +categories=all
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(kind, group = "autoscaling", version = "v1")]
pub struct HorizontalPodAutoscaler {
    /// Kind and API version.
    #[kapi(inline)]
    pub type_meta: TypeMeta,
    /// Standard object metadata.
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub metadata: ObjectMeta,
    /// How to scale and within which bounds.
    #[kapi(proto = 2, omitempty)]
    #[kapi(required)]
    pub spec: HorizontalPodAutoscalerSpec,
    /// The state last observed.
    #[kapi(proto = 3, omitempty)]
    #[kapi(optional)]
    pub status: HorizontalPodAutoscalerStatus,
}

/// A list of horizontal pod autoscalers.
///
/// +k8s:prerelease-lifecycle-gen:introduced=1.2
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(kind, group = "autoscaling", version = "v1")]
pub struct HorizontalPodAutoscalerList {
    /// Kind and API version.
    #[kapi(inline)]
    pub type_meta: TypeMeta,
    /// Standard list metadata.
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub metadata: ListMeta,
    /// The horizontal pod autoscalers.
    #[kapi(proto = 2)]
    pub items: Option<Vec<HorizontalPodAutoscaler>>,
}

/// The scale subresource: the replica count of a scalable workload.
///
/// +k8s:prerelease-lifecycle-gen:introduced=1.2
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(kind, group = "autoscaling", version = "v1")]
pub struct Scale {
    /// Kind and API version.
    #[kapi(inline)]
    pub type_meta: TypeMeta,
    /// Standard object metadata.
    ///
    /// +k8s:opaqueType
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub metadata: ObjectMeta,
    /// The replica count asked for.
    #[kapi(proto = 2, omitempty)]
    #[kapi(optional)]
    pub spec: ScaleSpec,
    /// The replica count last observed; read-only.
    #[kapi(proto = 3, omitempty)]
    #[kapi(optional)]
    pub status: ScaleStatus,
}

/// The replica count asked for.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct ScaleSpec {
    /// Wanted number of replicas.
    ///
    /// +k8s:beta(since: "1.37")=+k8s:optional
    /// +k8s:beta(since: "1.37")=+k8s:minimum=0
    #[kapi(proto = 1, omitempty, default = "0")]
    #[kapi(optional)]
    pub replicas: i32,
}

/// The replica count last seen, with the selector that finds those replicas.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct ScaleStatus {
    /// Number of replicas actually observed.
    #[kapi(proto = 1)]
    pub replicas: i32,
    /// The label selector for the replicas, in query-parameter form.
    #[kapi(proto = 2, omitempty)]
    #[kapi(optional)]
    pub selector: String,
}

/// The kind of source a metric comes from.
/// +enum
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct MetricSourceType(pub String);

impl MetricSourceType {
    /// A metric of one object.
    pub const OBJECT: &'static str = "Object";
    /// A metric of each pod, averaged.
    pub const PODS: &'static str = "Pods";
    /// A resource of each pod, such as CPU or memory.
    pub const RESOURCE: &'static str = "Resource";
    /// A resource of one container in each pod.
    pub const CONTAINER_RESOURCE: &'static str = "ContainerResource";
    /// A metric from outside the cluster.
    pub const EXTERNAL: &'static str = "External";
}

/// One metric to scale on and the target for it; only the member matching `type` is set.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct MetricSpec {
    /// Which source the metric comes from.
    #[kapi(proto = 1)]
    pub r#type: MetricSourceType,
    /// A metric of a single object; set for type `Object`.
    #[kapi(proto = 2, omitempty)]
    #[kapi(optional)]
    pub object: Option<ObjectMetricSource>,
    /// A metric of each pod, averaged; set for type `Pods`.
    #[kapi(proto = 3, omitempty)]
    #[kapi(optional)]
    pub pods: Option<PodsMetricSource>,
    /// A resource of each pod, such as CPU; set for type `Resource`.
    #[kapi(proto = 4, omitempty)]
    #[kapi(optional)]
    pub resource: Option<ResourceMetricSource>,
    /// A resource of one container in each pod; set for type `ContainerResource`.
    #[kapi(proto = 7, omitempty)]
    #[kapi(optional)]
    pub container_resource: Option<ContainerResourceMetricSource>,
    /// A metric from outside the cluster; set for type `External`.
    #[kapi(proto = 5, omitempty)]
    #[kapi(optional)]
    pub external: Option<ExternalMetricSource>,
}

/// Scaling on a metric of a single object, such as requests per second of an ingress.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct ObjectMetricSource {
    /// The object the metric is about.
    #[kapi(proto = 1)]
    pub target: CrossVersionObjectReference,
    /// Name of the metric.
    #[kapi(proto = 2)]
    pub metric_name: String,
    /// Value to aim for.
    #[kapi(proto = 3)]
    pub target_value: Quantity,
    /// Labels passed to the metrics server to narrow the metric; only the name when unset.
    #[kapi(proto = 4, omitempty)]
    #[kapi(optional)]
    pub selector: Option<LabelSelector>,
    /// Value to aim for, averaged over the relevant pods.
    #[kapi(proto = 5, omitempty)]
    #[kapi(optional)]
    pub average_value: Option<Quantity>,
}

/// Scaling on a metric of each pod of the target, averaged before comparing.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct PodsMetricSource {
    /// Name of the metric.
    #[kapi(proto = 1)]
    pub metric_name: String,
    /// Value to aim for, averaged over the pods.
    #[kapi(proto = 2)]
    pub target_average_value: Quantity,
    /// Labels passed to the metrics server to narrow the metric; only the name when unset.
    #[kapi(proto = 3, omitempty)]
    #[kapi(optional)]
    pub selector: Option<LabelSelector>,
}

/// Scaling on a resource such as CPU or memory, over all containers of each pod.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct ResourceMetricSource {
    /// The resource to read, such as `cpu`.
    #[kapi(proto = 1)]
    pub name: ResourceName,
    /// Average to aim for, as a percentage of what the pods request.
    #[kapi(proto = 2, omitempty)]
    #[kapi(optional)]
    pub target_average_utilization: Option<i32>,
    /// Value to aim for, averaged over the pods.
    #[kapi(proto = 3, omitempty)]
    #[kapi(optional)]
    pub target_average_value: Option<Quantity>,
}

/// Scaling on a resource such as CPU or memory, for one container of each pod.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct ContainerResourceMetricSource {
    /// The resource to read, such as `cpu`.
    #[kapi(proto = 1)]
    pub name: ResourceName,
    /// Average to aim for, as a percentage of what the containers request.
    #[kapi(proto = 2, omitempty)]
    #[kapi(optional)]
    pub target_average_utilization: Option<i32>,
    /// Value to aim for, averaged over the pods.
    #[kapi(proto = 3, omitempty)]
    #[kapi(optional)]
    pub target_average_value: Option<Quantity>,
    /// The container, in the target's pods, whose usage counts.
    #[kapi(proto = 5)]
    pub container: String,
}

/// Scaling on a metric from outside the cluster, such as a queue length.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct ExternalMetricSource {
    /// Name of the metric.
    #[kapi(proto = 1)]
    pub metric_name: String,
    /// Picks one time series within the metric.
    #[kapi(proto = 2, omitempty)]
    #[kapi(optional)]
    pub metric_selector: Option<LabelSelector>,
    /// Total value to aim for; excludes `target_average_value`.
    #[kapi(proto = 3, omitempty)]
    #[kapi(optional)]
    pub target_value: Option<Quantity>,
    /// Value to aim for per pod; excludes `target_value`.
    #[kapi(proto = 4, omitempty)]
    #[kapi(optional)]
    pub target_average_value: Option<Quantity>,
}

/// The last reading of one metric; only the member matching `type` is set.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct MetricStatus {
    /// Which source the metric comes from.
    #[kapi(proto = 1)]
    pub r#type: MetricSourceType,
    /// Reading of an object metric; set for type `Object`.
    #[kapi(proto = 2, omitempty)]
    #[kapi(optional)]
    pub object: Option<ObjectMetricStatus>,
    /// Reading of a per-pod metric; set for type `Pods`.
    #[kapi(proto = 3, omitempty)]
    #[kapi(optional)]
    pub pods: Option<PodsMetricStatus>,
    /// Reading of a resource metric; set for type `Resource`.
    #[kapi(proto = 4, omitempty)]
    #[kapi(optional)]
    pub resource: Option<ResourceMetricStatus>,
    /// Reading of a container resource metric; set for type `ContainerResource`.
    #[kapi(proto = 7, omitempty)]
    #[kapi(optional)]
    pub container_resource: Option<ContainerResourceMetricStatus>,
    /// Reading of an external metric; set for type `External`.
    #[kapi(proto = 5, omitempty)]
    #[kapi(optional)]
    pub external: Option<ExternalMetricStatus>,
}

/// The kind of a horizontal pod autoscaler condition.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct HorizontalPodAutoscalerConditionType(pub String);

impl HorizontalPodAutoscalerConditionType {
    /// The autoscaler is set up correctly, can read its metrics and is not disabled.
    pub const SCALING_ACTIVE: &'static str = "ScalingActive";
    /// No passing trouble, such as a backoff or an unreachable scale subresource, blocks scaling.
    pub const ABLE_TO_SCALE: &'static str = "AbleToScale";
    /// The computed count fell outside the min and max bounds and was clamped.
    pub const SCALING_LIMITED: &'static str = "ScalingLimited";
    /// The autoscaler took the workload down to zero replicas.
    pub const SCALED_TO_ZERO: &'static str = "ScaledToZero";
}

/// One aspect of an autoscaler's state at a point in time.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct HorizontalPodAutoscalerCondition {
    /// Which condition this is.
    #[kapi(proto = 1)]
    pub r#type: HorizontalPodAutoscalerConditionType,
    /// True, False or Unknown.
    #[kapi(proto = 2)]
    pub status: ConditionStatus,
    /// When the status last changed.
    #[kapi(proto = 3, omitempty)]
    #[kapi(optional)]
    pub last_transition_time: Time,
    /// A short machine-readable cause of the last transition.
    #[kapi(proto = 4, omitempty)]
    #[kapi(optional)]
    pub reason: String,
    /// A human-readable account of the last transition.
    #[kapi(proto = 5, omitempty)]
    #[kapi(optional)]
    pub message: String,
    /// The object generation the condition was computed from; older than the current one means stale.
    #[kapi(proto = 6, omitempty)]
    #[kapi(optional)]
    pub observed_generation: Option<i64>,
}

/// The last reading of an object metric.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct ObjectMetricStatus {
    /// The object the metric is about.
    #[kapi(proto = 1)]
    pub target: CrossVersionObjectReference,
    /// Name of the metric.
    #[kapi(proto = 2)]
    pub metric_name: String,
    /// Value read.
    #[kapi(proto = 3)]
    pub current_value: Quantity,
    /// The label selector that narrowed the metric, if any.
    #[kapi(proto = 4, omitempty)]
    #[kapi(optional)]
    pub selector: Option<LabelSelector>,
    /// Value read, averaged over the relevant pods.
    #[kapi(proto = 5, omitempty)]
    #[kapi(optional)]
    pub average_value: Option<Quantity>,
}

/// The last reading of a per-pod metric.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct PodsMetricStatus {
    /// Name of the metric.
    #[kapi(proto = 1)]
    pub metric_name: String,
    /// Value read, averaged over the pods.
    #[kapi(proto = 2)]
    pub current_average_value: Quantity,
    /// The label selector that narrowed the metric, if any.
    #[kapi(proto = 3, omitempty)]
    #[kapi(optional)]
    pub selector: Option<LabelSelector>,
}

/// The last reading of a resource metric over whole pods.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct ResourceMetricStatus {
    /// The resource read, such as `cpu`.
    #[kapi(proto = 1)]
    pub name: ResourceName,
    /// Average read, as a percentage of what the pods request.
    #[kapi(proto = 2, omitempty)]
    #[kapi(optional)]
    pub current_average_utilization: Option<i32>,
    /// Value read, averaged over the pods.
    #[kapi(proto = 3)]
    pub current_average_value: Quantity,
}

/// The last reading of a resource metric for one container of each pod.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct ContainerResourceMetricStatus {
    /// The resource read, such as `cpu`.
    #[kapi(proto = 1)]
    pub name: ResourceName,
    /// Average read, as a percentage of what the containers request.
    #[kapi(proto = 2, omitempty)]
    #[kapi(optional)]
    pub current_average_utilization: Option<i32>,
    /// Value read, averaged over the pods.
    #[kapi(proto = 3)]
    pub current_average_value: Quantity,
    /// The container, in the target's pods, whose usage counts.
    #[kapi(proto = 4)]
    pub container: String,
}

/// The last reading of an external metric.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct ExternalMetricStatus {
    /// Name of the metric.
    #[kapi(proto = 1)]
    pub metric_name: String,
    /// The label selector that picked the time series, if any.
    #[kapi(proto = 2, omitempty)]
    #[kapi(optional)]
    pub metric_selector: Option<LabelSelector>,
    /// Total value read.
    #[kapi(proto = 3)]
    pub current_value: Quantity,
    /// Value read per pod.
    #[kapi(proto = 4, omitempty)]
    #[kapi(optional)]
    pub current_average_value: Option<Quantity>,
}
