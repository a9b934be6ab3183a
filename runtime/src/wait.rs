//! Waiting for an object to reach a state: [`await_condition`] watches one object by name until a
//! [`Condition`] holds, and [`conditions`] has the usual ones (deployment rolled out, job
//! complete or failed, custom resource definition established, pod running, object deleted).

use std::pin::pin;
use std::time::Duration;

use futures_util::StreamExt;
use kapi_client::watcher::{Event, WatcherConfig, watcher};
use kapi_client::{Api, Listable};

/// A state of an object; `None` is "no such object".
pub trait Condition<K> {
    /// Whether the object (or its absence) is in the state.
    fn matches_object(&self, obj: Option<&K>) -> bool;
}

impl<K, F: Fn(Option<&K>) -> bool> Condition<K> for F {
    fn matches_object(&self, obj: Option<&K>) -> bool {
        self(obj)
    }
}

/// Waiting failed.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum WaitError {
    /// Listing or watching failed.
    #[error("failed to watch the object: {0}")]
    Watch(#[from] kapi_client::Error),
    /// The time given ran out first.
    #[error("the condition did not hold within {0:?}; wait longer or look at the object's status")]
    Timeout(Duration),
}

/// Watches the object `name` of `api` until `cond` holds, and returns the object then (`None`
/// when the condition holds for its absence). Waits as long as it takes; see
/// [`await_condition_for`] for a bound.
pub async fn await_condition<K>(api: Api<K>, name: &str, cond: impl Condition<K>) -> Result<Option<K>, WaitError>
where
    K: Listable + Send + Clone + 'static,
    K::List: Send,
{
    let config = WatcherConfig::default().fields(format!("metadata.name={name}"));
    let mut events = pin!(watcher(api, config));
    let mut current: Option<K>;
    let mut listing: Option<K> = None;
    let mut in_list = false;
    while let Some(event) = events.next().await {
        match event? {
            Event::Init => {
                in_list = true;
                listing = None;
                continue;
            }
            Event::InitApply(o) => {
                listing = Some(o);
                continue;
            }
            Event::InitDone => {
                in_list = false;
                current = listing.take();
            }
            Event::Apply(o) => current = Some(o),
            Event::Delete(_) => current = None,
        }
        if !in_list && cond.matches_object(current.as_ref()) {
            return Ok(current);
        }
    }
    // The watcher stream never ends by itself; an end is treated as the object's absence.
    Ok(None)
}

/// [`await_condition`] giving up after `timeout`.
pub async fn await_condition_for<K>(
    api: Api<K>,
    name: &str,
    cond: impl Condition<K>,
    timeout: Duration,
) -> Result<Option<K>, WaitError>
where
    K: Listable + Send + Clone + 'static,
    K::List: Send,
{
    tokio::time::timeout(timeout, await_condition(api, name, cond)).await.map_err(|_| WaitError::Timeout(timeout))?
}

/// Ready-made conditions.
pub mod conditions {
    use kapi_api::apiextensions::v1::CustomResourceDefinition;
    use kapi_api::apps::v1::Deployment;
    use kapi_api::batch::v1::Job;
    use kapi_api::core::v1::Pod;
    use kapi_client::Resource;

    use super::Condition;

