//! Markers: `+name=value` doc lines on packages (`//!` in a `mod.rs`) and on kinds (`///`), parsed into typed values with their spans; every marker name lives here.

use proc_macro2::Span;
use syn::spanned::Spanned as _;

use crate::ctxt::Ctxt;

/// A value and where it was written.
#[derive(Debug, Clone)]
pub struct Spanned<T> {
    /// The parsed value.
    pub value: T,
    /// The span of the doc comment holding the marker line, where errors about it point.
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
/// `+k8s:prerelease-lifecycle-gen=true`: every kind of the package says when it was introduced
/// (and, if not the default, deprecated and removed), and the generator writes its lifecycle.
pub const PRERELEASE_LIFECYCLE_GEN: &str = "k8s:prerelease-lifecycle-gen";
/// Every package marker.
pub const PACKAGE_MARKERS: &[&str] = &[GROUP_NAME, CONVERSION_GEN, PROTOBUF_GO_PACKAGE, PRERELEASE_LIFECYCLE_GEN];

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
/// `+k8s:prerelease-lifecycle-gen:introduced=1.19`: the release that first served the kind.
pub const LIFECYCLE_INTRODUCED: &str = "k8s:prerelease-lifecycle-gen:introduced";
/// `+k8s:prerelease-lifecycle-gen:deprecated=1.22`: the release that deprecated it, where not
/// three minors after `introduced`.
pub const LIFECYCLE_DEPRECATED: &str = "k8s:prerelease-lifecycle-gen:deprecated";
/// `+k8s:prerelease-lifecycle-gen:removed=1.25`: the release that stopped serving it, where not
/// three minors after deprecation.
pub const LIFECYCLE_REMOVED: &str = "k8s:prerelease-lifecycle-gen:removed";
/// `+k8s:prerelease-lifecycle-gen:replacement=apps,v1,Deployment`: the kind to use instead
/// (group, version, kind; the core group is empty).
pub const LIFECYCLE_REPLACEMENT: &str = "k8s:prerelease-lifecycle-gen:replacement";
/// The lifecycle markers of a kind.
pub const LIFECYCLE_MARKERS: &[&str] =
    &[LIFECYCLE_INTRODUCED, LIFECYCLE_DEPRECATED, LIFECYCLE_REMOVED, LIFECYCLE_REPLACEMENT];
/// `+shortNames=po`: the resource's short names, comma-separated, as discovery publishes them
/// (`kubectl get po`); upstream's `ShortNames()` of the resource's REST storage.
pub const SHORT_NAMES: &str = "shortNames";
/// `+categories=all`: the categories the resource belongs to, comma-separated (`kubectl get
/// all`); upstream's `Categories()` of the resource's REST storage.
pub const CATEGORIES: &str = "categories";
/// `+ownNameRule`: the kind's validation checks `metadata.name` with a rule of its own (upstream
/// passes its `ValidateObjectMeta` a name function other than DNS subdomains: RBAC's path
/// segments, an API service's `<version>.<group>`), so a server skips its generic DNS-subdomain
/// check of the kind's names.
pub const OWN_NAME_RULE: &str = "ownNameRule";
/// `+enum`: a string newtype whose values are the string constants of its `impl` blocks in the
/// same file; OpenAPI lists them as the `enum` of every property of that type (upstream's `+enum`).
pub const ENUM: &str = "enum";
/// `+enum:exclude=HUGE_PAGES_PREFIX`: constants of an `+enum` type that are not values (a prefix,
/// a value upstream keeps untyped), comma-separated Rust names.
pub const ENUM_EXCLUDE: &str = "enum:exclude";
/// `+enum:open`: the enum's set of values is open: clients are told to expect values they do not
/// know, so adding one is compatible (`kapi-codegen compat` reports a value added to any other enum).
pub const ENUM_OPEN: &str = "enum:open";
/// Every marker a type may carry.
pub const TYPE_MARKERS: &[&str] = &[
    GENCLIENT,
    GENCLIENT_NON_NAMESPACED,
    GENCLIENT_ONLY_VERBS,
    GENCLIENT_SKIP_VERBS,
    GENCLIENT_NO_STATUS,
    GENCLIENT_NO_VERBS,
    GENCLIENT_METHOD,
    RESOURCE_NAME,
    LIFECYCLE_INTRODUCED,
    LIFECYCLE_DEPRECATED,
    LIFECYCLE_REMOVED,
    LIFECYCLE_REPLACEMENT,
    SHORT_NAMES,
    CATEGORIES,
    OWN_NAME_RULE,
    ENUM,
    ENUM_EXCLUDE,
    ENUM_OPEN,
];

/// `+featureGate=InPlacePodVerticalScaling` on a field: the field is dropped from writes while the
/// gate is off, unless the stored object already uses it (upstream's `dropDisabledFields`).
pub const FEATURE_GATE: &str = "featureGate";

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
    /// `+groupName=`: the API group; `Some("")` is the core group, `None` a package that is not
    /// an API group (no registration or defaulters, and no protobuf IDL unless
    /// `+protobufGoPackage=` asks for it).
    pub group_name: Option<Spanned<String>>,
    /// `+conversionGen=`: the module paths (`crate::apps`) of the hub packages this one converts
    /// to, in the order written; empty for a package with no conversions.
    pub conversion_gen: Vec<Spanned<String>>,
    /// `+protobufGoPackage=`: the Go import path of the protobuf IDL; `None` means
    /// `k8s.io/api/<path>`.
    pub protobuf_go_package: Option<Spanned<String>>,
    /// `+k8s:prerelease-lifecycle-gen=true`: where it is written.
    pub prerelease_lifecycle: Option<Span>,
}

