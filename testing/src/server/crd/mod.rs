//! Custom resources: the `CustomResourceDefinition`s written to the server are checked (by kapi-api's `apiextensions::v1::validation`, through the scheme), get their
//! status (accepted names, stored versions, `NamesAccepted` and `Established`) and have their
//! served versions served as resources of JSON objects that are pruned, defaulted and validated
//! from the structural schema, with `status` and `scale` subresources; a deleted definition
//! gets the cleanup finalizer and stays, `Terminating`, until its objects are gone ([`cleanup`]).
//!
//! The served versions share one store, read with each version's `apiVersion` (conversion
//! `None`) or converted by the definition's conversion webhook ([`conversion`]). The CEL rules of schemas
//! (`x-kubernetes-validations`) are compiled when a definition is written and evaluated on every
//! create and update of its objects (kapi-api's `apiextensions::v1::rules`, on kapi-cel):
//! transition rules (`oldSelf`) only on update where an old value exists, failures with
//! upstream's paths and messages (`fieldPath`, `reason`, `messageExpression` honoured), under
//! upstream's per-rule cost limit and per-object budget. CEL covers literals, selection, indexing,
//! `has`, arithmetic with overflow errors, comparisons, logic with CEL's error semantics, `?:`,
//! `in`, the macros, conversions, the string, list and quantity libraries of Kubernetes, and
//! equality of `set` and `map` lists ignoring order; not covered are static type checking beyond
//! selected fields (other type errors surface at run time), timestamps, durations, optionals,
//! the `url`/`ip`/`cidr`/`format` libraries, ratcheting, and the cost estimate at definition
//! time.

mod cleanup;
pub(crate) mod columns;
pub(crate) mod conversion;
mod deprecation;
pub(crate) mod object;
mod openapi;
pub(crate) mod protobuf_body;
mod scale;
mod types;

use std::collections::{BTreeMap, HashMap};
use std::sync::{Arc, RwLock};

use kapi_api::apiextensions::v1::rules;
use kapi_api::apiextensions::v1::{
    ConditionStatus, ConversionStrategyType, CustomResourceDefinition, CustomResourceDefinitionCondition,
    CustomResourceDefinitionConditionType, CustomResourceDefinitionStatus, ResourceScope,
};
use kapi_api::meta::errors as api_errors;
use kapi_api::meta::resource::ResourceInfo;
use kapi_api::meta::v1::{DeleteOptions, ListOptions, UpdateOptions};
use kapi_machinery::json::value::Value;
use kapi_machinery::types::Time;
use kapi_machinery::{GroupVersionResource, Object};

use super::ApiServer;
use super::patch::MergeRules;
use crate::tracker::Result;
use kapi_api::apiextensions::v1::schema::{self, Schema};
use object::CustomObject;
pub(crate) use scale::ScalePaths;

/// The group of `CustomResourceDefinition`s.
pub(crate) const GROUP: &str = "apiextensions.k8s.io";
/// Their resource.
const RESOURCE: &str = "customresourcedefinitions";

/// What the server knows of one served version of a custom resource.
#[derive(Debug, Clone)]
pub(crate) struct Served {
    /// The definition's name (`widgets.example.com`).
    pub(crate) crd: String,
    pub(crate) info: ResourceInfo,
    pub(crate) list_kind: String,
    /// The version's structural schema (`openAPIV3Schema`), if it has one.
    pub(crate) schema: Option<Schema>,
    /// The `scale` subresource's paths.
    pub(crate) scale: Option<scale::ScalePaths>,
    /// The version's table columns (`additionalPrinterColumns`).
    pub(crate) columns: Arc<columns::Columns>,
    /// The JSONPaths of the version's `selectableFields`.
    pub(crate) selectable_fields: Vec<String>,
    /// The resource whose store holds the objects of every version of the definition (the
    /// storage version's, or the first served one's when that is not served): with conversion
    /// `None`, versions differ only in `apiVersion`.
    pub(crate) store: GroupVersionResource,
    /// The definition's `Terminating` condition is `True`: it is being deleted and still has
    /// objects, which are served (to have their finalizers removed) but not created.
    pub(crate) terminating: bool,
    /// The conversion webhook of a definition with `conversion.strategy: Webhook`.
    pub(crate) webhook: Option<kapi_api::apiextensions::v1::WebhookConversion>,
    /// The warning every request to a deprecated version carries.
    pub(crate) deprecation: Option<String>,
}

