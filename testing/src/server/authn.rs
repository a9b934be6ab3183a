//! Who a request is: a verified client certificate (kube-apiserver's `--client-ca-file`), static bearer tokens (`--token-auth-file`), the service account tokens the server issued, else anonymous.
//!
//! Facts from upstream's `authentication/request/bearertoken`, `authenticatorfactory` and
//! `plugin/pkg/authenticator/token/tokenfile`: the file is CSV `token,user,uid[,"group1,group2"]`;
//! an authenticated user also gets the group `system:authenticated`; a request without
//! credentials is `system:anonymous` in `system:unauthenticated`; a bearer token no
//! authenticator accepts is `401 Unauthorized` (here only once static tokens are configured, so
//! tests that send made-up tokens to a server without them keep working). A client certificate
//! comes first, as kube-apiserver's x509 authenticator precedes the token authenticators.

use std::collections::BTreeMap;
use std::sync::RwLock;

use http::header;
use kapi_api::meta::errors::{failure, into_error};
use kapi_machinery::json::value::Value;

use super::ApiServer;
use crate::tracker::Result;

/// A user as authentication finds it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct UserInfo {
    /// The name.
    pub username: String,
    /// The uid (may be empty).
    pub uid: String,
    /// The groups.
    pub groups: Vec<String>,
    /// Extra attributes (a service account token's pod, node and credential id), by key.
    pub extra: BTreeMap<String, Vec<String>>,
}

impl UserInfo {
    /// `system:anonymous`.
    pub fn anonymous() -> UserInfo {
        UserInfo {
            username: "system:anonymous".into(),
            uid: String::new(),
            groups: vec!["system:unauthenticated".into()],
            extra: BTreeMap::new(),
        }
    }

    /// The user as the API writes it (`authentication.k8s.io/v1` `UserInfo`).
    pub(super) fn to_value(&self) -> Value {
        let mut members = vec![("username".to_owned(), Value::String(self.username.clone()))];
        if !self.uid.is_empty() {
            members.push(("uid".to_owned(), Value::String(self.uid.clone())));
        }
        members.push(("groups".to_owned(), Value::Array(self.groups.iter().cloned().map(Value::String).collect())));
        if let Some(extra) = self.extra_value() {
            members.push(("extra".to_owned(), extra));
        }
        Value::Object(members)
    }

    /// `extra` as the API writes it (keys sorted, as Go writes a map), `None` when empty.
    pub(super) fn extra_value(&self) -> Option<Value> {
        (!self.extra.is_empty()).then(|| {
            Value::Object(
                self.extra
                    .iter()
                    .map(|(k, v)| (k.clone(), Value::Array(v.iter().cloned().map(Value::String).collect())))
                    .collect(),
            )
        })
    }
}

/// The user a connection's verified client certificate names (module `x509`), carried by each
/// of its requests.
#[derive(Debug, Clone)]
pub(super) struct PeerUser(pub(super) UserInfo);

/// Gives a request the server builds from another (admission's rewritten requests) the
/// identity of the connection the other came on.
pub(super) fn carry_identity(from: &http::Request<bytes::Bytes>, to: &mut http::Request<bytes::Bytes>) {
    if let Some(peer) = from.extensions().get::<PeerUser>() {
        to.extensions_mut().insert(peer.clone());
    }
}

/// One line of a token file.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StaticToken {
    /// The bearer token.
    pub token: String,
    /// Who it authenticates (without `system:authenticated`, which is added).
    pub user: UserInfo,
}

/// Parses kube-apiserver's `--token-auth-file` format; errors name the line.
pub fn parse_token_file(text: &str) -> std::result::Result<Vec<StaticToken>, String> {
    let mut out = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let fields = split_csv(line).map_err(|e| format!("line {}: {e}", i + 1))?;
        if fields.len() < 3 {
            return Err(format!(
                "line {}: token file needs at least 3 columns (token,user,uid), found {}",
                i + 1,
                fields.len()
            ));
        }
        let groups = fields
            .get(3)
            .map(|g| g.split(',').map(str::trim).filter(|g| !g.is_empty()).map(str::to_owned).collect())
            .unwrap_or_default();
        out.push(StaticToken {
            token: fields[0].clone(),
            user: UserInfo { username: fields[1].clone(), uid: fields[2].clone(), groups, extra: BTreeMap::new() },
        });
    }
    Ok(out)
}

