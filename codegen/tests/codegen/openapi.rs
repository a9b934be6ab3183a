//! The OpenAPI documents of our API tree against upstream's structure: every schema of every upstream v3 document of a group version we define must be in our document of that group version with the same facts.
//!
//! The facts (`tests/openapi/upstream/`) are property names, types, formats, references, items,
//! additional properties, required lists, enums and `x-kubernetes-*` extensions; no descriptions or
//! defaults. `documents.json` names the source of each document:
//!
//! - By default, Kubernetes 1.35's v3 documents as kubernetes-sigs/kubectl-validate keeps them (36
//!   group versions, every one the 1.35 API server serves), written by `hack/openapi-facts.py`.
//! - The documents under `sources` take their own packages' schemas from kubernetes/kubernetes
//!   `api/openapi-spec/v3` at the commit named there, read a page at a time from a code-search
//!   store and merged in with the same `facts` function by a script kept outside the repository.
//!   The fixtures' commit (kubernetes ae5d4d35) has no stored version; the nearest stored ones
//!   after it are 6732d913 (lifecycle v1alpha1, autoscaling v2, batch v1, storage v1), the later
//!   ef72f831 (storagemigration v1, certificates v1beta1, resource v1 and v1beta2) and the still
//!   later 5c18b25d (apps v1, whose facts match the fixtures' API); group versions
//!   the server no longer serves come from their last stored document (authentication v1beta1 at
//!   0a74a85e, node v1alpha1 at 01bea8f3, batch, discovery, events, node and policy v1beta1 at
//!   00a3928b).
//! - Four group versions the 1.35 server no longer serves take their own packages' schemas from
//!   the last kubectl-validate release directory (at a97ccfac) that still has their document:
//!   flowcontrol.apiserver.k8s.io v1beta1 from 1.25, v1beta2 from 1.28, v1beta3 from 1.31, and
//!   storage.k8s.io v1alpha1 from 1.34; their shared schemas (meta, core) are compared with the
//!   1.35 facts.
//!
//! Recent upstream documents carry no enum lists, so every document's enums come from k8s.io/api's
//! Go source at the fixtures' commit. Group versions with no upstream v3 document are not compared:
//! `admission`, `imagepolicy`, `apidiscovery` and `client.authentication`; versions retired before
//! kubectl-validate's oldest release, 1.23 (`extensions`, `apps` v1beta1 and v1beta2,
//! `apiextensions`, `apiregistration`, `authorization` and `scheduling` v1beta1, `rbac` v1alpha1 and
//! v1beta1); and scheduling.k8s.io v1alpha3, newer than 1.35. Each difference that comes from a
//! document being older or newer than our tree (k8s.io/api at the fixtures' commit) is listed in
//! `KNOWN_DIVERGENCES` with its cause.

use std::path::Path;

use kapi_machinery::json::value::{self, Value};

