//! Helpers on any resource: owner references, labels, annotations and finalizers
//! ([`ResourceExt`]), and `metav1.Condition` lists kept with upstream's `lastTransitionTime`
//! rule (`meta.SetStatusCondition` of apimachinery).

use std::collections::BTreeMap;

use kapi_api::core::v1::ObjectReference;
use kapi_api::meta::v1::{Condition, ConditionStatus, OwnerReference};
use kapi_client::{KindInfo, Resource};
use kapi_machinery::types::Time;

/// Reading and changing the metadata of any resource.
pub trait ResourceExt: Resource {
    /// `metadata.name`.
    fn name_any(&self) -> &str {
        &self.metadata().name
    }

    /// `metadata.namespace`, `None` when empty.
    fn namespace_opt(&self) -> Option<&str> {
        Some(self.metadata().namespace.as_str()).filter(|n| !n.is_empty())
    }

    /// `metadata.labels`.
    fn labels(&self) -> &BTreeMap<String, String> {
        &self.metadata().labels
    }

    /// `metadata.labels`, to change.
    fn labels_mut(&mut self) -> &mut BTreeMap<String, String> {
        &mut self.metadata_mut().labels
    }

    /// `metadata.annotations`.
    fn annotations(&self) -> &BTreeMap<String, String> {
        &self.metadata().annotations
    }

    /// `metadata.annotations`, to change.
    fn annotations_mut(&mut self) -> &mut BTreeMap<String, String> {
        &mut self.metadata_mut().annotations
    }

    /// `metadata.finalizers`.
    fn finalizers(&self) -> &[String] {
        &self.metadata().finalizers
    }

    /// `metadata.finalizers`, to change.
    fn finalizers_mut(&mut self) -> &mut Vec<String> {
        &mut self.metadata_mut().finalizers
    }

    /// Whether `finalizer` is in `metadata.finalizers`.
    fn has_finalizer(&self, finalizer: &str) -> bool {
        self.metadata().finalizers.iter().any(|f| f == finalizer)
    }

    /// Whether deletion was requested (`metadata.deletionTimestamp` is set).
    fn is_being_deleted(&self) -> bool {
        self.metadata().deletion_timestamp.is_some()
    }

    /// `metadata.ownerReferences`.
    fn owner_references(&self) -> &[OwnerReference] {
        &self.metadata().owner_references
    }

    /// A reference making this object the controller of another (`controller` and
    /// `blockOwnerDeletion` true, as upstream's `metav1.NewControllerRef`); `None` while the
    /// object has no UID (it was not read from the server).
    fn controller_owner_ref(&self) -> Option<OwnerReference> {
        let mut r = self.owner_ref()?;
        r.controller = Some(true);
        r.block_owner_deletion = Some(true);
        Some(r)
    }

    /// A plain (non-controller) owner reference to this object; `None` without a UID.
    fn owner_ref(&self) -> Option<OwnerReference> {
        let m = self.metadata();
        if m.uid.is_empty() || m.name.is_empty() {
            return None;
        }
        Some(OwnerReference {
            api_version: KindInfo::of::<Self>().api_version(),
            kind: Self::KIND.to_string(),
            name: m.name.clone(),
            uid: m.uid.clone(),
            controller: None,
            block_owner_deletion: None,
        })
    }

    /// Whether `owner` is this object's controller (an owner reference with its UID and
    /// `controller: true`).
    fn is_controlled_by<O: Resource>(&self, owner: &O) -> bool {
        let uid = &owner.metadata().uid;
        !uid.is_empty() && self.metadata().owner_references.iter().any(|r| &r.uid == uid && r.controller == Some(true))
    }

    /// A `core/v1` reference to this object (events' `regarding`).
    fn object_reference(&self) -> ObjectReference {
        let m = self.metadata();
        ObjectReference {
            kind: Self::KIND.to_string(),
            namespace: m.namespace.clone(),
            name: m.name.clone(),
            uid: m.uid.clone(),
            api_version: KindInfo::of::<Self>().api_version(),
            resource_version: m.resource_version.clone(),
            field_path: String::new(),
        }
    }
}

impl<R: Resource> ResourceExt for R {}

/// The condition of a type.
pub fn find_status_condition<'a>(conditions: &'a [Condition], type_: &str) -> Option<&'a Condition> {
    conditions.iter().find(|c| c.r#type == type_)
}

/// Whether the condition of a type is present with status `True`.
pub fn is_status_condition_true(conditions: &[Condition], type_: &str) -> bool {
    find_status_condition(conditions, type_).is_some_and(|c| c.status.0 == ConditionStatus::TRUE)
}

