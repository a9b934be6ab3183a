//! Hand-written validation of storage.k8s.io/v1 kinds (storage classes, volume attachments, CSI drivers and nodes, storage capacities, volume attributes classes), with the checks, field paths and messages of upstream's `pkg/apis/storage/validation`.
//!
//! Where kapi's generated declarative rules enforce a check upstream marks as covered by them (a
//! storage class's required and immutable provisioner, its immutable parameters, reclaim policy
//! and binding mode; a volume attachment's attacher and immutable spec), the hand-written check
//! runs only while beta declarative validation is off, as upstream drops it otherwise.

use std::collections::{BTreeMap, BTreeSet, HashSet};

use kapi_machinery::validation::content::{inclusive_range_error, is_dns1123_subdomain, validate_qualified_name};
use kapi_machinery::validation::{BadValue, ErrorList, FieldError, Path};

use super::{
    CSIDriver, CSIDriverSpec, CSINode, CSINodeDriver, CSIStorageCapacity, StorageClass, VolumeAttachment,
    VolumeAttachmentSource, VolumeAttributesClass, VolumeError,
};
use crate::core::v1::TopologySelectorTerm;
use crate::core::v1::validation::{
    IMMUTABLE, json_value, non_negative, token_expiration, validate_inline_persistent_volume_spec,
};
use crate::features::{self, Feature, Release, enabled};
use crate::meta::v1::validation::{is_valid_label_selector, validate_label_selector_with};

pub use super::topology_warnings::{warnings_for_csi_storage_capacity, warnings_for_storage_class};

/// The release the declarative rules covering these checks became beta in (their tags'
/// `+k8s:beta(since: "1.37")`): before it the hand-written checks answer.
const COVERED_SINCE: Release = Release::new(1, 37);

const MAX_PARAMETERS: usize = 512;
const MAX_PARAMETERS_SIZE: usize = 256 * 1024;
const MAX_ATTACHMENT_METADATA_SIZE: usize = 256 * 1024;
const MAX_VOLUME_ERROR_MESSAGE: usize = 1024;
const CSI_NODE_ID_MAX: usize = 192;
const CSI_NODE_ID_LONGER_MAX: usize = 256;
const RECLAIM_POLICIES: &[&str] = &["Delete", "Retain"];
const BINDING_MODES: &[&str] = &["Immediate", "WaitForFirstConsumer"];
const FS_GROUP_POLICIES: &[&str] = &["File", "None", "ReadWriteOnceWithFSType"];
const LIFECYCLE_MODES: &[&str] = &["Persistent", "Ephemeral"];

fn declarative_beta() -> bool {
    features::declarative_beta(COVERED_SINCE)
}

fn invalid_each(path: &Path, value: &str, msgs: Vec<String>) -> ErrorList {
    msgs.iter().map(|m| FieldError::invalid(path, value, m)).collect()
}

/// Upstream's `validateProvisioner`: required, and (lowercased) a qualified name.
fn provisioner(value: &str, path: &Path) -> ErrorList {
    if value.is_empty() {
        return vec![FieldError::required(path, "")];
    }
    validate_qualified_name(path, &value.to_lowercase())
}

/// Upstream's `validateParameters`: at most 512 entries of at most 256 KiB together, no empty
/// key, and (where `allow_empty` is false) at least one.
fn parameters(params: &BTreeMap<String, String>, allow_empty: bool, path: &Path) -> ErrorList {
    if params.len() > MAX_PARAMETERS {
        return vec![FieldError::too_long(path, MAX_PARAMETERS)];
    }
    let mut errs = ErrorList::new();
    let mut size = 0usize;
    for (k, v) in params {
        if k.is_empty() {
            errs.push(FieldError::invalid(path, k, "field can not be empty."));
        }
        size = size.saturating_add(k.len() + v.len());
    }
    if size > MAX_PARAMETERS_SIZE {
        errs.push(FieldError::too_long(path, MAX_PARAMETERS_SIZE));
    }
    if !allow_empty && params.is_empty() {
        errs.push(FieldError::required(path, "must contain at least one key/value pair"));
    }
    errs
}

/// Upstream's `ValidateCSIDriverName`.
fn csi_driver_name(name: &str, path: &Path) -> ErrorList {
    let mut errs = ErrorList::new();
    if name.is_empty() {
        errs.push(FieldError::required(path, ""));
    }
    if name.len() > 63 {
        errs.push(FieldError::too_long(path, 63));
    }
    errs.extend(invalid_each(path, name, is_dns1123_subdomain(&name.to_lowercase())));
    errs
}

