//! Type definitions of `coordination.k8s.io/v1`.

use kapi_machinery::TypeMeta;
use kapi_machinery::types::MicroTime;

use crate::Kapi;
use crate::meta::v1::{ListMeta, ObjectMeta};

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct CoordinatedLeaseStrategy(pub String);

impl CoordinatedLeaseStrategy {
    pub const OLDEST_EMULATION_VERSION: &'static str = "OldestEmulationVersion";
}

/// +genclient
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(kind, group = "coordination.k8s.io", version = "v1")]
pub struct Lease {
    #[kapi(inline)]
    pub type_meta: TypeMeta,
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub metadata: ObjectMeta,
    #[kapi(proto = 2, omitempty)]
    #[kapi(optional)]
    pub spec: LeaseSpec,
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct LeaseSpec {
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub holder_identity: Option<String>,
    #[kapi(proto = 2, omitempty)]
    #[kapi(optional)]
    pub lease_duration_seconds: Option<i32>,
    #[kapi(proto = 3, omitempty)]
    #[kapi(optional)]
    pub acquire_time: Option<MicroTime>,
    #[kapi(proto = 4, omitempty)]
    #[kapi(optional)]
    pub renew_time: Option<MicroTime>,
    #[kapi(proto = 5, omitempty)]
    #[kapi(optional)]
    pub lease_transitions: Option<i32>,
    #[kapi(proto = 6, omitempty)]
    #[kapi(optional)]
    pub strategy: Option<CoordinatedLeaseStrategy>,
    #[kapi(proto = 7, omitempty)]
    #[kapi(optional)]
    pub preferred_holder: Option<String>,
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(kind, group = "coordination.k8s.io", version = "v1")]
pub struct LeaseList {
    #[kapi(inline)]
    pub type_meta: TypeMeta,
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub metadata: ListMeta,
    #[kapi(proto = 2)]
    pub items: Option<Vec<Lease>>,
}
