//! Compile-fail tests of `#[derive(Kapi)]` misuse, one folder per category; each `.stderr` holds
//! the spanned errors the derive reports (all of them at once). `tests/pass/` holds valid inputs
//! at the edges of what the derive expands, which must build and run.

#[test]
fn ui() {
    let t = trybuild::TestCases::new();
    t.compile_fail("tests/ui/*/*.rs");
    t.pass("tests/pass/*.rs");
}
