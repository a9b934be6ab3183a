//! Exec credential plugins (small sh scripts written by the tests) and the OIDC auth provider
//! (against a loopback issuer) authenticating requests to a loopback server: tokens and client
//! certificates, caching until expiry, re-running after a 401, and the errors of failing,
//! missing, slow or chatty plugins.

use crate::net_support;
use crate::tls_support;

use std::os::unix::fs::PermissionsExt;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use bytes::Bytes;
use kapi_client::body;
use kapi_client::config::{Auth, Config, PemSource};
use kapi_client::exec::{ExecAuth, InteractiveMode, V1, V1BETA1};
use kapi_client::{Error, Service, Transport};
use net_support::{Handler, echo, server_tls, start};
use tls_support::{Ca, b64, scratch_dir};

/// Writes an executable sh script.
fn script(dir: &Path, name: &str, body: &str) -> PathBuf {
    let path = dir.join(name);
    std::fs::write(&path, format!("#!/bin/sh\n{body}")).unwrap();
    std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o755)).unwrap();
    path
}

/// A plugin that counts its runs in `dir/runs` and prints token `tok-<run>`, expiring at
/// `expiry` (RFC 3339) when given.
fn counting_plugin(dir: &Path, api_version: &str, expiry: Option<&str>) -> PathBuf {
    let expiry = expiry.map(|e| format!(",\"expirationTimestamp\":\"{e}\"")).unwrap_or_default();
    script(
        dir,
        "plugin",
        &format!(
            "n=$(cat \"{runs}\" 2>/dev/null || echo 0)\nn=$((n+1))\necho $n > \"{runs}\"\n\
             printf '{{\"apiVersion\":\"{api_version}\",\"kind\":\"ExecCredential\",\"status\":{{\"token\":\"tok-%s\"{expiry}}}}}' $n\n",
            runs = dir.join("runs").display()
        ),
    )
}

fn runs(dir: &Path) -> usize {
    std::fs::read_to_string(dir.join("runs")).map(|s| s.trim().parse().unwrap()).unwrap_or(0)
}

fn exec_config(url: &str, exec: ExecAuth) -> Config {
    let mut c = Config::new(url).unwrap();
    c.auth = Auth::Exec(Box::new(exec));
    c
}

async fn get(t: &Transport, url: &str) -> Result<(u16, String), Error> {
    let resp = t.call(http::Request::get(url).body(Bytes::new()).unwrap()).await?;
    let status = resp.status().as_u16();
    let data = body::collect(resp.into_body()).await.map_err(|e| Error::from_body(url, e))?;
    Ok((status, String::from_utf8(data.to_vec()).unwrap()))
}

#[tokio::test]
async fn a_token_is_cached_until_it_expires() {
    let srv = start(None, echo()).await;
    let url = format!("http://127.0.0.1:{}", srv.addr.port());

    // Valid for a long time: one run serves every request.
    let dir = scratch_dir("exec-cache");
    let plugin = counting_plugin(&dir, V1, Some("2999-01-01T00:00:00Z"));
    let t = Transport::new(&exec_config(&url, ExecAuth::new(plugin.display().to_string()))).unwrap();
    for _ in 0..3 {
        let (_, text) = get(&t, &format!("{url}/a")).await.unwrap();
        assert!(text.contains("auth=Bearer tok-1 "), "{text}");
    }
    assert_eq!(runs(&dir), 1);

    // Already expired when returned: every request runs the plugin again.
    let dir = scratch_dir("exec-expired");
    let plugin = counting_plugin(&dir, V1BETA1, Some("2001-01-01T00:00:00Z"));
    let mut exec = ExecAuth::new(plugin.display().to_string());
    exec.api_version = V1BETA1.into();
    let t = Transport::new(&exec_config(&url, exec)).unwrap();
    for i in 1..=3 {
        let (_, text) = get(&t, &format!("{url}/a")).await.unwrap();
        assert!(text.contains(&format!("auth=Bearer tok-{i} ")), "{text}");
    }
    assert_eq!(runs(&dir), 3);
}

