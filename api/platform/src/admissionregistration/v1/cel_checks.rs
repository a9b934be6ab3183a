//! Write-time compilation of admission CEL expressions with kapi-cel, type-checked against the variables upstream declares for each kind of expression.

use kapi_cel::{Checked, CompileError, Program, Type};

/// What a kind of expression may refer to besides `object`, `oldObject`, `request` and
/// `namespaceObject`, which upstream declares for every admission expression.
#[derive(Clone, Copy)]
pub(super) struct Env<'a> {
    /// `params`: the policy has a parameter kind.
    pub params: bool,
    /// `authorizer`: every admission expression but a validation's message expression.
    pub authorizer: bool,
    /// `variables`, with the names declared so far and their types: for a validating policy only
    /// where it has variables, for a mutating policy always (upstream composes those whatever
    /// their variables), and never in a match condition (upstream compiles those without
    /// composition).
    pub variables: Option<&'a [Var<'a>]>,
    /// The message types a mutation may construct (`Object{…}`, `JSONPatch{…}`).
    pub patch_types: bool,
}

/// The result type upstream requires of a kind of expression (its `ReturnTypes`).
#[derive(Clone, Copy)]
pub(super) enum Want {
    /// Match conditions and validations.
    Bool,
    /// Validation message expressions.
    String,
    /// Audit annotation values.
    StringOrNull,
    /// An `ApplyConfiguration` mutation: an `Object{…}`.
    Object,
    /// A `JSONPatch` mutation: a list of `JSONPatch{…}`.
    JsonPatches,
}

/// A variable a policy declares, with the type of its expression ([`typed_variables`]), or
/// `None` where that type is a guess (the checker met something it does not model).
pub(super) type Var<'a> = (&'a str, Option<Type>);

/// A policy's variables with their types, as upstream composes them: each typed by its
/// expression, checked with the variables before it; beside them, why each expression does not
/// compile (the detail [`check`] gives), where it does not.
pub(super) fn typed_variables(variables: &[super::Variable], params: bool) -> (Vec<Var<'_>>, Vec<Option<String>>) {
    let mut typed: Vec<Var<'_>> = Vec::with_capacity(variables.len());
    let mut failed = Vec::with_capacity(variables.len());
    for v in variables {
        let env = Env { params, authorizer: true, variables: Some(&typed), patch_types: false };
        // Upstream declares a variable that does not compile as `dyn`.
        let (t, failure) = match type_of(&v.expression, env) {
            Ok(c) if c.guessed => (None, None),
            Ok(c) => (Some(c.ty), None),
            Err(detail) => (Some(Type::Dyn), Some(detail)),
        };
        typed.push((v.name.as_str(), t));
        failed.push(failure);
    }
    (typed, failed)
}

const ALWAYS: [&str; 4] = ["object", "oldObject", "request", "namespaceObject"];
const PATCH_TYPES: &[&str] = &["Object", "JSONPatch"];

/// Compiles `expr` in `env`; on failure, the detail upstream puts after the invalid value:
/// `compilation failed: ERROR: <input>:…` with cel-go's snippet, or `must evaluate to bool but
/// got int` (upstream's `CompileCELExpression`).
pub(super) fn check(expr: &str, env: Env<'_>, want: Want) -> Result<(), String> {
    let t = type_of(expr, env)?;
    // As cel-go's `Type.String()` names them.
    let wanted: &[&str] = match want {
        Want::Bool => &["bool"],
        Want::String => &["string"],
        Want::StringOrNull => &["string", "null_type"],
        Want::Object => &["Object"],
        Want::JsonPatches => &["list(JSONPatch)"],
    };
    // A `dyn` result is refused as upstream refuses it (`object.metadata.name` as a
    // validation), unless the checker guessed somewhere: a false refusal is worse than a
    // missed one.
    if t.may_be(|t| wanted.contains(&t.output_name().as_str())) {
        return Ok(());
    }
    let got = t.ty.output_name();
    Err(match wanted {
        [one] => format!("must evaluate to {one} but got {got}"),
        many => format!("must evaluate to one of [{}] but got {got}", many.join(" ")),
    })
}

