//! YAML encoding byte-identical to sigs.k8s.io/yaml `JSONToYAML` and decoding like its `YAMLToJSON`.
//!
//! Both directions follow go-yaml v2 (yaml.v2 2.4): output is what `yaml.Marshal` writes for a
//! JSON document decoded by `yaml.Unmarshal` (sorted keys, YAML 1.1 quoting, block style, 80
//! column folding), and input is read with YAML 1.1 implicit typing.

mod decode;
mod emitter;
mod number;
mod resolve;
mod sort;
pub mod stream;

use std::collections::HashMap;

use crate::error::DecodeError;
use crate::json::value::{self, Value};

use emitter::{Event, Style};
// Go's `%v` of a float64, for JSONPath's printer.
#[cfg(feature = "jsonpath")]
pub(crate) use number::format_g;
use resolve::{Resolved, is_base60_float, resolve_plain};
pub use stream::{Document, Documents, StreamError, decode_all, decode_objects, documents, is_json_stream, values};

/// Converts a JSON document to YAML exactly as sigs.k8s.io/yaml `JSONToYAML` does.
pub fn json_to_yaml(json: &[u8]) -> Result<Vec<u8>, DecodeError> {
    let v = value::parse(json)?;
    Ok(to_yaml(&v))
}

/// Writes a value as the YAML that sigs.k8s.io/yaml `JSONToYAML` produces for the JSON document
/// holding it. Repeated object keys keep their last value, as a Go map would.
pub fn to_yaml(value: &Value) -> Vec<u8> {
    emitter::emit_document(&events(value))
}

/// Decodes the first YAML document like sigs.k8s.io/yaml `YAMLToJSON` (`YAMLToJSONStrict` when
/// `strict`) and returns compact JSON. An empty document gives `null`.
pub fn yaml_to_json(yaml: &[u8], strict: bool) -> Result<Vec<u8>, DecodeError> {
    Ok(from_yaml(yaml, strict)?.to_compact_vec())
}

/// Decodes the first YAML document like sigs.k8s.io/yaml `YAMLToJSON` into a value whose object
/// members are sorted by key, as Go's `json.Marshal` writes them.
pub fn from_yaml(yaml: &[u8], strict: bool) -> Result<Value, DecodeError> {
    decode::decode(yaml, strict)
}

/// The scalar yaml.v2's `stringv` emits for a Go string.
fn string_event(s: &str) -> Event {
    let can_use_plain = resolve_plain(s) == Resolved::Str && !is_base60_float(s);
    let style = if s.contains('\n') {
        Style::Literal
    } else if can_use_plain {
        Style::Plain
    } else {
        Style::DoubleQuoted
    };
    Event::Scalar(s.to_owned(), style)
}

/// The scalar for a JSON number: yaml.v2 reads the number text as a plain scalar, so it becomes
/// an int, uint or float and is written back in Go's format.
fn number_event(text: &str) -> Event {
    let plain = |s: String| Event::Scalar(s, Style::Plain);
    match resolve_plain(text) {
        Resolved::Int(i) => plain(i.to_string()),
        Resolved::Uint(u) => plain(u.to_string()),
        Resolved::Float(f) => plain(number::yaml_float(f)),
        Resolved::Bool(b) => plain(b.to_string()),
        Resolved::Null => plain("null".to_owned()),
        Resolved::Timestamp | Resolved::Str => string_event(text),
    }
}

