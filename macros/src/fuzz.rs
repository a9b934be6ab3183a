//! Emits `Fuzz` (seeded random values for round-trip tests; test-only, see `testing_only`): every
//! field of a struct goes through the fuzzer, so custom functions registered for nested types
//! apply; the embedded `TypeMeta` stays empty (round-trip tests set the kind), and so do fields
//! that are on no wire (`skip_json, skip_proto`); a newtype fuzzes its inner value.

use kapi_frontend::{Body, TypeDef};
use proc_macro2::TokenStream;
use quote::quote;

pub fn expand(def: &TypeDef) -> TokenStream {
    let ident = &def.ident;
    let m = quote!(::kapi_machinery);
    let body = match &def.body {
        Body::Struct(fields) => {
            let fuzz = fields
                .iter()
                .filter(|f| !f.has_type_meta_type())
                // A field on no wire cannot survive a round trip; it keeps its zero value.
                .filter(|f| def.attrs.is_internal() || f.in_json() || f.in_proto())
                .map(|f| {
                    let fid = &f.ident;
                    quote!(f.fuzz(&mut self.#fid);)
                });
            quote!(#(#fuzz)*)
        }
        Body::Newtype(..) => quote!(f.fuzz(&mut self.0);),
    };
    crate::testing_only(quote! {
        impl #m::fuzz::Fuzz for #ident {
            fn fuzz_no_custom(&mut self, f: &mut #m::fuzz::Fuzzer) {
                #body
            }
        }
    })
}