#[tokio::test]
async fn a_401_runs_the_plugin_again_and_retries_once() {
    // The server takes only tokens from the second run on.
    let handler: Handler = Arc::new(|req, _| {
        let auth = req.headers().get("authorization").and_then(|v| v.to_str().ok()).unwrap_or("").to_owned();
        let code = if auth == "Bearer tok-1" || auth.is_empty() { 401 } else { 200 };
        http::Response::builder().status(code).body(body::full(auth)).unwrap()
    });
    let srv = start(None, handler).await;
    let url = format!("http://127.0.0.1:{}", srv.addr.port());
    let dir = scratch_dir("exec-401");
    let plugin = counting_plugin(&dir, V1, None);
    let t = Transport::new(&exec_config(&url, ExecAuth::new(plugin.display().to_string()))).unwrap();
    assert_eq!(get(&t, &format!("{url}/a")).await.unwrap(), (200, "Bearer tok-2".to_owned()));
    assert_eq!(runs(&dir), 2);
    // The new token is cached.
    assert_eq!(get(&t, &format!("{url}/a")).await.unwrap(), (200, "Bearer tok-2".to_owned()));
    assert_eq!(runs(&dir), 2);

    // A server that refuses every token: one re-run, then the 401 is the answer.
    let refuse: Handler = Arc::new(|_, _| http::Response::builder().status(401).body(body::empty()).unwrap());
    let srv = start(None, refuse).await;
    let url = format!("http://127.0.0.1:{}", srv.addr.port());
    let dir = scratch_dir("exec-401-always");
    let plugin = counting_plugin(&dir, V1, None);
    let t = Transport::new(&exec_config(&url, ExecAuth::new(plugin.display().to_string()))).unwrap();
    assert_eq!(get(&t, &format!("{url}/a")).await.unwrap().0, 401);
    assert_eq!(runs(&dir), 2);
}

#[tokio::test]
async fn the_plugin_gets_its_args_env_and_exec_info() {
    let srv = start(None, echo()).await;
    let url = format!("http://127.0.0.1:{}", srv.addr.port());
    let dir = scratch_dir("exec-env");
    let out = dir.join("seen");
    let plugin = script(
        &dir,
        "plugin",
        &format!(
            "printf '%s|%s|%s' \"$*\" \"$PLUGIN_REGION\" \"$KUBERNETES_EXEC_INFO\" > \"{}\"\n\
             printf '{{\"apiVersion\":\"{V1}\",\"kind\":\"ExecCredential\",\"status\":{{\"token\":\"t\"}}}}'\n",
            out.display()
        ),
    );
    let mut exec = ExecAuth::new(plugin.display().to_string());
    exec.args = vec!["get-token".into(), "--cluster=a".into()];
    exec.env = vec![("PLUGIN_REGION".into(), "eu-1".into())];
    exec.interactive_mode = InteractiveMode::IfAvailable;
    exec.cluster = Some(kapi_api::clientauthentication::v1::Cluster {
        server: url.clone(),
        tls_server_name: "api.example".into(),
        ..Default::default()
    });
    let t = Transport::new(&exec_config(&url, exec)).unwrap();
    assert!(get(&t, &format!("{url}/a")).await.unwrap().1.contains("auth=Bearer t "));
    let seen = std::fs::read_to_string(&out).unwrap();
    let (args, rest) = seen.split_once('|').unwrap();
    let (region, info) = rest.split_once('|').unwrap();
    assert_eq!(args, "get-token --cluster=a");
    assert_eq!(region, "eu-1");
    let info = kapi_machinery::json::value::parse(info.as_bytes()).unwrap();
    assert_eq!(info.get("apiVersion").and_then(|v| v.as_str()), Some(V1));
    assert_eq!(info.get("kind").and_then(|v| v.as_str()), Some("ExecCredential"));
    let spec = info.get("spec").unwrap();
    let cluster = spec.get("cluster").expect("provideClusterInfo");
    assert_eq!(cluster.get("server").and_then(|v| v.as_str()), Some(url.as_str()));
    assert_eq!(cluster.get("tls-server-name").and_then(|v| v.as_str()), Some("api.example"));
    // Tests do not run on a terminal, so IfAvailable is not interactive.
    if !std::io::IsTerminal::is_terminal(&std::io::stdin()) {
        assert_eq!(spec.get("interactive"), Some(&kapi_machinery::json::Value::Bool(false)));
    }
}

