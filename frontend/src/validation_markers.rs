//! Declarative validation tags (upstream's `+k8s:required`, `+k8s:maxItems=4`, `+k8s:beta(since: "1.37")=+k8s:enum`, …) on fields and types, parsed into a typed model with spanned errors.

use proc_macro2::Span;

use crate::ctxt::Ctxt;
use crate::model::Shape;

/// The prefix of every declarative validation tag.
pub const PREFIX: &str = "k8s:";

/// `+k8s:required`: the field must be set; nothing else about it is checked when it is not.
pub const REQUIRED: &str = "required";
/// `+k8s:optional`: the field may be unset; nothing else about it is checked when it is.
pub const OPTIONAL: &str = "optional";
/// `+k8s:forbidden`: the field must not be set.
pub const FORBIDDEN: &str = "forbidden";
/// `+k8s:minimum=0`.
pub const MINIMUM: &str = "minimum";
/// `+k8s:maximum=100`.
pub const MAXIMUM: &str = "maximum";
/// `+k8s:maxLength=63`: characters.
pub const MAX_LENGTH: &str = "maxLength";
/// `+k8s:maxBytes=256`: bytes.
pub const MAX_BYTES: &str = "maxBytes";
/// `+k8s:maxItems=32`.
pub const MAX_ITEMS: &str = "maxItems";
/// `+k8s:format=k8s-short-name`.
pub const FORMAT: &str = "format";
/// `+k8s:enum`, on a string type: values are the type's constants.
pub const ENUM: &str = "enum";
/// `+k8s:listType=map`.
pub const LIST_TYPE: &str = "listType";
/// `+k8s:listMapKey=name`.
pub const LIST_MAP_KEY: &str = "listMapKey";
/// `+k8s:unique=set`.
pub const UNIQUE: &str = "unique";
/// `+k8s:immutable`.
pub const IMMUTABLE: &str = "immutable";
/// `+k8s:update=NoModify`.
pub const UPDATE: &str = "update";
/// `+k8s:opaqueType`: the field's type carries its own validation that is not run from here.
pub const OPAQUE_TYPE: &str = "opaqueType";
/// `+k8s:unionMember`: exactly one member of the struct's union is set.
pub const UNION_MEMBER: &str = "unionMember";
/// `+k8s:unionDiscriminator`: the field names which union member is set.
pub const UNION_DISCRIMINATOR: &str = "unionDiscriminator";
/// `+k8s:zeroOrOneOfMember`: at most one member of the union is set.
pub const ZERO_OR_ONE_OF_MEMBER: &str = "zeroOrOneOfMember";
/// `+k8s:eachVal=+k8s:…`: a tag for every list item or map value.
pub const EACH_VAL: &str = "eachVal";
/// `+k8s:eachKey=+k8s:…`: a tag for every map key.
pub const EACH_KEY: &str = "eachKey";
/// `+k8s:subfield(name)=+k8s:…`: a tag for one field of the struct-typed field.
pub const SUBFIELD: &str = "subfield";
/// `+k8s:item(type: "Ready")=+k8s:…`: a tag for the list item with these key values.
pub const ITEM: &str = "item";
/// `+k8s:ifEnabled(Gate)=+k8s:…`: the tag applies only while the feature gate is on.
pub const IF_ENABLED: &str = "ifEnabled";
/// `+k8s:ifDisabled(Gate)=+k8s:…`: the tag applies only while the feature gate is off.
pub const IF_DISABLED: &str = "ifDisabled";
/// `+k8s:alpha(since: "1.37")=+k8s:…`: an alpha-stability validation.
pub const ALPHA: &str = "alpha";
/// `+k8s:beta(since: "1.37")=+k8s:…`: a beta-stability validation.
pub const BETA: &str = "beta";
/// `+k8s:ifMode("Queue")=+k8s:…`: the tag applies when the struct's mode discriminator has this value.
pub const IF_MODE: &str = "ifMode";
/// `+k8s:modeDiscriminator`: the field selecting the mode of `ifMode` tags.
pub const MODE_DISCRIMINATOR: &str = "modeDiscriminator";
/// `+k8s:dependentRequired("other")`: when this field is set, the named fields must be.
pub const DEPENDENT_REQUIRED: &str = "dependentRequired";
/// `+k8s:dependentForbidden("other")`: when this field is set, the named fields must not be.
pub const DEPENDENT_FORBIDDEN: &str = "dependentForbidden";
/// `+k8s:customValidation`: hand-written validation covers the field.
pub const CUSTOM_VALIDATION: &str = "customValidation";
/// `+k8s:customUnique`: hand-written validation checks the list's uniqueness.
pub const CUSTOM_UNIQUE: &str = "customUnique";
/// `+k8s:monotonic`: the value may only grow.
pub const MONOTONIC: &str = "monotonic";

/// Every tag name the parser knows.
pub const TAGS: &[&str] = &[
    REQUIRED,
    OPTIONAL,
    FORBIDDEN,
    MINIMUM,
    MAXIMUM,
    MAX_LENGTH,
    MAX_BYTES,
    MAX_ITEMS,
    FORMAT,
    ENUM,
    LIST_TYPE,
    LIST_MAP_KEY,
    UNIQUE,
    IMMUTABLE,
    UPDATE,
    OPAQUE_TYPE,
    UNION_MEMBER,
    UNION_DISCRIMINATOR,
    ZERO_OR_ONE_OF_MEMBER,
    EACH_VAL,
    EACH_KEY,
    SUBFIELD,
    ITEM,
    IF_ENABLED,
    IF_DISABLED,
    ALPHA,
    BETA,
    IF_MODE,
    MODE_DISCRIMINATOR,
    DEPENDENT_REQUIRED,
    DEPENDENT_FORBIDDEN,
    CUSTOM_VALIDATION,
    CUSTOM_UNIQUE,
    MONOTONIC,
];

