//! Feature gates that change how versioned objects are defaulted and validated (upstream's `pkg/features` as `SetDefaults_*` functions and `+k8s:ifEnabled` tags read it), with the defaults of the release the fixtures come from.
//!
//! Upstream reads one process-wide gate and its tests flip it for their duration, which forbids
//! running them in parallel. Here a default reads [`enabled`], which answers from, in order:
//!
//! 1. the gates of the innermost [`with_gates`] call on the *current thread* (a test, or a server
//!    thread handling one request, scopes its choice to the closure it runs);
//! 2. the process-wide gates installed once with [`set_process_gates`] (a server's command line);
//! 3. [`Feature::default_enabled`].
//!
//! Parallel tests therefore never see each other's choices. The scope does not follow work onto
//! other threads: code that defaults objects on a thread pool passes the gates to it itself.
//!
//! `--feature-gates` ([`FeatureGates::merge`]) takes every gate a v1.36 kube-apiserver knows
//! ([`KNOWN_GATES`]); only [`Feature`]s change what kapi does, the others are remembered
//! ([`FeatureGates::flag_value`], [`FeatureGates::set_on_flag`]) and change nothing.

use std::cell::RefCell;
use std::fmt;
use std::str::FromStr;
use std::sync::OnceLock;

use crate::feature_registry::{ALL_ALPHA, ALL_BETA, KNOWN_GATES, Stage, lookup};
pub use kapi_machinery::validation::declarative::Release;

/// The release the test server answers as (its `/version`), whose stages the declarative rules
/// take: a rule tagged `+k8s:beta(since: "1.37")` is still alpha, shadowed by hand-written
/// validation, in it.
pub const SERVED_RELEASE: Release = Release::new(1, 36);

/// A feature gate that some defaulting function reads.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Feature {
    /// Pod-level `resources`: a pod's requests default from its containers' or its own limits.
    PodLevelResources,
    /// In-place resize of a running pod's resources: containers with requests get a resize policy.
    InPlacePodVerticalScaling,
    /// Init containers with `restartPolicy: Always` (sidecars), which resize like regular containers.
    SidecarContainers,
    /// `status.loadBalancer.ingress[].ipMode`, defaulted to `VIP` where an IP is set.
    LoadBalancerIPMode,
    /// A stateful set's rolling update `maxUnavailable`, defaulted to 1 (beta, off in 1.36; on
    /// from 1.37); while it is off the field is dropped from a write unless the stored stateful
    /// set sets it.
    MaxUnavailableStatefulSet,
    /// A stateful set's `persistentVolumeClaimRetentionPolicy`, defaulted to `Retain` twice.
    StatefulSetAutoDeletePVC,
    /// Jobs' `podReplacementPolicy`, defaulted from whether a pod failure policy is set.
    JobPodReplacementPolicy,
    /// CSI drivers' `seLinuxMount`, defaulted to false.
    SELinuxMountReadWriteOncePod,
    /// Declarative validation tagged `+k8s:beta`: its errors are enforced (beta, on); `+k8s:alpha` errors never are.
    DeclarativeValidationBeta,
    /// A horizontal pod autoscaler's `minReplicas` may be 0 (alpha, off).
    HPAScaleToZero,
    /// A horizontal pod autoscaler's scaling rules may set their own `tolerance` (beta, on).
    HPAConfigurableTolerance,
    /// A pod group's own preemption policy (alpha, off).
    PodGroupPreemptionPolicy,
    /// Pod groups made of other pod groups (alpha, off).
    CompositePodGroup,
    /// Topology-aware placement of a pod group (alpha, off).
    TopologyAwareWorkloadScheduling,
    /// Typed partitionable devices in resource slices (alpha, off).
    DRAPartitionableDevicesType,
    /// List-valued device attributes (`ints`, `bools`, `strings`, `versions`) in resource
    /// slices (alpha, off).
    DRAListTypeAttributes,
    /// Workloads that reference jobs (alpha, off).
    WorkloadWithJob,
    /// Scheduler preemption for deferred in-place resizes (alpha, off).
    InPlacePodVerticalScalingSchedulerPreemption,
    /// Workloads and pod groups, and a pod's `schedulingGroup` (alpha, off).
    GenericWorkload,
    /// A pod's `hostnameOverride` (beta, on).
    HostnameOverride,
    /// In-place resize of a pod's own `resources` through `pods/resize` (beta, on).
    InPlacePodLevelResourcesVerticalScaling,
    /// In-place resize of non-sidecar init containers through `pods/resize` (beta, on).
    InPlacePodVerticalScalingInitContainers,
    /// A container's `restartPolicyRules` (beta, on).
    ContainerRestartRules,
    /// A new Service's name, and an Ingress backend's service name, may be any DNS-1123 label
    /// rather than only a DNS-1035 label (beta, on).
    RelaxedServiceNameValidation,
    /// A projected volume's `clusterTrustBundle` source (beta, off): dropped from a pod written
    /// while it is off, unless the stored pod already has one.
    ClusterTrustBundleProjection,
    /// Pod certificates, and a projected volume's `podCertificate` source (beta, off): the source is
    /// dropped from a pod written while it is off, unless the stored pod already has one.
    PodCertificateRequest,
    /// A container's `lifecycle.stopSignal` (alpha, off): dropped from a pod written while it is off,
    /// unless the stored pod already sets one.
    ContainerStopSignals,
    /// A claim's `dataSourceRef.namespace` (alpha, off): a new `dataSourceRef` naming a namespace is
    /// dropped whole while it is off, unless the stored claim already has a `dataSourceRef`.
    CrossNamespaceVolumeDataSource,
    /// Coordinated leader election: a lease's `strategy` and `preferredHolder` (beta, off), each
    /// dropped from a write while it is off unless the stored lease already sets it.
    CoordinatedLeaderElection,
    /// Strict parsing of legacy IP and CIDR fields (a service's cluster and external IPs, a
    /// pod's DNS nameservers and status IPs, endpoints, node pod CIDRs, ...): no leading zeros,
    /// no IPv4-mapped IPv6 addresses, no CIDR bits set beyond the prefix (beta and on in 1.36,
    /// alpha and off from 1.33).
    StrictIPCIDRValidation,
    /// A container status's `allocatedResourcesStatus` (beta, on): cleared from every pod write
    /// while it is off, whatever the stored pod holds.
    ResourceHealthStatus,
    /// A device health's `message` in `allocatedResourcesStatus` (beta, on): dropped from a pod
    /// written while it is off, unless the stored pod already has one.
    ResourceHealthStatusMessage,
    /// A volume mount status's `volumeStatus.image`, the digest of an image volume (alpha, off):
    /// dropped from a pod written while it is off, unless the stored pod already has one.
    ImageVolumeWithDigest,
    /// A pod status's `nodeAllocatableResourceClaimStatuses` (alpha, off): dropped from a pod
    /// written while it is off, unless the stored pod already has them.
    DRANodeAllocatableResources,
    /// A pod status's `extendedResourceClaimStatus` (beta, on): dropped from a pod written while
    /// it is off, unless the stored pod already has one.
    DRAExtendedResource,
    /// A topology spread constraint's `matchLabelKeys` (beta, on): dropped from a pod or template
    /// written while it is off, unless the stored one's constraints have any.
    MatchLabelKeysInPodTopologySpread,
    /// A new pod's topology spread constraints get their `matchLabelKeys` merged into their
    /// `labelSelector`, and validation takes the merged form (beta, on).
    MatchLabelKeysInPodTopologySpreadSelectorMerge,
    /// A CSI driver's `preventPodSchedulingIfMissing` (alpha, off): dropped from a write while it
    /// is off, unless the stored driver already sets it.
    VolumeLimitScaling,
    /// Resource claims of pod groups and of workloads' pod group templates, and a pod group
    /// status's `resourceClaimStatuses` (alpha, off): dropped from a write while it is off,
    /// unless the stored object's (template's) spec already has claims.
    DRAWorkloadResourceClaims,
    /// Workload-aware preemption (alpha, off in 1.36). Upstream gated pod groups' disruption
    /// mode and priority with it in `scheduling.k8s.io/v1alpha2`; kapi serves the later API
    /// shape from which upstream removed the gate, so nothing reads it: it is known so that
    /// `--feature-gates` accepts it as a 1.36 kube-apiserver does.
    WorkloadAwarePreemption,
    /// Dynamic resource allocation (GA, locked on since 1.35): nothing reads it; it is known so
    /// that `--feature-gates` takes it with its default and refuses it off, as kube-apiserver does.
    DynamicResourceAllocation,
    /// Recursive read-only mounts (GA, locked on since 1.33): known for the flag only.
    RecursiveReadOnlyMounts,
    /// Pods' supplemental groups policy (GA, locked on since 1.35): known for the flag only.
    SupplementalGroupsPolicy,
    /// A pod status's `observedGeneration` (GA, locked on since 1.35): known for the flag only.
    PodObservedGenerationTracking,
}

