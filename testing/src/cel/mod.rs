//! The test server's CEL: kapi-cel's compiler and evaluator (shared with the generator, which checks a custom resource's rules when it writes them), under the names the server uses.

pub(crate) use kapi_cel::{PER_CALL_LIMIT, Program, Val, map_of};

#[cfg(test)]
use kapi_cel::EvalError;

#[cfg(test)]
mod tests;
