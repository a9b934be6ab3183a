//! IP addresses as Kubernetes' `netutils.ParseIPSloppy` reads them (Go 1.16's parser: IPv4 parts may have leading zeros, meaning decimal), for the checks of fields written before Go tightened its parser.

use std::net::{IpAddr, Ipv4Addr, Ipv6Addr};

/// An IPv4 address as Go's old parser read it: four decimal parts, each at most 255, leading
/// zeros allowed (Go reads up to 0xFFFFFF before giving up, so any run of them). Also says
/// whether any part had a leading zero.
pub fn parse_ipv4_sloppy(s: &str) -> Option<(Ipv4Addr, bool)> {
    let mut octets = [0u8; 4];
    let mut leading_zero = false;
    let mut parts = s.split('.');
    for o in &mut octets {
        let p = parts.next()?;
        if p.is_empty() || !p.bytes().all(|b| b.is_ascii_digit()) {
            return None;
        }
        leading_zero |= p.len() > 1 && p.starts_with('0');
        let n = p.bytes().try_fold(0u32, |n, b| {
            let n = n * 10 + u32::from(b - b'0');
            (n <= 0xFF).then_some(n)
        })?;
        *o = n as u8;
    }
    if parts.next().is_some() {
        return None;
    }
    Some((Ipv4Addr::from(octets), leading_zero))
}

/// `netutils.ParseIPSloppy`, with whether the text had a leading zero in an IPv4 part (an IPv6
/// address may end in an IPv4 one, whose parts may have them too).
pub fn parse_ip_sloppy(s: &str) -> Option<(IpAddr, bool)> {
    if s.contains(':') {
        if let Ok(a) = s.parse::<Ipv6Addr>() {
            return Some((IpAddr::V6(a), false));
        }
        let (head, tail) = s.rsplit_once(':')?;
        let (v4, zero) = parse_ipv4_sloppy(tail)?;
        let rebuilt = format!("{head}:{v4}");
        return rebuilt.parse::<Ipv6Addr>().ok().map(|a| (IpAddr::V6(a), zero));
    }
    parse_ipv4_sloppy(s).map(|(a, z)| (IpAddr::V4(a), z))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn leading_zeros_are_decimal_and_noted() {
        assert_eq!(parse_ip_sloppy("192.168.1.01"), Some((IpAddr::V4(Ipv4Addr::new(192, 168, 1, 1)), true)));
        assert_eq!(parse_ip_sloppy("0000000010.0.0.1"), Some((IpAddr::V4(Ipv4Addr::new(10, 0, 0, 1)), true)));
        assert_eq!(parse_ip_sloppy("10.0.0.1"), Some((IpAddr::V4(Ipv4Addr::new(10, 0, 0, 1)), false)));
        let mapped = parse_ip_sloppy("::ffff:1.2.3.04").expect("embedded IPv4");
        assert_eq!(mapped, ("::ffff:1.2.3.4".parse().expect("IPv6"), true));
        for bad in ["256.0.0.1", "1.2.3", "1.2.3.4.5", "1..2.3", "a.b.c.d", "1.2.3.4:", ""] {
            assert_eq!(parse_ip_sloppy(bad), None, "{bad}");
        }
    }
}