#[tokio::test]
async fn a_client_certificate_from_the_plugin_is_presented() {
    let ca = Ca::new("ca");
    let srv = start(Some(server_tls(&ca.server(&["localhost"]), Some(&ca))), echo()).await;
    let url = format!("https://localhost:{}", srv.addr.port());
    let client = ca.client("alice");
    let dir = scratch_dir("exec-cert");
    let json = format!(
        "{{\"apiVersion\":\"{V1}\",\"kind\":\"ExecCredential\",\"status\":{{\"clientCertificateData\":{},\"clientKeyData\":{}}}}}",
        json_string(&client.cert_pem),
        json_string(&client.key_pem)
    );
    std::fs::write(dir.join("cred.json"), json).unwrap();
    let plugin = script(&dir, "plugin", &format!("cat \"{}\"\n", dir.join("cred.json").display()));
    let mut c = exec_config(&url, ExecAuth::new(plugin.display().to_string()));
    c.tls.ca = Some(PemSource::Data(ca.cert_pem.clone().into_bytes()));
    let t = Transport::new(&c).unwrap();
    let (status, text) = get(&t, &format!("{url}/x")).await.unwrap();
    assert_eq!(status, 200);
    assert!(text.contains("peer=true") && text.contains("auth= "), "{text}");

    // Without the plugin the server refuses the handshake: the certificate is what let us in.
    let mut c = Config::new(url.clone()).unwrap();
    c.tls.ca = Some(PemSource::Data(ca.cert_pem.clone().into_bytes()));
    assert!(get(&Transport::new(&c).unwrap(), &format!("{url}/x")).await.is_err());
}

fn json_string(s: &str) -> String {
    let out = kapi_machinery::json::Value::String(s.to_owned()).to_compact_vec();
    String::from_utf8(out).unwrap()
}

fn plugin_error(err: Error) -> (String, String) {
    match err {
        Error::ExecPlugin { command, message } => (command, message),
        other => panic!("expected an exec plugin error, got {other:?}"),
    }
}

#[tokio::test]
async fn plugin_failures_are_typed_errors_naming_the_plugin() {
    let url = "http://127.0.0.1:1";
    let dir = scratch_dir("exec-fail");

    // Failing: the exit status and standard error are in the message.
    let plugin = script(&dir, "failing", "echo 'no credentials for profile prod' >&2\nexit 3\n");
    let t = Transport::new(&exec_config(url, ExecAuth::new(plugin.display().to_string()))).unwrap();
    let (command, message) = plugin_error(get(&t, &format!("{url}/a")).await.unwrap_err());
    assert_eq!(command, plugin.display().to_string());
    assert!(message.contains("exited with status 3"), "{message}");
    assert!(message.contains("no credentials for profile prod"), "{message}");

    // Missing: the install hint is in the message.
    let mut exec = ExecAuth::new("kapi-test-plugin-that-does-not-exist");
    exec.install_hint = "install it with `apt-get install kapi-plugin`".into();
    let t = Transport::new(&exec_config(url, exec)).unwrap();
    let (command, message) = plugin_error(get(&t, &format!("{url}/a")).await.unwrap_err());
    assert_eq!(command, "kapi-test-plugin-that-does-not-exist");
    assert!(message.contains("not found") && message.contains("apt-get install kapi-plugin"), "{message}");

    // Wrong version, no status, half a certificate, garbage.
    let cases = [
        (
            format!("{{\"apiVersion\":\"{V1BETA1}\",\"kind\":\"ExecCredential\",\"status\":{{\"token\":\"t\"}}}}"),
            "apiVersion",
        ),
        (format!("{{\"apiVersion\":\"{V1}\",\"kind\":\"ExecCredential\"}}"), "has no status"),
        (
            format!(
                "{{\"apiVersion\":\"{V1}\",\"kind\":\"ExecCredential\",\"status\":{{\"clientCertificateData\":\"x\"}}}}"
            ),
            "clientKeyData is not",
        ),
        (format!("{{\"apiVersion\":\"{V1}\",\"kind\":\"ExecCredential\",\"status\":{{}}}}"), "neither status.token"),
        ("not json".to_owned(), "decoding its ExecCredential output"),
    ];
    for (i, (output, want)) in cases.iter().enumerate() {
        std::fs::write(dir.join(format!("out{i}")), output).unwrap();
        let plugin = script(&dir, &format!("p{i}"), &format!("cat \"{}\"\n", dir.join(format!("out{i}")).display()));
        let t = Transport::new(&exec_config(url, ExecAuth::new(plugin.display().to_string()))).unwrap();
        let (_, message) = plugin_error(get(&t, &format!("{url}/a")).await.unwrap_err());
        assert!(message.contains(want), "case {i}: {message}");
    }

    // Interactive mode Always needs a terminal.
    if !std::io::IsTerminal::is_terminal(&std::io::stdin()) {
        let plugin = counting_plugin(&dir, V1, None);
        let mut exec = ExecAuth::new(plugin.display().to_string());
        exec.interactive_mode = InteractiveMode::Always;
        let t = Transport::new(&exec_config(url, exec)).unwrap();
        let (_, message) = plugin_error(get(&t, &format!("{url}/a")).await.unwrap_err());
        assert!(message.contains("not a terminal"), "{message}");
        assert_eq!(runs(&dir), 0);
    }
}