impl Feature {
    /// Every gate, in declaration order.
    pub const ALL: [Feature; 44] = [
        Feature::PodLevelResources,
        Feature::InPlacePodVerticalScaling,
        Feature::SidecarContainers,
        Feature::LoadBalancerIPMode,
        Feature::MaxUnavailableStatefulSet,
        Feature::StatefulSetAutoDeletePVC,
        Feature::JobPodReplacementPolicy,
        Feature::SELinuxMountReadWriteOncePod,
        Feature::DeclarativeValidationBeta,
        Feature::HPAScaleToZero,
        Feature::HPAConfigurableTolerance,
        Feature::PodGroupPreemptionPolicy,
        Feature::CompositePodGroup,
        Feature::TopologyAwareWorkloadScheduling,
        Feature::DRAPartitionableDevicesType,
        Feature::DRAListTypeAttributes,
        Feature::WorkloadWithJob,
        Feature::InPlacePodVerticalScalingSchedulerPreemption,
        Feature::GenericWorkload,
        Feature::HostnameOverride,
        Feature::InPlacePodLevelResourcesVerticalScaling,
        Feature::InPlacePodVerticalScalingInitContainers,
        Feature::ContainerRestartRules,
        Feature::RelaxedServiceNameValidation,
        Feature::ClusterTrustBundleProjection,
        Feature::PodCertificateRequest,
        Feature::ContainerStopSignals,
        Feature::CrossNamespaceVolumeDataSource,
        Feature::CoordinatedLeaderElection,
        Feature::StrictIPCIDRValidation,
        Feature::ResourceHealthStatus,
        Feature::ResourceHealthStatusMessage,
        Feature::ImageVolumeWithDigest,
        Feature::DRANodeAllocatableResources,
        Feature::DRAExtendedResource,
        Feature::MatchLabelKeysInPodTopologySpread,
        Feature::MatchLabelKeysInPodTopologySpreadSelectorMerge,
        Feature::VolumeLimitScaling,
        Feature::DRAWorkloadResourceClaims,
        Feature::WorkloadAwarePreemption,
        Feature::DynamicResourceAllocation,
        Feature::RecursiveReadOnlyMounts,
        Feature::SupplementalGroupsPolicy,
        Feature::PodObservedGenerationTracking,
    ];

