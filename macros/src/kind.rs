//! Emits `Kind` for a struct marked `#[kapi(kind, group = "...", version = "...")]`.

use kapi_frontend::TypeDef;
use proc_macro2::TokenStream;
use quote::quote;

pub fn expand(def: &TypeDef) -> TokenStream {
    let Some((kind_name, _)) = &def.attrs.kind else {
        return TokenStream::new();
    };
    let ident = &def.ident;
    let m = quote!(::kapi_machinery);
    let kind = kind_name.clone().unwrap_or_else(|| ident.to_string());
    let group = def.attrs.group.as_ref().map(|(g, _)| g.clone()).unwrap_or_default();
    let version = match &def.attrs.version {
        Some((v, _)) => quote!(#v),
        None => quote!(#m::INTERNAL_VERSION),
    };
    let (tm, tm_mut) = match def.type_meta_field() {
        Some(f) => {
            let fid = &f.ident;
            (quote!(::core::option::Option::Some(&self.#fid)), quote!(::core::option::Option::Some(&mut self.#fid)))
        }
        None => (quote!(::core::option::Option::None), quote!(::core::option::Option::None)),
    };
    let codec = def.attrs.is_internal().then(|| {
        quote! {
            impl #m::KindCodec for #ident {
                const INTERNAL: bool = true;
                fn kind_encode_json(&self, _w: &mut #m::json::JsonWriter) -> ::core::result::Result<(), #m::EncodeError> {
                    ::core::result::Result::Err(#m::object::internal_encode_error(#kind))
                }
                fn kind_decode_json(&mut self, _r: &mut #m::json::JsonReader<'_>) -> ::core::result::Result<(), #m::DecodeError> {
                    ::core::result::Result::Err(#m::object::internal_decode_error(#kind))
                }
                fn kind_encode_proto(&self, _w: &mut #m::proto::ProtoWriter) -> ::core::result::Result<(), #m::EncodeError> {
                    ::core::result::Result::Err(#m::object::internal_encode_error(#kind))
                }
                fn kind_merge_proto(&mut self, _r: &mut #m::proto::ProtoReader<'_>) -> ::core::result::Result<(), #m::DecodeError> {
                    ::core::result::Result::Err(#m::object::internal_decode_error(#kind))
                }
            }
        }
    });
    quote! {
        #codec
        // The test support is compiled only with the defining crate's `testing` feature; see
        // `testing_only` for why the lint is allowed.
        #[allow(unexpected_cfgs)]
        impl #m::Kind for #ident {
            const GROUP: &'static str = #group;
            const VERSION: &'static str = #version;
            const KIND: &'static str = #kind;
            fn kind_type_meta(&self) -> ::core::option::Option<&#m::TypeMeta> {
                #tm
            }
            fn kind_type_meta_mut(&mut self) -> ::core::option::Option<&mut #m::TypeMeta> {
                #tm_mut
            }
            #[cfg(feature = "testing")]
            const TEST_FNS: ::core::option::Option<#m::object::TestFns<Self>> =
                ::core::option::Option::Some(#m::object::TestFns::new());
        }
    }
}
