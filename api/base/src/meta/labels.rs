//! Label selectors, as upstream's `k8s.io/apimachinery/pkg/labels` parses and matches them:
//! comma-separated requirements `key`, `!key`, `key=value`, `key==value`, `key!=value`,
//! `key in (a,b)`, `key notin (a,b)`, `key>1`, `key<1`. Every requirement must hold.

use std::collections::{BTreeMap, BTreeSet};
use std::fmt;
use std::str::FromStr;

use kapi_api::meta::v1::{LabelSelector, LabelSelectorOperator};

/// How a requirement compares a label.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Operator {
    /// `key=value`: the label is present with the value.
    Equals,
    /// `key==value`: the same as [`Operator::Equals`].
    DoubleEquals,
    /// `key!=value`: the label is absent or has another value.
    NotEquals,
    /// `key in (a,b)`: the label is present with one of the values.
    In,
    /// `key notin (a,b)`: the label is absent or has none of the values.
    NotIn,
    /// `key`: the label is present.
    Exists,
    /// `!key`: the label is absent.
    DoesNotExist,
    /// `key>n`: the label is present and its integer value is greater than `n`.
    GreaterThan,
    /// `key<n`: the label is present and its integer value is less than `n`.
    LessThan,
}

impl Operator {
    fn symbol(self) -> &'static str {
        match self {
            Operator::Equals => "=",
            Operator::DoubleEquals => "==",
            Operator::NotEquals => "!=",
            Operator::In => "in",
            Operator::NotIn => "notin",
            Operator::Exists => "exists",
            Operator::DoesNotExist => "!",
            Operator::GreaterThan => ">",
            Operator::LessThan => "<",
        }
    }
}

/// A label selector could not be parsed or a requirement is invalid.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct SelectorError {
    /// The selector text, if the error came from parsing.
    pub input: Option<String>,
    /// The byte offset in `input` where the problem was found.
    pub position: Option<usize>,
    /// What is wrong.
    pub message: String,
}

impl fmt::Display for SelectorError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match (&self.input, self.position) {
            (Some(input), Some(pos)) => write!(f, "label selector {input:?}: at position {pos}: {}", self.message),
            (Some(input), None) => write!(f, "label selector {input:?}: {}", self.message),
            (None, _) => write!(f, "invalid label requirement: {}", self.message),
        }
    }
}

impl std::error::Error for SelectorError {}

/// One condition on one label.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Requirement {
    key: String,
    operator: Operator,
    values: BTreeSet<String>,
}

impl Requirement {
    /// A requirement, checked as upstream checks it: the key must be a qualified name, values must
    /// be label values, `=`/`==`/`!=` take exactly one value, `in`/`notin` at least one,
    /// `exists`/`!` none, and `>`/`<` exactly one integer.
    pub fn new<I, S>(key: &str, operator: Operator, values: I) -> Result<Requirement, SelectorError>
    where
        I: IntoIterator<Item = S>,
        S: Into<String>,
    {
        let values: BTreeSet<String> = values.into_iter().map(Into::into).collect();
        let fail = |message: String| SelectorError { input: None, position: None, message };
        validate_key(key).map_err(|m| fail(format!("key {key:?}: {m}")))?;
        // Upstream's `NewRequirement` messages, with the field they name.
        match operator {
            Operator::Equals | Operator::DoubleEquals | Operator::NotEquals if values.len() != 1 => {
                return Err(fail("values: exact-match compatibility requires one single value".to_string()));
            }
            Operator::In | Operator::NotIn if values.is_empty() => {
                return Err(fail("values: for 'in', 'notin' operators, values set can't be empty".to_string()));
            }
            Operator::Exists | Operator::DoesNotExist if !values.is_empty() => {
                return Err(fail("values: values set must be empty for exists and does not exist".to_string()));
            }
            Operator::GreaterThan | Operator::LessThan => {
                if values.len() != 1 {
                    return Err(fail("values: for 'Gt', 'Lt' operators, exactly one value is required".to_string()));
                }
                if let Some(v) = values.iter().find(|v| v.parse::<i64>().is_err()) {
                    return Err(fail(format!(
                        "values[0]: Invalid value: {v:?}: for 'Gt', 'Lt' operators, the value must be an integer"
                    )));
                }
            }
            _ => {}
        }
        for v in &values {
            validate_value(v).map_err(|m| fail(format!("value {v:?}: {m}")))?;
        }
        Ok(Requirement { key: key.to_string(), operator, values })
    }

