//! What one parsed source file holds for the universe: API types (structs deriving `Kapi`), top-level functions, type aliases and `use` items.

use std::collections::BTreeMap;

use crate::ctxt::Ctxt;
use crate::model::TypeDef;

/// Whether an item derives `Kapi` (as `Kapi`, `kapi::Kapi` or `kapi_macros::Kapi`).
pub fn derives_kapi(attrs: &[syn::Attribute]) -> bool {
    attrs.iter().filter(|a| a.path().is_ident("derive")).any(|a| {
        let mut found = false;
        let _ = a.parse_nested_meta(|meta| {
            if meta.path.segments.last().is_some_and(|s| s.ident == "Kapi") {
                found = true;
            }
            Ok(())
        });
        found
    })
}

/// The API types defined in one source file, with nested inline modules searched too, and every
/// syntax or definition error. Types with errors in their fields are still returned, so checks
/// across files can run in the same pass.
pub fn types_in_source(source: &str) -> (Vec<TypeDef>, Vec<syn::Error>) {
    match syn::parse_file(source) {
        Ok(file) => types_in_file(&file),
        Err(e) => (Vec::new(), vec![e]),
    }
}

/// [`types_in_source`] over an already parsed file.
pub fn types_in_file(file: &syn::File) -> (Vec<TypeDef>, Vec<syn::Error>) {
    let cx = Ctxt::new();
    let mut out = Vec::new();
    collect(&cx, &file.items, &mut out);
    let errors = cx.check().err().unwrap_or_default();
    (out, errors)
}

fn collect(cx: &Ctxt, items: &[syn::Item], out: &mut Vec<TypeDef>) {
    for item in items {
        match item {
            syn::Item::Struct(s) if derives_kapi(&s.attrs) => {
                let data = syn::Data::Struct(syn::DataStruct {
                    struct_token: s.struct_token,
                    fields: s.fields.clone(),
                    semi_token: s.semi_token,
                });
                if let Some(def) = TypeDef::from_ast(cx, &s.ident, &s.attrs, &s.generics, &data) {
                    out.push(def);
                }
            }
            syn::Item::Enum(e) if derives_kapi(&e.attrs) => {
                cx.error_spanned_by(
                    e.enum_token,
                    "enums are not API types; use a string newtype with constants (Kubernetes enums are open strings)",
                );
            }
            syn::Item::Mod(m) => {
                if let Some((_, items)) = &m.content {
                    collect(cx, items, out);
                }
            }
            _ => {}
        }
    }
}

/// A top-level free function, as the conventions for hand-written functions see it.
#[derive(Debug, Clone)]
pub struct FnDef {
    /// The function's name, which decides the convention it must follow.
    pub ident: syn::Ident,
    /// Whether it is `pub`; one that follows a convention must be, as generated code in another
    /// module calls it.
    pub is_pub: bool,
    /// The parameter types in order (`self`'s type for a receiver).
    pub inputs: Vec<syn::Type>,
    /// The return type, if any.
    pub output: Option<syn::Type>,
}

/// The top-level free functions of a file.
pub fn functions_in_file(file: &syn::File) -> Vec<FnDef> {
    file.items
        .iter()
        .filter_map(|item| match item {
            syn::Item::Fn(f) => Some(FnDef {
                ident: f.sig.ident.clone(),
                is_pub: matches!(f.vis, syn::Visibility::Public(_)),
                inputs: f
                    .sig
                    .inputs
                    .iter()
                    .map(|a| match a {
                        syn::FnArg::Typed(t) => (*t.ty).clone(),
                        syn::FnArg::Receiver(r) => (*r.ty).clone(),
                    })
                    .collect(),
                output: match &f.sig.output {
                    syn::ReturnType::Default => None,
                    syn::ReturnType::Type(_, t) => Some((**t).clone()),
                },
            }),
            _ => None,
        })
        .collect()
}

/// The top-level type aliases of a file (`pub type Rule = crate::admissionregistration::v1::Rule;`),
/// as alias name and target path segments.
pub fn aliases_in_file(file: &syn::File) -> Vec<(syn::Ident, Vec<String>)> {
    file.items
        .iter()
        .filter_map(|item| match item {
            syn::Item::Type(t) => match &*t.ty {
                syn::Type::Path(p) if p.qself.is_none() => {
                    Some((t.ident.clone(), p.path.segments.iter().map(|s| s.ident.to_string()).collect()))
                }
                _ => None,
            },
            _ => None,
        })
        .collect()
}

/// The `use` items of a file as name in scope → full path (globs name no single type and are left out).
pub fn uses_in_file(file: &syn::File) -> BTreeMap<String, Vec<String>> {
    let mut out = BTreeMap::new();
    for item in &file.items {
        if let syn::Item::Use(u) = item {
            flatten_use(&u.tree, &mut Vec::new(), &mut out);
        }
    }
    out
}

fn flatten_use(tree: &syn::UseTree, prefix: &mut Vec<String>, out: &mut BTreeMap<String, Vec<String>>) {
    match tree {
        syn::UseTree::Path(p) => {
            prefix.push(p.ident.to_string());
            flatten_use(&p.tree, prefix, out);
            prefix.pop();
        }
        syn::UseTree::Name(n) => {
            let mut full = prefix.clone();
            full.push(n.ident.to_string());
            out.insert(n.ident.to_string(), full);
        }
        syn::UseTree::Rename(r) => {
            let mut full = prefix.clone();
            full.push(r.ident.to_string());
            out.insert(r.rename.to_string(), full);
        }
        syn::UseTree::Group(g) => {
            for t in &g.items {
                flatten_use(t, prefix, out);
            }
        }
        syn::UseTree::Glob(_) => {}
    }
}

/// The `#[path = "..."]` of each top-level `mod` item of a file.
pub fn module_paths_in_file(file: &syn::File) -> Vec<(String, proc_macro2::Span)> {
    let mut out = Vec::new();
    for item in &file.items {
        let syn::Item::Mod(m) = item else { continue };
        for a in m.attrs.iter().filter(|a| a.path().is_ident("path")) {
            if let syn::Meta::NameValue(nv) = &a.meta
                && let syn::Expr::Lit(syn::ExprLit { lit: syn::Lit::Str(s), .. }) = &nv.value
            {
                out.push((s.value(), s.span()));
            }
        }
    }
    out
}
