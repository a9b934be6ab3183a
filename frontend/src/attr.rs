//! Parsing of `#[kapi(...)]` attributes into typed type-level and field-level settings.

use proc_macro2::Span;
use syn::meta::ParseNestedMeta;

use crate::ctxt::Ctxt;
use crate::facts::{Granularity, ListType, PatchStrategy};
use crate::symbol::*;

/// Type-level settings.
#[derive(Debug, Clone, Default)]
pub struct TypeAttrs {
    /// `kind` or `kind = "Name"`: a top-level kind (the name defaults to the type's).
    pub kind: Option<(Option<String>, Span)>,
    /// `group = "admission.k8s.io"` (`""` for the core group).
    pub group: Option<(String, Span)>,
    /// `version = "v1"`.
    pub version: Option<(String, Span)>,
    /// `internal`: an internal (hub) type without wire tags.
    pub internal: Option<Span>,
    /// `proto_wrap`: a slice newtype that protobuf wraps in a message with `items = 1`.
    pub proto_wrap: Option<Span>,
    /// `json_only`: no protobuf form (custom resources); fields need no protobuf numbers.
    pub json_only: Option<Span>,
    /// `union`: the struct's fields are the members of a union.
    pub union: Option<Span>,
    /// `query_params`: an option kind that also travels as URL query parameters.
    pub query_params: Option<Span>,
    /// `struct_type = "atomic"`: apply replaces values of this type whole.
    pub struct_type: Option<(Granularity, Span)>,
    /// `custom_json`: the JSON codec is hand-written; fields carry JSON names only where upstream's
    /// fields have a `json` tag.
    pub custom_json: Option<Span>,
    /// `custom_fill`: the fixture fill is hand-written.
    pub custom_fill: Option<Span>,
    /// `proto_reserved(3, 7)`: the protobuf numbers of retired fields, in the order written, each
    /// with its span; no field may take one again.
    pub proto_reserved: Vec<(u32, Span)>,
}

impl TypeAttrs {
    /// Whether the type is internal.
    pub fn is_internal(&self) -> bool {
        self.internal.is_some()
    }
}

/// Field-level settings.
#[derive(Debug, Clone, Default)]
pub struct FieldAttrs {
    /// `json = "name"`.
    pub json: Option<(String, Span)>,
    /// `proto = N`.
    pub proto: Option<u32>,
    /// Where `proto` was written (its number, once parsed), even when the number was invalid,
    /// so a bad number is not also reported as missing.
    pub proto_span: Option<Span>,
    /// `omitempty` (Go's `,omitempty`): JSON leaves out `false`, `0`, `""`, `None` and empty
    /// lists and maps, never structs.
    pub omitempty: bool,
    /// `omitzero` (Go's `,omitzero`): JSON leaves out the zero value, all-zero structs and a zero
    /// `Time` included.
    pub omitzero: bool,
    /// `inline`: an embedded struct (Go's anonymous field): JSON flattens its fields into the
    /// parent, protobuf keeps it a nested message.
    pub inline: bool,
    /// `skip_json`: not in JSON (Go's `json:"-"`).
    pub skip_json: bool,
    /// `skip_proto`: not in protobuf (Go's `protobuf:"-"`), so the field needs no `proto` number.
    pub skip_proto: bool,
    /// `default = "<JSON literal>"`.
    pub default: Option<(String, Span)>,
    /// `proto_name = "Name"`: the protobuf field name, where it differs from the JSON name.
    pub proto_name: Option<(String, Span)>,
    /// `patch_strategy = "merge"`.
    pub patch_strategy: Option<(PatchStrategy, Span)>,
    /// `patch_merge_key = "name"`.
    pub patch_merge_key: Option<(String, Span)>,
    /// `list_type = "map"`.
    pub list_type: Option<(ListType, Span)>,
    /// `list_map_key = "name"`, in the order written.
    pub list_map_keys: Vec<(String, Span)>,
    /// `map_type = "atomic"`.
    pub map_type: Option<(Granularity, Span)>,
    /// `struct_type = "atomic"`.
    pub struct_type: Option<(Granularity, Span)>,
    /// `optional`.
    pub optional: Option<Span>,
    /// `required`.
    pub required: Option<Span>,
    /// `union_discriminator`.
    pub union_discriminator: Option<Span>,
    /// `skip_query`: not a query parameter of a `query_params` kind.
    pub skip_query: bool,
}

