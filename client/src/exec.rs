//! Exec credential plugins (`client.authentication.k8s.io` v1 and v1beta1): the command a kubeconfig names is run, bounded in time and output, and the token or client certificate of its `ExecCredential` is cached until it expires or the server answers 401.

use std::io::IsTerminal;
use std::sync::{Arc, Mutex, PoisonError};
use std::time::{Duration, SystemTime, UNIX_EPOCH};

use kapi_api::clientauthentication::{v1, v1beta1};
use kapi_machinery::TypeMeta;
use kapi_machinery::types::{RawExtension, Time};
use rustls::client::ResolvesClientCert;
use rustls::sign::CertifiedKey;
use tokio::io::{AsyncRead, AsyncReadExt};

use crate::Error;
use crate::kubeconfig::{self, Cluster};

/// `client.authentication.k8s.io/v1`.
pub const V1: &str = "client.authentication.k8s.io/v1";
/// `client.authentication.k8s.io/v1beta1`.
pub const V1BETA1: &str = "client.authentication.k8s.io/v1beta1";
/// The name of the cluster extension handed to a plugin as `spec.cluster.config`.
pub const CLUSTER_CONFIG_EXTENSION: &str = "client.authentication.k8s.io/exec";
/// The environment variable holding the plugin's input `ExecCredential`.
pub const EXEC_INFO_ENV: &str = "KUBERNETES_EXEC_INFO";

/// The default limit on one plugin run. Interactive plugins (a browser login) can take minutes.
pub const DEFAULT_EXEC_TIMEOUT: Duration = Duration::from_secs(300);
/// The default limit on a plugin's standard output; a credential with a certificate chain is a
/// few kilobytes.
pub const DEFAULT_EXEC_MAX_OUTPUT: usize = 1 << 20;
/// How much of a plugin's standard error is kept for the error message.
const MAX_STDERR_KEPT: usize = 16 << 10;

/// Whether a plugin may read the terminal.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum InteractiveMode {
    /// Standard input is never given to the plugin.
    Never,
    /// Standard input is given when it is a terminal.
    IfAvailable,
    /// The plugin needs the terminal; running without one is an error.
    Always,
}

impl InteractiveMode {
    /// Parses the kubeconfig value (`Never`, `IfAvailable`, `Always`).
    pub fn parse(s: &str) -> Option<InteractiveMode> {
        match s {
            "Never" => Some(InteractiveMode::Never),
            "IfAvailable" => Some(InteractiveMode::IfAvailable),
            "Always" => Some(InteractiveMode::Always),
            _ => None,
        }
    }
}

/// An exec credential plugin: what to run and how much it may take.
#[derive(Clone, PartialEq)]
pub struct ExecAuth {
    /// The command (a name looked up in `PATH`, or a path).
    pub command: String,
    /// Its arguments.
    pub args: Vec<String>,
    /// Environment variables added to the client's own.
    pub env: Vec<(String, String)>,
    /// [`V1`] or [`V1BETA1`]: the version the plugin reads and writes.
    pub api_version: String,
    /// Shown when the command cannot be found.
    pub install_hint: String,
    /// Whether the plugin may read the terminal.
    pub interactive_mode: InteractiveMode,
    /// The cluster handed to the plugin (`provideClusterInfo`), if any.
    pub cluster: Option<v1::Cluster>,
    /// The limit on one run, after which the plugin is killed.
    pub timeout: Duration,
    /// The limit on the plugin's standard output.
    pub max_output: usize,
}

// Every field compares structurally over types that are themselves `Eq` (strings, byte vectors,
// `RawExtension`); `v1::Cluster` only lacks the derive.
impl Eq for ExecAuth {}

impl std::fmt::Debug for ExecAuth {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        // Environment values often carry secrets: show the names only.
        let env: Vec<&str> = self.env.iter().map(|(k, _)| k.as_str()).collect();
        f.debug_struct("ExecAuth")
            .field("command", &self.command)
            .field("args", &self.args)
            .field("env", &env)
            .field("api_version", &self.api_version)
            .field("interactive_mode", &self.interactive_mode)
            .field("provide_cluster_info", &self.cluster.is_some())
            .field("timeout", &self.timeout)
            .finish_non_exhaustive()
    }
}

