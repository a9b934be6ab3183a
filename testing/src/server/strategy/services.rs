//! Service cluster IP and node port allocation, as upstream's service REST storage does it on create and update (`alloc.go`, `storage.go`'s `beginCreate`/`beginUpdate`, the strategy's `dropTypeDependentFields`).
//!
//! Nothing is kept beside the store: what is allocated is what the stored services hold, read
//! while the tracker's lock is held. So a write that fails later (validation, a conflict), a dry
//! run, and a service that is removed release everything without a step of their own, concurrent
//! creates are serialised by that lock, and a restored store needs no rebuilt allocator.
//!
//! The cluster is single-stack IPv4 (kube-apiserver's `--service-cluster-ip-range` with one
//! range); IPv6 and dual-stack requests get upstream's "not configured on this cluster" errors.

use std::collections::HashSet;
use std::net::Ipv4Addr;

use kapi_api::core::v1::{Service, ServicePort};
use kapi_api::meta::errors::{self as api_errors, FieldError};
use kapi_machinery::Object;
use kapi_machinery::validation::{BadValue, Path};

use crate::tracker::Result;

/// kube-apiserver's `--service-cluster-ip-range` of a kubeadm or kind cluster.
pub const DEFAULT_CLUSTER_IP_RANGE: (Ipv4Addr, u8) = (Ipv4Addr::new(10, 96, 0, 0), 12);
/// kube-apiserver's default `--service-node-port-range`.
pub const DEFAULT_NODE_PORT_RANGE: (i32, i32) = (30000, 32767);

const IPV4: &str = "IPv4";
const IPV6: &str = "IPv6";
const SINGLE_STACK: &str = "SingleStack";
const REQUIRE_DUAL_STACK: &str = "RequireDualStack";
const PREFER_DUAL_STACK: &str = "PreferDualStack";
const NONE: &str = "None";

/// The ranges services are allocated from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ServiceRanges {
    /// The cluster IP range's network address and prefix length.
    pub cluster_ip: (Ipv4Addr, u8),
    /// The node port range, both ends included.
    pub node_ports: (i32, i32),
}

impl Default for ServiceRanges {
    fn default() -> Self {
        ServiceRanges { cluster_ip: DEFAULT_CLUSTER_IP_RANGE, node_ports: DEFAULT_NODE_PORT_RANGE }
    }
}

impl ServiceRanges {
    /// An IPv4 CIDR as `--service-cluster-ip-range` takes it (`10.96.0.0/12`; a prefix of at
    /// least /8 and at most /30, so there are addresses to hand out and the search stays short).
    pub fn parse_cluster_ip_range(cidr: &str) -> std::result::Result<(Ipv4Addr, u8), String> {
        let (addr, bits) = cidr.split_once('/').ok_or_else(|| format!("{cidr:?} is not a CIDR (`10.96.0.0/12`)"))?;
        let addr: Ipv4Addr =
            addr.parse().map_err(|_| format!("{addr:?} is not an IPv4 address (only IPv4 is served)"))?;
        let bits: u8 = bits.parse().map_err(|_| format!("{bits:?} is not a prefix length"))?;
        if !(8..=30).contains(&bits) {
            return Err(format!("prefix length {bits} is outside 8-30"));
        }
        Ok((Ipv4Addr::from(u32::from(addr) & mask(bits)), bits))
    }

    /// A port range as `--service-node-port-range` takes it (`30000-32767`).
    pub fn parse_node_port_range(range: &str) -> std::result::Result<(i32, i32), String> {
        let (lo, hi) = range.split_once('-').ok_or_else(|| format!("{range:?} is not a range (`30000-32767`)"))?;
        let port = |p: &str| p.trim().parse::<u16>().map_err(|_| format!("{p:?} is not a port"));
        let (lo, hi) = (port(lo)?, port(hi)?);
        if lo == 0 || hi < lo {
            return Err(format!("{range:?} is empty or starts at 0"));
        }
        Ok((i32::from(lo), i32::from(hi)))
    }

    fn network(&self) -> u32 {
        let (addr, bits) = self.cluster_ip;
        u32::from(addr) & mask(bits)
    }

    fn broadcast(&self) -> u32 {
        self.network() | !mask(self.cluster_ip.1)
    }

    /// The first and last addresses handed out: not the network's `.0` nor its broadcast address.
    fn usable(&self) -> (u32, u32) {
        (self.network().saturating_add(1), self.broadcast().saturating_sub(1))
    }

