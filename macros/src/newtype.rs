//! Emits the codec traits for a newtype: a string or integer alias delegates to its inner value; a
//! `proto_wrap` slice alias is a plain array in JSON and a message `{ repeated items = 1 }` in
//! protobuf (upstream's `+protobuf.nullable=true`).

use kapi_frontend::{Shape, TypeDef};
use proc_macro2::TokenStream;
use quote::quote;

pub fn expand(def: &TypeDef, shape: &Shape, inner: &syn::Type) -> TokenStream {
    let ident = &def.ident;
    let m = quote!(::kapi_machinery);
    let codec = quote! {
        impl #m::json::JsonEncode for #ident {
            #[inline]
            fn encode_json(&self, w: &mut #m::json::JsonWriter) {
                #m::json::JsonEncode::encode_json(&self.0, w);
            }
            fn is_json_empty(&self) -> bool {
                #m::json::JsonEncode::is_json_empty(&self.0)
            }
            fn is_json_zero(&self) -> bool {
                #m::json::JsonEncode::is_json_zero(&self.0)
            }
        }
        impl #m::json::JsonDecode for #ident {
            #[inline]
            fn decode_json(&mut self, r: &mut #m::json::JsonReader<'_>) -> ::core::result::Result<(), #m::DecodeError> {
                #m::json::JsonDecode::decode_json(&mut self.0, r)
            }
        }
    };
    // A `custom_json` newtype implements the codec by hand; arrays of it still work.
    let codec = if def.attrs.custom_json.is_some() { quote!() } else { codec };
    let json = quote! {
        #codec
        impl #m::json::JsonElement for #ident {}
    };
    let fill = fill(def);
    let semantic = crate::semantic::expand(def);
    let proto = if def.attrs.proto_wrap.is_some() {
        quote! {
            impl #m::proto::ProtoMessage for #ident {
                fn encode_proto(&self, w: &mut #m::proto::ProtoWriter) {
                    #m::proto::ProtoField::encode_field(&self.0, 1, w);
                }
                fn merge_proto(&mut self, r: &mut #m::proto::ProtoReader<'_>) -> ::core::result::Result<(), #m::DecodeError> {
                    while !r.is_empty() {
                        let (field, wire) = r.key()?;
                        match field {
                            1 => #m::proto::ProtoField::merge_field(&mut self.0, wire, r).map_err(|e| e.in_field("items"))?,
                            _ => r.skip(wire)?,
                        }
                    }
                    ::core::result::Result::Ok(())
                }
            }
            impl #m::proto::ProtoField for #ident {
                fn encode_field(&self, field: u32, w: &mut #m::proto::ProtoWriter) {
                    #m::proto::encode_message_field(self, field, w);
                }
                fn merge_field(&mut self, wire: #m::proto::WireType, r: &mut #m::proto::ProtoReader<'_>) -> ::core::result::Result<(), #m::DecodeError> {
                    #m::proto::merge_message_field(self, wire, r)
                }
            }
            impl #m::proto::ProtoRepeated for #ident {}
        }
    } else {
        quote! {
            impl #m::proto::ProtoField for #ident {
                #[inline]
                fn encode_field(&self, field: u32, w: &mut #m::proto::ProtoWriter) {
                    #m::proto::ProtoField::encode_field(&self.0, field, w);
                }
                #[inline]
                fn merge_field(&mut self, wire: #m::proto::WireType, r: &mut #m::proto::ProtoReader<'_>) -> ::core::result::Result<(), #m::DecodeError> {
                    #m::proto::ProtoField::merge_field(&mut self.0, wire, r)
                }
            }
            impl #m::proto::ProtoRepeated for #ident {
                const PACKABLE: bool = <#inner as #m::proto::ProtoRepeated>::PACKABLE;
            }
        }
    };
    let string_api = string_api(def, shape);
    let fuzz = crate::fuzz::expand(def);
    quote!(#json #fill #semantic #proto #string_api #fuzz)
}

/// What an internal newtype gets: no codecs, but the same comparison, map-key and string API as
/// its versioned counterparts, fixture fill and fuzzing.
pub fn expand_internal(def: &TypeDef, shape: &Shape) -> TokenStream {
    let ident = &def.ident;
    let m = quote!(::kapi_machinery);
    let fill = fill(def);
    let semantic = crate::semantic::expand(def);
    let string_api = string_api(def, shape);
    let fuzz = crate::fuzz::expand(def);
    quote! {
        impl #m::json::JsonElement for #ident {}
        #fill
        #semantic
        #string_api
        #fuzz
    }
}

/// Fixture fill of a newtype: its inner value's (test-only); none for `custom_fill`.
fn fill(def: &TypeDef) -> TokenStream {
    if def.attrs.custom_fill.is_some() {
        return TokenStream::new();
    }
    let ident = &def.ident;
    let m = quote!(::kapi_machinery);
    crate::testing_only(quote! {
        impl #m::fill::Fill for #ident {
            fn fill(&mut self, s: &str, i: i64, cx: &mut #m::fill::FillCtx) {
                #m::fill::Fill::fill(&mut self.0, s, i, cx);
            }
        }
    })
}

/// Ordering, hashing, map-key use, `as_str`, `From` and `Display` for a string newtype.
fn string_api(def: &TypeDef, shape: &Shape) -> TokenStream {
    let ident = &def.ident;
    let m = quote!(::kapi_machinery);
    if *shape == Shape::String {
        quote! {
            impl ::core::cmp::Eq for #ident {}
            impl ::core::cmp::PartialOrd for #ident {
                fn partial_cmp(&self, other: &Self) -> ::core::option::Option<::core::cmp::Ordering> {
                    ::core::option::Option::Some(::core::cmp::Ord::cmp(self, other))
                }
            }
            impl ::core::cmp::Ord for #ident {
                fn cmp(&self, other: &Self) -> ::core::cmp::Ordering {
                    ::core::cmp::Ord::cmp(&self.0, &other.0)
                }
            }
            impl ::core::hash::Hash for #ident {
                fn hash<H: ::core::hash::Hasher>(&self, state: &mut H) {
                    ::core::hash::Hash::hash(&self.0, state);
                }
            }
            impl #m::MapKey for #ident {
                fn key_str(&self) -> &str {
                    &self.0
                }
                fn from_key_string(s: ::std::string::String) -> Self {
                    #ident(s)
                }
            }
            impl #ident {
                /// The value as a string.
                pub fn as_str(&self) -> &str {
                    &self.0
                }
            }
            impl ::core::convert::From<&str> for #ident {
                fn from(s: &str) -> Self {
                    #ident(s.to_owned())
                }
            }
            impl ::core::convert::From<::std::string::String> for #ident {
                fn from(s: ::std::string::String) -> Self {
                    #ident(s)
                }
            }
            impl ::core::fmt::Display for #ident {
                fn fmt(&self, f: &mut ::core::fmt::Formatter<'_>) -> ::core::fmt::Result {
                    f.write_str(&self.0)
                }
            }
        }
    } else {
        quote!()
    }
}
