//! Per-resource strategies: what upstream's registries do to an object on create and update before it is validated (`PrepareForCreate`, `PrepareForUpdate`), beyond what the tracker does for every resource.
//!
//! The tracker already does, for every resource, what upstream's generic store and most
//! strategies share: system fields, status reset on create and kept on update for resources with
//! a `status` subresource, `metadata.generation` bumped when the spec changes. This module adds
//! what single resources do, working on the object's JSON form so it serves whichever kinds the
//! build enables.

mod api_services;
mod app_armor;
mod claim_data_sources;
mod conditional_update;
mod csr_conditions;
mod device_taint_rules;
mod endpoint_slices;
mod endpoints;
mod gated;
mod gated_status;
mod ip_addresses;
mod node_config;
mod pod_label_keys;
mod pod_status;
mod pods;
mod services;
mod spew;
pub(crate) mod status_metadata;
mod workload_claims;

pub(crate) use conditional_update::require_resource_version;
pub use services::ServiceRanges;

use kapi_api::apiextensions::v1::CustomResourceDefinition;
use kapi_api::core::v1::Service;
use kapi_api::meta::resource::ResourceInfo;
use kapi_machinery::Object;
use kapi_machinery::json::value::Value;

use crate::tracker::deletion::NAMESPACE_FINALIZER;
use crate::tracker::meta::{from_value, object_member_mut, set_member, to_value};
use crate::tracker::{CanonicalizeFn, Generation, PrepareCtx, Result, Rules, RulesFn, SideWritesFn};

/// Upstream's label of a job's pods naming the job (`batch.kubernetes.io/job-name`), and its
/// older spelling, both set on the pod template.
const JOB_NAME_LABELS: [&str; 2] = ["job-name", "batch.kubernetes.io/job-name"];
/// The label naming the job's uid, and its older spelling; the selector matches the first.
const CONTROLLER_UID_LABELS: [&str; 2] = ["controller-uid", "batch.kubernetes.io/controller-uid"];
const CONTROLLER_UID_LABEL: &str = "batch.kubernetes.io/controller-uid";
/// The annotation that carries a daemon set's internal `spec.templateGeneration` in apps/v1.
const TEMPLATE_GENERATION: &str = "deprecated.daemonset.template.generation";

/// Upstream's drops of gated fields whose rule a `+featureGate=` marker cannot say (or that
/// k8s.io/api marks with none): a pod's status fields (`gated_status`), pod groups' and
/// workloads' resource claims (`workload_claims`), then the others (`gated`: containers' stop
/// signals and spread constraints' `matchLabelKeys` among them); `old` is the stored object on
/// update.
pub(crate) fn drop_disabled(
    info: &ResourceInfo,
    obj: &mut Box<dyn Object>,
    old: Option<&dyn Object>,
    enabled: &dyn Fn(&str) -> bool,
) -> Result<()> {
    if (info.group, info.resource) == ("", "pods") {
        gated_status::drop_disabled(obj.as_mut(), old, enabled);
    }
    workload_claims::drop_disabled(info, obj, old, enabled)?;
    gated::drop_disabled(info, obj, old, enabled)
}

/// Whether a write to `subresource` of `info`'s resource drops gated fields as a write to the
/// resource does: pods' `status`, `ephemeralcontainers` and `resize`, whose strategies each call
/// upstream's `DropDisabledPodFields` in `PrepareForUpdate`, and pod groups' `status`, whose
/// strategy calls `dropDisabledPodGroupStatusFields` (other kinds' status strategies drop
/// nothing kapi gates).
pub(crate) fn drops_disabled_on(info: &ResourceInfo, subresource: &str) -> bool {
    match (info.group, info.resource) {
        ("", "pods") => matches!(subresource, "status" | "ephemeralcontainers" | "resize"),
        ("scheduling.k8s.io", "podgroups") => subresource == "status",
        _ => false,
    }
}

