//! The Endpoints strategy's `Canonicalize`: upstream's `RepackSubsets`, run on every Endpoints write after validation.
//!
//! Upstream (`pkg/api/endpoints/util.go`) expands the subsets to (address, port, ready) triples
//! and packs them again: addresses are the same when their IP and `targetRef.uid` are (the first
//! one seen is kept whole); each distinct port gets the set of addresses that serve it, an
//! address that is not ready on any listing of the port is not ready for it; ports with the same
//! address set share a subset; a port listed with no address, or an address with no port, is
//! dropped. Then `SortSubsets`: addresses by IP bytes then uid (none first), ports and subsets by
//! the MD5 of go-spew's text of the internal struct (see [`super::spew`]).
//!
//! Ports are the keys of a Go map whose key type holds `AppProtocol *string`, so two listings of
//! a port with an `appProtocol` are different keys even when equal (each decoded listing has
//! its own pointer) and both stay; listings without one are merged by value.

use std::collections::BTreeMap;

use kapi_api::core::v1::{EndpointAddress, EndpointPort, EndpointSubset, Endpoints};

use md5::{Digest, Md5};

use super::spew;

/// Upstream's `Canonicalize` of an Endpoints: its subsets repacked.
pub(crate) fn canonicalize(endpoints: &mut Endpoints) {
    endpoints.subsets = repack(std::mem::take(&mut endpoints.subsets));
}

/// A port's identity as a Go map key: its value, and for one with an `appProtocol` which
/// listing it came from (subset and port index), as Go compares the pointer.
#[derive(PartialEq, Eq, PartialOrd, Ord)]
struct PortKey<'a> {
    name: &'a str,
    port: i32,
    protocol: &'a str,
    listing: Option<(usize, usize)>,
}

/// Upstream's `RepackSubsets`.
pub(crate) fn repack(subsets: Vec<EndpointSubset>) -> Vec<EndpointSubset> {
    // Each distinct address once, by (IP, targetRef uid), the first listing kept whole.
    let mut addresses: Vec<&EndpointAddress> = Vec::new();
    let mut address_index: BTreeMap<(&str, &str), usize> = BTreeMap::new();
    // Each distinct port, with the addresses serving it and whether each is ready there.
    let mut ports: BTreeMap<PortKey<'_>, (&EndpointPort, BTreeMap<usize, bool>)> = BTreeMap::new();
    for (s, subset) in subsets.iter().enumerate() {
        for (p, port) in subset.ports.iter().enumerate() {
            let key = PortKey {
                name: &port.name,
                port: port.port,
                protocol: &port.protocol.0,
                listing: port.app_protocol.as_ref().map(|_| (s, p)),
            };
            let (_, served) = ports.entry(key).or_insert_with(|| (port, BTreeMap::new()));
            let listed = subset.addresses.iter().map(|a| (a, true));
            for (address, ready) in listed.chain(subset.not_ready_addresses.iter().map(|a| (a, false))) {
                let uid = address.target_ref.as_ref().map_or("", |r| r.uid.as_str());
                let idx = *address_index.entry((address.ip.as_str(), uid)).or_insert_with(|| {
                    addresses.push(address);
                    addresses.len() - 1
                });
                // Not ready on any listing wins over ready.
                served.entry(idx).and_modify(|was| *was = *was && ready).or_insert(ready);
            }
        }
    }
    // The ports of each distinct address set (with readiness) share one subset.
    let mut groups: BTreeMap<Vec<(usize, bool)>, Vec<&EndpointPort>> = BTreeMap::new();
    for (port, served) in ports.into_values() {
        if served.is_empty() {
            continue;
        }
        groups.entry(served.into_iter().collect()).or_default().push(port);
    }
    let packed = groups
        .into_iter()
        .map(|(served, ports)| {
            let pick =
                |want: bool| served.iter().filter(|(_, r)| *r == want).map(|(i, _)| addresses[*i].clone()).collect();
            EndpointSubset {
                addresses: pick(true),
                not_ready_addresses: pick(false),
                ports: ports.into_iter().cloned().collect(),
            }
        })
        .collect();
    sort_subsets(packed)
}

