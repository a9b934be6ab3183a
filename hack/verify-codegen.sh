#!/usr/bin/env bash
# Fails (exit 1) with a unified diff when generated/ is not what hack/update-codegen.sh would write.
set -euo pipefail
cd "$(dirname "$0")/.."
cargo build --quiet -p kapi-codegen
bin=${CARGO_TARGET_DIR:-target}/debug/kapi-codegen
status=0
"$bin" generate --root api --out generated --verify-only "$@" || status=1
"$bin" generate --root kitchen-sink/src --out kitchen-sink/generated --verify-only "$@" || status=1
exit $status
