//! Upstream's evaluation cases (client-go v0.36.3 `util/jsonpath/jsonpath_test.go`) on JSON inputs, with their outputs and error texts, and the quirks of `walk` they do not cover.

use super::*;
use crate::json::value::parse as parse_json;
use crate::jsonpath::parse;

/// Upstream's `Execute` of `template` on the JSON `input`: the output, or the error text.
fn run(template: &str, input: &str, allow_missing_keys: bool) -> Result<String, String> {
    let nodes = parse(template).map_err(|e| format!("parse: {e}"))?;
    let data = parse_json(input.as_bytes()).expect("valid JSON");
    execute(&nodes, &data, allow_missing_keys).map_err(|e| e.message().to_owned())
}

/// `(name, template, input, expected)` rows of upstream's `testJSONPath`.
fn check(cases: &[(&str, &str, &str, &str)], allow_missing_keys: bool) {
    for (name, template, input, expect) in cases {
        assert_eq!(run(template, input, allow_missing_keys).as_deref(), Ok(*expect), "{name}: {template}");
    }
}

/// Upstream's `expectError` rows: any evaluation error.
fn check_fails(cases: &[(&str, &str, &str)], allow_missing_keys: bool) {
    for (name, template, input) in cases {
        let got = run(template, input, allow_missing_keys);
        assert!(matches!(&got, Err(e) if !e.starts_with("parse: ")), "{name}: {template}: {got:?}");
    }
}

const TYPES: &str = r#"{
    "bools": [true, false, true, false],
    "integers": [1, 2, 3, 4],
    "floats": [1.0, 2.2, 3.3, 4.0],
    "strings": ["one", "two", "three", "four"],
    "interfaces": [true, "one", 1, 1.1],
    "maps": [{"name": "one", "value": 1}, {"name": "two", "value": 2.02},
             {"name": "three", "value": 3.03}, {"name": "four", "value": 4.04}]
}"#;

