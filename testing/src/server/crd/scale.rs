//! The `scale` subresource of custom resources: where the definition says the replicas and the selector are.

use kapi_machinery::json::value::Value;

use crate::tracker::subresource::{at, set_at};

/// The paths a definition's `scale` subresource names (`.spec.replicas`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct ScalePaths {
    pub(crate) spec_replicas: String,
    pub(crate) status_replicas: String,
    pub(crate) label_selector: Option<String>,
}

/// The members of a path (`.spec.replicas` is `["spec", "replicas"]`).
fn members(path: &str) -> Vec<&str> {
    path.trim_start_matches('.').split('.').filter(|s| !s.is_empty()).collect()
}

impl ScalePaths {
    /// `spec.replicas`, `status.replicas` and the selector text a custom object shows its
    /// `Scale` with (0 and no selector where the object has none, as upstream).
    pub(crate) fn read(&self, obj: &Value) -> (Value, Value, String) {
        let number = |path: &str| match at(obj, &members(path)) {
            Some(n @ Value::Number(_)) => n.clone(),
            _ => Value::Number("0".into()),
        };
        let selector = self
            .label_selector
            .as_deref()
            .and_then(|p| at(obj, &members(p)))
            .and_then(Value::as_str)
            .unwrap_or_default()
            .to_owned();
        (number(&self.spec_replicas), number(&self.status_replicas), selector)
    }

    /// Whether the object has a whole number at the spec replicas path.
    pub(crate) fn has_spec_replicas(&self, obj: &Value) -> bool {
        matches!(at(obj, &members(&self.spec_replicas)), Some(Value::Number(_)))
    }

    /// Writes a `Scale`'s `spec.replicas` where the definition says.
    pub(crate) fn write(&self, obj: &mut Value, replicas: Value) {
        set_at(obj, &members(&self.spec_replicas), Some(replicas));
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use kapi_machinery::json::value;

    #[test]
    fn paths_are_read_and_written() {
        let paths = ScalePaths {
            spec_replicas: ".spec.size".into(),
            status_replicas: ".status.size".into(),
            label_selector: Some(".status.selector".into()),
        };
        let mut obj = value::parse(br#"{"spec":{"size":3},"status":{"selector":"app=x"}}"#).expect("JSON");
        let (spec, status, selector) = paths.read(&obj);
        assert_eq!((spec, status, selector.as_str()), (Value::Number("3".into()), Value::Number("0".into()), "app=x"));
        paths.write(&mut obj, Value::Number("5".into()));
        assert_eq!(at(&obj, &["spec", "size"]), Some(&Value::Number("5".into())));
    }
}