    /// KEP-3070: the lower part of the range (a sixteenth, between 16 and 256 addresses) is
    /// left for static requests; dynamic allocation starts above it.
    fn range_offset(&self) -> u32 {
        let size = 1u64 << (32 - u32::from(self.cluster_ip.1.min(32)));
        if size < 16 { 0 } else { (size / 16).clamp(16, 256) as u32 }
    }
}

fn mask(bits: u8) -> u32 {
    match bits {
        0 => 0,
        b if b >= 32 => u32::MAX,
        b => u32::MAX << (32 - u32::from(b)),
    }
}

/// What a service write is: the stored state on update, the other stored services (what is
/// allocated), and whether it is a dry run.
pub(crate) struct ServiceWrite<'a, I> {
    pub old: Option<&'a Service>,
    pub others: I,
    /// The addresses `IPAddress` objects hold for something other than this service (one made
    /// by hand, say): taken, as upstream's allocator finds them.
    pub taken: &'a [String],
    pub dry_run: bool,
}

/// Allocates cluster IPs and node ports for a service being created or updated.
pub(crate) fn allocate<'a, I>(ranges: &ServiceRanges, svc: &mut Service, w: ServiceWrite<'a, I>) -> Result<()>
where
    I: Iterator<Item = &'a dyn Object>,
{
    let mut used = Used::collect(w.others);
    used.ips.extend(w.taken.iter().filter_map(|ip| ip.parse::<Ipv4Addr>().ok()).map(u32::from));
    let name = svc.metadata.name.clone();
    let invalid = |errs: Vec<FieldError>| api_errors::invalid("", "Service", &name, &errs);
    match w.old {
        None => {
            normalize_cluster_ips_on_create(svc);
            init_ip_families(svc, None).map_err(invalid)?;
            alloc_cluster_ips(ranges, svc, &used, w.dry_run)?;
            let mut op = PortOp::new(ranges, &used, w.dry_run);
            if needs_node_port(svc) {
                init_node_ports(svc, &mut op)?;
            }
            if needs_health_check(svc) {
                alloc_health_check(svc, &mut op)?;
            }
        }
        Some(old) => {
            drop_type_dependent_fields(svc, old);
            patch_allocated_values(svc, old);
            normalize_cluster_ips_on_update(svc, old);
            init_ip_families(svc, Some(old)).map_err(invalid)?;
            if old.spec.r#type.0 == "ExternalName" && svc.spec.r#type.0 != "ExternalName" {
                alloc_cluster_ips(ranges, svc, &used, w.dry_run)?;
            }
            let mut op = PortOp::new(ranges, &used, w.dry_run);
            // What the stored service holds stays allocated until the update is stored (upstream
            // releases it on commit), so nothing new is given one of its ports.
            op.held.extend(old.spec.ports.iter().map(|p| p.node_port).filter(|&p| p != 0));
            if needs_health_check(old) && old.spec.health_check_node_port != 0 {
                op.held.push(old.spec.health_check_node_port);
            }
            if needs_node_port(svc) {
                update_node_ports(svc, old, &mut op)?;
            }
            if !needs_health_check(old) && needs_health_check(svc) {
                alloc_health_check(svc, &mut op)?;
            }
        }
    }
    Ok(())
}

/// What the other services hold.
struct Used {
    ips: HashSet<u32>,
    ports: HashSet<i32>,
}

/// The cluster IPs a service holds: none for `ExternalName` and headless services.
pub(crate) fn held_cluster_ips(s: &Service) -> Vec<&str> {
    if s.spec.r#type.0 == "ExternalName" {
        return Vec::new();
    }
    let ips = if s.spec.cluster_ips.is_empty() {
        std::slice::from_ref(&s.spec.cluster_ip)
    } else {
        s.spec.cluster_ips.as_slice()
    };
    ips.iter().map(String::as_str).filter(|ip| !ip.is_empty() && *ip != "None").collect()
}

impl Used {
    fn collect<'a>(others: impl Iterator<Item = &'a dyn Object>) -> Used {
        let mut used = Used { ips: HashSet::new(), ports: HashSet::new() };
        for other in others {
            let Some(s) = other.as_any().downcast_ref::<Service>() else { continue };
            for ip in held_cluster_ips(s) {
                if let Ok(ip) = ip.parse::<Ipv4Addr>() {
                    used.ips.insert(u32::from(ip));
                }
            }
            used.ports.extend(s.spec.ports.iter().map(|p| p.node_port).filter(|&p| p != 0));
            if needs_health_check(s) && s.spec.health_check_node_port != 0 {
                used.ports.insert(s.spec.health_check_node_port);
            }
        }
        used
    }
}

