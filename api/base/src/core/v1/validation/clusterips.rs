//! A service's cluster IPs and IP families, as upstream's `ValidateServiceClusterIPsRelatedFields`, `validateUpgradeDowngradeClusterIPs` and `validateUpgradeDowngradeIPFamilies` check them.

use std::collections::BTreeSet;
use std::net::IpAddr;

use kapi_machinery::validation::{BadValue, ErrorList, FieldError, Path};

use super::resources::{legacy_ip, parse_ip_sloppy};
use crate::core::v1::{IPFamily, Service};

const NONE: &str = "None";
const IP_FAMILIES: &[&str] = &["IPv4", "IPv6"];
const IP_FAMILY_POLICIES: &[&str] = &["PreferDualStack", "RequireDualStack", "SingleStack"];
const CHANGED: &str = "may not change once set";

/// Upstream's `isHeadlessService`: `clusterIPs` is exactly `["None"]`.
pub(super) fn is_headless(s: &Service) -> bool {
    s.spec.cluster_ips.len() == 1 && s.spec.cluster_ips[0] == NONE
}

fn is_external_name(s: &Service) -> bool {
    s.spec.r#type.0 == "ExternalName"
}

fn clusterips_path() -> Path {
    Path::new("spec").child("clusterIPs")
}

fn families_path() -> Path {
    Path::new("spec").child("ipFamilies")
}

fn policy_path() -> Path {
    Path::new("spec").child("ipFamilyPolicy")
}

/// The policy as upstream renders the `*IPFamilyPolicy` it reports: the value, or `"null"`.
fn policy_value(s: &Service) -> BadValue {
    match &s.spec.ip_family_policy {
        Some(p) => BadValue::named(&p.0),
        None => BadValue::Str("null".into()),
    }
}

fn families_value(families: &[IPFamily]) -> BadValue {
    BadValue::string_list(&families.iter().map(|f| f.0.as_str()).collect::<Vec<_>>())
}

/// Whether an address is IPv6 as `netutils.IsIPv6String` decides it (an IPv4-mapped address is
/// IPv4).
fn is_ipv6(ip: &str) -> bool {
    match parse_ip_sloppy(ip) {
        Some((IpAddr::V6(v6), _)) => v6.to_ipv4_mapped().is_none(),
        _ => false,
    }
}

/// `clusterIP` and `clusterIPs` in step, the families and policy known, families unique, the
/// IPs valid (`None` only alone), at most two and one per family, each matching its family.
/// `ExternalName` services are checked by the caller (all of these must be unset). On update
/// (`old` set) an address the stored service already had passes the format check, as upstream
/// ratchets it.
pub(super) fn cluster_ips_related_fields(s: &Service, old: Option<&Service>) -> ErrorList {
    let mut errs = ErrorList::new();
    if is_external_name(s) {
        return errs;
    }
    let spec = &s.spec;
    if !spec.cluster_ip.is_empty() {
        if spec.cluster_ips.is_empty() {
            errs.push(FieldError::required(clusterips_path(), ""));
        } else if spec.cluster_ips[0] != spec.cluster_ip {
            errs.push(FieldError::invalid_value(
                clusterips_path(),
                BadValue::string_list(&spec.cluster_ips),
                "first value must match `clusterIP`",
            ));
        }
    } else if !spec.cluster_ips.is_empty() {
        errs.push(FieldError::invalid_value(
            clusterips_path(),
            BadValue::string_list(&spec.cluster_ips),
            "must be empty when `clusterIP` is not specified",
        ));
    }
    let mut seen = BTreeSet::new();
    for (i, family) in spec.ip_families.iter().enumerate() {
        if !IP_FAMILIES.contains(&family.0.as_str()) {
            errs.push(FieldError::not_supported_value(
                families_path().index(i),
                BadValue::named(&family.0),
                IP_FAMILIES,
            ));
        }
        if !seen.insert(family.0.as_str()) {
            errs.push(FieldError::duplicate(families_path().index(i), BadValue::named(&family.0)));
        }
    }
    if let Some(policy) = &spec.ip_family_policy
        && !IP_FAMILY_POLICIES.contains(&policy.0.as_str())
    {
        errs.push(FieldError::not_supported_value(policy_path(), BadValue::named(&policy.0), IP_FAMILY_POLICIES));
    }
    let mut invalid_ips = false;
    for (i, ip) in spec.cluster_ips.iter().enumerate() {
        if i == 0 && ip == NONE {
            if spec.cluster_ips.len() > 1 {
                invalid_ips = true;
                errs.push(FieldError::invalid_value(
                    clusterips_path(),
                    BadValue::string_list(&spec.cluster_ips),
                    "'None' must be the first and only value",
                ));
            }
            continue;
        }
        // A legacy IP field, ratcheting the stored service's addresses.
        let existing = old.map_or(&[][..], |o| o.spec.cluster_ips.as_slice());
        let ip_errs = legacy_ip(&clusterips_path().index(i), ip, existing);
        invalid_ips |= !ip_errs.is_empty();
        errs.extend(ip_errs);
    }
    if spec.cluster_ips.len() > 2 {
        errs.push(FieldError::invalid_value(
            clusterips_path(),
            BadValue::string_list(&spec.cluster_ips),
            "may only hold up to 2 values",
        ));
    }
    // Bad addresses would only skew the family checks below.
    if invalid_ips {
        return errs;
    }
    if spec.cluster_ips.len() > 1 {
        let v6 = spec.cluster_ips.iter().filter(|ip| is_ipv6(ip)).count();
        if v6 == 0 || v6 == spec.cluster_ips.len() {
            errs.push(FieldError::invalid_value(
                clusterips_path(),
                BadValue::string_list(&spec.cluster_ips),
                "may specify no more than one IP for each IP family",
            ));
        }
    }
    if !is_headless(s) {
        for (i, (ip, family)) in spec.cluster_ips.iter().zip(&spec.ip_families).enumerate() {
            let want = match family.0.as_str() {
                "IPv4" if is_ipv6(ip) => "IPv4",
                "IPv6" if !is_ipv6(ip) => "IPv6",
                _ => continue,
            };
            errs.push(FieldError::invalid(
                clusterips_path().index(i),
                ip,
                &format!("expected an {want} value as indicated by `ipFamilies[{i}]`"),
            ));
        }
    }
    errs
}

