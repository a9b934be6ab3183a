//! A pod volume's source, as upstream's `validateVolumeSource` and the per-source functions check it: exactly one source, in upstream's order, and each source's own fields, with upstream's field paths (its quirks included: `persistentDisk` for `gcePersistentDisk`'s fields, `downwarAPI` and `cephFS` for a second source).

use std::collections::BTreeSet;

use kapi_machinery::types::Time;
use kapi_machinery::validation::content::{inclusive_range_error, is_dns1123_subdomain};
use kapi_machinery::validation::{BadValue, ErrorList, FieldError, Path};

use super::pod::{file_mode, key_to_paths, local_descending_path, local_non_reserved_path, object_field_selector};
use super::{dns1123_label, name_is_dns_subdomain};
use crate::core::v1::{
    AzureDiskVolumeSource, CSIVolumeSource, DownwardAPIVolumeFile, EphemeralVolumeSource, FCVolumeSource,
    FlexVolumeSource, FlockerVolumeSource, HostPathVolumeSource, ISCSIVolumeSource, ImageVolumeSource, NFSVolumeSource,
    PodCertificateProjection, ProjectedVolumeSource, QuobyteVolumeSource, ResourceFieldSelector, VolumeSource,
};
use crate::meta::v1::ObjectMeta;
use crate::meta::v1::object_meta_validation::validate_annotations;
use crate::meta::v1::validation::validate_labels;

const MORE_THAN_ONE: &str = "may not specify more than 1 volume type";
/// The pod fields a downward API volume file may read (`validVolumeDownwardAPIFieldPathExpressions`), sorted.
const VOLUME_FIELD_PATHS: &[&str] =
    &["metadata.annotations", "metadata.labels", "metadata.name", "metadata.namespace", "metadata.uid"];
/// The container resources a resource field selector may read (`validContainerResourceFieldPathExpressions`), sorted.
const RESOURCE_FIELD_PATHS: &[&str] = &[
    "limits.cpu",
    "limits.ephemeral-storage",
    "limits.memory",
    "requests.cpu",
    "requests.ephemeral-storage",
    "requests.memory",
];
const BYTE_DIVISORS: &[&str] = &["1", "1k", "1M", "1G", "1T", "1P", "1E", "1Ki", "1Mi", "1Gi", "1Ti", "1Pi", "1Ei"];
const HOST_PATH_TYPES: &[&str] =
    &["", "BlockDevice", "CharDevice", "Directory", "DirectoryOrCreate", "File", "FileOrCreate", "Socket"];
const PULL_POLICIES: &[&str] = &["Always", "IfNotPresent", "Never"];

/// Upstream's `validatePathNoBacksteps`: no `..` element.
pub(super) fn no_backsteps(target: &str, path: &Path) -> ErrorList {
    if target.split('/').any(|s| s == "..") {
        vec![FieldError::invalid(path, target, "must not contain '..'")]
    } else {
        Vec::new()
    }
}

pub(super) fn required(errs: &mut ErrorList, empty: bool, path: Path) {
    if empty {
        errs.push(FieldError::required(path, ""));
    }
}

