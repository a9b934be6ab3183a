//! Cases for pod and container security contexts, seccomp and AppArmor profiles, Windows options, host-process pods, `hostUsers` and the pod's `os`, after upstream's `TestValidateSecurityContext`, `TestValidateSeccompProfileType`, `TestValidateAppArmorProfileFormat`-style field cases, `TestValidateWindowsSecurityContextOptions`, `TestValidateWindowsHostProcessPod`, `TestValidateOS` and `TestValidatePodSpec`'s security cases, with the paths and messages of upstream's source.

use kapi_machinery::validation::{ErrorType, Path};

use super::super::affinity::tests::{Case, run_table, spec, strings};
use crate::core::v1::validation::validate_pod_spec;
use crate::core::v1::{
    AppArmorProfile, AppArmorProfileType, Capabilities, Capability, OSName, PodFSGroupChangePolicy, PodOS,
    PodSecurityContext, PodSpec, ProcMountType, SeccompProfile, SeccompProfileType, SecurityContext,
    SupplementalGroupsPolicy, WindowsSecurityContextOptions,
};

fn pod_sc(s: &mut PodSpec) -> &mut PodSecurityContext {
    s.security_context.get_or_insert_with(PodSecurityContext::default)
}

fn ctr_sc(s: &mut PodSpec) -> &mut SecurityContext {
    let c = &mut s.containers.as_mut().expect("the test spec has containers")[0];
    c.security_context.get_or_insert_default()
}

