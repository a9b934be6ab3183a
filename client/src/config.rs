//! Client configuration: where the API server is, how to trust it and how to authenticate, built
//! from a kubeconfig file, from the in-cluster service account, or by hand.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::time::Duration;

use crate::Error;
pub use crate::exec::ExecAuth;
use crate::kubeconfig::{AuthInfo, Cluster, Kubeconfig, Merged};
pub use crate::oidc::OidcAuth;
pub use kapi_machinery::budget::DecodeLimits;

/// The directory where Kubernetes mounts a pod's service account credentials.
pub const SERVICE_ACCOUNT_DIR: &str = "/var/run/secrets/kubernetes.io/serviceaccount";

/// The namespace requests use when the configuration names none.
pub const DEFAULT_NAMESPACE: &str = "default";

/// PEM data, given inline or as a file read when the transport is built.
#[derive(Clone, PartialEq, Eq)]
pub enum PemSource {
    /// The PEM text.
    Data(Vec<u8>),
    /// A file holding the PEM text.
    File(PathBuf),
}

impl PemSource {
    /// The PEM bytes (reading the file if need be).
    pub fn load(&self) -> Result<Vec<u8>, Error> {
        match self {
            PemSource::Data(d) => Ok(d.clone()),
            PemSource::File(p) => std::fs::read(p).map_err(|e| Error::Config(format!("reading {}: {e}", p.display()))),
        }
    }
}

impl std::fmt::Debug for PemSource {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            PemSource::Data(d) => write!(f, "Data({} bytes)", d.len()),
            PemSource::File(p) => f.debug_tuple("File").field(p).finish(),
        }
    }
}

/// How to trust the server and how to present a client certificate.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct TlsConfig {
    /// The CA bundle that signs the server certificate. Without one, the system bundle is used.
    pub ca: Option<PemSource>,
    /// The client certificate chain (needs `client_key`).
    pub client_certificate: Option<PemSource>,
    /// The private key of the client certificate (PKCS#8, PKCS#1 or SEC1).
    pub client_key: Option<PemSource>,
    /// Accept any server certificate (insecure; not allowed together with `ca`).
    pub insecure_skip_tls_verify: bool,
    /// The name to verify the server certificate against and to send as SNI, instead of the URL
    /// host.
    pub server_name: Option<String>,
}

/// How requests authenticate (besides a client certificate).
#[derive(Clone, Default, PartialEq, Eq)]
pub enum Auth {
    /// No credentials.
    #[default]
    None,
    /// `Authorization: Bearer <token>`.
    BearerToken(String),
    /// A bearer token read from a file, re-read every minute (projected service account tokens
    /// rotate).
    BearerTokenFile(PathBuf),
    /// `Authorization: Basic …`.
    Basic {
        /// The user name.
        username: String,
        /// The password.
        password: String,
    },
    /// A bearer token and/or client certificate from an exec credential plugin, cached until it
    /// expires and fetched again after a 401.
    Exec(Box<ExecAuth>),
    /// An OpenID Connect ID token, refreshed at the issuer when it expires.
    Oidc(Box<OidcAuth>),
}

impl std::fmt::Debug for Auth {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Auth::None => f.write_str("None"),
            Auth::BearerToken(_) => f.write_str("BearerToken(<redacted>)"),
            Auth::BearerTokenFile(p) => f.debug_tuple("BearerTokenFile").field(p).finish(),
            Auth::Basic { username, .. } => {
                f.debug_struct("Basic").field("username", username).field("password", &"<redacted>").finish()
            }
            Auth::Exec(exec) => f.debug_tuple("Exec").field(exec).finish(),
            Auth::Oidc(oidc) => f.debug_tuple("Oidc").field(oidc).finish(),
        }
    }
}

