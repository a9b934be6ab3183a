//! Upstream's `GetWarningsForIP` and `GetWarningsForCIDR` (apimachinery's `util/validation`, with v0.36's texts): the warnings for IP and CIDR values that a legacy field accepts in a non-standard form.

use std::net::IpAddr;

use kapi_machinery::validation::ip::parse_ip_sloppy;
use kapi_machinery::validation::{Path, go_quote};

use super::parse_cidr_sloppy;
use super::resources::{go_ip_string, is_v4_mapped};

/// Upstream's `GetWarningsForIP`, for a value its field validates with `IsValidIPForLegacyField`:
/// one warning when the value has leading zeros or is IPv4-mapped IPv6 (it names the standard
/// form), or when an IPv6 address is not in RFC 5952 form. A value that does not parse at all
/// gets none (validation reports it).
pub fn ip_warnings(path: &Path, value: &str) -> Vec<String> {
    let Some((ip, leading_zero)) = parse_ip_sloppy(value) else {
        return Vec::new();
    };
    // What `netip.ParseAddr` refuses: leading zeros, an IPv4-mapped address.
    if leading_zero || is_v4_mapped(ip) {
        return vec![format!(
            "{path}: non-standard IP address {} is invalid: use {}",
            go_quote(value),
            go_quote(&go_ip_string(ip))
        )];
    }
    match ip {
        IpAddr::V6(v6) if v6.to_string() != value => vec![format!(
            "{path}: IPv6 address {} should be in RFC 5952 canonical format ({})",
            go_quote(value),
            go_quote(&v6.to_string())
        )],
        _ => Vec::new(),
    }
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
    // Go's `IPNet.String()`: the masked address, an IPv4-mapped network as IPv4 with its prefix
    // less 96.
    let net = cidr.masked();
    let bits = if is_v4_mapped(net) { cidr.bits.saturating_sub(96) } else { cidr.bits };
    let network = format!("{}/{bits}", go_ip_string(net));
    let mut warnings = Vec::new();
    if net != cidr.ip {
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
    // What `netip.ParsePrefix` refuses: leading zeros, an IPv4-mapped address.
    if cidr.leading_zero() || is_v4_mapped(cidr.ip) {
        warnings.push(format!(
            "{path}: non-standard CIDR value {} is invalid: use {}",
            go_quote(value),
            go_quote(&network)
        ));
    }
    if let (true, IpAddr::V6(v6)) = (warnings.is_empty(), cidr.ip) {
        let canonical = format!("{v6}/{}", cidr.bits);
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
