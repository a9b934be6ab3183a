//! Markers: `+name=value` doc lines on packages (`//!` in a `mod.rs`) and on kinds (`///`), parsed into typed values with their spans; every marker name lives here.

use proc_macro2::Span;
use syn::spanned::Spanned as _;

use crate::ctxt::Ctxt;

/// A value and where it was written.
#[derive(Debug, Clone)]
pub struct Spanned<T> {
    pub value: T,
    pub span: Span,
}

/// `+groupName=admission.k8s.io`: the package's API group; the package gets registration,
/// defaulters and protobuf IDL.
pub const GROUP_NAME: &str = "groupName";
/// `+conversionGen=crate::apps`: a hub package the versioned package converts to; repeat it for
/// several hubs (types pair by name with the first hub that has them).
pub const CONVERSION_GEN: &str = "conversionGen";
/// `+protobufGoPackage=k8s.io/apimachinery/pkg/apis/meta/v1`: the Go import path of the package's
/// protobuf IDL, where it is not `k8s.io/api/<path>`.
pub const PROTOBUF_GO_PACKAGE: &str = "protobufGoPackage";
/// Every package marker.
pub const PACKAGE_MARKERS: &[&str] = &[GROUP_NAME, CONVERSION_GEN, PROTOBUF_GO_PACKAGE];

/// `+genclient`: the kind is served; clients, informers and listers are generated for it.
pub const GENCLIENT: &str = "genclient";
/// `+genclient:nonNamespaced`: a cluster-scoped resource.
pub const GENCLIENT_NON_NAMESPACED: &str = "genclient:nonNamespaced";
/// `+genclient:onlyVerbs=create,get`: only these verbs.
pub const GENCLIENT_ONLY_VERBS: &str = "genclient:onlyVerbs";
/// `+genclient:skipVerbs=watch`: every verb but these.
pub const GENCLIENT_SKIP_VERBS: &str = "genclient:skipVerbs";
/// `+genclient:noStatus`: no status subresource even though the kind has a `status` field.
pub const GENCLIENT_NO_STATUS: &str = "genclient:noStatus";
/// `+genclient:noVerbs`: the kind has no REST verbs of its own (policy's `Eviction`, reached
/// through `pods/eviction`; `ImageReview`, sent to webhooks): no client, nothing served.
pub const GENCLIENT_NO_VERBS: &str = "genclient:noVerbs";
/// `+genclient:method=GetScale,verb=get,subresource=scale,result=crate::autoscaling::v1::Scale`:
/// a typed method on a subresource, as upstream's; repeat it for several methods.
pub const GENCLIENT_METHOD: &str = "genclient:method";
/// `+resourceName=plural`: the resource name where it is not the kind's lower-case plural.
pub const RESOURCE_NAME: &str = "resourceName";
/// `+shortNames=po`: the resource's short names, comma-separated, as discovery publishes them
/// (`kubectl get po`); upstream's `ShortNames()` of the resource's REST storage.
pub const SHORT_NAMES: &str = "shortNames";
/// `+categories=all`: the categories the resource belongs to, comma-separated (`kubectl get
/// all`); upstream's `Categories()` of the resource's REST storage.
pub const CATEGORIES: &str = "categories";
/// Every marker a kind may carry.
pub const TYPE_MARKERS: &[&str] = &[
    GENCLIENT,
    GENCLIENT_NON_NAMESPACED,
    GENCLIENT_ONLY_VERBS,
    GENCLIENT_SKIP_VERBS,
    GENCLIENT_NO_STATUS,
    GENCLIENT_NO_VERBS,
    GENCLIENT_METHOD,
    RESOURCE_NAME,
    SHORT_NAMES,
    CATEGORIES,
];

/// The verbs `onlyVerbs`/`skipVerbs` name, in upstream's spelling (`updateStatus` is the `status`
/// subresource).
pub const VERBS: &[&str] =
    &["create", "update", "updateStatus", "delete", "deleteCollection", "get", "list", "watch", "patch", "apply"];

/// The verbs a `+genclient:method=` may use: reads of a subresource (`get`), bodies posted to it
/// (`create`), replacing it (`update`), and patching it (`patch`, `apply`).
pub const METHOD_VERBS: &[&str] = &["get", "create", "update", "patch", "apply"];

