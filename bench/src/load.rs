//! A load generator for the test server: N clients and M watchers over loopback HTTP, timing every verb and checking upstream's invariants as it goes.
//!
//! Everything is bounded: a profile fixes the counts, and every phase runs under the profile's
//! deadline. The invariants checked:
//! - no answer is a `5xx`, and no write a client makes to its own objects fails;
//! - every watcher sees every change once, in resourceVersion order; a watch the server closes
//!   (a slow watcher) is resumed from the last version seen, and one that expired relists, and
//!   either way the watcher ends with the server's state;
//! - a paginated list is one snapshot: every page carries the first page's resourceVersion, no
//!   object comes twice, and the count is the store's at that version.

use std::collections::BTreeMap;
use std::sync::Arc;
use std::time::{Duration, Instant};

use futures_util::StreamExt;
use kapi_api::core::v1::{ConfigMap, Namespace};
use kapi_api::meta::v1::{
    CreateOptions, DeleteOptions, GetOptions, ListOptions, ObjectMeta, PatchOptions, ResourceVersionMatch,
    UpdateOptions,
};
use kapi_client::{Api, Client, Config, ContentType, Error, Patch, Transport, WatchEvent};
use kapi_testing::{ApiServer, TestServer};

/// What one run does.
#[derive(Debug, Clone)]
pub struct Profile {
    /// Concurrent clients per verb round (each its own task and objects).
    pub concurrency: Vec<usize>,
    /// Requests each client makes per verb.
    pub requests_per_client: usize,
    /// Watchers on one resource, one round per entry.
    pub watchers: Vec<usize>,
    /// Changes made while the watchers watch.
    pub watch_changes: usize,
    /// Objects in the namespace the `list` verbs of the concurrency rounds read.
    pub listed_objects: usize,
    /// Objects in the large list (listed whole and in pages of [`Profile::page_size`]).
    pub list_objects: usize,
    /// Page size of the paginated lists.
    pub page_size: i64,
    /// Encodings to run everything in.
    pub encodings: Vec<ContentType>,
    /// The most any one phase may take before the run fails.
    pub phase_deadline: Duration,
}

impl Profile {
    /// The profile CI runs: every verb, both encodings, small counts (well under two minutes
    /// in a debug build on two cores).
    pub fn short() -> Profile {
        Profile {
            concurrency: vec![1, 10],
            requests_per_client: 20,
            watchers: vec![50],
            watch_changes: 60,
            listed_objects: 100,
            list_objects: 1_000,
            page_size: 100,
            encodings: vec![ContentType::Json, ContentType::Protobuf],
            phase_deadline: Duration::from_secs(60),
        }
    }

    /// The profile `hack/load.sh` runs: 1, 10 and 100 clients, 1,000 and 10,000 watchers, a
    /// list of 50,000 objects.
    pub fn long() -> Profile {
        Profile {
            concurrency: vec![1, 10, 100],
            requests_per_client: 200,
            watchers: vec![1_000, 10_000],
            watch_changes: 200,
            listed_objects: 500,
            list_objects: 50_000,
            page_size: 500,
            encodings: vec![ContentType::Json, ContentType::Protobuf],
            phase_deadline: Duration::from_secs(600),
        }
    }
}

/// Latencies of one verb at one concurrency.
#[derive(Debug, Clone)]
pub struct VerbFigures {
    pub encoding: &'static str,
    pub verb: &'static str,
    pub concurrency: usize,
    pub requests: usize,
    pub wall: Duration,
    pub p50: Duration,
    pub p99: Duration,
}

impl VerbFigures {
    /// Requests answered per second of wall time.
    pub fn per_second(&self) -> f64 {
        self.requests as f64 / self.wall.as_secs_f64().max(1e-9)
    }
}

/// Watch delivery to many watchers.
#[derive(Debug, Clone)]
pub struct WatchFigures {
    pub encoding: &'static str,
    pub watchers: usize,
    pub changes: usize,
    /// From the first change to the last watcher holding the last one.
    pub wall: Duration,
    /// Watches the server closed (slow watchers) that were resumed.
    pub resumed: usize,
    /// Watches that expired (`410`) and relisted.
    pub relisted: usize,
    /// Resident memory of this process (server and clients) per watcher, from before the
    /// watches to all of them running.
    pub rss_per_watcher: Option<u64>,
}

