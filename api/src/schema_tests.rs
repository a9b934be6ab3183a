//! Schema facts read back through `HasSchema`, pinned against upstream's markers and struct tags.
//!
//! Upstream sources: `k8s.io/apimachinery` `pkg/apis/meta/v1/types.go` at `eed236ce` and
//! `k8s.io/api` `{admissionregistration,authentication}/*/types.go` at `10b39a39`.

use kapi_machinery::schema::{FieldSchema, HasSchema, ListMerge, ListType, PatchStrategy, StructSchema, TypeSchema};

use crate::meta::v1::{LabelSelector, ManagedFieldsEntry, ObjectMeta, OwnerReference};

/// The struct schema of `T`.
fn schema_of<T: HasSchema>() -> &'static StructSchema {
    T::schema().as_struct().expect("a struct type")
}

/// The field of `T` written under the JSON key `json`.
fn field<T: HasSchema>(json: &str) -> &'static FieldSchema {
    let s = schema_of::<T>();
    s.field(json).unwrap_or_else(|| panic!("`{}` has no field `{json}`", s.name))
}

/// The struct schema of a list field's items.
fn items(f: &FieldSchema) -> &'static StructSchema {
    match f.ty.resolve() {
        TypeSchema::List(item) => item.as_struct().expect("a list of structs"),
        other => panic!("`{}` is not a list: {other:?}", f.json),
    }
}

/// A list field merged by strategic merge patch and by apply on the same keys.
fn assert_merged_by(f: &FieldSchema, key: &'static str) {
    assert_eq!(f.patch_strategy, Some(PatchStrategy::Merge), "{}", f.json);
    assert_eq!(f.patch_merge_key, Some(key), "{}", f.json);
    assert_eq!(f.list_type, Some(ListType::Map), "{}", f.json);
    assert_eq!(f.list_map_keys, [key], "{}", f.json);
    assert_eq!(f.list_merge(), Some(ListMerge::Key(vec![key])), "{}", f.json);
    assert_eq!(f.apply_merge(), Some(ListMerge::Key(vec![key])), "{}", f.json);
}

/// A list field that both strategic merge patch and apply replace whole.
fn assert_atomic_list(f: &FieldSchema) {
    assert_eq!(f.list_type, Some(ListType::Atomic), "{}", f.json);
    assert_eq!(f.patch_strategy, None, "{}", f.json);
    assert_eq!(f.list_merge(), None, "{}", f.json);
    assert_eq!(f.apply_merge(), None, "{}", f.json);
}

#[test]
fn object_meta_lists_merge_as_upstream_says() {
    let owners = field::<ObjectMeta>("ownerReferences");
    assert_merged_by(owners, "uid");
    assert!(owners.optional && !owners.required);

    let finalizers = field::<ObjectMeta>("finalizers");
    assert_eq!(finalizers.patch_strategy, Some(PatchStrategy::Merge));
    assert_eq!(finalizers.patch_merge_key, None);
    assert_eq!(finalizers.list_type, Some(ListType::Set));
    assert_eq!(finalizers.list_merge(), Some(ListMerge::Set));
    assert_eq!(finalizers.apply_merge(), Some(ListMerge::Set));

    let managed = field::<ObjectMeta>("managedFields");
    assert_atomic_list(managed);
    assert_eq!(items(managed).name, "ManagedFieldsEntry");

    // Upstream has no `+mapType` on labels and annotations: apply owns each key separately.
    for json in ["labels", "annotations"] {
        let f = field::<ObjectMeta>(json);
        assert!(matches!(f.ty, TypeSchema::Map(_)), "{json}");
        assert!(!f.map_atomic && f.optional, "{json}");
    }
}

#[test]
fn owner_references_and_label_selectors_are_atomic_structs() {
    assert!(schema_of::<OwnerReference>().atomic);
    assert!(schema_of::<LabelSelector>().atomic);
    assert!(items(field::<ObjectMeta>("ownerReferences")).atomic, "the list items are the atomic type");
    assert!(!schema_of::<ObjectMeta>().atomic);
    assert!(!schema_of::<ManagedFieldsEntry>().atomic);
    // `+structType` sits on the types upstream, not on the fields that use them.
    assert!(!field::<ObjectMeta>("ownerReferences").struct_atomic);
    // OwnerReference's fields carry only declarative-validation tags (`+k8s:required`), which
    // are not `+required`; `controller` is `+optional`.
    assert!(!field::<OwnerReference>("uid").required);
    assert!(field::<OwnerReference>("controller").optional);
    assert_atomic_list(field::<LabelSelector>("matchExpressions"));
}

#[test]
fn condition_fields_are_required() {
    use crate::meta::v1::Condition;
    for json in ["type", "status", "lastTransitionTime", "reason", "message"] {
        let f = field::<Condition>(json);
        assert!(f.required && !f.optional, "{json}");
    }
    assert!(field::<Condition>("observedGeneration").optional);
}