/// The string formats upstream's validation-gen knows (`+k8s:format=`).
pub const FORMATS: &[&str] = &[
    "k8s-short-name",
    "k8s-long-name",
    "k8s-long-name-caseless",
    "k8s-label-key",
    "k8s-prefixed-label-key",
    "k8s-label-value",
    "k8s-path-segment-name",
    "k8s-uuid",
    "k8s-resource-pool-name",
    "k8s-extended-resource-name",
    "k8s-resource-fully-qualified-name",
];

/// The constraints of `+k8s:update=`.
pub const UPDATE_CONSTRAINTS: &[&str] = &["NoSet", "NoUnset", "NoModify", "NoAddItem", "NoRemoveItem"];

/// How stable a validation is: upstream reports alpha and beta errors marked, so a server can
/// choose to enforce them or only compare them with hand-written validation.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Stability {
    /// A tag with no `alpha`/`beta` wrapper: its errors are always reported.
    Stable,
    /// `+k8s:alpha(since: "1.37")=+k8s:…`: errors are reported only when the caller's
    /// validation options ask for alpha rules, which a server never does (upstream keeps them
    /// shadowed by hand-written validation); tests do.
    Alpha {
        /// The release, `major.minor`, in which the validation was introduced.
        since: String,
    },
    /// `+k8s:beta(since: "1.37")=+k8s:…`: errors are reported only when the caller's
    /// validation options ask for beta rules (upstream's `DeclarativeValidationBeta` gate).
    Beta {
        /// The release, `major.minor`, in which the validation became beta.
        since: String,
    },
}

/// The list semantics `+k8s:listType=` and `+k8s:unique=` give.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ListKind {
    /// `atomic`: the list is one value to server-side apply; items may repeat, so nothing is checked.
    Atomic,
    /// `set`: no two items may be equal as whole values.
    Set,
    /// `map`: no two items may share the values of the `+k8s:listMapKey` fields.
    Map,
}

/// One validation rule with its arguments.
#[derive(Debug, Clone, PartialEq)]
pub enum Rule {
    /// [`REQUIRED`]: an unset field is an error; the field's other rules run only when it is set.
    Required,
    /// [`OPTIONAL`]: the field may be unset; its other rules run only when it is set.
    Optional,
    /// [`FORBIDDEN`]: a set field is an error.
    Forbidden,
    /// [`MINIMUM`]: the smallest value an integer may have, inclusive.
    Minimum(i64),
    /// [`MAXIMUM`]: the largest value an integer may have, inclusive.
    Maximum(i64),
    /// [`MAX_LENGTH`]: the most characters (Unicode scalar values, Go's runes) a string may have.
    MaxLength(u64),
    /// [`MAX_BYTES`]: the most UTF-8 bytes a string may have.
    MaxBytes(u64),
    /// [`MAX_ITEMS`]: the most items a list may have.
    MaxItems(u64),
    /// [`FORMAT`]: the string format, one of [`FORMATS`] as written (`k8s-short-name`).
    Format(String),
    /// [`ENUM`], on a string newtype: the value must be one of the type's `+enum` values (its
    /// string constants).
    Enum,
    /// [`LIST_TYPE`]: how server-side apply merges the list; `set` and `map` also get a
    /// uniqueness check.
    ListType(ListKind),
    /// [`LIST_MAP_KEY`]: the JSON name of one key field of a `listType=map` list; a compound
    /// key has one tag per field.
    ListMapKey(String),
    /// [`UNIQUE`]: items must be unique (by whole value, or by the `listMapKey` fields) whatever
    /// the list's `listType`.
    Unique(ListKind),
    /// [`IMMUTABLE`]: on update, any change to the value is an error.
    Immutable,
    /// [`UPDATE`]: one of [`UPDATE_CONSTRAINTS`] (`NoModify`), restricting how an update may
    /// change the field.
    Update(String),
    /// [`OPAQUE_TYPE`]: the field's type is not walked from here, so the tags inside that type
    /// are not checked through this field.
    OpaqueType,
    /// A member of the union `union` (`None`: the struct's one union).
    UnionMember {
        /// The name from `(union: "name")`; `None` when the struct has a single, unnamed union.
        union: Option<String>,
    },
    /// [`UNION_DISCRIMINATOR`]: the field whose value names the set member of `union`; parsed,
    /// but left to hand-written validation.
    UnionDiscriminator {
        /// The name from `(union: "name")`; `None` for the struct's single, unnamed union.
        union: Option<String>,
    },
    /// [`ZERO_OR_ONE_OF_MEMBER`]: a member of a union in which at most one member is set.
    ZeroOrOneOfMember {
        /// The name from `(union: "name")`; `None` for the struct's single, unnamed union.
        union: Option<String>,
    },
    /// [`EACH_VAL`]: the wrapped tag, applied to every list item or map value.
    EachVal(Box<Tag>),
    /// [`EACH_KEY`]: the wrapped tag, applied to every map key.
    EachKey(Box<Tag>),
    /// [`SUBFIELD`]: the JSON name of a field of the struct-typed field, and the tag for it.
    Subfield(String, Box<Tag>),
    /// [`ITEM`], on a `listType=map` list: the `(list map key, value)` pairs selecting one
    /// item, in the order written, and the tag for that item.
    Item(Vec<(String, String)>, Box<Tag>),
    /// [`IF_ENABLED`]: the feature gate (a `Feature` variant of kapi-api, upper camel case) and
    /// the tag that applies while it is on.
    IfEnabled(String, Box<Tag>),
    /// [`IF_DISABLED`]: the feature gate and the tag that applies while it is off.
    IfDisabled(String, Box<Tag>),
    /// [`IF_MODE`]: the discriminator value and the tag that applies in that mode; in a mode
    /// with no `ifMode` tags for the field, the field must be unset.
    IfMode(String, Box<Tag>),
    /// [`MODE_DISCRIMINATOR`]: this field's value selects the mode; at most one per struct.
    ModeDiscriminator,
    /// [`DEPENDENT_REQUIRED`]: the JSON names of the sibling fields that must be set when this
    /// one is.
    DependentRequired(Vec<String>),
    /// [`DEPENDENT_FORBIDDEN`]: the JSON names of the sibling fields that must be unset when
    /// this one is set.
    DependentForbidden(Vec<String>),
    /// [`CUSTOM_VALIDATION`]: no code is generated; hand-written validation covers the field.
    CustomValidation,
    /// [`CUSTOM_UNIQUE`]: no uniqueness check is generated for the list; hand-written
    /// validation does it.
    CustomUnique,
    /// [`MONOTONIC`]: on update, an integer may not decrease.
    Monotonic,
}

