//! The authorizer library against a host that records what it is asked.

use std::sync::{Arc, Mutex};

use super::authz::{Authorizer, Check, Decision, authorizer};
use super::{PER_CALL_LIMIT, Program, Val};

/// Allows `get` and `approve` only, and records each check.
#[derive(Default)]
struct Host {
    asked: Mutex<Vec<Check>>,
}

impl Authorizer for Host {
    fn authorize(&self, check: &Check) -> Decision {
        self.asked.lock().unwrap().push(check.clone());
        if check.verb == "explode" {
            return Decision { allowed: false, reason: String::new(), error: Some("no authorizer".into()) };
        }
        let allowed = matches!(check.verb.as_str(), "get" | "approve");
        Decision { allowed, reason: if allowed { "rule".into() } else { String::new() }, error: None }
    }
}

fn run(src: &str) -> (Result<Val, String>, Vec<Check>) {
    let host = Arc::new(Host::default());
    let request = Check {
        group: "apps".into(),
        resource: "deployments".into(),
        namespace: "ns".into(),
        name: "web".into(),
        verb: "create".into(),
        ..Default::default()
    };
    let p = Program::compile(src, &["authorizer"]).unwrap_or_else(|e| panic!("{src}: {e}"));
    let vars = [("authorizer", authorizer(host.clone(), request))];
    let r = p.eval(&vars, PER_CALL_LIMIT).result.map_err(|e| e.to_string());
    let asked = host.asked.lock().unwrap().clone();
    (r, asked)
}

#[test]
fn resource_checks_carry_what_was_built() {
    let (r, asked) =
        run("authorizer.group('').resource('pods').subresource('log').namespace('x').name('p').check('get').allowed()");
    assert!(matches!(r, Ok(Val::Bool(true))));
    assert_eq!(
        asked,
        [Check {
            resource: "pods".into(),
            subresource: "log".into(),
            namespace: "x".into(),
            name: "p".into(),
            verb: "get".into(),
            ..Default::default()
        }]
    );
    let (r, _) = run("authorizer.group('apps').resource('deployments').check('delete').reason()");
    assert!(matches!(r, Ok(Val::Str(s)) if s.is_empty()));
}

#[test]
fn request_resource_and_service_accounts() {
    let (r, asked) = run("authorizer.serviceAccount('kube-system', 'bot').requestResource.check('approve').allowed()");
    assert!(matches!(r, Ok(Val::Bool(true))));
    assert_eq!(asked[0].service_account, Some(("kube-system".into(), "bot".into())));
    assert_eq!((asked[0].group.as_str(), asked[0].name.as_str(), asked[0].verb.as_str()), ("apps", "web", "approve"));
    // A path's HTTP verb is asked in lower case.
    let (r, asked) = run("authorizer.path('/healthz').check('GET').allowed()");
    assert!(matches!(r, Ok(Val::Bool(true))));
    assert_eq!((asked[0].path.as_deref(), asked[0].verb.as_str()), (Some("/healthz"), "get"));
}

#[test]
fn decisions_report_errors_and_misuse_is_no_overload() {
    let (r, _) = run("authorizer.requestResource.check('explode').errored()");
    assert!(matches!(r, Ok(Val::Bool(true))));
    let (r, _) = run("authorizer.requestResource.check('explode').error()");
    assert!(matches!(r, Ok(Val::Str(s)) if &*s == "no authorizer"));
    // A group check has no verb to check; a decision is not a check.
    assert_eq!(run("authorizer.group('apps').check('get')").0.unwrap_err(), "no such overload");
    assert_eq!(run("authorizer.requestResource.check('get').check('get')").0.unwrap_err(), "no such overload");
    assert!(matches!(run("type(authorizer.requestResource) == type(authorizer)").0, Ok(Val::Bool(false))));
}
