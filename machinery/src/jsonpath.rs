//! The parser of client-go's `util/jsonpath` templates (`{.spec.containers[0].name}`): its node tree and its error texts, for validation and for evaluators built on it.
//!
//! kubectl's `-o jsonpath`, custom resources' printer columns and the validation of a
//! `ValidatingAdmissionPolicy`'s type-checking warnings all parse with client-go's
//! `jsonpath.Parser`. [`parse`] accepts and rejects what it does, builds the same tree
//! (a top-level list of [`Node::Text`] and [`Node::List`], one list per `{…}` action) and fails
//! with the same message, byte for byte (`unclosed action`,
//! `unrecognized character in action: U+0021 '!'`, `invalid array index x`, …).
//!
//! Two departures, both only for hostile input: a template longer than [`MAX_LEN`] bytes and one
//! whose actions nest (a filter's operand or a union's member is parsed as an action of its own)
//! deeper than [`MAX_DEPTH`] are refused with errors of their own, so that parsing stays linear
//! and its stack bounded. Upstream parses each action with one Go call per token, which Go's
//! growable stack survives; here every level is a loop.
//!
//! A quoted string's escapes may spell bytes that are not UTF-8 (`"\xff"`); upstream keeps them
//! in its Go string, and [`Node::Text`] holds them replaced by U+FFFD.
//!
//! [`eval`] evaluates a parsed template on a JSON value as client-go's `JSONPath` does. It sits
//! here, not in the test server, because it is a pure function of the tree and the value and
//! its cases are upstream's `jsonpath_test.go`, next to the parser's.

use crate::unicode_tables::{DIGITS, LETTERS};
use crate::validation::is_go_print;

#[path = "jsonpath_eval.rs"]
pub mod eval;

/// The longest template [`parse`] accepts, in bytes. Upstream has no limit; a field reference
/// or a column's path is a few dozen bytes, and an object in etcd is at most about 1.5 MB.
pub const MAX_LEN: usize = 1 << 20;

/// How deeply actions may nest inside one another (a union member or a filter operand is
/// parsed as an action of its own, and may hold a filter or union again).
pub const MAX_DEPTH: usize = 32;

/// One node of a parsed template, as client-go's `jsonpath` node types.
#[derive(Debug, Clone, PartialEq)]
pub enum Node {
    /// Literal text: outside any action, or a quoted string inside one (`"{"` gives `{`).
    Text(String),
    /// An index or slice `[start:end:step]` (`[*]` is `[:]`): upstream's `ArrayNode`.
    Array([ArrayParam; 3]),
    /// The nodes of one `{…}` action, in order.
    List(Vec<Node>),
    /// A field name (`.name`, `['name']`), with its backslashes removed.
    Field(String),
    /// A bare word inside an action (`range`, `end`).
    Identifier(String),
    /// `[?(left op right)]`; for `[?(path)]` the operator is `exists` and `right` is empty.
    Filter {
        /// The operand left of the operator, parsed as an action.
        left: Vec<Node>,
        /// The operand right of the operator, parsed as an action.
        right: Vec<Node>,
        /// The run of `!<>=` characters between them, as written (not checked when parsing).
        operator: String,
    },
    /// An integer literal, Go's `int` (64 bits).
    Int(i64),
    /// A number that is not an `int`: it has a `.` or overflows 64 bits.
    Float(f64),
    /// `.*`: every member.
    Wildcard,
    /// `..`: recursive descent.
    Recursive,
    /// `[a,b,…]`: each member parsed as an action of its own.
    Union(Vec<Vec<Node>>),
    /// `true` or `false`.
    Bool(bool),
}

/// One of an [`Node::Array`]'s start, end and step, as upstream's `ParamsEntry`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct ArrayParam {
    /// The number; meaningful when `known`.
    pub value: i64,
    /// Whether the template gave it (or, for the end of `[i]`, implied it).
    pub known: bool,
    /// Set on the end of a plain index `[i]`, whose end is `i + 1`.
    pub derived: bool,
}

/// Why a template does not parse: upstream's error text (see the module documentation).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ParseError {
    message: String,
}

impl ParseError {
    fn new(message: impl Into<String>) -> ParseError {
        ParseError { message: message.into() }
    }

    /// The message, as upstream's `err.Error()`.
    pub fn message(&self) -> &str {
        &self.message
    }
}

impl std::fmt::Display for ParseError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for ParseError {}

