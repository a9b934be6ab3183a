//! Upstream's drops of feature-gated fields whose rule a `+featureGate=` marker cannot say (an emptied parent cleared too, a whole member dropped for one value, a field kept by its own use rather than by its gate's), done by hand before validation as upstream's `PrepareForCreate`/`PrepareForUpdate` do.
//!
//! The marker rule (`kapi_machinery::DropDisabledFields`) clears the marked field when its gate is
//! off unless the stored object uses the gate anywhere. These drops differ from it:
//!
//! - `ContainerStopSignals`: a container's `lifecycle.stopSignal` is cleared, and a `lifecycle`
//!   left empty by that is cleared with it (upstream's `dropContainerStopSignals`), for pods and
//!   every kind that holds a pod template;
//! - `MatchLabelKeysInPodTopologySpread`: every topology spread constraint's `matchLabelKeys`,
//!   kept when the stored spec's constraints use any (upstream's
//!   `dropDisabledMatchLabelKeysFieldInTopologySpread`), in the same kinds;
//! - `CrossNamespaceVolumeDataSource`: a claim's whole `dataSourceRef` goes when it names a
//!   namespace, unless the stored claim has a `dataSourceRef` at all (upstream's
//!   `persistentvolumeclaim.DropDisabledFields`);
//! - `CoordinatedLeaderElection`: a lease's `strategy` and `preferredHolder` are each kept only
//!   when the stored lease sets that same field (the lease strategy's `PrepareForUpdate`).
//!
//! They work on the object's JSON form, as the other strategies here do, so they serve every
//! version the build enables; an object with nothing to drop is left as it was decoded. Most
//! writes of pods and of the kinds holding a template set neither pod spec field: a typed one
//! (`kapi_api::pod_specs`) without the field is not turned into JSON at all.

use kapi_api::core::v1::{Lifecycle, PodSpec};
use kapi_api::features::Feature;
use kapi_api::meta::resource::ResourceInfo;
use kapi_api::pod_specs::{HeldPodSpec, pod_spec};
use kapi_machinery::Object;
use kapi_machinery::json::value::Value;

use crate::tracker::Result;
use crate::tracker::meta::{from_value, member_mut, set_member, to_value};

/// The gate of a container's `lifecycle.stopSignal` (alpha and off in 1.36).
const CONTAINER_STOP_SIGNALS: &str = Feature::ContainerStopSignals.name();
/// The gate of a spread constraint's `matchLabelKeys` (beta and on in 1.36).
const MATCH_LABEL_KEYS_IN_SPREAD: &str = Feature::MatchLabelKeysInPodTopologySpread.name();
/// The gate of a claim's `dataSourceRef.namespace` (alpha and off in 1.36).
const CROSS_NAMESPACE_VOLUME_DATA_SOURCE: &str = Feature::CrossNamespaceVolumeDataSource.name();
/// The gate of a lease's `strategy` and `preferredHolder` (beta and off in 1.36).
const COORDINATED_LEADER_ELECTION: &str = Feature::CoordinatedLeaderElection.name();

/// The container lists of a pod spec, each of which upstream's `VisitContainers` walks.
const CONTAINER_LISTS: [&str; 3] = ["initContainers", "containers", "ephemeralContainers"];

/// Where a resource's objects hold a pod spec: the pod's own, or its template's.
pub(super) fn pod_spec_path(group: &str, resource: &str) -> Option<&'static [&'static str]> {
    Some(match (group, resource) {
        ("", "pods") => &["spec"],
        ("", "podtemplates") => &["template", "spec"],
        ("", "replicationcontrollers")
        | ("apps", "deployments" | "replicasets" | "statefulsets" | "daemonsets")
        | ("batch", "jobs") => &["spec", "template", "spec"],
        ("batch", "cronjobs") => &["spec", "jobTemplate", "spec", "template", "spec"],
        _ => return None,
    })
}

/// A pod spec field upstream drops while its gate is off unless the stored pod spec uses it.
struct PodSpecField {
    gate: &'static str,
    /// Whether a typed pod spec sets the field: a typed write without it skips JSON.
    typed_in_use: fn(&PodSpec) -> bool,
    /// Whether a pod spec's JSON form sets it.
    in_use: fn(&Value) -> bool,
    /// Clears it from a pod spec's JSON form.
    clear: fn(&mut Value),
}

