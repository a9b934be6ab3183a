//! Every feature gate a v1.36 kube-apiserver registers, with its 1.36 default, stage and lock: what `--feature-gates` accepts.
//!
//! Taken, for each gate, from the last entry whose version is at or before 1.36 of upstream's
//! versioned gate specs (a gate whose first entry is later is not in 1.36 and is left out):
//!
//! - kube's own gates, and the controller-manager and zpages gates kube registers with them:
//!   `pkg/features/kube_features.go` of the post-1.36 development tree `AIAgentSandox/kubernetes`
//!   (commit 64149d12); its `genericfeatures.*` entries were checked against the next source;
//! - the generic apiserver's gates: `k8s.io/apiserver` `pkg/features/kube_features.go` at v0.36.3
//!   (it still has the generally available gates the development tree has since removed, such as
//!   `APIServerTracing`);
//! - apiextensions-apiserver's: `k8s.io/apiextensions-apiserver` `pkg/features/kube_features.go`
//!   at v0.36.3;
//! - client-go's, which kube registers through its adapter: `k8s.io/client-go`
//!   `features/known_features.go` at v0.36.3;
//! - component-base's logging (`logs/api/v1/kube_features.go`) and metrics
//!   (`metrics/features/kube_features.go`) gates at v0.36.3, and `featuregate/feature_gate.go`'s
//!   pseudo-gates `AllAlpha` and `AllBeta`.
//!
//! A kube gate that the development tree has already removed although 1.36 still had it is
//! missing here (the tree is later than the release); such a name is refused as unrecognized.
//!
//! [`GATE_DEPENDENCIES`] are kube's `defaultKubernetesFeatureGateDependencies` in the same
//! `pkg/features/kube_features.go` (commit 64149d12), which kube registers with `AddDependencies`
//! for its own gates and the generic apiserver's; the generic apiserver, apiextensions-apiserver,
//! client-go and component-base register none at v0.36.3. Entries naming a gate that 1.36 does not
//! have (`CompositePodGroup`, `NodeControllerLeaseCircuitBreaker`, `PodGroupPreemptionPolicy`,
//! `StaleControllerConsistencyHPA`) are left out, and every entry kept passes the checks
//! component-base's `AddDependencies` makes with the 1.36 stages, defaults and locks (a test runs
//! them), so a 1.36 kube-apiserver could have registered it. Whether the 1.36 release declared
//! each of them could not be checked against the release tree itself: a dependency that the
//! development tree added later between two 1.36 gates would be enforced here too early.

/// A gate's maturity in 1.36 (component-base's `prerelease`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Stage {
    /// Off by default unless noted; `AllAlpha=true` turns it on.
    Alpha,
    /// `AllBeta=true` turns it on.
    Beta,
    /// Generally available: setting it is allowed, with a warning upstream.
    GA,
    /// On its way out: setting it is allowed, with a warning upstream.
    Deprecated,
}

/// One gate of [`KNOWN_GATES`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GateSpec {
    /// The name `--feature-gates` takes.
    pub name: &'static str,
    /// Whether it is on when not set.
    pub default: bool,
    /// Its maturity.
    pub stage: Stage,
    /// Whether the flag may set it only to `default` (`LockToDefault`).
    pub locked: bool,
}

const fn gate(name: &'static str, default: bool, stage: Stage, locked: bool) -> GateSpec {
    GateSpec { name, default, stage, locked }
}

/// The pseudo-gate that turns on every alpha gate not set explicitly.
pub const ALL_ALPHA: &str = "AllAlpha";
/// The pseudo-gate that turns on every beta gate not set explicitly.
pub const ALL_BETA: &str = "AllBeta";

