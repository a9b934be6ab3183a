//! The `oidc` auth provider of a kubeconfig: the ID token is sent as a bearer token while its `exp` claim is ahead, and refreshed with the refresh token at the issuer's token endpoint (found through `/.well-known/openid-configuration`) when it is not.

use std::path::Path;
use std::time::{Duration, SystemTime, UNIX_EPOCH};

use bytes::Bytes;
use http::header::{ACCEPT, AUTHORIZATION, CONTENT_TYPE};
use kapi_machinery::json::Value;

use crate::config::{Config, PemSource};
use crate::{Error, Service, Transport};

/// An ID token this close to its expiry is refreshed already, so it does not expire in flight.
const EXPIRY_MARGIN: Duration = Duration::from_secs(10);
/// The largest discovery document or token response read from the issuer.
const MAX_ISSUER_RESPONSE: u64 = 1 << 20;

/// The settings of an `oidc` auth provider.
#[derive(Clone, PartialEq, Eq)]
pub struct OidcAuth {
    /// The current ID token (`id-token`); may be empty or expired when a refresh token is set.
    pub id_token: String,
    /// The refresh token (`refresh-token`); empty for none.
    pub refresh_token: String,
    /// The issuer URL (`idp-issuer-url`).
    pub issuer_url: String,
    /// The OAuth client ID (`client-id`).
    pub client_id: String,
    /// The OAuth client secret (`client-secret`); empty for a public client.
    pub client_secret: String,
    /// The CA that signs the issuer's certificate (`idp-certificate-authority[-data]`); the
    /// system bundle otherwise.
    pub issuer_ca: Option<PemSource>,
    /// Where refreshed tokens are written back, as client-go does (an issuer that rotates refresh
    /// tokens accepts each one once, so the next process needs the new one); `None` to keep them
    /// in memory only. Set when the configuration is read from a kubeconfig file.
    pub persist_to: Option<PersistTarget>,
}

/// The kubeconfig file and user whose `auth-provider.config` receives refreshed tokens.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PersistTarget {
    /// The kubeconfig file.
    pub file: std::path::PathBuf,
    /// The name of the user entry.
    pub user: String,
}

impl PersistTarget {
    /// Rewrites the user's `id-token` and `refresh-token` in the file: it is read again (it may
    /// have changed), and replaced through a temporary file with the same permissions, so that a
    /// reader never sees half of it and a private file stays private.
    pub fn write(&self, id_token: &str, refresh_token: &str) -> Result<(), String> {
        let file = &self.file;
        let data = std::fs::read(file).map_err(|e| format!("reading {}: {e}", file.display()))?;
        let mut kc = crate::Kubeconfig::parse(&data, &file.display().to_string()).map_err(|e| e.to_string())?;
        let provider = kc
            .auth_infos
            .iter_mut()
            .find(|u| u.name == self.user)
            .and_then(|u| u.user.auth_provider.as_mut())
            .filter(|p| p.name == "oidc")
            .ok_or_else(|| format!("{}: user {:?} has no oidc auth-provider any more", file.display(), self.user))?;
        provider.config.insert("id-token".into(), id_token.into());
        provider.config.insert("refresh-token".into(), refresh_token.into());
        let json = kapi_machinery::json::to_vec(&kc).map_err(|e| format!("encoding {}: {e}", file.display()))?;
        let yaml =
            kapi_machinery::yaml::json_to_yaml(&json).map_err(|e| format!("encoding {}: {e}", file.display()))?;
        let permissions = std::fs::metadata(file).map_err(|e| format!("{}: {e}", file.display()))?.permissions();
        let name = file.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default();
        let tmp = file.with_file_name(format!(".{name}.kapi-{}.tmp", std::process::id()));
        let written = std::fs::write(&tmp, &yaml)
            .and_then(|()| std::fs::set_permissions(&tmp, permissions))
            .and_then(|()| std::fs::rename(&tmp, file));
        if let Err(e) = written {
            let _ = std::fs::remove_file(&tmp);
            return Err(format!("writing {}: {e}", file.display()));
        }
        Ok(())
    }
}

impl std::fmt::Debug for OidcAuth {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("OidcAuth")
            .field("issuer_url", &self.issuer_url)
            .field("client_id", &self.client_id)
            .field("has_refresh_token", &!self.refresh_token.is_empty())
            .finish_non_exhaustive()
    }
}

