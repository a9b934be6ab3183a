//! The create-only reviews through the fake clientset: access reviews allowed with upstream's validation, token reviews of the server's own tokens, self reviews naming the caller, and nothing stored.

use std::sync::Arc;

use http_body_util::BodyExt as _;
use kapi_api::authentication::v1::{TokenRequest, TokenReview, TokenReviewSpec};
use kapi_api::authorization::v1::{
    LocalSubjectAccessReview, NonResourceAttributes, ResourceAttributes, SelfSubjectRulesReview,
    SelfSubjectRulesReviewSpec, SubjectAccessReview, SubjectAccessReviewSpec,
};
use kapi_api::core::v1::ServiceAccount;
use kapi_api::meta::v1::{CreateOptions, DeleteOptions, ObjectMeta};
use kapi_machinery::json::value::{self, Value};
use kapi_testing::ApiServer;

fn get_pods() -> Option<ResourceAttributes> {
    Some(ResourceAttributes {
        namespace: "ns".into(),
        verb: "get".into(),
        resource: "pods".into(),
        ..ResourceAttributes::default()
    })
}

#[tokio::test]
async fn access_reviews_are_allowed_validated_and_not_stored() {
    let (cs, server) = kapi_testing::fake_clientset().unwrap();
    let reviews = cs.authorization_v1().subject_access_reviews();
    let review = SubjectAccessReview {
        spec: SubjectAccessReviewSpec { user: "alice".into(), resource_attributes: get_pods(), ..Default::default() },
        ..Default::default()
    };
    let answered = reviews.create(&review, &CreateOptions::default()).await.unwrap();
    assert!(answered.status.allowed && !answered.status.denied);
    assert!(answered.metadata.uid.is_empty() && answered.metadata.resource_version.is_empty(), "not stored");
    assert_eq!(answered.spec, review.spec);

    // Upstream's checks: both kinds of attributes, neither user nor group, a name.
    let both = SubjectAccessReview {
        metadata: ObjectMeta { name: "named".into(), ..Default::default() },
        spec: SubjectAccessReviewSpec {
            resource_attributes: get_pods(),
            non_resource_attributes: Some(NonResourceAttributes { path: "/healthz".into(), verb: "get".into() }),
            ..Default::default()
        },
        ..Default::default()
    };
    let err = reviews.create(&both, &CreateOptions::default()).await.unwrap_err();
    let message = err.status().map(|s| s.status.message.clone()).unwrap_or_default();
    assert!(message.contains("metadata: Invalid value:") && message.contains("must be empty"), "{message}");
    assert!(
        message.contains("spec.nonResourceAttributes: Invalid value: \"\": cannot be specified in combination with resourceAttributes"),
        "{message}"
    );
    assert!(
        message.contains("spec.user: Invalid value: \"\": at least one of user or group must be specified"),
        "{message}"
    );

    let local = cs.authorization_v1().local_subject_access_reviews("other");
    let review = LocalSubjectAccessReview {
        metadata: ObjectMeta { namespace: "other".into(), ..Default::default() },
        spec: SubjectAccessReviewSpec {
            groups: vec!["devs".into()],
            resource_attributes: get_pods(),
            ..Default::default()
        },
        ..Default::default()
    };
    let err = local.create(&review, &CreateOptions::default()).await.unwrap_err();
    let message = err.status().map(|s| s.status.message.clone()).unwrap_or_default();
    assert!(
        message.contains("spec.resourceAttributes.namespace: Invalid value: \"ns\": must match metadata.namespace"),
        "{message}"
    );

    let rules = cs.authorization_v1().self_subject_rules_reviews();
    let review =
        SelfSubjectRulesReview { spec: SelfSubjectRulesReviewSpec { namespace: "ns".into() }, ..Default::default() };
    let answered = rules.create(&review, &CreateOptions::default()).await.unwrap();
    let rule = &answered.status.resource_rules.as_deref().unwrap_or_default()[0];
    let all = vec!["*".to_owned()];
    assert_eq!((rule.verbs.as_ref(), &rule.api_groups, &rule.resources), (Some(&all), &all, &all));
    assert_eq!(answered.status.non_resource_rules.as_deref().unwrap_or_default()[0].non_resource_urls, ["*"]);
    assert!(!answered.status.incomplete);
    assert!(server.requests().iter().all(|r| r.method == http::Method::POST));
}

