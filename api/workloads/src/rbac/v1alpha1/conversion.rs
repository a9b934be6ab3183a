//! Hand-written conversions of `rbac.authorization.k8s.io/v1alpha1`: a v1alpha1 subject names its
//! API version where the internal one names its API group.

use kapi_machinery::ConversionError;
use kapi_machinery::object::parse_group_version;

use super::Subject;
use crate::rbac as internal;

/// The group every user may be treated as once authenticated, which v1alpha1's user `*` means.
const ALL_AUTHENTICATED: &str = "system:authenticated";

/// The group the three well-known subject kinds belong to; any other kind takes the group part of
/// its `apiVersion`, if that parses. A v1alpha1 user `*` is every authenticated user, so it
/// becomes the group `system:authenticated`.
pub fn convert_subject_to_internal(mut from: Subject) -> Result<internal::Subject, ConversionError> {
    let api_version = std::mem::take(&mut from.api_version);
    let mut out = super::auto_convert_subject_to_internal(from)?;
    match out.kind.as_str() {
        internal::SERVICE_ACCOUNT_KIND => out.api_group = String::new(),
        internal::USER_KIND | internal::GROUP_KIND => out.api_group = internal::GROUP_NAME.to_owned(),
        _ => {
            if let Ok((group, _)) = parse_group_version(&api_version) {
                out.api_group = group.to_owned();
            }
        }
    }
    if out.kind == internal::USER_KIND && out.api_group == internal::GROUP_NAME && out.name == "*" {
        out.kind = internal::GROUP_KIND.to_owned();
        out.name = ALL_AUTHENTICATED.to_owned();
    }
    Ok(out)
}

/// Service accounts get `v1`, users and groups of this group `rbac.authorization.k8s.io/v1alpha1`,
/// and any other subject its group with an empty version (`group/`, or `""` for the core group).
pub fn convert_subject_from_internal(mut from: internal::Subject) -> Result<Subject, ConversionError> {
    let api_group = std::mem::take(&mut from.api_group);
    let kind = from.kind.clone();
    let mut out = super::auto_convert_subject_from_internal(from)?;
    let ours = api_group == internal::GROUP_NAME;
    out.api_version = match kind.as_str() {
        internal::SERVICE_ACCOUNT_KIND if api_group.is_empty() => "v1".to_owned(),
        internal::USER_KIND | internal::GROUP_KIND if ours => format!("{}/v1alpha1", internal::GROUP_NAME),
        // A group version with an empty version prints as `group/`, or as nothing for the core group.
        _ if api_group.is_empty() => String::new(),
        _ => format!("{api_group}/"),
    };
    Ok(out)
}
