//! The evaluator's tests: a table of expressions and what they give, then hostile inputs.

use std::sync::Arc;

use super::*;

fn self_value() -> Val {
    let s = |t: &str| Val::string(t);
    let list = |v: Vec<Val>| Val::List(v.into());
    map_of(vec![
        (s("name"), s("web-1")),
        (s("replicas"), Val::Int(3)),
        (s("max"), Val::Int(5)),
        (s("ratio"), Val::Double(0.5)),
        (s("tags"), list(vec![s("a"), s("b"), s("c")])),
        (s("ports"), list(vec![Val::Int(80), Val::Int(443)])),
        (s("labels"), map_of(vec![(s("app"), s("web")), (s("tier"), s("front"))]).expect("map")),
        (s("mem"), s("512Mi")),
        (s("big"), Val::Int(i64::MAX)),
    ])
    .expect("map")
}

fn run(src: &str) -> Result<Val, String> {
    let p = Program::compile(src, &["self", "oldSelf"]).map_err(|e| format!("compile: {e}"))?;
    let vars = [("self", self_value()), ("oldSelf", self_value())];
    p.eval(&vars, PER_CALL_LIMIT).result.map_err(|e| e.to_string())
}

#[test]
fn expressions_give_cels_results() {
    let t = || Ok(Val::Bool(true));
    let cases: Vec<(&str, Result<Val, String>)> = vec![
        // Literals.
        ("1 + 2 == 3", t()),
        ("-9223372036854775808 < 0", t()),
        ("0x1F == 31", t()),
        ("1u + 2u == 3u", t()),
        ("1.5e3 == 1500.0", t()),
        ("'a\\tb' == \"a\\u0009b\"", t()),
        ("r'a\\tb' == 'a\\\\tb'", t()),
        ("'''x'y''' == \"x'y\"", t()),
        ("'\\x41\\101' == 'AA'", t()),
        ("b'\\xff'.size() == 1", t()),
        ("null == null", t()),
        ("[1, 2, 3][1] == 2", t()),
        ("{'a': 1, 'b': 2}['b'] == 2", t()),
        ("{'a': 1}.a == 1", t()),
        // Heterogeneous numbers.
        ("1 == 1.0 && 1u == 1 && 2 > 1.5 && 1u < 2", t()),
        ("[1, 2] == [1.0, 2u]", t()),
        ("1 == 'a'", Ok(Val::Bool(false))),
        // self and its fields.
        ("self.replicas <= self.max", t()),
        ("self.name.startsWith('web-') && self.name.endsWith('1') && self.name.contains('b-')", t()),
        ("self.labels.app == 'web' && self.labels['tier'] == 'front'", t()),
        ("has(self.labels.app) && !has(self.labels.zone)", t()),
        ("self.missing == 1", Err("no such key: missing".into())),
        ("self.labels['zone'] == 'a'", Err("no such key: zone".into())),
        ("self.tags[3] == 'd'", Err("index out of bounds: 3".into())),
        ("self.tags[-1] == 'd'", Err("index out of bounds: -1".into())),
        ("self.replicas == oldSelf.replicas", t()),
        // Arithmetic errors.
        ("self.big + 1 > 0", Err("integer overflow".into())),
        ("-9223372036854775807 - 2 < 0", Err("integer overflow".into())),
        ("1 / 0 == 0", Err("division by zero".into())),
        ("1 % 0 == 0", Err("modulus by zero".into())),
        ("0u - 1u == 0u", Err("unsigned integer overflow".into())),
        ("1 + 1u == 2", Err("no such overload".into())),
        ("7 / 2 == 3 && 7 % 2 == 1 && -7 / 2 == -3 && 7.0 / 2.0 == 3.5", t()),
        // Commutative && and ||: the deciding value wins over an error on either side.
        ("self.missing == 1 || true", t()),
        ("true || self.missing == 1", t()),
        ("self.missing == 1 && false", Ok(Val::Bool(false))),
        ("self.missing == 1 && true", Err("no such key: missing".into())),
        ("false || self.missing == 1", Err("no such key: missing".into())),
        // Conditional, in, size.
        ("self.replicas > 2 ? 'many' : 'few'", Ok(Val::string("many"))),
        ("'a' in self.tags && 'app' in self.labels && !('z' in self.tags)", t()),
        ("size(self.tags) == 3 && self.labels.size() == 2 && 'héllo'.size() == 5", t()),
        // Macros.
        ("self.ports.all(p, p > 0 && p < 65536)", t()),
        ("self.ports.exists(p, p == 443)", t()),
        ("self.ports.exists_one(p, p > 100)", t()),
        ("self.tags.map(t, t.upperAscii()) == ['A', 'B', 'C']", t()),
        ("self.ports.map(p, p > 100, p * 2) == [886]", t()),
        ("self.ports.filter(p, p < 100) == [80]", t()),
        ("self.labels.all(k, k.size() > 2)", t()),
        ("[0, -1].all(x, 1 / x > 0)", Ok(Val::Bool(false))),
        ("[0, 1].exists(x, 1 / x > 0)", t()),
        ("[0].exists(x, 1 / x > 0)", Err("division by zero".into())),
        ("[[1, 2], [3]].all(l, l.all(x, x > 0))", t()),
        // Strings.
        ("self.name.matches('^[a-z]+-[0-9]$')", t()),
        ("matches('abc', 'b')", t()),
        (
            "'x'.matches('(')",
            Err("invalid regular expression: regex parse error:\n    (\n    ^\nerror: unclosed group".into()),
        ),
        (
            "'a'.matches('(a{1000}){1000}')",
            Err("invalid regular expression: Compiled regex exceeds size limit of 65536 bytes.".into()),
        ),
        ("'  a b '.trim() == 'a b'", t()),
        ("'a,b,,c'.split(',') == ['a', 'b', '', 'c']", t()),
        ("'a,b,c'.split(',', 2) == ['a', 'b,c']", t()),
        ("['a', 'b'].join('-') == 'a-b' && ['a'].join() == 'a'", t()),
        ("'hello'.indexOf('l') == 2 && 'hello'.lastIndexOf('l') == 3 && 'hello'.indexOf('z') == -1", t()),
        ("'hello'.substring(1, 3) == 'el' && 'hello'.charAt(1) == 'e'", t()),
        ("'aaa'.replace('a', 'b', 2) == 'bba'", t()),
        ("'MiXeD'.lowerAscii() == 'mixed'", t()),
        // Conversions and types.
        ("int('42') == 42 && uint(42) == 42u && double(1) == 1.0", t()),
        ("string(1.5) == '1.5' && string(1e21) == '1e+21' && string(2u) == '2' && string(true) == 'true'", t()),
        ("int(2.9) == 2 && int(-2.9) == -2", t()),
        ("int('x') == 1", Err("cannot parse 'x' as int".into())),
        ("int(1e19) == 1", Err("integer overflow".into())),
        ("uint(-1) == 1u", Err("unsigned integer overflow".into())),
        ("type(1) == int && type('a') == string && type(self) == map && type(int) == type", t()),
        ("dyn(1) == 1", t()),
        // Lists library.
        ("[1, 2, 2].isSorted() && [1, 2, 3].sum() == 6 && [3, 1].min() == 1 && ['a', 'b'].max() == 'b'", t()),
        // Quantities.
        ("quantity(self.mem).isLessThan(quantity('1Gi'))", t()),
        ("isQuantity('1.5') && !isQuantity('1.5x')", t()),
        ("quantity('1k').add(quantity('500')).asInteger() == 1500", t()),
        ("quantity('1.5').isInteger() == false && quantity('2').compareTo(quantity('1')) == 1", t()),
        // Type errors surface at run time.
        ("!1", Err("no such overload".into())),
        ("'a' < 1", Err("no such overload".into())),
        ("self.replicas.startsWith('a')", Err("no such overload".into())),
        ("{'a': 1, 'a': 2}.size() == 1", Err("Failed with repeated key: a".into())),
    ];
    let mut failed = Vec::new();
    for (src, want) in cases {
        let got = run(src);
        if got != want {
            failed.push(format!("{src}\n  got:  {got:?}\n  want: {want:?}"));
        }
    }
    assert!(failed.is_empty(), "{}", failed.join("\n"));
}

