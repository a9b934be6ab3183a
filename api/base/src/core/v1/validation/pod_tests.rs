//! Cases for probes, lifecycle handlers, volume mounts and volume devices in a pod spec, after upstream's `TestValidateContainers` probe cases, its sleep action rules, `TestValidateVolumeMounts`, `TestValidateMountPropagation` and `TestAlphaValidateVolumeDevices`, with the paths and messages of upstream's source.

use std::collections::BTreeMap;

use kapi_machinery::Scheme;
use kapi_machinery::types::IntOrString;
use kapi_machinery::validation::ErrorType::*;
use kapi_machinery::validation::Path;

use super::super::affinity::tests::{Case, run_table, spec, strings};
use super::{volume_devices, volume_mounts};
use crate::core::v1::validation::validate_pod_spec;
use crate::core::v1::{
    Container, EphemeralVolumeSource, HostPathVolumeSource, ImageVolumeSource, Lifecycle, LifecycleHandler,
    MountPropagationMode, PersistentVolumeClaimVolumeSource, Pod, PodSpec, Probe, ProbeHandler, RecursiveReadOnlyMode,
    SecurityContext, SleepAction, TCPSocketAction, Volume, VolumeDevice, VolumeMount, VolumeSource,
};
use crate::meta::v1::ObjectMeta;

/// The errors of a liveness or startup probe whose numbers are all negative: each number, and
/// `successThreshold` again for not being 1.
macro_rules! probe_numbers {
    ($probe:literal) => {
        vec![
            (Invalid, concat!($probe, ".initialDelaySeconds")),
            (Invalid, concat!($probe, ".timeoutSeconds")),
            (Invalid, concat!($probe, ".periodSeconds")),
            (Invalid, concat!($probe, ".successThreshold")),
            (Invalid, concat!($probe, ".failureThreshold")),
            (Invalid, concat!($probe, ".terminationGracePeriodSeconds")),
            (Invalid, concat!($probe, ".successThreshold")),
        ]
    };
}

fn ctr(s: &mut PodSpec) -> &mut Container {
    &mut s.containers.as_mut().expect("the test spec has containers")[0]
}

/// A TCP probe on port 80 with the thresholds defaulting sets.
fn tcp_probe() -> Probe {
    Probe {
        probe_handler: ProbeHandler {
            tcp_socket: Some(Box::new(TCPSocketAction { port: IntOrString::int(80), ..Default::default() })),
            ..Default::default()
        },
        success_threshold: 1,
        ..Default::default()
    }
}

/// Every number of the probe negative, as upstream's "negative numbers" cases set them.
fn negative(p: &mut Probe) {
    p.initial_delay_seconds = -1;
    p.timeout_seconds = -1;
    p.period_seconds = -1;
    p.success_threshold = -1;
    p.failure_threshold = -1;
    p.termination_grace_period_seconds = Some(-1);
}

fn pre_stop_sleep(s: &mut PodSpec, seconds: i64) {
    s.termination_grace_period_seconds = Some(30);
    ctr(s).lifecycle = Some(Box::new(Lifecycle {
        pre_stop: Some(LifecycleHandler { sleep: Some(Box::new(SleepAction { seconds })), ..Default::default() }),
        ..Default::default()
    }));
}

#[test]
fn probes_from_upstream() {
    let cases: Vec<Case> = vec![
        (
            "invalid readiness probe, terminationGracePeriodSeconds set.",
            Box::new(|s| {
                let mut p = tcp_probe();
                p.termination_grace_period_seconds = Some(10);
                ctr(s).readiness_probe = Some(Box::new(p));
            }),
            vec![(Invalid, "spec.containers[0].readinessProbe.terminationGracePeriodSeconds")],
        ),
        (
            "invalid liveness probe, negative numbers",
            Box::new(|s| {
                let mut p = tcp_probe();
                negative(&mut p);
                ctr(s).liveness_probe = Some(Box::new(p));
            }),
            probe_numbers!("spec.containers[0].livenessProbe"),
        ),
        (
            "invalid readiness probe, negative numbers",
            Box::new(|s| {
                let mut p = tcp_probe();
                negative(&mut p);
                ctr(s).readiness_probe = Some(Box::new(p));
            }),
            vec![
                (Invalid, "spec.containers[0].readinessProbe.initialDelaySeconds"),
                (Invalid, "spec.containers[0].readinessProbe.timeoutSeconds"),
                (Invalid, "spec.containers[0].readinessProbe.periodSeconds"),
                (Invalid, "spec.containers[0].readinessProbe.successThreshold"),
                (Invalid, "spec.containers[0].readinessProbe.failureThreshold"),
                (Invalid, "spec.containers[0].readinessProbe.terminationGracePeriodSeconds"),
                (Invalid, "spec.containers[0].readinessProbe.terminationGracePeriodSeconds"),
            ],
        ),
        (
            "invalid startup probe, negative numbers",
            Box::new(|s| {
                let mut p = tcp_probe();
                negative(&mut p);
                ctr(s).startup_probe = Some(Box::new(p));
            }),
            probe_numbers!("spec.containers[0].startupProbe"),
        ),
        (
            "liveness and startup probes may set a grace period",
            Box::new(|s| {
                let mut p = tcp_probe();
                p.termination_grace_period_seconds = Some(10);
                ctr(s).liveness_probe = Some(Box::new(p.clone()));
                ctr(s).startup_probe = Some(Box::new(p));
            }),
            vec![],
        ),
    ];
    run_table(cases);
}