/// A parsed tag: a rule, how stable it is, and where it was written.
#[derive(Debug, Clone, PartialEq)]
pub struct Tag {
    /// What the tag checks; for an `alpha`/`beta` wrapper, the wrapped rule.
    pub rule: Rule,
    /// [`Stability::Stable`] unless the tag is wrapped in `+k8s:alpha(…)=` or `+k8s:beta(…)=`.
    pub stability: Stability,
    /// The text after `+` as written, for messages.
    pub text: String,
}

/// A tag with the span of the doc line it came from.
#[derive(Debug, Clone)]
pub struct SpannedTag {
    /// The tag, already checked to be allowed where it was written.
    pub tag: Tag,
    /// The span of the `///` line's doc attribute, where errors about the tag point.
    pub span: Span,
}

impl Rule {
    /// The tag's name as written after `+k8s:`.
    pub fn name(&self) -> &'static str {
        match self {
            Rule::Required => REQUIRED,
            Rule::Optional => OPTIONAL,
            Rule::Forbidden => FORBIDDEN,
            Rule::Minimum(_) => MINIMUM,
            Rule::Maximum(_) => MAXIMUM,
            Rule::MaxLength(_) => MAX_LENGTH,
            Rule::MaxBytes(_) => MAX_BYTES,
            Rule::MaxItems(_) => MAX_ITEMS,
            Rule::Format(_) => FORMAT,
            Rule::Enum => ENUM,
            Rule::ListType(_) => LIST_TYPE,
            Rule::ListMapKey(_) => LIST_MAP_KEY,
            Rule::Unique(_) => UNIQUE,
            Rule::Immutable => IMMUTABLE,
            Rule::Update(_) => UPDATE,
            Rule::OpaqueType => OPAQUE_TYPE,
            Rule::UnionMember { .. } => UNION_MEMBER,
            Rule::UnionDiscriminator { .. } => UNION_DISCRIMINATOR,
            Rule::ZeroOrOneOfMember { .. } => ZERO_OR_ONE_OF_MEMBER,
            Rule::EachVal(_) => EACH_VAL,
            Rule::EachKey(_) => EACH_KEY,
            Rule::Subfield(..) => SUBFIELD,
            Rule::Item(..) => ITEM,
            Rule::IfEnabled(..) => IF_ENABLED,
            Rule::IfDisabled(..) => IF_DISABLED,
            Rule::IfMode(..) => IF_MODE,
            Rule::ModeDiscriminator => MODE_DISCRIMINATOR,
            Rule::DependentRequired(_) => DEPENDENT_REQUIRED,
            Rule::DependentForbidden(_) => DEPENDENT_FORBIDDEN,
            Rule::CustomValidation => CUSTOM_VALIDATION,
            Rule::CustomUnique => CUSTOM_UNIQUE,
            Rule::Monotonic => MONOTONIC,
        }
    }
}

/// The arguments in `name(…)`: positional (`"Queue"`, `Gate`) or named (`since: "1.37"`).
#[derive(Debug, Default)]
struct Args {
    positional: Vec<String>,
    named: Vec<(String, String)>,
}

/// Splits `a, "b, c", d: "e"` at top-level commas.
fn split_args(text: &str) -> Result<Vec<String>, String> {
    let mut parts = Vec::new();
    let mut cur = String::new();
    let mut quoted = false;
    let mut escaped = false;
    for c in text.chars() {
        if quoted {
            cur.push(c);
            if escaped {
                escaped = false;
            } else if c == '\\' {
                escaped = true;
            } else if c == '"' {
                quoted = false;
            }
            continue;
        }
        match c {
            '"' => {
                quoted = true;
                cur.push(c);
            }
            ',' => parts.push(std::mem::take(&mut cur)),
            c => cur.push(c),
        }
    }
    if quoted {
        return Err("an argument's string is not closed with `\"`".into());
    }
    parts.push(cur);
    Ok(parts.into_iter().map(|p| p.trim().to_owned()).collect())
}

/// An argument value: a Go-style double-quoted string or a bare word.
fn arg_value(raw: &str) -> Result<String, String> {
    let raw = raw.trim();
    if let Some(inner) = raw.strip_prefix('"') {
        let Some(body) = inner.strip_suffix('"') else {
            return Err(format!("the argument `{raw}` is not closed with `\"`"));
        };
        return Ok(body.replace("\\\"", "\"").replace("\\\\", "\\"));
    }
    if raw.is_empty() || !raw.chars().all(|c| c.is_ascii_alphanumeric() || matches!(c, '_' | '-' | '.' | '/')) {
        return Err(format!("the argument `{raw}` must be a word or a double-quoted string"));
    }
    Ok(raw.to_owned())
}

