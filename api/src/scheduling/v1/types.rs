//! Type definitions of `scheduling.k8s.io/v1`.

use kapi_machinery::TypeMeta;

use crate::Kapi;
use crate::core::v1::PreemptionPolicy;
use crate::meta::v1::{ListMeta, ObjectMeta};

/// +genclient
/// +genclient:nonNamespaced
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(kind, group = "scheduling.k8s.io", version = "v1")]
pub struct PriorityClass {
    #[kapi(inline)]
    pub type_meta: TypeMeta,
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub metadata: ObjectMeta,
    #[kapi(proto = 2)]
    #[kapi(optional)]
    pub value: i32,
    #[kapi(proto = 3, omitempty)]
    #[kapi(optional)]
    pub global_default: bool,
    #[kapi(proto = 4, omitempty)]
    #[kapi(optional)]
    pub description: String,
    #[kapi(proto = 5, omitempty)]
    #[kapi(optional)]
    pub preemption_policy: Option<PreemptionPolicy>,
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(kind, group = "scheduling.k8s.io", version = "v1")]
pub struct PriorityClassList {
    #[kapi(inline)]
    pub type_meta: TypeMeta,
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub metadata: ListMeta,
    #[kapi(proto = 2)]
    pub items: Option<Vec<PriorityClass>>,
}