    /// The gate's name as `--feature-gates` spells it.
    pub const fn name(self) -> &'static str {
        match self {
            Feature::PodLevelResources => "PodLevelResources",
            Feature::InPlacePodVerticalScaling => "InPlacePodVerticalScaling",
            Feature::SidecarContainers => "SidecarContainers",
            Feature::LoadBalancerIPMode => "LoadBalancerIPMode",
            Feature::MaxUnavailableStatefulSet => "MaxUnavailableStatefulSet",
            Feature::StatefulSetAutoDeletePVC => "StatefulSetAutoDeletePVC",
            Feature::JobPodReplacementPolicy => "JobPodReplacementPolicy",
            Feature::SELinuxMountReadWriteOncePod => "SELinuxMountReadWriteOncePod",
            Feature::DeclarativeValidationBeta => "DeclarativeValidationBeta",
            Feature::HPAScaleToZero => "HPAScaleToZero",
            Feature::HPAConfigurableTolerance => "HPAConfigurableTolerance",
            Feature::PodGroupPreemptionPolicy => "PodGroupPreemptionPolicy",
            Feature::CompositePodGroup => "CompositePodGroup",
            Feature::TopologyAwareWorkloadScheduling => "TopologyAwareWorkloadScheduling",
            Feature::DRAPartitionableDevicesType => "DRAPartitionableDevicesType",
            Feature::DRAListTypeAttributes => "DRAListTypeAttributes",
            Feature::WorkloadWithJob => "WorkloadWithJob",
            Feature::InPlacePodVerticalScalingSchedulerPreemption => "InPlacePodVerticalScalingSchedulerPreemption",
            Feature::GenericWorkload => "GenericWorkload",
            Feature::HostnameOverride => "HostnameOverride",
            Feature::InPlacePodLevelResourcesVerticalScaling => "InPlacePodLevelResourcesVerticalScaling",
            Feature::InPlacePodVerticalScalingInitContainers => "InPlacePodVerticalScalingInitContainers",
            Feature::ContainerRestartRules => "ContainerRestartRules",
            Feature::RelaxedServiceNameValidation => "RelaxedServiceNameValidation",
            Feature::ClusterTrustBundleProjection => "ClusterTrustBundleProjection",
            Feature::PodCertificateRequest => "PodCertificateRequest",
            Feature::ContainerStopSignals => "ContainerStopSignals",
            Feature::CrossNamespaceVolumeDataSource => "CrossNamespaceVolumeDataSource",
            Feature::CoordinatedLeaderElection => "CoordinatedLeaderElection",
            Feature::StrictIPCIDRValidation => "StrictIPCIDRValidation",
            Feature::ResourceHealthStatus => "ResourceHealthStatus",
            Feature::ResourceHealthStatusMessage => "ResourceHealthStatusMessage",
            Feature::ImageVolumeWithDigest => "ImageVolumeWithDigest",
            Feature::DRANodeAllocatableResources => "DRANodeAllocatableResources",
            Feature::DRAExtendedResource => "DRAExtendedResource",
            Feature::MatchLabelKeysInPodTopologySpread => "MatchLabelKeysInPodTopologySpread",
            Feature::MatchLabelKeysInPodTopologySpreadSelectorMerge => "MatchLabelKeysInPodTopologySpreadSelectorMerge",
            Feature::VolumeLimitScaling => "VolumeLimitScaling",
            Feature::DRAWorkloadResourceClaims => "DRAWorkloadResourceClaims",
            Feature::WorkloadAwarePreemption => "WorkloadAwarePreemption",
            Feature::DynamicResourceAllocation => "DynamicResourceAllocation",
            Feature::RecursiveReadOnlyMounts => "RecursiveReadOnlyMounts",
            Feature::SupplementalGroupsPolicy => "SupplementalGroupsPolicy",
            Feature::PodObservedGenerationTracking => "PodObservedGenerationTracking",
        }
    }

    /// Upstream's default for the served release (1.36): pod-level resources, SELinux mounts of ReadWriteOncePod volumes and beta declarative
    /// validation, a pod's `hostnameOverride`, in-place resize of pod-level resources and of
    /// non-sidecar init containers, containers' restart rules, autoscalers'
    /// configurable tolerance, relaxed service names, device health in container statuses
    /// (`ResourceHealthStatus`, `ResourceHealthStatusMessage`), DRA extended resources, strict
    /// legacy IP and CIDR parsing, topology spread constraints' `matchLabelKeys` and their merge
    /// into the selector are beta and on; a stateful set's `maxUnavailable` is beta and
    /// off; image volume digests, DRA node-allocatable resources, CSI drivers' volume limit
    /// scaling, workloads' resource claims and workload-aware preemption are alpha and off; the
    /// gates declarative
    /// validation tags name with `+k8s:ifEnabled`, `GenericWorkload`, `ContainerStopSignals` and
    /// `CrossNamespaceVolumeDataSource` are alpha and off; `ClusterTrustBundleProjection`,
    /// `PodCertificateRequest` and `CoordinatedLeaderElection` are beta and off (the last entry at
    /// or before 1.36 of upstream's versioned gate specs, `pkg/features/kube_features.go`); the
    /// others are generally available.
    pub const fn default_enabled(self) -> bool {
        match self {
            Feature::PodLevelResources
            | Feature::InPlacePodVerticalScaling
            | Feature::SidecarContainers
            | Feature::LoadBalancerIPMode
            | Feature::StatefulSetAutoDeletePVC
            | Feature::JobPodReplacementPolicy
            | Feature::SELinuxMountReadWriteOncePod
            | Feature::DeclarativeValidationBeta
            | Feature::HostnameOverride
            | Feature::InPlacePodLevelResourcesVerticalScaling
            | Feature::InPlacePodVerticalScalingInitContainers
            | Feature::ContainerRestartRules
            | Feature::RelaxedServiceNameValidation
            | Feature::HPAConfigurableTolerance
            | Feature::ResourceHealthStatus
            | Feature::ResourceHealthStatusMessage
            | Feature::DRAExtendedResource
            | Feature::MatchLabelKeysInPodTopologySpread
            | Feature::MatchLabelKeysInPodTopologySpreadSelectorMerge
            | Feature::StrictIPCIDRValidation
            | Feature::DynamicResourceAllocation
            | Feature::RecursiveReadOnlyMounts
            | Feature::SupplementalGroupsPolicy
            | Feature::PodObservedGenerationTracking => true,
            Feature::HPAScaleToZero
            | Feature::PodGroupPreemptionPolicy
            | Feature::CompositePodGroup
            | Feature::TopologyAwareWorkloadScheduling
            | Feature::DRAPartitionableDevicesType
            | Feature::DRAListTypeAttributes
            | Feature::WorkloadWithJob
            | Feature::InPlacePodVerticalScalingSchedulerPreemption
            | Feature::GenericWorkload
            | Feature::ClusterTrustBundleProjection
            | Feature::PodCertificateRequest
            | Feature::ContainerStopSignals
            | Feature::CrossNamespaceVolumeDataSource
            | Feature::CoordinatedLeaderElection
            | Feature::MaxUnavailableStatefulSet
            | Feature::ImageVolumeWithDigest
            | Feature::DRANodeAllocatableResources
            | Feature::VolumeLimitScaling
            | Feature::DRAWorkloadResourceClaims
            | Feature::WorkloadAwarePreemption => false,
        }
    }

    /// Whether the served release (1.36) locks the gate to its default (`LockToDefault: true` in
    /// the last entry at or before 1.36 of upstream's versioned gate specs), so that
    /// `--feature-gates` may not set it to the other value: in-place pod resize, dynamic resource
    /// allocation, supplemental groups policies and pods' observed generation (GA, locked from
    /// 1.35), recursive read-only mounts (from 1.33) and SELinux mounts of ReadWriteOncePod
    /// volumes (from 1.36), read from the
    /// versioned `pkg/features/kube_features.go` of the post-1.36 tree `AIAgentSandox/kubernetes`
    /// `db1f817b`; sidecar containers (locked from 1.33), load balancer IP modes and stateful
    /// sets' claim retention (from 1.32) and job pod replacement policies (from 1.34), whose
    /// entries are gone from that tree and were read in earlier upstream trees (a 1.36 server that
    /// had already removed one refuses it as unrecognized, which refuses `=false` alike).
    /// The programmatic setters ([`FeatureGates::with`]) ignore the lock: kapi's own tests turn
    /// locked gates off to reach the code paths they still guard.
    pub const fn locked(self) -> bool {
        matches!(
            self,
            Feature::InPlacePodVerticalScaling
                | Feature::SELinuxMountReadWriteOncePod
                | Feature::DynamicResourceAllocation
                | Feature::RecursiveReadOnlyMounts
                | Feature::SupplementalGroupsPolicy
                | Feature::PodObservedGenerationTracking
                | Feature::SidecarContainers
                | Feature::LoadBalancerIPMode
                | Feature::StatefulSetAutoDeletePVC
                | Feature::JobPodReplacementPolicy
        )
    }

    const fn index(self) -> usize {
        self as usize
    }
}

