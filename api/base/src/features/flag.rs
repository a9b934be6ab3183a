//! `--feature-gates`: kube-apiserver's flag over every 1.36 gate, with component-base's checks and texts (server side only).

use kapi_machinery::validation::go_quote;

use super::{Feature, FeatureGateError, FeatureGates};
use crate::feature_registry::{ALL_ALPHA, ALL_BETA, GATE_DEPENDENCIES, KNOWN_GATES, Stage, lookup};

/// What the flag adds to [`FeatureGates`]: the values of the registry's other gates, and which
/// gates the flag set.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct FlagState {
    /// The value of each gate of [`KNOWN_GATES`] that is not one of kapi's (the bits of kapi's
    /// gates are never read: [`FeatureGates::registry_value`] answers those from `enabled`).
    others: GateBits,
    /// The gates of [`KNOWN_GATES`] that `--feature-gates` set, by name or through `AllAlpha` /
    /// `AllBeta` (component-base's `enabled` map, which those pseudo-gates skip).
    on_flag: GateBits,
}

impl Default for FlagState {
    fn default() -> Self {
        let mut others = GateBits([0; WORDS]);
        for (idx, g) in KNOWN_GATES.iter().enumerate() {
            others.set(idx, g.default);
        }
        FlagState { others, on_flag: GateBits([0; WORDS]) }
    }
}

/// Words of a bit set with one bit per gate of [`KNOWN_GATES`].
const WORDS: usize = KNOWN_GATES.len().div_ceil(64);

/// One bit per gate of [`KNOWN_GATES`], by index: fixed size, so [`FeatureGates`] stays `Copy`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct GateBits([u64; WORDS]);

impl GateBits {
    fn get(&self, idx: usize) -> bool {
        self.0[idx / 64] & (1 << (idx % 64)) != 0
    }

    fn set(&mut self, idx: usize, on: bool) {
        if on {
            self.0[idx / 64] |= 1 << (idx % 64);
        } else {
            self.0[idx / 64] &= !(1 << (idx % 64));
        }
    }
}

impl FeatureGates {
    /// The value of the gate at `idx` in [`KNOWN_GATES`]: kapi's from `enabled`, the others'
    /// from their bits.
    fn registry_value(&self, idx: usize) -> bool {
        match KNOWN_GATES[idx].name.parse::<Feature>() {
            Ok(f) => self.enabled(f),
            Err(_) => self.flags.others.get(idx),
        }
    }

    /// Sets the gate at `idx` in [`KNOWN_GATES`]: kapi's in `enabled`, the others' bit.
    fn set_registry_value(&mut self, idx: usize, on: bool) {
        match KNOWN_GATES[idx].name.parse::<Feature>() {
            Ok(f) => self.enabled[f.index()] = on,
            Err(_) => self.flags.others.set(idx, on),
        }
    }

    /// The value of any gate a v1.36 kube-apiserver knows, or of one of kapi's ([`Feature`]):
    /// what the defaults and the flag made it, whether or not kapi reads it (`None` for a name
    /// that is neither).
    pub fn flag_value(&self, name: &str) -> Option<bool> {
        match lookup(name) {
            Some(idx) => Some(self.registry_value(idx)),
            None => self.enabled_by_name(name),
        }
    }

    /// The gates of [`KNOWN_GATES`] that `--feature-gates` set, with their values, in name order:
    /// those named, and those `AllAlpha`/`AllBeta` turned (what a server reports it was started
    /// with). kapi's gates that a 1.36 kube-apiserver does not know are not listed.
    pub fn set_on_flag(&self) -> impl Iterator<Item = (&'static str, bool)> + '_ {
        KNOWN_GATES
            .iter()
            .enumerate()
            .filter(|(idx, _)| self.flags.on_flag.get(*idx))
            .map(|(idx, g)| (g.name, self.registry_value(idx)))
    }

    /// component-base's warning for each generally available or deprecated gate the flag set,
    /// as its klog text logger writes it (upstream logs it and goes on): `"Warning: setting GA
    /// feature gate. It will be removed in a future release." featureGate="APIServerTracing"
    /// value=true`.
    pub fn flag_warnings(&self) -> impl Iterator<Item = String> + '_ {
        self.set_on_flag().filter_map(|(name, on)| {
            let stage = match lookup(name).map(|idx| KNOWN_GATES[idx].stage) {
                Some(Stage::GA) => "GA",
                Some(Stage::Deprecated) => "deprecated",
                _ => return None,
            };
            Some(format!(
                "\"Warning: setting {stage} feature gate. It will be removed in a future release.\" featureGate=\"{name}\" value={on}"
            ))
        })
    }

    /// Sets the gate `name` as the flag does: a gate of [`KNOWN_GATES`] or one of kapi's own
    /// gates that 1.36 does not know.
    fn set_from_flag(&mut self, name: &str, on: bool) -> Result<(), SetError> {
        let idx = lookup(name);
        let feature = match idx {
            Some(_) => None,
            None => Some(name.parse::<Feature>().map_err(|_| SetError::Unrecognized)?),
        };
        let (default, locked) = match (idx, feature) {
            (Some(idx), _) => (KNOWN_GATES[idx].default, KNOWN_GATES[idx].locked),
            (None, Some(f)) => (f.default_enabled(), f.locked()),
            (None, None) => return Err(SetError::Unrecognized),
        };
        if locked && on != default {
            return Err(SetError::Locked(FeatureGateError(format!(
                "cannot set feature gate {name} to {on}, feature is locked to {default}"
            ))));
        }
        match (idx, feature) {
            (Some(idx), _) => {
                self.set_registry_value(idx, on);
                self.flags.on_flag.set(idx, true);
            }
            (None, Some(f)) => self.enabled[f.index()] = on,
            (None, None) => {}
        }
        Ok(())
    }