/// The hand-ruled pod spec fields, in upstream's `dropDisabledFields` order.
const POD_SPEC_FIELDS: [PodSpecField; 2] = [
    PodSpecField {
        gate: CONTAINER_STOP_SIGNALS,
        typed_in_use: pod_sets_stop_signal,
        in_use: stop_signals_in_use,
        clear: clear_stop_signals,
    },
    PodSpecField {
        gate: MATCH_LABEL_KEYS_IN_SPREAD,
        typed_in_use: spread_uses_keys,
        in_use: spread_keys_in_use,
        clear: clear_spread_keys,
    },
];

/// Which hand-ruled drop a write of another kind takes.
enum Rule {
    /// `CrossNamespaceVolumeDataSource`, in a claim.
    CrossNamespaceSource,
    /// `CoordinatedLeaderElection`, in a lease.
    LeaseCoordination,
}

/// Drops the hand-ruled gated fields of a write to `info`'s resource whose gates `enabled` says
/// are off; `old` is the stored object on update.
pub(crate) fn drop_disabled(
    info: &ResourceInfo,
    obj: &mut Box<dyn Object>,
    old: Option<&dyn Object>,
    enabled: &dyn Fn(&str) -> bool,
) -> Result<()> {
    let rule = match (info.group, info.resource) {
        ("", "persistentvolumeclaims") if !enabled(CROSS_NAMESPACE_VOLUME_DATA_SOURCE) => Rule::CrossNamespaceSource,
        ("coordination.k8s.io", "leases") if !enabled(COORDINATED_LEADER_ELECTION) => Rule::LeaseCoordination,
        (group, resource) => {
            if let Some(path) = pod_spec_path(group, resource) {
                for field in POD_SPEC_FIELDS.iter().filter(|f| !enabled(f.gate)) {
                    drop_pod_spec_field(info, obj, old, field, path)?;
                }
            }
            return Ok(());
        }
    };
    let mut doc = to_value(obj.as_ref())?;
    // The stored object is read only when the new one holds something to drop.
    let old_doc = || old.map(to_value).transpose();
    let changed = match rule {
        Rule::CrossNamespaceSource => drop_cross_namespace_source(&mut doc, &old_doc)?,
        Rule::LeaseCoordination => drop_lease_coordination(&mut doc, &old_doc)?,
    };
    if changed {
        *obj = from_value(info, &doc)?;
    }
    Ok(())
}

/// Clears `field` from the pod spec at `path` of a write, unless the stored object's pod spec
/// uses it. Typed objects (`kapi_api::pod_specs`) are asked first, so a write or a stored object
/// without the field is not turned into JSON; a kind that does not downcast is read as JSON.
fn drop_pod_spec_field(
    info: &ResourceInfo,
    obj: &mut Box<dyn Object>,
    old: Option<&dyn Object>,
    field: &PodSpecField,
    path: &[&str],
) -> Result<()> {
    match pod_spec(obj.as_ref()) {
        HeldPodSpec::Spec(spec) if !(field.typed_in_use)(spec) => return Ok(()),
        HeldPodSpec::Absent => return Ok(()),
        HeldPodSpec::Spec(_) | HeldPodSpec::Unknown => {}
    }
    let mut doc = to_value(obj.as_ref())?;
    if !at(&doc, path).is_some_and(field.in_use) {
        return Ok(());
    }
    if let Some(old) = old {
        let stored_uses = match pod_spec(old) {
            HeldPodSpec::Spec(spec) => (field.typed_in_use)(spec),
            HeldPodSpec::Absent => false,
            HeldPodSpec::Unknown => at(&to_value(old)?, path).is_some_and(field.in_use),
        };
        if stored_uses {
            return Ok(());
        }
    }
    let Some(spec) = at_mut(&mut doc, path) else { return Ok(()) };
    (field.clear)(spec);
    *obj = from_value(info, &doc)?;
    Ok(())
}