/// Differences that do not come from the generator: upstream's API at a document's commit differs
/// from the fixtures' commit, which our tree follows (`hack/openapi-facts.py` and the Go source of
/// k8s.io/api at both points confirm each). Entries without a document name match in every
/// document. Each entry must still differ, so a fix fails this test until the entry is removed.
const KNOWN_DIVERGENCES: &[&str] = &[
    // Fields added after 1.35: in k8s.io/api at the fixtures' commit, not in the 1.35 documents.
    "io.k8s.api.authentication.v1.TokenRequestSpec.properties.attestations",
    "io.k8s.api.core.v1.ClusterTrustBundleProjection.properties.user",
    "io.k8s.api.core.v1.ConfigMapVolumeSource.properties.defaultUser",
    "io.k8s.api.core.v1.DownwardAPIVolumeFile.properties.user",
    "io.k8s.api.core.v1.DownwardAPIVolumeSource.properties.defaultUser",
    "io.k8s.api.core.v1.EmptyDirVolumeSource.properties.mode",
    "io.k8s.api.core.v1.GRPCAction.properties.mode",
    "io.k8s.api.core.v1.HTTPGetAction.properties.protocol",
    "io.k8s.api.core.v1.KeyToPath.properties.user",
    "io.k8s.api.core.v1.NodeSpec.properties.podPreemptionPolicy",
    "io.k8s.api.core.v1.PersistentVolumeClaimStatus.properties.healthStatus",
    "io.k8s.api.core.v1.PodCertificateProjection.properties.user",
    "io.k8s.api.core.v1.PodSpec.properties.evictionResponders",
    "io.k8s.api.core.v1.PodSpec.properties.schedulingGroup",
    "io.k8s.api.core.v1.PodStatus.properties.nodeAllocatableResourceClaimStatuses",
    "io.k8s.api.core.v1.PodStatus.properties.volumeHealth",
    "io.k8s.api.core.v1.ProjectedVolumeSource.properties.defaultUser",
    "io.k8s.api.core.v1.ResourceHealth.properties.message",
    "io.k8s.api.core.v1.SecretVolumeSource.properties.defaultUser",
    "io.k8s.api.core.v1.ServiceAccountTokenProjection.properties.user",
    "io.k8s.api.core.v1.VolumeMount.properties.bindMountOptions",
    "io.k8s.api.core.v1.VolumeMountStatus.properties.volumeStatus",
    "io.k8s.api.resource.v1beta1.BasicDevice.properties.nodeAllocatableResources",
    "io.k8s.api.resource.v1beta1.DeviceAttribute.properties.bools",
    "io.k8s.api.resource.v1beta1.DeviceAttribute.properties.ints",
    "io.k8s.api.resource.v1beta1.DeviceAttribute.properties.strings",
    "io.k8s.api.resource.v1beta1.DeviceAttribute.properties.versions",
    "io.k8s.api.resource.v1beta1.DeviceRequestAllocationResult.properties.skipNodeOperations",
    "io.k8s.api.resource.v1beta1.ResourceSliceSpec.properties.partitionTypeAttribute",
    "io.k8s.api.resource.v1beta1.ResourceSliceSpec.properties.skipNodeOperations",
    // Required lists changed after 1.35: the fixtures' commit marks these fields `+required` or
    // `+optional` differently, and our generator follows it (kube-openapi's rule: `+required`
    // wins over `omitempty`, `+optional` over its absence).
    "io.k8s.api.admissionregistration.v1.ValidatingAdmissionPolicyBinding.required",
    "io.k8s.api.admissionregistration.v1.ValidatingAdmissionPolicyBindingSpec.required",
    "io.k8s.api.apiserverinternal.v1alpha1.ServerStorageVersion.required",
    "io.k8s.api.apiserverinternal.v1alpha1.StorageVersion.required",
    "io.k8s.api.authentication.v1.TokenRequest.required",
    "io.k8s.api.authentication.v1.TokenRequestSpec.required",
    "io.k8s.api.authentication.v1.TokenRequestStatus.required",
    "io.k8s.api.authentication.v1.TokenReviewSpec.required",
    "io.k8s.api.autoscaling.v1.HorizontalPodAutoscaler.required",
    "io.k8s.api.coordination.v1alpha2.LeaseCandidate.required",
    "io.k8s.api.coordination.v1beta1.LeaseCandidate.required",
    "io.k8s.api.discovery.v1.EndpointSlice.required",
    "io.k8s.api.flowcontrol.v1.FlowSchema.required",
    "io.k8s.api.flowcontrol.v1.FlowSchemaCondition.required",
    "io.k8s.api.flowcontrol.v1.LimitedPriorityLevelConfiguration.required",
    "io.k8s.api.flowcontrol.v1.PriorityLevelConfiguration.required",
    "io.k8s.api.flowcontrol.v1.PriorityLevelConfigurationCondition.required",
    "io.k8s.api.networking.v1.IPAddress.required",
    "io.k8s.api.networking.v1beta1.IPAddress.required",
    "io.k8s.api.policy.v1.PodDisruptionBudgetStatus.required",
    "io.k8s.api.rbac.v1.RoleRef.required",
    "io.k8s.api.resource.v1beta1.DeviceClass.required",
    "io.k8s.api.resource.v1beta1.ResourceClaim.required",
    "io.k8s.api.resource.v1beta1.ResourceClaimTemplate.required",
    "io.k8s.api.resource.v1beta1.ResourceClaimTemplateSpec.required",
    "io.k8s.api.scheduling.v1.PriorityClass.required",
    // Removed after 1.35: `workloadRef` gave way to `schedulingGroup`, and scheduling.k8s.io
    // v1alpha1 to v1alpha3.
    "io.k8s.api.core.v1.PodSpec.properties.workloadRef",
    "io.k8s.api.core.v1.WorkloadReference is missing",
    "apis__scheduling.k8s.io__v1alpha1: we generate no openapi/v3/apis__scheduling.k8s.io__v1alpha1.json",
    // apimachinery's `ListMeta.shardInfo` is newer than 1.35.
    "io.k8s.apimachinery.pkg.apis.meta.v1.ListMeta.properties.shardInfo",
    // Every group version of the server: 1.35 still registered autoscaling v2beta1 and v2beta2,
    // authentication.k8s.io v1alpha1 and scheduling.k8s.io v1alpha1; our tree has storagemigration
    // v1, scheduling v1alpha3 and lifecycle v1alpha1, and the client-side groups apidiscovery and
    // client.authentication.
    "io.k8s.apimachinery.pkg.apis.meta.v1.DeleteOptions.x-kubernetes-group-version-kind",
    "io.k8s.apimachinery.pkg.apis.meta.v1.WatchEvent.x-kubernetes-group-version-kind",
    // Group versions the server no longer serves: their last upstream document (1.24 for these,
    // `sources` in documents.json) predates changes k8s.io/api made to the frozen types since.
    // `+required` on CronJob's spec, `+optional` on PodDisruptionBudgetStatus's counters:
    "io.k8s.api.batch.v1beta1.CronJob.required",
    "io.k8s.api.policy.v1beta1.PodDisruptionBudgetStatus.required",
    // Fields added to the old versions after they stopped being served (1.26 and 1.33):
    "io.k8s.api.policy.v1beta1.PodDisruptionBudgetSpec.properties.unhealthyPodEvictionPolicy",
    "io.k8s.api.discovery.v1beta1.EndpointHints.properties.forNodes",
    // flowcontrol v1beta1, v1beta2 and v1beta3 (documents of 1.25, 1.28 and 1.31): k8s.io/api marked
    // `spec`, `limitResponse` and the conditions' `type` `+required` in every version in 2026.
    "io.k8s.api.flowcontrol.v1beta1.FlowSchema.required",
    "io.k8s.api.flowcontrol.v1beta1.FlowSchemaCondition.required",
    "io.k8s.api.flowcontrol.v1beta1.LimitedPriorityLevelConfiguration.required",
    "io.k8s.api.flowcontrol.v1beta1.PriorityLevelConfiguration.required",
    "io.k8s.api.flowcontrol.v1beta1.PriorityLevelConfigurationCondition.required",
    "io.k8s.api.flowcontrol.v1beta2.FlowSchema.required",
    "io.k8s.api.flowcontrol.v1beta2.FlowSchemaCondition.required",
    "io.k8s.api.flowcontrol.v1beta2.LimitedPriorityLevelConfiguration.required",
    "io.k8s.api.flowcontrol.v1beta2.PriorityLevelConfiguration.required",
    "io.k8s.api.flowcontrol.v1beta2.PriorityLevelConfigurationCondition.required",
    "io.k8s.api.flowcontrol.v1beta3.FlowSchema.required",
    "io.k8s.api.flowcontrol.v1beta3.FlowSchemaCondition.required",
    "io.k8s.api.flowcontrol.v1beta3.LimitedPriorityLevelConfiguration.required",
    "io.k8s.api.flowcontrol.v1beta3.PriorityLevelConfiguration.required",
    "io.k8s.api.flowcontrol.v1beta3.PriorityLevelConfigurationCondition.required",
    // Added to flowcontrol v1beta1 after 1.25: seat borrowing (1.26) and the exempt level (1.28).
    "io.k8s.api.flowcontrol.v1beta1.LimitedPriorityLevelConfiguration.properties.borrowingLimitPercent",
    "io.k8s.api.flowcontrol.v1beta1.LimitedPriorityLevelConfiguration.properties.lendablePercent",
    "io.k8s.api.flowcontrol.v1beta1.PriorityLevelConfigurationSpec.properties.exempt",
    "io.k8s.api.flowcontrol.v1beta1.PriorityLevelConfigurationSpec.x-kubernetes-unions",
    // The nearest stored storagemigration v1 document (ef72f831) is newer than the fixtures: it
    // marks `spec` required, which the fixtures' k8s.io/api still has `+optional`.
    "io.k8s.api.storagemigration.v1.StorageVersionMigration.required",
    // The same document version of resource.k8s.io v1 and v1beta2 (ef72f831) has DRA fields added after the
    // fixtures: derived attributes and counter compatibility groups.
    "io.k8s.api.resource.v1.DeviceCounterConsumption.properties.compatibilityGroups",
    "io.k8s.api.resource.v1.DeviceDerivedAttribute is missing",
    "io.k8s.api.resource.v1.DeviceSubRequest.properties.derivedAttributes",
    "io.k8s.api.resource.v1.ExactDeviceRequest.properties.derivedAttributes",
    "io.k8s.api.resource.v1beta2.DeviceCounterConsumption.properties.compatibilityGroups",
    "io.k8s.api.resource.v1beta2.DeviceDerivedAttribute is missing",
    "io.k8s.api.resource.v1beta2.DeviceSubRequest.properties.derivedAttributes",
    "io.k8s.api.resource.v1beta2.ExactDeviceRequest.properties.derivedAttributes",
];

