//! Hand-written validation of `EvictionRequest` (upstream's `ValidateEvictionRequest`, `…Update`, `…StatusUpdate` and the `+k8s:customValidation` of `spec.requester`) and of `Eviction`'s status writes (upstream's `ValidateEvictionStatusUpdate`), for what the generated declarative rules leave out.
//!
//! In upstream's shape of these types nearly every rule is declarative, and the generated rules
//! here report them; this adds the two that are not generated: `spec.requester` outside the
//! reserved `k8s.io` and `kubernetes.io` domains (`ValidateCustom_EvictionRequestSpec_Requester`)
//! and each status condition as `Validate_Condition` checks it. Both follow the declarative
//! ratcheting: an unchanged requester, or a condition equal to the stored one of its type, is not
//! checked again.
//!
//! An `Eviction`'s status is written by several parties (the controller, the responders and the
//! requesters), so upstream checks each write against the stored status as the controller would
//! have made it: conditions, the terminal `TargetEvicted` and `Failed` conditions never taken
//! back, requester and responder names, the order in which responders become active and finish,
//! and each responder's times against the clock. Create and update of an `Eviction` have nothing
//! hand-written beyond object metadata (which the server checks) and the generated rules.

use std::collections::HashSet;

use kapi_machinery::json::{JsonElement, JsonEncode};
use kapi_machinery::types::Time;
use kapi_machinery::validation::declarative::json_value;
use kapi_machinery::validation::prefixed::domain_prefixed_key;
use kapi_machinery::validation::{BadValue, ErrorList, ErrorType, FieldError, Path};

use super::{
    Eviction, EvictionConditionType, EvictionRequest, EvictionStatus, Requester, ResponderStateType, ResponderStatus,
    TargetResponder,
};
use crate::meta::v1::validation::validate_condition;
use crate::meta::v1::{Condition, ConditionStatus};

/// Domains an eviction requester may not be in, as upstream lists them.
const RESERVED_SUFFIXES: &[&str] = &[".k8s.io", ".kubernetes.io"];

/// Validates an `EvictionRequest` on create (`old` is `None`) or update: the requester's
/// domain.
pub fn validate_eviction_request(obj: &EvictionRequest, old: Option<&EvictionRequest>) -> ErrorList {
    let requester = obj.spec.requester.as_str();
    // Empty is the generated `required` rule's; unchanged is not validated again.
    if requester.is_empty() || old.is_some_and(|o| o.spec.requester == requester) {
        return ErrorList::new();
    }
    forbidden_reserved_domain(&Path::new("spec").child("requester"), requester, RESERVED_SUFFIXES)
}

/// Validates an `EvictionRequest`'s `/status` write: each condition that is new or changed.
pub fn validate_eviction_request_status_update(obj: &EvictionRequest, old: &EvictionRequest) -> ErrorList {
    let cp = Path::new("status").child("conditions");
    let mut errs = ErrorList::new();
    for (i, c) in obj.status.conditions.iter().enumerate() {
        if old.status.conditions.iter().any(|o| o.r#type == c.r#type && o == c) {
            continue;
        }
        errs.extend(validate_condition(c, &cp.index(i)));
    }
    errs
}

/// Upstream's `ValidateForbiddenReservedDomainSuffixes`: the part before the first `/`,
/// trimmed, lower-cased and without trailing dots, neither ends with nor is one of the
/// reserved domains.
fn forbidden_reserved_domain(path: &Path, value: &str, reserved: &[&str]) -> ErrorList {
    let prefix = value.split_once('/').map_or(value, |(p, _)| p);
    let lowered = prefix.to_lowercase();
    let clean = lowered.trim().trim_end_matches('.');
    if !reserved.iter().any(|s| clean.ends_with(s) || clean == s.trim_matches('.')) {
        return ErrorList::new();
    }
    let shown: Vec<String> = reserved.iter().map(|s| format!("*{s}")).collect();
    vec![FieldError::invalid(path, value, &format!("domain names {} are reserved", shown.join(", ")))]
}

