//! Emits `serde::Serialize` and `Deserialize` for a type with JSON codecs, inside `kapi_machinery::__serde!` so that they exist only with machinery's `serde` feature.

use kapi_frontend::TypeDef;
use proc_macro2::TokenStream;
use quote::quote;

/// A derived struct: its members one by one, under the JSON codec's names and omit rules.
pub fn expand_struct(def: &TypeDef) -> TokenStream {
    let ident = &def.ident;
    let s = quote!(::kapi_machinery::serde_codec);
    let j = quote!(::kapi_machinery::json::JsonEncode);
    let mut encode = Vec::new();
    let mut decode_arms = Vec::new();
    let mut decode_inline = Vec::new();
    for f in def.fields().iter().filter(|f| f.in_json()) {
        let fid = &f.ident;
        if f.attrs.inline {
            encode.push(quote!(#s::SerdeFields::serde_fields(&self.#fid, m)?;));
            decode_inline.push(quote! {
                if #s::SerdeFields::serde_field(&mut self.#fid, key, a)? {
                    return ::core::result::Result::Ok(true);
                }
            });
            continue;
        }
        let name = &f.json_name;
        let write = quote!(#s::serde::ser::SerializeMap::serialize_entry(m, #name, &#s::Ser(&self.#fid))?;);
        let cond = match (f.attrs.omitempty, f.attrs.omitzero) {
            (false, false) => None,
            (true, false) => Some(quote!(!#j::is_json_empty(&self.#fid))),
            (false, true) => Some(quote!(!#j::is_json_zero(&self.#fid))),
            (true, true) => Some(quote!(!(#j::is_json_empty(&self.#fid) || #j::is_json_zero(&self.#fid)))),
        };
        encode.push(match cond {
            Some(c) => quote!(if #c { #write }),
            None => write,
        });
        decode_arms.push(
            quote!(#name => #s::serde::de::MapAccess::next_value_seed(a, #s::Merge(&mut self.#fid)).map(|()| true),),
        );
    }
    let decode_field = quote! {
        match key {
            #(#decode_arms)*
            _ => {
                #(#decode_inline)*
                ::core::result::Result::Ok(false)
            }
        }
    };
    let fields = quote! {
        impl #s::SerdeFields for #ident {
            fn serde_fields<M: #s::serde::ser::SerializeMap>(&self, m: &mut M) -> ::core::result::Result<(), M::Error> {
                #(#encode)*
                ::core::result::Result::Ok(())
            }
            fn serde_field<'de, A: #s::serde::de::MapAccess<'de>>(&mut self, key: &str, a: &mut A) -> ::core::result::Result<bool, A::Error> {
                #decode_field
            }
        }
    };
    let codec = quote! {
        impl #s::SerdeEncode for #ident {
            #[inline]
            fn serde_encode<S: #s::serde::Serializer>(&self, s: S) -> ::core::result::Result<S::Ok, S::Error> {
                #s::encode_object(self, s)
            }
        }
        impl #s::SerdeDecode for #ident {
            #[inline]
            fn serde_decode<'de, D: #s::serde::Deserializer<'de>>(&mut self, d: D) -> ::core::result::Result<(), D::Error> {
                #s::decode_object(self, d)
            }
        }
    };
    wrap(def, quote!(#fields #codec))
}

/// A newtype: its inner value's form.
pub fn expand_newtype(def: &TypeDef) -> TokenStream {
    let ident = &def.ident;
    let s = quote!(::kapi_machinery::serde_codec);
    wrap(
        def,
        quote! {
            impl #s::SerdeEncode for #ident {
                #[inline]
                fn serde_encode<S: #s::serde::Serializer>(&self, s: S) -> ::core::result::Result<S::Ok, S::Error> {
                    #s::SerdeEncode::serde_encode(&self.0, s)
                }
            }
            impl #s::SerdeDecode for #ident {
                #[inline]
                fn serde_decode<'de, D: #s::serde::Deserializer<'de>>(&mut self, d: D) -> ::core::result::Result<(), D::Error> {
                    #s::SerdeDecode::serde_decode(&mut self.0, d)
                }
            }
        },
    )
}

/// A `custom_json` type: through its hand-written JSON form, so that the two cannot disagree.
pub fn expand_custom(def: &TypeDef) -> TokenStream {
    let ident = &def.ident;
    let s = quote!(::kapi_machinery::serde_codec);
    wrap(
        def,
        quote! {
            impl #s::SerdeEncode for #ident {
                fn serde_encode<S: #s::serde::Serializer>(&self, s: S) -> ::core::result::Result<S::Ok, S::Error> {
                    #s::encode_via_json(self, s)
                }
            }
            impl #s::SerdeDecode for #ident {
                fn serde_decode<'de, D: #s::serde::Deserializer<'de>>(&mut self, d: D) -> ::core::result::Result<(), D::Error> {
                    #s::decode_via_json(self, d)
                }
            }
        },
    )
}

/// Adds the serde traits over the type's `SerdeEncode`/`SerdeDecode` and wraps everything in
/// `__serde!`.
fn wrap(def: &TypeDef, impls: TokenStream) -> TokenStream {
    let ident = &def.ident;
    let s = quote!(::kapi_machinery::serde_codec);
    quote! {
        ::kapi_machinery::__serde! {
            #impls
            impl #s::serde::Serialize for #ident {
                #[inline]
                fn serialize<S: #s::serde::Serializer>(&self, s: S) -> ::core::result::Result<S::Ok, S::Error> {
                    #s::SerdeEncode::serde_encode(self, s)
                }
            }
            impl<'de> #s::serde::Deserialize<'de> for #ident {
                #[inline]
                fn deserialize<D: #s::serde::Deserializer<'de>>(d: D) -> ::core::result::Result<Self, D::Error> {
                    #s::deserialize(d)
                }
            }
        }
    }
}