impl Served {
    fn api_version(&self) -> String {
        format!("{}/{}", self.info.group, self.info.version)
    }

    fn has_status(&self) -> bool {
        self.info.subresource("status").is_some()
    }
}

/// The custom resources being served, by group, version and resource.
#[derive(Debug, Default)]
pub(crate) struct Registry {
    served: RwLock<HashMap<GroupVersionResource, Arc<Served>>>,
}

impl Registry {
    pub(crate) fn get(&self, gvr: &GroupVersionResource) -> Option<Arc<Served>> {
        self.served.read().unwrap_or_else(std::sync::PoisonError::into_inner).get(gvr).cloned()
    }

    /// Every served custom resource version.
    pub(crate) fn all(&self) -> Vec<Arc<Served>> {
        let served = self.served.read().unwrap_or_else(std::sync::PoisonError::into_inner);
        let mut all: Vec<_> = served.values().cloned().collect();
        all.sort_by_key(|a| a.info.gvr());
        all
    }
}

/// Whether a resource is `apiextensions.k8s.io/v1` `customresourcedefinitions`.
fn is_crd_v1(info: &ResourceInfo) -> bool {
    info.group == GROUP && info.version == "v1" && info.resource == RESOURCE
}

impl ApiServer {
    /// The deprecation warning of a request to a custom resource version, if it is deprecated.
    pub(super) fn crd_deprecation(&self, info: &ResourceInfo) -> Option<String> {
        self.served_custom(info).and_then(|s| s.deprecation.clone())
    }

    /// Whether a CustomResourceDefinition serves the resource.
    pub(super) fn is_custom(&self, info: &ResourceInfo) -> bool {
        self.served_custom(info).is_some()
    }

    /// The custom resource a request is for, if it is one.
    fn served_custom(&self, info: &ResourceInfo) -> Option<Arc<Served>> {
        self.crds.get(&info.gvr())
    }

    /// The table columns of a custom resource version, if the request is for one.
    pub(super) fn crd_columns(&self, info: &ResourceInfo) -> Option<Arc<columns::Columns>> {
        self.served_custom(info).map(|s| s.columns.clone())
    }

    /// Before the field-validation findings are sorted: prunes a custom object's unknown fields
    /// (each one a finding, `unknown field "spec.foo"`), sets its defaults and its `apiVersion`
    /// and `kind`.
    pub(super) fn crd_prune(&self, info: &ResourceInfo, obj: &mut dyn Object, found: &mut Vec<String>) -> Result<()> {
        let Some(served) = self.served_custom(info) else { return Ok(()) };
        let Some(custom) = object::as_custom(obj) else { return Ok(()) };
        let mut doc = custom.to_value();
        if let Some(s) = &served.schema {
            let mut pruned = Vec::new();
            schema::prune(&mut doc, s, &mut pruned);
            found.extend(pruned.into_iter().map(|p| format!("unknown field {p:?}")));
            schema::default(&mut doc, s);
        }
        schema::sort_members(&mut doc);
        let mut out = CustomObject::from_value(&doc)
            .map_err(|e| api_errors::bad_request(format!("the custom object cannot be read: {e}")))?;
        out.type_meta.api_version = served.api_version();
        out.type_meta.kind = served.info.kind.to_owned();
        // Metadata stays as decoded: re-encoding it is lossless, and this keeps fields the
        // handler set since.
        out.metadata = std::mem::take(&mut custom.metadata);
        *custom = out;
        Ok(())
    }

    /// After defaulting: a definition is checked as upstream validates it, a custom object
    /// against its schema (without the part a write through the other endpoint keeps: `status`
    /// on the object, everything else on `/status`).
    pub(super) fn crd_validate(&self, info: &ResourceInfo, subresource: Option<&str>, obj: &dyn Object) -> Result<()> {
        if is_crd_v1(info) {
            // A write through `status` keeps the stored spec (the tracker takes only the status
            // from it), so its spec is not checked, as upstream's status strategy checks only
            // metadata and status.
            if subresource == Some("status") {
                return Ok(());
            }
            // Upstream's checks of a definition are the scheme's (kapi-api's
            // `apiextensions::v1::validation`, which the tracker runs on every write).
            return Ok(());
        }
        let Some(served) = self.served_custom(info) else { return Ok(()) };
        let (Some(s), Some(custom)) = (&served.schema, obj.as_any().downcast_ref::<CustomObject>()) else {
            return Ok(());
        };
        let doc = checked_part(custom, served.has_status(), subresource);
        let errs = schema::validate(&doc, s);
        if errs.is_empty() {
            Ok(())
        } else {
            Err(api_errors::invalid(info.group, info.kind, &custom.metadata.name, &errs))
        }
    }

