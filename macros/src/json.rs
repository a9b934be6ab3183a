//! Emits `JsonFields`, `JsonEncode`, `JsonDecode` and `JsonElement` for a struct.

use kapi_frontend::TypeDef;
use proc_macro2::{Literal, TokenStream};
use quote::quote;

pub fn expand(def: &TypeDef) -> TokenStream {
    let ident = &def.ident;
    let m = quote!(::kapi_machinery);
    let mut encode = Vec::new();
    let mut decode_arms = Vec::new();
    let mut decode_inline = Vec::new();
    let mut zero = Vec::new();
    for f in def.fields() {
        let fid = &f.ident;
        zero.push(quote!(#m::json::JsonEncode::is_json_zero(&self.#fid)));
        if !f.in_json() {
            continue;
        }
        if f.attrs.inline {
            encode.push(quote!(#m::json::JsonFields::encode_json_fields(&self.#fid, w);));
            decode_inline.push(quote! {
                if #m::json::JsonFields::decode_json_field(&mut self.#fid, key, r)? {
                    return ::core::result::Result::Ok(true);
                }
            });
            continue;
        }
        let mut key_bytes = Vec::new();
        kapi_facts::write_json_string(&mut key_bytes, &f.json_name);
        key_bytes.push(b':');
        let key_lit = Literal::byte_string(&key_bytes);
        let write = quote! {
            w.key_static(#key_lit);
            #m::json::JsonEncode::encode_json(&self.#fid, w);
        };
        let cond = match (f.attrs.omitempty, f.attrs.omitzero) {
            (false, false) => None,
            (true, false) => Some(quote!(!#m::json::JsonEncode::is_json_empty(&self.#fid))),
            (false, true) => Some(quote!(!#m::json::JsonEncode::is_json_zero(&self.#fid))),
            (true, true) => Some(
                quote!(!(#m::json::JsonEncode::is_json_empty(&self.#fid) || #m::json::JsonEncode::is_json_zero(&self.#fid))),
            ),
        };
        encode.push(match cond {
            Some(c) => quote!(if #c { #write }),
            None => write,
        });
        let name = &f.json_name;
        decode_arms.push(quote!(#name => #m::json::JsonDecode::decode_json(&mut self.#fid, r),));
    }
    let decode_field = if decode_arms.is_empty() {
        quote! {
            #(#decode_inline)*
            ::core::result::Result::Ok(false)
        }
    } else {
        // One exit for every member's error (the reader's path names the member) rather than an
        // early return per member: less code to compile per struct.
        quote! {
            let decoded = match key {
                #(#decode_arms)*
                _ => {
                    #(#decode_inline)*
                    return ::core::result::Result::Ok(false);
                }
            };
            decoded?;
            ::core::result::Result::Ok(true)
        }
    };
    quote! {
        impl #m::json::JsonFields for #ident {
            fn encode_json_fields(&self, w: &mut #m::json::JsonWriter) {
                #(#encode)*
            }
            fn decode_json_field(&mut self, key: &str, r: &mut #m::json::JsonReader<'_>) -> ::core::result::Result<bool, #m::DecodeError> {
                #decode_field
            }
        }
        impl #m::json::JsonEncode for #ident {
            fn encode_json(&self, w: &mut #m::json::JsonWriter) {
                #m::json::encode_json_object(self, w);
            }
            fn is_json_zero(&self) -> bool {
                true #(&& #zero)*
            }
        }
        impl #m::json::JsonDecode for #ident {
            fn decode_json(&mut self, r: &mut #m::json::JsonReader<'_>) -> ::core::result::Result<(), #m::DecodeError> {
                #m::json::decode_json_object(self, r)
            }
        }
        impl #m::json::JsonElement for #ident {}
    }
}
