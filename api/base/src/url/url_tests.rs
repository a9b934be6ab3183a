//! `url.Parse` and `url.ParseRequestURI` verdicts and messages, and `netip.ParseAddr`'s for bracketed hosts, as Go 1.26 gives them.

use super::*;

fn host(raw: &str) -> Vec<u8> {
    parse(raw).unwrap().host
}

#[test]
fn hosts_and_schemes() {
    assert_eq!(host("https://Example.com:8443/a?b#c"), b"Example.com:8443");
    assert_eq!(parse("HTTPS://x/").unwrap().scheme, "https");
    assert_eq!(host("http://[fe80::1%25en0]:80/x"), b"[fe80::1%en0]:80");
    assert_eq!(host("http://[::ffff:1.2.3.4]/"), b"[::ffff:1.2.3.4]");
    assert_eq!(host("http://h%C3%A9/"), "hé".as_bytes());
    assert_eq!(host("spiffe://cluster.local/ns/x"), b"cluster.local");
    // Other schemes keep the last colon as the port's (golang/go#78077).
    assert_eq!(host("mongodb://a:1,b:2/"), b"a:1,b:2");
    for raw in ["", "*", "mailto:x@example.com", "a/b", "/a/b?c", "x#", "//h/p", "urn:a:b", "http://u:p@h/"] {
        assert_eq!(parse(raw).map(|_| ()), Ok(()), "{raw}");
    }
    assert!(host("/a/b").is_empty() && host("a:b").is_empty() && host("///h/p").is_empty());
}

#[test]
fn errors_as_go_prints_them() {
    let cases = [
        (":x", "missing protocol scheme"),
        ("1a:b", "first path segment in URL cannot contain colon"),
        ("/a%zz", "invalid URL escape \"%zz\""),
        ("/a%2", "invalid URL escape \"%2\""),
        ("http://h\u{1}/", "net/url: invalid control character in URL"),
        ("http://exa mple.com/", "invalid character \" \" in host name"),
        ("http://%41.com/", "invalid URL escape \"%41\""),
        ("http://[::1/", "missing ']' in host"),
        ("http://h:port/", "invalid port \":port\" after host"),
        ("http://a:1:2/", "invalid port \":1:2\" after host"),
        ("http://::1/", "invalid port \"::1\" after host"),
        ("http://[::1]x/", "invalid port \"x\" after host"),
        ("http://x[::1]/", "invalid IP-literal"),
        ("http://[1.2.3.4]/", "invalid IP-literal"),
        ("http://[zz]/", "invalid host: ParseAddr(\"zz\"): unable to parse IP"),
        ("http://[fe80::1%25a%0a]/", "invalid URL escape \"%0a\""),
        ("http://u%zz@h/", "invalid URL escape \"%zz\""),
        ("http://u:%z:@h/", "invalid URL escape \"%z:\""),
        ("http://u%:x@h/", "invalid URL escape \"%\""),
        ("http://u\"@h/", "net/url: invalid userinfo"),
    ];
    for (raw, msg) in cases {
        assert_eq!(parse(raw), Err(format!("parse {}: {msg}", quote(raw.as_bytes()))), "{raw}");
    }
    // A bad fragment names the whole input.
    assert_eq!(parse("/a#%zz"), Err("parse \"/a#%zz\": invalid URL escape \"%zz\"".into()));
    assert_eq!(parse_request_uri(""), Err("parse \"\": empty url".into()));
    assert_eq!(parse_request_uri("a/b"), Err("parse \"a/b\": invalid URI for request".into()));
    // An escape cut inside a multi-byte letter is quoted byte by byte.
    assert_eq!(parse("/%中"), Err("parse \"/%中\": invalid URL escape \"%\\xe4\\xb8\"".into()));
}

#[test]
fn bracketed_addresses_as_netip_reads_them() {
    let bad = |addr: &str| parse(&format!("http://[{addr}]/")).unwrap_err();
    let at = |addr: &str, msg: &str| format!("invalid host: ParseAddr({}): {msg}", quote(addr.as_bytes()));
    for (addr, msg) in [
        ("::1::2", "multiple :: in address (at \":2\")"),
        ("1:2:3:4:5:6:7:8:9", "trailing garbage after address (at \"9\")"),
        ("12345::", "each group must have 4 or less digits (at \"12345::\")"),
        ("1:2", "address string too short"),
        ("1:", "colon must be followed by more characters (at \":\")"),
        ("1:2:3:4:5:6:7::8", "the :: must expand to at least one field of zeros"),
        ("1::x", "each colon-separated field must have at least one digit (at \"x\")"),
        ("1::2x", "unexpected character, want colon (at \"x\")"),
        ("1.2.3.4::", "unexpected character (at \"::\")"),
        ("1:2:3:1.2.3.4", "embedded IPv4 address must replace the final 2 fields of the address (at \"1.2.3.4\")"),
        ("::1.2.3.04", "IPv4 field has octet with leading zero"),
        ("::1.2.3.256", "IPv4 field has value >255"),
        ("::1.2.3", "IPv4 address too short"),
        ("::1.2..3", "IPv4 field must have at least one digit (at \".3\")"),
        ("%25x", "missing IPv6 address"),
    ] {
        let addr_text = addr.replace("%25", "%");
        assert_eq!(bad(addr), format!("parse \"http://[{addr}]/\": {}", at(&addr_text, msg)), "{addr}");
    }
    assert_eq!(netip::parse_addr(b"fe80::1%"), Err("ParseAddr(\"fe80::1%\"): zone must be a non-empty string".into()));
    assert_eq!(netip::parse_addr(b"1.2.3.4.5"), Err("ParseAddr(\"1.2.3.4.5\"): IPv4 address too long".into()));
    assert_eq!(netip::parse_addr(b"::"), Ok(false));
    assert_eq!(netip::parse_addr(b"1:2:3:4:5:6:1.2.3.4"), Ok(false));
    assert_eq!(netip::parse_addr(b"10.0.0.1"), Ok(true));
}

#[test]
fn hostile_inputs_do_not_panic() {
    let seeds = ["http://u:p@[fe80::1%25en0]:80/a?b#c", "x://%e4%b8%ad@h:1/%2f", "http://[::ffff:1.2.3.4]:9/"];
    for seed in seeds {
        let b = seed.as_bytes();
        for i in 0..b.len() {
            for flip in [b'%', b'[', b']', b':', b'@', b'/', b'#', b'?', b'.', 0x80] {
                let mut v = b[..i].to_vec();
                v.push(flip);
                v.extend_from_slice(&b[i + 1..]);
                let s = String::from_utf8_lossy(&v);
                let _ = parse(&s);
                let _ = parse_request_uri(&s);
            }
            let _ = parse(&seed[..seed.floor_char_boundary(i)]);
        }
    }
}
