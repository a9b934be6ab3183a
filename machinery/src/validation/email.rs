//! Whether Go's `mail.ParseAddress` reads a value as exactly one address (an addr-spec or a name-addr, comments and a one-address group allowed): the `email` format of custom resources and the e-mail names of issued certificates.

/// Go's `mail.ParseAddress` succeeds (its address is never empty when it does).
pub fn is_address(value: &str) -> bool {
    let mut p = Parser { s: value };
    match p.address(true) {
        Some(n) => p.skip_cfws() && p.s.is_empty() && n == 1,
        None => false,
    }
}

struct Parser<'a> {
    s: &'a str,
}

fn is_vchar(c: char) -> bool {
    ('!'..='~').contains(&c) || !c.is_ascii()
}

fn is_atext(c: char, dot: bool) -> bool {
    match c {
        '.' => dot,
        '(' | ')' | '<' | '>' | '[' | ']' | ':' | ';' | '@' | '\\' | ',' | '"' => false,
        c => is_vchar(c),
    }
}

impl Parser<'_> {
    fn skip_space(&mut self) {
        self.s = self.s.trim_start_matches([' ', '\t']);
    }

    fn consume(&mut self, c: char) -> bool {
        match self.s.strip_prefix(c) {
            Some(rest) => {
                self.s = rest;
                true
            }
            None => false,
        }
    }

    /// Go's `parseAddress`: how many addresses (a group may hold several), `None` on an error.
    fn address(&mut self, group: bool) -> Option<usize> {
        self.skip_space();
        if self.s.is_empty() {
            return None;
        }
        let start = self.s;
        if self.addr_spec() {
            self.skip_space();
            if self.s.starts_with('(') && !self.display_name_comment() {
                return None;
            }
            return Some(1);
        }
        self.s = start;
        if !self.s.starts_with('<') && !self.phrase() {
            return None;
        }
        self.skip_space();
        if group && self.consume(':') {
            return self.group_list();
        }
        if !self.consume('<') || !self.addr_spec() || !self.consume('>') {
            return None;
        }
        Some(1)
    }

    /// Go's `consumeGroupList`: addresses separated by commas up to `;`.
    fn group_list(&mut self) -> Option<usize> {
        self.skip_space();
        if self.consume(';') {
            return self.skip_cfws().then_some(0);
        }
        let mut n = 0;
        loop {
            self.skip_space();
            n += self.address(false)?;
            if !self.skip_cfws() {
                return None;
            }
            if self.consume(';') {
                return self.skip_cfws().then_some(n);
            }
            if !self.consume(',') {
                return None;
            }
        }
    }

    /// Go's `consumeAddrSpec`: a dot-atom or non-empty quoted local part, `@`, and a dot-atom
    /// domain or a domain literal holding an IP address.
    fn addr_spec(&mut self) -> bool {
        self.skip_space();
        let local = if self.s.starts_with('"') {
            self.quoted_string().is_some_and(|q| !q.is_empty())
        } else {
            self.atom(true, false)
        };
        if !local || !self.consume('@') {
            return false;
        }
        self.skip_space();
        if self.s.is_empty() {
            return false;
        }
        if self.s.starts_with('[') { self.domain_literal() } else { self.atom(true, false) }
    }

    /// Go's `consumeAtom`: one or more atext characters (dots too with `dot`); unless
    /// `permissive`, no leading, trailing or double dot.
    fn atom(&mut self, dot: bool, permissive: bool) -> bool {
        let end = self.s.find(|c: char| !is_atext(c, dot)).unwrap_or(self.s.len());
        if end == 0 {
            return false;
        }
        let atom = &self.s[..end];
        self.s = &self.s[end..];
        permissive || !(atom.starts_with('.') || atom.ends_with('.') || atom.contains(".."))
    }

    /// Go's `consumeQuotedString`: the text between quotes, with backslash escapes.
    fn quoted_string(&mut self) -> Option<String> {
        let mut out = String::new();
        let mut escaped = false;
        let mut chars = self.s.char_indices().skip(1);
        loop {
            let (i, c) = chars.next()?;
            match c {
                c if escaped => {
                    if !is_vchar(c) && c != ' ' && c != '\t' {
                        return None;
                    }
                    out.push(c);
                    escaped = false;
                }
                '"' => {
                    self.s = &self.s[i + 1..];
                    return Some(out);
                }
                '\\' => escaped = true,
                c if is_vchar(c) || c == ' ' || c == '\t' => out.push(c),
                _ => return None,
            }
        }
    }

    /// Go's `consumeDomainLiteral`: `[`, dtext, `]`, the text an IP address.
    fn domain_literal(&mut self) -> bool {
        let Some(end) = self.s.find(']') else { return false };
        let text = &self.s[1..end];
        if !text.chars().all(|c| !matches!(c, '[' | '\\') && is_vchar(c)) {
            return false;
        }
        self.s = &self.s[end + 1..];
        text.parse::<std::net::IpAddr>().is_ok()
    }

    /// Go's `consumePhrase`: one or more words (atoms, dots allowed, or quoted strings), with
    /// comments between them; an error after the first word ends the phrase.
    fn phrase(&mut self) -> bool {
        let mut words = 0;
        loop {
            if words > 0 && !self.skip_cfws() {
                return false;
            }
            self.skip_space();
            if self.s.is_empty() {
                break;
            }
            let before = self.s;
            let ok = if self.s.starts_with('"') { self.quoted_string().is_some() } else { self.atom(true, true) };
            if !ok {
                self.s = before;
                break;
            }
            words += 1;
        }
        words > 0
    }

    /// Go's `skipCFWS`: spaces and balanced comments; false for an unclosed comment.
    fn skip_cfws(&mut self) -> bool {
        self.skip_space();
        while self.consume('(') {
            if !self.comment() {
                return false;
            }
            self.skip_space();
        }
        true
    }

    /// Go's `consumeComment` after its `(`: up to the matching `)`, backslash escapes skipped.
    fn comment(&mut self) -> bool {
        let mut depth = 1;
        let b = self.s.as_bytes();
        let mut i = 0;
        while i < b.len() && depth > 0 {
            match b[i] {
                b'\\' if b.len() - i > 1 => i += 1,
                b'(' => depth += 1,
                b')' => depth -= 1,
                _ => {}
            }
            i += 1;
        }
        // Comments end on a byte Go steps over, so the rest starts at a character boundary
        // unless an escape skipped into a multi-byte character.
        self.s = self.s.get(i..).unwrap_or("");
        depth == 0
    }

    /// Go's `consumeDisplayNameComment`: a comment after an addr-spec.
    fn display_name_comment(&mut self) -> bool {
        self.consume('(') && self.comment()
    }
}