/// The keys of a `+genclient:method=` value besides the method name.
pub const METHOD_KEYS: &[&str] = &["verb", "subresource", "input", "result"];

/// Upstream markers that kapi writes as `#[kapi(...)]` attributes, with the attribute to use.
const AS_ATTRIBUTES: &[(&str, &str)] = &[
    ("optional", "optional"),
    ("required", "required"),
    ("default", "default = \"...\""),
    ("listType", "list_type = \"...\""),
    ("listMapKey", "list_map_key = \"...\""),
    ("mapType", "map_type = \"...\""),
    ("structType", "struct_type = \"...\""),
    ("patchStrategy", "patch_strategy = \"...\""),
    ("patchMergeKey", "patch_merge_key = \"...\""),
    ("union", "union"),
    ("unionDiscriminator", "union_discriminator"),
];

/// The markers of a package.
#[derive(Debug, Clone, Default)]
pub struct PackageMarkers {
    pub group_name: Option<Spanned<String>>,
    pub conversion_gen: Vec<Spanned<String>>,
    pub protobuf_go_package: Option<Spanned<String>>,
}

/// The `+genclient` markers of a kind.
#[derive(Debug, Clone)]
pub struct GenClient {
    /// Where `+genclient` is.
    pub span: Span,
    pub non_namespaced: bool,
    pub only_verbs: Option<Vec<String>>,
    pub skip_verbs: Option<Vec<String>>,
    pub no_status: bool,
    pub no_verbs: bool,
    pub methods: Vec<Method>,
    pub resource_name: Option<Spanned<String>>,
    /// `+shortNames=`, in the order written.
    pub short_names: Vec<String>,
    /// `+categories=`, in the order written.
    pub categories: Vec<String>,
}

/// One `+genclient:method=Name,verb=…,subresource=…[,input=…][,result=…]` line: a typed method
/// on a subresource. `input` and `result` are type paths as written in the file (`Scale`,
/// `crate::autoscaling::v1::Scale`); absent, they are the kind itself.
#[derive(Debug, Clone)]
pub struct Method {
    /// The method's name as upstream spells it (`GetScale`); the Rust method is its snake case.
    pub name: String,
    /// One of [`METHOD_VERBS`].
    pub verb: String,
    pub subresource: String,
    pub input: Option<String>,
    pub result: Option<String>,
    pub span: Span,
}

impl GenClient {
    /// The verbs served, in [`VERBS`] order, before the status subresource is decided.
    pub fn verbs(&self) -> Vec<&'static str> {
        if self.no_verbs {
            return Vec::new();
        }
        VERBS
            .iter()
            .copied()
            .filter(|v| self.only_verbs.as_ref().is_none_or(|only| only.iter().any(|o| o == v)))
            .filter(|v| !self.skip_verbs.as_ref().is_some_and(|skip| skip.iter().any(|s| s == v)))
            .collect()
    }
}

/// The markers of a type.
#[derive(Debug, Clone, Default)]
pub struct TypeMarkers {
    pub genclient: Option<GenClient>,
}

/// One marker line, `+name=value` or `+name`, as (name, value); `None` for other lines.
pub fn parse_marker(line: &str) -> Option<(String, String)> {
    let marker = line.trim().strip_prefix('+')?;
    Some(match marker.split_once('=') {
        Some((k, v)) => (k.trim().to_owned(), v.trim().to_owned()),
        None => (marker.trim().to_owned(), String::new()),
    })
}

/// The marker lines of doc attributes of one style (inner `//!` or outer `///`), with the span of
/// the comment each came from.
fn marker_lines(attrs: &[syn::Attribute], inner: bool) -> Vec<(String, String, Span)> {
    let mut out = Vec::new();
    for a in attrs.iter().filter(|a| a.path().is_ident("doc")) {
        if matches!(a.style, syn::AttrStyle::Inner(_)) != inner {
            continue;
        }
        let syn::Meta::NameValue(nv) = &a.meta else { continue };
        let syn::Expr::Lit(syn::ExprLit { lit: syn::Lit::Str(s), .. }) = &nv.value else { continue };
        for line in s.value().lines() {
            if let Some((k, v)) = parse_marker(line) {
                out.push((k, v, a.span()));
            }
        }
    }
    out
}

