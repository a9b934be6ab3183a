//! Type definitions of `autoscaling/v2`.

use kapi_machinery::TypeMeta;
use kapi_machinery::types::{Quantity, Time};

use crate::Kapi;
use crate::core::v1::{ConditionStatus, ResourceName};
use crate::meta::v1::{LabelSelector, ListMeta, ObjectMeta};

/// Grows and shrinks a scalable workload's replica count to follow observed metrics.
///
/// +genclient
/// +k8s:prerelease-lifecycle-gen:introduced=1.23
/// +shortNames=hpa
/// +categories=all
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(kind, group = "autoscaling", version = "v2")]
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
    /// Metrics to scale on, each giving a replica count, the largest of which wins; 80% CPU by default.
    ///
    /// +k8s:alpha(since: "1.37")=+k8s:optional
    #[kapi(proto = 4, omitempty)]
    #[kapi(optional, list_type = "atomic")]
    pub metrics: Vec<MetricSpec>,
    /// Scaling rules for each direction; built-in rules when unset.
    #[kapi(proto = 5, omitempty)]
    #[kapi(optional)]
    pub behavior: Option<HorizontalPodAutoscalerBehavior>,
}

/// Names an object by kind, name and API version, within the same namespace.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
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

/// One metric to scale on and the target for it; only the member matching `type` is set.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct MetricSpec {
    /// Which source the metric comes from.
    #[kapi(proto = 1)]
    pub r#type: MetricSourceType,
    /// A metric of a single object; set for type `Object`.
    ///
    /// +k8s:alpha(since: "1.37")=+k8s:optional
    /// +k8s:alpha(since: "1.37")=+k8s:opaqueType
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

/// Separate scaling rules for the up and down directions.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct HorizontalPodAutoscalerBehavior {
    /// Rules for growing; by default the larger of +4 pods or +100% per 60 seconds, with no stabilization.
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub scale_up: Option<HPAScalingRules>,
    /// Rules for shrinking; by default down to `min_replicas` at once, after a 300-second stabilization window.
    #[kapi(proto = 2, omitempty)]
    #[kapi(optional)]
    pub scale_down: Option<HPAScalingRules>,
}

/// Which of several scaling policies wins.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct ScalingPolicySelect(pub String);

impl ScalingPolicySelect {
    /// Take the policy allowing the largest change.
    pub const MAX: &'static str = "Max";
    /// Take the policy allowing the smallest change.
    pub const MIN: &'static str = "Min";
    /// Never scale in this direction.
    pub const DISABLED: &'static str = "Disabled";
}

/// How fast the autoscaler may change the replica count in one direction.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct HPAScalingRules {
    /// Seconds of past recommendations to weigh so the count does not flap; 0 to 3600, default 0 up and 300 down.
    #[kapi(proto = 3, omitempty)]
    #[kapi(optional)]
    pub stabilization_window_seconds: Option<i32>,
    /// Which policy wins when several apply; `Max` by default.
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub select_policy: Option<ScalingPolicySelect>,
    /// Limits on the change; when unset, built-in limits for the direction apply.
    #[kapi(proto = 2, omitempty)]
    #[kapi(optional, list_type = "atomic")]
    pub policies: Vec<HPAScalingPolicy>,
    /// Ratio of deviation from the target ignored before scaling, such as 0.01 for 1%; the cluster's (10%) if unset.
    ///
    /// +featureGate=HPAConfigurableTolerance
    #[kapi(proto = 4, omitempty)]
    #[kapi(optional)]
    pub tolerance: Option<Quantity>,
}

/// The unit of a scaling policy's limit.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct HPAScalingPolicyType(pub String);

impl HPAScalingPolicyType {
    /// The limit is a number of pods.
    pub const PODS: &'static str = "Pods";
    /// The limit is a percentage of the current pods.
    pub const PERCENT: &'static str = "Percent";
}

/// One limit on how much the replica count may change within a time window.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct HPAScalingPolicy {
    /// `Pods` or `Percent`.
    #[kapi(proto = 1)]
    pub r#type: HPAScalingPolicyType,
    /// How much the count may change in the window; must be above 0.
    #[kapi(proto = 2)]
    pub value: i32,
    /// Length of the window in seconds; 1 to 1800.
    #[kapi(proto = 3)]
    pub period_seconds: i32,
}

/// The kind of source a metric comes from.
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

/// Scaling on a metric of a single object, such as requests per second of an ingress.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct ObjectMetricSource {
    /// The object the metric is about.
    #[kapi(proto = 1)]
    pub described_object: CrossVersionObjectReference,
    /// The value to aim for.
    #[kapi(proto = 2)]
    pub target: MetricTarget,
    /// The metric to read.
    #[kapi(proto = 3)]
    pub metric: MetricIdentifier,
}

/// Scaling on a metric of each pod of the target, averaged before comparing.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct PodsMetricSource {
    /// The metric to read.
    #[kapi(proto = 1)]
    pub metric: MetricIdentifier,
    /// The value to aim for.
    #[kapi(proto = 2)]
    pub target: MetricTarget,
}

/// Scaling on a resource such as CPU or memory, over all containers of each pod.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct ResourceMetricSource {
    /// The resource to read, such as `cpu`.
    #[kapi(proto = 1)]
    pub name: ResourceName,
    /// The value to aim for.
    #[kapi(proto = 2)]
    pub target: MetricTarget,
}