/// The strategy of a write to `info`'s resource, services allocated from `ranges`.
pub(crate) fn prepare(
    ranges: &ServiceRanges,
    info: &ResourceInfo,
    obj: &mut Box<dyn Object>,
    ctx: &PrepareCtx<'_>,
) -> Result<()> {
    match (info.group, info.resource, ctx.old) {
        ("", "services", old) => {
            let Some(svc) = obj.as_mut().as_any_mut().downcast_mut::<Service>() else { return Ok(()) };
            let old = old.and_then(|o| o.as_any().downcast_ref::<Service>());
            let taken = ip_addresses::taken_by_others(ctx.objects_of("networking.k8s.io", "ipaddresses"), svc)?;
            let write = services::ServiceWrite { old, others: ctx.others(), taken: &taken, dry_run: ctx.dry_run };
            services::allocate(ranges, svc, write)
        }
        ("", "pods", None) => {
            if let Some(pod) = obj.as_mut().as_any_mut().downcast_mut::<kapi_api::core::v1::Pod>() {
                for warning in pods::prepare_for_create(pod) {
                    ctx.warn(warning);
                }
            }
            Ok(())
        }
        ("discovery.k8s.io", "endpointslices", old) if endpoint_slices::drops_topology(ctx.version) => {
            edit(info, obj, old, endpoint_slices::drop_topology_on_v1)
        }
        ("resource.k8s.io", "devicetaintrules", Some(old)) => edit(info, obj, Some(old), |rule, old| {
            if let Some(old) = old {
                device_taint_rules::date_effect_change(rule, old, kapi_machinery::types::Time::now());
            }
        }),
        ("batch", "jobs", None) => edit(info, obj, None, |job, _| generate_job_selector(job)),
        ("", "persistentvolumes", None) => {
            if let Some(pv) = obj.as_mut().as_any_mut().downcast_mut::<kapi_api::core::v1::PersistentVolume>() {
                volume_for_create(pv, kapi_machinery::types::Time::now());
            }
            Ok(())
        }
        ("", "nodes", old) => {
            use kapi_api::core::v1::Node;
            let old = old.and_then(|o| o.as_any().downcast_ref::<Node>());
            if let Some(node) = obj.as_mut().as_any_mut().downcast_mut::<Node>() {
                node_config::prepare(node, old);
            }
            Ok(())
        }
        ("", "persistentvolumeclaims", old) => {
            use kapi_api::core::v1::PersistentVolumeClaim;
            let old = old.and_then(|o| o.as_any().downcast_ref::<PersistentVolumeClaim>());
            if let Some(claim) = obj.as_mut().as_any_mut().downcast_mut::<PersistentVolumeClaim>() {
                claim_data_sources::prepare(&mut claim.spec, old.map(|o| &o.spec));
            }
            Ok(())
        }
        ("", "serviceaccounts", _) => {
            if let Some(sa) = obj.as_mut().as_any_mut().downcast_mut::<kapi_api::core::v1::ServiceAccount>() {
                clean_secret_references(sa);
            }
            Ok(())
        }
        // A request's spec is its requester's and stays as created; the status changes through
        // `status` and `approval` only.
        ("certificates.k8s.io", "certificatesigningrequests", Some(old)) => edit(info, obj, Some(old), |csr, old| {
            for member in ["spec", "status"] {
                set_member(csr, member, old.and_then(|o| o.get(member)).cloned());
            }
        }),
        ("apps", "daemonsets", old) => edit(info, obj, old, template_generation),
        // kube-aggregator's `PrepareForCreate` marks a local one available at once.
        ("apiregistration.k8s.io", "apiservices", None) => edit(info, obj, None, |svc, _| {
            api_services::set_available(svc, kapi_machinery::types::Time::now());
        }),
        ("apiextensions.k8s.io", "customresourcedefinitions", _) if ctx.subresource.is_none() => {
            if let Some(crd) = obj.as_mut().as_any_mut().downcast_mut::<CustomResourceDefinition>() {
                record_storage_version(crd);
            }
            Ok(())
        }
        ("", "namespaces", old) => edit(info, obj, old, |ns, old| match old {
            None => namespace_for_create(ns),
            Some(old) => namespace_for_update(ns, old),
        }),
        _ => Ok(()),
    }
}

/// The strategies' `Canonicalize`, run once a write passed validation: Endpoints' subsets are
/// repacked (upstream's `RepackSubsets`) and a namespace is labelled with its name (the two
/// non-empty ones among upstream's registries).
pub(crate) fn canonicalize() -> CanonicalizeFn {
    std::sync::Arc::new(|info: &ResourceInfo, obj: &mut dyn Object| match (info.group, info.resource) {
        ("", "endpoints") => {
            if let Some(ep) = obj.as_any_mut().downcast_mut::<kapi_api::core::v1::Endpoints>() {
                endpoints::canonicalize(ep);
            }
        }
        ("", "namespaces") => {
            if let Some(ns) = obj.as_any_mut().downcast_mut::<kapi_api::core::v1::Namespace>() {
                label_namespace(ns);
            }
        }
        _ => {}
    })
}

/// The namespace strategy's `Canonicalize`: the label `kubernetes.io/metadata.name` is the name.
/// Defaulting sets it too, but only once there is a name; a name made from `generateName` comes
/// later, and this is where upstream labels it.
fn label_namespace(ns: &mut kapi_api::core::v1::Namespace) {
    ns.metadata.labels.insert(NAMESPACE_NAME_LABEL.into(), ns.metadata.name.clone());
}

