//! The hand-written JSON forms of `v1beta1`'s schema types; see `apiextensions/json.rs`.

super::super::json::json_forms!();