#[test]
fn compile_errors_name_the_place() {
    let err = |src: &str| Program::compile(src, &["self"]).map(|_| ()).unwrap_err().to_string();
    assert_eq!(err("self.x >"), "ERROR: <input>:1:9: Syntax error: mismatched input '<EOF>'");
    assert_eq!(err("self.x == foo"), "ERROR: <input>:1:11: undeclared reference to 'foo' (in container '')");
    assert_eq!(
        err("self.x.frobnicate()"),
        "ERROR: <input>:1:18: undeclared reference to 'frobnicate' (in container '')"
    );
    assert_eq!(err("oldSelf == self"), "ERROR: <input>:1:1: undeclared reference to 'oldSelf' (in container '')");
    assert_eq!(err("'abc"), "ERROR: <input>:1:1: Syntax error: unterminated string literal");
    assert_eq!(err("self\n  #"), "ERROR: <input>:2:3: Syntax error: token recognition error at: '#'");
    assert_eq!(err("9223372036854775808 > 0"), "ERROR: <input>:1:1: invalid int literal");
    // cel-go places it at the argument (its parser test `has(m)`).
    assert_eq!(err("has(self)"), "ERROR: <input>:1:5: invalid argument to has() macro");
    assert_eq!(err("let x = 1"), "ERROR: <input>:1:1: reserved identifier: let");
    assert!(Program::compile("self.l.all(x, x > 0) && x > 0", &["self"]).is_err(), "a macro variable is local");
    let p = Program::compile("self == oldSelf", &["self", "oldSelf"]).expect("compiles");
    assert!(p.uses("oldSelf"));
    assert!(!Program::compile("self > 0", &["self", "oldSelf"]).expect("compiles").uses("oldSelf"));
}

