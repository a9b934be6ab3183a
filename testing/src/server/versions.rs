//! Which group versions the server serves (kube-apiserver's default resource configuration and its `--runtime-config`) and where each resource's objects are stored (one store per group-resource, in its storage version).

use std::cmp::Reverse;
use std::collections::BTreeMap;

use kapi_api::meta::resource::ResourceInfo;
use kapi_machinery::lifecycle::Lifecycle;

use kapi_api::features::SERVED_RELEASE;

/// The stability of an API version, from its name (`v1`, `v2beta1`, `v1alpha3`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Stability {
    /// `vN`.
    Ga,
    /// `vNbetaM`.
    Beta,
    /// `vNalphaM` and names that follow no convention.
    Alpha,
}

impl Stability {
    /// The stability of a version name.
    pub fn of(version: &str) -> Stability {
        match version_key(version).0 {
            0 => Stability::Ga,
            1 => Stability::Beta,
            _ => Stability::Alpha,
        }
    }
}

/// What one `--runtime-config` entry turns on or off.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord)]
enum Key {
    /// `api/all`.
    All,
    /// `api/ga`, `api/beta`, `api/alpha`.
    Level(u8),
    /// `<group>/<version>` (`v1` for the core group).
    GroupVersion(String, String),
    /// `<group>/<version>/<resource>`.
    Resource(String, String, String),
}

/// The group versions and resources a server serves: kube-apiserver's default resource
/// configuration (every GA version; beta and alpha versions off, as every beta since 1.24 is),
/// changed by entries in `--runtime-config` syntax. Kinds their lifecycle markers say are removed
/// in the server's release (1.36), or introduced after it, are never served, as upstream drops
/// them, unless [`RuntimeConfig::with_removed`] asks for them (for tests of clients that still
/// use them).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct RuntimeConfig {
    entries: BTreeMap<Key, bool>,
    removed: bool,
}

impl RuntimeConfig {
    /// kube-apiserver's default: GA versions only.
    pub fn new() -> Self {
        RuntimeConfig::default()
    }

    /// Every version of every kind the build has, removed ones included: what the server served
    /// before it followed a release's configuration.
    pub fn everything() -> Self {
        let mut c = RuntimeConfig::new().with_removed(true);
        c.entries.insert(Key::All, true);
        c
    }

    /// Also serves the versions a release no longer serves (with their deprecation warnings),
    /// where the other entries turn them on.
    pub fn with_removed(mut self, on: bool) -> Self {
        self.removed = on;
        self
    }

    /// Parses kube-apiserver's `--runtime-config`: comma-separated `key[=value]` entries where
    /// the key is `api/all`, `api/ga`, `api/beta`, `api/alpha`, `<group>/<version>` (`v1` or
    /// `api/v1` for the core group) or `<group>/<version>/<resource>`, and the value a boolean
    /// (`true` when left out). Later entries for the same key win; a resource's entry wins over
    /// its group version's, which wins over `api/<level>`, which wins over `api/all`.
    pub fn parse(spec: &str) -> Result<RuntimeConfig, String> {
        let mut c = RuntimeConfig::new();
        c.extend(spec)?;
        Ok(c)
    }

