//! YAML decoding with yaml.v2's YAML 1.1 semantics, as sigs.k8s.io/yaml `YAMLToJSON` sees documents.
//!
//! yaml-rust2 supplies the event stream; from it we build a node tree (as yaml.v2's parser does),
//! decode it the way yaml.v2 unmarshals into `interface{}` (implicit typing, merge keys, aliases,
//! strict duplicate detection), and convert the result like sigs.k8s.io/yaml and `json.Marshal`
//! would: non-string keys become strings and object members are sorted by key.

use std::collections::{HashMap, HashSet};

use yaml_rust2::parser::{Event as YEvent, Parser, Tag};
use yaml_rust2::scanner::{ScanError, TScalarStyle};

use super::number::{json_float, yaml_float, yaml_float32_key};
use super::resolve::{BINARY_TAG, MERGE_TAG, Resolved, resolve_tagged};
use crate::MAX_DEPTH;
use crate::error::{DecodeError, DecodeErrorKind};
use crate::json::value::Value;

/// Most nodes that alias expansion may add before decoding is refused (a billion-laughs guard on
/// top of yaml.v2's own ratio check).
const MAX_ALIAS_NODES: u64 = 1_000_000;

/// A node of the document tree.
struct Node {
    kind: NodeKind,
    /// 1-based line of the node's start.
    line: usize,
    /// Character index of the node's start.
    index: usize,
}

enum NodeKind {
    Scalar {
        value: String,
        /// The resolved tag (`tag:yaml.org,2002:int`, `!local`, `!`), if any.
        tag: Option<String>,
        /// libyaml's `plain_implicit`: plain and untagged, or tagged with the bare `!`.
        implicit: bool,
    },
    Sequence(Vec<usize>),
    /// Keys and values alternate.
    Mapping(Vec<usize>),
    Alias(usize),
}

/// A decoded value as yaml.v2 leaves it in an `interface{}`.
#[derive(Debug)]
enum GoVal {
    Nil,
    Bool(bool),
    Int(i64),
    Uint(u64),
    /// A float and the line it came from, for the error when JSON cannot hold it.
    Float(f64, usize),
    Str(String),
    Seq(Vec<GoVal>),
    Map(GoMap),
}

/// A Go `map[interface{}]interface{}`: entries in insertion order with an index by key, each with
/// the line of its key.
#[derive(Debug, Default)]
struct GoMap {
    entries: Vec<(GoVal, GoVal, usize)>,
    index: HashMap<KeyRepr, usize>,
}

/// Go map key equality: dynamic type and value; NaN keys never compare equal.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
enum KeyRepr {
    Nil,
    Bool(bool),
    Int(i64),
    Uint(u64),
    Float(u64),
    Str(String),
}

fn key_repr(v: &GoVal) -> Option<KeyRepr> {
    Some(match v {
        GoVal::Nil => KeyRepr::Nil,
        GoVal::Bool(b) => KeyRepr::Bool(*b),
        GoVal::Int(i) => KeyRepr::Int(*i),
        GoVal::Uint(u) => KeyRepr::Uint(*u),
        GoVal::Float(f, _) if f.is_nan() => return None,
        GoVal::Float(f, _) => KeyRepr::Float(if *f == 0.0 { 0 } else { f.to_bits() }),
        GoVal::Str(s) => KeyRepr::Str(s.clone()),
        GoVal::Seq(_) | GoVal::Map(_) => return None,
    })
}

/// Decodes the first document of `input` into a JSON value like sigs.k8s.io/yaml `YAMLToJSON`
/// (or `YAMLToJSONStrict` when `strict`).
pub(super) fn decode(input: &[u8], strict: bool) -> Result<Value, DecodeError> {
    let text = std::str::from_utf8(input)
        .map_err(|e| DecodeError::at_offset(DecodeErrorKind::InvalidUtf8, e.valid_up_to()))?;
    // libyaml skips a leading byte order mark.
    let (text, base) = match text.strip_prefix('\u{FEFF}') {
        Some(rest) => (rest, 3),
        None => (text, 0),
    };
    let built = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| build(text, base)));
    let Some((nodes, root)) = built.unwrap_or_else(|_| {
        Err(DecodeError::new(DecodeErrorKind::Syntax("yaml: the parser failed on malformed input".to_owned())))
    })?
    else {
        return Ok(Value::Null);
    };
    let mut d = Decoder {
        nodes: &nodes,
        text,
        base,
        strict,
        errors: Vec::new(),
        decode_count: 0,
        alias_count: 0,
        alias_depth: 0,
        active_aliases: HashSet::new(),
    };
    let value = d.run(root)?;
    if !d.errors.is_empty() {
        return Err(DecodeError::new(DecodeErrorKind::Strict(d.errors)));
    }
    to_value(value)
}

