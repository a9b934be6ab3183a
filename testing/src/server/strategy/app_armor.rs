//! The pod strategy's `applyAppArmorVersionSkew` on create: a container's deprecated AppArmor annotation becomes its `securityContext.appArmorProfile`, with the deprecation warning.

use kapi_api::core::v1::{AppArmorProfile, AppArmorProfileType, Pod, SecurityContext, validation};
use kapi_machinery::validation::Path;

/// Upstream's `DeprecatedAppArmorAnnotationKeyPrefix`; the container's name follows.
const ANNOTATION_PREFIX: &str = "container.apparmor.security.beta.kubernetes.io/";
const LOCALHOST_PREFIX: &str = "localhost/";

/// Copies each container's AppArmor annotation into its `securityContext.appArmorProfile`
/// (init, regular and ephemeral containers; not on Windows pods) and returns the warnings, in
/// the containers' order. A container with a profile of its own keeps it (validation then
/// checks the two agree); an annotation that names no valid profile is not copied, nor is one
/// equal to the pod's profile, which the container inherits anyway. Every annotation copied or
/// not understood is warned about, as upstream does before the sync so that the warning is
/// about what the client sent; one equal to the pod's profile is not.
pub(crate) fn apply_version_skew(pod: &mut Pod) -> Vec<String> {
    let mut warnings = Vec::new();
    if pod.spec.os.as_ref().is_some_and(|os| os.name.0 == "windows") {
        return warnings;
    }
    let pod_profile = pod.spec.security_context.as_ref().and_then(|c| c.app_armor_profile.clone());
    let annotations = &pod.metadata.annotations;
    let spec = &mut pod.spec;
    let containers = spec.init_containers.iter_mut().chain(spec.containers.iter_mut().flatten());
    let all = containers.map(|c| (c.name.as_str(), &mut c.security_context)).chain(
        spec.ephemeral_containers.iter_mut().map(|e| {
            let c = &mut e.ephemeral_container_common;
            (c.name.as_str(), &mut c.security_context)
        }),
    );
    for (name, context) in all {
        let key = format!("{ANNOTATION_PREFIX}{name}");
        let Some(annotation) = annotations.get(&key) else { continue };
        if context.as_ref().is_some_and(|c| c.app_armor_profile.is_some()) {
            continue;
        }
        let field = field_for_annotation(annotation)
            .filter(|f| validation::validate_app_armor_profile_field(Some(f), &Path::root()).is_empty());
        let warn = match field {
            Some(f) if Some(&f) != pod_profile.as_ref() => {
                context.get_or_insert_with(|| Box::new(SecurityContext::default())).app_armor_profile = Some(f);
                true
            }
            Some(_) => false,
            None => true,
        };
        if warn {
            let at = Path::new("metadata").child("annotations").key(&key);
            warnings.push(format!(r#"{at}: deprecated since v1.30; use the "appArmorProfile" field instead"#));
        }
    }
    warnings
}

/// Upstream's `ApparmorFieldForAnnotation`: `unconfined`, `runtime/default` and
/// `localhost/<name>` (a name of at least one character); anything else names no profile.
fn field_for_annotation(annotation: &str) -> Option<AppArmorProfile> {
    let profile = |ty: &str, local: Option<&str>| AppArmorProfile {
        r#type: AppArmorProfileType(ty.to_owned()),
        localhost_profile: local.map(str::to_owned),
    };
    match annotation {
        "unconfined" => Some(profile(AppArmorProfileType::UNCONFINED, None)),
        "runtime/default" => Some(profile(AppArmorProfileType::RUNTIME_DEFAULT, None)),
        _ => match annotation.strip_prefix(LOCALHOST_PREFIX) {
            Some(local) if !local.is_empty() => Some(profile(AppArmorProfileType::LOCALHOST, Some(local))),
            _ => None,
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const WARNING: &str = r#"deprecated since v1.30; use the "appArmorProfile" field instead"#;

    fn pod(json: &str) -> Pod {
        kapi_machinery::json::from_slice(json.as_bytes()).expect("a test pod decodes")
    }

    fn key(name: &str) -> String {
        format!("{ANNOTATION_PREFIX}{name}")
    }

    fn warning(name: &str) -> String {
        format!("metadata.annotations[{}]: {WARNING}", key(name))
    }

    /// The container's own profile as `type` and `localhostProfile` (`None`: no profile).
    fn profile_of(pod: &Pod, name: &str) -> Option<(String, Option<String>)> {
        let spec = &pod.spec;
        let contexts =
            spec.init_containers.iter().chain(spec.containers.iter().flatten()).map(|c| (&c.name, &c.security_context));
        let (_, context) = contexts.clone().find(|(n, _)| *n == name)?;
        let p = context.as_ref()?.app_armor_profile.as_ref()?;
        Some((p.r#type.0.clone(), p.localhost_profile.clone()))
    }

    fn ty(t: &str) -> Option<(String, Option<String>)> {
        Some((t.to_owned(), None))
    }

    // Upstream's `TestApplyAppArmorVersionSkew` (pkg/registry/core/pod/strategy_test.go), the
    // cases of the annotation-to-field sync. The cases where only a field is set ("Pod field
    // unconfined and no annotation present", "Container field RuntimeDefault and no annotation
    // present", …) expected the annotation added in the releases that synced both ways; the
    // strategy upstream ships now (read at 008b3652) syncs annotations to fields only, so here
    // they expect no annotation (see `fields_alone_add_no_annotation`).

    #[test]
    fn nothing_to_sync() {
        // "Security context nil", "Security context not nil", "Container security context not nil".
        for json in [
            r#"{"spec":{"initContainers":[{"name":"init"}],"containers":[{"name":"ctr"}]}}"#,
            r#"{"spec":{"securityContext":{},"initContainers":[{"name":"init"}],"containers":[{"name":"ctr"}]}}"#,
            r#"{"spec":{"containers":[{"name":"ctr","securityContext":{}}]}}"#,
        ] {
            let mut p = pod(json);
            let before = p.clone();
            assert_eq!(apply_version_skew(&mut p), Vec::<String>::new(), "{json}");
            assert_eq!(p, before, "{json}");
        }
    }

    #[test]
    fn fields_alone_add_no_annotation() {
        // The inputs of "Pod field unconfined and no annotation present", "Pod field localhost
        // and no annotation present", "Container field localhost and no annotation present",
        // "Container overrides pod profile", "Multiple containers with fields (container)" and
        // "Invalid field type".
        for json in [
            r#"{"spec":{"securityContext":{"appArmorProfile":{"type":"Unconfined"}},"initContainers":[{"name":"init"}],"containers":[{"name":"ctr"}]}}"#,
            r#"{"spec":{"securityContext":{"appArmorProfile":{"type":"Localhost","localhostProfile":"test"}},"containers":[{"name":"ctr"}]}}"#,
            r#"{"spec":{"containers":[{"name":"ctr","securityContext":{"appArmorProfile":{"type":"Localhost","localhostProfile":"test"}}}]}}"#,
            r#"{"spec":{"securityContext":{"appArmorProfile":{"type":"RuntimeDefault"}},"containers":[{"name":"ctr","securityContext":{"appArmorProfile":{"type":"Unconfined"}}}]}}"#,
            r#"{"spec":{"securityContext":{"appArmorProfile":{"type":"invalid-type"}},"containers":[{"name":"ctr"}]}}"#,
        ] {
            let mut p = pod(json);
            let before = p.clone();
            assert_eq!(apply_version_skew(&mut p), Vec::<String>::new(), "{json}");
            assert_eq!(p, before, "{json}");
        }
    }

    #[test]
    fn annotation_unconfined_and_no_fields_present() {
        // "Annotation 'unconfined' and no fields present".
        let mut p = pod(&format!(
            r#"{{"metadata":{{"annotations":{{"{}":"unconfined"}}}},"spec":{{"containers":[{{"name":"ctr"}}]}}}}"#,
            key("ctr")
        ));
        assert_eq!(apply_version_skew(&mut p), [warning("ctr")]);
        assert_eq!(profile_of(&p, "ctr"), ty("Unconfined"));
        assert_eq!(p.metadata.annotations.get(&key("ctr")).map(String::as_str), Some("unconfined"));
        assert!(p.spec.security_context.is_none());
    }

    #[test]
    fn annotation_for_non_existent_container() {
        // "Annotation for non-existent container".
        let mut p = pod(&format!(
            r#"{{"metadata":{{"annotations":{{"{}":"unconfined"}}}},"spec":{{"containers":[{{"name":"ctr"}}]}}}}"#,
            key("foo-bar")
        ));
        let before = p.clone();
        assert_eq!(apply_version_skew(&mut p), Vec::<String>::new());
        assert_eq!(p, before);
    }

    #[test]
    fn annotation_runtime_default_fills_an_empty_container_context() {
        // "Annotation 'runtime/default' and no fields present": the pod's profile differs.
        let mut p = pod(&format!(
            r#"{{"metadata":{{"annotations":{{"{}":"runtime/default"}}}},"spec":{{"securityContext":{{"appArmorProfile":{{"type":"Unconfined"}}}},"containers":[{{"name":"ctr","securityContext":{{}}}}]}}}}"#,
            key("ctr")
        ));
        assert_eq!(apply_version_skew(&mut p), [warning("ctr")]);
        assert_eq!(profile_of(&p, "ctr"), ty("RuntimeDefault"));
        let pod_profile = p.spec.security_context.as_ref().and_then(|c| c.app_armor_profile.as_ref());
        assert_eq!(pod_profile.map(|p| p.r#type.0.as_str()), Some("Unconfined"));
    }

    #[test]
    fn multiple_containers_by_annotations() {
        // "Multiple containers by annotations": `c` names the pod's profile, so it is neither
        // copied nor warned about; `b` has no annotation (upstream's expected `b` annotation came
        // from the field-to-annotation sync).
        let mut p = pod(&format!(
            r#"{{"metadata":{{"annotations":{{"{}":"unconfined","{}":"localhost/test","{}":"runtime/default"}}}},
                "spec":{{"securityContext":{{"appArmorProfile":{{"type":"RuntimeDefault"}}}},
                "initContainers":[{{"name":"init"}}],"containers":[{{"name":"a"}},{{"name":"b"}},{{"name":"c"}}]}}}}"#,
            key("init"),
            key("a"),
            key("c")
        ));
        // In the containers' order: init containers first.
        assert_eq!(apply_version_skew(&mut p), [warning("init"), warning("a")]);
        assert_eq!(profile_of(&p, "init"), ty("Unconfined"));
        assert_eq!(profile_of(&p, "a"), Some(("Localhost".into(), Some("test".into()))));
        let ctrs = p.spec.containers.as_deref().unwrap_or_default();
        assert!(ctrs[1].security_context.is_none() && ctrs[2].security_context.is_none());
        assert_eq!(p.metadata.annotations.len(), 3);
    }

    #[test]
    fn conflicting_field_and_annotations() {
        // "Conflicting field and annotations": the container's own profile stays, no warning
        // (validation refuses the pod afterwards).
        let mut p = pod(&format!(
            r#"{{"metadata":{{"annotations":{{"{}":"localhost/test"}}}},"spec":{{"containers":[{{"name":"ctr","securityContext":{{"appArmorProfile":{{"type":"RuntimeDefault"}}}}}}]}}}}"#,
            key("ctr")
        ));
        let before = p.clone();
        assert_eq!(apply_version_skew(&mut p), Vec::<String>::new());
        assert_eq!(p, before);
    }

    #[test]
    fn pod_field_and_matching_annotations() {
        // "Pod field and matching annotations": not copied into the container, not warned.
        let mut p = pod(&format!(
            r#"{{"metadata":{{"annotations":{{"{}":"runtime/default"}}}},"spec":{{"securityContext":{{"appArmorProfile":{{"type":"RuntimeDefault"}}}},"containers":[{{"name":"ctr"}}]}}}}"#,
            key("ctr")
        ));
        let before = p.clone();
        assert_eq!(apply_version_skew(&mut p), Vec::<String>::new());
        assert_eq!(p, before);
    }

    #[test]
    fn annotation_overrides_pod_field() {
        // "Annotation overrides pod field".
        let mut p = pod(&format!(
            r#"{{"metadata":{{"annotations":{{"{}":"unconfined"}}}},"spec":{{"securityContext":{{"appArmorProfile":{{"type":"RuntimeDefault"}}}},"containers":[{{"name":"ctr"}}]}}}}"#,
            key("ctr")
        ));
        assert_eq!(apply_version_skew(&mut p), [warning("ctr")]);
        assert_eq!(profile_of(&p, "ctr"), ty("Unconfined"));
    }

    #[test]
    fn mixed_annotations_and_fields() {
        // "Mixed annotations and fields": only the annotated container without a field changes.
        let mut p = pod(&format!(
            r#"{{"metadata":{{"annotations":{{"{}":"unconfined"}}}},"spec":{{"securityContext":{{"appArmorProfile":{{"type":"RuntimeDefault"}}}},
                "containers":[{{"name":"unconf-annot"}},{{"name":"unconf-field","securityContext":{{"appArmorProfile":{{"type":"Unconfined"}}}}}},{{"name":"default-pod"}}]}}}}"#,
            key("unconf-annot")
        ));
        assert_eq!(apply_version_skew(&mut p), [warning("unconf-annot")]);
        assert_eq!(profile_of(&p, "unconf-annot"), ty("Unconfined"));
        assert_eq!(profile_of(&p, "unconf-field"), ty("Unconfined"));
        assert_eq!(profile_of(&p, "default-pod"), None);
        assert_eq!(p.metadata.annotations.len(), 1);
    }

    #[test]
    fn invalid_annotations_warn_and_copy_nothing() {
        // "Invalid annotation value", "Invalid localhost annotation"; and one that names no
        // profile at all, and one whose name validation refuses for its padding.
        let long = format!("localhost/{}", "a".repeat(4096));
        for value in ["localhost/", long.as_str(), "bogus", "localhost/ p"] {
            let mut p = pod(&format!(
                r#"{{"metadata":{{"annotations":{{"{}":"{value}"}}}},"spec":{{"containers":[{{"name":"ctr"}}]}}}}"#,
                key("ctr")
            ));
            let before = p.clone();
            assert_eq!(apply_version_skew(&mut p), [warning("ctr")], "{value}");
            assert_eq!(p, before, "{value}");
        }
    }

    #[test]
    fn ignore_annotations_on_windows() {
        // "Ignore annotations on windows".
        let mut p = pod(&format!(
            r#"{{"metadata":{{"annotations":{{"{}":"runtime/default"}}}},"spec":{{"os":{{"name":"windows"}},"containers":[{{"name":"ctr"}}]}}}}"#,
            key("ctr")
        ));
        let before = p.clone();
        assert_eq!(apply_version_skew(&mut p), Vec::<String>::new());
        assert_eq!(p, before);
    }

    #[test]
    fn ephemeral_containers_are_synced_too() {
        // `AllFeatureEnabledContainers` visits ephemeral containers last.
        let mut p = pod(&format!(
            r#"{{"metadata":{{"annotations":{{"{}":"runtime/default","{}":"unconfined"}}}},
                "spec":{{"containers":[{{"name":"ctr"}}],"ephemeralContainers":[{{"name":"debug"}}]}}}}"#,
            key("debug"),
            key("ctr")
        ));
        assert_eq!(apply_version_skew(&mut p), [warning("ctr"), warning("debug")]);
        let debug = &p.spec.ephemeral_containers[0].ephemeral_container_common;
        let profile = debug.security_context.as_ref().and_then(|c| c.app_armor_profile.as_ref());
        assert_eq!(profile.map(|p| p.r#type.0.as_str()), Some("RuntimeDefault"));
    }
}
