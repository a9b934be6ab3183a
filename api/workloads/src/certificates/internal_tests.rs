//! Upstream's certificates cases as facts: v1beta1's signer-name and usage defaults
//! (`v1beta1/defaults_test.go`, with requests built here in DER), the condition default, the
//! conversions, the field labels, and minimal objects served back out through the internal version.

use kapi_machinery::Scheme;

use crate::certificates as internal;
use crate::certificates::v1beta1::csr::{self, CertificateRequest};
use crate::certificates::{v1, v1alpha1, v1beta1};
crate::testing::field_label_lookup!(
    crate::certificates::v1::FIELD_LABELS,
    crate::certificates::v1beta1::FIELD_LABELS,
    crate::certificates::v1alpha1::FIELD_LABELS
);
use crate::testing::served_as;

fn scheme() -> Scheme {
    let mut s = Scheme::new();
    crate::certificates::install(&mut s).unwrap();
    s
}

// ---- a DER writer for test requests (Go's x509.CreateCertificateRequest shape, ed25519 key) ----

fn tlv(tag: u8, content: &[u8]) -> Vec<u8> {
    let mut out = vec![tag];
    let n = content.len();
    if n < 0x80 {
        out.push(n as u8);
    } else if n < 0x100 {
        out.extend([0x81, n as u8]);
    } else {
        out.extend([0x82, (n >> 8) as u8, n as u8]);
    }
    out.extend_from_slice(content);
    out
}

fn seq(parts: &[Vec<u8>]) -> Vec<u8> {
    tlv(0x30, &parts.concat())
}

#[derive(Clone, Default)]
struct Opts {
    cn: &'static str,
    org: &'static str,
    ips: Vec<Vec<u8>>,
    dns: Vec<&'static str>,
    emails: Vec<&'static str>,
    uris: Vec<&'static str>,
}

fn csr_pem(o: &Opts) -> Vec<u8> {
    let atv = |oid: &[u8], v: &str| tlv(0x31, &seq(&[tlv(0x06, oid), tlv(0x0c, v.as_bytes())]));
    let subject = seq(&[atv(&[0x55, 4, 10], o.org), atv(&[0x55, 4, 3], o.cn)]);
    let ed25519 = seq(&[tlv(0x06, &[0x2b, 0x65, 0x70])]);
    let spki = seq(&[ed25519.clone(), tlv(0x03, &[0u8; 33])]);
    let mut names = Vec::new();
    names.extend(o.dns.iter().map(|d| tlv(0x82, d.as_bytes())));
    names.extend(o.emails.iter().map(|e| tlv(0x81, e.as_bytes())));
    names.extend(o.ips.iter().map(|ip| tlv(0x87, ip)));
    names.extend(o.uris.iter().map(|u| tlv(0x86, u.as_bytes())));
    let mut info = vec![tlv(0x02, &[0]), subject, spki];
    if names.is_empty() {
        info.push(tlv(0xa0, &[]));
    } else {
        let san = seq(&[tlv(0x06, &[0x55, 0x1d, 0x11]), tlv(0x04, &seq(&names))]);
        let ext_req =
            seq(&[tlv(0x06, &[0x2a, 0x86, 0x48, 0x86, 0xf7, 0x0d, 0x01, 0x09, 0x0e]), tlv(0x31, &seq(&[san]))]);
        info.push(tlv(0xa0, &ext_req));
    }
    let der = seq(&[seq(&info), ed25519, tlv(0x03, &[0u8; 65])]);
    let mut b64 = Vec::new();
    kapi_machinery::base64::encode_into(&der, &mut b64);
    let mut pem = b"-----BEGIN CERTIFICATE REQUEST-----\n".to_vec();
    for line in b64.chunks(64) {
        pem.extend_from_slice(line);
        pem.push(b'\n');
    }
    pem.extend_from_slice(b"-----END CERTIFICATE REQUEST-----\n");
    pem
}

fn client_opts() -> Opts {
    Opts { cn: "system:node:nodename", org: "system:nodes", ..Default::default() }
}

fn server_opts() -> Opts {
    Opts {
        cn: "system:node:requester-name",
        org: "system:nodes",
        dns: vec!["node-server-name"],
        ips: vec![vec![0, 0, 0, 0]],
        ..Default::default()
    }
}

fn usages(us: &[&str]) -> Vec<v1beta1::KeyUsage> {
    us.iter().map(|u| v1beta1::KeyUsage::from(*u)).collect()
}

const DS: &str = v1beta1::KeyUsage::USAGE_DIGITAL_SIGNATURE;
const KE: &str = v1beta1::KeyUsage::USAGE_KEY_ENCIPHERMENT;
const CLIENT: &str = v1beta1::KeyUsage::USAGE_CLIENT_AUTH;
const SERVER: &str = v1beta1::KeyUsage::USAGE_SERVER_AUTH;

