//! Which field selectors each kind accepts, per version: upstream's field-label conversion functions.
//!
//! Upstream registers a function per group, version and kind (`AddFieldLabelConversionFunc`) that
//! accepts the labels a kind can be selected by and refuses the others with its own message; kinds
//! without one accept `metadata.name` and `metadata.namespace` only
//! (`DefaultMetaV1FieldSelectorConversion`). Each versioned package lists its kinds with a function
//! in `FIELD_LABELS`; `kapi_api::field_labels::convert_field_label` answers for any kind of the
//! enabled groups, passing their tables to [`convert_field_label_in`] (the groups are compiled
//! in other crates, so this one cannot list them).

use std::fmt;

/// The labels one kind of one version accepts in a field selector.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct FieldLabels {
    /// The API group, `""` for core (the legacy `/api` group).
    pub group: &'static str,
    /// The version the function is registered for (`v1beta1`): upstream registers one per version,
    /// and the versions of a kind may accept different labels.
    pub version: &'static str,
    /// The kind as it appears in `kind` on the wire (`Pod`), not the resource (`pods`).
    pub kind: &'static str,
    /// The accepted labels; the value passes through unchanged, as it does upstream for these kinds.
    pub labels: &'static [&'static str],
    /// Old spellings accepted and rewritten to a label of `labels` (`spec.host` of pods, from v1's
    /// first clients), as `(old, new)`.
    pub aliases: &'static [(&'static str, &'static str)],
    /// How the kind's function words its refusal.
    pub refusal: Refusal,
}

/// The wording of a refused field label: each upstream function writes its own.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Refusal {
    /// `"spec.foo" is not a known field selector: only "metadata.name", "metadata.namespace"`:
    /// the default for kinds without a function of their own.
    NotKnown,
    /// `field label not supported: spec.foo`.
    NotSupported,
    /// `field label not supported for appsv1beta1.StatefulSet: spec.foo`, naming the Go type (or
    /// `resource.k8s.io/v1, Kind=ResourceSlice`, as Go prints a kind).
    NotSupportedFor(&'static str),
    /// `field label "spec.foo" not supported for batchv1.Job`: the other wording upstream uses,
    /// naming the Go type (the text held here).
    NotSupportedForQuoted(&'static str),
}

/// A field label the kind does not accept, with upstream's message.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FieldLabelError {
    /// The refused label, as the caller gave it; `Display` quotes or names it per `refusal`.
    pub label: String,
    /// Which upstream wording `Display` writes, copied from the kind's [`FieldLabels`].
    pub refusal: Refusal,
    /// The labels the kind accepts, for the `NotKnown` wording.
    pub accepted: &'static [&'static str],
}

impl fmt::Display for FieldLabelError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.refusal {
            Refusal::NotKnown => {
                write!(f, "{:?} is not a known field selector: only ", self.label)?;
                for (i, l) in self.accepted.iter().enumerate() {
                    if i > 0 {
                        f.write_str(", ")?;
                    }
                    write!(f, "{l:?}")?;
                }
                Ok(())
            }
            Refusal::NotSupported => write!(f, "field label not supported: {}", self.label),
            Refusal::NotSupportedFor(ty) => write!(f, "field label not supported for {ty}: {}", self.label),
            Refusal::NotSupportedForQuoted(ty) => write!(f, "field label {:?} not supported for {ty}", self.label),
        }
    }
}

impl std::error::Error for FieldLabelError {}

/// The labels every kind without a function of its own accepts.
pub const DEFAULT_LABELS: &[&str] = &["metadata.name", "metadata.namespace"];

impl FieldLabels {
    /// Accepts `label` (returning the label and value to select by) or refuses it.
    pub fn convert(&self, label: &str, value: &str) -> Result<(String, String), FieldLabelError> {
        if self.labels.contains(&label) {
            Ok((label.to_owned(), value.to_owned()))
        } else if let Some((_, new)) = self.aliases.iter().find(|(old, _)| *old == label) {
            Ok(((*new).to_owned(), value.to_owned()))
        } else {
            Err(FieldLabelError { label: label.to_owned(), refusal: self.refusal, accepted: self.labels })
        }
    }
}

/// Registers each kind's function in a scheme (upstream's `AddFieldLabelConversionFunc` calls in a
/// version's `addConversionFuncs`), so that `Scheme::convert_field_label` answers for it; a group's
/// `install` calls this for its versions.
pub fn register(scheme: &mut kapi_machinery::Scheme, labels: &'static [FieldLabels]) {
    for fl in labels {
        let gvk = kapi_machinery::GroupVersionKind::new(fl.group, fl.version, fl.kind);
        scheme.add_field_label_conversion_func(gvk, Box::new(move |l, v| fl.convert(l, v).map_err(|e| e.to_string())));
    }
}

/// Converts a field-selector label of a kind as the API server does: through the kind's own
/// function among `tables` if it has one, otherwise accepting `metadata.name` and
/// `metadata.namespace` only. `kapi_api::field_labels::convert_field_label` passes every enabled
/// group's tables.
pub fn convert_field_label_in<'a>(
    tables: impl IntoIterator<Item = &'a FieldLabels>,
    group: &str,
    version: &str,
    kind: &str,
    label: &str,
    value: &str,
) -> Result<(String, String), FieldLabelError> {
    let default = FieldLabels {
        group: "",
        version: "",
        kind: "",
        labels: DEFAULT_LABELS,
        aliases: &[],
        refusal: Refusal::NotKnown,
    };
    let found = tables.into_iter().find(|f| f.group == group && f.version == version && f.kind == kind);
    found.unwrap_or(&default).convert(label, value)
}
