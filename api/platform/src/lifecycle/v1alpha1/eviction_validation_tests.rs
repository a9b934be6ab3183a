//! Upstream's `TestValidateEvictionStatusUpdate` cases pinned against our `validate_eviction_status_update_at`, with the rules and shown values its cases leave out.

use kapi_machinery::types::Time;
use kapi_machinery::validation::ErrorType::{Forbidden, Invalid, Required};

use super::*;
use crate::lifecycle::v1alpha1::{EvictionPodReference, EvictionSpec, EvictionTarget, RequesterIntent};

/// The fake clock's time: every case's times are offsets in seconds from it.
const NOW: i64 = 1_750_000_000;
const MIN: i64 = 60;
const TEN_YEARS: i64 = 10 * 365 * 24 * 60 * MIN;

const ACTIVE: &str = ResponderStateType::ACTIVE;
const INACTIVE: &str = ResponderStateType::INACTIVE;
const COMPLETED: &str = ResponderStateType::COMPLETED;
const CANCELED: &str = ResponderStateType::CANCELED;
const INTERRUPTED: &str = ResponderStateType::INTERRUPTED;
const EVICTED: &str = EvictionConditionType::TARGET_EVICTED;
const FAILED: &str = EvictionConditionType::FAILED;

fn at(offset: i64) -> Time {
    Time::from_unix(NOW + offset)
}

fn responder(i: usize) -> String {
    format!("responder.example.com/bar{i}")
}

fn priority(i: usize) -> Option<i32> {
    Some(5000 - i32::try_from(i).unwrap_or(0))
}

/// Upstream's `mkValidEvictionStatus`: `n` target responders, the first active and started now.
fn status(n: usize) -> EvictionStatus {
    with_statuses(n, n)
}

/// Upstream's `mkValidEvictionStatusWithStatuses`. (Upstream's helper builds a requester but
/// never adds it, so there are none.)
fn with_statuses(targets: usize, statuses: usize) -> EvictionStatus {
    let mut s = EvictionStatus { observed_generation: Some(1), ..Default::default() };
    for i in 0..targets {
        let state = if i == 0 { ACTIVE } else { INACTIVE };
        s.target_responders.push(TargetResponder {
            name: responder(i),
            priority: priority(i),
            state: ResponderStateType(state.into()),
        });
    }
    for i in 0..statuses {
        s.responders.push(ResponderStatus {
            name: responder(i),
            start_time: (i == 0).then(|| at(0)),
            ..Default::default()
        });
    }
    s
}

/// Upstream's tweaks, chained.
trait Tweak: Sized {
    fn status_mut(&mut self) -> &mut EvictionStatus;

    fn cond(mut self, ty: &str, on: bool) -> Self {
        self.status_mut().conditions.push(Condition {
            r#type: ty.into(),
            status: ConditionStatus(if on { "True" } else { "False" }.into()),
            reason: format!("{ty}Reason"),
            last_transition_time: at(0),
            ..Default::default()
        });
        self
    }

    fn generation(mut self, g: Option<i64>) -> Self {
        self.status_mut().observed_generation = g;
        self
    }

    fn no_requesters(mut self) -> Self {
        self.status_mut().requesters.clear();
        self
    }

    fn requesters(mut self, intent: &str, names: &[&str]) -> Self {
        for n in names {
            self.status_mut().requesters.push(Requester { name: (*n).into(), intent: RequesterIntent(intent.into()) });
        }
        self
    }

    fn targets(mut self, names: &[&str]) -> Self {
        let s = self.status_mut();
        let first = s.responders.len();
        for (i, n) in names.iter().enumerate() {
            s.target_responders.push(TargetResponder {
                name: (*n).into(),
                priority: priority(first + i),
                state: ResponderStateType(INACTIVE.into()),
            });
        }
        self
    }

    fn statuses(mut self, names: &[&str]) -> Self {
        for n in names {
            self.status_mut().responders.push(ResponderStatus { name: (*n).into(), ..Default::default() });
        }
        self
    }

    fn both(self, names: &[&str]) -> Self {
        self.targets(names).statuses(names)
    }

    fn state(mut self, state: &str, i: usize) -> Self {
        self.status_mut().target_responders[i].state = ResponderStateType(state.into());
        self
    }

    fn priority_of(mut self, p: i32, i: usize) -> Self {
        self.status_mut().target_responders[i].priority = Some(p);
        self
    }

    fn completed(mut self, count: usize) -> Self {
        for t in self.status_mut().target_responders.iter_mut().take(count) {
            t.state = ResponderStateType(COMPLETED.into());
        }
        self
    }

    /// Sets a time of responders `from..to`, each `i` seconds after `offset` (as upstream's
    /// setters do).
    fn times(mut self, set: fn(&mut ResponderStatus, Time), offset: i64, from: usize, to: usize) -> Self {
        for i in from..to {
            set(&mut self.status_mut().responders[i], at(offset + i64::try_from(i).unwrap_or(0)));
        }
        self
    }

    fn start(self, offset: i64, from: usize, to: usize) -> Self {
        self.times(|r, t| r.start_time = Some(t), offset, from, to)
    }

    fn heartbeat(self, offset: i64, from: usize, to: usize) -> Self {
        self.times(|r, t| r.heartbeat_time = Some(t), offset, from, to)
    }

    fn expected(self, offset: i64, from: usize, to: usize) -> Self {
        self.times(|r, t| r.expected_completion_time = Some(t), offset, from, to)
    }

    fn completion(self, offset: i64, from: usize, to: usize) -> Self {
        self.times(|r, t| r.completion_time = Some(t), offset, from, to)
    }

    fn message(mut self, from: usize, to: usize, suffix: &str) -> Self {
        for i in from..to {
            self.status_mut().responders[i].message = Some(format!("message {i}{suffix}"));
        }
        self
    }

    /// Upstream's `setRespondersFullStatus`: started at `start`, every other time at `offset`.
    fn full(self, start: i64, offset: i64, from: usize, to: usize) -> Self {
        let suffix = at(offset).to_string();
        self.start(start, from, to)
            .heartbeat(offset, from, to)
            .expected(offset, from, to)
            .completion(offset, from, to)
            .message(from, to, &suffix)
    }
}

impl Tweak for EvictionStatus {
    fn status_mut(&mut self) -> &mut EvictionStatus {
        self
    }
}

fn eviction(status: &EvictionStatus) -> Eviction {
    Eviction {
        metadata: crate::meta::v1::ObjectMeta {
            name: "bd23f542-ac79-4b44-a628-9735e18b8037".into(),
            namespace: "foo".into(),
            ..Default::default()
        },
        spec: EvictionSpec {
            target: EvictionTarget {
                pod: Some(EvictionPodReference {
                    name: "foo.pod".into(),
                    uid: "bd23f542-ac79-4b44-a628-9735e18b8037".into(),
                }),
            },
        },
        status: status.clone(),
        ..Default::default()
    }
}

