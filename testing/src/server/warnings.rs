//! Upstream's warning recorder on a response's `Warning` headers: each text once, in the order added, and past 4096 characters in all every text cut to 256.

use http::header;
use kapi_http::body::Body;

use super::call::warning_header;

/// Upstream's `truncateAtTotalRunes`: the characters of warning text a response carries before
/// texts are cut.
const TOTAL_CHARS: usize = 4 * 1024;
/// Upstream's `truncateItemRunes`: the characters each text keeps once texts are cut.
const ITEM_CHARS: usize = 256;

/// Rewrites the response's `Warning` headers as upstream's recorder writes them when the same
/// warnings are added in the same order: a text already sent is dropped; once the texts would
/// pass [`TOTAL_CHARS`], every text sent so far is sent again cut to [`ITEM_CHARS`], and later
/// ones are added cut while fewer than [`TOTAL_CHARS`] have been written.
pub(super) fn record(resp: &mut http::Response<Body>) {
    let values: Vec<http::HeaderValue> = resp.headers().get_all(header::WARNING).iter().cloned().collect();
    if values.is_empty() {
        return;
    }
    // Only the server's own `299 - "…"` headers are read back; anything else is kept as it is.
    let texts: Vec<Result<String, http::HeaderValue>> =
        values.into_iter().map(|v| std::str::from_utf8(v.as_bytes()).ok().and_then(text_of).ok_or(v)).collect();
    let mut recorder = Recorder::default();
    let mut foreign = Vec::new();
    for t in texts {
        match t {
            Ok(text) => recorder.add(text),
            Err(v) => foreign.push(v),
        }
    }
    let headers = resp.headers_mut();
    headers.remove(header::WARNING);
    for v in recorder.written.iter().filter_map(|t| warning_header(t)) {
        headers.append(header::WARNING, v);
    }
    for v in foreign {
        headers.append(header::WARNING, v);
    }
}

/// The recorder's state over the texts added so far.
#[derive(Default)]
struct Recorder {
    /// Every distinct text added, whole, in order (what a replay cuts).
    ordered: Vec<String>,
    /// The texts as they would be sent now.
    written: Vec<String>,
    /// Characters written.
    chars: usize,
    truncating: bool,
}

impl Recorder {
    fn add(&mut self, text: String) {
        if text.is_empty() || (self.truncating && self.chars >= TOTAL_CHARS) || self.ordered.contains(&text) {
            return;
        }
        self.ordered.push(text.clone());
        let len = text.chars().count();
        if self.truncating || self.chars + len <= TOTAL_CHARS {
            let cut = if self.truncating { cut(&text) } else { text };
            self.chars += cut.chars().count();
            self.written.push(cut);
            return;
        }
        self.truncating = true;
        self.written = self.ordered.iter().map(|t| cut(t)).collect();
        self.chars = self.written.iter().map(|t| t.chars().count()).sum();
    }
}

fn cut(text: &str) -> String {
    text.chars().take(ITEM_CHARS).collect()
}

/// The text of a `299 - "…"` header as [`warning_header`] wrote it (one warning of the server
/// itself, read by kapi-http's parser), or `None` for another shape.
fn text_of(value: &str) -> Option<String> {
    match kapi_http::warning::parse_warning(value) {
        Ok((w, "")) if w.code == 299 && w.agent == "-" => Some(w.text),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn response(texts: &[String]) -> http::Response<Body> {
        let mut resp = http::Response::new(kapi_http::body::full(Vec::new()));
        for t in texts {
            resp.headers_mut().append(header::WARNING, warning_header(t).unwrap());
        }
        resp
    }

    fn sent(resp: &http::Response<Body>) -> Vec<String> {
        let text = |v: &http::HeaderValue| text_of(std::str::from_utf8(v.as_bytes()).unwrap()).unwrap();
        resp.headers().get_all(header::WARNING).iter().map(text).collect()
    }

    #[test]
    fn headers_as_upstreams_new_warning_header() {
        // Only quotes and backslashes escaped; UTF-8 as it is.
        let v = warning_header("a \"quoted\" \\ caf\u{e9} \u{1F600}").unwrap();
        assert_eq!(v.as_bytes(), "299 - \"a \\\"quoted\\\" \\\\ caf\u{e9} \u{1F600}\"".as_bytes());
        assert_eq!(
            text_of(std::str::from_utf8(v.as_bytes()).unwrap()).as_deref(),
            Some("a \"quoted\" \\ caf\u{e9} \u{1F600}")
        );
        // A control character, a tab or a newline included, makes no header.
        for t in ["line\nbreak", "tab\there", "bell\u{7}", "c1\u{85}"] {
            assert!(warning_header(t).is_none(), "{t:?}");
        }
        assert_eq!(text_of("199 - \"x\""), None);
    }

    #[test]
    fn texts_with_control_characters_are_dropped() {
        let texts = ["ok", "bad\nline", "also ok"].map(String::from);
        let mut resp = http::Response::new(kapi_http::body::full(Vec::new()));
        for t in &texts {
            if let Some(v) = warning_header(t) {
                resp.headers_mut().append(header::WARNING, v);
            }
        }
        record(&mut resp);
        assert_eq!(sent(&resp), ["ok", "also ok"]);
    }

    #[test]
    fn each_text_is_sent_once_in_order() {
        let texts = ["b", "a", "b", "c", "a"].map(String::from);
        let mut resp = response(&texts);
        record(&mut resp);
        assert_eq!(sent(&resp), ["b", "a", "c"]);
    }

    #[test]
    fn past_the_total_every_text_is_cut() {
        // Texts of 300 characters: 13 fit in 4096; the 14th starts the cutting, which replays
        // the first 14 at 256 (3584 written); the 15th and 16th are added cut (4096), and the
        // rest dropped.
        let texts: Vec<String> = (0..18).map(|i| format!("{i:02}{}", "x".repeat(298))).collect();
        let mut resp = response(&texts);
        record(&mut resp);
        let out = sent(&resp);
        assert_eq!(out.len(), 16, "{out:?}");
        assert!(out.iter().all(|t| t.chars().count() == ITEM_CHARS));
        assert_eq!(&out[15][..2], "15");
    }

    #[test]
    fn under_the_total_nothing_is_cut() {
        let texts: Vec<String> = (0..13).map(|i| format!("{i:02}{}", "y".repeat(298))).collect();
        let mut resp = response(&texts);
        record(&mut resp);
        assert_eq!(sent(&resp), texts);
    }
}
