//! The device taint rule strategy's `PrepareForUpdate`: a taint whose effect changes is dated anew unless the update dates it itself.

use kapi_machinery::json::value::Value;
use kapi_machinery::types::Time;

use crate::tracker::meta::{member_mut, set_member};

/// Upstream's bump of `spec.taint.timeAdded` (whole seconds, what the encoding keeps) when the
/// taint's `effect` differs from the stored rule's and `timeAdded` does not (both absent counts as
/// equal), so that it says when the current effect was added. A create needs none of this: the
/// versions' defaulting (`SetDefaults_DeviceTaint`) dates a taint that has no `timeAdded`.
pub(crate) fn date_effect_change(rule: &mut Value, old: &Value, now: Time) {
    let taint_member = |v: &Value, member: &str| v.get("spec")?.get("taint")?.get(member).cloned();
    let effect = |v: &Value| taint_member(v, "effect");
    let time_added = |v: &Value| taint_member(v, "timeAdded").and_then(|t| t.as_str().map(Time::parse_rfc3339));
    if effect(rule) == effect(old) || !same_time(time_added(rule), time_added(old)) {
        return;
    }
    if let Some(spec) = member_mut(rule, "spec")
        && let Some(taint) = member_mut(spec, "taint")
    {
        set_member(taint, "timeAdded", Some(Value::String(now.format_rfc3339())));
    }
}

/// Go's `(*metav1.Time).Equal`: two absent times are equal, an absent and a present one are not,
/// two present ones are when they name the same instant (one that does not parse equals nothing).
fn same_time<E>(a: Option<Result<Time, E>>, b: Option<Result<Time, E>>) -> bool {
    match (a, b) {
        (None, None) => true,
        (Some(Ok(a)), Some(Ok(b))) => a == b,
        _ => false,
    }
}

#[cfg(test)]
mod tests {
    use kapi_machinery::json::value::parse;

    use super::*;

    fn rule(effect: &str, time: Option<&str>) -> Value {
        let time = time.map(|t| format!(r#","timeAdded":"{t}""#)).unwrap_or_default();
        parse(format!(r#"{{"spec":{{"taint":{{"key":"k","effect":"{effect}"{time}}}}}}}"#).as_bytes()).unwrap()
    }

    fn time_added(v: &Value) -> Option<&str> {
        v.get("spec")?.get("taint")?.get("timeAdded")?.as_str()
    }

    const T0: &str = "2025-01-01T00:00:00Z";
    const T1: &str = "2025-06-01T00:00:00Z";

    #[test]
    fn a_changed_effect_is_dated_now_unless_the_update_dates_it() {
        let now = Time::from_unix(1_800_000_000);
        let old = rule("NoSchedule", Some(T0));
        let mut changed = rule("NoExecute", Some(T0));
        date_effect_change(&mut changed, &old, now);
        assert_eq!(time_added(&changed), Some("2027-01-15T08:00:00Z"));
        let mut dated = rule("NoExecute", Some(T1));
        date_effect_change(&mut dated, &old, now);
        assert_eq!(time_added(&dated), Some(T1));
        // A cleared time differs from the stored one, so the client's choice stands.
        let mut cleared = rule("NoExecute", None);
        date_effect_change(&mut cleared, &old, now);
        assert_eq!(time_added(&cleared), None);
    }

    #[test]
    fn the_same_effect_keeps_its_time_and_two_absent_times_are_equal() {
        let now = Time::from_unix(1_800_000_000);
        let mut same = rule("NoSchedule", Some(T1));
        date_effect_change(&mut same, &rule("NoSchedule", Some(T0)), now);
        assert_eq!(time_added(&same), Some(T1));
        let mut undated = rule("None", None);
        date_effect_change(&mut undated, &rule("NoSchedule", None), now);
        assert_eq!(time_added(&undated), Some("2027-01-15T08:00:00Z"));
    }
}
