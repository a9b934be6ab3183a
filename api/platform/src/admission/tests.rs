//! Tests shared by every version of `admission.k8s.io`: the versions have the same shape, so one
//! set of tests is expanded for each.

macro_rules! version_tests {
    ($version:ident) => {
        mod $version {
            use kapi_machinery::proto::ProtoReader;
            use kapi_machinery::{Fill, FillCtx, Kind, ProtoMessage, Scheme, SemanticEq};

            use crate::admission::$version::*;

            fn filled_review() -> AdmissionReview {
                let mut obj = AdmissionReview::default();
                Fill::fill(&mut obj, "", 0, &mut FillCtx::new());
                obj.type_meta.set_gvk(&AdmissionReview::static_gvk());
                obj
            }

            fn json_round_trip<T: kapi_machinery::JsonEncode + kapi_machinery::JsonDecode + Default>(
                v: &T,
            ) -> (Vec<u8>, T) {
                let json = kapi_machinery::json::to_vec(v).expect("JSON encode");
                let back = kapi_machinery::json::from_slice(&json).expect("JSON decode");
                (json, back)
            }

            fn proto_round_trip<T: ProtoMessage + Default>(v: &T) -> (Vec<u8>, T) {
                let pb = v.to_proto_bytes();
                let mut back = T::default();
                back.merge_proto(&mut ProtoReader::new(&pb)).expect("protobuf decode");
                (pb, back)
            }

            /// The field numbers at the top level of a message, in wire order.
            fn field_numbers(pb: &[u8]) -> Vec<u32> {
                let mut r = ProtoReader::new(pb);
                let mut out = Vec::new();
                while !r.is_empty() {
                    let (field, wire) = r.key().expect("key");
                    out.push(field);
                    r.skip(wire).expect("skip");
                }
                out
            }

            #[test]
            fn admission_review_round_trips() {
                let obj = filled_review();
                assert_eq!(obj.type_meta.api_version, format!("admission.k8s.io/{}", stringify!($version)));
                let (json, back) = json_round_trip(&obj);
                assert!(obj.semantic_eq(&back), "JSON round trip: {}", String::from_utf8_lossy(&json));

                let (_, mut back) = proto_round_trip(&obj);
                back.type_meta.set_gvk(&AdmissionReview::static_gvk());
                assert!(obj.semantic_eq(&back), "protobuf round trip");

                let response = obj.response.as_ref().expect("response filled");
                assert_eq!(response.patch.as_deref(), Some(&[4u8][..]));
                assert!(String::from_utf8_lossy(&json).contains(r#""patch":"BA==""#));
                assert!(response.result.is_some());
            }

            #[test]
            fn dry_run_round_trips() {
                let req = AdmissionRequest { dry_run: Some(true), ..Default::default() };
                let (json, back) = json_round_trip(&req);
                assert!(
                    String::from_utf8_lossy(&json).contains(r#""dryRun":true"#),
                    "{}",
                    String::from_utf8_lossy(&json)
                );
                assert_eq!(back.dry_run, Some(true));

                let (pb, back) = proto_round_trip(&req);
                assert_eq!(back.dry_run, Some(true));
                // field 11, varint: key 0x58, value 1
                assert!(pb.windows(2).any(|w| w == [0x58, 0x01]), "{pb:02x?}");
                assert!(field_numbers(&pb).contains(&11));

                let unset = AdmissionRequest::default();
                assert!(!String::from_utf8_lossy(&kapi_machinery::json::to_vec(&unset).unwrap()).contains("dryRun"));
                assert!(!field_numbers(&unset.to_proto_bytes()).contains(&11));
            }

            #[test]
            fn request_fields_are_written_in_number_order() {
                let obj = filled_review();
                let req = obj.request.expect("request filled");
                let pb = req.to_proto_bytes();
                assert_eq!(field_numbers(&pb), (1..=15).collect::<Vec<u32>>());
                let response = obj.response.expect("response filled");
                assert_eq!(field_numbers(&response.to_proto_bytes()), (1..=7).collect::<Vec<u32>>());
            }

            #[test]
            fn request_json_follows_declaration_order() {
                let obj = filled_review();
                let json = kapi_machinery::json::to_vec(obj.request.as_ref().unwrap()).unwrap();
                let text = String::from_utf8(json).unwrap();
                let keys = [
                    "\"uid\"",
                    "\"kind\"",
                    "\"resource\"",
                    "\"subResource\"",
                    "\"requestKind\"",
                    "\"requestResource\"",
                    "\"requestSubResource\"",
                    "\"name\"",
                    "\"namespace\"",
                    "\"operation\"",
                    "\"userInfo\"",
                    "\"object\"",
                    "\"oldObject\"",
                    "\"dryRun\"",
                    "\"options\"",
                ];
                let positions: Vec<usize> =
                    keys.iter().map(|k| text.find(k).unwrap_or_else(|| panic!("{k} missing"))).collect();
                assert!(positions.windows(2).all(|w| w[0] < w[1]), "{text}");
            }

            #[test]
            fn operation_and_patch_type_constants() {
                assert_eq!(Operation::from(Operation::CREATE).as_str(), "CREATE");
                assert_eq!(Operation::UPDATE, "UPDATE");
                assert_eq!(Operation::DELETE, "DELETE");
                assert_eq!(Operation::CONNECT, "CONNECT");
                let resp = AdmissionResponse {
                    patch_type: Some(PatchType::from(PatchType::JSON_PATCH)),
                    ..Default::default()
                };
                let json = kapi_machinery::json::to_vec(&resp).unwrap();
                assert_eq!(json, br#"{"uid":"","allowed":false,"patchType":"JSONPatch"}"#);
            }

            const OPTION_KINDS: &[&str] = &[
                "CreateOptions",
                "UpdateOptions",
                "PatchOptions",
                "DeleteOptions",
                "GetOptions",
                "ListOptions",
                "WatchEvent",
            ];

            #[test]
            fn scheme_registers_every_kind() {
                let mut scheme = Scheme::new();
                add_to_scheme(&mut scheme).expect("register");
                assert!(scheme.recognizes(&AdmissionReview::static_gvk()));
                // Besides the group's own kinds, the option kinds and WatchEvent are registered in it.
                let own: Vec<_> = scheme
                    .known_kinds()
                    .filter(|k| k.group == "admission.k8s.io" && !OPTION_KINDS.contains(&k.kind.as_str()))
                    .collect();
                assert_eq!(own.len(), 1, "{own:?}");
                for kind in OPTION_KINDS {
                    assert!(
                        scheme.known_kinds().any(|k| k.group == "admission.k8s.io" && k.kind == *kind),
                        "{kind} not registered"
                    );
                }
            }
        }
    };
}

version_tests!(v1);
version_tests!(v1beta1);
