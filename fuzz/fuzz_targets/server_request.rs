//! Fuzzes the test server's request path (method, path, query, headers, body): it must never panic.
#![no_main]

// Input: up to `MAX_REQUESTS` HTTP/1-like requests separated by a `\n%%\n` line, each
//
//     METHOD /path?query
//     Header: value
//
//     body
//
// They run in order against one fresh server, so a seed can create an object and then patch,
// update, list or watch it; a fresh server per input keeps every crash reproducible from its
// input alone.

use std::sync::OnceLock;

use bytes::Bytes;
use kapi_client::Service;
use kapi_testing::ApiServer;
use libfuzzer_sys::fuzz_target;

const MAX_REQUESTS: usize = 8;

fn runtime() -> &'static tokio::runtime::Runtime {
    static RT: OnceLock<tokio::runtime::Runtime> = OnceLock::new();
    // Watches spawn a task and time out with tokio's timers, so both must be there.
    RT.get_or_init(|| {
        tokio::runtime::Builder::new_current_thread().enable_time().build().expect("a current-thread runtime builds")
    })
}

/// Splits `data` at every `sep`.
fn split<'a>(data: &'a [u8], sep: &'a [u8]) -> impl Iterator<Item = &'a [u8]> + 'a {
    let mut rest = Some(data);
    std::iter::from_fn(move || {
        let r = rest?;
        match r.windows(sep.len()).position(|w| w == sep) {
            Some(i) => {
                rest = Some(&r[i + sep.len()..]);
                Some(&r[..i])
            }
            None => {
                rest = None;
                Some(r)
            }
        }
    })
}

/// The request an HTTP/1 server would hand over, or `None` for what it would refuse to parse
/// (a method that is not a token, a target that is not a URI, a header that is not a header).
fn request(text: &[u8]) -> Option<http::Request<Bytes>> {
    let (head, body) = match text.windows(2).position(|w| w == b"\n\n") {
        Some(i) => (&text[..i], &text[i + 2..]),
        None => (text, &[][..]),
    };
    let mut lines = head.split(|&b| b == b'\n');
    let first = lines.next()?;
    let space = first.iter().position(|&b| b == b' ')?;
    let method = http::Method::from_bytes(&first[..space]).ok()?;
    let target = std::str::from_utf8(&first[space + 1..]).ok()?;
    let uri: http::Uri = format!("http://fake.kapi.invalid{target}").parse().ok()?;
    let mut builder = http::Request::builder().method(method).uri(uri);
    for line in lines {
        let colon = line.iter().position(|&b| b == b':')?;
        let name = http::HeaderName::from_bytes(&line[..colon]).ok()?;
        let value = http::HeaderValue::from_bytes(line[colon + 1..].trim_ascii()).ok()?;
        builder = builder.header(name, value);
    }
    builder.body(Bytes::copy_from_slice(body)).ok()
}

fuzz_target!(|data: &[u8]| {
    let requests: Vec<_> = split(data, b"\n%%\n").take(MAX_REQUESTS).filter_map(request).collect();
    if requests.is_empty() {
        return;
    }
    let rt = runtime();
    let server = ApiServer::new();
    server.register_builtin();
    rt.block_on(async {
        for req in requests {
            let resp = server.call(req).await.expect("the in-process server always answers");
            // Read complete bodies; a watch streams until it times out, so it is only started.
            if body_is_complete(&resp) {
                let _ = kapi_client::body::collect(resp.into_body()).await;
            }
        }
    });
    drop(server);
    // Let the tasks of dropped watches see their client gone and end, so none outlive the input.
    rt.block_on(async {
        for _ in 0..4 {
            tokio::task::yield_now().await;
        }
    });
});

/// Whether the response body is complete (not a watch stream).
fn body_is_complete(resp: &http::Response<kapi_client::body::Body>) -> bool {
    http_body::Body::size_hint(resp.body()).exact().is_some()
}
