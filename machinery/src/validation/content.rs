//! Format checks on strings (DNS labels and subdomains, label keys and values, ports) returning upstream's messages.

use super::{ErrorList, FieldError, Path};

pub(crate) const DNS1123_LABEL_FMT: &str = "[a-z0-9]([-a-z0-9]*[a-z0-9])?";
pub(crate) const DNS1123_SUBDOMAIN_FMT: &str = "[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*";
const DNS1035_LABEL_FMT: &str = "[a-z]([-a-z0-9]*[a-z0-9])?";
pub(crate) const LABEL_KEY_FMT: &str = "([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]";
pub(crate) const LABEL_VALUE_FMT: &str = "(([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9])?";

pub(crate) const DNS1123_LABEL_MSG: &str = "a lowercase RFC 1123 label must consist of lower case alphanumeric characters or '-', and must start and end with an alphanumeric character";
pub(crate) const DNS1123_SUBDOMAIN_MSG: &str = "a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '-' or '.', and must start and end with an alphanumeric character";
const DNS1035_LABEL_MSG: &str = "a DNS-1035 label must consist of lower case alphanumeric characters or '-', start with an alphabetic character, and end with an alphanumeric character";
pub(crate) const LABEL_KEY_MSG: &str =
    "must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character";
pub(crate) const LABEL_VALUE_MSG: &str = "a valid label must be an empty string or consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character";

/// Upstream's `RegexError`: the message, examples and the pattern in one sentence.
pub fn regex_error(msg: &str, fmt: &str, examples: &[&str]) -> String {
    if examples.is_empty() {
        return format!("{msg} (regex used for validation is '{fmt}')");
    }
    let mut s = format!("{msg} (e.g. ");
    for (i, e) in examples.iter().enumerate() {
        if i > 0 {
            s.push_str(" or ");
        }
        s.push('\'');
        s.push_str(e);
        s.push_str("', ");
    }
    s.push_str("regex used for validation is '");
    s.push_str(fmt);
    s.push_str("')");
    s
}

/// `must be no more than <n> characters`.
pub fn max_len_error(n: usize) -> String {
    format!("must be no more than {n} characters")
}

/// `must be between <lo> and <hi>, inclusive`.
pub fn inclusive_range_error(lo: i64, hi: i64) -> String {
    format!("must be between {lo} and {hi}, inclusive")
}

/// `must be non-empty`.
pub const EMPTY_ERROR: &str = "must be non-empty";

fn is_label_of(s: &[u8], first: fn(u8) -> bool) -> bool {
    let Some((&a, rest)) = s.split_first() else { return false };
    let inner = |c: &u8| c.is_ascii_lowercase() || c.is_ascii_digit() || *c == b'-';
    first(a) && rest.iter().all(inner) && rest.last().is_none_or(|c| *c != b'-')
}

pub(crate) fn dns1123_label_shape(s: &str) -> bool {
    is_label_of(s.as_bytes(), |c| c.is_ascii_lowercase() || c.is_ascii_digit())
}

pub(crate) fn dns1123_subdomain_shape(s: &str) -> bool {
    s.split('.').all(dns1123_label_shape)
}

/// `[A-Za-z0-9]([-A-Za-z0-9_.]*[A-Za-z0-9])?`: a label key's name part, or a non-empty label value.
pub(crate) fn label_key_shape(s: &str) -> bool {
    let b = s.as_bytes();
    let Some((&first, _)) = b.split_first() else { return false };
    let last = b[b.len() - 1];
    first.is_ascii_alphanumeric()
        && last.is_ascii_alphanumeric()
        && b.iter().all(|c| c.is_ascii_alphanumeric() || matches!(c, b'-' | b'_' | b'.'))
}

/// Upstream's `IsDNS1123Label`.
pub fn is_dns1123_label(value: &str) -> Vec<String> {
    let mut errs = Vec::new();
    if value.len() > 63 {
        errs.push(max_len_error(63));
    }
    if !dns1123_label_shape(value) {
        if dns1123_subdomain_shape(value) {
            errs.push("must not contain dots".to_owned());
        } else {
            errs.push(regex_error(DNS1123_LABEL_MSG, DNS1123_LABEL_FMT, &["my-name", "123-abc"]));
        }
    }
    errs
}

/// Upstream's `IsDNS1123Subdomain`.
pub fn is_dns1123_subdomain(value: &str) -> Vec<String> {
    let mut errs = Vec::new();
    if value.len() > 253 {
        errs.push(max_len_error(253));
    }
    if !dns1123_subdomain_shape(value) {
        errs.push(regex_error(DNS1123_SUBDOMAIN_MSG, DNS1123_SUBDOMAIN_FMT, &["example.com"]));
    }
    errs
}

