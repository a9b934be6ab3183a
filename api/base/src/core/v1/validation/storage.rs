//! Validation of persistent volumes and claims, their updates and their claims' status updates, with upstream's field paths and messages.
//!
//! The fixtures' release has `VolumeAttributesClass` and `RecoverVolumeExpansionFailure` on (both
//! GA), so `volumeAttributesClassName` is checked and a claim may shrink its request down to just
//! above its recorded capacity. Every volume source is checked inside as upstream checks a
//! persistent volume's (the sources a pod's volumes share with the pod's checks in `volumes`).

use std::collections::{BTreeMap, BTreeSet};

use kapi_machinery::types::Quantity;
use kapi_machinery::validation::content::{inclusive_range_error, is_dns1123_label, is_dns1123_subdomain};
use kapi_machinery::validation::{BadValue, ErrorList, FieldError, Path};

use super::affinity::node_selector;
use super::resources::{basic_resource, is_native_resource, positive_quantity, quantity_value};
use super::volumes::{self, no_backsteps};
use super::{dns1123_label, dns1123_subdomain, immutable};
use crate::core::v1::{
    CSIPersistentVolumeSource, ISCSIPersistentVolumeSource, NodeSelectorRequirement, PersistentVolume,
    PersistentVolumeAccessMode, PersistentVolumeClaim, PersistentVolumeClaimSpec, PersistentVolumeSource,
    PersistentVolumeSpec, ResourceName, SecretReference, TypedLocalObjectReference, TypedObjectReference,
    VolumeNodeAffinity,
};
use crate::meta::v1::validation::validate_label_selector;

/// Upstream's `supportedAccessModes`, sorted as `sets.List` sorts them.
const ACCESS_MODES: &[&str] = &["ReadOnlyMany", "ReadWriteMany", "ReadWriteOnce", "ReadWriteOncePod"];
const RECLAIM_POLICIES: &[&str] = &["Delete", "Recycle", "Retain"];
const VOLUME_MODES: &[&str] = &["Block", "Filesystem"];
const RESIZE_STATUSES: &[&str] = &[
    "ControllerResizeInProgress",
    "ControllerResizeInfeasible",
    "NodeResizeInProgress",
    "NodeResizeInfeasible",
    "NodeResizePending",
];
const BETA_STORAGE_CLASS: &str = "volume.beta.kubernetes.io/storage-class";
const MORE_THAN_ONE: &str = "may not specify more than 1 volume type";

/// The access mode rules shared by volumes and claims: each supported, and `ReadWriteOncePod`
/// alone.
fn access_modes(modes: &[PersistentVolumeAccessMode], path: &Path) -> ErrorList {
    let mut errs = ErrorList::new();
    let (mut rwop, mut other) = (false, false);
    for m in modes {
        let m = m.0.as_str();
        if !ACCESS_MODES.contains(&m) {
            errs.push(FieldError::not_supported_value(path, BadValue::named(m), ACCESS_MODES));
        }
        if m == "ReadWriteOncePod" {
            rwop = true;
        } else if ACCESS_MODES.contains(&m) {
            other = true;
        }
    }
    if rwop && other {
        errs.push(FieldError::forbidden(path, "may not use ReadWriteOncePod with other access modes"));
    }
    errs
}

fn class_name(name: &str, path: &Path) -> ErrorList {
    is_dns1123_subdomain(name).into_iter().map(|m| FieldError::invalid(path, name, &m)).collect()
}

// ---------------------------------------------------------------------------------------------
// PersistentVolume.

/// The set sources in upstream's order, with the path each is reported at when there are
/// several and the path its own checks use.
fn sources(s: &PersistentVolumeSource) -> Vec<(&'static str, &'static str)> {
    let all = [
        ("hostPath", "hostPath", s.host_path.is_some()),
        ("gcePersistentDisk", "persistentDisk", s.gce_persistent_disk.is_some()),
        ("awsElasticBlockStore", "awsElasticBlockStore", s.aws_elastic_block_store.is_some()),
        ("glusterfs", "glusterfs", s.glusterfs.is_some()),
        ("flocker", "flocker", s.flocker.is_some()),
        ("nfs", "nfs", s.nfs.is_some()),
        ("rbd", "rbd", s.rbd.is_some()),
        ("quobyte", "quobyte", s.quobyte.is_some()),
        ("cephFS", "cephfs", s.cephfs.is_some()),
        ("iscsi", "iscsi", s.iscsi.is_some()),
        ("cinder", "cinder", s.cinder.is_some()),
        ("fc", "fc", s.fc.is_some()),
        ("flexVolume", "flexVolume", s.flex_volume.is_some()),
        ("azureFile", "azureFile", s.azure_file.is_some()),
        ("vsphereVolume", "vsphereVolume", s.vsphere_volume.is_some()),
        ("photonPersistentDisk", "photonPersistentDisk", s.photon_persistent_disk.is_some()),
        ("portworxVolume", "portworxVolume", s.portworx_volume.is_some()),
        ("azureDisk", "azureDisk", s.azure_disk.is_some()),
        ("scaleIO", "scaleIO", s.scale_io.is_some()),
        ("local", "local", s.local.is_some()),
        ("storageos", "storageos", s.storageos.is_some()),
        ("csi", "csi", s.csi.is_some()),
    ];
    all.into_iter().filter(|(_, _, set)| *set).map(|(a, b, _)| (a, b)).collect()
}

