//! Kubeconfig parsing and the configuration built from it (and from the in-cluster service
//! account): contexts, tokens, client certificates, CA data and files, insecure mode, and errors
//! that name the file and field.

mod tls_support;

use std::path::{Path, PathBuf};

use kapi_client::config::{Auth, Config, PemSource};
use kapi_client::kubeconfig::{self, Kubeconfig};
use tls_support::{Ca, b64, scratch_dir};

fn write(dir: &Path, name: &str, data: &str) -> PathBuf {
    let p = dir.join(name);
    std::fs::write(&p, data).unwrap();
    p
}

fn config_err(path: &Path, context: Option<&str>) -> String {
    match Config::from_kubeconfig_file(path, context) {
        Ok(c) => panic!("expected an error, got {c:?}"),
        Err(e) => e.to_string(),
    }
}

struct Fixture {
    ca: Ca,
    client_cert: String,
    client_key: String,
}

fn fixture() -> Fixture {
    let ca = Ca::new("kubeconfig test CA");
    let client = ca.client("alice");
    Fixture { ca, client_cert: client.cert_pem, client_key: client.key_pem }
}

#[test]
fn token_user_with_ca_data_and_context_namespace() {
    let f = fixture();
    let dir = scratch_dir("kc-token");
    let yaml = format!(
        r#"apiVersion: v1
kind: Config
current-context: dev
clusters:
- name: prod
  cluster:
    server: https://prod.example.com:6443
- name: dev
  cluster:
    server: https://dev.example.com:6443/
    certificate-authority-data: {}
contexts:
- name: dev
  context:
    cluster: dev
    user: dev-user
    namespace: team-a
users:
- name: dev-user
  user:
    token: abc.def
"#,
        b64(f.ca.cert_pem.as_bytes())
    );
    let path = write(&dir, "config", &yaml);
    let c = Config::from_kubeconfig_file(&path, None).unwrap();
    assert_eq!(c.base_url, "https://dev.example.com:6443");
    assert_eq!(c.auth, Auth::BearerToken("abc.def".into()));
    assert_eq!(c.namespace, "team-a");
    assert_eq!(c.tls.ca, Some(PemSource::Data(f.ca.cert_pem.clone().into_bytes())));
    assert!(!c.tls.insecure_skip_tls_verify);
    assert_eq!(c.tls.client_certificate, None);
    // The parsed file keeps every field.
    let kc = Kubeconfig::read(&path).unwrap();
    assert_eq!(kc.type_meta.kind, "Config");
    assert_eq!(kc.clusters.len(), 2);
    assert_eq!(kc.clusters[1].cluster.certificate_authority_data, f.ca.cert_pem.as_bytes());
    assert_eq!(kc.auth_infos[0].user.token, "abc.def");
    assert_eq!(kc.contexts[0].context.auth_info, "dev-user");
}

#[test]
fn named_context_wins_over_current_context() {
    let dir = scratch_dir("kc-named");
    let yaml = r#"current-context: a
clusters:
- name: ca
  cluster: {server: "http://a.example:8080"}
- name: cb
  cluster: {server: "http://b.example:8080"}
contexts:
- name: a
  context: {cluster: ca}
- name: b
  context: {cluster: cb, namespace: nb}
"#;
    let path = write(&dir, "config", yaml);
    let a = Config::from_kubeconfig_file(&path, None).unwrap();
    assert_eq!(a.base_url, "http://a.example:8080");
    assert_eq!(a.namespace, "default");
    assert_eq!(a.auth, Auth::None);
    let b = Config::from_kubeconfig_file(&path, Some("b")).unwrap();
    assert_eq!(b.base_url, "http://b.example:8080");
    assert_eq!(b.namespace, "nb");
    let err = config_err(&path, Some("c"));
    assert!(err.contains(&path.display().to_string()), "{err}");
    assert!(err.contains("\"c\" is not among the contexts"), "{err}");
}

#[test]
fn client_certificate_and_key_data() {
    let f = fixture();
    let dir = scratch_dir("kc-cert");
    let yaml = format!(
        r#"current-context: x
clusters:
- name: c
  cluster:
    server: https://10.0.0.1
    certificate-authority-data: {ca}
    tls-server-name: kubernetes.default
contexts:
- name: x
  context: {{cluster: c, user: u}}
users:
- name: u
  user:
    client-certificate-data: {cert}
    client-key-data: {key}
"#,
        ca = b64(f.ca.cert_pem.as_bytes()),
        cert = b64(f.client_cert.as_bytes()),
        key = b64(f.client_key.as_bytes())
    );
    let path = write(&dir, "config", &yaml);
    let c = Config::from_kubeconfig_file(&path, None).unwrap();
    assert_eq!(c.base_url, "https://10.0.0.1");
    assert_eq!(c.tls.client_certificate, Some(PemSource::Data(f.client_cert.into_bytes())));
    assert_eq!(c.tls.client_key, Some(PemSource::Data(f.client_key.into_bytes())));
    assert_eq!(c.tls.server_name.as_deref(), Some("kubernetes.default"));
    assert_eq!(c.auth, Auth::None);
    // The transport accepts the material.
    kapi_client::Transport::new(&c).unwrap();
}