#[test]
fn probe_grace_period_messages() {
    let mut s = spec();
    let mut p = tcp_probe();
    p.termination_grace_period_seconds = Some(0);
    ctr(&mut s).readiness_probe = Some(Box::new(p));
    assert_eq!(
        strings(&validate_pod_spec(&s, &Path::new("spec"))),
        [
            "spec.containers[0].readinessProbe.terminationGracePeriodSeconds: Invalid value: 0: must be greater than 0",
            "spec.containers[0].readinessProbe.terminationGracePeriodSeconds: Invalid value: 0: must not be set for readinessProbes",
        ]
    );
}

#[test]
fn sleep_actions_fit_the_grace_period() {
    let cases: Vec<Case> = vec![
        ("a sleep within the grace period", Box::new(|s| pre_stop_sleep(s, 5)), vec![]),
        // `PodLifecycleSleepActionAllowZero` is GA, so a zero sleep is allowed.
        ("a zero sleep", Box::new(|s| pre_stop_sleep(s, 0)), vec![]),
        ("a sleep as long as the grace period", Box::new(|s| pre_stop_sleep(s, 30)), vec![]),
        (
            "a negative sleep",
            Box::new(|s| pre_stop_sleep(s, -1)),
            vec![(Invalid, "spec.containers[0].lifecycle.preStop.sleep")],
        ),
        (
            "a sleep longer than the grace period",
            Box::new(|s| pre_stop_sleep(s, 31)),
            vec![(Invalid, "spec.containers[0].lifecycle.preStop.sleep")],
        ),
        (
            "no grace period to compare with",
            Box::new(|s| {
                pre_stop_sleep(s, 31);
                s.termination_grace_period_seconds = None;
            }),
            vec![],
        ),
        (
            "a sidecar's post-start sleep",
            Box::new(|s| {
                let mut init = ctr(s).clone();
                init.name = "init".into();
                init.restart_policy = Some(crate::core::v1::ContainerRestartPolicy("Always".into()));
                init.lifecycle = Some(Box::new(Lifecycle {
                    post_start: Some(LifecycleHandler {
                        sleep: Some(Box::new(SleepAction { seconds: 100 })),
                        ..Default::default()
                    }),
                    ..Default::default()
                }));
                s.init_containers = vec![init];
                s.termination_grace_period_seconds = Some(30);
            }),
            vec![(Invalid, "spec.initContainers[0].lifecycle.postStart.sleep")],
        ),
    ];
    run_table(cases);
}

#[test]
fn the_scheme_reports_a_sleep_past_the_grace_period() {
    let mut scheme = Scheme::new();
    crate::core::install(&mut scheme).expect("core installs");
    let mut s = spec();
    pre_stop_sleep(&mut s, 31);
    let pod = Pod {
        metadata: ObjectMeta { name: "p".into(), namespace: "default".into(), ..ObjectMeta::default() },
        spec: s,
        ..Pod::default()
    };
    assert_eq!(
        strings(&scheme.validate(&pod, None)),
        [
            "spec.containers[0].lifecycle.preStop.sleep: Invalid value: 31: must be non-negative and less than terminationGracePeriodSeconds (30)"
        ]
    );
}

// ---- Volume mounts and devices ----

fn claim() -> VolumeSource {
    VolumeSource {
        persistent_volume_claim: Some(Box::new(PersistentVolumeClaimVolumeSource {
            claim_name: "testclaim".into(),
            ..Default::default()
        })),
        ..Default::default()
    }
}

fn host_path() -> VolumeSource {
    VolumeSource {
        host_path: Some(Box::new(HostPathVolumeSource { path: "/foo/baz".into(), ..Default::default() })),
        ..Default::default()
    }
}