/// How long an active responder may go without a heartbeat (or, before its first, since it
/// started) before the controller may pass the eviction on.
const HEARTBEAT_DEADLINE_SECS: i64 = 20 * 60;
/// How far a responder's clock may be from the server's.
const ALLOWED_TIME_SKEW_SECS: i64 = 30;
/// The latest expected completion time accepted: ten 365-day years from now.
const MAX_EXPECTED_COMPLETION_SECS: i64 = 10 * 365 * 24 * 60 * 60;
/// The most responders an eviction tracks: a pod's 10 `spec.evictionResponders` and the default
/// `imperative-eviction.k8s.io/evictor`. Longer lists are the generated `maxItems` rule's.
const MAX_EVICTION_RESPONDERS: usize = 10 + 1;
/// The states that end a responder's turn.
const FINAL_STATES: &[&str] =
    &[ResponderStateType::INTERRUPTED, ResponderStateType::CANCELED, ResponderStateType::COMPLETED];

/// Validates a write to an `Eviction`'s `/status` against the stored object, at the current
/// time (upstream's `ValidateEvictionStatusUpdate` with the strategy's real clock).
pub fn validate_eviction_status_update(obj: &Eviction, old: &Eviction) -> ErrorList {
    validate_eviction_status_update_at(obj, old, Time::now())
}

/// [`validate_eviction_status_update`] with `now` as the server's time.
pub fn validate_eviction_status_update_at(obj: &Eviction, old: &Eviction, now: Time) -> ErrorList {
    let mut errs = ErrorList::new();
    check_eviction_status(&mut errs, &obj.status, &old.status, &Path::new("status"), now);
    errs
}

/// Upstream's `ValidateEvictionStatus`: the observed generation, the conditions, the requesters,
/// and the responders.
fn check_eviction_status(errs: &mut ErrorList, status: &EvictionStatus, old: &EvictionStatus, path: &Path, now: Time) {
    // A value below 1 is the generated `minimum` rule's; an unset one only counts when it was set.
    let generation = status.observed_generation.unwrap_or(0);
    let checked = generation >= 1 || (status.observed_generation.is_none() && old.observed_generation.is_some());
    if checked && generation < old.observed_generation.unwrap_or(0) {
        let shown = status.observed_generation.map_or(BadValue::Json("null".into()), BadValue::Int);
        let min = old.observed_generation.unwrap_or(1);
        errs.push(FieldError::new(
            ErrorType::Invalid,
            path.child("observedGeneration"),
            shown,
            format!("cannot decrement, must be greater than or equal to {min}"),
        ));
    }

    let conditions_path = path.child("conditions");
    for (i, c) in status.conditions.iter().enumerate() {
        errs.extend(validate_condition(c, &conditions_path.index(i)));
    }
    let mut evicted = condition_is_true(&status.conditions, EvictionConditionType::TARGET_EVICTED);
    let mut failed = condition_is_true(&status.conditions, EvictionConditionType::FAILED);
    for was in &old.conditions {
        let terminal =
            was.r#type == EvictionConditionType::TARGET_EVICTED || was.r#type == EvictionConditionType::FAILED;
        if !terminal || was.status.0 != ConditionStatus::TRUE {
            continue;
        }
        // Conditions compare as upstream's semantic equality does: times at whole seconds, as
        // `Time` holds them.
        if find_condition(&status.conditions, &was.r#type) == Some(was) {
            continue;
        }
        errs.push(FieldError::new(
            ErrorType::Invalid,
            &conditions_path,
            json_list(&status.conditions),
            format!("{} condition status cannot be reverted", was.r#type),
        ));
        // The rest of the checks go on from the stored, terminal state.
        if was.r#type == EvictionConditionType::TARGET_EVICTED {
            evicted = true;
        } else {
            failed = true;
        }
    }

    check_requesters(errs, &status.requesters, &old.requesters, &path.child("requesters"));
    let finished = Finished { evicted, failed };
    check_target_responders(errs, status, old, &path.child("targetResponders"), finished, now);
    check_status_responders(errs, status, old, &path.child("responders"), now);
}

/// Whether the eviction has a true `TargetEvicted` or `Failed` condition (or had one that this
/// write tried to take back).
#[derive(Clone, Copy)]
struct Finished {
    evicted: bool,
    failed: bool,
}

impl Finished {
    fn any(self) -> bool {
        self.evicted || self.failed
    }
}

/// Upstream's `meta.FindStatusCondition`: the first condition of a type.
fn find_condition<'a>(conditions: &'a [Condition], ty: &str) -> Option<&'a Condition> {
    conditions.iter().find(|c| c.r#type == ty)
}

/// Upstream's `meta.IsStatusConditionTrue`.
fn condition_is_true(conditions: &[Condition], ty: &str) -> bool {
    find_condition(conditions, ty).is_some_and(|c| c.status.0 == ConditionStatus::TRUE)
}