/// Parses a template as upstream's `jsonpath.Parse` (`(*Parser).Parse`): text with `{…}`
/// actions. Callers that hold a bare path (`.spec.x`) wrap it in braces first, as upstream's do.
/// The result is the root list: [`Node::Text`] and [`Node::List`] nodes.
pub fn parse(text: &str) -> Result<Vec<Node>, ParseError> {
    if text.len() > MAX_LEN {
        return Err(ParseError::new(format!("JSONPath longer than {MAX_LEN} bytes")));
    }
    Parser::new(text, 0).run()
}

/// Go's `%#U` of a rune: `U+0021 '!'`, the quoted character only when Go prints it.
fn go_sharp_u(c: char) -> String {
    let code = u32::from(c);
    if is_go_print(c) { format!("U+{code:04X} '{c}'") } else { format!("U+{code:04X}") }
}

fn in_table(table: &[(u32, u32)], c: char) -> bool {
    let u = u32::from(c);
    // The last range starting at or before `u` holds it or nothing does.
    let i = table.partition_point(|&(start, _)| start <= u);
    i > 0 && u <= table[i - 1].1
}

/// Go's `unicode.IsDigit`: general category Nd.
fn is_digit(c: char) -> bool {
    if c.is_ascii() { c.is_ascii_digit() } else { in_table(DIGITS, c) }
}

/// Upstream's `isAlphaNumeric`: `_`, Go's `unicode.IsLetter` (category L) or `IsDigit`.
fn is_alphanumeric(c: char) -> bool {
    c == '_' || is_digit(c) || if c.is_ascii() { c.is_ascii_alphabetic() } else { in_table(LETTERS, c) }
}

/// Upstream's `isTerminator`: what ends a field name or identifier (`None` is the end of input).
fn is_terminator(r: Option<char>) -> bool {
    matches!(r, None | Some(' ' | '\t' | '\r' | '\n' | '.' | ',' | '[' | ']' | '$' | '@' | '{' | '}'))
}

/// One template being parsed: upstream's `Parser`, whose `start` marks the text not yet taken.
struct Parser<'a> {
    input: &'a str,
    pos: usize,
    start: usize,
    /// The width of the last character `next` returned, for `backup`.
    width: usize,
    /// How many actions enclose this one (see [`MAX_DEPTH`]).
    depth: usize,
}

/// What one step inside an action leaves: more of the action, or its `}`.
enum Step {
    More,
    Closed,
}

impl<'a> Parser<'a> {
    fn new(input: &'a str, depth: usize) -> Parser<'a> {
        Parser { input, pos: 0, start: 0, width: 0, depth }
    }

    fn rest(&self) -> &'a str {
        self.input.get(self.pos..).unwrap_or_default()
    }