fn is_kapi(a: &syn::Attribute) -> bool {
    a.path().is_ident(KAPI)
}

fn key_of(meta: &ParseNestedMeta<'_>) -> String {
    meta.path
        .get_ident()
        .map(ToString::to_string)
        .unwrap_or_else(|| meta.path.segments.iter().map(|s| s.ident.to_string()).collect::<Vec<_>>().join("::"))
}

/// Consumes `= value` if present, so that parsing can go on after a bad key.
fn skip_value(meta: &ParseNestedMeta<'_>) -> syn::Result<()> {
    if meta.input.peek(syn::Token![=]) {
        meta.value()?.parse::<syn::Expr>()?;
    } else if meta.input.peek(syn::token::Paren) {
        let content;
        syn::parenthesized!(content in meta.input);
        content.parse::<proc_macro2::TokenStream>()?;
    }
    Ok(())
}

fn flag(cx: &Ctxt, meta: &ParseNestedMeta<'_>, slot: &mut bool, key: &str) -> syn::Result<()> {
    if meta.input.peek(syn::Token![=]) {
        cx.error_spanned_by(&meta.path, format!("`{key}` is a flag and takes no value"));
        skip_value(meta)?;
    }
    if *slot {
        cx.error_spanned_by(&meta.path, format!("duplicate `{key}` attribute"));
    }
    *slot = true;
    Ok(())
}

fn string_value(
    cx: &Ctxt,
    meta: &ParseNestedMeta<'_>,
    slot: &mut Option<(String, Span)>,
    key: &str,
) -> syn::Result<()> {
    let lit: syn::LitStr = meta
        .value()?
        .parse()
        .map_err(|e| syn::Error::new(e.span(), format!("`{key}` takes a string, e.g. {key} = \"...\"")))?;
    if slot.is_some() {
        cx.error_spanned_by(&meta.path, format!("duplicate `{key}` attribute"));
    }
    *slot = Some((lit.value(), lit.span()));
    Ok(())
}

/// A flag recorded with its span.
fn flag_at(cx: &Ctxt, meta: &ParseNestedMeta<'_>, slot: &mut Option<Span>, key: &str) -> syn::Result<()> {
    let mut seen = slot.is_some();
    flag(cx, meta, &mut seen, key)?;
    *slot = Some(meta.path.span());
    Ok(())
}

/// A string value that must be one of a fixed set of spellings.
fn enum_value<T>(
    cx: &Ctxt,
    meta: &ParseNestedMeta<'_>,
    slot: &mut Option<(T, Span)>,
    key: &str,
    names: &[&str],
    parse: fn(&str) -> Option<T>,
) -> syn::Result<()> {
    let mut raw = None;
    string_value(cx, meta, &mut raw, key)?;
    let Some((text, span)) = raw else { return Ok(()) };
    if slot.is_some() {
        cx.error_spanned_by(&meta.path, format!("duplicate `{key}` attribute"));
    }
    match parse(&text) {
        Some(v) => *slot = Some((v, span)),
        None => cx.error_at(
            span,
            format!(
                "`{key}` must be one of {}; found \"{text}\"",
                names.iter().map(|n| format!("\"{n}\"")).collect::<Vec<_>>().join(", ")
            ),
        ),
    }
    Ok(())
}

fn unknown_key(cx: &Ctxt, meta: &ParseNestedMeta<'_>, key: &str, valid: &[&str], place: &str) -> syn::Result<()> {
    let other = if valid == TYPE_KEYS { FIELD_KEYS } else { TYPE_KEYS };
    if other.contains(&key) {
        cx.error_spanned_by(
            &meta.path,
            format!(
                "`{key}` is not allowed on {place}; it belongs on {}",
                if place == "a type" { "a field" } else { "the type" }
            ),
        );
    } else {
        cx.error_spanned_by(
            &meta.path,
            format!("unknown kapi attribute `{key}`; expected one of: {}", valid.join(", ")),
        );
    }
    skip_value(meta)
}

