#!/usr/bin/env bash
# Runs every cargo-fuzz target for a while, seeded, and says which crashed.
# Usage: hack/fuzz.sh [-j JOBS] [SECONDS] [TARGET...]
#   (default: 60 seconds each, every target, one at a time; -j 2 runs two targets at once, each on
#   its own core, so `hack/fuzz.sh -j 2 600` gives every target ten minutes in half the time)
#
# Seeds: the decoders and the differential target start from upstream's fixtures
# ($KAPI_TESTDATA/HEAD, default ../shared/k8s-testdata/HEAD beside the repository; without them,
# from nothing, after a line saying hack/fetch-testdata.sh fetches them), the definitions
# target from this repository's definition files, copied at run time into fuzz/corpus/seeds/ (git-ignored, like fuzz/corpus/<target>/ where new inputs go and
# fuzz/artifacts/<target>/ where crashes go); the others start from fuzz/seeds/<target>/.
# Exits non-zero if any target crashed, panicked, leaked or timed out.
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
jobs=1
if [ "${1:-}" = -j ]; then
    jobs=${2:?"-j needs a number of jobs"}
    shift 2
fi
case $jobs in '' | *[!0-9]* | 0) echo "hack/fuzz.sh: -j takes a positive number, not '$jobs'" >&2; exit 2 ;; esac
seconds=${1:-60}
shift || true
# The same root as the tests' (a directory with HEAD in it).
testdata=${KAPI_TESTDATA:-$here/../shared/k8s-testdata}/HEAD
if [ -d "$testdata" ]; then
    testdata=$(cd "$testdata" && pwd)
else
    echo "hack/fuzz.sh: no fixtures at $testdata; the decoder targets start without seeds (hack/fetch-testdata.sh fetches them)" >&2
    testdata=
fi
cd "$here/fuzz"

# The stable toolchain accepts the sanitizer flags cargo-fuzz passes with RUSTC_BOOTSTRAP.
export RUSTC_BOOTSTRAP=1
command -v cargo-fuzz >/dev/null || cargo install cargo-fuzz --locked

if [ $# -gt 0 ]; then
    targets=("$@")
else
    mapfile -t targets < <(cargo fuzz list)
fi

# Fixture seeds per target. The differential target's inputs start with a format byte (0 JSON,
# 1 YAML, 2 protobuf) and a default-kind byte (0: the kind the data names).
seeds=corpus/seeds
rm -rf "$seeds"
mkdir -p "$seeds"/{json_decode,yaml_decode,protobuf_decode,differential}
if [ -n "$testdata" ]; then
    cp "$testdata"/*.json "$seeds/json_decode/"
    cp "$testdata"/*.yaml "$seeds/yaml_decode/"
    cp "$testdata"/*.pb "$seeds/protobuf_decode/"
    for f in "$testdata"/*.json "$testdata"/*.yaml "$testdata"/*.pb; do
        case $f in *.json) fmt='\000' ;; *.yaml) fmt='\001' ;; *) fmt='\002' ;; esac
        { printf "$fmt\\000"; cat "$f"; } >"$seeds/differential/$(basename "$f")"
    done
fi
# The definitions target starts from the kitchen sink's definitions (every feature of the type
# language, in small files) and the API's package files (markers), flattened into one directory.
mkdir -p "$seeds/definitions"
for f in "$here"/kitchen-sink/src/*/*/*.rs "$here"/api/*/src/*/*/mod.rs; do
    rel=${f#"$here"/}
    cp "$f" "$seeds/definitions/${rel//\//_}"
done

# Each target is its own program and compiles every kind's codecs (they are generic and inlined):
# about ten minutes of one core per target here. Named targets build only themselves.
if [ $# -gt 0 ]; then
    for t in "${targets[@]}"; do cargo fuzz build -O "$t"; done
else
    cargo fuzz build -O
fi

# One target: runs it, and writes its summary line to $results/<target>.line (and its log beside
# the crash, if any, to artifacts/<target>/last-run.log).
run_target() {
    local t=$1 extra=() seed_dirs log rc=0 execs rate result artifact
    case $t in
        json_decode | yaml_decode | protobuf_decode | differential | definitions) seed_dirs=("$seeds/$t") ;;
        *) seed_dirs=("seeds/$t") ;;
    esac
    # The YAML decoder tries every kind; inputs of the fixtures' size (up to 46 KB) run at a few
    # execs per second, so keep them small.
    [ "$t" = yaml_decode ] && extra+=(-max_len=4096)
    mkdir -p "corpus/$t" "artifacts/$t"
    log=$(mktemp)
    echo "== $t (${seconds}s) started $(date -u +%H:%M:%S)"
    cargo fuzz run -O "$t" "corpus/$t" "${seed_dirs[@]}" -- \
        -max_total_time="$seconds" -timeout=30 -rss_limit_mb=4096 -print_final_stats=1 "${extra[@]}" \
        >"$log" 2>&1 || rc=$?
    execs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -n1)
    rate=$(sed -n 's/^stat::average_exec_per_sec: *//p' "$log" | tail -n1)
    if [ "$rc" -eq 0 ]; then
        result=ok
    else
        artifact=$(sed -n 's/.*Test unit written to \(.*\)/\1/p' "$log" | tail -n1)
        result="CRASH ${artifact:-(no artifact, exit $rc)}"
        grep -m1 -E "panicked at|ERROR: libFuzzer|ERROR: AddressSanitizer|==ERROR" -A3 "$log" | sed "s/^/    $t: /" || true
        cp "$log" "artifacts/$t/last-run.log"
    fi
    rm -f "$log"
    printf '%-16s %12s execs %8s/s  %s\n' "$t" "${execs:-?}" "${rate:-?}" "$result" >"$results/$t.line"
}

results=$(mktemp -d)
trap 'rm -rf "$results"' EXIT
running=0
for t in "${targets[@]}"; do
    if [ "$running" -ge "$jobs" ]; then
        wait -n || true
        running=$((running - 1))
    fi
    run_target "$t" &
    running=$((running + 1))
done
wait

# The summary in target order; a target without a line did not finish (counted as a crash).
echo
status=0
for t in "${targets[@]}"; do
    if [ -f "$results/$t.line" ]; then
        cat "$results/$t.line"
        grep -q '  ok$' "$results/$t.line" || status=1
    else
        printf '%-16s did not finish\n' "$t"
        status=1
    fi
done
exit "$status"
