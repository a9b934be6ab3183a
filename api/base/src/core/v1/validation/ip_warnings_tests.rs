//! Upstream's `TestGetWarningsForIP` and `TestGetWarningsForCIDR` (apimachinery's `util/validation/ip_test.go`), case for case, and the Go printing rules behind the suggested forms.

use kapi_machinery::validation::Path;

use super::{cidr_warnings, ip_warnings};

fn cluster_ip0() -> Path {
    Path::new("spec").child("clusterIPs").index(0)
}

fn source_range0() -> Path {
    Path::new("spec").child("loadBalancerSourceRanges").index(0)
}

#[test]
fn ip_warnings_are_upstreams() {
    let cases: &[(&str, Path, &str, &[&str])] = &[
        ("IPv4 No failures", cluster_ip0(), "192.12.2.2", &[]),
        ("IPv6 No failures", cluster_ip0(), "2001:db8::2", &[]),
        (
            "IPv4 with leading zeros",
            cluster_ip0(),
            "192.012.2.2",
            &[r#"spec.clusterIPs[0]: non-standard IP address "192.012.2.2" is invalid: use "192.12.2.2""#],
        ),
        (
            "IPv4-mapped IPv6",
            cluster_ip0(),
            "::ffff:192.12.2.2",
            &[r#"spec.clusterIPs[0]: non-standard IP address "::ffff:192.12.2.2" is invalid: use "192.12.2.2""#],
        ),
        (
            "IPv6 non-canonical format",
            Path::new("spec").child("loadBalancerIP"),
            "2001:db8:0:0::2",
            &[
                r#"spec.loadBalancerIP: IPv6 address "2001:db8:0:0::2" should be in RFC 5952 canonical format ("2001:db8::2")"#,
            ],
        ),
    ];
    for (name, path, value, want) in cases {
        assert_eq!(ip_warnings(path, value), *want, "{name}");
    }
}

#[test]
fn ip_warnings_follow_go_printing() {
    let p = Path::new("ip");
    // Upper-case hex parses strictly but is not canonical.
    assert_eq!(
        ip_warnings(&p, "1234::ABCD"),
        [r#"ip: IPv6 address "1234::ABCD" should be in RFC 5952 canonical format ("1234::abcd")"#]
    );
    // A leading zero inside an embedded IPv4 address: the sloppy parser reads it as decimal.
    assert_eq!(
        ip_warnings(&p, "::ffff:1.2.3.04"),
        [r#"ip: non-standard IP address "::ffff:1.2.3.04" is invalid: use "1.2.3.4""#]
    );
    // An IPv4-compatible (not mapped) address prints in hex.
    assert_eq!(
        ip_warnings(&p, "::1.2.3.4"),
        [r#"ip: IPv6 address "::1.2.3.4" should be in RFC 5952 canonical format ("::102:304")"#]
    );
    // What validation rejects gets no warning.
    for bad in ["", "junk", "1.2.3.400", "1234::abcd%eth0", "1.2.3.0/24"] {
        assert!(ip_warnings(&p, bad).is_empty(), "{bad}");
    }
}

#[test]
fn cidr_warnings_are_upstreams() {
    let cases: &[(&str, &str, &[&str])] = &[
        ("IPv4 No failures", "192.12.2.0/24", &[]),
        ("IPv6 No failures", "2001:db8::/64", &[]),
        (
            "IPv4 with leading zeros",
            "192.012.2.0/24",
            &[
                r#"spec.loadBalancerSourceRanges[0]: non-standard CIDR value "192.012.2.0/24" is invalid: use "192.12.2.0/24""#,
            ],
        ),
        (
            "leading zeros in prefix length",
            "192.12.2.0/024",
            &[
                r#"spec.loadBalancerSourceRanges[0]: non-standard CIDR value "192.12.2.0/024" is invalid: use "192.12.2.0/24""#,
            ],
        ),
        (
            "IPv4-mapped IPv6",
            "::ffff:192.12.2.0/120",
            &[
                r#"spec.loadBalancerSourceRanges[0]: non-standard CIDR value "::ffff:192.12.2.0/120" is invalid: use "192.12.2.0/24""#,
            ],
        ),
        (
            "bits after prefix length",
            "192.12.2.8/24",
            &[
                r#"spec.loadBalancerSourceRanges[0]: CIDR value "192.12.2.8/24" is ambiguous in this context (should be "192.12.2.0/24" or "192.12.2.8/32"?)"#,
            ],
        ),
        (
            "multiple problems",
            "192.012.2.8/24",
            &[
                r#"spec.loadBalancerSourceRanges[0]: CIDR value "192.012.2.8/24" is ambiguous in this context (should be "192.12.2.0/24" or "192.12.2.8/32"?)"#,
                r#"spec.loadBalancerSourceRanges[0]: non-standard CIDR value "192.012.2.8/24" is invalid: use "192.12.2.0/24""#,
            ],
        ),
        (
            "IPv6 non-canonical format",
            "2001:db8:0:0::/64",
            &[
                r#"spec.loadBalancerSourceRanges[0]: IPv6 CIDR value "2001:db8:0:0::/64" should be in RFC 5952 canonical format ("2001:db8::/64")"#,
            ],
        ),
    ];
    for (name, value, want) in cases {
        assert_eq!(cidr_warnings(&source_range0(), value), *want, "{name}");
    }
}

#[test]
fn cidr_warnings_follow_go_printing() {
    let p = Path::new("cidr");
    // An IPv6 value's single-address reading is /128, even when it is IPv4-mapped.
    assert_eq!(
        cidr_warnings(&p, "::ffff:1.2.3.4/120"),
        [
            r#"cidr: CIDR value "::ffff:1.2.3.4/120" is ambiguous in this context (should be "1.2.3.0/24" or "1.2.3.4/128"?)"#,
            r#"cidr: non-standard CIDR value "::ffff:1.2.3.4/120" is invalid: use "1.2.3.0/24""#,
        ]
    );
    // Below /96 an IPv4-mapped network is an IPv6 one (and the mapping bits are host bits).
    assert_eq!(
        cidr_warnings(&p, "::ffff:0.0.0.0/64"),
        [
            r#"cidr: CIDR value "::ffff:0.0.0.0/64" is ambiguous in this context (should be "::/64" or "0.0.0.0/128"?)"#,
            r#"cidr: non-standard CIDR value "::ffff:0.0.0.0/64" is invalid: use "::/64""#,
        ]
    );
    // The RFC 5952 warning is left out when another one was given.
    assert_eq!(
        cidr_warnings(&p, "2001:DB8::1/64"),
        [
            r#"cidr: CIDR value "2001:DB8::1/64" is ambiguous in this context (should be "2001:db8::/64" or "2001:db8::1/128"?)"#
        ]
    );
    assert_eq!(
        cidr_warnings(&p, "2001:DB8::/64"),
        [r#"cidr: IPv6 CIDR value "2001:DB8::/64" should be in RFC 5952 canonical format ("2001:db8::/64")"#]
    );
    assert!(cidr_warnings(&p, "0.0.0.0/0").is_empty());
    assert!(cidr_warnings(&p, "::/0").is_empty());
    for bad in ["", "junk", "1.2.3.4", "192.168.0.1/healthz", "192.168.0.0/-16", "192.168.0.0/+16", "1.2.3.0/33"] {
        assert!(cidr_warnings(&p, bad).is_empty(), "{bad}");
    }
}
