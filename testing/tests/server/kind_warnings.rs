//! Warnings on writes from the registry strategies of kinds other than pods: a service's, a custom resource definition's and a `kubernetes.io/tls` secret's create and update, and a service's status write, carry upstream's `Warning: 299` texts, read through kapi-client's `*_with_warnings` calls and the raw headers.

use crate::http_support;

use std::sync::Arc;

use http::Method;
use kapi_api::core::v1::{Service, ServicePort, ServiceSpec};
use kapi_api::meta::v1::{CreateOptions, ObjectMeta, PatchOptions};
use kapi_client::{Api, Client, Config, Patch, Transport};
use kapi_testing::{ApiServer, TestServer};

const EXTERNAL_IPS: &str = "spec.externalIPs is deprecated and may no longer be implemented in some clusters";
const PREFER_CLOSE: &str = r#"spec.trafficDistribution: "PreferClose" is deprecated; use "PreferSameZone""#;

async fn client() -> (Arc<ApiServer>, TestServer, Client) {
    let api = Arc::new(ApiServer::serving_everything());
    api.register_builtin();
    let server = TestServer::start(api.clone(), None).await.unwrap();
    let transport = Arc::new(Transport::new(&Config::new(server.url()).unwrap()).unwrap());
    let client = Client::new(transport, server.url()).unwrap();
    (api, server, client)
}

fn service(name: &str, external_ips: &[&str], traffic_distribution: Option<&str>) -> Service {
    Service {
        metadata: ObjectMeta { name: name.into(), ..ObjectMeta::default() },
        spec: ServiceSpec {
            ports: vec![ServicePort { port: 80, ..ServicePort::default() }],
            external_ips: external_ips.iter().map(|s| (*s).to_owned()).collect(),
            traffic_distribution: traffic_distribution.map(str::to_owned),
            ..ServiceSpec::default()
        },
        ..Service::default()
    }
}