impl OidcAuth {
    /// The provider of a kubeconfig `auth-provider.config` map; problems name `path`.
    pub fn from_kubeconfig(
        config: &std::collections::BTreeMap<String, String>,
        base_dir: &Path,
        source: &str,
        path: &str,
    ) -> Result<OidcAuth, Error> {
        let get = |k: &str| config.get(k).cloned().unwrap_or_default();
        let bad = |k: &str, msg: &str| Error::Config(format!("{source}: {path}.config.{k}: {msg}"));
        let issuer_url = get("idp-issuer-url");
        let client_id = get("client-id");
        if issuer_url.is_empty() {
            return Err(bad("idp-issuer-url", "must be set"));
        }
        crate::config::parse_base_url(&issuer_url).map_err(|e| bad("idp-issuer-url", &e.to_string()))?;
        if client_id.is_empty() {
            return Err(bad("client-id", "must be set"));
        }
        let id_token = get("id-token");
        let refresh_token = get("refresh-token");
        if id_token.is_empty() && refresh_token.is_empty() {
            return Err(bad("id-token", "neither id-token nor refresh-token is set"));
        }
        let issuer_ca = match (config.get("idp-certificate-authority-data"), config.get("idp-certificate-authority")) {
            (Some(data), _) if !data.is_empty() => {
                let pem = kapi_machinery::base64::decode(data.as_bytes())
                    .map_err(|e| bad("idp-certificate-authority-data", &e))?;
                crate::pem::parse_certificates(&pem).map_err(|e| bad("idp-certificate-authority-data", &e))?;
                Some(PemSource::Data(pem))
            }
            (_, Some(file)) if !file.is_empty() => {
                let p = if Path::new(file).is_absolute() { Path::new(file).to_path_buf() } else { base_dir.join(file) };
                let pem = std::fs::read(&p)
                    .map_err(|e| bad("idp-certificate-authority", &format!("reading {}: {e}", p.display())))?;
                crate::pem::parse_certificates(&pem)
                    .map_err(|e| bad("idp-certificate-authority", &format!("{}: {e}", p.display())))?;
                Some(PemSource::Data(pem))
            }
            _ => None,
        };
        Ok(OidcAuth {
            id_token,
            refresh_token,
            issuer_url,
            client_id,
            client_secret: get("client-secret"),
            issuer_ca,
            persist_to: None,
        })
    }
}

/// The `exp` claim of a JWT, without checking its signature (the API server does that).
pub fn jwt_expiry(token: &str) -> Option<SystemTime> {
    let payload = token.split('.').nth(1)?;
    let mut b64: String = payload
        .chars()
        .map(|c| {
            if c == '-' {
                '+'
            } else if c == '_' {
                '/'
            } else {
                c
            }
        })
        .collect();
    while !b64.len().is_multiple_of(4) {
        b64.push('=');
    }
    let json = kapi_machinery::base64::decode(b64.as_bytes()).ok()?;
    let claims = kapi_machinery::json::value::parse(&json).ok()?;
    let Some(Value::Number(exp)) = claims.get("exp") else { return None };
    let secs = exp.parse::<f64>().ok().filter(|s| s.is_finite() && *s >= 0.0)?;
    Some(UNIX_EPOCH + Duration::from_secs(secs as u64))
}

struct Tokens {
    id_token: String,
    refresh_token: String,
}

/// The provider with its current tokens, shared by every request of a transport.
pub(crate) struct OidcState {
    auth: OidcAuth,
    tokens: tokio::sync::Mutex<Tokens>,
    issuer: Transport,
}

impl OidcState {
    pub(crate) fn new(auth: OidcAuth, api: &Config) -> Result<OidcState, Error> {
        let mut config = Config::new(auth.issuer_url.clone())?;
        config.tls.ca = auth.issuer_ca.clone();
        config.timeout = api.timeout;
        config.proxy_url = api.proxy_url.clone();
        config.limits.max_response_bytes = MAX_ISSUER_RESPONSE;
        let issuer = Transport::new(&config)?;
        let tokens = Tokens { id_token: auth.id_token.clone(), refresh_token: auth.refresh_token.clone() };
        Ok(OidcState { auth, tokens: tokio::sync::Mutex::new(tokens), issuer })
    }