impl WatchFigures {
    /// Events delivered per second, all watchers together.
    pub fn events_per_second(&self) -> f64 {
        (self.watchers * self.changes) as f64 / self.wall.as_secs_f64().max(1e-9)
    }
}

/// A large list, whole and paginated.
#[derive(Debug, Clone)]
pub struct ListFigures {
    pub encoding: &'static str,
    pub objects: usize,
    pub whole: Duration,
    pub paginated: Duration,
    pub pages: usize,
    /// Resident memory of this process per stored object, from before the objects were made.
    pub rss_per_object: Option<u64>,
}

/// What a run measured, and every invariant it found broken.
#[derive(Debug, Default)]
pub struct Report {
    pub verbs: Vec<VerbFigures>,
    pub watches: Vec<WatchFigures>,
    pub lists: Vec<ListFigures>,
    pub violations: Vec<String>,
}

impl Report {
    /// The figures as tables in Markdown.
    pub fn markdown(&self) -> String {
        let mut out = String::from(
            "| encoding | verb | clients | requests | req/s | p50 ms | p99 ms |\n| --- | --- | ---: | ---: | ---: | ---: | ---: |\n",
        );
        for v in &self.verbs {
            out += &format!(
                "| {} | {} | {} | {} | {:.0} | {:.2} | {:.2} |\n",
                v.encoding,
                v.verb,
                v.concurrency,
                v.requests,
                v.per_second(),
                ms(v.p50),
                ms(v.p99)
            );
        }
        out += "\n| encoding | watchers | changes | events/s | resumed | relisted | RSS per watcher |\n| --- | ---: | ---: | ---: | ---: | ---: | ---: |\n";
        for w in &self.watches {
            out += &format!(
                "| {} | {} | {} | {:.0} | {} | {} | {} |\n",
                w.encoding,
                w.watchers,
                w.changes,
                w.events_per_second(),
                w.resumed,
                w.relisted,
                bytes(w.rss_per_watcher)
            );
        }
        out += "\n| encoding | objects | whole list ms | paginated ms | pages | RSS per object |\n| --- | ---: | ---: | ---: | ---: | ---: |\n";
        for l in &self.lists {
            out += &format!(
                "| {} | {} | {:.1} | {:.1} | {} | {} |\n",
                l.encoding,
                l.objects,
                ms(l.whole),
                ms(l.paginated),
                l.pages,
                bytes(l.rss_per_object)
            );
        }
        out
    }
}

fn ms(d: Duration) -> f64 {
    d.as_secs_f64() * 1e3
}

fn bytes(b: Option<u64>) -> String {
    b.map_or_else(|| "n/a".to_owned(), |b| format!("{:.1} KiB", b as f64 / 1024.0))
}

/// Where the server runs.
#[derive(Debug, Clone)]
pub enum Target {
    /// A fresh in-process server on loopback; memory figures are then the whole process's
    /// (server and clients).
    InProcess,
    /// A server already running (`kapi-test-server`), at `url`; with its process id, memory
    /// figures are the server's alone.
    External { url: String, pid: Option<u32> },
}

/// Resident set size of a process (`None`: this one), where `/proc` tells it.
pub fn rss(pid: Option<u32>) -> Option<u64> {
    let path = pid.map_or_else(|| "/proc/self/statm".to_owned(), |p| format!("/proc/{p}/statm"));
    let statm = std::fs::read_to_string(path).ok()?;
    let pages: u64 = statm.split_whitespace().nth(1)?.parse().ok()?;
    Some(pages * 4096)
}

fn encoding_name(c: ContentType) -> &'static str {
    match c {
        ContentType::Json => "json",
        ContentType::Protobuf => "protobuf",
    }
}

/// The server to drive: a fresh in-process one (returned, to keep it alive) or the target's URL;
/// the process whose memory is measured (`None`: this one).
async fn serve(target: &Target) -> Result<(Option<TestServer>, String, Option<u32>), String> {
    match target {
        Target::InProcess => {
            let server = Arc::new(ApiServer::new());
            server.register_builtin();
            let test = TestServer::start(server, None).await.map_err(|e| e.to_string())?;
            let url = test.url().to_owned();
            Ok((Some(test), url, None))
        }
        Target::External { url, pid } => Ok((None, url.clone(), *pid)),
    }
}