/// Upstream's `validateVolumeSource` for the volume named `name`: the first source set (in
/// upstream's order) is validated, any further one is forbidden. `for_pod` is upstream's
/// `ResourceIsPod`: a pod's volumes, not a template's.
pub(super) fn volume_source(s: &VolumeSource, name: &str, path: &Path, for_pod: bool) -> ErrorList {
    let mut errs = ErrorList::new();
    let mut count = 0;
    if let Some(e) = &s.empty_dir {
        count += 1;
        if e.size_limit.as_ref().is_some_and(|l| l.sign() < 0) {
            errs.push(FieldError::forbidden(
                path.child("emptyDir").child("sizeLimit"),
                "SizeLimit field must be a valid resource quantity",
            ));
        }
    }
    // Each entry: whether the source is set, the path a second source is refused at, and its
    // checks (at the path upstream gives them).
    let mut check = |set: bool, refused_at: &str, validate: &dyn Fn() -> ErrorList, errs: &mut ErrorList| {
        if !set {
            return;
        }
        if count > 0 {
            errs.push(FieldError::forbidden(path.child(refused_at), MORE_THAN_ONE));
        } else {
            count += 1;
            errs.extend(validate());
        }
    };
    check(
        s.host_path.is_some(),
        "hostPath",
        &|| s.host_path.as_ref().map_or_else(Vec::new, |h| host_path(h, &path.child("hostPath"))),
        &mut errs,
    );
    check(
        s.git_repo.is_some(),
        "gitRepo",
        &|| {
            let Some(g) = &s.git_repo else { return Vec::new() };
            let p = path.child("gitRepo");
            let mut errs = ErrorList::new();
            required(&mut errs, g.repository.is_empty(), p.child("repository"));
            errs.extend(local_descending_path(&g.directory, &p.child("directory")));
            errs
        },
        &mut errs,
    );
    check(
        s.gce_persistent_disk.is_some(),
        "gcePersistentDisk",
        &|| {
            let Some(d) = &s.gce_persistent_disk else { return Vec::new() };
            disk(d.pd_name.is_empty(), "pdName", d.partition, &path.child("persistentDisk"))
        },
        &mut errs,
    );
    check(
        s.aws_elastic_block_store.is_some(),
        "awsElasticBlockStore",
        &|| {
            let Some(d) = &s.aws_elastic_block_store else { return Vec::new() };
            disk(d.volume_id.is_empty(), "volumeID", d.partition, &path.child("awsElasticBlockStore"))
        },
        &mut errs,
    );
    check(
        s.secret.is_some(),
        "secret",
        &|| {
            let Some(sec) = &s.secret else { return Vec::new() };
            let p = path.child("secret");
            let mut errs = ErrorList::new();
            required(&mut errs, sec.secret_name.is_empty(), p.child("secretName"));
            errs.extend(file_mode(sec.default_mode, &p.child("defaultMode")));
            errs.extend(key_to_paths(&sec.items, &p.child("items")));
            errs
        },
        &mut errs,
    );
    check(s.nfs.is_some(), "nfs", &|| s.nfs.as_ref().map_or_else(Vec::new, |n| nfs(n, &path.child("nfs"))), &mut errs);
    check(
        s.iscsi.is_some(),
        "iscsi",
        &|| s.iscsi.as_ref().map_or_else(Vec::new, |i| iscsi(i, &path.child("iscsi"))),
        &mut errs,
    );
    if let Some(i) = &s.iscsi
        && i.initiator_name.is_some()
        && name.len() + 1 + i.target_portal.len() > 64
    {
        errs.push(FieldError::invalid(
            path.child("name"),
            name,
            "Total length of <volume name>:<iscsi.targetPortal> must be under 64 characters if iscsi.initiatorName is specified.",
        ));
    }
    check(
        s.glusterfs.is_some(),
        "glusterfs",
        &|| {
            let Some(g) = &s.glusterfs else { return Vec::new() };
            let p = path.child("glusterfs");
            let mut errs = ErrorList::new();
            required(&mut errs, g.endpoints.is_empty(), p.child("endpoints"));
            required(&mut errs, g.path.is_empty(), p.child("path"));
            errs
        },
        &mut errs,
    );
    check(
        s.flocker.is_some(),
        "flocker",
        &|| s.flocker.as_ref().map_or_else(Vec::new, |f| flocker(f, &path.child("flocker"))),
        &mut errs,
    );
    check(
        s.persistent_volume_claim.is_some(),
        "persistentVolumeClaim",
        &|| {
            let Some(c) = &s.persistent_volume_claim else { return Vec::new() };
            let mut errs = ErrorList::new();
            required(&mut errs, c.claim_name.is_empty(), path.child("persistentVolumeClaim").child("claimName"));
            errs
        },
        &mut errs,
    );
    check(
        s.rbd.is_some(),
        "rbd",
        &|| {
            let Some(r) = &s.rbd else { return Vec::new() };
            let p = path.child("rbd");
            let mut errs = ErrorList::new();
            required(&mut errs, r.monitors.as_ref().is_none_or(Vec::is_empty), p.child("monitors"));
            required(&mut errs, r.image.is_empty(), p.child("image"));
            errs
        },
        &mut errs,
    );
    check(
        s.cinder.is_some(),
        "cinder",
        &|| {
            let Some(c) = &s.cinder else { return Vec::new() };
            let p = path.child("cinder");
            let mut errs = ErrorList::new();
            required(&mut errs, c.volume_id.is_empty(), p.child("volumeID"));
            if let Some(r) = &c.secret_ref {
                required(&mut errs, r.name.is_empty(), p.child("secretRef").child("name"));
            }
            errs
        },
        &mut errs,
    );
    check(
        s.cephfs.is_some(),
        "cephFS",
        &|| {
            let Some(c) = &s.cephfs else { return Vec::new() };
            let mut errs = ErrorList::new();
            required(&mut errs, c.monitors.as_ref().is_none_or(Vec::is_empty), path.child("cephfs").child("monitors"));
            errs
        },
        &mut errs,
    );
    check(
        s.quobyte.is_some(),
        "quobyte",
        &|| s.quobyte.as_ref().map_or_else(Vec::new, |q| quobyte(q, &path.child("quobyte"))),
        &mut errs,
    );
    check(
        s.downward_api.is_some(),
        "downwarAPI",
        &|| {
            let Some(d) = &s.downward_api else { return Vec::new() };
            let p = path.child("downwardAPI");
            let mut errs = file_mode(d.default_mode, &p.child("defaultMode"));
            for f in &d.items {
                errs.extend(downward_api_file(f, &p));
            }
            errs
        },
        &mut errs,
    );
    check(s.fc.is_some(), "fc", &|| s.fc.as_ref().map_or_else(Vec::new, |f| fc(f, &path.child("fc"))), &mut errs);
    check(
        s.flex_volume.is_some(),
        "flexVolume",
        &|| s.flex_volume.as_ref().map_or_else(Vec::new, |f| flex(f, &path.child("flexVolume"))),
        &mut errs,
    );
    check(
        s.config_map.is_some(),
        "configMap",
        &|| {
            let Some(cm) = &s.config_map else { return Vec::new() };
            let p = path.child("configMap");
            let mut errs = ErrorList::new();
            required(&mut errs, cm.local_object_reference.name.is_empty(), p.child("name"));
            errs.extend(file_mode(cm.default_mode, &p.child("defaultMode")));
            errs.extend(key_to_paths(&cm.items, &p.child("items")));
            errs
        },
        &mut errs,
    );
    check(
        s.azure_file.is_some(),
        "azureFile",
        &|| {
            let Some(a) = &s.azure_file else { return Vec::new() };
            let p = path.child("azureFile");
            let mut errs = ErrorList::new();
            required(&mut errs, a.secret_name.is_empty(), p.child("secretName"));
            required(&mut errs, a.share_name.is_empty(), p.child("shareName"));
            errs
        },
        &mut errs,
    );
    check(
        s.vsphere_volume.is_some(),
        "vsphereVolume",
        &|| {
            let Some(v) = &s.vsphere_volume else { return Vec::new() };
            let mut errs = ErrorList::new();
            required(&mut errs, v.volume_path.is_empty(), path.child("vsphereVolume").child("volumePath"));
            errs
        },
        &mut errs,
    );
    check(
        s.photon_persistent_disk.is_some(),
        "photonPersistentDisk",
        &|| {
            let Some(d) = &s.photon_persistent_disk else { return Vec::new() };
            let mut errs = ErrorList::new();
            required(&mut errs, d.pd_id.is_empty(), path.child("photonPersistentDisk").child("pdID"));
            errs
        },
        &mut errs,
    );
    check(
        s.portworx_volume.is_some(),
        "portworxVolume",
        &|| {
            let Some(v) = &s.portworx_volume else { return Vec::new() };
            let mut errs = ErrorList::new();
            required(&mut errs, v.volume_id.is_empty(), path.child("portworxVolume").child("volumeID"));
            errs
        },
        &mut errs,
    );
    check(
        s.azure_disk.is_some(),
        "azureDisk",
        &|| s.azure_disk.as_ref().map_or_else(Vec::new, |a| azure_disk(a, &path.child("azureDisk"))),
        &mut errs,
    );
    check(
        s.storageos.is_some(),
        "storageos",
        &|| {
            let Some(v) = &s.storageos else { return Vec::new() };
            let p = path.child("storageos");
            let mut errs = ErrorList::new();
            if v.volume_name.is_empty() {
                errs.push(FieldError::required(p.child("volumeName"), ""));
            } else {
                errs.extend(dns1123_label(&v.volume_name, &p.child("volumeName")));
            }
            if !v.volume_namespace.is_empty() {
                errs.extend(dns1123_label(&v.volume_namespace, &p.child("volumeNamespace")));
            }
            if let Some(r) = &v.secret_ref {
                required(&mut errs, r.name.is_empty(), p.child("secretRef").child("name"));
            }
            errs
        },
        &mut errs,
    );
    check(
        s.projected.is_some(),
        "projected",
        &|| s.projected.as_ref().map_or_else(Vec::new, |pr| projected(pr, &path.child("projected"))),
        &mut errs,
    );
    check(
        s.scale_io.is_some(),
        "scaleIO",
        &|| {
            let Some(v) = &s.scale_io else { return Vec::new() };
            let p = path.child("scaleIO");
            let mut errs = ErrorList::new();
            required(&mut errs, v.gateway.is_empty(), p.child("gateway"));
            required(&mut errs, v.system.is_empty(), p.child("system"));
            required(&mut errs, v.volume_name.is_empty(), p.child("volumeName"));
            errs
        },
        &mut errs,
    );
    check(s.csi.is_some(), "csi", &|| s.csi.as_ref().map_or_else(Vec::new, |c| csi(c, &path.child("csi"))), &mut errs);
    check(
        s.ephemeral.is_some(),
        "ephemeral",
        &|| s.ephemeral.as_ref().map_or_else(Vec::new, |e| ephemeral(e, &path.child("ephemeral"))),
        &mut errs,
    );
    check(
        s.image.is_some(),
        "image",
        &|| s.image.as_ref().map_or_else(Vec::new, |i| image(i, &path.child("image"), for_pod)),
        &mut errs,
    );
    if count == 0 {
        errs.push(FieldError::required(path, "must specify a volume type"));
    }
    errs
}

