//! The conventions for hand-written functions the generators call (`set_defaults_<type>`, `convert_<type>_{to,from}_internal`, `fuzz_<type>`, `validate_<kind>`, `validate_<kind>_status_update`, `warnings_for_<kind>`), checked in one place.

use std::path::PathBuf;

use super::scan::FnDef;
use super::{FileId, Universe};
use crate::diagnostics::Diagnostic;

/// The direction of a conversion.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum Direction {
    /// `convert_<type>_to_internal`: from a versioned type to the hub package's type.
    ToInternal,
    /// `convert_<type>_from_internal`: from the hub package's type to a versioned type.
    FromInternal,
}

impl Direction {
    /// The function-name suffix (`to_internal`).
    pub fn suffix(self) -> &'static str {
        match self {
            Direction::ToInternal => "to_internal",
            Direction::FromInternal => "from_internal",
        }
    }
}

/// Which convention a hand-written function follows.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum Convention {
    /// `pub fn set_defaults_<type>(obj: &mut Type)` (upstream's `SetDefaults_<Type>`).
    Defaulter,
    /// `pub fn convert_<type>_to_internal(from: Type) -> Result<hub::Type, ConversionError>` and
    /// `_from_internal` (upstream's `Convert_<a>_<b>`).
    Conversion(Direction),
    /// `pub fn fuzz_<type>(obj: &mut Type, f: &mut Fuzzer)` (upstream's fuzzer funcs).
    Fuzzer,
    /// `pub fn validate_<kind>(obj: &Kind, old: Option<&Kind>) -> ErrorList` (upstream's
    /// `Validate<Kind>` and `Validate<Kind>Update`). Only names of a versioned kind of the package
    /// follow it: `validate_` is a common prefix for helpers, which stay unchecked.
    Validator,
    /// `pub fn validate_<kind>_status_update(obj: &Kind, old: &Kind) -> ErrorList` (upstream's
    /// `Validate<Kind>StatusUpdate`), run on writes to the `status` subresource instead of the
    /// kind's own validation. Like [`Convention::Validator`], only names of a kind follow it.
    StatusValidator,
    /// `pub fn warnings_for_<kind>(obj: &Kind, old: Option<&Kind>) -> Vec<String>` (upstream's
    /// strategy `WarningsOnCreate` and `WarningsOnUpdate`): the warnings a server returns with a
    /// write it accepts. Like [`Convention::Validator`], only names of a kind follow it.
    Warnings,
    /// `pub fn warnings_for_<kind>_status_update(obj: &Kind, old: &Kind) -> Vec<String>`
    /// (upstream's status strategy `WarningsOnUpdate`): the warnings of an accepted write to the
    /// `status` subresource. Like [`Convention::Validator`], only names of a kind follow it.
    StatusWarnings,
}

/// A hand-written function that follows a convention, checked.
#[derive(Debug, Clone)]
pub struct HandWritten {
    /// The package the function is in (a [`super::Package::rel`]); the type it is for is looked
    /// up there.
    pub package: PathBuf,
    /// The file it is defined in, from which [`HandWritten::path`] is built.
    pub file: FileId,
    /// The function's name (`set_defaults_pod_spec`).
    pub ident: syn::Ident,
    /// Which convention the name matched; its signature has been checked against it.
    pub convention: Convention,
    /// The Rust name of the type it is for.
    pub type_name: String,
}

impl HandWritten {
    /// The function's path from anywhere in the crate.
    pub fn path(&self, u: &Universe) -> syn::Path {
        u.item_path(self.file, &self.ident)
    }
}

fn last_ident_is(ty: &syn::Type, name: &str) -> bool {
    matches!(ty, syn::Type::Path(p) if p.path.segments.last().is_some_and(|s| s.ident == name))
}

fn mut_ref_to(ty: &syn::Type, name: &str) -> bool {
    matches!(ty, syn::Type::Reference(r) if r.mutability.is_some() && last_ident_is(&r.elem, name))
}

fn ref_to(ty: &syn::Type, name: &str) -> bool {
    matches!(ty, syn::Type::Reference(r) if r.mutability.is_none() && last_ident_is(&r.elem, name))
}