    /// `AllAlpha` or `AllBeta`: every gate of `stage` the flag has not set yet takes `on`, and
    /// counts as set from then on (component-base's `setUnsetAlphaGates`), so a later
    /// `AllAlpha=false` leaves the gates an earlier `AllAlpha=true` turned on.
    fn set_unset(&mut self, stage: Stage, on: bool) {
        for (idx, g) in KNOWN_GATES.iter().enumerate() {
            if g.stage != stage || g.name == ALL_ALPHA || g.name == ALL_BETA || self.flags.on_flag.get(idx) {
                continue;
            }
            self.set_registry_value(idx, on);
            self.flags.on_flag.set(idx, true);
        }
    }

    /// The dependency errors of this set ([`dependency_errors`] over [`GATE_DEPENDENCIES`]).
    fn dependency_errors(&self) -> Vec<FeatureGateError> {
        dependency_errors(GATE_DEPENDENCIES, |name| lookup(name).is_some_and(|idx| self.registry_value(idx)))
    }

    /// The defaults overridden by a `--feature-gates` value: comma-separated `Name=true|false`.
    pub fn parse(spec: &str) -> Result<Self, FeatureGateError> {
        FeatureGates::default().merge(spec)
    }

    /// This set overridden by a `--feature-gates` value (several flags are joined with `,` first,
    /// as [`FeatureGates::parse_flags`] does); component-base's `featuregate` `Set` is the model.
    /// Every gate of [`KNOWN_GATES`] is accepted, and kapi's own [`Feature`]s that 1.36 does not
    /// know; any other name is refused (`unrecognized feature gate: Nope`). A locked gate may be
    /// named only with its default: `cannot set feature gate InPlacePodVerticalScaling to false,
    /// feature is locked to true`. Generally available and deprecated gates may be set
    /// ([`FeatureGates::flag_warnings`]). `AllAlpha=true`/`AllBeta=true` turn on every alpha/beta
    /// gate of 1.36 that the value does not set itself, kapi's included. Gates that are not kapi's
    /// change nothing here. Then every enabled gate must have its [`GATE_DEPENDENCIES`] enabled
    /// (`ResourceHealthStatusMessage is enabled, but depends on features that are disabled:
    /// [ResourceHealthStatus]`), judged on the whole resulting set: this set's values, the
    /// defaults and what `AllAlpha`/`AllBeta` turned.
    ///
    /// Entries are split at `,`; empty ones are skipped; an entry without `=` is refused (`missing
    /// bool value for X`), and so is a value Go's `strconv.ParseBool` does not take (`invalid value
    /// of X=maybe, err: strconv.ParseBool: parsing "maybe": invalid syntax`); names and values are
    /// trimmed of white space. Those are reported at once, for the first such entry.
    ///
    /// Upstream collects the entries into a map first, so a repeated name keeps its last value,
    /// and a pseudo-gate never overrides a gate named in the same value. It then walks the map in
    /// Go's random order, collecting every locked-gate error and stopping at the first unknown
    /// name; here the walk is in the order written (one of upstream's possible orders), so the
    /// errors are the same on every run. Dependency errors, only checked when the gates were all
    /// set, come in gate-name order (upstream walks its dependency map in random order too).
    /// Several errors read as component-base's aggregate: `[first, second]`.
    pub fn merge(self, spec: &str) -> Result<Self, FeatureGateError> {
        let mut entries: Vec<(&str, bool)> = Vec::new();
        for entry in spec.split(',').filter(|e| !e.is_empty()) {
            let (name, value) = match entry.split_once('=') {
                Some((name, value)) => (name.trim(), value.trim()),
                None => return Err(FeatureGateError(format!("missing bool value for {}", entry.trim()))),
            };
            let on = parse_bool(value).ok_or_else(|| {
                FeatureGateError(format!(
                    "invalid value of {name}={value}, err: strconv.ParseBool: parsing {}: invalid syntax",
                    go_quote(value)
                ))
            })?;
            match entries.iter_mut().find(|(n, _)| *n == name) {
                Some(slot) => slot.1 = on,
                None => entries.push((name, on)),
            }
        }
        let mut gates = self;
        let mut errors = Vec::new();
        let mut pseudo = Vec::new();
        for (name, on) in entries {
            match gates.set_from_flag(name, on) {
                Ok(()) => {}
                Err(SetError::Locked(e)) => errors.push(e),
                Err(SetError::Unrecognized) => {
                    errors.push(FeatureGateError(format!("unrecognized feature gate: {name}")));
                    break;
                }
            }
            if name == ALL_ALPHA || name == ALL_BETA {
                pseudo.push((name, on));
            }
        }
        if errors.is_empty() {
            for (name, on) in pseudo {
                gates.set_unset(if name == ALL_ALPHA { Stage::Alpha } else { Stage::Beta }, on);
            }
            errors = gates.dependency_errors();
        }
        match aggregate(errors) {
            Some(e) => Err(e),
            None => Ok(gates),
        }
    }

