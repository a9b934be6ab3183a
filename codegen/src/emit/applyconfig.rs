//! applyconfiguration-gen: for every type reachable from a `+genclient` kind (or a kind a `+genclient:method=` line takes), an apply configuration with every field optional, `with_*` builders, a constructor and `extract_<kind>` per kind, encoded with only the fields set; compiled with the owning crate's `apply` feature.
//
// Field shapes map as upstream's generator maps them: scalars, newtypes, special types and
// hand-written JSON forms become `Option<T>`; structs become `Option<<Type>ApplyConfiguration>`
// (`Box`ed where the type is); slices become `Vec` of the element's configuration (a nil and an
// empty list are alike, as `omitempty` makes them upstream); maps keep their keys and map their
// values. An `inline` struct stays inline as its configuration; a kind's `TypeMeta` becomes
// `kind` and `apiVersion`. Every member is written only when set.

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

use heck::ToSnakeCase;
use kapi_frontend::diagnostics::Diagnostic;
use kapi_frontend::universe::{Resolved, TypeEntry, Universe};
use kapi_frontend::{Body, Field, Shape};
use proc_macro2::TokenStream;
use quote::{format_ident, quote};

use super::{Emitted, Export, Part};

/// The cargo feature of the crate owning a tree that compiles the apply configurations.
pub const APPLY_FEATURE: &str = "apply";

/// Fields of `ObjectMeta` that the server owns: upstream's configuration leaves them out.
const SERVER_META_FIELDS: &[&str] = &["managedFields", "selfLink"];

/// The name of a type's apply configuration.
fn config_name(name: &str) -> syn::Ident {
    format_ident!("{}ApplyConfiguration", name)
}

/// A type gets an apply configuration when it is a versioned struct with a derived JSON form.
fn configurable(t: &TypeEntry) -> bool {
    matches!(t.def.body, Body::Struct(_)) && !t.def.attrs.is_internal() && t.def.attrs.custom_json.is_none()
}

/// The roots: `+genclient` kinds (those a client applies) and the input kinds of their
/// `+genclient:method=` lines (`Scale` for `apply_scale`).
fn roots(u: &Universe) -> Vec<usize> {
    let mut out = Vec::new();
    for (id, t) in u.types.iter().enumerate() {
        let Some(gc) = &t.def.markers.genclient else { continue };
        if t.def.attrs.kind.is_none() || t.def.attrs.is_internal() || gc.no_verbs {
            continue;
        }
        out.push(id);
        for m in &gc.methods {
            let Some(input) = &m.input else { continue };
            if let Ok(path) = syn::parse_str::<syn::Path>(input)
                && let Some(target) = u.resolve_def(t.file, &path)
            {
                out.push(target);
            }
        }
    }
    out
}

/// Every type reachable from the roots through fields that have a JSON form.
fn reachable(u: &Universe) -> BTreeSet<usize> {
    let mut seen = BTreeSet::new();
    let mut queue: Vec<usize> = roots(u).into_iter().filter(|&id| configurable(&u.types[id])).collect();
    while let Some(id) = queue.pop() {
        if !seen.insert(id) {
            continue;
        }
        let t = &u.types[id];
        for f in t.def.fields().iter().filter(|f| f.in_json()) {
            if let Some(Ok(Resolved::Def(target))) = u.resolve_shape(t.file, &f.shape)
                && configurable(&u.types[target])
                && !seen.contains(&target)
            {
                queue.push(target);
            }
        }
    }
    seen
}

/// Writes `applyconfigurations.rs` for every package holding a reachable type.
/// Only the packages of `part` are written; every part finds the same reachable types.
pub fn generate(u: &Universe, part: Part, out: &mut Emitted, diagnostics: &mut Vec<Diagnostic>) {
    let chosen = reachable(u);
    let mut by_package: BTreeMap<&Path, Vec<usize>> = BTreeMap::new();
    for &id in &chosen {
        by_package.entry(&u.types[id].package).or_default().push(id);
    }
    // A kind's configuration holds the delegating metadata builders besides its own members.
    let weight = |(_, ids): &(&Path, Vec<usize>)| {
        ids.iter()
            .map(|&id| u.types[id].def.fields().len() + if u.types[id].def.attrs.kind.is_some() { 20 } else { 1 })
            .sum()
    };
    for (pkg, ids) in part.select(by_package, weight) {
        // Declaration order, as the package's own files have them.
        let ids: Vec<usize> = u.type_ids_in(pkg).filter(|id| ids.contains(id)).collect();
        let mut items = Vec::new();
        for id in ids {
            items.extend(config_type(u, &u.types[id], pkg, &chosen, diagnostics));
        }
        let doc = format!(" Apply configurations of `{}`: every field optional, written only when set.", pkg.display());
        let file: syn::File = syn::parse_quote! {
            #![doc = #doc]

            #(#items)*
        };
        out.module(pkg, "applyconfigurations", &file, Export::Glob, false, Some(APPLY_FEATURE));
    }
}