impl ExecAuth {
    /// A plugin running `command` that speaks [`V1`], never interactive.
    pub fn new(command: impl Into<String>) -> ExecAuth {
        ExecAuth {
            command: command.into(),
            args: Vec::new(),
            env: Vec::new(),
            api_version: V1.to_owned(),
            install_hint: String::new(),
            interactive_mode: InteractiveMode::Never,
            cluster: None,
            timeout: DEFAULT_EXEC_TIMEOUT,
            max_output: DEFAULT_EXEC_MAX_OUTPUT,
        }
    }

    /// The plugin of a kubeconfig `exec` entry; `cluster` is the context's cluster, with its CA
    /// already loaded into `ca_data`. Problems name `path` (`users[0].user.exec`).
    pub fn from_kubeconfig(
        exec: &kubeconfig::ExecConfig,
        cluster: &Cluster,
        ca_data: Option<&[u8]>,
        source: &str,
        path: &str,
    ) -> Result<ExecAuth, Error> {
        let bad = |field: &str, msg: String| Error::Config(format!("{source}: {path}.{field}: {msg}"));
        if exec.command.is_empty() {
            return Err(bad("command", "must be set".into()));
        }
        if exec.api_version != V1 && exec.api_version != V1BETA1 {
            return Err(bad(
                "apiVersion",
                format!("{:?} is not supported; use {V1:?} (or {V1BETA1:?})", exec.api_version),
            ));
        }
        let interactive_mode = match exec.interactive_mode.as_str() {
            // v1 made the field required; v1beta1 defaults it.
            "" if exec.api_version == V1 => {
                return Err(bad("interactiveMode", format!("must be set for {V1} (Never, IfAvailable or Always)")));
            }
            "" => InteractiveMode::IfAvailable,
            other => InteractiveMode::parse(other)
                .ok_or_else(|| bad("interactiveMode", format!("{other:?} is not Never, IfAvailable or Always")))?,
        };
        for (i, e) in exec.env.iter().enumerate() {
            if e.name.is_empty() || e.name.contains('=') || e.name.contains('\0') || e.value.contains('\0') {
                return Err(bad(&format!("env[{i}]"), format!("{:?} is not a valid environment variable", e.name)));
            }
        }
        let cluster_info = if exec.provide_cluster_info {
            let config = cluster
                .extensions
                .iter()
                .find(|x| x.name == CLUSTER_CONFIG_EXTENSION)
                .map(|x| x.extension.clone())
                .unwrap_or_else(RawExtension::default);
            Some(v1::Cluster {
                server: cluster.server.clone(),
                tls_server_name: cluster.tls_server_name.clone(),
                insecure_skip_tls_verify: cluster.insecure_skip_tls_verify,
                certificate_authority_data: ca_data.map(<[u8]>::to_vec).unwrap_or_default(),
                proxy_url: cluster.proxy_url.clone(),
                disable_compression: cluster.disable_compression,
                config,
            })
        } else {
            None
        };
        Ok(ExecAuth {
            command: exec.command.clone(),
            args: exec.args.clone(),
            env: exec.env.iter().map(|e| (e.name.clone(), e.value.clone())).collect(),
            api_version: exec.api_version.clone(),
            install_hint: exec.install_hint.clone(),
            interactive_mode,
            cluster: cluster_info,
            timeout: DEFAULT_EXEC_TIMEOUT,
            max_output: DEFAULT_EXEC_MAX_OUTPUT,
        })
    }

    fn error(&self, message: impl Into<String>) -> Error {
        Error::ExecPlugin { command: self.command.clone(), message: message.into() }
    }