fn defaulted(request: Vec<u8>, us: &[&str], signer: Option<&str>) -> v1beta1::CertificateSigningRequestSpec {
    let mut spec = v1beta1::CertificateSigningRequestSpec {
        request: Some(request),
        usages: (!us.is_empty()).then(|| usages(us)),
        signer_name: signer.map(str::to_owned),
        ..Default::default()
    };
    v1beta1::default_certificate_signing_request_spec(&mut spec);
    spec
}

fn signer(request: Vec<u8>, us: &[&str]) -> String {
    defaulted(request, us, None).signer_name.unwrap()
}

#[test]
fn the_test_requests_parse() {
    let parsed = csr::parse_csr(&csr_pem(&server_opts())).expect("parses");
    assert_eq!(
        parsed,
        CertificateRequest {
            organizations: vec!["system:nodes".into()],
            common_name: "system:node:requester-name".into(),
            dns_names: vec!["node-server-name".into()],
            ip_addresses: vec![vec![0, 0, 0, 0]],
            ..Default::default()
        }
    );
    // Not PEM, another PEM type, or trailing data after the request: not a request.
    assert_eq!(csr::parse_csr(b"invalid data"), None);
    let pem = String::from_utf8(csr_pem(&client_opts())).unwrap();
    assert_eq!(csr::parse_csr(pem.replace("CERTIFICATE REQUEST", "CERTIFICATE").as_bytes()), None);
}

#[test]
fn signer_name_defaults() {
    const UNKNOWN: &str = "kubernetes.io/legacy-unknown";
    assert_eq!(signer(b"invalid data".to_vec(), &[DS, KE, SERVER]), UNKNOWN);
    let kept = defaulted(csr_pem(&server_opts()), &[DS, KE, SERVER], Some("example.com/not-kubelet-serving"));
    assert_eq!(kept.signer_name.as_deref(), Some("example.com/not-kubelet-serving"));
    let spec = defaulted(csr_pem(&server_opts()), &[], Some("example.com/test"));
    assert_eq!(spec.usages, Some(usages(&[DS, KE])));
    assert_eq!(spec.signer_name.as_deref(), Some("example.com/test"));
    // An explicit empty list is not unset, and stays empty.
    let mut spec = v1beta1::CertificateSigningRequestSpec { usages: Some(vec![]), ..Default::default() };
    v1beta1::default_certificate_signing_request_spec(&mut spec);
    assert_eq!(spec.usages, Some(vec![]));
    assert_eq!(spec.signer_name.as_deref(), Some(UNKNOWN));
}

#[test]
fn kubelet_serving_signer_name() {
    const UNKNOWN: &str = "kubernetes.io/legacy-unknown";
    let serving = [DS, KE, SERVER];
    assert_eq!(signer(csr_pem(&server_opts()), &serving), "kubernetes.io/kubelet-serving");
    assert_eq!(signer(csr_pem(&server_opts()), &[DS, SERVER]), "kubernetes.io/kubelet-serving");
    let with = |f: fn(&mut Opts)| {
        let mut o = server_opts();
        f(&mut o);
        csr_pem(&o)
    };
    assert_eq!(signer(with(|o| o.org = "not-system:nodes"), &serving), UNKNOWN);
    assert_eq!(signer(with(|o| o.cn = "notprefixed"), &serving), UNKNOWN);
    assert_eq!(signer(csr_pem(&server_opts()), &[DS, KE, SERVER, CLIENT]), UNKNOWN);
    assert_eq!(signer(csr_pem(&server_opts()), &[KE, SERVER]), UNKNOWN);
    assert_eq!(
        signer(
            with(|o| {
                o.ips.clear();
                o.dns.clear();
            }),
            &serving
        ),
        UNKNOWN
    );
    assert_eq!(signer(with(|o| o.uris = vec!["http://something"]), &serving), UNKNOWN);
    assert_eq!(signer(with(|o| o.emails = vec!["something"]), &serving), UNKNOWN);
}

#[test]
fn kubelet_client_signer_name() {
    const UNKNOWN: &str = "kubernetes.io/legacy-unknown";
    let client = [DS, KE, CLIENT];
    assert_eq!(signer(csr_pem(&client_opts()), &client), "kubernetes.io/kube-apiserver-client-kubelet");
    let with = |f: fn(&mut Opts)| {
        let mut o = client_opts();
        f(&mut o);
        csr_pem(&o)
    };
    assert_eq!(signer(with(|o| o.org = "not-system:nodes"), &client), UNKNOWN);
    assert_eq!(signer(with(|o| o.dns = vec!["something"]), &client), UNKNOWN);
    assert_eq!(signer(with(|o| o.emails = vec!["something"]), &client), UNKNOWN);
    assert_eq!(signer(with(|o| o.uris = vec!["http://something"]), &client), UNKNOWN);
    assert_eq!(signer(with(|o| o.ips = vec![vec![0, 0, 0, 0]]), &client), UNKNOWN);
    assert_eq!(signer(with(|o| o.cn = "not-prefixed"), &client), UNKNOWN);
    assert_eq!(signer(csr_pem(&client_opts()), &[DS, KE, CLIENT, SERVER]), UNKNOWN);
    assert_eq!(signer(csr_pem(&client_opts()), &[KE, CLIENT]), UNKNOWN);
}