// ---------------------------------------------------------------------------------------------
// StorageClass.

/// Validates a `StorageClass` (upstream's `ValidateStorageClass`, and on update also
/// `ValidateStorageClassUpdate`, as upstream's strategy runs both): the provisioner,
/// parameters, reclaim policy (`Delete` or `Retain`), binding mode and allowed topologies; on
/// update the provisioner, parameters, reclaim policy and binding mode unchanged.
pub fn validate_storage_class(obj: &StorageClass, old: Option<&StorageClass>) -> ErrorList {
    let mut errs = ErrorList::new();
    if !(obj.provisioner.is_empty() && declarative_beta()) {
        errs.extend(provisioner(&obj.provisioner, &Path::new("provisioner")));
    }
    errs.extend(parameters(&obj.parameters, true, &Path::new("parameters")));
    if let Some(p) = &obj.reclaim_policy
        && !p.0.is_empty()
        && !RECLAIM_POLICIES.contains(&p.0.as_str())
    {
        errs.push(FieldError::not_supported_value("reclaimPolicy", BadValue::named(&p.0), RECLAIM_POLICIES));
    }
    match &obj.volume_binding_mode {
        None => errs.push(FieldError::required("volumeBindingMode", "")),
        Some(m) if !BINDING_MODES.contains(&m.0.as_str()) => {
            errs.push(FieldError::not_supported_value("volumeBindingMode", BadValue::named(&m.0), BINDING_MODES));
        }
        Some(_) => {}
    }
    errs.extend(allowed_topologies(&obj.allowed_topologies, &Path::new("allowedTopologies")));
    if let Some(old) = old
        && !declarative_beta()
    {
        if old.parameters != obj.parameters {
            errs.push(FieldError::forbidden("parameters", "updates to parameters are forbidden."));
        }
        if old.provisioner != obj.provisioner {
            errs.push(FieldError::forbidden("provisioner", "updates to provisioner are forbidden."));
        }
        if old.reclaim_policy != obj.reclaim_policy {
            errs.push(FieldError::forbidden("reclaimPolicy", "updates to reclaimPolicy are forbidden."));
        }
        if old.volume_binding_mode != obj.volume_binding_mode {
            errs.push(FieldError::invalid_value("volumeBindingMode", json_value(&obj.volume_binding_mode), IMMUTABLE));
        }
    }
    errs
}

/// Upstream's `validateAllowedTopologies`: each term's expressions (values required and
/// unique, keys label names and unique), and no term repeated.
fn allowed_topologies(terms: &[TopologySelectorTerm], path: &Path) -> ErrorList {
    let mut errs = ErrorList::new();
    // Terms seen so far, as sets of (key, values) pairs: a tree set of them finds a repeat
    // without comparing each term with every other.
    let mut seen: BTreeSet<BTreeMap<&str, BTreeSet<&str>>> = BTreeSet::new();
    for (i, term) in terms.iter().enumerate() {
        let tp = path.index(i);
        let ep = tp.child("matchLabelExpressions");
        let mut exprs: BTreeMap<&str, BTreeSet<&str>> = BTreeMap::new();
        for (j, req) in term.match_label_expressions.iter().enumerate() {
            let rp = ep.index(j);
            let vp = rp.child("values");
            let values = req.values.as_deref().unwrap_or_default();
            if values.is_empty() {
                errs.push(FieldError::required(&vp, ""));
            }
            let mut set = BTreeSet::new();
            for (k, v) in values.iter().enumerate() {
                if !set.insert(v.as_str()) {
                    errs.push(FieldError::duplicate(vp.index(k), v.as_str()));
                }
            }
            errs.extend(validate_qualified_name(&rp.child("key"), &req.key));
            if exprs.insert(req.key.as_str(), set).is_some() {
                errs.push(FieldError::duplicate(rp.child("key"), req.key.as_str()));
            }
        }
        if !seen.insert(exprs) {
            errs.push(FieldError::duplicate(&ep, ""));
        }
    }
    errs
}

// ---------------------------------------------------------------------------------------------
// VolumeAttachment.