/// Whether a pod's containers of any list set `lifecycle.stopSignal`.
fn pod_sets_stop_signal(spec: &PodSpec) -> bool {
    let sets = |l: Option<&Lifecycle>| l.is_some_and(|l| l.stop_signal.is_some());
    spec.init_containers.iter().chain(spec.containers.iter().flatten()).any(|c| sets(c.lifecycle.as_deref()))
        || spec.ephemeral_containers.iter().any(|c| sets(c.ephemeral_container_common.lifecycle.as_deref()))
}

/// The value at `path` of members.
fn at<'a>(v: &'a Value, path: &[&str]) -> Option<&'a Value> {
    path.iter().try_fold(v, |v, key| v.get(key))
}

/// The value at `path` of members, to change in place.
fn at_mut<'a>(v: &'a mut Value, path: &[&str]) -> Option<&'a mut Value> {
    path.iter().try_fold(v, |v, key| member_mut(v, key))
}

/// Whether a member is set: present and not `null`.
fn is_set(v: Option<&Value>) -> bool {
    !matches!(v, None | Some(Value::Null))
}

/// The containers of a pod spec, of every list.
fn containers(spec: &Value) -> impl Iterator<Item = &Value> {
    CONTAINER_LISTS
        .into_iter()
        .filter_map(|list| match spec.get(list) {
            Some(Value::Array(items)) => Some(items.iter()),
            _ => None,
        })
        .flatten()
}

/// Whether any container of a pod spec sets `lifecycle.stopSignal` (upstream's
/// `containerStopSignalsInUse`).
fn stop_signals_in_use(spec: &Value) -> bool {
    containers(spec).any(|c| is_set(at(c, &["lifecycle", "stopSignal"])))
}

/// `ContainerStopSignals` off: clears every container's `lifecycle.stopSignal` of a pod spec,
/// and a `lifecycle` it leaves empty (upstream's `dropContainerStopSignals`).
fn clear_stop_signals(spec: &mut Value) {
    for list in CONTAINER_LISTS {
        let Some(Value::Array(items)) = member_mut(spec, list) else { continue };
        for container in items.iter_mut() {
            let Some(lifecycle) = member_mut(container, "lifecycle") else { continue };
            set_member(lifecycle, "stopSignal", None);
            // Upstream clears a lifecycle that held only the signal, rather than leave `{}`.
            if matches!(lifecycle, Value::Object(members) if members.iter().all(|(_, v)| *v == Value::Null)) {
                set_member(container, "lifecycle", None);
            }
        }
    }
}

/// Whether a typed pod spec's spread constraints use `matchLabelKeys` (upstream's
/// `matchLabelKeysInTopologySpreadInUse`: any constraint with a key).
fn spread_uses_keys(spec: &PodSpec) -> bool {
    spec.topology_spread_constraints.iter().any(|c| !c.match_label_keys.is_empty())
}

/// The spread constraints of a pod spec's JSON form, none when it has none.
fn spread_constraints(spec: &Value) -> &[Value] {
    match spec.get("topologySpreadConstraints") {
        Some(Value::Array(items)) => items,
        _ => &[],
    }
}

/// Whether a pod spec's JSON form has a spread constraint with `matchLabelKeys`.
fn spread_keys_in_use(spec: &Value) -> bool {
    spread_constraints(spec)
        .iter()
        .any(|c| matches!(c.get("matchLabelKeys"), Some(Value::Array(keys)) if !keys.is_empty()))
}

/// `MatchLabelKeysInPodTopologySpread` off: clears every spread constraint's `matchLabelKeys`.
fn clear_spread_keys(spec: &mut Value) {
    let Some(Value::Array(items)) = member_mut(spec, "topologySpreadConstraints") else { return };
    for c in items.iter_mut() {
        set_member(c, "matchLabelKeys", None);
    }
}