/// Whom to act as (`Impersonate-*` headers).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Impersonation {
    /// The user name (`Impersonate-User`); empty for none.
    pub user: String,
    /// The UID (`Impersonate-Uid`).
    pub uid: String,
    /// The groups (`Impersonate-Group`, one header each).
    pub groups: Vec<String>,
    /// Extra user fields (`Impersonate-Extra-<key>`).
    pub extra: BTreeMap<String, Vec<String>>,
}

impl Impersonation {
    /// Whether nothing is impersonated.
    pub fn is_empty(&self) -> bool {
        self.user.is_empty() && self.uid.is_empty() && self.groups.is_empty() && self.extra.is_empty()
    }
}

/// Everything needed to reach an API server.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Config {
    /// The server URL: `http://` or `https://`, host, optional port and path prefix.
    pub base_url: String,
    /// TLS settings (for `https://`).
    pub tls: TlsConfig,
    /// Request credentials.
    pub auth: Auth,
    /// Whom to impersonate.
    pub impersonate: Impersonation,
    /// The namespace the configuration selects (the kubeconfig context's, or the service
    /// account's); `default` otherwise.
    pub namespace: String,
    /// The deadline of a request: connecting, the TLS handshake and the response headers, and
    /// for a non-watch request the whole response body too (a watch's body is bounded by
    /// [`Limits::watch_idle_timeout`] instead); `None` for no deadline.
    pub timeout: Option<Duration>,
    /// The `User-Agent` header.
    pub user_agent: String,
    /// Size and idle limits on responses.
    pub limits: Limits,
    /// Do not ask for gzip (`disable-compression`). Otherwise non-watch requests send
    /// `Accept-Encoding: gzip` and a gzip body is decoded as it arrives, the size limit counting
    /// the decoded bytes.
    pub disable_compression: bool,
    /// The proxy requests go through (`proxy-url`): `http://host:port` (HTTP `CONNECT`) or
    /// `socks5://host:port`; `None` for a direct connection or the environment's proxy.
    pub proxy_url: Option<String>,
    /// Without `proxy_url`, use `HTTPS_PROXY`/`HTTP_PROXY`/`NO_PROXY` as client-go does
    /// ([`crate::proxy::ProxyEnv`]); loopback hosts are never proxied.
    pub proxy_from_environment: bool,
    /// How requests the server asks to retry later are retried.
    pub retry: Retry,
    /// A client-side limit on the request rate; `None` for none.
    pub rate_limit: Option<RateLimit>,
    /// Offer HTTP/2 by ALPN on `https://` (one multiplexed connection per host, pinged when
    /// idle); HTTP/1.1 when the server does not take it or this is off.
    pub http2: bool,
}

/// Retries of responses that carry `Retry-After`: a `429` (the server did not process the
/// request, so any method) and a `503` or `504` to a `GET`, `HEAD` or `OPTIONS`; and, as
/// client-go, of a `GET` whose connection was reset or closed before the response came (never
/// another method: the server may have acted on it).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Retry {
    /// The most retries of one request; 0 turns retrying off.
    pub max_retries: u32,
    /// The longest wait honoured: a longer `Retry-After` is cut to this.
    pub max_delay: Duration,
    /// The wait before sending a `GET` again after its connection was lost (client-go: 1 s).
    pub connection_lost_delay: Duration,
}

impl Default for Retry {
    fn default() -> Retry {
        // client-go retries up to 10 times; each wait is bounded here so that a server cannot
        // park a request for long.
        Retry { max_retries: 10, max_delay: Duration::from_secs(30), connection_lost_delay: Duration::from_secs(1) }
    }
}

/// A token bucket over the requests of one transport, as client-go's default rate limiter:
/// `burst` requests at once, then `qps` per second.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct RateLimit {
    /// Requests per second in the long run.
    pub qps: f64,
    /// Requests allowed at once.
    pub burst: u32,
}

impl RateLimit {
    /// client-go's defaults: 5 requests per second, bursts of 10.
    pub const CLIENT_GO: RateLimit = RateLimit { qps: 5.0, burst: 10 };
}

