//! validation-gen: for every package whose types carry `+k8s:` declarative validation tags, a `validation.rs` with `validate_declarative_<kind>(obj, old)` for each kind that reaches a tag, and one `declarative_<type>` walker per type on the way, calling kapi-machinery's `validation::declarative` runtime so that every error comes back at once with upstream's paths and messages.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

use heck::{ToSnakeCase, ToUpperCamelCase};
use kapi_frontend::diagnostics::Diagnostic;
use kapi_frontend::universe::{FileId, Resolved, TypeEntry, TypeId, Universe};
use kapi_frontend::validation_markers::{ListKind, Rule, Stability, Tag};
use kapi_frontend::{Body, Field, Shape};
use proc_macro2::TokenStream;
use quote::{format_ident, quote};

use super::{Emitted, Export, Part};

/// A type as validation tracks it: its package and name.
type Key = (PathBuf, String);

/// A list field's semantics from its tags: `+k8s:listType` (or `unique`) and the map keys.
type List = (Option<ListKind>, Vec<String>);

/// A union of a struct: its name (`None`: the struct's one union) and whether it is zero-or-one.
type UnionKey = (Option<String>, bool);

/// One `+k8s:ifMode("<mode>")=` tag of a member: the mode, the inner tag and where it was written.
type ModeRule = (String, Tag, proc_macro2::Span);

/// One `+k8s:item(<key>: <value>, …)=` tag: the selecting keys and values, the inner tag and
/// where it was written.
type ItemRule<'a> = (&'a Vec<(String, String)>, Tag, proc_macro2::Span);

/// What a value that is not a list field has.
const NO_LIST: List = (None, Vec::new());

/// The versioned types of group packages, the ones validated.
fn validatable(u: &Universe) -> impl Iterator<Item = &TypeEntry> {
    u.group_packages().flat_map(|p| u.types_in(&p.rel)).filter(|t| !t.def.attrs.is_internal())
}

/// The API type a shape leads to (past options, boxes, lists and map values), if it is one of the tree's.
fn target(u: &Universe, file: FileId, shape: &Shape) -> Option<TypeId> {
    match u.resolve_shape(file, shape)? {
        Ok(Resolved::Def(id)) => Some(id),
        _ => None,
    }
}

fn key_of(t: &TypeEntry) -> Key {
    (t.package.clone(), t.name())
}

fn is_opaque(f: &Field) -> bool {
    f.validation.iter().any(|t| t.tag.rule == Rule::OpaqueType)
}

/// The types that need a walker: those with tags of their own (on the type or its fields), and
/// those holding such a type through a field not marked `+k8s:opaqueType`, to a fixed point.
pub fn needs_validation(u: &Universe) -> BTreeSet<Key> {
    let mut needs = BTreeSet::new();
    let mut edges: Vec<(Key, Vec<Key>)> = Vec::new();
    // List kinds are not validated (see `is_validated_kind`), so nothing walks into their items.
    for t in validatable(u).filter(|t| t.kind().is_none() || is_validated_kind(t)) {
        let own = !t.def.validation.is_empty()
            || t.def.fields().iter().any(|f| f.validation.iter().any(|s| generated(&s.tag)));
        if own {
            needs.insert(key_of(t));
        }
        let targets = t
            .def
            .fields()
            .iter()
            .filter(|f| !is_opaque(f))
            .filter_map(|f| target(u, t.file, &f.shape))
            .map(|id| key_of(&u.types[id]))
            .collect();
        edges.push((key_of(t), targets));
    }
    loop {
        let before = needs.len();
        for (key, targets) in &edges {
            if !needs.contains(key) && targets.iter().any(|k| needs.contains(k)) {
                needs.insert(key.clone());
            }
        }
        if needs.len() == before {
            return needs;
        }
    }
}

/// Whether a tag produces code (the others are parsed and documented but left to hand-written
/// validation; see docs/type-language.md).
fn generated(tag: &Tag) -> bool {
    match &tag.rule {
        Rule::CustomValidation
        | Rule::CustomUnique
        | Rule::OpaqueType
        | Rule::ListMapKey(_)
        | Rule::UnionDiscriminator { .. } => false,
        Rule::ListType(k) => *k != ListKind::Atomic,
        // Struct- and list-level checks (`Gen::modes`, `Gen::items`), not one of the field's own.
        Rule::IfMode(_, i) | Rule::Item(_, i) => {
            generated(i) || matches!(i.rule, Rule::UnionMember { .. } | Rule::ZeroOrOneOfMember { .. })
        }
        Rule::ModeDiscriminator => false,
        Rule::EachVal(i) | Rule::EachKey(i) | Rule::Subfield(_, i) | Rule::IfEnabled(_, i) | Rule::IfDisabled(_, i) => {
            generated(i)
        }
        _ => true,
    }
}

/// Whether a field's tag is checked with its struct or its whole list (`Gen::modes`,
/// `Gen::items`, `Gen::dependencies`) rather than on the field's value alone.
fn struct_level(tag: &Tag) -> bool {
    matches!(tag.rule, Rule::IfMode(..) | Rule::Item(..) | Rule::DependentRequired(_) | Rule::DependentForbidden(_))
}

