//! The JSON keys the derive bakes into generated code are escaped exactly as machinery's writer escapes keys.

use kapi_machinery::json::{JsonWriter, from_slice, to_vec};
use kapi_macros::Kapi;

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
struct Awkward {
    #[kapi(proto = 1, json = "line\nbreak")]
    newline: String,
    #[kapi(proto = 2, json = "tab\there")]
    tab: String,
    #[kapi(proto = 3, json = "say \"hi\" \\ bye")]
    quote: String,
    #[kapi(proto = 4, json = "a<b>&c")]
    html: String,
    #[kapi(proto = 5, json = "cr\r bs\u{8} ff\u{c} nul\u{0} us\u{1f} ls\u{2028} ps\u{2029} é")]
    rest: String,
}

const KEYS: [&str; 5] = [
    "line\nbreak",
    "tab\there",
    "say \"hi\" \\ bye",
    "a<b>&c",
    "cr\r bs\u{8} ff\u{c} nul\u{0} us\u{1f} ls\u{2028} ps\u{2029} é",
];

#[test]
fn derived_keys_are_escaped_as_the_writer_escapes_them() {
    let v = Awkward { newline: "1".into(), tab: "2".into(), quote: "3".into(), html: "4".into(), rest: "5".into() };
    let derived = String::from_utf8(to_vec(&v).unwrap()).unwrap();

    let mut w = JsonWriter::compact();
    w.begin_object();
    for (key, value) in KEYS.iter().zip(["1", "2", "3", "4", "5"]) {
        w.key(key);
        w.string(value);
    }
    w.end_object();
    let written = String::from_utf8(w.finish().unwrap()).unwrap();
    assert_eq!(derived, written);

    // Go's spelling, so the two cannot agree on a wrong one: short escapes for `\n \r \t \b \f`
    // (Go 1.22 and later), `\u00XX` for other control characters, HTML characters and U+2028/9.
    assert_eq!(
        derived,
        r#"{"line\nbreak":"1","tab\there":"2","say \"hi\" \\ bye":"3","a\u003cb\u003e\u0026c":"4","cr\r bs\b ff\f nul\u0000 us\u001f ls\u2028 ps\u2029 é":"5"}"#
    );
    assert_eq!(from_slice::<Awkward>(derived.as_bytes()).unwrap(), v);
}