    /// After the schema check of a create (`old` `None`) or an update: evaluates the
    /// `x-kubernetes-validations` rules of a custom object, transition rules against the stored
    /// object, over the same part of the object [`Self::crd_validate`] checks.
    pub(super) fn crd_rules(
        &self,
        info: &ResourceInfo,
        subresource: Option<&str>,
        old: Option<&dyn Object>,
        obj: &dyn Object,
    ) -> Result<()> {
        let Some(served) = self.served_custom(info) else { return Ok(()) };
        let Some(s) = &served.schema else { return Ok(()) };
        let Some(custom) = obj.as_any().downcast_ref::<CustomObject>() else { return Ok(()) };
        let part = |c: &CustomObject| checked_part(c, served.has_status(), subresource);
        let old_doc = old.and_then(|o| o.as_any().downcast_ref::<CustomObject>()).map(part);
        let errs = rules::validate(&part(custom), old_doc.as_ref(), s);
        if errs.is_empty() {
            Ok(())
        } else {
            Err(api_errors::invalid(info.group, info.kind, &custom.metadata.name, &errs))
        }
    }

    /// The paths of a custom resource's `scale` subresource; `None` for other resources.
    pub(super) fn crd_scale_paths(&self, info: &ResourceInfo) -> Option<ScalePaths> {
        self.served_custom(info).and_then(|s| s.scale.clone())
    }

    /// Custom resources take no strategic merge patches, as upstream's.
    pub(super) fn crd_refuses_strategic(&self, info: &ResourceInfo) -> bool {
        self.served_custom(info).is_some()
    }

    /// Sets a custom list's `apiVersion` and `kind` (one Rust type holds every custom list).
    pub(super) fn crd_list(&self, info: &ResourceInfo, list: &mut dyn Object) {
        if let Some(served) = self.served_custom(info) {
            object::set_list_type(list, &served.api_version(), &served.list_kind);
        }
    }

    /// After a request to `customresourcedefinitions`: brings the definitions' status and the
    /// served custom resources up to date.
    pub(super) fn crd_after_request(&self, info: &ResourceInfo, method: &http::Method) {
        if method == http::Method::GET {
            return;
        }
        // A write to the objects of a definition being deleted may have let the last of them go.
        let terminating = || self.served_custom(info).is_some_and(|s| s.terminating);
        if (info.group == GROUP && info.resource == RESOURCE) || terminating() {
            self.reconcile_crds();
        }
    }

