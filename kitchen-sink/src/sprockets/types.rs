use kapi_api::meta::v1::ObjectMeta;
use kapi_machinery::TypeMeta;
use kapi_macros::Kapi;

/// The internal sprocket.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(kind, group = "sprockets.example.com", internal)]
pub struct Sprocket {
    pub type_meta: TypeMeta,
    pub metadata: ObjectMeta,
    pub spec: SprocketSpec,
}

/// The internal spec; its part is the internal type of another package.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(internal)]
pub struct SprocketSpec {
    pub teeth: i32,
    pub part: crate::gadgets::Part,
}