/// One CSV record: commas split fields, double quotes enclose commas, `""` is a quote.
fn split_csv(line: &str) -> std::result::Result<Vec<String>, String> {
    let mut fields = Vec::new();
    let mut field = String::new();
    let mut quoted = false;
    let mut chars = line.chars().peekable();
    while let Some(c) = chars.next() {
        match (c, quoted) {
            ('"', true) if chars.peek() == Some(&'"') => {
                chars.next();
                field.push('"');
            }
            ('"', _) => quoted = !quoted,
            (',', false) => fields.push(std::mem::take(&mut field)),
            (c, _) => field.push(c),
        }
    }
    if quoted {
        return Err("a quoted field is not closed".into());
    }
    fields.push(field);
    Ok(fields)
}

/// The static tokens configured.
#[derive(Debug, Default)]
pub(super) struct Tokens(RwLock<Option<Vec<StaticToken>>>);

impl ApiServer {
    /// Authenticates bearer tokens from this list (kube-apiserver's `--token-auth-file`); once
    /// set, a bearer token neither in it nor issued by the server is `401 Unauthorized`.
    pub fn set_static_tokens(&self, tokens: Vec<StaticToken>) {
        *self.tokens.0.write().unwrap_or_else(std::sync::PoisonError::into_inner) = Some(tokens);
    }

    /// Who the request is, anonymous when its credentials fail (they were refused earlier).
    pub(super) fn user_of(&self, req: &http::Request<bytes::Bytes>) -> UserInfo {
        self.authenticate_request(req).unwrap_or_else(|_| UserInfo::anonymous())
    }

    /// Who the request is (`Err`: a `401` for a bearer token nothing accepts, when static
    /// tokens are configured).
    pub(super) fn authenticate_request(&self, req: &http::Request<bytes::Bytes>) -> Result<UserInfo> {
        if let Some(PeerUser(user)) = req.extensions().get::<PeerUser>() {
            return Ok(authenticated(user.clone()));
        }
        let token = req
            .headers()
            .get(header::AUTHORIZATION)
            .and_then(|h| h.to_str().ok())
            .and_then(|h| h.strip_prefix("Bearer "))
            .map(str::trim)
            .filter(|t| !t.is_empty());
        let Some(token) = token else { return Ok(UserInfo::anonymous()) };
        let tokens = self.tokens.0.read().unwrap_or_else(std::sync::PoisonError::into_inner);
        if let Some(t) = tokens.iter().flatten().find(|t| t.token == token) {
            return Ok(authenticated(t.user.clone()));
        }
        let configured = tokens.is_some();
        drop(tokens);
        match self.authenticate_token(token) {
            Ok((user, _)) => Ok(user),
            Err(_) if configured => Err(into_error(failure(401, "Unauthorized", "Unauthorized", None))),
            Err(_) => Ok(UserInfo::anonymous()),
        }
    }
}

/// The user with `system:authenticated`, which every authenticated user gets.
fn authenticated(mut user: UserInfo) -> UserInfo {
    if !user.groups.iter().any(|g| g == "system:authenticated") {
        user.groups.push("system:authenticated".into());
    }
    user
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn token_files_parse_as_upstreams() {
        let t = parse_token_file("# comment\nabc,alice,1,\"dev,ops\"\n\ndef,bob,2\n").unwrap();
        assert_eq!(t.len(), 2);
        assert_eq!(t[0].token, "abc");
        assert_eq!(
            t[0].user,
            UserInfo {
                username: "alice".into(),
                uid: "1".into(),
                groups: vec!["dev".into(), "ops".into()],
                extra: BTreeMap::new()
            }
        );
        assert!(t[1].user.groups.is_empty());
        assert_eq!(
            parse_token_file("abc,alice").unwrap_err(),
            "line 1: token file needs at least 3 columns (token,user,uid), found 2"
        );
        assert!(parse_token_file("a,b,c,\"open").unwrap_err().contains("not closed"));
    }
}
