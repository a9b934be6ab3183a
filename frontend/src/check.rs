//! Checks across a type's attributes and fields, run after the model is built.

use std::collections::BTreeMap;

use crate::ctxt::Ctxt;
use crate::facts::{ListType, PatchStrategy};
use crate::model::{Body, Field, Shape, TypeDef};

/// Checks one type definition, recording every problem.
pub fn check_type(cx: &Ctxt, def: &TypeDef) {
    check_kind_attrs(cx, def);
    match &def.body {
        Body::Newtype(shape, ty) => {
            if let Some((_, span)) = def.attrs.proto_reserved.first() {
                cx.error_at(*span, "`proto_reserved` applies to structs, whose fields have protobuf numbers");
            }
            if let Some(span) = def.attrs.proto_wrap
                && !matches!(**shape, Shape::Vec(_))
            {
                cx.error_at(span, "`proto_wrap` applies to a newtype over a `Vec`");
            }
            if def.attrs.kind.is_some() {
                cx.error_spanned_by(&def.ident, "a kind must be a struct with named fields");
            }
            if matches!(**shape, Shape::Option(_)) {
                cx.error_spanned_by(ty, "a newtype cannot wrap an `Option`; make the field that uses it optional");
            }
        }
        Body::Struct(_) => {
            if let Some(span) = def.attrs.proto_wrap {
                cx.error_at(span, "`proto_wrap` applies to a newtype over a `Vec`");
            }
            check_fields(cx, def);
        }
    }
}

fn check_kind_attrs(cx: &Ctxt, def: &TypeDef) {
    let a = &def.attrs;
    if let (Some(span), Some(_)) = (a.json_only, a.internal) {
        cx.error_at(span, "an internal type has no wire form at all; remove `json_only`");
    }
    if let (Some(span), Some(_)) = (a.custom_json, a.internal) {
        cx.error_at(span, "an internal type has no wire form at all; remove `custom_json`");
    }
    if let (Some(span), Some(_)) = (a.custom_json, &a.kind) {
        cx.error_at(
            span,
            "a kind's JSON form is derived, since it carries `kind` and `apiVersion`; put `custom_json` on the types inside it",
        );
    }
    if let (Some(span), Body::Newtype(..)) = (a.union, &def.body) {
        cx.error_at(span, "`union` applies to a struct whose fields are the union's members");
    }
    if let Some(span) = a.query_params
        && a.kind.is_none()
    {
        cx.error_at(span, "`query_params` applies to option kinds (`kind`), which travel as URL query parameters");
    }
    match &a.kind {
        Some((_, span)) => {
            if a.group.is_none() {
                cx.error_at(*span, "a kind needs its API group: add `group = \"...\"` (`\"\"` for the core group)");
            }
            if a.version.is_none() && !a.is_internal() {
                cx.error_at(*span, "a kind needs its version: add `version = \"v1\"` (or mark the type `internal`)");
            }
        }
        None => {
            for (attr, name) in [(&a.group, "group"), (&a.version, "version")] {
                if let Some((_, span)) = attr {
                    cx.error_at(*span, format!("`{name}` only applies to kinds; add `kind` or remove `{name}`"));
                }
            }
        }
    }
    if let (Some(_), Some((_, vspan))) = (a.internal, &a.version) {
        cx.error_at(*vspan, "an internal type has no version; remove `version`");
    }
}

/// A feature-gated field is cleared while its gate is off, so it needs an unset value the wire
/// tells apart from a set one: `None`, an empty list or map, or the zero value of an
/// `omitempty` scalar. A `#[kapi(required)]` field may be gated (upstream gates some) as long as
/// it can be cleared; validation then reports it missing.
fn check_feature_gate(cx: &Ctxt, def: &TypeDef, f: &Field) {
    let Some(gate) = &f.feature_gate else { return };
    let scalar = matches!(
        f.shape,
        Shape::String | Shape::Bool | Shape::I32 | Shape::I64 | Shape::U32 | Shape::U64 | Shape::F32 | Shape::F64
    );
    let clearable = match &f.shape {
        Shape::Option(_) | Shape::Vec(_) | Shape::Map(..) | Shape::Bytes => true,
        _ => scalar && (f.attrs.omitempty || f.attrs.omitzero),
    };
    if clearable {
        return;
    }
    let ty = quote::ToTokens::to_token_stream(&f.ty).to_string().replace(' ', "");
    let why = if f.attrs.required.is_some() { "is required and " } else { "" };
    let or_omitempty = if scalar { " or mark it `#[kapi(omitempty)]`" } else { "" };
    cx.error_at(
        gate.span,
        format!(
            "feature-gated field `{}` of `{}` {why}cannot be cleared while `{}` is off: `{ty}` has no unset value; make it `Option<{ty}>` with `#[kapi(optional)]`{or_omitempty}",
            f.ident, def.ident, gate.value
        ),
    );
}

