//! Emits `HasSchema`: a static description of the type's JSON shape and schema facts (list and map types, patch strategies, merge keys), read at run time by patch and apply code.

use kapi_frontend::facts::{Granularity, ListType, PatchStrategy};
use kapi_frontend::{Body, Shape, TypeDef};
use proc_macro2::TokenStream;
use quote::quote;

pub fn expand(def: &TypeDef) -> TokenStream {
    let ident = &def.ident;
    let m = quote!(::kapi_machinery::schema);
    let body = match &def.body {
        // A hand-written JSON form has no shape the derive knows: patches and apply take it whole.
        _ if def.attrs.custom_json.is_some() => quote!(#m::TypeSchema::Any),
        Body::Newtype(shape, _) => type_schema(shape),
        Body::Struct(fields) => {
            let name = ident.to_string();
            let atomic = def.attrs.struct_type.as_ref().is_some_and(|(g, _)| *g == Granularity::Atomic);
            let union = def.attrs.union.is_some();
            let fields = fields.iter().filter(|f| f.in_json()).map(|f| {
                let a = &f.attrs;
                let json = if a.inline { String::new() } else { f.json_name.clone() };
                let inline = a.inline;
                let ty = type_schema(&f.shape);
                let strategy = opt(a.patch_strategy.as_ref().map(|(s, _)| patch_strategy(*s)));
                let merge_key = opt(a.patch_merge_key.as_ref().map(|(k, _)| quote!(#k)));
                let list_type = opt(a.list_type.as_ref().map(|(t, _)| list_type(*t)));
                let keys = a.list_map_keys.iter().map(|(k, _)| k);
                let map_atomic = a.map_type.as_ref().is_some_and(|(g, _)| *g == Granularity::Atomic);
                let struct_atomic = a.struct_type.as_ref().is_some_and(|(g, _)| *g == Granularity::Atomic);
                let optional = a.optional.is_some();
                let required = a.required.is_some();
                let discriminator = a.union_discriminator.is_some();
                // Only the facts that differ from the base are written, as struct-update fields:
                // most fields are one call, and a build expands and checks far fewer tokens.
                let base = if optional {
                    quote!(#m::FieldSchema::plain_optional(#json, &#ty))
                } else {
                    quote!(#m::FieldSchema::plain(#json, &#ty))
                };
                let mut set: Vec<TokenStream> = Vec::new();
                if inline {
                    set.push(quote!(inline: true));
                }
                if a.patch_strategy.is_some() {
                    set.push(quote!(patch_strategy: #strategy));
                }
                if a.patch_merge_key.is_some() {
                    set.push(quote!(patch_merge_key: #merge_key));
                }
                if a.list_type.is_some() {
                    set.push(quote!(list_type: #list_type));
                }
                if !a.list_map_keys.is_empty() {
                    set.push(quote!(list_map_keys: &[#(#keys),*]));
                }
                for (on, name) in [
                    (map_atomic, quote!(map_atomic)),
                    (struct_atomic, quote!(struct_atomic)),
                    (required, quote!(required)),
                    (discriminator, quote!(union_discriminator)),
                ] {
                    if on {
                        set.push(quote!(#name: true));
                    }
                }
                if set.is_empty() { base } else { quote!(#m::FieldSchema { #(#set,)* ..#base }) }
            });
            quote! {
                #m::TypeSchema::Struct(#m::StructSchema {
                    name: #name,
                    fields: &[#(#fields),*],
                    atomic: #atomic,
                    union: #union,
                })
            }
        }
    };
    quote! {
        impl #m::HasSchema for #ident {
            fn schema() -> &'static #m::TypeSchema {
                static SCHEMA: #m::TypeSchema = #body;
                &SCHEMA
            }
        }
    }
}

/// The schema of a field's type, past `Option` and `Box`; named types are reached through their
/// own `HasSchema`, so a type may contain itself.
fn type_schema(shape: &Shape) -> TokenStream {
    let m = quote!(::kapi_machinery::schema);
    match shape.peeled() {
        Shape::Vec(item) => {
            let item = type_schema(item);
            quote!(#m::TypeSchema::List(&#item))
        }
        Shape::Map(_, value) => {
            let value = type_schema(value);
            quote!(#m::TypeSchema::Map(&#value))
        }
        Shape::Named(path) => quote!(#m::TypeSchema::Named(<#path as #m::HasSchema>::schema)),
        _ => quote!(#m::TypeSchema::Scalar),
    }
}

fn opt(v: Option<TokenStream>) -> TokenStream {
    match v {
        Some(v) => quote!(::core::option::Option::Some(#v)),
        None => quote!(::core::option::Option::None),
    }
}

fn patch_strategy(s: PatchStrategy) -> TokenStream {
    let m = quote!(::kapi_machinery::schema::PatchStrategy);
    match s {
        PatchStrategy::Merge => quote!(#m::Merge),
        PatchStrategy::RetainKeys => quote!(#m::RetainKeys),
        PatchStrategy::MergeRetainKeys => quote!(#m::MergeRetainKeys),
        PatchStrategy::Replace => quote!(#m::Replace),
    }
}

fn list_type(t: ListType) -> TokenStream {
    let m = quote!(::kapi_machinery::schema::ListType);
    match t {
        ListType::Atomic => quote!(#m::Atomic),
        ListType::Set => quote!(#m::Set),
        ListType::Map => quote!(#m::Map),
    }
}