/// Upstream's `SortSubsets`: each subset's addresses by IP then uid, its ports by hash, then
/// the subsets by hash.
pub(crate) fn sort_subsets(mut subsets: Vec<EndpointSubset>) -> Vec<EndpointSubset> {
    for s in &mut subsets {
        s.addresses.sort_by(address_order);
        s.not_ready_addresses.sort_by(address_order);
        s.ports.sort_by_cached_key(|p| hash_key(&spew::port(p)));
    }
    subsets.sort_by_cached_key(|s| hash_key(&spew::subset(s)));
    subsets
}

/// Upstream's sort key for ports and subsets (`hashObject`): the MD5 of an object's go-spew text.
pub(super) fn hash_key(spew_text: &str) -> [u8; 16] {
    Md5::digest(spew_text.as_bytes()).into()
}

/// Upstream's `LessEndpointAddress`: the IP's bytes, then no `targetRef` before one, then the
/// `targetRef` uids.
fn address_order(a: &EndpointAddress, b: &EndpointAddress) -> std::cmp::Ordering {
    a.ip.as_bytes().cmp(b.ip.as_bytes()).then_with(|| uid_of(a).cmp(&uid_of(b)))
}

fn uid_of(a: &EndpointAddress) -> Option<&str> {
    a.target_ref.as_ref().map(|r| r.uid.as_str())
}

#[cfg(test)]
mod tests {
    use kapi_api::core::v1::{EndpointAddress, EndpointPort, EndpointSubset, ObjectReference, Protocol};

    use super::repack;

    fn ip(ip: &str) -> EndpointAddress {
        EndpointAddress { ip: ip.into(), ..Default::default() }
    }

    /// Upstream's `podRef(uid)`: a target with only a uid.
    fn with_uid(ip: &str, uid: &str) -> EndpointAddress {
        EndpointAddress { target_ref: Some(ObjectReference { uid: uid.into(), ..Default::default() }), ..self::ip(ip) }
    }

    /// Upstream's `fooObjRef` and `barObjRef`: a target with only a name (so no uid).
    fn with_name(ip: &str, name: &str) -> EndpointAddress {
        EndpointAddress {
            target_ref: Some(ObjectReference { name: name.into(), ..Default::default() }),
            ..self::ip(ip)
        }
    }

    fn port(n: i32) -> EndpointPort {
        EndpointPort { port: n, ..Default::default() }
    }

    fn named(name: &str, n: i32, protocol: &str, app: Option<&str>) -> EndpointPort {
        EndpointPort {
            name: name.into(),
            port: n,
            protocol: Protocol(protocol.into()),
            app_protocol: app.map(Into::into),
        }
    }

    fn set(ready: Vec<EndpointAddress>, not_ready: Vec<EndpointAddress>, ports: Vec<EndpointPort>) -> EndpointSubset {
        EndpointSubset { addresses: ready, not_ready_addresses: not_ready, ports }
    }

    fn check(name: &str, given: Vec<EndpointSubset>, want: Vec<EndpointSubset>) {
        assert_eq!(repack(given), want, "case {name:?}");
    }