// `qps` is checked to be finite and positive when a transport is built, so equality is total
// for every value in use.
impl Eq for RateLimit {}

/// The default of [`Limits::max_response_bytes`]: 1 GiB, above any list a real cluster returns
/// in one response short of hundreds of thousands of objects (which call for paging).
pub const DEFAULT_MAX_RESPONSE_BYTES: u64 = 1 << 30;
/// The default of [`Config::timeout`].
pub const DEFAULT_TIMEOUT: Duration = Duration::from_secs(60);
/// The default of [`Limits::watch_idle_timeout`].
pub const DEFAULT_WATCH_IDLE_TIMEOUT: Duration = Duration::from_secs(300);
/// The default of [`Limits::watch_idle_grace`].
pub const DEFAULT_WATCH_IDLE_GRACE: Duration = Duration::from_secs(30);

/// Limits on what a response may take, beyond [`Config::timeout`]. docs/reliability.md lists
/// them with client-go's and kube-rs's.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Limits {
    /// The largest non-watch response body read (error bodies of watches included); past it the
    /// connection is closed and the call fails with [`Error::ResponseTooLarge`].
    pub max_response_bytes: u64,
    /// The longest silence on a watch (or `follow`ed log) body that names no `timeoutSeconds`
    /// before it fails with [`Error::Timeout`]; `None` for no limit.
    pub watch_idle_timeout: Option<Duration>,
    /// For a watch that names `timeoutSeconds`, the server ends it by then: the idle limit is
    /// `timeoutSeconds` plus this grace.
    pub watch_idle_grace: Duration,
    /// The storage one decoded response or watch event may allocate for its lists, maps and
    /// boxes, so that a small body cannot describe a huge object (see
    /// [`kapi_machinery::budget`]); past it the call fails with [`Error::Decode`].
    pub decode: DecodeLimits,
}

impl Default for Limits {
    fn default() -> Limits {
        Limits {
            max_response_bytes: DEFAULT_MAX_RESPONSE_BYTES,
            watch_idle_timeout: Some(DEFAULT_WATCH_IDLE_TIMEOUT),
            watch_idle_grace: DEFAULT_WATCH_IDLE_GRACE,
            decode: DecodeLimits::DEFAULT,
        }
    }
}

impl Config {
    /// A configuration for a server URL with no TLS settings or credentials.
    pub fn new(base_url: impl Into<String>) -> Result<Config, Error> {
        let base_url = base_url.into();
        parse_base_url(&base_url)?;
        Ok(Config {
            base_url,
            tls: TlsConfig::default(),
            auth: Auth::None,
            impersonate: Impersonation::default(),
            namespace: DEFAULT_NAMESPACE.to_owned(),
            timeout: Some(DEFAULT_TIMEOUT),
            user_agent: default_user_agent(),
            limits: Limits::default(),
            disable_compression: false,
            proxy_url: None,
            proxy_from_environment: true,
            retry: Retry::default(),
            rate_limit: None,
            http2: true,
        })
    }

    /// The configuration from a kubeconfig: `context` or the current context, its cluster and
    /// user. Relative file paths are resolved against `base_dir` (the file's directory); files are
    /// read now, so problems name the kubeconfig field (`users[0].user.client-key`). `source`
    /// names the kubeconfig in errors.
    pub fn from_kubeconfig(
        kubeconfig: &Kubeconfig,
        context: Option<&str>,
        base_dir: &Path,
        source: &str,
    ) -> Result<Config, Error> {
        let named = |i: usize| (source.to_owned(), i);
        build(kubeconfig, context, base_dir, source, &named, &named)
    }