/// The `+genclient` markers of a kind.
#[derive(Debug, Clone)]
pub struct GenClient {
    /// Where `+genclient` is.
    pub span: Span,
    /// `+genclient:nonNamespaced`: the resource is cluster-scoped.
    pub non_namespaced: bool,
    /// `+genclient:onlyVerbs=`: the only [`VERBS`] served; `None` when not written.
    pub only_verbs: Option<Vec<String>>,
    /// `+genclient:skipVerbs=`: [`VERBS`] not served; `None` when not written.
    pub skip_verbs: Option<Vec<String>>,
    /// `+genclient:noStatus`: no `status` subresource and no status methods in the client, even
    /// if the kind has a `status` field.
    pub no_status: bool,
    /// `+genclient:noVerbs`: no REST verbs at all, so no client is generated.
    pub no_verbs: bool,
    /// `+genclient:method=` lines, in the order written.
    pub methods: Vec<Method>,
    /// `+resourceName=`: the plural resource name in URLs; `None` means the kind's lower-case
    /// plural.
    pub resource_name: Option<Spanned<String>>,
    /// `+shortNames=`, in the order written.
    pub short_names: Vec<String>,
    /// `+categories=`, in the order written.
    pub categories: Vec<String>,
    /// `+ownNameRule`: the kind's validation checks its names itself.
    pub own_name_rule: bool,
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
    /// The subresource's name in the URL (`scale`, `eviction`): lower-case letters and digits.
    pub subresource: String,
    /// `input=`: the type of the request body for `create`, `update` and `apply`; `None` means
    /// the kind itself.
    pub input: Option<String>,
    /// `result=`: the type of the response; `None` means the kind itself.
    pub result: Option<String>,
    /// The span of the marker line, where errors about the method point.
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

/// A Kubernetes release, `major.minor`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub struct Release {
    /// The `1` of `1.19`.
    pub major: u32,
    /// The `19` of `1.19`; upstream's schedules count in minors.
    pub minor: u32,
}

impl Release {
    /// The release `n` minors later (upstream's policy counts in minors, never rolling the major).
    pub fn plus_minors(self, n: u32) -> Release {
        Release { major: self.major, minor: self.minor + n }
    }
}

impl std::fmt::Display for Release {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}.{}", self.major, self.minor)
    }
}

/// The kind that replaces a deprecated one.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Replacement {
    /// The group (empty for the core group).
    pub group: String,
    /// The API version within the group (`v1`, `v1beta1`).
    pub version: String,
    /// The kind's name in upper camel case (`Deployment`).
    pub kind: String,
}

/// The `+k8s:prerelease-lifecycle-gen:*` markers of a kind, as written.
#[derive(Debug, Clone, Default)]
pub struct LifecycleMarkers {
    /// `+k8s:prerelease-lifecycle-gen:introduced=`; `None` when not written (an error if any
    /// other lifecycle marker is).
    pub introduced: Option<Spanned<Release>>,
    /// `+k8s:prerelease-lifecycle-gen:deprecated=`; `None` takes the default of
    /// [`LifecycleMarkers::resolve`].
    pub deprecated: Option<Spanned<Release>>,
    /// `+k8s:prerelease-lifecycle-gen:removed=`; `None` takes the default of
    /// [`LifecycleMarkers::resolve`].
    pub removed: Option<Spanned<Release>>,
    /// `+k8s:prerelease-lifecycle-gen:replacement=`; `None` when no kind replaces this one.
    pub replacement: Option<Spanned<Replacement>>,
}

/// A kind's lifecycle after upstream's defaults: what `APILifecycleIntroduced`, `…Deprecated`,
/// `…Removed` and `…Replacement` return.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Lifecycle {
    /// The release that first served the kind.
    pub introduced: Release,
    /// The release that deprecates it; `None` for a GA kind without a `deprecated` marker.
    pub deprecated: Option<Release>,
    /// The release that stops serving it; `None` for a GA kind without a `removed` marker.
    pub removed: Option<Release>,
    /// The kind to use instead; `None` when the markers name none.
    pub replacement: Option<Replacement>,
}

/// Whether a version is generally available (`v1`, `v2`), as upstream decides from the package
/// name: prerelease versions (`v1beta1`, `v2alpha1`) are deprecated and removed on a schedule.
pub fn is_ga_version(version: &str) -> bool {
    version.strip_prefix('v').is_some_and(|n| !n.is_empty() && n.bytes().all(|b| b.is_ascii_digit()))
}

impl LifecycleMarkers {
    /// Whether any lifecycle marker is written.
    pub fn is_empty(&self) -> bool {
        self.introduced.is_none() && self.deprecated.is_none() && self.removed.is_none() && self.replacement.is_none()
    }

    /// The lifecycle of a kind of `version`, with prerelease-lifecycle-gen's defaults: a
    /// prerelease kind is deprecated three minors after it was introduced and removed three
    /// minors after that; a GA kind is neither unless the markers say so. `None` without
    /// `introduced` (the front-end reports that).
    pub fn resolve(&self, version: &str) -> Option<Lifecycle> {
        let introduced = self.introduced.as_ref()?.value;
        let ga = is_ga_version(version);
        let deprecated_at = self.deprecated.as_ref().map_or(introduced.plus_minors(3), |d| d.value);
        let removed_at = self.removed.as_ref().map_or(deprecated_at.plus_minors(3), |r| r.value);
        Some(Lifecycle {
            introduced,
            deprecated: (!ga || self.deprecated.is_some()).then_some(deprecated_at),
            removed: (!ga || self.removed.is_some()).then_some(removed_at),
            replacement: self.replacement.as_ref().map(|r| r.value.clone()),
        })
    }
}

/// The markers of a type.
#[derive(Debug, Clone, Default)]
pub struct TypeMarkers {
    /// `+genclient` and the markers that need it; `None` for a kind that is not served.
    pub genclient: Option<GenClient>,
    /// `+enum`, with its exclusions.
    pub enum_marker: Option<EnumMarker>,
    /// `+crd…`: the kind is a custom resource with a generated `CustomResourceDefinition`.
    pub crd: Option<Crd>,
    /// The `+k8s:prerelease-lifecycle-gen:*` markers, empty on a type without them.
    pub lifecycle: LifecycleMarkers,
}

/// `+enum` on a type, as written; [`crate::enums`] reads the values.
#[derive(Debug, Clone)]
pub struct EnumMarker {
    /// Where `+enum` is.
    pub span: Span,
    /// The constants `+enum:exclude=` names, each with the span of its line.
    pub exclude: Vec<Spanned<String>>,
    /// Where `+enum:open` is, if the set of values is open.
    pub open: Option<Span>,
}

