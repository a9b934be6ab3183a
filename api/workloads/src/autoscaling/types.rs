//! The internal (hub) types of `autoscaling`, in the shape of v2: v1 keeps what it cannot hold in annotations, and the old `Scale` kinds of apps and extensions convert here.

use kapi_machinery::TypeMeta;
use kapi_machinery::types::{Quantity, Time};

use crate::Kapi;
use crate::core::{ConditionStatus, ResourceName};
use crate::meta::v1::{LabelSelector, ListMeta, ObjectMeta};

/// Grows and shrinks a scalable workload's replica count to follow observed metrics.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(kind, group = "autoscaling", internal)]
pub struct HorizontalPodAutoscaler {
    /// Kind and API version.
    pub type_meta: TypeMeta,
    /// Standard object metadata.
    pub metadata: ObjectMeta,
    /// How to scale and within which bounds.
    pub spec: HorizontalPodAutoscalerSpec,
    /// The state last observed.
    pub status: HorizontalPodAutoscalerStatus,
}

/// The desired behavior of a horizontal pod autoscaler.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(internal)]
pub struct HorizontalPodAutoscalerSpec {
    /// The object to scale, which must offer the scale subresource.
    pub scale_target_ref: CrossVersionObjectReference,
    /// Lowest replica count; 1 by default, 0 allowed only with an object or external metric and a feature gate.
    pub min_replicas: Option<i32>,
    /// Highest replica count; may not be below `min_replicas`.
    pub max_replicas: i32,
    /// Metrics to scale on, each giving a replica count, the largest of which wins; 80% CPU by default.
    pub metrics: Vec<MetricSpec>,
    /// Scaling rules for each direction; built-in rules when unset.
    pub behavior: Option<HorizontalPodAutoscalerBehavior>,
}

/// Names an object by kind, name and API version, within the same namespace.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(internal)]
pub struct CrossVersionObjectReference {
    /// Kind of the object, such as `Deployment`.
    pub kind: String,
    /// Name of the object.
    pub name: String,
    /// API version of the object.
    pub api_version: String,
}

/// One metric to scale on and the target for it; only the member matching `type` is set.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(internal)]
pub struct MetricSpec {
    /// Which source the metric comes from.
    pub r#type: MetricSourceType,
    /// A metric of a single object; set for type `Object`.
    pub object: Option<ObjectMetricSource>,
    /// A metric of each pod, averaged; set for type `Pods`.
    pub pods: Option<PodsMetricSource>,
    /// A resource of each pod, such as CPU; set for type `Resource`.
    pub resource: Option<ResourceMetricSource>,
    /// A resource of one container in each pod; set for type `ContainerResource`.
    pub container_resource: Option<ContainerResourceMetricSource>,
    /// A metric from outside the cluster; set for type `External`.
    pub external: Option<ExternalMetricSource>,
}

/// Separate scaling rules for the up and down directions.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(internal)]
pub struct HorizontalPodAutoscalerBehavior {
    /// Rules for growing; by default the larger of +4 pods or +100% per 60 seconds, with no stabilization.
    pub scale_up: Option<HPAScalingRules>,
    /// Rules for shrinking; by default down to `min_replicas` at once, after a 300-second stabilization window.
    pub scale_down: Option<HPAScalingRules>,
}

/// Which of several scaling policies wins.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(internal)]
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
#[kapi(internal)]
pub struct HPAScalingRules {
    /// Seconds of past recommendations to weigh so the count does not flap; 0 to 3600, default 0 up and 300 down.
    pub stabilization_window_seconds: Option<i32>,
    /// Which policy wins when several apply; `Max` by default.
    pub select_policy: Option<ScalingPolicySelect>,
    /// Limits on the change; when unset, built-in limits for the direction apply.
    pub policies: Vec<HPAScalingPolicy>,
    /// Ratio of deviation from the target ignored before scaling, such as 0.01 for 1%; the cluster's (10%) if unset.
    pub tolerance: Option<Quantity>,
}

/// The unit of a scaling policy's limit.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(internal)]
pub struct HPAScalingPolicyType(pub String);

impl HPAScalingPolicyType {
    /// The limit is a number of pods.
    pub const PODS: &'static str = "Pods";
    /// The limit is a percentage of the current pods.
    pub const PERCENT: &'static str = "Percent";
}

