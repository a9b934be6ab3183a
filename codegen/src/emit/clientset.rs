//! client-gen, lister-gen and informer-gen: one `clientset.rs` at the output root for every kind
//! marked `/// +genclient` in a versioned package. It is compiled into the crate that owns the
//! client runtime (`kapi-client`), which may implement its `Resource` trait for the API types:
//!
//! - per package, a module (`admissionregistration::v1`) with the `Resource` implementations
//!   (`kapi_client::resource!`), a typed group-version client with one accessor per resource
//!   (`validating_webhook_configurations()`, taking a namespace for namespaced resources), and typed
//!   informer and lister accessors over a shared informer factory;
//! - a `Clientset` with one accessor per group version, built on a `kapi_client::Client` (over
//!   HTTP, or over any `Service`: kapi-testing's fake is one);
//! - an `InformerFactory` with one accessor per group version;
//! - `register_all`, which tells a `kapi_client::Registry` (kapi-testing's `ApiServer`) about
//!   every resource, so that the clientset never names a server type.
//!
//! Everything of a group is behind `#[cfg(feature = "<group>")]`, the group being the top-level
//! module of the package (`admissionregistration` for `admissionregistration/v1`): kapi-client
//! has one feature per kapi-api group, so a user of one group compiles one group's clients.
//!
//! Markers (doc lines on the kind, as upstream's comment tags): `+genclient`,
//! `+genclient:nonNamespaced`, `+genclient:onlyVerbs=create,get`, `+genclient:skipVerbs=watch`,
//! `+genclient:noStatus`, `+genclient:subresource=scale`, `+resourceName=plural`.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use heck::ToSnakeCase;
use proc_macro2::TokenStream;
use quote::{format_ident, quote};

use kapi_frontend::diagnostics::Diagnostic;
use kapi_frontend::markers::GENCLIENT;
use kapi_frontend::universe::{TypeEntry, Universe};

use super::Emitted;

/// The API verb a `+genclient` verb (the front-end's `markers::VERBS`) stands for; `updateStatus`
/// is the `status` subresource, not a verb of its own.
fn api_verb(verb: &str) -> Option<&str> {
    match verb {
        "updateStatus" => None,
        "deleteCollection" => Some("deletecollection"),
        v => Some(v),
    }
}

/// One served resource.
struct Served<'a> {
    t: &'a TypeEntry,
    /// The list kind; create-only kinds (no list, watch or deleteCollection) may have none.
    list: Option<&'a TypeEntry>,
    plural: String,
    namespaced: bool,
    verbs: Vec<&'static str>,
    subresources: Vec<String>,
}

/// Upstream's plural of a kind (`Policy` → `Policies`, `Status` → `Statuses`, `Review` → `Reviews`).
pub fn plural(kind: &str) -> String {
    // Kinds whose name is already plural, as upstream's namer lists them.
    if kind == "Endpoints" {
        return kind.to_owned();
    }
    let lower = kind.to_ascii_lowercase();
    if lower.ends_with('y') && !lower.ends_with("ay") && !lower.ends_with("ey") && !lower.ends_with("oy") {
        format!("{}ies", &kind[..kind.len() - 1])
    } else if ["s", "x", "z", "ch", "sh"].iter().any(|e| lower.ends_with(e)) {
        format!("{kind}es")
    } else {
        format!("{kind}s")
    }
}

