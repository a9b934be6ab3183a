//! Watches over the tracker's change history.

use std::collections::VecDeque;
use std::sync::Arc;

use kapi_api::meta::errors as api_errors;
use kapi_api::meta::resource::ResourceInfo;
use kapi_api::meta::v1::INITIAL_EVENTS_ANNOTATION_KEY;

use super::{Change, Encoded, Event, EventType, Filter, Shared};

/// An empty object of the kind carrying only a resource version: a `BOOKMARK` event.
pub(crate) fn bookmark(info: &ResourceInfo, rv: u64, initial_events_end: bool) -> Event {
    let mut obj = (info.new_object)();
    obj.set_registered_type_meta();
    if let Some(m) = (info.metadata_mut)(obj.as_mut()) {
        m.resource_version = rv.to_string();
        if initial_events_end {
            m.annotations.insert(INITIAL_EVENTS_ANNOTATION_KEY.to_owned(), "true".to_owned());
        }
    }
    Event { event_type: EventType::Bookmark, object: obj }
}

/// Where a watch stands.
pub(crate) struct Position {
    pub(crate) resource: usize,
    pub(crate) info: ResourceInfo,
    pub(crate) filter: Filter,
    /// Every change up to this resource version has been looked at.
    pub(crate) last_rv: u64,
    pub(crate) bookmarks: bool,
    pub(crate) bookmark_epoch: u64,
    pub(crate) close_epoch: u64,
}

/// A watch on one resource of an [`ObjectTracker`](super::ObjectTracker): yields events after its
/// starting resource version until the tracker closes its watches, or an `ERROR` event (`410
/// Expired`) if it falls further behind than the tracker's history reaches.
pub struct TrackerWatch {
    shared: Arc<Shared>,
    /// How the objects of events are converted for the resource watched.
    conversion: Option<(super::ConvertFn, ResourceInfo)>,
    rx: tokio::sync::watch::Receiver<u64>,
    pos: Position,
    pending: VecDeque<Event>,
    /// How many of `pending`'s first events are the synthetic initial ones (the state at the
    /// watch's start), which the server sends without a delivery deadline.
    initial_left: usize,
    /// Whether the event last handed out was one of those.
    last_initial: bool,
    bookmark_requested: bool,
    done: bool,
}

impl std::fmt::Debug for TrackerWatch {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("TrackerWatch")
            .field("resource", &self.pos.info.resource)
            .field("last_rv", &self.pos.last_rv)
            .field("pending", &self.pending.len())
            .field("done", &self.done)
            .finish()
    }
}

impl Drop for TrackerWatch {
    fn drop(&mut self) {
        self.end();
    }
}

impl TrackerWatch {
    pub(super) fn new(
        shared: Arc<Shared>,
        conversion: Option<(super::ConvertFn, ResourceInfo)>,
        rx: tokio::sync::watch::Receiver<u64>,
        pos: Position,
        pending: VecDeque<Event>,
    ) -> Self {
        let initial_left = pending.len();
        shared.open_watches.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        TrackerWatch {
            shared,
            conversion,
            rx,
            pos,
            pending,
            initial_left,
            last_initial: false,
            bookmark_requested: false,
            done: false,
        }
    }

    /// Marks the watch ended, no longer one of the tracker's open watches.
    fn end(&mut self) {
        if !self.done {
            self.done = true;
            self.shared.open_watches.fetch_sub(1, std::sync::atomic::Ordering::Relaxed);
        }
    }

    /// The next event, waiting for one; `None` once the watch has ended.
    pub async fn next(&mut self) -> Option<Event> {
        loop {
            if let Some(e) = self.try_next() {
                return Some(e);
            }
            if self.done || self.rx.changed().await.is_err() {
                self.end();
                return None;
            }
        }
    }