/// Upstream's definition strategy on create and update: the storage version joins
/// `status.storedVersions` (the status is the stored one on update, empty on create), before
/// validation requires it there.
fn record_storage_version(crd: &mut CustomResourceDefinition) {
    let Some(v) = crd.spec.versions.iter().flatten().find(|v| v.storage) else { return };
    let stored = crd.status.stored_versions.get_or_insert_default();
    if !stored.contains(&v.name) {
        stored.push(v.name.clone());
    }
}

/// Each resource's rules for the tracker's generic steps, as its strategy in upstream's registry
/// has them: the `metadata.generation` rule (`PrepareForCreate` setting 1, `PrepareForUpdate`
/// adding one when the spec changes; most resources without a spec never set it, and neither
/// does the horizontal pod autoscaler's in 1.36), whether a create keeps the status it was
/// sent, whether a nameless create is named with a UUID, and what a write to `status` (or
/// another subresource of the resource's own kind) takes from the body's metadata
/// (`status_metadata`).
pub(crate) fn rules() -> RulesFn {
    std::sync::Arc::new(|info: &ResourceInfo| Rules {
        generation: generation_of(info.group, info.resource),
        // Nodes' strategy allows a status on create (the kubelet registers its node with it);
        // service CIDRs' does not clear it.
        status_on_create: matches!((info.group, info.resource), ("", "nodes") | ("networking.k8s.io", "servicecidrs")),
        // The limit range strategy names a nameless limit range with a UUID.
        uuid_name_on_create: (info.group, info.resource) == ("", "limitranges"),
        subresource_metadata: status_metadata::of(info.group, info.resource),
    })
}

fn generation_of(group: &str, resource: &str) -> Generation {
    let built_in = built_in(group);
    const fn tracked(members: &'static [&'static str], metadata: &'static [&'static str]) -> Generation {
        Generation::Tracked { members, metadata, subresources: &[], on_create: true }
    }
    const SPEC: Generation = tracked(&["spec"], &[]);
    match (group, resource) {
        // Its ephemeral containers and resizes change the spec through their own subresources.
        ("", "pods") => Generation::Tracked {
            members: &["spec"],
            metadata: &[],
            subresources: &["ephemeralcontainers", "resize"],
            on_create: true,
        },
        ("", "replicationcontrollers")
        | ("apps", "replicasets" | "statefulsets" | "daemonsets")
        | ("batch", "jobs" | "cronjobs")
        | ("policy", "poddisruptionbudgets")
        | ("networking.k8s.io", "ingresses" | "ingressclasses" | "networkpolicies")
        | ("flowcontrol.apiserver.k8s.io", "flowschemas" | "prioritylevelconfigurations")
        | ("apiextensions.k8s.io", "customresourcedefinitions")
        | ("resource.k8s.io", "deviceclasses" | "resourceslices" | "devicetaintrules")
        | (
            "admissionregistration.k8s.io",
            "validatingadmissionpolicies"
            | "validatingadmissionpolicybindings"
            | "mutatingadmissionpolicies"
            | "mutatingadmissionpolicybindings",
        ) => SPEC,
        // The CSI driver strategy bumps it when the spec changes, but its `PrepareForCreate`
        // sets none: a create keeps what the client sent.
        ("storage.k8s.io", "csidrivers") => {
            Generation::Tracked { members: &["spec"], metadata: &[], subresources: &[], on_create: false }
        }
        // The pod template strategy: 1 on create, +1 when `template` changes.
        ("", "podtemplates") => tracked(&["template"], &[]),
        // Its annotations are copied onto its replica sets.
        ("apps", "deployments") => tracked(&["spec"], &["annotations"]),
        ("admissionregistration.k8s.io", "validatingwebhookconfigurations" | "mutatingwebhookconfigurations") => {
            tracked(&["webhooks"], &[])
        }
        ("discovery.k8s.io", "endpointslices") => tracked(&["*"], &["labels"]),
        // The horizontal pod autoscaler strategy of 1.36 sets none: its generation comes with the
        // `HPAGeneration` gate, added after 1.36 (and not among kapi's gates), so a create keeps
        // what the client sent and an update the stored value.
        ("autoscaling", "horizontalpodautoscalers") => Generation::Untracked,
        // Set on create; the value is immutable, so nothing bumps it.
        ("scheduling.k8s.io", "priorityclasses") => tracked(&[], &[]),
        // Custom resources: anything but metadata.
        _ if !built_in => Generation::ALL_BUT_METADATA,
        _ => Generation::Untracked,
    }
}

