//! Parses a source file for the universe with every function body left empty: nothing in the model reads a body, and parsing the statements of the hand-written functions was a fifth of the load.

use proc_macro2::{Delimiter, Group, TokenStream, TokenTree};

/// The file's items as [`syn::parse_file`] gives them, except that each function's body (free
/// functions, and methods of `impl` and `trait` blocks, in inline modules too) is an empty block
/// with the body's span. The whole file is still lexed, so an unbalanced delimiter or a bad
/// literal is reported as before; a syntax error inside a body is left to the compiler.
///
/// Anything unusual (a byte-order mark, a shebang line, a file the outline cannot parse) goes
/// through [`syn::parse_file`] unchanged, so an error is always syn's own error for the file.
pub fn parse_outline(source: &str) -> syn::Result<syn::File> {
    let plain = !source.starts_with('\u{feff}') && (!source.starts_with("#!") || source.starts_with("#!["));
    if plain
        && let Ok(tokens) = source.parse::<TokenStream>()
        && let Ok(file) = syn::parse2::<syn::File>(hollow(tokens))
    {
        return Ok(file);
    }
    syn::parse_file(source)
}

/// The tokens of a sequence of items with the bodies of its functions emptied, and the items of
/// its `mod`, `impl` and `trait` blocks treated the same way.
fn hollow(tokens: TokenStream) -> TokenStream {
    let tokens: Vec<TokenTree> = tokens.into_iter().collect();
    let mut out: Vec<TokenTree> = Vec::with_capacity(tokens.len());
    let mut rest = tokens.into_iter();
    while let Some(token) = rest.next() {
        let keyword = match &token {
            TokenTree::Ident(i) if starts_item(&out) => ["fn", "mod", "impl", "trait"].into_iter().find(|k| i == k),
            _ => None,
        };
        out.push(token);
        let Some(keyword) = keyword else { continue };
        // The item's block is its first brace group outside generic arguments; a `;` first means
        // it has none (`fn f();` in a trait, `mod m;`).
        let mut angles = 0usize;
        for token in rest.by_ref() {
            match &token {
                TokenTree::Punct(p) if p.as_char() == ';' && angles == 0 => {
                    out.push(token);
                    break;
                }
                TokenTree::Punct(p) if p.as_char() == '<' => angles += 1,
                // `->` is no closing angle.
                TokenTree::Punct(p) if p.as_char() == '>' && !is_punct(out.last(), '-') => {
                    angles = angles.saturating_sub(1)
                }
                TokenTree::Group(g) if g.delimiter() == Delimiter::Brace && angles == 0 => {
                    let inner = if keyword == "fn" { TokenStream::new() } else { hollow(g.stream()) };
                    let mut block = Group::new(Delimiter::Brace, inner);
                    block.set_span(g.span());
                    out.push(TokenTree::Group(block));
                    break;
                }
                _ => {}
            }
            out.push(token);
        }
    }
    out.into_iter().collect()
}

fn is_punct(token: Option<&TokenTree>, c: char) -> bool {
    matches!(token, Some(TokenTree::Punct(p)) if p.as_char() == c)
}

fn is_ident(token: Option<&TokenTree>, words: &[&str]) -> bool {
    matches!(token, Some(TokenTree::Ident(i)) if words.iter().any(|w| i == w))
}

