//! Which field selectors each kind of the enabled groups accepts: the tables of every group, over the types and rules of `kapi_api_base::field_labels`.

pub use kapi_api_base::field_labels::*;

/// The field-label functions of every enabled group that has any.
pub fn all() -> Vec<&'static FieldLabels> {
    #[allow(unused_mut, reason = "no enabled group may have a function")]
    let mut out: Vec<&'static FieldLabels> = Vec::new();
    #[cfg(feature = "core")]
    out.extend(crate::core::v1::FIELD_LABELS);
    #[cfg(feature = "batch")]
    out.extend(crate::batch::v1::FIELD_LABELS);
    #[cfg(feature = "certificates")]
    {
        out.extend(crate::certificates::v1::FIELD_LABELS);
        out.extend(crate::certificates::v1beta1::FIELD_LABELS);
        out.extend(crate::certificates::v1alpha1::FIELD_LABELS);
    }
    #[cfg(feature = "apps")]
    {
        out.extend(crate::apps::v1beta1::FIELD_LABELS);
        out.extend(crate::apps::v1beta2::FIELD_LABELS);
    }
    #[cfg(feature = "events")]
    out.extend(crate::events::v1::FIELD_LABELS);
    #[cfg(feature = "storage")]
    out.extend(crate::storage::v1::FIELD_LABELS);
    #[cfg(feature = "resource")]
    {
        out.extend(crate::resource::v1::FIELD_LABELS);
        out.extend(crate::resource::v1beta2::FIELD_LABELS);
        out.extend(crate::resource::v1beta1::FIELD_LABELS);
    }
    out
}

/// Converts a field-selector label of a kind as the API server does: through the kind's own
/// function if it has one, otherwise accepting `metadata.name` and `metadata.namespace` only.
pub fn convert_field_label(
    group: &str,
    version: &str,
    kind: &str,
    label: &str,
    value: &str,
) -> Result<(String, String), FieldLabelError> {
    convert_field_label_in(all(), group, version, kind, label, value)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn kinds_without_a_function_accept_metadata_only() {
        let ok = convert_field_label("rbac.authorization.k8s.io", "v1", "Role", "metadata.name", "x").unwrap();
        assert_eq!(ok, ("metadata.name".to_owned(), "x".to_owned()));
        assert!(convert_field_label("rbac.authorization.k8s.io", "v1", "Role", "metadata.namespace", "x").is_ok());
        let err = convert_field_label("rbac.authorization.k8s.io", "v1", "Role", "spec.foo", "x").unwrap_err();
        assert_eq!(
            err.to_string(),
            r#""spec.foo" is not a known field selector: only "metadata.name", "metadata.namespace""#
        );
    }
}
