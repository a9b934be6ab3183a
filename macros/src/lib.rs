//! `#[derive(Kapi)]`: per-type code for kapi API types (JSON and protobuf codecs, object identity,
//! and for tests fixture fill, fuzzing and semantic equality). A thin shim over `kapi-frontend`;
//! see `docs/type-language.md`.

// Every public item is documented; docs.rs shows what a user reads.
#![warn(missing_docs)]

use proc_macro::TokenStream;
use proc_macro2::{Delimiter, Group, TokenStream as TokenStream2, TokenTree};
use syn::{DeriveInput, parse_macro_input};

mod fill;
mod fuzz;
mod json;
mod kind;
mod newtype;
mod proto;
mod query;
mod schema;
mod semantic;
mod serde_impls;

/// Makes an impl test-only: compiled only when the crate that derives declares and enables a
/// `testing` feature (which forwards to `kapi-machinery/testing`), so builds that do not test pay
/// nothing for it. A crate that never tests its types need not declare the feature: the lint that
/// would ask it to is allowed on a wrapper item, since `allow` on the gated item itself is too late.
fn testing_only(item: proc_macro2::TokenStream) -> proc_macro2::TokenStream {
    quote::quote! {
        #[allow(unexpected_cfgs)]
        const _: () = {
            #[cfg(feature = "testing")]
            #item
        };
    }
}

