//! Type definitions of `scheduling.k8s.io/v1`.

use kapi_machinery::TypeMeta;

use crate::Kapi;
use crate::core::v1::PreemptionPolicy;
use crate::meta::v1::{ListMeta, ObjectMeta};

/// Maps a class name to the integer priority given to pods that name it.
///
/// +genclient
/// +shortNames=pc
/// +genclient:nonNamespaced
/// +k8s:prerelease-lifecycle-gen:introduced=1.14
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(kind, group = "scheduling.k8s.io", version = "v1")]
pub struct PriorityClass {
    /// Kind and API version.
    #[kapi(inline)]
    pub type_meta: TypeMeta,
    /// Standard object metadata.
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub metadata: ObjectMeta,
    /// The priority; higher values are more important.
    #[kapi(proto = 2)]
    #[kapi(optional)]
    pub value: i32,
    /// Whether pods without a class get this one; at most one class may set it.
    #[kapi(proto = 3, omitempty)]
    #[kapi(optional)]
    pub global_default: bool,
    /// Free text on when to use the class.
    #[kapi(proto = 4, omitempty)]
    #[kapi(optional)]
    pub description: String,
    /// `PreemptLowerPriority` (the default) or `Never`.
    #[kapi(proto = 5, omitempty)]
    #[kapi(optional)]
    pub preemption_policy: Option<PreemptionPolicy>,
}

/// A list of PriorityClass objects.
///
/// +k8s:prerelease-lifecycle-gen:introduced=1.14
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(kind, group = "scheduling.k8s.io", version = "v1")]
pub struct PriorityClassList {
    /// Kind and API version.
    #[kapi(inline)]
    pub type_meta: TypeMeta,
    /// Standard list metadata.
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub metadata: ListMeta,
    /// The PriorityClass objects.
    #[kapi(proto = 2)]
    pub items: Option<Vec<PriorityClass>>,
}
