//! The semver library (upstream's `semver_test.go` and blang/semver's parse errors) and the `cel.bind` macro, checked and evaluated.

use super::{Env, PER_CALL_LIMIT, Program, Semver, Type, Val};

fn run(src: &str) -> Result<Val, String> {
    let p = Program::compile(src, &[]).map_err(|e| format!("compile: {e}"))?;
    p.check(src, &Env::new()).map_err(|e| format!("check: {e}"))?;
    p.eval(&[], PER_CALL_LIMIT).result.map_err(|e| e.to_string())
}

fn ty(src: &str) -> String {
    match Program::compile(src, &["x"]) {
        Ok(p) => p.check(src, &Env::new().var("x", Type::Dyn)).map_or_else(|e| e.to_string(), |t| t.to_string()),
        Err(e) => e.to_string(),
    }
}

#[track_caller]
fn yes(src: &str) {
    assert!(matches!(run(src), Ok(Val::Bool(true))), "{src}: {:?}", run(src));
}

#[track_caller]
fn no(src: &str) {
    assert!(matches!(run(src), Ok(Val::Bool(false))), "{src}: {:?}", run(src));
}

#[track_caller]
fn int(src: &str, want: i64) {
    assert!(matches!(run(src), Ok(Val::Int(n)) if n == want), "{src}: {:?}", run(src));
}

