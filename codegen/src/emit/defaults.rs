//! defaulter-gen: for every package with a `+groupName=` marker, a `defaulters.rs` that applies defaults through every kind's object tree: for each type that needs it, the package's hand-written `set_defaults_<type>(obj: &mut Type)`, then the `#[kapi(default = "...")]` values of fields that are still zero, then the nested values (options, slices, maps). Each kind gets `set_object_defaults_<kind>`; `register_defaults` adds them to a scheme.

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

use heck::ToSnakeCase;
use kapi_frontend::diagnostics::Diagnostic;
use kapi_frontend::universe::{Convention, TypeEntry, Universe};
use kapi_frontend::{Body, Shape};
use quote::{format_ident, quote};

use super::{Emitted, Export, Plan, versioned_target as target_of};

/// A type as the defaulter tracks it: its package and name.
type Key = super::TypeKey;

/// The versioned types of group packages, which are the ones defaulted.
fn defaultable(u: &Universe) -> impl Iterator<Item = &TypeEntry> {
    super::versioned_types(u)
}

/// The types that need a walker: those with a hand-written defaulter or field defaults, and those
/// that hold such a type (in their own package or another), to a fixed point.
pub fn needs_defaulting(u: &Universe) -> BTreeSet<Key> {
    let mut needs: BTreeSet<Key> = BTreeSet::new();
    let hand: BTreeSet<Key> = u
        .hand_written
        .iter()
        .filter(|h| h.convention == Convention::Defaulter)
        .map(|h| (h.package.clone(), h.type_name.clone()))
        .collect();
    for t in defaultable(u) {
        let key = (t.package.clone(), t.name());
        if hand.contains(&key) || t.def.fields().iter().any(|f| f.attrs.default.is_some()) {
            needs.insert(key);
        }
    }
    // Each type's edges are resolved once, then the fixed point runs over plain keys.
    let edges: Vec<(Key, Vec<Key>)> = defaultable(u)
        .map(|t| {
            ((t.package.clone(), t.name()), t.def.fields().iter().filter_map(|f| target_of(u, t, &f.shape)).collect())
        })
        .collect();
    loop {
        let before = needs.len();
        for (key, targets) in &edges {
            if !needs.contains(key) && targets.iter().any(|k| needs.contains(k)) {
                needs.insert(key.clone());
            }
        }
        if needs.len() == before {
            return needs;
        }
    }
}