/// Upstream's `ValidateEvictionStatusRequesters`: each requester's name, unless the write removed
/// a stored requester (that is the generated rule's to report, and nothing else is checked).
fn check_requesters(errs: &mut ErrorList, requesters: &[Requester], old: &[Requester], path: &Path) {
    let names: HashSet<&str> = requesters.iter().map(|r| r.name.as_str()).collect();
    if old.iter().any(|r| !names.contains(r.name.as_str())) {
        return;
    }
    for (i, r) in requesters.iter().enumerate() {
        // An empty name is the generated `required` rule's.
        if !r.name.is_empty() {
            errs.extend(domain_prefixed_key(&path.index(i).child("name"), &r.name));
        }
    }
}

/// A list as upstream shows it in an error: JSON, `null` for an empty (nil) list.
#[allow(clippy::ptr_arg, reason = "JSON encoding is implemented for `Vec`, not for slices")]
fn json_list<T: JsonEncode + JsonElement>(items: &Vec<T>) -> BadValue {
    if items.is_empty() { BadValue::Json("null".into()) } else { json_value(items) }
}

/// A time as upstream shows it in an error (Go's `time.Time.String()` of a time in UTC).
fn shown_time(t: Time) -> BadValue {
    let (y, mo, d, h, mi, s) = t.to_civil();
    BadValue::Json(format!("{y:04}-{mo:02}-{d:02} {h:02}:{mi:02}:{s:02} +0000 UTC"))
}

fn plus_secs(t: Time, secs: i64) -> Time {
    Time::from_unix(t.unix_seconds().saturating_add(secs))
}

/// Upstream's `timeNear`: strictly within `skew` seconds of `now`.
fn near(t: Time, now: Time, skew: i64) -> bool {
    t > plus_secs(now, -skew) && t < plus_secs(now, skew)
}

fn has_duplicate_names<'a>(names: impl Iterator<Item = &'a str>) -> bool {
    let mut seen = HashSet::new();
    names.into_iter().any(|n| !seen.insert(n))
}

/// Which states a target responder may be in after this write, and why.
struct Expected<'a> {
    states: Vec<&'a str>,
    reason: &'static str,
}

impl<'a> Expected<'a> {
    fn one(state: &'a str, reason: &'static str) -> Self {
        Expected { states: vec![state], reason }
    }

    fn finished(reason: &'static str) -> Self {
        Expected { states: FINAL_STATES.to_vec(), reason }
    }

    fn allows(&self, state: &str) -> bool {
        self.states.contains(&state)
    }
}

/// Upstream's `ValidateEvictionTargetResponders`: the list keeps its names and their order once
/// set, and the responders become active one at a time, in order, each finishing before the next
/// starts and none starting once the eviction is over.
fn check_target_responders(
    errs: &mut ErrorList,
    status: &EvictionStatus,
    old_status: &EvictionStatus,
    path: &Path,
    finished: Finished,
    now: Time,
) {
    let targets = &status.target_responders;
    let old = &old_status.target_responders;
    if !old.is_empty() {
        if targets.len() != old.len() {
            let detail = "must preserve the same length and the same keys in the same order";
            errs.push(FieldError::new(ErrorType::Invalid, path, json_list(targets), detail));
            return;
        }
        if old.iter().zip(targets).any(|(o, n)| o.name != n.name) {
            let detail = "must preserve the same keys in the same order";
            errs.push(FieldError::new(ErrorType::Invalid, path, json_list(targets), detail));
            return;
        }
    }
    // Empty: not set up yet. Too long or with repeated names: the generated rules report it, and
    // the order of states means nothing.
    if targets.is_empty()
        || targets.len() > MAX_EVICTION_RESPONDERS
        || has_duplicate_names(targets.iter().map(|t| t.name.as_str()))
    {
        return;
    }

    let active = old.iter().position(|t| t.state.0 == ResponderStateType::ACTIVE);
    let first_sync = old.is_empty();
    let active_changed =
        active.is_some_and(|a| targets.get(a).is_some_and(|t| t.state.0 != ResponderStateType::ACTIVE));
    let over = finished.any();
    for (i, target) in targets.iter().enumerate() {
        let expected = match active {
            // Responders before the active one (or every one, once the eviction is over with none
            // active) keep their stored final state.
            Some(a) if i < a => Expected::one(stored_state(old, i), "final state is immutable"),
            None if !first_sync && over => Expected::one(stored_state(old, i), "final state is immutable"),
            Some(a) if i == a && active_changed => Expected::finished("this responder must reach a final state"),
            Some(a) if i == a && over => Expected::finished("the eviction request has finished processing"),
            Some(a) if i == a => Expected::one(ResponderStateType::ACTIVE, "the eviction request stays active"),
            Some(a) if active_changed && i == a + 1 => next_in_line(over),
            None if first_sync && i == 0 => next_in_line(over),
            _ => Expected::one(ResponderStateType::INACTIVE, "the previously active has not finished processing"),
        };
        let tracked = status.responders.get(i).filter(|r| r.name == target.name);
        check_target_responder(errs, target, &path.index(i), tracked, &expected, finished, now);
    }
}