/// Upstream's `HasInvalidLabelValueInNodeSelectorTerms` on a volume's required node affinity: an
/// update may keep label values that a later release stopped accepting.
fn has_invalid_label_value(affinity: Option<&VolumeNodeAffinity>) -> bool {
    let terms = affinity.and_then(|a| a.required.as_ref()).and_then(|r| r.node_selector_terms.as_deref());
    terms.is_some_and(super::affinity::has_invalid_label_value_in_terms)
}

fn csi_driver_name(name: &str, path: &Path) -> ErrorList {
    let mut errs = ErrorList::new();
    if name.is_empty() {
        errs.push(FieldError::required(path, ""));
    }
    if name.len() > 63 {
        errs.push(FieldError::too_long(path, 63));
    }
    errs.extend(is_dns1123_subdomain(&name.to_lowercase()).into_iter().map(|m| FieldError::invalid(path, name, &m)));
    errs
}

fn pv_secret_ref(r: &SecretReference, path: &Path) -> ErrorList {
    let mut errs = ErrorList::new();
    if r.name.is_empty() {
        errs.push(FieldError::required(path.child("name"), ""));
    } else {
        errs.extend(dns1123_subdomain(&r.name, &path.child("name")));
    }
    if r.namespace.is_empty() {
        errs.push(FieldError::required(path.child("namespace"), ""));
    } else {
        errs.extend(dns1123_label(&r.namespace, &path.child("namespace")));
    }
    errs
}

fn csi_source(csi: &CSIPersistentVolumeSource, path: &Path) -> ErrorList {
    let mut errs = csi_driver_name(&csi.driver, &path.child("driver"));
    if csi.volume_handle.is_empty() {
        errs.push(FieldError::required(path.child("volumeHandle"), ""));
    }
    for (name, r) in [
        ("controllerPublishSecretRef", &csi.controller_publish_secret_ref),
        ("controllerExpandSecretRef", &csi.controller_expand_secret_ref),
        ("nodePublishSecretRef", &csi.node_publish_secret_ref),
        ("nodeExpandSecretRef", &csi.node_expand_secret_ref),
    ] {
        if let Some(r) = r {
            errs.extend(pv_secret_ref(r, &path.child(name)));
        }
    }
    errs
}