/// Upstream's `validateHostPathVolumeSource`: a path without `..` steps and a known type.
pub(super) fn host_path(h: &HostPathVolumeSource, path: &Path) -> ErrorList {
    if h.path.is_empty() {
        return vec![FieldError::required(path.child("path"), "")];
    }
    let mut errs = no_backsteps(&h.path, &path.child("path"));
    if let Some(t) = &h.r#type
        && !HOST_PATH_TYPES.contains(&t.0.as_str())
    {
        errs.push(FieldError::not_supported_value(path.child("type"), BadValue::named(&t.0), HOST_PATH_TYPES));
    }
    errs
}

/// Upstream's `validateNFSVolumeSource`: a server and an absolute path.
pub(super) fn nfs(n: &NFSVolumeSource, path: &Path) -> ErrorList {
    let mut errs = ErrorList::new();
    required(&mut errs, n.server.is_empty(), path.child("server"));
    required(&mut errs, n.path.is_empty(), path.child("path"));
    if !n.path.starts_with('/') {
        errs.push(FieldError::invalid(path.child("path"), &n.path, "must be an absolute path"));
    }
    errs
}

/// Upstream's `validateFlockerVolumeSource`: a dataset name (without `/`) or UUID, not both.
pub(super) fn flocker(f: &FlockerVolumeSource, path: &Path) -> ErrorList {
    let mut errs = ErrorList::new();
    if f.dataset_name.is_empty() && f.dataset_uuid.is_empty() {
        errs.push(FieldError::required(path, "one of datasetName and datasetUUID is required"));
    }
    if !f.dataset_name.is_empty() && !f.dataset_uuid.is_empty() {
        errs.push(FieldError::invalid(
            path,
            "resource",
            "datasetName and datasetUUID can not be specified simultaneously",
        ));
    }
    if f.dataset_name.contains('/') {
        errs.push(FieldError::invalid(path.child("datasetName"), &f.dataset_name, "must not contain '/'"));
    }
    errs
}

