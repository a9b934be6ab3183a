//! The handlers a client delivers the server's `Warning:` headers to; the header's format is `kapi-http`'s.

pub use kapi_http::warning::{Warning, WarningParseError, parse_warning, parse_warning_value, warnings_from_headers};

/// Receives the warnings (code 299) the server sends with responses.
pub trait WarningHandler: Send + Sync + 'static {
    /// Called once per warning, in the order received.
    fn handle_warning(&self, text: &str);
}

impl<F: Fn(&str) + Send + Sync + 'static> WarningHandler for F {
    fn handle_warning(&self, text: &str) {
        self(text)
    }
}

/// Emits each warning as a `tracing` event at WARN level, target `kapi_client::warning` (the
/// default: a library leaves where logs go to its user's subscriber, as client-go leaves it to
/// klog).
#[derive(Debug, Clone, Copy, Default)]
pub struct LogWarnings;

impl WarningHandler for LogWarnings {
    fn handle_warning(&self, text: &str) {
        tracing::warn!(target: "kapi_client::warning", "{text}");
    }
}

/// Writes each warning to standard error as `Warning: <text>`, as kubectl prints them: for
/// command-line tools that install no `tracing` subscriber.
#[derive(Debug, Clone, Copy, Default)]
pub struct PrintWarnings;

impl WarningHandler for PrintWarnings {
    fn handle_warning(&self, text: &str) {
        eprintln!("Warning: {text}");
    }
}

/// Drops warnings.
#[derive(Debug, Clone, Copy, Default)]
pub struct IgnoreWarnings;

impl WarningHandler for IgnoreWarnings {
    fn handle_warning(&self, _text: &str) {}
}
