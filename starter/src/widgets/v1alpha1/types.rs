//! The `Widget` kind of `widgets.example.com/v1alpha1`.

use kapi_api::meta::v1::{ListMeta, ObjectMeta};
use kapi_machinery::TypeMeta;
use kapi_macros::Kapi;

/// A Widget: say here what it stands for (this text becomes its schema's description).
///
/// +crd
/// +crd:scale=specReplicasPath=.spec.replicas,statusReplicasPath=.status.replicas
/// +crd:printColumn=name=Replicas,type=integer,jsonPath=.spec.replicas
/// +crd:printColumn=name=Age,type=date,jsonPath=.metadata.creationTimestamp
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(kind, group = "widgets.example.com", version = "v1alpha1", json_only)]
pub struct Widget {
    #[kapi(inline)]
    pub type_meta: TypeMeta,
    #[kapi(omitempty)]
    pub metadata: ObjectMeta,
    #[kapi(omitempty)]
    pub spec: WidgetSpec,
    #[kapi(omitempty)]
    pub status: WidgetStatus,
}

/// What a user asks of a Widget.
/// +k8s:validation:cel[0]:rule>!has(self.replicas) || self.replicas <= 100
/// +k8s:validation:cel[0]:message="at most 100 replicas"
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(json_only)]
pub struct WidgetSpec {
    /// How many replicas to run.
    /// +k8s:minimum=0
    #[kapi(omitempty, optional, default = "1")]
    pub replicas: Option<i32>,
}

/// What the Widget's controller last observed.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(json_only)]
pub struct WidgetStatus {
    /// How many replicas run.
    #[kapi(omitempty)]
    pub replicas: i32,
}

/// A list of widgets.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(kind, group = "widgets.example.com", version = "v1alpha1", json_only)]
pub struct WidgetList {
    #[kapi(inline)]
    pub type_meta: TypeMeta,
    #[kapi(omitempty)]
    pub metadata: ListMeta,
    pub items: Vec<Widget>,
}
