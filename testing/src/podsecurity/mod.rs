//! The Pod Security Standards as upstream's `k8s.io/pod-security-admission` evaluates them: levels, policy versions, the namespace labels that choose them, and the aggregated verdict on a pod.
//!
//! Facts from upstream (`api/helpers.go`, `policy/registry.go`, `policy/checks.go`): the levels
//! are `privileged`, `baseline` and `restricted`; a version is `latest` or `v1.<minor>`; the
//! labels `pod-security.kubernetes.io/{enforce,audit,warn}` and their `-version` companions
//! choose a namespace's policy, falling back to the server's defaults (all `privileged:latest`
//! on kube-apiserver without a configuration). An unparsable enforce level counts as
//! `restricted`, unparsable audit and warn levels as `privileged`, an unparsable version as
//! `latest`; and an enforce level set stricter than warn also warns. A level runs its checks in
//! ID order, baseline first; a restricted check may replace a baseline one. `latest` and
//! versions past the server's evaluate at the server's own version, here v1.36.

mod checks;

use std::collections::BTreeMap;
use std::fmt;

use kapi_api::core::v1::PodSpec;
use kapi_api::meta::errors::FieldError;

/// The label prefix of the namespace labels and of the audit annotations.
pub(crate) const LABEL_PREFIX: &str = "pod-security.kubernetes.io/";

/// The newest policy version this server knows (kube-apiserver v1.36 evaluates `latest` as
/// its own minor version, through its emulation version).
pub(crate) const SERVER_MINOR: u32 = 36;

/// A Pod Security Standards level.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Level {
    /// Unrestricted.
    Privileged,
    /// Prevents known privilege escalations.
    Baseline,
    /// Hardening best practice.
    Restricted,
}

impl Level {
    /// The level's name, as the labels spell it.
    pub fn as_str(self) -> &'static str {
        match self {
            Level::Privileged => "privileged",
            Level::Baseline => "baseline",
            Level::Restricted => "restricted",
        }
    }

    /// Parses a label's level; upstream's message when it is not one.
    pub fn parse(s: &str) -> Result<Level, &'static str> {
        match s {
            "privileged" => Ok(Level::Privileged),
            "baseline" => Ok(Level::Baseline),
            "restricted" => Ok(Level::Restricted),
            _ => Err("must be one of privileged, baseline, restricted"),
        }
    }
}

/// A policy version: `latest`, or `v1.<minor>`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Version {
    /// The newest the server knows.
    Latest,
    /// `v1.<minor>`.
    Minor(u32),
}

impl Version {
    /// Parses a label's version; upstream's message when it is not one.
    pub fn parse(s: &str) -> Result<Version, &'static str> {
        const BAD: &str = r#"must be "latest" or "v1.x""#;
        if s == "latest" {
            return Ok(Version::Latest);
        }
        let digits = s.strip_prefix("v1.").ok_or(BAD)?;
        // Upstream's pattern `^v1\.([0-9]|[1-9][0-9]*)$`: no leading zeros, no sign.
        let well_formed = !digits.is_empty()
            && digits.bytes().all(|b| b.is_ascii_digit())
            && (digits.len() == 1 || !digits.starts_with('0'));
        if !well_formed {
            return Err(BAD);
        }
        digits.parse().map(Version::Minor).map_err(|_| BAD)
    }

    /// The minor version the checks run at: the server's for `latest` and for newer ones.
    pub(crate) fn effective_minor(self) -> u32 {
        match self {
            Version::Latest => SERVER_MINOR,
            Version::Minor(m) => m.min(SERVER_MINOR),
        }
    }
}

impl fmt::Display for Version {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Version::Latest => f.write_str("latest"),
            Version::Minor(m) => write!(f, "v1.{m}"),
        }
    }
}

/// A level at a version (`restricted:latest`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct LevelVersion {
    /// The level.
    pub level: Level,
    /// The version.
    pub version: Version,
}

impl LevelVersion {
    /// `privileged:latest`, kube-apiserver's default for each mode.
    pub const PRIVILEGED: LevelVersion = LevelVersion { level: Level::Privileged, version: Version::Latest };
}

impl fmt::Display for LevelVersion {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:{}", self.level.as_str(), self.version)
    }
}

/// A namespace's policy: one level and version per mode.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Policy {
    /// Pods that violate it are refused.
    pub enforce: LevelVersion,
    /// Violations are recorded in the audit log.
    pub audit: LevelVersion,
    /// Violations come back as warnings.
    pub warn: LevelVersion,
}

