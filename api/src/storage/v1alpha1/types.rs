//! Type definitions of `storage.k8s.io/v1alpha1`.

use std::collections::BTreeMap;

use kapi_machinery::TypeMeta;
use kapi_machinery::types::{Quantity, Time};

use crate::Kapi;
use crate::core::v1::PersistentVolumeSpec;
use crate::meta::v1::{LabelSelector, ListMeta, ObjectMeta};

/// +genclient
/// +genclient:nonNamespaced
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(kind, group = "storage.k8s.io", version = "v1alpha1")]
pub struct VolumeAttachment {
    #[kapi(inline)]
    pub type_meta: TypeMeta,
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub metadata: ObjectMeta,
    #[kapi(proto = 2)]
    #[kapi(required)]
    pub spec: VolumeAttachmentSpec,
    #[kapi(proto = 3, omitempty)]
    #[kapi(optional)]
    pub status: VolumeAttachmentStatus,
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(kind, group = "storage.k8s.io", version = "v1alpha1")]
pub struct VolumeAttachmentList {
    #[kapi(inline)]
    pub type_meta: TypeMeta,
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub metadata: ListMeta,
    #[kapi(proto = 2)]
    pub items: Option<Vec<VolumeAttachment>>,
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct VolumeAttachmentSpec {
    #[kapi(proto = 1)]
    #[kapi(required)]
    pub attacher: String,
    #[kapi(proto = 2)]
    pub source: VolumeAttachmentSource,
    #[kapi(proto = 3)]
    pub node_name: String,
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct VolumeAttachmentSource {
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub persistent_volume_name: Option<String>,
    #[kapi(proto = 2, omitempty)]
    #[kapi(optional)]
    pub inline_volume_spec: Option<PersistentVolumeSpec>,
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct VolumeAttachmentStatus {
    #[kapi(proto = 1)]
    pub attached: bool,
    #[kapi(proto = 2, omitempty)]
    #[kapi(optional)]
    pub attachment_metadata: BTreeMap<String, String>,
    #[kapi(proto = 3, omitempty)]
    #[kapi(optional)]
    pub attach_error: Option<VolumeError>,
    #[kapi(proto = 4, omitempty)]
    #[kapi(optional)]
    pub detach_error: Option<VolumeError>,
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct VolumeError {
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub time: Time,
    #[kapi(proto = 2, omitempty)]
    #[kapi(optional)]
    pub message: String,
    #[kapi(proto = 3, omitempty)]
    #[kapi(optional)]
    pub error_code: Option<i32>,
}

/// +genclient
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(kind, group = "storage.k8s.io", version = "v1alpha1")]
pub struct CSIStorageCapacity {
    #[kapi(inline)]
    pub type_meta: TypeMeta,
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub metadata: ObjectMeta,
    #[kapi(proto = 2, omitempty)]
    #[kapi(optional)]
    pub node_topology: Option<LabelSelector>,
    #[kapi(proto = 3)]
    pub storage_class_name: String,
    #[kapi(proto = 4, omitempty)]
    #[kapi(optional)]
    pub capacity: Option<Quantity>,
    #[kapi(proto = 5, omitempty)]
    #[kapi(optional)]
    pub maximum_volume_size: Option<Quantity>,
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(kind, group = "storage.k8s.io", version = "v1alpha1")]
pub struct CSIStorageCapacityList {
    #[kapi(inline)]
    pub type_meta: TypeMeta,
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub metadata: ListMeta,
    #[kapi(proto = 2)]
    pub items: Option<Vec<CSIStorageCapacity>>,
}

/// +genclient
/// +genclient:nonNamespaced
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(kind, group = "storage.k8s.io", version = "v1alpha1")]
pub struct VolumeAttributesClass {
    #[kapi(inline)]
    pub type_meta: TypeMeta,
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub metadata: ObjectMeta,
    #[kapi(proto = 2)]
    pub driver_name: String,
    #[kapi(proto = 3, omitempty)]
    pub parameters: BTreeMap<String, String>,
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(kind, group = "storage.k8s.io", version = "v1alpha1")]
pub struct VolumeAttributesClassList {
    #[kapi(inline)]
    pub type_meta: TypeMeta,
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub metadata: ListMeta,
    #[kapi(proto = 2)]
    pub items: Option<Vec<VolumeAttributesClass>>,
}
