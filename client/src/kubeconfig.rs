//! The kubeconfig file format (`clientcmd/api/v1`): clusters, users and contexts, read with
//! kapi's own YAML decoder. [`crate::config::Config`] turns a loaded file into a client
//! configuration.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use kapi_machinery::types::RawExtension;
use kapi_machinery::{DecodeError, TypeMeta};
use kapi_macros::Kapi;

use crate::Error;

/// A kubeconfig file: upstream's `clientcmd/api/v1.Config`.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct Kubeconfig {
    /// `kind: Config`, `apiVersion: v1` (both optional).
    #[kapi(inline)]
    pub type_meta: TypeMeta,
    /// Client preferences (unused by this client; merged first-file-wins).
    #[kapi(proto = 1)]
    pub preferences: Preferences,
    /// The clusters, by name.
    #[kapi(proto = 2)]
    pub clusters: Vec<NamedCluster>,
    /// The users (auth infos), by name.
    #[kapi(proto = 3, json = "users")]
    pub auth_infos: Vec<NamedAuthInfo>,
    /// The contexts, by name.
    #[kapi(proto = 4)]
    pub contexts: Vec<NamedContext>,
    /// The context used when none is named.
    #[kapi(proto = 5, json = "current-context")]
    pub current_context: String,
    /// Extra information for extenders.
    #[kapi(proto = 6, omitempty)]
    pub extensions: Vec<NamedExtension>,
}

/// Client preferences.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct Preferences {
    /// Colored output (kubectl).
    #[kapi(proto = 1, omitempty)]
    pub colors: bool,
    /// Extra information for extenders.
    #[kapi(proto = 2, omitempty)]
    pub extensions: Vec<NamedExtension>,
}

/// A cluster with its name.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct NamedCluster {
    /// The nickname of the cluster.
    #[kapi(proto = 1)]
    pub name: String,
    /// How to reach the cluster.
    #[kapi(proto = 2)]
    pub cluster: Cluster,
}

/// How to reach a cluster.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct Cluster {
    /// The API server URL (`https://host:port`, possibly with a path prefix).
    #[kapi(proto = 1)]
    pub server: String,
    /// The name to check the server certificate against (and to send as SNI) instead of the host.
    #[kapi(proto = 2, omitempty, json = "tls-server-name")]
    pub tls_server_name: String,
    /// Skip verifying the server certificate (insecure).
    #[kapi(proto = 3, omitempty, json = "insecure-skip-tls-verify")]
    pub insecure_skip_tls_verify: bool,
    /// Path of a PEM CA bundle, relative to the kubeconfig file.
    #[kapi(proto = 4, omitempty, json = "certificate-authority")]
    pub certificate_authority: String,
    /// PEM CA bundle (base64 in the file); wins over `certificate-authority`.
    #[kapi(proto = 5, omitempty, json = "certificate-authority-data")]
    pub certificate_authority_data: Vec<u8>,
    /// A proxy for requests to the cluster: `http://` (CONNECT) or `socks5://`.
    #[kapi(proto = 6, omitempty, json = "proxy-url")]
    pub proxy_url: String,
    /// Do not ask for gzip-compressed responses.
    #[kapi(proto = 7, omitempty, json = "disable-compression")]
    pub disable_compression: bool,
    /// Extra information for extenders.
    #[kapi(proto = 8, omitempty)]
    pub extensions: Vec<NamedExtension>,
}

/// A user with its name.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct NamedAuthInfo {
    /// The nickname of the user.
    #[kapi(proto = 1)]
    pub name: String,
    /// The user's credentials.
    #[kapi(proto = 2)]
    pub user: AuthInfo,
}

