//! client-gen, lister-gen and informer-gen, for every kind marked `/// +genclient` in a versioned
//! package, in two files at the output root:
//!
//! - `resources.rs`, compiled into the API crate itself: each kind's `Resource` implementation
//!   (`::kapi_api::impl_resource!`: plural, scope, verbs, subresources with the kinds of their
//!   bodies, short names, categories) and `resources()`, the table of every served resource, which
//!   servers and trackers serve from;
//! - `clientset.rs`, compiled into the crate that owns the client runtime (`kapi-client`): per
//!   package, a module (`admissionregistration::v1`) with a typed group-version client with one
//!   accessor per resource (`validating_webhook_configurations()`, taking a namespace for
//!   namespaced resources) and typed informer and lister accessors over a shared informer
//!   factory; a `Clientset` with one accessor per group version, built on a `kapi_client::Client`
//!   (over HTTP, or over any `Service`: kapi-testing's fake is one); an `InformerFactory` with one
//!   accessor per group version; and `register_all`, which tells a `kapi_client::Registry` about
//!   every resource, so that the clientset never names a server type.
//!
//! Everything of a group is behind `#[cfg(feature = "<group>")]`, the group being the top-level
//! module of the package (`admissionregistration` for `admissionregistration/v1`): kapi-api and
//! kapi-client have one feature per group, so a user of one group compiles one group's clients.
//! A resource whose subresources take kinds of other groups needs their features too.
//!
//! Markers (doc lines on the kind, as upstream's comment tags): `+genclient`,
//! `+genclient:nonNamespaced`, `+genclient:onlyVerbs=create,get`, `+genclient:skipVerbs=watch`,
//! `+genclient:noStatus`, `+genclient:noVerbs`,
//! `+genclient:method=GetScale,verb=get,subresource=scale,result=crate::autoscaling::v1::Scale`,
//! `+resourceName=plural`. Each method becomes an inherent method of `kapi_client::Api<Kind>`
//! (`get_scale`, and `get_scale_with_warnings`), and each subresource an entry of the resource's
//! `SUBRESOURCES` with its verbs and the kinds of its bodies, which servers decode requests with.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

use heck::ToSnakeCase;
use proc_macro2::TokenStream;
use quote::{format_ident, quote};

use kapi_frontend::diagnostics::Diagnostic;
use kapi_frontend::markers::{GENCLIENT, GENCLIENT_METHOD, GenClient, METHOD_VERBS};
use kapi_frontend::universe::{Resolved, TypeEntry, Universe};

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
    subresources: Vec<Sub>,
    methods: Vec<TypedMethod>,
    short_names: Vec<String>,
    categories: Vec<String>,
    own_name_rule: bool,
}

/// A subresource: `status` (the kind itself, every verb of a subresource) or one named by
/// `+genclient:method=` lines, with the union of their verbs and kinds.
struct Sub {
    name: String,
    /// `None` for `status`: the kind's own, with get, update, patch and apply.
    declared: Option<SubKinds>,
}

struct SubKinds {
    verbs: Vec<&'static str>,
    inputs: Vec<syn::Path>,
    result: syn::Path,
}

/// One `+genclient:method=` line, resolved.
struct TypedMethod {
    name: String,
    verb: &'static str,
    subresource: String,
    input: syn::Path,
    result: syn::Path,
    /// The input's kind name, for the parameter's name.
    input_name: String,
}

/// The methods of `kapi_client::Api` that a typed method must not shadow.
const API_METHODS: &[&str] = &[
    "client",
    "namespace",
    "collection_path",
    "item_path",
    "create",
    "update",
    "update_status",
    "get",
    "delete",
    "watch",
    "patch",
    "apply",
    "list",
    "list_all",
    "delete_collection",
    "get_subresource",
    "create_subresource",
    "update_subresource",
    "patch_subresource",
    "apply_subresource",
];

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