fn check_fields(cx: &Ctxt, def: &TypeDef) {
    let fields = def.fields();
    let internal = def.attrs.is_internal();
    let mut by_number: BTreeMap<u32, &str> = BTreeMap::new();
    let mut by_json: BTreeMap<&str, String> = BTreeMap::new();
    let reserved = &def.attrs.proto_reserved;
    // A retired number is never handed out again: the next free number is past the reserved ones
    // too, so removing the last field and adding another does not reuse its number.
    let max_number =
        fields.iter().filter_map(|f| f.attrs.proto).chain(reserved.iter().map(|(n, _)| *n)).max().unwrap_or(0);
    let mut next_free = max_number + 1;
    if let Some((_, span)) = reserved.first() {
        if internal {
            cx.error_at(*span, format!("internal type `{}` has no protobuf form; remove `proto_reserved`", def.ident));
        } else if def.attrs.json_only.is_some() {
            cx.error_at(*span, format!("`{}` is `json_only`, so it has no protobuf numbers to reserve", def.ident));
        }
    }
    for f in fields {
        let name = f.ident.to_string();
        check_schema_facts(cx, def, f);
        check_feature_gate(cx, def, f);
        if internal {
            if let Some(span) = f.attrs.proto_span {
                cx.error_at(
                    span,
                    format!(
                        "field `{name}` of internal type `{}` has a protobuf number; internal types carry no wire tags",
                        def.ident
                    ),
                );
            }
            if let Some((_, span)) = &f.attrs.json {
                cx.error_at(
                    *span,
                    format!(
                        "field `{name}` of internal type `{}` has a JSON name; internal types carry no wire tags",
                        def.ident
                    ),
                );
            }
            continue;
        }
        // A kind cannot be `custom_json` at all, which is reported once for the type.
        if def.attrs.custom_json.is_some() && def.attrs.kind.is_none() {
            for (set, key) in
                [(f.attrs.omitempty, "omitempty"), (f.attrs.omitzero, "omitzero"), (f.attrs.inline, "inline")]
            {
                if set {
                    cx.error_spanned_by(
                        &f.ident,
                        format!(
                            "`{key}` on field `{name}` means nothing: the JSON form of `{}` is hand-written (`custom_json`); remove it",
                            def.ident
                        ),
                    );
                }
            }
        }
        if f.attrs.inline && !f.shape.is_named() {
            cx.error_spanned_by(&f.ty, format!("`inline` field `{name}` must be a struct type"));
        }
        if f.attrs.skip_json && (f.attrs.omitempty || f.attrs.omitzero) {
            cx.error_spanned_by(
                &f.ident,
                format!("field `{name}` is left out of JSON, so `omitempty`/`omitzero` mean nothing; remove them"),
            );
        }
        if let Some((_, span)) = &f.attrs.proto_name
            && f.attrs.proto_span.is_none()
        {
            cx.error_at(*span, format!("field `{name}` has a protobuf name but no protobuf number"));
        }
        if f.attrs.skip_proto && f.attrs.proto.is_some() {
            cx.error_spanned_by(
                &f.ident,
                format!("field `{name}` has both `skip_proto` and a protobuf number; keep one"),
            );
        }
        if let Some((v, span)) = &f.attrs.default
            && v.trim().is_empty()
        {
            cx.error_at(
                *span,
                format!("the default of field `{name}` is empty; write a JSON literal such as \"Fail\" or 30"),
            );
        }
        if let (Some(span), Some(_)) = (f.attrs.proto_span, def.attrs.json_only) {
            cx.error_at(span, format!("field `{name}` has a protobuf number, but `{}` is `json_only`", def.ident));
        }
        match f.attrs.proto {
            Some(n) if reserved.iter().any(|(r, _)| *r == n) => {
                cx.error_at(
                    f.attrs.proto_span.unwrap_or(f.span),
                    format!(
                        "field `{name}` takes protobuf number {n}, which `{}` reserves for a retired field; use the next free number, {next_free}",
                        def.ident
                    ),
                );
                next_free += 1;
            }
            Some(n) => {
                if let Some(prev) = by_number.insert(n, f.json_name.as_str()) {
                    cx.error_at(
                        f.attrs.proto_span.unwrap_or(f.span),
                        format!("field `{name}` reuses protobuf number {n} of field `{prev}` in `{}`; the next free number is {next_free}", def.ident),
                    );
                    next_free += 1;
                }
            }
            None if def.attrs.json_only.is_some() => {}
            None if !f.attrs.skip_proto && !f.is_type_meta() && f.attrs.proto_span.is_none() => {
                cx.error_spanned_by(
                    &f.ident,
                    format!(
                        "field `{name}` of `{}` has no protobuf number; add `#[kapi(proto = {next_free})]` (the next free number) or `#[kapi(skip_proto)]`",
                        def.ident
                    ),
                );
                next_free += 1;
            }
            None => {}
        }
        if !f.attrs.inline
            && f.in_json()
            && f.json_tagged
            && let Some(prev) = by_json.insert(f.json_name.as_str(), name.clone())
        {
            cx.error_spanned_by(
                &f.ident,
                format!("field `{name}` has the JSON name `{}` that field `{prev}` already uses", f.json_name),
            );
        }
    }
}

