//! Multi-document YAML streams (manifest files): split at `---` lines as apimachinery's `YAMLReader` does, then decode each document.
//!
//! A line that starts with `---` ends the document before it; after the three dashes only spaces
//! and a `#` comment may follow (anything else is upstream's "invalid Yaml document separator"
//! error). Separator lines with nothing before them start no document, so a leading `---` or
//! repeated separators make no empty documents. Within a document, a `...` line ends it for the
//! decoder, which (like yaml.v2's `Unmarshal`) reads the first YAML document of each chunk and
//! ignores what follows up to the next `---`. A stream whose first non-space byte is `{` is a
//! stream of JSON objects instead (apimachinery's `YAMLOrJSONDecoder` sniffs the same way): each
//! object is a document, decoded as JSON. Splitting is one pass over the input and each document
//! is decoded on its own, so time and memory are linear in the input.

use std::fmt;

use crate::error::{DecodeError, DecodeErrorKind};
use crate::json::JsonDecode;
use crate::json::value::{self, Value};

/// The separator that starts a line ending a document.
const SEPARATOR: &[u8] = b"---";

/// One document of a stream, borrowed from the input.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Document<'a> {
    /// The document's position among the stream's documents, from 0.
    pub index: usize,
    /// The 1-based line of the stream where the document's text starts.
    pub line: usize,
    /// The document's text, separators excluded.
    pub text: &'a [u8],
    /// The document is an object of a JSON stream (decoded as JSON, not YAML).
    pub json: bool,
}

impl Document<'_> {
    /// The 1-based line of the stream at a byte offset of the document's text.
    pub fn line_at(&self, offset: usize) -> usize {
        let end = offset.min(self.text.len());
        self.line + self.text[..end].iter().filter(|&&b| b == b'\n').count()
    }

    /// Whether the document holds nothing but whitespace and comments (it decodes to `null`,
    /// and kubectl skips it).
    pub fn is_blank(&self) -> bool {
        self.text.split(|&b| b == b'\n').all(|l| {
            let t = l.trim_ascii();
            t.is_empty() || t.starts_with(b"#")
        })
    }
}

/// An error in a stream, naming the document and the line of the stream.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StreamError {
    /// The index of the document (from 0).
    pub index: usize,
    /// The 1-based line of the stream where the error was found: the error's own position when
    /// the decoder knows it, else the document's first line.
    pub line: usize,
    /// The decoder's error, with positions inside the document.
    pub error: DecodeError,
}

impl fmt::Display for StreamError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "yaml document {} (line {}): {}", self.index, self.line, self.error)
    }
}

impl std::error::Error for StreamError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        Some(&self.error)
    }
}

impl StreamError {
    /// An error of a document; the line is taken from the error's offset when it has one.
    pub fn in_document(doc: &Document<'_>, error: DecodeError) -> StreamError {
        let line = error.offset.map_or(doc.line, |o| doc.line_at(o));
        StreamError { index: doc.index, line, error }
    }
}

/// The documents of a stream, in order; see [`documents`].
#[derive(Debug, Clone)]
pub struct Documents<'a> {
    input: &'a [u8],
    /// Byte offset of the next unread line.
    pos: usize,
    /// 1-based number of the next unread line.
    line: usize,
    index: usize,
    failed: bool,
    /// The input is a stream of JSON objects.
    json: bool,
}

/// Whether a stream is JSON: its first non-whitespace byte is `{`.
pub fn is_json_stream(input: &[u8]) -> bool {
    input.iter().find(|b| !b.is_ascii_whitespace()) == Some(&b'{')
}

/// Splits a YAML stream into its documents the way apimachinery's `YAMLReader` does. A separator
/// line with other text after the dashes is an error naming the line.
pub fn documents(input: &[u8]) -> Documents<'_> {
    Documents { input, pos: 0, line: 1, index: 0, failed: false, json: is_json_stream(input) }
}

impl<'a> Iterator for Documents<'a> {
    type Item = Result<Document<'a>, StreamError>;