/// The accessor of a kind's resource (`deployments`, `network_policies`, `service_cidrs`): the
/// kind in snake case, then made plural, so an acronym keeps its letters together (the plural in
/// camel case, `ServiceCIDRs`, would split as `service_cid_rs`).
fn accessor(kind: &str) -> String {
    if kind == "Endpoints" {
        return "endpoints".to_owned();
    }
    plural(&kind.to_snake_case())
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
            if gen_client.no_verbs {
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
                subresources.push(Sub { name: "status".to_owned(), declared: None });
            } else {
                verbs.retain(|v| *v != "updateStatus");
            }
            let methods = typed_methods(u, t, gen_client, api_crate_path(u), diagnostics);
            for m in &methods {
                if m.subresource == "status" {
                    let span = gen_client.methods.iter().find(|g| g.name == m.name).map_or(gen_client.span, |g| g.span);
                    diagnostics.push(Diagnostic::at(
                        &u.file(t.file).path,
                        span,
                        format!("the `status` subresource of `{}` comes from its `status` field; name another subresource in `+{GENCLIENT_METHOD}={}`", t.def.ident, m.name),
                    ));
                    continue;
                }
                let i = match subresources.iter().position(|s| s.name == m.subresource) {
                    Some(i) => i,
                    None => {
                        subresources.push(Sub {
                            name: m.subresource.clone(),
                            declared: Some(SubKinds {
                                verbs: Vec::new(),
                                inputs: Vec::new(),
                                result: m.result.clone(),
                            }),
                        });
                        subresources.len() - 1
                    }
                };
                let Some(kinds) = subresources[i].declared.as_mut() else { continue };
                if kinds.result != m.result {
                    let span = gen_client.methods.iter().find(|g| g.name == m.name).map_or(gen_client.span, |g| g.span);
                    diagnostics.push(Diagnostic::at(
                        &u.file(t.file).path,
                        span,
                        format!("the methods of subresource `{}` of `{}` return different kinds; a subresource has one result kind", m.subresource, t.def.ident),
                    ));
                }
                let mut add_verb = |v: &'static str| {
                    if !kinds.verbs.contains(&v) {
                        kinds.verbs.push(v);
                    }
                };
                add_verb(m.verb);
                // Upstream serves PATCH wherever it serves PUT.
                if m.verb == "update" {
                    add_verb("patch");
                }
                if matches!(m.verb, "create" | "update" | "apply") && !kinds.inputs.contains(&m.input) {
                    kinds.inputs.push(m.input.clone());
                }
            }
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
                methods,
                short_names: gen_client.short_names.clone(),
                categories: gen_client.categories.clone(),
                own_name_rule: gen_client.own_name_rule,
            });
        }
    }
    if by_package.is_empty() {
        return;
    }
    let api_crate = api_crate_path(u);
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
    let file: syn::File = syn::parse_quote! {
        //! Typed clients, informers and listers for every kind marked `+genclient`, one cargo
        //! feature per group.
        #![allow(clippy::too_many_arguments)]

        use kapi_client::{Client, Error, Registry};
        use kapi_client::factory::SharedInformerFactory;

        #(#modules)*

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
    out.file(PathBuf::from(RESOURCES_FILE), super::render_rust(&resources_file(u, &by_package)));
}

/// The file of the API crate's served resources, at the output root.
pub const RESOURCES_FILE: &str = "resources.rs";

