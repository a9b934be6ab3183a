//! `kapi-test-server`: the test API server as a program, for trying a client against it: serves every resource of the groups it was built with, runs a cluster's control loops, seeds only the system namespaces, writes a kubeconfig, and stops on Ctrl-C or SIGTERM.

mod component_flags;

use std::io::Write as _;
use std::net::{IpAddr, Ipv4Addr, Ipv6Addr, SocketAddr};
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::sync::Arc;
use std::time::Duration;

use clap::Parser;
use kapi_api::features::FeatureGates;
use kapi_testing::server::{AuthorizationMode, InFlightLimits, TokenOptions, parse_token_file, serve};
use kapi_testing::{ApiServer, Controllers, RuntimeConfig, ServiceRanges, TestServer};

/// How long stopping may take: connections still open then (watches, follows) are cut.
const GRACE: Duration = Duration::from_secs(5);

/// Runs the kapi test API server.
#[derive(Debug, Parser)]
#[command(name = "kapi-test-server", version, about)]
struct Args {
    /// The address to listen on.
    #[arg(long, default_value_t = IpAddr::V4(Ipv4Addr::LOCALHOST))]
    address: IpAddr,
    /// The port to listen on; 0 picks a free one (the URL is printed either way).
    #[arg(long, default_value_t = 0)]
    port: u16,
    /// Writes a kubeconfig for the server here (its context is current and names the `default`
    /// namespace).
    #[arg(long, value_name = "PATH")]
    write_kubeconfig: Option<PathBuf>,
    /// Serves HTTPS with this PEM certificate (chain); needs --tls-private-key-file. The
    /// kubeconfig then trusts these certificates.
    #[arg(long, value_name = "PATH", requires = "tls_private_key_file")]
    tls_cert_file: Option<PathBuf>,
    /// The PEM private key of --tls-cert-file.
    #[arg(long, value_name = "PATH", requires = "tls_cert_file")]
    tls_private_key_file: Option<PathBuf>,
    /// PEM CA certificates whose client certificates authenticate their users, as
    /// kube-apiserver's flag: the subject's common name is the user, its organizations the
    /// groups. Needs --tls-cert-file.
    #[arg(long, value_name = "PATH", requires = "tls_cert_file")]
    client_ca_file: Option<PathBuf>,
    /// Turns group versions and resources on or off, as kube-apiserver's flag does
    /// (`api/all=true`, `api/beta=true`, `resource.k8s.io/v1beta2=true`,
    /// `apps/v1/deployments=false`); repeatable. Without it the server serves what a v1.36
    /// kube-apiserver serves by default: the GA versions.
    #[arg(long, value_name = "KEY=VALUE,...")]
    runtime_config: Vec<String>,
    /// Turns feature gates on or off, as kube-apiserver's flag does
    /// (`GenericWorkload=true,HostnameOverride=false`, or with the component
    /// `kube:GenericWorkload=true`); repeatable. Gates not named keep upstream's v1.36 defaults.
    /// The server's defaulting and validation read them, and writes drop the fields of gates
    /// that are off unless the stored object already uses them.
    #[arg(long, value_name = "[kube:]NAME=BOOL,...")]
    feature_gates: Vec<String>,
    /// The version to emulate, as kube-apiserver's flag (`1.36` or `kube=1.36`): only 1.36, the
    /// version served, is accepted; 1.33 to 1.35, which kube-apiserver 1.36 can emulate, are
    /// refused as not supported.
    #[arg(long, value_name = "[kube=]MAJOR.MINOR,...")]
    emulated_version: Vec<String>,
    /// The control loops to run beside the server, as kube-controller-manager's flag names them:
    /// `*` (the default) for all, `-name` to leave one out (`*,-garbagecollector`). Names:
    /// clusterrole-aggregation, garbagecollector, namespace, podtermination, resourcequota, root-ca-cert-publisher,
    /// serviceaccount.
    #[arg(long, value_name = "NAMES", default_value = "*")]
    controllers: String,
    /// Built-in admission plugins to turn on (kube-apiserver's names: NamespaceLifecycle,
    /// LimitRanger, ServiceAccount, PodSecurity, Priority, DefaultTolerationSeconds, DefaultStorageClass,
    /// RuntimeClass; all on by default).
    #[arg(long, value_name = "NAMES")]
    enable_admission_plugins: Option<String>,
    /// kube-apiserver's admission configuration file (`AdmissionConfiguration`, YAML or JSON):
    /// the PodSecurity plugin's inline `PodSecurityConfiguration` sets its defaults and
    /// exemptions; other plugins' entries are ignored.
    #[arg(long, value_name = "PATH")]
    admission_control_config_file: Option<PathBuf>,
    /// The audit policy (`audit.k8s.io/v1` `Policy`, YAML or JSON), as kube-apiserver's flag:
    /// each request gets the level of the first rule it matches.
    #[arg(long, value_name = "PATH")]
    audit_policy_file: Option<PathBuf>,
    /// Where audit events are appended, one JSON line each (`-`: standard output).
    #[arg(long, value_name = "PATH", requires = "audit_policy_file")]
    audit_log_path: Option<PathBuf>,
    /// Built-in admission plugins to turn off.
    #[arg(long, value_name = "NAMES")]
    disable_admission_plugins: Option<String>,
    /// The most read-only requests served at once (0: no limit); more are answered 429.
    #[arg(long, value_name = "N", default_value_t = 400)]
    max_requests_inflight: usize,
    /// The most mutating requests served at once (0: no limit); more are answered 429.
    #[arg(long, value_name = "N", default_value_t = 200)]
    max_mutating_requests_inflight: usize,
    /// Authenticates the bearer tokens of this CSV file (`token,user,uid,"group1,group2"`), as
    /// kube-apiserver's flag; other bearer tokens are then answered 401.
    #[arg(long, value_name = "PATH")]
    token_auth_file: Option<PathBuf>,
    /// Service account tokens asked for longer than this (a Go duration: `48h`; between an hour
    /// and 2^32 seconds, `0` for no cap) are shortened to it, with a warning.
    #[arg(long, value_name = "DURATION")]
    service_account_max_token_expiration: Option<String>,
    /// Pod-bound tokens asked for with the kubelet's projected lifetime (3607 s) last a year,
    /// as kube-apiserver's flag of the same name (on by default).
    #[arg(long, value_name = "BOOL", default_value_t = true, action = clap::ArgAction::Set)]
    service_account_extend_token_expiration: bool,
    /// `AlwaysAllow` (the default) or `RBAC`.
    #[arg(long, value_name = "MODE", default_value = "AlwaysAllow")]
    authorization_mode: String,
    /// The IPv4 CIDR services get their cluster IPs from.
    #[arg(long, value_name = "CIDR", default_value = "10.96.0.0/12")]
    service_cluster_ip_range: String,
    /// The ports services of type NodePort and LoadBalancer get their node ports from.
    #[arg(long, value_name = "LOW-HIGH", default_value = "30000-32767")]
    service_node_port_range: String,
}