    fn next(&mut self) -> Option<Self::Item> {
        if self.failed {
            return None;
        }
        if self.json {
            return self.next_json();
        }
        let mut start: Option<(usize, usize)> = None;
        while self.pos < self.input.len() {
            let line_start = self.pos;
            let line_end =
                self.input[line_start..].iter().position(|&b| b == b'\n').map_or(self.input.len(), |i| line_start + i);
            let line = &self.input[line_start..line_end];
            let line_no = self.line;
            self.pos = (line_end + 1).min(self.input.len());
            self.line += 1;
            if let Some(rest) = line.strip_prefix(SEPARATOR) {
                let trimmed = rest.trim_ascii();
                if !trimmed.is_empty() && !trimmed.starts_with(b"#") {
                    self.failed = true;
                    let text = String::from_utf8_lossy(trimmed);
                    let error = DecodeError::at_offset(
                        DecodeErrorKind::Syntax(format!("invalid Yaml document separator: {text}")),
                        line_start,
                    );
                    return Some(Err(StreamError { index: self.index, line: line_no, error }));
                }
                if let Some((s, l)) = start {
                    return Some(Ok(self.emit(s, line_start, l)));
                }
                continue;
            }
            if start.is_none() {
                start = Some((line_start, line_no));
            }
        }
        let (s, l) = start?;
        Some(Ok(self.emit(s, self.input.len(), l)))
    }
}

impl<'a> Documents<'a> {
    fn emit(&mut self, start: usize, end: usize, line: usize) -> Document<'a> {
        let doc = Document { index: self.index, line, text: &self.input[start..end], json: self.json };
        self.index += 1;
        doc
    }

    /// The next object of a JSON stream: from its `{` to the matching `}`, strings skipped.
    fn next_json(&mut self) -> Option<Result<Document<'a>, StreamError>> {
        let input = self.input;
        while self.pos < input.len() && input[self.pos].is_ascii_whitespace() {
            if input[self.pos] == b'\n' {
                self.line += 1;
            }
            self.pos += 1;
        }
        if self.pos >= input.len() {
            return None;
        }
        let (start, line) = (self.pos, self.line);
        let fail = |this: &mut Self, msg: &str, at: usize| {
            this.failed = true;
            let error = DecodeError::at_offset(DecodeErrorKind::Syntax(msg.to_owned()), at);
            Some(Err(StreamError { index: this.index, line: this.line, error }))
        };
        if input[start] != b'{' {
            return fail(self, "invalid character after top-level value", start);
        }
        let (mut depth, mut in_string, mut escaped) = (0usize, false, false);
        while self.pos < input.len() {
            let b = input[self.pos];
            self.pos += 1;
            if b == b'\n' {
                self.line += 1;
            }
            if in_string {
                match (escaped, b) {
                    (true, _) => escaped = false,
                    (false, b'\\') => escaped = true,
                    (false, b'"') => in_string = false,
                    _ => {}
                }
                continue;
            }
            match b {
                b'"' => in_string = true,
                b'{' | b'[' => depth += 1,
                b'}' | b']' => {
                    depth = depth.saturating_sub(1);
                    if depth == 0 {
                        return Some(Ok(self.emit(start, self.pos, line)));
                    }
                }
                _ => {}
            }
        }
        self.line = line;
        fail(self, "unexpected end of JSON input", start)
    }
}

/// Decodes every document of a stream to a JSON value (`null` for a blank document), as
/// sigs.k8s.io/yaml `YAMLToJSON` (`YAMLToJSONStrict` when `strict`) does each one. Stops at the
/// first error.
pub fn values(input: &[u8], strict: bool) -> impl Iterator<Item = Result<(Document<'_>, Value), StreamError>> {
    let mut docs = documents(input);
    let mut failed = false;
    std::iter::from_fn(move || {
        if failed {
            return None;
        }
        let doc = match docs.next()? {
            Ok(d) => d,
            Err(e) => {
                failed = true;
                return Some(Err(e));
            }
        };
        let decoded = if doc.json { value::parse(doc.text) } else { super::decode::decode(doc.text, strict) };
        match decoded {
            Ok(v) => Some(Ok((doc, v))),
            Err(e) => {
                failed = true;
                Some(Err(StreamError::in_document(&doc, e)))
            }
        }
    })
}

/// Decodes the documents of a stream into values of `T`, skipping documents that are empty or
/// `null` (as kubectl does with a manifest file). Each document goes through YAML → JSON → `T`;
/// errors name the document and the stream's line.
pub fn decode_all<T: JsonDecode + Default>(input: &[u8]) -> Result<Vec<T>, StreamError> {
    let mut out = Vec::new();
    for item in values(input, false) {
        let (doc, value) = item?;
        if value == Value::Null {
            continue;
        }
        let json = value.to_compact_vec();
        // Offsets of the JSON text mean nothing in the YAML, so the error keeps the document's line.
        let decoded = crate::json::from_slice::<T>(&json).map_err(|mut e| {
            e.offset = None;
            StreamError::in_document(&doc, e)
        })?;
        out.push(decoded);
    }
    Ok(out)
}

