//! The built-in plugins that fill in a new pod, in kube-apiserver's order: ServiceAccount, Priority, DefaultTolerationSeconds.
//!
//! Facts from upstream's `plugin/pkg/admission/{serviceaccount,priority,defaulttolerationseconds}`
//! and `pkg/serviceaccount`: the `default` service account (waited for up to a second, as the
//! plugin does while the controller makes it), the `kube-api-access-<5>` projected token volume
//! (token for 3607 s, `kube-root-ca.crt`'s `ca.crt`, the namespace; mode 0644) mounted read-only
//! at `/var/run/secrets/kubernetes.io/serviceaccount` in every container that has nothing there,
//! image pull secrets from the account; the priority and preemption policy of the named (or the
//! global default) priority class, 0 and `PreemptLowerPriority` without one; `NoExecute`
//! tolerations of `not-ready` and `unreachable` nodes for 300 s.

use std::time::{Duration, Instant};

use kapi_api::meta::resource::ResourceInfo;
use kapi_api::meta::v1::GetOptions;
use kapi_machinery::json::value::Value;

use super::super::ApiServer;
use super::forbidden;
use crate::tracker::Error;
use crate::tracker::meta::{generate_name, member_mut, object_member_mut, set_member, to_value};

/// Where the token volume is mounted.
const TOKEN_MOUNT_PATH: &str = "/var/run/secrets/kubernetes.io/serviceaccount";
/// The token volume's name prefix.
const TOKEN_VOLUME_PREFIX: &str = "kube-api-access-";
/// How long the plugin waits for a namespace's `default` service account to appear.
const DEFAULT_ACCOUNT_WAIT: Duration = Duration::from_secs(1);
/// The toleration time the plugin gives pods for not-ready and unreachable nodes.
const DEFAULT_TOLERATION_SECONDS: i64 = 300;
/// The annotation of mirror pods, which the service account plugin leaves alone.
const MIRROR_POD_ANNOTATION: &str = "kubernetes.io/config.mirror";

fn s(text: &str) -> Value {
    Value::String(text.to_owned())
}

fn obj(members: Vec<(&str, Value)>) -> Value {
    Value::Object(members.into_iter().map(|(k, v)| (k.to_owned(), v)).collect())
}

fn str_at<'a>(v: &'a Value, path: &[&str]) -> Option<&'a str> {
    let mut at = v;
    for p in path {
        at = at.get(p)?;
    }
    at.as_str()
}

/// The array member `key` of an object value, made empty when absent.
fn array_mut<'a>(v: &'a mut Value, key: &str) -> &'a mut Vec<Value> {
    if !matches!(v.get(key), Some(Value::Array(_))) {
        set_member(v, key, Some(Value::Array(Vec::new())));
    }
    match member_mut(v, key) {
        Some(Value::Array(items)) => items,
        _ => unreachable!("callers pass objects, whose member was just set to an array"),
    }
}

/// The pod's `spec`, made an object when absent.
fn spec_mut(pod: &mut Value) -> &mut Value {
    object_member_mut(pod, "spec").unwrap_or_else(|| unreachable!("callers pass objects"))
}

/// The projected volume upstream's `TokenVolumeSource` describes.
fn token_volume(name: &str) -> Value {
    obj(vec![
        ("name", s(name)),
        (
            "projected",
            obj(vec![
                (
                    "sources",
                    Value::Array(vec![
                        obj(vec![(
                            "serviceAccountToken",
                            obj(vec![("expirationSeconds", Value::Number("3607".into())), ("path", s("token"))]),
                        )]),
                        obj(vec![(
                            "configMap",
                            obj(vec![
                                ("name", s("kube-root-ca.crt")),
                                ("items", Value::Array(vec![obj(vec![("key", s("ca.crt")), ("path", s("ca.crt"))])])),
                            ]),
                        )]),
                        obj(vec![(
                            "downwardAPI",
                            obj(vec![(
                                "items",
                                Value::Array(vec![obj(vec![
                                    (
                                        "fieldRef",
                                        obj(vec![("apiVersion", s("v1")), ("fieldPath", s("metadata.namespace"))]),
                                    ),
                                    ("path", s("namespace")),
                                ])]),
                            )]),
                        )]),
                    ]),
                ),
                ("defaultMode", Value::Number("420".into())),
            ]),
        ),
    ])
}

