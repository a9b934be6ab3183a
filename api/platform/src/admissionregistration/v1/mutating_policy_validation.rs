//! Hand-written validation of v1 mutating admission policies and their bindings, ported from upstream's `pkg/apis/admissionregistration/validation` (`validateMutatingAdmissionPolicySpec`, `validateMutation`, `validateMutatingAdmissionPolicyBindingSpec`).
//!
//! The parts shared with validating admission policies (failure policy, parameter kind, match
//! constraints and resources, match conditions, variables, parameter reference, policy name) run
//! validation.rs's checks, as upstream runs the same functions for both kinds. Added here, in
//! upstream's order: only the operations a mutation can apply to (reported at
//! `…resourceRules.operations`, without indices), at least one mutation, each with a supported
//! patch type and exactly the matching patch, whose trimmed expression compiles, and a
//! reinvocation policy.
//!
//! Upstream compiles a mutating policy with its composition compiler whatever its variables, so
//! `variables` is declared in variables and patches even where the policy has none. What an
//! update does not compile again follows upstream's stored expressions: match conditions the
//! stored object had, and patch expressions equal to one of its *apply configuration*
//! expressions (upstream looks a JSON patch up in that set too); variables are always compiled,
//! as upstream looks them up among the stored validations' expressions, of which a mutating
//! policy has none.

use std::collections::BTreeSet;

use kapi_machinery::validation::content::is_dns1123_subdomain;
use kapi_machinery::validation::{BadValue, ErrorList, FieldError, Path};

use super::cel_checks::{self, Env, Want};
use super::validation::{
    PolicyParts, REINVOCATION_POLICIES, Stored, validate_match_resources, validate_param_ref, validate_policy_parts,
};
use super::{
    MatchResources, MutatingAdmissionPolicy, MutatingAdmissionPolicyBinding, MutatingAdmissionPolicySpec, Mutation,
    PatchType,
};

const PATCH_TYPES: &[&str] = &[PatchType::APPLY_CONFIGURATION, PatchType::JSON_PATCH];
/// A mutation cannot apply to a delete, so `DELETE` is the one operation left out.
const MUTATING_OPERATIONS: &[&str] = &["*", "CONNECT", "CREATE", "UPDATE"];

impl<'a> From<&'a MutatingAdmissionPolicySpec> for PolicyParts<'a> {
    fn from(spec: &'a MutatingAdmissionPolicySpec) -> Self {
        PolicyParts {
            failure_policy: spec.failure_policy.as_ref(),
            param_kind: spec.param_kind.as_ref(),
            match_constraints: spec.match_constraints.as_ref(),
            match_conditions: &spec.match_conditions,
            variables: &spec.variables,
        }
    }
}

/// Validates a `MutatingAdmissionPolicy` on create (`old` is `None`) or update (upstream's
/// `ValidateMutatingAdmissionPolicy` and `…Update`): what it shares with a
/// `ValidatingAdmissionPolicy` (failure policy, parameter kind, match constraints with at least
/// one resource rule, match conditions, variables) with the same rules and messages, only
/// operations a mutation can apply to, at least one mutation, each with a supported patch type
/// and exactly the matching patch, whose expression compiles, and a reinvocation policy.
pub fn validate_mutating_admission_policy(
    obj: &MutatingAdmissionPolicy,
    old: Option<&MutatingAdmissionPolicy>,
) -> ErrorList {
    let spec = &obj.spec;
    let path = Path::new("spec");
    let params = spec.param_kind.is_some();
    let stored = Stored::of_mutating(old, spec);
    let parts = PolicyParts::from(spec);
    let keeps_conditions = old.is_some_and(|o| parts.keeps_conditions(&PolicyParts::from(&o.spec)));
    let (typed, failed) = cel_checks::typed_variables(&spec.variables, params);
    let mut errs =
        validate_policy_parts(&parts, keeps_conditions, &stored, &failed, &path, validate_mutating_operations);
    // Upstream's composition compiler declares `variables` even with no variables (an object
    // without fields), unlike a validating policy's, which it creates only for variables.
    let env = Env { params, authorizer: true, variables: Some(typed.as_slice()), patch_types: true };
    if spec.mutations.is_empty() {
        errs.push(FieldError::required(path.child("mutations"), "mutations must contain at least one item"));
    }
    for (i, m) in spec.mutations.iter().enumerate() {
        errs.extend(validate_mutation(m, env, &stored.mutations, &path.child("mutations").index(i)));
    }
    let rp = path.child("reinvocationPolicy");
    match spec.reinvocation_policy.0.as_str() {
        "" => errs.push(FieldError::required(&rp, "")),
        p if !REINVOCATION_POLICIES.contains(&p) => {
            errs.push(FieldError::not_supported_value(&rp, BadValue::named(p), REINVOCATION_POLICIES));
        }
        _ => {}
    }
    errs
}

/// Each operation of each resource rule must be one a mutation applies to; the path names the
/// rules' operations as a whole, without indices.
fn validate_mutating_operations(mr: &MatchResources, path: &Path) -> ErrorList {
    let op_path = path.child("resourceRules").child("operations");
    let ops = mr.resource_rules.iter().flat_map(|r| &r.rule_with_operations.operations);
    ops.filter(|op| !MUTATING_OPERATIONS.contains(&op.0.as_str()))
        .map(|op| FieldError::not_supported_value(&op_path, BadValue::named(&op.0), MUTATING_OPERATIONS))
        .collect()
}

