//! `kapi-codegen init`: the files of a new API crate with one custom resource kind, ready for `generate`.

use std::path::{Path, PathBuf};

/// What `init` is asked to write.
#[derive(Debug, Clone)]
pub struct InitOptions {
    /// The crate's package name.
    pub name: String,
    /// The API group (`widgets.example.com`).
    pub group: String,
    /// The first version (`v1alpha1`).
    pub version: String,
    /// The kind (`Widget`).
    pub kind: String,
    /// Where the kapi crates are, for path dependencies (a checkout of kapi); `None` for
    /// registry dependencies.
    pub kapi_path: Option<PathBuf>,
}

/// Upstream's version names: `v<N>`, `v<N>alpha<M>`, `v<N>beta<M>` (N ≥ 1).
fn is_version(v: &str) -> bool {
    let Some(rest) = v.strip_prefix('v') else { return false };
    let digits = rest.bytes().take_while(u8::is_ascii_digit).count();
    if digits == 0 || rest.starts_with('0') {
        return false;
    }
    let tail = &rest[digits..];
    let level = tail.strip_prefix("alpha").or_else(|| tail.strip_prefix("beta"));
    match level {
        None => tail.is_empty(),
        Some(n) => !n.is_empty() && n.bytes().all(|b| b.is_ascii_digit()) && !n.starts_with('0'),
    }
}

/// A DNS subdomain with at least one dot, as a custom resource's group must be.
fn is_group(g: &str) -> bool {
    g.len() <= 253
        && g.contains('.')
        && g.split('.').all(|l| {
            !l.is_empty()
                && l.len() <= 63
                && l.bytes().all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-')
                && !l.starts_with('-')
                && !l.ends_with('-')
        })
}

/// An upper-camel-case ASCII kind.
fn is_kind(k: &str) -> bool {
    k.len() <= 63 && k.starts_with(|c: char| c.is_ascii_uppercase()) && k.bytes().all(|b| b.is_ascii_alphanumeric())
}

impl InitOptions {
    /// Checks the options; the error names the flag and what it must look like.
    pub fn validate(&self) -> Result<(), String> {
        if !is_group(&self.group) {
            return Err(format!(
                "--group {:?}: a custom resource's group is a lowercase DNS name with a dot, such as `widgets.example.com`",
                self.group
            ));
        }
        if !is_version(&self.version) {
            return Err(format!(
                "--version {:?}: a version is `v1`, `v1beta1` or `v1alpha1` (a number from 1, optionally `alpha`/`beta` and a number)",
                self.version
            ));
        }
        if !is_kind(&self.kind) {
            return Err(format!("--kind {:?}: a kind is an upper-camel-case ASCII name, such as `Widget`", self.kind));
        }
        if self.name.is_empty() || !self.name.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_') {
            return Err(format!("--name {:?}: a package name is ASCII letters, digits, `-` and `_`", self.name));
        }
        Ok(())
    }

    /// The Rust module of the group: its first label (`widgets`).
    fn package(&self) -> String {
        self.group.split('.').next().unwrap_or_default().replace('-', "_")
    }

    fn plural(&self) -> String {
        let lower = self.kind.to_ascii_lowercase();
        if lower.ends_with('s') { format!("{lower}es") } else { format!("{lower}s") }
    }
}

