//! go-spew's `%#v` text of upstream's internal Endpoints parts, the bytes upstream's `DeepHashObject` hashes.
//!
//! Upstream's Endpoints strategy orders ports and subsets by the MD5 of
//! `k8s.io/utils/dump.ForHash`: go-spew's `ConfigState{Indent: " ", SortKeys: true,
//! DisableMethods: true, SpewKeys: true, ...}.Sprintf("%#v", v)` of the internal
//! (`k8s.io/kubernetes/pkg/apis/core`) `EndpointPort` or `EndpointSubset`. With `#`, go-spew
//! writes every value as `(type)value`, with Go's reflect name of the type (`core.EndpointPort`,
//! `types.UID`, `*string`, `[]core.EndpointAddress`); a struct as `{Field:value Field:value}`
//! in declaration order, each field typed; a string raw (no quotes, no escapes); a nil pointer
//! or slice as `<nil>`; a set pointer as its type then the pointee untyped; a slice as
//! `[a b]`, its elements untyped. None of these types holds a map or a cycle, so `SortKeys`
//! and go-spew's cycle marks never apply.
//!
//! The fields are the internal types', in their order (kapi's v1 types have the same fields):
//! `EndpointSubset{Addresses, NotReadyAddresses, Ports}`,
//! `EndpointAddress{IP, Hostname, NodeName *string, TargetRef *ObjectReference}`,
//! `EndpointPort{Name, Port int32, Protocol, AppProtocol *string}` and
//! `ObjectReference{Kind, Namespace, Name, UID types.UID, APIVersion, ResourceVersion, FieldPath}`.

use std::fmt::Write as _;

use kapi_api::core::v1::{EndpointAddress, EndpointPort, EndpointSubset, ObjectReference};

/// The `%#v` text of an `EndpointPort`.
pub(crate) fn port(p: &EndpointPort) -> String {
    let mut out = String::from("(core.EndpointPort)");
    port_body(&mut out, p);
    out
}

/// The `%#v` text of an `EndpointSubset` as upstream's repacking builds it: its address lists
/// are nil when empty (they are built by appending), and its ports never empty. An empty list
/// is therefore written `<nil>`, never `[]`.
pub(crate) fn subset(s: &EndpointSubset) -> String {
    let mut out = String::from("(core.EndpointSubset){Addresses:");
    list(&mut out, "[]core.EndpointAddress", &s.addresses, address_body);
    out.push_str(" NotReadyAddresses:");
    list(&mut out, "[]core.EndpointAddress", &s.not_ready_addresses, address_body);
    out.push_str(" Ports:");
    list(&mut out, "[]core.EndpointPort", &s.ports, port_body);
    out.push('}');
    out
}

/// A typed slice: `([]T)<nil>` when empty, else `([]T)[a b]` with untyped elements.
fn list<T>(out: &mut String, ty: &str, items: &[T], body: fn(&mut String, &T)) {
    let _ = write!(out, "({ty})");
    if items.is_empty() {
        out.push_str("<nil>");
        return;
    }
    out.push('[');
    for (i, item) in items.iter().enumerate() {
        if i > 0 {
            out.push(' ');
        }
        body(out, item);
    }
    out.push(']');
}

fn port_body(out: &mut String, p: &EndpointPort) {
    let _ = write!(
        out,
        "{{Name:(string){} Port:(int32){} Protocol:(core.Protocol){} AppProtocol:",
        p.name, p.port, p.protocol.0
    );
    optional_string(out, p.app_protocol.as_deref());
    out.push('}');
}

fn address_body(out: &mut String, a: &EndpointAddress) {
    let _ = write!(out, "{{IP:(string){} Hostname:(string){} NodeName:", a.ip, a.hostname);
    optional_string(out, a.node_name.as_deref());
    out.push_str(" TargetRef:(*core.ObjectReference)");
    match &a.target_ref {
        None => out.push_str("<nil>"),
        Some(r) => reference_body(out, r),
    }
    out.push('}');
}

fn reference_body(out: &mut String, r: &ObjectReference) {
    let _ = write!(
        out,
        "{{Kind:(string){} Namespace:(string){} Name:(string){} UID:(types.UID){} APIVersion:(string){} \
         ResourceVersion:(string){} FieldPath:(string){}}}",
        r.kind, r.namespace, r.name, r.uid, r.api_version, r.resource_version, r.field_path
    );
}

