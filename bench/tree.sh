#!/usr/bin/env bash
# The L-system tree drawn to generation 6 (issue 29, item 1), whalegen
# against p5.js 1.11.13 in headless Chromium, side by side: each repetition
# runs every whalegen binary given, then Chromium, and the medians are
# printed with the ratio of each binary's time to Chromium's.
#
#   bench/tree.sh BIN... [-- REPS]     # e.g. main's build and this tree's
#
# whalegen: `render --scene tree --set seamless=false --set generations=6
# --set hold=1 --frames 7`, the whole process, with --dry-run (the frames
# drawn, nothing written) and with -o WORK/t.gif (a GIF draws its preview's
# frames, 0 and 6 here, once more): wall seconds and CPU seconds (user +
# sys). Chromium: tools/p5ref's render.js --timing
# on the same frames: the wall seconds its page spends in redraw() and
# getImageData() (the canvas rasterizes what was drawn when it is read
# back), and its renderer processes' CPU seconds meanwhile; neither counts
# the browser's start or the page's load. On a shared machine the CPU
# seconds are the steadier figure. Needs Chromium and tools/p5ref's npm
# install (tools/p5ref/README.md).
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/.." && pwd)
WORK=${WORK:-$(mktemp -d)}
bins=()
REPS=5
while [ $# -gt 0 ]; do
    if [ "$1" = -- ]; then
        REPS=$2
        break
    fi
    bins+=("$1")
    shift
done
[ ${#bins[@]} -gt 0 ] || { echo "usage: bench/tree.sh BIN... [-- REPS]" >&2; exit 1; }
median() { sort -g | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }'; }
SET=(--set seamless=false --set generations=6 --set hold=1)
OUTS=(--dry-run "-o $WORK/t.gif")
for i in "${!bins[@]}"; do for o in 0 1; do : >"$WORK/wg$i-$o.txt"; done; done
: >"$WORK/p5.txt"
for _ in $(seq "$REPS"); do
    for i in "${!bins[@]}"; do
        for o in 0 1; do
            # shellcheck disable=SC2086
            /usr/bin/time -f '%e %U %S' -a -o "$WORK/wg$i-$o.txt" \
                "${bins[$i]}" render --scene tree "${SET[@]}" --frames 7 -q ${OUTS[$o]}
        done
    done
    (cd "$ROOT/tools/p5ref" && node render.js --scene tree "${SET[@]}" --frames 7 \
        --out "$WORK/p5" --timing) |
        python3 -c 'import json,sys; t = json.loads(sys.stdin.read()); print(t["drawn_s"], t["cpu_s"])' \
            >>"$WORK/p5.txt"
done
p5_wall=$(awk '{ print $1 }' "$WORK/p5.txt" | median)
p5_cpu=$(awk '{ print $2 }' "$WORK/p5.txt" | median)
printf 'tree, generations 0-6, medians of %s runs\n' "$REPS"
printf 'Chromium: wall %.3f s, CPU %.3f s\n' "$p5_wall" "$p5_cpu"
for i in "${!bins[@]}"; do
    for o in 0 1; do
        wall=$(awk '{ print $1 }' "$WORK/wg$i-$o.txt" | median)
        cpu=$(awk '{ print $2 + $3 }' "$WORK/wg$i-$o.txt" | median)
        printf '%s %s: wall %.3f s (%.2fx Chromium), CPU %.3f s (%.2fx)\n' "${bins[$i]}" \
            "${OUTS[$o]%% *}" "$wall" "$(echo "$wall / $p5_wall" | bc -l)" \
            "$cpu" "$(echo "$cpu / $p5_cpu" | bc -l)"
    done
done
