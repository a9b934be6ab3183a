//! A deprecated custom resource version's warning, which every request to that version carries (upstream's `crdInfo.warnings` and `defaultDeprecationWarning`).

use kapi_api::apiextensions::v1::{CustomResourceDefinitionSpec, CustomResourceDefinitionVersion};

use super::super::versions::version_key;

/// The warning of a request to `version`: none unless it is deprecated; its own
/// `deprecationWarning` if it has one, else upstream's default text.
pub(super) fn warning(
    version: &CustomResourceDefinitionVersion,
    spec: &CustomResourceDefinitionSpec,
) -> Option<String> {
    if !version.deprecated {
        return None;
    }
    Some(version.deprecation_warning.clone().unwrap_or_else(|| default_warning(&version.name, spec)))
}

/// `<group>/<version> <Kind> is deprecated`, naming as a replacement the most preferred served,
/// undeprecated version newer than it in Kubernetes' version order (GA before beta before
/// alpha, higher numbers first), if there is one.
fn default_warning(deprecated: &str, spec: &CustomResourceDefinitionSpec) -> String {
    let (group, kind) = (&spec.group, &spec.names.kind);
    let newer = version_key(deprecated);
    let replacement = spec
        .versions
        .iter()
        .flatten()
        .filter(|v| v.served && !v.deprecated && version_key(&v.name) < newer)
        .min_by_key(|v| version_key(&v.name));
    match replacement {
        Some(v) => format!("{group}/{deprecated} {kind} is deprecated; use {group}/{} {kind}", v.name),
        None => format!("{group}/{deprecated} {kind} is deprecated"),
    }
}

#[cfg(test)]
mod tests {
    use kapi_api::apiextensions::v1::CustomResourceDefinitionNames;

    use super::*;

    fn spec(versions: &[(&str, bool, bool)]) -> CustomResourceDefinitionSpec {
        CustomResourceDefinitionSpec {
            group: "example.com".into(),
            names: CustomResourceDefinitionNames { kind: "Widget".into(), ..Default::default() },
            versions: Some(
                versions
                    .iter()
                    .map(|&(name, served, deprecated)| CustomResourceDefinitionVersion {
                        name: name.into(),
                        served,
                        deprecated,
                        ..Default::default()
                    })
                    .collect(),
            ),
            ..Default::default()
        }
    }

    /// Upstream's `Test_defaultDeprecationWarning`, case for case.
    #[test]
    fn default_warnings_as_upstreams() {
        let no_replacement = spec(&[("v1", true, true), ("v2", true, true), ("v3", false, false)]);
        assert_eq!(default_warning("v1", &no_replacement), "example.com/v1 Widget is deprecated");
        let sorting = spec(&[
            ("v1", true, false),
            ("v1alpha1", true, false),
            ("v1alpha2", true, false),
            ("v1beta1", true, false),
            ("v1beta2", true, false),
            ("v2", true, false),
            ("v2alpha1", true, false),
            ("v2alpha2", true, false),
            ("v2beta1", true, false),
            ("v2beta2", true, false),
            ("v3", false, false),
            ("v3alpha1", false, false),
            ("v3alpha2", false, false),
            ("v3beta1", false, false),
            ("v3beta2", false, false),
        ]);
        assert_eq!(default_warning("v1", &sorting), "example.com/v1 Widget is deprecated; use example.com/v2 Widget");
        let no_newer = spec(&[
            ("v1", true, false),
            ("v3", false, false),
            ("v3alpha1", true, false),
            ("v3beta1", true, false),
            ("v4", true, true),
        ]);
        assert_eq!(default_warning("v2", &no_newer), "example.com/v2 Widget is deprecated");
    }

    #[test]
    fn a_versions_own_warning_wins_and_undeprecated_versions_have_none() {
        let mut s = spec(&[("v1", true, true), ("v2", true, false)]);
        let versions = s.versions.clone().unwrap();
        assert_eq!(warning(&versions[1], &s), None);
        assert_eq!(
            warning(&versions[0], &s).as_deref(),
            Some("example.com/v1 Widget is deprecated; use example.com/v2 Widget")
        );
        s.versions.as_mut().unwrap()[0].deprecation_warning = Some("v1 goes away in 2027".into());
        assert_eq!(warning(&s.versions.as_ref().unwrap()[0], &s).as_deref(), Some("v1 goes away in 2027"));
    }
}