/// A user's credentials.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct AuthInfo {
    /// Path of a PEM client certificate, relative to the kubeconfig file.
    #[kapi(proto = 1, omitempty, json = "client-certificate")]
    pub client_certificate: String,
    /// PEM client certificate (base64 in the file); wins over `client-certificate`.
    #[kapi(proto = 2, omitempty, json = "client-certificate-data")]
    pub client_certificate_data: Vec<u8>,
    /// Path of the PEM private key of the client certificate.
    #[kapi(proto = 3, omitempty, json = "client-key")]
    pub client_key: String,
    /// PEM private key (base64 in the file); wins over `client-key`.
    #[kapi(proto = 4, omitempty, json = "client-key-data")]
    pub client_key_data: Vec<u8>,
    /// A bearer token.
    #[kapi(proto = 5, omitempty)]
    pub token: String,
    /// Path of a file holding a bearer token, re-read as it changes; wins over `token`.
    #[kapi(proto = 6, omitempty, json = "tokenFile")]
    pub token_file: String,
    /// The user to impersonate.
    #[kapi(proto = 7, omitempty, json = "as")]
    pub impersonate: String,
    /// The UID to impersonate.
    #[kapi(proto = 8, omitempty, json = "as-uid")]
    pub impersonate_uid: String,
    /// The groups to impersonate.
    #[kapi(proto = 9, omitempty, json = "as-groups")]
    pub impersonate_groups: Vec<String>,
    /// Extra fields of the impersonated user.
    #[kapi(proto = 10, omitempty, json = "as-user-extra")]
    pub impersonate_user_extra: BTreeMap<String, Vec<String>>,
    /// Basic authentication user name.
    #[kapi(proto = 11, omitempty)]
    pub username: String,
    /// Basic authentication password.
    #[kapi(proto = 12, omitempty)]
    pub password: String,
    /// An authentication provider: `oidc` (the removed `gcp` and `azure` are errors).
    #[kapi(proto = 13, omitempty, json = "auth-provider")]
    pub auth_provider: Option<AuthProviderConfig>,
    /// An exec credential plugin ([`crate::exec::ExecAuth`]).
    #[kapi(proto = 14, omitempty)]
    pub exec: Option<ExecConfig>,
    /// Extra information for extenders.
    #[kapi(proto = 15, omitempty)]
    pub extensions: Vec<NamedExtension>,
}

/// An authentication provider plugin.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct AuthProviderConfig {
    /// The plugin name.
    #[kapi(proto = 1)]
    pub name: String,
    /// The plugin's settings.
    #[kapi(proto = 2, omitempty)]
    pub config: BTreeMap<String, String>,
}

/// An exec credential plugin.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct ExecConfig {
    /// The command to run.
    #[kapi(proto = 1)]
    pub command: String,
    /// Its arguments.
    #[kapi(proto = 2)]
    pub args: Vec<String>,
    /// Extra environment variables.
    #[kapi(proto = 3)]
    pub env: Vec<ExecEnvVar>,
    /// The `client.authentication.k8s.io` version the plugin speaks.
    #[kapi(proto = 4, json = "apiVersion")]
    pub api_version: String,
    /// Shown when the command is missing.
    #[kapi(proto = 5, json = "installHint")]
    pub install_hint: String,
    /// Pass cluster information to the plugin.
    #[kapi(proto = 6, json = "provideClusterInfo")]
    pub provide_cluster_info: bool,
    /// `Never`, `IfAvailable` or `Always`.
    #[kapi(proto = 7, omitempty, json = "interactiveMode")]
    pub interactive_mode: String,
}

/// An environment variable of an exec plugin.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct ExecEnvVar {
    /// The name.
    #[kapi(proto = 1)]
    pub name: String,
    /// The value.
    #[kapi(proto = 2)]
    pub value: String,
}

/// A context with its name.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct NamedContext {
    /// The nickname of the context.
    #[kapi(proto = 1)]
    pub name: String,
    /// The cluster, user and namespace of the context.
    #[kapi(proto = 2)]
    pub context: Context,
}

/// A cluster, a user and a default namespace.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct Context {
    /// The name of the cluster.
    #[kapi(proto = 1)]
    pub cluster: String,
    /// The name of the user.
    #[kapi(proto = 2, json = "user")]
    pub auth_info: String,
    /// The default namespace of requests.
    #[kapi(proto = 3, omitempty)]
    pub namespace: String,
    /// Extra information for extenders.
    #[kapi(proto = 4, omitempty)]
    pub extensions: Vec<NamedExtension>,
}

/// An extension with its name.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct NamedExtension {
    /// The nickname of the extension.
    #[kapi(proto = 1)]
    pub name: String,
    /// The extension object, kept raw.
    #[kapi(proto = 2)]
    pub extension: RawExtension,
}

/// The context, cluster and user a kubeconfig selects, with the field paths they were found at
/// (`clusters[0].cluster`) for error messages.
#[derive(Debug, Clone, Copy)]
pub struct Selection<'a> {
    /// The context's name.
    pub context_name: &'a str,
    /// The context.
    pub context: &'a Context,
    /// The cluster.
    pub cluster: &'a Cluster,
    /// The cluster's index in `clusters`.
    pub cluster_index: usize,
    /// The user and its index in `users`, if the context names one.
    pub user: Option<(usize, &'a AuthInfo)>,
}

impl Kubeconfig {
    /// Parses kubeconfig YAML (or JSON); `source` names the file in errors. An empty document is
    /// an empty kubeconfig.
    pub fn parse(data: &[u8], source: &str) -> Result<Kubeconfig, Error> {
        let json = kapi_machinery::yaml::yaml_to_json(data, false).map_err(|e| decode_error(source, &e))?;
        if json.as_slice() == b"null" {
            return Ok(Kubeconfig::default());
        }
        kapi_machinery::json::from_slice::<Kubeconfig>(&json).map_err(|e| decode_error(source, &e))
    }