fn update_at(new: &EvictionStatus, old: &EvictionStatus, now: i64) -> ErrorList {
    validate_eviction_status_update_at(&eviction(new), &eviction(old), at(now))
}

/// Field, type and detail of each error, as upstream's cases match them (we match the detail
/// whole, where upstream matches a substring).
fn brief(errs: &ErrorList) -> Vec<(String, ErrorType, String)> {
    errs.iter().map(|e| (e.field.clone(), e.error_type, e.detail.clone())).collect()
}

fn want(errs: &[(&str, ErrorType, &str)]) -> Vec<(String, ErrorType, String)> {
    errs.iter().map(|(f, t, d)| ((*f).to_owned(), *t, (*d).to_owned())).collect()
}

fn strings(errs: &ErrorList) -> Vec<String> {
    errs.iter().map(ToString::to_string).collect()
}

const R0: &str = "responder.example.com/bar0";
const R1: &str = "responder.example.com/bar1";
const R2: &str = "responder.example.com/bar2";
const R3: &str = "responder.example.com/bar3";

#[test]
fn upstream_success_cases() {
    let s = status;
    // (name, clock offset, old, new)
    let cases: Vec<(&str, i64, EvictionStatus, EvictionStatus)> = vec![
        (
            "Evicted condition can be set",
            0,
            s(1).state(COMPLETED, 0).start(0, 0, 1).completion(5, 0, 1),
            s(1).cond(EVICTED, true).state(COMPLETED, 0).start(0, 0, 1).completion(5, 0, 1),
        ),
        (
            "Evicted condition can be changed to true",
            0,
            s(1).cond(EVICTED, false).state(COMPLETED, 0).start(0, 0, 1).completion(5, 0, 1),
            s(1).cond(EVICTED, true).state(COMPLETED, 0).start(0, 0, 1).completion(5, 0, 1),
        ),
        (
            "Failed condition can be set",
            0,
            s(1).state(COMPLETED, 0).start(0, 0, 1).completion(5, 0, 1),
            s(1).cond(FAILED, true).state(COMPLETED, 0).start(0, 0, 1).completion(5, 0, 1),
        ),
        (
            "Failed condition can be changed to true",
            0,
            s(1).cond(FAILED, false).state(COMPLETED, 0).start(0, 0, 1).completion(5, 0, 1),
            s(1).cond(FAILED, true).state(COMPLETED, 0).start(0, 0, 1).completion(5, 0, 1),
        ),
        (
            "Non terminal condition can be added when immutable condition exists",
            0,
            s(1).cond(FAILED, true).state(COMPLETED, 0).start(0, 0, 1).completion(5, 0, 1),
            s(1).cond("NewCondition", true).cond(FAILED, true).state(COMPLETED, 0).start(0, 0, 1).completion(5, 0, 1),
        ),
        (
            "Non terminal condition can be changed when immutable condition exists",
            0,
            s(1).cond("NewCondition", true).cond(FAILED, true).state(COMPLETED, 0).start(0, 0, 1).completion(5, 0, 1),
            s(1).cond("NewCondition", false).cond(FAILED, true).state(COMPLETED, 0).start(0, 0, 1).completion(5, 0, 1),
        ),
        (
            "A new condition can be added when observedGeneration is nil",
            0,
            s(0).generation(None).cond("NewCondition", true).cond(FAILED, true),
            s(0).generation(None).cond("NewCondition", false).cond(FAILED, true),
        ),
        ("set initial generation", 0, EvictionStatus::default(), s(0)),
        ("update generation", 0, s(0), s(0).generation(Some(5))),
        (
            "initialize requester with eviction intent",
            0,
            s(0).no_requesters(),
            s(0).requesters(RequesterIntent::EVICTION, &["foo.example.com/baz"]),
        ),
        (
            "initialize requester with withdrawn intent",
            0,
            s(0).no_requesters(),
            s(0).requesters(RequesterIntent::WITHDRAWN, &["foo.example.com/baz"]),
        ),
        (
            "change requester intent from eviction to withdrawn",
            0,
            s(0).no_requesters().requesters(RequesterIntent::EVICTION, &["foo.example.com/baz"]),
            s(0).no_requesters().requesters(RequesterIntent::WITHDRAWN, &["foo.example.com/baz"]),
        ),
        (
            "change requester intent from withdrawn to eviction",
            0,
            s(0).no_requesters().requesters(RequesterIntent::WITHDRAWN, &["foo.example.com/baz"]),
            s(0).no_requesters().requesters(RequesterIntent::EVICTION, &["foo.example.com/baz"]),
        ),
        (
            "add a second requester with eviction intent",
            0,
            s(0),
            s(0).requesters(RequesterIntent::EVICTION, &["foo.example.com/baz"]),
        ),
        (
            "change a last requester eviction intent to withdrawn",
            0,
            s(0),
            s(0).no_requesters().requesters(RequesterIntent::WITHDRAWN, &["foo.example.com/bar"]),
        ),
        ("responders initialization", 0, s(0), s(3)),
        ("11 responders", 0, s(0), s(11)),
        (
            "first targetResponder can be inactive during the first sync if the request has failed",
            0,
            s(0),
            s(0).both(&[R0, R1, R2]).cond(FAILED, true),
        ),
        (
            "first targetResponder can be inactive during the first sync if the request has completed",
            0,
            s(0),
            s(0).both(&[R0, R1, R2]).cond(EVICTED, true),
        ),
        // Upstream's file has both sides of a merge conflict here; this is the first.
        ("mark active and started", 0, s(0), s(2).state(ACTIVE, 0).start(0, 0, 1)),
        (
            "mark active and started (the conflict's other side)",
            0,
            s(2).start(-1, 0, 1),
            s(2).state(ACTIVE, 0).start(0, 0, 1),
        ),
        (
            "responder reports progress",
            0,
            s(2),
            s(2).state(ACTIVE, 0).start(0, 0, 1).heartbeat(5, 0, 1).expected(10 * MIN, 0, 1).message(0, 1, ""),
        ),
        (
            "responder reports next progress",
            MIN + 5,
            s(2).state(ACTIVE, 0).start(0, 0, 1).heartbeat(5, 0, 1).expected(10 * MIN, 0, 1).message(0, 1, ""),
            s(2).state(ACTIVE, 0).start(0, 0, 1).heartbeat(MIN + 5, 0, 1).expected(10 * MIN, 0, 1).message(0, 1, ""),
        ),
        (
            "cancel responder",
            MIN + 5,
            s(2).state(ACTIVE, 0).start(0, 0, 1).heartbeat(5, 0, 1).expected(10 * MIN, 0, 1).message(0, 1, ""),
            s(2).cond(FAILED, true)
                .state(CANCELED, 0)
                .start(0, 0, 1)
                .heartbeat(5, 0, 1)
                .expected(10 * MIN, 0, 1)
                .message(0, 1, ""),
        ),
        (
            "interrupt responder",
            MIN + 5,
            s(2).state(ACTIVE, 0).start(0, 0, 1),
            s(2).cond(FAILED, true).state(INTERRUPTED, 0).start(0, 0, 1),
        ),
        (
            "responder reports complete",
            5 * MIN,
            s(2).state(ACTIVE, 0).start(0, 0, 1).heartbeat(MIN + 5, 0, 1).expected(10 * MIN, 0, 1).message(0, 1, ""),
            s(2).state(ACTIVE, 0).full(0, 5 * MIN + 27, 0, 1),
        ),
        (
            "move active complete to processed and set new active",
            5 * MIN + 27,
            s(2).state(ACTIVE, 0).full(0, 5 * MIN + 27, 0, 1),
            s(2).state(ACTIVE, 1).state(COMPLETED, 0).full(0, 5 * MIN + 27, 0, 1).start(5 * MIN + 30, 1, 2),
        ),
        (
            "next responder reports next progress",
            25 * MIN,
            s(2).state(ACTIVE, 1).state(COMPLETED, 0).full(0, 5 * MIN + 27, 0, 1).start(5 * MIN + 30, 1, 2),
            s(2).state(ACTIVE, 1).state(COMPLETED, 0).full(0, 5 * MIN + 27, 0, 1).start(5 * MIN + 30, 1, 2).heartbeat(
                25 * MIN,
                1,
                2,
            ),
        ),
        (
            "next responder reports complete",
            28 * MIN,
            s(2).state(ACTIVE, 1).state(COMPLETED, 0).full(0, 5 * MIN + 27, 0, 1).start(5 * MIN + 30, 1, 2).heartbeat(
                25 * MIN,
                1,
                2,
            ),
            s(2).state(ACTIVE, 1).state(COMPLETED, 0).full(0, 5 * MIN + 27, 0, 1).full(
                5 * MIN + 30,
                27 * MIN + 32,
                1,
                2,
            ),
        ),
        (
            "finalize eviction request active",
            35 * MIN,
            s(2).state(ACTIVE, 1).state(COMPLETED, 0).full(0, 5 * MIN + 27, 0, 1).full(
                5 * MIN + 30,
                27 * MIN + 32,
                1,
                2,
            ),
            s(2).completed(2).full(0, 5 * MIN + 27, 0, 1).full(5 * MIN + 30, 27 * MIN + 32, 1, 2),
        ),
        (
            "cancel eviction request for the next responder",
            35 * MIN,
            s(2).state(ACTIVE, 1).state(COMPLETED, 0).full(0, 5 * MIN + 27, 0, 1).start(5 * MIN + 30, 1, 2).heartbeat(
                25 * MIN,
                1,
                2,
            ),
            s(2).cond(FAILED, true)
                .state(CANCELED, 1)
                .state(COMPLETED, 0)
                .full(0, 5 * MIN + 27, 0, 1)
                .start(5 * MIN + 30, 1, 2)
                .heartbeat(25 * MIN, 1, 2),
        ),
        (
            "interrupt eviction request for the next responder",
            35 * MIN,
            s(2).state(ACTIVE, 1).state(COMPLETED, 0).full(0, 5 * MIN + 27, 0, 1).start(5 * MIN + 30, 1, 2),
            s(2).cond(FAILED, true).state(INTERRUPTED, 1).state(COMPLETED, 0).full(0, 5 * MIN + 27, 0, 1).start(
                5 * MIN + 30,
                1,
                2,
            ),
        ),
        (
            "finalize eviction request active - large number of responders",
            5 * MIN,
            s(10).state(ACTIVE, 9).completed(9).full(MIN, 2 * MIN, 0, 4).full(3 * MIN, 4 * MIN, 4, 10),
            s(10).completed(10).full(MIN, 2 * MIN, 0, 4).full(3 * MIN, 4 * MIN, 4, 10),
        ),
        (
            "processedResponders can be updated when the deadline (start time fallback) is reached",
            0,
            s(1).state(ACTIVE, 0).start(-(19 * MIN + 32), 0, 1),
            s(1).state(INTERRUPTED, 0).start(-(19 * MIN + 32), 0, 1),
        ),
        (
            "processedResponders can be updated when the deadline is reached",
            0,
            s(1).state(ACTIVE, 0).start(-60 * MIN, 0, 1).heartbeat(-20 * MIN, 0, 1),
            s(1).state(INTERRUPTED, 0).start(-60 * MIN, 0, 1).heartbeat(-20 * MIN, 0, 1),
        ),
        (
            "startTime can be set to the present time with an allowed skew - slower clock",
            0,
            s(2),
            s(2).state(ACTIVE, 0).start(-29, 0, 1),
        ),
        (
            "responder startTime can be set to the present time with an allowed skew - faster clock",
            0,
            s(2),
            s(2).state(ACTIVE, 0).start(27, 0, 1),
        ),
        (
            "heartbeatTime can be set to the present time with an allowed skew - slower clock",
            0,
            s(2).state(ACTIVE, 0).start(-20 * MIN, 0, 1).heartbeat(-19 * MIN, 0, 1),
            s(2).state(ACTIVE, 0).start(-20 * MIN, 0, 1).heartbeat(-27, 0, 1),
        ),
        (
            "heartbeatTime can be set to the present time with an allowed skew - faster clock",
            0,
            s(2).state(ACTIVE, 0).start(-20 * MIN, 0, 1).heartbeat(-19 * MIN, 0, 1),
            s(2).state(ACTIVE, 0).start(-20 * MIN, 0, 1).heartbeat(27, 0, 1),
        ),
        (
            "heartbeatTime can be updated after one minute",
            0,
            s(2).state(ACTIVE, 0).start(-20 * MIN, 0, 1).heartbeat(-MIN, 0, 1),
            s(2).state(ACTIVE, 0).start(-20 * MIN, 0, 1).heartbeat(0, 0, 1),
        ),
        (
            "expectedCompletionTime can be set to the present time with an allowed skew - slower clock",
            0,
            s(2).state(ACTIVE, 0).start(-MIN, 0, 1),
            s(2).state(ACTIVE, 0).start(-MIN, 0, 1).expected(-27, 0, 1),
        ),
        (
            "expectedCompletionTime can be set to the future",
            0,
            s(2).state(ACTIVE, 0).start(-MIN, 0, 1),
            s(2).state(ACTIVE, 0).start(-MIN, 0, 1).expected(TEN_YEARS - MIN, 0, 1),
        ),
        (
            "completionTime can be set to the present time with an allowed skew - faster clock",
            0,
            s(2).state(ACTIVE, 0).start(0, 0, 1),
            s(2).state(ACTIVE, 0).start(0, 0, 1).completion(27, 0, 1),
        ),
        (
            "processedResponders must allow active responder transition even with an exceeded deadline (start time fallback) - Failed",
            0,
            s(1).state(ACTIVE, 0).start(-(19 * MIN + 29), 0, 1),
            s(1).state(INTERRUPTED, 0).start(-(19 * MIN + 29), 0, 1).cond(FAILED, true),
        ),
        (
            "processedResponders must allow active responder transition even with an exceeded deadline (start time fallback) - Evicted",
            0,
            s(1).state(ACTIVE, 0).start(-(19 * MIN + 29), 0, 1),
            s(1).state(INTERRUPTED, 0).start(-(19 * MIN + 29), 0, 1).cond(EVICTED, true),
        ),
        (
            "processedResponders must allow active responder transition even with an exceeded deadline - Failed",
            0,
            s(1).state(ACTIVE, 0).start(-20 * MIN, 0, 1).heartbeat(-(19 * MIN + 29), 0, 1),
            s(1).state(INTERRUPTED, 0).start(-20 * MIN, 0, 1).heartbeat(-(19 * MIN + 29), 0, 1).cond(FAILED, true),
        ),
        (
            "processedResponders must allow active responder transition even with an exceeded deadline - Evicted",
            0,
            s(1).state(ACTIVE, 0).start(-20 * MIN, 0, 1).heartbeat(-(19 * MIN + 29), 0, 1),
            s(1).state(INTERRUPTED, 0).start(-20 * MIN, 0, 1).heartbeat(-(19 * MIN + 29), 0, 1).cond(EVICTED, true),
        ),
        (
            "second targetResponder completes without a final condition",
            0,
            s(0).both(&[R0, R1])
                .state(COMPLETED, 0)
                .state(ACTIVE, 1)
                .start(0, 0, 1)
                .completion(5, 0, 1)
                .start(5, 1, 2)
                .completion(5, 1, 2),
            s(0).both(&[R0, R1])
                .state(COMPLETED, 0)
                .state(COMPLETED, 1)
                .start(0, 0, 1)
                .completion(5, 0, 1)
                .start(5, 1, 2)
                .completion(5, 1, 2),
        ),
        (
            "empty sync during heartbeat wait",
            0,
            s(2).state(ACTIVE, 0).start(-20 * MIN, 0, 1).heartbeat(-19 * MIN, 0, 1),
            s(2).state(ACTIVE, 0).start(-20 * MIN, 0, 1).heartbeat(-19 * MIN, 0, 1),
        ),
        (
            "all targetResponder completed with a final condition: empty sync",
            0,
            s(0).both(&[R0, R1])
                .state(COMPLETED, 0)
                .state(COMPLETED, 1)
                .cond(EVICTED, true)
                .start(0, 0, 1)
                .completion(5, 0, 1)
                .start(5, 1, 2)
                .completion(5, 1, 2),
            s(0).both(&[R0, R1])
                .state(COMPLETED, 0)
                .state(COMPLETED, 1)
                .cond(EVICTED, true)
                .start(0, 0, 1)
                .completion(5, 0, 1)
                .start(5, 1, 2)
                .completion(5, 1, 2),
        ),
        (
            "imperative-eviction.k8s.io/evictor k8s responder cannot have other priority than the assigned one",
            0,
            s(0),
            s(0).both(&["imperative-eviction.k8s.io/evictor"]).priority_of(100, 0).state(ACTIVE, 0).start(0, 0, 1),
        ),
    ];
    for (name, now, old, new) in &cases {
        assert_eq!(strings(&update_at(new, old, *now)), Vec::<String>::new(), "{name}");
    }
}

