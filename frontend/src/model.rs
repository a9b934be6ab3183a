//! The typed model of one API type definition, built from a Rust struct and its `#[kapi]` attributes.

use proc_macro2::Span;
use syn::spanned::Spanned;

use crate::attr::{self, FieldAttrs, TypeAttrs};
use crate::ctxt::Ctxt;
use crate::names;

/// One API type: a struct with named fields, or a newtype over one field.
#[derive(Debug, Clone)]
pub struct TypeDef {
    /// The Rust type's name, which is also upstream's Go type name (`PodSpec`).
    pub ident: syn::Ident,
    /// The type's `#[kapi(...)]` attributes.
    pub attrs: TypeAttrs,
    /// The fields of a struct, or the one wrapped type of a newtype.
    pub body: Body,
    /// The doc comment lines.
    pub docs: Vec<String>,
    /// The `+marker` lines of the docs, typed.
    pub markers: crate::markers::TypeMarkers,
    /// The declarative validation tags of the docs (`+k8s:enum`).
    pub validation: Vec<crate::validation_markers::SpannedTag>,
    /// kube-openapi's schema markers (`+k8s:validation:cel[0]:rule=…`), for custom resources.
    pub schema: crate::schema_markers::SchemaMarkers,
}

/// The shape of a type definition.
#[derive(Debug, Clone)]
pub enum Body {
    /// A struct with named fields.
    Struct(Vec<Field>),
    /// A tuple struct with one field: a string or integer newtype, or a wrapped slice.
    Newtype(Box<Shape>, Box<syn::Type>),
}

/// One field of a struct.
#[derive(Debug, Clone)]
pub struct Field {
    /// The Rust field name (snake case); the JSON and Go names derive from it unless
    /// `#[kapi(json = "...")]` says otherwise.
    pub ident: syn::Ident,
    /// The Rust type as written, for generated code that has to name it.
    pub ty: syn::Type,
    /// What `ty` is on the wire.
    pub shape: Shape,
    /// The field's `#[kapi(...)]` attributes.
    pub attrs: FieldAttrs,
    /// The JSON name (explicit or derived).
    pub json_name: String,
    /// The Go field name upstream would have, for the fill context of embedded fields.
    pub go_name: String,
    /// Whether upstream's field has a JSON name of its own: not so for a field of a `custom_json`
    /// type without `json = "..."` (upstream's field has no `json` tag there).
    pub json_tagged: bool,
    /// The span of the whole field, where errors about it point.
    pub span: Span,
    /// The doc comment lines, trimmed, marker lines included; they become the OpenAPI and
    /// protobuf descriptions.
    pub docs: Vec<String>,
    /// The declarative validation tags of the docs (`+k8s:required`, `+k8s:maxItems=4`).
    pub validation: Vec<crate::validation_markers::SpannedTag>,
    /// kube-openapi's schema markers (`+k8s:validation:maxLength=63`), for custom resources.
    pub schema: crate::schema_markers::SchemaMarkers,
    /// `+featureGate=Gate`: the field is dropped from writes while the gate is off.
    pub feature_gate: Option<crate::markers::Spanned<String>>,
}

impl Field {
    /// Whether the field is written to JSON.
    pub fn in_json(&self) -> bool {
        !self.attrs.skip_json
    }

    /// Whether the field is written to protobuf.
    pub fn in_proto(&self) -> bool {
        !self.attrs.skip_proto && self.attrs.proto.is_some()
    }

    /// Whether this is the embedded `TypeMeta` of a versioned type.
    pub fn is_type_meta(&self) -> bool {
        self.attrs.inline && self.has_type_meta_type()
    }

    /// Whether the field's type is `TypeMeta` (internal kinds hold it as a plain field).
    pub fn has_type_meta_type(&self) -> bool {
        matches!(&self.shape, Shape::Named(p) if p.segments.last().is_some_and(|s| s.ident == "TypeMeta"))
    }

    /// The string context upstream's fill uses for this field: its JSON name, or for an embedded
    /// field or one without a `json` tag, `<no json tag> ` and the Go field name.
    pub fn fill_string(&self) -> String {
        if self.attrs.inline || !self.json_tagged {
            format!("<no json tag> {}", self.go_name)
        } else {
            self.json_name.clone()
        }
    }
}

