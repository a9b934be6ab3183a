//! The hub types of `samples.example.com`, which no client sees.

use kapi_api::meta::v1::{ListMeta, ObjectMeta};
use kapi_machinery::TypeMeta;
use kapi_macros::Kapi;

/// The internal Foo.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(kind, group = "samples.example.com", internal)]
pub struct Foo {
    pub type_meta: TypeMeta,
    pub metadata: ObjectMeta,
    pub spec: FooSpec,
    pub status: FooStatus,
}

/// The internal spec: the image as repository and tag, as v2 has it.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(internal)]
pub struct FooSpec {
    pub deployment_name: String,
    pub replicas: Option<i32>,
    pub image: Image,
    pub paused: Option<bool>,
}

/// A container image.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(internal)]
pub struct Image {
    pub repository: String,
    pub tag: String,
}

/// The internal status.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(internal)]
pub struct FooStatus {
    pub available_replicas: i32,
}

/// The internal list of Foos.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(kind, group = "samples.example.com", internal)]
pub struct FooList {
    pub type_meta: TypeMeta,
    pub metadata: ListMeta,
    pub items: Vec<Foo>,
}
