use kapi_macros::Kapi;

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct Widget {
    #[kapi(proto = 1)]
    pub name: String,
    #[kapi(proto = 1)]
    pub size: i32,
    pub colour: String,
    #[kapi(proto = 19500)]
    pub reserved: bool,
}

fn main() {}
