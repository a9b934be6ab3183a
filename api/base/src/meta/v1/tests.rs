//! Round-trip and registration tests of `meta/v1`.

use kapi_machinery::GroupVersionKind as Gvk;
use kapi_machinery::proto::ProtoReader;
use kapi_machinery::types::{RawExtension, Time};
use kapi_machinery::{Fill, FillCtx, GroupVersion, Kind, ProtoMessage, Scheme, SemanticEq};

use super::*;

/// The filled object of a kind, with its `TypeMeta` set as upstream's fixture test sets it.
fn filled<T: kapi_machinery::VersionedKind + Fill + SemanticEq>() -> T {
    let mut obj = T::default();
    Fill::fill(&mut obj, "", 0, &mut FillCtx::new());
    if let Some(tm) = obj.kind_type_meta_mut() {
        tm.set_gvk(&T::static_gvk());
    }
    obj
}

fn json_roundtrip<T: kapi_machinery::VersionedKind + Fill + SemanticEq>(obj: &T) {
    let bytes = kapi_machinery::json::to_vec(obj).expect("encode JSON");
    let back: T = kapi_machinery::json::from_slice(&bytes).expect("decode JSON");
    assert!(
        back.semantic_eq(obj),
        "{}: JSON round trip differs:\n{}\n{back:?}\n{obj:?}",
        T::KIND,
        String::from_utf8_lossy(&bytes)
    );
}

fn proto_roundtrip<T: kapi_machinery::VersionedKind + ProtoMessage + Fill + SemanticEq>(obj: &T) {
    let bytes = obj.to_proto_bytes();
    let mut back = T::default();
    back.merge_proto(&mut ProtoReader::new(&bytes)).expect("decode protobuf");
    // The envelope carries kind and apiVersion, not the message.
    if let (Some(tm), Some(orig)) = (back.kind_type_meta_mut(), obj.kind_type_meta()) {
        *tm = orig.clone();
    }
    assert!(back.semantic_eq(obj), "{}: protobuf round trip differs:\n{back:?}\n{obj:?}", T::KIND);
}

fn roundtrip<T: kapi_machinery::VersionedKind + ProtoMessage + Fill + SemanticEq>() {
    let obj = filled::<T>();
    json_roundtrip(&obj);
    proto_roundtrip(&obj);
}

fn core_v1(kind: &str) -> Gvk {
    Gvk::new("", "v1", kind)
}

#[test]
fn every_core_kind_round_trips() {
    roundtrip::<Status>();
    roundtrip::<APIVersions>();
    roundtrip::<APIGroupList>();
    roundtrip::<APIGroup>();
    roundtrip::<APIResourceList>();
    roundtrip::<ListOptions>();
    roundtrip::<GetOptions>();
    roundtrip::<DeleteOptions>();
    roundtrip::<CreateOptions>();
    roundtrip::<UpdateOptions>();
    roundtrip::<PatchOptions>();
    roundtrip::<WatchEvent>();
    roundtrip::<crate::core::v1::List>();
}

#[test]
fn every_meta_group_kind_round_trips() {
    roundtrip::<TableOptions>();
    roundtrip::<PartialObjectMetadata>();
    roundtrip::<PartialObjectMetadataList>();
    // Table has no protobuf form.
    let table = filled::<Table>();
    json_roundtrip(&table);
    assert!(table.to_proto_bytes().is_empty());
}

#[test]
fn add_to_scheme_registers_core_kinds() {
    let mut s = Scheme::new();
    super::super::add_to_scheme(&mut s).unwrap();
    for kind in [
        "Status",
        "APIVersions",
        "APIGroupList",
        "APIGroup",
        "APIResourceList",
        "ListOptions",
        "GetOptions",
        "DeleteOptions",
        "CreateOptions",
        "UpdateOptions",
        "PatchOptions",
        "WatchEvent",
    ] {
        assert!(s.recognizes(&core_v1(kind)), "{kind} is not registered in core v1");
    }
    assert_eq!(s.known_kinds().count(), 12);
    assert!(!s.recognizes(&core_v1("List")), "the raw List kind belongs to core/v1");
    assert!(!s.recognizes(&Gvk::new("meta.k8s.io", "v1", "Table")));
}