#[test]
fn fields_are_found_through_inline_type_meta() {
    use crate::meta::v1::Status;
    assert_eq!(field::<Status>("apiVersion").json, "apiVersion");
    let details = field::<Status>("details");
    assert!(details.optional);
    let causes = details.ty.as_struct().and_then(|s| s.field("causes")).expect("StatusDetails.causes");
    assert_atomic_list(causes);
}

#[cfg(feature = "admissionregistration")]
mod admissionregistration {
    use super::*;
    use crate::admissionregistration::{v1, v1alpha1, v1beta1};

    #[test]
    fn webhooks_merge_by_name() {
        assert_merged_by(field::<v1::ValidatingWebhookConfiguration>("webhooks"), "name");
        assert_merged_by(field::<v1::MutatingWebhookConfiguration>("webhooks"), "name");
        assert_merged_by(field::<v1beta1::ValidatingWebhookConfiguration>("webhooks"), "name");
        assert_merged_by(field::<v1beta1::MutatingWebhookConfiguration>("webhooks"), "name");
        assert_eq!(items(field::<v1::ValidatingWebhookConfiguration>("webhooks")).name, "ValidatingWebhook");

        assert_merged_by(field::<v1::ValidatingWebhook>("matchConditions"), "name");
        assert_merged_by(field::<v1::MutatingWebhook>("matchConditions"), "name");
        assert_merged_by(field::<v1beta1::ValidatingWebhook>("matchConditions"), "name");
        assert_atomic_list(field::<v1::ValidatingWebhook>("rules"));
        assert_atomic_list(field::<v1::ValidatingWebhook>("admissionReviewVersions"));
        assert_atomic_list(field::<v1::RuleWithOperations>("operations"));
    }

    #[test]
    fn webhook_side_effects_are_optional_only_before_v1() {
        // In v1 `sideEffects` and `admissionReviewVersions` have no `omitempty` and neither
        // `+optional` nor `+required`.
        for json in ["sideEffects", "admissionReviewVersions"] {
            let f = field::<v1::ValidatingWebhook>(json);
            assert!(!f.optional && !f.required, "{json}");
        }
        let f = field::<v1beta1::ValidatingWebhook>("sideEffects");
        assert!(f.optional);
        // Upstream's `+listType=atomic` on this scalar cannot be written in the type language.
        assert_eq!(f.list_type, None);
        assert!(field::<v1beta1::MutatingWebhook>("sideEffects").optional);
    }

    #[test]
    fn validating_policy_variables_and_match_conditions_merge_by_name() {
        assert_merged_by(field::<v1::ValidatingAdmissionPolicySpec>("variables"), "name");
        assert_merged_by(field::<v1::ValidatingAdmissionPolicySpec>("matchConditions"), "name");
        assert_merged_by(field::<v1beta1::ValidatingAdmissionPolicySpec>("variables"), "name");
        assert_merged_by(field::<v1alpha1::ValidatingAdmissionPolicySpec>("matchConditions"), "name");
        assert_atomic_list(field::<v1::ValidatingAdmissionPolicySpec>("validations"));
        assert_atomic_list(field::<v1::ValidatingAdmissionPolicySpec>("auditAnnotations"));
        assert!(schema_of::<v1::Variable>().atomic);
        assert!(schema_of::<v1::ParamKind>().atomic);
        assert!(!schema_of::<v1::Validation>().atomic);
    }

    #[test]
    fn mutating_policy_variables_are_atomic_but_match_conditions_merge() {
        // Unlike the validating policy, upstream gives these variables only `+listType=atomic`.
        assert_atomic_list(field::<v1::MutatingAdmissionPolicySpec>("variables"));
        assert_atomic_list(field::<v1::MutatingAdmissionPolicySpec>("mutations"));
        assert_merged_by(field::<v1::MutatingAdmissionPolicySpec>("matchConditions"), "name");
        // `+unionDiscriminator` without `+union` on the type is inert upstream and not written.
        let mutation = schema_of::<v1::Mutation>();
        assert!(!mutation.union);
        assert!(!mutation.field("patchType").expect("patchType").union_discriminator);
    }

    #[test]
    fn policy_status_conditions_are_a_map_for_apply_only() {
        // `+listType=map` with `+listMapKey=type` and no patch strategy: strategic merge patch
        // replaces the list, apply merges it by `type`.
        let conditions = field::<v1::ValidatingAdmissionPolicyStatus>("conditions");
        assert_eq!(conditions.patch_strategy, None);
        assert_eq!(conditions.list_type, Some(ListType::Map));
        assert_eq!(conditions.list_merge(), None);
        assert_eq!(conditions.apply_merge(), Some(ListMerge::Key(vec!["type"])));
    }