    /// The object is gone, or replaced by another of the same name (a different UID; an empty
    /// `uid` means any object counts as gone only once absent).
    pub fn is_deleted<K: Resource>(uid: &str) -> impl Condition<K> + '_ {
        move |obj: Option<&K>| obj.is_none_or(|o| !uid.is_empty() && o.metadata().uid != uid)
    }

    /// The custom resource definition has condition `Established` `True`.
    pub fn is_crd_established() -> impl Condition<CustomResourceDefinition> {
        |obj: Option<&CustomResourceDefinition>| {
            obj.and_then(|crd| crd.status.conditions.as_ref())
                .is_some_and(|cs| cs.iter().any(|c| c.r#type.0 == "Established" && c.status.0 == "True"))
        }
    }

    /// The pod's phase is `Running`.
    pub fn is_pod_running() -> impl Condition<Pod> {
        |obj: Option<&Pod>| obj.is_some_and(|p| p.status.phase.0 == "Running")
    }

    /// The job has condition `Complete` `True`.
    pub fn is_job_completed() -> impl Condition<Job> {
        |obj: Option<&Job>| obj.is_some_and(|j| job_condition(j, "Complete"))
    }

    /// The job has condition `Failed` `True`.
    pub fn is_job_failed() -> impl Condition<Job> {
        |obj: Option<&Job>| obj.is_some_and(|j| job_condition(j, "Failed"))
    }

    /// The job has finished, completed or failed.
    pub fn is_job_finished() -> impl Condition<Job> {
        |obj: Option<&Job>| obj.is_some_and(|j| job_condition(j, "Complete") || job_condition(j, "Failed"))
    }

    fn job_condition(job: &Job, type_: &str) -> bool {
        job.status.conditions.iter().any(|c| c.r#type.0 == type_ && c.status.0 == "True")
    }

    /// The deployment is rolled out, as `kubectl rollout status` decides: the controller has
    /// seen the latest spec, every replica is updated and available, and no old replica is left.
    /// A rollout past its progress deadline never matches.
    pub fn is_deployment_rolled_out() -> impl Condition<Deployment> {
        |obj: Option<&Deployment>| obj.is_some_and(deployment_rolled_out)
    }

    fn deployment_rolled_out(d: &Deployment) -> bool {
        let s = &d.status;
        if d.metadata.generation > s.observed_generation {
            return false;
        }
        let timed_out =
            s.conditions.iter().any(|c| c.r#type.0 == "Progressing" && c.reason == "ProgressDeadlineExceeded");
        let wanted = d.spec.replicas.unwrap_or(1);
        !timed_out
            && s.updated_replicas >= wanted
            && s.replicas <= s.updated_replicas
            && s.available_replicas >= s.updated_replicas
    }

    /// Every condition holds.
    pub fn all<K>(conds: Vec<Box<dyn Condition<K> + Send + Sync>>) -> impl Condition<K> {
        move |obj: Option<&K>| conds.iter().all(|c| c.matches_object(obj))
    }

    #[cfg(test)]
    mod tests {
        use kapi_api::apps::v1::DeploymentCondition;

        use super::*;

        #[test]
        fn deployment_rollout_follows_kubectl() {
            let mut d = Deployment::default();
            d.metadata.generation = 2;
            d.spec.replicas = Some(3);
            d.status.observed_generation = 1;
            let c = is_deployment_rolled_out();
            assert!(!c.matches_object(Some(&d)), "spec change not observed yet");
            d.status.observed_generation = 2;
            d.status.replicas = 4;
            d.status.updated_replicas = 3;
            d.status.available_replicas = 3;
            assert!(!c.matches_object(Some(&d)), "an old replica is left");
            d.status.replicas = 3;
            assert!(c.matches_object(Some(&d)));
            d.status.available_replicas = 2;
            assert!(!c.matches_object(Some(&d)), "not all available");
            d.status.available_replicas = 3;
            d.status.conditions.push(DeploymentCondition {
                r#type: kapi_api::apps::v1::DeploymentConditionType("Progressing".into()),
                reason: "ProgressDeadlineExceeded".into(),
                ..Default::default()
            });
            assert!(!c.matches_object(Some(&d)), "timed out");
            assert!(!c.matches_object(None));
        }

        #[test]
        fn deleted_means_absent_or_replaced() {
            let mut p = Pod::default();
            p.metadata.uid = "a".into();
            assert!(!is_deleted::<Pod>("a").matches_object(Some(&p)));
            assert!(is_deleted::<Pod>("b").matches_object(Some(&p)));
            assert!(is_deleted::<Pod>("a").matches_object(None));
            assert!(!is_deleted::<Pod>("").matches_object(Some(&p)));
        }
    }
}