#[test]
fn add_to_group_version_registers_options_in_the_group() {
    let mut s = Scheme::new();
    let gv = GroupVersion::new("admission.k8s.io", "v1");
    add_to_group_version(&mut s, &gv).unwrap();
    for kind in
        ["ListOptions", "GetOptions", "DeleteOptions", "CreateOptions", "UpdateOptions", "PatchOptions", "WatchEvent"]
    {
        assert!(s.recognizes(&gv.with_kind(kind)), "{kind} is not registered in {gv}");
        assert!(s.recognizes(&core_v1(kind)), "{kind} is not registered in core v1");
    }
    assert!(s.recognizes(&core_v1("Status")));
    assert!(!s.recognizes(&gv.with_kind("Status")));
    // The home kind stays core v1.
    assert_eq!(s.kind_of::<DeleteOptions>().unwrap(), &core_v1("DeleteOptions"));
    // Registering twice (another group) is fine.
    add_to_group_version(&mut s, &GroupVersion::new("admissionregistration.k8s.io", "v1")).unwrap();
}

#[test]
fn add_meta_to_scheme_registers_meta_group() {
    let mut s = Scheme::new();
    add_meta_to_scheme(&mut s).unwrap();
    for kind in ["Table", "TableOptions", "PartialObjectMetadata", "PartialObjectMetadataList"] {
        assert!(s.recognizes(&Gvk::new("meta.k8s.io", "v1", kind)), "{kind}");
    }
}