impl fmt::Display for Feature {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A gate name that is neither in [`KNOWN_GATES`] nor one of [`Feature::ALL`], a locked gate set
/// against its default, or a `--feature-gates` entry that is not `Name=<bool>`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FeatureGateError(String);

impl fmt::Display for FeatureGateError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for FeatureGateError {}

impl FromStr for Feature {
    type Err = FeatureGateError;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Feature::ALL
            .into_iter()
            .find(|f| f.name() == s)
            .ok_or_else(|| FeatureGateError(format!("unrecognized feature gate: {s}")))
    }
}

/// Words of a bit set with one bit per gate of [`KNOWN_GATES`].
const WORDS: usize = KNOWN_GATES.len().div_ceil(64);

/// One bit per gate of [`KNOWN_GATES`], by index: fixed size, so [`FeatureGates`] stays `Copy`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct GateBits([u64; WORDS]);

impl GateBits {
    fn get(&self, idx: usize) -> bool {
        self.0[idx / 64] & (1 << (idx % 64)) != 0
    }

    fn set(&mut self, idx: usize, on: bool) {
        if on {
            self.0[idx / 64] |= 1 << (idx % 64);
        } else {
            self.0[idx / 64] &= !(1 << (idx % 64));
        }
    }
}

/// A value for every gate: the defaults with some gates overridden.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct FeatureGates {
    enabled: [bool; Feature::ALL.len()],
    release: Release,
    /// The value of every gate of [`KNOWN_GATES`] (kapi's included, kept equal to `enabled`).
    known: GateBits,
    /// The gates of [`KNOWN_GATES`] that `--feature-gates` set, by name or through `AllAlpha` /
    /// `AllBeta` (component-base's `enabled` map, which those pseudo-gates skip).
    on_flag: GateBits,
}

impl Default for FeatureGates {
    fn default() -> Self {
        let mut enabled = [false; Feature::ALL.len()];
        for f in Feature::ALL {
            enabled[f.index()] = f.default_enabled();
        }
        let mut known = GateBits([0; WORDS]);
        for (idx, g) in KNOWN_GATES.iter().enumerate() {
            known.set(idx, g.default);
        }
        FeatureGates { enabled, release: SERVED_RELEASE, known, on_flag: GateBits([0; WORDS]) }
    }
}

impl FeatureGates {
    /// Whether `feature` is on in this set.
    pub fn enabled(&self, feature: Feature) -> bool {
        self.enabled[feature.index()]
    }

    /// Whether the gate of this name is on (`None` for a name that is not one of kapi's gates):
    /// what a server hands the generated `drop_disabled_fields`, which names gates by string.
    pub fn enabled_by_name(&self, name: &str) -> Option<bool> {
        name.parse::<Feature>().ok().map(|f| self.enabled(f))
    }

    /// The release whose stages the declarative rules take ([`SERVED_RELEASE`] unless set).
    pub fn release(&self) -> Release {
        self.release
    }

    /// This set answering as `release`: tests of what a later release enforces.
    #[must_use]
    pub fn at_release(mut self, release: Release) -> Self {
        self.release = release;
        self
    }

    /// This set with `feature` turned on or off, locked or not ([`Feature::locked`]): a test
    /// convenience that `--feature-gates` ([`FeatureGates::merge`]) does not offer for locked gates.
    #[must_use]
    pub fn with(mut self, feature: Feature, on: bool) -> Self {
        self.enabled[feature.index()] = on;
        if let Some(idx) = lookup(feature.name()) {
            self.known.set(idx, on);
        }
        self
    }

