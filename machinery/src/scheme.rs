//! The scheme: which Rust type each group/version/kind is, plus defaulting and conversion functions.

use std::any::TypeId;
use std::collections::{BTreeMap, HashMap, HashSet};

use crate::conversion::ConversionError;
use crate::error::{DecodeError, DecodeErrorKind};
use crate::gates::DropDisabledFields;
use crate::lifecycle::Lifecycle;
use crate::object::{GroupVersionKind, Kind, Object};
use crate::validation::ErrorList;

/// An error from registering or using the scheme.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum SchemeError {
    /// Two different Rust types claim the same kind.
    #[error("kind {gvk} is registered twice: by `{first}` and by `{second}`")]
    DuplicateKind {
        /// The contested kind (boxed, to keep `Result<_, SchemeError>` small).
        gvk: Box<GroupVersionKind>,
        /// The Rust type name (`std::any::type_name`) registered first, which keeps the kind.
        first: &'static str,
        /// The Rust type name whose registration was refused.
        second: &'static str,
    },
    /// A type that is not registered.
    #[error("type `{0}` is not registered in the scheme")]
    UnregisteredType(&'static str),
    /// No conversion between two types.
    #[error("no conversion from {from} to {to} is registered")]
    NoConversion {
        /// The kind of the object given.
        from: Box<GroupVersionKind>,
        /// The kind asked for: unregistered, or with neither a direct conversion nor one through
        /// an internal hub.
        to: Box<GroupVersionKind>,
    },
    /// A conversion function failed.
    #[error("converting {from} to {to}: {message}")]
    ConversionFailed {
        /// The kind of the object given.
        from: Box<GroupVersionKind>,
        /// The kind the failing step converted to: the target, or the internal hub on the way
        /// there.
        to: Box<GroupVersionKind>,
        /// The conversion function's own error.
        message: String,
    },
    /// A field selector names a field the kind cannot be selected by; the message is the kind's
    /// own (upstream's field-label conversion function's error).
    #[error("{0}")]
    FieldLabel(String),
}

struct KindEntry {
    new: fn() -> Box<dyn Object>,
    type_id: TypeId,
    type_name: &'static str,
}

type DefaultFn = Box<dyn Fn(&mut dyn Object) + Send + Sync>;
type DropFn = Box<dyn Fn(&mut dyn Object, Option<&dyn Object>, &dyn Fn(&str) -> bool) + Send + Sync>;
/// A hand-written function of a kind's object and, on update, its stored object.
type ObjectFn<R> = Box<dyn Fn(&dyn Object, Option<&dyn Object>) -> R + Send + Sync>;
type ValidateFn = ObjectFn<ErrorList>;
type WarningsFn = ObjectFn<Vec<String>>;

/// Warnings functions by type, and the versions of each group and kind that have some (where a
/// write in another version borrows them).
#[derive(Default)]
struct Warners {
    fns: HashMap<TypeId, Vec<WarningsFn>>,
    versions: HashMap<(String, String), Vec<String>>,
}

impl Warners {
    fn add<T: Kind>(&mut self, f: WarningsFn) {
        record_version(&mut self.versions, T::static_gvk());
        self.fns.entry(TypeId::of::<T>()).or_default().push(f);
    }
}
type ConvertFn = Box<dyn Fn(Box<dyn Object>) -> Result<Box<dyn Object>, String> + Send + Sync>;
/// A field-label conversion: the label and value to select by, or the refusal's message.
pub type FieldLabelFn = Box<dyn Fn(&str, &str) -> Result<(String, String), String> + Send + Sync>;