/// Makes a hand-written or generated function `#[inline]` as the derive makes its methods, so that
/// it, and the codecs it reaches, are compiled in the program that calls it: put it on a public
/// function that registers every kind of a package (an `install`). A public function that is
/// neither generic nor inline is compiled in its own crate, with everything it reaches.
#[proc_macro_attribute]
pub fn where_used(attr: TokenStream, item: TokenStream) -> TokenStream {
    let attr = proc_macro2::TokenStream::from(attr);
    if !attr.is_empty() {
        return syn::Error::new_spanned(attr, "`where_used` takes no arguments").to_compile_error().into();
    }
    let item = parse_macro_input!(item as syn::ItemFn);
    quote::quote!(::kapi_machinery::__where_used! { #item }).into()
}

/// Derives the wire codecs and machinery traits for an API type described by `#[kapi(...)]`.
#[proc_macro_derive(Kapi, attributes(kapi))]
pub fn derive_kapi(input: TokenStream) -> TokenStream {
    let input = parse_macro_input!(input as DeriveInput);
    expand(&input)
        .unwrap_or_else(|errors| {
            let err = kapi_frontend::ctxt::combine(errors).expect("an error list is never empty");
            err.to_compile_error()
        })
        .into()
}

fn expand(input: &DeriveInput) -> Result<proc_macro2::TokenStream, Vec<syn::Error>> {
    let cx = kapi_frontend::Ctxt::new();
    let def = kapi_frontend::TypeDef::from_derive_input(&cx, input);
    cx.check()?;
    let def = def.expect("a definition is built whenever no error was recorded");
    let mut out = proc_macro2::TokenStream::new();
    if def.attrs.is_internal() {
        match &def.body {
            kapi_frontend::Body::Newtype(shape, _) => out.extend(newtype::expand_internal(&def, shape)),
            kapi_frontend::Body::Struct(_) => {
                let ident = &def.ident;
                out.extend(quote::quote!(impl ::kapi_machinery::json::JsonElement for #ident {}));
                if def.attrs.custom_fill.is_none() {
                    out.extend(fill::expand(&def));
                }
                out.extend(semantic::expand(&def));
                out.extend(fuzz::expand(&def));
                out.extend(kind::expand(&def));
            }
        }
        return Ok(out);
    }
    match &def.body {
        kapi_frontend::Body::Newtype(shape, ty) => {
            out.extend(newtype::expand(&def, shape, ty));
            out.extend(if def.attrs.custom_json.is_some() {
                serde_impls::expand_custom(&def)
            } else {
                serde_impls::expand_newtype(&def)
            });
            out.extend(schema::expand(&def));
            out.extend(query::expand_newtype(&def, shape));
        }
        kapi_frontend::Body::Struct(_) => {
            if def.attrs.custom_json.is_some() {
                // The user implements `JsonEncode` and `JsonDecode`; arrays of the type still work.
                let ident = &def.ident;
                out.extend(quote::quote!(impl ::kapi_machinery::json::JsonElement for #ident {}));
                out.extend(serde_impls::expand_custom(&def));
            } else {
                out.extend(json::expand(&def));
                out.extend(serde_impls::expand_struct(&def));
            }
            out.extend(schema::expand(&def));
            out.extend(query::expand(&def));
            if def.attrs.json_only.is_some() {
                out.extend(proto::expand_json_only(&def));
            } else {
                out.extend(proto::expand(&def));
            }
            if def.attrs.custom_fill.is_none() {
                out.extend(fill::expand(&def));
            }
            out.extend(semantic::expand(&def));
            out.extend(fuzz::expand(&def));
            out.extend(kind::expand(&def));
        }
    }
    Ok(compiled_where_used(out))
}

/// Wraps every derived method in `kapi_machinery::__where_used!`, which makes it `#[inline]`: the
/// crate defining a thousand types then compiles their codecs only where a program uses them (as
/// serde's impls, generic over the serializer, are compiled in the user's crate), and the user's
/// crate may inline across crates. The choice is made by machinery's `testing` feature, not here:
/// a derive cannot see the features of the crate it expands in, and a `cfg` on a feature that
/// crate does not declare would warn. A method that is already `#[inline]` or generic is left.
///
/// The rewrite works on tokens, not on a syntax tree: parsing the derive's whole output again cost
/// more compile time (about 4 s over the Kubernetes API) than the rest of the rewrite.
fn compiled_where_used(out: TokenStream2) -> TokenStream2 {
    let mut rewritten = TokenStream2::new();
    // What the tokens since the last item boundary opened: an `impl` block or a `const` item.
    let mut opened: Option<&'static str> = None;
    for tt in out {
        match &tt {
            TokenTree::Ident(i) if opened.is_none() && i == "impl" => opened = Some("impl"),
            TokenTree::Ident(i) if opened.is_none() && i == "const" => opened = Some("const"),
            TokenTree::Punct(p) if p.as_char() == ';' => opened = None,
            TokenTree::Group(g) if g.delimiter() == Delimiter::Brace && opened.is_some() => {
                // An impl's body gets its methods wrapped; a `const _: () = { … };` block (the
                // test-only wrapper) holds items of its own.
                let inner = match opened.take() {
                    Some("impl") => wrap_methods(g.stream()),
                    _ => compiled_where_used(g.stream()),
                };
                let mut group = Group::new(Delimiter::Brace, inner);
                group.set_span(g.span());
                rewritten.extend([TokenTree::Group(group)]);
                continue;
            }
            _ => {}
        }
        rewritten.extend([tt]);
    }
    rewritten
}

/// The items of an impl body, each method that is neither `#[inline]` nor generic wrapped in
/// `::kapi_machinery::__where_used! { … }`. A method ends at its body (the first brace group after
/// `fn`), any other item at its `;`.
fn wrap_methods(body: TokenStream2) -> TokenStream2 {
    let mut out = TokenStream2::new();
    let mut item: Vec<TokenTree> = Vec::new();
    let mut fn_at: Option<usize> = None;
    for tt in body {
        let ends_fn = fn_at.is_some() && matches!(&tt, TokenTree::Group(g) if g.delimiter() == Delimiter::Brace);
        let ends_other = fn_at.is_none() && matches!(&tt, TokenTree::Punct(p) if p.as_char() == ';');
        if fn_at.is_none() && matches!(&tt, TokenTree::Ident(i) if i == "fn") {
            fn_at = Some(item.len());
        }
        item.push(tt);
        if ends_fn {
            let at = fn_at.take().unwrap_or_default();
            let inline = item.windows(2).any(|w| {
                matches!(&w[0], TokenTree::Punct(p) if p.as_char() == '#')
                    && matches!(&w[1], TokenTree::Group(g) if g.delimiter() == Delimiter::Bracket
                        && matches!(g.stream().into_iter().next(), Some(TokenTree::Ident(i)) if i == "inline"))
            });
            // `fn name<…>`: generic (or with lifetime parameters only, which the derive never
            // writes), so compiled where used already.
            let generic = matches!(item.get(at + 2), Some(TokenTree::Punct(p)) if p.as_char() == '<');
            let tokens: TokenStream2 = item.drain(..).collect();
            if inline || generic {
                out.extend(tokens);
            } else {
                out.extend(quote::quote!(::kapi_machinery::__where_used! { #tokens }));
            }
        } else if ends_other {
            out.extend(item.drain(..));
        }
    }
    out.extend(item);
    out
}