/// 10,000-deep nesting of every kind is refused at parse time (no stack overflow), and the
/// deepest accepted expression evaluates.
#[test]
fn deep_nesting_is_refused_without_recursing() {
    let n = 10_000;
    for src in [
        format!("{}1{} == 1", "(".repeat(n), ")".repeat(n)),
        format!("{}1{} == [1]", "[".repeat(n), "]".repeat(n)),
        format!("{}true", "!".repeat(n)),
        format!("{}1 > 0", "-".repeat(n)),
        format!("1{} > 0", " + 1".repeat(n)),
        format!("self{}", ".a".repeat(n)),
        format!("{}1{}", "size(".repeat(n), ")".repeat(n)),
        // 9,000 deep, to stay under the length limit.
        format!("{}true{}", "[].all(x,".repeat(9_000), ")".repeat(9_000)),
        format!("{}1{} == 1", "{'a': ".repeat(n), "}".repeat(n)),
    ] {
        let err = Program::compile(&src, &["self"]).map(|_| ()).unwrap_err().to_string();
        assert!(err.contains("nesting exceeds the limit of 100"), "{}: {err}", &src[..20]);
    }
    // A long flat chain of `&&` is balanced, so it compiles.
    let chain = vec!["self > 0"; 5_000].join(" && ");
    let p = Program::compile(&chain, &["self"]).expect("balanced");
    assert_eq!(p.eval(&[("self", Val::Int(1))], PER_CALL_LIMIT).result, Ok(Val::Bool(true)));
    let deep = format!("{}1{} == 1", "(".repeat(90), ")".repeat(90));
    let p = Program::compile(&deep, &["self"]).expect("within the limit");
    assert_eq!(p.eval(&[], PER_CALL_LIMIT).result, Ok(Val::Bool(true)));
    let too_long = "1".repeat(MAX_CODE_POINTS_FOR_TEST + 1);
    assert!(Program::compile(&too_long, &[]).is_err());
}