/// Parses `major.minor` as upstream does (two non-empty decimal numbers).
fn release(cx: &Ctxt, name: &str, value: &str, span: Span) -> Option<Release> {
    let parsed = value.split_once('.').and_then(|(major, minor)| {
        let digits = |s: &str| !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit());
        if !digits(major) || !digits(minor) {
            return None;
        }
        Some(Release { major: major.parse().ok()?, minor: minor.parse().ok()? })
    });
    if parsed.is_none() {
        cx.error_at(span, format!("`+{name}` takes a release `major.minor` (`+{name}=1.19`), not `{value}`"));
    }
    parsed
}

/// Parses `<group>,<version>,<Kind>` with upstream's checks.
fn replacement(cx: &Ctxt, value: &str, span: Span) -> Option<Replacement> {
    let name = LIFECYCLE_REPLACEMENT;
    let parts: Vec<&str> = value.split(',').collect();
    let [group, version, kind] = parts.as_slice() else {
        cx.error_at(
            span,
            format!("`+{name}` takes `<group>,<version>,<Kind>` (the core group is empty: `,v1,Pod`), not `{value}`"),
        );
        return None;
    };
    let mut ok = true;
    if group.to_lowercase() != *group {
        cx.error_at(span, format!("the replacement group `{group}` must be lower case"));
        ok = false;
    }
    if !version.starts_with('v') || version.to_lowercase() != *version {
        cx.error_at(span, format!("the replacement version `{version}` must start with `v` and be lower case"));
        ok = false;
    }
    if !kind.chars().next().is_some_and(|c| c.is_ascii_uppercase()) {
        cx.error_at(span, format!("the replacement kind `{kind}` must start with an upper-case letter"));
        ok = false;
    }
    ok.then(|| Replacement { group: (*group).to_owned(), version: (*version).to_owned(), kind: (*kind).to_owned() })
}

