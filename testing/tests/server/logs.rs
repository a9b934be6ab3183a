//! Pod logs end to end over HTTP: the test server serves what the test writes, the client reads it
//! as a bounded byte stream, with every option and upstream's errors.

use std::sync::Arc;
use std::time::Duration;

use kapi_api::core::v1::{Container, Pod, PodLogOptions, PodSpec};
use kapi_api::meta::v1::{CreateOptions, ObjectMeta};
use kapi_client::{Api, Client, Config, Transport};
use kapi_machinery::types::MicroTime;
use kapi_testing::{ApiServer, TestServer};

const GUARD: Duration = Duration::from_secs(20);

async fn serve() -> (Api<Pod>, Arc<ApiServer>, TestServer) {
    let server = Arc::new(ApiServer::new());
    server.register_builtin();
    let test = TestServer::start(server.clone(), None).await.unwrap();
    let config = Config::new(test.url()).unwrap();
    let client = Client::new(Arc::new(Transport::new(&config).unwrap()), test.url()).unwrap();
    let pods = client.namespaced::<Pod>("default");
    for (name, containers) in [("web", &["app", "sidecar"][..]), ("solo", &["only"][..])] {
        let pod = Pod {
            metadata: ObjectMeta { name: name.into(), ..Default::default() },
            spec: PodSpec {
                containers: Some(
                    containers
                        .iter()
                        .map(|c| Container { name: (*c).into(), image: "busybox".into(), ..Default::default() })
                        .collect(),
                ),
                ..Default::default()
            },
            ..Default::default()
        };
        pods.create(&pod, &CreateOptions::default()).await.unwrap();
    }
    (pods, server, test)
}

fn opts(container: &str) -> PodLogOptions {
    PodLogOptions { container: container.into(), ..Default::default() }
}

#[tokio::test]
async fn logs_with_every_option() {
    let (pods, server, _test) = serve().await;
    let now = MicroTime::now();
    let old = MicroTime::from_unix(now.unix_seconds() - 3600, 0);
    server.append_pod_log_at("default", "web", "app", old, "booting\nlistening on :80\n");
    server.append_pod_log_at("default", "web", "app", now, "GET /\nGET /health\n");
    server.append_pod_log("default", "web", "sidecar", "proxy up\n");
    server.append_pod_log("default", "solo", "only", "alone\n");

    assert_eq!(pods.logs_text("web", &opts("app")).await.unwrap(), "booting\nlistening on :80\nGET /\nGET /health\n");
    assert_eq!(pods.logs_text("web", &opts("sidecar")).await.unwrap(), "proxy up\n");
    assert_eq!(pods.logs_text("solo", &PodLogOptions::default()).await.unwrap(), "alone\n", "the only container");
    let tail = PodLogOptions { tail_lines: Some(1), ..opts("app") };
    assert_eq!(pods.logs_text("web", &tail).await.unwrap(), "GET /health\n");
    let since = PodLogOptions { since_seconds: Some(60), ..opts("app") };
    assert_eq!(pods.logs_text("web", &since).await.unwrap(), "GET /\nGET /health\n");
    let limited = PodLogOptions { limit_bytes: Some(10), ..opts("app") };
    assert_eq!(pods.logs_text("web", &limited).await.unwrap(), "booting\nli");
    let stamped = PodLogOptions { timestamps: true, tail_lines: Some(2), since_seconds: Some(7200), ..opts("app") };
    let text = pods.logs_text("web", &stamped).await.unwrap();
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 2);
    for (line, want) in lines.iter().zip(["GET /", "GET /health"]) {
        let (stamp, rest) = line.split_once(' ').unwrap();
        assert_eq!(rest, want);
        assert!(stamp.ends_with('Z') && stamp.len() >= 20 && stamp.as_bytes()[10] == b'T', "{stamp}");
    }

    // Upstream's errors.
    let err = pods.logs_text("web", &PodLogOptions::default()).await.unwrap_err();
    assert!(err.is_bad_request(), "{err}");
    assert_eq!(err.to_string(), "a container name must be specified for pod web, choose one of: [app sidecar]");
    let err = pods.logs_text("web", &opts("db")).await.unwrap_err();
    assert_eq!(err.to_string(), "container db is not valid for pod web");
    let err = pods.logs_text("nope", &opts("app")).await.unwrap_err();
    assert!(err.is_not_found(), "{err}");
    let previous = PodLogOptions { previous: true, ..opts("app") };
    let err = pods.logs_text("web", &previous).await.unwrap_err();
    assert_eq!(err.to_string(), r#"previous terminated container "app" in pod "web" not found"#);
    server.set_previous_pod_log("default", "web", "app", "crashed\n");
    assert_eq!(pods.logs_text("web", &previous).await.unwrap(), "crashed\n");
    let bad = PodLogOptions { tail_lines: Some(-1), ..opts("app") };
    let err = pods.logs_text("web", &bad).await.unwrap_err();
    assert!(err.is_invalid(), "{err}");
    assert!(err.to_string().contains("tailLines: Invalid value: -1: must be greater than or equal to 0"), "{err}");
    let both = PodLogOptions { since_seconds: Some(1), since_time: Some(now_time()), ..opts("app") };
    assert!(pods.logs_text("web", &both).await.unwrap_err().is_invalid());
    assert!(
        pods.logs_text("web", &PodLogOptions { follow: true, ..opts("app") }).await.is_err(),
        "logs_text refuses follow"
    );
}

