//! Name mapping between Rust field names and Kubernetes JSON and Go names.

/// Words written in capitals inside a JSON name (`cluster_ips` → `clusterIPs`). Each entry is
/// tested below; a name the table gets wrong takes an explicit `#[kapi(json = "...")]`.
pub const ACRONYMS: &[(&str, &str)] = &[
    ("cidr", "CIDR"),
    ("cidrs", "CIDRs"),
    ("id", "ID"),
    ("ids", "IDs"),
    ("ip", "IP"),
    ("ipc", "IPC"),
    ("ips", "IPs"),
    ("pid", "PID"),
    ("tls", "TLS"),
    ("uid", "UID"),
    ("uri", "URI"),
    ("url", "URL"),
    ("urls", "URLs"),
    ("uuid", "UUID"),
    ("wwns", "WWNs"),
];

/// The Rust identifier without a raw prefix or a trailing underscore (`r#type`, `type_`).
pub fn bare_ident(ident: &str) -> &str {
    let s = ident.strip_prefix("r#").unwrap_or(ident);
    s.strip_suffix('_').filter(|s| !s.is_empty()).unwrap_or(s)
}

fn acronym(word: &str) -> Option<&'static str> {
    ACRONYMS.iter().find(|(w, _)| *w == word).map(|(_, a)| *a)
}

/// The default JSON name of a field: lower camel case, with the acronym table for later words.
pub fn json_name(ident: &str) -> String {
    let mut out = String::new();
    for (idx, word) in bare_ident(ident).split('_').filter(|w| !w.is_empty()).enumerate() {
        if idx == 0 {
            out.push_str(word);
        } else if let Some(a) = acronym(word) {
            out.push_str(a);
        } else {
            out.push_str(&capitalize(word));
        }
    }
    out
}

/// The Go field name upstream would use: upper camel case, acronyms in capitals (`UID`, `TypeMeta`).
pub fn go_name(ident: &str) -> String {
    bare_ident(ident)
        .split('_')
        .filter(|w| !w.is_empty())
        .map(|w| match acronym(w) {
            Some(a) => a.to_owned(),
            None => capitalize(w),
        })
        .collect()
}

fn capitalize(word: &str) -> String {
    let mut c = word.chars();
    match c.next() {
        Some(f) => f.to_uppercase().chain(c).collect(),
        None => String::new(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn plain_names() {
        assert_eq!(json_name("side_effects"), "sideEffects");
        assert_eq!(json_name("admission_review_versions"), "admissionReviewVersions");
        assert_eq!(json_name("r#type"), "type");
        assert_eq!(json_name("continue_"), "continue");
        assert_eq!(json_name("uid"), "uid");
        assert_eq!(json_name("api_version"), "apiVersion");
        assert_eq!(json_name("ca_bundle"), "caBundle");
    }

    #[test]
    fn every_acronym_entry() {
        assert_eq!(json_name("client_cidr"), "clientCIDR");
        assert_eq!(json_name("server_address_by_client_cidrs"), "serverAddressByClientCIDRs");
        assert_eq!(json_name("provider_id"), "providerID");
        assert_eq!(json_name("pod_ids"), "podIDs");
        assert_eq!(json_name("pod_ip"), "podIP");
        assert_eq!(json_name("host_ipc"), "hostIPC");
        assert_eq!(json_name("cluster_ips"), "clusterIPs");
        assert_eq!(json_name("host_pid"), "hostPID");
        assert_eq!(json_name("insecure_skip_tls_verify"), "insecureSkipTLSVerify");
        assert_eq!(json_name("pod_uid"), "podUID");
        assert_eq!(json_name("request_uri"), "requestURI");
        assert_eq!(json_name("service_url"), "serviceURL");
        assert_eq!(json_name("non_resource_urls"), "nonResourceURLs");
        assert_eq!(json_name("dataset_uuid"), "datasetUUID");
        assert_eq!(json_name("target_wwns"), "targetWWNs");
        assert_eq!(ACRONYMS.len(), 15, "add a test line for every new entry");
    }

    #[test]
    fn go_names() {
        assert_eq!(go_name("type_meta"), "TypeMeta");
        assert_eq!(go_name("uid"), "UID");
        assert_eq!(go_name("cluster_ips"), "ClusterIPs");
    }
}