/// A failing case: its name, the stored status, the written one, and the errors expected.
type FailureCase<'a> = (&'a str, EvictionStatus, EvictionStatus, Vec<(&'a str, ErrorType, &'a str)>);

#[test]
fn upstream_failure_cases() {
    let s = status;
    let tr = "status.targetResponders";
    let rs = "status.responders";
    let next = "must be one of: Active, because this responder is next in line";
    let wait = "must be one of: Inactive, because the previously active has not finished processing";
    let done = "must be one of: Inactive, because the eviction request has finished processing";
    let immutable_completed = "must be one of: Completed, because final state is immutable";
    let stay = "must stay Active because the responder is in progress and it should report status.responders.heartbeatTime or status.responders.completionTime";
    let present = "must be set to the present time";
    let same_length = "must be the same length as status.targetResponders and contain the same keys in the same order";
    let same_keys = "must contain the same keys in the same order as status.targetResponders";
    let untracked = |name: &str| {
        format!("{} has to be tracked in status.responders first", kapi_machinery::validation::go_quote(name))
    };
    let untracked_foo = untracked("foo/bar");
    let untracked_r0 = untracked(R0);
    let untracked_r3 = untracked(R3);
    let untracked_r4 = untracked(&responder(4));
    let mut bad_condition = s(1);
    bad_condition.conditions.push(Condition {
        r#type: "-bad-name".into(),
        status: ConditionStatus("True".into()),
        reason: "-Reason".into(),
        last_transition_time: at(0),
        ..Default::default()
    });
    let condition_type_detail = "name part must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyName',  or 'my.name',  or '123-abc', regex used for validation is '([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]')";
    let condition_reason_detail = "a condition reason must start with alphabetic character, optionally followed by a string of alphanumeric characters or '_,:', and must end with an alphanumeric character or '_' (e.g. 'my_name',  or 'MY_NAME',  or 'MyName',  or 'ReasonA,ReasonB',  or 'ReasonA:ReasonB', regex used for validation is '[A-Za-z]([A-Za-z0-9_,:]*[A-Za-z0-9_])?')";
    let completed_with_completion = |st: EvictionStatus| st.state(COMPLETED, 0).start(0, 0, 1).completion(5, 0, 1);
    let three = || s(0).both(&[R0, R1, R2]);
    let two_done = || {
        s(0).both(&[R0, R1])
            .state(COMPLETED, 0)
            .state(ACTIVE, 1)
            .start(0, 0, 1)
            .completion(5, 0, 1)
            .start(5, 1, 2)
            .completion(5, 1, 2)
    };
    let cases: Vec<FailureCase<'_>> = vec![
        (
            "add invalid condition",
            s(1),
            bad_condition,
            vec![
                ("status.conditions[0].type", Invalid, condition_type_detail),
                ("status.conditions[0].reason", Invalid, condition_reason_detail),
            ],
        ),
        (
            "Evicted condition cannot be removed",
            completed_with_completion(s(1).cond(EVICTED, true)),
            completed_with_completion(s(1)),
            vec![("status.conditions", Invalid, "TargetEvicted condition status cannot be reverted")],
        ),
        (
            "Evicted condition cannot be changed",
            completed_with_completion(s(1).cond(EVICTED, true)),
            completed_with_completion(s(1).cond(EVICTED, false)),
            vec![("status.conditions", Invalid, "TargetEvicted condition status cannot be reverted")],
        ),
        (
            "Failed condition cannot be removed",
            completed_with_completion(s(1).cond(FAILED, true)),
            completed_with_completion(s(1)),
            vec![("status.conditions", Invalid, "Failed condition status cannot be reverted")],
        ),
        (
            "Failed condition cannot be changed",
            completed_with_completion(s(1).cond(FAILED, true)),
            completed_with_completion(s(1).cond(FAILED, false)),
            vec![("status.conditions", Invalid, "Failed condition status cannot be reverted")],
        ),
        (
            "cannot change keys in targetResponders - remove",
            s(5),
            s(4),
            vec![(tr, Invalid, "must preserve the same length and the same keys in the same order")],
        ),
        (
            "cannot change keys in targetResponders - add",
            s(4),
            s(5),
            vec![(tr, Invalid, "must preserve the same length and the same keys in the same order")],
        ),
        (
            "cannot change keys in targetResponders - change",
            s(4),
            s(3).targets(&["foo/bar"]).statuses(&[R3]),
            vec![(tr, Invalid, "must preserve the same keys in the same order"), (rs, Invalid, same_keys)],
        ),
        (
            "targetResponders must have matching status responder",
            s(0),
            s(0).targets(&["foo/bar"]),
            vec![("status.targetResponders[0]", Invalid, &untracked_foo), (rs, Invalid, same_length)],
        ),
        (
            "first targetResponder should become active first ",
            three(),
            three().state(INACTIVE, 0).state(ACTIVE, 1),
            vec![
                ("status.targetResponders[1].state", Invalid, wait),
                ("status.responders[1].startTime", Required, "is required for an active responder"),
            ],
        ),
        (
            "first targetResponder should become active first during the first sync and not completed",
            s(0),
            three().state(COMPLETED, 0),
            vec![("status.targetResponders[0].state", Invalid, next)],
        ),
        (
            "first targetResponder should become active first during the first sync and not interrupted",
            s(0),
            three().state(INTERRUPTED, 0),
            vec![("status.targetResponders[0].state", Invalid, next)],
        ),
        (
            "first targetResponder should become active first during the first sync and not canceled",
            s(0),
            three().state(CANCELED, 0),
            vec![("status.targetResponders[0].state", Invalid, next)],
        ),
        (
            "first targetResponder should become active first during the first sync and not inactive",
            s(0),
            three().state(INACTIVE, 0),
            vec![("status.targetResponders[0].state", Invalid, next)],
        ),
        (
            "first targetResponder should not become active first during the first sync with final condition",
            s(0),
            three().cond(FAILED, true).state(ACTIVE, 0).start(0, 0, 1),
            vec![("status.targetResponders[0].state", Invalid, done)],
        ),
        (
            "first targetResponder should not become completed first during the first sync with final condition",
            s(0),
            three().cond(FAILED, true).state(COMPLETED, 0),
            vec![("status.targetResponders[0].state", Invalid, done)],
        ),
        (
            "first targetResponder should not become interrupted first during the first sync with final condition",
            s(0),
            three().cond(FAILED, true).state(INTERRUPTED, 0),
            vec![("status.targetResponders[0].state", Invalid, done)],
        ),
        (
            "first targetResponder should not become canceled first during the first sync with final condition",
            s(0),
            three().cond(FAILED, true).state(CANCELED, 0),
            vec![("status.targetResponders[0].state", Invalid, done)],
        ),
        (
            "second targetResponder should not become active while the first reponder is active",
            three().state(ACTIVE, 0).start(0, 0, 1),
            three().state(ACTIVE, 0).state(ACTIVE, 1).start(0, 0, 1),
            vec![
                ("status.targetResponders[1].state", Invalid, wait),
                ("status.responders[1].startTime", Required, "is required for an active responder"),
            ],
        ),
        (
            "second targetResponder should not become completed while the first reponder is active",
            three().state(ACTIVE, 0).start(0, 0, 1),
            three().state(ACTIVE, 0).state(COMPLETED, 1).start(0, 0, 1),
            vec![("status.targetResponders[1].state", Invalid, wait)],
        ),
        (
            "second targetResponder should not become interrupted while the first reponder is active",
            three().state(ACTIVE, 0).start(0, 0, 1),
            three().state(ACTIVE, 0).state(INTERRUPTED, 1).start(0, 0, 1),
            vec![("status.targetResponders[1].state", Invalid, wait)],
        ),
        (
            "second targetResponder should not become canceled while the first reponder is active",
            three().state(ACTIVE, 0).start(0, 0, 1),
            three().state(ACTIVE, 0).state(CANCELED, 1).start(0, 0, 1),
            vec![("status.targetResponders[1].state", Invalid, wait)],
        ),
        (
            "first targetResponder should not be inactive once it completes",
            three().state(ACTIVE, 0).start(0, 0, 1).completion(5, 0, 1),
            three().state(INACTIVE, 0).start(0, 0, 1).completion(5, 0, 1),
            vec![
                (
                    "status.targetResponders[0].state",
                    Invalid,
                    "must be one of: Canceled, Completed, Interrupted, because this responder must reach a final state",
                ),
                ("status.targetResponders[1].state", Invalid, next),
            ],
        ),
        (
            "second targetResponder should not be inactive once the first reponder completes",
            three().state(ACTIVE, 0).start(0, 0, 1).completion(5, 0, 1),
            three().state(COMPLETED, 0).start(0, 0, 1).completion(5, 0, 1),
            vec![("status.targetResponders[1].state", Invalid, next)],
        ),
        (
            "second targetResponder should not be completed once the first reponder completes",
            three().state(ACTIVE, 0).start(0, 0, 1).completion(5, 0, 1),
            three().state(COMPLETED, 0).state(COMPLETED, 1).start(0, 0, 1).completion(5, 0, 1),
            vec![("status.targetResponders[1].state", Invalid, next)],
        ),
        (
            "second targetResponder should not be interrupted once the first reponder completes",
            three().state(ACTIVE, 0).start(0, 0, 1).completion(5, 0, 1),
            three().state(COMPLETED, 0).state(INTERRUPTED, 1).start(0, 0, 1).completion(5, 0, 1),
            vec![("status.targetResponders[1].state", Invalid, next)],
        ),
        (
            "second targetResponder should not be canceled once the first reponder completes",
            three().state(ACTIVE, 0).start(0, 0, 1).completion(5, 0, 1),
            three().state(COMPLETED, 0).state(CANCELED, 1).start(0, 0, 1).completion(5, 0, 1),
            vec![("status.targetResponders[1].state", Invalid, next)],
        ),
        (
            "first targetResponder is immutable once it completes",
            three().state(COMPLETED, 0).state(ACTIVE, 1).start(0, 0, 1).completion(5, 0, 1).start(5, 1, 2),
            three().state(ACTIVE, 0).state(ACTIVE, 1).start(0, 0, 1).completion(5, 0, 1).start(5, 1, 2),
            vec![("status.targetResponders[0].state", Invalid, immutable_completed)],
        ),
        (
            "second targetResponder completes, should not allow a change of the first one",
            two_done(),
            two_done().state(ACTIVE, 0).state(COMPLETED, 1).cond(EVICTED, true),
            vec![("status.targetResponders[0].state", Invalid, immutable_completed)],
        ),
        (
            "second targetResponder completes, should not stay active",
            two_done(),
            two_done().cond(EVICTED, true),
            vec![(
                "status.targetResponders[1].state",
                Invalid,
                "must be one of: Canceled, Completed, Interrupted, because the eviction request has finished processing",
            )],
        ),
        (
            "second targetResponder completes, should not become inactive",
            two_done(),
            two_done().state(INACTIVE, 1).cond(EVICTED, true),
            vec![(
                "status.targetResponders[1].state",
                Invalid,
                "must be one of: Canceled, Completed, Interrupted, because this responder must reach a final state",
            )],
        ),
        (
            "second targetResponder completes, third should become active",
            three()
                .state(COMPLETED, 0)
                .state(ACTIVE, 1)
                .start(0, 0, 1)
                .completion(5, 0, 1)
                .start(5, 1, 2)
                .completion(5, 1, 2),
            three()
                .state(COMPLETED, 0)
                .state(COMPLETED, 1)
                .start(0, 0, 1)
                .completion(5, 0, 1)
                .start(5, 1, 2)
                .completion(5, 1, 2),
            vec![("status.targetResponders[2].state", Invalid, next)],
        ),
        // Upstream's cases also expect `cannot become Completed because the responder didn't
        // report status.responders.completionTime`, which the ported `validation.go` does not
        // report (see `deadline_passed_without_completion_time`).
        (
            "Active responder must exceed the deadline (start time fallback) before it is marked Completed",
            s(1).state(ACTIVE, 0).start(-(19 * MIN + 29), 0, 1),
            s(1).state(COMPLETED, 0).start(-(19 * MIN + 29), 0, 1),
            vec![("status.targetResponders[0].state", Forbidden, stay)],
        ),
        (
            "Active responder must exceed the deadline before it is marked Completed",
            s(1).state(ACTIVE, 0).start(-20 * MIN, 0, 1).heartbeat(-(19 * MIN + 29), 0, 1),
            s(1).state(COMPLETED, 0).start(-20 * MIN, 0, 1).heartbeat(-(19 * MIN + 29), 0, 1),
            vec![("status.targetResponders[0].state", Forbidden, stay)],
        ),
        (
            "Active responder must exceed the deadline before it is marked Interrupted",
            s(1).state(ACTIVE, 0).start(-20 * MIN, 0, 1).heartbeat(-(19 * MIN + 29), 0, 1),
            s(1).state(INTERRUPTED, 0).start(-20 * MIN, 0, 1).heartbeat(-(19 * MIN + 29), 0, 1),
            vec![("status.targetResponders[0].state", Forbidden, stay)],
        ),
        (
            "Active responder must exceed the deadline before it is marked Canceled",
            s(1).state(ACTIVE, 0).start(-20 * MIN, 0, 1).heartbeat(-(19 * MIN + 29), 0, 1),
            s(1).state(CANCELED, 0).start(-20 * MIN, 0, 1).heartbeat(-(19 * MIN + 29), 0, 1),
            vec![("status.targetResponders[0].state", Forbidden, stay)],
        ),
        (
            "responders must be initialized at the same time as targetResponders",
            s(0),
            with_statuses(0, 3),
            vec![(rs, Invalid, same_length)],
        ),
        (
            "cannot change keys in responders - change",
            s(4),
            s(3).targets(&[R3]).statuses(&["foo/bar"]),
            vec![("status.targetResponders[3]", Invalid, &untracked_r3), (rs, Invalid, same_keys)],
        ),
        (
            "status responders cannot remove an item",
            s(5),
            with_statuses(5, 4),
            vec![("status.targetResponders[4]", Invalid, &untracked_r4), (rs, Invalid, same_length)],
        ),
        (
            "status responders cannot be mutated unless present in active responders",
            s(5),
            s(5).heartbeat(0, 1, 2),
            vec![("status.responders[1]", Invalid, "field is immutable")],
        ),
        (
            "invalid status responders names - short circuited by targetResponders key order",
            s(0),
            with_statuses(1, 0).statuses(&["foo"]),
            vec![("status.targetResponders[0]", Invalid, &untracked_r0), (rs, Invalid, same_keys)],
        ),
        (
            "startTime is required for an active responder",
            s(2).full(0, 5, 0, 1),
            s(2).full(0, 5, 0, 1).state(COMPLETED, 0).state(ACTIVE, 1),
            vec![("status.responders[1].startTime", Required, "is required for an active responder")],
        ),
        (
            "startTime must be set to the present time with skew; too old",
            s(2).full(0, 5, 0, 1),
            s(2).full(0, 5, 0, 1).state(COMPLETED, 0).state(ACTIVE, 1).start(-31, 1, 2),
            vec![("status.responders[1].startTime", Invalid, present)],
        ),
        (
            "startTime must be set to the present time with skew; too new",
            s(2).full(0, 5, 0, 1),
            s(2).full(0, 5, 0, 1).state(COMPLETED, 0).state(ACTIVE, 1).start(31, 1, 2),
            vec![("status.responders[1].startTime", Invalid, present)],
        ),
        (
            "cannot remove heartbeatTime when previously set",
            s(2).state(ACTIVE, 0).start(0, 0, 1).heartbeat(0, 0, 1),
            s(2).state(ACTIVE, 0).start(0, 0, 1),
            vec![("status.responders[0].heartbeatTime", Required, "is required once set")],
        ),
        (
            "heartbeatTime cannot be set before startTime is set",
            s(0),
            s(0).both(&[R0, R1]).state(ACTIVE, 0).heartbeat(-2, 0, 1),
            vec![
                ("status.responders[0].startTime", Required, "is required for an active responder"),
                (
                    "status.responders[0].heartbeatTime",
                    Invalid,
                    "cannot be set before status.responders[0].startTime is set",
                ),
            ],
        ),
        (
            "heartbeatTime cannot be decreased",
            s(2).state(ACTIVE, 0).start(-20, 0, 1).heartbeat(0, 0, 1),
            s(2).state(ACTIVE, 0).start(-20, 0, 1).heartbeat(-2, 0, 1),
            vec![("status.responders[0].heartbeatTime", Invalid, "cannot be decreased")],
        ),
        (
            "heartbeatTime cannot be set before startTime even with a skew",
            s(2).state(ACTIVE, 0).start(0, 0, 1),
            s(2).state(ACTIVE, 0).start(0, 0, 1).heartbeat(-2, 0, 1),
            vec![("status.responders[0].heartbeatTime", Invalid, "must occur after status.responders[0].startTime")],
        ),
        (
            "heartbeatTime must be set to the present time with skew",
            s(2).state(ACTIVE, 0).start(-20 * MIN, 0, 1).heartbeat(-19 * MIN, 0, 1),
            s(2).state(ACTIVE, 0).start(-20 * MIN, 0, 1).heartbeat(31, 0, 1),
            vec![("status.responders[0].heartbeatTime", Invalid, present)],
        ),
        (
            "expectedCompletionTime cannot be set before startTime is set",
            s(0),
            s(0).both(&[R0, R1]).state(ACTIVE, 0).expected(-2, 0, 1),
            vec![
                ("status.responders[0].startTime", Required, "is required for an active responder"),
                (
                    "status.responders[0].expectedCompletionTime",
                    Invalid,
                    "cannot be set before status.responders[0].startTime is set",
                ),
            ],
        ),
        (
            "expectedCompletionTime cannot be set before startTime even with a skew",
            s(2).state(ACTIVE, 0).start(0, 0, 1),
            s(2).state(ACTIVE, 0).start(0, 0, 1).expected(-2, 0, 1),
            vec![(
                "status.responders[0].expectedCompletionTime",
                Invalid,
                "must occur after status.responders[0].startTime",
            )],
        ),
        (
            "expectedCompletionTime cannot be set to the past with skew",
            s(2).state(ACTIVE, 0).start(-32, 0, 1),
            s(2).state(ACTIVE, 0).start(-32, 0, 1).expected(-31, 0, 1),
            vec![("status.responders[0].expectedCompletionTime", Invalid, "cannot be set to the past time")],
        ),
        (
            "expectedCompletionTime must complete within 10 years",
            s(2).state(ACTIVE, 0).start(-MIN, 0, 1),
            s(2).state(ACTIVE, 0).start(-MIN, 0, 1).expected(TEN_YEARS + 1, 0, 1),
            vec![("status.responders[0].expectedCompletionTime", Invalid, "must complete within 10 years")],
        ),
        (
            "completionTime cannot be set before startTime is set",
            s(0),
            s(0).both(&[R0, R1]).state(ACTIVE, 0).completion(-2, 0, 1),
            vec![
                ("status.responders[0].startTime", Required, "is required for an active responder"),
                (
                    "status.responders[0].completionTime",
                    Invalid,
                    "cannot be set before status.responders[0].startTime is set",
                ),
            ],
        ),
        (
            "completionTime cannot be set before startTime even with a skew",
            s(2).state(ACTIVE, 0).start(0, 0, 1),
            s(2).state(ACTIVE, 0).start(0, 0, 1).completion(-2, 0, 1),
            vec![("status.responders[0].completionTime", Invalid, "must occur after status.responders[0].startTime")],
        ),
        (
            "completionTime must be set to the present time with skew; too new",
            s(2).state(ACTIVE, 0).start(0, 0, 1),
            s(2).state(ACTIVE, 0).start(0, 0, 1).completion(31, 0, 1),
            vec![("status.responders[0].completionTime", Invalid, present)],
        ),
        (
            "completionTime must be set to the present time with skew; too old",
            s(2).state(ACTIVE, 0).start(-MIN, 0, 1),
            s(2).state(ACTIVE, 0).start(-MIN, 0, 1).completion(-31, 0, 1),
            vec![("status.responders[0].completionTime", Invalid, present)],
        ),
    ];
    for (name, old, new, expected) in &cases {
        assert_eq!(brief(&update_at(new, old, 0)), want(expected), "{name}");
    }
}