    /// The `ExecCredential` the plugin reads from `KUBERNETES_EXEC_INFO`.
    fn input(&self, interactive: bool) -> Result<Vec<u8>, Error> {
        let encoded = if self.api_version == V1 {
            let cred = v1::ExecCredential {
                type_meta: TypeMeta { api_version: V1.to_owned(), kind: "ExecCredential".to_owned() },
                spec: v1::ExecCredentialSpec { cluster: self.cluster.clone(), interactive },
                status: None,
            };
            kapi_machinery::json::to_vec(&cred)
        } else {
            let cred = v1beta1::ExecCredential {
                type_meta: TypeMeta { api_version: V1BETA1.to_owned(), kind: "ExecCredential".to_owned() },
                spec: v1beta1::ExecCredentialSpec {
                    cluster: self.cluster.as_ref().map(|c| v1beta1::Cluster {
                        server: c.server.clone(),
                        tls_server_name: c.tls_server_name.clone(),
                        insecure_skip_tls_verify: c.insecure_skip_tls_verify,
                        certificate_authority_data: c.certificate_authority_data.clone(),
                        proxy_url: c.proxy_url.clone(),
                        disable_compression: c.disable_compression,
                        config: c.config.clone(),
                    }),
                    interactive,
                },
                status: None,
            };
            kapi_machinery::json::to_vec(&cred)
        };
        encoded.map_err(|e| self.error(format!("encoding {EXEC_INFO_ENV}: {e}")))
    }

    /// Runs the plugin once and returns the credential it printed.
    pub async fn run(&self) -> Result<Credential, Error> {
        let stdin_is_terminal = std::io::stdin().is_terminal();
        let interactive = match self.interactive_mode {
            InteractiveMode::Never => false,
            InteractiveMode::IfAvailable => stdin_is_terminal,
            InteractiveMode::Always if stdin_is_terminal => true,
            InteractiveMode::Always => {
                return Err(self.error("interactiveMode is Always but standard input is not a terminal"));
            }
        };
        let input = self.input(interactive)?;
        let input = String::from_utf8(input).map_err(|_| self.error("the plugin input is not UTF-8"))?;
        let mut cmd = tokio::process::Command::new(&self.command);
        cmd.args(&self.args)
            .envs(self.env.iter().map(|(k, v)| (k, v)))
            .env(EXEC_INFO_ENV, input)
            .stdout(std::process::Stdio::piped())
            // A plugin left running past the limit (or when the caller gives up) is killed.
            .kill_on_drop(true);
        if interactive {
            // Prompts go to the terminal, so the user sees them and can answer.
            cmd.stdin(std::process::Stdio::inherit()).stderr(std::process::Stdio::inherit());
        } else {
            cmd.stdin(std::process::Stdio::null()).stderr(std::process::Stdio::piped());
        }
        let mut child = cmd.spawn().map_err(|e| {
            if e.kind() == std::io::ErrorKind::NotFound {
                let mut msg = "the executable was not found (is it installed and on PATH?)".to_owned();
                if !self.install_hint.is_empty() {
                    msg.push_str("; install hint: ");
                    msg.push_str(self.install_hint.trim());
                }
                self.error(msg)
            } else {
                self.error(format!("starting it: {e}"))
            }
        })?;
        let stdout = child.stdout.take().expect("stdout was configured as piped");
        let stderr = child.stderr.take();
        let max_output = self.max_output;
        let run = async {
            let out = read_limited(stdout, max_output, true);
            let err = async {
                match stderr {
                    Some(s) => read_limited(s, MAX_STDERR_KEPT, false).await,
                    None => Ok((Vec::new(), false)),
                }
            };
            let (out, err) = tokio::join!(out, err);
            (out, err)
        };
        let ((out, err), status) = match tokio::time::timeout(self.timeout, async {
            let streams = run.await;
            // Past the output limit the plugin is not waited for: dropping it kills it.
            if matches!(streams.0, Ok((_, true))) {
                return (streams, None);
            }
            let status = child.wait().await;
            (streams, Some(status))
        })
        .await
        {
            Ok(r) => r,
            Err(_) => return Err(self.error(format!("did not finish within {:?} and was killed", self.timeout))),
        };
        let stderr_text = match err {
            Ok((bytes, _)) => String::from_utf8_lossy(&bytes).trim().to_owned(),
            Err(_) => String::new(),
        };
        let (stdout, overflow) = out.map_err(|e| self.error(format!("reading its output: {e}")))?;
        if overflow {
            return Err(self.error(format!("printed more than {max_output} bytes; it was stopped")));
        }
        let status =
            status.expect("waited unless the output overflowed").map_err(|e| self.error(format!("waiting: {e}")))?;
        if !status.success() {
            let how = match status.code() {
                Some(code) => format!("exited with status {code}"),
                None => "was killed by a signal".to_owned(),
            };
            let msg = if interactive {
                format!("{how} (its standard error went to the terminal)")
            } else if stderr_text.is_empty() {
                format!("{how} (standard error was empty)")
            } else {
                format!("{how}; standard error: {stderr_text}")
            };
            return Err(self.error(msg));
        }
        self.parse_output(&stdout)
    }

