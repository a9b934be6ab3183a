//! Serves every resource of the enabled groups on loopback (plain HTTP) until stopped, and writes
//! a kubeconfig for it, so that kubectl and other clients can be pointed at the test server.
//!
//! ```text
//! cargo run -p kapi-testing --example serve -- /tmp/kapi.kubeconfig
//! kubectl --kubeconfig /tmp/kapi.kubeconfig get pods,deployments,services -A
//! ```
//!
//! The namespace `default` holds a pod `demo` whose container `app` writes a log line a second,
//! for `kubectl logs -f demo` and kapi-client's `logs` example. Commands run in it (`kubectl exec
//! -i demo -- anything`, kapi-client's `exec` example) echo their input back after a line naming
//! the command, and each of its ports answers HTTP with one line (`kubectl port-forward` speaks
//! another protocol; kapi-client's `portforward` example works).

use std::sync::Arc;

use std::time::Duration;

use kapi_api::core::v1::{Container, Pod, PodSpec};
use kapi_api::meta::v1::{CreateOptions, ObjectMeta};
use kapi_client::{Client, Config, Transport};
use kapi_testing::server::{ExecIo, ExecOutcome, ExecRequest, PortForwardRequest};
use kapi_testing::{ApiServer, TestServer};
use tokio::io::{AsyncReadExt, AsyncWriteExt, DuplexStream};

#[tokio::main]
async fn main() -> Result<(), Box<dyn std::error::Error>> {
    let path = std::env::args().nth(1).unwrap_or_else(|| "kapi.kubeconfig".into());
    let api = Arc::new(ApiServer::new());
    api.register_builtin();
    let server = TestServer::start(api.clone(), None).await?;
    let client = Client::new(Arc::new(Transport::new(&Config::new(server.url())?)?), server.url())?;
    let demo = Pod {
        metadata: ObjectMeta { name: "demo".into(), ..Default::default() },
        spec: PodSpec {
            containers: Some(vec![Container { name: "app".into(), image: "busybox".into(), ..Default::default() }]),
            ..Default::default()
        },
        ..Default::default()
    };
    client.namespaced::<Pod>("default").create(&demo, &CreateOptions::default()).await?;
    api.on_exec(|req: ExecRequest, mut io: ExecIo| async move {
        let Some(out) = io.stdout.as_mut() else { return ExecOutcome::Exited(0) };
        let _ =
            out.write_all(format!("{} in {}/{}:\n", req.command.join(" "), req.pod, req.container).as_bytes()).await;
        if let Some(input) = io.stdin.as_mut() {
            let _ = tokio::io::copy(input, out).await;
        }
        ExecOutcome::Exited(0)
    });
    api.on_port_forward(|req: PortForwardRequest, mut stream: DuplexStream| async move {
        // One HTTP answer per connection, whatever was asked.
        let mut buf = [0u8; 4096];
        let _ = stream.read(&mut buf).await;
        let body = format!("hello from {}/{} port {}\n", req.namespace, req.pod, req.port);
        let reply = format!("HTTP/1.1 200 OK\r\ncontent-length: {}\r\nconnection: close\r\n\r\n{body}", body.len());
        stream.write_all(reply.as_bytes()).await.map_err(|e| e.to_string())
    });
    tokio::spawn(async move {
        let mut tick = tokio::time::interval(Duration::from_secs(1));
        for n in 0u64.. {
            tick.tick().await;
            api.append_pod_log("default", "demo", "app", &format!("tick {n}"));
        }
    });
    std::fs::write(&path, kapi_testing::kubeconfig(server.url()))?;
    println!("serving at {}; kubeconfig written to {path}; Ctrl-C stops", server.url());
    std::future::pending::<()>().await;
    Ok(())
}
