#!/usr/bin/env bash
# Instructions per operation for kapi and its peer crates, counted by callgrind (repeatable on a
# busy machine, unlike wall time): each count is the difference between runs of N and 2N
# operations, so set-up work cancels out.
set -euo pipefail
cd "$(dirname "$0")/.."
cargo build --quiet --release -p kapi-bench --example icount
bin=${CARGO_TARGET_DIR:-target}/release/examples/icount
count() { # side op input n -> total instructions
  valgrind --tool=callgrind --callgrind-out-file=/dev/null "$bin" "$@" 2>&1 | sed -n 's/.*Collected : \([0-9]*\).*/\1/p'
}
per_op() { # side op input -> instructions per operation (difference of N and 2N runs)
  local n=$4 a b
  a=$(count "$1" "$2" "$3" "$n"); b=$(count "$1" "$2" "$3" $((2 * n)))
  echo $(((b - a) / n))
}
printf '%-12s %-7s %14s %14s %7s\n' operation input kapi peer ratio
for op in pb-decode pb-encode json-decode json-encode; do
  for input in vwc mwc review vwc64; do
    [[ $op == json-* && $input == review ]] && continue
    n=200; [[ $input == vwc64 ]] && n=10
    k=$(per_op kapi "$op" "$input" $n); p=$(per_op peer "$op" "$input" $n)
    printf '%-12s %-7s %14d %14d %6.2fx\n' "$op" "$input" "$k" "$p" "$(echo "scale=4; $p / $k" | bc)"
  done
done
