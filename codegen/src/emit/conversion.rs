//! conversion-gen: for every versioned package whose `mod.rs` declares
//! `+conversionGen=crate::<internal package>`, a `conversions.rs` with, for each type that exists
//! (by name) in both the versioned and the internal package:
//!
//! - `auto_convert_<type>_to_internal(from: Type) -> Result<internal::Type, ConversionError>` and
//!   `auto_convert_<type>_from_internal`, field by field (fields paired by name), recursing through
//!   `Option`, `Vec`, `BTreeMap`, `Box` and newtypes, moving values instead of cloning them;
//! - a public `convert_<type>_to_internal` / `convert_<type>_from_internal` that calls the `auto_`
//!   function, unless the package has a hand-written function of that name (found by parsing its
//!   files), which is then re-exported and called everywhere instead;
//! - `register_conversions`, adding both directions of every kind to a scheme.
//!
//! A field that cannot be converted (no counterpart, incompatible types) is an error naming the
//! field, unless a hand-written function covers that direction of the type; the `auto_` function
//! then leaves the field at its zero value and says so in its documentation.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

use heck::ToSnakeCase;
use kapi_frontend::{Body, Field, Shape, TypeDef};
use proc_macro2::TokenStream;
use quote::{format_ident, quote};

use crate::load::{Loaded, LoadedFn, LoadedType, Package};
use crate::output::Outputs;

/// The marker a versioned package uses to name its internal package.
pub const MARKER: &str = "conversionGen";

/// A direction of conversion.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
enum Dir {
    ToInternal,
    FromInternal,
}

impl Dir {
    fn suffix(self) -> &'static str {
        match self {
            Dir::ToInternal => "to_internal",
            Dir::FromInternal => "from_internal",
        }
    }
}

/// A versioned package and its internal package.
struct Pair<'a> {
    rel: PathBuf,
    /// Versioned types by name.
    versioned: BTreeMap<String, &'a LoadedType>,
    /// Internal types by name.
    internal: BTreeMap<String, &'a LoadedType>,
    /// The internal package's module path (`crate::admissionregistration`).
    internal_module: syn::Path,
    /// The internal package's directory, relative to the root.
    internal_rel: PathBuf,
    /// Aliases of this package: alias name to (target package, type name, target module path).
    aliases: BTreeMap<String, (PathBuf, String, syn::Path)>,
    /// Hand-written conversion functions by (type name, direction): the path to re-export.
    hand: BTreeMap<(String, Dir), syn::Path>,
}

/// How a value is converted: moved as it is, rebuilt without failure, or through a fallible call.
#[derive(Debug)]
enum Conv {
    Identity,
    Infallible(TokenStream),
    Fallible(TokenStream),
}

