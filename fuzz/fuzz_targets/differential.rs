//! Differential fuzzing of the serializers: decode in one format, encode in all three, decode again, semantically equal.
#![no_main]

// Input: a byte choosing the source format (JSON, YAML, protobuf), a byte choosing the default
// kind (0: none, else one of the scheme's kinds), then the data. Every format must carry what
// any format decoded, and encoding what came back must give the same bytes again.
//
// Embedded raw JSON (`RawExtension`, `FieldsV1`) is kept verbatim when decoded and normalised
// when encoded (compacted by JSON, keys sorted by YAML), as upstream does, so the decoded object
// is first settled by one trip through YAML and JSON; the formats are compared from there.
//
// One asymmetry is upstream's and is skipped: a time past year 9999 (or before year 0) decodes
// from protobuf and is written to JSON and YAML as Go writes it, a text no parser reads back
// (`kapi_tests::fuzz::is_unreadable_year`).

use std::sync::OnceLock;

use kapi_machinery::serializer::Format;
use kapi_machinery::{GroupVersionKind, Object, Options, Scheme, Serializer};
use kapi_tests::fuzz::is_unreadable_year;
use libfuzzer_sys::fuzz_target;

const FORMATS: [Format; 3] = [Format::Json, Format::Yaml, Format::Protobuf];

fn setup() -> &'static (Scheme, Vec<GroupVersionKind>) {
    static SETUP: OnceLock<(Scheme, Vec<GroupVersionKind>)> = OnceLock::new();
    SETUP.get_or_init(|| {
        let scheme = kapi_api::scheme().expect("the API registers cleanly");
        let kinds = kapi_tests::compat::tested_kinds(&scheme);
        (scheme, kinds)
    })
}

fn shown(scheme: &Scheme, obj: &dyn Object) -> String {
    let json = Serializer::new(scheme, Format::Json, Options { pretty: true, ..Options::DEFAULT }).encode(obj);
    json.map(|b| String::from_utf8_lossy(&b).into_owned()).unwrap_or_else(|e| format!("<{e}>"))
}

fuzz_target!(|data: &[u8]| {
    let [format, kind, data @ ..] = data else { return };
    let (scheme, kinds) = setup();
    let source = FORMATS[usize::from(*format) % FORMATS.len()];
    let default = match kind {
        0 => None,
        k => Some(&kinds[usize::from(k - 1) % kinds.len()]),
    };
    let Ok(decoded) = Serializer::new(scheme, source, Options::default()).decode(data, default) else { return };
    let gvk = &decoded.gvk;
    let trip = |format: Format, obj: &dyn Object| -> Option<Box<dyn Object>> {
        let ser = Serializer::new(scheme, format, Options::default());
        let bytes = ser.encode(obj).ok()?;
        match ser.decode(&bytes, Some(gvk)) {
            Ok(back) => Some(back.object),
            Err(e) if is_unreadable_year(&e.to_string()) => None,
            Err(e) => panic!(
                "{format:?}: the encoding of a decoded {gvk} does not decode: {e}\n{}",
                String::from_utf8_lossy(&bytes)
            ),
        }
    };
    let Some(settled) = trip(Format::Yaml, decoded.object.as_ref()) else { return };
    let Some(settled) = trip(Format::Json, settled.as_ref()) else { return };
    let obj = settled.as_ref();
    for target in FORMATS {
        let ser = Serializer::new(scheme, target, Options::default());
        // Not every object has every wire form (internal kinds have none, JSON-only kinds no
        // protobuf); the decoders' own target checks that encoding fails cleanly.
        let Ok(bytes) = ser.encode(obj) else { continue };
        let back = ser.decode(&bytes, Some(gvk)).unwrap_or_else(|e| {
            panic!("{source:?} → {target:?}: the encoding does not decode: {e}\n{}", String::from_utf8_lossy(&bytes))
        });
        assert!(
            obj.semantic_eq_dyn(back.object.as_ref()),
            "{source:?} → {target:?} changed the {}:\nbefore: {}\nafter: {}",
            gvk,
            shown(scheme, obj),
            shown(scheme, back.object.as_ref()),
        );
        let again = ser.encode(back.object.as_ref()).expect("what encoded once encodes again");
        assert!(
            again == bytes,
            "{source:?} → {target:?}: encoding again gives other bytes:\n{}\n{}",
            String::from_utf8_lossy(&bytes),
            String::from_utf8_lossy(&again)
        );
    }
});
