//! Certificate signing requests' `status` and `approval` strategies: conditions' timestamps filled in, and a `status` write's `Approved` and `Denied` conditions kept as stored.

use kapi_machinery::json::value::Value;
use kapi_machinery::types::Time;

use crate::tracker::meta::{member_mut, set_member};

/// The condition types only `approval` may change (upstream's `CertificateApproved`,
/// `CertificateDenied`).
const APPROVAL_TYPES: [&str; 2] = ["Approved", "Denied"];

/// The `status` strategy's `PrepareForUpdate` on the merged request `csr`: each `Approved` and
/// `Denied` condition is the stored one at the same rank among its type, unless the write adds or
/// removes some (then validation refuses the change), and the timestamps are filled in.
pub(crate) fn status_update(csr: &mut Value, old: &Value, now: Time) {
    let stored = conditions(old).cloned().unwrap_or_default();
    if let Some(new) = conditions_mut(csr) {
        for kind in APPROVAL_TYPES {
            let of_type = |list: &[Value]| -> Vec<usize> {
                list.iter().enumerate().filter(|(_, c)| text(c, "type") == Some(kind)).map(|(i, _)| i).collect()
            };
            let (old_at, new_at) = (of_type(&stored), of_type(new));
            if old_at.len() == new_at.len() {
                for (o, n) in old_at.into_iter().zip(new_at) {
                    new[n] = stored[o].clone();
                }
            }
        }
    }
    populate_timestamps(csr, old, now);
}

/// The `approval` strategy's `PrepareForUpdate`: the timestamps filled in (the tracker already took
/// only the conditions from the write).
pub(crate) fn approval_update(csr: &mut Value, old: &Value, now: Time) {
    populate_timestamps(csr, old, now);
}

/// Upstream's `populateConditionTimestamps`: a condition without `lastUpdateTime` gets `now`; one
/// without `lastTransitionTime` gets that of the first stored condition of the same type and
/// status that has one, else `now`.
fn populate_timestamps(csr: &mut Value, old: &Value, now: Time) {
    let stored = conditions(old).cloned().unwrap_or_default();
    let Some(new) = conditions_mut(csr) else { return };
    let stamp = Value::String(now.format_rfc3339());
    for c in new.iter_mut() {
        if is_zero(c.get("lastUpdateTime")) {
            set_member(c, "lastUpdateTime", Some(stamp.clone()));
        }
        if is_zero(c.get("lastTransitionTime")) {
            let same = stored.iter().find(|o| {
                text(o, "type") == text(c, "type")
                    && text(o, "status") == text(c, "status")
                    && !is_zero(o.get("lastTransitionTime"))
            });
            let at = same.and_then(|o| o.get("lastTransitionTime")).cloned().unwrap_or_else(|| stamp.clone());
            set_member(c, "lastTransitionTime", Some(at));
        }
    }
}

fn conditions(csr: &Value) -> Option<&Vec<Value>> {
    match csr.get("status")?.get("conditions")? {
        Value::Array(items) => Some(items),
        _ => None,
    }
}

fn conditions_mut(csr: &mut Value) -> Option<&mut Vec<Value>> {
    match member_mut(member_mut(csr, "status")?, "conditions")? {
        Value::Array(items) => Some(items),
        _ => None,
    }
}

fn text<'a>(v: &'a Value, key: &str) -> Option<&'a str> {
    v.get(key).and_then(Value::as_str)
}

/// A zero `metav1.Time` is written as `null` or left out.
fn is_zero(v: Option<&Value>) -> bool {
    matches!(v, None | Some(Value::Null))
}

#[cfg(test)]
mod tests {
    use kapi_machinery::json::value::parse;

    use super::*;

    fn conditions_text(v: &Value) -> String {
        String::from_utf8(v.get("status").and_then(|s| s.get("conditions")).unwrap().to_compact_vec()).unwrap()
    }

    #[test]
    fn timestamps_are_copied_from_the_same_condition_or_set_to_now() {
        let now = Time::from_unix(1_700_000_000);
        let old = parse(
            br#"{"status":{"conditions":[{"type":"Failed","status":"True","lastUpdateTime":"2020-01-01T00:00:00Z","lastTransitionTime":"2020-01-01T00:00:00Z"}]}}"#,
        )
        .unwrap();
        let mut csr = parse(
            br#"{"status":{"conditions":[{"type":"Failed","status":"True"},{"type":"Failed","status":"False","lastUpdateTime":null},{"type":"X","status":"True","lastUpdateTime":"2021-01-01T00:00:00Z","lastTransitionTime":"2021-01-01T00:00:00Z"}]}}"#,
        )
        .unwrap();
        populate_timestamps(&mut csr, &old, now);
        assert_eq!(
            conditions_text(&csr),
            r#"[{"type":"Failed","status":"True","lastUpdateTime":"2023-11-14T22:13:20Z","lastTransitionTime":"2020-01-01T00:00:00Z"},{"type":"Failed","status":"False","lastUpdateTime":"2023-11-14T22:13:20Z","lastTransitionTime":"2023-11-14T22:13:20Z"},{"type":"X","status":"True","lastUpdateTime":"2021-01-01T00:00:00Z","lastTransitionTime":"2021-01-01T00:00:00Z"}]"#
        );
    }

    #[test]
    fn a_status_write_keeps_the_stored_approval_unless_it_adds_or_removes_one() {
        let now = Time::from_unix(1_700_000_000);
        let approved = r#"{"type":"Approved","status":"True","reason":"R","lastUpdateTime":"2020-01-01T00:00:00Z","lastTransitionTime":"2020-01-01T00:00:00Z"}"#;
        let old = parse(format!(r#"{{"status":{{"conditions":[{approved}]}}}}"#).as_bytes()).unwrap();
        // Changed in place: the stored one comes back.
        let mut csr =
            parse(br#"{"status":{"conditions":[{"type":"Approved","status":"False","reason":"Mine"}]}}"#).unwrap();
        status_update(&mut csr, &old, now);
        assert_eq!(conditions_text(&csr), format!("[{approved}]"));
        // Another `Denied` added: left for validation to refuse, its timestamps filled in.
        let mut csr = parse(
            format!(r#"{{"status":{{"conditions":[{approved},{{"type":"Denied","status":"True"}}]}}}}"#).as_bytes(),
        )
        .unwrap();
        status_update(&mut csr, &old, now);
        assert_eq!(
            conditions_text(&csr),
            format!(
                r#"[{approved},{{"type":"Denied","status":"True","lastUpdateTime":"2023-11-14T22:13:20Z","lastTransitionTime":"2023-11-14T22:13:20Z"}}]"#
            )
        );
    }
}