/// The files of the new crate, relative to its directory, in a fixed order. `generate` then
/// writes `generated/` (the command does it at once).
pub fn files(o: &InitOptions) -> Vec<(PathBuf, String)> {
    let pkg = o.package();
    let (group, version, kind) = (&o.group, &o.version, &o.kind);
    let dep = |krate: &str, dir: &str, extra: &str| match &o.kapi_path {
        Some(p) => format!("{krate} = {{ path = {:?}{extra} }}", Path::new(p).join(dir).display().to_string()),
        None => format!("{krate} = {{ version = \"0.1\"{extra} }}"),
    };
    let cargo = format!(
        r#"[package]
name = "{name}"
version = "0.1.0"
edition = "2024"
publish = false

# The features the generated code is compiled under (`kapi-codegen generate` checks that each
# one it needs is declared here).
[features]
# Hub (internal) types and their conversions, once the group has them.
internal = []
# The round-trip tests' fuzzing and semantic equality.
testing = ["kapi-machinery/testing", "kapi-api/testing"]
# The rules of the `+k8s:` validation tags, for `Scheme::validate` (a webhook or the test server).
validation = ["kapi-api/validation"]
# serde for the crate's types.
serde = ["kapi-machinery/serde", "kapi-api/serde"]

[dependencies]
{machinery}
{macros}
{api}

[dev-dependencies]
# The crate's own tests run with the test-only features on.
{name} = {{ path = ".", features = ["testing", "validation"] }}
"#,
        name = o.name,
        machinery = dep("kapi-machinery", "machinery", ""),
        macros = dep("kapi-macros", "macros", ""),
        api = dep("kapi-api", "api", ", default-features = false"),
    );
    let lib = format!(
        r#"//! The `{group}` API: its types, and the code `kapi-codegen generate` writes for them under `generated/`.

pub mod {pkg};

/// A scheme with this crate's kinds, their defaults and (with the `validation` feature) their
/// validation.
pub fn scheme() -> Result<kapi_machinery::Scheme, kapi_machinery::SchemeError> {{
    let mut s = kapi_machinery::Scheme::new();
    {pkg}::{version}::add_to_scheme(&mut s)?;
    Ok(s)
}}
"#
    );
    let group_mod = format!(
        r#"//! The `{group}` group. A hub (internal) package goes here once the group has a second version.

pub mod {version};
"#
    );
    // The generated module's path, quoted by `{:?}` (a literal attribute here would read as one
    // of this crate's own `#[path]`s).
    let generated = format!("../../../generated/{pkg}/{version}/mod.rs");
    let version_mod = format!(
        r#"//! `{group}/{version}`.
//!
//! +groupName={group}

mod types;

pub use types::*;

#[rustfmt::skip]
#[path = {generated:?}]
mod generated;

pub use generated::*;
"#
    );
    let types = format!(
        r#"//! The `{kind}` kind of `{group}/{version}`.

use kapi_api::meta::v1::{{ListMeta, ObjectMeta}};
use kapi_machinery::TypeMeta;
use kapi_macros::Kapi;

/// A {kind}: say here what it stands for (this text becomes its schema's description).
///
/// +crd
/// +crd:scale=specReplicasPath=.spec.replicas,statusReplicasPath=.status.replicas
/// +crd:printColumn=name=Replicas,type=integer,jsonPath=.spec.replicas
/// +crd:printColumn=name=Age,type=date,jsonPath=.metadata.creationTimestamp
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(kind, group = "{group}", version = "{version}", json_only)]
pub struct {kind} {{
    #[kapi(inline)]
    pub type_meta: TypeMeta,
    #[kapi(omitempty)]
    pub metadata: ObjectMeta,
    #[kapi(omitempty)]
    pub spec: {kind}Spec,
    #[kapi(omitempty)]
    pub status: {kind}Status,
}}

/// What a user asks of a {kind}.
/// +k8s:validation:cel[0]:rule>!has(self.replicas) || self.replicas <= 100
/// +k8s:validation:cel[0]:message="at most 100 replicas"
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(json_only)]
pub struct {kind}Spec {{
    /// How many replicas to run.
    /// +k8s:minimum=0
    #[kapi(omitempty, optional, default = "1")]
    pub replicas: Option<i32>,
}}

/// What the {kind}'s controller last observed.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(json_only)]
pub struct {kind}Status {{
    /// How many replicas run.
    #[kapi(omitempty)]
    pub replicas: i32,
}}

/// A list of {plural}.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(kind, group = "{group}", version = "{version}", json_only)]
pub struct {kind}List {{
    #[kapi(inline)]
    pub type_meta: TypeMeta,
    #[kapi(omitempty)]
    pub metadata: ListMeta,
    pub items: Vec<{kind}>,
}}
"#,
        plural = o.plural(),
    );
    let update = r#"#!/usr/bin/env bash
# Regenerates generated/ from the types under src/: run it after editing a type; running it
# twice changes nothing.
set -euo pipefail
cd "$(dirname "$0")/.."
kapi-codegen generate --root src --out generated "$@"
"#
    .to_owned();
    let verify = r#"#!/usr/bin/env bash
# For CI: fails when generated/ is not what `hack/update-codegen.sh` would write, or when the
# types changed incompatibly since the branch left main.
set -euo pipefail
cd "$(dirname "$0")/.."
kapi-codegen generate --root src --out generated --verify-only
if base=$(git merge-base HEAD origin/main 2>/dev/null); then
  kapi-codegen compat --root src --against "$base"
fi
"#
    .to_owned();
    vec![
        (PathBuf::from("Cargo.toml"), cargo),
        (PathBuf::from("src/lib.rs"), lib),
        (PathBuf::from(format!("src/{pkg}/mod.rs")), group_mod),
        (PathBuf::from(format!("src/{pkg}/{version}/mod.rs")), version_mod),
        (PathBuf::from(format!("src/{pkg}/{version}/types.rs")), types),
        (PathBuf::from("hack/update-codegen.sh"), update),
        (PathBuf::from("hack/verify-codegen.sh"), verify),
    ]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_are_checked_as_upstream_spells_them() {
        for ok in ["v1", "v2", "v1beta1", "v1alpha2", "v10"] {
            assert!(is_version(ok), "{ok}");
        }
        for bad in ["v0", "1", "v", "v1beta", "v1gamma1", "v01", "v1beta01", "V1"] {
            assert!(!is_version(bad), "{bad}");
        }
        assert!(is_group("widgets.example.com"));
        for bad in ["widgets", "Widgets.example.com", "-a.example.com", "a..b", ""] {
            assert!(!is_group(bad), "{bad}");
        }
        assert!(is_kind("Widget") && !is_kind("widget") && !is_kind("Wid-get"));
        let o = InitOptions {
            name: "w".into(),
            group: "w.example.com".into(),
            version: "v1".into(),
            kind: "Bus".into(),
            kapi_path: None,
        };
        assert_eq!(o.plural(), "buses");
        assert!(o.validate().is_ok());
        let bad = InitOptions { version: "1".into(), ..o };
        assert!(bad.validate().unwrap_err().starts_with("--version \"1\""));
    }
}
