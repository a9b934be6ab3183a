#!/usr/bin/env bash
# For CI: fails when generated/ is not what `hack/update-codegen.sh` would write, or when the
# types changed incompatibly since the branch left main.
set -euo pipefail
cd "$(dirname "$0")/.."
if command -v kapi-codegen >/dev/null 2>&1; then
  bin=kapi-codegen
else
  cargo build --quiet -p kapi-codegen
  bin=${CARGO_TARGET_DIR:-../target}/debug/kapi-codegen
fi
"$bin" generate --root src --out generated --verify-only
if base=$(git merge-base HEAD origin/main 2>/dev/null); then
  "$bin" compat --root src --against "$base"
fi
