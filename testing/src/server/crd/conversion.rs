//! Conversion webhooks of custom resources, called as kube-apiserver's webhook converter calls them: a `ConversionReview` per object read or written in a version other than the one it is in.
//!
//! Facts from upstream's `apiextensions-apiserver/pkg/apiserver/conversion/webhook_converter.go`:
//! the review version is the first of the definition's `conversionReviewVersions` the server
//! speaks (`v1`, `v1beta1`); the answer must carry the request's `uid`, `result.status:
//! Success` (else its `result.message` is the failure), one converted object per object sent,
//! each in the desired `apiVersion` and the same `kind`; a converted object's `metadata` is the
//! original's but for its labels and annotations. A failure is `500`: `conversion webhook for
//! samples.example.com/v1, Kind=Foo failed: <why>`.
//!
//! The call blocks the request that needs it (the tracker converts synchronously, as upstream's
//! codec does) on a thread of its own, so a webhook served by the same process must run on
//! another runtime or thread than the server's requests. A list converts its items one review
//! each (upstream sends them in one).

use std::collections::HashMap;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use bytes::Bytes;
use kapi_api::apiextensions::v1::WebhookConversion;
use kapi_api::meta::errors as api_errors;
use kapi_api::meta::resource::ResourceInfo;
use kapi_machinery::Object;
use kapi_machinery::json::value::{self, Value};

use super::object::{CustomObject, as_custom};
use crate::server::admission::https;
use crate::tracker::Result;

/// How long one conversion call may take (upstream's webhook client default).
const TIMEOUT: Duration = Duration::from_secs(30);

/// The largest answer read.
const MAX_RESPONSE_BYTES: usize = 30 << 20;

/// The service addresses tests give (`ApiServer::set_webhook_service`), shared with the server.
pub(crate) type Services = Arc<Mutex<HashMap<(String, String, i32), String>>>;

/// A definition's conversion webhook.
pub(crate) struct WebhookConverter {
    config: WebhookConversion,
    services: Services,
}

impl WebhookConverter {
    pub(crate) fn new(config: WebhookConversion, services: Services) -> WebhookConverter {
        WebhookConverter { config, services }
    }

    /// The object in `to`'s version: as it is when it is in that version already, else as the
    /// webhook converts it.
    pub(crate) fn convert(&self, mut obj: Box<dyn Object>, to: &ResourceInfo) -> Result<Box<dyn Object>> {
        let desired = if to.group.is_empty() { to.version.to_owned() } else { format!("{}/{}", to.group, to.version) };
        let Some(custom) = as_custom(obj.as_mut()) else { return Ok(obj) };
        if custom.type_meta.api_version == desired || custom.type_meta.api_version.is_empty() {
            custom.type_meta.api_version = desired;
            return Ok(obj);
        }
        let from = format!("{}, Kind={}", custom.type_meta.api_version, custom.type_meta.kind);
        let converted = self
            .call(custom, &desired)
            .map_err(|why| api_errors::internal(&format!("conversion webhook for {from} failed: {why}")))?;
        Ok(Box::new(converted))
    }

    /// One review for one object, on a thread of its own with its own runtime (the caller may be
    /// inside the server's).
    fn call(&self, original: &CustomObject, desired: &str) -> std::result::Result<CustomObject, String> {
        let review_version = self
            .config
            .conversion_review_versions
            .iter()
            .flatten()
            .find(|v| *v == "v1" || *v == "v1beta1")
            .cloned()
            .ok_or_else(|| "no conversionReviewVersions this server speaks (v1, v1beta1)".to_owned())?;
        let (url, server_name) = self.url()?;
        let uid = crate::tracker::meta::new_uid();
        let review = Value::Object(vec![
            ("kind".into(), Value::String("ConversionReview".into())),
            ("apiVersion".into(), Value::String(format!("apiextensions.k8s.io/{review_version}"))),
            (
                "request".into(),
                Value::Object(vec![
                    ("uid".into(), Value::String(uid.clone())),
                    ("desiredAPIVersion".into(), Value::String(desired.to_owned())),
                    ("objects".into(), Value::Array(vec![original.to_value()])),
                ]),
            ),
        ]);
        let body = Bytes::from(review.to_compact_vec());
        let ca = self.config.client_config.as_ref().map(|c| c.ca_bundle.as_slice()).filter(|c| !c.is_empty());
        let endpoint = https::Endpoint { url: &url, server_name: server_name.as_deref(), ca_bundle: ca };
        let answer = std::thread::scope(|s| {
            s.spawn(|| {
                let rt = tokio::runtime::Builder::new_current_thread()
                    .enable_all()
                    .build()
                    .map_err(|e| format!("starting the webhook call: {e}"))?;
                rt.block_on(https::post(&endpoint, body, TIMEOUT, MAX_RESPONSE_BYTES))
            })
            .join()
            .unwrap_or_else(|_| Err("the webhook call failed".into()))
        });
        let (status, data) = answer?;
        if !status.is_success() {
            return Err(format!("Post \"{url}\": the webhook answered {status}"));
        }
        let doc = value::parse(&data).map_err(|e| format!("the webhook's answer is not JSON: {e}"))?;
        let response = doc.get("response").ok_or("no response provided")?;
        let got_uid = response.get("uid").and_then(Value::as_str).unwrap_or_default();
        if got_uid != uid {
            return Err(format!("expected response.uid={uid:?}, got {got_uid:?}"));
        }
        let result = response.get("result");
        let text = |k: &str| result.and_then(|v| v.get(k)).and_then(Value::as_str).unwrap_or_default().to_owned();
        if text("status") != "Success" {
            return Err(text("message"));
        }
        let objects = match response.get("convertedObjects") {
            Some(Value::Array(items)) => items.as_slice(),
            _ => &[],
        };
        if objects.len() != 1 {
            return Err(format!("returned {} objects, expected 1", objects.len()));
        }
        let mut converted =
            CustomObject::from_value(&objects[0]).map_err(|e| format!("invalid converted object at index 0: {e}"))?;
        if converted.type_meta.api_version != desired {
            return Err(format!(
                "invalid converted object at index 0: invalid groupVersion (expected {desired}, received {})",
                converted.type_meta.api_version
            ));
        }
        if converted.type_meta.kind != original.type_meta.kind {
            return Err(format!(
                "invalid converted object at index 0: invalid kind (expected {}, received {})",
                original.type_meta.kind, converted.type_meta.kind
            ));
        }
        // Only labels and annotations may change; the rest of the metadata is the original's.
        let mut meta = original.metadata.clone();
        meta.labels = std::mem::take(&mut converted.metadata.labels);
        meta.annotations = std::mem::take(&mut converted.metadata.annotations);
        converted.metadata = meta;
        Ok(converted)
    }

    /// The webhook's URL, and the name its certificate must carry for a service.
    fn url(&self) -> std::result::Result<(String, Option<String>), String> {
        let cc = self.config.client_config.as_ref().ok_or("the conversion webhook has no clientConfig")?;
        match (&cc.url, &cc.service) {
            (Some(url), _) => Ok((url.clone(), None)),
            (None, Some(svc)) => {
                let (url, name) =
                    https::service_url(&self.services, &svc.namespace, &svc.name, svc.path.as_deref(), svc.port)?;
                Ok((url, Some(name)))
            }
            (None, None) => Err("the client config names neither a url nor a service".into()),
        }
    }
}
