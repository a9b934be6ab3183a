//! Type definitions of `coordination.k8s.io/v1`.

use kapi_machinery::TypeMeta;
use kapi_machinery::types::MicroTime;

use crate::Kapi;
use crate::meta::v1::{ListMeta, ObjectMeta};

/// How coordinated leader election picks a holder among the candidates of a lease.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct CoordinatedLeaseStrategy(pub String);

impl CoordinatedLeaseStrategy {
    /// Prefer the candidate with the oldest emulation version, then binary version, then creation time.
    pub const OLDEST_EMULATION_VERSION: &'static str = "OldestEmulationVersion";
}

/// A lock held by one party at a time, renewed periodically, used for leader election and heartbeats.
///
/// +genclient
/// +k8s:prerelease-lifecycle-gen:introduced=1.14
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(kind, group = "coordination.k8s.io", version = "v1")]
pub struct Lease {
    /// Kind and API version.
    #[kapi(inline)]
    pub type_meta: TypeMeta,
    /// Standard object metadata.
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub metadata: ObjectMeta,
    /// The holder and timing of the lease.
    #[kapi(proto = 2, omitempty)]
    #[kapi(optional)]
    pub spec: LeaseSpec,
}

/// Who holds a lease and for how long.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct LeaseSpec {
    /// The current holder; under coordinated election, the name of the elected `LeaseCandidate`.
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub holder_identity: Option<String>,
    /// Seconds others must wait after the last renewal before taking the lease over.
    #[kapi(proto = 2, omitempty)]
    #[kapi(optional)]
    pub lease_duration_seconds: Option<i32>,
    /// When the current holder took the lease.
    #[kapi(proto = 3, omitempty)]
    #[kapi(optional)]
    pub acquire_time: Option<MicroTime>,
    /// When the current holder last renewed the lease.
    #[kapi(proto = 4, omitempty)]
    #[kapi(optional)]
    pub renew_time: Option<MicroTime>,
    /// How many times the lease has changed holders.
    #[kapi(proto = 5, omitempty)]
    #[kapi(optional)]
    pub lease_transitions: Option<i32>,
    /// How coordinated leader election picks the holder; unset means the lease is not coordinated (alpha).
    #[kapi(proto = 6, omitempty)]
    #[kapi(optional)]
    pub strategy: Option<CoordinatedLeaseStrategy>,
    /// A better holder the current one should hand the lease to.
    #[kapi(proto = 7, omitempty)]
    #[kapi(optional)]
    pub preferred_holder: Option<String>,
}

/// A list of `Lease` objects.
///
/// +k8s:prerelease-lifecycle-gen:introduced=1.19
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(kind, group = "coordination.k8s.io", version = "v1")]
pub struct LeaseList {
    /// Kind and API version.
    #[kapi(inline)]
    pub type_meta: TypeMeta,
    /// Standard list metadata.
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub metadata: ListMeta,
    /// The leases.
    #[kapi(proto = 2)]
    pub items: Option<Vec<Lease>>,
}