/// The emitter events for a value, generated without recursion.
fn events(root: &Value) -> Vec<Event> {
    enum Work<'a> {
        Value(&'a Value),
        Key(&'a str),
        End(Event),
    }
    let mut out = Vec::new();
    let mut stack = vec![Work::Value(root)];
    while let Some(work) = stack.pop() {
        match work {
            Work::End(e) => out.push(e),
            Work::Key(k) => out.push(string_event(k)),
            Work::Value(v) => match v {
                Value::Null => out.push(Event::Scalar("null".to_owned(), Style::Plain)),
                Value::Bool(b) => out.push(Event::Scalar(b.to_string(), Style::Plain)),
                Value::Number(n) => out.push(number_event(n)),
                Value::String(s) => out.push(string_event(s)),
                Value::Array(items) => {
                    out.push(Event::SequenceStart);
                    stack.push(Work::End(Event::SequenceEnd));
                    stack.extend(items.iter().rev().map(Work::Value));
                }
                Value::Object(members) => {
                    // A Go map keeps one entry per key, the last one decoded.
                    let mut last: HashMap<&str, usize> = HashMap::with_capacity(members.len());
                    for (i, (k, _)) in members.iter().enumerate() {
                        last.insert(k.as_str(), i);
                    }
                    let mut unique: Vec<&(String, Value)> = members
                        .iter()
                        .enumerate()
                        .filter(|(i, (k, _))| last.get(k.as_str()) == Some(i))
                        .map(|(_, m)| m)
                        .collect();
                    sort::sort_by_key(&mut unique, |m| m.0.as_str());
                    out.push(Event::MappingStart);
                    stack.push(Work::End(Event::MappingEnd));
                    for (k, v) in unique.into_iter().rev() {
                        stack.push(Work::Value(v));
                        stack.push(Work::Key(k));
                    }
                }
            },
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::error::DecodeErrorKind;

    /// JSON text to YAML text.
    fn y(json: &str) -> String {
        String::from_utf8(json_to_yaml(json.as_bytes()).unwrap()).unwrap()
    }

    /// YAML text to compact JSON text.
    fn j(yaml: &str) -> String {
        String::from_utf8(yaml_to_json(yaml.as_bytes(), false).unwrap()).unwrap()
    }

    fn strict_err(yaml: &str) -> DecodeErrorKind {
        yaml_to_json(yaml.as_bytes(), true).unwrap_err().into_kind()
    }

    /// The YAML for `{"k": s}`.
    fn yk(s: &str) -> String {
        String::from_utf8(to_yaml(&Value::Object(vec![("k".to_owned(), Value::String(s.to_owned()))]))).unwrap()
    }

    const LOREM: &str = "Lorem ipsum dolor sit amet, consectetur adipiscing elit, sed do eiusmod tempor incididunt ut labore et dolore magna aliqua. Ut enim ad minim veniam, quis nostrud exercitation ullamco laboris nisi ut aliquip ex ea commodo consequat.";

    #[test]
    fn sorts_keys_naturally() {
        assert_eq!(
            y(r#"{"a10":1,"a2":2,"_x":3,"A":4,"b":5,"a1":6,"10":7,"9":8}"#),
            "_x: 3\n\"9\": 8\n\"10\": 7\nA: 4\na1: 6\na2: 2\na10: 1\nb: 5\n"
        );
        assert_eq!(
            y(r#"{"spec":1,"status":2,"metadata":3,"kind":4,"apiVersion":5}"#),
            "apiVersion: 5\nkind: 4\nmetadata: 3\nspec: 1\nstatus: 2\n"
        );
        // A repeated key keeps its last value, as a Go map does.
        assert_eq!(y(r#"{"b":1,"a":2,"b":3}"#), "a: 2\nb: 3\n");
    }

    #[test]
    fn quotes_strings_that_resolve_to_other_types() {
        let cases = [
            ("0", "\"0\""),
            ("5", "\"5\""),
            ("1e3", "\"1e3\""),
            ("1.5", "\"1.5\""),
            ("0777", "\"0777\""),
            ("0x1F", "\"0x1F\""),
            ("+1", "\"+1\""),
            (".5", "\".5\""),
            ("1_000", "\"1_000\""),
            ("yes", "\"yes\""),
            ("on", "\"on\""),
            ("y", "\"y\""),
            ("N", "\"N\""),
            ("Off", "\"Off\""),
            ("true", "\"true\""),
            ("FALSE", "\"FALSE\""),
            ("null", "\"null\""),
            ("~", "\"~\""),
            ("", "\"\""),
            (".inf", "\".inf\""),
            (".NaN", "\".NaN\""),
            ("2008-01-01T01:01:01Z", "\"2008-01-01T01:01:01Z\""),
            ("2001-12-14", "\"2001-12-14\""),
            ("1:20", "\"1:20\""),
            // Not resolvable, so plain.
            ("yES", "yES"),
            ("1e400", "1e400"),
            ("2001-02-29", "2001-02-29"),
            ("1:60", "1:60"),
            ("<<", "<<"),
            ("BA==", "BA=="),
            ("Ag==", "Ag=="),
            ("nginx:1.25", "nginx:1.25"),
            ("--port=80", "--port=80"),
            ("-v", "-v"),
            (":x", ":x"),
            ("x,y", "x,y"),
            ("x]", "x]"),
            ("a#b", "a#b"),
            ("it's", "it's"),
            ("say \"hi\"", "say \"hi\""),
            ("é ü", "é ü"),
            ("中文", "中文"),
            ("\u{d7ff}\u{e000}\u{fffd}", "\u{d7ff}\u{e000}\u{fffd}"),
        ];
        for (s, want) in cases {
            assert_eq!(yk(s), format!("k: {want}\n"), "{s:?}");
        }
    }

    #[test]
    fn single_quotes_what_plain_cannot_hold() {
        let cases = [
            ("a: b", "'a: b'"),
            ("x:", "'x:'"),
            ("x: ", "'x: '"),
            ("a #b", "'a #b'"),
            ("x #", "'x #'"),
            ("- a", "'- a'"),
            ("-", "'-'"),
            (" lead", "' lead'"),
            ("trail ", "'trail '"),
            ("   ", "'   '"),
            ("--- x", "'--- x'"),
            ("...", "'...'"),
            ("?", "'?'"),
            ("? x", "'? x'"),
            ("#x", "'#x'"),
            ("%x", "'%x'"),
            ("[x]", "'[x]'"),
            ("{x}", "'{x}'"),
            ("!x", "'!x'"),
            ("&x", "'&x'"),
            ("*x", "'*x'"),
            ("|x", "'|x'"),
            (">x", "'>x'"),
            ("@x", "'@x'"),
            ("`x", "'`x'"),
            ("'q", "'''q'"),
            ("\"q", "'\"q'"),
            ("it's: x", "'it''s: x'"),
        ];
        for (s, want) in cases {
            assert_eq!(yk(s), format!("k: {want}\n"), "{s:?}");
        }
    }

    #[test]
    fn double_quotes_and_escapes_special_characters() {
        let cases = [
            ("a\tb", r#""a\tb""#),
            ("\u{0}\u{7}\u{8}\u{b}\u{c}\r\u{1b}", r#""\0\a\b\v\f\r\e""#),
            ("\u{1}\u{7f}", r#""\x01\x7F""#),
            ("x\u{85}", r#""x\N""#),
            // Line and paragraph separators are breaks for the emitter but printable, so single quotes
            // hold them, with yaml.v2's indentation after each.
            ("x\u{2028}y\u{2029}\u{a0}", "'x\u{2028}  y\u{2029}  \u{a0}'"),
            ("x\u{2028}\t", r#""x\L\t""#),
            ("emoji 😀", r#""emoji \U0001F600""#),
            ("\u{fffe}", r#""\uFFFE""#),
            // A leading byte order mark makes yaml.v2 escape every character of the value.
            ("\u{feff}ab", r#""\uFEFF\x61\x62""#),
            ("back\\slash\t\"", r#""back\\slash\t\"""#),
            ("trailing space \nx", r#""trailing space \nx""#),
        ];
        for (s, want) in cases {
            assert_eq!(yk(s), format!("k: {want}\n"), "{s:?}");
        }
    }

    #[test]
    fn literal_blocks_for_multiline_strings() {
        assert_eq!(y(r#"{"a":"multi\nline"}"#), "a: |-\n  multi\n  line\n");
        assert_eq!(y(r#"{"a":"multi\nline\n"}"#), "a: |\n  multi\n  line\n");
        assert_eq!(y(r#"{"a":"x\n\n","b":1}"#), "a: |+\n  x\n\nb: 1\n");
        assert_eq!(y(r#"{"a":"\n","b":1}"#), "a: |2+\n\nb: 1\n");
        assert_eq!(y(r#"{"a":" lead\nx"}"#), "a: |2-\n   lead\n  x\n");
        assert_eq!(y(r#"{"a":"x\n\ny"}"#), "a: |-\n  x\n\n  y\n");
        assert_eq!(y(r#"{"a":{"b":"x\ny"}}"#), "a:\n  b: |-\n    x\n    y\n");
        assert_eq!(y(r#"["x\ny"]"#), "- |-\n  x\n  y\n");
        assert_eq!(y(r#""x\ny""#), "|-\n  x\n  y\n");
        // Tabs are not printable, so the block style is refused.
        assert_eq!(y(r#"{"a":"x\n\ty"}"#), "a: \"x\\n\\ty\"\n");
    }

    #[test]
    fn formats_numbers_like_yaml_v2() {
        assert_eq!(
            y(
                r#"[1,1.0,-0,-0.0,1e3,1E+2,1.5e300,12345678901234567890,123456789012345678901,1e400,0.000001,0.0001,100000,1000000,9223372036854775807,-9223372036854775808,-9223372036854775809,2.5]"#
            ),
            "- 1\n- 1\n- 0\n- -0\n- 1000\n- 100\n- 1.5e+300\n- 12345678901234567890\n- 1.2345678901234568e+20\n- 1e400\n- 1e-06\n- 0.0001\n- 100000\n- 1000000\n- 9223372036854775807\n- -9223372036854775808\n- -9.223372036854776e+18\n- 2.5\n"
        );
        assert_eq!(y("true"), "true\n");
        assert_eq!(y("null"), "null\n");
        assert_eq!(y(r#"{"a":null,"b":false}"#), "a: null\nb: false\n");
    }

    #[test]
    fn quotes_keys_like_values() {
        assert_eq!(
            y(r#"{"5":1,"y":2,"n":3,"":4,"null":5,"a b":6,"a: b":7,"~":8,"0.1":9}"#),
            "\"\": 4\n\"~\": 8\n\"0.1\": 9\n\"5\": 1\na b: 6\n'a: b': 7\n\"n\": 3\n\"null\": 5\n\"y\": 2\n"
        );
        // Keys over 128 bytes or spanning lines are complex keys.
        let long = "k".repeat(129);
        let at_limit = "k".repeat(128);
        assert_eq!(
            y(&format!(r#"{{"{long}":1,"{at_limit}":2,"multi\nkey":3}}"#)),
            format!("{at_limit}: 2\n? {long}\n: 1\n? |-\n  multi\n  key\n: 3\n")
        );
        assert_eq!(y(&format!(r#"{{"{long}":{{"a":1}}}}"#)), format!("? {long}\n: a: 1\n"));
        assert_eq!(y(&format!(r#"{{"{long}":[1,2]}}"#)), format!("? {long}\n: - 1\n  - 2\n"));
    }

    #[test]
    fn collections() {
        assert_eq!(y("{}"), "{}\n");
        assert_eq!(y("[]"), "[]\n");
        assert_eq!(y(r#"{"a":{},"b":[],"c":[{}],"d":[[]]}"#), "a: {}\nb: []\nc:\n- {}\nd:\n- []\n");
        assert_eq!(y(r#"[[1,[2]],[],{},[{}],{"a":[]}]"#), "- - 1\n  - - 2\n- []\n- {}\n- - {}\n- a: []\n");
        assert_eq!(
            y(r#"{"list":[{"a":1,"b":[1,2],"c":{"d":"e"}},{"x":[[1,2],[3]]}]}"#),
            "list:\n- a: 1\n  b:\n  - 1\n  - 2\n  c:\n    d: e\n- x:\n  - - 1\n    - 2\n  - - 3\n"
        );
        assert_eq!(y(r#"[[{"a":1,"b":2}]]"#), "- - a: 1\n    b: 2\n");
    }

    #[test]
    fn folds_long_lines_at_80_columns() {
        let json = format!(
            r#"{{"description":"{LOREM}","nested":{{"deeper":{{"text":"{LOREM}"}}}},"list":["{LOREM}"],"quoted":" {LOREM}","dq":"\t{LOREM}"}}"#
        );
        let want = "\
description: Lorem ipsum dolor sit amet, consectetur adipiscing elit, sed do eiusmod
  tempor incididunt ut labore et dolore magna aliqua. Ut enim ad minim veniam, quis
  nostrud exercitation ullamco laboris nisi ut aliquip ex ea commodo consequat.
dq: \"\\tLorem ipsum dolor sit amet, consectetur adipiscing elit, sed do eiusmod tempor
  incididunt ut labore et dolore magna aliqua. Ut enim ad minim veniam, quis nostrud
  exercitation ullamco laboris nisi ut aliquip ex ea commodo consequat.\"
list:
- Lorem ipsum dolor sit amet, consectetur adipiscing elit, sed do eiusmod tempor incididunt
  ut labore et dolore magna aliqua. Ut enim ad minim veniam, quis nostrud exercitation
  ullamco laboris nisi ut aliquip ex ea commodo consequat.
nested:
  deeper:
    text: Lorem ipsum dolor sit amet, consectetur adipiscing elit, sed do eiusmod
      tempor incididunt ut labore et dolore magna aliqua. Ut enim ad minim veniam,
      quis nostrud exercitation ullamco laboris nisi ut aliquip ex ea commodo consequat.
quoted: ' Lorem ipsum dolor sit amet, consectetur adipiscing elit, sed do eiusmod
  tempor incididunt ut labore et dolore magna aliqua. Ut enim ad minim veniam, quis
  nostrud exercitation ullamco laboris nisi ut aliquip ex ea commodo consequat.'
";
        assert_eq!(y(&json), want);
        // A root scalar continues at indentation 2.
        assert_eq!(
            y(&format!(r#""{LOREM}""#)),
            "Lorem ipsum dolor sit amet, consectetur adipiscing elit, sed do eiusmod tempor incididunt\n  ut labore et dolore magna aliqua. Ut enim ad minim veniam, quis nostrud exercitation\n  ullamco laboris nisi ut aliquip ex ea commodo consequat.\n"
        );
        // No break inside a run of spaces, an escaped space after a break in double quotes,
        // columns counted in characters, and no folding of simple keys or space-free text.
        let x = "x".repeat(78);
        assert_eq!(y(&format!(r#"{{"k":"\t{x}  y"}}"#)), format!("k: \"\\t{x}\n  \\ y\"\n"));
        assert_eq!(y(&format!(r#"{{"p":"{x}  y z w"}}"#)), format!("p: {x}  y\n  z w\n"));
        assert_eq!(y(&format!(r#"{{"s":" {x}  y z"}}"#)), format!("s: ' {x}  y\n  z'\n"));
        let e = "é".repeat(79);
        assert_eq!(y(&format!(r#"{{"u":"{e} ü ü"}}"#)), format!("u: {e}\n  ü ü\n"));
        let long_key = format!("{} {}", "w".repeat(60), "v".repeat(60));
        assert_eq!(y(&format!(r#"{{"{long_key}":1}}"#)), format!("{long_key}: 1\n"));
        let nospace = "x".repeat(100);
        assert_eq!(y(&format!(r#"{{"m":"{nospace}"}}"#)), format!("m: {nospace}\n"));
    }

    #[test]
    fn typical_kubernetes_object() {
        let json = r#"{"apiVersion":"apps/v1","kind":"Deployment","metadata":{"name":"web","namespace":"default","labels":{"app":"web","tier":"frontend"},"annotations":{"deployment.kubernetes.io/revision":"3","kubectl.kubernetes.io/last-applied-configuration":"{\"apiVersion\":\"apps/v1\"}\n"},"creationTimestamp":"2024-01-02T03:04:05Z","generation":3,"uid":"0b5f1c7e-1234-4cde-9abc-0123456789ab"},"spec":{"replicas":3,"selector":{"matchLabels":{"app":"web"}},"template":{"metadata":{"creationTimestamp":null,"labels":{"app":"web"}},"spec":{"containers":[{"name":"nginx","image":"nginx:1.25","ports":[{"containerPort":80,"protocol":"TCP"}],"args":["--port=80","-v"],"env":[{"name":"MODE","value":"on"},{"name":"COUNT","value":"10"}],"resources":{"limits":{"cpu":"500m","memory":"128Mi"}}}],"nodeSelector":{"kubernetes.io/os":"linux"}}}},"status":{}}"#;
        let want = r#"apiVersion: apps/v1
kind: Deployment
metadata:
  annotations:
    deployment.kubernetes.io/revision: "3"
    kubectl.kubernetes.io/last-applied-configuration: |
      {"apiVersion":"apps/v1"}
  creationTimestamp: "2024-01-02T03:04:05Z"
  generation: 3
  labels:
    app: web
    tier: frontend
  name: web
  namespace: default
  uid: 0b5f1c7e-1234-4cde-9abc-0123456789ab
spec:
  replicas: 3
  selector:
    matchLabels:
      app: web
  template:
    metadata:
      creationTimestamp: null
      labels:
        app: web
    spec:
      containers:
      - args:
        - --port=80
        - -v
        env:
        - name: MODE
          value: "on"
        - name: COUNT
          value: "10"
        image: nginx:1.25
        name: nginx
        ports:
        - containerPort: 80
          protocol: TCP
        resources:
          limits:
            cpu: 500m
            memory: 128Mi
      nodeSelector:
        kubernetes.io/os: linux
status: {}
"#;
        assert_eq!(y(json), want);
        let back = from_yaml(want.as_bytes(), true).unwrap();
        assert_eq!(to_yaml(&back), want.as_bytes());
    }

    #[test]
    fn json_to_yaml_rejects_bad_json() {
        assert!(json_to_yaml(b"{").is_err());
        assert!(json_to_yaml(b"{\"a\":1,}").is_err());
    }

    #[test]
    fn decodes_yaml_1_1_scalars() {
        assert_eq!(j(""), "null");
        assert_eq!(j("# only a comment\n"), "null");
        assert_eq!(j("---\n"), "null");
        assert_eq!(
            j("[y, Y, yes, Yes, YES, on, On, ON, true, True, TRUE, yES, oN]"),
            r#"[true,true,true,true,true,true,true,true,true,true,true,"yES","oN"]"#
        );
        assert_eq!(
            j("[n, N, no, No, NO, off, Off, OFF, false, False, FALSE, nO]"),
            r#"[false,false,false,false,false,false,false,false,false,false,false,"nO"]"#
        );
        assert_eq!(j("[~, null, Null, NULL, '', \"\", nULL]"), r#"[null,null,null,null,"","","nULL"]"#);
        assert_eq!(
            j("[0x1F, -0x10, 0o17, 0777, 0b101, 1_000, +5, -0, 08, 9223372036854775808, 18446744073709551616]"),
            "[31,-16,15,511,5,1000,5,0,8,9223372036854775808,18446744073709552000]"
        );
        assert_eq!(j("[1e3, .5, 1.0, -1.5e-7, 1e21, 1e400, 1.]"), r#"[1000,0.5,1,-1.5e-7,1e+21,"1e400",1]"#);
        assert_eq!(
            j("[2001-12-14, 2001-12-14t21:59:43.10-05:00, 1:20]"),
            r#"["2001-12-14","2001-12-14t21:59:43.10-05:00","1:20"]"#
        );
        assert_eq!(j("a: 'yes'\nb: \"1\"\nc: |\n  x\nd: >-\n  f\n  g\n"), r#"{"a":"yes","b":"1","c":"x\n","d":"f g"}"#);
        assert_eq!(j("a: \"\\u00e9\\x41\\t<&>\"\nb: 'it''s'"), r#"{"a":"éA\t\u003c\u0026\u003e","b":"it's"}"#);
    }

    #[test]
    fn honours_explicit_tags() {
        assert_eq!(
            j("[!!str 1, !!str yes, !!int '12', !!float 3, !!bool yes, !!null '', ! 12, !custom 5]"),
            r#"["1","yes",12,3,true,null,"12","5"]"#
        );
        assert_eq!(j("a: !!binary aGVsbG8=\nb: !!timestamp 2001-01-01"), r#"{"a":"hello","b":"2001-01-01"}"#);
        let err = yaml_to_json(b"a: !!int abc", false).unwrap_err();
        assert!(
            matches!(&err.kind, DecodeErrorKind::Invalid(m) if m.contains("line 1") && m.contains("cannot decode !!str `abc` as a !!int")),
            "{err}"
        );
        assert!(yaml_to_json(b"a: !!binary '%%%'", false).is_err());
    }

    #[test]
    fn converts_keys_to_strings_and_sorts() {
        assert_eq!(
            j("{b: 1, a: 2, 1: x, 1.5: v, true: z, 0.1: w, 3.14159265358979: p}"),
            r#"{"0.1":"w","1":"x","1.5":"v","3.1415927":"p","a":2,"b":1,"true":"z"}"#
        );
        // YAML 1.1 reads the keys y and n as booleans.
        assert_eq!(j("y: 1\nn: 2"), r#"{"false":2,"true":1}"#);
        assert!(yaml_to_json(b"~: 1", false).is_err());
        assert!(yaml_to_json(b"[1, 2]: x", false).is_err());
        let err = yaml_to_json(b"a: 1\nb: .inf", false).unwrap_err();
        assert!(err.to_string().contains("line 2"), "{err}");
        assert!(yaml_to_json(b"a: .nan", false).is_err());
        // A non-finite value that a later key replaces never reaches JSON.
        assert_eq!(j("a: .inf\na: 1"), r#"{"a":1}"#);
    }

    #[test]
    fn duplicate_keys() {
        assert_eq!(j("a: 1\nb: 2\na: 3"), r#"{"a":3,"b":2}"#);
        assert_eq!(
            strict_err("a: 1\nb: 2\na: 3"),
            DecodeErrorKind::Strict(vec!["line 3: key \"a\" already set in map".to_owned()])
        );
        assert_eq!(
            strict_err("x:\n  a: 1\n  a: 2\n  a: 3\n"),
            DecodeErrorKind::Strict(vec![
                "line 3: key \"a\" already set in map".to_owned(),
                "line 4: key \"a\" already set in map".to_owned()
            ])
        );
        assert_eq!(
            strict_err("1: a\n1: b"),
            DecodeErrorKind::Strict(vec!["line 2: key 1 already set in map".to_owned()])
        );
        assert!(yaml_to_json(b"a: 1\nb: 2", true).is_ok());
    }

    #[test]
    fn aliases_and_merge_keys() {
        assert_eq!(j("a: &x {b: 1}\nc: *x\nd: &s str\ne: *s"), r#"{"a":{"b":1},"c":{"b":1},"d":"str","e":"str"}"#);
        assert_eq!(j("base: &b {x: 1, z: 2}\nd:\n  <<: *b\n  z: 3"), r#"{"base":{"x":1,"z":2},"d":{"x":1,"z":3}}"#);
        // yaml.v2 applies a later merge over earlier keys.
        assert_eq!(j("d:\n  z: 3\n  <<: {z: 4, w: 5}"), r#"{"d":{"w":5,"z":4}}"#);
        // Earlier maps in a merge sequence take precedence.
        assert_eq!(j("m: {<<: [{a: 1}, {a: 2, b: 2}]}"), r#"{"m":{"a":1,"b":2}}"#);
        assert_eq!(j("a: &a {x: 1}\nb: {<<: [*a, {w: 2}]}"), r#"{"a":{"x":1},"b":{"w":2,"x":1}}"#);
        // A quoted << is an ordinary key.
        assert_eq!(j("'<<': 1"), r#"{"\u003c\u003c":1}"#);
        assert!(yaml_to_json(b"a: {<<: 1}", false).is_err());
        assert!(yaml_to_json(b"a: &a [1]\nb: {<<: *a}", false).is_err());
        // Strict mode reports keys a merge sets again, as yaml.v2 does.
        assert!(matches!(strict_err("b: &b {x: 1}\nd:\n  x: 2\n  <<: *b"), DecodeErrorKind::Strict(_)));
        assert!(yaml_to_json(b"a: &a [*a]", false).is_err());
        assert!(yaml_to_json(b"a: *nope", false).is_err());
    }

    #[test]
    fn refuses_alias_bombs_and_deep_nesting() {
        let mut lol = String::from("a0: &a0 [x, x, x, x, x, x, x, x, x, x]\n");
        for i in 1..10 {
            let refs = vec![format!("*a{}", i - 1); 10].join(", ");
            lol.push_str(&format!("a{i}: &a{i} [{refs}]\n"));
        }
        let err = yaml_to_json(lol.as_bytes(), false).unwrap_err();
        assert!(matches!(&err.kind, DecodeErrorKind::Invalid(m) if m.contains("excessive aliasing")), "{err}");
        let mut block = String::new();
        for i in 0..(crate::MAX_DEPTH + 5) {
            block.push_str(&" ".repeat(i));
            block.push_str("a:\n");
        }
        assert_eq!(yaml_to_json(block.as_bytes(), false).unwrap_err().kind, DecodeErrorKind::TooDeep(crate::MAX_DEPTH));
        // The parser caps flow collections lower than the general limit; both report TooDeep.
        let depth = crate::MAX_DEPTH + 10;
        let flow = format!("apiVersion: v1\nkind: Status\ndetails: {}{}\n", "[".repeat(depth), "]".repeat(depth));
        assert!(matches!(yaml_to_json(flow.as_bytes(), false).unwrap_err().kind, DecodeErrorKind::TooDeep(_)));
        assert!(matches!(
            yaml_to_json("[".repeat(100_000).as_bytes(), false).unwrap_err().kind,
            DecodeErrorKind::TooDeep(_)
        ));
        let ok = format!("{}{}", "[".repeat(200), "]".repeat(200));
        assert!(yaml_to_json(ok.as_bytes(), false).is_ok());
    }

    #[test]
    fn handles_the_depth_limit_without_deep_recursion() {
        let depth = crate::MAX_DEPTH;
        let mut block = String::new();
        for i in 0..depth - 1 {
            block.push_str(&" ".repeat(i));
            block.push_str("a:\n");
        }
        block.push_str(&" ".repeat(depth - 1));
        block.push_str("a: 1\n");
        let v = from_yaml(block.as_bytes(), true).unwrap();
        let yaml = to_yaml(&v);
        let last = format!("{}a: 1\n", "  ".repeat(depth - 1));
        assert!(yaml.ends_with(last.as_bytes()));
        assert_eq!(from_yaml(&yaml, true).unwrap(), v);
        let json = format!("{}{}", "[".repeat(depth), "]".repeat(depth));
        let v = value::parse(json.as_bytes()).unwrap();
        assert_eq!(v.to_compact_vec(), json.as_bytes());
        assert!(to_yaml(&v).starts_with(b"- - - "));
    }

    #[test]
    fn reads_only_the_first_document() {
        assert_eq!(j("a: 1\n---\nb: 2\n"), r#"{"a":1}"#);
        assert_eq!(j("---\na: 1\n...\n"), r#"{"a":1}"#);
        assert_eq!(j("\u{feff}a: 1"), r#"{"a":1}"#);
    }

    #[test]
    fn errors_carry_positions_and_never_panic() {
        let err = yaml_to_json(b"a: 1\nb: [1, 2\n", false).unwrap_err();
        assert!(err.to_string().contains("line"), "{err}");
        assert!(err.offset.is_some());
        assert_eq!(yaml_to_json(b"a: \xff", false).unwrap_err().kind, DecodeErrorKind::InvalidUtf8);
        let samples: &[&[u8]] = &[
            b"a: 'unterminated",
            b"a: \"unterminated",
            b"a:\n\tb: 1",
            b"a: 1\n b: 2",
            b"- a\nb: c",
            b"[1, 2",
            b"{a: 1",
            b"a: &",
            b"a: *",
            b"! !",
            b"%YAML 1.1\n%YAML 1.1\n---\na",
            b"%TAG !x! y\n--- !y!z a",
            b"? ? ? ?",
            b": : :",
            b"a: |\n b\n  c\n d",
            b"a: >-\n\t\tx",
            b"\"\\q\"",
            b"'\n'",
            b"...\n...",
            b"--- |\n  \xc3\xa9",
            b"&a *a",
            b"{a: [}, ]",
            b"- - - - -",
            b"a: !!binary ====",
            b"\x00",
            b"a:\x00b",
            b"@",
            b"`",
            b"a: b: c",
            b"\r\r\n\r",
        ];
        for s in samples {
            let _ = yaml_to_json(s, false);
            let _ = yaml_to_json(s, true);
        }
        // Every prefix of a document is handled.
        let doc = "a: &x\n  b: [1, 'two', \"th\\u00e9\"]\n  c: {d: *x}\n<<: {e: f}\ng: |\n  text\n";
        for i in 0..doc.len() {
            if doc.is_char_boundary(i) {
                let _ = yaml_to_json(&doc.as_bytes()[..i], false);
            }
        }
    }

    #[test]
    fn round_trips_through_yaml() {
        let values = [
            r##"{"a":"0","b":"yes","c":"","d":"multi\nline\n","e":" x ","f":"a: b","g":["- x","#y",null,true,1,2.5],"h":{"i":{},"j":[]}}"##,
            r#"["x\n\ny","\t","😀","\u0000","it's","say \"hi\"",{"5":{"y":"n"}},[[],[{}]]]"#,
            r#"{"k":"\n","l":"x\n\n","m":"  lead\nx","n":"2001-12-14","o":"1:20","p":"0x10","q":"1e3","r":"~"}"#,
        ];
        for json in values {
            let v = value::parse(json.as_bytes()).unwrap();
            let back = from_yaml(&to_yaml(&v), true).unwrap();
            assert_eq!(sorted(back), sorted(v), "{json}");
        }
        let long = format!(r#"{{"t":"{LOREM} {LOREM}","u":" {LOREM}","v":"\t{LOREM}"}}"#);
        let v = value::parse(long.as_bytes()).unwrap();
        assert_eq!(from_yaml(&to_yaml(&v), true).unwrap(), v);
    }

    fn sorted(v: Value) -> Value {
        match v {
            Value::Array(a) => Value::Array(a.into_iter().map(sorted).collect()),
            Value::Object(mut m) => {
                m.sort_by(|a, b| a.0.cmp(&b.0));
                Value::Object(m.into_iter().map(|(k, v)| (k, sorted(v))).collect())
            }
            other => other,
        }
    }
}