/// Writes `conversions.rs` for every versioned package with the marker; returns those packages.
/// With `outputs` of `None`, only works out which packages get output (for the generators that
/// depend on it), without rendering.
pub fn generate(
    loaded: &Loaded,
    packages: &BTreeMap<PathBuf, Package>,
    mut outputs: Option<&mut Outputs>,
    diagnostics: &mut Vec<String>,
) -> BTreeSet<PathBuf> {
    let mut pairs = Vec::new();
    for (rel, pkg) in packages {
        let Some(target) = pkg.markers.iter().find(|(k, _)| k == MARKER).map(|(_, v)| v.clone()) else { continue };
        let mod_rs = pkg.dir.join("mod.rs");
        let Some((internal_rel, internal_module)) = parse_module_path(&target) else {
            diagnostics.push(format!(
                "error: `+{MARKER}={target}` does not name a package of this crate\n  --> {}\n  = note: write the internal package's module path, e.g. `+{MARKER}=crate::admissionregistration`\n",
                mod_rs.display()
            ));
            continue;
        };
        let Some(internal_pkg) = packages.get(&internal_rel) else {
            diagnostics.push(format!(
                "error: `+{MARKER}={target}`: there is no package `{}` in this tree\n  --> {}\n  = note: the internal package is a directory with a `mod.rs` holding `#[kapi(internal)]` types\n",
                internal_rel.display(),
                mod_rs.display()
            ));
            continue;
        };
        let versioned: BTreeMap<String, &LoadedType> = loaded
            .types_in(&pkg.dir)
            .filter(|t| !t.def.attrs.is_internal())
            .map(|t| (t.def.ident.to_string(), t))
            .collect();
        let internal: BTreeMap<String, &LoadedType> = loaded
            .types_in(&internal_pkg.dir)
            .filter(|t| t.def.attrs.is_internal())
            .map(|t| (t.def.ident.to_string(), t))
            .collect();
        if internal.is_empty() {
            diagnostics.push(format!(
                "error: `+{MARKER}={target}`: package `{}` has no internal types\n  --> {}\n  = note: mark the hub types `#[kapi(internal)]`\n",
                internal_rel.display(),
                mod_rs.display()
            ));
            continue;
        }
        let aliases = loaded
            .aliases
            .iter()
            .filter(|(file, _, _)| file.parent() == Some(pkg.dir.as_path()))
            .filter_map(|(_, alias, target)| {
                super::defaults::resolve_crate_path(target).map(|(r, t, m)| (alias.to_string(), (r, t, m)))
            })
            .collect();
        let hand = hand_written(&loaded.conversions, &pkg.dir, &versioned, &internal, diagnostics);
        pairs.push(Pair { rel: rel.clone(), versioned, internal, internal_module, internal_rel, aliases, hand });
    }
    let converting: BTreeMap<PathBuf, PathBuf> =
        pairs.iter().map(|p| (p.rel.clone(), p.internal_rel.clone())).collect();
    let mut produced = BTreeSet::new();
    for pair in &pairs {
        let mut problems = Vec::new();
        let file = emit_package(pair, &converting, &mut problems);
        if problems.is_empty() {
            if let Some(outputs) = outputs.as_deref_mut() {
                let file: syn::File = match syn::parse2(file) {
                    Ok(f) => f,
                    Err(e) => {
                        diagnostics.push(format!("error: internal: generated conversions do not parse: {e}\n"));
                        continue;
                    }
                };
                outputs.insert(pair.rel.join("conversions.rs"), super::render_rust(&file));
            }
            produced.insert(pair.rel.clone());
        } else {
            diagnostics.extend(problems);
        }
    }
    produced
}

/// `crate::a::b` → (`a/b`, the path).
pub(crate) fn parse_module_path(text: &str) -> Option<(PathBuf, syn::Path)> {
    let path: syn::Path = syn::parse_str(text).ok()?;
    let segs: Vec<String> = path.segments.iter().map(|s| s.ident.to_string()).collect();
    let (first, rest) = segs.split_first()?;
    if first != "crate" || rest.is_empty() {
        return None;
    }
    Some((rest.iter().collect(), path))
}