/// What a Rust field type is, as far as the wire is concerned.
#[derive(Debug, Clone, PartialEq)]
pub enum Shape {
    /// Go `string`: a JSON string, protobuf `string`.
    String,
    /// Go `bool`.
    Bool,
    /// Go `int32`: a JSON number, protobuf `int32`.
    I32,
    /// Go `int64`: a JSON number, protobuf `int64`.
    I64,
    /// Go `uint32`: a JSON number, protobuf `uint32`.
    U32,
    /// Go `uint64`: a JSON number, protobuf `uint64`.
    U64,
    /// Go `float32`: a JSON number, protobuf `float`.
    F32,
    /// Go `float64`: a JSON number, protobuf `double`.
    F64,
    /// `Vec<u8>`: protobuf bytes, base64 in JSON.
    Bytes,
    /// A Go pointer (or a nil-able slice or map).
    Option(Box<Shape>),
    /// A `Box`: indirection for recursive or large types (`JSONSchemaProps`), invisible on the wire.
    Box(Box<Shape>),
    /// A Go slice.
    Vec(Box<Shape>),
    /// A Go map with string-like keys.
    Map(Box<Shape>, Box<Shape>),
    /// Another type: an API struct, a newtype or a special machinery type.
    Named(syn::Path),
}

impl Shape {
    /// Classifies a Rust type; unsupported forms are reported and classified as `Named`.
    pub fn of(cx: &Ctxt, ty: &syn::Type) -> Shape {
        let syn::Type::Path(tp) = ty else {
            cx.error_spanned_by(ty, "unsupported field type; use a named type, `Option`, `Vec`, `Box` or `BTreeMap`");
            return Shape::String;
        };
        if tp.qself.is_some() {
            cx.error_spanned_by(ty, "qualified self types are not supported in API types");
            return Shape::String;
        }
        let Some(last) = tp.path.segments.last() else {
            return Shape::Named(tp.path.clone());
        };
        let args: Vec<&syn::Type> = match &last.arguments {
            syn::PathArguments::AngleBracketed(a) => a
                .args
                .iter()
                .filter_map(|g| if let syn::GenericArgument::Type(t) = g { Some(t) } else { None })
                .collect(),
            _ => Vec::new(),
        };
        let name = last.ident.to_string();
        match (name.as_str(), args.as_slice()) {
            ("String", []) => Shape::String,
            ("bool", []) => Shape::Bool,
            ("i32", []) => Shape::I32,
            ("i64", []) => Shape::I64,
            ("u32", []) => Shape::U32,
            ("u64", []) => Shape::U64,
            ("f32", []) => Shape::F32,
            ("f64", []) => Shape::F64,
            ("usize" | "isize" | "u8" | "i8" | "u16" | "i16" | "char", []) => {
                cx.error_spanned_by(
                    ty,
                    format!("`{name}` has no Kubernetes wire form; use `i32`, `i64`, `u32` or `u64`"),
                );
                Shape::I64
            }
            ("Option", [inner]) => Shape::Option(Box::new(Shape::of(cx, inner))),
            ("Box", [inner]) => Shape::Box(Box::new(Shape::of(cx, inner))),
            ("Vec", [inner]) => {
                if matches!(inner, syn::Type::Path(p) if p.path.is_ident("u8")) {
                    Shape::Bytes
                } else {
                    Shape::Vec(Box::new(Shape::of(cx, inner)))
                }
            }
            ("BTreeMap", [k, v]) => {
                let key = Shape::of(cx, k);
                if !matches!(key, Shape::String | Shape::Named(_)) {
                    cx.error_spanned_by(k, "map keys must be `String` or a string newtype");
                }
                Shape::Map(Box::new(key), Box::new(Shape::of(cx, v)))
            }
            ("HashMap" | "IndexMap", _) => {
                cx.error_spanned_by(ty, "use `BTreeMap` for maps: output must be sorted and deterministic");
                Shape::Map(Box::new(Shape::String), Box::new(Shape::String))
            }
            ("Option" | "Box" | "Vec" | "BTreeMap", _) => {
                cx.error_spanned_by(ty, format!("`{name}` needs its type arguments"));
                Shape::String
            }
            _ => Shape::Named(tp.path.clone()),
        }
    }

    /// Whether the type is a struct or special value written as a nested protobuf message.
    pub fn is_named(&self) -> bool {
        matches!(self, Shape::Named(_))
    }

    /// The shape under any `Option` and `Box`: what the value is when it is set.
    pub fn peeled(&self) -> &Shape {
        match self {
            Shape::Option(s) | Shape::Box(s) => s.peeled(),
            s => s,
        }
    }
}

/// The doc comment lines of an item.
fn docs(attrs: &[syn::Attribute]) -> Vec<String> {
    attrs
        .iter()
        .filter(|a| a.path().is_ident("doc"))
        .filter_map(|a| match &a.meta {
            syn::Meta::NameValue(nv) => match &nv.value {
                syn::Expr::Lit(syn::ExprLit { lit: syn::Lit::Str(s), .. }) => Some(s.value().trim().to_owned()),
                _ => None,
            },
            _ => None,
        })
        .collect()
}