impl ApiServer {
    fn store_of(&self, group: &str, kind: &str) -> Option<ResourceInfo> {
        self.tracker.store_of_kind(group, kind)
    }

    /// The service account, waiting a while for `default` (the controller makes it).
    async fn service_account(&self, namespace: &str, name: &str, pod_name: &str) -> Result<Option<Value>, Error> {
        let Some(store) = self.store_of("", "ServiceAccount") else { return Ok(None) };
        let start = Instant::now();
        loop {
            match self.tracker.get(&store.gvr(), namespace, name, &GetOptions::default()) {
                Ok(sa) => return to_value(sa.as_ref()).map(Some),
                Err(e) if e.is_not_found() && name == "default" && start.elapsed() < DEFAULT_ACCOUNT_WAIT => {
                    tokio::time::sleep(Duration::from_millis(10)).await;
                }
                Err(e) if e.is_not_found() => {
                    return Err(pod_forbidden(
                        pod_name,
                        &format!(
                            "error looking up service account {namespace}/{name}: serviceaccount {name:?} not found"
                        ),
                    ));
                }
                Err(e) => return Err(e),
            }
        }
    }

    /// ServiceAccount: the account, its token volume and mounts, its image pull secrets.
    pub(super) async fn admit_service_account(
        &self,
        namespace: &str,
        pod_name: &str,
        pod: &mut Value,
    ) -> Result<(), Error> {
        let mirror = pod.get("metadata").and_then(|m| m.get("annotations")).and_then(|a| a.get(MIRROR_POD_ANNOTATION));
        if mirror.is_some() {
            return Ok(());
        }
        let name =
            str_at(pod, &["spec", "serviceAccountName"]).filter(|n| !n.is_empty()).unwrap_or("default").to_owned();
        set_member(spec_mut(pod), "serviceAccountName", Some(s(&name)));
        let Some(sa) = self.service_account(namespace, &name, pod_name).await? else { return Ok(()) };
        let automount =
            match (spec_mut(pod).get("automountServiceAccountToken"), sa.get("automountServiceAccountToken")) {
                (Some(Value::Bool(b)), _) => *b,
                (_, Some(Value::Bool(b))) => *b,
                _ => true,
            };
        let spec = spec_mut(pod);
        if automount {
            mount_token(spec);
        }
        let has_pull_secrets = matches!(spec.get("imagePullSecrets"), Some(Value::Array(a)) if !a.is_empty());
        if !has_pull_secrets && let Some(Value::Array(secrets)) = sa.get("imagePullSecrets") {
            let refs: Vec<Value> =
                secrets.iter().filter_map(|r| r.get("name").cloned()).map(|n| obj(vec![("name", n)])).collect();
            if !refs.is_empty() {
                set_member(spec, "imagePullSecrets", Some(Value::Array(refs)));
            }
        }
        Ok(())
    }

