//! Kubernetes' `ip`, `cidr` and `url` CEL libraries: parsing as Go's `netip` and `url.ParseRequestURI` do, with upstream's refusals (IPv4-mapped IPv6 addresses, zones) and accessors.

use std::net::{IpAddr, Ipv4Addr, Ipv6Addr};

/// Parses an address as upstream's `ip()`: no zone, no IPv4-mapped IPv6 form.
pub fn parse_ip(s: &str) -> Result<IpAddr, String> {
    if s.contains('%') {
        return Err(format!(
            "IP Address {s:?} parse error during conversion from string: IP address with zone value is not allowed"
        ));
    }
    let ip: IpAddr = s.parse().map_err(|_| {
        format!("IP Address {s:?} parse error during conversion from string: ParseAddr({s:?}): unable to parse IP")
    })?;
    if let IpAddr::V6(v6) = ip
        && v6.to_ipv4_mapped().is_some()
    {
        return Err(format!(
            "IP Address {s:?} parse error during conversion from string: IPv4-mapped IPv6 address is not allowed"
        ));
    }
    Ok(ip)
}

/// Parses a prefix as upstream's `cidr()`: an address as [`parse_ip`], `/`, a length in range.
pub fn parse_cidr(s: &str) -> Result<(IpAddr, u8), String> {
    let fail = |why: &str| format!("network address {s:?} parse error during conversion from string: {why}");
    let (addr, bits) = s.split_once('/').ok_or_else(|| fail(&format!("netip.ParsePrefix({s:?}): no '/'")))?;
    let ip = parse_ip(addr).map_err(|e| fail(&e))?;
    let max = if ip.is_ipv4() { 32 } else { 128 };
    let ok_digits =
        !bits.is_empty() && bits.bytes().all(|b| b.is_ascii_digit()) && (bits == "0" || !bits.starts_with('0'));
    let n: u8 = bits
        .parse()
        .ok()
        .filter(|n| ok_digits && *n <= max)
        .ok_or_else(|| fail(&format!("netip.ParsePrefix({s:?}): bad bits after slash: {bits:?}")))?;
    Ok((ip, n))
}

/// The address with the bits past the prefix cleared.
pub fn masked(ip: IpAddr, bits: u8) -> IpAddr {
    match ip {
        IpAddr::V4(v4) => {
            let mask = if bits == 0 { 0 } else { u32::MAX << (32 - u32::from(bits)) };
            IpAddr::V4(Ipv4Addr::from(u32::from(v4) & mask))
        }
        IpAddr::V6(v6) => {
            let mask = if bits == 0 { 0 } else { u128::MAX << (128 - u32::from(bits)) };
            IpAddr::V6(Ipv6Addr::from(u128::from(v6) & mask))
        }
    }
}

/// Whether the prefix holds the address.
pub fn contains(net: (IpAddr, u8), ip: IpAddr) -> bool {
    net.0.is_ipv4() == ip.is_ipv4() && masked(net.0, net.1) == masked(ip, net.1)
}

/// Go's `IsGlobalUnicast`: not unspecified, loopback, link-local, multicast or broadcast.
pub fn is_global_unicast(ip: IpAddr) -> bool {
    match ip {
        IpAddr::V4(v4) => {
            !(v4.is_unspecified() || v4.is_loopback() || v4.is_link_local() || v4.is_multicast() || v4.is_broadcast())
        }
        IpAddr::V6(v6) => {
            !(v6.is_unspecified() || v6.is_loopback() || is_v6_link_local_unicast(v6) || v6.is_multicast())
        }
    }
}

fn is_v6_link_local_unicast(v6: Ipv6Addr) -> bool {
    (v6.segments()[0] & 0xffc0) == 0xfe80
}

/// Go's `IsLinkLocalUnicast`.
pub fn is_link_local_unicast(ip: IpAddr) -> bool {
    match ip {
        IpAddr::V4(v4) => v4.is_link_local(),
        IpAddr::V6(v6) => is_v6_link_local_unicast(v6),
    }
}

/// Go's `IsLinkLocalMulticast`: 224.0.0.0/24, ff02::/16.
pub fn is_link_local_multicast(ip: IpAddr) -> bool {
    match ip {
        IpAddr::V4(v4) => v4.octets()[..3] == [224, 0, 0],
        IpAddr::V6(v6) => (v6.segments()[0] & 0xff0f) == 0xff02,
    }
}

/// A URL as `url.ParseRequestURI` reads it: an absolute URI or an absolute path.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Url {
    pub text: String,
    pub scheme: String,
    /// `host[:port]` as written (IPv6 in brackets).
    pub host: String,
    pub path: String,
    pub query: String,
}

