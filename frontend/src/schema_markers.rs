//! kube-openapi's schema markers on fields and types (`+k8s:validation:maxLength=63`, `+k8s:validation:pattern="^a"`, `+k8s:validation:cel[0]:rule="self == oldSelf"`), parsed with the place of each value for the generator's messages.

use proc_macro2::Span;
use syn::spanned::Spanned as _;

use crate::ctxt::Ctxt;

/// The prefix of every schema marker.
pub const PREFIX: &str = "k8s:validation:";

/// The schema keywords a marker may set, with the JSON type its value has.
pub const KEYWORDS: &[(&str, ValueKind)] = &[
    ("minimum", ValueKind::Number),
    ("maximum", ValueKind::Number),
    ("exclusiveMinimum", ValueKind::Bool),
    ("exclusiveMaximum", ValueKind::Bool),
    ("multipleOf", ValueKind::Number),
    ("minLength", ValueKind::Count),
    ("maxLength", ValueKind::Count),
    ("pattern", ValueKind::String),
    ("minItems", ValueKind::Count),
    ("maxItems", ValueKind::Count),
    ("uniqueItems", ValueKind::Bool),
    ("minProperties", ValueKind::Count),
    ("maxProperties", ValueKind::Count),
    ("format", ValueKind::String),
    ("enum", ValueKind::Array),
];

/// The keys of one CEL rule (`+k8s:validation:cel[0]:<key>=`), as `x-kubernetes-validations`
/// names them.
pub const CEL_KEYS: &[&str] = &["rule", "message", "messageExpression", "reason", "fieldPath", "optionalOldSelf"];

/// The JSON type of a keyword's value.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ValueKind {
    /// A JSON number, integer or not (`minimum`, `multipleOf`).
    Number,
    /// A non-negative integer.
    Count,
    /// `true` or `false` (`uniqueItems`).
    Bool,
    /// A JSON string, or raw text after `>` (`pattern`, `format`).
    String,
    /// A JSON array (`enum`).
    Array,
}

/// Where a marker's value starts: the doc attribute, the line within it, and the column (in
/// characters) within that line's text.
#[derive(Debug, Clone, Copy)]
pub struct Place {
    /// The doc attribute holding the marker.
    pub span: Span,
    /// The line within the attribute's text, from 0; only a `#[doc = "…"]` or `/** */` comment
    /// has more than one.
    pub line: usize,
    /// The offset in characters, from 0, within that line.
    pub column: usize,
}

/// A marker's value: JSON text after `=`, or raw text after `>` (kube-openapi's form for text
/// that would need quoting).
#[derive(Debug, Clone)]
pub struct MarkerValue {
    /// The value, trimmed: JSON text, or with `raw` the string itself.
    pub text: String,
    /// Whether the value was written after `>` and is not parsed as JSON.
    pub raw: bool,
    /// Where the value's first character is, so that a JSON or CEL error can point into it.
    pub place: Place,
}

/// `+k8s:validation:<keyword>=<JSON>`.
#[derive(Debug, Clone)]
pub struct Keyword {
    /// The JSON Schema keyword, one of [`KEYWORDS`] (`maxLength`), as it appears in the schema.
    pub name: String,
    /// The JSON type the value must have, from [`KEYWORDS`].
    pub kind: ValueKind,
    /// The value as written, checked against `kind` by the generator.
    pub value: MarkerValue,
}

/// The markers `+k8s:validation:cel[<index>]:…` of one rule.
#[derive(Debug, Clone)]
pub struct CelMarkers {
    /// The `N` of `cel[N]`: rules go into `x-kubernetes-validations` in index order; gaps are
    /// allowed.
    pub index: usize,
    /// The first line of the rule's markers.
    pub place: Place,
    /// Each key with its value, in the order written.
    pub keys: Vec<(String, MarkerValue)>,
}

impl CelMarkers {
    /// The value of one of [`CEL_KEYS`] (`rule`, `message`), if the rule has it.
    pub fn get(&self, key: &str) -> Option<&MarkerValue> {
        self.keys.iter().find(|(k, _)| k == key).map(|(_, v)| v)
    }
}

/// The schema markers of a field or type.
#[derive(Debug, Clone, Default)]
pub struct SchemaMarkers {
    /// The keyword markers, each at most once, in the order written.
    pub keywords: Vec<Keyword>,
    /// In index order.
    pub rules: Vec<CelMarkers>,
}

impl SchemaMarkers {
    /// Whether no `+k8s:validation:` keyword or CEL marker is written on the item.
    pub fn is_empty(&self) -> bool {
        self.keywords.is_empty() && self.rules.is_empty()
    }
}

/// Whether a marker name (the text after `+`) is a schema marker.
pub fn is_schema_marker(name: &str) -> bool {
    name.starts_with(PREFIX)
}

/// How many rules one field or type may carry: upstream's indexes are small; this bounds the
/// work a bad index could ask for.
const MAX_RULES: usize = 64;

/// Parses the schema markers of an item's outer doc comments, recording malformed ones.
pub fn parse(cx: &Ctxt, attrs: &[syn::Attribute]) -> SchemaMarkers {
    let mut out = SchemaMarkers::default();
    for a in attrs.iter().filter(|a| a.path().is_ident("doc")) {
        if matches!(a.style, syn::AttrStyle::Inner(_)) {
            continue;
        }
        let syn::Meta::NameValue(nv) = &a.meta else { continue };
        let syn::Expr::Lit(syn::ExprLit { lit: syn::Lit::Str(s), .. }) = &nv.value else { continue };
        for (line_idx, line) in s.value().lines().enumerate() {
            let trimmed = line.trim_start();
            let Some(marker) = trimmed.strip_prefix('+').filter(|m| is_schema_marker(m)) else { continue };
            let start = line.chars().count() - trimmed.chars().count() + 1;
            let span = a.span();
            if let Err(msg) = parse_line(&mut out, marker, Place { span, line: line_idx, column: start }) {
                cx.error_at(span, msg);
            }
        }
    }
    for r in &out.rules {
        if r.get("rule").is_none() {
            cx.error_at(
                r.place.span,
                format!("`+{PREFIX}cel[{}]` has no `rule`: add `+{PREFIX}cel[{}]:rule=\"…\"`", r.index, r.index),
            );
        }
    }
    out
}

