#!/usr/bin/env bash
# p5.js sketches to GIF: whalegen against p5.js 1.11.13's own saveGif() in
# headless Chromium, and against p5 in Chromium writing PNG frames + ffmpeg.
# Run by hand, not in CI (Chromium: tools/p5ref/README.md, Setup).
#
#   bench/sketch.sh                        # the whole table of BENCHMARKS.md
#   bench/sketch.sh SKETCH.js FRAMES [WHAT]  # one row; WHAT: any of wg,p5,ff
#
#   WG=path/to/whalegen   measure that binary (default: cargo build --release,
#                         in $CARGO_TARGET_DIR or target/)
#   RUNS=5                whalegen runs (hyperfine, after one warm-up)
#   P5_RUNS=3             saveGif runs and frames + ffmpeg runs (a fresh
#                         Chromium each)
#   WORK=dir              work files (default target/bench-sketch)
#
# Columns: medians of wall seconds; CPU seconds (whalegen: user + sys, mean
# of hyperfine's runs; saveGif: the renderer process's, its whole life, page
# load included, median), steadier than wall time on a shared box; peak RSS in MB (whalegen: /usr/bin/time
# %M, median of 3 runs; saveGif: VmHWM of Chromium's renderer process, where
# the sketch, the canvas and p5's encoder run, median of the runs); saveGif's
# "capture" is the part of its time spent drawing the frames and reading them
# back (the rest is p5's palette and GIF encoder, then the download); the
# ratios are the other's median over whalegen's. "-" is not measured.
# The last GIFs, and p5's own PNG frames (ffmpeg/frames), stay in WORK:
#   python3 bench/gifvsframes.py WORK/scene-whale-300/ffmpeg/frames \
#       WORK/scene-whale-300/{wg.gif,savegif/x.gif,ffmpeg/x.gif}
set -euo pipefail

ROOT=$(cd "$(dirname "$0")/.." && pwd)
WORK=${WORK:-$ROOT/target/bench-sketch}
RUNS=${RUNS:-5}
P5_RUNS=${P5_RUNS:-3}
mkdir -p "$WORK"
for tool in hyperfine /usr/bin/time; do
    command -v "$tool" >/dev/null || { echo "needs $tool (apt-get install hyperfine time)" >&2; exit 1; }
done
if [ -z "${WG:-}" ]; then
    (cd "$ROOT" && cargo build --release --quiet)
    WG=${CARGO_TARGET_DIR:-$ROOT/target}/release/whalegen
fi
source "$ROOT/bench/lib.sh" # median
P5REF=$ROOT/tools/p5ref

# json FILE KEY: the median of KEY over the JSON lines of FILE
json() { python3 -c 'import json,sys; [print(json.loads(l)[sys.argv[2]]) for l in open(sys.argv[1]) if l.strip()]' "$1" "$2" | median; }

# row SKETCH FRAMES WHAT
row() {
    local sketch=$1 frames=$2 what=${3:-wg,p5,ff}
    local name dir wg="-" wg_cpu="-" sg_cpu="-" wg_mb="-" sg="-" sg_mb="-" sg_cap="-" ff="-" sg_x="-" ff_x="-"
    name=$(basename "$sketch" .js)
    dir=$WORK/$name-$frames
    mkdir -p "$dir"
    if [[ $what == *wg* ]]; then
        hyperfine -N -w 1 -r "$RUNS" --export-json "$dir/wg.json" \
            "$WG render $sketch --frames $frames --fps 30 -q -o $dir/wg.gif" >"$dir/wg.txt" 2>&1
        wg=$(python3 -c 'import json,sys; print("%.3f" % json.load(open(sys.argv[1]))["results"][0]["median"])' "$dir/wg.json")
        wg_cpu=$(python3 -c 'import json,sys; r = json.load(open(sys.argv[1]))["results"][0]; print("%.2f" % (r["user"] + r["system"]))' "$dir/wg.json")
        : >"$dir/wg.mem"
        for _ in 1 2 3; do
            /usr/bin/time -f %M -a -o "$dir/wg.mem" "$WG" render "$sketch" --frames "$frames" --fps 30 -q -o "$dir/wg.gif"
        done
        wg_mb=$(awk '{ printf "%.0f\n", $1 / 1024 }' "$dir/wg.mem" | median)
    fi
    if [[ $what == *p5* ]]; then
        node "$P5REF/savegif.js" --sketch "$sketch" --frames "$frames" --fps 30 --reps "$P5_RUNS" \
            --out "$dir/savegif" >"$dir/savegif.jsonl"
        sg=$(printf '%.3f' "$(json "$dir/savegif.jsonl" total)")
        sg_cap=$(printf '%.3f' "$(json "$dir/savegif.jsonl" captured)")
        sg_cpu=$(printf '%.2f' "$(json "$dir/savegif.jsonl" renderer_cpu)")
        sg_mb=$(printf '%.0f' "$(json "$dir/savegif.jsonl" renderer_rss_mb)")
    fi
    if [[ $what == *ff* ]]; then
        node "$P5REF/savegif.js" --mode ffmpeg --sketch "$sketch" --frames "$frames" --fps 30 --reps "$P5_RUNS" \
            --out "$dir/ffmpeg" >"$dir/ffmpeg.jsonl"
        ff=$(printf '%.3f' "$(json "$dir/ffmpeg.jsonl" total)")
    fi
    if [[ $wg != - ]]; then
        [[ $sg != - ]] && sg_x=$(awk -v a="$sg" -v b="$wg" 'BEGIN { printf "%.1fx", a / b }')
        [[ $ff != - ]] && ff_x=$(awk -v a="$ff" -v b="$wg" 'BEGIN { printf "%.1fx", a / b }')
    fi
    printf '| %-12s | %6s | %7s | %6s | %5s | %8s | %8s | %6s | %5s | %7s | %12s | %6s |\n' "$name" "$frames" \
        "$wg" "$wg_cpu" "$wg_mb" "$sg" "$sg_cap" "$sg_cpu" "$sg_mb" "$sg_x" "$ff" "$ff_x"
}

echo "whalegen: $WG ($(git -C "$ROOT" rev-parse --short HEAD)); $(nproc) cores; load $(cut -d' ' -f1-3 /proc/loadavg); $(date -u '+%Y-%m-%d %H:%M UTC')"
echo
echo "| sketch | frames | whalegen s | CPU s | MB | saveGif s | (capture) | CPU s | MB | saveGif / whalegen | frames + ffmpeg s | / whalegen |"
echo "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|"
if [ $# -gt 0 ]; then
    row "$@"
else
    row "$ROOT/tests/sketches/scene-whale.js" 300
    row "$ROOT/tests/sketches/flow-field.js" 300
    row "$ROOT/tests/sketches/scene-whale.js" 1200 wg
    row "$ROOT/tests/sketches/flow-field.js" 1200 wg,p5
fi
echo
echo "work files (GIFs, hyperfine's JSON, the runs' JSON lines): $WORK"