#[test]
fn files_are_relative_to_the_kubeconfig() {
    let f = fixture();
    let dir = scratch_dir("kc-files");
    std::fs::create_dir_all(dir.join("pki")).unwrap();
    write(&dir, "pki/ca.crt", &f.ca.cert_pem);
    write(&dir, "pki/client.crt", &f.client_cert);
    write(&dir, "pki/client.key", &f.client_key);
    write(&dir, "token", "file-token\n");
    let yaml = r#"current-context: x
clusters:
- name: c
  cluster:
    server: https://k.example
    certificate-authority: pki/ca.crt
contexts:
- name: x
  context: {cluster: c, user: u}
users:
- name: u
  user:
    client-certificate: pki/client.crt
    client-key: pki/client.key
    token: inline-token
    tokenFile: token
"#;
    let path = write(&dir, "config", yaml);
    let c = Config::from_kubeconfig_file(&path, None).unwrap();
    assert_eq!(c.tls.ca, Some(PemSource::Data(f.ca.cert_pem.into_bytes())));
    assert_eq!(c.tls.client_certificate, Some(PemSource::Data(f.client_cert.into_bytes())));
    assert_eq!(c.tls.client_key, Some(PemSource::Data(f.client_key.into_bytes())));
    // The token file wins over the inline token, as in client-go.
    assert_eq!(c.auth, Auth::BearerTokenFile(dir.join("token")));
}

#[test]
fn missing_referenced_file_names_the_field() {
    let dir = scratch_dir("kc-missing");
    let yaml = r#"current-context: x
clusters:
- name: c
  cluster: {server: "https://k.example", certificate-authority: nope/ca.crt}
contexts:
- name: x
  context: {cluster: c}
"#;
    let path = write(&dir, "config", yaml);
    let err = config_err(&path, None);
    assert!(err.contains("clusters[0].cluster.certificate-authority: reading"), "{err}");
    assert!(err.contains("nope/ca.crt"), "{err}");
}

#[test]
fn insecure_skip_tls_verify() {
    let f = fixture();
    let dir = scratch_dir("kc-insecure");
    let yaml = r#"current-context: x
clusters:
- name: c
  cluster: {server: "https://k.example", insecure-skip-tls-verify: true}
contexts:
- name: x
  context: {cluster: c}
"#;
    let path = write(&dir, "config", yaml);
    let c = Config::from_kubeconfig_file(&path, None).unwrap();
    assert!(c.tls.insecure_skip_tls_verify);
    assert_eq!(c.tls.ca, None);

    let yaml = format!(
        r#"current-context: x
clusters:
- name: c
  cluster: {{server: "https://k.example", insecure-skip-tls-verify: true, certificate-authority-data: {}}}
contexts:
- name: x
  context: {{cluster: c}}
"#,
        b64(f.ca.cert_pem.as_bytes())
    );
    let path = write(&dir, "both", &yaml);
    let err = config_err(&path, None);
    assert!(err.contains("clusters[0].cluster.insecure-skip-tls-verify"), "{err}");
}

#[test]
fn bad_base64_names_the_field() {
    let dir = scratch_dir("kc-b64");
    let yaml = r#"current-context: x
clusters:
- name: c
  cluster: {server: "https://k.example"}
contexts:
- name: x
  context: {cluster: c, user: u}
users:
- name: u
  user:
    client-certificate-data: "Zm9v"
    client-key-data: "not base64!!"
"#;
    let path = write(&dir, "config", yaml);
    let err = config_err(&path, None);
    assert!(err.contains(&path.display().to_string()), "{err}");
    assert!(err.contains("users[0].user.client-key-data: illegal base64 data"), "{err}");
}

