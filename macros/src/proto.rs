//! Emits `ProtoMessage`, `ProtoField` and `ProtoRepeated` for a struct: fields written in
//! descending number order (the writer works backwards), decoded by number with paths in errors.

use kapi_frontend::TypeDef;
use proc_macro2::TokenStream;
use quote::quote;

pub fn expand(def: &TypeDef) -> TokenStream {
    let ident = &def.ident;
    let m = quote!(::kapi_machinery);
    let mut fields: Vec<_> = def.fields().iter().filter(|f| f.in_proto()).collect();
    fields.sort_by_key(|f| std::cmp::Reverse(f.attrs.proto));
    let encode = fields.iter().map(|f| {
        let fid = &f.ident;
        let n = f.attrs.proto.unwrap_or_default();
        quote!(#m::proto::ProtoField::encode_field(&self.#fid, #n, w);)
    });
    let arms = fields.iter().rev().map(|f| {
        let fid = &f.ident;
        let n = f.attrs.proto.unwrap_or_default();
        quote!(#n => #m::proto::ProtoField::merge_field(&mut self.#fid, wire, r),)
    });
    // Errors leave through one path that names the field, rather than a closure and an early
    // return per field: the same work at run time, a third less code to compile per message.
    let names = fields.iter().rev().map(|f| {
        let n = f.attrs.proto.unwrap_or_default();
        let name = &f.json_name;
        quote!(#n => e.in_field(#name),)
    });
    quote! {
        impl #m::proto::ProtoMessage for #ident {
            fn encode_proto(&self, w: &mut #m::proto::ProtoWriter) {
                #(#encode)*
            }
            fn merge_proto(&mut self, r: &mut #m::proto::ProtoReader<'_>) -> ::core::result::Result<(), #m::DecodeError> {
                while !r.is_empty() {
                    let (field, wire) = r.key()?;
                    let merged = match field {
                        #(#arms)*
                        _ => r.skip(wire),
                    };
                    if let ::core::result::Result::Err(e) = merged {
                        return ::core::result::Result::Err(match field {
                            #(#names)*
                            _ => e,
                        });
                    }
                }
                ::core::result::Result::Ok(())
            }
        }
        impl #m::proto::ProtoField for #ident {
            #[inline]
            fn encode_field(&self, field: u32, w: &mut #m::proto::ProtoWriter) {
                #m::proto::encode_message_field(self, field, w);
            }
            #[inline]
            fn merge_field(&mut self, wire: #m::proto::WireType, r: &mut #m::proto::ProtoReader<'_>) -> ::core::result::Result<(), #m::DecodeError> {
                #m::proto::merge_message_field(self, wire, r)
            }
        }
        impl #m::proto::ProtoRepeated for #ident {}
    }
}

/// A `json_only` type has no protobuf form: a kind gets a codec whose protobuf half refuses, as
/// upstream's serializer does for custom resources; other types get nothing.
pub fn expand_json_only(def: &TypeDef) -> TokenStream {
    let Some((kind_name, _)) = &def.attrs.kind else {
        return TokenStream::new();
    };
    let ident = &def.ident;
    let kind = kind_name.clone().unwrap_or_else(|| ident.to_string());
    let m = quote!(::kapi_machinery);
    quote! {
        impl #m::KindCodec for #ident {
            fn kind_encode_json(&self, w: &mut #m::json::JsonWriter) -> ::core::result::Result<(), #m::EncodeError> {
                #m::json::JsonEncode::encode_json(self, w);
                ::core::result::Result::Ok(())
            }
            fn kind_decode_json(&mut self, r: &mut #m::json::JsonReader<'_>) -> ::core::result::Result<(), #m::DecodeError> {
                #m::json::JsonDecode::decode_json(self, r)
            }
            fn kind_encode_proto(&self, _w: &mut #m::proto::ProtoWriter) -> ::core::result::Result<(), #m::EncodeError> {
                ::core::result::Result::Err(#m::object::no_protobuf_encode_error(#kind))
            }
            fn kind_merge_proto(&mut self, _r: &mut #m::proto::ProtoReader<'_>) -> ::core::result::Result<(), #m::DecodeError> {
                ::core::result::Result::Err(#m::object::no_protobuf_decode_error(#kind))
            }
        }
    }
}