/// Upstream's success case "all targetResponder completed without a final condition: empty
/// sync" does not pass the revision of `validation.go` ported here, in Go either: with no
/// responder active in the stored status and no final condition, every responder is expected to
/// stay Inactive. Upstream's test file belongs to another revision of the rules.
#[test]
fn all_completed_without_a_final_condition() {
    let done = status(0)
        .both(&[R0, R1])
        .state(COMPLETED, 0)
        .state(COMPLETED, 1)
        .start(0, 0, 1)
        .completion(5, 0, 1)
        .start(5, 1, 2)
        .completion(5, 1, 2);
    let wait = "must be one of: Inactive, because the previously active has not finished processing";
    assert_eq!(
        brief(&update_at(&done, &done, 0)),
        want(&[
            ("status.targetResponders[0].state", Invalid, wait),
            ("status.targetResponders[1].state", Invalid, wait)
        ])
    );
    // With a final condition the stored states are kept.
    let evicted = done.cond(EVICTED, true);
    assert_eq!(update_at(&evicted, &evicted, 0), []);
}

/// Upstream's case "Active responder exceeds the deadline, but cannot be marked Completed without
/// CompletionTime" expects `cannot become Completed because the responder didn't report
/// status.responders.completionTime`, a check the ported `validation.go` does not have: past
/// its heartbeat deadline the responder may be marked anything final.
#[test]
fn deadline_passed_without_completion_time() {
    let old = status(1).state(ACTIVE, 0).start(-20 * MIN, 0, 1).heartbeat(-20 * MIN, 0, 1);
    let new = status(1).state(COMPLETED, 0).start(-20 * MIN, 0, 1).heartbeat(-20 * MIN, 0, 1);
    assert_eq!(update_at(&new, &old, 0), []);
    // The deadline is 20 minutes after the heartbeat less the 30 s skew: reached 30 s before
    // `NOW`, not yet 31 s before.
    assert_eq!(update_at(&new, &old, -30), []);
    assert_eq!(
        brief(&update_at(&new, &old, -31)),
        want(&[(
            "status.targetResponders[0].state",
            Forbidden,
            "must stay Active because the responder is in progress and it should report status.responders.heartbeatTime or status.responders.completionTime"
        )])
    );
}

