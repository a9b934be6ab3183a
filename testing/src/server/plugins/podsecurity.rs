//! The PodSecurity admission plugin: the Pod Security Standards a namespace's labels choose, enforced on pods, warned about on pod templates, and checked on the namespace labels themselves.
//!
//! Facts from upstream (`k8s.io/pod-security-admission/admission`, kube-apiserver's
//! `plugin/pkg/admission/security/podsecurity`): it validates creates and updates (after the
//! mutating plugins, before the validating admission policies and webhooks). Pods are refused
//! under the `enforce` level (`pods "p" is forbidden: violates PodSecurity "restricted:latest":
//! …`) and warned about under `warn` (`would violate PodSecurity "baseline:latest": …`); an
//! update counts only when it changes an image or adds a container; the `exec`, `attach`,
//! `binding`, `eviction`, `log`, `portforward`, `proxy` and `status` subresources pass. The
//! workloads that carry a pod template (replication controllers, pod templates, replica sets,
//! deployments, stateful sets, daemon sets, jobs, cron jobs) only get warnings. A namespace
//! with invalid labels is refused (`422`, unless an update keeps the same errors); a namespace
//! update that tightens `enforce` warns about the pods already there (at most 3,000 checked,
//! one pod per controller first), naming the first pod of each kind of violation.

use std::collections::{BTreeMap, HashSet};

use http::Method;
use kapi_api::core::v1::{Namespace, Pod, PodSpec};
use kapi_api::meta::errors::{self as api_errors, FieldError};
use kapi_api::meta::v1::{GetOptions, ListOptions};
use kapi_machinery::json::value::Value;
use kapi_machinery::validation::go_quote;

use super::super::ApiServer;
use super::super::call::Call;
use super::forbidden;
use crate::podsecurity::{Level, LevelVersion, PodView, Policy, Version, evaluate};
use crate::tracker::Result;

/// How many existing pods a namespace update checks, as upstream.
const MAX_PODS_TO_CHECK: usize = 3000;

/// The pod subresources PodSecurity lets pass.
const IGNORED_POD_SUBRESOURCES: [&str; 8] =
    ["exec", "attach", "binding", "eviction", "log", "portforward", "proxy", "status"];

/// The core and `apps`/`batch` resources that carry a pod template.
const TEMPLATE_RESOURCES: [(&str, &str); 8] = [
    ("", "replicationcontrollers"),
    ("", "podtemplates"),
    ("apps", "replicasets"),
    ("apps", "deployments"),
    ("apps", "statefulsets"),
    ("apps", "daemonsets"),
    ("batch", "jobs"),
    ("batch", "cronjobs"),
];

/// PodSecurity's configuration (kube-apiserver's `PodSecurityConfiguration` in its admission
/// configuration file): the policy of namespaces without labels, and what is exempt.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct PodSecurityConfig {
    /// The policy where a namespace's labels say nothing (`privileged:latest` for each mode,
    /// as kube-apiserver without a configuration).
    pub defaults: Policy,
    /// Users whose requests pass unchecked.
    pub exempt_usernames: Vec<String>,
    /// Namespaces whose pods pass unchecked.
    pub exempt_namespaces: Vec<String>,
    /// Runtime classes whose pods pass unchecked.
    pub exempt_runtime_classes: Vec<String>,
}