fn needs_cluster_ip(s: &Service) -> bool {
    s.spec.r#type.0 != "ExternalName"
}

fn needs_node_port(s: &Service) -> bool {
    matches!(s.spec.r#type.0.as_str(), "NodePort" | "LoadBalancer")
}

/// Upstream's `NeedsHealthCheck`: a load balancer that keeps traffic on the receiving node.
fn needs_health_check(s: &Service) -> bool {
    s.spec.r#type.0 == "LoadBalancer" && s.spec.external_traffic_policy.0 == "Local"
}

/// Whether ports without a `nodePort` get one: node port services always, load balancers unless
/// `allocateLoadBalancerNodePorts` is false.
fn should_allocate_node_ports(s: &Service) -> bool {
    match s.spec.r#type.0.as_str() {
        "NodePort" => true,
        "LoadBalancer" => s.spec.allocate_load_balancer_node_ports != Some(false),
        _ => false,
    }
}

/// An old client sets only `clusterIP`: `clusterIPs` follows it.
fn normalize_cluster_ips_on_create(svc: &mut Service) {
    if !svc.spec.cluster_ip.is_empty() && svc.spec.cluster_ips.is_empty() {
        svc.spec.cluster_ips = vec![svc.spec.cluster_ip.clone()];
    }
}

/// Keeps `clusterIP` and `clusterIPs` in step on update, as upstream's `normalizeClusterIPs`.
fn normalize_cluster_ips_on_update(svc: &mut Service, old: &Service) {
    if !old.spec.cluster_ips.is_empty() && svc.spec.cluster_ips.is_empty() && old.spec.cluster_ip == svc.spec.cluster_ip
    {
        svc.spec.cluster_ips = old.spec.cluster_ips.clone();
    }
    if old.spec.cluster_ip != svc.spec.cluster_ip && old.spec.cluster_ips == svc.spec.cluster_ips {
        svc.spec.cluster_ips = if !old.spec.cluster_ip.is_empty() && svc.spec.cluster_ip.is_empty() {
            Vec::new()
        } else {
            vec![svc.spec.cluster_ip.clone()]
        };
    }
}

/// Upstream's `patchAllocatedValues`: an update that leaves out what was allocated keeps it, so
/// resubmitting the YAML a service was created from succeeds.
fn patch_allocated_values(svc: &mut Service, old: &Service) {
    if needs_cluster_ip(old) && needs_cluster_ip(svc) {
        if svc.spec.cluster_ip.is_empty() {
            svc.spec.cluster_ip = old.spec.cluster_ip.clone();
        }
        if svc.spec.cluster_ips.is_empty() && !old.spec.cluster_ips.is_empty() {
            svc.spec.cluster_ips = old.spec.cluster_ips.clone();
        }
    }
    if needs_node_port(old) && needs_node_port(svc) {
        let node_ports =
            |s: &Service| -> HashSet<i32> { s.spec.ports.iter().map(|p| p.node_port).filter(|&p| p != 0).collect() };
        let (old_used, new_used) = (node_ports(old), node_ports(svc));
        let taken: HashSet<i32> = old_used.intersection(&new_used).copied().collect();
        for p in svc.spec.ports.iter_mut().filter(|p| p.node_port == 0) {
            // Matched by name: the last old port of that name wins, as upstream's map does.
            let Some(prev) = old.spec.ports.iter().rev().find(|o| o.name == p.name) else { continue };
            if !taken.contains(&prev.node_port) {
                p.node_port = prev.node_port;
            }
        }
    }
    if needs_health_check(old) && needs_health_check(svc) && svc.spec.health_check_node_port == 0 {
        svc.spec.health_check_node_port = old.spec.health_check_node_port;
    }
}