/// The checks of the source a volume keeps (the first one set), as upstream's
/// `ValidatePersistentVolumeSpec` calls them; `pv_name` is the volume's name (an iSCSI initiator
/// name limits it with the target portal).
fn source_checks(s: &PersistentVolumeSource, name: &str, pv_name: &str, path: &Path) -> ErrorList {
    let mut errs = ErrorList::new();
    match name {
        "hostPath" => {
            if let Some(h) = &s.host_path {
                errs.extend(volumes::host_path(h, path));
            }
        }
        "gcePersistentDisk" => {
            if let Some(d) = &s.gce_persistent_disk {
                errs.extend(volumes::disk(d.pd_name.is_empty(), "pdName", d.partition, path));
            }
        }
        "awsElasticBlockStore" => {
            if let Some(d) = &s.aws_elastic_block_store {
                errs.extend(volumes::disk(d.volume_id.is_empty(), "volumeID", d.partition, path));
            }
        }
        "glusterfs" => {
            if let Some(g) = &s.glusterfs {
                volumes::required(&mut errs, g.endpoints.is_empty(), path.child("endpoints"));
                volumes::required(&mut errs, g.path.is_empty(), path.child("path"));
                if let Some(ns) = &g.endpoints_namespace {
                    let p = path.child("endpointsNamespace");
                    if ns.is_empty() {
                        errs.push(FieldError::invalid(
                            &p,
                            ns,
                            "if the endpointnamespace is set, it must be a valid namespace name",
                        ));
                    } else {
                        errs.extend(dns1123_label(ns, &p));
                    }
                }
            }
        }
        "flocker" => {
            if let Some(f) = &s.flocker {
                errs.extend(volumes::flocker(f, path));
            }
        }
        "nfs" => {
            if let Some(n) = &s.nfs {
                errs.extend(volumes::nfs(n, path));
            }
        }
        "rbd" => {
            if let Some(r) = &s.rbd {
                volumes::required(&mut errs, r.monitors.as_ref().is_none_or(Vec::is_empty), path.child("monitors"));
                volumes::required(&mut errs, r.image.is_empty(), path.child("image"));
            }
        }
        "quobyte" => {
            if let Some(q) = &s.quobyte {
                errs.extend(volumes::quobyte(q, path));
            }
        }
        "cephFS" => {
            if let Some(c) = &s.cephfs {
                volumes::required(&mut errs, c.monitors.as_ref().is_none_or(Vec::is_empty), path.child("monitors"));
            }
        }
        "iscsi" => {
            if let Some(i) = &s.iscsi {
                errs.extend(iscsi(i, pv_name, path));
            }
        }
        "cinder" => {
            if let Some(c) = &s.cinder {
                volumes::required(&mut errs, c.volume_id.is_empty(), path.child("volumeID"));
                if let Some(r) = &c.secret_ref {
                    volumes::required(&mut errs, r.name.is_empty(), path.child("secretRef").child("name"));
                    volumes::required(&mut errs, r.namespace.is_empty(), path.child("secretRef").child("namespace"));
                }
            }
        }
        "fc" => {
            if let Some(f) = &s.fc {
                errs.extend(volumes::fc(f, path));
            }
        }
        "flexVolume" => {
            if let Some(f) = &s.flex_volume {
                errs.extend(volumes::flex_driver_and_options(&f.driver, f.options.keys(), path));
            }
        }
        "azureFile" => {
            if let Some(a) = &s.azure_file {
                volumes::required(&mut errs, a.secret_name.is_empty(), path.child("secretName"));
                volumes::required(&mut errs, a.share_name.is_empty(), path.child("shareName"));
                if let Some(ns) = &a.secret_namespace {
                    volumes::required(&mut errs, ns.is_empty(), path.child("secretNamespace"));
                }
            }
        }
        "vsphereVolume" => {
            if let Some(v) = &s.vsphere_volume {
                volumes::required(&mut errs, v.volume_path.is_empty(), path.child("volumePath"));
            }
        }
        "photonPersistentDisk" => {
            if let Some(d) = &s.photon_persistent_disk {
                volumes::required(&mut errs, d.pd_id.is_empty(), path.child("pdID"));
            }
        }
        "portworxVolume" => {
            if let Some(v) = &s.portworx_volume {
                volumes::required(&mut errs, v.volume_id.is_empty(), path.child("volumeID"));
            }
        }
        "azureDisk" => {
            if let Some(a) = &s.azure_disk {
                errs.extend(volumes::azure_disk(a, path));
            }
        }
        "scaleIO" => {
            if let Some(v) = &s.scale_io {
                volumes::required(&mut errs, v.gateway.is_empty(), path.child("gateway"));
                volumes::required(&mut errs, v.system.is_empty(), path.child("system"));
                volumes::required(&mut errs, v.volume_name.is_empty(), path.child("volumeName"));
            }
        }
        "local" => {
            if let Some(l) = &s.local {
                if l.path.is_empty() {
                    errs.push(FieldError::required(path.child("path"), ""));
                } else {
                    errs.extend(no_backsteps(&l.path, &path.child("path")));
                }
            }
        }
        "storageos" => {
            if let Some(v) = &s.storageos {
                if v.volume_name.is_empty() {
                    errs.push(FieldError::required(path.child("volumeName"), ""));
                } else {
                    errs.extend(dns1123_label(&v.volume_name, &path.child("volumeName")));
                }
                if !v.volume_namespace.is_empty() {
                    errs.extend(dns1123_label(&v.volume_namespace, &path.child("volumeNamespace")));
                }
                if let Some(r) = &v.secret_ref {
                    volumes::required(&mut errs, r.name.is_empty(), path.child("secretRef").child("name"));
                    volumes::required(&mut errs, r.namespace.is_empty(), path.child("secretRef").child("namespace"));
                }
            }
        }
        "csi" => {
            if let Some(c) = &s.csi {
                errs.extend(csi_source(c, path));
            }
        }
        _ => {}
    }
    errs
}

/// Upstream's `validateISCSIPersistentVolumeSource`: unlike a pod's iSCSI volume, the portal
/// with the volume's name is limited when an initiator is named, a CHAP secret needs a name, and
/// a name of the wrong shape is only `must be valid format`.
fn iscsi(i: &ISCSIPersistentVolumeSource, pv_name: &str, path: &Path) -> ErrorList {
    const FORMAT: &str = "must be valid format";
    let mut errs = ErrorList::new();
    volumes::required(&mut errs, i.target_portal.is_empty(), path.child("targetPortal"));
    if i.initiator_name.is_some() && pv_name.len() + 1 + i.target_portal.len() > 64 {
        errs.push(FieldError::invalid(
            path.child("targetportal"),
            &i.target_portal,
            "Total length of <volume name>:<iscsi.targetPortal> must be under 64 characters if iscsi.initiatorName is specified.",
        ));
    }
    if i.iqn.is_empty() {
        errs.push(FieldError::required(path.child("iqn"), ""));
    } else if !volumes::iscsi_name_ok(&i.iqn) || !["iqn", "eui", "naa"].iter().any(|p| i.iqn.starts_with(p)) {
        errs.push(FieldError::invalid(path.child("iqn"), &i.iqn, FORMAT));
    }
    if !(0..=255).contains(&i.lun) {
        errs.push(FieldError::invalid_value(path.child("lun"), i.lun, &inclusive_range_error(0, 255)));
    }
    if (i.chap_auth_discovery || i.chap_auth_session) && i.secret_ref.is_none() {
        errs.push(FieldError::required(path.child("secretRef"), ""));
    }
    if let Some(r) = &i.secret_ref {
        volumes::required(&mut errs, r.name.is_empty(), path.child("secretRef").child("name"));
    }
    if let Some(initiator) = &i.initiator_name
        && (!volumes::iscsi_name_ok(initiator) || !["iqn", "eui", "naa"].iter().any(|p| initiator.starts_with(p)))
    {
        errs.push(FieldError::invalid(path.child("initiatorname"), initiator, FORMAT));
    }
    errs
}