/// Registers kinds per group/version, creates objects by kind, and holds the defaulting and
/// conversion functions used when decoding into another version.
#[derive(Default)]
pub struct Scheme {
    kinds: BTreeMap<GroupVersionKind, KindEntry>,
    by_type: HashMap<TypeId, GroupVersionKind>,
    defaulters: HashMap<TypeId, Vec<DefaultFn>>,
    /// Each kind with feature-gated fields: its `drop_disabled_fields` and its gates.
    drop_disabled: HashMap<TypeId, (DropFn, &'static [&'static str])>,
    validators: HashMap<TypeId, Vec<ValidateFn>>,
    declarative_validators: HashMap<TypeId, Vec<ValidateFn>>,
    status_validators: HashMap<TypeId, Vec<ValidateFn>>,
    /// The versions whose kind has hand-written validation, per group and kind: where a write in
    /// another version of the kind is validated (see [`Scheme::validate`]).
    hand_written: HashMap<(String, String), Vec<String>>,
    /// The same for hand-written status validation.
    hand_written_status: HashMap<(String, String), Vec<String>>,
    /// The warnings of writes of the main resource.
    warners: Warners,
    /// The warnings of writes to `status`.
    status_warners: Warners,
    conversions: HashMap<(TypeId, TypeId), ConvertFn>,
    field_labels: HashMap<GroupVersionKind, FieldLabelFn>,
    lifecycles: HashMap<GroupVersionKind, Lifecycle>,
}

impl Scheme {
    /// An empty scheme.
    pub fn new() -> Self {
        Scheme {
            kinds: BTreeMap::new(),
            by_type: HashMap::new(),
            defaulters: HashMap::new(),
            drop_disabled: HashMap::new(),
            validators: HashMap::new(),
            declarative_validators: HashMap::new(),
            status_validators: HashMap::new(),
            hand_written: HashMap::new(),
            hand_written_status: HashMap::new(),
            warners: Warners::default(),
            status_warners: Warners::default(),
            conversions: HashMap::new(),
            field_labels: HashMap::new(),
            lifecycles: HashMap::new(),
        }
    }

    /// Registers `T` as its kind. Registering the same type twice is harmless; a different type
    /// for the same kind is an error.
    pub fn add_known_type<T: Kind>(&mut self) -> Result<(), SchemeError> {
        self.add_known_type_as::<T>(T::static_gvk())
    }

    /// Registers `T` under another kind as well, as upstream registers the option kinds
    /// (`DeleteOptions`, …) in every group version. The type's own kind stays its home.
    pub fn add_known_type_as<T: Kind>(&mut self, gvk: GroupVersionKind) -> Result<(), SchemeError> {
        let type_id = TypeId::of::<T>();
        let type_name = std::any::type_name::<T>();
        if let Some(existing) = self.kinds.get(&gvk) {
            if existing.type_id == type_id {
                return Ok(());
            }
            return Err(SchemeError::DuplicateKind {
                gvk: Box::new(gvk),
                first: existing.type_name,
                second: type_name,
            });
        }
        fn make<T: Kind>() -> Box<dyn Object> {
            Box::new(T::default())
        }
        self.kinds.insert(gvk.clone(), KindEntry { new: make::<T>, type_id, type_name });
        self.by_type.entry(type_id).or_insert(gvk);
        Ok(())
    }

    /// Whether a kind is registered.
    pub fn recognizes(&self, gvk: &GroupVersionKind) -> bool {
        self.kinds.contains_key(gvk)
    }

    /// Every registered kind, sorted by group, version and kind.
    pub fn known_kinds(&self) -> impl Iterator<Item = &GroupVersionKind> {
        self.kinds.keys()
    }

    /// A new zero-valued object of a registered kind.
    pub fn new_object(&self, gvk: &GroupVersionKind) -> Result<Box<dyn Object>, DecodeError> {
        match self.kinds.get(gvk) {
            Some(e) => Ok((e.new)()),
            None => Err(DecodeError::new(DecodeErrorKind::UnregisteredKind {
                api_version: gvk.api_version(),
                kind: gvk.kind.clone(),
            })),
        }
    }

    /// The kind a Rust type is registered as.
    pub fn kind_of<T: Kind>(&self) -> Result<&GroupVersionKind, SchemeError> {
        self.by_type.get(&TypeId::of::<T>()).ok_or(SchemeError::UnregisteredType(std::any::type_name::<T>()))
    }

    /// The kind an object's type is registered as.
    pub fn kind_of_object(&self, obj: &dyn Object) -> Option<&GroupVersionKind> {
        self.by_type.get(&obj.as_any().type_id())
    }

    /// Adds a defaulting function for a kind; several run in the order added.
    pub fn add_defaulting_func<T: Kind>(&mut self, f: fn(&mut T)) {
        self.defaulters.entry(TypeId::of::<T>()).or_default().push(Box::new(move |obj: &mut dyn Object| {
            if let Some(t) = obj.as_any_mut().downcast_mut::<T>() {
                f(t);
            }
        }));
    }

