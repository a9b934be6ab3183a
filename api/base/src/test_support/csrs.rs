//! PEM certificate signing requests for tests (made with `openssl req -new` from fresh keys), as a client would send them in `spec.request`.

/// An Ed25519 request with organization `testing-org`, as upstream's `newCSRPEM` makes.
pub const ED25519: &str = "\
-----BEGIN CERTIFICATE REQUEST-----\n\
MIGVMEkCAQAwFjEUMBIGA1UECgwLdGVzdGluZy1vcmcwKjAFBgMrZXADIQB3U7fp\n\
AQBuJl7tA7dc08YTSlyMKhqTa1l0dYQDONZbF6AAMAUGAytlcANBALMhCEw5s9fK\n\
7sk7mpGe6r2z9CcdMU9Mi3jBXC7CEWdnq7ATyzZFQFQsUnfAHtCozzjCiSG3TdoI\n\
rWSSRZawxwc=\n\
-----END CERTIFICATE REQUEST-----\n\
";

/// A P-256 request with SHA-256, `O=system:nodes, CN=system:node:n1` and the DNS and IP alternative names `n1.example.com` and `10.0.0.1`.
pub const P256_SERVING: &str = "\
-----BEGIN CERTIFICATE REQUEST-----\n\
MIIBHTCBxAIBADAwMRUwEwYDVQQKDAxzeXN0ZW06bm9kZXMxFzAVBgNVBAMMDnN5\n\
c3RlbTpub2RlOm4xMFkwEwYHKoZIzj0CAQYIKoZIzj0DAQcDQgAEU3xJwbrKct36\n\
z5xlisJLcAxcNfhqJ0gImn4539Gruyr0xzrhXRIl8J8lGKtdPRUthtKZk2fZAcOG\n\
NENvEYbZo6AyMDAGCSqGSIb3DQEJDjEjMCEwHwYDVR0RBBgwFoIObjEuZXhhbXBs\n\
ZS5jb22HBAoAAAEwCgYIKoZIzj0EAwIDSAAwRQIgfHqlIYpwG4+pP5GedonIwHri\n\
x051Fmgw2PtGs5eISWoCIQCvpK+xm8u4FbUrFjDJQt52+aJXX7bLebCnMMrP71jY\n\
5A==\n\
-----END CERTIFICATE REQUEST-----\n\
";

/// A 2048-bit RSA request with SHA-256 and `CN=rsa`, without attributes.
pub const RSA2048: &str = "\
-----BEGIN CERTIFICATE REQUEST-----\n\
MIICUzCCATsCAQAwDjEMMAoGA1UEAwwDcnNhMIIBIjANBgkqhkiG9w0BAQEFAAOC\n\
AQ8AMIIBCgKCAQEAjAf2Bx09zux/JaY+c4YCwfhIGPS4jg2391ljAvVu7Jx/2blx\n\
oNd8TD0b9Re2Qr98CprSMU0liVRbAsyImnH+xAGFJVMMwaHx34f6the7d3A9t2Yy\n\
8QJqt53KhKXKebjs9F2KMX1oqiExGqdtMlqdlLTRx/3Dm5rDibQVVN3e+A9+SlqX\n\
eIjRo/Yh7ZEXnQI1DxXTP7aDe/z84h9xGaKikwQNC8OGeWq4wPha5SVpIGW52L0r\n\
ZlVtDJr7IFrIwS87UAWzJhE620LmK7ajkz/QcoanZTDbdgwqULndXFBr+wI23pX6\n\
vPnZAmD0+qfn4cor4tn3+XxxKaKXVmN85VIxQwIDAQABoAAwDQYJKoZIhvcNAQEL\n\
BQADggEBAIYw+QEYcdLHgas0iTcPZ9M7w8UznqujPlIO32xAleuATgQrU97Vg4KY\n\
h4GOK0qTJ56TmcIenIyXLG4tBoRQRtwms5MlKy5wTOGa5C0K0sn2ST9l3iLYiag6\n\
NC5ZmGUUcmnk8RA3UfWtLciIDegJ6j1xY/osl6aQl9JeyNaV0emwkYE1Z3DN/rM4\n\
o50vGaCjZ3eoy/0165SCz2SmASTPrYPX5G+3Hgeho+WJxOKBLNAzJ2e3h9eGCddV\n\
USJ5jU+HJb0nP+A+vYBWA8K3MdsrZQPjFwxI/DOzcnLnryeetM0O7KzPzbo/s1Rk\n\
mUfUEM7ankS3KimuT7zUtP6KjaP5mn4=\n\
-----END CERTIFICATE REQUEST-----\n\
";

/// The DER bytes of one of the requests above.
pub fn der(pem: &str) -> Vec<u8> {
    let body: String = pem.lines().filter(|l| !l.starts_with("-----")).collect();
    kapi_machinery::base64::decode(body.as_bytes()).expect("the test requests are base64")
}
