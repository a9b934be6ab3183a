//! The runtime of generated declarative validation (upstream's `k8s.io/apimachinery/pkg/api/validate`): one function per rule, so generated validators stay small and print upstream's messages.

use std::collections::{HashMap, HashSet};
use std::hash::Hash;

use super::content::{
    DNS1123_LABEL_FMT, DNS1123_LABEL_MSG, DNS1123_SUBDOMAIN_FMT, DNS1123_SUBDOMAIN_MSG, EMPTY_ERROR, LABEL_KEY_FMT,
    LABEL_KEY_MSG, LABEL_VALUE_FMT, LABEL_VALUE_MSG, dns1123_label_shape, dns1123_subdomain_shape, label_key_shape,
    regex_error,
};
use super::{BadValue, ErrorList, ErrorType, FieldError, Path};
use crate::json::JsonEncode;

/// The release a `+k8s:alpha(since: …)`/`+k8s:beta(since: …)` tag names and a server answers as:
/// the same `major.minor` lifecycles count in.
pub use crate::lifecycle::Release;

/// Which validations a generated validator runs, by the stability its tag gives it: untagged
/// (stable) rules always run; `+k8s:beta(since: R)` rules when beta validation is enforced
/// (upstream's `DeclarativeValidationBeta` gate, on by default) and the server's release is `R`
/// or later (before `R` the rule was at most alpha: a 1.36 server shadows a rule that became
/// beta in 1.37, as 1.36's k8s.io/api tags it `+k8s:alpha(since: "1.36")`); `+k8s:alpha` rules
/// never in a server (upstream keeps them shadowed by hand-written validation), only where a
/// test asks for every rule ([`Options::ALL`], upstream's `WithAllDeclarativeEnforcedForTest`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Options {
    /// Run `+k8s:beta` rules that have reached beta by `release`.
    pub beta: bool,
    /// Run every `+k8s:alpha` and `+k8s:beta` rule, which a server never does (see
    /// [`Options::enforced`]).
    pub alpha: bool,
    /// The release the server answers as, which decides each beta rule's stage.
    pub release: Release,
}

impl Options {
    /// Every rule, whatever its stability.
    pub const ALL: Options = Options { beta: true, alpha: true, release: Release::LATEST };

    /// What a server of `release` enforces: stable rules, and the beta ones of that release if
    /// `beta` is on.
    pub const fn enforced(beta: bool, release: Release) -> Options {
        Options { beta, alpha: false, release }
    }

    /// Whether a rule tagged `+k8s:beta(since: …)` runs.
    pub const fn beta_since(self, since: Release) -> bool {
        self.alpha || (self.beta && self.release.at_least(since))
    }
}

/// `+k8s:required` on an unset field: `Required value`.
pub fn required(errs: &mut ErrorList, path: &Path) {
    errs.push(FieldError::required(path, ""));
}

/// `+k8s:forbidden` on a set field: `Forbidden`.
pub fn forbidden(errs: &mut ErrorList, path: &Path) {
    errs.push(FieldError::forbidden(path, ""));
}

/// `+k8s:minimum`: `Invalid value: 0: must be greater than or equal to 1`.
pub fn minimum(errs: &mut ErrorList, path: &Path, value: i64, min: i64) {
    if value < min {
        errs.push(FieldError::invalid_value(path, value, &format!("must be greater than or equal to {min}")));
    }
}

/// `+k8s:monotonic` on update: `Invalid value: 3: may not be decreased from 4`.
pub fn monotonic(errs: &mut ErrorList, path: &Path, value: i64, old: i64) {
    if value < old {
        errs.push(FieldError::invalid_value(path, value, &format!("may not be decreased from {old}")));
    }
}

/// `+k8s:maximum`: `Invalid value: 9: must be less than or equal to 8`.
pub fn maximum(errs: &mut ErrorList, path: &Path, value: i64, max: i64) {
    if value > max {
        errs.push(FieldError::invalid_value(path, value, &format!("must be less than or equal to {max}")));
    }
}

/// `+k8s:maxLength`: at most `max` characters (Unicode scalar values, as Go counts runes).
pub fn max_length(errs: &mut ErrorList, path: &Path, value: &str, max: u64) {
    let max = usize::try_from(max).unwrap_or(usize::MAX);
    // Counting characters is needed only when the byte length could exceed the limit.
    if value.len() > max && value.chars().count() > max {
        errs.push(FieldError::too_long_characters(path, max));
    }
}