/// Keys that carry words or values, not structure: left out of the comparison.
const NOT_STRUCTURE: &[&str] = &["description", "default", "example", "title"];

/// The structural facts of a schema node, as the extraction script writes them: `allOf` with one
/// reference folded into `$ref`, references by schema name, members sorted.
fn facts(node: &Value) -> Value {
    match node {
        Value::Array(items) => Value::Array(items.iter().map(facts).collect()),
        Value::Object(members) => {
            let mut out: Vec<(String, Value)> = Vec::new();
            for (key, v) in members {
                if NOT_STRUCTURE.contains(&key.as_str()) {
                    continue;
                }
                let reference = |r: &Value| r.as_str().map(|s| s.rsplit('/').next().unwrap_or(s).to_owned());
                match (key.as_str(), v) {
                    // Property names are data, not keywords: a property may be called `default`.
                    ("properties", Value::Object(props)) => out.push((
                        key.clone(),
                        Value::Object(props.iter().map(|(name, p)| (name.clone(), facts(p))).collect()),
                    )),
                    ("$ref", r) => out.push(("$ref".into(), Value::String(reference(r).unwrap_or_default()))),
                    ("allOf", Value::Array(items))
                        if items.len() == 1
                            && matches!(&items[0], Value::Object(m) if m.len() == 1 && m[0].0 == "$ref") =>
                    {
                        let r = items[0].get("$ref").and_then(reference).unwrap_or_default();
                        out.push(("$ref".into(), Value::String(r)));
                    }
                    _ => out.push((key.clone(), facts(v))),
                }
            }
            out.sort_by(|a, b| a.0.cmp(&b.0));
            Value::Object(out)
        }
        v => v.clone(),
    }
}

