use kapi_api::meta::v1::{ListMeta, ObjectMeta};
use kapi_machinery::TypeMeta;
use kapi_macros::Kapi;

/// A cron tab: a custom resource, so it has no protobuf numbers and no protobuf form.
///
/// +crd
/// +crd:shortNames=ct
/// +crd:categories=all
/// +crd:scale=specReplicasPath=.spec.replicas,statusReplicasPath=.status.replicas,labelSelectorPath=.status.labelSelector
/// +crd:printColumn=name=Spec,type=string,jsonPath=.spec.cronSpec
/// +crd:printColumn=name=Replicas,type=integer,jsonPath=.spec.replicas
/// +crd:printColumn=name=Image,type=string,jsonPath=.spec.image,priority=1
/// +crd:printColumn=name=Age,type=date,jsonPath=.metadata.creationTimestamp
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(kind, group = "stable.example.com", version = "v1", json_only)]
pub struct CronTab {
    #[kapi(inline)]
    pub type_meta: TypeMeta,
    #[kapi(omitempty)]
    pub metadata: ObjectMeta,
    #[kapi(omitempty)]
    pub spec: CronTabSpec,
    #[kapi(omitempty)]
    pub status: CronTabStatus,
}

/// What the cron tab's controller last observed.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(json_only)]
pub struct CronTabStatus {
    #[kapi(omitempty)]
    pub replicas: i32,
    /// The selector of the cron tab's pods, as label selector text (for the scale subresource).
    #[kapi(omitempty)]
    pub label_selector: String,
}

/// What to run and when.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(json_only)]
pub struct CronTabSpec {
    /// A cron expression.
    #[kapi(required)]
    pub cron_spec: String,
    #[kapi(required)]
    pub image: String,
    #[kapi(omitempty, optional)]
    pub replicas: Option<i32>,
    #[kapi(omitempty, list_type = "set")]
    pub tags: Vec<String>,
}

/// A list of cron tabs.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(kind, group = "stable.example.com", version = "v1", json_only)]
pub struct CronTabList {
    #[kapi(inline)]
    pub type_meta: TypeMeta,
    #[kapi(omitempty)]
    pub metadata: ListMeta,
    pub items: Vec<CronTab>,
}