/// Whether the condition of a type is present with status `False`.
pub fn is_status_condition_false(conditions: &[Condition], type_: &str) -> bool {
    find_status_condition(conditions, type_).is_some_and(|c| c.status.0 == ConditionStatus::FALSE)
}

/// Sets a condition as upstream's `meta.SetStatusCondition`: a new type is appended (stamped
/// now unless it carries a `lastTransitionTime`); for an existing one, `lastTransitionTime`
/// changes only with the status (to the given time, or now), while reason, message and
/// `observedGeneration` are always taken. Returns whether anything changed.
pub fn set_status_condition(conditions: &mut Vec<Condition>, condition: Condition) -> bool {
    set_status_condition_at(conditions, condition, Time::now())
}

/// [`set_status_condition`] with `now` as the current time.
pub fn set_status_condition_at(conditions: &mut Vec<Condition>, mut condition: Condition, now: Time) -> bool {
    let Some(existing) = conditions.iter_mut().find(|c| c.r#type == condition.r#type) else {
        if condition.last_transition_time.is_zero() {
            condition.last_transition_time = now;
        }
        conditions.push(condition);
        return true;
    };
    let mut changed = false;
    if existing.status != condition.status {
        existing.status = condition.status;
        existing.last_transition_time =
            if condition.last_transition_time.is_zero() { now } else { condition.last_transition_time };
        changed = true;
    }
    if existing.reason != condition.reason {
        existing.reason = condition.reason;
        changed = true;
    }
    if existing.message != condition.message {
        existing.message = condition.message;
        changed = true;
    }
    if existing.observed_generation != condition.observed_generation {
        existing.observed_generation = condition.observed_generation;
        changed = true;
    }
    changed
}

/// Removes the condition of a type; whether there was one.
pub fn remove_status_condition(conditions: &mut Vec<Condition>, type_: &str) -> bool {
    let before = conditions.len();
    conditions.retain(|c| c.r#type != type_);
    conditions.len() != before
}

/// A condition of a type and status (`True`, `False`, `Unknown`), with a reason and message.
pub fn condition(type_: &str, status: &str, reason: &str, message: &str, observed_generation: i64) -> Condition {
    Condition {
        r#type: type_.to_string(),
        status: ConditionStatus(status.to_string()),
        observed_generation,
        last_transition_time: Time::ZERO,
        reason: reason.to_string(),
        message: message.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use kapi_api::apps::v1::Deployment;
    use kapi_api::core::v1::ConfigMap;

    use super::*;

    #[test]
    fn controller_owner_ref_needs_a_uid_and_names_the_kind() {
        let mut d = Deployment::default();
        d.metadata.name = "web".into();
        assert_eq!(d.controller_owner_ref(), None);
        d.metadata.uid = "u-1".into();
        let r = d.controller_owner_ref().expect("a uid is set");
        assert_eq!(
            (r.api_version.as_str(), r.kind.as_str(), r.name.as_str(), r.uid.as_str()),
            ("apps/v1", "Deployment", "web", "u-1")
        );
        assert_eq!((r.controller, r.block_owner_deletion), (Some(true), Some(true)));
        let mut cm = ConfigMap::default();
        assert!(!cm.is_controlled_by(&d));
        cm.metadata.owner_references.push(r);
        assert!(cm.is_controlled_by(&d));
        assert_eq!(cm.object_reference().api_version, "v1");
    }

    #[test]
    fn transition_time_moves_only_with_the_status() {
        let t1 = Time::from_unix(1_000);
        let t2 = Time::from_unix(2_000);
        let mut cs = Vec::new();
        assert!(set_status_condition_at(&mut cs, condition("Ready", "False", "Starting", "", 1), t1));
        assert_eq!(cs[0].last_transition_time, t1);
        // Same status, new reason: changed, but the transition time stays.
        assert!(set_status_condition_at(&mut cs, condition("Ready", "False", "Pulling", "image", 2), t2));
        assert_eq!((cs[0].reason.as_str(), cs[0].observed_generation, cs[0].last_transition_time), ("Pulling", 2, t1));
        assert!(!set_status_condition_at(&mut cs, condition("Ready", "False", "Pulling", "image", 2), t2));
        assert!(set_status_condition_at(&mut cs, condition("Ready", "True", "Up", "", 2), t2));
        assert_eq!(cs[0].last_transition_time, t2);
        assert!(is_status_condition_true(&cs, "Ready") && !is_status_condition_false(&cs, "Ready"));
        // A given transition time wins over now.
        let mut given = condition("Ready", "False", "Down", "", 3);
        given.last_transition_time = t1;
        set_status_condition_at(&mut cs, given, t2);
        assert_eq!(cs[0].last_transition_time, t1);
        assert!(remove_status_condition(&mut cs, "Ready") && !remove_status_condition(&mut cs, "Ready"));
    }
}