    /// Applies the defaulting functions registered for the object's type.
    pub fn apply_defaults(&self, obj: &mut dyn Object) {
        let id = (*obj).as_any().type_id();
        if let Some(fs) = self.defaulters.get(&id) {
            for f in fs {
                f(obj);
            }
        }
    }

    /// Registers a kind's feature-gated fields (generated for every kind that has any): writes of
    /// it drop them through [`Scheme::drop_disabled_fields`].
    pub fn add_drop_disabled_fields_func<T: Kind + DropDisabledFields>(&mut self) {
        let f = |obj: &mut dyn Object, old: Option<&dyn Object>, enabled: &dyn Fn(&str) -> bool| {
            if let Some(t) = obj.as_any_mut().downcast_mut::<T>() {
                t.drop_disabled_fields(old.and_then(|o| o.as_any().downcast_ref::<T>()), enabled);
            }
        };
        self.drop_disabled.insert(TypeId::of::<T>(), (Box::new(f), T::FEATURE_GATES));
    }

    /// Upstream's `dropDisabledFields` for any registered kind: clears the object's fields whose
    /// gate `enabled` says is off, except those of a gate `old` (the stored object, on update;
    /// one of another type counts as absent) already uses. Kinds without gated fields are left
    /// alone.
    pub fn drop_disabled_fields(&self, obj: &mut dyn Object, old: Option<&dyn Object>, enabled: &dyn Fn(&str) -> bool) {
        let id = (*obj).as_any().type_id();
        if let Some((f, _)) = self.drop_disabled.get(&id) {
            f(obj, old, enabled);
        }
    }