    /// The defaults overridden by every `--feature-gates` flag given, in order: kube-apiserver
    /// splits each value at `,`, trims the entries, drops empty ones and sets the gates once from
    /// them all joined with `,` (component-base's `ComponentGlobalsRegistry.Set`), so a later
    /// flag overrides an earlier one name by name and the dependencies are judged on the whole.
    pub fn parse_flags<'a>(flags: impl IntoIterator<Item = &'a str>) -> Result<Self, FeatureGateError> {
        let mut joined = String::new();
        for entry in flags.into_iter().flat_map(|f| f.split(',')).map(str::trim).filter(|e| !e.is_empty()) {
            if !joined.is_empty() {
                joined.push(',');
            }
            joined.push_str(entry);
        }
        FeatureGates::parse(&joined)
    }
}

/// component-base's check after a `Set`: every gate of `table` that is `on` while some of its
/// dependencies are not, as `X is enabled, but depends on features that are disabled: [A B]` (Go's
/// `%v` of the sorted list), in the table's order.
fn dependency_errors(table: &[(&str, &[&str])], on: impl Fn(&str) -> bool) -> Vec<FeatureGateError> {
    table
        .iter()
        .filter(|(name, _)| on(name))
        .filter_map(|(name, deps)| {
            let off: Vec<&str> = deps.iter().copied().filter(|dep| !on(dep)).collect();
            (!off.is_empty()).then(|| {
                FeatureGateError(format!(
                    "{name} is enabled, but depends on features that are disabled: [{}]",
                    off.join(" ")
                ))
            })
        })
        .collect()
}

/// Why the flag could not set one gate: a locked gate set against its default goes on to the
/// next entry, an unknown name stops the walk (component-base returns at once).
enum SetError {
    Locked(FeatureGateError),
    Unrecognized,
}

/// component-base's aggregate of several errors (`utilerrors.NewAggregate`): one error reads as
/// itself, several as `[first, second]`, a repeated text once.
fn aggregate(errors: Vec<FeatureGateError>) -> Option<FeatureGateError> {
    let mut texts: Vec<String> = Vec::new();
    for FeatureGateError(text) in errors {
        if !texts.contains(&text) {
            texts.push(text);
        }
    }
    match texts.len() {
        0 => None,
        1 => texts.pop().map(FeatureGateError),
        _ => Some(FeatureGateError(format!("[{}]", texts.join(", ")))),
    }
}

