//! Query strings of requests: the option kinds are read with their derived `QueryParams` (the same names and rules clients write them with), a malformed parameter is a `400 BadRequest` worded as Go's `strconv`.

use kapi_api::meta::errors as api_errors;
use kapi_api::meta::v1::{CreateOptions, DeleteOptions, ListOptions, PatchOptions, UpdateOptions};
use kapi_machinery::query::{self, QueryError, QueryParams};

use crate::tracker::Result;

pub(crate) use kapi_machinery::query::percent_decode;

/// The parameters of a request's query string, in order.
#[derive(Debug, Clone, Default)]
pub(crate) struct Query {
    inner: query::Query,
}

fn bad_request(e: QueryError) -> crate::tracker::Error {
    api_errors::bad_request(e.message)
}

impl Query {
    /// Parses `a=b&c=d` (a missing `=` gives an empty value).
    pub(crate) fn parse(query: Option<&str>) -> Query {
        Query { inner: query::Query::parse(query.unwrap_or_default()) }
    }

    /// The first value of a parameter.
    pub(crate) fn get(&self, key: &str) -> Option<&str> {
        self.inner.get(key)
    }

    /// Every value of a repeated parameter, in order.
    pub(crate) fn all(&self, key: &str) -> Vec<String> {
        self.inner.get_all(key).map(str::to_owned).collect()
    }

    /// A boolean as upstream's parameter codec reads it: present means true unless the value is
    /// `0` or `false` (any case).
    pub(crate) fn bool(&self, key: &str) -> Option<bool> {
        let mut out: Option<bool> = None;
        query::merge_field(&mut out, key, &self.inner).ok()?;
        out
    }

    /// List and watch options.
    pub(crate) fn list_options(&self) -> Result<ListOptions> {
        ListOptions::from_query(&self.inner).map_err(bad_request)
    }

    /// Create options.
    pub(crate) fn create_options(&self) -> Result<CreateOptions> {
        CreateOptions::from_query(&self.inner).map_err(bad_request)
    }

    /// Update options.
    pub(crate) fn update_options(&self) -> Result<UpdateOptions> {
        UpdateOptions::from_query(&self.inner).map_err(bad_request)
    }

    /// Patch options.
    pub(crate) fn patch_options(&self) -> Result<PatchOptions> {
        PatchOptions::from_query(&self.inner).map_err(bad_request)
    }

    /// Overrides delete options (from the body) with the parameters present in the query.
    pub(crate) fn merge_delete_options(&self, o: &mut DeleteOptions) -> Result<()> {
        o.merge_query(&self.inner).map_err(bad_request)
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
        let list = q.list_options().unwrap();
        assert_eq!((list.limit, list.watch, list.label_selector.as_str()), (5, true, "app=web,tier in (a)"));
        assert_eq!(q.create_options().unwrap().dry_run, ["All", "All"]);
        assert_eq!(Query::parse(Some("watch=false")).bool("watch"), Some(false));
        assert_eq!(Query::parse(Some("watch=0")).bool("watch"), Some(false));
        let err = Query::parse(Some("limit=abc")).list_options().unwrap_err();
        assert_eq!(err.to_string(), "strconv.ParseInt: parsing \"abc\": invalid syntax");
        assert_eq!(percent_decode("a%2", false), "a%2");
        assert_eq!(percent_decode("%zz%41", false), "%zzA");
    }
}
