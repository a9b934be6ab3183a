//! conversion-gen: for every versioned package whose `mod.rs` declares `+conversionGen=crate::<hub>` (once per hub; types pair by name with the first hub that has them, so `extensions/v1beta1` can convert to apps, networking and policy), a `conversions.rs` with, for each type that has an internal counterpart:
//!
//! - `auto_convert_<type>_to_internal(from: Type) -> Result<hub::Type, ConversionError>` and
//!   `auto_convert_<type>_from_internal`, field by field (fields paired by name), recursing through
//!   `Option`, `Vec`, `BTreeMap`, `Box` and newtypes (a pointer against a value of the same type
//!   reads nil as zero, as upstream's), moving values instead of cloning them, and
//!   calling the conversions of other packages for their types;
//! - a public `convert_<type>_to_internal` / `convert_<type>_from_internal` that calls the `auto_`
//!   function, unless the package has a hand-written function of that name, which is then
//!   re-exported and called everywhere instead;
//! - `register_conversions`, adding both directions of every kind to a scheme.
//!
//! A field that cannot be converted (no counterpart, incompatible types) is an error naming the
//! field, once, unless hand-written functions cover it; the `auto_` function then leaves the field
//! at its zero value and says so in its documentation.

use std::collections::BTreeMap;

use heck::ToSnakeCase;
use kapi_frontend::diagnostics::Diagnostic;
use kapi_frontend::universe::{Convention, Direction, Resolved, TypeEntry, Universe};
use kapi_frontend::{Body, Field, Shape};
use proc_macro2::TokenStream;
use quote::{format_ident, quote};

use super::{Emitted, Export, Part, Plan};

/// How a value is converted: moved as it is, rebuilt without failure, or through a fallible call.
#[derive(Debug)]
enum Conv {
    Identity,
    Infallible(TokenStream),
    Fallible(TokenStream),
}

/// One side of a conversion: the file a shape was written in, to resolve its paths.
#[derive(Clone, Copy)]
struct Side<'a> {
    t: &'a TypeEntry,
}

/// The context of one package's conversions.
struct Cx<'a> {
    u: &'a Universe,
    plan: &'a Plan,
    package: &'a std::path::Path,
}

/// A field a conversion cannot fill, in one direction.
struct Manual {
    field: String,
    span: proc_macro2::Span,
    file: std::path::PathBuf,
    why: String,
    dir: Direction,
}

/// Writes `conversions.rs` for every versioned package that pairs types with a hub.
/// Only the packages of `part` are written.
pub fn generate(u: &Universe, plan: &Plan, part: Part, out: &mut Emitted, diagnostics: &mut Vec<Diagnostic>) {
    for rel in part.select(&plan.converted, |rel| u.type_ids_in(rel).count()) {
        let cx = Cx { u, plan, package: rel };
        let mut problems = Vec::new();
        let file = emit_package(&cx, &mut problems);
        if problems.is_empty() {
            match syn::parse2::<syn::File>(file) {
                Ok(f) => out.module(rel, "conversions", &f, Export::Glob, false, &[super::INTERNAL_FEATURE]),
                Err(e) => {
                    diagnostics.push(Diagnostic::global(format!("internal: generated conversions do not parse: {e}")))
                }
            }
        } else {
            diagnostics.extend(problems);
        }
    }
}

fn dir_text(dir: Direction) -> &'static str {
    match dir {
        Direction::ToInternal => "to the internal type",
        Direction::FromInternal => "from the internal type",
    }
}