/// The TLS configuration and the certificates' PEM text, for the kubeconfig.
fn tls_config(
    cert: &Path,
    key: &Path,
    client_ca: Option<&Path>,
) -> Result<(Arc<rustls::ServerConfig>, Vec<u8>), String> {
    let read = |p: &Path| std::fs::read(p).map_err(|e| format!("reading {}: {e}", p.display()));
    let cert_pem = read(cert)?;
    let key_pem = read(key)?;
    let ca_pem = client_ca.map(read).transpose()?;
    let config = serve::tls_server_config(&cert_pem, &key_pem, ca_pem.as_deref()).map_err(|e| {
        // The file at fault, named as the error's place.
        let at = match (e.material, client_ca) {
            (serve::TlsMaterial::Certificate, _) => cert.display().to_string(),
            (serve::TlsMaterial::PrivateKey, _) => key.display().to_string(),
            (serve::TlsMaterial::ClientCa, Some(ca)) => ca.display().to_string(),
            _ => return format!("the certificate and key do not make a TLS configuration: {}", e.message),
        };
        format!("{at}: {}", e.message)
    })?;
    Ok((config, cert_pem))
}

/// The URL clients use: a wildcard listen address is reached on loopback.
fn client_url(addr: SocketAddr, tls: bool) -> String {
    let ip = match addr.ip() {
        IpAddr::V4(ip) if ip.is_unspecified() => IpAddr::V4(Ipv4Addr::LOCALHOST),
        IpAddr::V6(ip) if ip.is_unspecified() => IpAddr::V6(Ipv6Addr::LOCALHOST),
        ip => ip,
    };
    format!("{}://{}", if tls { "https" } else { "http" }, SocketAddr::new(ip, addr.port()))
}

