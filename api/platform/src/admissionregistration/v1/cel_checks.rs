//! Write-time compilation of admission CEL expressions with kapi-cel, in the variables upstream declares for each kind of expression, reporting what kapi-cel can find without a type checker.

use kapi_cel::{CompileError, Program};

/// What a kind of expression may refer to besides `object`, `oldObject`, `request` and
/// `namespaceObject`, which upstream declares for every admission expression.
#[derive(Clone, Copy)]
pub(super) struct Env<'a> {
    /// `params`: the policy has a parameter kind.
    pub params: bool,
    /// `authorizer`: every admission expression but a validation's message expression.
    pub authorizer: bool,
    /// `variables`, with the names declared so far: only where the policy has variables and
    /// the expression is not a match condition (upstream compiles those without composition).
    pub variables: Option<&'a [&'a str]>,
    /// The message types a mutation may construct (`Object{…}`, `JSONPatch{…}`).
    pub patch_types: bool,
}

/// The result type upstream requires of a kind of expression.
#[derive(Clone, Copy)]
pub(super) enum Want {
    /// Match conditions and validations.
    Bool,
    /// Validation message expressions.
    String,
    /// Audit annotation values.
    StringOrNull,
    /// Variables and mutations (a mutation's type is a message kapi-cel cannot name).
    Any,
}

const ALWAYS: [&str; 4] = ["object", "oldObject", "request", "namespaceObject"];
const PATCH_TYPES: &[&str] = &["Object", "JSONPatch"];

/// Compiles `expr` in `env`; on failure, the detail upstream puts after the invalid value:
/// `compilation failed: ERROR: <input>:…` with cel-go's snippet, or `must evaluate to bool`.
pub(super) fn check(expr: &str, env: Env<'_>, want: Want) -> Result<(), String> {
    let mut vars = ALWAYS.to_vec();
    if env.params {
        vars.push("params");
    }
    if env.authorizer {
        vars.push("authorizer");
    }
    if env.variables.is_some() {
        vars.push("variables");
    }
    let messages = if env.patch_types { PATCH_TYPES } else { &[] };
    // As upstream quotes cel-go: the message, then the line with a caret under the column.
    let failed = |e: CompileError| format!("compilation failed: {}", e.with_snippet(expr));
    let program = Program::compile_with_messages(expr, &vars, messages).map_err(failed)?;
    if let Some(declared) = env.variables {
        // Upstream types `variables` as an object whose fields are the variables composed so
        // far, so selecting any other name is a compile error.
        for (var, fields) in program.field_paths() {
            if let ("variables", Some((name, at))) = (var, fields.first())
                && !declared.contains(name)
            {
                return Err(failed(CompileError::at(expr, *at, format!("undefined field '{name}'"))));
            }
        }
    }
    let wanted: &[&str] = match want {
        Want::Bool => &["bool"],
        Want::String => &["string"],
        Want::StringOrNull => &["string", "null_type"],
        Want::Any => return Ok(()),
    };
    match program.fixed_type() {
        Some(t) if !wanted.contains(&t) => Err(match wanted {
            [one] => format!("must evaluate to {one}"),
            many => format!("must evaluate to one of [{}]", many.join(" ")),
        }),
        _ => Ok(()),
    }
}