    /// Decodes the plugin's `ExecCredential` and checks it against the configured version.
    pub fn parse_output(&self, stdout: &[u8]) -> Result<Credential, Error> {
        let status = if self.api_version == V1 {
            let cred: v1::ExecCredential = kapi_machinery::json::from_slice(stdout)
                .map_err(|e| self.error(format!("decoding its ExecCredential output: {e}")))?;
            self.check_type(&cred.type_meta)?;
            cred.status.map(|s| (s.token, s.client_certificate_data, s.client_key_data, s.expiration_timestamp))
        } else {
            let cred: v1beta1::ExecCredential = kapi_machinery::json::from_slice(stdout)
                .map_err(|e| self.error(format!("decoding its ExecCredential output: {e}")))?;
            self.check_type(&cred.type_meta)?;
            cred.status.map(|s| (s.token, s.client_certificate_data, s.client_key_data, s.expiration_timestamp))
        };
        let Some((token, cert, key, expiry)) = status else {
            return Err(self.error("its ExecCredential has no status"));
        };
        let certified = match (cert.is_empty(), key.is_empty()) {
            (true, true) => None,
            (false, false) => Some(self.certified_key(cert.as_bytes(), key.as_bytes())?),
            (false, true) => {
                return Err(self.error("status.clientCertificateData is set but status.clientKeyData is not"));
            }
            (true, false) => {
                return Err(self.error("status.clientKeyData is set but status.clientCertificateData is not"));
            }
        };
        if token.is_empty() && certified.is_none() {
            return Err(self.error("its ExecCredential has neither status.token nor a client certificate and key"));
        }
        if !token.is_empty() && http::HeaderValue::from_str(&format!("Bearer {token}")).is_err() {
            return Err(self.error("status.token has characters not allowed in a header"));
        }
        Ok(Credential {
            token: (!token.is_empty()).then_some(token),
            certified,
            expires: expiry.filter(|t| *t != Time::ZERO).map(system_time),
        })
    }

    fn check_type(&self, tm: &TypeMeta) -> Result<(), Error> {
        if tm.api_version != self.api_version {
            return Err(self.error(format!(
                "it printed apiVersion {:?}, but the kubeconfig configures {:?}",
                tm.api_version, self.api_version
            )));
        }
        if tm.kind != "ExecCredential" {
            return Err(self.error(format!("it printed kind {:?}, not ExecCredential", tm.kind)));
        }
        Ok(())
    }

    fn certified_key(&self, cert: &[u8], key: &[u8]) -> Result<Arc<CertifiedKey>, Error> {
        let certs = crate::pem::parse_certificates(cert)
            .map_err(|e| self.error(format!("status.clientCertificateData: {e}")))?;
        let key = crate::pem::parse_private_key(key).map_err(|e| self.error(format!("status.clientKeyData: {e}")))?;
        let signer = rustls::crypto::ring::sign::any_supported_type(&key)
            .map_err(|e| self.error(format!("status.clientKeyData: {e}")))?;
        Ok(Arc::new(CertifiedKey::new(certs, signer)))
    }
}

