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

/// What to run and when: no run after `notAfter`, which lies after 2000-01-01, and only the
/// allowed hosts, IP addresses or DNS names.
/// +k8s:validation:cel[0]:rule>!has(self.notAfter) || timestamp(self.notAfter) > timestamp('2000-01-01T00:00:00Z') + duration('24h')
/// +k8s:validation:cel[0]:messageExpression>self.notAfter < timestamp('1990-01-01T00:00:00Z') ? 'notAfter is years before 2000' : 'notAfter is not after 2000-01-02'
/// +k8s:validation:cel[0]:fieldPath=".notAfter"
/// +k8s:validation:cel[1]:rule>!has(self.allowedHosts) || self.allowedHosts.all(h, isIP(h) || !format.dns1123Subdomain().validate(h).hasValue())
/// +k8s:validation:cel[1]:message="allowed hosts are IP addresses or DNS names"
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
    /// How many finished runs to keep.
    /// +k8s:minimum=0
    /// +k8s:maximum=10
    #[kapi(omitempty, optional)]
    pub history_limit: Option<i32>,
    /// The service account runs use.
    /// +k8s:format=k8s-short-name
    /// +k8s:maxLength=63
    #[kapi(omitempty)]
    pub service_account: String,
    /// The time zone of the schedule: fixed once the cron tab exists.
    /// +k8s:immutable
    #[kapi(omitempty)]
    pub time_zone: String,
    /// The prefix of the variables runs get.
    /// +k8s:validation:pattern="^[A-Z][A-Z0-9_]*$"
    /// +k8s:validation:minLength=2
    #[kapi(omitempty)]
    pub env_prefix: String,
    /// The hosts runs may reach.
    /// +k8s:maxItems=4
    /// +k8s:listType=set
    #[kapi(omitempty)]
    pub allowed_hosts: Vec<String>,
    /// What happens when a run is due while another still runs.
    #[kapi(omitempty)]
    pub concurrency_policy: ConcurrencyPolicy,
    /// The time after which no run starts (RFC 3339).
    /// +k8s:validation:format="date-time"
    #[kapi(omitempty)]
    pub not_after: String,
}

/// What happens when a run is due while another still runs.
/// +enum
/// +k8s:enum
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(json_only)]
pub struct ConcurrencyPolicy(pub String);

impl ConcurrencyPolicy {
    /// Runs overlap.
    pub const ALLOW: &'static str = "Allow";
    /// The new run is skipped.
    pub const FORBID: &'static str = "Forbid";
    /// The running one is stopped.
    pub const REPLACE: &'static str = "Replace";
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