/// `+k8s:maxBytes`: at most `max` bytes.
pub fn max_bytes(errs: &mut ErrorList, path: &Path, value: &str, max: u64) {
    let max = usize::try_from(max).unwrap_or(usize::MAX);
    if value.len() > max {
        errs.push(FieldError::too_long(path, max));
    }
}

/// `+k8s:maxItems`: `Too many: 5: must have at most 4 items`.
pub fn max_items(errs: &mut ErrorList, path: &Path, len: usize, max: u64) {
    let max = usize::try_from(max).unwrap_or(usize::MAX);
    if len > max {
        errs.push(FieldError::too_many(path, len, max));
    }
}

/// `+k8s:immutable` on a changed field: `Invalid value: null: field is immutable`.
pub fn immutable(errs: &mut ErrorList, path: &Path) {
    errs.push(FieldError::invalid_value(path, BadValue::Json("null".into()), "field is immutable"));
}

/// `+k8s:enum`: `Unsupported value: "X": supported values: "A", "B"`; `supported` is sorted.
pub fn enumeration(errs: &mut ErrorList, path: &Path, value: &str, supported: &[&str]) {
    if !supported.contains(&value) {
        errs.push(FieldError::not_supported_value(path, BadValue::named(value), supported));
    }
}

/// The constraints of `+k8s:update=`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Update {
    /// `NoSet`: a field unset at creation may not be set later.
    NoSet,
    /// `NoUnset`: a set field may not be cleared.
    NoUnset,
    /// `NoModify`: a set field may not change value (clearing it is `NoUnset`'s business).
    NoModify,
}

/// `+k8s:update=` on a field of an updated object, given whether it was and is set and whether it
/// changed.
pub fn update(errs: &mut ErrorList, path: &Path, constraint: Update, was_set: bool, is_set: bool, changed: bool) {
    let detail = match constraint {
        Update::NoSet if !was_set && is_set => "field cannot be set once created",
        Update::NoUnset if was_set && !is_set => "field cannot be cleared once set",
        Update::NoModify if was_set && is_set && changed => "field cannot be modified once set",
        _ => return,
    };
    errs.push(FieldError::invalid_value(path, BadValue::Json("null".into()), detail));
}

/// `+k8s:update=NoAddItem` / `NoRemoveItem` on a list: items of `new` whose key no item of `old`
/// has were added, items of `old` whose key no item of `new` has were removed. `key` is an item's
/// identity as for [`unique`]; each side's keys go into a hash set once, so the check is linear.
pub fn update_items<'a, T, K: Hash + Eq>(
    errs: &mut ErrorList,
    path: &Path,
    no_add: bool,
    no_remove: bool,
    new: &'a [T],
    old: &'a [T],
    key: impl Fn(&'a T) -> K,
) {
    if no_add {
        let before: HashSet<K> = old.iter().map(&key).collect();
        for (i, item) in new.iter().enumerate() {
            if !before.contains(&key(item)) {
                errs.push(FieldError::forbidden(path.index(i), "item may not be added"));
            }
        }
    }
    if no_remove {
        let after: HashSet<K> = new.iter().map(&key).collect();
        if old.iter().any(|o| !after.contains(&key(o))) {
            errs.push(FieldError::forbidden(path, "item may not be removed"));
        }
    }
}

/// The items of a stored list by their keys, so that each new item finds its old value (for
/// ratcheting and for the rules that compare an item with its old value) with one hash lookup:
/// built once per list, where a scan per item made a list quadratic.
pub struct OldItems<'a, T, K, F> {
    by_key: HashMap<K, &'a T>,
    key: F,
}

/// Indexes the stored list `old` (none on create) by `key`, an item's identity as for [`unique`].
/// Where several old items share a key the first one is found, as a front-to-back scan finds it.
pub fn old_items<'a, T, K: Hash + Eq, F: Fn(&'a T) -> K>(old: Option<&'a [T]>, key: F) -> OldItems<'a, T, K, F> {
    let old = old.unwrap_or_default();
    let mut by_key = HashMap::with_capacity(old.len());
    for item in old {
        by_key.entry(key(item)).or_insert(item);
    }
    OldItems { by_key, key }
}

impl<'a, T, K: Hash + Eq, F: Fn(&'a T) -> K> OldItems<'a, T, K, F> {
    /// The old item with the key of `new`, if there is one.
    pub fn find(&self, new: &'a T) -> Option<&'a T> {
        // On create there is nothing to find, and no key needs computing.
        if self.by_key.is_empty() {
            return None;
        }
        self.by_key.get(&(self.key)(new)).copied()
    }
}

