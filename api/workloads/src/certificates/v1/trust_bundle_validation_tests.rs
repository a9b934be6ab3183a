//! Upstream's `TestValidateClusterTrustBundle` and `TestValidateClusterTrustBundleUpdate` cases, with upstream's test certificates (a CA, an intermediate CA and a client certificate).

use kapi_machinery::validation::ErrorList;

use super::*;
use crate::certificates::v1::ClusterTrustBundleSpec;

/// A self-signed CA (`Acme Co`, basic constraints `CA:TRUE`).
const CA_1: &str = "-----BEGIN CERTIFICATE-----
MIIDADCCAeigAwIBAgIQVHG3Fn9SdWayyLOZKCW1vzANBgkqhkiG9w0BAQsFADAS
MRAwDgYDVQQKEwdBY21lIENvMCAXDTcwMDEwMTAwMDAwMFoYDzIwODQwMTI5MTYw
MDAwWjASMRAwDgYDVQQKEwdBY21lIENvMIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8A
MIIBCgKCAQEArTCu9fiIclNgDdWHphewM+JW55dCb5yYGlJgCBvwbOx547M9p+tn
zm9QOhsdZDHDZsG9tqnWxE2Nc1HpIJyOlfYsOoonpEoG/Ep6nnK91ngj0bn/JlNy
+i/bwU4r97MOukvnOIQez9/D9jAJaOX2+b8/d4lRz9BsqiwJyg+ynZ5tVVYj7aMi
vXnd6HOnJmtqutOtr3beucJnkd6XbwRkLUcAYATT+ZihOWRbTuKqhCg6zGkJOoUG
f8sX61JjoilxiURA//ftGVbdTCU3DrmGmardp5NNOHbumMYU8Vhmqgx1Bqxb+9he
7G42uW5YWYK/GqJzgVPjjlB2dOGj9KrEWQIDAQABo1AwTjAOBgNVHQ8BAf8EBAMC
AqQwEwYDVR0lBAwwCgYIKwYBBQUHAwEwDwYDVR0TAQH/BAUwAwEB/zAWBgNVHREE
DzANggtleGFtcGxlLmNvbTANBgkqhkiG9w0BAQsFAAOCAQEAig4AIi9xWs1+pLES
eeGGdSDoclplFpcbXANnsYYFyLf+8pcWgVi2bOmb2gXMbHFkB07MA82wRJAUTaA+
2iNXVQMhPCoA7J6ADUbww9doJX2S9HGyArhiV/MhHtE8txzMn2EKNLdhhk3N9rmV
x/qRbWAY1U2z4BpdrAR87Fe81Nlj7h45csW9K+eS+NgXipiNTIfEShKgCFM8EdxL
1WXg7r9AvYV3TNDPWTjLsm1rQzzZQ7Uvcf6deWiNodZd8MOT/BFLclDPTK6cF2Hr
UU4dq6G4kCwMSxWE4cM3HlZ4u1dyIt47VbkP0rtvkBCXx36y+NXYA5lzntchNFZP
uvEQdw==
-----END CERTIFICATE-----
";

/// An intermediate CA (basic constraints `CA:TRUE`).
const CA_2: &str = "-----BEGIN CERTIFICATE-----
MIIBqDCCAU6gAwIBAgIUfqZtjoFgczZ+oQZbEC/BDSS2J6wwCgYIKoZIzj0EAwIw
EjEQMA4GA1UEAxMHUm9vdC1DQTAgFw0xNjEwMTEwNTA2MDBaGA8yMTE2MDkxNzA1
MDYwMFowGjEYMBYGA1UEAxMPSW50ZXJtZWRpYXRlLUNBMFkwEwYHKoZIzj0CAQYI
KoZIzj0DAQcDQgAEyWHEMMCctJg8Xa5YWLqaCPbk3MjB+uvXac42JM9pj4k9jedD
kpUJRkWIPzgJI8Zk/3cSzluUTixP6JBSDKtwwaN4MHYwDgYDVR0PAQH/BAQDAgGm
MBMGA1UdJQQMMAoGCCsGAQUFBwMCMA8GA1UdEwEB/wQFMAMBAf8wHQYDVR0OBBYE
FF+p0JcY31pz+mjNZnjv0Gum92vZMB8GA1UdIwQYMBaAFB7P6+i4/pfNjqZgJv/b
dgA7Fe4tMAoGCCqGSM49BAMCA0gAMEUCIQCTT1YWQZaAqfQ2oBxzOkJE2BqLFxhz
3smQlrZ5gCHddwIgcvT7puhYOzAgcvMn9+SZ1JOyZ7edODjshCVCRnuHK2c=
-----END CERTIFICATE-----
";