    /// The text since the last call (upstream's `consumeText`).
    fn consume(&mut self) -> &'a str {
        let value = self.input.get(self.start..self.pos).unwrap_or_default();
        self.start = self.pos;
        value
    }

    fn next(&mut self) -> Option<char> {
        match self.rest().chars().next() {
            Some(c) => {
                self.width = c.len_utf8();
                self.pos += self.width;
                Some(c)
            }
            None => {
                self.width = 0;
                None
            }
        }
    }

    fn peek(&self) -> Option<char> {
        self.rest().chars().next()
    }

    fn backup(&mut self) {
        self.pos -= self.width;
        self.width = 0;
    }

    /// The byte two before `pos`: upstream's test for a backslash before a closing quote.
    fn escaped(&self) -> bool {
        self.pos.checked_sub(2).and_then(|i| self.input.as_bytes().get(i)) == Some(&b'\\')
    }

    /// Upstream's `parseText`, `parseLeftDelim`, `parseInsideAction` and `parseRightDelim`,
    /// which call one another once per token, as two loops.
    fn run(mut self) -> Result<Vec<Node>, ParseError> {
        let mut root = Vec::new();
        loop {
            // Text up to the next `{`, or to the end.
            loop {
                if self.rest().starts_with('{') {
                    break;
                }
                if self.next().is_none() {
                    if self.pos > self.start {
                        root.push(Node::Text(self.consume().to_owned()));
                    }
                    return Ok(root);
                }
            }
            if self.pos > self.start {
                root.push(Node::Text(self.consume().to_owned()));
            }
            self.pos += 1;
            self.consume();
            let mut action = Vec::new();
            while let Step::More = self.inside_action(&mut action)? {}
            root.push(Node::List(action));
        }
    }

    /// One token inside an action (upstream's `parseInsideAction` and what it dispatches to).
    fn inside_action(&mut self, cur: &mut Vec<Node>) -> Result<Step, ParseError> {
        let rest = self.rest();
        if rest.starts_with('}') {
            self.pos += 1;
            self.consume();
            return Ok(Step::Closed);
        }
        if rest.starts_with("[?(") {
            self.filter(cur)?;
            return Ok(Step::More);
        }
        if rest.starts_with("..") {
            self.recursive(cur)?;
            return Ok(Step::More);
        }
        match self.next() {
            None | Some('\r' | '\n') => return Err(ParseError::new("unclosed action")),
            Some(' ' | '@' | '$') => {
                // A space, and the current object's or the root's name, say nothing.
                self.consume();
            }
            Some('[') => self.array(cur)?,
            Some(q @ ('"' | '\'')) => self.quote(cur, q)?,
            Some('.') => self.field(cur),
            Some(c) if c == '+' || c == '-' || is_digit(c) => {
                self.backup();
                self.number(cur)?;
            }
            Some(c) if is_alphanumeric(c) => {
                self.backup();
                self.identifier(cur);
            }
            Some(c) => return Err(ParseError::new(format!("unrecognized character in action: {}", go_sharp_u(c)))),
        }
        Ok(Step::More)
    }

    /// A word up to a terminator: `true` and `false` are booleans, the rest identifiers.
    fn identifier(&mut self, cur: &mut Vec<Node>) {
        loop {
            let r = self.next();
            if is_terminator(r) {
                self.backup();
                break;
            }
        }
        let value = self.consume();
        cur.push(match value {
            "true" => Node::Bool(true),
            "false" => Node::Bool(false),
            _ => Node::Identifier(value.to_owned()),
        });
    }

    /// `..`, then a field when a letter, digit or `_` follows.
    fn recursive(&mut self, cur: &mut Vec<Node>) -> Result<(), ParseError> {
        if matches!(cur.last(), Some(Node::Recursive)) {
            return Err(ParseError::new("invalid multiple recursive descent"));
        }
        self.pos += 2;
        self.consume();
        cur.push(Node::Recursive);
        if self.peek().is_some_and(is_alphanumeric) {
            self.field(cur);
        }
        Ok(())
    }

    /// An optional sign, then digits and dots: Go's `strconv.Atoi`, else `ParseFloat`.
    fn number(&mut self, cur: &mut Vec<Node>) -> Result<(), ParseError> {
        if matches!(self.peek(), Some('+' | '-')) {
            self.next();
        }
        loop {
            let r = self.next();
            if !r.is_some_and(|c| c == '.' || is_digit(c)) {
                self.backup();
                break;
            }
        }
        let value = self.consume();
        // Rust's integer and float syntax agree with Go's on these characters (a sign, ASCII
        // digits, dots); Go's `ParseFloat` refuses what overflows to infinity.
        if let Ok(i) = value.parse::<i64>() {
            cur.push(Node::Int(i));
        } else if let Ok(f) = value.parse::<f64>()
            && f.is_finite()
        {
            cur.push(Node::Float(f));
        } else {
            return Err(ParseError::new(format!("cannot parse number {value}")));
        }
        Ok(())
    }

    /// `[…]` up to the first `]`: a union, a quoted key or an index or slice.
    fn array(&mut self, cur: &mut Vec<Node>) -> Result<(), ParseError> {
        loop {
            match self.next() {
                None | Some('\n') => return Err(ParseError::new("unterminated array")),
                Some(']') => break,
                Some(_) => {}
            }
        }
        let taken = self.consume();
        let mut text = taken.get(1..taken.len().saturating_sub(1)).unwrap_or_default();
        if text == "*" {
            text = ":";
        }
        if text.contains(',') {
            let mut members = Vec::new();
            for member in text.split(',') {
                members.push(self.action(&format!("[{}]", member.trim_matches(' ')))?);
            }
            cur.push(Node::Union(members));
            return Ok(());
        }
        // `'key'` (no quote inside) is the field path `.key`, dots and all.
        if text.len() >= 2
            && let Some(key) = text.strip_prefix('\'').and_then(|t| t.strip_suffix('\''))
            && !key.contains('\'')
        {
            cur.extend(self.action(&format!(".{key}"))?);
            return Ok(());
        }
        let Some(groups) = slice_groups(text) else {
            return Err(ParseError::new(format!("invalid array index {text}")));
        };
        let mut params = [ArrayParam::default(); 3];
        for (i, group) in groups.into_iter().enumerate() {
            match group {
                // The end of a plain index `[i]` is `i + 1`, Go's `int` wrapping as it does.
                None if i == 1 => {
                    params[1] = ArrayParam { value: params[0].value.wrapping_add(1), known: true, derived: true };
                }
                None | Some("") => {}
                Some(digits) => match digits.parse::<i64>() {
                    Ok(value) => params[i] = ArrayParam { value, known: true, derived: false },
                    Err(_) => return Err(ParseError::new(format!("array index {digits} is not a number"))),
                },
            }
        }
        cur.push(Node::Array(params));
        Ok(())
    }

    /// `[?(…)]`: up to the first `)` outside the first quoted string, then `]`.
    fn filter(&mut self, cur: &mut Vec<Node>) -> Result<(), ParseError> {
        self.pos += 3;
        self.consume();
        // Upstream follows only the first quoted string: a `)` inside it does not close the filter.
        let (mut begin, mut end) = (false, false);
        let mut pair = '"';
        loop {
            match self.next() {
                None | Some('\n') => return Err(ParseError::new("unterminated filter")),
                Some(q @ ('"' | '\'')) => {
                    if !begin {
                        begin = true;
                        pair = q;
                    } else if !self.escaped() && q == pair {
                        end = true;
                    }
                }
                Some(')') if begin == end => break,
                Some(_) => {}
            }
        }
        if self.next() != Some(']') {
            return Err(ParseError::new("unclosed array expect ]"));
        }
        let taken = self.consume();
        let text = taken.get(..taken.len().saturating_sub(2)).unwrap_or_default();
        let node = match split_comparison(text) {
            None => Node::Filter { left: self.action(text)?, right: Vec::new(), operator: "exists".into() },
            Some((left, operator, right)) => {
                let left = self.action(left)?;
                let right = self.action(right)?;
                Node::Filter { left, right, operator: operator.to_owned() }
            }
        };
        cur.push(node);
        Ok(())
    }

    /// A quoted string up to the first closing quote not after a backslash, unquoted as Go's
    /// `strconv.Unquote` does (single quotes too).
    fn quote(&mut self, cur: &mut Vec<Node>, close: char) -> Result<(), ParseError> {
        loop {
            match self.next() {
                None | Some('\n') => return Err(ParseError::new("unterminated quoted string")),
                Some(c) if c == close && !self.escaped() => break,
                Some(_) => {}
            }
        }
        let value = self.consume();
        match unquote(value) {
            Ok(bytes) => cur.push(Node::Text(String::from_utf8_lossy(&bytes).into_owned())),
            Err(e) => return Err(ParseError::new(format!("unquote string {value} error {e}"))),
        }
        Ok(())
    }

    /// A field name up to the next terminator not after a backslash; `*` is the wildcard.
    fn field(&mut self, cur: &mut Vec<Node>) {
        // Drops the `.` (nothing after `..`).
        self.consume();
        loop {
            let r = self.next();
            if r == Some('\\') {
                self.next();
            } else if is_terminator(r) {
                self.backup();
                break;
            }
        }
        let value = self.consume();
        cur.push(if value == "*" { Node::Wildcard } else { Node::Field(value.replace('\\', "")) });
    }

    /// Upstream's `parseAction`: `text` as the action `{text}`, its first list; later text and
    /// actions there (a `}` inside `text`) are parsed, so their errors count, and dropped.
    fn action(&self, text: &str) -> Result<Vec<Node>, ParseError> {
        let depth = self.depth + 1;
        if depth > MAX_DEPTH {
            return Err(ParseError::new(format!("JSONPath nested deeper than {MAX_DEPTH} actions")));
        }
        let wrapped = format!("{{{text}}}");
        let root = Parser::new(&wrapped, depth).run()?;
        // The template starts with `{`, so its first node is that action's list.
        Ok(match root.into_iter().next() {
            Some(Node::List(nodes)) => nodes,
            _ => Vec::new(),
        })
    }
}

