//! `+enum` types: the typed model of an enum's values, read from the string constants of the type's `impl` blocks in its file.

use proc_macro2::Span;

use crate::ctxt::Ctxt;
use crate::markers::{ENUM, ENUM_EXCLUDE};
use crate::model::{Body, Shape, TypeDef};

/// One value of an enum: the constant that names it and the string it holds.
#[derive(Debug, Clone)]
pub struct EnumValue {
    /// The constant (`TCP`).
    pub name: syn::Ident,
    /// The value on the wire (`"TCP"`).
    pub value: String,
    /// The constant's name in its `impl` block, where errors about the value point.
    pub span: Span,
}

/// The values of an `+enum` type, in declaration order.
#[derive(Debug, Clone)]
pub struct EnumValues {
    /// Where `+enum` is.
    pub span: Span,
    /// Every string constant not excluded by `+enum:exclude`, in declaration order across the
    /// type's `impl` blocks; never empty, and values may repeat (see [`EnumValues::sorted`]).
    pub values: Vec<EnumValue>,
}

impl EnumValues {
    /// The distinct values, sorted, as OpenAPI lists them (upstream sorts them too, so the order
    /// of the constants in the file does not reach the documents).
    pub fn sorted(&self) -> Vec<&str> {
        let mut out: Vec<&str> = self.values.iter().map(|v| v.value.as_str()).collect();
        out.sort_unstable();
        out.dedup();
        out
    }
}

/// Whether a type is written `&str` or `&'static str`.
fn is_str_ref(ty: &syn::Type) -> bool {
    matches!(ty, syn::Type::Reference(r) if r.mutability.is_none() && matches!(&*r.elem, syn::Type::Path(p) if p.qself.is_none() && p.path.is_ident("str")))
}

/// Whether an `impl` block is an inherent one on the type named `ident`.
fn is_inherent_impl_of(item: &syn::ItemImpl, ident: &syn::Ident) -> bool {
    item.trait_.is_none()
        && matches!(&*item.self_ty, syn::Type::Path(p) if p.qself.is_none() && p.path.segments.last().is_some_and(|s| s.ident == *ident && s.arguments.is_empty()))
}

/// The values of `def` if it is marked `+enum`: every associated constant of its inherent `impl`
/// blocks in `file` except the excluded ones. Records an error for a marked type that is not a
/// string newtype, a constant that is not a string literal, an exclusion that names no constant,
/// and a type left without values.
pub fn enum_values_in_file(cx: &Ctxt, file: &syn::File, def: &TypeDef) -> Option<EnumValues> {
    let marker = def.markers.enum_marker.as_ref()?;
    let ident = &def.ident;
    if !matches!(&def.body, Body::Newtype(shape, _) if matches!(**shape, Shape::String)) {
        cx.error_at(marker.span, format!("`+{ENUM}` applies to string newtypes (`struct {ident}(pub String)`)"));
        return None;
    }
    let mut values = Vec::new();
    let mut seen_excluded = vec![false; marker.exclude.len()];
    let impls = file.items.iter().filter_map(|i| match i {
        syn::Item::Impl(imp) if is_inherent_impl_of(imp, ident) => Some(imp),
        _ => None,
    });
    for item in impls.flat_map(|imp| imp.items.iter()) {
        let syn::ImplItem::Const(c) = item else { continue };
        if let Some(i) = marker.exclude.iter().position(|e| c.ident == e.value) {
            seen_excluded[i] = true;
            continue;
        }
        let literal = match &c.expr {
            syn::Expr::Lit(syn::ExprLit { lit: syn::Lit::Str(s), .. }) if is_str_ref(&c.ty) => Some(s.value()),
            _ => None,
        };
        match literal {
            Some(value) => values.push(EnumValue { name: c.ident.clone(), value, span: c.ident.span() }),
            None => cx.error_spanned_by(
                c,
                format!(
                    "constant `{}` of the `+{ENUM}` type `{ident}` is not a string literal (`&str = \"...\"`); write the value or exclude it with `+{ENUM_EXCLUDE}={}`",
                    c.ident, c.ident
                ),
            ),
        }
    }
    for (e, seen) in marker.exclude.iter().zip(seen_excluded) {
        if !seen {
            cx.error_at(e.span, format!("`+{ENUM_EXCLUDE}` names `{}`, which is no constant of `{ident}`", e.value));
        }
    }
    if values.is_empty() {
        cx.error_at(
            marker.span,
            format!("`+{ENUM}` type `{ident}` has no values: add `pub const NAME: &'static str = \"Value\";` items in an `impl {ident}` block of the same file"),
        );
        return None;
    }
    Some(EnumValues { span: marker.span, values })
}

