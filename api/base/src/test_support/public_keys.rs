//! DER `SubjectPublicKeyInfo` test keys of each type and size pod certificate request validation tells apart (made with `openssl genpkey` and `openssl pkey -pubout -outform DER`), base64-encoded.

/// An Ed25519 public key.
pub const ED25519: &str = "MCowBQYDK2VwAyEAvDAQBIirtyl1bR+jpnynlRTHP3Wc8ce+WarOGNHcEgE=";
/// An X25519 public key.
pub const X25519: &str = "MCowBQYDK2VuAyEAZnxgwE5JkGVJaysT/PZmlOz0XSbYzPBjCnYKg4Kzz1g=";
/// A P-224 ECDSA public key.
pub const P224: &str =
    "ME4wEAYHKoZIzj0CAQYFK4EEACEDOgAEbXgC9x8b8y4SCH9KHhHxY4z5ICW91ghs4aF09zQbBUwtLPXzV/ATxgaG06+RVxV7RcDa7J/Uvok=";
/// A P-256 ECDSA public key.
pub const P256: &str = "MFkwEwYHKoZIzj0CAQYIKoZIzj0DAQcDQgAECWFFDa99LtknmUPLoRXjA9+L/DbalIUeLsg4KyreAdswGeYm75XHw2B3E3vGnTZffGmAWwfivMzXS1SiExkMKQ==";
/// A P-384 ECDSA public key.
pub const P384: &str = "MHYwEAYHKoZIzj0CAQYFK4EEACIDYgAE0wefAQxuF/sWpjA31oY+seeBkqfj/7obDVbWCOxOAX3+CyuGUM+/62S8OqTvQc9Bz9C2yPr5LGAjkTb+E3Wsbq7sfaCbN5onoKz55IccBeLqMMqd0XgisM/ZKCmOUvwK";
/// A P-521 ECDSA public key.
pub const P521: &str = "MIGbMBAGByqGSM49AgEGBSuBBAAjA4GGAAQA3wrFx1U9yaGFg+ZAnwUAlKsklrXDvD/gtFEptrO+VKmlSU9HvfKTFepltBhHlxaK15cdc74egB7C97nHByk72xMBFJhnel83LPbJ3tBGxMePZLMi9GyaTLgXsfZuG9+JkwiVIS3dawCP6v9Lu6/QxpsTK6xHn/A6HhBHDb0AHM0reNg=";
/// A 2048-bit RSA public key.
pub const RSA2048: &str = "MIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEAqGgPZDbw2GR4JrMt1OUAhlIDiGDnd0o3YJo0S+uOAKtB82egrHEqItFfqVTedYDcJuE0UcPYKXqwwcACCyqx4ULMrWgGyYtkgEISB44ILFRIDpls7qJ7MCxtIjhXqYHO7waJaSQu+XNpfUBTC0DVXOAbyKIPKq7fSG0pIN+1y36WFkwx5zLGr5nfIiGe44gRYY15nf//eNfl/xY3tXiXqmTe/ydaFukWQzo0haZbMRakRlk9ICunwDHQG08NyLJoABZM5ZFLSgjouf3qS4m/qH/TrGyFiri0oUXgcwGzoVZs0eGFLSmgfVZROSGciJ54al8l5p2md3yIgepAmoOHpQIDAQAB";
/// A 3072-bit RSA public key.
pub const RSA3072: &str = "MIIBojANBgkqhkiG9w0BAQEFAAOCAY8AMIIBigKCAYEAmKdU+KmWEYPRXryNHe3EOH11UxPRHF/+u5t67S/W6kMoISHKHtTOMk1SNX5eZh+6HBrvTIelZSXmqWGNInoxtMFyFSkq2K5/jpYH0sNR/J6FtJq768sCkG5O+NL7Q980gx1pr6sVtYq/F8YnBoK0E/NpnNoG20UIJSEU6A8VID/gq1lZbRMrToc8G+K+lg1WIqjNHggE1KXquy1xr2TnIobtqH5rMeIbVN9eujoNFRUp9WbZfkdQ78DJJPPSM0oh/tQm86pKcung5WsuYWzMBEJILbEXWfXk8J7eMWLo0WDYm76mF61WuOF2RCkGIjr0j/dWwPa+5IPSwpIiFM0jb0ykyuUik+kLKw9y/FPN6hgsRl1z42gb7UlRe8plG0OCkBocKm35mYBpvjqY1P016HAS/wAHrhJoWrp61tKdIoT2HIHXWCGVp7LemSc+nbr0CB4djhqlr8+8wRG4YlSRhPDXc/OK1VtVsBtP0L1lssbV749AhtwM2t3caI8dRawpAgMBAAE=";
/// A 4096-bit RSA public key.
pub const RSA4096: &str = "MIICIjANBgkqhkiG9w0BAQEFAAOCAg8AMIICCgKCAgEA3cXubPdBHOA1/LA9pwFVT+rMwJdUiie6JW/O9CTzX9Yu2zTU6Io+s9MpW1UJkVdZjN3pOKvDmHl1vdZlwvOMQ3oks3x9n26VWaJbKUvc61SB9Ma0WjyCZXvldbaA1MP56fwZ3b4gyxvtGX9gxadmJeS/jXhsFVHcm2Ym9j14E/Ks54nDSIa8Evg3ZtEiQguh8qrYNWAKxc9ZtS2YT3HlgDFj+1FiqYlX7TDrePSL7Nq1/QSo+FUAV3lKzVl1yo8Ypzfd+a+BZHSk3GnAQl6/WspJ+kPTJEIDIfdVhyKdhObAR1m8kpoDbBt48WI8+i+Zdn1rQWRMF6VB+ryFOgTWivrdRulbFuOK4b7l7ByL7IOqd+3YQEKSBV3zIPFINce3Y3vZzUOl0NZ1CmEiu+Sk4hK6yKKlmoJ8JOT0S2j20YWEMQSI9rCouaTW0P+JUkjq9g15VTAYGCukwOCPHwla/EXcfcUctFBtWnHWWZfK/OhfM8qyHeGkrdt6SLqM+qZix89NpHmx+R6f29JSlTte7Thc8YaLAB8Z4qqjqnBSu0QioIn+TPGf8XaZju6JBl2IkPRDzM4qtpBuVbFTPvRk2sYp6clIhEPRZNoMC3UcpETl/R8yfqbZrYQd6a1zh0bXuIxqQjQ0DotU9ATGH70HdeFz2Vvf4Ddt5Cab5VekyzMCAwEAAQ==";

/// The DER bytes of one of the keys above.
pub fn der(key: &str) -> Vec<u8> {
    kapi_machinery::base64::decode(key.as_bytes()).expect("the test keys are base64")
}