    /// The label key.
    pub fn key(&self) -> &str {
        &self.key
    }

    /// The operator.
    pub fn operator(&self) -> Operator {
        self.operator
    }

    /// The values, sorted.
    pub fn values(&self) -> impl Iterator<Item = &str> {
        self.values.iter().map(String::as_str)
    }

    /// Whether the labels satisfy the requirement.
    pub fn matches(&self, labels: &BTreeMap<String, String>) -> bool {
        let value = labels.get(&self.key);
        match self.operator {
            Operator::Equals | Operator::DoubleEquals | Operator::In => value.is_some_and(|v| self.values.contains(v)),
            Operator::NotEquals | Operator::NotIn => value.is_none_or(|v| !self.values.contains(v)),
            Operator::Exists => value.is_some(),
            Operator::DoesNotExist => value.is_none(),
            Operator::GreaterThan | Operator::LessThan => {
                let Some(Ok(have)) = value.map(|v| v.parse::<i64>()) else { return false };
                self.values
                    .iter()
                    .filter_map(|v| v.parse::<i64>().ok())
                    .all(|want| if self.operator == Operator::GreaterThan { have > want } else { have < want })
            }
        }
    }
}

impl fmt::Display for Requirement {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.operator {
            Operator::Exists => write!(f, "{}", self.key),
            Operator::DoesNotExist => write!(f, "!{}", self.key),
            Operator::In | Operator::NotIn => {
                let values: Vec<&str> = self.values().collect();
                write!(f, "{} {} ({})", self.key, self.operator.symbol(), values.join(","))
            }
            op => {
                let value = self.values().next().unwrap_or_default();
                write!(f, "{}{}{}", self.key, op.symbol(), value)
            }
        }
    }
}

/// A conjunction of requirements on labels. The empty selector matches everything.
///
/// Built from expressions (`Selector::new().eq("app", "web").in_("tier", ["a", "b"])`), parsed
/// from text ([`Selector::parse`], upstream's grammar), or converted from the API's
/// `LabelSelector` (`Selector::try_from(&label_selector)`); it displays as the wire string that
/// `ListOptions::labels` takes. A builder call with an invalid key or value keeps the first error:
/// [`Selector::error`] reports it, [`Selector::validate`] turns it into a `Result`, such a
/// selector matches nothing, and a server rejects its text.
#[derive(Debug, Clone, Default, PartialEq, Eq, Hash)]
pub struct Selector {
    requirements: Vec<Requirement>,
    error: Option<Box<SelectorError>>,
}

impl Selector {
    /// The empty selector, to add expressions to.
    pub fn new() -> Selector {
        Selector::default()
    }

    /// Adds a requirement built by the builder methods, keeping the first error.
    fn with(mut self, key: &str, operator: Operator, values: Vec<String>) -> Selector {
        match Requirement::new(key, operator, values.iter().map(String::as_str)) {
            Ok(r) => self.requirements.push(r),
            Err(e) => {
                // Kept as written, so that the text shows what was asked for.
                self.requirements.push(Requirement {
                    key: key.to_owned(),
                    operator,
                    values: values.into_iter().collect(),
                });
                self.error.get_or_insert(Box::new(e));
            }
        }
        self.requirements.sort();
        self
    }

    /// `key=value`: the label is present with the value.
    pub fn eq(self, key: &str, value: &str) -> Selector {
        self.with(key, Operator::Equals, vec![value.to_owned()])
    }

