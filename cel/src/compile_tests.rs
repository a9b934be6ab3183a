//! What compiling reports before anything runs: cel-go's text for a bracket missing at the end, and the result types the outermost form of an expression fixes.

use super::Program;

const VARS: &[&str] = &["object", "params"];

fn err(src: &str) -> String {
    Program::compile(src, VARS).map(|_| String::from("compiled")).unwrap_or_else(|e| e.to_string())
}

fn fixed(src: &str) -> Option<&'static str> {
    Program::compile(src, VARS).expect("compiles").fixed_type()
}

/// Upstream's admission validation tests pin these two texts (`validation_test.go`, "invalid
/// expression"): the column counts the trailing blank.
#[test]
fn a_closer_missing_at_the_end_is_named() {
    assert_eq!(err("object.x in [1, 2, "), "ERROR: <input>:1:20: Syntax error: missing ']' at '<EOF>'");
    assert_eq!(err("object.x in [1, 2,"), "ERROR: <input>:1:19: Syntax error: missing ']' at '<EOF>'");
    assert_eq!(err("[1, 2"), "ERROR: <input>:1:6: Syntax error: missing ']' at '<EOF>'");
    assert_eq!(err("(1 + 2"), "ERROR: <input>:1:7: Syntax error: missing ')' at '<EOF>'");
    assert_eq!(err("size(object"), "ERROR: <input>:1:12: Syntax error: missing ')' at '<EOF>'");
    assert_eq!(err("{'a': 1"), "ERROR: <input>:1:8: Syntax error: missing '}' at '<EOF>'");
    assert_eq!(err("object['a'"), "ERROR: <input>:1:11: Syntax error: missing ']' at '<EOF>'");
}

/// Where more than the one bracket is missing, cel-go finds no single token to insert.
#[test]
fn a_closer_inside_other_brackets_is_a_mismatch() {
    assert_eq!(err("size([1"), "ERROR: <input>:1:8: Syntax error: mismatched input '<EOF>'");
    assert_eq!(err("true ? [1"), "ERROR: <input>:1:10: Syntax error: mismatched input '<EOF>'");
}

#[test]
fn the_outermost_form_fixes_some_result_types() {
    assert_eq!(fixed("6"), Some("int"));
    assert_eq!(fixed("0 == 0"), Some("bool"));
    assert_eq!(fixed("'a'"), Some("string"));
    assert_eq!(fixed("null"), Some("null_type"));
    assert_eq!(fixed("object.a && object.b"), Some("bool"));
    assert_eq!(fixed("!object.a"), Some("bool"));
    assert_eq!(fixed("has(object.a)"), Some("bool"));
    assert_eq!(fixed("object.items.all(i, i > 0)"), Some("bool"));
    assert_eq!(fixed("object.items.map(i, i)"), Some("list"));
    assert_eq!(fixed("string(object.a)"), Some("string"));
    assert_eq!(fixed("object.a.size()"), Some("int"));
    assert_eq!(fixed("[1]"), Some("list"));
}

/// Nothing is claimed where the answer depends on the variables' values.
#[test]
fn other_forms_fix_no_result_type() {
    for src in
        ["object", "object.a", "object['a']", "object.a + 1", "true ? 'a' : 1", "object.a.lowerAscii()", "-object.a"]
    {
        assert_eq!(fixed(src), None, "{src}");
    }
}

/// cel-go's display of an issue, as `kubectl` users see it in upstream's admission errors
/// (`undeclared reference to 'foo' (in container '')\n | foo()\n | ...^`).
#[test]
fn a_snippet_puts_a_caret_under_the_column() {
    let shown = |src: &str| Program::compile(src, VARS).map(|_| String::new()).unwrap_or_else(|e| e.with_snippet(src));
    assert_eq!(shown("test"), "ERROR: <input>:1:1: undeclared reference to 'test' (in container '')\n | test\n | ^");
    assert_eq!(
        shown("object.x in [1, 2,"),
        "ERROR: <input>:1:19: Syntax error: missing ']' at '<EOF>'\n | object.x in [1, 2,\n | ..................^"
    );
    assert_eq!(
        shown("object.a &&\n\tnope"),
        "ERROR: <input>:2:2: undeclared reference to 'nope' (in container '')\n |  nope\n | .^"
    );
    // A call is placed at its `(`, as cel-go's parser places it, for an unknown function too
    // (cel-go's checker tests `fun()`, `'string'.fun()`, `undef()`).
    assert_eq!(
        shown("fun()"),
        "ERROR: <input>:1:4: undeclared reference to 'fun' (in container '')\n | fun()\n | ...^"
    );
    assert_eq!(
        shown("'string'.fun()"),
        "ERROR: <input>:1:13: undeclared reference to 'fun' (in container '')\n | 'string'.fun()\n | ............^"
    );
    assert_eq!(
        shown("undef()"),
        "ERROR: <input>:1:6: undeclared reference to 'undef' (in container '')\n | undef()\n | .....^"
    );
    assert_eq!(
        shown("'é' + x"),
        "ERROR: <input>:1:7: undeclared reference to 'x' (in container '')\n | 'é' + x\n | .．....^"
    );
}