    /// The gates of the object's type's gated fields (none for a type without).
    pub fn feature_gates_of(&self, obj: &dyn Object) -> &'static [&'static str] {
        self.drop_disabled.get(&obj.as_any().type_id()).map_or(&[], |(_, gates)| gates)
    }

    /// Adds a hand-written validation function for a kind (a port of upstream's
    /// `Validate<Kind>`): it gets the new object and, on update, the stored one, and returns every
    /// failure it finds. Several run in the order added. A write in another version of the kind
    /// that has none of its own is validated by these too (see [`Scheme::validate`]).
    pub fn add_validation_func<T: Kind>(&mut self, f: fn(&T, Option<&T>) -> ErrorList) {
        record_version(&mut self.hand_written, T::static_gvk());
        self.validators.entry(TypeId::of::<T>()).or_default().push(typed_validator(f));
    }

    /// Adds a declarative validation function for a kind (generated from its version's `+k8s:`
    /// tags): it runs for objects of this version only, after the hand-written functions, on
    /// writes of the object and of its `status`.
    pub fn add_declarative_validation_func<T: Kind>(&mut self, f: fn(&T, Option<&T>) -> ErrorList) {
        self.declarative_validators.entry(TypeId::of::<T>()).or_default().push(typed_validator(f));
    }

    /// Adds a validation function for writes to a kind's `status` subresource (upstream's
    /// `Validate<Kind>StatusUpdate`): it gets the new object and the stored one. Such writes run
    /// these instead of the kind's own validation functions; a status write in another version
    /// of the kind that has none of its own runs these too, as for [`Scheme::validate`].
    pub fn add_status_validation_func<T: Kind>(&mut self, f: fn(&T, &T) -> ErrorList) {
        record_version(&mut self.hand_written_status, T::static_gvk());
        self.status_validators.entry(TypeId::of::<T>()).or_default().push(Box::new(
            move |obj: &dyn Object, old: Option<&dyn Object>| {
                let (Some(new), Some(old)) =
                    (obj.as_any().downcast_ref::<T>(), old.and_then(|o| o.as_any().downcast_ref::<T>()))
                else {
                    return ErrorList::new();
                };
                f(new, old)
            },
        ));
    }

    /// Adds a function that gives the warnings a write of a kind returns (upstream's strategy
    /// `WarningsOnCreate` and `WarningsOnUpdate`): it gets the new object and, on update, the
    /// stored one. Several run in the order added. A write in another version of the kind that
    /// has none of its own gets these, as for [`Scheme::validate`].
    pub fn add_warnings_func<T: Kind>(&mut self, f: fn(&T, Option<&T>) -> Vec<String>) {
        self.warners.add::<T>(Box::new(move |obj: &dyn Object, old: Option<&dyn Object>| {
            let Some(new) = obj.as_any().downcast_ref::<T>() else { return Vec::new() };
            f(new, old.and_then(|o| o.as_any().downcast_ref::<T>()))
        }));
    }

    /// Adds a function that gives the warnings a write to a kind's `status` returns (upstream's
    /// status strategy `WarningsOnUpdate`): it gets the new object and the stored one.
    pub fn add_status_warnings_func<T: Kind>(&mut self, f: fn(&T, &T) -> Vec<String>) {
        self.status_warners.add::<T>(Box::new(move |obj: &dyn Object, old: Option<&dyn Object>| {
            let (Some(new), Some(old)) =
                (obj.as_any().downcast_ref::<T>(), old.and_then(|o| o.as_any().downcast_ref::<T>()))
            else {
                return Vec::new();
            };
            f(new, old)
        }));
    }

    /// The warnings a server returns with an accepted write of the object (`old` the stored
    /// object on update), in the order its functions give them: its type's own, or, when it has
    /// none, those of the version of its kind that has some, on the object converted there as
    /// [`Scheme::validate`] converts it (an object that does not convert gets none: its
    /// validation reports that).
    pub fn warnings(&self, obj: &dyn Object, old: Option<&dyn Object>) -> Vec<String> {
        self.warnings_of(&self.warners, obj, old)
    }

    /// The warnings a server returns with an accepted write to the object's `status` (`old` the
    /// stored object), found as [`Scheme::warnings`] finds them.
    pub fn status_warnings(&self, obj: &dyn Object, old: &dyn Object) -> Vec<String> {
        self.warnings_of(&self.status_warners, obj, Some(old))
    }

    fn warnings_of(&self, warners: &Warners, obj: &dyn Object, old: Option<&dyn Object>) -> Vec<String> {
        if let Some(fs) = warners.fns.get(&obj.as_any().type_id()) {
            return fs.iter().flat_map(|f| f(obj, old)).collect();
        }
        let Some((version, fs)) = self.validating_version(&warners.fns, &warners.versions, obj) else {
            return Vec::new();
        };
        let Ok(new) = self.convert_to_version(obj, version) else { return Vec::new() };
        let old = old.and_then(|o| self.convert_to_version(o, version).ok());
        fs.iter().flat_map(|f| f(new.as_ref(), old.as_deref())).collect()
    }

    /// Runs the status validation functions for the object's type against the stored object,
    /// then its declarative ones (none: no errors), dropping repeated errors as
    /// [`Scheme::validate`] does. A version without status validation of its own borrows
    /// another version's, as there.
    ///
    /// Upstream's status strategies pass the whole object to declarative validation
    /// (validation-gen dispatches `/` and `/status` to the same function); its rules ratchet, so
    /// on a status write, where everything but the status is the stored object's, only what the
    /// write changed is checked.
    pub fn validate_status(&self, obj: &dyn Object, old: &dyn Object) -> ErrorList {
        let mut errs = ErrorList::new();
        self.run_hand_written(&self.status_validators, &self.hand_written_status, obj, Some(old), &mut errs);
        if let Some(fs) = self.declarative_validators.get(&obj.as_any().type_id()) {
            errs.extend(fs.iter().flat_map(|f| f(obj, Some(old))));
        }
        dedup(errs)
    }

    /// Whether validation functions apply to the object's type: its own (hand-written or
    /// declarative) or those of another version of its kind that it converts to.
    pub fn validates(&self, obj: &dyn Object) -> bool {
        let id = obj.as_any().type_id();
        self.validators.contains_key(&id)
            || self.declarative_validators.contains_key(&id)
            || self.validating_version(&self.validators, &self.hand_written, obj).is_some()
    }

    /// Runs the validation functions for the object's type (none: no errors). `old` is the
    /// stored object on update; one of another type counts as absent.
    ///
    /// Upstream validates the internal object, so a write in any served version gets the same
    /// hand-written checks with the internal type's field paths. Here the hand-written functions
    /// are ports written against one version (mostly v1, whose paths are the internal ones): a
    /// version without hand-written functions of its own is converted (with the stored object)
    /// through the internal type into the version of its group that has them, and those run on
    /// the result; the version's own declarative rules run on the object as written, as
    /// upstream's run on the versioned object. When several versions have hand-written
    /// functions, the one Kubernetes prefers (GA before beta before alpha, higher first) is used.
    /// An object that cannot be converted gets an internal error at the root.
    ///
    /// An error another function already reported is dropped: hand-written and declarative
    /// validation may cover the same field, and upstream reports such an error once. Repeats are
    /// found through a hash set, as a list of 100,000 items can bring as many errors (a scan of
    /// the kept errors per error was quadratic).
    pub fn validate(&self, obj: &dyn Object, old: Option<&dyn Object>) -> ErrorList {
        let mut all = ErrorList::new();
        self.run_hand_written(&self.validators, &self.hand_written, obj, old, &mut all);
        if let Some(fs) = self.declarative_validators.get(&obj.as_any().type_id()) {
            all.extend(fs.iter().flat_map(|f| f(obj, old)));
        }
        dedup(all)
    }

    /// Runs the hand-written functions of `fns` for the object's type, or, when it has none, of
    /// the version its group validates it in (see [`Scheme::validate`]).
    fn run_hand_written(
        &self,
        fns: &HashMap<TypeId, Vec<ValidateFn>>,
        versions: &HashMap<(String, String), Vec<String>>,
        obj: &dyn Object,
        old: Option<&dyn Object>,
        out: &mut ErrorList,
    ) {
        if let Some(fs) = fns.get(&obj.as_any().type_id()) {
            out.extend(fs.iter().flat_map(|f| f(obj, old)));
            return;
        }
        let Some((version, fs)) = self.validating_version(fns, versions, obj) else { return };
        let converted = self.convert_to_version(obj, version).and_then(|new| {
            let old = old.map(|o| self.convert_to_version(o, version)).transpose()?;
            Ok((new, old))
        });
        match converted {
            Ok((new, old)) => out.extend(fs.iter().flat_map(|f| f(new.as_ref(), old.as_deref()))),
            Err(e) => out.push(crate::validation::FieldError::internal(
                crate::validation::Path::root(),
                &format!("validating in {version}: {e}"),
            )),
        }
    }

    /// The version of the object's group and kind whose hand-written functions in `fns` validate
    /// it (or give its warnings), when its own type has none: the most preferred one that it can
    /// reach by conversion.
    fn validating_version<'a, R>(
        &'a self,
        fns: &'a HashMap<TypeId, Vec<ObjectFn<R>>>,
        versions: &'a HashMap<(String, String), Vec<String>>,
        obj: &dyn Object,
    ) -> Option<(&'a str, &'a Vec<ObjectFn<R>>)> {
        let gvk = self.kind_of_object(obj)?;
        let candidates = versions.get(&(gvk.group.clone(), gvk.kind.clone()))?;
        let src = obj.as_any().type_id();
        candidates.iter().find_map(|version| {
            let target = self.kinds.get(&GroupVersionKind::new(&gvk.group, version, gvk.kind.clone()))?;
            if target.type_id == src || !self.converts(src, gvk, target.type_id) {
                return None;
            }
            Some((version.as_str(), fns.get(&target.type_id)?))
        })
    }

    /// Whether an object of type `src` (registered as `gvk`) converts to type `target`: directly
    /// or through an internal kind of the same name, as [`Scheme::convert_into_group_version`]
    /// finds one.
    fn converts(&self, src: TypeId, gvk: &GroupVersionKind, target: TypeId) -> bool {
        let through =
            |hub: TypeId| self.conversions.contains_key(&(src, hub)) && self.conversions.contains_key(&(hub, target));
        // The group's own internal kind is the hub nearly always: a lookup, not a scan of every
        // kind, as this runs on each write the server validates.
        let own_hub = GroupVersionKind::new(&gvk.group, crate::object::INTERNAL_VERSION, gvk.kind.clone());
        self.conversions.contains_key(&(src, target))
            || self.kinds.get(&own_hub).is_some_and(|e| through(e.type_id))
            || self
                .kinds
                .iter()
                .any(|(k, e)| k.version == crate::object::INTERNAL_VERSION && k.kind == gvk.kind && through(e.type_id))
    }

    /// Adds a conversion function from `A` to `B`, which consumes its input. Generated
    /// `register_conversions` functions add both directions between each versioned kind and its
    /// internal kind.
    pub fn add_conversion_func<A: Kind, B: Kind>(&mut self, f: fn(A) -> Result<B, ConversionError>) {
        self.conversions.insert(
            (TypeId::of::<A>(), TypeId::of::<B>()),
            Box::new(move |src: Box<dyn Object>| {
                let a = src
                    .into_any()
                    .downcast::<A>()
                    .map_err(|_| format!("conversion input is not `{}`", std::any::type_name::<A>()))?;
                f(*a).map(|b| Box::new(b) as Box<dyn Object>).map_err(|e| e.to_string())
            }),
        );
    }

    /// Registers how a kind's field selectors are read (upstream's `AddFieldLabelConversionFunc`);
    /// a later function for the same kind replaces the earlier one.
    pub fn add_field_label_conversion_func(&mut self, gvk: GroupVersionKind, f: FieldLabelFn) {
        self.field_labels.insert(gvk, f);
    }

    /// Records a kind's lifecycle, so that servers can warn about deprecated versions (what
    /// upstream's API server reads from the `APILifecycle*` methods of the registered type).
    pub fn add_lifecycle(&mut self, gvk: GroupVersionKind, lifecycle: Lifecycle) {
        self.lifecycles.insert(gvk, lifecycle);
    }

    /// The lifecycle of a kind, if its package has one.
    pub fn lifecycle(&self, gvk: &GroupVersionKind) -> Option<&Lifecycle> {
        self.lifecycles.get(gvk)
    }

    /// Converts a field-selector label of a kind: through the kind's registered function, or, for
    /// kinds without one, accepting `metadata.name` and `metadata.namespace` only with upstream's
    /// refusal (`DefaultMetaV1FieldSelectorConversion`).
    pub fn convert_field_label(
        &self,
        gvk: &GroupVersionKind,
        label: &str,
        value: &str,
    ) -> Result<(String, String), SchemeError> {
        match self.field_labels.get(gvk) {
            Some(f) => f(label, value).map_err(SchemeError::FieldLabel),
            None if label == "metadata.name" || label == "metadata.namespace" => {
                Ok((label.to_owned(), value.to_owned()))
            }
            None => Err(SchemeError::FieldLabel(format!(
                "{label:?} is not a known field selector: only \"metadata.name\", \"metadata.namespace\""
            ))),
        }
    }

    /// Converts an object to the same kind in another version (see [`Scheme::convert_into_version`]);
    /// the source is copied.
    pub fn convert_to_version(&self, src: &dyn Object, version: &str) -> Result<Box<dyn Object>, SchemeError> {
        self.convert_into_version(src.deep_copy_object(), version)
    }

    /// Converts an object to the same kind in another version, consuming it: with a function
    /// registered for the pair, or else through an internal version (versioned → internal →
    /// versioned), as upstream converts through the hub. The result's `TypeMeta` is set when the
    /// target is not internal.
    pub fn convert_into_version(&self, src: Box<dyn Object>, version: &str) -> Result<Box<dyn Object>, SchemeError> {
        let group = src.registered_gvk().group;
        self.convert_into_group_version(src, &group, version)
    }

    /// Converts an object to its kind in another group version, consuming it. Kinds that moved
    /// between groups share a hub (extensions' `Deployment` and apps' both convert through apps'
    /// internal `Deployment`; events' `Event` through core's), so `extensions/v1beta1` ↔
    /// `apps/v1` and an internal object → any version that pairs with it work as upstream's
    /// `ConvertToVersion` does: with a function registered for the pair, or else through the
    /// internal kind of the same name that converts both ways (the source's group's first, then
    /// the target's, then any other).
    pub fn convert_into_group_version(
        &self,
        src: Box<dyn Object>,
        group: &str,
        version: &str,
    ) -> Result<Box<dyn Object>, SchemeError> {
        let from = src.registered_gvk();
        let to = GroupVersionKind::new(group, version, from.kind.clone());
        if from == to {
            return Ok(src);
        }
        let no_conversion = || SchemeError::NoConversion { from: Box::new(from.clone()), to: Box::new(to.clone()) };
        let target = self.kinds.get(&to).ok_or_else(no_conversion)?;
        let src_type = (*src).as_any().type_id();
        let failed = |message: String, at: &GroupVersionKind| SchemeError::ConversionFailed {
            from: Box::new(from.clone()),
            to: Box::new(at.clone()),
            message,
        };
        let mut out = if let Some(f) = self.conversions.get(&(src_type, target.type_id)) {
            f(src).map_err(|m| failed(m, &to))?
        } else {
            let internal = |g: &str| GroupVersionKind::new(g, crate::object::INTERNAL_VERSION, from.kind.clone());
            let preferred = [internal(&from.group), internal(group)];
            let others = self.kinds.keys().filter(|k| {
                k.version == crate::object::INTERNAL_VERSION && k.kind == from.kind && !preferred.contains(k)
            });
            let (hub, up, down) = preferred
                .iter()
                .chain(others)
                .find_map(|hub| {
                    let entry = self.kinds.get(hub)?;
                    let up = self.conversions.get(&(src_type, entry.type_id))?;
                    let down = self.conversions.get(&(entry.type_id, target.type_id))?;
                    Some((hub.clone(), up, down))
                })
                .ok_or_else(no_conversion)?;
            let internal = up(src).map_err(|m| failed(m, &hub))?;
            down(internal).map_err(|m| failed(m, &to))?
        };
        if to.version != crate::object::INTERNAL_VERSION {
            out.set_registered_type_meta();
        }
        Ok(out)
    }
}

