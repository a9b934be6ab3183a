use kapi_macros::Kapi;

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(kind)]
pub struct NoGroup {
    #[kapi(proto = 1)]
    pub name: String,
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(group = "example.com", version = "v1")]
pub struct NotAKind {
    #[kapi(proto = 1)]
    pub name: String,
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(internal)]
pub struct Internal {
    #[kapi(proto = 1, json = "name")]
    pub name: String,
}

fn main() {}
