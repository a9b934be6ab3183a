use std::collections::BTreeMap;

use kapi_api::meta::v1::ObjectMeta;
use kapi_machinery::TypeMeta;
use kapi_macros::Kapi;

/// A part, as `gadgets.example.com/v1` defines it: it converts through that package's conversion.
pub type Part = crate::gadgets::v1::Part;

/// A gadget as the legacy group served it (hub: `gadgets`).
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(kind, group = "legacy.example.com", version = "v1beta1")]
pub struct Gadget {
    #[kapi(inline)]
    pub type_meta: TypeMeta,
    #[kapi(proto = 1, omitempty)]
    pub metadata: ObjectMeta,
    #[kapi(proto = 2, omitempty)]
    pub spec: GadgetSpec,
}

/// The legacy spec: already in the internal spelling and units.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct GadgetSpec {
    #[kapi(proto = 1)]
    pub color: String,
    #[kapi(proto = 2, omitempty)]
    pub size_mm: i64,
    #[kapi(proto = 3, omitempty)]
    pub mode: Option<Mode>,
    #[kapi(proto = 4, omitempty, patch_strategy = "merge", patch_merge_key = "name")]
    #[kapi(list_type = "map", list_map_key = "name")]
    pub parts: Vec<Part>,
    #[kapi(proto = 5, omitempty)]
    pub labels: BTreeMap<String, String>,
    #[kapi(proto = 6)]
    pub aliases: Option<Vec<String>>,
}

/// How a gadget runs.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct Mode(pub String);

/// A sprocket as the legacy group served it (hub: `sprockets`).
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(kind, group = "legacy.example.com", version = "v1beta1")]
pub struct Sprocket {
    #[kapi(inline)]
    pub type_meta: TypeMeta,
    #[kapi(proto = 1, omitempty)]
    pub metadata: ObjectMeta,
    #[kapi(proto = 2, omitempty)]
    pub spec: SprocketSpec,
}

/// The sprocket's spec.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct SprocketSpec {
    #[kapi(proto = 1, omitempty)]
    pub teeth: i32,
    #[kapi(proto = 2, omitempty)]
    pub part: Part,
}
