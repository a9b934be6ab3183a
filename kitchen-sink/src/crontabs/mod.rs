//! `stable.example.com`: a custom resource, which has a JSON form only.

pub mod v1;
