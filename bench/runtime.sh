#!/usr/bin/env bash
# kapi-runtime against kube-runtime 5.0, side by side against one kapi-test-server (release, HTTPS
# with a throwaway certificate, as a real cluster is reached): seeds PODS pods, then runs each
# side ROUNDS times, interleaved, in full and metadata-only mode. Each run is its own process: a
# Controller over every Pod that lists, watches and caches them and exits once each has been
# reconciled once. Prints wall time, CPU time and peak RSS (min/median/max) and kube ÷ kapi.
# Environment: PODS (10000), ROUNDS (5), CONCURRENCY (16), MODES ("full meta"), NO_BUILD=1 to run
# what is already built.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD
pods=${PODS:-10000} rounds=${ROUNDS:-5} concurrency=${CONCURRENCY:-16} modes=${MODES:-full meta}

if [[ -z ${NO_BUILD:-} ]]; then
  cargo build --quiet --release -p kapi-testing --features all-groups --bin kapi-test-server
  (cd bench/runtime && cargo build --quiet --release --bins)
fi
server_bin=${CARGO_TARGET_DIR:-$root/target}/release/kapi-test-server
bench_bins=${CARGO_TARGET_DIR:-$root/bench/runtime/target}/release

work=$(mktemp -d)
server_pid=
cleanup() {
  [[ -n $server_pid ]] && kill "$server_pid" 2>/dev/null && wait "$server_pid" 2>/dev/null
  rm -rf "$work"
}
trap cleanup EXIT

# A CA and a serving certificate it signs (webpki refuses a CA certificate as the server's own);
# the certificate file is the chain, which the kubeconfig then trusts.
openssl req -x509 -newkey ec -pkeyopt ec_paramgen_curve:P-256 -nodes -days 1 -subj /CN=bench-ca \
  -keyout "$work/ca-key.pem" -out "$work/ca.pem" 2>/dev/null
openssl req -newkey ec -pkeyopt ec_paramgen_curve:P-256 -nodes -subj /CN=localhost \
  -keyout "$work/key.pem" -out "$work/server.csr" 2>/dev/null
printf 'subjectAltName=IP:127.0.0.1,DNS:localhost\nbasicConstraints=CA:FALSE\n' >"$work/ext"
openssl x509 -req -in "$work/server.csr" -CA "$work/ca.pem" -CAkey "$work/ca-key.pem" -CAcreateserial -days 1 \
  -extfile "$work/ext" -out "$work/leaf.pem" 2>/dev/null
cat "$work/leaf.pem" "$work/ca.pem" >"$work/cert.pem"
# The garbage collector would delete the pods: their owner (a ReplicaSet) does not exist.
"$server_bin" --write-kubeconfig "$work/kubeconfig" --tls-cert-file "$work/cert.pem" \
  --tls-private-key-file "$work/key.pem" --controllers '*,-garbagecollector' >"$work/server.log" 2>&1 &
server_pid=$!
for _ in $(seq 100); do [[ -f $work/kubeconfig ]] && break; sleep 0.1; done
export KUBECONFIG=$work/kubeconfig
"$bench_bins/kapi_side" seed "$pods"

# One line per run: mode side wall user sys max-rss-KB.
results=$work/results
for round in $(seq "$rounds"); do
  for mode in $modes; do
    # Alternate which side goes first, so neither always runs on a warmer (or busier) machine.
    if ((round % 2)); then sides="kapi kube"; else sides="kube kapi"; fi
    for side in $sides; do
      /usr/bin/time -f '%e %U %S %M' -o "$work/time" "$bench_bins/${side}_side" "$mode" "$pods" "$concurrency" 2>"$work/run.log" \
        || { cat "$work/run.log" >&2; exit 1; }
      grep -q "reconciled $pods pods" "$work/run.log" || { cat "$work/run.log" >&2; exit 1; }
      echo "$mode $side $(tail -1 "$work/time")" | tee -a "$results"
    done
  done
done
echo "server RSS at the end: $(ps -o rss= -p "$server_pid") KB"

python3 - "$results" "$pods" "$rounds" "$concurrency" <<'PY'
import statistics, sys
path, pods, rounds, conc = sys.argv[1:]
runs = {}
for line in open(path):
    mode, side, wall, user, sys_, rss = line.split()
    runs.setdefault((mode, side), []).append((float(wall), float(user) + float(sys_), int(rss) / 1024))
print(f"\n{pods} pods, {rounds} rounds, concurrency {conc}: min / median / max")
print(f"| mode | side | wall s | CPU s (user+sys) | peak RSS MB |")
print(f"| --- | --- | --- | --- | --- |")
med = {}
for (mode, side), rs in sorted(runs.items()):
    cols = []
    for i in range(3):
        xs = [r[i] for r in rs]
        med[(mode, side, i)] = statistics.median(xs)
        cols.append(f"{min(xs):.2f} / {statistics.median(xs):.2f} / {max(xs):.2f}" if i < 2 else f"{min(xs):.0f} / {statistics.median(xs):.0f} / {max(xs):.0f}")
    print(f"| {mode} | {side} | " + " | ".join(cols) + " |")
print("\nkube ÷ kapi, medians (above 1: kapi faster or smaller):")
for mode in sorted({m for m, _ in runs}):
    r = [med[(mode, "kube", i)] / max(med[(mode, "kapi", i)], 1e-9) for i in range(3)]
    print(f"{mode}: wall {r[0]:.2f}x, CPU {r[1]:.2f}x, peak RSS {r[2]:.2f}x")
PY
