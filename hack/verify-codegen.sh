#!/usr/bin/env bash
# Fails (exit 1) with a unified diff when generated/ is not what hack/update-codegen.sh would write.
set -euo pipefail
cd "$(dirname "$0")/.."
exec cargo run --quiet -p kapi-codegen -- generate --root api --out generated --verify-only "$@"