/// A GCE or AWS disk: its name required and a partition in 0–255.
pub(super) fn disk(name_empty: bool, name_field: &str, partition: i32, path: &Path) -> ErrorList {
    let mut errs = ErrorList::new();
    required(&mut errs, name_empty, path.child(name_field));
    if !(0..=255).contains(&partition) {
        errs.push(FieldError::invalid_value(path.child("partition"), partition, &inclusive_range_error(1, 255)));
    }
    errs
}

/// Upstream's iSCSI qualified name shapes: `^eui.[[:alnum:]]{16}$` and `^naa.[[:alnum:]]{32}$`
/// (the `.` any character), else the `iqn` expression.
pub(super) fn iscsi_name_ok(name: &str) -> bool {
    let hex_after = |prefix: &str, n: usize| {
        name.strip_prefix(prefix).is_some_and(|r| {
            let mut chars = r.chars();
            chars.next().is_some()
                && chars.as_str().len() == n
                && chars.as_str().bytes().all(|b| b.is_ascii_alphanumeric())
        })
    };
    if name.starts_with("eui") {
        return hex_after("eui", 16);
    }
    if name.starts_with("naa") {
        return hex_after("naa", 32);
    }
    iqn_ok(name)
}

/// `iqn\.\d{4}-\d{2}\.([[:alnum:]-.]+)(:[^,;*&$|\s]+)$`, unanchored at the start as upstream's
/// expression is: it may begin anywhere in the name.
fn iqn_ok(name: &str) -> bool {
    name.char_indices().any(|(start, _)| iqn_at(&name[start..]))
}

fn iqn_at(s: &str) -> bool {
    let b = s.as_bytes();
    let digits = |r: std::ops::Range<usize>| b.get(r).is_some_and(|d| d.iter().all(u8::is_ascii_digit));
    if !(s.starts_with("iqn.") && digits(4..8) && b.get(8) == Some(&b'-') && digits(9..11) && b.get(11) == Some(&b'.'))
    {
        return false;
    }
    let rest = &s[12..];
    // The domain part takes letters, digits, `-` and `.`; the name after the last `:` may hold
    // anything but `,;*&$|` and white space, up to the end.
    let Some(colon) = rest.find(':') else { return false };
    let (domain, tail) = rest.split_at(colon);
    !domain.is_empty()
        && domain.bytes().all(|c| c.is_ascii_alphanumeric() || c == b'-' || c == b'.')
        && tail.len() > 1
        && tail[1..].chars().all(|c| !",;*&$|\t\n\x0c\r ".contains(c))
}

fn iscsi_name(value: &str, field: &str, path: &Path, errs: &mut ErrorList) {
    let p = path.child(field);
    if !["iqn", "eui", "naa"].iter().any(|pre| value.starts_with(pre)) {
        errs.push(FieldError::invalid(&p, value, "must be valid format starting with iqn, eui, or naa"));
    } else if !iscsi_name_ok(value) {
        errs.push(FieldError::invalid(&p, value, "must be valid format"));
    }
}

/// Upstream's `validateISCSIVolumeSource`.
fn iscsi(i: &ISCSIVolumeSource, path: &Path) -> ErrorList {
    let mut errs = ErrorList::new();
    required(&mut errs, i.target_portal.is_empty(), path.child("targetPortal"));
    if i.iqn.is_empty() {
        errs.push(FieldError::required(path.child("iqn"), ""));
    } else {
        iscsi_name(&i.iqn, "iqn", path, &mut errs);
    }
    if !(0..=255).contains(&i.lun) {
        errs.push(FieldError::invalid_value(path.child("lun"), i.lun, &inclusive_range_error(0, 255)));
    }
    if (i.chap_auth_discovery || i.chap_auth_session) && i.secret_ref.is_none() {
        errs.push(FieldError::required(path.child("secretRef"), ""));
    }
    if let Some(initiator) = &i.initiator_name {
        iscsi_name(initiator, "initiatorname", path, &mut errs);
    }
    errs
}