/// Byte offset of a character index, plus the skipped prefix.
fn byte_offset(text: &str, char_index: usize, base: usize) -> usize {
    base + text.char_indices().nth(char_index).map_or(text.len(), |(i, _)| i)
}

/// yaml-rust2 keeps flow collection levels in a byte, so it refuses deeper flow nesting.
const FLOW_DEPTH_LIMIT: usize = 255;

fn scan_error(text: &str, base: usize, e: &ScanError) -> DecodeError {
    let m = e.marker();
    if e.info() == "recursion limit exceeded" {
        return DecodeError::at_offset(
            DecodeErrorKind::TooDeep(FLOW_DEPTH_LIMIT.min(MAX_DEPTH)),
            byte_offset(text, m.index(), base),
        );
    }
    DecodeError::at_offset(
        DecodeErrorKind::Syntax(format!("yaml: line {}, column {}: {}", m.line(), m.col() + 1, e.info())),
        byte_offset(text, m.index(), base),
    )
}

fn tag_string(tag: Option<Tag>) -> Option<String> {
    tag.map(|t| format!("{}{}", t.handle, t.suffix))
}

/// Reads the events of the first document into a node tree; `None` for an empty stream.
fn build(text: &str, base: usize) -> Result<Option<(Vec<Node>, usize)>, DecodeError> {
    let mut parser = Parser::new_from_str(text);
    let mut nodes: Vec<Node> = Vec::new();
    let mut anchors: HashMap<usize, usize> = HashMap::new();
    let mut open: Vec<usize> = Vec::new();
    let mut root: Option<usize> = None;
    loop {
        let (event, mark) = parser.next_token().map_err(|e| scan_error(text, base, &e))?;
        let line = mark.line();
        let index = mark.index();
        let (kind, anchor, opens) = match event {
            YEvent::Nothing | YEvent::StreamStart | YEvent::DocumentStart => continue,
            YEvent::StreamEnd | YEvent::DocumentEnd => break,
            YEvent::SequenceEnd | YEvent::MappingEnd => {
                open.pop();
                continue;
            }
            YEvent::Alias(id) => {
                let Some(&target) = anchors.get(&id) else {
                    return Err(DecodeError::at_offset(
                        DecodeErrorKind::Syntax(format!("yaml: line {line}: unknown anchor referenced")),
                        byte_offset(text, index, base),
                    ));
                };
                (NodeKind::Alias(target), 0, false)
            }
            YEvent::Scalar(value, style, anchor, tag) => {
                let tag = tag_string(tag);
                let implicit = match &tag {
                    None => style == TScalarStyle::Plain,
                    Some(t) => t == "!",
                };
                (NodeKind::Scalar { value, tag, implicit }, anchor, false)
            }
            YEvent::SequenceStart(anchor, _) => (NodeKind::Sequence(Vec::new()), anchor, true),
            YEvent::MappingStart(anchor, _) => (NodeKind::Mapping(Vec::new()), anchor, true),
        };
        let id = nodes.len();
        nodes.push(Node { kind, line, index });
        if anchor != 0 {
            anchors.insert(anchor, id);
        }
        match open.last() {
            Some(&parent) => match &mut nodes[parent].kind {
                NodeKind::Sequence(children) | NodeKind::Mapping(children) => children.push(id),
                _ => {}
            },
            None => {
                if root.is_some() {
                    // A second root cannot happen within one document; stop at the first.
                    break;
                }
                root = Some(id);
            }
        }
        if opens {
            open.push(id);
            if open.len() > MAX_DEPTH {
                return Err(DecodeError::at_offset(
                    DecodeErrorKind::TooDeep(MAX_DEPTH),
                    byte_offset(text, index, base),
                ));
            }
        }
    }
    Ok(root.map(|r| (nodes, r)))
}

