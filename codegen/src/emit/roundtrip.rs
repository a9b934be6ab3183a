//! The round-trip suites: for every package with `+groupName=`, a `roundtrip_test.rs` with one test
//! per kind. Versioned kinds go through JSON, YAML and protobuf
//! (`kapi_machinery::roundtrip::versioned`); internal kinds go through every versioned package that
//! converts to them (`kapi_machinery::roundtrip::internal`). Hand-written custom fuzzer functions
//! (`pub fn fuzz_<type>(obj: &mut Type, f: &mut Fuzzer)`) of the package are registered first.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

use heck::ToSnakeCase;
use quote::{format_ident, quote};

use crate::load::{Loaded, LoadedType, Package};
use crate::output::Outputs;

/// Writes the round-trip suite of each opted-in package.
pub fn generate(
    loaded: &Loaded,
    packages: &BTreeMap<PathBuf, Package>,
    converted: &BTreeSet<PathBuf>,
    outputs: &mut Outputs,
    diagnostics: &mut Vec<String>,
) {
    // Which versioned packages convert to each internal package.
    let mut versions_of: BTreeMap<PathBuf, Vec<PathBuf>> = BTreeMap::new();
    for rel in converted {
        let Some(pkg) = packages.get(rel) else { continue };
        if let Some((_, target)) = pkg.markers.iter().find(|(k, _)| k == super::conversion::MARKER)
            && let Some((internal_rel, _)) = super::conversion::parse_module_path(target)
        {
            versions_of.entry(internal_rel).or_default().push(rel.clone());
        }
    }
    // The kinds of each package directory, looked up once rather than per kind and version.
    let mut kinds_in: BTreeMap<&Path, BTreeSet<String>> = BTreeMap::new();
    for t in loaded.types.iter().filter(|t| t.def.attrs.kind.is_some()) {
        if let Some(dir) = t.file.parent() {
            kinds_in.entry(dir).or_default().insert(t.def.ident.to_string());
        }
    }
    for (rel, pkg) in packages.iter().filter(|(_, p)| p.markers.iter().any(|(k, _)| k == "groupName")) {
        let kinds: Vec<&LoadedType> = loaded.types_in(&pkg.dir).filter(|t| t.def.attrs.kind.is_some()).collect();
        if kinds.is_empty() {
            continue;
        }
        let types: BTreeSet<String> = loaded.types_in(&pkg.dir).map(|t| t.def.ident.to_string()).collect();
        let fuzzers = fuzzer_functions(loaded, &pkg.dir, &types, diagnostics);
        let mut tests = Vec::new();
        let mut schemes = vec![module_path(rel)];
        let internal_versions = versions_of.get(rel).cloned().unwrap_or_default();
        schemes.extend(internal_versions.iter().map(|r| module_path(r)));
        for t in &kinds {
            let ty = super::item_path(&t.file, &t.def.ident);
            let name = format_ident!("{}", t.def.ident.to_string().to_snake_case());
            if t.def.attrs.is_internal() {
                let versions: Vec<String> = internal_versions
                    .iter()
                    .filter(|v| {
                        packages
                            .get(*v)
                            .and_then(|p| kinds_in.get(p.dir.as_path()))
                            .is_some_and(|kinds| kinds.contains(&t.def.ident.to_string()))
                    })
                    .filter_map(|v| v.file_name().and_then(|n| n.to_str()).map(str::to_owned))
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
                tests.push(quote! {
                    #[test]
                    fn #name() {
                        if let Err(e) = kapi_machinery::roundtrip::versioned::<#ty>(&scheme(), setup) {
                            panic!("{e}");
                        }
                    }
                });
            }
        }
        let registrations = fuzzers.iter().map(|p| quote!(f.register(#p);));
        let doc = format!(" Round-trip tests of the kinds of `{}` over seeded random objects.", rel.display());
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
        outputs.insert(rel.join("roundtrip_test.rs"), super::render_rust(&file));
    }
}

/// `crate::a::b` for package `a/b`.
fn module_path(rel: &Path) -> syn::Path {
    let segs = rel.iter().filter_map(|s| s.to_str()).map(|s| format_ident!("{}", s));
    syn::parse_quote!(crate #(::#segs)*)
}

/// The package's `fuzz_<type>` functions, checked against `pub fn fuzz_x(obj: &mut X, f: &mut Fuzzer)`.
fn fuzzer_functions(
    loaded: &Loaded,
    dir: &Path,
    types: &BTreeSet<String>,
    diagnostics: &mut Vec<String>,
) -> Vec<syn::Path> {
    let by_snake: BTreeMap<String, &String> = types.iter().map(|k| (k.to_snake_case(), k)).collect();
    let mut out = Vec::new();
    for f in loaded.fuzzers.iter().filter(|f| f.file.parent() == Some(dir)) {
        let name = f.def.ident.to_string();
        let span = f.def.ident.span();
        let Some(ty) = by_snake.get(name.trim_start_matches("fuzz_")) else {
            diagnostics.push(super::diagnostic(
                &f.file,
                span,
                &format!("`{name}` names no type of this package"),
                "custom fuzzer functions are named `fuzz_<type in snake case>`",
            ));
            continue;
        };
        let ok = f.def.is_pub
            && !f.def.has_output
            && matches!(&f.def.inputs[..], [syn::Type::Reference(a), syn::Type::Reference(b)]
                if a.mutability.is_some() && b.mutability.is_some()
                && matches!(&*a.elem, syn::Type::Path(p) if p.path.segments.last().is_some_and(|s| s.ident == ty.as_str()))
                && matches!(&*b.elem, syn::Type::Path(p) if p.path.segments.last().is_some_and(|s| s.ident == "Fuzzer")));
        if !ok {
            diagnostics.push(super::diagnostic(
                &f.file,
                span,
                &format!("custom fuzzer function `{name}` has the wrong signature"),
                &format!("write it as `pub fn {name}(obj: &mut {ty}, f: &mut Fuzzer)`"),
            ));
            continue;
        }
        out.push(super::item_path(&f.file, &f.def.ident));
    }
    out
}
