//! Emits `QueryParams` for option kinds marked `query_params` (each JSON field is a query parameter under its JSON name, with the same `omitempty` rule), and `QueryValue` for scalar newtypes.

use kapi_frontend::{Shape, TypeDef};
use proc_macro2::TokenStream;
use quote::quote;

/// `QueryParams` for a `query_params` kind; nothing for other types.
pub fn expand(def: &TypeDef) -> TokenStream {
    if def.attrs.query_params.is_none() {
        return TokenStream::new();
    }
    let ident = &def.ident;
    let m = quote!(::kapi_machinery::query);
    // Inline fields (`TypeMeta`) and opted-out ones have no query form.
    let fields: Vec<_> =
        def.fields().iter().filter(|f| f.in_json() && !f.attrs.inline && !f.attrs.skip_query).collect();
    let appends = fields.iter().map(|f| {
        let fid = &f.ident;
        let key = &f.json_name;
        let omitempty = f.attrs.omitempty;
        quote!(#m::QueryValue::append_value(&self.#fid, #key, #omitempty, q);)
    });
    let merges = fields.iter().map(|f| {
        let fid = &f.ident;
        let key = &f.json_name;
        quote!(#m::merge_field(&mut self.#fid, #key, q)?;)
    });
    quote! {
        impl #m::QueryParams for #ident {
            fn append_query(&self, q: &mut #m::Query) {
                #(#appends)*
            }
            fn merge_query(&mut self, q: &#m::Query) -> ::core::result::Result<(), #m::QueryError> {
                #(#merges)*
                ::core::result::Result::Ok(())
            }
        }
    }
}

/// `QueryValue` for a newtype over a string, integer or boolean, delegating to the inner value.
pub fn expand_newtype(def: &TypeDef, shape: &Shape) -> TokenStream {
    if !matches!(shape, Shape::String | Shape::Bool | Shape::I32 | Shape::I64 | Shape::U32 | Shape::U64) {
        return TokenStream::new();
    }
    let ident = &def.ident;
    let m = quote!(::kapi_machinery::query);
    quote! {
        impl #m::QueryValue for #ident {
            fn append_value(&self, key: &str, omitempty: bool, q: &mut #m::Query) {
                #m::QueryValue::append_value(&self.0, key, omitempty, q);
            }
            fn read_value(&mut self, key: &str, values: &[&str]) -> ::core::result::Result<(), #m::QueryError> {
                #m::QueryValue::read_value(&mut self.0, key, values)
            }
        }
    }
}
