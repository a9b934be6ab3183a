//! Custom fuzzer functions: v1 keeps sizes in centimetres, so only whole centimetres survive the
//! round trip through it.

use kapi_machinery::Fuzzer;

use super::GadgetSpec;

/// A size in whole centimetres.
pub fn fuzz_gadget_spec(obj: &mut GadgetSpec, f: &mut Fuzzer) {
    f.fuzz_no_custom(obj);
    obj.size_mm = (f.below(1 << 40) as i64) * 10;
}
