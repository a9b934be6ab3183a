//! Cases for DNS config, DNS policy `None`, host aliases, sysctls, readiness gates and scheduling gates in a pod spec, after upstream's `TestValidatePodDNSConfig`, `TestValidateHostAliases`-style inputs, `TestValidateSysctls`, `TestValidateReadinessGates` and `TestValidateSchedulingGates`, with the paths and messages of upstream's source.

use kapi_machinery::validation::{ErrorType, Path};

use super::super::affinity::tests::{Case, run_table, spec, strings};
use crate::core::v1::validation::validate_pod_spec;
use crate::core::v1::{
    DNSPolicy, HostAlias, PodConditionType, PodDNSConfig, PodDNSConfigOption, PodReadinessGate, PodSchedulingGate,
    PodSecurityContext, Sysctl,
};

fn dns(nameservers: &[&str], searches: &[&str]) -> PodDNSConfig {
    PodDNSConfig {
        nameservers: nameservers.iter().map(|s| (*s).to_owned()).collect(),
        searches: searches.iter().map(|s| (*s).to_owned()).collect(),
        options: vec![],
    }
}

/// Twenty names of 100 characters and one of `last` characters: with the spaces between them,
/// 2020 + `last` characters.
fn search_list(last: usize) -> Vec<String> {
    let name = format!("{}.{}", "a".repeat(50), "b".repeat(49));
    let mut list = vec![name; 20];
    list.push("c".repeat(last));
    list
}

fn none(s: &mut crate::core::v1::PodSpec) {
    s.dns_policy = DNSPolicy("None".into());
}

fn sysctls(names: &[&str]) -> Option<PodSecurityContext> {
    Some(PodSecurityContext {
        sysctls: names.iter().map(|n| Sysctl { name: (*n).into(), value: "1".into() }).collect(),
        ..PodSecurityContext::default()
    })
}

#[test]
fn dns_config_table() {
    use ErrorType::{Invalid, Required};
    let cases: Vec<Case> = vec![
        ("nil DNSConfig with ClusterFirst", Box::new(|_| {}), vec![]),
        (
            "valid DNSConfig: one nameserver, search domains with underscores and a trailing dot, options",
            Box::new(|s| {
                let mut c = dns(&["1.2.3.4"], &["custom", "_sip._tcp.abc_d.example.com", "mydomain.com.", "."]);
                c.options = vec![PodDNSConfigOption { name: "ndots".into(), value: Some("3".into()) }];
                s.dns_config = Some(Box::new(c));
            }),
            vec![],
        ),
        (
            "valid: 3 nameservers and no search with DNSNone",
            Box::new(|s| {
                none(s);
                s.dns_config = Some(Box::new(dns(&["1.2.3.4", "2001:db8::1", "3.4.5.6"], &[])));
            }),
            vec![],
        ),
        ("invalid: DNSNone without DNSConfig", Box::new(none), vec![(Required, "spec.dnsConfig")]),
        (
            "invalid: DNSNone with 0 nameserver",
            Box::new(|s| {
                none(s);
                s.dns_config = Some(Box::new(dns(&[], &["custom"])));
            }),
            vec![(Required, "spec.dnsConfig.nameservers")],
        ),
        (
            "invalid: 4 nameservers, one not an IP",
            Box::new(|s| s.dns_config = Some(Box::new(dns(&["1.2.3.4", "1.2.3.5", "1.2.3.6", "invalid"], &[])))),
            vec![(Invalid, "spec.dnsConfig.nameservers"), (Invalid, "spec.dnsConfig.nameservers[3]")],
        ),
        (
            "invalid: 33 search paths, one with an invalid character",
            Box::new(|s| {
                let mut searches: Vec<String> = (0..32).map(|i| format!("s{i}")).collect();
                searches.push("a@b".into());
                s.dns_config = Some(Box::new(PodDNSConfig { searches, ..PodDNSConfig::default() }));
            }),
            vec![(Invalid, "spec.dnsConfig.searches"), (Invalid, "spec.dnsConfig.searches[32]")],
        ),
        (
            "valid: a search list of exactly 2048 characters",
            Box::new(|s| {
                s.dns_config = Some(Box::new(PodDNSConfig { searches: search_list(28), ..PodDNSConfig::default() }))
            }),
            vec![],
        ),
        (
            "invalid: a search list of 2049 characters",
            Box::new(|s| {
                s.dns_config = Some(Box::new(PodDNSConfig { searches: search_list(29), ..PodDNSConfig::default() }))
            }),
            vec![(Invalid, "spec.dnsConfig.searches")],
        ),
        (
            "invalid: empty option name",
            Box::new(|s| {
                let mut c = dns(&["1.2.3.4"], &[]);
                c.options = vec![PodDNSConfigOption { name: String::new(), value: Some("3".into()) }];
                s.dns_config = Some(Box::new(c));
            }),
            vec![(Required, "spec.dnsConfig.options[0]")],
        ),
    ];
    run_table(cases);
}

