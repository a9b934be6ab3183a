//! The internal (hub) types of `node.k8s.io`, which v1, v1beta1 and v1alpha1 (whose runtime class nests them in a spec) convert to and from.

use std::collections::BTreeMap;

use kapi_machinery::TypeMeta;
use kapi_machinery::types::Quantity;

use crate::Kapi;
use crate::core::{ResourceName, Toleration};
use crate::meta::v1::{ListMeta, ObjectMeta};

/// A named container runtime configuration that pods can select.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(kind, group = "node.k8s.io", internal)]
pub struct RuntimeClass {
    /// Kind and API version.
    pub type_meta: TypeMeta,
    /// Standard object metadata.
    pub metadata: ObjectMeta,
    /// The handler the CRI runtime should use, a DNS label; immutable.
    pub handler: String,
    /// Resources a pod of this class uses beyond its containers.
    pub overhead: Option<Overhead>,
    /// Constraints that place pods of this class on nodes that support it.
    pub scheduling: Option<Scheduling>,
}

/// The fixed resource cost of running a pod with a runtime class.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(internal)]
pub struct Overhead {
    /// Resources added to each pod, by resource name.
    pub pod_fixed: BTreeMap<ResourceName, Quantity>,
}

/// Node placement rules for pods of a runtime class.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(internal)]
pub struct Scheduling {
    /// Labels a node must carry; merged into the pod's own node selector.
    pub node_selector: BTreeMap<String, String>,
    /// Tolerations added to the pods of the class.
    pub tolerations: Vec<Toleration>,
}

/// A list of RuntimeClass objects.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(kind, group = "node.k8s.io", internal)]
pub struct RuntimeClassList {
    /// Kind and API version.
    pub type_meta: TypeMeta,
    /// Standard list metadata.
    pub metadata: ListMeta,
    /// The RuntimeClass objects.
    pub items: Option<Vec<RuntimeClass>>,
}