/// Whether `group` is one of Kubernetes' own: the legacy ones and `*.k8s.io` (which custom
/// resources may not take without an approved API review). Any other group's kinds (custom
/// resources, and the kinds a test registers of its own) follow the custom resource strategy.
fn built_in(group: &str) -> bool {
    matches!(group, "" | "apps" | "batch" | "autoscaling" | "policy" | "extensions") || group.ends_with(".k8s.io")
}

/// The label carrying a namespace's name (upstream's `LabelMetadataName`).
const NAMESPACE_NAME_LABEL: &str = "kubernetes.io/metadata.name";

/// The daemon set strategy's `templateGeneration` (in apps/v1 its annotation): at least 1 on
/// create; on update the old value, one more when `spec.template` changed (what the client
/// sent is ignored).
fn template_generation(ds: &mut Value, old: Option<&Value>) {
    let read = |v: &Value| {
        v.get("metadata")
            .and_then(|m| m.get("annotations"))
            .and_then(|a| a.get(TEMPLATE_GENERATION))
            .and_then(Value::as_str)
            .and_then(|s| s.parse::<i64>().ok())
    };
    let value = match old {
        None => read(ds).filter(|g| *g >= 1).unwrap_or(1),
        Some(old) => {
            let before = read(old).unwrap_or(0);
            let template = |v: &Value| v.get("spec").and_then(|s| s.get("template")).cloned();
            if template(old) != template(ds) { before.saturating_add(1) } else { before }
        }
    };
    if let Some(meta) = object_member_mut(ds, "metadata")
        && let Some(annotations) = object_member_mut(meta, "annotations")
    {
        set_member(annotations, TEMPLATE_GENERATION, Some(Value::String(value.to_string())));
    }
}

/// The strategy of a write to one of `info`'s subresources (`ctx.subresource`), run on the
/// object the tracker merged: persistent volumes' `status` strategy dates a phase change, pods'
/// `resize` keeps the stored pod-level resources unless they may be resized, pods' `status` keeps
/// the stored observed generations a write leaves unset, nodes' `status` drops a new
/// `status.config`, and certificate
/// signing requests' `status` and `approval` fill in their conditions' timestamps.
pub(crate) fn prepare_subresource(info: &ResourceInfo, obj: &mut Box<dyn Object>, ctx: &PrepareCtx<'_>) -> Result<()> {
    use kapi_api::core::v1::{PersistentVolume, Pod};
    use kapi_api::features::{self, Feature};
    if let (("", "pods"), Some("resize"), Some(old)) =
        ((info.group, info.resource), ctx.subresource, ctx.old.and_then(|o| o.as_any().downcast_ref::<Pod>()))
        && !features::enabled(Feature::InPlacePodLevelResourcesVerticalScaling)
        && let Some(pod) = obj.as_mut().as_any_mut().downcast_mut::<Pod>()
    {
        pod.spec.resources = old.spec.resources.clone();
    }
    if let (("", "pods"), Some("status"), Some(old)) =
        ((info.group, info.resource), ctx.subresource, ctx.old.and_then(|o| o.as_any().downcast_ref::<Pod>()))
        && let Some(pod) = obj.as_mut().as_any_mut().downcast_mut::<Pod>()
    {
        pod_status::preserve_observed_generation(pod, old);
    }
    if let (("", "nodes"), Some("status"), Some(old)) = (
        (info.group, info.resource),
        ctx.subresource,
        ctx.old.and_then(|o| o.as_any().downcast_ref::<kapi_api::core::v1::Node>()),
    ) && let Some(node) = obj.as_mut().as_any_mut().downcast_mut::<kapi_api::core::v1::Node>()
    {
        node_config::prepare_status(node, old);
    }
    if (info.group, info.resource) == ("certificates.k8s.io", "certificatesigningrequests")
        && let (Some(sub @ ("status" | "approval")), Some(old)) = (ctx.subresource, ctx.old)
    {
        let now = kapi_machinery::types::Time::now();
        edit(info, obj, Some(old), |csr, old| {
            let Some(old) = old else { return };
            match sub {
                "status" => csr_conditions::status_update(csr, old, now),
                _ => csr_conditions::approval_update(csr, old, now),
            }
        })?;
    }
    if let (("", "persistentvolumes"), Some("status"), Some(old)) = (
        (info.group, info.resource),
        ctx.subresource,
        ctx.old.and_then(|o| o.as_any().downcast_ref::<PersistentVolume>()),
    ) && let Some(pv) = obj.as_mut().as_any_mut().downcast_mut::<PersistentVolume>()
    {
        volume_status_update(pv, old, kapi_machinery::types::Time::now());
    }
    Ok(())
}