/// The schema facts of one field: each applies to the shapes it can describe, and they agree with
/// each other (a merge key needs the merge strategy, map keys need a map list, …).
fn check_schema_facts(cx: &Ctxt, def: &TypeDef, f: &Field) {
    let a = &f.attrs;
    let name = f.ident.to_string();
    let shape = f.shape.peeled();
    let list_item = match shape {
        Shape::Vec(item) => Some(item.peeled()),
        _ => None,
    };
    if let Some((strategy, span)) = &a.patch_strategy {
        if strategy.merges() && !matches!(shape, Shape::Vec(_) | Shape::Map(..) | Shape::Named(_)) {
            cx.error_at(*span, format!("field `{name}` is not a list, map or struct, so `patch_strategy = \"{strategy}\"` has nothing to merge"));
        }
        if *strategy == PatchStrategy::RetainKeys && !shape.is_named() {
            cx.error_at(
                *span,
                format!("`patch_strategy = \"retainKeys\"` applies to struct fields; `{name}` is not one"),
            );
        }
    }
    if let Some((key, span)) = &a.patch_merge_key {
        if !a.patch_strategy.as_ref().is_some_and(|(s, _)| s.merges()) {
            cx.error_at(
                *span,
                format!("field `{name}` has a merge key but no merge strategy; add `patch_strategy = \"merge\"`"),
            );
        }
        if !list_item.is_some_and(Shape::is_named) {
            cx.error_at(
                *span,
                format!("`patch_merge_key = \"{key}\"` applies to a list of structs; `{name}` is not one"),
            );
        }
    }
    if let Some((list_type, span)) = &a.list_type {
        match list_item {
            // Upstream marks `[]byte` fields `+listType=atomic`: a byte string is replaced whole.
            None if *list_type == ListType::Atomic && matches!(shape, Shape::Bytes) => {}
            None => cx.error_at(*span, format!("`list_type` applies to lists; field `{name}` is not a `Vec`")),
            Some(item) => {
                if *list_type == ListType::Map && !item.is_named() {
                    cx.error_at(
                        *span,
                        format!("`list_type = \"map\"` needs a list of structs; the items of `{name}` are not structs"),
                    );
                }
                if *list_type == ListType::Map && a.list_map_keys.is_empty() {
                    cx.error_at(
                        *span,
                        format!("`list_type = \"map\"` needs its keys: add `list_map_key = \"...\"` to `{name}`"),
                    );
                }
            }
        }
    }
    if let Some((_, span)) = a.list_map_keys.first()
        && !a.list_type.as_ref().is_some_and(|(t, _)| *t == ListType::Map)
    {
        cx.error_at(*span, format!("`list_map_key` needs `list_type = \"map\"` on field `{name}`"));
    }
    if let Some((_, span)) = &a.map_type
        && !matches!(shape, Shape::Map(..))
    {
        cx.error_at(*span, format!("`map_type` applies to maps; field `{name}` is not a `BTreeMap`"));
    }
    if let Some((_, span)) = &a.struct_type
        && !shape.is_named()
    {
        cx.error_at(*span, format!("`struct_type` applies to struct fields; field `{name}` is not one"));
    }
    if let (Some(_), Some(span)) = (a.optional, a.required) {
        cx.error_at(span, format!("field `{name}` is marked both `optional` and `required`; keep one"));
    }
    if a.skip_query && def.attrs.query_params.is_none() {
        cx.error_spanned_by(
            &f.ident,
            format!("`skip_query` applies to fields of `query_params` kinds; `{}` is not one", def.ident),
        );
    }
    if let Some(span) = a.union_discriminator
        && def.attrs.union.is_none()
    {
        cx.error_at(span, format!("`union_discriminator` needs `#[kapi(union)]` on `{}`", def.ident));
    }
}