/// Validates a `VolumeAttachment` (upstream's `ValidateVolumeAttachment`,
/// `ValidateVolumeAttachmentV1` and `ValidateVolumeAttachmentUpdate`): the attacher (a CSI
/// driver name), exactly one source, the node name, the status's metadata size and errors; on
/// update an unchanged spec.
pub fn validate_volume_attachment(obj: &VolumeAttachment, old: Option<&VolumeAttachment>) -> ErrorList {
    let spec = &obj.spec;
    let path = Path::new("spec");
    let mut errs = ErrorList::new();
    let attacher = path.child("attacher");
    if !declarative_beta() && spec.attacher.is_empty() {
        errs.push(FieldError::required(&attacher, ""));
    }
    errs.extend(attachment_source(&spec.source, &path.child("source")));
    errs.extend(invalid_each(&path.child("nodeName"), &spec.node_name, is_dns1123_subdomain(&spec.node_name)));
    let status = Path::new("status");
    let size = obj.status.attachment_metadata.iter().fold(0usize, |n, (k, v)| n.saturating_add(k.len() + v.len()));
    if size > MAX_ATTACHMENT_METADATA_SIZE {
        errs.push(FieldError::too_long(status.child("attachmentMetadata"), MAX_ATTACHMENT_METADATA_SIZE));
    }
    errs.extend(volume_error(obj.status.attach_error.as_ref(), &status.child("attachError")));
    errs.extend(volume_error(obj.status.detach_error.as_ref(), &status.child("detachError")));
    if let Some(old) = old
        && old.spec != obj.spec
        && !declarative_beta()
    {
        errs.push(FieldError::invalid_value(&path, json_value(&obj.spec), IMMUTABLE));
    }
    // The v1-only checks (upstream's `ValidateVolumeAttachmentV1`).
    if !declarative_beta() {
        errs.extend(csi_driver_name(&spec.attacher, &attacher));
    }
    if let Some(pv) = &spec.source.persistent_volume_name {
        errs.extend(invalid_each(&path.child("source").child("persistentVolumeName"), pv, is_dns1123_subdomain(pv)));
    }
    errs
}

/// A volume attachment's `/status` update runs the same checks as its update, as upstream's
/// status strategy does.
pub fn validate_volume_attachment_status_update(obj: &VolumeAttachment, old: &VolumeAttachment) -> ErrorList {
    validate_volume_attachment(obj, Some(old))
}

fn attachment_source(source: &VolumeAttachmentSource, path: &Path) -> ErrorList {
    const ONE: &str = "must specify exactly one of inlineVolumeSpec and persistentVolumeName";
    match (&source.inline_volume_spec, &source.persistent_volume_name) {
        (None, None) => vec![FieldError::required(path, ONE)],
        (Some(_), Some(_)) => vec![FieldError::forbidden(path, ONE)],
        (None, Some(pv)) if pv.is_empty() => {
            vec![FieldError::required(
                path.child("persistentVolumeName"),
                "must specify non empty persistentVolumeName",
            )]
        }
        (Some(spec), None) => validate_inline_persistent_volume_spec(spec, &path.child("inlineVolumeSpec")),
        _ => Vec::new(),
    }
}

fn volume_error(e: Option<&VolumeError>, path: &Path) -> ErrorList {
    let Some(e) = e else { return Vec::new() };
    let mut errs = ErrorList::new();
    if e.message.len() > MAX_VOLUME_ERROR_MESSAGE {
        // Upstream reports the metadata limit here, not the message one.
        errs.push(FieldError::too_long(path.child("message"), MAX_ATTACHMENT_METADATA_SIZE));
    }
    if let Some(code) = e.error_code
        && code < 0
    {
        errs.push(FieldError::invalid_value(
            path.child("errorCode"),
            code,
            &inclusive_range_error(0, i64::from(i32::MAX)),
        ));
    }
    errs
}

// ---------------------------------------------------------------------------------------------
// CSIDriver.