    #[test]
    fn binding_facts() {
        let spec = schema_of::<v1::ValidatingAdmissionPolicyBindingSpec>();
        assert!(spec.field("policyName").expect("policyName").required);
        let actions = spec.field("validationActions").expect("validationActions");
        assert!(actions.required);
        assert_eq!(actions.list_type, Some(ListType::Set));
        assert_eq!(actions.patch_strategy, None);
        assert_eq!(actions.apply_merge(), Some(ListMerge::Set));
        assert!(field::<v1::ValidatingAdmissionPolicyBinding>("spec").required);
        for t in
            [schema_of::<v1::ParamRef>(), schema_of::<v1::MatchResources>(), schema_of::<v1::NamedRuleWithOperations>()]
        {
            assert!(t.atomic, "{}", t.name);
        }
        assert!(schema_of::<v1alpha1::ParamRef>().atomic);
        assert!(schema_of::<v1beta1::MatchResources>().atomic);
    }
}

#[cfg(feature = "authentication")]
#[test]
fn token_review_facts() {
    use crate::authentication::v1::{TokenReview, TokenReviewSpec, UserInfo};
    assert!(field::<TokenReview>("spec").required);
    assert!(field::<TokenReviewSpec>("token").required);
    assert_atomic_list(field::<TokenReviewSpec>("audiences"));
    assert_atomic_list(field::<UserInfo>("groups"));
    let extra = field::<UserInfo>("extra");
    assert!(extra.optional && !extra.map_atomic);
}

#[cfg(all(feature = "admission", feature = "admissionregistration", feature = "authentication"))]
#[test]
fn facts_upstream_never_uses_here_are_absent() {
    use crate::admission;
    use crate::admissionregistration::{v1, v1alpha1, v1beta1};
    use crate::authentication;
    use crate::meta;

    /// Every struct reachable from `roots`, each once.
    fn reachable(roots: &[&'static TypeSchema]) -> Vec<&'static StructSchema> {
        fn walk(ty: &'static TypeSchema, seen: &mut Vec<&'static StructSchema>) {
            match ty.resolve() {
                TypeSchema::Struct(s) => {
                    if seen.iter().any(|t| std::ptr::eq(*t, s)) {
                        return;
                    }
                    seen.push(s);
                    for f in s.fields {
                        walk(f.ty, seen);
                    }
                }
                TypeSchema::List(item) | TypeSchema::Map(item) => walk(item, seen),
                _ => {}
            }
        }
        let mut seen = Vec::new();
        for r in roots {
            walk(r, &mut seen);
        }
        seen
    }

    let roots = [
        meta::v1::Status::schema(),
        meta::v1::ListOptions::schema(),
        meta::v1::DeleteOptions::schema(),
        meta::v1::APIGroupList::schema(),
        meta::v1::APIResourceList::schema(),
        meta::v1::Table::schema(),
        meta::v1::PartialObjectMetadataList::schema(),
        authentication::v1::TokenReview::schema(),
        authentication::v1::TokenRequest::schema(),
        authentication::v1::SelfSubjectReview::schema(),
        admission::v1::AdmissionReview::schema(),
        admission::v1beta1::AdmissionReview::schema(),
        v1::ValidatingWebhookConfigurationList::schema(),
        v1::MutatingWebhookConfigurationList::schema(),
        v1::ValidatingAdmissionPolicyList::schema(),
        v1::ValidatingAdmissionPolicyBindingList::schema(),
        v1::MutatingAdmissionPolicyList::schema(),
        v1::MutatingAdmissionPolicyBindingList::schema(),
        v1beta1::ValidatingWebhookConfigurationList::schema(),
        v1beta1::MutatingAdmissionPolicyList::schema(),
        v1alpha1::MutatingAdmissionPolicyList::schema(),
        v1alpha1::ValidatingAdmissionPolicyBindingList::schema(),
    ];
    let structs = reachable(&roots);
    assert!(structs.len() > 50, "only {} structs reached", structs.len());
    // No `+mapType`, field-level `+structType`, `+union` or `+patchStrategy=retainKeys` in
    // these groups upstream.
    for s in &structs {
        assert!(!s.union, "{}", s.name);
        for f in s.fields {
            let at = format!("{}.{}", s.name, f.json);
            assert!(!f.map_atomic && !f.struct_atomic && !f.union_discriminator, "{at}");
            assert!(matches!(f.patch_strategy, None | Some(PatchStrategy::Merge)), "{at}");
            assert!(!(f.optional && f.required), "{at}");
        }
    }
    let atomic: Vec<&str> = structs.iter().filter(|s| s.atomic).map(|s| s.name).collect();
    for name in ["OwnerReference", "LabelSelector", "ParamKind", "ParamRef", "MatchResources", "Variable"] {
        assert!(atomic.contains(&name), "`{name}` is `+structType=atomic` upstream; atomic: {atomic:?}");
    }
}