/// Upstream's slice pattern `^(-?\d*)(:-?\d*)?(:-?\d*)?$` (ASCII digits): the start's text,
/// then each of the other two groups' text without its `:`, `None` where the group is absent.
fn slice_groups(text: &str) -> Option<[Option<&str>; 3]> {
    fn signed_digits(s: &str) -> usize {
        let sign = usize::from(s.starts_with('-'));
        sign + s[sign..].bytes().take_while(u8::is_ascii_digit).count()
    }
    let first = signed_digits(text);
    let mut groups = [Some(&text[..first]), None, None];
    let mut rest = &text[first..];
    for group in &mut groups[1..] {
        let Some(after) = rest.strip_prefix(':') else { break };
        let n = signed_digits(after);
        *group = Some(&after[..n]);
        rest = &after[n..];
    }
    rest.is_empty().then_some(groups)
}

/// Upstream's filter pattern `^([^!<>=]+)([!<>=]+)(.+?)$`: the text before the first operator
/// character (at least one character), the run of operator characters (leaving the right at
/// least one), and the rest, which may not hold a newline.
fn split_comparison(text: &str) -> Option<(&str, &str, &str)> {
    let is_op = |b: u8| matches!(b, b'!' | b'<' | b'>' | b'=');
    let bytes = text.as_bytes();
    let i = bytes.iter().position(|&b| is_op(b)).filter(|&i| i > 0)?;
    let mut j = i + bytes[i..].iter().take_while(|&&b| is_op(b)).count();
    if j == bytes.len() {
        // The operator took everything: give the right operand its last character.
        if j - i < 2 {
            return None;
        }
        j -= 1;
    }
    let right = &text[j..];
    if right.contains('\n') {
        return None;
    }
    Some((&text[..i], &text[i..j], right))
}