/// Validates a `CSIDriver` (upstream's `ValidateCSIDriver` and `ValidateCSIDriverUpdate`): the
/// required booleans, the FS group policy, token requests (unique audiences, 10 minutes to
/// 2^32 seconds), volume lifecycle modes, the allocatable update period; on update also an
/// unchanged `attachRequired` and lifecycle modes.
pub fn validate_csi_driver(obj: &CSIDriver, old: Option<&CSIDriver>) -> ErrorList {
    let path = Path::new("spec");
    let mut errs = csi_driver_spec(&obj.spec, &path);
    if let Some(old) = old {
        if obj.spec.attach_required != old.spec.attach_required {
            let v = obj.spec.attach_required.map_or(BadValue::Json("null".into()), BadValue::Bool);
            errs.push(FieldError::invalid_value(path.child("attachedRequired"), v, IMMUTABLE));
        }
        if obj.spec.volume_lifecycle_modes != old.spec.volume_lifecycle_modes {
            let modes: Vec<&str> = obj.spec.volume_lifecycle_modes.iter().map(|m| m.0.as_str()).collect();
            errs.push(FieldError::invalid_value(
                path.child("volumeLifecycleModes"),
                BadValue::string_list(&modes),
                IMMUTABLE,
            ));
        }
    }
    errs
}

fn csi_driver_spec(spec: &CSIDriverSpec, path: &Path) -> ErrorList {
    let mut errs = ErrorList::new();
    for (set, field) in [
        (spec.attach_required.is_some(), "attachedRequired"),
        (spec.pod_info_on_mount.is_some(), "podInfoOnMount"),
        (spec.storage_capacity.is_some(), "storageCapacity"),
    ] {
        if !set {
            errs.push(FieldError::required(path.child(field), ""));
        }
    }
    if let Some(p) = &spec.fs_group_policy
        && !FS_GROUP_POLICIES.contains(&p.0.as_str())
    {
        errs.push(FieldError::not_supported_value(
            path.child("fsGroupPolicy"),
            BadValue::named(&p.0),
            FS_GROUP_POLICIES,
        ));
    }
    let tp = path.child("tokenRequests");
    let mut audiences = HashSet::new();
    for (i, t) in spec.token_requests.iter().enumerate() {
        let p = tp.index(i);
        if !audiences.insert(t.audience.as_str()) {
            errs.push(FieldError::duplicate(p.child("audience"), t.audience.as_str()));
            continue;
        }
        if let Some(secs) = t.expiration_seconds {
            errs.extend(token_expiration(secs, p.child("expirationSeconds")));
        }
    }
    for mode in &spec.volume_lifecycle_modes {
        if !LIFECYCLE_MODES.contains(&mode.0.as_str()) {
            errs.push(FieldError::not_supported_value(
                path.child("volumeLifecycleModes"),
                BadValue::named(&mode.0),
                LIFECYCLE_MODES,
            ));
        }
    }
    if spec.se_linux_mount.is_none() && enabled(Feature::SELinuxMountReadWriteOncePod) {
        errs.push(FieldError::required(path.child("seLinuxMount"), ""));
    }
    if let Some(p) = spec.node_allocatable_update_period_seconds
        && p < 10
    {
        errs.push(FieldError::invalid_value(
            path.child("nodeAllocatableUpdatePeriodSeconds"),
            p,
            "must be greater than or equal to 10 seconds",
        ));
    }
    errs
}

// ---------------------------------------------------------------------------------------------
// CSINode.

/// Validates a `CSINode` (upstream's `ValidateCSINode` and `ValidateCSINodeUpdate`): each
/// driver's name (unique), node ID (at most 192 characters, or 256 when the stored node already
/// had a longer one), allocatable count and topology keys; on update a driver of the same name
/// may change only its allocatable count.
pub fn validate_csi_node(obj: &CSINode, old: Option<&CSINode>) -> ErrorList {
    let old_drivers = old.and_then(|o| o.spec.drivers.as_deref()).unwrap_or_default();
    let allow_long = old_drivers.iter().any(|d| d.node_id.len() > CSI_NODE_ID_MAX);
    let path = Path::new("spec").child("drivers");
    let drivers = obj.spec.drivers.as_deref().unwrap_or_default();
    let mut errs = ErrorList::new();
    let mut names = HashSet::new();
    for (i, d) in drivers.iter().enumerate() {
        errs.extend(csi_node_driver(d, &mut names, allow_long, &path.index(i)));
    }
    // Upstream compares every old driver with every new one of the same name; a map by name
    // finds the pairs in linear time.
    let by_name: BTreeMap<&str, &CSINodeDriver> = old_drivers.iter().map(|d| (d.name.as_str(), d)).collect();
    for new in drivers {
        if let Some(old) = by_name.get(new.name.as_str()) {
            let strip = |d: &CSINodeDriver| CSINodeDriver { allocatable: None, ..d.clone() };
            let (n, o) = (strip(new), strip(old));
            if n != o {
                errs.push(FieldError::invalid_value(&path, json_value(&n), IMMUTABLE));
            }
        }
    }
    errs
}

