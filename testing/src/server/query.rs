//! Query strings: percent-decoding, and the request options upstream's parameter codec reads
//! from them (`labelSelector`, `limit`, `dryRun`, `fieldValidation`, …).

use kapi_api::meta::v1::{
    CreateOptions, DeleteOptions, DeletionPropagation, ListOptions, PatchOptions, ResourceVersionMatch, UpdateOptions,
};
use kapi_client::api_errors;

use crate::tracker::Result;

/// Decodes `%XX` escapes (and `+` as a space in query strings); malformed escapes stay as they are.
pub(crate) fn percent_decode(s: &str, plus_as_space: bool) -> String {
    let b = s.as_bytes();
    let mut out = Vec::with_capacity(b.len());
    let mut i = 0;
    while i < b.len() {
        match b[i] {
            b'%' if i + 2 < b.len() => {
                let hex = |c: u8| (c as char).to_digit(16);
                match (hex(b[i + 1]), hex(b[i + 2])) {
                    (Some(h), Some(l)) => {
                        out.push((h * 16 + l) as u8);
                        i += 3;
                    }
                    _ => {
                        out.push(b'%');
                        i += 1;
                    }
                }
            }
            b'+' if plus_as_space => {
                out.push(b' ');
                i += 1;
            }
            c => {
                out.push(c);
                i += 1;
            }
        }
    }
    String::from_utf8_lossy(&out).into_owned()
}

/// The parameters of a query string, in order.
#[derive(Debug, Clone, Default)]
pub(crate) struct Query {
    pairs: Vec<(String, String)>,
}

impl Query {
    /// Parses `a=b&c=d` (a missing `=` gives an empty value).
    pub(crate) fn parse(query: Option<&str>) -> Query {
        let pairs = query
            .unwrap_or_default()
            .split('&')
            .filter(|p| !p.is_empty())
            .map(|p| {
                let (k, v) = p.split_once('=').unwrap_or((p, ""));
                (percent_decode(k, true), percent_decode(v, true))
            })
            .collect();
        Query { pairs }
    }

    /// The first value of a parameter.
    pub(crate) fn get(&self, key: &str) -> Option<&str> {
        self.pairs.iter().find(|(k, _)| k == key).map(|(_, v)| v.as_str())
    }

    /// Every value of a parameter.
    pub(crate) fn all(&self, key: &str) -> Vec<String> {
        self.pairs.iter().filter(|(k, _)| k == key).map(|(_, v)| v.clone()).collect()
    }

    /// A boolean as upstream's parameter codec reads it: present means true unless the value is
    /// `0` or `false` (any case).
    pub(crate) fn bool(&self, key: &str) -> Option<bool> {
        self.get(key).map(|v| !(v == "0" || v.eq_ignore_ascii_case("false")))
    }

    /// A signed integer; a malformed one is a `400 BadRequest` worded as Go's `strconv` error.
    pub(crate) fn i64(&self, key: &str) -> Result<Option<i64>> {
        match self.get(key) {
            None => Ok(None),
            Some(v) => v.parse::<i64>().map(Some).map_err(|e| {
                let why =
                    if matches!(e.kind(), std::num::IntErrorKind::PosOverflow | std::num::IntErrorKind::NegOverflow) {
                        "value out of range"
                    } else {
                        "invalid syntax"
                    };
                api_errors::bad_request(format!("strconv.ParseInt: parsing {v:?}: {why}"))
            }),
        }
    }

    /// `dryRun` values; an empty value (`?dryRun`) means no dry run, as the API documents.
    pub(crate) fn dry_run(&self) -> Vec<String> {
        self.all("dryRun").into_iter().filter(|v| !v.is_empty()).collect()
    }

    /// List and watch options.
    pub(crate) fn list_options(&self) -> Result<ListOptions> {
        Ok(ListOptions {
            label_selector: self.get("labelSelector").unwrap_or_default().to_owned(),
            field_selector: self.get("fieldSelector").unwrap_or_default().to_owned(),
            watch: self.bool("watch").unwrap_or(false),
            allow_watch_bookmarks: self.bool("allowWatchBookmarks").unwrap_or(false),
            resource_version: self.get("resourceVersion").unwrap_or_default().to_owned(),
            resource_version_match: ResourceVersionMatch(
                self.get("resourceVersionMatch").unwrap_or_default().to_owned(),
            ),
            timeout_seconds: self.i64("timeoutSeconds")?,
            limit: self.i64("limit")?.unwrap_or(0),
            continue_: self.get("continue").unwrap_or_default().to_owned(),
            send_initial_events: self.bool("sendInitialEvents"),
            ..ListOptions::default()
        })
    }

    /// Create options.
    pub(crate) fn create_options(&self) -> CreateOptions {
        CreateOptions {
            dry_run: self.dry_run(),
            field_manager: self.get("fieldManager").unwrap_or_default().to_owned(),
            field_validation: self.get("fieldValidation").unwrap_or_default().to_owned(),
            ..CreateOptions::default()
        }
    }

    /// Update options.
    pub(crate) fn update_options(&self) -> UpdateOptions {
        UpdateOptions {
            dry_run: self.dry_run(),
            field_manager: self.get("fieldManager").unwrap_or_default().to_owned(),
            field_validation: self.get("fieldValidation").unwrap_or_default().to_owned(),
            ..UpdateOptions::default()
        }
    }

    /// Patch options.
    pub(crate) fn patch_options(&self) -> PatchOptions {
        PatchOptions {
            dry_run: self.dry_run(),
            force: self.bool("force"),
            field_manager: self.get("fieldManager").unwrap_or_default().to_owned(),
            field_validation: self.get("fieldValidation").unwrap_or_default().to_owned(),
            ..PatchOptions::default()
        }
    }

    /// Overrides delete options (from the body) with the parameters present in the query.
    pub(crate) fn merge_delete_options(&self, o: &mut DeleteOptions) -> Result<()> {
        if let Some(g) = self.i64("gracePeriodSeconds")? {
            o.grace_period_seconds = Some(g);
        }
        if let Some(p) = self.get("propagationPolicy") {
            o.propagation_policy = Some(DeletionPropagation(p.to_owned()));
        }
        if let Some(b) = self.bool("orphanDependents") {
            o.orphan_dependents = Some(b);
        }
        let dry = self.dry_run();
        if !dry.is_empty() {
            o.dry_run = dry;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn decodes_queries() {
        let q = Query::parse(Some("labelSelector=app%3Dweb%2Ctier+in+(a)&watch&limit=5&dryRun=All&dryRun=All"));
        assert_eq!(q.get("labelSelector"), Some("app=web,tier in (a)"));
        assert_eq!(q.bool("watch"), Some(true));
        assert_eq!(q.i64("limit").unwrap(), Some(5));
        assert_eq!(q.dry_run(), vec!["All", "All"]);
        assert_eq!(Query::parse(Some("watch=false")).bool("watch"), Some(false));
        assert_eq!(Query::parse(Some("watch=0")).bool("watch"), Some(false));
        let err = Query::parse(Some("limit=abc")).i64("limit").unwrap_err();
        assert_eq!(err.to_string(), "strconv.ParseInt: parsing \"abc\": invalid syntax");
        assert_eq!(percent_decode("a%2", false), "a%2");
        assert_eq!(percent_decode("%zz%41", false), "%zzA");
    }
}
