//! Message construction (`Object.spec{…}`, `JSONPatch{…}`) and `jsonpatch.escapeKey`, as a MutatingAdmissionPolicy's expressions use them.

use super::{MapVal, PER_CALL_LIMIT, Program, Val, map_of};

const VARS: &[&str] = &["object", "params"];
const MESSAGES: &[&str] = &["Object", "JSONPatch"];

fn object() -> Val {
    let s = |t: &str| Val::string(t);
    let spec = map_of(vec![(s("replicas"), Val::Int(2)), (s("paused"), Val::Bool(false))]).expect("map");
    map_of(vec![(s("spec"), spec)]).expect("map")
}

fn run(src: &str) -> Result<Val, String> {
    let p = Program::compile_with_messages(src, VARS, MESSAGES).map_err(|e| format!("compile: {e}"))?;
    p.eval(&[("object", object()), ("params", Val::Null)], PER_CALL_LIMIT).result.map_err(|e| e.to_string())
}

fn message(v: &Val) -> &MapVal {
    match v {
        Val::Map(m) => m,
        other => panic!("not a message: {other:?}"),
    }
}

#[test]
fn objects_nest_with_their_type_names() {
    let v = run("Object{spec: Object.spec{replicas: object.spec.replicas + 1, selector: {'app': 'web'}}}").unwrap();
    let root = message(&v);
    assert_eq!(root.message_type(), Some("Object"));
    let spec = message(root.get_str("spec").unwrap());
    assert_eq!(spec.message_type(), Some("Object.spec"));
    assert!(matches!(spec.get_str("replicas"), Some(Val::Int(3))));
    // A plain map stays a map.
    assert_eq!(message(spec.get_str("selector").unwrap()).message_type(), None);
    // Fields read back as a map's would.
    assert!(matches!(run("Object{spec: Object.spec{replicas: 4}}.spec.replicas == 4"), Ok(Val::Bool(true))));
}

#[test]
fn optional_fields_are_set_only_when_present() {
    let v = run("Object.spec{?replicas: optional.none(), ?paused: optional.of(true), minReadySeconds: 5}").unwrap();
    let spec = message(&v);
    assert!(spec.get_str("replicas").is_none());
    assert!(matches!(spec.get_str("paused"), Some(Val::Bool(true))));
    assert_eq!(spec.len(), 2);
    // `?field` takes an optional, nothing else.
    assert_eq!(run("Object.spec{?replicas: 3}").unwrap_err(), "no such overload");
}

#[test]
fn json_patches_take_their_four_fields() {
    let v = run("[JSONPatch{op: 'add', path: '/spec/replicas', value: 3}]").unwrap();
    let Val::List(items) = v else { panic!("not a list") };
    let op = message(&items[0]);
    assert_eq!(op.message_type(), Some("JSONPatch"));
    assert!(matches!(op.get_str("path"), Some(Val::Str(p)) if &**p == "/spec/replicas"));
    assert_eq!(run("JSONPatch{op: 1, path: '/x'}").unwrap_err(), "unexpected type int64 for JSONPatchType 'op' field");
    let e = run("JSONPatch{op: 'add', paths: '/x'}").unwrap_err();
    assert!(e.contains("undefined field 'paths'"), "{e}");
}

#[test]
fn unknown_types_and_bare_names_do_not_compile() {
    for (src, want) in [
        ("Deployment{spec: 1}", "undeclared reference to 'Deployment'"),
        ("Object.spec", "undeclared reference to 'Object.spec'"),
        ("JSONPatch.value{}", "undeclared reference to 'JSONPatch.value'"),
        ("Object{spec 1}", "Syntax error"),
    ] {
        let e = run(src).unwrap_err();
        assert!(e.starts_with("compile: ") && e.contains(want), "{src}: {e}");
    }
    // Without the message types declared, `Object` is an unknown name as before.
    let e = Program::compile("Object{}", VARS).unwrap_err().to_string();
    assert!(e.contains("undeclared reference to 'Object'"), "{e}");
}

#[test]
fn escape_key_makes_one_pointer_token() {
    let v = run("jsonpatch.escapeKey('example.com/a~b')").unwrap();
    assert!(matches!(v, Val::Str(s) if &*s == "example.com~1a~0b"));
    let v = run("'/metadata/labels/' + jsonpatch.escapeKey('~/')").unwrap();
    assert!(matches!(v, Val::Str(s) if &*s == "/metadata/labels/~0~1"));
}
