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
        let name = &f.json_name;
        quote!(#n => #m::proto::ProtoField::merge_field(&mut self.#fid, wire, r).map_err(|e| e.in_field(#name))?,)
    });
    quote! {
        impl #m::proto::ProtoMessage for #ident {
            fn encode_proto(&self, w: &mut #m::proto::ProtoWriter) {
                #(#encode)*
            }
            fn merge_proto(&mut self, r: &mut #m::proto::ProtoReader<'_>) -> ::core::result::Result<(), #m::DecodeError> {
                while !r.is_empty() {
                    let (field, wire) = r.key()?;
                    match field {
                        #(#arms)*
                        _ => r.skip(wire)?,
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