impl PodSecurityConfig {
    /// Reads kube-apiserver's `PodSecurityConfiguration` (`pod-security.admission.config.k8s.io`
    /// `v1`, `v1beta1` or `v1alpha1`), in YAML or JSON, or the `PodSecurity` plugin's inline
    /// `configuration` in an `AdmissionConfiguration` (`apiserver.config.k8s.io`; other plugins'
    /// entries are left alone). Unset defaults are `privileged` and `latest`; invalid levels,
    /// versions and exemptions are refused with upstream's field paths.
    pub fn parse(text: &[u8]) -> std::result::Result<PodSecurityConfig, String> {
        let doc = kapi_machinery::yaml::from_yaml(text, false).map_err(|e| e.to_string())?;
        let kind = doc.get("kind").and_then(Value::as_str).unwrap_or_default();
        let config = match kind {
            "PodSecurityConfiguration" => &doc,
            "AdmissionConfiguration" => {
                let plugins = match doc.get("plugins") {
                    Some(Value::Array(p)) => p.as_slice(),
                    _ => &[],
                };
                let plugin = plugins
                    .iter()
                    .find(|p| p.get("name").and_then(Value::as_str) == Some("PodSecurity"))
                    .ok_or("the admission configuration has no PodSecurity plugin")?;
                if plugin.get("path").is_some() && plugin.get("configuration").is_none() {
                    return Err(
                        "the PodSecurity plugin's configuration must be inline (`configuration`), not a `path`".into(),
                    );
                }
                plugin.get("configuration").ok_or("the PodSecurity plugin has no configuration")?
            }
            other => {
                return Err(format!(
                    "expected a PodSecurityConfiguration or an AdmissionConfiguration, found kind {other:?}"
                ));
            }
        };
        let text_at = |path: &[&str], default: &str| -> String {
            let mut v = Some(config);
            for p in path {
                v = v.and_then(|x| x.get(p));
            }
            v.and_then(Value::as_str).filter(|s| !s.is_empty()).unwrap_or(default).to_owned()
        };
        let mut errs: Vec<String> = Vec::new();
        let mut level = |key: &str| {
            let value = text_at(&["defaults", key], "privileged");
            Level::parse(&value).unwrap_or_else(|why| {
                errs.push(format!("defaults.{key}: Invalid value: {}: {why}", go_quote(&value)));
                Level::Privileged
            })
        };
        let (enforce, audit, warn) = (level("enforce"), level("audit"), level("warn"));
        let mut version = |key: &str| {
            let value = text_at(&["defaults", key], "latest");
            Version::parse(&value).unwrap_or_else(|why| {
                errs.push(format!("defaults.{key}: Invalid value: {}: {why}", go_quote(&value)));
                Version::Latest
            })
        };
        let (enforce_version, audit_version, warn_version) =
            (version("enforce-version"), version("audit-version"), version("warn-version"));
        let mut list = |key: &str, check: &dyn Fn(&str) -> Option<String>| -> Vec<String> {
            let items: Vec<String> = match config.get("exemptions").and_then(|e| e.get(key)) {
                Some(Value::Array(a)) => a.iter().filter_map(Value::as_str).map(str::to_owned).collect(),
                _ => Vec::new(),
            };
            let mut seen = HashSet::new();
            for (i, item) in items.iter().enumerate() {
                if let Some(why) = check(item) {
                    errs.push(format!("exemptions.{key}[{i}]: Invalid value: {}: {why}", go_quote(item)));
                } else if !seen.insert(item.clone()) {
                    errs.push(format!("exemptions.{key}[{i}]: Duplicate value: {}", go_quote(item)));
                }
            }
            items
        };
        let first_error = |errs: Vec<FieldError>| errs.into_iter().next().map(|e| e.detail);
        let namespaces =
            list("namespaces", &|n| first_error(crate::tracker::meta::validate_label("exemptions.namespaces", n)));
        let runtime_classes = list("runtimeClasses", &|n| {
            first_error(crate::tracker::meta::validate_subdomain("exemptions.runtimeClasses", n))
        });
        let usernames = list("usernames", &|n| n.trim().is_empty().then(|| "username must not be empty".to_owned()));
        if !errs.is_empty() {
            return Err(errs.join(", "));
        }
        Ok(PodSecurityConfig {
            defaults: Policy {
                enforce: LevelVersion { level: enforce, version: enforce_version },
                audit: LevelVersion { level: audit, version: audit_version },
                warn: LevelVersion { level: warn, version: warn_version },
            },
            exempt_usernames: usernames,
            exempt_namespaces: namespaces,
            exempt_runtime_classes: runtime_classes,
        })
    }
}

