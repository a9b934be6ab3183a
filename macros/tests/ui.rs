//! Compile-fail tests of `#[derive(Kapi)]` misuse, one folder per category; each `.stderr` holds
//! the spanned errors the derive reports (all of them at once).

#[test]
fn ui() {
    let t = trybuild::TestCases::new();
    t.compile_fail("tests/ui/*/*.rs");
}
