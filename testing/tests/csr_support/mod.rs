//! A certificate signing request for the tests that create `CertificateSigningRequest`s.

/// A PEM certificate request (`openssl req`, a P-256 key, `CN=alice`), signed by its key, as
/// upstream's validation wants one.
pub const CSR_PEM: &str = "-----BEGIN CERTIFICATE REQUEST-----
MIHKMHICAQAwEDEOMAwGA1UEAwwFYWxpY2UwWTATBgcqhkjOPQIBBggqhkjOPQMB
BwNCAAQ92wDaofPkIu0vrXS/wcmzM1x4L4IuEHpymY18/OQGqxXuIwvEs6y1cRn+
RPeplXkEY9CaOL/T7iqqTHhai0X3oAAwCgYIKoZIzj0EAwIDSAAwRQIgZWYA/BUT
MW6figUplagj3BXVJwzPB18AeOXzLw7CZ7wCIQD7ykhEgwJiEIw8UMihOIEhKJwN
Q+XxKe8Unm5qkamgrA==
-----END CERTIFICATE REQUEST-----
";
