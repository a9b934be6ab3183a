#!/usr/bin/env bash
# Regenerates generated/ from the types under src/: run it after editing a type; running it
# twice changes nothing.
set -euo pipefail
cd "$(dirname "$0")/.."
kapi-codegen generate --root src --out generated "$@"
