#!/usr/bin/env bash
# For CI: fails when generated/ is not what `hack/update-codegen.sh` would write, or when the
# types changed incompatibly since the branch left main.
set -euo pipefail
cd "$(dirname "$0")/.."
kapi-codegen generate --root src --out generated --verify-only
if base=$(git merge-base HEAD origin/main 2>/dev/null); then
  kapi-codegen compat --root src --against "$base"
fi