    /// `key!=value`: the label is absent or has another value.
    pub fn ne(self, key: &str, value: &str) -> Selector {
        self.with(key, Operator::NotEquals, vec![value.to_owned()])
    }

    /// `key in (a,b)`: the label is present with one of the values.
    pub fn in_<I, S>(self, key: &str, values: I) -> Selector
    where
        I: IntoIterator<Item = S>,
        S: Into<String>,
    {
        self.with(key, Operator::In, values.into_iter().map(Into::into).collect())
    }

    /// `key notin (a,b)`: the label is absent or has none of the values.
    pub fn not_in<I, S>(self, key: &str, values: I) -> Selector
    where
        I: IntoIterator<Item = S>,
        S: Into<String>,
    {
        self.with(key, Operator::NotIn, values.into_iter().map(Into::into).collect())
    }

    /// `key`: the label is present.
    pub fn exists(self, key: &str) -> Selector {
        self.with(key, Operator::Exists, Vec::new())
    }

    /// `!key`: the label is absent.
    pub fn not_exists(self, key: &str) -> Selector {
        self.with(key, Operator::DoesNotExist, Vec::new())
    }

    /// `key>n`: the label's integer value is greater than `n`.
    pub fn gt(self, key: &str, n: i64) -> Selector {
        self.with(key, Operator::GreaterThan, vec![n.to_string()])
    }

    /// `key<n`: the label's integer value is less than `n`.
    pub fn lt(self, key: &str, n: i64) -> Selector {
        self.with(key, Operator::LessThan, vec![n.to_string()])
    }

    /// The first invalid expression given to a builder method, if any.
    pub fn error(&self) -> Option<&SelectorError> {
        self.error.as_deref()
    }

    /// The selector, or the first invalid expression given to a builder method.
    pub fn validate(self) -> Result<Selector, SelectorError> {
        match self.error {
            Some(e) => Err(*e),
            None => Ok(self),
        }
    }

    /// The selector that matches every object.
    pub fn everything() -> Selector {
        Selector::default()
    }

    /// A selector from requirements (sorted by key, as upstream keeps them).
    pub fn from_requirements(mut requirements: Vec<Requirement>) -> Selector {
        requirements.sort();
        Selector { requirements, error: None }
    }

    /// A selector requiring every `key=value` of the map.
    pub fn from_labels(labels: &BTreeMap<String, String>) -> Result<Selector, SelectorError> {
        let requirements = labels
            .iter()
            .map(|(k, v)| Requirement::new(k, Operator::Equals, [v.as_str()]))
            .collect::<Result<Vec<_>, _>>()?;
        Ok(Selector::from_requirements(requirements))
    }

    /// Parses selector text; an error names the byte offset of the problem.
    pub fn parse(input: &str) -> Result<Selector, SelectorError> {
        Parser::new(input).parse().map_err(|(position, message)| SelectorError {
            input: Some(input.to_string()),
            position,
            message,
        })
    }

    /// The requirements, sorted by key.
    pub fn requirements(&self) -> &[Requirement] {
        &self.requirements
    }

    /// Whether the selector has no requirements (and so matches everything).
    pub fn is_empty(&self) -> bool {
        self.requirements.is_empty()
    }

    /// Whether the labels satisfy every requirement (never, for a selector with an invalid
    /// expression).
    pub fn matches(&self, labels: &BTreeMap<String, String>) -> bool {
        self.error.is_none() && self.requirements.iter().all(|r| r.matches(labels))
    }

    /// This selector with one more requirement.
    pub fn and(mut self, requirement: Requirement) -> Selector {
        self.requirements.push(requirement);
        self.requirements.sort();
        self
    }
}

impl fmt::Display for Selector {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, r) in self.requirements.iter().enumerate() {
            if i > 0 {
                f.write_str(",")?;
            }
            write!(f, "{r}")?;
        }
        Ok(())
    }
}