    /// Reads and parses a kubeconfig file.
    pub fn read(path: &Path) -> Result<Kubeconfig, Error> {
        let data = std::fs::read(path).map_err(|e| Error::Config(format!("reading {}: {e}", path.display())))?;
        Kubeconfig::parse(&data, &path.display().to_string())
    }

    /// Finds a context (the named one, or `current-context`) and the cluster and user it refers
    /// to. `source` names the file in errors.
    pub fn select<'a>(&'a self, context: Option<&'a str>, source: &str) -> Result<Selection<'a>, Error> {
        let context_name = match context {
            Some(name) => name,
            None if self.current_context.is_empty() => {
                return Err(Error::Config(format!("{source}: current-context is not set and no context was named")));
            }
            None => self.current_context.as_str(),
        };
        let (ci, ctx) = self.contexts.iter().enumerate().find(|(_, c)| c.name == context_name).ok_or_else(|| {
            let field = if context.is_some() { "the named context" } else { "current-context" };
            Error::Config(format!("{source}: {field} {context_name:?} is not among the contexts"))
        })?;
        let ctx = &ctx.context;
        if ctx.cluster.is_empty() {
            return Err(Error::Config(format!("{source}: contexts[{ci}].context.cluster: must be set")));
        }
        let (cli, cluster) =
            self.clusters.iter().enumerate().find(|(_, c)| c.name == ctx.cluster).ok_or_else(|| {
                Error::Config(format!(
                    "{source}: contexts[{ci}].context.cluster: cluster {:?} is not among the clusters",
                    ctx.cluster
                ))
            })?;
        let user = if ctx.auth_info.is_empty() {
            None
        } else {
            let (ui, u) =
                self.auth_infos.iter().enumerate().find(|(_, u)| u.name == ctx.auth_info).ok_or_else(|| {
                    Error::Config(format!(
                        "{source}: contexts[{ci}].context.user: user {:?} is not among the users",
                        ctx.auth_info
                    ))
                })?;
            Some((ui, &u.user))
        };
        Ok(Selection { context_name, context: ctx, cluster: &cluster.cluster, cluster_index: cli, user })
    }
}

fn decode_error(source: &str, e: &DecodeError) -> Error {
    let path = e.path();
    if path.is_empty() {
        Error::Config(format!("{source}: {}", e.kind))
    } else {
        Error::Config(format!("{source}: {path}: {}", e.kind))
    }
}

/// The kubeconfig file to use: the first existing file of the colon-separated `kubeconfig_env`
/// list (the `KUBECONFIG` variable), else `<home>/.kube/config` if it exists.
pub fn default_path_from(kubeconfig_env: Option<&str>, home: Option<&Path>) -> Option<PathBuf> {
    if let Some(list) = kubeconfig_env.filter(|s| !s.is_empty()) {
        let sep = if cfg!(windows) { ';' } else { ':' };
        return list.split(sep).filter(|p| !p.is_empty()).map(PathBuf::from).find(|p| p.is_file());
    }
    let path = home?.join(".kube").join("config");
    path.is_file().then_some(path)
}

/// [`default_path_from`] with the process's `KUBECONFIG` and `HOME` (`USERPROFILE` on Windows).
pub fn default_path() -> Option<PathBuf> {
    let env = std::env::var("KUBECONFIG").ok();
    let home = std::env::var_os("HOME").or_else(|| std::env::var_os("USERPROFILE")).map(PathBuf::from);
    default_path_from(env.as_deref(), home.as_deref())
}

/// The kubeconfig files to merge: the existing files of the `KUBECONFIG` list (in order, each
/// once; missing ones are skipped, as client-go does), else `<home>/.kube/config` if it exists.
pub fn default_paths_from(kubeconfig_env: Option<&str>, home: Option<&Path>) -> Vec<PathBuf> {
    if let Some(list) = kubeconfig_env.filter(|s| !s.is_empty()) {
        let sep = if cfg!(windows) { ';' } else { ':' };
        let mut out: Vec<PathBuf> = Vec::new();
        for p in list.split(sep).filter(|p| !p.is_empty()).map(PathBuf::from) {
            if p.is_file() && !out.contains(&p) {
                out.push(p);
            }
        }
        return out;
    }
    home.map(|h| h.join(".kube").join("config")).filter(|p| p.is_file()).into_iter().collect()
}