/// Wraps a validation function of one type for objects of any type (others: no errors).
fn typed_validator<T: Kind>(f: fn(&T, Option<&T>) -> ErrorList) -> ValidateFn {
    Box::new(move |obj: &dyn Object, old: Option<&dyn Object>| {
        let Some(new) = obj.as_any().downcast_ref::<T>() else { return ErrorList::new() };
        f(new, old.and_then(|o| o.as_any().downcast_ref::<T>()))
    })
}

/// Records that a kind's version has hand-written validation, keeping each group and kind's
/// versions in Kubernetes' order of preference.
fn record_version(versions: &mut HashMap<(String, String), Vec<String>>, gvk: GroupVersionKind) {
    let list = versions.entry((gvk.group, gvk.kind)).or_default();
    if !list.contains(&gvk.version) {
        list.push(gvk.version);
        list.sort_by_key(|v| version_rank(v));
    }
}

/// A version's place in Kubernetes' order of preference (smaller first): GA, then beta, then
/// alpha, each with higher numbers first; versions of another shape last, in the order recorded.
fn version_rank(version: &str) -> (u8, std::cmp::Reverse<u64>, std::cmp::Reverse<u64>) {
    use std::cmp::Reverse;
    let parsed = version.strip_prefix('v').and_then(|rest| {
        let digits = rest.find(|c: char| !c.is_ascii_digit()).unwrap_or(rest.len());
        let major: u64 = rest[..digits].parse().ok()?;
        let tail = &rest[digits..];
        if tail.is_empty() {
            return Some((0, major, 0));
        }
        let (stage, n) =
            if let Some(n) = tail.strip_prefix("beta") { (1, n) } else { (2, tail.strip_prefix("alpha")?) };
        Some((stage, major, n.parse().ok()?))
    });
    match parsed {
        Some((stage, major, minor)) => (stage, Reverse(major), Reverse(minor)),
        None => (3, Reverse(0), Reverse(0)),
    }
}

/// Drops every error that an earlier one repeats, keeping the order.
fn dedup(all: ErrorList) -> ErrorList {
    let mut seen = HashSet::with_capacity(all.len());
    let first: Vec<bool> = all.iter().map(|e| seen.insert(e)).collect();
    drop(seen);
    all.into_iter().zip(first).filter_map(|(e, first)| first.then_some(e)).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn versions_with_hand_written_validation_are_kept_in_kubernetes_order() {
        let mut versions = HashMap::new();
        for v in ["v1beta1", "v1", "v2alpha1", "v1alpha3", "v2", "v1beta2", "v3x", "v2beta2"] {
            record_version(&mut versions, GroupVersionKind::new("g", v, "K"));
        }
        record_version(&mut versions, GroupVersionKind::new("g", "v1", "K"));
        let want = ["v2", "v1", "v2beta2", "v1beta2", "v1beta1", "v2alpha1", "v1alpha3", "v3x"];
        assert_eq!(versions[&("g".to_owned(), "K".to_owned())], want);
    }
}