#[test]
fn shown_values_as_upstream_prints_them() {
    // A time as Go's `time.Time.String()`, a state as JSON, a name quoted.
    let old = status(2).state(ACTIVE, 0).start(0, 0, 1);
    let new = status(2).state(ACTIVE, 0).start(0, 0, 1).completion(31, 0, 1);
    assert_eq!(
        strings(&update_at(&new, &old, 0)),
        [
            "status.responders[0].completionTime: Invalid value: 2025-06-15 15:07:11 +0000 UTC: must be set to the present time"
        ]
    );
    let errs = update_at(&status(3).state(COMPLETED, 0), &status(0), 0);
    assert_eq!(
        strings(&errs),
        [
            r#"status.targetResponders[0].state: Invalid value: "Completed": must be one of: Active, because this responder is next in line"#
        ]
    );
    // Lists and structs as JSON, a removed list as `null`.
    let errs = update_at(&status(0).targets(&["foo/bar"]), &status(0), 0);
    assert_eq!(
        strings(&errs),
        [
            r#"status.targetResponders[0]: Invalid value: {"name":"foo/bar","priority":5000,"state":"Inactive"}: "foo/bar" has to be tracked in status.responders first"#,
            "status.responders: Invalid value: null: must be the same length as status.targetResponders and contain the same keys in the same order",
        ]
    );
    let errs = update_at(&status(0), &status(2), 0);
    assert_eq!(
        strings(&errs),
        [
            "status.targetResponders: Invalid value: null: must preserve the same length and the same keys in the same order"
        ]
    );
    let errs = update_at(&status(2).heartbeat(0, 1, 2), &status(2), 0);
    assert_eq!(
        strings(&errs),
        [
            r#"status.responders[1]: Invalid value: {"name":"responder.example.com/bar1","heartbeatTime":"2025-06-15T15:06:41Z"}: field is immutable"#
        ]
    );
    // A reverted `Failed` condition still counts as failed for the responders: the active one
    // must have finished.
    let old = status(1).cond(FAILED, true);
    let errs = update_at(&status(1).cond(FAILED, false), &old, 0);
    assert_eq!(
        strings(&errs),
        [
            r#"status.conditions: Invalid value: [{"type":"Failed","status":"False","lastTransitionTime":"2025-06-15T15:06:40Z","reason":"FailedReason","message":""}]: Failed condition status cannot be reverted"#,
            r#"status.targetResponders[0].state: Invalid value: "Active": must be one of: Canceled, Completed, Interrupted, because the eviction request has finished processing"#,
        ]
    );
}

