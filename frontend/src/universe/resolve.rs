//! The one resolver of type paths: through a file's `use` items, its package's types and `pub type` aliases, `crate::`/`super::`/`self::` paths, and machinery's special types.

use std::path::{Path, PathBuf};

use super::{FileId, TypeId, Universe};
use crate::model::Shape;

/// A special type of `kapi_machinery` (hand-written, with a fixed wire form) and the
/// apimachinery protobuf message it is written as.
#[derive(Debug, PartialEq, Eq)]
pub struct SpecialType {
    /// The Rust name.
    pub name: &'static str,
    /// The Go package of its message.
    pub go_package: &'static str,
    /// The protobuf message.
    pub message: &'static str,
}

const META_V1: &str = "k8s.io/apimachinery/pkg/apis/meta/v1";
const RUNTIME: &str = "k8s.io/apimachinery/pkg/runtime";

/// Every special type of `kapi_machinery`.
pub const SPECIAL_TYPES: &[SpecialType] = &[
    SpecialType { name: "Time", go_package: META_V1, message: "Time" },
    SpecialType { name: "MicroTime", go_package: META_V1, message: "MicroTime" },
    SpecialType { name: "Duration", go_package: META_V1, message: "Duration" },
    SpecialType { name: "FieldsV1", go_package: META_V1, message: "FieldsV1" },
    SpecialType { name: "TypeMeta", go_package: META_V1, message: "TypeMeta" },
    SpecialType { name: "Quantity", go_package: "k8s.io/apimachinery/pkg/api/resource", message: "Quantity" },
    SpecialType { name: "IntOrString", go_package: "k8s.io/apimachinery/pkg/util/intstr", message: "IntOrString" },
    SpecialType { name: "RawExtension", go_package: RUNTIME, message: "RawExtension" },
    SpecialType { name: "Unknown", go_package: RUNTIME, message: "Unknown" },
];

/// The special type of this name.
pub fn special_type(name: &str) -> Option<&'static SpecialType> {
    SPECIAL_TYPES.iter().find(|s| s.name == name)
}

/// What a type path names.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Resolved {
    /// An API type of the tree.
    Def(TypeId),
    /// One of machinery's special types, by name.
    Special(&'static str),
    /// A type of a kapi API package outside the tree (`kapi_api::meta::v1::ObjectMeta` seen from
    /// a user's tree): its package path and name.
    External {
        /// The package path below the API crate's root (`meta/v1`), as a package of the tree
        /// would be keyed.
        package: PathBuf,
        /// The type's name in that package.
        name: String,
    },
}

/// Aliases and `use` items may chain; a longer chain is a cycle.
const MAX_HOPS: usize = 16;

impl Universe {
    /// Resolves the type a field shape leads to, past `Option`, `Box`, `Vec` and map values;
    /// `None` for scalars.
    pub fn resolve_shape(&self, file: FileId, shape: &Shape) -> Option<Result<Resolved, String>> {
        match shape {
            Shape::Option(s) | Shape::Box(s) | Shape::Vec(s) | Shape::Map(_, s) => self.resolve_shape(file, s),
            Shape::Named(p) => Some(self.resolve_path(file, p)),
            _ => None,
        }
    }

    /// Resolves a type path written in a file.
    pub fn resolve_path(&self, file: FileId, path: &syn::Path) -> Result<Resolved, String> {
        let segs: Vec<String> = path.segments.iter().map(|s| s.ident.to_string()).collect();
        self.resolve(file, &segs, 0)
    }

    /// The type of the tree a path names, if it names one.
    pub fn resolve_def(&self, file: FileId, path: &syn::Path) -> Option<TypeId> {
        match self.resolve_path(file, path) {
            Ok(Resolved::Def(id)) => Some(id),
            _ => None,
        }
    }

    fn resolve(&self, file: FileId, segs: &[String], hops: usize) -> Result<Resolved, String> {
        let shown = || segs.join("::");
        if hops > MAX_HOPS {
            return Err(format!("`{}` does not resolve to a type (a cycle of aliases or imports)", shown()));
        }
        let Some((name, module)) = segs.split_last() else {
            return Err("empty type path".to_owned());
        };
        let f = &self.files[file];
        if module.is_empty() {
            if let Some(full) = f.uses.get(name) {
                return self.resolve(file, full, hops + 1);
            }
            if let Some(r) = self.lookup(&f.package, name, hops) {
                return Ok(r);
            }
            return Err(format!("cannot find type `{name}` in the package or the file's `use` items"));
        }
        let special = || {
            special_type(name).map(|s| Resolved::Special(s.name)).ok_or_else(|| {
                let names: Vec<&str> = SPECIAL_TYPES.iter().map(|s| s.name).collect();
                format!("`{}` is not one of machinery's types ({})", shown(), names.join(", "))
            })
        };
        let first = module[0].as_str();
        let external = first == "kapi_api";
        let mut base: Vec<String> = match first {
            "kapi_machinery" => return special(),
            "crate" | "kapi_api" if module.get(1).is_some_and(|m| m == "machinery") => return special(),
            "crate" | "kapi_api" => module[1..].to_vec(),
            "super" | "self" => {
                let mut m = f.module.clone();
                let mut rest = module;
                while let Some((s, tail)) = rest.split_first() {
                    match s.as_str() {
                        "super" => {
                            m.pop();
                        }
                        "self" => {}
                        _ => break,
                    }
                    rest = tail;
                }
                m.extend(rest.iter().cloned());
                m
            }
            // A first segment brought in by `use` (`use crate::x::v1; v1::T`).
            _ if f.uses.contains_key(first) => {
                let mut full = f.uses[first].clone();
                full.extend(segs[1..].iter().cloned());
                return self.resolve(file, &full, hops + 1);
            }
            _ => {
                let mut m = f.module.clone();
                m.extend(module.iter().cloned());
                m
            }
        };
        // `pkg::Name`, else `pkg::file_module::Name`.
        let as_pkg: PathBuf = base.iter().collect();
        if let Some(r) = self.lookup(&as_pkg, name, hops) {
            return Ok(r);
        }
        base.pop();
        let parent: PathBuf = base.iter().collect();
        if let Some(r) = self.lookup(&parent, name, hops) {
            return Ok(r);
        }
        if external && !self.packages.contains_key(&as_pkg) {
            return Ok(Resolved::External { package: as_pkg, name: name.clone() });
        }
        Err(format!("cannot find type `{}` in the tree", shown()))
    }

