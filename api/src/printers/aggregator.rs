//! The printer kube-aggregator's API service storage converts tables with: the backing service (`Local` for none) and the `Available` condition.

use std::any::Any;

use super::{AGE, Column, NAME, Printed, age, col};

const API_SERVICE: &[Column] = &[
    NAME,
    col("Service", "string", "The service serving the group version, or Local."),
    col("Available", "string", "Whether the group version is available."),
    AGE,
];

macro_rules! api_service {
    ($any:ident, $now:ident, $($v:ident),+) => {$(
        if let Some(o) = $any.downcast_ref::<crate::apiregistration::$v::APIService>() {
            let service = o.spec.service.as_ref().map_or_else(|| "Local".to_owned(), |s| format!("{}/{}", s.namespace, s.name));
            // `Unknown` without the condition; a status other than `True` carries its reason.
            let available = o.status.conditions.iter().find(|c| c.r#type.0 == "Available").map_or_else(
                || "Unknown".to_owned(),
                |c| {
                    if c.status.0 != "True" && !c.reason.is_empty() {
                        format!("{} ({})", c.status.0, c.reason)
                    } else {
                        c.status.0.clone()
                    }
                },
            );
            let cells = vec![o.metadata.name.clone().into(), service.into(), available.into(), age(&o.metadata, $now)];
            return Some(Printed::new(API_SERVICE, cells));
        }
    )+};
}

pub(super) fn print(any: &dyn Any, now: i64) -> Option<Printed> {
    api_service!(any, now, v1, v1beta1);
    None
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::apiregistration::v1::{
        APIService, APIServiceCondition, APIServiceConditionType, APIServiceSpec, APIServiceStatus, ConditionStatus,
        ServiceReference,
    };
    use crate::printers::Cell;

    fn cells(o: &APIService) -> Vec<String> {
        let p = print(o, 0).expect("an API service prints");
        p.cells[1..3].iter().map(|c| if let Cell::Str(s) = c { s.clone() } else { String::new() }).collect()
    }

    #[test]
    fn api_services_show_their_service_and_availability() {
        let mut o = APIService::default();
        assert_eq!(cells(&o), ["Local", "Unknown"]);
        o.spec = APIServiceSpec {
            service: Some(ServiceReference { namespace: "kube-system".into(), name: "metrics".into(), port: None }),
            ..APIServiceSpec::default()
        };
        let condition = |status: &str, reason: &str| APIServiceCondition {
            r#type: APIServiceConditionType("Available".into()),
            status: ConditionStatus(status.into()),
            reason: reason.into(),
            ..APIServiceCondition::default()
        };
        o.status = APIServiceStatus { conditions: vec![condition("False", "MissingEndpoints")] };
        assert_eq!(cells(&o), ["kube-system/metrics", "False (MissingEndpoints)"]);
        o.status.conditions = vec![condition("True", "Passed")];
        assert_eq!(cells(&o), ["kube-system/metrics", "True"]);
    }
}
