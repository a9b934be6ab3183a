//! scratch
pub use kapi_macros::Kapi;
use std::collections::BTreeMap;
use kapi_machinery::TypeMeta;

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct SideEffectClass(pub String);

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(proto_wrap)]
pub struct ExtraValue(pub Vec<String>);

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(kind, group = "test.k8s.io", version = "v1")]
pub struct Thing {
    #[kapi(inline)]
    pub type_meta: TypeMeta,
    #[kapi(proto = 2, omitempty)]
    pub name: String,
    #[kapi(proto = 1)]
    pub side_effects: Option<SideEffectClass>,
    #[kapi(proto = 3, omitempty)]
    pub extra: BTreeMap<String, ExtraValue>,
    #[kapi(proto = 4, omitempty)]
    pub patch: Option<Vec<u8>>,
    #[kapi(proto = 5)]
    pub items: Option<Vec<Inner>>,
}

#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct Inner {
    #[kapi(proto = 1)]
    pub port: Option<i32>,
    #[kapi(proto = 2, omitempty)]
    pub cidrs: Vec<String>,
}

#[cfg(test)]
mod t {
    use super::*;
    use kapi_machinery::{Fill, FillCtx, Kind, ProtoMessage};
    #[test]
    fn works() {
        let mut t = Thing::default();
        t.fill("", 0, &mut FillCtx::new());
        t.type_meta.kind = Thing::KIND.into();
        let j = String::from_utf8(kapi_machinery::json::to_vec_pretty(&t).unwrap()).unwrap();
        println!("{j}");
        let p = t.to_proto_bytes();
        println!("{p:02x?}");
        let back: Thing = kapi_machinery::json::from_slice(j.as_bytes()).unwrap();
        assert_eq!(back, t);
        let mut b2 = Thing::default();
        b2.merge_proto(&mut kapi_machinery::proto::ProtoReader::new(&p)).unwrap();
        b2.type_meta = t.type_meta.clone();
        assert_eq!(b2, t);
    }
}
