//! Rust source written as text, line by line with indentation, for generators whose output is too large to build as tokens, parse back with syn and print with prettyplease on every run.
//
// Apply configurations are about half of the generated code of the whole API; writing them as
// `quote!` tokens and parsing those into a `syn::File` for prettyplease cost more than any other
// step of `--verify-only`. Their items have a few fixed shapes, so they are written directly, in
// the layout prettyplease gives the other generated files (no blank lines between items, four
// spaces a level), with signatures broken one parameter a line when they are long.

use std::fmt::Write as _;

/// The width past which a method signature is broken one parameter a line.
const WIDTH: usize = 100;

/// Rust source being written: lines at the current indentation.
#[derive(Debug, Default)]
pub struct RustText {
    out: String,
    indent: usize,
}

impl RustText {
    /// An empty text.
    pub fn new() -> Self {
        Self::default()
    }

    /// One line at the current indentation.
    pub fn line(&mut self, text: &str) {
        for _ in 0..self.indent {
            self.out.push_str("    ");
        }
        self.out.push_str(text);
        self.out.push('\n');
    }

    /// A `///` doc comment (the text is written after `///`, as a `#[doc = " …"]` attribute's).
    pub fn doc(&mut self, text: &str) {
        for line in text.split('\n') {
            self.line(&format!("///{line}"));
        }
    }

    /// `head {` and one level deeper.
    pub fn open(&mut self, head: &str) {
        self.line(&format!("{head} {{"));
        self.indent += 1;
    }

    /// One level shallower and `}`.
    pub fn close(&mut self) {
        self.close_with("");
    }

    /// `head(params) tail {` on one line when it fits, else with one parameter a line, then one
    /// level deeper.
    pub fn open_fn(&mut self, head: &str, params: &[&str], tail: &str) {
        let one = format!("{head}({}){tail}", params.join(", "));
        if self.indent * 4 + one.len() + 2 <= WIDTH || params.is_empty() {
            self.open(&one);
            return;
        }
        self.line(&format!("{head}("));
        self.indent += 1;
        for p in params {
            self.line(&format!("{p},"));
        }
        self.indent -= 1;
        self.open(&format!("){tail}"));
    }

    /// An expression of a `first` part and `rest` parts (a chain of `&&`, of method calls): on
    /// one line joined by `inline` when it fits, else each of `rest` on a line of its own one
    /// level deeper, after `prefix`.
    pub fn chain(&mut self, first: &str, inline: &str, prefix: &str, rest: &[String]) {
        let len = first.len() + rest.iter().map(|r| inline.len() + r.len()).sum::<usize>();
        if self.indent * 4 + len <= WIDTH {
            let mut one = first.to_owned();
            for r in rest {
                one.push_str(inline);
                one.push_str(r);
            }
            self.line(&one);
            return;
        }
        self.line(first);
        self.indent += 1;
        for r in rest {
            self.line(&format!("{prefix}{r}"));
        }
        self.indent -= 1;
    }

    /// One level shallower and `}` followed by `suffix` (`};` after a `let … = match`).
    pub fn close_with(&mut self, suffix: &str) {
        self.indent = self.indent.saturating_sub(1);
        self.line(&format!("}}{suffix}"));
    }

    /// The text written.
    pub fn finish(self) -> String {
        self.out
    }
}

/// A path as source text: `crate::core::v1::Pod`, `::kapi_api::meta::v1::ObjectMeta`.
pub fn path_text(path: &syn::Path) -> String {
    let mut out = String::new();
    if path.leading_colon.is_some() {
        out.push_str("::");
    }
    for (i, seg) in path.segments.iter().enumerate() {
        if i > 0 {
            out.push_str("::");
        }
        let _ = write!(out, "{}", seg.ident);
        if !seg.arguments.is_none() {
            // Type paths of the tree never carry generic arguments; print them as tokens if one does.
            let args = &seg.arguments;
            let _ = write!(out, "{}", quote::quote!(#args));
        }
    }
    out
}

/// A string literal as source text, escaped as Rust escapes it.
pub fn str_literal(value: &str) -> String {
    proc_macro2::Literal::string(value).to_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn long_signatures_break_one_parameter_a_line() {
        let mut t = RustText::new();
        t.open("impl A");
        t.open_fn("pub fn short", &["mut self", "value: u8"], " -> Self");
        t.line("self");
        t.close();
        let long = format!("value: impl Into<{}>", "x".repeat(80));
        t.open_fn("pub fn long", &["mut self", &long], " -> Self");
        t.line("self");
        t.close();
        t.close();
        let expected = format!(
            "impl A {{\n    pub fn short(mut self, value: u8) -> Self {{\n        self\n    }}\n    pub fn long(\n        mut self,\n        {long},\n    ) -> Self {{\n        self\n    }}\n}}\n"
        );
        assert_eq!(t.finish(), expected);
    }

    #[test]
    fn long_chains_break_one_part_a_line() {
        let mut t = RustText::new();
        let rest = vec!["b".to_owned(), "c".to_owned()];
        t.chain("a", " && ", "&& ", &rest);
        let long: Vec<String> = (0..9).map(|i| format!(".with_{i}(\"{}\")", "v".repeat(8))).collect();
        t.chain("Self::default()", "", "", &long);
        let mut expected = "a && b && c\nSelf::default()\n".to_owned();
        for l in &long {
            expected.push_str(&format!("    {l}\n"));
        }
        assert_eq!(t.finish(), expected);
    }

    #[test]
    fn paths_and_literals_print_as_source() {
        let p: syn::Path = syn::parse_quote!(::kapi_api::meta::v1::ObjectMeta);
        assert_eq!(path_text(&p), "::kapi_api::meta::v1::ObjectMeta");
        let p: syn::Path = syn::parse_quote!(crate::core::v1::r#type::Pod);
        assert_eq!(path_text(&p), "crate::core::v1::r#type::Pod");
        assert_eq!(str_literal("a\"b"), r#""a\"b""#);
    }
}
