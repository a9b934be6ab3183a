//! Kubeconfig parsing and the configuration built from it (and from the in-cluster service
//! account): contexts, tokens, client certificates, CA data and files, insecure mode, and errors
//! that name the file and field.

use crate::tls_support;

use std::path::{Path, PathBuf};

use kapi_client::config::{Auth, Config, PemSource};
use kapi_client::exec::InteractiveMode;
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

fn user_config(user_yaml: &str, cluster_extra: &str) -> String {
    format!(
        "current-context: x\nclusters:\n- name: c\n  cluster:\n    server: https://k.example\n{cluster_extra}\
         contexts:\n- name: x\n  context: {{cluster: c, user: u}}\nusers:\n- name: u\n  user:\n{user_yaml}"
    )
}

#[test]
fn exec_plugins_become_exec_auth() {
    let dir = scratch_dir("kc-exec");
    let yaml = user_config(
        "    exec:\n      apiVersion: client.authentication.k8s.io/v1\n      command: aws\n      args: [eks, get-token]\n      \
         env: [{name: AWS_PROFILE, value: prod}]\n      interactiveMode: Never\n      provideClusterInfo: true\n      \
         installHint: install the aws cli\n",
        "    tls-server-name: api.example\n    extensions:\n    - name: client.authentication.k8s.io/exec\n      \
         extension: {audience: x}\n",
    );
    let path = write(&dir, "config", &yaml);
    let c = Config::from_kubeconfig_file(&path, None).unwrap();
    let Auth::Exec(exec) = &c.auth else { panic!("expected exec auth, got {:?}", c.auth) };
    assert_eq!(exec.command, "aws");
    assert_eq!(exec.args, ["eks", "get-token"]);
    assert_eq!(exec.env, [("AWS_PROFILE".to_owned(), "prod".to_owned())]);
    assert_eq!(exec.interactive_mode, InteractiveMode::Never);
    assert_eq!(exec.install_hint, "install the aws cli");
    let cluster = exec.cluster.as_ref().expect("provideClusterInfo");
    assert_eq!(cluster.server, "https://k.example");
    assert_eq!(cluster.tls_server_name, "api.example");
    assert!(
        String::from_utf8_lossy(cluster.config.raw.as_deref().unwrap_or_default()).contains("audience"),
        "{:?}",
        cluster.config
    );
    // The debug form does not show environment values.
    assert!(!format!("{c:?}").contains("prod"));

    // A relative command path is taken from the kubeconfig's directory; a bare name is not.
    let yaml = user_config("    exec: {apiVersion: client.authentication.k8s.io/v1beta1, command: ./bin/plugin}\n", "");
    let path = write(&dir, "relative", &yaml);
    let c = Config::from_kubeconfig_file(&path, None).unwrap();
    let Auth::Exec(exec) = &c.auth else { panic!() };
    assert_eq!(Path::new(&exec.command), dir.join("./bin/plugin"));
    // v1beta1 defaults interactiveMode to IfAvailable.
    assert_eq!(exec.interactive_mode, InteractiveMode::IfAvailable);
}

#[test]
fn exec_plugin_configuration_errors_name_the_field() {
    let dir = scratch_dir("kc-exec-bad");
    let cases = [
        (
            "    exec: {apiVersion: client.authentication.k8s.io/v1, command: x}\n",
            "users[0].user.exec.interactiveMode: must be set",
        ),
        (
            "    exec: {apiVersion: client.authentication.k8s.io/v1alpha1, command: x}\n",
            "users[0].user.exec.apiVersion",
        ),
        (
            "    exec: {apiVersion: client.authentication.k8s.io/v1, command: x, interactiveMode: Sometimes}\n",
            "\"Sometimes\" is not Never",
        ),
        (
            "    exec: {apiVersion: client.authentication.k8s.io/v1, interactiveMode: Never}\n",
            "users[0].user.exec.command: must be set",
        ),
        (
            "    token: abc\n    exec: {apiVersion: client.authentication.k8s.io/v1, command: x, interactiveMode: Never}\n",
            "must not be given together",
        ),
        ("    auth-provider: {name: gcp}\n", "gke-gcloud-auth-plugin"),
        ("    auth-provider: {name: azure}\n", "kubelogin"),
        (
            "    auth-provider: {name: openstack}\n",
            "users[0].user.auth-provider.name: auth provider \"openstack\" is not supported",
        ),
        (
            "    auth-provider: {name: oidc, config: {client-id: k}}\n",
            "auth-provider.config.idp-issuer-url: must be set",
        ),
    ];
    for (i, (user, want)) in cases.iter().enumerate() {
        let path = write(&dir, &format!("c{i}"), &user_config(user, ""));
        let err = config_err(&path, None);
        assert!(err.contains(want), "case {i}: {err}");
    }
}

