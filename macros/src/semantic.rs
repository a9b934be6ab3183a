//! Emits `SemanticEq` for a struct (field by field) or a newtype; test-only, see `testing_only`.

use kapi_frontend::{Body, TypeDef};
use proc_macro2::TokenStream;
use quote::quote;

pub fn expand(def: &TypeDef) -> TokenStream {
    let ident = &def.ident;
    let m = quote!(::kapi_machinery);
    let body = match &def.body {
        Body::Struct(fields) => {
            let eqs = fields.iter().map(|f| {
                let fid = &f.ident;
                quote!(#m::semantic::SemanticEq::semantic_eq(&self.#fid, &other.#fid))
            });
            quote!(true #(&& #eqs)*)
        }
        Body::Newtype(..) => quote!(#m::semantic::SemanticEq::semantic_eq(&self.0, &other.0)),
    };
    let empty = match &def.body {
        Body::Newtype(..) => quote! {
            fn is_empty_collection(&self) -> bool {
                #m::semantic::SemanticEq::is_empty_collection(&self.0)
            }
        },
        Body::Struct(_) => quote!(),
    };
    crate::testing_only(quote! {
        impl #m::semantic::SemanticEq for #ident {
            fn semantic_eq(&self, other: &Self) -> bool {
                #body
            }
            #empty
        }
    })
}