    /// The next event if one is ready, without waiting.
    pub fn try_next(&mut self) -> Option<Event> {
        let event = self.next_unconverted()?;
        Some(match &self.conversion {
            Some((convert, info)) if event.event_type != EventType::Error => {
                match convert(event.object, info) {
                    Ok(object) => Event { event_type: event.event_type, object },
                    // An object the watcher's version cannot show ends the watch, as upstream's
                    // watch ends with the conversion's error.
                    Err(e) => {
                        self.end();
                        self.pending.clear();
                        self.initial_left = 0;
                        Event { event_type: EventType::Error, object: Box::new(api_errors::status_of(&e)) }
                    }
                }
            }
            _ => event,
        })
    }

    fn next_unconverted(&mut self) -> Option<Event> {
        self.last_initial = self.initial_left > 0;
        if let Some(e) = self.pending.pop_front() {
            self.initial_left = self.initial_left.saturating_sub(1);
            return Some(e);
        }
        if self.done {
            return None;
        }
        self.rx.borrow_and_update();
        self.collect();
        self.pending.pop_front()
    }

    /// Whether the event last returned was part of the state at the watch's start (its
    /// synthetic `ADDED` events and their closing bookmark) rather than a change since.
    pub fn last_was_initial(&self) -> bool {
        self.last_initial
    }

    /// Asks for a bookmark once the events so far are delivered (ignored unless the watch
    /// allows bookmarks).
    pub fn request_bookmark(&mut self) {
        self.bookmark_requested = true;
    }

    /// Whether the watch has ended.
    pub fn is_done(&self) -> bool {
        self.done && self.pending.is_empty()
    }

    /// The resource version up to which changes have been looked at.
    pub fn resource_version(&self) -> String {
        self.pos.last_rv.to_string()
    }

    fn collect(&mut self) {
        let shared = Arc::clone(&self.shared);
        let st = shared.state.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
        if st.close_epoch != self.pos.close_epoch {
            self.end();
            return;
        }
        if st.too_old(self.pos.last_rv) {
            self.end();
            let err = api_errors::expired(format!("too old resource version: {} ({})", self.pos.last_rv, st.compacted));
            self.pending
                .push_back(Event { event_type: EventType::Error, object: Box::new(api_errors::status_of(&err)) });
            return;
        }
        let start = st.history.partition_point(|c| c.rv <= self.pos.last_rv);
        for c in st.history.range(start..) {
            if c.resource != self.pos.resource {
                continue;
            }
            match self.convert(c) {
                Ok(Some(e)) => self.pending.push_back(e),
                Ok(None) => {}
                // A stored object that does not decode ends the watch with the error, as
                // upstream's watch ends when it cannot decode what etcd sent.
                Err(e) => {
                    self.end();
                    let object = Box::new(api_errors::status_of(&e));
                    self.pending.push_back(Event { event_type: EventType::Error, object });
                    return;
                }
            }
        }
        self.pos.last_rv = self.pos.last_rv.max(st.rv);
        let epoch_moved = st.bookmark_epoch != self.pos.bookmark_epoch;
        self.pos.bookmark_epoch = st.bookmark_epoch;
        if (epoch_moved || self.bookmark_requested) && self.pending.is_empty() {
            self.bookmark_requested = false;
            if self.pos.bookmarks {
                self.pending.push_back(bookmark(&self.pos.info, self.pos.last_rv, false));
            }
        }
    }

    /// The event a change means for this watch's selection; only the state it sends is copied.
    fn convert(&self, c: &Change) -> super::Result<Option<Event>> {
        let info = &self.pos.info;
        let filter = &self.pos.filter;
        let event = |event_type, stored: &Encoded| -> super::Result<Option<Event>> {
            Ok(Some(Event { event_type, object: stored.decode(info)? }))
        };
        let now = filter.selects(info, &c.key, &c.object)?;
        match c.event_type {
            EventType::Added | EventType::Deleted if now => event(c.event_type, &c.object),
            EventType::Modified => {
                let before = match &c.prev {
                    Some(p) => filter.selects(info, &c.key, p)?,
                    None => false,
                };
                match (before, now, &c.prev) {
                    (true, true, _) => event(EventType::Modified, &c.object),
                    (false, true, _) => event(EventType::Added, &c.object),
                    (true, false, Some(prev)) => event(EventType::Deleted, &prev.at(c.rv)),
                    _ => Ok(None),
                }
            }
            _ => Ok(None),
        }
    }
}
