//! Service accounts' `token` subresource over HTTP, checked step by step in the order of v1.36's create handler and `TokenREST.Create`: the body's namespace, name and uid, the bound object and its uid, with whole `Status` bodies.

use std::sync::Arc;

use kapi_client::{Client, Config, Transport};
use kapi_machinery::json::value::{self, Value};
use kapi_testing::{ApiServer, TestServer};

/// A server with the built-in kinds, namespace `ns`, service account `robot` and a client.
async fn serve() -> (Arc<ApiServer>, TestServer, Client) {
    let server = Arc::new(ApiServer::serving_everything());
    server.register_builtin();
    let test = TestServer::start(server.clone(), None).await.unwrap();
    server.create_namespace("ns").unwrap();
    let mut config = Config::new(test.url()).unwrap();
    config.retry.max_retries = 0;
    let client = Client::new(Arc::new(Transport::new(&config).unwrap()), test.url()).unwrap();
    let (code, _, body) =
        post(&client, "/api/v1/namespaces/ns/serviceaccounts", r#"{"metadata":{"name":"robot"}}"#).await;
    assert_eq!(code, 201, "{body}");
    (server, test, client)
}

/// POSTs a JSON body: the status code, the `Warning` headers and the body as text.
async fn post(client: &Client, path: &str, body: &str) -> (u16, Vec<String>, String) {
    let request = http::Request::builder()
        .method(http::Method::POST)
        .uri(format!("{}{path}", client.base_url()))
        .header(http::header::ACCEPT, "application/json")
        .header(http::header::CONTENT_TYPE, "application/json")
        .body(bytes::Bytes::from(body.to_owned()))
        .unwrap();
    let response = client.service().call(request).await.unwrap();
    let code = response.status().as_u16();
    let warnings =
        response.headers().get_all("warning").iter().map(|v| v.to_str().unwrap().to_owned()).collect::<Vec<_>>();
    let data = kapi_client::body::collect(response.into_body()).await.unwrap();
    (code, warnings, String::from_utf8(data.to_vec()).unwrap().trim_end().to_owned())
}

const TOKEN: &str = "/api/v1/namespaces/ns/serviceaccounts/robot/token";

fn request(metadata: &str, spec: &str) -> String {
    format!(
        r#"{{"apiVersion":"authentication.k8s.io/v1","kind":"TokenRequest","metadata":{{{metadata}}},"spec":{{{spec}}}}}"#
    )
}

async fn uid_of(client: &Client, path: &str) -> String {
    let request = http::Request::get(format!("{}{path}", client.base_url())).body(bytes::Bytes::new()).unwrap();
    let response = client.service().call(request).await.unwrap();
    let data = kapi_client::body::collect(response.into_body()).await.unwrap();
    let v = value::parse(&data).unwrap();
    v.get("metadata").and_then(|m| m.get("uid")).and_then(Value::as_str).unwrap().to_owned()
}

/// The token's claims, decoded from its middle part.
fn claims(answer: &str) -> Value {
    let v = value::parse(answer.as_bytes()).unwrap();
    let token = v.get("status").and_then(|s| s.get("token")).and_then(Value::as_str).unwrap();
    let middle = token.split('.').nth(1).unwrap();
    let mut std: Vec<u8> = middle
        .bytes()
        .map(|c| match c {
            b'-' => b'+',
            b'_' => b'/',
            c => c,
        })
        .collect();
    while !std.len().is_multiple_of(4) {
        std.push(b'=');
    }
    value::parse(&kapi_machinery::base64::decode(&std).unwrap()).unwrap()
}

/// The create handler refuses a body naming another namespace before `TokenREST.Create` runs, so
/// token.go's own `must match the service account namespace if specified` is never what a
/// client of a v1.36 server reads; a name is `TokenREST`'s to check, before the account is read.
#[tokio::test]
async fn the_body_names_the_url_namespace_and_account() {
    let (_server, _test, client) = serve().await;
    let (code, _, body) = post(&client, TOKEN, &request(r#""namespace":"default""#, "")).await;
    assert_eq!(code, 400);
    assert_eq!(
        body,
        r#"{"kind":"Status","apiVersion":"v1","metadata":{},"status":"Failure","message":"the namespace of the provided object does not match the namespace sent on the request","reason":"BadRequest","code":400}"#
    );
    // The namespace is the handler's, checked before the name.
    let (code, _, body) = post(
        &client,
        "/api/v1/namespaces/ns/serviceaccounts/nobody/token",
        &request(r#""name":"x","namespace":"y""#, ""),
    )
    .await;
    assert_eq!((code, body.contains("the namespace of the provided object")), (400, true), "{body}");
    // token_test.go, "request name does not match service account name".
    let (code, _, body) = post(&client, TOKEN, &request(r#""name":"default","namespace":"ns""#, "")).await;
    assert_eq!(code, 422);
    assert_eq!(
        body,
        r#"{"kind":"Status","apiVersion":"v1","metadata":{},"status":"Failure","message":"TokenRequest.authentication.k8s.io \"robot\" is invalid: metadata.name: Invalid value: \"default\": must match the service account name if specified","reason":"Invalid","details":{"name":"robot","group":"authentication.k8s.io","kind":"TokenRequest","causes":[{"reason":"FieldValueInvalid","message":"Invalid value: \"default\": must match the service account name if specified","field":"metadata.name"}]},"code":422}"#
    );
    let (code, _, body) = post(&client, TOKEN, &request(r#""name":"robot","namespace":"ns""#, "")).await;
    assert_eq!(code, 201, "{body}");
}

/// `TestTokenRequest_ServiceAccountUIDValidation` (token_test.go) over HTTP: with
/// `TokenRequestServiceAccountUIDValidation` on (v1.36's default) a uid that is not the
/// account's is a `409` on `TokenRequest.authentication.k8s.io`, checked after the account's
/// lookup and before `ValidateTokenRequest`; the answer carries the account's uid.
#[tokio::test]
async fn a_request_for_another_incarnation_of_the_account_conflicts() {
    let (server, _test, client) = serve().await;
    let uid = uid_of(&client, "/api/v1/namespaces/ns/serviceaccounts/robot").await;

    // "feature gate enabled - matching UID"
    let (code, _, body) = post(&client, TOKEN, &request(&format!(r#""uid":"{uid}""#), "")).await;
    assert_eq!(code, 201, "{body}");
    assert!(body.contains(&format!(r#""uid":"{uid}""#)), "{body}");

    // "feature gate enabled - mismatched UID"; an expiration ValidateTokenRequest refuses comes later.
    let (code, _, body) =
        post(&client, TOKEN, &request(r#""uid":"wrong-sa-uid-456""#, r#""expirationSeconds":60"#)).await;
    assert_eq!(code, 409);
    assert_eq!(
        body,
        format!(
            r#"{{"kind":"Status","apiVersion":"v1","metadata":{{}},"status":"Failure","message":"Operation cannot be fulfilled on TokenRequest.authentication.k8s.io \"robot\": the UID in the token request (wrong-sa-uid-456) does not match the UID of the service account ({uid})","reason":"Conflict","details":{{"name":"robot","group":"authentication.k8s.io","kind":"TokenRequest"}},"code":409}}"#
        )
    );
    // The account is read first.
    let (code, _, _) =
        post(&client, "/api/v1/namespaces/ns/serviceaccounts/nobody/token", &request(r#""uid":"wrong""#, "")).await;
    assert_eq!(code, 404);

    // "empty request UID": the answer carries the account's uid.
    let (code, _, body) = post(&client, TOKEN, &request("", "")).await;
    assert_eq!(code, 201, "{body}");
    assert!(body.contains(&format!(r#""uid":"{uid}""#)), "{body}");

    // "feature gate disabled - mismatched UID": the request's uid is kept, with a warning.
    server.set_feature_gate("TokenRequestServiceAccountUIDValidation", false);
    let (code, warnings, body) = post(&client, TOKEN, &request(r#""uid":"wrong-sa-uid-456""#, "")).await;
    assert_eq!(code, 201, "{body}");
    assert!(body.contains(r#""uid":"wrong-sa-uid-456""#), "{body}");
    assert_eq!(
        warnings,
        [format!(
            r#"299 - "the UID in the token request (wrong-sa-uid-456) does not match the UID of the service account ({uid}) but TokenRequestServiceAccountUIDValidation is not enabled. In the future, this will return a conflict error""#
        )]
    );
}

/// `spec.boundObjectRef` is read after validation: a pod (running as the account), node or
/// secret that must exist, no other kind, and a uid that must be the object's (a `409` whose
/// GroupResource is the reference's group and kind, as token.go builds it).
#[tokio::test]
async fn bound_objects_are_read_and_their_uids_checked() {
    let (_server, _test, client) = serve().await;
    let pod = r#"{"metadata":{"name":"p"},"spec":{"serviceAccountName":"robot","nodeName":"n1","containers":[{"name":"c","image":"i"}]}}"#;
    let (code, _, body) = post(&client, "/api/v1/namespaces/ns/pods", pod).await;
    assert_eq!(code, 201, "{body}");
    let (code, _, body) =
        post(&client, "/api/v1/namespaces/ns/serviceaccounts", r#"{"metadata":{"name":"other"}}"#).await;
    assert_eq!(code, 201, "{body}");
    let other =
        r#"{"metadata":{"name":"q"},"spec":{"serviceAccountName":"other","containers":[{"name":"c","image":"i"}]}}"#;
    let (code, _, body) = post(&client, "/api/v1/namespaces/ns/pods", other).await;
    assert_eq!(code, 201, "{body}");
    let (code, _, body) = post(&client, "/api/v1/nodes", r#"{"metadata":{"name":"n1"}}"#).await;
    assert_eq!(code, 201, "{body}");
    let (code, _, body) = post(&client, "/api/v1/namespaces/ns/secrets", r#"{"metadata":{"name":"s"}}"#).await;
    assert_eq!(code, 201, "{body}");
    let pod_uid = uid_of(&client, "/api/v1/namespaces/ns/pods/p").await;
    let node_uid = uid_of(&client, "/api/v1/nodes/n1").await;
    let secret_uid = uid_of(&client, "/api/v1/namespaces/ns/secrets/s").await;
    let bound = |kind: &str, name: &str, uid: &str| {
        request("", &format!(r#""boundObjectRef":{{"apiVersion":"v1","kind":"{kind}","name":"{name}","uid":"{uid}"}}"#))
    };

    let (code, _, body) = post(&client, TOKEN, &bound("Pod", "p", &pod_uid)).await;
    assert_eq!(code, 201, "{body}");
    let c = claims(&body);
    let k = c.get("kubernetes.io").unwrap();
    assert_eq!(k.get("pod").and_then(|p| p.get("uid")).and_then(Value::as_str), Some(pod_uid.as_str()));
    assert_eq!(k.get("node").and_then(|p| p.get("uid")).and_then(Value::as_str), Some(node_uid.as_str()));
    let (code, _, body) = post(&client, TOKEN, &bound("Secret", "s", "")).await;
    assert_eq!(code, 201, "{body}");
    let c = claims(&body);
    let k = c.get("kubernetes.io").unwrap();
    assert_eq!(k.get("secret").and_then(|p| p.get("uid")).and_then(Value::as_str), Some(secret_uid.as_str()));
    let (code, _, body) = post(&client, TOKEN, &bound("Node", "n1", &node_uid)).await;
    assert_eq!(code, 201, "{body}");

    let (code, _, body) = post(&client, TOKEN, &bound("Pod", "p", "stale")).await;
    assert_eq!(code, 409);
    assert_eq!(
        body,
        r#"{"kind":"Status","apiVersion":"v1","metadata":{},"status":"Failure","message":"Operation cannot be fulfilled on Pod \"p\": the UID in the bound object reference (stale) does not match the UID in record. The object might have been deleted and then recreated","reason":"Conflict","details":{"name":"p","kind":"Pod"},"code":409}"#
    );
    let (code, _, body) = post(&client, TOKEN, &bound("Secret", "s", "stale")).await;
    assert_eq!((code, body.contains(r#"Operation cannot be fulfilled on Secret \"s\""#)), (409, true), "{body}");
    let (code, _, body) = post(&client, TOKEN, &bound("Node", "n1", "stale")).await;
    assert_eq!((code, body.contains(r#"Operation cannot be fulfilled on Node \"n1\""#)), (409, true), "{body}");

    let (code, _, body) = post(&client, TOKEN, &bound("Pod", "q", "")).await;
    assert_eq!(code, 400);
    assert_eq!(
        body,
        r#"{"kind":"Status","apiVersion":"v1","metadata":{},"status":"Failure","message":"cannot bind token for serviceaccount \"robot\" to pod running with different serviceaccount name.","reason":"BadRequest","code":400}"#
    );
    let (code, _, body) = post(&client, TOKEN, &bound("Pod", "gone", "")).await;
    assert_eq!(code, 404);
    assert_eq!(
        body,
        r#"{"kind":"Status","apiVersion":"v1","metadata":{},"status":"Failure","message":"pods \"gone\" not found","reason":"NotFound","details":{"name":"gone","kind":"pods"},"code":404}"#
    );
    let (code, _, body) = post(&client, TOKEN, &bound("ConfigMap", "c", "")).await;
    assert_eq!(code, 400);
    assert_eq!(
        body,
        r#"{"kind":"Status","apiVersion":"v1","metadata":{},"status":"Failure","message":"cannot bind token to object of type /v1, Kind=ConfigMap","reason":"BadRequest","code":400}"#
    );
    // The uid of the reference is checked after validation: a short expiration is reported first.
    let short = request(
        "",
        r#""expirationSeconds":60,"boundObjectRef":{"apiVersion":"v1","kind":"Pod","name":"p","uid":"stale"}"#,
    );
    let (code, _, _) = post(&client, TOKEN, &short).await;
    assert_eq!(code, 422);
}

/// Sends a request and returns the code and the body as text.
async fn call(client: &Client, method: http::Method, path: &str, bearer: Option<&str>, body: &str) -> (u16, String) {
    let mut request = http::Request::builder()
        .method(method)
        .uri(format!("{}{path}", client.base_url()))
        .header(http::header::ACCEPT, "application/json")
        .header(http::header::CONTENT_TYPE, "application/json");
    if let Some(token) = bearer {
        request = request.header(http::header::AUTHORIZATION, format!("Bearer {token}"));
    }
    let response = client.service().call(request.body(bytes::Bytes::from(body.to_owned())).unwrap()).await.unwrap();
    let code = response.status().as_u16();
    let data = kapi_client::body::collect(response.into_body()).await.unwrap();
    (code, String::from_utf8(data.to_vec()).unwrap())
}

/// What a token review of `token` says: its user, or its error.
async fn review(client: &Client, token: &str) -> std::result::Result<Value, String> {
    let body =
        format!(r#"{{"apiVersion":"authentication.k8s.io/v1","kind":"TokenReview","spec":{{"token":"{token}"}}}}"#);
    let (code, answer) =
        call(client, http::Method::POST, "/apis/authentication.k8s.io/v1/tokenreviews", None, &body).await;
    assert_eq!(code, 201, "{answer}");
    let status = value::parse(answer.as_bytes()).unwrap().get("status").cloned().unwrap();
    match status.get("error").and_then(Value::as_str) {
        Some(e) => Err(e.to_owned()),
        None => Ok(status.get("user").cloned().unwrap()),
    }
}

fn token_of(answer: &str) -> String {
    let v = value::parse(answer.as_bytes()).unwrap();
    v.get("status").and_then(|s| s.get("token")).and_then(Value::as_str).unwrap().to_owned()
}

/// A token carries an id, and its user the bound pod, the pod's node and the credential id as
/// extras (upstream's `ServiceAccountInfo.UserInfo`), in token reviews and for requests made with
/// it; the validator checks the account and the bound object on every use, in upstream's order
/// and words (`pkg/serviceaccount/claims.go`, `Validate`).
#[tokio::test]
async fn reviews_of_bound_tokens_carry_their_objects_and_check_them() {
    let (_server, _test, client) = serve().await;
    let pod = r#"{"metadata":{"name":"p"},"spec":{"serviceAccountName":"robot","nodeName":"n1","containers":[{"name":"c","image":"i"}]}}"#;
    assert_eq!(post(&client, "/api/v1/namespaces/ns/pods", pod).await.0, 201);
    assert_eq!(post(&client, "/api/v1/nodes", r#"{"metadata":{"name":"n1"}}"#).await.0, 201);
    let pod_uid = uid_of(&client, "/api/v1/namespaces/ns/pods/p").await;
    let node_uid = uid_of(&client, "/api/v1/nodes/n1").await;
    let bound = |kind: &str, name: &str| {
        request("", &format!(r#""boundObjectRef":{{"apiVersion":"v1","kind":"{kind}","name":"{name}"}}"#))
    };
    let (code, _, answer) = post(&client, TOKEN, &bound("Pod", "p")).await;
    assert_eq!(code, 201, "{answer}");
    let jti = claims(&answer).get("jti").and_then(Value::as_str).unwrap().to_owned();
    assert_eq!(jti.len(), 36, "{jti}");
    let pod_token = token_of(&answer);
    let extra = format!(
        r#"{{"authentication.kubernetes.io/credential-id":["JTI={jti}"],"authentication.kubernetes.io/node-name":["n1"],"authentication.kubernetes.io/node-uid":["{node_uid}"],"authentication.kubernetes.io/pod-name":["p"],"authentication.kubernetes.io/pod-uid":["{pod_uid}"]}}"#
    );
    let user = review(&client, &pod_token).await.unwrap();
    assert_eq!(String::from_utf8(user.get("extra").unwrap().to_compact_vec()).unwrap(), extra);
    // The same user makes requests with the token.
    let (code, answer) = call(
        &client,
        http::Method::POST,
        "/apis/authentication.k8s.io/v1/selfsubjectreviews",
        Some(&pod_token),
        r#"{"apiVersion":"authentication.k8s.io/v1","kind":"SelfSubjectReview"}"#,
    )
    .await;
    assert_eq!(code, 201, "{answer}");
    let v = value::parse(answer.as_bytes()).unwrap();
    let extra_seen = v.get("status").and_then(|s| s.get("userInfo")).and_then(|u| u.get("extra")).unwrap();
    assert_eq!(String::from_utf8(extra_seen.to_compact_vec()).unwrap(), extra);

    // A token bound to the node itself names the node only, and dies with it.
    let (code, _, answer) = post(&client, TOKEN, &bound("Node", "n1")).await;
    assert_eq!(code, 201, "{answer}");
    let node_token = token_of(&answer);
    let user = review(&client, &node_token).await.unwrap();
    let keys: Vec<String> = match user.get("extra") {
        Some(Value::Object(m)) => m.iter().map(|(k, _)| k.clone()).collect(),
        _ => Vec::new(),
    };
    assert_eq!(
        keys,
        [
            "authentication.kubernetes.io/credential-id",
            "authentication.kubernetes.io/node-name",
            "authentication.kubernetes.io/node-uid"
        ]
    );
    let (code, answer) = call(&client, http::Method::DELETE, "/api/v1/nodes/n1", None, "").await;
    assert_eq!(code, 200, "{answer}");
    let invalidated = "[invalid bearer token, service account token has been invalidated]";
    assert_eq!(review(&client, &node_token).await.unwrap_err(), invalidated);
    // The pod-bound token reads its node from its claims: the node's deletion leaves it valid.
    assert!(review(&client, &pod_token).await.is_ok());
    let gone = "/api/v1/namespaces/ns/pods/p?gracePeriodSeconds=0";
    let (code, answer) = call(&client, http::Method::DELETE, gone, None, "").await;
    assert_eq!(code, 200, "{answer}");
    assert_eq!(review(&client, &pod_token).await.unwrap_err(), invalidated);

    // The account: recreated, then gone.
    let (code, _, answer) = post(&client, TOKEN, &request("", "")).await;
    assert_eq!(code, 201, "{answer}");
    let account_token = token_of(&answer);
    let old_uid = uid_of(&client, "/api/v1/namespaces/ns/serviceaccounts/robot").await;
    let account = "/api/v1/namespaces/ns/serviceaccounts/robot";
    assert_eq!(call(&client, http::Method::DELETE, account, None, "").await.0, 200);
    assert_eq!(
        review(&client, &account_token).await.unwrap_err(),
        r#"[invalid bearer token, serviceaccounts "robot" not found]"#
    );
    assert_eq!(post(&client, "/api/v1/namespaces/ns/serviceaccounts", r#"{"metadata":{"name":"robot"}}"#).await.0, 201);
    let new_uid = uid_of(&client, account).await;
    assert_eq!(
        review(&client, &account_token).await.unwrap_err(),
        format!("[invalid bearer token, service account UID ({new_uid}) does not match claim ({old_uid})]")
    );
}

/// The create handler checks the body's namespace before admission: a body naming another
/// namespace is the handler's `400` and never reaches a mutating policy (one that sets the
/// namespace would otherwise turn it into token.go's `422`), while a namespace the policy sets
/// on a body without one reaches `TokenREST.Create`, whose own check answers (`422 … must match
/// the service account namespace if specified`).
#[tokio::test]
async fn the_namespace_is_checked_before_mutating_admission() {
    let (_server, _test, client) = serve().await;
    let policy = r#"{"apiVersion":"admissionregistration.k8s.io/v1","kind":"MutatingAdmissionPolicy",
        "metadata":{"name":"move"},"spec":{
        "matchConstraints":{"resourceRules":[{"apiGroups":[""],"apiVersions":["v1"],"operations":["CREATE"],"resources":["serviceaccounts/token"]}]},
        "reinvocationPolicy":"Never",
        "mutations":[{"patchType":"JSONPatch","jsonPatch":{"expression":
            "[JSONPatch{op: 'add', path: '/metadata/namespace', value: 'elsewhere'}]"}}]}}"#;
    let (code, _, body) =
        post(&client, "/apis/admissionregistration.k8s.io/v1/mutatingadmissionpolicies", policy).await;
    assert_eq!(code, 201, "{body}");
    let binding = r#"{"apiVersion":"admissionregistration.k8s.io/v1","kind":"MutatingAdmissionPolicyBinding",
        "metadata":{"name":"move"},"spec":{"policyName":"move"}}"#;
    let (code, _, body) =
        post(&client, "/apis/admissionregistration.k8s.io/v1/mutatingadmissionpolicybindings", binding).await;
    assert_eq!(code, 201, "{body}");

    let (code, _, body) = post(&client, TOKEN, &request(r#""namespace":"default""#, "")).await;
    assert_eq!(code, 400, "{body}");
    assert!(
        body.contains("the namespace of the provided object does not match the namespace sent on the request"),
        "{body}"
    );

    // The policy runs on token requests: the namespace it sets is TokenREST's to refuse.
    let (code, _, body) = post(&client, TOKEN, &request("", "")).await;
    assert_eq!(code, 422, "{body}");
    assert!(
        body.contains(
            r#"metadata.namespace: Invalid value: \"elsewhere\": must match the service account namespace if specified"#
        ),
        "{body}"
    );
}

/// The kubelet's projected tokens (3607 s, pod-bound, for the server's audiences) are issued
/// for a year with `warnafter` at the lifetime asked for, as kube-apiserver's default
/// `--service-account-extend-token-expiration` does; the status names the lifetime asked for.
/// Any other lifetime, binding or audience is issued as asked.
#[tokio::test]
async fn the_kubelets_projected_tokens_are_extended() {
    let (_server, _test, client) = serve().await;
    let pod =
        r#"{"metadata":{"name":"p"},"spec":{"serviceAccountName":"robot","containers":[{"name":"c","image":"i"}]}}"#;
    let (code, _, body) = post(&client, "/api/v1/namespaces/ns/pods", pod).await;
    assert_eq!(code, 201, "{body}");
    let (code, _, body) = post(&client, "/api/v1/namespaces/ns/secrets", r#"{"metadata":{"name":"s"}}"#).await;
    assert_eq!(code, 201, "{body}");
    let number = |v: &Value, path: &[&str]| -> i64 {
        let mut at = v;
        for key in path {
            at = at.get(key).unwrap_or_else(|| panic!("no {path:?} in {v:?}"));
        }
        match at {
            Value::Number(n) => n.parse().unwrap(),
            other => panic!("{path:?} is {other:?}"),
        }
    };
    let issue = |spec: String| {
        let client = client.clone();
        async move {
            let (code, _, body) = post(&client, TOKEN, &request("", &spec)).await;
            assert_eq!(code, 201, "{body}");
            let answer = value::parse(body.as_bytes()).unwrap();
            let expires = answer.get("status").and_then(|s| s.get("expirationTimestamp")).and_then(Value::as_str);
            (claims(&body), expires.unwrap().to_owned())
        }
    };
    let to_pod = r#""boundObjectRef":{"apiVersion":"v1","kind":"Pod","name":"p"}"#;

    let (c, expires) = issue(format!(r#""expirationSeconds":3607,{to_pod}"#)).await;
    let iat = number(&c, &["iat"]);
    assert_eq!(number(&c, &["exp"]) - iat, 365 * 24 * 3600);
    assert_eq!(number(&c, &["kubernetes.io", "warnafter"]) - iat, 3607);
    assert_eq!(expires, kapi_machinery::types::Time::from_unix(iat + 3607).format_rfc3339());
    // The server's audience named explicitly is the same.
    let audience = r#""audiences":["https://kubernetes.default.svc.cluster.local"]"#;
    let (c, _) = issue(format!(r#""expirationSeconds":3607,{audience},{to_pod}"#)).await;
    assert_eq!(number(&c, &["exp"]) - number(&c, &["iat"]), 365 * 24 * 3600);

    let to_secret = r#""boundObjectRef":{"apiVersion":"v1","kind":"Secret","name":"s"}"#;
    for spec in [
        format!(r#""expirationSeconds":3608,{to_pod}"#),
        format!(r#""expirationSeconds":3607,"audiences":["vault"],{to_pod}"#),
        format!(r#""expirationSeconds":3607,{to_secret}"#),
        r#""expirationSeconds":3607"#.to_owned(),
    ] {
        let asked: i64 = spec[20..24].parse().unwrap();
        let (c, _) = issue(spec.clone()).await;
        assert_eq!(number(&c, &["exp"]) - number(&c, &["iat"]), asked, "{spec}");
        assert!(c.get("kubernetes.io").unwrap().get("warnafter").is_none(), "{spec}");
    }
}

/// `--service-account-max-token-expiration`: a longer lifetime is shortened to the cap with
/// token.go's warning (the status and the token say the cap); the kubelet's lifetime shortened
/// below 3607 s is not extended. `--service-account-extend-token-expiration=false` issues the
/// kubelet's tokens as asked.
#[tokio::test]
async fn the_token_flags_cap_and_stop_extending() {
    let (server, _test, client) = serve().await;
    let pod =
        r#"{"metadata":{"name":"p"},"spec":{"serviceAccountName":"robot","containers":[{"name":"c","image":"i"}]}}"#;
    let (code, _, body) = post(&client, "/api/v1/namespaces/ns/pods", pod).await;
    assert_eq!(code, 201, "{body}");
    let lifetime = |body: &str| {
        let c = claims(body);
        let n = |k: &str| match c.get(k) {
            Some(Value::Number(n)) => n.parse::<i64>().unwrap(),
            other => panic!("{k}: {other:?}"),
        };
        n("exp") - n("iat")
    };
    let to_pod = r#""boundObjectRef":{"apiVersion":"v1","kind":"Pod","name":"p"}"#;
    let cap = kapi_testing::server::TokenOptions {
        max_expiration: Some(std::time::Duration::from_secs(3600)),
        ..Default::default()
    };
    server.set_token_options(cap).unwrap();
    let (code, warnings, body) = post(&client, TOKEN, &request("", r#""expirationSeconds":7200"#)).await;
    assert_eq!(code, 201, "{body}");
    assert_eq!(warnings, [r#"299 - "requested expiration of 7200 seconds shortened to 3600 seconds""#]);
    assert_eq!(lifetime(&body), 3600);
    let answer = value::parse(body.as_bytes()).unwrap();
    assert_eq!(answer.get("spec").and_then(|s| s.get("expirationSeconds")), Some(&Value::Number("3600".into())));
    let (code, warnings, body) =
        post(&client, TOKEN, &request("", &format!(r#""expirationSeconds":3607,{to_pod}"#))).await;
    assert_eq!(code, 201, "{body}");
    assert_eq!(warnings.len(), 1, "{warnings:?}");
    assert_eq!(lifetime(&body), 3600);
    let (code, warnings, body) = post(&client, TOKEN, &request("", r#""expirationSeconds":3000"#)).await;
    assert_eq!((code, warnings.len(), lifetime(&body)), (201, 0, 3000), "{body}");

    let off = kapi_testing::server::TokenOptions { max_expiration: None, extend_expiration: false };
    server.set_token_options(off).unwrap();
    let (code, _, body) = post(&client, TOKEN, &request("", &format!(r#""expirationSeconds":3607,{to_pod}"#))).await;
    assert_eq!(code, 201, "{body}");
    assert_eq!(lifetime(&body), 3607);

    let short = kapi_testing::server::TokenOptions {
        max_expiration: Some(std::time::Duration::from_secs(60)),
        ..Default::default()
    };
    assert_eq!(
        server.set_token_options(short),
        Err("the service-account-max-token-expiration must be between 1 hour and 2^32 seconds".to_owned())
    );
    assert_eq!(server.token_options(), off);
}

/// An extended token used past its `warnafter` still authenticates, and the request's audit event
/// carries claims.go's `authentication.k8s.io/stale-token` annotation. The server checks no
/// signature, so the test moves an issued token's `warnafter` into the past.
#[tokio::test]
async fn an_extended_token_used_late_is_marked_stale_in_the_audit_log() {
    let (server, _test, client) = serve().await;
    let policy =
        kapi_testing::AuditPolicy::parse(b"apiVersion: audit.k8s.io/v1\nkind: Policy\nrules:\n- level: Metadata\n")
            .unwrap();
    server.set_audit(policy, None);
    let pod =
        r#"{"metadata":{"name":"p"},"spec":{"serviceAccountName":"robot","containers":[{"name":"c","image":"i"}]}}"#;
    let (code, _, body) = post(&client, "/api/v1/namespaces/ns/pods", pod).await;
    assert_eq!(code, 201, "{body}");
    let spec = r#""expirationSeconds":3607,"boundObjectRef":{"apiVersion":"v1","kind":"Pod","name":"p"}"#;
    let (code, _, body) = post(&client, TOKEN, &request("", spec)).await;
    assert_eq!(code, 201, "{body}");
    let token = token_of(&body);
    let b64 = |bytes: &[u8]| -> String {
        let mut out = Vec::new();
        kapi_machinery::base64::encode_into(bytes, &mut out);
        String::from_utf8(out).unwrap().trim_end_matches('=').replace('+', "-").replace('/', "_")
    };
    let late = |warn_after: i64| {
        let mut c = claims(&body);
        let Some(Value::Object(k)) = (match &mut c {
            Value::Object(m) => m.iter_mut().find(|(key, _)| key == "kubernetes.io").map(|(_, v)| v),
            _ => None,
        }) else {
            panic!("no kubernetes.io claims")
        };
        let slot = k.iter_mut().find(|(key, _)| key == "warnafter").map(|(_, v)| v).expect("a warnafter claim");
        *slot = Value::Number(warn_after.to_string());
        let parts: Vec<&str> = token.split('.').collect();
        format!("{}.{}.{}", parts[0], b64(&c.to_compact_vec()), parts[2])
    };
    let now = kapi_machinery::types::Time::now().unix_seconds();
    let stale = |token: &str| {
        let token = token.to_owned();
        let client = client.clone();
        let server = server.clone();
        async move {
            let path = "/api/v1/namespaces/ns/configmaps";
            let (code, body) = call(&client, http::Method::GET, path, Some(&token), "").await;
            assert_eq!(code, 200, "{body}");
            let event = server
                .audit_events()
                .into_iter()
                .rev()
                .find(|e| e.get("stage").and_then(Value::as_str) == Some("ResponseComplete"))
                .unwrap();
            let user = event.get("user").and_then(|u| u.get("username")).and_then(Value::as_str).map(str::to_owned);
            assert_eq!(user.as_deref(), Some("system:serviceaccount:ns:robot"));
            event
                .get("annotations")
                .and_then(|a| a.get("authentication.k8s.io/stale-token"))
                .and_then(Value::as_str)
                .map(str::to_owned)
        }
    };
    assert_eq!(stale(&token).await, None);
    assert_eq!(stale(&late(now + 100)).await, None);
    let text = stale(&late(now - 100)).await.expect("a stale-token annotation");
    let (head, seconds) = text.rsplit_once(": ").unwrap();
    assert_eq!(head, "subject: system:serviceaccount:ns:robot, seconds after warning threshold");
    assert!((100..110).contains(&seconds.parse::<i64>().unwrap()), "{text}");
}