    /// The configuration of `context` (or the current context) of merged kubeconfig files;
    /// problems name the file and index an entry came from.
    pub fn from_merged_kubeconfig(merged: &Merged, context: Option<&str>) -> Result<Config, Error> {
        let origin = |list: &[crate::kubeconfig::Origin], i: usize| match list.get(i) {
            Some(o) => (o.file.display().to_string(), o.index),
            None => (merged.describe(), i),
        };
        let clusters = |i| origin(&merged.cluster_origins, i);
        let users = |i| origin(&merged.user_origins, i);
        let mut config = build(&merged.kubeconfig, context, Path::new(""), &merged.describe(), &clusters, &users)?;
        persist_oidc_to(&mut config, &merged.kubeconfig, context, |ui| {
            merged.user_origins.get(ui).map(|o| o.file.clone()).unwrap_or_default()
        });
        Ok(config)
    }

    /// Reads a kubeconfig file and builds the configuration of `context` (or the current one).
    pub fn from_kubeconfig_file(path: &Path, context: Option<&str>) -> Result<Config, Error> {
        let kubeconfig = Kubeconfig::read(path)?;
        let base_dir = path.parent().map(Path::to_path_buf).unwrap_or_default();
        let mut config = Config::from_kubeconfig(&kubeconfig, context, &base_dir, &path.display().to_string())?;
        persist_oidc_to(&mut config, &kubeconfig, context, |_| path.to_path_buf());
        Ok(config)
    }

    /// The configuration from the default kubeconfig: the existing files of `KUBECONFIG`
    /// merged (the first file to set an entry wins), else `~/.kube/config`.
    pub fn from_default_kubeconfig(context: Option<&str>) -> Result<Config, Error> {
        let paths = crate::kubeconfig::default_paths();
        if paths.is_empty() {
            return Err(Error::Config(
                "no kubeconfig found: KUBECONFIG names no existing file and ~/.kube/config does not exist".into(),
            ));
        }
        Config::from_merged_kubeconfig(&Merged::read(&paths)?, context)
    }

    /// The configuration of a pod: `KUBERNETES_SERVICE_HOST`/`KUBERNETES_SERVICE_PORT` and the
    /// service account in [`SERVICE_ACCOUNT_DIR`].
    pub fn in_cluster() -> Result<Config, Error> {
        Config::in_cluster_from(|k| std::env::var(k).ok(), Path::new(SERVICE_ACCOUNT_DIR))
    }

    /// The in-cluster configuration with the environment read through `env` and the service
    /// account files (`token`, `ca.crt`, optional `namespace`) in `dir`.
    pub fn in_cluster_from(env: impl Fn(&str) -> Option<String>, dir: &Path) -> Result<Config, Error> {
        let host = env("KUBERNETES_SERVICE_HOST").filter(|s| !s.is_empty());
        let port = env("KUBERNETES_SERVICE_PORT").filter(|s| !s.is_empty());
        let (Some(host), Some(port)) = (host, port) else {
            return Err(Error::Config(
                "not running in a cluster: KUBERNETES_SERVICE_HOST and KUBERNETES_SERVICE_PORT must be set".into(),
            ));
        };
        if port.parse::<u16>().is_err() {
            return Err(Error::Config(format!("KUBERNETES_SERVICE_PORT: {port:?} is not a port number")));
        }
        let host = if host.contains(':') && !host.starts_with('[') { format!("[{host}]") } else { host };
        let mut config = Config::new(format!("https://{host}:{port}"))
            .map_err(|e| Error::Config(format!("KUBERNETES_SERVICE_HOST: {e}")))?;
        let token_path = dir.join("token");
        let token = std::fs::read_to_string(&token_path)
            .map_err(|e| Error::Config(format!("reading the service account token {}: {e}", token_path.display())))?;
        if token.trim().is_empty() {
            return Err(Error::Config(format!("the service account token {} is empty", token_path.display())));
        }
        config.auth = Auth::BearerTokenFile(token_path);
        let ca_path = dir.join("ca.crt");
        let ca = std::fs::read(&ca_path)
            .map_err(|e| Error::Config(format!("reading the service account CA {}: {e}", ca_path.display())))?;
        crate::pem::parse_certificates(&ca).map_err(|e| Error::Config(format!("{}: {e}", ca_path.display())))?;
        config.tls.ca = Some(PemSource::Data(ca));
        match std::fs::read_to_string(dir.join("namespace")) {
            Ok(ns) if !ns.trim().is_empty() => config.namespace = ns.trim().to_owned(),
            Ok(_) => {}
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => {}
            Err(e) => {
                return Err(Error::Config(format!("reading {}: {e}", dir.join("namespace").display())));
            }
        }
        Ok(config)
    }