/// Every gate of a v1.36 kube-apiserver, sorted by name in byte order (upper case before lower
/// case, as Go compares strings), so that [`lookup`] can search it.
pub const KNOWN_GATES: &[GateSpec] = &[
    gate("APIResponseCompression", true, Stage::Beta, false),
    gate("APIServerIdentity", true, Stage::Beta, false),
    gate("APIServerTracing", true, Stage::GA, true),
    gate("APIServingWithRoutine", false, Stage::Alpha, false),
    gate("AggregatedDiscoveryRemoveBetaType", true, Stage::Deprecated, true),
    gate("AllAlpha", false, Stage::Alpha, false),
    gate("AllBeta", false, Stage::Beta, false),
    gate("AllowDNSOnlyNodeCSR", false, Stage::Deprecated, false),
    gate("AllowInsecureKubeletCertificateSigningRequests", false, Stage::Deprecated, false),
    gate("AllowOverwriteTerminationGracePeriodSeconds", false, Stage::Deprecated, true),
    gate("AllowParsingUserUIDFromCertAuth", true, Stage::Beta, false),
    gate("AllowServiceExternalIPs", true, Stage::GA, false),
    gate("AllowUnsafeMalformedObjectDeletion", false, Stage::Alpha, false),
    gate("AnonymousAuthConfigurableEndpoints", true, Stage::GA, true),
    gate("AtomicFIFO", true, Stage::Beta, false),
    gate("AuthorizePodWebsocketUpgradeCreatePermission", true, Stage::Beta, false),
    gate("AuthorizeWithSelectors", true, Stage::GA, true),
    gate("BtreeWatchCache", true, Stage::GA, true),
    gate("CBORServingAndStorage", false, Stage::Alpha, false),
    gate("CPUManagerPolicyAlphaOptions", false, Stage::Alpha, false),
    gate("CPUManagerPolicyBetaOptions", true, Stage::Beta, false),
    gate("CPUManagerPolicyOptions", true, Stage::GA, true),
    gate("CRDObservedGenerationTracking", true, Stage::Beta, false),
    gate("CRDValidationRatcheting", true, Stage::GA, true),
    gate("CRIListStreaming", false, Stage::Alpha, false),
    gate("CSIServiceAccountTokenSecrets", true, Stage::GA, true),
    gate("CSIVolumeHealth", false, Stage::Alpha, false),
    gate("ChangeContainerStatusOnKubeletRestart", false, Stage::Deprecated, false),
    gate("ClearingNominatedNodeNameAfterBinding", true, Stage::Beta, false),
    gate("ClientsAllowCARotation", true, Stage::Beta, false),
    gate("ClientsAllowCBOR", false, Stage::Alpha, false),
    gate("ClientsAllowTLSCacheGC", true, Stage::Beta, false),
    gate("ClientsPreferCBOR", false, Stage::Alpha, false),
    gate("CloudControllerManagerWatchBasedRoutesReconciliation", false, Stage::Alpha, false),
    gate("CloudControllerManagerWebhook", false, Stage::Alpha, false),
    gate("ClusterTrustBundle", false, Stage::Beta, false),
    gate("ClusterTrustBundleProjection", false, Stage::Beta, false),
    gate("ComponentFlagz", true, Stage::Beta, false),
    gate("ComponentStatusz", true, Stage::Beta, false),
    gate("ConcurrentWatchObjectDecode", false, Stage::Beta, false),
    gate("ConsistentListFromCache", true, Stage::GA, true),
    gate("ConstrainedImpersonation", true, Stage::Beta, false),
    gate("ContainerCheckpoint", true, Stage::Beta, false),
    gate("ContainerRestartRules", true, Stage::Beta, false),
    gate("ContainerStopSignals", false, Stage::Alpha, false),
    gate("ContextualLogging", true, Stage::Beta, false),
    gate("CoordinatedLeaderElection", false, Stage::Beta, false),
    gate("CrossNamespaceVolumeDataSource", false, Stage::Alpha, false),
    gate("CustomCPUCFSQuotaPeriod", true, Stage::GA, false),
    gate("CustomResourceFieldSelectors", true, Stage::GA, true),
    gate("DRAAdminAccess", true, Stage::GA, true),
    gate("DRAConsumableCapacity", true, Stage::Beta, false),
    gate("DRADeviceBindingConditions", true, Stage::Beta, false),
    gate("DRADeviceTaintRules", false, Stage::Beta, false),
    gate("DRADeviceTaints", true, Stage::Beta, false),
    gate("DRAExtendedResource", true, Stage::Beta, false),
    gate("DRAListTypeAttributes", false, Stage::Alpha, false),
    gate("DRANodeAllocatableResources", false, Stage::Alpha, false),
    gate("DRAPartitionableDevices", true, Stage::Beta, false),
    gate("DRAPrioritizedList", true, Stage::GA, false),
    gate("DRAResourceClaimDeviceStatus", true, Stage::Beta, false),
    gate("DRAResourceClaimGranularStatusAuthorization", true, Stage::Beta, false),
    gate("DRAResourcePoolStatus", false, Stage::Alpha, false),
    gate("DRASchedulerFilterTimeout", true, Stage::Beta, false),
    gate("DRAWorkloadResourceClaims", false, Stage::Alpha, false),
    gate("DeclarativeValidation", true, Stage::GA, true),
    gate("DeclarativeValidationBeta", true, Stage::Beta, false),
    gate("DeclarativeValidationTakeover", false, Stage::Deprecated, false),
    gate("DeploymentReplicaSetTerminatingReplicas", true, Stage::Beta, false),
    gate("DetectCacheInconsistency", true, Stage::Beta, false),
    gate("DisableAllocatorDualWrite", true, Stage::GA, true),
    gate("DisableCPUQuotaWithExclusiveCPUs", true, Stage::Deprecated, false),
    gate("DisableNodeKubeProxyVersion", true, Stage::Deprecated, true),
    gate("DynamicResourceAllocation", true, Stage::GA, true),
    gate("EnvFiles", true, Stage::Beta, false),
    gate("EventedPLEG", false, Stage::Alpha, false),
    gate("ExecProbeTimeout", true, Stage::GA, true),
    gate("ExtendWebSocketsToKubelet", true, Stage::Beta, false),
    gate("ExternalServiceAccountTokenSigner", true, Stage::GA, true),
    gate("GenericWorkload", false, Stage::Alpha, false),
    gate("GitRepoVolumeDriver", false, Stage::Deprecated, true),
    gate("GracefulNodeShutdown", true, Stage::Beta, false),
    gate("GracefulNodeShutdownBasedOnPodPriority", true, Stage::Beta, false),
    gate("HPAConfigurableTolerance", true, Stage::Beta, false),
    gate("HPAScaleToZero", false, Stage::Alpha, false),
    gate("HostnameOverride", true, Stage::Beta, false),
    gate("ImageMaximumGCAge", true, Stage::GA, true),
    gate("ImageVolume", true, Stage::GA, true),
    gate("ImageVolumeWithDigest", false, Stage::Alpha, false),
    gate("InOrderInformers", true, Stage::GA, true),
    gate("InOrderInformersBatchProcess", true, Stage::Beta, false),
    gate("InPlacePodLevelResourcesVerticalScaling", true, Stage::Beta, false),
    gate("InPlacePodVerticalScaling", true, Stage::GA, true),
    gate("InPlacePodVerticalScalingExclusiveCPUs", false, Stage::Alpha, false),
    gate("InPlacePodVerticalScalingExclusiveMemory", false, Stage::Alpha, false),
    gate("InPlacePodVerticalScalingInitContainers", true, Stage::Beta, false),
    gate("InformerResourceVersion", true, Stage::GA, false),
    gate("JobManagedBy", true, Stage::GA, true),
    gate("KMSv1", false, Stage::Deprecated, false),
    gate("KubeProxyIPVS", true, Stage::GA, false),
    gate("KubeletCgroupDriverFromCRI", true, Stage::GA, true),
    gate("KubeletCrashLoopBackOffMax", true, Stage::Beta, false),
    gate("KubeletEnsureSecretPulledImages", true, Stage::Beta, false),
    gate("KubeletFineGrainedAuthz", true, Stage::GA, true),
    gate("KubeletInUserNamespace", false, Stage::Alpha, false),
    gate("KubeletPSI", true, Stage::GA, true),
    gate("KubeletPodResourcesDynamicResources", true, Stage::GA, true),
    gate("KubeletPodResourcesGet", true, Stage::GA, true),
    gate("KubeletPodResourcesListUseActivePods", true, Stage::Deprecated, false),
    gate("KubeletRegistrationGetOnExistsOnly", false, Stage::Deprecated, false),
    gate("KubeletSeparateDiskGC", true, Stage::Beta, false),
    gate("KubeletServiceAccountTokenForCredentialProviders", true, Stage::Beta, false),
    gate("KubeletTracing", true, Stage::GA, true),
    gate("ListFromCacheSnapshot", true, Stage::Beta, false),
    gate("LocalStorageCapacityIsolationFSQuotaMonitoring", false, Stage::Beta, false),
    gate("LoggingAlphaOptions", false, Stage::Alpha, false),
    gate("LoggingBetaOptions", true, Stage::Beta, false),
    gate("ManifestBasedAdmissionControlConfig", false, Stage::Alpha, false),
    gate("MatchLabelKeysInPodAffinity", true, Stage::GA, true),
    gate("MatchLabelKeysInPodTopologySpread", true, Stage::Beta, false),
    gate("MatchLabelKeysInPodTopologySpreadSelectorMerge", true, Stage::Beta, false),
    gate("MaxUnavailableStatefulSet", false, Stage::Beta, false),
    gate("MemoryQoS", false, Stage::Alpha, false),
    gate("MultiCIDRServiceAllocator", true, Stage::GA, true),
    gate("MutableCSINodeAllocatableCount", true, Stage::GA, true),
    gate("MutablePVNodeAffinity", false, Stage::Alpha, false),
    gate("MutablePodResourcesForSuspendedJobs", true, Stage::Beta, false),
    gate("MutableSchedulingDirectivesForSuspendedJobs", true, Stage::Beta, false),
    gate("MutatingAdmissionPolicy", true, Stage::GA, false),
    gate("NFTablesProxyMode", true, Stage::GA, true),
    gate("NativeHistograms", false, Stage::Alpha, false),
    gate("NodeDeclaredFeatures", true, Stage::Beta, false),
    gate("NodeInclusionPolicyInPodTopologySpread", true, Stage::GA, true),
    gate("NodeLogQuery", true, Stage::GA, true),
    gate("NodeSwap", true, Stage::GA, true),
    gate("NominatedNodeNameForExpectation", true, Stage::Beta, false),
    gate("OpenAPIEnums", true, Stage::Beta, false),
    gate("OpportunisticBatching", true, Stage::Beta, false),
    gate("PLEGOnDemandRelist", true, Stage::Beta, false),
    gate("PersistentVolumeClaimUnusedSinceTime", false, Stage::Alpha, false),
    gate("PodAndContainerStatsFromCRI", false, Stage::Alpha, false),
    gate("PodCertificateRequest", false, Stage::Beta, false),
    gate("PodDeletionCost", true, Stage::Beta, false),
    gate("PodLevelResourceManagers", false, Stage::Alpha, false),
    gate("PodLevelResources", true, Stage::Beta, false),
    gate("PodLogsQuerySplitStreams", false, Stage::Alpha, false),
    gate("PodObservedGenerationTracking", true, Stage::GA, true),
    gate("PodReadyToStartContainersCondition", true, Stage::Beta, false),
    gate("PodSchedulingReadiness", true, Stage::GA, true),
    gate("PodTopologyLabelsAdmission", true, Stage::Beta, false),
    gate("PodsAPI", false, Stage::Alpha, false),
    gate("PortForwardWebsockets", true, Stage::Beta, false),
    gate("PreferSameTrafficDistribution", true, Stage::GA, true),
    gate("PreventStaticPodAPIReferences", true, Stage::Beta, false),
    gate("ProcMountType", true, Stage::GA, true),
    gate("QOSReserved", false, Stage::Alpha, false),
    gate("RecoverVolumeExpansionFailure", true, Stage::GA, true),
    gate("RecursiveReadOnlyMounts", true, Stage::GA, true),
    gate("ReduceDefaultCrashLoopBackOffDecay", false, Stage::Alpha, false),
    gate("RelaxedEnvironmentVariableValidation", true, Stage::GA, true),
    gate("RelaxedServiceNameValidation", true, Stage::Beta, false),
    gate("ReloadKubeletClientCAFile", true, Stage::Beta, false),
    gate("ReloadKubeletServerCertificateFile", true, Stage::Beta, false),
    gate("RemoteRequestHeaderUID", true, Stage::Beta, false),
    gate("ResilientWatchCacheInitialization", true, Stage::GA, true),
    gate("ResourceHealthStatus", true, Stage::Beta, false),
    gate("ResourceHealthStatusMessage", true, Stage::Beta, false),
    gate("RestartAllContainersOnContainerExits", true, Stage::Beta, false),
    gate("RetryGenerateName", true, Stage::GA, true),
    gate("RotateKubeletServerCertificate", true, Stage::Beta, false),
    gate("RuntimeClassInImageCriAPI", false, Stage::Alpha, false),
    gate("SELinuxChangePolicy", true, Stage::GA, true),
    gate("SELinuxMount", false, Stage::Beta, false),
    gate("SELinuxMountReadWriteOncePod", true, Stage::GA, true),
    gate("SchedulerAsyncAPICalls", false, Stage::Beta, false),
    gate("SchedulerAsyncPreemption", true, Stage::Beta, false),
    gate("SchedulerPopFromBackoffQ", true, Stage::Beta, false),
    gate("SeparateCacheWatchRPC", false, Stage::Deprecated, true),
    gate("SeparateTaintEvictionController", true, Stage::GA, true),
    gate("ServiceAccountNodeAudienceRestriction", true, Stage::Beta, false),
    gate("ServiceAccountTokenJTI", true, Stage::GA, true),
    gate("ServiceAccountTokenNodeBinding", true, Stage::GA, true),
    gate("ServiceAccountTokenNodeBindingValidation", true, Stage::GA, true),
    gate("ServiceAccountTokenPodNodeInfo", true, Stage::GA, true),
    gate("ServiceCIDRStatusFieldWiping", true, Stage::Deprecated, false),
    gate("ShardedListAndWatch", false, Stage::Alpha, false),
    gate("SizeBasedListCostEstimate", true, Stage::Beta, false),
    gate("StaleControllerConsistencyDaemonSet", true, Stage::Beta, false),
    gate("StaleControllerConsistencyJob", true, Stage::Beta, false),
    gate("StaleControllerConsistencyReplicaSet", true, Stage::Beta, false),
    gate("StaleControllerConsistencyStatefulSet", true, Stage::Beta, false),
    gate("StatefulSetSemanticRevisionComparison", true, Stage::Beta, false),
    gate("StorageCapacityScoring", false, Stage::Alpha, false),
    gate("StorageNamespaceIndex", true, Stage::Deprecated, false),
    gate("StorageVersionAPI", false, Stage::Alpha, false),
    gate("StorageVersionHash", true, Stage::Beta, false),
    gate("StorageVersionMigrator", false, Stage::Beta, false),
    gate("StreamingCollectionEncodingToJSON", true, Stage::GA, true),
    gate("StreamingCollectionEncodingToProtobuf", true, Stage::GA, true),
    gate("StrictIPCIDRValidation", true, Stage::Beta, false),
    gate("StructuredAuthenticationConfiguration", true, Stage::GA, true),
    gate("StructuredAuthenticationConfigurationEgressSelector", true, Stage::Beta, false),
    gate("StructuredAuthenticationConfigurationJWKSMetrics", true, Stage::Beta, false),
    gate("SupplementalGroupsPolicy", true, Stage::GA, true),
    gate("SystemdWatchdog", true, Stage::GA, true),
    gate("TaintTolerationComparisonOperators", false, Stage::Alpha, false),
    gate("TokenRequestServiceAccountUIDValidation", true, Stage::Beta, false),
    gate("TopologyAwareWorkloadScheduling", false, Stage::Alpha, false),
    gate("TopologyManagerPolicyAlphaOptions", false, Stage::Alpha, false),
    gate("TopologyManagerPolicyBetaOptions", true, Stage::Beta, false),
    gate("TopologyManagerPolicyOptions", true, Stage::GA, true),
    gate("TranslateStreamCloseWebsocketRequests", true, Stage::Beta, false),
    gate("UnauthenticatedHTTP2DOSMitigation", true, Stage::Beta, false),
    gate("UnknownVersionInteroperabilityProxy", true, Stage::Beta, false),
    gate("UnlockWhileProcessingFIFO", true, Stage::Beta, false),
    gate("UserNamespacesHostNetworkSupport", false, Stage::Alpha, false),
    gate("UserNamespacesSupport", true, Stage::GA, true),
    gate("VolumeAttributesClass", true, Stage::GA, true),
    gate("VolumeLimitScaling", false, Stage::Alpha, false),
    gate("WatchCacheInitializationPostStartHook", true, Stage::Beta, false),
    gate("WatchList", true, Stage::Beta, false),
    gate("WatchListClient", true, Stage::Beta, false),
    gate("WinDSR", true, Stage::GA, true),
    gate("WinOverlay", true, Stage::GA, true),
    gate("WindowsCPUAndMemoryAffinity", false, Stage::Alpha, false),
    gate("WindowsGracefulNodeShutdown", true, Stage::Beta, false),
    gate("WindowsHostNetwork", false, Stage::Deprecated, false),
    gate("WorkloadWithJob", false, Stage::Alpha, false),
];

