//! The status strategies' warnings: the paths upstream's pod and service status strategies name, each address's own warning.

use super::*;
use crate::core::v1::{HostIP, LoadBalancerIngress, PodIP};

#[test]
fn pod_ips_then_host_ips_each_at_its_ip() {
    let mut pod = Pod::default();
    pod.status.pod_ips = vec![PodIP { ip: "10.0.0.1".into() }, PodIP { ip: "010.000.000.002".into() }];
    pod.status.host_ips =
        vec![HostIP { ip: "::ffff:192.168.0.1".into() }, HostIP { ip: "2001:DB8::1".into() }, HostIP { ip: "".into() }];
    assert_eq!(
        warnings_for_pod_status_update(&pod, &Pod::default()),
        [
            r#"status.podIPs[1].ip: non-standard IP address "010.000.000.002" is invalid: use "10.0.0.2""#,
            r#"status.hostIPs[0].ip: non-standard IP address "::ffff:192.168.0.1" is invalid: use "192.168.0.1""#,
            r#"status.hostIPs[1].ip: IPv6 address "2001:DB8::1" should be in RFC 5952 canonical format ("2001:db8::1")"#,
        ]
    );
}

#[test]
fn load_balancer_ingress_named_by_entry() {
    let mut svc = Service::default();
    svc.status.load_balancer.ingress = vec![
        LoadBalancerIngress { hostname: "lb.example.com".into(), ..Default::default() },
        LoadBalancerIngress { ip: "1.2.3.04".into(), ..Default::default() },
    ];
    assert_eq!(
        warnings_for_service_status_update(&svc, &Service::default()),
        [r#"status.loadBalancer.ingress[1]: non-standard IP address "1.2.3.04" is invalid: use "1.2.3.4""#]
    );
    assert!(warnings_for_service_status_update(&Service::default(), &svc).is_empty());
}
