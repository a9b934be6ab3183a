//! A generic JSON value that keeps object member order and number text, used for YAML and raw JSON.

/// A JSON value. Numbers keep their original text so integers of any size survive unchanged;
/// object members keep their order (YAML output sorts them itself).
#[derive(Debug, Clone, PartialEq)]
pub enum Value {
    Null,
    Bool(bool),
    /// The number's text as JSON writes it, e.g. `1`, `-3`, `2.5`, `1e+21`.
    Number(String),
    String(String),
    Array(Vec<Value>),
    Object(Vec<(String, Value)>),
}
