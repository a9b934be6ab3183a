//! Printers of the remaining kinds upstream's `AddHandlers` prints: quotas and component statuses, certificates, runtime classes, endpoint slices, flow control, storage versions, dynamic resource allocation, IP addresses and service CIDRs, and lease candidates.

use std::any::Any;

#[allow(unused_imports, reason = "which helpers are used depends on the enabled groups")]
use super::{AGE, Column, NAME, Printed, age, col, human_duration};

/// Upstream's `listWithMoreString`: the first `max` items, how many more there are, `<unset>`
/// for none.
#[allow(dead_code, reason = "used by the printers of the enabled groups")]
fn list_with_more(items: impl Iterator<Item = String>, max: usize) -> String {
    let mut list = Vec::new();
    let mut count = 0;
    for item in items {
        if list.len() < max {
            list.push(item);
        }
        count += 1;
    }
    let text = list.join(",");
    if count > max {
        format!("{text} + {} more...", count - max)
    } else if text.is_empty() {
        "<unset>".into()
    } else {
        text
    }
}

#[cfg(feature = "core")]
mod core {
    use super::*;
    use crate::core::v1::{ComponentStatus, ResourceQuota};

    pub(super) const RESOURCE_QUOTA: &[Column] = &[
        NAME,
        col("Request", "string", "Used and hard amounts of everything but the limits."),
        col("Limit", "string", "Used and hard amounts of the `limits.` resources."),
        AGE,
    ];
    pub(super) const COMPONENT_STATUS: &[Column] = &[
        NAME,
        col("Status", "string", "Healthy, Unhealthy or Unknown, from the component's conditions."),
        col("Message", "string", "The message of the component's Healthy condition."),
        col("Error", "string", "The error of the component's Healthy condition."),
    ];

    /// Upstream's `printResourceQuota`: `name: used/hard` for every hard limit, sorted by name,
    /// the `limits.*` ones in their own column.
    pub(super) fn resource_quota(o: &ResourceQuota, now: i64) -> Printed {
        let (mut requests, mut limits) = (Vec::new(), Vec::new());
        for (name, hard) in &o.status.hard {
            let used = o.status.used.get(name).map_or_else(|| "0".to_owned(), ToString::to_string);
            let text = format!("{}: {used}/{hard}", name.0);
            if name.0.split('.').nth(1).is_some() && name.0.split('.').next() == Some("limits") {
                limits.push(text);
            } else {
                requests.push(text);
            }
        }
        let cells = vec![
            o.metadata.name.clone().into(),
            requests.join(", ").into(),
            limits.join(", ").into(),
            age(&o.metadata, now),
        ];
        Printed::new(RESOURCE_QUOTA, cells)
    }

    /// Upstream's `printComponentStatus`: the first `Healthy` condition decides.
    pub(super) fn component_status(o: &ComponentStatus) -> Printed {
        let (status, message, error) = match o.conditions.iter().find(|c| c.r#type.0 == "Healthy") {
            Some(c) => (if c.status.0 == "True" { "Healthy" } else { "Unhealthy" }, c.message.clone(), c.error.clone()),
            None => ("Unknown", String::new(), String::new()),
        };
        Printed::new(
            COMPONENT_STATUS,
            vec![o.metadata.name.clone().into(), status.into(), message.into(), error.into()],
        )
    }
}

#[cfg(feature = "certificates")]
mod certificates {
    use super::*;

    pub(super) const CSR: &[Column] = &[
        NAME,
        AGE,
        col("SignerName", "string", "The signer asked to sign the request."),
        col("Requestor", "string", "The user who made the request."),
        col("RequestedDuration", "string", "The validity asked for the certificate."),
        col("Condition", "string", "Approved, Denied or Pending, and whether it failed or was issued."),
    ];
    pub(super) const CLUSTER_TRUST_BUNDLE: &[Column] =
        &[NAME, col("SignerName", "string", "The signer whose trust anchors the bundle holds.")];