/// [`default_paths_from`] with the process's `KUBECONFIG` and `HOME` (`USERPROFILE` on Windows).
pub fn default_paths() -> Vec<PathBuf> {
    let env = std::env::var("KUBECONFIG").ok();
    let home = std::env::var_os("HOME").or_else(|| std::env::var_os("USERPROFILE")).map(PathBuf::from);
    default_paths_from(env.as_deref(), home.as_deref())
}

/// Where a merged entry was read: the file and its index in that file's list.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Origin {
    /// The file.
    pub file: PathBuf,
    /// The index in the file's `clusters`, `users` or `contexts`.
    pub index: usize,
}

/// Several kubeconfig files merged as client-go merges `KUBECONFIG`: for clusters, users and
/// contexts (by name), extensions, `current-context` and preferences, the first file that sets
/// one wins. Relative paths are resolved against the directory of the file they came from.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Merged {
    /// The merged configuration (its file paths absolute).
    pub kubeconfig: Kubeconfig,
    /// The files, in order.
    pub files: Vec<PathBuf>,
    /// The origin of each of `kubeconfig.clusters`, by index.
    pub cluster_origins: Vec<Origin>,
    /// The origin of each of `kubeconfig.auth_infos`, by index.
    pub user_origins: Vec<Origin>,
    /// The origin of each of `kubeconfig.contexts`, by index.
    pub context_origins: Vec<Origin>,
}

impl Merged {
    /// Reads and merges the files in order.
    pub fn read(paths: &[PathBuf]) -> Result<Merged, Error> {
        let mut merged = Merged { files: paths.to_vec(), ..Merged::default() };
        for path in paths {
            let mut kc = Kubeconfig::read(path)?;
            let dir = path.parent().map(Path::to_path_buf).unwrap_or_default();
            kc.resolve_paths(&dir);
            merged.add(kc, path);
        }
        Ok(merged)
    }

    fn add(&mut self, kc: Kubeconfig, file: &Path) {
        let out = &mut self.kubeconfig;
        let origin = |index| Origin { file: file.to_path_buf(), index };
        for (i, c) in kc.clusters.into_iter().enumerate() {
            if !out.clusters.iter().any(|x| x.name == c.name) {
                out.clusters.push(c);
                self.cluster_origins.push(origin(i));
            }
        }
        for (i, u) in kc.auth_infos.into_iter().enumerate() {
            if !out.auth_infos.iter().any(|x| x.name == u.name) {
                out.auth_infos.push(u);
                self.user_origins.push(origin(i));
            }
        }
        for (i, c) in kc.contexts.into_iter().enumerate() {
            if !out.contexts.iter().any(|x| x.name == c.name) {
                out.contexts.push(c);
                self.context_origins.push(origin(i));
            }
        }
        for e in kc.extensions {
            if !out.extensions.iter().any(|x| x.name == e.name) {
                out.extensions.push(e);
            }
        }
        if out.current_context.is_empty() {
            out.current_context = kc.current_context;
        }
        if out.preferences == Preferences::default() {
            out.preferences = kc.preferences;
        }
        if out.type_meta == TypeMeta::default() {
            out.type_meta = kc.type_meta;
        }
    }

    /// Whether nothing was configured (no files, or files with no entries): client-go then falls
    /// back to the in-cluster configuration.
    pub fn is_empty(&self) -> bool {
        let kc = &self.kubeconfig;
        kc.clusters.is_empty() && kc.auth_infos.is_empty() && kc.contexts.is_empty() && kc.current_context.is_empty()
    }

    /// The files, for messages: `a:b`.
    pub fn describe(&self) -> String {
        let names: Vec<String> = self.files.iter().map(|p| p.display().to_string()).collect();
        if names.is_empty() { "no kubeconfig files".to_owned() } else { names.join(":") }
    }
}

impl Kubeconfig {
    /// Makes the relative file paths (CA, client certificate and key, token file, and an exec
    /// command given as a relative path) absolute against `dir`, as client-go does before merging.
    pub fn resolve_paths(&mut self, dir: &Path) {
        let fix = |p: &mut String| {
            if !p.is_empty() && !Path::new(p.as_str()).is_absolute() {
                *p = dir.join(p.as_str()).display().to_string();
            }
        };
        for c in &mut self.clusters {
            fix(&mut c.cluster.certificate_authority);
        }
        for u in &mut self.auth_infos {
            fix(&mut u.user.client_certificate);
            fix(&mut u.user.client_key);
            fix(&mut u.user.token_file);
            if let Some(exec) = &mut u.user.exec
                && exec.command.contains(std::path::MAIN_SEPARATOR)
            {
                fix(&mut exec.command);
            }
            if let Some(ap) = &mut u.user.auth_provider
                && let Some(ca) = ap.config.get_mut("idp-certificate-authority")
            {
                fix(ca);
            }
        }
    }
}
