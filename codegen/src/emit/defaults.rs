//! defaulter-gen: for every package with a `+groupName=` marker, a `defaulters.rs` that applies
//! defaults through every kind's object tree: for each type that needs it, the hand-written
//! `set_defaults_<type>(obj: &mut Type)` of the package (found by parsing its files), then the
//! `#[kapi(default = "...")]` values of fields that are still zero, then the nested values
//! (options, slices, maps). Each kind gets `set_object_defaults_<kind>`; `register_defaults` adds
//! them to a scheme.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

use heck::ToSnakeCase;
use kapi_frontend::{Body, Shape};
use quote::{format_ident, quote};

use crate::load::{Loaded, LoadedType, Package};
use crate::output::Outputs;

/// Writes `defaulters.rs` for each package that has anything to default; returns those packages.
pub fn generate(
    loaded: &Loaded,
    packages: &BTreeMap<PathBuf, Package>,
    outputs: &mut Outputs,
    diagnostics: &mut Vec<String>,
) -> BTreeSet<PathBuf> {
    let mut produced = BTreeSet::new();
    for (rel, pkg) in packages {
        if !pkg.markers.iter().any(|(k, _)| k == "groupName") {
            continue;
        }
        let types: BTreeMap<String, &LoadedType> = loaded
            .types
            .iter()
            .filter(|t| t.file.parent() == Some(pkg.dir.as_path()) && !t.def.attrs.is_internal())
            .map(|t| (t.def.ident.to_string(), t))
            .collect();
        let hand = hand_written(loaded, &pkg.dir, &types, diagnostics);
        check_defaults(&types, diagnostics);
        let needs = needs_defaulting(&types, &hand);
        if needs.is_empty() {
            continue;
        }
        let walkers = needs.iter().map(|name| walker(name, types[name], &types, &needs, &hand));
        let kinds: Vec<&String> = needs.iter().filter(|n| types[*n].def.attrs.kind.is_some()).collect();
        let object_fns = kinds.iter().map(|name| {
            let ty = type_path(types[*name]);
            let f = format_ident!("set_object_defaults_{}", name.to_snake_case());
            let w = format_ident!("default_{}", name.to_snake_case());
            let doc = format!(" Applies every default to a `{name}` and everything in it.");
            quote! {
                #[doc = #doc]
                pub fn #f(obj: &mut #ty) {
                    #w(obj);
                }
            }
        });
        let registrations = kinds.iter().map(|name| {
            let f = format_ident!("set_object_defaults_{}", name.to_snake_case());
            quote!(scheme.add_defaulting_func(#f);)
        });
        let doc = format!(" Defaulting for the kinds of `{}`.", rel.display());
        let file: syn::File = syn::parse_quote! {
            #![doc = #doc]

            use kapi_machinery::Scheme;

            /// Registers the defaulting function of every kind that has defaults.
            pub fn register_defaults(scheme: &mut Scheme) {
                #(#registrations)*
            }

            #(#object_fns)*

            #(#walkers)*
        };
        outputs.insert(rel.join("defaulters.rs"), super::render_rust(&file));
        produced.insert(rel.clone());
    }
    produced
}

/// The hand-written `set_defaults_<type>` functions of a package, by type name, each checked
/// against the convention `pub fn set_defaults_<type>(obj: &mut Type)`.
fn hand_written(
    loaded: &Loaded,
    dir: &Path,
    types: &BTreeMap<String, &LoadedType>,
    diagnostics: &mut Vec<String>,
) -> BTreeMap<String, syn::Path> {
    let by_snake: BTreeMap<String, &String> = types.keys().map(|k| (k.to_snake_case(), k)).collect();
    let mut out = BTreeMap::new();
    for f in loaded.defaulters.iter().filter(|f| f.file.parent() == Some(dir)) {
        let name = f.def.ident.to_string();
        let start = f.def.ident.span().start();
        let at = format!("{}:{}:{}", f.file.display(), start.line, start.column + 1);
        let snake = name.trim_start_matches("set_defaults_");
        let Some(ty) = by_snake.get(snake) else {
            diagnostics.push(format!(
                "error: `{name}` names no type of this package\n  --> {at}\n  = note: hand-written defaulters are named `set_defaults_<type in snake case>`\n"
            ));
            continue;
        };
        let takes_mut_ty = matches!(&f.def.inputs[..], [syn::Type::Reference(r)]
            if r.mutability.is_some()
                && matches!(&*r.elem, syn::Type::Path(p) if p.path.segments.last().is_some_and(|s| s.ident == ty.as_str())));
        if !takes_mut_ty || f.def.has_output || !f.def.is_pub {
            diagnostics.push(format!(
                "error: hand-written defaulter `{name}` has the wrong signature\n  --> {at}\n  = note: write it as `pub fn {name}(obj: &mut {ty})`\n"
            ));
            continue;
        }
        let stem = f.file.file_stem().and_then(|s| s.to_str()).unwrap_or_default();
        let ident = &f.def.ident;
        let path: syn::Path = if stem == "mod" {
            syn::parse_quote!(super::#ident)
        } else {
            let m = format_ident!("{}", stem);
            syn::parse_quote!(super::#m::#ident)
        };
        out.insert((*ty).clone(), path);
    }
    out
}

/// The package-local type a shape leads to, through options, boxes, slices and map values.
fn local_type<'a>(shape: &'a Shape, types: &BTreeMap<String, &LoadedType>) -> Option<&'a syn::Ident> {
    match shape {
        Shape::Option(s) | Shape::Box(s) | Shape::Vec(s) | Shape::Map(_, s) => local_type(s, types),
        Shape::Named(p) if p.segments.len() == 1 => {
            let id = &p.segments[0].ident;
            types.contains_key(&id.to_string()).then_some(id)
        }
        _ => None,
    }
}

/// The types that need a walker: those with a hand-written defaulter or field defaults, and those
/// that hold such a type, to a fixed point.
fn needs_defaulting(types: &BTreeMap<String, &LoadedType>, hand: &BTreeMap<String, syn::Path>) -> BTreeSet<String> {
    let mut needs: BTreeSet<String> = types
        .iter()
        .filter(|(name, t)| hand.contains_key(*name) || t.def.fields().iter().any(|f| f.attrs.default.is_some()))
        .map(|(name, _)| name.clone())
        .collect();
    loop {
        let before = needs.len();
        for (name, t) in types {
            if t.def
                .fields()
                .iter()
                .any(|f| local_type(&f.shape, types).is_some_and(|id| needs.contains(&id.to_string())))
            {
                needs.insert(name.clone());
            }
        }
        if needs.len() == before {
            return needs;
        }
    }
}

fn type_path(t: &LoadedType) -> syn::Path {
    let ident = &t.def.ident;
    let stem = t.file.file_stem().and_then(|s| s.to_str()).unwrap_or_default();
    if stem == "mod" {
        syn::parse_quote!(super::#ident)
    } else {
        let m = format_ident!("{}", stem);
        syn::parse_quote!(super::#m::#ident)
    }
}

/// `default_<type>`: hand-written defaults, field defaults, then nested values.
fn walker(
    name: &str,
    t: &LoadedType,
    types: &BTreeMap<String, &LoadedType>,
    needs: &BTreeSet<String>,
    hand: &BTreeMap<String, syn::Path>,
) -> proc_macro2::TokenStream {
    let f = format_ident!("default_{}", name.to_snake_case());
    let ty = type_path(t);
    let call_hand = hand.get(name).map(|p| quote!(#p(obj);));
    let mut field_defaults = Vec::new();
    let mut nested = Vec::new();
    if let Body::Struct(fields) = &t.def.body {
        for field in fields {
            let fid = &field.ident;
            if let Some((lit, _)) = &field.attrs.default {
                let lit = proc_macro2::Literal::byte_string(lit.as_bytes());
                field_defaults.push(quote! {
                    if kapi_machinery::JsonEncode::is_json_zero(&obj.#fid) {
                        obj.#fid = kapi_machinery::json::from_slice(#lit)
                            .expect("the generator checked that the default parses as the field's type");
                    }
                });
            }
            if let Some(id) = local_type(&field.shape, types)
                && needs.contains(&id.to_string())
            {
                let w = format_ident!("default_{}", id.to_string().to_snake_case());
                nested.push(visit(&field.shape, quote!(&mut obj.#fid), quote!(obj.#fid), &w));
            }
        }
    }
    let doc = format!(" Applies the defaults of `{name}` and of everything it holds.");
    quote! {
        #[doc = #doc]
        pub fn #f(obj: &mut #ty) {
            #call_hand
            #(#field_defaults)*
            #(#nested)*
        }
    }
}

/// Code that calls `walker` on every value of the given shape: `by_ref` is a `&mut` expression for
/// it and `place` the place itself (the same binding for nested values); boxes are reached through
/// deref coercion.
fn visit(
    shape: &Shape,
    by_ref: proc_macro2::TokenStream,
    place: proc_macro2::TokenStream,
    walker: &syn::Ident,
) -> proc_macro2::TokenStream {
    match shape {
        Shape::Option(inner) => {
            let body = visit(inner, quote!(v), quote!(v), walker);
            quote!(if let Some(v) = #by_ref { #body })
        }
        Shape::Vec(inner) => {
            let body = visit(inner, quote!(v), quote!(v), walker);
            quote!(for v in #by_ref { #body })
        }
        Shape::Map(_, inner) => {
            let body = visit(inner, quote!(v), quote!(v), walker);
            quote!(for v in #place.values_mut() { #body })
        }
        _ => quote!(#walker(#by_ref);),
    }
}

/// Every `default` value must parse as JSON of a form its field's type can hold.
fn check_defaults(types: &BTreeMap<String, &LoadedType>, diagnostics: &mut Vec<String>) {
    for t in types.values() {
        for f in t.def.fields() {
            let Some((lit, span)) = &f.attrs.default else { continue };
            let ty = quote::ToTokens::to_token_stream(&f.ty).to_string().replace(' ', "");
            let problem = match kapi_machinery::json::value::parse(lit.as_bytes()) {
                Err(e) => Some(format!("is not valid JSON: {e}")),
                Ok(v) => (!fits(&f.shape, &v, types)).then(|| format!("does not parse as the field's type `{ty}`")),
            };
            if let Some(problem) = problem {
                let start = span.start();
                diagnostics.push(format!(
                    "error: the default `{lit}` of field `{}` {problem}\n  --> {}:{}:{}\n  = note: write a JSON literal of the field's type, e.g. default = \"\\\"Fail\\\"\" for a string or default = \"30\" for an integer\n",
                    f.ident,
                    t.file.display(),
                    start.line,
                    start.column + 1
                ));
            }
        }
    }
}

/// Whether a JSON value has a form the shape accepts (named types outside the package accept any).
fn fits(shape: &Shape, v: &kapi_machinery::json::Value, types: &BTreeMap<String, &LoadedType>) -> bool {
    use kapi_machinery::json::Value;
    match (shape, v) {
        (Shape::Option(inner) | Shape::Box(inner), v) => fits(inner, v, types),
        (Shape::String, Value::String(_)) | (Shape::Bool, Value::Bool(_)) | (Shape::Bytes, Value::String(_)) => true,
        (Shape::I32, Value::Number(n)) => n.parse::<i32>().is_ok(),
        (Shape::I64, Value::Number(n)) => n.parse::<i64>().is_ok(),
        (Shape::U32, Value::Number(n)) => n.parse::<u32>().is_ok(),
        (Shape::U64, Value::Number(n)) => n.parse::<u64>().is_ok(),
        (Shape::F32 | Shape::F64, Value::Number(n)) => n.parse::<f64>().is_ok(),
        (Shape::Vec(inner), Value::Array(items)) => items.iter().all(|i| fits(inner, i, types)),
        (Shape::Map(_, inner), Value::Object(members)) => members.iter().all(|(_, i)| fits(inner, i, types)),
        (Shape::Named(p), v) => match p.segments.last().and_then(|s| types.get(&s.ident.to_string())) {
            Some(t) => match &t.def.body {
                Body::Newtype(inner, _) => fits(inner, v, types),
                Body::Struct(_) => matches!(v, Value::Object(_)),
            },
            None => true,
        },
        _ => false,
    }
}