/// Upstream's `LabelSelectorAsSelector`: every `matchLabels` pair as `key=value`, every
/// `matchExpressions` entry with its operator (`In`, `NotIn`, `Exists`, `DoesNotExist`); an empty
/// `LabelSelector` selects everything. Errors carry upstream's messages and name the entry
/// (`matchExpressions[1]`).
impl TryFrom<&LabelSelector> for Selector {
    type Error = SelectorError;

    fn try_from(selector: &LabelSelector) -> Result<Selector, SelectorError> {
        let at = |place: String, e: SelectorError| SelectorError { message: format!("{place}: {}", e.message), ..e };
        let mut requirements = Vec::with_capacity(selector.match_labels.len() + selector.match_expressions.len());
        for (k, v) in &selector.match_labels {
            let r = Requirement::new(k, Operator::Equals, [v.as_str()])
                .map_err(|e| at(format!("matchLabels[{k:?}]"), e))?;
            requirements.push(r);
        }
        for (i, expr) in selector.match_expressions.iter().enumerate() {
            let operator = match expr.operator.0.as_str() {
                LabelSelectorOperator::IN => Operator::In,
                LabelSelectorOperator::NOT_IN => Operator::NotIn,
                LabelSelectorOperator::EXISTS => Operator::Exists,
                LabelSelectorOperator::DOES_NOT_EXIST => Operator::DoesNotExist,
                other => {
                    return Err(SelectorError {
                        input: None,
                        position: None,
                        message: format!("matchExpressions[{i}]: {other:?} is not a valid label selector operator"),
                    });
                }
            };
            let r = Requirement::new(&expr.key, operator, expr.values.iter().map(String::as_str))
                .map_err(|e| at(format!("matchExpressions[{i}]"), e))?;
            requirements.push(r);
        }
        Ok(Selector::from_requirements(requirements))
    }
}

impl TryFrom<LabelSelector> for Selector {
    type Error = SelectorError;

    fn try_from(selector: LabelSelector) -> Result<Selector, SelectorError> {
        Selector::try_from(&selector)
    }
}

impl FromStr for Selector {
    type Err = SelectorError;

    fn from_str(s: &str) -> Result<Selector, SelectorError> {
        Selector::parse(s)
    }
}

/// Checks a label key: an optional DNS subdomain prefix and `/`, then a name of at most 63
/// alphanumerics, `-`, `_` or `.` that starts and ends alphanumeric.
pub fn validate_key(key: &str) -> Result<(), String> {
    let (prefix, name) = match key.split_once('/') {
        Some((p, n)) => (Some(p), n),
        None => (None, key),
    };
    if let Some(prefix) = prefix {
        if prefix.is_empty() {
            return Err("the prefix before '/' must not be empty".to_string());
        }
        if prefix.len() > 253 {
            return Err("the prefix must be at most 253 characters".to_string());
        }
        let dns_ok = prefix.split('.').all(|part| {
            !part.is_empty()
                && part.bytes().all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-')
                && !part.starts_with('-')
                && !part.ends_with('-')
        });
        if !dns_ok {
            return Err("the prefix must be a DNS subdomain (lower-case alphanumerics, '-' and '.')".to_string());
        }
    }
    if name.is_empty() {
        return Err("the name must not be empty".to_string());
    }
    validate_name_part(name)
}

/// Checks a label value: empty, or at most 63 alphanumerics, `-`, `_` or `.` that starts and ends
/// alphanumeric.
pub fn validate_value(value: &str) -> Result<(), String> {
    if value.is_empty() { Ok(()) } else { validate_name_part(value) }
}

fn validate_name_part(s: &str) -> Result<(), String> {
    if s.len() > 63 {
        return Err("must be at most 63 characters".to_string());
    }
    if !s.bytes().all(|b| b.is_ascii_alphanumeric() || matches!(b, b'-' | b'_' | b'.')) {
        return Err("must consist of alphanumerics, '-', '_' or '.'".to_string());
    }
    let alnum = |b: Option<u8>| b.is_some_and(|b| b.is_ascii_alphanumeric());
    if !alnum(s.bytes().next()) || !alnum(s.bytes().last()) {
        return Err("must start and end with an alphanumeric character".to_string());
    }
    Ok(())
}

