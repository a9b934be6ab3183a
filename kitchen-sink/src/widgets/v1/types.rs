//! The kitchen-sink types.

use std::collections::BTreeMap;

use kapi_api::meta::v1::{ListMeta, ObjectMeta};
use kapi_machinery::TypeMeta;
use kapi_machinery::types::{IntOrString, Quantity, Time};
use kapi_macros::Kapi;

/// An open string enum.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct Colour(pub String);

impl Colour {
    /// Red.
    pub const RED: &'static str = "Red";
}

/// A list of strings that protobuf wraps in a message.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(proto_wrap)]
pub struct Tags(pub Vec<String>);

/// A widget.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(kind, group = "widgets.kitchen.example.com", version = "v1")]
pub struct Widget {
    #[kapi(inline)]
    pub type_meta: TypeMeta,
    #[kapi(proto = 1, omitempty)]
    pub metadata: ObjectMeta,
    #[kapi(proto = 2)]
    pub spec: WidgetSpec,
}

/// A list of widgets.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(kind, group = "widgets.kitchen.example.com", version = "v1")]
pub struct WidgetList {
    #[kapi(inline)]
    pub type_meta: TypeMeta,
    #[kapi(proto = 1, omitempty)]
    pub metadata: ListMeta,
    #[kapi(proto = 2)]
    pub items: Option<Vec<Widget>>,
}

/// What a widget is made of.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct WidgetSpec {
    #[kapi(proto = 1, omitempty, default = "\"Red\"")]
    pub colour: Option<Colour>,
    #[kapi(proto = 2, omitempty, default = "3")]
    pub replicas: Option<i32>,
    #[kapi(proto = 3, omitempty, default = "[\"a\",\"b\"]")]
    pub labels_in_order: Vec<String>,
    #[kapi(proto = 4, omitempty)]
    pub parts: Vec<Part>,
    #[kapi(proto = 5, omitempty)]
    pub parts_by_name: BTreeMap<String, Part>,
    #[kapi(proto = 6, omitempty)]
    pub tags: BTreeMap<String, Tags>,
    #[kapi(proto = 7, json = "clusterIPs", omitempty)]
    pub cluster_addresses: Vec<String>,
    #[kapi(proto = 8, omitempty)]
    pub size: Option<Quantity>,
    #[kapi(proto = 9, omitempty)]
    pub max_surge: Option<IntOrString>,
    #[kapi(proto = 10, omitempty, omitzero)]
    pub built: Time,
    /// +featureGate=WidgetPayload
    #[kapi(proto = 11, omitempty)]
    pub payload: Option<Vec<u8>>,
    #[kapi(inline, proto = 12)]
    pub frame: Frame,
    #[kapi(skip_json, skip_proto)]
    pub scratch: String,
}

/// Flattened into the spec in JSON, a nested message in protobuf.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct Frame {
    #[kapi(proto = 1, omitempty, default = "\"steel\"")]
    pub material: String,
}

/// A part, which may hold a sub-part of the same type.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct Part {
    #[kapi(proto = 1)]
    pub name: String,
    /// A gate of the kitchen sink's own, reached through lists, maps and boxed sub-parts.
    ///
    /// +featureGate=WidgetPorts
    #[kapi(proto = 2, omitempty)]
    pub port: Option<i32>,
    #[kapi(proto = 3, omitempty)]
    pub sub_part: Option<Box<Part>>,
}