#[tokio::test]
async fn a_service_write_carries_its_strategys_warnings() {
    let (_api, _server, client) = client().await;
    let services: Api<Service> = Api::namespaced(client, "default");
    let created = services
        .create_with_warnings(&service("web", &["192.0.2.10"], Some("PreferClose")), &CreateOptions::default())
        .await
        .unwrap();
    assert_eq!(created.warnings, [EXTERNAL_IPS, PREFER_CLOSE]);
    // An update is judged on the new object alone: what it still has is warned about again.
    let patch = Patch::Merge(br#"{"spec":{"trafficDistribution":"PreferSameZone"}}"#.to_vec());
    let patched = services.patch_with_warnings("web", &patch, &PatchOptions::default()).await.unwrap();
    assert_eq!(patched.warnings, [EXTERNAL_IPS]);
    // A plain service: none.
    let plain = services.create_with_warnings(&service("plain", &[], None), &CreateOptions::default()).await.unwrap();
    assert!(plain.warnings.is_empty(), "{:?}", plain.warnings);
}

#[tokio::test]
async fn a_status_write_carries_its_status_strategys_warnings() {
    let (_api, _server, client) = client().await;
    let services: Api<Service> = Api::namespaced(client, "default");
    let mut lb = service("lb", &[], None);
    lb.spec.r#type = "LoadBalancer".into();
    services.create(&lb, &CreateOptions::default()).await.unwrap();
    // A leading zero is refused in 1.36 (`StrictIPCIDRValidation` is on by default).
    let status =
        Patch::Merge(br#"{"status":{"loadBalancer":{"ingress":[{"ip":"192.0.2.010","ipMode":"VIP"}]}}}"#.to_vec());
    let refused: Result<kapi_client::Response<Service>, _> =
        services.patch_subresource_with_warnings("lb", "status", &status, &PatchOptions::default()).await;
    let Err(kapi_client::Error::Api(e)) = refused else { panic!("a leading zero was let through: {refused:?}") };
    assert_eq!(
        (e.code, e.status.message.as_str()),
        (
            422,
            r#"Service "lb" is invalid: status.loadBalancer.ingress[0].ip: Invalid value: "192.0.2.010": must not have leading 0s"#
        )
    );
    // A load balancer's address in a non-canonical form: upstream's service status strategy warns.
    let status =
        Patch::Merge(br#"{"status":{"loadBalancer":{"ingress":[{"ip":"2001:DB8::10","ipMode":"VIP"}]}}}"#.to_vec());
    let written: kapi_client::Response<Service> =
        services.patch_subresource_with_warnings("lb", "status", &status, &PatchOptions::default()).await.unwrap();
    assert_eq!(
        written.warnings,
        [
            r#"status.loadBalancer.ingress[0]: IPv6 address "2001:DB8::10" should be in RFC 5952 canonical format ("2001:db8::10")"#
        ]
    );
    // A status write warns about the status only, not about the spec the main resource's
    // strategy judges.
    let spec = Patch::Merge(br#"{"spec":{"externalIPs":["192.0.2.20"]}}"#.to_vec());
    services.patch("lb", &spec, &PatchOptions::default()).await.unwrap();
    let clean =
        Patch::Merge(br#"{"status":{"loadBalancer":{"ingress":[{"ip":"192.0.2.10","ipMode":"VIP"}]}}}"#.to_vec());
    let written: kapi_client::Response<Service> =
        services.patch_subresource_with_warnings("lb", "status", &clean, &PatchOptions::default()).await.unwrap();
    assert!(written.warnings.is_empty(), "{:?}", written.warnings);
}

const CRD: &str = r#"{"apiVersion":"apiextensions.k8s.io/v1","kind":"CustomResourceDefinition",
"metadata":{"name":"gadgets.example.com"},
"spec":{"group":"example.com","scope":"Namespaced",
 "names":{"plural":"gadgets","singular":"gadget","kind":"Gadget"},
 "versions":[{"name":"v1","served":true,"storage":true,
  "schema":{"openAPIV3Schema":{"type":"object","properties":{
   "spec":{"type":"object","properties":{
    "when":{"type":"string","format":"date-time"},
    "serial":{"type":"string","format":"serial-number"}}}}}}}]}}"#;

async fn call(api: &ApiServer, method: Method, path: &str, content_type: &str, body: &str) -> (u16, Vec<String>) {
    let answer = http_support::call(api, method, path, content_type, body).await;
    (answer.code, answer.warnings)
}

#[tokio::test]
async fn a_crd_with_an_unrecognized_format_is_warned_about_once() {
    let api = ApiServer::serving_everything();
    api.register_builtin();
    let crds = "/apis/apiextensions.k8s.io/v1/customresourcedefinitions";
    let (code, warnings) = call(&api, Method::POST, crds, "application/json", CRD).await;
    assert_eq!(code, 201);
    assert_eq!(warnings, [r#"299 - "unrecognized format \"serial-number\"""#]);
    // An update that keeps the format is not warned about again; a newly used one is.
    let item = format!("{crds}/gadgets.example.com");
    let label = r#"{"metadata":{"labels":{"team":"a"}}}"#;
    let (code, warnings) = call(&api, Method::PATCH, &item, "application/merge-patch+json", label).await;
    assert_eq!((code, warnings), (200, Vec::<String>::new()));
    let added = r#"{"spec":{"versions":[{"name":"v1","served":true,"storage":true,
      "schema":{"openAPIV3Schema":{"type":"object","properties":{"spec":{"type":"object","properties":{
       "serial":{"type":"string","format":"serial-number"},
       "count":{"type":"integer","format":"int16"}}}}}}}]}}"#;
    let (code, warnings) = call(&api, Method::PATCH, &item, "application/merge-patch+json", added).await;
    assert_eq!(code, 200);
    assert_eq!(warnings, [r#"299 - "unrecognized format \"int16\"""#]);
}

/// An Ed25519 certificate made with openssl, a key of another pair, and its own key.
const ED25519_CERT: &str = "-----BEGIN CERTIFICATE-----
MIIBPjCB8aADAgECAhQ4EO8u7iAS1+nHityS++HazvMQZTAFBgMrZXAwFTETMBEG
A1UEAwwKZWQuZXhhbXBsZTAeFw0yNjEyMDEwOTA4MTBaFw0zNjExMjgwOTA4MTBa
MBUxEzARBgNVBAMMCmVkLmV4YW1wbGUwKjAFBgMrZXADIQCAIUt5KOHucCxQ8iiR
LcS8niE7tixrH7TQBKmqEF9UEKNTMFEwHQYDVR0OBBYEFMmXaueW/ZGedRZEWa3K
uRgMF8JZMB8GA1UdIwQYMBaAFMmXaueW/ZGedRZEWa3KuRgMF8JZMA8GA1UdEwEB
/wQFMAMBAf8wBQYDK2VwA0EAG/cLO4s3cdVZemlIs2KuSrjyN8NHQ2BWgZfui1Nz
o0sRB21hIjBTNqFGpLZr1sw8w0UmIPbznRk0woRoQ8gtBw==
-----END CERTIFICATE-----
";
const ED25519_OTHER_KEY: &str = "-----BEGIN PRIVATE KEY-----
MC4CAQAwBQYDK2VwBCIEINjnuXCJkDQYkvxv1uQMihiwG4GrN1mOqsMNStcNIAtl
-----END PRIVATE KEY-----
";
const ED25519_KEY: &str = "-----BEGIN PRIVATE KEY-----
MC4CAQAwBQYDK2VwBCIEIG9vJJJs8Vq4LMc0dTefGMeqIh1umwvIU+o8ywfHtaws
-----END PRIVATE KEY-----
";

/// A secret of `kind` with the certificate and key as `stringData`.
fn tls_secret(name: &str, kind: &str, cert: &str, key: &str) -> String {
    let json = |s: &str| s.replace('\n', "\\n");
    format!(
        r#"{{"apiVersion":"v1","kind":"Secret","metadata":{{"name":"{name}"}},"type":"{kind}",
"stringData":{{"tls.crt":"{}","tls.key":"{}"}}}}"#,
        json(cert),
        json(key)
    )
}

#[tokio::test]
async fn a_tls_secret_whose_key_does_not_match_is_warned_about() {
    let api = ApiServer::serving_everything();
    api.register_builtin();
    let secrets = "/api/v1/namespaces/default/secrets";
    let body = tls_secret("web-tls", "kubernetes.io/tls", ED25519_CERT, ED25519_OTHER_KEY);
    let (code, warnings) = call(&api, Method::POST, secrets, "application/json", &body).await;
    assert_eq!(code, 201);
    assert_eq!(warnings, [r#"299 - "tls: private key does not match public key""#]);
    // The update that puts the right key in is not warned about.
    let fix = format!(r#"{{"stringData":{{"tls.key":"{}"}}}}"#, ED25519_KEY.replace('\n', "\\n"));
    let (code, warnings) =
        call(&api, Method::PATCH, &format!("{secrets}/web-tls"), "application/merge-patch+json", &fix).await;
    assert_eq!((code, warnings), (200, Vec::<String>::new()));
    // Inputs swapped: Go's text, its quotes escaped in the header.
    let body = tls_secret("swapped", "kubernetes.io/tls", ED25519_KEY, ED25519_CERT);
    let (code, warnings) = call(&api, Method::POST, secrets, "application/json", &body).await;
    assert_eq!(code, 201);
    assert_eq!(
        warnings,
        [
            r#"299 - "tls: failed to find certificate PEM data in certificate input, but did find a private key; PEM inputs may have been switched""#
        ]
    );
    // Another type with the same data: none.
    let body = tls_secret("opaque", "Opaque", ED25519_CERT, ED25519_OTHER_KEY);
    let (code, warnings) = call(&api, Method::POST, secrets, "application/json", &body).await;
    assert_eq!((code, warnings), (201, Vec::<String>::new()));
}
