#!/usr/bin/env bash
# End-to-end render timings: the whale (300 frames) to GIF, to PNG frames and
# to nothing (--dry-run: simulation and drawing only), and single tree frames
# of generations 6, 7 and 8, on one thread and on all cores. Run by hand,
# not in CI.
#
#   bench/render.sh [WORK]     # WORK defaults to target/bench-render; REPS=3
#
# Prints one row per case: median wall time, CPU time (user + sys) and peak
# RSS of REPS runs.
set -euo pipefail

ROOT=$(cd "$(dirname "$0")/.." && pwd)
WORK=${1:-$ROOT/target/bench-render}
REPS=${REPS:-3}
mkdir -p "$WORK"
[ -x /usr/bin/time ] || { apt-get update && DEBIAN_FRONTEND=noninteractive apt-get install -y time; }
source "$ROOT/bench/lib.sh"

# measure THREADS NAME ARGS...: one row, REPS runs of `whalegen render ARGS`.
measure() {
    local threads=$1 name=$2
    shift 2
    local times=$WORK/times.txt
    BEFORE="rm -rf '$WORK/out' && mkdir -p '$WORK/out'" RAYON_NUM_THREADS=$threads \
        timed "$times" "$WG" render -q "$@"
    printf '| %-40s | %7s | %6.3f | %6.3f | %6.0f |\n' "$name" "$threads" \
        "$(awk '{ print $1 }' "$times" | median)" \
        "$(awk '{ print $2 + $3 }' "$times" | median)" \
        "$(awk '{ print $4 / 1024 }' "$times" | median)"
}

echo "| case | threads | wall s | CPU s | RSS MB |"
echo "|---|---:|---:|---:|---:|"
for threads in 1 2; do
    measure "$threads" "whale 300 frames -> GIF" --scene whale --frames 300 -o "$WORK/out/w.gif"
    measure "$threads" "whale 300 frames -> PNG frames" --scene whale --frames 300 -o "$WORK/out/"
    measure "$threads" "whale 300 frames -> nothing (--dry-run)" --scene whale --frames 300 --dry-run
    measure "$threads" "whale 3000 frames -> GIF" --scene whale --frames 3000 -o "$WORK/out/w.gif"
    measure "$threads" "tree 150 frames -> GIF" --scene tree -o "$WORK/out/t.gif"
    for g in 6 7 8; do
        measure "$threads" "tree generation $g, one frame -> PNG" --scene tree \
            --set generations=$g --set hold=1 --frame $g -o "$WORK/out/t.png"
    done
done