/// A client certificate (basic constraints `CA:FALSE`).
const NOT_CA: &str = "-----BEGIN CERTIFICATE-----
MIIBqDCCAU2gAwIBAgIUfbqeieihh/oERbfvRm38XvS/xHAwCgYIKoZIzj0EAwIw
GjEYMBYGA1UEAxMPSW50ZXJtZWRpYXRlLUNBMCAXDTE2MTAxMTA1MDYwMFoYDzIx
MTYwOTE3MDUwNjAwWjAUMRIwEAYDVQQDEwlNeSBDbGllbnQwWTATBgcqhkjOPQIB
BggqhkjOPQMBBwNCAARv6N4R/sjMR65iMFGNLN1GC/vd7WhDW6J4X/iAjkRLLnNb
KbRG/AtOUZ+7upJ3BWIRKYbOabbQGQe2BbKFiap4o3UwczAOBgNVHQ8BAf8EBAMC
BaAwEwYDVR0lBAwwCgYIKwYBBQUHAwIwDAYDVR0TAQH/BAIwADAdBgNVHQ4EFgQU
K/pZOWpNcYai6eHFpmJEeFpeQlEwHwYDVR0jBBgwFoAUX6nQlxjfWnP6aM1meO/Q
a6b3a9kwCgYIKoZIzj0EAwIDSQAwRgIhAIWTKw/sjJITqeuNzJDAKU4xo1zL+xJ5
MnVCuBwfwDXCAiEAw/1TA+CjPq9JC5ek1ifR0FybTURjeQqYkKpve1dveps=
-----END CERTIFICATE-----
";

fn bundle(name: &str, signer: &str, pem: &str) -> ClusterTrustBundle {
    let mut b = ClusterTrustBundle {
        spec: ClusterTrustBundleSpec { signer_name: signer.into(), trust_bundle: pem.into() },
        ..Default::default()
    };
    b.metadata.name = name.into();
    b
}

fn messages(errs: &ErrorList) -> Vec<String> {
    errs.iter().map(ToString::to_string).collect()
}

const SUBDOMAIN: &str = "a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '-' or \
'.', and must start and end with an alphanumeric character (e.g. 'example.com', regex used for validation is \
'[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*')";

