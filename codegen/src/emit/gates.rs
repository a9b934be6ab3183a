//! Feature-gated fields: for every package with a `+groupName=` marker, a `featuregates.rs` that implements kapi-machinery's `DropDisabledFields` for each versioned type with `+featureGate=` fields, in itself or in anything it holds (through options, boxes, slices and map values, in any package), and `register_feature_gates` to add the kinds among them to a scheme, as upstream's strategies call `dropDisabledFields`.

use std::collections::{BTreeMap, BTreeSet};

use kapi_frontend::universe::{TypeEntry, Universe};
use kapi_frontend::{Field, Shape};
use proc_macro2::TokenStream;
use quote::quote;

use super::{Emitted, Export, versioned_target as target_of};

/// A type as the generator tracks it: its package and name.
type Key = super::TypeKey;

/// The versioned types of group packages, which are the ones that get an implementation.
fn gateable(u: &Universe) -> impl Iterator<Item = &TypeEntry> {
    super::versioned_types(u)
}

/// Every type with gated fields in itself or in what it holds, with the gates of all of them:
/// each type's own gates, then those of the types it holds, to a fixed point.
pub fn gates_of_types(u: &Universe) -> BTreeMap<Key, BTreeSet<String>> {
    let mut gates: BTreeMap<Key, BTreeSet<String>> = BTreeMap::new();
    let mut edges: Vec<(Key, Vec<Key>)> = Vec::new();
    for t in gateable(u) {
        let key = (t.package.clone(), t.name());
        let own: BTreeSet<String> =
            t.def.fields().iter().filter_map(|f| f.feature_gate.as_ref().map(|g| g.value.clone())).collect();
        if !own.is_empty() {
            gates.insert(key.clone(), own);
        }
        edges.push((key, t.def.fields().iter().filter_map(|f| target_of(u, t, &f.shape)).collect()));
    }
    loop {
        let mut changed = false;
        for (key, targets) in &edges {
            let held: BTreeSet<String> = targets.iter().filter_map(|k| gates.get(k)).flatten().cloned().collect();
            let mine = gates.entry(key.clone()).or_default();
            let before = mine.len();
            mine.extend(held);
            changed |= mine.len() != before;
        }
        if !changed {
            gates.retain(|_, g| !g.is_empty());
            return gates;
        }
    }
}