fn now_time() -> kapi_machinery::types::Time {
    kapi_machinery::types::Time::now()
}

async fn chunk(stream: &mut kapi_client::LogStream) -> Option<String> {
    let c = tokio::time::timeout(GUARD, stream.next_chunk()).await.expect("a chunk before the guard")?;
    Some(String::from_utf8(c.unwrap().to_vec()).unwrap())
}

#[tokio::test]
async fn follow_streams_appended_lines_until_the_container_ends() {
    let (pods, server, _test) = serve().await;
    server.append_pod_log("default", "web", "app", "one\n");
    let follow = PodLogOptions { follow: true, tail_lines: Some(5), ..opts("app") };
    let mut stream = pods.logs("web", &follow).await.unwrap();
    assert_eq!(chunk(&mut stream).await.as_deref(), Some("one\n"));
    server.append_pod_log("default", "web", "app", "two\nthree\n");
    let mut got = String::new();
    while got != "two\nthree\n" {
        got.push_str(&chunk(&mut stream).await.expect("more lines"));
    }
    // Lines of other containers are not sent.
    server.append_pod_log("default", "web", "sidecar", "other\n");
    server.append_pod_log("default", "web", "app", "four\n");
    assert_eq!(chunk(&mut stream).await.as_deref(), Some("four\n"));
    server.end_pod_log("default", "web", "app");
    assert_eq!(chunk(&mut stream).await, None, "the stream ends with the container");
    assert_eq!(stream.bytes_read(), 19);
}

#[tokio::test]
async fn log_streams_are_bounded() {
    let (pods, server, _test) = serve().await;
    server.append_pod_log("default", "web", "app", "0123456789\n0123456789\n");
    let err = pods.logs("web", &opts("app")).await.unwrap().with_max_bytes(15).read_to_end().await.unwrap_err();
    assert!(err.to_string().contains("the log is larger than the limit of 15 bytes"), "{err}");

    // A follow stream with an idle limit fails when nothing arrives in time.
    let follow = PodLogOptions { follow: true, ..opts("app") };
    let mut stream = pods.logs("web", &follow).await.unwrap().with_idle_timeout(Some(Duration::from_millis(200)));
    assert_eq!(chunk(&mut stream).await.as_deref(), Some("0123456789\n0123456789\n"));
    let err = tokio::time::timeout(GUARD, stream.next_chunk()).await.unwrap().unwrap().unwrap_err();
    assert!(err.to_string().contains("no log data for 200ms"), "{err}");
    assert!(stream.next_chunk().await.is_none(), "a failed stream stays ended");
}
