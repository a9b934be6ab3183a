//! The round-trip suites: for every package with `+groupName=`, a `roundtrip_test.rs` with one test
//! per kind. Versioned kinds go through JSON, YAML and protobuf
//! (`kapi_machinery::roundtrip::versioned`); internal kinds go through every versioned package that
//! converts to them (`kapi_machinery::roundtrip::internal`). Hand-written custom fuzzer functions
//! (`pub fn fuzz_<type>(obj: &mut Type, f: &mut Fuzzer)`) of the package are registered first; a hub
//! also registers those of the other hubs its types hold (batch's jobs hold core's pod templates,
//! whose random values must survive core's defaults too).

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

use heck::ToSnakeCase;
use kapi_frontend::diagnostics::Diagnostic;
use kapi_frontend::universe::{Convention, TypeEntry, Universe};
use kapi_frontend::{Body, Shape};
use quote::{format_ident, quote};

use super::{Emitted, Plan};

/// Writes the round-trip suite of each package with a group.
pub fn generate(u: &Universe, plan: &Plan, out: &mut Emitted, _diagnostics: &mut Vec<Diagnostic>) {
    for pkg in u.group_packages() {
        let kinds: Vec<&TypeEntry> = u.types_in(&pkg.rel).filter(|t| t.def.attrs.kind.is_some()).collect();
        if kinds.is_empty() {
            continue;
        }
        let fuzzer_packages = if super::is_hub(u, &pkg.rel) { held_hubs(u, &pkg.rel) } else { Vec::new() };
        let fuzzers: Vec<syn::Path> = std::iter::once(pkg.rel.clone())
            .chain(fuzzer_packages)
            .flat_map(|p| u.hand_written_in(&p, Convention::Fuzzer).map(|h| h.path(u)).collect::<Vec<_>>())
            .collect();
        let mut tests = Vec::new();
        let mut schemes = vec![u.module_path(&pkg.rel)];
        // The versioned packages that convert to this one (when it is a hub).
        let internal_versions: Vec<&kapi_frontend::universe::Package> =
            u.versions_of_hub(&pkg.rel).filter(|v| plan.converted.contains(&v.rel)).collect();
        // Only this group's: another group's versions of these kinds (events.k8s.io's events of
        // core's hub) are not covered here, and their group may not even be compiled in.
        schemes.extend(internal_versions.iter().filter(|v| v.group() == pkg.group()).map(|v| u.module_path(&v.rel)));
        for t in &kinds {
            let ty = u.item_path(t.file, &t.def.ident);
            let name = format_ident!("{}", t.name().to_snake_case());
            if t.def.attrs.is_internal() {
                let versions: Vec<String> = internal_versions
                    .iter()
                    .filter(|v| {
                        // Versions of another group (an old group whose kinds moved here) are
                        // registered under their own group; the suite covers this group's.
                        u.type_named(&v.rel, &t.name()).is_some_and(|vt| {
                            vt.def.attrs.kind.is_some()
                                && vt.def.attrs.group.as_ref().map(|g| &g.0) == t.def.attrs.group.as_ref().map(|g| &g.0)
                                && u.hub_type_of(vt).is_some_and(|h| std::ptr::eq(h, *t))
                        })
                    })
                    .filter_map(|v| v.rel.file_name().and_then(|n| n.to_str()).map(str::to_owned))
                    .collect();
                if versions.is_empty() {
                    continue;
                }
                tests.push(quote! {
                    #[test]
                    fn #name() {
                        if let Err(e) = kapi_machinery::roundtrip::internal::<#ty>(&scheme(), &[#(#versions),*], setup) {
                            panic!("{e}");
                        }
                    }
                });
            } else {
                let run = if t.def.attrs.json_only.is_some() {
                    quote!(kapi_machinery::roundtrip::versioned_json_only::<#ty>(&scheme(), setup))
                } else {
                    quote!(kapi_machinery::roundtrip::versioned::<#ty>(&scheme(), setup))
                };
                tests.push(quote! {
                    #[test]
                    fn #name() {
                        if let Err(e) = #run {
                            panic!("{e}");
                        }
                    }
                });
            }
        }
        if tests.is_empty() {
            continue;
        }
        let registrations = fuzzers.iter().map(|p| quote!(f.register(#p);));
        let doc = format!(" Round-trip tests of the kinds of `{}` over seeded random objects.", pkg.rel.display());
        let file: syn::File = syn::parse_quote! {
            #![doc = #doc]

            use kapi_machinery::{Fuzzer, Scheme};

            /// The scheme of the package and of every package it converts with.
            fn scheme() -> Scheme {
                let mut scheme = Scheme::new();
                #(#schemes::add_to_scheme(&mut scheme).expect("the generated registration is consistent");)*
                scheme
            }

            /// Registers the package's custom fuzzer functions.
            #[allow(unused_variables)]
            fn setup(f: &mut Fuzzer) {
                #(#registrations)*
            }

            #(#tests)*
        };
        let features: &[&str] = if super::is_hub(u, &pkg.rel) { &[super::INTERNAL_FEATURE] } else { &[] };
        out.module(&pkg.rel, "roundtrip_test", &file, super::Export::Glob, true, features);
    }
}

/// The other hub packages whose types a hub's types hold, directly or through other types, in
/// package order.
fn held_hubs(u: &Universe, hub: &Path) -> Vec<PathBuf> {
    let mut seen: BTreeSet<usize> = BTreeSet::new();
    let mut todo: Vec<usize> =
        u.types.iter().enumerate().filter(|(_, t)| t.package.as_path() == hub).map(|(i, _)| i).collect();
    let mut packages = BTreeSet::new();
    while let Some(id) = todo.pop() {
        if !seen.insert(id) {
            continue;
        }
        let t = &u.types[id];
        if t.package.as_path() != hub && super::is_hub(u, &t.package) {
            packages.insert(t.package.clone());
        }
        let mut shapes: Vec<&Shape> = match &t.def.body {
            Body::Struct(fields) => fields.iter().map(|f| &f.shape).collect(),
            Body::Newtype(shape, _) => vec![shape.as_ref()],
        };
        while let Some(shape) = shapes.pop() {
            match shape {
                Shape::Option(x) | Shape::Box(x) | Shape::Vec(x) => shapes.push(x),
                Shape::Map(k, v) => shapes.extend([k.as_ref(), v.as_ref()]),
                Shape::Named(path) => todo.extend(u.resolve_def(t.file, path)),
                _ => {}
            }
        }
    }
    packages.into_iter().collect()
}
