//! The internal (hub) types of `coordination.k8s.io`, which v1, v1beta1 and v1alpha2 convert to and from.

use kapi_machinery::TypeMeta;
use kapi_machinery::types::MicroTime;

use crate::Kapi;
use crate::meta::v1::{ListMeta, ObjectMeta};

/// How coordinated leader election picks a holder among the candidates of a lease.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(internal)]
pub struct CoordinatedLeaseStrategy(pub String);

impl CoordinatedLeaseStrategy {
    /// Prefer the candidate with the oldest emulation version, then binary version, then creation time.
    pub const OLDEST_EMULATION_VERSION: &'static str = "OldestEmulationVersion";
}

/// A lock held by one party at a time, renewed periodically, used for leader election and heartbeats.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(kind, group = "coordination.k8s.io", internal)]
pub struct Lease {
    /// Kind and API version.
    pub type_meta: TypeMeta,
    /// Standard object metadata.
    pub metadata: ObjectMeta,
    /// The holder and timing of the lease.
    pub spec: LeaseSpec,
}

/// Who holds a lease and for how long.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(internal)]
pub struct LeaseSpec {
    /// The current holder; under coordinated election, the name of the elected `LeaseCandidate`.
    pub holder_identity: Option<String>,
    /// Seconds others must wait after the last renewal before taking the lease over.
    pub lease_duration_seconds: Option<i32>,
    /// When the current holder took the lease.
    pub acquire_time: Option<MicroTime>,
    /// When the current holder last renewed the lease.
    pub renew_time: Option<MicroTime>,
    /// How many times the lease has changed holders.
    pub lease_transitions: Option<i32>,
    /// How coordinated leader election picks the holder; unset means the lease is not coordinated (alpha).
    pub strategy: Option<CoordinatedLeaseStrategy>,
    /// A better holder the current one should hand the lease to.
    pub preferred_holder: Option<String>,
}

/// A list of `Lease` objects.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(kind, group = "coordination.k8s.io", internal)]
pub struct LeaseList {
    /// Kind and API version.
    pub type_meta: TypeMeta,
    /// Standard list metadata.
    pub metadata: ListMeta,
    /// The leases.
    pub items: Option<Vec<Lease>>,
}

/// A contender for a lease in coordinated leader election.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(kind, group = "coordination.k8s.io", internal)]
pub struct LeaseCandidate {
    /// Kind and API version.
    pub type_meta: TypeMeta,
    /// Standard object metadata.
    pub metadata: ObjectMeta,
    /// The lease contended for and the candidate's versions.
    pub spec: LeaseCandidateSpec,
}

/// What a lease candidate contends for and what it offers.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(internal)]
pub struct LeaseCandidateSpec {
    /// Name of the lease contended for; several candidates may share it; immutable.
    pub lease_name: String,
    /// When the election last asked this candidate to renew, which it answers by updating `renew_time`.
    pub ping_time: Option<MicroTime>,
    /// When the candidate last refreshed itself; candidates stale for hours are garbage collected.
    pub renew_time: Option<MicroTime>,
    /// The candidate's binary version, semver without a leading `v`.
    pub binary_version: String,
    /// The emulated version, semver without `v`, at most `binary_version`; needed for `OldestEmulationVersion`.
    pub emulation_version: String,
    /// The election strategy; on disagreement, the candidate with the newest binary version wins.
    pub strategy: CoordinatedLeaseStrategy,
}

/// A list of `LeaseCandidate` objects.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(kind, group = "coordination.k8s.io", internal)]
pub struct LeaseCandidateList {
    /// Kind and API version.
    pub type_meta: TypeMeta,
    /// Standard list metadata.
    pub metadata: ListMeta,
    /// The lease candidates.
    pub items: Option<Vec<LeaseCandidate>>,
}