fn once<T>(cx: &Ctxt, slot: &mut Option<Spanned<T>>, name: &str, value: Option<T>, span: Span) {
    if slot.is_some() {
        cx.error_at(span, format!("`+{name}` is given twice"));
    }
    if let Some(value) = value {
        *slot = Some(Spanned { value, span });
    }
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
    if name == FEATURE_GATE {
        cx.error_at(
            span,
            format!("`+{FEATURE_GATE}` gates a field, not a {place}; put it on each field the gate adds"),
        );
    } else if let Some((_, attr)) = AS_ATTRIBUTES.iter().find(|(m, _)| *m == key) {
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

/// Parses the `+featureGate=Gate` marker of a field's docs: the gate's name, an exported Go
/// identifier (`PodLevelResources`), given once. A gated field must have an unset value it can be
/// cleared to (see [`crate::check`]).
pub fn parse_field_feature_gate(cx: &Ctxt, attrs: &[syn::Attribute]) -> Option<Spanned<String>> {
    let mut gate: Option<Spanned<String>> = None;
    for (name, value, span) in marker_lines(attrs, false) {
        if name != FEATURE_GATE {
            continue;
        }
        if value.is_empty() {
            cx.error_at(span, format!("`+{FEATURE_GATE}` needs the gate's name: `+{FEATURE_GATE}=MyFeature`"));
            continue;
        }
        if !is_gate_name(&value) {
            cx.error_at(
                span,
                format!(
                    "`{value}` is not a feature gate's name; write it as upstream's gates are, an upper camel case identifier like `PodLevelResources`"
                ),
            );
            continue;
        }
        if let Some(first) = &gate {
            cx.error_at(
                span,
                format!(
                    "`+{FEATURE_GATE}` is given twice (`{}` and `{value}`); a field is gated by one gate, as upstream's are",
                    first.value
                ),
            );
            continue;
        }
        gate = Some(Spanned { value, span });
    }
    gate
}

/// Whether a name is a feature gate's: an ASCII letter in upper case, then letters and digits.
pub fn is_gate_name(name: &str) -> bool {
    let mut chars = name.chars();
    chars.next().is_some_and(|c| c.is_ascii_uppercase()) && chars.all(|c| c.is_ascii_alphanumeric())
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
            PRERELEASE_LIFECYCLE_GEN => {
                if value != "true" {
                    cx.error_at(
                        span,
                        format!("`+{PRERELEASE_LIFECYCLE_GEN}` takes `=true`; leave it out to disable it"),
                    );
                }
                if out.prerelease_lifecycle.is_some() {
                    cx.error_at(span, format!("`+{PRERELEASE_LIFECYCLE_GEN}` is given twice"));
                }
                out.prerelease_lifecycle = Some(span);
            }
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
    // Declarative validation tags are parsed with the type's shape, in `validation_markers`.
    let (crd_lines, lines): (Vec<_>, Vec<_>) = marker_lines(attrs, false)
        .into_iter()
        .filter(|(name, _, _)| {
            !crate::validation_markers::is_validation_marker(name) && !crate::schema_markers::is_schema_marker(name)
        })
        .partition(|(name, _, _)| is_crd_marker(name));
    let crd = parse_crd_markers(cx, crd_lines, is_kind);
    let mut found: Option<GenClient> = None;
    let mut lifecycle = LifecycleMarkers::default();
    let mut rest = Vec::new();
    let mut enum_marker: Option<EnumMarker> = None;
    let mut exclude = Vec::new();
    let mut open = None;
    for (name, value, span) in lines {
        if name == ENUM {
            if !value.is_empty() {
                cx.error_at(
                    span,
                    format!("`+{ENUM}` takes no value; name constants that are not values with `+{ENUM_EXCLUDE}=NAME`"),
                );
            }
            if enum_marker.is_some() {
                cx.error_at(span, format!("`+{ENUM}` is given twice"));
            }
            enum_marker = Some(EnumMarker { span, exclude: Vec::new(), open: None });
        } else if name == ENUM_OPEN {
            if !value.is_empty() {
                cx.error_at(span, format!("`+{ENUM_OPEN}` takes no value"));
            }
            if open.is_some() {
                cx.error_at(span, format!("`+{ENUM_OPEN}` is given twice"));
            }
            open = Some(span);
        } else if name == ENUM_EXCLUDE {
            if value.trim().is_empty() {
                cx.error_at(span, format!("`+{ENUM_EXCLUDE}` needs constant names: `+{ENUM_EXCLUDE}=NAME,OTHER`"));
            }
            exclude.extend(
                value
                    .split(',')
                    .map(str::trim)
                    .filter(|n| !n.is_empty())
                    .map(|n| Spanned { value: n.to_owned(), span }),
            );
        } else if LIFECYCLE_MARKERS.contains(&name.as_str()) {
            match name.as_str() {
                LIFECYCLE_INTRODUCED => {
                    let r = release(cx, &name, &value, span);
                    once(cx, &mut lifecycle.introduced, &name, r, span);
                }
                LIFECYCLE_DEPRECATED => {
                    let r = release(cx, &name, &value, span);
                    once(cx, &mut lifecycle.deprecated, &name, r, span);
                }
                LIFECYCLE_REMOVED => {
                    let r = release(cx, &name, &value, span);
                    once(cx, &mut lifecycle.removed, &name, r, span);
                }
                _ => {
                    let r = replacement(cx, &value, span);
                    once(cx, &mut lifecycle.replacement, &name, r, span);
                }
            }
            if !is_kind {
                cx.error_at(span, format!("`+{name}` applies to versioned kinds (`#[kapi(kind, version = ...)]`)"));
            }
        } else if name == GENCLIENT {
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
                own_name_rule: false,
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
            OWN_NAME_RULE => g.own_name_rule = true,
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
    if lifecycle.introduced.is_none() {
        let others = [&lifecycle.deprecated, &lifecycle.removed].into_iter().flatten().map(|m| m.span);
        if let Some(span) = others.chain(lifecycle.replacement.iter().map(|m| m.span)).next() {
            cx.error_at(
                span,
                format!("the lifecycle of a kind starts with `+{LIFECYCLE_INTRODUCED}=major.minor`; add it"),
            );
        }
    }
    if let (Some(c), Some(g)) = (&crd, &found) {
        if g.non_namespaced != c.cluster_scoped {
            cx.error_at(
                c.span,
                format!("`+{GENCLIENT_NON_NAMESPACED}` and `+{CRD_SCOPE}` disagree on the kind's scope"),
            );
        }
        if (!g.short_names.is_empty() && !c.short_names.is_empty())
            || (!g.categories.is_empty() && !c.categories.is_empty())
        {
            cx.error_at(
                c.span,
                format!(
                    "say short names and categories once: `+{SHORT_NAMES}`/`+{CATEGORIES}` (with `+{GENCLIENT}`) or `+{CRD_SHORT_NAMES}`/`+{CRD_CATEGORIES}`"
                ),
            );
        }
    }
    match (&mut enum_marker, exclude.first()) {
        (Some(m), _) => {
            m.exclude = exclude;
            m.open = open;
        }
        (None, Some(e)) => cx.error_at(e.span, format!("`+{ENUM_EXCLUDE}` needs `+{ENUM}` on the same type")),
        (None, None) => {}
    }
    if let (None, Some(span)) = (&enum_marker, open) {
        cx.error_at(span, format!("`+{ENUM_OPEN}` needs `+{ENUM}` on the same type"));
    }
    TypeMarkers { genclient: found, enum_marker, crd, lifecycle }
}

/// `+crd`: the kind is a custom resource; `kapi-codegen` writes its `CustomResourceDefinition`.
pub const CRD: &str = "crd";
/// `+crd:scope=Cluster`: a cluster-scoped custom resource (`Namespaced` by default).
pub const CRD_SCOPE: &str = "crd:scope";
/// `+crd:shortNames=ct,cron`: the resource's short names.
pub const CRD_SHORT_NAMES: &str = "crd:shortNames";
/// `+crd:categories=all`: the categories the resource belongs to (`kubectl get all`).
pub const CRD_CATEGORIES: &str = "crd:categories";
/// `+crd:storageVersion`: this version is the one stored (needed when a kind has several).
pub const CRD_STORAGE_VERSION: &str = "crd:storageVersion";
/// `+crd:scale=specReplicasPath=.spec.replicas,statusReplicasPath=.status.replicas[,labelSelectorPath=.status.selector]`:
/// the `scale` subresource.
pub const CRD_SCALE: &str = "crd:scale";
/// `+crd:printColumn=name=Spec,type=string,jsonPath=.spec.cronSpec[,priority=1][,format=…][,description=…]`:
/// a column `kubectl get` prints; repeat it for several.
pub const CRD_PRINT_COLUMN: &str = "crd:printColumn";
/// `+crd:conversion=Webhook,service=<namespace>/<name>,path=/convert[,port=443]` (or
/// `+crd:conversion=None`): how the API server converts between the kind's versions, written to
/// the definition's `spec.conversion`.
pub const CRD_CONVERSION: &str = "crd:conversion";
/// Every custom resource marker.
pub const CRD_MARKERS: &[&str] = &[
    CRD,
    CRD_SCOPE,
    CRD_SHORT_NAMES,
    CRD_CATEGORIES,
    CRD_STORAGE_VERSION,
    CRD_SCALE,
    CRD_PRINT_COLUMN,
    CRD_CONVERSION,
];

/// The column types a printer column may have (upstream's `additionalPrinterColumns` types).
pub const PRINT_COLUMN_TYPES: &[&str] = &["integer", "number", "string", "boolean", "date"];

/// The custom resource markers of a kind.
#[derive(Debug, Clone)]
pub struct Crd {
    /// Where `+crd` is.
    pub span: Span,
    /// `+crd:scope=Cluster`; `false` for the default, `Namespaced`.
    pub cluster_scoped: bool,
    /// `+crd:shortNames=`: lower-case DNS labels, in the order written.
    pub short_names: Vec<String>,
    /// `+crd:categories=`: lower-case DNS labels, in the order written.
    pub categories: Vec<String>,
    /// `+crd:storageVersion`: etcd stores this version; the generator requires exactly one
    /// marked version when a kind has several.
    pub storage_version: bool,
    /// `+crd:scale=`: the `scale` subresource; `None` when the kind has none.
    pub scale: Option<CrdScale>,
    /// `+crd:printColumn=` lines (`additionalPrinterColumns`), in the order written.
    pub print_columns: Vec<PrintColumn>,
    /// `+crd:conversion=`: the definition's `spec.conversion`; `None` when not written (the API
    /// server's default, `strategy: None`).
    pub conversion: Option<CrdConversion>,
}

/// `+crd:conversion=`: how the API server converts objects between the kind's versions.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum CrdConversion {
    /// `None`: only `apiVersion` changes (every version has the same schema).
    None,
    /// `Webhook`: the API server POSTs `ConversionReview`s to a service in the cluster.
    Webhook {
        /// `service=<namespace>/<name>`: the service's namespace.
        namespace: String,
        /// The service's name.
        name: String,
        /// `path=`: the URL path the reviews go to (starts with `/`).
        path: Option<String>,
        /// `port=`: the service port (the API server's default is 443).
        port: Option<i32>,
    },
}

/// The `scale` subresource's paths (JSON paths into the object, `.spec.replicas`).
#[derive(Debug, Clone)]
pub struct CrdScale {
    /// `specReplicasPath=`: the desired replica count, read and written through `scale`'s
    /// `spec.replicas`.
    pub spec_replicas_path: String,
    /// `statusReplicasPath=`: the observed replica count, reported as `scale`'s `status.replicas`.
    pub status_replicas_path: String,
    /// `labelSelectorPath=`: the serialized label selector reported as `scale`'s
    /// `status.selector` (what a HorizontalPodAutoscaler needs); `None` when not written.
    pub label_selector_path: Option<String>,
}

/// One `+crd:printColumn=` line.
#[derive(Debug, Clone)]
pub struct PrintColumn {
    /// `name=`: the column's heading; unique within the kind.
    pub name: String,
    /// One of [`PRINT_COLUMN_TYPES`].
    pub r#type: String,
    /// `jsonPath=`: the value shown, a JSON path into the object (`.spec.cronSpec`).
    pub json_path: String,
    /// `format=`: an OpenAPI format refining `type` (`date-time`, `int32`); `None` when not written.
    pub format: Option<String>,
    /// `description=`: the column's help text; `None` when not written.
    pub description: Option<String>,
    /// `priority=`: `0` shows the column by default; higher ones only with `kubectl get -o wide`.
    pub priority: i32,
}

fn is_crd_marker(name: &str) -> bool {
    name == CRD || name.starts_with("crd:")
}

/// `key=value` pairs of a marker value, in order; `None` (reported) on a part without `=`.
fn key_values(cx: &Ctxt, name: &str, value: &str, span: Span) -> Option<Vec<(String, String)>> {
    let mut out = Vec::new();
    for part in value.split(',').map(str::trim).filter(|p| !p.is_empty()) {
        let Some((k, v)) = part.split_once('=') else {
            cx.error_at(span, format!("`+{name}`: `{part}` is not `key=value`"));
            return None;
        };
        out.push((k.trim().to_owned(), v.trim().to_owned()));
    }
    Some(out)
}

/// A lower-case DNS label, as short names and categories must be.
fn is_dns_label(s: &str) -> bool {
    !s.is_empty()
        && s.len() <= 63
        && s.bytes().all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-')
        && !s.starts_with('-')
        && !s.ends_with('-')
}

fn names_list(cx: &Ctxt, name: &str, value: &str, span: Span) -> Vec<String> {
    let names: Vec<String> = value.split(',').map(|s| s.trim().to_owned()).filter(|s| !s.is_empty()).collect();
    if names.is_empty() {
        cx.error_at(span, format!("`+{name}` needs a value: `+{name}=a,b`"));
    }
    for n in &names {
        if !is_dns_label(n) {
            cx.error_at(span, format!("`+{name}`: `{n}` is not a lower-case DNS label"));
        }
    }
    names
}

/// A JSON path of a scale or column marker: it starts with `.`.
fn json_path(cx: &Ctxt, name: &str, key: &str, value: String, span: Span) -> String {
    if !value.starts_with('.') || value.len() < 2 {
        cx.error_at(
            span,
            format!("`+{name}`: `{key}` is a JSON path starting with `.` (`.spec.replicas`), not `{value}`"),
        );
    }
    value
}

/// Parses the `+crd…` lines of a kind, recording what is malformed.
fn parse_crd_markers(cx: &Ctxt, lines: Vec<(String, String, Span)>, is_kind: bool) -> Option<Crd> {
    let span = lines.iter().find(|(n, _, _)| n == CRD).map(|(_, _, s)| *s);
    let Some(span) = span else {
        for (name, _, span) in &lines {
            if CRD_MARKERS.contains(&name.as_str()) {
                cx.error_at(*span, format!("`+{name}` needs `+{CRD}` on the same kind"));
            } else {
                unknown(cx, *span, name, CRD_MARKERS, "type");
            }
        }
        return None;
    };
    if !is_kind {
        cx.error_at(span, format!("`+{CRD}` applies to versioned kinds (`#[kapi(kind, version = ...)]`)"));
    }
    let mut crd = Crd {
        span,
        cluster_scoped: false,
        short_names: Vec::new(),
        categories: Vec::new(),
        storage_version: false,
        scale: None,
        print_columns: Vec::new(),
        conversion: None,
    };
    let mut seen = std::collections::BTreeSet::new();
    for (name, value, span) in lines {
        let repeatable = name == CRD_PRINT_COLUMN;
        if !repeatable && !seen.insert(name.clone()) {
            cx.error_at(span, format!("`+{name}` is given twice"));
            continue;
        }
        match name.as_str() {
            CRD | CRD_STORAGE_VERSION => {
                if !value.is_empty() {
                    cx.error_at(span, format!("`+{name}` takes no value"));
                }
                crd.storage_version |= name == CRD_STORAGE_VERSION;
            }
            CRD_SCOPE => match value.as_str() {
                "Cluster" => crd.cluster_scoped = true,
                "Namespaced" => {}
                other => cx.error_at(span, format!("`+{CRD_SCOPE}` is `Namespaced` or `Cluster`, not `{other}`")),
            },
            CRD_SHORT_NAMES => crd.short_names = names_list(cx, &name, &value, span),
            CRD_CATEGORIES => crd.categories = names_list(cx, &name, &value, span),
            CRD_SCALE => {
                let Some(pairs) = key_values(cx, &name, &value, span) else { continue };
                let (mut spec, mut status, mut selector) = (None, None, None);
                for (k, v) in pairs {
                    match k.as_str() {
                        "specReplicasPath" => spec = Some(json_path(cx, &name, &k, v, span)),
                        "statusReplicasPath" => status = Some(json_path(cx, &name, &k, v, span)),
                        "labelSelectorPath" => selector = Some(json_path(cx, &name, &k, v, span)),
                        other => cx.error_at(
                            span,
                            format!(
                                "`+{name}`: unknown key `{other}`; the keys are specReplicasPath, statusReplicasPath, labelSelectorPath"
                            ),
                        ),
                    }
                }
                match (spec, status) {
                    (Some(spec_replicas_path), Some(status_replicas_path)) => {
                        crd.scale =
                            Some(CrdScale { spec_replicas_path, status_replicas_path, label_selector_path: selector })
                    }
                    _ => cx.error_at(span, format!("`+{name}` needs `specReplicasPath=` and `statusReplicasPath=`")),
                }
            }
            CRD_PRINT_COLUMN => {
                let Some(pairs) = key_values(cx, &name, &value, span) else { continue };
                let mut column = PrintColumn {
                    name: String::new(),
                    r#type: String::new(),
                    json_path: String::new(),
                    format: None,
                    description: None,
                    priority: 0,
                };
                for (k, v) in pairs {
                    match k.as_str() {
                        "name" => column.name = v,
                        "type" if PRINT_COLUMN_TYPES.contains(&v.as_str()) => column.r#type = v,
                        "type" => {
                            cx.error_at(
                                span,
                                format!("`+{name}`: the type `{v}` is not one of {}", PRINT_COLUMN_TYPES.join(", ")),
                            );
                            // Reported: not missing as well.
                            column.r#type = v;
                        }
                        "jsonPath" => column.json_path = json_path(cx, &name, &k, v, span),
                        "format" => column.format = Some(v),
                        "description" => column.description = Some(v),
                        "priority" => match v.parse::<i32>() {
                            Ok(p) if p >= 0 => column.priority = p,
                            _ => cx.error_at(span, format!("`+{name}`: `priority` is a number ≥ 0, not `{v}`")),
                        },
                        other => cx.error_at(
                            span,
                            format!(
                                "`+{name}`: unknown key `{other}`; the keys are name, type, jsonPath, format, description, priority"
                            ),
                        ),
                    }
                }
                if column.name.is_empty() || column.r#type.is_empty() || column.json_path.is_empty() {
                    cx.error_at(span, format!("`+{name}` needs `name=`, `type=` and `jsonPath=`"));
                } else if crd.print_columns.iter().any(|c| c.name == column.name) {
                    cx.error_at(span, format!("the column `{}` is given twice", column.name));
                } else {
                    crd.print_columns.push(column);
                }
            }
            CRD_CONVERSION => crd.conversion = parse_conversion(cx, &value, span),
            _ => unknown(cx, span, &name, CRD_MARKERS, "type"),
        }
    }
    Some(crd)
}

/// `service=<namespace>/<name>` of `+crd:conversion=`: two lower-case DNS labels.
fn conversion_service(cx: &Ctxt, value: &str, span: Span) -> Option<(String, String)> {
    match value.split_once('/') {
        Some((ns, name)) if is_dns_label(ns) && is_dns_label(name) => Some((ns.to_owned(), name.to_owned())),
        _ => {
            cx.error_at(
                span,
                format!(
                    "`+{CRD_CONVERSION}`: `service` is `<namespace>/<name>` (lower-case DNS labels), not `{value}`"
                ),
            );
            None
        }
    }
}

/// The value of `+crd:conversion=`: `None`, or `Webhook` with `service=`, `path=` and `port=`.
fn parse_conversion(cx: &Ctxt, value: &str, span: Span) -> Option<CrdConversion> {
    let usage =
        "`+crd:conversion=Webhook,service=<namespace>/<name>,path=/convert[,port=443]` or `+crd:conversion=None`";
    let (strategy, rest) = value.split_once(',').unwrap_or((value, ""));
    match strategy.trim() {
        "None" if rest.trim().is_empty() => Some(CrdConversion::None),
        "None" => {
            cx.error_at(span, format!("`+{CRD_CONVERSION}=None` takes nothing after it; found `{}`", rest.trim()));
            None
        }
        "Webhook" => {
            let pairs = key_values(cx, CRD_CONVERSION, rest, span)?;
            let (mut service, mut path, mut port, mut ok) = (None, None, None, true);
            for (k, v) in pairs {
                match k.as_str() {
                    "service" => {
                        service = conversion_service(cx, &v, span);
                        ok &= service.is_some();
                    }
                    "path" if v.starts_with('/') => path = Some(v),
                    "path" => {
                        cx.error_at(
                            span,
                            format!("`+{CRD_CONVERSION}`: `path` starts with `/` (`/convert`), not `{v}`"),
                        );
                        ok = false;
                    }
                    "port" => match v.parse::<i32>() {
                        Ok(p) if (1..=65535).contains(&p) => port = Some(p),
                        _ => {
                            cx.error_at(
                                span,
                                format!("`+{CRD_CONVERSION}`: `port` is a number from 1 to 65535, not `{v}`"),
                            );
                            ok = false;
                        }
                    },
                    other => {
                        cx.error_at(
                            span,
                            format!("`+{CRD_CONVERSION}`: unknown key `{other}`; the keys are service, path, port"),
                        );
                        ok = false;
                    }
                }
            }
            match service {
                Some((namespace, name)) if ok => Some(CrdConversion::Webhook { namespace, name, path, port }),
                None if ok => {
                    cx.error_at(
                        span,
                        format!("`+{CRD_CONVERSION}=Webhook` needs `service=<namespace>/<name>`: {usage}"),
                    );
                    None
                }
                _ => None,
            }
        }
        other => {
            cx.error_at(
                span,
                format!("`+{CRD_CONVERSION}`: the strategy is `Webhook` or `None`, not `{other}`: {usage}"),
            );
            None
        }
    }
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
    fn a_field_is_gated_by_one_well_formed_gate() {
        let field = |src: &str| {
            let file: syn::File = syn::parse_str(&format!("struct S {{ {src} x: Option<i32> }}")).unwrap();
            let syn::Item::Struct(s) = &file.items[0] else { panic!("a struct") };
            let cx = Ctxt::new();
            let gate = parse_field_feature_gate(&cx, &s.fields.iter().next().expect("a field").attrs);
            let errors: Vec<String> = cx.check().err().unwrap_or_default().iter().map(ToString::to_string).collect();
            (gate.map(|g| g.value), errors)
        };
        assert_eq!(
            field("/// Docs.\n///\n/// +featureGate=PodLevelResources\n"),
            (Some("PodLevelResources".into()), vec![])
        );
        assert_eq!(field("/// Docs.\n"), (None, vec![]));
        let (gate, errors) = field("/// +featureGate=\n");
        assert_eq!(
            (gate, errors[0].as_str()),
            (None, "`+featureGate` needs the gate's name: `+featureGate=MyFeature`")
        );
        let (_, errors) = field("/// +featureGate=pod_level\n");
        assert!(errors[0].starts_with("`pod_level` is not a feature gate's name"), "{errors:?}");
        let (gate, errors) = field("/// +featureGate=A\n/// +featureGate=B\n");
        assert_eq!(gate.as_deref(), Some("A"));
        assert!(errors[0].starts_with("`+featureGate` is given twice (`A` and `B`)"), "{errors:?}");
        let (_, _, errors) = parse("/// +featureGate=A\nstruct S;\n", false);
        assert_eq!(errors, ["`+featureGate` gates a field, not a type; put it on each field the gate adds"]);
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
    fn crd_markers_are_typed() {
        let (t, _, errors) = parse(
            "/// +crd\n/// +crd:shortNames=ct,cron\n/// +crd:categories=all\n/// +crd:storageVersion\n\
             /// +crd:scale=specReplicasPath=.spec.replicas,statusReplicasPath=.status.replicas\n\
             /// +crd:printColumn=name=Spec,type=string,jsonPath=.spec.cronSpec\n\
             /// +crd:printColumn=name=Image,type=string,jsonPath=.spec.image,priority=1\nstruct A;",
            false,
        );
        assert!(errors.is_empty(), "{errors:?}");
        let c = t.unwrap().crd.unwrap();
        assert_eq!(c.short_names, ["ct", "cron"]);
        assert_eq!(c.categories, ["all"]);
        assert!(c.storage_version && !c.cluster_scoped);
        assert_eq!(c.scale.unwrap().status_replicas_path, ".status.replicas");
        assert_eq!(c.print_columns.len(), 2);
        assert_eq!((c.print_columns[1].name.as_str(), c.print_columns[1].priority), ("Image", 1));
        assert_eq!(c.conversion, None);
        let (t, _, errors) =
            parse("/// +crd\n/// +crd:conversion=Webhook,service=ns/conv,path=/convert,port=8443\nstruct A;", false);
        assert!(errors.is_empty(), "{errors:?}");
        let want = CrdConversion::Webhook {
            namespace: "ns".into(),
            name: "conv".into(),
            path: Some("/convert".into()),
            port: Some(8443),
        };
        assert_eq!(t.unwrap().crd.unwrap().conversion, Some(want));
        for (lines, needle) in [
            ("/// +crd:shortNames=ct\nstruct A;", "needs `+crd`"),
            ("/// +crd\n/// +crd:shortNames=Ct\nstruct A;", "lower-case DNS label"),
            ("/// +crd\n/// +crd:scope=Global\nstruct A;", "`Namespaced` or `Cluster`"),
            ("/// +crd\n/// +crd:scale=specReplicasPath=.spec.replicas\nstruct A;", "needs `specReplicasPath=`"),
            ("/// +crd\n/// +crd:printColumn=name=A,type=text,jsonPath=.a\nstruct A;", "the type `text`"),
            ("/// +crd\n/// +crd:printColumn=name=A,type=string,jsonPath=a\nstruct A;", "starting with `.`"),
            ("/// +crd\n/// +crd:sortNames=a\nstruct A;", "unknown type marker `+crd:sortNames`"),
            ("/// +crd\n/// +genclient\n/// +genclient:nonNamespaced\nstruct A;", "disagree"),
            ("/// +crd\n/// +crd:conversion=Hook,service=a/b\nstruct A;", "the strategy is `Webhook` or `None`"),
            ("/// +crd\n/// +crd:conversion=Webhook,path=/c\nstruct A;", "needs `service=<namespace>/<name>`"),
            ("/// +crd\n/// +crd:conversion=Webhook,service=b\nstruct A;", "`service` is `<namespace>/<name>`"),
            ("/// +crd\n/// +crd:conversion=Webhook,service=a/b,path=c\nstruct A;", "`path` starts with `/`"),
            ("/// +crd\n/// +crd:conversion=Webhook,service=a/b,port=0\nstruct A;", "from 1 to 65535"),
            ("/// +crd\n/// +crd:conversion=Webhook,service=a/b,host=x\nstruct A;", "unknown key `host`"),
            ("/// +crd\n/// +crd:conversion=None,service=a/b\nstruct A;", "takes nothing after it"),
        ] {
            let (_, _, errors) = parse(lines, false);
            assert!(errors.len() == 1 && errors[0].contains(needle), "{lines}: {errors:?}");
        }
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

    fn lifecycle(src: &str) -> (LifecycleMarkers, Vec<String>) {
        let (t, _, errors) = parse(src, false);
        (t.unwrap().lifecycle, errors)
    }

    #[test]
    fn lifecycle_defaults_follow_upstreams_policy() {
        let (l, errors) = lifecycle("/// +k8s:prerelease-lifecycle-gen:introduced=1.19\nstruct A;");
        assert!(errors.is_empty(), "{errors:?}");
        let r = |major, minor| Release { major, minor };
        // Prerelease: deprecated three minors later, removed three after that.
        let beta = l.resolve("v1beta1").unwrap();
        assert_eq!((beta.introduced, beta.deprecated, beta.removed), (r(1, 19), Some(r(1, 22)), Some(r(1, 25))));
        // GA: neither, unless written.
        let ga = l.resolve("v2").unwrap();
        assert_eq!((ga.deprecated, ga.removed), (None, None));
        assert!(!is_ga_version("v1alpha1") && !is_ga_version("v") && is_ga_version("v12"));

        let (l, errors) = lifecycle(
            "/// +k8s:prerelease-lifecycle-gen:introduced=1.8\n/// +k8s:prerelease-lifecycle-gen:deprecated=1.9\n\
             /// +k8s:prerelease-lifecycle-gen:replacement=apps,v1,Deployment\nstruct A;",
        );
        assert!(errors.is_empty(), "{errors:?}");
        let beta = l.resolve("v1beta2").unwrap();
        assert_eq!((beta.deprecated, beta.removed), (Some(r(1, 9)), Some(r(1, 12))));
        let rep = beta.replacement.unwrap();
        assert_eq!((rep.group.as_str(), rep.version.as_str(), rep.kind.as_str()), ("apps", "v1", "Deployment"));
        // A GA kind with a written deprecation is deprecated but not removed (core's Endpoints).
        let ga = l.resolve("v1").unwrap();
        assert_eq!((ga.deprecated, ga.removed), (Some(r(1, 9)), None));
        // The core group is empty.
        let (l, errors) = lifecycle(
            "/// +k8s:prerelease-lifecycle-gen:introduced=1.1\n/// +k8s:prerelease-lifecycle-gen:replacement=,v1,Event\nstruct A;",
        );
        assert!(errors.is_empty(), "{errors:?}");
        assert_eq!(l.replacement.unwrap().value.group, "");
    }

    #[test]
    fn malformed_lifecycle_markers_are_errors() {
        for (src, want) in [
            ("introduced=1", "takes a release `major.minor`"),
            ("introduced=1.x", "not `1.x`"),
            ("introduced=.3", "takes a release"),
            ("introduced=v1.3", "takes a release"),
            ("introduced", "takes a release"),
            ("replacement=apps,v1", "takes `<group>,<version>,<Kind>`"),
            ("replacement=Apps,v1,Deployment", "group `Apps` must be lower case"),
            ("replacement=apps,V1,Deployment", "version `V1` must start with `v`"),
            ("replacement=apps,1,Deployment", "must start with `v`"),
            ("replacement=apps,v1,deployment", "kind `deployment` must start with an upper-case"),
            ("replacement=apps,v1,", "kind `` must start"),
        ] {
            let line = format!(
                "/// +k8s:prerelease-lifecycle-gen:introduced=1.2\n/// +k8s:prerelease-lifecycle-gen:{src}\nstruct A;"
            );
            let (_, errors) = lifecycle(&line);
            assert!(errors.iter().any(|e| e.contains(want)), "{src}: {errors:?}");
        }
        let (_, errors) = lifecycle("/// +k8s:prerelease-lifecycle-gen:deprecated=1.2\nstruct A;");
        assert!(errors[0].contains("starts with `+k8s:prerelease-lifecycle-gen:introduced"), "{errors:?}");
        let (_, errors) = lifecycle(
            "/// +k8s:prerelease-lifecycle-gen:introduced=1.2\n/// +k8s:prerelease-lifecycle-gen:introduced=1.3\nstruct A;",
        );
        assert!(errors[0].contains("is given twice"), "{errors:?}");
        let (_, errors) = lifecycle("/// +k8s:prerelease-lifecycle-gen:introducd=1.2\nstruct A;");
        assert!(errors[0].contains("unknown type marker"), "{errors:?}");
        // Not on a type that is not a kind.
        let file: syn::File = syn::parse_str("/// +k8s:prerelease-lifecycle-gen:introduced=1.2\nstruct A;").unwrap();
        let syn::Item::Struct(s) = &file.items[0] else { panic!("a struct") };
        let cx = Ctxt::new();
        parse_type_markers(&cx, &s.attrs, false);
        let errors: Vec<String> = cx.check().err().unwrap_or_default().iter().map(ToString::to_string).collect();
        assert!(errors[0].contains("applies to versioned kinds"), "{errors:?}");
        // The package switch takes `true` only.
        let (_, p, errors) = parse("//! +k8s:prerelease-lifecycle-gen=true\n", true);
        assert!(errors.is_empty() && p.prerelease_lifecycle.is_some(), "{errors:?}");
        let (_, _, errors) = parse("//! +k8s:prerelease-lifecycle-gen=yes\n", true);
        assert!(errors[0].contains("takes `=true`"), "{errors:?}");
    }

    #[test]
    fn an_open_enum_is_marked_beside_enum() {
        let (t, _, errors) = parse("/// +enum\n/// +enum:open\nstruct A;", false);
        assert!(errors.is_empty(), "{errors:?}");
        assert!(t.unwrap().enum_marker.unwrap().open.is_some());
        let (t, _, errors) = parse("/// +enum\nstruct A;", false);
        assert!(errors.is_empty() && t.unwrap().enum_marker.unwrap().open.is_none(), "{errors:?}");
        for (lines, needle) in [
            ("/// +enum:open\nstruct A;", "`+enum:open` needs `+enum` on the same type"),
            ("/// +enum\n/// +enum:open=yes\nstruct A;", "`+enum:open` takes no value"),
            ("/// +enum\n/// +enum:open\n/// +enum:open\nstruct A;", "`+enum:open` is given twice"),
        ] {
            let (_, _, errors) = parse(lines, false);
            assert!(errors.len() == 1 && errors[0].contains(needle), "{lines}: {errors:?}");
        }
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