fn ephemeral() -> VolumeSource {
    VolumeSource { ephemeral: Some(Box::new(EphemeralVolumeSource::default())), ..Default::default() }
}

fn image() -> VolumeSource {
    VolumeSource {
        image: Some(Box::new(ImageVolumeSource { reference: "quay.io/my/artifact:v1".into(), ..Default::default() })),
        ..Default::default()
    }
}

/// The volumes of upstream's `TestValidateVolumeMounts` and `TestAlphaValidateVolumeDevices`.
fn sources() -> Vec<(&'static str, VolumeSource)> {
    vec![
        ("abc", claim()),
        ("abc-123", claim()),
        ("123", host_path()),
        ("def", host_path()),
        ("ephemeral", ephemeral()),
        ("image-volume", image()),
    ]
}

fn mount(name: &str, path: &str) -> VolumeMount {
    VolumeMount { name: name.into(), mount_path: path.into(), ..Default::default() }
}

fn device(name: &str, path: &str) -> VolumeDevice {
    VolumeDevice { name: name.into(), device_path: path.into() }
}

fn rro(name: &str, path: &str, read_only: bool, mode: &str) -> VolumeMount {
    VolumeMount { read_only, recursive_read_only: Some(RecursiveReadOnlyMode(mode.into())), ..mount(name, path) }
}

fn propagating(mut m: VolumeMount, mode: &str) -> VolumeMount {
    m.mount_propagation = Some(MountPropagationMode(mode.into()));
    m
}

/// The mount checks alone, for a container with these mounts and devices, at `field`.
fn check_mounts(mounts: Vec<VolumeMount>, devices: Vec<VolumeDevice>, privileged: Option<bool>) -> Vec<String> {
    let sources = sources();
    let volumes: BTreeMap<&str, &VolumeSource> = sources.iter().map(|(n, v)| (*n, v)).collect();
    let c = Container {
        volume_mounts: mounts,
        volume_devices: devices,
        security_context: privileged.map(|p| Box::new(SecurityContext { privileged: Some(p), ..Default::default() })),
        ..Default::default()
    };
    strings(&volume_mounts(&c, &volumes, &Path::new("field")))
}

/// The device checks alone, for a container with these devices and mounts, at `field`.
fn check_devices(devices: Vec<VolumeDevice>, mounts: Vec<VolumeMount>) -> Vec<String> {
    let sources = sources();
    let volumes: BTreeMap<&str, &VolumeSource> = sources.iter().map(|(n, v)| (*n, v)).collect();
    let c = Container { volume_mounts: mounts, volume_devices: devices, ..Default::default() };
    strings(&volume_devices(&c, &volumes, &Path::new("field")))
}

#[test]
fn volume_mounts_from_upstream() {
    let good_devices = || vec![device("xyz", "/foofoo"), device("uvw", "/foofoo/share/test")];
    let success = vec![
        mount("abc", "/foo"),
        mount("123", "/bar"),
        mount("abc-123", "/baz"),
        VolumeMount { sub_path: "baz".into(), ..mount("abc-123", "/bab") },
        mount("abc-123", "d:"),
        mount("abc-123", "F:"),
        mount("abc-123", "G:\\mount"),
        VolumeMount { sub_path: ".baz".into(), ..mount("abc-123", "/bac") },
        VolumeMount { sub_path: "..baz".into(), ..mount("abc-123", "/bad") },
        mount("ephemeral", "/foobar"),
        VolumeMount { read_only: true, ..mount("123", "/rro-nil") },
        rro("123", "/rro-disabled", true, "Disabled"),
        rro("123", "/rro-disabled-2", false, "Disabled"),
        rro("123", "/rro-ifpossible", true, "IfPossible"),
        rro("123", "/rro-enabled", true, "Enabled"),
        propagating(rro("123", "/rro-enabled-2", true, "Enabled"), "None"),
        mount("image-volume", "/image-volume"),
    ];
    assert_eq!(check_mounts(success, good_devices(), None), Vec::<String>::new());

    let bad_devices = || vec![device("xyz", "/mnt/exists")];
    let cases: Vec<(&str, Vec<VolumeMount>)> = vec![
        ("empty name", vec![mount("", "/foo")]),
        ("empty mountpath", vec![mount("abc", "")]),
        ("mountpath collision", vec![mount("foo", "/path/a"), mount("bar", "/path/a")]),
        ("absolute subpath", vec![VolumeMount { sub_path: "/baz".into(), ..mount("abc", "/bar") }]),
        ("subpath in ..", vec![VolumeMount { sub_path: "../baz".into(), ..mount("abc", "/bar") }]),
        ("subpath contains ..", vec![VolumeMount { sub_path: "baz/../bat".into(), ..mount("abc", "/bar") }]),
        ("subpath ends in ..", vec![VolumeMount { sub_path: "./..".into(), ..mount("abc", "/bar") }]),
        ("disabled MountPropagation feature gate", vec![propagating(mount("abc", "/bar"), "Bidirectional")]),
        ("name exists in volumeDevice", vec![mount("xyz", "/bar")]),
        ("mountpath exists in volumeDevice", vec![mount("uvw", "/mnt/exists")]),
        ("both exist in volumeDevice", vec![mount("xyz", "/mnt/exists")]),
        ("rro but not ro", vec![rro("123", "/rro-bad1", false, "Enabled")]),
        (
            "rro with incompatible propagation",
            vec![propagating(rro("123", "/rro-bad2", true, "Enabled"), "HostToContainer")],
        ),
        ("rro-if-possible but not ro", vec![rro("123", "/rro-bad1", false, "IfPossible")]),
        (
            "subPath not allowed for image volume sources",
            vec![VolumeMount { sub_path: "/foo".into(), ..mount("image-volume", "/image-volume-err-1") }],
        ),
        (
            "subPathExpr not allowed for image volume sources",
            vec![VolumeMount { sub_path_expr: "$(POD_NAME)".into(), ..mount("image-volume", "/image-volume-err-2") }],
        ),
    ];
    for (name, mounts) in cases {
        assert!(!check_mounts(mounts, bad_devices(), None).is_empty(), "expected failure for {name}");
    }
}

