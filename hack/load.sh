#!/usr/bin/env bash
# Runs the load generator (bench/src/load.rs) against kapi-test-server in its own process, on
# loopback, and prints its figures; the memory figures are the server's (its RSS). Fails if any
# invariant broke. Usage: hack/load.sh [short|long|soak[=SECONDS]] (default long; soak: 600 s of
# mixed traffic, its memory and latency sampled every 30 s).
set -euo pipefail
cd "$(dirname "$0")/.."
profile=${1:-long}
# 10,000 watchers are 10,000 sockets in each process: raise the soft file limit to the hard one.
ulimit -n "$(ulimit -Hn)" 2>/dev/null || true
cargo build --quiet --release -p kapi-testing --features bin,all-groups --bin kapi-test-server
cargo build --quiet --release -p kapi-bench --example load
target=${CARGO_TARGET_DIR:-target}/release
log=$(mktemp)
# A high in-flight limit: the load measures the server's speed, not its refusals.
"$target/kapi-test-server" --max-requests-inflight 0 --max-mutating-requests-inflight 0 >"$log" 2>&1 &
server=$!
trap 'kill "$server" 2>/dev/null || true; rm -f "$log"' EXIT
url=
for _ in $(seq 100); do
    url=$(sed -n 's/^kapi-test-server: serving .* at \(http[^ ]*\)$/\1/p' "$log")
    [[ -n $url ]] && break
    sleep 0.2
done
[[ -n $url ]] || { cat "$log" >&2; echo "hack/load.sh: kapi-test-server did not start" >&2; exit 1; }
echo "# $(date -u +%FT%TZ) profile $profile, server $url (pid $server), $(nproc) cores"
"$target/examples/load" "$profile" "$url" "$server"