/// `TestTypesInput`, but for its slice of structs (Go structs marshal in field order, maps
/// sorted; JSON gives maps).
#[test]
fn types_input() {
    check(
        &[
            ("boolSlice", "{ .bools }", TYPES, "[true,false,true,false]"),
            ("boolSliceIndex", "{ .bools[0] }", TYPES, "true"),
            ("boolSliceIndex", "{ .bools[-1] }", TYPES, "false"),
            ("boolSubSlice", "{ .bools[0:2] }", TYPES, "true false"),
            ("boolSubSliceFirst2", "{ .bools[:2] }", TYPES, "true false"),
            ("boolSubSliceStep2", "{ .bools[:4:2] }", TYPES, "true true"),
            ("integerSlice", "{ .integers }", TYPES, "[1,2,3,4]"),
            ("integerSliceIndex", "{ .integers[0] }", TYPES, "1"),
            ("integerSliceIndexReverse", "{ .integers[-2] }", TYPES, "3"),
            ("integerSubSliceFirst2", "{ .integers[0:2] }", TYPES, "1 2"),
            ("integerSubSliceFirst2Alt", "{ .integers[:2] }", TYPES, "1 2"),
            ("integerSubSliceStep2", "{ .integers[:4:2] }", TYPES, "1 3"),
            ("floatSlice", "{ .floats }", TYPES, "[1,2.2,3.3,4]"),
            ("floatSliceIndex", "{ .floats[0] }", TYPES, "1"),
            ("floatSliceIndexReverse", "{ .floats[-2] }", TYPES, "3.3"),
            ("floatSubSliceFirst2", "{ .floats[0:2] }", TYPES, "1 2.2"),
            ("floatSubSliceFirst2Alt", "{ .floats[:2] }", TYPES, "1 2.2"),
            ("floatSubSliceStep2", "{ .floats[:4:2] }", TYPES, "1 3.3"),
            ("stringSlice", "{ .strings }", TYPES, r#"["one","two","three","four"]"#),
            ("stringSliceIndex", "{ .strings[0] }", TYPES, "one"),
            ("stringSliceIndexReverse", "{ .strings[-2] }", TYPES, "three"),
            ("stringSubSliceFirst2", "{ .strings[0:2] }", TYPES, "one two"),
            ("stringSubSliceFirst2Alt", "{ .strings[:2] }", TYPES, "one two"),
            ("stringSubSliceStep2", "{ .strings[:4:2] }", TYPES, "one three"),
            ("interfaceSlice", "{ .interfaces }", TYPES, r#"[true,"one",1,1.1]"#),
            ("interfaceSliceIndex", "{ .interfaces[0] }", TYPES, "true"),
            ("interfaceSliceIndexReverse", "{ .interfaces[-2] }", TYPES, "1"),
            ("interfaceSubSliceFirst2", "{ .interfaces[0:2] }", TYPES, "true one"),
            ("interfaceSubSliceFirst2Alt", "{ .interfaces[:2] }", TYPES, "true one"),
            ("interfaceSubSliceStep2", "{ .interfaces[:4:2] }", TYPES, "true 1"),
            (
                "mapSlice",
                "{ .maps }",
                TYPES,
                r#"[{"name":"one","value":1},{"name":"two","value":2.02},{"name":"three","value":3.03},{"name":"four","value":4.04}]"#,
            ),
            ("mapSliceIndex", "{ .maps[0] }", TYPES, r#"{"name":"one","value":1}"#),
            ("mapSliceIndexReverse", "{ .maps[-2] }", TYPES, r#"{"name":"three","value":3.03}"#),
            ("mapSubSliceFirst2", "{ .maps[0:2] }", TYPES, r#"{"name":"one","value":1} {"name":"two","value":2.02}"#),
            ("mapSubSliceFirst2Alt", "{ .maps[:2] }", TYPES, r#"{"name":"one","value":1} {"name":"two","value":2.02}"#),
            (
                "mapSubSliceStepOdd",
                "{ .maps[::2] }",
                TYPES,
                r#"{"name":"one","value":1} {"name":"three","value":3.03}"#,
            ),
            (
                "mapSubSliceStepEven",
                "{ .maps[1::2] }",
                TYPES,
                r#"{"name":"two","value":2.02} {"name":"four","value":4.04}"#,
            ),
        ],
        false,
    );
}

/// `TestStructInput`'s store as JSON (a struct's fields are an object's members here; maps
/// marshal with sorted keys where a struct keeps its field order).
const STORE: &str = r#"{
    "Name": "jsonpath",
    "Book": [
        {"Category": "reference", "Author": "Nigel Rees", "Title": "Sayings of the Centurey", "Price": 8.95},
        {"Category": "fiction", "Author": "Evelyn Waugh", "Title": "Sword of Honour", "Price": 12.99},
        {"Category": "fiction", "Author": "Herman Melville", "Title": "Moby Dick", "Price": 8.99}
    ],
    "Bicycle": [{"Color": "red", "Price": 19.95, "IsNew": true}, {"Color": "green", "Price": 20.01, "IsNew": false}],
    "Labels": {"engieer": 10, "web/html": 15, "k8s-app": 20},
    "Employees": {"jason": "manager", "dan": "clerk"}
}"#;

#[test]
fn struct_input() {
    check(
        &[
            ("plain", "hello jsonpath", "null", "hello jsonpath"),
            ("recursive", "{..}", "[1, 2, 3]", "[1,2,3]"),
            ("filter", "{[?(@<5)]}", "[2, 6, 3, 7]", "2 3"),
            ("quote", r#"{"{"}"#, "null", "{"),
            ("union", "{[1,3,4]}", "[0, 1, 2, 3, 4]", "1 3 4"),
            ("array", "{[0:2]}", r#"["Monday", "Tudesday"]"#, "Monday Tudesday"),
            ("variable", "hello {.Name}", STORE, "hello jsonpath"),
            ("dict/", "{$.Labels.web/html}", STORE, "15"),
            ("dict/", "{$.Employees.jason}", STORE, "manager"),
            ("dict/", "{$.Employees.dan}", STORE, "clerk"),
            ("dict-", "{.Labels.k8s-app}", STORE, "20"),
            ("nest", "{.Bicycle[*].Color}", STORE, "red green"),
            ("allarray", "{.Book[*].Author}", STORE, "Nigel Rees Evelyn Waugh Herman Melville"),
            (
                "allfields",
                r#"{range .Bicycle[*]}{ "{" }{ @.* }{ "} " }{end}"#,
                STORE,
                "{red 19.95 true} {green 20.01 false} ",
            ),
            ("recurfields", "{..Price}", STORE, "8.95 12.99 8.99 19.95 20.01"),
            ("recurdotfields", "{...Price}", STORE, "8.95 12.99 8.99 19.95 20.01"),
            (
                "allstructsSlice",
                "{.Bicycle}",
                STORE,
                r#"[{"Color":"red","IsNew":true,"Price":19.95},{"Color":"green","IsNew":false,"Price":20.01}]"#,
            ),
            (
                "allstructs",
                r#"{range .Bicycle[*]}{ @ }{ " " }{end}"#,
                STORE,
                r#"{"Color":"red","IsNew":true,"Price":19.95} {"Color":"green","IsNew":false,"Price":20.01} "#,
            ),
            (
                "lastarray",
                "{.Book[-1:]}",
                STORE,
                r#"{"Author":"Herman Melville","Category":"fiction","Price":8.99,"Title":"Moby Dick"}"#,
            ),
            (
                "recurarray",
                "{..Book[2]}",
                STORE,
                r#"{"Author":"Herman Melville","Category":"fiction","Price":8.99,"Title":"Moby Dick"}"#,
            ),
            ("bool", "{.Bicycle[?(@.IsNew==true)]}", STORE, r#"{"Color":"red","IsNew":true,"Price":19.95}"#),
        ],
        false,
    );
    // "superrecurfields" fails to parse.
    assert_eq!(run("{....Price}", STORE, false), Err("parse: invalid multiple recursive descent".into()));
    check(
        &[
            ("nonexistent field", "{.hello}", STORE, ""),
            ("nonexistent field 2", "before-{.hello}after", STORE, "before-after"),
        ],
        true,
    );
    // testFailJSONPath: the exact texts (Labels is a `map[string]interface {}` from JSON where
    // upstream's struct has a `map[string]int`).
    for (name, template, expect) in [
        ("invalid identifier", "{hello}", "unrecognized identifier hello"),
        ("nonexistent field", "{.hello}", "hello is not found"),
        ("invalid array", "{.Labels[0]}", "map[string]interface {} is not array or slice"),
        ("invalid filter operator", "{.Book[?(@.Price<>10)]}", "unrecognized filter operator <>"),
        ("redundant end", "{range .Labels.*}{@}{end}{end}", "not in range, nothing to end"),
    ] {
        assert_eq!(run(template, STORE, false), Err(expect.into()), "{name}");
    }
}

#[test]
fn json_input() {
    const POINTS: &str = r#"[
        {"id": "i1", "x":4, "y":-5},
        {"id": "i2", "x":-2, "y":-5, "z":1},
        {"id": "i3", "x":  8, "y":  3 },
        {"id": "i4", "x": -6, "y": -1 },
        {"id": "i5", "x":  0, "y":  2, "z": 1 },
        {"id": "i6", "x":  1, "y":  4 },
        {"id": "i7", "x":  null, "y":  4 }
    ]"#;
    check(
        &[
            ("exists filter", "{[?(@.z)].id}", POINTS, "i2 i5"),
            ("bracket key", "{[0]['id']}", POINTS, "i1"),
            ("nil value", "{[-1]['x']}", POINTS, "null"),
        ],
        false,
    );
}

const NODES: &str = r#"{
  "kind": "List",
  "items":[
    {"kind":"None","metadata":{"name":"127.0.0.1","labels":{"kubernetes.io/hostname":"127.0.0.1"}},
     "status":{"capacity":{"cpu":"4"},"ready": true,"addresses":[{"type": "LegacyHostIP", "address":"127.0.0.1"}]}},
    {"kind":"None","metadata":{"name":"127.0.0.2","labels":{"kubernetes.io/hostname":"127.0.0.2"}},
     "status":{"capacity":{"cpu":"8"},"ready": false,"addresses":[
       {"type": "LegacyHostIP", "address":"127.0.0.2"},{"type": "another", "address":"127.0.0.3"}]}}
  ],
  "users":[{"name": "myself","user": {}},{"name": "e2e","user": {"username": "admin", "password": "secret"}}]
}"#;

#[test]
fn kubernetes() {
    check(
        &[
            ("range item", "{range .items[*]}{.metadata.name}, {end}{.kind}", NODES, "127.0.0.1, 127.0.0.2, List"),
            (
                "range item with quote",
                r#"{range .items[*]}{.metadata.name}{"\t"}{end}"#,
                NODES,
                "127.0.0.1\t127.0.0.2\t",
            ),
            ("range addresss", "{.items[*].status.addresses[*].address}", NODES, "127.0.0.1 127.0.0.2 127.0.0.3"),
            (
                "double range",
                "{range .items[*]}{range .status.addresses[*]}{.address}, {end}{end}",
                NODES,
                "127.0.0.1, 127.0.0.2, 127.0.0.3, ",
            ),
            ("item name", "{.items[*].metadata.name}", NODES, "127.0.0.1 127.0.0.2"),
            (
                "union nodes capacity",
                "{.items[*]['metadata.name', 'status.capacity']}",
                NODES,
                r#"127.0.0.1 127.0.0.2 {"cpu":"4"} {"cpu":"8"}"#,
            ),
            (
                "range nodes capacity",
                "{range .items[*]}[{.metadata.name}, {.status.capacity}] {end}",
                NODES,
                r#"[127.0.0.1, {"cpu":"4"}] [127.0.0.2, {"cpu":"8"}] "#,
            ),
            ("user password", r#"{.users[?(@.name=="e2e")].user.password}"#, NODES, "secret"),
            ("hostname", r"{.items[0].metadata.labels.kubernetes\.io/hostname}", NODES, "127.0.0.1"),
            (
                "hostname filter",
                r#"{.items[?(@.metadata.labels.kubernetes\.io/hostname=="127.0.0.1")].kind}"#,
                NODES,
                "None",
            ),
            ("bool item", "{.items[?(@..ready==true)].metadata.name}", NODES, "127.0.0.1"),
            // "recursive name": upstream sorts its output (map order is random); this is document order.
            ("recursive name", "{..name}", NODES, "127.0.0.1 127.0.0.2 myself e2e"),
        ],
        false,
    );
}

#[test]
fn empty_range() {
    let empty = r#"{"items":[]}"#;
    check(
        &[
            ("empty range", "{range .items[*]}{.metadata.name}{end}", empty, ""),
            (
                "empty nested range",
                r#"{range .items[*]}{.metadata.name}{":"}{range @.spec.containers[*]}{.name}{","}{end}{"+"}{end}"#,
                empty,
                "",
            ),
        ],
        true,
    );
}

#[test]
fn nested_ranges() {
    let pods = r#"{"items": [
        {"metadata": {"name": "pod1"}, "spec": {"containers": [
            {"name": "foo", "another": [{ "name": "value1" }, { "name": "value2" }]},
            {"name": "bar", "another": [{ "name": "value1" }, { "name": "value2" }]}]}},
        {"metadata": {"name": "pod2"}, "spec": {"containers": [
            {"name": "baz", "another": [{ "name": "value1" }, { "name": "value2" }]}]}}
    ]}"#;
    check(
        &[
            (
                "nested range with a trailing newline",
                r#"{range .items[*]}{.metadata.name}{":"}{range @.spec.containers[*]}{.name}{","}{end}{"+"}{end}"#,
                pods,
                "pod1:foo,bar,+pod2:baz,+",
            ),
            (
                "nested range with a trailing character within another nested range with a trailing newline",
                concat!(
                    r#"{range .items[*]}{.metadata.name}{"~"}{range @.spec.containers[*]}{.name}{":"}"#,
                    r##"{range @.another[*]}{.name}{","}{end}{"+"}{end}{"#"}{end}"##
                ),
                pods,
                "pod1~foo:value1,value2,+bar:value1,value2,+#pod2~baz:value1,value2,+#",
            ),
            (
                "two nested ranges at the same level with a trailing newline",
                concat!(
                    r#"{range .items[*]}{.metadata.name}{"\t"}{range @.spec.containers[*]}{.name}{" "}{end}"#,
                    r#"{"\t"}{range @.spec.containers[*]}{.name}{" "}{end}{"\n"}{end}"#
                ),
                pods,
                "pod1\tfoo bar \tfoo bar \npod2\tbaz \tbaz \n",
            ),
        ],
        false,
    );
}

#[test]
fn filter_partial_matches_sometimes_missing_annotations() {
    let pods = r#"{"kind": "List", "items": [
        {"kind": "Pod", "metadata": {"name": "pod1", "annotations": {"color": "blue"}}},
        {"kind": "Pod", "metadata": {"name": "pod2"}},
        {"kind": "Pod", "metadata": {"name": "pod3", "annotations": {"color": "green"}}},
        {"kind": "Pod", "metadata": {"name": "pod4", "annotations": {"color": "blue"}}}
    ]}"#;
    let template = r#"{.items[?(@.metadata.annotations.color=="blue")].metadata.name}"#;
    // "filter, should only match a subset, some items don't have annotations, tolerate missing items"
    check(&[("tolerate missing items", template, pods, "pod1 pod4")], true);
    // "…, error on missing items"
    assert_eq!(run(template, pods, false), Err("annotations is not found".into()));
}

const CONTAINERS: &str = r#"{"apiVersion": "v1", "kind": "Pod", "spec": {"containers": [
    {"image": "radial/busyboxplus:curl", "name": "fake0"},
    {"image": "radial/busyboxplus:curl", "name": "fake1"},
    {"image": "radial/busyboxplus:curl", "name": "fake2"},
    {"image": "radial/busyboxplus:curl", "name": "fake3"}]}}"#;

