#!/usr/bin/env bash
# Regenerates generated/ from the types under src/: run it after editing a type; running it
# twice changes nothing. Uses `kapi-codegen` from PATH, else builds the workspace's.
set -euo pipefail
cd "$(dirname "$0")/.."
if command -v kapi-codegen >/dev/null 2>&1; then
  bin=kapi-codegen
else
  cargo build --quiet -p kapi-codegen
  bin=${CARGO_TARGET_DIR:-../target}/debug/kapi-codegen
fi
"$bin" generate --root src --out generated "$@"