/// The strategy's `dropTypeDependentFields`: a type change clears the allocated values (and the
/// load balancer's settings) the new type has no use for, when the client left them as they were;
/// an update to any type but `LoadBalancer` clears `status.loadBalancer`.
fn drop_type_dependent_fields(svc: &mut Service, old: &Service) {
    if needs_cluster_ip(old) && !needs_cluster_ip(svc) {
        if old.spec.cluster_ip == svc.spec.cluster_ip && old.spec.cluster_ips == svc.spec.cluster_ips {
            svc.spec.cluster_ip.clear();
            svc.spec.cluster_ips.clear();
        }
        if old.spec.ip_families == svc.spec.ip_families {
            svc.spec.ip_families.clear();
        }
        if old.spec.ip_family_policy == svc.spec.ip_family_policy {
            svc.spec.ip_family_policy = None;
        }
    }
    // Ports may be added, removed or changed, as long as no node port is new.
    let node_ports =
        |s: &Service| -> HashSet<i32> { s.spec.ports.iter().map(|p| p.node_port).filter(|&p| p != 0).collect() };
    if needs_node_port(old) && !needs_node_port(svc) && node_ports(old).is_superset(&node_ports(svc)) {
        for p in &mut svc.spec.ports {
            p.node_port = 0;
        }
    }
    if needs_health_check(old)
        && !needs_health_check(svc)
        && old.spec.health_check_node_port == svc.spec.health_check_node_port
    {
        svc.spec.health_check_node_port = 0;
    }
    // Defaulting gave the old type its external traffic policy; the new one has no use for it.
    if needs_node_port(old)
        && !needs_node_port(svc)
        && old.spec.external_traffic_policy == svc.spec.external_traffic_policy
    {
        svc.spec.external_traffic_policy.0.clear();
    }
    let lb = |s: &Service| s.spec.r#type.0 == "LoadBalancer";
    if lb(old) && !lb(svc) {
        if old.spec.allocate_load_balancer_node_ports.is_some()
            && old.spec.allocate_load_balancer_node_ports == svc.spec.allocate_load_balancer_node_ports
        {
            svc.spec.allocate_load_balancer_node_ports = None;
        }
        if old.spec.load_balancer_class == svc.spec.load_balancer_class {
            svc.spec.load_balancer_class = None;
        }
    }
    // A service that is no longer a load balancer has no load balancer status, whatever the
    // provider still holds (its de-provisioning is asynchronous).
    if !lb(svc) {
        svc.status.load_balancer = Default::default();
    }
}

fn policy(svc: &Service) -> &str {
    svc.spec.ip_family_policy.as_ref().map_or("", |p| p.0.as_str())
}

