#!/usr/bin/env bash
# End-to-end render timings: the whale (300 frames) to GIF, to PNG frames and
# to nothing (--dry-run: simulation and drawing only), and single tree frames
# of generations 6, 7 and 8, on one core (taskset -c 0: every thread of the
# process shares it) and on two. Run by hand, not in CI.
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

# measure CORES NAME ARGS...: one row, REPS runs of `whalegen render ARGS` on
# cores 0 to CORES - 1.
measure() {
    local cores=$1 name=$2
    shift 2
    local times=$WORK/times.txt
    BEFORE="rm -rf '$WORK/out' && mkdir -p '$WORK/out'" \
        timed "$times" taskset -c "0-$((cores - 1))" "$WG" render -q "$@"
    printf '| %-40s | %5s | %6.3f | %6.3f | %6.0f |\n' "$name" "$cores" \
        "$(awk '{ print $1 }' "$times" | median)" \
        "$(awk '{ print $2 + $3 }' "$times" | median)" \
        "$(awk '{ print $4 / 1024 }' "$times" | median)"
}

echo "| case | cores | wall s | CPU s | RSS MB |"
echo "|---|---:|---:|---:|---:|"
for cores in 1 2; do
    measure "$cores" "whale 300 frames -> GIF" --scene whale --frames 300 -o "$WORK/out/w.gif"
    measure "$cores" "whale 300 frames -> PNG frames" --scene whale --frames 300 -o "$WORK/out/"
    measure "$cores" "whale 300 frames -> nothing (--dry-run)" --scene whale --frames 300 --dry-run
    measure "$cores" "whale 3000 frames -> GIF" --scene whale --frames 3000 -o "$WORK/out/w.gif"
    measure "$cores" "tree 150 frames -> GIF" --scene tree -o "$WORK/out/t.gif"
    for g in 6 7 8; do
        measure "$cores" "tree generation $g, one frame -> PNG" --scene tree \
            --set generations=$g --set hold=1 --frame $g -o "$WORK/out/t.png"
    done
done