/// Wraps code that reports errors in the check of the tag's stability.
fn guarded(stability: &Stability, body: TokenStream) -> TokenStream {
    match stability {
        Stability::Stable => body,
        Stability::Beta { since } => {
            let (major, minor) = release(since);
            let (major, minor) =
                (proc_macro2::Literal::u32_unsuffixed(major), proc_macro2::Literal::u32_unsuffixed(minor));
            quote!(if o.beta_since(v::Release::new(#major, #minor)) { #body })
        }
        Stability::Alpha { .. } => quote!(if o.alpha { #body }),
    }
}

/// The `major.minor` of a tag's `since` (digits only, as the front-end checked), each part
/// saturating at `u32::MAX`, which only makes a rule of an absurd release never reach beta.
fn release(since: &str) -> (u32, u32) {
    let part = |p: &str| p.parse::<u32>().unwrap_or(u32::MAX);
    let (major, minor) = since.split_once('.').unwrap_or((since, "0"));
    (part(major), part(minor))
}

/// What a named type is, for the code that reads its value.
enum Named {
    Struct(TypeId),
    /// A newtype over a string or an integer.
    Newtype(Shape),
    /// A special machinery type, or one outside the tree.
    Opaque,
}

struct Gen<'a> {
    u: &'a Universe,
    /// The package being generated.
    rel: &'a Path,
    needs: &'a BTreeSet<Key>,
    diagnostics: &'a mut Vec<Diagnostic>,
    /// How deep the labeled blocks a short-circuiting rule leaves are nested (each level has its
    /// own label, as shadowing one is a warning).
    depth: usize,
}

impl Gen<'_> {
    fn named(&self, file: FileId, shape: &Shape) -> Named {
        let Shape::Named(p) = shape.peeled() else { return Named::Opaque };
        let Some(id) = self.u.resolve_def(file, p) else { return Named::Opaque };
        match &self.u.types[id].def.body {
            Body::Struct(_) => Named::Struct(id),
            Body::Newtype(inner, _) => Named::Newtype((**inner).clone()),
        }
    }

    /// The label of the innermost labeled block.
    fn label(&self) -> syn::Lifetime {
        syn::Lifetime::new(&format!("'f{}", self.depth), proc_macro2::Span::call_site())
    }

    /// The walker of a type, from this package.
    fn walker(&self, id: TypeId) -> TokenStream {
        let t = &self.u.types[id];
        let f = format_ident!("declarative_{}", t.name().to_snake_case());
        if t.package == self.rel {
            quote!(#f)
        } else {
            let module = self.u.module_path(&t.package);
            quote!(#module::#f)
        }
    }

    fn error(&mut self, file: FileId, span: proc_macro2::Span, msg: String) {
        self.diagnostics.push(Diagnostic::at(&self.u.file(file).path, span, msg));
    }

    /// The supported values of a `+k8s:enum` newtype: the front-end's `+enum` values (the type's
    /// string constants), sorted; empty when the type is not marked `+enum`.
    fn enum_values(&self, id: TypeId) -> Vec<String> {
        self.u.enum_values(id).map(|e| e.sorted().into_iter().map(str::to_owned).collect()).unwrap_or_default()
    }

    /// `is set` of a value of this shape, as upstream's required/optional/forbidden see it: a
    /// non-nil pointer, a non-empty list or map, a non-zero value.
    fn is_set(&self, shape: &Shape, v: TokenStream) -> TokenStream {
        match shape {
            Shape::Option(inner) => match inner.peeled() {
                Shape::Vec(_) | Shape::Map(..) => quote!(#v.as_ref().is_some_and(|x| !x.is_empty())),
                _ => quote!(#v.is_some()),
            },
            Shape::Box(inner) => self.is_set(inner, v),
            Shape::Vec(_) | Shape::Map(..) | Shape::String | Shape::Bytes => quote!(!#v.is_empty()),
            Shape::Bool => quote!(*#v),
            Shape::I32 | Shape::I64 | Shape::U32 | Shape::U64 => quote!(*#v != 0),
            Shape::F32 | Shape::F64 => quote!(*#v != 0.0),
            Shape::Named(_) => quote!(*#v != Default::default()),
        }
    }

    /// Code running `body` with `new` bound to the set value under any `Option`/`Box` (and `prev`
    /// to the old one, if any); nothing when the value is unset, as upstream's checks skip nil.
    fn peel(&self, shape: &Shape, body: impl FnOnce(&Shape) -> TokenStream) -> TokenStream {
        match shape {
            Shape::Option(inner) => {
                let inner_code = self.peel(inner, body);
                quote! {
                    if let Some(new) = new.as_ref() {
                        let prev = prev.and_then(|p| p.as_ref());
                        let _ = prev;
                        #inner_code
                    }
                }
            }
            Shape::Box(inner) => {
                let inner_code = self.peel(inner, body);
                quote! {{
                    let new = &**new;
                    let prev = prev.map(|p| &**p);
                    let _ = prev;
                    #inner_code
                }}
            }
            s => body(s),
        }
    }

    /// A string view of `new` (a `String` or a newtype over one), and whether upstream's type is
    /// a named string.
    fn string_of(&self, file: FileId, shape: &Shape) -> Option<(TokenStream, bool)> {
        match shape {
            Shape::String => Some((quote!(new.as_str()), false)),
            Shape::Named(_) => match self.named(file, shape) {
                Named::Newtype(Shape::String) => Some((quote!(new.0.as_str()), true)),
                _ => None,
            },
            _ => None,
        }
    }

    fn int_of(&self, file: FileId, shape: &Shape) -> Option<TokenStream> {
        match shape {
            Shape::I32 | Shape::I64 | Shape::U32 => Some(quote!(i64::from(*new))),
            Shape::U64 => Some(quote!(i64::try_from(*new).unwrap_or(i64::MAX))),
            Shape::Named(_) => match self.named(file, shape) {
                Named::Newtype(Shape::I32 | Shape::I64 | Shape::U32) => Some(quote!(i64::from(new.0))),
                _ => None,
            },
            _ => None,
        }
    }

    /// An item's identity in a list of `item` shape, as a closure the runtime's hash-based checks
    /// (uniqueness, finding an item's old value, added and removed items) call once per item: the
    /// list map keys (one, or a tuple of several), the item itself for a set of strings or
    /// numbers, its canonical JSON (`v::json_key`) for a set of anything else.
    fn item_key(&mut self, file: FileId, item: &Shape, keys: &[String], span: proc_macro2::Span) -> TokenStream {
        if keys.is_empty() {
            return match self.key_part(file, item, quote!(x)) {
                Some(part) => quote!(|x| #part),
                None => quote!(|x| v::json_key(x)),
            };
        }
        let Named::Struct(id) = self.named(file, item) else {
            self.error(file, span, "list map keys need a list of structs".into());
            return quote!(|x| v::json_key(x));
        };
        let t = &self.u.types[id];
        let mut parts = Vec::new();
        let mut bad = Vec::new();
        for k in keys {
            match t.def.fields().iter().find(|f| f.json_name == *k) {
                Some(f) => {
                    let ident = &f.ident;
                    match self.key_part(t.file, &f.shape, quote!(x.#ident)) {
                        Some(part) => parts.push(part),
                        None => bad.push(format!(
                            "the list map key `{k}` of `{}` must be a string, an integer or a boolean (or an option or a newtype of one)",
                            t.name()
                        )),
                    }
                }
                None => bad.push(format!("the list map key `{k}` is not a field of `{}`", t.name())),
            }
        }
        for msg in bad {
            self.error(file, span, msg);
        }
        match parts.as_slice() {
            [one] => quote!(|x| #one),
            _ => quote!(|x| (#(#parts),*)),
        }
    }

    /// A hashable view of the scalar `value` of this shape (`&str` for strings, the number or
    /// boolean itself, an `Option` of either), or `None` when the shape is not a scalar.
    fn key_part(&self, file: FileId, shape: &Shape, value: TokenStream) -> Option<TokenStream> {
        match shape {
            Shape::String => Some(quote!(#value.as_str())),
            Shape::Bool | Shape::I32 | Shape::I64 | Shape::U32 | Shape::U64 => Some(value),
            Shape::Option(inner) => match &**inner {
                Shape::String => Some(quote!(#value.as_deref())),
                Shape::Bool | Shape::I32 | Shape::I64 | Shape::U32 | Shape::U64 => Some(value),
                inner => {
                    let part = self.key_part(file, inner, quote!(k))?;
                    Some(quote!(#value.as_ref().map(|k| #part)))
                }
            },
            Shape::Named(_) => match self.named(file, shape) {
                Named::Newtype(inner) => self.key_part(file, &inner, quote!(#value.0)),
                _ => None,
            },
            _ => None,
        }
    }

    /// The list semantics of a field, from its `+k8s:listType`/`+k8s:unique` and
    /// `+k8s:listMapKey` tags (upstream's validation-gen reads these, not `+listType`).
    fn list_semantics(f: &Field) -> List {
        let mut kind = None;
        let mut keys = Vec::new();
        for t in &f.validation {
            match &t.tag.rule {
                Rule::ListType(k) | Rule::Unique(k) => kind = Some(*k),
                Rule::ListMapKey(k) => keys.push(k.clone()),
                _ => {}
            }
        }
        (kind, keys)
    }

    /// The code of one tag on a value: `new: &T`, `prev: Option<&T>`, `p: Path`, inside the
    /// labeled block `'f` that a short-circuiting rule leaves.
    fn rule(&mut self, file: FileId, shape: &Shape, tag: &Tag, list: &List, span: proc_macro2::Span) -> TokenStream {
        let s = &tag.stability;
        let keys: &[String] = &list.1;
        match &tag.rule {
            Rule::Required => {
                let set = self.is_set(shape, quote!(new));
                let report = guarded(s, quote!(v::required(errs, &p);));
                let l = self.label();
                quote!(if !(#set) { #report break #l; })
            }
            Rule::Optional => {
                let set = self.is_set(shape, quote!(new));
                let l = self.label();
                quote!(if !(#set) { break #l; })
            }
            Rule::Forbidden => {
                let set = self.is_set(shape, quote!(new));
                let report = guarded(s, quote!(v::forbidden(errs, &p);));
                let l = self.label();
                quote!(if #set { #report break #l; })
            }
            Rule::Minimum(n) | Rule::Maximum(n) => {
                let is_min = matches!(tag.rule, Rule::Minimum(_));
                self.peel(shape, |inner| {
                    let Some(value) = self.int_of(file, inner) else { return quote!() };
                    let call = if is_min { quote!(v::minimum) } else { quote!(v::maximum) };
                    guarded(s, quote!(#call(errs, &p, #value, #n);))
                })
            }
            Rule::MaxLength(_) | Rule::MaxBytes(_) | Rule::Format(_) => {
                let rule = tag.rule.clone();
                let code = self.peel(shape, |inner| {
                    let Some((value, named)) = self.string_of(file, inner) else { return quote!() };
                    let call = match &rule {
                        Rule::MaxLength(n) => quote!(v::max_length(errs, &p, #value, #n);),
                        Rule::MaxBytes(n) => quote!(v::max_bytes(errs, &p, #value, #n);),
                        Rule::Format(name) => {
                            let f = format_ident!("{}", format_variant(name));
                            quote!(v::format(errs, &p, #value, v::Format::#f, #named);)
                        }
                        _ => quote!(),
                    };
                    guarded(s, call)
                });
                if code.is_empty() {
                    self.error(file, span, format!("`+{}` needs a string or a newtype over one", tag.text));
                }
                code
            }
            Rule::Monotonic => {
                let code = self.peel(shape, |inner| {
                    let Some(value) = self.int_of(file, inner) else { return quote!() };
                    // `value` reads `new`; the same expression over the old value.
                    guarded(
                        s,
                        quote! {
                            if let Some(prev) = prev {
                                let was = { let new = prev; #value };
                                v::monotonic(errs, &p, #value, was);
                            }
                        },
                    )
                });
                if code.is_empty() {
                    self.error(file, span, format!("`+{}` needs an integer or a newtype over one", tag.text));
                }
                code
            }
            Rule::MaxItems(n) => {
                let len = match shape {
                    Shape::Option(_) => quote!(new.as_ref().map_or(0, |x| x.len())),
                    _ => quote!(new.len()),
                };
                guarded(s, quote!(v::max_items(errs, &p, #len, #n);))
            }
            Rule::Immutable => guarded(
                s,
                quote!(if prev.is_some() {
                    v::immutable(errs, &p);
                }),
            ),
            Rule::Update(c) => match c.as_str() {
                "NoAddItem" | "NoRemoveItem" => {
                    let Some(item) = list_item(shape) else { return quote!() };
                    let key = self.item_key(file, item, keys, span);
                    let (add, remove) = (c == "NoAddItem", c == "NoRemoveItem");
                    let slices = slices(shape);
                    guarded(
                        s,
                        quote! {
                            if prev.is_some() {
                                #slices
                                v::update_items(errs, &p, #add, #remove, new_items, prev_items, #key);
                            }
                        },
                    )
                }
                _ => {
                    let variant = format_ident!("{}", c);
                    let was = self.is_set(shape, quote!(prev));
                    let is = self.is_set(shape, quote!(new));
                    guarded(
                        s,
                        quote! {
                            if let Some(prev) = prev {
                                v::update(errs, &p, v::Update::#variant, #was, #is, prev != new);
                            }
                        },
                    )
                }
            },
            Rule::ListType(kind) | Rule::Unique(kind) => {
                let Some(item) = list_item(shape) else { return quote!() };
                let keys = if *kind == ListKind::Map { keys } else { &[] };
                let key = self.item_key(file, item, keys, span);
                let value = self.bad_value(file, item);
                let slices = slices(shape);
                guarded(
                    s,
                    quote! {{
                        #slices
                        let _ = prev_items;
                        v::unique(errs, &p, new_items, #key, #value);
                    }},
                )
            }
            Rule::EachVal(inner) => {
                let inner = inner_with(inner, s);
                self.each_val(file, shape, &[(inner, span)], list, span)
            }
            Rule::EachKey(inner) => {
                let inner = inner_with(inner, s);
                self.each_key(file, shape, &[(inner, span)])
            }
            Rule::Subfield(name, inner) => {
                let inner = inner_with(inner, s);
                self.subfield(file, shape, name, &[(inner, span)], span)
            }
            Rule::IfEnabled(gate, inner) | Rule::IfDisabled(gate, inner) => {
                let inner = inner_with(inner, s);
                let body = self.rule(file, shape, &inner, list, span);
                let g = format_ident!("{}", gate);
                let on = quote!(::kapi_api::features::enabled(::kapi_api::features::Feature::#g));
                if matches!(tag.rule, Rule::IfEnabled(..)) {
                    quote!(if #on { #body })
                } else {
                    quote!(if !#on { #body })
                }
            }
            Rule::DependentRequired(_) | Rule::DependentForbidden(_) | Rule::Item(..) | Rule::IfMode(..) => {
                self.error(
                    file,
                    span,
                    format!("`+{}` is checked with its struct or list: it cannot be nested here", tag.text),
                );
                quote!()
            }
            _ => quote!(),
        }
    }

    /// The code of several tags on one value: short-circuiting ones first, each in its own
    /// block; `eachVal`, `eachKey` and same-named `subfield` tags grouped, so that an inner
    /// `optional` stops the inner rules after it as upstream's grouping does.
    fn rules(
        &mut self,
        file: FileId,
        shape: &Shape,
        tags: &[(Tag, proc_macro2::Span)],
        list: &List,
    ) -> Vec<TokenStream> {
        let mut tags: Vec<&(Tag, proc_macro2::Span)> = tags.iter().collect();
        tags.sort_by_key(|(t, _)| !short_circuits(t));
        let mut code = Vec::new();
        let mut each_val: Vec<(Tag, proc_macro2::Span)> = Vec::new();
        let mut each_key: Vec<(Tag, proc_macro2::Span)> = Vec::new();
        let mut subfields: Vec<(String, Vec<(Tag, proc_macro2::Span)>)> = Vec::new();
        for (tag, span) in tags {
            match &tag.rule {
                Rule::EachVal(inner) => each_val.push((inner_with(inner, &tag.stability), *span)),
                Rule::EachKey(inner) => each_key.push((inner_with(inner, &tag.stability), *span)),
                Rule::Subfield(name, inner) => {
                    let inner = (inner_with(inner, &tag.stability), *span);
                    match subfields.iter_mut().find(|(n, _)| n == name) {
                        Some((_, group)) => group.push(inner),
                        None => subfields.push((name.clone(), vec![inner])),
                    }
                }
                _ => {
                    let one = self.rule(file, shape, tag, list, *span);
                    if !one.is_empty() {
                        code.push(quote!({ #one }));
                    }
                }
            }
        }
        if let Some((_, span)) = each_val.first().cloned() {
            code.push(self.each_val(file, shape, &each_val, list, span));
        }
        if !each_key.is_empty() {
            code.push(self.each_key(file, shape, &each_key));
        }
        for (name, group) in subfields {
            let span = group[0].1;
            code.push(self.subfield(file, shape, &name, &group, span));
        }
        code
    }

    /// Rules in a new labeled block one level deeper.
    fn nested_rules(&mut self, file: FileId, shape: &Shape, tags: &[(Tag, proc_macro2::Span)]) -> TokenStream {
        self.depth += 1;
        let label = self.label();
        let body = self.rules(file, shape, tags, &NO_LIST);
        self.depth -= 1;
        quote!(#label: { #(#body)* })
    }

    /// `+k8s:eachVal=` tags: on every list item or map value, each with its old value where
    /// the list correlates items (`map` and `set` lists) or the map has the key.
    fn each_val(
        &mut self,
        file: FileId,
        shape: &Shape,
        tags: &[(Tag, proc_macro2::Span)],
        list: &List,
        span: proc_macro2::Span,
    ) -> TokenStream {
        match shape.peeled() {
            Shape::Vec(item) => {
                let body = self.nested_rules(file, item, tags);
                // Only `map` and `set` lists correlate items with old ones.
                let key = match list.0 {
                    Some(ListKind::Map | ListKind::Set) => Some(self.item_key(file, item, &list.1, span)),
                    _ => None,
                };
                let (index, find) = old_item_lookup(key.as_ref());
                self.peel(shape, |_| {
                    quote! {
                        #index
                        for (i, new) in new.iter().enumerate() {
                            let p = p.index(i);
                            let prev = #find;
                            if prev == Some(new) { continue; }
                            #body
                        }
                    }
                })
            }
            Shape::Map(key, item) => {
                let body = self.nested_rules(file, item, tags);
                let k = self.key_str(file, key);
                self.peel(shape, |_| {
                    quote! {
                        for (k, new) in new.iter() {
                            let p = p.key(#k);
                            let prev = prev.and_then(|old| old.get(k));
                            if prev == Some(new) { continue; }
                            #body
                        }
                    }
                })
            }
            _ => quote!(),
        }
    }

    /// `+k8s:eachKey=` tags: on every map key not in the old map, at the map's own path.
    fn each_key(&mut self, file: FileId, shape: &Shape, tags: &[(Tag, proc_macro2::Span)]) -> TokenStream {
        let Shape::Map(key, _) = shape.peeled() else { return quote!() };
        let body = self.nested_rules(file, key, tags);
        self.peel(shape, |_| {
            quote! {
                for new in new.keys() {
                    if prev.is_some_and(|old| old.contains_key(new)) { continue; }
                    // Keys have no old value: one that was there is skipped above.
                    let prev = Some(new).filter(|_| false);
                    #body
                }
            }
        })
    }

    /// `+k8s:subfield(name)=` tags: on one field of a struct-typed value.
    fn subfield(
        &mut self,
        file: FileId,
        shape: &Shape,
        name: &str,
        tags: &[(Tag, proc_macro2::Span)],
        span: proc_macro2::Span,
    ) -> TokenStream {
        let Named::Struct(id) = self.named(file, shape) else {
            self.error(file, span, format!("`+k8s:subfield({name})` needs a struct-typed field"));
            return quote!();
        };
        let Some(sub) = self.u.types[id].def.fields().iter().find(|f| f.json_name == name) else {
            let ty = self.u.types[id].name();
            self.error(file, span, format!("`{ty}` has no field with the JSON name `{name}`"));
            return quote!();
        };
        let ident = sub.ident.clone();
        let sub_shape = sub.shape.clone();
        let sub_file = self.u.types[id].file;
        let body = self.nested_rules(sub_file, &sub_shape, tags);
        self.peel(shape, |_| {
            quote! {{
                let p = p.child(#name);
                let new = &new.#ident;
                let prev = prev.map(|o| &o.#ident);
                if prev != Some(new) {
                    #body
                }
            }}
        })
    }

    /// A map key as `&str`.
    fn key_str(&self, file: FileId, key: &Shape) -> TokenStream {
        match self.named(file, key) {
            Named::Newtype(..) => quote!(k.0.as_str()),
            _ => quote!(k.as_str()),
        }
    }

    /// How a list item shows in a `Duplicate value` error: a Go string quoted, a number as is,
    /// anything else as JSON.
    fn bad_value(&self, file: FileId, item: &Shape) -> TokenStream {
        match item {
            Shape::String => quote!(|x: &String| kapi_machinery::validation::BadValue::Str(x.clone())),
            Shape::I32 | Shape::I64 => quote!(|x| kapi_machinery::validation::BadValue::Int(i64::from(*x))),
            _ => {
                let _ = file;
                quote!(|x| v::json_value(x))
            }
        }
    }

    /// The walker of one type.
    fn type_walker(&mut self, t: &TypeEntry, id: TypeId) -> TokenStream {
        let name = t.name();
        let f = format_ident!("declarative_{}", name.to_snake_case());
        let ty = self.u.item_path(t.file, &t.def.ident);
        let mut body = Vec::new();
        match &t.def.body {
            Body::Newtype(_, _) => {
                for st in &t.def.validation {
                    if st.tag.rule == Rule::Enum {
                        let values = self.enum_values(id);
                        if values.is_empty() {
                            self.error(
                                t.file,
                                st.span,
                                format!("`+k8s:enum` on `{name}` needs the type marked `+enum`, with its values as constants: `impl {name} {{ pub const A: &'static str = \"A\"; }}`"),
                            );
                        }
                        body.push(guarded(
                            &st.tag.stability,
                            quote!(v::enumeration(errs, path, obj.0.as_str(), &[#(#values),*]);),
                        ));
                    }
                }
            }
            Body::Struct(fields) => {
                body.extend(self.unions(t.file, fields));
                body.extend(self.modes(t, fields));
                body.extend(self.dependencies(t, fields));
                for field in fields {
                    body.push(self.field(t.file, field));
                }
            }
        }
        let doc = format!(" Declarative validation of a `{name}` at `path` and of everything it holds.");
        quote! {
            #[doc = #doc]
            #[doc(hidden)]
            #[allow(
                unused_variables,
                unused_labels,
                clippy::all,
                reason = "one shape of code for every field: not every field uses every binding"
            )]
            pub fn #f(errs: &mut ErrorList, o: v::Options, path: &Path, obj: &#ty, old: Option<&#ty>) {
                #(#body)*
            }
        }
    }

    /// The union checks of a struct: one per union name, members in field order.
    fn unions(&self, file: FileId, fields: &[Field]) -> Vec<TokenStream> {
        let mut unions: BTreeMap<UnionKey, Vec<(&Field, &Stability)>> = BTreeMap::new();
        for f in fields {
            for st in &f.validation {
                match &st.tag.rule {
                    Rule::UnionMember { union } => {
                        unions.entry((union.clone(), false)).or_default().push((f, &st.tag.stability))
                    }
                    Rule::ZeroOrOneOfMember { union } => {
                        unions.entry((union.clone(), true)).or_default().push((f, &st.tag.stability))
                    }
                    _ => {}
                }
            }
        }
        let _ = file;
        unions
            .into_iter()
            .map(|((_, at_most_one), members)| {
                let names: Vec<&str> = members.iter().map(|(f, _)| f.json_name.as_str()).collect();
                let now = members.iter().map(|(f, _)| {
                    let ident = &f.ident;
                    self.is_set(&f.shape, quote!((&obj.#ident)))
                });
                let before = members.iter().map(|(f, _)| {
                    let ident = &f.ident;
                    self.is_set(&f.shape, quote!((&old.#ident)))
                });
                // The union is as stable as its least stable member.
                let stability = members
                    .iter()
                    .map(|(_, s)| *s)
                    .max_by_key(|s| match s {
                        Stability::Stable => 0,
                        Stability::Beta { .. } => 1,
                        Stability::Alpha { .. } => 2,
                    })
                    .cloned()
                    .unwrap_or(Stability::Stable);
                guarded(
                    &stability,
                    quote! {{
                        let before = old.filter(|old| **old != Default::default()).map(|old| [#(#before),*]);
                        v::union(errs, path, &[#(#names),*], &[#(#now),*], before.as_ref().map(|b| &b[..]), #at_most_one);
                    }},
                )
            })
            .collect()
    }

    /// The mode checks of a struct, upstream's `Discriminated`: a field marked
    /// `+k8s:modeDiscriminator` selects, for each member field with `+k8s:ifMode("<mode>")=` tags,
    /// the rules of the mode it names; in a mode the member has no rules for, the member must be
    /// unset. Members in the order of their Go names, modes sorted, as upstream generates them. An
    /// update that changes neither the discriminator nor the member is not checked again.
    fn modes(&mut self, t: &TypeEntry, fields: &[Field]) -> Vec<TokenStream> {
        let file = t.file;
        let mut members: Vec<(&Field, Vec<ModeRule>)> = Vec::new();
        for f in fields {
            let rules: Vec<_> = f
                .validation
                .iter()
                .filter_map(|st| match &st.tag.rule {
                    Rule::IfMode(mode, inner) => Some((mode.clone(), inner_with(inner, &st.tag.stability), st.span)),
                    _ => None,
                })
                .collect();
            if !rules.is_empty() {
                members.push((f, rules));
            }
        }
        let mut discriminators = fields.iter().filter_map(|f| {
            f.validation.iter().find(|st| st.tag.rule == Rule::ModeDiscriminator).map(|st| (f, st.span))
        });
        let discriminator = discriminators.next();
        if let Some((f, span)) = discriminators.next() {
            self.error(
                file,
                span,
                format!("`{}` has a second `+k8s:modeDiscriminator`, `{}`: a struct has one", t.name(), f.json_name),
            );
        }
        if members.is_empty() {
            return Vec::new();
        }
        let Some((disc, disc_span)) = discriminator else {
            let (f, rules) = &members[0];
            self.error(
                file,
                rules[0].2,
                format!(
                    "`+k8s:ifMode` on `{}` needs a field of `{}` marked `+k8s:modeDiscriminator`",
                    f.json_name,
                    t.name()
                ),
            );
            return Vec::new();
        };
        let d = &disc.ident;
        let is_bool = matches!(disc.shape, Shape::Bool);
        let selector = match &disc.shape {
            Shape::Bool => Some(quote!(obj.#d)),
            Shape::String => Some(quote!(obj.#d.as_str())),
            shape @ Shape::Named(_) => match self.named(file, shape) {
                Named::Newtype(Shape::String) => Some(quote!(obj.#d.0.as_str())),
                _ => None,
            },
            _ => None,
        };
        let Some(selector) = selector else {
            self.error(
                file,
                disc_span,
                format!(
                    "`+k8s:modeDiscriminator` on `{}` needs a string, a newtype over one or a bool (not an option)",
                    disc.json_name
                ),
            );
            return Vec::new();
        };
        members.sort_by_key(|(f, _)| f.ident.to_string().trim_start_matches("r#").to_upper_camel_case());
        let mut out = Vec::new();
        for (f, rules) in members {
            let mut by_mode: BTreeMap<String, Vec<(Tag, proc_macro2::Span)>> = BTreeMap::new();
            for (mode, tag, span) in &rules {
                by_mode.entry(mode.clone()).or_default().push((tag.clone(), *span));
            }
            let list = Self::list_semantics(f);
            let mut arms = Vec::new();
            for (mode, tags) in by_mode {
                let pattern = if is_bool {
                    match mode.as_str() {
                        "true" => quote!(true),
                        "false" => quote!(false),
                        _ => {
                            self.error(
                                file,
                                tags[0].1,
                                format!("`+k8s:ifMode(\"{mode}\")`: the discriminator `{}` is a bool", disc.json_name),
                            );
                            continue;
                        }
                    }
                } else {
                    quote!(#mode)
                };
                let code = self.rules(file, &f.shape, &tags, &list);
                arms.push(quote!(#pattern => { 'f0: { #(#code)* } }));
            }
            // In the other modes the member is forbidden, as stable as its rules when they agree.
            let first = &rules[0].1.stability;
            let stability =
                if rules.iter().all(|(_, t, _)| t.stability == *first) { first.clone() } else { Stability::Stable };
            let forbid = guarded(&stability, quote!(v::forbidden(errs, &p);));
            let set = self.is_set(&f.shape, quote!(new));
            let (ident, json) = (&f.ident, &f.json_name);
            out.push(quote! {{
                let p = path.child(#json);
                let new = &obj.#ident;
                let prev = old.map(|o| &o.#ident);
                if !(prev == Some(new) && old.is_some_and(|o| o.#d == obj.#d)) {
                    #[allow(unreachable_patterns)]
                    match #selector {
                        #(#arms)*
                        _ => if #set { #forbid }
                    }
                }
            }});
        }
        out
    }

    /// `+k8s:dependentRequired("<sibling>", …)` and `+k8s:dependentForbidden(…)` on a field (the
    /// trigger): when it is set, each named sibling must be set too (`Required value: must be
    /// specified when `<trigger>` is set`, upstream's message), or must not be (`Forbidden`;
    /// upstream's detail for this one was not available, the wording is ours). An update that
    /// leaves whether the trigger and the sibling are set as they were is not checked again.
    fn dependencies(&mut self, t: &TypeEntry, fields: &[Field]) -> Vec<TokenStream> {
        let mut out = Vec::new();
        for trigger in fields {
            for st in &trigger.validation {
                let (names, required) = match &st.tag.rule {
                    Rule::DependentRequired(names) => (names, true),
                    Rule::DependentForbidden(names) => (names, false),
                    _ => continue,
                };
                for name in names {
                    let Some(dependent) = fields.iter().find(|f| f.json_name == *name) else {
                        self.error(
                            t.file,
                            st.span,
                            format!("`+{}`: `{}` has no field with the JSON name `{name}`", st.tag.text, t.name()),
                        );
                        continue;
                    };
                    let (ti, di) = (&trigger.ident, &dependent.ident);
                    let trigger_now = self.is_set(&trigger.shape, quote!((&obj.#ti)));
                    let trigger_before = self.is_set(&trigger.shape, quote!((&old.#ti)));
                    let dependent_now = self.is_set(&dependent.shape, quote!((&obj.#di)));
                    let dependent_before = self.is_set(&dependent.shape, quote!((&old.#di)));
                    let trigger_json = &trigger.json_name;
                    let report = if required {
                        let detail = format!("must be specified when `{trigger_json}` is set");
                        quote! {
                            if trigger && !dependent {
                                errs.push(kapi_machinery::validation::FieldError::required(path.child(#name), #detail));
                            }
                        }
                    } else {
                        let detail = format!("may not be specified when `{trigger_json}` is set");
                        quote! {
                            if trigger && dependent {
                                errs.push(kapi_machinery::validation::FieldError::forbidden(path.child(#name), #detail));
                            }
                        }
                    };
                    out.push(guarded(
                        &st.tag.stability,
                        quote! {{
                            let (trigger, dependent) = (#trigger_now, #dependent_now);
                            if !old.is_some_and(|old| (#trigger_before, #dependent_before) == (trigger, dependent)) {
                                #report
                            }
                        }},
                    ));
                }
            }
        }
        out
    }

    /// `+k8s:item(<key>: <value>, …)=` tags of a `listType=map` list: the item whose list map
    /// keys have these values. A `unionMember`/`zeroOrOneOfMember` payload makes the item a
    /// member of a union over the list's items (at most one, or exactly one, of the selected
    /// items present, reported at the list as upstream's `Union` reports it, with members named
    /// `<field>[{"<key>": <value>}]`); any other payload validates the item, at
    /// `<path>[{"<key>": <value>}]`, against the old list's item with the same keys.
    fn items(&mut self, file: FileId, field: &Field, list: &List) -> Vec<TokenStream> {
        let tags: Vec<ItemRule> = field
            .validation
            .iter()
            .filter_map(|st| match &st.tag.rule {
                Rule::Item(keys, inner) => Some((keys, inner_with(inner, &st.tag.stability), st.span)),
                _ => None,
            })
            .collect();
        if tags.is_empty() {
            return Vec::new();
        }
        let span = tags[0].2;
        let item_shape = match list_item(&field.shape) {
            Some(item) if list.0 == Some(ListKind::Map) && !list.1.is_empty() => item.clone(),
            _ => {
                self.error(
                    file,
                    span,
                    format!(
                        "`+k8s:item` on `{}` needs a list marked `+k8s:listType=map` with `+k8s:listMapKey`",
                        field.json_name
                    ),
                );
                return Vec::new();
            }
        };
        let Named::Struct(id) = self.named(file, &item_shape) else {
            self.error(file, span, format!("`+k8s:item` on `{}` needs a list of structs", field.json_name));
            return Vec::new();
        };
        let item_type = &self.u.types[id];
        let mut unions: BTreeMap<UnionKey, Vec<(String, TokenStream, Stability)>> = BTreeMap::new();
        let mut code = Vec::new();
        for (criteria, inner, span) in tags {
            // Every list map key, in the order the keys are declared, as upstream requires.
            let mut conditions = Vec::new();
            let mut selector = Vec::new();
            let mut ok = criteria.len() == list.1.len();
            for key in &list.1 {
                let Some((_, value)) = criteria.iter().find(|(k, _)| k == key) else {
                    ok = false;
                    continue;
                };
                let Some(f) = item_type.def.fields().iter().find(|f| f.json_name == *key) else { continue };
                match self.key_match(item_type.file, &f.shape, &f.ident, value) {
                    Some((cond, shown)) => {
                        conditions.push(cond);
                        selector.push(format!("\"{key}\": {shown}"));
                    }
                    None => {
                        self.error(
                            file,
                            span,
                            format!(
                                "`+k8s:item`: `{value}` is not a value of the list map key `{key}` of `{}`",
                                item_type.name()
                            ),
                        );
                        ok = false;
                    }
                }
            }
            if !ok {
                let keys = list.1.join("`, `");
                self.error(
                    file,
                    span,
                    format!(
                        "`+k8s:item` names the item by every list map key of `{}`, and only those: `{keys}`",
                        field.json_name
                    ),
                );
                continue;
            }
            let selector = format!("{{{}}}", selector.join(", "));
            let matches = quote!(|x| #(#conditions)&&*);
            match &inner.rule {
                Rule::UnionMember { union } | Rule::ZeroOrOneOfMember { union } => {
                    let at_most_one = matches!(inner.rule, Rule::ZeroOrOneOfMember { .. });
                    let name = format!("{}[{selector}]", field.json_name);
                    unions.entry((union.clone(), at_most_one)).or_default().push((
                        name,
                        matches,
                        inner.stability.clone(),
                    ));
                }
                _ => {
                    let body = self.nested_rules(file, &item_shape, &[(inner, span)]);
                    let slices = slices(&field.shape);
                    code.push(quote! {{
                        #slices
                        if let Some(new) = new_items.iter().find(#matches) {
                            let prev = prev_items.iter().find(#matches);
                            let p = p.key(#selector);
                            if prev != Some(new) {
                                #body
                            }
                        }
                    }});
                }
            }
        }
        for ((_, at_most_one), mut members) in unions {
            members.sort_by(|a, b| a.0.cmp(&b.0));
            let names: Vec<&str> = members.iter().map(|(n, _, _)| n.as_str()).collect();
            let now = members.iter().map(|(_, m, _)| quote!(new_items.iter().any(#m)));
            let before = members.iter().map(|(_, m, _)| quote!(prev_items.iter().any(#m)));
            let stability = members
                .iter()
                .map(|(_, _, s)| s.clone())
                .max_by_key(|s| match s {
                    Stability::Stable => 0,
                    Stability::Beta { .. } => 1,
                    Stability::Alpha { .. } => 2,
                })
                .unwrap_or(Stability::Stable);
            let slices = slices(&field.shape);
            code.push(guarded(
                &stability,
                quote! {{
                    #slices
                    let before = prev.map(|_| [#(#before),*]);
                    v::union(errs, &p, &[#(#names),*], &[#(#now),*], before.as_ref().map(|b| &b[..]), #at_most_one);
                }},
            ));
        }
        code
    }

    /// The test that an item's key field `ident` (of this shape) has the value written in an
    /// `+k8s:item` tag, and the value as upstream shows it in a path (`"Approved"`, `80`,
    /// `true`); `None` when the written value does not fit the field.
    fn key_match(&self, file: FileId, shape: &Shape, ident: &syn::Ident, value: &str) -> Option<(TokenStream, String)> {
        let (base, optional) = match shape {
            Shape::Option(inner) => (inner.as_ref(), true),
            s => (s, false),
        };
        let (view, kind) = match base {
            Shape::String => (quote!(x.#ident), "str"),
            Shape::Bool => (quote!(x.#ident), "bool"),
            Shape::I32 | Shape::I64 | Shape::U32 | Shape::U64 => (quote!(x.#ident), "int"),
            Shape::Named(_) => match self.named(file, base) {
                Named::Newtype(Shape::String) => (quote!(x.#ident), "newtype"),
                _ => return None,
            },
            _ => return None,
        };
        let (literal, shown) = match kind {
            "str" | "newtype" => (quote!(#value), format!("{value:?}")),
            "bool" => {
                let b: bool = value.parse().ok()?;
                (quote!(#b), b.to_string())
            }
            _ => {
                let n: i64 = value.parse().ok()?;
                let lit = proc_macro2::Literal::i64_unsuffixed(n);
                (quote!(#lit), n.to_string())
            }
        };
        let cond = match (kind, optional) {
            ("str", false) => quote!(#view == #literal),
            ("str", true) => quote!(#view.as_deref() == Some(#literal)),
            ("newtype", false) => quote!(#view.0 == #literal),
            ("newtype", true) => quote!(#view.as_ref().is_some_and(|k| k.0 == #literal)),
            (_, false) => quote!(#view == #literal),
            (_, true) => quote!(#view == Some(#literal)),
        };
        Some((cond, shown))
    }

    /// The checks of one field: its tags (short-circuiting ones first), then its type's walker.
    fn field(&mut self, file: FileId, field: &Field) -> TokenStream {
        let ident = &field.ident;
        let json = &field.json_name;
        let list = Self::list_semantics(field);
        let (list_kind, keys) = (list.0, list.1.clone());
        let custom_unique = field.validation.iter().any(|t| t.tag.rule == Rule::CustomUnique);
        let mut tags: Vec<(Tag, proc_macro2::Span)> = field
            .validation
            .iter()
            .filter(|t| generated(&t.tag) && !struct_level(&t.tag))
            .map(|t| (t.tag.clone(), t.span))
            .collect();
        // Uniqueness is checked once even when both `listType` and `unique` say it.
        let mut unique_seen = custom_unique;
        tags.retain(|(t, _)| match t.rule {
            Rule::ListType(_) | Rule::Unique(_) => !std::mem::replace(&mut unique_seen, true),
            _ => true,
        });
        let mut code = self.rules(file, &field.shape, &tags, &list);
        code.extend(self.items(file, field, &list));
        if !is_opaque(field)
            && let Some(id) = target(self.u, file, &field.shape)
            && self.needs.contains(&key_of(&self.u.types[id]))
        {
            let walker = self.walker(id);
            let key = match field.shape.peeled() {
                Shape::Vec(item) if list_kind == Some(ListKind::Map) || list_kind == Some(ListKind::Set) => {
                    let keys = if list_kind == Some(ListKind::Map) { keys.clone() } else { Vec::new() };
                    Some(self.item_key(file, item, &keys, field.span))
                }
                _ => None,
            };
            code.push(descend(&field.shape, &walker, key.as_ref()));
        }
        if code.iter().all(TokenStream::is_empty) {
            return quote!();
        }
        quote! {{
            let p = path.child(#json);
            let new = &obj.#ident;
            let prev = old.map(|o| &o.#ident);
            // An update that leaves the field as it was is not validated again (ratcheting).
            if prev != Some(new) {
                'f0: { #(#code)* }
            }
        }}
    }
}

/// The inner tag of a wrapper, with the wrapper's stability where the inner has none.
fn inner_with(inner: &Tag, outer: &Stability) -> Tag {
    let mut t = inner.clone();
    if t.stability == Stability::Stable {
        t.stability = outer.clone();
    }
    t
}

/// Whether a tag (through feature-gate conditions) decides if the field is checked further.
fn short_circuits(tag: &Tag) -> bool {
    match &tag.rule {
        Rule::Required | Rule::Optional | Rule::Forbidden => true,
        Rule::IfEnabled(_, i) | Rule::IfDisabled(_, i) => short_circuits(i),
        _ => false,
    }
}

fn list_item(shape: &Shape) -> Option<&Shape> {
    match shape.peeled() {
        Shape::Vec(item) => Some(item),
        _ => None,
    }
}

/// Binds `new_items` and `prev_items` as slices of a list field (an unset list is empty).
fn slices(shape: &Shape) -> TokenStream {
    match shape {
        Shape::Option(_) => quote! {
            let new_items: &[_] = new.as_deref().unwrap_or_default();
            let prev_items: &[_] = prev.and_then(|x| x.as_deref()).unwrap_or_default();
        },
        _ => quote! {
            let new_items: &[_] = &new[..];
            let prev_items: &[_] = prev.map(|x| &x[..]).unwrap_or_default();
        },
    }
}

/// The code finding a list item's old value: an index of the old list built before the loop
/// over the items (by `key`, for `map` and `set` lists), and the lookup of `new` in it; no old
/// value for atomic lists.
fn old_item_lookup(key: Option<&TokenStream>) -> (TokenStream, TokenStream) {
    match key {
        Some(key) => (quote!(let old_items = v::old_items(prev.map(|x| &x[..]), #key);), quote!(old_items.find(new))),
        None => (quote!(), quote!(None)),
    }
}

/// Calls a type's walker on every value of a field, each with its old value: the field's own,
/// a list item's match (by `key`, the list map keys or the whole item, for `map` and `set`
/// lists; none for atomic lists), a map value's by key. Unchanged values are skipped.
fn descend(shape: &Shape, walker: &TokenStream, key: Option<&TokenStream>) -> TokenStream {
    match shape {
        Shape::Option(inner) => {
            let body = descend(inner, walker, key);
            quote! {
                if let Some(new) = new.as_ref() {
                    let prev = prev.and_then(|p| p.as_ref());
                    #body
                }
            }
        }
        Shape::Box(inner) => {
            let body = descend(inner, walker, key);
            quote! {{
                let new = &**new;
                let prev = prev.map(|p| &**p);
                #body
            }}
        }
        Shape::Vec(_) => {
            let (index, find) = old_item_lookup(key);
            quote! {
                #index
                for (i, new) in new.iter().enumerate() {
                    let prev = #find;
                    if prev == Some(new) { continue; }
                    #walker(errs, o, &p.index(i), new, prev);
                }
            }
        }
        Shape::Map(key, _) => {
            let k = if matches!(**key, Shape::String) { quote!(k.as_str()) } else { quote!(k.0.as_str()) };
            quote! {
                for (k, new) in new.iter() {
                    let prev = prev.and_then(|old| old.get(k));
                    if prev == Some(new) { continue; }
                    #walker(errs, o, &p.key(#k), new, prev);
                }
            }
        }
        _ => quote!(#walker(errs, o, &p, new, prev);),
    }
}

/// The `Format` variant of a format name (`k8s-short-name` → `ShortName`).
fn format_variant(name: &str) -> String {
    match name.strip_prefix("k8s-").unwrap_or(name) {
        "uuid" => "Uuid".into(),
        rest => rest
            .split('-')
            .map(|w| {
                let mut c = w.chars();
                c.next().map(|f| f.to_ascii_uppercase().to_string() + c.as_str()).unwrap_or_default()
            })
            .collect(),
    }
}

/// Writes `validation.rs` for each package with types that need validation.
/// Only the packages of `part` are written.
pub fn generate(u: &Universe, needs: &BTreeSet<Key>, part: Part, out: &mut Emitted, diagnostics: &mut Vec<Diagnostic>) {
    for pkg in part.select(u.group_packages(), |pkg| u.type_ids_in(&pkg.rel).count()) {
        let local: Vec<(TypeId, &TypeEntry)> =
            u.type_ids_in(&pkg.rel).map(|id| (id, &u.types[id])).filter(|(_, t)| needs.contains(&key_of(t))).collect();
        if local.is_empty() {
            continue;
        }
        let mut g = Gen { u, rel: &pkg.rel, needs, diagnostics: &mut *diagnostics, depth: 0 };
        let walkers: Vec<TokenStream> = local.iter().map(|(id, t)| g.type_walker(t, *id)).collect();
        let lazy = super::where_used();
        let entries = local.iter().filter(|(_, t)| is_validated_kind(t)).map(|(_, t)| {
            let name = t.name();
            let snake = name.to_snake_case();
            let f = format_ident!("validate_declarative_{}", snake);
            let with = format_ident!("validate_declarative_{}_with", snake);
            let w = format_ident!("declarative_{}", snake);
            let ty = u.item_path(t.file, &t.def.ident);
            let doc = format!(
                " Validates a `{name}` (and, on update, against the stored one) by the `+k8s:` tags of its types, returning every enforced error: stable and, while the `DeclarativeValidationBeta` gate is on, the beta rules of the release the gates answer as."
            );
            let doc_with = format!(" Validates a `{name}` running the rules `opts` selects (`Options::ALL` for every rule).");
            quote! {
                #[doc = #doc]
                #lazy
                pub fn #f(obj: &#ty, old: Option<&#ty>) -> ErrorList {
                    #with(obj, old, ::kapi_api::features::declarative_options())
                }

                #[doc = #doc_with]
                pub fn #with(obj: &#ty, old: Option<&#ty>, opts: v::Options) -> ErrorList {
                    let mut errs = ErrorList::new();
                    #w(&mut errs, opts, &Path::root(), obj, old);
                    errs
                }
            }
        });
        let entries: Vec<TokenStream> = entries.collect();
        let doc = format!(" Declarative validation of the kinds of `{}`, from their `+k8s:` tags.", pkg.rel.display());
        let file: syn::File = syn::parse_quote! {
            #![doc = #doc]

            use kapi_machinery::validation::declarative as v;
            use kapi_machinery::validation::{ErrorList, Path};

            #(#entries)*

            #(#walkers)*
        };
        out.module(
            &pkg.rel,
            "validation",
            &file,
            Export::Glob,
            false,
            if super::is_hub(u, &pkg.rel) {
                &[super::INTERNAL_FEATURE, super::VALIDATION_FEATURE]
            } else {
                &[super::VALIDATION_FEATURE]
            },
        );
    }
}

/// Whether a type is a kind that gets an entry point: list kinds are not validated, as upstream's
/// strategies validate objects, not lists.
fn is_validated_kind(t: &TypeEntry) -> bool {
    t.kind().is_some_and(|k| !k.ends_with("List"))
}

/// The kinds of a package that have a generated validator, sorted.
pub fn validated_kinds<'a>(u: &'a Universe, needs: &BTreeSet<Key>, rel: &Path) -> Vec<&'a TypeEntry> {
    let mut kinds: Vec<&TypeEntry> =
        u.types_in(rel).filter(|t| is_validated_kind(t) && needs.contains(&key_of(t))).collect();
    kinds.sort_by_key(|t| t.name());
    kinds
}

#[cfg(test)]
mod tests {
    use super::release;

    #[test]
    fn since_reads_as_major_and_minor() {
        assert_eq!(release("1.37"), (1, 37));
        assert_eq!(release("01.036"), (1, 36));
        // Past `u32`: a release no server reaches.
        assert_eq!(release("1.99999999999"), (1, u32::MAX));
    }
}
