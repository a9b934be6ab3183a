//! Type definitions of `node.k8s.io/v1`.

use std::collections::BTreeMap;

use kapi_machinery::TypeMeta;
use kapi_machinery::types::Quantity;

use crate::Kapi;
use crate::core::v1::{ResourceName, Toleration};
use crate::meta::v1::{ListMeta, ObjectMeta};

/// A named container runtime configuration that pods can select.
///
/// +genclient
/// +genclient:nonNamespaced
/// +k8s:prerelease-lifecycle-gen:introduced=1.20
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(kind, group = "node.k8s.io", version = "v1")]
pub struct RuntimeClass {
    /// Kind and API version.
    #[kapi(inline)]
    pub type_meta: TypeMeta,
    /// Standard object metadata.
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub metadata: ObjectMeta,
    /// The handler the CRI runtime should use, a DNS label; immutable.
    ///
    /// +k8s:beta(since: "1.37")=+k8s:format="k8s-short-name"
    /// +k8s:beta(since: "1.37")=+k8s:immutable
    /// +k8s:beta(since: "1.37")=+k8s:required
    #[kapi(proto = 2)]
    #[kapi(required)]
    pub handler: String,
    /// Resources a pod of this class uses beyond its containers.
    #[kapi(proto = 3, omitempty)]
    #[kapi(optional)]
    pub overhead: Option<Overhead>,
    /// Constraints that place pods of this class on nodes that support it.
    ///
    /// +k8s:alpha(since: "1.37")=+k8s:optional
    #[kapi(proto = 4, omitempty)]
    #[kapi(optional)]
    pub scheduling: Option<Scheduling>,
}

/// The fixed resource cost of running a pod with a runtime class.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct Overhead {
    /// Resources added to each pod, by resource name.
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub pod_fixed: BTreeMap<ResourceName, Quantity>,
}

/// Node placement rules for pods of a runtime class.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct Scheduling {
    /// Labels a node must carry; merged into the pod's own node selector.
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional, map_type = "atomic")]
    pub node_selector: BTreeMap<String, String>,
    /// Tolerations added to the pods of the class.
    ///
    /// +k8s:alpha(since: "1.37")=+k8s:optional
    #[kapi(proto = 2, omitempty)]
    #[kapi(optional, list_type = "atomic")]
    pub tolerations: Vec<Toleration>,
}

/// A list of RuntimeClass objects.
///
/// +k8s:prerelease-lifecycle-gen:introduced=1.20
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(kind, group = "node.k8s.io", version = "v1")]
pub struct RuntimeClassList {
    /// Kind and API version.
    #[kapi(inline)]
    pub type_meta: TypeMeta,
    /// Standard list metadata.
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub metadata: ListMeta,
    /// The RuntimeClass objects.
    #[kapi(proto = 2)]
    pub items: Option<Vec<RuntimeClass>>,
}