#[derive(Debug, Clone, PartialEq, Eq)]
enum Token {
    Ident(String),
    Bang,
    Eq,
    DoubleEq,
    NotEq,
    Gt,
    Lt,
    Open,
    Close,
    Comma,
    End,
}

impl Token {
    fn describe(&self) -> String {
        match self {
            Token::Ident(s) => format!("{s:?}"),
            Token::Bang => "'!'".to_string(),
            Token::Eq => "'='".to_string(),
            Token::DoubleEq => "'=='".to_string(),
            Token::NotEq => "'!='".to_string(),
            Token::Gt => "'>'".to_string(),
            Token::Lt => "'<'".to_string(),
            Token::Open => "'('".to_string(),
            Token::Close => "')'".to_string(),
            Token::Comma => "','".to_string(),
            Token::End => "the end of the selector".to_string(),
        }
    }
}

type ParseError = (Option<usize>, String);

struct Parser {
    tokens: Vec<(usize, Token)>,
    next: usize,
}

impl Parser {
    fn new(input: &str) -> Parser {
        Parser { tokens: lex(input), next: 0 }
    }

    fn peek(&self) -> &(usize, Token) {
        // `lex` always ends the list with `End`, and `advance` never moves past it.
        &self.tokens[self.next.min(self.tokens.len() - 1)]
    }

    fn advance(&mut self) -> (usize, Token) {
        let t = self.peek().clone();
        if self.next < self.tokens.len() - 1 {
            self.next += 1;
        }
        t
    }

    fn parse(mut self) -> Result<Selector, ParseError> {
        let mut requirements = Vec::new();
        if self.peek().1 == Token::End {
            return Ok(Selector::everything());
        }
        loop {
            requirements.push(self.requirement()?);
            match self.advance() {
                (_, Token::End) => break,
                (_, Token::Comma) => continue,
                (pos, t) => return Err((Some(pos), format!("expected ',' or the end, found {}", t.describe()))),
            }
        }
        Ok(Selector::from_requirements(requirements))
    }

    fn requirement(&mut self) -> Result<Requirement, ParseError> {
        let (start, first) = self.advance();
        let (key_pos, key, negated) = match first {
            Token::Bang => match self.advance() {
                (pos, Token::Ident(k)) => (pos, k, true),
                (pos, t) => return Err((Some(pos), format!("expected a label key after '!', found {}", t.describe()))),
            },
            Token::Ident(k) => (start, k, false),
            t => return Err((Some(start), format!("expected a label key, found {}", t.describe()))),
        };
        validate_key(&key).map_err(|m| (Some(key_pos), format!("invalid label key {key:?}: {m}")))?;
        if negated {
            return Ok(Requirement { key, operator: Operator::DoesNotExist, values: BTreeSet::new() });
        }
        let (op_pos, op_token) = self.peek().clone();
        let operator = match op_token {
            Token::Comma | Token::End => {
                return Ok(Requirement { key, operator: Operator::Exists, values: BTreeSet::new() });
            }
            Token::Eq => Operator::Equals,
            Token::DoubleEq => Operator::DoubleEquals,
            Token::NotEq => Operator::NotEquals,
            Token::Gt => Operator::GreaterThan,
            Token::Lt => Operator::LessThan,
            Token::Ident(ref w) if w == "in" => Operator::In,
            Token::Ident(ref w) if w == "notin" => Operator::NotIn,
            t => {
                return Err((
                    Some(op_pos),
                    format!(
                        "expected an operator (=, ==, !=, in, notin, >, <), ',' or the end, found {}",
                        t.describe()
                    ),
                ));
            }
        };
        self.advance();
        let values =
            if matches!(operator, Operator::In | Operator::NotIn) { self.value_set()? } else { self.single()? };
        Requirement::new(&key, operator, values).map_err(|e| (Some(op_pos), e.message))
    }

