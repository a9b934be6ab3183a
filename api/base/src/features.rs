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
//! With the `validation` feature (a server's), `--feature-gates` (`FeatureGates::merge`, in
//! `flag.rs`) takes every gate a v1.36 kube-apiserver knows (`feature_registry::KNOWN_GATES`),
//! with its dependencies (`feature_registry::GATE_DEPENDENCIES`); only [`Feature`]s change what
//! kapi does, the others are remembered (`FeatureGates::flag_value`, `FeatureGates::set_on_flag`)
//! and change nothing.

use std::cell::RefCell;
use std::fmt;
use std::str::FromStr;
use std::sync::{LazyLock, OnceLock};

pub use kapi_machinery::validation::declarative::Release;

// The flag needs the table of every 1.36 gate, which only a server (and an admission webhook,
// which has `validation` too) has any use for: a client does not compile it.
#[cfg(feature = "validation")]
mod flag;

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

/// A gate name that is neither in `feature_registry::KNOWN_GATES` nor one of [`Feature::ALL`], a locked gate set
/// against its default, a `--feature-gates` entry that is not `Name=<bool>`, or an enabled gate
/// whose dependencies are not all enabled; several are reported together as component-base's
/// aggregate error writes them (`[first, second]`).
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

/// A value for every gate: the defaults with some gates overridden.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct FeatureGates {
    /// kapi's gates: the one place their values are kept, for the flag's answers too.
    enabled: [bool; Feature::ALL.len()],
    release: Release,
    /// The other gates of a v1.36 kube-apiserver, and which gates `--feature-gates` set.
    #[cfg(feature = "validation")]
    flags: flag::FlagState,
}

impl Default for FeatureGates {
    fn default() -> Self {
        let mut enabled = [false; Feature::ALL.len()];
        for f in Feature::ALL {
            enabled[f.index()] = f.default_enabled();
        }
        FeatureGates {
            enabled,
            release: SERVED_RELEASE,
            #[cfg(feature = "validation")]
            flags: flag::FlagState::default(),
        }
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
    /// convenience that `--feature-gates` (`FeatureGates::merge`) does not offer for locked gates.
    #[must_use]
    pub fn with(mut self, feature: Feature, on: bool) -> Self {
        self.enabled[feature.index()] = on;
        self
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

/// The defaults, built once: what a thread without scoped or process-wide gates reads.
static DEFAULT_GATES: LazyLock<FeatureGates> = LazyLock::new(FeatureGates::default);

/// Runs `f` on the gates in effect on this thread, borrowed where they are kept: [`enabled`] runs
/// on every defaulting and validation call, and a copy of the whole set (over a hundred bytes)
/// for one value each time would be wasted.
fn with_current<R>(f: impl FnOnce(&FeatureGates) -> R) -> R {
    SCOPED.with(|s| match s.borrow().last() {
        Some(gates) => f(gates),
        None => f(PROCESS_GATES.get().unwrap_or(&DEFAULT_GATES)),
    })
}

/// The gates in effect on this thread (see the module documentation for the order), copied: for
/// one gate use [`enabled`], which borrows them.
pub fn current() -> FeatureGates {
    with_current(|gates| *gates)
}

/// Whether `feature` is on for the defaulting running on this thread.
pub fn enabled(feature: Feature) -> bool {
    with_current(|gates| gates.enabled(feature))
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
    with_current(|gates| {
        kapi_machinery::validation::declarative::Options::enforced(
            gates.enabled(Feature::DeclarativeValidationBeta),
            gates.release(),
        )
    })
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