/// Go's `strconv.ErrSyntax` text, the only error unquoting reports.
const INVALID_SYNTAX: &str = "invalid syntax";

/// Upstream's `UnquoteExtend`: Go's `strconv.Unquote` for a string in double or single quotes
/// (any length), giving bytes since `\xff` or `\377` need not be UTF-8.
fn unquote(s: &str) -> Result<Vec<u8>, &'static str> {
    let bytes = s.as_bytes();
    let n = bytes.len();
    if n < 2 || bytes[0] != bytes[n - 1] || !matches!(bytes[0], b'"' | b'\'') {
        return Err(INVALID_SYNTAX);
    }
    let quote = bytes[0];
    let mut rest = &s[1..n - 1];
    if !rest.bytes().any(|b| b == b'\\' || b == quote) {
        return Ok(rest.as_bytes().to_vec());
    }
    let mut out = Vec::with_capacity(rest.len());
    while !rest.is_empty() {
        rest = unquote_char(rest, quote, &mut out)?;
    }
    Ok(out)
}

/// Go's `strconv.UnquoteChar`: the first character or escape of `s` appended to `out`, and the
/// rest of `s`.
fn unquote_char<'s>(s: &'s str, quote: u8, out: &mut Vec<u8>) -> Result<&'s str, &'static str> {
    let mut chars = s.chars();
    let Some(c) = chars.next() else { return Err(INVALID_SYNTAX) };
    if c == char::from(quote) {
        return Err(INVALID_SYNTAX);
    }
    if c != '\\' {
        let mut buf = [0; 4];
        out.extend_from_slice(c.encode_utf8(&mut buf).as_bytes());
        return Ok(chars.as_str());
    }
    let Some(e) = chars.next() else { return Err(INVALID_SYNTAX) };
    let rest = chars.as_str();
    let simple = match e {
        'a' => Some(0x07),
        'b' => Some(0x08),
        'f' => Some(0x0c),
        'n' => Some(b'\n'),
        'r' => Some(b'\r'),
        't' => Some(b'\t'),
        'v' => Some(0x0b),
        '\\' => Some(b'\\'),
        '\'' | '"' if e == char::from(quote) => Some(quote),
        _ => None,
    };
    if let Some(b) = simple {
        out.push(b);
        return Ok(rest);
    }
    match e {
        'x' | 'u' | 'U' => {
            let n = match e {
                'x' => 2,
                'u' => 4,
                _ => 8,
            };
            let hex = rest.get(..n).ok_or(INVALID_SYNTAX)?;
            if !hex.bytes().all(|b| b.is_ascii_hexdigit()) {
                return Err(INVALID_SYNTAX);
            }
            let v = u32::from_str_radix(hex, 16).map_err(|_| INVALID_SYNTAX)?;
            if e == 'x' {
                // One byte, UTF-8 or not.
                out.push(u8::try_from(v).map_err(|_| INVALID_SYNTAX)?);
            } else {
                let c = char::from_u32(v).ok_or(INVALID_SYNTAX)?;
                let mut buf = [0; 4];
                out.extend_from_slice(c.encode_utf8(&mut buf).as_bytes());
            }
            Ok(&rest[n..])
        }
        '0'..='7' => {
            let digits = rest.get(..2).ok_or(INVALID_SYNTAX)?;
            let mut v = u32::from(e) - u32::from('0');
            for b in digits.bytes() {
                if !(b'0'..=b'7').contains(&b) {
                    return Err(INVALID_SYNTAX);
                }
                v = (v << 3) | u32::from(b - b'0');
            }
            out.push(u8::try_from(v).map_err(|_| INVALID_SYNTAX)?);
            Ok(&rest[2..])
        }
        _ => Err(INVALID_SYNTAX),
    }
}

#[cfg(test)]
#[path = "jsonpath_tests.rs"]
mod tests;