/// The persistent volume status strategy's transition time: kept while the phase stays (unless
/// the write sets one), now when the phase changes and the write did not set a new one.
fn volume_status_update(
    pv: &mut kapi_api::core::v1::PersistentVolume,
    old: &kapi_api::core::v1::PersistentVolume,
    now: kapi_machinery::types::Time,
) {
    let (new_status, old_status) = (&mut pv.status, &old.status);
    if old_status.phase == new_status.phase {
        if new_status.last_phase_transition_time.is_none() {
            new_status.last_phase_transition_time = old_status.last_phase_transition_time;
        }
    } else if new_status.last_phase_transition_time.is_none()
        || new_status.last_phase_transition_time == old_status.last_phase_transition_time
    {
        new_status.last_phase_transition_time = Some(now);
    }
}

/// What a committed write makes the server write besides it: the `IPAddress` objects of the
/// cluster IPs services take and give back (upstream's allocator writes them while the service's
/// create, update or delete is served), and a local `APIService`'s `Available` condition
/// (kube-aggregator's availability controller, which upstream runs in the API server's process
/// and which writes it just after; here it is written in the same step).
pub(crate) fn side_writes() -> SideWritesFn {
    std::sync::Arc::new(|info: &ResourceInfo, old: Option<&dyn Object>, new: Option<&dyn Object>| {
        match (info.group, info.resource) {
            ("", "services") => ip_addresses::writes(as_service(old), as_service(new)),
            ("apiregistration.k8s.io", "apiservices") => new
                .and_then(|o| to_value(o).ok())
                .and_then(|v| api_services::availability(info, &v, kapi_machinery::types::Time::now()))
                .into_iter()
                .collect(),
            _ => Vec::new(),
        }
    })
}

fn as_service(o: Option<&dyn Object>) -> Option<&Service> {
    o.and_then(|o| o.as_any().downcast_ref::<Service>())
}

/// The persistent volume strategy's `PrepareForCreate`: `Pending` since `now` (the
/// `PersistentVolumeLastPhaseTransitionTime` behaviour, GA since 1.31).
fn volume_for_create(pv: &mut kapi_api::core::v1::PersistentVolume, now: kapi_machinery::types::Time) {
    pv.status = Default::default();
    pv.status.phase.0 = kapi_api::core::v1::PersistentVolumePhase::PENDING.into();
    pv.status.last_phase_transition_time = Some(now);
}

/// The service account strategy's `cleanSecretReferences`: each of `secrets` keeps only its name.
fn clean_secret_references(sa: &mut kapi_api::core::v1::ServiceAccount) {
    for secret in &mut sa.secrets {
        *secret = kapi_api::core::v1::ObjectReference { name: std::mem::take(&mut secret.name), ..Default::default() };
    }
}

/// The certificate signing request strategy's `PrepareForCreate`: whatever the request says of
/// its requester is replaced by the user who sent it (`spec.username`, `uid`, `groups` and
/// `extra`, a service account token's pod, node and credential id).
pub(crate) fn csr_requester(doc: &mut Value, username: &str, uid: &str, groups: &[String], extra: Option<Value>) {
    let Some(spec) = object_member_mut(doc, "spec") else { return };
    let text = |s: &str| (!s.is_empty()).then(|| Value::String(s.to_owned()));
    set_member(spec, "username", text(username));
    set_member(spec, "uid", text(uid));
    set_member(
        spec,
        "groups",
        (!groups.is_empty()).then(|| Value::Array(groups.iter().cloned().map(Value::String).collect())),
    );
    set_member(spec, "extra", extra);
}

/// The namespace strategy's `PrepareForCreate`: phase `Active`, and the `kubernetes` finalizer
/// the namespace controller removes once the namespace is emptied (added after any others).
fn namespace_for_create(ns: &mut Value) {
    set_member(ns, "status", Some(Value::Object(vec![("phase".into(), Value::String("Active".into()))])));
    let Some(spec) = object_member_mut(ns, "spec") else { return };
    let mut finalizers = match spec.get("finalizers") {
        Some(Value::Array(items)) => items.clone(),
        _ => Vec::new(),
    };
    if !finalizers.iter().any(|f| f.as_str() == Some(NAMESPACE_FINALIZER)) {
        finalizers.push(Value::String(NAMESPACE_FINALIZER.into()));
    }
    set_member(spec, "finalizers", Some(Value::Array(finalizers)));
}

/// The namespace strategy's `PrepareForUpdate`: the spec's finalizers change only through the
/// `finalize` subresource, the status only through `status`.
fn namespace_for_update(ns: &mut Value, old: &Value) {
    let old_finalizers = old.get("spec").and_then(|s| s.get("finalizers")).cloned();
    if let Some(spec) = object_member_mut(ns, "spec") {
        set_member(spec, "finalizers", old_finalizers);
    }
    set_member(ns, "status", old.get("status").cloned());
}

