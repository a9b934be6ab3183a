//! Type definitions of `storage.k8s.io/v1alpha1`.

use std::collections::BTreeMap;

use kapi_machinery::TypeMeta;
use kapi_machinery::types::{Quantity, Time};

use crate::Kapi;
use crate::core::v1::PersistentVolumeSpec;
use crate::meta::v1::{LabelSelector, ListMeta, ObjectMeta};

/// Expresses that a volume should be attached to, or detached from, a node.
///
/// +genclient
/// +genclient:nonNamespaced
/// +k8s:prerelease-lifecycle-gen:introduced=1.9
/// +k8s:prerelease-lifecycle-gen:deprecated=1.21
/// +k8s:prerelease-lifecycle-gen:replacement=storage.k8s.io,v1,VolumeAttachment
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(kind, group = "storage.k8s.io", version = "v1alpha1")]
pub struct VolumeAttachment {
    /// Kind and API version.
    #[kapi(inline)]
    pub type_meta: TypeMeta,
    /// Standard object metadata.
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub metadata: ObjectMeta,
    /// What to attach and where.
    ///
    /// +k8s:beta(since: "1.37")=+k8s:immutable
    #[kapi(proto = 2)]
    #[kapi(required)]
    pub spec: VolumeAttachmentSpec,
    /// The outcome, written by the attacher.
    #[kapi(proto = 3, omitempty)]
    #[kapi(optional)]
    pub status: VolumeAttachmentStatus,
}

/// A list of VolumeAttachment objects.
///
/// +k8s:prerelease-lifecycle-gen:introduced=1.9
/// +k8s:prerelease-lifecycle-gen:deprecated=1.21
/// +k8s:prerelease-lifecycle-gen:replacement=storage.k8s.io,v1,VolumeAttachmentList
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(kind, group = "storage.k8s.io", version = "v1alpha1")]
pub struct VolumeAttachmentList {
    /// Kind and API version.
    #[kapi(inline)]
    pub type_meta: TypeMeta,
    /// Standard list metadata.
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub metadata: ListMeta,
    /// The VolumeAttachment objects.
    #[kapi(proto = 2)]
    pub items: Option<Vec<VolumeAttachment>>,
}

/// Which volume to attach, by which attacher, to which node.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct VolumeAttachmentSpec {
    /// Name of the attaching driver, as its CSI GetPluginName call reports it.
    ///
    /// +k8s:beta(since: "1.37")=+k8s:required
    /// +k8s:beta(since: "1.37")=+k8s:format="k8s-long-name-caseless"
    /// +k8s:beta(since: "1.37")=+k8s:maxLength=63
    #[kapi(proto = 1)]
    #[kapi(required)]
    pub attacher: String,
    /// The volume to attach.
    #[kapi(proto = 2)]
    pub source: VolumeAttachmentSource,
    /// The node to attach the volume to.
    #[kapi(proto = 3)]
    pub node_name: String,
}

/// The volume to attach; exactly one field is set.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct VolumeAttachmentSource {
    /// A PersistentVolume, by name.
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub persistent_volume_name: Option<String>,
    /// An inline pod volume, translated to a persistent volume spec for CSI migration.
    #[kapi(proto = 2, omitempty)]
    #[kapi(optional)]
    pub inline_volume_spec: Option<PersistentVolumeSpec>,
}

/// The outcome of attaching or detaching a volume.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct VolumeAttachmentStatus {
    /// Whether the volume is attached.
    #[kapi(proto = 1)]
    pub attached: bool,
    /// Information from a successful attach, passed to later mount calls.
    #[kapi(proto = 2, omitempty)]
    #[kapi(optional)]
    pub attachment_metadata: BTreeMap<String, String>,
    /// The last attach failure, if any.
    #[kapi(proto = 3, omitempty)]
    #[kapi(optional)]
    pub attach_error: Option<VolumeError>,
    /// The last detach failure, if any.
    #[kapi(proto = 4, omitempty)]
    #[kapi(optional)]
    pub detach_error: Option<VolumeError>,
}