/// The hand-written `convert_<type>_{to,from}_internal` functions of a package, each checked
/// against the convention `pub fn convert_x_to_internal(from: X) -> Result<internal::X, ConversionError>`.
fn hand_written(
    fns: &[LoadedFn],
    dir: &Path,
    versioned: &BTreeMap<String, &LoadedType>,
    internal: &BTreeMap<String, &LoadedType>,
    diagnostics: &mut Vec<String>,
) -> BTreeMap<(String, Dir), syn::Path> {
    let by_snake: BTreeMap<String, &String> = versioned.keys().map(|k| (k.to_snake_case(), k)).collect();
    let mut out = BTreeMap::new();
    for f in fns.iter().filter(|f| f.file.parent() == Some(dir)) {
        let name = f.def.ident.to_string();
        let span = f.def.ident.span();
        let rest = name.trim_start_matches("convert_");
        let (snake, dir) = if let Some(s) = rest.strip_suffix("_to_internal") {
            (s, Dir::ToInternal)
        } else if let Some(s) = rest.strip_suffix("_from_internal") {
            (s, Dir::FromInternal)
        } else {
            continue;
        };
        let Some(ty) = by_snake.get(snake).filter(|t| internal.contains_key(t.as_str())) else {
            diagnostics.push(super::diagnostic(
                &f.file,
                span,
                &format!("`{name}` names no type that exists in both this package and its internal package"),
                "hand-written conversions are named `convert_<type in snake case>_to_internal` / `_from_internal`",
            ));
            continue;
        };
        let (input, output) = match dir {
            Dir::ToInternal => (ty.to_string(), format!("internal::{ty}")),
            Dir::FromInternal => (format!("internal::{ty}"), ty.to_string()),
        };
        let takes_value = matches!(&f.def.inputs[..], [syn::Type::Path(p)]
            if p.path.segments.last().is_some_and(|s| s.ident == ty.as_str()));
        let returns_result = matches!(&f.def.output, Some(syn::Type::Path(p))
            if p.path.segments.last().is_some_and(|s| s.ident == "Result"));
        if !takes_value || !returns_result || !f.def.is_pub {
            diagnostics.push(super::diagnostic(
                &f.file,
                span,
                &format!("hand-written conversion `{name}` has the wrong signature"),
                &format!("write it as `pub fn {name}(from: {input}) -> Result<{output}, ConversionError>` (it takes the value by move)"),
            ));
            continue;
        }
        out.insert(((*ty).clone(), dir), super::item_path(&f.file, &f.def.ident));
    }
    out
}

/// Where a named type of a versioned field leads.
enum Resolved {
    /// A type of this package.
    Local(String),
    /// An alias of a type in another versioned package that converts to the same internal package.
    Other { module: syn::Path, name: String },
    /// A type from outside the pair (meta types, machinery types): shared by both sides.
    Shared(String),
}

impl Pair<'_> {
    fn resolve_versioned(&self, path: &syn::Path, converting: &BTreeMap<PathBuf, PathBuf>) -> Resolved {
        let last = path.segments.last().map(|s| s.ident.to_string()).unwrap_or_default();
        if path.segments.len() == 1 {
            if self.versioned.contains_key(&last) {
                return Resolved::Local(last);
            }
            if let Some((rel, name, module)) = self.aliases.get(&last)
                && converting.get(rel) == Some(&self.internal_rel)
            {
                return Resolved::Other { module: module.clone(), name: name.clone() };
            }
        }
        Resolved::Shared(last)
    }

    fn internal_local(&self, path: &syn::Path) -> Option<String> {
        let last = path.segments.last().map(|s| s.ident.to_string())?;
        (path.segments.len() == 1 && self.internal.contains_key(&last)).then_some(last)
    }
}

