//! kube-openapi's own format test cases (strfmt's `default_test.go`, `date_test.go`, `time_test.go`, `duration_test.go`, `kubernetes-extensions_test.go`) and Go's parser edges.

use super::*;

fn check(format: &str, valid: &[&str], invalid: &[&str]) {
    for v in valid {
        assert!(is_valid(format, v), "{format}: {v:?} should be valid");
    }
    for v in invalid {
        assert!(!is_valid(format, v), "{format}: {v:?} should be invalid");
    }
}

#[test]
fn upstream_string_format_cases() {
    check("uri", &["http://somewhere.com", "http://somewhereelse.com"], &["somewhere.com"]);
    check(
        "email",
        &[
            "somebodyelse@somewhere.com",
            "blah@gmail.com",
            "test@d.verylongtoplevel",
            "email+tag@gmail.com",
            r#"" "@example.com"#,
            r#""Abc\@def"@example.com"#,
            r#""Fred Bloggs"@example.com"#,
            r#""Joe\\Blow"@example.com"#,
            r#""Abc@def"@example.com"#,
            "customer/department=shipping@example.com",
            "$A12345@example.com",
            "!def!xyz%abc@example.com",
            "_somename@example.com",
            "!#$%&'*+-/=?^_`{}|~@example.com",
            "Miles.O'Brian@example.com",
            "postmaster@☁→❄→☃→☀→☺→☂→☹→✝.ws",
            "root@localhost",
            "john@com",
            "api@piston.ninja",
        ],
        &["somebody@somewhere@com"],
    );
    let long = "a".repeat(64);
    let long_segment = format!("x.y.{long}");
    let very_long = "a".repeat(256);
    check(
        "hostname",
        &[
            "somewhere.com",
            "888.com",
            "a.com",
            "a.b.com",
            "a.b.c.com",
            "a.b.c.d.com",
            "a.b.c.d.e.com",
            "1.com",
            "1.2.com",
            "1.2.3.com",
            "1.2.3.4.com",
            "99.domain.com",
            "99.99.domain.com",
            "1wwworg.example.com",
            "1000wwworg.example.com",
            "xn--bcher-kva.example.com",
            "xn-80ak6aa92e.co",
            "xn-80ak6aa92e.com",
            "xn--ls8h.la",
            "☁→❄→☃→☀→☺→☂→☹→✝.ws",
            "www.example.onion",
            "www.example.ôlà",
            "ôlà.ôlà",
            "ôlà.ôlà.ôlà",
            "ex$ample",
            "localhost",
            "example",
            "x",
            "x-y",
            "a.b.c.dot",
            "www.example.org",
            "a.b.c.d.e.f.g.dot",
            "ex=ample.com",
            "<foo>",
            "www.example-hyphenated.org",
            "www.詹姆斯.org",
            "www.élégigôö.org",
            "www.詹姆斯.london",
        ],
        &[
            "somewhere.com!",
            "user@email.domain",
            "1.1.1.1",
            &very_long,
            &long_segment,
            "www.example-.org",
            "www.--example.org",
            "-www.example.org",
            "www-.example.org",
            "www.d-.org",
            "www.-d.org",
            "www-",
            "-www",
            "www.ex ample.org",
            "_www.example.org",
            "www.ex;ample.org",
            "www.example_underscored.org",
            "www.詹姆斯.x",
            "a.b.c.d",
            "-xyz",
            "xyz-",
            "x.",
            "a.b.c.dot-",
            "a.b.c.é;ö",
        ],
    );
    check("ipv4", &["192.168.254.2", "127.0.0.1", "192.168.1.1", "192.168.1.01"], &["198.168.254.2.2"]);
    check("ipv6", &["::2"], &["127.0.0.1"]);
    check(
        "cidr",
        &["192.168.254.2/24", "192.0.2.1/24", "192.0.02.1/24", "2001:db8:a0b:12f0::1/32"],
        &["198.168.254.2", "2001:db8:a0b:12f0::1"],
    );
    check("mac", &["06:05:04:03:02:01"], &["01:02:03:04:05"]);
    for f in ["uuid3", "uuid4", "uuid5", "uuid"] {
        check(f, &[], &["not-a-uuid"]);
    }
    check("isbn", &["0321751043"], &["836217463"]);
    check("isbn10", &["0321751043"], &["836217463"]);
    check("isbn13", &["978-0321751041"], &["978-0321751042"]);
    check("hexcolor", &["#000000", "#FFFFFF"], &["#fffffffz"]);
    check("rgbcolor", &["rgb(0,0,0)", "rgb(255,255,255)"], &["rgb(300,0,0)"]);
    check("ssn", &["999 99 9999", "111-11-1111"], &["999 99 999"]);
    check("creditcard", &["4012-8888-8888-1881", "4111-1111-1111-1111"], &["9999-9999-9999-999"]);
    check("password", &["super secret!!!", "even more secret"], &[]);
    check("byte", &["ZWxpemFiZXRocG9zZXk="], &["ZWxpemFiZXRocG9zZXk"]);
}