/// Upstream's `IsDNS1035Label`.
pub fn is_dns1035_label(value: &str) -> Vec<String> {
    let mut errs = Vec::new();
    if value.len() > 63 {
        errs.push(max_len_error(63));
    }
    if !is_label_of(value.as_bytes(), |c| c.is_ascii_lowercase()) {
        errs.push(regex_error(DNS1035_LABEL_MSG, DNS1035_LABEL_FMT, &["my-name", "abc-123"]));
    }
    errs
}

/// Upstream's `IsQualifiedName` (`IsLabelKey`): an optional DNS subdomain prefix and `/`, then a
/// name of at most 63 characters.
pub fn is_qualified_name(value: &str) -> Vec<String> {
    let mut errs = Vec::new();
    let parts: Vec<&str> = value.split('/').collect();
    let name = match parts.as_slice() {
        [name] => *name,
        [prefix, name] => {
            if prefix.is_empty() {
                errs.push(format!("prefix part {EMPTY_ERROR}"));
            } else {
                errs.extend(is_dns1123_subdomain(prefix).into_iter().map(|m| format!("prefix part {m}")));
            }
            *name
        }
        _ => {
            return vec![format!(
                "a valid label key {} with an optional DNS subdomain prefix and '/' (e.g. 'example.com/MyName')",
                regex_error(LABEL_KEY_MSG, LABEL_KEY_FMT, &["MyName", "my.name", "123-abc"])
            )];
        }
    };
    if name.is_empty() {
        errs.push(format!("name part {EMPTY_ERROR}"));
    } else if name.len() > 63 {
        errs.push(format!("name part {}", max_len_error(63)));
    }
    if !label_key_shape(name) {
        errs.push(format!(
            "name part {}",
            regex_error(LABEL_KEY_MSG, LABEL_KEY_FMT, &["MyName", "my.name", "123-abc"])
        ));
    }
    errs
}

/// Upstream's `IsValidLabelValue`.
pub fn is_label_value(value: &str) -> Vec<String> {
    let mut errs = Vec::new();
    if value.len() > 63 {
        errs.push(max_len_error(63));
    }
    if !value.is_empty() && !label_key_shape(value) {
        errs.push(regex_error(LABEL_VALUE_MSG, LABEL_VALUE_FMT, &["MyValue", "my_value", "12345"]));
    }
    errs
}

/// Upstream's `IsValidPortNum`: 1 to 65535.
pub fn is_valid_port_num(port: i64) -> Vec<String> {
    if (1..=65535).contains(&port) { Vec::new() } else { vec![inclusive_range_error(1, 65535)] }
}

/// Upstream's `IsFullyQualifiedName`: a DNS subdomain of at least three segments.
pub fn is_fully_qualified_name(path: &Path, name: &str) -> ErrorList {
    if name.is_empty() {
        return vec![FieldError::required(path, "")];
    }
    dotted_subdomain(path, name, 3, "three").into_iter().collect()
}

/// The check both fully qualified name rules share: a DNS subdomain of at least `min`
/// segments (`count` spells it in the message), else its one error.
fn dotted_subdomain(path: &Path, name: &str, min: usize, count: &str) -> Option<FieldError> {
    let errs = is_dns1123_subdomain(name);
    if !errs.is_empty() {
        return Some(FieldError::invalid(path, name, &errs.join(",")));
    }
    (name.split('.').count() < min).then(|| {
        FieldError::invalid(path, name, &format!("should be a domain with at least {count} segments separated by dots"))
    })
}

/// Upstream's `IsFullyQualifiedDomainName` (endpoint slices' `FQDN` addresses): a trailing dot
/// dropped, then a DNS subdomain of at least two segments, each a DNS label. The first failure
/// is the only error; its value is the name without the dot, or for a bad segment the segment.
pub fn is_fully_qualified_domain_name(path: &Path, name: &str) -> ErrorList {
    if name.is_empty() {
        return vec![FieldError::required(path, "")];
    }
    let name = name.strip_suffix('.').unwrap_or(name);
    if let Some(e) = dotted_subdomain(path, name, 2, "two") {
        return vec![e];
    }
    for label in name.split('.') {
        let errs = is_dns1123_label(label);
        if !errs.is_empty() {
            return vec![FieldError::invalid(path, label, &errs.join(","))];
        }
    }
    Vec::new()
}

/// Upstream's `ValidateQualifiedName` (`apivalidation`): each finding as an `Invalid` error.
pub fn validate_qualified_name(path: &Path, value: &str) -> ErrorList {
    is_qualified_name(value).into_iter().map(|m| FieldError::invalid(path, value, &m)).collect()
}