#[test]
fn host_aliases_sysctls_and_gates_table() {
    use ErrorType::{Duplicate, Invalid, Required};
    let cases: Vec<Case> = vec![
        (
            "valid host aliases",
            Box::new(|s| {
                s.host_aliases =
                    vec![HostAlias { ip: "12.34.56.78".into(), hostnames: vec!["host1".into(), "host.2".into()] }];
            }),
            vec![],
        ),
        (
            "invalid host alias IP and host name",
            Box::new(|s| {
                s.host_aliases = vec![HostAlias {
                    ip: "999.999.999.999".into(),
                    hostnames: vec!["host1".into(), "@#$^#@#$".into()],
                }];
            }),
            vec![(Invalid, "spec.hostAliases[0].ip"), (Invalid, "spec.hostAliases[0].hostnames[1]")],
        ),
        (
            "valid sysctls",
            Box::new(|s| {
                s.security_context = sysctls(&[
                    "a.b.c",
                    "kernel.shm_rmid_forced",
                    "net.ipv4.conf.eno2/100.rp_filter",
                    "net/ipv4/conf/eno2.100/rp_filter",
                ]);
            }),
            vec![],
        ),
        (
            "invalid, empty and duplicate sysctls",
            Box::new(|s| s.security_context = sysctls(&["foo-", "", "a.b.c", "a.b.c"])),
            vec![
                (Invalid, "spec.securityContext.sysctls[0].name"),
                (Required, "spec.securityContext.sysctls[1].name"),
                (Duplicate, "spec.securityContext.sysctls[3].name"),
            ],
        ),
        (
            "namespaced sysctls with hostNetwork and hostIPC",
            Box::new(|s| {
                s.host_network = true;
                s.host_ipc = true;
                s.security_context =
                    sysctls(&["net.ipv4.ip_local_port_range", "kernel.msgmax", "fs/mqueue/msg_max", "kernel.pid_max"]);
            }),
            vec![
                (Invalid, "spec.securityContext.sysctls[0].name"),
                (Invalid, "spec.securityContext.sysctls[1].name"),
                (Invalid, "spec.securityContext.sysctls[2].name"),
            ],
        ),
        (
            "readiness gates",
            Box::new(|s| {
                s.readiness_gates = ["k8s.io/foo", "invalid type"]
                    .iter()
                    .map(|t| PodReadinessGate { condition_type: PodConditionType((*t).into()) })
                    .collect();
            }),
            vec![(Invalid, "spec.readinessGates[1].conditionType")],
        ),
        (
            "scheduling gates",
            Box::new(|s| {
                s.scheduling_gates =
                    ["foo", "bar", "foo", "x/y/z"].iter().map(|n| PodSchedulingGate { name: (*n).into() }).collect();
            }),
            vec![(Duplicate, "spec.schedulingGates[2]"), (Invalid, "spec.schedulingGates[3]")],
        ),
    ];
    run_table(cases);
}

#[test]
fn dns_and_sysctl_messages() {
    let mut s = spec();
    s.dns_config = Some(Box::new(dns(&["1.2.3.4"], &["a_b.-c"])));
    s.host_network = true;
    s.security_context = sysctls(&["net.core.somaxconn", "Bad"]);
    assert_eq!(
        strings(&validate_pod_spec(&s, &Path::new("spec"))),
        [
            r#"spec.securityContext.sysctls[0].name: Invalid value: "net.core.somaxconn": may not be specified when 'hostNetwork' is true"#,
            r#"spec.securityContext.sysctls[1].name: Invalid value: "Bad": must have at most 253 characters and match regex ^([a-z0-9]([-_a-z0-9]*[a-z0-9])?[\./])*[a-z0-9]([-_a-z0-9]*[a-z0-9])?$"#,
            r#"spec.dnsConfig.searches[0]: Invalid value: "a_b.-c": a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '_', '-' or '.', and must start and end with an alphanumeric character (e.g. 'example.com', regex used for validation is '_?[a-z0-9]([-_a-z0-9]*[a-z0-9])?(\._?[a-z0-9]([-_a-z0-9]*[a-z0-9])?)*')"#,
        ]
    );
    let mut s = spec();
    none(&mut s);
    assert_eq!(
        strings(&validate_pod_spec(&s, &Path::new("spec"))),
        ["spec.dnsConfig: Required value: must provide `dnsConfig` when `dnsPolicy` is None"]
    );
}
