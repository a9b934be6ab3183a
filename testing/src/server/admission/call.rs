//! Calling one webhook as upstream's dispatchers do: the `AdmissionReview` sent (v1 or
//! v1beta1, as the webhook accepts), the answer checked (`VerifyAdmissionResponse`), a denial
//! turned into upstream's status (`ToStatusErr`), a failed call into `failed calling webhook`
//! under the failure policy, and a mutating webhook's JSON Patch applied.

use std::time::Duration;

use bytes::Bytes;
use kapi_api::admission::{v1 as review_v1, v1beta1 as review_v1beta1};
use kapi_api::admissionregistration::v1::{FailurePolicyType, SideEffectClass, WebhookClientConfig};
use kapi_api::meta::errors as api_errors;
use kapi_api::meta::v1::{GroupVersionResource as MetaGvr, Status};
use kapi_machinery::TypeMeta;
use kapi_machinery::json::value::{self, Value};
use kapi_machinery::types::RawExtension;

use super::{Attributes, CallFailure, Hook, https};
use crate::server::patch::PatchError;
use crate::server::{ApiServer, MAX_BODY_BYTES};
use crate::tracker::meta::new_uid;
use crate::tracker::{Error, Result};

/// The default and the largest `timeoutSeconds`.
const DEFAULT_TIMEOUT_SECONDS: i32 = 10;
const MAX_TIMEOUT_SECONDS: i32 = 30;

/// The largest webhook response read: the object twice over, as a patch may replace all of it.
const MAX_RESPONSE_BYTES: usize = 2 * MAX_BODY_BYTES;

/// Upstream's `ToStatusErr`: the webhook's own status, its code raised to `400` when under it
/// and its status made `Failure`, with the message `admission webhook "<hook>" denied the
/// request: <message>` (else `: <reason>`, else ` without explanation`); its reason and
/// details are left as the webhook sent them.
pub(super) fn denied(hook: &str, result: Option<Status>) -> Error {
    let mut s = result.unwrap_or_default();
    if s.code < 400 {
        s.code = 400;
    }
    if s.status.is_empty() || s.status == kapi_api::meta::v1::STATUS_SUCCESS {
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
            extra: attrs
                .user
                .extra
                .iter()
                .map(|(k, v)| (k.clone(), kapi_api::authentication::v1::ExtraValue(v.clone())))
                .collect(),
        },
        object: raw(obj),
        old_object: raw(old),
        dry_run: Some(attrs.dry_run),
        options: raw(attrs.options.as_ref()),
    }
}

impl ApiServer {
    /// A failed call under the webhook's failure policy: ignored (recorded in the audit
    /// annotation `failed_open`, upstream's `failed-open.…` key, with the webhook's name), or
    /// `500` with upstream's `failed calling webhook "<name>": …`.
    fn failed(&self, hook: &Hook, failure: CallFailure, failed_open: &str) -> Result<()> {
        let ignore = hook.failure_policy.as_ref().is_some_and(|p| p.0 == FailurePolicyType::IGNORE);
        if ignore {
            crate::server::audit::annotate(failed_open, hook.name.clone());
            Ok(())
        } else {
            Err(api_errors::internal(&format!("failed calling webhook {:?}: {}", hook.name, failure.0)))
        }
    }