/// Upstream's `initIPFamilyFields` on a single-stack IPv4 cluster: defaults `ipFamilyPolicy`
/// (`SingleStack`; the stored one on update; `RequireDualStack` for a headless service without a
/// selector) and `ipFamilies` (`[IPv4]`), and refuses what the cluster cannot give.
fn init_ip_families(svc: &mut Service, old: Option<&Service>) -> std::result::Result<(), Vec<FieldError>> {
    use kapi_api::core::v1::{IPFamily, IPFamilyPolicy};
    if !needs_cluster_ip(svc) {
        return Ok(());
    }
    let headless_selectorless = svc.spec.cluster_ip == NONE && svc.spec.selector.is_empty();
    if let Some(old) = old
        && policy(svc) == PREFER_DUAL_STACK
        && policy(old) == PREFER_DUAL_STACK
        && old.spec.r#type == svc.spec.r#type
        && old.spec.cluster_ips == svc.spec.cluster_ips
        && old.spec.ip_families == svc.spec.ip_families
    {
        return Ok(());
    }
    if svc.spec.ip_family_policy.is_none() {
        svc.spec.ip_family_policy = Some(IPFamilyPolicy(match old.and_then(|o| o.spec.ip_family_policy.as_ref()) {
            Some(p) => p.0.clone(),
            None if headless_selectorless => REQUIRE_DUAL_STACK.into(),
            None => SINGLE_STACK.into(),
        }));
    }
    let given = policy(svc).to_owned();
    let policy_path = || Path::new("spec").child("ipFamilyPolicy");
    let mut errs = Vec::new();
    let ip_errs = ip_syntax_errors(svc);
    if !ip_errs.is_empty() {
        return Err(ip_errs);
    }
    if let Some(old) = old {
        if given == SINGLE_STACK {
            if old.spec.cluster_ips == svc.spec.cluster_ips && svc.spec.cluster_ips.len() > 1 {
                svc.spec.cluster_ips.truncate(1);
            }
            if old.spec.ip_families == svc.spec.ip_families && svc.spec.ip_families.len() > 1 {
                svc.spec.ip_families.truncate(1);
            }
        } else {
            if !svc.spec.cluster_ips.is_empty() && svc.spec.cluster_ips.len() < old.spec.cluster_ips.len() {
                errs.push(FieldError::invalid(
                    policy_path(),
                    &given,
                    "must be 'SingleStack' to release the secondary cluster IP",
                ));
            }
            if !svc.spec.ip_families.is_empty() && svc.spec.ip_families.len() < old.spec.ip_families.len() {
                errs.push(FieldError::invalid(
                    policy_path(),
                    &given,
                    "must be 'SingleStack' to release the secondary IP family",
                ));
            }
        }
    }
    if given == SINGLE_STACK {
        if svc.spec.cluster_ips.len() == 2 {
            errs.push(FieldError::invalid(
                policy_path(),
                &given,
                "must be 'RequireDualStack' or 'PreferDualStack' when multiple cluster IPs are specified",
            ));
        }
        if svc.spec.ip_families.len() == 2 {
            errs.push(FieldError::invalid(
                policy_path(),
                &given,
                "must be 'RequireDualStack' or 'PreferDualStack' when multiple IP families are specified",
            ));
        }
    }
    // Families follow the IPs the client asked for.
    for i in 0..svc.spec.cluster_ips.len() {
        let ip = &svc.spec.cluster_ips[i];
        if ip == NONE {
            break;
        }
        if i >= svc.spec.ip_families.len() {
            if ip.parse::<Ipv4Addr>().is_ok() {
                svc.spec.ip_families.push(IPFamily(IPV4.into()));
            } else {
                errs.push(FieldError::invalid_value(
                    Path::new("spec").child("clusterIPs").index(i),
                    BadValue::string_list(&svc.spec.cluster_ips),
                    &format!("{IPV6} is not configured on this cluster"),
                ));
            }
        }
    }
    if !errs.is_empty() {
        return Err(errs);
    }
    if headless_selectorless {
        if svc.spec.ip_families.is_empty() {
            svc.spec.ip_families.push(IPFamily(IPV4.into()));
        }
        if svc.spec.ip_families.len() < 2 && given != SINGLE_STACK {
            let other = if svc.spec.ip_families[0].0 == IPV4 { IPV6 } else { IPV4 };
            svc.spec.ip_families.push(IPFamily(other.into()));
        }
        return Ok(());
    }
    if given == REQUIRE_DUAL_STACK {
        errs.push(FieldError::invalid(policy_path(), &given, "this cluster is not configured for dual-stack services"));
    }
    for (i, family) in svc.spec.ip_families.iter().enumerate() {
        if family.0 != IPV4 {
            errs.push(FieldError::invalid(
                Path::new("spec").child("ipFamilies").index(i),
                &family.0,
                "not configured on this cluster",
            ));
        }
    }
    if !errs.is_empty() {
        return Err(errs);
    }
    if svc.spec.ip_families.is_empty() {
        svc.spec.ip_families.push(IPFamily(IPV4.into()));
    }
    Ok(())
}

/// The IPs upstream's pre-validation (`ValidateServiceClusterIPsRelatedFields`) refuses before
/// anything is allocated: what is not an IP address.
fn ip_syntax_errors(svc: &Service) -> Vec<FieldError> {
    let mut errs = Vec::new();
    for (i, ip) in svc.spec.cluster_ips.iter().enumerate() {
        if ip == NONE && i == 0 || ip.is_empty() {
            continue;
        }
        if ip.parse::<std::net::IpAddr>().is_err() {
            errs.push(FieldError::invalid(
                Path::new("spec").child("clusterIPs").index(i),
                ip,
                "must be a valid IP address, (e.g. 10.9.8.7 or 2001:db8::ffff)",
            ));
        }
    }
    errs
}

