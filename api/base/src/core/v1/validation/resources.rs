//! Resource names, quantities and IP/CIDR formats as upstream's core validation and `helper` package judge them, shared by nodes, quotas, limit ranges and volumes.

use std::net::{IpAddr, Ipv4Addr, Ipv6Addr};

use kapi_machinery::types::Quantity;
use kapi_machinery::validation::content::is_qualified_name;
pub(crate) use kapi_machinery::validation::ip::parse_ip_sloppy;
use kapi_machinery::validation::{BadValue, ErrorList, FieldError, Path};

use super::NEGATIVE;
use crate::features::{Feature, enabled};

/// Resource names upstream knows (`standardResources`), besides huge pages.
const STANDARD_RESOURCES: &[&str] = &[
    "cpu",
    "memory",
    "ephemeral-storage",
    "requests.cpu",
    "requests.memory",
    "requests.ephemeral-storage",
    "limits.cpu",
    "limits.memory",
    "limits.ephemeral-storage",
    "pods",
    "resourcequotas",
    "services",
    "replicationcontrollers",
    "secrets",
    "configmaps",
    "persistentvolumeclaims",
    "storage",
    "requests.storage",
    "services.nodeports",
    "services.loadbalancers",
];

/// Resource names the quota system tracks (`standardQuotaResources`), besides huge pages.
const STANDARD_QUOTA_RESOURCES: &[&str] = &[
    "cpu",
    "memory",
    "ephemeral-storage",
    "requests.cpu",
    "requests.memory",
    "requests.storage",
    "requests.ephemeral-storage",
    "limits.cpu",
    "limits.memory",
    "limits.ephemeral-storage",
    "pods",
    "resourcequotas",
    "services",
    "replicationcontrollers",
    "secrets",
    "persistentvolumeclaims",
    "configmaps",
    "services.nodeports",
    "services.loadbalancers",
];

/// Resources counted in whole units (`integerResources`), besides extended resources.
const INTEGER_RESOURCES: &[&str] = &[
    "pods",
    "resourcequotas",
    "services",
    "replicationcontrollers",
    "secrets",
    "configmaps",
    "persistentvolumeclaims",
    "services.nodeports",
    "services.loadbalancers",
];

/// Upstream's `IsQuotaHugePageResourceName`.
fn is_quota_hugepages(name: &str) -> bool {
    name.starts_with("hugepages-") || name.starts_with("requests.hugepages-")
}

/// Upstream's `IsNativeResource`: unprefixed, or in a `kubernetes.io/` domain.
#[doc(hidden)]
pub fn is_native_resource(name: &str) -> bool {
    !name.contains('/') || name.contains("kubernetes.io/")
}

/// Upstream's `IsExtendedResourceName`: not native, not `requests.`-prefixed, and a qualified
/// name once `requests.` is put in front.
#[doc(hidden)]
pub fn is_extended_resource_name(name: &str) -> bool {
    if is_native_resource(name) || name.starts_with("requests.") {
        return false;
    }
    is_qualified_name(&format!("requests.{name}")).is_empty()
}

/// Upstream's `IsOvercommitAllowed`: native resources other than huge pages.
#[doc(hidden)]
pub fn overcommit_allowed(name: &str) -> bool {
    is_native_resource(name) && !name.starts_with("hugepages-")
}

/// Upstream's `IsStandardQuotaResourceName`.
#[doc(hidden)]
pub fn is_standard_quota_resource(name: &str) -> bool {
    STANDARD_QUOTA_RESOURCES.contains(&name) || is_quota_hugepages(name)
}

/// A quantity as upstream prints a `resource.Quantity` bad value: its JSON string.
#[doc(hidden)]
pub fn quantity_json(q: &Quantity) -> BadValue {
    BadValue::Json(format!("\"{q}\""))
}

/// Upstream's `validateResourceName`: a qualified name, and unprefixed only when standard.
#[doc(hidden)]
pub fn resource_name(name: &str, path: &Path) -> ErrorList {
    let errs: ErrorList = is_qualified_name(name).into_iter().map(|m| bad_name(path, name, &m)).collect();
    if !errs.is_empty() {
        return errs;
    }
    if !name.contains('/') && !STANDARD_RESOURCES.contains(&name) && !is_quota_hugepages(name) {
        return vec![bad_name(path, name, "must be a standard resource type or fully qualified")];
    }
    errs
}