fn csi_node_driver(d: &CSINodeDriver, names: &mut HashSet<String>, allow_long: bool, path: &Path) -> ErrorList {
    let mut errs = csi_driver_name(&d.name, &path.child("name"));
    let ip = path.child("nodeID");
    if d.node_id.is_empty() {
        errs.push(FieldError::required(&ip, ""));
    }
    let max = if allow_long { CSI_NODE_ID_LONGER_MAX } else { CSI_NODE_ID_MAX };
    if d.node_id.len() > max {
        errs.push(FieldError::invalid(&ip, &d.node_id, &format!("must be {max} characters or less")));
    }
    if let Some(n) = d.allocatable.as_ref().and_then(|a| a.count) {
        errs.extend(non_negative(i64::from(n), &path.child("allocatable").child("count")));
    }
    if !names.insert(d.name.clone()) {
        errs.push(FieldError::duplicate(path.child("name"), d.name.as_str()));
    }
    let mut keys = HashSet::new();
    for key in d.topology_keys.as_deref().unwrap_or_default() {
        if key.is_empty() {
            errs.push(FieldError::required(path, ""));
        }
        if !keys.insert(key.as_str()) {
            errs.push(FieldError::duplicate(path, key.as_str()));
        }
        errs.extend(validate_qualified_name(path, key));
    }
    errs
}

// ---------------------------------------------------------------------------------------------
// CSIStorageCapacity and VolumeAttributesClass.

/// Validates a `CSIStorageCapacity` (upstream's `ValidateCSIStorageCapacity`, and on update also
/// `ValidateCSIStorageCapacityUpdate`): the node topology selector, the storage class name, a
/// capacity not negative; on update the topology and class name unchanged. An update keeps
/// selector expression values the stored capacity's topology already had.
pub fn validate_csi_storage_capacity(obj: &CSIStorageCapacity, old: Option<&CSIStorageCapacity>) -> ErrorList {
    let allow_invalid_values = old.and_then(|o| o.node_topology.as_ref()).is_some_and(|s| !is_valid_label_selector(s));
    let mut errs = ErrorList::new();
    if let Some(s) = &obj.node_topology {
        errs.extend(validate_label_selector_with(s, allow_invalid_values, &Path::new("nodeTopology")));
    }
    errs.extend(invalid_each(
        &Path::new("storageClassName"),
        &obj.storage_class_name,
        is_dns1123_subdomain(&obj.storage_class_name),
    ));
    if let Some(q) = &obj.capacity
        && q.sign() < 0
    {
        errs.push(FieldError::invalid_value(
            "capacity",
            BadValue::Json(format!("\"{q}\"")),
            "must be greater than or equal to 0",
        ));
    }
    if let Some(old) = old {
        if obj.node_topology != old.node_topology {
            let v = obj.node_topology.as_ref().map_or(BadValue::Json("null".into()), json_value);
            errs.push(FieldError::invalid_value("nodeTopology", v, IMMUTABLE));
        }
        if obj.storage_class_name != old.storage_class_name {
            errs.push(FieldError::invalid("storageClassName", &obj.storage_class_name, IMMUTABLE));
        }
    }
    errs
}

/// Validates a `VolumeAttributesClass` (upstream's `ValidateVolumeAttributesClass` and
/// `ValidateVolumeAttributesClassUpdate`): the driver name (a qualified name) and at least one
/// parameter; on update neither changed.
pub fn validate_volume_attributes_class(obj: &VolumeAttributesClass, old: Option<&VolumeAttributesClass>) -> ErrorList {
    let mut errs = ErrorList::new();
    if let Some(old) = old {
        if obj.driver_name != old.driver_name {
            errs.push(FieldError::forbidden("driverName", "updates to driverName are forbidden."));
        }
        if obj.parameters != old.parameters {
            errs.push(FieldError::forbidden("parameters", "updates to parameters are forbidden."));
        }
    }
    errs.extend(provisioner(&obj.driver_name, &Path::new("driverName")));
    errs.extend(parameters(&obj.parameters, false, &Path::new("parameters")));
    errs
}

#[cfg(test)]
#[path = "validation_tests.rs"]
mod tests;