/// List uniqueness (`+k8s:listType=set|map`, `+k8s:unique=`): every item whose key an earlier
/// item has is a `Duplicate value`, at its own index, in index order. `key` is the item's
/// identity: the tuple of its list map keys for a `map` list, the item itself (or its string or
/// number) for a set of scalars, its canonical JSON ([`json_key`]) for a set of anything else. It
/// is called once per item and the keys go into a hash set, so the check is linear in the list;
/// std's hasher is keyed per process, so crafted keys cannot make the set degrade.
pub fn unique<'a, T, K: Hash + Eq>(
    errs: &mut ErrorList,
    path: &Path,
    items: &'a [T],
    key: impl Fn(&'a T) -> K,
    value: impl Fn(&T) -> BadValue,
) {
    let mut seen = HashSet::with_capacity(items.len());
    for (j, item) in items.iter().enumerate() {
        if !seen.insert(key(item)) {
            errs.push(FieldError::new(ErrorType::Duplicate, path.index(j), value(item), ""));
        }
    }
}

/// The identity of a list item that has no scalar key (a set of structs): its JSON as
/// [`crate::json::to_vec`] writes it, which is canonical (fields in declaration order, maps
/// sorted, quantities in canonical form, empty `omitempty` values left out). Two items are the
/// same when they encode the same: upstream compares such items with its semantic equality,
/// which also holds an unset and an empty list, or two spellings of one quantity, equal. Deriving
/// `Hash` on every API type instead would cost every build and fails on float fields. A value no
/// JSON can hold (a NaN float) keys on its debug form behind a byte JSON never starts with, so
/// it still has a key and cannot collide with an encodable one.
pub fn json_key<T: JsonEncode + std::fmt::Debug + ?Sized>(value: &T) -> Vec<u8> {
    crate::json::to_vec(value).unwrap_or_else(|_| {
        let mut key = vec![0xff];
        key.extend_from_slice(format!("{value:?}").as_bytes());
        key
    })
}

/// A value as `json.Marshal` writes it, for errors that show a struct or a named string.
pub fn json_value<T: JsonEncode + ?Sized>(value: &T) -> BadValue {
    match crate::json::to_vec(value) {
        Ok(bytes) => BadValue::Json(String::from_utf8_lossy(&bytes).into_owned()),
        // Only values no JSON can hold (a NaN float) fail to encode; the error still names the
        // field.
        Err(_) => BadValue::Omitted,
    }
}

/// A union (`+k8s:unionMember`, or `+k8s:zeroOrOneOfMember` with `at_most_one`): `members` are
/// the JSON names in field order, `now` which are set, `before` which were set in the stored
/// object if there is one. An update that leaves which members are set unchanged is not
/// re-checked, as upstream ratchets unions.
pub fn union(
    errs: &mut ErrorList,
    path: &Path,
    members: &[&str],
    now: &[bool],
    before: Option<&[bool]>,
    at_most_one: bool,
) {
    if before.is_some_and(|b| b == now) {
        return;
    }
    let all: Vec<String> = members.iter().map(|m| format!("`{m}`")).collect();
    let set: Vec<&str> = members.iter().zip(now).filter(|(_, s)| **s).map(|(m, _)| *m).collect();
    if set.is_empty() && !at_most_one {
        errs.push(FieldError::invalid(path, "", &format!("must specify one of: {}", all.join(", "))));
    } else if set.len() > 1 {
        let which = if at_most_one { "at most" } else { "exactly" };
        errs.push(FieldError::invalid(
            path,
            &format!("{{{}}}", set.join(", ")),
            &format!("must specify {which} one of: {}", all.join(", ")),
        ));
    }
}

/// The string formats of `+k8s:format=`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Format {
    /// `k8s-short-name`: a DNS label.
    ShortName,
    /// `k8s-long-name`: a DNS subdomain.
    LongName,
    /// `k8s-long-name-caseless`: a DNS subdomain in any case.
    LongNameCaseless,
    /// `k8s-label-key`: an optional DNS subdomain prefix and `/`, then a name.
    LabelKey,
    /// `k8s-prefixed-label-key`: a label key with its prefix.
    PrefixedLabelKey,
    /// `k8s-label-value`.
    LabelValue,
    /// `k8s-path-segment-name`: safe as one URL path segment.
    PathSegmentName,
    /// `k8s-uuid`: lower-case 8-4-4-4-12 hexadecimal.
    Uuid,
    /// `k8s-resource-pool-name`: long names separated by `/`.
    ResourcePoolName,
    /// `k8s-extended-resource-name`: a domain-prefixed name outside `kubernetes.io`.
    ExtendedResourceName,
    /// `k8s-resource-fully-qualified-name`: a DNS subdomain, `/`, and a C identifier.
    ResourceFullyQualifiedName,
}