/// Parses the type-level attributes, recording every problem.
pub fn parse_type_attrs(cx: &Ctxt, attrs: &[syn::Attribute]) -> TypeAttrs {
    let mut out = TypeAttrs::default();
    for a in attrs.iter().filter(|a| is_kapi(a)) {
        let r = a.parse_nested_meta(|meta| {
            let key = key_of(&meta);
            match key.as_str() {
                KIND => {
                    let name = if meta.input.peek(syn::Token![=]) {
                        let lit: syn::LitStr = meta.value()?.parse()?;
                        Some(lit.value())
                    } else {
                        None
                    };
                    if out.kind.is_some() {
                        cx.error_spanned_by(&meta.path, "duplicate `kind` attribute");
                    }
                    out.kind = Some((name, meta.path.span()));
                    Ok(())
                }
                GROUP => string_value(cx, &meta, &mut out.group, GROUP),
                VERSION => string_value(cx, &meta, &mut out.version, VERSION),
                INTERNAL => flag_at(cx, &meta, &mut out.internal, INTERNAL),
                PROTO_WRAP => flag_at(cx, &meta, &mut out.proto_wrap, PROTO_WRAP),
                JSON_ONLY => flag_at(cx, &meta, &mut out.json_only, JSON_ONLY),
                UNION => flag_at(cx, &meta, &mut out.union, UNION),
                QUERY_PARAMS => flag_at(cx, &meta, &mut out.query_params, QUERY_PARAMS),
                CUSTOM_JSON => flag_at(cx, &meta, &mut out.custom_json, CUSTOM_JSON),
                CUSTOM_FILL => flag_at(cx, &meta, &mut out.custom_fill, CUSTOM_FILL),
                STRUCT_TYPE => {
                    enum_value(cx, &meta, &mut out.struct_type, STRUCT_TYPE, Granularity::NAMES, Granularity::parse)
                }
                PROTO_RESERVED => proto_reserved(cx, &meta, &mut out.proto_reserved),
                _ => unknown_key(cx, &meta, &key, TYPE_KEYS, "a type"),
            }
        });
        if let Err(e) = r {
            cx.syn_error(e);
        }
    }
    out
}

/// `proto_reserved(3, 7)`: a parenthesised list of protobuf field numbers, each in range and listed once.
fn proto_reserved(cx: &Ctxt, meta: &ParseNestedMeta<'_>, slot: &mut Vec<(u32, Span)>) -> syn::Result<()> {
    let usage = "`proto_reserved` takes the retired numbers in parentheses, e.g. proto_reserved(3, 7)";
    if !meta.input.peek(syn::token::Paren) {
        return Err(syn::Error::new(meta.path.span(), usage));
    }
    let content;
    syn::parenthesized!(content in meta.input);
    let numbers = syn::punctuated::Punctuated::<syn::LitInt, syn::Token![,]>::parse_terminated(&content)
        .map_err(|e| syn::Error::new(e.span(), usage))?;
    if numbers.is_empty() {
        cx.error_spanned_by(&meta.path, usage);
    }
    for lit in numbers {
        match lit.base10_parse::<u32>() {
            Ok(n) if (1..=536_870_911).contains(&n) && !(19_000..=19_999).contains(&n) => {
                if slot.iter().any(|(seen, _)| *seen == n) {
                    cx.error_spanned_by(&lit, format!("protobuf number {n} is reserved twice; list it once"));
                } else {
                    slot.push((n, lit.span()));
                }
            }
            _ => cx.error_spanned_by(&lit, "protobuf field numbers run from 1 to 536870911, excluding 19000-19999"),
        }
    }
    Ok(())
}