    /// Adds the entries of a `--runtime-config` value (see [`RuntimeConfig::parse`]).
    pub fn extend(&mut self, spec: &str) -> Result<(), String> {
        for entry in spec.split(',').map(str::trim).filter(|e| !e.is_empty()) {
            let (key, value) = entry.split_once('=').unwrap_or((entry, "true"));
            let on =
                parse_bool(value).ok_or_else(|| format!("invalid value of {key}: {value}, err: invalid syntax"))?;
            let key = match key.trim().trim_matches('/') {
                "api/all" => Key::All,
                "api/ga" => Key::Level(0),
                "api/beta" => Key::Level(1),
                "api/alpha" => Key::Level(2),
                "api/legacy" => {
                    return Err("api/legacy is no longer a valid key; use api/all or a group version".into());
                }
                k => {
                    let parts: Vec<&str> = k.split('/').collect();
                    match parts.as_slice() {
                        ["api", v] | [v] if !v.is_empty() => Key::GroupVersion(String::new(), (*v).to_owned()),
                        [g, v] if !g.is_empty() && !v.is_empty() => Key::GroupVersion((*g).to_owned(), (*v).to_owned()),
                        [g, v, r] if !g.is_empty() && !v.is_empty() && !r.is_empty() => {
                            let g = if *g == "api" { "" } else { *g };
                            Key::Resource(g.to_owned(), (*v).to_owned(), (*r).to_owned())
                        }
                        _ => {
                            return Err(format!(
                                "invalid key {key:?}: expected api/all, api/ga, api/beta, api/alpha, <group>/<version> or <group>/<version>/<resource>"
                            ));
                        }
                    }
                }
            };
            self.entries.insert(key, on);
        }
        Ok(())
    }

    /// The group versions the entries name that none of `known` has, for an error upstream
    /// gives at start-up.
    pub fn unknown_group_versions(&self, known: &[ResourceInfo]) -> Vec<String> {
        self.entries
            .keys()
            .filter_map(|k| match k {
                Key::GroupVersion(g, v) | Key::Resource(g, v, _) => Some((g, v)),
                _ => None,
            })
            .filter(|(g, v)| !known.iter().any(|r| r.group == g.as_str() && r.version == v.as_str()))
            .map(|(g, v)| if g.is_empty() { v.clone() } else { format!("{g}/{v}") })
            .collect()
    }

    /// Whether a resource is served, given its kind's lifecycle.
    pub fn serves(&self, info: &ResourceInfo, lifecycle: Option<&Lifecycle>) -> bool {
        if !self.removed && lifecycle.is_some_and(|l| l.is_removed_in(SERVED_RELEASE)) {
            return false;
        }
        // A kind introduced after the server's release is not served by it, as upstream does
        // not serve kinds newer than the version it emulates.
        if !self.removed && lifecycle.is_some_and(|l| l.introduced > SERVED_RELEASE) {
            return false;
        }
        let level = version_key(info.version).0.min(2);
        let mut on = level == 0;
        let lookups = [
            Key::All,
            Key::Level(level),
            Key::GroupVersion(info.group.to_owned(), info.version.to_owned()),
            Key::Resource(info.group.to_owned(), info.version.to_owned(), info.resource.to_owned()),
        ];
        for k in &lookups {
            if let Some(v) = self.entries.get(k) {
                on = *v;
            }
        }
        on
    }
}

/// Go's `strconv.ParseBool`.
fn parse_bool(s: &str) -> Option<bool> {
    match s.trim() {
        "1" | "t" | "T" | "true" | "TRUE" | "True" => Some(true),
        "0" | "f" | "F" | "false" | "FALSE" | "False" => Some(false),
        _ => None,
    }
}

/// The group and resource whose store holds a resource's objects: its own, except where
/// upstream keeps two groups' resources in one place (`events.k8s.io` events are core events;
/// extensions' workloads and ingresses are apps' and networking's).
pub(super) fn storage_group_resource(info: &ResourceInfo) -> (&'static str, &'static str) {
    match (info.group, info.resource) {
        ("events.k8s.io", "events") => ("", "events"),
        // extensions/v1beta1 served these from the groups they moved to (removed in 1.22; served
        // only when asked for).
        ("extensions", r @ ("deployments" | "daemonsets" | "replicasets")) => ("apps", r),
        ("extensions", r @ ("ingresses" | "networkpolicies")) => ("networking.k8s.io", r),
        (g, r) => (g, r),
    }
}