    /// Computes every definition's status (names accepted in creation order, as upstream's naming
    /// controller would over time), stores the changed ones, serves the established definitions'
    /// versions and stops serving (deleting the objects of) those that are gone.
    pub(crate) fn reconcile_crds(&self) {
        let gvr = GroupVersionResource::new(GROUP, "v1", RESOURCE);
        let Ok((items, _)) = self.tracker.list(&gvr, "", &ListOptions::default()) else { return };
        let mut crds: Vec<CustomResourceDefinition> = items
            .into_iter()
            .filter_map(|o| o.into_any().downcast::<CustomResourceDefinition>().ok().map(|b| *b))
            .collect();
        // Definitions already established hold their names; the others are considered oldest
        // first, as upstream's naming controller sees them arrive.
        crds.sort_by_cached_key(|c| {
            (!is_established(c), c.metadata.creation_timestamp.format_rfc3339(), c.metadata.name.clone())
        });
        let mut desired: BTreeMap<GroupVersionResource, Arc<Served>> = BTreeMap::new();
        // Definitions the finalizing controller has removed in this round.
        let mut gone = vec![false; crds.len()];
        for i in 0..crds.len() {
            let status = {
                let others: Vec<&CustomResourceDefinition> =
                    crds.iter().enumerate().filter(|(j, _)| *j != i && !gone[*j]).map(|(_, c)| c).collect();
                status_of(&crds[i], &others)
            };
            if status != crds[i].status {
                let mut updated = crds[i].clone();
                updated.status = status;
                crds[i] = match self.tracker.update_subresource(
                    &gvr,
                    "status",
                    "",
                    Box::new(updated.clone()),
                    &UpdateOptions::default(),
                ) {
                    Ok(stored) => stored.into_any().downcast::<CustomResourceDefinition>().map_or(updated, |c| *c),
                    Err(_) => updated,
                };
            }
            if cleanup::needs_finalizing(&crds[i]) {
                match self.finalize_crd(crds[i].clone()) {
                    Ok(Some(c)) => crds[i] = c,
                    Ok(None) => {
                        gone[i] = true;
                        continue;
                    }
                    // Tried again after the next write to a definition or its objects.
                    Err(_) => {}
                }
            }
            let crd = &crds[i];
            // A definition being deleted is served until it is gone, so that its objects'
            // finalizers can be removed.
            if is_established(crd) {
                let terminating = condition(crd, "Terminating").is_some_and(|c| c.status.0 == ConditionStatus::TRUE);
                for mut served in served_versions(crd) {
                    served.terminating = terminating;
                    desired.insert(served.info.gvr(), Arc::new(served));
                }
            }
        }
        let previous =
            std::mem::take(&mut *self.crds.served.write().unwrap_or_else(std::sync::PoisonError::into_inner));
        for (gvr, old) in &previous {
            let kept =
                desired.get(gvr).is_some_and(|d| d.crd == old.crd && d.store == old.store && d.webhook == old.webhook);
            if kept {
                continue;
            }
            // A definition that is gone takes its objects along (watchers see every object
            // deleted, as upstream's finalizer deletes them); a version no longer served just
            // stops being served.
            let definition_gone = !desired.values().any(|d| d.crd == old.crd && d.store == old.store);
            if definition_gone && *gvr == old.store {
                let opts = DeleteOptions::default();
                let _ = self.tracker.delete_collection(gvr, "", &ListOptions::default(), &opts);
            }
            self.tracker.unregister(gvr);
        }
        // Stores first, so the views have theirs.
        let mut order: Vec<&Arc<Served>> = desired.values().collect();
        order.sort_by_key(|s| s.info.gvr() != s.store);
        for served in order {
            let gvr = served.info.gvr();
            if gvr == served.store {
                self.tracker.register(served.info);
            } else {
                self.tracker.register_view(served.info, &served.store);
            }
            // `None`: the versions differ in `apiVersion` only; `Webhook`: the webhook converts
            // what is written into the storage version and what is read out of it.
            let convert: crate::tracker::ConvertFn = match &served.webhook {
                Some(w) => {
                    let webhook = conversion::WebhookConverter::new(w.clone(), Arc::clone(&self.webhook_services));
                    Arc::new(move |obj: Box<dyn Object>, info: &ResourceInfo| webhook.convert(obj, info))
                }
                None => Arc::new(|mut obj: Box<dyn Object>, info: &ResourceInfo| {
                    object::show_version(obj.as_mut(), info);
                    Ok(obj)
                }),
            };
            self.tracker.set_conversion(&gvr, convert);
            let fields = served.selectable_fields.iter().map(String::as_str);
            self.tracker.set_custom_fields(&gvr, crate::tracker::CustomFields::new(served.info.namespaced, fields));
            let rules = match &served.schema {
                Some(s) => MergeRules::of(types::type_schema(s)),
                None => MergeRules::metadata_only(),
            };
            self.merge_rules.write().unwrap_or_else(std::sync::PoisonError::into_inner).insert(gvr, rules);
        }
        let mut map = self.crds.served.write().unwrap_or_else(std::sync::PoisonError::into_inner);
        *map = desired.into_iter().collect();
    }
}

fn condition(crd: &CustomResourceDefinition, ty: &str) -> Option<CustomResourceDefinitionCondition> {
    crd.status.conditions.iter().flatten().find(|c| c.r#type.0 == ty).cloned()
}

fn is_established(crd: &CustomResourceDefinition) -> bool {
    condition(crd, CustomResourceDefinitionConditionType::ESTABLISHED)
        .is_some_and(|c| c.status.0 == ConditionStatus::TRUE)
}

/// The names other definitions of the group have been accepted under.
fn used_names<'a>(group: &str, others: &[&'a CustomResourceDefinition]) -> (Vec<&'a str>, Vec<&'a str>) {
    let mut resources = Vec::new();
    let mut kinds = Vec::new();
    for o in others.iter().filter(|o| o.spec.group == group) {
        let n = &o.status.accepted_names;
        resources.push(n.plural.as_str());
        resources.push(n.singular.as_str());
        resources.extend(n.short_names.iter().map(String::as_str));
        kinds.push(n.kind.as_str());
        kinds.push(n.list_kind.as_str());
    }
    (resources, kinds)
}

