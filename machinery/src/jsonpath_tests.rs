//! Upstream's `TestParser` and `TestFailParser` cases (client-go v0.36.3 `util/jsonpath`) as whole trees and exact error texts, with more of its messages and the bounds.

use super::*;

fn text(s: &str) -> Node {
    Node::Text(s.into())
}

fn field(s: &str) -> Node {
    Node::Field(s.into())
}

fn ident(s: &str) -> Node {
    Node::Identifier(s.into())
}

fn p(value: i64, known: bool, derived: bool) -> ArrayParam {
    ArrayParam { value, known, derived }
}

const UNKNOWN: ArrayParam = ArrayParam { value: 0, known: false, derived: false };

fn filter(left: Vec<Node>, operator: &str, right: Vec<Node>) -> Node {
    Node::Filter { left, right, operator: operator.into() }
}

/// `[?(@.status.nodeInfo.osImage == <right>)]` as upstream's cases write it.
fn os_image(right: &str) -> Vec<Node> {
    vec![Node::List(vec![filter(vec![field("status"), field("nodeInfo"), field("osImage")], "==", vec![text(right)])])]
}

fn parsed(input: &str) -> Vec<Node> {
    match parse(input) {
        Ok(nodes) => nodes,
        Err(e) => panic!("{input:?}: {e}"),
    }
}

fn error(input: &str) -> String {
    match parse(input) {
        Ok(nodes) => panic!("{input:?} parsed: {nodes:?}"),
        Err(e) => e.to_string(),
    }
}

