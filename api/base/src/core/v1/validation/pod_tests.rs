//! Cases for probes and lifecycle handlers in a pod spec, after upstream's `TestValidateContainers` probe cases and its sleep action rules, with the paths and messages of upstream's source.

use kapi_machinery::Scheme;
use kapi_machinery::types::IntOrString;
use kapi_machinery::validation::ErrorType::*;
use kapi_machinery::validation::Path;

use super::super::affinity::tests::{Case, run_table, spec, strings};
use crate::core::v1::validation::validate_pod_spec;
use crate::core::v1::{
    Container, Lifecycle, LifecycleHandler, Pod, PodSpec, Probe, ProbeHandler, SleepAction, TCPSocketAction,
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
    ctr(s).lifecycle = Some(Lifecycle {
        pre_stop: Some(LifecycleHandler { sleep: Some(Box::new(SleepAction { seconds })), ..Default::default() }),
        ..Default::default()
    });
}

#[test]
fn probes_from_upstream() {
    let cases: Vec<Case> = vec![
        (
            "invalid readiness probe, terminationGracePeriodSeconds set.",
            Box::new(|s| {
                let mut p = tcp_probe();
                p.termination_grace_period_seconds = Some(10);
                ctr(s).readiness_probe = Some(p);
            }),
            vec![(Invalid, "spec.containers[0].readinessProbe.terminationGracePeriodSeconds")],
        ),
        (
            "invalid liveness probe, negative numbers",
            Box::new(|s| {
                let mut p = tcp_probe();
                negative(&mut p);
                ctr(s).liveness_probe = Some(p);
            }),
            probe_numbers!("spec.containers[0].livenessProbe"),
        ),
        (
            "invalid readiness probe, negative numbers",
            Box::new(|s| {
                let mut p = tcp_probe();
                negative(&mut p);
                ctr(s).readiness_probe = Some(p);
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
                ctr(s).startup_probe = Some(p);
            }),
            probe_numbers!("spec.containers[0].startupProbe"),
        ),
        (
            "liveness and startup probes may set a grace period",
            Box::new(|s| {
                let mut p = tcp_probe();
                p.termination_grace_period_seconds = Some(10);
                ctr(s).liveness_probe = Some(p.clone());
                ctr(s).startup_probe = Some(p);
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
    ctr(&mut s).readiness_probe = Some(p);
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
                init.lifecycle = Some(Lifecycle {
                    post_start: Some(LifecycleHandler {
                        sleep: Some(Box::new(SleepAction { seconds: 100 })),
                        ..Default::default()
                    }),
                    ..Default::default()
                });
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
