//! Mapping of error responses to `Error::Api`: decoded `Status` bodies (JSON, YAML, protobuf) for
//! every typed error, retry delays, and statuses synthesized from the HTTP code when the body is
//! not a `Status`.

use std::time::Duration;

use http::HeaderMap;
use http::header::{CONTENT_TYPE, RETRY_AFTER};
use kapi_api::meta::v1::{CauseType, Status, StatusCause, StatusDetails, StatusReason};
use kapi_client::error::{decode_status, reason_for_code, synthesize_status};
use kapi_client::{Error, StatusError, StatusErrorExt};
use kapi_machinery::{Format, Kind, Options, Scheme, Serializer};

fn headers(pairs: &[(http::HeaderName, &str)]) -> HeaderMap {
    let mut h = HeaderMap::new();
    for (k, v) in pairs {
        h.append(k.clone(), v.parse().unwrap());
    }
    h
}

fn json_status(code: u16, reason: &str, message: &str) -> Vec<u8> {
    format!(
        r#"{{"kind":"Status","apiVersion":"v1","metadata":{{}},"status":"Failure","message":"{message}","reason":"{reason}","code":{code}}}"#
    )
    .into_bytes()
}

fn api_error(code: u16, h: &HeaderMap, body: &[u8]) -> Error {
    Error::Api(Box::new(StatusError::from_response(code, h, body)))
}

#[test]
fn each_typed_error_from_a_json_status() {
    let json = headers(&[(CONTENT_TYPE, "application/json")]);
    type Check = fn(&Error) -> bool;
    let cases: &[(u16, &str, Check)] = &[
        (404, StatusReason::NOT_FOUND, Error::is_not_found),
        (409, StatusReason::ALREADY_EXISTS, Error::is_already_exists),
        (409, StatusReason::CONFLICT, Error::is_conflict),
        (422, StatusReason::INVALID, Error::is_invalid),
        (410, StatusReason::GONE, Error::is_gone),
        (410, StatusReason::EXPIRED, Error::is_gone),
        (429, StatusReason::TOO_MANY_REQUESTS, Error::is_too_many_requests),
        (400, StatusReason::BAD_REQUEST, Error::is_bad_request),
        (403, StatusReason::FORBIDDEN, Error::is_forbidden),
        (401, StatusReason::UNAUTHORIZED, Error::is_unauthorized),
        (405, StatusReason::METHOD_NOT_ALLOWED, Error::is_method_not_allowed),
    ];
    let all: &[Check] = &[
        Error::is_not_found,
        Error::is_already_exists,
        Error::is_conflict,
        Error::is_invalid,
        Error::is_gone,
        Error::is_too_many_requests,
        Error::is_bad_request,
        Error::is_forbidden,
        Error::is_unauthorized,
        Error::is_method_not_allowed,
    ];
    for (code, reason, check) in cases {
        let err = api_error(*code, &json, &json_status(*code, reason, "boom"));
        assert!(check(&err), "{code} {reason}");
        let matching = all.iter().filter(|c| c(&err)).count();
        assert_eq!(matching, 1, "{code} {reason} matches exactly one predicate");
        let s = err.status().unwrap();
        assert_eq!(s.code, *code);
        assert_eq!(s.reason(), *reason);
        assert_eq!(s.status.message, "boom");
        assert_eq!(err.to_string(), "boom");
        assert_eq!(err.retry_after(), None);
    }
}

#[test]
fn invalid_errors_carry_their_causes() {
    let body = br#"{"kind":"Status","apiVersion":"v1","status":"Failure","reason":"Invalid","code":422,
      "message":"ValidatingWebhookConfiguration.admissionregistration.k8s.io \"x\" is invalid",
      "details":{"name":"x","group":"admissionregistration.k8s.io","kind":"ValidatingWebhookConfiguration",
        "causes":[{"reason":"FieldValueRequired","message":"Required value","field":"webhooks[0].sideEffects"}]}}"#;
    let err = api_error(422, &headers(&[(CONTENT_TYPE, "application/json")]), body);
    assert!(err.is_invalid());
    let causes = err.status().unwrap().causes();
    assert_eq!(
        causes,
        [StatusCause {
            r#type: CauseType(CauseType::FIELD_VALUE_REQUIRED.into()),
            message: "Required value".into(),
            field: "webhooks[0].sideEffects".into()
        }]
    );
}