fn unknown(cx: &Ctxt, span: Span, name: &str, known: &[&str], place: &str) {
    let key = name.split(':').next().unwrap_or(name);
    if let Some((_, attr)) = AS_ATTRIBUTES.iter().find(|(m, _)| *m == key) {
        cx.error_at(
            span,
            format!("`+{name}` is written as an attribute in kapi: `#[kapi({attr})]` on the field or type"),
        );
    } else {
        cx.error_at(
            span,
            format!(
                "unknown {place} marker `+{name}`; the known ones are: {}",
                known.iter().map(|k| format!("+{k}")).collect::<Vec<_>>().join(", ")
            ),
        );
    }
}

fn single(cx: &Ctxt, slot: &mut Option<Spanned<String>>, name: &str, value: String, span: Span) {
    if value.is_empty() {
        cx.error_at(span, format!("`+{name}` needs a value: `+{name}=...`"));
        return;
    }
    if slot.is_some() {
        cx.error_at(span, format!("`+{name}` is given twice"));
    }
    *slot = Some(Spanned { value, span });
}

/// Parses the package markers of a file's inner docs, recording unknown or malformed ones.
pub fn parse_package_markers(cx: &Ctxt, attrs: &[syn::Attribute]) -> PackageMarkers {
    let mut out = PackageMarkers::default();
    for (name, value, span) in marker_lines(attrs, true) {
        match name.as_str() {
            GROUP_NAME => {
                // The core group is the empty name.
                if out.group_name.is_some() {
                    cx.error_at(span, format!("`+{GROUP_NAME}` is given twice"));
                }
                out.group_name = Some(Spanned { value, span });
            }
            CONVERSION_GEN => {
                let mut one = None;
                single(cx, &mut one, CONVERSION_GEN, value, span);
                out.conversion_gen.extend(one);
            }
            PROTOBUF_GO_PACKAGE => single(cx, &mut out.protobuf_go_package, PROTOBUF_GO_PACKAGE, value, span),
            _ => unknown(cx, span, &name, PACKAGE_MARKERS, "package"),
        }
    }
    out
}

/// Parses the value of `+genclient:method=`, recording what is malformed.
fn method(cx: &Ctxt, value: &str, span: Span) -> Option<Method> {
    let mut parts = value.split(',').map(str::trim);
    let name = parts.next().unwrap_or_default();
    let usage = format!("`+{GENCLIENT_METHOD}=Name,verb=get,subresource=scale[,input=Kind][,result=Kind]`");
    if name.is_empty() || name.contains('=') || !name.starts_with(|c: char| c.is_ascii_uppercase()) {
        cx.error_at(span, format!("`+{GENCLIENT_METHOD}` starts with the method's name in upper camel case: {usage}"));
        return None;
    }
    if !name.chars().all(|c| c.is_ascii_alphanumeric()) {
        cx.error_at(span, format!("the method name `{name}` may hold letters and digits only"));
        return None;
    }
    let mut given: Vec<(&str, String)> = Vec::new();
    for part in parts {
        let Some((k, v)) = part.split_once('=').map(|(k, v)| (k.trim(), v.trim().to_owned())) else {
            cx.error_at(span, format!("`{part}` in `+{GENCLIENT_METHOD}` is not `key=value`: {usage}"));
            return None;
        };
        let Some(&key) = METHOD_KEYS.iter().find(|known| **known == k) else {
            cx.error_at(
                span,
                format!("unknown key `{k}` in `+{GENCLIENT_METHOD}`; the keys are: {}", METHOD_KEYS.join(", ")),
            );
            return None;
        };
        if given.iter().any(|(g, _)| *g == key) {
            cx.error_at(span, format!("`{key}` is given twice in `+{GENCLIENT_METHOD}`"));
            return None;
        }
        if v.is_empty() {
            cx.error_at(span, format!("`{key}=` in `+{GENCLIENT_METHOD}` needs a value"));
            return None;
        }
        given.push((key, v));
    }
    let mut take = |key: &str| given.iter().position(|(g, _)| *g == key).map(|i| given.swap_remove(i).1);
    let m = Method {
        name: name.to_owned(),
        verb: take("verb").unwrap_or_default(),
        subresource: take("subresource").unwrap_or_default(),
        input: take("input"),
        result: take("result"),
        span,
    };
    if !METHOD_VERBS.contains(&m.verb.as_str()) {
        let found = if m.verb.is_empty() { "no `verb=`".to_owned() } else { format!("the verb `{}`", m.verb) };
        cx.error_at(
            span,
            format!("`+{GENCLIENT_METHOD}={name}` has {found}; a method's verb is one of: {}", METHOD_VERBS.join(", ")),
        );
        return None;
    }
    if m.subresource.is_empty() {
        cx.error_at(
            span,
            format!("`+{GENCLIENT_METHOD}={name}` needs `subresource=`: kapi's methods are on subresources"),
        );
        return None;
    }
    if !m.subresource.chars().all(|c| c.is_ascii_lowercase() || c.is_ascii_digit()) {
        cx.error_at(span, format!("the subresource `{}` may hold lower-case letters and digits only", m.subresource));
        return None;
    }
    if m.input.is_some() && matches!(m.verb.as_str(), "get" | "patch") {
        cx.error_at(
            span,
            format!("`+{GENCLIENT_METHOD}={name}` sends no object with verb `{}`; drop `input=`", m.verb),
        );
        return None;
    }
    Some(m)
}