/// Validates a `PersistentVolume` on create or update: access modes, a positive `storage`
/// capacity and nothing else, the reclaim policy, required node affinity, exactly one source
/// (with the checks named in the module docs; `local` needs node affinity), no `Recycle` of a
/// host path `/`, the class names and volume mode; on update the source (a CSI
/// `controllerExpandSecretRef` may be added), volume mode and, once set, node affinity and a
/// volume attributes class that stays set.
#[doc(hidden)]
pub fn persistent_volume(obj: &PersistentVolume, old: Option<&PersistentVolume>) -> ErrorList {
    // Upstream's `ValidationOptionsForPersistentVolume`: invalid node affinity label values stay
    // allowed on update when the old volume already had one.
    let allow_invalid = old.is_some_and(|o| has_invalid_label_value(o.spec.node_affinity.as_ref()));
    let mut errs = persistent_volume_spec(&obj.spec, &obj.metadata.name, false, allow_invalid, &Path::new("spec"));
    if let Some(old) = old {
        errs.extend(persistent_volume_update(obj, old));
    }
    errs
}

/// Upstream's `ValidatePersistentVolumeSpec` for a volume spec written inside another object (a
/// volume attachment's `inlineVolumeSpec`): the volume's checks, but a CSI source required, no
/// claim reference, capacity, node affinity or storage class, only the `Retain` reclaim policy
/// and the `Filesystem` volume mode.
pub fn validate_inline_persistent_volume_spec(spec: &PersistentVolumeSpec, path: &Path) -> ErrorList {
    persistent_volume_spec(spec, "", true, false, path)
}

fn persistent_volume_spec(
    spec: &PersistentVolumeSpec,
    pv_name: &str,
    inline: bool,
    allow_invalid: bool,
    path: &Path,
) -> ErrorList {
    const INLINE: &str = "may not be specified in the context of inline volumes";
    let mut errs = ErrorList::new();
    if inline {
        if spec.claim_ref.is_some() {
            errs.push(FieldError::forbidden(path.child("claimRef"), INLINE));
        }
        if !spec.capacity.is_empty() {
            errs.push(FieldError::forbidden(path.child("capacity"), INLINE));
        }
        if spec.persistent_volume_source.csi.is_none() {
            errs.push(FieldError::required(path.child("csi"), "has to be specified in the context of inline volumes"));
        }
    }
    if spec.access_modes.is_empty() {
        errs.push(FieldError::required(path.child("accessModes"), ""));
    }
    errs.extend(access_modes(&spec.access_modes, &path.child("accessModes")));
    if !inline {
        let cap_path = path.child("capacity");
        if spec.capacity.is_empty() {
            errs.push(FieldError::required(&cap_path, ""));
        }
        if !spec.capacity.keys().any(|k| k.0 == "storage") || spec.capacity.len() > 1 {
            errs.push(FieldError::not_supported_value(&cap_path, resource_list_value(&spec.capacity), &["storage"]));
        }
        for (k, q) in &spec.capacity {
            errs.extend(basic_resource(q, &cap_path.key(&k.0)));
            errs.extend(positive_quantity(q, &cap_path.key(&k.0)));
        }
    }
    let policy = spec.persistent_volume_reclaim_policy.0.as_str();
    if inline && !policy.is_empty() && policy != "Retain" {
        errs.push(FieldError::forbidden(
            path.child("persistentVolumeReclaimPolicy"),
            "may only be Retain in the context of inline volumes",
        ));
    } else if !policy.is_empty() && !RECLAIM_POLICIES.contains(&policy) {
        errs.push(FieldError::not_supported_value(
            path.child("persistentVolumeReclaimPolicy"),
            BadValue::named(policy),
            RECLAIM_POLICIES,
        ));
    }
    let mut affinity = false;
    if let Some(na) = &spec.node_affinity {
        let p = path.child("nodeAffinity");
        if inline {
            errs.push(FieldError::forbidden(&p, INLINE));
        } else {
            affinity = true;
            match &na.required {
                Some(req) => errs.extend(node_selector(req, allow_invalid, &p.child("required"))),
                None => errs.push(FieldError::required(p.child("required"), "must specify required node constraints")),
            }
        }
    }
    let set = sources(&spec.persistent_volume_source);
    let mut counted = 0;
    for (forbidden_at, checked_at) in &set {
        // Upstream counts a flex volume without checking for an earlier source.
        if counted > 0 && *forbidden_at != "flexVolume" {
            errs.push(FieldError::forbidden(path.child(forbidden_at), MORE_THAN_ONE));
            continue;
        }
        counted += 1;
        errs.extend(source_checks(&spec.persistent_volume_source, forbidden_at, pv_name, &path.child(checked_at)));
        if *forbidden_at == "local" && !affinity {
            errs.push(FieldError::required(path.child("nodeAffinity"), "Local volume requires node affinity"));
        }
    }
    if counted == 0 {
        errs.push(FieldError::required(path, "must specify a volume type"));
    }
    if let Some(h) = &spec.persistent_volume_source.host_path
        && clean_path(&h.path) == "/"
        && policy == "Recycle"
    {
        errs.push(FieldError::forbidden(
            path.child("persistentVolumeReclaimPolicy"),
            "may not be 'recycle' for a hostPath mount of '/'",
        ));
    }
    if !spec.storage_class_name.is_empty() {
        if inline {
            errs.push(FieldError::forbidden(path.child("storageClassName"), INLINE));
        } else {
            errs.extend(class_name(&spec.storage_class_name, &path.child("storageClassName")));
        }
    }
    if let Some(mode) = &spec.volume_mode {
        if inline && mode.0 != "Filesystem" {
            errs.push(FieldError::forbidden(
                path.child("volumeMode"),
                "may not specify volumeMode other than Filesystem in the context of inline volumes",
            ));
        } else if !inline && !VOLUME_MODES.contains(&mode.0.as_str()) {
            errs.push(FieldError::not_supported_value(
                path.child("volumeMode"),
                BadValue::named(&mode.0),
                VOLUME_MODES,
            ));
        }
    }
    if let Some(vac) = &spec.volume_attributes_class_name {
        if vac.is_empty() {
            errs.push(FieldError::required(path.child("volumeAttributesClassName"), "an empty string is disallowed"));
        } else {
            errs.extend(class_name(vac, &path.child("volumeAttributesClassName")));
        }
        if spec.persistent_volume_source.csi.is_none() {
            errs.push(FieldError::required(
                path.child("csi"),
                "has to be specified when using volumeAttributesClassName",
            ));
        }
    }
    errs
}