#[tokio::test]
async fn token_reviews_authenticate_the_tokens_the_server_issued() {
    let (cs, server) = kapi_testing::fake_clientset().unwrap();
    let accounts = cs.core_v1().service_accounts("ns");
    let account =
        ServiceAccount { metadata: ObjectMeta { name: "robot".into(), ..Default::default() }, ..Default::default() };
    let account = accounts.create(&account, &CreateOptions::default()).await.unwrap();
    let issued = accounts.create_token("robot", &TokenRequest::default(), &CreateOptions::default()).await.unwrap();
    let reviews = cs.authentication_v1().token_reviews();
    let review = |token: &str, audiences: Vec<String>| TokenReview {
        spec: TokenReviewSpec { token: token.into(), audiences },
        ..Default::default()
    };

    let answered = reviews.create(&review(&issued.status.token, Vec::new()), &CreateOptions::default()).await.unwrap();
    assert!(answered.status.authenticated, "{:?}", answered.status);
    assert_eq!(answered.status.user.username, "system:serviceaccount:ns:robot");
    assert_eq!(answered.status.user.uid, account.metadata.uid);
    assert_eq!(
        answered.status.user.groups,
        ["system:serviceaccounts", "system:serviceaccounts:ns", "system:authenticated"]
    );
    assert_eq!(answered.status.audiences, ["https://kubernetes.default.svc.cluster.local"]);

    // Another audience, a token of no one, an empty token.
    let other =
        reviews.create(&review(&issued.status.token, vec!["vault".into()]), &CreateOptions::default()).await.unwrap();
    assert!(!other.status.authenticated && other.status.error.contains("token audiences"), "{:?}", other.status);
    let unknown = reviews.create(&review("garbage", Vec::new()), &CreateOptions::default()).await.unwrap();
    assert!(
        !unknown.status.authenticated && unknown.status.error.is_empty() && unknown.status.user.username.is_empty()
    );
    let err = reviews.create(&review("", Vec::new()), &CreateOptions::default()).await.unwrap_err();
    assert_eq!(err.status().map(|s| s.status.code), Some(400));

    // A self review names the caller: anonymous, or the account of a token the server issued.
    let whoami = |token: Option<String>| {
        let server: Arc<ApiServer> = server.clone();
        async move {
            let mut req = http::Request::post("/apis/authentication.k8s.io/v1/selfsubjectreviews")
                .header(http::header::CONTENT_TYPE, "application/json");
            if let Some(t) = token {
                req = req.header(http::header::AUTHORIZATION, format!("Bearer {t}"));
            }
            let body = br#"{"apiVersion":"authentication.k8s.io/v1","kind":"SelfSubjectReview"}"#;
            let resp = server.handle(req.body(bytes::Bytes::from_static(body)).unwrap()).await;
            assert_eq!(resp.status(), 201);
            let body = resp.into_body().collect().await.unwrap().to_bytes();
            let v = value::parse(&body).unwrap();
            let user = v.get("status").and_then(|s| s.get("userInfo")).cloned().unwrap_or(Value::Null);
            user.get("username").and_then(Value::as_str).unwrap_or_default().to_owned()
        }
    };
    assert_eq!(whoami(None).await, "system:anonymous");
    assert_eq!(whoami(Some(issued.status.token.clone())).await, "system:serviceaccount:ns:robot");

    // Once the account is gone its tokens no longer authenticate.
    accounts.delete("robot", &DeleteOptions::default()).await.unwrap();
    let gone = reviews.create(&review(&issued.status.token, Vec::new()), &CreateOptions::default()).await.unwrap();
    assert!(
        !gone.status.authenticated
            && gone.status.error == r#"[invalid bearer token, serviceaccounts "robot" not found]"#,
        "{:?}",
        gone.status
    );
    assert_eq!(whoami(Some(issued.status.token)).await, "system:anonymous");
}
