//! prerelease-lifecycle-gen: for every package marked `+k8s:prerelease-lifecycle-gen=true`, a `lifecycle.rs` that implements `ApiLifecycle` for each kind from its `+k8s:prerelease-lifecycle-gen:*` markers (with upstream's defaults), lists them in `LIFECYCLES`, and records them in a scheme for servers to warn about deprecated versions.

use kapi_frontend::diagnostics::Diagnostic;
use kapi_frontend::markers::{LIFECYCLE_INTRODUCED, Lifecycle, PRERELEASE_LIFECYCLE_GEN, Release};
use kapi_frontend::universe::Universe;
use quote::quote;

use super::{Emitted, Export};

/// Whether a package's kinds have lifecycles, so that its `add_to_scheme` records them.
pub fn has_lifecycle(u: &Universe, package: &std::path::Path) -> bool {
    u.packages.get(package).is_some_and(|p| p.markers.prerelease_lifecycle.is_some() && p.markers.group_name.is_some())
}

fn release(r: Release) -> proc_macro2::TokenStream {
    let major = proc_macro2::Literal::u32_unsuffixed(r.major);
    let minor = proc_macro2::Literal::u32_unsuffixed(r.minor);
    quote!(::kapi_machinery::lifecycle::Release::new(#major, #minor))
}

fn optional(r: Option<Release>) -> proc_macro2::TokenStream {
    match r {
        Some(r) => {
            let r = release(r);
            quote!(Some(#r))
        }
        None => quote!(None),
    }
}

/// Adds the lifecycle module of every marked package, or reports kinds whose lifecycle is missing
/// or written where nothing reads it. A replacement need not be a kind of the tree: upstream names
/// `apps/v1` `DeploymentRollback`, which never existed, and the warning repeats it.
pub fn generate(u: &Universe, out: &mut Emitted, diagnostics: &mut Vec<Diagnostic>) {
    for pkg in u.packages.values() {
        let enabled = has_lifecycle(u, &pkg.rel);
        let mut kinds: Vec<(String, syn::Path, Lifecycle)> = Vec::new();
        let (mut group, mut version) = (String::new(), String::new());
        for t in u.types_in(&pkg.rel) {
            let path = &u.file(t.file).path;
            let markers = &t.def.markers.lifecycle;
            let Some(kind) = t.kind().filter(|_| !t.def.attrs.is_internal()) else { continue };
            if !enabled {
                if let Some(m) = &markers.introduced {
                    diagnostics.push(
                        Diagnostic::at(
                            path,
                            m.span,
                            format!("`{kind}` has a lifecycle but its package does not generate one"),
                        )
                        .note(format!(
                            "add `//! +{PRERELEASE_LIFECYCLE_GEN}=true` to `{}`",
                            u.file(pkg.mod_file).path.display()
                        )),
                    );
                }
                continue;
            }
            group = t.def.attrs.group.as_ref().map(|g| g.0.clone()).unwrap_or_default();
            version = t.def.attrs.version.as_ref().map(|v| v.0.clone()).unwrap_or_default();
            let Some(lifecycle) = markers.resolve(&version) else {
                diagnostics.push(
                    Diagnostic::at(
                        path,
                        t.def.ident.span(),
                        format!("kind `{kind}` has no `+{LIFECYCLE_INTRODUCED}`, and its package generates lifecycles"),
                    )
                    .note(format!(
                        "add `/// +{LIFECYCLE_INTRODUCED}=1.NN` (the release that first served it) to its docs"
                    )),
                );
                continue;
            };
            kinds.push((kind, u.item_path(t.file, &t.def.ident), lifecycle));
        }
        if !enabled || kinds.is_empty() {
            continue;
        }
        kinds.sort_by(|a, b| a.0.cmp(&b.0));
        let impls = kinds.iter().map(|(_, ty, l)| {
            let introduced = release(l.introduced);
            let deprecated = optional(l.deprecated);
            let removed = optional(l.removed);
            let replacement = match &l.replacement {
                Some(r) => {
                    let (g, v, k) = (&r.group, &r.version, &r.kind);
                    quote!(Some(::kapi_machinery::lifecycle::Replacement { group: #g, version: #v, kind: #k }))
                }
                None => quote!(None),
            };
            quote! {
                impl ::kapi_machinery::lifecycle::ApiLifecycle for #ty {
                    const LIFECYCLE: ::kapi_machinery::lifecycle::Lifecycle = ::kapi_machinery::lifecycle::Lifecycle {
                        introduced: #introduced,
                        deprecated: #deprecated,
                        removed: #removed,
                        replacement: #replacement,
                    };
                }
            }
        });
        let rows = kinds
            .iter()
            .map(|(kind, ty, _)| quote!((#kind, <#ty as ::kapi_machinery::lifecycle::ApiLifecycle>::LIFECYCLE)));
        let lazy = super::where_used();
        let doc = format!(" The lifecycle of each kind of `{}` (`+{PRERELEASE_LIFECYCLE_GEN}`).", pkg.rel.display());
        let file: syn::File = syn::parse_quote! {
            #![doc = #doc]

            #(#impls)*

            /// The lifecycle of every kind of this package, in kind-name order.
            pub const LIFECYCLES: &[(&str, ::kapi_machinery::lifecycle::Lifecycle)] = &[#(#rows),*];

            /// Records the lifecycle of every kind of this package in a scheme.
            #lazy
            pub fn add_lifecycles(scheme: &mut ::kapi_machinery::Scheme) {
                for (kind, lifecycle) in LIFECYCLES {
                    scheme.add_lifecycle(::kapi_machinery::GroupVersionKind::new(#group, #version, *kind), *lifecycle);
                }
            }
        };
        out.module(&pkg.rel, "lifecycle", &file, Export::Items(vec!["LIFECYCLES", "add_lifecycles"]), false, &[]);
    }
}