/// Writes `clientset.rs` if any kind is marked `+genclient`.
pub fn generate(u: &Universe, out: &mut Emitted, diagnostics: &mut Vec<Diagnostic>) {
    let mut by_package: BTreeMap<PathBuf, Vec<Served<'_>>> = BTreeMap::new();
    for pkg in u.packages.values() {
        let rel = &pkg.rel;
        let types: Vec<&TypeEntry> = u.types_in(rel).collect();
        for t in &types {
            // The front-end checked the markers: known names and verbs, on versioned kinds only.
            let Some(gen_client) = &t.def.markers.genclient else { continue };
            if t.def.attrs.kind.is_none() || t.def.attrs.is_internal() {
                continue;
            }
            let mut verbs = gen_client.verbs();
            let list_name = format!("{}List", t.def.ident);
            let list = types.iter().copied().find(|l| l.def.ident == list_name.as_str() && l.def.attrs.kind.is_some());
            let needs_list = verbs.iter().any(|v| matches!(*v, "list" | "watch" | "deleteCollection"));
            if list.is_none() && needs_list {
                diagnostics.push(
                    Diagnostic::at(&u.file(t.file).path, gen_client.span, format!("`+{GENCLIENT}` kind `{}` has no list kind `{list_name}` in its package", t.def.ident))
                        .note(format!(
                            "define `{list_name}` with `metadata: ListMeta` and `items`, or limit the verbs with `+genclient:onlyVerbs=create` (list, watch and deleteCollection need a list kind)"
                        )),
                );
                continue;
            }
            let has_status = t.def.fields().iter().any(|f| f.ident == "status");
            let mut subresources = Vec::new();
            if has_status && !gen_client.no_status && verbs.contains(&"updateStatus") {
                subresources.push("status".to_owned());
            } else {
                verbs.retain(|v| *v != "updateStatus");
            }
            subresources.extend(gen_client.subresources.iter().map(|s| s.value.clone()));
            let kind = t.kind().unwrap_or_else(|| t.name());
            let plural = gen_client
                .resource_name
                .as_ref()
                .map(|r| r.value.clone())
                .unwrap_or_else(|| plural(&kind).to_ascii_lowercase());
            by_package.entry(rel.clone()).or_default().push(Served {
                t,
                list,
                plural,
                namespaced: !gen_client.non_namespaced,
                verbs,
                subresources,
            });
        }
    }
    if by_package.is_empty() {
        return;
    }
    let api_crate: syn::Path = match &u.crate_name {
        Some(n) => {
            let id = format_ident!("{}", n);
            syn::parse_quote!(::#id)
        }
        None => syn::parse_quote!(crate),
    };
    let mut tree = ModTree::default();
    let mut group_versions = Vec::new();
    for (rel, served) in &by_package {
        let segs: Vec<String> = rel.iter().filter_map(|s| s.to_str()).map(str::to_owned).collect();
        let version = served[0].t.def.attrs.version.as_ref().map(|v| v.0.clone()).unwrap_or_default();
        let group = served[0].t.def.attrs.group.as_ref().map(|g| g.0.clone()).unwrap_or_default();
        tree.insert(&segs, package_module(rel, served, &api_crate, &group, &version));
        let accessor = format_ident!("{}", segs.join("_").to_snake_case());
        let path: Vec<syn::Ident> = segs.iter().map(|s| format_ident!("{}", s)).collect();
        group_versions.push((accessor, path, served));
    }
    let modules = tree.render(true);
    let clientset_accessors = group_versions.iter().map(|(acc, path, _)| {
        let doc = format!(" The client of `{}`.", path.iter().map(|p| p.to_string()).collect::<Vec<_>>().join("/"));
        let cfg = group_cfg(&path[0].to_string());
        quote! {
            #cfg
            #[doc = #doc]
            pub fn #acc(&self) -> #(#path::)*Client {
                #(#path::)*Client::new(self.client.clone())
            }
        }
    });
    let informer_accessors = group_versions
        .iter()
        .filter(|(_, _, served)| served.iter().any(|s| s.verbs.contains(&"list") && s.verbs.contains(&"watch")))
        .map(|(acc, path, _)| {
            let cfg = group_cfg(&path[0].to_string());
            quote! {
                #cfg
                #[doc = " Informers and listers of the group version."]
                pub fn #acc(&self) -> #(#path::)*Informers<'_> {
                    #(#path::)*Informers::new(&self.factory, &self.client)
                }
            }
        });
    let registrations = group_versions.iter().map(|(_, path, _)| {
        let cfg = group_cfg(&path[0].to_string());
        quote!(#cfg #(#path::)*register::<R>)
    });
    let infos = group_versions.iter().map(|(_, path, _)| {
        let cfg = group_cfg(&path[0].to_string());
        quote!(#cfg #(#path::)*resources())
    });
    let file: syn::File = syn::parse_quote! {
        //! Typed clients, informers and listers for every kind marked `+genclient`, one cargo
        //! feature per group.
        #![allow(clippy::too_many_arguments)]

        use kapi_client::{Client, Error, Registry, ResourceInfo};
        use kapi_client::factory::SharedInformerFactory;

        #(#modules)*

        /// Every served resource of the enabled groups, for registering them with a server or a tracker.
        pub fn resources() -> Vec<ResourceInfo> {
            // A table, not statements, so that it still compiles cleanly when every group is disabled.
            let per_group_version: &[Vec<ResourceInfo>] = &[#(#infos),*];
            per_group_version.concat()
        }

        /// The `register` function of a group version.
        type Register<R> = fn(&R) -> Result<(), kapi_machinery::SchemeError>;

        /// Registers every served resource of the enabled groups (kapi-testing's `ApiServer` is a registry).
        pub fn register_all<R: Registry>(registry: &R) -> Result<(), kapi_machinery::SchemeError> {
            let per_group_version: &[Register<R>] = &[#(#registrations),*];
            per_group_version.iter().try_for_each(|register| register(registry))
        }

        /// The typed clients of every group version.
        #[derive(Clone, Debug)]
        pub struct Clientset {
            client: Client,
        }

        impl Clientset {
            /// A clientset over a client (HTTP transport, or any `Service`).
            pub fn new(client: Client) -> Self {
                Clientset { client }
            }

            /// A clientset from the usual configuration: kubeconfig, or in-cluster.
            pub fn infer() -> Result<Self, Error> {
                Ok(Clientset::new(Client::infer()?))
            }

            /// The underlying client.
            pub fn client(&self) -> &Client {
                &self.client
            }

            #(#clientset_accessors)*
        }

        /// Shared informers of every group version, one per resource, over one client.
        #[derive(Debug)]
        pub struct InformerFactory {
            factory: SharedInformerFactory,
            client: Client,
        }

        impl InformerFactory {
            /// A factory over a clientset's client and an informer factory (resync, namespace and
            /// selector settings live there).
            pub fn new(clientset: &Clientset, factory: SharedInformerFactory) -> Self {
                InformerFactory { factory, client: clientset.client.clone() }
            }

            /// The shared factory (start, wait for sync, shut down).
            pub fn factory(&self) -> &SharedInformerFactory {
                &self.factory
            }

            /// The client the informers list and watch through.
            pub fn client(&self) -> &Client {
                &self.client
            }

            #(#informer_accessors)*
        }
    };
    out.file(PathBuf::from("clientset.rs"), super::render_rust(&file));
}

/// The name of the crate the API tree belongs to (from the `Cargo.toml` at the root or beside it),
/// by which the clientset, compiled into another crate, names the types.
/// The module of one package: resource implementations, client, informers.
fn package_module(rel: &Path, served: &[Served<'_>], api_crate: &syn::Path, group: &str, version: &str) -> TokenStream {
    let segs: Vec<syn::Ident> = rel.iter().filter_map(|s| s.to_str()).map(|s| format_ident!("{}", s)).collect();
    let types_path: syn::Path = syn::parse_quote!(#api_crate #(::#segs)*);
    let gv = if group.is_empty() { version.to_owned() } else { format!("{group}/{version}") };
    let mut impls = Vec::new();
    let mut accessors = Vec::new();
    let mut informers = Vec::new();
    let mut regs = Vec::new();
    let mut infos = Vec::new();
    for s in served {
        let ty = &s.t.def.ident;
        let resource = &s.plural;
        let namespaced = s.namespaced;
        let api_verbs: Vec<&str> = s.verbs.iter().filter_map(|v| api_verb(v)).collect();
        let subs = &s.subresources;
        let target = match s.list {
            Some(list) => {
                let list = &list.def.ident;
                quote!(#types_path::#ty, #types_path::#list)
            }
            None => quote!(unlisted #types_path::#ty),
        };
        impls.push(quote! {
            kapi_client::resource!(
                #target,
                resource = #resource, namespaced = #namespaced, protobuf = true,
                verbs = [#(#api_verbs),*], subresources = [#(#subs),*],
            );
        });
        let acc = format_ident!("{}", plural(&ty.to_string()).to_snake_case());
        let doc = format!(" `{resource}` of `{gv}`.");
        if namespaced {
            let all = format_ident!("{}_all_namespaces", acc);
            let doc_all = format!(" `{resource}` of `{gv}` in every namespace (list and watch).");
            accessors.push(quote! {
                #[doc = #doc]
                pub fn #acc(&self, namespace: &str) -> Result<kapi_client::Api<#types_path::#ty>, kapi_client::Error> {
                    self.client.namespaced(namespace)
                }
                #[doc = #doc_all]
                pub fn #all(&self) -> Result<kapi_client::Api<#types_path::#ty>, kapi_client::Error> {
                    self.client.all_namespaces()
                }
            });
        } else {
            accessors.push(quote! {
                #[doc = #doc]
                pub fn #acc(&self) -> Result<kapi_client::Api<#types_path::#ty>, kapi_client::Error> {
                    self.client.api()
                }
            });
        }
        if s.verbs.contains(&"list") && s.verbs.contains(&"watch") {
            let lister = format_ident!("{}_lister", ty.to_string().to_snake_case());
            let api = if namespaced { quote!(self.client.all_namespaces()) } else { quote!(self.client.api()) };
            informers.push(quote! {
                #[doc = #doc]
                pub fn #acc(&self) -> Result<kapi_client::informer::SharedInformer<#types_path::#ty>, kapi_client::Error> {
                    Ok(self.factory.informer::<#types_path::#ty, _>(#api?))
                }
                #[doc = " A lister over the shared informer's cache."]
                pub fn #lister(&self) -> Result<kapi_client::lister::Lister<#types_path::#ty>, kapi_client::Error> {
                    Ok(self.#acc()?.lister())
                }
            });
        }
        if s.list.is_some() {
            regs.push(quote!(registry.register::<#types_path::#ty>()?;));
            infos.push(quote!(kapi_client::ResourceInfo::of::<#types_path::#ty>()));
        } else {
            regs.push(quote!(registry.register_unlisted::<#types_path::#ty>()?;));
            infos.push(quote!(kapi_client::ResourceInfo::of_unlisted::<#types_path::#ty>()));
        }
    }
    let doc_client = format!(" The typed client of `{gv}`.");
    let doc_informers = format!(" Shared informers and listers of `{gv}`.");
    let informers_block = (!informers.is_empty()).then(|| {
        quote! {
            #[doc = #doc_informers]
            #[derive(Debug)]
            pub struct Informers<'a> {
                factory: &'a kapi_client::factory::SharedInformerFactory,
                client: &'a kapi_client::Client,
            }

            impl<'a> Informers<'a> {
                /// Informers over a factory and a client.
                pub fn new(factory: &'a kapi_client::factory::SharedInformerFactory, client: &'a kapi_client::Client) -> Self {
                    Informers { factory, client }
                }

                #(#informers)*
            }
        }
    });
    quote! {
        #(#impls)*

        #[doc = #doc_client]
        #[derive(Clone, Debug)]
        pub struct Client {
            client: kapi_client::Client,
        }

        impl Client {
            /// A group-version client over a client.
            pub fn new(client: kapi_client::Client) -> Self {
                Client { client }
            }

            #(#accessors)*
        }

        #informers_block

        /// The resources of this group version.
        pub fn resources() -> Vec<kapi_client::ResourceInfo> {
            vec![#(#infos),*]
        }

        /// Registers the resources of this group version with a registry, such as kapi-testing's `ApiServer`.
        pub fn register<R: kapi_client::Registry>(registry: &R) -> Result<(), kapi_machinery::SchemeError> {
            #(#regs)*
            Ok(())
        }
    }
}

/// `#[cfg(feature = "<group>")]`: the feature of kapi-client (mirroring kapi-api's) that enables a
/// group, named after the group's top-level module.
fn group_cfg(group: &str) -> TokenStream {
    quote!(#[cfg(feature = #group)])
}

/// Nested modules by package path.
#[derive(Default)]
struct ModTree {
    content: Option<TokenStream>,
    children: BTreeMap<String, ModTree>,
}

impl ModTree {
    fn insert(&mut self, path: &[String], content: TokenStream) {
        match path.split_first() {
            None => self.content = Some(content),
            Some((first, rest)) => self.children.entry(first.clone()).or_default().insert(rest, content),
        }
    }

    /// The modules; those of the top level (the groups) behind their features.
    fn render(&self, top_level: bool) -> Vec<TokenStream> {
        self.children
            .iter()
            .map(|(name, child)| {
                let id = format_ident!("{}", name);
                let content = child.content.clone().unwrap_or_default();
                let nested = child.render(false);
                let doc = format!(" `{name}`.");
                let cfg = top_level.then(|| group_cfg(name));
                quote! {
                    #cfg
                    #[doc = #doc]
                    pub mod #id {
                        #content
                        #(#nested)*
                    }
                }
            })
            .collect()
    }
}