fn verb_list(cx: &Ctxt, name: &str, value: &str, span: Span) -> Vec<String> {
    let verbs: Vec<String> = value.split(',').map(str::trim).filter(|s| !s.is_empty()).map(str::to_owned).collect();
    if verbs.is_empty() {
        cx.error_at(span, format!("`+{name}` needs a comma-separated list of verbs"));
    }
    for v in &verbs {
        if !VERBS.contains(&v.as_str()) {
            cx.error_at(span, format!("unknown verb `{v}` in `+{name}`; the verbs are: {}", VERBS.join(", ")));
        }
    }
    verbs
}

/// A comma-separated list of resource names (`+shortNames=po`, `+categories=all`): lower-case
/// letters, digits and `-`, as discovery names are.
fn name_list(cx: &Ctxt, name: &str, value: &str, span: Span) -> Vec<String> {
    let names: Vec<String> = value.split(',').map(str::trim).map(str::to_owned).collect();
    if value.trim().is_empty() {
        cx.error_at(span, format!("`+{name}` needs a comma-separated list of names: `+{name}=a,b`"));
        return Vec::new();
    }
    for n in &names {
        let valid = !n.is_empty() && n.chars().all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-');
        if !valid {
            cx.error_at(span, format!("`{n}` in `+{name}` is not a name: use lower-case letters, digits and `-`"));
        }
        if names.iter().filter(|o| *o == n).count() > 1 {
            cx.error_at(span, format!("`{n}` is listed twice in `+{name}`"));
        }
    }
    names
}