/// Emits the conversions file of one package, or records why a field cannot be converted.
/// The tokens of the file (parsed into a `syn::File` only when it is rendered).
fn emit_package(pair: &Pair<'_>, converting: &BTreeMap<PathBuf, PathBuf>, problems: &mut Vec<String>) -> TokenStream {
    let im = &pair.internal_module;
    let mut items = Vec::new();
    let mut reexports = Vec::new();
    for ((_, _), path) in &pair.hand {
        reexports.push(quote!(pub use #path;));
    }
    let mut registrations = Vec::new();
    for (name, vt) in &pair.versioned {
        let Some(it) = pair.internal.get(name) else { continue };
        let snake = name.to_snake_case();
        let vpath = super::item_path(&vt.file, &vt.def.ident);
        let ident = &vt.def.ident;
        let ipath: syn::Path = syn::parse_quote!(#im::#ident);
        for dir in [Dir::ToInternal, Dir::FromInternal] {
            let hand = pair.hand.contains_key(&(name.clone(), dir));
            let (from_ty, to_ty, from_def) = match dir {
                Dir::ToInternal => (&vpath, &ipath, &vt.def),
                Dir::FromInternal => (&ipath, &vpath, &vt.def),
            };
            let mut manual = Vec::new();
            let body = match convert_body(pair, converting, vt, it, dir, to_ty, &mut manual) {
                Ok(b) => b,
                Err(e) => {
                    problems.push(e);
                    continue;
                }
            };
            if !hand {
                for m in &manual {
                    problems.push(m.render(from_def, dir, &snake));
                }
            }
            let auto = format_ident!("auto_convert_{}_{}", snake, dir.suffix());
            let public = format_ident!("convert_{}_{}", snake, dir.suffix());
            let mut doc = format!(
                " Converts `{name}` {}, field by field.",
                match dir {
                    Dir::ToInternal => "to the internal type",
                    Dir::FromInternal => "from the internal type",
                }
            );
            if !manual.is_empty() {
                doc.push_str(" Fields left at their zero value for the hand-written conversion: ");
                doc.push_str(&manual.iter().map(|m| format!("`{}`", m.field)).collect::<Vec<_>>().join(", "));
                doc.push('.');
            }
            items.push(quote! {
                #[doc = #doc]
                #[allow(unused_variables)]
                pub fn #auto(from: #from_ty) -> Result<#to_ty, ConversionError> {
                    #body
                }
            });
            if !hand {
                let doc = format!(
                    " Converts `{name}` {}.",
                    match dir {
                        Dir::ToInternal => "to the internal type",
                        Dir::FromInternal => "from the internal type",
                    }
                );
                items.push(quote! {
                    #[doc = #doc]
                    pub fn #public(from: #from_ty) -> Result<#to_ty, ConversionError> {
                        #auto(from)
                    }
                });
            }
        }
        if vt.def.attrs.kind.is_some() && it.def.attrs.kind.is_some() {
            let up = format_ident!("convert_{}_to_internal", snake);
            let down = format_ident!("convert_{}_from_internal", snake);
            registrations.push(quote!(scheme.add_conversion_func(#up); scheme.add_conversion_func(#down);));
        }
    }
    let doc = format!(
        " Conversions between `{}` and its internal package `{}`.",
        pair.rel.display(),
        pair.internal_rel.display()
    );
    quote! {
        #![doc = #doc]
        #![allow(clippy::needless_question_mark, clippy::redundant_closure)]

        use kapi_machinery::{ConversionError, Scheme};

        #(#reexports)*

        /// Registers both directions of every kind's conversion.
        pub fn register_conversions(scheme: &mut Scheme) {
            #(#registrations)*
        }

        #(#items)*
    }
}

/// A field a conversion cannot fill, to report (or to leave to the hand-written function).
struct Manual {
    field: String,
    span: proc_macro2::Span,
    file: PathBuf,
    why: String,
}

impl Manual {
    fn render(&self, from: &TypeDef, dir: Dir, snake: &str) -> String {
        let func = format!("convert_{snake}_{}", dir.suffix());
        let (input, output) = match dir {
            Dir::ToInternal => (from.ident.to_string(), format!("internal::{}", from.ident)),
            Dir::FromInternal => (format!("internal::{}", from.ident), from.ident.to_string()),
        };
        super::diagnostic(
            &self.file,
            self.span,
            &format!("field `{}` of `{}` {}", self.field, from.ident, self.why),
            &format!(
                "add the field to both types, or write `pub fn {func}(from: {input}) -> Result<{output}, ConversionError>` in the versioned package (it may call `auto_{func}` and set the rest)"
            ),
        )
    }
}

/// The body of an `auto_convert_*` function.
fn convert_body(
    pair: &Pair<'_>,
    converting: &BTreeMap<PathBuf, PathBuf>,
    vt: &LoadedType,
    it: &LoadedType,
    dir: Dir,
    to_ty: &syn::Path,
    manual: &mut Vec<Manual>,
) -> Result<TokenStream, String> {
    let (from_t, to_t) = match dir {
        Dir::ToInternal => (vt, it),
        Dir::FromInternal => (it, vt),
    };
    match (&vt.def.body, &it.def.body) {
        (Body::Newtype(vs, _), Body::Newtype(is, _)) => {
            let (a, b) = match dir {
                Dir::ToInternal => (vs.as_ref(), is.as_ref()),
                Dir::FromInternal => (is.as_ref(), vs.as_ref()),
            };
            let name = vt.def.ident.to_string();
            match conv(pair, converting, a, b, dir, quote!(from.0)) {
                Some(c) => Ok(match c {
                    Conv::Identity => quote!(Ok(#to_ty(from.0))),
                    Conv::Infallible(e) => quote!(Ok(#to_ty(#e))),
                    Conv::Fallible(e) => quote!(Ok(#to_ty(#e?))),
                }),
                None => Err(super::diagnostic(
                    &vt.file,
                    vt.def.ident.span(),
                    &format!("newtype `{name}` wraps a different type than its internal counterpart"),
                    &format!(
                        "make both wrap the same type, or write `convert_{}_{}` by hand",
                        name.to_snake_case(),
                        dir.suffix()
                    ),
                )),
            }
        }
        (Body::Struct(_), Body::Struct(_)) => {
            let mut inits = Vec::new();
            let versioned_field = |name: &syn::Ident| vt.def.fields().iter().find(|f| f.ident == *name);
            for to_f in to_t.def.fields() {
                let fid = &to_f.ident;
                if to_f.has_type_meta_type() {
                    inits.push(quote!(#fid: ::core::default::Default::default()));
                    continue;
                }
                let Some(from_f) = from_t.def.fields().iter().find(|f| f.ident == to_f.ident) else {
                    // Only the target has the field: it starts at its zero value, as upstream's
                    // conversions leave fields the source does not have.
                    inits.push(quote!(#fid: ::core::default::Default::default()));
                    continue;
                };
                let json = versioned_field(fid).map(|f| f.json_name.clone()).unwrap_or_else(|| fid.to_string());
                match conv(pair, converting, &from_f.shape, &to_f.shape, dir, quote!(from.#fid)) {
                    Some(Conv::Identity) => inits.push(quote!(#fid: from.#fid)),
                    Some(Conv::Infallible(e)) => inits.push(quote!(#fid: #e)),
                    Some(Conv::Fallible(e)) => inits.push(quote!(#fid: #e.map_err(|e| e.in_field(#json))?)),
                    None => {
                        let vf = versioned_field(fid).unwrap_or(from_f);
                        manual.push(Manual {
                            field: fid.to_string(),
                            span: vf.ident.span(),
                            file: vt.file.clone(),
                            why: format!(
                                "has type `{}` here and `{}` in the internal type, which cannot be converted automatically",
                                type_text(vf),
                                type_text(it.def.fields().iter().find(|f| f.ident == *fid).unwrap_or(to_f))
                            ),
                        });
                        inits.push(quote!(#fid: ::core::default::Default::default()));
                    }
                }
            }
            // Fields of the source with no place in the target.
            for from_f in from_t.def.fields() {
                if from_f.has_type_meta_type() || to_t.def.fields().iter().any(|f| f.ident == from_f.ident) {
                    continue;
                }
                let why = match dir {
                    Dir::ToInternal => "has no counterpart in the internal type",
                    Dir::FromInternal => "of the internal type has no counterpart in the versioned type",
                };
                manual.push(Manual {
                    field: from_f.ident.to_string(),
                    span: from_f.ident.span(),
                    file: from_t.file.clone(),
                    why: why.into(),
                });
            }
            Ok(quote!(Ok(#to_ty { #(#inits,)* })))
        }
        _ => Err(super::diagnostic(
            &vt.file,
            vt.def.ident.span(),
            &format!("`{}` is a struct on one side and a newtype on the other", vt.def.ident),
            "make the versioned and internal types the same kind of type, or write the conversions by hand",
        )),
    }
}

fn type_text(f: &Field) -> String {
    quote::ToTokens::to_token_stream(&f.ty).to_string().replace(' ', "")
}

/// How to convert a value of shape `a` (source side) into shape `b` (target side); `None` if it
/// cannot be done automatically. `e` is the source expression, moved.
fn conv(
    pair: &Pair<'_>,
    converting: &BTreeMap<PathBuf, PathBuf>,
    a: &Shape,
    b: &Shape,
    dir: Dir,
    e: TokenStream,
) -> Option<Conv> {
    use Shape::*;
    Some(match (a, b) {
        (String, String)
        | (Bool, Bool)
        | (I32, I32)
        | (I64, I64)
        | (U32, U32)
        | (U64, U64)
        | (F32, F32)
        | (F64, F64)
        | (Bytes, Bytes) => Conv::Identity,
        (Option(x), Option(y)) => match conv(pair, converting, x, y, dir, quote!(v))? {
            Conv::Identity => Conv::Identity,
            Conv::Infallible(inner) => Conv::Infallible(quote!(#e.map(|v| #inner))),
            Conv::Fallible(inner) => Conv::Fallible(quote!(#e.map(|v| #inner).transpose())),
        },
        // A nil-able Go slice or map is `Option<Vec<_>>` where it is written as `null` and a plain
        // collection elsewhere: nil and empty are the same value.
        (Option(x), y @ (Vec(_) | Map(..) | Bytes)) if x.as_ref().is_collection_of(y) => {
            match conv(pair, converting, x, y, dir, quote!(v))? {
                Conv::Identity => Conv::Infallible(quote!(#e.unwrap_or_default())),
                Conv::Infallible(inner) => Conv::Infallible(quote!({ let v = #e.unwrap_or_default(); #inner })),
                Conv::Fallible(inner) => Conv::Fallible(quote!({ let v = #e.unwrap_or_default(); #inner })),
            }
        }
        (x @ (Vec(_) | Map(..) | Bytes), Option(y)) if x.is_collection_of(y) => {
            match conv(pair, converting, x, y, dir, quote!(v))? {
                Conv::Identity => Conv::Infallible(quote!(Some(#e).filter(|v| !v.is_empty()))),
                Conv::Infallible(inner) => {
                    Conv::Infallible(quote!({ let v = #e; Some(#inner).filter(|v| !v.is_empty()) }))
                }
                Conv::Fallible(inner) => {
                    Conv::Fallible(quote!({ let v = #e; #inner.map(|v| Some(v).filter(|v| !v.is_empty())) }))
                }
            }
        }
        (Box(x), Box(y)) => match conv(pair, converting, x, y, dir, quote!(v))? {
            Conv::Identity => Conv::Identity,
            Conv::Infallible(inner) => Conv::Infallible(quote!({ let v = *#e; ::std::boxed::Box::new(#inner) })),
            Conv::Fallible(inner) => Conv::Fallible(quote!({ let v = *#e; #inner.map(::std::boxed::Box::new) })),
        },
        (Vec(x), Vec(y)) => match conv(pair, converting, x, y, dir, quote!(v))? {
            Conv::Identity => Conv::Identity,
            Conv::Infallible(inner) => Conv::Infallible(quote!(#e.into_iter().map(|v| #inner).collect::<Vec<_>>())),
            Conv::Fallible(inner) => Conv::Fallible(quote! {
                #e.into_iter().enumerate().map(|(i, v)| #inner.map_err(|e| e.in_index(i))).collect::<Result<Vec<_>, ConversionError>>()
            }),
        },
        (Map(ka, va), Map(kb, vb)) => {
            let (key, key_moves) = match conv(pair, converting, ka, kb, dir, quote!(k))? {
                Conv::Identity => (quote!(k), true),
                Conv::Infallible(k) => (k, false),
                Conv::Fallible(_) => return None,
            };
            match conv(pair, converting, va, vb, dir, quote!(v))? {
                Conv::Identity if key_moves => Conv::Identity,
                Conv::Identity => Conv::Infallible(
                    quote!(#e.into_iter().map(|(k, v)| (#key, v)).collect::<::std::collections::BTreeMap<_, _>>()),
                ),
                Conv::Infallible(inner) => Conv::Infallible(
                    quote!(#e.into_iter().map(|(k, v)| (#key, #inner)).collect::<::std::collections::BTreeMap<_, _>>()),
                ),
                Conv::Fallible(inner) => Conv::Fallible(quote! {
                    #e.into_iter().map(|(k, v)| {
                        let at = ::kapi_machinery::MapKey::key_str(&k).to_owned();
                        Ok((#key, #inner.map_err(|e| e.in_key(&at))?))
                    }).collect::<Result<::std::collections::BTreeMap<_, _>, ConversionError>>()
                }),
            }
        }
        (Named(pa), Named(pb)) => {
            let (vp, ip) = match dir {
                Dir::ToInternal => (pa, pb),
                Dir::FromInternal => (pb, pa),
            };
            match (pair.resolve_versioned(vp, converting), pair.internal_local(ip)) {
                (Resolved::Local(v), Some(i)) if v == i => {
                    let f = format_ident!("convert_{}_{}", v.to_snake_case(), dir.suffix());
                    Conv::Fallible(quote!(#f(#e)))
                }
                (Resolved::Other { module, name }, Some(i)) if name == i => {
                    let f = format_ident!("convert_{}_{}", name.to_snake_case(), dir.suffix());
                    Conv::Fallible(quote!(#module::#f(#e)))
                }
                (Resolved::Shared(v), None) if Some(&v) == ip.segments.last().map(|s| s.ident.to_string()).as_ref() => {
                    Conv::Identity
                }
                _ => return None,
            }
        }
        // A newtype on one side and its wrapped shape on the other.
        (Named(p), other) | (other, Named(p)) => {
            let wrapped = newtype_inner(pair, p, dir, a.is_named())?;
            if &wrapped != other {
                return None;
            }
            if a.is_named() {
                Conv::Infallible(quote!(#e.0))
            } else {
                let ty = newtype_path(pair, p, dir, false)?;
                Conv::Infallible(quote!(#ty(#e)))
            }
        }
        _ => return None,
    })
}

trait CollectionShape {
    fn is_collection_of(&self, other: &Shape) -> bool;
}

impl CollectionShape for Shape {
    /// Whether both shapes are collections of the same sort (slice, map, bytes).
    fn is_collection_of(&self, other: &Shape) -> bool {
        matches!(
            (self, other),
            (Shape::Vec(_), Shape::Vec(_)) | (Shape::Map(..), Shape::Map(..)) | (Shape::Bytes, Shape::Bytes)
        )
    }
}

/// The shape a local newtype wraps; `source` says whether `p` is on the source side.
fn newtype_inner(pair: &Pair<'_>, p: &syn::Path, dir: Dir, source: bool) -> Option<Shape> {
    let versioned_side = matches!((dir, source), (Dir::ToInternal, true) | (Dir::FromInternal, false));
    let name = p.segments.last()?.ident.to_string();
    if p.segments.len() != 1 {
        return None;
    }
    let t = if versioned_side { pair.versioned.get(&name)? } else { pair.internal.get(&name)? };
    match &t.def.body {
        Body::Newtype(s, _) => Some((**s).clone()),
        Body::Struct(_) => None,
    }
}

/// The path of a local newtype for constructing it from generated code.
fn newtype_path(pair: &Pair<'_>, p: &syn::Path, dir: Dir, source: bool) -> Option<syn::Path> {
    let versioned_side = matches!((dir, source), (Dir::ToInternal, true) | (Dir::FromInternal, false));
    let name = p.segments.last()?.ident.to_string();
    if versioned_side {
        let t = pair.versioned.get(&name)?;
        Some(super::item_path(&t.file, &t.def.ident))
    } else {
        let t = pair.internal.get(&name)?;
        let im = &pair.internal_module;
        let id = &t.def.ident;
        Some(syn::parse_quote!(#im::#id))
    }
}