const MAX_CODE_POINTS_FOR_TEST: usize = kapi_cel::MAX_CODE_POINTS;

/// Macros over big lists, nested, stop at the cost limit with the cost error, which `||` and
/// `all` never absorb.
#[test]
fn big_inputs_stop_at_the_cost_limit() {
    let big: Val = Val::List((0..100_000).map(Val::Int).collect::<Vec<_>>().into());
    let vars = [("self", big)];
    let eval = |src: &str| {
        let p = Program::compile(src, &["self"]).expect("compiles");
        let start = std::time::Instant::now();
        let e = p.eval(&vars, PER_CALL_LIMIT);
        (e, start.elapsed())
    };
    // One pass over 100,000 elements fits the limit.
    let (e, _) = eval("self.all(x, x >= 0)");
    assert_eq!(e.result, Ok(Val::Bool(true)));
    assert!(e.cost > 100_000 && e.cost < PER_CALL_LIMIT, "{}", e.cost);
    // A pattern used for every element is compiled once.
    let (e, took) = eval("self.all(x, string(x).matches('^[0-9]+$'))");
    assert!(e.result == Ok(Val::Bool(true)) || e.result == Err(EvalError::Cost), "{:?}", e.result);
    assert!(took < std::time::Duration::from_secs(5), "{took:?}");
    // Distinct patterns cost a compile each: a thousand at most.
    let (e, took) = eval("self.all(x, !'a'.matches('a{' + string(x % 900 + 100) + '}b'))");
    assert_eq!(e.result, Err(EvalError::Cost));
    assert!(took < std::time::Duration::from_secs(5), "{took:?}");
    // 10^10 steps do not: the evaluation stops, quickly.
    for src in [
        "self.all(x, self.all(y, x + y >= 0))",
        "self.exists(x, self.exists(y, x < 0)) || true",
        "self.map(x, self.map(y, y)).size() > 0",
        "self.all(x, self.filter(y, y == x).size() == 1)",
        "self.all(x, x in self)",
    ] {
        let (e, took) = eval(src);
        assert_eq!(e.result, Err(EvalError::Cost), "{src}");
        assert_eq!(e.cost, PER_CALL_LIMIT + 1, "{src}");
        assert!(took < std::time::Duration::from_secs(5), "{src}: {took:?}");
    }
}

/// Comparing two big `set` lists (order ignored, so quadratic) stops at the cost limit too.
#[test]
fn unordered_equality_is_bounded() {
    let items: Arc<[Val]> = (0..100_000).map(Val::Int).collect::<Vec<_>>().into();
    let set = Val::Keyed { items, keys: None };
    let p = Program::compile("self == oldSelf", &["self", "oldSelf"]).expect("compiles");
    let start = std::time::Instant::now();
    let e = p.eval(&[("self", set.clone()), ("oldSelf", set)], PER_CALL_LIMIT);
    assert_eq!(e.result, Err(EvalError::Cost));
    assert!(start.elapsed() < std::time::Duration::from_secs(5), "{:?}", start.elapsed());
    let small: Arc<[Val]> = vec![Val::Int(1), Val::Int(2)].into();
    let reversed: Arc<[Val]> = vec![Val::Int(2), Val::Int(1)].into();
    let e =
        p.eval(&[("self", Val::Keyed { items: small, keys: None }), ("oldSelf", Val::List(reversed))], PER_CALL_LIMIT);
    assert_eq!(e.result, Ok(Val::Bool(true)));
}