/// Parses the markers of a type's doc lines, recording unknown or malformed ones. `is_kind` says
/// whether the type is a versioned kind (the only place `+genclient` means anything).
pub fn parse_type_markers(cx: &Ctxt, attrs: &[syn::Attribute], is_kind: bool) -> TypeMarkers {
    let lines = marker_lines(attrs, false);
    let mut found: Option<GenClient> = None;
    let mut rest = Vec::new();
    for (name, value, span) in lines {
        if name == GENCLIENT {
            if !value.is_empty() {
                cx.error_at(span, format!("`+{GENCLIENT}` takes no value"));
            }
            if found.is_some() {
                cx.error_at(span, format!("`+{GENCLIENT}` is given twice"));
            }
            found = Some(GenClient {
                span,
                non_namespaced: false,
                only_verbs: None,
                skip_verbs: None,
                no_status: false,
                no_verbs: false,
                methods: Vec::new(),
                resource_name: None,
                short_names: Vec::new(),
                categories: Vec::new(),
            });
        } else {
            rest.push((name, value, span));
        }
    }
    for (name, value, span) in rest {
        if !TYPE_MARKERS.contains(&name.as_str()) {
            unknown(cx, span, &name, TYPE_MARKERS, "type");
            continue;
        }
        let Some(g) = found.as_mut() else {
            cx.error_at(span, format!("`+{name}` needs `+{GENCLIENT}` on the same kind"));
            continue;
        };
        match name.as_str() {
            GENCLIENT_NON_NAMESPACED => g.non_namespaced = true,
            GENCLIENT_NO_STATUS => g.no_status = true,
            GENCLIENT_ONLY_VERBS => g.only_verbs = Some(verb_list(cx, &name, &value, span)),
            GENCLIENT_SKIP_VERBS => g.skip_verbs = Some(verb_list(cx, &name, &value, span)),
            GENCLIENT_NO_VERBS => g.no_verbs = true,
            GENCLIENT_METHOD => {
                if let Some(m) = method(cx, &value, span) {
                    if g.methods.iter().any(|o| o.name == m.name) {
                        cx.error_at(span, format!("the method `{}` is given twice", m.name));
                    }
                    g.methods.push(m);
                }
            }
            SHORT_NAMES | CATEGORIES => {
                let names = name_list(cx, &name, &value, span);
                let slot = if name == SHORT_NAMES { &mut g.short_names } else { &mut g.categories };
                if !slot.is_empty() {
                    cx.error_at(span, format!("`+{name}` is given twice; list every name in one line"));
                }
                *slot = names;
            }
            _ => single(cx, &mut g.resource_name, &name, value, span),
        }
    }
    if let Some(g) = &found {
        if !is_kind {
            cx.error_at(g.span, format!("`+{GENCLIENT}` applies to versioned kinds (`#[kapi(kind, version = ...)]`)"));
        }
        if g.only_verbs.is_some() && g.skip_verbs.is_some() {
            cx.error_at(g.span, format!("use `+{GENCLIENT_ONLY_VERBS}` or `+{GENCLIENT_SKIP_VERBS}`, not both"));
        }
        if g.no_verbs && (g.only_verbs.is_some() || g.skip_verbs.is_some() || !g.methods.is_empty()) {
            cx.error_at(
                g.span,
                format!("`+{GENCLIENT_NO_VERBS}` leaves no client; drop it or the verb and method markers"),
            );
        }
    }
    TypeMarkers { genclient: found }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(src: &str, inner: bool) -> (Option<TypeMarkers>, PackageMarkers, Vec<String>) {
        let file: syn::File = syn::parse_str(src).unwrap();
        let cx = Ctxt::new();
        let (t, p) = if inner {
            (None, parse_package_markers(&cx, &file.attrs))
        } else {
            let syn::Item::Struct(s) = &file.items[0] else { panic!("a struct") };
            (Some(parse_type_markers(&cx, &s.attrs, true)), PackageMarkers::default())
        };
        let errors = cx.check().err().unwrap_or_default().iter().map(ToString::to_string).collect();
        (t, p, errors)
    }

    #[test]
    fn package_markers_are_typed_and_repeatable() {
        let (_, p, errors) = parse(
            "//! +groupName=extensions\n//! +conversionGen=crate::apps\n//! +conversionGen=crate::networking\n",
            true,
        );
        assert!(errors.is_empty(), "{errors:?}");
        assert_eq!(p.group_name.unwrap().value, "extensions");
        let hubs: Vec<String> = p.conversion_gen.into_iter().map(|m| m.value).collect();
        assert_eq!(hubs, ["crate::apps", "crate::networking"]);
    }

    #[test]
    fn misspelt_markers_are_errors_naming_the_known_ones() {
        let (_, _, errors) = parse("//! +groupname=x\n", true);
        assert_eq!(errors.len(), 1);
        assert!(errors[0].contains("unknown package marker `+groupname`"), "{errors:?}");
        assert!(errors[0].contains("+groupName"), "{errors:?}");
        let (_, _, errors) = parse("/// +genclient\n/// +genclient:onlyverbs=get\nstruct A;", false);
        assert!(errors[0].contains("unknown type marker `+genclient:onlyverbs`"), "{errors:?}");
        let (_, _, errors) = parse("/// +listType=map\nstruct A;", false);
        assert!(errors[0].contains("#[kapi(list_type = \"...\")]"), "{errors:?}");
    }

    #[test]
    fn genclient_verbs() {
        let (t, _, errors) = parse("/// +genclient\n/// +genclient:skipVerbs=watch,patch\nstruct A;", false);
        assert!(errors.is_empty(), "{errors:?}");
        let g = t.unwrap().genclient.unwrap();
        assert!(!g.verbs().contains(&"watch") && g.verbs().contains(&"list"));
        let (_, _, errors) = parse("/// +genclient\n/// +genclient:onlyVerbs=get,fly\nstruct A;", false);
        assert!(errors[0].contains("unknown verb `fly`"), "{errors:?}");
        let (_, _, errors) = parse("/// +genclient:nonNamespaced\nstruct A;", false);
        assert!(errors[0].contains("needs `+genclient`"), "{errors:?}");
        let (t, _, errors) = parse("/// +genclient\n/// +genclient:noVerbs\nstruct A;", false);
        assert!(errors.is_empty(), "{errors:?}");
        assert!(t.unwrap().genclient.unwrap().verbs().is_empty());
        let (_, _, errors) =
            parse("/// +genclient\n/// +genclient:noVerbs\n/// +genclient:onlyVerbs=get\nstruct A;", false);
        assert!(errors[0].contains("leaves no client"), "{errors:?}");
    }

    #[test]
    fn methods_are_typed() {
        let (t, _, errors) = parse(
            "/// +genclient\n/// +genclient:method=GetScale,verb=get,subresource=scale,result=crate::autoscaling::v1::Scale\n\
             /// +genclient:method=UpdateScale,verb=update,subresource=scale,input=Scale,result=Scale\nstruct A;",
            false,
        );
        assert!(errors.is_empty(), "{errors:?}");
        let methods = t.unwrap().genclient.unwrap().methods;
        assert_eq!(methods.len(), 2);
        assert_eq!((methods[0].name.as_str(), methods[0].verb.as_str()), ("GetScale", "get"));
        assert_eq!(methods[0].subresource, "scale");
        assert_eq!(methods[0].input, None);
        assert_eq!(methods[0].result.as_deref(), Some("crate::autoscaling::v1::Scale"));
        assert_eq!(methods[1].input.as_deref(), Some("Scale"));
        for (line, needle) in [
            ("getScale,verb=get,subresource=scale", "upper camel case"),
            ("GetScale,verb=list,subresource=scale", "the verb `list`"),
            ("GetScale,subresource=scale", "no `verb=`"),
            ("GetScale,verb=get", "needs `subresource=`"),
            ("GetScale,verb=get,subresource=scale,input=Scale", "drop `input=`"),
            ("GetScale,verb=get,subresource=scale,kind=Scale", "unknown key `kind`"),
            ("GetScale,verb=get,subresource=scale,result", "not `key=value`"),
        ] {
            let (_, _, errors) = parse(&format!("/// +genclient\n/// +genclient:method={line}\nstruct A;"), false);
            assert!(errors.len() == 1 && errors[0].contains(needle), "{line}: {errors:?}");
        }
        let (_, _, errors) = parse(
            "/// +genclient\n/// +genclient:method=Bind,verb=create,subresource=binding\n\
             /// +genclient:method=Bind,verb=create,subresource=binding\nstruct A;",
            false,
        );
        assert!(errors[0].contains("given twice"), "{errors:?}");
    }

    #[test]
    fn short_names_and_categories_are_name_lists() {
        let (t, _, errors) =
            parse("/// +genclient\n/// +shortNames=deploy\n/// +categories=all,apps\nstruct A;", false);
        assert!(errors.is_empty(), "{errors:?}");
        let g = t.unwrap().genclient.unwrap();
        assert_eq!(g.short_names, ["deploy"]);
        assert_eq!(g.categories, ["all", "apps"]);
        for (line, needle) in [
            ("+shortNames=", "needs a comma-separated list"),
            ("+shortNames=Po", "`Po` in `+shortNames` is not a name"),
            ("+categories=all,,x", "`` in `+categories` is not a name"),
            ("+shortNames=po,po", "`po` is listed twice"),
        ] {
            let (_, _, errors) = parse(&format!("/// +genclient\n/// {line}\nstruct A;"), false);
            assert!(!errors.is_empty() && errors[0].contains(needle), "{line}: {errors:?}");
        }
        let (_, _, errors) = parse("/// +shortNames=po\nstruct A;", false);
        assert!(errors[0].contains("needs `+genclient`"), "{errors:?}");
    }
}