/// Upstream's `TestSemver` cases, each as its expression.
#[test]
fn upstream_cases() {
    assert!(matches!(run(r#"semver("1.2.3")"#), Ok(Val::Semver(v)) if v.to_string() == "1.2.3"));
    assert_eq!(run(r#"semver("v1.0")"#).unwrap_err(), "No Major.Minor.Patch elements found");
    yes(r#"isSemver("1.2.3-beta.1+build.1")"#);
    for bad in ["", "v1.0.0", " 1.0.0", "1. 0.0", "1.0.0 ", "01.01.01", "1", "1.1"] {
        no(&format!("isSemver({bad:?})"));
    }
    for bad in ["", " 1.0.0", "1. 0.0", "1.0.0 "] {
        no(&format!("isSemver({bad:?}, true)"));
    }
    for good in ["v1.0.0", "01.01.01", "1", "1.1"] {
        yes(&format!("isSemver({good:?}, true)"));
    }
    assert_eq!(
        ty("isSemver([1, 2, 3])"),
        "ERROR: <input>:1:9: found no matching overload for 'isSemver' applied to '(list(int))'"
    );
    yes(r#"semver("v01.01", true) == semver("1.1.0")"#);
    yes(r#"semver("1.2.3") == semver("1.2.3")"#);
    no(r#"semver("1.2.3") == semver("1.0.0")"#);
    yes(r#"semver("1.0.0").isLessThan(semver("1.2.3"))"#);
    no(r#"semver("1.0.0").isLessThan(semver("1.0.0"))"#);
    yes(r#"semver("1.2.3").isGreaterThan(semver("1.0.0"))"#);
    no(r#"semver("1.0.0").isGreaterThan(semver("1.0.0"))"#);
    int(r#"semver("1.2.3").compareTo(semver("1.2.3"))"#, 0);
    int(r#"semver("1.0.0").compareTo(semver("1.2.3"))"#, -1);
    int(r#"semver("1.2.3").compareTo(semver("1.0.0"))"#, 1);
    int(r#"semver("1.2.3").major()"#, 1);
    int(r#"semver("1.2.3").minor()"#, 2);
    int(r#"semver("1.2.3").patch()"#, 3);
}

/// blang/semver's `Parse` errors, which `semver()` returns as they are.
#[test]
fn parse_errors_are_blangs() {
    for (src, want) in [
        ("", "Version string empty"),
        ("1.2", "No Major.Minor.Patch elements found"),
        ("a.2.3", r#"Invalid character(s) found in major number "a""#),
        ("01.2.3", r#"Major number must not contain leading zeroes "01""#),
        ("1.b.3", r#"Invalid character(s) found in minor number "b""#),
        ("1.02.3", r#"Minor number must not contain leading zeroes "02""#),
        ("1.2.c", r#"Invalid character(s) found in patch number "c""#),
        ("1.2.03", r#"Patch number must not contain leading zeroes "03""#),
        (".2.3", r#"strconv.ParseUint: parsing "": invalid syntax"#),
        ("99999999999999999999.0.0", r#"strconv.ParseUint: parsing "99999999999999999999": value out of range"#),
        ("1.2.3-", "Prerelease is empty"),
        ("1.2.3-a..b", "Prerelease is empty"),
        ("1.2.3-01", r#"Numeric PreRelease version must not contain leading zeroes "01""#),
        ("1.2.3-a_b", r#"Invalid character(s) found in prerelease "a_b""#),
        ("1.2.3+", "Build meta data is empty"),
        ("1.2.3+a_b", r#"Invalid character(s) found in build meta data "a_b""#),
    ] {
        assert_eq!(Semver::parse(src).unwrap_err(), want, "{src:?}");
        assert_eq!(run(&format!("semver({src:?})")).unwrap_err(), want, "{src:?}");
    }
    assert_eq!(
        Semver::parse_normalized("1-rc").unwrap_err(),
        "short version cannot contain PreRelease/Build meta data"
    );
    // Leading zeros go only from the first three parts; a prerelease keeps its own rule.
    assert_eq!(
        Semver::parse_normalized("v001.0.0-01").unwrap_err(),
        r#"Numeric PreRelease version must not contain leading zeroes "01""#
    );
    assert_eq!(
        Semver::parse_normalized("v00.0a.1").map(|v| v.to_string()),
        Err(r#"Invalid character(s) found in minor number "0a""#.into())
    );
}

/// semver.org's precedence: prereleases below the release, numeric identifiers below text,
/// more identifiers above fewer, build metadata ignored (also by `==`).
#[test]
fn precedence() {
    let order = [
        "1.0.0-alpha",
        "1.0.0-alpha.1",
        "1.0.0-alpha.beta",
        "1.0.0-beta",
        "1.0.0-beta.2",
        "1.0.0-beta.11",
        "1.0.0-rc.1",
        "1.0.0",
        "1.0.1",
        "1.1.0",
        "2.0.0",
    ];
    for w in order.windows(2) {
        yes(&format!("semver({:?}).isLessThan(semver({:?}))", w[0], w[1]));
        yes(&format!("semver({:?}).isGreaterThan(semver({:?}))", w[1], w[0]));
    }
    yes(r#"semver("1.0.0+a") == semver("1.0.0+b")"#);
    int(r#"semver("1.0.0+a").compareTo(semver("1.0.0"))"#, 0);
    assert!(matches!(run(r#"type(semver("1.0.0")) == type(semver("2.0.0"))"#), Ok(Val::Bool(true))));
    assert_eq!(Semver::parse("1.2.3-rc.1+build.5").map(|v| v.to_string()), Ok("1.2.3-rc.1+build.5".into()));
}

#[test]
fn types_are_checked() {
    assert_eq!(ty(r#"semver("1.0.0")"#), "kubernetes.Semver");
    assert_eq!(ty(r#"semver("1.0.0", true).major()"#), "int");
    assert_eq!(ty(r#"semver("1.0.0").compareTo(semver("2.0.0"))"#), "int");
    assert_eq!(ty("x.isGreaterThan(semver('1.0.0'))"), "bool");
    assert_eq!(
        ty(r#"semver("1.0.0") == "1.0.0""#),
        "ERROR: <input>:1:17: found no matching overload for '_==_' applied to '(kubernetes.Semver, string)'"
    );
    assert_eq!(
        ty(r#"semver("1.0.0").isLessThan(quantity("1"))"#),
        "ERROR: <input>:1:27: found no matching overload for 'isLessThan' applied to 'kubernetes.Semver.(kubernetes.Quantity)'"
    );
    assert_eq!(ty("semver(1)"), "ERROR: <input>:1:7: found no matching overload for 'semver' applied to '(int)'");
    assert_eq!(
        ty("semver('1.0.0', 'x')"),
        "ERROR: <input>:1:7: found no matching overload for 'semver' applied to '(string, string)'"
    );
    assert_eq!(
        ty("'1.0.0'.major()"),
        "ERROR: <input>:1:14: found no matching overload for 'major' applied to 'string.()'"
    );
}

/// `dyn` receivers reach the semver methods at run time; other types have no overload.
#[test]
fn wrong_receivers_fail_at_run_time() {
    assert_eq!(run("dyn(1).major()").unwrap_err(), "no such overload");
    assert_eq!(run("semver('1.0.0').isLessThan(dyn(quantity('1')))").unwrap_err(), "no such overload");
    assert_eq!(run("semver(dyn(1))").unwrap_err(), "no such overload");
}

fn bind(src: &str) -> Result<Program, String> {
    Program::compile_with_bindings(src, &["x"]).map_err(|e| e.to_string())
}

#[test]
fn bind_names_a_value_once() {
    let src = "cel.bind(v, x + 1, v * v + v)";
    let p = bind(src).unwrap();
    assert_eq!(p.check(src, &Env::new().var("x", Type::Int)).map(|t| t.to_string()), Ok("int".into()));
    assert!(matches!(p.eval(&[("x", Val::Int(2))], PER_CALL_LIMIT).result, Ok(Val::Int(12))));
    // Nested, shadowing the outer name.
    let src = "cel.bind(a, 'x', cel.bind(a, a + 'y', a)) == 'xy'";
    let p = bind(src).unwrap();
    assert!(matches!(p.eval(&[("x", Val::Null)], PER_CALL_LIMIT).result, Ok(Val::Bool(true))));
    let src = "cel.bind(v, 'a', v + 1)";
    assert_eq!(
        bind(src).unwrap().check(src, &Env::new()).unwrap_err().to_string(),
        "ERROR: <input>:1:20: found no matching overload for '_+_' applied to '(string, int)'"
    );
    // The variable is bound in the body only.
    assert_eq!(
        bind("cel.bind(v, v, true)").unwrap_err(),
        "ERROR: <input>:1:13: undeclared reference to 'v' (in container '')"
    );
    assert_eq!(
        bind("cel.bind(v, 1, v) && v").unwrap_err(),
        "ERROR: <input>:1:22: undeclared reference to 'v' (in container '')"
    );
    assert_eq!(
        bind("cel.bind(x.y, 1, true)").unwrap_err(),
        "ERROR: <input>:1:10: cel.bind() variable names must be simple identifiers"
    );
}

/// Environments without `ext.Bindings` do not know `cel`.
#[test]
fn bind_is_only_where_declared() {
    assert_eq!(
        Program::compile("cel.bind(v, 1, v == 1)", &["x"]).unwrap_err().to_string(),
        "ERROR: <input>:1:1: undeclared reference to 'cel' (in container '')"
    );
}