/// Writes the kubeconfig whole or not at all (a reader polling for it never sees half a file).
fn write_kubeconfig(path: &Path, url: &str, ca_pem: Option<&[u8]>) -> Result<(), String> {
    let text = match ca_pem {
        None => kapi_testing::kubeconfig(url),
        Some(pem) => {
            let mut data = Vec::new();
            kapi_machinery::base64::encode_into(pem, &mut data);
            let data = String::from_utf8_lossy(&data);
            format!(
                "apiVersion: v1\nkind: Config\nclusters:\n- name: kapi-testing\n  cluster:\n    server: {url}\n    \
                 certificate-authority-data: {data}\nusers:\n- name: kapi-testing\n  user: {{}}\ncontexts:\n\
                 - name: kapi-testing\n  context:\n    cluster: kapi-testing\n    user: kapi-testing\n    \
                 namespace: default\ncurrent-context: kapi-testing\n"
            )
        }
    };
    let mut tmp = path.as_os_str().to_owned();
    tmp.push(".tmp");
    let tmp = PathBuf::from(tmp);
    std::fs::write(&tmp, text).map_err(|e| format!("writing {}: {e}", tmp.display()))?;
    std::fs::rename(&tmp, path).map_err(|e| format!("writing {}: {e}", path.display()))
}

/// The stop signals, listened for from creation on: Ctrl-C (SIGINT) and, on Unix, SIGTERM.
struct StopSignals {
    #[cfg(unix)]
    interrupt: tokio::signal::unix::Signal,
    #[cfg(unix)]
    terminate: tokio::signal::unix::Signal,
}

impl StopSignals {
    /// Installs the handlers now (a signal that arrives before [`StopSignals::recv`] is kept).
    fn install() -> Result<StopSignals, String> {
        #[cfg(unix)]
        {
            use tokio::signal::unix::{SignalKind, signal};
            let interrupt = signal(SignalKind::interrupt()).map_err(|e| format!("listening for SIGINT: {e}"))?;
            let terminate = signal(SignalKind::terminate()).map_err(|e| format!("listening for SIGTERM: {e}"))?;
            Ok(StopSignals { interrupt, terminate })
        }
        #[cfg(not(unix))]
        Ok(StopSignals {})
    }

    /// Waits for a stop signal and names it.
    async fn recv(&mut self) -> Result<&'static str, String> {
        #[cfg(unix)]
        {
            tokio::select! {
                _ = self.interrupt.recv() => Ok("SIGINT"),
                _ = self.terminate.recv() => Ok("SIGTERM"),
            }
        }
        #[cfg(not(unix))]
        {
            tokio::signal::ctrl_c().await.map(|()| "Ctrl-C").map_err(|e| format!("listening for Ctrl-C: {e}"))
        }
    }
}