/// Creates a namespace, or finds it there already.
async fn create_namespace(client: &Client, name: &str) -> Result<(), String> {
    let ns = Namespace { metadata: ObjectMeta { name: name.into(), ..Default::default() }, ..Default::default() };
    match Api::<Namespace>::all(client.clone()).create(&ns, &CreateOptions::default()).await {
        Ok(_) => Ok(()),
        Err(e) if e.status().is_some_and(|s| s.code == 409) => Ok(()),
        Err(e) => Err(format!("namespace {name}: {e}")),
    }
}

/// Runs a profile against the target.
pub async fn run(profile: &Profile, target: &Target) -> Result<Report, String> {
    // The in-process server, if any, lives as long as the run.
    let (_in_process, url, pid) = serve(target).await?;
    let mut report = Report::default();
    for &encoding in &profile.encodings {
        let client = client(&url, encoding)?;
        let ns = encoding_name(encoding);
        create_namespace(&client, ns).await?;
        // The `list` verbs read a namespace of fixed size, whatever the other verbs leave.
        let list_ns = format!("{ns}-lists");
        create_namespace(&client, &list_ns).await?;
        let lists: Api<ConfigMap> = client.namespaced(&list_ns);
        for i in 0..profile.listed_objects {
            if let Err(e) = lists.create(&config_map(format!("listed-{i}"), "v0"), &CreateOptions::default()).await {
                failed(&mut report.violations, "create for the list verbs", &e);
            }
        }
        for &c in &profile.concurrency {
            let figures = bounded(
                profile,
                verbs(ns, &client, ns, &list_ns, c, profile.requests_per_client, &mut report.violations),
            )
            .await?;
            report.verbs.extend(figures);
        }
        for &m in &profile.watchers {
            let wns = format!("{ns}-watch-{m}");
            create_namespace(&client, &wns).await?;
            let f =
                bounded(profile, watchers(ns, pid, &client, &wns, m, profile.watch_changes, &mut report.violations))
                    .await?;
            report.watches.push(f);
        }
        let lns = format!("{ns}-list");
        create_namespace(&client, &lns).await?;
        let f = bounded(profile, large_list(ns, pid, &client, &lns, profile, &mut report.violations)).await?;
        report.lists.push(f);
    }
    Ok(report)
}

/// A phase under the profile's deadline.
async fn bounded<T>(profile: &Profile, phase: impl Future<Output = T>) -> Result<T, String> {
    tokio::time::timeout(profile.phase_deadline, phase)
        .await
        .map_err(|_| format!("a phase ran past its deadline of {:?}", profile.phase_deadline))
}

fn client(url: &str, encoding: ContentType) -> Result<Client, String> {
    let mut config = Config::new(url).map_err(|e| e.to_string())?;
    // Failures are counted, not hidden behind retries; no client-side rate limit, so the server's
    // own limits are what the load meets.
    config.retry.max_retries = 0;
    config.rate_limit = None;
    let transport = Transport::new(&config).map_err(|e| e.to_string())?;
    Ok(Client::new(Arc::new(transport), url).map_err(|e| e.to_string())?.with_content_type(encoding))
}

fn config_map(name: String, value: &str) -> ConfigMap {
    ConfigMap {
        metadata: ObjectMeta { name, labels: [("load".to_owned(), "yes".to_owned())].into(), ..Default::default() },
        data: [("key".to_owned(), value.to_owned()), ("pad".to_owned(), "x".repeat(256))].into(),
        ..Default::default()
    }
}

/// Notes a failed request: a `5xx` or any error on a client's own object breaks the run.
fn failed(violations: &mut Vec<String>, verb: &str, e: &Error) {
    let code = e.status().map(|s| s.code);
    violations.push(format!("{verb}: {} ({e})", code.map_or_else(|| "no status".to_owned(), |c| c.to_string())));
}