#[test]
fn mount_messages() {
    assert_eq!(
        check_mounts(vec![mount("xyz", "/mnt/exists")], vec![device("xyz", "/mnt/exists")], None),
        [
            "field[0].name: Not found: \"xyz\"",
            "field[0].name: Invalid value: \"xyz\": must not already exist in volumeDevices",
            "field[0].mountPath: Invalid value: \"/mnt/exists\": must not already exist as a path in volumeDevices",
        ]
    );
    assert_eq!(
        check_mounts(
            vec![
                VolumeMount { sub_path: "a".into(), sub_path_expr: "$(B)".into(), ..mount("image-volume", "/i") },
                propagating(rro("123", "/r", false, "Enabled"), "Bidirectional"),
                propagating(rro("123", "/s", true, "Sometimes"), "Sideways"),
            ],
            vec![],
            None,
        ),
        [
            "field[0].subPath: Invalid value: \"a\": not allowed in image volume sources",
            "field[0].subPathExpr: Invalid value: \"$(B)\": not allowed in image volume sources",
            "field[0].subPathExpr: Invalid value: \"$(B)\": subPathExpr and subPath are mutually exclusive",
            // Upstream reports propagation and recursive read-only at the list, not the item.
            "field.mountPropagation: Forbidden: Bidirectional mount propagation is available only to privileged containers",
            "field.recursiveReadOnly: Forbidden: may only be specified when readOnly is true",
            "field.recursiveReadOnly: Forbidden: may only be specified when mountPropagation is None or not specified",
            "field.mountPropagation: Unsupported value: \"Sideways\": supported values: \"Bidirectional\", \"HostToContainer\", \"None\"",
            "field.recursiveReadOnly: Unsupported value: \"Sometimes\": supported values: \"Disabled\", \"Enabled\", \"IfPossible\"",
        ]
    );
}

#[test]
fn mount_propagation_from_upstream() {
    // The container's privilege (none set, explicitly false, true), the mode, and whether it fails.
    let cases = [
        (None, None, false),
        (None, Some("HostToContainer"), false),
        (None, Some("None"), false),
        (None, Some("Bidirectional"), true),
        (Some(false), None, false),
        (Some(false), Some("HostToContainer"), false),
        (Some(false), Some("Bidirectional"), true),
        (Some(true), None, false),
        (Some(true), Some("HostToContainer"), false),
        (Some(true), Some("Bidirectional"), false),
        (Some(true), Some("invalid"), true),
    ];
    for (i, (privileged, mode, fails)) in cases.into_iter().enumerate() {
        let mut m = mount("123", "/foo");
        m.mount_propagation = mode.map(|m| MountPropagationMode(m.into()));
        let errs = check_mounts(vec![m], vec![], privileged);
        assert_eq!(!errs.is_empty(), fails, "case {i}: {errs:#?}");
    }
}

