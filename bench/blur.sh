#!/usr/bin/env bash
# filter(BLUR) (issue 27, item 5): p5's default shader path against the
# CPU path (filter(BLUR, r, false)) and the drawing alone, for each canvas
# size and radius, under each whalegen binary given, interleaved run by run;
# medians of CPU seconds (user + sys) of `render bench/sketches/blur.js
# --frames FRAMES --dry-run` (FRAMES=10 unless set), and the shader's time
# over the CPU path's, each less the drawing alone.
#
#   bench/blur.sh BIN... [-- REPS]     # e.g. main's build and this tree's
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/.." && pwd)
WORK=${WORK:-$(mktemp -d)}
bins=()
REPS=5
FRAMES=${FRAMES:-10}
while [ $# -gt 0 ]; do
    if [ "$1" = -- ]; then
        REPS=$2
        break
    fi
    bins+=("$1")
    shift
done
[ ${#bins[@]} -gt 0 ] || { echo "usage: bench/blur.sh BIN... [-- REPS]" >&2; exit 1; }
median() { sort -g | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }'; }
cpu() { /usr/bin/time -f '%U %S' "$@" 2>&1 >/dev/null | tail -1 | awk '{ print $1 + $2 }'; }
CASES=("400 400 3" "400 400 12" "400 400 30" "1000 800 3" "1000 800 30")
for _ in $(seq "$REPS"); do
    for c in "${CASES[@]}"; do
        read -r w h r <<<"$c"
        for i in "${!bins[@]}"; do
            for path in shader cpu none; do
                cpu "${bins[$i]}" render "$ROOT/bench/sketches/blur.js" --frames "$FRAMES" --dry-run -q \
                    --set w="$w" --set h="$h" --set r="$r" --set path=$path \
                    >>"$WORK/$i-$w-$h-$r-$path.txt"
            done
        done
    done
done
printf '%-10s %4s %-28s %8s %8s %8s %7s\n' size r binary shader cpu none ratio
for c in "${CASES[@]}"; do
    read -r w h r <<<"$c"
    for i in "${!bins[@]}"; do
        m() { median <"$WORK/$i-$w-$h-$r-$1.txt"; }
        s=$(m shader) p=$(m cpu) n=$(m none)
        printf '%-10s %4s %-28s %8.2f %8.2f %8.2f %6.1fx\n' "${w}x$h" "$r" "${bins[$i]}" "$s" "$p" "$n" \
            "$(echo "($s - $n) / ($p - $n)" | bc -l)"
    done
done
