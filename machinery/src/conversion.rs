//! Conversion errors: generated and hand-written conversions between a versioned type and its
//! internal type return these, with the field path where the value could not be converted.

/// A value that could not be converted, and where.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{}{message}", if path.is_empty() { String::new() } else { format!("{path}: ") })]
pub struct ConversionError {
    /// The field path (`webhooks[0].sideEffects`), outermost first.
    pub path: String,
    /// What went wrong.
    pub message: String,
}

impl ConversionError {
    /// An error at the current value.
    pub fn new(message: impl Into<String>) -> Self {
        ConversionError { path: String::new(), message: message.into() }
    }

    /// Prefixes the path with a field name.
    pub fn in_field(mut self, name: &str) -> Self {
        self.path = if self.path.is_empty() {
            name.to_owned()
        } else if self.path.starts_with('[') {
            format!("{name}{}", self.path)
        } else {
            format!("{name}.{}", self.path)
        };
        self
    }

    /// Prefixes the path with a slice index.
    pub fn in_index(mut self, i: usize) -> Self {
        self.path = if self.path.is_empty() || self.path.starts_with('[') {
            format!("[{i}]{}", self.path)
        } else {
            format!("[{i}].{}", self.path)
        };
        self
    }

    /// Prefixes the path with a map key.
    pub fn in_key(mut self, key: &str) -> Self {
        self.path = if self.path.is_empty() || self.path.starts_with('[') {
            format!("[{key:?}]{}", self.path)
        } else {
            format!("[{key:?}].{}", self.path)
        };
        self
    }
}

#[cfg(test)]
mod tests {
    use super::ConversionError;

    #[test]
    fn paths_read_outermost_first() {
        let e = ConversionError::new("bad").in_field("sideEffects").in_index(0).in_field("webhooks");
        assert_eq!(e.to_string(), "webhooks[0].sideEffects: bad");
        let e = ConversionError::new("bad").in_key("a").in_field("labels");
        assert_eq!(e.to_string(), "labels[\"a\"]: bad");
        assert_eq!(ConversionError::new("bad").to_string(), "bad");
    }
}