/// `Option<&Name>`.
fn option_ref_to(ty: &syn::Type, name: &str) -> bool {
    let syn::Type::Path(p) = ty else { return false };
    let Some(last) = p.path.segments.last().filter(|s| s.ident == "Option") else { return false };
    let syn::PathArguments::AngleBracketed(args) = &last.arguments else { return false };
    matches!(args.args.first(), Some(syn::GenericArgument::Type(t)) if ref_to(t, name)) && args.args.len() == 1
}

/// `Vec<Name>`.
fn vec_of(ty: &syn::Type, name: &str) -> bool {
    let syn::Type::Path(p) = ty else { return false };
    let Some(last) = p.path.segments.last().filter(|s| s.ident == "Vec") else { return false };
    let syn::PathArguments::AngleBracketed(args) = &last.arguments else { return false };
    matches!(args.args.first(), Some(syn::GenericArgument::Type(t)) if last_ident_is(t, name)) && args.args.len() == 1
}

/// What a function name says it is: the convention and the snake-case type name.
fn classify(name: &str) -> Option<(Convention, &str)> {
    if let Some(t) = name.strip_prefix("set_defaults_") {
        return Some((Convention::Defaulter, t));
    }
    if let Some(rest) = name.strip_prefix("convert_") {
        if let Some(t) = rest.strip_suffix("_to_internal") {
            return Some((Convention::Conversion(Direction::ToInternal), t));
        }
        if let Some(t) = rest.strip_suffix("_from_internal") {
            return Some((Convention::Conversion(Direction::FromInternal), t));
        }
        return None;
    }
    if let Some(t) = name.strip_prefix("validate_") {
        if let Some(kind) = t.strip_suffix("_status_update") {
            return Some((Convention::StatusValidator, kind));
        }
        return Some((Convention::Validator, t));
    }
    if let Some(kind) = name.strip_prefix("warnings_for_") {
        if let Some(kind) = kind.strip_suffix("_status_update") {
            return Some((Convention::StatusWarnings, kind));
        }
        return Some((Convention::Warnings, kind));
    }
    name.strip_prefix("fuzz_").map(|t| (Convention::Fuzzer, t))
}

fn snake(name: &str) -> String {
    heck::AsSnakeCase(name).to_string()
}