fn persistent_volume_update(new: &PersistentVolume, old: &PersistentVolume) -> ErrorList {
    let mut errs = ErrorList::new();
    let mut source = new.spec.persistent_volume_source.clone();
    // A CSI volume may gain a `controllerExpandSecretRef` it did not have.
    if let (Some(o), Some(n)) = (&old.spec.persistent_volume_source.csi, &mut source.csi)
        && o.controller_expand_secret_ref.is_none()
    {
        n.controller_expand_secret_ref = None;
    }
    if source != old.spec.persistent_volume_source {
        let diff = changed_fields(&old.spec.persistent_volume_source, &source, "spec");
        errs.push(FieldError::forbidden(
            Path::new("spec").child("persistentvolumesource"),
            &format!("spec.persistentvolumesource is immutable after creation\n{diff}"),
        ));
    }
    // Upstream's path here is `volumeMode`, without `spec`.
    errs.extend(immutable(
        &new.spec.volume_mode,
        &old.spec.volume_mode,
        || new.spec.volume_mode.as_ref().map_or(BadValue::Json("null".into()), |m| BadValue::named(&m.0)),
        &Path::new("volumeMode"),
    ));
    // Upstream's path is `nodeAffinity`, without `spec`.
    if old.spec.node_affinity.is_some()
        && !node_affinity_same(new.spec.node_affinity.as_ref(), old.spec.node_affinity.as_ref())
    {
        errs.push(FieldError::invalid_value(
            Path::new("nodeAffinity"),
            node_affinity_value(new.spec.node_affinity.as_ref()),
            "field is immutable, except for updating from beta label to GA",
        ));
    }
    if old.spec.volume_attributes_class_name.is_some() && new.spec.volume_attributes_class_name.is_none() {
        errs.push(FieldError::forbidden(
            Path::new("spec").child("volumeAttributesClassName"),
            "update from non-nil value to nil is forbidden",
        ));
    }
    errs
}

/// Node labels whose beta key a volume's node affinity may move to the GA one
/// (upstream's `betaToGALabel`).
const BETA_TO_GA_LABELS: &[(&str, &str)] = &[
    ("failure-domain.beta.kubernetes.io/zone", "topology.kubernetes.io/zone"),
    ("failure-domain.beta.kubernetes.io/region", "topology.kubernetes.io/region"),
    ("beta.kubernetes.io/os", "kubernetes.io/os"),
    ("beta.kubernetes.io/arch", "kubernetes.io/arch"),
    ("beta.kubernetes.io/instance-type", "node.kubernetes.io/instance-type"),
];

/// Whether two node affinities are equal once requirements that moved a beta label key to its
/// GA key are counted as unchanged.
fn node_affinity_same(new: Option<&VolumeNodeAffinity>, old: Option<&VolumeNodeAffinity>) -> bool {
    let (Some(new), Some(old)) = (new, old) else { return new == old };
    let (Some(new), Some(old)) = (&new.required, &old.required) else { return new.required == old.required };
    let (new, old) = (new.node_selector_terms.as_deref(), old.node_selector_terms.as_deref());
    let (Some(new), Some(old)) = (new, old) else {
        return new.unwrap_or_default().is_empty() && old.unwrap_or_default().is_empty();
    };
    let same_req = |n: &NodeSelectorRequirement, o: &NodeSelectorRequirement| {
        let key_ok = n.key == o.key || BETA_TO_GA_LABELS.iter().any(|(beta, ga)| o.key == *beta && n.key == *ga);
        key_ok && n.operator == o.operator && n.values == o.values
    };
    let same_list = |n: &[NodeSelectorRequirement], o: &[NodeSelectorRequirement]| {
        n.len() == o.len() && n.iter().zip(o).all(|(a, b)| same_req(a, b))
    };
    new.len() == old.len()
        && new.iter().zip(old).all(|(n, o)| {
            same_list(&n.match_expressions, &o.match_expressions) && same_list(&n.match_fields, &o.match_fields)
        })
}

