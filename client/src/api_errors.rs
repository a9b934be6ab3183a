//! Constructors of `Status` errors as a server writes them (upstream's `apierrors.New*`), and field
//! errors: re-exported from `kapi_api::meta::errors`, where clients and servers share them. They
//! return a boxed [`StatusError`]; `?` or `.into()` makes it a client [`Error`]. Only
//! [`into_error`] and [`status_of`] are the client's own, over its [`Error`].

use kapi_api::meta::v1::Status;

pub use kapi_api::meta::errors::*;

use crate::Error;

/// Wraps a `Status` as a client error, taking the retry delay from its details.
pub fn into_error(status: Status) -> Error {
    Error::Api(Box::new(StatusError::from_status(status)))
}

/// The `Status` inside an error; other errors become a 500 `InternalError`.
pub fn status_of(err: &Error) -> Status {
    match err.status() {
        Some(s) => s.status.clone(),
        None => internal_status(&err.to_string()),
    }
}