/// Finds every function that follows a convention, checks it against its type and signature, and
/// reports the ones that do not fit.
pub(super) fn check(u: &mut Universe, fns: Vec<(FileId, FnDef)>) -> Vec<HandWritten> {
    let mut out = Vec::new();
    let mut found = Vec::new();
    for (file, f) in fns {
        let name = f.ident.to_string();
        let Some((convention, type_snake)) = classify(&name) else { continue };
        let package = u.files[file].package.clone();
        let path = u.files[file].path.clone();
        let at = |msg: String| Diagnostic::at(&path, f.ident.span(), msg);
        // The types the convention may name: versioned ones for defaulters; versioned ones with an
        // internal counterpart for conversions; any for fuzzers.
        let candidate = u.types_in(&package).find(|t| {
            snake(&t.name()) == type_snake
                && match convention {
                    Convention::Defaulter => !t.def.attrs.is_internal(),
                    Convention::Conversion(_) => !t.def.attrs.is_internal() && u.hub_type_of(t).is_some(),
                    Convention::Fuzzer => true,
                    Convention::Validator
                    | Convention::StatusValidator
                    | Convention::Warnings
                    | Convention::StatusWarnings => !t.def.attrs.is_internal() && t.kind().is_some(),
                }
        });
        let of_kinds = matches!(
            convention,
            Convention::Validator | Convention::StatusValidator | Convention::Warnings | Convention::StatusWarnings
        );
        if candidate.is_none() && of_kinds {
            continue;
        }
        let Some(ty) = candidate.map(|t| t.name()) else {
            let (what, rule) = match convention {
                Convention::Defaulter => ("no versioned type of this package", "`set_defaults_<type in snake case>`"),
                Convention::Conversion(_) => (
                    "no type that exists in both this package and its internal package",
                    "`convert_<type in snake case>_to_internal` / `_from_internal`",
                ),
                Convention::Fuzzer => ("no type of this package", "`fuzz_<type in snake case>`"),
                Convention::Validator
                | Convention::StatusValidator
                | Convention::Warnings
                | Convention::StatusWarnings => {
                    unreachable!("validator and warnings names without a kind are skipped above")
                }
            };
            found.push(
                at(format!("`{name}` names {what}"))
                    .note(format!("hand-written functions of this kind are named {rule}")),
            );
            continue;
        };
        let (ok, shape) = match convention {
            Convention::Defaulter => (
                matches!(&f.inputs[..], [a] if mut_ref_to(a, &ty)) && f.output.is_none(),
                format!("pub fn {name}(obj: &mut {ty})"),
            ),
            Convention::Conversion(dir) => {
                let (input, output) = match dir {
                    Direction::ToInternal => (ty.clone(), format!("internal::{ty}")),
                    Direction::FromInternal => (format!("internal::{ty}"), ty.clone()),
                };
                (
                    matches!(&f.inputs[..], [a] if last_ident_is(a, &ty))
                        && f.output.as_ref().is_some_and(|o| last_ident_is(o, "Result")),
                    format!("pub fn {name}(from: {input}) -> Result<{output}, ConversionError>"),
                )
            }
            Convention::Fuzzer => (
                matches!(&f.inputs[..], [a, b] if mut_ref_to(a, &ty) && mut_ref_to(b, "Fuzzer")) && f.output.is_none(),
                format!("pub fn {name}(obj: &mut {ty}, f: &mut Fuzzer)"),
            ),
            Convention::Validator => (
                matches!(&f.inputs[..], [a, b] if ref_to(a, &ty) && option_ref_to(b, &ty))
                    && f.output.as_ref().is_some_and(|o| last_ident_is(o, "ErrorList")),
                format!("pub fn {name}(obj: &{ty}, old: Option<&{ty}>) -> ErrorList"),
            ),
            Convention::StatusValidator => (
                matches!(&f.inputs[..], [a, b] if ref_to(a, &ty) && ref_to(b, &ty))
                    && f.output.as_ref().is_some_and(|o| last_ident_is(o, "ErrorList")),
                format!("pub fn {name}(obj: &{ty}, old: &{ty}) -> ErrorList"),
            ),
            Convention::Warnings => (
                matches!(&f.inputs[..], [a, b] if ref_to(a, &ty) && option_ref_to(b, &ty))
                    && f.output.as_ref().is_some_and(|o| vec_of(o, "String")),
                format!("pub fn {name}(obj: &{ty}, old: Option<&{ty}>) -> Vec<String>"),
            ),
            Convention::StatusWarnings => (
                matches!(&f.inputs[..], [a, b] if ref_to(a, &ty) && ref_to(b, &ty))
                    && f.output.as_ref().is_some_and(|o| vec_of(o, "String")),
                format!("pub fn {name}(obj: &{ty}, old: &{ty}) -> Vec<String>"),
            ),
        };
        if !ok || !f.is_pub {
            let mut d = at(format!("hand-written function `{name}` has the wrong signature"))
                .note(format!("write it as `{shape}`"));
            if matches!(convention, Convention::Conversion(_)) {
                d = d.note("a conversion takes the value by move and returns a `Result`");
            }
            found.push(d);
            continue;
        }
        out.push(HandWritten { package, file, ident: f.ident.clone(), convention, type_name: ty });
    }
    u.diagnostics.extend(found);
    out
}

#[cfg(test)]
mod tests {
    use super::{Convention, classify};

    #[test]
    fn status_validators_are_told_from_validators_by_their_suffix() {
        assert_eq!(classify("validate_pod_status_update"), Some((Convention::StatusValidator, "pod")));
        assert_eq!(classify("validate_component_status"), Some((Convention::Validator, "component_status")));
        assert_eq!(classify("validate_pod"), Some((Convention::Validator, "pod")));
    }

    #[test]
    fn warnings_are_named_for_their_kind() {
        assert_eq!(classify("warnings_for_cron_job"), Some((Convention::Warnings, "cron_job")));
        assert_eq!(classify("warnings_cron_job"), None);
        assert_eq!(classify("warnings_for_pod_status_update"), Some((Convention::StatusWarnings, "pod")));
    }
}