/// The state a stored target responder had (Inactive where there is none, which the length
/// check above rules out).
fn stored_state(old: &[TargetResponder], i: usize) -> &str {
    old.get(i).map_or(ResponderStateType::INACTIVE, |t| t.state.0.as_str())
}

/// The responder after the one that finished (or the first, on the first sync) becomes active,
/// unless the eviction is over.
fn next_in_line(over: bool) -> Expected<'static> {
    if over {
        Expected::one(ResponderStateType::INACTIVE, "the eviction request has finished processing")
    } else {
        Expected::one(ResponderStateType::ACTIVE, "this responder is next in line")
    }
}

/// Upstream's `ValidateTargetResponder`: the name, that the responder is tracked in
/// `status.responders` at the same position, its state, and that an active responder that is
/// still reporting is not taken off before its heartbeat deadline.
fn check_target_responder(
    errs: &mut ErrorList,
    target: &TargetResponder,
    path: &Path,
    tracked: Option<&ResponderStatus>,
    expected: &Expected<'_>,
    finished: Finished,
    now: Time,
) {
    // An empty name is the generated `required` rule's.
    if !target.name.is_empty() {
        errs.extend(domain_prefixed_key(&path.child("name"), &target.name));
    }
    let Some(tracked) = tracked else {
        let detail = format!(
            "{} has to be tracked in status.responders first",
            kapi_machinery::validation::go_quote(&target.name)
        );
        errs.push(FieldError::new(ErrorType::Invalid, path, json_value(target), detail));
        return;
    };
    let state_path = path.child("state");
    if !expected.allows(&target.state.0) {
        let mut states = expected.states.clone();
        states.sort_unstable();
        let mut detail = format!("must be one of: {}", states.join(", "));
        if !expected.reason.is_empty() {
            detail.push_str(", because ");
            detail.push_str(expected.reason);
        }
        errs.push(FieldError::new(ErrorType::Invalid, &state_path, BadValue::named(&target.state.0), detail));
    }
    // A responder taken off Active while it still reports, before its heartbeat deadline (less
    // the skew), unless it completed or the eviction is over. A missing start time is checked
    // with `status.responders`.
    if expected.allows(ResponderStateType::ACTIVE) || tracked.completion_time.is_some() || finished.any() {
        return;
    }
    let Some(started) = tracked.start_time else { return };
    let heartbeat = tracked.heartbeat_time.unwrap_or(started);
    if now < plus_secs(heartbeat, HEARTBEAT_DEADLINE_SECS - ALLOWED_TIME_SKEW_SECS) {
        errs.push(FieldError::forbidden(
            &state_path,
            "must stay Active because the responder is in progress and it should report status.responders.heartbeatTime or status.responders.completionTime",
        ));
    }
}

/// Upstream's `ValidateEvictionStatusResponders`: `status.responders` names the target
/// responders in the same order, and each entry changes only as its responder's state allows.
fn check_status_responders(
    errs: &mut ErrorList,
    status: &EvictionStatus,
    old_status: &EvictionStatus,
    path: &Path,
    now: Time,
) {
    let responders = &status.responders;
    let targets = &status.target_responders;
    if targets.len() != responders.len() {
        let detail = "must be the same length as status.targetResponders and contain the same keys in the same order";
        errs.push(FieldError::new(ErrorType::Invalid, path, json_list(responders), detail));
        return;
    }
    if targets.iter().zip(responders).any(|(t, r)| t.name != r.name) {
        let detail = "must contain the same keys in the same order as status.targetResponders";
        errs.push(FieldError::new(ErrorType::Invalid, path, json_list(responders), detail));
        return;
    }
    // Empty: not set up yet. Too long or with repeated names: the generated rules report it.
    if responders.is_empty()
        || responders.len() > MAX_EVICTION_RESPONDERS
        || has_duplicate_names(responders.iter().map(|r| r.name.as_str()))
    {
        return;
    }
    for (i, (responder, target)) in responders.iter().zip(targets).enumerate() {
        let old = old_status.responders.get(i);
        check_responder_status(errs, responder, old, &path.index(i), &target.state.0, now);
    }
}