/// Each verb in turn at one concurrency: create, get, update, patch, list, list in pages, delete
/// (the lists of a namespace of [`Profile::listed_objects`] objects).
async fn verbs(
    encoding: &'static str,
    client: &Client,
    ns: &str,
    list_ns: &str,
    clients: usize,
    per_client: usize,
    violations: &mut Vec<String>,
) -> Vec<VerbFigures> {
    let mut out = Vec::new();
    for verb in ["create", "get", "update", "patch", "list", "list?limit=50", "delete"] {
        let started = Instant::now();
        let tasks: Vec<_> = (0..clients)
            .map(|t| {
                let api: Api<ConfigMap> = client.namespaced(if verb.starts_with("list") { list_ns } else { ns });
                let prefix = format!("c{clients}-t{t}");
                tokio::spawn(async move { one_client(api, verb, prefix, per_client).await })
            })
            .collect();
        let mut latencies = Vec::with_capacity(clients * per_client);
        for task in tasks {
            match task.await {
                Ok((l, errors)) => {
                    latencies.extend(l);
                    violations.extend(errors);
                }
                Err(e) => violations.push(format!("{verb}: a client task failed: {e}")),
            }
        }
        let wall = started.elapsed();
        latencies.sort_unstable();
        out.push(VerbFigures {
            encoding,
            verb,
            concurrency: clients,
            requests: latencies.len(),
            wall,
            p50: percentile(&latencies, 50),
            p99: percentile(&latencies, 99),
        });
    }
    out
}

fn percentile(sorted: &[Duration], p: usize) -> Duration {
    if sorted.is_empty() {
        return Duration::ZERO;
    }
    sorted[((sorted.len() * p).div_ceil(100)).clamp(1, sorted.len()) - 1]
}