#[test]
fn zero_creation_timestamp_is_omitted() {
    let meta = ObjectMeta { name: "a".into(), ..Default::default() };
    let json = kapi_machinery::json::to_vec(&meta).unwrap();
    assert_eq!(json, br#"{"name":"a"}"#);
    let pom = PartialObjectMetadata { metadata: meta, ..Default::default() };
    let json = kapi_machinery::json::to_vec(&pom).unwrap();
    assert_eq!(json, br#"{"metadata":{"name":"a"}}"#);
    // A set timestamp is written.
    let meta = ObjectMeta { creation_timestamp: Time::from_unix(1199149261), ..Default::default() };
    let json = kapi_machinery::json::to_vec(&meta).unwrap();
    assert_eq!(json, br#"{"creationTimestamp":"2008-01-01T01:01:01Z"}"#);
}

#[test]
fn zero_creation_timestamp_is_still_a_protobuf_message() {
    // `Time` is a value field: gogo writes it even when zero, as an empty message (field 8).
    let bytes = ObjectMeta::default().to_proto_bytes();
    assert!(bytes.ends_with(&[0x42, 0x00]), "{bytes:02x?}");
}

#[test]
fn watch_event_has_no_type_meta() {
    let ev = WatchEvent { r#type: "ADDED".into(), object: RawExtension::from_json(br#"{"kind":"Pod"}"#.to_vec()) };
    assert!(ev.kind_type_meta().is_none());
    let json = kapi_machinery::json::to_vec(&ev).unwrap();
    assert_eq!(json, br#"{"type":"ADDED","object":{"kind":"Pod"}}"#);
    let filled = filled::<WatchEvent>();
    let json = String::from_utf8(kapi_machinery::json::to_vec(&filled).unwrap()).unwrap();
    assert!(json.starts_with(r#"{"type":"typeValue","object":{"apiVersion":"example.com/v1""#), "{json}");
    assert!(!json.contains(r#""kind":"WatchEvent""#));
}

#[test]
fn delete_options_dry_run_all_round_trips() {
    let opts = DeleteOptions { dry_run: vec![DRY_RUN_ALL.into()], ..Default::default() };
    let json = kapi_machinery::json::to_vec(&opts).unwrap();
    assert_eq!(json, br#"{"dryRun":["All"]}"#);
    let back: DeleteOptions = kapi_machinery::json::from_slice(&json).unwrap();
    assert_eq!(back, opts);
    let pb = opts.to_proto_bytes();
    assert_eq!(pb, b"\x2a\x03All");
    let mut back = DeleteOptions::default();
    back.merge_proto(&mut ProtoReader::new(&pb)).unwrap();
    assert_eq!(back, opts);
}

#[test]
fn status_fields_follow_upstream_numbers() {
    let s = filled::<Status>();
    assert_eq!(s.code, 6);
    let d = s.details.as_ref().unwrap();
    assert_eq!(d.retry_after_seconds, 5);
    assert_eq!(d.causes[0].r#type.as_str(), "reasonValue");
    assert_eq!(s.metadata.remaining_item_count, Some(4));
    assert_eq!(s.metadata.shard_info.as_ref().unwrap().selector, "selectorValue");
}

#[test]
fn nil_and_empty_lists_stay_distinct_in_json() {
    let v = APIVersions::default();
    assert_eq!(kapi_machinery::json::to_vec(&v).unwrap(), br#"{"versions":null,"serverAddressByClientCIDRs":null}"#);
    let v = APIVersions { versions: Some(vec![]), ..Default::default() };
    assert_eq!(kapi_machinery::json::to_vec(&v).unwrap(), br#"{"versions":[],"serverAddressByClientCIDRs":null}"#);
    let r = APIResource::default();
    let json = String::from_utf8(kapi_machinery::json::to_vec(&r).unwrap()).unwrap();
    assert!(json.contains(r#""verbs":null"#), "{json}");
    // A nil `Verbs` is absent from protobuf, an empty one is an empty message.
    assert!(!r.to_proto_bytes().contains(&0x22));
    let r = APIResource { verbs: Some(Verbs(vec![])), ..Default::default() };
    assert!(r.to_proto_bytes().windows(2).any(|w| w == [0x22, 0x00]));
}

#[test]
fn label_selector_and_condition_round_trip() {
    for_struct::<LabelSelector>();
    for_struct::<Condition>();
    for_struct::<OwnerReference>();
    for_struct::<ManagedFieldsEntry>();
    for_struct::<GroupVersionKind>();
    for_struct::<GroupVersionResource>();
    for_struct::<GroupResource>();
    for_struct::<GroupKind>();
    for_struct::<FieldSelectorRequirement>();
    for_struct::<RootPaths>();
    for_struct::<ApplyOptions>();
    for_struct::<Preconditions>();
}

fn for_struct<T>()
where
    T: Default
        + std::fmt::Debug
        + Fill
        + SemanticEq
        + ProtoMessage
        + kapi_machinery::JsonEncode
        + kapi_machinery::JsonDecode,
{
    let mut obj = T::default();
    obj.fill("", 0, &mut FillCtx::new());
    let json = kapi_machinery::json::to_vec(&obj).unwrap();
    let back: T = kapi_machinery::json::from_slice(&json).unwrap();
    assert!(back.semantic_eq(&obj), "{obj:?}");
    let pb = obj.to_proto_bytes();
    let mut back = T::default();
    back.merge_proto(&mut ProtoReader::new(&pb)).unwrap();
    assert!(back.semantic_eq(&obj), "{obj:?}");
}

#[test]
fn option_kinds_travel_as_query_parameters_by_their_json_names() {
    use kapi_machinery::query::{Query, QueryParams};
    let list = ListOptions {
        label_selector: "app=web,tier in (a)".into(),
        watch: true,
        resource_version_match: ResourceVersionMatch("NotOlderThan".into()),
        timeout_seconds: Some(0),
        limit: 500,
        continue_: "tok".into(),
        send_initial_events: Some(false),
        ..Default::default()
    };
    // Zero values of omitempty fields are left out; pointers are written whenever set.
    assert_eq!(
        list.to_query_string(),
        "continue=tok&labelSelector=app%3Dweb%2Ctier+in+%28a%29&limit=500&resourceVersionMatch=NotOlderThan&sendInitialEvents=false&timeoutSeconds=0&watch=true"
    );
    assert_eq!(ListOptions::from_query(&Query::parse(&list.to_query_string())).unwrap(), list);
    let delete = DeleteOptions {
        grace_period_seconds: Some(0),
        preconditions: Some(Preconditions { uid: Some("u".into()), ..Default::default() }),
        propagation_policy: Some(DeletionPropagation("Foreground".into())),
        dry_run: vec!["All".into()],
        ..Default::default()
    };
    // Preconditions have no query form (upstream opts the field out of the url.Values conversion).
    assert_eq!(delete.to_query_string(), "dryRun=All&gracePeriodSeconds=0&propagationPolicy=Foreground");
    // Query parameters override a body's fields and leave the others.
    let mut body = delete.clone();
    body.merge_query(&Query::parse("gracePeriodSeconds=30&dryRun=")).unwrap();
    assert_eq!(body.grace_period_seconds, Some(30));
    assert_eq!(body.dry_run, ["All"], "an empty dryRun names nothing and leaves the body's");
    assert_eq!(body.preconditions, delete.preconditions);
    let err = ListOptions::from_query(&Query::parse("limit=ten")).unwrap_err();
    assert_eq!(
        (err.key.as_str(), err.message.as_str()),
        ("limit", "strconv.ParseInt: parsing \"ten\": invalid syntax")
    );
    let patch = PatchOptions { force: Some(true), field_manager: "me".into(), ..Default::default() };
    assert_eq!(patch.to_query_string(), "fieldManager=me&force=true");
}
