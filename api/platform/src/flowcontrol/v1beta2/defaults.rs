//! Hand-written defaults of `flowcontrol.apiserver.k8s.io/v1beta2` (upstream's `SetDefaults_*`).

use super::types::*;

/// The matching precedence of a flow schema that sets none.
pub const FLOW_SCHEMA_DEFAULT_MATCHING_PRECEDENCE: i32 = 1000;
/// The hand size of a queuing configuration that sets none.
pub const PRIORITY_LEVEL_CONFIGURATION_DEFAULT_HAND_SIZE: i32 = 8;
/// The number of queues of a queuing configuration that sets none.
pub const PRIORITY_LEVEL_CONFIGURATION_DEFAULT_QUEUES: i32 = 64;
/// The queue length limit of a queuing configuration that sets none.
pub const PRIORITY_LEVEL_CONFIGURATION_DEFAULT_QUEUE_LENGTH_LIMIT: i32 = 50;
/// The concurrency shares of a limited level that sets none.
pub const PRIORITY_LEVEL_CONFIGURATION_DEFAULT_ASSURED_CONCURRENCY_SHARES: i32 = 30;

/// A flow schema without a precedence gets 1000.
pub fn set_defaults_flow_schema_spec(obj: &mut FlowSchemaSpec) {
    if obj.matching_precedence == 0 {
        obj.matching_precedence = FLOW_SCHEMA_DEFAULT_MATCHING_PRECEDENCE;
    }
}

/// An exempt level nominally reserves no seats and lends none.
pub fn set_defaults_exempt_priority_level_configuration(obj: &mut ExemptPriorityLevelConfiguration) {
    obj.nominal_concurrency_shares.get_or_insert(0);
    obj.lendable_percent.get_or_insert(0);
}

/// A limited level without shares gets 30 and lends nothing.
pub fn set_defaults_limited_priority_level_configuration(obj: &mut LimitedPriorityLevelConfiguration) {
    if obj.assured_concurrency_shares == 0 {
        obj.assured_concurrency_shares = PRIORITY_LEVEL_CONFIGURATION_DEFAULT_ASSURED_CONCURRENCY_SHARES;
    }
    obj.lendable_percent.get_or_insert(0);
}

/// Queuing shuffles each flow onto 8 of 64 queues of at most 50 requests.
pub fn set_defaults_queuing_configuration(obj: &mut QueuingConfiguration) {
    if obj.hand_size == 0 {
        obj.hand_size = PRIORITY_LEVEL_CONFIGURATION_DEFAULT_HAND_SIZE;
    }
    if obj.queues == 0 {
        obj.queues = PRIORITY_LEVEL_CONFIGURATION_DEFAULT_QUEUES;
    }
    if obj.queue_length_limit == 0 {
        obj.queue_length_limit = PRIORITY_LEVEL_CONFIGURATION_DEFAULT_QUEUE_LENGTH_LIMIT;
    }
}