#[test]
fn observed_generation_cannot_decrement() {
    let errs = update_at(&status(0).generation(Some(3)), &status(0).generation(Some(5)), 0);
    assert_eq!(
        strings(&errs),
        ["status.observedGeneration: Invalid value: 3: cannot decrement, must be greater than or equal to 5"]
    );
    let errs = update_at(&status(0).generation(None), &status(0).generation(Some(5)), 0);
    assert_eq!(
        strings(&errs),
        ["status.observedGeneration: Invalid value: null: cannot decrement, must be greater than or equal to 5"]
    );
    // Below 1 is the generated `minimum` rule's.
    assert_eq!(update_at(&status(0).generation(Some(0)), &status(0).generation(Some(5)), 0), []);
    assert_eq!(update_at(&status(0).generation(Some(5)), &status(0).generation(Some(5)), 0), []);
}

#[test]
fn requester_and_responder_names_are_domain_prefixed_keys() {
    let errs =
        update_at(&status(0).requesters(RequesterIntent::EVICTION, &["acme.io/ok", "foo", "a/b/c"]), &status(0), 0);
    assert_eq!(
        brief(&errs),
        want(&[
            ("status.requesters[1].name", Invalid, "must be a domain-prefixed key (such as \"acme.io/foo\")"),
            (
                "status.requesters[2].name",
                Invalid,
                "a valid label key must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyName',  or 'my.name',  or '123-abc', regex used for validation is '([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]') with an optional DNS subdomain prefix and '/' (e.g. 'example.com/MyName')",
            ),
        ])
    );
    // An empty name is the generated `required` rule's.
    assert_eq!(update_at(&status(0).requesters(RequesterIntent::EVICTION, &[""]), &status(0), 0), []);
    // Once a stored requester is gone, the names are not checked at all.
    let old = status(0).requesters(RequesterIntent::EVICTION, &["acme.io/a"]);
    assert_eq!(update_at(&status(0).requesters(RequesterIntent::EVICTION, &["foo"]), &old, 0), []);
    let kept = status(0).requesters(RequesterIntent::EVICTION, &["acme.io/a", "foo"]);
    assert_eq!(brief(&update_at(&kept, &old, 0)).len(), 1);

    let errs = update_at(&status(0).both(&["foo"]).state(ACTIVE, 0).start(0, 0, 1), &status(0), 0);
    assert_eq!(
        strings(&errs),
        [
            r#"status.targetResponders[0].name: Invalid value: "foo": must be a domain-prefixed key (such as "acme.io/foo")"#
        ]
    );
}