#[test]
fn data_that_is_not_pem_names_the_field() {
    let f = fixture();
    let dir = scratch_dir("kc-notpem");
    let yaml = format!(
        r#"current-context: x
clusters:
- name: c
  cluster: {{server: "https://k.example"}}
contexts:
- name: x
  context: {{cluster: c, user: u}}
users:
- name: other
  user: {{token: t}}
- name: u
  user:
    client-certificate-data: {cert}
    client-key-data: {notkey}
"#,
        cert = b64(f.client_cert.as_bytes()),
        notkey = b64(b"just some bytes")
    );
    let path = write(&dir, "config", &yaml);
    let err = config_err(&path, None);
    assert!(err.contains("users[1].user.client-key-data: no PEM private key block found"), "{err}");

    let yaml = format!(
        r#"current-context: x
clusters:
- name: c
  cluster: {{server: "https://k.example", certificate-authority-data: {}}}
contexts:
- name: x
  context: {{cluster: c}}
"#,
        b64(f.client_key.as_bytes())
    );
    let path = write(&dir, "ca-is-a-key", &yaml);
    let err = config_err(&path, None);
    assert!(err.contains("clusters[0].cluster.certificate-authority-data: no PEM CERTIFICATE block found"), "{err}");
}

#[test]
fn certificate_without_key_is_an_error() {
    let f = fixture();
    let dir = scratch_dir("kc-nokey");
    let yaml = format!(
        r#"current-context: x
clusters:
- name: c
  cluster: {{server: "https://k.example"}}
contexts:
- name: x
  context: {{cluster: c, user: u}}
users:
- name: u
  user: {{client-certificate-data: {}}}
"#,
        b64(f.client_cert.as_bytes())
    );
    let path = write(&dir, "config", &yaml);
    let err = config_err(&path, None);
    assert!(err.contains("users[0].user.client-key-data: a client certificate is given but no client key"), "{err}");
}

#[test]
fn wrong_types_name_the_field() {
    let dir = scratch_dir("kc-types");
    let yaml = r#"current-context: x
clusters:
- name: c
  cluster: {server: "https://k.example", insecure-skip-tls-verify: "maybe"}
"#;
    let path = write(&dir, "config", yaml);
    let err = config_err(&path, None);
    assert!(err.contains("clusters[0].cluster.insecure-skip-tls-verify"), "{err}");

    let yaml = "clusters: {a: 1}\n";
    let path = write(&dir, "clusters-map", yaml);
    let err = config_err(&path, None);
    assert!(err.contains(": clusters: "), "{err}");

    let path = write(&dir, "bad-yaml", "clusters: [\n  - {name: a\n");
    let err = config_err(&path, None);
    assert!(err.contains(&path.display().to_string()), "{err}");
}

#[test]
fn references_to_missing_entries_name_the_context_field() {
    let dir = scratch_dir("kc-refs");
    let yaml = r#"current-context: x
clusters:
- name: c
  cluster: {server: "https://k.example"}
contexts:
- name: other
  context: {cluster: c}
- name: x
  context: {cluster: missing, user: u}
"#;
    let path = write(&dir, "config", yaml);
    let err = config_err(&path, None);
    assert!(err.contains("contexts[1].context.cluster: cluster \"missing\" is not among the clusters"), "{err}");

    let yaml = r#"current-context: x
clusters:
- name: c
  cluster: {server: "https://k.example"}
contexts:
- name: x
  context: {cluster: c, user: ghost}
"#;
    let path = write(&dir, "user", yaml);
    let err = config_err(&path, None);
    assert!(err.contains("contexts[0].context.user: user \"ghost\" is not among the users"), "{err}");

    let yaml = r#"current-context: x
clusters:
- name: c
  cluster: {}
contexts:
- name: x
  context: {cluster: c}
"#;
    let path = write(&dir, "noserver", yaml);
    let err = config_err(&path, None);
    assert!(err.contains("clusters[0].cluster.server: must be set"), "{err}");
}

#[test]
fn empty_file_has_no_current_context() {
    let dir = scratch_dir("kc-empty");
    let path = write(&dir, "config", "");
    assert_eq!(Kubeconfig::read(&path).unwrap(), Kubeconfig::default());
    let err = config_err(&path, None);
    assert!(err.contains("current-context is not set"), "{err}");
}

#[test]
fn unsupported_credential_plugins_are_reported() {
    let dir = scratch_dir("kc-exec");
    let yaml = r#"current-context: x
clusters:
- name: c
  cluster: {server: "https://k.example"}
contexts:
- name: x
  context: {cluster: c, user: u}
users:
- name: u
  user:
    exec:
      apiVersion: client.authentication.k8s.io/v1
      command: aws
      args: [eks, get-token]
"#;
    let path = write(&dir, "config", yaml);
    let kc = Kubeconfig::read(&path).unwrap();
    let exec = kc.auth_infos[0].user.exec.as_ref().unwrap();
    assert_eq!(exec.command, "aws");
    assert_eq!(exec.args, ["eks", "get-token"]);
    let err = config_err(&path, None);
    assert!(err.contains("users[0].user.exec: exec credential plugins are not supported"), "{err}");
}