impl TypeDef {
    /// Builds the model of one type, recording every problem in `cx` and carrying on.
    pub fn from_ast(
        cx: &Ctxt,
        ident: &syn::Ident,
        attrs: &[syn::Attribute],
        generics: &syn::Generics,
        data: &syn::Data,
    ) -> Option<TypeDef> {
        if !generics.params.is_empty() {
            cx.error_spanned_by(generics, "API types cannot be generic");
        }
        let type_attrs = attr::parse_type_attrs(cx, attrs);
        let body = match data {
            syn::Data::Struct(s) => match &s.fields {
                syn::Fields::Named(named) => Body::Struct(
                    named.named.iter().map(|f| field_from_ast(cx, f, type_attrs.custom_json.is_some())).collect(),
                ),
                syn::Fields::Unnamed(un) if un.unnamed.len() == 1 => {
                    let f = &un.unnamed[0];
                    for a in f.attrs.iter().filter(|a| a.path().is_ident(crate::symbol::KAPI)) {
                        cx.error_spanned_by(a, "newtype fields take no `kapi` attributes; put them on the type");
                    }
                    Body::Newtype(Box::new(Shape::of(cx, &f.ty)), Box::new(f.ty.clone()))
                }
                syn::Fields::Unnamed(_) => {
                    cx.error_spanned_by(ident, "tuple structs must have exactly one field (a newtype)");
                    return None;
                }
                syn::Fields::Unit => {
                    cx.error_spanned_by(ident, "unit structs cannot be API types");
                    return None;
                }
            },
            syn::Data::Enum(e) => {
                cx.error_spanned_by(
                    e.enum_token,
                    "enums are not API types; use a string newtype with constants (Kubernetes enums are open strings)",
                );
                return None;
            }
            syn::Data::Union(u) => {
                cx.error_spanned_by(u.union_token, "unions cannot be API types");
                return None;
            }
        };
        let is_versioned_kind = type_attrs.kind.is_some() && !type_attrs.is_internal();
        let markers = crate::markers::parse_type_markers(cx, attrs, is_versioned_kind);
        let inner = match &body {
            Body::Newtype(shape, _) => Some(&**shape),
            Body::Struct(_) => None,
        };
        let validation = crate::validation_markers::parse_tags(
            cx,
            &crate::validation_markers::tag_lines(attrs),
            crate::validation_markers::Place::Type(inner),
        );
        let schema = crate::schema_markers::parse(cx, attrs);
        let def =
            TypeDef { ident: ident.clone(), attrs: type_attrs, body, docs: docs(attrs), markers, validation, schema };
        crate::check::check_type(cx, &def);
        Some(def)
    }

    /// Builds the model from a derive input.
    pub fn from_derive_input(cx: &Ctxt, input: &syn::DeriveInput) -> Option<TypeDef> {
        Self::from_ast(cx, &input.ident, &input.attrs, &input.generics, &input.data)
    }

    /// The named fields (empty for newtypes).
    pub fn fields(&self) -> &[Field] {
        match &self.body {
            Body::Struct(f) => f,
            Body::Newtype(..) => &[],
        }
    }

    /// The field holding `TypeMeta`, if any.
    pub fn type_meta_field(&self) -> Option<&Field> {
        if self.attrs.is_internal() {
            self.fields().iter().find(|f| f.has_type_meta_type())
        } else {
            self.fields().iter().find(|f| f.is_type_meta())
        }
    }

    /// Whether the type carries wire tags (versioned) rather than being internal.
    pub fn is_versioned(&self) -> bool {
        !self.attrs.is_internal()
    }
}

fn field_from_ast(cx: &Ctxt, f: &syn::Field, custom_json: bool) -> Field {
    let ident = f.ident.clone().unwrap_or_else(|| syn::Ident::new("_", f.span()));
    let attrs = attr::parse_field_attrs(cx, &f.attrs);
    let ident_str = ident.to_string();
    let json_name = attrs.json.as_ref().map(|(n, _)| n.clone()).unwrap_or_else(|| names::json_name(&ident_str));
    let go_name = names::go_name(&ident_str);
    let shape = Shape::of(cx, &f.ty);
    let json_tagged = !custom_json || attrs.json.is_some();
    let validation = crate::validation_markers::parse_tags(
        cx,
        &crate::validation_markers::tag_lines(&f.attrs),
        crate::validation_markers::Place::Field(&shape),
    );
    Field {
        validation,
        schema: crate::schema_markers::parse(cx, &f.attrs),
        feature_gate: crate::markers::parse_field_feature_gate(cx, &f.attrs),
        span: f.span(),
        ident,
        ty: f.ty.clone(),
        shape,
        attrs,
        json_name,
        go_name,
        json_tagged,
        docs: docs(&f.attrs),
    }
}
