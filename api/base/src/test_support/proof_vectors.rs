//! Key pairs made once with openssl and their proofs of possession of the pod UID `pod-uid-1`, as upstream's pod certificate request validation verifies them; public keys as base64 DER `SubjectPublicKeyInfo`, signatures as base64.

/// An Ed25519 public key (`openssl genpkey -algorithm ed25519`).
pub const ED25519: &str = "MCowBQYDK2VwAyEA9xkk4LLvp2e5slxSQF26W+kvF5YDox3kKRC4/eSiLwo=";
/// Its signature of `pod-uid-1` (`openssl pkeyutl -sign -rawin`).
pub const ED25519_PROOF: &str =
    "r3EMdD+WMv7mb4wOyHoN9UX6zPApIi5Vuphn2msebBzrpE+9IEAWO8+uZF7yfaivxraBn4JUU+p07kGlmLRHDg==";
/// Its signature of `pod-uid-2`.
pub const ED25519_PROOF_OTHER_UID: &str =
    "QmKV199gNN/wnt1UPk7GkGHch2k+fNgXB+enQ9lAHzxk1sTmw5qOISCPx0f3Ii19KqOA9ToI0Jmg0Bi1PWXRDw==";
/// A P-256 public key (`openssl genpkey -algorithm EC`).
pub const P256: &str = "MFkwEwYHKoZIzj0CAQYIKoZIzj0DAQcDQgAEQ9AvLH8VjNvAzwwspsGaAfFHWrJje+2nU4NNOBLE5FhJoG52VDrjfsfrpLkJhpy8qqkrJY7ckvqBSRhGrn2cYA==";
/// Its ASN.1 signature of `pod-uid-1`'s SHA-256 (`openssl dgst -sha256 -sign`).
pub const P256_PROOF: &str =
    "MEYCIQCAtMsOuCcjJ5myLjj0ssPYcOdqLHGiSDYo0526y8tr6gIhAKDTWyTVaIPtq2rG244OLooH2sY3bygEdYJuopiA7sjc";
/// Its signature of `pod-uid-2`.
pub const P256_PROOF_OTHER_UID: &str =
    "MEUCIFPQwqEbTIXLoRAxZomBrVTD9FAY8jTyKvRONrn6JqdvAiEAoV8MpD+fl3u4P62V0gXRfFRZe1W3pnbyoAqIqzvpzdU=";