#[test]
fn volume_devices_from_upstream() {
    let success = vec![device("abc", "/foo"), device("abc-123", "/usr/share/test"), device("ephemeral", "/disk")];
    let good_mounts = vec![mount("xyz", "/foofoo"), mount("ghi", "/foo/usr/share/test")];
    assert_eq!(check_devices(success, good_mounts), Vec::<String>::new());

    let bad_mounts = || vec![mount("abc", "/foo"), mount("abc-123", "/this/path/exists")];
    let cases: Vec<(&str, Vec<VolumeDevice>)> = vec![
        ("empty name", vec![device("", "/foo")]),
        ("duplicate name", vec![device("abc", "/foo"), device("abc", "/foo/bar")]),
        ("name not found", vec![device("not-found", "/usr/share/test")]),
        ("name found but invalid source", vec![device("def", "/usr/share/test")]),
        ("empty devicepath", vec![device("abc", "")]),
        ("relative devicepath", vec![device("abc-123", "baz")]),
        ("duplicate devicepath", vec![device("abc", "/foo"), device("abc-123", "/foo")]),
        ("no backsteps", vec![device("def", "/baz/../")]),
        ("name exists in volumemounts", vec![device("abc", "/baz/../")]),
        ("path exists in volumemounts", vec![device("xyz", "/this/path/exists")]),
        ("both exist in volumemounts", vec![device("abc", "/this/path/exists")]),
    ];
    for (name, devices) in cases {
        assert!(!check_devices(devices, bad_mounts()).is_empty(), "expected failure for {name}");
    }
}

#[test]
fn device_messages() {
    assert_eq!(
        check_devices(
            vec![device("def", "/a/../b"), device("def", "/a/../b"), device("abc", "/c"), device("abc-123", "/c")],
            vec![mount("abc", "/m")],
        ),
        [
            "field[0].name: Invalid value: \"def\": can only use volume source type of PersistentVolumeClaim or Ephemeral for block mode",
            "field[0].devicePath: Invalid value: \"/a/../b\": can not contain backsteps ('..')",
            "field[1].name: Invalid value: \"def\": must be unique",
            "field[1].name: Invalid value: \"def\": can only use volume source type of PersistentVolumeClaim or Ephemeral for block mode",
            "field[1].devicePath: Invalid value: \"/a/../b\": can not contain backsteps ('..')",
            "field[2].name: Invalid value: \"abc\": must not already exist in volumeMounts",
            "field[3].devicePath: Invalid value: \"/c\": must be unique",
        ]
    );
    assert_eq!(
        check_devices(vec![device("", ""), device("nope", "/m")], vec![mount("x", "/m")]),
        [
            "field[0].name: Required value",
            "field[0].name: Not found: \"\"",
            "field[0].devicePath: Required value",
            "field[1].name: Not found: \"nope\"",
            "field[1].devicePath: Invalid value: \"/m\": must not already exist as a path in volumeMounts",
        ]
    );
}

#[test]
fn the_scheme_checks_mounts_and_devices() {
    let mut scheme = Scheme::new();
    crate::core::install(&mut scheme).expect("core installs");
    let mut s = spec();
    s.volumes = vec![
        Volume { name: "data".into(), volume_source: claim() },
        Volume { name: "host".into(), volume_source: host_path() },
    ];
    ctr(&mut s).volume_mounts = vec![propagating(mount("host", "/host"), "Bidirectional")];
    ctr(&mut s).volume_devices = vec![device("data", "/dev/xvda"), device("host", "/dev/xvdb")];
    let pod = Pod {
        metadata: ObjectMeta { name: "p".into(), namespace: "default".into(), ..ObjectMeta::default() },
        spec: s,
        ..Pod::default()
    };
    assert_eq!(
        strings(&scheme.validate(&pod, None)),
        [
            "spec.containers[0].volumeMounts[0].name: Invalid value: \"host\": must not already exist in volumeDevices",
            "spec.containers[0].volumeMounts.mountPropagation: Forbidden: Bidirectional mount propagation is available only to privileged containers",
            "spec.containers[0].volumeDevices[1].name: Invalid value: \"host\": can only use volume source type of PersistentVolumeClaim or Ephemeral for block mode",
            "spec.containers[0].volumeDevices[1].name: Invalid value: \"host\": must not already exist in volumeMounts",
        ]
    );
    // A privileged container may propagate mounts both ways.
    let mut s = spec();
    s.volumes = vec![Volume { name: "host".into(), volume_source: host_path() }];
    ctr(&mut s).volume_mounts = vec![propagating(mount("host", "/host"), "Bidirectional")];
    ctr(&mut s).security_context = Some(Box::new(SecurityContext { privileged: Some(true), ..Default::default() }));
    assert_eq!(strings(&validate_pod_spec(&s, &Path::new("spec"))), Vec::<String>::new());
}