/// Upstream's `allocClusterIPs` for the one (IPv4) family: the requested address when it is in
/// the range and free, else the next free one. A dry run checks only the range and answers the
/// range's network address for a dynamic request, as upstream's dry-run allocator does.
fn alloc_cluster_ips(ranges: &ServiceRanges, svc: &mut Service, used: &Used, dry_run: bool) -> Result<()> {
    if !needs_cluster_ip(svc) || svc.spec.cluster_ips.first().is_some_and(|ip| ip == NONE) {
        return Ok(());
    }
    if svc.spec.cluster_ips.is_empty() {
        svc.spec.cluster_ips.push(String::new());
    }
    let requested = svc.spec.cluster_ips[0].clone();
    let ip = if requested.is_empty() {
        if dry_run {
            Ipv4Addr::from(ranges.network())
        } else {
            next_free_ip(ranges, used, &svc.metadata.namespace, &svc.metadata.name)
                .ok_or_else(|| api_errors::internal("failed to allocate a serviceIP: range is full"))?
        }
    } else {
        // Families were checked above: this is an IPv4 address.
        let Ok(ip) = requested.parse::<Ipv4Addr>() else { return Ok(()) };
        let n = u32::from(ip);
        let (first, last) = ranges.usable();
        let refusal = if n & mask(ranges.cluster_ip.1) != ranges.network() && !dry_run {
            Some("the provided network does not match the current range".to_owned())
        } else if n < first || n > last {
            Some(format!("provided IP {ip} is not in the valid range"))
        } else if !dry_run && used.ips.contains(&n) {
            Some("provided IP is already allocated".to_owned())
        } else {
            None
        };
        if let Some(why) = refusal {
            let err = FieldError::invalid_value(
                Path::new("spec").child("clusterIPs"),
                BadValue::string_list(&svc.spec.cluster_ips),
                &format!("failed to allocate IP {requested}: {why}"),
            );
            return Err(api_errors::invalid("", "Service", &svc.metadata.name, &[err]));
        }
        ip
    };
    svc.spec.cluster_ips[0] = ip.to_string();
    svc.spec.cluster_ip = ip.to_string();
    Ok(())
}

/// A free address, the upper part of the range first: the search starts at a point derived from
/// the service's namespace and name (upstream starts at a random one), so consecutive services
/// do not get consecutive addresses.
fn next_free_ip(ranges: &ServiceRanges, used: &Used, namespace: &str, name: &str) -> Option<Ipv4Addr> {
    let (first, last) = ranges.usable();
    if last < first {
        return None;
    }
    let offset_start = first.saturating_add(ranges.range_offset()).min(last);
    let seed = fnv1a(namespace.as_bytes().iter().chain(b"/").chain(name.as_bytes()));
    let scan = |lo: u32, hi: u32| -> Option<u32> {
        let size = u64::from(hi - lo) + 1;
        let start = seed % size;
        (0..size).map(|i| lo + ((start + i) % size) as u32).find(|ip| !used.ips.contains(ip))
    };
    let found =
        scan(offset_start, last).or_else(|| (offset_start > first).then(|| scan(first, offset_start - 1)).flatten());
    found.map(Ipv4Addr::from)
}

fn fnv1a<'a>(bytes: impl Iterator<Item = &'a u8>) -> u64 {
    bytes.fold(0xcbf2_9ce4_8422_2325u64, |h, &b| (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3))
}

/// One write's node port allocations (upstream's `PortAllocationOperation`): the ports this write
/// took, checked against the other services' and each other.
struct PortOp<'a> {
    ranges: &'a ServiceRanges,
    used: &'a Used,
    dry_run: bool,
    /// What the stored service holds, on update.
    held: Vec<i32>,
    /// What this write took.
    taken: Vec<i32>,
}

/// Why a node port cannot be had.
enum PortRefusal {
    NotInRange(String),
    Allocated,
    Full,
}

impl PortRefusal {
    fn message(&self) -> String {
        match self {
            PortRefusal::NotInRange(range) => {
                format!("provided port is not in the valid range. The range of valid ports is {range}")
            }
            PortRefusal::Allocated => "provided port is already allocated".into(),
            PortRefusal::Full => "range is full".into(),
        }
    }
}

impl<'a> PortOp<'a> {
    fn new(ranges: &'a ServiceRanges, used: &'a Used, dry_run: bool) -> Self {
        PortOp { ranges, used, dry_run, held: Vec::new(), taken: Vec::new() }
    }

    fn range(&self) -> String {
        format!("{}-{}", self.ranges.node_ports.0, self.ranges.node_ports.1)
    }

    fn in_use(&self, port: i32) -> bool {
        self.used.ports.contains(&port) || self.held.contains(&port) || self.taken.contains(&port)
    }

    /// A requested port. A dry run checks only that it is free (upstream's dry-run operation
    /// asks the allocator whether it has the port, which an out-of-range port never is).
    fn allocate(&mut self, port: i32) -> std::result::Result<(), PortRefusal> {
        let (lo, hi) = self.ranges.node_ports;
        if !self.dry_run && (port < lo || port > hi) {
            return Err(PortRefusal::NotInRange(self.range()));
        }
        if self.in_use(port) {
            return Err(PortRefusal::Allocated);
        }
        self.taken.push(port);
        Ok(())
    }

