//! The `Foo` kind of `samples.example.com/v1`.

use kapi_api::meta::v1::{ListMeta, ObjectMeta};
use kapi_machinery::TypeMeta;
use kapi_macros::Kapi;

/// A Foo runs a deployment of an image (v1: the image as `repository:tag`).
///
/// +crd
/// +crd:shortNames=foo
/// +crd:printColumn=name=Image,type=string,jsonPath=.spec.image
/// +crd:printColumn=name=Available,type=integer,jsonPath=.status.availableReplicas
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(kind, group = "samples.example.com", version = "v1", json_only)]
pub struct Foo {
    #[kapi(inline)]
    pub type_meta: TypeMeta,
    #[kapi(omitempty)]
    pub metadata: ObjectMeta,
    #[kapi(omitempty)]
    pub spec: FooSpec,
    #[kapi(omitempty)]
    pub status: FooStatus,
}

/// What a user asks of a Foo.
/// +k8s:validation:cel[0]:rule>!has(self.replicas) || self.replicas <= 10
/// +k8s:validation:cel[0]:message="at most 10 replicas"
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(json_only)]
pub struct FooSpec {
    /// The deployment the Foo owns; the Foo's own name when empty.
    /// +k8s:maxLength=63
    #[kapi(omitempty)]
    pub deployment_name: String,
    /// How many replicas to run.
    /// +k8s:minimum=0
    #[kapi(omitempty, optional, default = "1")]
    pub replicas: Option<i32>,
    /// The container image: `repository[:tag]`.
    /// +k8s:maxLength=512
    #[kapi(omitempty)]
    pub image: String,
    /// Whether the controller leaves the deployment alone, behind the sample's own gate (alpha:
    /// dropped from a write unless the gate is on or the stored Foo uses it already).
    /// +featureGate=FooPause
    #[kapi(omitempty)]
    pub paused: Option<bool>,
}

/// What the Foo's controller last observed.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(json_only)]
pub struct FooStatus {
    /// How many replicas are available.
    #[kapi(omitempty)]
    pub available_replicas: i32,
}

/// A list of Foos.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(kind, group = "samples.example.com", version = "v1", json_only)]
pub struct FooList {
    #[kapi(inline)]
    pub type_meta: TypeMeta,
    #[kapi(omitempty)]
    pub metadata: ListMeta,
    pub items: Vec<Foo>,
}
