//! Finding API type definitions in Rust source files: every struct that derives `Kapi`.

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

/// The package markers of a file: inner doc lines of the form `+name=value` (or `+name`), as
/// upstream's `doc.go` carries `// +groupName=...`.
pub fn package_markers_in_file(file: &syn::File) -> Vec<(String, String)> {
    file.attrs
        .iter()
        .filter(|a| a.path().is_ident("doc") && matches!(a.style, syn::AttrStyle::Inner(_)))
        .filter_map(|a| match &a.meta {
            syn::Meta::NameValue(nv) => match &nv.value {
                syn::Expr::Lit(syn::ExprLit { lit: syn::Lit::Str(s), .. }) => Some(s.value()),
                _ => None,
            },
            _ => None,
        })
        .filter_map(|line| parse_marker(&line))
        .collect()
}

/// One marker line, `+name=value` or `+name`, as (name, value); `None` for other lines. Package
/// docs and the doc lines of types (`+genclient:onlyVerbs=create`) use the same form.
pub fn parse_marker(line: &str) -> Option<(String, String)> {
    let marker = line.trim().strip_prefix('+')?;
    Some(match marker.split_once('=') {
        Some((k, v)) => (k.trim().to_owned(), v.trim().to_owned()),
        None => (marker.trim().to_owned(), String::new()),
    })
}

/// A free function found in a source file, for matching hand-written conversion and defaulting
/// functions against the conventions.
#[derive(Debug, Clone)]
pub struct FnDef {
    pub ident: syn::Ident,
    pub is_pub: bool,
    pub inputs: Vec<syn::Type>,
    pub has_output: bool,
    /// The return type, if any.
    pub output: Option<syn::Type>,
}

/// The top-level free functions of a file whose names start with `prefix`.
pub fn functions_in_file(file: &syn::File, prefix: &str) -> Vec<FnDef> {
    file.items
        .iter()
        .filter_map(|item| match item {
            syn::Item::Fn(f) if f.sig.ident.to_string().starts_with(prefix) => Some(FnDef {
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
                has_output: !matches!(f.sig.output, syn::ReturnType::Default),
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
/// as alias name and target path.
pub fn aliases_in_file(file: &syn::File) -> Vec<(syn::Ident, syn::Path)> {
    file.items
        .iter()
        .filter_map(|item| match item {
            syn::Item::Type(t) => match &*t.ty {
                syn::Type::Path(p) if p.qself.is_none() => Some((t.ident.clone(), p.path.clone())),
                _ => None,
            },
            _ => None,
        })
        .collect()
}