/// Upstream's `TestValidateClusterTrustBundle`, each case also as an update of itself, which
/// reports everything but the bundle (it is not parsed again).
#[test]
fn cluster_trust_bundles() {
    let bad_type = CA_1.replace("CERTIFICATE", "NOTACERTIFICATE");
    let headers = CA_1.replacen("-----\n", "-----\nkey: value\n\n", 1);
    let not_parseable =
        "-----BEGIN CERTIFICATE-----\ndGhpcyBpcyBub3QgYSBjZXJ0aWZpY2F0ZQ==\n-----END CERTIFICATE-----\n";
    let alternate = CA_1.replace('\n', "\n\t\n");
    let too_big = format!("{CA_1}\n").repeat(MAX_TRUST_BUNDLE_SIZE / CA_1.len() + 1);
    let tb = "spec.trustBundle: Invalid value: \"<value omitted>\": ";
    let cases: Vec<(&str, ClusterTrustBundle, Vec<String>)> = vec![
        ("valid, no signer name", bundle("foo", "", CA_1), vec![]),
        (
            "invalid, too big",
            bundle("foo", "", &too_big),
            vec!["spec.trustBundle: Too long: may not be more than 1048576 bytes".into()],
        ),
        (
            "invalid, no signer name, invalid name",
            bundle("k8s.io:bar:foo", "", CA_1),
            vec![r#"metadata.name: Invalid value: "k8s.io:bar:foo": ClusterTrustBundle without signer name must not have ":" in its name"#.into()],
        ),
        ("valid, with signer name", bundle("k8s.io:foo:bar", "k8s.io/foo", CA_1), vec![]),
        (
            "invalid, with signer name, missing name prefix",
            bundle("look-ma-no-prefix", "k8s.io/foo", CA_1),
            vec![r#"metadata.name: Invalid value: "look-ma-no-prefix": ClusterTrustBundle for signerName k8s.io/foo must be named with prefix k8s.io:foo:"#.into()],
        ),
        (
            "invalid, with signer name, empty name suffix",
            bundle("k8s.io:foo:", "k8s.io/foo", CA_1),
            vec![format!(r#"metadata.name: Invalid value: "k8s.io:foo:": {SUBDOMAIN}"#)],
        ),
        (
            "invalid, with signer name, bad name suffix",
            bundle("k8s.io:foo:123notvalidDNSSubdomain", "k8s.io/foo", CA_1),
            vec![format!(r#"metadata.name: Invalid value: "k8s.io:foo:123notvalidDNSSubdomain": {SUBDOMAIN}"#)],
        ),
        (
            "valid, with signer name, with inter-block garbage",
            bundle("k8s.io:foo:abc", "k8s.io/foo", &format!("garbage\n{CA_1}\ngarbage\n{CA_2}")),
            vec![],
        ),
        (
            "invalid, no signer name, no trust anchors",
            bundle("foo", "", ""),
            vec![format!("{tb}at least one trust anchor must be provided")],
        ),
        (
            "invalid, bad signer name",
            bundle("invalid:foo", "invalid", CA_1),
            vec![r#"spec.signerName: Invalid value: "invalid": must be a fully qualified domain and path of the form 'example.com/signer-name'"#.into()],
        ),
        (
            "invalid, no blocks",
            bundle("foo", "", "non block garbage"),
            vec![format!("{tb}at least one trust anchor must be provided")],
        ),
        (
            "invalid, bad block type",
            bundle("foo", "", &format!("{CA_1}\n{bad_type}")),
            vec![format!("{tb}entry 1 has bad block type: NOTACERTIFICATE")],
        ),
        (
            "invalid, block with headers",
            bundle("foo", "", &format!("{CA_1}\n{headers}")),
            vec![format!("{tb}entry 1 has PEM block headers")],
        ),
        (
            "invalid, cert is not a CA cert",
            bundle("foo", "", NOT_CA),
            vec![format!("{tb}entry 0 does not have the CA bit set")],
        ),
        (
            "invalid, duplicated blocks",
            bundle("foo", "", &format!("{CA_1}\n{alternate}")),
            vec![format!("{tb}duplicate trust anchor (indices [0 1])")],
        ),
        (
            "invalid, non-certificate entry",
            bundle("foo", "", &format!("{CA_1}\n{not_parseable}")),
            vec![format!("{tb}entry 1 does not parse as X.509")],
        ),
        (
            "invalid, an IP address alternative name Go's parser refuses (not upstream's case)",
            bundle("foo", "", &format!("{CA_1}\n{}", bad_ip_ca())),
            vec![format!("{tb}entry 1 does not parse as X.509")],
        ),
    ];
    for (name, b, want) in cases {
        assert_eq!(messages(&validate_cluster_trust_bundle(&b, None)), want, "{name}");
        let kept: Vec<String> = want.into_iter().filter(|m| !m.starts_with("spec.trustBundle")).collect();
        assert_eq!(messages(&validate_cluster_trust_bundle(&b, Some(&b))), kept, "{name}, as an update");
    }
}

/// Upstream's `TestValidateClusterTrustBundleUpdate`.
#[test]
fn cluster_trust_bundle_updates() {
    let old = bundle("k8s.io:foo:bar", "k8s.io/foo", CA_1);
    assert_eq!(
        messages(&validate_cluster_trust_bundle(&bundle("k8s.io:foo:bar", "k8s.io/bar", CA_1), Some(&old))),
        [
            r#"metadata.name: Invalid value: "k8s.io:foo:bar": ClusterTrustBundle for signerName k8s.io/bar must be named with prefix k8s.io:bar:"#,
            r#"spec.signerName: Invalid value: "k8s.io/bar": field is immutable"#,
        ]
    );
    let added = bundle("k8s.io:foo:bar", "k8s.io/foo", &format!("{CA_1}\n{CA_2}"));
    assert!(validate_cluster_trust_bundle(&added, Some(&old)).is_empty());
    for emptied in ["", "non block garbage"] {
        assert_eq!(
            messages(&validate_cluster_trust_bundle(&bundle("k8s.io:foo:bar", "k8s.io/foo", emptied), Some(&old))),
            ["spec.trustBundle: Invalid value: \"<value omitted>\": at least one trust anchor must be provided"]
        );
    }
}

/// A v1beta1 bundle is validated through the internal type by v1's rules, at the same paths.
#[test]
fn through_the_scheme_in_every_version() {
    let mut s = kapi_machinery::Scheme::new();
    crate::certificates::install(&mut s).expect("certificates installs");
    let mut b = crate::certificates::v1beta1::ClusterTrustBundle::default();
    b.metadata.name = "foo".into();
    b.spec.trust_bundle = NOT_CA.into();
    assert_eq!(
        messages(&s.validate(&b, None)),
        ["spec.trustBundle: Invalid value: \"<value omitted>\": entry 0 does not have the CA bit set"]
    );
}

/// A CA certificate whose subject alternative names hold a 3-byte IP address.
fn bad_ip_ca() -> String {
    use kapi_api_base::test_support::certificates::{der, extension, names_with_extensions};
    let ca = extension(&[0x55, 0x1d, 0x13], &der(0x30, &der(0x01, &[0xff])));
    names_with_extensions(&[ca, extension(&[0x55, 0x1d, 0x11], &der(0x30, &der(0x87, &[10, 0, 0])))])
}