#[test]
fn repeated_or_too_many_responders_are_left_to_the_generated_rules() {
    let repeated = status(0).both(&[R0, R0]).state(COMPLETED, 0).state(COMPLETED, 1);
    assert_eq!(update_at(&repeated, &status(0), 0), []);
    let names: Vec<String> = (0..12).map(responder).collect();
    let refs: Vec<&str> = names.iter().map(String::as_str).collect();
    let many = status(0).both(&refs).completed(12);
    assert_eq!(update_at(&many, &status(0), 0), []);
    // At 11 the states are checked: the first should have become active, the others stayed
    // inactive.
    let eleven = status(0).both(&refs[..11]).completed(11);
    assert_eq!(brief(&update_at(&eleven, &status(0), 0)).len(), 11);
}

#[test]
fn the_registered_validator_runs_on_status_writes() {
    let mut scheme = kapi_machinery::Scheme::new();
    crate::lifecycle::install(&mut scheme).expect("the lifecycle group installs");
    let old = eviction(&status(5));
    let new = eviction(&with_statuses(5, 4));
    let errs = strings(&scheme.validate_status(&new, &old));
    assert!(
        errs.iter().any(|e| e.starts_with("status.responders: Invalid value: ") && e.ends_with(same_length_detail())),
        "{errs:?}"
    );
    // The real clock: a start time far in the past is not the present.
    let old = eviction(&status(2));
    let new = eviction(&status(2).full(0, 5, 0, 1).state(COMPLETED, 0).state(ACTIVE, 1).start(-3600, 1, 2));
    let errs = strings(&validate_eviction_status_update(&new, &old));
    assert!(
        errs.iter()
            .any(|e| e.starts_with("status.responders[1].startTime: Invalid value: 2025-06-15 14:06:41 +0000 UTC")),
        "{errs:?}"
    );
}