fn text(v: &Value) -> String {
    String::from_utf8_lossy(&v.to_compact_vec()).into_owned()
}

/// Where two fact trees differ, one line per differing property or key.
fn differences(name: &str, want: &Value, got: &Value) -> Vec<String> {
    let (Value::Object(w), Value::Object(g)) = (want, got) else {
        return vec![format!("{name}: upstream {} ours {}", text(want), text(got))];
    };
    let mut keys: Vec<&String> = w.iter().chain(g.iter()).map(|(k, _)| k).collect();
    keys.sort();
    keys.dedup();
    let mut out = Vec::new();
    for k in keys {
        let (a, b) = (want.get(k), got.get(k));
        if a == b {
            continue;
        }
        match (k.as_str(), a, b) {
            ("properties", Some(a), Some(b)) => out.extend(differences(&format!("{name}.properties"), a, b)),
            _ => out.push(format!(
                "{name}.{k}: upstream {} ours {}",
                a.map(text).unwrap_or_else(|| "(none)".into()),
                b.map(text).unwrap_or_else(|| "(none)".into())
            )),
        }
    }
    out
}

/// The JSON of a generated document (after its header line).
fn json_of(text: &str) -> Value {
    let json = text.split_once('\n').map_or(text, |(_, rest)| rest);
    value::parse(json.as_bytes()).expect("a generated document is JSON")
}