impl Format {
    /// The format's name as the tag writes it.
    pub fn name(self) -> &'static str {
        match self {
            Format::ShortName => "k8s-short-name",
            Format::LongName => "k8s-long-name",
            Format::LongNameCaseless => "k8s-long-name-caseless",
            Format::LabelKey => "k8s-label-key",
            Format::PrefixedLabelKey => "k8s-prefixed-label-key",
            Format::LabelValue => "k8s-label-value",
            Format::PathSegmentName => "k8s-path-segment-name",
            Format::Uuid => "k8s-uuid",
            Format::ResourcePoolName => "k8s-resource-pool-name",
            Format::ExtendedResourceName => "k8s-extended-resource-name",
            Format::ResourceFullyQualifiedName => "k8s-resource-fully-qualified-name",
        }
    }
}

/// The declarative checks' `must be no more than N bytes` (their content package counts bytes,
/// where `util/validation` says characters).
fn max_len_bytes(n: usize) -> String {
    format!("must be no more than {n} bytes")
}

/// `IsDNS1123Label` of the declarative content checks.
pub fn short_name_errors(value: &str) -> Vec<String> {
    let mut errs = Vec::new();
    if value.len() > 63 {
        errs.push(max_len_bytes(63));
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

/// `IsDNS1123Subdomain` (or its caseless form) of the declarative content checks.
pub fn long_name_errors(value: &str, caseless: bool) -> Vec<String> {
    let mut errs = Vec::new();
    if value.len() > 253 {
        errs.push(max_len_bytes(253));
    }
    let shape =
        if caseless { dns1123_subdomain_shape(&value.to_ascii_lowercase()) } else { dns1123_subdomain_shape(value) };
    if !shape {
        if caseless {
            errs.push(regex_error(
                "an RFC 1123 subdomain must consist of alphanumeric characters, '-' or '.', and must start and end with an alphanumeric character",
                DNS1123_SUBDOMAIN_FMT,
                &["Example.com"],
            ));
        } else {
            errs.push(regex_error(DNS1123_SUBDOMAIN_MSG, DNS1123_SUBDOMAIN_FMT, &["example.com"]));
        }
    }
    errs
}

/// `IsLabelKey` of the declarative content checks.
pub fn label_key_errors(value: &str) -> Vec<String> {
    let mut errs = Vec::new();
    let parts: Vec<&str> = value.split('/').collect();
    let name = match parts.as_slice() {
        [name] => *name,
        [prefix, name] => {
            if prefix.is_empty() {
                errs.push(format!("prefix part {EMPTY_ERROR}"));
            } else {
                errs.extend(long_name_errors(prefix, false).into_iter().map(|m| format!("prefix part {m}")));
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
        errs.push(format!("name part {}", max_len_bytes(63)));
    }
    if !label_key_shape(name) {
        errs.push(format!(
            "name part {}",
            regex_error(LABEL_KEY_MSG, LABEL_KEY_FMT, &["MyName", "my.name", "123-abc"])
        ));
    }
    errs
}

fn label_value_errors(value: &str) -> Vec<String> {
    let mut errs = Vec::new();
    if value.len() > 63 {
        errs.push(max_len_bytes(63));
    }
    if !value.is_empty() && !label_key_shape(value) {
        errs.push(regex_error(LABEL_VALUE_MSG, LABEL_VALUE_FMT, &["MyValue", "my_value", "12345"]));
    }
    errs
}

fn path_segment_errors(value: &str) -> Vec<String> {
    if value == "." || value == ".." {
        return vec![format!("may not be '{value}'")];
    }
    ["/", "%"].iter().filter(|c| value.contains(**c)).map(|c| format!("may not contain '{c}'")).collect()
}

const C_IDENTIFIER_FMT: &str = "[A-Za-z_][A-Za-z0-9_]*";

fn c_identifier(errs: &mut ErrorList, path: &Path, id: &str, max: usize) {
    if id.len() > max {
        errs.push(FieldError::too_long(path, max));
    }
    let b = id.as_bytes();
    let ok = b.first().is_some_and(|c| c.is_ascii_alphabetic() || *c == b'_')
        && b.iter().all(|c| c.is_ascii_alphanumeric() || *c == b'_');
    if !ok {
        errs.push(FieldError::invalid(
            path,
            id,
            &regex_error(
                "a valid C identifier must start with alphabetic character or '_', followed by a string of alphanumeric characters or '_'",
                C_IDENTIFIER_FMT,
                &["my_name", "MY_NAME", "MyName"],
            ),
        ));
    }
}

/// `+k8s:format=`: each finding an `Invalid value`. `named` says the field's Go type is a named
/// string type, which upstream prints as JSON rather than quoted (the same text but for HTML
/// escapes).
pub fn format(errs: &mut ErrorList, path: &Path, value: &str, format: Format, named: bool) {
    let shown = |v: &str| if named { BadValue::named(v) } else { BadValue::Str(v.to_owned()) };
    let each = |errs: &mut ErrorList, msgs: Vec<String>| {
        for m in msgs {
            errs.push(FieldError::new(ErrorType::Invalid, path, shown(value), m));
        }
    };
    match format {
        Format::ShortName => each(errs, short_name_errors(value)),
        Format::LongName => each(errs, long_name_errors(value, false)),
        Format::LongNameCaseless => each(errs, long_name_errors(value, true)),
        Format::LabelKey => each(errs, label_key_errors(value)),
        Format::PrefixedLabelKey => {
            let mut msgs = label_key_errors(value);
            if msgs.is_empty() && value.split('/').count() != 2 {
                msgs.push("must include a prefix (e.g. 'example.com/key')".to_owned());
            }
            each(errs, msgs)
        }
        Format::LabelValue => each(errs, label_value_errors(value)),
        Format::PathSegmentName => each(errs, path_segment_errors(value)),
        Format::Uuid => {
            let b = value.as_bytes();
            let ok = b.len() == 36
                && b.iter().enumerate().all(|(i, c)| match i {
                    8 | 13 | 18 | 23 => *c == b'-',
                    _ => c.is_ascii_digit() || (b'a'..=b'f').contains(c),
                });
            if !ok {
                errs.push(FieldError::invalid(path, value, "must be a lowercase UUID in 8-4-4-4-12 format"));
            }
        }
        Format::ResourcePoolName => {
            if value.len() > 253 {
                errs.push(FieldError::too_long(path, 253));
            }
            for (i, part) in value.split('/').enumerate() {
                if part.is_empty() {
                    errs.push(FieldError::invalid(path, value, &format!("segment {i}: must not be empty")));
                    continue;
                }
                for m in long_name_errors(part, false) {
                    errs.push(FieldError::invalid(path, part, &format!("segment {i}: {m}")));
                }
            }
        }
        Format::ExtendedResourceName => {
            if !value.contains('/') {
                errs.push(FieldError::invalid(
                    path,
                    value,
                    "a name must be a domain-prefixed path, such as 'example.com/my-prop'",
                ));
            } else if value.contains("kubernetes.io/") {
                errs.push(FieldError::invalid(path, value, "must not have \"kubernetes.io/\" domain"));
            }
            if value.starts_with("requests.") {
                errs.push(FieldError::invalid(path, value, "must not have \"requests.\" prefix"));
            }
            for m in label_key_errors(&format!("requests.{value}")) {
                errs.push(FieldError::invalid(path, value, &m));
            }
        }
        Format::ResourceFullyQualifiedName => {
            let parts: Vec<&str> = value.split('/').collect();
            match parts.as_slice() {
                [name] => c_identifier(errs, path, name, 32),
                [prefix, name] => {
                    if prefix.is_empty() {
                        errs.push(FieldError::invalid(path, "", "prefix must not be empty"));
                    } else {
                        if prefix.len() > 63 {
                            errs.push(FieldError::too_long(path, 63));
                        }
                        for m in long_name_errors(prefix, false) {
                            errs.push(FieldError::invalid(path, prefix, &format!("prefix: {m}")));
                        }
                    }
                    if name.is_empty() {
                        errs.push(FieldError::invalid(path, "", "name must not be empty"));
                    } else {
                        c_identifier(errs, path, name, 32);
                    }
                }
                // More than one `/` is let through by the segment checks, as upstream's are.
                _ => {}
            }
            if !value.contains('/') {
                errs.push(FieldError::invalid(
                    path,
                    value,
                    "a fully qualified name must be a domain and a name separated by a slash",
                ));
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn releases_order_and_decide_each_beta_rule() {
        let r = Release::new;
        assert!(r(1, 37).at_least(r(1, 36)) && r(2, 0).at_least(r(1, 99)) && r(1, 36).at_least(r(1, 36)));
        assert!(!r(1, 36).at_least(r(1, 37)) && !r(1, 99).at_least(r(2, 0)));
        assert_eq!(r(1, 36).to_string(), "1.36");
        let served = Options::enforced(true, r(1, 36));
        assert!(served.beta_since(r(1, 36)) && !served.beta_since(r(1, 37)));
        assert!(!Options::enforced(false, r(1, 37)).beta_since(r(1, 36)));
        assert!(Options::ALL.beta_since(r(u32::MAX, u32::MAX)));
    }

    fn run(f: impl FnOnce(&mut ErrorList)) -> Vec<String> {
        let mut errs = ErrorList::new();
        f(&mut errs);
        errs.iter().map(ToString::to_string).collect()
    }

    #[test]
    fn limits_print_upstream_messages() {
        let p = Path::new("spec").child("x");
        assert_eq!(run(|e| minimum(e, &p, 0, 1)), ["spec.x: Invalid value: 0: must be greater than or equal to 1"]);
        assert_eq!(run(|e| maximum(e, &p, 9, 8)), ["spec.x: Invalid value: 9: must be less than or equal to 8"]);
        assert!(run(|e| minimum(e, &p, 1, 1)).is_empty());
        assert_eq!(run(|e| monotonic(e, &p, 3, 4)), ["spec.x: Invalid value: 3: may not be decreased from 4"]);
        assert!(run(|e| monotonic(e, &p, 4, 4)).is_empty());
        assert_eq!(run(|e| max_items(e, &p, 5, 4)), ["spec.x: Too many: 5: must have at most 4 items"]);
        assert_eq!(run(|e| max_length(e, &p, "ééé", 2)), ["spec.x: Too long: may not be more than 2 characters"]);
        // Three characters in six bytes fit a limit of three characters.
        assert!(run(|e| max_length(e, &p, "ééé", 3)).is_empty());
        assert_eq!(run(|e| max_bytes(e, &p, "ééé", 5)), ["spec.x: Too long: may not be more than 5 bytes"]);
        assert_eq!(run(|e| immutable(e, &p)), ["spec.x: Invalid value: null: field is immutable"]);
        assert_eq!(run(|e| required(e, &p)), ["spec.x: Required value"]);
        assert_eq!(run(|e| forbidden(e, &p)), ["spec.x: Forbidden"]);
    }

    #[test]
    fn enums_updates_and_uniqueness() {
        let p = Path::new("webhooks").index(0).child("sideEffects");
        assert_eq!(
            run(|e| enumeration(e, &p, "Sometimes", &["None", "NoneOnDryRun"])),
            [r#"webhooks[0].sideEffects: Unsupported value: "Sometimes": supported values: "None", "NoneOnDryRun""#]
        );
        let p = Path::new("x");
        assert_eq!(
            run(|e| update(e, &p, Update::NoSet, false, true, true)),
            ["x: Invalid value: null: field cannot be set once created"]
        );
        assert_eq!(
            run(|e| update(e, &p, Update::NoUnset, true, false, true)),
            ["x: Invalid value: null: field cannot be cleared once set"]
        );
        assert_eq!(
            run(|e| update(e, &p, Update::NoModify, true, true, true)),
            ["x: Invalid value: null: field cannot be modified once set"]
        );
        assert!(run(|e| update(e, &p, Update::NoModify, false, true, true)).is_empty());
        let items = ["a", "b", "a", "a"];
        assert_eq!(
            run(|e| unique(e, &p, &items, |v| *v, |v| BadValue::Str((*v).to_owned()))),
            [r#"x[2]: Duplicate value: "a""#, r#"x[3]: Duplicate value: "a""#]
        );
        assert_eq!(
            run(|e| update_items(e, &p, true, true, &["a", "c"], &["a", "b"], |v| *v)),
            ["x[1]: Forbidden: item may not be added", "x: Forbidden: item may not be removed"]
        );
    }

    /// A list-map item: `name`, `port` and `host` are its keys, `note` is not.
    #[derive(Debug, PartialEq)]
    struct Item {
        name: String,
        port: Option<i32>,
        host: Option<String>,
        note: &'static str,
    }

    fn item(name: &str, port: Option<i32>, note: &'static str) -> Item {
        Item { name: name.to_owned(), port, host: None, note }
    }

    /// The key closure is called once per item, however long the list: 200,000 distinct items
    /// cost 200,000 calls (a comparison with every earlier item was 19,999,900,000).
    #[test]
    fn uniqueness_computes_each_key_once() {
        let n = 200_000;
        let items: Vec<Item> = (0..n).map(|i| item(&format!("n{i}"), Some(i % 7), "")).collect();
        let calls = std::cell::Cell::new(0usize);
        let mut errs = ErrorList::new();
        unique(
            &mut errs,
            &Path::new("x"),
            &items,
            |x| {
                calls.set(calls.get() + 1);
                (x.name.as_str(), x.port)
            },
            |_| BadValue::Omitted,
        );
        assert!(errs.is_empty(), "{errs:?}");
        assert_eq!(calls.get(), n as usize);
    }

    /// Every item whose keys an earlier item has is reported at its own index, in index order,
    /// whatever its other fields, and items that differ in any key are not.
    #[test]
    fn duplicates_are_reported_at_their_own_index() {
        let items = [
            item("a", Some(1), "first"),
            item("a", Some(2), ""),
            item("a", None, ""),
            item("a", Some(1), "second"),
            item("b", Some(1), ""),
            item("a", None, "again"),
            item("a", Some(1), "third"),
            Item { host: Some("h".into()), ..item("a", Some(1), "other host") },
        ];
        // The key closure has the shape the generator writes for these field types.
        let got = run(|e| {
            unique(
                e,
                &Path::new("ports"),
                &items,
                |x| (x.name.as_str(), x.port, x.host.as_deref()),
                |x| BadValue::Str(x.note.to_owned()),
            )
        });
        assert_eq!(
            got,
            [
                r#"ports[3]: Duplicate value: "second""#,
                r#"ports[5]: Duplicate value: "again""#,
                r#"ports[6]: Duplicate value: "third""#
            ]
        );
    }

    /// Finding old values indexes the old list once: every key is computed once per old item and
    /// once per new item, and the first old item with a key is the one found.
    #[test]
    fn old_items_are_indexed_once() {
        let n = 100_000;
        let old: Vec<Item> = (0..n).map(|i| item(&format!("n{i}"), None, "old")).collect();
        let new: Vec<Item> = (0..n).rev().map(|i| item(&format!("n{}", i * 2), None, "new")).collect();
        let calls = std::cell::Cell::new(0usize);
        // `prev` and the lookup have the shapes the generator writes.
        let prev: Option<&Vec<Item>> = Some(&old);
        let index = old_items(prev.map(|x| &x[..]), |x| {
            calls.set(calls.get() + 1);
            x.name.as_str()
        });
        let found = new.iter().filter(|x| index.find(x).is_some_and(|o| o.name == x.name)).count();
        // The even names below `n` are in the old list.
        assert_eq!(found, (n / 2) as usize);
        assert_eq!(calls.get(), 2 * n as usize);

        let twice = [item("a", None, "first"), item("a", None, "second")];
        let index = old_items(Some(&twice[..]), |x: &Item| x.name.as_str());
        assert_eq!(index.find(&item("a", None, "")).map(|o| o.note), Some("first"));
        // On create nothing is indexed and no key is computed.
        let calls = std::cell::Cell::new(0usize);
        let none = old_items(None, |x: &Item| {
            calls.set(calls.get() + 1);
            x.name.as_str()
        });
        assert!(none.find(&twice[0]).is_none());
        assert_eq!(calls.get(), 0);
    }

    /// `NoAddItem` / `NoRemoveItem` compare keys through hash sets: linear in both lists.
    #[test]
    fn added_and_removed_items_are_found_in_linear_time() {
        let n = 100_000;
        let old: Vec<Item> = (0..n).map(|i| item(&format!("n{i}"), None, "")).collect();
        let mut new: Vec<Item> = (1..n).map(|i| item(&format!("n{i}"), None, "changed")).collect();
        new.push(item("extra", None, ""));
        let calls = std::cell::Cell::new(0usize);
        let got = run(|e| {
            update_items(e, &Path::new("x"), true, true, &new, &old, |x| {
                calls.set(calls.get() + 1);
                x.name.as_str()
            })
        });
        assert_eq!(
            got,
            [format!("x[{}]: Forbidden: item may not be added", n - 1), "x: Forbidden: item may not be removed".into()]
        );
        // `NoAddItem`: the old keys into a set, each new key looked up (2n); `NoRemoveItem`: the
        // new keys into a set, old keys looked up until the first missing one, `n0` (n + 1).
        assert_eq!(calls.get(), 3 * n as usize + 1);
    }

    /// Items without a scalar key are keyed by their canonical JSON: equal encodings are the same
    /// item.
    #[test]
    fn json_keys_follow_the_encoding() {
        let a = crate::types::Quantity::parse("1000m").expect("a quantity");
        let b = crate::types::Quantity::parse("1").expect("a quantity");
        let c = crate::types::Quantity::parse("2").expect("a quantity");
        assert_eq!(json_key(&a), json_key(&b));
        assert_ne!(json_key(&a), json_key(&c));
        let got = run(|e| unique(e, &Path::new("q"), &[a, c, b], json_key, json_value));
        assert_eq!(got, [r#"q[2]: Duplicate value: "1""#]);
        // A value JSON cannot hold still has a key, unlike any JSON one.
        assert_eq!(json_key(&f64::NAN)[0], 0xff);
    }

    #[test]
    fn unions() {
        let p = Path::new("spec");
        let m = ["a", "b"];
        assert_eq!(
            run(|e| union(e, &p, &m, &[false, false], None, false)),
            [r#"spec: Invalid value: "": must specify one of: `a`, `b`"#]
        );
        assert_eq!(
            run(|e| union(e, &p, &m, &[true, true], None, false)),
            [r#"spec: Invalid value: "{a, b}": must specify exactly one of: `a`, `b`"#]
        );
        assert_eq!(
            run(|e| union(e, &p, &m, &[true, true], None, true)),
            [r#"spec: Invalid value: "{a, b}": must specify at most one of: `a`, `b`"#]
        );
        assert!(run(|e| union(e, &p, &m, &[false, false], None, true)).is_empty());
        // Unchanged membership on update is not re-reported.
        assert!(run(|e| union(e, &p, &m, &[true, true], Some(&[true, true]), false)).is_empty());
    }

    #[test]
    fn formats() {
        let p = Path::new("n");
        assert_eq!(
            run(|e| format(e, &p, "a.b", Format::ShortName, false)),
            [r#"n: Invalid value: "a.b": must not contain dots"#]
        );
        assert_eq!(
            run(|e| format(e, &p, &"a".repeat(64), Format::ShortName, false))[0],
            format!(r#"n: Invalid value: "{}": must be no more than 63 bytes"#, "a".repeat(64))
        );
        assert!(run(|e| format(e, &p, "Example.COM", Format::LongNameCaseless, false)).is_empty());
        assert_eq!(run(|e| format(e, &p, "Example.COM", Format::LongName, false)).len(), 1);
        assert_eq!(
            run(|e| format(e, &p, "key", Format::PrefixedLabelKey, false)),
            [r#"n: Invalid value: "key": must include a prefix (e.g. 'example.com/key')"#]
        );
        assert_eq!(
            run(|e| format(e, &p, "a/b", Format::PathSegmentName, false)),
            [r#"n: Invalid value: "a/b": may not contain '/'"#]
        );
        assert!(run(|e| format(e, &p, "123e4567-e89b-12d3-a456-426614174000", Format::Uuid, false)).is_empty());
        assert_eq!(
            run(|e| format(e, &p, "123E4567-e89b-12d3-a456-426614174000", Format::Uuid, false)),
            [
                r#"n: Invalid value: "123E4567-e89b-12d3-a456-426614174000": must be a lowercase UUID in 8-4-4-4-12 format"#
            ]
        );
        assert_eq!(
            run(|e| format(e, &p, "a//b", Format::ResourcePoolName, false)),
            [r#"n: Invalid value: "a//b": segment 1: must not be empty"#]
        );
        assert_eq!(
            run(|e| format(e, &p, "example.com/dev-1", Format::ResourceFullyQualifiedName, false))[0],
            r#"n: Invalid value: "dev-1": a valid C identifier must start with alphabetic character or '_', followed by a string of alphanumeric characters or '_' (e.g. 'my_name',  or 'MY_NAME',  or 'MyName', regex used for validation is '[A-Za-z_][A-Za-z0-9_]*')"#
        );
        assert_eq!(
            run(|e| format(e, &p, "gpu", Format::ExtendedResourceName, false)),
            [r#"n: Invalid value: "gpu": a name must be a domain-prefixed path, such as 'example.com/my-prop'"#]
        );
        // A named string type prints as JSON.
        assert_eq!(run(|e| format(e, &p, "<a>", Format::PathSegmentName, true)), Vec::<String>::new());
        assert_eq!(
            run(|e| format(e, &p, "a<b", Format::ShortName, true))[0].split(": ").nth(2).unwrap(),
            r#""a\u003cb""#
        );
    }
}
