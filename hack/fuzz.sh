#!/usr/bin/env bash
# Runs every cargo-fuzz target for a while, seeded, and says which crashed.
# Usage: hack/fuzz.sh [SECONDS] [TARGET...]   (default: 60 seconds each, every target)
#
# Seeds: the decoders and the differential target start from upstream's fixtures
# ($KAPI_TESTDATA, default ../shared/k8s-testdata/HEAD beside the repository), copied at run
# time into fuzz/corpus/seeds/ (git-ignored, like fuzz/corpus/<target>/ where new inputs go and
# fuzz/artifacts/<target>/ where crashes go); the others start from fuzz/seeds/<target>/.
# Exits non-zero if any target crashed, panicked, leaked or timed out.
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
seconds=${1:-60}
shift || true
testdata=${KAPI_TESTDATA:-$here/../shared/k8s-testdata/HEAD}
testdata=$(cd "$testdata" && pwd)
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
cp "$testdata"/*.json "$seeds/json_decode/"
cp "$testdata"/*.yaml "$seeds/yaml_decode/"
cp "$testdata"/*.pb "$seeds/protobuf_decode/"
for f in "$testdata"/*.json "$testdata"/*.yaml "$testdata"/*.pb; do
    case $f in *.json) fmt='\000' ;; *.yaml) fmt='\001' ;; *) fmt='\002' ;; esac
    { printf "$fmt\\000"; cat "$f"; } >"$seeds/differential/$(basename "$f")"
done

cargo fuzz build -O

status=0
summary=()
for t in "${targets[@]}"; do
    extra=()
    case $t in
        json_decode | yaml_decode | protobuf_decode | differential) seed_dirs=("$seeds/$t") ;;
        *) seed_dirs=("seeds/$t") ;;
    esac
    # The YAML decoder tries every kind; inputs of the fixtures' size (up to 46 KB) run at a few
    # execs per second, so keep them small.
    [ "$t" = yaml_decode ] && extra+=(-max_len=4096)
    mkdir -p "corpus/$t" "artifacts/$t"
    log=$(mktemp)
    echo "== $t (${seconds}s)"
    rc=0
    cargo fuzz run -O "$t" "corpus/$t" "${seed_dirs[@]}" -- \
        -max_total_time="$seconds" -timeout=30 -rss_limit_mb=4096 -print_final_stats=1 "${extra[@]}" \
        >"$log" 2>&1 || rc=$?
    execs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -n1)
    rate=$(sed -n 's/^stat::average_exec_per_sec: *//p' "$log" | tail -n1)
    if [ "$rc" -eq 0 ]; then
        result=ok
    else
        status=1
        artifact=$(sed -n 's/.*Test unit written to \(.*\)/\1/p' "$log" | tail -n1)
        result="CRASH ${artifact:-(no artifact, exit $rc)}"
        grep -m1 -E "panicked at|ERROR: libFuzzer|ERROR: AddressSanitizer|==ERROR" -A3 "$log" | sed 's/^/    /' || true
        cp "$log" "artifacts/$t/last-run.log"
    fi
    rm -f "$log"
    summary+=("$(printf '%-16s %12s execs %8s/s  %s' "$t" "${execs:-?}" "${rate:-?}" "$result")")
done

echo
printf '%s\n' "${summary[@]}"
exit "$status"