fn system_time(t: Time) -> SystemTime {
    let secs = t.unix_seconds();
    if secs <= 0 { UNIX_EPOCH } else { UNIX_EPOCH + Duration::from_secs(secs.unsigned_abs()) }
}

/// Reads a pipe to its end, keeping at most `max` bytes. With `stop`, reading stops past `max`
/// (the second value tells so); otherwise the rest is read and dropped, so that the plugin does
/// not block on a full pipe.
async fn read_limited(mut r: impl AsyncRead + Unpin, max: usize, stop: bool) -> std::io::Result<(Vec<u8>, bool)> {
    let mut kept = Vec::new();
    let mut buf = [0u8; 8192];
    loop {
        let n = r.read(&mut buf).await?;
        if n == 0 {
            return Ok((kept, false));
        }
        let room = max.saturating_sub(kept.len());
        kept.extend_from_slice(&buf[..n.min(room)]);
        if n > room && stop {
            return Ok((kept, true));
        }
    }
}

/// What a plugin returned.
#[derive(Clone)]
pub struct Credential {
    /// The bearer token, if any.
    pub token: Option<String>,
    /// The client certificate and its signing key, if any.
    pub certified: Option<Arc<CertifiedKey>>,
    /// When the credential stops being valid; `None` for never (until the server answers 401).
    pub expires: Option<SystemTime>,
}

impl std::fmt::Debug for Credential {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Credential")
            .field("token", &self.token.as_ref().map(|_| "<redacted>"))
            .field("certificate", &self.certified.is_some())
            .field("expires", &self.expires)
            .finish()
    }
}

impl Credential {
    fn is_fresh(&self) -> bool {
        self.expires.is_none_or(|at| SystemTime::now() < at)
    }
}

/// The TLS client certificate of the latest plugin run, read by rustls at each handshake.
#[derive(Debug, Default)]
pub(crate) struct CertSlot(Mutex<Option<Arc<CertifiedKey>>>);

impl ResolvesClientCert for CertSlot {
    fn resolve(&self, _hints: &[&[u8]], _schemes: &[rustls::SignatureScheme]) -> Option<Arc<CertifiedKey>> {
        self.0.lock().unwrap_or_else(PoisonError::into_inner).clone()
    }

    fn has_certs(&self) -> bool {
        true
    }
}

/// A plugin with its cached credential, shared by every request of a transport.
pub(crate) struct ExecState {
    pub(crate) auth: ExecAuth,
    // An async lock, so that concurrent requests wait for one run instead of starting many.
    cache: tokio::sync::Mutex<Option<Arc<Credential>>>,
    pub(crate) certs: Arc<CertSlot>,
}

impl ExecState {
    pub(crate) fn new(auth: ExecAuth) -> ExecState {
        ExecState { auth, cache: tokio::sync::Mutex::new(None), certs: Arc::default() }
    }

    /// The cached credential while it is fresh, else a new one from the plugin. The second value
    /// tells whether the plugin ran (and so whether a new certificate may be in use).
    pub(crate) async fn current(&self) -> Result<(Arc<Credential>, bool), Error> {
        let mut cache = self.cache.lock().await;
        if let Some(c) = cache.as_ref().filter(|c| c.is_fresh()) {
            return Ok((c.clone(), false));
        }
        tracing::debug!(command = %self.auth.command, "running the exec credential plugin");
        let cred = Arc::new(self.auth.run().await?);
        *self.certs.0.lock().unwrap_or_else(PoisonError::into_inner) = cred.certified.clone();
        *cache = Some(cred.clone());
        Ok((cred, true))
    }

    /// Forgets `used` after the server refused it, unless another request already replaced it.
    pub(crate) async fn invalidate(&self, used: &Arc<Credential>) {
        let mut cache = self.cache.lock().await;
        if cache.as_ref().is_some_and(|c| Arc::ptr_eq(c, used)) {
            *cache = None;
        }
    }
}