/// Parses the field-level attributes, recording every problem.
pub fn parse_field_attrs(cx: &Ctxt, attrs: &[syn::Attribute]) -> FieldAttrs {
    let mut out = FieldAttrs::default();
    for a in attrs.iter().filter(|a| is_kapi(a)) {
        let r = a.parse_nested_meta(|meta| {
            let key = key_of(&meta);
            match key.as_str() {
                JSON => {
                    string_value(cx, &meta, &mut out.json, JSON)?;
                    if let Some((name, span)) = &out.json
                        && (name.is_empty() || name == "-" || name.contains(','))
                    {
                        cx.error_at(
                            *span,
                            "a JSON name must be non-empty and contain no comma; use `skip_json` to leave a field out",
                        );
                    }
                    Ok(())
                }
                PROTO => {
                    if out.proto_span.is_some() {
                        cx.error_spanned_by(&meta.path, "duplicate `proto` attribute");
                    }
                    // Recorded before the value is parsed, so a malformed number is not also
                    // reported as a missing one.
                    out.proto_span = Some(meta.path.span());
                    let lit: syn::LitInt = meta
                        .value()?
                        .parse()
                        .map_err(|e| syn::Error::new(e.span(), "`proto` takes a field number, e.g. proto = 3"))?;
                    match lit.base10_parse::<u32>() {
                        Ok(n) if (1..=536_870_911).contains(&n) && !(19_000..=19_999).contains(&n) => {
                            out.proto = Some(n)
                        }
                        _ => cx.error_spanned_by(
                            &lit,
                            "protobuf field numbers run from 1 to 536870911, excluding 19000-19999",
                        ),
                    }
                    out.proto_span = Some(lit.span());
                    Ok(())
                }
                OMITEMPTY => flag(cx, &meta, &mut out.omitempty, OMITEMPTY),
                OMITZERO => flag(cx, &meta, &mut out.omitzero, OMITZERO),
                INLINE => flag(cx, &meta, &mut out.inline, INLINE),
                SKIP_JSON => flag(cx, &meta, &mut out.skip_json, SKIP_JSON),
                SKIP_PROTO => flag(cx, &meta, &mut out.skip_proto, SKIP_PROTO),
                DEFAULT => string_value(cx, &meta, &mut out.default, DEFAULT),
                PROTO_NAME => {
                    string_value(cx, &meta, &mut out.proto_name, PROTO_NAME)?;
                    if let Some((name, span)) = &out.proto_name
                        && !name.chars().next().is_some_and(|c| c.is_ascii_alphabetic())
                            | !name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_')
                    {
                        cx.error_at(*span, "a protobuf field name is a letter followed by letters, digits or `_`");
                    }
                    Ok(())
                }
                PATCH_STRATEGY => enum_value(
                    cx,
                    &meta,
                    &mut out.patch_strategy,
                    PATCH_STRATEGY,
                    PatchStrategy::NAMES,
                    PatchStrategy::parse,
                ),
                PATCH_MERGE_KEY => string_value(cx, &meta, &mut out.patch_merge_key, PATCH_MERGE_KEY),
                LIST_TYPE => enum_value(cx, &meta, &mut out.list_type, LIST_TYPE, ListType::NAMES, ListType::parse),
                LIST_MAP_KEY => {
                    let mut one = None;
                    string_value(cx, &meta, &mut one, LIST_MAP_KEY)?;
                    if let Some((k, span)) = one {
                        if out.list_map_keys.iter().any(|(seen, _)| *seen == k) {
                            cx.error_at(span, format!("`list_map_key = \"{k}\"` is given twice"));
                        }
                        out.list_map_keys.push((k, span));
                    }
                    Ok(())
                }
                MAP_TYPE => enum_value(cx, &meta, &mut out.map_type, MAP_TYPE, Granularity::NAMES, Granularity::parse),
                STRUCT_TYPE => {
                    enum_value(cx, &meta, &mut out.struct_type, STRUCT_TYPE, Granularity::NAMES, Granularity::parse)
                }
                OPTIONAL => flag_at(cx, &meta, &mut out.optional, OPTIONAL),
                REQUIRED => flag_at(cx, &meta, &mut out.required, REQUIRED),
                UNION_DISCRIMINATOR => flag_at(cx, &meta, &mut out.union_discriminator, UNION_DISCRIMINATOR),
                SKIP_QUERY => flag(cx, &meta, &mut out.skip_query, SKIP_QUERY),
                _ => unknown_key(cx, &meta, &key, FIELD_KEYS, "a field"),
            }
        });
        if let Err(e) = r {
            cx.syn_error(e);
        }
    }
    out
}

use syn::spanned::Spanned;
