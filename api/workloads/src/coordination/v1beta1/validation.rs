//! Hand-written validation of coordination.k8s.io lease candidates (v1beta1, the most preferred version with the kind), with the checks, field paths and messages of upstream's `pkg/apis/coordination/validation`.

use std::cmp::Ordering;

use kapi_machinery::validation::content::is_config_map_key;
use kapi_machinery::validation::{ErrorList, FieldError, Path};

use super::{LeaseCandidate, LeaseCandidateSpec};
use crate::coordination::v1::CoordinatedLeaseStrategy;
use crate::coordination::v1::validation::strategy;
use crate::meta::v1::object_meta_validation::validate_own_names;

/// Validates a `LeaseCandidate` (upstream's `ValidateLeaseCandidate`, and on update
/// `ValidateLeaseCandidateUpdate`): on create a name that is a config map key, then the spec
/// (lease name, binary and emulation versions, strategy), and on update an unchanged lease name.
///
/// A v1alpha2 candidate is converted to this version by the scheme, so it gets these checks too.
pub fn validate_lease_candidate(obj: &LeaseCandidate, old: Option<&LeaseCandidate>) -> ErrorList {
    // Upstream checks the names with its create-time metadata checks only (`ValidLeaseCandidateName`:
    // a config map key, which may end in `-`, so a generate name is checked as it is).
    let mut errs = ErrorList::new();
    if old.is_none() {
        errs.extend(validate_own_names(&obj.metadata, |name, _prefix| is_config_map_key(name)));
    }
    errs.extend(validate_spec(&obj.spec, &Path::new("spec")));
    if let Some(old) = old
        && obj.spec.lease_name != old.spec.lease_name
    {
        // Candidates are found by the lease they contend for.
        let lp = Path::new("spec").child("leaseName");
        errs.push(FieldError::invalid(lp, &obj.spec.lease_name, "field is immutable"));
    }
    errs
}

/// Upstream's `ValidateLeaseCandidateSpec`. A version that does not parse counts as 0.0.0 in the
/// later comparisons, as upstream's zero `semver.Version` does, so a bad binary version below a
/// good emulation version is reported twice and a bad emulation version under
/// `OldestEmulationVersion` also as missing.
fn validate_spec(spec: &LeaseCandidateSpec, path: &Path) -> ErrorList {
    let mut errs = ErrorList::new();
    if spec.lease_name.is_empty() {
        errs.push(FieldError::required(path.child("leaseName"), ""));
    }
    let mut ev = Semver::default();
    if !spec.emulation_version.is_empty() {
        match Semver::parse(&spec.emulation_version) {
            Some(v) => ev = v,
            None => errs.push(FieldError::invalid(
                path.child("emulationVersion"),
                &spec.emulation_version,
                "must be a valid semantic version",
            )),
        }
    }
    let mut bv = Semver::default();
    if spec.binary_version.is_empty() {
        errs.push(FieldError::required(path.child("binaryVersion"), ""));
    } else {
        match Semver::parse(&spec.binary_version) {
            Some(v) => bv = v,
            None => errs.push(FieldError::invalid(
                path.child("binaryVersion"),
                &spec.binary_version,
                "must be a valid semantic version",
            )),
        }
    }
    if !spec.binary_version.is_empty() && !spec.emulation_version.is_empty() && bv.cmp(&ev) == Ordering::Less {
        errs.push(FieldError::invalid(
            path.child("binaryVersion"),
            &spec.binary_version,
            "must be greater than or equal to `emulationVersion`",
        ));
    }
    let sp = path.child("strategy");
    if spec.strategy.0.is_empty() {
        errs.push(FieldError::required(sp, ""));
    } else {
        if spec.strategy.0 == CoordinatedLeaseStrategy::OLDEST_EMULATION_VERSION && ev == Semver::default() {
            errs.push(FieldError::required(
                path.child("emulationVersion"),
                "must be specified when `strategy` is 'OldestEmulationVersion'",
            ));
        }
        errs.extend(strategy(&spec.strategy, &sp));
    }
    errs
}

/// A semantic version as upstream's `semver.Parse` (blang/semver v4) accepts it: exactly
/// `MAJOR.MINOR.PATCH` without a `v` or leading zeros, then optional pre-release and build
/// identifiers. Build metadata is checked but not kept, as it never affects precedence.
#[derive(Debug, Default, PartialEq, Eq)]
struct Semver {
    core: (u64, u64, u64),
    pre: Vec<PreRelease>,
}

/// A pre-release identifier; numeric ones sort before alphanumeric ones (the derived order).
#[derive(Debug, PartialEq, Eq, PartialOrd, Ord)]
enum PreRelease {
    Num(u64),
    Alpha(String),
}

impl Semver {
    fn parse(s: &str) -> Option<Semver> {
        let mut parts = s.splitn(3, '.');
        let (major, minor, rest) = (parts.next()?, parts.next()?, parts.next()?);
        // The build follows the first `+`, the pre-release the first `-` before it.
        let (rest, build) = match rest.split_once('+') {
            Some((r, b)) => (r, Some(b)),
            None => (rest, None),
        };
        let (patch, pre) = match rest.split_once('-') {
            Some((p, pre)) => (p, Some(pre)),
            None => (rest, None),
        };
        let core = (number(major)?, number(minor)?, number(patch)?);
        let pre = match pre {
            Some(pre) => pre.split('.').map(pre_release).collect::<Option<Vec<_>>>()?,
            None => Vec::new(),
        };
        if let Some(build) = build
            && !build.split('.').all(|b| !b.is_empty() && b.bytes().all(alphanumeric))
        {
            return None;
        }
        Some(Semver { core, pre })
    }
}

impl Ord for Semver {
    /// Upstream's `Version.Compare`: a version without pre-release identifiers is above one with them.
    fn cmp(&self, other: &Semver) -> Ordering {
        self.core.cmp(&other.core).then_with(|| match (self.pre.is_empty(), other.pre.is_empty()) {
            (true, true) => Ordering::Equal,
            (true, false) => Ordering::Greater,
            (false, true) => Ordering::Less,
            (false, false) => self.pre.cmp(&other.pre),
        })
    }
}

impl PartialOrd for Semver {
    fn partial_cmp(&self, other: &Semver) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

fn alphanumeric(c: u8) -> bool {
    c.is_ascii_alphanumeric() || c == b'-'
}

/// Digits without a leading zero that fit in 64 bits.
fn number(s: &str) -> Option<u64> {
    if s.is_empty() || !s.bytes().all(|c| c.is_ascii_digit()) || (s.len() > 1 && s.starts_with('0')) {
        return None;
    }
    s.parse().ok()
}

fn pre_release(s: &str) -> Option<PreRelease> {
    if !s.is_empty() && s.bytes().all(|c| c.is_ascii_digit()) {
        return number(s).map(PreRelease::Num);
    }
    (!s.is_empty() && s.bytes().all(alphanumeric)).then(|| PreRelease::Alpha(s.to_owned()))
}

#[cfg(test)]
#[path = "validation_tests.rs"]
mod tests;
