#!/usr/bin/env bash
# The JavaScript-heavy sketch (bench/sketches/flow-1500.js: 1,500 particles,
# p5.Vector and noise, 200 frames, --dry-run) under two whalegen binaries,
# interleaved run by run, medians of CPU seconds (user + sys: steadier than
# the wall clock on a shared machine) and the ratio.
#
#   bench/js.sh BEFORE AFTER [REPS]     # e.g. a build of main~N and this tree's
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/.." && pwd)
BEFORE=$1
AFTER=$2
REPS=${3:-7}
SKETCH=$ROOT/bench/sketches/flow-1500.js
median() { sort -g | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }'; }
cpu() { /usr/bin/time -f '%U %S' "$@" 2>&1 >/dev/null | tail -1 | awk '{ print $1 + $2 }'; }
# --p5 1 where the binary knows the flag (those before it ran every sketch as 1).
args() { if "$1" render --help | grep -q -- '--p5'; then echo --p5 1; fi; }
a=() b=()
for _ in $(seq "$REPS"); do
    # shellcheck disable=SC2046
    a+=("$(cpu "$BEFORE" render "$SKETCH" $(args "$BEFORE") --frames 200 --dry-run -q)")
    # shellcheck disable=SC2046
    b+=("$(cpu "$AFTER" render "$SKETCH" $(args "$AFTER") --frames 200 --dry-run -q)")
done
ma=$(printf '%s\n' "${a[@]}" | median)
mb=$(printf '%s\n' "${b[@]}" | median)
printf 'flow-1500, 200 frames, CPU s (median of %s): before %s, after %s, %.2fx\n' \
    "$REPS" "$ma" "$mb" "$(echo "$ma / $mb" | bc -l)"
