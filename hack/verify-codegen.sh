#!/usr/bin/env bash
# Fails (exit 1) with a unified diff when generated/ is not what hack/update-codegen.sh would write,
# and when an API change breaks clients against the merge base with origin/main (when there is one).
set -euo pipefail
cd "$(dirname "$0")/.."
cargo build --quiet -p kapi-codegen
bin=${CARGO_TARGET_DIR:-target}/debug/kapi-codegen
status=0
"$bin" generate --root api --out api/generated --place clientset.rs=client/generated --place openapi=testing/generated --verify-only "$@" || status=1
"$bin" generate --root kitchen-sink/src --out kitchen-sink/generated --verify-only "$@" || status=1
"$bin" generate --root starter/src --out starter/generated --verify-only "$@" || status=1
"$bin" generate --root sample/src --out sample/generated --verify-only "$@" || status=1
# Compatibility against the commit this branch starts from (on main itself, the last commit: what
# is checked then is the working tree's uncommitted change). A fresh clone with no remote, or a
# branch with no common history, has nothing to compare with and skips this silently.
if base=$(git merge-base HEAD origin/main 2>/dev/null); then
    "$bin" compat --root api --against "$base" || status=1
    "$bin" compat --root kitchen-sink/src --against "$base" || status=1
    "$bin" compat --root starter/src --against "$base" || status=1
    "$bin" compat --root sample/src --against "$base" || status=1
fi
exit $status
