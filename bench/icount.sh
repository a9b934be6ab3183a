#!/usr/bin/env bash
# Instructions per operation for kapi and its peer crates, counted by callgrind (repeatable on a
# busy machine, unlike wall time): each count is the difference between runs of N and 2N
# operations, so set-up work cancels out. First checks that both sides read the same content.
# Arguments, if any, are the inputs to count (default: all; see `INPUTS` in bench/src/lib.rs).
set -euo pipefail
cd "$(dirname "$0")/.."
cargo build --quiet --release -p kapi-bench --features peers --example icount
bin=${CARGO_TARGET_DIR:-target}/release/examples/icount
"$bin" check
echo
inputs=("$@")
[[ ${#inputs[@]} -gt 0 ]] || inputs=(vwc mwc review vwc64 pod deployment pod-large)
count() { # side op input n -> total instructions
  valgrind --tool=callgrind --callgrind-out-file=/dev/null "$bin" "$@" 2>&1 | sed -n 's/.*Collected : \([0-9]*\).*/\1/p'
}
per_op() { # side op input n -> instructions per operation (difference of N and 2N runs)
  local n=$4 a b
  a=$(count "$1" "$2" "$3" "$n"); b=$(count "$1" "$2" "$3" $((2 * n)))
  echo $(((b - a) / n))
}
printf '%-12s %-10s %-11s %14s %14s %7s\n' operation input peer kapi peer ratio
for op in pb-decode pb-encode json-decode json-encode; do
  case $op in
    pb-*) peers=(peer) ;;
    json-decode) peers=(peer sonic simd) ;;
    json-encode) peers=(peer sonic) ;;
  esac
  for input in "${inputs[@]}"; do
    [[ $op == json-* && $input == review ]] && continue
    n=200; [[ $input == vwc64 || $input == pod-large ]] && n=10
    k=$(per_op kapi "$op" "$input" $n)
    for peer in "${peers[@]}"; do
      p=$(per_op "$peer" "$op" "$input" $n)
      case $op/$peer in pb-*/peer) name=prost ;; */peer) name=serde_json ;; */sonic) name=sonic-rs ;; */simd) name=simd-json ;; esac
      printf '%-12s %-10s %-11s %14d %14d %6.2fx\n' "$op" "$input" "$name" "$k" "$p" "$(echo "scale=4; $p / $k" | bc)"
    done
  done
done
