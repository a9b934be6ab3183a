//! The generators, one module per kind of output.

pub mod clientset;
pub mod conversion;
pub mod defaults;
pub mod proto;
pub mod register;
pub mod roundtrip;

use std::path::Path;

use crate::output::HEADER;

/// Formats generated Rust and puts the header in front.
pub fn render_rust(file: &syn::File) -> String {
    format!("{HEADER}\n{}", prettyplease::unparse(file))
}

/// A package's directory relative to the API root with a leading `src/` removed: the same relative
/// path is used under the output root.
pub fn package_rel(root: &Path, dir: &Path) -> std::path::PathBuf {
    let rel = dir.strip_prefix(root).unwrap_or(dir);
    rel.strip_prefix("src").unwrap_or(rel).to_path_buf()
}

/// The path, from a generated module included into a package, of an item defined in one of the
/// package's files: `super::Item` for `mod.rs`, `super::<file stem>::Item` otherwise.
pub fn item_path(file: &Path, ident: &syn::Ident) -> syn::Path {
    match file.file_stem().and_then(|s| s.to_str()) {
        Some("mod") | None => syn::parse_quote!(super::#ident),
        Some(stem) => {
            let m = quote::format_ident!("{}", stem);
            syn::parse_quote!(super::#m::#ident)
        }
    }
}

/// A rustc-style diagnostic at a span of a file: the message, `--> file:line:col`, the source
/// line with a caret under the span, and a note naming the fix.
pub fn diagnostic(file: &Path, span: proc_macro2::Span, message: &str, note: &str) -> String {
    let source = std::fs::read_to_string(file).unwrap_or_default();
    let rendered =
        kapi_frontend::diagnostics::render(&file.display().to_string(), &source, &syn::Error::new(span, message));
    format!("{}\n  = note: {note}\n", rendered.trim_end())
}
