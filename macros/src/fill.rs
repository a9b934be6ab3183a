//! Emits `Fill` for a struct: upstream's deterministic fixture fill, field by field (test-only, see
//! `testing_only`).

use kapi_frontend::TypeDef;
use proc_macro2::TokenStream;
use quote::quote;

pub fn expand(def: &TypeDef) -> TokenStream {
    let ident = &def.ident;
    let m = quote!(::kapi_machinery);
    let fills = def.fields().iter().filter(|f| f.in_json()).map(|f| {
        let fid = &f.ident;
        let s = f.fill_string();
        let i = match f.attrs.proto {
            Some(n) => i64::from(n),
            None => -(s.len() as i64),
        };
        quote!(#m::fill::fill_field(&mut self.#fid, #s, #i, cx);)
    });
    crate::testing_only(quote! {
        impl #m::fill::Fill for #ident {
            fn fill(&mut self, _s: &str, _i: i64, cx: &mut #m::fill::FillCtx) {
                if !cx.enter(#m::fill::GoType::of::<Self>()) {
                    return;
                }
                #(#fills)*
                cx.leave();
            }
            fn go_type() -> ::core::option::Option<#m::fill::GoType> {
                ::core::option::Option::Some(#m::fill::GoType::of::<Self>())
            }
        }
    })
}