    /// Upstream's `extractCSRStatus`: denial wins over approval; failure and issuance are added.
    pub(super) fn csr_status<'a>(types: impl Iterator<Item = &'a str>, issued: bool) -> String {
        let (mut approved, mut denied, mut failed) = (false, false, false);
        for t in types {
            match t {
                "Approved" => approved = true,
                "Denied" => denied = true,
                "Failed" => failed = true,
                _ => {}
            }
        }
        let mut status = (if denied {
            "Denied"
        } else if approved {
            "Approved"
        } else {
            "Pending"
        })
        .to_owned();
        if failed {
            status.push_str(",Failed");
        }
        if issued {
            status.push_str(",Issued");
        }
        status
    }

    pub(super) fn or_none(s: &str) -> String {
        if s.is_empty() { "<none>".into() } else { s.to_owned() }
    }

    macro_rules! csr {
        ($any:ident, $now:ident, $($v:ident => $signer:expr),+) => {$(
            if let Some(o) = $any.downcast_ref::<crate::certificates::$v::CertificateSigningRequest>() {
                let signer: fn(&crate::certificates::$v::CertificateSigningRequestSpec) -> &str = $signer;
                let status = csr_status(o.status.conditions.iter().map(|c| c.r#type.0.as_str()), !o.status.certificate.is_empty());
                let duration = o.spec.expiration_seconds.map_or_else(|| "<none>".to_owned(), |s| human_duration(i64::from(s)));
                let cells = vec![
                    o.metadata.name.clone().into(),
                    age(&o.metadata, $now),
                    or_none(signer(&o.spec)).into(),
                    o.spec.username.clone().into(),
                    duration.into(),
                    status.into(),
                ];
                return Some(Printed::new(CSR, cells));
            }
        )+};
    }

    macro_rules! trust_bundle {
        ($any:ident, $($v:ident),+) => {$(
            if let Some(o) = $any.downcast_ref::<crate::certificates::$v::ClusterTrustBundle>() {
                let cells = vec![o.metadata.name.clone().into(), or_none(&o.spec.signer_name).into()];
                return Some(Printed::new(CLUSTER_TRUST_BUNDLE, cells));
            }
        )+};
    }

    pub(super) fn print(any: &dyn Any, now: i64) -> Option<Printed> {
        csr!(any, now, v1 => |s| s.signer_name.as_str(), v1beta1 => |s| s.signer_name.as_deref().unwrap_or_default());
        trust_bundle!(any, v1, v1beta1, v1alpha1);
        None
    }
}

#[cfg(feature = "node")]
const RUNTIME_CLASS: &[Column] = &[NAME, col("Handler", "string", "The CRI handler running the class's pods."), AGE];

#[cfg(feature = "discovery")]
const ENDPOINT_SLICE: &[Column] = &[
    NAME,
    col("AddressType", "string", "The type of the slice's addresses."),
    col("Ports", "string", "The slice's ports."),
    col("Endpoints", "string", "The slice's addresses."),
    AGE,
];

#[cfg(feature = "flowcontrol")]
const FLOW_SCHEMA: &[Column] = &[
    NAME,
    col("PriorityLevel", "string", "The priority level the matched requests go to."),
    col("MatchingPrecedence", "string", "The schema's precedence; lower matches first."),
    col("DistinguisherMethod", "string", "How matched requests are split into flows."),
    AGE,
    col("MissingPL", "string", "Whether the priority level the schema names is missing."),
];
#[cfg(feature = "flowcontrol")]
const PRIORITY_LEVEL: &[Column] = &[
    NAME,
    col("Type", "string", "Exempt or Limited."),
    col("NominalConcurrencyShares", "string", "The level's share of the server's concurrency."),
    col("Queues", "string", "The number of queues."),
    col("HandSize", "string", "The number of queues a flow is shuffle-sharded over."),
    col("QueueLengthLimit", "string", "The most requests a queue holds."),
    AGE,
];

#[cfg(feature = "apiserverinternal")]
const STORAGE_VERSION: &[Column] = &[
    NAME,
    col("CommonEncodingVersion", "string", "The version every server encodes the resource in, if they agree."),
    col("StorageVersions", "string", "The encoding version of each server."),
    AGE,
];

#[cfg(feature = "resource")]
const DEVICE_CLASS: &[Column] = &[NAME, AGE];
#[cfg(feature = "resource")]
const RESOURCE_CLAIM: &[Column] =
    &[NAME, col("State", "string", "Whether the claim is pending, allocated, reserved or deleted."), AGE];
#[cfg(feature = "resource")]
const RESOURCE_SLICE: &[Column] = &[
    NAME,
    col("Node", "string", "The node whose devices the slice lists."),
    col("Driver", "string", "The driver publishing the slice."),
    col("Pool", "string", "The pool the slice belongs to."),
    AGE,
];

#[cfg(feature = "networking")]
const SERVICE_CIDR: &[Column] = &[NAME, col("CIDRs", "string", "The ranges service IPs are taken from."), AGE];
#[cfg(feature = "networking")]
const IP_ADDRESS: &[Column] = &[NAME, col("ParentRef", "string", "The object the address is allocated to.")];

#[cfg(feature = "coordination")]
const LEASE_CANDIDATE: &[Column] = &[
    NAME,
    col("LeaseName", "string", "The lease the candidate runs for."),
    col("BinaryVersion", "string", "The candidate's binary version."),
    col("EmulationVersion", "string", "The version the candidate emulates."),
    AGE,
];

/// Upstream's `resourceClaimState`.
#[cfg(feature = "resource")]
fn claim_state(deleted: bool, allocated: bool, reserved: bool) -> String {
    let mut states = Vec::new();
    if deleted {
        states.push("deleted");
    }
    if !allocated {
        if !deleted {
            states.push("pending");
        }
    } else {
        states.push("allocated");
        if reserved {
            states.push("reserved");
        }
    }
    states.join(",")
}

#[cfg(feature = "flowcontrol")]
macro_rules! flowcontrol {
    ($any:ident, $now:ident, $($v:ident => $shares:expr),+) => {$(
        if let Some(o) = $any.downcast_ref::<crate::flowcontrol::$v::FlowSchema>() {
            let method = o.spec.distinguisher_method.as_ref().map_or_else(|| "<none>".to_owned(), |m| m.r#type.0.clone());
            let missing = o.status.conditions.iter().find(|c| c.r#type.0 == "Dangling").map_or_else(|| "?".to_owned(), |c| c.status.0.clone());
            let cells = vec![
                o.metadata.name.clone().into(),
                o.spec.priority_level_configuration.name.clone().into(),
                o.spec.matching_precedence.into(),
                method.into(),
                age(&o.metadata, $now),
                missing.into(),
            ];
            return Some(Printed::new(FLOW_SCHEMA, cells));
        }
        if let Some(o) = $any.downcast_ref::<crate::flowcontrol::$v::PriorityLevelConfiguration>() {
            let shares: fn(&crate::flowcontrol::$v::LimitedPriorityLevelConfiguration) -> i32 = $shares;
            let none = || super::Cell::from("<none>");
            let (mut ncs, mut queues, mut hand, mut limit) = (none(), none(), none(), none());
            if let Some(l) = &o.spec.limited {
                ncs = shares(l).into();
                if let Some(q) = &l.limit_response.queuing {
                    (queues, hand, limit) = (q.queues.into(), q.hand_size.into(), q.queue_length_limit.into());
                }
            }
            let cells = vec![o.metadata.name.clone().into(), o.spec.r#type.0.clone().into(), ncs, queues, hand, limit, age(&o.metadata, $now)];
            return Some(Printed::new(PRIORITY_LEVEL, cells));
        }
    )+};
}

#[cfg(feature = "resource")]
macro_rules! resource {
    ($any:ident, $now:ident, $($v:ident => $node:expr),+) => {$(
        if let Some(o) = $any.downcast_ref::<crate::resource::$v::DeviceClass>() {
            return Some(Printed::new(DEVICE_CLASS, vec![o.metadata.name.clone().into(), age(&o.metadata, $now)]));
        }
        if let Some(o) = $any.downcast_ref::<crate::resource::$v::ResourceClaimTemplate>() {
            return Some(Printed::new(DEVICE_CLASS, vec![o.metadata.name.clone().into(), age(&o.metadata, $now)]));
        }
        if let Some(o) = $any.downcast_ref::<crate::resource::$v::ResourceClaim>() {
            let state = claim_state(o.metadata.deletion_timestamp.is_some(), o.status.allocation.is_some(), !o.status.reserved_for.is_empty());
            return Some(Printed::new(RESOURCE_CLAIM, vec![o.metadata.name.clone().into(), state.into(), age(&o.metadata, $now)]));
        }
        if let Some(o) = $any.downcast_ref::<crate::resource::$v::ResourceSlice>() {
            let node: fn(&crate::resource::$v::ResourceSliceSpec) -> String = $node;
            let cells = vec![
                o.metadata.name.clone().into(),
                node(&o.spec).into(),
                o.spec.driver.clone().into(),
                o.spec.pool.name.clone().into(),
                age(&o.metadata, $now),
            ];
            return Some(Printed::new(RESOURCE_SLICE, cells));
        }
    )+};
}

pub(super) fn print(any: &dyn Any, now: i64) -> Option<Printed> {
    #[cfg(feature = "core")]
    {
        if let Some(o) = any.downcast_ref::<crate::core::v1::ResourceQuota>() {
            return Some(core::resource_quota(o, now));
        }
        if let Some(o) = any.downcast_ref::<crate::core::v1::ComponentStatus>() {
            return Some(core::component_status(o));
        }
    }
    #[cfg(feature = "certificates")]
    if let Some(p) = certificates::print(any, now) {
        return Some(p);
    }
    #[cfg(feature = "node")]
    {
        if let Some(o) = any.downcast_ref::<crate::node::v1::RuntimeClass>() {
            let cells = vec![o.metadata.name.clone().into(), o.handler.clone().into(), age(&o.metadata, now)];
            return Some(Printed::new(RUNTIME_CLASS, cells));
        }
        if let Some(o) = any.downcast_ref::<crate::node::v1beta1::RuntimeClass>() {
            let cells = vec![o.metadata.name.clone().into(), o.handler.clone().into(), age(&o.metadata, now)];
            return Some(Printed::new(RUNTIME_CLASS, cells));
        }
        if let Some(o) = any.downcast_ref::<crate::node::v1alpha1::RuntimeClass>() {
            let cells =
                vec![o.metadata.name.clone().into(), o.spec.runtime_handler.clone().into(), age(&o.metadata, now)];
            return Some(Printed::new(RUNTIME_CLASS, cells));
        }
    }
    #[cfg(feature = "discovery")]
    {
        macro_rules! slices {
            ($($v:ident),+) => {$(
                if let Some(o) = any.downcast_ref::<crate::discovery::$v::EndpointSlice>() {
                    let ports = o.ports.iter().flatten().map(|p| match (&p.port, &p.name) {
                        (Some(n), _) => n.to_string(),
                        (None, Some(name)) => name.clone(),
                        (None, None) => "*".to_owned(),
                    });
                    let addresses = o.endpoints.iter().flatten().flat_map(|e| e.addresses.iter().flatten().cloned());
                    let cells = vec![
                        o.metadata.name.clone().into(),
                        o.address_type.0.clone().into(),
                        list_with_more(ports, 3).into(),
                        list_with_more(addresses, 3).into(),
                        age(&o.metadata, now),
                    ];
                    return Some(Printed::new(ENDPOINT_SLICE, cells));
                }
            )+};
        }
        slices!(v1, v1beta1);
    }
    #[cfg(feature = "flowcontrol")]
    flowcontrol!(any, now,
        v1 => |l| l.nominal_concurrency_shares.unwrap_or_default(),
        v1beta3 => |l| l.nominal_concurrency_shares,
        v1beta2 => |l| l.assured_concurrency_shares,
        v1beta1 => |l| l.assured_concurrency_shares);
    #[cfg(feature = "apiserverinternal")]
    if let Some(o) = any.downcast_ref::<crate::apiserverinternal::v1alpha1::StorageVersion>() {
        let versions = o.status.storage_versions.iter().map(|v| format!("{}={}", v.api_server_id, v.encoding_version));
        let cells = vec![
            o.metadata.name.clone().into(),
            o.status.common_encoding_version.clone().unwrap_or_else(|| "<unset>".into()).into(),
            list_with_more(versions, 3).into(),
            age(&o.metadata, now),
        ];
        return Some(Printed::new(STORAGE_VERSION, cells));
    }
    #[cfg(feature = "resource")]
    resource!(any, now,
        v1 => |s| s.node_name.clone().unwrap_or_default(),
        v1beta2 => |s| s.node_name.clone().unwrap_or_default(),
        v1beta1 => |s| s.node_name.clone());
    #[cfg(feature = "networking")]
    {
        macro_rules! networking {
            ($($v:ident),+) => {$(
                if let Some(o) = any.downcast_ref::<crate::networking::$v::ServiceCIDR>() {
                    let cells = vec![o.metadata.name.clone().into(), o.spec.cidrs.join(",").into(), age(&o.metadata, now)];
                    return Some(Printed::new(SERVICE_CIDR, cells));
                }
                if let Some(o) = any.downcast_ref::<crate::networking::$v::IPAddress>() {
                    let parent = o.spec.parent_ref.as_ref().map_or_else(|| "<none>".to_owned(), |p| {
                        let gr = if p.group.is_empty() { p.resource.clone() } else { format!("{}.{}", p.resource, p.group) };
                        let mut s = gr.to_lowercase();
                        if !p.namespace.is_empty() {
                            s = format!("{s}/{}", p.namespace);
                        }
                        format!("{s}/{}", p.name)
                    });
                    // Upstream's row has an age cell its columns do not name; kept so that the
                    // rows match byte for byte.
                    let cells = vec![o.metadata.name.clone().into(), parent.into(), age(&o.metadata, now)];
                    return Some(Printed { columns: IP_ADDRESS, cells, conditions: Vec::new() });
                }
            )+};
        }
        networking!(v1, v1beta1);
    }
    #[cfg(feature = "coordination")]
    {
        macro_rules! candidates {
            ($($v:ident),+) => {$(
                if let Some(o) = any.downcast_ref::<crate::coordination::$v::LeaseCandidate>() {
                    let cells = vec![
                        o.metadata.name.clone().into(),
                        o.spec.lease_name.clone().into(),
                        o.spec.binary_version.clone().into(),
                        o.spec.emulation_version.clone().into(),
                        age(&o.metadata, now),
                    ];
                    return Some(Printed::new(LEASE_CANDIDATE, cells));
                }
            )+};
        }
        candidates!(v1beta1, v1alpha2);
    }
    let _ = (any, now);
    None
}

#[cfg(test)]
mod tests {
    use super::super::{Cell, cell_texts};
    use super::*;

    const NOW: i64 = 1_700_000_000;

    #[test]
    fn lists_show_three_and_count_the_rest() {
        let items = |n: usize| (0..n).map(|i| i.to_string());
        assert_eq!(list_with_more(items(0), 3), "<unset>");
        assert_eq!(list_with_more(items(3), 3), "0,1,2");
        assert_eq!(list_with_more(items(5), 3), "0,1,2 + 2 more...");
    }

    #[cfg(feature = "core")]
    #[test]
    fn quotas_and_component_statuses_print_as_upstream() {
        use crate::core::v1::{
            ComponentCondition, ComponentConditionType, ComponentStatus, ConditionStatus, ResourceName, ResourceQuota,
        };
        let q = |s: &str| s.parse::<kapi_machinery::types::Quantity>().expect("a valid quantity");
        let n = |s: &str| ResourceName(s.into());
        let mut rq = ResourceQuota::default();
        rq.metadata.name = "compute".into();
        rq.status.hard =
            [(n("pods"), q("10")), (n("limits.cpu"), q("2")), (n("cpu"), q("1")), (n("limits"), q("3"))].into();
        rq.status.used = [(n("cpu"), q("500m")), (n("limits.cpu"), q("1"))].into();
        let p = core::resource_quota(&rq, NOW);
        assert_eq!(cell_texts(&p), ["compute", "cpu: 500m/1, limits: 0/3, pods: 0/10", "limits.cpu: 1/2", "<unknown>"]);

        let mut cs = ComponentStatus::default();
        cs.metadata.name = "etcd-0".into();
        assert_eq!(cell_texts(&core::component_status(&cs)), ["etcd-0", "Unknown", "", ""]);
        cs.conditions = vec![ComponentCondition {
            r#type: ComponentConditionType("Healthy".into()),
            status: ConditionStatus("False".into()),
            message: "m".into(),
            error: "e".into(),
        }];
        assert_eq!(cell_texts(&core::component_status(&cs)), ["etcd-0", "Unhealthy", "m", "e"]);
    }

    #[cfg(feature = "certificates")]
    #[test]
    fn signing_requests_print_as_upstream() {
        use crate::certificates::v1::{
            CertificateSigningRequest, CertificateSigningRequestCondition, RequestConditionType,
        };
        assert_eq!(certificates::csr_status([].into_iter(), false), "Pending");
        assert_eq!(certificates::csr_status(["Approved"].into_iter(), true), "Approved,Issued");
        assert_eq!(certificates::csr_status(["Approved", "Denied", "Failed"].into_iter(), false), "Denied,Failed");
        let mut csr = CertificateSigningRequest::default();
        csr.metadata.name = "csr-1".into();
        csr.spec.username = "alice".into();
        csr.spec.expiration_seconds = Some(3600);
        csr.status.conditions = vec![CertificateSigningRequestCondition {
            r#type: RequestConditionType("Approved".into()),
            ..Default::default()
        }];
        let p = print(&csr, NOW).expect("printed");
        assert_eq!(p.columns.len(), p.cells.len());
        assert_eq!(cell_texts(&p), ["csr-1", "<unknown>", "<none>", "alice", "60m", "Approved"]);
    }

    #[cfg(feature = "resource")]
    #[test]
    fn claim_states_print_as_upstream() {
        assert_eq!(claim_state(false, false, false), "pending");
        assert_eq!(claim_state(true, false, false), "deleted");
        assert_eq!(claim_state(false, true, true), "allocated,reserved");
        assert_eq!(claim_state(true, true, false), "deleted,allocated");
        let mut slice = crate::resource::v1::ResourceSlice::default();
        slice.metadata.name = "s".into();
        slice.spec.driver = "gpu.example.com".into();
        slice.spec.pool.name = "pool-a".into();
        slice.spec.node_name = Some("node-1".into());
        assert_eq!(
            cell_texts(&print(&slice, NOW).expect("printed")),
            ["s", "node-1", "gpu.example.com", "pool-a", "<unknown>"]
        );
    }

    #[cfg(feature = "flowcontrol")]
    #[test]
    fn flow_control_prints_as_upstream() {
        use crate::flowcontrol::v1::{
            LimitedPriorityLevelConfiguration, PriorityLevelConfiguration, QueuingConfiguration,
        };
        let mut pl = PriorityLevelConfiguration::default();
        pl.metadata.name = "exempt".into();
        pl.spec.r#type.0 = "Exempt".into();
        let p = print(&pl, NOW).expect("printed");
        assert_eq!(p.cells[2], Cell::from("<none>"));
        assert_eq!(cell_texts(&p), ["exempt", "Exempt", "<none>", "<none>", "<none>", "<none>", "<unknown>"]);
        let mut limited =
            LimitedPriorityLevelConfiguration { nominal_concurrency_shares: Some(30), ..Default::default() };
        limited.limit_response.queuing =
            Some(QueuingConfiguration { queues: 64, hand_size: 6, queue_length_limit: 50 });
        pl.spec.limited = Some(limited);
        pl.spec.r#type.0 = "Limited".into();
        let p = print(&pl, NOW).expect("printed");
        assert_eq!(p.cells[2], Cell::Int(30));
        assert_eq!(cell_texts(&p)[1..6], ["Limited", "30", "64", "6", "50"]);

        let mut fs = crate::flowcontrol::v1::FlowSchema::default();
        fs.metadata.name = "global-default".into();
        fs.spec.priority_level_configuration.name = "global-default".into();
        fs.spec.matching_precedence = 9900;
        assert_eq!(
            cell_texts(&print(&fs, NOW).expect("printed")),
            ["global-default", "global-default", "9900", "<none>", "<unknown>", "?"]
        );
    }

    #[cfg(feature = "networking")]
    #[test]
    fn ip_addresses_print_their_parent() {
        use crate::networking::v1::{IPAddress, ParentReference};
        let mut ip = IPAddress::default();
        ip.metadata.name = "10.0.0.1".into();
        // Upstream's row carries an age its columns do not name.
        assert_eq!(cell_texts(&print(&ip, NOW).expect("printed")), ["10.0.0.1", "<none>", "<unknown>"]);
        ip.spec.parent_ref = Some(ParentReference {
            group: "".into(),
            resource: "Services".into(),
            namespace: "default".into(),
            name: "kubernetes".into(),
        });
        assert_eq!(cell_texts(&print(&ip, NOW).expect("printed"))[1], "services/default/kubernetes");
    }
}
