//! The static cost estimate against upstream's expected ranges: cel-go's `checker/cost_test.go` and Kubernetes' `library/cost_test.go` (with `has()` free, as Kubernetes configures it).

use super::{Bounds, CostEstimate, Env, Program, Type};

fn cost_in(src: &str, env: &Env) -> (u64, u64) {
    let p = Program::compile(src, &["input", "self", "x", "y", "list1", "list2", "str1", "str2", "arg1"])
        .unwrap_or_else(|e| panic!("{src}: {e}"));
    let CostEstimate { min, max } = p.estimate_cost(src, env).unwrap_or_else(|e| panic!("{src}: {e}"));
    (min, max)
}

fn cost(src: &str) -> (u64, u64) {
    cost_in(src, &Env::new())
}

/// `input` of type `t` whose size (and, through `elem` and `key`, whose elements' and keys'
/// sizes) upstream's test hints give.
fn input(t: Type, max: u64, elem: Option<u64>, key: Option<u64>) -> Env {
    let b = Bounds {
        max_elements: max,
        fields: Vec::new(),
        elem: elem.map(|m| Box::new(Bounds::leaf(m))),
        key: key.map(|m| Box::new(Bounds::leaf(m))),
        undeclared_fields_are_values: false,
    };
    Env::new().var("input", t).bounds(b)
}

#[test]
fn literals_operators_and_calls() {
    assert_eq!(cost("\"Hello World!\""), (0, 0));
    assert_eq!(cost("[1, 2, 3]"), (10, 10));
    assert_eq!(cost("{\"a\": 1, \"b\": 2, \"c\": 3}"), (30, 30));
    assert_eq!(cost("true || false"), (0, 0));
    assert_eq!(cost("true && false"), (0, 0));
    for src in ["1 < 2", "1 <= 2", "1 == 2", "2 > 1", "2 >= 1", "1 + 1", "1 - 1", "1 / 1", "1 * 1", "1 % 1"] {
        assert_eq!(cost(src), (1, 1), "{src}");
    }
    assert_eq!(cost("2 in [1, 2, 3]"), (13, 13));
    assert_eq!(cost("true ? 1 : 2"), (0, 0));
    assert_eq!(cost("size(\"123\")"), (1, 1));
    assert_eq!(cost("size(b\"123\")"), (1, 1));
    assert_eq!(cost("string(1)"), (1, 1));
    assert_eq!(cost("'123'.matches('[0-9]')"), (2, 2));
    assert_eq!(cost("((5 != 6) == (1 == 2)) == ((3 <= 4) == (9 != 9))"), (7, 7));
}

#[test]
fn variables_and_selections() {
    let env = Env::new().var("input", Type::list(Type::Int));
    assert_eq!(cost_in("input", &env), (1, 1));
    let map = Env::new().var("input", Type::map(Type::String, Type::String));
    assert_eq!(cost_in("input['key']", &map), (2, 2));
    let obj = Env::new().var("input", Type::object("T", vec![("single_int32".into(), Type::Int)]));
    assert_eq!(cost_in("input.single_int32", &obj), (2, 2));
    // Kubernetes charges nothing for the presence test itself.
    let nested = Env::new().var("input", Type::map(Type::String, Type::map(Type::String, Type::String)));
    assert_eq!(cost_in("has(input.testAttr.nestedAttr)", &nested), (2, 2));
    let ts = Env::new().var("input", Type::Timestamp);
    let two = Env::new().var("x", Type::Timestamp).var("y", Type::Timestamp);
    assert_eq!(cost_in("x == y", &two), (3, 3));
    assert_eq!(cost_in("input.getFullYear()", &ts), (2, 2));
    let lists = Env::new().var("list1", Type::list(Type::Int)).var("list2", Type::list(Type::Int));
    assert_eq!(cost_in("list1.size() == list2.size()", &lists), (5, 5));
}