/// One limit on how much the replica count may change within a time window.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(internal)]
pub struct HPAScalingPolicy {
    /// `Pods` or `Percent`.
    pub r#type: HPAScalingPolicyType,
    /// How much the count may change in the window; must be above 0.
    pub value: i32,
    /// Length of the window in seconds; 1 to 1800.
    pub period_seconds: i32,
}

/// The kind of source a metric comes from.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(internal)]
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
#[kapi(internal)]
pub struct ObjectMetricSource {
    /// The object the metric is about.
    pub described_object: CrossVersionObjectReference,
    /// The value to aim for.
    pub target: MetricTarget,
    /// The metric to read.
    pub metric: MetricIdentifier,
}

/// Scaling on a metric of each pod of the target, averaged before comparing.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(internal)]
pub struct PodsMetricSource {
    /// The metric to read.
    pub metric: MetricIdentifier,
    /// The value to aim for.
    pub target: MetricTarget,
}

/// Scaling on a resource such as CPU or memory, over all containers of each pod.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(internal)]
pub struct ResourceMetricSource {
    /// The resource to read, such as `cpu`.
    pub name: ResourceName,
    /// The value to aim for.
    pub target: MetricTarget,
}

/// Scaling on a resource such as CPU or memory, for one container of each pod.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(internal)]
pub struct ContainerResourceMetricSource {
    /// The resource to read, such as `cpu`.
    pub name: ResourceName,
    /// The value to aim for.
    pub target: MetricTarget,
    /// The container, in the target's pods, whose usage counts.
    pub container: String,
}

/// Scaling on a metric from outside the cluster, such as a queue length.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(internal)]
pub struct ExternalMetricSource {
    /// The metric to read.
    pub metric: MetricIdentifier,
    /// The value to aim for.
    pub target: MetricTarget,
}

/// Names a metric, optionally narrowed by a label selector.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(internal)]
pub struct MetricIdentifier {
    /// Name of the metric.
    pub name: String,
    /// Labels passed to the metrics server to narrow the metric; only the name when unset.
    pub selector: Option<LabelSelector>,
}

/// The value a metric should be held at: a raw value, a per-pod average or a utilization.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(internal)]
pub struct MetricTarget {
    /// `Utilization`, `Value` or `AverageValue`.
    pub r#type: MetricTargetType,
    /// Raw value to aim for.
    pub value: Option<Quantity>,
    /// Value to aim for, averaged over the relevant pods.
    pub average_value: Option<Quantity>,
    /// Average to aim for, as a percentage of what the pods request; only for resource metrics.
    pub average_utilization: Option<i32>,
}

/// Which form a metric target takes.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(internal)]
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
#[kapi(internal)]
pub struct HorizontalPodAutoscalerStatus {
    /// The autoscaler generation this status reflects.
    pub observed_generation: Option<i64>,
    /// When the replica count was last changed; used to pace changes.
    pub last_scale_time: Option<Time>,
    /// Replica count the autoscaler last saw.
    pub current_replicas: i32,
    /// Replica count the autoscaler last computed.
    pub desired_replicas: i32,
    /// The last reading of each metric.
    pub current_metrics: Vec<MetricStatus>,
    /// Whether the conditions for scaling the target are met.
    pub conditions: Vec<HorizontalPodAutoscalerCondition>,
}

/// The kind of a horizontal pod autoscaler condition.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(internal)]
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
#[kapi(internal)]
pub struct HorizontalPodAutoscalerCondition {
    /// Which condition this is.
    pub r#type: HorizontalPodAutoscalerConditionType,
    /// True, False or Unknown.
    pub status: ConditionStatus,
    /// When the status last changed.
    pub last_transition_time: Time,
    /// A short machine-readable cause of the last transition.
    pub reason: String,
    /// A human-readable account of the last transition.
    pub message: String,
    /// The object generation the condition was computed from; older than the current one means stale.
    pub observed_generation: Option<i64>,
}

/// The last reading of one metric; only the member matching `type` is set.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(internal)]
pub struct MetricStatus {
    /// Which source the metric comes from.
    pub r#type: MetricSourceType,
    /// Reading of an object metric; set for type `Object`.
    pub object: Option<ObjectMetricStatus>,
    /// Reading of a per-pod metric; set for type `Pods`.
    pub pods: Option<PodsMetricStatus>,
    /// Reading of a resource metric; set for type `Resource`.
    pub resource: Option<ResourceMetricStatus>,
    /// Reading of a container resource metric; set for type `ContainerResource`.
    pub container_resource: Option<ContainerResourceMetricStatus>,
    /// Reading of an external metric; set for type `External`.
    pub external: Option<ExternalMetricStatus>,
}