    /// Priority: the class's value and preemption policy, which the pod may not contradict.
    pub(super) fn admit_priority(&self, pod_name: &str, pod: &mut Value) -> Result<(), Error> {
        let classes = self.store_of("scheduling.k8s.io", "PriorityClass");
        let named = str_at(pod, &["spec", "priorityClassName"]).filter(|n| !n.is_empty()).map(str::to_owned);
        let (class_name, priority, policy) = match (&named, classes) {
            (Some(name), Some(store)) => match self.tracker.get(&store.gvr(), "", name, &GetOptions::default()) {
                Ok(pc) => {
                    let pc = to_value(pc.as_ref())?;
                    (Some(name.clone()), number(pc.get("value")), str_at(&pc, &["preemptionPolicy"]).map(str::to_owned))
                }
                Err(e) if e.is_not_found() => {
                    return Err(pod_forbidden(pod_name, &format!("no PriorityClass with name {name} was found")));
                }
                Err(e) => return Err(e),
            },
            (Some(name), None) => {
                return Err(pod_forbidden(pod_name, &format!("no PriorityClass with name {name} was found")));
            }
            (None, classes) => match classes.and_then(|c| self.global_default_class(&c)) {
                Some((name, value, policy)) => (Some(name), value, policy),
                None => (None, 0, Some("PreemptLowerPriority".to_owned())),
            },
        };
        let spec = spec_mut(pod);
        if let Some(given) = spec.get("priority").map(|v| number(Some(v)))
            && given != priority
        {
            return Err(pod_forbidden(
                pod_name,
                &format!(
                    "the integer value of priority ({given}) must not be provided in pod spec; priority admission controller computed {priority} from the given PriorityClass name"
                ),
            ));
        }
        if let Some(name) = class_name {
            set_member(spec, "priorityClassName", Some(s(&name)));
        }
        set_member(spec, "priority", Some(Value::Number(priority.to_string())));
        if let Some(policy) = policy {
            if let Some(given) = str_at(spec, &["preemptionPolicy"])
                && given != policy
            {
                return Err(pod_forbidden(
                    pod_name,
                    &format!(
                        "the string value of PreemptionPolicy ({given}) must not be provided in pod spec; priority admission controller computed {policy} from the given PriorityClass name"
                    ),
                ));
            }
            set_member(spec, "preemptionPolicy", Some(s(&policy)));
        }
        Ok(())
    }

    /// The priority class marked `globalDefault` (the one with the lowest value if several).
    fn global_default_class(&self, store: &ResourceInfo) -> Option<(String, i64, Option<String>)> {
        let list = self.tracker.list(&store.gvr(), "", &Default::default()).ok()?;
        list.0
            .iter()
            .filter_map(|pc| to_value(pc.as_ref()).ok())
            .filter(|pc| matches!(pc.get("globalDefault"), Some(Value::Bool(true))))
            .map(|pc| {
                let name = str_at(&pc, &["metadata", "name"]).unwrap_or_default().to_owned();
                (name, number(pc.get("value")), str_at(&pc, &["preemptionPolicy"]).map(str::to_owned))
            })
            .min_by_key(|(_, value, _)| *value)
    }
}

fn number(v: Option<&Value>) -> i64 {
    match v {
        Some(Value::Number(n)) => n.parse().unwrap_or(0),
        _ => 0,
    }
}

/// Mounts the token volume in every container and init container that has nothing at the
/// token path, adding the volume when one does (reusing a `kube-api-access-` volume).
fn mount_token(spec: &mut Value) {
    let existing = match spec.get("volumes") {
        Some(Value::Array(vols)) => vols
            .iter()
            .filter_map(|v| v.get("name").and_then(Value::as_str))
            .find(|n| n.starts_with(TOKEN_VOLUME_PREFIX))
            .map(str::to_owned),
        _ => None,
    };
    let volume_name = existing.clone().unwrap_or_else(|| generate_name(TOKEN_VOLUME_PREFIX));
    let mount =
        obj(vec![("name", s(&volume_name)), ("readOnly", Value::Bool(true)), ("mountPath", s(TOKEN_MOUNT_PATH))]);
    let mut needed = false;
    for key in ["initContainers", "containers"] {
        if !matches!(spec.get(key), Some(Value::Array(_))) {
            continue;
        }
        for container in array_mut(spec, key).iter_mut() {
            let mounted = matches!(container.get("volumeMounts"), Some(Value::Array(ms))
                if ms.iter().any(|m| m.get("mountPath").and_then(Value::as_str) == Some(TOKEN_MOUNT_PATH)));
            if !mounted && matches!(container, Value::Object(_)) {
                array_mut(container, "volumeMounts").push(mount.clone());
                needed = true;
            }
        }
    }
    if existing.is_none() && needed {
        array_mut(spec, "volumes").push(token_volume(&volume_name));
    }
}

