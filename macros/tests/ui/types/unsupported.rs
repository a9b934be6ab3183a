use kapi_macros::Kapi;

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct Widget {
    #[kapi(proto = 1)]
    pub count: usize,
    #[kapi(proto = 2)]
    pub labels: std::collections::HashMap<String, String>,
    #[kapi(proto = 3, inline)]
    pub flat: String,
}

#[derive(Clone, Debug, PartialEq, Kapi)]
pub enum Colour {
    Red,
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct Generic<T> {
    #[kapi(proto = 1)]
    pub t: T,
}

fn main() {}
