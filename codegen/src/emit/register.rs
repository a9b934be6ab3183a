//! register-gen: for every package that declares `+groupName=<group>`, a `register.rs` with the group name, versions, an `add_known_types` that registers each kind (and list kind) of the package, and an `add_to_scheme` that adds the defaulting, hand-written validation (`validate_<kind>`, and `validate_<kind>_status_update` for status writes), the warnings of writes (`warnings_for_<kind>`, and `warnings_for_<kind>_status_update` for status writes), generated declarative validation (`validate_declarative_<kind>`) and conversion functions and the common option kinds too. The common kinds are reached as `::kapi_api::meta::v1`, which works in users' crates and, through `extern crate self as kapi_api`, in ours.

use kapi_frontend::diagnostics::Diagnostic;
use kapi_frontend::markers::GROUP_NAME;
use kapi_frontend::universe::{Convention, Universe};
use proc_macro2::TokenStream;
use quote::quote;

use super::{Emitted, Export, Plan};

/// Adds the registration module of every package with a group, or reports why it cannot.
pub fn generate(u: &Universe, plan: &Plan, out: &mut Emitted, diagnostics: &mut Vec<Diagnostic>) {
    for pkg in u.group_packages() {
        let group = pkg.group().unwrap_or_default();
        let mut kinds: Vec<(String, syn::Path)> = Vec::new();
        let mut versions: Vec<String> = Vec::new();
        for t in u.types_in(&pkg.rel) {
            let Some(kind) = t.kind() else { continue };
            let tgroup = t.def.attrs.group.as_ref().map(|g| g.0.as_str()).unwrap_or_default();
            if tgroup != group {
                diagnostics.push(
                    Diagnostic::at(
                        &u.file(t.file).path,
                        t.def.ident.span(),
                        format!("kind `{kind}` declares group `{tgroup}` but its package says `+{GROUP_NAME}={group}`"),
                    )
                    .note("make them agree"),
                );
                continue;
            }
            if !t.def.attrs.is_internal() {
                let version = t.def.attrs.version.as_ref().map(|v| v.0.clone()).unwrap_or_default();
                if !versions.contains(&version) {
                    versions.push(version);
                }
            }
            kinds.push((kind, u.item_path(t.file, &t.def.ident)));
        }
        kinds.sort_by(|a, b| a.0.cmp(&b.0));
        versions.sort();
        let regs = kinds.iter().map(|(_, p)| quote!(scheme.add_known_type::<#p>()?;));
        let register_defaults =
            plan.defaulted.contains(&pkg.rel).then(|| quote!(super::defaulters::register_defaults(scheme);));
        // Conversions and dropping feature-gated fields are for servers, not clients: like
        // `conversions.rs` and `featuregates.rs`, behind the owning crate's `internal` feature.
        let feature = super::INTERNAL_FEATURE;
        let register_gates = plan.gated.contains(&pkg.rel).then(|| {
            quote! {
                #[cfg(feature = #feature)]
                super::featuregates::register_feature_gates(scheme);
            }
        });
        let register_conversions = plan.converted.contains(&pkg.rel).then(|| {
            quote! {
                #[cfg(feature = #feature)]
                super::conversions::register_conversions(scheme);
            }
        });
        let register_lifecycles = (super::lifecycle::has_lifecycle(u, &pkg.rel) && !versions.is_empty())
            .then(|| quote!(super::lifecycle::add_lifecycles(scheme);));
        // Hand-written `validate_<kind>` functions, in kind order, for servers to find by type.
        let mut validators: Vec<(String, syn::Path)> =
            u.hand_written_in(&pkg.rel, Convention::Validator).map(|h| (h.type_name.clone(), h.path(u))).collect();
        validators.sort_by(|a, b| a.0.cmp(&b.0));
        let register_validation = validators.iter().map(|(_, p)| quote!(scheme.add_validation_func(#p);));
        // Hand-written `validate_<kind>_status_update` functions, for `status` subresource writes.
        let mut status_validators: Vec<(String, syn::Path)> = u
            .hand_written_in(&pkg.rel, Convention::StatusValidator)
            .map(|h| (h.type_name.clone(), h.path(u)))
            .collect();
        status_validators.sort_by(|a, b| a.0.cmp(&b.0));
        let register_status_validation =
            status_validators.iter().map(|(_, p)| quote!(scheme.add_status_validation_func(#p);));
        // Hand-written `warnings_for_<kind>` functions: what a server warns about on a write.
        let mut warnings: Vec<(String, syn::Path)> =
            u.hand_written_in(&pkg.rel, Convention::Warnings).map(|h| (h.type_name.clone(), h.path(u))).collect();
        warnings.sort_by(|a, b| a.0.cmp(&b.0));
        let register_warnings = warnings.iter().map(|(_, p)| quote!(scheme.add_warnings_func(#p);));
        // Hand-written `warnings_for_<kind>_status_update` functions, for `status` writes.
        let mut status_warnings: Vec<(String, syn::Path)> =
            u.hand_written_in(&pkg.rel, Convention::StatusWarnings).map(|h| (h.type_name.clone(), h.path(u))).collect();
        status_warnings.sort_by(|a, b| a.0.cmp(&b.0));
        let register_status_warnings =
            status_warnings.iter().map(|(_, p)| quote!(scheme.add_status_warnings_func(#p);));
        // Generated declarative validation, after the hand-written functions of the same kinds.
        let register_declarative =
            super::validation::validated_kinds(u, &plan.needs_validation, &pkg.rel).into_iter().map(|t| {
                let f = quote::format_ident!(
                    "validate_declarative_{}",
                    heck::ToSnakeCase::to_snake_case(t.name().as_str())
                );
                quote!(scheme.add_declarative_validation_func(super::validation::#f);)
            });
        // Validation and warnings are for servers, not clients: behind the owning crate's
        // `validation` feature, as the generated `validation.rs` is.
        let register_declarative: Vec<TokenStream> = register_declarative.collect();
        let has_validation = !(validators.is_empty()
            && status_validators.is_empty()
            && register_declarative.is_empty()
            && warnings.is_empty()
            && status_warnings.is_empty());
        let validation_feature = super::VALIDATION_FEATURE;
        let register_validation = has_validation.then(|| {
            quote! {
                #[cfg(feature = #validation_feature)]
                {
                    #(#register_validation)*
                    #(#register_declarative)*
                    #(#register_status_validation)*
                    #(#register_warnings)*
                    #(#register_status_warnings)*
                }
            }
        });
        let lazy = super::where_used();
        let doc = format!(" Registration of the kinds of `{}` (group `{group}`).", pkg.rel.display());
        let file: syn::File = syn::parse_quote! {
            #![doc = #doc]

            use kapi_machinery::{GroupVersion, Scheme, SchemeError};

            /// The API group of this package.
            pub const GROUP_NAME: &str = #group;

            /// The versions of the kinds defined in this package (none for an internal package).
            pub const VERSIONS: &[&str] = &[#(#versions),*];

            /// Registers every kind and list kind of this package, in kind-name order.
            #lazy
            pub fn add_known_types(scheme: &mut Scheme) -> Result<(), SchemeError> {
                #(#regs)*
                Ok(())
            }

            /// Registers this package's kinds (with their defaulting and conversion functions and
            /// lifecycles, if any), and the option kinds and `WatchEvent` in each of its group versions, as
            /// upstream's `AddToGroupVersion` does.
            #lazy
            pub fn add_to_scheme(scheme: &mut Scheme) -> Result<(), SchemeError> {
                add_known_types(scheme)?;
                #register_defaults
                #register_gates
                #register_validation
                #register_conversions
                #register_lifecycles
                for version in VERSIONS {
                    ::kapi_api::meta::v1::add_to_group_version(scheme, &GroupVersion::new(GROUP_NAME, *version))?;
                }
                Ok(())
            }
        };
        out.module(
            &pkg.rel,
            "register",
            &file,
            Export::Items(vec!["GROUP_NAME", "VERSIONS", "add_known_types", "add_to_scheme"]),
            false,
            if super::is_hub(u, &pkg.rel) { &[super::INTERNAL_FEATURE] } else { &[] },
        );
    }
}
