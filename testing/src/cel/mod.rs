//! The test server's CEL: kapi-cel's compiler and evaluator (shared with the generator, which checks a custom resource's rules when it writes them), under the names the server uses.

pub(crate) use kapi_cel::{EvalError, PER_CALL_LIMIT, Program, RUNTIME_BUDGET, Val, map_of};

#[cfg(test)]
mod tests;