    /// Upstream's `TestPackSubsets` (`pkg/api/endpoints/util_test.go`), case by case. Upstream
    /// compares with `SortSubsets(expect)`; the orders written here are what that sort gives (Go
    /// run on go-spew d8f796a), so they pin the hash order too: `two sets, two ips, two ports`
    /// puts port 222's subset first, and `four sets, ...` port 333 before 222.
    #[test]
    fn upstreams_pack_subsets_cases() {
        let cases: Vec<(&str, Vec<EndpointSubset>, Vec<EndpointSubset>)> = vec![
            ("empty everything", vec![set(vec![], vec![], vec![])], vec![]),
            ("empty addresses", vec![set(vec![], vec![], vec![port(111)])], vec![]),
            ("empty ports", vec![set(vec![ip("1.2.3.4")], vec![], vec![])], vec![]),
            // Upstream names this one `empty ports` too.
            ("empty ports (not ready)", vec![set(vec![], vec![ip("1.2.3.4")], vec![])], vec![]),
            (
                "one set, one ip, one port",
                vec![set(vec![ip("1.2.3.4")], vec![], vec![port(111)])],
                vec![set(vec![ip("1.2.3.4")], vec![], vec![port(111)])],
            ),
            (
                "one set, one ip, one port (IPv6)",
                vec![set(vec![ip("beef::1:2:3:4")], vec![], vec![port(111)])],
                vec![set(vec![ip("beef::1:2:3:4")], vec![], vec![port(111)])],
            ),
            (
                "one set, one notReady ip, one port",
                vec![set(vec![], vec![ip("1.2.3.4")], vec![port(111)])],
                vec![set(vec![], vec![ip("1.2.3.4")], vec![port(111)])],
            ),
            (
                "one set, one ip, one UID, one port",
                vec![set(vec![with_uid("1.2.3.4", "uid-1")], vec![], vec![port(111)])],
                vec![set(vec![with_uid("1.2.3.4", "uid-1")], vec![], vec![port(111)])],
            ),
            (
                "one set, one notReady ip, one UID, one port",
                vec![set(vec![], vec![with_uid("1.2.3.4", "uid-1")], vec![port(111)])],
                vec![set(vec![], vec![with_uid("1.2.3.4", "uid-1")], vec![port(111)])],
            ),
            (
                "one set, one ip, empty UID, one port",
                vec![set(vec![with_uid("1.2.3.4", "")], vec![], vec![port(111)])],
                vec![set(vec![with_uid("1.2.3.4", "")], vec![], vec![port(111)])],
            ),
            (
                "one set, one notReady ip, empty UID, one port",
                vec![set(vec![], vec![with_uid("1.2.3.4", "")], vec![port(111)])],
                vec![set(vec![], vec![with_uid("1.2.3.4", "")], vec![port(111)])],
            ),
            (
                "one set, two ips, one port",
                vec![set(vec![ip("1.2.3.4"), ip("5.6.7.8")], vec![], vec![port(111)])],
                vec![set(vec![ip("1.2.3.4"), ip("5.6.7.8")], vec![], vec![port(111)])],
            ),
            (
                "one set, two mixed ips, one port",
                vec![set(vec![ip("1.2.3.4")], vec![ip("5.6.7.8")], vec![port(111)])],
                vec![set(vec![ip("1.2.3.4")], vec![ip("5.6.7.8")], vec![port(111)])],
            ),
            (
                "one set, two duplicate ips, one port, notReady is covered by ready",
                vec![set(vec![ip("1.2.3.4")], vec![ip("1.2.3.4")], vec![port(111)])],
                vec![set(vec![], vec![ip("1.2.3.4")], vec![port(111)])],
            ),
            (
                "one set, one ip, two ports",
                vec![set(vec![ip("1.2.3.4")], vec![], vec![port(111), port(222)])],
                vec![set(vec![ip("1.2.3.4")], vec![], vec![port(111), port(222)])],
            ),
            (
                "one set, dup ips, one port",
                vec![set(vec![ip("1.2.3.4"), ip("1.2.3.4")], vec![], vec![port(111)])],
                vec![set(vec![ip("1.2.3.4")], vec![], vec![port(111)])],
            ),
            (
                "one set, dup ips, one port (IPv6)",
                vec![set(vec![ip("beef::1"), ip("beef::1")], vec![], vec![port(111)])],
                vec![set(vec![ip("beef::1")], vec![], vec![port(111)])],
            ),
            (
                "one set, dup ips with target-refs, one port",
                vec![set(vec![with_name("1.2.3.4", "foo"), with_name("1.2.3.4", "bar")], vec![], vec![port(111)])],
                vec![set(vec![with_name("1.2.3.4", "foo")], vec![], vec![port(111)])],
            ),
            (
                "one set, dup mixed ips with target-refs, one port",
                vec![set(vec![with_name("1.2.3.4", "foo")], vec![with_name("1.2.3.4", "bar")], vec![port(111)])],
                // The first listing is kept whole; not ready wins.
                vec![set(vec![], vec![with_name("1.2.3.4", "foo")], vec![port(111)])],
            ),
            (
                "one set, one ip, dup ports",
                vec![set(vec![ip("1.2.3.4")], vec![], vec![port(111), port(111)])],
                vec![set(vec![ip("1.2.3.4")], vec![], vec![port(111)])],
            ),
            (
                "two sets, dup ip, dup port",
                vec![
                    set(vec![ip("1.2.3.4")], vec![], vec![port(111)]),
                    set(vec![ip("1.2.3.4")], vec![], vec![port(111)]),
                ],
                vec![set(vec![ip("1.2.3.4")], vec![], vec![port(111)])],
            ),
            (
                "two sets, dup mixed ip, dup port",
                vec![
                    set(vec![ip("1.2.3.4")], vec![], vec![port(111)]),
                    set(vec![], vec![ip("1.2.3.4")], vec![port(111)]),
                ],
                vec![set(vec![], vec![ip("1.2.3.4")], vec![port(111)])],
            ),
            (
                "two sets, dup ip, two ports",
                vec![
                    set(vec![ip("1.2.3.4")], vec![], vec![port(111)]),
                    set(vec![ip("1.2.3.4")], vec![], vec![port(222)]),
                ],
                vec![set(vec![ip("1.2.3.4")], vec![], vec![port(111), port(222)])],
            ),
            (
                "two sets, dup ip, dup uids, two ports",
                vec![
                    set(vec![with_uid("1.2.3.4", "uid-1")], vec![], vec![port(111)]),
                    set(vec![with_uid("1.2.3.4", "uid-1")], vec![], vec![port(222)]),
                ],
                vec![set(vec![with_uid("1.2.3.4", "uid-1")], vec![], vec![port(111), port(222)])],
            ),
            (
                "two sets, dup mixed ip, dup uids, two ports",
                vec![
                    set(vec![with_uid("1.2.3.4", "uid-1")], vec![], vec![port(111)]),
                    set(vec![], vec![with_uid("1.2.3.4", "uid-1")], vec![port(222)]),
                ],
                vec![
                    set(vec![], vec![with_uid("1.2.3.4", "uid-1")], vec![port(222)]),
                    set(vec![with_uid("1.2.3.4", "uid-1")], vec![], vec![port(111)]),
                ],
            ),
            (
                "two sets, two ips, dup port",
                vec![
                    set(vec![ip("1.2.3.4")], vec![], vec![port(111)]),
                    set(vec![ip("5.6.7.8")], vec![], vec![port(111)]),
                ],
                vec![set(vec![ip("1.2.3.4"), ip("5.6.7.8")], vec![], vec![port(111)])],
            ),
            (
                "two set, dup ip, two uids, dup ports",
                vec![
                    set(vec![with_uid("1.2.3.4", "uid-1")], vec![], vec![port(111)]),
                    set(vec![with_uid("1.2.3.4", "uid-2")], vec![], vec![port(111)]),
                ],
                vec![set(vec![with_uid("1.2.3.4", "uid-1"), with_uid("1.2.3.4", "uid-2")], vec![], vec![port(111)])],
            ),
            (
                "two set, dup ip, with and without uid, dup ports",
                vec![
                    set(vec![ip("1.2.3.4")], vec![], vec![port(111)]),
                    set(vec![with_uid("1.2.3.4", "uid-2")], vec![], vec![port(111)]),
                ],
                vec![set(vec![ip("1.2.3.4"), with_uid("1.2.3.4", "uid-2")], vec![], vec![port(111)])],
            ),
            (
                "two sets, two ips, two dup ip with uid, dup port, wrong order",
                vec![
                    set(vec![ip("5.6.7.8")], vec![], vec![port(111)]),
                    set(vec![with_uid("5.6.7.8", "uid-1")], vec![], vec![port(111)]),
                    set(vec![with_uid("1.2.3.4", "uid-1")], vec![], vec![port(111)]),
                    set(vec![ip("1.2.3.4")], vec![], vec![port(111)]),
                ],
                vec![set(
                    vec![ip("1.2.3.4"), with_uid("1.2.3.4", "uid-1"), ip("5.6.7.8"), with_uid("5.6.7.8", "uid-1")],
                    vec![],
                    vec![port(111)],
                )],
            ),
            (
                "two sets, two mixed ips, two dup ip with uid, dup port, wrong order, ends up with split addresses",
                vec![
                    set(vec![ip("5.6.7.8")], vec![], vec![port(111)]),
                    set(vec![], vec![with_uid("5.6.7.8", "uid-1")], vec![port(111)]),
                    set(vec![], vec![with_uid("1.2.3.4", "uid-1")], vec![port(111)]),
                    set(vec![], vec![ip("1.2.3.4")], vec![port(111)]),
                ],
                vec![set(
                    vec![ip("5.6.7.8")],
                    vec![ip("1.2.3.4"), with_uid("1.2.3.4", "uid-1"), with_uid("5.6.7.8", "uid-1")],
                    vec![port(111)],
                )],
            ),
            (
                "two sets, two ips, two ports",
                vec![
                    set(vec![ip("1.2.3.4")], vec![], vec![port(111)]),
                    set(vec![ip("5.6.7.8")], vec![], vec![port(222)]),
                ],
                vec![
                    set(vec![ip("5.6.7.8")], vec![], vec![port(222)]),
                    set(vec![ip("1.2.3.4")], vec![], vec![port(111)]),
                ],
            ),
            (
                "four sets, three ips, three ports, jumbled",
                vec![
                    set(vec![ip("1.2.3.4")], vec![], vec![port(111)]),
                    set(vec![ip("1.2.3.5")], vec![], vec![port(222)]),
                    set(vec![ip("1.2.3.6")], vec![], vec![port(111)]),
                    set(vec![ip("1.2.3.5")], vec![], vec![port(333)]),
                ],
                vec![
                    set(vec![ip("1.2.3.4"), ip("1.2.3.6")], vec![], vec![port(111)]),
                    set(vec![ip("1.2.3.5")], vec![], vec![port(333), port(222)]),
                ],
            ),
            (
                "four sets, three mixed ips, three ports, jumbled",
                vec![
                    set(vec![ip("1.2.3.4")], vec![], vec![port(111)]),
                    set(vec![], vec![ip("1.2.3.5")], vec![port(222)]),
                    set(vec![ip("1.2.3.6")], vec![], vec![port(111)]),
                    set(vec![], vec![ip("1.2.3.5")], vec![port(333)]),
                ],
                vec![
                    set(vec![ip("1.2.3.4"), ip("1.2.3.6")], vec![], vec![port(111)]),
                    set(vec![], vec![ip("1.2.3.5")], vec![port(333), port(222)]),
                ],
            ),
        ];
        for (name, given, want) in cases {
            check(name, given, want);
        }
    }