/// DefaultTolerationSeconds: `NoExecute` tolerations of not-ready and unreachable nodes.
pub(super) fn admit_default_tolerations(pod: &mut Value) {
    let tolerates = |tolerations: &[Value], key: &str| {
        tolerations.iter().any(|t| {
            let k = t.get("key").and_then(Value::as_str).unwrap_or_default();
            let effect = t.get("effect").and_then(Value::as_str).unwrap_or_default();
            (k == key || k.is_empty()) && (effect == "NoExecute" || effect.is_empty())
        })
    };
    let spec = spec_mut(pod);
    let tolerations = array_mut(spec, "tolerations");
    for key in ["node.kubernetes.io/not-ready", "node.kubernetes.io/unreachable"] {
        if !tolerates(tolerations, key) {
            tolerations.push(obj(vec![
                ("key", s(key)),
                ("operator", s("Exists")),
                ("effect", s("NoExecute")),
                ("tolerationSeconds", Value::Number(DEFAULT_TOLERATION_SECONDS.to_string())),
            ]));
        }
    }
}

/// A refusal naming the pod, as `admission.NewForbidden` does.
fn pod_forbidden(pod_name: &str, why: &str) -> Error {
    forbidden("", "pods", pod_name, why, Vec::new())
}

#[cfg(test)]
mod tests {
    use super::*;
    use kapi_machinery::json::value::parse;

    fn text(v: &Value) -> String {
        String::from_utf8(v.to_compact_vec()).unwrap()
    }

    #[test]
    fn tolerations_are_added_unless_tolerated() {
        let mut pod = parse(br#"{"spec":{}}"#).unwrap();
        admit_default_tolerations(&mut pod);
        assert_eq!(
            text(&pod),
            r#"{"spec":{"tolerations":[{"key":"node.kubernetes.io/not-ready","operator":"Exists","effect":"NoExecute","tolerationSeconds":300},{"key":"node.kubernetes.io/unreachable","operator":"Exists","effect":"NoExecute","tolerationSeconds":300}]}}"#
        );
        // An empty key tolerates every taint; an empty effect every effect.
        let mut pod = parse(br#"{"spec":{"tolerations":[{"operator":"Exists"}]}}"#).unwrap();
        admit_default_tolerations(&mut pod);
        assert_eq!(text(&pod), r#"{"spec":{"tolerations":[{"operator":"Exists"}]}}"#);
        let mut pod =
            parse(br#"{"spec":{"tolerations":[{"key":"node.kubernetes.io/unreachable","effect":"NoSchedule"}]}}"#)
                .unwrap();
        admit_default_tolerations(&mut pod);
        assert_eq!(pod.get("spec").unwrap().get("tolerations").map(|t| text(t).matches("key").count()), Some(3));
    }

    #[test]
    fn the_token_is_mounted_where_nothing_else_is() {
        let mut spec = parse(
            br#"{"containers":[{"name":"a"},{"name":"b","volumeMounts":[{"name":"mine","mountPath":"/var/run/secrets/kubernetes.io/serviceaccount"}]}],"initContainers":[{"name":"i"}]}"#,
        )
        .unwrap();
        mount_token(&mut spec);
        let item = |v: &Value, i: usize| match v {
            Value::Array(items) => items[i].clone(),
            other => panic!("not an array: {}", text(other)),
        };
        let vols = spec.get("volumes").unwrap();
        let name = item(vols, 0).get("name").and_then(Value::as_str).unwrap().to_owned();
        assert!(name.starts_with("kube-api-access-") && name.len() == "kube-api-access-".len() + 5, "{name}");
        assert!(text(vols).contains(r#""expirationSeconds":3607"#), "{}", text(vols));
        let mounts = |c: &str, i: usize| text(item(spec.get(c).unwrap(), i).get("volumeMounts").unwrap());
        assert_eq!(
            mounts("containers", 0),
            format!(
                r#"[{{"name":"{name}","readOnly":true,"mountPath":"/var/run/secrets/kubernetes.io/serviceaccount"}}]"#
            )
        );
        assert!(!mounts("containers", 1).contains(&name));
        assert!(mounts("initContainers", 0).contains(&name));
    }
}
