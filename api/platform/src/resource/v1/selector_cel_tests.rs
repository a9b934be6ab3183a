//! Device selectors compiled in the DRA environment: the compile results of upstream's `compile_test.go` cases (the new-expressions environment of the fixtures' release), and the texts of its validation tests.

use super::{MAX_COST, check_selector};

#[track_caller]
fn ok(src: &str) {
    assert!(check_selector(src).is_ok(), "{src}: {:?}", check_selector(src));
}

#[track_caller]
fn refused(src: &str) -> String {
    check_selector(src).expect_err(src)
}

/// The expressions of upstream's `TestCEL` that compile (their run-time results are no
/// write-time concern).
#[test]
fn upstream_expressions_that_compile() {
    for src in [
        "true",
        "false",
        r#"device.attributes["no-such-domain"].noSuchAttr.isGreaterThan(quantity("0"))"#,
        r#"device.attributes["no-such-domain"]["noSuchAttr"].isGreaterThan(quantity("0"))"#,
        r#""no-such-domain" in device.attributes"#,
        r#""dra.example.com" in device.attributes"#,
        r#"device.driver == """#,
        r#"device.driver == "dra.example.com""#,
        r#"device.attributes["dra.example.com"].name"#,
        r#"device.attributes["dra.example.com"]["name"]"#,
        r#"cel.bind(dra, device.attributes["dra.example.com"], dra.name)"#,
        r#"device.attributes["other.example.com"].name"#,
        r#"device.attributes["dra.example.com"].name > 0"#,
        r#"device.attributes["dra.example.com"].name == "fish""#,
        r#"device.attributes["dra.example.com"].names.size() == 2"#,
        r#"1 in device.attributes["dra.example.com"].names"#,
        r#"device.attributes["dra.example.com"].name.isGreaterThan(semver("0.0.1"))"#,
        r#"device.attributes["dra.example.com"].name.isGreaterThan(semver("v0.0.1", true)) && isSemver("v1.0.0", true)"#,
        r#"device.capacity["dra.example.com"].name.isGreaterThan(quantity("1Ki"))"#,
        r#""name" in device.capacity["dra.example.com"] && device.capacity["dra.example.com"].name.isGreaterThan(quantity("1Ki"))"#,
        r#"!("name" in device.capacity["dra.example.com"]) || device.capacity["dra.example.com"].name.isGreaterThan(quantity("1Ki"))"#,
        "\ndevice.capacity[\"dra.example.com\"].quantity.isGreaterThan(quantity(\"1Ki\")) &&\ndevice.attributes[\"dra.example.com\"].bool &&\ndevice.attributes[\"dra.example.com\"][\"version\"].isGreaterThan(semver(\"0.0.1\"))\n",
        r#"device.attributes["dra.example.com"].a && device.attributes["dra.example.com"].b && device.attributes["dra.example.com"].c"#,
        r#"device.attributes.exists_one(x, x == "dra.example.com")"#,
        r#"device.attributes["dra.example.com"].exists_one(x, x == "services")"#,
        r#"device.attributes["dra.example.com"].services.split("example").size() >= 2"#,
        r#"device.attributes["dra.example.com"].services.matches("[^a]?sym")"#,
        r#"device.capacity.exists_one(x, x == "dra.example.com")"#,
        r#"device.capacity["dra.example.com"].exists_one(x, x == "memory")"#,
        "[1, 2, 3, 4, 5, 6, 7, 8, 9, 10].all(x, [1, 2, 3, 4, 5, 6, 7, 8, 9, 10].all(y, int('1'.find('[0-9]*')) < 100))",
        // DRAConsumableCapacity is on: the field is declared.
        "device.allowMultipleAllocations == true",
    ] {
        ok(src);
    }
}