/// Emits the conversions file of one package, or records why a field cannot be converted.
fn emit_package(cx: &Cx<'_>, problems: &mut Vec<Diagnostic>) -> TokenStream {
    let lazy = super::where_used();
    let u = cx.u;
    let hand: BTreeMap<(String, Direction), syn::Path> = u
        .hand_written
        .iter()
        .filter(|h| h.package == cx.package)
        .filter_map(|h| match h.convention {
            Convention::Conversion(d) => Some(((h.type_name.clone(), d), h.path(u))),
            _ => None,
        })
        .collect();
    let reexports = hand.values().map(|p| quote!(pub use #p;));
    let mut items = Vec::new();
    let mut registrations = Vec::new();
    for vt in u.types_in(cx.package).filter(|t| !t.def.attrs.is_internal()) {
        let Some(it) = u.hub_type_of(vt) else { continue };
        let name = vt.name();
        let snake = name.to_snake_case();
        let vpath = u.type_path(vt, cx.package);
        let ipath = u.type_path(it, cx.package);
        let mut manual = Vec::new();
        for dir in [Direction::ToInternal, Direction::FromInternal] {
            let is_hand = hand.contains_key(&(name.clone(), dir));
            let (from_ty, to_ty) = match dir {
                Direction::ToInternal => (&vpath, &ipath),
                Direction::FromInternal => (&ipath, &vpath),
            };
            let mut missing = Vec::new();
            let body = match convert_body(cx, vt, it, dir, to_ty, &mut missing) {
                Ok(b) => b,
                Err(e) => {
                    problems.push(*e);
                    continue;
                }
            };
            let auto = format_ident!("auto_convert_{}_{}", snake, dir.suffix());
            let public = format_ident!("convert_{}_{}", snake, dir.suffix());
            let mut doc = format!(" Converts `{name}` {}, field by field.", dir_text(dir));
            if !missing.is_empty() {
                doc.push_str(" Fields left at their zero value for the hand-written conversion: ");
                doc.push_str(&missing.iter().map(|m| format!("`{}`", m.field)).collect::<Vec<_>>().join(", "));
                doc.push('.');
            }
            if !is_hand {
                manual.extend(missing);
            }
            items.push(quote! {
                #[doc = #doc]
                #[allow(unused_variables)]
                #lazy
                pub fn #auto(from: #from_ty) -> Result<#to_ty, ConversionError> {
                    #body
                }
            });
            if !is_hand {
                let doc = format!(" Converts `{name}` {}.", dir_text(dir));
                items.push(quote! {
                    #[doc = #doc]
                    #lazy
                    pub fn #public(from: #from_ty) -> Result<#to_ty, ConversionError> {
                        #auto(from)
                    }
                });
            }
        }
        problems.extend(report(vt, &manual));
        if vt.def.attrs.kind.is_some() && it.def.attrs.kind.is_some() {
            let up = format_ident!("convert_{}_to_internal", snake);
            let down = format_ident!("convert_{}_from_internal", snake);
            registrations.push(quote!(scheme.add_conversion_func(#up); scheme.add_conversion_func(#down);));
        }
    }
    let hubs: Vec<String> = u.packages[cx.package].hubs.iter().map(|h| format!("`{}`", h.display())).collect();
    let doc = format!(" Conversions between `{}` and its internal package {}.", cx.package.display(), hubs.join(", "));
    quote! {
        #![doc = #doc]
        #![allow(clippy::needless_question_mark, clippy::redundant_closure)]

        use kapi_machinery::{ConversionError, Scheme};

        #(#reexports)*

        /// Registers both directions of every kind's conversion.
        #lazy
        pub fn register_conversions(scheme: &mut Scheme) {
            #(#registrations)*
        }

        #(#items)*
    }
}

/// One diagnostic per field that cannot be converted, naming the directions it fails in.
fn report(vt: &TypeEntry, manual: &[Manual]) -> Vec<Diagnostic> {
    let mut by_field: BTreeMap<(String, String), Vec<&Manual>> = BTreeMap::new();
    for m in manual {
        by_field.entry((m.field.clone(), m.why.clone())).or_default().push(m);
    }
    let ty = vt.name();
    let snake = ty.to_snake_case();
    by_field
        .values()
        .map(|ms| {
            let m = ms[0];
            let fns: Vec<String> = ms
                .iter()
                .map(|m| match m.dir {
                    Direction::ToInternal => format!("`pub fn convert_{snake}_to_internal(from: {ty}) -> Result<internal::{ty}, ConversionError>`"),
                    Direction::FromInternal => format!("`pub fn convert_{snake}_from_internal(from: internal::{ty}) -> Result<{ty}, ConversionError>`"),
                })
                .collect();
            Diagnostic::at(&m.file, m.span, format!("field `{}` of `{ty}` {}", m.field, m.why))
                .label("cannot be converted automatically")
                .note(format!(
                    "add the field to both types, or write {} in the versioned package (it may call the `auto_` function and set the rest)",
                    fns.join(" and ")
                ))
        })
        .collect()
}

/// The body of an `auto_convert_*` function.
fn convert_body(
    cx: &Cx<'_>,
    vt: &TypeEntry,
    it: &TypeEntry,
    dir: Direction,
    to_ty: &syn::Path,
    manual: &mut Vec<Manual>,
) -> Result<TokenStream, Box<Diagnostic>> {
    let u = cx.u;
    let (from_t, to_t) = match dir {
        Direction::ToInternal => (vt, it),
        Direction::FromInternal => (it, vt),
    };
    let (from_side, to_side) = (Side { t: from_t }, Side { t: to_t });
    match (&vt.def.body, &it.def.body) {
        (Body::Newtype(..), Body::Newtype(..)) => {
            let (Body::Newtype(a, _), Body::Newtype(b, _)) = (&from_t.def.body, &to_t.def.body) else { unreachable!() };
            match conv(cx, from_side, to_side, a, b, dir, quote!(from.0)) {
                Some(c) => Ok(match c {
                    Conv::Identity => quote!(Ok(#to_ty(from.0))),
                    Conv::Infallible(e) => quote!(Ok(#to_ty(#e))),
                    Conv::Fallible(e) => quote!(Ok(#to_ty(#e?))),
                }),
                None => Err(Box::new(
                    Diagnostic::at(
                        &u.file(vt.file).path,
                        vt.def.ident.span(),
                        format!("newtype `{}` wraps a different type than its internal counterpart", vt.name()),
                    )
                    .note(format!(
                        "make both wrap the same type, or write `convert_{}_{}` by hand",
                        vt.name().to_snake_case(),
                        dir.suffix()
                    )),
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
                match conv(cx, from_side, to_side, &from_f.shape, &to_f.shape, dir, quote!(from.#fid)) {
                    Some(Conv::Identity) => inits.push(quote!(#fid: from.#fid)),
                    Some(Conv::Infallible(e)) => inits.push(quote!(#fid: #e)),
                    Some(Conv::Fallible(e)) => inits.push(quote!(#fid: #e.map_err(|e| e.in_field(#json))?)),
                    None => {
                        let vf = versioned_field(fid).unwrap_or(from_f);
                        let internal_f = it.def.fields().iter().find(|f| f.ident == *fid).unwrap_or(to_f);
                        manual.push(Manual {
                            field: fid.to_string(),
                            span: vf.ident.span(),
                            file: u.file(vt.file).path.clone(),
                            why: format!(
                                "has type `{}` here and `{}` in the internal type",
                                type_text(vf),
                                type_text(internal_f)
                            ),
                            dir,
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
                    Direction::ToInternal => "has no counterpart in the internal type",
                    Direction::FromInternal => "of the internal type has no counterpart in the versioned type",
                };
                manual.push(Manual {
                    field: from_f.ident.to_string(),
                    span: from_f.ident.span(),
                    file: u.file(from_t.file).path.clone(),
                    why: why.into(),
                    dir,
                });
            }
            Ok(quote!(Ok(#to_ty { #(#inits,)* })))
        }
        _ => Err(Box::new(
            Diagnostic::at(
                &u.file(vt.file).path,
                vt.def.ident.span(),
                format!("`{}` is a struct on one side and a newtype on the other", vt.def.ident),
            )
            .note("make the versioned and internal types the same kind of type, or write the conversions by hand"),
        )),
    }
}

fn type_text(f: &Field) -> String {
    quote::ToTokens::to_token_stream(&f.ty).to_string().replace(' ', "")
}

/// How to convert a value of shape `a` (source side) into shape `b` (target side); `None` if it
/// cannot be done automatically. `e` is the source expression, moved.
fn conv(cx: &Cx<'_>, sa: Side<'_>, sb: Side<'_>, a: &Shape, b: &Shape, dir: Direction, e: TokenStream) -> Option<Conv> {
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
        (Option(x), Option(y)) => match conv(cx, sa, sb, x, y, dir, quote!(v))? {
            Conv::Identity => Conv::Identity,
            Conv::Infallible(inner) => Conv::Infallible(quote!(#e.map(|v| #inner))),
            Conv::Fallible(inner) => Conv::Fallible(quote!(#e.map(|v| #inner).transpose())),
        },
        // A nil-able Go slice or map is `Option<Vec<_>>` where it is written as `null` and a plain
        // collection elsewhere: nil and empty are the same value.
        (Option(x), y @ (Vec(_) | Map(..) | Bytes)) if x.as_ref().is_collection_of(y) => {
            match conv(cx, sa, sb, x, y, dir, quote!(v))? {
                Conv::Identity => Conv::Infallible(quote!(#e.unwrap_or_default())),
                Conv::Infallible(inner) => Conv::Infallible(quote!({ let v = #e.unwrap_or_default(); #inner })),
                Conv::Fallible(inner) => Conv::Fallible(quote!({ let v = #e.unwrap_or_default(); #inner })),
            }
        }
        (x @ (Vec(_) | Map(..) | Bytes), Option(y)) if x.is_collection_of(y) => {
            match conv(cx, sa, sb, x, y, dir, quote!(v))? {
                Conv::Identity => Conv::Infallible(quote!(Some(#e).filter(|v| !v.is_empty()))),
                Conv::Infallible(inner) => {
                    Conv::Infallible(quote!({ let v = #e; Some(#inner).filter(|v| !v.is_empty()) }))
                }
                Conv::Fallible(inner) => {
                    Conv::Fallible(quote!({ let v = #e; #inner.map(|v| Some(v).filter(|v| !v.is_empty())) }))
                }
            }
        }
        // A Go pointer on one side and a value of the same type on the other, as upstream's
        // conversion-gen pairs them through metav1's `Convert_Pointer_int32_To_int32` and kin: nil
        // reads as the zero value, and a value is always written as a set pointer.
        (Option(x), y)
            if !matches!(y, Option(_)) && matches!(conv(cx, sa, sb, x, y, dir, quote!(v)), Some(Conv::Identity)) =>
        {
            Conv::Infallible(quote!(#e.unwrap_or_default()))
        }
        (x, Option(y))
            if !matches!(x, Option(_)) && matches!(conv(cx, sa, sb, x, y, dir, quote!(v)), Some(Conv::Identity)) =>
        {
            Conv::Infallible(quote!(Some(#e)))
        }
        (Box(x), Box(y)) => match conv(cx, sa, sb, x, y, dir, quote!(v))? {
            Conv::Identity => Conv::Identity,
            Conv::Infallible(inner) => Conv::Infallible(quote!({ let v = *#e; ::std::boxed::Box::new(#inner) })),
            Conv::Fallible(inner) => Conv::Fallible(quote!({ let v = *#e; #inner.map(::std::boxed::Box::new) })),
        },
        (Vec(x), Vec(y)) => match conv(cx, sa, sb, x, y, dir, quote!(v))? {
            Conv::Identity => Conv::Identity,
            Conv::Infallible(inner) => Conv::Infallible(quote!(#e.into_iter().map(|v| #inner).collect::<Vec<_>>())),
            Conv::Fallible(inner) => Conv::Fallible(quote! {
                #e.into_iter().enumerate().map(|(i, v)| #inner.map_err(|e| e.in_index(i))).collect::<Result<Vec<_>, ConversionError>>()
            }),
        },
        (Map(ka, va), Map(kb, vb)) => {
            let (key, key_moves) = match conv(cx, sa, sb, ka, kb, dir, quote!(k))? {
                Conv::Identity => (quote!(k), true),
                Conv::Infallible(k) => (k, false),
                // A key has nowhere to report a failure: a paired newtype key (core's
                // `ResourceName`) converts through its inner value instead of its conversion.
                Conv::Fallible(_) => (newtype_key(cx, sa, sb, ka, kb)?, false),
            };
            match conv(cx, sa, sb, va, vb, dir, quote!(v))? {
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
            let ra = cx.u.resolve_path(sa.t.file, pa).ok()?;
            let rb = cx.u.resolve_path(sb.t.file, pb).ok()?;
            if ra == rb {
                // The same type on both sides (meta types, machinery's special types).
                return Some(Conv::Identity);
            }
            let (Resolved::Def(ia), Resolved::Def(ib)) = (&ra, &rb) else {
                return newtype_conv(cx, &ra, &rb, a, b, e);
            };
            let (v, i) = match dir {
                Direction::ToInternal => (&cx.u.types[*ia], &cx.u.types[*ib]),
                Direction::FromInternal => (&cx.u.types[*ib], &cx.u.types[*ia]),
            };
            let paired = !v.def.attrs.is_internal()
                && cx.plan.converted.contains(&v.package)
                && cx.u.hub_type_of(v).is_some_and(|h| std::ptr::eq(h, i));
            if !paired {
                return newtype_conv(cx, &ra, &rb, a, b, e);
            }
            let f = format_ident!("convert_{}_{}", v.name().to_snake_case(), dir.suffix());
            if v.package == cx.package {
                Conv::Fallible(quote!(#f(#e)))
            } else {
                // Another package's conversion, reached through its re-exported generated code.
                let module = cx.u.module_path(&v.package);
                Conv::Fallible(quote!(#module::#f(#e)))
            }
        }
        // A newtype on one side and its wrapped shape on the other.
        (Named(p), other) | (other, Named(p)) => {
            let (side, named_is_source) = if a.is_named() { (sa, true) } else { (sb, false) };
            let id = cx.u.resolve_def(side.t.file, p)?;
            let t = &cx.u.types[id];
            let Body::Newtype(inner, _) = &t.def.body else { return None };
            if inner.as_ref() != other {
                return None;
            }
            if named_is_source {
                Conv::Infallible(quote!(#e.0))
            } else {
                let ty = cx.u.type_path(t, cx.package);
                Conv::Infallible(quote!(#ty(#e)))
            }
        }
        _ => return None,
    })
}

/// The infallible conversion of a map key whose types on both sides are newtypes of the same name
/// wrapping the same shape.
fn newtype_key(cx: &Cx<'_>, sa: Side<'_>, sb: Side<'_>, ka: &Shape, kb: &Shape) -> Option<TokenStream> {
    let (Shape::Named(pa), Shape::Named(pb)) = (ka, kb) else { return None };
    let ra = cx.u.resolve_path(sa.t.file, pa).ok()?;
    let rb = cx.u.resolve_path(sb.t.file, pb).ok()?;
    match newtype_conv(cx, &ra, &rb, ka, kb, quote!(k))? {
        Conv::Infallible(k) => Some(k),
        _ => None,
    }
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

/// Two different named types that are newtypes wrapping the same shape (a versioned newtype
/// and its internal one, where they do not pair by name) convert through their inner value.
fn newtype_conv(cx: &Cx<'_>, ra: &Resolved, rb: &Resolved, _a: &Shape, _b: &Shape, e: TokenStream) -> Option<Conv> {
    let (Resolved::Def(ia), Resolved::Def(ib)) = (ra, rb) else { return None };
    let (ta, tb) = (&cx.u.types[*ia], &cx.u.types[*ib]);
    match (&ta.def.body, &tb.def.body) {
        (Body::Newtype(x, _), Body::Newtype(y, _)) if x == y && ta.name() == tb.name() => {
            let ty = cx.u.type_path(tb, cx.package);
            Some(Conv::Infallible(quote!(#ty(#e.0))))
        }
        _ => None,
    }
}
