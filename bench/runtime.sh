#!/usr/bin/env bash
# kapi-runtime against kube-runtime 5.0, side by side against one kapi-test-server (release, HTTPS
# with a throwaway certificate, as a real cluster is reached): seeds PODS pods, then runs each
# side ROUNDS times, interleaved, in each mode: `full` (whole pods, managedFields kept), `strip`
# (whole pods, managedFields dropped before caching: kapi-runtime's default transform, a `modify`
# of the watch stream in kube-runtime) and `meta` (metadata only). Each run is its own process: a
# Controller over every Pod that lists, watches and caches them and reconciles each; once all have
# been (`synced`), an updater process patches every pod's revision annotation, and the run ends
# when each pod has been reconciled again at the new revision. Prints time to sync, the lag from
# the updater's last answer until the side had reconciled every pod at the new revision, CPU time,
# peak RSS, peak heap and the heap live at the sync per cached pod (both sides count their
# allocations in-process: bench/runtime/src/lib.rs), min/median/max, and kube ÷ kapi.
# Environment: PODS (10000), ROUNDS (5), CONCURRENCY (16), MODES ("full strip meta"), UPDATES=0
# to end at the sync, NO_BUILD=1 to run what is already built.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD
pods=${PODS:-10000} rounds=${ROUNDS:-5} concurrency=${CONCURRENCY:-16} modes=${MODES:-full strip meta}
updates=${UPDATES:-1}

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

# One line per run: mode side wall user sys max-rss-KB sync-s lag-s heap-at-sync peak-heap.
results=$work/results
for round in $(seq "$rounds"); do
  for mode in $modes; do
    # Alternate which side goes first, so neither always runs on a warmer (or busier) machine.
    if ((round % 2)); then sides="kapi kube"; else sides="kube kapi"; fi
    for side in $sides; do
      revision=
      ((updates)) && revision="r$round-$mode-$side"
      BENCH_REVISION=$revision /usr/bin/time -f '%e %U %S %M' -o "$work/time" \
        "$bench_bins/${side}_side" "$mode" "$pods" "$concurrency" 2>"$work/run.log" &
      run_pid=$!
      if ((updates)); then
        # The updater starts once the side has reconciled every pod; it is a process of its own,
        # so its CPU and memory are not the side's.
        until grep -q '^synced' "$work/run.log"; do
          kill -0 "$run_pid" 2>/dev/null || { cat "$work/run.log" >&2; exit 1; }
          sleep 0.02
        done
        "$bench_bins/kapi_side" update "$pods" "$revision" 2>"$work/update.log" || { cat "$work/update.log" >&2; exit 1; }
      fi
      wait "$run_pid" || { cat "$work/run.log" >&2; exit 1; }
      grep -q "reconciled $pods pods" "$work/run.log" || { cat "$work/run.log" >&2; exit 1; }
      sync_s=$(sed -n 's/^synced [0-9]* pods in \([0-9.]*\) s heap [0-9]*$/\1/p' "$work/run.log")
      sync_heap=$(sed -n 's/^synced [0-9]* pods in [0-9.]* s heap \([0-9]*\)$/\1/p' "$work/run.log")
      peak_heap=$(sed -n 's/^.*: reconciled [0-9]* pods in [0-9.]* s peak heap \([0-9]*\)$/\1/p' "$work/run.log")
      lag=0
      if ((updates)); then
        seen_at=$(sed -n 's/^updated [0-9]* pods in [0-9.]* s at \([0-9.]*\) heap [0-9]*$/\1/p' "$work/run.log")
        patched_at=$(sed -n 's/^patched .* the last at \([0-9.]*\)$/\1/p' "$work/update.log")
        lag=$(python3 -c "print(max(0.0, $seen_at - $patched_at))")
      fi
      echo "$mode $side $(tail -1 "$work/time") $sync_s $lag $sync_heap $peak_heap" | tee -a "$results"
    done
  done
done
echo "server RSS at the end: $(ps -o rss= -p "$server_pid") KB"

python3 - "$results" "$pods" "$rounds" "$concurrency" "$updates" <<'PY'
import statistics, sys
path, pods, rounds, conc, updates = sys.argv[1:]
pods = int(pods)
runs = {}
for line in open(path):
    mode, side, wall, user, sys_, rss, sync, lag, sync_heap, peak_heap = line.split()
    runs.setdefault((mode, side), []).append(
        (float(sync), float(lag) * 1000, float(user) + float(sys_), int(rss) / 1024, int(peak_heap) / 2**20,
         int(sync_heap) / 1024 / pods))
names = ["sync s", "lag after the last update ms", "CPU s (user+sys)", "peak RSS MB", "peak heap MB",
         "heap per cached pod KB"]
print(f"\n{pods} pods, {rounds} rounds, concurrency {conc}, {'an update of every pod after the sync' if int(updates) else 'no updates'}: min / median / max")
print("| mode | side | " + " | ".join(names) + " |")
print("| --- | --- | " + " | ".join("---" for _ in names) + " |")
med = {}
for mode in ["full", "strip", "meta"]:
    for side in ["kapi", "kube"]:
        rs = runs.get((mode, side))
        if not rs:
            continue
        cols = []
        for i in range(len(names)):
            xs = [r[i] for r in rs]
            med[(mode, side, i)] = statistics.median(xs)
            fmt = "{:.0f}" if i in (1, 3, 4) else "{:.1f}" if i == 5 else "{:.2f}"
            cols.append(" / ".join(fmt.format(x) for x in (min(xs), statistics.median(xs), max(xs))))
        print(f"| {mode} | {side} | " + " | ".join(cols) + " |")
print("\nkube ÷ kapi, medians (above 1: kapi faster or smaller):")
for mode in ["full", "strip", "meta"]:
    if (mode, "kapi", 0) not in med or (mode, "kube", 0) not in med:
        continue
    r = [med[(mode, "kube", i)] / max(med[(mode, "kapi", i)], 1e-9) for i in range(len(names))]
    print(f"{mode}: sync {r[0]:.2f}x, lag {r[1]:.2f}x, CPU {r[2]:.2f}x, peak RSS {r[3]:.2f}x, "
          f"peak heap {r[4]:.2f}x, heap per cached pod {r[5]:.2f}x")
PY