#[tokio::test]
async fn a_plugin_is_bounded_in_time_and_output() {
    let url = "http://127.0.0.1:1";
    let dir = scratch_dir("exec-bounds");
    let plugin = script(&dir, "slow", "sleep 30\n");
    let mut exec = ExecAuth::new(plugin.display().to_string());
    exec.timeout = Duration::from_millis(300);
    let t = Transport::new(&exec_config(url, exec)).unwrap();
    let err = tokio::time::timeout(Duration::from_secs(20), get(&t, &format!("{url}/a"))).await.unwrap().unwrap_err();
    let (_, message) = plugin_error(err);
    assert!(message.contains("did not finish within 300ms"), "{message}");

    // An endless writer is stopped at the output limit.
    let plugin = script(&dir, "chatty", "while :; do echo aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa; done\n");
    let mut exec = ExecAuth::new(plugin.display().to_string());
    exec.max_output = 64 << 10;
    let t = Transport::new(&exec_config(url, exec)).unwrap();
    let err = tokio::time::timeout(Duration::from_secs(20), get(&t, &format!("{url}/a"))).await.unwrap().unwrap_err();
    let (_, message) = plugin_error(err);
    assert!(message.contains("printed more than 65536 bytes"), "{message}");
}

#[tokio::test]
async fn a_kubeconfig_exec_user_connects() {
    let ca = Ca::new("ca");
    let srv = start(Some(server_tls(&ca.server(&["localhost"]), None)), echo()).await;
    let dir = scratch_dir("exec-kubeconfig");
    counting_plugin(&dir, V1, None);
    let kubeconfig = format!(
        "apiVersion: v1\nkind: Config\ncurrent-context: dev\nclusters:\n- name: dev\n  cluster:\n    \
         server: https://localhost:{port}\n    certificate-authority-data: {ca}\ncontexts:\n- name: dev\n  \
         context: {{cluster: dev, user: dev}}\nusers:\n- name: dev\n  user:\n    exec:\n      apiVersion: {V1}\n      \
         command: ./plugin\n      interactiveMode: Never\n      provideClusterInfo: true\n",
        port = srv.addr.port(),
        ca = b64(ca.cert_pem.as_bytes()),
    );
    std::fs::write(dir.join("config"), kubeconfig).unwrap();
    let config = Config::from_kubeconfig_file(&dir.join("config"), None).unwrap();
    let t = Transport::new(&config).unwrap();
    let (_, text) = get(&t, &format!("https://localhost:{}/api", srv.addr.port())).await.unwrap();
    assert!(text.contains("auth=Bearer tok-1 "), "{text}");
}