#[test]
fn upstream_parser_cases() {
    let cases: Vec<(&str, &str, Vec<Node>)> = vec![
        ("plain", "hello jsonpath", vec![text("hello jsonpath")]),
        ("variable", "hello {.jsonpath}", vec![text("hello "), Node::List(vec![field("jsonpath")])]),
        ("arrayfiled", "hello {['jsonpath']}", vec![text("hello "), Node::List(vec![field("jsonpath")])]),
        ("quote", r#"{"{"}"#, vec![Node::List(vec![text("{")])]),
        ("array", "{[1:3]}", vec![Node::List(vec![Node::Array([p(1, true, false), p(3, true, false), UNKNOWN])])]),
        (
            "allarray",
            "{.book[*].author}",
            vec![Node::List(vec![field("book"), Node::Array([UNKNOWN, UNKNOWN, UNKNOWN]), field("author")])],
        ),
        ("wildcard", "{.bicycle.*}", vec![Node::List(vec![field("bicycle"), Node::Wildcard])]),
        ("filter", "{[?(@.price<3)]}", vec![Node::List(vec![filter(vec![field("price")], "<", vec![Node::Int(3)])])]),
        ("recursive", "{..}", vec![Node::List(vec![Node::Recursive])]),
        ("recurField", "{..price}", vec![Node::List(vec![Node::Recursive, field("price")])]),
        ("arraydict", "{['book.price']}", vec![Node::List(vec![field("book"), field("price")])]),
        (
            "union",
            "{['bicycle.price', 3, 'book.price']}",
            vec![Node::List(vec![Node::Union(vec![
                vec![field("bicycle"), field("price")],
                vec![Node::Array([p(3, true, false), p(4, true, true), UNKNOWN])],
                vec![field("book"), field("price")],
            ])])],
        ),
        (
            "range",
            "{range .items}{.name},{end}",
            vec![
                Node::List(vec![ident("range"), field("items")]),
                Node::List(vec![field("name")]),
                text(","),
                Node::List(vec![ident("end")]),
            ],
        ),
        ("paired parentheses in quotes", r#"{[?(@.status.nodeInfo.osImage == "()")]}"#, os_image("()")),
        (
            "paired parentheses in double quotes and with double quotes escape",
            r#"{[?(@.status.nodeInfo.osImage == "(\"\")")]}"#,
            os_image(r#"("")"#),
        ),
        (
            "unregular parentheses in double quotes",
            r#"{[?(@.test == "())(")]}"#,
            vec![Node::List(vec![filter(vec![field("test")], "==", vec![text("())(")])])],
        ),
        ("plain text in single quotes", "{[?(@.status.nodeInfo.osImage == 'Linux')]}", os_image("Linux")),
        ("test filter suffix", r#"{[?(@.status.nodeInfo.osImage == "{[()]}")]}"#, os_image("{[()]}")),
        ("double inside single", r#"{[?(@.status.nodeInfo.osImage == "''")]}"#, os_image("''")),
        ("single inside double", r#"{[?(@.status.nodeInfo.osImage == '""')]}"#, os_image(r#""""#)),
        ("single containing escaped single", r"{[?(@.status.nodeInfo.osImage == '\\\'')]}", os_image(r"\'")),
        (
            "negative index slice, equals a[len-5] to a[len-1]",
            "{[-5:]}",
            vec![Node::List(vec![Node::Array([p(-5, true, false), UNKNOWN, UNKNOWN])])],
        ),
        (
            "negative index slice, equals a[len-1]",
            "{[-1]}",
            vec![Node::List(vec![Node::Array([p(-1, true, false), p(0, true, true), UNKNOWN])])],
        ),
        (
            "negative index slice, equals a[1] to a[len-1]",
            "{[1:-1]}",
            vec![Node::List(vec![Node::Array([p(1, true, false), p(-1, true, false), UNKNOWN])])],
        ),
    ];
    for (name, input, want) in cases {
        assert_eq!(parsed(input), want, "{name}");
    }
    // "malformat input": upstream only asks for an error.
    assert_eq!(error(r"{\\\}"), r"unrecognized character in action: U+005C '\'");
}

#[test]
fn upstream_fail_parser_cases() {
    for (name, input, want) in [
        ("unclosed action", "{.hello", "unclosed action"),
        ("unrecognized character", "{*}", "unrecognized character in action: U+002A '*'"),
        ("invalid number", "{+12.3.0}", "cannot parse number +12.3.0"),
        ("unterminated array", "{[1}", "unterminated array"),
        ("unterminated filter", "{[?(.price]}", "unterminated filter"),
        ("invalid multiple recursive descent", "{........}", "invalid multiple recursive descent"),
    ] {
        assert_eq!(error(input), want, "{name}");
    }
}

#[test]
fn more_error_texts() {
    for (input, want) in [
        ("{!}", "unrecognized character in action: U+0021 '!'"),
        // Go's `%#U` quotes only what it prints.
        ("{\u{7}}", "unrecognized character in action: U+0007"),
        ("{\t}", "unrecognized character in action: U+0009"),
        ("{\u{301}}", "unrecognized character in action: U+0301 '\u{301}'"),
        ("{.a\n}", "unclosed action"),
        ("{.a\r}", "unclosed action"),
        ("{", "unclosed action"),
        ("{[abc]}", "invalid array index abc"),
        ("{[1:2:3:4]}", "invalid array index 1:2:3:4"),
        ("{[-]}", "array index - is not a number"),
        ("{[1:-]}", "array index - is not a number"),
        ("{[99999999999999999999]}", "array index 99999999999999999999 is not a number"),
        ("{[0,x]}", "invalid array index x"),
        ("{[1\n]}", "unterminated array"),
        ("{'abc}", "unterminated quoted string"),
        ("{\"a\nb\"}", "unterminated quoted string"),
        (r#"{"\q"}"#, r#"unquote string "\q" error invalid syntax"#),
        (r#"{'\"'}"#, r#"unquote string '\"' error invalid syntax"#),
        (r#"{"a\\"b"}"#, r#"unquote string "a\\"b" error invalid syntax"#),
        (r#"{"\x4"}"#, r#"unquote string "\x4" error invalid syntax"#),
        (r#"{"\400"}"#, r#"unquote string "\400" error invalid syntax"#),
        (r#"{"\ud800"}"#, r#"unquote string "\ud800" error invalid syntax"#),
        ("{[?(@.a)x]}", "unclosed array expect ]"),
        ("{[?(@.a==!)]}", "unrecognized character in action: U+0021 '!'"),
        // The operator's run leaves the right operand its last character.
        ("{[?(@.a===)]}", "unrecognized character in action: U+003D '='"),
        ("{+}", "cannot parse number +"),
        ("{-.}", "cannot parse number -."),
        ("{1٣}", "cannot parse number 1٣"),
        (&format!("{{1{}}}", "0".repeat(400)), &format!("cannot parse number 1{}", "0".repeat(400))),
        ("{..[0]....}", "invalid multiple recursive descent"),
        ("{{}", "unrecognized character in action: U+007B '{'"),
        // A union member's own `}` ends its action; what follows is parsed, then dropped.
        ("{[?(@.a}{!)]}", "unrecognized character in action: U+0021 '!'"),
    ] {
        assert_eq!(error(input), want, "{input:?}");
    }
}

#[test]
fn more_trees() {
    let list = |nodes: Vec<Node>| vec![Node::List(nodes)];
    assert_eq!(parsed(""), Vec::<Node>::new());
    assert_eq!(parsed("{}"), list(vec![]));
    assert_eq!(parsed("a}b"), vec![text("a}b")]);
    assert_eq!(parsed("{.}"), list(vec![field("")]));
    assert_eq!(parsed("{$.a @.b}"), list(vec![field("a"), field("b")]));
    assert_eq!(parsed(r"{.a\.b\}c}"), list(vec![field("a.b}c")]));
    assert_eq!(parsed("{...a}"), list(vec![Node::Recursive, field("a")]));
    assert_eq!(parsed("{true false 1.5 -2 007}"), {
        list(vec![Node::Bool(true), Node::Bool(false), Node::Float(1.5), Node::Int(-2), Node::Int(7)])
    });
    assert_eq!(parsed("{9223372036854775808}"), list(vec![Node::Float(9223372036854775808.0)]));
    assert_eq!(parsed("{[]}"), list(vec![Node::Array([UNKNOWN, p(1, true, true), UNKNOWN])]));
    assert_eq!(parsed("{[::-1]}"), list(vec![Node::Array([UNKNOWN, UNKNOWN, p(-1, true, false)])]));
    assert_eq!(
        parsed("{[9223372036854775807]}"),
        list(vec![Node::Array([p(i64::MAX, true, false), p(i64::MIN, true, true), UNKNOWN])])
    );
    assert_eq!(parsed("{['a}b']}"), list(vec![field("a")]));
    assert_eq!(parsed("{[?(@.a)]}"), list(vec![filter(vec![field("a")], "exists", vec![])]));
    assert_eq!(parsed("{[?()]}"), list(vec![filter(vec![], "exists", vec![])]));
    // The operator is the whole run, less what the right operand needs.
    assert_eq!(parsed("{[?(@.a!<>1)]}"), list(vec![filter(vec![field("a")], "!<>", vec![Node::Int(1)])]));
    assert_eq!(
        parsed("{[0, ?(@.x)]}"),
        list(vec![Node::Union(vec![
            vec![Node::Array([p(0, true, false), p(1, true, true), UNKNOWN])],
            vec![filter(vec![field("x")], "exists", vec![])],
        ])])
    );
    assert_eq!(parsed(r#"{"\x41\u00e9\101\t"}"#), list(vec![text("Aé\u{41}\t")]));
    assert_eq!(parsed(r#"{"\xff"}"#), list(vec![text("\u{fffd}")]));
    assert_eq!(parsed("{'it\"s'}"), list(vec![text("it\"s")]));
    assert_eq!(parsed("{range(x)}"), list(vec![ident("range(x)")]));
    // `=` does not end a field name; a lone operator character at the end is no comparison.
    assert_eq!(parsed("{[?(@.a=)]}"), list(vec![filter(vec![field("a=")], "exists", vec![])]));
}

#[test]
fn bounds_refuse_hostile_input_without_recursing() {
    let long = format!("{{.{}}}", "a".repeat(MAX_LEN));
    assert_eq!(error(&long), format!("JSONPath longer than {MAX_LEN} bytes"));
    // Long runs of tokens are loops, not calls.
    let many = format!("{{{}}}", ".a".repeat(200_000));
    assert_eq!(parsed(&many).first().map(|l| matches!(l, Node::List(n) if n.len() == 200_000)), Some(true));
    let unclosed = "{".to_owned() + &" ".repeat(500_000);
    assert_eq!(error(&unclosed), "unclosed action");
    // A filter's operands are actions of their own, one level down; upstream's delimiters
    // keep real nesting shallow, so the bound is checked from a parser already at it.
    let deep = Parser::new("{[?(@.a)]}", MAX_DEPTH).run();
    assert_eq!(deep.map_err(|e| e.to_string()), Err(format!("JSONPath nested deeper than {MAX_DEPTH} actions")));
    assert!(Parser::new("{[?(@.a)]}", MAX_DEPTH - 1).run().is_ok());
}
