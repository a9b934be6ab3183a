//! The static type checker: result types, and cel-go's messages and positions for what does not type (cases from cel-go's `checker_test.go` and apiextensions-apiserver's `compilation_test.go`).

use super::{Env, Program, Type};

fn env() -> Env {
    let spec = Type::object(
        "selfType.spec",
        vec![
            ("replicas".into(), Type::Int),
            ("name".into(), Type::String),
            ("ratio".into(), Type::Double),
            ("tags".into(), Type::list(Type::String)),
            ("labels".into(), Type::map(Type::String, Type::String)),
            ("any".into(), Type::Dyn),
        ],
    );
    Env::new().var("self", Type::object("selfType", vec![("spec".into(), spec)])).var("x", Type::Dyn)
}

fn ty(src: &str) -> String {
    let p = Program::compile(src, &["self", "x"]).unwrap_or_else(|e| panic!("{src}: {e}"));
    match p.check(src, &env()) {
        Ok(t) => t.to_string(),
        Err(e) => e.to_string(),
    }
}

#[test]
fn the_overload_table_parses() {
    assert!(super::check::table_parses());
}

#[test]
fn result_types_are_inferred() {
    assert_eq!(ty("1 + 2"), "int");
    assert_eq!(ty("1u * 2u"), "uint");
    assert_eq!(ty("'a' + 'b'"), "string");
    assert_eq!(ty("[1, 2]"), "list(int)");
    assert_eq!(ty("[]"), "list(dyn)");
    assert_eq!(ty("{'a': 1}"), "map(string, int)");
    assert_eq!(ty("{'a': x}"), "map(string, dyn)");
    assert_eq!(ty("self.spec.replicas"), "int");
    assert_eq!(ty("self.spec.tags[0]"), "string");
    assert_eq!(ty("self.spec.labels['a']"), "string");
    assert_eq!(ty("self.spec.labels.a"), "string");
    assert_eq!(ty("self.spec.tags.map(t, size(t))"), "list(int)");
    assert_eq!(ty("self.spec.tags.filter(t, t != '')"), "list(string)");
    assert_eq!(ty("self.spec.tags.all(t, t != '')"), "bool");
    assert_eq!(ty("self.spec.labels.exists(k, k == 'a')"), "bool");
    assert_eq!(ty("x.y.z"), "dyn");
    assert_eq!(ty("x + 1"), "int");
    assert_eq!(ty("true ? 1 : 2"), "int");
    assert_eq!(ty("x > 1 ? 'big' : null"), "string");
    assert_eq!(ty("type(1)"), "type(int)");
    assert_eq!(ty("timestamp('2020-01-01T00:00:00Z') - duration('1s')"), "google.protobuf.Timestamp");
    assert_eq!(ty("self.spec.name.split(',')"), "list(string)");
    assert_eq!(ty("self.spec.tags.indexOf('a')"), "int");
    assert_eq!(ty("self.spec.name.indexOf('a')"), "int");
    assert_eq!(ty("quantity('1Gi').isLessThan(quantity('2Gi'))"), "bool");
    assert_eq!(ty("self.spec.?name"), "optional_type(string)");
    assert_eq!(ty("self.spec.?name.orValue('')"), "string");
    assert_eq!(ty("optional.none()"), "optional_type(dyn)");
    assert_eq!(ty("url('https://x').getQuery()"), "map(string, list(string))");
    assert_eq!(ty("x.size()"), "int");
    // A method known only for some receivers, on a `dyn` receiver.
    assert_eq!(ty("x.indexOf('a')"), "int");
    assert_eq!(ty("x.ip()"), "net.IP");
}

#[test]
fn operand_type_errors_are_compile_errors() {
    assert_eq!(ty("'a' + 1"), "ERROR: <input>:1:5: found no matching overload for '_+_' applied to '(string, int)'");
    assert_eq!(
        ty("self.spec.replicas == 'a'"),
        "ERROR: <input>:1:20: found no matching overload for '_==_' applied to '(int, string)'"
    );
    assert_eq!(
        ty("self.spec.name == null"),
        "ERROR: <input>:1:16: found no matching overload for '_==_' applied to '(string, null)'"
    );
    assert_eq!(ty("size(1)"), "ERROR: <input>:1:5: found no matching overload for 'size' applied to '(int)'");
    // Another number of arguments is no overload, not an unknown function, as in cel-go.
    assert_eq!(
        ty("size('a', 1)"),
        "ERROR: <input>:1:5: found no matching overload for 'size' applied to '(string, int)'"
    );
    assert_eq!(
        ty("'a'.startsWith()"),
        "ERROR: <input>:1:15: found no matching overload for 'startsWith' applied to 'string.()'"
    );
    assert_eq!(
        ty("self.spec.replicas.startsWith('a')"),
        "ERROR: <input>:1:30: found no matching overload for 'startsWith' applied to 'int.(string)'"
    );
    assert_eq!(ty("!1"), "ERROR: <input>:1:1: found no matching overload for '!_' applied to '(int)'");
    assert_eq!(
        ty("self.spec.tags + [1]"),
        "ERROR: <input>:1:16: found no matching overload for '_+_' applied to '(list(string), list(int))'"
    );
    assert_eq!(
        ty("self.spec.labels[1]"),
        "ERROR: <input>:1:17: found no matching overload for '_[_]' applied to '(map(string, string), int)'"
    );
    assert_eq!(ty("1 && true"), "ERROR: <input>:1:1: expected type 'bool' but found 'int'");
    assert_eq!(
        ty("true ? 'a' : 1"),
        "ERROR: <input>:1:6: found no matching overload for '_?_:_' applied to '(bool, string, int)'"
    );
}

