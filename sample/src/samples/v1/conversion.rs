//! Hand-written conversions of the field the generator cannot pair: v1's `image` string.

use kapi_machinery::ConversionError;

use super::FooSpec;
use crate::samples as internal;

/// Splits `repository[:tag]` at its last `:` when a non-empty tag without `/` follows it (so a
/// registry port, `registry:5000/app`, stays in the repository), and converts the rest.
pub fn convert_foo_spec_to_internal(mut from: FooSpec) -> Result<internal::FooSpec, ConversionError> {
    let image = std::mem::take(&mut from.image);
    let mut out = super::auto_convert_foo_spec_to_internal(from)?;
    out.image = match image.rsplit_once(':') {
        Some((repository, tag)) if !tag.is_empty() && !tag.contains('/') => {
            internal::Image { repository: repository.to_owned(), tag: tag.to_owned() }
        }
        _ => internal::Image { repository: image, tag: String::new() },
    };
    Ok(out)
}

/// Joins the image as `repository:tag` (`repository` alone without a tag); the reverse of
/// [`convert_foo_spec_to_internal`].
pub fn convert_foo_spec_from_internal(mut from: internal::FooSpec) -> Result<FooSpec, ConversionError> {
    let image = std::mem::take(&mut from.image);
    let mut out = super::auto_convert_foo_spec_from_internal(from)?;
    out.image = if image.tag.is_empty() { image.repository } else { format!("{}:{}", image.repository, image.tag) };
    Ok(out)
}