fn parse_args(text: &str) -> Result<Args, String> {
    let mut args = Args::default();
    if text.trim().is_empty() {
        return Ok(args);
    }
    for part in split_args(text)? {
        if part.is_empty() {
            return Err("an argument is empty; write `name(a, b)` without stray commas".into());
        }
        // A named argument: a bare word, then `:` outside quotes.
        let colon = (!part.starts_with('"')).then(|| part.find(':')).flatten();
        match colon {
            Some(i) => {
                let key = part[..i].trim();
                if key.is_empty() || !key.chars().all(|c| c.is_ascii_alphanumeric() || c == '_') {
                    return Err(format!("the argument name `{key}` must be a word"));
                }
                if args.named.iter().any(|(k, _)| k == key) {
                    return Err(format!("the argument `{key}` is given twice"));
                }
                args.named.push((key.to_owned(), arg_value(&part[i + 1..])?));
            }
            None => args.positional.push(arg_value(&part)?),
        }
    }
    Ok(args)
}

/// Reads the name, `(args)` and `=value` of one tag (the text after `+k8s:`).
fn split_tag(text: &str) -> Result<(&str, Option<&str>, Option<&str>), String> {
    let end = text.find(|c: char| !c.is_ascii_alphanumeric()).unwrap_or(text.len());
    let (name, mut rest) = text.split_at(end);
    if name.is_empty() {
        return Err(format!("`+{PREFIX}{text}` has no tag name"));
    }
    let mut args = None;
    if let Some(after) = rest.strip_prefix('(') {
        // The closing parenthesis is the first one outside quotes.
        let mut quoted = false;
        let mut close = None;
        for (i, c) in after.char_indices() {
            match c {
                '"' => quoted = !quoted,
                ')' if !quoted => {
                    close = Some(i);
                    break;
                }
                _ => {}
            }
        }
        let Some(close) = close else {
            return Err(format!("the arguments of `+{PREFIX}{name}(` are not closed with `)`"));
        };
        args = Some(&after[..close]);
        rest = &after[close + 1..];
    }
    let rest = rest.trim_start();
    let value = match rest.strip_prefix('=') {
        Some(v) => Some(v.trim()),
        None if rest.is_empty() => None,
        None => return Err(format!("unexpected `{rest}` after `+{PREFIX}{name}`; a value follows `=`")),
    };
    Ok((name, args, value))
}

fn no_args(name: &str, args: Option<&str>) -> Result<(), String> {
    match args {
        Some(_) => Err(format!("`+{PREFIX}{name}` takes no arguments")),
        None => Ok(()),
    }
}

fn no_value(name: &str, value: Option<&str>) -> Result<(), String> {
    match value {
        Some(v) => Err(format!("`+{PREFIX}{name}` takes no value; found `={v}`")),
        None => Ok(()),
    }
}

fn needs_value<'a>(name: &str, value: Option<&'a str>, example: &str) -> Result<&'a str, String> {
    match value {
        Some(v) if !v.is_empty() => Ok(v.trim_matches('"')),
        _ => Err(format!("`+{PREFIX}{name}` needs a value: `+{PREFIX}{name}={example}`")),
    }
}

fn nested(name: &str, value: Option<&str>, depth: usize) -> Result<Box<Tag>, String> {
    let v = value.unwrap_or_default();
    if !v.starts_with('+') {
        return Err(format!("`+{PREFIX}{name}` takes another tag as its value: `+{PREFIX}{name}=+{PREFIX}required`"));
    }
    parse_nested(&v[1..], depth + 1).map(Box::new)
}

fn one_positional(name: &str, args: Option<&str>, what: &str) -> Result<String, String> {
    let parsed = parse_args(args.unwrap_or_default())?;
    match (parsed.positional.as_slice(), parsed.named.is_empty()) {
        ([one], true) => Ok(one.clone()),
        _ => Err(format!("`+{PREFIX}{name}` takes one argument, {what}: `+{PREFIX}{name}(…)=+{PREFIX}…`")),
    }
}

fn union_name(name: &str, args: Option<&str>) -> Result<Option<String>, String> {
    let Some(args) = args else { return Ok(None) };
    let parsed = parse_args(args)?;
    match (parsed.positional.as_slice(), parsed.named.as_slice()) {
        ([], [(k, v)]) if k == "union" => Ok(Some(v.clone())),
        _ => Err(format!("`+{PREFIX}{name}` takes only the union's name: `+{PREFIX}{name}(union: \"name\")`")),
    }
}

fn size(name: &str, value: Option<&str>) -> Result<u64, String> {
    let v = needs_value(name, value, "8")?;
    v.parse::<u64>().map_err(|_| format!("`+{PREFIX}{name}` takes a non-negative integer, not `{v}`"))
}

fn bound(name: &str, value: Option<&str>) -> Result<i64, String> {
    let v = needs_value(name, value, "0")?;
    v.parse::<i64>().map_err(|_| format!("`+{PREFIX}{name}` takes an integer, not `{v}`"))
}

fn list_kind(name: &str, value: Option<&str>, allowed: &[(&str, ListKind)]) -> Result<ListKind, String> {
    let v = needs_value(name, value, allowed[0].0)?;
    allowed.iter().find(|(n, _)| *n == v).map(|(_, k)| *k).ok_or_else(|| {
        let names: Vec<&str> = allowed.iter().map(|(n, _)| *n).collect();
        format!("`+{PREFIX}{name}` is one of {}, not `{v}`", names.join(", "))
    })
}

