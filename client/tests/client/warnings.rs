//! Parsing of `Warning` response headers: single, several headers, comma-joined, dates, escapes,
//! and malformed values.

use http::HeaderMap;
use http::header::WARNING;
use kapi_client::warning::{Warning, parse_warning, parse_warning_value, warnings_from_headers};

fn w(code: u16, agent: &str, text: &str) -> Warning {
    Warning { code, agent: agent.into(), text: text.into() }
}

#[test]
fn single_warning() {
    let (got, rest) = parse_warning(r#"299 - "unknown field \"spec.foo\"""#).unwrap();
    assert_eq!(got, w(299, "-", r#"unknown field "spec.foo""#));
    assert_eq!(rest, "");
}

#[test]
fn comma_joined_warnings_with_dates() {
    let value = r#"299 - "first", 299 kube-apiserver "second, with comma" "Wed, 21 Oct 2015 07:28:00 GMT" , 199 proxy:8080 "third""#;
    let (got, err) = parse_warning_value(value);
    assert_eq!(err, None);
    assert_eq!(
        got,
        [w(299, "-", "first"), w(299, "kube-apiserver", "second, with comma"), w(199, "proxy:8080", "third")]
    );
}

#[test]
fn several_headers_in_order() {
    let mut h = HeaderMap::new();
    h.append(WARNING, r#"299 - "a""#.parse().unwrap());
    h.append(WARNING, r#"299 - "b", 299 - "c""#.parse().unwrap());
    h.append(WARNING, "garbage".parse().unwrap());
    h.append(WARNING, r#"299 - "d""#.parse().unwrap());
    h.append(WARNING, http::HeaderValue::from_bytes("299 - \"é\"".as_bytes()).unwrap());
    let texts: Vec<_> = warnings_from_headers(&h).into_iter().map(|w| w.text).collect();
    assert_eq!(texts, ["a", "b", "c", "d", "é"]);
}

#[test]
fn malformed_values() {
    for bad in [
        "",
        "299",
        "299 -",
        "2999 - \"x\"",
        "abc - \"x\"",
        "299 - x",
        "299 - \"unterminated",
        "299 - \"x\" \"unterminated date",
        "299 - \"x\" trailing",
        "299 - \"tab\there\"",
    ] {
        if bad.is_empty() {
            assert_eq!(parse_warning_value(bad), (vec![], None));
            continue;
        }
        assert!(parse_warning(bad).is_err(), "{bad:?}");
    }
    // Parsing stops at the first bad warning but keeps the ones before it.
    let (got, err) = parse_warning_value(r#"299 - "ok", nonsense, 299 - "lost""#);
    assert_eq!(got, [w(299, "-", "ok")]);
    assert!(err.unwrap().to_string().starts_with("invalid warning header"));
}

#[test]
fn escaped_backslashes_and_unicode() {
    let (got, _) = parse_warning(r#"299 - "a\\b \"q\" é""#).unwrap();
    assert_eq!(got.text, r#"a\b "q" é"#);
}
