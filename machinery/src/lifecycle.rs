//! API lifecycle: the release that introduced, deprecated and removed a kind and the kind that replaces it (upstream's `APILifecycle*` methods), and the deprecation warning an API server sends.

use crate::object::Kind;

/// A Kubernetes release, `major.minor`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Release {
    /// The major version, `1` for every Kubernetes release so far.
    pub major: u32,
    /// The minor version, the number that names a release (`36` in 1.36); patch levels are not
    /// tracked, as lifecycles change only at minor releases.
    pub minor: u32,
}

impl Release {
    /// A release later than any other: every beta rule has reached beta in it.
    pub const LATEST: Release = Release { major: u32::MAX, minor: u32::MAX };

    /// A release.
    pub const fn new(major: u32, minor: u32) -> Release {
        Release { major, minor }
    }

    /// Whether this release is `other` or later (the order, usable in constants).
    pub const fn at_least(self, other: Release) -> bool {
        self.major > other.major || (self.major == other.major && self.minor >= other.minor)
    }

    /// Parses a server's version as `/version` reports it (`major` `"1"`, `minor` `"36"`, `"36+"`
    /// or `"36.2-build4"`): the minor's leading digits, as upstream's `MajorMinor` reads it.
    pub fn from_version_info(major: &str, minor: &str) -> Option<Release> {
        let digits = minor.bytes().take_while(u8::is_ascii_digit).count();
        Some(Release { major: major.parse().ok()?, minor: minor[..digits].parse().ok()? })
    }
}

impl std::fmt::Display for Release {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}.{}", self.major, self.minor)
    }
}

/// The kind to use instead of a deprecated one.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Replacement {
    /// The group (`""` for core).
    pub group: &'static str,
    /// The version to move to, e.g. `v1` for a kind deprecated in `v1beta1`.
    pub version: &'static str,
    /// The replacing kind's name, usually the deprecated kind's own.
    pub kind: &'static str,
}

impl Replacement {
    /// `group/version` (`version` alone for the core group), as an `apiVersion`.
    pub fn api_version(&self) -> String {
        api_version(self.group, self.version)
    }
}

fn api_version(group: &str, version: &str) -> String {
    if group.is_empty() { version.to_owned() } else { format!("{group}/{version}") }
}

/// A kind's lifecycle, generated from its `+k8s:prerelease-lifecycle-gen` markers with
/// upstream's defaults (a prerelease kind is deprecated three minors after it was introduced and
/// removed three minors after that).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Lifecycle {
    /// Upstream's `APILifecycleIntroduced`.
    pub introduced: Release,
    /// Upstream's `APILifecycleDeprecated`; `None` for a kind that is not deprecated.
    pub deprecated: Option<Release>,
    /// Upstream's `APILifecycleRemoved`: the first release that no longer serves the kind.
    pub removed: Option<Release>,
    /// Upstream's `APILifecycleReplacement`.
    pub replacement: Option<Replacement>,
}

impl Lifecycle {
    /// Whether a server of release `current` calls the kind deprecated (upstream's
    /// `IsDeprecated`: deprecated in that release or before).
    pub fn is_deprecated_in(&self, current: Release) -> bool {
        self.deprecated.is_some_and(|d| d <= current)
    }

    /// Whether a server of release `current` no longer serves the kind.
    pub fn is_removed_in(&self, current: Release) -> bool {
        self.removed.is_some_and(|r| r <= current)
    }

    /// The warning upstream's API server sends with every request to a deprecated kind
    /// (`<group>/<version> <Kind> is deprecated in v1.X+, unavailable in v1.Y+; use
    /// <group>/<version> <Kind>`), or `None` for a kind that has no deprecation release.
    pub fn warning(&self, group: &str, version: &str, kind: &str) -> Option<String> {
        let deprecated = self.deprecated?;
        let mut text = format!("{} {kind} is deprecated in v{deprecated}+", api_version(group, version));
        if let Some(removed) = self.removed {
            text.push_str(&format!(", unavailable in v{removed}+"));
        }
        if let Some(r) = &self.replacement {
            text.push_str(&format!("; use {} {}", r.api_version(), r.kind));
        }
        Some(text)
    }
}

/// A kind with a lifecycle (implemented by the generator for the kinds of packages marked
/// `+k8s:prerelease-lifecycle-gen=true`).
pub trait ApiLifecycle: Kind {
    /// The kind's lifecycle.
    const LIFECYCLE: Lifecycle;

    /// The deprecation warning a server sends for this kind, if it is deprecated at all.
    fn deprecation_warning() -> Option<String> {
        Self::LIFECYCLE.warning(Self::GROUP, Self::VERSION, Self::KIND)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn warnings_read_as_upstreams() {
        let l = Lifecycle {
            introduced: Release::new(1, 8),
            deprecated: Some(Release::new(1, 9)),
            removed: Some(Release::new(1, 16)),
            replacement: Some(Replacement { group: "apps", version: "v1", kind: "Deployment" }),
        };
        assert_eq!(
            l.warning("extensions", "v1beta1", "Deployment").unwrap(),
            "extensions/v1beta1 Deployment is deprecated in v1.9+, unavailable in v1.16+; use apps/v1 Deployment"
        );
        let core = Lifecycle {
            introduced: Release::new(1, 0),
            deprecated: Some(Release::new(1, 33)),
            removed: None,
            replacement: Some(Replacement { group: "discovery.k8s.io", version: "v1", kind: "EndpointSlice" }),
        };
        assert_eq!(
            core.warning("", "v1", "Endpoints").unwrap(),
            "v1 Endpoints is deprecated in v1.33+; use discovery.k8s.io/v1 EndpointSlice"
        );
        let ga = Lifecycle { deprecated: None, removed: None, replacement: None, ..core };
        assert_eq!(ga.warning("", "v1", "Pod"), None);
        assert!(!ga.is_deprecated_in(Release::new(1, 36)));
    }

    #[test]
    fn deprecation_compares_releases() {
        let l = Lifecycle {
            introduced: Release::new(1, 30),
            deprecated: Some(Release::new(1, 33)),
            removed: Some(Release::new(1, 36)),
            replacement: None,
        };
        assert!(!l.is_deprecated_in(Release::new(1, 32)));
        assert!(l.is_deprecated_in(Release::new(1, 33)));
        assert!(l.is_deprecated_in(Release::new(2, 0)));
        assert!(!l.is_removed_in(Release::new(1, 35)));
        assert!(l.is_removed_in(Release::new(1, 36)));
        assert_eq!(
            l.warning("x.io", "v1beta1", "Y").unwrap(),
            "x.io/v1beta1 Y is deprecated in v1.33+, unavailable in v1.36+"
        );
    }

    #[test]
    fn version_info_is_read_like_upstream() {
        assert_eq!(Release::from_version_info("1", "36"), Some(Release::new(1, 36)));
        assert_eq!(Release::from_version_info("1", "36+"), Some(Release::new(1, 36)));
        assert_eq!(Release::from_version_info("1", "2.3-build4"), Some(Release::new(1, 2)));
        assert_eq!(Release::from_version_info("1", "x"), None);
        assert_eq!(Release::from_version_info("", "3"), None);
    }
}