    /// Any free port. A dry run answers one past the highest this write took (32769 when none),
    /// as upstream's dry-run operation does, without looking for a free one.
    fn allocate_next(&mut self) -> std::result::Result<i32, PortRefusal> {
        if self.dry_run {
            let next = self.taken.iter().max().map_or(32769, |p| p.saturating_add(1));
            self.taken.push(next);
            return Ok(next);
        }
        let (lo, hi) = self.ranges.node_ports;
        let size = i64::from(hi) - i64::from(lo) + 1;
        if size <= 0 {
            return Err(PortRefusal::Full);
        }
        // Start past the ports already in use, so consecutive services get different ones
        // even before they are stored.
        let start = (self.used.ports.len() + self.taken.len()) as i64 * 7919 % size;
        let found = (0..size).map(|i| lo + ((start + i) % size) as i32).find(|&p| !self.in_use(p));
        let port = found.ok_or(PortRefusal::Full)?;
        self.taken.push(port);
        Ok(port)
    }
}

fn node_port_path(i: usize) -> Path {
    Path::new("spec").child("ports").index(i).child("nodePort")
}

fn invalid_port(svc: &Service, i: usize, port: i32, why: &PortRefusal) -> crate::tracker::Error {
    api_errors::invalid(
        "",
        "Service",
        &svc.metadata.name,
        &[FieldError::invalid_value(node_port_path(i), port, &why.message())],
    )
}

/// Upstream's `initNodePorts` on create: ports with the same port number share one node port
/// (so `53/TCP` and `53/UDP` get the same), requested ones are reserved, the rest allocated.
fn init_node_ports(svc: &mut Service, op: &mut PortOp<'_>) -> Result<()> {
    let allocate_new = should_allocate_node_ports(svc);
    let mut by_port: Vec<(i32, i32)> = Vec::new();
    for i in 0..svc.spec.ports.len() {
        let (port, node_port) = (svc.spec.ports[i].port, svc.spec.ports[i].node_port);
        if node_port == 0 && !allocate_new {
            continue;
        }
        let shared = by_port.iter().find(|(p, _)| *p == port).map(|(_, np)| *np);
        match shared {
            None => {
                let requested = find_requested_node_port(port, &svc.spec.ports);
                let np = if requested != 0 {
                    op.allocate(requested).map_err(|why| invalid_port(svc, i, requested, &why))?;
                    requested
                } else {
                    op.allocate_next().map_err(|why| {
                        api_errors::internal(&format!("failed to allocate a nodePort: {}", why.message()))
                    })?
                };
                svc.spec.ports[i].node_port = np;
                by_port.push((port, np));
            }
            Some(np) if node_port != np => {
                if node_port == 0 {
                    svc.spec.ports[i].node_port = np;
                } else {
                    op.allocate(node_port).map_err(|why| invalid_port(svc, i, node_port, &why))?;
                }
            }
            Some(_) => {}
        }
    }
    Ok(())
}

/// The node port a later port with the same port number asks for (0: none).
fn find_requested_node_port(port: i32, ports: &[ServicePort]) -> i32 {
    ports.iter().find(|p| p.port == port && p.node_port != 0).map_or(0, |p| p.node_port)
}

/// Upstream's `updateNodePorts`: node ports the stored service already holds are kept, new
/// requests are reserved, ports without one get one; what is no longer used goes back when the
/// update is stored.
fn update_node_ports(svc: &mut Service, old: &Service, op: &mut PortOp<'_>) -> Result<()> {
    let allocate_new = should_allocate_node_ports(svc);
    let old_ports: Vec<i32> = old.spec.ports.iter().map(|p| p.node_port).filter(|&p| p != 0).collect();
    let mut seen: Vec<(String, i32)> = Vec::new();
    for i in 0..svc.spec.ports.len() {
        let node_port = svc.spec.ports[i].node_port;
        if node_port == 0 && !allocate_new {
            continue;
        }
        let np = if node_port != 0 {
            if !old_ports.contains(&node_port) && !op.taken.contains(&node_port) {
                op.allocate(node_port).map_err(|why| invalid_port(svc, i, node_port, &why))?;
            }
            node_port
        } else {
            let np = op
                .allocate_next()
                .map_err(|why| api_errors::internal(&format!("failed to allocate a nodePort: {}", why.message())))?;
            svc.spec.ports[i].node_port = np;
            np
        };
        let protocol = svc.spec.ports[i].protocol.0.clone();
        if seen.iter().any(|(p, n)| *p == protocol && *n == np) {
            return Err(api_errors::internal(&format!("duplicate nodePort: {{{protocol} {np}}}")));
        }
        seen.push((protocol, np));
    }
    Ok(())
}