#[test]
fn every_group_version_matches_upstreams_structure() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    let outputs =
        kapi_codegen::generate_tree(&root.join("api"), &["openapi".to_owned()]).expect("the API tree generates");
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/openapi/upstream");
    let read = |name: &str| {
        let text = std::fs::read(dir.join(name)).unwrap_or_else(|e| panic!("{name}: {e}"));
        value::parse(&text).unwrap_or_else(|e| panic!("{name}: {e}"))
    };
    let index = read("documents.json");
    let Some(Value::Object(documents)) = index.get("documents") else { panic!("no documents") };
    // The facts of each schema, from the file of its package, read once.
    let mut packages: std::collections::BTreeMap<String, Value> = std::collections::BTreeMap::new();
    let mut problems = Vec::new();
    let mut compared = 0;
    for (doc, names) in documents {
        let file = Path::new(kapi_codegen::emit::openapi::DIR).join(format!("v3/{doc}.json"));
        let Some(ours) = outputs.get(&file) else {
            problems.push(format!("{doc}: we generate no {}", file.display()));
            continue;
        };
        let ours = json_of(ours);
        let ours = ours.get("components").and_then(|c| c.get("schemas")).expect("components.schemas");
        let Value::Array(names) = names else { panic!("{doc}: the schema names are a list") };
        for name in names.iter().filter_map(Value::as_str) {
            let package = name.rsplit_once('.').map_or(name, |(p, _)| p);
            let schemas = packages.entry(package.to_owned()).or_insert_with(|| read(&format!("{package}.json")));
            let want = schemas.get(name).unwrap_or_else(|| panic!("{name} has no facts"));
            match ours.get(name) {
                None => problems.push(format!("{doc}: {name} is missing")),
                Some(got) => problems.extend(differences(&format!("{doc}: {name}"), want, &facts(got))),
            }
            compared += 1;
        }
    }
    // 1760 schemas in 48 documents at the time of writing; far fewer means the facts went missing.
    assert!(compared > 1700, "only {compared} schemas compared");
    for known in KNOWN_DIVERGENCES {
        let before = problems.len();
        problems.retain(|p| {
            let without_document = p.split_once(": ").map_or(p.as_str(), |(_, rest)| rest);
            let matches = |s: &str| s.starts_with(&format!("{known}:")) || s == *known;
            !matches(p) && !matches(without_document)
        });
        if problems.len() == before {
            problems.push(format!("`{known}` no longer differs: remove it from KNOWN_DIVERGENCES"));
        }
    }
    assert!(
        problems.is_empty(),
        "{} difference(s) from upstream in {compared} schemas:\n{}",
        problems.len(),
        problems.join("\n")
    );
}

#[test]
fn references_resolve_within_each_document() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    let outputs =
        kapi_codegen::generate_tree(&root.join("api"), &["openapi".to_owned()]).expect("the API tree generates");
    let mut checked = 0;
    for (path, content) in &outputs {
        if path.extension().is_none_or(|e| e != "json") {
            continue;
        }
        let doc = json_of(content);
        let (schemas, prefix) = match doc.get("components") {
            Some(c) => (c.get("schemas").expect("schemas"), "#/components/schemas/"),
            None => (doc.get("definitions").expect("definitions"), "#/definitions/"),
        };
        let Value::Object(all) = schemas else { panic!("schemas are an object") };
        // Walk schema nodes only: a property may be named `$ref` (JSONSchemaProps has one).
        let mut stack: Vec<&Value> = all.iter().map(|(_, v)| v).collect();
        while let Some(node) = stack.pop() {
            if let Some(r) = node.get("$ref") {
                let target = r.as_str().and_then(|r| r.strip_prefix(prefix));
                let target = target.unwrap_or_else(|| panic!("{}: bad reference {}", path.display(), text(r)));
                assert!(schemas.get(target).is_some(), "{}: {target} is referenced but not defined", path.display());
                checked += 1;
            }
            if let Some(Value::Object(props)) = node.get("properties") {
                stack.extend(props.iter().map(|(_, v)| v));
            }
            for key in ["items", "additionalProperties"] {
                stack.extend(node.get(key));
            }
            for key in ["allOf", "oneOf"] {
                if let Some(Value::Array(items)) = node.get(key) {
                    stack.extend(items);
                }
            }
        }
    }
    assert!(checked > 1000, "only {checked} references");
}