/// What PodSecurity looks at in a write it checks.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(in crate::server) enum Secured {
    /// A pod, enforced and warned about.
    Pod(Policy),
    /// A workload's pod template, warned about only.
    Template(Policy),
    /// A namespace's labels.
    Namespace,
}

/// The labels' policy of a namespace object.
fn namespace_policy(ns: &Namespace, defaults: Policy) -> (Policy, Vec<FieldError>) {
    Policy::from_labels(&ns.metadata.labels, defaults)
}

fn decode<T: kapi_machinery::json::JsonDecode + Default>(v: &Value, what: &str) -> Result<T> {
    kapi_machinery::json::from_slice(&v.to_compact_vec())
        .map_err(|e| api_errors::internal(&format!("reading the {what} held for PodSecurity: {e}")))
}

/// A pod's (or template's) annotations and spec, out of the object as JSON.
fn pod_parts(v: &Value, what: &str) -> Result<(BTreeMap<String, String>, PodSpec)> {
    let annotations = match v.get("metadata").and_then(|m| m.get("annotations")) {
        Some(a) => decode(a, what)?,
        None => BTreeMap::new(),
    };
    let spec = match v.get("spec") {
        Some(s) => decode(s, what)?,
        None => PodSpec::default(),
    };
    Ok((annotations, spec))
}

/// The pod template of a workload, as JSON (none for a replication controller without one).
fn template_of<'a>(resource: &str, obj: &'a Value) -> Option<&'a Value> {
    match resource {
        "podtemplates" => obj.get("template"),
        "cronjobs" => obj.get("spec")?.get("jobTemplate")?.get("spec")?.get("template"),
        _ => obj.get("spec")?.get("template"),
    }
}

/// Whether a pod update changes what PodSecurity judges: an image, or a container added.
fn significant_update(new: &Value, old: &Value) -> bool {
    let list = |v: &Value, key: &str| -> Vec<Value> {
        match v.get("spec").and_then(|s| s.get(key)) {
            Some(Value::Array(a)) => a.clone(),
            _ => Vec::new(),
        }
    };
    let field = |c: &Value, key: &str| c.get(key).and_then(Value::as_str).unwrap_or_default().to_owned();
    for key in ["containers", "initContainers"] {
        let (n, o) = (list(new, key), list(old, key));
        if n.len() != o.len() || n.iter().zip(&o).any(|(a, b)| field(a, "image") != field(b, "image")) {
            return true;
        }
    }
    let old_ephemeral = list(old, "ephemeralContainers");
    list(new, "ephemeralContainers").iter().any(|c| {
        match old_ephemeral.iter().find(|o| field(o, "name") == field(c, "name")) {
            None => true,
            Some(o) => field(o, "image") != field(c, "image"),
        }
    })
}

fn object_name(obj: &Value) -> &str {
    obj.get("metadata")
        .and_then(|m| m.get("name"))
        .and_then(Value::as_str)
        .filter(|n| !n.is_empty())
        .unwrap_or("Unknown")
}

impl ApiServer {
    /// Sets PodSecurity's configuration (its defaults and exemptions).
    pub fn set_pod_security(&self, config: PodSecurityConfig) {
        *self.pod_security.write().unwrap_or_else(std::sync::PoisonError::into_inner) = config;
    }

    /// PodSecurity's configuration.
    pub fn pod_security(&self) -> PodSecurityConfig {
        self.pod_security.read().unwrap_or_else(std::sync::PoisonError::into_inner).clone()
    }