/// Whether the next token begins an item's keyword: what precedes it since the end of the last
/// item is only attributes, a visibility and qualifiers (`pub(crate) const unsafe extern "C"`).
fn starts_item(before: &[TokenTree]) -> bool {
    let mut end = before.len();
    loop {
        let last = end.checked_sub(1).map(|i| &before[i]);
        let prev = end.checked_sub(2).map(|i| &before[i]);
        match last {
            None => return true,
            Some(TokenTree::Punct(p)) if p.as_char() == ';' => return true,
            Some(TokenTree::Group(g)) => match g.delimiter() {
                // The end of an item with a block (or of a macro invocation written with braces).
                Delimiter::Brace => return true,
                // `#[attr]` or `#![attr]`.
                Delimiter::Bracket if is_punct(prev, '#') || is_punct(prev, '!') => return true,
                // `pub(crate)`.
                Delimiter::Parenthesis if is_ident(prev, &["pub"]) => end -= 1,
                _ => return false,
            },
            Some(TokenTree::Literal(_)) if is_ident(prev, &["extern"]) => end -= 1,
            Some(t) if is_ident(Some(t), &["pub", "const", "async", "unsafe", "safe", "extern", "default", "auto"]) => {
                end -= 1
            }
            Some(_) => return false,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use quote::ToTokens;

    fn outline(source: &str) -> String {
        parse_outline(source).expect("parses").to_token_stream().to_string()
    }

    #[test]
    fn bodies_are_emptied_and_signatures_kept() {
        let out = outline(
            "#![allow(x)]\n/// Doc.\n#[inline] pub(crate) const unsafe fn f<T: Into<Vec<u8>>>(x: T) -> Option<Box<dyn Fn(u8) -> u8>> where T: Clone { let y = x; { y } }\n\
             mod m { fn g() -> u8 { 1 } }\n\
             impl<T> S<T> { pub const A: &'static str = \"a\"; fn h(&self) -> impl Iterator<Item = u8> { std::iter::once(2) } }\n\
             trait Tr { fn k(); fn l() { 3; } }\n\
             extern \"C\" { fn ext(); }\n\
             const C: fn() -> u8 = { 4 };\n\
             struct S<T>(T);",
        );
        assert!(!out.contains("let y"), "{out}");
        assert!(!out.contains(" 1 ") && !out.contains("once") && !out.contains(" 3 "), "{out}");
        assert!(
            out.contains(
                "fn f < T : Into < Vec < u8 > > > (x : T) -> Option < Box < dyn Fn (u8) -> u8 > > where T : Clone { }"
            ),
            "{out}"
        );
        assert!(out.contains("pub const A : & 'static str = \"a\""), "{out}");
        assert!(out.contains("fn k () ;") && out.contains("fn ext () ;"), "{out}");
        // A constant's block is not a function body.
        assert!(out.contains("= { 4 } ;"), "{out}");
        assert!(out.contains("struct S < T > (T) ;"), "{out}");
    }

    #[test]
    fn spans_point_into_the_original_text() {
        let file = parse_outline("fn a() {\n    x\n}\nfn b() {}\n").expect("parses");
        let syn::Item::Fn(b) = &file.items[1] else { panic!("{:?}", file.items) };
        assert_eq!(b.sig.ident.span().start().line, 4);
        let syn::Item::Fn(a) = &file.items[0] else { panic!() };
        assert_eq!(a.block.brace_token.span.close().start().line, 3);
    }

    /// Empties the bodies the outline empties, in syn's own parse.
    fn hollow_items(items: &mut [syn::Item]) {
        for item in items {
            match item {
                syn::Item::Fn(f) => f.block.stmts.clear(),
                syn::Item::Impl(i) => i.items.iter_mut().for_each(|i| {
                    if let syn::ImplItem::Fn(f) = i {
                        f.block.stmts.clear();
                    }
                }),
                syn::Item::Trait(t) => t.items.iter_mut().for_each(|i| {
                    if let syn::TraitItem::Fn(syn::TraitItemFn { default: Some(b), .. }) = i {
                        b.stmts.clear();
                    }
                }),
                syn::Item::Mod(syn::ItemMod { content: Some((_, items)), .. }) => hollow_items(items),
                _ => {}
            }
        }
    }

    /// Every source file of the project's API trees (and of the front-end itself, which has
    /// nested modules, traits and closures): the outline is syn's parse with the bodies emptied.
    #[test]
    fn every_tree_file_outlines_as_syn_parses_it() {
        let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
        let mut files = 0;
        for dir in [
            "api/src",
            "api/base/src",
            "api/workloads/src",
            "api/platform/src",
            "kitchen-sink/src",
            "frontend/src",
            "codegen/src",
        ] {
            for entry in walkdir::WalkDir::new(root.join(dir)) {
                let entry = entry.expect("the tree can be read");
                if entry.path().extension().is_none_or(|x| x != "rs") {
                    continue;
                }
                let source = std::fs::read_to_string(entry.path()).expect("a source file reads");
                let mut want = syn::parse_file(&source).expect("the tree parses");
                hollow_items(&mut want.items);
                let got = parse_outline(&source).expect("the outline parses");
                let path = entry.path().display();
                assert_eq!(got.items.len(), want.items.len(), "{path}");
                for (g, w) in got.items.iter().zip(&want.items) {
                    assert_eq!(g.to_token_stream().to_string(), w.to_token_stream().to_string(), "{path}");
                }
                files += 1;
            }
        }
        assert!(files > 300, "only {files} files found");
    }

    #[test]
    fn errors_are_syns_own() {
        for source in ["struct S { a: }", "fn f( {", "\u{feff}struct S;", "#!/bin/sh\nstruct S;", "pub fn f() -> { }"] {
            let ours = parse_outline(source).map(|f| f.items.len()).map_err(|e| (e.to_string(), e.span().start()));
            let syns = syn::parse_file(source).map(|f| f.items.len()).map_err(|e| (e.to_string(), e.span().start()));
            assert_eq!(ours, syns, "{source}");
        }
    }
}