    fn error(&self, message: impl Into<String>) -> Error {
        Error::AuthProvider { provider: "oidc".into(), message: message.into() }
    }

    /// An ID token good for a request, refreshed first if it expires within [`EXPIRY_MARGIN`].
    pub(crate) async fn id_token(&self) -> Result<String, Error> {
        let mut tokens = self.tokens.lock().await;
        let fresh = !tokens.id_token.is_empty()
            && jwt_expiry(&tokens.id_token).is_some_and(|exp| SystemTime::now() + EXPIRY_MARGIN < exp);
        if fresh {
            return Ok(tokens.id_token.clone());
        }
        if tokens.refresh_token.is_empty() {
            return Err(self.error("the id-token has expired (or has no exp claim) and there is no refresh-token"));
        }
        let (id, refresh) = self.refresh(&tokens.refresh_token).await?;
        tokens.id_token = id;
        if let Some(r) = refresh {
            tokens.refresh_token = r;
        }
        if let Some(target) = &self.auth.persist_to {
            // As client-go: a refresh that cannot be kept fails, rather than leave the file
            // holding a refresh token the issuer may no longer accept.
            target
                .write(&tokens.id_token, &tokens.refresh_token)
                .map_err(|e| self.error(format!("keeping the refreshed tokens: {e}")))?;
        }
        Ok(tokens.id_token.clone())
    }

    async fn get_json(&self, request: http::Request<Bytes>, what: &str) -> Result<Value, Error> {
        let label = format!("{} {}", request.method(), request.uri());
        let resp = self.issuer.call(request).await?;
        let status = resp.status();
        let body = crate::body::collect(resp.into_body()).await.map_err(|e| Error::from_body(&label, e))?;
        if !status.is_success() {
            let text: String = String::from_utf8_lossy(&body).chars().take(512).collect();
            return Err(self.error(format!("{what}: {label} answered {status}: {}", text.trim())));
        }
        kapi_machinery::json::value::parse(&body).map_err(|e| self.error(format!("{what}: {label}: {e}")))
    }

    /// Asks the issuer for a new ID token (and maybe a new refresh token).
    async fn refresh(&self, refresh_token: &str) -> Result<(String, Option<String>), Error> {
        let issuer = self.auth.issuer_url.trim_end_matches('/');
        let discovery = format!("{issuer}/.well-known/openid-configuration");
        let req = http::Request::get(&discovery)
            .header(ACCEPT, "application/json")
            .body(Bytes::new())
            .map_err(|e| self.error(format!("{discovery}: {e}")))?;
        let doc = self.get_json(req, "reading the issuer's discovery document").await?;
        let Some(endpoint) = doc.get("token_endpoint").and_then(Value::as_str) else {
            return Err(self.error(format!("{discovery} names no token_endpoint")));
        };
        let mut form = kapi_machinery::query::Query::new();
        form.push("grant_type", "refresh_token");
        form.push("refresh_token", refresh_token);
        let mut req = http::Request::post(endpoint)
            .header(CONTENT_TYPE, "application/x-www-form-urlencoded")
            .header(ACCEPT, "application/json");
        if self.auth.client_secret.is_empty() {
            form.push("client_id", self.auth.client_id.as_str());
        } else {
            // RFC 6749 section 2.3.1: the client's credentials, form-encoded, in basic authentication.
            let user = kapi_machinery::query::query_escape(&self.auth.client_id);
            let pass = kapi_machinery::query::query_escape(&self.auth.client_secret);
            let mut enc = Vec::new();
            kapi_machinery::base64::encode_into(format!("{user}:{pass}").as_bytes(), &mut enc);
            req = req.header(AUTHORIZATION, format!("Basic {}", String::from_utf8_lossy(&enc)));
        }
        let req = req.body(Bytes::from(form.encode())).map_err(|e| self.error(format!("{endpoint}: {e}")))?;
        let answer = self.get_json(req, "refreshing the id-token").await?;
        let id = answer.get("id_token").and_then(Value::as_str).filter(|s| !s.is_empty());
        let Some(id) = id else {
            return Err(self.error(format!("the token response of {endpoint} has no id_token")));
        };
        let refresh = answer.get("refresh_token").and_then(Value::as_str).filter(|s| !s.is_empty());
        Ok((id.to_owned(), refresh.map(str::to_owned)))
    }
}