/// Upstream's `validateQuobyteVolumeSource`.
pub(super) fn quobyte(q: &QuobyteVolumeSource, path: &Path) -> ErrorList {
    const PAIRS: &str = "must be a host:port pair or multiple pairs separated by commas";
    let mut errs = ErrorList::new();
    if q.registry.is_empty() {
        errs.push(FieldError::required(path.child("registry"), PAIRS));
    } else if q.tenant.len() >= 65 {
        errs.push(FieldError::required(
            path.child("tenant"),
            "must be a UUID and may not exceed a length of 64 characters",
        ));
    } else {
        for pair in q.registry.split(',') {
            if !is_host_port(pair) {
                errs.push(FieldError::invalid(path.child("registry"), &q.registry, PAIRS));
            }
        }
    }
    required(&mut errs, q.volume.is_empty(), path.child("volume"));
    errs
}

/// Whether Go's `net.SplitHostPort` accepts `s`: `host:port` with one colon, or `[host]:port`.
fn is_host_port(s: &str) -> bool {
    if let Some(rest) = s.strip_prefix('[') {
        let Some((host, after)) = rest.split_once(']') else { return false };
        return !host.contains(']') && after.starts_with(':') && !after[1..].contains([':', '[', ']']);
    }
    let Some((host, port)) = s.rsplit_once(':') else { return false };
    !host.contains([':', '[', ']']) && !port.contains(['[', ']'])
}

/// Upstream's `validateDownwardAPIVolumeFile`, at `path` (upstream reports each file's errors
/// at the source's path, not the item's).
fn downward_api_file(f: &DownwardAPIVolumeFile, path: &Path) -> ErrorList {
    let mut errs = ErrorList::new();
    required(&mut errs, f.path.is_empty(), path.child("path"));
    errs.extend(local_non_reserved_path(&f.path, &path.child("path")));
    match (&f.field_ref, &f.resource_field_ref) {
        (Some(fr), other) => {
            errs.extend(object_field_selector(
                &fr.api_version,
                &fr.field_path,
                VOLUME_FIELD_PATHS,
                &path.child("fieldRef"),
            ));
            if other.is_some() {
                errs.push(FieldError::invalid(
                    path,
                    "resource",
                    "fieldRef and resourceFieldRef can not be specified simultaneously",
                ));
            }
        }
        (None, Some(r)) => errs.extend(resource_field_selector(r, &path.child("resourceFieldRef"))),
        (None, None) => errs.push(FieldError::required(path, "one of fieldRef and resourceFieldRef is required")),
    }
    errs.extend(file_mode(f.mode, &path.child("mode")));
    errs
}

/// Upstream's `validateContainerResourceFieldSelector` for a volume: a container name, a known
/// resource (or a huge pages one) and a divisor that suits it.
fn resource_field_selector(r: &ResourceFieldSelector, path: &Path) -> ErrorList {
    let mut errs = ErrorList::new();
    if r.container_name.is_empty() {
        errs.push(FieldError::required(path.child("containerName"), ""));
    } else if r.resource.is_empty() {
        errs.push(FieldError::required(path.child("resource"), ""));
    } else if !RESOURCE_FIELD_PATHS.contains(&r.resource.as_str())
        && !r.resource.starts_with("limits.hugepages-")
        && !r.resource.starts_with("requests.hugepages-")
    {
        errs.push(FieldError::not_supported_value(
            path.child("resource"),
            BadValue::from(r.resource.as_str()),
            RESOURCE_FIELD_PATHS,
        ));
    }
    if r.divisor.is_zero() {
        return errs;
    }
    let divisor = r.divisor.to_string();
    let bad = |what: &str| {
        FieldError::invalid(
            path.child("divisor"),
            &r.resource,
            &format!(
                "only divisor's values 1, 1k, 1M, 1G, 1T, 1P, 1E, 1Ki, 1Mi, 1Gi, 1Ti, 1Pi, 1Ei are supported with the {what} resource"
            ),
        )
    };
    match r.resource.as_str() {
        "limits.cpu" | "requests.cpu" if !["1m", "1"].contains(&divisor.as_str()) => errs.push(FieldError::invalid(
            path.child("divisor"),
            &r.resource,
            "only divisor's values 1m and 1 are supported with the cpu resource",
        )),
        "limits.memory" | "requests.memory" if !BYTE_DIVISORS.contains(&divisor.as_str()) => errs.push(bad("memory")),
        "limits.ephemeral-storage" | "requests.ephemeral-storage" if !BYTE_DIVISORS.contains(&divisor.as_str()) => {
            errs.push(bad("local ephemeral storage"));
        }
        _ => {}
    }
    if (r.resource.starts_with("requests.hugepages-") || r.resource.starts_with("limits.hugepages-"))
        && !BYTE_DIVISORS.contains(&divisor.as_str())
    {
        errs.push(bad("hugepages"));
    }
    errs
}