    fn single(&mut self) -> Result<Vec<String>, ParseError> {
        match self.peek().clone() {
            (pos, Token::Ident(v)) => {
                self.advance();
                validate_value(&v).map_err(|m| (Some(pos), format!("invalid label value {v:?}: {m}")))?;
                Ok(vec![v])
            }
            // An empty value: `key=` or `key=,other`.
            (_, Token::Comma | Token::End) => Ok(vec![String::new()]),
            (pos, t) => Err((Some(pos), format!("expected a label value, found {}", t.describe()))),
        }
    }

    fn value_set(&mut self) -> Result<Vec<String>, ParseError> {
        match self.advance() {
            (_, Token::Open) => {}
            (pos, t) => return Err((Some(pos), format!("expected '(', found {}", t.describe()))),
        }
        let mut values = Vec::new();
        loop {
            match self.advance() {
                (pos, Token::Ident(v)) => {
                    validate_value(&v).map_err(|m| (Some(pos), format!("invalid label value {v:?}: {m}")))?;
                    values.push(v);
                    match self.advance() {
                        (_, Token::Comma) => continue,
                        (_, Token::Close) => break,
                        (pos, t) => return Err((Some(pos), format!("expected ',' or ')', found {}", t.describe()))),
                    }
                }
                // An empty value inside the set: `(a,,b)` or `(a,)`.
                (_, Token::Comma) => values.push(String::new()),
                // `()` is the set of the empty value, as upstream reads it (and prints `in ("")`
                // back as `in ()`).
                (_, Token::Close) => {
                    values.push(String::new());
                    break;
                }
                (pos, t) => return Err((Some(pos), format!("expected a label value or ')', found {}", t.describe()))),
            }
        }
        Ok(values)
    }
}

fn lex(input: &str) -> Vec<(usize, Token)> {
    let bytes = input.as_bytes();
    let mut tokens = Vec::new();
    let mut i = 0;
    let special = |b: u8| matches!(b, b'!' | b'=' | b'>' | b'<' | b'(' | b')' | b',') || b.is_ascii_whitespace();
    while i < bytes.len() {
        let b = bytes[i];
        let two = |second: u8| bytes.get(i + 1) == Some(&second);
        let (token, len) = match b {
            b if b.is_ascii_whitespace() => {
                i += 1;
                continue;
            }
            b'!' if two(b'=') => (Token::NotEq, 2),
            b'!' => (Token::Bang, 1),
            b'=' if two(b'=') => (Token::DoubleEq, 2),
            b'=' => (Token::Eq, 1),
            b'>' => (Token::Gt, 1),
            b'<' => (Token::Lt, 1),
            b'(' => (Token::Open, 1),
            b')' => (Token::Close, 1),
            b',' => (Token::Comma, 1),
            _ => {
                let end = bytes[i..].iter().position(|&b| special(b)).map_or(bytes.len(), |n| i + n);
                // `special` only matches ASCII bytes, so `end` is a char boundary.
                (Token::Ident(input[i..end].to_string()), end - i)
            }
        };
        tokens.push((i, token));
        i += len;
    }
    tokens.push((input.len(), Token::End));
    tokens
}

#[cfg(test)]
mod tests {
    use super::*;

    fn labels(pairs: &[(&str, &str)]) -> BTreeMap<String, String> {
        pairs.iter().map(|(k, v)| (k.to_string(), v.to_string())).collect()
    }