/// How deep `eachVal=+k8s:subfield(x)=+k8s:…` chains may go: far beyond upstream's use, low
/// enough that a pathological line cannot exhaust the stack.
const MAX_DEPTH: usize = 8;

/// Parses one tag, the text after `+` (`k8s:maxItems=4`).
pub fn parse_tag(text: &str) -> Result<Tag, String> {
    parse_nested(text, 0)
}

fn parse_nested(body: &str, depth: usize) -> Result<Tag, String> {
    if depth > MAX_DEPTH {
        return Err(format!("tags nest more than {MAX_DEPTH} levels"));
    }
    let body = body.trim();
    let Some(body) = body.strip_prefix(PREFIX) else {
        if depth == 0 {
            return Err(format!("`+{body}` is not a `+{PREFIX}` tag"));
        }
        return Err(format!("a nested tag starts with `+{PREFIX}`, not `+{body}`"));
    };
    let text = format!("{PREFIX}{body}");
    let (name, args, value) = split_tag(body)?;
    let flag = |rule: Rule| -> Result<Rule, String> {
        no_args(name, args)?;
        no_value(name, value)?;
        Ok(rule)
    };
    let rule = match name {
        ALPHA | BETA => {
            let parsed = parse_args(args.unwrap_or_default())?;
            let since = match (parsed.positional.as_slice(), parsed.named.as_slice()) {
                ([], [(k, v)]) if k == "since" => v.clone(),
                _ => {
                    return Err(format!(
                        "`+{PREFIX}{name}` takes the release it started in: `+{PREFIX}{name}(since: \"1.37\")=+{PREFIX}…`"
                    ));
                }
            };
            let valid = since
                .split_once('.')
                .is_some_and(|(a, b)| [a, b].iter().all(|p| !p.is_empty() && p.bytes().all(|c| c.is_ascii_digit())));
            if !valid {
                return Err(format!("`since` of `+{PREFIX}{name}` is a release `major.minor`, not `{since}`"));
            }
            let mut inner = nested(name, value, depth)?;
            if inner.stability != Stability::Stable {
                return Err(format!("`+{PREFIX}{name}` wraps a tag that already has a stability level"));
            }
            inner.stability = if name == ALPHA { Stability::Alpha { since } } else { Stability::Beta { since } };
            inner.text = text;
            return Ok(*inner);
        }
        REQUIRED => flag(Rule::Required)?,
        OPTIONAL => flag(Rule::Optional)?,
        FORBIDDEN => flag(Rule::Forbidden)?,
        IMMUTABLE => flag(Rule::Immutable)?,
        ENUM => flag(Rule::Enum)?,
        OPAQUE_TYPE => flag(Rule::OpaqueType)?,
        MODE_DISCRIMINATOR => flag(Rule::ModeDiscriminator)?,
        CUSTOM_VALIDATION => flag(Rule::CustomValidation)?,
        CUSTOM_UNIQUE => flag(Rule::CustomUnique)?,
        MONOTONIC => flag(Rule::Monotonic)?,
        UNION_MEMBER | UNION_DISCRIMINATOR | ZERO_OR_ONE_OF_MEMBER => {
            no_value(name, value)?;
            let union = union_name(name, args)?;
            match name {
                UNION_MEMBER => Rule::UnionMember { union },
                UNION_DISCRIMINATOR => Rule::UnionDiscriminator { union },
                _ => Rule::ZeroOrOneOfMember { union },
            }
        }
        MINIMUM | MAXIMUM => {
            no_args(name, args)?;
            let n = bound(name, value)?;
            if name == MINIMUM { Rule::Minimum(n) } else { Rule::Maximum(n) }
        }
        MAX_LENGTH | MAX_BYTES | MAX_ITEMS => {
            no_args(name, args)?;
            let n = size(name, value)?;
            match name {
                MAX_LENGTH => Rule::MaxLength(n),
                MAX_BYTES => Rule::MaxBytes(n),
                _ => Rule::MaxItems(n),
            }
        }
        FORMAT => {
            no_args(name, args)?;
            let f = needs_value(name, value, "k8s-short-name")?;
            if !FORMATS.contains(&f) {
                return Err(format!("unknown format `{f}`; the formats are: {}", FORMATS.join(", ")));
            }
            Rule::Format(f.to_owned())
        }
        LIST_TYPE => {
            no_args(name, args)?;
            Rule::ListType(list_kind(
                name,
                value,
                &[("atomic", ListKind::Atomic), ("set", ListKind::Set), ("map", ListKind::Map)],
            )?)
        }
        UNIQUE => {
            no_args(name, args)?;
            Rule::Unique(list_kind(name, value, &[("set", ListKind::Set), ("map", ListKind::Map)])?)
        }
        LIST_MAP_KEY => {
            no_args(name, args)?;
            let k = needs_value(name, value, "name")?;
            if !k.chars().all(|c| c.is_ascii_alphanumeric() || c == '_') {
                return Err(format!("`+{PREFIX}{LIST_MAP_KEY}` names a field by its JSON name, not `{k}`"));
            }
            Rule::ListMapKey(k.to_owned())
        }
        UPDATE => {
            no_args(name, args)?;
            let c = needs_value(name, value, "NoModify")?;
            if !UPDATE_CONSTRAINTS.contains(&c) {
                return Err(format!("`+{PREFIX}{UPDATE}` is one of {}, not `{c}`", UPDATE_CONSTRAINTS.join(", ")));
            }
            Rule::Update(c.to_owned())
        }
        EACH_VAL | EACH_KEY => {
            no_args(name, args)?;
            let inner = nested(name, value, depth)?;
            if name == EACH_VAL { Rule::EachVal(inner) } else { Rule::EachKey(inner) }
        }
        SUBFIELD => {
            let field = one_positional(name, args, "the JSON name of the field")?;
            Rule::Subfield(field, nested(name, value, depth)?)
        }
        IF_ENABLED | IF_DISABLED => {
            let gate = one_positional(name, args, "a feature gate's name")?;
            if !gate.chars().next().is_some_and(|c| c.is_ascii_uppercase())
                || !gate.chars().all(|c| c.is_ascii_alphanumeric())
            {
                return Err(format!("`{gate}` is not a feature gate's name (upper camel case, like `PodGroupPolicy`)"));
            }
            let inner = nested(name, value, depth)?;
            if name == IF_ENABLED { Rule::IfEnabled(gate, inner) } else { Rule::IfDisabled(gate, inner) }
        }
        IF_MODE => {
            let mode = one_positional(name, args, "the discriminator's value")?;
            Rule::IfMode(mode, nested(name, value, depth)?)
        }
        ITEM => {
            let parsed = parse_args(args.unwrap_or_default())?;
            if !parsed.positional.is_empty() || parsed.named.is_empty() {
                return Err(format!(
                    "`+{PREFIX}{ITEM}` selects an item by its keys: `+{PREFIX}{ITEM}(type: \"Ready\")=+{PREFIX}…`"
                ));
            }
            Rule::Item(parsed.named, nested(name, value, depth)?)
        }
        DEPENDENT_REQUIRED | DEPENDENT_FORBIDDEN => {
            no_value(name, value)?;
            let parsed = parse_args(args.unwrap_or_default())?;
            if parsed.positional.is_empty() || !parsed.named.is_empty() {
                return Err(format!("`+{PREFIX}{name}` names the other fields: `+{PREFIX}{name}(\"other\")`"));
            }
            if name == DEPENDENT_REQUIRED {
                Rule::DependentRequired(parsed.positional)
            } else {
                Rule::DependentForbidden(parsed.positional)
            }
        }
        _ => {
            return Err(format!(
                "unknown tag `+{PREFIX}{name}`; the known ones are: {}",
                TAGS.iter().map(|t| format!("+{PREFIX}{t}")).collect::<Vec<_>>().join(", ")
            ));
        }
    };
    Ok(Tag { rule, stability: Stability::Stable, text })
}

