//! register-gen: for every package that declares `+groupName=<group>` in its `mod.rs` docs, a
//! `register.rs` with the group name, versions, an `add_known_types` that registers each kind (and
//! list kind) of the package, and an `add_to_scheme` that adds the common option kinds too. The
//! common kinds are reached as `::kapi_api::meta::v1`, which works in users' crates and, through
//! `extern crate self as kapi_api`, in ours. Conversions are registered only with the crate's
//! `internal` feature, which also compiles the internal types and `conversions.rs`.

use std::collections::{BTreeMap, BTreeSet};
use std::path::PathBuf;

use quote::quote;

use crate::load::{Loaded, Package};
use crate::output::Outputs;

/// Adds the registration file of every opted-in package to `outputs`, or reports why it cannot.
pub fn generate(
    loaded: &Loaded,
    packages: &BTreeMap<PathBuf, Package>,
    defaulted: &BTreeSet<PathBuf>,
    converted: &BTreeSet<PathBuf>,
    outputs: &mut Outputs,
    diagnostics: &mut Vec<String>,
) {
    for (rel, pkg) in packages {
        let Some(group) = pkg.markers.iter().find(|(k, _)| k == "groupName").map(|(_, v)| v.clone()) else {
            continue;
        };
        let mut kinds: Vec<(String, syn::Path)> = Vec::new();
        let mut versions: Vec<String> = Vec::new();
        for t in loaded.types_in(&pkg.dir) {
            let Some((kind_name, _)) = &t.def.attrs.kind else { continue };
            let kind = kind_name.clone().unwrap_or_else(|| t.def.ident.to_string());
            let tgroup = t.def.attrs.group.as_ref().map(|g| g.0.as_str()).unwrap_or_default();
            if tgroup != group {
                let start = t.def.ident.span().start();
                diagnostics.push(format!(
                    "error: kind `{kind}` declares group `{tgroup}` but its package says `+groupName={group}`\n  --> {}:{}:{}\n  = note: make them agree\n",
                    t.file.display(),
                    start.line,
                    start.column + 1
                ));
                continue;
            }
            if !t.def.attrs.is_internal() {
                let version = t.def.attrs.version.as_ref().map(|v| v.0.clone()).unwrap_or_default();
                if !versions.contains(&version) {
                    versions.push(version);
                }
            }
            let path = super::item_path(&t.file, &t.def.ident);
            kinds.push((kind, path));
        }
        kinds.sort_by(|a, b| a.0.cmp(&b.0));
        versions.sort();
        let regs = kinds.iter().map(|(_, p)| quote!(scheme.add_known_type::<#p>()?;));
        let register_defaults = defaulted.contains(rel).then(|| quote!(super::defaulters::register_defaults(scheme);));
        // Internal types and conversions are for servers, not clients: behind the owning crate's
        // `internal` feature, as its `mod.rs` includes `conversions.rs`.
        let register_conversions = converted.contains(rel).then(|| {
            quote! {
                #[cfg(feature = "internal")]
                super::conversions::register_conversions(scheme);
            }
        });
        let pkg_name = rel.display().to_string();
        let doc = format!(" Registration of the kinds of `{pkg_name}` (group `{group}`).");
        let file: syn::File = syn::parse_quote! {
            #![doc = #doc]

            use kapi_machinery::{GroupVersion, Scheme, SchemeError};

            /// The API group of this package.
            pub const GROUP_NAME: &str = #group;

            /// The versions of the kinds defined in this package (none for an internal package).
            pub const VERSIONS: &[&str] = &[#(#versions),*];

            /// Registers every kind and list kind of this package, in kind-name order.
            pub fn add_known_types(scheme: &mut Scheme) -> Result<(), SchemeError> {
                #(#regs)*
                Ok(())
            }

            /// Registers this package's kinds (with their defaulting and conversion functions, if
            /// any), and the option kinds and `WatchEvent` in each of its group versions, as
            /// upstream's `AddToGroupVersion` does.
            pub fn add_to_scheme(scheme: &mut Scheme) -> Result<(), SchemeError> {
                add_known_types(scheme)?;
                #register_defaults
                #register_conversions
                for version in VERSIONS {
                    ::kapi_api::meta::v1::add_to_group_version(scheme, &GroupVersion::new(GROUP_NAME, *version))?;
                }
                Ok(())
            }
        };
        outputs.insert(rel.join("register.rs"), super::render_rust(&file));
    }
}