/// Upstream's compile errors, as `convertCELErrorToValidationError` puts them in the `Invalid`
/// error's detail.
#[test]
fn upstream_compile_errors() {
    assert!(refused("?!").starts_with("compilation failed: ERROR: <input>:1:1: Syntax error: "), "{}", refused("?!"));
    assert_eq!(refused("1"), "must evaluate to bool or the unknown type, not int");
    // validation_resourceclaim_test.go's "CEL-compile-errors".
    assert_eq!(
        refused("device.attributes[true].someBoolean"),
        "compilation failed: ERROR: <input>:1:18: found no matching overload for '_[_]' applied to '(map(string, map(string, any)), bool)'\n | device.attributes[true].someBoolean\n | .................^"
    );
    // validation_deviceclass_test.go's "selectors".
    assert_eq!(
        refused("noSuchVar"),
        "compilation failed: ERROR: <input>:1:1: undeclared reference to 'noSuchVar' (in container '')\n | noSuchVar\n | ^"
    );
    // DRAListTypeAttributes is off: no `includes`, and an attribute (`any`) is not a range.
    assert!(
        refused(r#"device.attributes["dra.example.com"].attr.includes("fish")"#).starts_with(
            "compilation failed: ERROR: <input>:1:51: undeclared reference to 'includes' (in container '')"
        ),
        "{}",
        refused(r#"device.attributes["dra.example.com"].attr.includes("fish")"#)
    );
    assert!(
        refused(r#"device.attributes["dra.example.com"].name.exists(x, x > 0)"#).starts_with(
            "compilation failed: ERROR: <input>:1:37: expression of type 'any' cannot be range of a comprehension (must be list, map, or dynamic)"
        ),
        "{}",
        refused(r#"device.attributes["dra.example.com"].name.exists(x, x > 0)"#)
    );
}

#[test]
fn fields_and_types_of_the_device() {
    assert_eq!(
        refused("device.name == 'x'"),
        "compilation failed: ERROR: <input>:1:7: undefined field 'name'\n | device.name == 'x'\n | ......^"
    );
    assert_eq!(
        refused("device.driver == 1"),
        "compilation failed: ERROR: <input>:1:15: found no matching overload for '_==_' applied to '(string, int)'\n | device.driver == 1\n | ..............^"
    );
    assert_eq!(
        refused("device.capacity['a'].b.isGreaterThan(semver('1.0.0'))"),
        "compilation failed: ERROR: <input>:1:37: found no matching overload for 'isGreaterThan' applied to 'kubernetes.Quantity.(kubernetes.Semver)'\n | device.capacity['a'].b.isGreaterThan(semver('1.0.0'))\n | ....................................^"
    );
    assert_eq!(refused("device.driver"), "must evaluate to bool or the unknown type, not string");
    assert_eq!(refused("device.capacity['a'].b"), "must evaluate to bool or the unknown type, not kubernetes.Quantity");
    assert_eq!(
        refused("device.attributes"),
        "must evaluate to bool or the unknown type, not map(string, map(string, any))"
    );
    assert_eq!(refused("semver('1.0.0')"), "must evaluate to bool or the unknown type, not kubernetes.Semver");
    assert_eq!(refused("null"), "must evaluate to bool or the unknown type, not null_type");
    assert_eq!(refused("dyn(true)"), "must evaluate to bool or the unknown type, not dyn");
    assert_eq!(refused("[true]"), "must evaluate to bool or the unknown type, not list(bool)");
    // `cel.bind` names a value; the name is not `device`'s.
    ok(
        "cel.bind(caps, device.capacity['dra.example.com'], 'memory' in caps && caps.memory.isGreaterThan(quantity('1Gi')))",
    );
    assert!(refused("cel.bind(d, device, d.nope)").contains("undefined field 'nope'"));
}

/// Upstream bounds a selector's estimated cost at 1,000,000 with the sizes `device` declares
/// (32 domains of 32 entries in each map): four nested loops over them (32⁴ iterations) are
/// over it, two are not.
#[test]
fn selectors_are_bounded_by_their_estimated_cost() {
    let two = "device.attributes.all(a, device.capacity.all(c, true))";
    assert!(check_selector(two).is_ok_and(|cost| cost <= MAX_COST));
    let four =
        "device.attributes.all(a, device.attributes.all(b, device.capacity.all(c, device.capacity.all(d, true))))";
    assert!(check_selector(four).is_ok_and(|cost| cost > MAX_COST));
    assert!(check_selector("device.driver == 'dra.example.com'").is_ok_and(|cost| cost <= MAX_COST));
}

/// Upstream's estimator gives a field selected on a domain's attributes (`attrs.name`) the
/// attribute's size, as it gives an index (`attrs["name"]`): comparing two attributes costs
/// their bounded length, not an unknown one (which would be over the limit).
#[test]
fn a_selected_attribute_has_the_attribute_size() {
    let selected = check_selector(r#"device.attributes["a.example.com"].x == device.attributes["b.example.com"].y"#);
    let indexed =
        check_selector(r#"device.attributes["a.example.com"]["x"] == device.attributes["b.example.com"]["y"]"#);
    assert!(selected.as_ref().is_ok_and(|&cost| cost <= MAX_COST), "{selected:?}");
    assert_eq!(selected, indexed);
}