/// Decodes the objects of a stream through a scheme, each as the registered kind its
/// `apiVersion` and `kind` name (as kubectl's builder decodes a manifest), skipping empty and
/// `null` documents. With `options.strict` unknown or duplicate fields are an error, as
/// [`Serializer::decode`](crate::Serializer::decode) makes them. Errors name the document and its
/// line.
pub fn decode_objects(
    scheme: &crate::Scheme,
    input: &[u8],
    options: crate::Options,
) -> Result<Vec<crate::Decoded>, StreamError> {
    let strict = options.strict;
    let json = crate::Serializer::new(scheme, crate::Format::Json, options);
    let mut out = Vec::new();
    for item in values(input, false) {
        let (doc, value) = item?;
        if value == Value::Null {
            continue;
        }
        let data = value.to_compact_vec();
        let mut decoded = json.decode_reporting(&data, None).map_err(|mut e| {
            e.offset = None;
            StreamError::in_document(&doc, e)
        })?;
        if strict && !doc.json {
            // Keys repeated in the YAML collapse in the JSON; the YAML decoder finds them.
            if let Err(e) = super::decode::decode(doc.text, true) {
                match e.into_kind() {
                    DecodeErrorKind::Strict(found) => decoded.strict_errors.splice(0..0, found).for_each(drop),
                    other => return Err(StreamError::in_document(&doc, DecodeError::new(other))),
                }
            }
        }
        if strict && !decoded.strict_errors.is_empty() {
            let error = DecodeError::new(DecodeErrorKind::Strict(std::mem::take(&mut decoded.strict_errors)));
            return Err(StreamError::in_document(&doc, error));
        }
        out.push(decoded);
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn texts(input: &str) -> Vec<(usize, usize, String)> {
        documents(input.as_bytes())
            .map(|d| {
                let d = d.unwrap();
                (d.index, d.line, String::from_utf8(d.text.to_vec()).unwrap())
            })
            .collect()
    }

    fn jsons(input: &str) -> Vec<String> {
        values(input.as_bytes(), false).map(|r| String::from_utf8(r.unwrap().1.to_compact_vec()).unwrap()).collect()
    }

    #[test]
    fn splits_at_separator_lines() {
        assert_eq!(
            texts("a: 1\n---\nb: 2\n--- # comment\nc: 3"),
            vec![(0, 1, "a: 1\n".into()), (1, 3, "b: 2\n".into()), (2, 5, "c: 3".into())]
        );
        // Leading, trailing and repeated separators make no documents of their own.
        assert_eq!(
            texts("---\n---\na: 1\n---\n---   \nb: 2\n---\n"),
            vec![(0, 3, "a: 1\n".into()), (1, 6, "b: 2\n".into())]
        );
        assert!(texts("").is_empty());
        assert!(texts("---\n---").is_empty());
        // Dashes inside a line or indented are content, not separators.
        assert_eq!(texts("a: ---\n  ---\n"), vec![(0, 1, "a: ---\n  ---\n".into())]);
        // CRLF line ends: the separator line still ends a document.
        assert_eq!(texts("a: 1\r\n---\r\nb: 2\r\n"), vec![(0, 1, "a: 1\r\n".into()), (1, 3, "b: 2\r\n".into())]);
    }

    #[test]
    fn refuses_text_after_a_separator() {
        let errs: Vec<_> = documents(b"a: 1\n---\nb: 2\n--- c: 3\nd: 4\n").collect();
        // As upstream's reader, the document being read when the bad separator comes is lost.
        assert_eq!(errs.len(), 2, "one document, then the error, then nothing");
        let e = errs[1].clone().unwrap_err();
        assert_eq!((e.index, e.line), (1, 4));
        assert_eq!(
            e.to_string(),
            "yaml document 1 (line 4): invalid syntax: invalid Yaml document separator: c: 3 (at byte 14)"
        );
        // `---foo` is not a separator either.
        assert!(documents(b"---foo\n").next().unwrap().is_err());
    }

    #[test]
    fn decodes_each_document() {
        // YAML 1.1: a plain `y` is a boolean.
        assert_eq!(jsons("a: 1\n---\n# nothing\n---\nb: [x, y]\n"), vec![r#"{"a":1}"#, "null", r#"{"b":["x",true]}"#]);
        // `...` ends a document; the rest of the chunk is ignored up to the next `---`, as yaml.v2
        // reads only the first document of each chunk.
        assert_eq!(jsons("a: 1\n...\nb: 2\n---\nc: 3\n"), vec![r#"{"a":1}"#, r#"{"c":3}"#]);
        // A document whose text is a JSON object is YAML too, once the stream does not start
        // with `{` (which would make it a JSON stream, where `---` is not allowed).
        assert_eq!(jsons("# c\n{\"a\": 1}\n---\n{\"b\": 2}"), vec![r#"{"a":1}"#, r#"{"b":2}"#]);
        assert!(values(b"{\"a\": 1}\n---\n{\"b\": 2}", false).nth(1).unwrap().is_err());
    }

    #[test]
    fn errors_name_the_document_and_the_stream_line() {
        let input = "a: 1\n---\nb: 2\n---\nc: 3\nd: [1, 2\ne: 4\n";
        let mut it = values(input.as_bytes(), false);
        assert!(it.next().unwrap().is_ok());
        assert!(it.next().unwrap().is_ok());
        let e = it.next().unwrap().unwrap_err();
        assert_eq!(e.index, 2);
        assert!((6..=7).contains(&e.line), "line {} of the stream, within the broken document", e.line);
        assert!(e.to_string().starts_with("yaml document 2 (line "), "{e}");
        assert!(it.next().is_none(), "decoding stops at the first error");

        let strict: Vec<_> = values(b"a: 1\n---\nb: 1\nb: 2\n", true).collect();
        let e = strict[1].clone().unwrap_err();
        assert_eq!((e.index, e.line), (1, 3));
        assert!(matches!(e.error.kind, DecodeErrorKind::Strict(_)), "{e}");
    }

    #[test]
    fn typed_decode_skips_empty_documents() {
        let all =
            decode_all::<crate::TypeMeta>(b"---\nkind: A\n---\n\n---\nnull\n---\nkind: B\napiVersion: v1\n").unwrap();
        assert_eq!(all.len(), 2);
        assert_eq!((all[0].kind.as_str(), all[1].kind.as_str(), all[1].api_version.as_str()), ("A", "B", "v1"));
        let e = decode_all::<bool>(b"true\n---\nx: 1\n").unwrap_err();
        assert_eq!((e.index, e.line), (1, 3));
    }

    #[test]
    fn json_streams_split_at_objects() {
        let input = "\n {\"a\": \"}{\\\"\"}\n{\"b\":\n [1e3]}  {}\n";
        let docs: Vec<_> = documents(input.as_bytes()).map(Result::unwrap).collect();
        assert_eq!(
            docs.iter().map(|d| (d.index, d.line, d.json)).collect::<Vec<_>>(),
            [(0, 2, true), (1, 3, true), (2, 4, true)]
        );
        // JSON numbers stay numbers (YAML 1.1 would read `1e3` as a string).
        assert_eq!(jsons(input), [r#"{"a":"}{\""}"#, r#"{"b":[1e3]}"#, "{}"]);
        let e = documents(b"{\"a\": 1}\n[2]").nth(1).unwrap().unwrap_err();
        assert_eq!((e.index, e.line), (1, 2));
        let e = documents(b"{\"a\": 1}\n{\"b\": ").nth(1).unwrap().unwrap_err();
        assert_eq!((e.index, e.line), (1, 2));
        assert!(e.to_string().contains("unexpected end of JSON input"), "{e}");
    }

    #[test]
    fn blank_documents() {
        let docs: Vec<_> = documents(b"# only a comment\n\n---\na: 1\n").map(Result::unwrap).collect();
        assert!(docs[0].is_blank());
        assert!(!docs[1].is_blank());
    }

    #[test]
    fn linear_in_the_number_of_documents() {
        let mut input = String::new();
        for i in 0..20_000 {
            input.push_str(&format!("---\nkind: K\nmetadata:\n  name: n{i}\n"));
        }
        let mut n = 0;
        for r in values(input.as_bytes(), true) {
            r.unwrap();
            n += 1;
        }
        assert_eq!(n, 20_000);
    }
}