/// What a tag is placed on, for the checks of where each tag may go.
#[derive(Debug, Clone, Copy)]
pub enum Place<'a> {
    /// A field of this shape.
    Field(&'a Shape),
    /// A type: a struct, or a newtype over this shape.
    Type(Option<&'a Shape>),
}

fn describe(shape: &Shape) -> &'static str {
    match shape.peeled() {
        Shape::String => "a string",
        Shape::Bool => "a bool",
        Shape::I32 | Shape::I64 | Shape::U32 | Shape::U64 => "an integer",
        Shape::F32 | Shape::F64 => "a float",
        Shape::Bytes => "bytes",
        Shape::Vec(_) => "a list",
        Shape::Map(..) => "a map",
        _ => "a named type",
    }
}

/// Whether a shape may be a string (a named type may be a string newtype; the generator resolves it).
fn stringish(shape: &Shape) -> bool {
    matches!(shape.peeled(), Shape::String | Shape::Named(_))
}

fn integer(shape: &Shape) -> bool {
    matches!(shape.peeled(), Shape::I32 | Shape::I64 | Shape::U32 | Shape::U64 | Shape::Named(_))
}

/// Checks that a tag may be written where it is; `Err` names what it needs.
pub fn check_place(tag: &Tag, place: Place<'_>) -> Result<(), String> {
    let name = tag.rule.name();
    let shape = match place {
        Place::Field(s) => s,
        Place::Type(inner) => {
            return match (&tag.rule, inner) {
                (Rule::Enum, Some(s)) if matches!(s.peeled(), Shape::String) => Ok(()),
                (Rule::Enum, _) => Err(format!("`+{PREFIX}{ENUM}` goes on a string newtype with constants")),
                _ => Err(format!("`+{PREFIX}{name}` goes on a field, not on a type")),
            };
        }
    };
    let wrong = |wants: &str| Err(format!("`+{PREFIX}{name}` applies to {wants}, not to {}", describe(shape)));
    match &tag.rule {
        Rule::Enum => Err(format!("`+{PREFIX}{ENUM}` goes on the string type, not on a field")),
        Rule::MaxItems(_) | Rule::ListType(_) | Rule::ListMapKey(_) | Rule::Unique(_) | Rule::CustomUnique
            if !matches!(shape.peeled(), Shape::Vec(_)) =>
        {
            wrong("a list")
        }
        Rule::Item(..) if !matches!(shape.peeled(), Shape::Vec(_)) => wrong("a list"),
        Rule::MaxLength(_) | Rule::MaxBytes(_) | Rule::Format(_) if !stringish(shape) => wrong("a string"),
        Rule::Minimum(_) | Rule::Maximum(_) if !integer(shape) => wrong("an integer"),
        Rule::EachKey(_) if !matches!(shape.peeled(), Shape::Map(..)) => wrong("a map"),
        Rule::EachVal(inner) => match shape.peeled() {
            Shape::Vec(item) | Shape::Map(_, item) => check_place(inner, Place::Field(item)),
            _ => wrong("a list or a map"),
        },
        Rule::EachKey(inner) => match shape.peeled() {
            Shape::Map(key, _) => check_place(inner, Place::Field(key)),
            _ => wrong("a map"),
        },
        Rule::Subfield(_, _) if !matches!(shape.peeled(), Shape::Named(_)) => wrong("a struct"),
        Rule::IfEnabled(_, inner) | Rule::IfDisabled(_, inner) | Rule::IfMode(_, inner) => check_place(inner, place),
        _ => Ok(()),
    }
}