/// `CrossNamespaceVolumeDataSource` off: a claim's `dataSourceRef` that names a namespace is
/// dropped whole, unless the stored claim has a `dataSourceRef`.
fn drop_cross_namespace_source(doc: &mut Value, old: &dyn Fn() -> Result<Option<Value>>) -> Result<bool> {
    let names_namespace = matches!(
        at(doc, &["spec", "dataSourceRef", "namespace"]),
        Some(Value::String(ns)) if !ns.is_empty()
    );
    if !names_namespace || old()?.is_some_and(|o| is_set(at(&o, &["spec", "dataSourceRef"]))) {
        return Ok(false);
    }
    let Some(spec) = member_mut(doc, "spec") else { return Ok(false) };
    set_member(spec, "dataSourceRef", None);
    Ok(true)
}

/// `CoordinatedLeaderElection` off: a lease's `strategy` and `preferredHolder` are each dropped
/// unless the stored lease sets that field.
fn drop_lease_coordination(doc: &mut Value, old: &dyn Fn() -> Result<Option<Value>>) -> Result<bool> {
    const FIELDS: [&str; 2] = ["strategy", "preferredHolder"];
    if !FIELDS.iter().any(|f| is_set(at(doc, &["spec", f]))) {
        return Ok(false);
    }
    let old = old()?;
    let Some(spec) = member_mut(doc, "spec") else { return Ok(false) };
    let mut changed = false;
    for field in FIELDS {
        let stored = old.as_ref().is_some_and(|o| is_set(at(o, &["spec", field])));
        if is_set(spec.get(field)) && !stored {
            set_member(spec, field, None);
            changed = true;
        }
    }
    Ok(changed)
}

#[cfg(test)]
mod tests {
    use kapi_machinery::json::value::Value;

    use super::*;

    fn json(text: &str) -> Value {
        kapi_machinery::json::value::parse(text.as_bytes()).expect("test JSON")
    }

    fn none() -> Result<Option<Value>> {
        Ok(None)
    }