/// Long strings are charged by length: doubling a string repeatedly runs out of budget long
/// before it runs out of memory.
#[test]
fn long_strings_are_charged_by_length() {
    let long = Val::string("x".repeat(1 << 20));
    let vars = [("self", long)];
    let run = |src: &str, limit: u64| Program::compile(src, &["self"]).expect("compiles").eval(&vars, limit);
    let e = run("self.size() == 1048576", PER_CALL_LIMIT);
    assert_eq!(e.result, Ok(Val::Bool(true)));
    let e = run("(self + self).contains('y')", PER_CALL_LIMIT);
    assert_eq!(e.result, Ok(Val::Bool(false)));
    assert!(e.cost > 200_000, "{}", e.cost);
    let doubling = format!("{}.size() > 0", "[self]".to_owned() + &".map(s, s + s + s + s)".repeat(8));
    let e = run(&doubling, PER_CALL_LIMIT);
    assert_eq!(e.result, Err(EvalError::Cost));
    let e = run("self.matches('^(x+x+)+y$')", PER_CALL_LIMIT);
    assert_eq!(e.result, Ok(Val::Bool(false)));
    let e = run("self.split('').size() > 0", 1000);
    assert_eq!(e.result, Err(EvalError::Cost));
    let e = run("[self].map(s, s.replace('x', s)).size() > 0", PER_CALL_LIMIT);
    assert_eq!(e.result, Err(EvalError::Cost));
}

/// Arbitrary bytes never panic the compiler, and whatever compiles evaluates without panic.
#[test]
fn arbitrary_input_never_panics() {
    let alphabet: Vec<&str> = vec![
        "self",
        ".",
        "a",
        "(",
        ")",
        "[",
        "]",
        "{",
        "}",
        ",",
        ":",
        "?",
        "!",
        "-",
        "+",
        "*",
        "/",
        "%",
        "<",
        "==",
        "&&",
        "||",
        " in ",
        "1",
        "0",
        "1u",
        "2.5",
        "'s'",
        "\"",
        "'",
        "\\",
        "b'",
        "r'",
        "all(",
        "map(",
        "x",
        "has(",
        "size(",
        "é",
        "\u{0}",
        "0x",
        "1e",
        "9223372036854775808",
        "-",
    ];
    let mut seed = 0x2545_f491_4f6c_dd1d_u64;
    let mut next = || {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        seed
    };
    let vars = [("self", self_value())];
    for _ in 0..20_000 {
        let len = (next() % 24) as usize;
        let src: String = (0..len).map(|_| alphabet[(next() % alphabet.len() as u64) as usize]).collect();
        if let Ok(p) = Program::compile(&src, &["self"]) {
            let _ = p.eval(&vars, 10_000);
        }
    }
}

