//! kube-apiserver's component flags (`--feature-gates`' `component:` prefix, `--emulated-version`) as component-base 1.36 reads them.

// kube-apiserver registers one component, `kube`, whose binary version is 1.36 and whose
// emulation may go back three minors (to 1.33). kapi serves 1.36 alone, so an emulation of an
// earlier release, which would change gate defaults and the APIs served, is refused with kapi's
// own message rather than ignored.

use std::fmt;

use kapi_machinery::validation::go_quote;

/// The only component kube-apiserver registers.
const KUBE: &str = "kube";
/// The binary version: what kapi serves.
const BINARY: Version = Version { major: 1, minor: 36 };
/// The lowest emulation version a 1.36 binary accepts (its minor less three).
const FLOOR: Version = Version { major: 1, minor: 33 };

/// A `major.minor` version (patch zero, as the flag requires).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
struct Version {
    major: u64,
    minor: u64,
}

impl fmt::Display for Version {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}.{}", self.major, self.minor)
    }
}

/// Reads the flags in `ComponentGlobalsRegistry.Set`'s order and then `Validate`'s: the emulation
/// versions, the `--feature-gates` entries by component (`set_gates` gets the `kube` component's,
/// in flag order, and sets them), then the emulation version's range. The error is the first
/// kube-apiserver would stop with.
pub fn apply<T>(
    feature_gates: &[String],
    emulated_versions: &[String],
    set_gates: impl FnOnce(&[String]) -> Result<T, String>,
) -> Result<T, String> {
    let gates = by_component(feature_gates);
    let emulation = emulation_version(emulated_versions)?;
    // Components in a Go map: kapi asks the mixed prefixes first, so which error wins does not
    // depend on an iteration order.
    if gates.iter().any(|(c, _)| c.is_empty()) && gates.iter().any(|(c, _)| c == KUBE) {
        return Err(
            "set kube feature gates with default empty prefix or kube: prefix consistently, do not mix use".into()
        );
    }
    if let Some((other, _)) = gates.iter().find(|(c, _)| !c.is_empty() && c != KUBE) {
        return Err(format!("component not registered: {other}"));
    }
    let kube: Vec<String> = gates.into_iter().flat_map(|(_, values)| values).collect();
    let set = set_gates(&kube)?;
    if let Some(v) = emulation {
        if v > BINARY || v < FLOOR {
            return Err(format!("emulation version {v} is not between [{FLOOR}, {BINARY}]"));
        }
        if v != BINARY {
            return Err(format!(
                "--emulated-version: kapi-test-server serves v{BINARY} only and cannot emulate {v} \
                 (its feature gate defaults and served APIs are 1.36's)"
            ));
        }
    }
    Ok(set)
}

/// `ColonSeparatedMultimapStringString` with a default empty key: each `,`-separated entry of
/// every flag value, empty ones skipped, split at its first `:` into component and value (no
/// `:`: the empty component), both trimmed; components in first-seen order.
fn by_component(flags: &[String]) -> Vec<(String, Vec<String>)> {
    let mut out: Vec<(String, Vec<String>)> = Vec::new();
    for pair in flags.iter().flat_map(|f| f.split(',')).filter(|p| !p.is_empty()) {
        let (component, value) = match pair.split_once(':') {
            Some((c, v)) => (c.trim(), v.trim()),
            None => ("", pair.trim()),
        };
        match out.iter_mut().find(|(c, _)| c == component) {
            Some((_, values)) => values.push(value.to_owned()),
            None => out.push((component.to_owned(), vec![value.to_owned()])),
        }
    }
    out
}

/// The `kube` emulation version the flags set, as `toVersionMap` reads them: entries
/// `component=version` or a bare version (component `kube`), `,`-separated across every flag.
fn emulation_version(flags: &[String]) -> Result<Option<Version>, String> {
    let mut set: Vec<(String, Version)> = Vec::new();
    // pflag's string slice: an empty value adds nothing, a `,` separates entries.
    for entry in flags.iter().filter(|f| !f.is_empty()).flat_map(|f| f.split(',')) {
        let (component, text) = match entry.split_once('=') {
            Some((c, v)) => (c.trim(), v.trim()),
            None => (KUBE, entry),
        };
        let (v, patch) = parse_version(text)?;
        if patch != 0 {
            return Err(format!("patch version not allowed, got: {component}={v}.{patch}"));
        }
        if let Some((_, existing)) = set.iter().find(|(c, _)| c == component) {
            return Err(format!("duplicate version flag, {component}={existing} and {component}={v}"));
        }
        set.push((component.to_owned(), v));
    }
    if let Some((other, _)) = set.iter().find(|(c, _)| c != KUBE) {
        return Err(format!("component not registered: {other}"));
    }
    Ok(set.into_iter().next().map(|(_, v)| v))
}

