//! Calling one webhook as upstream's dispatchers do: the `AdmissionReview` sent (v1 or
//! v1beta1, as the webhook accepts), the answer checked (`VerifyAdmissionResponse`), a denial
//! turned into upstream's status (`ToStatusErr`), a failed call into `failed calling webhook`
//! under the failure policy, and a mutating webhook's JSON Patch applied.

use std::time::Duration;

use bytes::Bytes;
use kapi_api::admission::{v1 as review_v1, v1beta1 as review_v1beta1};
use kapi_api::admissionregistration::v1::{FailurePolicyType, WebhookClientConfig};
use kapi_api::meta::errors as api_errors;
use kapi_api::meta::v1::{GroupVersionResource as MetaGvr, Status, StatusDetails, StatusReason};
use kapi_machinery::TypeMeta;
use kapi_machinery::json::value::{self, Value};
use kapi_machinery::types::RawExtension;

use super::{Attributes, CallFailure, Hook, https};
use crate::server::{ApiServer, MAX_BODY_BYTES};
use crate::tracker::meta::new_uid;
use crate::tracker::{Error, Result};

/// The default and the largest `timeoutSeconds`.
const DEFAULT_TIMEOUT_SECONDS: i32 = 10;
const MAX_TIMEOUT_SECONDS: i32 = 30;

/// The largest webhook response read: the object twice over, as a patch may replace all of it.
const MAX_RESPONSE_BYTES: usize = 2 * MAX_BODY_BYTES;

/// Upstream's `ToStatusErr`: the webhook's status (403 `Forbidden` when it names no code) with
/// the message `<resource> "<name>" is forbidden: admission webhook "<hook>" denied the
/// request: <message>`.
pub(super) fn denied(attrs: &Attributes<'_>, hook: &str, result: Option<Status>) -> Error {
    let mut s = result.unwrap_or_default();
    let name = if attrs.name.is_empty() { "Unknown".to_owned() } else { attrs.name.clone() };
    if s.code == 0 {
        s.code = 403;
    }
    if s.status.is_empty() {
        s.status = kapi_api::meta::v1::STATUS_FAILURE.into();
    }
    let denied_by = format!("admission webhook {hook:?} denied the request");
    s.message = if !s.message.is_empty() {
        format!("{denied_by}: {}", s.message)
    } else if !s.reason.0.is_empty() {
        format!("{denied_by}: {}", s.reason.0)
    } else {
        format!("{denied_by} without explanation")
    };
    if s.details.is_none() {
        s.details = Some(if s.code == 500 {
            StatusDetails {
                causes: vec![kapi_api::meta::v1::StatusCause { message: s.message.clone(), ..Default::default() }],
                ..Default::default()
            }
        } else {
            StatusDetails {
                group: attrs.gvr.group.clone(),
                kind: attrs.gvr.resource.clone(),
                name: name.clone(),
                ..Default::default()
            }
        });
    }
    let prefix = if s.code == 500 {
        "Internal error occurred".to_owned()
    } else {
        format!("{} {name:?} is forbidden", api_errors::qualified_resource(&attrs.gvr.group, &attrs.gvr.resource))
    };
    s.message = format!("{prefix}: {}", s.message);
    if s.reason.0.is_empty() {
        s.reason =
            StatusReason(if s.code == 500 { StatusReason::INTERNAL_ERROR } else { StatusReason::FORBIDDEN }.into());
    }
    s.type_meta = TypeMeta { api_version: "v1".into(), kind: "Status".into() };
    api_errors::into_error(s)
}

/// The `AdmissionRequest` of a call (and, without a uid and objects, the `request` a match
/// condition sees).
pub(super) fn review_request(
    attrs: &Attributes<'_>,
    uid: String,
    obj: Option<&Value>,
    old: Option<&Value>,
) -> review_v1::AdmissionRequest {
    let raw = |v: Option<&Value>| RawExtension { raw: v.map(Value::to_compact_vec) };
    let gvr = |g: &kapi_machinery::GroupVersionResource| MetaGvr {
        group: g.group.clone(),
        version: g.version.clone(),
        resource: g.resource.clone(),
    };
    review_v1::AdmissionRequest {
        uid,
        kind: attrs.kind.clone(),
        resource: gvr(&attrs.gvr),
        sub_resource: attrs.subresource.to_owned(),
        request_kind: Some(attrs.request_kind.clone()),
        request_resource: Some(gvr(&attrs.request_gvr)),
        request_sub_resource: attrs.subresource.to_owned(),
        name: attrs.name.clone(),
        namespace: attrs.namespace.to_owned(),
        operation: review_v1::Operation(attrs.operation.into()),
        user_info: kapi_api::authentication::v1::UserInfo {
            username: attrs.user.username.clone(),
            uid: attrs.user.uid.clone(),
            groups: attrs.user.groups.clone(),
            ..Default::default()
        },
        object: raw(obj),
        old_object: raw(old),
        dry_run: Some(attrs.dry_run),
        options: raw(attrs.options.as_ref()),
    }
}

