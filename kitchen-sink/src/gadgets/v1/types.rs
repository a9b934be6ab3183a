use std::collections::BTreeMap;

use kapi_api::meta::v1::ObjectMeta;
use kapi_machinery::TypeMeta;
use kapi_macros::Kapi;

/// A gadget.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(kind, group = "gadgets.example.com", version = "v1")]
pub struct Gadget {
    #[kapi(inline)]
    pub type_meta: TypeMeta,
    #[kapi(proto = 1, omitempty)]
    pub metadata: ObjectMeta,
    #[kapi(proto = 2, omitempty)]
    pub spec: GadgetSpec,
}

/// The v1 spec: `colour` (renamed in the internal type) and centimetres (missing there).
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct GadgetSpec {
    #[kapi(proto = 1, json = "colour")]
    pub colour: String,
    #[kapi(proto = 2, omitempty)]
    pub size_cm: i64,
    #[kapi(proto = 3, omitempty)]
    pub mode: Option<Mode>,
    #[kapi(proto = 4, omitempty)]
    pub parts: Vec<Part>,
    #[kapi(proto = 5, omitempty)]
    pub labels: BTreeMap<String, String>,
    #[kapi(proto = 6)]
    pub aliases: Vec<String>,
}

/// How a gadget runs.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct Mode(pub String);

/// A part.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct Part {
    #[kapi(proto = 1)]
    pub name: String,
    #[kapi(proto = 2, omitempty)]
    pub count: Option<i32>,
    #[kapi(proto = 3, omitempty)]
    pub sub: Option<Box<Part>>,
}
