//! Type definitions of `node.k8s.io/v1alpha1`.

use std::collections::BTreeMap;

use kapi_machinery::TypeMeta;
use kapi_machinery::types::Quantity;

use crate::Kapi;
use crate::core::v1::{ResourceName, Toleration};
use crate::meta::v1::{ListMeta, ObjectMeta};

/// +genclient
/// +genclient:nonNamespaced
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(kind, group = "node.k8s.io", version = "v1alpha1")]
pub struct RuntimeClass {
    #[kapi(inline)]
    pub type_meta: TypeMeta,
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub metadata: ObjectMeta,
    #[kapi(proto = 2)]
    #[kapi(required)]
    pub spec: RuntimeClassSpec,
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct RuntimeClassSpec {
    #[kapi(proto = 1)]
    #[kapi(required)]
    pub runtime_handler: String,
    #[kapi(proto = 2, omitempty)]
    #[kapi(optional)]
    pub overhead: Option<Overhead>,
    #[kapi(proto = 3, omitempty)]
    #[kapi(optional)]
    pub scheduling: Option<Scheduling>,
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct Overhead {
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub pod_fixed: BTreeMap<ResourceName, Quantity>,
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct Scheduling {
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional, map_type = "atomic")]
    pub node_selector: BTreeMap<String, String>,
    #[kapi(proto = 2, omitempty)]
    #[kapi(optional, list_type = "atomic")]
    pub tolerations: Vec<Toleration>,
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(kind, group = "node.k8s.io", version = "v1alpha1")]
pub struct RuntimeClassList {
    #[kapi(inline)]
    pub type_meta: TypeMeta,
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub metadata: ListMeta,
    #[kapi(proto = 2)]
    pub items: Option<Vec<RuntimeClass>>,
}
