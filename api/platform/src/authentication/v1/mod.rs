//! `authentication.k8s.io/v1`: token review, token request and self subject review.
//!
//! +groupName=authentication.k8s.io
//! +conversionGen=crate::authentication
//! +k8s:prerelease-lifecycle-gen=true

#[cfg(feature = "internal")]
mod conversion;
mod defaults;
mod types;

pub use types::*;

#[rustfmt::skip]
#[path = "../../../generated/authentication/v1/mod.rs"]
mod generated;

pub use generated::*;

#[cfg(test)]
mod tests {
    use std::collections::BTreeMap;

    use kapi_machinery::proto::ProtoReader;
    use kapi_machinery::{Fill, FillCtx, GroupVersionKind, ProtoMessage, Scheme, SemanticEq};

    use super::*;

    /// Fills a kind as upstream's fixture test does, then checks JSON and protobuf round trips.
    fn round_trip<T: kapi_machinery::VersionedKind + kapi_machinery::ProtoMessage + Fill + SemanticEq>() -> T {
        let mut obj = T::default();
        Fill::fill(&mut obj, "", 0, &mut FillCtx::new());
        obj.kind_type_meta_mut().expect("kind has TypeMeta").set_gvk(&T::static_gvk());

        let json = kapi_machinery::json::to_vec(&obj).expect("JSON encode");
        let back: T = kapi_machinery::json::from_slice(&json).expect("JSON decode");
        assert!(obj.semantic_eq(&back), "JSON round trip of {}: {}", T::KIND, String::from_utf8_lossy(&json));

        let pb = obj.to_proto_bytes();
        let mut back = T::default();
        back.merge_proto(&mut ProtoReader::new(&pb)).expect("protobuf decode");
        // The envelope carries kind and apiVersion, not the message.
        back.kind_type_meta_mut().expect("kind has TypeMeta").set_gvk(&T::static_gvk());
        assert!(obj.semantic_eq(&back), "protobuf round trip of {}", T::KIND);
        obj
    }

    #[test]
    fn token_review_round_trips() {
        let obj = round_trip::<TokenReview>();
        assert_eq!(obj.status.user.extra["extraKey"], ExtraValue(vec!["extraValue".into()]));
        assert_eq!(obj.status.error, "errorValue");
    }

    #[test]
    fn token_request_round_trips() {
        let obj = round_trip::<TokenRequest>();
        assert_eq!(obj.spec.expiration_seconds, Some(4));
        assert_eq!(obj.spec.attestations["attestationsKey"], AttestationValue(vec!["attestationsValue".into()]));
    }

    #[test]
    fn self_subject_review_round_trips() {
        let obj = round_trip::<SelfSubjectReview>();
        assert_eq!(obj.status.user_info.username, "usernameValue");
    }

    const OPTION_KINDS: &[&str] =
        &["CreateOptions", "UpdateOptions", "PatchOptions", "DeleteOptions", "GetOptions", "ListOptions", "WatchEvent"];

    #[test]
    fn scheme_registers_every_kind() {
        let mut scheme = Scheme::new();
        add_to_scheme(&mut scheme).expect("register");
        for kind in ["TokenReview", "TokenRequest", "SelfSubjectReview"] {
            let gvk = GroupVersionKind::new("authentication.k8s.io", "v1", kind);
            assert!(scheme.recognizes(&gvk), "{kind} not registered");
        }
        // Besides the group's own kinds, the option kinds and WatchEvent are registered in it.
        let own: Vec<_> = scheme
            .known_kinds()
            .filter(|k| k.group == "authentication.k8s.io" && !OPTION_KINDS.contains(&k.kind.as_str()))
            .collect();
        assert_eq!(own.len(), 3, "{own:?}");
        for kind in OPTION_KINDS {
            assert!(
                scheme.known_kinds().any(|k| k.group == "authentication.k8s.io" && k.kind == *kind),
                "{kind} not registered"
            );
        }
    }

    #[test]
    fn user_info_extra_is_wrapped_in_protobuf() {
        let info = UserInfo {
            extra: BTreeMap::from([("k".to_owned(), ExtraValue(vec!["x".into(), "y".into()]))]),
            ..Default::default()
        };
        let pb = info.to_proto_bytes();
        // username = 1 "" and uid = 2 "" (strings are always written), then
        // field 4 entry { key = 1 "k", value = 2 ExtraValue { items = 1 "x", items = 1 "y" } }
        let want =
            [0x0a, 0x00, 0x12, 0x00, 0x22, 0x0b, 0x0a, 0x01, b'k', 0x12, 0x06, 0x0a, 0x01, b'x', 0x0a, 0x01, b'y'];
        assert_eq!(pb, want);
        let mut back = UserInfo::default();
        back.merge_proto(&mut ProtoReader::new(&pb)).expect("decode");
        assert_eq!(back, info);
        assert_eq!(kapi_machinery::json::to_vec(&info).unwrap(), br#"{"extra":{"k":["x","y"]}}"#);
    }

    #[test]
    fn token_request_spec_nil_fields_encode_as_null() {
        let spec = TokenRequestSpec::default();
        assert_eq!(
            kapi_machinery::json::to_vec(&spec).unwrap(),
            br#"{"audiences":null,"expirationSeconds":null,"boundObjectRef":null}"#
        );
        assert!(spec.to_proto_bytes().is_empty());
    }
}