/// A container being decoded.
enum Frame<'a> {
    Seq {
        children: &'a [usize],
        pos: usize,
        items: Vec<GoVal>,
        alias: Option<usize>,
    },
    Map {
        children: &'a [usize],
        pos: usize,
        map: GoMap,
        key: Option<GoVal>,
        key_line: usize,
        value_node: usize,
        /// Merging into a map borrowed from the enclosing frame.
        merge: bool,
        alias: Option<usize>,
    },
    /// A `<<` whose value is a sequence of maps, merged last to first.
    MergeSeq {
        elems: &'a [usize],
        remaining: usize,
        map: GoMap,
    },
}

/// What to do next with the innermost frame.
enum Step {
    Visit(usize),
    Merge(usize),
    MergeElement(usize),
    Finish,
}

struct Decoder<'a> {
    nodes: &'a [Node],
    text: &'a str,
    base: usize,
    strict: bool,
    errors: Vec<String>,
    decode_count: u64,
    alias_count: u64,
    alias_depth: u64,
    active_aliases: HashSet<usize>,
}

fn allowed_alias_ratio(decode_count: u64) -> f64 {
    const LOW: u64 = 400_000;
    const HIGH: u64 = 4_000_000;
    if decode_count <= LOW {
        0.99
    } else if decode_count >= HIGH {
        0.10
    } else {
        0.99 - 0.89 * ((decode_count - LOW) as f64 / (HIGH - LOW) as f64)
    }
}

impl<'a> Decoder<'a> {
    fn error_at(&self, node: usize, kind: DecodeErrorKind) -> DecodeError {
        let index = self.nodes.get(node).map_or(0, |n| n.index);
        DecodeError::at_offset(kind, byte_offset(self.text, index, self.base))
    }

    fn line(&self, node: usize) -> usize {
        self.nodes.get(node).map_or(0, |n| n.line)
    }

    fn invalid(&self, node: usize, msg: String) -> DecodeError {
        self.error_at(node, DecodeErrorKind::Invalid(msg))
    }

    /// Counts one `unmarshal` call and applies yaml.v2's excessive-aliasing check.
    fn count(&mut self, node: usize) -> Result<(), DecodeError> {
        self.decode_count += 1;
        if self.alias_depth > 0 {
            self.alias_count += 1;
        }
        let excessive = self.alias_count > 100
            && self.decode_count > 1000
            && self.alias_count as f64 / self.decode_count as f64 > allowed_alias_ratio(self.decode_count);
        if excessive || self.alias_count > MAX_ALIAS_NODES {
            return Err(self.invalid(node, "yaml: document contains excessive aliasing".to_owned()));
        }
        Ok(())
    }

    fn push(&self, stack: &mut Vec<Frame<'a>>, frame: Frame<'a>, node: usize) -> Result<(), DecodeError> {
        stack.push(frame);
        if stack.len() > MAX_DEPTH {
            return Err(self.error_at(node, DecodeErrorKind::TooDeep(MAX_DEPTH)));
        }
        Ok(())
    }

    fn enter_alias(&mut self, alias: usize) -> Result<(), DecodeError> {
        if !self.active_aliases.insert(alias) {
            return Err(self.invalid(alias, format!("yaml: line {}: anchor value contains itself", self.line(alias))));
        }
        self.alias_depth += 1;
        Ok(())
    }

    fn leave_alias(&mut self, alias: Option<usize>) {
        if let Some(a) = alias {
            self.active_aliases.remove(&a);
            self.alias_depth = self.alias_depth.saturating_sub(1);
        }
    }

    /// Starts decoding a node: scalars give a value at once, collections push a frame.
    fn visit(&mut self, node: usize, stack: &mut Vec<Frame<'a>>) -> Result<Option<GoVal>, DecodeError> {
        self.count(node)?;
        let nodes = self.nodes;
        let (target, alias) = match &nodes[node].kind {
            NodeKind::Alias(target) => {
                self.enter_alias(node)?;
                self.count(*target)?;
                (*target, Some(node))
            }
            _ => (node, None),
        };
        match &nodes[target].kind {
            NodeKind::Scalar { .. } => {
                let v = self.scalar(target)?;
                self.leave_alias(alias);
                Ok(Some(v))
            }
            NodeKind::Sequence(children) => {
                let frame = Frame::Seq { children, pos: 0, items: Vec::with_capacity(children.len()), alias };
                self.push(stack, frame, target)?;
                Ok(None)
            }
            NodeKind::Mapping(children) => {
                let frame = Frame::Map {
                    children,
                    pos: 0,
                    map: GoMap::default(),
                    key: None,
                    key_line: 0,
                    value_node: target,
                    merge: false,
                    alias,
                };
                self.push(stack, frame, target)?;
                Ok(None)
            }
            NodeKind::Alias(_) => Err(self.invalid(target, "yaml: alias of an alias".to_owned())),
        }
    }