/// A P-384 public key.
pub const P384: &str = "MHYwEAYHKoZIzj0CAQYFK4EEACIDYgAE9CNGke9EEkXX5BcuYMHRDDmTm3YdykjRIxDDdJ8AtO/7N+yiRVWIFW93ruOeW5NiR9u6oHEgXp47HPDV7PCSDDKJAh6qDkzRTRtbDhfp3mqavidTKvjOJVghKMFAq5pE";
/// Its ASN.1 signature of `pod-uid-1`'s SHA-256.
pub const P384_PROOF: &str = "MGQCMH9F3dXDmijZwBk36GCLA2m4UN7xk7369NGXYb9PrpadgnrEBgPzXtsA/7iZpA3YZwIwaN5mVYuYKlSyRgNOovv+q5qTHKfYBjZAJ+oTnMRACnfCg/DHkpnf6Gw5faQM4m2A";
/// Its signature of `pod-uid-2`.
pub const P384_PROOF_OTHER_UID: &str = "MGYCMQCKEMCmWfePQyJ7VD13/Kr0RsJLYbri76n4vAglV8Tn23wI9AIZk7JTQmZ45mrqiZ4CMQDMyt1TkPQiNISSSYoYTxVqsEn9cCKotS0cgrAIfzlstwRRCsCEpmsYbXKS+l28dSE=";
/// A P-521 public key.
pub const P521: &str = "MIGbMBAGByqGSM49AgEGBSuBBAAjA4GGAAQB76b1HYswBcg4NqIzU/Q9m0/2TosysppUS2lr4f3Gbi9KKIUVD7T5nF5Q8rXqPpIS9iQMGlqXIrAm0FsqhBExJjQBlHUuzSImAhjHZGp1OrmA8kKpyam8pB3yxD2B5rdHC7Z4KanhXLYq31T5iD4y7cJmuVVGtDnQjhXh7AYYiZSw8S0=";
/// Its ASN.1 signature of `pod-uid-1`'s SHA-256.
pub const P521_PROOF: &str = "MIGIAkIAyUAw+JGEL8dVqkBDferX30qkTdkEKdfpqqK0i5N2FepfAmqHzB0GqD2Z/61nrymHtUlxzX9GrcLA4lBPBqwujy8CQgGy76o7FwXtJ2pnKWNCyWKF9JnbNEz6uNflJv90kbP9XCKO8wpZRWP8waQ9gaSC7rzUZXwGogI9je1qj92fDsYknA==";
/// A 3072-bit RSA public key (`openssl genpkey -algorithm RSA`).
pub const RSA3072: &str = "MIIBojANBgkqhkiG9w0BAQEFAAOCAY8AMIIBigKCAYEAlly3QG70FRSxhveyFajtWxWHLbq1kH/z71Z/oSDqkEWDT+8VHsLRKznLmclq9xFeCFNJZdHfUflHQ9jEImD9fjeQs1tFxBzxHcm5ta0/IYEpCIaQ3p/eDWDom6iEsgLAk/P0NGQhsuMFny26QPe6rxtcE2+nnTTsYPTriGVz8RxLjFKwh0TfAoGn2Kogxnhu4WChd5BsJ2d9x145f8lTyPJxur398by9wz35dcgumta+AJq40t+g4Z+Mx6RJBwujnZxg7Z1ufbzU2OJy+a3ltCUYY1BvaJfvGdWjq0Kw4U50MxE4ow5AnjBvxF4carm0NHsx0+Rfyxx+UgtSAucdtTtoN3LXbjEQvgxLtkmt0BnVaA6yfMlloVPk7nThLpcv46UpSqQt/qiYS34u88mVoVx9+Iy3YGEbF3xong3gRVqeXXFJg01skba+/IF/0zLTaLZocfs4KRVnNs/GLOGW8s5fwOcwcBZD0N9PouIuwgAPivUTXu91F8NSgWixWbZfAgMBAAE=";
/// Its RSA-PSS signature of `pod-uid-1`'s SHA-256 with a 32-byte salt (`-sigopt rsa_padding_mode:pss -sigopt rsa_pss_saltlen:digest`).
pub const RSA3072_PROOF: &str = "KY6AliHiCD1azFKBvs6hHeqFRYZcbVO5zpTHfDsv6LWG381/jFupJInBb9MBbJr86yTlxXFrp0dZF+Sv/iJ1HC1MZheiwePuLiN48vLz3vMCBv7Oz8Ht/064nlYePbnzUj/fR/hk9BDX09qn25Mu3QBaxCXiFHa2DW8NdV9T+h1bw6VrBYRned3aNt/GdkvBHo9580y7onP/B4nhEKjR5PZlw9OxkSOw76r1CZ8TJbz7IOaTgzg9P3gV9cW26oRBf/hriF2IGQyIZ3fxB4MDb+yY95NJqaBPzDBfUFf7gsVLGhBWLmM85BC0pF9nyMp9KqeZloCceEzw5b9vTaK05xGWDjsve58X/HnmTs1hC7QI0GLvZeD8WscmyZ62pGhKtCBabL5ZimWgbceFp5LtwJuMtpEvmSc0RWT7XHlirtjFYcFnDJViHbpj53jOt9CUMUXxvidfNcfTw41UtckRhP6qyGWsKz4LzbadpQfp3iGu+XG9eXuY1JFStiEr4xbW";
/// The same with the longest salt (`rsa_pss_saltlen:max`), as Go's `rsa.SignPSS` signs with no options.
pub const RSA3072_PROOF_MAX_SALT: &str = "amIi67brO4Wv5NeTdfueAQ8HFDgrBJHA77jAIpDLF+AU8k33dX4+F3WewpweBUC1BjxsSgWPwDnzDkWIY5l5gA9SUfIU72w5RxKD58ZLClfCk+Eu3wSGFCrEsKjycSRCICNAUw/ewY8+EeNEsOk9mLGYum8kDLfu/C9Uf2E8FaKGYz9BTcd27pbNnkNTBPtKnfUpm6Cl0+Vr/jbp+QEi0ghsGdlNyt+/u5V5ryLg7XSZA0RJOt6JqC8W9YtTdws9k9PLZokSZRl0B+v+YvT2MkCvRJUUXMGG37XHQrugOlp1yTQ4ajQOZlWByIgOb3Cu3+yjLVoma13KyMzb2hEDHi+H5tH+X6hl1w8Y1VyMC2LsmSN5+w4qqWsrjv5JtAAZtMW3dV2UB6sJPEPocvVEk9rXWcVzyZxvB/NfcxqCv3uK85WfYipvDt8NcrCzp4VbUX9ILkrd8LpYtLNFYx5eRVtTS085fjmLHhd1m8h/pMnE2lOuyQodSj1bUa7p+nr+";
/// Its PKCS #1 v1.5 signature of `pod-uid-1`'s SHA-256, not a PSS one.
pub const RSA3072_PKCS1: &str = "I3ViA6AS85byFGa5O8ikFqmpgOnNFLG4lRufg07h7ciGHkF6drmjrkKMoVX7DZcbAP/D2dPFUq6Dy/zlHoA427voJ6ohM3t77hZqmS/zSr8OLz1txiA4O6GeT0//hjluNvhl+XurWpnSgjHiauCJSzF8PeaeINM2Yto3kkEud22SssGN4RA04ifzgdNt243R33R2xsz+Rhg05wgtXabwwYEg09gkzY5GlIgATm+00sonAP/evC36JFJx820q/rQScAo4NvuuE3FLgyEpz06mNL00GcSunqBiVw9vL3xb/HsjQTXQyv8LTJmIaFfUArBIg4EgQZ4GmFizu8YB3dWSyQ67KO3oWUQI8E06zZ0JGr89ljXArs4Zi4o/CnC+PyIAorpAuCGJmn3uR0+uzVDkjob7fv6qLP/8Q3NUzgukG3mf4KLkRGw7+dxwLNulrnOaNW4Y/DCgHOu833pc4EYs0zjjmujDjY1Zm+GyQdmr1yTg98RqA93a4G0JEiAn2thz";
/// A 4096-bit RSA public key.
pub const RSA4096: &str = "MIICIjANBgkqhkiG9w0BAQEFAAOCAg8AMIICCgKCAgEAkedBewQlxd090EHfCzNtHG3Fr1fKLNNt1+bjPIC4+rmZwUzogEkThSwrelq3T4EGCUr7vk5b9xJEqRVrS8NoeNn2jNw+spHRul0Kewi5kyh08M67aG/j5kUmQ3x76AS0DcJsOn70SLpJTIugR8ce11KREjr2IBTFnWM7ew1k4487aATuhh5VqZbGgM7rAKW+5HQJsishpyv7RZUO85scbu8tK1D5N4xC/5w3dw45SjXQpamew6RJm8+JZBcqChOdFpSGD+iUhyRq0Zy/HHeUXonvLmMciqnDYNzlte/o2mK3jRDh2+6/W7e5ax9LlDRd1j7Tdvr69zkQrtXT/xVx8Sa4qZfPqW4GCrlRWyTQALSHlUTMzjyio4fJnACcqDMAlOa9C28d9uQK8tl5auNnzpvN+LsjBGEfu7PfHRZB3HPeKv+ksnm8uHFKyIUJWkpQC/8MmekkbiC2C7gH93VN2VHfUUdXKmN0ITqyVKZg60Uo3yKPKf0V0zI4nur+UstIvDiY3QmKIZT4/6W+E43kTXZdfhV0Ifji/J/gtswxsgW/gDqDKf4RVH3Mji659bq9/t+NC8GiAiOUeO2TaXYyh0PvY/cgMeKAVtQYE/RzIOoJ0IBV2QbSjzNHE8M8DIrqo5A+1Vw5qds7H3jGzy1T659d4jJ2cwlUS4DRl43N8bMCAwEAAQ==";
/// Its RSA-PSS signature of `pod-uid-1`'s SHA-256 with a 32-byte salt.
pub const RSA4096_PROOF: &str = "OBXOKlpeKad61/K3sdkDLe/fGknVi4V8TbTGRKArEyisRsuWR8YqTm4vUQc80Z2WTZ4V9S7amkRuWZgp6oV2t5rvvJ8HPojadFiEJkvjlYPT0dEANyD2OD2RUNMD5ySPBVkspbIhpMZlDkBUgN+xr91qHDJ6joNMCGyuH3Nv/ZdV7qQCs0pgatG/so6Jd8LOJQLtv43MTP+FRSCVsmZ52PGCi605xxKtIcFX/aONlXvrvwApqd0ixFVY2sVDeB68CPuqNfm5wrqVj/yiAY6Y7H8G3u7DGlkc9kjse/8wOJSRpTriyCrpgzwY6YspHYa4bQICMOMKBdoAvL8UNqEJV2/Fo6mje4i2ZTDVFx/7HoZ/n3f4auChtzmx9p1oJNB3xmloOL8n80DMZBXwZ54lK5Knqak4mgn33pu5eSV7KK84y2+HjGz82rGdhn3zCNFZPMDj7eqnFEuYzrKlv6cB/E3E+cYLBE0WM8RLTVzedsQ0UHPmeU9YC8rAZkm1iY9fAHC/8ZO8Inx0phdYRU7/fyANF+njK8s1hN0ntZkX9pacS9T7yZaQyRQQoRwROH7LGjfHPG8NidgETMaLbDoEVMzVSJL2Pl4hPmX9YsYlDbgKBYyoqykXZLspEwZn7Im7C5dQu+5wvfgvSsX3BpjQwf3X39VdIcrt4IqKDIjULMY=";