/// Parses the `+k8s:` tags among doc lines (name and value already split by the marker reader),
/// checks where they are, and records malformed or misplaced ones.
pub fn parse_tags(cx: &Ctxt, lines: &[(String, Span)], place: Place<'_>) -> Vec<SpannedTag> {
    let mut out = Vec::new();
    for (text, span) in lines {
        match parse_tag(text).and_then(|tag| check_place(&tag, place).map(|()| tag)) {
            Ok(tag) => out.push(SpannedTag { tag, span: *span }),
            Err(msg) => cx.error_at(*span, msg),
        }
    }
    out
}

/// The `+k8s:` families that are not declarative validation (other generators read them).
pub const OTHER_FAMILIES: &[&str] = &[
    "prerelease-lifecycle-gen",
    "openapi-gen",
    "openapi-model-package",
    "deepcopy-gen",
    "conversion-gen",
    "protobuf",
    "validation-gen",
    "supportsSubresource",
    "isSubresource",
    "deprecated",
    // kube-openapi's schema markers (`+k8s:validation:maxLength=63`): `schema_markers`.
    "validation",
];

/// Whether a marker (the text after `+`) is a declarative validation tag rather than one of the
/// other `+k8s:` families: every other `+k8s:` name is parsed as a tag, so a misspelt one is an
/// error rather than silently ignored.
pub fn is_validation_marker(name: &str) -> bool {
    let Some(body) = name.strip_prefix(PREFIX) else { return false };
    let end = body.find(|c: char| !(c.is_ascii_alphanumeric() || c == '-')).unwrap_or(body.len());
    !OTHER_FAMILIES.contains(&&body[..end])
}

