//! Type definitions of `apiregistration.k8s.io/v1beta1`.

use kapi_machinery::TypeMeta;
use kapi_machinery::types::Time;

use crate::Kapi;
use crate::meta::v1::{ListMeta, ObjectMeta};

/// A list of `APIService` objects.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(kind, group = "apiregistration.k8s.io", version = "v1beta1")]
pub struct APIServiceList {
    /// Kind and API version.
    #[kapi(inline)]
    pub type_meta: TypeMeta,
    /// Standard list metadata.
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub metadata: ListMeta,
    /// The API services.
    #[kapi(proto = 2)]
    pub items: Option<Vec<APIService>>,
}

/// Points to the in-cluster service that serves an aggregated API.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct ServiceReference {
    /// Namespace of the service.
    #[kapi(proto = 1, omitempty)]
    pub namespace: String,
    /// Name of the service.
    #[kapi(proto = 2, omitempty)]
    pub name: String,
    /// Port on the service, 1 to 65535; defaults to 443.
    #[kapi(proto = 3, omitempty)]
    #[kapi(optional)]
    pub port: Option<i32>,
}

/// Where an API group version is served and how to trust that server; HTTPS only.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct APIServiceSpec {
    /// The backing service; unset means the local API server handles this group version.
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub service: Option<ServiceReference>,
    /// The API group served.
    #[kapi(proto = 2, omitempty)]
    pub group: String,
    /// The API version served, such as `v1`.
    #[kapi(proto = 3, omitempty)]
    pub version: String,
    /// Skip verifying the server's TLS certificate; discouraged in favour of `ca_bundle`.
    #[kapi(proto = 4, omitempty)]
    pub insecure_skip_tls_verify: bool,
    /// PEM CA certificates to verify the server with; the system roots are used when empty.
    #[kapi(proto = 5, omitempty)]
    #[kapi(optional, list_type = "atomic")]
    pub ca_bundle: Vec<u8>,
    /// Lower bound on the group's priority for clients; higher first, e.g. 18000 for `*.k8s.io`.
    #[kapi(proto = 7)]
    pub group_priority_minimum: i32,
    /// Order of this version within its group, higher first; must be positive.
    #[kapi(proto = 8)]
    pub version_priority: i32,
}

/// The status of a condition: `True`, `False` or `Unknown`.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct ConditionStatus(pub String);

impl ConditionStatus {
    /// The condition holds.
    pub const TRUE: &'static str = "True";
    /// The condition does not hold.
    pub const FALSE: &'static str = "False";
    /// Whether the condition holds is not known.
    pub const UNKNOWN: &'static str = "Unknown";
}

/// The kind of an API service condition.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct APIServiceConditionType(pub String);

impl APIServiceConditionType {
    /// The backing service exists and answers.
    pub const AVAILABLE: &'static str = "Available";
}

/// One observed condition of an API service.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct APIServiceCondition {
    /// The kind of condition.
    #[kapi(proto = 1)]
    pub r#type: APIServiceConditionType,
    /// `True`, `False` or `Unknown`.
    #[kapi(proto = 2)]
    pub status: ConditionStatus,
    /// When the status last changed.
    #[kapi(proto = 3, omitempty)]
    #[kapi(optional)]
    pub last_transition_time: Time,
    /// A CamelCase word explaining the last change.
    #[kapi(proto = 4, omitempty)]
    #[kapi(optional)]
    pub reason: String,
    /// A human-readable explanation of the last change.
    #[kapi(proto = 5, omitempty)]
    #[kapi(optional)]
    pub message: String,
}

/// Observed state of an API service.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct APIServiceStatus {
    /// Current conditions of the service.
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional, list_type = "map", list_map_key = "type", patch_strategy = "merge", patch_merge_key = "type")]
    pub conditions: Vec<APIServiceCondition>,
}

/// Registers a server for one API group version; named `version.group`.
///
/// +genclient
/// +ownNameRule
/// +categories=api-extensions
/// +genclient:nonNamespaced
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(kind, group = "apiregistration.k8s.io", version = "v1beta1")]
pub struct APIService {
    /// Kind and API version.
    #[kapi(inline)]
    pub type_meta: TypeMeta,
    /// Standard object metadata.
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub metadata: ObjectMeta,
    /// Where the group version is served.
    #[kapi(proto = 2, omitempty)]
    pub spec: APIServiceSpec,
    /// Observed availability.
    #[kapi(proto = 3, omitempty)]
    pub status: APIServiceStatus,
}