impl ApiServer {
    /// A failed call under the webhook's failure policy: ignored, or `500` with upstream's
    /// `failed calling webhook "<name>": …`.
    pub(super) fn failed(&self, hook: &Hook, failure: CallFailure) -> Result<()> {
        let ignore = hook.failure_policy.as_ref().is_some_and(|p| p.0 == FailurePolicyType::IGNORE);
        if ignore {
            Ok(())
        } else {
            Err(api_errors::internal(&format!("failed calling webhook {:?}: {}", hook.name, failure.0)))
        }
    }

    /// Calls one webhook; for a mutating webhook the patched object when it sent a patch.
    pub(super) async fn call_hook(
        &self,
        hook: &Hook,
        attrs: &Attributes<'_>,
        obj: Option<&Value>,
        old: Option<&Value>,
        warnings: &mut Vec<String>,
    ) -> Result<Option<Value>> {
        let response = match self.send(hook, attrs, obj, old).await {
            Ok(r) => r,
            Err(f) => return self.failed(hook, f).map(|()| None),
        };
        warnings.extend(response.warnings.iter().cloned());
        // The webhook's audit annotations, under its name (upstream drops a key that does not
        // make a valid qualified name with it, and so does this).
        for (key, value) in &response.audit_annotations {
            let full = format!("{}/{key}", hook.name);
            if kapi_machinery::validation::content::is_qualified_name(&full).is_empty() {
                crate::server::audit::annotate(full, value.clone());
            }
        }
        if !response.allowed {
            return Err(denied(attrs, &hook.name, response.result));
        }
        let Some(patch) = response.patch.filter(|_| hook.mutating) else { return Ok(None) };
        let empty = matches!(value::parse(&patch), Ok(Value::Array(ops)) if ops.is_empty());
        if patch.is_empty() || empty {
            return Ok(None);
        }
        let Some(obj) = obj else {
            return Err(api_errors::internal(&format!(
                "admission webhook {:?} attempted to modify the object, which is not supported for this operation",
                hook.name
            )));
        };
        if let Err(e) = value::parse(&patch) {
            return self
                .failed(hook, CallFailure(format!("received undecodable patch in webhook response: {e}")))
                .map(|()| None);
        }
        crate::server::patch::json_patch(obj, &patch, MAX_BODY_BYTES).map(Some).map_err(|e| {
            api_errors::internal(&format!("applying the patch of admission webhook {:?}: {e:?}", hook.name))
        })
    }

    /// Sends the review and reads a valid answer (upstream's `VerifyAdmissionResponse`).
    async fn send(
        &self,
        hook: &Hook,
        attrs: &Attributes<'_>,
        obj: Option<&Value>,
        old: Option<&Value>,
    ) -> std::result::Result<review_v1::AdmissionResponse, CallFailure> {
        let version = hook
            .admission_review_versions
            .iter()
            .find(|v| *v == "v1" || *v == "v1beta1")
            .ok_or_else(|| {
                CallFailure(format!(
                    "webhook does not accept known AdmissionReview versions: {:?} (this server sends v1 and v1beta1)",
                    hook.admission_review_versions
                ))
            })?
            .clone();
        let (url, server_name) = self.webhook_url(&hook.client_config)?;
        let endpoint = https::Endpoint {
            url: &url,
            server_name: server_name.as_deref(),
            ca_bundle: hook.client_config.ca_bundle.as_deref().filter(|c| !c.is_empty()),
        };
        let seconds = hook.timeout_seconds.unwrap_or(DEFAULT_TIMEOUT_SECONDS).clamp(1, MAX_TIMEOUT_SECONDS);
        let deadline = Duration::from_secs(seconds.unsigned_abs().into());
        let uid = new_uid();
        let request = review_request(attrs, uid.clone(), obj, old);
        let encoded = encode_review_request(&version, request)
            .map_err(|e| CallFailure(format!("could not create admission objects: {e}")))?;
        let (status, data) = https::post(&endpoint, Bytes::from(encoded), deadline, MAX_RESPONSE_BYTES)
            .await
            .map_err(|e| CallFailure(format!("failed to call webhook: {e}")))?;
        if status != http::StatusCode::OK {
            let text = String::from_utf8_lossy(&data[..data.len().min(512)]).into_owned();
            return Err(CallFailure(format!("failed to call webhook: the server responded {status}: {text}")));
        }
        let invalid = |m: String| CallFailure(format!("received invalid webhook response: {m}"));
        let doc = value::parse(&data).map_err(|e| invalid(e.to_string()))?;
        let text = |k: &str| doc.get(k).and_then(Value::as_str).unwrap_or_default().to_owned();
        let want = format!("admission.k8s.io/{version}");
        if text("apiVersion") != want || text("kind") != "AdmissionReview" {
            return Err(invalid(format!(
                "expected webhook response of {want}, Kind=AdmissionReview, got {}, Kind={}",
                text("apiVersion"),
                text("kind")
            )));
        }
        let response = if version == "v1" {
            let r: review_v1::AdmissionReview =
                kapi_machinery::json::from_slice(&data).map_err(|e| invalid(e.to_string()))?;
            let r = r.response.ok_or_else(|| invalid("webhook response was absent".into()))?;
            match (&r.patch, &r.patch_type) {
                (Some(_), None) => {
                    return Err(invalid("webhook returned response.patch but not response.patchType".into()));
                }
                (_, Some(t)) if t.0 != review_v1::PatchType::JSON_PATCH => {
                    return Err(invalid(format!("webhook returned invalid response.patchType of {:?}", t.0)));
                }
                _ => {}
            }
            r
        } else {
            let r: review_v1beta1::AdmissionReview =
                kapi_machinery::json::from_slice(&data).map_err(|e| invalid(e.to_string()))?;
            let r = r.response.ok_or_else(|| invalid("webhook response was absent".into()))?;
            if let Some(t) = &r.patch_type
                && t.0 != review_v1beta1::PatchType::JSON_PATCH
            {
                return Err(invalid(format!("webhook returned invalid response.patchType of {:?}", t.0)));
            }
            review_v1::AdmissionResponse {
                uid: r.uid,
                allowed: r.allowed,
                result: r.result,
                patch: r.patch,
                patch_type: r.patch_type.map(|p| review_v1::PatchType(p.0)),
                audit_annotations: r.audit_annotations,
                warnings: r.warnings,
            }
        };
        if response.uid != uid {
            return Err(invalid(format!("expected response.uid={uid:?}, got {:?}", response.uid)));
        }
        Ok(response)
    }

