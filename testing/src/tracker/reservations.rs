//! Objects admitted against a quota but not stored yet: the quota controller counts them, so a recount between admission's charge and the object's commit does not give the charge back.

use std::sync::Mutex;

use kapi_machinery::json::value::Value;

use super::ObjectTracker;

/// One admitted object on its way to the store.
#[derive(Debug, Clone)]
pub(crate) struct Reservation {
    pub(crate) group: String,
    pub(crate) resource: String,
    pub(crate) namespace: String,
    pub(crate) name: String,
    /// The object as it will be stored.
    pub(crate) object: Value,
}

/// The reservations of a tracker, each with its number.
#[derive(Debug, Default)]
pub(crate) struct Reservations {
    next: Mutex<(u64, Vec<(u64, Reservation)>)>,
    /// Held by whoever reads a quota's `status.used` to write it back (admission's charge, the
    /// controller's recount): one of them at a time, so neither counts an object the other
    /// already counted.
    accounting: Mutex<()>,
}

impl Reservations {
    fn lock(&self) -> std::sync::MutexGuard<'_, (u64, Vec<(u64, Reservation)>)> {
        self.next.lock().unwrap_or_else(std::sync::PoisonError::into_inner)
    }
}

/// Holds a reservation until dropped (after the commit, whether it stored the object or not).
#[derive(Debug)]
pub(crate) struct ReservationGuard {
    tracker: ObjectTracker,
    id: u64,
}

impl Drop for ReservationGuard {
    fn drop(&mut self) {
        self.tracker.shared.reservations.lock().1.retain(|(id, _)| *id != self.id);
    }
}

impl ObjectTracker {
    /// Records an admitted object until the guard is dropped.
    pub(crate) fn reserve(&self, reservation: Reservation) -> ReservationGuard {
        let mut st = self.shared.reservations.lock();
        st.0 += 1;
        let id = st.0;
        st.1.push((id, reservation));
        ReservationGuard { tracker: self.clone(), id }
    }

    /// Holds quota accounting to oneself until the guard is dropped. Admission takes it before
    /// its reservation and keeps it through its status write, the controller through its
    /// recount and write: a recount between a reservation and its charge would count the object
    /// twice (once reserved, once charged). Taken without the tracker's lock held.
    pub(crate) fn quota_accounting(&self) -> std::sync::MutexGuard<'_, ()> {
        self.shared.reservations.accounting.lock().unwrap_or_else(std::sync::PoisonError::into_inner)
    }

    /// The reservations in a namespace, oldest first.
    pub(crate) fn reservations(&self, namespace: &str) -> Vec<Reservation> {
        self.shared
            .reservations
            .lock()
            .1
            .iter()
            .filter(|(_, r)| r.namespace == namespace)
            .map(|(_, r)| r.clone())
            .collect()
    }
}