#[test]
fn basic_auth_impersonation_and_scheme_less_server() {
    let dir = scratch_dir("kc-basic");
    let yaml = r#"{"current-context": "x",
 "clusters": [{"name": "c", "cluster": {"server": "k.example:6443", "insecure-skip-tls-verify": true}}],
 "contexts": [{"name": "x", "context": {"cluster": "c", "user": "u"}}],
 "users": [{"name": "u", "user": {"username": "admin", "password": "s3cret", "as": "bob",
   "as-groups": ["devs", "ops"], "as-user-extra": {"scopes": ["a", "b"]}, "unknown-field": 1}}]}
"#;
    let path = write(&dir, "config.json", yaml);
    let c = Config::from_kubeconfig_file(&path, None).unwrap();
    assert_eq!(c.base_url, "https://k.example:6443");
    assert_eq!(c.auth, Auth::Basic { username: "admin".into(), password: "s3cret".into() });
    assert_eq!(c.impersonate.user, "bob");
    assert_eq!(c.impersonate.groups, ["devs", "ops"]);
    assert_eq!(c.impersonate.extra.get("scopes").unwrap(), &["a", "b"]);
    assert!(!format!("{:?}", c.auth).contains("s3cret"));
}

#[test]
fn default_path_resolution() {
    let dir = scratch_dir("kc-path");
    let a = write(&dir, "a", "");
    let home = dir.join("home");
    std::fs::create_dir_all(home.join(".kube")).unwrap();
    let home_cfg = write(&home.join(".kube"), "config", "");
    let missing = dir.join("missing");
    let list = format!("{}:{}", missing.display(), a.display());
    assert_eq!(kubeconfig::default_path_from(Some(&list), Some(&home)), Some(a.clone()));
    assert_eq!(kubeconfig::default_path_from(Some(""), Some(&home)), Some(home_cfg));
    assert_eq!(kubeconfig::default_path_from(None, Some(&dir)), None);
    assert_eq!(kubeconfig::default_path_from(Some(&missing.display().to_string()), Some(&home)), None);
}

#[test]
fn in_cluster_configuration() {
    let f = fixture();
    let dir = scratch_dir("incluster");
    write(&dir, "token", "sa-token\n");
    write(&dir, "ca.crt", &f.ca.cert_pem);
    write(&dir, "namespace", "kube-system\n");
    let env = |k: &str| match k {
        "KUBERNETES_SERVICE_HOST" => Some("10.96.0.1".to_owned()),
        "KUBERNETES_SERVICE_PORT" => Some("443".to_owned()),
        _ => None,
    };
    let c = Config::in_cluster_from(env, &dir).unwrap();
    assert_eq!(c.base_url, "https://10.96.0.1:443");
    assert_eq!(c.auth, Auth::BearerTokenFile(dir.join("token")));
    assert_eq!(c.namespace, "kube-system");
    assert_eq!(c.tls.ca, Some(PemSource::Data(f.ca.cert_pem.clone().into_bytes())));

    let env6 = |k: &str| match k {
        "KUBERNETES_SERVICE_HOST" => Some("fd00::1".to_owned()),
        "KUBERNETES_SERVICE_PORT" => Some("6443".to_owned()),
        _ => None,
    };
    std::fs::remove_file(dir.join("namespace")).unwrap();
    let c = Config::in_cluster_from(env6, &dir).unwrap();
    assert_eq!(c.base_url, "https://[fd00::1]:6443");
    assert_eq!(c.namespace, "default");

    let err = Config::in_cluster_from(|_| None, &dir).unwrap_err().to_string();
    assert!(err.contains("KUBERNETES_SERVICE_HOST"), "{err}");

    let empty = scratch_dir("incluster-empty");
    let err = Config::in_cluster_from(env, &empty).unwrap_err().to_string();
    assert!(err.contains("service account token"), "{err}");

    let bad_port = |k: &str| match k {
        "KUBERNETES_SERVICE_HOST" => Some("h".to_owned()),
        "KUBERNETES_SERVICE_PORT" => Some("https".to_owned()),
        _ => None,
    };
    let err = Config::in_cluster_from(bad_port, &dir).unwrap_err().to_string();
    assert!(err.contains("KUBERNETES_SERVICE_PORT"), "{err}");
}

#[test]
fn explicit_base_url_is_checked() {
    assert_eq!(Config::new("https://h:1/prefix").unwrap().base_url, "https://h:1/prefix");
    for bad in ["ftp://h", "h:1", "https://", "http://h/?q=1", "not a url"] {
        assert!(Config::new(bad).is_err(), "{bad}");
    }
}