/// Gates that may be on only while other gates are on (component-base refuses the rest at start-up:
/// `ResourceHealthStatusMessage is enabled, but depends on features that are disabled:
/// [ResourceHealthStatus]`), sorted by name in byte order, each with its dependencies sorted as
/// `AddDependencies` sorts them. Only gates with dependencies are listed.
pub const GATE_DEPENDENCIES: &[(&str, &[&str])] = &[
    ("ClusterTrustBundleProjection", &["ClusterTrustBundle"]),
    ("DRAAdminAccess", &["DynamicResourceAllocation"]),
    ("DRAConsumableCapacity", &["DynamicResourceAllocation"]),
    ("DRADeviceBindingConditions", &["DRAResourceClaimDeviceStatus", "DynamicResourceAllocation"]),
    ("DRADeviceTaintRules", &["DRADeviceTaints"]),
    ("DRADeviceTaints", &["DynamicResourceAllocation"]),
    ("DRAExtendedResource", &["DynamicResourceAllocation"]),
    ("DRAListTypeAttributes", &["DynamicResourceAllocation"]),
    ("DRANodeAllocatableResources", &["DynamicResourceAllocation"]),
    ("DRAPartitionableDevices", &["DynamicResourceAllocation"]),
    ("DRAPrioritizedList", &["DynamicResourceAllocation"]),
    ("DRAResourceClaimGranularStatusAuthorization", &["DRAResourceClaimDeviceStatus", "DynamicResourceAllocation"]),
    ("DRAResourcePoolStatus", &["DynamicResourceAllocation"]),
    ("DRASchedulerFilterTimeout", &["DynamicResourceAllocation"]),
    ("DRAWorkloadResourceClaims", &["DynamicResourceAllocation", "GenericWorkload"]),
    ("DeclarativeValidationBeta", &["DeclarativeValidation"]),
    ("DeclarativeValidationTakeover", &["DeclarativeValidation"]),
    ("DisableAllocatorDualWrite", &["MultiCIDRServiceAllocator"]),
    ("ExtendWebSocketsToKubelet", &["NodeDeclaredFeatures"]),
    ("GracefulNodeShutdownBasedOnPodPriority", &["GracefulNodeShutdown"]),
    ("ImageVolumeWithDigest", &["ImageVolume"]),
    (
        "InPlacePodLevelResourcesVerticalScaling",
        &["InPlacePodVerticalScaling", "NodeDeclaredFeatures", "PodLevelResources"],
    ),
    ("InPlacePodVerticalScalingExclusiveCPUs", &["InPlacePodVerticalScaling"]),
    ("InPlacePodVerticalScalingExclusiveMemory", &["InPlacePodVerticalScaling"]),
    ("InPlacePodVerticalScalingInitContainers", &["InPlacePodVerticalScaling", "NodeDeclaredFeatures"]),
    ("MatchLabelKeysInPodTopologySpreadSelectorMerge", &["MatchLabelKeysInPodTopologySpread"]),
    ("PodLevelResourceManagers", &["PodLevelResources"]),
    ("ProcMountType", &["UserNamespacesSupport"]),
    ("ResourceHealthStatus", &["DynamicResourceAllocation"]),
    ("ResourceHealthStatusMessage", &["ResourceHealthStatus"]),
    ("RestartAllContainersOnContainerExits", &["ContainerRestartRules", "NodeDeclaredFeatures"]),
    ("ServiceAccountTokenNodeBinding", &["ServiceAccountTokenNodeBindingValidation"]),
    ("StaleControllerConsistencyDaemonSet", &["AtomicFIFO"]),
    ("StaleControllerConsistencyJob", &["AtomicFIFO"]),
    ("StaleControllerConsistencyReplicaSet", &["AtomicFIFO"]),
    ("StaleControllerConsistencyStatefulSet", &["AtomicFIFO"]),
    ("StorageVersionAPI", &["APIServerIdentity"]),
    ("TopologyAwareWorkloadScheduling", &["GenericWorkload"]),
    ("UnknownVersionInteroperabilityProxy", &["APIServerIdentity"]),
    ("UserNamespacesHostNetworkSupport", &["NodeDeclaredFeatures", "UserNamespacesSupport"]),
    ("WindowsGracefulNodeShutdown", &["GracefulNodeShutdown"]),
    ("WorkloadWithJob", &["GenericWorkload"]),
];

