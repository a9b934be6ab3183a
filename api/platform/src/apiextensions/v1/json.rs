//! The hand-written JSON forms of `v1`'s schema types; see `apiextensions/json.rs`.

super::super::json::json_forms!();