pub fn parse_url(s: &str) -> Result<Url, String> {
    let invalid = || format!("URL parse error during conversion from string: parse {s:?}: invalid URI for request");
    if s.bytes().any(|b| b < 0x20 || b == 0x7f || b == b' ') {
        return Err(format!("URL parse error during conversion from string: parse {s:?}: invalid character in URL"));
    }
    let (rest, query) = match s.split_once('?') {
        Some((r, q)) => (r, q.to_owned()),
        None => (s, String::new()),
    };
    let mut url = Url { text: s.to_owned(), scheme: String::new(), host: String::new(), path: String::new(), query };
    if rest.starts_with('/') {
        url.path = rest.to_owned();
        return Ok(url);
    }
    let colon = rest.find(':').ok_or_else(invalid)?;
    let scheme = &rest[..colon];
    let valid_scheme = scheme.as_bytes().first().is_some_and(u8::is_ascii_alphabetic)
        && scheme.bytes().all(|b| b.is_ascii_alphanumeric() || matches!(b, b'+' | b'-' | b'.'));
    if !valid_scheme {
        return Err(invalid());
    }
    url.scheme = scheme.to_ascii_lowercase();
    let after = &rest[colon + 1..];
    match after.strip_prefix("//") {
        Some(auth_path) => {
            let end = auth_path.find('/').unwrap_or(auth_path.len());
            let authority = &auth_path[..end];
            let host = authority.rsplit_once('@').map_or(authority, |(_, h)| h);
            if let Some(port) = port_of(host)
                && !port.bytes().all(|b| b.is_ascii_digit())
            {
                return Err(format!(
                    "URL parse error during conversion from string: parse {s:?}: invalid port {:?} after host",
                    format!(":{port}")
                ));
            }
            url.host = host.to_owned();
            url.path = auth_path[end..].to_owned();
        }
        // An opaque URI (`mailto:x`): ParseRequestURI refuses a relative path after the scheme.
        None if after.starts_with('/') || after.is_empty() => url.path = after.to_owned(),
        None => {}
    }
    Ok(url)
}

/// The port of `host:port` (`[::1]:80`), if one is written.
fn port_of(host: &str) -> Option<&str> {
    let after_brackets = match host.rfind(']') {
        Some(i) => &host[i + 1..],
        None => host,
    };
    after_brackets.rfind(':').map(|i| &after_brackets[i + 1..])
}

impl Url {
    /// The host without port and brackets.
    pub fn hostname(&self) -> &str {
        let h = &self.host;
        if let Some(inner) = h.strip_prefix('[') {
            return inner.split(']').next().unwrap_or_default();
        }
        h.rsplit_once(':').map_or(h.as_str(), |(name, _)| name)
    }

    pub fn port(&self) -> &str {
        port_of(&self.host).unwrap_or_default()
    }

    /// The query as a map from key to values, in order of first appearance; `+` and `%xx`
    /// decoded.
    pub fn query_pairs(&self) -> Vec<(String, Vec<String>)> {
        let mut out: Vec<(String, Vec<String>)> = Vec::new();
        for part in self.query.split(['&']).filter(|p| !p.is_empty()) {
            let (k, v) = part.split_once('=').unwrap_or((part, ""));
            let (Some(k), Some(v)) = (unescape(k), unescape(v)) else { continue };
            match out.iter_mut().find(|(key, _)| *key == k) {
                Some((_, vals)) => vals.push(v),
                None => out.push((k, vec![v])),
            }
        }
        out
    }
}

fn unescape(s: &str) -> Option<String> {
    let b = s.as_bytes();
    let mut out = Vec::with_capacity(b.len());
    let mut i = 0;
    while i < b.len() {
        match b[i] {
            b'+' => out.push(b' '),
            b'%' => {
                let hex = s.get(i + 1..i + 3)?;
                out.push(u8::from_str_radix(hex, 16).ok()?);
                i += 2;
            }
            c => out.push(c),
        }
        i += 1;
    }
    String::from_utf8(out).ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn addresses_as_upstream_reads_them() {
        assert!(parse_ip("127.0.0.1").is_ok());
        assert!(parse_ip("fe80::1").is_ok());
        assert!(parse_ip("127.0.0.256").is_err());
        assert!(parse_ip("::ffff:127.0.0.1").is_err());
        assert!(parse_ip("fe80::1%eth0").is_err());
        assert!(parse_ip("01.1.1.1").is_err());
        assert_eq!(
            parse_cidr("192.168.0.1/24").map(|(ip, n)| (masked(ip, n).to_string(), n)),
            Ok(("192.168.0.0".into(), 24))
        );
        assert!(parse_cidr("192.168.0.0/33").is_err());
        assert!(parse_cidr("192.168.0.0").is_err());
        let net = parse_cidr("192.168.0.0/24").expect("valid");
        assert!(contains(net, parse_ip("192.168.0.7").expect("valid")));
        assert!(!contains(net, parse_ip("192.168.1.7").expect("valid")));
    }

    #[test]
    fn urls_as_parse_request_uri_reads_them() {
        let u = parse_url("https://user@example.com:8080/a/b?x=1&y=2&x=3").expect("valid");
        assert_eq!(
            (u.scheme.as_str(), u.hostname(), u.port(), u.path.as_str()),
            ("https", "example.com", "8080", "/a/b")
        );
        assert_eq!(u.query_pairs(), vec![("x".into(), vec!["1".into(), "3".into()]), ("y".into(), vec!["2".into()])]);
        let v6 = parse_url("https://[::1]:80/").expect("valid");
        assert_eq!((v6.hostname(), v6.port(), v6.host.as_str()), ("::1", "80", "[::1]:80"));
        assert!(parse_url("/absolute/path").is_ok());
        assert!(parse_url("../relative").is_err());
        assert!(parse_url("example.com").is_err());
        assert!(parse_url("https://example.com:port/").is_err());
    }
}