#[cfg(all(test, feature = "universe"))]
mod tests {
    use super::*;

    fn run(source: &str) -> (Option<EnumValues>, Vec<String>) {
        let file: syn::File = syn::parse_str(source).expect("test source parses");
        let (defs, errors) = crate::universe::scan::types_in_file(&file);
        assert!(errors.is_empty(), "{errors:?}");
        let cx = Ctxt::new();
        let out = enum_values_in_file(&cx, &file, &defs[0]);
        let messages = cx.check().err().unwrap_or_default().iter().map(ToString::to_string).collect();
        (out, messages)
    }

    #[test]
    fn values_come_from_the_string_constants_sorted_and_distinct() {
        let (values, errors) = run(r#"
            /// +enum
            #[derive(Kapi)]
            pub struct Protocol(pub String);
            impl Protocol {
                pub const UDP: &'static str = "UDP";
                pub const TCP: &'static str = "TCP";
            }
            impl Protocol {
                pub const TCP_AGAIN: &str = "TCP";
                pub fn helper() {}
            }
            impl Other { pub const X: &str = "X"; }
        "#);
        assert!(errors.is_empty(), "{errors:?}");
        let values = values.expect("values");
        assert_eq!(values.values.len(), 3);
        assert_eq!(values.sorted(), ["TCP", "UDP"]);
    }

    #[test]
    fn excluded_constants_are_left_out_and_must_exist() {
        let (values, errors) = run(r#"
            /// +enum
            /// +enum:exclude=PREFIX,MISSING
            #[derive(Kapi)]
            pub struct Medium(pub String);
            impl Medium {
                pub const MEMORY: &'static str = "Memory";
                pub const PREFIX: &'static str = "HugePages-";
            }
        "#);
        assert_eq!(values.expect("values").sorted(), ["Memory"]);
        assert_eq!(errors, ["`+enum:exclude` names `MISSING`, which is no constant of `Medium`"]);
    }

    #[test]
    fn a_non_string_constant_is_an_error_naming_it() {
        let (_, errors) = run(r#"
            /// +enum
            #[derive(Kapi)]
            pub struct Mode(pub String);
            impl Mode {
                pub const A: &'static str = "A";
                pub const LIMIT: i32 = 3;
                pub const B: &'static str = concat!("B", "x");
            }
        "#);
        assert_eq!(errors.len(), 2, "{errors:?}");
        assert!(
            errors[0].starts_with("constant `LIMIT` of the `+enum` type `Mode` is not a string literal"),
            "{errors:?}"
        );
        assert!(errors[1].starts_with("constant `B` of"), "{errors:?}");
    }

    #[test]
    fn a_type_without_constants_or_not_a_string_newtype_is_an_error() {
        let (values, errors) = run(r#"
            /// +enum
            #[derive(Kapi)]
            pub struct Empty(pub String);
        "#);
        assert!(values.is_none());
        assert_eq!(errors.len(), 1);
        assert!(errors[0].starts_with("`+enum` type `Empty` has no values"), "{errors:?}");
        let (_, errors) = run(r#"
            /// +enum
            #[derive(Kapi)]
            pub struct Count(pub i32);
            impl Count { pub const ONE: i32 = 1; }
        "#);
        assert_eq!(errors, ["`+enum` applies to string newtypes (`struct Count(pub String)`)"]);
    }

    #[test]
    fn markers_are_checked_where_they_are_written() {
        let file: syn::File = syn::parse_str(
            r#"
            /// +enum=yes
            /// +enum
            #[derive(Kapi)]
            pub struct A(pub String);
            /// +enum:exclude=X
            #[derive(Kapi)]
            pub struct B(pub String);
        "#,
        )
        .expect("parses");
        let (_, errors) = crate::universe::scan::types_in_file(&file);
        let messages: Vec<String> = errors.iter().map(ToString::to_string).collect();
        assert!(messages.iter().any(|m| m.starts_with("`+enum` takes no value")), "{messages:?}");
        assert!(messages.iter().any(|m| m == "`+enum` is given twice"), "{messages:?}");
        assert!(messages.iter().any(|m| m == "`+enum:exclude` needs `+enum` on the same type"), "{messages:?}");
    }
}