    #[test]
    fn parses_and_matches_every_operator() {
        let l = labels(&[("app", "web"), ("tier", "front"), ("n", "5")]);
        let cases = [
            ("", true),
            ("app=web", true),
            ("app==web", true),
            ("app!=web", false),
            ("app!=db", true),
            ("missing!=x", true),
            ("app in (db, web)", true),
            ("app in (db)", false),
            ("app notin (db)", true),
            ("missing notin (db)", true),
            ("app notin (web,db)", false),
            ("tier", true),
            ("missing", false),
            ("!missing", true),
            ("!app", false),
            ("n>4", true),
            ("n>5", false),
            ("n<6", true),
            ("app>1", false),
            ("app=web,tier=front", true),
            ("app=web,tier=back", false),
            ("  app = web ,  !missing ", true),
            ("example.com/x!=y", true),
        ];
        for (text, want) in cases {
            let s = Selector::parse(text).unwrap_or_else(|e| panic!("{text:?}: {e}"));
            assert_eq!(s.matches(&l), want, "{text:?}");
        }
    }

    #[test]
    fn empty_values_are_allowed() {
        let s = Selector::parse("a=,b in (x,)").unwrap();
        assert!(s.matches(&labels(&[("a", ""), ("b", "")])));
        assert!(!s.matches(&labels(&[("a", "1"), ("b", "")])));
        // `()` is the set of the empty value, so `in (,,)` prints as `in ()` and reads back
        // (the fuzzer's finding).
        let s = Selector::parse("k in (,,)").unwrap();
        assert_eq!(s.to_string(), "k in ()");
        assert_eq!(Selector::parse("k in ()").unwrap(), s);
        assert!(s.matches(&labels(&[("k", "")])) && !s.matches(&labels(&[("k", "v")])));
    }

    #[test]
    fn prints_canonically() {
        let s = Selector::parse("z notin (b,a), !y, x, w==1, v!=2, a in (c, b)").unwrap();
        assert_eq!(s.to_string(), "a in (b,c),v!=2,w==1,x,!y,z notin (a,b)");
        assert_eq!(Selector::parse(&s.to_string()).unwrap(), s);
    }

    #[test]
    fn errors_name_the_position() {
        let cases = [
            ("app=web,", 8, "expected a label key"),
            ("app in web", 7, "expected '('"),
            ("app in (a b)", 10, "expected ',' or ')'"),
            ("app web", 4, "expected an operator"),
            ("=web", 0, "expected a label key"),
            ("app=we$b", 4, "invalid label value"),
            ("-bad=1", 0, "invalid label key"),
            ("n>x", 1, "integer"),
            ("a=b=c", 3, "expected ',' or the end"),
            ("!", 1, "after '!'"),
        ];
        for (text, pos, msg) in cases {
            let err = Selector::parse(text).expect_err(text);
            assert_eq!(err.position, Some(pos), "{text:?}: {err}");
            assert!(err.to_string().contains(msg), "{text:?}: {err}");
            assert!(err.to_string().contains(&format!("at position {pos}")), "{err}");
        }
    }

    #[test]
    fn validates_keys_and_values() {
        assert!(validate_key("example.com/name").is_ok());
        assert!(validate_key("Example.com/name").is_err());
        assert!(validate_key("/name").is_err());
        assert!(validate_key(&"a".repeat(64)).is_err());
        assert!(validate_value(&"a".repeat(63)).is_ok());
        assert!(validate_value("a_b.c-d").is_ok());
        assert!(validate_value("-a").is_err());
        assert!(Requirement::new("a", Operator::In, Vec::<String>::new()).is_err());
        assert!(Requirement::new("a", Operator::Equals, ["x", "y"]).is_err());
        assert!(Requirement::new("a", Operator::Exists, ["x"]).is_err());
        let r = Requirement::new("a", Operator::In, ["y", "x"]).unwrap();
        assert_eq!(r.values().collect::<Vec<_>>(), ["x", "y"]);
    }

    #[test]
    fn from_labels_requires_each_pair() {
        let s = Selector::from_labels(&labels(&[("a", "1"), ("b", "2")])).unwrap();
        assert_eq!(s.to_string(), "a=1,b=2");
        assert!(s.matches(&labels(&[("a", "1"), ("b", "2"), ("c", "3")])));
        assert!(!s.matches(&labels(&[("a", "1")])));
    }

