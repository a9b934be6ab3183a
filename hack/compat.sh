#!/usr/bin/env bash
# Checks kapi's types and codecs against upstream's compatibility fixtures, byte for byte.
# Usage: hack/compat.sh [TESTDATA_ROOT]
#   (default: $KAPI_TESTDATA, else ../shared/k8s-testdata beside the repository; hack/fetch-testdata.sh
#   puts them there)
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
root=${1:-${KAPI_TESTDATA:-$here/../shared/k8s-testdata}}
if [ ! -d "$root/HEAD" ]; then
    echo "hack/compat.sh: $root has no HEAD directory of fixtures; run hack/fetch-testdata.sh" >&2
    exit 2
fi
root=$(cd "$root" && pwd)
cd "$here"
exec cargo run --quiet -p kapi-tests --bin compat -- "$root"
