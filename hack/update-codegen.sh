#!/usr/bin/env bash
# Regenerates everything under generated/ from the API tree in api/. Run it after editing types;
# running it twice changes nothing.
set -euo pipefail
cd "$(dirname "$0")/.."
exec cargo run --quiet -p kapi-codegen -- generate --root api --out generated "$@"