/// A resource name upstream refuses, quoted as it quotes one.
fn bad_name(path: &Path, name: &str, message: &str) -> FieldError {
    FieldError::invalid_value(path, BadValue::named(name), message)
}

/// Upstream's `validateContainerResourceName`: a resource name a container may ask for.
#[doc(hidden)]
pub fn container_resource_name(name: &str, path: &Path) -> ErrorList {
    let mut errs = resource_name(name, path);
    if !name.contains('/') {
        if !["cpu", "memory", "ephemeral-storage"].contains(&name) && !name.starts_with("hugepages-") {
            errs.push(bad_name(path, name, "must be a standard resource for containers"));
        }
    } else if !is_native_resource(name) && !is_extended_resource_name(name) {
        errs.push(bad_name(path, name, "doesn't follow extended resource name standard"));
    }
    errs
}

/// Upstream's `ValidateResourceQuotaResourceName`.
#[doc(hidden)]
pub fn quota_resource_name(name: &str, path: &Path) -> ErrorList {
    let mut errs = resource_name(name, path);
    if !name.contains('/') && !is_standard_quota_resource(name) {
        errs.push(bad_name(path, name, "must be a standard resource for quota"));
    }
    errs
}

/// Upstream's `ValidateResourceQuantityValue`: not negative, and whole for integer resources.
#[doc(hidden)]
pub fn quantity_value(name: &str, q: &Quantity, path: &Path) -> ErrorList {
    let mut errs = ErrorList::new();
    if q.sign() < 0 {
        errs.push(FieldError::invalid(path, &q.to_string(), NEGATIVE));
    }
    if (INTEGER_RESOURCES.contains(&name) || is_extended_resource_name(name)) && q.milli_value() % 1000 != 0 {
        errs.push(FieldError::invalid_value(path, quantity_json(q), "must be an integer"));
    }
    errs
}

/// Upstream's `ValidatePositiveQuantityValue`.
#[doc(hidden)]
pub fn positive_quantity(q: &Quantity, path: &Path) -> ErrorList {
    if q.sign() <= 0 {
        return vec![FieldError::invalid(path, &q.to_string(), "must be greater than zero")];
    }
    Vec::new()
}

/// Upstream's `validateBasicResource`: the integer value not negative.
#[doc(hidden)]
pub fn basic_resource(q: &Quantity, path: &Path) -> ErrorList {
    if q.value() < 0 {
        return vec![FieldError::invalid_value(path, q.value(), "must be a valid resource quantity")];
    }
    Vec::new()
}

// ---------------------------------------------------------------------------------------------
// IP addresses and CIDRs, as `k8s.io/utils/net`'s sloppy parsers and apimachinery's strict checks.

/// Go's `net.IP.String()`: IPv4-mapped addresses print as IPv4.
pub(super) fn go_ip_string(ip: IpAddr) -> String {
    match ip {
        IpAddr::V6(v6) => match v6.to_ipv4_mapped() {
            Some(v4) => v4.to_string(),
            None => v6.to_string(),
        },
        IpAddr::V4(v4) => v4.to_string(),
    }
}

pub(super) fn is_v4_mapped(ip: IpAddr) -> bool {
    matches!(ip, IpAddr::V6(v6) if v6.to_ipv4_mapped().is_some())
}

const BAD_IP: &str = "must be a valid IP address, (e.g. 10.9.8.7 or 2001:db8::ffff)";
const BAD_CIDR: &str = "must be a valid CIDR value, (e.g. 10.9.8.0/24 or 2001:db8::/64)";

/// Upstream's `parseIP`: the sloppy parse, and with `strict` no leading zeros nor (a separate
/// failure, since Go's strict parser rejects leading zeros before it looks at the form) an
/// IPv4-mapped IPv6 address.
fn parse_ip(path: &Path, value: &str, strict: bool) -> (Option<IpAddr>, ErrorList) {
    let Some((ip, leading_zero)) = parse_ip_sloppy(value) else {
        return (None, vec![FieldError::invalid(path, value, BAD_IP)]);
    };
    let mut errs = ErrorList::new();
    if strict {
        if leading_zero {
            errs.push(FieldError::invalid(path, value, "must not have leading 0s"));
        } else if is_v4_mapped(ip) {
            errs.push(FieldError::invalid(path, value, "must not be an IPv4-mapped IPv6 address"));
        }
    }
    (Some(ip), errs)
}

