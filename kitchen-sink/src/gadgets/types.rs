use std::collections::BTreeMap;

use kapi_api::meta::v1::ObjectMeta;
use kapi_machinery::TypeMeta;
use kapi_macros::Kapi;

/// The internal gadget.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(kind, group = "gadgets.example.com", internal)]
pub struct Gadget {
    pub type_meta: TypeMeta,
    pub metadata: ObjectMeta,
    pub spec: GadgetSpec,
}

/// The internal spec: `color` is spelled differently in v1, and sizes are kept in millimetres.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(internal)]
pub struct GadgetSpec {
    pub color: String,
    pub size_mm: i64,
    pub mode: Option<Mode>,
    pub parts: Vec<Part>,
    pub labels: BTreeMap<String, String>,
    pub aliases: Option<Vec<String>>,
}

/// How a gadget runs.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(internal)]
pub struct Mode(pub String);

/// A part.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(internal)]
pub struct Part {
    pub name: String,
    pub count: Option<i32>,
    pub sub: Option<Box<Part>>,
}