/// Go's `strconv.ParseBool`, which component-base parses each value with.
fn parse_bool(value: &str) -> Option<bool> {
    match value {
        "1" | "t" | "T" | "TRUE" | "true" | "True" => Some(true),
        "0" | "f" | "F" | "FALSE" | "false" | "False" => Some(false),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::features::{current, enabled, with_gates};

    #[test]
    fn parses_a_feature_gates_flag() {
        // In-place resize of pod-level resources needs them (see `dependency_errors_name_every_failing_gate`).
        let g = FeatureGates::parse(
            "PodLevelResources=false, SidecarContainers=true, InPlacePodLevelResourcesVerticalScaling=false",
        )
        .unwrap();
        assert!(!g.enabled(Feature::PodLevelResources));
        assert!(g.enabled(Feature::SidecarContainers));
        assert_eq!(FeatureGates::parse("").unwrap(), FeatureGates::default());
        assert_eq!(FeatureGates::parse("Nope=true").unwrap_err().to_string(), "unrecognized feature gate: Nope");
        assert_eq!(
            FeatureGates::parse("PodLevelResources=yes").unwrap_err().to_string(),
            r#"invalid value of PodLevelResources=yes, err: strconv.ParseBool: parsing "yes": invalid syntax"#
        );
        assert!(FeatureGates::parse("PodLevelResources").is_err());
        let g = FeatureGates::parse("GenericWorkload=true").unwrap();
        assert_eq!(g.enabled_by_name("GenericWorkload"), Some(true));
        assert_eq!(FeatureGates::default().enabled_by_name("GenericWorkload"), Some(false));
        assert_eq!(FeatureGates::default().enabled_by_name("HostnameOverride"), Some(true));
        assert_eq!(g.enabled_by_name("MyOwnGate"), None);
    }

    /// A locked gate is refused by the flag with component-base's text when set against its
    /// default, accepted with its default, and still settable programmatically; an unlocked gate
    /// is settable both ways.
    #[test]
    fn locked_gates_refuse_the_flag() {
        assert_eq!(
            FeatureGates::parse("InPlacePodVerticalScaling=false").unwrap_err().to_string(),
            "cannot set feature gate InPlacePodVerticalScaling to false, feature is locked to true"
        );
        assert_eq!(
            FeatureGates::parse("HostnameOverride=false,SELinuxMountReadWriteOncePod=false").unwrap_err().to_string(),
            "cannot set feature gate SELinuxMountReadWriteOncePod to false, feature is locked to true"
        );
        let same = FeatureGates::parse("InPlacePodVerticalScaling=true").unwrap();
        assert!(Feature::ALL.into_iter().all(|f| same.enabled(f) == f.default_enabled()));
        // A generally available gate kapi knows only for the flag is refused off as well.
        assert_eq!(
            FeatureGates::parse("DynamicResourceAllocation=false").unwrap_err().to_string(),
            "cannot set feature gate DynamicResourceAllocation to false, feature is locked to true"
        );
        let same = FeatureGates::parse("DynamicResourceAllocation=true").unwrap();
        assert!(Feature::ALL.into_iter().all(|f| same.enabled(f) == f.default_enabled()));
        let off = FeatureGates::default().with(Feature::InPlacePodVerticalScaling, false);
        assert!(!off.enabled(Feature::InPlacePodVerticalScaling));
        let g = FeatureGates::parse("HostnameOverride=false,VolumeLimitScaling=true").unwrap();
        assert!(!g.enabled(Feature::HostnameOverride) && g.enabled(Feature::VolumeLimitScaling));
        let locked: Vec<_> = Feature::ALL.into_iter().filter(|f| f.locked()).map(Feature::name).collect();
        assert_eq!(
            locked,
            [
                "InPlacePodVerticalScaling",
                "SidecarContainers",
                "LoadBalancerIPMode",
                "StatefulSetAutoDeletePVC",
                "JobPodReplacementPolicy",
                "SELinuxMountReadWriteOncePod",
                "DynamicResourceAllocation",
                "RecursiveReadOnlyMounts",
                "SupplementalGroupsPolicy",
                "PodObservedGenerationTracking"
            ]
        );
        assert!(Feature::ALL.into_iter().filter(|f| f.locked()).all(Feature::default_enabled));
    }

    /// kapi's gates that a v1.36 kube-apiserver does not register (see [`kapi_only_gates_are_not_known_to_1_36`]).
    const NOT_IN_1_36: [Feature; 9] = [
        Feature::SidecarContainers,
        Feature::LoadBalancerIPMode,
        Feature::StatefulSetAutoDeletePVC,
        Feature::JobPodReplacementPolicy,
        Feature::PodGroupPreemptionPolicy,
        Feature::CompositePodGroup,
        Feature::DRAPartitionableDevicesType,
        Feature::InPlacePodVerticalScalingSchedulerPreemption,
        Feature::WorkloadAwarePreemption,
    ];

    /// Every kapi gate a 1.36 kube-apiserver knows has upstream's default and lock.
    #[test]
    fn features_agree_with_the_registry() {
        for f in Feature::ALL {
            match lookup(f.name()) {
                Some(idx) => {
                    let spec = KNOWN_GATES[idx];
                    assert_eq!(f.default_enabled(), spec.default, "default of {f}");
                    assert_eq!(f.locked(), spec.locked, "lock of {f}");
                    assert!(!NOT_IN_1_36.contains(&f), "{f} is in the registry");
                }
                None => assert!(NOT_IN_1_36.contains(&f), "{f} is neither in the registry nor listed as kapi's own"),
            }
        }
    }

    /// kapi's gates that the registry lacks: the development tree's first entry for some is 1.37
    /// (`CompositePodGroup`, `PodGroupPreemptionPolicy`,
    /// `InPlacePodVerticalScalingSchedulerPreemption`), the others are not in it at all. The flag
    /// still takes them, with kapi's default and lock, as before the registry.
    #[test]
    fn kapi_only_gates_are_not_known_to_1_36() {
        for f in NOT_IN_1_36 {
            assert_eq!(lookup(f.name()), None, "{f}");
            let g = FeatureGates::parse(&format!("{f}={}", f.default_enabled())).unwrap();
            assert_eq!(g.enabled(f), f.default_enabled());
            assert_eq!(g.set_on_flag().count(), 0, "{f} is not reported as a 1.36 gate");
        }
        assert_eq!(
            FeatureGates::parse("SidecarContainers=false").unwrap_err().to_string(),
            "cannot set feature gate SidecarContainers to false, feature is locked to true"
        );
        let g = FeatureGates::parse("CompositePodGroup=true").unwrap();
        assert!(g.enabled(Feature::CompositePodGroup));
    }

    /// A gate a 1.36 kube-apiserver knows but kapi does not read is accepted, remembered and
    /// changes none of kapi's gates.
    #[test]
    fn other_known_gates_are_accepted_and_change_nothing() {
        let g =
            FeatureGates::parse("APIResponseCompression=false,LoggingAlphaOptions=true,WatchListClient=false").unwrap();
        assert!(Feature::ALL.into_iter().all(|f| g.enabled(f) == f.default_enabled()));
        assert_eq!(g.flag_value("APIResponseCompression"), Some(false));
        assert_eq!(g.flag_value("LoggingAlphaOptions"), Some(true));
        assert_eq!(g.flag_value("ContextualLogging"), Some(true), "a default");
        assert_eq!(g.flag_value("GenericWorkload"), Some(false), "one of kapi's");
        assert_eq!(g.flag_value("CompositePodGroup"), Some(false), "kapi's own");
        assert_eq!(g.flag_value("Nope"), None);
        assert_eq!(g.enabled_by_name("APIResponseCompression"), None, "not a gate kapi's code reads");
        assert_eq!(
            g.set_on_flag().collect::<Vec<_>>(),
            [("APIResponseCompression", false), ("LoggingAlphaOptions", true), ("WatchListClient", false)]
        );
        // Generally available and deprecated gates may be set, with upstream's warning.
        let g = FeatureGates::parse("APIServerTracing=true,KMSv1=true,DRAPrioritizedList=false").unwrap();
        assert_eq!(g.flag_value("KMSv1"), Some(true));
        assert_eq!(
            g.flag_warnings().collect::<Vec<_>>(),
            [
                r#""Warning: setting GA feature gate. It will be removed in a future release." featureGate="APIServerTracing" value=true"#,
                r#""Warning: setting GA feature gate. It will be removed in a future release." featureGate="DRAPrioritizedList" value=false"#,
                r#""Warning: setting deprecated feature gate. It will be removed in a future release." featureGate="KMSv1" value=true"#,
            ]
        );
        // A repeated name keeps its last value; a repeated flag adds to the earlier one.
        let g = FeatureGates::parse("KMSv1=true,KMSv1=false").unwrap().merge("HostnameOverride=false").unwrap();
        assert_eq!(g.flag_value("KMSv1"), Some(false));
        assert!(!g.enabled(Feature::HostnameOverride));
        // Go's `strconv.ParseBool` spellings.
        let g = FeatureGates::parse("GenericWorkload=T,HostnameOverride=0,PodsAPI=TRUE").unwrap();
        assert!(g.enabled(Feature::GenericWorkload) && !g.enabled(Feature::HostnameOverride));
        assert_eq!(g.flag_value("PodsAPI"), Some(true));
    }

    /// Every locked gate of the registry is refused against its default with component-base's
    /// text, whether kapi reads it or not; an unknown name is refused as unrecognized, also one
    /// that upstream adds only after 1.36.
    #[test]
    fn locked_and_unknown_gates_of_the_registry() {
        assert_eq!(
            FeatureGates::parse("APIServerTracing=false").unwrap_err().to_string(),
            "cannot set feature gate APIServerTracing to false, feature is locked to true"
        );
        assert_eq!(
            FeatureGates::parse("GitRepoVolumeDriver=true").unwrap_err().to_string(),
            "cannot set feature gate GitRepoVolumeDriver to true, feature is locked to false"
        );
        for spec in KNOWN_GATES.iter().filter(|g| g.locked) {
            assert_eq!(
                FeatureGates::parse(&format!("{}={}", spec.name, !spec.default)).unwrap_err().to_string(),
                format!(
                    "cannot set feature gate {} to {}, feature is locked to {}",
                    spec.name, !spec.default, spec.default
                )
            );
            assert!(FeatureGates::parse(&format!("{}={}", spec.name, spec.default)).is_ok());
        }
        // Every unlocked gate may be set against its default, unless that breaks a dependency
        // (see `dependencies_refuse_a_gate_on_without_its_dependencies`).
        let default = |name: &str| KNOWN_GATES[lookup(name).unwrap()].default;
        let needs_an_off_gate =
            |name: &str| GATE_DEPENDENCIES.iter().any(|(n, deps)| *n == name && deps.iter().any(|d| !default(d)));
        let needed_by_an_on_gate =
            |name: &str| GATE_DEPENDENCIES.iter().any(|(n, deps)| deps.contains(&name) && default(n));
        for spec in KNOWN_GATES.iter().filter(|g| !g.locked) {
            let flag = format!("{}={}", spec.name, !spec.default);
            let breaks = if spec.default { needed_by_an_on_gate(spec.name) } else { needs_an_off_gate(spec.name) };
            match FeatureGates::parse(&flag) {
                Ok(g) => {
                    assert!(!breaks, "{flag} was accepted");
                    assert_eq!(g.flag_value(spec.name), Some(!spec.default), "{}", spec.name);
                }
                Err(e) => {
                    assert!(breaks, "{flag}: {e}");
                    assert!(e.to_string().contains("is enabled, but depends on features that are disabled"), "{e}");
                }
            }
        }
        assert_eq!(FeatureGates::parse("Nope=true").unwrap_err().to_string(), "unrecognized feature gate: Nope");
        assert_eq!(
            FeatureGates::parse("HPAGeneration=true").unwrap_err().to_string(),
            "unrecognized feature gate: HPAGeneration"
        );
        assert_eq!(
            FeatureGates::parse("apiservertracing=true").unwrap_err().to_string(),
            "unrecognized feature gate: apiservertracing"
        );
    }

    /// `AllAlpha=true` turns on every alpha gate, kapi's included, that the flag does not set
    /// itself; `AllBeta` does the same for beta gates. Gates turned so count as set: a later
    /// `AllAlpha=false` leaves them on, as component-base's `setUnsetAlphaGates` does.
    #[test]
    fn all_alpha_and_all_beta() {
        let g = FeatureGates::parse("AllAlpha=true,VolumeLimitScaling=false").unwrap();
        let alpha: Vec<Feature> = Feature::ALL
            .into_iter()
            .filter(|f| lookup(f.name()).is_some_and(|idx| KNOWN_GATES[idx].stage == Stage::Alpha))
            .collect();
        assert!(alpha.contains(&Feature::HPAScaleToZero) && alpha.contains(&Feature::DRAWorkloadResourceClaims));
        for f in alpha {
            assert_eq!(g.enabled(f), f != Feature::VolumeLimitScaling, "{f}");
        }
        assert_eq!(g.flag_value("LoggingAlphaOptions"), Some(true));
        assert_eq!(g.flag_value("AllAlpha"), Some(true));
        // Beta gates, and kapi's gates 1.36 does not know, keep their defaults.
        assert!(!g.enabled(Feature::MaxUnavailableStatefulSet) && g.enabled(Feature::HostnameOverride));
        assert!(!g.enabled(Feature::CompositePodGroup));
        assert_eq!(g.flag_value("SELinuxMount"), Some(false));
        let again = g.merge("AllAlpha=false").unwrap();
        assert!(again.enabled(Feature::HPAScaleToZero));
        let named_later = g.merge("HPAScaleToZero=false").unwrap();
        assert!(!named_later.enabled(Feature::HPAScaleToZero));

        let g = FeatureGates::parse("AllBeta=true").unwrap();
        for f in
            [Feature::MaxUnavailableStatefulSet, Feature::CoordinatedLeaderElection, Feature::PodCertificateRequest]
        {
            assert!(g.enabled(f), "{f}");
        }
        assert!(!g.enabled(Feature::GenericWorkload));
        assert_eq!(g.flag_value("SELinuxMount"), Some(true));
        let g = FeatureGates::parse("AllBeta=false").unwrap();
        assert!(!g.enabled(Feature::HostnameOverride) && !g.enabled(Feature::PodLevelResources));
        assert!(g.enabled(Feature::InPlacePodVerticalScaling), "generally available, not beta");
    }

    /// component-base's `TestValidateDependencies` (featuregate/feature_gate_test.go, v0.36.3),
    /// case by case, on its own table: four alpha gates, off by default, `FeatureA` needing
    /// `FeatureB` and `FeatureC`, `FeatureB` needing `FeatureD`.
    #[test]
    fn upstream_validate_dependencies_cases() {
        const TABLE: &[(&str, &[&str])] = &[("FeatureA", &["FeatureB", "FeatureC"]), ("FeatureB", &["FeatureD"])];
        let check = |set: &str| {
            let on = |name: &str| set.split(',').any(|e| e == format!("{name}=true"));
            aggregate(dependency_errors(TABLE, on)).map(|e| e.to_string())
        };
        // "all enabled"
        assert_eq!(check("FeatureA=true,FeatureB=true,FeatureC=true,FeatureD=true"), None);
        // "one dependency disabled"
        assert_eq!(
            check("FeatureA=true,FeatureB=false,FeatureC=true,FeatureD=true").as_deref(),
            Some("FeatureA is enabled, but depends on features that are disabled: [FeatureB]")
        );
        // "another dependency disabled"
        assert_eq!(
            check("FeatureA=true,FeatureB=true,FeatureC=false,FeatureD=true").as_deref(),
            Some("FeatureA is enabled, but depends on features that are disabled: [FeatureC]")
        );
        // "multiple dependencies disabled"
        assert_eq!(
            check("FeatureA=true,FeatureB=false,FeatureC=false,FeatureD=true").as_deref(),
            Some("FeatureA is enabled, but depends on features that are disabled: [FeatureB FeatureC]")
        );
        // "transitive dependency disabled"
        assert_eq!(
            check("FeatureA=true,FeatureB=true,FeatureC=true,FeatureD=false").as_deref(),
            Some("FeatureB is enabled, but depends on features that are disabled: [FeatureD]")
        );
        // "feature disabled"
        assert_eq!(check("FeatureA=false,FeatureB=false,FeatureC=true,FeatureD=true"), None);
        // "all disabled"
        assert_eq!(check(""), None);
        // Not an upstream case: two failing gates read as component-base's aggregate.
        assert_eq!(
            check("FeatureA=true,FeatureB=true").as_deref(),
            Some(
                "[FeatureA is enabled, but depends on features that are disabled: [FeatureC], \
                 FeatureB is enabled, but depends on features that are disabled: [FeatureD]]"
            )
        );
    }

    /// Every entry of the 1.36 table: the gate on with a dependency that may be turned off turned
    /// off is refused with upstream's text; the gate on with all it needs on is accepted.
    #[test]
    fn dependencies_refuse_a_gate_on_without_its_dependencies() {
        assert_eq!(FeatureGates::parse(""), Ok(FeatureGates::default()), "the defaults pass");
        fn needs(name: &str, out: &mut Vec<&'static str>) {
            for (n, deps) in GATE_DEPENDENCIES {
                if *n == name {
                    for dep in *deps {
                        out.push(dep);
                        needs(dep, out);
                    }
                }
            }
        }
        for (name, deps) in GATE_DEPENDENCIES {
            let mut all = Vec::new();
            needs(name, &mut all);
            let on: Vec<String> = all.iter().map(|d| format!("{d}=true")).collect();
            let g = FeatureGates::parse(&format!("{name}=true,{}", on.join(",")))
                .unwrap_or_else(|e| panic!("{name} with {all:?}: {e}"));
            assert_eq!(g.flag_value(name), Some(true));
            for dep in deps.iter().filter(|d| !KNOWN_GATES[lookup(d).unwrap()].locked) {
                let err = FeatureGates::parse(&format!("{name}=true,{dep}=false")).unwrap_err().to_string();
                let want = format!("{name} is enabled, but depends on features that are disabled: [{dep}]");
                assert!(err.contains(&want), "{err}");
            }
            // A locked dependency cannot be turned off at all.
            for dep in deps.iter().filter(|d| KNOWN_GATES[lookup(d).unwrap()].locked) {
                let err = FeatureGates::parse(&format!("{name}=true,{dep}=false")).unwrap_err().to_string();
                assert_eq!(err, format!("cannot set feature gate {dep} to false, feature is locked to true"));
            }
        }
    }

    /// Dependencies among kapi's gates and the others, with the exact texts, on the whole
    /// resulting set: defaults, the flag and what `AllAlpha`/`AllBeta` turned.
    #[test]
    fn dependency_errors_name_every_failing_gate() {
        let err = |spec: &str| FeatureGates::parse(spec).unwrap_err().to_string();
        assert_eq!(
            err("ResourceHealthStatus=false"),
            "ResourceHealthStatusMessage is enabled, but depends on features that are disabled: [ResourceHealthStatus]"
        );
        assert!(FeatureGates::parse("ResourceHealthStatus=false,ResourceHealthStatusMessage=false").is_ok());
        assert_eq!(
            err("MatchLabelKeysInPodTopologySpread=false"),
            "MatchLabelKeysInPodTopologySpreadSelectorMerge is enabled, but depends on features that are disabled: \
             [MatchLabelKeysInPodTopologySpread]"
        );
        assert_eq!(
            err("ClusterTrustBundleProjection=true"),
            "ClusterTrustBundleProjection is enabled, but depends on features that are disabled: [ClusterTrustBundle]"
        );
        let g = FeatureGates::parse("ClusterTrustBundleProjection=true,ClusterTrustBundle=true").unwrap();
        assert!(g.enabled(Feature::ClusterTrustBundleProjection));
        // Several dependencies off, listed sorted; several gates failing, in name order.
        assert_eq!(
            err("PodLevelResources=false,NodeDeclaredFeatures=false"),
            "[ExtendWebSocketsToKubelet is enabled, but depends on features that are disabled: [NodeDeclaredFeatures], \
             InPlacePodLevelResourcesVerticalScaling is enabled, but depends on features that are disabled: \
             [NodeDeclaredFeatures PodLevelResources], \
             InPlacePodVerticalScalingInitContainers is enabled, but depends on features that are disabled: \
             [NodeDeclaredFeatures], \
             RestartAllContainersOnContainerExits is enabled, but depends on features that are disabled: \
             [NodeDeclaredFeatures]]"
        );
        // `AllAlpha=true` turns on gates whose dependencies must be on as well.
        assert!(FeatureGates::parse("AllAlpha=true").is_ok());
        assert_eq!(
            err("AllAlpha=true,GenericWorkload=false"),
            "[DRAWorkloadResourceClaims is enabled, but depends on features that are disabled: [GenericWorkload], \
             TopologyAwareWorkloadScheduling is enabled, but depends on features that are disabled: [GenericWorkload], \
             WorkloadWithJob is enabled, but depends on features that are disabled: [GenericWorkload]]"
        );
        assert_eq!(
            err("AllAlpha=true,AllBeta=false"),
            "[PodLevelResourceManagers is enabled, but depends on features that are disabled: [PodLevelResources], \
             StorageVersionAPI is enabled, but depends on features that are disabled: [APIServerIdentity], \
             UserNamespacesHostNetworkSupport is enabled, but depends on features that are disabled: \
             [NodeDeclaredFeatures]]"
        );
        assert!(FeatureGates::parse("AllBeta=false").is_ok(), "dependents off with what they need");
        // `AllAlpha=false` after gates were named on leaves them on, with their dependencies.
        assert_eq!(
            err("WorkloadWithJob=true,AllAlpha=false"),
            "WorkloadWithJob is enabled, but depends on features that are disabled: [GenericWorkload]"
        );
        // A repeated flag is judged with the earlier ones (`merge` onto the set they made).
        let g = FeatureGates::parse("WorkloadWithJob=true,GenericWorkload=true").unwrap();
        assert_eq!(
            g.merge("GenericWorkload=false").unwrap_err().to_string(),
            "WorkloadWithJob is enabled, but depends on features that are disabled: [GenericWorkload]"
        );
        // Dependencies are checked only once every gate was set.
        assert_eq!(
            err("ResourceHealthStatus=false,APIServerTracing=false"),
            "cannot set feature gate APIServerTracing to false, feature is locked to true"
        );
        // The programmatic setter does not check them, as it does not check locks.
        let g = FeatureGates::default().with(Feature::ResourceHealthStatus, false);
        assert!(g.enabled(Feature::ResourceHealthStatusMessage) && !g.enabled(Feature::ResourceHealthStatus));
    }

    /// Several locked gates are all reported, in the order written; an unknown name stops there
    /// (component-base returns at once, with the errors collected so far).
    #[test]
    fn several_set_errors_are_aggregated() {
        let err = |spec: &str| FeatureGates::parse(spec).unwrap_err().to_string();
        assert_eq!(
            err("InPlacePodVerticalScaling=false,APIServerTracing=false"),
            "[cannot set feature gate InPlacePodVerticalScaling to false, feature is locked to true, \
             cannot set feature gate APIServerTracing to false, feature is locked to true]"
        );
        assert_eq!(
            err("APIServerTracing=false,Nope=true,InPlacePodVerticalScaling=false,Nope2=true"),
            "[cannot set feature gate APIServerTracing to false, feature is locked to true, \
             unrecognized feature gate: Nope]"
        );
        assert_eq!(err("Nope=true,APIServerTracing=false"), "unrecognized feature gate: Nope");
    }

    /// component-base's `Set` texts for entries that are not `Name=<bool>`: checked for every
    /// entry before any gate is looked up, names and values trimmed, empty entries skipped.
    #[test]
    fn invalid_values_as_component_base_words_them() {
        let err = |spec: &str| FeatureGates::parse(spec).unwrap_err().to_string();
        assert_eq!(
            err("GenericWorkload=maybe"),
            r#"invalid value of GenericWorkload=maybe, err: strconv.ParseBool: parsing "maybe": invalid syntax"#
        );
        assert_eq!(
            err("Nope=true, X = maybe "),
            r#"invalid value of X=maybe, err: strconv.ParseBool: parsing "maybe": invalid syntax"#,
            "values are parsed before names are looked up"
        );
        assert_eq!(
            err("GenericWorkload="),
            r#"invalid value of GenericWorkload=, err: strconv.ParseBool: parsing "": invalid syntax"#
        );
        assert_eq!(
            err("A=true=false"),
            r#"invalid value of A=true=false, err: strconv.ParseBool: parsing "true=false": invalid syntax"#
        );
        assert_eq!(
            err(r#"A=y"es"#),
            r#"invalid value of A=y"es, err: strconv.ParseBool: parsing "y\"es": invalid syntax"#
        );
        assert_eq!(err("A=a\tb"), "invalid value of A=a\tb, err: strconv.ParseBool: parsing \"a\\tb\": invalid syntax");
        assert_eq!(err("GenericWorkload"), "missing bool value for GenericWorkload");
        assert_eq!(err(" GenericWorkload ,HostnameOverride=false"), "missing bool value for GenericWorkload");
        // A blank entry is not empty: its name is blank.
        assert_eq!(err("GenericWorkload=true, "), "missing bool value for ");
        assert_eq!(err("=true"), "unrecognized feature gate: ");
        let g = FeatureGates::parse(",, GenericWorkload = true ,").unwrap();
        assert!(g.enabled(Feature::GenericWorkload));
        // Go's `strconv.ParseBool` takes these spellings and no others.
        for (v, on) in [("1", true), ("t", true), ("T", true), ("TRUE", true), ("true", true), ("True", true)]
            .into_iter()
            .chain([("0", false), ("f", false), ("F", false), ("FALSE", false), ("false", false), ("False", false)])
        {
            assert_eq!(
                FeatureGates::parse(&format!("GenericWorkload={v}")).unwrap().enabled(Feature::GenericWorkload),
                on
            );
        }
        for v in ["yes", "on", "tRUE", "01", "+1"] {
            assert!(err(&format!("GenericWorkload={v}")).ends_with(": invalid syntax"), "{v}");
        }
    }

    /// Several `--feature-gates` flags are set together, as kube-apiserver joins them: a later
    /// one overrides an earlier name by name, and the dependencies are judged on the whole.
    #[test]
    fn several_flags_are_set_together() {
        assert!(FeatureGates::parse("ResourceHealthStatus=false").is_err());
        let g =
            FeatureGates::parse_flags(["ResourceHealthStatus=false", " ResourceHealthStatusMessage=false "]).unwrap();
        assert!(!g.enabled(Feature::ResourceHealthStatus) && !g.enabled(Feature::ResourceHealthStatusMessage));
        let g = FeatureGates::parse_flags(["AllAlpha=true", "AllAlpha=false"]).unwrap();
        assert!(!g.enabled(Feature::HPAScaleToZero), "the last AllAlpha wins");
        let g = FeatureGates::parse_flags(["GenericWorkload=true,", " ", ""]).unwrap();
        assert!(g.enabled(Feature::GenericWorkload));
        assert_eq!(FeatureGates::parse_flags([]), Ok(FeatureGates::default()));
        assert_eq!(
            FeatureGates::parse_flags(["GenericWorkload=true", "Nope=true"]).unwrap_err().to_string(),
            "unrecognized feature gate: Nope"
        );
    }

    /// kapi's gates are answered by the flag accessors from the values kapi reads, also when set
    /// programmatically, and the thread's gates are borrowed, not copied, by [`enabled`].
    #[test]
    fn one_value_per_gate() {
        let g = FeatureGates::default().with(Feature::HostnameOverride, false).with(Feature::GenericWorkload, true);
        assert_eq!(g.flag_value("HostnameOverride"), Some(false));
        assert_eq!(g.flag_value("GenericWorkload"), Some(true));
        let g = FeatureGates::parse("GenericWorkload=true").unwrap().with(Feature::GenericWorkload, false);
        assert_eq!(g.set_on_flag().collect::<Vec<_>>(), [("GenericWorkload", false)]);
        with_gates(FeatureGates::default().with(Feature::HostnameOverride, false), || {
            assert!(!enabled(Feature::HostnameOverride));
            assert!(!current().enabled(Feature::HostnameOverride));
        });
    }
}
