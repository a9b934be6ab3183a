//! The proxy of a kubeconfig's `proxy-url`: an HTTP proxy asked for a tunnel with `CONNECT` (over TLS for `https://`), or a SOCKS5 proxy; the caller's request deadline bounds the exchange and replies are read under a size limit.

use rustls_pki_types::ServerName;
use tokio::io::{AsyncRead, AsyncReadExt, AsyncWrite, AsyncWriteExt};
use tokio::net::TcpStream;

/// A byte stream to the target through a proxy: a TCP stream, or TLS to an `https://` proxy.
pub trait Tunnel: AsyncRead + AsyncWrite + Send + Unpin {}

impl<T: AsyncRead + AsyncWrite + Send + Unpin> Tunnel for T {}

/// The longest `CONNECT` reply head read from an HTTP proxy.
const MAX_CONNECT_REPLY: usize = 8 << 10;

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

    /// A stream to `host:port` through the proxy; `tls` connects to an `https://` proxy.
    pub async fn connect(
        &self,
        host: &str,
        port: u16,
        tls: Option<&tokio_rustls::TlsConnector>,
    ) -> Result<Box<dyn Tunnel>, String> {
        let mut tcp = TcpStream::connect((self.host.as_str(), self.port))
            .await
            .map_err(|e| format!("connecting to the proxy {}:{}: {e}", self.host, self.port))?;
        // Best effort: a failure only costs latency.
        let _ = tcp.set_nodelay(true);
        let context = |e: String| format!("proxy {}:{} to {host}:{port}: {e}", self.host, self.port);
        match self.kind {
            ProxyKind::HttpConnect => {
                self.http_connect(&mut tcp, host, port).await.map_err(context)?;
                Ok(Box::new(tcp))
            }
            ProxyKind::Socks5 => {
                self.socks5(&mut tcp, host, port).await.map_err(context)?;
                Ok(Box::new(tcp))
            }
            ProxyKind::HttpsConnect => {
                let tls = tls.ok_or_else(|| context("no TLS configuration for an https:// proxy".into()))?;
                let name = ServerName::try_from(self.host.clone())
                    .map_err(|e| context(format!("{:?} is not a valid TLS server name: {e}", self.host)))?;
                let mut stream = tls.connect(name, tcp).await.map_err(|e| context(format!("TLS to the proxy: {e}")))?;
                self.http_connect(&mut stream, host, port).await.map_err(context)?;
                Ok(Box::new(stream))
            }
        }
    }

    async fn http_connect(
        &self,
        tcp: &mut (impl AsyncRead + AsyncWrite + Unpin),
        host: &str,
        port: u16,
    ) -> Result<(), String> {
        let target = if host.contains(':') { format!("[{host}]:{port}") } else { format!("{host}:{port}") };
        let mut head = format!("CONNECT {target} HTTP/1.1\r\nHost: {target}\r\n");
        if let Some((u, p)) = &self.credentials {
            let mut enc = Vec::new();
            kapi_machinery::base64::encode_into(format!("{u}:{p}").as_bytes(), &mut enc);
            head.push_str(&format!("Proxy-Authorization: Basic {}\r\n", String::from_utf8_lossy(&enc)));
        }
        head.push_str("\r\n");
        tcp.write_all(head.as_bytes()).await.map_err(|e| format!("sending CONNECT: {e}"))?;
        // The tunnel carries nothing until we speak, so the reply ends at its blank line.
        let mut reply = Vec::new();
        let mut buf = [0u8; 1024];
        let end = loop {
            let n = tcp.read(&mut buf).await.map_err(|e| format!("reading the CONNECT reply: {e}"))?;
            if n == 0 {
                return Err("the proxy closed the connection before answering CONNECT".into());
            }
            reply.extend_from_slice(&buf[..n]);
            if let Some(pos) = reply.windows(4).position(|w| w == b"\r\n\r\n") {
                break pos + 4;
            }
            if reply.len() > MAX_CONNECT_REPLY {
                return Err(format!("the CONNECT reply head is longer than {MAX_CONNECT_REPLY} bytes"));
            }
        };
        let status_line = String::from_utf8_lossy(reply.split(|b| *b == b'\r').next().unwrap_or_default()).into_owned();
        let mut words = status_line.split(' ');
        let version = words.next().unwrap_or_default();
        let code = words.next().unwrap_or_default();
        if !version.starts_with("HTTP/1.") {
            return Err(format!("not an HTTP reply: {status_line:?}"));
        }
        if !code.starts_with('2') || code.len() != 3 {
            return Err(format!("CONNECT was refused: {status_line:?}"));
        }
        if end != reply.len() {
            return Err("the proxy sent data after its CONNECT reply".into());
        }
        Ok(())
    }

    async fn socks5(
        &self,
        tcp: &mut (impl AsyncRead + AsyncWrite + Unpin),
        host: &str,
        port: u16,
    ) -> Result<(), String> {
        let io = |what: &'static str| move |e: std::io::Error| format!("{what}: {e}");
        let greeting: &[u8] = if self.credentials.is_some() { &[5, 2, 0, 2] } else { &[5, 1, 0] };
        tcp.write_all(greeting).await.map_err(io("sending the SOCKS5 greeting"))?;
        let mut choice = [0u8; 2];
        tcp.read_exact(&mut choice).await.map_err(io("reading the SOCKS5 method"))?;
        if choice[0] != 5 {
            return Err(format!("not a SOCKS5 proxy (version byte {})", choice[0]));
        }
        match (choice[1], &self.credentials) {
            (0, _) => {}
            (2, Some((u, p))) => {
                let mut msg = vec![1, u.len() as u8];
                msg.extend_from_slice(u.as_bytes());
                msg.push(p.len() as u8);
                msg.extend_from_slice(p.as_bytes());
                tcp.write_all(&msg).await.map_err(io("sending the SOCKS5 credentials"))?;
                let mut ok = [0u8; 2];
                tcp.read_exact(&mut ok).await.map_err(io("reading the SOCKS5 login reply"))?;
                if ok[1] != 0 {
                    return Err("the SOCKS5 proxy refused the user name and password".into());
                }
            }
            (0xff, _) => return Err("the SOCKS5 proxy accepts none of our authentication methods".into()),
            (m, _) => return Err(format!("the SOCKS5 proxy chose method {m}, which was not offered")),
        }
        let mut req = vec![5, 1, 0];
        match host.parse::<std::net::IpAddr>() {
            Ok(std::net::IpAddr::V4(ip)) => {
                req.push(1);
                req.extend_from_slice(&ip.octets());
            }
            Ok(std::net::IpAddr::V6(ip)) => {
                req.push(4);
                req.extend_from_slice(&ip.octets());
            }
            Err(_) => {
                let len = u8::try_from(host.len()).map_err(|_| "the host name is longer than 255 bytes".to_owned())?;
                req.push(3);
                req.push(len);
                req.extend_from_slice(host.as_bytes());
            }
        }
        req.extend_from_slice(&port.to_be_bytes());
        tcp.write_all(&req).await.map_err(io("sending the SOCKS5 connect request"))?;
        let mut head = [0u8; 4];
        tcp.read_exact(&mut head).await.map_err(io("reading the SOCKS5 connect reply"))?;
        if head[1] != 0 {
            let why = match head[1] {
                1 => "general failure",
                2 => "not allowed by the rule set",
                3 => "network unreachable",
                4 => "host unreachable",
                5 => "connection refused",
                6 => "TTL expired",
                7 => "command not supported",
                8 => "address type not supported",
                _ => "unknown reply code",
            };
            return Err(format!("the SOCKS5 proxy could not connect: {why} ({})", head[1]));
        }
        // The bound address that follows is read and dropped: its length is set by its type.
        let rest = match head[3] {
            1 => 4 + 2,
            4 => 16 + 2,
            3 => {
                let mut len = [0u8; 1];
                tcp.read_exact(&mut len).await.map_err(io("reading the SOCKS5 bound address"))?;
                usize::from(len[0]) + 2
            }
            t => return Err(format!("the SOCKS5 reply has an unknown address type {t}")),
        };
        let mut skip = vec![0u8; rest];
        tcp.read_exact(&mut skip).await.map_err(io("reading the SOCKS5 bound address"))?;
        Ok(())
    }
}

/// The proxies of the environment, read as Go's `http.ProxyFromEnvironment` reads them (which
/// client-go uses when a kubeconfig names no `proxy-url`): `HTTPS_PROXY` for `https://` targets,
/// `HTTP_PROXY` for `http://` ones (upper case before lower case; a value without a scheme is
/// `http://`), except for hosts that `NO_PROXY` matches and for loopback hosts, which are never
/// proxied.
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