    /// Whether PodSecurity checks this write in the validating phase, and what it checks. A pod
    /// or workload in a namespace whose policy has nothing to say is let through here, without
    /// holding the write back.
    pub(in crate::server) fn pod_security_applies(&self, call: &Call<'_>) -> Result<Option<Secured>> {
        if !self.cluster_plugins().pod_security {
            return Ok(None);
        }
        let info = call.info;
        let named = call.route.name.is_some();
        let method = call.req.method();
        let write =
            (*method == Method::POST && !named) || ((*method == Method::PUT || *method == Method::PATCH) && named);
        if !write {
            return Ok(None);
        }
        let sub = call.route.subresource.as_deref();
        let resource = (info.group, info.resource);
        if resource == ("", "namespaces") {
            return Ok((sub.is_none()).then_some(Secured::Namespace));
        }
        let pod = resource == ("", "pods");
        if pod {
            if sub.is_some_and(|s| IGNORED_POD_SUBRESOURCES.contains(&s)) {
                return Ok(None);
            }
        } else if !TEMPLATE_RESOURCES.contains(&resource) || sub.is_some() {
            return Ok(None);
        }
        let config = self.pod_security();
        let namespace = call.namespace();
        if config.exempt_namespaces.iter().any(|n| n == namespace) {
            annotate("exempt", "namespace");
            return Ok(None);
        }
        if !config.exempt_usernames.is_empty() {
            let user = self.user_of(call.req);
            if !user.username.is_empty() && config.exempt_usernames.contains(&user.username) {
                annotate("exempt", "user");
                return Ok(None);
            }
        }
        let Some(store) = self.namespaces() else { return Ok(None) };
        let ns = match self.tracker.get(&store.gvr(), "", namespace, &GetOptions::default()) {
            Ok(ns) => ns,
            // Upstream fails a pod closed and lets a workload through when it cannot read
            // the namespace (NamespaceLifecycle, before it, has usually refused already).
            Err(_) if pod => {
                return Err(api_errors::internal(&format!("failed to lookup namespace {namespace:?}")));
            }
            Err(_) => return Ok(None),
        };
        let Some(ns) = ns.as_any().downcast_ref::<Namespace>() else { return Ok(None) };
        let (policy, errs) = namespace_policy(ns, config.defaults);
        if pod {
            if errs.is_empty() && policy.fully_privileged() {
                return Ok(None);
            }
            return Ok(Some(Secured::Pod(policy)));
        }
        if errs.is_empty() && policy.warn.level == Level::Privileged && policy.audit.level == Level::Privileged {
            return Ok(None);
        }
        Ok(Some(Secured::Template(policy)))
    }

    /// PodSecurity's checks of a write held back for validating admission: `object` as it
    /// will be stored, `old` the object it replaces. Refuses, or adds its warnings.
    pub(in crate::server) fn validate_pod_security(
        &self,
        what: Secured,
        call: &Call<'_>,
        object: &Value,
        old: Option<&Value>,
        warnings: &mut Vec<String>,
    ) -> Result<()> {
        let config = self.pod_security();
        match what {
            Secured::Namespace => self.pod_security_namespace(&config, object, old, warnings),
            Secured::Pod(policy) => {
                if let Some(old) = old
                    && !significant_update(object, old)
                {
                    return Ok(());
                }
                let (annotations, spec) = pod_parts(object, "pod")?;
                if exempt_runtime_class(&config, &spec) {
                    annotate("exempt", "runtimeClass");
                    return Ok(());
                }
                let view = PodView { annotations: &annotations, spec: &spec };
                annotate("enforce-policy", policy.enforce.to_string());
                let enforced = evaluate(policy.enforce, &view);
                audit(policy.audit, &view, Some((policy.enforce, &enforced)));
                if !enforced.allowed() {
                    let why = format!("violates PodSecurity \"{}\": {}", policy.enforce, enforced.detail());
                    return Err(forbidden(call.info.group, call.info.resource, object_name(object), &why, Vec::new()));
                }
                warn(policy.warn, &view, policy.enforce, &enforced, warnings);
                Ok(())
            }
            Secured::Template(policy) => {
                let Some(template) = template_of(call.info.resource, object) else { return Ok(()) };
                let (annotations, spec) = pod_parts(template, "pod template")?;
                if exempt_runtime_class(&config, &spec) {
                    annotate("exempt", "runtimeClass");
                    return Ok(());
                }
                let view = PodView { annotations: &annotations, spec: &spec };
                audit(policy.audit, &view, None);
                let verdict = evaluate(policy.warn, &view);
                if !verdict.allowed() {
                    warnings.push(format!("would violate PodSecurity \"{}\": {}", policy.warn, verdict.detail()));
                }
                Ok(())
            }
        }
    }