/// Upstream's `IsValidIP`: parses, no leading zeros, not IPv4-mapped, and canonical.
#[doc(hidden)]
pub fn is_valid_ip(path: &Path, value: &str) -> ErrorList {
    let (ip, mut errs) = parse_ip(path, value, true);
    if let (Some(ip), true) = (ip, errs.is_empty()) {
        let canonical = go_ip_string(ip);
        if canonical != value {
            errs.push(FieldError::invalid(path, value, &format!("must be in canonical form (\"{canonical}\")")));
        }
    }
    errs
}

/// Upstream's `IsValidIPForLegacyField`, for fields that predate strict IP validation: a value
/// of `old` (the stored object's values of the field) passes unchecked; otherwise the sloppy
/// parse, with leading zeros and IPv4-mapped addresses refused only when `strict` (the
/// `StrictIPCIDRValidation` gate), and never a canonical-form check.
#[doc(hidden)]
pub fn is_valid_ip_for_legacy_field<S: AsRef<str>>(path: &Path, value: &str, strict: bool, old: &[S]) -> ErrorList {
    if old.iter().any(|o| o.as_ref() == value) {
        return ErrorList::new();
    }
    parse_ip(path, value, strict).1
}

/// [`is_valid_ip_for_legacy_field`] with `strict` from the `StrictIPCIDRValidation` gate (upstream
/// core validation's wrapper of the same name).
#[doc(hidden)]
pub fn legacy_ip<S: AsRef<str>>(path: &Path, value: &str, old: &[S]) -> ErrorList {
    is_valid_ip_for_legacy_field(path, value, enabled(Feature::StrictIPCIDRValidation), old)
}

/// Upstream's `ValidateNonSpecialIP`: an IP that is not unspecified, loopback or link-local.
#[doc(hidden)]
pub fn non_special_ip(value: &str, path: &Path) -> ErrorList {
    let Some((ip, _)) = parse_ip_sloppy(value) else {
        return vec![FieldError::invalid(path, value, "must be a valid IP address")];
    };
    let ip = match ip {
        IpAddr::V6(v6) => v6.to_ipv4_mapped().map_or(IpAddr::V6(v6), IpAddr::V4),
        v4 => v4,
    };
    let (unspecified, loopback, link_local, link_local_multicast) = match ip {
        IpAddr::V4(a) => {
            let o = a.octets();
            (a.is_unspecified(), o[0] == 127, o[0] == 169 && o[1] == 254, o[0] == 224 && o[1] == 0 && o[2] == 0)
        }
        IpAddr::V6(a) => {
            let s = a.segments();
            (a.is_unspecified(), a.is_loopback(), s[0] & 0xffc0 == 0xfe80, s[0] & 0xff0f == 0xff02)
        }
    };
    let mut errs = ErrorList::new();
    if unspecified {
        errs.push(FieldError::invalid(path, value, &format!("may not be unspecified ({value})")));
    }
    if loopback {
        errs.push(FieldError::invalid(path, value, "may not be in the loopback range (127.0.0.0/8, ::1/128)"));
    }
    if link_local {
        errs.push(FieldError::invalid(path, value, "may not be in the link-local range (169.254.0.0/16, fe80::/10)"));
    }
    if link_local_multicast {
        errs.push(FieldError::invalid(
            path,
            value,
            "may not be in the link-local multicast range (224.0.0.0/24, ff02::/10)",
        ));
    }
    errs
}

/// A parsed CIDR: the address, the prefix length, and whether the text had leading zeros.
#[doc(hidden)]
pub struct Cidr {
    pub ip: IpAddr,
    pub bits: u8,
    leading_zero: bool,
}