/// `resources.rs`, compiled into the API crate itself: `impl_resource!` for every served kind
/// (its plural, scope, verbs, subresources, short names and categories) and `resources()`, their
/// table, each group behind its feature as in the clientset.
fn resources_file(u: &Universe, by_package: &BTreeMap<PathBuf, Vec<Served<'_>>>) -> syn::File {
    let api_crate = api_crate_path(u);
    let mut impls = Vec::new();
    let mut infos = Vec::new();
    let top = |rel: &Path| rel.iter().next().and_then(|s| s.to_str()).unwrap_or_default().to_owned();
    let groups: BTreeSet<String> = by_package.keys().map(|rel| top(rel)).collect();
    for (rel, served) in by_package {
        let segs: Vec<syn::Ident> = rel.iter().filter_map(|s| s.to_str()).map(|s| format_ident!("{}", s)).collect();
        let cfg = group_cfg(&top(rel));
        let mut package_infos = Vec::new();
        for s in served {
            // A kind whose subresources take kinds of other groups (core's `pods/eviction`, a
            // `policy/v1` `Eviction`) is served only when those groups are compiled too.
            let mut needs: BTreeSet<String> = BTreeSet::from([top(rel)]);
            for sub in s.subresources.iter().filter_map(|sub| sub.declared.as_ref()) {
                for p in sub.inputs.iter().chain([&sub.result]) {
                    if let Some(g) = group_of(p, &api_crate).filter(|g| groups.contains(g)) {
                        needs.insert(g);
                    }
                }
            }
            let kind_cfg = if needs.len() == 1 {
                cfg.clone()
            } else {
                let features = needs.iter().map(|g| quote!(feature = #g));
                quote!(#[cfg(all(#(#features),*))])
            };
            let ty = &s.t.def.ident;
            let ty_path = quote!(crate #(::#segs)*::#ty);
            let (resource, namespaced) = (&s.plural, s.namespaced);
            let api_verbs: Vec<&str> = s.verbs.iter().filter_map(|v| api_verb(v)).collect();
            let subs = s.subresources.iter().map(|sub| {
                let name = &sub.name;
                match &sub.declared {
                    None => quote!(#name),
                    Some(SubKinds { verbs, inputs, result }) => {
                        let inputs = inputs.iter().map(|p| in_crate(p, &api_crate));
                        let result = in_crate(result, &api_crate);
                        quote!(#name { verbs = [#(#verbs),*], inputs = [#(#inputs),*], result = #result })
                    }
                }
            });
            let target = match s.list {
                Some(list) => {
                    let list = &list.def.ident;
                    quote!(#ty_path, crate #(::#segs)*::#list)
                }
                None => quote!(unlisted #ty_path),
            };
            // Short names and categories only where the kind has them, as users write the macro.
            let (short_names, categories) = (&s.short_names, &s.categories);
            let names = (!short_names.is_empty() || !categories.is_empty())
                .then(|| quote!(short_names = [#(#short_names),*], categories = [#(#categories),*],));
            let own_name_rule = s.own_name_rule.then(|| quote!(own_name_rule = true,));
            impls.push(quote! {
                #kind_cfg
                ::kapi_api::impl_resource!(
                    #target,
                    resource = #resource, namespaced = #namespaced, protobuf = true,
                    verbs = [#(#api_verbs),*], subresources = [#(#subs),*], #names #own_name_rule
                );
            });
            let info = match s.list {
                Some(_) => quote!(ResourceInfo::of::<#ty_path>()),
                None => quote!(ResourceInfo::of_unlisted::<#ty_path>()),
            };
            package_infos.push(if needs.len() == 1 { info } else { quote!(#kind_cfg #info) });
        }
        infos.push(quote!(#cfg Vec::from([#(#package_infos),*])));
    }
    syn::parse_quote! {
        //! The served resources of every kind marked `+genclient`: their `Resource` implementations
        //! and `resources()`, one cargo feature per group.

        #[allow(unused_imports, reason = "unused when every group is disabled")]
        use ::kapi_api::served::{ResourceInfo, ResourceInfoExt};

        #(#impls)*

        /// Every served resource of the enabled groups, in package order: what a server or a
        /// tracker serves.
        // `#[inline]`: a `ResourceInfo` holds `Box<dyn Object>` constructors, which instantiate
        // every kind's codecs; only a crate that asks for the table (a server, a tracker) should
        // compile them, not every build of the API crate.
        #[inline]
        pub fn resources() -> Vec<ResourceInfo> {
            // A table, not statements, so that it still compiles cleanly when every group is disabled.
            let per_group_version: &[Vec<ResourceInfo>] = &[#(#infos),*];
            per_group_version.concat()
        }
    }
}

/// The top-level module of the API crate a path names (`autoscaling` for
/// `::kapi_api::autoscaling::v1::Scale`), if it names one of the crate's.
fn group_of(path: &syn::Path, api_crate: &syn::Path) -> Option<String> {
    let first = |p: &syn::Path| p.segments.first().map(|s| s.ident.to_string());
    let own = first(path).as_deref() == Some("crate")
        || (path.leading_colon.is_some() && api_crate.leading_colon.is_some() && first(path) == first(api_crate));
    own.then(|| path.segments.iter().nth(1).map(|s| s.ident.to_string())).flatten()
}

/// A path the clientset writes from outside the API crate (`::kapi_api::autoscaling::v1::Scale`)
/// as the API crate writes it of itself (`crate::autoscaling::v1::Scale`); other crates' paths
/// are kept.
fn in_crate(path: &syn::Path, api_crate: &syn::Path) -> TokenStream {
    let first = |p: &syn::Path| p.segments.first().map(|s| s.ident.to_string());
    if path.leading_colon.is_some() && api_crate.leading_colon.is_some() && first(path) == first(api_crate) {
        let rest = path.segments.iter().skip(1);
        quote!(crate #(::#rest)*)
    } else {
        quote!(#path)
    }
}

/// The path of the crate the API tree belongs to (named in the `Cargo.toml` at the root or beside
/// it), by which the clientset, compiled into another crate, names the types.
fn api_crate_path(u: &Universe) -> syn::Path {
    match &u.crate_name {
        Some(n) => {
            let id = format_ident!("{}", n);
            syn::parse_quote!(::#id)
        }
        None => syn::parse_quote!(crate),
    }
}

/// The path of a type of the tree from the clientset.
fn path_of(api_crate: &syn::Path, t: &TypeEntry) -> syn::Path {
    let segs: Vec<syn::Ident> = t.package.iter().filter_map(|s| s.to_str()).map(|s| format_ident!("{}", s)).collect();
    let ident = &t.def.ident;
    syn::parse_quote!(#api_crate #(::#segs)* ::#ident)
}

/// Resolves the `+genclient:method=` lines of a kind; a line that names no kind or shadows a
/// method of `Api` is a diagnostic and left out.
fn typed_methods(
    u: &Universe,
    t: &TypeEntry,
    gen_client: &GenClient,
    api_crate: syn::Path,
    diagnostics: &mut Vec<Diagnostic>,
) -> Vec<TypedMethod> {
    let file = &u.file(t.file).path;
    let mut out = Vec::new();
    for m in &gen_client.methods {
        let mut fail = |msg: String, note: &str| {
            diagnostics.push(Diagnostic::at(file, m.span, msg).note(note.to_owned()));
        };
        let rust_name = m.name.to_snake_case();
        if API_METHODS.iter().any(|a| rust_name == *a || rust_name == format!("{a}_with_warnings")) {
            fail(
                format!(
                    "the method `{}` of `{}` would be `{rust_name}`, which `kapi_client::Api` already has",
                    m.name, t.def.ident
                ),
                "choose another name",
            );
            continue;
        }
        let mut resolve = |written: &Option<String>| -> Option<(syn::Path, String)> {
            let Some(written) = written else { return Some((path_of(&api_crate, t), t.def.ident.to_string())) };
            let parsed: syn::Path = match syn::parse_str(written) {
                Ok(p) => p,
                Err(_) => {
                    fail(
                        format!("`{written}` in `+{GENCLIENT_METHOD}={}` is not a type path", m.name),
                        "write a kind of the tree: `Scale` or `crate::autoscaling::v1::Scale`",
                    );
                    return None;
                }
            };
            match u.resolve_path(t.file, &parsed) {
                Ok(Resolved::Def(id))
                    if u.types[id].def.attrs.kind.is_some() && !u.types[id].def.attrs.is_internal() =>
                {
                    Some((path_of(&api_crate, &u.types[id]), u.types[id].def.ident.to_string()))
                }
                Ok(Resolved::Def(_)) => {
                    fail(
                        format!("`{written}` in `+{GENCLIENT_METHOD}={}` is not a versioned kind", m.name),
                        "methods send and return kinds (`#[kapi(kind, version = ...)]`)",
                    );
                    None
                }
                Ok(Resolved::External { package, name }) => {
                    let segs: Vec<syn::Ident> =
                        package.iter().filter_map(|s| s.to_str()).map(|s| format_ident!("{}", s)).collect();
                    let ident = format_ident!("{}", name);
                    Some((syn::parse_quote!(::kapi_api #(::#segs)* ::#ident), name))
                }
                Ok(Resolved::Special(_)) => {
                    fail(
                        format!("`{written}` in `+{GENCLIENT_METHOD}={}` is not a kind", m.name),
                        "methods send and return kinds",
                    );
                    None
                }
                Err(e) => {
                    fail(
                        format!("{e} (in `+{GENCLIENT_METHOD}={}`)", m.name),
                        "write a kind of the tree: `Scale` or `crate::autoscaling::v1::Scale`",
                    );
                    None
                }
            }
        };
        let (Some((input, input_name)), Some((result, _))) = (resolve(&m.input), resolve(&m.result)) else { continue };
        let verb = METHOD_VERBS.iter().copied().find(|v| *v == m.verb).unwrap_or("get");
        if matches!(verb, "update" | "apply") && input != result {
            diagnostics.push(
                Diagnostic::at(file, m.span, format!("`+{GENCLIENT_METHOD}={}` sends one kind and returns another; `{verb}` methods send and return the same kind", m.name))
                    .note("give `input=` and `result=` the same kind"),
            );
            continue;
        }
        out.push(TypedMethod {
            name: m.name.clone(),
            verb,
            subresource: m.subresource.clone(),
            input,
            result,
            input_name,
        });
    }
    out
}

/// The module of one package: resource implementations, client, informers.
fn package_module(rel: &Path, served: &[Served<'_>], api_crate: &syn::Path, group: &str, version: &str) -> TokenStream {
    let segs: Vec<syn::Ident> = rel.iter().filter_map(|s| s.to_str()).map(|s| format_ident!("{}", s)).collect();
    let types_path: syn::Path = syn::parse_quote!(#api_crate #(::#segs)*);
    let gv = if group.is_empty() { version.to_owned() } else { format!("{group}/{version}") };
    let mut impls = Vec::new();
    let mut accessors = Vec::new();
    let mut informers = Vec::new();
    let mut regs = Vec::new();
    for s in served {
        let ty = &s.t.def.ident;
        let resource = &s.plural;
        let namespaced = s.namespaced;
        if !s.methods.is_empty() {
            impls.push(typed_methods_impl(&quote!(#types_path::#ty), &s.methods));
        }
        let acc = format_ident!("{}", accessor(&ty.to_string()));
        let doc = format!(" `{resource}` of `{gv}`.");
        if namespaced {
            let all = format_ident!("{}_all_namespaces", acc);
            let doc_all = format!(" `{resource}` of `{gv}` in every namespace (list and watch).");
            accessors.push(quote! {
                #[doc = #doc]
                pub fn #acc(&self, namespace: &str) -> kapi_client::Api<#types_path::#ty> {
                    self.client.namespaced(namespace)
                }
                #[doc = #doc_all]
                pub fn #all(&self) -> kapi_client::Api<#types_path::#ty> {
                    self.client.all_namespaces()
                }
            });
        } else {
            accessors.push(quote! {
                #[doc = #doc]
                pub fn #acc(&self) -> kapi_client::Api<#types_path::#ty> {
                    self.client.api()
                }
            });
        }
        if s.verbs.contains(&"list") && s.verbs.contains(&"watch") {
            let lister = format_ident!("{}_lister", ty.to_string().to_snake_case());
            let api = if namespaced { quote!(self.client.all_namespaces()) } else { quote!(self.client.api()) };
            // `#[inline]`: the informer machinery is instantiated for a kind only in crates that
            // ask for its informer, not for every kind in kapi-client itself.
            informers.push(quote! {
                #[doc = #doc]
                #[inline]
                pub fn #acc(&self) -> kapi_client::informer::SharedInformer<#types_path::#ty> {
                    self.factory.informer::<#types_path::#ty, _>(#api)
                }
                #[doc = " A lister over the shared informer's cache."]
                #[inline]
                pub fn #lister(&self) -> kapi_client::lister::Lister<#types_path::#ty> {
                    self.#acc().lister()
                }
            });
        }
        if s.list.is_some() {
            regs.push(quote!(registry.register::<#types_path::#ty>()?;));
        } else {
            regs.push(quote!(registry.register_unlisted::<#types_path::#ty>()?;));
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

        /// Registers the resources of this group version with a registry, such as kapi-testing's `ApiServer`.
        pub fn register<R: kapi_client::Registry>(registry: &R) -> Result<(), kapi_machinery::SchemeError> {
            #(#regs)*
            Ok(())
        }
    }
}

/// The inherent methods of `kapi_client::Api<Kind>` that `+genclient:method=` lines ask for, each
/// with its `_with_warnings` twin; options and dry run travel as query parameters.
fn typed_methods_impl(ty: &TokenStream, methods: &[TypedMethod]) -> TokenStream {
    let fns = methods.iter().map(|m| {
        let name = format_ident!("{}", m.name.to_snake_case());
        let warn = format_ident!("{}_with_warnings", m.name.to_snake_case());
        let sub = &m.subresource;
        let (input, result) = (&m.input, &m.result);
        let body = format_ident!("{}", m.input_name.to_snake_case());
        let doc = format!(
            " `{}`: {} the `{sub}` subresource.",
            m.name,
            match m.verb {
                "get" => "reads",
                "create" => "posts a body to",
                "update" => "replaces",
                "patch" => "patches",
                _ => "applies a configuration to",
            }
        );
        let doc_warn = format!(" [`Self::{name}`] with the call's warnings.");
        let (params, args, generic, call) = match m.verb {
            "get" => (
                quote!(name: &str, options: &::kapi_api::meta::v1::GetOptions),
                quote!(name, #sub, options),
                quote!(::<#result>),
                format_ident!("get_subresource_with_warnings"),
            ),
            "create" => (
                quote!(name: &str, #body: &#input, options: &::kapi_api::meta::v1::CreateOptions),
                quote!(name, #sub, #body, options),
                quote!(::<#input, #result>),
                format_ident!("create_subresource_with_warnings"),
            ),
            "update" => (
                quote!(name: &str, #body: &#input, options: &::kapi_api::meta::v1::UpdateOptions),
                quote!(name, #sub, #body, options),
                quote!(::<#result>),
                format_ident!("update_subresource_with_warnings"),
            ),
            "patch" => (
                quote!(name: &str, patch: &kapi_client::Patch, options: &::kapi_api::meta::v1::PatchOptions),
                quote!(name, #sub, patch, options),
                quote!(::<#result>),
                format_ident!("patch_subresource_with_warnings"),
            ),
            // An apply configuration of the input kind (upstream's `ApplyScale` takes a
            // `ScaleApplyConfiguration`), so only the fields set are sent.
            _ => (
                quote!(name: &str, #body: &impl ::kapi_api::machinery::ApplyConfiguration<Kind = #input>, options: &::kapi_api::meta::v1::ApplyOptions),
                quote!(name, #sub, #body, options),
                quote!(),
                format_ident!("apply_subresource_with_warnings"),
            ),
        };
        let plain_args = args.clone();
        let plain_params = params.clone();
        // Plain functions returning the generic call's future, `#[inline]`: the request code for a
        // kind is compiled in the crate that calls the method, not in every build of kapi-client.
        // The futures capture every argument's lifetime (edition 2024) and stay `Send` (auto
        // traits pass through `impl Trait`).
        quote! {
            #[doc = #doc]
            #[inline]
            pub fn #name(&self, #plain_params) -> impl ::std::future::Future<Output = Result<#result, kapi_client::Error>> {
                let response = self.#call #generic(#plain_args);
                async move { Ok(response.await?.value) }
            }
            #[doc = #doc_warn]
            #[inline]
            pub fn #warn(&self, #params) -> impl ::std::future::Future<Output = Result<kapi_client::Response<#result>, kapi_client::Error>> {
                self.#call #generic(#args)
            }
        }
    });
    quote! {
        impl kapi_client::Api<#ty> {
            #(#fns)*
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
