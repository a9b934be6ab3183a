//! ECDSA keys and signatures made once with openssl (`openssl genpkey -algorithm EC -pkeyopt ec_paramgen_curve:…`, `openssl dgst -<hash> -sign`) of the message `kapi`, with each digest (`openssl dgst -<hash> -binary`); public keys as base64 DER `SubjectPublicKeyInfo`, signatures as base64, digests as hex.

/// (curve, public key, hash name, digest, signature).
pub(crate) const VECTORS: &[(&str, &str, &str, &str, &str)] = &[
    (
        "P-224",
        "ME4wEAYHKoZIzj0CAQYFK4EEACEDOgAEDfP4jBJo4VTXkXUM+R2nWachC9JNvtqCP57ZI/lVbOWON4qpFLNmNpp0EqyOYdMy0P4L/1S40Go=",
        "sha224",
        "7f71be4eeef8f90f7c2272f1478d3228dc494c283d1644607315bf84",
        "MDwCHA3mY/SY6XXnEqeEBr8IWxeT/wIYoD3uc6IPQNgCHB02y6eGYxBue5WEEFVFX8nwZFBx5pp2AZ6XKy8=",
    ),
    (
        "P-224",
        "ME4wEAYHKoZIzj0CAQYFK4EEACEDOgAEDfP4jBJo4VTXkXUM+R2nWachC9JNvtqCP57ZI/lVbOWON4qpFLNmNpp0EqyOYdMy0P4L/1S40Go=",
        "sha512",
        "e0c8c354d173c2a98ecfd088ee29b4bdf4c9f787a2554367c025185471f56e5f97c13bb82f3b9fa77c7ba1a86ca3cbfeb619d4c6b710a1aee111507b8270537f",
        "MD4CHQCxn09OzDDytiTPGuz9/xLzChUyHVnOMT8ER5lAAh0AwR8+QPbO06ADe5EFPwCcggPBiBqfTT4MSA2fzQ==",
    ),
    (
        "P-256",
        "MFkwEwYHKoZIzj0CAQYIKoZIzj0DAQcDQgAE5lE8cmErZVEvuGGAQcMRnQ7cxmG2nOGSG0o9qME5QZz2eUmucK8/5D8yMc/MrIhdBVy9rz6yI5IshZWw9cWEYQ==",
        "sha1",
        "dc72a5db3666f78f3fc92263c48a07f5a0aa7a00",
        "MEUCIQCx3K0XrAzR1SWW25vmVJu0cOh4HCHFaiP0OKj6lgrhQwIgHtL4C3Bdkm7cTuSQOi4FMa3fijvZnN/FbizarFYoZt8=",
    ),
    (
        "P-256",
        "MFkwEwYHKoZIzj0CAQYIKoZIzj0DAQcDQgAE5lE8cmErZVEvuGGAQcMRnQ7cxmG2nOGSG0o9qME5QZz2eUmucK8/5D8yMc/MrIhdBVy9rz6yI5IshZWw9cWEYQ==",
        "sha224",
        "7f71be4eeef8f90f7c2272f1478d3228dc494c283d1644607315bf84",
        "MEUCIGJogfQchlfFiD3gkEfHUb1EPIGEWY9DvBp1WG0D0uxrAiEAkzVTs51wjUntEty7OOu1QiMlkwrh/NFwfF13VHTPkEQ=",
    ),
    (
        "P-384",
        "MHYwEAYHKoZIzj0CAQYFK4EEACIDYgAEAxhOLRsK6na1zXFUurDJb2bKchKm0AjxOHBl6HIiM/6AbQGrmapf8u5SWITYYtIFvv3/ZZaXOCRuezw3jYoac14iTocc9GnY+eabJ+48H1jkMw1qLG7F3unGyyCpMHTq",
        "sha1",
        "dc72a5db3666f78f3fc92263c48a07f5a0aa7a00",
        "MGUCMQCUVPQ0A6QRF9sAHtBFNWK5RN25HCv3hDptJAsB4aWyACYbgR5EG5CFqUKMNyRke3UCMFe9sfpDvNby7OOkzaa0TNJaoJje7b81QH2XBldPoc/3AV5Ww49bz89Hnclyz906lg==",
    ),
    (
        "P-384",
        "MHYwEAYHKoZIzj0CAQYFK4EEACIDYgAEAxhOLRsK6na1zXFUurDJb2bKchKm0AjxOHBl6HIiM/6AbQGrmapf8u5SWITYYtIFvv3/ZZaXOCRuezw3jYoac14iTocc9GnY+eabJ+48H1jkMw1qLG7F3unGyyCpMHTq",
        "sha512",
        "e0c8c354d173c2a98ecfd088ee29b4bdf4c9f787a2554367c025185471f56e5f97c13bb82f3b9fa77c7ba1a86ca3cbfeb619d4c6b710a1aee111507b8270537f",
        "MGUCMHkzh3RVNGtw0rlmuU9VE+YhlID6teA1aKUzrpzo4fmhNY8XmsNFSn+/Hu9OC8S0GgIxAPqjyqcfq0nJ8SgGiztPh8DUkPYvjtTfLHb06x6ptB5sC74CoBTOKT515cTyBo/L7Q==",
    ),
    (
        "P-521",
        "MIGbMBAGByqGSM49AgEGBSuBBAAjA4GGAAQAUe1oZVwz/fHFrZWglERlh8+vrSsfZuNBZ39EYFeulcKC+87kCYs9EiK8+3FwvTG/oDtzVRjSFnBf0piFkf+Uv+cB6R1L6ieP8VAJLGB5B1dI84vJLmjlyU8R8u4TUGURfEg1DPGo2a35raXetvBU7IA9rgTR41+AIV893zSFXYWDSRo=",
        "sha1",
        "dc72a5db3666f78f3fc92263c48a07f5a0aa7a00",
        "MIGHAkF9jjE9fZzreMImooDGNtjBbfBysQviOUVeEuk5tE5DMhFlIQwVTEkiPjQrGEiQwRxQoYMW2bwolZjMjbwSzXef0wJCAPzTG5vwcw+gAN+UmaFi2OfJhQRNigwaKAgKPmxp8R8ndbgv1BBRw7PSHZLfGtgyy+Pmd6KvMD0LEX/+C5o1FaFW",
    ),
    (
        "P-521",
        "MIGbMBAGByqGSM49AgEGBSuBBAAjA4GGAAQAUe1oZVwz/fHFrZWglERlh8+vrSsfZuNBZ39EYFeulcKC+87kCYs9EiK8+3FwvTG/oDtzVRjSFnBf0piFkf+Uv+cB6R1L6ieP8VAJLGB5B1dI84vJLmjlyU8R8u4TUGURfEg1DPGo2a35raXetvBU7IA9rgTR41+AIV893zSFXYWDSRo=",
        "sha256",
        "7e5ea39b8014e1e014d964623b4f60925c0b1329e80d8cddabe5979f809baaac",
        "MIGHAkIBxXP5JudZIB27Ul4MtA/0G51m9+4vQsbPPprYaKWagXVr9IdqbyQygvrSiDffm95seTd0PB23yV0fTLD0z7cGR/ICQRit6lulf5BtvpM9t/FlqNHj2NUcZAHGHJwK7wMfB4FgG14YcQSvcypLGrvCFpglyPnxDhNgre96LuRcmp71RlC5",
    ),
    (
        "P-521",
        "MIGbMBAGByqGSM49AgEGBSuBBAAjA4GGAAQAUe1oZVwz/fHFrZWglERlh8+vrSsfZuNBZ39EYFeulcKC+87kCYs9EiK8+3FwvTG/oDtzVRjSFnBf0piFkf+Uv+cB6R1L6ieP8VAJLGB5B1dI84vJLmjlyU8R8u4TUGURfEg1DPGo2a35raXetvBU7IA9rgTR41+AIV893zSFXYWDSRo=",
        "sha512",
        "e0c8c354d173c2a98ecfd088ee29b4bdf4c9f787a2554367c025185471f56e5f97c13bb82f3b9fa77c7ba1a86ca3cbfeb619d4c6b710a1aee111507b8270537f",
        "MIGIAkIA111/stPdjN+krcB0xkNj/wjf2WO4m8A2NU9K/r0etCzqsSKPSIqmhhjiWnUn+QF1x7nshfoFMC+lSCnIx0wPDaACQgGAgseSkFHuZztzdao1ofExdWSy4xwqYGqV/q7VTnhVpfHeQcuDZDhk+yZRcUVTBEbMd4BLqPxTjDQj7lr9+43Xmw==",
    ),
];