    /// yaml.v2 `d.scalar` into an `interface{}`.
    fn scalar(&self, node: usize) -> Result<GoVal, DecodeError> {
        let NodeKind::Scalar { value, tag, implicit } = &self.nodes[node].kind else {
            return Ok(GoVal::Nil);
        };
        let tag = match tag {
            None if !implicit => return Ok(GoVal::Str(value.clone())),
            None => "",
            Some(t) => t.as_str(),
        };
        if tag == BINARY_TAG {
            return match decode_base64(value) {
                Some(bytes) => Ok(GoVal::Str(go_lossy_utf8(&bytes))),
                None => Err(self.invalid(
                    node,
                    format!("yaml: line {}: !!binary value contains invalid base64 data", self.line(node)),
                )),
            };
        }
        let resolved = resolve_tagged(tag, value)
            .map_err(|m| self.invalid(node, format!("yaml: line {}: {}", self.line(node), m.message)))?;
        Ok(match resolved {
            Resolved::Null => GoVal::Nil,
            Resolved::Bool(b) => GoVal::Bool(b),
            Resolved::Int(i) => GoVal::Int(i),
            Resolved::Uint(u) => GoVal::Uint(u),
            Resolved::Float(f) => GoVal::Float(f, self.line(node)),
            // yaml.v2 keeps timestamps as their text when decoding into `interface{}`.
            Resolved::Timestamp | Resolved::Str => GoVal::Str(value.clone()),
        })
    }

    /// yaml.v2 `isMerge`.
    fn is_merge(&self, node: usize) -> bool {
        match &self.nodes[node].kind {
            NodeKind::Scalar { value, tag, implicit } => {
                value == "<<" && (*implicit || tag.as_deref() == Some(MERGE_TAG))
            }
            _ => false,
        }
    }

    /// yaml.v2 `setMapIndex`: in strict mode a repeated key is an error and keeps the first value.
    fn set_map_index(&mut self, map: &mut GoMap, key: GoVal, value: GoVal, key_line: usize, value_node: usize) {
        let repr = key_repr(&key);
        if let Some(r) = &repr
            && let Some(&i) = map.index.get(r)
        {
            if self.strict {
                self.errors.push(format!(
                    "line {}: key {} already set in map",
                    self.line(value_node),
                    go_sharp_v(&key)
                ));
                return;
            }
            map.entries[i].1 = value;
            return;
        }
        if let Some(r) = repr {
            map.index.insert(r, map.entries.len());
        }
        map.entries.push((key, value, key_line));
    }

    fn want_map(&self, node: usize) -> DecodeError {
        self.invalid(
            node,
            format!("yaml: line {}: map merge requires map or sequence of maps as the value", self.line(node)),
        )
    }

    /// Starts merging `node` (the value of a `<<` key) into `map`.
    fn start_merge(&mut self, node: usize, map: GoMap, stack: &mut Vec<Frame<'a>>) -> Result<(), DecodeError> {
        let nodes = self.nodes;
        match &nodes[node].kind {
            NodeKind::Sequence(elems) => {
                let frame = Frame::MergeSeq { elems, remaining: elems.len(), map };
                self.push(stack, frame, node)
            }
            _ => self.merge_one(node, map, stack),
        }
    }

