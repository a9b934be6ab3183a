//! Custom fuzzer functions: v1 writes the image as `repository:tag`, so only images that string
//! reads back as the same two parts survive the round trip through it; and the fields the
//! versions default are set, as defaulting would set them.

use kapi_machinery::Fuzzer;

use super::FooSpec;

/// A repository without `:`, a tag without `:` or `/`, a deployment name and replicas.
pub fn fuzz_foo_spec(obj: &mut FooSpec, f: &mut Fuzzer) {
    f.fuzz_no_custom(obj);
    obj.image.repository = obj.image.repository.replace(':', "");
    obj.image.tag = obj.image.tag.replace([':', '/'], "");
    if obj.deployment_name.is_empty() {
        obj.deployment_name = "foo".into();
    }
    obj.replicas.get_or_insert(1);
}
