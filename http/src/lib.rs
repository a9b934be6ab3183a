//! The HTTP pieces a Kubernetes client and server share: bodies, `Warning` headers, PEM parsing and the WebSocket channel protocol of exec, attach and port-forward.
#![warn(missing_docs)]

pub mod body;
#[cfg(feature = "ws")]
pub mod channel;
pub mod pem;
pub mod warning;

pub use body::Body;