/// The index in [`KNOWN_GATES`] of the gate named `name`.
pub fn lookup(name: &str) -> Option<usize> {
    KNOWN_GATES.binary_search_by(|g| g.name.cmp(name)).ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn table_is_sorted_and_unique() {
        for pair in KNOWN_GATES.windows(2) {
            assert!(pair[0].name < pair[1].name, "{} is not before {}", pair[0].name, pair[1].name);
        }
        for (idx, g) in KNOWN_GATES.iter().enumerate() {
            assert_eq!(lookup(g.name), Some(idx));
        }
        assert_eq!(lookup("Nope"), None);
        assert_eq!(lookup("apiservertracing"), None, "names are case-sensitive");
    }

    /// Component-base refuses to register a gate locked to a default that is not its stage's
    /// (an alpha or beta gate is never locked here); a locked gate is generally available or
    /// deprecated.
    #[test]
    fn locked_gates_are_ga_or_deprecated() {
        for g in KNOWN_GATES.iter().filter(|g| g.locked) {
            assert!(matches!(g.stage, Stage::GA | Stage::Deprecated), "{} is locked at {:?}", g.name, g.stage);
        }
    }

    /// component-base's `stabilityOrder`: a gate may depend only on gates at least as stable.
    fn stability(stage: Stage) -> u8 {
        match stage {
            Stage::Deprecated => 0,
            Stage::Alpha => 1,
            Stage::Beta => 2,
            Stage::GA => 3,
        }
    }

    /// The table is sorted and names only 1.36 gates, and each entry passes the checks
    /// component-base's `AddDependencies` makes at 1.36 (a kube-apiserver whose entries failed
    /// them would not start): a gate depends only on gates at least as stable, an enabled-by-default
    /// gate only on enabled-by-default ones, a locked gate only on locked ones; and there is no
    /// cycle. So the defaults alone never fail the dependency check.
    #[test]
    fn dependencies_are_1_36_gates_that_add_dependencies_accepts() {
        for pair in GATE_DEPENDENCIES.windows(2) {
            assert!(pair[0].0 < pair[1].0, "{} is not before {}", pair[0].0, pair[1].0);
        }
        for (name, deps) in GATE_DEPENDENCIES {
            let g = KNOWN_GATES[lookup(name).unwrap_or_else(|| panic!("{name} is not a 1.36 gate"))];
            assert!(!deps.is_empty(), "{name}");
            assert!(deps.windows(2).all(|p| p[0] < p[1]), "dependencies of {name} are sorted and unique");
            for dep in *deps {
                let d = KNOWN_GATES[lookup(dep).unwrap_or_else(|| panic!("{dep} is not a 1.36 gate"))];
                assert!(stability(g.stage) <= stability(d.stage), "{name} ({:?}) on {dep} ({:?})", g.stage, d.stage);
                assert!(!g.default || d.default, "default-enabled {name} on default-disabled {dep}");
                assert!(!g.locked || d.locked, "locked {name} on unlocked {dep}");
                assert!(
                    GATE_DEPENDENCIES.iter().find(|(n, _)| n == dep).is_none_or(|(_, dd)| !dd.contains(name)),
                    "cycle between {name} and {dep}"
                );
            }
        }
        // Upstream's entries for gates 1.36 does not have are left out.
        for name in ["CompositePodGroup", "NodeControllerLeaseCircuitBreaker", "PodGroupPreemptionPolicy"] {
            assert_eq!(lookup(name), None);
            assert!(GATE_DEPENDENCIES.iter().all(|(n, _)| *n != name));
        }
    }

    /// Spot checks, one per source.
    #[test]
    fn entries_from_each_source() {
        let spec = |name: &str| KNOWN_GATES[lookup(name).unwrap()];
        // kube, with a constant whose name differs from the gate's.
        assert_eq!(spec("CustomCPUCFSQuotaPeriod"), gate("CustomCPUCFSQuotaPeriod", true, Stage::GA, false));
        assert_eq!(lookup("CPUCFSQuotaPeriod"), None);
        // kube, a gate added after 1.36 is left out.
        assert_eq!(lookup("HPAGeneration"), None);
        assert_eq!(spec("GitRepoVolumeDriver"), gate("GitRepoVolumeDriver", false, Stage::Deprecated, true));
        // generic apiserver, still present in 1.36.
        assert_eq!(spec("APIServerTracing"), gate("APIServerTracing", true, Stage::GA, true));
        assert_eq!(spec("CRDValidationRatcheting"), gate("CRDValidationRatcheting", true, Stage::GA, true));
        assert_eq!(spec("WatchListClient"), gate("WatchListClient", true, Stage::Beta, false));
        assert_eq!(spec("LoggingAlphaOptions"), gate("LoggingAlphaOptions", false, Stage::Alpha, false));
        assert_eq!(spec(ALL_ALPHA), gate(ALL_ALPHA, false, Stage::Alpha, false));
        assert_eq!(spec(ALL_BETA), gate(ALL_BETA, false, Stage::Beta, false));
    }
}