    /// A type or alias named `name` in a package.
    fn lookup(&self, package: &Path, name: &str, hops: usize) -> Option<Resolved> {
        if let Some(&id) = self.by_name.get(package).and_then(|names| names.get(name)) {
            return Some(Resolved::Def(id));
        }
        let alias = self.aliases.get(package)?.get(name)?;
        self.resolve(alias.file, &alias.target, hops + 1).ok()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn tree() -> Universe {
        let files = [
            ("src/lib.rs", "pub mod g;"),
            ("src/g/mod.rs", "//! +groupName=g.io\nmod types; pub use types::*;"),
            (
                "src/g/types.rs",
                "use kapi_machinery::types::Time; use crate::g::v1 as one;\n#[derive(Kapi)] pub struct A { #[kapi(proto = 1)] pub t: Time, #[kapi(proto = 2)] pub b: Option<Vec<B>>, #[kapi(proto = 3)] pub c: one::C }\n#[derive(Kapi)] pub struct B { #[kapi(proto = 1)] pub x: String }\npub type Loop = Loop2; pub type Loop2 = Loop;",
            ),
            (
                "src/g/v1/mod.rs",
                "//! +groupName=g.io\npub type B = super::B;\n#[derive(Kapi)] pub struct C { #[kapi(proto = 1)] pub b: B, #[kapi(proto = 2)] pub m: kapi_api::meta::v1::ObjectMeta }",
            ),
        ];
        let u = Universe::from_sources(
            Path::new(""),
            files.iter().map(|(p, s)| (PathBuf::from(p), (*s).to_owned())).collect(),
        );
        assert!(u.diagnostics.is_empty(), "{}", u.render(&u.diagnostics));
        u
    }

    #[test]
    fn paths_resolve_through_uses_aliases_and_relative_modules() {
        let u = tree();
        let a = u.type_named(Path::new("g"), "A").unwrap();
        let b_id = u.by_name[Path::new("g")]["B"];
        let fields = a.def.fields();
        assert_eq!(u.resolve_shape(a.file, &fields[0].shape), Some(Ok(Resolved::Special("Time"))));
        assert_eq!(u.resolve_shape(a.file, &fields[1].shape), Some(Ok(Resolved::Def(b_id))));
        let c = u.type_named(Path::new("g/v1"), "C").unwrap();
        assert!(
            matches!(u.resolve_shape(a.file, &fields[2].shape), Some(Ok(Resolved::Def(id))) if u.types[id].name() == "C")
        );
        // An alias to the parent package's type.
        assert_eq!(u.resolve_shape(c.file, &c.def.fields()[0].shape), Some(Ok(Resolved::Def(b_id))));
        assert_eq!(
            u.resolve_shape(c.file, &c.def.fields()[1].shape),
            Some(Ok(Resolved::External { package: PathBuf::from("meta/v1"), name: "ObjectMeta".into() }))
        );
    }

    #[test]
    fn a_type_that_holds_itself_by_value_is_an_error_at_its_field() {
        let files = [
            ("src/g/mod.rs", "mod types;"),
            (
                "src/g/types.rs",
                "#[derive(Kapi)] pub struct A { #[kapi(proto = 1)] pub b: Option<B> }\n#[derive(Kapi)] pub struct B { #[kapi(proto = 1)] pub a: A }\n#[derive(Kapi)] pub struct C { #[kapi(proto = 1)] pub c: Option<Box<C>>, #[kapi(proto = 2)] pub d: Vec<C> }",
            ),
        ];
        let u = Universe::from_sources(
            Path::new(""),
            files.iter().map(|(p, s)| (PathBuf::from(p), (*s).to_owned())).collect(),
        );
        let text = u.render(&u.diagnostics);
        assert!(text.contains("`A` contains itself by value (A → B → A)"), "{text}");
        assert!(text.contains("`B` contains itself by value (B → A → B)"), "{text}");
        assert!(text.contains("src/g/types.rs:1:55"), "{text}");
        assert!(!text.contains("`C`"), "a boxed or listed self-reference is fine: {text}");
    }

    #[test]
    fn cycles_and_unknown_names_are_errors() {
        let u = tree();
        let a = u.type_named(Path::new("g"), "A").unwrap();
        let err = u.resolve_path(a.file, &syn::parse_quote!(Loop)).unwrap_err();
        assert!(err.contains("cannot find type `Loop`"), "{err}");
        let err = u.resolve_path(a.file, &syn::parse_quote!(kapi_machinery::Nope)).unwrap_err();
        assert!(err.contains("not one of machinery's types"), "{err}");
    }
}