fn seccomp(t: &str, localhost: Option<&str>) -> Option<SeccompProfile> {
    Some(SeccompProfile { r#type: SeccompProfileType(t.into()), localhost_profile: localhost.map(str::to_owned) })
}

fn apparmor(t: &str, localhost: Option<&str>) -> Option<AppArmorProfile> {
    Some(AppArmorProfile { r#type: AppArmorProfileType(t.into()), localhost_profile: localhost.map(str::to_owned) })
}

fn windows(run_as: &str) -> Option<WindowsSecurityContextOptions> {
    Some(WindowsSecurityContextOptions { run_as_user_name: Some(run_as.into()), ..Default::default() })
}

fn first(s: &PodSpec) -> Vec<String> {
    strings(&validate_pod_spec(s, &Path::new("spec")))
}

#[test]
fn pod_security_context_fields() {
    use ErrorType::*;
    let cases: Vec<Case> = vec![
        (
            "valid seccomp RuntimeDefault",
            Box::new(|s| pod_sc(s).seccomp_profile = seccomp("RuntimeDefault", None)),
            vec![],
        ),
        (
            "valid seccomp Localhost",
            Box::new(|s| pod_sc(s).seccomp_profile = seccomp("Localhost", Some("filename.json"))),
            vec![],
        ),
        (
            "seccomp type missing",
            Box::new(|s| pod_sc(s).seccomp_profile = seccomp("", None)),
            vec![(Required, "spec.securityContext.seccompProfile.type")],
        ),
        (
            "seccomp Localhost without profile",
            Box::new(|s| pod_sc(s).seccomp_profile = seccomp("Localhost", None)),
            vec![(Required, "spec.securityContext.seccompProfile.localhostProfile")],
        ),
        (
            "seccomp Localhost with an absolute, climbing profile",
            Box::new(|s| pod_sc(s).seccomp_profile = seccomp("Localhost", Some("/../x.json"))),
            vec![
                (Invalid, "spec.securityContext.seccompProfile.localhostProfile"),
                (Invalid, "spec.securityContext.seccompProfile.localhostProfile"),
            ],
        ),
        (
            "seccomp profile with RuntimeDefault",
            Box::new(|s| pod_sc(s).seccomp_profile = seccomp("RuntimeDefault", Some("x.json"))),
            vec![(Invalid, "spec.securityContext.seccompProfile.localhostProfile")],
        ),
        (
            "invalid fsGroupChangePolicy",
            Box::new(|s| pod_sc(s).fs_group_change_policy = Some(PodFSGroupChangePolicy("invalid".into()))),
            vec![(NotSupported, "spec.securityContext.fsGroupChangePolicy")],
        ),
        (
            "invalid supplementalGroupsPolicy",
            Box::new(|s| pod_sc(s).supplemental_groups_policy = Some(SupplementalGroupsPolicy("Union".into()))),
            vec![(NotSupported, "spec.securityContext.supplementalGroupsPolicy")],
        ),
        ("bad fsGroup", Box::new(|s| pod_sc(s).fs_group = Some(-1)), vec![(Invalid, "spec.securityContext.fsGroup")]),
        (
            "shareProcessNamespace with hostPID",
            Box::new(|s| {
                s.host_pid = true;
                s.share_process_namespace = Some(true);
            }),
            vec![(Invalid, "spec.securityContext.shareProcessNamespace")],
        ),
        (
            "apparmor Localhost without profile",
            Box::new(|s| pod_sc(s).app_armor_profile = apparmor("Localhost", None)),
            vec![(Required, "spec.securityContext.appArmorProfile.localhostProfile")],
        ),
        (
            "apparmor Localhost with an empty profile",
            Box::new(|s| pod_sc(s).app_armor_profile = apparmor("Localhost", Some(""))),
            vec![(Required, "spec.securityContext.appArmorProfile.localhostProfile")],
        ),
        (
            "apparmor unknown type",
            Box::new(|s| pod_sc(s).app_armor_profile = apparmor("Other", None)),
            vec![(NotSupported, "spec.securityContext.appArmorProfile.type")],
        ),
        (
            "hostUsers false with host namespaces",
            Box::new(|s| {
                s.host_users = Some(false);
                s.host_network = true;
                s.host_pid = true;
                s.host_ipc = true;
            }),
            vec![(Forbidden, "spec.hostNetwork"), (Forbidden, "spec.HostPID"), (Forbidden, "spec.HostIPC")],
        ),
    ];
    run_table(cases);
    let mut s = spec();
    pod_sc(&mut s).app_armor_profile = apparmor("Localhost", Some(" x "));
    assert_eq!(
        first(&s),
        [
            r#"spec.securityContext.appArmorProfile.localhostProfile: Invalid value: " x ": must not be padded with whitespace"#
        ]
    );
    pod_sc(&mut s).app_armor_profile = apparmor("RuntimeDefault", Some("x"));
    assert_eq!(
        first(&s),
        [
            r#"spec.securityContext.appArmorProfile.localhostProfile: Invalid value: "x": can only be set when AppArmor type is Localhost"#
        ]
    );
    pod_sc(&mut s).app_armor_profile = apparmor("Localhost", Some(&"a".repeat(4096)));
    assert_eq!(
        first(&s),
        ["spec.securityContext.appArmorProfile.localhostProfile: Too long: may not be more than 4095 bytes"]
    );
    let mut s = spec();
    pod_sc(&mut s).seccomp_profile = seccomp("Localhostt", None);
    assert_eq!(
        first(&s),
        [
            r#"spec.securityContext.seccompProfile.type: Unsupported value: "Localhostt": supported values: "Localhost", "RuntimeDefault", "Unconfined""#
        ]
    );
    let mut s = spec();
    pod_sc(&mut s).fs_group_change_policy = Some(PodFSGroupChangePolicy("invalid".into()));
    assert_eq!(
        first(&s),
        [
            r#"spec.securityContext.fsGroupChangePolicy: Unsupported value: "invalid": supported values: "Always", "OnRootMismatch""#
        ]
    );
    let mut s = spec();
    s.host_pid = true;
    s.share_process_namespace = Some(true);
    assert_eq!(
        first(&s),
        [
            "spec.securityContext.shareProcessNamespace: Invalid value: true: ShareProcessNamespace and HostPID cannot both be enabled"
        ]
    );
}

/// `TestValidateSecurityContext`'s cases for a container.
#[test]
fn container_security_context() {
    use ErrorType::*;
    let cases: Vec<Case> = vec![
        (
            "all settings",
            Box::new(|s| {
                let sc = ctr_sc(s);
                sc.privileged = Some(false);
                sc.run_as_user = Some(1);
                sc.run_as_group = Some(1);
                sc.proc_mount = Some(ProcMountType("Default".into()));
            }),
            vec![],
        ),
        (
            "negative RunAsUser",
            Box::new(|s| ctr_sc(s).run_as_user = Some(-1)),
            vec![(Invalid, "spec.containers[0].securityContext.runAsUser")],
        ),
        (
            "with CAP_SYS_ADMIN and allowPrivilegeEscalation false",
            Box::new(|s| {
                let sc = ctr_sc(s);
                sc.allow_privilege_escalation = Some(false);
                sc.capabilities = Some(Capabilities { add: vec![Capability("CAP_SYS_ADMIN".into())], drop: vec![] });
            }),
            vec![(Invalid, "spec.containers[0].securityContext")],
        ),
        (
            "with privileged and allowPrivilegeEscalation false",
            Box::new(|s| {
                let sc = ctr_sc(s);
                sc.allow_privilege_escalation = Some(false);
                sc.privileged = Some(true);
            }),
            vec![(Invalid, "spec.containers[0].securityContext")],
        ),
        (
            "with unknown procMount",
            Box::new(|s| ctr_sc(s).proc_mount = Some(ProcMountType("Partial".into()))),
            vec![(NotSupported, "spec.containers[0].securityContext.procMount")],
        ),
        (
            "with unmasked proc mount type and host user namespace",
            Box::new(|s| ctr_sc(s).proc_mount = Some(ProcMountType("Unmasked".into()))),
            vec![(Invalid, "spec.containers[0].securityContext.procMount")],
        ),
        (
            "with unmasked proc mount type and own user namespace",
            Box::new(|s| {
                s.host_users = Some(false);
                ctr_sc(s).proc_mount = Some(ProcMountType("Unmasked".into()));
            }),
            vec![],
        ),
        (
            "container seccomp Localhost without profile",
            Box::new(|s| ctr_sc(s).seccomp_profile = seccomp("Localhost", None)),
            vec![(Required, "spec.containers[0].securityContext.seccompProfile.localhostProfile")],
        ),
        (
            "container apparmor without type",
            Box::new(|s| ctr_sc(s).app_armor_profile = apparmor("", None)),
            vec![(Required, "spec.containers[0].securityContext.appArmorProfile.type")],
        ),
    ];
    run_table(cases);
    let mut s = spec();
    ctr_sc(&mut s).proc_mount = Some(ProcMountType("Unmasked".into()));
    assert_eq!(
        first(&s),
        [
            r#"spec.containers[0].securityContext.procMount: Invalid value: "Unmasked": `hostUsers` must be false to use `Unmasked`"#
        ]
    );
}

/// `TestValidateWindowsSecurityContextOptions`' cases (names and the error each expects).
#[test]
fn windows_security_context_options() {
    let long_user = "a".repeat(105);
    // A well-formed DNS domain of 259 characters: only its length is wrong.
    let long_domain = format!("{}\\user", vec!["a".repeat(51); 5].join("."));
    let cases: Vec<(&str, WindowsSecurityContextOptions, &str)> = vec![
        ("nil", WindowsSecurityContextOptions::default(), ""),
        (
            "a valid credential spec name",
            WindowsSecurityContextOptions {
                gmsa_credential_spec_name: Some("valid-name".into()),
                ..Default::default()
            },
            "",
        ),
        (
            "a credential spec name with invalid chars",
            WindowsSecurityContextOptions {
                gmsa_credential_spec_name: Some("not_a-valid-name".into()),
                ..Default::default()
            },
            "a lowercase RFC 1123 subdomain must consist of",
        ),
        (
            "an empty credential spec",
            WindowsSecurityContextOptions { gmsa_credential_spec: Some(String::new()), ..Default::default() },
            "gmsaCredentialSpec cannot be an empty string",
        ),
        (
            "a credential spec too long",
            WindowsSecurityContextOptions {
                gmsa_credential_spec: Some("a".repeat(64 * 1024 + 1)),
                ..Default::default()
            },
            "gmsaCredentialSpec size must be under 64 KiB",
        ),
        ("a valid RunAsUserName", windows("Container. User").unwrap(), ""),
        ("a valid RunAsUserName with NetBios Domain", windows("Network Service\\Container. User").unwrap(), ""),
        ("a valid RunAsUserName with DNS Domain", windows("foo.bar\\Container. User").unwrap(), ""),
        ("a RunAsUserName with an empty string", windows("").unwrap(), "runAsUserName cannot be an empty string"),
        (
            "a RunAsUserName with control characters",
            windows("container\u{1}user").unwrap(),
            "runAsUserName cannot contain control characters",
        ),
        (
            "a RunAsUserName with too many backslashes",
            windows("a\\b\\c").unwrap(),
            "runAsUserName cannot contain more than one backslash",
        ),
        ("a RunAsUserName with an empty user", windows("domain\\").unwrap(), "runAsUserName's User cannot be empty"),
        (
            "a RunAsUserName with a user too long",
            windows(&long_user).unwrap(),
            "runAsUserName's User length must not be longer than 104 characters",
        ),
        (
            "a RunAsUserName with a domain too long",
            windows(&long_domain).unwrap(),
            "runAsUserName's Domain length must be under 256 characters",
        ),
        (
            "a RunAsUserName with an invalid domain",
            windows("a|b\\user").unwrap(),
            "runAsUserName's Domain doesn't match the NetBios nor the DNS format",
        ),
        (
            "a RunAsUserName with only periods and spaces",
            windows(". .").unwrap(),
            "runAsUserName's User cannot contain only periods or spaces",
        ),
        (
            "a RunAsUserName with invalid characters",
            windows("user@host").unwrap(),
            "runAsUserName's User cannot contain the following characters",
        ),
    ];
    for (name, opts, want) in cases {
        let mut s = spec();
        ctr_sc(&mut s).windows_options = Some(opts);
        let got = first(&s);
        if want.is_empty() {
            assert!(got.is_empty(), "{name}: {got:?}");
        } else {
            assert_eq!(got.len(), 1, "{name}: {got:?}");
            assert!(got[0].starts_with("spec.containers[0].securityContext.windowsOptions."), "{name}: {got:?}");
            assert!(got[0].contains(want), "{name}: want {want:?} in {got:?}");
        }
    }
}

fn host_process(s: &mut PodSpec, pod: Option<bool>, ctr: Option<bool>) {
    pod_sc(s).windows_options = Some(WindowsSecurityContextOptions { host_process: pod, ..Default::default() });
    ctr_sc(s).windows_options = Some(WindowsSecurityContextOptions { host_process: ctr, ..Default::default() });
}

/// `TestValidateWindowsHostProcessPod`'s cases.
#[test]
fn windows_host_process_pods() {
    use ErrorType::*;
    let cases: Vec<Case> = vec![
        (
            "Spec with feature enabled, pod-wide HostProcess=true, and HostNetwork unset should not validate",
            Box::new(|s| host_process(s, Some(true), None)),
            vec![(Invalid, "spec.hostNetwork")],
        ),
        (
            "Spec with feature enabled, pod-wide HostProcess=true, and HostNetwork set should validate",
            Box::new(|s| {
                s.host_network = true;
                host_process(s, Some(true), None);
            }),
            vec![],
        ),
        (
            "Spec with pod-wide HostProcess=false and container HostProcess=true should not validate",
            Box::new(|s| {
                s.host_network = true;
                host_process(s, Some(false), Some(true));
            }),
            vec![(Invalid, "spec.containers[0].securityContext.windowsOptions.hostProcess")],
        ),
        (
            "Spec with HostProcess containers and non-HostProcess containers should not validate",
            Box::new(|s| {
                s.host_network = true;
                ctr_sc(s).windows_options =
                    Some(WindowsSecurityContextOptions { host_process: Some(true), ..Default::default() });
                let mut other = s.containers.as_ref().expect("the test spec has containers")[0].clone();
                other.name = "other".into();
                other.security_context = None;
                s.containers.as_mut().expect("the test spec has containers").push(other);
            }),
            vec![(Invalid, "spec")],
        ),
    ];
    run_table(cases);
    let mut s = spec();
    s.host_network = true;
    host_process(&mut s, Some(false), Some(true));
    assert_eq!(
        first(&s),
        [
            "spec.containers[0].securityContext.windowsOptions.hostProcess: Invalid value: true: pod hostProcess value must be identical if both are specified, was false"
        ]
    );
}

/// `TestValidateOS` and the Linux/Windows field restrictions of `TestValidatePodSpec`.
#[test]
fn pod_os() {
    use ErrorType::*;
    let os = |s: &mut PodSpec, name: &str| s.os = Some(PodOS { name: OSName(name.into()) });
    let cases: Vec<Case> = vec![
        ("linux", Box::new(move |s| os(s, "linux")), vec![]),
        ("windows", Box::new(move |s| os(s, "windows")), vec![]),
        ("empty name", Box::new(move |s| os(s, "")), vec![(Required, "spec.os.name")]),
        ("unknown", Box::new(move |s| os(s, "macos")), vec![(NotSupported, "spec.os")]),
        (
            "windows options on a linux pod",
            Box::new(move |s| {
                os(s, "linux");
                pod_sc(s).windows_options = windows("user");
                ctr_sc(s).windows_options = windows("user");
            }),
            vec![
                (Forbidden, "spec.securityContext.windowsOptions"),
                (Forbidden, "spec.containers[0].securityContext.windowsOptions"),
            ],
        ),
        (
            "linux settings on a windows pod",
            Box::new(move |s| {
                os(s, "windows");
                s.host_pid = true;
                let p = pod_sc(s);
                p.run_as_user = Some(1);
                p.seccomp_profile = seccomp("RuntimeDefault", None);
                let c = ctr_sc(s);
                c.privileged = Some(false);
                c.read_only_root_filesystem = Some(true);
            }),
            vec![
                (Forbidden, "spec.hostPID"),
                (Forbidden, "spec.securityContext.seccompProfile"),
                (Forbidden, "spec.securityContext.runAsUser"),
                (Forbidden, "spec.containers[0].securityContext.readOnlyRootFilesystem"),
                (Forbidden, "spec.containers[0].securityContext.privileged"),
            ],
        ),
    ];
    run_table(cases);
    let mut s = spec();
    s.os = Some(PodOS { name: OSName("windows".into()) });
    s.host_ipc = true;
    assert_eq!(first(&s), ["spec.hostIPC: Forbidden: cannot be set for a windows pod"]);
    s.os = Some(PodOS { name: OSName("macos".into()) });
    assert_eq!(first(&s), [r#"spec.os: Unsupported value: "macos": supported values: "linux", "windows""#]);
}