/// One client's requests of one verb, on its own objects `<prefix>-<i>`.
async fn one_client(api: Api<ConfigMap>, verb: &str, prefix: String, n: usize) -> (Vec<Duration>, Vec<String>) {
    let mut latencies = Vec::with_capacity(n);
    let mut errors = Vec::new();
    for i in 0..n {
        let name = format!("{prefix}-{i}");
        let started = Instant::now();
        let result: Result<(), Error> = match verb {
            "create" => api.create(&config_map(name, "v0"), &CreateOptions::default()).await.map(drop),
            "get" => api.get(&name, &GetOptions::default()).await.map(drop),
            "update" => match api.get(&name, &GetOptions::default()).await {
                Ok(mut cm) => {
                    cm.data.insert("key".into(), "v1".into());
                    api.update(&cm, &UpdateOptions::default()).await.map(drop)
                }
                Err(e) => Err(e),
            },
            "patch" => {
                let patch = Patch::Merge(br#"{"data":{"key":"v2"}}"#.to_vec());
                api.patch(&name, &patch, &PatchOptions::default()).await.map(drop)
            }
            "list" => api.list(&ListOptions::default()).await.map(drop),
            "list?limit=50" => match paginate(&api, 50).await {
                Ok(_) => Ok(()),
                Err(Paged::Request(e)) => Err(e),
                Err(Paged::Torn(msg)) => {
                    errors.push(msg);
                    Ok(())
                }
            },
            _ => api.delete(&name, &DeleteOptions::default()).await.map(drop),
        };
        latencies.push(started.elapsed());
        if let Err(e) = result {
            failed(&mut errors, verb, &e);
        }
    }
    (latencies, errors)
}

enum Paged {
    Request(Error),
    Torn(String),
}

/// Lists in pages, checking that the pages are one snapshot; the names and the snapshot's version.
async fn paginate(api: &Api<ConfigMap>, limit: i64) -> Result<(Vec<String>, String, usize), Paged> {
    let mut names = Vec::new();
    let mut pages = 0;
    let mut snapshot: Option<String> = None;
    let mut next = String::new();
    loop {
        let opts = ListOptions { limit, continue_: next.clone(), ..Default::default() };
        let page = api.list(&opts).await.map_err(Paged::Request)?;
        pages += 1;
        let rv = page.metadata.resource_version.clone();
        match &snapshot {
            None => snapshot = Some(rv),
            Some(first) if *first != rv => {
                return Err(Paged::Torn(format!("page {pages} is at resourceVersion {rv}, the first at {first}")));
            }
            Some(_) => {}
        }
        names.extend(page.items.into_iter().flatten().map(|o| o.metadata.name));
        next = page.metadata.continue_;
        if next.is_empty() {
            break;
        }
    }
    let mut sorted = names.clone();
    sorted.sort_unstable();
    if sorted.windows(2).any(|w| w[0] == w[1]) {
        return Err(Paged::Torn("an object came twice in one paginated list".into()));
    }
    Ok((names, snapshot.unwrap_or_default(), pages))
}

/// What one watcher saw: the state it holds and how often it had to resume or relist.
#[derive(Default)]
struct Watched {
    state: BTreeMap<String, String>,
    last_rv: u64,
    resumed: usize,
    relisted: usize,
    errors: Vec<String>,
}

/// `m` watchers on one namespace while one writer makes `changes` changes (creates, updates,
/// deletes); then each watcher's state must be the server's.
async fn watchers(
    encoding: &'static str,
    pid: Option<u32>,
    client: &Client,
    ns: &str,
    m: usize,
    changes: usize,
    violations: &mut Vec<String>,
) -> WatchFigures {
    let api: Api<ConfigMap> = client.namespaced(ns);
    let start_rv = match api.list(&ListOptions::default()).await {
        Ok(l) => l.metadata.resource_version,
        Err(e) => {
            failed(violations, "list before watching", &e);
            String::new()
        }
    };
    let rss_before = rss(pid);
    let target = Arc::new(tokio::sync::Mutex::new(None::<u64>));
    let (ready_tx, mut ready_rx) = tokio::sync::mpsc::channel::<()>(m.max(1));
    let tasks: Vec<_> = (0..m)
        .map(|_| {
            let api = api.clone();
            let start_rv = start_rv.clone();
            let target = target.clone();
            let ready = ready_tx.clone();
            tokio::spawn(async move { watch_one(api, start_rv, target, ready).await })
        })
        .collect();
    drop(ready_tx);
    for _ in 0..m {
        if ready_rx.recv().await.is_none() {
            break;
        }
    }
    let rss_per_watcher = match (rss_before, rss(pid)) {
        (Some(a), Some(b)) if m > 0 => Some(b.saturating_sub(a) / m as u64),
        _ => None,
    };
    // The writer: every third change an update, every fifth a delete, the rest creates.
    let started = Instant::now();
    let mut last = 0;
    let mut live: Vec<String> = Vec::new();
    for i in 0..changes {
        let result = if i % 5 == 4 && !live.is_empty() {
            let name = live.remove(0);
            api.delete(&name, &DeleteOptions::default()).await.map(|_| None)
        } else if i % 3 == 2 && !live.is_empty() {
            let patch = Patch::Merge(format!(r#"{{"data":{{"key":"v{i}"}}}}"#).into_bytes());
            api.patch(&live[live.len() - 1], &patch, &PatchOptions::default()).await.map(|o| Some(o.metadata))
        } else {
            let name = format!("w-{i}");
            live.push(name.clone());
            api.create(&config_map(name, "v0"), &CreateOptions::default()).await.map(|o| Some(o.metadata))
        };
        match result {
            Ok(Some(meta)) => last = last.max(meta.resource_version.parse().unwrap_or(0)),
            Ok(None) => {}
            Err(e) => failed(violations, "write while watching", &e),
        }
    }
    // A delete's version is the list's after it.
    match api.list(&ListOptions::default()).await {
        Ok(l) => last = last.max(l.metadata.resource_version.parse().unwrap_or(0)),
        Err(e) => failed(violations, "list after writing", &e),
    }
    *target.lock().await = Some(last);
    let mut resumed = 0;
    let mut relisted = 0;
    let mut states = Vec::with_capacity(m);
    for t in tasks {
        match t.await {
            Ok(w) => {
                resumed += w.resumed;
                relisted += w.relisted;
                violations.extend(w.errors);
                states.push(w.state);
            }
            Err(e) => violations.push(format!("a watcher failed: {e}")),
        }
    }
    let wall = started.elapsed();
    match api.list(&ListOptions::default()).await {
        Ok(l) => {
            let truth: BTreeMap<String, String> =
                l.items.into_iter().flatten().map(|o| (o.metadata.name, o.metadata.resource_version)).collect();
            if let Some(i) = states.iter().position(|s| *s != truth) {
                violations.push(format!(
                    "watcher {i} ended with {} objects, the server has {}",
                    states[i].len(),
                    truth.len()
                ));
            }
        }
        Err(e) => failed(violations, "list after watching", &e),
    }
    WatchFigures { encoding, watchers: m, changes, wall, resumed, relisted, rss_per_watcher }
}

/// One watcher: watches from `start_rv`, resuming a closed watch from the last version seen and
/// relisting after `410`, until it has seen the writer's last version.
async fn watch_one(
    api: Api<ConfigMap>,
    start_rv: String,
    target: Arc<tokio::sync::Mutex<Option<u64>>>,
    ready: tokio::sync::mpsc::Sender<()>,
) -> Watched {
    let mut w = Watched { last_rv: start_rv.parse().unwrap_or(0), ..Default::default() };
    let mut ready = Some(ready);
    loop {
        let opts =
            ListOptions { resource_version: w.last_rv.to_string(), allow_watch_bookmarks: true, ..Default::default() };
        let mut stream = match api.watch(&opts).await {
            Ok(s) => s,
            Err(e) => {
                failed(&mut w.errors, "watch", &e);
                return w;
            }
        };
        if let Some(r) = ready.take() {
            let _ = r.send(()).await;
        }
        let mut expired = false;
        loop {
            if target.lock().await.is_some_and(|t| w.last_rv >= t) {
                return w;
            }
            // Wake now and then to look at the target, which the writer sets at the end.
            let next = tokio::time::timeout(Duration::from_millis(200), stream.next()).await;
            let event = match next {
                Err(_) => continue,
                Ok(None) => break,
                Ok(Some(Err(e))) => {
                    failed(&mut w.errors, "watch stream", &e);
                    return w;
                }
                Ok(Some(Ok(e))) => e,
            };
            let (object, deleted) = match event {
                WatchEvent::Added(o) | WatchEvent::Modified(o) => (o, false),
                WatchEvent::Deleted(o) => (o, true),
                WatchEvent::Bookmark(o) => {
                    w.last_rv = w.last_rv.max(o.metadata.resource_version.parse().unwrap_or(0));
                    continue;
                }
                WatchEvent::Error(status) if status.code == 410 => {
                    expired = true;
                    break;
                }
                WatchEvent::Error(status) => {
                    w.errors.push(format!("watch error event: {} {}", status.code, status.message));
                    return w;
                }
            };
            let rv: u64 = object.metadata.resource_version.parse().unwrap_or(0);
            if rv <= w.last_rv {
                w.errors
                    .push(format!("an event at resourceVersion {rv} after {}: repeated or out of order", w.last_rv));
                return w;
            }
            w.last_rv = rv;
            if deleted {
                w.state.remove(&object.metadata.name);
            } else {
                w.state.insert(object.metadata.name, object.metadata.resource_version);
            }
        }
        if expired {
            w.relisted += 1;
            match api.list(&ListOptions::default()).await {
                Ok(l) => {
                    w.last_rv = l.metadata.resource_version.parse().unwrap_or(0);
                    w.state =
                        l.items.into_iter().flatten().map(|o| (o.metadata.name, o.metadata.resource_version)).collect();
                }
                Err(e) => {
                    failed(&mut w.errors, "relist", &e);
                    return w;
                }
            }
        } else {
            w.resumed += 1;
        }
    }
}

/// A list of `profile.list_objects` objects, whole and in pages, with the snapshot checks.
async fn large_list(
    encoding: &'static str,
    pid: Option<u32>,
    client: &Client,
    ns: &str,
    profile: &Profile,
    violations: &mut Vec<String>,
) -> ListFigures {
    let api: Api<ConfigMap> = client.namespaced(ns);
    let rss_before = rss(pid);
    // Made by 10 clients at once.
    let per = profile.list_objects.div_ceil(10);
    let makers: Vec<_> = (0..10)
        .map(|t| {
            let api = api.clone();
            let n = per.min(profile.list_objects.saturating_sub(t * per));
            tokio::spawn(async move {
                let mut errors = Vec::new();
                for i in 0..n {
                    if let Err(e) = api.create(&config_map(format!("l-{t}-{i}"), "v0"), &CreateOptions::default()).await
                    {
                        failed(&mut errors, "create for the large list", &e);
                    }
                }
                errors
            })
        })
        .collect();
    for m in makers {
        match m.await {
            Ok(errors) => violations.extend(errors),
            Err(e) => violations.push(format!("a maker failed: {e}")),
        }
    }
    let rss_per_object = match (rss_before, rss(pid)) {
        (Some(a), Some(b)) if profile.list_objects > 0 => Some(b.saturating_sub(a) / profile.list_objects as u64),
        _ => None,
    };
    let started = Instant::now();
    let whole = match api.list(&ListOptions::default()).await {
        Ok(l) => {
            let n = l.items.as_ref().map_or(0, Vec::len);
            if n != profile.list_objects {
                violations.push(format!("the whole list has {n} objects, {} were made", profile.list_objects));
            }
            started.elapsed()
        }
        Err(e) => {
            failed(violations, "whole list", &e);
            started.elapsed()
        }
    };
    // Pages while a writer keeps changing the namespace: still one snapshot.
    let writer = {
        let api = api.clone();
        tokio::spawn(async move {
            let mut errors = Vec::new();
            for i in 0..50 {
                if let Err(e) = api.create(&config_map(format!("during-{i}"), "v0"), &CreateOptions::default()).await {
                    failed(&mut errors, "create during pagination", &e);
                }
            }
            errors
        })
    };
    let started = Instant::now();
    let mut pages = 0;
    match paginate(&api, profile.page_size).await {
        Ok((names, rv, p)) => {
            pages = p;
            // The count at the snapshot's version: a list at exactly that version.
            let at = ListOptions {
                resource_version: rv,
                resource_version_match: ResourceVersionMatch(ResourceVersionMatch::EXACT.into()),
                ..Default::default()
            };
            match api.list(&at).await {
                Ok(l) if l.items.as_ref().map_or(0, Vec::len) != names.len() => violations.push(format!(
                    "the paginated list has {} objects, the store had {} at its version",
                    names.len(),
                    l.items.as_ref().map_or(0, Vec::len)
                )),
                Ok(_) => {}
                Err(e) => failed(violations, "list at the snapshot's version", &e),
            }
        }
        Err(Paged::Request(e)) => failed(violations, "paginated list", &e),
        Err(Paged::Torn(msg)) => violations.push(msg),
    }
    let paginated = started.elapsed();
    match writer.await {
        Ok(errors) => violations.extend(errors),
        Err(e) => violations.push(format!("the writer failed: {e}")),
    }
    ListFigures { encoding, objects: profile.list_objects, whole, paginated, pages, rss_per_object }
}

/// A soak run: mixed traffic for a while, sampled.
#[derive(Debug, Clone)]
pub struct Soak {
    pub duration: Duration,
    pub sample_every: Duration,
    /// Clients each cycling create, get, patch, list in pages, delete over its own objects.
    pub clients: usize,
    /// Watchers of the namespace, each resumed when the server closes it.
    pub watchers: usize,
}

/// One sample of a soak run.
#[derive(Debug, Clone)]
pub struct SoakSample {
    pub at: Duration,
    pub rss: Option<u64>,
    pub requests: usize,
    pub p50: Duration,
    pub p99: Duration,
}

/// Runs mixed traffic for `soak.duration`, sampling the server's resident memory and the
/// requests' latencies; a violation if the memory at the end is more than 10 % over its value
/// after the first minute (or the first sample, in a shorter run).
pub async fn soak(soak: &Soak, target: &Target) -> Result<(Vec<SoakSample>, Vec<String>), String> {
    let (_in_process, url, pid) = serve(target).await?;
    let client = client(&url, ContentType::Protobuf)?;
    create_namespace(&client, "soak").await?;
    let api: Api<ConfigMap> = client.namespaced("soak");
    let stop = Arc::new(std::sync::atomic::AtomicBool::new(false));
    let latencies = Arc::new(std::sync::Mutex::new(Vec::<Duration>::new()));
    let errors = Arc::new(std::sync::Mutex::new(Vec::<String>::new()));
    let start_rv = api.list(&ListOptions::default()).await.map_err(|e| e.to_string())?.metadata.resource_version;
    let target_rv = Arc::new(tokio::sync::Mutex::new(None::<u64>));
    let (ready_tx, _ready_rx) = tokio::sync::mpsc::channel::<()>(soak.watchers.max(1));
    let watch_tasks: Vec<_> = (0..soak.watchers)
        .map(|_| tokio::spawn(watch_one(api.clone(), start_rv.clone(), target_rv.clone(), ready_tx.clone())))
        .collect();
    drop(ready_tx);
    let client_tasks: Vec<_> = (0..soak.clients)
        .map(|t| {
            let (api, stop, latencies, errors) = (api.clone(), stop.clone(), latencies.clone(), errors.clone());
            tokio::spawn(async move {
                let mut i = 0u64;
                while !stop.load(std::sync::atomic::Ordering::Relaxed) {
                    let name = format!("s-{t}-{i}");
                    i += 1;
                    for step in 0..5 {
                        let started = Instant::now();
                        let r = match step {
                            0 => api.create(&config_map(name.clone(), "v0"), &CreateOptions::default()).await.map(drop),
                            1 => api.get(&name, &GetOptions::default()).await.map(drop),
                            2 => {
                                let patch = Patch::Merge(br#"{"data":{"key":"v1"}}"#.to_vec());
                                api.patch(&name, &patch, &PatchOptions::default()).await.map(drop)
                            }
                            3 => api.list(&ListOptions { limit: 50, ..Default::default() }).await.map(drop),
                            _ => api.delete(&name, &DeleteOptions::default()).await.map(drop),
                        };
                        let took = started.elapsed();
                        latencies.lock().unwrap_or_else(std::sync::PoisonError::into_inner).push(took);
                        if let Err(e) = r {
                            failed(&mut errors.lock().unwrap_or_else(std::sync::PoisonError::into_inner), "soak", &e);
                        }
                    }
                }
            })
        })
        .collect();
    let started = Instant::now();
    let mut samples = Vec::new();
    while started.elapsed() < soak.duration {
        tokio::time::sleep(soak.sample_every.min(soak.duration.saturating_sub(started.elapsed()))).await;
        let mut taken = std::mem::take(&mut *latencies.lock().unwrap_or_else(std::sync::PoisonError::into_inner));
        taken.sort_unstable();
        samples.push(SoakSample {
            at: started.elapsed(),
            rss: rss(pid),
            requests: taken.len(),
            p50: percentile(&taken, 50),
            p99: percentile(&taken, 99),
        });
    }
    stop.store(true, std::sync::atomic::Ordering::Relaxed);
    let mut violations = Vec::new();
    for t in client_tasks {
        if let Err(e) = t.await {
            violations.push(format!("a soak client failed: {e}"));
        }
    }
    let last = api.list(&ListOptions::default()).await.map_err(|e| e.to_string())?;
    *target_rv.lock().await = Some(last.metadata.resource_version.parse().unwrap_or(0));
    let truth: BTreeMap<String, String> =
        last.items.into_iter().flatten().map(|o| (o.metadata.name, o.metadata.resource_version)).collect();
    for t in watch_tasks {
        match tokio::time::timeout(Duration::from_secs(60), t).await {
            Ok(Ok(w)) => {
                violations.extend(w.errors);
                if w.state != truth {
                    violations.push(format!(
                        "a watcher ended with {} objects, the server has {}",
                        w.state.len(),
                        truth.len()
                    ));
                }
            }
            Ok(Err(e)) => violations.push(format!("a soak watcher failed: {e}")),
            Err(_) => violations.push("a soak watcher did not catch up within 60 s".into()),
        }
    }
    violations.extend(std::mem::take(&mut *errors.lock().unwrap_or_else(std::sync::PoisonError::into_inner)));
    let base = samples.iter().find(|s| s.at >= Duration::from_secs(60)).or(samples.first()).and_then(|s| s.rss);
    if let (Some(base), Some(end)) = (base, samples.last().and_then(|s| s.rss))
        && end > base + base / 10
    {
        violations.push(format!("resident memory grew from {base} to {end} bytes (over 10 %)"));
    }
    Ok((samples, violations))
}

/// A soak's samples as a Markdown table.
pub fn soak_markdown(samples: &[SoakSample]) -> String {
    let mut out = String::from("| s | RSS | requests | p50 ms | p99 ms |\n| ---: | ---: | ---: | ---: | ---: |\n");
    for s in samples {
        out += &format!(
            "| {:.0} | {} | {} | {:.2} | {:.2} |\n",
            s.at.as_secs_f64(),
            s.rss.map_or_else(|| "n/a".to_owned(), |b| format!("{:.1} MiB", b as f64 / (1024.0 * 1024.0))),
            s.requests,
            ms(s.p50),
            ms(s.p99)
        );
    }
    out
}