fn same_length_detail() -> &'static str {
    "must be the same length as status.targetResponders and contain the same keys in the same order"
}

#[test]
fn status_writes_run_the_generated_rules_too() {
    let mut scheme = kapi_machinery::Scheme::new();
    crate::lifecycle::install(&mut scheme).expect("the lifecycle group installs");
    let old = eviction(&status(0));
    // A repeated responder: only the generated listType=map rule refuses it.
    let repeated = eviction(&status(0).both(&[R0, R0]).state(COMPLETED, 0).state(COMPLETED, 1));
    let errs = strings(&scheme.validate_status(&repeated, &old));
    assert!(errs.iter().any(|e| e.starts_with("status.targetResponders[1]: Duplicate value: ")), "{errs:?}");
    // Twelve responders: the generated maxItems rule.
    let names: Vec<String> = (0..12).map(responder).collect();
    let refs: Vec<&str> = names.iter().map(String::as_str).collect();
    let many = eviction(&status(0).both(&refs).completed(12));
    let errs = strings(&scheme.validate_status(&many, &old));
    assert!(
        errs.iter().any(|e| e.starts_with("status.targetResponders: Too many: 12: must have at most 11 items")),
        "{errs:?}"
    );
    // The rules ratchet: a stored status that already broke them may be written unchanged.
    assert_eq!(strings(&scheme.validate_status(&many, &many)), Vec::<String>::new());
}