/// apimachinery's `version.Parse` as far as a `major.minor[.patch]` flag needs it: optional
/// surrounding white space and `v`, two or more dot-separated numbers (the first without a
/// leading zero), then anything (a generic version keeps no pre-release). Its errors are the
/// generic parser's, the one whose error `Parse` returns.
fn parse_version(text: &str) -> Result<(Version, u64), String> {
    let trimmed = text.trim_start_matches(is_go_space);
    let body = trimmed.strip_prefix('v').unwrap_or(trimmed);
    // apimachinery's pattern `[0-9]+(\.[0-9]+)*`: digit runs joined by single dots; a dot not
    // followed by a digit belongs to the rest.
    let bytes = body.as_bytes();
    let mut end = bytes.iter().take_while(|b| b.is_ascii_digit()).count();
    while end > 0 && bytes.get(end) == Some(&b'.') && bytes.get(end + 1).is_some_and(u8::is_ascii_digit) {
        end += 1 + bytes[end + 1..].iter().take_while(|b| b.is_ascii_digit()).count();
    }
    let numbers = &body[..end];
    if numbers.is_empty() {
        return Err(format!("could not parse {} as version", go_quote(text)));
    }
    let parts: Vec<&str> = numbers.split('.').collect();
    if parts.len() < 2 {
        return Err(format!("illegal version string {}", go_quote(text)));
    }
    let mut values = Vec::with_capacity(parts.len());
    for (i, part) in parts.iter().enumerate() {
        if i == 0 && part.starts_with('0') && *part != "0" {
            return Err(format!("illegal zero-prefixed version component {} in {}", go_quote(part), go_quote(text)));
        }
        let n: u64 = part.parse().map_err(|e: std::num::ParseIntError| {
            let part = go_quote(part);
            format!(
                "illegal non-numeric version component {part} in {}: strconv.ParseUint: parsing {part}: {}",
                go_quote(text),
                go_int_error(&e)
            )
        })?;
        values.push(n);
    }
    Ok((Version { major: values[0], minor: values[1] }, values.get(2).copied().unwrap_or(0)))
}

/// Go's `strconv` error words for a digit string that does not fit.
fn go_int_error(e: &std::num::ParseIntError) -> &'static str {
    match e.kind() {
        std::num::IntErrorKind::PosOverflow => "value out of range",
        _ => "invalid syntax",
    }
}

/// The white space Go's regexp `\s` matches.
fn is_go_space(c: char) -> bool {
    matches!(c, ' ' | '\t' | '\n' | '\x0c' | '\r')
}

#[cfg(test)]
mod tests {
    use super::*;

    fn flags(values: &[&str]) -> Vec<String> {
        values.iter().map(|v| (*v).to_owned()).collect()
    }

    /// The `kube` gate entries the flags give, or the error.
    fn kube_feature_gates(gates: &[String], versions: &[String]) -> Result<Vec<String>, String> {
        apply(gates, versions, |kube| Ok(kube.to_vec()))
    }

    #[test]
    fn gates_without_a_prefix_and_with_kube_are_kubes() {
        assert_eq!(
            kube_feature_gates(&flags(&["A=true,,B=false", " C=true"]), &[]).unwrap(),
            ["A=true", "B=false", "C=true"]
        );
        assert_eq!(kube_feature_gates(&flags(&["kube:A=true", "kube: B=false"]), &[]).unwrap(), ["A=true", "B=false"]);
    }

    #[test]
    fn other_components_and_mixed_prefixes_are_refused() {
        assert_eq!(
            kube_feature_gates(&flags(&["wardle:A=true"]), &[]).unwrap_err(),
            "component not registered: wardle"
        );
        assert_eq!(
            kube_feature_gates(&flags(&["A=true", "kube:B=true"]), &[]).unwrap_err(),
            "set kube feature gates with default empty prefix or kube: prefix consistently, do not mix use"
        );
    }

    #[test]
    fn emulated_versions_as_component_base_reads_them() {
        // A dot not followed by a digit ends the numbers; a generic version ignores the rest.
        for ok in ["1.36", "kube=1.36", "v1.36", " kube = 1.36.0 ", "1.36.", "1.36..7", "1.36-x"] {
            assert_eq!(kube_feature_gates(&[], &flags(&[ok])), Ok(Vec::new()), "{ok}");
        }
        let refused = |v: &[&str]| kube_feature_gates(&[], &flags(v)).unwrap_err();
        assert_eq!(refused(&["1.30"]), "emulation version 1.30 is not between [1.33, 1.36]");
        assert_eq!(refused(&["kube=1.37"]), "emulation version 1.37 is not between [1.33, 1.36]");
        assert_eq!(refused(&["1.36.1"]), "patch version not allowed, got: kube=1.36.1");
        assert_eq!(refused(&["1.36", "kube=1.35"]), "duplicate version flag, kube=1.36 and kube=1.35");
        assert_eq!(refused(&["wardle=1.2"]), "component not registered: wardle");
        assert_eq!(refused(&["1"]), r#"illegal version string "1""#);
        assert_eq!(refused(&["x"]), r#"could not parse "x" as version"#);
        assert_eq!(refused(&[".1.36"]), r#"could not parse ".1.36" as version"#);
        assert_eq!(refused(&["1..36"]), r#"illegal version string "1..36""#);
        assert_eq!(refused(&["01.36"]), r#"illegal zero-prefixed version component "01" in "01.36""#);
        assert!(
            refused(&["1.35"])
                .starts_with("--emulated-version: kapi-test-server serves v1.36 only and cannot emulate 1.35")
        );
    }
}
