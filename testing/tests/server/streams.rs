//! Pod exec, attach and port-forward over WebSockets between kapi-client and the test server, and `kubectl exec` (a WebSocket client we did not write) against the test server.

use std::path::PathBuf;
use std::process::Command;
use std::sync::Arc;
use std::time::Duration;

use kapi_api::core::v1::{Container, Pod, PodAttachOptions, PodExecOptions, PodSpec};
use kapi_api::meta::v1::{CreateOptions, ObjectMeta};
use kapi_client::{Client, Config, Error};
use kapi_testing::server::{ExecIo, ExecOutcome, ExecRequest, PortForwardRequest};
use kapi_testing::{ApiServer, TestServer};
use tokio::io::{AsyncReadExt, AsyncWriteExt};

/// A hard stop per step, so a stream that never ends fails the test instead of hanging it.
const GUARD: Duration = Duration::from_secs(30);

async fn guarded<T>(f: impl std::future::Future<Output = T>) -> T {
    tokio::time::timeout(GUARD, f).await.expect("the step did not finish")
}

fn pod(name: &str, containers: &[&str]) -> Pod {
    Pod {
        metadata: ObjectMeta { name: name.into(), namespace: "default".into(), ..Default::default() },
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
    }
}

async fn setup() -> (Arc<ApiServer>, TestServer, Client) {
    let api = Arc::new(ApiServer::new());
    api.register_builtin();
    let server = TestServer::start(api.clone(), None).await.unwrap();
    let client = Client::try_from_config(&Config::new(server.url()).unwrap()).unwrap();
    let pods = client.namespaced::<Pod>("default");
    pods.create(&pod("one", &["main"]), &CreateOptions::default()).await.unwrap();
    pods.create(&pod("two", &["a", "b"]), &CreateOptions::default()).await.unwrap();
    (api, server, client)
}

/// A command that upper-cases its input to stdout, names itself on stderr and exits with the
/// number of bytes it read.
async fn shout(req: ExecRequest, mut io: ExecIo) -> ExecOutcome {
    let mut input = Vec::new();
    if let Some(stdin) = io.stdin.as_mut() {
        stdin.read_to_end(&mut input).await.unwrap();
    }
    if let Some(out) = io.stdout.as_mut() {
        out.write_all(&input.to_ascii_uppercase()).await.unwrap();
    }
    if let Some(err) = io.stderr.as_mut() {
        let who = format!("{}/{}/{} {}", req.namespace, req.pod, req.container, req.command.join(" "));
        err.write_all(who.as_bytes()).await.unwrap();
    }
    ExecOutcome::Exited(i32::try_from(input.len()).unwrap())
}

fn exec_options(command: &[&str], stdin: bool) -> PodExecOptions {
    PodExecOptions {
        command: Some(command.iter().map(|c| (*c).to_owned()).collect()),
        stdin,
        stdout: true,
        stderr: true,
        ..Default::default()
    }
}

#[tokio::test]
async fn exec_carries_stdin_stdout_stderr_and_the_exit_code() {
    let (api, _server, client) = setup().await;
    api.on_exec(shout);
    let pods = client.namespaced::<Pod>("default");

    let mut proc = guarded(pods.exec("one", &exec_options(&["tr", "a-z", "A-Z"], true))).await.unwrap();
    let mut stdin = proc.stdin().unwrap();
    let mut stdout = proc.stdout().unwrap();
    let mut stderr = proc.stderr().unwrap();
    stdin.write_all(b"hello, pod").await.unwrap();
    // Ending stdin (the v5 close signal) is what lets the command finish.
    stdin.shutdown().await.unwrap();
    drop(stdin);
    let (mut out, mut err) = (String::new(), String::new());
    guarded(stdout.read_to_string(&mut out)).await.unwrap();
    guarded(stderr.read_to_string(&mut err)).await.unwrap();
    assert_eq!(out, "HELLO, POD");
    assert_eq!(err, "default/one/main tr a-z A-Z");
    let status = guarded(proc.join()).await.unwrap();
    assert_eq!(status.code, Some(10), "{status:?}");
    assert_eq!(status.status.reason.0, "NonZeroExitCode");

    // Exit 0 is a success status; without stdin the command starts with none.
    let mut proc = guarded(pods.exec("one", &exec_options(&["true"], false))).await.unwrap();
    assert!(proc.stdin().is_none());
    let status = guarded(proc.join()).await.unwrap();
    assert!(status.success(), "{status:?}");
}

#[tokio::test]
async fn exec_refusals_come_back_as_the_servers_status() {
    let (api, _server, client) = setup().await;
    api.on_exec(shout);
    let pods = client.namespaced::<Pod>("default");
    let status_of = |e: Error| match e {
        Error::Api(s) => (s.code, s.status.message),
        other => panic!("expected an API error, got {other:?}"),
    };
    // Two containers and none named.
    let err = guarded(pods.exec("two", &exec_options(&["ls"], false))).await.unwrap_err();
    let (code, message) = status_of(err);
    assert_eq!(code, 400);
    assert_eq!(message, "a container name must be specified for pod two, choose one of: [a b]");
    // A container that is not there.
    let options = PodExecOptions { container: "c".into(), ..exec_options(&["ls"], false) };
    let (code, message) = status_of(guarded(pods.exec("two", &options)).await.unwrap_err());
    assert_eq!((code, message.as_str()), (400, "container c is not valid for pod two"));
    // A pod that is not there.
    let (code, _) = status_of(guarded(pods.exec("nope", &exec_options(&["ls"], false))).await.unwrap_err());
    assert_eq!(code, 404);
    // The client refuses an empty command before sending anything.
    let err = pods.exec("one", &exec_options(&[], false)).await.unwrap_err();
    assert!(matches!(err, Error::InvalidRequest(_)), "{err:?}");
}