/// Upstream's `validateFCVolumeSource`.
pub(super) fn fc(f: &FCVolumeSource, path: &Path) -> ErrorList {
    let mut errs = ErrorList::new();
    if f.target_wwns.is_empty() && f.wwids.is_empty() {
        errs.push(FieldError::required(
            path.child("targetWWNs"),
            "must specify either targetWWNs or wwids, but not both",
        ));
    }
    if !f.target_wwns.is_empty() && !f.wwids.is_empty() {
        errs.push(FieldError::invalid_value(
            path.child("targetWWNs"),
            BadValue::string_list(&f.target_wwns),
            "targetWWNs and wwids can not be specified simultaneously",
        ));
    }
    if !f.target_wwns.is_empty() {
        match f.lun {
            None => errs.push(FieldError::required(path.child("lun"), "lun is required if targetWWNs is specified")),
            Some(l) if !(0..=255).contains(&l) => {
                errs.push(FieldError::invalid_value(path.child("lun"), l, &inclusive_range_error(0, 255)));
            }
            Some(_) => {}
        }
    }
    errs
}

/// Upstream's `validateFlexVolumeSource`: a driver, and no options in the `kubernetes.io` or
/// `k8s.io` namespaces.
fn flex(f: &FlexVolumeSource, path: &Path) -> ErrorList {
    flex_driver_and_options(&f.driver, f.options.keys(), path)
}

/// What a pod's and a persistent volume's flex volumes both check (upstream's
/// `validateFlexVolumeSource` and `validateFlexPersistentVolumeSource` are the same checks).
pub(super) fn flex_driver_and_options<'a>(
    driver: &str,
    options: impl Iterator<Item = &'a String>,
    path: &Path,
) -> ErrorList {
    let mut errs = ErrorList::new();
    required(&mut errs, driver.is_empty(), path.child("driver"));
    for k in options {
        let namespace = k.split_once('/').map_or(k.as_str(), |(ns, _)| ns);
        let normalized = format!(".{}", namespace.to_lowercase());
        if normalized.ends_with(".kubernetes.io") || normalized.ends_with(".k8s.io") {
            errs.push(FieldError::invalid(
                path.child("options").key(k),
                k,
                "kubernetes.io and k8s.io namespaces are reserved",
            ));
        }
    }
    errs
}

/// Upstream's `validateAzureDisk`.
pub(super) fn azure_disk(a: &AzureDiskVolumeSource, path: &Path) -> ErrorList {
    let mut errs = ErrorList::new();
    required(&mut errs, a.disk_name.is_empty(), path.child("diskName"));
    required(&mut errs, a.disk_uri.is_empty(), path.child("diskURI"));
    if let Some(m) = &a.caching_mode
        && !["None", "ReadOnly", "ReadWrite"].contains(&m.0.as_str())
    {
        errs.push(FieldError::not_supported_value(
            path.child("cachingMode"),
            BadValue::named(&m.0),
            &["None", "ReadOnly", "ReadWrite"],
        ));
    }
    if let Some(k) = &a.kind {
        if !["Dedicated", "Managed", "Shared"].contains(&k.0.as_str()) {
            errs.push(FieldError::not_supported_value(
                path.child("kind"),
                BadValue::named(&k.0),
                &["Dedicated", "Managed", "Shared"],
            ));
        }
        let managed = k.0 == "Managed";
        if managed && !a.disk_uri.starts_with("/subscriptions/") {
            errs.push(FieldError::not_supported_value(
                path.child("diskURI"),
                BadValue::from(a.disk_uri.as_str()),
                &["/subscriptions/{sub-id}/resourcegroups/{group-name}/providers/microsoft.compute/disks/{disk-id}"],
            ));
        }
        if !managed && !a.disk_uri.starts_with("https://") {
            errs.push(FieldError::not_supported_value(
                path.child("diskURI"),
                BadValue::from(a.disk_uri.as_str()),
                &["https://{account-name}.blob.core.windows.net/{container-name}/{disk-name}.vhd"],
            ));
        }
    }
    errs
}