#[test]
fn string_functions_scale_with_sizes() {
    let s = input(Type::String, 500, None, None);
    assert_eq!(cost_in("input.matches('[0-9]')", &s), (3, 103));
    assert_eq!(cost_in("input.matches('\\\\d+a\\\\d+b')", &s), (3, 103));
    let two = Env::new().var("input", Type::String).var("arg1", Type::String).bounds(Bounds::leaf(500));
    assert_eq!(cost_in("input.contains(arg1)", &two), (2, 2502));
    assert_eq!(cost_in("input.startsWith(arg1)", &two), (2, 52));
    assert_eq!(cost_in("input.endsWith(arg1)", &two), (2, 52));
    assert_eq!(cost_in("input.size()", &two), (2, 2));
    assert_eq!(cost_in("size(input)", &two), (2, 2));
    let b = input(Type::Bytes, 500, None, None);
    assert_eq!(cost_in("string(input)", &b), (1, 51));
    assert_eq!(cost_in("string(input) == string(input)", &b), (3, 152));
    assert_eq!(cost_in("bytes(input)", &s), (1, 51));
    assert_eq!(cost_in("bytes(input) == bytes(input)", &s), (3, 302));
    let strs = Env::new().var("str1", Type::String).var("str2", Type::String).bounds(Bounds::leaf(10));
    assert_eq!(cost_in("\"abcdefg\".contains(str1 + str2)", &strs), (2, 6));
    // Without a bound a string's size is unknown: the largest.
    let free = Env::new().var("input", Type::String);
    assert_eq!(cost_in("input == 'a'", &free), (2, 2));
    let (_, max) = cost_in("input.contains('abc')", &free);
    assert!(max > 1_000_000_000_000, "{max}");
}

#[test]
fn comprehensions_multiply_by_the_range() {
    let list = input(Type::list(Type::Bool), 100, None, None);
    assert_eq!(cost_in("input.all(x, true)", &list), (2, 302));
    let nested = input(Type::list(Type::list(Type::Bool)), 50, Some(10), None);
    assert_eq!(cost_in("input.all(x, x.all(y, true))", &nested), (2, 1752));
    assert_eq!(cost("[1, 2, 3].all(x, true)"), (20, 20));
    let ternary = Env::new()
        .var("x", Type::Int)
        .var("list1", Type::list(Type::Bool))
        .var("list2", Type::list(Type::Bool))
        .bounds(Bounds::leaf(1));
    assert_eq!(cost_in("(x > 2 ? list1 : list2).all(y, true)", &ternary), (4, 7));
    let obj = Type::object("T", vec![("single_int32".into(), Type::Int)]);
    let map = input(Type::map(Type::String, obj), 10, None, None);
    assert_eq!(cost_in("input.all(k, input[k].single_int32 > 3)", &map), (2, 82));
    let keys = input(Type::map(Type::String, Type::map(Type::String, Type::Int)), 5, None, Some(10));
    assert_eq!(cost_in("input.all(k, k.contains(k))", &keys), (2, 32));
    let concat =
        Env::new().var("list1", Type::list(Type::Int)).var("list2", Type::list(Type::Int)).bounds(Bounds::leaf(10));
    assert_eq!(cost_in("(list1 + list2).all(x, true)", &concat), (4, 64));
    assert_eq!(cost("[1,2,3,4,5].filter(x, x % 2 == 0)"), (41, 101));
    assert_eq!(cost("[1,2,3,4,5].map(x, x)"), (86, 86));
    assert_eq!(cost("[1,2,3,4,5].map(x, x).filter(x, x % 2 == 0)"), (117, 177));
    assert_eq!(cost("[1,2,3,4,5].map(x, x).exists(x, x == 5) == true"), (108, 118));
    assert_eq!(cost("[1,2,3,4,5].map(x, x).map(x, x)"), (162, 162));
}