/// A mutation's patch type and the one patch it names, whose expression (trimmed) compiles with
/// the patch message types declared (upstream's `validateMutation`, `validateApplyConfiguration`
/// and `validateJSONPatch`); `stored` holds the stored policy's apply configuration expressions,
/// against which upstream checks a JSON patch's expression as well.
fn validate_mutation(m: &Mutation, env: Env<'_>, stored: &BTreeSet<&str>, path: &Path) -> ErrorList {
    let mut errs = ErrorList::new();
    let (ap, jp) = (path.child("applyConfiguration"), path.child("jsonPatch"));
    let (wanted, unwanted, result) = match m.patch_type.0.as_str() {
        "" => {
            errs.push(FieldError::required(path.child("patchType"), ""));
            return errs;
        }
        PatchType::APPLY_CONFIGURATION => (
            (m.apply_configuration.as_ref().map(|a| a.expression.as_str()), &ap),
            (m.json_patch.is_some(), &jp, "{jsonPatch}"),
            Want::Object,
        ),
        PatchType::JSON_PATCH => (
            (m.json_patch.as_ref().map(|p| p.expression.as_str()), &jp),
            (m.apply_configuration.is_some(), &ap, "{applyConfiguration}"),
            Want::JsonPatches,
        ),
        other => {
            errs.push(FieldError::not_supported_value(path.child("patchType"), BadValue::named(other), PATCH_TYPES));
            return errs;
        }
    };
    let kind = &m.patch_type.0;
    match wanted {
        (None, wp) => {
            errs.push(FieldError::required(wp, &format!("must be specified when patchType is {kind}")));
        }
        (Some(expr), wp) => {
            let trimmed = expr.trim();
            let ep = wp.child("expression");
            if trimmed.is_empty() {
                errs.push(FieldError::required(&ep, ""));
            } else if !stored.contains(expr)
                && let Err(detail) = cel_checks::check(trimmed, env, result)
            {
                errs.push(FieldError::invalid(&ep, trimmed, &detail));
            }
        }
    }
    if let (true, up, shown) = unwanted {
        errs.push(FieldError::invalid(up, shown, &format!("must not be specified when patchType is {kind}")));
    }
    errs
}

/// Validates a `MutatingAdmissionPolicyBinding` on create or update (upstream's
/// `ValidateMutatingAdmissionPolicyBinding`, which its update runs unchanged): the policy name,
/// parameter reference and match resources as a `ValidatingAdmissionPolicyBinding`'s (it has no
/// validation actions, and its missing policy name is not left to declarative rules), with only
/// operations a mutation can apply to.
pub fn validate_mutating_admission_policy_binding(
    obj: &MutatingAdmissionPolicyBinding,
    _old: Option<&MutatingAdmissionPolicyBinding>,
) -> ErrorList {
    let spec = &obj.spec;
    let path = Path::new("spec");
    let mut errs = ErrorList::new();
    let pp = path.child("policyName");
    if spec.policy_name.is_empty() {
        errs.push(FieldError::required(&pp, ""));
    } else {
        errs.extend(
            is_dns1123_subdomain(&spec.policy_name).iter().map(|m| FieldError::invalid(&pp, &spec.policy_name, m)),
        );
    }
    if let Some(pr) = &spec.param_ref {
        errs.extend(validate_param_ref(pr, &path.child("paramRef")));
    }
    if let Some(mr) = &spec.match_resources {
        let mp = path.child("matchResources");
        errs.extend(validate_match_resources(mr, &mp));
        errs.extend(validate_mutating_operations(mr, &mp));
    }
    errs
}

impl<'a> Stored<'a> {
    /// The stored policy's expressions that upstream compiles in its stored expressions'
    /// environment, where `new` compiles them with the same declarations (see validation.rs's
    /// `Stored`): its match conditions, and its apply configuration expressions, against which
    /// upstream checks both patch types' expressions. None of its variables: upstream looks those
    /// up among the stored validations, which a mutating policy does not have.
    fn of_mutating(old: Option<&'a MutatingAdmissionPolicy>, new: &MutatingAdmissionPolicySpec) -> Stored<'a> {
        let Some(spec) = old.map(|o| &o.spec) else { return Stored::default() };
        let same = |with_variables| {
            Stored::same_declarations(
                (&spec.param_kind, &spec.variables),
                (&new.param_kind, &new.variables),
                with_variables,
            )
        };
        let mut stored = Stored::default();
        if same(false) {
            stored.match_conditions = spec.match_conditions.iter().map(|c| c.expression.as_str()).collect();
        }
        if same(true) {
            stored.mutations = spec
                .mutations
                .iter()
                .filter_map(|m| m.apply_configuration.as_ref())
                .map(|a| a.expression.as_str())
                .collect();
        }
        stored
    }
}

#[cfg(test)]
#[path = "mutating_policy_validation_tests.rs"]
mod tests;