    /// Named ports sort by their hash, not by name or number (order from Go, as above).
    #[test]
    fn named_ports_sort_by_hash() {
        let ports = vec![
            named("a", 80, "TCP", None),
            named("b", 81, "TCP", None),
            named("c", 82, "UDP", None),
            named("d", 83, "TCP", None),
        ];
        let want = vec![
            named("b", 81, "TCP", None),
            named("a", 80, "TCP", None),
            named("d", 83, "TCP", None),
            named("c", 82, "UDP", None),
        ];
        check(
            "named ports",
            vec![set(vec![ip("10.0.0.1")], vec![], ports)],
            vec![set(vec![ip("10.0.0.1")], vec![], want)],
        );
    }

    /// A port with an `appProtocol` is a distinct Go map key per listing (the pointer is the
    /// key), so equal listings both stay; equal listings without one merge.
    #[test]
    fn ports_with_an_app_protocol_are_never_merged() {
        let h2c = || named("a", 80, "TCP", Some("h2c"));
        let plain = || named("a", 80, "TCP", None);
        check(
            "app protocol dups",
            vec![set(vec![ip("10.0.0.1")], vec![], vec![h2c(), h2c(), plain(), plain()])],
            vec![set(vec![ip("10.0.0.1")], vec![], vec![plain(), h2c(), h2c()])],
        );
    }

    /// Repacking what repacking gave changes nothing.
    #[test]
    fn repacking_is_idempotent() {
        let given = vec![
            set(vec![ip("1.2.3.4")], vec![], vec![port(111)]),
            set(vec![], vec![ip("1.2.3.5")], vec![port(222)]),
            set(vec![ip("1.2.3.6")], vec![], vec![port(111)]),
            set(vec![], vec![ip("1.2.3.5")], vec![port(333)]),
        ];
        let once = repack(given);
        assert_eq!(repack(once.clone()), once);
    }
}
