#!/usr/bin/env bash
# Regenerates the generated/ folders from the API tree in api/ (each API crate has its own; the
# clientset and the OpenAPI documents go to the crates that compile them), the kitchen sink, the
# starter and the sample. Run it after editing types; running it twice changes nothing.
set -euo pipefail
cd "$(dirname "$0")/.."
cargo build --quiet -p kapi-codegen
bin=${CARGO_TARGET_DIR:-target}/debug/kapi-codegen
"$bin" generate --root api --out api/generated --place clientset.rs=client/generated --place openapi=testing/generated "$@"
# The kitchen sink proves that generated code for every feature builds and passes clippy.
"$bin" generate --root kitchen-sink/src --out kitchen-sink/generated "$@"
# The crate `kapi-codegen init` writes (a codegen test checks that `init` still writes it).
"$bin" generate --root starter/src --out starter/generated "$@"
# A custom resource with two versions, a hub and a conversion webhook.
"$bin" generate --root sample/src --out sample/generated "$@"
