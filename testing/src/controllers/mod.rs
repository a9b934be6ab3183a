//! The control loops a cluster runs beside its API server, run by the test server over its tracker: the garbage collector, the namespace, service account, resource quota and cluster role aggregation controllers, and the kubelet's final delete of gracefully deleted pods.
//!
//! They run on a thread of their own, woken by every change the tracker records (and by the
//! next pod grace period to end), so a long round never holds up requests; each round takes the
//! tracker's lock only for single reads and writes. They write through the tracker, as
//! kube-controller-manager writes through the API but without admission.

mod aggregation;
mod gc;
mod namespace;
mod pods;
mod quota;
mod rootca;
pub(crate) mod serviceaccounts;

use std::time::Duration;

use kapi_machinery::types::Time;

use crate::tracker::{ObjectTracker, Since};

/// Which control loops run (kube-controller-manager's `--controllers`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Controllers {
    /// `garbagecollector`: dependents of deleted owners, the `orphan` and
    /// `foregroundDeletion` finalizers. Off, deletes add neither finalizer (as with
    /// kube-apiserver's `--enable-garbage-collector=false`).
    pub garbage_collector: bool,
    /// `namespace`: a deleted namespace's content removed, then the namespace.
    pub namespace: bool,
    /// What a node's kubelet does for a gracefully deleted pod bound to it: the final delete
    /// when the grace period ends.
    pub pod_termination: bool,
    /// `serviceaccount`: the `default` service account in every active namespace.
    pub service_account: bool,
    /// `resourcequota`: each quota's `status.hard` and `status.used`, recounted when the
    /// namespace changes.
    pub resource_quota: bool,
    /// `clusterrole-aggregation`: the rules of cluster roles with an `aggregationRule`.
    pub cluster_role_aggregation: bool,
    /// `root-ca-cert-publisher`: the `kube-root-ca.crt` config map in every namespace, when
    /// the server has a CA ([`crate::ApiServer::set_root_ca`]).
    pub root_ca_publisher: bool,
}

impl Default for Controllers {
    /// Every loop on, as on a cluster.
    fn default() -> Self {
        Controllers {
            garbage_collector: true,
            namespace: true,
            pod_termination: true,
            service_account: true,
            resource_quota: true,
            cluster_role_aggregation: true,
            root_ca_publisher: true,
        }
    }
}

/// The names `Controllers::parse` knows, with their flag.
const NAMES: [&str; 7] = [
    "clusterrole-aggregation",
    "garbagecollector",
    "namespace",
    "podtermination",
    "resourcequota",
    "root-ca-cert-publisher",
    "serviceaccount",
];

impl Controllers {
    /// No loop at all: only the API server.
    pub fn none() -> Self {
        Controllers {
            garbage_collector: false,
            namespace: false,
            pod_termination: false,
            service_account: false,
            resource_quota: false,
            cluster_role_aggregation: false,
            root_ca_publisher: false,
        }
    }

    /// Whether any loop runs.
    pub fn any(&self) -> bool {
        self.garbage_collector
            || self.namespace
            || self.pod_termination
            || self.service_account
            || self.resource_quota
            || self.cluster_role_aggregation
            || self.root_ca_publisher
    }

    /// Parses kube-controller-manager's `--controllers` list: `*` for every loop, a name to
    /// turn one on, `-name` to turn it off (`*,-garbagecollector`). Names:
    /// `clusterrole-aggregation`, `garbagecollector`, `namespace`, `podtermination`,
    /// `resourcequota`, `root-ca-cert-publisher`, `serviceaccount`.
    pub fn parse(spec: &str) -> Result<Self, String> {
        let mut out = Controllers::none();
        for item in spec.split(',').map(str::trim).filter(|s| !s.is_empty()) {
            let (on, name) = match item.strip_prefix('-') {
                Some(rest) => (false, rest),
                None => (true, item),
            };
            match name {
                "*" if on => out = Controllers::default(),
                "garbagecollector" => out.garbage_collector = on,
                "namespace" => out.namespace = on,
                "podtermination" => out.pod_termination = on,
                "serviceaccount" => out.service_account = on,
                "resourcequota" => out.resource_quota = on,
                "clusterrole-aggregation" => out.cluster_role_aggregation = on,
                "root-ca-cert-publisher" => out.root_ca_publisher = on,
                _ => return Err(format!("{item:?} is not in the list of known controllers: {}", NAMES.join(", "))),
            }
        }
        Ok(out)
    }
}