/// How one field of a configuration is typed and built.
struct Member {
    ident: syn::Ident,
    json: String,
    /// The field's type in the configuration.
    ty: TokenStream,
    /// The builder's name and method.
    builder: (syn::Ident, TokenStream),
    /// The builder's parameters (after `mut self`) and the arguments that pass them on, for the
    /// builders of an outer configuration that delegate to it.
    params: TokenStream,
    args: TokenStream,
    inline: bool,
}

/// The path of a special type of machinery.
fn special_path(name: &str) -> TokenStream {
    let id = format_ident!("{}", name);
    quote!(::kapi_machinery::types::#id)
}

/// What a shape (without its outer `Option`) becomes as a value inside a configuration: the
/// configuration of a struct, else the type itself. `Err` names what cannot be resolved.
fn value_type(
    u: &Universe,
    t: &TypeEntry,
    from: &Path,
    shape: &Shape,
    chosen: &BTreeSet<usize>,
) -> Result<TokenStream, String> {
    Ok(match shape {
        Shape::String => quote!(::std::string::String),
        Shape::Bool => quote!(bool),
        Shape::I32 => quote!(i32),
        Shape::I64 => quote!(i64),
        Shape::U32 => quote!(u32),
        Shape::U64 => quote!(u64),
        Shape::F32 => quote!(f32),
        Shape::F64 => quote!(f64),
        Shape::Bytes => quote!(::std::vec::Vec<u8>),
        Shape::Option(inner) => return value_type(u, t, from, inner, chosen),
        Shape::Box(inner) => {
            let ty = value_type(u, t, from, inner, chosen)?;
            quote!(::std::boxed::Box<#ty>)
        }
        Shape::Vec(inner) => {
            let ty = value_type(u, t, from, inner, chosen)?;
            quote!(::std::vec::Vec<#ty>)
        }
        Shape::Map(key, value) => {
            let k = value_type(u, t, from, key, chosen)?;
            let v = value_type(u, t, from, value, chosen)?;
            quote!(::std::collections::BTreeMap<#k, #v>)
        }
        Shape::Named(path) => match u.resolve_path(t.file, path)? {
            Resolved::Special(name) => special_path(name),
            Resolved::Def(id) if chosen.contains(&id) => {
                let target = &u.types[id];
                let module = u.module_path(&target.package);
                let name = config_name(&target.name());
                quote!(#module::#name)
            }
            Resolved::Def(id) => {
                let p = u.type_path(&u.types[id], from);
                quote!(#p)
            }
            Resolved::External { package, name } => {
                // A struct of kapi-api seen from another tree: its configuration, which kapi-api
                // generates with its own `apply` feature.
                let segs = package.iter().filter_map(|s| s.to_str()).map(|s| format_ident!("{}", s));
                let name = config_name(&name);
                quote!(::kapi_api #(::#segs)*::#name)
            }
        },
    })
}

/// The member of a configuration for one field.
fn member(u: &Universe, t: &TypeEntry, from: &Path, f: &Field, chosen: &BTreeSet<usize>) -> Result<Member, String> {
    let ident = f.ident.clone();
    let bare = ident.to_string().trim_start_matches("r#").trim_end_matches('_').to_owned();
    let with = format_ident!("with_{}", bare);
    let doc = format!(" Sets `{}`.", f.json_name);
    // The shape without the pointer that makes it optional in the type: everything is optional here.
    let shape = match &f.shape {
        Shape::Option(inner) => inner.as_ref(),
        s => s,
    };
    let (ty, builder, params, args) = match shape {
        Shape::Vec(elem) => {
            let e = value_type(u, t, from, elem, chosen)?;
            let doc = format!(" Appends to `{}`.", f.json_name);
            let params = quote!(items: impl IntoIterator<Item = impl Into<#e>>);
            (
                quote!(::std::vec::Vec<#e>),
                quote! {
                    #[doc = #doc]
                    pub fn #with(mut self, #params) -> Self {
                        self.#ident.extend(items.into_iter().map(Into::into));
                        self
                    }
                },
                params,
                quote!(items),
            )
        }
        Shape::Map(key, value) => {
            let k = value_type(u, t, from, key, chosen)?;
            let v = value_type(u, t, from, value, chosen)?;
            let doc = format!(" Puts entries into `{}`, replacing those with the same keys.", f.json_name);
            let params = quote!(entries: impl IntoIterator<Item = (impl Into<#k>, impl Into<#v>)>);
            (
                quote!(::std::collections::BTreeMap<#k, #v>),
                quote! {
                    #[doc = #doc]
                    pub fn #with(mut self, #params) -> Self {
                        self.#ident.extend(entries.into_iter().map(|(k, v)| (k.into(), v.into())));
                        self
                    }
                },
                params,
                quote!(entries),
            )
        }
        _ if f.attrs.inline => {
            let v = value_type(u, t, from, shape, chosen)?;
            let params = quote!(value: #v);
            (
                v,
                quote! {
                    #[doc = #doc]
                    pub fn #with(mut self, #params) -> Self {
                        self.#ident = value;
                        self
                    }
                },
                params,
                quote!(value),
            )
        }
        Shape::Box(inner) => {
            let v = value_type(u, t, from, inner, chosen)?;
            let params = quote!(value: impl Into<#v>);
            (
                quote!(::std::option::Option<::std::boxed::Box<#v>>),
                quote! {
                    #[doc = #doc]
                    pub fn #with(mut self, #params) -> Self {
                        self.#ident = Some(::std::boxed::Box::new(value.into()));
                        self
                    }
                },
                params,
                quote!(value),
            )
        }
        _ => {
            let v = value_type(u, t, from, shape, chosen)?;
            let params = quote!(value: impl Into<#v>);
            (
                quote!(::std::option::Option<#v>),
                quote! {
                    #[doc = #doc]
                    pub fn #with(mut self, #params) -> Self {
                        self.#ident = Some(value.into());
                        self
                    }
                },
                params,
                quote!(value),
            )
        }
    };
    Ok(Member { ident, json: f.json_name.clone(), ty, builder: (with, builder), params, args, inline: f.attrs.inline })
}

/// A JSON member name as the bytes `"name":`, escaped as Go escapes keys.
fn key_literal(name: &str) -> proc_macro2::Literal {
    let mut out = Vec::with_capacity(name.len() + 3);
    out.push(b'"');
    for c in name.chars() {
        match c {
            '"' => out.extend_from_slice(b"\\\""),
            '\\' => out.extend_from_slice(b"\\\\"),
            '<' | '>' | '&' | '\u{2028}' | '\u{2029}' | '\0'..='\u{1f}' => {
                out.extend_from_slice(format!("\\u{:04x}", c as u32).as_bytes());
            }
            c => {
                let mut buf = [0u8; 4];
                out.extend_from_slice(c.encode_utf8(&mut buf).as_bytes());
            }
        }
    }
    out.extend_from_slice(b"\":");
    proc_macro2::Literal::byte_string(&out)
}

/// The configuration of one type: the struct, its builders, its JSON form, and for a kind the
/// constructor, the delegating metadata builders, `ApplyConfiguration` and `extract_<kind>`.
fn config_type(
    u: &Universe,
    t: &TypeEntry,
    pkg: &Path,
    chosen: &BTreeSet<usize>,
    diagnostics: &mut Vec<Diagnostic>,
) -> Option<TokenStream> {
    let name = config_name(&t.name());
    let at = |msg: String, f: Option<&Field>| {
        Diagnostic::at(&u.file(t.file).path, f.map_or(t.def.ident.span(), |f| f.span), msg)
    };
    let is_kind = t.def.attrs.kind.is_some();
    let mut members = Vec::new();
    let mut has_type_meta = false;
    for f in t.def.fields().iter().filter(|f| f.in_json()) {
        if f.is_type_meta() {
            has_type_meta = true;
            continue;
        }
        if t.name() == "ObjectMeta" && SERVER_META_FIELDS.contains(&f.json_name.as_str()) {
            continue;
        }
        match member(u, t, pkg, f, chosen) {
            Ok(mb) => members.push(mb),
            Err(e) => {
                diagnostics.push(at(
                    format!("field `{}` of `{}` has no apply configuration: {e}", f.ident, t.name()),
                    Some(f),
                ));
                return None;
            }
        }
    }
    let lazy = super::where_used();
    let m = quote!(::kapi_machinery);
    let mut fields = Vec::new();
    let mut encode = Vec::new();
    let mut decode_arms = Vec::new();
    let mut decode_inline = Vec::new();
    let mut zero = Vec::new();
    let mut builders = Vec::new();
    if has_type_meta {
        fields.push(quote! {
            /// `kind`.
            pub kind: ::std::option::Option<::std::string::String>,
            /// `apiVersion`.
            pub api_version: ::std::option::Option<::std::string::String>,
        });
        for (id, json) in [(format_ident!("kind"), "kind"), (format_ident!("api_version"), "apiVersion")] {
            let key = key_literal(json);
            encode.push(quote! {
                if let ::std::option::Option::Some(v) = &self.#id {
                    w.key_static(#key);
                    #m::json::JsonEncode::encode_json(v, w);
                }
            });
            decode_arms.push(quote!(#json => #m::json::JsonDecode::decode_json(&mut self.#id, r),));
            zero.push(quote!(self.#id.is_none()));
            let with = format_ident!("with_{}", id);
            let doc = format!(" Sets `{json}`.");
            builders.push(quote! {
                #[doc = #doc]
                pub fn #with(mut self, value: impl Into<::std::string::String>) -> Self {
                    self.#id = Some(value.into());
                    self
                }
            });
        }
    }
    let mut own_builders: BTreeSet<String> = BTreeSet::new();
    for mb in &members {
        let Member { ident, json, ty, builder, inline, .. } = mb;
        let doc = format!(" `{json}`.");
        if *inline {
            fields.push(quote!(#[doc = " Inlined: its members are this object's."] pub #ident: #ty,));
            encode.push(quote!(#m::json::JsonFields::encode_json_fields(&self.#ident, w);));
            decode_inline.push(quote! {
                if #m::json::JsonFields::decode_json_field(&mut self.#ident, key, r)? {
                    return ::core::result::Result::Ok(true);
                }
            });
        } else {
            fields.push(quote!(#[doc = #doc] pub #ident: #ty,));
            let key = key_literal(json);
            encode.push(quote! {
                if !#m::json::JsonEncode::is_json_empty(&self.#ident) {
                    w.key_static(#key);
                    #m::json::JsonEncode::encode_json(&self.#ident, w);
                }
            });
            decode_arms.push(quote!(#json => #m::json::JsonDecode::decode_json(&mut self.#ident, r),));
        }
        zero.push(quote!(#m::json::JsonEncode::is_json_zero(&self.#ident)));
        own_builders.insert(builder.0.to_string());
        builders.push(builder.1.clone());
    }
    // Go promotes the builders of an embedded struct; here they store through the inline field.
    for f in t.def.fields().iter().filter(|f| f.in_json() && f.attrs.inline && !f.is_type_meta()) {
        if let Some(Ok(Resolved::Def(id))) = u.resolve_shape(t.file, &f.shape)
            && chosen.contains(&id)
        {
            let field = &f.ident;
            builders.extend(delegates(
                u,
                &u.types[id],
                pkg,
                chosen,
                &mut own_builders,
                "",
                |with, args| quote!(self.#field = ::std::mem::take(&mut self.#field).#with(#args);),
            ));
        }
    }
    let (w, key, r) = if members.is_empty() && !has_type_meta {
        (format_ident!("_w"), format_ident!("_key"), format_ident!("_r"))
    } else {
        (format_ident!("w"), format_ident!("key"), format_ident!("r"))
    };
    let decode_field = if decode_arms.is_empty() {
        quote! {
            #(#decode_inline)*
            ::core::result::Result::Ok(false)
        }
    } else {
        quote! {
            let decoded = match key {
                #(#decode_arms)*
                _ => {
                    #(#decode_inline)*
                    return ::core::result::Result::Ok(false);
                }
            };
            decoded?;
            ::core::result::Result::Ok(true)
        }
    };
    let type_doc = format!(" The apply configuration of `{}`: only the fields set are sent.", t.name());
    let mut kind_items = TokenStream::new();
    if is_kind && has_type_meta {
        kind_items = kind_extras(u, t, pkg, &name, &own_builders, chosen);
    }
    let zero = if zero.is_empty() { quote!(true) } else { quote!(#(#zero)&&*) };
    Some(quote! {
        #[doc = #type_doc]
        #[derive(Clone, Debug, Default, PartialEq)]
        pub struct #name {
            #(#fields)*
        }

        impl #name {
            #(#builders)*
        }

        impl #m::json::JsonFields for #name {
            #lazy
            fn encode_json_fields(&self, #w: &mut #m::json::JsonWriter) {
                #(#encode)*
            }
            #lazy
            fn decode_json_field(&mut self, #key: &str, #r: &mut #m::json::JsonReader<'_>) -> ::core::result::Result<bool, #m::DecodeError> {
                #decode_field
            }
        }

        impl #m::json::JsonEncode for #name {
            #lazy
            fn encode_json(&self, w: &mut #m::json::JsonWriter) {
                #m::json::encode_json_object(self, w);
            }
            #lazy
            fn is_json_zero(&self) -> bool {
                #zero
            }
        }

        impl #m::json::JsonDecode for #name {
            #lazy
            fn decode_json(&mut self, r: &mut #m::json::JsonReader<'_>) -> ::core::result::Result<(), #m::DecodeError> {
                #m::json::decode_json_object(self, r)
            }
        }

        impl #m::json::JsonElement for #name {}

        #kind_items
    })
}

/// What a kind's configuration has besides its fields: the constructor that sets `apiVersion`
/// and `kind` (and the name, and namespace for namespaced kinds), builders for the metadata's
/// fields, `ApplyConfiguration`, and the extraction of a manager's configuration.
fn kind_extras(
    u: &Universe,
    t: &TypeEntry,
    pkg: &Path,
    name: &syn::Ident,
    own: &BTreeSet<String>,
    chosen: &BTreeSet<usize>,
) -> TokenStream {
    let m = quote!(::kapi_machinery);
    let lazy = super::where_used();
    let kind = t.kind().unwrap_or_else(|| t.name());
    let group = t.def.attrs.group.as_ref().map(|g| g.0.clone()).unwrap_or_default();
    let version = t.def.attrs.version.as_ref().map(|v| v.0.clone()).unwrap_or_default();
    let api_version = if group.is_empty() { version } else { format!("{group}/{version}") };
    let ty = u.type_path(t, pkg);
    let gc = t.def.markers.genclient.as_ref();
    // The metadata's configuration, when the kind has one: name, namespace and its builders.
    let meta_type = t
        .def
        .fields()
        .iter()
        .find(|f| f.ident == "metadata")
        .and_then(|f| u.resolve_shape(t.file, &f.shape))
        .and_then(Result::ok);
    let meta_def = match &meta_type {
        Some(Resolved::Def(id)) if chosen.contains(id) => Some(&u.types[*id]),
        _ => None,
    };
    // kapi-api's `ObjectMeta` seen from another tree: its configuration's fields are not in this
    // universe, but its identity fields and maps are known.
    let external_meta = matches!(&meta_type, Some(Resolved::External { name, .. }) if name == "ObjectMeta");
    let has_meta = meta_def.is_some() || external_meta;
    let (ctor_params, ctor_body, ctor_doc) = match (gc, has_meta) {
        (Some(gc), true) if !gc.non_namespaced => (
            quote!(name: impl Into<::std::string::String>, namespace: impl Into<::std::string::String>),
            quote!(.with_name(name).with_namespace(namespace)),
            format!(" A `{kind}` configuration with `apiVersion`, `kind`, name and namespace set."),
        ),
        (Some(_), true) => (
            quote!(name: impl Into<::std::string::String>),
            quote!(.with_name(name)),
            format!(" A `{kind}` configuration with `apiVersion`, `kind` and name set."),
        ),
        _ => (quote!(), quote!(), format!(" A `{kind}` configuration with `apiVersion` and `kind` set.")),
    };
    let mut delegated = Vec::new();
    let mut own = own.clone();
    own.insert("with_kind".to_owned());
    own.insert("with_api_version".to_owned());
    if let Some(meta_def) = meta_def {
        delegated = delegates(
            u,
            meta_def,
            pkg,
            chosen,
            &mut own,
            "metadata.",
            |with, args| quote!(self.metadata = Some(self.metadata.take().unwrap_or_default().#with(#args));),
        );
    } else if external_meta {
        let string = quote!(impl Into<::std::string::String>);
        for (field, params, args) in [
            ("name", quote!(value: #string), quote!(value)),
            ("namespace", quote!(value: #string), quote!(value)),
            ("labels", quote!(entries: impl IntoIterator<Item = (#string, #string)>), quote!(entries)),
            ("annotations", quote!(entries: impl IntoIterator<Item = (#string, #string)>), quote!(entries)),
        ] {
            let with = format_ident!("with_{}", field);
            if !own.insert(with.to_string()) {
                continue;
            }
            let doc = format!(" Sets `metadata.{field}` (through its own builder).");
            delegated.push(quote! {
                #[doc = #doc]
                pub fn #with(mut self, #params) -> Self {
                    self.metadata = Some(self.metadata.take().unwrap_or_default().#with(#args));
                    self
                }
            });
        }
    }
    let (name_fn, namespace_fn) = if has_meta {
        (quote!(self.metadata.as_ref()?.name.as_deref()), quote!(self.metadata.as_ref()?.namespace.as_deref()))
    } else {
        (quote!(None), quote!(None))
    };
    let snake = kind.to_snake_case();
    let extract = format_ident!("extract_{}", snake);
    let extract_doc = format!(
        " The configuration `field_manager` applied to a `{kind}` (its `Apply` entry in `metadata.managedFields`): exactly the fields that entry names, with the object's name and namespace."
    );
    let has_status = t.def.fields().iter().any(|f| f.ident == "status");
    let status_extract = (has_status && gc.is_some_and(|g| !g.no_status)).then(|| {
        let f = format_ident!("extract_{}_status", snake);
        let doc = format!(" The configuration `field_manager` applied to the `status` subresource of a `{kind}`.");
        quote! {
            #[doc = #doc]
            #lazy
            pub fn #f(obj: &#ty, field_manager: &str) -> ::core::result::Result<#name, #m::fieldpath::ExtractError> {
                #m::fieldpath::extract(obj, field_manager, Some("status"), #api_version, #kind)
            }
        }
    });
    quote! {
        impl #name {
            #[doc = #ctor_doc]
            pub fn new(#ctor_params) -> Self {
                Self::default().with_kind(#kind).with_api_version(#api_version) #ctor_body
            }
            #(#delegated)*
        }

        impl #m::ApplyConfiguration for #name {
            type Kind = #ty;
            #lazy
            fn name(&self) -> ::std::option::Option<&str> {
                #name_fn
            }
            #lazy
            fn namespace(&self) -> ::std::option::Option<&str> {
                #namespace_fn
            }
            #lazy
            fn api_version(&self) -> ::std::option::Option<&str> {
                self.api_version.as_deref()
            }
            #lazy
            fn kind(&self) -> ::std::option::Option<&str> {
                self.kind.as_deref()
            }
        }

        #[doc = #extract_doc]
        #lazy
        pub fn #extract(obj: &#ty, field_manager: &str) -> ::core::result::Result<#name, #m::fieldpath::ExtractError> {
            #m::fieldpath::extract(obj, field_manager, None, #api_version, #kind)
        }

        #status_extract
    }
}

/// Builders on an outer configuration that store through an inner one (the metadata of a kind,
/// an inlined struct, whose builders Go promotes): one per builder of the inner type that the
/// outer does not define itself. `store` writes the statement given the builder's name and
/// arguments.
fn delegates(
    u: &Universe,
    inner: &TypeEntry,
    pkg: &Path,
    chosen: &BTreeSet<usize>,
    own: &mut BTreeSet<String>,
    path: &str,
    store: impl Fn(&syn::Ident, &TokenStream) -> TokenStream,
) -> Vec<TokenStream> {
    let mut out = Vec::new();
    for f in inner.def.fields().iter().filter(|f| f.in_json() && !f.is_type_meta()) {
        if inner.name() == "ObjectMeta" && SERVER_META_FIELDS.contains(&f.json_name.as_str()) {
            continue;
        }
        let Ok(mb) = member(u, inner, pkg, f, chosen) else { continue };
        let (with, _) = mb.builder;
        if !own.insert(with.to_string()) {
            continue;
        }
        let (sig, args) = (mb.params, mb.args);
        let doc = format!(" Sets `{path}{}` (through its own builder).", mb.json);
        let body = store(&with, &args);
        out.push(quote! {
            #[doc = #doc]
            pub fn #with(mut self, #sig) -> Self {
                #body
                self
            }
        });
    }
    out
}
