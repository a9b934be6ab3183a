//! Query parameters of the `meta/v1` option kinds, encoded as the API server expects them and as
//! client-go writes them: upstream converts options to `url.Values` (zero values of `omitempty`
//! fields left out, pointers written when set) and encodes them with `url.Values.Encode`, which
//! sorts the keys and percent-encodes like `url.QueryEscape` (space as `+`).

use kapi_api::meta::v1::{
    ApplyOptions, CreateOptions, DeleteOptions, GetOptions, ListOptions, PatchOptions, UpdateOptions,
};

/// An ordered set of query parameters; a key may repeat (`dryRun=All&dryRun=All`).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Query {
    pairs: Vec<(String, String)>,
}

impl Query {
    /// No parameters.
    pub fn new() -> Self {
        Query { pairs: Vec::new() }
    }

    /// Adds one parameter (after any with the same key).
    pub fn push(&mut self, key: impl Into<String>, value: impl Into<String>) {
        self.pairs.push((key.into(), value.into()));
    }

    /// Adds a string parameter unless it is empty.
    pub fn push_nonempty(&mut self, key: &str, value: &str) {
        if !value.is_empty() {
            self.push(key, value);
        }
    }

    /// Whether there are no parameters.
    pub fn is_empty(&self) -> bool {
        self.pairs.is_empty()
    }

    /// The parameters in the order they were added.
    pub fn pairs(&self) -> &[(String, String)] {
        &self.pairs
    }

    /// The values of one key, in order.
    pub fn get_all<'a>(&'a self, key: &'a str) -> impl Iterator<Item = &'a str> + 'a {
        self.pairs.iter().filter(move |(k, _)| k == key).map(|(_, v)| v.as_str())
    }

    /// Adds every parameter of some options.
    pub fn extend_from(&mut self, options: &(impl ToQuery + ?Sized)) {
        options.append_query(self);
    }

    /// The encoded query string without the leading `?`: keys sorted bytewise (values of one key
    /// keep their order), keys and values escaped as Go's `url.QueryEscape` does.
    pub fn encode(&self) -> String {
        let mut sorted: Vec<&(String, String)> = self.pairs.iter().collect();
        sorted.sort_by(|a, b| a.0.as_bytes().cmp(b.0.as_bytes()));
        let mut out = String::new();
        for (k, v) in sorted {
            if !out.is_empty() {
                out.push('&');
            }
            escape_into(k, &mut out);
            out.push('=');
            escape_into(v, &mut out);
        }
        out
    }
}

/// Percent-encodes a query component as Go's `url.QueryEscape`: ASCII letters, digits and
/// `-_.~` stay, a space becomes `+`, every other byte becomes `%XX` (upper-case hex).
pub fn query_escape(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    escape_into(s, &mut out);
    out
}

fn escape_into(s: &str, out: &mut String) {
    const HEX: &[u8; 16] = b"0123456789ABCDEF";
    for &b in s.as_bytes() {
        match b {
            b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' | b'-' | b'_' | b'.' | b'~' => out.push(b as char),
            b' ' => out.push('+'),
            _ => {
                out.push('%');
                out.push(HEX[usize::from(b >> 4)] as char);
                out.push(HEX[usize::from(b & 0x0f)] as char);
            }
        }
    }
}

/// Options that travel as query parameters.
pub trait ToQuery {
    /// Adds the options' parameters to a query.
    fn append_query(&self, query: &mut Query);

    /// The options as an encoded query string (without `?`).
    fn to_query_string(&self) -> String {
        let mut q = Query::new();
        self.append_query(&mut q);
        q.encode()
    }
}

fn push_dry_run(q: &mut Query, dry_run: &[String]) {
    for v in dry_run {
        q.push("dryRun", v.as_str());
    }
}

fn push_bool(q: &mut Query, key: &str, value: Option<bool>) {
    if let Some(b) = value {
        q.push(key, if b { "true" } else { "false" });
    }
}

impl ToQuery for ListOptions {
    fn append_query(&self, q: &mut Query) {
        q.push_nonempty("labelSelector", &self.label_selector);
        q.push_nonempty("fieldSelector", &self.field_selector);
        if self.watch {
            q.push("watch", "true");
        }
        if self.allow_watch_bookmarks {
            q.push("allowWatchBookmarks", "true");
        }
        q.push_nonempty("resourceVersion", &self.resource_version);
        q.push_nonempty("resourceVersionMatch", self.resource_version_match.0.as_str());
        if let Some(t) = self.timeout_seconds {
            q.push("timeoutSeconds", t.to_string());
        }
        if self.limit != 0 {
            q.push("limit", self.limit.to_string());
        }
        q.push_nonempty("continue", &self.continue_);
        push_bool(q, "sendInitialEvents", self.send_initial_events);
        q.push_nonempty("shardSelector", &self.shard_selector);
    }
}

impl ToQuery for GetOptions {
    fn append_query(&self, q: &mut Query) {
        q.push_nonempty("resourceVersion", &self.resource_version);
    }
}

impl ToQuery for CreateOptions {
    fn append_query(&self, q: &mut Query) {
        push_dry_run(q, &self.dry_run);
        q.push_nonempty("fieldManager", &self.field_manager);
        q.push_nonempty("fieldValidation", &self.field_validation);
    }
}

impl ToQuery for UpdateOptions {
    fn append_query(&self, q: &mut Query) {
        push_dry_run(q, &self.dry_run);
        q.push_nonempty("fieldManager", &self.field_manager);
        q.push_nonempty("fieldValidation", &self.field_validation);
    }
}

impl ToQuery for PatchOptions {
    fn append_query(&self, q: &mut Query) {
        push_dry_run(q, &self.dry_run);
        push_bool(q, "force", self.force);
        q.push_nonempty("fieldManager", &self.field_manager);
        q.push_nonempty("fieldValidation", &self.field_validation);
    }
}

/// An apply is a patch: `dryRun`, `fieldManager` (which the server requires for apply; the typed
/// client checks it before sending) and `force=true` when forcing (`force=false` is the server's
/// default and is left out).
impl ToQuery for ApplyOptions {
    fn append_query(&self, q: &mut Query) {
        push_dry_run(q, &self.dry_run);
        if self.force {
            q.push("force", "true");
        }
        q.push_nonempty("fieldManager", &self.field_manager);
    }
}

/// The query form of delete options. Clients send `DeleteOptions` as the request body (the only
/// way to pass `preconditions`); the server accepts these parameters as well.
impl ToQuery for DeleteOptions {
    fn append_query(&self, q: &mut Query) {
        push_dry_run(q, &self.dry_run);
        if let Some(g) = self.grace_period_seconds {
            q.push("gracePeriodSeconds", g.to_string());
        }
        push_bool(q, "orphanDependents", self.orphan_dependents);
        if let Some(p) = &self.propagation_policy {
            q.push("propagationPolicy", p.0.as_str());
        }
        push_bool(
            q,
            "ignoreStoreReadErrorWithClusterBreakingPotential",
            self.ignore_store_read_error_with_cluster_breaking_potential,
        );
    }
}
