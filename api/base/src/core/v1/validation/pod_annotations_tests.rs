//! Cases for the seccomp, AppArmor and tolerations annotations of a pod and their agreement with the fields, written from the rules of upstream's `ValidateSeccompPodAnnotations`, `ValidateTolerationsInPodAnnotations`, `validateSeccompAnnotationsAndFields` and `validateAppArmorAnnotationsAndFieldsMatchOnCreate` (paths and messages as its source has them).

use super::super::affinity::tests::{spec, strings};
use crate::core::v1::validation::{validate_pod, validate_pod_ephemeral_containers_update};
use crate::core::v1::{
    AppArmorProfile, AppArmorProfileType, OSName, Pod, PodOS, PodSecurityContext, SeccompProfile, SeccompProfileType,
    SecurityContext,
};
use crate::meta::v1::ObjectMeta;

fn pod(annotations: &[(&str, &str)]) -> Pod {
    Pod {
        metadata: ObjectMeta {
            name: "p".into(),
            namespace: "ns".into(),
            annotations: annotations.iter().map(|(k, v)| ((*k).to_owned(), (*v).to_owned())).collect(),
            ..Default::default()
        },
        spec: spec(),
        ..Default::default()
    }
}

fn seccomp(ty: &str, local: Option<&str>) -> SeccompProfile {
    SeccompProfile { r#type: SeccompProfileType(ty.into()), localhost_profile: local.map(Into::into) }
}

fn app_armor(ty: &str, local: Option<&str>) -> AppArmorProfile {
    AppArmorProfile { r#type: AppArmorProfileType(ty.into()), localhost_profile: local.map(Into::into) }
}

fn ctr_context(p: &mut Pod) -> &mut SecurityContext {
    let c = &mut p.spec.containers.as_mut().expect("the test spec has containers")[0];
    c.security_context.get_or_insert_with(Default::default)
}

fn pod_context(p: &mut Pod) -> &mut PodSecurityContext {
    p.spec.security_context.get_or_insert_with(Default::default)
}

fn create(p: &Pod) -> Vec<String> {
    strings(&validate_pod(p, None))
}

#[test]
fn seccomp_annotations_name_profiles() {
    for ok in ["runtime/default", "docker/default", "unconfined", "localhost/foo", "localhost/a/b"] {
        assert_eq!(create(&pod(&[("seccomp.security.alpha.kubernetes.io/pod", ok)])), Vec::<String>::new(), "{ok}");
        assert_eq!(
            create(&pod(&[("container.seccomp.security.alpha.kubernetes.io/ctr", ok)])),
            Vec::<String>::new(),
            "{ok}"
        );
    }
    assert_eq!(
        create(&pod(&[("seccomp.security.alpha.kubernetes.io/pod", "foo")])),
        [
            "metadata.annotations.seccomp.security.alpha.kubernetes.io/pod: Invalid value: \"foo\": must be a valid seccomp profile"
        ]
    );
    assert_eq!(
        create(&pod(&[("container.seccomp.security.alpha.kubernetes.io/ctr", "localhost//foo")])),
        [
            "metadata.annotations.container.seccomp.security.alpha.kubernetes.io/ctr: Invalid value: \"/foo\": must be a relative path"
        ]
    );
    assert_eq!(
        create(&pod(&[("seccomp.security.alpha.kubernetes.io/pod", "localhost/../foo")])),
        [
            "metadata.annotations.seccomp.security.alpha.kubernetes.io/pod: Invalid value: \"../foo\": must not contain '..'"
        ]
    );
}

#[test]
fn the_tolerations_annotation_holds_valid_tolerations() {
    let key = "scheduler.alpha.kubernetes.io/tolerations";
    assert_eq!(create(&pod(&[(key, r#"[{"key":"k","operator":"Exists"}]"#)])), Vec::<String>::new());
    // An empty value is not checked, as upstream skips it.
    assert_eq!(create(&pod(&[(key, "")])), Vec::<String>::new());
    // Checked as the spec's tolerations are, under a child named for the annotation.
    let errs = validate_pod(&pod(&[(key, r#"[{"key":"k","operator":"Exists","value":"v"}]"#)]), None);
    assert_eq!(errs.len(), 1, "{:?}", strings(&errs));
    assert_eq!(errs[0].field, "metadata.annotations.scheduler.alpha.kubernetes.io/tolerations[0].operator");
    assert_eq!(errs[0].detail, "value must be empty when `operator` is 'Exists'");
    let errs = validate_pod(&pod(&[(key, "not json")]), None);
    assert_eq!(errs.len(), 1, "{:?}", strings(&errs));
    assert_eq!(errs[0].field, "metadata.annotations");
    assert!(
        strings(&errs)[0]
            .starts_with("metadata.annotations: Invalid value: \"scheduler.alpha.kubernetes.io/tolerations\": ")
    );
}

#[test]
fn seccomp_annotations_and_fields_must_match_on_create() {
    let pod_key = "seccomp.security.alpha.kubernetes.io/pod";
    let ctr_key = "container.seccomp.security.alpha.kubernetes.io/ctr";
    let cases: Vec<(&str, &str, &str, SeccompProfile, Vec<&str>)> = vec![
        ("pod: matching unconfined", pod_key, "unconfined", seccomp("Unconfined", None), vec![]),
        ("pod: matching runtime default", pod_key, "runtime/default", seccomp("RuntimeDefault", None), vec![]),
        ("pod: docker default is runtime default", pod_key, "docker/default", seccomp("RuntimeDefault", None), vec![]),
        ("pod: matching localhost", pod_key, "localhost/p", seccomp("Localhost", Some("p")), vec![]),
        (
            "pod: type mismatch",
            pod_key,
            "unconfined",
            seccomp("RuntimeDefault", None),
            vec![
                "spec.securityContext.seccompProfile.type: Forbidden: seccomp type in annotation and field must match",
            ],
        ),
        (
            "pod: localhost profile mismatch",
            pod_key,
            "localhost/a",
            seccomp("Localhost", Some("b")),
            vec![
                "spec.securityContext.seccompProfile.localhostProfile: Forbidden: seccomp profile in annotation and field must match",
            ],
        ),
        (
            "container: localhost annotation, unconfined field",
            ctr_key,
            "localhost/a",
            seccomp("Unconfined", None),
            vec![
                "spec.containers[0].securityContext.seccompProfile.type: Forbidden: seccomp type in annotation and field must match",
            ],
        ),
        (
            "container: runtime default field, localhost annotation",
            ctr_key,
            "localhost/a",
            seccomp("RuntimeDefault", None),
            vec![
                "spec.containers[0].securityContext.seccompProfile.type: Forbidden: seccomp type in annotation and field must match",
            ],
        ),
        ("container: matching", ctr_key, "runtime/default", seccomp("RuntimeDefault", None), vec![]),
    ];
    for (name, key, annotation, field, want) in cases {
        let mut p = pod(&[(key, annotation)]);
        if key == pod_key {
            pod_context(&mut p).seccomp_profile = Some(field);
        } else {
            ctr_context(&mut p).seccomp_profile = Some(field);
        }
        assert_eq!(create(&p), want, "{name}");
        // Only a create compares them.
        let errs = validate_pod(&p, Some(&p));
        assert_eq!(strings(&errs), Vec::<String>::new(), "{name} (update)");
    }
    // The pod's field is not compared with a container's annotation.
    let mut p = pod(&[(ctr_key, "unconfined")]);
    pod_context(&mut p).seccomp_profile = Some(seccomp("RuntimeDefault", None));
    assert_eq!(create(&p), Vec::<String>::new());
}

#[test]
fn app_armor_annotations_and_fields_must_match_on_create() {
    let key = "container.apparmor.security.beta.kubernetes.io/ctr";
    let at = "spec.containers[0].securityContext.appArmorProfile";
    let cases: Vec<(&str, &str, AppArmorProfile, bool, Vec<String>)> = vec![
        ("matching unconfined", "unconfined", app_armor("Unconfined", None), false, vec![]),
        ("matching runtime default", "runtime/default", app_armor("RuntimeDefault", None), false, vec![]),
        ("matching localhost", "localhost/p", app_armor("Localhost", Some("p")), false, vec![]),
        (
            "type mismatch",
            "runtime/default",
            app_armor("Unconfined", None),
            false,
            vec![format!("{at}.type: Forbidden: apparmor type in annotation and field must match")],
        ),
        (
            "localhost annotation, runtime default field",
            "localhost/p",
            app_armor("RuntimeDefault", None),
            false,
            vec![format!("{at}.type: Forbidden: apparmor type in annotation and field must match")],
        ),
        (
            "localhost profile mismatch",
            "localhost/a",
            app_armor("Localhost", Some("b")),
            false,
            vec![format!("{at}.localhostProfile: Forbidden: apparmor profile in annotation and field must match")],
        ),
        (
            "the pod's profile is the container's when it has none",
            "runtime/default",
            app_armor("Unconfined", None),
            true,
            vec![format!("{at}.type: Forbidden: apparmor type in annotation and field must match")],
        ),
    ];
    for (name, annotation, field, on_pod, want) in cases {
        let mut p = pod(&[(key, annotation)]);
        if on_pod {
            pod_context(&mut p).app_armor_profile = Some(field);
        } else {
            ctr_context(&mut p).app_armor_profile = Some(field);
        }
        assert_eq!(create(&p), want, "{name}");
    }
    // A container's own profile wins over the pod's.
    let mut p = pod(&[(key, "runtime/default")]);
    pod_context(&mut p).app_armor_profile = Some(app_armor("Unconfined", None));
    ctr_context(&mut p).app_armor_profile = Some(app_armor("RuntimeDefault", None));
    assert_eq!(create(&p), Vec::<String>::new());
}

#[test]
fn windows_pods_skip_the_app_armor_match() {
    let mut p = pod(&[("container.apparmor.security.beta.kubernetes.io/ctr", "runtime/default")]);
    p.spec.os = Some(PodOS { name: OSName("windows".into()) });
    pod_context(&mut p).app_armor_profile = Some(app_armor("Unconfined", None));
    // The field itself is refused on Windows; the mismatch is not reported.
    let got = create(&p);
    assert!(got.iter().all(|e| !e.contains("must match")), "{got:#?}");
    assert!(got.iter().any(|e| e.contains("appArmorProfile: Forbidden: cannot be set for a windows pod")), "{got:#?}");
}

#[test]
fn pod_updates_keep_app_armor_and_mirror_annotations() {
    let old = pod(&[("container.apparmor.security.beta.kubernetes.io/ctr", "runtime/default")]);
    let new = pod(&[("kubernetes.io/config.mirror", "x")]);
    assert_eq!(
        strings(&validate_pod(&new, Some(&old))),
        [
            "metadata.annotations[kubernetes.io/config.mirror]: Invalid value: \"x\": must set spec.nodeName if mirror pod annotation is set",
            "metadata.annotations[container.apparmor.security.beta.kubernetes.io/ctr]: Forbidden: may not remove or update AppArmor annotations",
            "metadata.annotations[kubernetes.io/config.mirror]: Forbidden: may not add mirror pod annotation",
        ]
    );
    // The ephemeral containers subresource checks them too.
    let errs = validate_pod_ephemeral_containers_update(&new, &old);
    assert!(strings(&errs).iter().any(|e| e.contains("may not add mirror pod annotation")), "{:?}", strings(&errs));
}

#[test]
fn an_invalid_deletion_cost_is_kept_only_if_stored() {
    let bad = pod(&[("controller.kubernetes.io/pod-deletion-cost", "1.5")]);
    assert_eq!(
        create(&bad),
        [
            "metadata.annotations[controller.kubernetes.io/pod-deletion-cost]: Invalid value: \"1.5\": must be a 32bit integer"
        ]
    );
    assert_eq!(strings(&validate_pod(&bad, Some(&bad))), Vec::<String>::new());
}