/// Upstream's `allocHealthCheckNodePort`: the requested health check node port, or any.
fn alloc_health_check(svc: &mut Service, op: &mut PortOp<'_>) -> Result<()> {
    let requested = svc.spec.health_check_node_port;
    if requested != 0 {
        op.allocate(requested).map_err(|why| {
            api_errors::internal(&format!(
                "failed to allocate requested HealthCheck NodePort {requested}: {}",
                why.message()
            ))
        })?;
    } else {
        let port = op.allocate_next().map_err(|why| {
            api_errors::internal(&format!("failed to allocate a HealthCheck NodePort 0: {}", why.message()))
        })?;
        svc.spec.health_check_node_port = port;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn used(ips: &[u32], ports: &[i32]) -> Used {
        Used { ips: ips.iter().copied().collect(), ports: ports.iter().copied().collect() }
    }

    #[test]
    fn the_default_range_is_kubeadms() {
        let r = ServiceRanges::default();
        assert_eq!(Ipv4Addr::from(r.network()), Ipv4Addr::new(10, 96, 0, 0));
        assert_eq!(r.usable(), (u32::from(Ipv4Addr::new(10, 96, 0, 1)), u32::from(Ipv4Addr::new(10, 111, 255, 254))));
        assert_eq!(r.range_offset(), 256);
        let small = ServiceRanges { cluster_ip: (Ipv4Addr::new(10, 0, 0, 0), 24), ..r };
        assert_eq!(small.range_offset(), 16);
    }

    #[test]
    fn flags_parse_as_kube_apiservers() {
        assert_eq!(ServiceRanges::parse_cluster_ip_range("10.96.0.5/12"), Ok((Ipv4Addr::new(10, 96, 0, 0), 12)));
        assert!(ServiceRanges::parse_cluster_ip_range("fd00::/108").is_err());
        assert!(ServiceRanges::parse_cluster_ip_range("10.0.0.0/31").is_err());
        assert!(ServiceRanges::parse_cluster_ip_range("10.0.0.0").is_err());
        assert_eq!(ServiceRanges::parse_node_port_range("30000-32767"), Ok((30000, 32767)));
        assert!(ServiceRanges::parse_node_port_range("32767-30000").is_err());
        assert!(ServiceRanges::parse_node_port_range("0-10").is_err());
        assert!(ServiceRanges::parse_node_port_range("30000").is_err());
    }

    #[test]
    fn a_full_range_is_full_and_the_static_part_is_used_last() {
        // A /28: 14 usable addresses, the first 16 would be static, so all are "lower".
        let r = ServiceRanges { cluster_ip: (Ipv4Addr::new(10, 0, 0, 0), 28), ..ServiceRanges::default() };
        let (first, last) = r.usable();
        let all: Vec<u32> = (first..=last).collect();
        assert_eq!(next_free_ip(&r, &used(&all, &[]), "ns", "a"), None);
        let free = next_free_ip(&r, &used(&all[1..], &[]), "ns", "a");
        assert_eq!(free, Some(Ipv4Addr::from(first)));
        // A /24 with the upper part taken falls back to the static part.
        let r = ServiceRanges { cluster_ip: (Ipv4Addr::new(10, 0, 0, 0), 24), ..ServiceRanges::default() };
        let (first, last) = r.usable();
        let upper: Vec<u32> = (first + 16..=last).collect();
        let got = u32::from(next_free_ip(&r, &used(&upper, &[]), "ns", "a").unwrap());
        assert!((first..first + 16).contains(&got), "{got}");
    }

    #[test]
    fn node_ports_skip_the_taken_ones_and_a_dry_run_counts_from_32769() {
        let r = ServiceRanges { node_ports: (30000, 30002), ..ServiceRanges::default() };
        let u = used(&[], &[30000, 30001]);
        let mut op = PortOp::new(&r, &u, false);
        assert_eq!(op.allocate_next().ok(), Some(30002));
        assert!(matches!(op.allocate_next(), Err(PortRefusal::Full)));
        assert!(matches!(op.allocate(30001), Err(PortRefusal::Allocated)));
        assert!(matches!(op.allocate(29999), Err(PortRefusal::NotInRange(ref s)) if s == "30000-30002"));
        let mut dry = PortOp::new(&r, &u, true);
        assert_eq!(dry.allocate_next().ok(), Some(32769));
        assert!(dry.allocate(29999).is_ok(), "a dry run checks no range");
        assert_eq!(dry.allocate_next().ok(), Some(32770));
    }
}