/// Upstream's `validateProjectedVolumeSource` and `validateProjectionSources`: the default mode,
/// one kind per source, each source's fields, and no path used twice.
fn projected(pr: &ProjectedVolumeSource, path: &Path) -> ErrorList {
    let mut errs = file_mode(pr.default_mode, &path.child("defaultMode"));
    let mut paths: BTreeSet<&str> = BTreeSet::new();
    for (i, src) in pr.sources.as_deref().unwrap_or_default().iter().enumerate() {
        let sp = path.child("sources").index(i);
        let mut kinds = 0;
        if let Some(sec) = &src.secret {
            kinds += 1;
            let p = sp.child("secret");
            required(&mut errs, sec.local_object_reference.name.is_empty(), p.child("name"));
            errs.extend(key_to_paths(&sec.items, &p.child("items")));
            for kp in &sec.items {
                claim(&mut paths, &kp.path, &sec.local_object_reference.name, path, &mut errs);
            }
        }
        if let Some(cm) = &src.config_map {
            kinds += 1;
            let p = sp.child("configMap");
            required(&mut errs, cm.local_object_reference.name.is_empty(), p.child("name"));
            errs.extend(key_to_paths(&cm.items, &p.child("items")));
            for kp in &cm.items {
                claim(&mut paths, &kp.path, &cm.local_object_reference.name, path, &mut errs);
            }
        }
        if let Some(d) = &src.downward_api {
            kinds += 1;
            let p = sp.child("downwardAPI");
            for f in &d.items {
                errs.extend(downward_api_file(f, &p));
                claim(&mut paths, &f.path, &f.path, path, &mut errs);
            }
        }
        if let Some(t) = &src.service_account_token {
            kinds += 1;
            let p = sp.child("serviceAccountToken");
            errs.extend(super::token_expiration(t.expiration_seconds.unwrap_or(0), p.child("expirationSeconds")));
            // Upstream reports the token's path at the projection's `path`.
            if t.path.is_empty() {
                errs.push(FieldError::required(path.child("path"), ""));
            } else {
                errs.extend(local_non_reserved_path(&t.path, &path.child("path")));
            }
        }
        if let Some(b) = &src.cluster_trust_bundle {
            kinds += 1;
            let p = sp.child("clusterTrustBundle");
            match (&b.name, &b.signer_name) {
                (Some(_), Some(_)) => errs.push(FieldError::invalid_value(
                    &p,
                    super::json_value(b),
                    "only one of name and signerName may be used",
                )),
                (Some(name), None) => {
                    let np = p.child("name");
                    if name.is_empty() {
                        errs.push(FieldError::required(&np, "must be a valid object name"));
                    }
                    let signer = super::signer::signer_of_cluster_trust_bundle(name).unwrap_or_default();
                    errs.extend(
                        super::signer::cluster_trust_bundle_name(&signer, name, false).iter().map(|m| {
                            FieldError::invalid(&np, name, &format!("not a valid clustertrustbundlename: {m}"))
                        }),
                    );
                    if b.label_selector.is_some() {
                        errs.push(FieldError::invalid_value(
                            p.child("labelSelector"),
                            super::json_value(&b.label_selector),
                            "labelSelector must be unset if name is specified",
                        ));
                    }
                }
                (None, Some(signer)) => {
                    let sp = p.child("signerName");
                    if signer.is_empty() {
                        errs.push(FieldError::required(&sp, "must be a valid signer name"));
                    }
                    errs.extend(super::signer::signer_name(&sp, signer));
                    if let Some(sel) = &b.label_selector {
                        errs.extend(crate::meta::v1::validation::validate_label_selector(
                            sel,
                            &p.child("labelSelector"),
                        ));
                    }
                }
                (None, None) => errs.push(FieldError::required(&p, "either name or signerName must be specified")),
            }
            required(&mut errs, b.path.is_empty(), p.child("path"));
            errs.extend(local_non_reserved_path(&b.path, &p.child("path")));
            claim(&mut paths, &b.path, &b.path, path, &mut errs);
        }
        if let Some(c) = &src.pod_certificate {
            kinds += 1;
            errs.extend(pod_certificate(c, &sp.child("podCertificate"), path, &mut paths));
        }
        if kinds > 1 {
            errs.push(FieldError::forbidden(&sp, "may not specify more than 1 volume type per source"));
        }
    }
    errs
}

/// The key types a pod certificate projection may ask for, in upstream's order.
const KEY_TYPES: &[&str] = &["RSA3072", "RSA4096", "ECDSAP256", "ECDSAP384", "ECDSAP521", "ED25519"];
/// Upstream's `MinMaxExpirationSeconds`, `KubernetesMaxMaxExpirationSeconds` and
/// `MaxMaxExpirationSeconds` (`pkg/apis/certificates`).
const MIN_MAX_EXPIRATION: i32 = 3600;
const KUBERNETES_MAX_MAX_EXPIRATION: i32 = 86400;
const MAX_MAX_EXPIRATION: i32 = 91 * 86400;

/// A projected pod certificate source (upstream's `podCertificate` case of
/// `validateProjectionSources`): the signer name, the user annotations, the key type, the
/// expiration bounds (a day at most for `kubernetes.io` signers), and at least one of the three
/// files, each a local path no other source of the volume uses (`root`, the volume's path, is
/// where a reused one is reported).
fn pod_certificate<'a>(
    c: &'a PodCertificateProjection,
    path: &Path,
    root: &Path,
    paths: &mut BTreeSet<&'a str>,
) -> ErrorList {
    let mut errs = super::signer::signer_name(&path.child("signerName"), &c.signer_name);
    errs.extend(super::validate_user_annotations(&c.user_annotations, &path.child("userAnnotations")));
    if !KEY_TYPES.contains(&c.key_type.as_str()) {
        errs.push(FieldError::not_supported_value(
            path.child("keyType"),
            BadValue::from(c.key_type.as_str()),
            KEY_TYPES,
        ));
    }
    if let Some(s) = c.max_expiration_seconds {
        let p = path.child("maxExpirationSeconds");
        if s < MIN_MAX_EXPIRATION {
            errs.push(FieldError::invalid_value(
                &p,
                s,
                &format!("if provided, maxExpirationSeconds must be >= {MIN_MAX_EXPIRATION}"),
            ));
        }
        let max = if super::signer::is_kubernetes_signer_name(&c.signer_name) {
            KUBERNETES_MAX_MAX_EXPIRATION
        } else {
            MAX_MAX_EXPIRATION
        };
        if s > max {
            errs.push(FieldError::invalid_value(&p, s, &format!("if provided, maxExpirationSeconds must be <= {max}")));
        }
    }
    let files = [
        (&c.credential_bundle_path, "credentialBundlePath"),
        (&c.key_path, "keyPath"),
        (&c.certificate_chain_path, "certificateChainPath"),
    ];
    for (file, field) in files.into_iter().filter(|(f, _)| !f.is_empty()) {
        errs.extend(local_non_reserved_path(file, &path.child(field)));
        claim(paths, file, file, root, &mut errs);
    }
    if files.iter().all(|(f, _)| f.is_empty()) {
        errs.push(FieldError::required(
            path,
            "specify at least one of credentialBundlePath, keyPath, and certificateChainPath",
        ));
    }
    errs
}

