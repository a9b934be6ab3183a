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