    #[test]
    fn stop_signals_go_and_an_emptied_lifecycle_with_them() {
        let mut pod = json(
            r#"{"spec":{"containers":[{"name":"a","lifecycle":{"stopSignal":"SIGUSR1"}},
                {"name":"b","lifecycle":{"stopSignal":"SIGUSR1","preStop":{"sleep":{"seconds":1}}}}],
                "initContainers":[{"name":"i","lifecycle":{"stopSignal":"SIGTERM"}}]}}"#,
        );
        clear_stop_signals(at_mut(&mut pod, &["spec"]).unwrap());
        assert_eq!(
            pod,
            json(
                r#"{"spec":{"containers":[{"name":"a"},{"name":"b","lifecycle":{"preStop":{"sleep":{"seconds":1}}}}],
                "initContainers":[{"name":"i"}]}}"#
            )
        );
    }

    /// A stored pod's stop signal, in any container, keeps the new pod's.
    #[test]
    fn a_stored_stop_signal_keeps_them_all() {
        use kapi_api::core::v1::Pod;
        use kapi_api::served::ResourceInfoExt;
        let info = ResourceInfo::of::<Pod>();
        let pod = |text: &str| -> Box<dyn Object> { from_value(&info, &json(text)).expect("a pod") };
        let stored = pod(r#"{"spec":{"initContainers":[{"name":"i","lifecycle":{"stopSignal":"SIGTERM"}}]}}"#);
        let text = r#"{"spec":{"containers":[{"name":"a","lifecycle":{"stopSignal":"SIGUSR1"}}]}}"#;
        let mut obj = pod(text);
        drop_disabled(&info, &mut obj, Some(stored.as_ref()), &|_| false).unwrap();
        assert_eq!(to_value(obj.as_ref()).unwrap(), to_value(pod(text).as_ref()).unwrap());
        drop_disabled(&info, &mut obj, None, &|_| false).unwrap();
        assert_eq!(
            to_value(obj.as_ref()).unwrap(),
            to_value(pod(r#"{"spec":{"containers":[{"name":"a"}]}}"#).as_ref()).unwrap()
        );
    }

    #[test]
    fn spread_keys_go_from_every_constraint_unless_the_stored_spec_uses_them() {
        let mut spec =
            json(r#"{"topologySpreadConstraints":[{"topologyKey":"a","matchLabelKeys":["x"]},{"topologyKey":"b"}]}"#);
        assert!(spread_keys_in_use(&spec));
        clear_spread_keys(&mut spec);
        assert_eq!(spec, json(r#"{"topologySpreadConstraints":[{"topologyKey":"a"},{"topologyKey":"b"}]}"#));
        assert!(!spread_keys_in_use(&json(r#"{"topologySpreadConstraints":[{"matchLabelKeys":[]}]}"#)));
    }

    /// A typed deployment takes the shortcut when its template sets no stop signal and the JSON
    /// path when it does; both end where upstream's `dropContainerStopSignals` does.
    #[test]
    fn a_typed_template_is_dropped_from_and_one_without_a_signal_left_alone() {
        use kapi_api::apps::v1::Deployment;
        use kapi_api::core::v1::{Container, Signal};
        use kapi_api::served::ResourceInfoExt;
        let info = ResourceInfo::of::<Deployment>();
        let mut d = Deployment::default();
        d.spec.template.spec.containers = Some(vec![Container { name: "c".into(), ..Default::default() }]);
        let plain = d.clone();
        let mut obj: Box<dyn Object> = Box::new(d.clone());
        drop_disabled(&info, &mut obj, None, &|_| false).unwrap();
        assert_eq!(obj.as_any().downcast_ref::<Deployment>(), Some(&plain));
        if let Some(c) = d.spec.template.spec.containers.as_mut() {
            c[0].lifecycle =
                Some(Box::new(Lifecycle { stop_signal: Some(Signal("SIGUSR1".into())), ..Default::default() }));
        }
        let mut obj: Box<dyn Object> = Box::new(d.clone());
        drop_disabled(&info, &mut obj, None, &|_| false).unwrap();
        assert_eq!(
            obj.as_any().downcast_ref::<Deployment>().map(|d| &d.spec.template.spec),
            Some(&plain.spec.template.spec)
        );
        // A stored template with a signal keeps the new one.
        let mut obj: Box<dyn Object> = Box::new(d.clone());
        drop_disabled(&info, &mut obj, Some(&d), &|_| false).unwrap();
        assert_eq!(obj.as_any().downcast_ref::<Deployment>(), Some(&d));
    }

    #[test]
    fn a_cross_namespace_source_goes_whole_unless_the_claim_had_one() {
        let mut claim = json(r#"{"spec":{"dataSourceRef":{"kind":"VolumeSnapshot","name":"s","namespace":"other"}}}"#);
        assert!(drop_cross_namespace_source(&mut claim, &none).unwrap());
        assert_eq!(claim, json(r#"{"spec":{}}"#));
        // One in the claim's own namespace is not the gate's.
        let mut local = json(r#"{"spec":{"dataSourceRef":{"kind":"VolumeSnapshot","name":"s"}}}"#);
        assert!(!drop_cross_namespace_source(&mut local, &none).unwrap());
        let stored = json(r#"{"spec":{"dataSourceRef":{"kind":"VolumeSnapshot","name":"s"}}}"#);
        let mut claim = json(r#"{"spec":{"dataSourceRef":{"kind":"VolumeSnapshot","name":"s","namespace":"o"}}}"#);
        assert!(!drop_cross_namespace_source(&mut claim, &|| Ok(Some(stored.clone()))).unwrap());
    }

    #[test]
    fn a_lease_keeps_only_the_coordination_fields_the_stored_one_sets() {
        let mut lease =
            json(r#"{"spec":{"holderIdentity":"a","strategy":"OldestEmulationVersion","preferredHolder":"b"}}"#);
        assert!(drop_lease_coordination(&mut lease, &none).unwrap());
        assert_eq!(lease, json(r#"{"spec":{"holderIdentity":"a"}}"#));
        let stored = json(r#"{"spec":{"strategy":"OldestEmulationVersion"}}"#);
        let mut lease = json(r#"{"spec":{"strategy":"OldestEmulationVersion","preferredHolder":"b"}}"#);
        assert!(drop_lease_coordination(&mut lease, &|| Ok(Some(stored.clone()))).unwrap());
        assert_eq!(lease, json(r#"{"spec":{"strategy":"OldestEmulationVersion"}}"#));
    }
}