/// Upstream's `IsConfigMapKey` (config map, secret and projection keys; lease candidate names):
/// at most 253 characters of `[-._a-zA-Z0-9]`, and not `.`, `..` or starting with `..`.
pub fn is_config_map_key(value: &str) -> Vec<String> {
    let mut errs = Vec::new();
    if value.len() > 253 {
        errs.push(max_len_error(253));
    }
    if value.is_empty() || !value.bytes().all(|c| c.is_ascii_alphanumeric() || matches!(c, b'-' | b'.' | b'_')) {
        errs.push(regex_error(
            "a valid config key must consist of alphanumeric characters, '-', '_' or '.'",
            "[-._a-zA-Z0-9]+",
            &["key.name", "KEY_NAME", "key-name"],
        ));
    }
    if value == "." {
        errs.push("must not be '.'".to_owned());
    } else if value == ".." {
        errs.push("must not be '..'".to_owned());
    } else if value.starts_with("..") {
        errs.push("must not start with '..'".to_owned());
    }
    errs
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn labels_and_subdomains() {
        assert!(is_dns1123_label("a-1").is_empty());
        assert_eq!(is_dns1123_label("a.b"), ["must not contain dots"]);
        assert_eq!(
            is_dns1123_label("-a"),
            [
                "a lowercase RFC 1123 label must consist of lower case alphanumeric characters or '-', and must start and end with an alphanumeric character (e.g. 'my-name',  or '123-abc', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?')"
            ]
        );
        assert_eq!(is_dns1123_label(&"a".repeat(64)), ["must be no more than 63 characters"]);
        assert!(is_dns1123_subdomain("a.b-c.d").is_empty());
        assert_eq!(is_dns1123_subdomain("a..b").len(), 1);
        assert!(is_dns1035_label("v1beta1").is_empty());
        assert_eq!(is_dns1035_label("1v").len(), 1);
    }

    #[test]
    fn qualified_names_and_label_values() {
        assert!(is_qualified_name("example.com/My_name.1").is_empty());
        assert_eq!(is_qualified_name("/a"), ["prefix part must be non-empty"]);
        assert_eq!(is_qualified_name("a/b/c").len(), 1);
        assert_eq!(is_qualified_name("a/").len(), 2);
        assert!(is_label_value("").is_empty());
        assert!(is_label_value("a_b").is_empty());
        assert_eq!(is_label_value("-a").len(), 1);
    }

    #[test]
    fn fully_qualified_names() {
        let p = Path::new("webhooks").index(0).child("name");
        assert!(is_fully_qualified_name(&p, "a.b.c").is_empty());
        assert_eq!(is_fully_qualified_name(&p, "").len(), 1);
        assert_eq!(
            is_fully_qualified_name(&p, "a.b")[0].to_string(),
            r#"webhooks[0].name: Invalid value: "a.b": should be a domain with at least three segments separated by dots"#
        );
        assert_eq!(is_valid_port_num(0), ["must be between 1 and 65535, inclusive"]);
    }

    /// Upstream's `TestIsFullyQualifiedDomainName` (apimachinery v0.36.3), and the messages.
    #[test]
    fn fully_qualified_domain_names() {
        let p = Path::new("endpoints").index(0).child("addresses").index(0);
        let long = "a".repeat(63) + "." + &"b".repeat(63) + "." + &"c".repeat(63) + "." + &"d".repeat(54) + ".k8s.io";
        let good = [
            "a.com".to_owned(),
            "k8s.io".into(),
            "dev.k8s.io".into(),
            "dev.k8s.io.".into(),
            "foo.example.com".into(),
            "this.is.a.really.long.fqdn".into(),
            "bbc.co.uk".into(),
            "10.0.0.1".into(),
            "hyphens-are-good.k8s.io".into(),
            "a".repeat(63) + ".k8s.io",
            long.clone(),
        ];
        for v in &good {
            assert!(is_fully_qualified_domain_name(&p, v).is_empty(), "{v}");
        }
        let too_long = long.replacen(&"d".repeat(54), &"d".repeat(55), 1);
        let bad = [
            ".".to_owned(),
            "...".into(),
            ".io".into(),
            "com".into(),
            ".com".into(),
            "Dev.k8s.io".into(),
            ".foo.example.com".into(),
            "*.example.com".into(),
            "*.bar.com".into(),
            "*.foo.bar.com".into(),
            "underscores_are_bad.k8s.io".into(),
            "foo@bar.example.com".into(),
            "http://foo.example.com".into(),
            "a".repeat(64) + ".k8s.io",
            too_long,
        ];
        for v in &bad {
            assert_eq!(is_fully_qualified_domain_name(&p, v).len(), 1, "{v}");
        }
        assert_eq!(
            is_fully_qualified_domain_name(&p, "com.")[0].to_string(),
            r#"endpoints[0].addresses[0]: Invalid value: "com": should be a domain with at least two segments separated by dots"#
        );
        let label = "a".repeat(64);
        assert_eq!(
            is_fully_qualified_domain_name(&p, &format!("{label}.k8s.io"))[0].to_string(),
            format!(r#"endpoints[0].addresses[0]: Invalid value: "{label}": must be no more than 63 characters"#)
        );
        assert_eq!(is_fully_qualified_domain_name(&p, "")[0].to_string(), "endpoints[0].addresses[0]: Required value");
    }
}
