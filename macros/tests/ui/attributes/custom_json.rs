use kapi_machinery::TypeMeta;
use kapi_macros::Kapi;

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(custom_json)]
pub struct Answer {
    #[kapi(proto = 1, omitempty)]
    pub yes: bool,
    #[kapi(proto = 2, inline)]
    pub meta: TypeMeta,
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(kind, group = "example.com", version = "v1", custom_json)]
pub struct Widget {
    #[kapi(inline)]
    pub type_meta: TypeMeta,
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(internal, custom_json)]
pub struct Hub {
    pub yes: bool,
}

fn main() {}