/// Edits the object as JSON with `f`, which also gets the stored object's JSON on an update.
fn edit(
    info: &ResourceInfo,
    obj: &mut Box<dyn Object>,
    old: Option<&dyn Object>,
    f: impl FnOnce(&mut Value, Option<&Value>),
) -> Result<()> {
    let old = old.map(to_value).transpose()?;
    let mut doc = to_value(obj.as_ref())?;
    f(&mut doc, old.as_ref());
    *obj = from_value(info, &doc)?;
    Ok(())
}

/// Upstream's job `generateSelector`, unless `spec.manualSelector` is true: the pod template
/// gets the job-name and controller-uid labels (each only when the template does not set it,
/// so a conflicting value is left for validation to refuse) and the selector matches the uid.
fn generate_job_selector(job: &mut Value) {
    let text = |v: Option<&Value>| v.and_then(Value::as_str).unwrap_or_default().to_owned();
    let name = text(job.get("metadata").and_then(|m| m.get("name")));
    let uid = text(job.get("metadata").and_then(|m| m.get("uid")));
    let Some(spec) = object_member_mut(job, "spec") else { return };
    if matches!(spec.get("manualSelector"), Some(Value::Bool(true))) {
        return;
    }
    if let Some(template) = object_member_mut(spec, "template")
        && let Some(meta) = object_member_mut(template, "metadata")
        && let Some(labels) = object_member_mut(meta, "labels")
    {
        for key in JOB_NAME_LABELS {
            add_if_missing(labels, key, &name);
        }
        for key in CONTROLLER_UID_LABELS {
            add_if_missing(labels, key, &uid);
        }
    }
    if let Some(selector) = object_member_mut(spec, "selector")
        && let Some(match_labels) = object_member_mut(selector, "matchLabels")
    {
        add_if_missing(match_labels, CONTROLLER_UID_LABEL, &uid);
    }
}

