//! Type definitions of `coordination.k8s.io/v1alpha2`.

use kapi_machinery::TypeMeta;
use kapi_machinery::types::MicroTime;

use crate::Kapi;
use crate::coordination::v1::CoordinatedLeaseStrategy;
use crate::meta::v1::{ListMeta, ObjectMeta};

/// A contender for a lease in coordinated leader election.
///
/// +genclient
/// +ownNameRule
/// +k8s:prerelease-lifecycle-gen:introduced=1.32
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(kind, group = "coordination.k8s.io", version = "v1alpha2")]
pub struct LeaseCandidate {
    /// Kind and API version.
    #[kapi(inline)]
    pub type_meta: TypeMeta,
    /// Standard object metadata.
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub metadata: ObjectMeta,
    /// The lease contended for and the candidate's versions.
    #[kapi(proto = 2, omitempty)]
    #[kapi(required)]
    pub spec: LeaseCandidateSpec,
}

/// What a lease candidate contends for and what it offers.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct LeaseCandidateSpec {
    /// Name of the lease contended for; several candidates may share it; immutable.
    #[kapi(proto = 1)]
    #[kapi(required)]
    pub lease_name: String,
    /// When the election last asked this candidate to renew, which it answers by updating `renew_time`.
    #[kapi(proto = 2, omitempty)]
    #[kapi(optional)]
    pub ping_time: Option<MicroTime>,
    /// When the candidate last refreshed itself; candidates stale for hours are garbage collected.
    #[kapi(proto = 3, omitempty)]
    #[kapi(optional)]
    pub renew_time: Option<MicroTime>,
    /// The candidate's binary version, semver without a leading `v`.
    #[kapi(proto = 4)]
    #[kapi(required)]
    pub binary_version: String,
    /// The emulated version, semver without `v`, at most `binary_version`; needed for `OldestEmulationVersion`.
    #[kapi(proto = 5, omitempty)]
    #[kapi(optional)]
    pub emulation_version: String,
    /// The election strategy; on disagreement, the candidate with the newest binary version wins.
    #[kapi(proto = 6, omitempty)]
    #[kapi(required)]
    pub strategy: CoordinatedLeaseStrategy,
}

/// A list of `LeaseCandidate` objects.
///
/// +k8s:prerelease-lifecycle-gen:introduced=1.32
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(kind, group = "coordination.k8s.io", version = "v1alpha2")]
pub struct LeaseCandidateList {
    /// Kind and API version.
    #[kapi(inline)]
    pub type_meta: TypeMeta,
    /// Standard list metadata.
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub metadata: ListMeta,
    /// The lease candidates.
    #[kapi(proto = 2)]
    pub items: Option<Vec<LeaseCandidate>>,
}