/// An error from an attach or detach attempt.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct VolumeError {
    /// When the error happened.
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub time: Time,
    /// Error text; may end up in logs, so keep secrets out of it.
    #[kapi(proto = 2, omitempty)]
    #[kapi(optional)]
    pub message: String,
    /// Numeric gRPC code of the error, if known.
    #[kapi(proto = 3, omitempty)]
    #[kapi(optional)]
    pub error_code: Option<i32>,
}

/// Capacity a CSI driver reports for one storage class in one topology segment.
///
/// +genclient
/// +k8s:prerelease-lifecycle-gen:introduced=1.19
/// +k8s:prerelease-lifecycle-gen:deprecated=1.21
/// +k8s:prerelease-lifecycle-gen:replacement=storage.k8s.io,v1beta1,CSIStorageCapacity
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(kind, group = "storage.k8s.io", version = "v1alpha1")]
pub struct CSIStorageCapacity {
    /// Kind and API version.
    #[kapi(inline)]
    pub type_meta: TypeMeta,
    /// Standard object metadata.
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub metadata: ObjectMeta,
    /// Nodes that can reach the storage; unset means none, empty means all.
    #[kapi(proto = 2, omitempty)]
    #[kapi(optional)]
    pub node_topology: Option<LabelSelector>,
    /// The storage class the numbers apply to.
    #[kapi(proto = 3)]
    pub storage_class_name: String,
    /// Space available for new volumes; unset means unknown.
    #[kapi(proto = 4, omitempty)]
    #[kapi(optional)]
    pub capacity: Option<Quantity>,
    /// Largest volume that can be created with the class's parameters.
    #[kapi(proto = 5, omitempty)]
    #[kapi(optional)]
    pub maximum_volume_size: Option<Quantity>,
}

/// A list of CSIStorageCapacity objects.
///
/// +k8s:prerelease-lifecycle-gen:introduced=1.19
/// +k8s:prerelease-lifecycle-gen:deprecated=1.21
/// +k8s:prerelease-lifecycle-gen:replacement=storage.k8s.io,v1beta1,CSIStorageCapacityList
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(kind, group = "storage.k8s.io", version = "v1alpha1")]
pub struct CSIStorageCapacityList {
    /// Kind and API version.
    #[kapi(inline)]
    pub type_meta: TypeMeta,
    /// Standard list metadata.
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub metadata: ListMeta,
    /// The CSIStorageCapacity objects.
    #[kapi(proto = 2)]
    pub items: Option<Vec<CSIStorageCapacity>>,
}

/// A set of driver-specific volume attributes that claims can select and switch between.
///
/// +genclient
/// +genclient:nonNamespaced
/// +k8s:prerelease-lifecycle-gen:introduced=1.29
/// +k8s:prerelease-lifecycle-gen:deprecated=1.32
/// +k8s:prerelease-lifecycle-gen:replacement=storage.k8s.io,v1,VolumeAttributesClass
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(kind, group = "storage.k8s.io", version = "v1alpha1")]
pub struct VolumeAttributesClass {
    /// Kind and API version.
    #[kapi(inline)]
    pub type_meta: TypeMeta,
    /// Standard object metadata.
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub metadata: ObjectMeta,
    /// The CSI driver that applies the attributes; immutable.
    #[kapi(proto = 2)]
    pub driver_name: String,
    /// The attributes, passed to the driver unchanged; immutable.
    #[kapi(proto = 3, omitempty)]
    pub parameters: BTreeMap<String, String>,
}

/// A list of VolumeAttributesClass objects.
///
/// +k8s:prerelease-lifecycle-gen:introduced=1.29
/// +k8s:prerelease-lifecycle-gen:deprecated=1.32
/// +k8s:prerelease-lifecycle-gen:replacement=storage.k8s.io,v1,VolumeAttributesClassList
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(kind, group = "storage.k8s.io", version = "v1alpha1")]
pub struct VolumeAttributesClassList {
    /// Kind and API version.
    #[kapi(inline)]
    pub type_meta: TypeMeta,
    /// Standard list metadata.
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub metadata: ListMeta,
    /// The VolumeAttributesClass objects.
    #[kapi(proto = 2)]
    pub items: Option<Vec<VolumeAttributesClass>>,
}