/// Each library function family with examples from upstream's library doc comments and tests
/// (k8s.io/apiserver/pkg/cel/library, cel-go's ext): valid rules evaluate, never refuse.
#[test]
fn kubernetes_libraries_give_upstreams_results() {
    let t = || Ok(Val::Bool(true));
    let cases: Vec<(&str, Result<Val, String>)> = vec![
        // Timestamps and durations.
        ("timestamp('2023-08-26T12:34:56Z') < timestamp('2023-08-26T12:34:57Z')", t()),
        ("timestamp('2023-08-26T12:34:56Z') + duration('1h') == timestamp('2023-08-26T13:34:56Z')", t()),
        ("timestamp('2023-08-26T12:34:56Z') - timestamp('2023-08-26T12:00:00Z') == duration('34m56s')", t()),
        ("duration('1h30m') > duration('90m') || duration('1h30m') == duration('90m')", t()),
        ("timestamp('2023-08-26T12:34:56Z').getHours() == 12", t()),
        ("timestamp('2023-08-26T12:34:56Z').getHours('+02:00') == 14", t()),
        ("timestamp('2023-08-26T12:34:56Z').getDayOfWeek() == 6", t()),
        ("timestamp('2023-08-26T12:34:56.789Z').getMilliseconds() == 789", t()),
        ("duration('3h').getMinutes() == 180", t()),
        ("string(timestamp('2023-08-26T12:34:56Z')) == '2023-08-26T12:34:56Z'", t()),
        ("string(duration('1m1.5s')) == '61.5s'", t()),
        ("int(timestamp('1970-01-01T00:01:00Z')) == 60", t()),
        ("timestamp('2023-02-29T00:00:00Z') == timestamp('2023-02-28T00:00:00Z')", Err("type conversion error from 'string' to 'google.protobuf.Timestamp': parsing time \"2023-02-29T00:00:00Z\": day out of range".into())),
        // Optionals.
        ("self.?name.hasValue() && !self.?zone.hasValue()", t()),
        ("self.?zone.orValue('none') == 'none'", t()),
        ("self.labels.?app.value() == 'web'", t()),
        ("self.tags[?5].orValue('x') == 'x' && self.tags[?0] == optional.of('a')", t()),
        ("optional.none().or(optional.of(1)).value() == 1", t()),
        ("optional.ofNonZeroValue('') == optional.none()", t()),
        ("self.?labels.app.orValue('') == 'web'", t()),
        ("optional.of(2).optMap(x, x * 2).value() == 4", t()),
        ("optional.none().value()", Err("optional.none() dereference".into())),
        // Sets.
        ("sets.contains([1, 2, 3, 4], [2, 3])", t()),
        ("!sets.contains([1, 2], [3])", t()),
        ("sets.intersects([1, 2, 3], [3, 4]) && !sets.intersects([1], [2])", t()),
        ("sets.equivalent([1, 2, 3], [3u, 2.0, 1])", t()),
        // ip and cidr.
        ("isIP('127.0.0.1') && !isIP('127.0.0.256') && !isIP('::ffff:127.0.0.1')", t()),
        ("ip('127.0.0.1').family() == 4 && ip('::1').family() == 6", t()),
        ("ip('127.0.0.1').isLoopback() && ip('0.0.0.0').isUnspecified()", t()),
        ("ip('224.0.0.1').isLinkLocalMulticast() && ip('fe80::1').isLinkLocalUnicast()", t()),
        ("ip('192.168.0.1').isGlobalUnicast() && !ip('255.255.255.255').isGlobalUnicast()", t()),
        ("ip.isCanonical('127.0.0.1') && !ip.isCanonical('2001:DB8::1')", t()),
        ("cidr('192.168.0.0/24').containsIP(ip('192.168.0.1')) && cidr('192.168.0.0/24').containsIP('192.168.0.1')", t()),
        ("cidr('192.168.0.0/24').containsCIDR('192.168.0.0/25') && !cidr('192.168.0.0/24').containsCIDR('192.168.0.0/23')", t()),
        ("cidr('192.168.0.1/24').masked() == cidr('192.168.0.0/24') && cidr('192.168.0.1/24').prefixLength() == 24", t()),
        ("string(cidr('192.168.0.0/24').ip()) == '192.168.0.0'", t()),
        ("isCIDR('10.0.0.0/8') && !isCIDR('10.0.0.0/33')", t()),
        // url.
        ("url('https://example.com:80/').getHost() == 'example.com:80'", t()),
        ("url('https://[::1]:80/').getHostname() == '::1' && url('https://[::1]:80/').getPort() == '80'", t()),
        ("url('https://example.com/path with spaces/')", Err("URL parse error during conversion from string: parse \"https://example.com/path with spaces/\": invalid character in URL".into())),
        ("url('https://example.com/a?k=a&k=b&x=1').getQuery() == {'k': ['a', 'b'], 'x': ['1']}", t()),
        ("url('/absolute-path').getScheme() == '' && url('/absolute-path').getEscapedPath() == '/absolute-path'", t()),
        ("isURL('https://example.com') && !isURL('example.com')", t()),
        // format.
        ("!format.dns1123Label().validate('my-label-name').hasValue()", t()),
        ("format.dns1123Label().validate('My_Label').hasValue()", t()),
        ("!format.dns1123Subdomain().validate('apiextensions.k8s.io').hasValue()", t()),
        ("!format.qualifiedName().validate('apiextensions.k8s.io/v1beta1').hasValue()", t()),
        ("!format.dns1123LabelPrefix().validate('my-label-prefix-').hasValue()", t()),
        ("!format.uri().validate('http://example.com').hasValue()", t()),
        ("!format.uuid().validate('123e4567-e89b-12d3-a456-426614174000').hasValue()", t()),
        ("!format.byte().validate('aGVsbG8=').hasValue() && format.byte().validate('aGVsbG8').hasValue()", t()),
        ("!format.date().validate('2021-01-01').hasValue() && !format.datetime().validate('2021-01-01T00:00:00Z').hasValue()", t()),
        ("format.named('dns1123Label').hasValue() && !format.named('nope').hasValue()", t()),
        ("format.dns1035Label().validate('1abc').value()[0].startsWith('a DNS-1035 label must consist of')", t()),
        // Regex.
        ("'abc 123'.find('[0-9]+') == '123' && 'abc'.find('[0-9]+') == ''", t()),
        ("'123 abc 456'.findAll('[0-9]+') == ['123', '456']", t()),
        ("'123 abc 456'.findAll('[0-9]+', 1) == ['123']", t()),
        ("'hubba'.matches('^h.*a$')", t()),
        // Strings (ext strings v2) and quantity.
        ("'%s is %d years and %.2f m'.format(['ann', 42, 1.5]) == 'ann is 42 years and 1.50 m'", t()),
        ("'%x %X %o %b'.format([255, 255, 8, 5]) == 'ff FF 10 101'", t()),
        ("strings.quote('a\"b') == '\"a\\\\\"b\"'", t()),
        ("'TacoCat'.lowerAscii() == 'tacocat' && ' x '.trim() == 'x' && 'a,b'.split(',') == ['a', 'b']", t()),
        ("['a', 'b'].join('-') == 'a-b' && 'hello'.charAt(1) == 'e' && 'hello'.substring(1, 3) == 'el'", t()),
        ("quantity('1Gi').isGreaterThan(quantity('1G')) && quantity('50M').add(quantity('50M')) == quantity('100M')", t()),
        // Lists.
        ("[1, 2, 3].isSorted() && [3, 1, 2].sum() == 6 && [3, 1, 2].min() == 1 && [3, 1, 2].max() == 3", t()),
        ("[1, 2, 2, 3].indexOf(2) == 1 && [1, 2, 2, 3].lastIndexOf(2) == 2", t()),
    ];
    let mut failures = Vec::new();
    for (src, want) in cases {
        let got = run(src);
        if got != want {
            failures.push(format!("{src}\n  want {want:?}\n  got  {got:?}"));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// The library functions are names the compiler knows, with their arities.
#[test]
fn library_calls_compile_and_wrong_ones_do_not() {
    for ok in ["sets.contains(self.tags, ['a'])", "optional.none()", "format.dns1123Label()", "self.?name.orValue('')"]
    {
        assert!(Program::compile(ok, &["self"]).is_ok(), "{ok}");
    }
    for bad in ["sets.contain([1], [1])", "format.nope()"] {
        assert!(Program::compile(bad, &["self"]).is_err(), "{bad}");
    }
    // A known function with another number of arguments compiles; the checker refuses it, as
    // cel-go's does (`found no matching overload`).
    let env = kapi_cel::Env::new().var("self", kapi_cel::Type::Dyn);
    for (bad, want) in [
        ("optional.of()", "found no matching overload for 'optional.of' applied to '()'"),
        ("self.name.find()", "found no matching overload for 'find' applied to 'dyn.()'"),
    ] {
        let p = Program::compile(bad, &["self"]).unwrap_or_else(|e| panic!("{bad}: {e}"));
        let err = p.check(bad, &env).map(|_| ()).unwrap_err().to_string();
        assert!(err.contains(want), "{bad}: {err}");
    }
}
