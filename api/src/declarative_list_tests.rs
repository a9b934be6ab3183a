//! Generated list checks on a real kind at hostile sizes: a pod with 100,000 eviction responders gets its `Too many` and every `Duplicate value`, and an update finds each item's old value through one index of the stored list (the counts of work are in kapi-machinery's `declarative` tests; these check the errors).

use kapi_machinery::validation::ErrorList;

use crate::core::v1::{EvictionResponder, Pod, PodSpec};

const N: usize = 100_000;

fn responder(name: &str, priority: i32) -> EvictionResponder {
    EvictionResponder { name: format!("example.com/{name}"), priority: Some(priority) }
}

fn pod(responders: Vec<EvictionResponder>) -> Pod {
    Pod { spec: PodSpec { eviction_responders: responders, ..Default::default() }, ..Default::default() }
}

/// The errors under `spec.evictionResponders`, as strings.
fn responder_errors(errs: &ErrorList) -> Vec<String> {
    errs.iter().map(ToString::to_string).filter(|e| e.starts_with("spec.evictionResponders")).collect()
}

/// Each of 50,000 names twice: a `Duplicate value` at every second occurrence, in index order,
/// each showing the whole item, and one `Too many`.
#[test]
fn a_long_list_map_reports_too_many_and_every_duplicate() {
    let half = N / 2;
    let responders = (0..N).map(|i| responder(&format!("r{}", i % half), 1)).collect();
    let got = responder_errors(&crate::core::v1::validate_declarative_pod(&pod(responders), None));
    // Uniqueness is checked before the item count, as the tags are written.
    let mut want: Vec<String> = (half..N)
        .map(|i| {
            format!(
                r#"spec.evictionResponders[{i}]: Duplicate value: {{"name":"example.com/r{}","priority":1}}"#,
                i - half
            )
        })
        .collect();
    want.push(format!("spec.evictionResponders: Too many: {N}: must have at most 10 items"));
    assert_eq!(got.len(), want.len());
    assert_eq!(got, want);
}

/// On update every item is matched with its old value by name: the 99,999 unchanged items,
/// invalid as they are, are not reported again; the one changed item is, at its index.
#[test]
fn a_long_list_map_ratchets_each_item_by_key() {
    // Priorities above the maximum of 100,000, stored before the rule existed.
    let old: Vec<EvictionResponder> = (0..N).map(|i| responder(&format!("r{i}"), 200_000)).collect();
    let mut new = old.clone();
    // The new list is reversed, so a scan from the front would have walked half the list per item.
    new.reverse();
    new[7].priority = Some(300_000);
    let (old, new) = (pod(old), pod(new));
    let got = responder_errors(&crate::core::v1::validate_declarative_pod(&new, Some(&old)));
    assert_eq!(
        got,
        [
            format!("spec.evictionResponders: Too many: {N}: must have at most 10 items"),
            "spec.evictionResponders[7].priority: Invalid value: 300000: must be less than or equal to 100000".into(),
        ]
    );
}

/// A scheme drops errors another validation function already reported through a hash set: with
/// the generated validator registered twice, its 50,001 errors each come back once, after the
/// hand-written ones.
#[test]
fn the_scheme_drops_repeated_errors_of_a_long_list() {
    let mut scheme = kapi_machinery::Scheme::new();
    crate::core::v1::add_to_scheme(&mut scheme).expect("core/v1 registers");
    scheme.add_declarative_validation_func(crate::core::v1::validate_declarative_pod);
    let half = N / 2;
    let obj = pod((0..N).map(|i| responder(&format!("r{}", i % half), 1)).collect());
    let mut want = crate::core::v1::validation::validate_pod(&obj, None);
    want.extend(crate::core::v1::validate_declarative_pod(&obj, None));
    let mut seen = std::collections::BTreeSet::new();
    want.retain(|e| seen.insert(e.to_string()));
    let got = scheme.validate(&obj, None);
    assert_eq!(responder_errors(&got).len(), half + 1);
    assert_eq!(got, want);
}