    /// As client-go's default loading: the merged default kubeconfig when it configures
    /// anything, else the in-cluster configuration.
    pub fn infer() -> Result<Config, Error> {
        let merged = Merged::read(&crate::kubeconfig::default_paths())?;
        if !merged.is_empty() {
            return Config::from_merged_kubeconfig(&merged, None);
        }
        Config::in_cluster().map_err(|e| {
            Error::Config(format!(
                "no configuration found: the kubeconfig ({}) configures nothing (KUBECONFIG or ~/.kube/config), \
                 and {e}",
                merged.describe()
            ))
        })
    }
}

/// The default `User-Agent`.
pub fn default_user_agent() -> String {
    format!("kapi-client/{}", env!("CARGO_PKG_VERSION"))
}

/// Checks a server URL: `http` or `https`, a host, no query or fragment.
pub(crate) fn parse_base_url(url: &str) -> Result<http::Uri, Error> {
    let uri: http::Uri = url.parse().map_err(|e| Error::Config(format!("server URL {url:?}: {e}")))?;
    match uri.scheme_str() {
        Some("http" | "https") => {}
        Some(other) => {
            return Err(Error::Config(format!("server URL {url:?}: scheme {other:?} is not http or https")));
        }
        None => return Err(Error::Config(format!("server URL {url:?}: no scheme (http:// or https://)"))),
    }
    if uri.host().is_none_or(str::is_empty) {
        return Err(Error::Config(format!("server URL {url:?}: no host")));
    }
    if uri.query().is_some() || url.contains('#') {
        return Err(Error::Config(format!("server URL {url:?}: must not have a query or fragment")));
    }
    Ok(uri)
}

fn resolve(base_dir: &Path, p: &str) -> PathBuf {
    let path = Path::new(p);
    if path.is_absolute() { path.to_path_buf() } else { base_dir.join(path) }
}

/// PEM from a `*-data` field or else a file field, checked with `check` so that a problem names
/// the field.
fn pem_field(
    data: &[u8],
    file: &str,
    base_dir: &Path,
    source: &str,
    (data_field, file_field): (&str, &str),
    check: fn(&[u8]) -> Result<(), String>,
) -> Result<Option<PemSource>, Error> {
    if !data.is_empty() {
        check(data).map_err(|e| Error::Config(format!("{source}: {data_field}: {e}")))?;
        return Ok(Some(PemSource::Data(data.to_vec())));
    }
    if file.is_empty() {
        return Ok(None);
    }
    let path = resolve(base_dir, file);
    let bytes = std::fs::read(&path)
        .map_err(|e| Error::Config(format!("{source}: {file_field}: reading {}: {e}", path.display())))?;
    check(&bytes).map_err(|e| Error::Config(format!("{source}: {file_field}: {}: {e}", path.display())))?;
    Ok(Some(PemSource::Data(bytes)))
}

fn check_certs(pem: &[u8]) -> Result<(), String> {
    crate::pem::parse_certificates(pem).map(drop)
}

fn check_key(pem: &[u8]) -> Result<(), String> {
    crate::pem::parse_private_key(pem).map(drop)
}

/// Points an OIDC provider at the file its user came from (`file_of` maps the user's index), so
/// that refreshed tokens are written back.
fn persist_oidc_to(
    config: &mut Config,
    kubeconfig: &Kubeconfig,
    context: Option<&str>,
    file_of: impl Fn(usize) -> PathBuf,
) {
    let Auth::Oidc(oidc) = &mut config.auth else { return };
    let Ok(sel) = kubeconfig.select(context, "") else { return };
    if let Some((ui, _)) = sel.user {
        let file = file_of(ui);
        if !file.as_os_str().is_empty() {
            oidc.persist_to = Some(crate::oidc::PersistTarget { file, user: sel.context.auth_info.clone() });
        }
    }
}

