//! The DER reads signature verification needs: one element, as the certificate reader reads it (`kapi_api_base::certs`).

pub(crate) use kapi_api_base::certs::{der_any as any, der_element as element};