/// NIST CAVP ECDSA SigVer vectors on P-521 (FIPS 186-3, `SigVer.rsp`: messages, keys `Qx`/`Qy`,
/// `R`, `S`, the result and why a failing one fails), as transcribed in Microsoft msrCrypto's
/// `tv_ecdsa.verify.js`; the message's digest is stored, made with Python's `hashlib`.
pub(crate) const NIST_P521: &[SigVer] = &[
    SigVer {
        hash: "sha224",
        digest: "e201f8ff4c18ef73b7ee6ea2ab3cc482e785bc77b71badf828d9ef29",
        qx: "1ccee36646013645ac83b532106a9d78828cb387819bdec3f7d982ad2744292281a00d59cd4c1290365d5b821cfeccdbaa8ebd5f10aa1b4b1342bbca27e7619023e",
        qy: "171cfb6c2a95aae42458b6bb582d8efbeaf7219594dca5904b2b3c22a203eac193068e603acf1afd10125306595d0056e2bdee05aeef2d4b774498619cd5f1a3664",
        r: "04347e5389a6b4a3de2e543d7474c28e5fa284f5268e474f8998395a7dd154fd0c09253b8160f9bae840189161bc3c85db268d500d6aa82a3c383aa025553fc25c9",
        s: "10623dda9d2c39d5e6d463d96dc1ae91f0c3f34df698dec0de2e1840467aa54a5bdbe7815426b175f6c19d1a5f09cec6f5270658a80ccbfcf58a30e10cb342e9e01",
        verifies: true,
        changed: "passes",
    },
    SigVer {
        hash: "sha256",
        digest: "61bcad3941eeb4005c391745635dbca42b451c3222b6123af2cd1279f89f3b2d",
        qx: "0397714abcc503eaa0c18abd1fd26586d28ec1b1035d37ac710f2823911ec9afa429b41ea89cec13d5bcae9d6d7147794407e409f3b267cf4dd27e8c77e7ccf4d36",
        qy: "0a3a4b749d19b84708e42b59e9faa5a99ac0f0a01121655fab87785fca38c8cd4277c8c2c9a0024ff608c3cce954596315dfe0e3b133aeab08bb5389eb2a4f1fb42",
        r: "19da96a866db12948e0aec7231f797061f345739d439bdaaba63e4d03e0bb52c3fea2fb593347d983f24a3afa6a77f476e6bb49a5de843b4c4755cddce97b8b909e",
        s: "01bb442f428b2ca445a75ad88ed49d965d6659d748d02cebf78faa1ecc187b606f284d11d47791d585dc371c2d91848a55ca7b092f06d561efcf64e0de0814e1db4",
        verifies: true,
        changed: "passes",
    },
    SigVer {
        hash: "sha256",
        digest: "3dfb0c771418d4f1ffd092de8aae7a563af2c9e559ad0b53a5b61090ea77eacd",
        qx: "15bd9bf7a35cc60147b32b64e0e4e54bf9ac2173cc6784b3d4ebd076aa5d45c1e3d0846b20b61d6342341a8801a2f63028c991831318245c2fe31f8acde6bf2003e",
        qy: "1afb67c9c700ed332b47a2d148e6ddd3571e138f02a81c3cfe6d4dee0f512d92e76574fe5797c5566c05b3239fabb212c735615e719e718fb40fa6783c964357f72",
        r: "1a341d0e8906239faace79554b90d1445bd28f703d7c7cc8eb163337ad3d4bfb3725cb06e618991491534d399866df5c5bdef897c889947b21148d89c657e64124d",
        s: "05c5b728837d44b7b6935efb2b721b4f45c1675d803d87f70158e451434176d9682034c9b356b5f9181e07599bdcb55e5bc808fdd36fef9c19ddb6342c975262024",
        verifies: false,
        changed: "message changed",
    },
    SigVer {
        hash: "sha256",
        digest: "6b7b1a121d5e8f4d3d0294abbb62ae16561f37b6fbdd6d519209c6663669323b",
        qx: "09f21a6e7295b183656709089b3c647140c81f71b0b3812e6de22c52245335599ade6a3116cb70277dc2485f91c7b1f46d62afb60fc17a110358c9a02e02e010960",
        qy: "1e914284cea47dd6836e7ce899d0c9a88d67fc9d039ffa9fa5bee58d247e0d0dc9251be8b82afd3add327f98c5570bdcd8ad8827820032774d19db09232aeba190a",
        r: "0ce4b2ac68afd071531027b90d4b92d9b0e1044b824ccebb2c9ab241d5b909ead1ffa2dc3d330f57187efbea7374bc77c4f7ce7ee689aa5a1e27aa78abc3cc1e751",
        s: "0aa85d84f9c7fecd25064dbae69c16d6fcff38040027bf476c7f913746272b5d4b9bd34d2482e27730522df724895b99253aed86011139928fa9a272892f8c99d8f",
        verifies: false,
        changed: "R changed",
    },
    SigVer {
        hash: "sha256",
        digest: "2e139493b5db177dd536c562e0c90445b59a686eeb27e0a7b7cd93d72fa4ab7d",
        qx: "06d8c16536b17cab6ff41f5df4038fe416c05ccb601710909708dc561b02ceed9cf020441d9daa075e8fd604531ff58084035b1c19a498b82582f5b20f9cedf61f9",
        qy: "0e89d71c66e55c4f5bf245413388bfe9de83944b11d1abdb4692db7da8a086442965ee512f7089f89464dda5d7786e52cc26a8a30bc8824cc56a289fefcd42bdfd2",
        r: "087f86cf4bd36e8253097ac1bc8500dedafdbccbe5767ec25e53c73c4f053f3b37acd1d5ea4c16e4058919b61d2a67393220ffefe07535d53923ace6815463c4c31",
        s: "1def2582fd0df89fa28c9ce882f5c3846135f51bdf7f4b2497b190136ef04618eaa22a8c5a117b0adfc6425eac3111b6558df145a8b14ad39524b98659e01d51c21",
        verifies: false,
        changed: "S changed",
    },
    SigVer {
        hash: "sha256",
        digest: "63c7b65f78581fc15992ac54b1221f16545a6e50a0c740e3f3a1685f09f358a8",
        qx: "0defff5ef7cc5de0e1ac32261e7a74e8c434c0b51f76df7566b612cc5b8201e7b38c51aa6118b6307f436394bf452a72224c977e37e410eae9525df2ee00a8123bf",
        qy: "0263b7db73558ddc783824f0b19776802aaf5e46ccb1b1d1dda07d2d6c5843f5036ae8d381b235ccd2ed04eb90c5d51e32cbd7acdc7031cae63c06797556fb66fe3",
        r: "089bd129a537840a52ef434d5a8ba4add952f72f22a84ac4523ea0bc02cbfa8b681ab0ed3fa2bca24ae575f23fce7efbb9bfd28e465174158a5ad2b08fd9e0b7132",
        s: "004ed533337791e05f8d097eabdf4be96b3fcc9f876d47fb8c5c7a05cbddba398cded2edf5ec9b7dbb4e32c1374b46953d66a193c211ef12de4b9d73adc369d5e95",
        verifies: false,
        changed: "Q changed",
    },
];

/// One SigVer case: the hash's name, the message's digest, the key, the signature (hex), whether
/// it verifies, and what NIST changed when it does not.
pub(crate) struct SigVer {
    pub hash: &'static str,
    pub digest: &'static str,
    pub qx: &'static str,
    pub qy: &'static str,
    pub r: &'static str,
    pub s: &'static str,
    pub verifies: bool,
    pub changed: &'static str,
}