async fn run(args: Args) -> Result<(), String> {
    let tls = match (&args.tls_cert_file, &args.tls_private_key_file) {
        (Some(cert), Some(key)) => Some(tls_config(cert, key, args.client_ca_file.as_deref())?),
        _ => None,
    };
    // Installed before anyone is told the server is up, so a stop request sent right after the
    // kubeconfig appears is a clean stop, never the default action of the signal.
    let mut stop = StopSignals::install()?;
    // kube-apiserver sets the versions and then the gates once from all its `--feature-gates`
    // values joined, after parsing the flags, and stops with the error alone (`Error: <message>`).
    let gates = component_flags::apply(&args.feature_gates, &args.emulated_version, |kube| {
        FeatureGates::parse_flags(kube.iter().map(String::as_str)).map_err(|e| e.to_string())
    })?;
    // kube-apiserver logs a warning for each generally available or deprecated gate set.
    for warning in gates.flag_warnings() {
        eprintln!("kapi-test-server: {warning}");
    }
    let api = Arc::new(ApiServer::new().with_feature_gates(gates));
    api.register_builtin();
    let mut config = RuntimeConfig::new();
    for spec in &args.runtime_config {
        config.extend(spec).map_err(|e| format!("--runtime-config: {e}"))?;
    }
    api.set_runtime_config(config).map_err(|e| format!("--runtime-config: {e}"))?;
    api.set_service_ranges(ServiceRanges {
        cluster_ip: ServiceRanges::parse_cluster_ip_range(&args.service_cluster_ip_range)
            .map_err(|e| format!("--service-cluster-ip-range: {e}"))?,
        node_ports: ServiceRanges::parse_node_port_range(&args.service_node_port_range)
            .map_err(|e| format!("--service-node-port-range: {e}"))?,
    });
    api.set_controllers(Controllers::parse(&args.controllers).map_err(|e| format!("--controllers: {e}"))?);
    if let Some(path) = &args.admission_control_config_file {
        let text = std::fs::read(path).map_err(|e| format!("reading {}: {e}", path.display()))?;
        let config = kapi_testing::server::PodSecurityConfig::parse(&text)
            .map_err(|e| format!("--admission-control-config-file {}: {e}", path.display()))?;
        api.set_pod_security(config);
    }
    if let Some(path) = &args.audit_policy_file {
        let text = std::fs::read(path).map_err(|e| format!("reading {}: {e}", path.display()))?;
        let policy = kapi_testing::AuditPolicy::parse(&text)
            .map_err(|e| format!("--audit-policy-file {}: {e}", path.display()))?;
        let log: Option<Box<dyn std::io::Write + Send>> = match &args.audit_log_path {
            None => None,
            Some(p) if p.as_os_str() == "-" => Some(Box::new(std::io::stdout())),
            Some(p) => Some(Box::new(
                std::fs::OpenOptions::new()
                    .create(true)
                    .append(true)
                    .open(p)
                    .map_err(|e| format!("--audit-log-path {}: {e}", p.display()))?,
            )),
        };
        api.set_audit(policy, log);
    }
    let mut plugins = api.admission_plugins();
    if let Some(names) = &args.enable_admission_plugins {
        plugins.set(names, true).map_err(|e| format!("--enable-admission-plugins: {e}"))?;
    }
    if let Some(names) = &args.disable_admission_plugins {
        plugins.set(names, false).map_err(|e| format!("--disable-admission-plugins: {e}"))?;
    }
    api.set_admission_plugins(plugins);
    if let Some(path) = &args.token_auth_file {
        let text = std::fs::read_to_string(path).map_err(|e| format!("reading {}: {e}", path.display()))?;
        let tokens = parse_token_file(&text).map_err(|e| format!("{}: {e}", path.display()))?;
        api.set_static_tokens(tokens);
    }
    let max_expiration = match args.service_account_max_token_expiration.as_deref() {
        None => None,
        Some(text) => {
            let d = kapi_machinery::types::Duration::parse_go(text)
                .map_err(|e| format!("--service-account-max-token-expiration: {e}"))?;
            // Zero is no cap; a negative one is below the hour allowed.
            (d.as_nanos() != 0).then(|| Duration::from_nanos(u64::try_from(d.as_nanos()).unwrap_or(0)))
        }
    };
    api.set_token_options(TokenOptions {
        max_expiration,
        extend_expiration: args.service_account_extend_token_expiration,
    })?;
    api.set_authorization_mode(match args.authorization_mode.as_str() {
        "AlwaysAllow" => AuthorizationMode::AlwaysAllow,
        "RBAC" => AuthorizationMode::Rbac,
        other => return Err(format!("--authorization-mode: {other:?} is not AlwaysAllow or RBAC")),
    });
    api.set_max_in_flight(InFlightLimits {
        read_only: args.max_requests_inflight,
        mutating: args.max_mutating_requests_inflight,
    });
    // The certificates clients verify the server with are what pods find in `kube-root-ca.crt`.
    if let Some((_, pem)) = &tls {
        api.set_root_ca(Some(String::from_utf8_lossy(pem).into_owned()));
    }
    let served = api.tracker().resources().len();
    let addr = SocketAddr::new(args.address, args.port);
    let server = TestServer::start_on(addr, api, tls.as_ref().map(|(c, _)| Arc::clone(c)))
        .await
        .map_err(|e| format!("listening on {addr}: {e}"))?;
    let url = client_url(server.addr(), tls.is_some());
    if let Some(path) = &args.write_kubeconfig {
        write_kubeconfig(path, &url, tls.as_ref().map(|(_, pem)| pem.as_slice()))?;
    }
    // A closed stdout (the reader went away) must not stop the server: `println!` would panic.
    let mut out = std::io::stdout();
    let _ = writeln!(out, "kapi-test-server: serving {served} resources at {url}");
    if let Some(path) = &args.write_kubeconfig {
        let _ = writeln!(out, "kapi-test-server: kubeconfig written to {}", path.display());
    }
    let _ = out.flush();
    let signal = stop.recv().await?;
    eprintln!("kapi-test-server: {signal} received, stopping");
    if tokio::time::timeout(GRACE, server.shutdown()).await.is_err() {
        eprintln!("kapi-test-server: connections still open after {GRACE:?} were cut");
    }
    Ok(())
}

fn main() -> ExitCode {
    let args = Args::parse();
    let runtime = match tokio::runtime::Builder::new_current_thread().enable_all().build() {
        Ok(r) => r,
        Err(e) => {
            eprintln!("kapi-test-server: starting the runtime: {e}");
            return ExitCode::FAILURE;
        }
    };
    match runtime.block_on(run(args)) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("kapi-test-server: {e}");
            ExitCode::FAILURE
        }
    }
}