    /// A namespace's labels: invalid ones refused; a tightened `enforce` level checked against
    /// the pods already in the namespace.
    fn pod_security_namespace(
        &self,
        config: &PodSecurityConfig,
        object: &Value,
        old: Option<&Value>,
        warnings: &mut Vec<String>,
    ) -> Result<()> {
        let ns: Namespace = decode(object, "namespace")?;
        let (policy, errs) = namespace_policy(&ns, config.defaults);
        let name = ns.metadata.name.as_str();
        let refuse = |errs: &[FieldError]| api_errors::invalid("", "Namespace", name, errs);
        let exempt = config.exempt_namespaces.iter().any(|n| n == name);
        let Some(old) = old else {
            if !errs.is_empty() {
                return Err(refuse(&errs));
            }
            if exempt {
                warnings.extend(exempt_namespace_warning(name, &policy, config, &ns.metadata.labels));
            }
            return Ok(());
        };
        let old: Namespace = decode(old, "namespace")?;
        let (old_policy, old_errs) = namespace_policy(&old, config.defaults);
        let shown = |errs: &[FieldError]| errs.iter().map(ToString::to_string).collect::<Vec<_>>();
        if !errs.is_empty() && (old_errs.is_empty() || shown(&errs) != shown(&old_errs)) {
            return Err(refuse(&errs));
        }
        let (new, before) = (policy.enforce, old_policy.enforce);
        if new == before
            || new.level == Level::Privileged
            || (new.version == before.version && new.level <= before.level)
        {
            return Ok(());
        }
        if exempt {
            warnings.extend(exempt_namespace_warning(name, &policy, config, &ns.metadata.labels));
            return Ok(());
        }
        warnings.extend(self.pods_violating(config, name, new)?);
        Ok(())
    }

    /// Upstream's warnings for the pods of a namespace that a new `enforce` level would refuse.
    fn pods_violating(
        &self,
        config: &PodSecurityConfig,
        namespace: &str,
        enforce: LevelVersion,
    ) -> Result<Vec<String>> {
        let Some(store) = self.tracker.store_of_kind("", "Pod") else { return Ok(Vec::new()) };
        let (items, _) = self.tracker.list(&store.gvr(), namespace, &ListOptions::default())?;
        let pods: Vec<&Pod> = items.iter().filter_map(|p| p.as_any().downcast_ref::<Pod>()).collect();
        // One pod per controller first, then the rest, as upstream orders them.
        let mut first = Vec::new();
        let mut repeats = Vec::new();
        let mut controllers = HashSet::new();
        for pod in pods.into_iter().filter(|p| !exempt_runtime_class(config, &p.spec)) {
            match pod.metadata.owner_references.iter().find(|r| r.controller == Some(true)) {
                Some(r) if !controllers.insert(r.uid.clone()) => repeats.push(pod),
                _ => first.push(pod),
            }
        }
        first.extend(repeats);
        let total = first.len();
        let checked = total.min(MAX_PODS_TO_CHECK);
        // Each kind of violation once: the first pod by name, and how many share it.
        let mut found: Vec<String> = Vec::new();
        let mut by_reason: BTreeMap<String, (String, usize)> = BTreeMap::new();
        for pod in &first[..checked] {
            let view = PodView { annotations: &pod.metadata.annotations, spec: &pod.spec };
            let verdict = evaluate(enforce, &view);
            if verdict.allowed() {
                continue;
            }
            let reason = verdict.reason();
            let name = pod.metadata.name.clone();
            match by_reason.get_mut(&reason) {
                Some((first_name, n)) => {
                    if name < *first_name {
                        *first_name = name;
                    }
                    *n += 1;
                }
                None => {
                    found.push(reason.clone());
                    by_reason.insert(reason, (name, 1));
                }
            }
        }
        let mut out = Vec::new();
        if checked < total {
            out.push(format!(
                "new PodSecurity enforce level only checked against the first {checked} of {total} existing pods"
            ));
        }
        if !found.is_empty() {
            out.push(format!(
                "existing pods in namespace {namespace:?} violate the new PodSecurity enforce level \"{enforce}\""
            ));
        }
        let mut pods: Vec<String> = found
            .into_iter()
            .map(|reason| {
                let (name, n) = &by_reason[&reason];
                match n {
                    1 => format!("{name}: {reason}"),
                    2 => format!("{name} (and 1 other pod): {reason}"),
                    n => format!("{name} (and {} other pods): {reason}", n - 1),
                }
            })
            .collect();
        pods.sort();
        out.extend(pods);
        Ok(out)
    }
}

