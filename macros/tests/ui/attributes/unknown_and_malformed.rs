use kapi_macros::Kapi;

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct Widget {
    #[kapi(proto = 1, colour = "red")]
    pub name: String,
    #[kapi(proto = "two")]
    pub size: i32,
    #[kapi(proto = 3, omitempty = true)]
    pub flag: bool,
    #[kapi(proto = 4, json = "")]
    pub empty_name: String,
}

fn main() {}