    /// The value of any gate a v1.36 kube-apiserver knows, or of one of kapi's ([`Feature`]):
    /// what the defaults and the flag made it, whether or not kapi reads it (`None` for a name
    /// that is neither).
    pub fn flag_value(&self, name: &str) -> Option<bool> {
        match lookup(name) {
            Some(idx) => Some(self.known.get(idx)),
            None => self.enabled_by_name(name),
        }
    }

    /// The gates of [`KNOWN_GATES`] that `--feature-gates` set, with their values, in name order:
    /// those named, and those `AllAlpha`/`AllBeta` turned (what a server reports it was started
    /// with). kapi's gates that a 1.36 kube-apiserver does not know are not listed.
    pub fn set_on_flag(&self) -> impl Iterator<Item = (&'static str, bool)> + '_ {
        KNOWN_GATES
            .iter()
            .enumerate()
            .filter(|(idx, _)| self.on_flag.get(*idx))
            .map(|(idx, g)| (g.name, self.known.get(idx)))
    }

    /// component-base's warning for each generally available or deprecated gate the flag set,
    /// as its klog text logger writes it (upstream logs it and goes on): `"Warning: setting GA
    /// feature gate. It will be removed in a future release." featureGate="APIServerTracing"
    /// value=true`.
    pub fn flag_warnings(&self) -> impl Iterator<Item = String> + '_ {
        self.set_on_flag().filter_map(|(name, on)| {
            let stage = match lookup(name).map(|idx| KNOWN_GATES[idx].stage) {
                Some(Stage::GA) => "GA",
                Some(Stage::Deprecated) => "deprecated",
                _ => return None,
            };
            Some(format!(
                "\"Warning: setting {stage} feature gate. It will be removed in a future release.\" featureGate=\"{name}\" value={on}"
            ))
        })
    }

    /// Sets the gate `name` as the flag does: in [`KNOWN_GATES`] (its bit, and kapi's value when
    /// it is a [`Feature`]) or one of kapi's own gates that 1.36 does not know.
    fn set_from_flag(&mut self, name: &str, on: bool) -> Result<(), FeatureGateError> {
        let feature = name.parse::<Feature>().ok();
        let (default, locked) = match (lookup(name), feature) {
            (Some(idx), _) => (KNOWN_GATES[idx].default, KNOWN_GATES[idx].locked),
            (None, Some(f)) => (f.default_enabled(), f.locked()),
            (None, None) => return Err(FeatureGateError(format!("unrecognized feature gate: {name}"))),
        };
        if locked && on != default {
            return Err(FeatureGateError(format!(
                "cannot set feature gate {name} to {on}, feature is locked to {default}"
            )));
        }
        if let Some(idx) = lookup(name) {
            self.known.set(idx, on);
            self.on_flag.set(idx, true);
        }
        if let Some(f) = feature {
            self.enabled[f.index()] = on;
        }
        Ok(())
    }

    /// `AllAlpha` or `AllBeta`: every gate of `stage` the flag has not set yet takes `on`, and
    /// counts as set from then on (component-base's `setUnsetAlphaGates`), so a later
    /// `AllAlpha=false` leaves the gates an earlier `AllAlpha=true` turned on.
    fn set_unset(&mut self, stage: Stage, on: bool) {
        for (idx, g) in KNOWN_GATES.iter().enumerate() {
            if g.stage != stage || g.name == ALL_ALPHA || g.name == ALL_BETA || self.on_flag.get(idx) {
                continue;
            }
            self.known.set(idx, on);
            self.on_flag.set(idx, true);
            if let Ok(f) = g.name.parse::<Feature>() {
                self.enabled[f.index()] = on;
            }
        }
    }

    /// The defaults overridden by a `--feature-gates` value: comma-separated `Name=true|false`.
    pub fn parse(spec: &str) -> Result<Self, FeatureGateError> {
        FeatureGates::default().merge(spec)
    }

    /// This set overridden by a `--feature-gates` value, as a repeated flag adds to the earlier
    /// ones; component-base's `featuregate` `Set` is the model. Every gate of [`KNOWN_GATES`] is
    /// accepted, and kapi's own [`Feature`]s that 1.36 does not know; any other name is refused
    /// (`unrecognized feature gate: Nope`). A locked gate may be named only with its default:
    /// `cannot set feature gate InPlacePodVerticalScaling to false, feature is locked to true`.
    /// Generally available and deprecated gates may be set ([`FeatureGates::flag_warnings`]).
    /// `AllAlpha=true`/`AllBeta=true` turn on every alpha/beta gate of 1.36 that the flag does
    /// not set itself, kapi's included. Gates that are not kapi's change nothing here.
    ///
    /// Upstream collects the entries into a map first, so a repeated name keeps its last value,
    /// and a pseudo-gate never overrides a gate named in the same value; errors are reported for
    /// the first failing entry in the order written (upstream's map order is random).
    pub fn merge(self, spec: &str) -> Result<Self, FeatureGateError> {
        let mut entries: Vec<(&str, bool)> = Vec::new();
        for entry in spec.split(',').filter(|e| !e.is_empty()) {
            let (name, value) = match entry.split_once('=') {
                Some((name, value)) => (name.trim(), value.trim()),
                None => return Err(FeatureGateError(format!("missing bool value for {}", entry.trim()))),
            };
            let on = parse_bool(value)
                .ok_or_else(|| FeatureGateError(format!("invalid value of {name}={value}, err: not a bool")))?;
            match entries.iter_mut().find(|(n, _)| *n == name) {
                Some(slot) => slot.1 = on,
                None => entries.push((name, on)),
            }
        }
        let mut gates = self;
        let mut pseudo = Vec::new();
        for (name, on) in entries {
            gates.set_from_flag(name, on)?;
            if name == ALL_ALPHA || name == ALL_BETA {
                pseudo.push((name, on));
            }
        }
        for (name, on) in pseudo {
            gates.set_unset(if name == ALL_ALPHA { Stage::Alpha } else { Stage::Beta }, on);
        }
        Ok(gates)
    }
}