/// The configuration of a context: `cluster_at` and `user_at` name the file and index an entry
/// came from, for messages.
fn build(
    kubeconfig: &Kubeconfig,
    context: Option<&str>,
    base_dir: &Path,
    source: &str,
    cluster_at: &dyn Fn(usize) -> (String, usize),
    user_at: &dyn Fn(usize) -> (String, usize),
) -> Result<Config, Error> {
    let sel = kubeconfig.select(context, source)?;
    let (cluster_source, ci) = cluster_at(sel.cluster_index);
    let mut config = cluster_config(sel.cluster, base_dir, &cluster_source, &format!("clusters[{ci}].cluster"))?;
    if let Some((ui, user)) = sel.user {
        let (user_source, ui) = user_at(ui);
        apply_user(&mut config, user, sel.cluster, base_dir, &user_source, &format!("users[{ui}].user"))?;
    }
    if !sel.context.namespace.is_empty() {
        config.namespace = sel.context.namespace.clone();
    }
    Ok(config)
}

fn cluster_config(cluster: &Cluster, base_dir: &Path, source: &str, path: &str) -> Result<Config, Error> {
    if cluster.server.is_empty() {
        return Err(Error::Config(format!("{source}: {path}.server: must be set")));
    }
    let server =
        if cluster.server.contains("://") { cluster.server.clone() } else { format!("https://{}", cluster.server) };
    let mut config = Config::new(server.trim_end_matches('/'))
        .map_err(|e| Error::Config(format!("{source}: {path}.server: {e}")))?;
    config.tls.ca = pem_field(
        &cluster.certificate_authority_data,
        &cluster.certificate_authority,
        base_dir,
        source,
        (&format!("{path}.certificate-authority-data"), &format!("{path}.certificate-authority")),
        check_certs,
    )?;
    config.tls.insecure_skip_tls_verify = cluster.insecure_skip_tls_verify;
    if config.tls.insecure_skip_tls_verify && config.tls.ca.is_some() {
        return Err(Error::Config(format!(
            "{source}: {path}.insecure-skip-tls-verify: a certificate authority must not be given together with \
             insecure-skip-tls-verify"
        )));
    }
    if !cluster.tls_server_name.is_empty() {
        config.tls.server_name = Some(cluster.tls_server_name.clone());
    }
    if !cluster.proxy_url.is_empty() {
        crate::proxy::Proxy::parse(&cluster.proxy_url)
            .map_err(|e| Error::Config(format!("{source}: {path}.proxy-url: {e}")))?;
        config.proxy_url = Some(cluster.proxy_url.clone());
    }
    config.disable_compression = cluster.disable_compression;
    Ok(config)
}