/// A JWT (unsigned: the client does not check signatures) with an `exp` claim.
fn jwt(exp: u64, tag: &str) -> String {
    let enc = |s: &str| b64(s.as_bytes()).trim_end_matches('=').replace('+', "-").replace('/', "_");
    format!("{}.{}.sig", enc("{\"alg\":\"none\"}"), enc(&format!("{{\"exp\":{exp},\"tag\":\"{tag}\"}}")))
}

fn claims(token: &str) -> String {
    let mut payload = token.split('.').nth(1).unwrap().replace('-', "+").replace('_', "/");
    while !payload.len().is_multiple_of(4) {
        payload.push('=');
    }
    String::from_utf8(kapi_machinery::base64::decode(payload.as_bytes()).unwrap()).unwrap()
}

fn unix_now() -> u64 {
    std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).unwrap().as_secs()
}

#[tokio::test]
async fn oidc_tokens_are_refreshed_at_the_issuer() {
    // The issuer: discovery, then a token endpoint that trades refresh token r<n> for an ID token
    // and r<n+1>, checking the client's basic credentials.
    let refreshes = Arc::new(AtomicUsize::new(0));
    let forms = Arc::new(Mutex::new(Vec::<String>::new()));
    let issuer_port = Arc::new(Mutex::new(0u16));
    let (r, f, p) = (refreshes.clone(), forms.clone(), issuer_port.clone());
    let issuer_handler: Handler = Arc::new(move |req, _| {
        let port = *p.lock().unwrap();
        match req.uri().path() {
            "/realm/.well-known/openid-configuration" => http::Response::new(body::full(format!(
                "{{\"issuer\":\"http://127.0.0.1:{port}/realm\",\"token_endpoint\":\"http://127.0.0.1:{port}/realm/token\"}}"
            ))),
            "/realm/token" => {
                let auth = req.headers().get("authorization").and_then(|v| v.to_str().ok()).unwrap_or("").to_owned();
                let n = r.fetch_add(1, Ordering::SeqCst) + 1;
                f.lock().unwrap().push(auth);
                let body = format!(
                    "{{\"access_token\":\"a\",\"token_type\":\"Bearer\",\"id_token\":\"{}\",\"refresh_token\":\"r{}\"}}",
                    jwt(unix_now() + 3600, &format!("refreshed{n}")),
                    n + 1
                );
                http::Response::new(body::full(body))
            }
            _ => http::Response::builder().status(404).body(body::empty()).unwrap(),
        }
    });
    let issuer = start(None, issuer_handler).await;
    *issuer_port.lock().unwrap() = issuer.addr.port();
    let api = start(None, echo()).await;
    let url = format!("http://127.0.0.1:{}", api.addr.port());

    let oidc = kapi_client::oidc::OidcAuth {
        id_token: jwt(unix_now() - 60, "expired"),
        refresh_token: "r1".into(),
        issuer_url: format!("http://127.0.0.1:{}/realm", issuer.addr.port()),
        client_id: "kubectl".into(),
        client_secret: "s3cret".into(),
        issuer_ca: None,
        persist_to: None,
    };
    let mut c = Config::new(url.clone()).unwrap();
    c.auth = Auth::Oidc(Box::new(oidc.clone()));
    let t = Transport::new(&c).unwrap();
    for _ in 0..2 {
        let (_, text) = get(&t, &format!("{url}/a")).await.unwrap();
        let token = text.split("auth=Bearer ").nth(1).unwrap().split(' ').next().unwrap();
        assert!(kapi_client::oidc::jwt_expiry(token).is_some());
        assert!(claims(token).contains("\"tag\":\"refreshed1\""), "{}", claims(token));
    }
    assert_eq!(refreshes.load(Ordering::SeqCst), 1, "the refreshed token is reused while fresh");
    // kubectl:s3cret
    assert_eq!(forms.lock().unwrap()[0], "Basic a3ViZWN0bDpzM2NyZXQ=");

    // A fresh ID token is used as it is.
    let fresh = jwt(unix_now() + 3600, "fresh");
    c.auth = Auth::Oidc(Box::new(kapi_client::oidc::OidcAuth { id_token: fresh.clone(), ..oidc.clone() }));
    let t = Transport::new(&c).unwrap();
    assert!(get(&t, &format!("{url}/a")).await.unwrap().1.contains(&format!("auth=Bearer {fresh} ")));
    assert_eq!(refreshes.load(Ordering::SeqCst), 1);

    // Expired with no refresh token, or an issuer that does not answer: typed errors.
    c.auth = Auth::Oidc(Box::new(kapi_client::oidc::OidcAuth { refresh_token: String::new(), ..oidc.clone() }));
    let err = get(&Transport::new(&c).unwrap(), &format!("{url}/a")).await.unwrap_err();
    assert!(matches!(&err, Error::AuthProvider { provider, .. } if provider == "oidc"), "{err:?}");
    c.auth = Auth::Oidc(Box::new(kapi_client::oidc::OidcAuth {
        issuer_url: format!("http://127.0.0.1:{}/elsewhere", issuer.addr.port()),
        ..oidc
    }));
    let err = get(&Transport::new(&c).unwrap(), &format!("{url}/a")).await.unwrap_err();
    assert!(matches!(&err, Error::AuthProvider { message, .. } if message.contains("404")), "{err:?}");

    // Read from a kubeconfig file, the refreshed tokens are written back to it (with its
    // permissions), and the rest of the file is kept.
    let dir = scratch_dir("oidc-persist");
    let path = dir.join("config");
    let kubeconfig = format!(
        "apiVersion: v1\nkind: Config\ncurrent-context: dev\nclusters:\n- name: dev\n  cluster: {{server: \"{url}\"}}\n\
         contexts:\n- name: dev\n  context: {{cluster: dev, user: me, namespace: team}}\nusers:\n- name: other\n  \
         user: {{token: keep-me}}\n- name: me\n  user:\n    auth-provider:\n      name: oidc\n      config:\n        \
         idp-issuer-url: http://127.0.0.1:{port}/realm\n        client-id: kubectl\n        client-secret: s3cret\n        \
         id-token: {expired}\n        refresh-token: r5\n",
        port = issuer.addr.port(),
        expired = jwt(unix_now() - 60, "expired"),
    );
    std::fs::write(&path, kubeconfig).unwrap();
    std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o600)).unwrap();
    let config = Config::from_kubeconfig_file(&path, None).unwrap();
    let t = Transport::new(&config).unwrap();
    let (_, text) = get(&t, &format!("{url}/a")).await.unwrap();
    let sent = text.split("auth=Bearer ").nth(1).unwrap().split(' ').next().unwrap().to_owned();
    let saved = kapi_client::Kubeconfig::read(&path).unwrap();
    let me = &saved.auth_infos.iter().find(|u| u.name == "me").unwrap().user;
    let cfg = &me.auth_provider.as_ref().unwrap().config;
    assert_eq!(cfg["id-token"], sent);
    let n = refreshes.load(Ordering::SeqCst);
    assert_eq!(cfg["refresh-token"], format!("r{}", n + 1));
    assert_eq!(cfg["client-secret"], "s3cret");
    assert_eq!(saved.auth_infos.iter().find(|u| u.name == "other").unwrap().user.token, "keep-me");
    assert_eq!(saved.contexts[0].context.namespace, "team");
    assert_eq!(std::fs::metadata(&path).unwrap().permissions().mode() & 0o777, 0o600);
    // The file still loads, now with a fresh token that needs no refresh.
    let again = Config::from_kubeconfig_file(&path, None).unwrap();
    let t = Transport::new(&again).unwrap();
    assert!(get(&t, &format!("{url}/a")).await.unwrap().1.contains(&format!("auth=Bearer {sent} ")));
    assert_eq!(refreshes.load(Ordering::SeqCst), n);
}