/// Upstream's `ValidateEvictionStatusResponder`: only the active responder changes its entry
/// (or the controller, setting it up), and its times are consistent and set at the present.
fn check_responder_status(
    errs: &mut ErrorList,
    status: &ResponderStatus,
    old: Option<&ResponderStatus>,
    path: &Path,
    state: &str,
    now: Time,
) {
    let active = state == ResponderStateType::ACTIVE;
    if old.is_some_and(|o| o != status) && !active {
        errs.push(FieldError::new(ErrorType::Invalid, path, json_value(status), "field is immutable"));
        return;
    }
    let unset = ResponderStatus::default();
    let old = old.unwrap_or(&unset);
    let invalid =
        |field: &Path, t: Time, detail: &str| FieldError::new(ErrorType::Invalid, field, shown_time(t), detail);

    let start_path = path.child("startTime");
    let after_start = format!("must occur after {}", start_path.as_str());
    let before_start = format!("cannot be set before {} is set", start_path.as_str());
    // Changing or clearing a set start time is the generated `update` rules'.
    let start_kept = old.start_time.is_none() || old.start_time == status.start_time;
    match status.start_time {
        None if start_kept && active => {
            errs.push(FieldError::required(&start_path, "is required for an active responder"))
        }
        Some(t) if start_kept && old.start_time != status.start_time && !near(t, now, ALLOWED_TIME_SKEW_SECS) => {
            errs.push(invalid(&start_path, t, "must be set to the present time"));
        }
        _ => {}
    }

    let heartbeat_path = path.child("heartbeatTime");
    if old.heartbeat_time.is_some() && status.heartbeat_time.is_none() {
        errs.push(FieldError::required(&heartbeat_path, "is required once set"));
    }
    if let Some(t) = status.heartbeat_time
        && old.heartbeat_time != status.heartbeat_time
    {
        match status.start_time {
            None => errs.push(invalid(&heartbeat_path, t, &before_start)),
            // Possible within the allowed skew.
            Some(_) if old.heartbeat_time.is_some_and(|o| t < o) => {
                errs.push(invalid(&heartbeat_path, t, "cannot be decreased"));
            }
            Some(start) if t < start => errs.push(invalid(&heartbeat_path, t, &after_start)),
            Some(_) if !near(t, now, ALLOWED_TIME_SKEW_SECS) => {
                errs.push(invalid(&heartbeat_path, t, "must be set to the present time"));
            }
            Some(_) => {}
        }
    }

    let expected_path = path.child("expectedCompletionTime");
    if let Some(t) = status.expected_completion_time
        && old.expected_completion_time != status.expected_completion_time
    {
        match status.start_time {
            None => errs.push(invalid(&expected_path, t, &before_start)),
            Some(start) if t < start => errs.push(invalid(&expected_path, t, &after_start)),
            Some(_) if t < plus_secs(now, -ALLOWED_TIME_SKEW_SECS) => {
                errs.push(invalid(&expected_path, t, "cannot be set to the past time"));
            }
            Some(_) if t > plus_secs(now, MAX_EXPECTED_COMPLETION_SECS) => {
                errs.push(invalid(&expected_path, t, "must complete within 10 years"));
            }
            Some(_) => {}
        }
    }

    let completion_path = path.child("completionTime");
    // Changing or clearing a set completion time is the generated `update` rules'.
    let completion_kept = old.completion_time.is_none() || old.completion_time == status.completion_time;
    if let Some(t) = status.completion_time
        && completion_kept
    {
        match status.start_time {
            None => errs.push(invalid(&completion_path, t, &before_start)),
            Some(start) if t < start => errs.push(invalid(&completion_path, t, &after_start)),
            Some(_) if old.completion_time != status.completion_time && !near(t, now, ALLOWED_TIME_SKEW_SECS) => {
                errs.push(invalid(&completion_path, t, "must be set to the present time"));
            }
            Some(_) => {}
        }
    }
}

#[cfg(test)]
#[path = "validation_tests.rs"]
mod tests;

#[cfg(test)]
#[path = "eviction_validation_tests.rs"]
mod eviction_tests;
