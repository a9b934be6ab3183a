//! The CEL environment of device selectors (upstream's `k8s.io/dynamic-resource-allocation/cel` compiler) and the write-time compile check of a selector's expression against it.

use kapi_cel::{Bounds, CompileError, Env, Program, Type};

/// Upstream's `deviceVar`, the one variable a selector may refer to.
const DEVICE: &str = "device";

/// Upstream's `CELSelectorExpressionMaxCost`: the most a selector's estimated cost may be.
pub(super) const MAX_COST: u64 = 1_000_000;
/// The sizes upstream's declarations of `device` give (`DeviceMaxDomainLength`,
/// `DeviceMaxIDLength`, `DriverNameMaxLength`, `DeviceAttributeMaxValueLength`,
/// `ResourceSliceMaxAttributesAndCapacitiesPerDevice`).
const MAX_DOMAIN: u64 = 63;
const MAX_ID: u64 = 32;
const MAX_DRIVER: u64 = 63;
const MAX_ATTRIBUTE_VALUE: u64 = 64;
const MAX_PER_DEVICE: u64 = 32;

/// The type of `device` (`kubernetes.DRADevice`) as a new expression sees it with the fixtures'
/// release's default gates: DRAConsumableCapacity (beta, on) adds `allowMultipleAllocations`;
/// with DRAListTypeAttributes (alpha, off) an attribute's value is `any` (cel-go's
/// `google.protobuf.Any`, checked as `dyn`) and the `includes` function is not declared.
fn device_type() -> Type {
    let map_of_maps = |v: Type| Type::map(Type::String, Type::map(Type::String, v));
    Type::object(
        "kubernetes.DRADevice",
        vec![
            ("allowMultipleAllocations".into(), Type::Bool),
            ("driver".into(), Type::String),
            ("attributes".into(), map_of_maps(Type::any())),
            ("capacity".into(), map_of_maps(Type::Opaque("kubernetes.Quantity"))),
        ],
    )
}

/// The size bounds of `device` (upstream's `sizeEstimator` over its declared types): both maps
/// hold at most 32 domains of at most 32 entries, with names and values of their lengths.
fn device_bounds() -> Bounds {
    // Upstream steps from an undeclared field into an attribute (`attrs.name`), not a capacity.
    let domains = |value: Bounds, attributes: bool| Bounds {
        max_elements: MAX_PER_DEVICE,
        fields: Vec::new(),
        key: Some(Box::new(Bounds::leaf(MAX_DOMAIN))),
        elem: Some(Box::new(Bounds {
            max_elements: MAX_PER_DEVICE,
            fields: Vec::new(),
            key: Some(Box::new(Bounds::leaf(MAX_ID))),
            elem: Some(Box::new(value)),
            undeclared_fields_are_values: attributes,
        })),
        undeclared_fields_are_values: false,
    };
    Bounds {
        max_elements: 0,
        fields: vec![
            ("driver".into(), Bounds::leaf(MAX_DRIVER)),
            ("allowMultipleAllocations".into(), Bounds::leaf(1)),
            ("attributes".into(), domains(Bounds::leaf(MAX_ATTRIBUTE_VALUE), true)),
            ("capacity".into(), domains(Bounds::leaf(0), false)),
        ],
        elem: None,
        key: None,
        undeclared_fields_are_values: false,
    }
}

/// Compiles a device selector's expression as upstream's `CompileCELExpression` does with the
/// `NewExpressions` environment: Kubernetes' base libraries, `cel.bind`, and `device`; the result
/// must be `bool` or unknown. Gives the expression's estimated cost (upstream bounds it by
/// [`MAX_COST`], with the sizes `device` declares) or, on failure, the detail upstream's
/// `Invalid` error carries: `compilation failed: ERROR: <input>:…` with cel-go's snippet, or
/// `must evaluate to bool or the unknown type, not <type>`.
///
/// A `dyn` result is refused as upstream refuses it (only an attribute's own `any` is unknown
/// enough), unless the checker typed something `dyn` for want of a model: a false refusal is
/// worse than a missed one.
pub(super) fn check_selector(expression: &str) -> Result<u64, String> {
    let failed = |e: CompileError| e.compilation_failed(expression);
    let program = Program::compile_with_bindings(expression, &[DEVICE]).map_err(failed)?;
    let env = Env::new().var(DEVICE, device_type()).bounds(device_bounds());
    let (t, cost) = program.check_costed(expression, &env).map_err(failed)?;
    if t.may_be(|t| t.is_bool() || *t == Type::any()) {
        return Ok(cost.max);
    }
    Err(format!("must evaluate to bool or the unknown type, not {}", t.ty.output_name()))
}

#[cfg(test)]
#[path = "selector_cel_tests.rs"]
mod tests;