fn add_if_missing(map: &mut Value, key: &str, value: &str) {
    if map.get(key).is_none() {
        set_member(map, key, Some(Value::String(value.to_owned())));
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use kapi_machinery::json::value::parse;

    fn labels(v: &Value, path: &[&str]) -> String {
        let mut at = v;
        for p in path {
            at = at.get(p).expect("present");
        }
        String::from_utf8(at.to_compact_vec()).expect("JSON is UTF-8")
    }

    #[test]
    fn a_job_gets_upstreams_selector_and_labels() {
        let mut job = parse(br#"{"metadata":{"name":"pi","uid":"u-1"},"spec":{"template":{"spec":{}}}}"#).unwrap();
        generate_job_selector(&mut job);
        assert_eq!(
            labels(&job, &["spec", "template", "metadata", "labels"]),
            r#"{"job-name":"pi","batch.kubernetes.io/job-name":"pi","controller-uid":"u-1","batch.kubernetes.io/controller-uid":"u-1"}"#
        );
        assert_eq!(
            labels(&job, &["spec", "selector"]),
            r#"{"matchLabels":{"batch.kubernetes.io/controller-uid":"u-1"}}"#
        );
    }

    #[test]
    fn labels_the_user_set_stay_for_validation_to_judge() {
        let mut job = parse(
            br#"{"metadata":{"name":"pi","uid":"u-1"},"spec":{"selector":{"matchLabels":{"batch.kubernetes.io/controller-uid":"other"}},"template":{"metadata":{"labels":{"job-name":"mine"}}}}}"#,
        )
        .unwrap();
        generate_job_selector(&mut job);
        let template = labels(&job, &["spec", "template", "metadata", "labels"]);
        assert!(template.starts_with(r#"{"job-name":"mine","batch.kubernetes.io/job-name":"pi""#), "{template}");
        assert_eq!(
            labels(&job, &["spec", "selector", "matchLabels"]),
            r#"{"batch.kubernetes.io/controller-uid":"other"}"#
        );
    }

    #[test]
    fn a_namespace_is_created_active_with_the_kubernetes_finalizer_last() {
        let mut ns =
            parse(br#"{"metadata":{"name":"a"},"spec":{"finalizers":["x"]},"status":{"phase":"Terminating"}}"#)
                .unwrap();
        namespace_for_create(&mut ns);
        assert_eq!(labels(&ns, &["spec"]), r#"{"finalizers":["x","kubernetes"]}"#);
        assert_eq!(labels(&ns, &["status"]), r#"{"phase":"Active"}"#);
        let mut ns = parse(br#"{"metadata":{"name":"a"}}"#).unwrap();
        namespace_for_create(&mut ns);
        assert_eq!(labels(&ns, &["spec"]), r#"{"finalizers":["kubernetes"]}"#);
    }

    #[test]
    fn a_namespace_update_keeps_the_finalizers_and_status() {
        let old = parse(br#"{"spec":{"finalizers":["kubernetes"]},"status":{"phase":"Active"}}"#).unwrap();
        let mut ns = parse(br#"{"metadata":{"labels":{"a":"b"}},"spec":{"finalizers":[]},"status":{}}"#).unwrap();
        namespace_for_update(&mut ns, &old);
        assert_eq!(
            String::from_utf8(ns.to_compact_vec()).unwrap(),
            r#"{"metadata":{"labels":{"a":"b"}},"spec":{"finalizers":["kubernetes"]},"status":{"phase":"Active"}}"#
        );
    }

    #[test]
    fn a_daemon_sets_template_generation_starts_at_one_and_follows_its_template() {
        let annotation = |v: &Value| labels(v, &["metadata", "annotations", TEMPLATE_GENERATION]);
        let mut ds = parse(br#"{"metadata":{"name":"d"},"spec":{"template":{"spec":{"x":1}}}}"#).unwrap();
        template_generation(&mut ds, None);
        assert_eq!(annotation(&ds), r#""1""#);
        // What a create asks for is kept from 1 up; an update's is replaced by the old value.
        let mut asked =
            parse(br#"{"metadata":{"annotations":{"deprecated.daemonset.template.generation":"7"}}}"#).unwrap();
        template_generation(&mut asked, None);
        assert_eq!(annotation(&asked), r#""7""#);
        let mut same = parse(
            br#"{"metadata":{"annotations":{"deprecated.daemonset.template.generation":"9"}},"spec":{"minReadySeconds":5,"template":{"spec":{"x":1}}}}"#,
        )
        .unwrap();
        template_generation(&mut same, Some(&ds));
        assert_eq!(annotation(&same), r#""1""#);
        let mut changed = parse(br#"{"spec":{"template":{"spec":{"x":2}}}}"#).unwrap();
        template_generation(&mut changed, Some(&ds));
        assert_eq!(annotation(&changed), r#""2""#);
    }

    #[test]
    fn generation_rules_follow_upstreams_strategies() {
        let v = |t: &[u8]| parse(t).unwrap();
        let spec = v(br#"{"metadata":{"annotations":{"a":"1"}},"spec":{"replicas":1},"status":{"x":1}}"#);
        let respec = v(br#"{"metadata":{"annotations":{"a":"1"}},"spec":{"replicas":2},"status":{"x":1}}"#);
        let annotated = v(br#"{"metadata":{"annotations":{"a":"2"}},"spec":{"replicas":1},"status":{"x":1}}"#);
        let restatus = v(br#"{"metadata":{"annotations":{"a":"1"}},"spec":{"replicas":1},"status":{"x":2}}"#);
        let deployments = generation_of("apps", "deployments");
        assert!(deployments.bumped(&spec, &respec, None));
        assert!(deployments.bumped(&spec, &annotated, None));
        assert!(!deployments.bumped(&spec, &restatus, None));
        assert!(!deployments.bumped(&spec, &respec, Some("status")));
        let replica_sets = generation_of("apps", "replicasets");
        assert!(!replica_sets.bumped(&spec, &annotated, None));
        // Kinds without a spec rule never get a generation.
        assert_eq!(generation_of("", "configmaps"), Generation::Untracked);
        // Nor, in 1.36, horizontal pod autoscalers (their `HPAGeneration` gate came later).
        assert_eq!(generation_of("autoscaling", "horizontalpodautoscalers"), Generation::Untracked);
        // Controller revisions and events: their strategies have no generation rule.
        assert_eq!(generation_of("apps", "controllerrevisions"), Generation::Untracked);
        assert_eq!(generation_of("", "events"), Generation::Untracked);
        assert_eq!(generation_of("", "services"), Generation::Untracked);
        assert!(!generation_of("", "namespaces").bumped(&spec, &respec, None));
        // Pods' spec moves through two subresources too.
        let pods = generation_of("", "pods");
        assert!(pods.bumped(&spec, &respec, Some("ephemeralcontainers")));
        assert!(!pods.bumped(&spec, &respec, Some("status")));
        // Custom resources: anything but metadata, the status too when it is the main resource's.
        // Kubernetes' groups without a rule have none; other groups' kinds are custom resources.
        assert_eq!(generation_of("coordination.k8s.io", "leases"), Generation::Untracked);
        assert_eq!(generation_of("example.kapi.io", "websites"), Generation::ALL_BUT_METADATA);
        let custom = generation_of("example.com", "widgets");
        assert!(custom.bumped(&spec, &restatus, None));
        assert!(!custom.bumped(&spec, &annotated, None));
        let slices = generation_of("discovery.k8s.io", "endpointslices");
        let labelled = v(br#"{"metadata":{"labels":{"b":"1"}},"spec":{"replicas":1},"status":{"x":1}}"#);
        assert!(slices.bumped(&v(br#"{"metadata":{},"spec":{"replicas":1},"status":{"x":1}}"#), &labelled, None));
        let templates = generation_of("", "podtemplates");
        let template = v(br#"{"metadata":{"labels":{"a":"1"}},"template":{"spec":{"x":1}}}"#);
        let retemplated = v(br#"{"metadata":{"labels":{"a":"1"}},"template":{"spec":{"x":2}}}"#);
        let relabelled = v(br#"{"metadata":{"labels":{"a":"2"}},"template":{"spec":{"x":1}}}"#);
        assert!(templates.bumped(&template, &retemplated, None));
        assert!(!templates.bumped(&template, &relabelled, None));
        // CSI drivers: bumped with the spec, but a create sets none.
        let drivers = generation_of("storage.k8s.io", "csidrivers");
        assert!(drivers.bumped(&spec, &respec, None));
        assert!(!drivers.bumped(&spec, &annotated, None));
        assert!(!drivers.set_on_create());
        assert!(generation_of("apps", "replicasets").set_on_create());
        assert!(!generation_of("", "configmaps").set_on_create());
        let classes = generation_of("scheduling.k8s.io", "priorityclasses");
        assert!(!classes.bumped(&spec, &respec, None));
        assert_ne!(classes, Generation::Untracked);
    }

    #[test]
    fn volumes_start_pending_and_service_accounts_keep_secret_names_only() {
        let mut pv = kapi_api::core::v1::PersistentVolume::default();
        pv.status.phase.0 = "Bound".into();
        pv.status.message = "mine".into();
        let now = kapi_machinery::types::Time::now();
        volume_for_create(&mut pv, now);
        assert_eq!((pv.status.phase.0.as_str(), pv.status.message.as_str()), ("Pending", ""));
        assert_eq!(pv.status.last_phase_transition_time, Some(now));
        let mut sa = kapi_api::core::v1::ServiceAccount {
            secrets: vec![kapi_api::core::v1::ObjectReference {
                name: "token".into(),
                namespace: "other".into(),
                uid: "u".into(),
                ..Default::default()
            }],
            ..Default::default()
        };
        clean_secret_references(&mut sa);
        assert_eq!(
            sa.secrets,
            vec![kapi_api::core::v1::ObjectReference { name: "token".into(), ..Default::default() }]
        );
    }

    #[test]
    fn a_volumes_phase_change_is_dated_unless_the_write_dates_it() {
        use kapi_api::core::v1::{PersistentVolume, PersistentVolumePhase};
        use kapi_machinery::types::Time;
        let (t0, t1, now) = (Time::from_unix(100), Time::from_unix(200), Time::from_unix(300));
        let volume = |phase: &str, at: Option<Time>| {
            let mut pv = PersistentVolume::default();
            pv.status.phase = PersistentVolumePhase(phase.into());
            pv.status.last_phase_transition_time = at;
            pv
        };
        let old = volume("Pending", Some(t0));
        for (new, want) in [
            (volume("Pending", None), Some(t0)),
            (volume("Pending", Some(t1)), Some(t1)),
            (volume("Bound", None), Some(now)),
            (volume("Bound", Some(t0)), Some(now)),
            (volume("Bound", Some(t1)), Some(t1)),
        ] {
            let mut pv = new;
            volume_status_update(&mut pv, &old, now);
            assert_eq!(pv.status.last_phase_transition_time, want, "{:?}", pv.status.phase);
        }
    }

    #[test]
    fn a_certificate_request_names_who_sent_it() {
        let mut csr = parse(
            br#"{"spec":{"request":"cg==","username":"admin","groups":["system:masters"],"extra":{"a":["b"]},"signerName":"x/y"}}"#,
        )
        .unwrap();
        csr_requester(&mut csr, "alice", "", &["dev".to_owned(), "system:authenticated".to_owned()], None);
        assert_eq!(
            String::from_utf8(csr.to_compact_vec()).unwrap(),
            r#"{"spec":{"request":"cg==","username":"alice","groups":["dev","system:authenticated"],"signerName":"x/y"}}"#
        );
    }

    #[test]
    fn a_manual_selector_is_left_alone() {
        let text = br#"{"metadata":{"name":"pi","uid":"u-1"},"spec":{"manualSelector":true,"template":{}}}"#;
        let mut job = parse(text).unwrap();
        generate_job_selector(&mut job);
        assert_eq!(job, parse(text).unwrap());
    }
}