/// The last reading of an object metric.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(internal)]
pub struct ObjectMetricStatus {
    /// The metric read.
    pub metric: MetricIdentifier,
    /// The reading.
    pub current: MetricValueStatus,
    /// The object the metric is about.
    pub described_object: CrossVersionObjectReference,
}

/// The last reading of a per-pod metric.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(internal)]
pub struct PodsMetricStatus {
    /// The metric read.
    pub metric: MetricIdentifier,
    /// The reading.
    pub current: MetricValueStatus,
}

/// The last reading of a resource metric over whole pods.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(internal)]
pub struct ResourceMetricStatus {
    /// The resource read, such as `cpu`.
    pub name: ResourceName,
    /// The reading.
    pub current: MetricValueStatus,
}

/// The last reading of a resource metric for one container of each pod.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(internal)]
pub struct ContainerResourceMetricStatus {
    /// The resource read, such as `cpu`.
    pub name: ResourceName,
    /// The reading.
    pub current: MetricValueStatus,
    /// The container, in the target's pods, whose usage counts.
    pub container: String,
}

/// The last reading of an external metric.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(internal)]
pub struct ExternalMetricStatus {
    /// The metric read.
    pub metric: MetricIdentifier,
    /// The reading.
    pub current: MetricValueStatus,
}

/// A metric reading as a raw value, a per-pod average or a utilization.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(internal)]
pub struct MetricValueStatus {
    /// Raw value read.
    pub value: Option<Quantity>,
    /// Value read, averaged over the relevant pods.
    pub average_value: Option<Quantity>,
    /// Average read, as a percentage of what the pods request.
    pub average_utilization: Option<i32>,
}

/// A list of horizontal pod autoscalers.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(kind, group = "autoscaling", internal)]
pub struct HorizontalPodAutoscalerList {
    /// Kind and API version.
    pub type_meta: TypeMeta,
    /// Standard list metadata.
    pub metadata: ListMeta,
    /// The horizontal pod autoscalers.
    pub items: Option<Vec<HorizontalPodAutoscaler>>,
}

/// The scale subresource: the replica count of a scalable resource, with the selector of its pods.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(kind, group = "autoscaling", internal)]
pub struct Scale {
    /// Kind and API version.
    pub type_meta: TypeMeta,
    /// Standard object metadata.
    pub metadata: ObjectMeta,
    /// The replica count wanted.
    pub spec: ScaleSpec,
    /// The replica count observed.
    pub status: ScaleStatus,
}

/// The replica count wanted.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(internal)]
pub struct ScaleSpec {
    /// Wanted number of replicas.
    pub replicas: i32,
}

/// The replica count observed, with the label selector of those replicas.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(internal)]
pub struct ScaleStatus {
    /// Number of replicas observed.
    pub replicas: i32,
    /// The pods' label selector in query-parameter form (`a=b,c in (d)`).
    pub selector: String,
}

/// The annotation that keeps, in autoscaling/v1, the metrics other than CPU utilization (JSON).
pub const METRIC_SPECS_ANNOTATION: &str = "autoscaling.alpha.kubernetes.io/metrics";
/// The annotation that keeps, in autoscaling/v1, every current metric reading (JSON).
pub const METRIC_STATUSES_ANNOTATION: &str = "autoscaling.alpha.kubernetes.io/current-metrics";
/// The annotation that keeps, in autoscaling/v1, the status conditions (JSON).
pub const CONDITIONS_ANNOTATION: &str = "autoscaling.alpha.kubernetes.io/conditions";
/// The annotation that keeps, in autoscaling/v1, the scaling behavior (JSON of the internal type,
/// with Go's field names, as upstream writes it).
pub const BEHAVIOR_SPECS_ANNOTATION: &str = "autoscaling.alpha.kubernetes.io/behavior";
/// CPU utilization, in percent, an autoscaler without metrics aims for.
pub const DEFAULT_CPU_UTILIZATION: i32 = 80;

/// Removes the four round-trip annotations, so that only the ones a conversion writes reach the
/// other side (upstream's `DropRoundTripHorizontalPodAutoscalerAnnotations`).
pub fn drop_round_trip_annotations(annotations: &mut std::collections::BTreeMap<String, String>) {
    for key in [METRIC_SPECS_ANNOTATION, BEHAVIOR_SPECS_ANNOTATION, METRIC_STATUSES_ANNOTATION, CONDITIONS_ANNOTATION] {
        annotations.remove(key);
    }
}