/// On update the cluster IPs may gain a secondary address or release it (with the policy set to
/// `SingleStack`), but not change, unless the service is or was `ExternalName` or stays headless.
pub(super) fn upgrade_downgrade_cluster_ips(old: &Service, new: &Service) -> ErrorList {
    let mut errs = ErrorList::new();
    if is_external_name(new) || is_external_name(old) || (is_headless(old) && is_headless(new)) {
        return errs;
    }
    let (old_ips, new_ips) = (&old.spec.cluster_ips, &new.spec.cluster_ips);
    let value = || BadValue::string_list(new_ips);
    if old_ips.len() == new_ips.len() {
        for (i, (o, n)) in old_ips.iter().zip(new_ips).enumerate() {
            if o != n {
                errs.push(FieldError::invalid_value(clusterips_path().index(i), value(), CHANGED));
            }
        }
    } else if old_ips.len() > new_ips.len() {
        if new_ips.is_empty() {
            errs.push(FieldError::invalid_value(
                clusterips_path().index(0),
                value(),
                "primary clusterIP can not be unset",
            ));
        } else if new_ips[0] != old_ips[0] {
            errs.push(FieldError::invalid_value(clusterips_path().index(0), value(), CHANGED));
        }
        if new_ips.len() == 1 && new.spec.ip_family_policy.as_ref().is_none_or(|p| p.0 != "SingleStack") {
            errs.push(FieldError::invalid_value(
                policy_path(),
                policy_value(new),
                "must be set to 'SingleStack' when releasing the secondary clusterIP",
            ));
        }
    } else if !old_ips.is_empty() && new_ips[0] != old_ips[0] {
        errs.push(FieldError::invalid_value(clusterips_path().index(0), value(), CHANGED));
    }
    errs
}

/// The same for `ipFamilies`; a service turned headless or back, or staying headless, may change
/// them. Upstream reports some of these with the cluster IPs as the bad value; so does this.
pub(super) fn upgrade_downgrade_ip_families(old: &Service, new: &Service) -> ErrorList {
    let mut errs = ErrorList::new();
    if is_external_name(new) || is_external_name(old) || is_headless(old) || is_headless(new) {
        return errs;
    }
    let (old_f, new_f) = (&old.spec.ip_families, &new.spec.ip_families);
    let first = || families_path().index(0);
    if old_f.len() == new_f.len() {
        // Upstream reports every changed entry at index 0.
        for (o, n) in old_f.iter().zip(new_f) {
            if o != n {
                errs.push(FieldError::invalid_value(first(), families_value(new_f), CHANGED));
            }
        }
    } else if old_f.len() > new_f.len() {
        if new.spec.cluster_ips.is_empty() {
            errs.push(FieldError::invalid_value(first(), families_value(new_f), "primary ipFamily can not be unset"));
        }
        if !new_f.is_empty() && new_f[0] != old_f[0] {
            errs.push(FieldError::invalid_value(first(), BadValue::string_list(&new.spec.cluster_ips), CHANGED));
        }
        if new_f.len() == 1 && new.spec.ip_family_policy.as_ref().is_none_or(|p| p.0 != "SingleStack") {
            errs.push(FieldError::invalid_value(
                policy_path(),
                policy_value(new),
                "must be set to 'SingleStack' when releasing the secondary ipFamily",
            ));
        }
    } else if !old_f.is_empty() && !new_f.is_empty() && new_f[0] != old_f[0] {
        errs.push(FieldError::invalid_value(first(), BadValue::string_list(&new.spec.cluster_ips), CHANGED));
    }
    errs
}

#[cfg(test)]
#[path = "clusterips_tests.rs"]
mod tests;