/// One marker (the text after `+`), with `place` at its first character.
fn parse_line(out: &mut SchemaMarkers, marker: &str, place: Place) -> Result<(), String> {
    let body = &marker[PREFIX.len()..];
    // The key ends at the first `=` or `>`.
    let sep = body.find(['=', '>']).ok_or_else(|| format!("`+{marker}` needs a value: `+{PREFIX}maxLength=63`"))?;
    let (key, raw) = (body[..sep].trim(), body.as_bytes()[sep] == b'>');
    let after = &body[sep + 1..];
    let lead = after.chars().count() - after.trim_start().chars().count();
    let value_place =
        Place { column: place.column + PREFIX.chars().count() + body[..=sep].chars().count() + lead, ..place };
    let value = MarkerValue { text: after.trim().to_owned(), raw, place: value_place };
    if value.text.is_empty() {
        return Err(format!("`+{PREFIX}{key}` needs a value"));
    }
    if let Some(rest) = key.strip_prefix("cel[") {
        let (index, cel_key) =
            rest.split_once("]:").ok_or_else(|| format!("`+{PREFIX}{key}` is written `+{PREFIX}cel[0]:rule=\"…\"`"))?;
        let index: usize = index
            .parse()
            .ok()
            .filter(|i| *i < MAX_RULES)
            .ok_or_else(|| format!("`+{PREFIX}cel[{index}]`: the index is a number below {MAX_RULES}"))?;
        if !CEL_KEYS.contains(&cel_key) {
            return Err(format!(
                "unknown key `{cel_key}` of `+{PREFIX}cel[{index}]`; the keys are: {}",
                CEL_KEYS.join(", ")
            ));
        }
        let pos = match out.rules.binary_search_by_key(&index, |r| r.index) {
            Ok(p) => p,
            Err(p) => {
                out.rules.insert(p, CelMarkers { index, place, keys: Vec::new() });
                p
            }
        };
        let r = &mut out.rules[pos];
        if r.get(cel_key).is_some() {
            return Err(format!("`+{PREFIX}cel[{index}]:{cel_key}` is given twice"));
        }
        r.keys.push((cel_key.to_owned(), value));
        return Ok(());
    }
    let Some((name, kind)) = KEYWORDS.iter().find(|(k, _)| *k == key) else {
        return Err(format!(
            "unknown schema marker `+{PREFIX}{key}`; the known ones are: {}, cel[N]:{{{}}}",
            KEYWORDS.iter().map(|(k, _)| *k).collect::<Vec<_>>().join(", "),
            CEL_KEYS.join(",")
        ));
    };
    if raw && *kind != ValueKind::String {
        return Err(format!("`+{PREFIX}{name}` takes a JSON value after `=`, not raw text after `>`"));
    }
    if out.keywords.iter().any(|k| k.name == *name) {
        return Err(format!("`+{PREFIX}{name}` is given twice"));
    }
    out.keywords.push(Keyword { name: (*name).to_owned(), kind: *kind, value });
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse_doc(lines: &[&str]) -> (SchemaMarkers, Vec<String>) {
        let attrs: Vec<syn::Attribute> = lines.iter().map(|l| syn::parse_quote!(#[doc = #l])).collect();
        let cx = Ctxt::new();
        let m = parse(&cx, &attrs);
        let errs = cx.check().err().map(|e| e.into_iter().map(|e| e.to_string()).collect()).unwrap_or_default();
        (m, errs)
    }

    #[test]
    fn keywords_and_rules() {
        let (m, errs) = parse_doc(&[
            " +k8s:validation:maxLength=63",
            " +k8s:validation:pattern=\"^[a-z]+$\"",
            " +k8s:validation:cel[1]:rule>self.size() > 1",
            " +k8s:validation:cel[0]:rule=\"self == oldSelf\"",
            " +k8s:validation:cel[0]:message=\"immutable\"",
        ]);
        assert!(errs.is_empty(), "{errs:?}");
        assert_eq!(m.keywords.len(), 2);
        assert_eq!(m.keywords[0].value.text, "63");
        assert_eq!(m.rules.iter().map(|r| r.index).collect::<Vec<_>>(), [0, 1]);
        let rule1 = m.rules[1].get("rule").expect("rule");
        assert!(rule1.raw);
        assert_eq!(rule1.text, "self.size() > 1");
        // ` +k8s:validation:cel[1]:rule>` is the 29 characters before the value.
        assert_eq!(rule1.place.column, 29);
    }

    #[test]
    fn malformed_markers_are_errors() {
        for (line, want) in [
            (" +k8s:validation:maxLenght=3", "unknown schema marker"),
            (" +k8s:validation:cel[x]:rule=\"a\"", "the index is a number"),
            (" +k8s:validation:cel[0]:rules=\"a\"", "unknown key `rules`"),
            (" +k8s:validation:cel[0]:message=\"a\"", "has no `rule`"),
            (" +k8s:validation:minimum>3", "takes a JSON value"),
        ] {
            let (_, errs) = parse_doc(&[line]);
            assert!(errs.iter().any(|e| e.contains(want)), "{line}: {errs:?}");
        }
    }
}