/// The type of `expr` in `env`, or the detail of why it does not compile.
fn type_of(expr: &str, env: Env<'_>) -> Result<Checked, String> {
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
    let failed = |e: CompileError| e.compilation_failed(expr);
    let program = Program::compile_with_messages(expr, &vars, messages).map_err(failed)?;
    let mut types = kapi_cel::Env::new()
        .var("request", request_type())
        .var("namespaceObject", namespace_type())
        .var("authorizer", Type::Opaque(kapi_cel::AUTHORIZER));
    if let Some(declared) = env.variables {
        // Upstream types `variables` as an object whose fields are the variables composed so
        // far, each of its expression's type, so selecting any other name is a compile error.
        // A variable whose type kapi could only guess is left out of an open object instead,
        // so that selecting it is a guess too.
        let fields = declared.iter().filter_map(|(n, t)| Some(((*n).to_owned(), t.clone()?))).collect();
        let object = if declared.iter().any(|(_, t)| t.is_none()) {
            Type::open_object("kubernetes.variables", fields)
        } else {
            Type::object("kubernetes.variables", fields)
        };
        types = types.var("variables", object);
    }
    program.type_check(expr, &types).map_err(failed)
}

/// Upstream's `kubernetes.AdmissionRequest` (`BuildRequestType`): the request without its
/// `uid`, `object` and `oldObject`.
fn request_type() -> Type {
    let s = |n: &str| (n.to_owned(), Type::String);
    let gvk = Type::object("kubernetes.GroupVersionKind", vec![s("group"), s("version"), s("kind")]);
    let gvr = Type::object("kubernetes.GroupVersionResource", vec![s("group"), s("version"), s("resource")]);
    let user = Type::object(
        "kubernetes.UserInfo",
        vec![
            s("username"),
            s("uid"),
            ("groups".into(), Type::list(Type::String)),
            ("extra".into(), Type::map(Type::String, Type::list(Type::String))),
        ],
    );
    Type::object(
        "kubernetes.AdmissionRequest",
        vec![
            ("kind".into(), gvk.clone()),
            ("resource".into(), gvr.clone()),
            s("subResource"),
            ("requestKind".into(), gvk),
            ("requestResource".into(), gvr),
            s("requestSubResource"),
            s("name"),
            s("namespace"),
            s("operation"),
            ("userInfo".into(), user),
            ("dryRun".into(), Type::Bool),
            ("options".into(), Type::Dyn),
        ],
    )
}

/// Upstream's `kubernetes.Namespace` (`buildNamespaceType`), timestamps typed as timestamps. At
/// run time they are the strings the object holds, in upstream's server too (its
/// `namespaceObject` is the namespace's unstructured form), so only the checker sees the type.
fn namespace_type() -> Type {
    let s = |n: &str| (n.to_owned(), Type::String);
    let strings = || Type::list(Type::String);
    let condition = Type::object(
        "kubernetes.NamespaceCondition",
        vec![s("status"), s("type"), ("lastTransitionTime".into(), Type::Timestamp), s("message"), s("reason")],
    );
    let meta = Type::object(
        "kubernetes.NamespaceMetadata",
        vec![
            s("name"),
            s("generateName"),
            s("namespace"),
            ("labels".into(), Type::map(Type::String, Type::String)),
            ("annotations".into(), Type::map(Type::String, Type::String)),
            s("UID"),
            ("creationTimestamp".into(), Type::Timestamp),
            ("deletionGracePeriodSeconds".into(), Type::Int),
            ("deletionTimestamp".into(), Type::Timestamp),
            ("generation".into(), Type::Int),
            s("resourceVersion"),
            ("finalizers".into(), strings()),
        ],
    );
    Type::object(
        "kubernetes.Namespace",
        vec![
            ("metadata".into(), meta),
            ("spec".into(), Type::object("kubernetes.NamespaceSpec", vec![("finalizers".into(), strings())])),
            (
                "status".into(),
                Type::object(
                    "kubernetes.NamespaceStatus",
                    vec![("conditions".into(), Type::list(condition)), s("phase")],
                ),
            ),
        ],
    )
}
