//! validation-gen over fixture trees: the validators it writes from `+k8s:` tags, their registration, and every malformed or misplaced tag reported at its file:line:col.

use std::path::Path;

fn fixture(name: &str) -> std::path::PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/declarative").join(name)
}

#[test]
fn validators_follow_the_tags() {
    let outputs =
        kapi_codegen::generate_tree(&fixture("good"), &["validation".to_owned()]).unwrap_or_else(|d| panic!("{d}"));
    let files: Vec<String> = outputs.keys().map(|p| p.display().to_string()).collect();
    assert_eq!(files, ["v1/validation.rs"]);
    let text = &outputs[Path::new("v1/validation.rs")];
    insta::assert_snapshot!(text);
    // A kind without tags, or reaching none, gets no validator.
    assert!(!text.contains("untagged"), "{text}");
    // Enum values are the type's constants, sorted.
    assert!(text.contains(r#"&["Left", "Right"]"#), "{text}");
    // An opaque field is not walked into.
    assert!(!text.contains("obj.hidden"), "{text}");
    // List items are keyed for hashing, never compared pairwise: list map keys as a tuple of
    // borrowed strings, numbers and options, a set of scalars by the item, a set of structs by
    // its canonical JSON; the old list is indexed once, before the loop over the items.
    let flat = text.split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(!flat.contains("|a, b|"), "{text}");
    assert!(!flat.contains("v::find"), "{text}");
    for needle in [
        "v::unique( errs, &p, new_items, |x| (x.port, x.protocol.0.as_str(), x.host.as_deref()),",
        "v::update_items( errs, &p, true, false, new_items, prev_items, |x| (x.port, x.protocol.0.as_str(), x.host.as_deref()),",
        "v::unique( errs, &p, new_items, |x| x.as_str(),",
        "v::unique( errs, &p, new_items, |x| x.0.as_str(),",
        "v::unique( errs, &p, new_items, |x| v::json_key(x),",
        "let old_items = v::old_items(prev.map(|x| &x[..]), |x| v::json_key(x)); for (i, new) in new.iter().enumerate() { let prev = old_items.find(new);",
    ] {
        assert!(flat.contains(needle), "missing {needle:?} in:\n{text}");
    }
    // Mode members: the discriminator picks the rules, other modes forbid the member, and an
    // update that changes neither is not checked again.
    for needle in [
        "if !(prev == Some(new) && old.is_some_and(|o| o.mode == obj.mode)) { #[allow(unreachable_patterns)] match obj.mode.0.as_str() { \"Fast\" => 'f0: {",
        "_ => { if new.is_some() { v::forbidden(errs, &p); } }",
        "\"Slow\" => 'f0: {",
        "_ => { if new.is_some() { if o.beta_since(v::Release::new(1, 37)) { v::forbidden(errs, &p); } } }",
        // Items selected by their list map keys: a union over them, checked at the list, and
        // rules on one item against the old list's item with the same keys.
        "v::union( errs, &p, &[ \"parts[{\\\"name\\\": \\\"first\\\"}]\", \"parts[{\\\"name\\\": \\\"second\\\"}]\", ], &[ new_items.iter().any(|x| x.name == \"first\"),",
        "if let Some(new) = new_items.iter().find(|x| x.name == \"fixed\") { let prev = prev_items.iter().find(|x| x.name == \"fixed\"); let p = p.key(\"{\\\"name\\\": \\\"fixed\\\"}\");",
        // A number that may not shrink on update.
        "if let Some(prev) = prev { let was = { let new = prev; i64::from(*new) }; v::monotonic(errs, &p, i64::from(*new), was); }",
        // A sibling required or forbidden while its trigger is set.
        "let (trigger, dependent) = ((&obj.slow).is_some(), (&obj.fast).is_some()); if !old .is_some_and(|old| { ((&old.slow).is_some(), (&old.fast).is_some()) == (trigger, dependent) }) { if trigger && dependent { errs.push( kapi_machinery::validation::FieldError::forbidden( path.child(\"fast\"), \"may not be specified when `slow` is set\", ), ); } }",
    ] {
        assert!(flat.contains(needle), "missing {needle:?} in:\n{text}");
    }
}

#[test]
fn registration_adds_declarative_validators() {
    let outputs = kapi_codegen::generate_tree(&fixture("good"), &["register".to_owned()]).unwrap();
    let text = &outputs[Path::new("v1/register.rs")];
    // The call is long enough that the printer breaks it over lines: compare without whitespace.
    let flat: String = text.split_whitespace().collect();
    assert!(
        flat.contains("scheme.add_declarative_validation_func(super::validation::validate_declarative_gadget"),
        "{text}"
    );
    // Registered as hand-written, a version's declarative rules would validate its other versions.
    assert!(!flat.contains("add_validation_func(super::validation::validate_declarative"), "{text}");
    assert!(!text.contains("validate_declarative_untagged"), "{text}");
}

#[test]
fn malformed_and_misplaced_tags_are_reported_where_written() {
    let errors = kapi_codegen::generate_tree(&fixture("bad"), &[]).unwrap_err();
    let rel = errors.replace(env!("CARGO_MANIFEST_DIR"), "<root>");
    for needle in [
        "error: `+k8s:maxItems` applies to a list, not to a string\n  --> <root>/tests/fixtures/declarative/bad/v1/types.rs:8:5",
        "error: `+k8s:minimum` takes an integer, not `one`\n  --> <root>/tests/fixtures/declarative/bad/v1/types.rs:11:5",
        "error: `+k8s:beta` takes the release it started in: `+k8s:beta(since: \"1.37\")=+k8s:…`\n  --> <root>/tests/fixtures/declarative/bad/v1/types.rs:14:5",
        "error: unknown format `k8s-dns`; the formats are: k8s-short-name",
        "bad/v1/types.rs:17:5",
        "error: unknown tag `+k8s:requird`; the known ones are:",
        "bad/v1/types.rs:20:5",
        "error: `Part` has no field with the JSON name `nope`\n  --> <root>/tests/fixtures/declarative/bad/v1/types.rs:23:5",
        "error: `+k8s:required` goes on a field, not on a type\n  --> <root>/tests/fixtures/declarative/bad/v1/types.rs:39:1",
        "error: `+k8s:enum` on `NoValues` needs the type marked `+enum`",
        "bad/v1/types.rs:46:1",
        "error: the list map key `part` of `Holder` must be a string, an integer or a boolean (or an option or a newtype of one)\n  --> <root>/tests/fixtures/declarative/bad/v1/types.rs:26:5",
        "error: the list map key `missing` is not a field of `Holder`\n  --> <root>/tests/fixtures/declarative/bad/v1/types.rs:26:5",
        "error: `+k8s:ifMode` on `a` needs a field of `Moded` marked `+k8s:modeDiscriminator`\n  --> <root>/tests/fixtures/declarative/bad/v1/types.rs:52:5",
        "error: `+k8s:modeDiscriminator` on `mode` needs a string, a newtype over one or a bool (not an option)\n  --> <root>/tests/fixtures/declarative/bad/v1/types.rs:59:5",
        "error: `+k8s:item` on `atomic` needs a list marked `+k8s:listType=map` with `+k8s:listMapKey`\n  --> <root>/tests/fixtures/declarative/bad/v1/types.rs:69:5",
        "error: `+k8s:item` names the item by every list map key of `keyed`, and only those: `name`\n  --> <root>/tests/fixtures/declarative/bad/v1/types.rs:74:5",
        "error: `+k8s:dependentRequired(\"nope\")`: `BadDependency` has no field with the JSON name `nope`\n  --> <root>/tests/fixtures/declarative/bad/v1/types.rs:81:5",
    ] {
        assert!(rel.contains(needle), "missing {needle:?} in:\n{rel}");
    }
}

#[test]
fn validation_is_compiled_only_with_the_validation_feature() {
    let outputs = kapi_codegen::generate_tree(&fixture("good"), &[]).unwrap();
    let module = &outputs[Path::new("v1/mod.rs")];
    assert!(
        module.contains("#[cfg(feature = \"validation\")]\n#[path = \"validation.rs\"]\nmod validation;\n#[cfg(feature = \"validation\")]\npub use validation::*;"),
        "{module}"
    );
    // Registration names the validators only under the same feature, so a client build that
    // leaves it off compiles none of them.
    let register = &outputs[Path::new("v1/register.rs")];
    let gate = register.find("#[cfg(feature = \"validation\")]").unwrap_or_else(|| panic!("no gate in:\n{register}"));
    let call =
        register.find("add_declarative_validation_func").unwrap_or_else(|| panic!("no registration in:\n{register}"));
    assert!(gate < call, "{register}");
    assert_eq!(register.matches("#[cfg(feature = \"validation\")]").count(), 1, "{register}");
}