#[test]
fn v1beta1_condition_status_defaults_to_true() {
    let mut c = v1beta1::CertificateSigningRequestCondition::default();
    v1beta1::default_certificate_signing_request_condition(&mut c);
    assert_eq!(c.status.0, "True");
    // v1 has no such default.
    let mut csr = v1::CertificateSigningRequest::default();
    csr.status.conditions.push(v1::CertificateSigningRequestCondition::default());
    s_default(&mut csr);
    assert_eq!(csr.status.conditions[0].status.0, "");
}

fn s_default(obj: &mut v1::CertificateSigningRequest) {
    scheme().apply_defaults(obj);
}

#[test]
fn signer_name_converts_between_pointer_and_string() {
    let spec = v1beta1::CertificateSigningRequestSpec { signer_name: None, ..Default::default() };
    assert_eq!(v1beta1::convert_certificate_signing_request_spec_to_internal(spec).unwrap().signer_name, "");
    let spec = internal::CertificateSigningRequestSpec { signer_name: String::new(), ..Default::default() };
    assert_eq!(
        v1beta1::convert_certificate_signing_request_spec_from_internal(spec).unwrap().signer_name,
        Some(String::new())
    );
}

#[test]
fn deprecated_pod_certificate_fields_live_in_v1beta1_only() {
    let spec = v1beta1::PodCertificateRequestSpec {
        pkix_public_key: Some(vec![1, 2]),
        proof_of_possession: Some(vec![3]),
        ..Default::default()
    };
    let hub = v1beta1::convert_pod_certificate_request_spec_to_internal(spec.clone()).unwrap();
    assert_eq!(
        (hub.pkix_public_key.as_deref(), hub.proof_of_possession.as_deref()),
        (Some(&[1u8, 2][..]), Some(&[3u8][..]))
    );
    assert_eq!(v1beta1::convert_pod_certificate_request_spec_from_internal(hub.clone()).unwrap(), spec);
    let v1 = v1::convert_pod_certificate_request_spec_from_internal(hub).unwrap();
    assert_eq!(v1::convert_pod_certificate_request_spec_to_internal(v1).unwrap().pkix_public_key, None);
}

#[test]
fn field_labels_are_upstreams() {
    let g = "certificates.k8s.io";
    for v in ["v1", "v1beta1"] {
        assert!(convert_field_label(g, v, "CertificateSigningRequest", "spec.signerName", "x").is_ok());
        assert!(convert_field_label(g, v, "PodCertificateRequest", "spec.nodeName", "x").is_ok());
        assert!(convert_field_label(g, v, "ClusterTrustBundle", "spec.signerName", "x").is_ok());
        let err = convert_field_label(g, v, "CertificateSigningRequest", "metadata.namespace", "x").unwrap_err();
        assert_eq!(err.to_string(), "field label not supported: metadata.namespace");
    }
    assert!(convert_field_label(g, "v1alpha1", "ClusterTrustBundle", "spec.signerName", "x").is_ok());
    assert_eq!(v1alpha1::FIELD_LABELS.len(), 1);
}

#[test]
fn csr_is_served_with_v1beta1_defaults() {
    let s = scheme();
    let body = r#"{"apiVersion":"certificates.k8s.io/v1beta1","kind":"CertificateSigningRequest","metadata":{"name":"c"},"spec":{"request":"aW52YWxpZA=="},"status":{"conditions":[{"type":"Approved"}]}}"#;
    assert_eq!(
        served_as(&s, body, "v1"),
        r#"{"kind":"CertificateSigningRequest","apiVersion":"certificates.k8s.io/v1","metadata":{"name":"c"},"spec":{"request":"aW52YWxpZA==","signerName":"kubernetes.io/legacy-unknown","usages":["digital signature","key encipherment"]},"status":{"conditions":[{"type":"Approved","status":"True","lastUpdateTime":null,"lastTransitionTime":null}]}}"#
    );
}

#[test]
fn pod_certificate_request_is_served_with_its_max_expiration() {
    let s = scheme();
    let body = r#"{"apiVersion":"certificates.k8s.io/v1","kind":"PodCertificateRequest","metadata":{"name":"p","namespace":"ns"},"spec":{"signerName":"example.com/s","podName":"pod","podUID":"u","serviceAccountName":"sa","serviceAccountUID":"su","nodeName":"n","nodeUID":"nu","stubPKCS10Request":"AQI="}}"#;
    assert_eq!(
        served_as(&s, body, "v1beta1"),
        r#"{"kind":"PodCertificateRequest","apiVersion":"certificates.k8s.io/v1beta1","metadata":{"name":"p","namespace":"ns"},"spec":{"signerName":"example.com/s","podName":"pod","podUID":"u","serviceAccountName":"sa","serviceAccountUID":"su","nodeName":"n","nodeUID":"nu","maxExpirationSeconds":86400,"pkixPublicKey":null,"proofOfPossession":null,"stubPKCS10Request":"AQI="},"status":{}}"#
    );
}