/// The `+k8s:` validation lines of an item's outer doc comments, as the text after `+`.
pub fn tag_lines(attrs: &[syn::Attribute]) -> Vec<(String, Span)> {
    use syn::spanned::Spanned as _;
    let mut out = Vec::new();
    for a in attrs.iter().filter(|a| a.path().is_ident("doc")) {
        if matches!(a.style, syn::AttrStyle::Inner(_)) {
            continue;
        }
        let syn::Meta::NameValue(nv) = &a.meta else { continue };
        let syn::Expr::Lit(syn::ExprLit { lit: syn::Lit::Str(s), .. }) = &nv.value else { continue };
        for line in s.value().lines() {
            let Some(text) = line.trim().strip_prefix('+') else { continue };
            if is_validation_marker(text) {
                out.push((text.trim().to_owned(), a.span()));
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ok(text: &str) -> Tag {
        parse_tag(text).unwrap_or_else(|e| panic!("{text}: {e}"))
    }

    fn err(text: &str) -> String {
        parse_tag(text).expect_err(text)
    }

    #[test]
    fn flags_and_values() {
        assert_eq!(ok("k8s:required").rule, Rule::Required);
        assert_eq!(ok("k8s:maxItems=32").rule, Rule::MaxItems(32));
        assert_eq!(ok("k8s:minimum=-1").rule, Rule::Minimum(-1));
        assert_eq!(ok("k8s:format=\"k8s-short-name\"").rule, Rule::Format("k8s-short-name".into()));
        assert_eq!(ok("k8s:listType=map").rule, Rule::ListType(ListKind::Map));
        assert_eq!(ok("k8s:unique=set").rule, Rule::Unique(ListKind::Set));
        assert_eq!(ok("k8s:update=NoModify").rule, Rule::Update("NoModify".into()));
        assert_eq!(ok("k8s:unionMember(union: \"u\")").rule, Rule::UnionMember { union: Some("u".into()) });
    }

    #[test]
    fn nested_forms() {
        let t = ok("k8s:beta(since: \"1.37\")=+k8s:subfield(name)=+k8s:format=k8s-long-name");
        assert_eq!(t.stability, Stability::Beta { since: "1.37".into() });
        let Rule::Subfield(f, inner) = &t.rule else { panic!("{t:?}") };
        assert_eq!(f, "name");
        assert_eq!(inner.rule, Rule::Format("k8s-long-name".into()));
        let t = ok("k8s:alpha(since:\"1.37\")=+k8s:immutable");
        assert_eq!(t.stability, Stability::Alpha { since: "1.37".into() });
        assert_eq!(t.rule, Rule::Immutable);
        let t = ok("k8s:ifEnabled(\"PodGroupPreemptionPolicy\")=+k8s:optional");
        assert!(
            matches!(&t.rule, Rule::IfEnabled(g, i) if g == "PodGroupPreemptionPolicy" && i.rule == Rule::Optional)
        );
        let t = ok("k8s:item(type: \"Approved\")=+k8s:zeroOrOneOfMember");
        assert!(matches!(&t.rule, Rule::Item(keys, i)
            if keys == &[("type".to_owned(), "Approved".to_owned())] && i.rule == Rule::ZeroOrOneOfMember { union: None }));
        let t = ok("k8s:eachKey=+k8s:format=k8s-short-name");
        assert!(matches!(&t.rule, Rule::EachKey(i) if i.rule == Rule::Format("k8s-short-name".into())));
        let t = ok("k8s:dependentRequired(\"a\", \"b\")");
        assert_eq!(t.rule, Rule::DependentRequired(vec!["a".into(), "b".into()]));
    }

    #[test]
    fn malformed_tags_say_what_is_wrong() {
        assert_eq!(err("k8s:required=true"), "`+k8s:required` takes no value; found `=true`");
        assert_eq!(err("k8s:maxItems"), "`+k8s:maxItems` needs a value: `+k8s:maxItems=8`");
        assert_eq!(err("k8s:maxItems=-1"), "`+k8s:maxItems` takes a non-negative integer, not `-1`");
        assert_eq!(err("k8s:minimum=x"), "`+k8s:minimum` takes an integer, not `x`");
        assert!(err("k8s:format=dns").starts_with("unknown format `dns`; the formats are: k8s-short-name"));
        assert_eq!(err("k8s:listType=bag"), "`+k8s:listType` is one of atomic, set, map, not `bag`");
        assert_eq!(err("k8s:unique=atomic"), "`+k8s:unique` is one of set, map, not `atomic`");
        assert!(err("k8s:maxLenght=3").starts_with("unknown tag `+k8s:maxLenght`; the known ones are:"));
        assert_eq!(
            err("k8s:beta=+k8s:required"),
            "`+k8s:beta` takes the release it started in: `+k8s:beta(since: \"1.37\")=+k8s:…`"
        );
        assert_eq!(
            err("k8s:beta(since: \"soon\")=+k8s:required"),
            "`since` of `+k8s:beta` is a release `major.minor`, not `soon`"
        );
        assert_eq!(
            err("k8s:beta(since: \"1.3\")=+k8s:alpha(since: \"1.2\")=+k8s:required"),
            "`+k8s:beta` wraps a tag that already has a stability level"
        );
        assert_eq!(
            err("k8s:eachVal=required"),
            "`+k8s:eachVal` takes another tag as its value: `+k8s:eachVal=+k8s:required`"
        );
        assert_eq!(err("k8s:eachVal=+x:required"), "a nested tag starts with `+k8s:`, not `+x:required`");
        assert_eq!(
            err("k8s:ifEnabled(Gate=+k8s:optional"),
            "the arguments of `+k8s:ifEnabled(` are not closed with `)`"
        );
        assert_eq!(
            err("k8s:ifEnabled(a, b)=+k8s:optional"),
            "`+k8s:ifEnabled` takes one argument, a feature gate's name: `+k8s:ifEnabled(…)=+k8s:…`"
        );
        assert_eq!(
            err("k8s:ifEnabled(lower)=+k8s:optional"),
            "`lower` is not a feature gate's name (upper camel case, like `PodGroupPolicy`)"
        );
        assert_eq!(
            err("k8s:item(\"x\")=+k8s:zeroOrOneOfMember"),
            "`+k8s:item` selects an item by its keys: `+k8s:item(type: \"Ready\")=+k8s:…`"
        );
        assert_eq!(err("k8s:item(type: \"x)=+k8s:optional"), "the arguments of `+k8s:item(` are not closed with `)`");
        assert_eq!(err("k8s:required()"), "`+k8s:required` takes no arguments");
        assert_eq!(err("k8s:required extra"), "unexpected `extra` after `+k8s:required`; a value follows `=`");
        let deep = format!("k8s:{}required", "eachVal=+k8s:".repeat(20));
        assert_eq!(err(&deep), "tags nest more than 8 levels");
    }

    #[test]
    fn places_are_checked() {
        let s = Shape::String;
        let list = Shape::Vec(Box::new(Shape::String));
        let int = Shape::Option(Box::new(Shape::I32));
        let place = |t: &str, shape: &Shape| check_place(&ok(t), Place::Field(shape));
        assert_eq!(place("k8s:maxItems=3", &s), Err("`+k8s:maxItems` applies to a list, not to a string".into()));
        assert_eq!(place("k8s:maxLength=3", &list), Err("`+k8s:maxLength` applies to a string, not to a list".into()));
        assert_eq!(place("k8s:minimum=0", &s), Err("`+k8s:minimum` applies to an integer, not to a string".into()));
        assert_eq!(
            place("k8s:eachKey=+k8s:format=k8s-short-name", &list),
            Err("`+k8s:eachKey` applies to a map, not to a list".into())
        );
        assert_eq!(
            place("k8s:eachVal=+k8s:maxItems=3", &list),
            Err("`+k8s:maxItems` applies to a list, not to a string".into())
        );
        assert_eq!(
            place("k8s:ifEnabled(G)=+k8s:maxItems=3", &int),
            Err("`+k8s:maxItems` applies to a list, not to an integer".into())
        );
        assert_eq!(place("k8s:enum", &s), Err("`+k8s:enum` goes on the string type, not on a field".into()));
        assert!(place("k8s:minimum=0", &int).is_ok());
        assert!(place("k8s:eachVal=+k8s:maxBytes=3", &list).is_ok());
        assert_eq!(
            check_place(&ok("k8s:required"), Place::Type(None)),
            Err("`+k8s:required` goes on a field, not on a type".into())
        );
        assert!(check_place(&ok("k8s:enum"), Place::Type(Some(&s))).is_ok());
    }

    #[test]
    fn only_validation_families_are_tags() {
        assert!(is_validation_marker("k8s:beta(since: \"1.37\")=+k8s:optional"));
        assert!(is_validation_marker("k8s:maxItems=3"));
        assert!(is_validation_marker("k8s:maxLenght=3"));
        assert!(!is_validation_marker("k8s:prerelease-lifecycle-gen:introduced=1.19"));
        assert!(!is_validation_marker("k8s:openapi-gen=true"));
        assert!(!is_validation_marker("genclient"));
    }
}