    /// Merges one mapping, or an alias of one, into `map`.
    fn merge_one(&mut self, node: usize, map: GoMap, stack: &mut Vec<Frame<'a>>) -> Result<(), DecodeError> {
        let nodes = self.nodes;
        let (target, alias) = match &nodes[node].kind {
            NodeKind::Mapping(_) => (node, None),
            NodeKind::Alias(t) if matches!(nodes[*t].kind, NodeKind::Mapping(_)) => (*t, Some(node)),
            _ => return Err(self.want_map(node)),
        };
        self.count(node)?;
        if alias.is_some() {
            self.enter_alias(node)?;
            self.count(target)?;
        }
        let NodeKind::Mapping(children) = &nodes[target].kind else {
            return Err(self.want_map(node));
        };
        let frame =
            Frame::Map { children, pos: 0, map, key: None, key_line: 0, value_node: target, merge: true, alias };
        self.push(stack, frame, target)
    }

    /// Returns a merged map to the frame it was borrowed from.
    fn give_back(stack: &mut [Frame<'a>], map: GoMap) {
        match stack.last_mut() {
            Some(Frame::Map { map: m, .. }) | Some(Frame::MergeSeq { map: m, .. }) => *m = map,
            _ => {}
        }
    }

    fn run(&mut self, root: usize) -> Result<GoVal, DecodeError> {
        // The document node itself counts as one unmarshal call.
        self.count(root)?;
        let mut stack: Vec<Frame<'a>> = Vec::new();
        let mut pending = self.visit(root, &mut stack)?;
        loop {
            if let Some(v) = pending.take() {
                match stack.last_mut() {
                    None => return Ok(v),
                    Some(Frame::Seq { items, .. }) => items.push(v),
                    Some(Frame::Map { map, key, key_line, value_node, .. }) => match key.take() {
                        None => {
                            if let GoVal::Seq(_) | GoVal::Map(_) = v {
                                let node = *value_node;
                                let msg =
                                    format!("yaml: line {}: invalid map key: {}", self.line(node), go_sharp_v(&v));
                                return Err(self.invalid(node, msg));
                            }
                            *key = Some(v);
                        }
                        Some(k) => self.set_map_index(map, k, v, *key_line, *value_node),
                    },
                    Some(Frame::MergeSeq { .. }) => {
                        return Err(DecodeError::new(DecodeErrorKind::Invalid(
                            "yaml: internal decoder state".to_owned(),
                        )));
                    }
                }
            }
            let step = match stack.last_mut() {
                None => {
                    return Err(DecodeError::new(DecodeErrorKind::Invalid("yaml: internal decoder state".to_owned())));
                }
                Some(Frame::Seq { children, pos, .. }) => {
                    if *pos < children.len() {
                        *pos += 1;
                        Step::Visit(children[*pos - 1])
                    } else {
                        Step::Finish
                    }
                }
                Some(Frame::Map { children, pos, key, key_line, value_node, .. }) => {
                    if *pos >= children.len() {
                        Step::Finish
                    } else if key.is_none() {
                        let k = children[*pos];
                        if *pos + 1 < children.len() && self.is_merge(k) {
                            *pos += 2;
                            Step::Merge(children[*pos - 1])
                        } else {
                            *pos += 1;
                            *value_node = k;
                            *key_line = self.line(k);
                            Step::Visit(k)
                        }
                    } else {
                        *value_node = children[*pos];
                        *pos += 1;
                        Step::Visit(children[*pos - 1])
                    }
                }
                Some(Frame::MergeSeq { elems, remaining, .. }) => {
                    if *remaining > 0 {
                        *remaining -= 1;
                        Step::MergeElement(elems[*remaining])
                    } else {
                        Step::Finish
                    }
                }
            };
            match step {
                Step::Visit(node) => pending = self.visit(node, &mut stack)?,
                Step::Merge(node) => {
                    let map = match stack.last_mut() {
                        Some(Frame::Map { map, .. }) => std::mem::take(map),
                        _ => GoMap::default(),
                    };
                    self.start_merge(node, map, &mut stack)?;
                }
                Step::MergeElement(node) => {
                    let map = match stack.last_mut() {
                        Some(Frame::MergeSeq { map, .. }) => std::mem::take(map),
                        _ => GoMap::default(),
                    };
                    self.merge_one(node, map, &mut stack)?;
                }
                Step::Finish => match stack.pop() {
                    Some(Frame::Seq { items, alias, .. }) => {
                        self.leave_alias(alias);
                        pending = Some(GoVal::Seq(items));
                    }
                    Some(Frame::Map { map, merge, alias, .. }) => {
                        self.leave_alias(alias);
                        if merge {
                            Self::give_back(&mut stack, map);
                        } else {
                            pending = Some(GoVal::Map(map));
                        }
                    }
                    Some(Frame::MergeSeq { map, .. }) => Self::give_back(&mut stack, map),
                    None => {}
                },
            }
        }
    }
}

/// Go's `%#v` rendering of a map key, used in yaml.v2's messages.
fn go_sharp_v(v: &GoVal) -> String {
    match v {
        GoVal::Nil => "<nil>".to_owned(),
        GoVal::Bool(b) => b.to_string(),
        GoVal::Int(i) => i.to_string(),
        GoVal::Uint(u) => format!("0x{u:x}"),
        GoVal::Float(f, _) => yaml_float(*f),
        GoVal::Str(s) => crate::validation::go_quote(s),
        GoVal::Seq(_) => "[]interface {}{...}".to_owned(),
        GoVal::Map(_) => "map[interface {}]interface {}{...}".to_owned(),
    }
}

/// Go `base64.StdEncoding.DecodeString`, which skips `\r` and `\n` and needs padding.
fn decode_base64(s: &str) -> Option<Vec<u8>> {
    let clean: Vec<u8> = s.bytes().filter(|&b| b != b'\r' && b != b'\n').collect();
    if !clean.len().is_multiple_of(4) {
        return None;
    }
    let val = |b: u8| -> Option<u32> {
        Some(match b {
            b'A'..=b'Z' => u32::from(b - b'A'),
            b'a'..=b'z' => u32::from(b - b'a') + 26,
            b'0'..=b'9' => u32::from(b - b'0') + 52,
            b'+' => 62,
            b'/' => 63,
            _ => return None,
        })
    };
    let mut out = Vec::with_capacity(clean.len() / 4 * 3);
    let quads = clean.len() / 4;
    for (qi, q) in clean.chunks(4).enumerate() {
        let last = qi + 1 == quads;
        let pad = q.iter().rev().take_while(|&&b| b == b'=').count();
        if pad > 2 || (pad > 0 && !last) {
            return None;
        }
        let mut n: u32 = 0;
        for &b in &q[..4 - pad] {
            n = (n << 6) | val(b)?;
        }
        n <<= 6 * pad as u32;
        let bytes = [(n >> 16) as u8, (n >> 8) as u8, n as u8];
        out.extend_from_slice(&bytes[..3 - pad]);
    }
    Some(out)
}

/// Bytes as a string the way Go's JSON encoder treats them: each invalid byte becomes U+FFFD.
fn go_lossy_utf8(bytes: &[u8]) -> String {
    let mut out = String::with_capacity(bytes.len());
    let mut rest = bytes;
    while !rest.is_empty() {
        match std::str::from_utf8(rest) {
            Ok(s) => {
                out.push_str(s);
                break;
            }
            Err(e) => {
                let good = e.valid_up_to();
                out.push_str(std::str::from_utf8(&rest[..good]).unwrap_or_default());
                out.push('\u{FFFD}');
                rest = &rest[good + 1..];
            }
        }
    }
    out
}

/// A container being converted by [`to_value`].
enum Conv {
    Seq(std::vec::IntoIter<GoVal>, Vec<Value>),
    Map {
        entries: std::vec::IntoIter<(GoVal, GoVal, usize)>,
        members: Vec<(String, Value)>,
        seen: HashMap<String, usize>,
        key: String,
    },
}

/// A scalar as `json.Marshal` writes it; `None` for collections.
fn scalar_value(v: &GoVal) -> Result<Option<Value>, DecodeError> {
    Ok(Some(match v {
        GoVal::Nil => Value::Null,
        GoVal::Bool(b) => Value::Bool(*b),
        GoVal::Int(i) => Value::Number(i.to_string()),
        GoVal::Uint(u) => Value::Number(u.to_string()),
        GoVal::Float(f, line) => match json_float(*f) {
            Some(s) => Value::Number(s),
            None => {
                let text = if f.is_nan() {
                    "NaN"
                } else if *f > 0.0 {
                    "+Inf"
                } else {
                    "-Inf"
                };
                return Err(DecodeError::new(DecodeErrorKind::Invalid(format!(
                    "yaml: line {line}: json: unsupported value: {text}"
                ))));
            }
        },
        GoVal::Str(s) => Value::String(s.clone()),
        GoVal::Seq(_) | GoVal::Map(_) => return Ok(None),
    }))
}

/// sigs.k8s.io/yaml's conversion of a map key to a string.
fn key_string(k: GoVal, line: usize) -> Result<String, DecodeError> {
    Ok(match k {
        GoVal::Str(s) => s,
        GoVal::Int(i) => i.to_string(),
        GoVal::Float(f, _) => yaml_float32_key(f),
        GoVal::Bool(b) => b.to_string(),
        other => {
            let ty = match other {
                GoVal::Nil => "<nil>",
                GoVal::Uint(_) => "uint64",
                _ => "interface {}",
            };
            return Err(DecodeError::new(DecodeErrorKind::Invalid(format!(
                "yaml: line {line}: unsupported map key of type: {ty}, key: {}",
                go_sharp_v(&other)
            ))));
        }
    })
}

/// Converts a decoded value to JSON like sigs.k8s.io/yaml followed by `json.Marshal`: keys become
/// strings (keys equal as strings collide and the later one wins) and members are sorted by key.
/// Works without recursion, as the value may be as deep as the nesting limit.
fn to_value(root: GoVal) -> Result<Value, DecodeError> {
    let mut stack: Vec<Conv> = Vec::new();
    let mut next = Some(root);
    let mut pending: Option<Value> = None;
    loop {
        if let Some(g) = next.take() {
            match g {
                GoVal::Seq(items) => {
                    let n = items.len();
                    stack.push(Conv::Seq(items.into_iter(), Vec::with_capacity(n)));
                }
                GoVal::Map(map) => {
                    let n = map.entries.len();
                    stack.push(Conv::Map {
                        entries: map.entries.into_iter(),
                        members: Vec::with_capacity(n),
                        seen: HashMap::with_capacity(n),
                        key: String::new(),
                    });
                }
                scalar => pending = scalar_value(&scalar)?,
            }
        }
        if let Some(v) = pending.take() {
            match stack.last_mut() {
                None => return Ok(v),
                Some(Conv::Seq(_, out)) => out.push(v),
                Some(Conv::Map { members, seen, key, .. }) => {
                    let key = std::mem::take(key);
                    match seen.get(&key) {
                        Some(&i) => members[i].1 = v,
                        None => {
                            seen.insert(key.clone(), members.len());
                            members.push((key, v));
                        }
                    }
                }
            }
        }
        match stack.last_mut() {
            None => {
                return Err(DecodeError::new(DecodeErrorKind::Invalid("yaml: internal conversion state".to_owned())));
            }
            Some(Conv::Seq(items, _)) => match items.next() {
                Some(g) => next = Some(g),
                None => {
                    if let Some(Conv::Seq(_, out)) = stack.pop() {
                        pending = Some(Value::Array(out));
                    }
                }
            },
            Some(Conv::Map { entries, key, .. }) => match entries.next() {
                Some((k, v, line)) => {
                    *key = key_string(k, line)?;
                    next = Some(v);
                }
                None => {
                    if let Some(Conv::Map { mut members, .. }) = stack.pop() {
                        members.sort_by(|a, b| a.0.cmp(&b.0));
                        pending = Some(Value::Object(members));
                    }
                }
            },
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn base64_like_go() {
        assert_eq!(decode_base64("aGVsbG8="), Some(b"hello".to_vec()));
        assert_eq!(decode_base64("aGVs\nbG8="), Some(b"hello".to_vec()));
        assert_eq!(decode_base64("BA=="), Some(vec![4]));
        assert_eq!(decode_base64(""), Some(vec![]));
        assert_eq!(decode_base64("aGVsbG8"), None);
        assert_eq!(decode_base64("a=GV"), None);
        assert_eq!(decode_base64("aG==bG8="), None);
        assert_eq!(decode_base64("aGV sbG8="), None);
    }

    #[test]
    fn lossy_like_go() {
        assert_eq!(go_lossy_utf8(b"a\xffb"), "a\u{FFFD}b");
        assert_eq!(go_lossy_utf8(b"\xe2\x82"), "\u{FFFD}\u{FFFD}");
        assert_eq!(go_lossy_utf8("é".as_bytes()), "é");
    }
}