/// A one-package tree `modes/v1` with an `+enum` type used directly, behind `Option`, in a list
/// and as map values.
fn enum_tree(name: &str, enum_impl: &str) -> std::path::PathBuf {
    let root = std::env::temp_dir().join(format!("kapi-openapi-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&root);
    let dir = root.join("modes/v1");
    std::fs::create_dir_all(&dir).expect("temp dir");
    std::fs::write(
        dir.join("mod.rs"),
        "//! Modes.\n//!\n//! +groupName=modes.example.com\n\nmod types;\npub use types::*;\n",
    )
    .expect("mod.rs");
    let types = r#"
use std::collections::BTreeMap;
use kapi_api::meta::v1::ObjectMeta;
use kapi_machinery::TypeMeta;
use kapi_macros::Kapi;

/// How a thing runs.
/// +enum
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct Mode(pub String);

IMPL

/// A thing.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(kind, group = "modes.example.com", version = "v1", json_only)]
pub struct Thing {
    #[kapi(inline)]
    pub type_meta: TypeMeta,
    #[kapi(omitempty)]
    pub metadata: ObjectMeta,
    pub mode: Mode,
    #[kapi(omitempty)]
    pub maybe: Option<Mode>,
    #[kapi(omitempty)]
    pub modes: Vec<Mode>,
    #[kapi(omitempty)]
    pub by_name: BTreeMap<String, Mode>,
}
"#;
    std::fs::write(dir.join("types.rs"), types.replace("IMPL", enum_impl)).expect("types.rs");
    root
}

#[test]
fn enum_values_go_on_fields_of_the_type_not_on_list_items_or_map_values() {
    let root = enum_tree(
        "placement",
        "impl Mode {\n    pub const SLOW: &'static str = \"Slow\";\n    pub const FAST: &'static str = \"Fast\";\n}",
    );
    let outputs = kapi_codegen::generate_tree(&root, &["openapi".to_owned()]).expect("the tree generates");
    let v3 = outputs.get(&Path::new(kapi_codegen::emit::openapi::DIR).join("v3/apis__modes.example.com__v1.json"));
    let v2 = outputs.get(&Path::new(kapi_codegen::emit::openapi::DIR).join(kapi_codegen::emit::openapi::V2_FILE));
    for doc in [v3, v2] {
        let doc = json_of(doc.expect("the document is generated"));
        let schemas = match doc.get("components") {
            Some(c) => c.get("schemas").expect("v3 schemas"),
            None => doc.get("definitions").expect("v2 definitions"),
        };
        let props = schemas.get("io.k8s.api.modes.v1.Thing").and_then(|t| t.get("properties")).expect("Thing");
        let sorted = Value::Array(vec![Value::String("Fast".into()), Value::String("Slow".into())]);
        assert_eq!(props.get("mode").and_then(|m| m.get("enum")), Some(&sorted), "{}", text(props));
        assert_eq!(props.get("maybe").and_then(|m| m.get("enum")), Some(&sorted), "{}", text(props));
        let items = props.get("modes").and_then(|m| m.get("items")).expect("items");
        assert_eq!(items.get("type").and_then(Value::as_str), Some("string"));
        assert!(items.get("enum").is_none(), "{}", text(items));
        let values = props.get("byName").and_then(|m| m.get("additionalProperties")).expect("map values");
        assert!(values.get("enum").is_none(), "{}", text(values));
    }
    std::fs::remove_dir_all(&root).ok();
}

#[test]
fn an_enum_without_string_constants_fails_the_tree_at_its_line() {
    let root = enum_tree("bad", "impl Mode {\n    pub const LIMIT: u32 = 3;\n}");
    let err = kapi_codegen::generate_tree(&root, &["openapi".to_owned()]).expect_err("the tree must not generate");
    assert!(err.contains("constant `LIMIT` of the `+enum` type `Mode` is not a string literal"), "{err}");
    assert!(err.contains("`+enum` type `Mode` has no values"), "{err}");
    assert!(err.contains("types.rs:"), "{err}");
    std::fs::remove_dir_all(&root).ok();
}