/// `netutils.ParseCIDRSloppy`.
#[doc(hidden)]
pub fn parse_cidr_sloppy(s: &str) -> Option<Cidr> {
    let (addr, len) = s.split_once('/')?;
    let (ip, mut leading_zero) = parse_ip_sloppy(addr)?;
    if len.is_empty() || len.len() > 8 || !len.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    leading_zero |= len.len() > 1 && len.starts_with('0');
    let bits: u8 = len.parse().ok()?;
    let max = if matches!(ip, IpAddr::V4(_)) { 32 } else { 128 };
    if bits > max {
        return None;
    }
    Some(Cidr { ip, bits, leading_zero })
}

impl Cidr {
    /// The address with the bits after the prefix cleared.
    pub(super) fn masked(&self) -> IpAddr {
        match self.ip {
            IpAddr::V4(a) => {
                let mask = u32::MAX.checked_shl(32 - u32::from(self.bits)).unwrap_or(0);
                IpAddr::V4(Ipv4Addr::from(u32::from(a) & mask))
            }
            IpAddr::V6(a) => {
                let mask = u128::MAX.checked_shl(128 - u32::from(self.bits)).unwrap_or(0);
                IpAddr::V6(Ipv6Addr::from(u128::from(a) & mask))
            }
        }
    }

    /// Whether the text had leading zeros in the address or the prefix length.
    pub(super) fn leading_zero(&self) -> bool {
        self.leading_zero
    }

    /// Whether this is an IPv4 network (IPv4-mapped addresses count, as Go's `To4` does).
    pub fn is_v4(&self) -> bool {
        matches!(self.ip, IpAddr::V4(_)) || is_v4_mapped(self.ip)
    }
}

/// Upstream's `parseCIDR`: the sloppy parse, and with `strict` the first of: leading zeros (in
/// the address or the prefix length), an IPv4-mapped address, bits set beyond the prefix.
fn parse_cidr(path: &Path, value: &str, strict: bool) -> (Option<Cidr>, ErrorList) {
    let Some(c) = parse_cidr_sloppy(value) else {
        return (None, vec![FieldError::invalid(path, value, BAD_CIDR)]);
    };
    let why = if !strict {
        None
    } else if c.leading_zero {
        Some("must not have leading 0s in IP or prefix length")
    } else if is_v4_mapped(c.ip) {
        Some("must not have an IPv4-mapped IPv6 address")
    } else if c.masked() != c.ip {
        Some("must not have bits set beyond the prefix length")
    } else {
        None
    };
    (Some(c), why.map(|why| FieldError::invalid(path, value, why)).into_iter().collect())
}

/// Upstream's `IsValidCIDR`: parses, no leading zeros, not IPv4-mapped, no host bits, canonical.
#[doc(hidden)]
pub fn is_valid_cidr(path: &Path, value: &str) -> ErrorList {
    let (c, errs) = parse_cidr(path, value, true);
    let Some(c) = c else { return errs };
    if !errs.is_empty() {
        return errs;
    }
    let canonical = format!("{}/{}", go_ip_string(c.masked()), c.bits);
    if canonical != value {
        return vec![FieldError::invalid(path, value, &format!("must be in canonical form (\"{canonical}\")"))];
    }
    Vec::new()
}

/// Upstream's `IsValidCIDRForLegacyField`, for fields that predate strict CIDR validation: a
/// value of `old` passes unchecked; otherwise the sloppy parse, with leading zeros, IPv4-mapped
/// addresses and host bits ("interface address" form) refused only when `strict` (the
/// `StrictIPCIDRValidation` gate), and never a canonical-form check.
#[doc(hidden)]
pub fn is_valid_cidr_for_legacy_field<S: AsRef<str>>(path: &Path, value: &str, strict: bool, old: &[S]) -> ErrorList {
    if old.iter().any(|o| o.as_ref() == value) {
        return ErrorList::new();
    }
    parse_cidr(path, value, strict).1
}

/// [`is_valid_cidr_for_legacy_field`] with `strict` from the `StrictIPCIDRValidation` gate.
#[doc(hidden)]
pub fn legacy_cidr<S: AsRef<str>>(path: &Path, value: &str, old: &[S]) -> ErrorList {
    is_valid_cidr_for_legacy_field(path, value, enabled(Feature::StrictIPCIDRValidation), old)
}

#[cfg(test)]
#[path = "legacy_ip_tests.rs"]
mod legacy_ip_tests;
