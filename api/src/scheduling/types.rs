//! The internal (hub) types of `scheduling.k8s.io` for priority classes, which v1 and v1beta1 convert to and from.

use kapi_machinery::TypeMeta;

use crate::Kapi;
use crate::core::PreemptionPolicy;
use crate::meta::v1::{ListMeta, ObjectMeta};

/// Maps a class name to the integer priority given to pods that name it.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(kind, group = "scheduling.k8s.io", internal)]
pub struct PriorityClass {
    /// Kind and API version.
    pub type_meta: TypeMeta,
    /// Standard object metadata.
    pub metadata: ObjectMeta,
    /// The priority; higher values are more important.
    pub value: i32,
    /// Whether pods without a class get this one; at most one class may set it.
    pub global_default: bool,
    /// Free text on when to use the class.
    pub description: String,
    /// `PreemptLowerPriority` (the default) or `Never`.
    pub preemption_policy: Option<PreemptionPolicy>,
}

/// A list of PriorityClass objects.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(kind, group = "scheduling.k8s.io", internal)]
pub struct PriorityClassList {
    /// Kind and API version.
    pub type_meta: TypeMeta,
    /// Standard list metadata.
    pub metadata: ListMeta,
    /// The PriorityClass objects.
    pub items: Option<Vec<PriorityClass>>,
}