#[test]
fn aggregate_literals_are_homogeneous() {
    assert_eq!(ty("[1, 'a']"), "ERROR: <input>:1:5: expected type 'int' but found 'string'");
    assert_eq!(ty("{'a': 1, 'b': 'c'}"), "ERROR: <input>:1:15: expected type 'int' but found 'string'");
    assert_eq!(ty("[1, x]"), "list(dyn)");
}

#[test]
fn fields_are_checked_against_object_types() {
    assert_eq!(ty("self.spec.b == 1"), "ERROR: <input>:1:10: undefined field 'b'");
    assert_eq!(ty("has(self.nope)"), "ERROR: <input>:1:9: undefined field 'nope'");
    assert_eq!(ty("self.spec.replicas.x"), "ERROR: <input>:1:19: type 'int' does not support field selection");
    assert_eq!(
        ty("self.spec.replicas.all(r, true)"),
        "ERROR: <input>:1:10: expression of type 'int' cannot be range of a comprehension (must be list, map, or dynamic)"
    );
    assert_eq!(ty("self.spec.tags.all(t, t)"), "ERROR: <input>:1:23: expected type 'bool' but found 'string'");
}

/// Where nothing is known, nothing is refused.
#[test]
fn dyn_matches_anything() {
    for src in
        ["x + 1", "x.foo.bar == 'a'", "x[0].y", "x.all(i, i.z)", "self.spec.any.y + 1", "x ? 1 : 2", "int(x) + 1"]
    {
        assert!(!ty(src).starts_with("ERROR"), "{src}: {}", ty(src));
    }
    // Numeric comparisons across types are declared (kube-apiserver enables them).
    assert_eq!(ty("self.spec.replicas < self.spec.ratio"), "bool");
}

/// Only the first error is reported, as the first line of cel-go's listing.
#[test]
fn the_earliest_error_is_the_one_reported() {
    assert_eq!(ty("self.nope + 'a' + 1"), "ERROR: <input>:1:5: undefined field 'nope'");
}

/// A variable the environment does not declare is `dyn`.
#[test]
fn undeclared_types_are_dyn() {
    let p = Program::compile("object.spec.x + 1", &["object"]).expect("compiles");
    assert_eq!(p.check("object.spec.x + 1", &Env::new()).map(|t| t.to_string()), Ok("int".into()));
}

/// cel-go checker cases (`checker_test.go`) that need no protobuf messages.
#[test]
fn cel_go_checker_cases() {
    assert_eq!(ty("[1, 2u]"), "ERROR: <input>:1:5: expected type 'int' but found 'uint'");
    assert_eq!(ty("{1: 'a', 2u: 'b'}"), "ERROR: <input>:1:10: expected type 'int' but found 'uint'");
    assert_eq!(ty("size([1]) + 1"), "int");
    assert_eq!(ty("[[1], [2]][0]"), "list(int)");
    assert_eq!(ty("{'a': [1]}['a'][0]"), "int");
    assert_eq!(ty("1 in [1, 2]"), "bool");
    assert_eq!(ty("'a' in {'a': 1}"), "bool");
    assert_eq!(
        ty("1 in {'a': 1}"),
        "ERROR: <input>:1:3: found no matching overload for '@in' applied to '(int, map(string, int))'"
    );
    assert_eq!(ty("-'a'"), "ERROR: <input>:1:1: found no matching overload for '-_' applied to '(string)'");
    assert_eq!(ty("1 / 2.0"), "ERROR: <input>:1:3: found no matching overload for '_/_' applied to '(int, double)'");
    assert_eq!(ty("type(1) == int"), "bool");
    assert_eq!(ty("[1].map(x, [x]).map(y, y[0] + 1)"), "list(int)");
    assert_eq!(ty("{'a': 1}.map(k, k + '!')"), "list(string)");
    assert_eq!(ty("[1, 2].exists_one(v, v == 1)"), "bool");
    assert_eq!(ty("dyn(1) + 'a'"), "string");
    assert_eq!(ty("timestamp('2020-01-01T00:00:00Z').getHours('UTC')"), "int");
    assert_eq!(ty("duration('1h') + timestamp('2020-01-01T00:00:00Z')"), "google.protobuf.Timestamp");
    assert_eq!(
        ty("duration('1h') - timestamp('2020-01-01T00:00:00Z')"),
        "ERROR: <input>:1:16: found no matching overload for '_-_' applied to '(google.protobuf.Duration, google.protobuf.Timestamp)'"
    );
}

/// A `dyn` the checker has to guess (an indexed object, an escaped field name) is told apart
/// from one cel-go gives too (a `dyn` variable's field, `dyn(…)`), so a caller refuses only
/// the latter where it wants a bool.
#[test]
fn guessed_dyn_is_told_apart() {
    let guessed = |src: &str| {
        let p = Program::compile(src, &["self", "x"]).unwrap_or_else(|e| panic!("{src}: {e}"));
        let c = p.type_check(src, &env()).unwrap_or_else(|e| panic!("{src}: {e}"));
        assert!(c.ty.is_dyn(), "{src}: {}", c.ty);
        c.guessed
    };
    assert!(!guessed("x.y"));
    assert!(!guessed("dyn(true)"));
    assert!(!guessed("self.spec.any"));
    assert!(!guessed("true ? x : false"));
    assert!(guessed("self['spec']"));
    assert!(guessed("self.spec.__any__"));
    let c = Program::compile("x.y == 1", &["x"]).unwrap().type_check("x.y == 1", &env()).unwrap();
    assert!(c.may_be(Type::is_bool) && !c.guessed);
    let c = Program::compile("x.y", &["x"]).unwrap().type_check("x.y", &env()).unwrap();
    assert!(!c.may_be(Type::is_bool));
}