/// Scaling on a resource such as CPU or memory, for one container of each pod.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct ContainerResourceMetricSource {
    /// The resource to read, such as `cpu`.
    #[kapi(proto = 1)]
    pub name: ResourceName,
    /// The value to aim for.
    #[kapi(proto = 2)]
    pub target: MetricTarget,
    /// The container, in the target's pods, whose usage counts.
    #[kapi(proto = 3)]
    pub container: String,
}

/// Scaling on a metric from outside the cluster, such as a queue length.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct ExternalMetricSource {
    /// The metric to read.
    #[kapi(proto = 1)]
    pub metric: MetricIdentifier,
    /// The value to aim for.
    #[kapi(proto = 2)]
    pub target: MetricTarget,
}

/// Names a metric, optionally narrowed by a label selector.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct MetricIdentifier {
    /// Name of the metric.
    #[kapi(proto = 1)]
    pub name: String,
    /// Labels passed to the metrics server to narrow the metric; only the name when unset.
    #[kapi(proto = 2, omitempty)]
    #[kapi(optional)]
    pub selector: Option<LabelSelector>,
}

/// The value a metric should be held at: a raw value, a per-pod average or a utilization.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct MetricTarget {
    /// `Utilization`, `Value` or `AverageValue`.
    #[kapi(proto = 1)]
    pub r#type: MetricTargetType,
    /// Raw value to aim for.
    #[kapi(proto = 2, omitempty)]
    #[kapi(optional)]
    pub value: Option<Quantity>,
    /// Value to aim for, averaged over the relevant pods.
    #[kapi(proto = 3, omitempty)]
    #[kapi(optional)]
    pub average_value: Option<Quantity>,
    /// Average to aim for, as a percentage of what the pods request; only for resource metrics.
    #[kapi(proto = 4, omitempty)]
    #[kapi(optional)]
    pub average_utilization: Option<i32>,
}

/// Which form a metric target takes.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct MetricTargetType(pub String);

impl MetricTargetType {
    /// Aim for an average utilization.
    pub const UTILIZATION: &'static str = "Utilization";
    /// Aim for a raw value.
    pub const VALUE: &'static str = "Value";
    /// Aim for a per-pod average value.
    pub const AVERAGE_VALUE: &'static str = "AverageValue";
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
    #[kapi(proto = 3, omitempty)]
    #[kapi(optional)]
    pub current_replicas: i32,
    /// Replica count the autoscaler last computed.
    #[kapi(proto = 4)]
    pub desired_replicas: i32,
    /// The last reading of each metric.
    ///
    /// +k8s:alpha(since: "1.37")=+k8s:optional
    #[kapi(proto = 5)]
    #[kapi(optional, list_type = "atomic")]
    pub current_metrics: Option<Vec<MetricStatus>>,
    /// Whether the conditions for scaling the target are met.
    #[kapi(proto = 6, omitempty)]
    #[kapi(optional, list_type = "map", list_map_key = "type", patch_strategy = "merge", patch_merge_key = "type")]
    pub conditions: Vec<HorizontalPodAutoscalerCondition>,
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

/// The last reading of one metric; only the member matching `type` is set.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct MetricStatus {
    /// Which source the metric comes from.
    #[kapi(proto = 1)]
    pub r#type: MetricSourceType,
    /// Reading of an object metric; set for type `Object`.
    ///
    /// +k8s:alpha(since: "1.37")=+k8s:optional
    /// +k8s:alpha(since: "1.37")=+k8s:opaqueType
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

/// The last reading of an object metric.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct ObjectMetricStatus {
    /// The metric read.
    #[kapi(proto = 1)]
    pub metric: MetricIdentifier,
    /// The reading.
    #[kapi(proto = 2)]
    pub current: MetricValueStatus,
    /// The object the metric is about.
    #[kapi(proto = 3)]
    pub described_object: CrossVersionObjectReference,
}

/// The last reading of a per-pod metric.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct PodsMetricStatus {
    /// The metric read.
    #[kapi(proto = 1)]
    pub metric: MetricIdentifier,
    /// The reading.
    #[kapi(proto = 2)]
    pub current: MetricValueStatus,
}

/// The last reading of a resource metric over whole pods.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct ResourceMetricStatus {
    /// The resource read, such as `cpu`.
    #[kapi(proto = 1)]
    pub name: ResourceName,
    /// The reading.
    #[kapi(proto = 2)]
    pub current: MetricValueStatus,
}

/// The last reading of a resource metric for one container of each pod.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct ContainerResourceMetricStatus {
    /// The resource read, such as `cpu`.
    #[kapi(proto = 1)]
    pub name: ResourceName,
    /// The reading.
    #[kapi(proto = 2)]
    pub current: MetricValueStatus,
    /// The container, in the target's pods, whose usage counts.
    #[kapi(proto = 3)]
    pub container: String,
}

/// The last reading of an external metric.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct ExternalMetricStatus {
    /// The metric read.
    #[kapi(proto = 1)]
    pub metric: MetricIdentifier,
    /// The reading.
    #[kapi(proto = 2)]
    pub current: MetricValueStatus,
}

/// A metric reading as a raw value, a per-pod average or a utilization.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct MetricValueStatus {
    /// Raw value read.
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub value: Option<Quantity>,
    /// Value read, averaged over the relevant pods.
    #[kapi(proto = 2, omitempty)]
    #[kapi(optional)]
    pub average_value: Option<Quantity>,
    /// Average read, as a percentage of what the pods request.
    #[kapi(proto = 3, omitempty)]
    #[kapi(optional)]
    pub average_utilization: Option<i32>,
}

/// A list of horizontal pod autoscalers.
///
/// +k8s:prerelease-lifecycle-gen:introduced=1.23
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(kind, group = "autoscaling", version = "v2")]
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
