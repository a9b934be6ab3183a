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

/// What the defaulter knows of one package.
struct Pkg<'a> {
    types: BTreeMap<String, &'a LoadedType>,
    hand: BTreeMap<String, syn::Path>,
    /// Aliases of types in other packages: alias name to (package, type name, package module path).
    aliases: BTreeMap<String, (PathBuf, String, syn::Path)>,
}

/// A type as the defaulter tracks it: its package and name.
type Key = (PathBuf, String);

/// Writes `defaulters.rs` for each package that has anything to default; returns those packages.
/// With `outputs` of `None`, only works out which packages get output (for the generators that
/// depend on it), without rendering.
pub fn generate(
    loaded: &Loaded,
    packages: &BTreeMap<PathBuf, Package>,
    mut outputs: Option<&mut Outputs>,
    diagnostics: &mut Vec<String>,
) -> BTreeSet<PathBuf> {
    let mut pkgs: BTreeMap<PathBuf, Pkg<'_>> = BTreeMap::new();
    for (rel, pkg) in packages.iter().filter(|(_, p)| p.markers.iter().any(|(k, _)| k == "groupName")) {
        let types: BTreeMap<String, &LoadedType> = loaded
            .types_in(&pkg.dir)
            .filter(|t| !t.def.attrs.is_internal())
            .map(|t| (t.def.ident.to_string(), t))
            .collect();
        let hand = hand_written(loaded, &pkg.dir, &types, diagnostics);
        check_defaults(&types, diagnostics);
        let aliases = loaded
            .aliases
            .iter()
            .filter(|(file, _, _)| file.parent() == Some(pkg.dir.as_path()))
            .filter_map(|(_, alias, target)| resolve_crate_path(target).map(|(r, t, m)| (alias.to_string(), (r, t, m))))
            .collect();
        pkgs.insert(rel.clone(), Pkg { types, hand, aliases });
    }
    let needs = needs_defaulting(&pkgs);
    let mut produced = BTreeSet::new();
    for (rel, pkg) in &pkgs {
        let local: Vec<&String> = pkg.types.keys().filter(|n| needs.contains(&(rel.clone(), (*n).clone()))).collect();
        if local.is_empty() {
            continue;
        }
        if outputs.is_none() {
            // Only which packages have defaulters is wanted.
            produced.insert(rel.clone());
            continue;
        }
        let walkers = local.iter().map(|name| walker(name, rel, pkg, &needs));
        let kinds: Vec<&&String> = local.iter().filter(|n| pkg.types[**n].def.attrs.kind.is_some()).collect();
        let object_fns = kinds.iter().map(|name| {
            let ty = type_path(pkg.types[**name]);
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
        let file = quote! {
            #![doc = #doc]

            use kapi_machinery::Scheme;

            /// Registers the defaulting function of every kind that has defaults.
            pub fn register_defaults(scheme: &mut Scheme) {
                #(#registrations)*
            }

            #(#object_fns)*

            #(#walkers)*
        };
        if let Some(outputs) = outputs.as_deref_mut() {
            match syn::parse2::<syn::File>(file) {
                Ok(file) => {
                    outputs.insert(rel.join("defaulters.rs"), super::render_rust(&file));
                }
                Err(e) => diagnostics.push(format!("error: internal: generated defaulters do not parse: {e}\n")),
            }
        }
        produced.insert(rel.clone());
    }
    produced
}

/// `crate::a::b::T` names type `T` of package `a/b`, whose module is `crate::a::b`.
pub(crate) fn resolve_crate_path(path: &syn::Path) -> Option<(PathBuf, String, syn::Path)> {
    let segs: Vec<&syn::Ident> = path.segments.iter().map(|s| &s.ident).collect();
    let (first, rest) = segs.split_first()?;
    let (last, dirs) = rest.split_last()?;
    if *first != "crate" || dirs.is_empty() {
        return None;
    }
    let rel: PathBuf = dirs.iter().map(|d| d.to_string()).collect();
    let module: syn::Path = syn::parse_quote!(crate #(::#dirs)*);
    Some((rel, last.to_string(), module))
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
        out.insert((*ty).clone(), super::item_path(&f.file, &f.def.ident));
    }
    out
}

/// The type a shape leads to (through options, boxes, slices and map values), if it is a type of
/// this package or an alias of one in another package.
fn target_of(shape: &Shape, rel: &Path, pkg: &Pkg<'_>) -> Option<Key> {
    match shape {
        Shape::Option(s) | Shape::Box(s) | Shape::Vec(s) | Shape::Map(_, s) => target_of(s, rel, pkg),
        Shape::Named(p) if p.segments.len() == 1 => {
            let id = p.segments[0].ident.to_string();
            if pkg.types.contains_key(&id) {
                Some((rel.to_path_buf(), id))
            } else {
                pkg.aliases.get(&id).map(|(r, t, _)| (r.clone(), t.clone()))
            }
        }
        _ => None,
    }
}

/// The types that need a walker: those with a hand-written defaulter or field defaults, and those
/// that hold such a type (in their own package or, through an alias, in another), to a fixed point.
fn needs_defaulting(pkgs: &BTreeMap<PathBuf, Pkg<'_>>) -> BTreeSet<Key> {
    let mut needs: BTreeSet<Key> = BTreeSet::new();
    for (rel, pkg) in pkgs {
        for (name, t) in &pkg.types {
            if pkg.hand.contains_key(name) || t.def.fields().iter().any(|f| f.attrs.default.is_some()) {
                needs.insert((rel.clone(), name.clone()));
            }
        }
    }
    loop {
        let before = needs.len();
        for (rel, pkg) in pkgs {
            for (name, t) in &pkg.types {
                if t.def.fields().iter().any(|f| target_of(&f.shape, rel, pkg).is_some_and(|k| needs.contains(&k))) {
                    needs.insert((rel.clone(), name.clone()));
                }
            }
        }
        if needs.len() == before {
            return needs;
        }
    }
}

fn type_path(t: &LoadedType) -> syn::Path {
    super::item_path(&t.file, &t.def.ident)
}

/// `default_<type>`: hand-written defaults, field defaults, then nested values. Values of another
/// package's type are handed to that package's `default_<type>`, which packages re-export with
/// `pub use defaulters::*`.
fn walker(name: &str, rel: &Path, pkg: &Pkg<'_>, needs: &BTreeSet<Key>) -> proc_macro2::TokenStream {
    let t = pkg.types[name];
    let f = format_ident!("default_{}", name.to_snake_case());
    let ty = type_path(t);
    let call_hand = pkg.hand.get(name).map(|p| quote!(#p(obj);));
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
            let Some(key) = target_of(&field.shape, rel, pkg).filter(|k| needs.contains(k)) else { continue };
            let callee = format_ident!("default_{}", key.1.to_snake_case());
            let callee: syn::Path = if key.0 == rel {
                syn::parse_quote!(#callee)
            } else {
                let module = pkg.aliases.values().find(|(r, _, _)| *r == key.0).map(|(_, _, m)| m.clone());
                match module {
                    Some(m) => syn::parse_quote!(#m::#callee),
                    None => continue,
                }
            };
            nested.push(visit(&field.shape, quote!(&mut obj.#fid), quote!(obj.#fid), &callee));
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