fn apply_user(
    config: &mut Config,
    user: &AuthInfo,
    cluster: &Cluster,
    base_dir: &Path,
    source: &str,
    path: &str,
) -> Result<(), Error> {
    if user.exec.is_some() && user.auth_provider.is_some() {
        return Err(Error::Config(format!(
            "{source}: {path}.exec: an exec plugin and an auth-provider must not both be given"
        )));
    }
    let plugin = if let Some(exec) = &user.exec {
        let ca = match &config.tls.ca {
            Some(PemSource::Data(d)) => Some(d.as_slice()),
            _ => None,
        };
        let mut exec = ExecAuth::from_kubeconfig(exec, cluster, ca, source, &format!("{path}.exec"))?;
        // A bare name is looked up in PATH; a relative path is taken from the kubeconfig's directory.
        if exec.command.contains(std::path::MAIN_SEPARATOR) && !Path::new(&exec.command).is_absolute() {
            exec.command = resolve(base_dir, &exec.command).display().to_string();
        }
        Some(Auth::Exec(Box::new(exec)))
    } else if let Some(provider) = &user.auth_provider {
        Some(auth_provider(provider, base_dir, source, &format!("{path}.auth-provider"))?)
    } else {
        None
    };
    let cert = pem_field(
        &user.client_certificate_data,
        &user.client_certificate,
        base_dir,
        source,
        (&format!("{path}.client-certificate-data"), &format!("{path}.client-certificate")),
        check_certs,
    )?;
    let key = pem_field(
        &user.client_key_data,
        &user.client_key,
        base_dir,
        source,
        (&format!("{path}.client-key-data"), &format!("{path}.client-key")),
        check_key,
    )?;
    match (&cert, &key) {
        (Some(_), None) => {
            return Err(Error::Config(format!(
                "{source}: {path}.client-key-data: a client certificate is given but no client key"
            )));
        }
        (None, Some(_)) => {
            return Err(Error::Config(format!(
                "{source}: {path}.client-certificate-data: a client key is given but no client certificate"
            )));
        }
        _ => {}
    }
    config.tls.client_certificate = cert;
    config.tls.client_key = key;

    let has_token = !user.token.is_empty() || !user.token_file.is_empty();
    let has_basic = !user.username.is_empty() || !user.password.is_empty();
    if has_token && has_basic {
        return Err(Error::Config(format!(
            "{source}: {path}.username: basic authentication and a bearer token must not both be given"
        )));
    }
    if !user.token_file.is_empty() {
        // As client-go: the file wins over an inline token; it must be readable now.
        let file = resolve(base_dir, &user.token_file);
        std::fs::read_to_string(&file)
            .map_err(|e| Error::Config(format!("{source}: {path}.tokenFile: reading {}: {e}", file.display())))?;
        config.auth = Auth::BearerTokenFile(file);
    } else if !user.token.is_empty() {
        config.auth = Auth::BearerToken(user.token.clone());
    } else if has_basic {
        config.auth = Auth::Basic { username: user.username.clone(), password: user.password.clone() };
    }
    if let Some(plugin) = plugin {
        if has_token || has_basic {
            let what = if user.exec.is_some() { "exec" } else { "auth-provider" };
            return Err(Error::Config(format!(
                "{source}: {path}.{what}: a token or basic authentication must not be given together with it"
            )));
        }
        config.auth = plugin;
    }
    config.impersonate = Impersonation {
        user: user.impersonate.clone(),
        uid: user.impersonate_uid.clone(),
        groups: user.impersonate_groups.clone(),
        extra: user.impersonate_user_extra.clone(),
    };
    Ok(())
}

/// The credential of a kubeconfig `auth-provider`: `oidc` is supported; the removed in-tree
/// `gcp` and `azure` providers get an error naming the exec plugin that replaced them.
fn auth_provider(
    provider: &crate::kubeconfig::AuthProviderConfig,
    base_dir: &Path,
    source: &str,
    path: &str,
) -> Result<Auth, Error> {
    match provider.name.as_str() {
        "oidc" => Ok(Auth::Oidc(Box::new(OidcAuth::from_kubeconfig(&provider.config, base_dir, source, path)?))),
        "gcp" => Err(Error::Config(format!(
            "{source}: {path}: the gcp auth provider was removed from Kubernetes clients; use the exec plugin \
             gke-gcloud-auth-plugin (`gcloud components install gke-gcloud-auth-plugin`, then \
             `gcloud container clusters get-credentials` rewrites the kubeconfig)"
        ))),
        "azure" => Err(Error::Config(format!(
            "{source}: {path}: the azure auth provider was removed from Kubernetes clients; use the exec plugin \
             kubelogin (`kubelogin convert-kubeconfig -l azurecli` rewrites the kubeconfig)"
        ))),
        other => Err(Error::Config(format!(
            "{source}: {path}.name: auth provider {other:?} is not supported (only oidc; use an exec plugin)"
        ))),
    }
}
