//! Hand-written conversions of `authorization.k8s.io/v1beta1`: the review's groups are one field
//! under another name (`group` on the wire, as upstream's Go field `Groups` is tagged).

use kapi_machinery::ConversionError;

use super::SubjectAccessReviewSpec;
use crate::authorization as internal;

/// `group` becomes `groups`.
pub fn convert_subject_access_review_spec_to_internal(
    mut from: SubjectAccessReviewSpec,
) -> Result<internal::SubjectAccessReviewSpec, ConversionError> {
    let groups = std::mem::take(&mut from.group);
    let mut out = super::auto_convert_subject_access_review_spec_to_internal(from)?;
    out.groups = groups;
    Ok(out)
}

/// `groups` becomes `group`.
pub fn convert_subject_access_review_spec_from_internal(
    mut from: internal::SubjectAccessReviewSpec,
) -> Result<SubjectAccessReviewSpec, ConversionError> {
    let groups = std::mem::take(&mut from.groups);
    let mut out = super::auto_convert_subject_access_review_spec_from_internal(from)?;
    out.group = groups;
    Ok(out)
}
