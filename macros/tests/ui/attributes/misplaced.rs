use kapi_macros::Kapi;

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(omitempty)]
pub struct Widget {
    #[kapi(proto = 1, version = "v1")]
    pub name: String,
}

fn main() {}
