//! Type definitions of `coordination.k8s.io/v1alpha2`.

use kapi_machinery::TypeMeta;
use kapi_machinery::types::MicroTime;

use crate::Kapi;
use crate::coordination::v1::CoordinatedLeaseStrategy;
use crate::meta::v1::{ListMeta, ObjectMeta};

/// +genclient
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(kind, group = "coordination.k8s.io", version = "v1alpha2")]
pub struct LeaseCandidate {
    #[kapi(inline)]
    pub type_meta: TypeMeta,
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub metadata: ObjectMeta,
    #[kapi(proto = 2, omitempty)]
    #[kapi(required)]
    pub spec: LeaseCandidateSpec,
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct LeaseCandidateSpec {
    #[kapi(proto = 1)]
    #[kapi(required)]
    pub lease_name: String,
    #[kapi(proto = 2, omitempty)]
    #[kapi(optional)]
    pub ping_time: Option<MicroTime>,
    #[kapi(proto = 3, omitempty)]
    #[kapi(optional)]
    pub renew_time: Option<MicroTime>,
    #[kapi(proto = 4)]
    #[kapi(required)]
    pub binary_version: String,
    #[kapi(proto = 5, omitempty)]
    #[kapi(optional)]
    pub emulation_version: String,
    #[kapi(proto = 6, omitempty)]
    #[kapi(required)]
    pub strategy: CoordinatedLeaseStrategy,
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(kind, group = "coordination.k8s.io", version = "v1alpha2")]
pub struct LeaseCandidateList {
    #[kapi(inline)]
    pub type_meta: TypeMeta,
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub metadata: ListMeta,
    #[kapi(proto = 2)]
    pub items: Option<Vec<LeaseCandidate>>,
}