#[test]
fn oidc_auth_provider_settings() {
    let f = fixture();
    let dir = scratch_dir("kc-oidc");
    write(&dir, "idp.crt", &f.ca.cert_pem);
    let yaml = user_config(
        "    auth-provider:\n      name: oidc\n      config:\n        idp-issuer-url: https://issuer.example/realm\n        \
         client-id: kubectl\n        client-secret: s3cret\n        id-token: a.b.c\n        refresh-token: r1\n        \
         idp-certificate-authority: idp.crt\n",
        "",
    );
    let path = write(&dir, "config", &yaml);
    let c = Config::from_kubeconfig_file(&path, None).unwrap();
    let Auth::Oidc(oidc) = &c.auth else { panic!("expected oidc, got {:?}", c.auth) };
    assert_eq!(oidc.issuer_url, "https://issuer.example/realm");
    assert_eq!((oidc.client_id.as_str(), oidc.client_secret.as_str()), ("kubectl", "s3cret"));
    assert_eq!((oidc.id_token.as_str(), oidc.refresh_token.as_str()), ("a.b.c", "r1"));
    assert_eq!(oidc.issuer_ca, Some(PemSource::Data(f.ca.cert_pem.clone().into_bytes())));
    assert!(!format!("{c:?}").contains("s3cret") && !format!("{c:?}").contains("r1"));
}

#[test]
fn proxy_url_and_disable_compression() {
    let dir = scratch_dir("kc-proxy");
    let path = write(
        &dir,
        "a",
        &user_config(
            "    token: t\n",
            "    proxy-url: socks5://user:pw@127.0.0.1:1080\n    disable-compression: true\n",
        ),
    );
    let c = Config::from_kubeconfig_file(&path, None).unwrap();
    assert_eq!(c.proxy_url.as_deref(), Some("socks5://user:pw@127.0.0.1:1080"));
    assert!(c.disable_compression);
    let path = write(&dir, "b", &user_config("    token: t\n", "    proxy-url: ftp://p.example\n"));
    let err = config_err(&path, None);
    assert!(err.contains("clusters[0].cluster.proxy-url: scheme \"ftp\""), "{err}");
}

#[test]
fn kubeconfig_lists_merge_first_file_wins() {
    let f = fixture();
    let dir = scratch_dir("kc-merge");
    std::fs::create_dir_all(dir.join("one")).unwrap();
    std::fs::create_dir_all(dir.join("two")).unwrap();
    write(&dir.join("two"), "ca.crt", &f.ca.cert_pem);
    let one = write(
        &dir.join("one"),
        "config",
        "current-context: a\nclusters:\n- name: shared\n  cluster: {server: https://one.example}\n\
         contexts:\n- name: a\n  context: {cluster: shared, user: alice, namespace: from-one}\n\
         users:\n- name: alice\n  user: {token: one-token}\n",
    );
    let two = write(
        &dir.join("two"),
        "config",
        "current-context: b\nclusters:\n- name: shared\n  cluster: {server: https://two.example}\n\
         - name: other\n  cluster: {server: https://other.example, certificate-authority: ca.crt}\n\
         contexts:\n- name: a\n  context: {cluster: other, user: bob}\n- name: b\n  context: {cluster: other, user: bob}\n\
         users:\n- name: alice\n  user: {token: two-token}\n- name: bob\n  user: {token: bob-token}\n",
    );
    let missing = dir.join("missing");
    let list = format!("{}:{}:{}:{}", one.display(), missing.display(), two.display(), one.display());
    let paths = kubeconfig::default_paths_from(Some(&list), None);
    assert_eq!(paths, [one.clone(), two.clone()]);
    let merged = kubeconfig::Merged::read(&paths).unwrap();
    let kc = &merged.kubeconfig;
    assert_eq!(kc.current_context, "a");
    assert_eq!(kc.clusters.iter().map(|c| c.name.as_str()).collect::<Vec<_>>(), ["shared", "other"]);
    assert_eq!(kc.contexts.len(), 2);
    // The first file's entries win, whole.
    let c = Config::from_merged_kubeconfig(&merged, None).unwrap();
    assert_eq!(c.base_url, "https://one.example");
    assert_eq!(c.auth, Auth::BearerToken("one-token".into()));
    assert_eq!(c.namespace, "from-one");
    // Entries only the second file has are there, its relative CA path resolved against its own
    // directory.
    let c = Config::from_merged_kubeconfig(&merged, Some("b")).unwrap();
    assert_eq!(c.base_url, "https://other.example");
    assert_eq!(c.auth, Auth::BearerToken("bob-token".into()));
    assert_eq!(c.tls.ca, Some(PemSource::Data(f.ca.cert_pem.clone().into_bytes())));
    // A problem names the file and index the entry came from.
    write(&dir.join("two"), "ca.crt", "garbage");
    let merged = kubeconfig::Merged::read(&paths).unwrap();
    let err = Config::from_merged_kubeconfig(&merged, Some("b")).unwrap_err().to_string();
    assert!(err.contains(&format!("{}: clusters[1].cluster.certificate-authority", two.display())), "{err}");
    // Nothing configured is empty (the case in which `infer` goes in-cluster).
    assert!(kubeconfig::Merged::read(&[]).unwrap().is_empty());
    assert!(!merged.is_empty());
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