/// The running loops; dropping it stops them.
#[derive(Debug)]
pub struct ControllerHandle {
    tracker: ObjectTracker,
    stop: Option<tokio::sync::oneshot::Sender<()>>,
    thread: Option<std::thread::JoinHandle<()>>,
}

impl ControllerHandle {
    /// Stops the loops and waits for the round under way to end.
    pub fn stop(mut self) {
        self.halt();
    }

    fn halt(&mut self) {
        if let Some(stop) = self.stop.take() {
            let _ = stop.send(());
        }
        if let Some(t) = self.thread.take() {
            let _ = t.join();
            // With no collector left, deletes must not add finalizers nobody would remove.
            self.tracker.set_garbage_collection(false);
        }
    }
}

impl Drop for ControllerHandle {
    fn drop(&mut self) {
        self.halt();
    }
}

/// Starts the chosen loops over `tracker` on a thread of their own.
/// `pod_level`: the server's `PodLevelResources` gate, for counting pods' resources; `root_ca`:
/// the CA the publisher puts in every namespace.
pub(crate) fn start(
    tracker: ObjectTracker,
    which: Controllers,
    pod_level: bool,
    root_ca: Option<String>,
) -> std::io::Result<ControllerHandle> {
    let (stop, stopped) = tokio::sync::oneshot::channel();
    let handle_tracker = tracker.clone();
    tracker.set_garbage_collection(which.garbage_collector);
    let thread = std::thread::Builder::new().name("kapi-controllers".into()).spawn(move || {
        let Ok(rt) = tokio::runtime::Builder::new_current_thread().enable_time().build() else { return };
        rt.block_on(run(tracker, which, pod_level, root_ca, stopped));
    })?;
    Ok(ControllerHandle { tracker: handle_tracker, stop: Some(stop), thread: Some(thread) })
}

async fn run(
    tracker: ObjectTracker,
    which: Controllers,
    pod_level: bool,
    root_ca: Option<String>,
    mut stopped: tokio::sync::oneshot::Receiver<()>,
) {
    let mut changes = tracker.changes();
    let mut gc = gc::Collector::default();
    let mut namespaces = namespace::NamespaceController::default();
    let mut pods = pods::PodTermination::default();
    let mut service_accounts = serviceaccounts::ServiceAccounts;
    let mut quotas = quota::QuotaController { pod_level };
    let mut aggregation = aggregation::Aggregation;
    let mut root_ca = root_ca.filter(|_| which.root_ca_publisher).map(|ca| rootca::RootCaPublisher { ca });
    let mut seen: Option<u64> = None;
    let mut next_pod: Option<i64> = None;
    loop {
        changes.borrow_and_update();
        let (rv, since) = tracker.stored_since(seen);
        // A write that changed nothing still wakes the loop: nothing new, no round.
        let news = seen != Some(rv) || matches!(since, Since::Everything(_));
        seen = Some(rv);
        if news {
            if which.garbage_collector {
                gc.pass(&tracker, &since);
            }
            if which.namespace {
                namespaces.pass(&tracker, &since);
            }
            if which.pod_termination {
                next_pod = pods.pass(&tracker, &since);
            }
            if which.service_account {
                service_accounts.pass(&tracker, &since);
            }
            if which.resource_quota {
                quotas.pass(&tracker, &since);
            }
            if which.cluster_role_aggregation {
                aggregation.pass(&tracker, &since);
            }
            if let Some(publisher) = &mut root_ca {
                publisher.pass(&tracker, &since);
            }
        } else if which.pod_termination && next_pod.is_some_and(|at| at <= Time::now().unix_seconds()) {
            next_pod = pods.sweep(&tracker);
        }
        // Our own writes show up as changes, so the loop goes round until nothing moves.
        if tracker.last_rv() != rv {
            continue;
        }
        let wait = next_pod.map(|at| {
            let secs = (at - Time::now().unix_seconds()).max(0);
            // Deletion timestamps have whole seconds; wake just after the second ends.
            Duration::from_secs(secs.unsigned_abs()) + Duration::from_millis(50)
        });
        tokio::select! {
            _ = &mut stopped => return,
            changed = changes.changed() => if changed.is_err() { return },
            () = sleep_or_forever(wait) => {}
        }
    }
}

async fn sleep_or_forever(wait: Option<Duration>) {
    match wait {
        Some(d) => tokio::time::sleep(d).await,
        None => std::future::pending().await,
    }
}