/// The status upstream's naming and establishing controllers converge on.
fn status_of(crd: &CustomResourceDefinition, others: &[&CustomResourceDefinition]) -> CustomResourceDefinitionStatus {
    let (resources, kinds) = used_names(&crd.spec.group, others);
    let requested = &crd.spec.names;
    let accepted = &crd.status.accepted_names;
    let mut names = accepted.clone();
    let mut conflict: Option<(&str, String)> = None;
    let fresh = |want: &str, have: &str, used: &[&str]| want == have || !used.contains(&want);
    let in_use = |name: &str| format!("{name:?} is already in use");
    if fresh(&requested.plural, &accepted.plural, &resources) {
        names.plural = requested.plural.clone();
    } else {
        conflict = Some(("PluralConflict", in_use(&requested.plural)));
    }
    if fresh(&requested.singular, &accepted.singular, &resources) {
        names.singular = requested.singular.clone();
    } else {
        conflict = Some(("SingularConflict", in_use(&requested.singular)));
    }
    if requested.short_names != accepted.short_names {
        let taken: Vec<String> = requested
            .short_names
            .iter()
            .filter(|s| !accepted.short_names.contains(s) && resources.contains(&s.as_str()))
            .map(|s| in_use(s))
            .collect();
        if taken.is_empty() {
            names.short_names = requested.short_names.clone();
        } else {
            let msg = if taken.len() == 1 { taken[0].clone() } else { format!("[{}]", taken.join(", ")) };
            conflict = Some(("ShortNamesConflict", msg));
        }
    }
    if fresh(&requested.kind, &accepted.kind, &kinds) {
        names.kind = requested.kind.clone();
    } else {
        conflict = Some(("KindConflict", in_use(&requested.kind)));
    }
    if fresh(&requested.list_kind, &accepted.list_kind, &kinds) {
        names.list_kind = requested.list_kind.clone();
    } else {
        conflict = Some(("ListKindConflict", in_use(&requested.list_kind)));
    }
    names.categories = requested.categories.clone();
    let (accepted_status, reason, message) = match &conflict {
        None => (ConditionStatus::TRUE, "NoConflicts", "no conflicts found".to_owned()),
        Some((r, m)) => (ConditionStatus::FALSE, *r, m.clone()),
    };
    let now = Time::now();
    let keep_time = |ty: &str, status: &str| {
        condition(crd, ty).filter(|c| c.status.0 == status).map_or(now, |c| c.last_transition_time)
    };
    let names_accepted = CustomResourceDefinitionCondition {
        r#type: CustomResourceDefinitionConditionType(CustomResourceDefinitionConditionType::NAMES_ACCEPTED.into()),
        status: ConditionStatus(accepted_status.into()),
        last_transition_time: keep_time(CustomResourceDefinitionConditionType::NAMES_ACCEPTED, accepted_status),
        reason: reason.into(),
        message,
        observed_generation: 0,
    };
    let established = match condition(crd, CustomResourceDefinitionConditionType::ESTABLISHED) {
        Some(c) if c.status.0 == ConditionStatus::TRUE => c,
        // Upstream's establishing controller turns `Installing` into `Established` once the
        // names are accepted; here that is at once.
        _ if conflict.is_none() => CustomResourceDefinitionCondition {
            r#type: CustomResourceDefinitionConditionType(CustomResourceDefinitionConditionType::ESTABLISHED.into()),
            status: ConditionStatus(ConditionStatus::TRUE.into()),
            last_transition_time: now,
            reason: "InitialNamesAccepted".into(),
            message: "the initial names have been accepted".into(),
            observed_generation: 0,
        },
        _ => CustomResourceDefinitionCondition {
            r#type: CustomResourceDefinitionConditionType(CustomResourceDefinitionConditionType::ESTABLISHED.into()),
            status: ConditionStatus(ConditionStatus::FALSE.into()),
            last_transition_time: keep_time(CustomResourceDefinitionConditionType::ESTABLISHED, ConditionStatus::FALSE),
            reason: "NotAccepted".into(),
            message: "not all names are accepted".into(),
            observed_generation: 0,
        },
    };
    let mut stored_versions = crd.status.stored_versions.clone().unwrap_or_default();
    if let Some(v) = crd.spec.versions.iter().flatten().find(|v| v.storage)
        && !stored_versions.contains(&v.name)
    {
        stored_versions.push(v.name.clone());
    }
    // Other conditions (set by someone else) are kept, after the two the server owns.
    let mut conditions = vec![names_accepted, established];
    conditions.extend(
        crd.status
            .conditions
            .iter()
            .flatten()
            .filter(|c| {
                c.r#type.0 != CustomResourceDefinitionConditionType::NAMES_ACCEPTED
                    && c.r#type.0 != CustomResourceDefinitionConditionType::ESTABLISHED
            })
            .cloned(),
    );
    let mut out = CustomResourceDefinitionStatus {
        conditions: Some(conditions),
        accepted_names: names,
        stored_versions: Some(stored_versions),
        observed_generation: crd.status.observed_generation,
    };
    // An unchanged status keeps its stored condition order and times.
    if same_conditions(&out, &crd.status) {
        out.conditions = crd.status.conditions.clone();
    }
    out
}