#[test]
fn kubernetes_library_functions() {
    for f in [".sum()", ".isSorted()", ".max()", ".min()", ".indexOf(3)", ".lastIndexOf(3)"] {
        assert_eq!(cost(&format!("[1, 2, 3, 4, 5]{f}")), (15, 15), "{f}");
    }
    assert_eq!(cost("[1.0, 2.0, 3.0, 4.0, 5.0].sum()"), (15, 15));
    assert_eq!(cost("'01234567890123456789012345678901234567890123456789'.indexOf('123')"), (5, 5));
    for f in [".getScheme()", ".getHostname()", ".getHost()", ".getPort()", ".getEscapedPath()", ".getQuery()"] {
        assert_eq!(cost(&format!("url('https:://kubernetes.io/'){f}")), (4, 4), "{f}");
    }
    assert_eq!(cost("ip('192.168.0.1')"), (2, 2));
    assert_eq!(cost("ip('2001:db8:3333:4444:5555:6666:7777:8888')"), (4, 4));
    assert_eq!(cost("ip('192.168.0.1').family()"), (3, 3));
    assert_eq!(cost("ip('192.168.0.1').isGlobalUnicast()"), (3, 3));
    assert_eq!(cost("ip.isCanonical('192.168.0.1')"), (3, 3));
    assert_eq!(cost("ip.isCanonical('2001:db8:3333:4444:5555:6666:7777:8888')"), (8, 8));
    assert_eq!(cost("cidr('192.168.0.0/16')"), (2, 2));
    assert_eq!(cost("cidr('192.168.0.0/16').prefixLength()"), (3, 3));
    assert_eq!(cost("cidr('192.168.0.0/16').ip()"), (3, 3));
    assert_eq!(cost("cidr('192.168.0.0/16').containsCIDR(cidr('192.0.0.0/30'))"), (7, 11));
    assert_eq!(cost("cidr('192.168.0.0/16').containsCIDR('192.0.0.0/30')"), (7, 11));
    assert_eq!(cost("cidr('192.168.0.0/16').containsIP(ip('192.0.0.1'))"), (4, 7));
    assert_eq!(cost("cidr('192.168.0.0/16').containsIP('192.0.0.1')"), (4, 7));
    let authz = Env::new().var("authorizer", Type::Opaque(super::AUTHORIZER));
    let p = Program::compile("authorizer.path('/healthz').check('get').allowed()", &["authorizer"]).unwrap();
    let c = p.estimate_cost("authorizer.path('/healthz').check('get').allowed()", &authz).unwrap();
    assert_eq!((c.min, c.max), (350_003, 350_003));
}

#[test]
fn sizes_come_from_the_bounds_along_the_path() {
    let spec =
        Type::object("selfType.spec", vec![("names".into(), Type::list(Type::String)), ("name".into(), Type::String)]);
    let env = Env::new().var("self", Type::object("selfType", vec![("spec".into(), spec)]));
    let bounds = Bounds {
        max_elements: 0,
        fields: vec![(
            "spec".into(),
            Bounds {
                max_elements: 0,
                fields: vec![
                    ("names".into(), Bounds { elem: Some(Box::new(Bounds::leaf(40))), ..Bounds::leaf(10) }),
                    ("name".into(), Bounds::leaf(20)),
                ],
                elem: None,
                key: None,
                undeclared_fields_are_values: false,
            },
        )],
        elem: None,
        key: None,
        undeclared_fields_are_values: false,
    };
    let env = env.bounds(bounds);
    // 3 for `self.spec.names`, 1 for the macro's result, and per name 3 plus 2 for
    // `x.startsWith('a')`.
    assert_eq!(cost_in("self.spec.names.all(x, x.startsWith('a'))", &env), (4, 4 + 10 * (3 + 2)));
    // A scalar read through the schema has the size upstream's declarations give it: none.
    assert_eq!(cost_in("self.spec.name == 'abc'", &env), (4, 4));
    assert_eq!(cost_in("self.spec.name.lowerAscii() == 'abc'", &env), (4, 6));
    // 10 names of 40 and 9 commas, a tenth of it.
    assert_eq!(cost_in("self.spec.names.join(',')", &env), (3, 3 + 41));
    // A type name is an identifier to cel-go, sized as any path from a variable.
    let open = Env::new().var("self", Type::Dyn).bounds(Bounds::leaf(100));
    assert_eq!(cost_in("type(self) == int", &open), (4, 13));
    // An error in the expression is the checker's.
    let p = Program::compile("self.spec.nope", &["self"]).unwrap();
    assert!(p.estimate_cost("self.spec.nope", &env).is_err());
}

/// `cel.bind(var, init, body)` as cel-go costs the comprehension it expands to: an empty range
/// list (10), `init` and `body` once, no iteration; the bound variable has `init`'s size.
#[test]
fn bind_costs_its_empty_range_init_and_body() {
    let est = |src: &str| {
        let p = Program::compile_with_bindings(src, &["input"]).unwrap_or_else(|e| panic!("{src}: {e}"));
        let CostEstimate { min, max } = p.estimate_cost(src, &Env::new()).unwrap_or_else(|e| panic!("{src}: {e}"));
        (min, max)
    };
    assert_eq!(est("cel.bind(a, 1, a)"), (11, 11));
    // `a` is the three-element list: `a.all(...)` loops three times over `e > 0` (the list
    // literal 10, the empty range 10, then `a` 1, the result 1 and 3 × 3 to 3 × 5).
    assert_eq!(est("cel.bind(a, [1, 2, 3], a.all(e, e > 0))"), (31, 37));
}