/// Go's `strconv.ParseBool`, which component-base parses each value with.
fn parse_bool(value: &str) -> Option<bool> {
    match value {
        "1" | "t" | "T" | "TRUE" | "true" | "True" => Some(true),
        "0" | "f" | "F" | "FALSE" | "false" | "False" => Some(false),
        _ => None,
    }
}

static PROCESS_GATES: OnceLock<FeatureGates> = OnceLock::new();

thread_local! {
    static SCOPED: RefCell<Vec<FeatureGates>> = const { RefCell::new(Vec::new()) };
}

/// Installs the process-wide gates; only the first call wins, and it returns the gates already
/// installed when it is not the first (set them before serving, as upstream does at start-up).
pub fn set_process_gates(gates: FeatureGates) -> Result<(), FeatureGates> {
    PROCESS_GATES.set(gates)
}

/// The gates in effect on this thread (see the module documentation for the order).
pub fn current() -> FeatureGates {
    SCOPED.with(|s| s.borrow().last().copied()).unwrap_or_else(|| PROCESS_GATES.get().copied().unwrap_or_default())
}

/// Whether `feature` is on for the defaulting running on this thread.
pub fn enabled(feature: Feature) -> bool {
    current().enabled(feature)
}

/// Whether the hand-written checks that declarative rules tagged `+k8s:beta(since: …)` cover give
/// way to those rules on this thread: `DeclarativeValidationBeta` is on and the release has
/// reached `since` (upstream's `filterHandwrittenErrors` drops a covered error marked beta).
pub fn declarative_beta(since: Release) -> bool {
    declarative_options().beta_since(since)
}

/// The declarative validation options of this thread's gates: what generated
/// `validate_declarative_<kind>` functions run.
pub fn declarative_options() -> kapi_machinery::validation::declarative::Options {
    let gates = current();
    kapi_machinery::validation::declarative::Options::enforced(
        gates.enabled(Feature::DeclarativeValidationBeta),
        gates.release(),
    )
}

/// Runs `f` with `gates` in effect on this thread, restoring the previous gates afterwards (also
/// when `f` panics).
pub fn with_gates<R>(gates: FeatureGates, f: impl FnOnce() -> R) -> R {
    struct Pop;
    impl Drop for Pop {
        fn drop(&mut self) {
            SCOPED.with(|s| s.borrow_mut().pop());
        }
    }
    SCOPED.with(|s| s.borrow_mut().push(gates));
    let _pop = Pop;
    f()
}