/// Whether two statuses' conditions say the same (type, status, reason, message), in any order.
fn same_conditions(a: &CustomResourceDefinitionStatus, b: &CustomResourceDefinitionStatus) -> bool {
    let key = |s: &CustomResourceDefinitionStatus| {
        let mut k: Vec<(String, String, String, String)> = s
            .conditions
            .iter()
            .flatten()
            .map(|c| (c.r#type.0.clone(), c.status.0.clone(), c.reason.clone(), c.message.clone()))
            .collect();
        k.sort();
        k
    };
    key(a) == key(b)
}

/// The served versions of an established definition, under its accepted names.
fn served_versions(crd: &CustomResourceDefinition) -> Vec<Served> {
    let names = &crd.status.accepted_names;
    let namespaced = crd.spec.scope.0 == ResourceScope::NAMESPACED;
    let versions = crd.spec.versions.as_deref().unwrap_or_default();
    let store_version = versions.iter().find(|v| v.storage && v.served).or_else(|| versions.iter().find(|v| v.served));
    let store = GroupVersionResource::new(
        &crd.spec.group,
        store_version.map(|v| v.name.as_str()).unwrap_or_default(),
        &names.plural,
    );
    crd.spec
        .versions
        .iter()
        .flatten()
        .filter(|v| v.served)
        .map(|v| {
            let subs = v.subresources.as_ref();
            let status = subs.is_some_and(|s| s.status.is_some());
            let scale = subs.and_then(|s| s.scale.as_ref()).map(|s| scale::ScalePaths {
                spec_replicas: s.spec_replicas_path.clone(),
                status_replicas: s.status_replicas_path.clone(),
                label_selector: s.label_selector_path.clone(),
            });
            let mut info = object::resource_info(
                &crd.spec.group,
                &v.name,
                &names.plural,
                &names.kind,
                &names.list_kind,
                namespaced,
                status,
                scale.is_some(),
            );
            // Discovery publishes the accepted short names and categories (`kubectl get ct`, `get all`).
            info.short_names = object::intern_list(&names.short_names);
            info.categories = object::intern_list(&names.categories);
            let schema = v.schema.as_ref().and_then(|s| s.open_apiv3_schema.as_deref()).and_then(schema::to_schema);
            let columns = Arc::new(columns::Columns::new(&v.additional_printer_columns));
            let selectable_fields = v.selectable_fields.iter().map(|f| f.json_path.clone()).collect();
            Served {
                crd: crd.metadata.name.clone(),
                info,
                list_kind: names.list_kind.clone(),
                schema,
                scale,
                columns,
                selectable_fields,
                store: store.clone(),
                terminating: false,
                webhook: crd
                    .spec
                    .conversion
                    .as_ref()
                    .filter(|c| c.strategy.0 == ConversionStrategyType::WEBHOOK)
                    .and_then(|c| c.webhook.clone()),
                deprecation: deprecation::warning(v, &crd.spec),
            }
        })
        .collect()
}

/// The part of a custom object a write checks: with a `status` subresource, a write to the object
/// leaves `status` out and a write to `/status` keeps only `status` (and the type and metadata).
fn checked_part(c: &CustomObject, has_status: bool, subresource: Option<&str>) -> Value {
    let mut doc = c.to_value();
    if has_status && let Value::Object(members) = &mut doc {
        match subresource {
            None => members.retain(|(k, _)| k != "status"),
            Some("status") => {
                members.retain(|(k, _)| matches!(k.as_str(), "apiVersion" | "kind" | "metadata" | "status"))
            }
            Some(_) => {}
        }
    }
    doc
}