/// Writes `featuregates.rs` for each package with a type that has gated fields.
pub fn generate(u: &Universe, out: &mut Emitted) {
    let gates = gates_of_types(u);
    for pkg in u.group_packages() {
        let local: Vec<(&TypeEntry, &BTreeSet<String>)> = u
            .types_in(&pkg.rel)
            .filter(|t| !t.def.attrs.is_internal())
            .filter_map(|t| gates.get(&(pkg.rel.clone(), t.name())).map(|g| (t, g)))
            .collect();
        if local.is_empty() {
            continue;
        }
        let impls = local.iter().map(|(t, g)| implementation(u, t, g, &gates));
        let mut kinds: Vec<(String, syn::Path)> = local
            .iter()
            .filter(|(t, _)| t.def.attrs.kind.is_some() && !is_list(t))
            .map(|(t, _)| (t.name(), u.item_path(t.file, &t.def.ident)))
            .collect();
        kinds.sort_by(|a, b| a.0.cmp(&b.0));
        let registrations = kinds.iter().map(|(_, p)| quote!(scheme.add_drop_disabled_fields_func::<#p>();));
        let lazy = super::where_used();
        let doc = format!(" Feature-gated fields of the types of `{}`.", pkg.rel.display());
        let file: syn::File = syn::parse_quote! {
            #![doc = #doc]

            use kapi_machinery::{DropDisabledFields, Scheme};

            /// Registers the feature-gated fields of every kind that has any, for writes to drop.
            #lazy
            pub fn register_feature_gates(scheme: &mut Scheme) {
                #(#registrations)*
            }

            #(#impls)*
        };
        // What a server's strategies call, not a client: behind the crate's `internal` feature.
        out.module(
            &pkg.rel,
            "featuregates",
            &file,
            Export::Items(vec!["register_feature_gates"]),
            false,
            &[super::INTERNAL_FEATURE],
        );
    }
}

/// Whether a kind is a list (`PodList`): writes never carry one, so it is not registered.
fn is_list(t: &TypeEntry) -> bool {
    t.name().ends_with("List") && t.def.fields().iter().any(|f| f.json_name == "items")
}

/// Whether a package gets a `featuregates.rs` with kinds to register.
pub fn registers_gates(u: &Universe, gates: &BTreeMap<Key, BTreeSet<String>>, rel: &std::path::Path) -> bool {
    u.types_in(rel).any(|t| {
        !t.def.attrs.is_internal()
            && t.def.attrs.kind.is_some()
            && !is_list(t)
            && gates.contains_key(&(rel.to_path_buf(), t.name()))
    })
}

/// `impl DropDisabledFields for T`: its own gated fields are tested and cleared by their gate,
/// and the values it holds of types with gated fields are asked in turn.
fn implementation(
    u: &Universe,
    t: &TypeEntry,
    gates: &BTreeSet<String>,
    all: &BTreeMap<Key, BTreeSet<String>>,
) -> TokenStream {
    let ty = u.item_path(t.file, &t.def.ident);
    let names = gates.iter();
    // The fields of one gate are tested and cleared together (`gate == "G" && (a || b)`), in
    // the place of its first field; held values are asked in field order among them.
    enum Use {
        Gate(usize),
        Nested(TokenStream),
    }
    let mut order = Vec::new();
    let mut by_gate: Vec<(&str, Vec<TokenStream>, Vec<TokenStream>)> = Vec::new();
    let mut clears = Vec::new();
    for f in t.def.fields() {
        let fid = &f.ident;
        if let Some(g) = &f.feature_gate {
            let i = match by_gate.iter().position(|(name, _, _)| *name == g.value.as_str()) {
                Some(i) => i,
                None => {
                    by_gate.push((g.value.as_str(), Vec::new(), Vec::new()));
                    order.push(Use::Gate(by_gate.len() - 1));
                    clears.push(Use::Gate(by_gate.len() - 1));
                    by_gate.len() - 1
                }
            };
            by_gate[i].1.push(is_set(f));
            by_gate[i].2.push(clear(f));
        }
        if target_of(u, t, &f.shape).is_some_and(|k| all.contains_key(&k)) {
            order.push(Use::Nested(nested_uses(&f.shape, quote!(self.#fid))));
            clears.push(Use::Nested(nested_clear(&f.shape, quote!(self.#fid))));
        }
    }
    // A gate's test joined to others by `||` is in parentheses, as are several fields' tests
    // under one gate; a lone one needs none (rustc warns of them).
    let several = order.len() > 1;
    let uses: Vec<TokenStream> = order
        .into_iter()
        .map(|u| match u {
            Use::Gate(i) => {
                let (gate, sets, _) = &by_gate[i];
                let set = if sets.len() > 1 { quote!((#(#sets)||*)) } else { quote!(#(#sets)*) };
                if several { quote!((gate == #gate && #set)) } else { quote!(gate == #gate && #set) }
            }
            Use::Nested(ts) => ts,
        })
        .collect();
    let clears: Vec<TokenStream> = clears
        .into_iter()
        .map(|c| match c {
            Use::Gate(i) => {
                let (gate, _, fields) = &by_gate[i];
                quote!(if gate == #gate { #(#fields)* })
            }
            Use::Nested(ts) => ts,
        })
        .collect();
    let doc = format!(" The feature-gated fields of `{}` and of what it holds.", t.name());
    quote! {
        #[doc = #doc]
        impl DropDisabledFields for #ty {
            const FEATURE_GATES: &'static [&'static str] = &[#(#names),*];

            fn uses_feature_gate(&self, gate: &str) -> bool {
                #(#uses)||*
            }

            fn clear_feature_gate(&mut self, gate: &str) {
                #(#clears)*
            }
        }
    }
}

/// Whether a gated field is set: a pointer that is not nil, a list, map or string that is not
/// empty, a scalar that is not zero (the front-end allows no other gated field).
fn is_set(f: &Field) -> TokenStream {
    let fid = &f.ident;
    match &f.shape {
        Shape::Option(_) => quote!(self.#fid.is_some()),
        Shape::Bool => quote!(self.#fid),
        Shape::F32 | Shape::F64 => quote!(self.#fid != 0.0),
        Shape::I32 | Shape::I64 | Shape::U32 | Shape::U64 => quote!(self.#fid != 0),
        _ => quote!(!self.#fid.is_empty()),
    }
}

/// Clears a gated field to its unset value.
fn clear(f: &Field) -> TokenStream {
    let fid = &f.ident;
    match &f.shape {
        Shape::Option(_) => quote!(self.#fid = None;),
        Shape::Bool => quote!(self.#fid = false;),
        Shape::F32 | Shape::F64 => quote!(self.#fid = 0.0;),
        Shape::I32 | Shape::I64 | Shape::U32 | Shape::U64 => quote!(self.#fid = 0;),
        _ => quote!(self.#fid.clear();),
    }
}

/// Whether any value of the shape at `place` uses the gate.
fn nested_uses(shape: &Shape, place: TokenStream) -> TokenStream {
    match shape {
        Shape::Box(inner) => nested_uses(inner, quote!((*#place))),
        Shape::Option(inner) => {
            let body = nested_uses(inner, quote!(v));
            quote!(#place.as_ref().is_some_and(|v| #body))
        }
        Shape::Vec(inner) => {
            let body = nested_uses(inner, quote!(v));
            quote!(#place.iter().any(|v| #body))
        }
        Shape::Map(_, inner) => {
            let body = nested_uses(inner, quote!(v));
            quote!(#place.values().any(|v| #body))
        }
        _ => quote!(#place.uses_feature_gate(gate)),
    }
}

/// Clears the gate's fields in every value of the shape at `place`.
fn nested_clear(shape: &Shape, place: TokenStream) -> TokenStream {
    match shape {
        Shape::Box(inner) => nested_clear(inner, quote!((*#place))),
        Shape::Option(inner) => {
            let body = nested_clear(inner, quote!(v));
            quote!(if let Some(v) = #place.as_mut() { #body })
        }
        Shape::Vec(inner) => {
            let body = nested_clear(inner, quote!(v));
            quote!(for v in #place.iter_mut() { #body })
        }
        Shape::Map(_, inner) => {
            let body = nested_clear(inner, quote!(v));
            quote!(for v in #place.values_mut() { #body })
        }
        _ => quote!(#place.clear_feature_gate(gate);),
    }
}