impl Default for Policy {
    /// kube-apiserver's defaults without an admission configuration.
    fn default() -> Self {
        Policy { enforce: LevelVersion::PRIVILEGED, audit: LevelVersion::PRIVILEGED, warn: LevelVersion::PRIVILEGED }
    }
}

impl Policy {
    /// Whether every mode is `privileged`.
    pub fn fully_privileged(&self) -> bool {
        [self.enforce, self.audit, self.warn].iter().all(|lv| lv.level == Level::Privileged)
    }

    /// The policy a namespace's labels choose over `defaults`, with the labels' errors
    /// (`metadata.labels[pod-security.kubernetes.io/enforce]: Invalid value: …`). A policy is
    /// returned even with errors.
    pub fn from_labels(labels: &BTreeMap<String, String>, defaults: Policy) -> (Policy, Vec<FieldError>) {
        let mut p = defaults;
        let mut errs = Vec::new();
        let mut note = |label: &str, value: &str, why: &str| {
            errs.push(FieldError::invalid(format!("metadata.labels[{LABEL_PREFIX}{label}]"), value, why));
        };
        let get = |label: &str| labels.get(&format!("{LABEL_PREFIX}{label}"));
        let mut has_enforce_level = false;
        if let Some(v) = get("enforce") {
            match Level::parse(v) {
                Ok(l) => {
                    p.enforce.level = l;
                    has_enforce_level = true;
                }
                Err(why) => {
                    // Fails closed.
                    p.enforce.level = Level::Restricted;
                    note("enforce", v, why);
                }
            }
        }
        if let Some(v) = get("enforce-version") {
            p.enforce.version = Version::parse(v).unwrap_or_else(|why| {
                note("enforce-version", v, why);
                Version::Latest
            });
        }
        if let Some(v) = get("audit") {
            // Fails open.
            p.audit.level = Level::parse(v).unwrap_or_else(|why| {
                note("audit", v, why);
                Level::Privileged
            });
        }
        if let Some(v) = get("audit-version") {
            p.audit.version = Version::parse(v).unwrap_or_else(|why| {
                note("audit-version", v, why);
                Version::Latest
            });
        }
        let has_warn_level = get("warn").is_some();
        if let Some(v) = get("warn") {
            p.warn.level = Level::parse(v).unwrap_or_else(|why| {
                note("warn", v, why);
                Level::Privileged
            });
        }
        let has_warn_version = get("warn-version").is_some();
        if let Some(v) = get("warn-version") {
            p.warn.version = Version::parse(v).unwrap_or_else(|why| {
                note("warn-version", v, why);
                Version::Latest
            });
        }
        if !has_warn_level && has_enforce_level && p.enforce.level > p.warn.level {
            p.warn.level = p.enforce.level;
            if !has_warn_version {
                p.warn.version = p.enforce.version;
            }
        }
        (p, errs)
    }
}

/// What one check found wrong.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Violation {
    /// Short, always shown (`host namespaces`).
    pub reason: String,
    /// The values at fault (`hostNetwork=true`); may be empty.
    pub detail: String,
}

/// The checks' verdict on a pod.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Verdict {
    /// One entry per failed check, in check order.
    pub violations: Vec<Violation>,
}

impl Verdict {
    /// Whether no check failed.
    pub fn allowed(&self) -> bool {
        self.violations.is_empty()
    }

    /// The reasons, comma-separated (what a namespace-wide check reports per pod).
    pub fn reason(&self) -> String {
        self.violations.iter().map(|v| v.reason.as_str()).collect::<Vec<_>>().join(", ")
    }

    /// The reasons with their details in parentheses (what a single pod's refusal says).
    pub fn detail(&self) -> String {
        let parts: Vec<String> = self
            .violations
            .iter()
            .map(|v| if v.detail.is_empty() { v.reason.clone() } else { format!("{} ({})", v.reason, v.detail) })
            .collect();
        parts.join(", ")
    }
}

/// What a check looks at: the pod's (or template's) annotations and spec.
pub struct PodView<'a> {
    /// `metadata.annotations`.
    pub annotations: &'a BTreeMap<String, String>,
    /// `spec`.
    pub spec: &'a PodSpec,
}

/// Runs the checks of a level at a version on a pod.
pub fn evaluate(lv: LevelVersion, pod: &PodView<'_>) -> Verdict {
    if lv.level == Level::Privileged {
        return Verdict::default();
    }
    let minor = lv.version.effective_minor();
    let violations = checks::for_level(lv.level, minor).into_iter().filter_map(|check| check(pod)).collect();
    Verdict { violations }
}

#[cfg(test)]
mod tests;