/// Runs `f` with this thread's gates answering as `release` (the gates themselves unchanged): a
/// test of what a later release enforces.
pub fn at_release<R>(release: Release, f: impl FnOnce() -> R) -> R {
    with_gates(current().at_release(release), f)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn scoped_gates_nest_and_restore() {
        assert!(enabled(Feature::PodLevelResources));
        let off = FeatureGates::default().with(Feature::PodLevelResources, false);
        with_gates(off, || {
            assert!(!enabled(Feature::PodLevelResources));
            assert!(enabled(Feature::SidecarContainers));
            with_gates(FeatureGates::default(), || assert!(enabled(Feature::PodLevelResources)));
            assert!(!enabled(Feature::PodLevelResources));
        });
        assert!(enabled(Feature::PodLevelResources));
    }

    #[test]
    fn scope_is_per_thread() {
        let off = FeatureGates::default().with(Feature::LoadBalancerIPMode, false);
        with_gates(off, || {
            let other = std::thread::spawn(|| enabled(Feature::LoadBalancerIPMode)).join().unwrap();
            assert!(other);
            assert!(!enabled(Feature::LoadBalancerIPMode));
        });
    }

    #[test]
    fn scope_is_restored_after_a_panic() {
        let off = FeatureGates::default().with(Feature::SidecarContainers, false);
        let r = std::panic::catch_unwind(|| with_gates(off, || panic!("boom")));
        assert!(r.is_err());
        assert!(enabled(Feature::SidecarContainers));
    }

    #[test]
    fn parses_a_feature_gates_flag() {
        let g = FeatureGates::parse("PodLevelResources=false, SidecarContainers=true").unwrap();
        assert!(!g.enabled(Feature::PodLevelResources));
        assert!(g.enabled(Feature::SidecarContainers));
        assert_eq!(FeatureGates::parse("").unwrap(), FeatureGates::default());
        assert_eq!(FeatureGates::parse("Nope=true").unwrap_err().to_string(), "unrecognized feature gate: Nope");
        assert_eq!(
            FeatureGates::parse("PodLevelResources=yes").unwrap_err().to_string(),
            "invalid value of PodLevelResources=yes, err: not a bool"
        );
        assert!(FeatureGates::parse("PodLevelResources").is_err());
        let g = FeatureGates::parse("GenericWorkload=true").unwrap();
        assert_eq!(g.enabled_by_name("GenericWorkload"), Some(true));
        assert_eq!(FeatureGates::default().enabled_by_name("GenericWorkload"), Some(false));
        assert_eq!(FeatureGates::default().enabled_by_name("HostnameOverride"), Some(true));
        assert_eq!(g.enabled_by_name("MyOwnGate"), None);
    }

    /// A locked gate is refused by the flag with component-base's text when set against its
    /// default, accepted with its default, and still settable programmatically; an unlocked gate
    /// is settable both ways.
    #[test]
    fn locked_gates_refuse_the_flag() {
        assert_eq!(
            FeatureGates::parse("InPlacePodVerticalScaling=false").unwrap_err().to_string(),
            "cannot set feature gate InPlacePodVerticalScaling to false, feature is locked to true"
        );
        assert_eq!(
            FeatureGates::parse("HostnameOverride=false,SELinuxMountReadWriteOncePod=false").unwrap_err().to_string(),
            "cannot set feature gate SELinuxMountReadWriteOncePod to false, feature is locked to true"
        );
        let same = FeatureGates::parse("InPlacePodVerticalScaling=true").unwrap();
        assert!(Feature::ALL.into_iter().all(|f| same.enabled(f) == f.default_enabled()));
        // A generally available gate kapi knows only for the flag is refused off as well.
        assert_eq!(
            FeatureGates::parse("DynamicResourceAllocation=false").unwrap_err().to_string(),
            "cannot set feature gate DynamicResourceAllocation to false, feature is locked to true"
        );
        let same = FeatureGates::parse("DynamicResourceAllocation=true").unwrap();
        assert!(Feature::ALL.into_iter().all(|f| same.enabled(f) == f.default_enabled()));
        let off = FeatureGates::default().with(Feature::InPlacePodVerticalScaling, false);
        assert!(!off.enabled(Feature::InPlacePodVerticalScaling));
        let g = FeatureGates::parse("HostnameOverride=false,VolumeLimitScaling=true").unwrap();
        assert!(!g.enabled(Feature::HostnameOverride) && g.enabled(Feature::VolumeLimitScaling));
        let locked: Vec<_> = Feature::ALL.into_iter().filter(|f| f.locked()).map(Feature::name).collect();
        assert_eq!(
            locked,
            [
                "InPlacePodVerticalScaling",
                "SidecarContainers",
                "LoadBalancerIPMode",
                "StatefulSetAutoDeletePVC",
                "JobPodReplacementPolicy",
                "SELinuxMountReadWriteOncePod",
                "DynamicResourceAllocation",
                "RecursiveReadOnlyMounts",
                "SupplementalGroupsPolicy",
                "PodObservedGenerationTracking"
            ]
        );
        assert!(Feature::ALL.into_iter().filter(|f| f.locked()).all(Feature::default_enabled));
    }

    /// kapi's gates that a v1.36 kube-apiserver does not register (see [`kapi_only_gates_are_not_known_to_1_36`]).
    const NOT_IN_1_36: [Feature; 9] = [
        Feature::SidecarContainers,
        Feature::LoadBalancerIPMode,
        Feature::StatefulSetAutoDeletePVC,
        Feature::JobPodReplacementPolicy,
        Feature::PodGroupPreemptionPolicy,
        Feature::CompositePodGroup,
        Feature::DRAPartitionableDevicesType,
        Feature::InPlacePodVerticalScalingSchedulerPreemption,
        Feature::WorkloadAwarePreemption,
    ];

    /// Every kapi gate a 1.36 kube-apiserver knows has upstream's default and lock.
    #[test]
    fn features_agree_with_the_registry() {
        for f in Feature::ALL {
            match lookup(f.name()) {
                Some(idx) => {
                    let spec = KNOWN_GATES[idx];
                    assert_eq!(f.default_enabled(), spec.default, "default of {f}");
                    assert_eq!(f.locked(), spec.locked, "lock of {f}");
                    assert!(!NOT_IN_1_36.contains(&f), "{f} is in the registry");
                }
                None => assert!(NOT_IN_1_36.contains(&f), "{f} is neither in the registry nor listed as kapi's own"),
            }
        }
    }

    /// kapi's gates that the registry lacks: the development tree's first entry for some is 1.37
    /// (`CompositePodGroup`, `PodGroupPreemptionPolicy`,
    /// `InPlacePodVerticalScalingSchedulerPreemption`), the others are not in it at all. The flag
    /// still takes them, with kapi's default and lock, as before the registry.
    #[test]
    fn kapi_only_gates_are_not_known_to_1_36() {
        for f in NOT_IN_1_36 {
            assert_eq!(lookup(f.name()), None, "{f}");
            let g = FeatureGates::parse(&format!("{f}={}", f.default_enabled())).unwrap();
            assert_eq!(g.enabled(f), f.default_enabled());
            assert_eq!(g.set_on_flag().count(), 0, "{f} is not reported as a 1.36 gate");
        }
        assert_eq!(
            FeatureGates::parse("SidecarContainers=false").unwrap_err().to_string(),
            "cannot set feature gate SidecarContainers to false, feature is locked to true"
        );
        let g = FeatureGates::parse("CompositePodGroup=true").unwrap();
        assert!(g.enabled(Feature::CompositePodGroup));
    }

    /// A gate a 1.36 kube-apiserver knows but kapi does not read is accepted, remembered and
    /// changes none of kapi's gates.
    #[test]
    fn other_known_gates_are_accepted_and_change_nothing() {
        let g =
            FeatureGates::parse("APIResponseCompression=false,LoggingAlphaOptions=true,WatchListClient=false").unwrap();
        assert!(Feature::ALL.into_iter().all(|f| g.enabled(f) == f.default_enabled()));
        assert_eq!(g.flag_value("APIResponseCompression"), Some(false));
        assert_eq!(g.flag_value("LoggingAlphaOptions"), Some(true));
        assert_eq!(g.flag_value("ContextualLogging"), Some(true), "a default");
        assert_eq!(g.flag_value("GenericWorkload"), Some(false), "one of kapi's");
        assert_eq!(g.flag_value("CompositePodGroup"), Some(false), "kapi's own");
        assert_eq!(g.flag_value("Nope"), None);
        assert_eq!(g.enabled_by_name("APIResponseCompression"), None, "not a gate kapi's code reads");
        assert_eq!(
            g.set_on_flag().collect::<Vec<_>>(),
            [("APIResponseCompression", false), ("LoggingAlphaOptions", true), ("WatchListClient", false)]
        );
        // Generally available and deprecated gates may be set, with upstream's warning.
        let g = FeatureGates::parse("APIServerTracing=true,KMSv1=true,DRAPrioritizedList=false").unwrap();
        assert_eq!(g.flag_value("KMSv1"), Some(true));
        assert_eq!(
            g.flag_warnings().collect::<Vec<_>>(),
            [
                r#""Warning: setting GA feature gate. It will be removed in a future release." featureGate="APIServerTracing" value=true"#,
                r#""Warning: setting GA feature gate. It will be removed in a future release." featureGate="DRAPrioritizedList" value=false"#,
                r#""Warning: setting deprecated feature gate. It will be removed in a future release." featureGate="KMSv1" value=true"#,
            ]
        );
        // A repeated name keeps its last value; a repeated flag adds to the earlier one.
        let g = FeatureGates::parse("KMSv1=true,KMSv1=false").unwrap().merge("HostnameOverride=false").unwrap();
        assert_eq!(g.flag_value("KMSv1"), Some(false));
        assert!(!g.enabled(Feature::HostnameOverride));
        // Go's `strconv.ParseBool` spellings.
        let g = FeatureGates::parse("GenericWorkload=T,HostnameOverride=0,PodsAPI=TRUE").unwrap();
        assert!(g.enabled(Feature::GenericWorkload) && !g.enabled(Feature::HostnameOverride));
        assert_eq!(g.flag_value("PodsAPI"), Some(true));
    }

    /// Every locked gate of the registry is refused against its default with component-base's
    /// text, whether kapi reads it or not; an unknown name is refused as unrecognized, also one
    /// that upstream adds only after 1.36.
    #[test]
    fn locked_and_unknown_gates_of_the_registry() {
        assert_eq!(
            FeatureGates::parse("APIServerTracing=false").unwrap_err().to_string(),
            "cannot set feature gate APIServerTracing to false, feature is locked to true"
        );
        assert_eq!(
            FeatureGates::parse("GitRepoVolumeDriver=true").unwrap_err().to_string(),
            "cannot set feature gate GitRepoVolumeDriver to true, feature is locked to false"
        );
        for spec in KNOWN_GATES.iter().filter(|g| g.locked) {
            assert_eq!(
                FeatureGates::parse(&format!("{}={}", spec.name, !spec.default)).unwrap_err().to_string(),
                format!(
                    "cannot set feature gate {} to {}, feature is locked to {}",
                    spec.name, !spec.default, spec.default
                )
            );
            assert!(FeatureGates::parse(&format!("{}={}", spec.name, spec.default)).is_ok());
        }
        for spec in KNOWN_GATES.iter().filter(|g| !g.locked) {
            let g = FeatureGates::parse(&format!("{}={}", spec.name, !spec.default)).unwrap();
            assert_eq!(g.flag_value(spec.name), Some(!spec.default), "{}", spec.name);
        }
        assert_eq!(FeatureGates::parse("Nope=true").unwrap_err().to_string(), "unrecognized feature gate: Nope");
        assert_eq!(
            FeatureGates::parse("HPAGeneration=true").unwrap_err().to_string(),
            "unrecognized feature gate: HPAGeneration"
        );
        assert_eq!(
            FeatureGates::parse("apiservertracing=true").unwrap_err().to_string(),
            "unrecognized feature gate: apiservertracing"
        );
    }

    /// `AllAlpha=true` turns on every alpha gate, kapi's included, that the flag does not set
    /// itself; `AllBeta` does the same for beta gates. Gates turned so count as set: a later
    /// `AllAlpha=false` leaves them on, as component-base's `setUnsetAlphaGates` does.
    #[test]
    fn all_alpha_and_all_beta() {
        let g = FeatureGates::parse("AllAlpha=true,GenericWorkload=false").unwrap();
        let alpha: Vec<Feature> = Feature::ALL
            .into_iter()
            .filter(|f| lookup(f.name()).is_some_and(|idx| KNOWN_GATES[idx].stage == Stage::Alpha))
            .collect();
        assert!(alpha.contains(&Feature::HPAScaleToZero) && alpha.contains(&Feature::DRAWorkloadResourceClaims));
        for f in alpha {
            assert_eq!(g.enabled(f), f != Feature::GenericWorkload, "{f}");
        }
        assert_eq!(g.flag_value("LoggingAlphaOptions"), Some(true));
        assert_eq!(g.flag_value("AllAlpha"), Some(true));
        // Beta gates, and kapi's gates 1.36 does not know, keep their defaults.
        assert!(!g.enabled(Feature::MaxUnavailableStatefulSet) && g.enabled(Feature::HostnameOverride));
        assert!(!g.enabled(Feature::CompositePodGroup));
        assert_eq!(g.flag_value("SELinuxMount"), Some(false));
        let again = g.merge("AllAlpha=false").unwrap();
        assert!(again.enabled(Feature::HPAScaleToZero));
        let named_later = g.merge("HPAScaleToZero=false").unwrap();
        assert!(!named_later.enabled(Feature::HPAScaleToZero));

        let g = FeatureGates::parse("AllBeta=true").unwrap();
        for f in
            [Feature::MaxUnavailableStatefulSet, Feature::CoordinatedLeaderElection, Feature::PodCertificateRequest]
        {
            assert!(g.enabled(f), "{f}");
        }
        assert!(!g.enabled(Feature::GenericWorkload));
        assert_eq!(g.flag_value("SELinuxMount"), Some(true));
        let g = FeatureGates::parse("AllBeta=false").unwrap();
        assert!(!g.enabled(Feature::HostnameOverride) && !g.enabled(Feature::PodLevelResources));
        assert!(g.enabled(Feature::InPlacePodVerticalScaling), "generally available, not beta");
    }

    /// A rule that reaches beta in a later release than the served one stays alpha in it: the
    /// hand-written checks it covers answer, and the generated options shadow it.
    #[test]
    fn beta_rules_wait_for_their_release() {
        let next = Release::new(1, 37);
        assert_eq!(current().release(), SERVED_RELEASE);
        assert!(declarative_beta(SERVED_RELEASE));
        assert!(!declarative_beta(next));
        assert!(!declarative_options().beta_since(next));
        at_release(next, || {
            assert!(declarative_beta(next));
            assert!(declarative_options().beta_since(next));
            assert!(declarative_options().beta_since(Release::new(1, 2)));
            assert!(!declarative_options().beta_since(Release::new(2, 0)));
        });
        let off = FeatureGates::default().with(Feature::DeclarativeValidationBeta, false);
        with_gates(off, || {
            at_release(next, || {
                assert_eq!(current().release(), next);
                assert!(!current().enabled(Feature::DeclarativeValidationBeta));
                assert!(!declarative_beta(next));
                assert!(!declarative_options().beta_since(SERVED_RELEASE));
            })
        });
    }
}