/// Records a projected file's path; a path already used is refused at the projection, with
/// upstream's bad value (`value`: the source's name, or the path).
fn claim<'a>(paths: &mut BTreeSet<&'a str>, p: &'a str, value: &str, root: &Path, errs: &mut ErrorList) {
    if !p.is_empty() && !paths.insert(p) {
        errs.push(FieldError::invalid(root, value, "conflicting duplicate paths"));
    }
}

/// Upstream's `ValidateCSIDriverName` and `validateCSIVolumeSource`.
fn csi(c: &CSIVolumeSource, path: &Path) -> ErrorList {
    let mut errs = ErrorList::new();
    let dp = path.child("driver");
    if c.driver.is_empty() {
        errs.push(FieldError::required(&dp, ""));
    }
    if c.driver.len() > 63 {
        errs.push(FieldError::too_long(&dp, 63));
    }
    errs.extend(is_dns1123_subdomain(&c.driver.to_lowercase()).iter().map(|m| FieldError::invalid(&dp, &c.driver, m)));
    if let Some(r) = &c.node_publish_secret_ref {
        if r.name.is_empty() {
            errs.push(FieldError::required(path.child("nodePublishSecretRef").child("name"), ""));
        } else {
            // Upstream reports a bad secret name at `csi.name`.
            let np = path.child("name");
            errs.extend(name_is_dns_subdomain(&r.name, false).iter().map(|m| FieldError::invalid(&np, &r.name, m)));
        }
    }
    errs
}

/// Upstream's `validateEphemeralVolumeSource`: a claim template whose metadata is valid
/// template metadata and whose spec is a valid claim spec.
fn ephemeral(e: &EphemeralVolumeSource, path: &Path) -> ErrorList {
    let tp = path.child("volumeClaimTemplate");
    let Some(t) = &e.volume_claim_template else { return vec![FieldError::required(&tp, "")] };
    let mut errs = template_object_meta(&t.metadata, &tp.child("metadata"));
    errs.extend(super::storage::claim_spec(&t.spec, &tp.child("spec")));
    errs
}

/// Upstream's `ValidateTemplateObjectMeta`: annotations and labels, the only members a claim
/// template's metadata may set; every other member set is `Forbidden` at its name as
/// upstream's reflection spells it (the Go field name with its first letter lowered, so `uID`),
/// in the Go struct's order. An empty list counts as unset here, where Go's reflection tells an
/// empty list it decoded from an absent one.
fn template_object_meta(meta: &ObjectMeta, path: &Path) -> ErrorList {
    const CANNOT_BE_SET: &str = "cannot be set";
    let mut errs = validate_annotations(&meta.annotations, &path.child("annotations"));
    errs.extend(validate_labels(&meta.labels, &path.child("labels")));
    let set = [
        ("name", !meta.name.is_empty()),
        ("generateName", !meta.generate_name.is_empty()),
        ("namespace", !meta.namespace.is_empty()),
        ("selfLink", !meta.self_link.is_empty()),
        ("uID", !meta.uid.is_empty()),
        ("resourceVersion", !meta.resource_version.is_empty()),
        ("generation", meta.generation != 0),
        ("creationTimestamp", meta.creation_timestamp != Time::ZERO),
        ("deletionTimestamp", meta.deletion_timestamp.is_some()),
        ("deletionGracePeriodSeconds", meta.deletion_grace_period_seconds.is_some()),
        ("ownerReferences", !meta.owner_references.is_empty()),
        ("finalizers", !meta.finalizers.is_empty()),
        ("managedFields", !meta.managed_fields.is_empty()),
    ];
    errs.extend(
        set.into_iter().filter(|(_, set)| *set).map(|(name, _)| FieldError::forbidden(path.child(name), CANNOT_BE_SET)),
    );
    errs
}

/// Upstream's `validateImageVolumeSource`: a reference on a pod's volume (a template may leave
/// it to whoever makes pods from it) and a pull policy it knows.
fn image(i: &ImageVolumeSource, path: &Path, for_pod: bool) -> ErrorList {
    let mut errs = ErrorList::new();
    required(&mut errs, for_pod && i.reference.is_empty(), path.child("reference"));
    let p = path.child("pullPolicy");
    match i.pull_policy.0.as_str() {
        "" => errs.push(FieldError::required(p, "")),
        pp if !PULL_POLICIES.contains(&pp) => {
            errs.push(FieldError::not_supported_value(p, BadValue::named(pp), PULL_POLICIES));
        }
        _ => {}
    }
    errs
}

#[cfg(test)]
#[path = "volumes_tests.rs"]
mod tests;