/// A node affinity as upstream prints it: its internal type, which has no JSON tags.
fn node_affinity_value(a: Option<&VolumeNodeAffinity>) -> BadValue {
    fn list(items: &[String]) -> String {
        match BadValue::string_list(items) {
            BadValue::Json(j) => j,
            _ => unreachable!("lists are JSON"),
        }
    }
    fn s(v: &str) -> String {
        match BadValue::named(v) {
            BadValue::Json(j) => j,
            _ => unreachable!("named values are JSON"),
        }
    }
    fn reqs(rs: &[NodeSelectorRequirement]) -> String {
        if rs.is_empty() {
            return "null".into();
        }
        let items: Vec<String> = rs
            .iter()
            .map(|r| format!(r#"{{"Key":{},"Operator":{},"Values":{}}}"#, s(&r.key), s(&r.operator.0), list(&r.values)))
            .collect();
        format!("[{}]", items.join(","))
    }
    let Some(a) = a else { return BadValue::Json("null".into()) };
    let required = match &a.required {
        None => "null".to_owned(),
        Some(sel) => {
            let terms = match sel.node_selector_terms.as_deref() {
                None => "null".to_owned(),
                Some(ts) => {
                    let items: Vec<String> = ts
                        .iter()
                        .map(|t| {
                            format!(
                                r#"{{"MatchExpressions":{},"MatchFields":{}}}"#,
                                reqs(&t.match_expressions),
                                reqs(&t.match_fields)
                            )
                        })
                        .collect();
                    format!("[{}]", items.join(","))
                }
            };
            format!(r#"{{"NodeSelectorTerms":{terms}}}"#)
        }
    };
    BadValue::Json(format!(r#"{{"Required":{required}}}"#))
}

/// The top-level fields of two values that differ, one line each (upstream prints a Go
/// `cmp.Diff` of its internal type, which this does not reproduce).
fn changed_fields<T: kapi_machinery::json::JsonEncode>(old: &T, new: &T, prefix: &str) -> String {
    use kapi_machinery::json::Value;
    let parse = |v: &T| kapi_machinery::json::to_vec(v).ok().and_then(|b| kapi_machinery::json::value::parse(&b).ok());
    let (Some(Value::Object(a)), Some(Value::Object(b))) = (parse(old), parse(new)) else { return String::new() };
    let a: BTreeMap<&str, &Value> = a.iter().map(|(k, v)| (k.as_str(), v)).collect();
    let b: BTreeMap<&str, &Value> = b.iter().map(|(k, v)| (k.as_str(), v)).collect();
    let keys: BTreeSet<&str> = a.keys().chain(b.keys()).copied().collect();
    keys.into_iter().filter(|k| a.get(k) != b.get(k)).map(|k| format!("  {prefix}.{k}: changed\n")).collect()
}

/// Go's `path.Clean`, enough to tell whether a path is the root.
fn clean_path(p: &str) -> String {
    let rooted = p.starts_with('/');
    let mut parts: Vec<&str> = Vec::new();
    for seg in p.split('/') {
        match seg {
            "" | "." => {}
            ".." => {
                if parts.last().is_some_and(|l| *l != "..") {
                    parts.pop();
                } else if !rooted {
                    parts.push("..");
                }
            }
            s => parts.push(s),
        }
    }
    let joined = parts.join("/");
    match (rooted, joined.is_empty()) {
        (true, _) => format!("/{joined}"),
        (false, true) => ".".into(),
        (false, false) => joined,
    }
}

/// A resource list as upstream prints a `ResourceList` bad value: JSON, quantities as strings.
fn resource_list_value(list: &BTreeMap<ResourceName, Quantity>) -> BadValue {
    if list.is_empty() {
        return BadValue::Json("null".into());
    }
    let items: Vec<String> = list
        .iter()
        .map(|(k, q)| {
            let BadValue::Json(k) = BadValue::named(&k.0) else { unreachable!("named values are JSON") };
            format!("{k}:\"{q}\"")
        })
        .collect();
    BadValue::Json(format!("{{{}}}", items.join(",")))
}

// ---------------------------------------------------------------------------------------------
// PersistentVolumeClaim.

fn data_source_common(name: &str, kind: &str, api_group: Option<&str>, path: &Path, errs: &mut ErrorList) {
    if name.is_empty() {
        errs.push(FieldError::required(path.child("name"), ""));
    }
    if kind.is_empty() {
        errs.push(FieldError::required(path.child("kind"), ""));
    }
    let group = api_group.unwrap_or_default();
    if group.is_empty() && kind != "PersistentVolumeClaim" {
        errs.push(FieldError::invalid(
            path,
            kind,
            "must be 'PersistentVolumeClaim' when referencing the default apiGroup",
        ));
    }
    if !group.is_empty() {
        errs.extend(
            is_dns1123_subdomain(group).into_iter().map(|m| FieldError::invalid(path.child("apiGroup"), group, &m)),
        );
    }
}

fn data_source(ds: &TypedLocalObjectReference, path: &Path) -> ErrorList {
    let mut errs = ErrorList::new();
    data_source_common(&ds.name, &ds.kind, ds.api_group.as_deref(), path, &mut errs);
    errs
}

fn data_source_ref(ds: &TypedObjectReference, path: &Path) -> ErrorList {
    let mut errs = ErrorList::new();
    data_source_common(&ds.name, &ds.kind, ds.api_group.as_deref(), path, &mut errs);
    if let Some(ns) = ds.namespace.as_deref().filter(|ns| !ns.is_empty()) {
        errs.extend(is_dns1123_label(ns).into_iter().map(|m| FieldError::invalid(path.child("namespace"), ns, &m)));
    }
    errs
}

/// Upstream's `ValidatePersistentVolumeClaimSpec`.
pub(super) fn claim_spec(spec: &PersistentVolumeClaimSpec, path: &Path) -> ErrorList {
    let mut errs = ErrorList::new();
    if spec.access_modes.is_empty() {
        errs.push(FieldError::required(path.child("accessModes"), "at least 1 access mode is required"));
    }
    if let Some(sel) = &spec.selector {
        errs.extend(validate_label_selector(sel, &path.child("selector")));
    }
    errs.extend(access_modes(&spec.access_modes, &path.child("accessModes")));
    // Upstream's path is `resources[storage]`, skipping `requests`.
    let storage_path = path.child("resources").key("storage");
    match spec.resources.requests.iter().find(|(k, _)| k.0 == "storage") {
        None => errs.push(FieldError::required(&storage_path, "")),
        Some((_, q)) => {
            let positive = positive_quantity(q, &storage_path);
            if positive.is_empty() {
                errs.extend(quantity_value("storage", q, &storage_path));
            } else {
                errs.extend(positive);
            }
        }
    }
    if let Some(sc) = spec.storage_class_name.as_deref().filter(|s| !s.is_empty()) {
        errs.extend(class_name(sc, &path.child("storageClassName")));
    }
    if let Some(mode) = &spec.volume_mode
        && !VOLUME_MODES.contains(&mode.0.as_str())
    {
        errs.push(FieldError::not_supported_value(path.child("volumeMode"), BadValue::named(&mode.0), VOLUME_MODES));
    }
    if let Some(ds) = &spec.data_source {
        errs.extend(data_source(ds, &path.child("dataSource")));
    }
    if let Some(r) = &spec.data_source_ref {
        errs.extend(data_source_ref(r, &path.child("dataSourceRef")));
    }
    // Upstream reports these with the path `<spec>.dataSource` as the bad value.
    let data_source_path = BadValue::Str(format!("{}.dataSource", path.as_str()));
    let cross_namespace =
        spec.data_source_ref.as_ref().is_some_and(|r| r.namespace.as_deref().is_some_and(|n| !n.is_empty()));
    if cross_namespace {
        if spec.data_source.is_some() {
            errs.push(FieldError::invalid_value(
                path,
                data_source_path,
                "may not be specified when dataSourceRef.namespace is specified",
            ));
        }
    } else if let (Some(ds), Some(r)) = (&spec.data_source, &spec.data_source_ref)
        && (ds.api_group != r.api_group || ds.kind != r.kind || ds.name != r.name)
    {
        errs.push(FieldError::invalid_value(path, data_source_path, "must match dataSourceRef"));
    }
    if let Some(vac) = spec.volume_attributes_class_name.as_deref().filter(|s| !s.is_empty()) {
        errs.extend(class_name(vac, &path.child("volumeAttributesClassName")));
    }
    errs
}

/// Validates a `PersistentVolumeClaim` on create or update: access modes, the selector, a
/// positive `storage` request, class names, the volume mode and data sources; on update the
/// spec unchanged except a first `volumeName`, a storage class set from nil (or from the beta
/// annotation) and, for a bound claim, the storage request and volume attributes class; the
/// request not below the recorded capacity, the volume mode unchanged, and a volume attributes
/// class that stays set and non-empty.
#[doc(hidden)]
pub fn persistent_volume_claim(obj: &PersistentVolumeClaim, old: Option<&PersistentVolumeClaim>) -> ErrorList {
    let mut errs = claim_spec(&obj.spec, &Path::new("spec"));
    if let Some(old) = old {
        errs.extend(claim_update(obj, old));
    }
    errs
}

fn claim_update(new: &PersistentVolumeClaim, old: &PersistentVolumeClaim) -> ErrorList {
    let mut errs = ErrorList::new();
    let mut new_spec = new.spec.clone();
    let mut old_spec = old.spec.clone();
    if old.spec.volume_name.is_empty() {
        old_spec.volume_name = new_spec.volume_name.clone();
    }
    let old_ann = old.metadata.annotations.get(BETA_STORAGE_CLASS);
    let new_ann = new.metadata.annotations.get(BETA_STORAGE_CLASS);
    let from_annotation = old_ann.is_some()
        && old.spec.storage_class_name.is_none()
        && new.spec.storage_class_name.as_ref().is_some_and(|n| Some(n) == old_ann)
        && (new_ann.is_none() || new_ann == old_ann);
    if from_annotation {
        new_spec.storage_class_name = None;
    } else {
        let (n, o) = (new_ann.map_or("", String::as_str), old_ann.map_or("", String::as_str));
        if n != o {
            errs.push(FieldError::invalid(
                Path::new("metadata").child("annotations").child(BETA_STORAGE_CLASS),
                n,
                "field is immutable",
            ));
        }
        let from_nil = new.spec.storage_class_name.is_some()
            && old.spec.storage_class_name.is_none()
            && old_ann.is_none_or(|a| new.spec.storage_class_name.as_ref() == Some(a));
        if from_nil {
            new_spec.storage_class_name = old_spec.storage_class_name.clone();
        }
    }
    let bound = new.status.phase.0 == "Bound";
    let storage = ResourceName("storage".into());
    if bound && !new_spec.resources.requests.is_empty() {
        let old_storage = old.spec.resources.requests.get(&storage).cloned().unwrap_or_else(Quantity::zero);
        new_spec.resources.requests.insert(storage.clone(), old_storage);
    }
    if bound && new_spec.volume_attributes_class_name.is_some() {
        new_spec.volume_attributes_class_name = old_spec.volume_attributes_class_name.clone();
    }
    if new_spec != old_spec {
        let diff = changed_fields(&old_spec, &new_spec, "spec");
        errs.push(FieldError::forbidden(
            "spec",
            &format!(
                "spec is immutable after creation except resources.requests and volumeAttributesClassName for bound claims\n{diff}"
            ),
        ));
    }
    let zero = Quantity::zero();
    let old_size = old.spec.resources.requests.get(&storage).unwrap_or(&zero);
    let new_size = new.spec.resources.requests.get(&storage).unwrap_or(&zero);
    let status_size = old.status.capacity.get(&storage).unwrap_or(&zero);
    if new_size < old_size && new_size <= status_size {
        errs.push(FieldError::forbidden(
            Path::new("spec").child("resources").child("requests").child("storage"),
            "field can not be less than status.capacity",
        ));
    }
    errs.extend(immutable(
        &new.spec.volume_mode,
        &old.spec.volume_mode,
        || new.spec.volume_mode.as_ref().map_or(BadValue::Json("null".into()), |m| BadValue::named(&m.0)),
        &Path::new("volumeMode"),
    ));
    if old.spec.volume_attributes_class_name.is_some()
        && new.spec.volume_attributes_class_name != old.spec.volume_attributes_class_name
    {
        let path = Path::new("spec").child("volumeAttributesClassName");
        match new.spec.volume_attributes_class_name.as_deref() {
            None => errs.push(FieldError::forbidden(path, "update from non-nil value to nil is forbidden")),
            Some("") => {
                errs.push(FieldError::forbidden(path, "update from non-nil value to an empty string is forbidden"))
            }
            Some(_) => {}
        }
    }
    errs
}

/// Upstream's `validatePersistentVolumeClaimResourceKey`: a qualified name, and `storage` when
/// native.
fn claim_resource_key(name: &str, path: &Path) -> ErrorList {
    let errs: ErrorList = kapi_machinery::validation::content::is_qualified_name(name)
        .into_iter()
        .map(|m| FieldError::invalid(path, name, &m))
        .collect();
    if !errs.is_empty() {
        return errs;
    }
    if is_native_resource(name) && name != "storage" {
        return vec![FieldError::not_supported_value(path, BadValue::Str(name.to_owned()), &["storage"])];
    }
    errs
}

/// Validates a claim's status update (upstream's `ValidatePersistentVolumeClaimStatusUpdate`):
/// access modes still set, capacity quantities, and the allocated resources and their resize
/// statuses (keys and values).
#[doc(hidden)]
pub fn persistent_volume_claim_status(obj: &PersistentVolumeClaim) -> ErrorList {
    let mut errs = ErrorList::new();
    if obj.spec.access_modes.is_empty() {
        // Upstream spells this path with a capital `S`.
        errs.push(FieldError::required(Path::new("Spec").child("accessModes"), ""));
    }
    let cap = Path::new("status").child("capacity");
    for (k, q) in &obj.status.capacity {
        errs.extend(basic_resource(q, &cap.key(&k.0)));
    }
    let resize_path = Path::new("status").child("allocatedResourceStatus");
    for (k, v) in &obj.status.allocated_resource_statuses {
        errs.extend(claim_resource_key(&k.0, &resize_path));
        if !RESIZE_STATUSES.contains(&v.0.as_str()) {
            // Upstream reports the key, not the unsupported status, as the value.
            errs.push(FieldError::not_supported_value(&resize_path, BadValue::named(&k.0), RESIZE_STATUSES));
        }
    }
    let alloc_path = Path::new("status").child("allocatedResources");
    for (k, q) in &obj.status.allocated_resources {
        let key_errs = claim_resource_key(&k.0, &alloc_path);
        if !key_errs.is_empty() {
            errs.extend(key_errs);
            continue;
        }
        let basic = basic_resource(q, &alloc_path.key(&k.0));
        if basic.is_empty() {
            errs.extend(quantity_value("storage", q, &alloc_path.key(&k.0)));
        } else {
            errs.extend(basic);
        }
    }
    errs
}

#[cfg(test)]
#[path = "storage_tests.rs"]
mod tests;
