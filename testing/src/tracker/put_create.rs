//! PUT to a name that does not exist (upstream's `AllowCreateOnUpdate` and the generic store's `Update`): which resources create the object, and the UID precondition checked first.

use kapi_api::meta::errors as api_errors;
use kapi_api::meta::resource::ResourceInfo;

use super::Result;

/// The built-in resources whose upstream strategy answers `AllowCreateOnUpdate() == true`
/// (`pkg/registry/core/{endpoint,event,limitrange,service}`, the event one serving
/// `events.k8s.io` too, `coordination/{lease,leasecandidate}`,
/// `rbac/{role,rolebinding,clusterrole,clusterrolebinding}`, `node/runtimeclass`). Every other
/// strategy, custom resources' included, answers false: a PUT to a missing name is `404`.
const CREATE_ON_UPDATE: [(&str, &str); 12] = [
    ("", "endpoints"),
    ("", "events"),
    ("events.k8s.io", "events"),
    ("", "limitranges"),
    ("", "services"),
    ("coordination.k8s.io", "leases"),
    ("coordination.k8s.io", "leasecandidates"),
    ("rbac.authorization.k8s.io", "roles"),
    ("rbac.authorization.k8s.io", "rolebindings"),
    ("rbac.authorization.k8s.io", "clusterroles"),
    ("rbac.authorization.k8s.io", "clusterrolebindings"),
    ("node.k8s.io", "runtimeclasses"),
];

/// Whether a PUT to a missing name of `info`'s resource creates the object.
pub fn allows_create_on_update(info: &ResourceInfo) -> bool {
    CREATE_ON_UPDATE.contains(&(info.group, info.resource))
}

/// Whether a PUT to a missing name through `subresource` (`None`: the object itself) creates
/// the object: only the object itself, never a subresource (upstream's subresource stores
/// answer `404` before admission). The handler and admission both ask this.
pub fn creates_on_put(info: &ResourceInfo, subresource: Option<&str>) -> bool {
    subresource.is_none() && allows_create_on_update(info)
}

/// The only precondition a PUT carries (upstream's `defaultUpdatedObjectInfo.Preconditions`):
/// the body's `metadata.uid`, which no missing object can match. Storage checks it before
/// anything else, so it is a `409` for every resource, with the storage error in the message.
pub(crate) fn check_uid_precondition(info: &ResourceInfo, namespace: &str, name: &str, uid: &str) -> Result<()> {
    if uid.is_empty() {
        return Ok(());
    }
    Err(precondition_failed(info, namespace, name, "UID", uid, ""))
}

/// A storage precondition the stored object does not meet (upstream's `Preconditions.Check`,
/// `field` `UID` or `ResourceVersion`): a `409` on the resource carrying the storage error.
pub(crate) fn precondition_failed(
    info: &ResourceInfo,
    namespace: &str,
    name: &str,
    field: &str,
    wanted: &str,
    actual: &str,
) -> crate::tracker::Error {
    let why = format!(
        "StorageError: invalid object, Code: 4, Key: {}, ResourceVersion: 0, AdditionalErrorMsg: \
         Precondition failed: {field} in precondition: {wanted}, {field} in object meta: {actual}",
        storage_key(info, namespace, name)
    );
    api_errors::conflict(info, name, &why)
}

/// The object's etcd key in kube-apiserver (`--etcd-prefix` `/registry`): the resource's name,
/// but services, endpoints and nodes keep their historic paths and custom resources are under
/// their group.
fn storage_key(info: &ResourceInfo, namespace: &str, name: &str) -> String {
    let prefix = match (info.group, info.resource) {
        ("", "services") => "services/specs".to_owned(),
        ("", "endpoints") => "services/endpoints".to_owned(),
        ("", "nodes") => "minions".to_owned(),
        (g, r) if g.contains('.') && !g.ends_with(".k8s.io") => format!("{g}/{r}"),
        (_, r) => r.to_owned(),
    };
    if info.namespaced {
        format!("/registry/{prefix}/{namespace}/{name}")
    } else {
        format!("/registry/{prefix}/{name}")
    }
}