#[tokio::test]
async fn a_command_without_a_handler_fails_with_a_status() {
    let (_api, _server, client) = setup().await;
    let pods = client.namespaced::<Pod>("default");
    let proc = guarded(pods.exec("one", &exec_options(&["ls"], false))).await.unwrap();
    let status = guarded(proc.join()).await.unwrap();
    assert_eq!(status.code, None);
    assert!(status.status.message.contains("register a handler with ApiServer::on_exec"), "{status:?}");
}

#[tokio::test]
async fn attach_with_a_terminal_sends_resizes() {
    let (api, _server, client) = setup().await;
    api.on_exec(|req: ExecRequest, mut io: ExecIo| async move {
        assert!(req.attach && req.tty && req.command.is_empty());
        assert!(io.stderr.is_none(), "a terminal merges stderr into stdout");
        let (w, h) = io.resize.as_mut().unwrap().recv().await.unwrap();
        io.stdout.as_mut().unwrap().write_all(format!("{w}x{h}").as_bytes()).await.unwrap();
        ExecOutcome::Exited(0)
    });
    let pods = client.namespaced::<Pod>("default");
    let options = PodAttachOptions { stdin: true, stdout: true, tty: true, ..Default::default() };
    let mut proc = guarded(pods.attach("one", &options)).await.unwrap();
    assert!(proc.stderr().is_none());
    let sizes = proc.terminal_size().unwrap();
    sizes.send(kapi_client::TerminalSize { width: 120, height: 40 }).await.unwrap();
    let mut out = String::new();
    guarded(proc.stdout().unwrap().read_to_string(&mut out)).await.unwrap();
    assert_eq!(out, "120x40");
    assert!(guarded(proc.join()).await.unwrap().success());
}

#[tokio::test]
async fn portforward_carries_bytes_both_ways_and_each_ports_error() {
    let (api, _server, client) = setup().await;
    api.on_port_forward(|req: PortForwardRequest, mut stream: tokio::io::DuplexStream| async move {
        if req.port == 9 {
            return Err(format!("nothing listens on {}/{}:{}", req.namespace, req.pod, req.port));
        }
        // An echo server that answers each read with its bytes reversed.
        let mut buf = [0u8; 1024];
        loop {
            let n = stream.read(&mut buf).await.map_err(|e| e.to_string())?;
            if n == 0 {
                return Ok(());
            }
            buf[..n].reverse();
            stream.write_all(&buf[..n]).await.map_err(|e| e.to_string())?;
        }
    });
    let pods = client.namespaced::<Pod>("default");
    let mut fwd = guarded(pods.portforward("one", &[8080, 9])).await.unwrap();
    let mut stream = fwd.take_stream(8080).unwrap();
    stream.write_all(b"ping").await.unwrap();
    let mut buf = [0u8; 4];
    guarded(stream.read_exact(&mut buf)).await.unwrap();
    assert_eq!(&buf, b"gnip");
    let error = fwd.take_error(9).unwrap();
    assert_eq!(guarded(error).await.as_deref(), Some("nothing listens on default/one:9"));
    drop(stream);
    drop(fwd.take_stream(9));
    guarded(fwd.join()).await.unwrap();

    // Bad requests are refused by the client before anything is sent.
    assert!(matches!(pods.portforward("one", &[]).await, Err(Error::InvalidRequest(_))));
    assert!(matches!(pods.portforward("one", &[80, 80]).await, Err(Error::InvalidRequest(_))));
}

fn kubectl_binary() -> Option<PathBuf> {
    let candidate = std::env::var_os("KUBECTL").map(PathBuf::from).unwrap_or_else(|| PathBuf::from("kubectl"));
    let ok = Command::new(&candidate).args(["version", "--client"]).output().is_ok_and(|o| o.status.success());
    ok.then_some(candidate)
}

#[tokio::test]
async fn kubectl_exec_runs_through_the_test_server() {
    let Some(bin) = kubectl_binary() else {
        eprintln!("kubectl not found (set KUBECTL to its path): nothing checked");
        return;
    };
    let (api, server, _client) = setup().await;
    api.on_exec(shout);
    let dir = std::env::temp_dir().join(format!("kapi-kubectl-exec-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let kc = dir.join("kubeconfig");
    std::fs::write(&kc, kapi_testing::kubeconfig(server.url())).unwrap();
    let run = |args: Vec<&'static str>, input: &'static str| {
        let (bin, kc) = (bin.clone(), kc.clone());
        tokio::task::spawn_blocking(move || {
            use std::io::Write;
            let mut child = Command::new(&bin)
                .arg("--kubeconfig")
                .arg(&kc)
                .args(&args)
                .stdin(std::process::Stdio::piped())
                .stdout(std::process::Stdio::piped())
                .stderr(std::process::Stdio::piped())
                .spawn()
                .unwrap();
            child.stdin.take().unwrap().write_all(input.as_bytes()).unwrap();
            child.wait_with_output().unwrap()
        })
    };
    let out = guarded(run(vec!["exec", "-i", "one", "--", "tr", "a-z", "A-Z"], "from kubectl")).await.unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(stdout, "FROM KUBECTL", "stderr: {stderr}");
    assert!(stderr.contains("default/one/main tr a-z A-Z"), "{stderr}");
    // kubectl exits with the command's code.
    assert_eq!(out.status.code(), Some(12), "stderr: {stderr}");
    std::fs::remove_dir_all(&dir).ok();
}
