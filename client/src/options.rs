//! Query parameters of the option kinds. The derive writes them for every kind marked
//! `#[kapi(query_params)]` (`ListOptions`, `GetOptions`, `CreateOptions`, `UpdateOptions`,
//! `PatchOptions`, `DeleteOptions`) from the same JSON names and `omitempty` rules as their JSON
//! form, as client-go's parameter codec converts options to `url.Values`; `ApplyOptions` travels as
//! the patch options it stands for. Encoding follows `url.Values.Encode` (keys sorted,
//! `url.QueryEscape`).

pub use kapi_machinery::query::{Query, QueryParams, query_escape};