#[test]
fn negative_index() {
    check(
        &[
            ("test containers[0], it equals containers[0]", "{.spec.containers[0].name}", CONTAINERS, "fake0"),
            ("test containers[0:0], it equals the empty set", "{.spec.containers[0:0].name}", CONTAINERS, ""),
            (
                "test containers[0:-1], it equals containers[0:3]",
                "{.spec.containers[0:-1].name}",
                CONTAINERS,
                "fake0 fake1 fake2",
            ),
            ("test containers[-1], it equals containers[3]", "{.spec.containers[-1].name}", CONTAINERS, "fake3"),
            ("test containers[-1:], it equals containers[3:]", "{.spec.containers[-1:].name}", CONTAINERS, "fake3"),
            ("test containers[-2], it equals containers[2]", "{.spec.containers[-2].name}", CONTAINERS, "fake2"),
            (
                "test containers[-2:], it equals containers[2:]",
                "{.spec.containers[-2:].name}",
                CONTAINERS,
                "fake2 fake3",
            ),
            ("test containers[-3], it equals containers[1]", "{.spec.containers[-3].name}", CONTAINERS, "fake1"),
            ("test containers[-4], it equals containers[0]", "{.spec.containers[-4].name}", CONTAINERS, "fake0"),
            (
                "test containers[-4:], it equals containers[0:]",
                "{.spec.containers[-4:].name}",
                CONTAINERS,
                "fake0 fake1 fake2 fake3",
            ),
            ("test containers[5:5], expect empty set", "{.spec.containers[5:5].name}", CONTAINERS, ""),
            ("test containers[-5:-5], expect empty set", "{.spec.containers[-5:-5].name}", CONTAINERS, ""),
        ],
        false,
    );
    check_fails(
        &[
            ("test containers[-1:0], expect error", "{.spec.containers[-1:0].name}", CONTAINERS),
            ("test containers[-5], expect a error cause it out of bounds", "{.spec.containers[-5].name}", CONTAINERS),
            ("test containers[3:1], …", "{.spec.containers[3:1].name}", CONTAINERS),
            ("test containers[-1:-2], …", "{.spec.containers[-1:-2].name}", CONTAINERS),
        ],
        false,
    );
    // The texts of those errors.
    for (template, expect) in [
        ("{.spec.containers[-1:0].name}", "starting index 3 is greater than ending index 0"),
        ("{.spec.containers[-5].name}", "array index out of bounds: index -1, length 4"),
        ("{.spec.containers[3:1].name}", "starting index 3 is greater than ending index 1"),
        ("{.spec.containers[-1:-2].name}", "starting index 3 is greater than ending index 2"),
        ("{.spec.containers[4]}", "array index out of bounds: index 4, length 4"),
        ("{.spec.containers[0:9]}", "array index out of bounds: index 8, length 4"),
    ] {
        assert_eq!(run(template, CONTAINERS, false), Err(expect.into()), "{template}");
    }
}