/// How strongly a resource's version claims its store: the storage group's own versions first
/// (core events over `events.k8s.io`'s), then upstream's version priority (GA over beta over
/// alpha, higher numbers first), which puts each resource in its group's preferred version, the
/// version kube-apiserver 1.36 stores every built-in resource in.
pub(super) fn storage_rank(info: &ResourceInfo) -> (bool, Reverse<VersionKey>) {
    let (group, _) = storage_group_resource(info);
    (info.group == group, Reverse(version_key(info.version)))
}

/// Upstream's `storageVersionHash` of a kind: the first 8 bytes of the SHA-256 of
/// `<group>/<version>/<kind>`, in standard base64, which clients compare to tell when a
/// resource's storage version changed.
pub(super) fn storage_version_hash(group: &str, version: &str, kind: &str) -> String {
    let digest = ring::digest::digest(&ring::digest::SHA256, format!("{group}/{version}/{kind}").as_bytes());
    let mut out = Vec::with_capacity(12);
    kapi_machinery::base64::encode_into(&digest.as_ref()[..8], &mut out);
    String::from_utf8(out).expect("base64 is ASCII")
}

pub(super) type VersionKey = (u8, std::cmp::Reverse<u32>, std::cmp::Reverse<u32>, String);

/// Upstream's order of versions: GA before beta before alpha, higher numbers first, then others
/// by name (smaller keys first).
pub(super) fn version_key(v: &str) -> VersionKey {
    let parse = || -> Option<(u8, u32, u32)> {
        let rest = v.strip_prefix('v')?;
        let digits = rest.find(|c: char| !c.is_ascii_digit()).unwrap_or(rest.len());
        let major: u32 = rest[..digits].parse().ok()?;
        let tail = &rest[digits..];
        if tail.is_empty() {
            return Some((0, major, 0));
        }
        for (level, word) in [(1, "beta"), (2, "alpha")] {
            if let Some(n) = tail.strip_prefix(word) {
                return Some((level, major, n.parse().ok()?));
            }
        }
        None
    };
    match parse() {
        Some((level, major, minor)) => (level, std::cmp::Reverse(major), std::cmp::Reverse(minor), String::new()),
        None => (3, std::cmp::Reverse(0), std::cmp::Reverse(0), v.to_owned()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stability_follows_the_version_name() {
        assert_eq!(Stability::of("v1"), Stability::Ga);
        assert_eq!(Stability::of("v2"), Stability::Ga);
        assert_eq!(Stability::of("v1beta3"), Stability::Beta);
        assert_eq!(Stability::of("v1alpha1"), Stability::Alpha);
        assert_eq!(Stability::of("internal"), Stability::Alpha);
    }

    #[test]
    fn runtime_config_parses_upstream_syntax() {
        let c =
            RuntimeConfig::parse("api/beta=true, resource.k8s.io/v1beta2=false,apps/v1/deployments=false,v1").unwrap();
        assert_eq!(c.entries.get(&Key::Level(1)), Some(&true));
        assert_eq!(c.entries.get(&Key::GroupVersion("resource.k8s.io".into(), "v1beta2".into())), Some(&false));
        assert_eq!(c.entries.get(&Key::Resource("apps".into(), "v1".into(), "deployments".into())), Some(&false));
        assert_eq!(c.entries.get(&Key::GroupVersion(String::new(), "v1".into())), Some(&true));
        assert!(RuntimeConfig::parse("api/all=maybe").unwrap_err().contains("invalid value of api/all: maybe"));
        assert!(RuntimeConfig::parse("a/b/c/d").unwrap_err().contains("invalid key"));
        assert!(RuntimeConfig::parse("api/legacy=true").is_err());
        assert_eq!(RuntimeConfig::parse("").unwrap(), RuntimeConfig::new());
    }

    #[test]
    fn storage_version_hash_is_upstreams() {
        // Upstream's discovery documents: deployments.apps and pods.
        assert_eq!(storage_version_hash("apps", "v1", "Deployment"), "8aSe+NMegvE=");
        assert_eq!(storage_version_hash("", "v1", "Pod"), "xPOwRZ+Yhw8=");
    }
}