#[test]
fn retry_after_from_header_or_details() {
    let body = br#"{"kind":"Status","apiVersion":"v1","status":"Failure","reason":"TooManyRequests","code":429,
      "details":{"retryAfterSeconds":3}}"#;
    let json = headers(&[(CONTENT_TYPE, "application/json")]);
    assert_eq!(api_error(429, &json, body).retry_after(), Some(Duration::from_secs(3)));
    let with_header = headers(&[(CONTENT_TYPE, "application/json"), (RETRY_AFTER, "7")]);
    assert_eq!(api_error(429, &with_header, body).retry_after(), Some(Duration::from_secs(7)));
    // A plain-text 503 with a Retry-After header.
    let h = headers(&[(CONTENT_TYPE, "text/plain"), (RETRY_AFTER, " 1 ")]);
    let err = api_error(503, &h, b"overloaded");
    assert_eq!(err.retry_after(), Some(Duration::from_secs(1)));
    assert_eq!(err.status().unwrap().reason(), StatusReason::SERVICE_UNAVAILABLE);
    // An HTTP-date is not a number of seconds and is ignored.
    let h = headers(&[(RETRY_AFTER, "Wed, 21 Oct 2015 07:28:00 GMT")]);
    assert_eq!(api_error(429, &h, b"").retry_after(), None);
}

#[test]
fn protobuf_and_yaml_status_bodies() {
    let mut status = Status {
        status: "Failure".into(),
        message: "not here".into(),
        reason: StatusReason(StatusReason::NOT_FOUND.into()),
        code: 404,
        details: Some(StatusDetails { name: "x".into(), kind: "widgets".into(), ..StatusDetails::default() }),
        ..Status::default()
    };
    status.type_meta.set_gvk(&Status::static_gvk());
    let scheme = Scheme::new();
    let pb = Serializer::new(&scheme, Format::Protobuf, Options::default()).encode(&status).unwrap();
    let err = api_error(404, &headers(&[(CONTENT_TYPE, "application/vnd.kubernetes.protobuf")]), &pb);
    assert!(err.is_not_found());
    assert_eq!(err.status().unwrap().status, status);
    // Without a content type the protobuf magic is recognized.
    assert_eq!(decode_status("", &pb), Some(status.clone()));

    let yaml = Serializer::new(&scheme, Format::Yaml, Options::default()).encode(&status).unwrap();
    assert_eq!(decode_status("application/yaml", &yaml), Some(status));
}

#[test]
fn bodies_that_are_not_a_status_are_synthesized() {
    // Some other object.
    let h = headers(&[(CONTENT_TYPE, "application/json")]);
    let err = api_error(404, &h, br#"{"kind":"Pod","apiVersion":"v1","status":{}}"#);
    assert!(err.is_not_found());
    let s = err.status().unwrap();
    assert_eq!(s.status.status, "Failure");
    assert_eq!(s.status.code, 404);
    assert!(s.status.message.starts_with("the server could not find the requested resource ("), "{}", s.status.message);
    assert_eq!(s.causes()[0].r#type.as_str(), CauseType::UNEXPECTED_SERVER_RESPONSE);

    // A status without its `status` field does not count (as in client-go).
    let err = api_error(409, &h, br#"{"kind":"Status","apiVersion":"v1","reason":"AlreadyExists"}"#);
    assert!(err.is_conflict() && !err.is_already_exists());

    // Plain text from a proxy.
    let err = api_error(500, &headers(&[(CONTENT_TYPE, "text/plain")]), b"upstream connect error\n");
    let s = err.status().unwrap();
    assert_eq!(s.reason(), StatusReason::INTERNAL_ERROR);
    assert_eq!(
        s.status.message,
        "an error on the server has prevented the request from succeeding (upstream connect error)"
    );
    assert_eq!(s.causes()[0].message, "upstream connect error");

    // Empty bodies and codes with no implied reason.
    let err = api_error(403, &HeaderMap::new(), b"");
    assert!(err.is_forbidden());
    assert!(err.status().unwrap().causes().is_empty());
    let err = api_error(418, &HeaderMap::new(), b"");
    assert_eq!(err.status().unwrap().reason(), "");
    assert_eq!(err.to_string(), "the server responded with the status code 418 but did not return more information");
    // Binary junk is not quoted.
    let err = api_error(502, &HeaderMap::new(), b"\0\x01\xff");
    assert!(err.status().unwrap().causes().is_empty());
}

#[test]
fn reasons_implied_by_codes() {
    let table = [
        (400, "BadRequest"),
        (401, "Unauthorized"),
        (403, "Forbidden"),
        (404, "NotFound"),
        (405, "MethodNotAllowed"),
        (406, "NotAcceptable"),
        (409, "Conflict"),
        (410, "Gone"),
        (413, "RequestEntityTooLarge"),
        (415, "UnsupportedMediaType"),
        (422, "Invalid"),
        (429, "TooManyRequests"),
        (500, "InternalError"),
        (503, "ServiceUnavailable"),
        (504, "Timeout"),
        (502, ""),
    ];
    for (code, reason) in table {
        assert_eq!(reason_for_code(code), reason, "{code}");
        let s = synthesize_status(code, b"");
        assert_eq!(s.reason.as_str(), reason);
        assert_eq!(s.type_meta.kind, "Status");
        assert_eq!(s.type_meta.api_version, "v1");
    }
}