/// UUIDs made by Go's `uuid.NewMD5`/`NewSHA1`/`NewRandom`, and the patterns' optional dashes.
#[test]
fn uuid_versions_and_dashes() {
    let v3 = "a987fbc9-4bed-3078-8f07-9141ba07c9f3";
    let v4 = "0f1d6a2e-6d5a-4c47-9c3e-6b1b4f1e2d3c";
    let v5 = "886313e1-3b8a-5372-9b90-0c9aee199e5d";
    check("uuid3", &[v3, &v3.to_uppercase(), &v3.replace('-', "")], &[v4, v5]);
    check("uuid4", &[v4], &[v3, v5, "0f1d6a2e-6d5a-4c47-7c3e-6b1b4f1e2d3c"]);
    check("uuid5", &[v5], &[v3, v4]);
    check("uuid", &[v3, v4, v5, "a987fbc94bed-3078-8f079141ba07c9f3"], &["a987fbc9--4bed-3078-8f07-9141ba07c9f3"]);
    // A name written with dashes is the same format.
    check("uu-id", &[v4], &["nope"]);
}

#[test]
fn dates_and_times() {
    check(
        "date",
        &["2012-01-01", "2024-02-29", "0000-01-01"],
        &["2023-02-29", "2012-13-01", "2012-1-01", "12-01-01", "2012-01-32"],
    );
    check(
        "date-time",
        &[
            "2014-12-15T19:30:20.000Z",
            "2014-12-15t19:30:20z",
            "2014-12-15T19:30:20+01:00",
            "2014-12-15T23:59:59.123456789-07:00",
            // strfmt's pattern takes any character before the fraction, and reads nothing
            // after a second `t`.
            "2014-12-15T19:30:20x5Z",
            "2014-12-15T19:30:20ZtXYZ",
        ],
        &["2014-12-15T24:00:00Z", "2014-12-15T19:30:20", "2014-12-15 19:30:20Z", "2014-12-32T19:30:20Z", "abc"],
    );
    check("datetime", &["2014-12-15T19:30:20Z"], &["x"]);
    let t = parse_date_time("2014-12-15T19:30:20.5Z").expect("RFC 3339");
    assert_eq!((t.secs, t.nanos), (1_418_671_820, 500_000_000));
    // Without a zone: UTC.
    assert_eq!(parse_date_time("2014-12-15T19:30:20").expect("local").secs, 1_418_671_820);
    assert_eq!(parse_date_time("").expect("empty").secs, 0);
    assert!(parse_date_time("2014-12-15t19:30:20z").is_err(), "Go's layouts are upper-case");
    assert_eq!(parse_date("1970-01-02").expect("date").secs, 86_400);
}

/// strfmt's `duration_test.go` cases, and Go's `time.ParseDuration` first.
#[test]
fn durations() {
    const S: i64 = 1_000_000_000;
    for (text, want) in [
        ("1ns", 1),
        ("1 ns", 1),
        ("1 nano", 1),
        ("1 nanos", 1),
        ("1 nanosecond", 1),
        ("1 nanoseconds", 1),
        ("1us", 1_000),
        ("1 micro", 1_000),
        ("1 microsecond", 1_000),
        ("1ms", 1_000_000),
        ("1 milli", 1_000_000),
        ("1 millisecond", 1_000_000),
        ("1s", S),
        ("1 sec", S),
        ("1 seconds", S),
        ("1m", 60 * S),
        ("1 min", 60 * S),
        ("1 minutes", 60 * S),
        ("1h", 3600 * S),
        ("1 hr", 3600 * S),
        ("1 hours", 3600 * S),
        ("1 d", 86_400 * S),
        ("1 days", 86_400 * S),
        ("1 w", 604_800 * S),
        ("1 wk", 604_800 * S),
        ("1 weeks", 604_800 * S),
        ("1h30m", 5400 * S),
        ("-1.5h", -5400 * S),
        ("3 days 2 hours", (3 * 86_400 + 7200) * S),
    ] {
        assert_eq!(parse_duration(text), Some(want), "{text}");
    }
    for bad in ["", "1", "1 fortnight", "h", "1.5 days"] {
        assert_eq!(parse_duration(bad), None, "{bad}");
    }
    check("duration", &["1h", "3 weeks"], &["soon"]);
}

#[test]
fn kubernetes_names_and_bson_ids() {
    check("k8s-short-name", &["a", "a-b", "0a", &"a".repeat(63)], &["A", "-a", "a-", "a.b", "", &"a".repeat(64)]);
    check(
        "k8s-long-name",
        &["a", "a.b", "a-b.c-d", &"a".repeat(253)],
        &["A", "a..b", ".a", "a.", "", &"a".repeat(254)],
    );
    check("bsonobjectid", &["507f1f77bcf86cd799439011"], &["507f1f77bcf86cd79943901", "507f1f77bcf86cd79943901z"]);
}

/// Go's `url.ParseRequestURI` edges.
#[test]
fn request_uris() {
    check(
        "uri",
        &[
            "/",
            "/a/b?c",
            "*",
            "mailto:x@example.com",
            "http://[fe80::1%25en0]:80/x",
            "http://u:p@h:8080/",
            "http://h/?",
        ],
        &[
            "",
            "a/b",
            ":x",
            "http://h:port/",
            "http://[::1/",
            "/a%zz",
            "http://h\u{1}/",
            "http://exa mple.com/",
            "http://%41.com/",
        ],
    );
}

#[test]
fn unsupported_formats_pass_anything() {
    check("int32", &["x"], &[]);
    check("no-such-format", &["x"], &[]);
}