#[test]
fn running_pods_json_path_output() {
    let pods = r#"{"kind": "List", "items": [
        {"kind": "Pod", "metadata": {"name": "pod1"}, "status": {"phase": "Running"}},
        {"kind": "Pod", "metadata": {"name": "pod2"}, "status": {"phase": "Running"}},
        {"kind": "Pod", "metadata": {"name": "pod3"}, "status": {"phase": "Running"}},
        {"resourceVersion": ""}
    ]}"#;
    check(
        &[(
            "range over pods without selecting the last one",
            r#"{range .items[?(.status.phase=="Running")]}{.metadata.name}{" is Running\n"}{end}"#,
            pods,
            "pod1 is Running\npod2 is Running\npod3 is Running\n",
        )],
        true,
    );
}

#[test]
fn step() {
    let six = r#"{"spec": {"containers": [{"name": "fake0"}, {"name": "fake1"}, {"name": "fake2"},
        {"name": "fake3"}, {"name": "fake4"}, {"name": "fake5"}]}}"#;
    let all = "fake0 fake1 fake2 fake3 fake4 fake5";
    check(
        &[
            ("test containers[0:], it equals containers[0:6:1]", "{.spec.containers[0:].name}", six, all),
            ("test containers[0:6:], it equals containers[0:6:1]", "{.spec.containers[0:6:].name}", six, all),
            ("test containers[0:6:1]", "{.spec.containers[0:6:1].name}", six, all),
            ("test containers[1:4:2]", "{.spec.containers[1:4:2].name}", six, "fake1 fake3"),
            ("test containers[1:4:3]", "{.spec.containers[1:4:3].name}", six, "fake1"),
            ("test containers[1:4:4]", "{.spec.containers[1:4:4].name}", six, "fake1"),
            ("test containers[0:6:2]", "{.spec.containers[0:6:2].name}", six, "fake0 fake2 fake4"),
            ("test containers[0:6:3]", "{.spec.containers[0:6:3].name}", six, "fake0 fake3"),
            ("test containers[0:6:5]", "{.spec.containers[0:6:5].name}", six, "fake0 fake5"),
            ("test containers[0:6:6]", "{.spec.containers[0:6:6].name}", six, "fake0"),
        ],
        false,
    );
    // "test containers[0:6:0], it errors" and "…[0:6:-1], it errors"; a negative step never
    // walks backwards.
    for template in ["{.spec.containers[0:6:0].name}", "{.spec.containers[0:6:-1].name}", "{.spec.containers[::-1]}"] {
        assert_eq!(run(template, six, false), Err("step must be > 0".into()), "{template}");
    }
    // An empty array asks for no elements before the step is looked at.
    assert_eq!(run("{.a[::-1]}", r#"{"a":[]}"#, false), Ok(String::new()));
}

/// What upstream's `walk` does that its tests do not show.
#[test]
fn quirks_of_walk() {
    let doc = r#"{"s":"hi","n":3,"f":2.5,"z":null,"a":[1,"x",null],"o":{"k":"v"},"e":""}"#;
    for (template, expect) in [
        // Strings have bytes for members; `..` lists non-empty strings with the containers.
        ("{.s.*}", Ok("104 105")),
        ("{.s..}", Ok("hi")),
        ("{.e..}", Ok("")),
        ("{.o..}", Ok(r#"{"k":"v"} v"#)),
        // Literals stand for themselves, once per input value (text once whatever the input).
        (r#"{.missing "lit"}"#, Ok("lit")),
        ("{.s 7}", Ok("7")),
        ("{.missing 7}", Ok("")),
        ("{.s true}", Ok("true")),
        ("{.s 1.5}", Ok("1.5")),
        // A quoted string is a Go string: `[0]` of it is no array.
        (r#"{"ab"[0]}"#, Err("string is not array or slice")),
        ("{.n[0]}", Err("int64 is not array or slice")),
        ("{.f[0]}", Err("float64 is not array or slice")),
        ("{.z[0]}", Ok("")),
        ("{.z}", Ok("null")),
        ("{.a[2]}", Ok("null")),
        ("{.o[?(@.k)]}", Err("map[k:v] is not array or slice and cannot be filtered")),
        ("{.z[?(@.k)]}", Err("<nil> is not array or slice and cannot be filtered")),
        // Comparisons as Go's text/template: an int64 and a Go int compare, an int64 and a
        // float64 do not, bools have no order, null and containers are no comparable type.
        ("{.a[?(@ == 1)]}", Err("incompatible types for comparison")),
        // The root is an object, which no filter takes; Go prints it with `%v`.
        (
            "{[?(@.n == 3)].n}",
            Err("map[a:[1 x <nil>] e: f:2.5 n:3 o:map[k:v] s:hi z:<nil>] is not array or slice and cannot be filtered"),
        ),
        ("{.s.*[?(@ == 104)]}", Err("104 is not array or slice and cannot be filtered")),
        ("{.s.*[0]}", Err("uint8 is not array or slice")),
        ("{.a[?(@ > 2)]}", Err("incompatible types for comparison")),
        ("{.a[?(@ < 2)]}", Err("incompatible types for comparison")),
        ("{.a[?(@.x)]}", Ok("")),
        // `exists` keeps an element whose operand failed with values in hand.
        ("{.a[?(@[5])]}", Ok("1 x")),
        // Identifiers other than range and end.
        ("{.s foo}", Err("unrecognized identifier foo")),
        ("{end}", Err("not in range, nothing to end")),
    ] {
        assert_eq!(run(template, doc, true), expect.map(str::to_owned).map_err(str::to_owned), "{template}");
    }
    // One element `v` under a filter `v <op> right`.
    for (element, filter, expect) in [
        (r#"{"v":1}"#, "@.v == 1", Ok("1")),
        (r#"{"v":1}"#, "@.v == 1.0", Err("incompatible types for comparison")),
        (r#"{"v":2.5}"#, "@.v > 2.0", Ok("2.5")),
        (r#"{"v":2.5}"#, "@.v > 2", Err("incompatible types for comparison")),
        (r#"{"v":2.0}"#, "@.v == 2", Err("incompatible types for comparison")),
        (r#"{"v":"3"}"#, "@.v < '4'", Ok("3")),
        (r#"{"v":"3"}"#, "@.v == 3", Err("incompatible types for comparison")),
        (r#"{"v":true}"#, "@.v == true", Ok("true")),
        (r#"{"v":true}"#, "@.v != false", Ok("true")),
        (r#"{"v":true}"#, "@.v < true", Err("invalid type for comparison")),
        (r#"{"v":true}"#, "@.v > true", Err("invalid type for comparison")),
        (r#"{"v":true}"#, "@.v >= true", Err("invalid type for comparison")),
        (r#"{"v":true}"#, "@.v <= true", Err("invalid type for comparison")),
        (r#"{"v":null}"#, "@.v == 1", Err("invalid type for comparison")),
        (r#"{"v":[1]}"#, "@.v == 1", Err("invalid type for comparison")),
        (r#"{"w":1}"#, "@.v == 1", Ok("")),
        (r#"{"w":[1,2]}"#, "@.w[*] == 1", Err("can only compare one element at a time")),
        (r#"{"v":1}"#, "@.v =< 1", Err("unrecognized filter operator =<")),
        // Both sides are paths from the element.
        (r#"{"v":1,"w":1}"#, "@.v == @.w", Ok("1")),
        (r#"{"v":1,"w":2}"#, "@.v >= @.w", Ok("")),
        // `[0]` of a number fails with the number in hand: the `exists` form keeps it.
        (r#"{"v":1}"#, "@.v[0]", Ok("1")),
    ] {
        let doc = format!("[{element}]");
        let template = format!("{{[?({filter})].v}}");
        let expect = expect.map(str::to_owned).map_err(str::to_owned);
        assert_eq!(run(&template, &doc, true), expect, "{template} on {doc}");
    }
}

#[test]
fn range_over_nothing_panics_where_upstream_does() {
    let doc = parse_json(br#"{"a":[]}"#).expect("valid JSON");
    // The body runs once on no value; `[0]` of no value is a panic in `reflect`.
    let nodes = parse("{range .a[*]}{[0]}{end}").expect("parses");
    let err = find_results(&nodes, &doc, true).expect_err("panics");
    assert!(err.is_panic(), "{err}");
    // A field of no value is nothing.
    let nodes = parse("{range .a[*]}{.x}{end}done").expect("parses");
    assert_eq!(execute(&nodes, &doc, true).as_deref(), Ok("done"));
}

#[test]
fn bounds_hold_hostile_templates() {
    // Seven arrays nested in one another, and a union taking ten copies of each level's only
    // element: ten million values from a document of fifteen bytes.
    let doc = parse_json(b"[[[[[[[1]]]]]]]").expect("valid JSON");
    let union = "[0,0,0,0,0,0,0,0,0,0]";
    let nodes = parse(&format!("{{{}}}", union.repeat(5))).expect("parses");
    assert_eq!(find_results(&nodes, &doc, true).map(|r| r[0].len()), Ok(100_000));
    let nodes = parse(&format!("{{{}}}", union.repeat(7))).expect("parses");
    let err = find_results(&nodes, &doc, true).expect_err("too many");
    assert_eq!(err.message(), format!("JSONPath evaluation produced more than {MAX_VALUES} values"));
    assert!(!err.is_panic());
    // Ranges nest deeper than the bound: each `range @` opens a loop over the value itself.
    let nested = |n: usize| format!("{}{}", "{range @}".repeat(n), "{end}".repeat(n));
    let nodes = parse(&nested(MAX_RANGE_DEPTH + 1)).expect("parses");
    let err = find_results(&nodes, &doc, true).expect_err("too deep");
    assert_eq!(err.message(), format!("JSONPath ranges nested deeper than {MAX_RANGE_DEPTH}"));
    let nodes = parse(&nested(MAX_RANGE_DEPTH)).expect("parses");
    assert_eq!(find_results(&nodes, &doc, true).map(|r| r.len()), Ok(0));
    // Without their `end`s, each loop's body runs the loops after it, and again after the
    // loop: twice as much work per `range`.
    let nodes = parse(&format!("{}.", "{range @}".repeat(40))).expect("parses");
    let err = find_results(&nodes, &doc, true).expect_err("too many");
    assert!(err.message().starts_with("JSONPath evaluation produced more than"), "{err}");
}

/// Go's `%v` of a float64 (checked against go1.19's `fmt`): exponent form below 1e-4 and
/// from 1e6 on, unlike `json.Marshal`'s 1e21.
#[test]
fn floats_print_as_fmt_does() {
    for (f, want) in [
        (2.5, "2.5"),
        (100000.0, "100000"),
        (123456.5, "123456.5"),
        (1e6, "1e+06"),
        (1234567.5, "1.2345675e+06"),
        (1e21, "1e+21"),
        (0.0001, "0.0001"),
        (0.00001234, "1.234e-05"),
        (-1.25e-7, "-1.25e-07"),
        (-0.0, "-0"),
    ] {
        assert_eq!(go_fmt_float(f), want, "{f}");
    }
    let doc = r#"{"a":1e6,"b":[1e6,1e21,1e-7]}"#;
    assert_eq!(run("{.a} {.b}", doc, false), Ok("1e+06 [1000000,1e+21,1e-7]".into()));
}

/// Upstream's object evaluated twice: a `range` leaves it holding the template's rest from the
/// loop's body on, so the second call evaluates `{.name}{end}` on the whole document, whose
/// `end` is then outside any loop.
#[test]
fn an_object_keeps_the_template_a_range_left_it() {
    let doc = parse_json(br#"{"items":[{"name":"a"},{"name":"b"}]}"#).expect("valid JSON");
    let mut path = JsonPath::new(parse("{range .items[*]}{.name}{end}").expect("parses"), true);
    let first = path.find_results(&doc).expect("evaluates");
    let names: Vec<String> = first.iter().flatten().map(|f| f.print()).collect();
    assert_eq!(names, ["a", "b"]);
    let again = path.find_results(&doc).expect_err("the rest's end is outside any loop");
    assert_eq!(again.message(), "not in range, nothing to end");
    // A fresh evaluation of the same template is unchanged.
    let nodes = parse("{range .items[*]}{.name}{end}").expect("parses");
    assert_eq!(find_results(&nodes, &doc, true).expect("evaluates").len(), 2);
}

/// An error inside a loop returns without lowering the loop's counters, and the object's
/// template stays the body: the next call runs the body on the whole document and its `end`
/// closes the loop left open, so the text after it is never reached.
#[test]
fn an_error_inside_a_loop_leaves_it_open_for_the_next_call() {
    let mut path = JsonPath::new(parse("{range .items[*]}{.n[1]}{end}{.top}").expect("parses"), true);
    let bad = parse_json(br#"{"items":[{"n":[0]}],"top":"t"}"#).expect("valid JSON");
    let err = path.find_results(&bad).expect_err("index out of range");
    assert_eq!(err.message(), "array index out of bounds: index 1, length 1");
    let good = parse_json(br#"{"n":[0,7],"top":"t"}"#).expect("valid JSON");
    let found = path.find_results(&good).expect("evaluates");
    let printed: Vec<Vec<String>> = found.iter().map(|r| r.iter().map(|f| f.print()).collect()).collect();
    assert_eq!(printed, [["7"]]);
}
