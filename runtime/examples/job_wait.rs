//! Runs a Job and waits for it to complete with `await_condition` and `conditions::is_job_completed`, as `kubectl wait --for=condition=complete` does.
//!
//! By default it runs against an in-process test server, which has no job controller: a task
//! here plays that part and marks the job complete. `--cluster` uses the kubeconfig's cluster.

use std::sync::Arc;
use std::time::Duration;

use kapi_api::batch::v1::{Job, JobCondition, JobSpec};
use kapi_api::core::v1::{Container, PodSpec, PodTemplateSpec, RestartPolicy};
use kapi_api::meta::v1::{CreateOptions, DeleteOptions, DeletionPropagation, ObjectMeta, UpdateOptions};
use kapi_client::{Api, Client};
use kapi_machinery::types::Time;
use kapi_runtime::wait::{Condition as _, await_condition, await_condition_for, conditions};
use kapi_testing::ApiServer;

fn job() -> Job {
    Job {
        metadata: ObjectMeta { name: "pi".into(), ..Default::default() },
        spec: JobSpec {
            backoff_limit: Some(2),
            template: PodTemplateSpec {
                spec: PodSpec {
                    restart_policy: RestartPolicy(RestartPolicy::NEVER.into()),
                    containers: Some(vec![Container {
                        name: "pi".into(),
                        image: "perl:5.34".into(),
                        command: vec!["perl".into(), "-Mbignum=bpi".into(), "-wle".into(), "print bpi(100)".into()],
                        ..Default::default()
                    }]),
                    ..Default::default()
                },
                ..Default::default()
            },
            ..Default::default()
        },
        ..Default::default()
    }
}

/// What the job controller would write once the pod succeeded: the counts, the times, and the
/// conditions in the order upstream requires (`SuccessCriteriaMet` before `Complete`).
async fn play_job_controller(jobs: Api<Job>) -> Result<(), kapi_runtime::wait::WaitError> {
    let job = await_condition(jobs.clone(), "pi", |j: Option<&Job>| j.is_some()).await?;
    let Some(mut job) = job else { return Ok(()) };
    tokio::time::sleep(Duration::from_millis(200)).await;
    let now = Time::now();
    job.status.start_time = Some(now);
    job.status.completion_time = Some(now);
    job.status.succeeded = 1;
    job.status.ready = Some(0);
    job.status.terminating = Some(0);
    for type_ in ["SuccessCriteriaMet", "Complete"] {
        job.status.conditions.push(JobCondition {
            r#type: kapi_api::batch::v1::JobConditionType(type_.into()),
            status: kapi_api::core::v1::ConditionStatus("True".into()),
            reason: "CompletionsReached".into(),
            ..Default::default()
        });
    }
    if let Err(e) = jobs.update_status(&job, &UpdateOptions::default()).await {
        eprintln!("the stand-in job controller could not write the status: {e}");
    }
    Ok(())
}

#[tokio::main]
async fn main() -> Result<(), Box<dyn std::error::Error>> {
    let cluster = std::env::args().any(|a| a == "--cluster");
    let client = if cluster {
        Client::infer()?
    } else {
        let server = Arc::new(ApiServer::new());
        server.register::<Job>()?;
        Client::new(server, "https://kapi.test")?
    };
    let jobs: Api<Job> = Api::namespaced(client, "default");
    jobs.create(&job(), &CreateOptions::default()).await?;
    println!("created job pi");
    let controller = (!cluster).then(|| tokio::spawn(play_job_controller(jobs.clone())));

    // The wait is a watch of the one object: no polling, and it sees the condition the moment
    // it is written. A deadline turns a stuck job into an error.
    let done = await_condition_for(jobs.clone(), "pi", conditions::is_job_finished(), Duration::from_secs(60)).await?;
    let done = done.ok_or("the job was deleted")?;
    let completed = conditions::is_job_completed().matches_object(Some(&done));
    println!("job pi finished: completed={completed} succeeded={}", done.status.succeeded);
    if let Some(controller) = controller {
        controller.await??;
    }

    // Jobs orphan their pods unless told otherwise; background deletion removes them too.
    let background =
        DeleteOptions { propagation_policy: Some(DeletionPropagation("Background".into())), ..Default::default() };
    jobs.delete("pi", &background).await?;
    Ok(())
}
