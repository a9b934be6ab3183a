#!/usr/bin/env bash
# Checks kapi's types and codecs against upstream's compatibility fixtures, byte for byte.
# Usage: hack/compat.sh [TESTDATA_ROOT]   (default: ../shared/k8s-testdata beside the repository)
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
root=${1:-$here/../shared/k8s-testdata}
root=$(cd "$root" && pwd)
cd "$here"
exec cargo run --quiet -p kapi-tests --bin compat -- "$root"
