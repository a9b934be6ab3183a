//! The proxy of a kubeconfig's `proxy-url` or of the environment: an HTTP proxy asked for a tunnel with `CONNECT` (over TLS for `https://`), or a SOCKS5 proxy, spoken to with hyper-util's proxy connectors.

use std::sync::Arc;

use hyper_rustls::{HttpsConnectorBuilder, MaybeHttpsStream};
use hyper_util::client::legacy::connect::HttpConnector;
use hyper_util::client::legacy::connect::proxy::{SocksV5, Tunnel};
use hyper_util::rt::TokioIo;
use tokio::net::TcpStream;
use tower_service::Service;

/// A byte stream to a target: TCP, or TLS to an `https://` proxy with the tunnel inside it.
pub(crate) type ProxyStream = MaybeHttpsStream<TokioIo<TcpStream>>;

/// How the proxy is spoken to.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ProxyKind {
    /// `http://`: an HTTP `CONNECT` tunnel.
    HttpConnect,
    /// `https://`: an HTTP `CONNECT` tunnel inside TLS to the proxy (verified with the client's
    /// TLS settings, as Go's transport verifies an https proxy).
    HttpsConnect,
    /// `socks5://` or `socks5h://`: SOCKS5, the target host name resolved by the proxy.
    Socks5,
}

/// A parsed proxy URL.
#[derive(Clone, PartialEq, Eq)]
pub struct Proxy {
    /// The protocol.
    pub kind: ProxyKind,
    /// The proxy's host.
    pub host: String,
    /// The proxy's port.
    pub port: u16,
    /// User name and password from the URL, if any.
    pub credentials: Option<(String, String)>,
}

impl std::fmt::Debug for Proxy {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Proxy")
            .field("kind", &self.kind)
            .field("host", &self.host)
            .field("port", &self.port)
            .field("credentials", &self.credentials.as_ref().map(|(u, _)| (u, "<redacted>")))
            .finish()
    }
}

impl Proxy {
    /// Parses `http://[user:pass@]host[:port]` (port 80 by default), `https://…` (443) or
    /// `socks5://[user:pass@]host[:port]` (port 1080).
    pub fn parse(url: &str) -> Result<Proxy, String> {
        let uri: http::Uri = url.parse().map_err(|e| format!("not a URL: {e}"))?;
        let (kind, default_port) = match uri.scheme_str() {
            Some("http") => (ProxyKind::HttpConnect, 80),
            Some("https") => (ProxyKind::HttpsConnect, 443),
            Some("socks5" | "socks5h") => (ProxyKind::Socks5, 1080),
            Some(other) => return Err(format!("scheme {other:?} is not http, https, socks5 or socks5h")),
            None => return Err("no scheme (http://, https:// or socks5://)".into()),
        };
        let authority = uri.authority().ok_or("no host")?;
        let host = authority.host().trim_start_matches('[').trim_end_matches(']').to_owned();
        if host.is_empty() {
            return Err("no host".into());
        }
        let credentials = authority.as_str().rsplit_once('@').map(|(userinfo, _)| {
            let (u, p) = userinfo.split_once(':').unwrap_or((userinfo, ""));
            (kapi_machinery::query::percent_decode(u, false), kapi_machinery::query::percent_decode(p, false))
        });
        if let Some((u, p)) = &credentials
            && kind == ProxyKind::Socks5
            && (u.len() > 255 || p.len() > 255)
        {
            return Err("a SOCKS5 user name or password is longer than 255 bytes".into());
        }
        Ok(Proxy { kind, host, port: authority.port_u16().unwrap_or(default_port), credentials })
    }

    /// The proxy's address as the URI hyper-util's connectors dial.
    fn uri(&self) -> Result<http::Uri, String> {
        let scheme = match self.kind {
            ProxyKind::HttpConnect => "http",
            ProxyKind::HttpsConnect => "https",
            ProxyKind::Socks5 => "socks5",
        };
        let host = if self.host.contains(':') { format!("[{}]", self.host) } else { self.host.clone() };
        format!("{scheme}://{host}:{}", self.port).parse().map_err(|e| format!("the proxy address: {e}"))
    }