    /// The URL of a webhook and the name its certificate must carry (a service's DNS name).
    fn webhook_url(&self, cc: &WebhookClientConfig) -> std::result::Result<(String, Option<String>), CallFailure> {
        match (&cc.url, &cc.service) {
            (Some(url), _) => Ok((url.clone(), None)),
            (None, Some(svc)) => {
                let (url, name) = https::service_url(
                    &self.webhook_services,
                    &svc.namespace,
                    &svc.name,
                    svc.path.as_deref(),
                    svc.port,
                )
                .map_err(CallFailure)?;
                Ok((url, Some(name)))
            }
            (None, None) => Err(CallFailure("the client config names neither a url nor a service".into())),
        }
    }
}

fn encode_review_request(version: &str, r: review_v1::AdmissionRequest) -> std::result::Result<Vec<u8>, String> {
    let type_meta = TypeMeta { api_version: format!("admission.k8s.io/{version}"), kind: "AdmissionReview".into() };
    let out = if version == "v1" {
        kapi_machinery::json::to_vec(&review_v1::AdmissionReview { type_meta, request: Some(r), response: None })
    } else {
        kapi_machinery::json::to_vec(&review_v1beta1::AdmissionReview {
            type_meta,
            request: Some(review_v1beta1::AdmissionRequest {
                uid: r.uid,
                kind: r.kind,
                resource: r.resource,
                sub_resource: r.sub_resource,
                request_kind: r.request_kind,
                request_resource: r.request_resource,
                request_sub_resource: r.request_sub_resource,
                name: r.name,
                namespace: r.namespace,
                operation: review_v1beta1::Operation(r.operation.0),
                user_info: r.user_info,
                object: r.object,
                old_object: r.old_object,
                dry_run: r.dry_run,
                options: r.options,
            }),
            response: None,
        })
    };
    out.map_err(|e| e.to_string())
}

#[cfg(test)]
mod tests {
    use kapi_machinery::GroupVersionResource;

    use super::*;

    fn attrs() -> Attributes<'static> {
        let gvr = GroupVersionResource::new("apps", "v1", "deployments");
        Attributes {
            operation: "CREATE",
            gvr: gvr.clone(),
            kind: Default::default(),
            request_gvr: gvr,
            request_kind: Default::default(),
            subresource: "",
            namespace: "ns",
            name: "x".into(),
            dry_run: false,
            options: None,
            user: crate::server::UserInfo::anonymous(),
        }
    }

    #[test]
    fn denials_read_as_upstream() {
        let a = attrs();
        let s = api_errors::status_of(&denied(&a, "w.example.com", None));
        assert_eq!(s.code, 403);
        assert_eq!(s.reason.0, "Forbidden");
        assert_eq!(
            s.message,
            "deployments.apps \"x\" is forbidden: admission webhook \"w.example.com\" denied the request without explanation"
        );
        let details = s.details.unwrap();
        assert_eq!(
            (details.group.as_str(), details.kind.as_str(), details.name.as_str()),
            ("apps", "deployments", "x")
        );
        let own = Status { code: 500, reason: StatusReason("Broken".into()), ..Default::default() };
        let s = api_errors::status_of(&denied(&a, "w", Some(own)));
        assert_eq!(s.message, "Internal error occurred: admission webhook \"w\" denied the request: Broken");
        assert_eq!(s.details.unwrap().causes[0].message, "admission webhook \"w\" denied the request: Broken");
    }
}
