//! A local `APIService` (no `spec.service`) reports `Available` as `True`: set on create by kube-aggregator's strategy, and written to its status by its local availability controller after each write that leaves it otherwise.

use kapi_api::meta::resource::ResourceInfo;
use kapi_machinery::json::value::Value;
use kapi_machinery::types::Time;

use crate::tracker::SideWrite;
use crate::tracker::meta::{object_member_mut, set_member};

/// The condition type, its reason and its message (upstream's
/// `NewLocalAvailableAPIServiceCondition`).
const AVAILABLE: &str = "Available";
const REASON: &str = "Local";
const MESSAGE: &str = "Local APIServices are always available";

/// The status write that makes the stored `APIService` `api_service` (in `info`'s resource, as
/// JSON) available, if it is local and not already so: upstream's controller writes the status
/// only when `set_available` changed it.
pub(crate) fn availability(info: &ResourceInfo, api_service: &Value, now: Time) -> Option<SideWrite> {
    let mut object = api_service.clone();
    set_available(&mut object, now).then(|| SideWrite::UpdateStatus { resource: info.gvr(), object })
}

/// Sets a local `APIService`'s `Available` condition as upstream's `SetAPIServiceCondition` does
/// (appended when absent; its transition time moved to `now` only when the status changes;
/// reason and message always set), and says whether that changed it. The strategy's
/// `PrepareForCreate` does it on create, the controller after each write. An `APIService` naming
/// a service is the remote controller's, which needs the service's endpoints and is not run here.
pub(crate) fn set_available(api_service: &mut Value, now: Time) -> bool {
    if !matches!(api_service.get("spec").and_then(|s| s.get("service")), None | Some(Value::Null)) {
        return false;
    }
    let Some(status) = object_member_mut(api_service, "status") else { return false };
    let mut conditions = match status.get("conditions") {
        Some(Value::Array(items)) => items.clone(),
        _ => Vec::new(),
    };
    let text = |s: &str| Value::String(s.to_owned());
    match conditions.iter_mut().find(|c| c.get("type").and_then(Value::as_str) == Some(AVAILABLE)) {
        None => conditions.push(Value::Object(vec![
            ("type".into(), text(AVAILABLE)),
            ("status".into(), text("True")),
            ("lastTransitionTime".into(), Value::String(now.format_rfc3339())),
            ("reason".into(), text(REASON)),
            ("message".into(), text(MESSAGE)),
        ])),
        Some(c) => {
            if c.get("status").and_then(Value::as_str) != Some("True") {
                set_member(c, "status", Some(text("True")));
                set_member(c, "lastTransitionTime", Some(Value::String(now.format_rfc3339())));
            }
            set_member(c, "reason", Some(text(REASON)));
            set_member(c, "message", Some(text(MESSAGE)));
        }
    }
    let conditions = Value::Array(conditions);
    if status.get("conditions") == Some(&conditions) {
        return false;
    }
    set_member(status, "conditions", Some(conditions));
    true
}

#[cfg(test)]
mod tests {
    use kapi_machinery::json::value::parse;

    use super::*;

    fn info() -> ResourceInfo {
        kapi_api::resources()
            .into_iter()
            .find(|r| (r.group, r.resource) == ("apiregistration.k8s.io", "apiservices"))
            .expect("the build has apiregistration")
    }

    fn conditions(w: Option<SideWrite>) -> Option<String> {
        match w? {
            SideWrite::UpdateStatus { object, .. } => {
                let c = object.get("status")?.get("conditions")?;
                Some(String::from_utf8(c.to_compact_vec()).unwrap())
            }
            _ => None,
        }
    }

    #[test]
    fn a_local_api_service_becomes_available_once() {
        let now = Time::from_unix(1_700_000_000);
        let local =
            parse(br#"{"metadata":{"name":"v1.example.com"},"spec":{"group":"example.com","version":"v1"}}"#).unwrap();
        let written = conditions(availability(&info(), &local, now)).unwrap();
        assert_eq!(
            written,
            r#"[{"type":"Available","status":"True","lastTransitionTime":"2023-11-14T22:13:20Z","reason":"Local","message":"Local APIServices are always available"}]"#
        );
        // Already available: nothing to write.
        let mut done = local.clone();
        set_member(&mut done, "status", Some(parse(format!(r#"{{"conditions":{written}}}"#).as_bytes()).unwrap()));
        assert!(availability(&info(), &done, Time::from_unix(1_800_000_000)).is_none());
    }

    #[test]
    fn a_false_condition_turns_true_and_other_conditions_stay() {
        let now = Time::from_unix(1_700_000_000);
        let stale = parse(
            br#"{"metadata":{"name":"v1.example.com"},"spec":{},"status":{"conditions":[{"type":"Other","status":"False"},{"type":"Available","status":"False","lastTransitionTime":"2020-01-01T00:00:00Z","reason":"Mine","message":"m"}]}}"#,
        )
        .unwrap();
        assert_eq!(
            conditions(availability(&info(), &stale, now)).unwrap(),
            r#"[{"type":"Other","status":"False"},{"type":"Available","status":"True","lastTransitionTime":"2023-11-14T22:13:20Z","reason":"Local","message":"Local APIServices are always available"}]"#
        );
        // True already, with another reason: the reason changes, the transition time stays.
        let reasoned = parse(
            br#"{"spec":{},"status":{"conditions":[{"type":"Available","status":"True","lastTransitionTime":"2020-01-01T00:00:00Z","reason":"Mine"}]}}"#,
        )
        .unwrap();
        assert_eq!(
            conditions(availability(&info(), &reasoned, now)).unwrap(),
            r#"[{"type":"Available","status":"True","lastTransitionTime":"2020-01-01T00:00:00Z","reason":"Local","message":"Local APIServices are always available"}]"#
        );
    }

    #[test]
    fn a_remote_api_service_is_left_alone() {
        let remote = parse(br#"{"spec":{"service":{"namespace":"ns","name":"svc"}}}"#).unwrap();
        assert!(availability(&info(), &remote, Time::now()).is_none());
    }
}
