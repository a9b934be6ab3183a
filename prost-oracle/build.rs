//! Compiles the emitted IDL with protox (pure Rust, no protoc) and generates prost types for it,
//! plus a dispatch function from (protobuf package, message name) to a prost round trip.
//!
//! The generated files live at `api/<part>/generated/<pkg>/generated.proto` but import each other by Go import
//! path (`k8s.io/api/admission/v1/generated.proto`), so they are first staged in `OUT_DIR` under
//! the path their `option go_package` names; the hand-written files in `codegen/proto/` are already
//! laid out that way.

use std::fmt::Write as _;
use std::path::{Path, PathBuf};

fn main() {
    let manifest = PathBuf::from(std::env::var_os("CARGO_MANIFEST_DIR").expect("cargo sets CARGO_MANIFEST_DIR"));
    let out = PathBuf::from(std::env::var_os("OUT_DIR").expect("cargo sets OUT_DIR"));
    // Each part crate of kapi-api holds its groups' generated code.
    let generated: Vec<PathBuf> = ["base", "workloads", "platform"]
        .iter()
        .map(|part| manifest.join("../api").join(part).join("generated"))
        .collect();
    let hand_written = manifest.join("../codegen/proto");
    for dir in &generated {
        println!("cargo:rerun-if-changed={}", dir.display());
    }
    println!("cargo:rerun-if-changed={}", hand_written.display());

    let staging = out.join("proto");
    if staging.exists() {
        std::fs::remove_dir_all(&staging).expect("remove the old staging directory");
    }
    // Roots: every generated package and every hand-written file.
    let mut files = Vec::new();
    for path in generated.iter().flat_map(|dir| proto_files(dir)) {
        let text = std::fs::read_to_string(&path).expect("read a generated .proto");
        let go_package = text
            .lines()
            .find_map(|l| l.strip_prefix("option go_package = \"")?.strip_suffix("\";"))
            .unwrap_or_else(|| panic!("{} has no `option go_package`", path.display()));
        files.push(stage(&staging, &format!("{go_package}/generated.proto"), &text));
    }
    for path in proto_files(&hand_written) {
        let rel = path.strip_prefix(&hand_written).expect("walked under the root");
        let text = std::fs::read_to_string(&path).expect("read a hand-written .proto");
        files.push(stage(&staging, &rel.to_string_lossy(), &text));
    }
    files.sort();

    let fds = protox::compile(&files, [&staging]).unwrap_or_else(|e| panic!("the emitted IDL does not compile: {e}"));
    let mut dispatch = String::from(
        "/// Decodes `bytes` as message `message` of protobuf package `package` with the prost type\n\
         /// generated for it, and encodes that value again. `None` when the IDL has no such message.\n\
         pub fn prost_round_trip(package: &str, message: &str, bytes: &[u8]) -> Option<Result<Vec<u8>, ::prost::DecodeError>> {\n\
         \x20   fn round_trip<M: ::prost::Message + Default>(bytes: &[u8]) -> Result<Vec<u8>, ::prost::DecodeError> {\n\
         \x20       Ok(M::decode(bytes)?.encode_to_vec())\n\
         \x20   }\n\
         \x20   match (package, message) {\n",
    );
    let mut names: Vec<(String, String)> = Vec::new();
    for file in &fds.file {
        let package = file.package();
        let module: Vec<String> =
            prost_build::Module::from_protobuf_package_name(package).parts().map(str::to_owned).collect();
        for message in &file.message_type {
            let rust = heck::ToUpperCamelCase::to_upper_camel_case(message.name());
            names.push((package.to_owned(), message.name().to_owned()));
            let _ = writeln!(
                dispatch,
                "        ({package:?}, {:?}) => Some(round_trip::<{}::{rust}>(bytes)),",
                message.name(),
                module.join("::")
            );
        }
    }
    dispatch.push_str("        _ => None,\n    }\n}\n\n/// Every (package, message) of the compiled IDL.\npub const MESSAGES: &[(&str, &str)] = &[\n");
    for (package, message) in &names {
        let _ = writeln!(dispatch, "    ({package:?}, {message:?}),");
    }
    dispatch.push_str("];\n");
    std::fs::write(out.join("dispatch.rs"), dispatch).expect("write dispatch.rs");

    prost_build::Config::new()
        .btree_map(["."])
        .include_file("protos.rs")
        .compile_fds(fds)
        .unwrap_or_else(|e| panic!("prost-build failed: {e}"));
}

/// Every `.proto` file under `root`, sorted.
fn proto_files(root: &Path) -> Vec<PathBuf> {
    let mut out = Vec::new();
    let mut dirs = vec![root.to_path_buf()];
    while let Some(dir) = dirs.pop() {
        let entries = std::fs::read_dir(&dir).unwrap_or_else(|e| panic!("read {}: {e}", dir.display()));
        for entry in entries {
            let path = entry.expect("read a directory entry").path();
            if path.is_dir() {
                dirs.push(path);
            } else if path.extension().is_some_and(|x| x == "proto") {
                out.push(path);
            }
        }
    }
    out.sort();
    out
}

/// Writes `text` to `staging/rel` and returns that path.
fn stage(staging: &Path, rel: &str, text: &str) -> PathBuf {
    let path = staging.join(rel);
    std::fs::create_dir_all(path.parent().expect("a file path has a parent")).expect("create a staging directory");
    std::fs::write(&path, text).expect("stage a .proto file");
    path
}