    /// A stream to `host:port` through the proxy: TCP to it (and TLS with `tls` for an
    /// `https://` proxy), then hyper-util's `CONNECT` or SOCKS5 handshake over that stream.
    pub(crate) async fn connect(
        &self,
        http: &HttpConnector,
        tls: Option<&Arc<rustls::ClientConfig>>,
        https: bool,
        host: &str,
        port: u16,
    ) -> Result<ProxyStream, String> {
        let context = |e: String| format!("proxy {}:{} to {host}:{port}: {e}", self.host, self.port);
        let proxy = self.uri().map_err(context)?;
        // The target with its port spelled out: the handshakes take 443 for a URI without one.
        let bracketed = if host.contains(':') { format!("[{host}]") } else { host.to_owned() };
        let scheme = if https { "https" } else { "http" };
        let target: http::Uri =
            format!("{scheme}://{bracketed}:{port}").parse().map_err(|e| context(format!("the target: {e}")))?;
        // The TCP and TLS steps are ours to run so that their errors keep their causes (the
        // handshakes' errors name none of their inner connector's).
        let tcp = oneshot(http.clone(), proxy.clone())
            .await
            .map_err(|e| context(format!("connecting to the proxy: {}", chain(&e))))?;
        let stream = match self.kind {
            ProxyKind::HttpConnect | ProxyKind::Socks5 => MaybeHttpsStream::Http(tcp),
            ProxyKind::HttpsConnect => {
                let tls = tls.ok_or_else(|| context("no TLS configuration for an https:// proxy".into()))?;
                // `CONNECT` is an HTTP/1.1 request: no ALPN for HTTP/2 to the proxy.
                let connector = HttpsConnectorBuilder::new()
                    .with_tls_config((**tls).clone())
                    .https_only()
                    .enable_http1()
                    .wrap_connector(Ready(Some(tcp)));
                oneshot(connector, proxy.clone())
                    .await
                    .map_err(|e| context(format!("TLS to the proxy: {}", chain(&*e))))?
            }
        };
        match self.kind {
            ProxyKind::HttpConnect | ProxyKind::HttpsConnect => {
                let mut tunnel = Tunnel::new(proxy, Ready(Some(stream)));
                if let Some((u, p)) = &self.credentials {
                    let mut enc = b"Basic ".to_vec();
                    kapi_machinery::base64::encode_into(format!("{u}:{p}").as_bytes(), &mut enc);
                    let value = http::HeaderValue::from_bytes(&enc).map_err(|e| context(e.to_string()))?;
                    tunnel = tunnel.with_auth(value);
                }
                oneshot(tunnel, target).await.map_err(|e| context(format!("CONNECT: {}", chain(&e))))
            }
            ProxyKind::Socks5 => {
                // The proxy resolves the host name (hyper-util's default), for socks5:// as for
                // socks5h://, so that names only the proxy's network knows work.
                let mut socks = SocksV5::new(proxy, Ready(Some(stream)));
                if let Some((u, p)) = &self.credentials {
                    socks = socks.with_auth(u.clone(), p.clone());
                }
                oneshot(socks, target).await.map_err(|e| context(chain(&e)))
            }
        }
    }
}

/// Waits until a service is ready and calls it once.
async fn oneshot<S: Service<http::Uri>>(mut service: S, uri: http::Uri) -> Result<S::Response, S::Error> {
    std::future::poll_fn(|cx| service.poll_ready(cx)).await?;
    service.call(uri).await
}

/// Renders an error and its sources.
fn chain(e: &(dyn std::error::Error + 'static)) -> String {
    let mut s = e.to_string();
    let mut cur = e.source();
    while let Some(c) = cur {
        let text = c.to_string();
        if !s.contains(&text) {
            s.push_str(": ");
            s.push_str(&text);
        }
        cur = c.source();
    }
    s
}

/// A connector that hands out one stream made beforehand, so that hyper-rustls and the proxy
/// handshakes run over a connection whose errors we have reported already.
struct Ready<T>(Option<T>);

impl<T> Service<http::Uri> for Ready<T> {
    type Response = T;
    type Error = std::io::Error;
    type Future = std::future::Ready<Result<T, std::io::Error>>;

    fn poll_ready(&mut self, _cx: &mut std::task::Context<'_>) -> std::task::Poll<Result<(), std::io::Error>> {
        std::task::Poll::Ready(Ok(()))
    }

    fn call(&mut self, _uri: http::Uri) -> Self::Future {
        std::future::ready(self.0.take().ok_or_else(|| std::io::Error::other("the connection was taken already")))
    }
}

/// The proxies of the environment, read as Go's `http.ProxyFromEnvironment` reads them (which
/// client-go uses when a kubeconfig names no `proxy-url`): `HTTPS_PROXY` for `https://` targets,
/// `HTTP_PROXY` for `http://` ones (upper case before lower case; a value without a scheme is
/// `http://`), except for hosts that `NO_PROXY` matches and for loopback hosts, which are never
/// proxied. hyper-util's `Matcher` reads these variables as curl does instead (no `:port` in
/// `NO_PROXY`, loopback proxied, `ALL_PROXY`, a malformed value silently ignored), so Go's rules
/// stay ours.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct ProxyEnv {
    /// The proxy of `http://` targets.
    pub http: Option<Proxy>,
    /// The proxy of `https://` targets.
    pub https: Option<Proxy>,
    /// The `NO_PROXY` entries, lower-cased.
    pub no_proxy: Vec<String>,
}