/// A `*string` field: its type, then the string or `<nil>`.
fn optional_string(out: &mut String, s: Option<&str>) {
    out.push_str("(*string)");
    out.push_str(s.unwrap_or("<nil>"));
}

#[cfg(test)]
mod tests {
    use kapi_api::core::v1::{EndpointAddress, EndpointPort, EndpointSubset, ObjectReference, Protocol};

    use super::{port, subset};
    use crate::server::strategy::endpoints::hash_key;

    fn hex(d: [u8; 16]) -> String {
        d.iter().map(|b| format!("{b:02x}")).collect()
    }

    // The texts and digests below are go-spew's (commit d8f796a, the version k8s.io/utils
    // pins) through `dump.ForHash`'s configuration, printed from Go structs shaped as
    // `k8s.io/kubernetes/pkg/apis/core`'s.

    #[test]
    fn a_bare_port_prints_every_field_typed() {
        let p = EndpointPort { port: 111, ..Default::default() };
        let text = port(&p);
        assert_eq!(
            text,
            "(core.EndpointPort){Name:(string) Port:(int32)111 Protocol:(core.Protocol) AppProtocol:(*string)<nil>}"
        );
        assert_eq!(hex(hash_key(&text)), "216bc0cb9123870e4ff4769937658d38");
    }

    #[test]
    fn a_set_pointer_prints_its_type_then_the_value() {
        let p = EndpointPort {
            name: "http".into(),
            port: 80,
            protocol: Protocol("TCP".into()),
            app_protocol: Some("h2c".into()),
        };
        let text = port(&p);
        assert_eq!(
            text,
            "(core.EndpointPort){Name:(string)http Port:(int32)80 Protocol:(core.Protocol)TCP AppProtocol:(*string)h2c}"
        );
        assert_eq!(hex(hash_key(&text)), "ba57dc20a13c98fa8659d90337b06b33");
    }

    #[test]
    fn strings_are_raw_and_negative_numbers_signed() {
        let p =
            EndpointPort { name: "a \"q\"\n".into(), port: -5, protocol: Protocol("UDP".into()), app_protocol: None };
        let text = port(&p);
        assert_eq!(
            text,
            "(core.EndpointPort){Name:(string)a \"q\"\n Port:(int32)-5 Protocol:(core.Protocol)UDP AppProtocol:(*string)<nil>}"
        );
        assert_eq!(hex(hash_key(&text)), "20d1a490e686c9955969d8a4c71eaaa5");
    }

    #[test]
    fn a_subset_prints_its_lists_and_references() {
        let s = EndpointSubset {
            addresses: vec![
                EndpointAddress {
                    ip: "1.2.3.4".into(),
                    hostname: "h".into(),
                    node_name: Some("n1".into()),
                    target_ref: Some(ObjectReference {
                        kind: "Pod".into(),
                        namespace: "ns".into(),
                        name: "p".into(),
                        uid: "u-1".into(),
                        api_version: "v1".into(),
                        resource_version: "7".into(),
                        field_path: "f".into(),
                    }),
                },
                EndpointAddress { ip: "5.6.7.8".into(), ..Default::default() },
            ],
            not_ready_addresses: Vec::new(),
            ports: vec![EndpointPort { port: 1, ..Default::default() }, EndpointPort { port: 2, ..Default::default() }],
        };
        let text = subset(&s);
        assert_eq!(
            text,
            "(core.EndpointSubset){Addresses:([]core.EndpointAddress)[{IP:(string)1.2.3.4 Hostname:(string)h \
             NodeName:(*string)n1 TargetRef:(*core.ObjectReference){Kind:(string)Pod Namespace:(string)ns \
             Name:(string)p UID:(types.UID)u-1 APIVersion:(string)v1 ResourceVersion:(string)7 FieldPath:(string)f}} \
             {IP:(string)5.6.7.8 Hostname:(string) NodeName:(*string)<nil> TargetRef:(*core.ObjectReference)<nil>}] \
             NotReadyAddresses:([]core.EndpointAddress)<nil> Ports:([]core.EndpointPort)[{Name:(string) \
             Port:(int32)1 Protocol:(core.Protocol) AppProtocol:(*string)<nil>} {Name:(string) Port:(int32)2 \
             Protocol:(core.Protocol) AppProtocol:(*string)<nil>}]}"
        );
        assert_eq!(hex(hash_key(&text)), "a1b670845ce86b92c618f2cd4bddfea2");
    }
}