    /// Calls one webhook; for a mutating webhook the patched object when it sent a patch.
    /// `failed_open` is the audit annotation that records a failure ignored.
    pub(super) async fn call_hook(
        &self,
        hook: &Hook,
        attrs: &Attributes<'_>,
        obj: Option<&Value>,
        old: Option<&Value>,
        warnings: &mut Vec<String>,
        failed_open: &str,
    ) -> Result<Option<Value>> {
        // Upstream's dispatchers check a dry run first thing in the call: a webhook with side
        // effects refuses it, one that does not say fails under its failure policy.
        if attrs.dry_run {
            match hook.side_effects.as_ref().map(|s| s.0.as_str()) {
                Some(SideEffectClass::NONE | SideEffectClass::NONE_ON_DRY_RUN) => {}
                None => {
                    let failure = CallFailure("Webhook SideEffects is nil".into());
                    return self.failed(hook, failure, failed_open).map(|()| None);
                }
                Some(_) => {
                    return Err(api_errors::bad_request(format!(
                        "admission webhook {:?} does not support dry run",
                        hook.name
                    )));
                }
            }
        }
        let response = match self.send(hook, attrs, obj, old).await {
            Ok(r) => r,
            Err(f) => return self.failed(hook, f, failed_open).map(|()| None),
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
            return Err(denied(&hook.name, response.result));
        }
        // Only a mutating webhook's answer carries a patch (`send` refused it of the others).
        let Some(patch) = response.patch.filter(|p| !p.is_empty()) else { return Ok(None) };
        // Upstream decodes the patch (`jsonpatch.DecodePatch`) before it looks at whether there
        // is anything to apply, or anything to apply it to.
        let ops = match decode_patch(&patch) {
            Ok(ops) => ops,
            Err(e) => {
                let failure = CallFailure(format!("received undecodable patch in webhook response: {e}"));
                return self.failed(hook, failure, failed_open).map(|()| None);
            }
        };
        if ops == 0 {
            return Ok(None);
        }
        let Some(obj) = obj else {
            return Err(api_errors::internal(&format!(
                "admission webhook {:?} attempted to modify the object, which is not supported for this operation",
                hook.name
            )));
        };
        if let Some(t) = response.patch_type.as_ref().filter(|t| t.0 != review_v1::PatchType::JSON_PATCH) {
            let failure = CallFailure(format!("unsupported patch type {:?}", t.0));
            return self.failed(hook, failure, failed_open).map(|()| None);
        }
        // Upstream's `NewInternalError` of the patch's error.
        crate::server::patch::json_patch(obj, &patch, MAX_BODY_BYTES).map(Some).map_err(|e| match e {
            PatchError::Malformed(m) | PatchError::NotApplicable(m) | PatchError::TestFailed(m) => {
                api_errors::internal(&m)
            }
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
                CallFailure(
                    "could not create admission objects: webhook does not accept known AdmissionReview versions (v1, v1beta1)"
                        .into(),
                )
            })?
            .clone();
        let (url, server_name) = self.webhook_url(&hook.client_config)?;
        let seconds = hook.timeout_seconds.unwrap_or(DEFAULT_TIMEOUT_SECONDS).clamp(1, MAX_TIMEOUT_SECONDS);
        // Upstream's REST client tells the webhook its timeout in the query (`?timeout=10s`,
        // a Go duration), which failures name with the URL; a webhook URL has no query.
        let url = format!("{url}?timeout={seconds}s");
        let endpoint = https::Endpoint {
            url: &url,
            server_name: server_name.as_deref(),
            ca_bundle: hook.client_config.ca_bundle.as_deref().filter(|c| !c.is_empty()),
        };
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
        // An answer that does not decode fails in upstream's REST client (`Into`), before the
        // answer is checked: its JSON serializer's words after `failed to call webhook: `.
        let undecodable = |e: String| CallFailure(format!("failed to call webhook: {e}"));
        let doc = value::parse(&data)
            .map_err(|e| undecodable(format!("couldn't get version/kind; json parse error: {e}")))?;
        let text = |k: &str| doc.get(k).and_then(Value::as_str).unwrap_or_default().to_owned();
        let want = format!("admission.k8s.io/{version}");
        // Upstream's `VerifyAdmissionResponse`: a v1 answer must be of the uid sent and of the
        // kind `AdmissionReview` in v1, and carry a patch only from a mutating webhook, with its
        // type; a v1beta1 answer is taken as it comes (its patch as a JSON Patch).
        let response = if version == "v1" {
            let r: review_v1::AdmissionReview =
                kapi_machinery::json::from_slice(&data).map_err(|e| undecodable(e.to_string()))?;
            let r = r.response.ok_or_else(|| invalid("webhook response was absent".into()))?;
            if r.uid != uid {
                return Err(invalid(format!("expected response.uid={uid:?}, got {:?}", r.uid)));
            }
            if text("apiVersion") != want || text("kind") != "AdmissionReview" {
                return Err(invalid(format!(
                    "expected webhook response of {want}, Kind=AdmissionReview, got {}",
                    gvk_string(&text("apiVersion"), &text("kind"))
                )));
            }
            let has_patch = r.patch.as_ref().is_some_and(|p| !p.is_empty());
            if hook.mutating {
                match &r.patch_type {
                    None if has_patch => {
                        return Err(invalid("webhook returned response.patch but not response.patchType".into()));
                    }
                    Some(_) if !has_patch => {
                        return Err(invalid("webhook returned response.patchType but not response.patch".into()));
                    }
                    Some(t) if t.0.is_empty() => {
                        return Err(invalid(format!("webhook returned invalid response.patchType of {:?}", t.0)));
                    }
                    _ => {}
                }
            } else if has_patch {
                return Err(invalid("validating webhook may not return response.patch".into()));
            } else if r.patch_type.is_some() {
                return Err(invalid("validating webhook may not return response.patchType".into()));
            }
            r
        } else {
            let r: review_v1beta1::AdmissionReview =
                kapi_machinery::json::from_slice(&data).map_err(|e| undecodable(e.to_string()))?;
            let r = r.response.ok_or_else(|| invalid("webhook response was absent".into()))?;
            let patch = r.patch.filter(|p| hook.mutating && !p.is_empty());
            review_v1::AdmissionResponse {
                uid: r.uid,
                allowed: r.allowed,
                result: r.result,
                patch_type: patch.as_ref().map(|_| review_v1::PatchType(review_v1::PatchType::JSON_PATCH.into())),
                patch,
                audit_annotations: r.audit_annotations,
                warnings: r.warnings,
            }
        };
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

/// Go's `GroupVersionKind.String()` of an `apiVersion` and `kind`: `group/version, Kind=kind`,
/// `/version` for the core group.
fn gvk_string(api_version: &str, kind: &str) -> String {
    let gv = if api_version.contains('/') { api_version.to_owned() } else { format!("/{api_version}") };
    format!("{gv}, Kind={kind}")
}

/// The number of operations of a webhook's patch, decoded as `jsonpatch.DecodePatch` decodes it
/// (Go's `json.Unmarshal` into a list of objects: `null` is no operation), or Go's error.
fn decode_patch(patch: &[u8]) -> std::result::Result<usize, String> {
    let go_kind = |v: &Value| match v {
        Value::Object(_) => "object",
        Value::Array(_) => "array",
        Value::String(_) => "string",
        Value::Number(_) => "number",
        Value::Bool(_) => "bool",
        Value::Null => "null",
    };
    match value::parse(patch).map_err(|e| e.to_string())? {
        Value::Null => Ok(0),
        Value::Array(ops) => match ops.iter().find(|op| !matches!(op, Value::Object(_) | Value::Null)) {
            Some(op) => {
                Err(format!("json: cannot unmarshal {} into Go value of type jsonpatch.Operation", go_kind(op)))
            }
            None => Ok(ops.len()),
        },
        other => Err(format!("json: cannot unmarshal {} into Go value of type jsonpatch.Patch", go_kind(&other))),
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
    use kapi_api::meta::v1::StatusReason;

    use super::*;

    /// Upstream's `TestToStatusErr` cases.
    #[test]
    fn denials_read_as_upstream() {
        let s = api_errors::status_of(&denied("foo", None));
        assert_eq!((s.code, s.status.as_str()), (400, "Failure"));
        assert_eq!(s.message, "admission webhook \"foo\" denied the request without explanation");
        assert_eq!(s.reason.0, "");
        assert!(s.details.is_none());
        let own = |code, reason: &str, message: &str| Status {
            code,
            reason: StatusReason(reason.into()),
            message: message.into(),
            ..Default::default()
        };
        let s = api_errors::status_of(&denied("foo", Some(own(0, "Forbidden", ""))));
        assert_eq!((s.code, s.message.as_str()), (400, "admission webhook \"foo\" denied the request: Forbidden"));
        assert_eq!(s.reason.0, "Forbidden");
        let s = api_errors::status_of(&denied("foo", Some(own(0, "Forbidden", "you shall not pass"))));
        assert_eq!(s.message, "admission webhook \"foo\" denied the request: you shall not pass");
        for (code, want) in [(401, 401), (500, 500), (200, 400), (399, 400)] {
            let s = api_errors::status_of(&denied("foo", Some(own(code, "", ""))));
            assert_eq!((s.code, s.status.as_str()), (want, "Failure"), "{code}");
            assert_eq!(s.message, "admission webhook \"foo\" denied the request without explanation");
        }
        let success = Status { status: "Success".into(), ..Default::default() };
        assert_eq!(api_errors::status_of(&denied("foo", Some(success))).status, "Failure");
    }

    #[test]
    fn patches_decode_as_go_decodes_them() {
        assert_eq!(decode_patch(b"[]"), Ok(0));
        assert_eq!(decode_patch(b"null"), Ok(0));
        assert_eq!(decode_patch(br#"[{"op":"add","path":"/a","value":1}]"#), Ok(1));
        assert_eq!(
            decode_patch(br#"{"op":"add"}"#),
            Err("json: cannot unmarshal object into Go value of type jsonpatch.Patch".into())
        );
        assert_eq!(
            decode_patch(b"[1]"),
            Err("json: cannot unmarshal number into Go value of type jsonpatch.Operation".into())
        );
        assert_eq!(gvk_string("v1", "AdmissionReview"), "/v1, Kind=AdmissionReview");
        assert_eq!(gvk_string("", ""), "/, Kind=");
        assert_eq!(gvk_string("admission.k8s.io/v1beta1", "X"), "admission.k8s.io/v1beta1, Kind=X");
    }
}