/// Writes `defaulters.rs` for each package that has anything to default.
pub fn generate(u: &Universe, plan: &Plan, out: &mut Emitted, diagnostics: &mut Vec<Diagnostic>) {
    for pkg in u.group_packages() {
        let types: Vec<&TypeEntry> = u.types_in(&pkg.rel).filter(|t| !t.def.attrs.is_internal()).collect();
        check_defaults(u, &types, diagnostics);
        let local: Vec<&TypeEntry> =
            types.iter().copied().filter(|t| plan.needs_defaulting.contains(&(pkg.rel.clone(), t.name()))).collect();
        if local.is_empty() {
            continue;
        }
        let hand: BTreeMap<String, syn::Path> =
            u.hand_written_in(&pkg.rel, Convention::Defaulter).map(|h| (h.type_name.clone(), h.path(u))).collect();
        let walkers = local.iter().map(|t| walker(u, t, &pkg.rel, &hand, &plan.needs_defaulting));
        let kinds: Vec<&&TypeEntry> = local.iter().filter(|t| t.def.attrs.kind.is_some()).collect();
        let lazy = super::where_used();
        let object_fns = kinds.iter().map(|t| {
            let name = t.name();
            let ty = u.item_path(t.file, &t.def.ident);
            let f = format_ident!("set_object_defaults_{}", name.to_snake_case());
            let w = format_ident!("default_{}", name.to_snake_case());
            let doc = format!(" Applies every default to a `{name}` and everything in it.");
            quote! {
                #[doc = #doc]
                #lazy
                pub fn #f(obj: &mut #ty) {
                    #w(obj);
                }
            }
        });
        let registrations = kinds.iter().map(|t| {
            let f = format_ident!("set_object_defaults_{}", t.name().to_snake_case());
            quote!(scheme.add_defaulting_func(#f);)
        });
        let doc = format!(" Defaulting for the kinds of `{}`.", pkg.rel.display());
        let file: syn::File = syn::parse_quote! {
            #![doc = #doc]

            use kapi_machinery::Scheme;

            /// Registers the defaulting function of every kind that has defaults.
            #lazy
            pub fn register_defaults(scheme: &mut Scheme) {
                #(#registrations)*
            }

            #(#object_fns)*

            #(#walkers)*
        };
        out.module(&pkg.rel, "defaulters", &file, Export::Glob, false, &[]);
    }
}

/// `default_<type>`: hand-written defaults, field defaults, then nested values. Values of another
/// package's type are handed to that package's `default_<type>`, which packages re-export with
/// `pub use defaulters::*`.
fn walker(
    u: &Universe,
    t: &TypeEntry,
    rel: &Path,
    hand: &BTreeMap<String, syn::Path>,
    needs: &BTreeSet<Key>,
) -> proc_macro2::TokenStream {
    let name = t.name();
    let lazy = super::where_used();
    let f = format_ident!("default_{}", name.to_snake_case());
    let ty = u.item_path(t.file, &t.def.ident);
    let call_hand = hand.get(&name).map(|p| quote!(#p(obj);));
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
            let Some(key) = target_of(u, t, &field.shape).filter(|k| needs.contains(k)) else { continue };
            let callee = format_ident!("default_{}", key.1.to_snake_case());
            // Another package's walker is reached through its re-exported generated code.
            let callee: syn::Path = if key.0 == rel {
                syn::parse_quote!(#callee)
            } else {
                let module = u.module_path(&key.0);
                syn::parse_quote!(#module::#callee)
            };
            nested.push(visit(&field.shape, quote!(&mut obj.#fid), quote!(obj.#fid), &callee));
        }
    }
    let doc = format!(" Applies the defaults of `{name}` and of everything it holds.");
    quote! {
        #[doc = #doc]
        #lazy
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
    walker: &syn::Path,
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
fn check_defaults(u: &Universe, types: &[&TypeEntry], diagnostics: &mut Vec<Diagnostic>) {
    for t in types {
        for f in t.def.fields() {
            let Some((lit, span)) = &f.attrs.default else { continue };
            let ty = quote::ToTokens::to_token_stream(&f.ty).to_string().replace(' ', "");
            let problem = match kapi_machinery::json::value::parse(lit.as_bytes()) {
                Err(e) => Some(format!("is not valid JSON: {e}")),
                Ok(v) => (!fits(u, t, &f.shape, &v)).then(|| format!("does not parse as the field's type `{ty}`")),
            };
            if let Some(problem) = problem {
                diagnostics.push(
                    Diagnostic::at(&u.file(t.file).path, *span, format!("the default `{lit}` of field `{}` {problem}", f.ident))
                        .note("write a JSON literal of the field's type, e.g. default = \"\\\"Fail\\\"\" for a string or default = \"30\" for an integer"),
                );
            }
        }
    }
}

/// Whether a JSON value has a form the shape accepts (types outside the tree accept any).
fn fits(u: &Universe, t: &TypeEntry, shape: &Shape, v: &kapi_machinery::json::Value) -> bool {
    use kapi_machinery::json::Value;
    match (shape, v) {
        (Shape::Option(inner) | Shape::Box(inner), v) => fits(u, t, inner, v),
        (Shape::String, Value::String(_)) | (Shape::Bool, Value::Bool(_)) | (Shape::Bytes, Value::String(_)) => true,
        (Shape::I32, Value::Number(n)) => n.parse::<i32>().is_ok(),
        (Shape::I64, Value::Number(n)) => n.parse::<i64>().is_ok(),
        (Shape::U32, Value::Number(n)) => n.parse::<u32>().is_ok(),
        (Shape::U64, Value::Number(n)) => n.parse::<u64>().is_ok(),
        (Shape::F32 | Shape::F64, Value::Number(n)) => n.parse::<f64>().is_ok(),
        (Shape::Vec(inner), Value::Array(items)) => items.iter().all(|i| fits(u, t, inner, i)),
        (Shape::Map(_, inner), Value::Object(members)) => members.iter().all(|(_, i)| fits(u, t, inner, i)),
        (Shape::Named(p), v) => match u.resolve_def(t.file, p).map(|id| &u.types[id]) {
            Some(target) => match &target.def.body {
                Body::Newtype(inner, _) => fits(u, target, inner, v),
                Body::Struct(_) => matches!(v, Value::Object(_)),
            },
            None => true,
        },
        _ => false,
    }
}
