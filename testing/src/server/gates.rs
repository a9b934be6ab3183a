//! One server's feature gates (kube-apiserver's `--feature-gates`): kapi's own gates and any a user's API crate names, read by that server's defaulting, validation and dropping of gated fields, so servers in one process can differ.
//!
//! Upstream reads one process-wide gate set. kapi's defaulting and validation read
//! [`kapi_api::features`], whose choice is scoped to a thread; the server scopes its gates around
//! each synchronous step that reads them (decoding and defaulting a body, the strategy and the
//! validation of a write, which run under the tracker's lock) and never across an `.await`, so
//! a request served on a shared runtime thread sees its own server's gates.

use std::collections::BTreeMap;
use std::sync::{Arc, RwLock};

use kapi_api::features::FeatureGates;
use kapi_api::meta::resource::ResourceInfo;
use kapi_machinery::{Object, Scheme};

use super::strategy::{self, ServiceRanges};
use crate::tracker::validation::{Validator, Warner};
use crate::tracker::{PrepareCtx, PrepareFn};

/// The gates of one server: kapi's, and the gates of other API crates by name.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(crate) struct ServerGates {
    kapi: FeatureGates,
    /// Gates that are not kapi's (a user's API crate's `+featureGate=` names); one not set is off,
    /// as an alpha gate is.
    others: BTreeMap<String, bool>,
}

impl ServerGates {
    /// kapi's gates as given, no others.
    pub(crate) fn new(kapi: FeatureGates) -> Self {
        ServerGates { kapi, others: BTreeMap::new() }
    }

    pub(crate) fn kapi(&self) -> FeatureGates {
        self.kapi
    }

    pub(crate) fn set_kapi(&mut self, kapi: FeatureGates) {
        self.kapi = kapi;
    }

    /// Turns a gate on or off: kapi's by its name, any other as one of the API crate's.
    pub(crate) fn set(&mut self, name: &str, on: bool) {
        match name.parse() {
            Ok(feature) => self.kapi = self.kapi.with(feature, on),
            Err(_) => {
                self.others.insert(name.to_owned(), on);
            }
        }
    }

    /// Whether the gate of this name is on, for a gate kapi does not model as a [`Feature`] too:
    /// set on this server, else its value from `--feature-gates` or v1.36's default.
    pub(crate) fn enabled_known(&self, name: &str) -> bool {
        self.enabled_by_kapi_or_set(name).or_else(|| self.kapi.flag_value(name)).unwrap_or(false)
    }

    fn enabled_by_kapi_or_set(&self, name: &str) -> Option<bool> {
        self.kapi.enabled_by_name(name).or_else(|| self.others.get(name).copied())
    }

    /// Whether the gate of this name is on.
    pub(crate) fn enabled(&self, name: &str) -> bool {
        self.enabled_by_kapi_or_set(name).unwrap_or(false)
    }
}

/// The gates behind a server's lock.
pub(crate) type Shared = Arc<RwLock<ServerGates>>;

pub(crate) fn read(gates: &Shared) -> ServerGates {
    gates.read().unwrap_or_else(std::sync::PoisonError::into_inner).clone()
}

/// Answers from the server's gates under the lock, without copying them: a reader that asks one
/// gate on a write's path need not clone the map of other gates.
pub(crate) fn with<R>(gates: &Shared, f: impl FnOnce(&ServerGates) -> R) -> R {
    f(&gates.read().unwrap_or_else(std::sync::PoisonError::into_inner))
}

/// The resources' strategies with the server's gates: the gated fields of the kinds registered
/// with the scheme are dropped first (upstream's `dropDisabledFields` at the start of
/// `PrepareForCreate` and `PrepareForUpdate`), then the hand-ruled ones, then the resource's own
/// strategy runs with the gates in scope. Writes to pods' `status`, `ephemeralcontainers` and
/// `resize` drop them too, on the object merged with the stored pod.
pub(crate) fn prepare(scheme: Arc<RwLock<Scheme>>, gates: Shared, ranges: ServiceRanges) -> PrepareFn {
    Arc::new(move |info: &ResourceInfo, obj: &mut Box<dyn Object>, ctx: &PrepareCtx<'_>| {
        let g = read(&gates);
        let drop_disabled = |obj: &mut Box<dyn Object>| {
            scheme.read().unwrap_or_else(std::sync::PoisonError::into_inner).drop_disabled_fields(
                obj.as_mut(),
                ctx.old,
                &|name| g.enabled(name),
            );
            // Then the drops whose rule a marker cannot say (see `strategy::gated`).
            strategy::drop_disabled(info, obj, ctx.old, &|name| g.enabled(name))
        };
        // A subresource write took only what the subresource owns (the rest is the stored
        // object's): pods' drop the gated fields as their main resource does, then the
        // subresource's strategy runs.
        if let Some(sub) = ctx.subresource {
            if strategy::drops_disabled_on(info, sub) {
                drop_disabled(obj)?;
            }
            return kapi_api::features::with_gates(g.kapi(), || strategy::prepare_subresource(info, obj, ctx));
        }
        drop_disabled(obj)?;
        kapi_api::features::with_gates(g.kapi(), || strategy::prepare(&ranges, info, obj, ctx))
    })
}

/// A validator that runs with the server's gates in scope (validation tagged
/// `+k8s:ifEnabled(Gate)` and hand-written checks read them).
pub(crate) fn validator(inner: Validator, gates: Shared) -> Validator {
    Arc::new(move |obj, old| kapi_api::features::with_gates(read(&gates).kapi(), || inner(obj, old)))
}

/// `inner` with the server's gates in effect, as [`validator`].
pub(crate) fn warner(inner: Warner, gates: Shared) -> Warner {
    Arc::new(move |obj, old| kapi_api::features::with_gates(read(&gates).kapi(), || inner(obj, old)))
}

#[cfg(test)]
mod tests {
    use kapi_api::features::Feature;

    use super::*;

    #[test]
    fn kapi_gates_by_name_and_others_off_until_set() {
        let mut g = ServerGates::new(FeatureGates::default());
        assert!(!g.enabled("GenericWorkload"));
        assert!(g.enabled("HostnameOverride"));
        assert!(!g.enabled("MyOwnGate"));
        g.set("GenericWorkload", true);
        g.set("MyOwnGate", true);
        assert!(g.kapi().enabled(Feature::GenericWorkload));
        assert!(g.enabled("MyOwnGate"));
    }
}
