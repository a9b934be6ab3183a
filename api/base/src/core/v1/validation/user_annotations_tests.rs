//! Cases for upstream's `ValidateUserAnnotations` (written from its source and `IsDomainPrefixedKey`'s, whose test cases were not available).

use std::collections::BTreeMap;

use super::*;

fn errors(keys: &[(&str, &str)]) -> Vec<String> {
    let annotations: BTreeMap<String, String> = keys.iter().map(|(k, v)| ((*k).to_owned(), (*v).to_owned())).collect();
    validate_user_annotations(&annotations, &Path::new("a")).iter().map(ToString::to_string).collect()
}

#[test]
fn domain_prefixed_keys() {
    assert_eq!(errors(&[]), Vec::<String>::new());
    assert_eq!(errors(&[("example.com/foo", "any value at all"), ("a.b/C_d.e-f", "")]), Vec::<String>::new());
    // Checked lower-cased, and shown so.
    assert_eq!(errors(&[("Example.COM/Foo", "")]), Vec::<String>::new());
    assert_eq!(
        errors(&[("Foo", "")]),
        [r#"a: Invalid value: "foo": must be a domain-prefixed key (such as "acme.io/foo")"#]
    );
    assert_eq!(errors(&[("", "")]), ["a: Required value"]);
    // A key that is not a qualified name gets only those errors.
    assert_eq!(errors(&[("/foo", "")]), [r#"a: Invalid value: "/foo": prefix part must be non-empty"#]);
    assert_eq!(
        errors(&[("a/b/c", "")]),
        [
            r#"a: Invalid value: "a/b/c": a valid label key must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyName',  or 'my.name',  or '123-abc', regex used for validation is '([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]') with an optional DNS subdomain prefix and '/' (e.g. 'example.com/MyName')"#
        ]
    );
    let got = errors(&[("ex_ample.com/foo", "")]);
    assert_eq!(got.len(), 1, "{got:?}");
    assert!(
        got[0].starts_with(r#"a: Invalid value: "ex_ample.com/foo": prefix part a lowercase RFC 1123 subdomain"#),
        "{got:?}"
    );
    // Each key in turn, sorted.
    assert_eq!(
        errors(&[("b", ""), ("a", "")]),
        [
            r#"a: Invalid value: "a": must be a domain-prefixed key (such as "acme.io/foo")"#,
            r#"a: Invalid value: "b": must be a domain-prefixed key (such as "acme.io/foo")"#,
        ]
    );
}

#[test]
fn size_of_keys_and_values() {
    let key = "example.com/k";
    let fits = "x".repeat(TOTAL_ANNOTATION_SIZE_LIMIT - key.len());
    assert_eq!(errors(&[(key, &fits)]), Vec::<String>::new());
    let over = "x".repeat(TOTAL_ANNOTATION_SIZE_LIMIT - key.len() + 1);
    assert_eq!(errors(&[(key, &over)]), ["a: Too long: may not be more than 262144 bytes"]);
}