impl ProxyEnv {
    /// Reads the variables through `get`; a malformed proxy URL is an error naming its variable.
    pub fn from_vars(get: impl Fn(&str) -> Option<String>) -> Result<ProxyEnv, String> {
        let var = |upper: &str, lower: &str| {
            let pick = |name: &str| get(name).filter(|v| !v.trim().is_empty()).map(|v| (name.to_owned(), v));
            pick(upper).or_else(|| pick(lower))
        };
        let parse = |found: Option<(String, String)>| -> Result<Option<Proxy>, String> {
            let Some((name, value)) = found else { return Ok(None) };
            let value = value.trim();
            let url = if value.contains("://") { value.to_owned() } else { format!("http://{value}") };
            Proxy::parse(&url).map(Some).map_err(|e| format!("{name}: {e}"))
        };
        let no_proxy = var("NO_PROXY", "no_proxy")
            .map(|(_, v)| v.split(',').map(|s| s.trim().to_ascii_lowercase()).filter(|s| !s.is_empty()).collect())
            .unwrap_or_default();
        Ok(ProxyEnv {
            http: parse(var("HTTP_PROXY", "http_proxy"))?,
            https: parse(var("HTTPS_PROXY", "https_proxy"))?,
            no_proxy,
        })
    }

    /// The process's variables.
    pub fn from_process() -> Result<ProxyEnv, String> {
        ProxyEnv::from_vars(|k| std::env::var(k).ok())
    }

    /// The proxy for a target, if any.
    pub fn select(&self, https: bool, host: &str, port: u16) -> Option<&Proxy> {
        let proxy = if https { self.https.as_ref() } else { self.http.as_ref() }?;
        let host = host.trim_start_matches('[').trim_end_matches(']').to_ascii_lowercase();
        if host == "localhost" || host.parse::<std::net::IpAddr>().is_ok_and(|ip| ip.is_loopback()) {
            return None;
        }
        (!self.no_proxy.iter().any(|entry| no_proxy_matches(entry, &host, port))).then_some(proxy)
    }
}

/// One `NO_PROXY` entry against a lower-cased host: `*`, an IP address, a CIDR block, or a
/// domain, each optionally with `:port`.
fn no_proxy_matches(entry: &str, host: &str, port: u16) -> bool {
    if entry == "*" {
        return true;
    }
    if let Some((net, bits)) = entry.split_once('/') {
        let (Ok(net), Ok(bits), Ok(ip)) =
            (net.parse::<std::net::IpAddr>(), bits.parse::<u32>(), host.parse::<std::net::IpAddr>())
        else {
            return false;
        };
        return match (net, ip) {
            (std::net::IpAddr::V4(n), std::net::IpAddr::V4(i)) if bits <= 32 => {
                let mask = u32::MAX.checked_shl(32 - bits).unwrap_or(0);
                u32::from(n) & mask == u32::from(i) & mask
            }
            (std::net::IpAddr::V6(n), std::net::IpAddr::V6(i)) if bits <= 128 => {
                let mask = u128::MAX.checked_shl(128 - bits).unwrap_or(0);
                u128::from(n) & mask == u128::from(i) & mask
            }
            _ => false,
        };
    }
    let (name, entry_port) = match entry.rsplit_once(':') {
        // An IPv6 address without brackets has colons of its own and no port.
        Some((n, p)) if !n.contains(':') || n.ends_with(']') => {
            (n.trim_start_matches('[').trim_end_matches(']'), p.parse::<u16>().ok())
        }
        _ => (entry.trim_start_matches('[').trim_end_matches(']'), None),
    };
    if entry_port.is_some_and(|p| p != port) {
        return false;
    }
    if let Ok(ip) = name.parse::<std::net::IpAddr>() {
        return host.parse::<std::net::IpAddr>() == Ok(ip);
    }
    // `example.com` matches the domain and its subdomains; `.example.com` and `*.example.com`
    // only the subdomains.
    let name = name.strip_prefix('*').unwrap_or(name);
    let (domain, itself) = match name.strip_prefix('.') {
        Some(d) => (d, false),
        None => (name, true),
    };
    !domain.is_empty() && ((itself && host == domain) || host.ends_with(&format!(".{domain}")))
}
