//! Upstream's `GetWarningsForIP` and `GetWarningsForCIDR` (apimachinery's `util/validation`): the warnings for IP and CIDR values that a legacy field accepts in a non-standard form.

use std::net::{IpAddr, Ipv4Addr, Ipv6Addr};

use kapi_machinery::validation::ip::parse_ip_sloppy;
use kapi_machinery::validation::{Path, go_quote};

use super::parse_cidr_sloppy;

/// Go's `net.IP.String()`: an IPv4-mapped IPv6 address prints as IPv4.
fn go_ip_string(ip: IpAddr) -> String {
    match ip {
        IpAddr::V6(v6) => v6.to_ipv4_mapped().map_or_else(|| v6.to_string(), |v4| v4.to_string()),
        IpAddr::V4(v4) => v4.to_string(),
    }
}

fn is_4in6(ip: IpAddr) -> bool {
    matches!(ip, IpAddr::V6(v6) if v6.to_ipv4_mapped().is_some())
}

/// Upstream's `GetWarningsForIP`, for a value its field validates with `IsValidIPForLegacyField`:
/// one warning when the value has leading zeros or is IPv4-mapped IPv6 (it names the standard
/// form), or when an IPv6 address is not in RFC 5952 form. A value that does not parse at all
/// gets none (validation reports it).
pub fn ip_warnings(path: &Path, value: &str) -> Vec<String> {
    let Some((sloppy, _)) = parse_ip_sloppy(value) else {
        return Vec::new();
    };
    // `netip.ParseAddr`: no leading zeros, no zones; Rust's parser accepts the same texts.
    match value.parse::<IpAddr>() {
        Ok(strict) if !is_4in6(strict) => match strict {
            IpAddr::V6(v6) if v6.to_string() != value => vec![format!(
                "{path}: IPv6 address {} should be in RFC 5952 canonical format ({})",
                go_quote(value),
                go_quote(&v6.to_string())
            )],
            _ => Vec::new(),
        },
        _ => vec![format!(
            "{path}: non-standard IP address {} will be considered invalid in a future Kubernetes release: use {}",
            go_quote(value),
            go_quote(&go_ip_string(sloppy))
        )],
    }
}

/// The network of `ip/bits` as Go's `IPNet.String()` prints it: the masked address, and an
/// IPv4-mapped network as IPv4 with its prefix less 96.
fn go_network_string(ip: IpAddr, bits: u8) -> String {
    match ip {
        IpAddr::V4(a) => {
            let mask = u32::MAX.checked_shl(32 - u32::from(bits)).unwrap_or(0);
            format!("{}/{bits}", Ipv4Addr::from(u32::from(a) & mask))
        }
        IpAddr::V6(a) => {
            let mask = u128::MAX.checked_shl(128 - u32::from(bits)).unwrap_or(0);
            let net = Ipv6Addr::from(u128::from(a) & mask);
            match net.to_ipv4_mapped() {
                Some(v4) => format!("{v4}/{}", bits.saturating_sub(96)),
                None => format!("{net}/{bits}"),
            }
        }
    }
}

fn host_bits_set(ip: IpAddr, bits: u8) -> bool {
    match ip {
        IpAddr::V4(a) => u32::from(a) & u32::MAX.checked_shr(u32::from(bits)).unwrap_or(0) != 0,
        IpAddr::V6(a) => u128::from(a) & u128::MAX.checked_shr(u32::from(bits)).unwrap_or(0) != 0,
    }
}

/// `netip.ParsePrefix`: a strict address and a decimal prefix length without leading zeros.
fn parse_prefix_strict(value: &str) -> Option<(IpAddr, u8)> {
    let (addr, len) = value.split_once('/')?;
    let ip = addr.parse::<IpAddr>().ok()?;
    if len.is_empty() || (len.len() > 1 && len.starts_with('0')) || !len.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    let bits: u8 = len.parse().ok()?;
    let max = if ip.is_ipv4() { 32 } else { 128 };
    (bits <= max).then_some((ip, bits))
}

/// Upstream's `GetWarningsForCIDR`, for a value its field validates with
/// `IsValidCIDRForLegacyField`: a warning when bits are set after the prefix length (naming both
/// readings), one when the value has leading zeros or an IPv4-mapped address (naming the standard
/// form), and otherwise one when an IPv6 prefix is not in RFC 5952 form. A value that does not
/// parse gets none.
pub fn cidr_warnings(path: &Path, value: &str) -> Vec<String> {
    let Some(cidr) = parse_cidr_sloppy(value) else {
        return Vec::new();
    };
    let network = go_network_string(cidr.ip, cidr.bits);
    let mut warnings = Vec::new();
    if host_bits_set(cidr.ip, cidr.bits) {
        // Go's `Mask.Size()` counts the mask's bytes: 128 for any value written as IPv6.
        let addr_len = if cidr.ip.is_ipv4() { 32 } else { 128 };
        let single = format!("{}/{addr_len}", go_ip_string(cidr.ip));
        warnings.push(format!(
            "{path}: CIDR value {} is ambiguous in this context (should be {} or {}?)",
            go_quote(value),
            go_quote(&network),
            go_quote(&single)
        ));
    }
    let strict = parse_prefix_strict(value);
    match strict {
        Some((ip, _)) if !is_4in6(ip) => {}
        _ => warnings.push(format!(
            "{path}: non-standard CIDR value {} will be considered invalid in a future Kubernetes release: use {}",
            go_quote(value),
            go_quote(&network)
        )),
    }
    if let (true, Some((IpAddr::V6(v6), bits))) = (warnings.is_empty(), strict) {
        let canonical = format!("{v6}/{bits}");
        if canonical != value {
            warnings.push(format!(
                "{path}: IPv6 CIDR value {} should be in RFC 5952 canonical format ({})",
                go_quote(value),
                go_quote(&canonical)
            ));
        }
    }
    warnings
}

#[cfg(test)]
#[path = "ip_warnings_tests.rs"]
mod tests;
