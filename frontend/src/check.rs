//! Checks across a type's attributes and fields, run after the model is built.

use std::collections::BTreeMap;

use crate::ctxt::Ctxt;
use crate::model::{Body, Shape, TypeDef};

/// Checks one type definition, recording every problem.
pub fn check_type(cx: &Ctxt, def: &TypeDef) {
    check_kind_attrs(cx, def);
    match &def.body {
        Body::Newtype(shape, ty) => {
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

fn check_fields(cx: &Ctxt, def: &TypeDef) {
    let fields = def.fields();
    let internal = def.attrs.is_internal();
    let mut by_number: BTreeMap<u32, &str> = BTreeMap::new();
    let mut by_json: BTreeMap<&str, String> = BTreeMap::new();
    let max_number = fields.iter().filter_map(|f| f.attrs.proto).max().unwrap_or(0);
    let mut next_free = max_number + 1;
    for f in fields {
        let name = f.ident.to_string();
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
        match f.attrs.proto {
            Some(n) => {
                if let Some(prev) = by_number.insert(n, f.json_name.as_str()) {
                    cx.error_at(
                        f.attrs.proto_span.unwrap_or(f.span),
                        format!("field `{name}` reuses protobuf number {n} of field `{prev}` in `{}`; the next free number is {next_free}", def.ident),
                    );
                    next_free += 1;
                }
            }
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
            && let Some(prev) = by_json.insert(f.json_name.as_str(), name.clone())
        {
            cx.error_spanned_by(
                &f.ident,
                format!("field `{name}` has the JSON name `{}` that field `{prev}` already uses", f.json_name),
            );
        }
    }
}
