//! Compile-fail tests: scope mismatches are type errors.

#[test]
fn wrong_scope_does_not_compile() {
    let t = trybuild::TestCases::new();
    t.compile_fail("tests/ui/scope/*.rs");
}