    #[test]
    fn builds_from_expressions_and_round_trips_through_text() {
        let s = Selector::new()
            .eq("app", "web")
            .in_("tier", ["b", "a"])
            .exists("x")
            .not_exists("y")
            .ne("v", "2")
            .gt("n", 3);
        assert!(s.error().is_none());
        assert_eq!(s.to_string(), "app=web,n>3,tier in (a,b),v!=2,x,!y");
        assert_eq!(Selector::parse(&s.to_string()).unwrap(), s);
        let l = labels(&[("app", "web"), ("tier", "a"), ("x", ""), ("n", "4")]);
        assert!(s.matches(&l));
        assert!(!s.matches(&labels(&[("app", "web"), ("tier", "c"), ("x", ""), ("n", "4")])));
        assert!(Selector::new().not_in("tier", ["a"]).matches(&labels(&[])));
        assert!(Selector::new().lt("n", 3).matches(&labels(&[("n", "2")])));
    }

    #[test]
    fn an_invalid_expression_is_kept_reported_and_matches_nothing() {
        let s = Selector::new().eq("app", "web").eq("bad key", "v").in_("tier", Vec::<String>::new());
        let err = s.error().expect("the invalid key is recorded");
        assert!(err.message.contains("bad key"), "{err}");
        assert!(!s.matches(&labels(&[("app", "web"), ("bad key", "v")])));
        assert!(s.to_string().contains("bad key=v"), "{s}");
        let err = s.validate().unwrap_err();
        assert!(err.message.contains("bad key"), "{err}");
        let err = Selector::new().in_("tier", Vec::<String>::new()).validate().unwrap_err();
        assert!(err.message.contains("values set can't be empty"), "{err}");
        assert!(Selector::new().eq("a", "b").validate().is_ok());
    }

    #[test]
    fn converts_the_api_label_selector_as_upstream() {
        use kapi_api::meta::v1::LabelSelectorRequirement;
        let req = |key: &str, op: &str, values: &[&str]| LabelSelectorRequirement {
            key: key.into(),
            operator: LabelSelectorOperator(op.into()),
            values: values.iter().map(|v| v.to_string()).collect(),
        };
        let api = LabelSelector {
            match_labels: labels(&[("app", "web")]),
            match_expressions: vec![
                req("tier", "In", &["a", "b"]),
                req("env", "NotIn", &["dev"]),
                req("x", "Exists", &[]),
                req("y", "DoesNotExist", &[]),
            ],
        };
        let s = Selector::try_from(&api).unwrap();
        assert_eq!(s.to_string(), "app=web,env notin (dev),tier in (a,b),x,!y");
        assert!(Selector::try_from(&LabelSelector::default()).unwrap().is_empty());

        let bad_op = LabelSelector {
            match_expressions: vec![req("a", "In", &["1"]), req("a", "Equals", &["1"])],
            ..Default::default()
        };
        let err = Selector::try_from(&bad_op).unwrap_err();
        assert_eq!(err.message, r#"matchExpressions[1]: "Equals" is not a valid label selector operator"#);
        let empty_in = LabelSelector { match_expressions: vec![req("a", "In", &[])], ..Default::default() };
        let err = Selector::try_from(empty_in).unwrap_err();
        assert_eq!(err.message, "matchExpressions[0]: values: for 'in', 'notin' operators, values set can't be empty");
        let values_on_exists =
            LabelSelector { match_expressions: vec![req("a", "Exists", &["1"])], ..Default::default() };
        let err = Selector::try_from(&values_on_exists).unwrap_err();
        assert!(err.message.ends_with("values set must be empty for exists and does not exist"), "{err}");
        let bad_label = LabelSelector { match_labels: labels(&[("a", "-x")]), ..Default::default() };
        let err = Selector::try_from(&bad_label).unwrap_err();
        assert!(err.message.starts_with(r#"matchLabels["a"]: value "-x""#), "{err}");
    }
}