/// The warning for a pod admitted under `enforce`: the `warn` level's findings, reusing the
/// enforce verdict when both modes are the same.
fn warn(
    lv: LevelVersion,
    view: &PodView<'_>,
    enforce: LevelVersion,
    enforced: &crate::podsecurity::Verdict,
    warnings: &mut Vec<String>,
) {
    let verdict = if lv == enforce { enforced.clone() } else { evaluate(lv, view) };
    if !verdict.allowed() {
        warnings.push(format!("would violate PodSecurity \"{lv}\": {}", verdict.detail()));
    }
}

/// A PodSecurity audit annotation (`pod-security.kubernetes.io/<key>`), as upstream's plugin
/// adds its evaluation's.
fn annotate(key: &str, value: impl Into<String>) {
    crate::server::audit::annotate(format!("pod-security.kubernetes.io/{key}"), value);
}

/// The `audit` level's verdict, as an audit annotation when the pod would violate it (the
/// enforce level's verdict reused when the levels are the same).
fn audit(lv: LevelVersion, view: &PodView<'_>, enforced: Option<(LevelVersion, &crate::podsecurity::Verdict)>) {
    let verdict = match enforced {
        Some((enforce, verdict)) if enforce == lv => verdict.clone(),
        _ => evaluate(lv, view),
    };
    if !verdict.allowed() {
        annotate("audit-violations", format!("would violate PodSecurity \"{lv}\": {}", verdict.detail()));
    }
}

fn exempt_runtime_class(config: &PodSecurityConfig, spec: &PodSpec) -> bool {
    spec.runtime_class_name
        .as_deref()
        .is_some_and(|c| !c.is_empty() && config.exempt_runtime_classes.iter().any(|e| e == c))
}

/// Upstream's warning when an exempt namespace is given a policy that will be ignored.
fn exempt_namespace_warning(
    name: &str,
    policy: &Policy,
    config: &PodSecurityConfig,
    labels: &BTreeMap<String, String>,
) -> Option<String> {
    if policy.fully_privileged() || equivalent(policy, &config.defaults) {
        return None;
    }
    let has = |mode: &str| {
        labels.contains_key(&format!("{}{mode}", crate::podsecurity::LABEL_PREFIX))
            || labels.contains_key(&format!("{}{mode}-version", crate::podsecurity::LABEL_PREFIX))
    };
    let parts: Vec<String> = [("enforce", policy.enforce), ("audit", policy.audit), ("warn", policy.warn)]
        .into_iter()
        .filter(|(mode, lv)| lv.level != Level::Privileged && has(mode))
        .map(|(mode, lv)| format!("{mode}={lv}"))
        .collect();
    Some(format!(
        "namespace {name:?} is exempt from Pod Security, and the policy ({}) will be ignored",
        parts.join(", ")
    ))
}

/// Whether two policies act the same: each mode privileged in both, or equal.
fn equivalent(a: &Policy, b: &Policy) -> bool {
    let same =
        |x: LevelVersion, y: LevelVersion| (x.level == Level::Privileged && y.level == Level::Privileged) || x == y;
    same(a.enforce, b.enforce) && same(a.audit, b.audit) && same(a.warn, b.warn)
}
